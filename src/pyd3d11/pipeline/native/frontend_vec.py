"""Triangle setup eight triangles per step (issue 12: the per-triangle front end natively and wide).

``tri_setup`` (signature :data:`frontend_ir.TRI_SETUP_ARGS`) computes a group of :data:`WIDTH` consecutive
triangles at once in vector registers: the clip-volume classification (D3D11.3 §15.4), perspective divide
and viewport (§15.5, §15.6), 16.8 snapping with round-to-nearest-even (§3.4.1), culling and orientation
(§15.13), edge equations and top-left flags (§3.4.2.1), 1/w, depth and barycentric planes. Every lane
performs the scalar kernel's (``tri_setup_scalar``, frontend_ir) IEEE operations in the same order on the
same types, with no fast-math flags, so each lane's results are the same bits; the visible lanes are then
stored one after the other in lane order (source order).

A group goes to the scalar kernel whole when any triangle in it needs the exact clipper, has a snapped
coordinate past the snapping range, or has a NaN in a depth or 1/w plane (the scalar kernel's NaN-ordered
retry decides which NaN comes out); so does the tail of a range and a range with per-triangle viewports.
"""

from __future__ import annotations

from llvmlite import ir

from . import frontend_ir as fir
from .frontend_ir import F32, F64, GUARD, I1, I8, I64, SNAP_LIMIT, W_EPS

#: triangles per vector step
WIDTH = 8

# elements per triangle of each output the kernel compacts (name, element type)
_ROW = {"o_source": 1, "o_verts": 6, "o_A": 3, "o_B": 3, "o_C": 3, "o_topleft": 3, "o_area2": 1, "o_inv_w": 3,
        "o_z": 3, "o_front": 1, "o_weights": 9, "o_bp": 9, "o_screen": 6, "o_sz": 3, "o_cw": 1}


class _Vec:
    """Vector helpers over one function's builder (lane count WIDTH)."""

    def __init__(self, f: fir._Fn):
        self.f, self.b, self.m = f, f.b, f.module

    def ty(self, t):
        return ir.VectorType(t, WIDTH)

    def splat(self, t, value):
        return ir.Constant(self.ty(t), value)

    def intrinsic(self, name: str, t):
        vt = self.ty(t)
        suffix = {F32: "f32", F64: "f64"}[t]
        full = f"{name}.v{WIDTH}{suffix}"
        fn = self.m.globals.get(full)
        if fn is None:
            fn = ir.Function(self.m, ir.FunctionType(vt, [vt]), full)
        return fn

    def fabs(self, x, t):
        return self.b.call(self.intrinsic("llvm.fabs", t), [x])

    def finite(self, x, t):
        return self.b.fcmp_ordered("<", self.fabs(x, t), self.splat(t, float("inf")))

    def gather(self, scalars, t):
        v = ir.Constant(self.ty(t), ir.Undefined)
        for j, s in enumerate(scalars):
            v = self.b.insert_element(v, s, I64(j))
        return v

    def lane(self, v, j):
        return self.b.extract_element(v, I64(j))

    def any_lane(self, mask):
        b = self.b
        bits = b.bitcast(mask, ir.IntType(WIDTH))
        return b.icmp_unsigned("!=", bits, ir.Constant(ir.IntType(WIDTH), 0))


def tri_setup_vector(module: ir.Module, scalar: ir.Function) -> None:
    """Define ``tri_setup``: groups of WIDTH triangles in vector registers, ``scalar`` for the rest."""
    f = fir._Fn(module, "tri_setup", fir.TRI_SETUP_ARGS)
    b, a = f.b, f.a
    vx = _Vec(f)
    k_ptr = b.alloca(I64, name="k")
    fb_ptr = b.alloca(I64, name="nfb")
    counts = b.alloca(ir.ArrayType(I64, 2), name="counts")
    counts_p = b.gep(counts, [I64(0), I64(0)])
    b.store(I64(0), k_ptr)
    b.store(I64(0), fb_ptr)
    flags = a["flags"]
    depth_clip = b.icmp_unsigned("!=", b.and_(flags, I64(fir.FLAG_DEPTH_CLIP)), I64(0))
    front_ccw = b.icmp_unsigned("!=", b.and_(flags, I64(fir.FLAG_FRONT_CCW)), I64(0))
    want_screen = b.icmp_unsigned("!=", b.and_(flags, I64(fir.FLAG_SCREEN)), I64(0))
    cull = b.and_(b.lshr(flags, I64(fir.CULL_SHIFT)), I64(3))
    cull_back = b.icmp_unsigned("==", cull, I64(3))
    cull_front = b.icmp_unsigned("==", cull, I64(2))
    t0, t1 = a["t0"], a["t1"]
    # whole groups only with one viewport for every triangle; the rest (or everything) scalar
    n = b.sub(t1, t0)
    groups_end = b.add(t0, b.mul(b.sdiv(n, I64(WIDTH)), I64(WIDTH)))
    one_vp = b.icmp_signed("==", a["vp_stride"], I64(0))
    vec_end = b.select(b.and_(one_vp, b.icmp_signed(">", n, I64(0))), groups_end, t0)

    def run_scalar(g0, g1) -> None:
        """The scalar kernel over [g0, g1), its outputs appended after those written so far."""
        k = b.load(k_ptr)
        nf = b.load(fb_ptr)
        args = []
        for name, _t in fir.TRI_SETUP_ARGS:
            v = a[name]
            if name == "t0":
                v = g0
            elif name == "t1":
                v = g1
            elif name in _ROW:
                v = b.gep(v, [b.mul(k, I64(_ROW[name]))])
            elif name == "o_fallback":
                v = b.gep(v, [nf])
            elif name == "o_counts":
                v = counts_p
            elif name in ("o_zplane", "o_iwplane"):
                v = b.gep(v, [k])
            args.append(v)
        b.call(scalar, args)
        b.store(b.add(k, b.load(counts_p)), k_ptr)
        b.store(b.add(nf, b.load(b.gep(counts_p, [I64(1)]))), fb_ptr)

    # vp row 0 (the kernel reads only row 0 when vp_stride is 0)
    vp = [f.load(a["vp"], I64(c)) for c in range(6)]

    def group(g, _cont):
        _group(f, vx, g, vp, depth_clip, front_ccw, want_screen, cull_back, cull_front, k_ptr, run_scalar)

    # counted_loop steps by one: loop over group indices and scale
    n_groups = b.sdiv(b.sub(vec_end, t0), I64(WIDTH))
    f.counted_loop(I64(0), n_groups, lambda i, cont: group(b.add(t0, b.mul(i, I64(WIDTH))), cont))
    tail = f.fn.append_basic_block("tail")
    end = f.fn.append_basic_block("end")
    b.cbranch(b.icmp_signed("<", vec_end, t1), tail, end)
    b.position_at_end(tail)
    run_scalar(vec_end, t1)
    b.branch(end)
    b.position_at_end(end)
    f.store(b.load(k_ptr), a["o_counts"], I64(0))
    f.store(b.load(fb_ptr), a["o_counts"], I64(1))
    b.ret_void()


def _group(f, vx: _Vec, g, vp, depth_clip, front_ccw, want_screen, cull_back, cull_front, k_ptr, run_scalar):
    """One group of WIDTH triangles starting at ``g``; the same operations per lane as frontend_ir._tri_setup."""
    b, a = f.b, f.a
    W = WIDTH
    S = vx.splat
    # --- fetch: lane j is triangle g + j ----------------------------------------------------------
    P = []
    for i in range(3):
        rs = [f.load(a["rows"], b.add(b.mul(b.add(g, I64(j)), I64(3)), I64(i))) for j in range(W)]
        bases = [b.mul(r, a["pos_rs"]) for r in rs]
        P.append([vx.gather([f.load(a["pos"], b.add(bs, b.mul(a["pos_cs"], I64(c)))) for bs in bases], F32)
                  for c in range(4)])
    finite = None
    for vert in P:
        for v in vert:
            fv = vx.finite(v, F32)
            finite = fv if finite is None else b.and_(finite, fv)
    D = [[b.fpext(v, vx.ty(F64)) for v in vert] for vert in P]
    zero = S(F64, 0.0)
    ins = [[b.fcmp_ordered(">=", b.fsub(d[3], S(F64, W_EPS)), zero) for d in D]]
    for axis, sign in ((0, 1), (0, -1), (1, 1), (1, -1)):
        row = []
        for d in D:
            gw = b.fmul(d[3], S(F64, GUARD))
            row.append(b.fcmp_ordered(">=", b.fadd(d[axis], gw) if sign > 0 else b.fsub(gw, d[axis]), zero))
        ins.append(row)
    no_dc = b.select(depth_clip, S(I1, 0), S(I1, 1))
    ins.append([b.or_(b.fcmp_ordered(">=", d[2], zero), no_dc) for d in D])
    ins.append([b.or_(b.fcmp_ordered(">=", b.fsub(d[3], d[2]), zero), no_dc) for d in D])
    all_in = f.all_of([v for row in ins for v in row])
    plane_out = f.any_of([b.not_(f.any_of(row)) for row in ins])
    early_reject = b.or_(b.not_(finite), plane_out)
    accept = b.and_(b.not_(early_reject), all_in)
    needs_clip = b.and_(b.not_(early_reject), b.not_(all_in))
    # --- divide, viewport, snap -------------------------------------------------------------------
    vpv = [b.insert_element(ir.Constant(vx.ty(F32), ir.Undefined), x, I64(0)) for x in vp]
    vpv = [b.shuffle_vector(x, x, ir.Constant(vx.ty(ir.IntType(32)), 0)) for x in vpv]
    one, half = S(F32, 1.0), S(F32, 0.5)
    SX, SY, SZ = fir.screen_coords(b, P, vpv, one, half)
    sfinite = f.all_of([vx.finite(v, F32) for v in SX + SY])
    scaled = [b.fmul(b.fpext(v, vx.ty(F64)), S(F64, 256.0)) for v in SX + SY]
    too_big = f.any_of([b.fcmp_unordered(">", vx.fabs(v, F64), S(F64, SNAP_LIMIT)) for v in scaled])
    screen_ok = b.and_(accept, sfinite)
    beyond = b.and_(screen_ok, too_big)
    ok = b.and_(screen_ok, b.not_(too_big))
    # lanes outside ``ok`` convert 0 instead (a conversion of a value past the int64 range is poison)
    rint = vx.intrinsic("llvm.rint", F64)
    fixed = [b.fptosi(b.call(rint, [b.select(ok, v, S(F64, 0.0))]), vx.ty(I64)) for v in scaled]
    X, Y = fixed[:3], fixed[3:]

    def area2(xs, ys):
        return b.sub(b.mul(b.sub(xs[1], xs[0]), b.sub(ys[2], ys[0])),
                     b.mul(b.sub(xs[2], xs[0]), b.sub(ys[1], ys[0])))

    area = area2(X, Y)
    cw = b.icmp_signed(">", area, S(I64, 0))
    ccw_face = b.select(front_ccw, S(I1, 1), S(I1, 0))
    front = b.xor(cw, ccw_face)
    vis = b.and_(ok, b.icmp_signed("!=", area, S(I64, 0)))
    vis = b.and_(vis, b.or_(b.select(cull_back, S(I1, 0), S(I1, 1)), front))
    vis = b.and_(vis, b.or_(b.select(cull_front, S(I1, 0), S(I1, 1)), b.not_(front)))

    def pick(vals, i):
        return vals[0] if i == 0 else b.select(cw, vals[i], vals[3 - i])

    OX = [pick(X, i) for i in range(3)]
    OY = [pick(Y, i) for i in range(3)]
    OW = [pick([vert[3] for vert in P], i) for i in range(3)]
    OZ = [pick(SZ, i) for i in range(3)]
    # barycentric planes of the oriented fixed-point vertices (interpolate.barycentric_planes)
    Vd = [(b.fdiv(b.sitofp(OX[i], vx.ty(F64)), S(F64, 256.0)), b.fdiv(b.sitofp(OY[i], vx.ty(F64)), S(F64, 256.0)))
          for i in range(3)]
    (x0, y0), (x1, y1), (x2, y2) = Vd
    farea = b.fsub(b.fmul(b.fsub(x1, x0), b.fsub(y2, y0)), b.fmul(b.fsub(x2, x0), b.fsub(y1, y0)))
    inv = b.fdiv(S(F64, 1.0), farea)
    BP = []
    for ia, ib in ((1, 2), (2, 0), (0, 1)):
        xa, ya = Vd[ia]
        xb, yb = Vd[ib]
        dy = b.fsub(yb, ya)
        dx = b.fsub(xb, xa)
        BP.append([b.fmul(b.fneg(dy), inv), b.fmul(dx, inv), b.fmul(b.fsub(b.fmul(dy, xa), b.fmul(dx, ya)), inv)])
    ozq = [b.fadd(OZ[i], S(F32, 0.0)) for i in range(3)]  # depth bias 0: -0 -> +0
    zq = [b.fpext(v, vx.ty(F64)) for v in ozq]
    iwq = [b.fdiv(S(F64, 1.0), b.fpext(OW[i], vx.ty(F64))) for i in range(3)]
    planes = []  # z then 1/w, coefficient c: bp2*q2 + (bp1*q1 + (bp0*q0 + 0))
    nan = None
    for q in (zq, iwq):
        row = []
        for c in range(3):
            acc = S(F64, 0.0)
            for v in range(3):
                acc = b.fadd(b.fmul(BP[v][c], q[v]), acc)
            row.append(acc)
            isnan = b.fcmp_unordered("uno", acc, acc)
            nan = isnan if nan is None else b.or_(nan, isnan)
        planes.append(row)
    irregular = vx.any_lane(b.or_(b.or_(needs_clip, beyond), b.and_(vis, nan)))
    scalar_bb = f.fn.append_basic_block("group_scalar")
    store_bb = f.fn.append_basic_block("group_store")
    done_bb = f.fn.append_basic_block("group_done")
    b.cbranch(irregular, scalar_bb, store_bb)
    b.position_at_end(scalar_bb)
    run_scalar(g, b.add(g, I64(W)))
    b.branch(done_bb)
    b.position_at_end(store_bb)
    # edge equations (TriangleSetup.build: edge i runs from vertex i+1 to vertex i+2) and top-left flags
    EA, EB, EC, TL = [], [], [], []
    for i in range(3):
        ia, ib = (i + 1) % 3, (i + 2) % 3
        dx = b.sub(OX[ib], OX[ia])
        dy = b.sub(OY[ib], OY[ia])
        EA.append(b.neg(dy))
        EB.append(dx)
        EC.append(b.sub(b.mul(dy, OX[ia]), b.mul(dx, OY[ia])))
        tl = b.or_(b.icmp_signed("<", dy, S(I64, 0)),
                   b.and_(b.icmp_signed("==", dy, S(I64, 0)), b.icmp_signed(">", dx, S(I64, 0))))
        TL.append(b.zext(tl, vx.ty(I8)))
    oarea = area2(OX, OY)
    inv_w_out = [b.fdiv(S(F64, 1.0), b.fpext(OW[i], vx.ty(F64))) for i in range(3)]
    front8 = b.zext(front, vx.ty(I8))
    cw8 = b.zext(cw, vx.ty(I8))
    stride = a["plane_stride"]
    for j in range(W):
        put = f.fn.append_basic_block(f"lane{j}")
        nxt = f.fn.append_basic_block(f"lane{j}_next")
        b.cbranch(vx.lane(vis, j), put, nxt)
        b.position_at_end(put)
        k = b.load(k_ptr)
        b.store(b.add(k, I64(1)), k_ptr)
        L = vx.lane
        f.store(b.add(g, I64(j)), a["o_source"], k)
        k3, k6, k9 = b.mul(k, I64(3)), b.mul(k, I64(6)), b.mul(k, I64(9))
        for i in range(3):
            f.store(L(OX[i], j), a["o_verts"], f.idx(k6, 2 * i))
            f.store(L(OY[i], j), a["o_verts"], f.idx(k6, 2 * i + 1))
            f.store(L(EA[i], j), a["o_A"], f.idx(k3, i))
            f.store(L(EB[i], j), a["o_B"], f.idx(k3, i))
            f.store(L(EC[i], j), a["o_C"], f.idx(k3, i))
            f.store(L(TL[i], j), a["o_topleft"], f.idx(k3, i))
            f.store(L(inv_w_out[i], j), a["o_inv_w"], f.idx(k3, i))
            f.store(L(ozq[i], j), a["o_z"], f.idx(k3, i))
        f.store(L(oarea, j), a["o_area2"], k)
        scr = f.fn.append_basic_block(f"lane{j}_screen")
        after = f.fn.append_basic_block(f"lane{j}_after")
        b.cbranch(want_screen, scr, after)
        b.position_at_end(scr)
        for i in range(3):
            f.store(L(SZ[i], j), a["o_sz"], f.idx(k3, i))
            f.store(L(SX[i], j), a["o_screen"], f.idx(k6, 2 * i))
            f.store(L(SY[i], j), a["o_screen"], f.idx(k6, 2 * i + 1))
        b.branch(after)
        b.position_at_end(after)
        f.store(L(front8, j), a["o_front"], k)
        f.store(L(cw8, j), a["o_cw"], k)
        cwj = L(cw, j)
        for i in range(3):  # weights: rows of the identity in oriented order
            for jj in range(3):
                if i == 0:
                    val = F64(1.0 if jj == 0 else 0.0)
                else:
                    val = b.select(cwj, F64(1.0 if jj == i else 0.0), F64(1.0 if jj == 3 - i else 0.0))
                f.store(val, a["o_weights"], f.idx(k9, 3 * i + jj))
        for i in range(3):
            for c in range(3):
                f.store(L(BP[i][c], j), a["o_bp"], f.idx(k9, 3 * i + c))
        for dst, row in ((a["o_zplane"], planes[0]), (a["o_iwplane"], planes[1])):
            for c in range(3):
                f.store(L(row[c], j), dst, b.add(b.mul(stride, I64(c)), k))
        b.branch(nxt)
        b.position_at_end(nxt)
    b.branch(done_bb)
    b.position_at_end(done_bb)
