"""Native typed UAV access (issue 12): ``ld_uav_typed``, ``store_uav_typed`` and atomics on a typed UAV
compiled into shader kernels, bit-identical to the reference (shader/exec/memory.py ``_ld``, ``_store_typed``,
``_atomic``; D3D11.3 §5.3.9 typed UAVs, §22.4.x ld_uav_typed / store_uav_typed, spec-facts §1.9 out-of-range
rules).

The texel's place follows memory.py ``_texel_offsets`` for UAV views (no mip in the address: the view's one mip;
array slice clamped for the subresource and checked for range; a 3D view's W range offset by its first slice);
the format's encode/decode is formats/codecs' (through lane_ir's channel codecs, which tests/test_native_om_encode.py
checks against it): the kernel reads and writes the resource's bytes in place. Formats om_gen does not lay out
(shared-exponent, XR bias, block or sub-sampled formats) and views past their storage keep the callback (or a
counted compute fallback). Writes (stores, atomics) run in their own lane loops in lane order (llvm_gen
``emit_standalone``), as the reference's whole-batch numpy assignment and serial atomics order them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...formats import codecs
from ...formats.table import FormatKind, bytes_per_element, format_info
from ...shader import ir
from ...shader.ops.opcodes import ATOMIC_OPCODES
from . import om_gen
from .lane_ir import LaneIR, channel_code, word_type

Op = ir.Opcode
#: D3D11_UAV_DIMENSION → the address layout (memory.py _UAV_DIM)
_UAV_DIM = {1: "buffer", 2: "1d", 3: "1darray", 4: "2d", 5: "2darray", 8: "3d"}
_CLASS = {codecs.NumberClass.FLOAT: "float", codecs.NumberClass.UINT: "uint", codecs.NumberClass.SINT: "sint"}


@dataclass(frozen=True)
class UavKey:
    """Compile-time facts of one typed UAV instruction."""

    op: str  # "load", "store" or the atomic's name (ATOMIC_OPCODES)
    kind: str  # "buffer", "1d", "1darray", "2d", "2darray", "3d", or "unbound"
    codec: tuple | None  # (bpe, word size, om_gen channels, number class) for load / store
    sel: tuple  # load: the texel component of each destination
    ndst: int  # destinations written (atomics: 0 or 1)


class _Codec(LaneIR):
    """The channel codecs (lane_ir.py) emitting into a shader kernel generator ``g`` at its width."""

    def __init__(self, g, prefix: str) -> None:
        super().__init__(g.W, prefix, set())
        self.g = g

    def v(self, s: str) -> str:
        return self.g.v(s)

    def e(self, s: str) -> None:
        self.g.e(s)

    def done(self) -> None:
        for d in self.decls:
            self.g.intr(d)


class UavEmitter:
    """The emitter of one typed UAV instruction (llvm_gen.TextureEmitter; stores and atomics through
    ``emit_standalone``)."""

    wide = True  # any kernel width

    def __init__(self, key: UavKey, ident: int) -> None:
        self.key = key
        self.p = f"uv{ident}_"
        self.standalone = key.op != "load"  # stores and atomics write: llvm_gen calls emit_standalone

    # ---- address -------------------------------------------------------------------------------------
    def _i64(self, g, name: str) -> str:
        return g.vsplat64(g.arg(self.p + name, False))

    def address(self, g, co: list[str]) -> tuple[str, str]:
        """(<W x i64> byte offset into the storage, <W x i1> in range) of the texel addressed by the four
        i32 address components ``co`` (memory.py _texel_offsets, UAV rules; components as signed int64)."""
        k = self.key.kind
        VL, VB = g.VL, g.VB
        c = [g.v(f"sext {g.VI} {x} to {VL}") for x in co]

        def rng(v: str, hi: str) -> str:  # 0 <= v < hi (hi > 0)
            a = g.v(f"icmp sge {VL} {v}, zeroinitializer")
            b = g.v(f"icmp slt {VL} {v}, {hi}")
            return g.v(f"and {VB} {a}, {b}")

        if k == "buffer":
            ok = rng(c[0], self._i64(g, "count"))
            first, bpe = self._i64(g, "first"), self._i64(g, "bpe")
            el = g.v(f"add {VL} {c[0]}, {first}")
            return g.v(f"mul {VL} {el}, {bpe}"), ok
        zero = "zeroinitializer"
        x, y, z, sl = {"1d": (c[0], zero, zero, None), "1darray": (c[0], zero, zero, c[1]),
                       "2d": (c[0], c[1], zero, None), "2darray": (c[0], c[1], zero, c[2]),
                       "3d": (c[0], c[1], c[2], None)}[k]
        offs = g.arg(self.p + "offs")
        if sl is not None:
            ns = self._i64(g, "ns")
            ok = rng(sl, ns)
            top = g.v(f"sub {VL} {ns}, splat (i64 1)")
            neg = g.v(f"icmp slt {VL} {sl}, zeroinitializer")
            s = g.v(f"select {VB} {neg}, {VL} zeroinitializer, {VL} {sl}")
            big = g.v(f"icmp sgt {VL} {s}, {top}")
            s = g.v(f"select {VB} {big}, {VL} {top}, {VL} {s}")
            ptrs = g.v(f"getelementptr i64, ptr {offs}, {VL} {s}")
            g.intr(f"declare {VL} @llvm.masked.gather.v{g.W}i64.v{g.W}p0({g.VP}, i32 immarg, {VB}, {VL})")
            base = g.v(f"call {VL} @llvm.masked.gather.v{g.W}i64.v{g.W}p0({g.VP} {ptrs}, i32 8, {VB} "
                       f"splat (i1 true), {VL} zeroinitializer)")
        else:
            ok = "splat (i1 true)"
            base = g.vsplat64(g.v(f"load i64, ptr {offs}, align 8"))
        if k == "3d":
            zb = self._i64(g, "zb")
            z = g.v(f"add {VL} {z}, {zb}")
        for v, n in ((x, "w"), (y, "h"), (z, "d")):
            if v != zero:
                inside = rng(v, self._i64(g, n))
                ok = g.v(f"and {VB} {ok}, {inside}")
        off = base
        for v, n in ((x, "bpe"), (y, "rp"), (z, "dp")):
            if v != zero:
                term = g.v(f"mul {VL} {v}, {self._i64(g, n)}")
                off = g.v(f"add {VL} {off}, {term}")
        return off, ok

    def _co(self, g, t) -> list[str]:
        return [g.src(s) for s in t.srcs[0]]

    # ---- load ----------------------------------------------------------------------------------------
    def emit(self, g, t, m: str) -> None:
        """ld_uav_typed: the texel's components as register bits, 0 in every component outside the view."""
        k = self.key
        if not t.dsts:
            return
        if k.kind == "unbound":
            for d in t.dsts:
                g.store(d, "zeroinitializer", m)
            return
        off, ok = self.address(g, self._co(g, t))
        ok = g.v(f"and {g.VB} {ok}, {m}")
        bpe, ws, chans, cls = k.codec
        C = _Codec(g, self.p.rstrip("_"))
        data = g.arg(self.p + "data")
        wt = word_type(ws)
        words = []
        for j in range(bpe // ws):
            o = g.v(f"add {g.VL} {off}, splat (i64 {j * ws})") if j else off
            w = C.gather(wt, C.ptrs(data, o), ok)
            words.append(w if ws == 4 else C.cast("zext", w, wt, "i32"))
        one = 0x3F800000 if cls == "float" else 1
        comp = {c: ("zeroinitializer" if c < 3 else f"splat (i32 {one})") for c in range(4)}
        for ch in chans:
            if ch.component is None:
                continue
            code = channel_code(C, ch, words)
            if ch.kind == "uint":
                val = code
            elif ch.kind == "sint":
                sh = C.sp("i32", 32 - ch.bits)
                val = C.bop("ashr", "i32", C.bop("shl", "i32", code, sh), sh) if ch.bits < 32 else code
            else:
                val = C.asi(C.decode(ch, code))
            comp[ch.component] = val
        C.done()
        for d, c in zip(t.dsts, k.sel):
            g.store(d, g.v(f"select {g.VB} {ok}, {g.VI} {comp[c]}, {g.VI} zeroinitializer"), m)

    # ---- store / atomics -------------------------------------------------------------------------------
    def emit_standalone(self, g, t) -> None:
        if self.key.op == "store":
            self._store(g, t)
        else:
            self._atomic(g, t)

    def _store(self, g, t) -> None:
        """store_uav_typed: every component encoded by the view's format, lanes in order, nothing outside."""
        k = self.key
        if k.kind == "unbound":
            return
        g.loop_begin()
        mi = g.load_mask()
        g.skip_idle_step(mi)
        m = g.quiet_filter(g.mbool(mi))
        off, ok = self.address(g, self._co(g, t))
        ok = g.v(f"and {g.VB} {ok}, {m}")
        vals = [g.src(s) for s in t.srcs[1]]
        bpe, ws, chans, cls = k.codec
        C = _Codec(g, self.p.rstrip("_"))
        data = g.arg(self.p + "data")
        wt = word_type(ws)
        for j in range(bpe // ws):
            word = None
            for ch in chans:
                if ch.word != j or ch.component is None:
                    continue  # X bits stay zero, as the codec writes them
                v = vals[ch.component]
                if ch.kind == "uint":
                    code = v if ch.bits == 32 else self._umin(g, v, (1 << ch.bits) - 1)
                elif ch.kind == "sint":
                    code = v
                    if ch.bits < 32:
                        lo, hi = -(1 << (ch.bits - 1)), (1 << (ch.bits - 1)) - 1
                        code = self._call(g, "smax", code, lo)
                        code = self._call(g, "smin", code, hi)
                        code = C.bop("and", "i32", code, C.sp("i32", (1 << ch.bits) - 1))
                else:
                    code = C.encode(ch, C.asf(v))
                if ch.shift:
                    code = C.bop("shl", "i32", code, C.sp("i32", ch.shift))
                word = code if word is None else C.bop("or", "i32", word, code)
            if word is None:
                word = "zeroinitializer"
            if ws != 4:
                word = C.cast("trunc", word, "i32", wt)
            o = g.v(f"add {g.VL} {off}, splat (i64 {j * ws})") if j else off
            C.scatter(wt, word, C.ptrs(data, o), ok)
        C.done()
        g.loop_end()

    @staticmethod
    def _call(g, fn: str, a: str, b: int) -> str:
        g.intr(f"declare {g.VI} @llvm.{fn}.v{g.W}i32({g.VI}, {g.VI})")
        return g.v(f"call {g.VI} @llvm.{fn}.v{g.W}i32({g.VI} {a}, {g.VI} splat (i32 {b}))")

    def _umin(self, g, v: str, hi: int) -> str:
        return self._call(g, "umin", v, hi)

    def _atomic(self, g, t) -> None:
        """An atomic on the 32-bit word at the texel's byte offset (memory.py: ``off >> 2`` of the storage's
        words), lane by lane in lane order; an unbound view gives 0 to every active lane."""
        k = self.key
        if k.kind == "unbound":
            if t.dsts:
                g.loop_begin()
                m = g.mbool(g.load_mask())
                for d in t.dsts:
                    g.store(d, "zeroinitializer", m)
                g.loop_end()
            return

        def address() -> tuple[str, str, str]:
            off, ok = self.address(g, self._co(g, t))
            o = g.v(f"extractelement {g.VL} {off}, i64 0")
            good = g.v(f"extractelement {g.VB} {ok}, i64 0")
            return g.arg(self.p + "data"), g.v(f"ashr i64 {o}, 2"), good

        g.atomic_lanes(address, k.op, [s[0] for s in t.srcs[1:]], t.dsts)


# ---- support (per run) -------------------------------------------------------------------------------

def _codec(fmt: int) -> tuple | str:
    info = format_info(fmt)
    if info.kind in (FormatKind.VIDEO, FormatKind.UNKNOWN, FormatKind.TYPELESS):
        return f"typed UAV format {info.name} has no codec"  # the callback raises the reference's error
    lay = om_gen.rt_layout(fmt)
    if lay is None or any(c.kind == FormatKind.XR_BIAS for c in info.channels):
        return f"typed UAV format {info.name} is not compiled"
    bpe, ws, chans, _ = lay
    return bpe, ws, chans, _CLASS[codecs.number_class(fmt)]


def uav_support(sampler, t, bindings, ident: int):
    """(UavKey, binder) for a typed UAV instruction ``t`` (lower.TexOp), or the reason it stays a callback."""
    o = Op(t.opcode)
    op = "load" if o == Op.LD_UAV_TYPED else "store" if o == Op.STORE_UAV_TYPED else ATOMIC_OPCODES[o]
    sel, ndst = tuple(t.sel), len(t.dsts)
    view = bindings.uavs[t.t] if bindings is not None and t.t < len(bindings.uavs) else None
    if view is None:
        return UavKey(op, "unbound", None, sel, ndst), lambda A: None
    if view.raw or view.structured:
        return "typed UAV instruction on a raw / structured view"
    kind = _UAV_DIM.get(view.dimension)
    if kind is None:
        return f"typed UAV view dimension {view.dimension}"
    codec = None
    if op in ("load", "store"):
        codec = _codec(view.format)
        if isinstance(codec, str):
            return codec
    st = view.storage
    data = st.data
    p = f"uv{ident}_"
    vals: dict = {}
    if kind == "buffer":
        bpe = view.element_size or bytes_per_element(view.format)
        if codec is not None and bpe != codec[0]:
            return "typed buffer view whose element size is not its format's"
        if (view.first_element + view.num_elements) * bpe > data.size:
            return "typed UAV view past its storage"
        vals = {"count": view.num_elements, "first": view.first_element, "bpe": bpe}
        offs = np.zeros(1, np.int64)
    else:
        if st.block_width != 1 or st.block_height != 1 or view.mip_count < 1 or view.slice_count < 1:
            return "typed UAV on a block format or an empty view"
        bpe = bytes_per_element(view.format)
        if codec is not None and bpe != codec[0]:
            return "typed UAV element size differs from its format's"
        L = st.subresources
        ns = view.slice_count if kind != "3d" else 1
        first = view.first_slice if kind != "3d" else 0
        subs = [min(view.first_mip + (first + j) * st.mip_levels, len(L) - 1) for j in range(ns)]
        q0 = L[subs[0]]
        if any((L[s].width, L[s].height, L[s].depth, L[s].row_pitch, L[s].depth_pitch)
               != (q0.width, q0.height, q0.depth, q0.row_pitch, q0.depth_pitch) for s in subs):
            return "typed UAV slices of different layouts"
        d = q0.depth
        zb = 0
        if kind == "3d":
            zb = view.first_slice
            d = min(d, view.first_slice + view.slice_count)
        offs = np.array([L[s].offset for s in subs], np.int64)
        if q0.width <= 0 or q0.height <= 0 or d <= 0:
            return "typed UAV view of no texels"
        last = int(offs.max()) + (d - 1) * q0.depth_pitch + (q0.height - 1) * q0.row_pitch + q0.width * bpe
        if last > data.size:
            return "typed UAV view past its storage"
        vals = {"w": q0.width, "h": q0.height, "d": d, "rp": q0.row_pitch, "dp": q0.depth_pitch, "ns": ns,
                "zb": zb, "bpe": bpe}
    if op not in ("load", "store") and data.size % 4:
        return "typed UAV atomics on storage that is not whole words"

    def bind(A) -> None:
        A.ptr(p + "data", st.data)
        A.ptr(p + "offs", offs)
        for name, v in vals.items():
            A.set(p + name, v)

    return UavKey(op, kind, codec, sel, ndst), bind


#: opcodes uav_support takes (build_plan dispatches them here)
UAV_OPCODES = frozenset({Op.LD_UAV_TYPED, Op.STORE_UAV_TYPED, *ATOMIC_OPCODES})
