"""``register([profile,] x#[,space#])`` bindings, register conflicts, packoffset/cbuffer rules and semantics
where they do not belong.

Sources: MicrosoftDocs direct3dhlsl "register" (the optional shader profile is a target or a bare stage
name; a binding applies to that profile only), "packoffset"; fxc's verdicts as DXC's SemaHLSL packreg and
semantics tests record them (X3115 conflicting register semantics, X3530 mixing packoffset with
non-packoffset members, X3043 semantics on locals, X3202 warning for a cbuffer semantic); register spaces
are a shader model 5.1 feature (MicrosoftDocs "Resource binding in HLSL": "register spaces ... SM 5.1").
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

PS = "float4 main() : SV_Target { return %s; }"


def _compile(src: str, target: str = "ps_5_0", msgs: list | None = None) -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0, msgs)


def _error(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as ei:
        _compile(src, target)
    return ei.value.errors


def _bind_point(src: str, name: str, target: str = "ps_5_0") -> int:
    return D3DReflect(_compile(src, target)).GetResourceBindingDescByName(name).BindPoint


#: (declaration, target, expected t# of `tex`): a binding for another profile is ignored; a stage name
#: matches every target of that stage, a full target only itself
PROFILE_CASES = [
    ("Texture2D tex : register(t3);", "ps_5_0", 3),
    ("Texture2D tex : register(ps, t3);", "ps_5_0", 3),
    ("Texture2D tex : register(ps, t3);", "ps_4_0", 3),
    ("Texture2D tex : register(ps_5_0, t3);", "ps_5_0", 3),
    ("Texture2D tex : register(ps_5_0, t3);", "ps_4_0", 0),
    ("Texture2D tex : register(vs, t3);", "ps_5_0", 0),
    ("Texture2D tex : register(vs, t1) : register(ps, t2);", "ps_5_0", 2),
    ("Texture2D tex : register(vs, t1) : register(ps, t2);", "vs_5_0", 1),
    ("Texture2D tex : register(ps_4_0, t5) : register(ps_5_0, t6);", "ps_4_0", 5),
    ("Texture2D tex : register(ps_4_0, t5) : register(ps_5_0, t6);", "ps_5_0", 6),
    ("Texture2D tex : register(ps, T4);", "ps_5_0", 4),  # ``PS`` is X3089 (d3dcompiler_47 10.1, session 40)
    ("Texture2D tex : register(ps, t[2]);", "ps_5_0", 2),
    ("Texture2D tex : register(ps, t1) : register(ps_5_1, t2);", "ps_5_0", 1),
]


@pytest.mark.parametrize("decl,target,slot", PROFILE_CASES)
def test_profile_qualified_register(decl, target, slot):
    stage = target[:2]
    body = ("float4 main() : SV_Target { return tex.Load(0); }" if stage == "ps" else
            "float4 main() : SV_Position { return tex.Load(0); }")
    assert _bind_point(decl + body, "tex", target) == slot


@pytest.mark.parametrize("decl", [
    "Texture2D tex : register(t1) : register(t2);",
    "Texture2D tex : register(vs, t1) : register(vs, t2);",  # conflicting even where it does not apply
    "Texture2D tex : register(ps, t1) : register(ps, t2);",
    "sampler smp : register(s0) : register(s1);",
    "float4 f : register(c0) : register(c1);",
])
def test_conflicting_registers_of_one_set(decl):
    err = _error(decl + PS % "0")
    assert "error X3115: Conflicting register semantics" in err, err


@pytest.mark.parametrize("decl", [
    "float4 f : register(vs, c0) : register(ps, c1);",
    "Texture2D tex : register(t1) : register(s1);",  # different register sets
    "Texture2D tex : register(t1) : register(t1);",  # the same binding twice
])
def test_non_conflicting_registers(decl):
    _compile(decl + PS % "0")


@pytest.mark.parametrize("decl,fxc", [
    ("Texture2D tex : register(t1, space0);", "X3721"), ("Texture2D tex : register(t1, space1);", "X3721"),
    ("Texture2D tex : register(ps, t1, space0);", None), ("Texture2D tex : register(space0);", "X3530"),
    ("cbuffer cb : register(b0, space1) { float4 f; }", "X3721"),
])
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_register_space_needs_shader_model_5_1(decl, fxc, target):
    """d3dcompiler_47 10.1 under Wine (session 38; X3530 for each was inferred): a space below 5.1 is X3721 "space
    is only supported for shader targets 5.1 and higher", a space alone X3530, and a register naming a profile
    passes over its space (compiles; tests/test_rules_hlsl_fxc_mutants_s38.py records the rule's table)."""
    if fxc is None:
        _compile(decl + PS % "0", target)
        return
    err = _error(decl + PS % "0", target)
    assert f"error {fxc}" in err and "space" in err, err


@pytest.mark.parametrize("members,code", [
    ("float a : packoffset(c0); float b : packoffset(c1);", None),
    ("float a; float b;", None),
    ("float a : foo; float b : packoffset(c1);", "X3530"),
    ("float a : packoffset(c0); float b;", "X3530"),
    ("float a : register(c3); float b : packoffset(c1);", "X3530"),
    ("float a : foo : fubar : packoffset(c5); float b : packoffset(c6) : foo;", None),
])
def test_packoffset_is_all_or_nothing(members, code):
    src = f"cbuffer cb : register(b2) {{ {members} }}\n" + PS % "a + b"
    if code is None:
        _compile(src)
    else:
        err = _error(src)
        assert "error X3530: cannot mix packoffset elements with nonpackoffset elements in a cbuffer" in err, err


@pytest.mark.parametrize("decl", ["float a : SEM_A;", "float b : Sem_b : also_b;", "float a2 : Sem = 1.0f;",
                                  "float4 c[2] : C;"])
def test_locals_cannot_have_semantics(decl):
    name = decl.split()[1].split("[")[0]
    err = _error("float4 main() : SV_Target { " + decl + " return 0; }")
    assert f"error X3043: '{name}': local variables cannot have semantics" in err, err


def test_local_struct_with_semantic_is_accepted():
    _compile("float4 main() : SV_Target { struct { float x; } s2 : semantic; s2.x = 1; return s2.x; }")


def test_globals_may_carry_semantics():
    _compile("float g1 : foo; float g2 : foo : fubar; float g3 : foo : register(c3);\n" + PS % "g1 + g2 + g3")


def test_cbuffer_semantic_is_a_warning():
    msgs: list = []
    _compile("cbuffer CB : register(b3) : cbuffer_semantic { float a; }\n" + PS % "a", msgs=msgs)
    text = "".join(bytes(m).decode() if not isinstance(m, str) else m for m in msgs)
    assert "warning X3202: usage semantics do not apply to cbuffers" in text, text


def test_members_bound_to_resource_registers_do_not_count_as_unpacked():
    """A cbuffer member with a t/s/u register() is not packed, so it may sit beside packoffset members
    (Windows-verified vkd3d cbuffer test: ``float4 bar : register(t1)`` next to ``packoffset(c0)``)."""
    _compile("cbuffer cb { float4 foo : packoffset(c0); float4 bar : register(t1); }\n" + PS % "foo + bar")


@pytest.mark.parametrize("target", ["ps_5_0", "ps_5_1"])
@pytest.mark.parametrize("decl,ok", [
    ("cbuffer cb : register(b3) { float4 a; }", True), ("cbuffer cb : register(B3) { float4 a; }", True),
    ("cbuffer cb : register(t1) { float4 a; }", "X3530 bc below 5.1"),
    ("cbuffer cb : register(c2) { float4 a; }", "X3530 below 5.1"),
    ("cbuffer cb : register(u4) { float4 a; }", "X3530 bc below 5.1"),
    ("cbuffer cb : register(s20) { float4 a; }", "X3530 bc below 5.1"),
    ("tbuffer cb : register(t1) { float4 a; }", True), ("tbuffer cb : register(b1) { float4 a; }", "X3530 t below 5.1"),
    ("tbuffer cb : register(c1) { float4 a; }", "X3530 t below 5.1"),
])
def test_constant_buffer_register_class(decl, ok, target):
    """cbuffers bind to b#, tbuffers to t#; any other register set is fxc's X3591 "incorrect bind semantic"
    (DXC packreg test: fxc's 5.1 verdicts) -- except below 5.1, where d3dcompiler_47 10.1 answers a cbuffer's c# with
    X3530 "invalid register specification, expected 'b' binding", another set with "... expected 'b' or 'c'
    binding" (session 43: bufregs.py) and a tbuffer's b# or c# with "... expected 't' binding" (Wine, session 35;
    fxc 6.3.9600 took the c# as the slot: AMD's AMD_UnitCube.hlsl)."""
    src = decl + "\n" + PS % "a"
    if isinstance(ok, str) and ok.startswith("X3530"):
        if target != "ps_5_1":
            want = "t" if " t " in ok else "b' or 'c" if " bc " in ok else "b"
            assert f"error X3530: invalid register specification, expected '{want}' binding" in _error(src, target)
            return
        ok = False
    if ok:
        _compile(src, target)
    else:
        assert "error X3591: incorrect bind semantic" in _error(src, target)


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_a_cbuffer_c_register_compiles_at_the_d3d9_targets(target):
    """fxc 10.1 keeps a cbuffer's c# only at the Direct3D 9 targets (at 4.x / 5.0 it is X3530: above)."""
    _compile("cbuffer cb : register(c3) { float4 a; }\nfloat4 main() : COLOR { return a; }", target)


@pytest.mark.parametrize("regs,code,msg", [
    ("register(ps, b0) : register(vs, b2)", "X3515", "User defined constant buffer slots cannot be target specific"),
    ("register(ps, b0)", "X3515", "User defined constant buffer slots cannot be target specific"),
    ("register(b0) : register(b2)", "X3530", "Buffers may only be bound to one slot."),
])
def test_cbuffer_registers_are_single_and_unqualified(regs, code, msg):
    """fxc (DXC packreg test): a cbuffer slot cannot name a profile (X3515) and a buffer binds to one slot
    (X3530)."""
    assert f"error {code}: {msg}" in _error(f"cbuffer cb : {regs} {{ float4 a; }}\n" + PS % "a")


def test_register_set_of_another_profile_judged_at_the_declaration():
    """A reservation for another profile binds nothing here; d3dcompiler_47 10.1 (session 35) compiles a used
    ``sampler s : register(vs, t0)`` under ps (a pairing letter) and fails ``register(vs, u0)`` at the
    declaration (X3530), used or not."""
    D3DCompile("SamplerState smp : register(vs, t0); Texture2D tex;\n" + PS % "tex.Sample(smp, 0)", None, "t.hlsl",
               None, None, "main", "ps_5_0")
    err = _error("SamplerState smp : register(vs, u0);\n" + PS % "0")
    assert "error X3530" in err, err


#: (declaration, use, verdict unused, verdict used): an object reserved in another register set, recorded from
#: d3dcompiler_47 10.1 under Wine (session 35); a letter its kind's fxc text does not name fails at the
#: declaration (tests/test_rules_hlsl_register_classes.py has the whole table)
WRONG_SET = [
    ("Texture2D obj : register(s0);", "obj.Load(int3(0, 0, 0))", None, None),
    ("SamplerState obj : register(t0); Texture2D tx;", "tx.Sample(obj, float2(0, 0))", None,
     "X4509: invalid register semantic 't0', or variable must be bound to multiple register banks "
     "(s register binding required)"),
    ("RWTexture2D<float> obj : register(t1);", "obj[uint2(0, 0)]", "X3530: UAV requires a 'u' register",
     "X3530: UAV requires a 'u' register"),
    ("StructuredBuffer<float4> obj : register(u1);", "obj[0]", "X3530: buffer requires a 't' register",
     "X3530: buffer requires a 't' register"),
    ("Buffer<float4> obj : register(b2);", "obj[0]", "X3530: buffer requires a 't' register",
     "X3530: buffer requires a 't' register"),
    ("Texture2D obj[2] : register(b2);", "obj[1].Load(int3(0, 0, 0))", None, None),  # an array: bound freely
    ("SamplerState obj[2] : register(b2); Texture2D tx;", "tx.Sample(obj[1], float2(0, 0))", None,
     "X4509: invalid register semantic"),
]


@pytest.mark.parametrize("decl,use,unused,used", WRONG_SET)
def test_wrong_register_set(decl, use, unused, used):
    for body, verdict in (("0", unused), (use, used)):
        src = f"{decl}\nfloat4 main() : SV_Target {{ return {body}; }}"
        if verdict is None:
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
            continue
        with pytest.raises(ShaderCompileError) as info:
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
        assert f"error {verdict}" in info.value.errors


#: (declarations, body reading them, overlapping register or None): two objects reserved at one register
#: are fxc's X4500 "overlapping register semantics not yet implemented 't1'" once both are used (the message
#: and number of d3dcompiler's register allocator; a texture array takes its whole range once used); an
#: unused reservation reserves nothing
OVERLAPS = [
    ("Texture2D a : register(t1); Texture2D b : register(t1);", "a.Load(0) + b.Load(0)", "t1"),
    ("Texture2D a : register(t1); Texture2D b : register(t1);", "a.Load(0)", None),
    ("Texture2D a : register(t1); Texture2D b : register(t2);", "a.Load(0) + b.Load(0)", None),
    ("Texture2D a[4] : register(t1); Texture2D b : register(t3);", "a[0].Load(0) + b.Load(0)", "t3"),
    ("Texture2D a[2] : register(t1); Texture2D b : register(t3);", "a[1].Load(0) + b.Load(0)", None),
    ("Texture2D a : register(t1); SamplerState b : register(s1);", "a.Sample(b, 0)", None),
    ("SamplerState a : register(s2); SamplerState b : register(s2); Texture2D t;",
     "t.Sample(a, 0) + t.Sample(b, 0)", "s2"),
    ("SamplerState a[4] : register(s0); SamplerState b : register(s2); Texture2D t;",
     "t.Sample(a[0], 0) + t.Sample(b, 0)", None),  # a sampler array binds only its used elements
    ("RWTexture2D<float> a : register(u1); RWTexture2D<float> b : register(u1);",
     "a[uint2(0, 0)] + b[uint2(0, 0)]", "u1"),
    ("float4 a : register(c2); float4 b : register(c3);", "a + b", None),
]


@pytest.mark.parametrize("decls,body,reg", OVERLAPS)
def test_overlapping_reservations(decls, body, reg):
    src = decls + "\nfloat4 main() : SV_Target { return " + body + "; }"
    if reg is None:
        _compile(src)
    else:
        err = _error(src)
        assert f"error X4500: overlapping register semantics not yet implemented '{reg}'" in err, err
