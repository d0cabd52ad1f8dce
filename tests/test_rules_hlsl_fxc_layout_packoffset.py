"""packoffset placement and overlap in SM4/5 constant buffers, as Microsoft's compiler decides them.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler): verdicts, error numbers and reflected offsets, not this project's
output. The rules they show (MicrosoftDocs direct3dhlsl "packoffset" says only that a member is placed at the
given register/component; the rest is fxc's behaviour):

- overlap (X4019) is judged on the 32-bit components a member occupies, so the padding after an array element or
  a short matrix column is free for another member; a struct occupies its members' components;
- a double holds no component in that check, as the member placed first or second;
- a double's component is validated as if it were 32-bit (double2 at .w and double3 at .z are X3530), then the
  double moves to an 8-byte boundary and, if it would straddle, to the next register.
"""

from __future__ import annotations

import re

import pytest
from fxc_layout_helpers import cbuffer_members

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader

#: (member at c0, its use, {probe location: fxc's error} for a float packed at each of c0.x-c3.w; absent: compiles)
OVERLAP = [
    ('float3x3 h', 'h[2][2]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c1.z': 'X4019', 'c2.x': 'X4019', 'c2.y': 'X4019', 'c2.z': 'X4019'}),
    ('row_major float2x3 h', 'h[1][2]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c1.z': 'X4019'}),
    ('float2 h[2]', 'h[1].y', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019'}),
    ('float3 h[2]', 'h[1].z', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c1.z': 'X4019'}),
    ('float2x2 h', 'h[1][1]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019'}),
    ('struct { float3 a; } h', 'h.a.z', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019'}),
    ('struct { float a; float3 b; } h', 'h.b.z', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c0.w': 'X4019'}),
    ('double h', '(float)h', {}),
    ('double3 h', '(float)h.z', {}),
    ('float3x3 h[2]', 'h[1][2][2]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c1.z': 'X4019', 'c2.x': 'X4019', 'c2.y': 'X4019', 'c2.z': 'X4019', 'c3.x': 'X4019', 'c3.y': 'X4019', 'c3.z': 'X4019'}),
    ('struct { float3 a; float3 b; } h', 'h.b.z', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c1.z': 'X4019'}),
    ('struct { float a; float b; } h', 'h.b', {'c0.x': 'X4019', 'c0.y': 'X4019'}),
    ('struct { float4 a; float b; } h', 'h.b', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c0.w': 'X4019', 'c1.x': 'X4019'}),
    ('struct { float2x2 m; } h', 'h.m[1][1]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019'}),
    ('struct { float a[2]; } h', 'h.a[1]', {'c0.x': 'X4019', 'c1.x': 'X4019'}),
    ('struct { float a; } h[2]', 'h[1].a', {'c0.x': 'X4019', 'c1.x': 'X4019'}),
    ('struct { float2 a; } h[3]', 'h[1].a.y', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c2.x': 'X4019', 'c2.y': 'X4019'}),
    ('struct { double a; float b; } h', 'h.b', {'c0.z': 'X4019'}),
    ('struct { float a; double b; } h', 'h.a', {'c0.x': 'X4019'}),
    ('double2 h[2]', '(float)h[1].y', {}),
    ('double2x2 h', '(float)h[1][1]', {}),
    ('int3 h', '(float)h.z', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019'}),
    ('float4 h', 'h.w', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c0.z': 'X4019', 'c0.w': 'X4019'}),
    ('float h[3]', 'h[2]', {'c0.x': 'X4019', 'c1.x': 'X4019', 'c2.x': 'X4019'}),
    ('row_major float3x2 h[2]', 'h[1][2][1]', {'c0.x': 'X4019', 'c0.y': 'X4019', 'c1.x': 'X4019', 'c1.y': 'X4019', 'c2.x': 'X4019', 'c2.y': 'X4019', 'c3.x': 'X4019', 'c3.y': 'X4019'}),
    ('bool2 h', 'h.y', {'c0.x': 'X4019', 'c0.y': 'X4019'}),
    ('min16float3 h', 'h.z', {}),
]
#: (type, packoffset, fxc's byte offset of the member or its error) after `float4 head : packoffset(c0)`
DOUBLE_PLACE = [
    ('double', 'c1.x', 16),
    ('double', 'c1.y', 24),
    ('double', 'c1.z', 24),
    ('double', 'c1.w', 32),
    ('double2', 'c1.x', 16),
    ('double2', 'c1.y', 32),
    ('double2', 'c1.z', 32),
    ('double2', 'c1.w', 'X3530'),
    ('double3', 'c1.x', 16),
    ('double3', 'c1.y', 32),
    ('double3', 'c1.z', 'X3530'),
    ('double3', 'c1.w', 'X3530'),
    ('double4', 'c1.x', 16),
    ('double4', 'c1.y', 'X3530'),
    ('double4', 'c1.z', 'X3530'),
    ('double4', 'c1.w', 'X3530'),
    ('double1x2', 'c1.x', 16),
    ('double1x2', 'c1.y', 'X3530'),
    ('double1x2', 'c1.z', 'X3530'),
    ('double1x2', 'c1.w', 'X3530'),
    ('double2x2', 'c1.x', 16),
    ('double2x2', 'c1.y', 'X3530'),
    ('double2x2', 'c1.z', 'X3530'),
    ('double2x2', 'c1.w', 'X3530'),
    ('row_major double2x1', 'c1.x', 16),
    ('row_major double2x1', 'c1.y', 'X3530'),
    ('row_major double2x1', 'c1.z', 'X3530'),
    ('row_major double2x1', 'c1.w', 'X3530'),
]
#: (declarations, use, fxc's (name, offset, size) of each member or its error)
PLACED = [
    ('float4 h : packoffset(c0); double p : packoffset(c0.x);', 'h + (float)p', (('h', 0, 16), ('p', 0, 8))),
    ('float4 h : packoffset(c0); double p : packoffset(c0.z);', 'h + (float)p', (('h', 0, 16), ('p', 8, 8))),
    ('float4 h : packoffset(c0); double2 p : packoffset(c0);', 'h + (float)p.x', (('h', 0, 16), ('p', 0, 16))),
    ('float4 h : packoffset(c0); double p[2] : packoffset(c0);', 'h + (float)p[1]', (('h', 0, 16), ('p', 0, 24))),
    ('float4 h : packoffset(c0); struct { double x; } p : packoffset(c0);', 'h + (float)p.x', (('h', 0, 16), ('p', 0, 8))),
    ('float4 a : packoffset(c1); float b : packoffset(c1.y);', 'a + b', 'X4019'),
    ('float b : packoffset(c1.y); float4 a : packoffset(c1);', 'a + b', 'X4019'),
    ('float3 a : packoffset(c0); float b : packoffset(c0.z);', 'a.x + b', 'X4019'),
    ('float a : packoffset(c0.y); float b : packoffset(c0.y);', 'a + b', 'X4019'),
    ('struct { float3 a; float q; } s : packoffset(c0); float b : packoffset(c0.w);', 's.a.x + b', 'X4019'),
    ('float3x3 v[2] : packoffset(c3.x); float t : packoffset(c7.w);', 'v[1][2][2] + t', (('v', 48, 92), ('t', 124, 4))),
    ('float4 u : packoffset(c2); float3x3 m : packoffset(c0);', 'u + m[0][0]', 'X4019'),
    ('double d : packoffset(c0.y); float f : packoffset(c0.z);', '(float)d + f', (('d', 8, 8), ('f', 8, 4))),
]

_MAIN = "\nfloat4 main() : SV_Target {{ return {}; }}"


@pytest.mark.parametrize("decl,use,errors", OVERLAP, ids=[r[0] for r in OVERLAP])
def test_overlap_by_component(decl, use, errors):
    for r in range(4):
        for c in "xyzw":
            at = f"c{r}.{c}"
            src = f"cbuffer P {{ {decl} : packoffset(c0); float p : packoffset({at}); }}" + _MAIN.format(use + " + p")
            got = cbuffer_members(src)
            assert (got if isinstance(got, str) else None) == errors.get(at), at


@pytest.mark.parametrize("t,at,want", DOUBLE_PLACE)
def test_double_placement(t, at, want):
    read = "[0][0]" if "x" in t else (".x" if t[-1].isdigit() else "")
    src = f"cbuffer P {{ float4 head : packoffset(c0); {t} v : packoffset({at}); }}" \
        + _MAIN.format(f"head + (float)v{read}")
    got = cbuffer_members(src)
    assert (got if isinstance(got, str) else got[1][1]) == want


@pytest.mark.parametrize("decl,use,want", PLACED)
def test_placed_members(decl, use, want):
    assert cbuffer_members(f"cbuffer P {{ {decl} }}" + _MAIN.format(use)) == want


#: minimum-precision members hold no component in the overlap check either (fxc 10.1): (declarations, use,
#: fxc's (name, offset, size) of each member or its error)
MIN_PRECISION_PLACED = [
    ('min16int2 h : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 8), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min16int2 h : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 8))),
    ('min10float h : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 4), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min10float h : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 4))),
    ('min12int h : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 4), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min12int h : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 4))),
    ('min16uint4 h : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 16), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min16uint4 h : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 16))),
    ('min16float h[2] : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 20), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min16float h[2] : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 20))),
    ('min16float3 h : packoffset(c0); float p : packoffset(c0.y);', 'p', (('h', 0, 12), ('p', 4, 4))),
    ('float4 p : packoffset(c0); min16float3 h : packoffset(c0);', 'p', (('p', 0, 16), ('h', 0, 12))),
]


@pytest.mark.parametrize("decl,use,want", MIN_PRECISION_PLACED)
def test_min_precision_members_hold_no_component(decl, use, want):
    assert cbuffer_members(f"cbuffer P {{ {decl} }}" + _MAIN.format(use)) == want


#: (members, use, fxc's (line, column) of its X4019: the member placed further on, the later one on a tie)
NAMED = [
    ('float4 a : packoffset(c1); float b : packoffset(c1.y);', 'a + b', (1, 46)),
    ('float b : packoffset(c1.y); float4 a : packoffset(c1);', 'a + b', (1, 19)),
    ('float a : packoffset(c0.y); float b : packoffset(c0.y);', 'a + b', (1, 47)),
    ('float4 u : packoffset(c2); float3x3 m : packoffset(c0);', 'u + m[0][0]', (1, 49)),
    ('float3x3 m : packoffset(c0); float4 u : packoffset(c2);', 'u + m[0][0]', (1, 22)),
    ('float2 a : packoffset(c0.z); float2 b : packoffset(c0.z);', 'a.x + b.x', (1, 49)),
]

#: rows whose named member this project does not reproduce yet: fxc names the float3x3 over the float4 whichever
#: is placed further on (its rule is not known; the offset rule above covers the other rows)
_NAMED_UNKNOWN = {3, 4}


@pytest.mark.parametrize("k", range(len(NAMED)))
def test_member_named_by_x4019(k):
    decl, use, want = NAMED[k]
    if k in _NAMED_UNKNOWN:
        pytest.xfail("fxc's choice of the member X4019 names between a matrix and a vector is not built")
    msgs: list = []
    src = f"cbuffer P {{ {decl} }}" + _MAIN.format(use)
    with pytest.raises(D3D11Error):
        D3DCompile(src, len(src), "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    text = bytes(msgs[0].GetBufferPointer()).decode("latin-1")
    assert tuple(int(x) for x in re.findall(r"t\.hlsl\((\d+),(\d+)", text)[0]) == want
