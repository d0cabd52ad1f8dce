"""Session 24 (helper MUT): integer rules of the level-9 translation (shader/sm2/integers.py) the seed-26 mutation
sample found untested: shifts by amounts computed in the shader, round_z / round_ne.

Expected values: the SM4 program of the same HLSL on pyd3d11's executor ("ishl / ushr (sm4 - asm)": shift by the
amount's low 5 bits; "round_z": toward zero; "round_ne": to nearest, ties to even), compared exactly (tol 0) with
the Aon9 program on the test-side interpreter (tests/test_level9_ints_loops.run_both). The shifts are fxc's
X3535 below shader model 4 (d3dcompiler_47 10.1), so that program is compiled for ps_4_0 / vs_4_0 and its SM4 code
translated under the level-9 profile (sm2_helpers.translated_): the translation is what it tests.
"""

from __future__ import annotations

import pytest
from sm2_helpers import translated_
from test_level9_ints_loops import assert_agree, run_both

SHIFTS = """float4 main(float4 x : TEXCOORD0) : SV_Target { uint a = (uint)abs(x.x * 50) + 1;
  uint n = (uint)abs(x.y * 8) % 16; return float4(a << n, (a << 8) >> n, a << (n + 32), n); }"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_3", "vs_4_0_level_9_1", "vs_4_0_level_9_3"])
def test_shifts_by_computed_amounts_are_exact(target: str):
    """2^n for an amount n known only at run time: exact powers of two (the amount taken modulo 32)."""
    src = SHIFTS.replace(": SV_Target", ": SV_Position") if target.startswith("vs") else SHIFTS
    for seed in range(3):
        assert_agree(run_both(src, target, 300 + seed, xrange=20.0, make=translated_), tol=0)


ROUNDING = """float4 main(float4 x : TEXCOORD0) : SV_Target {
  return float4(trunc(x.x * 4), round(x.y * 4), round(floor(x.z * 4) + 0.5), trunc(-abs(x.w) * 3)); }"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3", "vs_4_0_level_9_1"])
def test_round_toward_zero_and_to_nearest_even(target: str):
    """trunc (round_z) of negative fractions goes up, round (round_ne) of exact halves goes to the even
    neighbour (.z: floor(v) + 0.5 is a tie for every input)."""
    src = ROUNDING.replace(": SV_Target", ": SV_Position") if target.startswith("vs") else ROUNDING
    for seed in range(3):
        assert_agree(run_both(src, target, 310 + seed, xrange=6.0), tol=0)
