"""Interval arithmetic of fxc's two range analyses: the transfer functions, as tables (data).

Two passes of the compiler follow what fxc knows of a value's range, and both take their arithmetic from here:

* uintrange.py (X3548 below shader model 4, the dropped ``clip`` of a value never below 0): real intervals over
  float, int and uint values (``FLOAT``), kept per fresh temp *while the code generator emits* -- fxc's verdict
  depends on its own lowering of each operation (``floor`` is ``x - frac(x)``) and on trial generations that are
  rolled back, so the pass cannot wait for the finished code;
* races.py (X3695 / X3694 of a compute shader): unsigned 32-bit intervals (``U32``) over the *finished* code,
  joined at flow control, where only a range of one value (a fold: ``gi * 0``, ``gi >> 7``) or a comparison it
  decides changes the verdict.

The two walks stay apart (different times, different joins), and so do the answers below where the two domains
differ: each entry is what d3dcompiler_47 10.1's recorded answers hold for its pass, and changing either to the
other's would change verdicts the tables record (session 41, helper SEAM, byte-compared):

* a comparison: FLOAT decides it only against one known value (fxc does not decide ``d >= -d`` of fmod's lowering,
  tests/test_rules_hlsl_uint_known_positive.py), U32 whenever the two ranges decide it; both through
  :func:`decide`, which is shared;
* ``udiv``: FLOAT bounds the quotient by the dividend and the remainder by the divisor whatever the divisor is
  known to be; U32 folds only a division by one known value (``gi / 64``);
* ``and``: FLOAT knows only a mask with a literal that is not negative (uintrange keeps that rule: it reads the
  operand's slot); U32 knows the result of two known ranges;
* a result past 32 bits is unknown in U32 (it wraps) and an infinity in FLOAT.

A FLOAT interval is ``(lo, hi)``; :data:`SIGN_ONLY` is ``(0, inf, False)``, a value known only not to be negative
(uintrange's docstring says where fxc tells the two apart). A U32 interval is ``(lo, hi)`` of Python ints, None
where unknown.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

INF = math.inf
UNKNOWN = (-INF, INF)
UINT_RANGE = (0.0, 4294967295.0)
#: a value known only not to be negative, without an interval fxc could use further (abs of an unknown value,
#: sqrt, exp, frac, a square): it makes a uint, but ``max(a.x, abs(b.x))`` or ``max(a.x, frac(b.x))`` is refused
#: where ``max(a.x, saturate(b.x))``, ``max(a.x, 0.5)`` and ``max(a.x, (float)cu)`` (exact intervals) compile
SIGN_ONLY = (0.0, INF, False)
U32 = 0xFFFFFFFF


def exact(r: tuple) -> bool:
    """Whether ``r`` is an interval fxc knows (not only a sign, not nothing)."""
    return len(r) == 2 and (r[0] > -INF or r[1] < INF)


# --- shared by both domains -------------------------------------------------------------------------------------
def add(a: tuple, b: tuple) -> tuple:
    """The sum's interval (an infinity's NaN end is that end's infinity; ints stay ints)."""
    lo, hi = a[0] + b[0], a[1] + b[1]
    return (-INF if math.isnan(lo) else lo), (INF if math.isnan(hi) else hi)


def hull_max(a: tuple, b: tuple) -> tuple:
    return max(a[0], b[0]), max(a[1], b[1])


def hull_min(a: tuple, b: tuple) -> tuple:
    return min(a[0], b[0]), min(a[1], b[1])


def decide(op: str, a: tuple, b: tuple) -> bool | None:
    """Whether comparison ``op`` (lt / ge / eq / ne, an ``i`` / ``u`` prefix ignored) of values in ``a`` and ``b``
    is always true (True), always false (False) or either (None)."""
    op = op.lstrip("iu")
    if op == "lt":
        return True if a[1] < b[0] else False if a[0] >= b[1] else None
    if op == "ge":
        return True if a[0] >= b[1] else False if a[1] < b[0] else None
    apart = a[1] < b[0] or b[1] < a[0]
    same = a[0] == a[1] == b[0] == b[1]
    if op == "eq":
        return False if apart else True if same else None
    return True if apart else False if same else None


# --- FLOAT: uintrange's real intervals --------------------------------------------------------------------------
def modified(r: tuple, mod: str) -> tuple:
    """A source operand's interval after its modifier (``-``, ``abs``, ``-abs``)."""
    if not mod:
        return r
    lo, hi = r[0], r[1]
    if "abs" in mod:
        if not (exact(r) and math.isfinite(lo) and math.isfinite(hi)):
            r = SIGN_ONLY if not mod.startswith("-") else UNKNOWN
            return r
        lo, hi = (0.0 if lo <= 0 <= hi else min(abs(lo), abs(hi))), max(abs(lo), abs(hi))
    if mod.startswith("-"):
        if not exact(r):
            return UNKNOWN
        lo, hi = -hi, -lo
    return lo, hi


def _prod(a: float, b: float) -> float:
    return 0.0 if a == 0 or b == 0 else a * b


def mul(a: tuple, b: tuple, same: bool) -> tuple[float, float]:
    """The product's interval; ``same``: ``x * x`` of one operand (fxc knows a square is not negative)."""
    if same:
        lo = 0.0 if a[0] <= 0 <= a[1] else min(a[0] * a[0], a[1] * a[1])
        return lo, max(a[0] * a[0], a[1] * a[1])
    ps = [_prod(x, y) for x in a[:2] for y in b[:2]]
    return min(ps), max(ps)


def _div(a: tuple, b: tuple) -> tuple:
    if b[0] > 0:  # (a divisor that may be 0 gives nothing: fxc refuses (uint)(abs(a) / abs(b)))
        qs = [x / y if math.isfinite(y) else 0.0 for x in a[:2] for y in b[:2]]
        return min(qs), max(qs)
    return UNKNOWN


def _udiv(a: tuple, b: tuple, which: int) -> tuple:
    if which == 1:  # the remainder: below the divisor
        return 0.0, b[1]
    return 0.0, a[1]


def sincos(r: tuple, which: int) -> tuple[float, float]:
    """sin (``which`` 0) or cos (1) over the interval ``r``: the ends and every extremum inside."""
    lo, hi = r
    if not (math.isfinite(lo) and math.isfinite(hi)) or hi - lo >= 2 * math.pi:
        return -1.0, 1.0
    f = math.sin if which == 0 else math.cos
    peak = math.pi / 2 if which == 0 else 0.0  # extrema at peak + k * pi
    k = math.floor((lo - peak) / math.pi) + 1  # the first extremum above lo
    if peak + k * math.pi < hi:
        return -1.0, 1.0  # an extremum inside: fxc knows nothing more (cos(saturate(a) - 0.5) is refused)
    return min(f(lo), f(hi)), max(f(lo), f(hi))


def _float_compare(op: str) -> Callable[[list, int], tuple]:
    def compare(r: list, _which: int) -> tuple:
        a, b = r[0], r[1]
        if not (exact(a) and exact(b)) or a[0] != a[1] and b[0] != b[1]:
            return -1.0, 0.0  # fxc decides a comparison only against a known value (not d >= -d of fmod's lowering)
        truth = decide(op, a, b)
        if truth is None:
            return -1.0, 0.0
        return (-1.0, -1.0) if truth else (0.0, 0.0)

    return compare


def _min(r: list, _which: int) -> tuple:
    a, b = r[0], r[1]
    if exact(a) or exact(b):  # (an upper bound from either operand: min(-1.5, abs(x)) is at most -1.5)
        return hull_min(a, b)
    return SIGN_ONLY if min(a[0], b[0]) >= 0 else UNKNOWN


def _max(r: list, _which: int) -> tuple:
    a, b = r[0], r[1]
    if exact(a) and a[0] >= 0 or exact(b) and b[0] >= 0 or exact(a) and exact(b):
        return hull_max(a, b)
    # an operand known only by its sign lifts nothing (SIGN_ONLY): both must be
    return SIGN_ONLY if min(a[0], b[0]) >= 0 else UNKNOWN


def _movc(r: list, _which: int) -> tuple:
    c, a, b = r[0], r[1], r[2]
    if c == (0.0, 0.0):  # a condition fxc decides (a comparison of known intervals, above): that operand
        return b
    if c[0] > 0 or c[1] < 0:
        return a
    if exact(a) and exact(b):
        return min(a[0], b[0]), max(a[1], b[1])
    return SIGN_ONLY if min(a[0], b[0]) >= 0 else UNKNOWN


def _sqrt(r: list, _which: int) -> tuple:
    # of a known interval above 0 the ends' roots ((uint)(sqrt(saturate(x) + 2) - 1.41) compiles in fxc, - 1.42
    # does not); of one reaching 0 no upper bound ((uint)(2 - sqrt(saturate(x))) is X3548, while
    # max(x, sqrt(saturate(x))) compiles); of a value known only by its sign, the sign (uintrange._result:
    # (uint)(sqrt(abs(x) + 1) - 0.5) is X3548)
    a = r[0]
    if exact(a) and a[0] > 0:
        return math.sqrt(a[0]), (math.sqrt(a[1]) if a[1] < INF else INF)
    return 0.0, INF


def _log(r: list, _which: int) -> tuple:
    # of a value known not to be negative, log2 of its ends; a lower end of 0 gives no lower bound but keeps
    # the upper one: (uint)-log2(saturate(x)) and max(x, pow(saturate(x), 1.5)) (log / mul / exp) compile in
    # fxc, (uint)-log2(abs(x)) does not (test_rules_hlsl_d3d9_s41 pow_ranges)
    a = r[0]
    if a[0] < 0 or math.isnan(a[0]) or a[1] <= 0:  # (log of 0 alone is -inf: nothing known)
        return UNKNOWN
    return (math.log2(a[0]) if a[0] > 0 else -INF), (math.log2(a[1]) if a[1] < INF else INF)


def _rsq(r: list, _which: int) -> tuple:
    # of a value above 0, the ends' reciprocal roots ((uint)(0.8 - rsqrt(saturate(x) + 2)) compiles, 0.7 - does
    # not); of one that may be 0 nothing ((uint)rsqrt(abs(x)) is X3548)
    a = r[0]
    return (1.0 / math.sqrt(a[1]) if a[1] < INF else 0.0, 1.0 / math.sqrt(a[0])) if a[0] > 0 else UNKNOWN


#: uintrange's transfer functions: op -> f(operand intervals after their modifiers, destination position) -> the
#: result's interval. Operations whose rule needs more than the operands' intervals (``x - x``, ``x * x`` and
#: ``max(x, -x)`` of one value, an ``and`` with a literal, the dot products' lanes) are uintrange._interval's own;
#: anything in neither is UNKNOWN.
FLOAT: dict[str, Callable[[list, int], tuple]] = {
    "mov": lambda r, _w: r[0],
    "ftoi": lambda r, _w: r[0],
    "ftou": lambda r, _w: r[0],
    "itof": lambda r, _w: r[0],
    "utof": lambda r, _w: r[0] if r[0][0] >= 0 else UINT_RANGE,
    "add": lambda r, _w: add(r[0], r[1]),
    "iadd": lambda r, _w: add(r[0], r[1]),
    "ineg": lambda r, _w: (-r[0][1], -r[0][0]),
    "max": _max, "imax": _max, "umax": _max,
    "min": _min, "imin": _min, "umin": _min,
    "frc": lambda r, _w: (0.0, 1.0),
    "sqrt": _sqrt,
    "exp": lambda r, _w: ((2.0 ** r[0][0] if r[0][0] > -149 else 0.0), (2.0 ** r[0][1] if r[0][1] < 128 else INF)),
    "log": _log,
    "rsq": _rsq,
    "rcp": lambda r, _w: (1.0 / r[0][1] if r[0][1] < INF else 0.0, 1.0 / r[0][0]) if r[0][0] > 0 else UNKNOWN,
    "div": lambda r, _w: _div(r[0], r[1]),
    "udiv": lambda r, w: _udiv(r[0], r[1], w),
    "sincos": lambda r, w: sincos(r[0] if exact(r[0]) else UNKNOWN, w),
    "round_ni": lambda r, _w: (r[0][0] - 1, r[0][1]),  # x - frac(x)
    "round_pi": lambda r, _w: (r[0][0], r[0][1] + 1),  # x + frac(-x)
    "round_ne": lambda r, _w: (r[0][0] - 1, r[0][1] + 1),
    "movc": _movc,
    **{op: _float_compare(op) for op in ("lt", "ge", "eq", "ne", "ilt", "ige", "ieq", "ine", "ult", "uge")},
}

#: operations whose result fxc knows only the sign of unless it knows their operand exactly (frac: unless it is
#: one known value); exp keeps its lower bound (2^lo: ``x / exp2(x * x)`` divides by a value of at least 1)
SIGN_ONLY_OPS = frozenset({"frc", "sqrt", "exp", "rsq"})


def f32(x: float) -> float:
    return float(np.float32(x))


def _point_sincos(x: float, which: int) -> float:
    if not math.isfinite(x):  # math.sin refuses an infinity (ValueError); the lane is simply unknown
        return math.nan
    return f32(math.sin(x) if which == 0 else math.cos(x))


#: operations fxc evaluates when every operand is known (float32 results; NaN / infinities left unknown)
POINT: dict[str, Callable[..., float]] = {
    "frc": lambda x, _d: f32(x - math.floor(x)),
    "sqrt": lambda x, _d: f32(math.sqrt(x)) if x >= 0 else math.nan,
    "rsq": lambda x, _d: f32(1 / math.sqrt(x)) if x > 0 else math.nan,
    "rcp": lambda x, _d: f32(1 / x) if x else math.nan,
    "exp": lambda x, _d: f32(2.0 ** x) if x < 128 else math.nan,
    "log": lambda x, _d: f32(math.log2(x)) if x > 0 else math.nan,
    "round_ni": lambda x, _d: float(math.floor(x)),
    "round_pi": lambda x, _d: float(math.ceil(x)),
    "round_ne": lambda x, _d: float(np.rint(np.float32(x))),
    "sincos": _point_sincos,
}


# --- U32: races' unsigned intervals ------------------------------------------------------------------------------
def _fits(r: tuple) -> tuple | None:
    return r if r[1] <= U32 else None


def _known(f: Callable[[tuple, tuple], tuple | None]) -> Callable[[tuple | None, tuple | None], tuple | None]:
    """``f`` where both operands are known, else unknown."""
    return lambda a, b: None if a is None or b is None else f(a, b)


def _u32_mul(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None:  # x * 0 whatever x is
        return (0, 0) if (a or b) == (0, 0) else None
    return _fits((a[0] * b[0], a[1] * b[1]))


def _u32_and(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None:
        return (0, 0) if (a or b) == (0, 0) else None
    return (a[0] & b[0],) * 2 if a[0] == a[1] and b[0] == b[1] else (0, min(a[1], b[1]))


def _u32_umin(a: tuple | None, b: tuple | None) -> tuple | None:
    if a is None or b is None:  # at most the known operand's upper end
        known = a or b
        return None if known is None else (0, known[1])
    return hull_min(a, b)


def _u32_compare(op: str) -> Callable[[tuple | None, tuple | None], tuple | None]:
    def compare(a: tuple, b: tuple) -> tuple | None:
        truth = decide(op, a, b)
        return None if truth is None else (U32, U32) if truth else (0, 0)

    return _known(compare)


#: races' transfer functions of two operands: op -> f(a, b) -> the result's unsigned interval, None where unknown
#: (an operand may be None); enough of fxc's folding for its value and address rules: ``gi * 0``, ``gi & 0``,
#: ``gi >> 7``, ``gi / 64``, ``min(gi, 0)``, comparisons a range decides (``x - x`` is races._fold's own)
U32_OPS: dict[str, Callable[[tuple | None, tuple | None], tuple | None]] = {
    "iadd": _known(lambda a, b: _fits(add(a, b))),
    "imul": _u32_mul,
    "umul": _u32_mul,
    "and": _u32_and,
    "ushr": _known(lambda a, b: (a[0] >> (b[0] & 31), a[1] >> (b[0] & 31)) if b[0] == b[1] else None),
    "udiv": _known(lambda a, b: (a[0] // b[0], a[1] // b[0]) if b[0] == b[1] and b[0] else None),
    "umin": _u32_umin,
    "umax": _known(hull_max),
    **{op: _u32_compare(op) for op in ("ult", "uge", "ieq", "ine")},
}
