"""Conversion rules of formats/numerics.py pinned at their boundaries (D3D11.3 §3.1.6, §3.2.2, §3.2.3).

Expected values are worked out by hand from the spec's definitions (IEEE 754 round-half-to-even, the
float11/float10 layout, the sRGB curve), never taken from the code under test."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.formats import numerics as nx


def _f(bits: int) -> np.ndarray:
    return np.array([bits], np.uint32).view(np.float32)


@pytest.mark.parametrize(("value", "code"), [
    (2.0 ** -25, 0x0000),          # exactly half the smallest float16 denormal: tie -> even (0)
    (3 * 2.0 ** -25, 0x0002),      # 1.5 denormal steps: tie -> even (2)
    (1.25 * 2.0 ** -25, 0x0001),   # above the half point -> 1
    (0.75 * 2.0 ** -25, 0x0000),   # below the half point -> 0
    (2.0 ** -14, 0x0400),          # smallest normal float16
])
def test_f32_to_f16_round_to_nearest_even_in_the_denormal_range(value, code):
    """§3.2.2 / IEEE 754: float32 -> float16 round-to-nearest-even, including float16 denormals."""
    assert int(nx.f32_to_f16(np.float32([value]), "rne")[0]) == code


@pytest.mark.parametrize(("fn", "mbits"), [(nx.f32_to_f11, 6), (nx.f32_to_f10, 5)])
@pytest.mark.parametrize("nan_bits", [0x7FC00000, 0x7F800001, 0x7F802000, 0xFFC00000])
def test_small_float_nan_stays_nan(fn, mbits, nan_bits):
    """§3.1.6: float11/float10 NaN -> NaN: exponent all ones (31) and a non-zero mantissa (never INF),
    whatever NaN payload the float32 had (even one whose kept mantissa bits are all zero)."""
    code = int(fn(_f(nan_bits))[0])
    assert code >> mbits == 31
    assert code & ((1 << mbits) - 1) != 0


def test_srgb_default_width_is_8_bits():
    """The 8-bit SRGB formats are the default: code 255 is 1.0 and 1.0 encodes as 255 (§3.2.3.7-8);
    0.5 linear is 0.7353569 on the curve, * 255 + 0.5 truncates to 188."""
    assert float(nx.srgb_to_float(np.array([255]))[0]) == 1.0
    assert float(nx.srgb_to_float(np.array([0]))[0]) == 0.0
    assert int(nx.float_to_srgb(np.float32([1.0]))[0]) == 255
    assert int(nx.float_to_srgb(np.float32([0.5]))[0]) == 188


def test_float_to_int_32_bit_results_are_32_bit_lanes():
    """ftoi/ftou (§22.13) produce 32-bit lanes: the executor reinterprets them as uint32 words, so a
    32-bit conversion must return int32/uint32 elements with the saturated values."""
    s = nx.float_to_sint(np.float32([3e9, -3e9, -1.5, 7.9]), 32)
    assert s.dtype == np.int32
    assert s.tolist() == [2147483647, -2147483648, -1, 7]
    u = nx.float_to_uint(np.float32([5e9, -1.0, 7.9]), 32)
    assert u.dtype == np.uint32
    assert u.tolist() == [4294967295, 0, 7]


def test_srgb_decode_of_every_8_bit_code():
    """§3.2.3.7 SRGB → linear: c = code / 255; c <= 0.04045 → c / 12.92, else ((c + 0.055) / 1.055) ^ 2.4, evaluated
    here in float64 from the formula and compared after rounding to float32, for all 256 codes (the table is
    built once per width, so a wrong scale would show at every code but 0)."""
    c = np.arange(256, dtype=np.float64) / 255.0
    expected = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)
    got = np.asarray(nx.srgb_to_float(np.arange(256)), np.float64).astype(np.float32)
    np.testing.assert_array_equal(got, expected)
