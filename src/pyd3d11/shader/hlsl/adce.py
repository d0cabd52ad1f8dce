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
(:func:`_groupshared_only`).

Control flow is not a root of its own: an ``if`` / ``loop`` / ``switch`` is useful only when a useful instruction
lies inside it (then its opening, arms and end are, and every ``break`` / ``continue`` of a useful loop or switch,
and so each construct around those), so a construct with no effect inside goes whole, its condition with it.
fxc removes such constructs at every optimisation level: d3dcompiler_47 10.1 under Wine (session 42, helper
REFL) compiles ``if (t.Load(i).x) { n += 1; } else { n += 2; }`` with ``n`` unread, ``if (a.x > 0) { float q =
1; }``, a ``[loop] while (a.x > n) n += 1;`` whose ``n`` nothing reads after it, all under /Od as well, to no
instruction at all, reading (so binding) neither the texture nor the constant buffer."""

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
    regions = _regions(code)
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
        useful.append(not sh.pure and g is None and (regions is None or ins.op not in _STRUCTURE))
    if regions is not None:
        for i in _uav_bound_exits(code, shapes, regions):
            useful[i] = True
    work = [i for i, u in enumerate(useful) if u]
    live_regions: set[int] = set()
    while work:
        i = work.pop()
        if regions is not None:  # the constructs around a useful instruction, and their parts, are useful
            enclosing, parts, jumps = regions
            for r in enclosing[i]:
                if r in live_regions:
                    continue
                live_regions.add(r)
                for w in parts[r] + jumps.get(r, []):
                    if not useful[w]:
                        useful[w] = True
                        work.append(w)
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


def sweep_unoptimized(code: list[Ins]) -> list[Ins]:
    """What fxc /Od (D3DCOMPILE_SKIP_OPTIMIZATION) still removes: code that reaches no effect (:func:`sweep`) and
    writes of temp components that no path reads before they are rewritten -- masked off where only some
    components are read (optimize._dead_stores). d3dcompiler_47 10.1 under Wine, session 42: at /Od ``float4 t =
    a * 2; t.xy = a.yx;`` multiplies ``.xy`` alone (the value's other components are overwritten), ``float4 r =
    buf.Load(i.x); if (a.x > 0) r = 1; else r = 2;`` loads nothing and binds no buffer. Copies stay, literals are
    not folded (the other passes do not run). Code after an unconditional ``break`` / ``continue`` / ``ret`` goes too
    (optimize._unreachable): a loop whose condition is false on entry is no loop at /Od either (``int m = 0; while
    (m) { c = foo; }``, ``while (0)``, ``for (int j = 0; j < 0; j++)`` bind no buffer; session 43)."""
    from .optimize import _MEMO, _Bail, _dead_stores, _unreachable

    try:
        for _ in range(8):
            code, cut = _unreachable(list(code))
            code, swept = sweep(code)
            code, stored = _dead_stores(list(code))
            if not swept and not stored and not cut:
                break
    except _Bail:
        pass
    finally:
        _MEMO.clear()
    return code


def _uav_bound_exits(code: list[Ins], shapes: list, regions: tuple) -> list[int]:
    """The exits of a loop that depend on a load from a UAV: roots, so the loop stays with the load and its
    binding. Another thread may write the UAV, so the loop's end is not the program's to decide: d3dcompiler_47
    10.1 keeps ``[loop] while (ur[n] > q) { q += 1; }``, a ``for`` bounded by ``(int)ur[0]``, a ``do { } while
    (ur[i] > 0)``, a RWByteAddressBuffer ``Load`` condition, ``while (q < 10) q += ur[n];``, ``if (ur[i] > 0)
    break;`` and ``if (ur[n] > q) { q += 2; continue; }`` in a loop, at ps_5_0, cs_5_0 and /Od, though nothing
    reads ``q`` after it (session 46, helper REFL; found by the random dead-read generator's seed 46). The same
    loop on a Buffer / Texture read or an input goes whole, as does a UAV read in the body that no exit uses, and
    an ``[unroll(4)]`` loop (no loop is left: here one whose body ends in ``break``). A value is the load's when
    computed from it or written under an ``if`` on it; the exits are a ``breakc`` / ``continuec`` / ``retc`` on
    such a value, or an ``if`` on one that holds a ``break`` / ``continue`` / ``ret``."""
    from .optimize import _PURE_MEMORY, _reads, _writes

    enclosing, parts, _jumps = regions
    if not any(ins.op in _PURE_MEMORY and any(a.file == "u" for a in ins.args) for ins in code):
        return []
    loops = {r for r, ps in parts.items() if code[r].op == "loop" and code[ps[-1] - 1].op != "break"}
    if not loops:
        return []
    tainted: set[tuple[int, int]] = set()
    tainted_ifs: set[int] = set()
    changed = True
    while changed:  # flow-insensitive: computed from a tainted component, or written under a tainted if
        changed = False
        for i, (ins, sh) in enumerate(zip(code, shapes, strict=True)):
            load = ins.op in _PURE_MEMORY and any(a.file == "u" for a in ins.args)
            reads_tainted = any(k in tainted for k in _reads(ins, sh))
            if ins.op == "if" and reads_tainted and i not in tainted_ifs:
                tainted_ifs.add(i)
                changed = True
            if sh.pure and (load or reads_tainted or tainted_ifs.intersection(enclosing[i])):
                new = [k for k in _writes(ins, sh) if k not in tainted]
                if new:
                    tainted.update(new)
                    changed = True
    jumps = ("break", "breakc", "continue", "continuec", "ret", "retc")
    out = []
    for i, (ins, sh) in enumerate(zip(code, shapes, strict=True)):
        if not loops.intersection(enclosing[i]):
            continue
        if ins.op in ("breakc", "continuec", "retc") and any(k in tainted for k in _reads(ins, sh)):
            out.append(i)
        elif i in tainted_ifs and any(code[j].op in jumps for j in range(i, parts[i][-1])):
            out.append(i)
    return out


#: the structured control-flow instructions, useful only as parts of a construct with a useful instruction inside
_STRUCTURE = frozenset({"if", "else", "endif", "loop", "endloop", "switch", "case", "default", "endswitch",
                        "break", "breakc", "continue", "continuec"})


def _regions(code: list[Ins]) -> tuple[list[tuple[int, ...]], dict[int, list[int]], dict[int, list[int]]] | None:
    """The structured constructs of ``code``, each numbered by the index of its opening instruction: per
    instruction the constructs around it (its own included for a construct's parts), per construct its parts
    (opening, ``else`` / ``case`` / ``default``, end), per loop or switch the ``break`` / ``continue``
    instructions that leave or repeat it. None where the nesting is not well formed (then flow stays a root)."""
    stack: list[tuple[str, int]] = []
    enclosing: list[tuple[int, ...]] = []
    parts: dict[int, list[int]] = {}
    jumps: dict[int, list[int]] = defaultdict(list)
    for i, ins in enumerate(code):
        op = ins.op
        if op in ("if", "loop", "switch"):
            stack.append((op, i))
            parts[i] = [i]
        elif op in ("else", "endif", "case", "default", "endloop", "endswitch"):
            want = "if" if op in ("else", "endif") else "switch" if op in ("case", "default", "endswitch") else "loop"
            if not stack or stack[-1][0] != want:
                return None
            parts[stack[-1][1]].append(i)
        elif op in ("break", "breakc", "continue", "continuec"):
            kinds = ("loop", "switch") if op.startswith("break") else ("loop",)
            target = next((r for k, r in reversed(stack) if k in kinds), None)
            if target is None:
                return None
            jumps[target].append(i)
        enclosing.append(tuple(r for _k, r in stack))
        if op in ("endif", "endloop", "endswitch"):
            stack.pop()
    return (enclosing, parts, jumps) if not stack else None


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
