"""The bits of an integer index expression fxc's optimizer knows before it judges a run-time index (X3512).

fxc (d3dcompiler_47 10.1 under Wine, session 39 GEN) refuses a run-time index into a double vector or matrix
held in registers (exprs.index) only when its optimized program still indexes at run time: an index whose every
bit its simplifier knows is a literal there. ``v[(u.x * 2) & 1]``, ``v[(u.x << 2) & 3]``, ``v[(u.x | 1) & 1]``,
``v[(u.x * 4 + 2) & 1]``, ``v[-(u.x * 2) & 1]``, ``v[(u.x * 2) % 2]``, ``v[(int)a.x * 0]``, ``v[u.x - u.x]``,
``v[u.x ^ u.x]`` compile; ``v[(u.x * 3) & 1]``, ``v[(u.x & 1) - (u.x & 1)]`` and ``v[(int)a.x - (int)a.x]`` (two
computed values fxc does not see as one) are X3512. :func:`known_index` follows those rules over the index's
syntax: integer literals (and named constants) known, trailing zero bits through ``*``, ``<<``, ``+``, ``-``,
negation, known bits through ``&``, ``|``, ``^``, ``~``, a power-of-two ``%``, and ``x - x`` / ``x ^ x`` of one
variable (or member / swizzle of one) as 0. Anything else is unknown (a float literal, a call, a cast, a ternary)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A

if TYPE_CHECKING:
    from .codegen import CodegenContext

_M = 0xFFFFFFFF
_INT_BASES = frozenset({"lit_int", "int", "uint", "bool"})


def _tz(zeros: int) -> int:
    """How many low bits ``zeros`` (known-zero mask) covers."""
    n = 0
    while n < 32 and zeros >> n & 1:
        n += 1
    return n


def _low(n: int) -> int:
    return (1 << min(n, 32)) - 1


def _same_leaf(a: A.Node, b: A.Node) -> bool:
    if isinstance(a, A.Ident) and isinstance(b, A.Ident):
        return a.name == b.name
    if isinstance(a, A.Member) and isinstance(b, A.Member):
        return a.name == b.name and _same_leaf(a.a, b.a)
    return False


def _bits(cg: CodegenContext, e: A.Node) -> tuple[int, int]:  # noqa: C901
    """(known-zero mask, known-one mask) of ``e``'s 32-bit value."""
    if isinstance(e, A.Literal):
        if e.base in _INT_BASES and isinstance(e.value, (int, bool)):
            v = int(e.value) & _M
            return ~v & _M, v
        return 0, 0
    if isinstance(e, A.Ident):
        from .exprs import expr
        from .types import FLOAT, NumType

        try:
            v = expr(cg, e)
        except Exception:  # noqa: BLE001 -- an object, a function name: nothing known
            return 0, 0
        if v.const and isinstance(v.type, NumType) and v.type.shape == "s" and v.type.base != FLOAT and \
                isinstance(v.slots[0][3], int):
            k = v.slots[0][3] & _M
            return ~k & _M, k
        return 0, 0
    if isinstance(e, A.Unary):
        z, o = _bits(cg, e.a)
        if e.op == "~":
            return o, z
        if e.op == "+":
            return z, o
        if e.op == "-":
            if (z | o) == _M:
                v = -o & _M
                return ~v & _M, v
            return _low(_tz(z)), 0  # -x keeps x's low zero bits
        return 0, 0
    if isinstance(e, A.Binary):
        if e.op in ("-", "^") and _same_leaf(e.a, e.b):
            return _M, 0
        if e.op not in ("&", "|", "^", "*", "+", "-", "<<", "%"):
            return 0, 0
        za, oa = _bits(cg, e.a)
        zb, ob = _bits(cg, e.b)
        if e.op == "&":
            return za | zb, oa & ob
        if e.op == "|":
            return za & zb, oa | ob
        if e.op == "^":
            return (za & zb) | (oa & ob), (za & ob) | (oa & zb)
        full = (za | oa) == _M and (zb | ob) == _M
        if e.op == "<<":
            if (zb | ob) & 31 != 31:
                return 0, 0
            k = ob & 31
            return ((za << k) | _low(k)) & _M, (oa << k) & _M
        if e.op == "%":
            if not ((zb | ob) == _M and ob and ob & (ob - 1) == 0 and ob < 1 << 31):
                return 0, 0
            k = ob.bit_length() - 1  # x % 2^k: 0 when x's low k bits are zero (either sign)
            return (_M, 0) if _tz(za) >= k else (0, 0)
        if full:
            v = {"*": oa * ob, "+": oa + ob, "-": oa - ob}[e.op] & _M
            return ~v & _M, v
        n = _tz(za) + _tz(zb) if e.op == "*" else min(_tz(za), _tz(zb))
        return _low(n), 0
    return 0, 0


def known_index(cg: CodegenContext, e: A.Node) -> int | None:
    """The value of index expression ``e`` when fxc's simplifier knows all its bits, else None."""
    z, o = _bits(cg, e)
    return o if (z | o) == _M else None
