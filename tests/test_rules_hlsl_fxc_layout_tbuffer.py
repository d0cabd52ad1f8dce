"""Which tbuffer variables Microsoft's compiler flags used (D3D11_SHADER_VARIABLE_DESC.uFlags D3D_SVF_USED).

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler), not from this project's output. MicrosoftDocs direct3d11
"D3D_SHADER_VARIABLE_FLAGS" says D3D_SVF_USED marks "a variable that is used by this shader"; for a tbuffer fxc
sets it per ``ld`` of an element on the variable holding the first component that load reads: of
``float a; float b; float c;`` read whole only ``a`` is flagged, and ``return c + b;`` flags ``b`` alone
(layout.mark_read_cb_variables).
"""

from __future__ import annotations

import re

import pytest
from fxc_layout_helpers import compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

#: (members, expression returned, target, the variables fxc flags used, in declaration order)
TBUFFER_USED = [
    ('float a; float b; float c; float d;', 'a', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'b', 'ps_5_0', 'b'),
    ('float a; float b; float c; float d;', 'b', 'ps_4_0', 'b'),
    ('float a; float b; float c; float d;', 'c', 'ps_5_0', 'c'),
    ('float a; float b; float c; float d;', 'c', 'ps_4_0', 'c'),
    ('float a; float b; float c; float d;', 'd', 'ps_5_0', 'd'),
    ('float a; float b; float c; float d;', 'd', 'ps_4_0', 'd'),
    ('float a; float b; float c; float d;', 'a + b', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + b', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'a + c', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + c', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'a + d', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + d', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'b + c', 'ps_5_0', 'b'),
    ('float a; float b; float c; float d;', 'b + c', 'ps_4_0', 'b'),
    ('float a; float b; float c; float d;', 'b + d', 'ps_5_0', 'b'),
    ('float a; float b; float c; float d;', 'b + d', 'ps_4_0', 'b'),
    ('float a; float b; float c; float d;', 'c + d', 'ps_5_0', 'c'),
    ('float a; float b; float c; float d;', 'c + d', 'ps_4_0', 'c'),
    ('float a; float b; float c; float d;', 'a + b + c', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + b + c', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'a + b + d', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + b + d', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'a + c + d', 'ps_5_0', 'a'),
    ('float a; float b; float c; float d;', 'a + c + d', 'ps_4_0', 'a'),
    ('float a; float b; float c; float d;', 'b + c + d', 'ps_5_0', 'b'),
    ('float a; float b; float c; float d;', 'b + c + d', 'ps_4_0', 'b'),
    ('float4 a; float4 b; float c; float d;', 'a.y', 'ps_5_0', 'a'),
    ('float4 a; float4 b; float c; float d;', 'a.y', 'ps_4_0', 'a'),
    ('float4 a; float4 b; float c; float d;', 'b.y', 'ps_5_0', 'b'),
    ('float4 a; float4 b; float c; float d;', 'b.y', 'ps_4_0', 'b'),
    ('float4 a; float4 b; float c; float d;', 'c', 'ps_5_0', 'c'),
    ('float4 a; float4 b; float c; float d;', 'c', 'ps_4_0', 'c'),
    ('float4 a; float4 b; float c; float d;', 'd', 'ps_5_0', 'd'),
    ('float4 a; float4 b; float c; float d;', 'd', 'ps_4_0', 'd'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y', 'ps_5_0', 'ab'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y', 'ps_4_0', 'ab'),
    ('float4 a; float4 b; float c; float d;', 'a.y + c', 'ps_5_0', 'ac'),
    ('float4 a; float4 b; float c; float d;', 'a.y + c', 'ps_4_0', 'ac'),
    ('float4 a; float4 b; float c; float d;', 'a.y + d', 'ps_5_0', 'ad'),
    ('float4 a; float4 b; float c; float d;', 'a.y + d', 'ps_4_0', 'ad'),
    ('float4 a; float4 b; float c; float d;', 'b.y + c', 'ps_5_0', 'bc'),
    ('float4 a; float4 b; float c; float d;', 'b.y + c', 'ps_4_0', 'bc'),
    ('float4 a; float4 b; float c; float d;', 'b.y + d', 'ps_5_0', 'bd'),
    ('float4 a; float4 b; float c; float d;', 'b.y + d', 'ps_4_0', 'bd'),
    ('float4 a; float4 b; float c; float d;', 'c + d', 'ps_5_0', 'c'),
    ('float4 a; float4 b; float c; float d;', 'c + d', 'ps_4_0', 'c'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y + c', 'ps_5_0', 'abc'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y + c', 'ps_4_0', 'abc'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y + d', 'ps_5_0', 'abd'),
    ('float4 a; float4 b; float c; float d;', 'a.y + b.y + d', 'ps_4_0', 'abd'),
    ('float4 a; float4 b; float c; float d;', 'a.y + c + d', 'ps_5_0', 'ac'),
    ('float4 a; float4 b; float c; float d;', 'a.y + c + d', 'ps_4_0', 'ac'),
    ('float4 a; float4 b; float c; float d;', 'b.y + c + d', 'ps_5_0', 'bc'),
    ('float4 a; float4 b; float c; float d;', 'b.y + c + d', 'ps_4_0', 'bc'),
    ('float2 a; float b; float c; float4 d;', 'a.y', 'ps_5_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y', 'ps_4_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'b', 'ps_5_0', 'b'),
    ('float2 a; float b; float c; float4 d;', 'b', 'ps_4_0', 'b'),
    ('float2 a; float b; float c; float4 d;', 'c', 'ps_5_0', 'c'),
    ('float2 a; float b; float c; float4 d;', 'c', 'ps_4_0', 'c'),
    ('float2 a; float b; float c; float4 d;', 'd.y', 'ps_5_0', 'd'),
    ('float2 a; float b; float c; float4 d;', 'd.y', 'ps_4_0', 'd'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b', 'ps_5_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b', 'ps_4_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + c', 'ps_5_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + c', 'ps_4_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + d.y', 'ps_5_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'a.y + d.y', 'ps_4_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'b + c', 'ps_5_0', 'b'),
    ('float2 a; float b; float c; float4 d;', 'b + c', 'ps_4_0', 'b'),
    ('float2 a; float b; float c; float4 d;', 'b + d.y', 'ps_5_0', 'bd'),
    ('float2 a; float b; float c; float4 d;', 'b + d.y', 'ps_4_0', 'bd'),
    ('float2 a; float b; float c; float4 d;', 'c + d.y', 'ps_5_0', 'cd'),
    ('float2 a; float b; float c; float4 d;', 'c + d.y', 'ps_4_0', 'cd'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b + c', 'ps_5_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b + c', 'ps_4_0', 'a'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b + d.y', 'ps_5_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'a.y + b + d.y', 'ps_4_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'a.y + c + d.y', 'ps_5_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'a.y + c + d.y', 'ps_4_0', 'ad'),
    ('float2 a; float b; float c; float4 d;', 'b + c + d.y', 'ps_5_0', 'bd'),
    ('float2 a; float b; float c; float4 d;', 'b + c + d.y', 'ps_4_0', 'bd'),
    ('float3x3 m; float k; float4 v;', 'm[2][1]', 'ps_5_0', 'm'),
    ('float3x3 m; float k; float4 v;', 'm[2][1]', 'ps_4_0', 'm'),
    ('float3x3 m; float k; float4 v;', 'k', 'ps_5_0', 'k'),
    ('float3x3 m; float k; float4 v;', 'k', 'ps_4_0', 'k'),
    ('float3x3 m; float k; float4 v;', 'v.x', 'ps_5_0', 'v'),
    ('float3x3 m; float k; float4 v;', 'v.x', 'ps_4_0', 'v'),
    ('float3x3 m; float k; float4 v;', 'm[2][1] + k', 'ps_5_0', 'mk'),
    ('float3x3 m; float k; float4 v;', 'm[2][1] + k', 'ps_4_0', 'mk'),
    ('float3x3 m; float k; float4 v;', 'm[2][1] + v.x', 'ps_5_0', 'mv'),
    ('float3x3 m; float k; float4 v;', 'm[2][1] + v.x', 'ps_4_0', 'mv'),
    ('float3x3 m; float k; float4 v;', 'k + v.x', 'ps_5_0', 'kv'),
    ('float3x3 m; float k; float4 v;', 'k + v.x', 'ps_4_0', 'kv'),
    ('float a[3]; float b; float2 c;', 'a[2]', 'ps_5_0', 'a'),
    ('float a[3]; float b; float2 c;', 'a[2]', 'ps_4_0', 'a'),
    ('float a[3]; float b; float2 c;', 'b', 'ps_5_0', 'b'),
    ('float a[3]; float b; float2 c;', 'b', 'ps_4_0', 'b'),
    ('float a[3]; float b; float2 c;', 'c.y', 'ps_5_0', 'c'),
    ('float a[3]; float b; float2 c;', 'c.y', 'ps_4_0', 'c'),
    ('float a[3]; float b; float2 c;', 'a[2] + b', 'ps_5_0', 'a'),
    ('float a[3]; float b; float2 c;', 'a[2] + b', 'ps_4_0', 'a'),
    ('float a[3]; float b; float2 c;', 'a[2] + c.y', 'ps_5_0', 'a'),
    ('float a[3]; float b; float2 c;', 'a[2] + c.y', 'ps_4_0', 'a'),
    ('float a[3]; float b; float2 c;', 'b + c.y', 'ps_5_0', 'b'),
    ('float a[3]; float b; float2 c;', 'b + c.y', 'ps_4_0', 'b'),
    ('float4 arr[4]; float4 v;', 'arr[i] + v', 'ps_5_0', 'arrv'),  # with cbuffer C { uint i; }
    ('float4 arr[4]; float4 v;', 'arr[i] + v', 'ps_4_0', 'arrv'),  # with cbuffer C { uint i; }
    ('float a; float b; float4 arr[2];', 'arr[i].y + b', 'ps_5_0', 'barr'),  # with cbuffer C { uint i; }
    ('float a; float b; float4 arr[2];', 'arr[i].y + b', 'ps_4_0', 'barr'),  # with cbuffer C { uint i; }
    ('float a; float b;', 'i ? a : b', 'ps_5_0', 'a'),  # with cbuffer C { uint i; }
    ('float a; float b;', 'i ? a : b', 'ps_4_0', 'a'),  # with cbuffer C { uint i; }
]


@pytest.mark.parametrize("decl,use,target,want", TBUFFER_USED)
def test_tbuffer_used_flags(decl, use, target, want):
    head = "cbuffer C { uint i; }\n" if re.search(r"\bi\b", use) else ""  # the rows that index at run time
    got = compile_or_error(f"{head}tbuffer T {{ {decl} }}\nfloat4 main() : SV_Target {{ return {use}; }}", target)
    assert not isinstance(got, str), got
    tb = [cb for cb in describe(got)["cbuffers"] if cb["name"] == "T"][0]
    assert "".join(v["name"] for v in tb["variables"] if v["flags"] & 2) == want
