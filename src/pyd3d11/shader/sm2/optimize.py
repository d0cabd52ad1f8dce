"""Dead-code removal on a translated shader-model-2 program (straight-line code, or code with ``if b#`` /
``else`` / ``endif`` blocks: static_branch.py). An instruction whose every written temporary component is
overwritten or never read before the end is dropped; outputs, a0, texkill and declarations always stay. Fewer
slots, same results. Programs with loops are left alone."""

from __future__ import annotations

from .lanes import lanes_read
from .program import Inst, Sm2Program
from .tokens import Reg

_FLOW = {"if", "ifc", "else", "endif", "loop", "endloop", "rep", "endrep", "break", "breakc", "call", "callnz",
         "label", "ret"}
#: if b# / else / endif without loops: acyclic, each path runs a subsequence of the instructions in order
_STATIC_IF = {"if", "else", "endif"}


def _unhandled(prog: Sm2Program) -> bool:
    return any(i.op in _FLOW and i.op not in _STATIC_IF for i in prog.instructions)


def _lanes_read(inst: Inst, i: int) -> tuple[int, ...]:
    return lanes_read(inst.op, i, inst.dst.mask if inst.dst is not None else None)  # the one definition: lanes.py


def remove_dead_code(prog: Sm2Program) -> Sm2Program:
    """Backwards over the instructions. At an ``if b#`` block's ``if`` the live components are those live at
    the start of either part (of the then-part and after the block when it has no else part)."""
    if _unhandled(prog):
        return prog
    live: set[tuple[int, int]] = set()  # (temp, component) read later
    kept: list[Inst] = []
    blocks: list[list] = []  # open if b# blocks (walking backwards): [live after the block, live into the else part]
    for inst in reversed(prog.instructions):
        if inst.op == "endif":
            blocks.append([set(live), None])
        elif inst.op == "else":
            blocks[-1][1] = live
            live = set(blocks[-1][0])
        elif inst.op == "if":
            after, else_in = blocks.pop()
            live |= after if else_in is None else else_in
        if inst.op in ("dcl", "def", "defi", "defb", "comment") or inst.op in _STATIC_IF:
            kept.append(inst)
            continue
        d = inst.dst
        if inst.op == "texkill":
            live.update((d.num, c) for c in lanes_read("texkill", 0, None) if d.reg == Reg.TEMP)  # type: ignore[union-attr]
            kept.append(inst)
            continue
        if d is not None and d.reg == Reg.TEMP:
            written = {c for c in range(4) if d.mask >> c & 1}
            if not any((d.num, c) in live for c in written):
                continue
            live.difference_update((d.num, c) for c in written)
        for i, s in enumerate(inst.srcs):
            if s.reg == Reg.TEMP:
                live.update((s.num, s.swizzle[lane]) for lane in _lanes_read(inst, i))
            if s.rel is not None and s.rel.reg == Reg.TEMP:
                live.add((s.rel.num, s.rel.swizzle[0]))
        kept.append(inst)
    return Sm2Program(prog.kind, prog.major, prog.minor, list(reversed(kept)))


def allocate_registers(prog: Sm2Program, temps: int | None = None) -> Sm2Program:
    """The colouring below; where it needs more than ``temps`` registers (the target's r# count), the colouring
    of the program's values (_split_webs) when that needs fewer. Programs that fit keep the first colouring:
    the D3D9 copy propagation after it (propagate.py) leaves copies into texld coordinates, which the first
    colouring often merges into one register."""
    out = _allocate(prog)
    if temps is not None and _temps(out) > temps:
        split = _allocate(_split_webs(prog))
        if _temps(split) < _temps(out):
            out = split
    return drop_repeated_mova(out)


def drop_repeated_mova(prog: Sm2Program) -> Sm2Program:
    """``mova a0.x, s`` where a0.x already holds s: "mova - vs" writes a0, which keeps its value until the next
    mova, so a second mova of the same source -- with no write of the source's component and no flow control
    since the first -- changes nothing (the translation loads a0 for each constant read at a computed index;
    copies made for each read become one register once coloured). fxc's SkinnedMesh_VS listing: one mova per
    index, then the matrix rows c0[a0.x] .. c2[a0.x]."""
    out: list[Inst] = []
    held = None  # the source a0.x was last loaded from, while it still holds that value
    for inst in prog.instructions:
        if inst.op == "mova":
            if held is not None and inst.srcs[0] == held and inst.dst is not None and inst.dst.mask == 0x1:
                continue
            held = inst.srcs[0] if inst.dst is not None and inst.dst.mask == 0x1 and inst.srcs[0].rel is None \
                else None
        elif inst.op in _FLOW:
            held = None
        elif held is not None and inst.dst is not None and inst.dst.reg == held.reg and inst.dst.num == held.num \
                and inst.dst.mask >> held.swizzle[0] & 1:
            held = None
        out.append(inst)
    return Sm2Program(prog.kind, prog.major, prog.minor, out)


def _temps(prog: Sm2Program) -> int:
    return 1 + max([r.num for i in prog.instructions for r in ([i.dst] if i.dst is not None else []) + list(i.srcs)
                    if r.reg == Reg.TEMP], default=-1)


def _allocate(prog: Sm2Program) -> Sm2Program:
    """Renumber the temporaries so that registers whose lifetimes do not overlap share one: in straight-line
    code each register lives from its first write to its last read, and interval colouring in order of start
    is optimal. A source is read before the destination is written, so a register may be reused by the
    instruction that reads it for the last time. With ``if b#`` blocks (no loops) every run executes a
    subsequence of the instructions in order, so registers whose intervals do not overlap in that order never
    hold values live at once on any path."""
    if _unhandled(prog):
        return prog
    first: dict[int, int] = {}
    last: dict[int, int] = {}
    for n, inst in enumerate(prog.instructions):
        regs = [s for s in inst.srcs if s.reg == Reg.TEMP] + [s.rel for s in inst.srcs if s.rel is not None
                                                              and s.rel.reg == Reg.TEMP]
        for s in regs:
            first.setdefault(s.num, n)
            last[s.num] = n
        if inst.dst is not None and inst.dst.reg == Reg.TEMP:
            first.setdefault(inst.dst.num, n)
            last[inst.dst.num] = max(last.get(inst.dst.num, n), n)
            if inst.op == "texkill":
                last[inst.dst.num] = n
    order = sorted(first, key=lambda r: (first[r], r))
    free_at: list[int] = []  # per physical register: the index of its current interval's last read
    mapping: dict[int, int] = {}
    for r in order:
        for phys, end in enumerate(free_at):
            if end <= first[r]:
                mapping[r] = phys
                free_at[phys] = last[r]
                break
        else:
            mapping[r] = len(free_at)
            free_at.append(last[r])
    out: list[Inst] = []
    for inst in prog.instructions:
        dst = inst.dst
        if dst is not None and dst.reg == Reg.TEMP:
            dst = type(dst)(dst.reg, mapping[dst.num], dst.mask, dst.mod, dst.shift)
        srcs = [_renamed(s, mapping) for s in inst.srcs]
        if _self_move(inst.op, dst, srcs, inst.predicated):
            continue  # two registers merged into one: the copy between them is a no-op
        out.append(Inst(inst.op, dst, srcs, inst.controls, inst.decl, inst.values, inst.predicated))
    return Sm2Program(prog.kind, prog.major, prog.minor, out)


def _split_webs(prog: Sm2Program) -> Sm2Program:
    """Straight-line code only: a write to rN where no component of rN is live (none is read later before
    being written again, the instruction's own sources included) starts a new value of rN that shares
    nothing with the old one, so it gets a register number of its own (numbered past every temp). Without
    this, a translated SM4 register reused for unrelated values (the HLSL compiler reuses r0 for every
    short-lived temporary) was one interval from its first write to its last read, and the colouring below
    could not share it: unrolled loops of vs_2_0 skinning shaders needed 18 temporaries where the values
    live at once fit in 12 (X4509)."""
    body = prog.instructions
    if any(i.op in _STATIC_IF or i.predicated for i in body):
        return prog
    live: set[tuple[int, int]] = set()
    starts: set[int] = set()  # instructions whose write begins a new value of their destination register
    for n in range(len(body) - 1, -1, -1):
        inst = body[n]
        d = inst.dst
        if d is not None and d.reg == Reg.TEMP and inst.op != "texkill":
            live.difference_update((d.num, c) for c in range(4) if d.mask >> c & 1)
        for i, s in enumerate(inst.srcs):
            if s.reg == Reg.TEMP:
                live.update((s.num, s.swizzle[lane]) for lane in _lanes_read(inst, i))
            if s.rel is not None and s.rel.reg == Reg.TEMP:
                live.add((s.rel.num, s.rel.swizzle[0]))
        if inst.op == "texkill" and d is not None and d.reg == Reg.TEMP:
            live.update((d.num, c) for c in range(4))
        if d is not None and d.reg == Reg.TEMP and inst.op != "texkill" \
                and not any((d.num, c) in live for c in range(4)):
            starts.add(n)
    nxt = _temps(prog)
    current: dict[int, int] = {}  # register -> the number of its current value
    out: list[Inst] = []
    for n, inst in enumerate(body):
        srcs = [_renamed(s, current) for s in inst.srcs]
        dst = inst.dst
        if dst is not None and dst.reg == Reg.TEMP:
            if n in starts:
                current[dst.num], nxt = nxt, nxt + 1
            dst = type(dst)(dst.reg, current.setdefault(dst.num, dst.num), dst.mask, dst.mod, dst.shift)
        out.append(Inst(inst.op, dst, srcs, inst.controls, inst.decl, inst.values, inst.predicated))
    return Sm2Program(prog.kind, prog.major, prog.minor, out)


def _self_move(op: str, dst, srcs, predicated: bool) -> bool:
    """``mov rN.m, rN`` reading each written lane from itself, without modifiers: changes nothing."""
    if op != "mov" or predicated or dst is None or dst.reg != Reg.TEMP or dst.mod or dst.shift:
        return False
    s = srcs[0]
    return (s.reg == Reg.TEMP and s.num == dst.num and not s.mod and s.rel is None
            and all(s.swizzle[lane] == lane for lane in range(4) if dst.mask >> lane & 1))


def _renamed(s, mapping: dict[int, int]):
    rel = _renamed(s.rel, mapping) if s.rel is not None else None
    num = mapping.get(s.num, s.num) if s.reg == Reg.TEMP else s.num
    return type(s)(s.reg, num, s.swizzle, s.mod, rel)
