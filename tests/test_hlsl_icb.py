"""Arrays indexed at run time: constant arrays read from the immediate constant buffer, nested
arrays with one register per innermost element (relative addressing at every level), and arrays of
multi-register elements. Expectations computed with numpy."""

from __future__ import annotations

import numpy as np
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

C = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
P = np.float32([[0.5, -1], [2, 3], [-4, 8]])
SRC = """
static const float C[3][4] = { {1,2,3,4}, {5,6,7,8}, {9,10,11,12} };
static const float2 P[3] = { float2(0.5, -1), float2(2, 3), float2(-4, 8) };
struct S { float4 a; float2 b; };
float4 main(int4 k : K) : SV_Target {
    float a[2][3] = {1, 2, 3, 4, 5, 6};
    a[k.w][k.z] = 7;
    S s[2];
    s[0].a = 1; s[0].b = 2; s[1].a = 3; s[1].b = 4;
    s[k.w].b.y = 9;
    return float4(C[k.x][k.y], C[2][k.y] + a[1][k.z], P[k.z].y + s[k.w].b.y, P[k.x].x + C[1][2] + s[1 - k.w].a.x);
}"""


def _run(k: np.ndarray) -> tuple[np.ndarray, str]:
    blob = bytes(D3DCompile(SRC, None, "t.hlsl", None, None, "main", "ps_4_0"))
    out = run_program(blob_program(blob), len(k), inputs={0: k.view(np.uint32)}, bindings=Bindings())
    return out.outputs[0].view(np.float32), disassemble(blob)


def test_run_time_indexing_of_constant_local_and_struct_arrays():
    k = np.array([[0, 0, 0, 0], [1, 3, 2, 1], [2, 1, 1, 0], [2, 3, 0, 1]], np.int32)
    got, listing = _run(k)
    expect = []
    for x, y, z, w in k:
        a = np.float32([[1, 2, 3], [4, 5, 6]])
        a[w][z] = 7
        sb = [[2, 2], [4, 4]]
        sa = [1, 3]
        sb[w][1] = 9
        expect.append([C[x][y], C[2][y] + a[1][z], P[z][1] + sb[w][1], P[x][0] + C[1][2] + sa[1 - w]])
    np.testing.assert_array_equal(got, np.float32(expect))
    # the constant arrays live in the immediate constant buffer, one register per element, and C[2]
    # reuses C's rows
    assert "dcl_immediateConstantBuffer" in listing
    icb_rows = listing.split("dcl_immediateConstantBuffer")[1].split("}\n")[0].count("{") - 1
    assert icb_rows == 12 + 3
    assert "ieq" not in listing and "movc" not in listing  # no select chains
