"""The native sampler's LOD log2 (issue 12): LLVM IR for sampler_lod.log2_f32, the LOD's log2 of D3D11.3
§7.18.11 fixed as one float64 operation sequence rounded once, and the float32 literal helpers it shares with
sampler_gen.py. Moved out of sampler_gen.py unchanged (module size); sampler_gen re-exports every name."""

from __future__ import annotations

import numpy as np

from ..sampler_lod import INV_LN2, LOG2_TERMS, SQRT2
from .lane_ir import dconst as _dlit  # LLVM literals: the one definition in lane_ir
from .lane_ir import fconst as _flit

F32 = np.float32
_QNAN = "0x7FF8000000000000"  # float 0x7FC00000 as an LLVM literal (the reference's canonical filtered NaN)


def _fs(x: float) -> str:
    return f"splat (float {_flit(x)})"


#: terms of the atanh series the quick log2 evaluates (LOG2_FAST_TERMS of LOG2_TERMS; see log2_f32)
LOG2_FAST_TERMS = 8
#: s_max = (sqrt 2 - 1) / (sqrt 2 + 1) bounds |s| (m in [sqrt(1/2), sqrt 2]); z = s^2 <= Z_MAX
Z_MAX = ((SQRT2 - 1.0) / (SQRT2 + 1.0)) ** 2
#: the quick log2's acceptance interval r ± (|s| * LOG2_S_MARGIN + |r| * LOG2_R_MARGIN) (bounds in log2_f32)
LOG2_S_MARGIN = 2.0 ** -42
LOG2_R_MARGIN = 2.0 ** -50


def log2_f32(g, x: str, width: int | None = None, path: str = "auto") -> str:
    """sampler_lod.log2_f32 of <w x float> ``x`` (``width`` lanes, default the step's): the same float32 bits
    as the reference's defined float64 sequence, computed by a short path that proves its own result and falls
    back to the defined sequence, operation by operation, where it cannot.

    Both paths share the defined sequence up to z = s^2 (exponent split, s = (m - 1) / (m + 1): identical IEEE
    double operations). The reference then evaluates the 12-term atanh series by Horner's rule (11 dependent
    multiply-add pairs: the longest dependency chain of trilinear sampling); the short path evaluates its first
    LOG2_FAST_TERMS terms by Estrin's scheme with fused multiply-adds and forms r_c = s * p * (2 / ln 2) + e.
    Bound on |r_full - r_c| (both against R = e + 2 INV_LN2 s P(z), P the whole series, u = 2^-53):
    the reference's Horner sum is within 1.06 u of P (each step's rounding, later multiplied by z <= 0.0295),
    its three products add 3 u relative and its final add u |r|; the short path's Estrin sum is within 3.1 u
    of its truncated series, whose tail is <= Z_MAX^8 / 17 / (1 - Z_MAX) < 3.4e-14 (relative: P >= 1),
    its product and fused add ~2 u relative and u |r|. With |2 INV_LN2 s P| <= 2.92 |s|:
    |r_full - r_c| <= 1.03e-13 |s| + 2.3e-16 |r|, and the margin used, |s| 2^-42 (2.27e-13) + |r| 2^-50
    (8.9e-16), covers that more than twice over (also the rounding of r_c ± margin itself, <= u |r|).
    float32 rounding is monotone, so where fptrunc(r_c - margin) == fptrunc(r_c + margin) every value
    between — r_full among them — rounds to that float: the result. Where any lane's interval straddles a
    float32 rounding boundary (about 1 lane in 10^6) the whole vector takes the defined Horner sequence.
    ``path`` (tests): "auto", or "full" / "short" to take that path whatever the check says, or "probe": the
    check's decision instead of the logarithm (1.0 in every lane where the vector took the short path, else 0.0).
    tests/test_native_sampler_log2.py checks both paths against the reference, near-boundary inputs included."""
    w = g.W if width is None else width
    VD, VQ, VF, VB, VI = f"<{w} x double>", f"<{w} x i64>", f"<{w} x float>", f"<{w} x i1>", f"<{w} x i32>"

    def ds(v: float) -> str:
        return f"splat (double {_dlit(v)})"

    def fma(a: str, b: str, c: str) -> str:
        g.intr(f"declare {VD} @llvm.fma.v{w}f64({VD}, {VD}, {VD})")
        return g.v(f"call {VD} @llvm.fma.v{w}f64({VD} {a}, {VD} {b}, {VD} {c})")

    def fabs(a: str) -> str:
        g.intr(f"declare {VD} @llvm.fabs.v{w}f64({VD})")
        return g.v(f"call {VD} @llvm.fabs.v{w}f64({VD} {a})")

    d = g.v(f"fpext {VF} {x} to {VD}")
    bits = g.v(f"bitcast {VD} {d} to {VQ}")
    e = g.v(f"lshr {VQ} {bits}, splat (i64 52)")
    e = g.v(f"and {VQ} {e}, splat (i64 2047)")
    e = g.v(f"sub {VQ} {e}, splat (i64 1023)")
    mb = g.v(f"and {VQ} {bits}, splat (i64 4503599627370495)")
    mb = g.v(f"or {VQ} {mb}, splat (i64 4607182418800017408)")
    m = g.v(f"bitcast {VQ} {mb} to {VD}")
    big = g.v(f"fcmp ogt {VD} {m}, {ds(SQRT2)}")
    m = g.v(f"select {VB} {big}, {VD} {g.v(f'fmul {VD} {m}, {ds(0.5)}')}, {VD} {m}")
    e = g.v(f"add {VQ} {e}, {g.v(f'zext {VB} {big} to {VQ}')}")
    ef = g.v(f"sitofp {VQ} {e} to {VD}")
    sn = g.v(f"fsub {VD} {m}, {ds(1.0)}")
    sd = g.v(f"fadd {VD} {m}, {ds(1.0)}")
    sv = g.v(f"fdiv {VD} {sn}, {sd}")
    z = g.v(f"fmul {VD} {sv}, {sv}")
    # the short path: Estrin's scheme over LOG2_TERMS[:8]
    c = LOG2_TERMS[:LOG2_FAST_TERMS]
    z2 = g.v(f"fmul {VD} {z}, {z}")
    z4 = g.v(f"fmul {VD} {z2}, {z2}")
    q = [fma(ds(c[2 * i + 1]), z, ds(c[2 * i])) for i in range(LOG2_FAST_TERMS // 2)]
    h = [fma(q[1], z2, q[0]), fma(q[3], z2, q[2])]
    pc = fma(h[1], z4, h[0])
    t = g.v(f"fmul {VD} {sv}, {pc}")
    rc = fma(t, ds(2.0 * INV_LN2), ef)
    margin = fma(fabs(sv), ds(LOG2_S_MARGIN), g.v(f"fmul {VD} {fabs(rc)}, {ds(LOG2_R_MARGIN)}"))
    lo = g.v(f"fptrunc {VD} {g.v(f'fsub {VD} {rc}, {margin}')} to {VF}")
    lo = g.v(f"bitcast {VF} {lo} to {VI}")
    hi = g.v(f"fptrunc {VD} {g.v(f'fadd {VD} {rc}, {margin}')} to {VF}")
    same = g.v(f"icmp eq {VI} {lo}, {g.v(f'bitcast {VF} {hi} to {VI}')}")
    zero = g.v(f"fcmp oeq {VF} {x}, zeroinitializer")
    inf = g.v(f"fcmp oeq {VF} {x}, {_fs(float('inf'))}")
    bad = g.v(f"fcmp ult {VF} {x}, zeroinitializer")  # negative or NaN
    special = g.v(f"or {VB} {g.v(f'or {VB} {zero}, {inf}')}, {bad}")
    ok = g.v(f"or {VB} {same}, {special}")
    g.intr(f"declare i1 @llvm.vector.reduce.and.v{w}i1({VB})")
    allok = g.v(f"call i1 @llvm.vector.reduce.and.v{w}i1({VB} {ok})")
    allok = {"auto": allok, "probe": allok, "full": "false", "short": "true"}[path]
    fast, slow, done = g.label("lgf"), g.label("lgs"), g.label("lgd")
    g.e(f"br i1 {allok}, label %{fast}, label %{slow}")
    g.put_label(fast)
    short = g.v(f"fptrunc {VD} {rc} to {VF}")  # = fptrunc(lo) = fptrunc(hi) where the check holds
    g.br(done)
    # the defined sequence (sampler_lod.log2_f32): Horner's rule over every term, separate IEEE operations
    g.put_label(slow)
    p = ds(LOG2_TERMS[-1])
    for k in LOG2_TERMS[-2::-1]:
        p = g.v(f"fadd {VD} {g.v(f'fmul {VD} {p}, {z}')}, {ds(k)}")
    r = g.v(f"fmul {VD} {sv}, {p}")
    r = g.v(f"fmul {VD} {r}, {ds(2.0)}")
    r = g.v(f"fmul {VD} {r}, {ds(INV_LN2)}")
    r = g.v(f"fadd {VD} {r}, {ef}")
    rs = g.v(f"fptrunc {VD} {r} to {VF}")
    slow_end = g.label("lgse")
    g.br(slow_end)
    g.put_label(slow_end)
    g.br(done)
    g.put_label(done)
    if path == "probe":
        return g.v(f"phi {VF} [ {_fs(1.0)}, %{fast} ], [ zeroinitializer, %{slow_end} ]")
    res = g.v(f"phi {VF} [ {short}, %{fast} ], [ {rs}, %{slow_end} ]")
    res = g.v(f"select {VB} {zero}, {VF} {_fs(float('-inf'))}, {VF} {res}")
    res = g.v(f"select {VB} {inf}, {VF} {_fs(float('inf'))}, {VF} {res}")
    return g.v(f"select {VB} {bad}, {VF} splat (float {_QNAN}), {VF} {res}")
