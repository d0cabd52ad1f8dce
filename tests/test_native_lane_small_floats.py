"""lane_ir's FLOAT -> float16 / float11 / float10 channel encode (pipeline/native/lane_ir.py ``LaneIR.encode``,
used by the native merger and the typed UAV stores) against the definition, computed here from each format's value
grid, independently of both implementations.

The rules ("Floating-point rules" (Direct3D 11), the 16-bit and the 11-/10-bit sections; D3D11.3 §3.2.2; the
reference's numerics.f32_to_f16(..., "rtz") / f32_to_f11 / f32_to_f10): a conversion to a smaller float rounds
toward zero, so a finite value past the largest finite code gives that code and only an infinity gives infinity;
float11 and float10 have no sign bit, so negative values and -INF give 0; NaN stays NaN — the code has the
all-ones exponent and a non-zero mantissa, whatever the payload bits of the float32 NaN (its exact bits are the
implementation's: here compared with the reference). A float32 NaN whose payload lies only in the low mantissa
bits truncates to a zero mantissa and must still not come out as infinity."""

from __future__ import annotations

import bisect
from fractions import Fraction

import numpy as np
import pytest

from pyd3d11.formats import numerics as nx
from pyd3d11.shader import native

if not native.available():  # pragma: no cover - depends on the install
    pytest.skip("llvmlite not installed", allow_module_level=True)

from test_native_om_encode import run  # noqa: E402  (compiles LaneIR.encode of one channel, eight lanes a step)

pytestmark = pytest.mark.backend_specific  # tests a native code generator directly

#: (channel bits, exponent bits, mantissa bits, has sign)
FORMATS = {16: (5, 10, True), 11: (5, 6, False), 10: (5, 5, False)}


def _grid(bits: int) -> tuple[list[Fraction], list[int]]:
    """Every finite non-negative value of the format, ascending, with its code (denormals: m · 2^(1 - bias - mb))."""
    eb, mb, _signed = FORMATS[bits]
    bias = (1 << (eb - 1)) - 1
    vals, codes = [], []
    for e in range((1 << eb) - 1):
        for m in range(1 << mb):
            if e == 0:
                v = Fraction(m, 1 << mb) * Fraction(2) ** (1 - bias)
            else:
                v = (1 + Fraction(m, 1 << mb)) * Fraction(2) ** (e - bias)
            vals.append(v)
            codes.append((e << mb) | m)
    return vals, codes


def _expected(bits: int, xbits: np.ndarray) -> list[int | None]:
    """The code each float32 must give; None for a NaN input (checked as "is a NaN code")."""
    eb, mb, signed = FORMATS[bits]
    vals, codes = _grid(bits)
    inf = ((1 << eb) - 1) << mb
    sign_bit = 1 << (eb + mb)
    out: list[int | None] = []
    for b in xbits.tolist():
        neg = bool(b >> 31)
        a = b & 0x7FFFFFFF
        if a > 0x7F800000:
            out.append(None)
            continue
        if a == 0x7F800000:
            mag = inf
        else:
            x = Fraction(float(np.array(a, np.uint32).view(np.float32)))
            mag = codes[bisect.bisect_right(vals, x) - 1]  # toward zero: the largest value not above |x|
        if not signed:
            out.append(0 if neg else mag)
        else:
            out.append(mag | (sign_bit if neg else 0))
    return out


NANS = [0x7FC00000, 0xFFC00000, 0x7F800001, 0xFF800001, 0x7F802000, 0x7F801FFF, 0x7F803FFF, 0x7F804000,
        0x7F808000, 0x7F810000, 0x7F820000, 0x7F840000, 0x7F880000, 0x7F900000, 0x7FA00000, 0x7FFFFFFF, 0xFFFFFFFF,
        0xFF802000]


def _inputs(bits: int) -> np.ndarray:
    """Specials, every code's value and its float32 neighbours (both signs), values past the largest finite code,
    float32 denormals and a random sample over all exponents."""
    vals, _ = _grid(bits)
    exact = np.array([float(v) for v in vals], np.float32).view(np.uint32).astype(np.int64)
    near = np.concatenate([exact + d for d in (-1, 0, 1)])
    near = near[(near >= 0) & (near < 0x7F800000)].astype(np.uint32)
    rng = np.random.default_rng(bits)
    rand = rng.integers(0, 1 << 32, 4000, dtype=np.uint64).astype(np.uint32)
    special = np.array([0, 0x80000000, 1, 0x80000001, 0x007FFFFF, 0x7F7FFFFF, 0xFF7FFFFF, 0x7F800000, 0xFF800000,
                        0x477FE000, 0x477FDFFF, 0x477FF000, 0x47800000, 0x477E0000, 0x477C0000, 0x477BFFFF,
                        0x3F800000, 0xBF800000, *NANS], np.uint32)
    return np.concatenate([special, near, near | np.uint32(0x80000000), rand])


@pytest.mark.parametrize("bits", [16, 11, 10])
def test_small_float_encode_from_the_value_grid(bits):
    xb = _inputs(bits)
    got = run("float", bits, xb)
    want = _expected(bits, xb)
    eb, mb, _signed = FORMATS[bits]
    exp_mask = ((1 << eb) - 1) << mb
    bad = []
    for b, g, w in zip(xb.tolist(), got.tolist(), want):
        if w is None:
            ok = (g & exp_mask) == exp_mask and (g & ((1 << mb) - 1)) != 0
        else:
            ok = g == w
        if not ok:
            bad.append((hex(b), hex(g), None if w is None else hex(w)))
    assert not bad, bad[:10]


@pytest.mark.parametrize("bits", [16, 11, 10])
def test_small_float_nan_bits_match_the_reference(bits):
    """A NaN's exact code is the implementation's choice; the native encode makes the reference's."""
    xb = np.array(NANS, np.uint32)
    ref = {16: lambda x: nx.f32_to_f16(x, "rtz"), 11: nx.f32_to_f11, 10: nx.f32_to_f10}[bits]
    want = np.asarray(ref(xb.view(np.float32))).astype(np.uint32)
    if bits == 16:
        want &= np.uint32(0xFFFF)
    assert run("float", bits, xb).tolist() == want.tolist()
