"""Constant expressions in array dimensions that no other table pinned (found as survivors of constexpr.py's mutation
run, scripts/mutate.py): every comparison operator, float division by zero, indexing and swizzling ``const``
values at their edges, and the operators fxc does not fold there even when wrapped in a unary operator.

Sources: DXC SemaHLSL const-expr.hlsl (fxc's verdicts: ``+ - * / % << >> & | ^`` and the unary operators fold in an
array dimension; a conditional is X3058 "array dimensions must be literal scalar expressions" whatever its
condition); C's semantics of the comparison operators (1 or 0) and of the conversion of a float to an int
(truncation); IEEE 754 (which D3D's float rules follow, D3D11.3 functional spec §3.1): a positive finite float
divided by zero is +inf, a negative one -inf, zero by zero NaN, and every comparison with NaN is false;
MicrosoftDocs direct3dhlsl "Per-Component Math Operations" (components beyond the vector's size are invalid
subscripts, X3018)."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

CONSTS = """static const float zero = 0;
static const int arr[3] = { 4, 5, 6 };
static const float2 v2 = { 7, 8 };
static const int2x3 m23 = { 1, 2, 3, 4, 5, 6 };
"""


def _elements(dim: str) -> int:
    src = CONSTS + f"cbuffer C {{ float4 a[{dim}]; }};\nfloat4 main() : SV_Target {{ return a[0]; }}"
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return D3DReflect(blob).GetConstantBufferByName("C").GetVariableByName("a").GetType().GetDesc().Elements


def _cmp(op: str, a: int, b: int) -> int:
    return int({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a == b, "!=": a != b}[op])


#: (dimension, elements): each comparison on an equal, a smaller and a larger pair (1 + its 0/1 value)
COMPARISONS = [(f"({a} {op} {b}) + 1", _cmp(op, a, b) + 1)
               for op in ("<", "<=", ">", ">=", "==", "!=") for a, b in ((2, 2), (1, 2), (3, 2))]

FLOAT_DIVISION = [
    ("(int)(0.5 / zero > 1e30) + 1", 2),      # +inf
    ("(int)(2.0 / zero > 1e30) + 1", 2),
    ("(int)(-0.5 / zero < -1e30) + 1", 2),    # -inf
    ("(int)(0.5 / zero < -1e30) + 1", 1),
    ("(int)(zero / zero == zero / zero) + 1", 1),   # NaN is not equal to itself
    ("(int)(zero / zero < 1e30) + 1", 1),           # nor ordered below anything
]

CONST_READS = [
    ("arr[0]", 4), ("arr[2]", 6),
    ("(int)v2.x", 7), ("(int)v2.y", 8), ("(int)v2.yx.y", 7),
    ("m23[0].x", 1), ("m23[1].z", 6), ("m23._m12", 6), ("m23._21", 4),
]


@pytest.mark.parametrize("dim,n", COMPARISONS + FLOAT_DIVISION + CONST_READS)
def test_constant_array_dimension(dim, n):
    assert _elements(dim) == n


@pytest.mark.parametrize("dim", ["-(true ? 2 : 3)", "~(1 > 0 ? -4 : -3)", "-(-(2 < 3 ? 2 : 3))", "+(i ? 1 : 2)"])
def test_conditional_under_a_unary_operator_is_x3058(dim):
    with pytest.raises(ShaderCompileError) as ei:
        _elements(dim.replace("i ?", "arr[0] ?"))
    assert "X3058" in ei.value.errors


@pytest.mark.parametrize("init", ["v2.z", "v2.xyz.x", "v2.w"])
def test_const_swizzle_past_the_vector_is_x3018(init):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(CONSTS + f"static const float bad = {init};\nfloat4 main() : SV_Target {{ return bad; }}",
                   None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X3018" in ei.value.errors
