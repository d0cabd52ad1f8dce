"""Register bindings as Microsoft's compiler judges them: slots past a register set's end, cbuffer and tbuffer
register classes, static members of a packoffset cbuffer.

Every expected value here was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 35
(helper LAY, pyd3d11.tools.wine_d3dcompiler), not from this project's output. MicrosoftDocs direct3dhlsl "register"
gives the syntax and the register types; the Direct3D 11 limits are D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
(128), D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT (16) and D3D11_1_UAV_SLOT_COUNT (64). fxc's answers: a used object
reserved past the end is X4509 (an array element past it, the array starting within, X4565 / X4510 / X4585), at
4.x / 5.0 (5.1 only for a tbuffer); an unused one is not judged. A cbuffer's ``register(c#)`` is X3530 at every
4.x / 5.0 / level-9 target (d3dcompiler_47 6.3 compiled it; the Direct3D 9 targets still do) and a tbuffer's
non-t register X3530; a static member does not count as a member without packoffset.
"""

from __future__ import annotations

import pytest
from fxc_layout_helpers import compile_or_error

from pyd3d11.tools.reflect_diff import describe

pytestmark = pytest.mark.backend_independent  # runs no shader

#: register indices past the last slot: (declarations, use, fxc's verdict at ps_5_0, ps_4_0, ps_5_1, cs_5_0;
#: None: not recorded -- a UAV at 4.x is X4509 'target has 0 slots' at fxc, X4585 here)
LIMITS = [
    ('Texture2D t : register(t128);', '0', ('ok', 'ok', 'ok', 'ok')),
    ('Texture2D t : register(t128);', 't.Load(0)', ('X4509', 'X4509', 'ok', 'X4509')),
    ('Texture2D t : register(t127);', 't.Load(0)', ('ok', 'ok', 'ok', 'ok')),
    ('Texture2D t[4] : register(t126);', 't[0].Load(0)', ('ok', 'ok', 'ok', 'ok')),
    ('Texture2D t[4] : register(t126);', 't[3].Load(0)', ('X4565', 'X4565', 'ok', 'X4565')),
    ('Texture2D t[2] : register(t127);', 't[1].Load(0)', ('X4565', 'X4565', 'ok', 'X4565')),
    ('Texture2D t[2] : register(t128);', 't[0].Load(0)', ('X4509', 'X4509', 'ok', 'X4509')),
    ('SamplerState s : register(s16); Texture2D t;', 't.SampleLevel(s, 0.5, 0)', ('X4509', 'X4509', 'ok', 'X4509')),
    ('SamplerState s : register(s15); Texture2D t;', 't.SampleLevel(s, 0.5, 0)', ('ok', 'ok', 'ok', 'ok')),
    ('SamplerState s[2] : register(s15); Texture2D t;', 't.SampleLevel(s[0], 0.5, 0)', ('ok', 'ok', 'ok', 'ok')),
    ('SamplerState s[2] : register(s15); Texture2D t;', 't.SampleLevel(s[1], 0.5, 0)', ('X4510', 'X4510', 'ok', 'X4510')),
    ('RWBuffer<float> u : register(u64);', 'u[0]', ('X4509', None, 'ok', 'X4509')),
    ('RWBuffer<float> u : register(u63);', 'u[0]', ('ok', None, 'ok', 'ok')),
    ('RWBuffer<float> u[2] : register(u63);', 'u[1][0]', ('X4585', None, 'ok', 'X4585')),
    ('RWBuffer<float> u[2] : register(u62);', 'u[1][0]', ('ok', None, 'ok', 'ok')),
    ('tbuffer T : register(t128) { float4 a; }', 'a', ('X4509', 'X4509', 'X4509', 'X4509')),
    ('tbuffer T : register(t127) { float4 a; }', 'a', ('ok', 'ok', 'ok', 'ok')),
    ('Texture2D t : register(t200);', 't.Load(0)', ('X4509', 'X4509', 'ok', 'X4509')),
    ('Buffer<float4> b : register(t130); Texture2D t : register(t129);', 'b[0] + t.Load(0)', ('X4509', 'X4509', 'ok', 'X4509')),
]

#: cbuffer registers and members: (declarations, use, fxc's verdict at ps_5_0, ps_4_0, ps_4_1, ps_4_0_level_9_1,
#: ps_3_0 (COLOR output), ps_5_1)
CBUFFER_REGISTERS = [
    ('cbuffer C : register(c1) { float4 a; }', 'a', ('X3530', 'X3530', 'X3530', 'X3530', 'ok', 'X3591')),
    ('cbuffer C : register(c0) { float4 a; } cbuffer D { float4 b; }', 'a + b', ('X3530', 'X3530', 'X3530', 'X3530', 'ok', 'X3591')),
    ('cbuffer C : register(b1) { float4 a; }', 'a', ('ok', 'ok', 'ok', 'ok', 'ok', 'ok')),
    ('tbuffer T : register(c1) { float4 a; }', 'a', ('X3530', 'X3530', 'X3530', 'X3530', 'X3530', 'X3591')),
    ('tbuffer T : register(b1) { float4 a; }', 'a', ('X3530', 'X3530', 'X3530', 'X3530', 'X3530', 'X3591')),
    ('cbuffer C { float a : packoffset(c1); static float s = 2; }', 'a * s', ('ok', 'ok', 'ok', 'ok', 'ok', 'ok')),
    ('cbuffer C { static float s = 2; float a : packoffset(c1); }', 'a * s', ('ok', 'ok', 'ok', 'ok', 'ok', 'ok')),
    ('cbuffer C { float a : packoffset(c1); static const float k = 3; float b : packoffset(c0); }', 'a * k + b', ('ok', 'ok', 'ok', 'ok', 'ok', 'ok')),
    ('cbuffer C { float a : packoffset(c1); float b; }', 'a + b', ('X3530', 'X3530', 'X3530', 'X3530', 'ok', 'X3530')),
]

#: (declarations, target) whose fxc verdict this project does not reproduce: a Direct3D 9 target ignores the
#: packoffset rules
_NOT_BUILT = {("cbuffer C { float a : packoffset(c1); float b; }", "ps_3_0")}


@pytest.mark.parametrize("decl,use,want", LIMITS)
def test_register_limits(decl, use, want):
    for target, expected in zip(("ps_5_0", "ps_4_0", "ps_5_1", "cs_5_0"), want, strict=True):
        if expected is None:
            continue
        if target.startswith("cs"):
            src = decl + f"\nRWBuffer<float4> o_; [numthreads(1,1,1)] void main() {{ o_[0] = {use}; }}"
        else:
            src = decl + f"\nfloat4 main() : SV_Target {{ return {use}; }}"
        got = compile_or_error(src, target)
        assert (got if isinstance(got, str) else "ok") == expected, target


@pytest.mark.parametrize("decl,use,want", CBUFFER_REGISTERS)
def test_cbuffer_registers(decl, use, want):
    for target, expected in zip(("ps_5_0", "ps_4_0", "ps_4_1", "ps_4_0_level_9_1", "ps_3_0", "ps_5_1"), want,
                                strict=True):
        if (decl, target) in _NOT_BUILT:
            continue
        ret = "COLOR" if target == "ps_3_0" else "SV_Target"
        got = compile_or_error(f"{decl}\nfloat4 main() : {ret} {{ return {use}; }}", target)
        assert (got if isinstance(got, str) else "ok") == expected, target


#: an object's register() for several profiles: (declarations, use, fxc's verdict at ps_5_0, ps_4_0, ps_5_1)
PROFILE_REGISTERS = [
    ('Texture2D t : register(t1) : register(ps_5_0, t2);', 't.Load(0)', ('X4017', 'ok', 'ok')),
    ('Texture2D t : register(t1) : register(ps_5_0, t2);', '0', ('X4017', 'ok', 'ok')),
    ('Texture2D t : register(t1) : register(ps, t2);', 't.Load(0)', ('X4017', 'X4017', 'ok')),
    ('Texture2D t : register(t1) : register(vs, t2);', 't.Load(0)', ('ok', 'ok', 'ok')),
    ('Texture2D t : register(ps, t1) : register(ps_5_0, t2);', 't.Load(0)', ('X4017', 'ok', 'ok')),
    ('Texture2D t : register(t1) : register(t2);', 't.Load(0)', ('X3115', 'X3115', 'X3115')),
    ('Texture2D t : register(t1) : register(ps_5_0, s2);', 't.Load(0)', ('ok', 'ok', 'X3591')),
    ('SamplerState s : register(s1) : register(ps, s2); Texture2D t;', 't.Sample(s, 0.5)', ('X4017', 'X4017', 'ok')),
    ('float4 a : register(c1) : register(ps, c2);', 'a', ('ok', 'ok', 'ok')),
    ('Texture2D t : register(ps_4_0, t1) : register(ps_5_0, t2);', 't.Load(0)', ('ok', 'ok', 'ok')),
    ('Texture2D t : register(t1) : register(ps, t1);', 't.Load(0)', ('ok', 'ok', 'ok')),
    ('Texture2D t[2] : register(t1) : register(ps, t4);', 't[1].Load(0)', ('X4017', 'X4017', 'ok')),
]

#: not reproduced yet: at 5.1 a register() for another profile in another set is still judged (X3591)
_PROFILE_NOT_BUILT = {("Texture2D t : register(t1) : register(ps_5_0, s2);", "ps_5_1")}


@pytest.mark.parametrize("decl,use,want", PROFILE_REGISTERS)
def test_profile_registers(decl, use, want):
    """X4017: an object's general register() and one for this target (its profile or stage) naming different
    registers of one set, below 5.1, used or not; a number's c# keeps one without error."""
    for target, expected in zip(("ps_5_0", "ps_4_0", "ps_5_1"), want, strict=True):
        if (decl, target) in _PROFILE_NOT_BUILT:
            continue
        got = compile_or_error(f"{decl}\nfloat4 main() : SV_Target {{ return {use}; }}", target)
        assert (got if isinstance(got, str) else "ok") == expected, target


#: packoffset and register(c#) in a cbuffer at the Direct3D 9 targets: (declarations, use, target, fxc's
#: constants (name, register, count) or error)
D3D9_CBUFFERS = [
    ('cbuffer C { float4 a : packoffset(c3); float4 b : packoffset(c1); }', 'a + b', 'ps_3_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : packoffset(c3); float4 b : packoffset(c1); }', 'a + b', 'vs_2_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : packoffset(c0.y); }', 'a', 'ps_3_0', (('a', 0, 1),)),
    ('cbuffer C { float4 a : packoffset(c0.y); }', 'a', 'vs_2_0', (('a', 0, 1),)),
    ('cbuffer C { float a : packoffset(b0); float4 k : packoffset(c0); }', 'a + k', 'ps_3_0', (('a', 0, 1), ('k', 1, 1))),
    ('cbuffer C { float a : packoffset(b0); float4 k : packoffset(c0); }', 'a + k', 'vs_2_0', (('a', 0, 1), ('k', 1, 1))),
    ('cbuffer C { float4 a : packoffset(c1); float4 b; }', 'a + b', 'ps_3_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : packoffset(c1); float4 b; }', 'a + b', 'vs_2_0', (('a', 0, 1), ('b', 1, 1))),
    ('float4 g : packoffset(c1);', 'g', 'ps_3_0', 'X3091'),
    ('float4 g : packoffset(c1);', 'g', 'vs_2_0', 'X3091'),
    ('cbuffer C { float4 a : packoffset(c1); float4 b : packoffset(c1); }', 'a + b', 'ps_3_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : packoffset(c1); float4 b : packoffset(c1); }', 'a + b', 'vs_2_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : packoffset(zz); }', 'a', 'ps_3_0', (('a', 0, 1),)),
    ('cbuffer C { float4 a : packoffset(zz); }', 'a', 'vs_2_0', (('a', 0, 1),)),
    ('cbuffer C { float4 a : packoffset(c1) : register(c5); }', 'a', 'ps_3_0', (('a', 5, 1),)),
    ('cbuffer C { float4 a : packoffset(c1) : register(c5); }', 'a', 'vs_2_0', (('a', 5, 1),)),
    ('cbuffer C { float a : packoffset(c4096); }', 'a', 'ps_3_0', (('a', 0, 1),)),
    ('cbuffer C { float a : packoffset(c4096); }', 'a', 'vs_2_0', (('a', 0, 1),)),
    ('cbuffer C { float a[2] : packoffset(c1.y); }', 'a[1]', 'ps_3_0', (('a', 0, 2),)),
    ('cbuffer C { float a[2] : packoffset(c1.y); }', 'a[1]', 'vs_2_0', (('a', 0, 2),)),
    ('cbuffer C { float a : packoffset(c0.xy); }', 'a', 'ps_3_0', (('a', 0, 1),)),
    ('cbuffer C { float a : packoffset(c0.xy); }', 'a', 'vs_2_0', (('a', 0, 1),)),
    ('cbuffer C { float2 a : packoffset(c0.z); float2 b : packoffset(c0); }', 'a.x + b.y', 'ps_3_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float2 a : packoffset(c0.z); float2 b : packoffset(c0); }', 'a.x + b.y', 'vs_2_0', (('a', 0, 1), ('b', 1, 1))),
    ('cbuffer C { float4 a : register(c2); }', 'a', 'ps_3_0', (('a', 2, 1),)),
    ('cbuffer C { float4 a : register(c2); }', 'a', 'vs_2_0', (('a', 2, 1),)),
    ('cbuffer C { float4 a : register(c2); float4 b; }', 'a + b', 'ps_3_0', 'X3530'),
    ('cbuffer C { float4 a : register(c2); float4 b; }', 'a + b', 'vs_2_0', 'X3530'),
    ('cbuffer C { float4 a : register(c2); float4 b : register(c0); }', 'a + b', 'ps_3_0', (('a', 2, 1), ('b', 0, 1))),
    ('cbuffer C { float4 a : register(c2); float4 b : register(c0); }', 'a + b', 'vs_2_0', (('a', 2, 1), ('b', 0, 1))),
    ('cbuffer C { float4 a; } cbuffer D { float4 b : register(c4); }', 'a + b', 'ps_3_0', (('a', 0, 1), ('b', 4, 1))),
    ('cbuffer C { float4 a; } cbuffer D { float4 b : register(c4); }', 'a + b', 'vs_2_0', (('a', 0, 1), ('b', 4, 1))),
]

#: not reproduced yet: a cbuffer member's register(c#) at a Direct3D 9 target places it in the constant table
#: (fxc: `cbuffer C { float4 a : register(c2); }` is c2); only $Globals' are placed here
_D3D9_NOT_BUILT = {"cbuffer C { float4 a : packoffset(c1) : register(c5); }", "cbuffer C { float4 a : register(c2); }",
                   "cbuffer C { float4 a : register(c2); float4 b : register(c0); }",
                   "cbuffer C { float4 a; } cbuffer D { float4 b : register(c4); }"}


@pytest.mark.parametrize("decl,use,target,want", D3D9_CBUFFERS)
def test_d3d9_cbuffer_packoffset(decl, use, target, want):
    """A Direct3D 9 target reads no packoffset in a cbuffer (whatever stands in it compiles and the member keeps the
    packing's place; a global's is still X3091), and a member's register(c#) is all or nothing there (X3530)."""
    if decl in _D3D9_NOT_BUILT:
        pytest.xfail("a cbuffer member's register(c#) at a Direct3D 9 target is not placed")
    ret = "COLOR" if target[0] == "p" else "POSITION"
    got = compile_or_error(f"{decl}\nfloat4 main() : {ret} {{ return {use}; }}", target)
    if not isinstance(got, str):
        got = tuple((c["name"], c["index"], c["count"]) for c in describe(got)["constants"])
    assert got == want
