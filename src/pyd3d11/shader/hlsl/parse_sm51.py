"""Parsing of the shader model 5.1 constructs (``*_5_1`` targets): ``ConstantBuffer<T>``, ``TextureBuffer<T>`` and
the order of a register space in ``register(...)``.

MicrosoftDocs direct3dhlsl "Resource binding in HLSL" and "Shader Model 5.1": a constant buffer may be declared
as ``ConstantBuffer<S> name [: register(b#[, spaceN])];`` (one buffer holding one S, read as ``name.member``),
arrays of them (``ConstantBuffer<S> name[N]``, ``name[]``) are ranges of constant buffers, and a register space
follows the register it qualifies (``register(t3, space1)``). ``TextureBuffer<S>`` is the same for a tbuffer
(bound at t#; d3dcompiler_47 10.1 compiles it at 5.1 only, reflects the buffer as ``$$name`` bound as ``name``
and reads it with ``ld``; MicrosoftDocs "Shader Model 5.1" names it). A mixin of :class:`.parser.Parser`.
"""

from __future__ import annotations

from ...errors import NotSupportedError
from . import ast as A
from .diagnostics import HlslError
from .lexer import Token
from .types import ArrayType, NumType, ObjectType, StructType, Type

#: the 5.1 buffer templates: the buffer kind each declares and the register class it binds in
D3D12_BUFFERS = {"ConstantBuffer": ("cbuffer", "b"), "TextureBuffer": ("tbuffer", "t")}


def _has_component(t: Type) -> bool:
    """Whether a type holds at least one number or object (an empty struct holds none)."""
    if isinstance(t, (NumType, ObjectType)):
        return True
    if isinstance(t, ArrayType):
        return t.count != 0 and _has_component(t.elem)
    return isinstance(t, StructType) and any(_has_component(f[1]) for f in t.fields)


class Sm51Parser:
    """The 5.1 half of the declaration parser (its methods read the token stream of :class:`.parser.Parser`)."""

    def _sm51(self) -> bool:
        return bool(self.target) and self.target.endswith("_5_1")

    def check_space_order(self, first, bracketed: bool, second=None) -> None:
        """``register(space0, ...)``: a space named first (the "Resource binding in HLSL" page writes it after the
        register). d3dcompiler_47 10.1 (session 44, helper MUT) reads the first of two names as a profile, so
        ``register(space0, t1)`` is the profile rule's X3089 "'space0': invalid shader target/usage" at every
        target (regsyntax.py); at 5.1 a space followed by another space, or a bracketed space
        (``register(space0[1], t1)``, ``register(space0[1])``), is X3591 "incorrect bind semantic" (below 5.1 the space's X3721 and the
        register name's X3530 "register space0 not valid" of those stand)."""
        if not (self._sm51() and first.text.lower().startswith("space") and first.text[5:].isdigit()):
            return
        if bracketed or second is not None and second.text.lower().startswith("space"):
            raise self.error("incorrect bind semantic", first, 3591)

    def unbounded_zero(self, t) -> bool:
        """A resource array's first dimension written ``0`` is unbounded at 5.1, as ``[]`` is ("Resource binding
        in HLSL": "declared by specifying the very first dimension to be empty or 0", ``tex3[0][5][3]``)."""
        return self._sm51() and isinstance(t, ObjectType)

    def one_block_for_range(self, t, count: int) -> bool:
        """At 5.1 one state block may stand for a whole one-dimensional array of objects (a range of registers
        there): vkd3d state-block-syntax records fxc accepting ``sampler sams[2] { { } };`` from 5.1 on (failing it
        at 4.0-5.0) and still failing ``sampler sams[2][2]`` with two blocks; a block per element stays valid."""
        return self._sm51() and count == 1 and isinstance(t, ArrayType) and isinstance(t.elem, ObjectType)

    def at_d3d12_buffer(self, k: int = 0) -> bool:
        """``ConstantBuffer<`` / ``TextureBuffer<`` at the k-th token ahead, at a 5.1 target (before it both are
        plain identifiers: fxc's X3000 "unrecognized identifier")."""
        return self.peek(k).text in D3D12_BUFFERS and self.peek(k + 1).text == "<" and self._sm51()

    def parse_constant_buffer_type(self) -> StructType:
        """``ConstantBuffer<S>`` / ``TextureBuffer<S>``: the struct S it holds (a parameter or local of this type
        reads as a constant S). Any other element is fxc's X3594 "D3D12 constant/texture buffer template element
        can only be a struct" (scalars, vectors, matrices, arrays, objects; 10.1, session 42)."""
        name_tok = self.next()
        self.expect("<")
        type_tok = self.tok
        if self.at("struct") and self.peek().kind == "id" and self.peek(2).text == "{":
            # an anonymous struct may be defined in the argument, a named one not (fxc 10.1: X3000 at its name)
            raise self.error(f"syntax error: unexpected token '{self.peek().text}'", self.peek(), 3000)
        t = self.parse_type()
        self.expect(">")
        leaf = t
        while isinstance(leaf, ArrayType):
            leaf = leaf.elem
        if isinstance(leaf, ObjectType):  # as for any templated object, before the struct rule
            raise self.error("object element type cannot be an object type", name_tok, 3124)
        if not isinstance(t, StructType) or getattr(t, "keyword", "struct") == "class" or \
                type_tok.text != "struct" and type_tok.text.split("::")[-1] != t.name.split("::")[-1]:
            # a class too, with or without methods (a struct with methods is a struct), and a struct named
            # through a typedef (``typedef S T;``, ``typedef struct {…} T;``): fxc 10.1, session 42
            raise self.error("D3D12 constant/texture buffer template element can only be a struct", name_tok, 3594)
        if not _has_component(t):  # an empty struct, as for any templated object
            raise self.error("object's templated type must have at least one element", name_tok, 3037)
        return t

    def parse_d3d12_buffers(self, mods: set, pos) -> list[A.Node]:
        """A global declaration of ``ConstantBuffer<S>`` / ``TextureBuffer<S>`` variables ("Resource binding in
        HLSL"): a buffer holding one S, read as ``name.member``; ``name[N]…`` / ``name[]`` an array of them
        (A.ConstantBufferArray). fxc 10.1 reads it with the grammar of any global (session 42, DXC packreg /
        const-default at ps_5_1): modifiers, several declarators, a semantic and annotations (ignored), an
        initialiser (the variable's default value), ``register(b#)`` (``t#``) for this profile (another
        profile's binds nothing), two registers of the set X3115, any other register X3591 (another profile's
        too), a packoffset X3091. Only the first declarator is a buffer: a later one is a plain S global of
        $Globals (with a register X3591). volatile / inline / row_major are the globals' X3008 / X3055 / X3077;
        ``static`` makes a plain static S (no buffer: an assignment compiles, the members read 0). As a return
        type (``ConstantBuffer<S> f(…)``: fxc's X3017 at the return, vkd3d cbuffer.shader_test records it
        failing) the ``(`` after the name is a syntax error."""
        kind, letter = D3D12_BUFFERS[self.tok.text]
        type_tok = self.tok
        if mods & {"snorm", "unorm"}:  # modifiers of float types only: fxc's grammar fails at the buffer's name
            raise self.error(f"syntax error: unexpected token '{type_tok.text}'", type_tok, 3000)
        t = self.parse_constant_buffer_type()
        mods |= self.post_type_mods()
        self.check_type_mods(mods, t, type_tok)
        if self.peek().text == "(":
            # a function returning ConstantBuffer<S> / TextureBuffer<S>: fxc 10.1 reads it as a function, and each
            # ``return value;`` is its X3017 "cannot implicitly convert from 'struct s' to 'ConstantBuffer<struct
            # s>'", as a type rule of the body (called or not); a prototype or a body without return compiles
            # (session 48; vkd3d cbuffer.shader_test records the return failing)
            self.check_mods("function", mods, self.tok.text, self.tok.pos)
            return [self.parse_function(ObjectType(type_tok.text, t), mods, {}, pos)]
        if mods & {"const", "precise"} or "groupshared" in mods and kind == "cbuffer":
            # fxc 10.1 makes these no buffer: a member read is X3018 "invalid subscript" (const, precise), a
            # groupshared ConstantBuffer<S> at a pixel shader compiles to nothing read
            raise NotSupportedError(f"shader model 5.1: a {'/'.join(sorted(mods & {'const', 'precise', 'groupshared'}))} "
                                    f"{type_tok.text}<S> is not built")
        if "groupshared" in mods:
            name_tok = self.tok
            raise self.error(f"'{name_tok.text}': groupshared variables cannot hold resources", name_tok, 3010)
        decls = self.parse_var_list(t, mods, pos)
        out: list[A.Node] = []
        for d in decls:
            if not isinstance(d, A.VarDecl):
                out.append(d)
                continue
            self.check_mods("global", mods, d.name, d.pos, d.init is not None, d.type)
            if "static" in mods or d is not decls[0] and not (d.registers or d.inactive_registers):
                # a static S, no buffer (fxc 10.1: ``static ConstantBuffer<S> cb; cb.b = 3;``); a later declarator
                # (``TextureBuffer<S> tb, tc;``) is a plain S global of $Globals (fxc 10.1's reflection)
                self.declare_global(d.name, "variable", Token("id", d.name, d.pos))
                out.append(d)
                continue
            r = d.register
            # every register() is checked, another profile's too, and only the first declarator may have one
            # (``ConstantBuffer<S> a, b : register(b1);`` is X3591 where ``a : register(b1), b`` compiles)
            if any(q[0] != letter or len(q) > 2 and not q[2] for q in (*d.registers, *d.inactive_registers)) or \
                    (d.registers or d.inactive_registers) and d is not decls[0]:
                raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3591, "incorrect bind semantic")
            reg = r[1] if r is not None else None
            space = d.space if r is not None else 0
            if isinstance(d.type, ArrayType):
                if kind == "tbuffer":
                    raise NotSupportedError("shader model 5.1: an array of TextureBuffer<S> is not built")
                out.append(A.ConstantBufferArray(d.pos, d.name, d.type, reg, space))
                continue
            # an initialiser is the variable's default value in the reflection (fxc 10.1), nothing more
            decl = A.CBufferDecl(d.pos, d.name, kind, reg, [A.VarDecl(d.pos, d.name, t, init=d.init)], space)
            decl.template = True  # type: ignore[attr-defined]  # ConstantBuffer<S>, not `cbuffer` (reflect.py)
            out.append(decl)
        return out
