"""D3D11 conversion rules (spec §3.1, §3.2, §19.3) checked against independent references written here."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pyd3d11.formats import numerics as nx

F32 = np.float32


def bits32(x) -> np.ndarray:
    return np.asarray(x, dtype=np.float32).view(np.uint32)


def f32_from_bits(b) -> np.ndarray:
    return np.asarray(b, dtype=np.uint32).view(np.float32)


# ---------------------------------------------------------------------------------------- float16

def test_f16_decode_all_codes_match_numpy():
    codes = np.arange(65536, dtype=np.uint16)
    ours = nx.f16_to_f32(codes)
    ref = codes.view(np.float16).astype(np.float32)
    assert np.array_equal(ours.view(np.uint32), ref.view(np.uint32))


def _f16_positive_table():
    """All finite non-negative float16 values (as float64) and their codes, from the format definition."""
    codes = np.arange(0x7C00, dtype=np.int64)
    e, m = codes >> 10, codes & 0x3FF
    vals = np.where(e == 0, m * 2.0 ** -24, (1 + m / 1024.0) * 2.0 ** (e - 15))
    return vals, codes


def _ref_f32_to_f16_rtz(x: np.ndarray) -> np.ndarray:
    vals, codes = _f16_positive_table()
    x = np.asarray(x, np.float32)
    b = x.view(np.uint32)
    sign = np.where(b >> 31, 0x8000, 0)
    with np.errstate(invalid="ignore"):
        mag = np.abs(x.astype(np.float64))
    denorm32 = (b & 0x7F800000) == 0
    mag = np.where(denorm32, 0.0, mag)
    finite = np.isfinite(mag)
    idx = np.searchsorted(vals, np.where(finite, mag, 0.0), side="right") - 1
    out = codes[np.clip(idx, 0, len(codes) - 1)]
    out = np.where(finite & (mag >= 65504.0), 0x7BFF, out)
    out = np.where(np.isinf(mag), 0x7C00, out)
    return (out | sign).astype(np.uint16), np.isnan(x)


def test_f32_to_f16_rtz_matches_reference():
    rng = np.random.default_rng(7)
    vals, _ = _f16_positive_table()
    exact = vals.astype(np.float32)
    up = np.nextafter(exact, F32(np.inf))
    down = np.nextafter(exact, F32(0))
    mids = ((vals[1:] + vals[:-1]) / 2).astype(np.float32)
    rand = f32_from_bits(rng.integers(0, 2**32, 200_000, dtype=np.uint64).astype(np.uint32))
    x = np.concatenate([exact, up, down, mids, -exact, -mids, rand,
                        np.float32([65504, 65519.9, 65520, 1e6, 3.4e38, np.inf, -np.inf, -0.0, 1e-40, -1e-40])])
    ours = nx.f32_to_f16(x, "rtz")
    ref, isnan = _ref_f32_to_f16_rtz(x)
    assert np.array_equal(ours[~isnan], ref[~isnan])
    # NaN stays NaN (exponent all ones, non-zero mantissa)
    n = ours[isnan]
    assert np.all((n & 0x7C00) == 0x7C00) and np.all((n & 0x3FF) != 0)


def test_f32_to_f16_rne_matches_numpy_ieee():
    rng = np.random.default_rng(3)
    x = f32_from_bits(rng.integers(0, 2**32, 300_000, dtype=np.uint64).astype(np.uint32))
    x = x[~np.isnan(x) & ~((x.view(np.uint32) & 0x7F800000) == 0)]  # numpy keeps no f32 denormals anyway
    ours = nx.f32_to_f16(x, "rne")
    with np.errstate(over="ignore"):
        ref = x.astype(np.float16).view(np.uint16)
    assert np.array_equal(ours, ref)


def test_f16_specials_rtz():
    x = np.float32([np.inf, -np.inf, 1e5, -1e5, -0.0, 0.0, 1.5e-45, -1.5e-45, 2.0 ** -24, 2.0 ** -25])
    assert list(nx.f32_to_f16(x)) == [0x7C00, 0xFC00, 0x7BFF, 0xFBFF, 0x8000, 0x0000, 0x0000, 0x8000, 0x0001, 0x0000]
    assert nx.f32_to_f16(np.float32([np.nan]))[0] & 0x7C00 == 0x7C00


def test_f16_round_trip_all_codes():
    codes = np.arange(65536, dtype=np.uint16)
    back = nx.f32_to_f16(nx.f16_to_f32(codes))
    assert np.array_equal(back, codes)  # NaN payloads survive float16 -> float32 -> float16


# ---------------------------------------------------------------------------------------- float11/10

def _ref_small_float(codes: np.ndarray, mbits: int) -> np.ndarray:
    e = codes >> mbits
    m = codes & ((1 << mbits) - 1)
    scale = float(1 << mbits)
    v = np.where(e == 0, m / scale * 2.0 ** -14, (1 + m / scale) * 2.0 ** (e.astype(np.float64) - 15))
    v = np.where((e == 31) & (m == 0), np.inf, v)
    v = np.where((e == 31) & (m != 0), np.nan, v)
    return v


@pytest.mark.parametrize("mbits,dec,enc", [(6, nx.f11_to_f32, nx.f32_to_f11), (5, nx.f10_to_f32, nx.f32_to_f10)])
def test_small_float_all_codes(mbits, dec, enc):
    n = 1 << (5 + mbits)
    codes = np.arange(n, dtype=np.uint32)
    ref = _ref_small_float(codes, mbits)
    ours = dec(codes)
    nan = np.isnan(ref)
    assert np.array_equal(np.isnan(ours), nan)
    assert np.array_equal(ours[~nan].astype(np.float64), ref[~nan])
    assert np.array_equal(enc(ours), codes)  # every code round-trips (NaN payloads included)


@pytest.mark.parametrize("mbits,enc", [(6, nx.f32_to_f11), (5, nx.f32_to_f10)])
def test_small_float_encode_rtz(mbits, enc):
    n = 1 << (5 + mbits)
    codes = np.arange(n, dtype=np.uint32)
    ref = _ref_small_float(codes, mbits)
    finite = np.isfinite(ref)
    vals, fcodes = ref[finite], codes[finite]
    rng = np.random.default_rng(11)
    x = np.concatenate([rng.uniform(0, 70000, 50000), np.exp(rng.uniform(-25, 11, 50000)),
                        ((vals[1:] + vals[:-1]) / 2)]).astype(np.float32)
    idx = np.searchsorted(vals, x.astype(np.float64), side="right") - 1
    assert np.array_equal(enc(x), fcodes[idx])
    maxc = fcodes[-1]
    special = np.float32([-1.0, -np.inf, -0.0, np.inf, 1e30, 1e-45])
    out = enc(special)
    assert list(out[:3]) == [0, 0, 0]  # no sign: negatives clamp to 0
    assert out[3] == (31 << mbits)  # INF
    assert out[4] == maxc  # too large -> max finite (round toward zero)
    assert out[5] == 0  # float32 denormal flushes
    nan = enc(np.float32([np.nan, -np.nan]))
    assert np.all((nan >> mbits) == 31) and np.all((nan & ((1 << mbits) - 1)) != 0)


# ---------------------------------------------------------------------------------------- UNORM/SNORM

def test_unorm8_decode_all_codes():
    c = np.arange(256)
    ref = (c / 255.0).astype(np.float32)
    assert np.array_equal(nx.unorm_to_float(c, 8), ref)
    assert nx.unorm_to_float(np.array([255]), 8)[0] == 1.0


def test_snorm8_decode_all_codes():
    raw = np.arange(256)
    signed = np.where(raw >= 128, raw - 256, raw)
    ref = np.maximum(signed / 127.0, -1.0).astype(np.float32)
    ours = nx.snorm_to_float(raw, 8)
    assert np.array_equal(ours, ref)
    assert ours[0x80] == -1.0 and ours[0x81] == -1.0 and ours[0x7F] == 1.0


def test_unorm16_and_24_round_trip_and_reference():
    for bits in (16, 24):
        rng = np.random.default_rng(bits)
        c = np.concatenate([np.arange(0, 4096), rng.integers(0, 1 << bits, 100_000), [(1 << bits) - 1]])
        f = nx.unorm_to_float(c, bits)
        assert np.array_equal(f, (c / float((1 << bits) - 1)).astype(np.float32))
        assert np.array_equal(nx.float_to_unorm(f, bits), c)


def test_float_to_unorm_rule():
    x = np.float32([0.0, 1.0, 0.5, 0.5 / 255, 0.49999 / 255, 2.0, -1.0, np.nan, np.inf, -np.inf, -0.0, 1e-40])
    assert list(nx.float_to_unorm(x, 8)) == [0, 255, 128, 1, 0, 255, 0, 0, 255, 0, 0, 0]


def test_float_to_snorm_rule():
    x = np.float32([1.0, -1.0, 0.0, -0.0, 0.5, -0.5, 2.0, -2.0, np.nan, np.inf, -np.inf, 0.6 / 127, -0.6 / 127])
    codes = nx.float_to_snorm(x, 8)
    signed = np.where(codes >= 128, codes.astype(int) - 256, codes.astype(int))
    # 0.5*127 = 63.5 -> +0.5 -> 64 truncated; -63.5 - 0.5 -> -64
    assert list(signed) == [127, -127, 0, 0, 64, -64, 127, -127, 0, 127, -127, 1, -1]


def test_snorm_round_trip_excluding_extra_minus_one():
    for bits in (8, 16, 10):
        c = np.arange(1 << bits)
        keep = c != (1 << (bits - 1))  # the extra -1.0 code re-encodes as -(2^(n-1)-1)
        assert np.array_equal(nx.float_to_snorm(nx.snorm_to_float(c, bits), bits)[keep], c[keep])


# ---------------------------------------------------------------------------------------- SRGB

def _srgb_forward64(lin):
    lin = np.asarray(lin, np.float64)
    return np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)


def test_srgb8_decode_within_half_ulp_on_srgb_side():
    c = np.arange(256)
    f = nx.srgb_to_float(c, 8)
    assert f[0] == 0.0 and f[255] == 1.0
    err = np.abs(_srgb_forward64(f) * 255 - c)
    assert err.max() <= 0.5
    ideal = np.where(c / 255 <= 0.04045, c / 255 / 12.92, ((c / 255 + 0.055) / 1.055) ** 2.4)
    assert np.allclose(f, ideal, rtol=2e-7, atol=0)


def test_srgb8_encode_of_decode_returns_code():
    c = np.arange(256)
    assert np.array_equal(nx.float_to_srgb(nx.srgb_to_float(c, 8), 8), c)


def test_srgb8_encode_matches_reference_formula():
    rng = np.random.default_rng(5)
    x = np.concatenate([rng.uniform(0, 1, 200_000), rng.uniform(0, 0.01, 50_000)]).astype(np.float32)
    ref = np.floor(_srgb_forward64(x) * 255 + 0.5)
    assert np.array_equal(nx.float_to_srgb(x, 8), ref)
    sp = nx.float_to_srgb(np.float32([np.nan, -1.0, 2.0, np.inf, -np.inf, -0.0, 1e-40]), 8)
    assert list(sp) == [0, 0, 255, 255, 0, 0, 0]


# ---------------------------------------------------------------------------------------- integers

def test_float_to_int_saturation_and_nan():
    x = np.float32([np.nan, np.inf, -np.inf, 3e9, -3e9, 1.7, -1.7, 2.5, -2.5, -0.0])
    assert list(nx.float_to_sint(x)) == [0, 2**31 - 1, -2**31, 2**31 - 1, -2**31, 1, -1, 2, -2, 0]
    assert list(nx.float_to_sint(x, rounding="rne"))[7:9] == [2, -2]
    assert list(nx.float_to_uint(x)) == [0, 2**32 - 1, 0, 3000000000, 0, 1, 0, 2, 0, 0]
    assert list(nx.float_to_sint(np.float32([200, -200, 127.6]), 8, "rne")) == [127, -128, 127]


def test_integer_widening_and_narrowing():
    s = np.array([-5, 300, 70000, -70000], np.int32)
    assert list(nx.convert_int(s, 8, False)) == [0, 255, 255, 0]
    assert list(nx.convert_int(s, 16, True)) == [-5, 300, 32767, -32768]
    u = np.array([5, 2**32 - 1], np.uint32)
    assert list(nx.convert_int(u, 32, True)) == [5, 2**31 - 1]  # UINT -> SINT clamps
    assert list(nx.sign_extend(np.array([0x80, 0x7F, 0xFF]), 8)) == [-128, 127, -1]


# ---------------------------------------------------------------------------------------- RGB9E5

def test_rgb9e5_spec_example():
    # §19.3.2.1 worked example
    assert np.array_equal(nx.rgb9e5_to_f32(np.uint32([0x999320C8]))[0], np.float32([6.25, 12.5, 3.125]))
    assert nx.f32_to_rgb9e5(np.float32([[6.25, 12.5, 3.125]]))[0] == 0x999320C8


def _pack(r, g, b, e):
    return r | (g << 9) | (b << 18) | (e << 27)


@pytest.mark.parametrize("rgb,code", [
    ((1.0, 0.0, 0.0), _pack(256, 0, 0, 16)),  # 1.0 = 256/512 * 2^(16-15)
    ((65408.0, 65408.0, 65408.0), _pack(511, 511, 511, 31)),  # max value
    ((np.inf, 1e9, 0.0), _pack(511, 511, 0, 31)),  # saturate
    ((-1.0, np.nan, -np.inf), 0),  # negatives and NaN -> 0
    ((1.0, 1.0 + 2.0 ** -9, 0.0), _pack(256, 256, 0, 16)),  # 256.5 -> ties to even 256
    ((1.0 + 3 * 2.0 ** -9, 0.0, 0.0), _pack(258, 0, 0, 16)),  # 257.5 -> 258
    ((1.0 - 2.0 ** -11, 0.0, 0.0), _pack(256, 0, 0, 16)),  # 511.75 rounds to 512: exponent bumps
    ((2.0 ** -24, 0.0, 0.0), _pack(1, 0, 0, 0)),  # smallest non-zero
    ((0.0, 0.0, 0.0), 0),
])
def test_rgb9e5_encode_examples(rgb, code):
    assert int(nx.f32_to_rgb9e5(np.float32([rgb]))[0]) == code


def test_rgb9e5_decode_formula():
    rng = np.random.default_rng(9)
    c = rng.integers(0, 2**32, 10000, dtype=np.uint64).astype(np.uint32)
    ours = nx.rgb9e5_to_f32(c)
    e = (c >> 27).astype(np.float64)
    for i, sh in enumerate((0, 9, 18)):
        ref = ((c >> sh) & 0x1FF) / 512.0 * 2.0 ** (e - 15)
        assert np.array_equal(ours[:, i].astype(np.float64), ref)


# ---------------------------------------------------------------------------------------- misc

def test_flush_denorms_keeps_sign_and_normals():
    x = f32_from_bits(np.uint32([0x00000001, 0x80000001, 0x007FFFFF, 0x00800000, 0x7FC00000, 0x3F800000]))
    out = bits32(nx.flush_denorms(x))
    assert list(out) == [0, 0x80000000, 0, 0x00800000, 0x7FC00000, 0x3F800000]


def test_xr_bias():
    c = np.array([0x180, 0x3FF, 0, 0x180 + 510])
    f = nx.xr_bias_to_float(c)
    assert list(f) == [0.0, np.float32(639 / 510), np.float32(-384 / 510), 1.0]
    assert np.array_equal(nx.float_to_xr_bias(nx.xr_bias_to_float(np.arange(1024))), np.arange(1024))
    assert list(nx.float_to_xr_bias(np.float32([np.nan, 10.0, -10.0]))) == [0x180, 1023, 0]


def test_missing_defaults_types():
    f = nx.missing_defaults(nx.NumberClass.FLOAT)
    assert f.dtype == np.float32 and list(f) == [0, 0, 0, 1.0]
    u = nx.missing_defaults(nx.NumberClass.UINT)
    assert u.dtype == np.uint32 and list(u) == [0, 0, 0, 1]
    s = nx.missing_defaults(nx.NumberClass.SINT)
    assert s.dtype == np.int32 and list(s) == [0, 0, 0, 1]
    assert math.isclose(float(nx.linear_to_srgb(np.float32([1.0]))[0]), 1.0)
