"""Output merger of the fused lane, 8 lanes at a time (D3D11.3 §17; output_merger.py, blend.py,
depth_stencil.py, formats/numerics.py are the reference it repeats operation for operation).

``@om8(D, T, base, mask)`` merges lanes ``base .. base+7`` of the batch whose ``mask`` bit is set: the depth
test (and write), then each colour target's clamp, blend, write mask and encode, with gathers and masked
scatters. The caller guarantees the masked lanes hit distinct pixels (one quad, or two quads at different
positions), so they are independent and the result is that of merging them one by one in lane order.
"""

from __future__ import annotations

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

V8F = "<8 x float>"
V8D = "<8 x double>"
V8I = "<8 x i32>"
V8L = "<8 x i64>"
V8B = "<8 x i1>"
V8P = "<8 x ptr>"

# D3D11_COMPARISON_FUNC -> (integer predicate, float predicate); NEVER = 1, ALWAYS = 8.
_CMP = {2: ("ult", "olt"), 3: ("eq", "oeq"), 4: ("ule", "ole"), 5: ("ugt", "ogt"), 6: ("ne", "une"),
        7: ("uge", "oge")}
_DS_SIZE = {"d24": 4, "d16": 2, "d32": 4, "d32s8": 8}


def _splat_const(t: str, v: str) -> str:
    return "<" + ", ".join([f"{t} {v}"] * 8) + ">"


ONES = _splat_const("float", "1.0")


class OMEmitter:
    """Emits ``@om8`` into the generator ``g`` (a fused_gen._Gen: shares its temporaries and declarations)."""

    def __init__(self, g) -> None:
        self.g = g
        self.k = g.k

    def v(self, s: str) -> str:
        return self.g.v(s)

    def e(self, s: str) -> None:
        self.g.e(s)

    def intr(self, s: str) -> None:
        self.g.decls.add(s)

    # --- vector helpers ----------------------------------------------------------------------------
    def splat(self, t: str, x: str) -> str:
        i = self.v(f"insertelement <8 x {t}> poison, {t} {x}, i64 0")
        return self.v(f"shufflevector <8 x {t}> {i}, <8 x {t}> poison, <8 x i32> zeroinitializer")

    def vload(self, t: str, base: str, idx: str) -> str:
        p = self.v(f"getelementptr {t}, ptr {base}, i64 {idx}")
        return self.v(f"load <8 x {t}>, ptr {p}, align 4")

    def gather(self, t: str, ptrs: str, m: str) -> str:
        n = {"i32": "v8i32", "float": "v8f32", "i16": "v8i16"}[t]
        self.intr(f"declare <8 x {t}> @llvm.masked.gather.{n}.v8p0(<8 x ptr>, i32 immarg, <8 x i1>, <8 x {t}>)")
        al = 2 if t == "i16" else 4
        return self.v(f"call <8 x {t}> @llvm.masked.gather.{n}.v8p0({V8P} {ptrs}, i32 {al}, {V8B} {m}, "
                      f"<8 x {t}> zeroinitializer)")

    def scatter(self, t: str, val: str, ptrs: str, m: str) -> None:
        n = {"i32": "v8i32", "float": "v8f32", "i16": "v8i16"}[t]
        self.intr(f"declare void @llvm.masked.scatter.{n}.v8p0(<8 x {t}>, <8 x ptr>, i32 immarg, <8 x i1>)")
        al = 2 if t == "i16" else 4
        self.e(f"call void @llvm.masked.scatter.{n}.v8p0(<8 x {t}> {val}, {V8P} {ptrs}, i32 {al}, {V8B} {m})")

    def addr(self, base: str, pitch: str, x: str, y: str, bpp: int, extra: int = 0) -> str:
        row = self.v(f"mul {V8L} {y}, {self.splat('i64', pitch)}")
        col = self.v(f"mul {V8L} {x}, {_splat_const('i64', str(bpp))}")
        off = self.v(f"add {V8L} {row}, {col}")
        if extra:
            off = self.v(f"add {V8L} {off}, {_splat_const('i64', str(extra))}")
        return self.v(f"getelementptr i8, ptr {base}, {V8L} {off}")

    def unorm_code(self, f: str, bits: int) -> str:
        """float_to_unorm: float64 fmax(x, 0) (NaN -> 0), min 1, * (2^n - 1), + 0.5, truncate."""
        from .fused_gen import _fconst

        d = self.v(f"fpext {V8F} {f} to {V8D}")
        pos = self.v(f"fcmp ogt {V8D} {d}, zeroinitializer")
        d = self.v(f"select {V8B} {pos}, {V8D} {d}, {V8D} zeroinitializer")
        one = _splat_const("double", "1.0")
        gt1 = self.v(f"fcmp ogt {V8D} {d}, {one}")
        d = self.v(f"select {V8B} {gt1}, {V8D} {one}, {V8D} {d}")
        d = self.v(f"fmul {V8D} {d}, {_splat_const('double', _fconst((1 << bits) - 1))}")
        d = self.v(f"fadd {V8D} {d}, {_splat_const('double', _fconst(0.5))}")
        return self.v(f"fptoui {V8D} {d} to {V8I}")

    def clip01(self, v: str) -> str:
        """np.clip(v, 0, 1) in float32: NaN stays NaN."""
        lt = self.v(f"fcmp olt {V8F} {v}, zeroinitializer")
        v = self.v(f"select {V8B} {lt}, {V8F} zeroinitializer, {V8F} {v}")
        gt = self.v(f"fcmp ogt {V8F} {v}, {ONES}")
        return self.v(f"select {V8B} {gt}, {V8F} {ONES}, {V8F} {v}")

    def srgb_code(self, f: str, table: str, m: str) -> str:
        """float_to_srgb: NaN -> 0, then the count of the 255 thresholds <= f (a binary search)."""
        isnan = self.v(f"fcmp uno {V8F} {f}, zeroinitializer")
        f = self.v(f"select {V8B} {isnan}, {V8F} zeroinitializer, {V8F} {f}")
        lo = "zeroinitializer"
        for step in (128, 64, 32, 16, 8, 4, 2, 1):
            cand = self.v(f"add {V8I} {lo}, {_splat_const('i32', str(step))}")
            inr = self.v(f"icmp ule {V8I} {cand}, {_splat_const('i32', '255')}")
            idx = self.v(f"sub {V8I} {cand}, {_splat_const('i32', '1')}")
            idx = self.v(f"select {V8B} {inr}, {V8I} {idx}, {V8I} zeroinitializer")
            ptrs = self.v(f"getelementptr float, ptr {table}, {V8I} {idx}")
            t = self.gather("float", ptrs, m)
            le = self.v(f"fcmp ole {V8F} {t}, {f}")
            ok = self.v(f"and {V8B} {le}, {inr}")
            lo = self.v(f"select {V8B} {ok}, {V8I} {cand}, {V8I} {lo}")
        return lo

    def one_minus(self, v: str) -> str:
        return self.v(f"fsub {V8F} {ONES}, {v}")

    def np_minimum(self, a: str, b: str) -> str:
        """np.minimum: a NaN operand propagates."""
        na = self.v(f"fcmp uno {V8F} {a}, zeroinitializer")
        nb = self.v(f"fcmp uno {V8F} {b}, zeroinitializer")
        lt = self.v(f"fcmp olt {V8F} {a}, {b}")
        r = self.v(f"select {V8B} {lt}, {V8F} {a}, {V8F} {b}")
        r = self.v(f"select {V8B} {nb}, {V8F} {b}, {V8F} {r}")
        return self.v(f"select {V8B} {na}, {V8F} {a}, {V8F} {r}")

    def factor(self, kind: int, c: int, src, src1, dst, bf) -> str:
        """Channel ``c`` of blend.factor4(kind)."""
        if kind == ZERO:
            return "zeroinitializer"
        if kind == ONE:
            return ONES
        if kind == SRC_COLOR:
            return src[c]
        if kind == INV_SRC_COLOR:
            return self.one_minus(src[c])
        if kind == SRC_ALPHA:
            return src[3]
        if kind == INV_SRC_ALPHA:
            return self.one_minus(src[3])
        if kind == DEST_ALPHA:
            return dst[3]
        if kind == INV_DEST_ALPHA:
            return self.one_minus(dst[3])
        if kind == DEST_COLOR:
            return dst[c]
        if kind == INV_DEST_COLOR:
            return self.one_minus(dst[c])
        if kind == SRC_ALPHA_SAT:
            return self.np_minimum(src[3], self.one_minus(dst[3])) if c < 3 else ONES
        if kind == BLEND_FACTOR:
            return bf[c]
        if kind == INV_BLEND_FACTOR:
            return self.one_minus(bf[c])
        if kind == SRC1_COLOR:
            return src1[c]
        if kind == INV_SRC1_COLOR:
            return self.one_minus(src1[c])
        if kind == SRC1_ALPHA:
            return src1[3]
        if kind == INV_SRC1_ALPHA:
            return self.one_minus(src1[3])
        raise AssertionError(kind)

    def blend_op(self, op: int, s: str, sf: str, d: str, df: str) -> str:
        if op in (OP_MIN, OP_MAX):
            # blend._min_max: fmin/fmax, a NaN operand yields the other one
            name = "minnum" if op == OP_MIN else "maxnum"
            self.intr(f"declare <8 x float> @llvm.{name}.v8f32(<8 x float>, <8 x float>)")
            return self.v(f"call {V8F} @llvm.{name}.v8f32({V8F} {s}, {V8F} {d})")
        a = self.v(f"fmul {V8F} {s}, {sf}")
        b = self.v(f"fmul {V8F} {d}, {df}")
        if op == OP_ADD:
            return self.v(f"fadd {V8F} {a}, {b}")
        if op == OP_SUBTRACT:
            return self.v(f"fsub {V8F} {a}, {b}")
        if op == OP_REV_SUBTRACT:
            return self.v(f"fsub {V8F} {b}, {a}")
        raise AssertionError(op)

    # --- the function --------------------------------------------------------------------------------
    def function(self) -> list[str]:  # noqa: C901
        g, k = self.g, self.k
        B = k.batch
        saved = g.lines
        g.lines = []
        lx, ly, lp = g.targ("lx"), g.targ("ly"), g.targ("lp")
        ob, dep, cnt = g.targ("o"), g.targ("depth"), g.targ("count")
        x = self.v(f"sext {V8I} {self.vload('i32', lx, '%base')} to {V8L}")
        y = self.v(f"sext {V8I} {self.vload('i32', ly, '%base')} to {V8L}")
        m = "%m"
        if k.depth is not None:
            fmt, func, write = k.depth
            vpmin, vpmax = g.darg("vpmin"), g.darg("vpmax")
            dsb, dsp = g.darg("ds_base"), g.darg("ds_pitch", False)
            piece = self.vload("i32", lp, "%base")
            z = self.vload("float", dep, "%base")
            lo = self.gather("float", self.v(f"getelementptr float, ptr {vpmin}, {V8I} {piece}"), m)
            hi = self.gather("float", self.v(f"getelementptr float, ptr {vpmax}, {V8I} {piece}"), m)
            # np.fmin(np.fmax(z, lo), hi): a NaN operand yields the other one
            self.intr("declare <8 x float> @llvm.maxnum.v8f32(<8 x float>, <8 x float>)")
            self.intr("declare <8 x float> @llvm.minnum.v8f32(<8 x float>, <8 x float>)")
            z = self.v(f"call {V8F} @llvm.maxnum.v8f32({V8F} {z}, {V8F} {lo})")
            z = self.v(f"call {V8F} @llvm.minnum.v8f32({V8F} {z}, {V8F} {hi})")
            ptrs = self.addr(dsb, dsp, x, y, _DS_SIZE[fmt])
            if fmt in ("d24", "d16"):
                q = self.unorm_code(z, 24 if fmt == "d24" else 16)
                if fmt == "d24":
                    word = self.gather("i32", ptrs, m)
                    stored = self.v(f"and {V8I} {word}, {_splat_const('i32', '16777215')}")
                else:
                    stored = self.v(f"zext <8 x i16> {self.gather('i16', ptrs, m)} to {V8I}")
                cmp = self._cmp(func, "icmp", 0, q, stored, V8I)
            else:
                self.intr("declare <8 x float> @llvm.fabs.v8f32(<8 x float>)")
                a = self.v(f"call {V8F} @llvm.fabs.v8f32({V8F} {z})")
                small = self.v(f"fcmp olt {V8F} {a}, {_splat_const('float', '0x3810000000000000')}")
                q = self.v(f"select {V8B} {small}, {V8F} zeroinitializer, {V8F} {z}")
                stored = self.gather("float", ptrs, m)
                cmp = self._cmp(func, "fcmp", 1, q, stored, V8F)
            m = self.v(f"and {V8B} %m, {cmp}")
            if write:
                if fmt == "d24":
                    hi8 = self.v(f"and {V8I} {word}, {_splat_const('i32', '-16777216')}")
                    self.scatter("i32", self.v(f"or {V8I} {hi8}, {q}"), ptrs, m)
                elif fmt == "d16":
                    self.scatter("i16", self.v(f"trunc {V8I} {q} to <8 x i16>"), ptrs, m)
                else:
                    self.scatter("float", q, ptrs, m)
        # samples passed (for occlusion queries)
        bits = self.v(f"bitcast {V8B} {m} to i8")
        self.intr("declare i8 @llvm.ctpop.i8(i8)")
        pc = self.v(f"zext i8 {self.v(f'call i8 @llvm.ctpop.i8(i8 {bits})')} to i64")
        pp = self.v(f"getelementptr i64, ptr {cnt}, i64 1")
        old = self.v(f"load i64, ptr {pp}, align 8")
        self.e(f"store i64 {self.v(f'add i64 {old}, {pc}')}, ptr {pp}, align 8")
        if k.rts:
            bf = g.darg("bf") if any(r.blend for r in k.rts) else None
            srgb_t = g.darg("srgb_t") if any(r.srgb for r in k.rts) else None
            srgb_lut = g.darg("srgb_lut") if any(r.srgb for r in k.rts) else None
            for r in k.rts:
                base, pitch = g.darg(f"rt{r.index}_base"), g.darg(f"rt{r.index}_pitch", False)
                self._rt(r, base, pitch, x, y, ob, B, bf, srgb_t, srgb_lut, m)
        self.e("ret void")
        body = g.lines
        g.lines = saved
        return (["define internal void @om8(ptr noalias %D, ptr noalias %T, i64 %base, <8 x i1> %m) {", "entry:"]
                + body + ["}"])

    def _cmp(self, func: int, inst: str, which: int, a: str, b: str, t: str) -> str:
        if func == 1:
            return "zeroinitializer"
        if func == 8:
            return _splat_const("i1", "true")
        return self.v(f"{inst} {_CMP[func][which]} {t} {a}, {b}")

    def _rt(self, r, base, pitch, x, y, ob, B, bf, srgb_t, srgb_lut, m) -> None:  # noqa: C901
        def reg(i: int) -> list[str]:
            return [self.vload("float", ob, self.v(f"add i64 %base, {(i * 4 + c) * B}")) for c in range(4)]

        unorm = r.layout != "rgba32f"
        src = reg(r.index) if r.has_reg else ["zeroinitializer"] * 4
        if unorm:
            src = [self.clip01(s) for s in src]
        need_dst = r.blend is not None or (r.write_mask & 0xF) != 0xF
        bpp = 16 if not unorm else 4
        ptrs = self.addr(base, pitch, x, y, bpp)
        pos = (2, 1, 0, 3) if r.layout == "bgra8" else (0, 1, 2, 3)  # byte of each channel
        dst = [None] * 4
        word = None
        if need_dst:
            if unorm:
                word = self.gather("i32", ptrs, m)
                for c in range(4):
                    sh = self.v(f"lshr {V8I} {word}, {_splat_const('i32', str(8 * pos[c]))}")
                    b = self.v(f"and {V8I} {sh}, {_splat_const('i32', '255')}")
                    if r.srgb and c < 3:
                        dst[c] = self.gather("float", self.v(f"getelementptr float, ptr {srgb_lut}, {V8I} {b}"), m)
                    else:
                        f = self.v(f"uitofp {V8I} {b} to {V8F}")
                        dst[c] = self.v(f"fdiv {V8F} {f}, {_splat_const('float', '2.550000e+02')}")
            else:
                for c in range(4):
                    p = self.addr(base, pitch, x, y, bpp, 4 * c)
                    dst[c] = self.gather("float", p, m)
        out = list(src)
        if r.blend is not None:
            src1 = src
            if r.dual:
                src1 = reg(1) if self.k.o_regs > 1 else ["zeroinitializer"] * 4
                if unorm:
                    src1 = [self.clip01(s) for s in src1]
            bfp = self.v(f"getelementptr float, ptr {bf}, i64 {4 * r.index}")
            bfv = [self.splat("float", self.v(f"load float, ptr {self.v(f'getelementptr float, ptr {bfp}, i64 {c}')}, align 4"))
                   for c in range(4)]
            sb, db, op, sba, dba, opa = r.blend
            for c in range(4):
                if not (r.write_mask >> c) & 1:
                    continue
                s_kind, d_kind, o = (sb, db, op) if c < 3 else (sba, dba, opa)
                sf = self.factor(s_kind, c, src, src1, dst, bfv)
                df = self.factor(d_kind, c, src, src1, dst, bfv)
                out[c] = self.blend_op(o, src[c], sf, dst[c], df)
        if not unorm:
            for c in range(4):
                if (r.write_mask >> c) & 1:
                    self.scatter("float", out[c], self.addr(base, pitch, x, y, bpp, 4 * c), m)
            return
        val = "zeroinitializer"
        for c in range(4):
            if (r.write_mask >> c) & 1:
                code = self.srgb_code(out[c], srgb_t, m) if r.srgb and c < 3 else self.unorm_code(out[c], 8)
            else:
                # a masked channel keeps its stored code (UNORM/sRGB codes round-trip their decoded value)
                sh = self.v(f"lshr {V8I} {word}, {_splat_const('i32', str(8 * pos[c]))}")
                code = self.v(f"and {V8I} {sh}, {_splat_const('i32', '255')}")
            code = self.v(f"shl {V8I} {code}, {_splat_const('i32', str(8 * pos[c]))}")
            val = self.v(f"or {V8I} {val}, {code}")
        self.scatter("i32", val, ptrs, m)
