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


#: the Direct3D 9 and level-9 targets: (declarations, use, target, fxc's (name, default bytes) per constant)
D3D9_DEFAULTS = [
    ('float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'ps_2_0', (('q', '0000803f00004040000000000000000000000040000080400000000000000000'),)),
    ('row_major float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'ps_2_0', (('q', '0000803f00000040000000000000000000004040000080400000000000000000'),)),
    ('float2x3 q = {1,2,3,4,5,6};', 'q[1].xyzz', 'ps_2_0', (('q', '0000803f000080400000000000000000000000400000a0400000000000000000000040400000c0400000000000000000'),)),
    ('bool b = true; float4 f = {1,2,3,4};', 'f * b', 'ps_2_0', (('b', '0000803f000000000000000000000000'), ('f', '0000803f000000400000404000008040'))),
    ('int i = 3; bool b = false;', 'i + b', 'ps_2_0', (('b', '00000000000000000000000000000000'), ('i', '00004040000000000000000000000000'))),
    ('float a[2] = {5, 6};', 'a[1]', 'ps_2_0', (('a', '0000a0400000000000000000000000000000c040000000000000000000000000'),)),
    ('struct { float2x2 m; float k; } s = {1,2,3,4,5};', 's.m[1].xyxy + s.k', 'ps_2_0', (('s', '0000803f000040400000000000000000000000400000804000000000000000000000a040000000000000000000000000'),)),
    ('float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'vs_3_0', (('q', '0000803f00004040000000000000000000000040000080400000000000000000'),)),
    ('row_major float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'vs_3_0', (('q', '0000803f00000040000000000000000000004040000080400000000000000000'),)),
    ('float2x3 q = {1,2,3,4,5,6};', 'q[1].xyzz', 'vs_3_0', (('q', '0000803f000080400000000000000000000000400000a0400000000000000000000040400000c0400000000000000000'),)),
    ('bool b = true; float4 f = {1,2,3,4};', 'f * b', 'vs_3_0', (('b', '0000803f000000000000000000000000'), ('f', '0000803f000000400000404000008040'))),
    ('int i = 3; bool b = false;', 'i + b', 'vs_3_0', (('b', '00000000000000000000000000000000'), ('i', '00004040000000000000000000000000'))),
    ('float a[2] = {5, 6};', 'a[1]', 'vs_3_0', (('a', '0000a0400000000000000000000000000000c040000000000000000000000000'),)),
    ('struct { float2x2 m; float k; } s = {1,2,3,4,5};', 's.m[1].xyxy + s.k', 'vs_3_0', (('s', '0000803f000040400000000000000000000000400000804000000000000000000000a040000000000000000000000000'),)),
    ('float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'ps_4_0_level_9_1', (('q', '0000803f0000004000000000000000000000404000008040'),)),
    ('row_major float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'ps_4_0_level_9_1', (('q', '0000803f0000404000000000000000000000004000008040'),)),
    ('float2x3 q = {1,2,3,4,5,6};', 'q[1].xyzz', 'ps_4_0_level_9_1', (('q', '0000803f000000400000000000000000000040400000804000000000000000000000a0400000c040'),)),
    ('bool b = true; float4 f = {1,2,3,4};', 'f * b', 'ps_4_0_level_9_1', (('b', 'ffffffff'), ('f', '0000803f000000400000404000008040'))),
    ('int i = 3; bool b = false;', 'i + b', 'ps_4_0_level_9_1', (('i', '03000000'), ('b', '00000000'))),
    ('float a[2] = {5, 6};', 'a[1]', 'ps_4_0_level_9_1', (('a', '0000a0400000000000000000000000000000c040'),)),
    ('struct { float2x2 m; float k; } s = {1,2,3,4,5};', 's.m[1].xyxy + s.k', 'ps_4_0_level_9_1', (('s', '0000803f00000040000000000000000000004040000080400000a040'),)),
    ('float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'vs_4_0_level_9_3', (('q', '0000803f0000004000000000000000000000404000008040'),)),
    ('row_major float2x2 q = {1,2,3,4};', 'q[1].xyxy', 'vs_4_0_level_9_3', (('q', '0000803f0000404000000000000000000000004000008040'),)),
    ('float2x3 q = {1,2,3,4,5,6};', 'q[1].xyzz', 'vs_4_0_level_9_3', (('q', '0000803f000000400000000000000000000040400000804000000000000000000000a0400000c040'),)),
    ('bool b = true; float4 f = {1,2,3,4};', 'f * b', 'vs_4_0_level_9_3', (('b', 'ffffffff'), ('f', '0000803f000000400000404000008040'))),
    ('int i = 3; bool b = false;', 'i + b', 'vs_4_0_level_9_3', (('i', '03000000'), ('b', '00000000'))),
    ('float a[2] = {5, 6};', 'a[1]', 'vs_4_0_level_9_3', (('a', '0000a0400000000000000000000000000000c040'),)),
    ('struct { float2x2 m; float k; } s = {1,2,3,4,5};', 's.m[1].xyxy + s.k', 'vs_4_0_level_9_3', (('s', '0000803f00000040000000000000000000004040000080400000a040'),)),
]


@pytest.mark.parametrize("decl,use,target,want", D3D9_DEFAULTS)
def test_d3d9_and_level9_default_values(decl, use, target, want):
    """A Direct3D 9 constant table keeps the initializer list in source order (a column-major float2x2 {1,2,3,4}
    holds 1, 3 in its first register, as the layout reads it); the level-9 targets' RDEF reads it by columns as
    the SM4/5 targets do."""
    d3d9 = not target.endswith(("level_9_1", "level_9_3"))
    ret = ("POSITION" if target[0] == "v" else "COLOR") if d3d9 else ("SV_Position" if target[0] == "v" else "SV_Target")
    got = compile_or_error(f"{decl}\nfloat4 main() : {ret} {{ return {use}; }}\n", target)
    assert not isinstance(got, str), got
    d = describe(got)
    names = d["constants"] if d3d9 else d["cbuffers"][0]["variables"]
    assert tuple((c["name"], c["default"]) for c in names) == want
