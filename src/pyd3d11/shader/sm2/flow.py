"""Flow control of the SM4 -> shader-model-2 translation (a mixin of translate._Translator).

Shader model 2.0 has no dynamic flow control and 2.x little of it ("Specifying Compiler Targets"): conditions
known at compile time are decided here and loops with them unrolled (integer math on known values is folded,
fold.py); branches on shader values are flattened into predicated selects; a loop that cannot be unrolled
becomes ``rep`` (a counted loop: i# from a literal or, through the Aon9 loop-register mapping, from an int
constant; otherwise 255 iterations with ``break_comp`` at ps 9_3, fxc's X3511 where the target has no such
flow control); ``switch`` is flattened into predicated case groups; early returns and ``continue`` predicate
the code after them on the lanes still running.
"""

from __future__ import annotations

import copy

from .. import ir
from ..hlsl.diagnostics import HlslError
from ..hlsl.unroll import MAX_ITERATIONS
from .base import (
    _INT_READS,
    _INT_WRITES,
    _NO_DST,
    _TWO_DST,
    BREAK_NE,
    ONE,
    REP_COUNT,
    ZERO,
    O,
    T,
    _DynamicLoop,
    _mask_of,
    _unsupported,
)
from .fold import MAX_STEPS, f32_bits, match_blocks, s32
from .peephole import _FLOW
from .program import Dst, Inst, Src
from .tokens import Reg, SrcMod
from .types import INT

#: the temp number _write_pred keeps its product in during the translation (number_pred_cache)
PRED_CACHE_REG = 2047

#: the longest stretch of translated code _unwritten_since scans
_SCAN_LIMIT = 4096

#: the break an out-of-range access in a loop left at run time stands for (FlowControl._leaves_array)
_BREAK = ir.Instruction(O.BREAK)


def _continues(body: list[ir.Instruction], pc: int, end: int) -> bool:
    """Whether the loop body[pc:end] holds a continue of its own (not only of a loop nested in it)."""
    level = 0
    for inst in body[pc + 1: end]:
        level += inst.opcode == O.LOOP
        level -= inst.opcode == O.ENDLOOP
        if level == 0 and inst.opcode in (O.CONTINUE, O.CONTINUEC):
            return True
    return False


def _leaves_early(body: list[ir.Instruction], pc: int, end: int, test: set[int]) -> bool:
    """Whether the loop body[pc:end] holds a break of its own other than its count test (the body indices
    ``test``): one that only dynamic flow control (break_comp) could take inside a rep loop."""
    level = 0
    for k in range(pc + 1, end):
        op = body[k].opcode
        level += op in (O.LOOP, O.SWITCH)
        level -= op in (O.ENDLOOP, O.ENDSWITCH)
        if level == 0 and op in (O.BREAK, O.BREAKC) and k not in test:
            return True
    return False


class FlowControl:
    """Methods of the translator that walk the SM4 program's flow control (state lives in _Translator)."""

    def _gated(self) -> bool:
        """Writes take effect only where a predicate holds (a flattened branch, returned lanes, or lanes that
        continued to their loop's next iteration)."""
        return self.pred is not None or self.returned or any(used for _, used in self.skips)

    def _write_pred(self) -> Src | None:
        """Where a write takes effect: the branch predicate, times "still running" once some lanes returned,
        times "not continued" in rep loops where some lanes continued (None: everywhere)."""
        factors = ([] if self.pred is None else [self.pred]) + self._running_factors()
        if len(factors) <= 1:
            return factors[0] if factors else None
        # the product is kept in a register of its own and read again by the next writes under the same
        # factors, as long as no instruction since wrote a factor's register or the product's, and no flow
        # control came between (every write of a flattened branch's part reads it: computing it again for each
        # cost one mul per factor per write)
        t = PRED_CACHE_REG
        key = tuple((f.reg, f.num, f.swizzle, f.mod) for f in factors)
        if self.pred_cache is not None and self.pred_cache[0] == key and self._pred_still_holds(key, t):
            return Src(Reg.TEMP, t, (0,) * 4)
        self.emit("mul", Dst(Reg.TEMP, t, 0x1), factors[:2])
        for f in factors[2:]:
            self.emit("mul", Dst(Reg.TEMP, t, 0x1), [Src(Reg.TEMP, t, (0,) * 4), f])
        self.pred_cache = (key, len(self.body))
        return Src(Reg.TEMP, t, (0,) * 4)

    def _running_factors(self, covered: bool = True) -> list[Src]:
        """The "still running" factors (y of the returned register once some lanes returned, y of each skip
        region where some lanes left). ``covered``: a skip region whose y started as the product of the factors
        around it (begin_skip_region), none of them written since, stands for them (its y is 0 wherever one of
        them is), so nested unrolled loops multiply one factor, not one per loop."""
        factors = [Src(Reg.TEMP, self.dead_reg, (1,) * 4)] if self.returned else []  # type: ignore[arg-type]
        factors += [Src(Reg.TEMP, reg, (1,) * 4) for reg, used in self.skips if used]
        if not covered:
            return factors
        for reg, _ in reversed(self.skips):
            cover = self.skip_covers.get(reg)
            if cover is not None and self._unwritten_since(cover[1], cover[0]):
                return [f for f in factors if f.num not in cover[0] and f.num != reg] + [Src(Reg.TEMP, reg, (1,) * 4)]
        return factors

    def _unwritten_since(self, start: int, regs: frozenset[int] | set[int]) -> bool:
        """No instruction from body index ``start`` on writes one of the temps ``regs`` or is flow control
        (a long stretch answers False: the scan's cost is bounded)."""
        if start > len(self.body) or len(self.body) - start > _SCAN_LIMIT:
            return False
        for inst in self.body[start:]:
            if inst.op in _FLOW or inst.op.startswith(("break", "if")) or inst.predicated:
                return False
            d = inst.dst
            if d is not None and d.reg == Reg.TEMP and d.num in regs:
                return False
        return True

    def _pred_still_holds(self, key: tuple, t: int) -> bool:
        """No instruction after the cached product's computation wrote a temp it was made of (or the product's
        register), and none is flow control."""
        regs = {num for reg, num, _, _ in key if reg == Reg.TEMP} | {t}
        return self._unwritten_since(self.pred_cache[1], regs)  # type: ignore[index]

    def _return(self, inst: ir.Instruction, frames: list[dict]) -> bool:
        """ret / retc: True when the whole program ends here. A return where only some lanes run (inside a
        flattened branch, or a retc on a shader value) marks those lanes returned; their outputs keep the
        values written so far, as in the SM4 program (shader model 2.0 has no return: fxc flattens the same
        way)."""
        cond = self._flow_cond(inst)  # retc: 1.0 where it returns; None for ret (or a retc always taken)
        if cond is False:
            return False
        eff = self._write_pred()
        if eff is None and cond is None:
            if self.sub_walks:
                raise _unsupported("a return inside a switch case")
            if not self.rep_depth:
                return True
            cond = self.cscalar(ONE)  # in a rep loop: every lane returns, the loop runs on with nothing to write
        elif cond is None and self.pred is None and not self.sub_walks and not self.rep_depth and \
                not any(used for _, used in self.skips):
            # an unconditional return outside any flattened branch, after earlier returns: the lanes still
            # running return here and the others returned before, so no lane runs the rest -- the program ends.
            # (Walking on, an unrolled loop holding it, ``if (c) return 1; [loop] for (;;) { return 0; }``,
            # would be copied to the unrolling limit: X3511 after tens of seconds, where fxc compiles it.)
            return True
        if self.dead_reg is None:
            raise _unsupported("a return the translation did not reserve a register for")
        self._still_running(self.dead_reg, self._and_masks(cond, eff), self.returned)
        self.returned = True
        return False

    def _return_in_loop(self, inst: ir.Instruction, frames: list[dict], pc: int, steps: int) -> int:
        """After ``_return`` marked the lanes returned: the pc to walk on from. Where the return is
        unconditional at the innermost unrolled loop's own level (no flattened branch between), every lane
        running this copy has now returned: the loop ends here as a break would end it, or, where some lanes
        took a run-time continue in this copy, the next copy starts with what those lanes carried (the values
        they all agree on: the ``for`` step written before the continue). Walking on instead, the copies
        would write nothing and fold nothing new and run to the unrolling limit -- X3511 after tens of seconds,
        where fxc compiles ``if (c) { [loop] for (;;) { return 0; } }`` (its warning X3557 "loop only executes
        for 0 iteration(s)") and ``for (int i = 0; i < 3; i++) { if (c) continue; return 0; }`` at ps_2_0
        (d3dcompiler_47 10.1, session 48)."""
        if self.sub_walks or self.rep_depth:
            return pc + 1
        if inst.opcode == O.RETC:  # taken by every lane only where its condition is known to hold
            known = self._known_lane(inst.operands[0], 0)
            if known is None or (known != 0) != inst.test_nonzero:
                return pc + 1
        loop = next((f for f in reversed(frames) if f["kind"] != "static"), None)
        if loop is None or loop["kind"] != "loop":
            return pc + 1
        if not (loop.get("cont") or [0, False])[1]:
            return self._leave_loop(frames)
        return self._continued_lanes_go_on(loop, frames, steps)

    def _continued_lanes_go_on(self, loop: dict, frames: list[dict], steps: int) -> int:
        """Every lane running this copy of an unrolled loop has left it (a return or a break at the loop's own
        level), but some took a run-time continue in the copy: the next copy starts with what those lanes
        carried (the values they all agree on: the ``for`` step written before the continue)."""
        snaps = loop.get("cont_known", [])
        for key in self.skip_folded[-1]:
            values = {snap.get(key) for snap in snaps}
            if len(values) == 1 and None not in values:
                self.known[key] = values.pop()
        while frames[-1]["kind"] == "static":
            frames.pop()
        return self._next_iteration(loop, steps)

    def _break_at_loop_level(self, inst: ir.Instruction, frames: list[dict], steps: int) -> int:
        """A break at the innermost unrolled loop's own level: the loop ends, unless some lanes took a run-time
        continue in this copy -- those skipped the break and run the next copy, so only the lanes running here
        leave (``for (i = 0; i < 4; i++) { if (f.y > i) { r += 1; continue; } break; }`` at ps_2_0 adds 1 for
        every i below f.y, as fxc's object does; the walk ended the loop for every lane after one copy)."""
        loop = frames[-1]
        if "brk" not in loop or not (loop.get("cont") or [0, False])[1]:
            return self._leave_loop(frames)
        self._skip_rest(inst, loop["brk"])
        return self._continued_lanes_go_on(loop, frames, steps)

    def _leave_loop(self, frames: list[dict]) -> int:
        """Leave the innermost unrolled loop (a break at its own level): the pc after it."""
        while frames and frames[-1]["kind"] == "static":
            frames.pop()
        loop = frames.pop()
        if "brk" in loop:
            self._end_continue_region(loop)
            self.end_skip_region(loop["brk"])
        return loop["end"] + 1

    def _still_running(self, reg: int, cond: Src | None, before: bool) -> None:
        """reg.y (1 where a lane still runs, 0 where it returned / left / continued) after lanes where the 0/1
        ``cond`` holds (None: every lane) stop: 1 - cond the first time (``before`` False), else y * (1 - cond)
        as one ``mad y, -cond, y, y`` (exact for 0 and 1). Only y is kept: every reader of the register reads y
        (_write_pred's factors)."""
        y = Dst(Reg.TEMP, reg, 0x2)
        if cond is None:
            self.emit("mov", y, [self.cscalar(ZERO)])
        elif not before:
            self.emit("add", y, [Src(*self._neg(cond)), self.cscalar(ONE)])
        else:
            old = Src(Reg.TEMP, reg, (1,) * 4)
            self.emit("mad", y, [Src(*self._neg(cond)), old, old])

    def walk(self, body: list[ir.Instruction]) -> None:
        """Loops are unrolled first; one whose exit turns out to depend on values known only when the shader
        runs is translated again from its start as a ``rep`` loop (see _dynamic_loop)."""
        match = match_blocks(body)
        frames: list[dict] = []
        pc, steps = 0, 0
        attempts: list[tuple[int, dict, list[dict], int]] = []  # loops being unrolled: (pc, state, frames, steps)
        while pc < len(body):
            try:
                pc, steps = self._walk_step(body, match, frames, pc, steps, attempts)
            except _DynamicLoop:
                open_loops = {f["start"] - 1 for f in frames if f["kind"] == "loop"}
                while attempts and attempts[-1][0] not in open_loops:
                    attempts.pop()
                if not attempts:
                    raise
                pc, state, saved, steps = attempts.pop()
                self._restore(state)
                frames[:] = [dict(f) for f in saved]
                self.dynamic_loops.add(id(body[pc]))

    def _snapshot(self) -> dict:
        return {k: (copy.copy(v) if isinstance(v, (list, dict, set)) else v) for k, v in self.__dict__.items()
                if k not in ("p", "prof", "types", "dynamic_loops")}

    def _restore(self, state: dict) -> None:
        for k, v in state.items():
            setattr(self, k, copy.copy(v) if isinstance(v, (list, dict, set)) else v)

    def _walk_step(self, body, match, frames: list[dict], pc: int, steps: int, attempts: list) -> tuple[int, int]:
        steps += 1
        if steps > MAX_STEPS:  # a loop unrolled this far does not end in a timely manner: fxc's X3511
            raise self._too_many_steps()
        inst = body[pc]
        op = inst.opcode
        self.scratch = 0
        if op == O.LOOP and id(inst) in self.dynamic_loops:
            frames.append(self._dynamic_loop(body, pc, match[pc][1]))
            return pc + 1, steps
        if op == O.LOOP and self.prefer_rep and self.prof.static_flow_depth > self.rep_depth and \
                self._counted_loop(body, pc, match[pc][1]) is not None:
            self.dynamic_loops.add(id(inst))
            frames.append(self._dynamic_loop(body, pc, match[pc][1]))
            return pc + 1, steps
        if op == O.LOOP:
            attempts.append((pc, self._snapshot(), [dict(f) for f in frames], steps))
        if self.rep_depth:
            if any(f["kind"] == "rep" and pc in f["skip"] for f in frames):
                return pc + 1, steps  # the loop test a mapped rep count replaces
            if op in (O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC, O.ENDLOOP) and self._rep_flow(inst, frames):
                return (frames.pop()["end"] + 1 if op == O.ENDLOOP else pc + 1), steps
        return self._walk_one(body, match, frames, pc, steps)

    def _walk_one(self, body, match, frames: list[dict], pc: int, steps: int) -> tuple[int, int]:
        inst = body[pc]
        op = inst.opcode
        if self.x_size and self._leaves_array(inst, frames):
            inst, op = _BREAK, O.BREAK  # the lanes reaching it leave the loop here (see _leaves_array)
        if op == O.IF:
            cond = self._known_lane(inst.operands[0], 0)
            if cond is not None:
                taken = (cond != 0) == inst.test_nonzero
                if taken:
                    frames.append({"kind": "static", "else": False})
                    pc += 1
                elif match[pc][0] is not None:  # jump into the else part
                    frames.append({"kind": "static", "else": True})
                    pc = match[pc][0] + 1
                else:
                    pc = match[pc][1] + 1
                return pc, steps
            frames.append(self.static_if(body, match, pc) or self._enter_branch(inst))
            pc += 1
        elif op == O.ELSE:
            f = frames[-1]
            if f["kind"] == "bool":
                self.static_else(f)
                return pc + 1, steps
            if f["kind"] == "static":  # the then part ran: skip the else part
                frames.pop()
                pc = self._endif_of(match, body, pc) + 1
                return pc, steps
            self.pred = Src(Reg.TEMP, f["p"], (1, 1, 1, 1))
            if f["outer"] is None:  # p.x + p.y == 1: the else part's selects may read p.x (selects.py)
                self.complements[f["p"]] = f["start"]
            f["then_folded"] = set(f["fold"][1])
            f["then_known"] = self._known_state()
            self.forget_folded(f["fold"][1])
            self._restore_known(f["known_entry"], f["then_folded"])  # the else lanes hold the entry values
            f["fold"][0] = self.pred
            f["then_masks"], f["written_then"] = set(self.masks), set(self.written)
            self.masks = set(f["saved_masks"])
            pc += 1
        elif op == O.ENDIF:
            f = frames.pop()
            if f["kind"] == "bool":
                self.static_endif(f)
            elif f["kind"] == "dynamic":
                self.pred = f["outer"]
                folded = set(f["fold"][1])
                then_folded = f.get("then_folded", set())
                left = f.get("left")
                if left == "then" and "then_masks" in f:
                    pass  # the then lanes all continued: the else part's values are every running lane's
                else:
                    self.forget_folded(f["fold"][1])
                    self.forget_folded(then_folded)
                if left == "then" and "then_masks" not in f:
                    # ``if (c) { …; continue; }``: the lanes that ran the then part skip the rest of the copy,
                    # so what the others hold is what they held on entry
                    self._restore_known(f["known_entry"], folded)
                elif left == "else":  # the else lanes all continued: the then part's values are the rest's
                    self._restore_known(f["then_known"], then_folded | folded)
                self.branch_folds.remove(f["fold"])
                self.complements.pop(f["p"], None)
                self.scratch_base -= 1
                self._merge_masks(f)
            pc += 1
        elif op == O.LOOP:
            frames.append({"kind": "loop", "start": pc + 1, "end": match[pc][1]})
            pc += 1
        elif op in (O.BREAK, O.BREAKC) and self.switch_breaks and not any(f["kind"] in ("loop", "rep")
                                                                            for f in frames):
            self._skip_rest(inst, self.switch_breaks[-1])  # out of the switch from inside a case
            pc += 1
        elif op in (O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC):
            # the "left" register of the innermost loop when it is unrolled with predicated run-time breaks
            inner = next((f for f in reversed(frames) if f["kind"] in ("loop", "rep")), None)
            brk = inner.get("brk") if inner is not None else None
            if op in (O.BREAKC, O.CONTINUEC):
                cond = self._known_lane(inst.operands[0], 0)
                if cond is None:
                    if brk is not None and op == O.BREAKC:
                        self._skip_rest(inst, brk)  # the lanes leaving an unrolled loop
                        return pc + 1, steps
                    if brk is not None:  # the lanes skipping to the next copy of an unrolled loop
                        self._continue(inst, inner)
                        return pc + 1, steps
                    raise _DynamicLoop(_unsupported("loops whose exit depends on shader inputs (dynamic loops)"))
                if (cond != 0) != inst.test_nonzero:
                    pc += 1
                    return pc, steps
            if brk is not None and op in (O.BREAK, O.CONTINUE) and frames[-1]["kind"] == "dynamic":
                # a break / continue under a flattened branch of an unrolled loop
                if op == O.BREAK:
                    self._skip_rest(inst, brk)
                else:
                    self._continue(inst, inner)
                    frames[-1]["left"] = "else" if "then_masks" in frames[-1] else "then"  # its lanes all continued
                return pc + 1, steps
            while frames and frames[-1]["kind"] == "static":
                frames.pop()
            if not frames or frames[-1]["kind"] != "loop":
                if brk is not None:
                    raise self._x3511()  # a continue under a branch on a shader value
                raise _DynamicLoop(_unsupported("break / continue inside a branch on shader inputs"))
            if op in (O.BREAK, O.BREAKC):
                pc = self._break_at_loop_level(inst, frames, steps)
            else:
                pc = self._next_iteration(frames[-1], steps)
        elif op == O.ENDLOOP:
            while frames and frames[-1]["kind"] == "static":
                frames.pop()
            pc = self._next_iteration(frames[-1], steps)
        elif op == O.RET and any(f["kind"] == "bool" for f in frames):
            pc += 1  # the last instruction of a static branch's part, with only ret after it (static_if)
        elif op in (O.RET, O.RETC):
            if self._return(inst, frames):
                return len(body), steps
            pc = self._return_in_loop(inst, frames, pc, steps)
        elif op == O.CUSTOMDATA:  # the immediate constant buffer (read in prepass) and comments
            pc += 1
        elif op == O.SWITCH:
            pc = self._switch(body, pc)
        else:
            self.cur = inst
            if self.x_size:
                inst = self._resolve_indexable(inst)
            if not self._fold(inst):
                self.instruction(inst)
            self._flush_selects()
            self.note_bool_test(inst)
            pc += 1
        return pc, steps

    def _leaves_array(self, inst: ir.Instruction, frames: list[dict]) -> bool:
        """True where an unrolled copy of a loop left only at run time (its frame has a skip region) would
        read or write an indexable temporary at a known index outside the array. Such an access is undefined,
        so fxc assumes no lane reaches it: the lanes that would are taken to leave the loop there, and the
        unrolling stops (its ShadersDX9 listings SkinnedMesh_VS and LocalDeformablePRT_VS, vs_2_0:
        ``for (iBone = 0; iBone < NumBones - 1; iBone++)`` over ``float BlendWeightsArray[4]``, NumBones a
        uniform, has four copies, iBone = 0 .. 3, and no test of the fifth). Elsewhere the access stays an
        error (_resolve_indexable)."""
        inner = next((f for f in reversed(frames) if f["kind"] in ("loop", "rep")), None)
        if inner is None or "brk" not in inner:
            return False
        for o in inst.operands:
            if o.type != T.INDEXABLE_TEMP or o.indices[0].value not in self.x_size:
                continue
            idx = o.indices[1]
            k = idx.value
            if idx.rel is not None:
                known = self._known_lane(idx.rel, 0)
                if known is None:
                    continue
                k += s32(known)
            if not 0 <= k < self.x_size[o.indices[0].value]:
                return True
        return False

    def _next_iteration(self, loop: dict, steps: int) -> int:
        """The back edge of an unrolled loop. A loop left only at run time (its frame has a skip region) is
        unrolled under predication until a compile-time exit: one that has none stops where the HLSL
        unroller stops any loop, after MAX_ITERATIONS copies, with fxc's X3511 text (hlsl/unroll.py) —
        rather than after MAX_STEPS translated instructions, which took tens of seconds."""
        if "brk" in loop:
            if self._end_continue_region(loop):
                self._begin_continue_region(loop)
            loop["iterations"] = n = loop.get("iterations", 0) + 1
            if n > MAX_ITERATIONS:
                raise self._too_many_iterations()
            # what the walk knows at compile time is all that decides its path and its compile-time exits: where
            # it is the same at two back edges, every later copy repeats the last one (same path, same number of
            # steps) and none exits, so the walk would end at one of its limits. The error it would reach
            # first is raised now, instead of after up to MAX_ITERATIONS copies (seconds of translation).
            known = self._known_state()
            last = loop.get("back_edge")
            loop["back_edge"] = (known, steps)
            if last is not None and last[0] == known:
                per_copy = steps - last[1]
                if steps + per_copy * (MAX_ITERATIONS + 1 - n) > MAX_STEPS:
                    raise self._too_many_steps()
                raise self._too_many_iterations()
        return loop["start"]

    def _too_many_iterations(self) -> HlslError:
        return HlslError(self.file, 1, 1, 3511, f"unable to unroll loop, loop does not appear to terminate in a "
                         f"timely manner ({MAX_ITERATIONS + 1} iterations) or unrolled loop is too large, use the "
                         "[unroll(n)] attribute to force an exact higher number")

    def _too_many_steps(self) -> HlslError:
        return HlslError(self.file, 1, 1, 3511, f"{self.prof.target}: unable to unroll loop, loop does not appear "
                         f"to terminate in a timely manner (more than {MAX_STEPS} instructions unrolled)")

    def _dynamic_loop(self, body: list[ir.Instruction], pc: int, end: int) -> dict:
        """A loop that cannot be unrolled, in fxc's ps_2_x form ("rep - ps", "break_comp - ps", "defi - ps"):
        ``rep i0`` with i0 = (255, 0, 0, 0), the most iterations rep runs, and ``break_ne`` where the SM4 loop
        breaks. The body is translated once, so nothing it writes may be folded as a constant: temp
        components it writes that are known now are stored first, as the floats of their integer value where
        the loop uses them as integers. A loop running more than 255 iterations stops there (the one
        difference from the SM4 program, as with fxc). ps_2_0 has no flow control and the vertex targets no
        dynamic flow control ("Specifying Compiler Targets"): there fxc must unroll and cannot (X3511)."""
        counted = self._counted_loop(body, pc, end)
        if counted is not None and counted[0] is not None and self.no_mapped_counts:
            counted = None  # left on the SM4 loop's own test (the bound read from its float register)
        if counted is not None and counted[0] is None and self.prof.dynamic_flow_depth == 0 and \
                _leaves_early(body, pc, end, counted[3]):
            counted = None  # a literal count and a break a rep loop could not take here: unrolled instead
        if counted is None and self.prof.dynamic_flow_depth == 0 or self.prof.static_flow_depth == 0:
            # no loop here that a shader value can leave: unrolled, its run-time breaks predicating the rest
            # off (X3511 still where no compile-time exit ends the unrolling: MAX_STEPS)
            frame = {"kind": "loop", "start": pc + 1, "end": end, "brk": self.begin_skip_region()}
            if _continues(body, pc, end):
                self._begin_continue_region(frame)
            return frame
        if self.rep_depth + 1 > self.prof.static_flow_depth:
            raise HlslError(self.file, 1, 1, 3511, f"{self.prof.target}: unable to unroll loop: loops nested "
                            f"deeper than {self.prof.static_flow_depth} ({self.prof.sm2} rep nesting)")
        written: set[tuple[int, int]] = set()
        ints: set[tuple[int, int]] = set()
        carried: set[tuple[int, int]] = set()  # read before the body surely writes them: from the last iteration
        killed: set[tuple[int, int]] = set()
        #: writes inside the open nested constructs (innermost last): a read later in the same branch sees
        #: this iteration's value, not the last iteration's (an else / case starts from the construct's entry)
        scopes: list[set[tuple[int, int]]] = []
        depth = 0
        for inst in body[pc + 1: end]:
            depth += inst.opcode in (O.IF, O.LOOP, O.SWITCH)
            depth -= inst.opcode in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH)
            if inst.opcode in (O.IF, O.LOOP, O.SWITCH):
                scopes.append(set())
            elif inst.opcode in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH) and scopes:
                scopes.pop()
            elif inst.opcode in (O.ELSE, O.CASE, O.DEFAULT) and scopes:
                scopes[-1].clear()
            ndst = 0 if inst.opcode in _NO_DST or O.DCL_RESOURCE <= inst.opcode <= O.DCL_GLOBALFLAGS else (
                2 if inst.opcode in _TWO_DST else 1)
            for o in inst.operands[:ndst]:
                if o.type == T.INDEXABLE_TEMP and o.indices[0].value in self.x_base:
                    xb = self.x_base[o.indices[0].value]
                    written.update((xb + e, ln) for e in range(self.x_size[o.indices[0].value]) for ln in o.written())
            dsts = [o for o in inst.operands[:ndst] if o.type == T.TEMP]
            lanes_w = dsts[0].written() if dsts else (0, 1, 2, 3)
            for o in inst.operands[ndst:]:
                if o.type == T.TEMP:
                    carried.update(k for k in ((o.register, o.components()[ln]) for ln in lanes_w)
                                   if k not in killed and not any(k in sc for sc in scopes))
            for o in dsts:
                written.update((o.register, ln) for ln in o.written())
                if depth == 0:
                    killed.update((o.register, ln) for ln in o.written())
                elif scopes:
                    scopes[-1].update((o.register, ln) for ln in o.written())
                if inst.opcode in _INT_WRITES:
                    ints.update((o.register, ln) for ln in o.written())
            if inst.opcode in _INT_READS and not (inst.opcode in (O.IEQ, O.INE) and any(
                    o.type == T.IMMEDIATE32 and set(o.values) <= {0} for o in inst.operands[1:])):
                # (x == 0 / x != 0 tests the truth of a mask as much as of an integer: kinds.py decides)
                lanes = inst.operands[0].written() if inst.operands[0].type != T.NULL else (0, 1, 2, 3)
                for o in inst.operands[ndst:]:
                    if o.type == T.TEMP:
                        ints.update((o.register, o.components()[ln]) for ln in lanes)
        by_reg: dict[int, list[int]] = {}
        for r, c in sorted(written):
            if (r, c) in self.known:
                by_reg.setdefault(r, []).append(c)
        for r, comps in by_reg.items():
            # the kind analysis decides (kinds.py); the loop's own integer instructions where it has no answer
            ints.difference_update((r, c) for c in comps if (r, c) in self.known_mask)
            ints.update(k for k in self.known_int if k[0] == r)
            vals = tuple(f32_bits(float(s32(self.known.get((r, c), 0)))) if (r, c) in ints
                         else self._known_word(r, c) for c in range(4))
            bools = {(r, c) for c in comps if (r, c) in self.known_mask}
            self.body.append(Inst("mov", Dst(Reg.TEMP, r, _mask_of(comps)), [Src(Reg.CONST, self.const(vals))]))  # type: ignore[arg-type]
            for c in comps:
                self.written.add((Reg.TEMP, r, c))
                self.known.pop((r, c), None)
                self.materialized.discard((r, c))
                self.masks.discard((r, c))
                if (r, c) in bools:  # a bool carried around the loop: the 1.0 / 0.0 mask form
                    self.masks.add((r, c))
                    self.known_mask.discard((r, c))
                if (r, c) in ints:
                    self.intf.add((r, c))
                else:
                    self.intf.discard((r, c))
        if not self.returned and self.dead_reg is not None and any(
                i.opcode in (O.RET, O.RETC) for i in body[pc + 1: end]):
            # the body runs again after some lanes returned in it: every write in it is gated from its start
            self.emit("mov", Dst(Reg.TEMP, self.dead_reg, 0x2), [self.cscalar(ONE)])
            self.returned = True
        if counted is not None:  # rep i#: i# the constant-buffer bound (the Aon9 loop-register mapping) or defi
            buf, reg, comp, skip = counted
            target = len(self.loop_maps) + len(self.int_defs)
            if buf is None:
                self.int_defs.append((target, reg))
            else:
                self.loop_maps.append((buf, reg, comp, target))
            self.body.append(Inst("rep", None, [Src(Reg.CONSTINT, target)]))
        else:
            skip = set()
            self.body.append(Inst("rep", None, [Src(Reg.CONSTINT, self.rep_reg)]))
            self.uses_rep = True
        self.rep_depth += 1
        cont = None
        if _continues(body, pc, end):
            cont = [self.scratch_base, False]
            self.scratch_base += 1
            self.skips.append(cont)
            self.body.append(Inst("mov", Dst(Reg.TEMP, cont[0], 0x2), [self.cscalar(ONE)]))  # _still_running
            self.written.add((Reg.TEMP, cont[0], 1))
        frame = {"kind": "rep", "start": pc + 1, "end": end, "written": written & carried, "old_ints": self.rep_ints,
                 "written_entry": set(self.written),
                 "skip": skip, "cont": cont,
                 "masks": {k for k in self.masks if k in written & carried},
                 "intf": {k for k in self.intf if k in written & carried}}
        self.rep_ints = self.rep_ints | ints
        return frame

    def _begin_continue_region(self, loop: dict) -> None:
        """The "continued" register of one unrolled copy of a loop left only at run time: lanes that run a
        ``continue`` on a shader value skip the rest of this copy (their writes predicated off) and run the
        next copy again. It starts at each copy's start, outside every flattened branch, so the scratch
        registers of the branches inside stay a stack."""
        start = len(self.body)
        loop["cont"] = self.begin_skip_region()
        # the instructions that set it up, dropped again when the copy ends before any lane could continue
        loop["cont_setup"] = (start, len(self.body), self.body[-1])

    def _known_state(self) -> tuple:
        return dict(self.known), set(self.known_int), set(self.known_mask), set(self.materialized)

    def _restore_known(self, state: tuple, keys: set) -> None:
        """Put back what ``state`` (_known_state) knew of ``keys``."""
        known, known_int, known_mask, materialized = state
        for key in keys:
            if key in known:
                self.known[key] = known[key]
                for now, then in ((self.known_int, known_int), (self.known_mask, known_mask),
                                  (self.materialized, materialized)):
                    if key in then:
                        now.add(key)

    def _continue(self, inst: ir.Instruction, loop: dict) -> None:
        """A run-time continue in an unrolled copy: the lanes taking it skip the rest of the copy, carrying the
        values known here (a ``for`` loop's step, which the HLSL compiler writes before its continue)."""
        self._skip_rest(inst, loop["cont"])
        loop.setdefault("cont_known", []).append(dict(self.known))

    def _end_continue_region(self, loop: dict) -> bool:
        """End the current copy's continue region (True when the loop has one). A value folded in the copy
        stays known where every lane that continued carried the same value (the loop counter's step, done
        on both paths): without that the counter would be unknown and the copies would never end."""
        cont = loop.pop("cont", None)
        if cont is None:
            return False
        snaps = loop.pop("cont_known", [])
        keep = {key: (self.known[key], key in self.known_int, key in self.known_mask)
                for key in self.skip_folded[-1]
                if key in self.known and all(snap.get(key) == self.known[key] for snap in snaps)}
        self.end_skip_region(cont)
        for key, (value, is_int, is_mask) in keep.items():
            self.known[key] = value
            if is_int:
                self.known_int.add(key)
            if is_mask:
                self.known_mask.add(key)
            self.materialized.add(key)
            if self.skip_folded:
                self.skip_folded[-1].add(key)  # still written under the enclosing region's predicate
        start, stop, last = loop.pop("cont_setup")
        if not cont[1] and len(self.body) == stop and self.body[-1] is last:
            del self.body[start:]  # the copy ended before anything could continue: nothing to set up
        return True

    def _x3511(self) -> HlslError:
        return HlslError(self.file, 1, 1, 3511, f"{self.prof.target}: unable to unroll loop, loop does not appear "
                         f"to terminate in a timely manner ({self.prof.sm2} has no "
                         f"{'flow control' if self.prof.static_flow_depth == 0 else 'dynamic flow control'} to "
                         "leave a loop on a value computed in the shader)")

    def _counted_loop(self, body: list[ir.Instruction], pc: int, end: int):
        """``for (int i = 0; i < n; i++)`` with ``n`` an INT constant: the loop starts with ``ige t, i, n`` +
        ``breakc_nz t`` (or ``ilt`` + ``breakc_z``), ends with ``iadd i, i, 1``, writes ``i`` nowhere else and
        ``i`` is 0 on entry. fxc's form for it is ``rep i#`` with i# loaded from ``n`` by the runtime (the
        Aon9 loop-register mapping; a count outside 0-255 is clamped, the range of i#.x). Returns (buffer,
        register, component, {the body indices of the test}) or None."""
        if end - pc < 4:
            return None
        cmp_, brk, inc = body[pc + 1], body[pc + 2], body[end - 1]
        if cmp_.opcode not in (O.IGE, O.ILT) or brk.opcode != O.BREAKC or inc.opcode != O.IADD:
            return None
        t, i_op, n_op = cmp_.operands
        if t.type != T.TEMP or len(t.written()) != 1 or i_op.type != T.TEMP or i_op.modifier or n_op.modifier:
            return None
        lane = t.written()[0]
        counter = (i_op.register, i_op.components()[lane])
        comp = n_op.components()[lane]
        if n_op.type == T.IMMEDIATE32:  # a literal bound: defi i#, n (the count range of rep: 0-255)
            count = s32(n_op.values[comp] if len(n_op.values) == 4 else n_op.values[0])
            if not 0 <= count <= REP_COUNT:
                return None
            buf, reg, comp = None, count, None
        elif n_op.type == T.CONSTANT_BUFFER and n_op.indices[1].rel is None:
            buf, reg = n_op.indices[0].value, n_op.indices[1].value
            if self.types.cb.get((buf, reg, comp)) != INT:
                return None
        else:
            return None
        if self.known.get(counter) != 0:
            return None
        b = brk.operands[0]
        if b.type != T.TEMP or (b.register, b.components()[0]) != (t.register, lane) or \
                brk.test_nonzero != (cmp_.opcode == O.IGE):
            return None
        d, a, one = inc.operands
        if one.type == T.TEMP:
            a, one = one, a
        if d.type != T.TEMP or d.written() != (counter[1],) or d.register != counter[0] or a.type != T.TEMP or \
                (a.register, a.components()[counter[1]]) != counter or self._known_lane(one, counter[1]) != 1:
            return None
        test_live, depth = True, 0  # the test's result may still be read (until the body overwrites it)
        for inst in body[pc + 3: end - 1]:
            depth += inst.opcode in (O.IF, O.LOOP, O.SWITCH)
            depth -= inst.opcode in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH)
            n = 2 if inst.opcode in _TWO_DST else (0 if inst.opcode in _NO_DST else 1)
            if test_live and any(o.type == T.TEMP and o.register == t.register and lane in o.components()
                                 for o in inst.operands[n:]):
                return None  # the test's result is read in the body
            for o in inst.operands[:n]:
                if o.type == T.TEMP and o.register == counter[0] and counter[1] in o.written():
                    return None
                if o.type == T.TEMP and o.register == t.register and lane in o.written() and depth == 0:
                    test_live = False
        return buf, reg, comp, {pc + 1, pc + 2}

    def _and_masks(self, cond: Src | None, eff: Src | None) -> Src | None:
        """Both 0/1 conditions at once (their product); None stands for "always"."""
        if eff is None or cond is None:
            return eff if cond is None else cond
        t = self.tmp()
        self.emit("mul", Dst(Reg.TEMP, t, 0x1), [cond, eff])
        return Src(Reg.TEMP, t, (0,) * 4)

    def _flow_cond(self, inst: ir.Instruction):
        """The 1.0 / 0.0 condition of a conditional break / continue / return (None: unconditional; False:
        never taken)."""
        if inst.opcode not in (O.BREAKC, O.CONTINUEC, O.RETC):
            return None
        o = inst.operands[0]
        known = self._known_lane(o, 0)
        if known is not None:
            return None if (known != 0) == inst.test_nonzero else False
        self._require_mask(o, (0,), ir.Opcode(inst.opcode).name.lower())
        c = self.src(o, True, (0,))
        cond = Src(c.reg, c.num, (c.swizzle[0],) * 4)
        if not inst.test_nonzero:
            t = self.tmp()
            self.emit("add", Dst(Reg.TEMP, t, 0x1), [Src(*self._neg(cond)), self.cscalar(ONE)])
            cond = Src(Reg.TEMP, t, (0,) * 4)
        return cond

    def _skip_rest(self, inst: ir.Instruction, sk: list) -> None:
        """continue / a break out of a switch case: where it runs, sk.x becomes 1 and every later write of the
        iteration / case is predicated off (sk.y = 1 - sk.x is a factor of _write_pred)."""
        cond = self._flow_cond(inst)
        if cond is False:
            return
        eff = self._write_pred()
        self._still_running(sk[0], self._and_masks(cond, eff), True)  # y = 1 from the region's start
        sk[1] = True

    def _rep_flow(self, inst: ir.Instruction, frames: list[dict]) -> bool:
        """break / breakc / continue / endloop whose innermost loop is a rep loop (True when handled here)."""
        loop = next((f for f in reversed(frames) if f["kind"] in ("loop", "rep")), None)
        if loop is None or loop["kind"] != "rep":
            return False
        op = inst.opcode
        if op in (O.CONTINUE, O.CONTINUEC):  # no continue in SM2: the rest of the iteration is predicated off
            if loop.get("cont") is None:
                raise _unsupported("continue in a loop that cannot be unrolled, from a nested construct")
            self._skip_rest(inst, loop["cont"])
            return True
        if op == O.ENDLOOP:
            w = loop["written"]
            if {k for k in self.masks if k in w} != loop["masks"] or {k for k in self.intf if k in w} != loop["intf"]:
                raise _unsupported("a loop-carried value that is an integer, a comparison result or a float "
                                   "depending on the iteration")
            self.body.append(Inst("endrep"))
            # a rep loop may run no iteration (a mapped count of 0): what only its body writes is unwritten
            # after it, so a later predicated write zero-initialises it first (no read of an unwritten register)
            self.written = loop["written_entry"] | {w for w in self.written if w[0] != Reg.TEMP or w[1] >= self.scratch_base}
            self.rep_depth -= 1
            self.rep_ints = loop["old_ints"]
            if loop.get("cont") is not None:
                self.skips.pop()
                self.scratch_base -= 1
            return True
        cond = self._flow_cond(inst)  # 1.0 where to break (None: everywhere the code runs)
        if cond is False:
            return True  # never breaks
        eff = self._write_pred()
        if eff is not None:  # only where the enclosing flattened branch runs (and the lane still runs)
            if cond is None:
                cond = eff
            else:
                t = self.tmp()
                self.emit("mul", Dst(Reg.TEMP, t, 0x1), [cond, eff])
                cond = Src(Reg.TEMP, t, (0, 0, 0, 0))
        if self.prof.dynamic_flow_depth == 0:  # break / break_comp are dynamic flow control
            raise self._x3511()
        if cond is None:
            self.body.append(Inst("break"))
        else:
            self.emit("breakc", None, [cond, self.cscalar(ZERO)], BREAK_NE)
        return True

    def _switch(self, body: list[ir.Instruction], pc: int) -> int:
        """``switch``: shader model 2 has none, so (as fxc flattens it for these targets) a selector known now
        runs its case; otherwise every case group runs as a flattened branch whose predicate is "the selector
        equals one of its labels" (the default group: one of its labels or none of the switch's). HLSL ends
        every non-empty case with break (or return): a group is its labels and the code up to that break.
        Returns the index after ``endswitch``."""
        groups: list[tuple[list[int], bool, int, int]] = []  # (labels, has default, body start, break index)
        labels: list[int] = []
        default = False
        stack: list[int] = []
        start = None
        nested_break = False
        k = pc + 1
        while True:
            op = body[k].opcode
            if not stack and op == O.ENDSWITCH:
                if labels or start is not None:
                    raise _unsupported("a case that falls through to the end of its switch without break")
                break
            if not stack and op in (O.CASE, O.DEFAULT):
                if start is not None:
                    raise _unsupported("a case whose code falls through into the next case")
                if op == O.CASE:
                    labels.append(s32(body[k].operands[0].values[0]))
                else:
                    default = True
            elif not stack and op in (O.BREAK, O.RET):  # a group ending in return keeps its ret
                groups.append((labels, default, start if start is not None else k, k + (op == O.RET)))
                labels, default, start = [], False, None
            else:
                if start is None:
                    start = k
                if op in (O.IF, O.LOOP, O.SWITCH):
                    stack.append(op)
                elif op in (O.ENDIF, O.ENDLOOP, O.ENDSWITCH):
                    stack.pop()
                elif op in (O.BREAK, O.BREAKC) and O.LOOP not in stack and O.SWITCH not in stack:
                    nested_break = True  # leaves the switch from inside its case: predicated like continue
            k += 1
        end = k
        sel_op = body[pc].operands[0]
        known = self._known_lane(sel_op, 0)
        returns = any(i.opcode in (O.RET, O.RETC) for i in body[pc + 1: end])
        if known is not None and not returns:  # (a return needs the predicated path)
            chosen = next((g for g in groups if s32(known) in g[0]), None) or next((g for g in groups if g[1]), None)
            if chosen is not None:
                self._walk_case(body[chosen[2]: chosen[3]], nested_break)  # alone, under the entry predicate
            return end + 1
        if self.rep_depth and "level_9" not in self.prof.target:
            # fxc refuses a switch on a run-time selector inside a loop it cannot unroll at the Direct3D 9
            # targets: the shader tests' switch.shader_test L545 / L585 (a switch in `for (i = 0; i < v.z; i++)`,
            # v a uniform) are fail(sm<4), while the same switch in a loop of literal bounds (L405) compiles.
            # A rule fitted to those two records (last resort, docs/conformance.md "Session 25, helper SM3"): no
            # documented fxc rule was found, and the X-code is this project's choice
            raise HlslError(self.file, 1, 1, 3511, f"{self.prof.target}: unable to unroll loop, a switch on a "
                            "value known only when the shader runs needs the loop around it unrolled, and the "
                            "loop's bound is known only when the shader runs")
        every = [v for g in groups for v in g[0]]
        sel = self.src(sel_op, lanes=(0,), as_int=True)
        sel = Src(sel.reg, sel.num, (sel.swizzle[0],) * 4, sel.mod)
        p = self.scratch_base
        self.scratch_base += 1
        self.emit("mov", Dst(Reg.TEMP, p, 0x8), [sel])  # evaluated once: the cases may overwrite its register
        sel = Src(Reg.TEMP, p, (3,) * 4)
        outer, entry_masks = self.pred, set(self.masks)
        paths = [] if any(g[1] for g in groups) else [(entry_masks, set(self.written))]
        # a value folded in a case group is known for that group's lanes only (as in a flattened branch's part):
        # forgotten where the group ends (its predicated write holds it for those lanes). Folding there lets a
        # literal loop inside a case unroll: ``case 1: for (int i = 0; i < 2; ++i) { c += 0.1; } break;`` compiles
        # at ps_2_0 and level 9 as fxc compiles it (its counter was unknown under the case's predicate, so the
        # copies ran to the 1,024-iteration X3511; d3dcompiler_47 10.1, session 49)
        for glabels, gdefault, gstart, gend in groups:
            self.scratch = 0
            self.pred = outer
            self._equals_any(p, 0, sel, glabels)
            if gdefault:  # or none of the switch's labels: p.x = max(p.x, 1 - any)
                self._equals_any(p, 1, sel, every)
                self.emit("add", Dst(Reg.TEMP, p, 0x2), [Src(Reg.TEMP, p, (1,) * 4, SrcMod.NEG), self.cscalar(ONE)])
                self.emit("max", Dst(Reg.TEMP, p, 0x1), [Src(Reg.TEMP, p, (0,) * 4), Src(Reg.TEMP, p, (1,) * 4)])
            if outer is not None:
                self.emit("mul", Dst(Reg.TEMP, p, 0x1), [Src(Reg.TEMP, p, (0,) * 4), outer])
            self.pred = Src(Reg.TEMP, p, (0,) * 4)
            fold: list = [self.pred, set()]
            self.branch_folds.append(fold)
            self.masks = set(entry_masks)
            self._walk_case(body[gstart: gend], nested_break)
            self.branch_folds.remove(fold)
            self.forget_folded(fold[1])
            paths.append((set(self.masks), set(self.written)))
        self.pred = outer
        self.scratch_base -= 1
        self.masks = {k for k in set().union(*(m for m, _ in paths)) if all(
            k in m or (Reg.TEMP, *k) not in w for m, w in paths)}
        return end + 1

    def _walk_case(self, code: list[ir.Instruction], nested_break: bool) -> None:
        """A case group's code; with a break from inside it (``nested_break``), under a "left the switch" register
        cleared where the group starts (a skip region: later writes predicated off where it was taken)."""
        self.sub_walks += 1
        brk = self.begin_skip_region() if nested_break else None
        if brk is not None:
            self.switch_breaks.append(brk)
        self.walk(code)
        if brk is not None:
            self.switch_breaks.pop()
            self.end_skip_region(brk)
        self.sub_walks -= 1

    def _equals_any(self, p: int, lane: int, sel: Src, values: list[int]) -> None:
        """p.lane = 1.0 where the integer ``sel`` equals one of ``values``, else 0.0 (ps: cmp on -(s - v)^2;
        vs: sge both ways)."""
        m = 1 << lane
        self.emit("mov", Dst(Reg.TEMP, p, m), [self.cscalar(ZERO)])
        t = self.tmp()
        for v in values:
            k = self.cscalar(f32_bits(float(v)))
            if self.kind == "ps":
                self.emit("add", Dst(Reg.TEMP, t, 0x1), [sel, Src(*self._neg(k))])
                self.emit("mul", Dst(Reg.TEMP, t, 0x1), [Src(Reg.TEMP, t, (0,) * 4), Src(Reg.TEMP, t, (0,) * 4)])
                self.emit("cmp", Dst(Reg.TEMP, t, 0x2), [Src(Reg.TEMP, t, (0,) * 4, SrcMod.NEG), self.cscalar(ONE),
                                                         self.cscalar(ZERO)])
            else:
                self.emit("sge", Dst(Reg.TEMP, t, 0x1), [sel, k])
                self.emit("sge", Dst(Reg.TEMP, t, 0x2), [k, sel])
                self.emit("mul", Dst(Reg.TEMP, t, 0x2), [Src(Reg.TEMP, t, (0,) * 4), Src(Reg.TEMP, t, (1,) * 4)])
            self.emit("max", Dst(Reg.TEMP, p, m), [Src(Reg.TEMP, p, (lane,) * 4), Src(Reg.TEMP, t, (1,) * 4)])

    def _merge_masks(self, f: dict) -> None:
        """After a flattened branch a component holds a comparison mask only if every path leaves one there
        (a component still unwritten on a path holds the zero-initialised 0.0, a valid false)."""
        if "then_masks" in f:
            then_exit, w_then, else_exit, w_else = f["then_masks"], f["written_then"], self.masks, self.written
        else:
            then_exit, w_then, else_exit, w_else = self.masks, self.written, f["saved_masks"], f["written_entry"]
        self.masks = {k for k in then_exit | else_exit
                      if (k in then_exit or (Reg.TEMP, *k) not in w_then)
                      and (k in else_exit or (Reg.TEMP, *k) not in w_else)}

    @staticmethod
    def _endif_of(match: dict, body: list[ir.Instruction], else_pc: int) -> int:
        for e, end in match.values():
            if e == else_pc:
                return end
        raise AssertionError("unmatched else")

    def _enter_branch(self, inst: ir.Instruction) -> dict:
        """A branch on a shader value: both parts run, writes selected by the predicates p.x (then) / p.y
        (else), each the enclosing predicate times the condition (or its complement)."""
        o = inst.operands[0]
        self._require_mask(o, (0,), "if")
        p = self.scratch_base
        self.scratch_base += 1
        self.scratch = 0
        c = self.src(o, True, (0,))
        c = Src(c.reg, c.num, (c.swizzle[0],) * 4)
        cneg = Src(c.reg, c.num, c.swizzle, SrcMod.NEG)
        then_x, else_y = (0x1, 0x2) if inst.test_nonzero else (0x2, 0x1)
        self.emit("mov", Dst(Reg.TEMP, p, then_x), [c])
        self.emit("add", Dst(Reg.TEMP, p, else_y), [cneg, self.cscalar(ONE)])
        if self.pred is not None:
            self.emit("mul", Dst(Reg.TEMP, p, 0x3), [Src(Reg.TEMP, p), self.pred])
        frame = {"kind": "dynamic", "p": p, "outer": self.pred, "start": len(self.body), "saved_masks": set(self.masks),
                 "written_entry": set(self.written), "known_entry": self._known_state()}
        self.pred = Src(Reg.TEMP, p, (0, 0, 0, 0))
        frame["fold"] = [self.pred, set()]
        self.branch_folds.append(frame["fold"])
        return frame


def number_pred_cache(body: list[Inst]) -> None:
    """PRED_CACHE_REG (FlowControl._write_pred's cached product) becomes the lowest temp number no instruction
    uses (translate's assemble calls it)."""
    regs = [r for i in body for r in ([i.dst] if i.dst is not None else []) + list(i.srcs) if r.reg == Reg.TEMP]
    if all(r.num != PRED_CACHE_REG for r in regs):
        return
    used = {r.num for r in regs}
    free = next(n for n in range(len(used) + 1) if n not in used)
    for r in regs:
        if r.num == PRED_CACHE_REG:
            r.num = free
