"""Double-precision ALU (spec-facts §1.1 "Doubles"; D3D11.3 spec 22.15).

A double occupies two 32-bit lanes (.xy or .zw), low word first. Doubles are IEEE: no denormal flush.
Functions take float64 arrays (and return float64, or uint32 for compares and integer conversions).

The spec leaves NaN bit patterns open except for raw moves (spec-facts §1.1) and the sign of
dmin(-0, +0) open; numpy's answers there depend on which of its loops runs (its SIMD loops commute
operands for some lengths, so a batch of 9 lanes and one of 8 disagree), so one rule is fixed here and
the native backend emits the same one (shader/native/llvm_double.py):
- arithmetic (dadd, dmul, ddiv, drcp, dfma): a NaN result is the first NaN source (in operand order)
  with its quiet bit set, else (an invalid operation such as INF - INF) :data:`DEFAULT_NAN`;
- dmin/dmax: a NaN source yields the other source's bits (both NaN: the first); unequal values
  compare; equal ones (±0) give -0 for dmin and +0 for dmax;
- dtof/ftod of a NaN: the sign, the quiet bit and the payload's high bits kept (the x86 conversion,
  spelled out so that no host or constant folder differs).
"""

from __future__ import annotations

import numpy as np

U32 = np.uint32
F64 = np.float64
ALL = U32(0xFFFFFFFF)
U64 = np.uint64
#: the NaN an invalid double operation with no NaN source gives (the x86 "real indefinite")
DEFAULT_NAN = 0xFFF8000000000000
_QUIET = U64(1 << 51)


def to_double(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return (lo.astype(np.uint64) | (hi.astype(np.uint64) << np.uint64(32))).view(F64)


def from_double(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    b = np.ascontiguousarray(x, F64).view(np.uint64)
    return (b & np.uint64(0xFFFFFFFF)).astype(U32), (b >> np.uint64(32)).astype(U32)


def _b(c):
    return c.astype(U32) * ALL


def nan_rule(r, *srcs):
    """``r`` with every NaN lane replaced by the first NaN source quieted, else :data:`DEFAULT_NAN`."""
    r = np.asarray(r, F64)
    nan = np.isnan(r)
    if not nan.any():
        return r
    srcs = np.broadcast_arrays(r, *[np.asarray(x, F64) for x in srcs])[1:]
    out = np.full(r.shape, DEFAULT_NAN, U64)
    for x in reversed(srcs):
        out = np.where(np.isnan(x), x.view(U64) | _QUIET, out)
    return np.where(nan, out.view(F64), r)


def _arith(fn):
    def op(*srcs):
        with np.errstate(all="ignore"):
            return nan_rule(fn(*srcs), *srcs)

    return op


def _minmax(is_min: bool):
    def op(a, b):
        a, b = np.broadcast_arrays(np.asarray(a, F64), np.asarray(b, F64))
        ua, ub = a.view(U64), b.view(U64)
        first = (a < b) if is_min else (a > b)
        second = (b < a) if is_min else (b > a)
        same = (ua | ub) if is_min else (ua & ub)  # equal values: identical bits, or ±0
        r = np.where(first, ua, np.where(second, ub, same))
        r = np.where(np.isnan(a), ub, r)
        return np.where(np.isnan(b), ua, r).view(F64)

    return op


def dtoi(x):
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, -2147483648.0, 2147483647.0)))
    return x.astype(np.int64).astype(U32)


def dtou(x):
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, 0.0, 4294967295.0)))
    return x.astype(np.uint64).astype(U32)


def dtof(x):
    """double → float32, round to nearest even; result flushed like any float32 arithmetic output."""
    with np.errstate(all="ignore"):
        b = np.asarray(x, F64).astype(np.float32).view(U32)
    b = np.where((b & U32(0x7F800000)) == 0, b & U32(0x80000000), b)
    nan = np.isnan(x)
    if nan.any():
        w = np.asarray(x, F64).view(U64)
        q = ((w >> U64(32)) & U64(0x80000000)) | U64(0x7FC00000) | ((w >> U64(29)) & U64(0x7FFFFF))
        b = np.where(nan, q.astype(U32), b)
    return b


def ftod(b):
    """float32 bits → double (denormal inputs flushed, as float32 arithmetic inputs)."""
    b = np.where((b & U32(0x7F800000)) == 0, b & U32(0x80000000), b)
    r = b.view(np.float32).astype(F64)
    nan = np.isnan(r)
    if nan.any():
        w = b.astype(U64)
        q = ((w & U64(0x80000000)) << U64(32)) | U64(0x7FF8000000000000) | ((w & U64(0x7FFFFF)) << U64(29))
        r = np.where(nan, q.view(F64), r)
    return r


def _two_sum(a, b):
    """s + e == a + b exactly (Knuth)."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _split(a):
    """Veltkamp split into two 26-bit halves."""
    t = a * 134217729.0  # 2**27 + 1
    hi = t - (t - a)
    return hi, a - hi


def _two_prod(a, b):
    """p + e == a * b exactly (Dekker; exact while a * b neither overflows nor underflows)."""
    p = a * b
    ah, al = _split(a)
    bh, bl = _split(b)
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


_SPLIT_LIMIT = 2.0 ** 995  # |x| * (2^27 + 1) overflows from about 2^996


def _dfma(a, b, c, _rescaled: bool = False):
    """Fused a * b + c rounded once (spec 22.14.7: 0.5 ULP for the whole operation): Boldo and
    Melquiond's emulation — exact product and sum, the low parts added with round-to-odd, one final
    round-to-nearest. An operand >= 2^995 (whose Veltkamp split would overflow) first trades a factor 2^64 with
    the other (exact: a power of two, the product unchanged). Operands whose emulation still leaves the exact range
    (inf, NaN, two huge factors, products <= 2^-960 whose error terms underflow) take the plain a * b + c.

    Zeros (IEEE 754-2008 §6.3): a zero factor makes the product an exact ±0, so the plain formula is exact,
    its sign included (-0 only when the product and c are both -0); c = ±0 with non-zero factors gives the
    product rounded once, which keeps the exact result's sign when it underflows to zero."""
    with np.errstate(all="ignore"):
        prod = a * b
        plain = prod + c
        big_a, big_b = np.abs(a) >= _SPLIT_LIMIT, np.abs(b) >= _SPLIT_LIMIT
        k = np.where(big_a & ~big_b, 2.0 ** -64, np.where(big_b & ~big_a, 2.0 ** 64, 1.0))
        ph, pl = _two_prod(a * k, b / k)
        sh, sl = _two_sum(c, ph)
        v, err = _two_sum(pl, sl)
        # round v to odd: when inexact and v's last mantissa bit is even, step one ulp toward the error
        bits = v.view(np.uint64)
        even = (bits & np.uint64(1)) == 0
        v = np.where((err != 0) & even, np.nextafter(v, np.where(err > 0, np.inf, -np.inf)), v)
        fused = sh + v
        # large magnitudes need no bound: an overflow inside the emulation (the split of an operand >= 2^996, a
        # partial product) makes it non-finite, and the plain formula takes over
        safe = np.isfinite(plain) & np.isfinite(fused) & (np.abs(prod) > 2.0 ** -960)
        r = np.where(safe, fused, plain)
        r = np.where((c == 0) & (a != 0) & (b != 0), prod, r)
        r = np.where((a == 0) | (b == 0), plain, r)
        # finite factors whose rounded product overflows: the exact product is finite, so an infinite c is the
        # result (not inf - inf = NaN), and a finite c may bring the exact sum back into range: the same
        # operation on a/4 and c/4 (exact: |a| > 2 here, and a c below 2^-1020 is far under half an ulp of the
        # product), times 4 (exact, or the overflow the unscaled result has)
        finite_ab = np.isfinite(a) & np.isfinite(b)
        over = finite_ab & np.isinf(prod)
        if over.any() and not _rescaled:
            scaled = 4.0 * _dfma(np.where(over, a * 0.25, 1.0), np.where(over, b, 1.0),
                                 np.where(over, c * 0.25, 0.0), True)
            r = np.where(over & np.isfinite(c), scaled, r)
        return np.where(finite_ab & np.isinf(c), c, r)


dfma = _arith(_dfma)

#: name → (source kinds, result kind, function). Kinds: 'd' double, 'f' float32 bits, 'i' int32 bits,
#: 'u' uint32 bits, 'c' comparison mask.
DOUBLE_OPS = {
    "dadd": ("dd", "d", _arith(lambda a, b: a + b)),
    "dmul": ("dd", "d", _arith(lambda a, b: a * b)),
    "ddiv": ("dd", "d", _arith(lambda a, b: a / b)),
    "dmin": ("dd", "d", _minmax(True)),
    "dmax": ("dd", "d", _minmax(False)),
    "dfma": ("ddd", "d", dfma),
    "drcp": ("d", "d", _arith(lambda a: 1.0 / a)),
    "dmov": ("d", "d", lambda a: a),
    "deq": ("dd", "c", lambda a, b: _b(a == b)),
    "dne": ("dd", "c", lambda a, b: _b(a != b)),
    "dlt": ("dd", "c", lambda a, b: _b(a < b)),
    "dge": ("dd", "c", lambda a, b: _b(a >= b)),
    "dtof": ("d", "f", dtof),
    "dtoi": ("d", "i", dtoi),
    "dtou": ("d", "u", dtou),
    "ftod": ("f", "d", ftod),
    "itod": ("i", "d", lambda b: b.view(np.int32).astype(F64)),
    "utod": ("u", "d", lambda b: b.astype(F64)),
}
