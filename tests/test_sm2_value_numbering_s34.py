"""Issue 15, session 34 helper D9SZ2: one computation of a repeated select (docs/conformance.md, "Session 34, helper
D9SZ", "follow-up (helper D9SZ2)").

LocalDeformablePRT's VS reads ``IndexArray[NumBones - 1]`` three times; the translation selects the element from
the four indices each time, with the comparisons on ``NumBones`` as parameter-only code the effect's preshader
computes. Three general rules make that one select:

1. *A preshader computes an operation on the same inputs once* (sm2/preshader.py ``_Builder.emit``): its
   temporaries are written once, so the same operation on the same references is the same value; and a moved
   value the shader reads from several temporaries is one output register where one already holds it.
2. *Value numbering* (sm2/propagate.py ``eliminate_common``): the same operation on the same values, wherever
   they sit ("mov - vs": a copy holds its source's values; a ``def`` component is its bits), is one value; an
   instruction whose value a register still holds becomes a copy of it, and what only it read is dead after.
3. *The folded program where it is cheaper* (sm2/d3d9.py ``_rewrite_once``): the reuse comes with the constant
   folding, which was dropped whenever it added a ``def``; it is kept where it needs fewer slots and the constants
   fit the target's c# registers.

Expected values: the same program with the index read once into a variable (the same values: the rules must make
the repeated reads cost what one read costs), and the programs run before and after on the test-side SM2
interpreter (tests/sm2_interp.py), the preshader's by its evaluator (test_fx2_preshader_gen), the stand-alone
shader against the SM4 program on the executor (test_hlsl_d3d9_targets._run_both).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_fx2_preshader_gen import _decode_fxlc, _fourcc, _pres_blocks, assert_same_results
from test_sm2_propagate import _inst, _run_fold, _text

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.sm2.profile import count_slots
from pyd3d11.shader.sm2.program import Dst, Inst, Src, decode_program
from pyd3d11.shader.sm2.tokens import Reg

_HEAD = "int n; float4x3 M[8];\n"
_ARGS = "float4 p : POSITION, float4 idx : TEXCOORD1, float3 nrm : NORMAL, out float3 on : TEXCOORD0"

#: the element of a bone-index array at a uniform index read once into a variable, and read where it is used
#: (LocalDeformablePRT's ``g_mWorldMatrixArray[IndexArray[NumBones-1]]`` for position, normal and tangent)
_I = "a[clamp(n - 1, 0, 3)]"  # a uniform index kept in range (the tests' random parameters and inputs)
BODIES = {
    "once2": f"int j = {_I}; float3 x = mul(p, M[j]); on = mul(nrm, (float3x3)M[j]); return float4(x, 1);",
    "twice": f"float3 x = mul(p, M[{_I}]); on = mul(nrm, (float3x3)M[{_I}]); return float4(x, 1);",
    "once3": f"int j = {_I}; float3 x = mul(p, M[j]); on = mul(nrm, (float3x3)M[j]) + mul(nrm.zxy, (float3x3)M[j]);"
             " return float4(x, 1);",
    "thrice": f"float3 x = mul(p, M[{_I}]); on = mul(nrm, (float3x3)M[{_I}]) + mul(nrm.zxy, (float3x3)M[{_I}]);"
              " return float4(x, 1);",
}
PAIRS = [("twice", "once2"), ("thrice", "once3")]


def _effect(body: str) -> str:
    return _HEAD + (f"float4 f({_ARGS}) : POSITION {{ int a[4] = (int[4])abs(idx); {body} }}\n"
                    "technique T { pass P { VertexShader = compile vs_2_0 f(); } }")


def _shader(body: str) -> str:
    return _HEAD + f"float4 main({_ARGS}) : POSITION {{ int a[4] = (int[4])abs(idx); {body} }}"


def _preshader_size(data: bytes) -> int:
    blocks = _pres_blocks(data)
    return len(_decode_fxlc(blocks[_fourcc(b"FXLC")][1:]))


@pytest.mark.parametrize("repeated,once", PAIRS)
def test_a_repeated_select_in_an_effect_costs_what_one_does(repeated: str, once: str):
    (rep,) = assert_same_results(_effect(BODIES[repeated]))  # the preshader and shader as the shader alone
    (one,) = assert_same_results(_effect(BODIES[once]))
    assert _preshader_size(rep) == _preshader_size(one)
    assert count_slots(decode_program(rep)) == count_slots(decode_program(one))


@pytest.mark.parametrize("repeated,once", PAIRS)
def test_a_repeated_select_in_a_shader_costs_what_one_does(repeated: str, once: str):
    from test_hlsl_d3d9_targets import _run_both

    blobs = {k: bytes(D3DCompile(_shader(BODIES[k]), None, "t.hlsl", None, None, "main", "vs_2_0", 0, 0))
             for k in (repeated, once)}
    assert count_slots(decode_program(blobs[repeated])) == count_slots(decode_program(blobs[once]))
    for seed in (1, 2):
        for expect, got, name in _run_both(_shader(BODIES[repeated]), "vs_2_0", seed=seed):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{name} seed {seed}")


# --- value numbering (propagate.eliminate_common), on instructions -------------------------------------------

def test_a_chain_repeated_after_its_registers_were_reused_is_one_value():
    # r0.x = t0.x * t1.y + t1.x computed in place; the same chain again into r1 (its first step's value is no
    # longer in any register, so it stays); its last step is r0.x's value: a copy from the lane holding it
    body = [_inst("mul r0.x, t0.x, t1.y"), _inst("add r0.x, r0.x, t1.x"),
            _inst("mul r1.x, t0.x, t1.y"), _inst("add r1.y, r1.x, t1.x"), _inst("mov oC0, r1.y")]
    after, before_out, after_out = _run_fold(body)
    got = [_text(i) for i in after]
    assert got[3] == "mov r1.y, r0.x"
    np.testing.assert_array_equal(before_out, after_out)


def test_a_def_component_is_its_value_in_any_register_or_lane():
    bits3 = 0x40400000  # 3.0
    defs = [Inst("def", Dst(Reg.CONST, 20), values=[bits3, 0, 0, 0]),
            Inst("def", Dst(Reg.CONST, 21), values=[0, bits3, 0, 0])]
    body = defs + [_inst("mul r2.x, t0.x, c20.x"), _inst("mul r3.x, t0.x, c21.y"), _inst("mul r4.x, t0.x, c21.x"),
                   _inst("add r5, r3.x, r4.x"), _inst("add r5, r5, r2.x"), _inst("mov oC0, r5")]
    after, before_out, after_out = _run_fold(body)
    got = [_text(i) for i in after]
    assert "mov r3.x, r2" in got  # 3.0 in c20.x and in c21.y
    assert "mul r4.x, t0.x, c21.x" in got  # 0.0: another value
    np.testing.assert_array_equal(before_out, after_out)


def test_a_value_in_another_lane_is_read_with_a_replicate_swizzle_for_one_lane_only():
    body = [_inst("add r0.x, t0.x, t1.x"), _inst("add r1.y, t0.x, t1.x"),
            _inst("add r2.xy, t0.x, t1.x"), _inst("add r3, r1.y, r2.y"), _inst("add r3, r3, r0.x"),
            _inst("mov oC0, r3")]
    after, before_out, after_out = _run_fold(body)
    got = [_text(i) for i in after]
    assert got[1] == "mov r1.y, r0.x"
    # two lanes held in no one register lane for lane (r0.x, r1.y): computed, not read through a swizzle the
    # target may not have ("Source Register Swizzling": ps_2_0 has a few full swizzles)
    assert got[2] == "add r2.xy, t0.x, t1.x"
    np.testing.assert_array_equal(before_out, after_out)


@pytest.mark.parametrize("mask", [0x1, 0x2, 0x3])
@pytest.mark.parametrize("lane", ["x", "y", "z"])
def test_sincos_leaves_x_y_z_undefined(mask: int, lane: str):
    # "sincos - vs" (vs_2_0 / vs_2_x): whatever the write mask, x, y and z not written are undefined after it --
    # a value computed there before is gone
    from pyd3d11.shader.sm2.propagate import eliminate_common

    angle = _inst("mov r9, t0.x").srcs[0]
    body = [_inst(f"add r0.{lane}, t0.x, t1.x"), Inst("sincos", Dst(Reg.TEMP, 0, mask), [angle]),
            _inst(f"add r1.{lane}, t0.x, t1.x")]
    assert [i.op for i in eliminate_common(body)][2] == "add"


def test_a_register_read_before_any_write_holds_one_value():
    # r7 is not written in the block: two reads of r7.x read the same value, so the second sum is the first's
    body = [_inst("add r0.x, r7.x, t1.x"), _inst("add r1.x, r7.x, t1.x"), _inst("add r2, r0.x, r1.x"),
            _inst("mov oC0, r2")]
    from pyd3d11.shader.sm2.propagate import eliminate_common

    assert [_text(i) for i in eliminate_common(body)][1] == "mov r1.x, r0"


def test_code_with_flow_control_is_left_alone():
    # the sum inside the block is not in r0.x where b0 is false: the one after the block is computed
    body = [Inst("if", None, [Src(Reg.CONSTBOOL, 0)]), _inst("add r0.x, t0.x, t1.x"), Inst("endif"),
            _inst("add r1.x, t0.x, t1.x"), _inst("mov oC0, r1.x")]
    from pyd3d11.shader.sm2.propagate import eliminate_common

    assert [i.op for i in eliminate_common(body)] == ["if", "add", "endif", "add", "mov"]
