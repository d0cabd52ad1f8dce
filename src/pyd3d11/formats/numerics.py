"""D3D11 numeric conversion rules, vectorised and bit-exact (D3D11.3 spec §3.1, §3.2, §19.1.2, §19.3).

Every function takes and returns numpy arrays (any shape). Float inputs are treated as float32; codes
are unsigned integer arrays holding the raw bits of one channel.

Rounding choices (documented because the spec leaves a tolerance):

* FLOAT -> narrower float (float16, float11, float10) rounds toward zero (§3.2.2 "Round-to-zero must be
  used during conversion to another float format"); finite values beyond the target range become the
  largest finite value, INF stays INF, NaN stays NaN (payload kept where it fits), float32 denormals
  are flushed (float32 counts as a format without denormals, §3.2.2). This applies to format writes and
  to the ``f32tof16`` instruction, which "follows D3D rules for floating point conversion" (§22.13.2).
  ``f32_to_f16(..., rounding="rne")`` gives IEEE round-to-nearest-even (overflow to INF) for callers
  that want the IEEE behaviour instead.
* FLOAT -> UNORM/SNORM/SRGB follow §3.2.3.4/6/8 literally (NaN -> 0, clamp, scale, +-0.5, truncate)
  evaluated exactly (float64 holds every intermediate of a float32 input exactly for n <= 24 bits), which
  is within the spec's 0.6 ULP tolerance and makes every decode -> encode round trip exact (§19.1.2).
* UNORM/SNORM -> FLOAT are IEEE float32 divisions (§3.2.3.2: full IEEE precision, 1/2 ULP).
* SRGB -> FLOAT uses the ideal curve (§3.2.3.7) evaluated in float64 and rounded once to float32.
"""

from __future__ import annotations

from enum import Enum

import numpy as np

_F32 = np.float32
_U32 = np.uint32


def _as_f32(x) -> np.ndarray:
    return np.asarray(x, dtype=np.float32)


def _bits(x) -> np.ndarray:
    return np.ascontiguousarray(_as_f32(x)).view(np.uint32)


# --------------------------------------------------------------------------------------------------
# float32 (§3.1)

def flush_denorms(x) -> np.ndarray:
    """Float32 denormals -> zero of the same sign (§3.1: flushed on input/output of arithmetic)."""
    b = _bits(x)
    denorm = ((b & 0x7F800000) == 0) & ((b & 0x007FFFFF) != 0)
    return np.where(denorm, b & _U32(0x80000000), b).astype(np.uint32).view(np.float32)


# --------------------------------------------------------------------------------------------------
# float16 (§3.1.4 s1e5m10, bias 15, denormals kept)

def f16_to_f32(codes) -> np.ndarray:
    """Exact float16 -> float32 from raw 16-bit codes (denormals become normal float32; NaN payload kept)."""
    h = np.asarray(codes).astype(np.uint32) & _U32(0xFFFF)
    sign = (h & _U32(0x8000)) << _U32(16)
    e = (h >> _U32(10)) & _U32(0x1F)
    m = h & _U32(0x3FF)
    normal = ((e + _U32(112)) << _U32(23)) | (m << _U32(13))
    special = _U32(0x7F800000) | (m << _U32(13))
    # A denormal m * 2^-24 is an exact float32 product (m < 1024, power-of-two scale).
    denorm = (m.astype(np.float32) * _F32(2.0 ** -24)).view(np.uint32)
    out = np.where(e == 0, denorm, np.where(e == 31, special, normal))
    return (out | sign).astype(np.uint32).view(np.float32)


def f32_to_f16(x, rounding: str = "rtz") -> np.ndarray:
    """float32 -> float16 codes (uint16). ``rounding``: "rtz" (D3D §3.2.2, default) or "rne" (IEEE)."""
    b = _bits(x)
    sign = ((b >> _U32(16)) & _U32(0x8000)).astype(np.uint32)
    a = b & _U32(0x7FFFFFFF)
    e = a >> _U32(23)
    if rounding == "rtz":
        normal = (a - _U32(0x38000000)) >> _U32(13)
        normal = np.where(a >= _U32(0x477FE000), _U32(0x7BFF), normal)  # too large -> max finite (not INF)
    elif rounding == "rne":
        lsb = (a >> _U32(13)) & _U32(1)
        normal = (a + _U32(0x0FFF) + lsb - _U32(0x38000000)) >> _U32(13)
        normal = np.minimum(normal, _U32(0x7C00))  # IEEE overflow -> INF
    else:
        raise ValueError(f"unknown rounding {rounding!r}")
    # float16 denormal range: value * 2^24 = M >> (126 - e) with M the 24-bit significand.
    M = (a & _U32(0x7FFFFF)) | _U32(0x800000)
    shift = np.minimum(_U32(126) - np.minimum(e, _U32(126)), _U32(25))  # unsigned: >= 0 already
    if rounding == "rtz":
        sub = M >> shift
    else:
        half = (_U32(1) << (np.maximum(shift, _U32(1)) - _U32(1))) - _U32(1)
        sub = (M + half + ((M >> shift) & _U32(1))) >> shift
    sub = np.where(e == 0, _U32(0), sub)  # float32 denormals flush to zero
    mag = np.where(a < _U32(0x38800000), sub, normal)
    nan_m = (a >> _U32(13)) & _U32(0x3FF)
    nan = _U32(0x7C00) | np.where(nan_m == 0, _U32(0x200), nan_m)
    mag = np.where(a > _U32(0x7F800000), nan, np.where(a == _U32(0x7F800000), _U32(0x7C00), mag))
    return (mag | sign).astype(np.uint16)


# --------------------------------------------------------------------------------------------------
# float11 / float10 (§3.1.6: no sign, e5 bias 15, m6/m5, denormals, INF/NaN like float16)

def _small_float_to_f32(codes, mbits: int) -> np.ndarray:
    c = np.asarray(codes).astype(np.uint32)
    mask = (1 << (5 + mbits)) - 1
    c = c & _U32(mask)
    h = ((c >> _U32(mbits)) << _U32(10)) | ((c & _U32((1 << mbits) - 1)) << _U32(10 - mbits))
    return f16_to_f32(h)


def _f32_to_small_float(x, mbits: int) -> np.ndarray:
    f = _as_f32(x)
    b = _bits(f)
    isnan = (b & _U32(0x7FFFFFFF)) > _U32(0x7F800000)
    negative = ((b & _U32(0x80000000)) != 0) & ~isnan
    # Truncating to float16 first and then dropping low mantissa bits equals truncating directly: the
    # float11/10 value grid is a subset of the float16 grid (denormals included).
    h = f32_to_f16(np.where(negative, _F32(0), f), "rtz").astype(np.uint32) & _U32(0x7FFF)
    drop = _U32(10 - mbits)
    code = h >> drop
    nan_m = code & _U32((1 << mbits) - 1)
    nan = (_U32(31) << _U32(mbits)) | np.where(nan_m == 0, _U32(1 << (mbits - 1)), nan_m)
    code = np.where(isnan, nan, code)
    return code.astype(np.uint16)


def f11_to_f32(codes) -> np.ndarray:
    return _small_float_to_f32(codes, 6)


def f10_to_f32(codes) -> np.ndarray:
    return _small_float_to_f32(codes, 5)


def f32_to_f11(x) -> np.ndarray:
    """float32 -> float11 code: round toward zero, negatives (and -INF) -> 0, NaN -> NaN (§3.1.6, §3.2.2)."""
    return _f32_to_small_float(x, 6)


def f32_to_f10(x) -> np.ndarray:
    return _f32_to_small_float(x, 5)


# --------------------------------------------------------------------------------------------------
# UNORM / SNORM / SRGB (§3.2.3.3–3.2.3.8)

def unorm_to_float(codes, bits: int) -> np.ndarray:
    """c / (2^n - 1) as one IEEE float32 division (§3.2.3.5)."""
    return np.asarray(codes).astype(np.float32) / _F32((1 << bits) - 1)


def float_to_unorm(x, bits: int, dtype=np.uint32) -> np.ndarray:
    """NaN -> 0; clamp [0, 1]; * (2^n - 1); + 0.5; truncate (§3.2.3.6). Returns ``dtype`` (uint32) codes.

    Evaluated in float64, where x * (2^n - 1) + 0.5 is exact for a float32 x (n <= 24), in four in-place
    passes: fmax(x, 0) also maps NaN to 0, and the value is >= 0.5 so the integer cast truncates like
    floor."""
    f32 = _as_f32(x)
    f = np.empty(f32.shape, np.float64)
    np.fmax(f32, np.float32(0.0), out=f)
    # fmax maps quiet NaNs to 0 but, on numpy's non-SIMD paths (short or strided arrays), keeps a
    # *signalling* NaN, which the integer cast would turn into garbage: clear what is left.
    nan = f != f
    if nan.any():
        f[nan] = 0.0
    np.minimum(f, 1.0, out=f)
    f *= float((1 << bits) - 1)
    f += 0.5
    return f.astype(dtype) if f.ndim else f.astype(dtype)[()]


def sign_extend(codes, bits: int) -> np.ndarray:
    """Two's-complement ``bits``-wide codes -> int32."""
    c = np.asarray(codes).astype(np.int64) & ((1 << bits) - 1)
    return (c - ((c >> (bits - 1)) << bits)).astype(np.int32)


def snorm_to_float(codes, bits: int) -> np.ndarray:
    """Most-negative code -> -1.0, others c / (2^(n-1) - 1) (§3.2.3.3). ``codes`` are raw (unsigned) bits."""
    s = sign_extend(codes, bits).astype(np.float32)
    return np.maximum(s / _F32((1 << (bits - 1)) - 1), _F32(-1.0))


def float_to_snorm(x, bits: int) -> np.ndarray:
    """NaN -> 0; clamp [-1, 1]; * (2^(n-1) - 1); +-0.5; truncate (§3.2.3.4). Returns raw ``bits``-wide codes."""
    f = _as_f32(x).astype(np.float64)
    f = np.where(np.isnan(f), 0.0, np.clip(f, -1.0, 1.0)) * float((1 << (bits - 1)) - 1)
    i = np.trunc(np.where(f >= 0, f + 0.5, f - 0.5)).astype(np.int64)
    return (i & ((1 << bits) - 1)).astype(np.uint32)


def srgb_to_linear(c) -> np.ndarray:
    """Ideal sRGB -> linear curve on floats in [0, 1] (§3.2.3.7), float64 math, float32 result."""
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).astype(np.float32)


def linear_to_srgb(c) -> np.ndarray:
    """Ideal linear -> sRGB curve (§3.2.3.8) without quantisation: NaN -> 0, clamp [0, 1]; float32 result."""
    return _linear_to_srgb64(c).astype(np.float32)


def _linear_to_srgb64(c) -> np.ndarray:
    c = _as_f32(c).astype(np.float64)
    c = np.where(np.isnan(c), 0.0, np.clip(c, 0.0, 1.0))
    return np.where(c <= 0.0031308, 12.92 * c, 1.055 * np.power(c, 1.0 / 2.4) - 0.055)


_SRGB_DECODE_LUT: dict[int, np.ndarray] = {}
_SRGB_THRESHOLDS: dict[int, np.ndarray] = {}


def srgb_to_float(codes, bits: int = 8) -> np.ndarray:
    """SRGB code -> linear float32 by the ideal curve (§3.2.3.7; 0 and 1 exact)."""
    lut = _SRGB_DECODE_LUT.get(bits)
    if lut is None:
        n = (1 << bits) - 1
        lut = srgb_to_linear(np.arange(n + 1, dtype=np.float64) / n)
        _SRGB_DECODE_LUT[bits] = lut
    return lut[np.asarray(codes).astype(np.intp)]


def float_to_srgb(x, bits: int = 8) -> np.ndarray:
    """Linear float -> SRGB code (§3.2.3.8: NaN -> 0, clamp, curve, scale, +0.5, truncate).

    Evaluated as a search over the exact float32 decision thresholds of the float64 reference, so the
    result equals ``floor(linear_to_srgb(x) * (2^n - 1) + 0.5)`` for every float32 input.
    """
    t = _SRGB_THRESHOLDS.get(bits)
    if t is None:
        t = _srgb_thresholds(bits)
        _SRGB_THRESHOLDS[bits] = t
    f = _as_f32(x)
    f = np.where(np.isnan(f), _F32(0), f)
    return np.searchsorted(t, f, side="right").astype(np.uint32)


def _srgb_encode_ref(f: np.ndarray, n: int) -> np.ndarray:
    return np.floor(_linear_to_srgb64(f) * n + 0.5)


def _srgb_thresholds(bits: int) -> np.ndarray:
    """t[k-1] = smallest float32 whose reference code is >= k, for k = 1 .. 2^n - 1."""
    n = (1 << bits) - 1
    k = np.arange(1, n + 1, dtype=np.float64)
    s = (k - 0.5) / n
    guess = np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4).astype(np.float32)
    # Walk each guess to the exact boundary (a few ULPs at most).
    for _ in range(64):
        below = np.nextafter(guess, _F32(-np.inf))
        up = _srgb_encode_ref(guess, n) < k
        down = _srgb_encode_ref(below, n) >= k
        if not (up.any() or down.any()):
            break
        guess = np.where(up, np.nextafter(guess, _F32(np.inf)), np.where(down, below, guess))
    return guess.astype(np.float32)


# --------------------------------------------------------------------------------------------------
# Integers (§3.2.3.9–13, §22.13 ftoi/ftou)

def float_to_sint(x, bits: int = 32, rounding: str = "rtz") -> np.ndarray:
    """Float -> signed int: NaN -> 0, saturate to the n-bit range; "rtz" (ftoi) or "rne" (§3.2.2)."""
    f = _as_f32(x).astype(np.float64)
    f = np.where(np.isnan(f), 0.0, f)
    f = np.trunc(f) if rounding == "rtz" else np.rint(f)
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return np.clip(f, lo, hi).astype(np.int64).astype(np.int32 if bits <= 32 else np.int64)


def float_to_uint(x, bits: int = 32, rounding: str = "rtz") -> np.ndarray:
    """Float -> unsigned int: NaN -> 0, negatives -> 0, saturate (ftou when ``rounding`` is "rtz")."""
    f = _as_f32(x).astype(np.float64)
    f = np.where(np.isnan(f), 0.0, f)
    f = np.trunc(f) if rounding == "rtz" else np.rint(f)
    return np.clip(f, 0, (1 << bits) - 1).astype(np.uint64).astype(np.uint32 if bits <= 32 else np.uint64)


def convert_int(values, dst_bits: int, dst_signed: bool) -> np.ndarray:
    """Integer -> integer of ``dst_bits``: widening keeps the value (sign/zero extension), narrowing or a
    signedness change clamps to the target range (§3.2.3.9–13). The source signedness is the dtype's.
    Returns int64 values (the target-range number, not its bit pattern)."""
    v = np.asarray(values)
    if v.dtype.kind not in "iub":
        raise TypeError("convert_int needs an integer array")
    v = v.astype(np.int64)
    lo, hi = (-(1 << (dst_bits - 1)), (1 << (dst_bits - 1)) - 1) if dst_signed else (0, (1 << dst_bits) - 1)
    return np.clip(v, lo, hi)


# --------------------------------------------------------------------------------------------------
# R9G9B9E5_SHAREDEXP (§19.3.2)

RGB9E5_MAX = 65408.0  # 0.111111111b * 2^(31-15)


def rgb9e5_to_f32(codes) -> np.ndarray:
    """32-bit RGBE codes -> (..., 3) float32: (m / 512) * 2^(E - 15) per channel (exact)."""
    c = np.asarray(codes).astype(np.uint32)
    e = (c >> _U32(27)).astype(np.int32) - 24
    m = np.stack([c & _U32(0x1FF), (c >> _U32(9)) & _U32(0x1FF), (c >> _U32(18)) & _U32(0x1FF)], axis=-1)
    return np.ldexp(m.astype(np.float32), e[..., None]).astype(np.float32)


def f32_to_rgb9e5(rgb) -> np.ndarray:
    """(..., 3) floats -> 32-bit RGBE codes (§19.3.2.2): shared exponent from the largest channel,
    mantissas rounded to nearest even, NaN and negatives -> 0, saturate at 65408 (INF included)."""
    c = _as_f32(rgb).astype(np.float64)
    c = np.where(np.isnan(c), 0.0, np.clip(c, 0.0, RGB9E5_MAX))
    maxc = c.max(axis=-1)
    _, exp = np.frexp(maxc)  # maxc < 2^exp
    E = np.maximum(exp + 15, 0)
    E = np.where(maxc == 0, 0, E)
    scale = np.ldexp(1.0, E - 24)
    E = np.where(np.rint(maxc / scale) >= 512, E + 1, E)
    scale = np.ldexp(1.0, E - 24)
    m = np.rint(c / scale[..., None]).astype(np.uint32)
    return (m[..., 0] | (m[..., 1] << _U32(9)) | (m[..., 2] << _U32(18)) | (E.astype(np.uint32) << _U32(27))
            ).astype(np.uint32)


# --------------------------------------------------------------------------------------------------
# XR bias (R10G10B10_XR_BIAS_A2_UNORM colour channels): value = (code - 0x180) / 510

def xr_bias_to_float(codes) -> np.ndarray:
    return (np.asarray(codes).astype(np.int32) - 0x180).astype(np.float32) / _F32(510)


def float_to_xr_bias(x) -> np.ndarray:
    """NaN -> 0 (code 0x180); code = clamp(x * 510 + 384 + 0.5, 0, 1023) truncated."""
    f = _as_f32(x).astype(np.float64)
    f = np.where(np.isnan(f), 0.0, f)
    return np.clip(np.floor(f * 510.0 + 384.0 + 0.5), 0, 1023).astype(np.uint32)


# --------------------------------------------------------------------------------------------------
# Missing components (§19.1.3.3)

class NumberClass(Enum):
    FLOAT = "float"  # UNORM, SNORM, SRGB, FLOAT, SHAREDEXP, depth: registers hold float32
    UINT = "uint"
    SINT = "sint"


def missing_defaults(number_class: NumberClass) -> np.ndarray:
    """(0, 0, 0, 1) typed like the format: 1.0f for float-interpreted formats, integer 1 for UINT/SINT."""
    if number_class == NumberClass.UINT:
        return np.array([0, 0, 0, 1], dtype=np.uint32)
    if number_class == NumberClass.SINT:
        return np.array([0, 0, 0, 1], dtype=np.int32)
    return np.array([0.0, 0.0, 0.0, 1.0], dtype=np.float32)
