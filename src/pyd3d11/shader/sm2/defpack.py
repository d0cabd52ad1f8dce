"""Literal constants packed four to a ``def`` register (the Direct3D 9 targets only: sm2/d3d9.py).

The translation gives each literal vector a def of its own; a literal used as a scalar (``mul r0, r1, c5.x``
with ``def c5, 2, 2, 2, 2``) wastes three components of a register the target has few of (ps_2_0: 32 c#; the
def registers share them with the uniforms). fxc packs scalar literals into shared defs: its Instancing
VS_ShaderInstancing listing (vs_2_0) holds its eight literals in four defs between ``register(c#)``
reservations, ps_float4_construct reads ``def c0, 1, 0, 2, 0`` as c0.xxxy / c0.xxyy / c0.yyyx.

Here the words each read of a def takes (in the lanes the instruction reads) are packed into new defs, each
word once, and every read is re-swizzled to its words' new components: a read of one word becomes a replicate
(legal for every target, ps_2_0 included); a read of several words moves only where the target reads any
swizzle (vertex shaders, ps_2_a), else its def keeps its register and words. sincos's constants and texture
coordinates are never moved. An instruction reads one constant register (the read ports), so the
words one instruction reads from a def stay together in one new def. Defs read with a full swizzle keep their
register and words. A program reading a def a0-relative (a table whose rows must stay consecutive) is left
alone.
"""

from __future__ import annotations

from .lanes import SCALAR_OPS, mask_lanes
from .program import Dst, Inst, Src
from .tokens import Reg

#: instructions reading each source in the lanes of their write mask, lane for lane
_COMPONENTWISE = {"mov", "add", "mul", "mad", "min", "max", "cmp", "lrp", "abs", "frc", "slt", "sge", "dsx", "dsy"}
#: instructions reading one component of each source (a replicate swizzle)


def _lanes(inst: Inst, k: int) -> tuple[int, ...] | None:
    """The lanes of source ``k`` the instruction reads (each through the swizzle), or None where its reads
    cannot be moved to other components (sincos's constants, texture coordinates, flow control, unknown)."""
    op = inst.op
    if op in _COMPONENTWISE and inst.dst is not None:
        return mask_lanes(inst.dst.mask)
    if op == "dp3":
        return (0, 1, 2)
    if op == "dp4":
        return (0, 1, 2, 3)
    if op == "dp2add":
        return (0, 1) if k < 2 else (0,)
    if op in SCALAR_OPS and len(set(inst.srcs[k].swizzle)) == 1:
        return (0,)
    return None


def pack_defs(body: list[Inst], first_free: int, arbitrary: bool) -> list[Inst]:
    """``body`` with its defs packed (new defs numbered from ``first_free``); unchanged where the packing would
    not save a register. ``arbitrary``: the target reads any swizzle (a def read in several words may move too;
    else only defs every read of which is one word, read as a replicate)."""
    defs = {i.dst.num: [w & 0xFFFFFFFF for w in i.values] for i in body if i.op == "def" and i.dst is not None}
    if any(s.reg == Reg.CONST and s.rel is not None and s.num in defs for i in body for s in i.srcs):
        return body  # an immediate table read a0-relative: its rows keep their registers
    #: (instruction, source index) -> {lane: word}
    needs: dict[tuple[int, int], dict[int, int]] = {}
    movable = set(defs)
    for n, inst in enumerate(body):
        for k, s in enumerate(inst.srcs):
            if s.reg != Reg.CONST or s.num not in defs:
                continue
            lanes = _lanes(inst, k)
            if lanes is None:
                movable.discard(s.num)
                continue
            want = {ln: defs[s.num][s.swizzle[ln]] for ln in lanes}
            if len(set(want.values())) > 1 and not arbitrary:
                movable.discard(s.num)
            needs[(n, k)] = want
    if len(movable) < 2:
        return body
    # the words one instruction reads from movable defs share a register (one constant register per instruction)
    groups: list[set[int]] = []
    for n, inst in enumerate(body):
        g = {w for k, s in enumerate(inst.srcs) if s.reg == Reg.CONST and s.num in movable
             for w in needs[(n, k)].values()}
        if g:
            groups.append(g)
    place: dict[int, tuple[int, int]] = {}  # word -> (new register, component)
    packed: list[list[int]] = []
    for g in sorted(groups, key=len, reverse=True):
        todo = sorted(w for w in g if w not in place)
        regs = {place[w][0] for w in g if w in place}
        if len(regs) > 1 or len(g) > 4:
            return body  # a word already placed apart from the group's others: given up
        if regs:
            r = regs.pop()
            if len(packed[r]) + len(todo) > 4:
                return body
        else:
            r = next((i for i, p in enumerate(packed) if len(p) + len(todo) <= 4), len(packed))
            if r == len(packed):
                packed.append([])
        for w in todo:
            place[w] = (r, len(packed[r]))
            packed[r].append(w)
    if len(packed) >= len(movable):
        return body
    nums = {r: first_free + r for r in range(len(packed))}
    new_defs = [Inst("def", Dst(Reg.CONST, nums[r]), [], values=p + [p[-1]] * (4 - len(p)))
                for r, p in enumerate(packed)]
    out: list[Inst] = []
    for n, inst in enumerate(body):
        if inst.op == "def" and inst.dst is not None and inst.dst.num in movable:
            continue
        if any(s.reg == Reg.CONST and s.num in movable for s in inst.srcs):
            srcs = []
            for k, s in enumerate(inst.srcs):
                if s.reg == Reg.CONST and s.num in movable:
                    want = needs[(n, k)]
                    comps = {ln: place[w][1] for ln, w in want.items()}
                    fill = comps[max(comps)]
                    s = Src(Reg.CONST, nums[place[next(iter(want.values()))][0]],
                            tuple(comps.get(ln, fill) for ln in range(4)), s.mod)  # type: ignore[arg-type]
                    if len(set(comps.values())) == 1:
                        s.swizzle = (fill,) * 4
                srcs.append(s)
            inst = Inst(inst.op, inst.dst, srcs, inst.controls, inst.decl, list(inst.values), inst.predicated)
        out.append(inst)
    return new_defs + out
