"""Session 26 (helper MUT): sm2/selects.py — a write inside a flattened branch is selected into its register, and
the select reads the register's old value, so every written lane whose value the translation only knew (a
constant not yet materialised) must be in the register first. The translated program is run by the test-side
SM2 interpreter against the SM4 executor (test_sm2_unroll_s25._agree)."""

from __future__ import annotations

import pytest
from test_sm2_unroll_s25 import _agree

pytestmark = pytest.mark.backend_specific

KNOWN_THEN_PARTIAL = """float4 main(float4 x : TEXCOORD0) : COLOR {
  float4 r = float4(1, 2, 3, 4);
  if (x.x > 0) r.{mask} = x.{mask} * 2;
  return r; }"""


@pytest.mark.parametrize("mask", ["yzw", "y", "zw", "xw"])
@pytest.mark.parametrize("target", ["ps_2_0", "vs_2_0"])
def test_a_known_value_partly_written_in_a_branch(mask, target):
    src = KNOWN_THEN_PARTIAL.replace("{mask}", mask)
    if target.startswith("vs"):
        src = src.replace(": COLOR", ": POSITION")
    _agree(src, target, seeds=(1, 2))
