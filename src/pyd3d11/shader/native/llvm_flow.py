"""Flow control of the native generator (a mixin of :class:`~.llvm_gen.Gen`): if/else, loops, switch, break /
continue / return / discard as execution-mask arrays per flow frame (the reference executor's model), and the
geometry shader's emit / cut.
"""

from __future__ import annotations

from .llvm_arith import splat
from .lower import LOp, Src


class FlowMixin:
    def any_of(self, slot: int = 0) -> str:
        """i1: any lane of mask ``slot`` set in this tile."""
        self.any_begin()
        self.loop_begin()
        self.any_add(self.load_mask(slot))
        self.loop_end()
        return self.any_end()

    # A lane loop that writes a new execution mask accumulates "any lane set" in the same pass
    # (any_begin before the loop, any_add per step, any_end after) instead of a second pass over the tile.
    def any_begin(self) -> None:
        self.e("store i32 0, ptr %anyslot, align 4")

    def any_add(self, mv: str) -> None:
        red = self.reduce_or(mv)
        old = self.v("load i32, ptr %anyslot, align 4")
        nw = self.v(f"or i32 {old}, {red}")
        self.e(f"store i32 {nw}, ptr %anyslot, align 4")

    def any_end(self) -> str:
        acc = self.v("load i32, ptr %anyslot, align 4")
        return self.v(f"icmp ne i32 {acc}, 0")

    def cond_vec(self, s: Src, nz: bool) -> str:
        v = self.src(s)
        c = self.v(f"icmp {'ne' if nz else 'eq'} {self.VI} {v}, zeroinitializer")
        return self.v(f"sext {self.VB} {c} to {self.VI}")

    #: flow ops whose per-lane work can end the preceding run's lane loop (build: one pass, not two)
    LANE_FLOW = frozenset(("if", "endloop", "leave", "continue"))

    def flow_pre(self, op: LOp) -> None:
        """Before the lane loop of a LANE_FLOW op."""
        if op.kind in ("if", "endloop"):
            self.any_begin()

    def flow_lanes(self, op: LOp) -> None:
        """A LANE_FLOW op's work for the current lane step (inside a lane loop)."""
        k, info = op.kind, op.info
        if k == "if":
            f = info["frame"]
            m = self.load_mask()
            c = self.cond_vec(info["cond"], info["nz"])
            self.store_mask(m, f.slot)
            nc = self.v(f"xor {self.VI} {c}, {splat(-1)}")
            oth = self.v(f"and {self.VI} {m}, {nc}")
            self.store_mask(oth, f.slot + 1)
            taken = self.v(f"and {self.VI} {m}, {c}")
            self.store_mask(taken)
            self.any_add(taken)
        elif k == "endloop":
            f = info["frame"]
            m = self.load_mask()
            c = self.load_mask(f.slot + 1)
            again = self.v(f"or {self.VI} {m}, {c}")
            self.store_mask(again)
            self.store_mask("zeroinitializer", f.slot + 1)
            self.any_add(again)
        else:  # leave / continue
            m = self.load_mask()
            lanes = m if info["cond"] is None else self.v(f"and {self.VI} {m}, {self.cond_vec(info['cond'], info['nz'])}")
            keep = self.v(f"xor {self.VI} {lanes}, {splat(-1)}")
            # the leaving lanes come off each frame's saved mask; a frame's second mask never holds an active
            # lane (an if's other lanes are disjoint from the branch being run, and not read after ``else``; a
            # loop's continued lanes and a switch's unmatched lanes have left the execution mask)
            for fr in info["above"]:
                self.store_mask(self.v(f"and {self.VI} {self.load_mask(fr.slot)}, {keep}"), fr.slot)
            if k == "continue":
                t = info["target"]
                self.store_mask(self.v(f"or {self.VI} {self.load_mask(t.slot + 1)}, {lanes}"), t.slot + 1)
            self.store_mask(self.v(f"and {self.VI} {m}, {keep}"))

    def emit_flow(self, op: LOp, lanes_done: bool = False) -> None:  # noqa: C901
        """Flow op ``op``; ``lanes_done``: its LANE_FLOW part already ran in the preceding run's loop."""
        k = op.kind
        info = op.info
        if k in self.LANE_FLOW and not lanes_done:
            self.flow_pre(op)
            self.loop_begin()
            self.flow_lanes(op)
            self.loop_end()
        if k == "if":
            f = info["frame"]
            a = self.any_end()
            body = self.label("then")
            tgt = f"else_{f.id}" if self._has_else(f) else f"endif_{f.id}"
            self.e(f"br i1 {a}, label %{body}, label %{tgt}")
            self.put_label(body)
        elif k == "else":
            f = info["frame"]
            self.br(f"else_{f.id}")
            self.put_label(f"else_{f.id}")
            self.any_begin()
            self.loop_begin()
            oth = self.load_mask(f.slot + 1)
            self.store_mask(oth)
            self.any_add(oth)
            self.loop_end()
            a = self.any_end()
            body = self.label("elsebody")
            self.e(f"br i1 {a}, label %{body}, label %endif_{f.id}")
            self.put_label(body)
        elif k == "endif":
            f = info["frame"]
            self.br(f"endif_{f.id}")
            self.put_label(f"endif_{f.id}")
            self.copy_mask(f.slot, 0)
        elif k == "loop":
            f = info["frame"]
            a = self.any_of()
            start = self.label("loopstart")
            self.e(f"br i1 {a}, label %{start}, label %loopexit_{f.id}")
            self.put_label(start)
            self.loop_begin()
            self.store_mask(self.load_mask(), f.slot)
            self.store_mask("zeroinitializer", f.slot + 1)
            self.loop_end()
            self.br(f"loopbody_{f.id}")
            self.put_label(f"loopbody_{f.id}")
        elif k == "endloop":
            f = info["frame"]
            a = self.any_end()
            # every 2^16 iterations ask the host whether to stop (a run-away loop stays interruptible:
            # signal handlers, KeyboardInterrupt, optdiff's time limit)
            cnt = self.v("load i64, ptr %polls, align 8")
            cnt = self.v(f"add i64 {cnt}, 1")
            self.e(f"store i64 {cnt}, ptr %polls, align 8")
            low = self.v(f"and i64 {cnt}, 65535")
            due = self.v(f"icmp eq i64 {low}, 0")
            again, poll, stop = self.label("again"), self.label("poll"), self.label("stop")
            self.e(f"br i1 {a}, label %{again}, label %loopdone_{f.id}")
            self.put_label(again)
            self.e(f"br i1 {due}, label %{poll}, label %loopbody_{f.id}")
            self.put_label(poll)
            flag = self.arg("pollflag")
            self.e(f"store volatile i32 0, ptr {flag}, align 4")
            self.e(f"call void {self.arg('poll')}()")
            r = self.v(f"load volatile i32, ptr {flag}, align 4")
            st = self.v(f"icmp eq i32 {r}, 0")  # the callback did not finish: a signal handler raised
            self.e(f"br i1 {st}, label %{stop}, label %loopbody_{f.id}")
            self.put_label(stop)
            self.br("exit")
            self.put_label(f"loopdone_{f.id}")
            self.copy_mask(f.slot, 0)
            self.br(f"loopexit_{f.id}")
            self.put_label(f"loopexit_{f.id}")
        elif k in ("leave", "continue"):
            pass  # all lane work (flow_lanes)
        elif k == "switch":
            f = info["frame"]
            a = self.any_of()
            start = self.label("swstart")
            self.e(f"br i1 {a}, label %{start}, label %swexit_{f.id}")
            self.put_label(start)
            self.loop_begin()
            m = self.load_mask()
            self.store_mask(m, f.slot)
            self.store_mask(m, f.slot + 1)
            self.store_mask(self.src(info["sel"]), f.slot + 2)
            self.store_mask("zeroinitializer")
            self.loop_end()
        elif k == "case":
            f = info["frame"]
            self.loop_begin()
            oth = self.load_mask(f.slot + 1)
            sel = self.load_mask(f.slot + 2)
            if info["value"] is not None:
                v = info["value"]
                c = self.v(f"icmp eq {self.VI} {sel}, {splat(v if v < 2**31 else v - 2**32)}")
            else:
                c = "zeroinitializer"
                for v in info["values"]:
                    e = self.v(f"icmp eq {self.VI} {sel}, {splat(v if v < 2**31 else v - 2**32)}")
                    c = self.v(f"or {self.VB} {c}, {e}")
                c = self.v(f"xor {self.VB} {c}, {splat('true', 'i1')}")
            c = self.v(f"sext {self.VB} {c} to {self.VI}")
            hit = self.v(f"and {self.VI} {oth}, {c}")
            nh = self.v(f"xor {self.VI} {hit}, {splat(-1)}")
            self.store_mask(self.v(f"and {self.VI} {oth}, {nh}"), f.slot + 1)
            self.store_mask(self.v(f"or {self.VI} {self.load_mask()}, {hit}"))
            self.loop_end()
        elif k == "endswitch":
            f = info["frame"]
            self.copy_mask(f.slot, 0)
            self.br(f"swexit_{f.id}")
            self.put_label(f"swexit_{f.id}")
        elif k == "halt":
            self.br("tile_end")
            self.put_label(self.label("dead"))
        elif k in ("callsite", "body", "bodyend"):
            self.emit_call_frames(op)
        elif k == "gsemit":
            self.emit_gs(op)
        elif k == "discard":
            base = self.arg("discarded")
            self.loop_begin()
            m = self.load_mask()
            c = self.cond_vec(info["cond"], info["nz"])
            hit = self.v(f"and {self.VI} {m}, {c}")
            lane = self.v(f"add i64 {self.lane}, %tb")
            p = self.v(f"getelementptr i32, ptr {base}, i64 {lane}")
            old = self.v(f"load {self.VI}, ptr {p}, align 4")
            self.e(f"store {self.VI} {self.v(f'or {self.VI} {old}, {hit}')}, ptr {p}, align 4")
            self.loop_end()
        else:
            raise AssertionError(k)

    def emit_gs(self, op: LOp) -> None:
        """emit / cut / emitThenCut (and the _stream forms) of a geometry shader, lane by lane, as
        shader/exec/geometry_ops.EmitRecorder does them (§13.3, §22.3.5): an active lane under its
        dcl_maxout copies its whole o# file into its next vertex slot k (``gsdata`` register-major: word
        (reg·Ng·maxout + lane·maxout + k)·4 + comp), records the stream and its current strip number (``gsstream``/``gsstrip``) and
        counts it (``gscount``); the emit that reaches dcl_maxout retires the lane like ret; a cut bumps
        the lane's strip number of that stream (``gscut`` row stream), after the emit for emitThenCut."""
        info = op.info
        stream = info["stream"]
        mx = self.lw.gs_max
        O = self.lw.n_outputs
        cnt_a, cut_a = self.arg("gscount"), self.arg("gscut")
        data_a, str_a, strip_a = self.arg("gsdata"), self.arg("gsstream"), self.arg("gsstrip")
        o_a = self.arg("o")
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        mv = self.v(f"load i32, ptr {self.v(f'getelementptr i32, ptr %masks, i64 {lane}')}, align 4")
        act = self.v(f"icmp ne i32 {mv}, 0")
        go, nx = self.label("ge"), self.label("gn")
        self.e(f"br i1 {act}, label %{go}, label %{nx}")
        self.put_label(go)
        gl = self.v(f"add i64 {lane}, %tb")
        cutrow = self.v(f"mul i64 %Ng, {stream}")
        cp = self.v(f"getelementptr i32, ptr {cut_a}, i64 {self.v(f'add i64 {cutrow}, {gl}')}")
        if info["emit"]:
            pc = self.v(f"getelementptr i32, ptr {cnt_a}, i64 {gl}")
            c = self.v(f"load i32, ptr {pc}, align 4")
            room = self.v(f"icmp ult i32 {c}, {mx}")
            doit, after = self.label("gw"), self.label("ga")
            self.e(f"br i1 {room}, label %{doit}, label %{after}")
            self.put_label(doit)
            c64 = self.v(f"zext i32 {c} to i64")
            first = self.v(f"mul i64 {gl}, {mx}")
            slot = self.v(f"add i64 {first}, {c64}")
            plane = self.v(f"mul i64 %Ng, {mx * 4}")  # words of one register's plane: (Ng·maxout, 4)
            base = self.v(f"mul i64 {slot}, 4")
            for w in range(O * 4):
                row = self.v(f"mul i64 %Ng, {w}")
                src = self.v(f"getelementptr i32, ptr {o_a}, i64 {self.v(f'add i64 {row}, {gl}')}")
                val = self.v(f"load i32, ptr {src}, align 4")
                pr = self.v(f"mul i64 {plane}, {w // 4}")
                at = self.v(f"add i64 {self.v(f'add i64 {pr}, {base}')}, {w % 4}")
                dst = self.v(f"getelementptr i32, ptr {data_a}, i64 {at}")
                self.e(f"store i32 {val}, ptr {dst}, align 4")
            self.e(f"store i32 {stream}, ptr {self.v(f'getelementptr i32, ptr {str_a}, i64 {slot}')}, align 4")
            strip = self.v(f"load i32, ptr {cp}, align 4")
            self.e(f"store i32 {strip}, ptr {self.v(f'getelementptr i32, ptr {strip_a}, i64 {slot}')}, align 4")
            c1 = self.v(f"add i32 {c}, 1")
            self.e(f"store i32 {c1}, ptr {pc}, align 4")
            full = self.v(f"icmp uge i32 {c1}, {mx}")
            ret = self.label("gr")
            self.e(f"br i1 {full}, label %{ret}, label %{after}")
            self.put_label(ret)
            # §22.3.5: the invocation ends as if the program had ended (every frame's saved mask loses the lane;
            # the second masks never hold an active one: see flow_lanes' leave)
            slots = [0] + [fr.slot for fr in info["above"]]
            for s in slots:
                p = self.v(f"getelementptr i32, ptr %masks, i64 {self.v(f'add i64 {lane}, {s * self.TP}')}")
                self.e(f"store i32 0, ptr {p}, align 4")
            self.br(after)
            self.put_label(after)
        if info["cut"]:
            old = self.v(f"load i32, ptr {cp}, align 4")
            self.e(f"store i32 {self.v(f'add i32 {old}, 1')}, ptr {cp}, align 4")
        self.br(nx)
        self.put_label(nx)
        self.loop_end()

    #: return addresses a call may find active before it is skipped (flow.MAX_CALL_DEPTH, the call asm page)
    MAX_CALLS = 32

    def call_frame_words(self) -> int:
        """i32 words of one entry of the tile's call stack (``cstack``): the return site, padding, then the callee's
        mask slots as they were before the call (out-of-line subroutines, lower.outline_bodies)."""
        return 4 + max(n for _, n, _ in self.lw.call_bodies.values()) * self.TP

    def _stack_entry(self, depth: str) -> str:
        d64 = self.v(f"zext i32 {depth} to i64")
        return self.v(f"getelementptr i32, ptr {self.arg('cstack')}, i64 {self.v(f'mul i64 {d64}, {self.call_frame_words()}')}")

    def _copy_slots(self, dst: str, src: str, nslots: int) -> None:
        self.intr("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)")
        self.e(f"call void @llvm.memcpy.p0.p0.i64(ptr {dst}, ptr {src}, i64 {nslots * self.TP * 4}, i1 false)")

    def emit_call_frames(self, op: LOp) -> None:
        """Out-of-line subroutines (D3D11.3 §22.7.5-7, the reference's flow.op_call / op_function_end), for programs
        whose inlined form would not end (lower.outline_bodies): one copy of each body, entered through a per-tile
        stack of return sites. ``callsite``: skipped when no lane of the mask (and condition) takes it or 32 calls
        are active; else the callee's mask slots are pushed (a re-entered body reuses them), its frame saves the
        caller's mask, the mask becomes the calling lanes, and the body runs. ``bodyend``: the caller's mask back,
        the slots popped, a switch to the return site."""
        k, info = op.kind, op.info
        b0, nb, sites = self.lw.call_bodies[info["label"]]
        if k == "callsite":
            site = info["site"]
            self.any_begin()
            self.loop_begin()
            self.any_add(self.v(f"and {self.VI} {self.load_mask()}, {self.cond_vec(info['cond'], info['nz'])}"))
            self.loop_end()
            a = self.any_end()
            depth = self.v("load i32, ptr %cdepth, align 4")
            room = self.v(f"icmp ult i32 {depth}, {self.MAX_CALLS}")
            go = self.v(f"and i1 {a}, {room}")
            self.e(f"br i1 {go}, label %csgo_{site}, label %csafter_{site}")
            self.put_label(f"csgo_{site}")
            entry = self._stack_entry(depth)
            self.e(f"store i32 {site}, ptr {entry}, align 4")
            saved = self.v(f"getelementptr i32, ptr {entry}, i64 4")
            self._copy_slots(saved, self.v(f"getelementptr i32, ptr %masks, i64 {b0 * self.TP}"), nb)
            self.loop_begin()
            m = self.load_mask()
            self.store_mask(m, b0)
            self.store_mask(self.v(f"and {self.VI} {m}, {self.cond_vec(info['cond'], info['nz'])}"))
            self.loop_end()
            self.e(f"store i32 {self.v(f'add i32 {depth}, 1')}, ptr %cdepth, align 4")
            self.br(f"body_{info['label']}")
            self.put_label(f"csret_{site}")
            self.retire_after_call(info["above"])
            self.br(f"csafter_{site}")
            self.put_label(f"csafter_{site}")
        elif k == "body":
            self.br("tile_end")  # (the block before: the main program's end or another body's, never run)
            self.put_label(f"body_{info['label']}")
        else:
            self.copy_mask(b0, 0)
            depth = self.v(f"sub i32 {self.v('load i32, ptr %cdepth, align 4')}, 1")
            self.e(f"store i32 {depth}, ptr %cdepth, align 4")
            entry = self._stack_entry(depth)
            site = self.v(f"load i32, ptr {entry}, align 4")
            self._copy_slots(self.v(f"getelementptr i32, ptr %masks, i64 {b0 * self.TP}"),
                             self.v(f"getelementptr i32, ptr {entry}, i64 4"), nb)
            bad = self.label("csbad")
            self.e(f"switch i32 {site}, label %{bad} [ " + " ".join(f"i32 {s}, label %csret_{s}" for s in sites) + " ]")
            self.put_label(bad)
            self.e("unreachable")
            self.put_label(self.label("dead"))

    def retire_after_call(self, above: list) -> None:
        """A geometry shader's call returned: the lanes an emit retired inside it (§22.3.5: the emit reaching
        dcl_maxout ends the invocation as if the program had ended) leave the caller's mask and every frame
        around the call site too. emit_gs clears only the frames it can name (the callee body's own, its call
        frame holding the caller's mask); the caller's frames are another body's or the main program's. A lane is
        retired exactly when its vertex count has reached dcl_maxout (only such an emit brings it there)."""
        if not (self.lw.gs_max and any(o.kind == "gsemit" and o.info["emit"] for o in self.lw.ops)):
            return
        cnt_a = self.arg("gscount")
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        gl = self.v(f"add i64 {lane}, %tb")
        c = self.v(f"load i32, ptr {self.v(f'getelementptr i32, ptr {cnt_a}, i64 {gl}')}, align 4")
        done, nx = self.label("rr"), self.label("rn")
        self.e(f"br i1 {self.v(f'icmp uge i32 {c}, {self.lw.gs_max}')}, label %{done}, label %{nx}")
        self.put_label(done)
        for slot in [0] + [fr.slot for fr in above]:
            p = self.v(f"getelementptr i32, ptr %masks, i64 {self.v(f'add i64 {lane}, {slot * self.TP}')}")
            self.e(f"store i32 0, ptr {p}, align 4")
        self.br(nx)
        self.put_label(nx)
        self.loop_end()

    def _has_else(self, f) -> bool:
        return any(o.kind == "else" and o.info["frame"] is f for o in self.lw.ops)

    def copy_mask(self, src: int, dst: int) -> None:
        self.loop_begin()
        self.store_mask(self.load_mask(src), dst)
        self.loop_end()
