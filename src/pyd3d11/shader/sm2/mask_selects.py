"""Selects on a comparison mask read the comparison itself, for the Direct3D 9 pixel-shader targets (d3d9.py).

The translation turns a comparison into a 0 / 1 mask, ``cmp p, s, K0, K1`` ("cmp - ps": src0 >= 0 ? src1 :
src2, per component), and a flattened branch selects with the mask, ``cmp d, -p, a, b`` (-p >= 0: p is not
positive). Where K0 is not positive and K1 is positive (both not NaN), -p >= 0 holds exactly where s >= 0 does,
so the select reads s in place: ``cmp d, s, a, b``; with K0 positive and K1 not, where s >= 0 fails, so ``cmp d,
s, b, a``. A NaN s takes src2 in both (NaN >= 0 is false; the mask then holds K1), so the two agree bit for bit.
fxc's listings select on the difference itself (BasicHLSL's ``cmp r0, -c0.x, v0, r0``; ShadowMap's
``cmp r0.x, r0.x, c1.x, c1.y`` then reading r0.x). The mask instruction is dropped when nothing reads it any more.

A read is rewritten only while neither the mask's lane nor the lane of s it was made from was written since, the
mask is read through a replicate swizzle (legal everywhere), and the select keeps to the read ports. Straight-line
programs only (the liveness here is straight-line, as in peephole.py).
"""

from __future__ import annotations

import math

from .fold import _f as _float_of
from .peephole import _FLOW, _Liveness, _ports_ok
from .profile import Level9Profile
from .program import Inst, Src
from .tokens import Reg, SrcMod

#: how far after a mask its selects are looked for (a bound on the pass's cost)
_SCAN = 256


def _sign(word: int) -> int | None:
    """-1 for a value that is not positive, +1 for a positive one, None for NaN."""
    v = _float_of(word)  # (the constant folder's reading of a def word)
    if math.isnan(v):
        return None
    return 1 if v > 0 else -1


def _const_sign(defs: dict[int, list[int]], s: Src, lane: int) -> int | None:
    if s.reg != Reg.CONST or s.rel is not None or s.num not in defs or s.mod not in (0, SrcMod.NEG):
        return None
    word = defs[s.num][s.swizzle[lane]] ^ (0x80000000 if s.mod == SrcMod.NEG else 0)
    return _sign(word)


def _polarity(defs: dict[int, list[int]], mask: Inst, lane: int) -> int | None:
    """+1 where lane ``lane`` of the mask is (s >= 0 ? not positive : positive), -1 for the opposite, else None."""
    a, b = _const_sign(defs, mask.srcs[1], lane), _const_sign(defs, mask.srcs[2], lane)
    if a is None or b is None or a == b:
        return None
    return 1 if a < 0 else -1


def fold_mask_selects(body: list[Inst], prof: Level9Profile) -> list[Inst]:
    """``body`` with the selects on a mask reading the mask's comparison, and the masks nothing reads dropped."""
    if prof.kind != "ps" or any(i.op in _FLOW or i.predicated for i in body):
        return body
    defs = {i.dst.num: i.values for i in body if i.op == "def" and i.dst is not None}
    drop: set[int] = set()
    for n, m in enumerate(body):
        d = m.dst
        if m.op != "cmp" or d is None or d.reg != Reg.TEMP or d.mod or d.shift or m.srcs[0].rel is not None:
            continue
        s = m.srcs[0]
        lanes = {ln: _polarity(defs, m, ln) for ln in range(4) if d.mask >> ln & 1}
        lanes = {ln: pol for ln, pol in lanes.items() if pol is not None}
        if not lanes:
            continue
        # a mask written over its own comparison (``cmp r1.x, r1.x, ..``): the selects may read the comparison
        # only once the mask instruction is gone, so their rewrites stand only if nothing else reads the mask
        in_place = s.reg == Reg.TEMP and s.num == d.num
        undo: dict[int, Inst] = {}
        mask_written: set[int] = set()  # lanes of the mask / of s written since the mask
        s_written: set[int] = set()
        rewrote = False
        for j in range(n + 1, min(len(body), n + 1 + _SCAN)):
            inst = body[j]
            p = inst.srcs[0] if inst.srcs else None
            if (inst.op == "cmp" and p is not None and p.reg == Reg.TEMP and p.num == d.num and p.rel is None
                    and p.mod == SrcMod.NEG and inst.dst is not None):
                read = {p.swizzle[ln] for ln in range(4) if inst.dst.mask >> ln & 1}
                if len(read) == 1:
                    (ln,) = read
                    if ln in lanes and ln not in mask_written and (s.reg != Reg.TEMP or s.swizzle[ln] not in s_written):
                        new = Src(s.reg, s.num, (s.swizzle[ln],) * 4, s.mod, None)
                        a, b = inst.srcs[1], inst.srcs[2]
                        srcs = [new, a, b] if lanes[ln] > 0 else [new, b, a]
                        if _ports_ok(srcs, prof):
                            undo[j] = inst
                            body[j] = Inst("cmp", inst.dst, srcs, inst.controls)
                            rewrote = True
            w = body[j].dst
            if w is not None and w.reg == Reg.TEMP and body[j].op not in ("texkill", "dcl"):
                written = {k for k in range(4) if w.mask >> k & 1}
                if w.num == d.num:
                    mask_written |= written
                if s.reg == Reg.TEMP and w.num == s.num:
                    s_written |= written  # (in place: the same lanes as the mask's, as the mask's own are gone)
            if set(lanes) <= mask_written:
                break
        # is the mask read after it, the rewritten selects' reads of the comparison aside (in place, the same lanes)
        probe = list(body)
        for j in undo:
            probe[j] = Inst("cmp", body[j].dst, [Src(Reg.CONST, 0), *body[j].srcs[1:]])
        if rewrote and _Liveness(probe).dead_after(n + 1, d.num, {k for k in range(4) if d.mask >> k & 1}):
            drop.add(n)
        elif in_place:
            for j, inst in undo.items():
                body[j] = inst
    return [inst for n, inst in enumerate(body) if n not in drop]
