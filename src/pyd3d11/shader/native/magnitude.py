"""Lower bounds on the magnitude of float32 values, which let the native generator skip a denormal flush that
cannot change a bit (D3D11.3 §3.1.3.2: float results are flushed after rounding, sign kept).

A bound is a pair ``(l, may_zero)``: every lane holds a NaN, an infinity, ±0 (only where ``may_zero``) or a finite
value with ``|v| >= 2^l``. A result whose bound has ``l >= -126`` is never a denormal, so its output flush is the
identity (``llvm_arith.ArithMixin.settle``). ``NO_VALUE`` is the bound of a constant with no finite nonzero
value (0, ±INF, NaN); ``DENORMAL_MIN`` that of an unknown value. The rules (proofs in each docstring) assume
IEEE binary32 round-to-nearest on each operation, as both backends compute it; tests/test_native_flush_bounds.py
checks each one against numpy float32 on operands drawn at and around their bounds.
"""

from __future__ import annotations

import math

NO_VALUE = 1 << 10  # no finite nonzero value: any bound holds
FLT_MIN_EXP = -126  # 2^-126, the least normal: a bound at or above it rules a denormal out
DENORMAL_MIN = -149  # 2^-149, the least denormal: every finite nonzero float32 is at least this
#: |sin|, |cos| (transcendental.sincos) of a flushed x: at least min(|x|, 2^SINCOS_FLOOR) (see :func:`sincos`)
SINCOS_FLOOR = -74

Bound = tuple[int, bool]
UNKNOWN: Bound = (DENORMAL_MIN, True)
FLUSHED: Bound = (FLT_MIN_EXP, True)


def never_denormal(b: Bound) -> bool:
    return b[0] >= FLT_MIN_EXP


def constant(c: float) -> Bound:
    """A constant in every lane: its own exponent (floor of log2 |c|); 0, ±INF and NaN have no finite nonzero value."""
    if c == 0.0 or not math.isfinite(c):
        return NO_VALUE, c == 0.0
    return math.frexp(abs(c))[1] - 1, False


def flushed_input(b: Bound) -> Bound:
    """The operand after the input flush: a denormal became ±0, so what stays nonzero is at least 2^-126."""
    return max(b[0], FLT_MIN_EXP), b[1] or b[0] < FLT_MIN_EXP


def mul(a: Bound, b: Bound) -> Bound:
    """fl(x * y): |x*y| >= 2^(la+lb) exactly, and rounding is monotone with 2^(la+lb) representable where it is at
    least 2^-149 (below that a nonzero result is still at least 2^-149, and the product may round to 0). A NaN,
    infinite or zero operand gives a NaN, an infinity or a zero."""
    if a[0] >= NO_VALUE or b[0] >= NO_VALUE:
        return NO_VALUE, True
    l = a[0] + b[0]
    return max(l, DENORMAL_MIN), a[1] or b[1] or l < DENORMAL_MIN


def add(a: Bound, b: Bound) -> Bound:
    """fl(x + y) (and x - y: the bound ignores signs). Where one operand is 0 the result is the other one. Where both
    are nonzero let m = max(|x|, |y|) >= 2^M with M = max(la, lb): either |x + y| >= m/2 >= 2^(M-1), or the sum
    cancels, |x + y| < m/2, so both |x| and |y| exceed m/2 and lie in binades at or above e(m) - 1, whose spacing is
    at least 2^(e(m)-24) >= 2^(M-24) (a denormal's spacing, 2^-149, is larger than that formula there): the exact
    sum is a multiple of it, so it is 0 or at least 2^(M-24), and rounding keeps that power of two."""
    if a[0] >= NO_VALUE and b[0] >= NO_VALUE:
        return NO_VALUE, True
    if a[0] >= NO_VALUE:  # a zero constant gives y; an infinite or NaN one gives INF or NaN
        return b
    if b[0] >= NO_VALUE:
        return a
    terms = [max(a[0], b[0]) - 24]
    if b[1]:
        terms.append(a[0])
    if a[1]:
        terms.append(b[0])
    return max(min(terms), DENORMAL_MIN), True


def pick(a: Bound, b: Bound) -> Bound:
    """A lane-wise choice between the two (movc, min, max, the sign-bit combinations of ±0 in min/max)."""
    return min(a[0], b[0]), a[1] or b[1]


def saturate(a: Bound) -> Bound:
    """Clamp to [0, 1] (NaN → 0): a value is kept, raised to 0 or lowered to 1."""
    return min(a[0], 0), True


def sqrt(a: Bound) -> Bound:
    """sqrt of x >= 2^l is at least 2^(l/2), rounded down to an integer exponent (rounding is monotone)."""
    return (a[0] // 2 if a[0] < NO_VALUE else NO_VALUE), a[1]


def from_integer() -> Bound:
    """itof / utof: an integer converts to 0 or to a magnitude of at least 1."""
    return 0, True


def sincos(x: Bound) -> Bound:
    """sin / cos of transcendental.sincos on a flushed x (x here is the input flush's bound, so l >= -126).

    The reduction: k = rint(x·2/π) + 0. Where k = +0, every k·P_i is +0 and r = x exactly. Where k != 0 (so
    |x| >= π/4): x and fl(k·P1) are at least 1/2 in magnitude, so their difference is a multiple of 2^-24 — 0 or
    at least 2^-24; then r1 - fl(k·P2) with |k·P2| >= P2 > 2^-12 is 0 or at least 2^-47 the same way (both
    spacings are at least 2^-47), and r2 - fl(k·P3) with |k·P3| >= P3 > 2^-24 is 0 or at least 2^-70. So r is 0,
    x, or at least 2^-70 in magnitude.
    sp = fl(r + t), t = fl(fl(r·r²)·S(r²)): r = 0 gives t = ±0 and sp = ±0. For 0 < |r| < 2^-50, r³ is below
    2^-150 (r² rounded up by at most 2^-23 relative, or to 2^-149 where r·2^-149 is far below 2^-150), so
    fl(r·r²) is ±0 or ±2^-149, and its product with |S| < 1/5 rounds to ±0: sp = r. For |r| >= 2^-50,
    :func:`add` with r's bound gives 0 or at least 2^-74. cp = fl(1 + q) is 0 or at least 2^-24 (:func:`add` with the constant 1).
    The quadrant picks sp or cp and may negate it; the clamp to [-1, 1] replaces only magnitudes above 1 by 1;
    sin(±0) is x; a NaN x gives x, an infinite x the default NaN. So every finite nonzero result is at least
    min(|x|, 2^-74) >= 2^-126: never a denormal."""
    return min(x[0], SINCOS_FLOOR), True
