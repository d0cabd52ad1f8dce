"""Component-wise instructions writing different lanes of one register merged into one instruction (the Direct3D 9
targets only: sm2/d3d9.py).

``cmp r0.z, -p, r0, c5`` and ``cmp r0.x, -p, r0, c7`` (the same operation, predicate and destination register,
disjoint write masks) compute each destination lane from the same lane of their sources ("cmp - ps", "add - ps",
... : per component), so one instruction writing both masks computes both when each source pair can be read by
one operand: the same register (file, number, modifier, relative address) with the lanes' components in one
swizzle, or two ``def`` constants whose lanes' values one def register holds (an existing one, else a new one
packing them: fxc's listings pack literals into shared def registers — ps_float4_construct's
``def c0, 1, 0, 2, 0`` read as c0.xxxy / c0.xxyy / c0.yyyx). The merged instruction stands where the later one
stood, so nothing between the two may read the earlier one's lanes, write a register it reads or write its lanes
again; the later one must not read the earlier one's lanes. Swizzles stay legal for the target (ps_2_0: a
replicate or one of its four full swizzles) and the read ports per instruction are kept. Flow control and
predicated instructions end a search (straight-line windows only).
"""

from __future__ import annotations

from .lanes import mask_lanes
from .peephole import _FLOW, _ports_ok, _reads, _swizzle
from .profile import Level9Profile
from .program import Dst, Inst, Src
from .tokens import Reg

#: instructions computing each destination lane from the same lane of every source, with no side effect
_MERGEABLE = {"mov", "add", "mul", "mad", "min", "max", "cmp", "lrp", "frc", "slt", "sge", "abs"}
#: how many instructions after the first one the second is looked for
_WINDOW = 12



def _barrier(inst: Inst) -> bool:
    return inst.op in _FLOW or inst.op.startswith(("break", "if")) or inst.predicated or inst.op in (
        "texkill", "def", "dcl", "comment")


class _Defs:
    """The program's def constants by register, and new ones numbered from ``first_free``."""

    def __init__(self, body: list[Inst], first_free: int):
        self.words = {i.dst.num: [w & 0xFFFFFFFF for w in i.values] for i in body if i.op == "def" and i.dst}
        self.new: list[Inst] = []
        self.next = first_free

    def holding(self, want: dict[int, int], arbitrary: bool) -> Src | None:
        """A def register read so that lane k gets the word want[k] (an existing def first)."""
        for num, words in self.words.items():
            choices = {k: [c for c in range(4) if words[c] == w] for k, w in want.items()}
            if any(not c for c in choices.values()):
                continue
            swz = self._swizzle(choices, arbitrary)
            if swz is not None:
                return Src(Reg.CONST, num, swz)
        words = [want.get(k, 0) for k in range(4)]
        num, self.next = self.next, self.next + 1
        self.words[num] = words
        self.new.append(Inst("def", Dst(Reg.CONST, num), [], values=list(words)))
        return Src(Reg.CONST, num, (0, 1, 2, 3))

    @staticmethod
    def _swizzle(choices: dict[int, list[int]], arbitrary: bool):
        if arbitrary:
            return _swizzle({k: c[0] for k, c in choices.items()}, True)
        common = set.intersection(*(set(c) for c in choices.values()))
        if common:  # one component holds every lane's word: a replicate
            c = min(common)
            return (c, c, c, c)
        return _swizzle({k: (k if k in c else c[0]) for k, c in choices.items()}, False)


def _merged_src(s1: Src, m1: tuple[int, ...], s2: Src, m2: tuple[int, ...], defs: _Defs, arbitrary: bool) -> Src | None:
    if s1.rel is not None or s2.rel is not None:
        if s1 != s2:
            return None
    if (s1.reg, s1.num, s1.mod) == (s2.reg, s2.num, s2.mod):
        lanes = {k: s1.swizzle[k] for k in m1} | {k: s2.swizzle[k] for k in m2}
        swz = _swizzle(lanes, arbitrary)
        return None if swz is None else Src(s1.reg, s1.num, swz, s1.mod, s1.rel)
    if s1.reg == Reg.CONST == s2.reg and s1.mod == s2.mod and s1.num in defs.words and s2.num in defs.words:
        want = {k: defs.words[s1.num][s1.swizzle[k]] for k in m1} | {k: defs.words[s2.num][s2.swizzle[k]] for k in m2}
        c = defs.holding(want, arbitrary)
        return None if c is None else Src(c.reg, c.num, c.swizzle, s1.mod)
    return None


def _touches(inst: Inst, reg: int, num: int, lanes: set[int]) -> bool:
    """``inst`` reads one of ``lanes`` of (reg, num)."""
    for i, s in enumerate(inst.srcs):
        if s.reg == reg and s.num == num and _reads(inst, i, s) & lanes:
            return True
    return False


def _writes(inst: Inst, regs: set[tuple[int, int]]) -> bool:
    d = inst.dst
    return d is not None and (d.reg, d.num) in regs


def merge_lanes(body: list[Inst], prof: Level9Profile, first_free: int) -> list[Inst]:
    """The merges above, repeated while one is found; new def constants are numbered from ``first_free``."""
    arbitrary = prof.arbitrary_swizzle or prof.kind == "vs"
    defs = _Defs(body, first_free)
    if any(s.reg == Reg.CONST and s.rel is not None and s.num in defs.words for i in body for s in i.srcs):
        return body  # an immediate table read a0-relative: its def registers keep their numbers and neighbours
    body = list(body)
    n = 0
    while n < len(body):
        first = body[n]
        if first.op not in _MERGEABLE or first.predicated or first.dst is None or first.dst.reg != Reg.TEMP:
            n += 1
            continue
        d1 = first.dst
        m1 = set(mask_lanes(d1.mask))
        read1 = {(s.reg, s.num) for s in first.srcs} | {(Reg.ADDR, 0) for s in first.srcs if s.rel is not None}
        merged = False
        for j in range(n + 1, min(len(body), n + 1 + _WINDOW)):
            second = body[j]
            if _barrier(second):
                break
            d2 = second.dst
            if (second.op == first.op and d2 is not None and (d2.reg, d2.num, d2.mod, d2.shift) ==
                    (d1.reg, d1.num, d1.mod, d1.shift) and not d1.mask & d2.mask and second.controls ==
                    first.controls and not _touches(second, d1.reg, d1.num, m1)):
                new = _merge(first, second, defs, prof, arbitrary)
                if new is not None:
                    body[j] = new
                    del body[n]
                    merged = True
                    break
            # the first instruction moves past this one: it must not read the lanes, nor write what the first
            # reads or its lanes
            if _touches(second, d1.reg, d1.num, m1) or _writes(second, read1) or (
                    d2 is not None and (d2.reg, d2.num) == (d1.reg, d1.num) and d2.mask & d1.mask):
                break
        if not merged:
            n += 1
    return defs.new + body


def _merge(first: Inst, second: Inst, defs: _Defs, prof: Level9Profile, arbitrary: bool) -> Inst | None:
    m1, m2 = mask_lanes(first.dst.mask), mask_lanes(second.dst.mask)
    saved = (dict(defs.words), list(defs.new), defs.next)
    srcs = []
    for s1, s2 in zip(first.srcs, second.srcs):
        s = _merged_src(s1, m1, s2, m2, defs, arbitrary)
        if s is None:
            break
        srcs.append(s)
    if len(srcs) == len(first.srcs) and _ports_ok(srcs, prof):
        d = first.dst
        return Inst(first.op, Dst(d.reg, d.num, d.mask | second.dst.mask, d.mod, d.shift), srcs, first.controls)
    defs.words, defs.new, defs.next = saved  # a def made for a merge that did not happen is dropped
    return None
