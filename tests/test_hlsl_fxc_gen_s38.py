"""Programs of tools/hlsl_gen judged by the real fxc (issue 15, session 38, helper GEN): the rules that the
generated programs' differences reduced to, each with a table whose expected column is d3dcompiler_47 10.1's --
verdicts recorded from the DLL under Wine, values from the DLL's own objects run on the reference executor
(tools/wine_d3dcompiler, session 38). The tables run everywhere; the live re-checks skip without the DLL.

1. A run-time index into a float vector or a float matrix (dynpick.py). fxc does not select: ``v[i]`` is
   ``dpN r, v, icb[i]`` with the identity's rows in the immediate constant buffer, ``m[i]`` of a matrix in temps
   the identity-weighted sum of the rows (``mul`` then ``mad``; at /Od ``mul`` / ``add`` after an ``add`` of 0), a
   column_major constant-buffer matrix's row a ``dp4`` per column register, a row_major one's the row register at
   a relative address. So another lane holding an infinity or a NaN makes the picked value NaN, a denormal is
   flushed and a -0 becomes +0 where another lane's product is +0 (at /Od always, for matrix rows). Integer and
   bool vectors use an exact ``and`` / ``or`` mask. MicrosoftDocs (dx-graphics-hlsl-per-component-math,
   "Matrix indexing") say only that the index picks a component or row; the listings are the DLL's.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.tools import wine_d3dcompiler

_LIVE = wine_d3dcompiler.unavailable_reason()
_OD = 1 << 2  # D3DCOMPILE_SKIP_OPTIMIZATION

# --- 1. run-time indices into float vectors and matrices ------------------------------------------------------
_CB = "cbuffer C {{ float4 cf[2]; float4x4 cm; row_major float4x4 crm; }};\n"
_SRC = _CB + "uint4 main(float4 a : A, float4 b : B, nointerpolation int4 i : I) : SV_Target {{ {body} }}"

inf, nan = np.inf, np.nan
#: per lane (4 lanes): a, b with infinities, NaN, -0 and denormals; i = (lane, 3 - lane, lane + 1 & 3, lane & 1)
_A = np.array([[inf, -0.0, 2.5, 1e-40], [-0.0, 1.5, -2.0, 1e-40], [1e-40, -0.0, 7.0, -0.0], [-3.0, nan, -0.0, 0.5]],
              np.float32)
_B = np.array([[-0.0, 3.0, nan, -1.5], [2.0, -0.0, -1e-40, 4.0], [-0.0, -0.0, -5.0, 6.0], [inf, -inf, 1.0, -0.0]],
              np.float32)
#: the constant buffer: cf[0..1], then cm's and crm's four registers each
_CB_WORDS = np.array([inf, -0.0, 2.5, 1e-40, -0.0, 1.5, nan, -4.0,
                      1.0, -0.0, 3.0, -inf, 1e-40, 2.0, -0.0, 5.0, -6.0, 0.25, -0.0, 8.0, 9.0, -0.0, 1e-40, -1.0,
                      1.0, -0.0, 3.0, -inf, 1e-40, 2.0, -0.0, 5.0, -6.0, 0.25, -0.0, 8.0, 9.0, -0.0, 1e-40, -1.0],
                     np.float32).view(np.uint32)

#: (name, body): each reads a run-time index; the integer, bool and row_major cbuffer rows are exact selections
INDEX_ROWS = [
    ('float4 input',
     'return asuint(float4(a[i.x & 3], b[i.x & 3], a[i.y & 3], b[i.z & 3]));'),
    ('float4 local',
     'float4 v = a * 2; float4 w = b - a; return asuint(float4(v[i.x & 3], w[i.y & 3], v[i.z & 3], 0));'),
    ('float3 local',
     'float3 v = a.wxy * 2; return asuint(float4(v[i.x % 3], v[i.y % 3], v[i.z % 3], 1));'),
    ('float2 local',
     'float2 v = a.xy * b.yw; return asuint(float4(v[i.x & 1], v[i.y & 1], v[i.z & 1], 1));'),
    ('array element',
     'float4 arr[2] = { a, b * 2 }; return asuint(float4(arr[i.y & 1][i.x & 3], arr[i.x & 1][i.z & 3], 0, 1));'),
    ('in a loop',
     'float4 v = a * 2; float r = 0; for (int k = 0; k < i.w + 1; k++) r += v[(i.x + k) & 3]; return asuint(float4(r, 0, 0, 0));'),
    ('float2x2 row',
     'float2x2 m = float2x2(a.xy, b.zw); return asuint(float4(m[i.x & 1], m[i.y & 1]));'),
    ('float4x4 row',
     'float4x4 m = float4x4(a, b, a * 2, b.wzyx); return asuint(m[i.x & 3]);'),
    ('row_major float4x4 row',
     'row_major float4x4 m = float4x4(a, b, a * 2, b.wzyx); return asuint(m[i.y & 3]);'),
    ('column_major float3x3 row',
     'column_major float3x3 m = float3x3(a.xyz, b.xyz, a.wzy); return asuint(float4(m[i.x % 3], 0));'),
    ('float3x2 row',
     'float3x2 m = float3x2(a.xy, b.zw, a.wz); return asuint(float4(m[i.z % 3], m[i.x % 3]));'),
    ('float2x3 row',
     'float2x3 m = float2x3(a.xyz, b.yzw); return asuint(float4(m[i.y & 1], 1));'),
    ('float4x4 element',
     'float4x4 m = float4x4(a, b, a * 2, b.wzyx); return asuint(float4(m[i.x & 3][i.y & 3], m[i.z & 3][i.x & 3], 0, 0));'),
    ('float2x2 element',
     'float2x2 m = float2x2(a.xy, b.zw); return asuint(float4(m[i.x & 1][i.y & 1], m[i.y & 1][i.x & 1], 0, 0));'),
    ('int4 local (a mask: exact)',
     'int4 k = asint(a) ^ asint(b); return uint4(k[i.x & 3], k[i.y & 3], 0, 0);'),
    ('uint4 input (exact)',
     'uint4 u = asuint(a); return uint4(u[i.x & 3], u[i.z & 3], 0, 0);'),
    ('bool4 (exact)',
     'bool4 c = a < b; return uint4(c[i.x & 3], c[i.y & 3], 0, 0);'),
    ('int2x2 row (exact)',
     'int2x2 m = int2x2(asint(a.xy), asint(b.zw)); return asuint(int4(m[i.x & 1], m[i.y & 1]));'),
    ('cbuffer vector',
     'return asuint(float4(cf[0][i.x & 3], cf[1][i.y & 3], 0, 0));'),
    ('cbuffer column_major row',
     'return asuint(cm[i.x & 3]);'),
    ('cbuffer row_major row (relative address: exact)',
     'return asuint(crm[i.y & 3]);'),
    ('cbuffer column_major element',
     'return asuint(float4(cm[i.x & 3][i.y & 3], cm[i.z & 3][i.w & 3], 0, 0));'),
    ('cbuffer row_major element',
     'return asuint(float4(crm[i.x & 3][i.y & 3], crm[i.z & 3][i.w & 3], 0, 0));'),
]

#: (name, profile, flags, the 16 output words of fxc's object over the 4 lanes) -- d3dcompiler_47 10.1's objects run
#: on the reference executor (session 38)
INDEX_EXPECT = [
    ('float4 input', 'ps_5_0', 0,
     '7f800000 7fc00000 ffc00000 7fc00000 3fc00000 00000000 c0000000 00000000'
     ' 40e00000 c0a00000 00000000 40c00000 7fc00000 ffc00000 7fc00000 ffc00000'),
    ('float4 local', 'ps_5_0', 0,
     '7f800000 ffc00000 ffc00000 00000000 40400000 40000000 c0800000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 ffc00000 7fc00000 00000000'),
    ('float3 local', 'ps_5_0', 0,
     'ffc00000 ffc00000 7f800000 3f800000 00000000 40400000 40400000 3f800000'
     ' 00000000 00000000 00000000 3f800000 7fc00000 7fc00000 7fc00000 3f800000'),
    ('float2 local', 'ps_5_0', 0,
     '7f800000 ffc00000 ffc00000 3f800000 40c00000 00000000 00000000 3f800000'
     ' 80000000 80000000 80000000 3f800000 ffc00000 7fc00000 7fc00000 3f800000'),
    ('array element', 'ps_5_0', 0,
     '7fc00000 ffc00000 00000000 3f800000 3fc00000 00000000 00000000 3f800000'
     ' c1200000 00000000 00000000 3f800000 7fc00000 ffc00000 00000000 3f800000'),
    ('in a loop', 'ps_5_0', 0,
     '7f800000 00000000 00000000 00000000 bf800000 00000000 00000000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 00000000 00000000 00000000'),
    ('float2x2 row', 'ps_5_0', 0,
     '7fc00000 80000000 7fc00000 bfc00000 80000000 40800000 80000000 3fc00000'
     ' 00000000 00000000 c0a00000 40c00000 3f800000 7fc00000 c0400000 7fc00000'),
    ('float4x4 row', 'ps_5_0', 0,
     'ffc00000 7fc00000 7fc00000 00000000 40000000 00000000 80000000 40800000'
     ' 00000000 80000000 41600000 00000000 ffc00000 7fc00000 ff800000 7f800000'),
    ('row_major float4x4 row', 'ps_5_0', 0,
     'ffc00000 7fc00000 7fc00000 00000000 00000000 40400000 c0800000 00000000'
     ' 00000000 80000000 c0a00000 40c00000 ffc00000 7fc00000 ffc00000 ffc00000'),
    ('column_major float3x3 row', 'ps_5_0', 0,
     '7f800000 00000000 7fc00000 00000000 40000000 00000000 00000000 00000000'
     ' 00000000 40e00000 00000000 00000000 ffc00000 ffc00000 7fc00000 00000000'),
    ('float3x2 row', 'ps_5_0', 0,
     '7fc00000 bfc00000 7fc00000 00000000 00000000 c0000000 00000000 40800000'
     ' 00000000 00000000 00000000 40e00000 c0400000 7fc00000 c0400000 7fc00000'),
    ('float2x3 row', 'ps_5_0', 0,
     'ffc00000 7fc00000 bfc00000 3f800000 80000000 3fc00000 c0000000 3f800000'
     ' 00000000 c0a00000 40c00000 3f800000 ffc00000 7fc00000 80000000 3f800000'),
    ('float4x4 element', 'ps_5_0', 0,
     'ffc00000 ffc00000 00000000 00000000 00000000 40400000 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'),
    ('float2x2 element', 'ps_5_0', 0,
     '7fc00000 7fc00000 00000000 00000000 00000000 3fc00000 00000000 00000000'
     ' 00000000 c0a00000 00000000 00000000 7fc00000 7fc00000 00000000 00000000'),
    ('int4 local (a mask: exact)', 'ps_5_0', 0,
     'ff800000 bfc116c2 00000000 00000000 bfc00000 400116c2 00000000 00000000'
     ' 80400000 00000000 00000000 00000000 bf000000 bfc00000 00000000 00000000'),
    ('uint4 input (exact)', 'ps_5_0', 0,
     '7f800000 80000000 00000000 00000000 3fc00000 c0000000 00000000 00000000'
     ' 40e00000 80000000 00000000 00000000 3f000000 c0400000 00000000 00000000'),
    ('bool4 (exact)', 'ps_5_0', 0,
     '00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'),
    ('int2x2 row (exact)', 'ps_5_0', 0,
     '7f800000 80000000 7fc00000 bfc00000 800116c2 40800000 80000000 3fc00000'
     ' 000116c2 80000000 c0a00000 40c00000 3f800000 80000000 c0400000 7fc00000'),
    ('cbuffer vector', 'ps_5_0', 0,
     '7f800000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'
     ' ffc00000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'),
    ('cbuffer column_major row', 'ps_5_0', 0,
     'ffc00000 00000000 c0c00000 41100000 ffc00000 40000000 3e800000 00000000'
     ' ffc00000 00000000 00000000 00000000 ff800000 40a00000 41000000 bf800000'),
    ('cbuffer row_major row (relative address: exact)', 'ps_5_0', 0,
     '41100000 80000000 000116c2 bf800000 c0c00000 3e800000 80000000 41000000'
     ' 000116c2 40000000 80000000 40a00000 3f800000 80000000 40400000 ff800000'),
    ('cbuffer column_major element', 'ps_5_0', 0,
     'ffc00000 ffc00000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'
     ' ffc00000 ff800000 00000000 00000000 ff800000 ffc00000 00000000 00000000'),
    ('cbuffer row_major element', 'ps_5_0', 0,
     'ff800000 00000000 00000000 00000000 00000000 3e800000 00000000 00000000'
     ' 3e800000 41100000 00000000 00000000 41100000 ffc00000 00000000 00000000'),
    ('float4 input', 'ps_5_0', 4,
     '7f800000 7fc00000 ffc00000 7fc00000 3fc00000 00000000 c0000000 00000000'
     ' 40e00000 c0a00000 00000000 40c00000 7fc00000 ffc00000 7fc00000 ffc00000'),
    ('float4 local', 'ps_5_0', 4,
     '7f800000 ffc00000 ffc00000 00000000 40400000 40000000 c0800000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 ffc00000 7fc00000 00000000'),
    ('float3 local', 'ps_5_0', 4,
     'ffc00000 ffc00000 7f800000 3f800000 00000000 40400000 40400000 3f800000'
     ' 00000000 00000000 00000000 3f800000 7fc00000 7fc00000 7fc00000 3f800000'),
    ('float2 local', 'ps_5_0', 4,
     '7f800000 ffc00000 ffc00000 3f800000 40c00000 00000000 00000000 3f800000'
     ' 80000000 80000000 80000000 3f800000 ffc00000 7fc00000 7fc00000 3f800000'),
    ('array element', 'ps_5_0', 4,
     '7fc00000 ffc00000 00000000 3f800000 3fc00000 00000000 00000000 3f800000'
     ' c1200000 00000000 00000000 3f800000 7fc00000 ffc00000 00000000 3f800000'),
    ('in a loop', 'ps_5_0', 4,
     '7f800000 00000000 00000000 00000000 bf800000 00000000 00000000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 00000000 00000000 00000000'),
    ('float2x2 row', 'ps_5_0', 4,
     '7fc00000 00000000 ffc00000 bfc00000 00000000 40800000 00000000 3fc00000'
     ' 00000000 00000000 c0a00000 40c00000 3f800000 7fc00000 c0400000 7fc00000'),
    ('float4x4 row', 'ps_5_0', 4,
     'ffc00000 7fc00000 7fc00000 00000000 40000000 00000000 00000000 40800000'
     ' 00000000 00000000 41600000 00000000 ffc00000 7fc00000 ff800000 7f800000'),
    ('row_major float4x4 row', 'ps_5_0', 4,
     'ffc00000 7fc00000 7fc00000 00000000 00000000 40400000 c0800000 00000000'
     ' 00000000 00000000 c0a00000 40c00000 ffc00000 7fc00000 ffc00000 ffc00000'),
    ('column_major float3x3 row', 'ps_5_0', 4,
     '7f800000 00000000 7fc00000 00000000 40000000 00000000 00000000 00000000'
     ' 00000000 40e00000 00000000 00000000 ffc00000 7fc00000 7fc00000 00000000'),
    ('float3x2 row', 'ps_5_0', 4,
     'ffc00000 bfc00000 7fc00000 00000000 00000000 c0000000 00000000 40800000'
     ' 00000000 00000000 00000000 40e00000 c0400000 7fc00000 c0400000 7fc00000'),
    ('float2x3 row', 'ps_5_0', 4,
     'ffc00000 7fc00000 bfc00000 3f800000 00000000 3fc00000 c0000000 3f800000'
     ' 00000000 c0a00000 40c00000 3f800000 ffc00000 7fc00000 00000000 3f800000'),
    ('float4x4 element', 'ps_5_0', 4,
     'ffc00000 ffc00000 00000000 00000000 00000000 40400000 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'),
    ('float2x2 element', 'ps_5_0', 4,
     '7fc00000 ffc00000 00000000 00000000 00000000 3fc00000 00000000 00000000'
     ' 00000000 c0a00000 00000000 00000000 7fc00000 7fc00000 00000000 00000000'),
    ('int4 local (a mask: exact)', 'ps_5_0', 4,
     'ff800000 bfc116c2 00000000 00000000 bfc00000 400116c2 00000000 00000000'
     ' 80400000 00000000 00000000 00000000 bf000000 bfc00000 00000000 00000000'),
    ('uint4 input (exact)', 'ps_5_0', 4,
     '7f800000 80000000 00000000 00000000 3fc00000 c0000000 00000000 00000000'
     ' 40e00000 80000000 00000000 00000000 3f000000 c0400000 00000000 00000000'),
    ('bool4 (exact)', 'ps_5_0', 4,
     '00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'),
    ('int2x2 row (exact)', 'ps_5_0', 4,
     '7f800000 80000000 7fc00000 bfc00000 800116c2 40800000 80000000 3fc00000'
     ' 000116c2 80000000 c0a00000 40c00000 3f800000 80000000 c0400000 7fc00000'),
    ('cbuffer vector', 'ps_5_0', 4,
     '7f800000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'
     ' ffc00000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'),
    ('cbuffer column_major row', 'ps_5_0', 4,
     'ffc00000 00000000 c0c00000 41100000 ffc00000 40000000 3e800000 00000000'
     ' ffc00000 00000000 00000000 00000000 ff800000 40a00000 41000000 bf800000'),
    ('cbuffer row_major row (relative address: exact)', 'ps_5_0', 4,
     '41100000 80000000 000116c2 bf800000 c0c00000 3e800000 80000000 41000000'
     ' 000116c2 40000000 80000000 40a00000 3f800000 80000000 40400000 ff800000'),
    ('cbuffer column_major element', 'ps_5_0', 4,
     'ffc00000 ffc00000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'
     ' ffc00000 ff800000 00000000 00000000 ff800000 ffc00000 00000000 00000000'),
    ('cbuffer row_major element', 'ps_5_0', 4,
     'ff800000 00000000 00000000 00000000 00000000 3e800000 00000000 00000000'
     ' 3e800000 41100000 00000000 00000000 41100000 ffc00000 00000000 00000000'),
    ('float4 input', 'ps_4_0', 0,
     '7f800000 7fc00000 ffc00000 7fc00000 3fc00000 00000000 c0000000 00000000'
     ' 40e00000 c0a00000 00000000 40c00000 7fc00000 ffc00000 7fc00000 ffc00000'),
    ('float4 local', 'ps_4_0', 0,
     '7f800000 ffc00000 ffc00000 00000000 40400000 40000000 c0800000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 ffc00000 7fc00000 00000000'),
    ('float3 local', 'ps_4_0', 0,
     'ffc00000 ffc00000 7f800000 3f800000 00000000 40400000 40400000 3f800000'
     ' 00000000 00000000 00000000 3f800000 7fc00000 7fc00000 7fc00000 3f800000'),
    ('float2 local', 'ps_4_0', 0,
     '7f800000 ffc00000 ffc00000 3f800000 40c00000 00000000 00000000 3f800000'
     ' 80000000 80000000 80000000 3f800000 ffc00000 7fc00000 7fc00000 3f800000'),
    ('array element', 'ps_4_0', 0,
     '7fc00000 ffc00000 00000000 3f800000 3fc00000 00000000 00000000 3f800000'
     ' c1200000 00000000 00000000 3f800000 7fc00000 ffc00000 00000000 3f800000'),
    ('in a loop', 'ps_4_0', 0,
     '7f800000 00000000 00000000 00000000 bf800000 00000000 00000000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 00000000 00000000 00000000'),
    ('float2x2 row', 'ps_4_0', 0,
     '7fc00000 80000000 7fc00000 bfc00000 80000000 40800000 80000000 3fc00000'
     ' 00000000 00000000 c0a00000 40c00000 3f800000 7fc00000 c0400000 7fc00000'),
    ('float4x4 row', 'ps_4_0', 0,
     'ffc00000 7fc00000 7fc00000 00000000 40000000 00000000 80000000 40800000'
     ' 00000000 80000000 41600000 00000000 ffc00000 7fc00000 ff800000 7f800000'),
    ('row_major float4x4 row', 'ps_4_0', 0,
     'ffc00000 7fc00000 7fc00000 00000000 00000000 40400000 c0800000 00000000'
     ' 00000000 80000000 c0a00000 40c00000 ffc00000 7fc00000 ffc00000 ffc00000'),
    ('column_major float3x3 row', 'ps_4_0', 0,
     '7f800000 00000000 7fc00000 00000000 40000000 00000000 00000000 00000000'
     ' 00000000 40e00000 00000000 00000000 ffc00000 ffc00000 7fc00000 00000000'),
    ('float3x2 row', 'ps_4_0', 0,
     '7fc00000 bfc00000 7fc00000 00000000 00000000 c0000000 00000000 40800000'
     ' 00000000 00000000 00000000 40e00000 c0400000 7fc00000 c0400000 7fc00000'),
    ('float2x3 row', 'ps_4_0', 0,
     'ffc00000 7fc00000 bfc00000 3f800000 80000000 3fc00000 c0000000 3f800000'
     ' 00000000 c0a00000 40c00000 3f800000 ffc00000 7fc00000 80000000 3f800000'),
    ('float4x4 element', 'ps_4_0', 0,
     'ffc00000 ffc00000 00000000 00000000 00000000 40400000 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'),
    ('float2x2 element', 'ps_4_0', 0,
     '7fc00000 7fc00000 00000000 00000000 00000000 3fc00000 00000000 00000000'
     ' 00000000 c0a00000 00000000 00000000 7fc00000 7fc00000 00000000 00000000'),
    ('int4 local (a mask: exact)', 'ps_4_0', 0,
     'ff800000 bfc116c2 00000000 00000000 bfc00000 400116c2 00000000 00000000'
     ' 80400000 00000000 00000000 00000000 bf000000 bfc00000 00000000 00000000'),
    ('uint4 input (exact)', 'ps_4_0', 0,
     '7f800000 80000000 00000000 00000000 3fc00000 c0000000 00000000 00000000'
     ' 40e00000 80000000 00000000 00000000 3f000000 c0400000 00000000 00000000'),
    ('bool4 (exact)', 'ps_4_0', 0,
     '00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'),
    ('int2x2 row (exact)', 'ps_4_0', 0,
     '7f800000 80000000 7fc00000 bfc00000 800116c2 40800000 80000000 3fc00000'
     ' 000116c2 80000000 c0a00000 40c00000 3f800000 80000000 c0400000 7fc00000'),
    ('cbuffer vector', 'ps_4_0', 0,
     '7f800000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'
     ' ffc00000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'),
    ('cbuffer column_major row', 'ps_4_0', 0,
     'ffc00000 00000000 c0c00000 41100000 ffc00000 40000000 3e800000 00000000'
     ' ffc00000 00000000 00000000 00000000 ff800000 40a00000 41000000 bf800000'),
    ('cbuffer row_major row (relative address: exact)', 'ps_4_0', 0,
     '41100000 80000000 000116c2 bf800000 c0c00000 3e800000 80000000 41000000'
     ' 000116c2 40000000 80000000 40a00000 3f800000 80000000 40400000 ff800000'),
    ('cbuffer column_major element', 'ps_4_0', 0,
     'ffc00000 ffc00000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'
     ' ffc00000 ff800000 00000000 00000000 ff800000 ffc00000 00000000 00000000'),
    ('cbuffer row_major element', 'ps_4_0', 0,
     'ff800000 00000000 00000000 00000000 00000000 3e800000 00000000 00000000'
     ' 3e800000 41100000 00000000 00000000 41100000 ffc00000 00000000 00000000'),
    ('float4 input', 'ps_4_0', 4,
     '7f800000 7fc00000 ffc00000 7fc00000 3fc00000 00000000 c0000000 00000000'
     ' 40e00000 c0a00000 00000000 40c00000 7fc00000 ffc00000 7fc00000 ffc00000'),
    ('float4 local', 'ps_4_0', 4,
     '7f800000 ffc00000 ffc00000 00000000 40400000 40000000 c0800000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 ffc00000 7fc00000 00000000'),
    ('float3 local', 'ps_4_0', 4,
     'ffc00000 ffc00000 7f800000 3f800000 00000000 40400000 40400000 3f800000'
     ' 00000000 00000000 00000000 3f800000 7fc00000 7fc00000 7fc00000 3f800000'),
    ('float2 local', 'ps_4_0', 4,
     '7f800000 ffc00000 ffc00000 3f800000 40c00000 00000000 00000000 3f800000'
     ' 80000000 80000000 80000000 3f800000 ffc00000 7fc00000 7fc00000 3f800000'),
    ('array element', 'ps_4_0', 4,
     '7fc00000 ffc00000 00000000 3f800000 3fc00000 00000000 00000000 3f800000'
     ' c1200000 00000000 00000000 3f800000 7fc00000 ffc00000 00000000 3f800000'),
    ('in a loop', 'ps_4_0', 4,
     '7f800000 00000000 00000000 00000000 bf800000 00000000 00000000 00000000'
     ' 41600000 00000000 00000000 00000000 7fc00000 00000000 00000000 00000000'),
    ('float2x2 row', 'ps_4_0', 4,
     '7fc00000 00000000 ffc00000 bfc00000 00000000 40800000 00000000 3fc00000'
     ' 00000000 00000000 c0a00000 40c00000 3f800000 7fc00000 c0400000 7fc00000'),
    ('float4x4 row', 'ps_4_0', 4,
     'ffc00000 7fc00000 7fc00000 00000000 40000000 00000000 00000000 40800000'
     ' 00000000 00000000 41600000 00000000 ffc00000 7fc00000 ff800000 7f800000'),
    ('row_major float4x4 row', 'ps_4_0', 4,
     'ffc00000 7fc00000 7fc00000 00000000 00000000 40400000 c0800000 00000000'
     ' 00000000 00000000 c0a00000 40c00000 ffc00000 7fc00000 ffc00000 ffc00000'),
    ('column_major float3x3 row', 'ps_4_0', 4,
     '7f800000 00000000 7fc00000 00000000 40000000 00000000 00000000 00000000'
     ' 00000000 40e00000 00000000 00000000 ffc00000 7fc00000 7fc00000 00000000'),
    ('float3x2 row', 'ps_4_0', 4,
     'ffc00000 bfc00000 7fc00000 00000000 00000000 c0000000 00000000 40800000'
     ' 00000000 00000000 00000000 40e00000 c0400000 7fc00000 c0400000 7fc00000'),
    ('float2x3 row', 'ps_4_0', 4,
     'ffc00000 7fc00000 bfc00000 3f800000 00000000 3fc00000 c0000000 3f800000'
     ' 00000000 c0a00000 40c00000 3f800000 ffc00000 7fc00000 00000000 3f800000'),
    ('float4x4 element', 'ps_4_0', 4,
     'ffc00000 ffc00000 00000000 00000000 00000000 40400000 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'),
    ('float2x2 element', 'ps_4_0', 4,
     '7fc00000 ffc00000 00000000 00000000 00000000 3fc00000 00000000 00000000'
     ' 00000000 c0a00000 00000000 00000000 7fc00000 7fc00000 00000000 00000000'),
    ('int4 local (a mask: exact)', 'ps_4_0', 4,
     'ff800000 bfc116c2 00000000 00000000 bfc00000 400116c2 00000000 00000000'
     ' 80400000 00000000 00000000 00000000 bf000000 bfc00000 00000000 00000000'),
    ('uint4 input (exact)', 'ps_4_0', 4,
     '7f800000 80000000 00000000 00000000 3fc00000 c0000000 00000000 00000000'
     ' 40e00000 80000000 00000000 00000000 3f000000 c0400000 00000000 00000000'),
    ('bool4 (exact)', 'ps_4_0', 4,
     '00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'
     ' 00000000 00000000 00000000 00000000 00000000 00000001 00000000 00000000'),
    ('int2x2 row (exact)', 'ps_4_0', 4,
     '7f800000 80000000 7fc00000 bfc00000 800116c2 40800000 80000000 3fc00000'
     ' 000116c2 80000000 c0a00000 40c00000 3f800000 80000000 c0400000 7fc00000'),
    ('cbuffer vector', 'ps_4_0', 4,
     '7f800000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'
     ' ffc00000 7fc00000 00000000 00000000 ffc00000 7fc00000 00000000 00000000'),
    ('cbuffer column_major row', 'ps_4_0', 4,
     'ffc00000 00000000 c0c00000 41100000 ffc00000 40000000 3e800000 00000000'
     ' ffc00000 00000000 00000000 00000000 ff800000 40a00000 41000000 bf800000'),
    ('cbuffer row_major row (relative address: exact)', 'ps_4_0', 4,
     '41100000 80000000 000116c2 bf800000 c0c00000 3e800000 80000000 41000000'
     ' 000116c2 40000000 80000000 40a00000 3f800000 80000000 40400000 ff800000'),
    ('cbuffer column_major element', 'ps_4_0', 4,
     'ffc00000 ffc00000 00000000 00000000 ffc00000 ffc00000 00000000 00000000'
     ' ffc00000 ff800000 00000000 00000000 ff800000 ffc00000 00000000 00000000'),
    ('cbuffer row_major element', 'ps_4_0', 4,
     'ff800000 00000000 00000000 00000000 00000000 3e800000 00000000 00000000'
     ' 3e800000 41100000 00000000 00000000 41100000 ffc00000 00000000 00000000'),
]


def _inputs() -> np.ndarray:
    x = np.zeros((32, 4, 4), np.uint32)  # (register, lane, component)
    for lane in range(4):
        x[0, lane] = _A[lane].view(np.uint32)
        x[1, lane] = _B[lane].view(np.uint32)
        x[2, lane] = [lane, 3 - lane, (lane + 1) & 3, lane & 1]
    return x


def _run(blob: bytes) -> str:
    """The 16 output words (4 lanes) of ``blob`` on the reference executor, as the table spells them."""
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.tools.optdiff import _program

    b = Bindings()
    b.cbuffers[0] = _CB_WORDS.copy()
    out = run_program(_program(blob), 4, inputs=_inputs(), bindings=b).outputs[0].astype(np.uint32)
    return " ".join(f"{int(w):08x}" for lane in out for w in lane)


def _source(name: str) -> str:
    return _SRC.format(body=dict(INDEX_ROWS)[name])


@pytest.mark.parametrize(("name", "profile", "flags", "words"), INDEX_EXPECT,
                         ids=[f"{r[0]}-{r[1]}-{'od' if r[2] else 'opt'}" for r in INDEX_EXPECT])
def test_runtime_index_values_as_fxc(name, profile, flags, words):
    from pyd3d11.shader.blob import blob_bytes

    blob = bytes(blob_bytes(D3DCompile(_source(name), None, "t.hlsl", None, None, "main", profile, flags)))
    assert _run(blob) == words


def test_runtime_index_rows_are_not_selections():
    """The float rows' recorded words are not what a plain selection gives (else they would test nothing): a
    NaN where the picked lane holds a number, or +0 where it holds -0, appears in each float-vector and
    float-matrix row at the default flags."""
    for name, _body in INDEX_ROWS:
        if "exact" in name:
            continue
        words = [int(w, 16) for r in INDEX_EXPECT if r[0] == name and r[2] == 0 for w in r[3].split()]
        assert any((w & 0x7FFFFFFF) > 0x7F800000 for w in words), name


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_runtime_index_values_against_the_live_dll():
    real = wine_d3dcompiler.shared()
    for name, profile, flags, words in INDEX_EXPECT:
        got = real.compile(_source(name), profile, "main", flags)
        assert got.ok, (name, got.messages)
        assert _run(got.blob) == words, (name, profile, flags)
