"""Level-9 (Aon9) code size, session 24 helper GPU: two shader-model-2 facts that fxc's programs rely on.

- "log - ps" / "log - vs": log computes log2 of the absolute value ("a scalar source whose sign bit is ignored");
  "rsq - ps" / "rsq - vs": "the absolute value is taken before processing". A sign modifier on their source
  (SM4's ``|x|``, ``-|x|``, ``-x``) therefore needs no ``abs`` instruction; sqrt is rcp(rsq) and likewise.
- "ps_2_0 Registers": t# and v# are read-only and an instruction reads at most one t#: an input register copied to
  a temporary for one instruction can be read through that copy by the next ones while the temporary is not
  written again; the input copied is the one the program reads most.

Found through the Windows universal samples' Simple3DGame PixelShader.hlsl (ps_4_0_level_9_1: 69 arithmetic slots,
X5608, where fxc fits ps_2_0's 64; now 62). Expected values: the SM4 program run on the same inputs
(test_level9_profiles._run_both), the SM2 listing read for the instructions the rules remove.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_level9_profiles import _run_both, compile_, sm2_of

from pyd3d11.shader.sm2.profile import count_slots
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

POW_CASES = [
    # HLSL whose SM4 program reads log's argument as |x| (pow lowers to log |x|, mul, exp)
    "pow(a.y, 3.5)",
    "pow(max(0, a.x), a.w)",
    "pow(abs(a.z) + 0.25, a.y) * 2",
]


@pytest.mark.parametrize("level", ["9_1", "9_3"])
@pytest.mark.parametrize("expr", POW_CASES)
def test_log_of_an_absolute_value_needs_no_abs(expr: str, level: str):
    src = f"float4 main(float4 a : TEXCOORD0) : SV_Target {{ return {expr}; }}"
    target = f"ps_4_0_level_{level}"
    ops = [i.op for i in sm2_of(compile_(src, target)).instructions]
    assert "log" in ops and ops.count("abs") == expr.count("abs(")  # only HLSL's own abs() stays an instruction
    for expect, got, r in _run_both(src, target, seed=3):
        m = np.isfinite(expect)
        np.testing.assert_allclose(got[m], expect[m], rtol=2e-5, atol=2e-5, err_msg=f"o{r}")


SM4_SCALAR = """ps_4_0
dcl_input_ps linear v0.xyzw
dcl_output o0.xyzw
dcl_temps 1
{op} r0.x, {arg}
mov o0.xyzw, r0.xxxx
ret
"""


@pytest.mark.parametrize("op", ["log", "rsq", "sqrt"])
@pytest.mark.parametrize("arg", ["|v0.x|", "-|v0.x|", "-v0.x"])
def test_every_sign_modifier_on_log_rsq_sqrt_is_dropped(op: str, arg: str):
    """The table of the rule: each modifier SM4 can put on the source of log, rsq and sqrt (rcp of rsq)."""
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.sm2.profile import PROFILES
    from pyd3d11.shader.sm2.translate import translate

    prog = translate(assemble_program(SM4_SCALAR.format(op=op, arg=arg)), PROFILES["ps_4_0_level_9_1"]).program
    ops = [i.op for i in prog.instructions if i.op not in ("dcl", "def", "comment")]
    read = next(i for i in prog.instructions if i.op in ("log", "rsq"))
    assert "abs" not in ops and read.srcs[0].reg == TEXTURE and read.srcs[0].mod == 0


LIGHTS = """
float4 main(float3 n : TEXCOORD0, float3 l0 : TEXCOORD1, float3 l1 : TEXCOORD2, float3 l2 : TEXCOORD3,
            float3 l3 : TEXCOORD4) : SV_Target {
    return max(0, dot(n, l0)) + max(0, dot(n, l1)) + max(0, dot(n, l2)) + max(0, dot(n, l3));
}"""


@pytest.mark.parametrize("level", ["9_1", "9_3"])
def test_an_input_copied_for_the_read_port_is_reused(level: str):
    target = f"ps_4_0_level_{level}"
    prog = sm2_of(compile_(LIGHTS, target))
    copies = [i for i in prog.instructions if i.op == "mov" and i.srcs[0].reg in (TEXTURE, Reg.INPUT)]
    # every dp3 reads n beside one light: n (read 4 times) is copied once, each light read directly
    assert len(copies) == 1 and copies[0].srcs[0].num == 0
    assert count_slots(prog)[2] == 4 + 4 + 3 + 1 + 1  # dp3 x4, max x4, add x3, the copy, mov oC0
    for expect, got, r in _run_both(LIGHTS, target, seed=5):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"o{r}")
