"""Session 24 (helper MUT): ``switch`` on a selector the level-9 translation knows (sm2/flow.py ``_switch``): a
loop the translation unrolls makes its counter known, so each iteration runs only its case ("switch (sm4 - asm)":
the case whose label equals the selector, else default). Expected values: the SM4 program on pyd3d11's executor,
exactly (tests/test_level9_ints_loops.run_both).
"""

from __future__ import annotations

import pytest
from test_level9_ints_loops import assert_agree, run_both

SWITCH = """float4 main(float4 x : TEXCOORD0) : SV_Target { float4 r = x;
  for (int i = 0; i < 3; i++) { switch (i) { case 0: r += x; break; case 1: r *= 2; break; default: r -= 1; break; } }
  return r; }"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3", "vs_4_0_level_9_1"])
def test_switch_on_an_unrolled_loop_counter_runs_one_case_per_iteration(target: str):
    src = SWITCH.replace(": SV_Target", ": SV_Position") if target.startswith("vs") else SWITCH
    assert_agree(run_both(src, target, 400, xrange=4.0), tol=0)
