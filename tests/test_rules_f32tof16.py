"""f32tof16 (D3D11.3 §22.13.2) rounds as D3D's float conversion rules say (§3.2.2; Microsoft's "Data Conversion
Rules" page): round toward zero, a finite value beyond float16's range becomes the largest finite half (not INF),
INF stays INF, NaN stays NaN, a float32 denormal becomes a zero of its sign; the upper 16 bits are 0 (the D3D11.1
clarification). The instruction page says "follows D3D rules for floating point conversion".

Expected values are computed here from the half grid itself (the largest half whose magnitude does not exceed
the input's), not from the project's conversion function; both backends and the compiler's constant folding
run every case."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_compare import carried_bits, check_expr
from test_native_backend import _both, _lanes

from pyd3d11.formats.numerics import f32_to_f16
from pyd3d11.shader.ops.alu_float import f32tof16

U32 = np.uint32
#: magnitudes of every finite non-negative half, in code order (code order is magnitude order)
_HALF_MAGS = np.arange(0x7C00, dtype=np.uint16).view(np.float16).astype(np.float64)


def spec_f32tof16(word: int) -> int:
    """§3.2.2 on one float32 word: sign kept; |x| truncated onto the half grid; past the grid the largest finite."""
    w = int(word) & 0xFFFFFFFF
    sign = (w >> 16) & 0x8000
    mag = w & 0x7FFFFFFF
    if mag > 0x7F800000:  # NaN: any half NaN satisfies the rule; the project keeps the top payload bits
        return sign | 0x7C00 | (((mag >> 13) & 0x3FF) or 0x200)
    if mag == 0x7F800000:
        return sign | 0x7C00
    if mag < 0x00800000:  # float32 denormal (or zero): flushed, sign kept (§3.1.3 / §3.2.2)
        return sign
    x = float(np.array([mag], U32).view(np.float32)[0])
    code = int(np.searchsorted(_HALF_MAGS, x, side="right")) - 1
    return sign | code


def _w(x: float) -> int:
    return int(np.array([x], np.float32).view(U32)[0])


#: (float32 word, why): each row a case of the rule; RNE would give a different code wherever noted
CASES = [
    (_w(1.0), "exact"),
    (_w(1.0 + 2.0 ** -11), "a tie between 1.0 and its successor: RTZ keeps 1.0 (RNE too)"),
    (_w(1.0 + 3 * 2.0 ** -12), "above the midpoint: RTZ 0x3C00, RNE 0x3C01"),
    (_w(1.0 + 2.0 ** -10 + 2.0 ** -11), "the odd code's tie: RTZ 0x3C01, RNE 0x3C02"),
    (_w(-(1.0 + 3 * 2.0 ** -12)), "negative: toward zero is up in value"),
    (_w(0.1), "0.1: RTZ 0x2E66, RNE 0x2E66"),
    (_w(1.0 / 3.0), "1/3: RTZ 0x3555, RNE 0x3555"),
    (_w(2.0 / 3.0), "2/3: RTZ 0x3955, RNE 0x3955"),
    (_w(0.7), "0.7: RTZ 0x399A, RNE 0x399A"),
    (_w(0.333), "0.333: RTZ 0x3554, RNE 0x3554"),
    (_w(3.14159265), "pi: RTZ 0x4248, RNE 0x4248"),
    (_w(65504.0), "largest half"),
    (_w(65519.0), "below the overflow midpoint"),
    (_w(65520.0), "RNE's overflow point: RTZ keeps 65504"),
    (_w(70000.0), "beyond the range: largest finite, not INF"),
    (_w(1e6), "far beyond"),
    (0x7F7FFFFF, "FLT_MAX -> 65504"),
    (0xFF7FFFFF, "-FLT_MAX -> -65504"),
    (_w(2.0 ** -14), "smallest normal half"),
    (_w(2.0 ** -14 - 2.0 ** -26), "just below it: the largest half denormal"),
    (_w(2.0 ** -24), "smallest half denormal"),
    (_w(1.5 * 2.0 ** -24), "between the two smallest denormals: RTZ 1, RNE 2"),
    (_w(2.0 ** -25), "half the smallest denormal: RTZ 0, RNE 0 (tie to even)"),
    (_w(0.75 * 2.0 ** -24), "above that midpoint: RTZ 0, RNE 1"),
    (_w(-(0.75 * 2.0 ** -24)), "negative: -0"),
    (_w(1e-7), "1e-7: RTZ 1, RNE 2"),
    (_w(3e-5), "a denormal half with low bits"),
    (0x00000001, "smallest float32 denormal -> +0"),
    (0x807FFFFF, "largest negative float32 denormal -> -0"),
    (0x00800000, "FLT_MIN -> +0 (far below every half)"),
    (0x80000000, "-0"),
    (0x7F800000, "INF"),
    (0xFF800000, "-INF"),
    (0x7FC00000, "quiet NaN"),
    (0x7F800001, "NaN whose payload lies below the top 10 bits"),
    (0xFFFFE000, "negative NaN, full top payload"),
]


@pytest.mark.backend_independent
def test_the_expected_codes_follow_the_rule_not_ieee():
    """The table distinguishes RTZ from RNE (numpy's conversion) where the row says so: guard against an
    expectation that agrees with both."""
    words = np.array([w for w, _ in CASES], U32)
    ours = [spec_f32tof16(w) for w in words]
    with np.errstate(all="ignore"):
        rne = words.view(np.float32).astype(np.float16).view(np.uint16).astype(int).tolist()
    differ = [why for (w, why), a, b in zip(CASES, ours, rne, strict=True) if a != b and "NaN" not in why]
    assert len(differ) >= 8, differ


@pytest.mark.backend_independent
@pytest.mark.parametrize("word,why", CASES, ids=[c[1][:40] for c in CASES])
def test_executor_rule_and_format_rule_agree_with_the_spec(word, why):
    want = spec_f32tof16(word)
    assert int(f32tof16(np.array([word], U32))[0]) == want, why
    assert int(f32_to_f16(np.array([word], U32).view(np.float32))[0]) == want, why


def test_every_case_on_both_backends_through_the_instruction():
    words = np.array([w for w, _ in CASES], U32)
    src = "ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\nf32tof16 o0.xyzw, v0.xyzw\nret\n"
    out = _both(src, _lanes(words))
    assert out[0, :, 0].tolist() == [spec_f32tof16(w) for w in words]


def test_random_words_on_both_backends():
    """Every exponent, random mantissas and signs (the native code's integer sequence against the reference)."""
    rng = np.random.default_rng(151)
    words = rng.integers(0, 2 ** 32, 4096, dtype=np.uint64).astype(U32)
    words[:256] = (np.arange(256, dtype=U32) << U32(23)) | (words[:256] & U32(0x807FFFFF))
    src = "ps_5_0\ndcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\nf32tof16 o0.xyzw, v0.xyzw\nret\n"
    out = _both(src, _lanes(words))
    assert out[0, :, 0].tolist() == [spec_f32tof16(w) for w in words]


@pytest.mark.parametrize("fold", [False, True])
def test_hlsl_intrinsic_run_time_and_folded(fold):
    """The intrinsic (and the compiler's folding of literal arguments, which uses the executor's table)."""
    rows = [w for w, why in CASES if "NaN" not in why]
    rows += [rows[0]] * (-len(rows) % 4)
    x = np.array(rows, U32).view(np.float32).reshape(-1, 4)
    want = np.array([spec_f32tof16(w) for w in rows], np.int64).reshape(-1, 4)
    # literal arguments: fxc's optimiser carries a -0 or denormal float constant as +0 (d3dcompiler_47 10.1 under
    # Wine, session 37: this program compiled by the DLL gives f32tof16 of a literal -0.0 or -1e-40 as 0)
    folded = np.array([spec_f32tof16(int(carried_bits(w))) for w in rows], np.int64).reshape(-1, 4)
    check_expr("f32tof16(a)", ["float4"], "uint4", [x], want, fold=fold, fold_expect=folded)
