"""ID3D11ShaderReflectionType::GetDesc Name for cbuffer variables: the spelled typedef name (fxc keeps it:
DXC issue 3969, ``typedef float scalar;`` reflects as "scalar" with d3dcompiler and "float" with DXIL),
"<unnamed>" for an anonymous struct, "<anonymous>" for the template spellings ``vector<float, 3>`` and
``matrix<float, 2, 2>`` (d3dcompiler_47 10.1 under Wine, session 35: tests/test_rules_hlsl_fxc_layout_names.py),
the built-in spelling otherwise (float4, float4x4; ``half`` keeps its
spelling although its type is float: fxc 10.1's Unity objects in DXDecompiler's corpus, tests/test_dxd_corpus.py).

A ``half`` cbuffer member is fxc's X3650 at shader model 4+ unless D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
(0x1000) is given, so the fixture compiles with that flag; with it d3dcompiler_47 10.1 under Wine (session 36)
reflects every row of EXPECTED exactly as listed ("h" as "half", class scalar, type float)."""

from __future__ import annotations

import pytest

from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

SRC = """typedef float scalar; typedef float4 color; typedef row_major float4x4 mat; typedef color color2;
typedef int2 ivec[2];
cbuffer cb : register(b0) {
    scalar A; color C; mat M; struct { float x; } anon; float4 plain; float4x4 P; color2 C2; scalar arr[3];
    vector<float, 3> v3; matrix<float, 2, 2> m22; ivec iv; half h; struct Named { float y; } named;
}
float4 main() : SV_Target {
    return A + C + M[0] + anon.x + plain + P[0] + C2 + arr[1] + v3.x + m22[0].x + iv[1].x + h + named.y;
}"""

EXPECTED = [("A", "scalar"), ("C", "color"), ("M", "mat"), ("anon", "<unnamed>"), ("plain", "float4"),
            ("P", "float4x4"), ("C2", "color2"), ("arr", "scalar"), ("v3", "<anonymous>"), ("m22", "<anonymous>"),
            ("iv", "int2"), ("h", "half"), ("named", "Named")]


@pytest.fixture(scope="module")
def cbuffer():
    return D3DReflect(D3DCompile(SRC, None, "t.hlsl", None, None, "main", "ps_5_0",
                                 D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)).GetConstantBufferByName("cb")


@pytest.mark.parametrize("var,name", EXPECTED)
def test_reflected_type_name(cbuffer, var, name):
    assert cbuffer.GetVariableByName(var).GetType().GetDesc().Name == name


def test_typedef_keeps_the_type_layout(cbuffer):
    a, c = (cbuffer.GetVariableByName(n).GetType().GetDesc() for n in ("A", "C"))
    assert (a.Class, a.Rows, a.Columns) == (0, 1, 1) and (c.Class, c.Rows, c.Columns) == (1, 1, 4)
    arr = cbuffer.GetVariableByName("arr").GetType().GetDesc()
    assert arr.Elements == 3
