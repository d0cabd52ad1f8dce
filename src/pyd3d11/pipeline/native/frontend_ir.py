"""LLVM IR of the native geometry front end (issue 12): triangle setup and interpolation-plane setup.

Each kernel performs, per triangle, exactly the floating-point operations of the numpy stage it replaces
(:mod:`pyd3d11.pipeline.clip`, :mod:`pyd3d11.pipeline.setup`, :mod:`pyd3d11.pipeline.rasterizer`,
:mod:`pyd3d11.pipeline.interpolate`) in the same order and precision, with no fast-math flags (LLVM
then neither reassociates nor contracts a multiply and an add into an FMA), so the results are the same
bits. Integer arithmetic wraps like numpy's int64.

Kernels (C signatures; arrays are C-contiguous):

``tri_setup``
    Trivial accept/reject of triangles against the clip volume (§15.4), perspective divide and viewport
    transform (§15.5, §15.6), 16.8 snapping with round-to-nearest-even (§3.4.1), culling and orientation
    (§15.13), edge equations and top-left flags (§3.4.2.1), 1/w, depth and barycentric planes. Writes the
    visible triangles compacted in source order; triangles that need the exact clipper (or that the
    kernel leaves to numpy: snapped coordinates beyond 2^52) go to a fallback list.
``plane_einsum`` / ``plane_sum3`` / ``attr_plane``
    Interpolation planes of per-vertex quantities (``interpolate.Interpolator``'s einsum and ``_sum3``
    operation orders).
"""

from __future__ import annotations

from llvmlite import ir

F32 = ir.FloatType()
F64 = ir.DoubleType()
I64 = ir.IntType(64)
I8 = ir.IntType(8)
I1 = ir.IntType(1)
P_F32 = F32.as_pointer()
P_F64 = F64.as_pointer()
P_I64 = I64.as_pointer()
P_I8 = I8.as_pointer()

#: clip.GUARD and clip.W_EPS (the guard band and the w plane's epsilon)
GUARD = 512.0
W_EPS = 1e-30
#: |snapped coordinate * 256| above this goes to the numpy path (int64 conversion and exact int->float)
SNAP_LIMIT = float(1 << 52)

# tri_setup flags
FLAG_DEPTH_CLIP = 1
FLAG_FRONT_CCW = 2
CULL_SHIFT = 2  # (flags >> 2) & 3: D3D11_CULL_MODE (1 none, 2 front, 3 back)
FLAG_SCREEN = 16  # write o_screen / o_sz (the depth bias needs them)

TRI_SETUP_ARGS = (
    ("pos", P_F32), ("pos_rs", I64), ("pos_cs", I64), ("rows", P_I64), ("t0", I64), ("t1", I64), ("vp", P_F32), ("vp_stride", I64),
    ("flags", I64),
    ("o_source", P_I64), ("o_verts", P_I64), ("o_A", P_I64), ("o_B", P_I64), ("o_C", P_I64),
    ("o_topleft", P_I8), ("o_area2", P_I64), ("o_inv_w", P_F64), ("o_z", P_F32), ("o_front", P_I8),
    ("o_weights", P_F64), ("o_bp", P_F64), ("o_screen", P_F32), ("o_sz", P_F32), ("o_cw", P_I8),
    ("o_fallback", P_I64), ("o_counts", P_I64), ("o_zplane", P_F64), ("o_iwplane", P_F64), ("plane_stride", I64),
)


class _Fn:
    """A function under construction with a few conveniences for scalar code."""

    def __init__(self, module: ir.Module, name: str, args, ret=None):
        fnty = ir.FunctionType(ret or ir.VoidType(), [t for _, t in args])
        self.fn = ir.Function(module, fnty, name)
        self.a = {}
        for (n, _), arg in zip(args, self.fn.args, strict=True):
            arg.name = n
            self.a[n] = arg
        self.entry = self.fn.append_basic_block("entry")
        self.b = ir.IRBuilder(self.entry)
        self.module = module

    def intrinsic(self, name: str, ty):
        return self.module.declare_intrinsic(name, [ty])

    def load(self, ptr, idx):
        return self.b.load(self.b.gep(ptr, [idx]))

    def store(self, value, ptr, idx) -> None:
        self.b.store(value, self.b.gep(ptr, [idx]))

    def idx(self, base, k: int):
        return self.b.add(base, I64(k)) if k else base

    def fabs(self, x):
        return self.b.call(self.intrinsic("llvm.fabs", x.type), [x])

    def finite(self, x):
        """|x| < inf: false for infinities and NaN."""
        return self.b.fcmp_ordered("<", self.fabs(x), ir.Constant(x.type, float("inf")))

    def _nan_first(self, op, x, y):
        """``x op y`` whose NaN result is numpy's (x86's): x when x is a NaN, else y when y is one. LLVM may
        commute the operands of a plain fadd/fmul (x86 addsd/mulsd are commutable), which changes which NaN
        of two comes out; the selects pin it. Operands here are already quiet (fpext quiets)."""
        b = self.b
        r = op(x, y)
        r = b.select(b.fcmp_unordered("uno", y, y), y, r)
        return b.select(b.fcmp_unordered("uno", x, x), x, r)

    def nadd(self, x, y):
        return self._nan_first(self.b.fadd, x, y)

    def nmul(self, x, y):
        return self._nan_first(self.b.fmul, x, y)

    def all_of(self, bits):
        out = bits[0]
        for v in bits[1:]:
            out = self.b.and_(out, v)
        return out

    def any_of(self, bits):
        out = bits[0]
        for v in bits[1:]:
            out = self.b.or_(out, v)
        return out

    def counted_loop(self, start, stop, body) -> None:
        """for i in range(start, stop): body(i); body may branch to the continue block it is given."""
        b = self.b
        pre = b.block
        head = self.fn.append_basic_block("head")
        loop = self.fn.append_basic_block("body")
        cont = self.fn.append_basic_block("cont")
        done = self.fn.append_basic_block("done")
        b.branch(head)
        b.position_at_end(head)
        i = b.phi(I64, "i")
        i.add_incoming(start, pre)
        b.cbranch(b.icmp_signed("<", i, stop), loop, done)
        b.position_at_end(loop)
        body(i, cont)
        if not b.block.is_terminated:
            b.branch(cont)
        b.position_at_end(cont)
        nxt = b.add(i, I64(1))
        i.add_incoming(nxt, cont)
        b.branch(head)
        b.position_at_end(done)


def screen_coords(b: ir.IRBuilder, P, vp, one, half) -> tuple[list, list, list]:
    """The viewport transform of three clip-space vertices (x, y, z, w): the reference's float32 operation order
    (setup.py), emitted alike for scalars and for vectors of triangles (frontend_vec)."""
    SX, SY, SZ = [], [], []
    for x, y, z, w in P:
        nx, ny, nz = b.fdiv(x, w), b.fdiv(y, w), b.fdiv(z, w)
        SX.append(b.fadd(b.fmul(b.fmul(b.fadd(nx, one), vp[2]), half), vp[0]))
        SY.append(b.fadd(b.fmul(b.fmul(b.fsub(one, ny), vp[3]), half), vp[1]))
        SZ.append(b.fadd(vp[4], b.fmul(nz, b.fsub(vp[5], vp[4]))))
    return SX, SY, SZ


def _tri_setup(module: ir.Module, name: str = "tri_setup_scalar") -> ir.Function:
    """The scalar kernel: one triangle per loop step (the definition the vector kernel's groups agree with;
    it runs the groups holding a triangle for the exact clipper, a NaN plane or a coordinate past the
    snapping range, and the tail of a range)."""
    f = _Fn(module, name, TRI_SETUP_ARGS)
    f.fn.attributes.add("noinline")
    b, a = f.b, f.a
    k_ptr = b.alloca(I64, name="k")  # visible triangles written
    fb_ptr = b.alloca(I64, name="nfb")  # fallback triangles written
    b.store(I64(0), k_ptr)
    b.store(I64(0), fb_ptr)
    flags = a["flags"]
    depth_clip = b.icmp_unsigned("!=", b.and_(flags, I64(FLAG_DEPTH_CLIP)), I64(0))
    front_ccw = b.icmp_unsigned("!=", b.and_(flags, I64(FLAG_FRONT_CCW)), I64(0))
    want_screen = b.icmp_unsigned("!=", b.and_(flags, I64(FLAG_SCREEN)), I64(0))
    cull = b.and_(b.lshr(flags, I64(CULL_SHIFT)), I64(3))
    cull_back = b.icmp_unsigned("==", cull, I64(3))
    cull_front = b.icmp_unsigned("==", cull, I64(2))

    def body(t, cont):
        fn = f.fn
        reject = fn.append_basic_block("reject")
        fallback = fn.append_basic_block("fallback")
        accept = fn.append_basic_block("accept")
        screen_ok = fn.append_basic_block("screen_ok")
        visible_bb = fn.append_basic_block("visible")
        # --- fetch the three clip positions ------------------------------------------------------
        P = []  # per vertex: (x, y, z, w) float32
        for i in range(3):
            r = f.load(a["rows"], f.idx(b.mul(t, I64(3)), i))
            base = b.mul(r, a["pos_rs"])
            P.append([f.load(a["pos"], b.add(base, b.mul(a["pos_cs"], I64(c)))) for c in range(4)])
        finite = f.all_of([f.finite(v) for vert in P for v in vert])
        # --- clip-volume classification (clip.clip_triangles; every test is an exact sign test) ---
        D = [[b.fpext(v, F64) for v in vert] for vert in P]
        zero = F64(0.0)
        ins = []  # ins[plane][vertex]
        ins.append([b.fcmp_ordered(">=", b.fsub(d[3], F64(W_EPS)), zero) for d in D])
        for axis, sign in ((0, 1), (0, -1), (1, 1), (1, -1)):
            row = []
            for d in D:
                gw = b.fmul(d[3], F64(GUARD))
                row.append(b.fcmp_ordered(">=", b.fadd(d[axis], gw) if sign > 0 else b.fsub(gw, d[axis]), zero))
            ins.append(row)
        zin = [b.fcmp_ordered(">=", d[2], zero) for d in D]
        win = [b.fcmp_ordered(">=", b.fsub(d[3], d[2]), zero) for d in D]
        # without depth clip the z planes do not exist: every vertex is inside them
        ins.append([b.or_(v, b.not_(depth_clip)) for v in zin])
        ins.append([b.or_(v, b.not_(depth_clip)) for v in win])
        all_in = f.all_of([v for row in ins for v in row])
        plane_out = f.any_of([b.not_(f.any_of(row)) for row in ins])
        cls_bb = fn.append_basic_block("classify")
        b.cbranch(b.or_(b.not_(finite), plane_out), reject, cls_bb)
        b.position_at_end(cls_bb)
        b.cbranch(all_in, accept, fallback)
        # --- accepted: divide, viewport, snap ------------------------------------------------------
        b.position_at_end(accept)
        vbase = b.mul(t, a["vp_stride"])
        vp = [f.load(a["vp"], f.idx(vbase, c)) for c in range(6)]
        one, half = F32(1.0), F32(0.5)
        SX, SY, SZ = screen_coords(b, P, vp, one, half)
        sfinite = f.all_of([f.finite(v) for v in SX + SY])
        b.cbranch(sfinite, screen_ok, reject)
        b.position_at_end(screen_ok)
        rint = f.intrinsic("llvm.rint", F64)
        scaled = [b.fmul(b.fpext(v, F64), F64(256.0)) for v in SX + SY]
        too_big = f.any_of([b.fcmp_unordered(">", f.fabs(v), F64(SNAP_LIMIT)) for v in scaled])
        snapped_bb = fn.append_basic_block("snapped")
        b.cbranch(too_big, fallback, snapped_bb)
        b.position_at_end(snapped_bb)
        fixed = [b.fptosi(b.call(rint, [v]), I64) for v in scaled]
        X, Y = fixed[:3], fixed[3:]

        def area2(xs, ys):
            return b.sub(b.mul(b.sub(xs[1], xs[0]), b.sub(ys[2], ys[0])),
                         b.mul(b.sub(xs[2], xs[0]), b.sub(ys[1], ys[0])))

        area = area2(X, Y)
        cw = b.icmp_signed(">", area, I64(0))
        front = b.xor(cw, front_ccw)
        vis = b.icmp_signed("!=", area, I64(0))
        vis = b.and_(vis, b.or_(b.not_(cull_back), front))
        vis = b.and_(vis, b.or_(b.not_(cull_front), b.not_(front)))
        b.cbranch(vis, visible_bb, reject)
        # --- visible: write one piece ------------------------------------------------------------
        b.position_at_end(visible_bb)
        k = b.load(k_ptr)
        b.store(b.add(k, I64(1)), k_ptr)
        f.store(t, a["o_source"], k)
        # orientation: clockwise keeps (0, 1, 2), counter-clockwise takes (0, 2, 1)
        def pick(vals, i):
            if i == 0:
                return vals[0]
            return b.select(cw, vals[i], vals[3 - i])

        OX = [pick(X, i) for i in range(3)]
        OY = [pick(Y, i) for i in range(3)]
        k3, k6, k9 = b.mul(k, I64(3)), b.mul(k, I64(6)), b.mul(k, I64(9))
        for i in range(3):
            f.store(OX[i], a["o_verts"], f.idx(k6, 2 * i))
            f.store(OY[i], a["o_verts"], f.idx(k6, 2 * i + 1))
        # TriangleSetup.build: edge i runs from vertex i+1 to vertex i+2
        for i in range(3):
            ia, ib = (i + 1) % 3, (i + 2) % 3
            dx = b.sub(OX[ib], OX[ia])
            dy = b.sub(OY[ib], OY[ia])
            f.store(b.neg(dy), a["o_A"], f.idx(k3, i))
            f.store(dx, a["o_B"], f.idx(k3, i))
            f.store(b.sub(b.mul(dy, OX[ia]), b.mul(dx, OY[ia])), a["o_C"], f.idx(k3, i))
            tl = b.or_(b.icmp_signed("<", dy, I64(0)),
                       b.and_(b.icmp_signed("==", dy, I64(0)), b.icmp_signed(">", dx, I64(0))))
            f.store(b.zext(tl, I8), a["o_topleft"], f.idx(k3, i))
        f.store(area2(OX, OY), a["o_area2"], k)
        W = [vert[3] for vert in P]
        OW = [pick(W, i) for i in range(3)]
        OZ = [pick(SZ, i) for i in range(3)]
        for i in range(3):
            f.store(b.fdiv(F64(1.0), b.fpext(OW[i], F64)), a["o_inv_w"], f.idx(k3, i))
            # setup adds the depth bias (0 here; prepare_triangles adds a non-zero one itself): -0 -> +0
            f.store(b.fadd(OZ[i], F32(0.0)), a["o_z"], f.idx(k3, i))
        screen_bb = fn.append_basic_block("screen_out")
        after_screen = fn.append_basic_block("after_screen")
        b.cbranch(want_screen, screen_bb, after_screen)
        b.position_at_end(screen_bb)
        for i in range(3):
            f.store(SZ[i], a["o_sz"], f.idx(k3, i))
            f.store(SX[i], a["o_screen"], f.idx(k6, 2 * i))
            f.store(SY[i], a["o_screen"], f.idx(k6, 2 * i + 1))
        b.branch(after_screen)
        b.position_at_end(after_screen)
        f.store(b.zext(front, I8), a["o_front"], k)
        f.store(b.zext(cw, I8), a["o_cw"], k)
        # weights: rows of the identity in oriented order
        for i in range(3):
            for j in range(3):
                if i == 0:
                    val = F64(1.0 if j == 0 else 0.0)
                else:
                    same = F64(1.0 if j == i else 0.0)
                    swap = F64(1.0 if j == 3 - i else 0.0)
                    val = b.select(cw, same, swap)
                f.store(val, a["o_weights"], f.idx(k9, 3 * i + j))
        # interpolate.barycentric_planes of the oriented fixed-point vertices
        V = [(b.fdiv(b.sitofp(OX[i], F64), F64(256.0)), b.fdiv(b.sitofp(OY[i], F64), F64(256.0)))
             for i in range(3)]
        (x0, y0), (x1, y1), (x2, y2) = V
        farea = b.fsub(b.fmul(b.fsub(x1, x0), b.fsub(y2, y0)), b.fmul(b.fsub(x2, x0), b.fsub(y1, y0)))
        inv = b.fdiv(F64(1.0), farea)
        BP = []
        for i, (ia, ib) in enumerate(((1, 2), (2, 0), (0, 1))):
            xa, ya = V[ia]
            xb, yb = V[ib]
            dy = b.fsub(yb, ya)
            dx = b.fsub(xb, xa)
            bpv = [b.fmul(b.fneg(dy), inv), b.fmul(dx, inv), b.fmul(b.fsub(b.fmul(dy, xa), b.fmul(dx, ya)), inv)]
            for c in range(3):
                f.store(bpv[c], a["o_bp"], f.idx(k9, 3 * i + c))
            BP.append(bpv)
        # the depth and 1/w planes (Interpolator's einsum order), coefficient-major with stride plane_stride
        zq = [b.fpext(b.fadd(OZ[i], F32(0.0)), F64) for i in range(3)]
        iwq = [b.fdiv(F64(1.0), b.fpext(OW[i], F64)) for i in range(3)]
        stride = a["plane_stride"]

        def compute(add, mul):
            outs = []
            for q, dst in ((zq, a["o_zplane"]), (iwq, a["o_iwplane"])):
                for c in range(3):
                    acc = F64(0.0)
                    for v in range(3):
                        acc = add(mul(BP[v][c], q[v]), acc)
                    f.store(acc, dst, b.add(b.mul(stride, I64(c)), k))
                    outs.append(acc)
            return outs

        _with_nan_retry(f, compute, cont)
        b.branch(cont)
        # --- fallback: the numpy path (exact clipper) takes it -----------------------------------
        b.position_at_end(fallback)
        n = b.load(fb_ptr)
        b.store(b.add(n, I64(1)), fb_ptr)
        f.store(t, a["o_fallback"], n)
        b.branch(cont)
        b.position_at_end(reject)
        b.branch(cont)

    f.counted_loop(a["t0"], a["t1"], body)
    f.store(b.load(k_ptr), a["o_counts"], I64(0))
    f.store(b.load(fb_ptr), a["o_counts"], I64(1))
    b.ret_void()
    return f.fn


PLANE_ARGS = (("bp", P_F64), ("q", P_F64), ("out", P_F64), ("p0", I64), ("p1", I64))


def _with_nan_retry(f: _Fn, compute, cont) -> None:
    """Emit ``compute(add, mul)`` (which stores its results and returns them) with plain fadd/fmul, and
    again with the NaN-first operations for a piece whose results hold a NaN: NaN propagates through every
    multiply and add, so a result without NaN saw no NaN operand and the plain operations gave numpy's bits;
    with a NaN somewhere the second pass also reproduces which NaN comes out."""
    b = f.b
    outs = compute(b.fadd, b.fmul)
    any_nan = f.any_of([b.fcmp_unordered("uno", v, v) for v in outs])
    slow = f.fn.append_basic_block("nan_path")
    b.cbranch(any_nan, slow, cont)
    b.position_at_end(slow)
    compute(f.nadd, f.nmul)


def _plane_einsum(module: ir.Module) -> None:
    """out (P, 3) = einsum("pvc,pv->pc", bp, q): per coefficient bp2*q2 + (bp1*q1 + (bp0*q0 + 0)), einsum's order."""
    f = _Fn(module, "plane_einsum", PLANE_ARGS)
    b, a = f.b, f.a

    def body(p, cont):
        p3, p9 = b.mul(p, I64(3)), b.mul(p, I64(9))
        q = [f.load(a["q"], f.idx(p3, v)) for v in range(3)]
        bp = [f.load(a["bp"], f.idx(p9, j)) for j in range(9)]

        def compute(add, mul):
            outs = []
            for c in range(3):
                acc = F64(0.0)
                for v in range(3):
                    acc = add(mul(bp[3 * v + c], q[v]), acc)
                f.store(acc, a["out"], f.idx(p3, c))
                outs.append(acc)
            return outs

        _with_nan_retry(f, compute, cont)

    f.counted_loop(a["p0"], a["p1"], body)
    b.ret_void()


ATTR_ARGS = (("bp", P_F64), ("attr", P_F32), ("attr_rs", I64), ("attr_cs", I64), ("rows", P_I64),
             ("weights", P_F64), ("inv_w", P_F64), ("out", P_F64), ("out_pstride", I64), ("out_kstride", I64),
             ("out_col", P_I64), ("persp", I64), ("p0", I64), ("p1", I64))


def _attr_plane(module: ir.Module) -> None:
    """Interpolator._attr_plane of one register: vertex attributes weights @ source (``_sum3`` order),
    times 1/w when perspective, then the plane in ``_sum3`` order. Coefficient ``kk`` of component ``c``'s
    plane of piece ``p`` goes to ``out[p * out_pstride + out_col[c] + kk * out_kstride]`` (components whose
    ``out_col`` is negative are not stored): Interpolator's coefficient-major (4, 3, P) layout, or the fused
    lane's per-piece plane table (P, planes, 3) directly. Register rows/components are read with element
    strides (attr_rs, attr_cs)."""
    f = _Fn(module, "attr_plane", ATTR_ARGS)
    b, a = f.b, f.a
    persp = b.icmp_unsigned("!=", a["persp"], I64(0))
    cols = [f.load(a["out_col"], I64(c)) for c in range(4)]
    stores = [b.icmp_signed(">=", col, I64(0)) for col in cols]

    def body(p, cont):
        p3, p9 = b.mul(p, I64(3)), b.mul(p, I64(9))
        src = []
        for j in range(3):
            r = b.mul(f.load(a["rows"], f.idx(p3, j)), a["attr_rs"])
            src.append([b.fpext(f.load(a["attr"], b.add(r, b.mul(a["attr_cs"], I64(c)))), F64) for c in range(4)])
        wts = [f.load(a["weights"], f.idx(p9, j)) for j in range(9)]
        iws = [f.load(a["inv_w"], f.idx(p3, i)) for i in range(3)]
        bp = [[f.load(a["bp"], f.idx(p9, 3 * v + kk)) for kk in range(3)] for v in range(3)]

        def compute(add, mul):
            q = []  # q[i][c]
            for i in range(3):
                row = []
                for c in range(4):
                    acc = F64(0.0)
                    for j in range(3):
                        acc = add(mul(src[j][c], wts[3 * i + j]), acc)
                    row.append(b.select(persp, mul(acc, iws[i]), acc))
                q.append(row)
            outs = []
            row = b.mul(p, a["out_pstride"])
            for c in range(4):
                vals = []
                for kk in range(3):
                    acc = F64(0.0)
                    for v in range(3):
                        acc = add(mul(bp[v][kk], q[v][c]), acc)
                    vals.append(acc)
                    outs.append(acc)
                put = f.fn.append_basic_block(f"put{c}")
                after = f.fn.append_basic_block(f"after{c}")
                b.cbranch(stores[c], put, after)
                b.position_at_end(put)
                base = b.add(row, cols[c])
                for kk in range(3):
                    f.store(vals[kk], a["out"], b.add(base, b.mul(a["out_kstride"], I64(kk))))
                b.branch(after)
                b.position_at_end(after)
            return outs

        _with_nan_retry(f, compute, cont)

    f.counted_loop(a["p0"], a["p1"], body)
    b.ret_void()


def build_module() -> str:
    """The LLVM IR text of every front-end kernel."""
    module = ir.Module(name="pyd3d11_frontend")
    from .frontend_vec import tri_setup_vector

    tri_setup_vector(module, _tri_setup(module))
    _plane_einsum(module)
    _attr_plane(module)
    return str(module)
