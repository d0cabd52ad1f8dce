"""fxc's front end folds integer ``+ - *`` and the negation of constants in double (issue 15, session 45 MRUN).

When every operand is a front-end constant -- literals, ``const`` variables holding constants, casts, constructors,
swizzles and intrinsics of them (exprs._literal_operands: not a plain local, not a conditional) --
d3dcompiler_47 10.1 computes ``x + y``, ``x - y`` and ``x * y`` of int / uint operands as doubles (C's conversion
of each 32-bit operand), then converts the double back with the x86 truncating conversions, whose out-of-range
answer is the "integer indefinite" value:

* an ``int`` (or untyped literal int) result through the 32-bit signed conversion: out of [-2^31, 2^31) it is
  0x80000000 (``2147483647 * 2``, ``65537 * 65537``, ``-2147483647 - 2`` all store 0x80000000, where the
  instruction wraps to 0xfffffffe / 0x00020001 / 0x7fffffff);
* a ``uint`` result through the 64-bit signed conversion, keeping the low 32 bits: the double's rounding shows
  (``123456789u * 987654321u`` 0xfbff5380, the exact product ...85; ``0x7FFFFFFF * 0x7FFFFFFF`` 0) and a product
  of 2^63 or more is 0 (``0xFFFFFFFF * 0xFFFFFFFF``, ``0xFFFFFFFF * -1``);
* ``-x`` of a uint (X3092 "unary negate of unsigned value is still unsigned") through the 32-bit signed
  conversion: 0x80000000 for x > 2^31 (``-0xFFFFFFFF``, ``-(-0x1)``, ``-k`` of a ``static const uint k =
  0xFFFFFFFF``; the instruction's ``ineg`` gives 1).

A plain local holding the same value is folded later, by the optimiser, with the instruction's wrapping arithmetic
(``uint x = 0xFFFFFFFF; -x`` is 1), and so is a conditional (``-(true ? 0xFFFFFFFF : 1)`` is 1): exprs.py applies
this only where exprs._literal_operands holds. The fold is the front end's, so the Direct3D 9 targets have it too
(ps_2_0 / ps_3_0: ``return -0xFFFFFFFF;`` defines 2147483648.0, ``2147483647 * 2`` -2147483648.0). Division,
modulo, shifts and bit operations of 32-bit operands are exact either way."""

from __future__ import annotations

from .operands import imm
from .types import INT, LIT_INT, UINT, NumType
from .values import Val

_INDEFINITE32 = 0x80000000
_TWO31 = 2.0 ** 31
_TWO63 = 2.0 ** 63


def _signed(bits: int) -> int:
    return bits - 0x100000000 if bits & 0x80000000 else bits


def _to_bits(r: float, base: str) -> int:
    """The double ``r`` converted back to the result's 32 bits as fxc's front end converts it."""
    if base == UINT:
        return int(r) & 0xFFFFFFFF if -_TWO63 <= r < _TWO63 else 0
    return int(r) & 0xFFFFFFFF if -_TWO31 <= r < _TWO31 else _INDEFINITE32


def _bits(v: Val) -> list[int] | None:
    if not (isinstance(v.type, NumType) and v.type.base in (INT, UINT, LIT_INT) and v.const):
        return None
    return [s[3] & 0xFFFFFFFF for s in v.slots]


def fold_binary(op: str, a: Val, b: Val, v: Val) -> Val:
    """``v`` (the instruction-folded ``a op b``) with its lanes folded as fxc's front end folds them."""
    xs, ys, rs = _bits(a), _bits(b), _bits(v)
    if op not in ("+", "-", "*") or xs is None or ys is None or rs is None:
        return v
    n = len(rs)
    if len(xs) not in (1, n) or len(ys) not in (1, n):
        return v
    xs, ys = xs * n if len(xs) == 1 else xs, ys * n if len(ys) == 1 else ys
    base = v.type.base
    if base not in (INT, UINT, LIT_INT):
        return v
    conv = (lambda w: float(w)) if base == UINT else (lambda w: float(_signed(w)))
    out = []
    for x, y in zip(xs, ys, strict=True):
        fx, fy = conv(x), conv(y)
        out.append(_to_bits(fx + fy if op == "+" else fx - fy if op == "-" else fx * fy, base))
    return Val(v.type, [imm(w) for w in out], v.obj, v.lv, v.readonly, v.param)


def fold_negate(v: Val) -> Val:
    """``v`` (the instruction-folded ``-x`` of a uint constant) as fxc's front end folds it: 0x80000000 where the
    operand was above 2^31 (the result ``ineg`` gives is then below 2^31 and not 0)."""
    rs = _bits(v)
    if rs is None or v.type.base != UINT:
        return v
    out = [w if w == 0 or w >= _INDEFINITE32 else _INDEFINITE32 for w in rs]
    return v if out == rs else Val(v.type, [imm(w) for w in out], v.obj, v.lv, v.readonly, v.param)
