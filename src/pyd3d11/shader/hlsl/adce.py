"""Aggressive dead-code elimination (mark and sweep) for the compiler's instruction list.

optimize.py's dead-code pass removes an instruction when nothing reads what it writes, and its liveness
pass removes stores no later read can see; neither removes a value that only feeds itself around a loop
(``CornerU += p[k] * TanM[...]`` in SubD11's control-point function, whose result the caller drops): the
accumulation reads its own previous value, so it always has a reader. Here every instruction is dead
until proven useful: the roots are the instructions with an effect beyond temps (outputs, memory, flow
control, emits, discards), and an instruction is useful when it may write a temp component that a useful
instruction reads. Flow-insensitive (any writer of a component counts), so it only removes code that
cannot reach an effect on any path. fxc removes such code too (SubD11_HS reads no g_TanM in its
control-point phase). A write to groupshared memory is useful only when a useful instruction reads that memory
(:func:`_groupshared_only`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import Any

from .operands import Ins


def sweep(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` without the instructions that cannot affect an effect; (code, changed)."""
    from .optimize import _CALLS, _reads, _shape, _writes

    if any(ins.op in _CALLS for ins in code):  # subroutine bodies read temps the call sites leave
        return code, False
    shapes = [_shape(ins) for ins in code]
    writers: dict[tuple[int, int], list[int]] = defaultdict(list)
    memory_writers: dict[int, list[int]] = defaultdict(list)  # g# -> the stores/atomics that only write it
    useful = []
    for i, (ins, sh) in enumerate(zip(code, shapes, strict=True)):
        g = _groupshared_only(ins, sh)
        if g is not None:
            memory_writers[g].append(i)
        if sh.pure or g is not None:
            for k in _writes(ins, sh):
                writers[k].append(i)
        useful.append(not sh.pure and g is None)
    work = [i for i, u in enumerate(useful) if u]
    while work:
        i = work.pop()
        for k in _reads(code[i], shapes[i]):
            for w in writers.get(k, ()):
                if not useful[w]:
                    useful[w] = True
                    work.append(w)
        for g in _groupshared_reads(code[i], shapes[i]):
            for w in memory_writers.get(g, ()):
                if not useful[w]:
                    useful[w] = True
                    work.append(w)
    if all(useful):
        return code, False
    return [ins for ins, u in zip(code, useful, strict=True) if u], True


def _groupshared_only(ins: Ins, sh) -> int | None:
    """The g# of a store or atomic whose only effect beyond temps is on that groupshared memory, else None.

    fxc 10.1 removes such a write when no live instruction reads the memory back (``g[0] = p;`` alone, or an
    ``InterlockedAdd`` on groupshared whose result is unused and whose memory nothing loads, compiles to ``ret``;
    a derivative feeding only such a store is then no X4532 in a compute shader). Session 36, helper AUD."""
    if sh.flow or sh.nd == 0 or not ins.op.startswith(("store_", "atomic_", "imm_atomic_")):
        return None
    dst = ins.args[:sh.nd]
    gs = [d.idx[0] for d in dst if d.file == "g"]
    if len(gs) != 1 or any(d.file not in ("g", "r", "null") or d.rel is not None for d in dst):
        return None
    return gs[0]


def _groupshared_reads(ins: Ins, sh) -> list[int]:
    """The g# registers an instruction reads: a load's source, the memory an ``imm_atomic_*`` returns from."""
    out = [a.idx[0] for a in ins.args[sh.nd:] if a.file == "g"]
    if ins.op.startswith("imm_atomic_"):
        out += [a.idx[0] for a in ins.args[:sh.nd] if a.file == "g"]
    return out


def drop_dead_groupshared(cg: Any) -> None:
    """Forget the groupshared variables no instruction touches once dead code is gone and number the others'
    g# from g0 in declaration order, as fxc 10.1 declares them (a variable whose every write was dead has no
    ``dcl_tgsm_*``)."""
    used = {a.idx[0] for ins in cg.code for a in ins.args if a.file == "g"}
    keep = sorted(g for g, _s, _t in cg.tgsm.values() if g in used)
    renum = {old: new for new, old in enumerate(keep)}
    if len(renum) == len(cg.tgsm) and all(o == n for o, n in renum.items()):
        return
    cg.tgsm = {name: (renum[g], stride, t) for name, (g, stride, t) in cg.tgsm.items() if g in renum}
    cg.tgsm_raw = {renum[g] for g in cg.tgsm_raw if g in renum}
    cg.tgsm_elem = {renum[g] for g in cg.tgsm_elem if g in renum}
    for i, ins in enumerate(cg.code):
        if any(a.file == "g" for a in ins.args):
            args = [type(a)(a.file, (renum[a.idx[0]], *a.idx[1:]), a.rel, a.comps, a.mod, a.imm)
                    if a.file == "g" else a for a in ins.args]
            cg.code[i] = replace(ins, args=args)
