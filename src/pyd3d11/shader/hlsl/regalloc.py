"""Linear-scan allocation of virtual temps onto r# register components.

Live intervals are [first, last] reference positions; a value referenced inside a loop but live
outside it (or any variable home register) is extended over the whole loop, since the back edge can
carry it into the next iteration.

Allocation is per component, as fxc packs scalars into one register (``r0.x``, ``r0.y``, …): a
virtual temp that only per-component operations write (``mov``, ``add``, ``dp4``, …) may move to
other components of a register, its readers' swizzles and its writers' lanes renamed to match
(destination lane i reads source lane i, so moving a lane moves the source lanes with it). A temp
that a sample, load, double or unknown operation writes keeps its components in place."""

from __future__ import annotations

from .operands import Ins, Reg
from .optimize import _ALL, _dst_comps, _padded, _shape, _src_lanes

#: component packing switch (off: every temp takes a whole register, the pre-packing allocation;
#: tests compare the two bit for bit)
PACK_COMPONENTS = True
#: no sharing at all: every virtual temp keeps a register of its own (tools.optdiff runs such programs
#: with pre-filled temps to find reads of never-written values; not for output)
NO_SHARING = False


def _intervals(code: list[Ins], var_temps: set[int]) -> tuple[dict[int, int], dict[int, int]]:
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    loops: list[tuple[int, int]] = []
    stack: list[int] = []
    for pc, ins in enumerate(code):
        if ins.op == "loop":
            stack.append(pc)
        elif ins.op == "endloop":
            loops.append((stack.pop(), pc))
        for a in ins.args:
            for t in a.temps():
                first.setdefault(t, pc)
                last[t] = pc
    changed = True
    while changed:
        changed = False
        for t in first:
            s, e = first[t], last[t]
            for ls, le in loops:
                inside = ls < s <= le or ls <= e < le
                if not inside and not (s <= ls and e >= le):
                    continue
                if s <= ls and e >= le:
                    continue
                if t in var_temps or s < ls or e > le:
                    ns, ne = min(s, ls), max(e, le)
                    if (ns, ne) != (s, e):
                        first[t], last[t] = ns, ne
                        s, e = ns, ne
                        changed = True
    return first, last


def _usage(code: list[Ins]) -> tuple[dict[int, set[int]], set[int]]:
    """Per temp: the components referenced; and the temps whose components must stay in place."""
    comps: dict[int, set[int]] = {}
    fixed: set[int] = set()

    def use(t: int, cs) -> None:
        comps.setdefault(t, set()).update(cs)

    for ins in code:
        sh = _shape(ins)
        for a in ins.args:
            if a.rel is not None and a.rel[0] == "r":
                t = a.rel[1][0]
                use(t, (a.rel[3],))
                if type(a) is not Reg or a.file == "cbthis":  # renders more components of the index temp
                    use(t, _ALL)
                    fixed.add(t)
        temps = [a for a in ins.args if a.file == "r"]
        if not temps:
            continue
        if sh.kind == "unknown" or "d" in sh.types:
            for a in temps:
                use(a.idx[0], _ALL)
                fixed.add(a.idx[0])
            continue
        dsts = [d for d in ins.args[:sh.nd] if d.file != "null"]
        srcs = ins.args[sh.nd:]
        odd_src = any(type(s) is not Reg or (s.comps is None and s.file != "l") for s in srcs)
        for d in dsts:
            if d.file == "r":
                use(d.idx[0], _dst_comps(d))
                if d.comps is None or sh.kind == "other" or (sh.kind == "cw" and (len(dsts) > 1 or odd_src)):
                    fixed.add(d.idx[0])
        lanes = _src_lanes(ins, sh)
        for s in srcs:
            if s.file == "r":
                if s.comps is None:
                    use(s.idx[0], _ALL)
                    fixed.add(s.idx[0])
                    continue
                sw = _padded(s)
                use(s.idx[0], {sw[ln] for ln in lanes})
    return comps, fixed


def allocate(code: list[Ins], var_temps: set[int], debug: dict | None = None,
             aligned: bool = False) -> tuple[dict[int, int], int]:
    """``(virtual temp -> r#, register count)``; components of packed temps are renamed in ``code``.

    ``aligned`` (programs translated for ps_2_0, which reads a register only through .xyzw, .yzxw, .zxyw,
    .wzyx or a replicate: "Source Register Swizzling"): a temp of several components stays in place or moves
    to the lanes from x on in order, never to scattered lanes (a vector at .yzw costs the translation a move
    per lane at every read; fxc's ps_4_0_level_9_1 objects keep vectors at .xyz: DirectXTK
    PSBasicPixelLighting ``mul r1.xyz, r1.wwww, r1.xyzx``).

    ``debug`` (a dict, for /Zi debug information) receives ``first``/``last`` (each temp's live interval in
    code positions) and ``cmap`` (temp -> {virtual component: physical component} where they differ)."""
    first, last = _intervals(code, var_temps)
    if debug is not None:
        debug.update(first=dict(first), last=dict(last), cmap={})
    if NO_SHARING:
        return {t: i for i, t in enumerate(sorted(first))}, len(first)
    comps, fixed = _usage(code)
    if not PACK_COMPONENTS:
        comps = {t: set(_ALL) for t in first}
        fixed = set(first)
    order = sorted(first, key=lambda t: (first[t], t))
    active: list[tuple[int, int, frozenset]] = []  # (end, phys, components held)
    busy: dict[int, set[int]] = {}
    tmap: dict[int, int] = {}
    cmap: dict[int, dict[int, int]] = {}
    nregs = 0
    for t in order:
        s = first[t]
        still = []
        for end, phys, held in active:
            if end < s:
                busy[phys] -= held
            else:
                still.append((end, phys, held))
        active = still
        want = sorted(comps.get(t) or {0})
        phys = -1
        mapping: dict[int, int] = {}
        for p in range(nregs):
            free = [c for c in range(4) if c not in busy[p]]
            if t in fixed:
                if all(c in free for c in want):
                    phys, mapping = p, {c: c for c in want}
                    break
            elif len(free) >= len(want):
                # keep components in place where they are free (fewer renamed swizzles)
                if all(c in free for c in want):
                    phys, mapping = p, {c: c for c in want}
                elif not aligned or len(want) == 1:
                    phys, mapping = p, dict(zip(want, free, strict=False))
                elif all(c in free for c in range(len(want))):
                    phys, mapping = p, dict(zip(want, range(len(want)), strict=True))
                else:
                    continue
                break
        if phys < 0:
            phys = nregs
            nregs += 1
            busy[phys] = set()
            mapping = {c: c for c in want}
        tmap[t] = phys
        held = frozenset(mapping.values())
        busy[phys] |= held
        active.append((last[t], phys, held))
        if any(k != v for k, v in mapping.items()):
            cmap[t] = mapping
    if debug is not None:
        debug["cmap"] = {t: dict(m) for t, m in cmap.items()}
    if cmap:
        for i, ins in enumerate(code):
            if any(a.file == "r" and a.idx[0] in cmap or a.rel is not None and a.rel[0] == "r"
                   and a.rel[1][0] in cmap for a in ins.args):
                code[i] = _rename(ins, cmap)
    return tmap, nregs


def _map_comp(cmap: dict[int, dict[int, int]], t: int, c: int) -> int:
    m = cmap.get(t)
    if m is None:
        return c
    return m.get(c, next(iter(m.values())))


def _rename_src(a: Reg, cmap: dict, lane_of: dict[int, int] | None) -> Reg:
    """``a`` with its temp components renamed and, for a moved destination, its lanes moved
    (``lane_of``: old destination lane -> new lane)."""
    rel = a.rel
    if rel is not None and rel[0] == "r" and rel[1][0] in cmap:
        rel = (rel[0], rel[1], rel[2], _map_comp(cmap, rel[1][0], rel[3])) + tuple(rel[4:])
    if a.file == "l":
        if lane_of is None or len(a.imm) == 1:
            return a
        imm4 = (tuple(a.imm) + (a.imm[-1],) * 4)[:4]
        vals = [imm4[min(lane_of)]] * 4
        for old, new in lane_of.items():
            vals[new] = imm4[old]
        return Reg("l", imm=tuple(vals), mod=a.mod)
    comps = a.comps
    if comps is not None:
        if lane_of is not None and len(comps) > 1:
            p = _padded(a)
            sw = [p[min(lane_of)]] * 4
            for old, new in lane_of.items():
                sw[new] = p[old]
            comps = tuple(sw)
        if a.file == "r" and a.idx[0] in cmap:
            comps = tuple(_map_comp(cmap, a.idx[0], c) for c in comps)
    if rel is a.rel and comps is a.comps:
        return a
    return type(a)(a.file, a.idx, rel, comps, a.mod, a.imm)


def _rename(ins: Ins, cmap: dict[int, dict[int, int]]) -> Ins:
    sh = _shape(ins)
    nd = sh.nd if sh.kind != "unknown" else 0
    lane_of = None
    dsts = []
    for d in ins.args[:nd]:
        if d.file == "r" and d.idx[0] in cmap:
            m = cmap[d.idx[0]]
            if sh.kind == "cw":
                lane_of = {c: m[c] for c in d.comps}
            d = Reg("r", d.idx, None, tuple(sorted(m[c] for c in d.comps)), d.mod)
        elif d.rel is not None:
            d = _rename_src(d, cmap, None)
        dsts.append(d)
    srcs = [_rename_src(a, cmap, lane_of) for a in ins.args[nd:]]
    return Ins(ins.op, dsts + srcs, ins.suffix, ins.tail, ins.loc)
