"""fxc's X4579 of a constant folded through a select of two constants (Direct3D 9 and 4_0_level_9_x targets).

d3dcompiler_47 10.1 (probed under Wine, session 45: tests/test_rules_hlsl_d3d9_s45.py, table ``twovalued``) folds an
operation whose one non-literal operand is a select of two constants into a select of the two folded results, and
judges those as literals. The selects: a comparison's 0 / 1 (``!f``, ``f > 0``, ``iv != 0``, ``step(f, 0)``, ``!b``
of a bool uniform, ``||`` and ``any`` of comparisons) and ``c ? K1 : K2``. So ``rcp(!f)`` is ``c ? 1 : inf`` and X4579
"NaN and infinity literals not allowed by shader model", as are ``log(!f)``, ``rsqrt(!f)``, ``f / !f`` and ``x / (f >
0)`` (a division multiplies by the folded reciprocal), ``1 / !f`` (an integer division by a 0 arm), ``exp((f > 0) *
100)``, ``log(f.x > 0 ? 1 : 0)``, ``rcp(!f).x + f``. A further fold that leaves only finite values compiles:
``min(rcp(!f), 1)``, ``rcp(!f) > 0``, a product with a literal 0; so do ``sqrt(!f)`` (finite both ways), a bool
uniform itself (``rcp(b)``: a constant register, not a select), ``&&`` of comparisons (a product there), an operation
on two selects or on another non-literal besides the division's dividend, three-valued ``sign(f)``, and a vector
operation (``normalize(!f)``), ``tex2Dproj(s, !f)`` (texldp divides in the sampler: ``Ins.projective``). The 4.0+
targets have infinity literals (no error)."""

from __future__ import annotations

import numpy as np

from ..dxbc.opcodes import BY_NAME
from ..ops.fold import fold_alu
from .nanprops import reg_slot
from .nonfinite import nonfinite
from .operands import Ins, Reg

#: comparisons: their result is a 0 / ~0 mask per component, a select's condition
_COMPARES = frozenset({"lt", "ge", "eq", "ne", "ilt", "ige", "ieq", "ine", "ult", "uge"})
#: per-component operations folded per arm when their other operands are literals
_FOLDS = frozenset({"add", "mul", "mad", "div", "min", "max", "rcp", "rsq", "sqrt", "log", "exp", "frc", "mov",
                    "round_ne", "round_ni", "round_pi", "round_z", "itof", "utof", "ftoi", "ftou", "iadd", "imul",
                    "ineg", "imax", "imin", "umax", "umin", "ishl", "ishr", "ushr", "xor", "not"})
_ALL = (0, 1, 2, 3)

Key = tuple[int, int]


def _src_comp(a: Reg, lane: int) -> int:
    c = a.comps
    if c is None:
        return lane
    c = tuple(c) + (c[-1],) * 4
    return c[lane]


def _imm(a: Reg, lane: int) -> int:
    vals = tuple(a.imm) + (a.imm[-1],) * 4
    return vals[_src_comp(a, lane)] if a.comps is not None and len(a.imm) == 4 else vals[lane]


def _modded(word: int, mod: str, typ: str) -> int:
    if not mod:
        return word
    if typ != "f":  # an integer operand's negation
        return (-word if mod == "-" else word) & 0xFFFFFFFF
    if mod in ("abs", "-abs"):
        word &= 0x7FFFFFFF
    if mod in ("-", "-abs"):
        word ^= 0x80000000
    return word


def _fold(op: str, words: list[int]) -> int | None:
    """One component of ``op`` on constant words (fxc's identity first: a product with a literal 0 is 0); None
    where the executor's tables have no such operation."""
    if op == "mov":
        return words[0]
    if op in ("mul", "mad") and any(w & 0x7FFFFFFF == 0 for w in words[:2]):
        return words[2] if op == "mad" else 0
    if op == "imul":
        return (words[0] * words[1]) & 0xFFFFFFFF
    with np.errstate(all="ignore"):
        out = fold_alu(op, [np.array([w], np.uint32) for w in words])
    return None if out is None else int(out[0]) & 0xFFFFFFFF


def _types(ins: Ins) -> str:
    info = BY_NAME.get(ins.op)
    return info.operand_types if info is not None and info.num_operands == len(ins.args) else ""


def first_nonfinite_select(code: list[Ins], bool_slots: set) -> Ins | None:
    """The first instruction of the optimised ``code`` that reads as a float, without folding it, a select of two
    constants one of which is infinite or NaN, or writes such a folded select to an output; None where there is
    none. ``bool_slots``: the constant-buffer slots of bool members (reading one is a register, no select)."""
    # temp component -> (its word where the condition holds, where not, the condition: the mask's component)
    pairs: dict[Key, tuple[int, int, object]] = {}
    masks: set[Key] = set()  # temp components holding a comparison's mask
    for ins in code:
        types = _types(ins)
        if ins.op == "udiv" and len(ins.args) == 4 and ins.args[0].file == "null":
            ins = Ins("udiv", [ins.args[1], ins.args[0], *ins.args[2:]])  # the remainder: its divisor is judged alike
        elif ins.op == "imul" and len(ins.args) == 4 and ins.args[0].file == "null":
            ins, types = Ins(ins.op, ins.args[1:]), types[1:]  # the low half: a product folded per arm
        if not ins.args or ins.tail or ins.suffix or len(types) != len(ins.args) or ins.args[0].file == "null":
            pairs.clear()  # flow control, declarations, two-result operations: nothing is followed across them
            masks.clear()
            continue
        d, srcs = ins.args[0], ins.args[1:]
        lanes = tuple(d.comps) if d.comps is not None else _ALL
        temps = [(k, a) for k, a in enumerate(srcs) if a.file == "r" and a.rel is None and a.idx]
        paired = [(k, a) for k, a in temps if all((a.idx[0], _src_comp(a, ln)) in pairs for ln in lanes)]
        others_literal = all(a.file == "l" for a in srcs if a.file != "r") and len(temps) == len(paired)
        # several selects fold together only on one condition (``-x`` and ``x`` in ``abs``'s imax)
        one_cond = all(len({pairs[(a.idx[0], _src_comp(a, ln))][2] for _k, a in paired}) == 1 for ln in lanes)
        same_operand = len(paired) == 2 and len({(a.idx[0], a.comps, a.mod) for _k, a in paired}) == 1
        new: dict[Key, tuple[int, int]] = {}
        new_masks = False
        judged: list[tuple[int, Reg]] = [(k, a) for k, a in temps if types[k + 1] == "f"]
        if ins.op in _FOLDS and paired and others_literal and one_cond and not (
                ins.op == "div" and same_operand):  # x / x is 1 to fxc
            at = dict(paired)
            for ln in lanes:
                vals = []
                cond = pairs[(paired[0][1].idx[0], _src_comp(paired[0][1], ln))][2]
                for arm in (0, 1):
                    words = [_modded(pairs[(s.idx[0], _src_comp(s, ln))][arm] if j in at else _imm(s, ln), s.mod,
                                     types[j + 1]) for j, s in enumerate(srcs)]
                    vals.append(_fold(ins.op, words))
                new[(d.idx[0] if d.idx else -1, ln)] = (vals[0], vals[1], cond)
            if any(v is None for pair in new.values() for v in pair[:2]):
                new = {}  # not folded: the operation reads the selects as they are
            else:
                judged = []
            if new and d.file != "r" and types[0] == "f" and any(
                    nonfinite(v) for pair in new.values() for v in pair[:2]):
                return ins  # the folded select is written out as two literals
        elif ins.op == "div" and paired and paired[-1][0] == 1 and not same_operand and not ins.projective:
            # x / select: fxc multiplies by the reciprocal, folded per arm
            a = paired[-1][1]
            if any(nonfinite(_fold("rcp", [_modded(v, a.mod, "f")]) or 0) for ln in lanes
                   for v in pairs[(a.idx[0], _src_comp(a, ln))][:2]):
                return ins
            judged = [p for p in judged if p[0] != 1]
        elif ins.op == "udiv" and len(srcs) == 3 and srcs[2].file == "r" and srcs[1] != srcs[2] and all(
                (srcs[2].idx[0], _src_comp(srcs[2], ln)) in pairs for ln in lanes):
            # an integer division is a float one below shader model 4: by a 0 arm, an infinite reciprocal
            if any(v == 0 for ln in lanes for v in pairs[(srcs[2].idx[0], _src_comp(srcs[2], ln))][:2]):
                return ins
        elif ins.op in _COMPARES:
            slot = reg_slot(srcs[0], 0) if srcs else None
            bool_read = ins.op == "ine" and srcs[1].file == "l" and not any(srcs[1].imm) and all(
                reg_slot(srcs[0], ln) in bool_slots for ln in lanes) and slot is not None
            new_masks = not bool_read
            judged = []  # a comparison with a literal folds
        elif ins.op == "or" and len(temps) == 2 and all(
                (a.idx[0], _src_comp(a, ln)) in masks for _k, a in temps for ln in lanes):
            new_masks = True  # ``||`` / any() of comparisons is one (``&&`` is a product there: no select)
        elif ins.op == "and" and len(srcs) == 2:
            m, lit = (srcs[0], srcs[1]) if srcs[1].file == "l" else (srcs[1], srcs[0])
            if lit.file == "l" and m.file == "r" and m.idx and not m.mod and all(
                    (m.idx[0], _src_comp(m, ln)) in masks for ln in lanes):
                new = {(d.idx[0] if d.idx else -1, ln): (_imm(lit, ln), 0, (m.idx[0], _src_comp(m, ln)))
                       for ln in lanes}
        elif ins.op == "movc" and srcs[1].file == "l" and srcs[2].file == "l" and srcs[0].file == "r" and all(
                (srcs[0].idx[0], _src_comp(srcs[0], ln)) in masks for ln in lanes):
            c = srcs[0]  # (on a bool uniform, ``b ? 1 : 0``, no select)
            new = {(d.idx[0] if d.idx else -1, ln): (
                _modded(_imm(srcs[1], ln), srcs[1].mod, "f"), _modded(_imm(srcs[2], ln), srcs[2].mod, "f"),
                (c.file, c.idx, _src_comp(c, ln))) for ln in lanes}
            if d.file != "r" and any(nonfinite(v) for pair in new.values() for v in pair[:2]):
                return ins
        for _k, a in judged:
            if any(nonfinite(v) for ln in (lanes if ins.op in _FOLDS or ins.op == "movc" else _ALL)
                   for v in pairs.get((a.idx[0], _src_comp(a, ln)), ())[:2]):
                return ins
        if d.file == "r" and d.idx:
            for ln in lanes:
                pairs.pop((d.idx[0], ln), None)
                masks.discard((d.idx[0], ln))
            pairs.update(new)
            if new_masks:
                masks.update((d.idx[0], ln) for ln in lanes)
        elif d.file not in ("o", "null"):
            pairs.clear()
            masks.clear()
    return None
