"""Double-precision ALU (spec-facts §1.1 "Doubles"; D3D11.3 spec 22.15).

A double occupies two 32-bit lanes (.xy or .zw), low word first. Doubles are IEEE: no denormal flush.
Functions take float64 arrays (and return float64, or uint32 for compares and integer conversions).
"""

from __future__ import annotations

import numpy as np

U32 = np.uint32
F64 = np.float64
ALL = U32(0xFFFFFFFF)


def to_double(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return (lo.astype(np.uint64) | (hi.astype(np.uint64) << np.uint64(32))).view(F64)


def from_double(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    b = np.ascontiguousarray(x, F64).view(np.uint64)
    return (b & np.uint64(0xFFFFFFFF)).astype(U32), (b >> np.uint64(32)).astype(U32)


def _b(c):
    return c.astype(U32) * ALL


def dtoi(x):
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, -2147483648.0, 2147483647.0)))
    return x.astype(np.int64).astype(U32)


def dtou(x):
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, 0.0, 4294967295.0)))
    return x.astype(np.uint64).astype(U32)


def dtof(x):
    """double → float32, round to nearest even; result flushed like any float32 arithmetic output."""
    with np.errstate(all="ignore"):
        b = x.astype(np.float32).view(U32)
    return np.where((b & U32(0x7F800000)) == 0, b & U32(0x80000000), b)


def ftod(b):
    """float32 bits → double (denormal inputs flushed, as float32 arithmetic inputs)."""
    b = np.where((b & U32(0x7F800000)) == 0, b & U32(0x80000000), b)
    return b.view(np.float32).astype(F64)


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


def dfma(a, b, c):
    """Fused a * b + c rounded once (spec 22.14.7: 0.5 ULP for the whole operation): Boldo and
    Melquiond's emulation — exact product and sum, the low parts added with round-to-odd, one final
    round-to-nearest. Operands whose product or sum leaves the exact range (inf, NaN, huge or tiny
    magnitudes) take the plain a * b + c, whose single rounding is already correct there in practice."""
    with np.errstate(all="ignore"):
        plain = a * b + c
        ph, pl = _two_prod(a, b)
        sh, sl = _two_sum(c, ph)
        v, err = _two_sum(pl, sl)
        # round v to odd: when inexact and v's last mantissa bit is even, step one ulp toward the error
        bits = v.view(np.uint64)
        even = (bits & np.uint64(1)) == 0
        v = np.where((err != 0) & even, np.nextafter(v, np.where(err > 0, np.inf, -np.inf)), v)
        fused = sh + v
        mag = np.maximum(np.abs(a * b), np.abs(c))
        safe = np.isfinite(plain) & np.isfinite(fused) & (mag < 2.0 ** 960) & \
            ((np.abs(a * b) > 2.0 ** -960) | (a * b == 0))
        return np.where(safe, fused, plain)


#: name → (source kinds, result kind, function). Kinds: 'd' double, 'f' float32 bits, 'i' int32 bits,
#: 'u' uint32 bits, 'c' comparison mask.
DOUBLE_OPS = {
    "dadd": ("dd", "d", lambda a, b: a + b),
    "dmul": ("dd", "d", lambda a, b: a * b),
    "ddiv": ("dd", "d", lambda a, b: a / b),
    "dmin": ("dd", "d", np.fmin),
    "dmax": ("dd", "d", np.fmax),
    "dfma": ("ddd", "d", dfma),
    "drcp": ("d", "d", lambda a: 1.0 / a),
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
