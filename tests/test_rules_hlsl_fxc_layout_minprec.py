"""Constant-buffer packing across precision classes, as Microsoft's compiler lays it out.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler), not from this project's output. MicrosoftDocs direct3dhlsl
"Packing rules for constant variables" describes the 16-byte packing but not minimum precision; fxc starts a
new register whenever the precision class changes from the last numeric leaf of the previous member to the next
member: the 32-bit types (float, int, uint, bool, double) share registers, min16float / min16int / min16uint share
theirs, min10float and min12int each keep to themselves. The same holds inside a struct, in a tbuffer and in
$Globals, at SM4, SM5 and the level-9 targets (cg_resources.same_precision_class).
"""

from __future__ import annotations

import pytest
from fxc_layout_helpers import cbuffers, compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

PAIRS = [
    ('float', [('float', 8), ('int', 8), ('bool', 8), ('double', 8), ('min16float', 16), ('min16int', 16), ('min16uint', 16), ('min10float', 16), ('min12int', 16), ('min16float2', 16), ('float3', 16)]),
    ('int', [('float', 8), ('int', 8), ('bool', 8), ('double', 8), ('min16float', 16), ('min16int', 16), ('min16uint', 16), ('min10float', 16), ('min12int', 16), ('min16float2', 16), ('float3', 16)]),
    ('bool', [('float', 8), ('int', 8), ('bool', 8), ('double', 8), ('min16float', 16), ('min16int', 16), ('min16uint', 16), ('min10float', 16), ('min12int', 16), ('min16float2', 16), ('float3', 16)]),
    ('double', [('float', 16), ('int', 16), ('bool', 16), ('double', 16), ('min16float', 16), ('min16int', 16), ('min16uint', 16), ('min10float', 16), ('min12int', 16), ('min16float2', 16), ('float3', 16)]),
    ('min16float', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 20), ('min16int', 20), ('min16uint', 20), ('min10float', 32), ('min12int', 32), ('min16float2', 20), ('float3', 32)]),
    ('min16int', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 20), ('min16int', 20), ('min16uint', 20), ('min10float', 32), ('min12int', 32), ('min16float2', 20), ('float3', 32)]),
    ('min16uint', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 20), ('min16int', 20), ('min16uint', 20), ('min10float', 32), ('min12int', 32), ('min16float2', 20), ('float3', 32)]),
    ('min10float', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 32), ('min16int', 32), ('min16uint', 32), ('min10float', 20), ('min12int', 32), ('min16float2', 32), ('float3', 32)]),
    ('min12int', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 32), ('min16int', 32), ('min16uint', 32), ('min10float', 32), ('min12int', 20), ('min16float2', 32), ('float3', 32)]),
    ('min16float2', [('float', 32), ('int', 32), ('bool', 32), ('double', 32), ('min16float', 24), ('min16int', 24), ('min16uint', 24), ('min10float', 32), ('min12int', 32), ('min16float2', 24), ('float3', 32)]),
    ('float3', [('float', 16), ('int', 16), ('bool', 16), ('double', 16), ('min16float', 16), ('min16int', 16), ('min16uint', 16), ('min10float', 16), ('min12int', 16), ('min16float2', 16), ('float3', 16)]),
]
#: (holder, target, members, use, fxc's buffers: (name, size, ((member, offset, size), ...)))
HOLDERS = [
    ('cbuffer', 'ps_5_0', 'float a; min16float b; float c;', 'a + b + c', (('P', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('cbuffer', 'ps_5_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('P', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('cbuffer', 'ps_5_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('P', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('cbuffer', 'ps_5_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('P', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('cbuffer', 'ps_4_0', 'float a; min16float b; float c;', 'a + b + c', (('P', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('cbuffer', 'ps_4_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('P', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('cbuffer', 'ps_4_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('P', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('cbuffer', 'ps_4_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('P', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('cbuffer', 'ps_4_0_level_9_3', 'float a; min16float b; float c;', 'a + b + c', (('P', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('cbuffer', 'ps_4_0_level_9_3', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('P', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('cbuffer', 'ps_4_0_level_9_3', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('P', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    # level 9 has no 16-bit uint minimum precision (X3703 "ps_4_0_level_9_3 does not support 16-bit uint
    # minimum-precision data")
    ('cbuffer', 'ps_4_0_level_9_3', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', 'X3703'),
    ('tbuffer', 'ps_5_0', 'float a; min16float b; float c;', 'a + b + c', (('P', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('tbuffer', 'ps_5_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('P', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('tbuffer', 'ps_5_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('P', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('tbuffer', 'ps_5_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('P', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('tbuffer', 'ps_4_0', 'float a; min16float b; float c;', 'a + b + c', (('P', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('tbuffer', 'ps_4_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('P', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('tbuffer', 'ps_4_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('P', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('tbuffer', 'ps_4_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('P', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('globals', 'ps_5_0', 'float a; min16float b; float c;', 'a + b + c', (('$Globals', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('globals', 'ps_5_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('$Globals', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('globals', 'ps_5_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('$Globals', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('globals', 'ps_5_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('$Globals', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('globals', 'ps_4_0', 'float a; min16float b; float c;', 'a + b + c', (('$Globals', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('globals', 'ps_4_0', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('$Globals', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('globals', 'ps_4_0', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('$Globals', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('globals', 'ps_4_0', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', (('$Globals', 48, (('a', 0, 4), ('b', 4, 4), ('c', 16, 4), ('d', 32, 4))),)),
    ('globals', 'ps_4_0_level_9_3', 'float a; min16float b; float c;', 'a + b + c', (('$Globals', 48, (('a', 0, 4), ('b', 16, 4), ('c', 32, 4))),)),
    ('globals', 'ps_4_0_level_9_3', 'min16float a; struct { min16float x; float y; } s; min16float c;', 'a + s.x + s.y + c', (('$Globals', 64, (('a', 0, 4), ('s', 16, 20), ('c', 48, 4))),)),
    ('globals', 'ps_4_0_level_9_3', 'min16float2 a[2]; min16float b; float c;', 'a[1].x + b + c', (('$Globals', 48, (('a', 0, 24), ('b', 24, 4), ('c', 32, 4))),)),
    ('globals', 'ps_4_0_level_9_3', 'min16int a; min16uint b; min12int c; min16int d;', 'a + b + c + d', 'X3703'),
]
#: struct member offsets as reflected (struct declaration, fxc's member offsets and the struct's size)
STRUCTS = [
    ('struct { min16float x; float y; }', (('min16float', 0), ('float', 16)), 20),
    ('struct { float y; min16float x; }', (('float', 0), ('min16float', 16)), 20),
    ('struct { min16float x; min16int y; min10float z; }', (('min16float', 0), ('min16int', 4), ('min10float', 16)), 20),
    ('struct { float a; min16float2 b; min16float c; double d; }', (('float', 0), ('min16float2', 16), ('min16float', 24), ('double', 32)), 40),
    ('struct { min16float a; struct { float b; min16float c; } in1; min16float d; }', (('min16float', 0), ('<unnamed>::<unnamed>', 16, (('float', 0), ('min16float', 16))), ('min16float', 36)), 40),
]


def _read(t: str, name: str) -> str:
    return f"(float)({name}{'.x' if t[-1].isdigit() else ''})"


@pytest.mark.parametrize("a,row", PAIRS, ids=[r[0] for r in PAIRS])
def test_pairs(a, row):
    for b, want in row:
        src = f"cbuffer P {{ float pad; {a} a; {b} b; }}\nfloat4 main() : SV_Target {{ return pad + " \
              f"{_read(a, 'a')} + {_read(b, 'b')}; }}"
        got = cbuffers(src)
        assert (got if isinstance(got, str) else got[0][2][2][1]) == want, b


@pytest.mark.parametrize("holder,target,members,use,want", HOLDERS)
def test_holders_and_targets(holder, target, members, use, want):
    decl = members if holder == "globals" else f"{holder} P {{ {members} }}"
    assert cbuffers(f"{decl}\nfloat4 main() : SV_Target {{ return {use}; }}", target) == want


def _members(t: dict) -> tuple:
    return tuple((m["name"], m["offset"], _members(m)) if m.get("members") else (m["name"], m["offset"])
                 for m in t.get("members", []))


@pytest.mark.parametrize("decl,members,size", STRUCTS)
def test_struct_members(decl, members, size):
    first = decl.split(";")[0].split()[-1]
    got = compile_or_error(f"cbuffer P {{ {decl} s; }}\nfloat4 main() : SV_Target {{ return (float)s.{first}; }}")
    assert not isinstance(got, str), got
    v = describe(got)["cbuffers"][0]["variables"][0]
    # the member type names are not this table's subject (an anonymous struct inside one is fxc's
    # "<unnamed>::<unnamed>"): offsets and the struct's size are
    assert [m[1] for m in _members(v["type"])] == [m[1] for m in members]
    assert [[x[1] for x in m[2]] for m in _members(v["type"]) if len(m) == 3] == \
        [[x[1] for x in m[2]] for m in members if len(m) == 3]
    assert v["size"] == size


#: (source, fxc's verdict at ps_4_0_level_9_3, vs_4_0_level_9_1 and ps_4_0): level 9 has no min16uint (X3703)
LEVEL9_MIN16UINT = [
    ('float4 main() : SV_Target { min16uint x = 1; return x; }', ('X3703', 'X3703', 'ok')),
    ('static min16uint s = 2; float4 main() : SV_Target { return s; }', ('X3703', 'X3703', 'ok')),
    ('float f(min16uint x) { return x; } float4 main() : SV_Target { return f(3); }', ('X3703', 'X3703', 'ok')),
    ('uint u; float4 main() : SV_Target { return (min16uint)u; }', ('ok', 'ok', 'ok')),
    ('cbuffer P { min16uint2 a; float b; } float4 main() : SV_Target { return b; }', ('X3703', 'X3703', 'ok')),
    ('cbuffer P { float b; min16uint a; } float4 main() : SV_Target { return b; }', ('X3703', 'X3703', 'ok')),
    ('typedef min16uint U; float4 main() : SV_Target { U x = 1; return x; }', ('X3703', 'X3703', 'ok')),
    ('float4 main() : SV_Target { min16uint x[2] = {1,2}; return x[1]; }', ('ok', 'ok', 'ok')),
    ('struct S { min16uint a; }; float4 main() : SV_Target { return 1; }', ('ok', 'ok', 'ok')),
    ('float4 main() : SV_Target { uint x = 1; return x; }', ('ok', 'ok', 'ok')),
    ('float g(min16uint x) { return x; } float4 main() : SV_Target { return 1; }', ('ok', 'ok', 'ok')),
    ('float g() { min16uint3x2 x = 1; return x[0][0]; } float4 main() : SV_Target { return 1; }', ('ok', 'ok', 'ok')),
    ('min16uint2x2 m; float4 main() : SV_Target { return 1; }', ('X3703', 'X3703', 'ok')),
    ('float4 main() : SV_Target { min16int x = 1; min12int y = 2; return x + y; }', ('ok', 'ok', 'ok')),
    ('min16uint u; float4 main() : SV_Target { return 1; }', ('X3703', 'X3703', 'ok')),
    ('float h() { min16uint k = 4; return k; } float4 main() : SV_Target { return h(); }', ('X3703', 'X3703', 'ok')),
    ('tbuffer T { min16uint t; } float4 main() : SV_Target { return 1; }', ('X3703', 'X3703', 'ok')),
]


@pytest.mark.parametrize("src,want", LEVEL9_MIN16UINT)
def test_level9_has_no_min16uint(src, want):
    for target, expected in zip(("ps_4_0_level_9_3", "vs_4_0_level_9_1", "ps_4_0"), want, strict=True):
        text = src.replace("SV_Target", "SV_Position") if target.startswith("vs") else src
        got = compile_or_error(text, target)
        assert (got if isinstance(got, str) else "ok") == expected, target
