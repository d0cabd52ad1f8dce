"""Read-only values written through an element: input patches and const arrays.

Sources: fxc's records in DXC's InputPatch-const.hlsl (``points[0].norm[0] = 1;`` on a geometry shader's
``InputPatch<GSOut, 2> points`` is X3025 "l-value specifies const object"); the const rule of the
"Variable Syntax" page (a const variable cannot be changed), which holds for an element as for the whole.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

V = "struct V { float4 p : SV_Position; float3 n[2] : NORMAL; };\n"
PC = "struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
HS_ATTRS = ('[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)] '
            '[patchconstantfunc("pc")]\n')


def _gs(stmt: str) -> str:
    return V + ("[maxvertexcount(1)] void main(InputPatch<V, 2> ip, inout PointStream<V> s) "
                f"{{ {stmt} s.Append(ip[0]); }}")


def _hs(stmt: str, pc_stmt: str = "") -> str:
    return V + PC + ("PC pc(InputPatch<V, 3> ip, OutputPatch<V, 3> op) { PC o; " + pc_stmt +
                     " o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }\n" + HS_ATTRS +
                     f"V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) {{ {stmt} return ip[i]; }}")


CASES = [
    (_gs("ip[0].n[0] = 1;"), "gs_5_0"),
    (_gs("ip[1].p = 0;"), "gs_5_0"),
    (_gs("ip[0].n[1].x += 2;"), "gs_5_0"),
    (_hs("ip[0].p = 0;"), "hs_5_0"),
    (_hs("", "ip[0].p = 0;"), "hs_5_0"),
    (_hs("", "op[1].n[0] = 0;"), "hs_5_0"),
    ("float4 main() : SV_Target { const float a[2] = { 1, 2 }; a[1] = 3; return a[0]; }", "ps_5_0"),
    ("struct S { float x[2]; };\nfloat4 main() : SV_Target { const S s = { 1, 2 }; s.x[1] = 3; return s.x[0]; }",
     "ps_5_0"),
]


@pytest.mark.parametrize("src,target", CASES)
def test_element_of_a_read_only_value_is_not_an_l_value(src, target):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    assert "error X3025: l-value specifies const object" in info.value.errors, info.value.errors


@pytest.mark.parametrize("src,target", [
    (_gs("V c = ip[0]; c.n[0] = 1;"), "gs_5_0"),  # a copy is writable
    (_hs("V c = ip[i]; c.p = 0;"), "hs_5_0"),
    ("float4 main() : SV_Target { float a[2] = { 1, 2 }; a[1] = 3; return a[1]; }", "ps_5_0"),
])
def test_copies_and_plain_arrays_stay_writable(src, target):
    D3DCompile(src, None, "t.hlsl", None, None, "main", target)
