"""The fused lane's batch function (fused_gen: the ``flush`` module): a batch of covered quads from the rasterizer
is interpolated (attribute planes, centroid, sample positions), shaded by the pixel-shader kernel and merged
(depth/stencil, blending, write masks, coverage) into the tile's targets. A mixin of fused_gen._Gen (self is the
generator)."""

from __future__ import annotations

# (fused_gen imports this module while it is itself being imported: its names are read at call time, which
# also keeps the tests' switches — fused_gen.EXACT32, FLUSH_PREFETCH, … — in force here)
from . import fused_gen as fg
from .lane_ir import host_fma
from .om_gen import OMContext


class FlushGen:
    """The batch function's generator methods (a mixin of :class:`.fused_gen._Gen`)."""

    def _flush_fn(self) -> list[str]:
        k = self.k
        B = k.batch
        self.lines = []
        lx, ly, lp, lc = (self.targ(n) for n in ("lx", "ly", "lp", "lc"))
        vb, ob, disc, dep, cnt = (self.targ(n) for n in ("v", "o", "disc", "depth", "count"))
        P = self.darg("P", False)
        need_invw = any(kind.split("_")[0] in ("persp", "posw") for kind, *_ in k.inputs)
        need_z = k.need_z or any(kind.split("_")[0] == "posz" for kind, *_ in k.inputs)
        n_attr, i_invw, i_z, n_planes = fg.plane_layout(k)
        planes = self.darg("planes") if n_planes else None
        flat = self.darg("flat") if any(kind == "flat" for kind, *_ in k.inputs) else None
        front = self.darg("front") if any(kind == "front" for kind, *_ in k.inputs) else None
        primid = self.darg("primid") if any(kind == "primid" for kind, *_ in k.inputs) or "prim" in k.sv else None
        svc = self.targ("svcov") if "cov" in k.sv else None
        svp = self.targ("svprim") if "prim" in k.sv else None
        # lanes rounded up to whole vector steps of the PS kernel (16 lanes where it is AVX-512 wide)
        self.e(f"%n8a = add i64 %n, {fg.LANE_QUANTUM - 1}")
        self.e(f"%n8 = and i64 %n8a, -{fg.LANE_QUANTUM}")
        dyn = k.ps_ng_slot is not None and k.has_ps
        S = "%n8" if dyn else str(B)  # register-file stride (lanes)
        self._prefetch_targets(lx, ly)
        # ---- interpolation, quad by quad (4 lanes share the piece's plane coefficients) ----
        self.br("iq_head")
        self.put("iq_head")
        # Consecutive quads mostly belong to one piece (a row of a tile): with few planes the piece's coefficient
        # splats stay in registers from quad to quad (phis) and are loaded again only when the piece changes
        hoist = 0 < n_planes <= fg.HOIST_PLANES
        # With the planes hoisted, a piece whose 1/w plane is (0, 0, 1) — w = 1 at every vertex: screen-space
        # geometry — is known at its first quad to have 1/w exactly 1.0 at every pixel (0*x and 0*y are zeros for
        # the finite pixel positions, and (+-0 + +-0) + 1 is 1), so its perspective quads skip the 1/w plane and
        # the per-quad test of it as well as the divisions (fused_gen.UNIT_W; the divisions by 1 it stands for are exact)
        unit_w = hoist and fg.UNIT_W and need_invw and not any(kind == "posw" for kind, *_ in k.inputs) and \
            any(kind == "persp" for kind, *_ in k.inputs)
        # Pieces whose attribute planes pass exact32_condition (with 1/w exactly 1 for perspective ones) evaluate
        # them in float32 (a branch per quad on the piece's flag): the same bits, proof in exact32_condition
        ex = [(i, idx) for i, (kind, _r, _c, idx) in enumerate(k.inputs) if kind in ("persp", "linear")]
        has_persp = any(kind == "persp" for kind, *_ in k.inputs)
        use32 = fg.EXACT32 and self.exact32 and hoist and bool(ex) and not need_z and not k.samples and not k.sample_freq and \
            all(kind in fg._EXACT32_KINDS for kind, *_ in k.inputs) and (unit_w or not has_persp)
        ex_planes = sorted({idx for _i, idx in ex}) if use32 else []
        self.e("%q = phi i64 [ 0, %pf_done ], [ %qn, %iq_latch ]")
        if hoist:
            self.e("%pprev = phi i64 [ -1, %pf_done ], [ %pcur, %iq_latch ]")
            for i in range(3 * n_planes):
                self.e(f"%pc{i} = phi {fg.V4D} [ zeroinitializer, %pf_done ], [ %pcn{i}, %iq_latch ]")
            if unit_w:
                self.e("%pu = phi i1 [ false, %pf_done ], [ %unitw, %iq_latch ]")
            if use32:
                self.e("%pe = phi i1 [ false, %pf_done ], [ %ex32, %iq_latch ]")
                for j in ex_planes:
                    for t in range(3):
                        self.e(f"%pf{3 * j + t} = phi {fg.V8F} [ zeroinitializer, %pf_done ], [ %pfn{3 * j + t}, %iq_latch ]")
        c = self.v("icmp ult i64 %q, %n")
        self.cbr(c, "iq_body", "iq_done")
        self.put("iq_body")
        self.e(f"%pcur = zext i32 {self.ld('i32', lp, '%q')} to i64")
        p = "%pcur"
        # the piece's planes: (P, n_planes, 3) float64, one piece's coefficients contiguous
        pbase = self.v(f"mul i64 {p}, {fg.plane_stride(n_planes)}") if n_planes else None
        if n_planes and fg.FLUSH_PREFETCH and not hoist:
            self._prefetch_planes(lp, planes, n_planes)

        def coef(i: int) -> str:
            return self.splat_t("double", self.ld("double", planes, self.v(f"add i64 {pbase}, {i}"), 8))

        if hoist:
            same = self.v("icmp eq i64 %pcur, %pprev")
            self.cbr(same, "iq_have", "iq_load")
            self.put("iq_load")
            if fg.FLUSH_PREFETCH:  # (with the planes hoisted: only where the piece changes, not on every quad)
                self._prefetch_planes(lp, planes, n_planes)
            loaded = [coef(i) for i in range(3 * n_planes)]
            if unit_w:
                w0, w1, w2 = (self.ld("double", planes, self.v(f"add i64 {pbase}, {3 * i_invw + j}"), 8)
                              for j in range(3))
                unit = self.v(f"and i1 {self.v(f'fcmp oeq double {w0}, 0.0')}, {self.v(f'fcmp oeq double {w1}, 0.0')}")
                unit = self.v(f"and i1 {unit}, {self.v(f'fcmp oeq double {w2}, 1.0')}")
            load_end = "iq_load"
            if use32:
                # the flag only for pieces that can pass it (perspective inputs: 1/w plane (0, 0, 1) first), so
                # perspective geometry (w varying) pays one branch per piece
                self.cbr(unit if has_persp else "true", "ex_chk", "ex_join")
                self.put("ex_chk")
                flag = "true"
                fl = {}
                for j in ex_planes:
                    cs = [self.ld("double", planes, self.v(f"add i64 {pbase}, {3 * j + t}"), 8) for t in range(3)]
                    flag = self.v(f"and i1 {flag}, {self._exact32_flag(cs)}")
                    for t in range(3):
                        f = self.v(f"insertelement {fg.V8F} poison, float {self.v(f'fptrunc double {cs[t]} to float')}, i64 0")
                        fl[3 * j + t] = self.v(f"shufflevector {fg.V8F} {f}, {fg.V8F} poison, <8 x i32> zeroinitializer")
                self.br("ex_join")
                self.put("ex_join")
                flag = self.v(f"phi i1 [ {flag}, %ex_chk ], [ false, %iq_load ]")
                fl = {j: self.v(f"phi {fg.V8F} [ {v}, %ex_chk ], [ zeroinitializer, %iq_load ]") for j, v in fl.items()}
                load_end = "ex_join"
            self.br("iq_have")
            self.put("iq_have")
            for i in range(3 * n_planes):
                self.e(f"%pcn{i} = phi {fg.V4D} [ %pc{i}, %iq_body ], [ {loaded[i]}, %{load_end} ]")
            if unit_w:
                self.e(f"%unitw = phi i1 [ %pu, %iq_body ], [ {unit}, %{load_end} ]")
            if use32:
                self.e(f"%ex32 = phi i1 [ %pe, %iq_body ], [ {flag}, %{load_end} ]")
                for j, v in fl.items():
                    self.e(f"%pfn{j} = phi {fg.V8F} [ %pf{j}, %iq_body ], [ {v}, %{load_end} ]")
        xi = self.v(f"load {fg.V4I}, ptr {self.gep('i32', lx, '%q')}, align 4")
        yi = self.v(f"load {fg.V4I}, ptr {self.gep('i32', ly, '%q')}, align 4")
        bits32 = {}
        # the float32 path of a piece's run of quads: 8 lanes (two quads) a step while both are the piece's and
        # the batch function has nothing else to do per quad (attribute planes only), then a 4-lane step
        wide = use32 and all(kind in ("persp", "linear") for kind, *_ in k.inputs) and not k.sv and \
            not k.uav_helpers
        if use32:
            fma = host_fma()

            def eval32(w: int, at: str) -> dict:
                vf, vi = f"<{w} x float>", f"<{w} x i32>"
                if fma:
                    self.decls.add(f"declare {vf} @llvm.fma.v{w}f32({vf}, {vf}, {vf})")
                halff = fg._vec("float", [fg.dconst(0.5)] * w)
                xw = self.v(f"load {vi}, ptr {self.gep('i32', lx, at)}, align 4")
                yw = self.v(f"load {vi}, ptr {self.gep('i32', ly, at)}, align 4")
                xf = self.v(f"fadd {vf} {self.v(f'sitofp {vi} {xw} to {vf}')}, {halff}")
                yf = self.v(f"fadd {vf} {self.v(f'sitofp {vi} {yw} to {vf}')}, {halff}")
                out = {}
                for i, idx in ex:
                    # (the coefficients are splats: any lanes of them will do)
                    c0, c1, c2 = (f"%pfn{3 * idx + t}" if w == 8 else
                                  self.v(f"shufflevector {fg.V8F} %pfn{3 * idx + t}, {fg.V8F} poison, <{w} x i32> "
                                         "zeroinitializer")
                                  for t in range(3))
                    if fma:  # every intermediate is exact (exact32_condition): one rounding or three give the same
                        t = self.v(f"call {vf} @llvm.fma.v{w}f32({vf} {c1}, {vf} {yf}, {vf} {c2})")
                        r = self.v(f"call {vf} @llvm.fma.v{w}f32({vf} {c0}, {vf} {xf}, {vf} {t})")
                    else:
                        r = self.v(f"fadd {vf} {self.v(f'fmul {vf} {c0}, {xf}')}, {self.v(f'fmul {vf} {c1}, {yf}')}")
                        r = self.v(f"fadd {vf} {r}, {c2}")
                    out[i] = self.v(f"bitcast {vf} {r} to {vi}")
                return out

            self.cbr("%ex32", "q32", "q64")
            self.put("q32")
            if wide:
                wide16 = fg.FLUSH_WIDE16
                if wide16:
                    # sixteen lanes (four quads) a step while all are the piece's, then the eight-lane step
                    self.br("q16_head")
                    self.put("q16_head")
                    self.e("%r16 = phi i64 [ %q, %q32 ], [ %r16n, %q16_body ]")
                    self.e("%r16n = add i64 %r16, 16")
                    self.cbr(self.v("icmp ule i64 %r16n, %n"), "q16_chk", "q16_exit")
                    self.put("q16_chk")
                    pl = self.v(f"load <16 x i32>, ptr {self.gep('i32', lp, '%r16')}, align 4")
                    pc = self.v(f"insertelement <16 x i32> poison, i32 {self.v('trunc i64 %pcur to i32')}, i64 0")
                    pc = self.v(f"shufflevector <16 x i32> {pc}, <16 x i32> poison, <16 x i32> zeroinitializer")
                    self.decls.add("declare i1 @llvm.vector.reduce.and.v16i1(<16 x i1>)")
                    same16 = self.v(f"call i1 @llvm.vector.reduce.and.v16i1(<16 x i1> "
                                    f"{self.v(f'icmp eq <16 x i32> {pl}, {pc}')})")
                    self.cbr(same16, "q16_body", "q16_exit")
                    self.put("q16_body")
                    for i, b in eval32(16, "%r16").items():
                        _kind, reg, comp, _ = k.inputs[i]
                        row = self.v(f"mul i64 {S}, {reg * 4 + comp}")
                        self.e(f"store <16 x i32> {b}, ptr {self.gep('i32', vb, self.v(f'add i64 %r16, {row}'))}, "
                               "align 4")
                    self.br("q16_head")
                    self.put("q16_exit")
                self.br("q8_head")
                self.put("q8_head")
                self.e("%r8 = phi i64 [ " + ("%r16, %q16_exit" if wide16 else "%q, %q32") + " ], [ %r8n, %q8_body ]")
                self.e("%r8n = add i64 %r8, 8")
                self.cbr(self.v("icmp ule i64 %r8n, %n"), "q8_chk", "q8_exit")
                self.put("q8_chk")
                pl = self.v(f"load <8 x i32>, ptr {self.gep('i32', lp, '%r8')}, align 4")
                pc = self.v(f"insertelement <8 x i32> poison, i32 {self.v('trunc i64 %pcur to i32')}, i64 0")
                pc = self.v(f"shufflevector <8 x i32> {pc}, <8 x i32> poison, <8 x i32> zeroinitializer")
                self.decls.add("declare i1 @llvm.vector.reduce.and.v8i1(<8 x i1>)")
                same8 = self.v(f"call i1 @llvm.vector.reduce.and.v8i1(<8 x i1> {self.v(f'icmp eq <8 x i32> {pl}, {pc}')})")
                self.cbr(same8, "q8_body", "q8_exit")
                self.put("q8_body")
                for i, b in eval32(8, "%r8").items():
                    _kind, reg, comp, _ = k.inputs[i]
                    row = self.v(f"mul i64 {S}, {reg * 4 + comp}")
                    self.e(f"store <8 x i32> {b}, ptr {self.gep('i32', vb, self.v(f'add i64 %r8, {row}'))}, align 4")
                self.br("q8_head")
                self.put("q8_exit")
                # quads before %r8 are done; none done: the 4-lane step below
                self.cbr(self.v("icmp ugt i64 %r8, %q"), "iq_latch", "q32f")
                self.put("q32f")
            bits32 = eval32(4, "%q")
            self.br("q_join")
            self.put("q64")
        half = fg._vec("double", [fg.dconst(0.5)] * 4)
        xd = self.v(f"fadd {fg.V4D} {self.v(f'sitofp {fg.V4I} {xi} to {fg.V4D}')}, {half}")
        yd = self.v(f"fadd {fg.V4D} {self.v(f'sitofp {fg.V4I} {yi} to {fg.V4D}')}, {half}")

        def plane(index: int, x: str = xd, y: str = yd) -> str:
            """c0*x + c1*y + c2 (interpolate.py's order) of plane ``index`` of the quad's piece."""
            cs = [f"%pcn{3 * index + j}" if hoist else coef(3 * index + j) for j in range(3)]
            out = self.v(f"fmul {fg.V4D} {cs[0]}, {x}")
            out = self.v(f"fadd {fg.V4D} {out}, {self.v(f'fmul {fg.V4D} {cs[1]}, {y}')}")
            return self.v(f"fadd {fg.V4D} {out}, {cs[2]}")

        iw = plane(i_invw) if need_invw and not unit_w else None  # unit_w: in the perspective test's block
        xs = ys = iws = sq = None
        if k.sample_freq:
            # the quad's sample index and its position: interpolate.lane_location(px, py, offset) in float64
            sq = self.ld("i32", self.targ("ls"), "%q")
            si = self.v(f"sext i32 {sq} to i64")
            n_s = len(k.samples)
            for name, col in (("sox", 0), ("soy", 1)):
                vals = ", ".join(f"double {fg.dconst(o[col] / 256.0)}" for o in k.samples)
                self.decls.add(f"@{name} = private unnamed_addr constant [{n_s} x double] [{vals}]")
            ox = self.v(f"load double, ptr {self.v(f'getelementptr [{n_s} x double], ptr @sox, i64 0, i64 {si}')}")
            oy = self.v(f"load double, ptr {self.v(f'getelementptr [{n_s} x double], ptr @soy, i64 0, i64 {si}')}")
            xs = self.v(f"fadd {fg.V4D} {xd}, {self.splat_t('double', ox)}")
            ys = self.v(f"fadd {fg.V4D} {yd}, {self.splat_t('double', oy)}")
            if any(kind in ("persp_s", "posw_s") for kind, *_ in k.inputs):
                iws = plane(i_invw, xs, ys)
        xc = yc = iwc = None
        if any(kind.endswith("_c") for kind, *_ in k.inputs):
            xc, yc = self._centroid(self.targ("lrc") if k.sample_freq else lc, xd, yd)
            if any(kind in ("persp_c", "posw_c") for kind, *_ in k.inputs):
                iwc = plane(i_invw, xc, yc)
        zf = None
        if need_z:
            zf = self.v(f"fptrunc {fg.V4D} {plane(i_z)} to {fg.V4F}")
            if k.need_z and k.sample_freq:
                # the lane's own sample: its depth at the sample position, in that sample's row
                zs = self.v(f"fptrunc {fg.V4D} {plane(i_z, xs, ys)} to {fg.V4F}")
                at = self.v(f"add i64 %q, {self.v(f'mul i64 %n8, {si}')}")
                self.e(f"store {fg.V4F} {zs}, ptr {self.gep('float', dep, at)}, align 4")
            elif k.need_z and not k.samples:
                self.e(f"store {fg.V4F} {zf}, ptr {self.gep('float', dep, '%q')}, align 4")
            elif k.need_z:
                # depth per sample at interpolate.lane_location(px, py, offset): (px + 0.5) + ox / 256 in float64
                for s, (ox, oy) in enumerate(k.samples):
                    xs = self.v(f"fadd {fg.V4D} {xd}, {fg._vec('double', [fg.dconst(ox / 256.0)] * 4)}")
                    ys = self.v(f"fadd {fg.V4D} {yd}, {fg._vec('double', [fg.dconst(oy / 256.0)] * 4)}")
                    zs = self.v(f"fptrunc {fg.V4D} {plane(i_z, xs, ys)} to {fg.V4F}")
                    at = self.v(f"add i64 %q, {self.v(f'mul i64 %n8, {s}')}")
                    self.e(f"store {fg.V4F} {zs}, ptr {self.gep('float', dep, at)}, align 4")

        def store_in(reg: int, comp: int, bits: str) -> None:
            row = self.v(f"mul i64 {S}, {reg * 4 + comp}")
            i = self.v(f"add i64 %q, {row}")
            self.e(f"store {fg.V4I} {bits}, ptr {self.gep('i32', vb, i)}, align 4")

        # perspective attributes: plane / (1/w plane). Where 1/w is exactly 1.0 in the whole quad (w = 1: screen-
        # space geometry) the quotient is the dividend bit for bit (IEEE division by 1 is exact; a plane value
        # is never a signalling NaN, being an fadd result), so the divisions — the costliest operations of
        # interpolation — are skipped for that quad.
        persp = {i: plane(idx) for i, (kind, reg, comp, idx) in enumerate(k.inputs) if kind == "persp"}
        if persp:
            one = fg._vec("double", [fg.dconst(1.0)] * 4)
            self.decls.add("declare i1 @llvm.vector.reduce.and.v4i1(<4 x i1>)")
            if unit_w:
                self.cbr("%unitw", "pw_same", "pw_test")
                self.put("pw_test")
                iw = plane(i_invw)
            ones = self.v(f"call i1 @llvm.vector.reduce.and.v4i1({fg.V4B} {self.v(f'fcmp oeq {fg.V4D} {iw}, {one}')})")
            self.cbr(ones, "pw_same", "pw_div")
            self.put("pw_div")
            quot = {i: self.v(f"fdiv {fg.V4D} {v}, {iw}") for i, v in persp.items()}
            self.br("pw_join")
            self.put("pw_same")
            self.br("pw_join")
            self.put("pw_join")
            persp = {i: self.v(f"phi {fg.V4D} [ {quot[i]}, %pw_div ], [ {v}, %pw_same ]") for i, v in persp.items()}
        def f32bits(d: str) -> str:
            return self.v(f"bitcast {fg.V4F} {self.v(f'fptrunc {fg.V4D} {d} to {fg.V4F}')} to {fg.V4I}")

        def input_bits(i: int, kind: str, idx: int) -> str:
            if kind in ("persp", "linear"):
                val = persp[i] if kind == "persp" else plane(idx)
                bits = self.v(f"bitcast {fg.V4F} {self.v(f'fptrunc {fg.V4D} {val} to {fg.V4F}')} to {fg.V4I}")
            elif kind[-2:] in ("_s", "_c"):
                # at the lane's sample (sample frequency) or its centroid (multisampled pixel frequency)
                x, y, iwl = (xs, ys, iws) if kind.endswith("_s") else (xc, yc, iwc)
                base = kind[:-2]
                if base == "persp":
                    bits = f32bits(self.v(f"fdiv {fg.V4D} {plane(idx, x, y)}, {iwl}"))
                elif base == "linear":
                    bits = f32bits(plane(idx, x, y))
                elif base == "posx":
                    bits = f32bits(x)
                elif base == "posy":
                    bits = f32bits(y)
                elif base == "posz":
                    bits = f32bits(plane(i_z, x, y))
                else:
                    bits = f32bits(self.v(f"fdiv {fg.V4D} {fg._vec('double', [fg.dconst(1.0)] * 4)}, {iwl}"))
            elif kind == "sidx":
                bits = self.splat_t("i32", sq)
            elif kind == "posx":
                bits = self.v(f"bitcast {fg.V4F} {self.v(f'fptrunc {fg.V4D} {xd} to {fg.V4F}')} to {fg.V4I}")
            elif kind == "posy":
                bits = self.v(f"bitcast {fg.V4F} {self.v(f'fptrunc {fg.V4D} {yd} to {fg.V4F}')} to {fg.V4I}")
            elif kind == "posz":
                bits = self.v(f"bitcast {fg.V4F} {zf} to {fg.V4I}")
            elif kind == "posw":
                one = fg._vec("double", [fg.dconst(1.0)] * 4)
                w = self.v(f"fdiv {fg.V4D} {one}, {iw}")
                bits = self.v(f"bitcast {fg.V4F} {self.v(f'fptrunc {fg.V4D} {w} to {fg.V4F}')} to {fg.V4I}")
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
            return bits

        if use32:  # the float64 path's planes, then both paths' values joined; the other inputs after the join
            bits64 = {i: input_bits(i, k.inputs[i][0], idx) for i, idx in ex}
            self.br("q64_end")
            self.put("q64_end")
            self.br("q_join")
            self.put("q_join")
            q32 = "q32f" if wide else "q32"
            joined = {i: self.v(f"phi {fg.V4I} [ {bits32[i]}, %{q32} ], [ {bits64[i]}, %q64_end ]") for i, _idx in ex}
            for i, _idx in ex:
                store_in(k.inputs[i][1], k.inputs[i][2], joined[i])
        for i, (kind, reg, comp, idx) in enumerate(k.inputs):
            if not (use32 and kind in ("persp", "linear")):
                store_in(reg, comp, input_bits(i, kind, idx))
        if "cov" in k.sv:
            # vCoverage: the raster coverage ANDed with SampleMask (draw._PixelContext._inputs)
            rc = self.targ("lrc") if k.sample_freq else lc  # the pixel's raster coverage
            cv = self.v(f"load {fg.V4I}, ptr {self.gep('i32', rc, '%q')}, align 4")
            bit = 0xFFFFFFFF if k.forced else k.om.sample_mask if k.samples else (1 if k.om.sample_bit else 0)
            if bit >= 1 << 31:
                bit -= 1 << 32
            cv = self.v(f"and {fg.V4I} {cv}, <i32 {bit}, i32 {bit}, i32 {bit}, i32 {bit}>")
            self.e(f"store {fg.V4I} {cv}, ptr {self.gep('i32', svc, '%q')}, align 4")
        if k.uav_helpers:
            cv = self.v(f"load {fg.V4I}, ptr {self.gep('i32', lc, '%q')}, align 4")
            hz = self.v(f"sext {fg.V4B} {self.v(f'icmp eq {fg.V4I} {cv}, zeroinitializer')} to {fg.V4I}")
            self.e(f"store {fg.V4I} {hz}, ptr {self.gep('i32', self.targ('helpers'), '%q')}, align 4")
        if "prim" in k.sv:
            pid = self.splat_t("i32", self.ld("i32", primid, p))
            self.e(f"store {fg.V4I} {pid}, ptr {self.gep('i32', svp, '%q')}, align 4")
        if wide:
            self.br("iq_tail")
            self.put("iq_tail")
            self.e("%q4 = add i64 %q, 4")
        self.br("iq_latch")
        self.put("iq_latch")
        if wide:
            self.e("%qn = phi i64 [ %q4, %iq_tail ], [ %r8, %q8_exit ]")
        else:
            self.e("%qn = add i64 %q, 4")
        self.br("iq_head")
        self.put("iq_done")
        # ---- pixel shader ----
        if k.has_ps:
            self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            # the executors' starting values: no lane discarded, outputs 0 (skipped where the kernel never
            # writes a discard word / overwrites every output component in every lane: FusedKey)
            if not k.no_discard:
                nb = self.v("mul i64 %n, 4")
                self.e(f"call void @llvm.memset.p0.i64(ptr {disc}, i8 0, i64 {nb}, i1 false)")
            if not k.o_written:
                ob_bytes = self.v(f"mul i64 {S}, {k.o_regs * 16}")
                self.e(f"call void @llvm.memset.p0.i64(ptr {ob}, i8 0, i64 {ob_bytes}, i1 false)")
            args = self.targ("ps_args")
            fn = self.darg("ps_fn")
            self.e(f"store i64 %n, ptr {self.gep('i64', args, str(k.ps_n_slot))}, align 8")
            if dyn:
                self.e(f"store i64 %n8, ptr {self.gep('i64', args, str(k.ps_ng_slot))}, align 8")
            so = {kind: self.targ("so" + kind) for kind, _t in k.so}
            sobytes = self.v("mul i64 %n8, 4")
            # the kernel's "stored" flag follows its lanes: at its lane count (ng: the stride S)
            self._flag_at = S
            for buf in so.values():  # the executors' special outputs start at 0, the flag cleared
                self.e(f"call void @llvm.memset.p0.i64(ptr {buf}, i8 0, i64 {sobytes}, i1 false)")
                self.e(f"store i32 0, ptr {self.gep('i32', buf, S)}, align 4")
            self.e(f"call void {fn}(ptr {args})")
            if k.line_alpha:
                self._line_alpha(lp, ob, S)
            if "depth" in so and k.need_z:
                self._shader_depth(so["depth"], dep, sobytes)
            if "mask" in so:
                flag = self.ld("i32", so["mask"], S)
                self.e(f"%omask_on = icmp ne i32 {flag}, 0")
        # ---- output merger, lane by lane in lane order ----
        self._om(lc, lx, ly, lp, disc, dep, cnt)
        return ([f"define void @{fg.FLUSH_FN}(ptr noalias %D, ptr noalias %T, i64 %n) {{", "entry:"]
                + self.lines + ["}"])

    def _exact32_flag(self, cs: list) -> str:
        """i1: :func:`exact32_condition` of the plane whose float64 coefficients are ``cs``, in the same
        operations (float32 round trip, lowest-set-bit exponents, the bound in float64 in the same order)."""
        self.decls.add("declare i64 @llvm.cttz.i64(i64, i1 immarg)")
        self.decls.add("declare double @llvm.fabs.f64(double)")
        ok = "true"
        E = "1000"
        for j, c in enumerate(cs):
            back = self.v(f"fpext float {self.v(f'fptrunc double {c} to float')} to double")
            ok = self.v(f"and i1 {ok}, {self.v(f'fcmp oeq double {back}, {c}')}")  # NaN fails; inf: the bound
            b = self.v(f"bitcast double {c} to i64")
            bexp = self.v(f"and i64 {self.v(f'lshr i64 {b}, 52')}, 2047")
            man = self.v(f"or i64 {self.v(f'and i64 {b}, 4503599627370495')}, 4503599627370496")
            tz = self.v(f"call i64 @llvm.cttz.i64(i64 {man}, i1 true)")
            low = self.v(f"add i64 {self.v(f'add i64 {bexp}, {tz}')}, {-1075 - (1 if j < 2 else 0)}")
            low = self.v(f"select i1 {self.v(f'fcmp one double {c}, 0.0')}, i64 {low}, i64 1000")
            E = self.v(f"select i1 {self.v(f'icmp slt i64 {low}, {E}')}, i64 {low}, i64 {E}")
        E = self.v(f"select i1 {self.v(f'icmp slt i64 {E}, 100')}, i64 {E}, i64 100")
        ok = self.v(f"and i1 {ok}, {self.v(f'icmp sge i64 {E}, -126')}")
        biased = self.v(f"add i64 {E}, {23 + 1023}")
        lim = self.v(f"bitcast i64 {self.v(f'shl i64 {biased}, 52')} to double")
        a = [self.v(f"call double @llvm.fabs.f64(double {c})") for c in cs]
        xy = fg.dconst(fg.EXACT32_XY)
        bound = self.v(f"fadd double {self.v(f'fmul double {a[0]}, {xy}')}, {self.v(f'fmul double {a[1]}, {xy}')}")
        bound = self.v(f"fadd double {bound}, {a[2]}")
        return self.v(f"and i1 {ok}, {self.v(f'fcmp ole double {bound}, {lim}')}")

    def _shader_depth(self, sod: str, dep: str, nbytes: str) -> None:
        """oDepth: where the store ran in this batch, every sample's depth row is the shader's value (the
        reference repeats res.depth over the samples)."""
        flag = self.ld("i32", sod, self._flag_at)
        on = self.v(f"icmp ne i32 {flag}, 0")
        self.cbr(on, "sod_copy", "sod_done")
        self.put("sod_copy")
        self.decls.add("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)")
        for s_ in range(max(1, len(self.k.samples))):
            row = self.gep("float", dep, self.v(f"mul i64 %n8, {s_}"))
            self.e(f"call void @llvm.memcpy.p0.p0.i64(ptr {row}, ptr {sod}, i64 {nbytes}, i1 false)")
        self.br("sod_done")
        self.put("sod_done")

    def _centroid(self, lc: str, xd: str, yd: str) -> tuple[str, str]:
        """The quad's lanes' centroid locations (interpolate.centroid_offsets, §3.5.5): all samples of
        coverage & SampleMask -> the centre; some -> the first covered sample; none (a helper) -> the first
        sample of a partial SampleMask, else the centre; each (px + 0.5) + o / 256 in float64."""
        k = self.k
        S = len(k.samples)
        full = (1 << S) - 1
        m = (0xFFFFFFFF if k.forced else k.om.sample_mask) & full  # TIR: the centroid ignores SampleMask
        words = self.v(f"load {fg.V4I}, ptr {self.gep('i32', lc, '%q')}, align 4")
        cov = self.v(f"and {fg.V4I} {words}, {fg._vec('i32', [m] * 4)}")
        self.decls.add("declare <4 x i32> @llvm.cttz.v4i32(<4 x i32>, i1 immarg)")
        first = self.v(f"call <4 x i32> @llvm.cttz.v4i32({fg.V4I} {cov}, i1 false)")
        is_full = self.v(f"icmp eq {fg.V4I} {cov}, {fg._vec('i32', [full] * 4)}")
        is_zero = self.v(f"icmp eq {fg.V4I} {cov}, zeroinitializer")
        # index S: the centre (the tables' last entry, offset 0)
        helper = (m & -m).bit_length() - 1 if m and m != full else S
        idx = self.v(f"select {fg.V4B} {is_zero}, {fg.V4I} {fg._vec('i32', [helper] * 4)}, {fg.V4I} {first}")
        idx = self.v(f"select {fg.V4B} {is_full}, {fg.V4I} {fg._vec('i32', [S] * 4)}, {fg.V4I} {idx}")
        idx = self.v(f"zext {fg.V4I} {idx} to {fg.V4L}")
        out = []
        self.decls.add("declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, i32 immarg, <4 x i1>, "
                       "<4 x double>)")
        for name, col, base in (("cox", 0, xd), ("coy", 1, yd)):
            vals = ", ".join(f"double {fg.dconst(o[col] / 256.0)}" for o in k.samples) + f", double {fg.dconst(0.0)}"
            self.decls.add(f"@{name} = private unnamed_addr constant [{S + 1} x double] [{vals}]")
            ptrs = self.v(f"getelementptr [{S + 1} x double], ptr @{name}, i64 0, {fg.V4L} {idx}")
            o = self.v(f"call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> {ptrs}, i32 8, "
                       f"<4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x double> zeroinitializer)")
            out.append(self.v(f"fadd {fg.V4D} {base}, {o}"))
        return out[0], out[1]

    def _line_alpha(self, lp: str, ob: str, stride: str) -> None:
        """o0.a *= the quad's piece's line coverage, one float32 multiply per lane (the reference's numpy
        product; the quad's lanes share the piece, helpers are never written)."""
        la = self.darg("lalpha")
        self.br("la_pre")
        self.put("la_pre")
        self.br("la_head")
        self.put("la_head")
        self.e("%laq = phi i64 [ 0, %la_pre ], [ %laqn, %la_body ]")
        c = self.v("icmp ult i64 %laq, %n")
        self.cbr(c, "la_body", "la_done")
        self.put("la_body")
        p = self.v(f"zext i32 {self.ld('i32', lp, '%laq')} to i64")
        a = self.splat_t("float", self.ld("float", la, p))
        at = self.v(f"add i64 %laq, {self.v(f'mul i64 {stride}, 3')}")
        ptr = self.gep("float", ob, at)
        v = self.v(f"load {fg.V4F}, ptr {ptr}, align 4")
        self.e(f"store {fg.V4F} {self.v(f'fmul {fg.V4F} {v}, {a}')}, ptr {ptr}, align 4")
        self.e("%laqn = add i64 %laq, 4")
        self.br("la_head")
        self.put("la_done")

    def _prefetch_planes(self, lp: str, planes: str, n_planes: int) -> None:
        """Prefetch the plane-table row of the piece FLUSH_PREFETCH quads ahead (the quad at lane ``%q``): the
        rasterizer's prefetch brought it in a batch earlier and the target-row prefetches since then have mostly
        pushed it out of the first-level cache (profile of S2: the first load of each piece's planes stalled)."""
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        ahead = self.v(f"add i64 %q, {4 * fg.FLUSH_PREFETCH}")
        ok = self.v(f"icmp ult i64 {ahead}, %n")
        qa = self.v(f"select i1 {ok}, i64 {ahead}, i64 %q")
        pa = self.v(f"zext i32 {self.ld('i32', lp, qa)} to i64")
        first = self.v(f"mul i64 {pa}, {fg.plane_stride(n_planes)}")
        self._prefetch_span(planes, "double", first, 3 * n_planes, 8)

    def _prefetch_span(self, base: str, t: str, first: str, count: int, size: int) -> None:
        """Prefetch every 64-byte line of elements ``first .. first + count - 1`` (type ``t`` of ``size`` bytes) of
        ``base``: one address per 64 bytes from the first element, and the last element's. A row is not aligned
        to lines (a 5-plane row is 120 bytes at a multiple of 120: six rows in eight touch three lines), so one
        prefetch per 64 bytes of its length alone misses its last line."""
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        step = 64 // size
        offsets = list(range(0, count, step))
        if count - 1 not in offsets:
            offsets.append(count - 1)
        for k in offsets:
            at = self.v(f"add i64 {first}, {k}") if k else first
            self.e(f"call void @llvm.prefetch.p0(ptr {self.gep(t, base, at)}, i32 0, i32 3, i32 1)")

    def _prefetch_targets(self, lx: str, ly: str) -> None:
        """Prefetch the target rows the batch's quads will read and write (both rows of every second quad, each
        colour target and the depth-stencil view): the merger otherwise waits on each target line (profile of
        S5: a full-screen blend stalls on its first read of every row), and interpolation and the pixel shader
        run while the lines arrive."""
        from .om_gen import _DS_SIZES, _OFF

        om = self.k.om
        targets = [(f"rt{i}", _OFF["rt"] + 8 * i, _OFF["rt_pitch"] + 8 * i, rt.bpe)
                   for i, rt in enumerate(om.rts) if rt is not None]
        if om.ds is not None:
            targets.append(("ds", _OFF["ds"], _OFF["ds_pitch"], _DS_SIZES[om.ds.format]))
        self.br("pf_pre")
        self.put("pf_pre")
        if not targets:
            self.br("pf_done")
            self.put("pf_done")
            return
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        ctx = self.darg("om_ctx")
        bases = []
        for _name, boff, poff, size in targets:
            bp = self.v(f"getelementptr i8, ptr {ctx}, i64 {boff}")
            pp = self.v(f"getelementptr i8, ptr {ctx}, i64 {poff}")
            bases.append((self.v(f"load ptr, ptr {bp}, align 8"), self.v(f"load i64, ptr {pp}, align 8"), size))
        self.br("pf_head")
        self.put("pf_head")
        self.e("%pq = phi i64 [ 0, %pf_pre ], [ %pqn, %pf_body ]")
        c = self.v("icmp ult i64 %pq, %n")
        self.cbr(c, "pf_body", "pf_done")
        self.put("pf_body")
        x = self.v(f"sext i32 {self.ld('i32', lx, '%pq')} to i64")
        y = self.v(f"sext i32 {self.ld('i32', ly, '%pq')} to i64")
        for base, pitch, size in bases:
            row = self.v(f"add i64 {self.v(f'mul i64 {y}, {pitch}')}, {self.v(f'mul i64 {x}, {size}')}")
            for r in range(2):
                at = row if r == 0 else self.v(f"add i64 {row}, {pitch}")
                a = self.v(f"getelementptr i8, ptr {base}, i64 {at}")
                self.e(f"call void @llvm.prefetch.p0(ptr {a}, i32 1, i32 3, i32 1)")
        # One prefetch per target line where the lanes run along a row: when the quad ``line - 4`` lanes on lies
        # exactly that many quads to the right on the same rows, the lanes between cover at most the lines of
        # this quad's pixel and of the next step's (a 64-byte line holds 128 / size lanes' width: 32 for 4-byte
        # pixels); elsewhere (quads of small pieces scattered over the tile) every second quad, as before
        line = max(8, min(32, 128 // max(size for _b, _p, size in bases)))
        if fg.PREFETCH_RUNS and line > 8:
            last = self.v("add i64 %n, -1")
            far = self.v(f"add i64 %pq, {line - 4}")
            j = self.v(f"select i1 {self.v(f'icmp ult i64 {far}, %n')}, i64 {far}, i64 {last}")
            xr = self.ld("i32", lx, j)
            yr = self.ld("i32", ly, j)
            x32 = self.v(f"add i32 {self.v(f'trunc i64 {x} to i32')}, {2 * (line // 4 - 1)}")
            run = self.v(f"and i1 {self.v(f'icmp eq i32 {xr}, {x32}')}, "
                         f"{self.v(f'icmp eq i32 {yr}, ' + self.v(f'trunc i64 {y} to i32'))}")
            step = self.v(f"select i1 {run}, i64 {line}, i64 8")
        else:
            step = "8"
        self.e(f"%pqn = add i64 %pq, {step}")
        self.br("pf_head")
        self.put("pf_done")

    def _om(self, lc, lx, ly, lp, disc, dep, cnt) -> None:
        """The batch through om_gen's merger (lanes in lane order = primitive order per pixel): per lane
        ``alive`` (covered, in the batch, not discarded) and coverage (bit 31: back face), the colour
        registers copied into its compact [register][4][n] layout, then one call."""
        k = self.k
        alive, cov2, col = self.targ("alive"), self.targ("cov"), self.targ("col")
        front = self.darg("front") if k.face else None
        self.e("%live = alloca i64, align 8")
        self.e("store i64 0, ptr %live, align 8")
        if k.forced:
            self.e("%tir = alloca i64, align 8")
            self.e("store i64 0, ptr %tir, align 8")
        # Where the merger's coverage is the raster coverage itself (no TIR, oMask or face bit to fold in), the
        # lanes past the batch, [n, n8), get coverage 0 in the lane buffer and the merger reads that buffer: a
        # lane is then live exactly where its coverage is non-zero, with no per-lane test of the lane number and
        # no copy (fused_gen.COV_IN_PLACE; the same coverage words and live lanes as the copy)
        in_place = fg.COV_IN_PLACE and not k.forced and not k.face and \
            not (any(kind == "mask" for kind, _t in k.so) and k.has_ps)
        self.br("om_pre")
        self.put("om_pre")
        if in_place:
            self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            tail = self.v("shl i64 " + self.v("sub i64 %n8, %n") + ", 2")
            self.e(f"call void @llvm.memset.p0.i64(ptr {self.gep('i32', lc, '%n')}, i8 0, i64 {tail}, i1 false)")
        self._pad_lanes(lx, ly)
        self.br("om_head")
        self.put("om_head")
        self.e("%g = phi i64 [ 0, %pad_done ], [ %gn, %om_body ]")
        c = self.v("icmp ult i64 %g, %n8")
        self.cbr(c, "om_body", "om_done")
        self.put("om_body")
        cov = self.v(f"load <8 x i32>, ptr {self.gep('i32', lc, '%g')}, align 4")
        if in_place:
            valid = None
            live = self.v('icmp ne <8 x i32> ' + cov + ', zeroinitializer')
        else:
            # lane numbers in i32 (a batch holds far fewer than 2^31 lanes): half the vector work of i64 compares
            iota = "<" + ", ".join(f"i32 {i}" for i in range(8)) + ">"
            lanes = self.v(f"add <8 x i32> {self.splat8_32(self.v('trunc i64 %g to i32'))}, {iota}")
            valid = self.v(f"icmp ult <8 x i32> {lanes}, {self.splat8_32(self.v('trunc i64 %n to i32'))}")
            live = self.v(f"and <8 x i1> {valid}, {self.v('icmp ne <8 x i32> ' + cov + ', zeroinitializer')}")
        self.intr8()
        lb = self.v(f"bitcast <8 x i1> {live} to i8")
        pc = self.v(f"zext i8 {self.v(f'call i8 @llvm.ctpop.i8(i8 {lb})')} to i64")
        old = self.v("load i64, ptr %live, align 8")
        self.e(f"store i64 {self.v(f'add i64 {old}, {pc}')}, ptr %live, align 8")
        al = live
        if k.has_ps and not k.no_discard:
            d = self.v(f"load <8 x i32>, ptr {self.gep('i32', disc, '%g')}, align 4")
            al = self.v(f"and <8 x i1> {al}, {self.v('icmp eq <8 x i32> ' + d + ', zeroinitializer')}")
        self.e(f"store <8 x i8> {self.v(f'zext <8 x i1> {al} to <8 x i8>')}, ptr {self.gep('i8', alive, '%g')}, align 1")
        if k.forced:
            # TIR: the merger's one sample is covered where any raster sample is; the lane's raster samples
            # beyond that one count towards occlusion (merged lanes all pass: no depth test, sample 0 in the mask)
            self.decls.add("declare <8 x i32> @llvm.ctpop.v8i32(<8 x i32>)")
            self.decls.add("declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)")
            pop = self.v(f"call <8 x i32> @llvm.ctpop.v8i32(<8 x i32> {cov})")
            more = self.v(f"select <8 x i1> {al}, <8 x i32> {self.v(f'add <8 x i32> {pop}, splat (i32 -1)')}, "
                          "<8 x i32> zeroinitializer")
            ext = self.v(f"zext i32 {self.v(f'call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> {more})')} to i64")
            old_t = self.v("load i64, ptr %tir, align 8")
            self.e(f"store i64 {self.v(f'add i64 {old_t}, {ext}')}, ptr %tir, align 8")
            cov = self.v(f"zext <8 x i1> {self.v(f'icmp ne <8 x i32> {cov}, zeroinitializer')} to <8 x i32>")
        if in_place:
            self.e("%gn = add i64 %g, 8")
            self.br("om_head")
        else:
            self._om_cov(k, cov, valid, lp, front, cov2)
        self.put("om_done")
        merged_cov = lc if in_place else cov2
        # colour registers o0 .. o(R-1) in the merger's layout (zeros where the shader has none)
        self.decls.add("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)")
        self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
        ob = self.targ("o")
        nbytes = self.v("mul i64 %n8, 4")
        direct = k.ps_ng_slot is not None and k.has_ps  # the PS wrote them in this layout already (o_regs >= om_regs)
        if direct:
            col = ob
        for r in range(0 if direct else k.om_regs):
            for cc in range(4):
                row = r * 4 + cc
                dst = self.gep("i32", col, self.v(f"mul i64 %n8, {row}"))
                if r < k.o_regs and k.has_ps:
                    src = self.gep("i32", ob, str(row * k.batch))
                    self.e(f"call void @llvm.memcpy.p0.p0.i64(ptr {dst}, ptr {src}, i64 {nbytes}, i1 false)")
                else:
                    self.e(f"call void @llvm.memset.p0.i64(ptr {dst}, i8 0, i64 {nbytes}, i1 false)")
        ctx = self.darg("om_ctx")
        om_fn = self.darg("om_fn")  # the merger's own module (om_gen.om_function), one call per batch
        self.e(f"call void {om_fn}(ptr {ctx}, i64 %n8, ptr {lx}, ptr {ly}, ptr {merged_cov}, ptr {dep}, "
               f"ptr {col}, ptr {alive})")
        if k.forced:
            extra = self.v("load i64, ptr %tir, align 8")
            spp = self.v(f"getelementptr i8, ptr {ctx}, i64 {OMContext.samples_passed.offset}")
            self.e(f"atomicrmw add ptr {spp}, i64 {extra} monotonic, align 8")
        p = self.gep("i64", cnt, "0")
        old = self.v(f"load i64, ptr {p}, align 8")
        add = self.v("load i64, ptr %live, align 8")
        self.e(f"store i64 {self.v(f'add i64 {old}, {add}')}, ptr {p}, align 8")
        self.e("ret void")

    def _pad_lanes(self, lx: str, ly: str) -> None:
        """The lanes past the batch, [n, n8), take the pixel of its last lane. The merger chooses its layout (and
        with it a whole-row read-modify-write, om_gen.ROW_RMW) from the lanes' pixels alone, coverage aside: with
        the pixels of an earlier batch left in the lane buffers, a padding lane could read and write back a row of
        another tile, undoing another worker's merge there (the parallel front end launches tiles at once). The
        batch's own pixel is this tile's; a repeated pixel sends the group through the merger's lane-by-lane
        path, where coverage 0 writes nothing. Ends the current block in ``pad_done``."""
        self.br("pad_head")
        self.put("pad_head")
        self.e("%pj = phi i64 [ %n, %om_pre ], [ %pjn, %pad_body ]")
        self.cbr(self.v("icmp ult i64 %pj, %n8"), "pad_body", "pad_done")
        self.put("pad_body")
        last = self.v("sub i64 %n, 1")  # n >= 1 here: n8 rounds n up, so n == 0 gives n8 == 0 and no padding
        for buf in (lx, ly):
            val = self.ld("i32", buf, last)
            self.e(f"store i32 {val}, ptr {self.gep('i32', buf, '%pj')}, align 4")
        self.e("%pjn = add i64 %pj, 1")
        self.br("pad_head")
        self.put("pad_done")

    def _om_cov(self, k, cov: str, valid: str, lp: str, front: str | None, cov2: str) -> None:
        """The merger's coverage words of eight lanes (0 past the batch; oMask folded in; bit 31: back face),
        stored to the ``cov`` lane buffer; ends the ``om_body`` block."""
        cv = self.v(f"select <8 x i1> {valid}, <8 x i32> {cov}, <8 x i32> zeroinitializer")
        if any(kind == "mask" for kind, _t in k.so) and k.has_ps:
            # oMask (where its store ran in this batch) ANDed into the coverage the merger applies
            # (output_merger: coverage & omask; ``live`` counts the raster coverage, as the reference)
            om_w = self.v(f"load <8 x i32>, ptr {self.gep('i32', self.targ('somask'), '%g')}, align 4")
            om_w = self.v(f"select i1 %omask_on, <8 x i32> {om_w}, <8 x i32> splat (i32 -1)")
            cv = self.v(f"and <8 x i32> {cv}, {om_w}")
        if k.face:
            pieces = self.v(f"load <8 x i32>, ptr {self.gep('i32', lp, '%g')}, align 4")
            ptrs = self.v(f"getelementptr i32, ptr {front}, <8 x i32> {pieces}")
            self.decls.add("declare <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr>, i32 immarg, <8 x i1>, <8 x i32>)")
            f = self.v(f"call <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr> {ptrs}, i32 4, <8 x i1> {valid}, "
                       "<8 x i32> zeroinitializer)")
            back = self.v("icmp eq <8 x i32> " + f + ", zeroinitializer")
            bit = self.v(f"select <8 x i1> {back}, <8 x i32> splat (i32 -2147483648), <8 x i32> zeroinitializer")
            cv = self.v(f"or <8 x i32> {cv}, {bit}")
        self.e(f"store <8 x i32> {cv}, ptr {self.gep('i32', cov2, '%g')}, align 4")
        self.e("%gn = add i64 %g, 8")
        self.br("om_head")
