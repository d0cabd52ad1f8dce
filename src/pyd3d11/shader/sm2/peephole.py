"""Peephole rewrites of straight-line shader-model-2 code, for the Direct3D 9 targets only (sm2/d3d9.py; the
level-9 Aon9 programs stay as they are).

- ``mul t, a, b`` + ``add d, t, c`` -> ``mad d, a, b, c`` when the product is read nowhere else ("mad - ps":
  src0 * src1 + src2 per component; fxc emits mad for HLSL's ``a * b + c``): a ps_2_0 blur's 13 taps fit its 64
  arithmetic slots only this way;
- ``add d, x, 0`` (a def constant zero on the lanes read) -> ``mov d, x``;
- a component-wise instruction writing t followed by ``mov d, t.swizzle`` that is t's last read -> the
  instruction writes d directly, its sources re-swizzled.

Every rewrite keeps the target's rules: the read ports and reads per instruction of each register file, and
ps_2_0's swizzles (replicate or one of the four full swizzles) where the profile has no arbitrary swizzle.
Programs with flow control are left alone (liveness here is straight-line).
"""

from __future__ import annotations

import functools

from .lanes import lanes_read
from .profile import PS20_SWIZZLES, Level9Profile
from .program import Dst, Inst, Src
from .tokens import Reg, SrcMod

_FLOW = {"rep", "endrep", "loop", "endloop", "if", "ifc", "else", "endif", "break", "breakc", "call", "callnz",
         "label", "ret", "setp"}
#: instructions computing each destination lane from the same lane of every source
_COMPONENTWISE = {"mov", "add", "mul", "mad", "min", "max", "cmp", "lrp", "abs", "frc", "slt", "sge"}


def _reads(inst: Inst, i: int, s: Src) -> frozenset[int]:
    """The components of source ``i`` the instruction reads (after its swizzle)."""
    lanes = lanes_read(inst.op, i, inst.dst.mask if inst.dst is not None else None)  # the one definition: lanes.py
    return _swizzled(lanes, s.swizzle)


@functools.cache
def _swizzled(lanes: tuple[int, ...], swizzle: tuple[int, ...]) -> frozenset[int]:
    return frozenset(swizzle[k] for k in lanes)


@functools.cache
def _read_bits(lanes: tuple[int, ...], swizzle: tuple[int, ...]) -> int:
    """:func:`_swizzled` as a 4-bit mask (bit k: component k)."""
    return sum(1 << c for c in _swizzled(lanes, swizzle))


class _Liveness:
    """Which temp components each position's code reads before overwriting them: ``live[i]`` has bit
    ``4 * num + k`` when an instruction at or after ``i`` reads component k of temp ``num`` before an unpredicated
    write of it (a relative address through a temp and texkill's operand read all four components; a predicated
    write overwrites nothing). One backward pass, ``live[i] = gen[i] | live[i + 1] & ~kill[i]``, instead of a
    forward scan per candidate (quadratic in the program's length); entries at and after ``valid`` stay exact
    across a rewrite of the code before them (they depend only on the code after them), the others are
    recomputed on demand."""

    def __init__(self, body: list[Inst]):
        self.body = body
        self.live: list[int | None] = [None] * len(body) + [0]
        self.valid = len(body)

    def replaced(self, old_hi: int, new_hi: int) -> None:
        """The code before ``old_hi`` was rewritten into the code before ``new_hi`` (the code after unchanged)."""
        self.live = [None] * new_hi + self.live[old_hi:]
        self.valid = max(self.valid, old_hi) - old_hi + new_hi

    def at(self, start: int) -> int:
        live, body = self.live, self.body
        if start < self.valid:
            cur = live[self.valid]
            for i in range(self.valid - 1, start - 1, -1):
                inst = body[i]
                gen = kill = 0
                d = inst.dst
                if d is not None and d.reg == Reg.TEMP:
                    if inst.op == "texkill":
                        gen |= 0xF << 4 * d.num
                    elif not inst.predicated:
                        kill = d.mask << 4 * d.num
                mask = d.mask if d is not None else None
                for n, s in enumerate(inst.srcs):
                    if s.reg == Reg.TEMP:
                        gen |= _read_bits(lanes_read(inst.op, n, mask), s.swizzle) << 4 * s.num  # = _reads
                    if s.rel is not None and s.rel.reg == Reg.TEMP:
                        gen |= 0xF << 4 * s.rel.num
                cur = gen | cur & ~kill  # type: ignore[operator]
                live[i] = cur
            self.valid = start
        return live[start]  # type: ignore[return-value]

    def dead_after(self, start: int, num: int, lanes: set[int]) -> bool:
        """No instruction from ``start`` on reads components ``lanes`` of temp ``num`` before overwriting them."""
        return not self.at(start) >> 4 * num & sum(1 << k for k in lanes)


def _swizzle(lanes: dict[int, int], arbitrary: bool) -> tuple[int, int, int, int] | None:
    """A swizzle reading component ``lanes[k]`` in lane k (other lanes free), legal for the target, or None."""
    comps = set(lanes.values())
    if len(comps) == 1:
        c = comps.pop()
        return (c, c, c, c)
    if arbitrary:
        last = lanes[max(lanes)]
        return tuple(lanes.get(k, last) for k in range(4))  # type: ignore[return-value]
    for full in ((0, 1, 2, 3), *PS20_SWIZZLES):
        if all(full[k] == c for k, c in lanes.items()):
            return full
    return None


def _ports_ok(srcs: list[Src], prof: Level9Profile) -> bool:
    for file, ports, reads in prof.read_ports:
        nums = [s.num for s in srcs if s.reg == file]
        if len(set(nums)) > ports or reads is not None and len(nums) > reads:
            return False
    return True


def _remap(s: Src, lanes: dict[int, int], arbitrary: bool) -> Src | None:
    """``s`` read so that lane k gets what lane lanes[k] got."""
    swz = _swizzle({k: s.swizzle[m] for k, m in lanes.items()}, arbitrary)
    return None if swz is None else Src(s.reg, s.num, swz, s.mod, s.rel)


def _zero_words(defs: dict[int, list[int]], s: Src, lanes: set[int]) -> bool:
    words = defs.get(s.num) if s.reg == Reg.CONST and s.rel is None and s.mod in (0, SrcMod.NEG) else None
    return words is not None and all(words[s.swizzle[k]] & 0x7FFFFFFF == 0 for k in lanes)


def optimize(body: list[Inst], prof: Level9Profile, outputs_any: bool = False) -> list[Inst]:
    """The rewrites above, repeated to a fixpoint; ``outputs_any``: any instruction may write a pixel shader's
    output registers (ps_3_0), else only mov does."""
    if any(i.op in _FLOW or i.predicated for i in body):
        return body
    arbitrary = prof.arbitrary_swizzle or prof.kind == "vs"
    defs = {i.dst.num: i.values for i in body if i.op == "def" and i.dst is not None}
    live = _Liveness(body)
    changed = True
    while changed:
        changed = False
        for n, inst in enumerate(body):
            if inst.op == "add" and inst.dst is not None:
                mask = {k for k in range(4) if inst.dst.mask >> k & 1}
                for z in (0, 1):
                    if _zero_words(defs, inst.srcs[z], mask):
                        body[n] = Inst("mov", inst.dst, [inst.srcs[1 - z]])
                        live.replaced(n + 1, n + 1)
                        changed = True
                        break
                if changed:
                    break
            if n + 1 >= len(body):
                continue
            nxt = body[n + 1]
            if _fuse_mad(body, live, n, inst, nxt, prof, arbitrary) or _retarget(
                    body, live, n, inst, nxt, prof, arbitrary, outputs_any) or _coalesce(body, live, n + 1):
                changed = True
                break
    return body


def _fuse_mad(body: list[Inst], live_at: _Liveness, n: int, mul: Inst, add: Inst, prof: Level9Profile, arbitrary: bool) -> bool:
    if mul.op != "mul" or add.op != "add" or mul.dst is None or add.dst is None or mul.dst.reg != Reg.TEMP:
        return False
    if add.dst.reg in (Reg.COLOROUT, Reg.DEPTHOUT):
        return False  # an output written by add: left as the translation wrote it
    if mul.dst.mod or mul.dst.shift or add.dst.shift or any(s.mod not in (0, SrcMod.NEG) for s in mul.srcs):
        return False
    t = mul.dst.num
    hits = [i for i, s in enumerate(add.srcs) if s.reg == Reg.TEMP and s.num == t]
    if len(hits) != 1 or add.srcs[hits[0]].mod not in (0, SrcMod.NEG):
        return False
    ts, c = add.srcs[hits[0]], add.srcs[1 - hits[0]]
    written = {k for k in range(4) if mul.dst.mask >> k & 1}
    lanes = {k: ts.swizzle[k] for k in range(4) if add.dst.mask >> k & 1}
    if not set(lanes.values()) <= written or (c.rel is not None and c.rel.reg == Reg.TEMP and c.rel.num == t):
        return False
    live = written - ({k for k in range(4) if add.dst.mask >> k & 1} if add.dst.reg == Reg.TEMP and
                      add.dst.num == t else set())
    if not live_at.dead_after(n + 2, t, live):
        return False
    a, b = (_remap(s, lanes, arbitrary) for s in mul.srcs)
    if a is None or b is None:
        return False
    if ts.mod == SrcMod.NEG:  # -(a * b) + c
        a.mod = SrcMod.NONE if a.mod == SrcMod.NEG else SrcMod.NEG
    if not _ports_ok([a, b, c], prof):
        return False
    body[n: n + 2] = [Inst("mad", add.dst, [a, b, c])]
    live_at.replaced(n + 2, n + 1)
    return True


def _retarget(body: list[Inst], live: _Liveness, n: int, prod: Inst, mov: Inst, prof: Level9Profile, arbitrary: bool,
              outputs_any: bool) -> bool:
    if prod.op not in _COMPONENTWISE or mov.op != "mov" or prod.dst is None or mov.dst is None:
        return False
    if prod.dst.reg != Reg.TEMP or prod.dst.shift or mov.dst.reg == Reg.RASTOUT:
        return False
    t = prod.dst.num
    # the movs copying t's components into one register (ps_2_0's legalised swizzles make several)
    movs: list[Inst] = []
    for cand in body[n + 1:]:
        (s,) = cand.srcs if cand.op == "mov" else (None,)
        if cand.op != "mov" or cand.predicated or cand.dst is None or (cand.dst.reg, cand.dst.num) != (
                mov.dst.reg, mov.dst.num) or s is None or s.reg != Reg.TEMP or s.num != t or s.mod or s.rel is not None \
                or cand.dst.shift or cand.dst.mod != mov.dst.mod or (prod.dst.mod and cand.dst.mod):
            break
        movs.append(cand)
    if not movs or (mov.dst.reg == Reg.TEMP and mov.dst.num == t):
        return False
    end = n + 1 + len(movs)
    copy: dict[int, int] = {}
    for c in movs:
        copy.update({k: c.srcs[0].swizzle[k] for k in range(4) if c.dst.mask >> k & 1})
    mask = sum(1 << k for k in copy)
    if mov.dst.reg == Reg.TEMP:
        mask &= _coordinate_lanes(body, end, mov.dst.num)
    lanes = {k: c for k, c in copy.items() if mask >> k & 1}
    written = {k for k in range(4) if prod.dst.mask >> k & 1}
    if not lanes or not set(lanes.values()) <= written or not live.dead_after(end, t, written):
        return False
    if mov.dst.reg in (Reg.COLOROUT, Reg.DEPTHOUT) and not outputs_any and prod.op != "mov":
        return False  # ps_2_0 / ps_2_x write oC# and oDepth with mov only (fxc's ps_2_x listings; ps_3_0 not)
    srcs = [_remap(x, lanes, arbitrary) for x in prod.srcs]
    if any(x is None for x in srcs) or not _ports_ok(srcs, prof):  # type: ignore[arg-type]
        return False
    if mov.dst.reg == Reg.TEMP and any(x.reg == Reg.TEMP and x.num == mov.dst.num for c in movs[:-1]
                                       for x in c.srcs):
        return False
    body[n: end] = [Inst(prod.op, Dst(mov.dst.reg, mov.dst.num, mask, prod.dst.mod | mov.dst.mod, 0),
                         srcs, prod.controls)]  # type: ignore[arg-type]
    live.replaced(end, n + 1)
    return True


def _coordinate_lanes(body: list[Inst], start: int, num: int) -> int:
    """The components of temp ``num`` read from ``start`` on before it is rewritten, as a mask, when every read is
    a plain texld's coordinate: the sampler's dimensions (2 for a 2D texture, 3 for a cube or volume: "texld -
    ps_2_0 and up" uses as many coordinates as the texture has; fxc writes r0.xy before ``texld r1, r0, s0``).
    0xF for any other read."""
    dims = {i.dst.num: 2 if (i.decl or 0) >> 27 & 0xF == 2 else 3 for i in body
            if i.op == "dcl" and i.dst is not None and i.dst.reg == Reg.SAMPLER}
    need = 0
    for inst in body[start:]:
        for i, s in enumerate(inst.srcs):
            if s.reg == Reg.TEMP and s.num == num or s.rel is not None and s.rel.num == num:
                if inst.op != "texld" or inst.controls or i != 0 or s.swizzle != (0, 1, 2, 3) or s.mod:
                    return 0xF
                need |= (1 << dims.get(inst.srcs[1].num, 4)) - 1
        d = inst.dst
        if d is not None and d.reg == Reg.TEMP and d.num == num and d.mask == 0xF and not inst.predicated:
            break
        if d is not None and d.reg == Reg.TEMP and d.num == num:
            return 0xF  # partly rewritten: keep it simple
    return need or 0xF


def _coalesce(body: list[Inst], live: _Liveness, m: int) -> bool:
    """``mov d, t`` (same components, no modifier) that is t's last read: the instructions since t's value was
    begun write (and read) d instead, and the mov goes -- when d is untouched meanwhile and t's value was made
    by writes of the mov's components only (ps_2_0's swizzle legalisation leaves ``mov r1.x, r0.y``,
    ``mov r1.yzw, r0.z``, ``mov r2, r1``)."""
    mov = body[m]
    if mov.op != "mov" or mov.dst is None or mov.dst.reg != Reg.TEMP or mov.dst.mod or mov.dst.shift:
        return False
    (s,) = mov.srcs
    mask = mov.dst.mask
    lanes = {k for k in range(4) if mask >> k & 1}
    if s.reg != Reg.TEMP or s.mod or s.rel is not None or any(s.swizzle[k] != k for k in lanes):
        return False
    t, d = s.num, mov.dst.num
    if t == d or not live.dead_after(m + 1, t, {0, 1, 2, 3}):
        return False
    need = set(lanes)
    j = m - 1
    while j >= 0 and need:
        w = body[j]
        if w.op in ("dcl", "def", "defi", "defb", "comment") or w.predicated:
            return False
        if any(x.reg == Reg.TEMP and x.num == d or x.rel is not None and x.rel.num == d for x in w.srcs) or (
                w.dst is not None and w.dst.reg == Reg.TEMP and w.dst.num == d):
            return False  # d in use meanwhile
        if w.dst is not None and w.dst.reg == Reg.TEMP and w.dst.num == t:
            wl = {k for k in range(4) if w.dst.mask >> k & 1}
            if not wl <= lanes or w.op == "texkill":
                return False
            need -= wl
        j -= 1
    if need:
        return False
    done: set[int] = set()
    for w in body[j + 1: m]:  # t's reads in the block must read what the block wrote before them
        for i, x in enumerate(w.srcs):
            if x.reg == Reg.TEMP and x.num == t and not _reads(w, i, x) <= done:
                return False
        if w.dst is not None and w.dst.reg == Reg.TEMP and w.dst.num == t:
            done |= {k for k in range(4) if w.dst.mask >> k & 1}
    for w in body[j + 1: m]:
        for x in w.srcs:
            if x.reg == Reg.TEMP and x.num == t:
                x.num = d
        if w.dst is not None and w.dst.reg == Reg.TEMP and w.dst.num == t:
            w.dst = Dst(Reg.TEMP, d, w.dst.mask, w.dst.mod, w.dst.shift)
    del body[m]
    live.replaced(m + 1, m)
    return True
