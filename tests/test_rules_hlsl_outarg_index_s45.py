"""Issue 15 (session 45, the lead): a row of a matrix picked at run time, passed to an ``out`` parameter, is storage to
fxc's type rules -- its write is refused later, by code generation (X3500 "array reference cannot be used as an
l-value; not natively addressable", X3511 where a loop must unroll for it), not as an argument that names no storage
(X3025 / X3013; methodsig.unwritable_out_argument). Recorded from d3dcompiler_47 10.1 under Wine at cs_5_0; the loop
row is test_hlsl_dynamic_swizzle_destinations' ``out_argument_swizzle`` case.
"""

from __future__ import annotations

import re

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.errors import D3D11Error

pytestmark = pytest.mark.backend_independent

_INT = ("void setv(out int2 o, int v) { o = int2(v, v + 1); }\nRWStructuredBuffer<uint4> R; StructuredBuffer<int4> Q;\n"
        "[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID) { int4 q = Q[0]; uint4 r = 0;\n")
_FLOAT = ("RWStructuredBuffer<float4> R; StructuredBuffer<int4> Q;\n"
          "[numthreads(1, 1, 1)] void main(uint3 t : SV_DispatchThreadID) { int4 q = Q[0]; float4 r = 0;\n")

ROWS = [  # (head, body, fxc's first error or "ok")
    (_INT, "int3x3 m = 0; setv(m[q.x % 3].zx, 1); r = uint4(m[0].x, m[1].z, m[2].x, 0);", "X3500"),
    (_INT, "int3x3 m = 0; setv(m[1].zx, 1); r = uint4(m[0].x, m[1].z, m[2].x, 0);", "ok"),
    (_INT, "int3 a[3] = {0,0,0,0,0,0,0,0,0}; setv(a[q.x % 3].zx, 1); r = uint4(a[0].x, a[1].z, a[2].x, 0);", "ok"),
    (_INT, "int3x3 m = 0; for (int k = 0; k < q.w; k++) setv(m[(q.x + k) % 3].zx, k + 1); "
           "r = uint4(m[0].x, m[1].z, m[2].x, 0);", "X3511"),
    (_INT, "int3 v = 0; setv(v.zx, 1); r = v.xyzz;", "ok"),
    (_INT, "int3x3 m = 0; setv(m[q.x % 3].xy, 1); r = uint4(m[0].x, m[1].z, m[2].x, 0);", "X3500"),
    (_FLOAT, "float3x3 m = 0; sincos(1.0, m[q.x % 3].x, m[q.x % 3].y); r = m[0].xyzz;", "X3500"),
    (_FLOAT, "float3x3 m = 0; float2 w = modf(1.5, m[q.x % 3].xy); r = m[1].xyzz + w.x;", "X3500"),
]


@pytest.mark.parametrize(("head", "body", "want"), ROWS)
def test_out_argument_through_a_run_time_row(head: str, body: str, want: str):
    src = (head + body + " R[0] = r; }").encode()
    try:
        dc.D3DCompile(src, len(src), "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
        got = "ok"
    except D3D11Error as exc:
        got = (re.findall(r"error (X\d+)", str(exc)) or ["-"])[0]
    assert got == want
