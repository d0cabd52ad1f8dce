"""exp, log, sincos and rsq as float32 operation sequences, defined once for every backend (issue 12 point 4).

D3D11.3 leaves these instructions inexact (22.10.6 exp: relative error <= 2^-21; 22.10.8 log: absolute error
<= 2^-21 on [0.5, 2], relative <= 2^-21 elsewhere; 22.10.20 sincos: absolute error <= 0.0008 on
[-100*pi, 100*pi]; 22.10.19 rsq: relative error <= 2^-21). pyd3d11 defines each one as a fixed sequence of
IEEE float32 operations — add, sub, mul, div, sqrt, round-to-integral, integer/bit manipulation and
selects; no fused multiply-add, no reassociation — so that the numpy reference and the native backend
(which emits the same sequence as LLVM IR, 8 lanes wide) produce the same bits, and both run at float32
speed instead of evaluating float64 libm per lane.

Each sequence is written once, against a small operation interface ``K`` (:class:`NumpyOps` here, the LLVM
emitter in ``shader/native/llvm_gen.py``). Inputs arrive denormal-flushed and outputs are flushed by the
caller (alu_float's rule, 3.1.3.2). Intermediate steps are plain IEEE float32; the only intermediates that
can be denormal are products far below a constant they are then added to, so the result does not depend on
whether the CPU flushes them.

Sequences (c_i: float32 coefficients; ``COEFFS`` below; docs/transcendentals.md states every constant's
derivation — the Chebyshev truncation of the reduced function's power series, computed exactly in rationals
and rounded to the nearest float32 — and tests/test_transcendental_definition.py recomputes them):

* ``exp2(x)``: clamp x to [-151, 129]; n = round_ne(x); f = x - n (exact, |f| <= 0.5);
  p = 1 + f*(c1 + f*(c2 + ... + f*c6)); result = (p * 2^n1) * 2^n2 with n1 = floor(n/2), n2 = n - n1
  (powers of two built from bits, so the scaling is exact except for overflow to INF / underflow).
* ``log2(x)``: x = m * 2^e with m in [sqrt(1/2), sqrt(2)) taken from the bits; t = (m - 1) / (m + 1);
  result = e + t*(c1 + t^2*(c2 + ... + t^2*c5))  (the series of 2*atanh(t)/ln 2).
* ``sin(x)``, ``cos(x)`` (session 16: one polynomial each, no quadrant selects): reduce by pi. sin:
  t = x*(1/pi) + 1.5*2^23, k = t - 1.5*2^23 (the nearest integer, ties to even, and +0 for -0), then
  r = (x - k*P1) - k*P2 with pi = P1 + P2 (P1 8 significant bits, so k*P1 is exact for |k| < 2^16 and the
  reduction is accurate far past the spec's 100*pi); sin x = (-1)^k sin r. cos: t = (x*(1/pi) - 1/2) +
  1.5*2^23, k as before, h = k + 1/2 and r = (h*P1 - x) + h*P2 = h*pi - x; cos x = (-1)^k sin r. sin r is
  r*(1 + r^2*S(r^2)) on |r| <= pi/2 (sin(+-0) keeps the zero's sign; cos(+-0) evaluates to exactly 1). The
  sign (-1)^k is t's lowest significand bit shifted into the sign bit and XORed in. The result is clamped
  to [-1, 1] (past the accurate range the reduction degrades but stays in range, as 22.10.20 requires).
* ``rsq(x)``: 1 / sqrt(x), both correctly rounded (at most ~1 ulp).

Special values follow the spec's tables (22.10.6/8/19/20): a NaN input is returned unchanged; an invalid
operation (log of a negative number, sin/cos of +-INF, rsq of a negative number) gives the default NaN
0xFFC00000 (what x86 produces, and what the float64 definition gave before); exp(-INF) = +0,
exp(+INF) = +INF, log(+-0) = -INF, log(+INF) = +INF, sin(+-0) = +-0, cos(+-0) = 1, rsq(-0) = -INF.

The measured error of each against its spec bound is in ``docs/features.md`` (and asserted by
tests/test_transcendentals.py).
"""

from __future__ import annotations

import numpy as np

#: float32 bit patterns of the polynomial coefficients (highest term last)
COEFFS: dict[str, tuple[int, ...]] = {
    # 2^f = 1 + f*(c1 + f*(c2 + ...)): (2^f - 1)/f to degree 5 on f in [-1/2, 1/2]
    "exp2": (0x3F317218, 0x3E75FDF0, 0x3D6357B6, 0x3C1D950E, 0x3AAF844B, 0x39222002),
    # log2((1+t)/(1-t)) = t*(c1 + t^2*(c2 + ...)): to degree 4 in s = t^2 on [0, 3/100] (|t| <= 0.1716)
    "log2": (0x4038AA3B, 0x3F76384F, 0x3F13BBC5, 0x3ED2C411, 0x3EAEA824),
    # sin r = r*(1 + s*(s1 + s*(s2 + ...))): (sin r/r - 1)/s to degree 3 in s = r^2 on [0, 5/2] (|r| <= 1.58)
    "sin": (0xBE2AAAAA, 0x3C088823, 0xB94FDA05, 0x3630B6F4),
}
# pi = P1 + P2: P1 pi's float32 with the low 16 fraction bits cleared (8 significant bits), P2 the rest rounded
PI_PARTS = (0x40490000, 0x3A7DAA22)
INV_PI = 0x3EA2F983  # nearest float32 to 1/pi
ROUND_MAGIC = 0x4B400000  # 1.5 * 2^23: t = y + it has ulp 1 for |y| < 2^22, so t - it is y rounded to an integer
SQRT2 = 0x3FB504F3  # nearest float32 to sqrt 2 (below it)
ONE = 0x3F800000
HALF = 0x3F000000
DEFAULT_NAN = 0xFFC00000
POS_INF = 0x7F800000
NEG_INF = 0xFF800000


def _fbits(v: float) -> int:
    return int(np.float32(v).view(np.uint32))


def _horner(K, x, coeffs: tuple[int, ...]):
    """c1 + x*(c2 + x*(... + x*cn)) evaluated innermost first."""
    acc = K.f(coeffs[-1])
    for c in reversed(coeffs[:-1]):
        acc = K.add(K.f(c), K.mul(x, acc))
    return acc


def exp2(K, x):
    """2^x (22.10.6) for a flushed float32 x."""
    hi, lo = K.f(_fbits(129.0)), K.f(_fbits(-151.0))
    xc = K.select(K.gt(x, hi), hi, x)
    xc = K.select(K.lt(xc, lo), lo, xc)
    n = K.rint(xc)
    f = K.sub(xc, n)
    p = K.add(K.f(ONE), K.mul(f, _horner(K, f, COEFFS["exp2"])))
    nn = K.select(K.isnan(n), K.f(0), n)  # keeps the integer conversion defined for NaN lanes
    n1 = K.floor(K.mul(nn, K.f(HALF)))
    n2 = K.sub(nn, n1)
    s1 = K.from_bits(K.shl(K.iadd(K.ftoi(n1), K.i(127)), 23))
    s2 = K.from_bits(K.shl(K.iadd(K.ftoi(n2), K.i(127)), 23))
    r = K.mul(K.mul(p, s1), s2)
    return K.select(K.isnan(x), x, r)


def log2(K, x):
    """log2(x) (22.10.8) for a flushed float32 x."""
    b = K.bits(x)
    e = K.isub(K.iand(K.lshr(b, 23), K.i(0xFF)), K.i(127))
    mb = K.ior(K.iand(b, K.i(0x7FFFFF)), K.i(ONE))
    big = K.ugt(mb, K.i(SQRT2))
    mb = K.select(big, K.isub(mb, K.i(0x800000)), mb)  # m / 2: exponent field 127 -> 126
    e = K.select(big, K.iadd(e, K.i(1)), e)
    m = K.from_bits(mb)
    one = K.f(ONE)
    t = K.div(K.sub(m, one), K.add(m, one))
    t2 = K.mul(t, t)
    r = K.add(K.itof(e), K.mul(t, _horner(K, t2, COEFFS["log2"])))
    zero = K.f(0)
    r = K.select(K.eq(x, zero), K.f(NEG_INF), r)  # +-0 (denormals were flushed)
    r = K.select(K.lt(x, zero), K.f(DEFAULT_NAN), r)
    r = K.select(K.eq(x, K.f(POS_INF)), K.f(POS_INF), r)
    return K.select(K.isnan(x), x, r)


def _sin_reduced(K, x, t, r):
    """(-1)^k sin r for the reduced r, k's parity being t's lowest bit (22.10.20), with the range and special
    rules: the clamp to [-1, 1], +-INF -> default NaN, a NaN returned unchanged."""
    s = K.mul(r, r)
    p = K.mul(r, K.add(K.f(ONE), K.mul(s, _horner(K, s, COEFFS["sin"]))))  # r*(1 + ...) keeps -0
    v = K.from_bits(K.ixor(K.bits(p), K.shl(K.bits(t), 31)))
    one, minus_one = K.f(ONE), K.f(_fbits(-1.0))
    v = K.select(K.gt(v, one), one, v)
    v = K.select(K.lt(v, minus_one), minus_one, v)
    if not getattr(K, "inf_gives_default_nan", False):
        # (an emitter whose operations are x86's may leave this select out: there the reduction of +-INF already
        # is INF - INF, the default NaN, which every later step keeps; llvm_seq.LlvmOps.inf_gives_default_nan)
        v = K.select(K.eq(K.abs(x), K.f(POS_INF)), K.f(DEFAULT_NAN), v)
    return K.select(K.isnan(x), x, v)


def sin(K, x):
    """sin x (22.10.20) for a flushed float32 x: x = k*pi + r, sin x = (-1)^k sin r."""
    magic = K.f(ROUND_MAGIC)
    t = K.add(K.mul(x, K.f(INV_PI)), magic)
    k = K.sub(t, magic)  # +0 where x*(1/pi) rounds to 0, so x - k*P1 keeps -0
    p1, p2 = (K.f(p) for p in PI_PARTS)
    r = K.sub(K.sub(x, K.mul(k, p1)), K.mul(k, p2))
    return _sin_reduced(K, x, t, r)


def cos(K, x):
    """cos x (22.10.20) for a flushed float32 x: x = (k + 1/2)*pi - r, cos x = (-1)^k sin r."""
    magic = K.f(ROUND_MAGIC)
    t = K.add(K.sub(K.mul(x, K.f(INV_PI)), K.f(HALF)), magic)
    h = K.add(K.sub(t, magic), K.f(HALF))
    p1, p2 = (K.f(p) for p in PI_PARTS)
    r = K.add(K.sub(K.mul(h, p1), x), K.mul(h, p2))
    return _sin_reduced(K, x, t, r)


def sincos(K, x):
    """(sin x, cos x): two independent sequences, so a sincos with one null destination computes one."""
    return sin(K, x), cos(K, x)


def rsq(K, x):
    """1/sqrt(x) (22.10.19) for a flushed float32 x."""
    r = K.div(K.f(ONE), K.sqrt(x))
    r = K.select(K.lt(x, K.f(0)), K.f(DEFAULT_NAN), r)
    return K.select(K.isnan(x), x, r)


SEQUENCES = {"exp": exp2, "log": log2, "sin": sin, "cos": cos, "rsq": rsq}


class NumpyOps:
    """The operation interface on numpy arrays: floats are float32, integers int32, conditions bool."""

    F = np.float32
    I = np.int32

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = shape

    def f(self, bits: int):
        return np.uint32(bits).view(np.float32)

    def i(self, v: int):
        return np.int32(v)

    def add(self, a, b):
        return np.add(a, b, dtype=np.float32)

    def sub(self, a, b):
        return np.subtract(a, b, dtype=np.float32)

    def mul(self, a, b):
        return np.multiply(a, b, dtype=np.float32)

    def div(self, a, b):
        return np.divide(a, b, dtype=np.float32)

    def sqrt(self, a):
        return np.sqrt(a, dtype=np.float32)

    def rint(self, a):
        return np.rint(a, dtype=np.float32)

    def floor(self, a):
        return np.floor(a, dtype=np.float32)

    def neg(self, a):
        return self.from_bits(self.bits(a) ^ np.int32(-0x80000000))

    def abs(self, a):
        return self.from_bits(self.bits(a) & np.int32(0x7FFFFFFF))

    def gt(self, a, b):
        return np.greater(a, b)

    def lt(self, a, b):
        return np.less(a, b)

    def eq(self, a, b):
        return np.equal(a, b)

    def isnan(self, a):
        return np.isnan(a)

    def bor(self, a, b):
        return a | b

    def ixor(self, a, b):
        return np.bitwise_xor(a, b, dtype=np.int32)

    def select(self, c, a, b):
        return np.where(c, a, b)

    def bits(self, a):
        return np.asarray(a, np.float32).view(np.int32)

    def from_bits(self, a):
        return np.asarray(a, np.int32).view(np.float32)

    def iadd(self, a, b):
        return np.add(a, b, dtype=np.int32)

    def isub(self, a, b):
        return np.subtract(a, b, dtype=np.int32)

    def iand(self, a, b):
        return np.bitwise_and(a, b, dtype=np.int32)

    def ior(self, a, b):
        return np.bitwise_or(a, b, dtype=np.int32)

    def shl(self, a, n: int):
        return np.left_shift(a, np.int32(n), dtype=np.int32)

    def lshr(self, a, n: int):
        return (np.asarray(a, np.int32).view(np.uint32) >> np.uint32(n)).view(np.int32)

    def ugt(self, a, b):
        return np.asarray(a, np.int32).view(np.uint32) > np.uint32(np.int32(b).view(np.uint32))

    def ftoi(self, a):
        return np.asarray(a, np.float32).astype(np.int32)

    def itof(self, a):
        return np.asarray(a, np.int32).astype(np.float32)


def evaluate(name: str, x: np.ndarray) -> np.ndarray:
    """The float32 sequence ``name`` (exp, log, sin, cos, rsq) on a flushed float32 array."""
    x = np.ascontiguousarray(x, np.float32)
    with np.errstate(all="ignore"):
        r = SEQUENCES[name](NumpyOps(x.shape), x)
    return np.asarray(np.broadcast_to(r, x.shape), np.float32)
