"""Constant expressions where HLSL requires a compile-time value: a `static const` read by a later array
dimension. Observed through reflection (the cbuffer array's Elements) and through DefaultValue. Expected values
follow the language's definitions, computed here: component access (`.xyzw`/`.rgba`, matrix `._mRC` zero-based
and `._RC` one-based, `[]` on arrays, vectors and matrix rows), per-component arithmetic with a one-component
operand broadcast on either side, C's integer division and remainder (truncation toward zero, the remainder
taking the dividend's sign), and conversion by truncation toward zero (MicrosoftDocs HLSL "Per-Component Math",
"Operators", "Type conversions")."""

from __future__ import annotations

import struct

import pytest

import pyd3d11.d3dcompiler as dc

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _elements(decl: str, expr: str) -> int:
    src = f"""{decl}
cbuffer K {{ float a[{expr}]; }};
float4 main() : SV_Target {{ return a[0]; }}"""
    blob = dc.D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0)
    return dc.D3DReflect(blob).GetVariableByName("a").GetType().GetDesc().Elements


M = "static const int2x2 m = {1, 2, 3, 4};"  # rows (1, 2) and (3, 4)
V = "static const int4 v = int4(5, 6, 7, 8);"
CASES = [
    ("", "7 / 1", 7),
    ("static const int d = 7 / 1;", "d", 7),
    ("static const int c = -7 / 2;", "c + 5", -3 + 5),  # truncation toward zero, not floor (-4)
    ("static const int c = -7 % 3;", "c + 3", -1 + 3),  # the remainder keeps the dividend's sign
    ("static const int c = 7 % -3;", "c", 1),
    (M, "m._m10", 3), (M, "m._m01", 2), (M, "m._22", 4), (M, "m._12", 2), (M, "m[1].y", 4), (M, "m[0].y", 2),
    (V, "v.w", 8), (V, "v.a", 8), (V, "v.r", 5), (V, "v[3]", 8), (V, "v.y + v.z", 13),
    ("static const int b[3] = {4, 5, 6};", "b[2]", 6),
    ("static const int2 w = 3 * int2(2, 3);", "w.y", 9),
    ("static const int2 w = int2(2, 3) * 3;", "w.y", 9),  # the broadcast on the right-hand side
    ("static const int2 w = int2(2, 3) - 1;", "w.y", 2),
    ("static const int2 w = int2(2, 3) + int2(10, 20);", "w.y", 23),
    ("static const int c = (int)2.9;", "c", 2),
    ("static const int c = (int)-2.9;", "c + 5", -2 + 5),
    ("static const int2 c = (int2)7;", "c.y", 7),
]


@pytest.mark.parametrize("decl,expr,n", CASES, ids=[f"{d} [{e}]" for d, e, _ in CASES])
def test_array_dimension_from_static_const(decl: str, expr: str, n: int) -> None:
    assert _elements(decl, expr) == n


def test_default_value_broadcasts_a_scalar_operand_on_the_right() -> None:
    src = """cbuffer K { float2 d = float2(2, 3) * 3; };
float4 main() : SV_Target { return d.y; }"""
    blob = dc.D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0)
    desc = dc.D3DReflect(blob).GetVariableByName("d").GetDesc()
    assert bytes(desc.DefaultValue) == struct.pack("<2f", 6, 9)
