"""Back half of the native backend: a :class:`~pyd3d11.shader.native.lower.Lowered` program → LLVM IR text.

Execution model (the reference executor's, tile by tile): the kernel walks the lanes in tiles of ``TP``
lanes (whole thread groups for compute); inside a tile every operation runs for all the tile's lanes
before the next one starts (8 lanes per vector step, 16 where runtime.vector_width picks AVX-512), with the execution mask and each flow-control
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

import math
import struct
from dataclasses import dataclass, field
from typing import Protocol

from .. import ir
from ..ops.transcendental import SEQUENCES
from . import llvm_double
from .ir_text import IrText
from .llvm_seq import LlvmOps
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


def splat(v: int | str, t: str = "i32") -> str:
    return f"splat ({t} {v})"


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
    they take vector types from ``gen``); a 16-lane kernel calls the others per 8-lane half
    (:meth:`Gen.emit_tex`)."""

    def emit(self, gen: Gen, op: TexOp, m: str) -> None: ...


class Gen(IrText):
    def __init__(self, lw: Lowered, tile: int, tex: dict | None = None, width: int = W) -> None:
        self._set_width(width)
        self.half: int | None = None  # texture ops of a 16-lane kernel: which 8-lane half is emitted
        self.tex = tex or {}  # host-op id → TextureEmitter compiled in place of the callback
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

    def skip_idle_step(self, mask: str) -> None:
        """Inside a lane loop whose work is all selected by the execution mask ``mask`` (ALU runs, masked
        stores): go to the next step when no lane of this one is active — it would change nothing.
        Divergent loops and branches (reductions) leave most steps idle."""
        self.intr(f"declare i32 @llvm.vector.reduce.or.v{self.W}i32(<{self.W} x i32>)")
        red = self.v(f"call i32 @llvm.vector.reduce.or.v{self.W}i32({self.VI} {mask})")
        idle = self.v(f"icmp eq i32 {red}, 0")
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
        if self.half is not None:  # an 8-lane texture emitter inside a 16-lane kernel: its half of the value
            h, self.half = self.half, None
            self._set_width(16)
            v = self.src(s)
            self._set_width(8)
            self.half = h
            lanes = ", ".join(f"i32 {8 * h + i}" for i in range(8))
            return self.v(f"shufflevector <16 x i32> {v}, <16 x i32> poison, <8 x i32> <{lanes}>")
        v = self.src_raw(s)
        return self.modify(v, s.mod, s.kind)

    def emit_tex(self, op: LOp, m: str) -> None:
        """A texture op through its injected emitter; an 8-lane emitter (not ``wide``) in a 16-lane kernel
        emits it once per 8-lane half (quads lie inside a half) and the joined results are stored."""
        em = self.tex[op.info["id"]]
        if self.W == 8 or getattr(em, "wide", False):  # the emitter works at this width
            em.emit(self, op.info["tex"], m)
            return
        assert self.W == 16
        self.half_stores: dict = {}
        for h in (0, 1):
            lanes = ", ".join(f"i32 {8 * h + i}" for i in range(8))
            mh = self.v(f"shufflevector <16 x i1> {m}, <16 x i1> poison, <8 x i32> <{lanes}>")
            self.half = h
            self._set_width(8)
            em.emit(self, op.info["tex"], mh)
            self._set_width(16)
            self.half = None
        both = ", ".join(f"i32 {i}" for i in range(16))
        for d, parts in self.half_stores.values():
            assert len(parts) == 2, "an emitter stored a destination in one half only"
            (v0, m0), (v1, m1) = parts
            val = self.v(f"shufflevector <8 x i32> {v0}, <8 x i32> {v1}, <16 x i32> <{both}>")
            mk = self.v(f"shufflevector <8 x i1> {m0}, <8 x i1> {m1}, <16 x i32> <{both}>")
            self.store(d, val, mk)
        self.half_stores = {}

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
        new = self.v(f"select {self.VB} {self.rc_mask}, {self.VI} {val}, {self.VI} {base}")
        if val in self.flushed:
            self.flushed.add(new)
        self.rc[key] = new

    def rc_writeback(self, only: str | None = None) -> None:
        """Store the run's dirty cached registers (of file ``only``, which is then dropped from the cache:
        an indexed access to that file follows), or all of them at the end of the run."""
        if self.rc is None:
            return
        for key in sorted(self.rc_dirty):
            f, reg, comp = key
            if only is not None and f != only:
                continue
            if f == "r" and not self.rc_keep_r and only is None:
                continue  # nothing after this run reads temps
            self.rc_select(key)
            self.e(f"store {self.VI} {self.rc[key]}, ptr {self._reg_ptr(f, reg, comp)}, align 4")
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
            old = self.v(f"load {self.VI}, ptr {p}, align 4")
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
                new = self.v(f"select {self.VB} {m}, {self.VI} {val}, {self.VI} {old}")
                if val in self.flushed or _const_flushed(val):  # in the active lanes, ``new`` is ``val``
                    self.flushed.add(new)
                self.rc[key] = new
                self.rc_dirty.add(key)
                return
            lane = self.v(f"add i64 {self.lane}, %tb") if glob else self.lane
            rowo = self.v(f"mul i64 {reg * 4 + d.comp}, {stride}")
            off = self.v(f"add i64 {rowo}, {lane}")
            p = self.v(f"getelementptr i32, ptr {base}, i64 {off}")
            old = self.v(f"load {self.VI}, ptr {p}, align 4")
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

    # ---- float helpers ------------------------------------------------------------------------------
    def ftz(self, b: str, lanewise: bool = True) -> str:
        """numerics.flush_denorms on bits; a no-op on values already flushed in the run's active lanes
        (``lanewise``: the caller uses each lane for that lane only)."""
        if lanewise and (b in self.flushed or _const_flushed(b)):
            return b
        e = self.v(f"and {self.VI} {b}, {splat(0x7F800000)}")
        z = self.v(f"icmp eq {self.VI} {e}, zeroinitializer")
        s = self.v(f"and {self.VI} {b}, {splat(-2147483648)}")
        r = self.v(f"select {self.VB} {z}, {self.VI} {s}, {self.VI} {b}")
        self.flushed.add(r)
        return r

    def arith(self, op: str, x: str, y: str, bx: str = "", by: str = "") -> str:
        """``x op y`` (fadd / fmul) on float vectors under alu_float.nan_first's rule: where ``x`` is a NaN,
        ``x`` quieted; else the operation's own result (a NaN ``y`` quieted). ``bx`` / ``by``: the operands'
        bit vectors as the generator wrote them (constants are recognised there).

        Two LLVM liberties break that rule for a plain instruction: it may commute fadd/fmul (then two NaN
        operands give the second one), and it folds identities (x·1, x·-1, x + -0 → x or -x, on literals and
        on constants it derives through registers, e.g. ``r0 = 0.5·2; r0·x``), leaving a signalling NaN
        unquieted or its sign flipped. So:
        - one operand a constant that is no NaN, zero or ±1 (``plain``): only the other operand can be a NaN,
          and nothing folds: the plain instruction (the constant taken as the second operand);
        - otherwise the first operand passes through an opaque identity (:meth:`opaque`; both operands when a
          constant is involved), and where it is a NaN the second operand is the first one too: x op x is
          ``x`` quieted in either order, and elsewhere order does not matter. A constant LLVM derives for the
          second operand can then only fold inside ``select(x NaN, x op x, x op y)``, where ``x`` is no NaN."""
        if _plain(by):
            return self.v(f"{op} {self.VF} {x}, {y}")
        if _plain(bx):
            return self.v(f"{op} {self.VF} {y}, {x}")
        cy = _constant(by)
        x = self.opaque(x)
        if cy or _constant(bx):
            y = self.opaque(y)
        xn = self.v(f"fcmp uno {self.VF} {x}, {x}")
        y = self.v(f"select {self.VB} {xn}, {self.VF} {x}, {self.VF} {y}")
        return self.v(f"{op} {self.VF} {x}, {y}")

    def opaque(self, x: str) -> str:
        """``x`` through an empty inline-assembly statement: the same register, a value LLVM cannot see
        into (no constant folding, no identity folds on it)."""
        return self.v(f'call {self.VF} asm "", "=v,0"({self.VF} {x}) nounwind memory(none)')

    def asf(self, b: str) -> str:
        return self.v(f"bitcast {self.VI} {b} to {self.VF}")

    def asi(self, f: str) -> str:
        return self.v(f"bitcast {self.VF} {f} to {self.VI}")

    def ff(self, b: str) -> str:
        """Flushed float view of bits."""
        return self.asf(self.ftz(b))

    def sat(self, b: str) -> str:
        self.intr(f"declare <{self.W} x i32> @llvm.smax.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
        self.intr(f"declare <{self.W} x i32> @llvm.smin.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
        r = self.v(f"call {self.VI} @llvm.smax.v{self.W}i32({self.VI} {b}, {self.VI} zeroinitializer)")
        r = self.v(f"call {self.VI} @llvm.smin.v{self.W}i32({self.VI} {r}, {self.VI} {splat(0x3F800000)})")
        nan = self.v(f"icmp sgt {self.VI} {b}, {splat(0x7F800000)}")
        r = self.v(f"select {self.VB} {nan}, {self.VI} zeroinitializer, {self.VI} {r}")
        if b in self.flushed or _const_flushed(b):  # a clamp of a flushed value is 0, 1 or the value
            self.flushed.add(r)
        return r

    def fun1(self, name: str, t: str | None = None) -> str:
        t = self.VF if t is None else t
        tn = f"v{self.W}f32" if t == self.VF else f"v{self.W}f64"
        self.intr(f"declare {t} @llvm.{name}.{tn}({t})")
        return f"@llvm.{name}.{tn}"

    def float_op(self, name: str, a: list[str]) -> str:  # noqa: C901
        """Reference FLOAT_OPS[name] on bit vectors (alu_float.py)."""
        if name in ("add", "mul", "div"):
            x, y = self.ff(a[0]), self.ff(a[1])
            if name == "div":
                r = self.asi(self.v(f"fdiv {self.VF} {x}, {y}"))
            else:
                op = "fadd" if name == "add" else "fmul"
                r = self.asi(self.arith(op, x, y, a[0], a[1]))
            if (name == "mul" and _never_denormal_product(a[0], a[1])) or \
                    (name == "add" and (_far_from_zero(a[0]) or _far_from_zero(a[1]))):
                self.flushed.add(r)
                return r
            return self.ftz(r)
        if name == "mad":
            x, y, z = self.ff(a[0]), self.ff(a[1]), self.ff(a[2])
            p = self.arith("fmul", x, y, a[0], a[1])
            r = self.asi(self.arith("fadd", p, z, "", a[2]))
            if _far_from_zero(a[2]):
                self.flushed.add(r)
                return r
            return self.ftz(r)
        if name in ("min", "max"):
            ab, bb = self.ftz(a[0]), self.ftz(a[1])
            x, y = self.asf(ab), self.asf(bb)
            bn = self.v(f"fcmp uno {self.VF} {y}, {y}")
            an = self.v(f"fcmp uno {self.VF} {x}, {x}")
            if name == "min":
                lt = self.v(f"fcmp olt {self.VF} {x}, {y}")
                gt = self.v(f"fcmp olt {self.VF} {y}, {x}")
                eq = self.v(f"or {self.VI} {ab}, {bb}")
            else:
                lt = self.v(f"fcmp ogt {self.VF} {x}, {y}")
                gt = self.v(f"fcmp ogt {self.VF} {y}, {x}")
                eq = self.v(f"and {self.VI} {ab}, {bb}")
            r = self.v(f"select {self.VB} {gt}, {self.VI} {bb}, {self.VI} {eq}")
            r = self.v(f"select {self.VB} {lt}, {self.VI} {ab}, {self.VI} {r}")
            r = self.v(f"select {self.VB} {an}, {self.VI} {bb}, {self.VI} {r}")
            return self.v(f"select {self.VB} {bn}, {self.VI} {ab}, {self.VI} {r}")
        if name in ("exp", "sin", "cos", "log", "rsq"):
            r = self.asi(SEQUENCES[name](LlvmOps(self), self.ff(a[0])))
            return r if name in ("log", "rsq") else self.ftz(r)  # as alu_float: log/rsq never denormal
        if name == "sqrt":
            return self.asi(self.v(f"call {self.VF} {self.fun1('sqrt')}({self.VF} {self.ff(a[0])})"))
        if name == "rcp":
            q = self.v(f"fdiv {self.VF} {splat('1.0', 'float')}, {self.ff(a[0])}")
            return self.ftz(self.asi(q))
        if name == "frc":
            x = self.ff(a[0])
            fl = self.v(f"call {self.VF} {self.fun1('floor')}({self.VF} {x})")
            return self.asi(self.v(f"fsub {self.VF} {x}, {fl}"))
        if name in ("round_ne", "round_ni", "round_pi", "round_z"):
            fn = {"round_ne": "roundeven", "round_ni": "floor", "round_pi": "ceil", "round_z": "trunc"}[name]
            return self.asi(self.v(f"call {self.VF} {self.fun1(fn)}({self.VF} {self.ff(a[0])})"))
        if name in ("eq", "ne", "lt", "ge"):
            pred = {"eq": "oeq", "ne": "une", "lt": "olt", "ge": "oge"}[name]
            c = self.v(f"fcmp {pred} {self.VF} {self.ff(a[0])}, {self.ff(a[1])}")
            return self.v(f"sext {self.VB} {c} to {self.VI}")
        if name in ("ftoi", "ftou"):
            d = self.v(f"fpext {self.VF} {self.ff(a[0])} to {self.VD}")
            nan = self.v(f"fcmp uno {self.VD} {d}, {d}")
            lo, hi = ("-2147483648.0", "2147483647.0") if name == "ftoi" else ("0.0", "4294967295.0")
            c1 = self.v(f"fcmp olt {self.VD} {d}, {splat(lo, 'double')}")
            d = self.v(f"select {self.VB} {c1}, {self.VD} {splat(lo, 'double')}, {self.VD} {d}")
            c2 = self.v(f"fcmp ogt {self.VD} {d}, {splat(hi, 'double')}")
            d = self.v(f"select {self.VB} {c2}, {self.VD} {splat(hi, 'double')}, {self.VD} {d}")
            d = self.v(f"select {self.VB} {nan}, {self.VD} zeroinitializer, {self.VD} {d}")
            if name == "ftoi":
                return self.v(f"fptosi {self.VD} {d} to {self.VI}")
            q = self.v(f"fptoui {self.VD} {d} to {self.VL}")
            return self.v(f"trunc {self.VL} {q} to {self.VI}")
        if name == "itof":
            return self.asi(self.v(f"sitofp {self.VI} {a[0]} to {self.VF}"))
        if name == "utof":
            return self.asi(self.v(f"uitofp {self.VI} {a[0]} to {self.VF}"))
        if name == "f32tof16":
            fx = self.ff(a[0])
            h = self.v(f"fptrunc {self.VF} {fx} to <{self.W} x half>")
            hb = self.v(f"bitcast <{self.W} x half> {h} to <{self.W} x i16>")
            r = self.v(f"zext <{self.W} x i16> {hb} to {self.VI}")
            # NaN: sign | 0x7C00 | top 10 payload bits (at least 1), not quieted — numpy's conversion,
            # which the reference uses (the hardware conversion sets the quiet bit)
            b = self.asi(fx)
            sg = self.v(f"lshr {self.VI} {b}, {splat(16)}")
            sg = self.v(f"and {self.VI} {sg}, {splat(0x8000)}")
            pl = self.v(f"and {self.VI} {b}, {splat(0x7FFFFF)}")
            pl = self.v(f"lshr {self.VI} {pl}, {splat(13)}")
            z = self.v(f"icmp eq {self.VI} {pl}, zeroinitializer")
            pl = self.v(f"select {self.VB} {z}, {self.VI} {splat(1)}, {self.VI} {pl}")
            nr = self.v(f"or {self.VI} {sg}, {splat(0x7C00)}")
            nr = self.v(f"or {self.VI} {nr}, {pl}")
            isn = self.v(f"fcmp uno {self.VF} {fx}, {fx}")
            return self.v(f"select {self.VB} {isn}, {self.VI} {nr}, {self.VI} {r}")
        if name == "f16tof32":
            return self.f16tof32(a[0])
        raise AssertionError(name)

    def f16tof32(self, b: str) -> str:
        """Exact float16 → float32 on the low 16 bits, in integer arithmetic (payloads kept)."""
        sign = self.v(f"and {self.VI} {b}, {splat(0x8000)}")
        sign = self.v(f"shl {self.VI} {sign}, {splat(16)}")
        e = self.v(f"lshr {self.VI} {b}, {splat(10)}")
        e = self.v(f"and {self.VI} {e}, {splat(31)}")
        m = self.v(f"and {self.VI} {b}, {splat(0x3FF)}")
        # normal: (e + 112) << 23 | m << 13
        ne = self.v(f"add {self.VI} {e}, {splat(112)}")
        ne = self.v(f"shl {self.VI} {ne}, {splat(23)}")
        ms = self.v(f"shl {self.VI} {m}, {splat(13)}")
        normal = self.v(f"or {self.VI} {ne}, {ms}")
        special = self.v(f"or {self.VI} {ms}, {splat(0x7F800000)}")
        # e == 0: m * 2^-24 (exact in float32)
        mf = self.v(f"uitofp {self.VI} {m} to {self.VF}")
        sub = self.v(f"fmul {self.VF} {mf}, {splat('0x3E70000000000000', 'float')}")
        sub = self.asi(sub)
        is0 = self.v(f"icmp eq {self.VI} {e}, zeroinitializer")
        is31 = self.v(f"icmp eq {self.VI} {e}, {splat(31)}")
        r = self.v(f"select {self.VB} {is31}, {self.VI} {special}, {self.VI} {normal}")
        r = self.v(f"select {self.VB} {is0}, {self.VI} {sub}, {self.VI} {r}")
        return self.v(f"or {self.VI} {r}, {sign}")

    # ---- integer helpers ----------------------------------------------------------------------------
    def int_op(self, name: str, a: list[str]) -> str:  # noqa: C901
        def b(pred: str, x: str, y: str) -> str:
            c = self.v(f"icmp {pred} {self.VI} {x}, {y}")
            return self.v(f"sext {self.VB} {c} to {self.VI}")

        def m5(x: str) -> str:
            return self.v(f"and {self.VI} {x}, {splat(31)}")

        def call2(fn: str, x: str, y: str) -> str:
            self.intr(f"declare <{self.W} x i32> @llvm.{fn}.v{self.W}i32(<{self.W} x i32>, <{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.{fn}.v{self.W}i32({self.VI} {x}, {self.VI} {y})")

        if name == "iadd":
            return self.v(f"add {self.VI} {a[0]}, {a[1]}")
        if name == "imad":
            p = self.v(f"mul {self.VI} {a[0]}, {a[1]}")
            return self.v(f"add {self.VI} {p}, {a[2]}")
        if name == "mul_lo":
            return self.v(f"mul {self.VI} {a[0]}, {a[1]}")
        if name == "ineg":
            return self.v(f"sub {self.VI} zeroinitializer, {a[0]}")
        if name in ("and", "or", "xor"):
            return self.v(f"{name} {self.VI} {a[0]}, {a[1]}")
        if name == "not":
            return self.v(f"xor {self.VI} {a[0]}, {splat(-1)}")
        if name == "ishl":
            return self.v(f"shl {self.VI} {a[0]}, {m5(a[1])}")
        if name == "ishr":
            return self.v(f"ashr {self.VI} {a[0]}, {m5(a[1])}")
        if name == "ushr":
            return self.v(f"lshr {self.VI} {a[0]}, {m5(a[1])}")
        if name in ("ieq", "ine", "ilt", "ige", "ult", "uge"):
            return b({"ieq": "eq", "ine": "ne", "ilt": "slt", "ige": "sge", "ult": "ult", "uge": "uge"}[name],
                     a[0], a[1])
        if name in ("imin", "imax", "umin", "umax"):
            return call2({"imin": "smin", "imax": "smax", "umin": "umin", "umax": "umax"}[name], a[0], a[1])
        if name in ("ubfe", "ibfe"):
            w, o, s = m5(a[0]), m5(a[1]), a[2]
            sh = "lshr" if name == "ubfe" else "ashr"
            wo = self.v(f"add {self.VI} {w}, {o}")
            lng = self.v(f"icmp ult {self.VI} {wo}, {splat(32)}")
            l1 = self.v(f"sub {self.VI} {splat(32)}, {wo}")
            l1 = self.v(f"and {self.VI} {l1}, {splat(31)}")  # in range where used; keeps the shift defined
            r1 = self.v(f"sub {self.VI} {splat(32)}, {w}")
            r1 = self.v(f"and {self.VI} {r1}, {splat(31)}")
            x = self.v(f"shl {self.VI} {s}, {l1}")
            x = self.v(f"{sh} {self.VI} {x}, {r1}")
            y = self.v(f"{sh} {self.VI} {s}, {o}")
            r = self.v(f"select {self.VB} {lng}, {self.VI} {x}, {self.VI} {y}")
            z = self.v(f"icmp eq {self.VI} {w}, zeroinitializer")
            return self.v(f"select {self.VB} {z}, {self.VI} zeroinitializer, {self.VI} {r}")
        if name == "bfi":
            w, o = m5(a[0]), m5(a[1])
            one = self.v(f"shl {self.VI} {splat(1)}, {w}")
            mk = self.v(f"sub {self.VI} {one}, {splat(1)}")
            mk = self.v(f"shl {self.VI} {mk}, {o}")
            ins = self.v(f"shl {self.VI} {a[2]}, {o}")
            ins = self.v(f"and {self.VI} {ins}, {mk}")
            nm = self.v(f"xor {self.VI} {mk}, {splat(-1)}")
            bs = self.v(f"and {self.VI} {a[3]}, {nm}")
            return self.v(f"or {self.VI} {ins}, {bs}")
        if name == "bfrev":
            self.intr(f"declare <{self.W} x i32> @llvm.bitreverse.v{self.W}i32(<{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.bitreverse.v{self.W}i32({self.VI} {a[0]})")
        if name == "countbits":
            self.intr(f"declare <{self.W} x i32> @llvm.ctpop.v{self.W}i32(<{self.W} x i32>)")
            return self.v(f"call {self.VI} @llvm.ctpop.v{self.W}i32({self.VI} {a[0]})")
        if name in ("firstbit_hi", "firstbit_lo", "firstbit_shi"):
            x = a[0]
            if name == "firstbit_shi":
                neg = self.v(f"icmp slt {self.VI} {x}, zeroinitializer")
                nx = self.v(f"xor {self.VI} {x}, {splat(-1)}")
                x = self.v(f"select {self.VB} {neg}, {self.VI} {nx}, {self.VI} {x}")
            fn = "cttz" if name == "firstbit_lo" else "ctlz"
            self.intr(f"declare <{self.W} x i32> @llvm.{fn}.v{self.W}i32(<{self.W} x i32>, i1 immarg)")
            c = self.v(f"call {self.VI} @llvm.{fn}.v{self.W}i32({self.VI} {x}, i1 false)")
            z = self.v(f"icmp eq {self.VI} {x}, zeroinitializer")
            return self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {c}")
        if name == "msad":
            acc = a[2]
            for k in range(4):
                r = self.v(f"lshr {self.VI} {a[0]}, {splat(8 * k)}")
                r = self.v(f"and {self.VI} {r}, {splat(255)}")
                s = self.v(f"lshr {self.VI} {a[1]}, {splat(8 * k)}")
                s = self.v(f"and {self.VI} {s}, {splat(255)}")
                d1 = self.v(f"sub {self.VI} {r}, {s}")
                d2 = self.v(f"sub {self.VI} {s}, {r}")
                gt = self.v(f"icmp ugt {self.VI} {r}, {s}")
                d = self.v(f"select {self.VB} {gt}, {self.VI} {d1}, {self.VI} {d2}")
                rz = self.v(f"icmp eq {self.VI} {r}, zeroinitializer")
                d = self.v(f"select {self.VB} {rz}, {self.VI} zeroinitializer, {self.VI} {d}")
                acc = self.v(f"add {self.VI} {acc}, {d}")
            return acc
        raise AssertionError(name)

    def int2(self, name: str, a: list[str]) -> tuple[str, str]:
        if name in ("imul", "umul"):
            ext = "sext" if name == "imul" else "zext"
            x = self.v(f"{ext} {self.VI} {a[0]} to {self.VL}")
            y = self.v(f"{ext} {self.VI} {a[1]} to {self.VL}")
            p = self.v(f"mul {self.VL} {x}, {y}")
            hi = self.v(f"lshr {self.VL} {p}, {splat(32, 'i64')}")
            return self.v(f"trunc {self.VL} {hi} to {self.VI}"), self.v(f"trunc {self.VL} {p} to {self.VI}")
        if name == "udiv":
            z = self.v(f"icmp eq {self.VI} {a[1]}, zeroinitializer")
            safe = self.v(f"select {self.VB} {z}, {self.VI} {splat(1)}, {self.VI} {a[1]}")
            q = self.v(f"udiv {self.VI} {a[0]}, {safe}")
            r = self.v(f"urem {self.VI} {a[0]}, {safe}")
            return (self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {q}"),
                    self.v(f"select {self.VB} {z}, {self.VI} {splat(-1)}, {self.VI} {r}"))
        if name == "uaddc":
            s = self.v(f"add {self.VI} {a[0]}, {a[1]}")
            c = self.v(f"icmp ult {self.VI} {s}, {a[0]}")
            return s, self.v(f"zext {self.VB} {c} to {self.VI}")
        if name == "usubb":
            s = self.v(f"sub {self.VI} {a[0]}, {a[1]}")
            c = self.v(f"icmp ult {self.VI} {a[0]}, {a[1]}")
            return s, self.v(f"zext {self.VB} {c} to {self.VI}")
        raise AssertionError(name)

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
                x = self.ff(vals[i])
                p = self.ftz(self.asi(self.arith("fmul", x, self.ff(vals[n + i]), vals[i], vals[n + i])))
                if acc is None:
                    acc = p
                else:
                    acc = self.ftz(self.asi(self.arith("fadd", self.asf(acc), self.asf(p))))
            acc = self.ftz(acc)
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
                elif k in _FLOATS:
                    r = self.float_op(k, a)
                else:
                    r = self.int_op(k, a)
                if op.sat:
                    r = self.sat(r)
                results.append((d, r))
        for d, r in results:
            self.store(d, r, m)

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
        self.intr(f"declare i32 @llvm.vector.reduce.or.v{self.W}i32(<{self.W} x i32>)")
        red = self.v(f"call i32 @llvm.vector.reduce.or.v{self.W}i32({self.VI} {mv})")
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
            for fr in info["above"]:
                slots = [fr.slot, fr.slot + 1]  # saved + other / cont / unmatched
                for s in slots:
                    self.store_mask(self.v(f"and {self.VI} {self.load_mask(s)}, {keep}"), s)
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
            # §22.3.5: the invocation ends as if the program had ended (every frame loses the lane)
            slots = [0] + [s for fr in info["above"] for s in (fr.slot, fr.slot + 1)]
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

    def _has_else(self, f) -> bool:
        return any(o.kind == "else" and o.info["frame"] is f for o in self.lw.ops)

    def copy_mask(self, src: int, dst: int) -> None:
        self.loop_begin()
        self.store_mask(self.load_mask(src), dst)
        self.loop_end()

    # ---- memory -------------------------------------------------------------------------------------
    def mem_geom(self, mem: tuple) -> dict:
        """Per-resource values: words ptr, nw, limit, stride, count (i64 SSA or constants), base per lane."""
        kind, slot = mem
        if kind == "g":
            wpg = self.lay.tgsm_words[slot]
            size, stride = self.lw.tgsm[slot]
            return {"words": self.arg(f"tgsm{slot}"), "nw": str(wpg * max(1, self.TP // self.T)),
                    "limit": str(wpg), "stride": str(stride), "count": str((wpg * 4 // stride) if stride else 0),
                    "wpg": wpg}
        p = f"{kind}{slot}"
        return {"words": self.arg(f"{p}w"), "nw": self.arg(f"{p}nw", False), "limit": self.arg(f"{p}nw", False),
                "stride": self.arg(f"{p}stride", False), "count": self.arg(f"{p}count", False), "wpg": None}

    def lane_base(self, g: dict) -> str:
        """<8 x i64> first word of the lane's groupshared copy (0 for buffers)."""
        if g["wpg"] is None:
            return "zeroinitializer"
        grp = self.v(f"udiv {self.VL} {self.lanes64(False)}, {splat(self.T, 'i64')}")
        return self.v(f"mul {self.VL} {grp}, {splat(g['wpg'], 'i64')}")

    def address(self, g: dict, a0: str, a1: str | None) -> tuple[str, str, str]:
        """(<W x i64> w (without base), <W x i1> ok, <W x i64> avail) for raw (a1 None) or structured."""
        x0 = self.v(f"zext {self.VI} {a0} to {self.VL}")
        if a1 is None:
            w = self.v(f"lshr {self.VL} {x0}, {splat(2, 'i64')}")
            avail = self.v(f"sub {self.VL} {self.vsplat64(g['limit'])}, {w}")
            return w, splat("true", "i1"), avail
        x1 = self.v(f"zext {self.VI} {a1} to {self.VL}")
        stride = self.vsplat64(g["stride"])
        ok1 = self.v(f"icmp ult {self.VL} {x0}, {self.vsplat64(g['count'])}")
        ok2 = self.v(f"icmp ult {self.VL} {x1}, {stride}")
        ok = self.v(f"and {self.VB} {ok1}, {ok2}")
        sw = self.v(f"lshr {self.VL} {stride}, {splat(2, 'i64')}")
        offw = self.v(f"lshr {self.VL} {x1}, {splat(2, 'i64')}")
        avail = self.v(f"sub {self.VL} {sw}, {offw}")
        avail = self.v(f"select {self.VB} {ok}, {self.VL} {avail}, {self.VL} zeroinitializer")
        w = self.v(f"mul {self.VL} {x0}, {sw}")
        w = self.v(f"add {self.VL} {w}, {offw}")
        return w, ok, avail

    def in_range(self, g: dict, flat: str, ok: str, avail: str, s: int) -> tuple[str, str]:
        fs = self.v(f"add {self.VL} {flat}, {splat(s, 'i64')}")
        c1 = self.v(f"icmp slt {self.VL} {splat(s, 'i64')}, {avail}")
        c2 = self.v(f"icmp ult {self.VL} {fs}, {self.vsplat64(g['nw'])}")
        c = self.v(f"and {self.VB} {c1}, {c2}")
        return fs, self.v(f"and {self.VB} {c}, {ok}")

    def emit_load(self, op: LOp, m: str) -> None:
        info = op.info
        g = self.mem_geom(info["mem"])
        a0 = self.src(info["a0"])
        a1 = self.src(info["a1"]) if info["structured"] else None
        w, ok, avail = self.address(g, a0, a1)
        flat = self.v(f"add {self.VL} {w}, {self.lane_base(g)}")
        vals = []
        for s in info["sel"]:
            fs, good = self.in_range(g, flat, ok, avail, s)
            good = self.v(f"and {self.VB} {good}, {m}")
            vals.append(self.gather_fast(g["words"], fs, good))
        for d, v in zip(op.dsts, vals):
            self.store(d, v, m)

    def emit_store(self, op: LOp) -> None:
        info = op.info
        g = self.mem_geom(info["mem"])
        # component-major, lanes in order (the reference's order when lanes overlap)
        for cpt, vs in zip(info["comps"], info["vals"]):
            self.loop_begin()
            mi = self.load_mask()
            self.skip_idle_step(mi)
            m = self.quiet_filter(self.mbool(mi))
            a0 = self.src(info["a0"])
            a1 = self.src(info["a1"]) if info["structured"] else None
            w, ok, avail = self.address(g, a0, a1)
            flat = self.v(f"add {self.VL} {w}, {self.lane_base(g)}")
            fs, good = self.in_range(g, flat, ok, avail, cpt)
            good = self.v(f"and {self.VB} {good}, {m}")
            self.scatter_fast(g["words"], fs, self.src(vs), good)
            self.loop_end()

    def quiet_filter(self, m: str) -> str:
        return m  # pixel shaders with memory writes are not compiled (lower.py), so no quiet lanes

    def emit_atomic(self, op: LOp) -> None:
        """Lane by lane in lane order (the reference's serialisation), addresses as signed int64."""
        info = op.info
        g = self.mem_geom(info["mem"])
        name = info["op"]
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        mp = self.v(f"getelementptr i32, ptr %masks, i64 {lane}")
        mv = self.v(f"load i32, ptr {mp}, align 4")
        act = self.v(f"icmp ne i32 {mv}, 0")
        run, skip = self.label("at"), self.label("ats")
        self.e(f"br i1 {act}, label %{run}, label %{skip}")
        self.put_label(run)
        sv = self.scalar_src
        a0 = self.v(f"sext i32 {sv(info['a0'])} to i64")
        if info["structured"]:
            a1 = self.v(f"sext i32 {sv(info['a1'])} to i64")
            stride, count = g["stride"], g["count"]
            ok1 = self.v(f"icmp slt i64 {a0}, {count}")
            ok2 = self.v(f"icmp slt i64 {a1}, {stride}")
            ok = self.v(f"and i1 {ok1}, {ok2}")
            sw = self.v(f"lshr i64 {stride}, 2")
            offw = self.v(f"ashr i64 {a1}, 2")
            avail = self.v(f"sub i64 {sw}, {offw}")
            avail = self.v(f"select i1 {ok}, i64 {avail}, i64 0")
            w = self.v(f"mul i64 {a0}, {sw}")
            w = self.v(f"add i64 {w}, {offw}")
        else:
            w = self.v(f"ashr i64 {a0}, 2")
            avail = self.v(f"sub i64 {g['limit']}, {w}")
        c1 = self.v(f"icmp sgt i64 {avail}, 0")
        c2 = self.v(f"icmp sge i64 {w}, 0")
        good = self.v(f"and i1 {c1}, {c2}")
        if g["wpg"] is not None:
            grp = self.v(f"udiv i64 {lane}, {self.T}")
            base = self.v(f"mul i64 {grp}, {g['wpg']}")
            flat = self.v(f"add i64 {w}, {base}")
        else:
            flat = w
        c3 = self.v(f"icmp slt i64 {flat}, {g['nw']}")
        good = self.v(f"and i1 {good}, {c3}")
        vals = [sv(s) for s in info["vals"]]
        doit, done = self.label("atd"), self.label("atn")
        pre_blk = self.label("atp")
        self.e(f"br i1 {good}, label %{doit}, label %{pre_blk}")
        self.put_label(pre_blk)
        self.br(done)
        self.put_label(doit)
        p = self.v(f"getelementptr i32, ptr {g['words']}, i64 {flat}")
        old = self.v(f"load i32, ptr {p}, align 4")
        if name == "cmp":
            eq = self.v(f"icmp eq i32 {old}, {vals[0]}")
            new = self.v(f"select i1 {eq}, i32 {vals[1]}, i32 {old}")
        elif name == "exch":
            new = vals[0]
        elif name == "add":
            new = self.v(f"add i32 {old}, {vals[0]}")
        elif name in ("and", "or", "xor"):
            new = self.v(f"{name} i32 {old}, {vals[0]}")
        else:
            fn = {"imax": "smax", "imin": "smin", "umax": "umax", "umin": "umin"}[name]
            self.intr(f"declare i32 @llvm.{fn}.i32(i32, i32)")
            new = self.v(f"call i32 @llvm.{fn}.i32(i32 {old}, i32 {vals[0]})")
        self.e(f"store i32 {new}, ptr {p}, align 4")
        self.br(done)
        self.put_label(done)
        res = self.v(f"phi i32 [ {old}, %{doit} ], [ 0, %{pre_blk} ]")
        for d in op.dsts:
            self.scalar_store(d, res)
        self.br(skip)
        self.put_label(skip)
        self.loop_end()

    def emit_counter(self, op: LOp) -> None:
        slot = op.info["slot"]
        cell = self.arg(f"u{slot}counter")
        bound = self.arg(f"u{slot}bound", False)
        isb = self.v(f"icmp ne i64 {bound}, 0")
        run, skip = self.label("cnt"), self.label("cnts")
        self.e(f"br i1 {isb}, label %{run}, label %{skip}")
        self.put_label(run)
        self.loop_begin(step=1, upper="%L")
        lane = self.lane
        mp = self.v(f"getelementptr i32, ptr %masks, i64 {lane}")
        mv = self.v(f"load i32, ptr {mp}, align 4")
        act = self.v(f"icmp ne i32 {mv}, 0")
        go, nx = self.label("cg"), self.label("cn")
        self.e(f"br i1 {act}, label %{go}, label %{nx}")
        self.put_label(go)
        c = self.v(f"load i32, ptr {cell}, align 4")
        if op.info["consume"]:
            val = self.v(f"sub i32 {c}, 1")
            self.e(f"store i32 {val}, ptr {cell}, align 4")
        else:
            val = c
            self.e(f"store i32 {self.v(f'add i32 {c}, 1')}, ptr {cell}, align 4")
        for d in op.dsts:
            self.scalar_store(d, val)
        self.br(nx)
        self.put_label(nx)
        self.loop_end()
        self.br(skip)
        self.put_label(skip)

    def emit_bufinfo(self, op: LOp, m: str) -> None:
        kind, slot = op.info["res"]
        v = self.arg(f"{kind}{slot}bufinfo", False)
        x = self.v(f"trunc i64 {v} to i32")
        val = self.vsplat32(x)
        for d in op.dsts:
            self.store(d, val, m)

    # scalar (one lane) access for atomics/counters: reuse the vector code on a one-lane view
    def scalar_src(self, s: Src) -> str:
        save = self.lane
        vec = self.src(s)  # reads lanes [lane, lane+8): lane 0 of it is this lane
        self.lane = save
        return self.v(f"extractelement {self.VI} {vec}, i64 0")

    def scalar_store(self, d: Dst, val: str) -> None:
        vec = self.v(f"insertelement {self.VI} zeroinitializer, i32 {val}, i64 0")
        m = f"<i1 true, {', '.join(['i1 false'] * (self.W - 1))}>"
        self.store(d, vec, m)

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
                          "halt", "discard", "gsemit"))
        # one run and nothing else: temps live only inside it (no write-back; the fill word is a constant)
        # (a final halt — the program's closing ret — reads nothing)
        body_ops = lw.ops[:-1] if lw.ops and lw.ops[-1].kind == "halt" else lw.ops
        single = all(op.kind not in flow | {"store", "atomic", "counter"}
                     and (op.kind != "host" or op.info["id"] in self.tex) for op in body_ops)
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
        lt = self.v(f"icmp ult {self.VL} {self.lanes64(False)}, {self.vsplat64('%L')}")
        inr = lt
        if self.compute:
            av = self.v(f"sext {self.VB} {inr} to {self.VI}")
        else:  # the tile's lanes are consecutive words of ``active``: one masked vector load
            self.intr(f"declare <{self.W} x i32> @llvm.masked.load.v{self.W}i32.p0(ptr, i32 immarg, <{self.W} x i1>, <{self.W} x i32>)")
            ap = self.v(f"getelementptr i32, ptr {act}, i64 {self.v(f'add i64 {self.lane}, %tb')}")
            av = self.v(f"call {self.VI} @llvm.masked.load.v{self.W}i32.p0(ptr {ap}, i32 4, {self.VB} {inr}, {self.VI} zeroinitializer)")
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
        if lw.icb:
            ws = ", ".join(f"i32 {w if w < 2**31 else w - 2**32}" for w in lw.icb)
            head.append(f"@icb = private unnamed_addr constant [{len(lw.icb)} x i32] [{ws}]")
        head.extend(sorted(self.decls))
        return "\n".join(head + out) + "\n"


_FLOATS = {"add", "mul", "div", "mad", "min", "max", "exp", "log", "sqrt", "rsq", "rcp", "frc", "round_ne",
           "round_ni", "round_pi", "round_z", "eq", "ne", "lt", "ge", "ftoi", "ftou", "itof", "utof", "f32tof16",
           "f16tof32"}


def _const_flushed(v: str) -> bool:
    """Whether ``v`` is a constant splat (as :func:`splat` writes it) whose value is no float32 denormal."""
    if v == "zeroinitializer":
        return True
    if not (v.startswith("splat (i32 ") and v.endswith(")")):
        return False
    try:
        x = int(v[len("splat (i32 "):-1]) & 0xFFFFFFFF
    except ValueError:
        return False
    return (x & 0x7F800000) != 0 or (x & 0x7FFFFFFF) == 0


def _constant(v: str) -> bool:
    """Whether operand bits ``v`` are a constant (a splat, a vector literal or zeroinitializer)."""
    return v.startswith(("splat (", "<")) or v == "zeroinitializer"


def _plain(v: str) -> bool:
    """A constant splat operand no LLVM fold of fadd/fmul keys on: not a NaN, not ±0 (x + -0 → x) and not
    ±1 (x·1 → x, x·-1 → -x), finite."""
    c = _const_float(v)
    return c is not None and math.isfinite(c) and c != 0.0 and abs(c) != 1.0


def _const_float(v: str) -> float | None:
    """The float32 value of a constant splat operand (as :func:`splat` writes it), else None."""
    if not (v.startswith("splat (i32 ") and v.endswith(")")):
        return None
    try:
        bits = int(v[len("splat (i32 "):-1]) & 0xFFFFFFFF
    except ValueError:
        return None
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def _never_denormal_product(a: str, b: str) -> bool:
    """A product of flushed operands one of which is a finite constant with |c| >= 1: |x * c| >= |x|, so the
    result is 0, at least the smallest normal, infinite or NaN — never a denormal (its output flush is a
    no-op)."""
    for v in (a, b):
        c = _const_float(v)
        if c is not None and math.isfinite(c) and abs(c) >= 1.0:
            return True
    return False


def _far_from_zero(v: str) -> bool:
    """A finite constant addend with |c| >= 2^-100: a sum p + c (p any float) is 0 or at least 2^-124 in
    magnitude — to come within 2^-126 of zero p must be within 2^-126 of -c, so |p| > 2^-101 and both terms
    are multiples of 2^-124 — never a denormal (its output flush is a no-op)."""
    c = _const_float(v)
    return c is not None and math.isfinite(c) and abs(c) >= 2.0 ** -100


def generate(lw: Lowered, tile: int, tex: dict | None = None, width: int = W) -> tuple[str, Layout]:
    """LLVM IR text of the kernel and its argument layout; ``tex`` maps host-op ids to the
    :class:`TextureEmitter` that compiles them (the others call back into the reference). ``width``: lanes
    per vector step, 8 or 16 (callers then size every register-file row to a multiple of it:
    ``Layout.width``)."""
    assert width in (8, 16) and tile % width == 0
    g = Gen(lw, tile, tex, width)
    text = g.build()
    g.lay.width = width
    return text, g.lay
