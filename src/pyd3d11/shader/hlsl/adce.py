"""Aggressive dead-code elimination (mark and sweep) for the compiler's instruction list.

optimize.py's dead-code pass removes an instruction when nothing reads what it writes, and its liveness
pass removes stores no later read can see; neither removes a value that only feeds itself around a loop
(``CornerU += p[k] * TanM[...]`` in SubD11's control-point function, whose result the caller drops): the
accumulation reads its own previous value, so it always has a reader. Here every instruction is dead
until proven useful: the roots are the instructions with an effect beyond temps (outputs, memory, flow
control, emits, discards), and an instruction is useful when it may write a temp component that a useful
instruction reads. Flow-insensitive (any writer of a component counts), so it only removes code that
cannot reach an effect on any path. fxc removes such code too (SubD11_HS reads no g_TanM in its
control-point phase)."""

from __future__ import annotations

from collections import defaultdict

from .operands import Ins


def sweep(code: list[Ins]) -> tuple[list[Ins], bool]:
    """``code`` without the instructions that cannot affect an effect; (code, changed)."""
    from .optimize import _CALLS, _reads, _shape, _writes

    if any(ins.op in _CALLS for ins in code):  # subroutine bodies read temps the call sites leave
        return code, False
    shapes = [_shape(ins) for ins in code]
    writers: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (ins, sh) in enumerate(zip(code, shapes, strict=True)):
        if sh.pure:
            for k in _writes(ins, sh):
                writers[k].append(i)
    useful = [not sh.pure for sh in shapes]
    work = [i for i, u in enumerate(useful) if u]
    while work:
        i = work.pop()
        for k in _reads(code[i], shapes[i]):
            for w in writers.get(k, ()):
                if not useful[w]:
                    useful[w] = True
                    work.append(w)
    if all(useful):
        return code, False
    return [ins for ins, u in zip(code, useful, strict=True) if u], True
