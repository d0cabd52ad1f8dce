"""fxc's gathering of constant factors and addends: ``(x * K1) * K2`` is ``x * (K1 * K2)``, ``(x + K1) + K2`` is
``x + (K1 + K2)``.

d3dcompiler_47 10.1's listings and objects (session 40, probed under Wine) show that when refactoring is allowed
fxc multiplies a product's literal factors together in float32 before the one run-time multiply: ``c * 0.1 * 0.3``
is ``mul c, l(0.030000)`` whose word is 0.1f * 0.3f (0x3cf5c290, not the literal 0.03's 0x3cf5c28f); ``c / 3 * 5``
is ``c * (1/3f * 5)`` (a division by a literal is its reciprocal's product first, optimize._div_as_mul);
``3 * (c * 0.1)``, ``-(c * 3) * 5`` (``l(-15)``) and per-lane vector literals likewise; and sums:
``(c + 1) + 2`` is ``add c, l(3)``, ``(c - 1) - 2`` ``add c, l(-3)``. A longer chain folds left to right
in double, rounded to float32 once (``c * 0.1 * 0.3 * 0.7`` is 0x3cac0832, float32 steps give 0x3cac0831). The
rounding differs from the two run-time operations'.
/Od, IEEE strictness and ``precise`` keep each operation (refactor.refactoring_allowed). Not built (fxc does it):
distribution over a sum (``t * 5 + t`` of ``t = c * 3`` is ``c * 18``) and constants moved past a run-time factor
(``(c * 3) * c.x * 5`` is ``(c.x * c) * 15``).

The pass is convpairs.py's forward walk: a fact "temp component = source component op literal word" holds until the
temp or its source is written."""

from __future__ import annotations

import math
from functools import partial

import numpy as np

from .convpairs import _STABLE, _Facts, _walk
from .operands import Ins, Reg

_CHAIN = frozenset({"mul", "add"})
_SIGN = 0x80000000
#: a rewritten instruction's constant lanes before their rounding to float32 (fxc gathers a chain in double:
#: ``c * 0.1 * 0.3 * 0.7`` is 0x3cac0832, the double product of the three float32 literals rounded once, where
#: float32 products give 0x3cac0831), read by _record when the walk notes the rewrite
_EXACT: dict[int, list[float]] = {}


def _value(word: int) -> float:
    return float(np.array(word, np.uint32).view(np.float32))


def _literal_words(r: Reg) -> tuple[int, ...] | None:
    """A literal operand's four lane words, its ``-`` applied; None for another operand or ``abs``."""
    if type(r) is not Reg or r.file != "l" or not r.imm or r.mod not in ("", "-"):
        return None
    w = (tuple(r.imm) + (r.imm[-1],) * 4)[:4]
    return tuple(x ^ _SIGN for x in w) if r.mod == "-" else w


def _split(ins: Ins) -> tuple[Reg, tuple[int, ...]] | None:
    """(the run-time operand, the literal's words) of ``mul``/``add`` with one literal operand, else None."""
    if ins.op not in _CHAIN or len(ins.args) != 3 or ins.tail or ins.args[0].rel is not None:
        return None
    a, b = ins.args[1], ins.args[2]
    for x, k in ((a, b), (b, a)):
        words = _literal_words(k)
        if words is not None and type(x) is Reg and x.file != "l" and x.rel is None:
            return x, words
    return None


def _record(facts: _Facts, ins: Ins) -> None:
    from .optimize import _dst_comps, _padded

    if ins.op == "mov" and not ins.suffix and len(ins.args) == 2 and ins.args[0].file == "r" \
            and ins.args[0].rel is None:
        s, dst, sw = ins.args[1], _dst_comps(ins.args[0]), _padded(ins.args[1])
        if type(s) is Reg and s.mod == "" and s.rel is None and (s.file in _STABLE or (
                s.file == "r" and not (s.idx[0] == ins.args[0].idx[0] and any(sw[c] in dst for c in dst)))):
            # a plain copy is y * 1 (y + 0): its lanes join a chain's (``float4(c.xy * 0.3, c.zw) * 0.7`` is
            # ``c * l(0.21, 0.21, 0.7, 0.7)``)
            for c in dst:
                facts.val[(ins.args[0].idx[0], c)] = ("mov", s.file, s.idx, "", sw[c], None)
        else:
            _record_negation(facts, ins, dst, sw)
        return
    got = _split(ins)
    if got is None or ins.suffix or ins.args[0].file != "r":
        return
    x, words = got
    if x.file != "r" and x.file not in _STABLE:
        return
    t = ins.args[0].idx[0]
    dst = _dst_comps(ins.args[0])
    sw = _padded(x)
    if x.file == "r" and x.idx[0] == t and any(sw[c] in dst for c in dst):
        return  # the instruction overwrote a component it read: that source value is gone
    exact = _EXACT.pop(id(ins), None)
    for c in dst:
        facts.val[(t, c)] = (ins.op, x.file, x.idx, x.mod, sw[c], exact[c] if exact else _value(words[c]))


def _record_negation(facts: _Facts, ins: Ins, dst: tuple[int, ...], sw: tuple[int, ...]) -> None:
    """``mov t, -r`` of a product's temp: -(y * K) = y * (-K) (``-(c * 3) * 5`` is ``c * -15`` in fxc's listing;
    a negated sum is not gathered: ``-(c + 3) + 5`` keeps both adds)."""
    s = ins.args[1]
    if type(s) is not Reg or s.file != "r" or s.rel is not None or s.mod != "-":
        return
    found = [facts.val.get((s.idx[0], sw[c])) for c in dst]
    if any(f is None for f in found) or (s.idx[0] == ins.args[0].idx[0] and any(sw[c] in dst for c in dst)):
        return
    if any(f[0] != "mul" for f in found):
        return
    for c, f in zip(dst, found, strict=True):
        op, file, idx, mod, comp, value = f
        facts.val[(ins.args[0].idx[0], c)] = (op, file, idx, mod, comp, -value)


def _step(facts: _Facts, ins: Ins, finite: bool = False) -> Ins:
    from .optimize import _dst_comps, _padded

    got = _split(ins)
    if got is None:
        return ins
    x, words = got
    if x.file != "r" or x.mod not in ("", "-"):
        return ins
    lanes = _dst_comps(ins.args[0])
    sw = _padded(x)
    found = [facts.val.get((x.idx[0], sw[c])) for c in lanes]
    if any(f is None or f[0] not in (ins.op, "mov") for f in found) or len({f[1:4] for f in found}) != 1 \
            or all(f[0] == "mov" for f in found):
        return ins
    if x.mod == "-" and ins.op == "add":
        return ins  # -(y + K1) + K2 stays two adds in fxc's listing
    exact = [0.0] * 4
    comps = [found[0][4]] * 4
    for c, f in zip(lanes, found, strict=True):
        first = f[5] if f[0] != "mov" else 1.0 if ins.op == "mul" else 0.0
        first = -first if x.mod == "-" else first  # -(y * K1) * K2 = y * (-K1 * K2)
        exact[c] = first * _value(words[c]) if ins.op == "mul" else first + _value(words[c])
        comps[c] = f[4]
    if any(math.isnan(exact[c]) for c in lanes):
        return ins  # a NaN constant (inf * 0): not probed; an infinite one fxc folds (``c * 1e20 * 1e20``)
    with np.errstate(over="ignore"):
        folded = [int(np.array(np.float32(v)).view(np.uint32)) for v in exact]
    if finite and any((folded[c] & 0x7F800000) == 0x7F800000 for c in lanes):
        # the Direct3D 9 / level-9 targets: X4579 judges the code before this gather (nonfinite.gather_after_check
        # makes it after the check)
        return ins
    _op, file, idx, mod, _c, _w = found[0]
    src = Reg(file, idx, None, (comps[lanes[0]],) if x.comps is not None and len(x.comps) == 1 else tuple(comps), mod)
    zero = [(folded[c] & 0x7F800000) == 0 for c in lanes]  # a zero or a denormal, flushed
    if any(zero):
        if not all(zero):
            return ins
        # refactor.py's identities on the gathered constant: x * 0 = +0 (``c * 1e-20 * 1e-20`` is ``mov l(0)``),
        # x + 0 = x (``(c + 1.5) + (-1.5)``)
        keep = src if ins.op == "add" else Reg("l", imm=(0, 0, 0, 0))
        return Ins("mov", [ins.args[0], keep], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)
    lit = tuple(folded[c] if c in lanes else folded[lanes[0]] for c in range(4))
    new = Ins(ins.op, [ins.args[0], src, Reg("l", imm=lit)], suffix=ins.suffix, loc=ins.loc, epos=ins.epos)
    _EXACT[id(new)] = exact
    return new


def fold_constant_chains(code: list[Ins], finite: bool = False) -> tuple[list[Ins], bool]:
    """``code`` with fxc's constant-chain folds (the module docstring); (code, changed). Run only when refactoring
    is allowed (optimize.optimize_code's ``refactor``)."""
    if sum(ins.op in _CHAIN for ins in code) < 2:
        return code, False
    try:
        return _walk(code, partial(_step, finite=finite) if finite else _step, _record)
    finally:
        _EXACT.clear()
