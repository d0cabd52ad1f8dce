"""Default values (D3D11_SHADER_VARIABLE_DESC.DefaultValue) of initialised uniforms, as Microsoft's compiler writes
them.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler; the Windows 8.1 d3dcompiler_47 6.3 gives the same bytes), not from this
project's output. MicrosoftDocs direct3d11 "D3D11_SHADER_VARIABLE_DESC" says only that DefaultValue is "the default
value for initializing the variable"; fxc writes each value at the place the packing rules give it, except that a
true bool is all ones, a matrix's initializer list is read column by column whatever the majority, and a double
vector's components are written 4 bytes apart, each 8-byte write over the one before (reflect._default_value).
"""

from __future__ import annotations

import pytest
from fxc_layout_helpers import compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

#: (declaration, use, fxc's DefaultValue bytes of each variable as hex), in $Globals and in a cbuffer alike
DEFAULTS = [
    ('float4 v = {1,2,3,4};', 'v', ('0000803f000000400000404000008040',)),
    ('float v = 2.5;', 'v', ('00002040',)),
    ('int2 v = {3, -4};', 'v.xyxy', ('03000000fcffffff',)),
    ('float3 f = 5;', 'f.xyzz', ('0000a0400000a0400000a040',)),
    ('float4 v = float4(1,2,3,4) * 2;', 'v', ('00000040000080400000c04000000041',)),
    ('float a[3] = {1,2,3};', 'a[2]', ('0000803f0000000000000000000000000000004000000000000000000000000000004040',)),
    ('struct {float x; float2 y;} s = {1, {2,3}};', 's.y.xyxy', ('0000803f0000004000004040',)),
    ('bool b = true; uint u = 7;', 'b + u', ('ffffffff', '07000000')),
    ('bool b = false; bool3 c = {true, false, true};', 'b + c.z', ('00000000', 'ffffffff00000000ffffffff')),
    ('bool2x2 bm = {true, false, false, true};', 'bm[1].xyxy', ('ffffffff00000000000000000000000000000000ffffffff',)),
    ('int i = -1; uint u = 3;', 'i + u', ('ffffffff', '03000000')),
    ('float2x2 m = {1,2,3,4};', 'm[1].xyxy', ('0000803f0000004000000000000000000000404000008040',)),
    ('row_major float2x2 m = {1,2,3,4};', 'm[1].xyxy', ('0000803f0000404000000000000000000000004000008040',)),
    ('float2x3 m = {1,2,3,4,5,6};', 'm[1].xyzz', ('0000803f000000400000000000000000000040400000804000000000000000000000a0400000c040',)),
    ('row_major float2x3 m = {1,2,3,4,5,6};', 'm[1].xyzz', ('0000803f000040400000a0400000000000000040000080400000c040',)),
    ('float3x2 m = {1,2,3,4,5,6};', 'm[1].xyxy', ('0000803f000000400000404000000000000080400000a0400000c040',)),
    ('row_major float3x2 m = {1,2,3,4,5,6};', 'm[1].xyxy', ('0000803f000080400000000000000000000000400000a0400000000000000000000040400000c040',)),
    ('float3x3 m = {1,2,3,4,5,6,7,8,9};', 'm[2].xyzz', ('0000803f000000400000404000000000000080400000a0400000c040000000000000e0400000004100001041',)),
    ('row_major float4x4 m = {1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16};', 'm[3]', ('0000803f0000a0400000104100005041000000400000c0400000204100006041000040400000e040000030410000704100008040000000410000404100008041',)),
    ('float1x3 m = {1,2,3};', 'm[0].xyzz', ('0000803f0000000000000000000000000000004000000000000000000000000000004040',)),
    ('float3x1 m = {1,2,3};', 'm[2].xxxx', ('0000803f0000004000004040',)),
    ('int2x2 m = {1,2,3,4};', 'm[1].xyxy', ('010000000200000000000000000000000300000004000000',)),
    ('float2x2 m[2] = {1,2,3,4,5,6,7,8};', 'm[1][1].xyxy', ('0000803f000000400000000000000000000040400000804000000000000000000000a0400000c04000000000000000000000e04000000041',)),
    ('struct { float2x2 m; bool b; } s = {1,2,3,4,true};', 's.m[1].xyxy + s.b', ('0000803f0000004000000000000000000000404000008040ffffffff',)),
    ('float2x2 m = float2x2(1,2,3,4) * 2;', 'm[1].xyxy', ('000000400000804000000000000000000000c04000000041',)),
    ('double d = 1.5;', '(float)d', ('000000000000f83f',)),
    ('double a = 3; double b = -2.25;', '(float)(a + b)', ('0000000000000840', '00000000000002c0')),
    ('double2 d = {1.5, 2.5};', '(float)d.y', ('00000000000000000000044000000000',)),
    ('double2 d = {3, 4};', '(float)d.y', ('00000000000000000000104000000000',)),
    ('double3 d = {1.5, 2.5, 3.5};', '(float)d.y', ('00000000000000000000000000000c400000000000000000',)),
    ('double4 d = {1, 2, 3, 4};', '(float)d.w', ('0000000000000000000000000000000000001040000000000000000000000000',)),
    ('double d[2] = {1.5, 2.5};', '(float)d[1]', ('000000000000f83f00000000000000000000000000000440',)),
    ('double2x2 d = {1,2,3,4};', '(float)d[1][1]', ('000000000000f03f000000000000004000000000000008400000000000001040',)),
    ('row_major double2x2 d = {1,2,3,4};', '(float)d[1][1]', ('000000000000f03f000000000000084000000000000000400000000000001040',)),
    ('struct { double a; double2 b; } s = {1, {2, 3}};', '(float)s.b.y', ('000000000000f03f000000000000000000000000000000000000084000000000',)),
    ('min16float h = 2.5;', 'h', ('00002040',)),
]


@pytest.mark.parametrize("holder", ["globals", "cbuffer"])
@pytest.mark.parametrize("decl,use,want", DEFAULTS, ids=[r[0] for r in DEFAULTS])
def test_default_value(holder, decl, use, want):
    body = decl if holder == "globals" else f"cbuffer D {{ {decl} }}"
    got = compile_or_error(f"{body}\nfloat4 main() : SV_Target {{ return {use}; }}")
    assert not isinstance(got, str), got
    assert tuple(v["default"] for v in describe(got)["cbuffers"][0]["variables"]) == want
