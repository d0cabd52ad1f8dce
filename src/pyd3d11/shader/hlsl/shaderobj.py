"""A ``compile`` / ``CompileShader`` expression used as a number (effects syntax in a shader target's file).

``compile ps_4_0 f()`` is a shader object (a PixelShader for a ps profile, a VertexShader for vs, ...). Where a
state-block value, a uniform's brace list or a shader variable's initialiser holds one, d3dcompiler_47 10.1 types
it as that object, so an operator, a cast, a constructor, a swizzle or an index applied to it is a type error
(session 39, helper MUT; the MicrosoftDocs direct3d11 "Effect Format" / "Shader Type" pages only give the
``compile`` / ``CompileShader`` syntax):

- a cast to a numeric type: X3017 "cannot convert from 'const PixelShader' to 'float'";
- a constructor argument: X3017 "cannot convert from 'object type' to 'numeric type'";
- ``-`` ``+`` ``!`` and the arithmetic, comparison and logical operators: X3022 "scalar, vector, or matrix
  expected"; ``~`` and the bit operators (``& | ^ << >>``): X3082 "int or unsigned int type required";
- ``==`` / ``!=`` and a conditional (``?:``) with it as condition or operand: X3020 "type mismatch";
- a swizzle or member: X3018 "invalid subscript"; an index: X3121;
- a numeric variable initialised with one (a uniform or static global): X3017 "cannot implicitly convert";
- inside a function body (called or not, in a branch folded away too): X3064 "object literals are not allowed
  inside functions", where fxc types the expression (an undeclared name to its left is reported first).

The innermost misuse is fxc's first error, as it types operands before their operator.
"""

from __future__ import annotations

from collections.abc import Callable

from . import ast as A
from .diagnostics import HlslError
from .types import NumType

#: the object a profile's prefix compiles to (fxc's type names in its messages)
_OBJECT_NAMES = {"vs": "VertexShader", "ps": "PixelShader", "gs": "GeometryShader", "hs": "HullShader",
                 "ds": "DomainShader", "cs": "ComputeShader"}
_SCALAR_OPS = frozenset({"+", "-", "*", "/", "%", "<", ">", "<=", ">=", "&&", "||", "!"})
_INT_OPS = frozenset({"&", "|", "^", "<<", ">>", "~"})
_MISMATCH_OPS = frozenset({"==", "!="})


def object_name(e: A.Node) -> str | None:
    """The shader object type a ``compile`` expression makes (None: ``e`` is none)."""
    return _object_name(e)


def _object_name(e: A.Node) -> str | None:
    if isinstance(e, A.Call) and e.name == "CompileShader" and e.args and isinstance(e.args[0], A.Ident):
        return _OBJECT_NAMES.get(e.args[0].name.split("_")[0].lower(), "PixelShader")
    return None


def asm_object_name(block: A.AsmBlock) -> str:
    """The shader object type a D3D9 ``asm { }`` block makes, once assembled (its assembler errors, X2000 / X2001 /
    X2005, are fxc's at every target: d3dcompiler_47 10.1, session 43; effects/fx2asm.py)."""
    from ...effects.fx2asm import assemble, shader_kind

    return "PixelShader" if shader_kind(assemble(block.lines, block.pos.file)) == "ps" else "VertexShader"


def assemble_braced(init: A.Node | None) -> None:
    """Assemble the asm blocks of a brace list (their errors are fxc's: 10.1, ``PixelShader p[2] = { asm { }, NULL
    };`` is X2001 at ps_5_0 and fx_5_0 alike; session 43); a block alone is check.check_compile_shader's."""
    if isinstance(init, A.InitList):
        for item in init.items:
            if isinstance(item, A.AsmBlock):
                asm_object_name(item)
            else:
                assemble_braced(item)


def _err(e: A.Node, code: int, msg: str) -> HlslError:
    pos = e.pos
    return HlslError(pos.file, pos.line, pos.col, code, msg, end=getattr(pos, "end", 0))


def misuse(e: A.Node, named: Callable[[A.Node], str | None] | None = None) -> HlslError | None:
    """The first type error of a shader object used as a number inside ``e`` (see the module), or None.
    ``named``: the shader object type a name stands for (a global shader variable, NULL), where the caller knows the
    declarations: ``SetVertexShader(-vs1)``, ``VertexShader v = vs1 + 1;``, ``-NULL`` are X3022, ``~vs1`` X3082,
    ``(float)vs1`` X3017 as for a compile (d3dcompiler_47 10.1, session 44: while fxc parses, at fx_2_0, fx_4_0,
    fx_5_0 and ps_5_0 alike, in a Direct3D 10 technique fx_2_0 leaves out too)."""
    def obj(x: A.Node) -> str | None:
        return _object_name(x) or (named(x) if named is not None else None)

    for child in _children(e):
        found = misuse(child, named)
        if found is not None:
            return found
    if isinstance(e, A.Cast) and isinstance(e.type, NumType):
        name = obj(e.a)
        if name is not None:
            return _err(e, 3017, f"cannot convert from 'const {name}' to '{e.type}'")
    if isinstance(e, A.Construct) and any(_object_name(a) for a in e.args):
        return _err(e, 3017, "cannot convert from 'object type' to 'numeric type'")
    if isinstance(e, (A.Unary, A.Binary)):
        operands = [e.a] if isinstance(e, A.Unary) else [e.a, e.b]
        # (a named object's ``==`` / ``!=`` not probed: the compile's rule alone)
        if any(_object_name(x) for x in operands) or any(obj(x) for x in operands) and e.op not in _MISMATCH_OPS:
            if e.op in _INT_OPS:
                return _err(e, 3082, "int or unsigned int type required")
            if e.op in _MISMATCH_OPS:
                return _err(e, 3020, "type mismatch")
            if e.op in _SCALAR_OPS:
                return _err(e, 3022, "scalar, vector, or matrix expected")
    # a named object's element or member is a shader array's element or an error of its own (not this rule's)
    if isinstance(e, A.Ternary) and any(_object_name(x) for x in (e.cond, e.a, e.b)):
        return _err(e, 3020, "type mismatch")
    if isinstance(e, A.Member) and _object_name(e.a):
        return _err(e, 3018, f"invalid subscript '{e.name}'")
    if isinstance(e, A.Index) and _object_name(e.a):
        return _err(e, 3121, "array, matrix, vector, or indexable object type expected in index expression")
    return None


#: the shader object kinds (named_in: an operator on such a variable is fxc's type error)
_SHADER_KINDS = frozenset({"vertexshader", "pixelshader", "geometryshader", "hullshader", "domainshader",
                           "computeshader"})


def named_in(decls: list[A.Node]) -> Callable[[A.Node], str | None]:
    """misuse's ``named`` for a program's global declarations: the shader object type a name stands for -- a global
    shader variable's (an array's element type), NULL's -- or None."""
    from .types import ArrayType, ObjectType

    def named(n: A.Node) -> str | None:
        if not isinstance(n, A.Ident):
            return None
        found = next((d for d in reversed(decls) if isinstance(d, A.VarDecl) and d.name == n.name), None)
        if found is None:
            return "NULL" if n.name.upper() == "NULL" else None
        leaf = found.type
        while isinstance(leaf, ArrayType):
            leaf = leaf.elem
        return leaf.kind if isinstance(leaf, ObjectType) and leaf.kind.lower() in _SHADER_KINDS else None

    return named


def declared_variables(decls: list[A.Node]) -> list[A.VarDecl]:
    """The global variables of ``decls`` in source order, a constant buffer's members included: an effect's
    shader variable declared in a ``cbuffer`` / ``tbuffer`` is a name of the file, whose initialiser fxc judges as
    a global's (d3dcompiler_47 10.1, session 48 EFX: ``PixelShader ps2 = ps1;`` of a cbuffer member ``ps1`` is X3011,
    a tbuffer member ``ps2 = ps1`` X3011 before the effect's "Only numeric variables ... cbuffer")."""
    return [x for d in decls for x in (d.members if isinstance(d, A.CBufferDecl) else [d]) if isinstance(x, A.VarDecl)]


def initializer_error(init: A.Node, t: object) -> HlslError | None:
    """The error of a numeric global's initialiser holding a shader object (see the module), or None; a
    ``compile`` among a brace list's items is fxc's to take (``float4 f = {1, 2, compile ps_2_0 f(), 4};``)."""
    found = misuse(init)
    if found is None and object_name(init) is not None:
        found = _err(init, 3017, f"cannot implicitly convert from 'const {object_name(init)}' to '{t}'")
    return found


def _children(e: A.Node) -> list[A.Node]:
    """The operand expressions of ``e`` in source order (a compile's own call is not searched: its arguments are
    the function's uniform values)."""
    if object_name(e) is not None:
        return []
    return expr_children(e)


def expr_children(e: A.Node) -> list[A.Node]:
    """The operand expressions of an expression node in source order ([] for a leaf or a statement)."""
    if isinstance(e, (A.Cast, A.Unary, A.Member)):
        return [e.a]
    if isinstance(e, A.Binary):
        return [e.a, e.b]
    if isinstance(e, A.Ternary):
        return [e.cond, e.a, e.b]
    if isinstance(e, A.Index):
        return [e.a, e.index]
    if isinstance(e, (A.Construct, A.Call)):
        return list(e.args)
    if isinstance(e, (A.InitList, A.Comma)):
        return list(e.items)
    return []


def operands(e: A.Node) -> list[A.Node]:
    """The arguments of a compile's own call (``CompileShader(ps_4_0, f(1, g))``: ``1``, ``g``): the only part of
    the expression fxc reads as operands -- the profile is a token and the call binds the function's uniform
    parameters (salvage.py, parser.parse_compile_args)."""
    if object_name(e) is not None and len(e.args) > 1 and isinstance(e.args[1], A.Call):  # type: ignore[attr-defined]
        return list(e.args[1].args)  # type: ignore[attr-defined]
    return []


def undeclared_operand(e: A.Node, known, funcs=()) -> HlslError | None:
    """X3004 "undeclared identifier" for the first name among a compile's operands (``operands``) that
    ``known(name)`` refuses: d3dcompiler_47 10.1 looks them up as it parses a shader variable's initialiser
    (``PixelShader p = CompileShader(ps_2_0, main(foobar));``, global or local, ``compile ps_2_0 main(1 + foobar)``,
    in a brace list; session 41) -- before the count of uniform arguments, before X3064 in a function. A pass's
    state value does not look them up (``PixelShader = CompileShader(ps_2_0, main(foobar));`` compiles: a state
    constant). A function's name read as a value (``main(main)``; ``funcs``: the functions) is X3005 there."""
    from .codegen import walk

    names = [n for a in operands(e) for n in walk(a) if isinstance(n, A.Call) and not known(n.name) or
             isinstance(n, A.Ident) and (not known(n.name) or n.name in funcs)]
    if not names:
        return None
    first = min(names, key=lambda n: (n.pos.line, n.pos.col))
    if isinstance(first, A.Ident) and first.name in funcs:
        return _err(first, 3005, f"'{first.name}': identifier represents a function, not a variable")
    return _err(first, 3004, f"undeclared identifier '{first.name}'")
