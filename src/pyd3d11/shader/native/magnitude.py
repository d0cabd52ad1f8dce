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
#: |sin|, |cos| (transcendental.sin / cos) of a flushed x: at least min(|x|, 2^SINCOS_FLOOR) (see :func:`sincos`)
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
    """sin / cos of transcendental.sin / cos on a flushed x (x here is the input flush's bound, so l >= -126).

    The reduction (session 16): sin: k = fl(fl(x/pi) + M) - M, d = fl(x - fl(k*P1)), r = fl(d - fl(k*P2)); cos:
    h = k + 1/2, d = fl(fl(h*P1) - x), r = fl(d + fl(h*P2)). Where k = +0 (sin), both products are +0 and r = x
    exactly. Otherwise |fl(k*P1)| (or |fl(h*P1)|, |h| >= 1/2) is at least P1/2 > 1.5. Then d is 0 or at least
    2^-23: if |x| >= 1 both operands are multiples of 2^-23; if |x| < 1 (cos only: sin's k != 0 needs
    |x| >= pi/2 roughly) |d| > 1/2. Any float32 of magnitude >= 2^-23 is a multiple of 2^-46, and fl(k*P2)
    (magnitude >= P2/2 > 2^-13) is a multiple of 2^-36, so r is 0 or at least 2^-46 in magnitude.
    The polynomial: p = fl(r*q), q = fl(1 + w), w = fl(s*H(s)), s = fl(r*r). q is 0 or at least 2^-24 (|w| < 1/2
    gives q > 1/2; otherwise w, hence 1 + w, is a multiple of 2^-24), or ±INF where s overflows (then p = ±INF,
    clamped to ±1; w is never NaN for finite r: s*acc could only be 0*INF with s = 0, and then acc is finite).
    So for r != x, p is 0 or at least 2^-46 * 2^-24 = 2^-70, an exact-range product (no underflow). For r = x
    (sin, |x| < about pi/2): q = 1 exactly while |w| <= 2^-25 (1 - 2^-25 rounds to 1, ties to even), so p = x;
    q < 1 needs s > 2^-23 (|H| < 1/5), |x| > 2^-12, and then q > 1/2 and |p| > 2^-13.
    The sign XOR keeps the magnitude; the clamp to [-1, 1] replaces only magnitudes above 1 by 1; a NaN x gives
    x, an infinite x the default NaN. So every finite nonzero result is at least min(|x|, 2^-74) >= 2^-126:
    never a denormal."""
    return min(x[0], SINCOS_FLOOR), True
