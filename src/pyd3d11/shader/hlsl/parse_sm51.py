"""Parsing of the shader model 5.1 constructs (``*_5_1`` targets): ``ConstantBuffer<T>`` and the order of a
register space in ``register(...)``.

MicrosoftDocs direct3dhlsl "Resource binding in HLSL" and "Shader Model 5.1": a constant buffer may be declared
as ``ConstantBuffer<S> name [: register(b#[, spaceN])];`` (one buffer holding one S, read as ``name.member``),
arrays of them (``ConstantBuffer<S> name[N]``, ``name[]``) are ranges of constant buffers, and a register space
follows the register it qualifies (``register(t3, space1)``). A mixin of :class:`.parser.Parser`.
"""

from __future__ import annotations

from ...errors import NotSupportedError
from . import ast as A
from .types import ArrayType, StructType


class Sm51Parser:
    """The 5.1 half of the declaration parser (its methods read the token stream of :class:`.parser.Parser`)."""

    def _sm51(self) -> bool:
        return bool(self.target) and self.target.endswith("_5_1")

    def check_space_order(self, first) -> None:
        """``register(space0, t1)``: a space named first, with something after it (a comma), is no register ("Resource
        binding in HLSL" writes the space after the register; vkd3d register-reservations-space records fxc
        failing the reversed order)."""
        if first.text.lower().startswith("space") and first.text[5:].isdigit():
            raise self.error(f"register space '{first.text}' must follow the register", first, 3530)

    def unbounded_zero(self, t) -> bool:
        """A resource array's first dimension written ``0`` is unbounded at 5.1, as ``[]`` is ("Resource binding
        in HLSL": "declared by specifying the very first dimension to be empty or 0", ``tex3[0][5][3]``)."""
        from .types import ObjectType

        return self._sm51() and isinstance(t, ObjectType)

    def one_block_for_range(self, t, count: int) -> bool:
        """At 5.1 one state block may stand for a whole one-dimensional array of objects (a range of registers
        there): vkd3d state-block-syntax records fxc accepting ``sampler sams[2] { { } };`` from 5.1 on (failing it
        at 4.0-5.0) and still failing ``sampler sams[2][2]`` with two blocks; a block per element stays valid."""
        from .types import ObjectType

        return self._sm51() and count == 1 and isinstance(t, ArrayType) and isinstance(t.elem, ObjectType)

    def parse_constant_buffer_type(self) -> StructType:
        """``ConstantBuffer<S>``: the struct S it holds (a parameter or local of this type reads as a constant S)."""
        self.next()
        self.expect("<")
        type_tok = self.tok
        t = self.parse_type()
        self.expect(">")
        if not isinstance(t, StructType):
            raise NotSupportedError(f"shader model 5.1: ConstantBuffer<{type_tok.text}> of a non-struct type is "
                                    "not built")
        return t

    def parse_constant_buffer(self) -> A.Node:
        """``ConstantBuffer<S> name [: register(b#[, spaceN])];``: a constant buffer holding one S, read as
        ``name.member`` ("Resource binding in HLSL"): the buffer ``name`` with the single variable ``name``.
        ``name[N]…`` / ``name[]`` is an array of them (A.ConstantBufferArray). As a return type (``ConstantBuffer<S>
        f(…)``, which vkd3d cbuffer.shader_test records fxc failing) the ``(`` after the name is a syntax error."""
        pos = self.tok.pos
        t = self.parse_constant_buffer_type()
        name_tok = self.ident()
        at = self.parse_array_suffix(t, variable=True)
        reg, space = None, 0
        if self.accept(":"):
            reg_tok = self.tok
            self.expect("register")
            r = self.parse_register()
            if r[0] != "b" or not self.register_clean or self.register_profile is not None:
                raise self.error("incorrect bind semantic", reg_tok, 3591)
            reg, space = r[1], self.register_space
        self.expect(";")
        if isinstance(at, ArrayType):
            return A.ConstantBufferArray(pos, name_tok.text, at, reg, space)
        decl = A.CBufferDecl(pos, name_tok.text, "cbuffer", reg, [A.VarDecl(name_tok.pos, name_tok.text, t)], space)
        decl.template = True  # type: ignore[attr-defined]  # ConstantBuffer<S>, not `cbuffer` (reflect.py)
        return decl
