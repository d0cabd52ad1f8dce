"""D3D9 targets on programs written for later models (issue 15, session 24 helper SM3G; tools/retarget.py).

Each case is a rule read from its definition, never from the compiler under test:

* instructions that write no register (the SM4 ``sync`` of the memory-barrier intrinsics, ``emit`` / ``cut``:
  the D3D11.3 functional spec gives them no operand at all) are not destinations to the
  level-9 / D3D9 translation's analyses; a barrier there is a feature the translation does not build
  (NotSupportedError), never a crash.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_helpers import compile_

from pyd3d11.errors import NotSupportedError

INDEPENDENT = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


@INDEPENDENT
@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0", "ps_4_0_level_9_1"])
def test_memory_barrier_is_not_built_below_sm4(target: str):
    """DeviceMemoryBarrier (its page: pixel and compute shaders, minimum shader model 5) compiles to the
    operand-less ``sync``: below shader model 4 it is an unbuilt feature, named."""
    src = "float4 main() : SV_Target { DeviceMemoryBarrier(); return 0; }"
    if target.startswith("ps_2") or target.startswith("ps_3"):
        src = src.replace("SV_Target", "COLOR")
    with pytest.raises(NotSupportedError, match="sync"):
        compile_(src, target)


# --- integers that only moves carry (kinds.py) -----------------------------------------------------------------

@INDEPENDENT
@pytest.mark.parametrize(("word", "integer"), [
    (0, False),            # 0, 0.0 and false alike
    (0xFFFFFFFF, False),   # -1 and true alike
    (1, True), (5, True), (0x7FFFFF, True),  # exponent field 0, nonzero: a denormal's bits
    (0x800000, False),     # exponent field 1: the smallest normal float
    (0x3F800000, False),   # 1.0
    (0x80000000, False),   # -0.0
    (0x80000001, False),   # a negative denormal's bits, and -2^31 + 1: said by nothing here
    (0xFFFFFFFE, True), (0xFF800001, True),  # -2 and -(2^23 - 1): NaN bits
    (0xFF800000, False),   # -infinity
    (0x7F800000, False),   # +infinity
    (0xFF7FFFFF, False),   # -FLT_MAX, a float literal written often
    (0xBF800000, False),   # -1.0
])
def test_integer_words_are_the_ones_no_float_or_bool_literal_has(word: int, integer: bool):
    """IEEE 754 binary32: a float literal's bits have a nonzero exponent field (unless +-0.0 or a denormal) and
    an exponent field of all ones only for infinities / NaNs; SM4 bools are 0 / 0xFFFFFFFF (spec 22.1.4)."""
    from pyd3d11.shader.sm2.kinds import integer_word

    assert integer_word(word) is integer


# a flag set to an integer literal in a branch and tested against 0 in the loop condition: the kind of the
# flag is known only from the literal (``x == 0`` is a truth test of a bool as much as of an integer), and its
# loop-carried value joins the definitions before and inside the loop (the loop's back edge)
SEARCH = """float4 s[3];
float4 main(float4 p : TEXCOORD0) : COLOR
{
    int found = 0;
    int cur = 0;
    for (int i = 0; i < 3 && found == 0; ++i)
    {
        if (p.x < s[i].x) { cur = i; found = FLAG; }
    }
    return p * cur;
}"""


@pytest.mark.parametrize("flag", ["1", "7", "-2"])
@pytest.mark.parametrize("target", ["ps_2_0", "ps_2_b", "ps_3_0"])
def test_integer_flags_set_by_literals_compute_what_sm4_computes(target: str, flag: str):
    from test_hlsl_d3d9_targets import _run_both

    src = SEARCH.replace("FLAG", flag)
    for expect, got, name in _run_both(src, target, seed=5):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name}")


@INDEPENDENT
def test_a_bitwise_and_with_a_known_zero_is_zero():
    """``x & 0`` is 0 whatever x holds: ``i < 3 && found == 0`` ends the unrolled loop at i = 3 even while
    found is a run-time value (else the fourth iteration would read s[3], past the array: not built)."""
    blob = compile_(SEARCH.replace("FLAG", "1"), "ps_2_0")
    assert blob
