"""HLSL abstract syntax tree. Every node carries ``pos`` (a :class:`Pos`) for fxc-style diagnostics."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any

from .diagnostics import Pos
from .types import Type


@dataclass(eq=False)
class Node:
    pos: Pos


# --- expressions ----------------------------------------------------------------------------------
@dataclass(eq=False)
class Literal(Node):
    value: Any
    base: str  # lit_int, lit_float, bool, uint, int, float, double
    #: written in hex or octal: below shader model 4 fxc takes such a literal past INT_MAX for its unsigned value
    #: (C's rule for them; ``uint u = 0xfffffffe`` compiles there, ``uint u = 4294967294`` is X3548: uintrange)
    unsigned_spelling: bool = False


@dataclass(eq=False)
class Ident(Node):
    name: str


@dataclass(eq=False)
class Binary(Node):
    op: str
    a: Node
    b: Node


@dataclass(eq=False)
class Unary(Node):
    op: str  # '-', '+', '!', '~', '++', '--' (prefix)
    a: Node


@dataclass(eq=False)
class Postfix(Node):
    op: str  # '++', '--'
    a: Node


@dataclass(eq=False)
class Assign(Node):
    op: str  # '=', '+=', ...
    target: Node
    value: Node


@dataclass(eq=False)
class Ternary(Node):
    cond: Node
    a: Node
    b: Node


@dataclass(eq=False)
class Call(Node):
    name: str
    args: list[Node]


@dataclass(eq=False)
class MethodCall(Node):
    obj: Node
    name: str
    args: list[Node]


@dataclass(eq=False)
class Construct(Node):
    type: Type
    args: list[Node]


@dataclass(eq=False)
class Cast(Node):
    type: Type
    a: Node


@dataclass(eq=False)
class Index(Node):
    a: Node
    index: Node


@dataclass(eq=False)
class Member(Node):
    a: Node
    name: str


@dataclass(eq=False)
class InitList(Node):
    items: list[Node]


@dataclass(eq=False)
class Comma(Node):
    items: list[Node]


@dataclass(eq=False)
class AsmBlock(Node):
    """A D3D9 effect's ``asm { ... }`` shader (effects syntax; effects/fx2asm.py assembles it): its tokens, one
    list per source line."""
    lines: list


@dataclass(eq=False)
class Evaluated(Node):
    """A sub-expression already evaluated by the code generator (an l-value's index with side effects,
    evaluated once: ``a[k++] += 1``); ``value`` is the generator's value. Never produced by the parser."""
    value: Any


# --- declarations ---------------------------------------------------------------------------------
@dataclass(eq=False)
class VarDecl(Node):
    name: str
    type: Type
    mods: frozenset = frozenset()
    semantic: str | None = None
    register: tuple[str, int] | None = None  # ('t', 3)
    packoffset: tuple[int, int] | None = None  # (register, component)
    init: Node | None = None
    interp: frozenset = frozenset()
    #: every ``: register(...)`` of the declaration (a struct of objects may reserve one per register set)
    registers: tuple = ()
    #: ``register(profile, …)`` reservations for another profile: no binding, but their set is validated
    inactive_registers: tuple = ()
    #: the register space of ``register(x#, spaceN)`` (shader model 5.1; 0 when none is named)
    space: int = 0


@dataclass(eq=False)
class Param(Node):
    name: str
    type: Type
    mods: frozenset = frozenset()  # in/out/inout/uniform + interpolation modifiers
    semantic: str | None = None
    default: Node | None = None
    name_pos: Pos | None = None  # where the parameter's name stands (X3578 for an entry's out parameter)


@dataclass(eq=False)
class FuncDef(Node):
    name: str
    ret: Type
    params: list[Param]
    semantic: str | None
    body: Block | None
    attrs: dict[str, list[Any]] = field(default_factory=dict)
    mods: frozenset = frozenset()
    #: the uniform parameters an effect's ``compile``/``CompileShader`` bound to its arguments and removed from
    #: ``params`` (effects/fxcompile.py); the state-block check still counts the arguments against them
    bound_uniforms: list[Param] = field(default_factory=list)


@dataclass(eq=False)
class CBufferDecl(Node):
    name: str
    kind: str  # cbuffer / tbuffer
    register: int | None
    members: list[VarDecl]
    space: int = 0  # ``register(b#, spaceN)`` (shader model 5.1)


@dataclass(eq=False)
class ConstantBufferArray(Node):
    """``ConstantBuffer<S> name[N]…`` / ``name[]`` (shader model 5.1, "Resource binding in HLSL"): a range of
    constant buffers, each holding one S."""
    name: str
    type: Any  # ArrayType of the StructType S
    register: int | None
    space: int = 0


@dataclass(eq=False)
class TypeDecl(Node):
    """A class or interface declaration; its type (classes.py) carries the members and methods."""
    type: Any


@dataclass(eq=False)
class Program(Node):
    decls: list[Node]  # VarDecl | FuncDef | CBufferDecl | Pragma
    pack_row_major: bool = False
    #: right-hand sides of effect state-block entries (``Filter = LINEAR;``): type-checked only (check.py)
    state_values: list = field(default_factory=list)
    #: parse-time warnings (Pos, number, message), reported with the code generator's
    warnings: list = field(default_factory=list)
    #: (opening brace, closing brace) positions of each function definition's body
    func_bodies: list = field(default_factory=list)
    #: whether the word ``precise`` occurs among the tokens (refactor.uses_precise looks for a declaration only then)
    mentions_precise: bool = True
    #: a refusal the parse found that fxc reports after the file's type rules (an undefined static member's X3103):
    #: the code generator's deferred gate (Codegen.deferred_gate_error)
    late_error: Any = None
    #: ``S::m`` operands of an instance member, (line, column, name) -> fxc's (number, message) for the read
    #: (parse_exprs.instance_member_ref; Codegen.lookup raises it where it would report an undeclared name)
    member_refs: dict = field(default_factory=dict)
    #: the classes and structs with methods declared inside function bodies (parse_stmts), each TypeDecl with
    #: ``enclosing``, the FuncDefs it stands in, innermost first: uncalled.py type-checks their methods nothing calls
    local_types: list = field(default_factory=list)


# --- statements -----------------------------------------------------------------------------------
@dataclass(eq=False)
class Block(Node):
    stmts: list[Node]


@dataclass(eq=False)
class DeclStmt(Node):
    decls: list[VarDecl]


@dataclass(eq=False)
class ExprStmt(Node):
    expr: Node | None


@dataclass(eq=False)
class If(Node):
    cond: Node
    then: Node
    other: Node | None
    attrs: dict = field(default_factory=dict)


@dataclass(eq=False)
class For(Node):
    init: Node | None
    cond: Node | None
    step: Node | None
    body: Node
    attrs: dict = field(default_factory=dict)


@dataclass(eq=False)
class While(Node):
    cond: Node
    body: Node
    attrs: dict = field(default_factory=dict)


@dataclass(eq=False)
class DoWhile(Node):
    body: Node
    cond: Node
    attrs: dict = field(default_factory=dict)


@dataclass(eq=False)
class Switch(Node):
    expr: Node
    cases: list[tuple[list[Node | None], list[Node]]]  # labels (None = default), statements
    attrs: dict = field(default_factory=dict)
    label_pos: list = field(default_factory=list)  # where each case group's first ``case``/``default`` is


@dataclass(eq=False)
class Break(Node):
    pass


@dataclass(eq=False)
class Continue(Node):
    pass


@dataclass(eq=False)
class Return(Node):
    value: Node | None


@dataclass(eq=False)
class Discard(Node):
    pass


def children(n: object) -> Iterator[Node]:
    """The AST nodes directly inside node ``n`` (its dataclass fields, lists and tuples included)."""
    if not is_dataclass(n):
        return
    for f in fields(n):
        v = getattr(n, f.name, None)
        if isinstance(v, Node):
            yield v
        elif isinstance(v, (list, tuple)):
            for x in v:
                if isinstance(x, Node):
                    yield x


def walk(node: object) -> Iterator[Node]:
    """All AST nodes at or below ``node``, through dataclass fields, lists, tuples and dicts (attribute arguments
    are kept in dicts, so ``children`` alone would miss them)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            for v in vars(n).values():
                if isinstance(v, (Node, list, tuple, dict)):
                    stack.append(v)
        elif isinstance(n, (list, tuple)):
            stack.extend(n)
        elif isinstance(n, dict):
            stack.extend(n.values())
