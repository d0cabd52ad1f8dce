"""An integer divisor fxc's simplifier proves zero (issue 15, session 45 MRUN): its X4010 "Unsigned integer divide by
zero" also where the divisor is no literal.

d3dcompiler_47 10.1 reports X4010 for ``a / d`` and ``a % d`` of integers where ``d`` is ``v ^ v``, ``v - v``,
``v & 0``, ``v * 0``, ``0 << v``, ``v & ~v``, ``min(v, 0)`` of a uint, ``v % 1``, ``(v ^ v) << v``, ``(v | 1) & 0``,
``countbits(v) * 0``, ``w ^ w`` / ``w - w`` of an int, and where the two sides are one value reached two ways
(``uint v = a.x; a.y / (v ^ a.x)``); also in dead code (``uint q = a.y / (v ^ v);`` unused) and at /Od for the
same variable on both sides (``v ^ v``, ``v * 0``); not ``(v ^ v) + 1`` or ``(v ^ v) | a.z``. (hlsl_gen v4 seeds
45001, 45078: ``v %= ((v ^ v) << v)``.) Code generation keeps these instructions (the listing is unchanged); only
the divisor's value is judged, here, from the instructions that wrote it: a temp written by exactly one
instruction of the code so far (cg.op's fresh temps), read through its lanes, a few levels deep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION
from .operands import Reg, Slot

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_DEPTH = 6


#: instructions with two destinations
_TWO_DSTS = frozenset({"udiv", "imul", "umul", "sincos", "swapc", "uaddc", "usubb"})


def _writers(cg: CodegenContext, t: int, c: int) -> list:
    """The instructions of the code so far that write component ``c`` of temp ``t``."""
    out = []
    for ins in cg.code:
        dsts = ins.args[:2] if ins.op in _TWO_DSTS else ins.args[:1]
        if any(a.file == "r" and a.idx[:1] == (t,) and (a.comps is None or c in a.comps) for a in dsts):
            out.append(ins)
    return out


def _lane(a: Reg, lane: tuple[int, int]) -> tuple | None:
    """The (file, idx, rel, comp) read for one destination component of an instruction, or ('l', value); None with
    a modifier. ``lane`` is (the destination component, its position among the written ones): a four-wide swizzle
    or immediate is read at the component (a gather's ``mov r3.y, l(0, 1, 0, 0)``), a shorter one at the position
    (cg.op's operands)."""
    c, j = lane
    if a.mod:
        return None
    if a.file == "l":
        vals = a.imm
        k = c if len(vals) == 4 else j
        return ("l", vals[k] if len(vals) > k else vals[-1])
    if a.comps is None:
        return None
    k = c if len(a.comps) == 4 else j
    return (a.file, a.idx, a.rel, a.comps[k]) if k < len(a.comps) else None


def _def(cg: CodegenContext, s: tuple) -> tuple | None:
    """(instruction, (component, position)) of the only instruction that wrote temp lane ``s``, or None."""
    if s[0] != "r" or s[2] is not None:
        return None
    ws = _writers(cg, s[1][0], s[3])
    if len(ws) != 1:
        return None
    ins = ws[0]
    dst = next((a for a in ins.args[:2] if a.file == "r" and a.idx[:1] == s[1][:1]), None)
    if dst is None or dst.comps is None or s[3] not in dst.comps:
        return None
    return ins, (s[3], dst.comps.index(s[3]))


def _value(cg: CodegenContext, s: tuple | None) -> tuple | None:
    """``s`` through the plain copies that wrote it, when optimising (``uint v = a.x; v ^ a.x`` is zero there; at
    /Od fxc sees only the same variable twice: ``v - a.x`` compiles)."""
    if cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION:
        return s
    for _ in range(_DEPTH):
        d = _def(cg, s) if s is not None and s[0] == "r" else None
        if d is None or d[0].op != "mov" or d[0].suffix:
            return s
        s = _lane(d[0].args[1], d[1])
    return s


def _zero(cg: CodegenContext, s: tuple | None, depth: int) -> bool:
    if s is None:
        return False
    if s[0] == "l":
        return s[1] & 0xFFFFFFFF == 0
    if depth <= 0:
        return False
    d = _def(cg, s)
    if d is None:
        return False
    ins, j = d
    op, args = ins.op, ins.args
    if op in ("udiv", "imul", "umul"):
        if args[0].file != "null" or len(args) != 4:  # the remainder / the low product alone
            return False
        x, y = _lane(args[2], j), _lane(args[3], j)
        if op == "udiv":  # (a zero's remainder by a run-time divisor is not: that divisor may be 0, giving
            # 0xFFFFFFFF -- ``v % ((v ^ v) % i)``, ``v % (0u % (i | 1))`` compile; by a literal it is: session 49)
            return y == ("l", 1) or y is not None and y[0] == "l" and _zero(cg, x, depth - 1)
        return _zero(cg, x, depth - 1) or _zero(cg, y, depth - 1)
    srcs = [_lane(a, j) for a in args[1:]]
    if op in ("mov", "countbits", "bfrev") and len(srcs) == 1:
        return _zero(cg, srcs[0], depth - 1)
    if len(srcs) != 2:
        return False
    x, y = _value(cg, srcs[0]), _value(cg, srcs[1])
    if op == "xor":
        return (x is not None and x == y and x[0] != "l") or (_zero(cg, x, depth - 1) and _zero(cg, y, depth - 1))
    if op in ("and", "umin"):
        return _zero(cg, x, depth - 1) or _zero(cg, y, depth - 1) or _complement(cg, x, y) or _complement(cg, y, x)
    if op in ("ishl", "ushr", "ishr"):
        return _zero(cg, x, depth - 1)
    if op == "iadd":
        return _negation(cg, x, y) or _negation(cg, y, x) or (_zero(cg, x, depth - 1) and _zero(cg, y, depth - 1))
    return False


def _unary_of(cg: CodegenContext, s: tuple | None, name: str) -> tuple | None:
    d = _def(cg, s) if s is not None and s[0] == "r" else None
    if d is None or d[0].op != name or len(d[0].args) != 2:
        return None
    return _value(cg, _lane(d[0].args[1], d[1]))


def _complement(cg: CodegenContext, x: tuple | None, y: tuple | None) -> bool:
    """``y`` is ``~x``."""
    return x is not None and x[0] != "l" and _unary_of(cg, y, "not") == x


def _negation(cg: CodegenContext, x: tuple | None, y: tuple | None) -> bool:
    """``y`` is ``-x`` (``ineg``)."""
    return x is not None and x[0] != "l" and _unary_of(cg, y, "ineg") == x


def known_zero(cg: CodegenContext, s: Slot) -> bool:
    """Whether the integer lane ``s`` is zero by the instructions that computed it."""
    return s[0] == "r" and _zero(cg, (s[0], s[1], s[2], s[3]), _DEPTH)
