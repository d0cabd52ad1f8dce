"""Back half of the native backend: a :class:`~pyd3d11.shader.native.lower.Lowered` program → LLVM IR text.

Execution model (the reference executor's, tile by tile): the kernel walks the lanes in tiles of ``TP``
lanes (whole thread groups for compute); inside a tile every operation runs for all the tile's lanes
before the next one starts (8 lanes per vector step; 16, or 64 for pixel shaders, where runtime.vector_width picks
AVX-512: LLVM splits a 64-lane operation into four register operations), with the execution mask and each flow-control
frame's masks as arrays of 0 / -1 words, so barriers, groupshared memory and derivatives in quads see
exactly what the reference sees. Temps, indexable temps, masks and groupshared memory are tile-local
scratch; inputs, outputs and system values are the caller's (regs, 4, Ng) arrays.

Float rules follow shader/ops/alu_float.py operation by operation: explicit denormal flush of inputs and
outputs (bit test, not the CPU's FTZ/DAZ mode), separate fmul and fadd (no contraction: no fast-math
flags are ever emitted); exp/log/sin/cos/rsq are the float32 operation sequences of
shader/ops/transcendental.py, emitted through :class:`.llvm_seq.LlvmOps`.

Arguments come in one int64 array; :class:`Layout` names each slot (the runtime fills it by name).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Protocol

from .. import ir
from . import llvm_double
from . import magnitude as mg
from .ir_text import IrText
from .llvm_arith import ArithMixin, _const_flushed, splat
from .llvm_flow import FlowMixin
from .llvm_memory import MemoryMixin
from .lower import Dst, LOp, Lowered, Src, TexOp

OT = ir.OperandType
W = 8  # lanes per vector step
VI = f"<{W} x i32>"
VF = f"<{W} x float>"
VD = f"<{W} x double>"
VB = f"<{W} x i1>"
VL = f"<{W} x i64>"
VP = f"<{W} x ptr>"
IOTA = "<" + ", ".join(f"i64 {k}" for k in range(W)) + ">"
#: a run's final write-back stores its registers without the execution-mask selects in steps whose lanes are all
#: active (:meth:`Gen.rc_writeback`; A/B and mutation checks: PYD3D11_ALL_ACTIVE_STORES=0)
#: software prefetch ahead of the contiguous buffer loads of compute shaders (issue s23; 0: off) and its
#: distance in words (512: 2 KiB, 32 cache lines ahead)
PREFETCH = os.environ.get("PYD3D11_NATIVE_PREFETCH", "1") != "0"
PREFETCH_WORDS = int(os.environ.get("PYD3D11_NATIVE_PREFETCH_WORDS", "512"))
ALL_ACTIVE_STORES = os.environ.get("PYD3D11_ALL_ACTIVE_STORES", "1") != "0"


@dataclass
class Layout:
    """Argument slots (name → index into the int64 argument array) and compile-time facts."""

    slots: dict = field(default_factory=dict)
    tile: int = 256
    x_base: dict = field(default_factory=dict)  # x# → first register in the indexable scratch
    x_regs: int = 0
    tgsm_words: dict = field(default_factory=dict)  # g# → words per group
    width: int = W  # lanes per vector step: register-file strides (Ng) must be multiples of it

    def slot(self, name: str) -> int:
        if name not in self.slots:
            self.slots[name] = len(self.slots)
        return self.slots[name]


class TextureEmitter(Protocol):
    """An injected code generator for one texture instruction (the pipeline supplies it: executors do not
    know how sampling works). ``emit`` writes IR for the current 8-lane step into ``gen`` — reading the
    :class:`~.lower.TexOp`'s sources with ``gen.src``, storing results with ``gen.store(dst, value, m)``
    under the <8 x i1> execution mask ``m``, and taking per-draw data from argument slots it names through
    ``gen.arg`` (the runtime's caller fills them). Emitters are 8 lanes wide unless ``wide`` is true (any width:
    they take vector types from ``gen``); a wider kernel calls the others per 8-lane part
    (:meth:`Gen.emit_tex`)."""

    def emit(self, gen: Gen, op: TexOp, m: str) -> None: ...


class Gen(ArithMixin, FlowMixin, MemoryMixin, IrText):
    def __init__(self, lw: Lowered, tile: int, tex: dict | None = None, width: int = W) -> None:
        self._set_width(width)
        self.half: int | None = None  # texture ops of a wider kernel: which part is emitted (emit_tex)
        self.part_of = 0  # the kernel's width while a part is emitted
        self.tex = tex or {}  # host-op id → TextureEmitter compiled in place of the callback
        # lanes per step of a ``wide`` texture emitter and whether its sampling functions are shared modules
        # (None: runtime.TEX_WIDTH / runtime.SHARED_TEX; runtime._compile narrows a quick first build's)
        self.tex_width: int | None = None
        self.shared_tex: bool | None = None
        # the kernel is a quick first build: its shared sampling functions may be quick builds ("small": a small
        # first build's, at code generation level 0) (runtime.shared_function)
        self.quick_shared = False
        self.lw = lw
        self.lay = Layout(tile=tile)
        self.lines: list[str] = []
        self.entry: list[str] = []
        self.decls: set[str] = set()
        self.n = 0
        self.args: dict[str, str] = {}
        self.TP = tile
        self.compute = lw.program_type == ir.ProgramType.COMPUTE
        tx, ty, tz = lw.thread_group
        self.T = tx * ty * tz if self.compute else 1
        xb = 0
        for reg, size in sorted(lw.indexable.items()):
            self.lay.x_base[reg] = xb
            xb += size
        self.lay.x_regs = xb
        for reg, (size, _) in lw.tgsm.items():
            self.lay.tgsm_words[reg] = (size + 3) // 4
        # Register cache of the current run (see :meth:`build`): (file, reg, comp) → the <{self.W} x i32> SSA value
        # of that register component for the run's 8 lanes, so values stay in vector registers between
        # the ops of a run instead of a load and a store per operand; None outside runs.
        self.rc: dict | None = None
        self.rc_dirty: set = set()
        self.rc_fill = False  # uncached temps read the fill word (the run is the program's first code)
        self.prefetch_ok = True  # (emit_load clears it for groupshared memory: already in cache)
        self.rc_keep_r = True  # write dirty temps back at the end of the run
        # Deferred write masks: within a run the execution mask is one value (``rc_mask``), so a register
        # written by a lane-wise op keeps the op's raw result in ``rc`` and the mask's select against the
        # value at the run's start (``rc_pend[key]``; None: that value is still in memory) is applied only
        # where another lane's or memory's view of the register is formed: at write-back, before a cross-lane
        # or memory-addressing reader (derivatives, loads, texture ops), or before a store under another
        # mask. Inactive lanes' raw values are seen only by the same lanes' lane-wise ops, whose own results
        # there are discarded the same way, so every stored or cross-lane-read bit is the eager select's.
        self.rc_mask: str | None = None
        self.rc_pend: dict = {}
        self.lanewise = False  # the op being emitted reads each source lane for that lane only
        # SSA values known flushed (no float32 denormal) in every lane the run's execution mask selects:
        # a lane-wise float op may skip its input flush on them (results in other lanes are never stored:
        # every store selects the old value there), cross-lane readers (derivatives) flush regardless.
        self.flushed: set = set()
        # magnitude bounds (magnitude.py) of SSA bit vectors, on the same lanes as ``flushed``
        self.mag: dict = {}

    def _set_width(self, w: int) -> None:
        """Lanes per vector step and the vector types of that width."""
        self.W = w
        self.VI, self.VF, self.VD = f"<{w} x i32>", f"<{w} x float>", f"<{w} x double>"
        self.VB, self.VL, self.VP = f"<{w} x i1>", f"<{w} x i64>", f"<{w} x ptr>"
        self.IOTA = "<" + ", ".join(f"i64 {k}" for k in range(w)) + ">"

    # ---- emission helpers (tmp, label, e, v, put_label, br: ir_text.IrText) ----------------------------
    def arg(self, name: str, ptr: bool = True) -> str:
        """The argument ``name`` (loaded once in the entry block): a ptr or an i64."""
        key = (name, ptr)
        if key in self.args:
            return self.args[key]
        i = self.lay.slot(name)
        self.n += 1
        p = f"%a{self.n}"
        val = f"%A{self.n}"
        self.entry.append(f"  {p} = getelementptr i64, ptr %A, i64 {i}")
        if ptr:
            self.entry.append(f"  {val} = load ptr, ptr {p}, align 8")
        else:
            self.entry.append(f"  {val} = load i64, ptr {p}, align 8")
        self.args[key] = val
        return val

    def intr(self, decl: str) -> None:
        self.decls.add(decl)

    # ---- lane loops ---------------------------------------------------------------------------------
    def loop_begin(self, step: int | None = None, upper: str = "%hi") -> str:
        step = self.W if step is None else step
        head, body, end = self.label("Lh"), self.label("Lb"), self.label("Le")
        pre = self.label("Lp")
        self.br(pre)
        self.put_label(pre)
        self.br(head)
        self.put_label(head)
        lane = self.tmp()
        nxt = self.tmp()
        self._loops = getattr(self, "_loops", [])
        self._loops.append((head, body, end, lane, nxt, step, pre))
        self.lines.append(f"  {lane} = phi i64 [ 0, %{pre} ], [ {nxt}, %{body}_latch ]")
        c = self.v(f"icmp ult i64 {lane}, {upper}")
        self.e(f"br i1 {c}, label %{body}, label %{end}")
        self.put_label(body)
        self.lane = lane
        return lane

    def reduce_or(self, mask: str) -> str:
        """i32: the OR of every lane of execution mask ``mask`` (non-zero: some lane active)."""
        self.intr(f"declare i32 @llvm.vector.reduce.or.v{self.W}i32(<{self.W} x i32>)")
        return self.v(f"call i32 @llvm.vector.reduce.or.v{self.W}i32({self.VI} {mask})")

    def skip_idle_step(self, mask: str) -> None:
        """Inside a lane loop whose work is all selected by the execution mask ``mask`` (ALU runs, masked
        stores): go to the next step when no lane of this one is active — it would change nothing.
        Divergent loops and branches (reductions) leave most steps idle."""
        idle = self.v(f"icmp eq i32 {self.reduce_or(mask)}, 0")
        work = self.label("Lw")
        self.e(f"br i1 {idle}, label %{self._loops[-1][1]}_latch, label %{work}")
        self.put_label(work)

    def loop_end(self) -> None:
        head, body, end, lane, nxt, step, pre = self._loops.pop()
        self.br(f"{body}_latch")
        self.put_label(f"{body}_latch")
        self.e(f"{nxt} = add i64 {lane}, {step}")
        self.br(head)
        self.put_label(end)

    # ---- masks --------------------------------------------------------------------------------------
    def mask_ptr(self, slot: int, lane: str | None = None) -> str:
        lane = lane or self.lane
        off = self.v(f"add i64 {lane}, {slot * self.TP}")
        return self.v(f"getelementptr i32, ptr %masks, i64 {off}")

    def load_mask(self, slot: int = 0) -> str:
        return self.v(f"load {self.VI}, ptr {self.mask_ptr(slot)}, align 4")

    def store_mask(self, val: str, slot: int = 0) -> None:
        self.e(f"store {self.VI} {val}, ptr {self.mask_ptr(slot)}, align 4")

    def mbool(self, m: str) -> str:
        return self.v(f"icmp ne {self.VI} {m}, zeroinitializer")

    # ---- sources ------------------------------------------------------------------------------------
    def reg_index(self, base_off: str) -> str:
        return base_off

    def gather(self, base: str, idx64: str, inr: str) -> str:
        """Masked gather of i32 words ``base[idx64]`` (vector of i64), 0 where ``inr`` is false."""
        self.intr(f"declare <{self.W} x i32> @llvm.masked.gather.v{self.W}i32.v{self.W}p0(<{self.W} x ptr>, i32 immarg, <{self.W} x i1>, <{self.W} x i32>)")
        ptrs = self.v(f"getelementptr i32, ptr {base}, {self.VL} {idx64}")
        return self.v(f"call {self.VI} @llvm.masked.gather.v{self.W}i32.v{self.W}p0({self.VP} {ptrs}, i32 4, {self.VB} {inr}, {self.VI} zeroinitializer)")

    def scatter(self, base: str, idx64: str, val: str, m: str) -> None:
        self.intr(f"declare void @llvm.masked.scatter.v{self.W}i32.v{self.W}p0(<{self.W} x i32>, <{self.W} x ptr>, i32 immarg, <{self.W} x i1>)")
        ptrs = self.v(f"getelementptr i32, ptr {base}, {self.VL} {idx64}")
        self.e(f"call void @llvm.masked.scatter.v{self.W}i32.v{self.W}p0({self.VI} {val}, {self.VP} {ptrs}, i32 4, {self.VB} {m})")

    def _consecutive(self, idx64: str) -> tuple[str, str]:
        """(i1: the 8 word indices are w0, w0+1, …, w0+7; i64 w0)."""
        self.intr(f"declare i1 @llvm.vector.reduce.and.v{self.W}i1(<{self.W} x i1>)")
        w0 = self.v(f"extractelement {self.VL} {idx64}, i64 0")
        exp = self.v(f"add {self.VL} {self.vsplat64(w0)}, {self.IOTA}")
        eq = self.v(f"icmp eq {self.VL} {idx64}, {exp}")
        return self.v(f"call i1 @llvm.vector.reduce.and.v{self.W}i1({self.VB} {eq})"), w0

    def gather_fast(self, base: str, idx64: str, inr: str) -> str:
        """:meth:`gather`, as one masked vector load when the lanes read consecutive words."""
        self.intr(f"declare <{self.W} x i32> @llvm.masked.load.v{self.W}i32.p0(ptr, i32 immarg, <{self.W} x i1>, <{self.W} x i32>)")
        cons, w0 = self._consecutive(idx64)
        fast, slow, done = self.label("gf"), self.label("gs"), self.label("gd")
        self.e(f"br i1 {cons}, label %{fast}, label %{slow}")
        self.put_label(fast)
        p = self.v(f"getelementptr i32, ptr {base}, i64 {w0}")
        if PREFETCH and self.compute and self.prefetch_ok:
            # A compute stream reads its buffers in lane order: ask now for the line PREFETCH_WORDS ahead, so that
            # a thread's loads do not each wait on memory (S4a 4M lanes, 1 thread: 7.6 -> 5.7 ms CPU). A prefetch
            # is a hint: it reads no value and cannot fault, so an address past the buffer changes nothing.
            self.intr("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
            q = self.v(f"getelementptr i32, ptr {p}, i64 {PREFETCH_WORDS}")
            self.e(f"call void @llvm.prefetch.p0(ptr {q}, i32 0, i32 3, i32 1)")
        a = self.v(f"call {self.VI} @llvm.masked.load.v{self.W}i32.p0(ptr {p}, i32 4, {self.VB} {inr}, {self.VI} zeroinitializer)")
        self.br(done)
        self.put_label(slow)
        b = self.gather(base, idx64, inr)
        self.br(done)
        self.put_label(done)
        return self.v(f"phi {self.VI} [ {a}, %{fast} ], [ {b}, %{slow} ]")

    def scatter_fast(self, base: str, idx64: str, val: str, m: str) -> None:
        """:meth:`scatter`, as one masked vector store when the lanes write consecutive words (distinct
        addresses: the lane order cannot matter)."""
        self.intr(f"declare void @llvm.masked.store.v{self.W}i32.p0(<{self.W} x i32>, ptr, i32 immarg, <{self.W} x i1>)")
        cons, w0 = self._consecutive(idx64)
        fast, slow, done = self.label("sf"), self.label("ss"), self.label("sd")
        self.e(f"br i1 {cons}, label %{fast}, label %{slow}")
        self.put_label(fast)
        p = self.v(f"getelementptr i32, ptr {base}, i64 {w0}")
        self.e(f"call void @llvm.masked.store.v{self.W}i32.p0({self.VI} {val}, ptr {p}, i32 4, {self.VB} {m})")
        self.br(done)
        self.put_label(slow)
        self.scatter(base, idx64, val, m)
        self.br(done)
        self.put_label(done)

    def lanes64(self, global_: bool) -> str:
        """<8 x i64> of the chunk's lane indices (tile-local, or global: + tile base)."""
        base = self.v(f"add i64 {self.lane}, %tb") if global_ else self.lane
        ins = self.v(f"insertelement {self.VL} poison, i64 {base}, i64 0")
        spl = self.v(f"shufflevector {self.VL} {ins}, {self.VL} poison, <{self.W} x i32> zeroinitializer")
        return self.v(f"add {self.VL} {spl}, {self.IOTA}")

    def file_geom(self, f: str, reg) -> tuple[str, str, str, bool]:
        """(base ptr, stride, register count (i64 value), global?) of a register file."""
        lw = self.lw
        if f == "r":
            return "%r", str(self.TP), str(lw.n_temps), False
        if f == "x":
            return "%x", str(self.TP), str(lw.indexable[reg[0]]), False
        if f == "v":
            return self.arg("v"), "%Ng", self.arg("nv", False), True
        if f == "o":
            if lw.v2d_regs:  # GS / hull phase / domain: the caller's output file (hull phases share one)
                return self.arg("o"), "%Ng", self.arg("no", False), True
            return self.arg("o"), "%Ng", str(lw.n_outputs), True
        raise AssertionError(f)

    def src(self, s: Src) -> str:
        if self.half is not None:  # a texture emitter on one part of a wider kernel: its part of the value
            h, self.half = self.half, None
            pw, w = self.W, self.part_of
            self._set_width(w)
            v = self.src(s)
            self._set_width(pw)
            self.half = h
            lanes = ", ".join(f"i32 {pw * h + i}" for i in range(pw))
            return self.v(f"shufflevector <{w} x i32> {v}, <{w} x i32> poison, <{pw} x i32> <{lanes}>")
        v = self.src_raw(s)
        return self.modify(v, s.mod, s.kind)

    def emit_tex(self, op: LOp, m: str) -> None:
        """A texture op through its injected emitter: a ``wide`` one at the kernel's width; an 8-lane one in a
        wider kernel once per 8-lane part (quads lie inside a part), the parts' results joined and stored."""
        em = self.tex[op.info["id"]]
        from . import runtime

        tw = runtime.TEX_WIDTH if self.tex_width is None else self.tex_width
        pw = min(self.W, max(8, tw)) if getattr(em, "wide", False) else 8
        if self.W <= pw:  # the emitter works at this width
            em.emit(self, op.info["tex"], m)
            return
        w = self.W
        self.half_stores: dict = {}
        self.part_of = w
        for h in range(w // pw):
            lanes = ", ".join(f"i32 {pw * h + i}" for i in range(pw))
            mh = self.v(f"shufflevector <{w} x i1> {m}, <{w} x i1> poison, <{pw} x i32> <{lanes}>")
            self.half = h
            self._set_width(pw)
            em.emit(self, op.info["tex"], mh)
            self._set_width(w)
            self.half = None
        for d, parts in self.half_stores.values():
            assert len(parts) == w // pw, "an emitter stored a destination in some parts only"
            self.store(d, self.concat([v for v, _ in parts], "i32"), self.concat([mk for _, mk in parts], "i1"))
        self.half_stores = {}

    def standalone(self, op: LOp) -> bool:
        """Whether host op ``op`` is compiled by an emitter that writes memory (its ``standalone`` is true: it
        emits through ``emit_standalone``, its own lane loops outside any run, like a store)."""
        em = self.tex.get(op.info["id"]) if op.kind == "host" else None
        return bool(getattr(em, "standalone", False))

    def modify(self, v: str, mod: str, kind: str) -> str:
        if mod == "none" or kind == "n":
            return v
        if kind == "f":
            if mod == "neg":
                r = self.v(f"xor {self.VI} {v}, {splat(-2147483648)}")
            elif mod == "abs":
                r = self.v(f"and {self.VI} {v}, {splat(0x7FFFFFFF)}")
            else:
                a = self.v(f"and {self.VI} {v}, {splat(0x7FFFFFFF)}")
                r = self.v(f"or {self.VI} {a}, {splat(-2147483648)}")
            if v in self.flushed or _const_flushed(v):  # the sign bit does not make a denormal
                self.flushed.add(r)
            self.mag[r] = self.bound(v)  # nor does it change a magnitude
            return r
        if mod == "neg":
            return self.v(f"sub {self.VI} zeroinitializer, {v}")
        self.intr(f"declare <{self.W} x i32> @llvm.abs.v{self.W}i32(<{self.W} x i32>, i1 immarg)")
        a = self.v(f"call {self.VI} @llvm.abs.v{self.W}i32({self.VI} {v}, i1 false)")
        if mod == "abs":
            return a
        return self.v(f"sub {self.VI} zeroinitializer, {a}")

    def rel_index(self, s: Src | Dst, imm: int) -> str:
        """<8 x i64> register index: zero-extended relative component + immediate part."""
        r = self.src(s.rel)
        z = self.v(f"zext {self.VI} {r} to {self.VL}")
        scale = getattr(s, "scale", 1)
        if scale != 1:  # a GS input's relative vertex index: rows of R registers each
            z = self.v(f"mul {self.VL} {z}, {splat(scale, 'i64')}")
        return self.v(f"add {self.VL} {z}, {splat(imm, 'i64')}")

    def src_raw(self, s: Src) -> str:  # noqa: C901
        f = s.file
        if f == "imm":
            return f"{splat(s.value if s.value < 2**31 else s.value - 2**32)}"
        if f in ("r", "v", "o", "x"):
            base, stride, nregs, glob = self.file_geom(f, s.reg)
            reg = s.reg if f != "x" else s.reg[1] + self.lay.x_base[s.reg[0]]
            if s.rel is None:
                if f == "x" and s.reg[1] >= self.lw.indexable[s.reg[0]]:
                    return "zeroinitializer"
                if f == "r" and s.reg >= self.lw.n_temps:
                    return "zeroinitializer"
                # (inputs the caller did not supply read 0: the runtime sizes the array to n_inputs)
                key = (f, reg, s.comp)
                if self.rc is not None and f != "x":
                    if key not in self.rc:
                        self.rc[key] = self._reg_load(f, reg, s.comp)
                    elif not self.lanewise:
                        self.rc_select(key)  # the reader sees other lanes or addresses memory by the value
                    return self.rc[key]
                return self._reg_load(f, reg, s.comp)
            imm = s.reg if f != "x" else s.reg[1]
            idx = self.rel_index(s, imm)
            self.rc_writeback(f)  # an indexed read sees the run's earlier writes of this file
            nr = nregs if not nregs.isdigit() else nregs
            inr = self.v(f"icmp ult {self.VL} {idx}, {self.vsplat64(nr)}")
            if f == "x":
                idx = self.v(f"add {self.VL} {idx}, {splat(self.lay.x_base[s.reg[0]], 'i64')}")
            row = self.v(f"mul {self.VL} {idx}, {splat(4, 'i64')}")
            row = self.v(f"add {self.VL} {row}, {splat(s.comp, 'i64')}")
            row = self.v(f"mul {self.VL} {row}, {self.vsplat64(stride)}")
            off = self.v(f"add {self.VL} {row}, {self.lanes64(glob)}")
            return self.gather(base, off, inr)
        if f == "icb":
            words = self.lw.icb
            rows = len(words) // 4
            if s.rel is None:
                i = s.reg
                val = words[i * 4 + s.comp] if i < rows else 0
                return splat(val if val < 2**31 else val - 2**32)
            if rows == 0:
                return "zeroinitializer"
            idx = self.rel_index(s, s.reg)
            inr = self.v(f"icmp ult {self.VL} {idx}, {splat(rows, 'i64')}")
            w = self.v(f"mul {self.VL} {idx}, {splat(4, 'i64')}")
            w = self.v(f"add {self.VL} {w}, {splat(s.comp, 'i64')}")
            return self.gather("@icb", w, inr)
        if f == "cb":
            slot, i = s.reg
            base = self.arg(f"cb{slot}")
            rows = self.arg(f"cbrows{slot}", False)
            if s.rel is None:
                ok = self.v(f"icmp ult i64 {i}, {rows}")
                w = self.v(f"select i1 {ok}, i64 {i * 4 + s.comp}, i64 0")
                p = self.v(f"getelementptr i32, ptr {base}, i64 {w}")
                x = self.v(f"load i32, ptr {p}, align 4")
                x = self.v(f"select i1 {ok}, i32 {x}, i32 0")
                return self.vsplat32(x)
            idx = self.rel_index(s, i)
            inr = self.v(f"icmp ult {self.VL} {idx}, {self.vsplat64(rows)}")
            w = self.v(f"mul {self.VL} {idx}, {splat(4, 'i64')}")
            w = self.v(f"add {self.VL} {w}, {splat(s.comp, 'i64')}")
            return self.gather(base, w, inr)
        if f == "sv":
            return self.sysval(s.reg, s.comp)
        raise AssertionError(f)

    def _reg_ptr(self, f: str, reg: int, comp: int) -> str:
        if f == "x":  # ``reg`` is already the flat row (x_base + index): the arrays share one file
            base, stride, glob = "%x", str(self.TP), False
        else:
            base, stride, _, glob = self.file_geom(f, reg)
        lane = self.v(f"add i64 {self.lane}, %tb") if glob else self.lane
        rowo = self.v(f"mul i64 {reg * 4 + comp}, {stride}")
        off = self.v(f"add i64 {rowo}, {lane}")
        return self.v(f"getelementptr i32, ptr {base}, i64 {off}")

    def _reg_load(self, f: str, reg: int, comp: int) -> str:
        if f == "r" and self.rc is not None and self.rc_fill:
            return self.vsplat32("%fill")  # the tile prologue's value, not reloaded
        return self.v(f"load {self.VI}, ptr {self._reg_ptr(f, reg, comp)}, align 4")

    def unmasked(self, old: str) -> str:
        """``old`` (the value a lane-masked store keeps in the inactive lanes) behind a ``freeze``: the same bits,
        but LLVM's x86 back end no longer sees store(select(m, x, load p), p) and does not turn the whole-vector
        store into a masked one. On AVX2 that is vpmaskmovd, which AMD Zen cores run microcoded at a fraction of
        a plain store's rate (profile of S5 on the 2-core EPYC: four such stores per 8 lanes were 16 % of the
        frame in a pixel shader that only writes o0); the blend and plain store cost one cycle each."""
        return self.v(f"freeze {self.VI} {old}")

    def rc_begin(self, mask: str | None = None) -> None:
        self.rc = {}
        self.rc_dirty = set()
        self.rc_mask = mask
        self.rc_pend = {}

    def rc_select(self, key: tuple) -> None:
        """Apply the run's deferred execution-mask select to cached register ``key`` (see ``rc_pend``)."""
        if key not in self.rc_pend:
            return
        base = self.rc_pend.pop(key)
        if base is None:
            base = self._reg_load(*key)
        val = self.rc[key]
        new = self.v(f"select {self.VB} {self.rc_mask}, {self.VI} {val}, {self.VI} {self.unmasked(base)}")
        if val in self.flushed:
            self.flushed.add(new)
        if val in self.mag:  # in the run's active lanes, ``new`` is ``val``
            self.mag[new] = self.mag[val]
        self.rc[key] = new

    def rc_writeback(self, only: str | None = None) -> None:
        """Store the run's dirty cached registers (of file ``only``, which is then dropped from the cache:
        an indexed access to that file follows), or all of them at the end of the run."""
        if self.rc is None:
            return
        keys = [key for key in sorted(self.rc_dirty) if (only is None or key[0] == only)
                and not (key[0] == "r" and not self.rc_keep_r and only is None)]  # (temps nothing reads later)
        join = None
        if only is None and ALL_ACTIVE_STORES and self.rc_mask is not None and any(k in self.rc_pend for k in keys):
            # A step whose lanes are all active (every lane of a fully covered span, no discard yet) stores the
            # raw values: there select(m, val, old) is val in every lane, so the same bits without the reload
            # of ``old`` and the blend per register component (issue 12, S5: four blends and reloads per 8
            # lanes were most of a trivial pixel shader). Other steps keep the deferred selects below.
            self.intr(f"declare i1 @llvm.vector.reduce.and.v{self.W}i1(<{self.W} x i1>)")
            full = self.v(f"call i1 @llvm.vector.reduce.and.v{self.W}i1({self.VB} {self.rc_mask})")
            fast, slow, join = self.label("Wf"), self.label("Ws"), self.label("Wj")
            self.e(f"br i1 {full}, label %{fast}, label %{slow}")
            self.put_label(fast)
            for f, reg, comp in keys:
                self.e(f"store {self.VI} {self.rc[(f, reg, comp)]}, ptr {self._reg_ptr(f, reg, comp)}, align 4")
            self.br(join)
            self.put_label(slow)
        for key in keys:
            f, reg, comp = key
            self.rc_select(key)
            self.e(f"store {self.VI} {self.rc[key]}, ptr {self._reg_ptr(f, reg, comp)}, align 4")
        if join is not None:
            self.br(join)
            self.put_label(join)
        if only is None:
            self.rc = None
            self.rc_dirty = set()
            self.rc_pend = {}
        else:
            for key in [k for k in self.rc_pend if k[0] == only]:
                self.rc_select(key)  # (not dirty cannot happen: pending keys are written ones)
            self.rc = {k: v for k, v in self.rc.items() if k[0] != only}
            self.rc_dirty = {k for k in self.rc_dirty if k[0] != only}

    def vsplat64(self, x: str) -> str:
        if x.lstrip("-").isdigit():
            return splat(x, "i64")
        ins = self.v(f"insertelement {self.VL} poison, i64 {x}, i64 0")
        return self.v(f"shufflevector {self.VL} {ins}, {self.VL} poison, <{self.W} x i32> zeroinitializer")

    def vsplat32(self, x: str) -> str:
        ins = self.v(f"insertelement {self.VI} poison, i32 {x}, i64 0")
        return self.v(f"shufflevector {self.VI} {ins}, {self.VI} poison, <{self.W} x i32> zeroinitializer")

    def sysval(self, t: int, comp: int) -> str:
        cs = (OT.INPUT_THREAD_ID, OT.INPUT_THREAD_GROUP_ID, OT.INPUT_THREAD_ID_IN_GROUP,
              OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED)
        if not (self.compute and t in cs):
            base = self.arg(f"sv{t}")
            lane = self.v(f"add i64 {self.lane}, %tb")
            off = self.v(f"add i64 {lane}, {comp * 1}")
            rowo = self.v(f"mul i64 {comp}, %Ng")
            off = self.v(f"add i64 {rowo}, {lane}")
            p = self.v(f"getelementptr i32, ptr {base}, i64 {off}")
            return self.v(f"load {self.VI}, ptr {p}, align 4")
        tx, ty, tz = self.lw.thread_group
        T = self.T
        if comp == 3 or (t == OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED and comp > 0):
            return "zeroinitializer"
        gl = self.lanes64(True)  # lane within the dispatch batch
        t_in = self.v(f"urem {self.VL} {gl}, {splat(T, 'i64')}")

        def tid(c: int) -> str:
            if c == 0:
                return self.v(f"urem {self.VL} {t_in}, {splat(tx, 'i64')}")
            if c == 1:
                q = self.v(f"udiv {self.VL} {t_in}, {splat(tx, 'i64')}")
                return self.v(f"urem {self.VL} {q}, {splat(ty, 'i64')}")
            return self.v(f"udiv {self.VL} {t_in}, {splat(tx * ty, 'i64')}")

        def gid(c: int) -> str:
            if T % self.W == 0:  # all lanes of a step lie in one group: divide once
                g = self.v(f"add i64 {self.lane}, %tb")
                g = self.v(f"udiv i64 {g}, {T}")
                g = self.v(f"add i64 {g}, %g0")
                X, Y = self.arg("gx", False), self.arg("gy", False)
                if c == 0:
                    r = self.v(f"urem i64 {g}, {X}")
                elif c == 1:
                    q = self.v(f"udiv i64 {g}, {X}")
                    r = self.v(f"urem i64 {q}, {Y}")
                else:
                    xy = self.v(f"mul i64 {X}, {Y}")
                    r = self.v(f"udiv i64 {g}, {xy}")
                return self.vsplat64(r)
            g = self.v(f"udiv {self.VL} {gl}, {splat(T, 'i64')}")
            g = self.v(f"add {self.VL} {g}, {self.vsplat64('%g0')}")
            X, Y = self.vsplat64(self.arg("gx", False)), self.vsplat64(self.arg("gy", False))
            if c == 0:
                return self.v(f"urem {self.VL} {g}, {X}")
            if c == 1:
                q = self.v(f"udiv {self.VL} {g}, {X}")
                return self.v(f"urem {self.VL} {q}, {Y}")
            xy = self.v(f"mul {self.VL} {X}, {Y}")
            return self.v(f"udiv {self.VL} {g}, {xy}")

        if t == OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED:
            r = t_in
        elif t == OT.INPUT_THREAD_ID_IN_GROUP:
            r = tid(comp)
        elif t == OT.INPUT_THREAD_GROUP_ID:
            r = gid(comp)
        else:
            dim = (tx, ty, tz)[comp]
            gg = self.v(f"mul {self.VL} {gid(comp)}, {splat(dim, 'i64')}")
            r = self.v(f"add {self.VL} {gg}, {tid(comp)}")
        return self.v(f"trunc {self.VL} {r} to {self.VI}")

    # ---- destinations -------------------------------------------------------------------------------
    def store(self, d: Dst, val: str, m: str) -> None:
        """Store ``val`` into destination component ``d`` under the <W x i1> execution mask ``m``."""
        if self.half is not None:  # joined by emit_tex after both halves
            self.half_stores.setdefault(id(d), (d, []))[1].append((val, m))
            return
        f = d.file
        if f == "so":
            base = self.arg(f"so{d.reg}")
            lane = self.v(f"add i64 {self.lane}, %tb")
            p = self.v(f"getelementptr i32, ptr {base}, i64 {lane}")
            old = self.unmasked(self.v(f"load {self.VI}, ptr {p}, align 4"))
            new = self.v(f"select {self.VB} {m}, {self.VI} {val}, {self.VI} {old}")
            self.e(f"store {self.VI} {new}, ptr {p}, align 4")
            # the word after the lanes records that a store ran with active lanes (the reference
            # reports a special output only when its store executed)
            self.intr(f"declare i1 @llvm.vector.reduce.or.v{self.W}i1(<{self.W} x i1>)")
            anyv = self.v(f"call i1 @llvm.vector.reduce.or.v{self.W}i1({self.VB} {m})")
            fp = self.v(f"getelementptr i32, ptr {base}, i64 %Ng")
            fo = self.v(f"load i32, ptr {fp}, align 4")
            fz = self.v(f"zext i1 {anyv} to i32")
            self.e(f"store i32 {self.v(f'or i32 {fo}, {fz}')}, ptr {fp}, align 4")
            return
        base, stride, nregs, glob = self.file_geom(f, d.reg)
        reg = d.reg if f != "x" else d.reg[1] + self.lay.x_base[d.reg[0]]
        if d.rel is None:
            if f == "x" and d.reg[1] >= self.lw.indexable[d.reg[0]]:
                return
            if self.rc is not None and f in ("r", "o"):
                key = (f, reg, d.comp)
                if m == self.rc_mask:  # the run's mask: the select is deferred (see rc_pend)
                    if key not in self.rc_pend:
                        # the value at the run's start: cached (read or fill), else still in memory
                        self.rc_pend[key] = self.rc.get(key)
                    self.rc[key] = val
                    self.rc_dirty.add(key)
                    return
                self.rc_select(key)
                old = self.rc.get(key)
                if old is None:
                    old = self._reg_load(f, reg, d.comp)
                new = self.v(f"select {self.VB} {m}, {self.VI} {val}, {self.VI} {self.unmasked(old)}")
                if val in self.flushed or _const_flushed(val):  # in the active lanes, ``new`` is ``val``
                    self.flushed.add(new)
                self.mag[new] = mg.pick(self.bound(val), self.bound(old))
                self.rc[key] = new
                self.rc_dirty.add(key)
                return
            lane = self.v(f"add i64 {self.lane}, %tb") if glob else self.lane
            rowo = self.v(f"mul i64 {reg * 4 + d.comp}, {stride}")
            off = self.v(f"add i64 {rowo}, {lane}")
            p = self.v(f"getelementptr i32, ptr {base}, i64 {off}")
            old = self.unmasked(self.v(f"load {self.VI}, ptr {p}, align 4"))
            new = self.v(f"select {self.VB} {m}, {self.VI} {val}, {self.VI} {old}")
            self.e(f"store {self.VI} {new}, ptr {p}, align 4")
            return
        imm = d.reg if f != "x" else d.reg[1]
        idx = self.rel_index(d, imm)
        self.rc_writeback(f)  # cached components of this file go to memory before the indexed store
        inr = self.v(f"icmp ult {self.VL} {idx}, {self.vsplat64(nregs)}")
        mm = self.v(f"and {self.VB} {inr}, {m}")
        if f == "x":
            idx = self.v(f"add {self.VL} {idx}, {splat(self.lay.x_base[d.reg[0]], 'i64')}")
        row = self.v(f"mul {self.VL} {idx}, {splat(4, 'i64')}")
        row = self.v(f"add {self.VL} {row}, {splat(d.comp, 'i64')}")
        row = self.v(f"mul {self.VL} {row}, {self.vsplat64(stride)}")
        off = self.v(f"add {self.VL} {row}, {self.lanes64(glob)}")
        self.scatter(base, off, val, mm)

    # ---- operations ---------------------------------------------------------------------------------
    def emit_alu(self, op: LOp, m: str) -> None:  # noqa: C901
        """One ALU op for the current vector step under the execution mask ``m`` (a vector of i1)."""
        k = op.kind
        self.lanewise = k != "deriv"  # deferred register selects are read raw (see rc_pend)
        try:
            self._emit_alu(op, m)
        finally:
            self.lanewise = False

    def _emit_alu(self, op: LOp, m: str) -> None:  # noqa: C901
        k = op.kind
        if k == "double":
            llvm_double.emit(self, op, m)
            return
        results: list[tuple[Dst, str]] = []
        if "parts" in op.info:
            parts = op.info["parts"]
            if k == "sincos2":
                for dsts, srcs, fn in parts:
                    for d, ss in zip(dsts, srcs):
                        v = self.float_op(fn, [self.src(ss[0])])
                        results.append((d, self.sat(v) if op.sat else v))
            elif k == "swapc2":
                vals = [[(d, [self.src(s) for s in ss]) for d, ss in zip(dsts, srcs)] for dsts, srcs in parts]
                for which, lst in enumerate(vals):
                    for d, (c, a, b) in lst:
                        t = self.v(f"icmp ne {self.VI} {c}, zeroinitializer")
                        x, y = (b, a) if which == 0 else (a, b)
                        results.append((d, self.v(f"select {self.VB} {t}, {self.VI} {x}, {self.VI} {y}")))
            else:
                name = k[:-1]
                for which, (dsts, srcs) in enumerate(parts):
                    for d, ss in zip(dsts, srcs):
                        results.append((d, self.int2(name, [self.src(s) for s in ss])[which]))
        elif k == "dot":
            n = op.info["n"]
            ss = op.srcs[0]
            vals = [self.src(s) for s in ss]
            acc = None
            for i in range(n):
                bp = mg.mul(self.in_bound(vals[i]), self.in_bound(vals[n + i]))
                x = self.ff(vals[i])
                p = self.settle(self.asi(self.arith("fmul", x, self.ff(vals[n + i]), vals[i], vals[n + i])), bp)
                if acc is None:
                    acc = p
                else:
                    bs = mg.add(self.bound(acc), self.bound(p))  # both settled: flushed
                    acc = self.settle(self.asi(self.arith("fadd", self.asf(acc), self.asf(p))), bs)
            if op.sat:
                acc = self.sat(acc)
            results = [(d, acc) for d in op.dsts]
        elif k == "deriv":
            for d, ss in zip(op.dsts, op.srcs):
                x = self.asf(self.ftz(self.src(ss[0]), lanewise=False))  # neighbours' lanes are read
                ax, fine = op.info["axis"], op.info["fine"]
                if ax == "x":
                    A, B = ([1, 1, 3, 3], [0, 0, 2, 2]) if fine else ([1, 1, 1, 1], [0, 0, 0, 0])
                else:
                    A, B = ([2, 3, 2, 3], [0, 1, 0, 1]) if fine else ([2, 2, 2, 2], [0, 0, 0, 0])
                A = [i + q for q in range(0, self.W, 4) for i in A]  # every quad of the step alike
                B = [i + q for q in range(0, self.W, 4) for i in B]
                sa = self.v(f"shufflevector {self.VF} {x}, {self.VF} poison, <{self.W} x i32> <" +
                            ", ".join(f"i32 {i}" for i in A) + ">")
                sb = self.v(f"shufflevector {self.VF} {x}, {self.VF} poison, <{self.W} x i32> <" +
                            ", ".join(f"i32 {i}" for i in B) + ">")
                r = self.ftz(self.asi(self.v(f"fsub {self.VF} {sa}, {sb}")))
                results.append((d, self.sat(r) if op.sat else r))
        else:
            for d, ss in zip(op.dsts, op.srcs):
                a = [self.src(s) for s in ss]
                if k == "mov":
                    r = a[0]
                elif k == "movc":
                    t = self.v(f"icmp ne {self.VI} {a[0]}, zeroinitializer")
                    r = self.v(f"select {self.VB} {t}, {self.VI} {a[1]}, {self.VI} {a[2]}")
                    # a lane-wise choice: flushed (and bounded) where both choices are
                    self.note(r, mg.pick(self.bound(a[1]), self.bound(a[2])))
                elif k in _FLOATS:
                    r = self.float_op(k, a)
                else:
                    r = self.int_op(k, a)
                if op.sat:
                    r = self.sat(r)
                results.append((d, r))
        for d, r in results:
            self.store(d, r, m)

    # ---- whole kernel -------------------------------------------------------------------------------
    def build(self) -> str:
        lw = self.lw
        TP = self.TP
        body_start = len(self.lines)
        # Consecutive ALU ops and loads share one pass over the tile's lanes: each lane runs them in
        # program order and no lane can observe another's registers in between (the mask only changes
        # at flow ops; memory writes end a run), so fusing keeps the reference's results.
        run: list[LOp] = []
        flow = frozenset(("if", "else", "endif", "loop", "endloop", "leave", "continue", "switch", "case", "endswitch",
                          "halt", "discard", "gsemit", "callsite", "body", "bodyend"))
        # one run and nothing else: temps live only inside it (no write-back; the fill word is a constant)
        # (a final halt — the program's closing ret — reads nothing)
        body_ops = lw.ops[:-1] if lw.ops and lw.ops[-1].kind == "halt" else lw.ops
        single = all(op.kind not in flow | {"store", "atomic", "counter"}
                     and (op.kind != "host" or (op.info["id"] in self.tex and not self.standalone(op)))
                     for op in body_ops)
        self.rc_keep_r = not single
        started = [False]  # code already emitted before the current run

        def flush(tail: LOp | None = None) -> bool:
            """Emit the pending run in one lane loop; ``tail`` (a LANE_FLOW op) ends that loop with its own
            per-lane work (it reads registers the run wrote back, in the same step). True: tail fused."""
            if run:
                if tail is not None:
                    self.flow_pre(tail)
                self.loop_begin()
                mi = self.load_mask()
                if tail is None and started[0]:
                    self.skip_idle_step(mi)
                m = self.mbool(mi)
                self.rc_begin(m)
                self.rc_fill = not started[0]
                started[0] = True
                for op in run:
                    if op.kind == "load":
                        self.emit_load(op, m)
                    elif op.kind == "bufinfo":
                        self.emit_bufinfo(op, m)
                    elif op.kind == "host":  # a texture op compiled by its injected emitter
                        self.emit_tex(op, m)
                    else:
                        self.emit_alu(op, m)
                self.rc_writeback()
                if tail is not None:
                    self.flow_lanes(tail)
                self.loop_end()
                run.clear()
                return tail is not None
            return False

        for op in lw.ops:
            k = op.kind
            if k in flow:
                fused = flush(op if k in self.LANE_FLOW else None)
                started[0] = True
                self.emit_flow(op, lanes_done=fused)
            elif k == "store":
                flush()
                started[0] = True
                self.emit_store(op)
            elif k == "atomic":
                flush()
                started[0] = True
                self.emit_atomic(op)
            elif k == "counter":
                flush()
                started[0] = True
                self.emit_counter(op)
            elif k == "host" and self.standalone(op):
                # a memory write (typed UAV store / atomic): every lane's earlier ops run first and the emitter
                # walks the lanes in order itself, as emit_store / emit_atomic do
                flush()
                started[0] = True
                self.tex[op.info["id"]].emit_standalone(self, op.info["tex"])
            elif k == "host" and op.info["id"] in self.tex:
                run.append(op)  # per-lane reads and writes (quads lie inside one 8-lane step): fusable
            elif k == "host":
                flush()
                started[0] = True
                fn = self.arg("host")
                self.e(f"call void {fn}(i64 {op.info['id']}, i64 %tb, i64 %L)")
            else:
                run.append(op)
        flush()
        body = self.lines[body_start:]
        self.lines = self.lines[:body_start]
        # tile prologue
        N = self.arg("n", False)
        Ng = self.arg("ng", False)
        act = self.arg("active")
        g0 = self.arg("gbase", False) if self.compute else "0"
        r = self.arg("r")
        x = self.arg("x")
        masks = self.arg("masks")
        fill = self.arg("fill", False)
        pro = []
        pro.append("  %anyslot = alloca i32, align 4")
        pro.append("  %polls = alloca i64, align 8")
        pro.append("  %cdepth = alloca i32, align 4")  # active out-of-line calls (llvm_flow.emit_call_frames)
        pro.append("  store i32 0, ptr %cdepth, align 4")
        pro.append("  store i64 0, ptr %polls, align 8")
        pro.append(f"  %Ng = add i64 {Ng}, 0")
        pro.append(f"  %g0 = add i64 {g0}, 0")
        pro.append(f"  %r = getelementptr i8, ptr {r}, i64 0")
        pro.append(f"  %x = getelementptr i8, ptr {x}, i64 0")
        pro.append(f"  %masks = getelementptr i8, ptr {masks}, i64 0")
        pro.append(f"  %fill = trunc i64 {fill} to i32")
        pro.append("  br label %tile_head")
        pro.append("tile_head:")
        pro.append("  %tb = phi i64 [ 0, %entry ], [ %tbn, %tile_end ]")
        pro.append(f"  %more = icmp ult i64 %tb, {N}")
        pro.append("  br i1 %more, label %tile_init, label %exit")
        pro.append("tile_init:")
        pro.append(f"  %rem = sub i64 {N}, %tb")
        pro.append(f"  %Lc = icmp ult i64 %rem, {TP}")
        pro.append(f"  %L = select i1 %Lc, i64 %rem, i64 {TP}")
        pro.append(f"  %hi7 = add i64 %L, {self.W - 1}")
        pro.append(f"  %hi = and i64 %hi7, {-self.W}")
        self.lines = []
        # temps (and indexable temps) start with the fill word in every tile
        for base, regs in (("%r", 0 if single else lw.n_temps), ("%x", self.lay.x_regs)):
            if regs:
                self.loop_begin(step=1, upper=str(regs * 4 * TP))
                p = self.v(f"getelementptr i32, ptr {base}, i64 {self.lane}")
                self.e(f"store i32 %fill, ptr {p}, align 4")
                self.loop_end()
        for reg in lw.tgsm:
            words = self.lay.tgsm_words[reg] * max(1, TP // self.T)
            self.intr("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            self.e(f"call void @llvm.memset.p0.i64(ptr {self.arg(f'tgsm{reg}')}, i8 0, i64 {words * 4}, i1 false)")
        # initial execution mask: lanes of the tile that are active
        self.loop_begin()
        # in i32 (tile-local lanes and %L are below the tile size, far below 2^31): AVX2 has no unsigned 64-bit
        # vector compare, and the i64 one costs two signed compares, two sign flips and three packs per 8 lanes
        assert TP < 1 << 31
        VI32 = f"<{self.W} x i32>"
        l32 = self.v(f"trunc i64 {self.lane} to i32")
        lsp = self.v(f"shufflevector {VI32} {self.v(f'insertelement {VI32} poison, i32 {l32}, i64 0')}, "
                     f"{VI32} poison, {VI32} zeroinitializer")
        lanes = self.v(f"add {VI32} {lsp}, <{', '.join(f'i32 {j}' for j in range(self.W))}>")
        L32 = self.v("trunc i64 %L to i32")
        Lsp = self.v(f"shufflevector {VI32} {self.v(f'insertelement {VI32} poison, i32 {L32}, i64 0')}, "
                     f"{VI32} poison, {VI32} zeroinitializer")
        lt = self.v(f"icmp ult {VI32} {lanes}, {Lsp}")
        inr = lt
        if self.compute:
            av = self.v(f"sext {self.VB} {inr} to {self.VI}")
        else:  # the tile's lanes are consecutive words of ``active``: one vector load, masked only at the tile's
            # end — every lane of a step below %L is in range, and AVX2 hosts' masked loads are slow (Zen: S5's
            # one-thread CPU 9 % lower with the plain load)
            self.intr(f"declare <{self.W} x i32> @llvm.masked.load.v{self.W}i32.p0(ptr, i32 immarg, <{self.W} x i1>, <{self.W} x i32>)")
            ap = self.v(f"getelementptr i32, ptr {act}, i64 {self.v(f'add i64 {self.lane}, %tb')}")
            whole = self.v(f"icmp ule i64 {self.v(f'add i64 {self.lane}, {self.W}')}, %L")
            plain, tail, done = self.label("am"), self.label("at"), self.label("ad")
            self.e(f"br i1 {whole}, label %{plain}, label %{tail}")
            self.put_label(plain)
            a1 = self.v(f"load {self.VI}, ptr {ap}, align 4")
            self.br(done)
            self.put_label(tail)
            a2 = self.v(f"call {self.VI} @llvm.masked.load.v{self.W}i32.p0(ptr {ap}, i32 4, {self.VB} {inr}, {self.VI} zeroinitializer)")
            self.br(done)
            self.put_label(done)
            av = self.v(f"phi {self.VI} [ {a1}, %{plain} ], [ {a2}, %{tail} ]")
        self.store_mask(av)
        self.loop_end()
        init = self.lines
        self.lines = []
        out = []
        out.append("define void @kernel(ptr noalias %A) {")
        out.append("entry:")
        out.extend(self.entry)
        out.extend(pro)
        out.extend(init)
        out.extend(body)
        out.append("  br label %tile_end")
        out.append("tile_end:")
        out.append(f"  %tbn = add i64 %tb, {TP}")
        out.append("  br label %tile_head")
        out.append("exit:")
        out.append("  ret void")
        out.append("}")
        head = []
        if self.x86_ops and CONST_TABLE:
            out, table = _constants_from_table(out, self.W)
            if table:
                head.append(table)
        if lw.icb:
            ws = ", ".join(f"i32 {w if w < 2**31 else w - 2**32}" for w in lw.icb)
            head.append(f"@icb = private unnamed_addr constant [{len(lw.icb)} x i32] [{ws}]")
        head.extend(sorted(self.decls))
        return "\n".join(head + out) + "\n"


#: the kernel's float constant vectors (the ``bitcast <W x i32> splat (i32 K) to <W x float>`` values the generator
#: writes for literals and sequence coefficients) read from a table in memory (``_constants_from_table``) on x86
#: hosts (Gen.x86_ops); PYD3D11_NATIVE_CONST_TABLE=0 keeps them as IR constants (A/B)
CONST_TABLE = os.environ.get("PYD3D11_NATIVE_CONST_TABLE", "1") != "0"
_SPLAT_FLOAT = re.compile(r"^(\s*)(%[\w.]+) = bitcast <(\d+) x i32> splat \(i32 (-?\d+)\) to <\3 x float>$")


def _constants_from_table(lines: list[str], width: int) -> tuple[list[str], str]:
    """The kernel function ``lines`` with each float constant vector loaded from a module table through a pointer
    LLVM cannot see into (an empty assembly statement in the entry block), and the table's definition ("" when
    the kernel has none).

    Why: the JIT's large code model (MCJIT) addresses a constant-pool entry only through an absolute address in a
    general register (``movabs``), so every constant operand the register allocator rematerialises inside the
    loop costs a ``movabs`` and a ``vbroadcastss`` before its use — S1z's pixel shader (four sin/cos with their
    coefficients) had 60 such instructions in a 955-instruction loop body per 32 lanes. A load from
    ``table + offset`` through one pointer register folds into the arithmetic instruction as its memory operand
    instead (903 instructions; 8-lane steps 244 -> 211). The loads read the same bits the constants have, so no
    result changes; the table is never written."""
    consts: dict[int, int] = {}
    out = []
    for line in lines:
        m = _SPLAT_FLOAT.match(line)
        if m is None or int(m.group(3)) != width:
            out.append(line)
            continue
        ind, name, k = m.group(1), m.group(2), int(m.group(4))
        idx = consts.setdefault(k, len(consts))
        out.append(f"{ind}{name}.kp = getelementptr <{width} x i32>, ptr %ktab, i64 {idx}")
        out.append(f"{ind}{name} = load <{width} x float>, ptr {name}.kp, align 32")
    if not consts:
        return lines, ""
    at = out.index("entry:") + 1
    out.insert(at, '  %ktab = call ptr asm "", "=r,0"(ptr @kconst) nounwind memory(none)')
    vals = ", ".join(f"<{width} x i32> splat (i32 {k})" for k in consts)
    return out, f"@kconst = internal constant [{len(consts)} x <{width} x i32>] [{vals}], align 32"


_FLOATS = {"add", "mul", "div", "mad", "min", "max", "exp", "log", "sqrt", "rsq", "rcp", "frc", "round_ne",
           "round_ni", "round_pi", "round_z", "eq", "ne", "lt", "ge", "ftoi", "ftou", "itof", "utof", "f32tof16",
           "f16tof32"}


def generate(lw: Lowered, tile: int, tex: dict | None = None, width: int = W, tex_width: int | None = None,
             shared_tex: bool | None = None, quick_shared: bool | str = False, reg_lanes: int = 16,
             slots: dict | None = None, x86_ops: bool | None = None,
             asm_register: tuple[str, int] | None = None) -> tuple[str, Layout]:
    """LLVM IR text of the kernel and its argument layout; ``tex`` maps host-op ids to the
    :class:`TextureEmitter` that compiles them (the others call back into the reference). ``width``: lanes
    per vector step, 8 to 64 (callers then size every register-file row to a multiple of it:
    ``Layout.width``); ``tex_width`` / ``shared_tex`` / ``quick_shared``: see :class:`Gen`; ``reg_lanes``: float
    lanes of one vector register of the target (runtime.register_lanes); ``slots``: argument slots to number as
    another build of the same program did (its Layout.slots), so that one argument array serves both; ``x86_ops``:
    guarded float add/mul as x86 instructions (ArithMixin.x86_arith; None: where the host is x86 with AVX,
    runtime.x86_ops); ``asm_register``: the vector register constraint and lanes of :meth:`ArithMixin.opaque`
    (None: the host's, runtime.vector_register)."""
    assert width in (8, 16, 32, 64) and tile % width == 0 and reg_lanes in (8, 16)
    g = Gen(lw, tile, tex, width)
    g.reg_lanes = reg_lanes
    if x86_ops is None:
        from . import runtime

        x86_ops = runtime.x86_ops()
    g.x86_ops = x86_ops
    if asm_register is None:
        from . import runtime

        asm_register = runtime.vector_register() if runtime.available() else g.asm_register
    g.asm_register = asm_register
    if slots:
        g.lay.slots = dict(slots)
    g.tex_width, g.shared_tex, g.quick_shared = tex_width, shared_tex, quick_shared
    text = g.build()
    g.lay.width = width
    return text, g.lay
