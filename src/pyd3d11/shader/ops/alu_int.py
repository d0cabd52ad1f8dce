"""Integer and bit ALU rules on uint32 lanes (D3D11.3 spec ch. 22; spec-facts §1.15).

Functions take and return ``uint32`` arrays; signed operations view them as int32. Shift counts and
bit-field widths/offsets use their low 5 bits; udiv/urem by zero give 0xFFFFFFFF; firstbit_* give
0xFFFFFFFF when no bit is found.
"""

from __future__ import annotations

import numpy as np

U32 = np.uint32
I32 = np.int32
ALL = U32(0xFFFFFFFF)
M5 = U32(31)


def _b(c: np.ndarray) -> np.ndarray:
    return c.astype(U32) * ALL


def _i(a: np.ndarray) -> np.ndarray:
    return a.view(I32)


def ineg(a):
    return (U32(0) - a).astype(U32)


def iabs(a):
    return np.abs(_i(a)).view(U32)


def iadd(a, b):
    return a + b


def imad(a, b, c):
    return a * b + c


def imul(a, b):
    """→ (hi, lo) of the signed 64-bit product."""
    p = _i(a).astype(np.int64) * _i(b).astype(np.int64)
    return (p >> 32).astype(U32), p.astype(U32)


def umul(a, b):
    p = a.astype(np.uint64) * b.astype(np.uint64)
    return (p >> np.uint64(32)).astype(U32), p.astype(U32)


def udiv(a, b):
    """→ (quotient, remainder); division by zero gives 0xFFFFFFFF for both (22.13.11)."""
    zero = b == 0
    safe = np.where(zero, U32(1), b)
    q = np.where(zero, ALL, a // safe)
    r = np.where(zero, ALL, a % safe)
    return q.astype(U32), r.astype(U32)


def uaddc(a, b):
    s = a.astype(np.uint64) + b.astype(np.uint64)
    return s.astype(U32), (s >> np.uint64(32)).astype(U32)


def usubb(a, b):
    return (a - b).astype(U32), (a < b).astype(U32)


def ishl(a, b):
    return a << (b & M5)


def ushr(a, b):
    return a >> (b & M5)


def ishr(a, b):
    return (_i(a) >> (b & M5).astype(I32)).view(U32)


def ubfe(width, offset, src):
    """Unsigned bit-field extract, as the spec's pseudocode (22.13.9)."""
    w = (width & M5).astype(np.int64)
    o = (offset & M5).astype(np.int64)
    s = src.astype(np.int64)
    long = (w + o) < 32
    a = ((s << (32 - w - o)) & 0xFFFFFFFF) >> (32 - w)
    b = s >> o
    r = np.where(w == 0, 0, np.where(long, a, b))
    return r.astype(U32)


def ibfe(width, offset, src):
    w = (width & M5).astype(np.int64)
    o = (offset & M5).astype(np.int64)
    s = src.astype(np.int64)
    long = (w + o) < 32
    shl = ((s << (32 - w - o)) & 0xFFFFFFFF)
    shl = np.where(shl >= 0x80000000, shl - 0x100000000, shl)
    a = shl >> (32 - w)
    si = np.where(s >= 0x80000000, s - 0x100000000, s)
    b = si >> o
    r = np.where(w == 0, 0, np.where(long, a, b))
    return r.astype(np.int64).astype(U32)


def bfi(width, offset, insert, base):
    w = (width & M5).astype(np.uint64)
    o = (offset & M5).astype(np.uint64)
    mask = (((np.uint64(1) << w) - np.uint64(1)) << o) & np.uint64(0xFFFFFFFF)
    r = ((insert.astype(np.uint64) << o) & mask) | (base.astype(np.uint64) & ~mask & np.uint64(0xFFFFFFFF))
    return r.astype(U32)


def bfrev(a):
    x = a.astype(U32)
    x = ((x >> U32(1)) & U32(0x55555555)) | ((x & U32(0x55555555)) << U32(1))
    x = ((x >> U32(2)) & U32(0x33333333)) | ((x & U32(0x33333333)) << U32(2))
    x = ((x >> U32(4)) & U32(0x0F0F0F0F)) | ((x & U32(0x0F0F0F0F)) << U32(4))
    x = ((x >> U32(8)) & U32(0x00FF00FF)) | ((x & U32(0x00FF00FF)) << U32(8))
    return ((x >> U32(16)) | (x << U32(16))).astype(U32)


def countbits(a):
    x = a.astype(U32)
    x = x - ((x >> U32(1)) & U32(0x55555555))
    x = (x & U32(0x33333333)) + ((x >> U32(2)) & U32(0x33333333))
    x = (x + (x >> U32(4))) & U32(0x0F0F0F0F)
    return ((x * U32(0x01010101)) >> U32(24)).astype(U32)


def _msb_index(x):
    """Index (from bit 0) of the highest set bit; -1 for 0."""
    _, e = np.frexp(x.astype(np.float64))
    return np.where(x == 0, -1, e - 1)


def firstbit_hi(a):
    """Position of the first set bit counted from the MSB (22.13.5)."""
    m = _msb_index(a)
    return np.where(m < 0, ALL, (31 - m)).astype(np.int64).astype(U32)


def firstbit_lo(a):
    low = a & (U32(0) - a)
    m = _msb_index(low)
    return np.where(m < 0, ALL, m).astype(np.int64).astype(U32)


def firstbit_shi(a):
    x = np.where(_i(a) < 0, ~a, a).astype(U32)
    return firstbit_hi(x)


def msad(ref, src, accum):
    """Masked sum of absolute byte differences, skipping reference bytes equal to 0 (22.13.x)."""
    acc = accum.astype(U32).copy() if accum.ndim else accum
    for k in range(4):
        sh = U32(8 * k)
        r = (ref >> sh) & U32(0xFF)
        s = (src >> sh) & U32(0xFF)
        d = np.where(r > s, r - s, s - r)
        acc = acc + np.where(r == 0, U32(0), d)
    return acc.astype(U32)


#: name → (source count, destination count, function)
INT_OPS = {
    "iadd": (2, 1, iadd),
    "imad": (3, 1, imad),
    "umad": (3, 1, imad),
    "ineg": (1, 1, ineg),
    "and": (2, 1, lambda a, b: a & b),
    "or": (2, 1, lambda a, b: a | b),
    "xor": (2, 1, lambda a, b: a ^ b),
    "not": (1, 1, lambda a: ~a),
    "ishl": (2, 1, ishl),
    "ishr": (2, 1, ishr),
    "ushr": (2, 1, ushr),
    "ieq": (2, 1, lambda a, b: _b(a == b)),
    "ine": (2, 1, lambda a, b: _b(a != b)),
    "ilt": (2, 1, lambda a, b: _b(_i(a) < _i(b))),
    "ige": (2, 1, lambda a, b: _b(_i(a) >= _i(b))),
    "ult": (2, 1, lambda a, b: _b(a < b)),
    "uge": (2, 1, lambda a, b: _b(a >= b)),
    "imin": (2, 1, lambda a, b: np.minimum(_i(a), _i(b)).view(U32)),
    "imax": (2, 1, lambda a, b: np.maximum(_i(a), _i(b)).view(U32)),
    "umin": (2, 1, np.minimum),
    "umax": (2, 1, np.maximum),
    "imul": (2, 2, imul),
    "umul": (2, 2, umul),
    "udiv": (2, 2, udiv),
    "uaddc": (2, 2, uaddc),
    "usubb": (2, 2, usubb),
    "ubfe": (3, 1, ubfe),
    "ibfe": (3, 1, ibfe),
    "bfi": (4, 1, bfi),
    "bfrev": (1, 1, bfrev),
    "countbits": (1, 1, countbits),
    "firstbit_hi": (1, 1, firstbit_hi),
    "firstbit_lo": (1, 1, firstbit_lo),
    "firstbit_shi": (1, 1, firstbit_shi),
    "msad": (3, 1, msad),
}
