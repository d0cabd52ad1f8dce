"""HLSL front end: rules found compiling real programs (the DirectX SDK samples), each tested from its
definition — for-initialiser scope, constant-folded ``&&``/``||`` before dead-code checks, effect state
objects in arrays, and E_NOTIMPL (never a wrong error) for interface-typed parameters. The whole-sample
compile runs when a checkout of walbourn/directx-sdk-samples is named by PYD3D11_SDK_SAMPLES."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect


def compile_ok(src: str, target: str = "ps_5_0", flags: int = 0) -> list:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0, msgs)
    return [bytes(m).decode() if not isinstance(m, str) else m for m in msgs]


# --- for-initialiser scope ------------------------------------------------------------------------------
def test_for_loop_variable_is_visible_after_the_loop_with_its_final_value():
    """fxc keeps a ``for`` initialiser's variable in the enclosing scope (pre-standard C++ scoping):
    ScanCS.hlsl and BC7Encode.hlsl read the counter after its loop. After ``for (i = 0; i < 3; ++i)``
    the counter is 3."""
    src = """
    float4 main(float4 v : A) : SV_Target {
        float s = 0;
        for (int i = 0; i < 3; ++i) s += v.x;
        return float4(s, i, 0, 0);
    }"""
    out = run_ps(src, {0: f32([[2, 0, 0, 0]])}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0, :2], f32([6, 3]))


def test_loop_counter_declared_in_a_for_is_assigned_by_a_later_loop():
    """BC7Encode.hlsl: ``for (uint i …) {…} … for (i = 0; i < 2; i++)`` reuses the first loop's
    counter; a run-time bound keeps both loops real loops."""
    src = """
    float4 main(float4 v : A) : SV_Target {
        float s = 0;
        for (uint i = 0; i < (uint)v.y; i++) s += 1;
        for (i = 0; i < 2; i++) s += 10;
        return float4(s, i, 0, 0);
    }"""
    out = run_ps(src, {0: f32([[0, 4, 0, 0]])}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0, :2], f32([24, 2]))


def test_redeclared_loop_counter_warns_x3078_and_the_latest_declaration_wins():
    """Two ``for (int i …)`` in one scope: the second declaration replaces the first (warning X3078,
    "loop control variable conflicts with a previous declaration in the outer scope; most recent
    declaration will be used"); the value after both loops is the second loop's."""
    src = """
    float4 main(float4 v : A) : SV_Target {
        float s = 0;
        for (int i = 0; i < 2; i++) s += v.x;
        for (int i = 5; i < 9; i++) s += 1;
        return float4(s, i, 0, 0);
    }"""
    msgs = compile_ok(src)
    assert any("X3078" in m for m in msgs)
    out = run_ps(src, {0: f32([[1, 0, 0, 0]])}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0, :2], f32([6, 9]))


def test_loop_counter_in_a_nested_block_does_not_leak_out_of_the_block():
    src = """
    float4 main(float4 v : A) : SV_Target {
        { for (int i = 0; i < 2; i++) v.x += 1; }
        return float4(v.x, i, 0, 0);
    }"""
    with pytest.raises(ShaderCompileError) as e:
        compile_ok(src)
    assert "X3004" in e.value.errors


# --- && / || with a constant side, before dead-code checks ----------------------------------------------
LOGICAL = [
    # (condition with i = 1 unrolled, the branch is dead) — a resource index out of range inside it is no error
    "i < 1 && v.x > 0",
    "v.x > 0 && i < 1",
    "!(i >= 1 || v.x > 0)",
    "false && v.x > 0",
    "(i < 1 && v.x > 0) && v.y > 0",
]


@pytest.mark.parametrize("cond", LOGICAL)
def test_resource_index_out_of_range_only_in_a_branch_a_constant_operand_kills(cond):
    """MultithreadedRendering11_PS: ``if (iLight < g_iNumShadows && any(…))`` in a loop unrolled over 4
    lights indexes ``g_txShadow[1]`` (array of 1) only where the condition is ``false && x``; fxc folds
    the condition and removes the branch before it checks the index."""
    src = f"""
    Texture2D t[1]; SamplerState s;
    float4 main(float4 v : A) : SV_Target {{
        float4 c = 0;
        [unroll] for (int i = 0; i < 4; ++i) {{ if ({cond}) c += t[i].Sample(s, v.xy); }}
        return c;
    }}"""
    compile_ok(src)


@pytest.mark.parametrize(("op", "k", "x", "expected"), [
    ("&&", "true", 1.0, 1.0), ("&&", "true", -1.0, 0.0), ("&&", "false", 1.0, 0.0),
    ("||", "false", 1.0, 1.0), ("||", "false", -1.0, 0.0), ("||", "true", -1.0, 1.0),
])
def test_logical_operator_with_one_constant_side_keeps_its_truth_table(op, k, x, expected):
    """The fold must equal the operator: ``true && x`` is x, ``false && x`` false, ``false || x`` x,
    ``true || x`` true — for either operand order."""
    for cond in (f"{k} {op} (v.x > 0)", f"(v.x > 0) {op} {k}"):
        src = f"float4 main(float4 v : A) : SV_Target {{ return ({cond}) ? 1.0 : 0.0; }}"
        out = run_ps(src, {0: f32([[x, 0, 0, 0]])}, 1)[0].view(np.float32)
        assert out[0, 0] == expected, cond


def test_index_out_of_range_in_a_live_branch_is_still_x3504():
    src = """
    Texture2D t[1]; SamplerState s;
    float4 main(float4 v : A) : SV_Target {
        float4 c = 0;
        [unroll] for (int i = 0; i < 2; ++i) { if (i < 2 && v.x > 0) c += t[i].Sample(s, v.xy); }
        return c;
    }"""
    with pytest.raises(ShaderCompileError) as e:
        compile_ok(src)
    assert "X3504" in e.value.errors


# --- effect objects in arrays -------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["RasterizerState", "BlendState", "DepthStencilState", "SamplerState",
                                  "string", "VertexShader", "PixelShader"])
def test_array_of_effect_objects_is_accepted_outside_effects(kind):
    """DynamicShaderLinkageFX11.fx declares ``RasterizerState g_rasterizerState[2]`` and compiles its
    VS/PS on their own (an internal KeyError before). State objects take no register in a shader
    profile; a sampler array is a real resource array (s0, s1)."""
    src = f"""
    {kind} objs[2];
    float4 main(float4 v : A) : SV_Target {{ return v; }}"""
    compile_ok(src)


def test_array_of_rasterizer_states_indexed_by_a_technique_compiles():
    src = """
    int g_fillMode;
    RasterizerState g_rs[2] { { FillMode = SOLID; }, { FillMode = WIREFRAME; } };
    float4 PS(float4 v : A) : SV_Target { return v; }
    technique11 T { pass P { SetRasterizerState(g_rs[g_fillMode]);
                             SetPixelShader(CompileShader(ps_5_0, PS())); } }"""
    D3DCompile(src, None, "t.fx", None, None, "PS", "ps_5_0")


# --- interface-typed parameters (built since session 6; tests/test_hlsl_interface_params.py runs them) --------
IFACE = """
interface ILight { float3 Shade(float3 n); };
class Sun : ILight { float3 d; float3 Shade(float3 n) { return saturate(dot(n, d)); } };
"""


@pytest.mark.parametrize("src,slot_name,flags", [
    (IFACE + "float4 main(ILight l, float3 n : N) : SV_Target { return float4(l.Shade(n), 1); }", "l", 0xE),
    (IFACE + "float4 main(uniform ILight l, float3 n : N) : SV_Target { return float4(l.Shade(n), 1); }", "l",
     0xE),
    (IFACE + "ILight g; float3 W(ILight l, float3 n) { return l.Shade(n); }\n"
             "float4 main(float3 n : N) : SV_Target { return float4(W(g, n), 1); }", "g", 0x6),
])
def test_interface_parameters_compile_to_interface_slots(src, slot_name, flags):
    """An entry point's interface parameter is a slot flagged D3D_SVF_INTERFACE_PARAMETER (0x8); a helper's
    interface parameter is the global pointer passed to it (D3D_SVF_USED | D3D_SVF_INTERFACE_POINTER)."""
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    r = D3DReflect(blob)
    assert r.GetNumInterfaceSlots() == 1
    cb = r.GetConstantBufferByName("$ThisPointer")
    d = cb.GetVariableByIndex(0).GetDesc()
    assert (d.Name, d.StartOffset, d.Size, d.uFlags) == (slot_name, 0, 1, flags)


# --- the SDK samples (optional: needs a checkout) ------------------------------------------------------
SDK = os.environ.get("PYD3D11_SDK_SAMPLES")


@pytest.mark.skipif(not SDK or not Path(SDK, "SubD11").is_dir(),
                    reason="set PYD3D11_SDK_SAMPLES to a checkout of walbourn/directx-sdk-samples")
def test_every_sdk_sample_entry_point_compiles():
    from pyd3d11.tools import sdk_samples

    root = Path(SDK)
    jobs = list(sdk_samples.jobs())
    assert len(jobs) == 266
    failures = [(j.name(), err) for j in jobs if (err := sdk_samples.compile_job(root, j))]
    assert failures == []
    effect = list(sdk_samples.effect_jobs(root))
    errors = [(j.name(), err) for j in effect if (err := sdk_samples.compile_job(root, j))]
    # every effect entry point compiles alone, except those fxc refuses too (PSMainUniform for ps_4_x: its
    # interface parameters need the technique's static specialisation), which must be refused the same way
    assert errors == []
    assert {(j.path, j.entry, j.target) for j in effect if j.expect_error} == set(sdk_samples.FXC_REFUSES)
    assert sum(1 for j in effect if j.target == "fx_5_0") == 8


# --- a stand-alone compile fxc refuses (tools/sdk_samples FXC_REFUSES) -------------------------------------
UNIFORM_IFACE = r"""
interface iLight { float3 Shade(float3 n); };
class cFlat : iLight { float3 c; float3 Shade(float3 n) { return c; } };
cFlat g_flat;
float4 PSUniform(uniform iLight light, float3 n : NORMAL) : SV_Target { return float4(light.Shade(n), 1); }
"""


@pytest.mark.parametrize("target,refused", [("ps_4_0", True), ("ps_4_1", True), ("ps_5_0", False)])
def test_uniform_interface_entry_compiled_alone(tmp_path, target, refused):
    """An entry point whose uniform interface parameter only an effect technique binds: shader model 4 has no
    dynamic linkage, so compiled alone it is refused; ps_5_0 compiles it with an interface slot. The SDK tool
    counts the refusal as fxc's behaviour only when the error is the expected one."""
    from pyd3d11.tools import sdk_samples

    (tmp_path / "u.fx").write_text(UNIFORM_IFACE)
    expect = "X3544" if refused else None
    job = sdk_samples.Job("u.fx", "PSUniform", target, (), sdk_samples.STRICT, expect)
    assert sdk_samples.compile_job(tmp_path, job) is None
    plain = sdk_samples.Job("u.fx", "PSUniform", target, (), sdk_samples.STRICT)
    err = sdk_samples.compile_job(tmp_path, plain)
    assert (err is not None and "X3544" in err) if refused else err is None
    if not refused:  # a job expecting a refusal fails when the compile succeeds
        wrong = sdk_samples.Job("u.fx", "PSUniform", target, (), sdk_samples.STRICT, "interfaces require")
        assert "compiled, but fxc refuses it" in sdk_samples.compile_job(tmp_path, wrong)
