"""Numeric literals: integer suffixes and the type of arithmetic between untyped literals.

Sources:
- Integer suffixes follow C89's grammar (integer-suffix: an unsigned suffix with an optional long suffix, or a
  long suffix with an optional unsigned one; HLSL has no ``long long``): fxc's records in DXC's literals.hlsl
  (``2LL`` and ``2ULL`` are "X3000: syntax error: unexpected token 'L'": the lexer takes ``2L``/``2UL`` and
  the second L is a separate token); ``l`` leaves the type an untyped literal int (``overload1(2L)`` is
  ambiguous there, X3067), ``u`` makes it ``uint``.
- An operation between two untyped literals stays an untyped literal (DXC const-expr.hlsl, fxc X3067
  "'overload1': ambiguous function call" for ``overload1(1.5 * 2)`` among float/double/int/uint overloads,
  exactly as for ``overload1(1.5)``).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

OVERLOADS = """
uint overload1(float f) { return 1; }
uint overload1(double f) { return 2; }
uint overload1(int i) { return 3; }
uint overload1(uint i) { return 4; }
"""


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))


def _value(expr: str) -> int:
    blob = _compile(OVERLOADS + f"uint4 main() : SV_Target {{ return {expr}; }}")
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return int(run_program(decode_program(chunk.data), 1, bindings=Bindings()).outputs[0].view(np.uint32)[0][0])


def _error(expr: str) -> str:
    with pytest.raises(ShaderCompileError) as info:
        _compile(OVERLOADS + f"uint4 main() : SV_Target {{ return {expr}; }}")
    return info.value.errors


#: (literal, value as uint, picks the uint overload: it is typed uint)
ACCEPTED = [
    ("7", 7, False), ("7u", 7, True), ("7U", 7, True), ("7l", 7, False), ("7L", 7, False),
    ("7ul", 7, True), ("7UL", 7, True), ("7uL", 7, True), ("7lu", 7, True), ("7LU", 7, True),
    ("0x1Fu", 31, True), ("0x1FL", 31, False), ("0x1FUL", 31, True), ("010", 8, True), ("010u", 8, True),
    # a hexadecimal or octal literal without ``l`` is a uint, an octal zero a literal int (d3dcompiler_47 10.1,
    # session 45 MRUN: ``overload1(010)`` / ``overload1(0x1F)`` / ``overload1(07)`` store 4, ``overload1(00)`` X3067;
    # ``010`` was recorded here as an untyped literal, an inference)
    ("0x1F", 31, True), ("07", 7, True), ("00", 0, False),
]


@pytest.mark.parametrize("lit,value,is_uint", ACCEPTED)
def test_integer_suffixes_accepted(lit, value, is_uint):
    assert _value(lit) == value
    if is_uint:
        assert _value(f"overload1({lit})") == 4
    else:
        assert "error X3067: 'overload1': ambiguous function call" in _error(f"overload1({lit})")


@pytest.mark.parametrize("lit,extra", [("2LL", "L"), ("2ULL", "L"), ("2ull", "l"), ("2ll", "l"), ("2uu", "u"),
                                       ("2UU", "U"), ("2lul", "l"), ("0x2LL", "L"), ("2LUL", "L")])
def test_a_second_suffix_letter_is_a_separate_token(lit, extra):
    err = _error(f"overload1({lit})")
    assert "error X3000: syntax error" in err and f"'{extra}'" in err, err


@pytest.mark.parametrize("expr", ["1.5", "1.5 * 2", "1.5 * 10", "2 * 1.5", "1 + 0.5", "-(1.5 * 2)", "2 / 4.0",
                                  "123", "2 * 3"])
def test_literal_arithmetic_stays_untyped(expr):
    assert "error X3067: 'overload1': ambiguous function call" in _error(f"overload1({expr})")


@pytest.mark.parametrize("expr,picked", [("1.5 * 2u", 1), ("1.5f * 2", 1), ("1.5 * 2 * 2u", 1), ("2u * 3", 4),
                                         ("1.5L * 2", 2), ("(int)1.5 * 2", 3)])
def test_a_typed_operand_types_the_result(expr, picked):
    assert _value(f"overload1({expr})") == picked


def test_literal_product_keeps_its_value():
    assert _value("(uint)(1.5 * 2 + 0.25 * 4)") == 4


@pytest.mark.parametrize("lit,ok", [
    ("3000000000", True), ("4294967295", True), ("0xFFFFFFFF", True), ("037777777777", True), ("4294967295u", True),
    ("4294967296", False), ("10000000000", False), ("0x100000000", False), ("040000000000", False),
    ("10000000000u", True),
])
def test_integer_literal_beyond_32_bits(lit, ok):
    """fxc's record in DXC scalar-assignments.hlsl: ``{ int left = 10000000000; }`` is X3000 "syntax error:
    unexpected token ';'" (the literal does not fit 32 bits: fxc's lexer drops it, lexer._dropped_literal, and the
    statement reads ``int left = ;``), while 3000000000 is accepted; with a suffix it is a literal of its low 32
    bits (d3dcompiler_47 10.1, session 45 EFX: ``uint left = 10000000000u;`` compiles)."""
    src = f"float4 main() : SV_Target {{ uint left = {lit}; return left; }}"
    if ok:
        _compile(src)
    else:
        with pytest.raises(ShaderCompileError) as info:
            _compile(src)
        assert "error X3000: syntax error: unexpected token ';'" in info.value.errors, info.value.errors


@pytest.mark.parametrize("decl,tok_col", [("snorm snorm float ssf;", 35), ("unorm unorm float ssf;", 35),
                                          ("snorm unorm float ssf;", 35)])
def test_repeated_norm_modifier_is_a_syntax_error(decl, tok_col):
    """snorm/unorm belong to the type: a second one is X3000 at it (fxc's record in DXC scalar-assignments.hlsl
    for ``snorm snorm float ssf;``; ``snorm unorm`` likewise)."""
    with pytest.raises(ShaderCompileError) as info:
        _compile(f"float4 main() : SV_Target {{ {decl} return 0; }}")
    second = decl.split()[1]
    assert f"t.hlsl(1,{tok_col}): error X3000: syntax error: unexpected token '{second}'" in info.value.errors, \
        info.value.errors


@pytest.mark.parametrize("decl,ok", [
    ("snorm double d = 0.5;", True), ("unorm double d = 0.5;", True), ("snorm float d = 0.5;", True),
    ("unorm min16float d = 0.5;", True), ("snorm half d = 0.5;", True),
    ("snorm int d = 1;", False), ("unorm uint d = 1;", False), ("snorm bool d = true;", False),
])
def test_norm_modifiers_take_the_float_family(decl, ok):
    """snorm/unorm modify float types, double included (fxc-pass for ``snorm double`` in DXC
    scalar-assignments.hlsl; X3085 "snorm can not be used with type" for integer types, DXC typemods-syntax)."""
    src = f"float4 main() : SV_Target {{ {decl} return (float)d; }}"
    if ok:
        _compile(src)
    else:
        with pytest.raises(ShaderCompileError) as info:
            _compile(src)
        assert "error X3085" in info.value.errors, info.value.errors
