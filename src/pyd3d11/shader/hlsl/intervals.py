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
