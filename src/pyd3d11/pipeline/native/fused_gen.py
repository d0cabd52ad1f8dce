"""LLVM IR of the fused per-tile pixel pipeline (issue 12, point 2): one function per :class:`FusedKey` that,
for one screen tile and the draw's pieces binned to it in submission order, rasterizes 2x2 quads with the
exact 16.8 fixed-point edge functions, interpolates only what the pixel shader reads, runs the compiled
pixel-shader kernel (shader/native/llvm_gen.py, called through its entry point) on a batch of lanes, and
applies the depth test and the colour writes lane by lane in lane order.

Every step repeats the numpy reference operation for operation (D3D11.3 §3.4 rasterization rules,
§16.4 interpolation, §17 output merger; pipeline/rasterizer.py, interpolate.py, output_merger.py, blend.py,
depth_stencil.py, formats/numerics.py): float64 planes ``c0*x + c1*y + c2`` in that order, the perspective
divide in float64 and one rounding to float32; blending in float32 with separate multiplies and adds (no
fused multiply-add: no fast-math flags are ever emitted); UNORM encode through float64 with +0.5 and
truncation; sRGB through the reference's exact float32 decision thresholds.

Arguments: two int64 arrays (named slots, see :class:`Slots`): ``D`` per draw (piece tables, target
pointers) and ``T`` per worker thread (lane batch buffers, the pixel-shader argument array, counters).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..blend import (
    BLEND_FACTOR,
    DEST_ALPHA,
    DEST_COLOR,
    INV_BLEND_FACTOR,
    INV_DEST_ALPHA,
    INV_DEST_COLOR,
    INV_SRC1_ALPHA,
    INV_SRC1_COLOR,
    INV_SRC_ALPHA,
    INV_SRC_COLOR,
    ONE,
    OP_ADD,
    OP_MAX,
    OP_MIN,
    OP_REV_SUBTRACT,
    OP_SUBTRACT,
    SRC1_ALPHA,
    SRC1_COLOR,
    SRC_ALPHA,
    SRC_ALPHA_SAT,
    SRC_COLOR,
    ZERO,
)

V4F = "<4 x float>"
V4D = "<4 x double>"
V4I = "<4 x i32>"
V4L = "<4 x i64>"
V4B = "<4 x i1>"

# D3D11_COMPARISON_FUNC -> (integer predicate, float predicate); NEVER = 1, ALWAYS = 8.
_CMP = {2: ("ult", "olt"), 3: ("eq", "oeq"), 4: ("ule", "ole"), 5: ("ugt", "ogt"), 6: ("ne", "une"),
        7: ("uge", "oge")}


@dataclass(frozen=True)
class RTSpec:
    """One colour target the draw writes."""

    index: int  # RT slot = PS output register
    layout: str  # "rgba8" | "bgra8" | "rgba32f"
    srgb: bool
    has_reg: bool  # the PS has output register o<index> (else it reads as 0)
    blend: tuple | None  # (SrcBlend, DestBlend, BlendOp, SrcBlendAlpha, DestBlendAlpha, BlendOpAlpha) or None
    write_mask: int
    dual: bool = False  # a factor reads o1


@dataclass(frozen=True)
class FusedKey:
    tile: int  # tile edge in pixels (even)
    batch: int  # lanes per pixel-shader batch (multiple of 8)
    inputs: tuple  # (kind, reg, comp, index) per produced input component
    v_regs: int
    o_regs: int
    has_ps: bool
    ps_n_slot: int
    depth: tuple | None  # (format tag "d24"|"d16"|"d32"|"d32s8", func, write) when the depth test runs
    rts: tuple  # RTSpec per written target
    sample_bit: bool  # bit 0 of the sample mask


@dataclass
class Slots:
    d: dict = field(default_factory=dict)
    t: dict = field(default_factory=dict)


_D_NAMES = ("tile_list", "tile_off", "tiles_x", "A", "B", "C", "tl", "rect", "planes", "invw", "zplane",
            "flat", "front", "primid", "vpmin", "vpmax", "P", "ds_base", "ds_pitch", "ps_fn", "bf", "srgb_t",
            "srgb_lut", "next", "n_tiles") + tuple(f"rt{i}_{s}" for i in range(8) for s in ("base", "pitch"))
_T_NAMES = ("ps_args", "lx", "ly", "lp", "lc", "v", "o", "disc", "depth", "count")


def slots() -> Slots:
    return Slots({n: i for i, n in enumerate(_D_NAMES)}, {n: i for i, n in enumerate(_T_NAMES)})


class _Emit:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0
        self.decls: set[str] = set()

    def tmp(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def label(self, base: str) -> str:
        self.n += 1
        return f"{base}{self.n}"

    def e(self, s: str) -> None:
        self.lines.append("  " + s)

    def v(self, s: str) -> str:
        t = self.tmp()
        self.e(f"{t} = {s}")
        return t

    def put(self, lab: str) -> None:
        self.lines.append(f"{lab}:")

    def br(self, lab: str) -> None:
        self.e(f"br label %{lab}")

    def cbr(self, c: str, a: str, b: str) -> None:
        self.e(f"br i1 {c}, label %{a}, label %{b}")

    def load_slot(self, base: str, idx: int, ptr: bool) -> str:
        p = self.v(f"getelementptr i64, ptr {base}, i64 {idx}")
        return self.v(f"load {'ptr' if ptr else 'i64'}, ptr {p}, align 8")

    def gep(self, t: str, base: str, idx: str) -> str:
        return self.v(f"getelementptr {t}, ptr {base}, i64 {idx}")

    def ld(self, t: str, base: str, idx: str, align: int = 4) -> str:
        return self.v(f"load {t}, ptr {self.gep(t.split(' x ')[-1].rstrip('>') if t.startswith('<') else t, base, idx)}, align {align}")


def _fconst(x: float) -> str:
    import struct

    return "0x{:016X}".format(struct.unpack("<Q", struct.pack("<d", float(x)))[0])


def _vec(t: str, vals) -> str:
    return "<" + ", ".join(f"{t} {v}" for v in vals) + ">"


def generate(key: FusedKey) -> str:
    """LLVM IR text of ``void @fused(ptr D, ptr T, i64 tile)``."""
    g = _Gen(key)
    return g.build()


class _Gen(_Emit):
    def __init__(self, key: FusedKey) -> None:
        super().__init__()
        self.k = key
        self.s = slots()

    # --- argument access (entry block values) ------------------------------------------------------
    def darg(self, name: str, ptr: bool = True) -> str:
        return self.load_slot("%D", self.s.d[name], ptr)

    def targ(self, name: str, ptr: bool = True) -> str:
        return self.load_slot("%T", self.s.t[name], ptr)

    # --- whole module ------------------------------------------------------------------------------
    def build(self) -> str:
        tile_fn = self._tile_fn()
        flush_fn = self._flush_fn()
        head = sorted(self.decls)
        return "\n".join(head + flush_fn + tile_fn + self._run_fn()) + "\n"

    def _run_fn(self) -> list[str]:
        """``void @fused_run(ptr D, ptr T)``: tiles taken from the draw's shared counter until none is left
        (each worker thread calls it once; tiles are disjoint, so the order they run in cannot matter)."""
        self.lines = []
        nxt = self.darg("next")
        nt = self.darg("n_tiles", False)
        self.br("head")
        self.put("head")
        t = self.v(f"atomicrmw add ptr {nxt}, i64 1 monotonic")
        more = self.v(f"icmp ult i64 {t}, {nt}")
        self.cbr(more, "body", "done")
        self.put("body")
        self.e(f"call void @fused(ptr %D, ptr %T, i64 {t})")
        self.br("head")
        self.put("done")
        self.e("ret void")
        return ["define void @fused_run(ptr noalias %D, ptr noalias %T) {", "entry:"] + self.lines + ["}"]

    # --- rasterization of one tile -----------------------------------------------------------------
    def _tile_fn(self) -> list[str]:
        k = self.k
        TS, B = k.tile, k.batch
        self.lines = []
        self.e("%nl = alloca i64, align 8")
        self.e("store i64 0, ptr %nl, align 8")
        lst = self.darg("tile_list")
        off = self.darg("tile_off")
        tx_n = self.darg("tiles_x", False)
        Ap, Bp, Cp, TLp, Rp = (self.darg(n) for n in ("A", "B", "C", "tl", "rect"))
        lx, ly, lp, lc = (self.targ(n) for n in ("lx", "ly", "lp", "lc"))
        ty = self.v(f"udiv i64 %tile, {tx_n}")
        tx = self.v(f"urem i64 %tile, {tx_n}")
        X0 = self.v(f"mul i64 {tx}, {TS}")
        Y0 = self.v(f"mul i64 {ty}, {TS}")
        X1 = self.v(f"add i64 {X0}, {TS}")
        Y1 = self.v(f"add i64 {Y0}, {TS}")
        j0 = self.ld("i64", off, "%tile", 8)
        t1 = self.v("add i64 %tile, 1")
        j1 = self.ld("i64", off, t1, 8)
        self.br("tri_head")
        self.put("tri_head")
        self.e(f"%j = phi i64 [ {j0}, %entry ], [ %jn, %tri_next ]")
        more = self.v(f"icmp slt i64 %j, {j1}")
        self.cbr(more, "tri_body", "tiles_done")
        self.put("tri_body")
        p32 = self.ld("i32", lst, "%j")
        p = self.v(f"zext i32 {p32} to i64")
        p4 = self.v(f"mul i64 {p}, 4")
        rect = []
        for c in range(4):
            i = self.v(f"add i64 {p4}, {c}")
            rect.append(self.v(f"sext i32 {self.ld('i32', Rp, i)} to i64"))
        self.decls.add("declare i64 @llvm.smax.i64(i64, i64)")
        self.decls.add("declare i64 @llvm.smin.i64(i64, i64)")
        rx0 = self.v(f"call i64 @llvm.smax.i64(i64 {rect[0]}, i64 {X0})")
        ry0 = self.v(f"call i64 @llvm.smax.i64(i64 {rect[1]}, i64 {Y0})")
        rx1 = self.v(f"call i64 @llvm.smin.i64(i64 {rect[2]}, i64 {X1})")
        ry1 = self.v(f"call i64 @llvm.smin.i64(i64 {rect[3]}, i64 {Y1})")
        e1 = self.v(f"icmp sge i64 {rx0}, {rx1}")
        e2 = self.v(f"icmp sge i64 {ry0}, {ry1}")
        empty = self.v(f"or i1 {e1}, {e2}")
        self.cbr(empty, "tri_next", "tri_setup")
        self.put("tri_setup")
        p3 = self.v(f"mul i64 {p}, 3")
        A, Bc, C, TL = [], [], [], []
        for ei in range(3):
            i = self.v(f"add i64 {p3}, {ei}")
            A.append(self.ld("i64", Ap, i, 8))
            Bc.append(self.ld("i64", Bp, i, 8))
            C.append(self.ld("i64", Cp, i, 8))
            tlw = self.ld("i32", TLp, i)
            tlb = self.v(f"icmp ne i32 {tlw}, 0")
            TL.append(self.v(f"insertelement {V4B} poison, i1 {tlb}, i64 0"))
        TLs = [self.v(f"shufflevector {V4B} {t}, {V4B} poison, <4 x i32> zeroinitializer") for t in TL]
        qx0 = self.v(f"and i64 {rx0}, -2")
        qy0 = self.v(f"and i64 {ry0}, -2")
        # lane offsets of the edge value inside a quad: (0,0) (1,0) (0,1) (1,1) pixels = 256 units
        offs, steps = [], []
        for ei in range(3):
            a256 = self.v(f"mul i64 {A[ei]}, 256")
            b256 = self.v(f"mul i64 {Bc[ei]}, 256")
            ab = self.v(f"add i64 {a256}, {b256}")
            o = self.v(f"insertelement {V4L} <i64 0, i64 0, i64 0, i64 0>, i64 {a256}, i64 1")
            o = self.v(f"insertelement {V4L} {o}, i64 {b256}, i64 2")
            o = self.v(f"insertelement {V4L} {o}, i64 {ab}, i64 3")
            offs.append(o)
            st = self.v(f"mul i64 {A[ei]}, 512")
            si = self.v(f"insertelement {V4L} poison, i64 {st}, i64 0")
            steps.append(self.v(f"shufflevector {V4L} {si}, {V4L} poison, <4 x i32> zeroinitializer"))
        self.br("row_head")
        self.put("row_head")
        self.e(f"%qy = phi i64 [ {qy0}, %tri_setup ], [ %qyn, %row_next ]")
        rc = self.v(f"icmp slt i64 %qy, {ry1}")
        self.cbr(rc, "row_body", "tri_next")
        self.put("row_body")
        # edge values at the sample (centre) of the row's first quad's top-left lane
        sx = self.v(f"mul i64 {qx0}, 256")
        sx = self.v(f"add i64 {sx}, 128")
        sy = self.v("mul i64 %qy, 256")
        sy = self.v(f"add i64 {sy}, 128")
        ev0 = []
        for ei in range(3):
            a = self.v(f"mul i64 {A[ei]}, {sx}")
            b = self.v(f"mul i64 {Bc[ei]}, {sy}")
            s = self.v(f"add i64 {a}, {b}")
            s = self.v(f"add i64 {s}, {C[ei]}")
            si = self.v(f"insertelement {V4L} poison, i64 {s}, i64 0")
            sp = self.v(f"shufflevector {V4L} {si}, {V4L} poison, <4 x i32> zeroinitializer")
            ev0.append(self.v(f"add {V4L} {sp}, {offs[ei]}"))
        # rows of the quad inside [ry0, ry1)
        pyv = self.v(f"insertelement {V4L} poison, i64 %qy, i64 0")
        pyv = self.v(f"shufflevector {V4L} {pyv}, {V4L} poison, <4 x i32> zeroinitializer")
        pyv = self.v(f"add {V4L} {pyv}, <i64 0, i64 0, i64 1, i64 1>")
        ry0v = self.splat64(ry0)
        ry1v = self.splat64(ry1)
        rx0v = self.splat64(rx0)
        rx1v = self.splat64(rx1)
        yin = self.v(f"and {V4B} {self.v(f'icmp sge {V4L} {pyv}, {ry0v}')}, {self.v(f'icmp slt {V4L} {pyv}, {ry1v}')}")
        self.br("col_head")
        self.put("col_head")
        self.e(f"%qx = phi i64 [ {qx0}, %row_body ], [ %qxn, %col_next ]")
        for ei in range(3):
            self.e(f"%E{ei} = phi {V4L} [ {ev0[ei]}, %row_body ], [ %En{ei}, %col_next ]")
        cc = self.v(f"icmp slt i64 %qx, {rx1}")
        self.cbr(cc, "col_body", "row_next")
        self.put("col_body")
        cov = yin
        for ei in range(3):
            gt = self.v(f"icmp sgt {V4L} %E{ei}, zeroinitializer")
            eq = self.v(f"icmp eq {V4L} %E{ei}, zeroinitializer")
            eqt = self.v(f"and {V4B} {eq}, {TLs[ei]}")
            ok = self.v(f"or {V4B} {gt}, {eqt}")
            cov = self.v(f"and {V4B} {cov}, {ok}")
        pxv = self.v(f"add {V4L} {self.splat64('%qx')}, <i64 0, i64 1, i64 0, i64 1>")
        xin = self.v(f"and {V4B} {self.v(f'icmp sge {V4L} {pxv}, {rx0v}')}, {self.v(f'icmp slt {V4L} {pxv}, {rx1v}')}")
        cov = self.v(f"and {V4B} {cov}, {xin}")
        self.decls.add("declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)")
        anyc = self.v(f"call i1 @llvm.vector.reduce.or.v4i1({V4B} {cov})")
        self.cbr(anyc, "emit", "col_next")
        self.put("emit")
        n = self.v("load i64, ptr %nl, align 8")
        x32 = self.v(f"trunc {V4L} {pxv} to {V4I}")
        y32 = self.v(f"trunc {V4L} {pyv} to {V4I}")
        self.e(f"store {V4I} {x32}, ptr {self.gep('i32', lx, n)}, align 4")
        self.e(f"store {V4I} {y32}, ptr {self.gep('i32', ly, n)}, align 4")
        pv = self.v(f"insertelement {V4I} poison, i32 {p32}, i64 0")
        pv = self.v(f"shufflevector {V4I} {pv}, {V4I} poison, <4 x i32> zeroinitializer")
        self.e(f"store {V4I} {pv}, ptr {self.gep('i32', lp, n)}, align 4")
        cz = self.v(f"zext {V4B} {cov} to {V4I}")
        self.e(f"store {V4I} {cz}, ptr {self.gep('i32', lc, n)}, align 4")
        n4 = self.v(f"add i64 {n}, 4")
        full = self.v(f"icmp uge i64 {n4}, {B}")
        self.cbr(full, "emit_flush", "emit_keep")
        self.put("emit_flush")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n4})")
        self.e("store i64 0, ptr %nl, align 8")
        self.br("col_next")
        self.put("emit_keep")
        self.e(f"store i64 {n4}, ptr %nl, align 8")
        self.br("col_next")
        self.put("col_next")
        self.e("%qxn = add i64 %qx, 2")
        for ei in range(3):
            self.e(f"%En{ei} = add {V4L} %E{ei}, {steps[ei]}")
        self.br("col_head")
        self.put("row_next")
        self.e("%qyn = add i64 %qy, 2")
        self.br("row_head")
        self.put("tri_next")
        self.e("%jn = add i64 %j, 1")
        self.br("tri_head")
        self.put("tiles_done")
        n = self.v("load i64, ptr %nl, align 8")
        some = self.v(f"icmp ne i64 {n}, 0")
        self.cbr(some, "last_flush", "exit")
        self.put("last_flush")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n})")
        self.br("exit")
        self.put("exit")
        self.e("ret void")
        return ["define void @fused(ptr noalias %D, ptr noalias %T, i64 %tile) {", "entry:"] + self.lines + ["}"]

    def splat64(self, x: str) -> str:
        i = self.v(f"insertelement {V4L} poison, i64 {x}, i64 0")
        return self.v(f"shufflevector {V4L} {i}, {V4L} poison, <4 x i32> zeroinitializer")

    def splat_t(self, t: str, x: str) -> str:
        i = self.v(f"insertelement <4 x {t}> poison, {t} {x}, i64 0")
        return self.v(f"shufflevector <4 x {t}> {i}, <4 x {t}> poison, <4 x i32> zeroinitializer")

    # --- one batch: interpolate, shade, merge --------------------------------------------------------
    def _flush_fn(self) -> list[str]:
        k = self.k
        B = k.batch
        self.lines = []
        lx, ly, lp, lc = (self.targ(n) for n in ("lx", "ly", "lp", "lc"))
        vb, ob, disc, dep, cnt = (self.targ(n) for n in ("v", "o", "disc", "depth", "count"))
        P = self.darg("P", False)
        need_invw = any(kind in ("persp", "posw") for kind, *_ in k.inputs)
        need_z = k.depth is not None or any(kind == "posz" for kind, *_ in k.inputs)
        planes = self.darg("planes") if any(kind in ("persp", "linear") for kind, *_ in k.inputs) else None
        invw = self.darg("invw") if need_invw else None
        zpl = self.darg("zplane") if need_z else None
        flat = self.darg("flat") if any(kind == "flat" for kind, *_ in k.inputs) else None
        front = self.darg("front") if any(kind == "front" for kind, *_ in k.inputs) else None
        primid = self.darg("primid") if any(kind == "primid" for kind, *_ in k.inputs) else None
        # ---- interpolation, quad by quad (4 lanes share the piece's plane coefficients) ----
        self.br("iq_head")
        self.put("iq_head")
        self.e("%q = phi i64 [ 0, %entry ], [ %qn, %iq_body ]")
        c = self.v("icmp ult i64 %q, %n")
        self.cbr(c, "iq_body", "iq_done")
        self.put("iq_body")
        p = self.v(f"zext i32 {self.ld('i32', lp, '%q')} to i64")
        xi = self.v(f"load {V4I}, ptr {self.gep('i32', lx, '%q')}, align 4")
        yi = self.v(f"load {V4I}, ptr {self.gep('i32', ly, '%q')}, align 4")
        half = _vec("double", [_fconst(0.5)] * 4)
        xd = self.v(f"fadd {V4D} {self.v(f'sitofp {V4I} {xi} to {V4D}')}, {half}")
        yd = self.v(f"fadd {V4D} {self.v(f'sitofp {V4I} {yi} to {V4D}')}, {half}")

        def plane(base: str, first_row: str) -> str:
            """c0*x + c1*y + c2 of the plane whose coefficient rows start at row ``first_row`` (rows of P)."""
            cs = []
            for j in range(3):
                r = self.v(f"add i64 {first_row}, {j}")
                i = self.v(f"mul i64 {r}, {P}")
                i = self.v(f"add i64 {i}, {p}")
                cs.append(self.splat_t("double", self.ld("double", base, i, 8)))
            out = self.v(f"fmul {V4D} {cs[0]}, {xd}")
            out = self.v(f"fadd {V4D} {out}, {self.v(f'fmul {V4D} {cs[1]}, {yd}')}")
            return self.v(f"fadd {V4D} {out}, {cs[2]}")

        iw = plane(invw, "0") if need_invw else None
        zf = None
        if need_z:
            zf = self.v(f"fptrunc {V4D} {plane(zpl, '0')} to {V4F}")
            if k.depth is not None:
                self.e(f"store {V4F} {zf}, ptr {self.gep('float', dep, '%q')}, align 4")

        def store_in(reg: int, comp: int, bits: str) -> None:
            row = (reg * 4 + comp) * B
            i = self.v(f"add i64 %q, {row}")
            self.e(f"store {V4I} {bits}, ptr {self.gep('i32', vb, i)}, align 4")

        for kind, reg, comp, idx in k.inputs:
            if kind in ("persp", "linear"):
                val = plane(planes, str(idx * 3))
                if kind == "persp":
                    val = self.v(f"fdiv {V4D} {val}, {iw}")
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {val} to {V4F}')} to {V4I}")
            elif kind == "posx":
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {xd} to {V4F}')} to {V4I}")
            elif kind == "posy":
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {yd} to {V4F}')} to {V4I}")
            elif kind == "posz":
                bits = self.v(f"bitcast {V4F} {zf} to {V4I}")
            elif kind == "posw":
                one = _vec("double", [_fconst(1.0)] * 4)
                w = self.v(f"fdiv {V4D} {one}, {iw}")
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {w} to {V4F}')} to {V4I}")
            elif kind == "flat":
                i = self.v(f"mul i64 {P}, {idx}")
                i = self.v(f"add i64 {i}, {p}")
                bits = self.splat_t("i32", self.ld("i32", flat, i))
            elif kind == "front":
                f = self.ld("i32", front, p)
                bits = self.splat_t("i32", f)
            elif kind == "primid":
                bits = self.splat_t("i32", self.ld("i32", primid, p))
            else:
                raise AssertionError(kind)
            store_in(reg, comp, bits)
        self.e("%qn = add i64 %q, 4")
        self.br("iq_head")
        self.put("iq_done")
        # ---- pixel shader ----
        if k.has_ps:
            self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            nb = self.v("mul i64 %n, 4")
            self.e(f"call void @llvm.memset.p0.i64(ptr {disc}, i8 0, i64 {nb}, i1 false)")
            self.e(f"call void @llvm.memset.p0.i64(ptr {ob}, i8 0, i64 {k.o_regs * 4 * B * 4}, i1 false)")
            args = self.targ("ps_args")
            fn = self.darg("ps_fn")
            self.e(f"store i64 %n, ptr {self.gep('i64', args, str(k.ps_n_slot))}, align 8")
            self.e(f"call void {fn}(ptr {args})")
        # ---- output merger, lane by lane in lane order ----
        self._om(lx, ly, lp, lc, ob, disc, dep, cnt)
        return (["define internal void @flush(ptr noalias %D, ptr noalias %T, i64 %n) {", "entry:"]
                + self.lines + ["}"])

    def _om(self, lx, ly, lp, lc, ob, disc, dep, cnt) -> None:  # noqa: C901
        k = self.k
        B = k.batch
        depth = k.depth
        if depth is not None:
            vpmin, vpmax = self.darg("vpmin"), self.darg("vpmax")
            dsb, dsp = self.darg("ds_base"), self.darg("ds_pitch", False)
        rtp = [(self.darg(f"rt{r.index}_base"), self.darg(f"rt{r.index}_pitch", False)) for r in k.rts]
        bf = self.darg("bf") if any(r.blend for r in k.rts) else None
        srgb_t = self.darg("srgb_t") if any(r.srgb for r in k.rts) else None
        srgb_lut = self.darg("srgb_lut") if any(r.srgb for r in k.rts) else None
        self.e("%live = alloca i64, align 8")
        self.e("%pass = alloca i64, align 8")
        self.e("store i64 0, ptr %live, align 8")
        self.e("store i64 0, ptr %pass, align 8")
        self.br("om_head")
        self.put("om_head")
        self.e("%i = phi i64 [ 0, %iq_done ], [ %in, %om_next ]")
        c = self.v("icmp ult i64 %i, %n")
        self.cbr(c, "om_body", "om_done")
        self.put("om_body")
        cov = self.ld("i32", lc, "%i")
        cz = self.v(f"icmp eq i32 {cov}, 0")
        self.cbr(cz, "om_next", "om_live")
        self.put("om_live")
        lv = self.v("load i64, ptr %live, align 8")
        self.e(f"store i64 {self.v(f'add i64 {lv}, 1')}, ptr %live, align 8")
        if k.has_ps:
            d = self.ld("i32", disc, "%i")
            dz = self.v(f"icmp ne i32 {d}, 0")
            self.cbr(dz, "om_next", "om_alive")
        else:
            self.br("om_alive")
        self.put("om_alive")
        if not k.sample_bit:
            self.br("om_next")
            self.put(self.label("dead"))
            self.br("om_next")
        x = self.v(f"sext i32 {self.ld('i32', lx, '%i')} to i64")
        y = self.v(f"sext i32 {self.ld('i32', ly, '%i')} to i64")
        if depth is not None:
            fmt, func, write = depth
            p = self.v(f"zext i32 {self.ld('i32', lp, '%i')} to i64")
            z = self.ld("float", dep, "%i")
            lo = self.ld("float", vpmin, p)
            hi = self.ld("float", vpmax, p)
            # np.fmin(np.fmax(z, lo), hi): a NaN operand yields the other one
            self.decls.add("declare float @llvm.maxnum.f32(float, float)")
            self.decls.add("declare float @llvm.minnum.f32(float, float)")
            z = self.v(f"call float @llvm.maxnum.f32(float {z}, float {lo})")
            z = self.v(f"call float @llvm.minnum.f32(float {z}, float {hi})")
            row = self.v(f"mul i64 {y}, {dsp}")
            size = {"d24": 4, "d16": 2, "d32": 4, "d32s8": 8}[fmt]
            col = self.v(f"mul i64 {x}, {size}")
            addr = self.v(f"getelementptr i8, ptr {dsb}, i64 {self.v(f'add i64 {row}, {col}')}")
            if fmt in ("d24", "d16"):
                bits = 24 if fmt == "d24" else 16
                q = self.unorm_code(z, bits)  # i32
                if fmt == "d24":
                    word = self.v(f"load i32, ptr {addr}, align 4")
                    stored = self.v(f"and i32 {word}, 16777215")
                else:
                    stored = self.v(f"zext i16 {self.v(f'load i16, ptr {addr}, align 2')} to i32")
                pr = self.cmp_int(func, q, stored)
            else:
                # float depth: denormals flush to +0 (|z| < FLT_MIN), other values unchanged
                self.decls.add("declare float @llvm.fabs.f32(float)")
                a = self.v(f"call float @llvm.fabs.f32(float {z})")
                small = self.v(f"fcmp olt float {a}, 0x3810000000000000")
                q = self.v(f"select i1 {small}, float 0.0, float {z}")
                stored = self.v(f"load float, ptr {addr}, align 4")
                pr = self.cmp_float(func, q, stored)
            self.cbr(pr, "dpass", "om_next")
            self.put("dpass")
            if write:
                if fmt == "d24":
                    hi8 = self.v(f"and i32 {word}, -16777216")
                    self.e(f"store i32 {self.v(f'or i32 {hi8}, {q}')}, ptr {addr}, align 4")
                elif fmt == "d16":
                    self.e(f"store i16 {self.v(f'trunc i32 {q} to i16')}, ptr {addr}, align 2")
                else:
                    self.e(f"store float {q}, ptr {addr}, align 4")
        ps = self.v("load i64, ptr %pass, align 8")
        self.e(f"store i64 {self.v(f'add i64 {ps}, 1')}, ptr %pass, align 8")
        for r, (base, pitch) in zip(k.rts, rtp, strict=True):
            self.rt_write(r, base, pitch, x, y, ob, B, bf, srgb_t, srgb_lut)
        self.br("om_next")
        self.put("om_next")
        self.e("%in = add i64 %i, 1")
        self.br("om_head")
        self.put("om_done")
        for slot, name in ((0, "%live"), (1, "%pass")):
            p = self.gep("i64", cnt, str(slot))
            old = self.v(f"load i64, ptr {p}, align 8")
            add = self.v(f"load i64, ptr {name}, align 8")
            new = self.v(f"add i64 {old}, {add}")
            self.e(f"store i64 {new}, ptr {p}, align 8")
        self.e("ret void")

    def cmp_int(self, func: int, a: str, b: str) -> str:
        if func == 1:
            return "false"
        if func == 8:
            return "true"
        return self.v(f"icmp {_CMP[func][0]} i32 {a}, {b}")

    def cmp_float(self, func: int, a: str, b: str) -> str:
        if func == 1:
            return "false"
        if func == 8:
            return "true"
        return self.v(f"fcmp {_CMP[func][1]} float {a}, {b}")

    def unorm_code(self, f: str, bits: int) -> str:
        """float_to_unorm (formats/numerics.py): float64 fmax(x, 0) with NaN -> 0, min 1, * (2^n - 1), + 0.5,
        truncate; i32 code."""
        d = self.v(f"fpext float {f} to double")
        pos = self.v(f"fcmp ogt double {d}, 0.0")  # false for NaN and <= 0
        d = self.v(f"select i1 {pos}, double {d}, double 0.0")
        gt1 = self.v(f"fcmp ogt double {d}, 1.0")
        d = self.v(f"select i1 {gt1}, double 1.0, double {d}")
        d = self.v(f"fmul double {d}, {_fconst((1 << bits) - 1)}")
        d = self.v(f"fadd double {d}, 0.5")
        return self.v(f"fptoui double {d} to i32")

    def rt_write(self, r: RTSpec, base: str, pitch: str, x: str, y: str, ob: str, B: int, bf, srgb_t,
                 srgb_lut) -> None:  # noqa: C901
        row = self.v(f"mul i64 {y}, {pitch}")
        bpp = 16 if r.layout == "rgba32f" else 4
        col = self.v(f"mul i64 {x}, {bpp}")
        addr = self.v(f"getelementptr i8, ptr {base}, i64 {self.v(f'add i64 {row}, {col}')}")

        def reg_vec(reg: int) -> str:
            vec = "zeroinitializer"
            for c in range(4):
                i = self.v(f"add i64 %i, {(reg * 4 + c) * B}")
                f = self.ld("float", ob, i)
                vec = self.v(f"insertelement {V4F} {vec}, float {f}, i64 {c}")
            return vec

        src = reg_vec(r.index) if r.has_reg else "zeroinitializer"
        unorm = r.layout != "rgba32f"
        if unorm:
            src = self.clip01(src)
        need_dst = r.blend is not None or (r.write_mask & 0xF) != 0xF
        dst = None
        if need_dst:
            if unorm:
                word = self.v(f"load <4 x i8>, ptr {addr}, align 1")
                if r.layout == "bgra8":
                    word = self.v(f"shufflevector <4 x i8> {word}, <4 x i8> poison, <4 x i32> <i32 2, i32 1, i32 0, i32 3>")
                if r.srgb:
                    codes = self.v(f"zext <4 x i8> {word} to <4 x i64>")
                    dst = "zeroinitializer"
                    for c in range(4):
                        ci = self.v(f"extractelement <4 x i64> {codes}, i64 {c}")
                        # alpha of an _SRGB format is plain UNORM
                        if c == 3:
                            f = self.v(f"fdiv float {self.v(f'uitofp i64 {ci} to float')}, 2.550000e+02")
                        else:
                            f = self.ld("float", srgb_lut, ci)
                        dst = self.v(f"insertelement {V4F} {dst}, float {f}, i64 {c}")
                else:
                    f = self.v(f"uitofp <4 x i8> {word} to {V4F}")
                    dst = self.v(f"fdiv {V4F} {f}, <float 2.550000e+02, float 2.550000e+02, float 2.550000e+02, float 2.550000e+02>")
            else:
                dst = self.v(f"load {V4F}, ptr {addr}, align 4")
        out = src
        if r.blend is not None:
            src1 = src
            if r.dual:
                src1 = reg_vec(1) if self.k.o_regs > 1 else "zeroinitializer"
                if unorm:
                    src1 = self.clip01(src1)
            bfv = self.v(f"load {V4F}, ptr {self.gep('float', bf, str(4 * r.index))}, align 4")
            sb, db, op, sba, dba, opa = r.blend
            sf_c = self.factor(sb, src, src1, dst, bfv)
            df_c = self.factor(db, src, src1, dst, bfv)
            col = self.blend_op(op, src, sf_c, dst, df_c)
            sf_a = self.factor(sba, src, src1, dst, bfv)
            df_a = self.factor(dba, src, src1, dst, bfv)
            alp = self.blend_op(opa, src, sf_a, dst, df_a)
            out = self.v(f"shufflevector {V4F} {col}, {V4F} {alp}, <4 x i32> <i32 0, i32 1, i32 2, i32 7>")
        if (r.write_mask & 0xF) != 0xF:
            m = _vec("i1", ["true" if (r.write_mask >> c) & 1 else "false" for c in range(4)])
            out = self.v(f"select {V4B} {m}, {V4F} {out}, {V4F} {dst}")
        if not unorm:
            self.e(f"store {V4F} {out}, ptr {addr}, align 4")
            return
        codes = []
        for c in range(4):
            f = self.v(f"extractelement {V4F} {out}, i64 {c}")
            if r.srgb and c < 3:
                codes.append(self.srgb_code(f, srgb_t))
            else:
                codes.append(self.unorm_code(f, 8))
        vec = "zeroinitializer"
        order = (2, 1, 0, 3) if r.layout == "bgra8" else (0, 1, 2, 3)
        for byte, c in enumerate(order):
            vec = self.v(f"insertelement {V4I} {vec}, i32 {codes[c]}, i64 {byte}")
        b8 = self.v(f"trunc {V4I} {vec} to <4 x i8>")
        self.e(f"store <4 x i8> {b8}, ptr {addr}, align 1")

    def clip01(self, v: str) -> str:
        """np.clip(v, 0, 1) in float32: NaN stays NaN."""
        lt = self.v(f"fcmp olt {V4F} {v}, zeroinitializer")
        v = self.v(f"select {V4B} {lt}, {V4F} zeroinitializer, {V4F} {v}")
        one = _vec("float", ["1.0"] * 4)
        gt = self.v(f"fcmp ogt {V4F} {v}, {one}")
        return self.v(f"select {V4B} {gt}, {V4F} {one}, {V4F} {v}")

    def srgb_code(self, f: str, table: str) -> str:
        """float_to_srgb: NaN -> 0, then the count of thresholds t[0..254] <= f (a binary search)."""
        isnan = self.v(f"fcmp uno float {f}, 0.0")
        f = self.v(f"select i1 {isnan}, float 0.0, float {f}")
        lo = "0"
        for step in (128, 64, 32, 16, 8, 4, 2, 1):
            cand = self.v(f"add i32 {lo}, {step}")
            inr = self.v(f"icmp ule i32 {cand}, 255")
            idx = self.v(f"sub i32 {cand}, 1")
            idx = self.v(f"select i1 {inr}, i32 {idx}, i32 0")
            t = self.ld("float", table, self.v(f"zext i32 {idx} to i64"))
            le = self.v(f"fcmp ole float {t}, {f}")
            ok = self.v(f"and i1 {le}, {inr}")
            lo = self.v(f"select i1 {ok}, i32 {cand}, i32 {lo}")
        return lo

    def splat_lane(self, v: str, lane: int) -> str:
        return self.v(f"shufflevector {V4F} {v}, {V4F} poison, <4 x i32> <i32 {lane}, i32 {lane}, i32 {lane}, i32 {lane}>")

    def one_minus(self, v: str) -> str:
        one = _vec("float", ["1.0"] * 4)
        return self.v(f"fsub {V4F} {one}, {v}")

    def factor(self, kind: int, src: str, src1: str, dst: str, bfv: str) -> str:
        """factor4 of blend.py: the factor for all four channels (lanes 0-2 colour, lane 3 alpha)."""
        if kind == ZERO:
            return "zeroinitializer"
        if kind == ONE:
            return _vec("float", ["1.0"] * 4)
        if kind == SRC_COLOR:
            return src
        if kind == INV_SRC_COLOR:
            return self.one_minus(src)
        if kind == SRC_ALPHA:
            return self.splat_lane(src, 3)
        if kind == INV_SRC_ALPHA:
            return self.splat_lane(self.one_minus(src), 3)
        if kind == DEST_ALPHA:
            return self.splat_lane(dst, 3)
        if kind == INV_DEST_ALPHA:
            return self.splat_lane(self.one_minus(dst), 3)
        if kind == DEST_COLOR:
            return dst
        if kind == INV_DEST_COLOR:
            return self.one_minus(dst)
        if kind == SRC_ALPHA_SAT:
            a = self.v(f"extractelement {V4F} {src}, i64 3")
            b = self.v(f"extractelement {V4F} {self.one_minus(dst)}, i64 3")
            m = self.np_minimum(a, b)
            v = self.v(f"insertelement {V4F} <float 1.0, float 1.0, float 1.0, float 1.0>, float {m}, i64 0")
            v = self.v(f"insertelement {V4F} {v}, float {m}, i64 1")
            return self.v(f"insertelement {V4F} {v}, float {m}, i64 2")
        if kind == BLEND_FACTOR:
            return bfv
        if kind == INV_BLEND_FACTOR:
            return self.one_minus(bfv)
        if kind == SRC1_COLOR:
            return src1
        if kind == INV_SRC1_COLOR:
            return self.one_minus(src1)
        if kind == SRC1_ALPHA:
            return self.splat_lane(src1, 3)
        if kind == INV_SRC1_ALPHA:
            return self.splat_lane(self.one_minus(src1), 3)
        raise AssertionError(kind)

    def np_minimum(self, a: str, b: str) -> str:
        """np.minimum on float32 scalars: a NaN operand propagates."""
        na = self.v(f"fcmp uno float {a}, 0.0")
        lt = self.v(f"fcmp olt float {a}, {b}")
        nb = self.v(f"fcmp uno float {b}, 0.0")
        m = self.v(f"select i1 {lt}, float {a}, float {b}")
        m = self.v(f"select i1 {nb}, float {b}, float {m}")
        return self.v(f"select i1 {na}, float {a}, float {m}")

    def blend_op(self, op: int, s: str, sf: str, d: str, df: str) -> str:
        if op in (OP_MIN, OP_MAX):
            # blend._min_max: fmin/fmax, a NaN operand yields the other one
            name = "minnum" if op == OP_MIN else "maxnum"
            self.decls.add(f"declare <4 x float> @llvm.{name}.v4f32(<4 x float>, <4 x float>)")
            return self.v(f"call {V4F} @llvm.{name}.v4f32({V4F} {s}, {V4F} {d})")
        a = self.v(f"fmul {V4F} {s}, {sf}")
        b = self.v(f"fmul {V4F} {d}, {df}")
        if op == OP_ADD:
            return self.v(f"fadd {V4F} {a}, {b}")
        if op == OP_SUBTRACT:
            return self.v(f"fsub {V4F} {a}, {b}")
        if op == OP_REV_SUBTRACT:
            return self.v(f"fsub {V4F} {b}, {a}")
        raise AssertionError(op)
