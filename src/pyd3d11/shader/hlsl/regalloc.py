"""Linear-scan allocation of virtual vec4 temps onto r# registers.

Live intervals are [first, last] reference positions; a value referenced inside a loop but live
outside it (or any variable home register) is extended over the whole loop, since the back edge can
carry it into the next iteration."""

from __future__ import annotations

from .operands import Ins


def allocate(code: list[Ins], var_temps: set[int]) -> tuple[dict[int, int], int]:
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
    order = sorted(first, key=lambda t: first[t])
    free: list[int] = []
    active: list[tuple[int, int]] = []  # (end, phys)
    tmap: dict[int, int] = {}
    nregs = 0
    for t in order:
        s = first[t]
        still = []
        for end, phys in active:
            if end < s:
                free.append(phys)
            else:
                still.append((end, phys))
        active = still
        if free:
            free.sort()
            phys = free.pop(0)
        else:
            phys = nregs
            nregs += 1
        tmap[t] = phys
        active.append((last[t], phys))
    return tmap, nregs
