"""Attribute planes evaluated in float32 where that is proven exact (issue 12, S5's interpolation).

The rule (D3D11.3 §16.4; pipeline/interpolate.py): a lane's attribute is its piece's plane c0*x + c1*y + c2 at the
pixel centre (x, y) = (X + 1/2, Y + 1/2), in that order in float64, over the 1/w plane for perspective inputs,
rounded once to float32. The batch function (fused_gen._flush_fn) evaluates the planes of a piece in float32 (fused
multiply-adds, 8 lanes a step along a run of the piece's quads) when the piece passes
``fused_gen.exact32_condition`` (and has 1/w exactly 1 where the input is perspective): every coefficient a float32,
and the bound |c0|*2^15 + |c1|*2^15 + |c2| <= 2^(E+23), E the least exponent of the terms' lowest set bits, so every
intermediate is an exact float32 and both evaluations give the real value.

Tests: the condition against its definition (a table of coefficient triples on both sides of each clause) and
against the IR flag the batch function computes (compiled and run on the same table); the proof checked by brute
force (float32 evaluations in several association orders against the float64 definition over pixel centres up to
2^15, for planes passing the condition); draws compared byte for byte with the reference pipeline: full-screen quads
with dyadic texture coordinates (S5's shape, blended UNORM and float targets), axis-aligned right triangles with
power-of-two legs and dyadic attributes (exact planes, partial quads at their edges and the target's) interleaved
with random triangles (inexact planes: the float64 path) so that runs of a piece's quads start and end anywhere, a
shader with discard, one with a flat input beside the planes (the 4-lane float32 step), and w != 1 pieces.
"""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused_gen  # noqa: E402
from pyd3d11.pipeline.native.fused_gen import exact32_condition  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

F32_MIN_NORMAL = 2.0 ** -126
# (c0, c1, c2, expected) from the definition: float32 coefficients, E >= -126, bound <= 2^(E+23)
TABLE = [
    (2.0 ** -10, 0.0, 0.0, True),  # S5's u: (X + 1/2) / 1024; E = -11, bound 2^5
    (0.0, -(2.0 ** -10), 1.0, True),  # a flipped v
    (0.0, 0.0, 0.0, True),  # no term: every value is +0
    (-0.0, 0.0, -0.0, True),  # signed zeros only
    (0.0, 0.0, 0.1, False),  # a constant that is not a float32
    (0.0, 0.0, 0.125, True),  # one short constant term
    # a float32 of 24 significant bits: representable, but past the factor-2 margin of the bound (2^(E+23))
    (0.0, 0.0, float(np.float32(0.1)), False),
    (0.0, 0.0, float(np.float32(0.1)) / 2 ** 1, False),
    (0.1, 0.0, 0.0, False),  # not a float32
    (float(np.float32(0.1)), 0.0, 0.0, False),  # a float32 with 24 significant bits: x's bits overflow 24
    (0.75, 0.25, 3.0, True),  # E = -3, bound 2^15 + 3 <= 2^20
    (3.0, 0.0, 0.0, True),  # E = -1: bound 3 * 2^15 <= 2^22
    (127.0, 0.0, 0.0, True),  # E = -1: bound 127 * 2^15 <= 2^22
    (129.0, 0.0, 0.0, False),  # 129 * 2^15 > 2^22
    (256.0, 0.0, 0.0, True),  # E = 7: bound 2^23 <= 2^30
    (1.0, 1.0, 2.0 ** 21, True),  # E = -1: 2^16 + 2^21 <= 2^22
    (1.0, 1.0, 2.0 ** 22, False),  # 2^16 + 2^22 > 2^22
    (2.0 ** -100, 0.0, 0.0, True),  # E = -101
    (2.0 ** -125, 0.0, 0.0, True),  # E = -126 (x's half): the least allowed
    (F32_MIN_NORMAL, 0.0, 0.0, False),  # E = -127 (x's half): a denormal step
    (0.0, 0.0, F32_MIN_NORMAL, True),  # E = -126
    (0.0, 0.0, 2.0 ** -149, False),  # a float32 denormal constant
    (float("inf"), 0.0, 0.0, False),
    (0.0, float("nan"), 0.0, False),
    (0.0, 0.0, float("-inf"), False),
    (2.0 ** 100, 0.0, 0.0, True),  # E = 99: bound 2^115 <= 2^122
    (2.0 ** 120, 0.0, 0.0, False),  # E = 100 (capped): bound 2^135 > 2^123
    (1e300, 0.0, 0.0, False),  # not a float32
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("c0,c1,c2,want", TABLE)
def test_condition_table(c0, c1, c2, want):
    assert exact32_condition(c0, c1, c2) is want


def _ir_flag_fn():
    """The batch function's per-piece flag (``_Gen._exact32_flag``) compiled alone: i1 f(ptr to 3 doubles)."""
    import llvmlite.binding as llvm

    from pyd3d11.shader.native import runtime

    g = fused_gen._Gen(_any_key())
    g.lines = []
    cs = [g.v(f"load double, ptr {g.v(f'getelementptr double, ptr %c, i64 {j}')}, align 8") for j in range(3)]
    f = g._exact32_flag(cs)
    body = "\n".join(g.lines)
    text = "\n".join(sorted(g.decls)) + f"\ndefine i32 @flag(ptr %c) {{\nentry:\n{body}\n  %r = zext i1 {f} to i32\n" \
        "  ret i32 %r\n}\n"
    runtime._init_llvm()
    mod = llvm.parse_assembly(text)
    mod.verify()
    tm = runtime._target_machine(llvm)
    ee = llvm.create_mcjit_compiler(mod, tm)
    ee.finalize_object()
    fn = ctypes.CFUNCTYPE(ctypes.c_int32, ctypes.POINTER(ctypes.c_double))(ee.get_function_address("flag"))
    return fn, ee


def test_ir_flag_matches_condition():
    fn, _ee = _ir_flag_fn()
    rng = np.random.default_rng(7)
    rows = [r[:3] for r in TABLE]
    # random dyadic and non-dyadic triples near the bounds
    for _ in range(400):
        e = rng.integers(-140, 40, 3)
        m = rng.integers(-(1 << 12), 1 << 12, 3)
        c = [float(m[j]) * 2.0 ** int(e[j]) if rng.random() < 0.8 else float(rng.standard_normal()) for j in range(3)]
        for j in range(3):
            if rng.random() < 0.25:
                c[j] = 0.0 if rng.random() < 0.5 else -0.0
        rows.append(tuple(c))
    for c in rows:
        arr = (ctypes.c_double * 3)(*c)
        assert bool(fn(arr)) is exact32_condition(*c), c


@pytest.mark.backend_independent
def test_proof_by_brute_force():
    """For planes passing the condition, float32 evaluation in three association orders (and with exact
    products, which an FMA computes) equals the definition's fl32 of the float64 evaluation, sign of zero
    included, at pixel centres over the whole assumed range |X + 1/2| < 2^15."""
    rng = np.random.default_rng(3)
    X = np.concatenate([np.arange(0, 64), rng.integers(0, 1 << 15, 4000), [(1 << 15) - 1]])
    Y = np.concatenate([np.arange(0, 64)[::-1], rng.integers(0, 1 << 15, 4000), [(1 << 15) - 1]])
    x64, y64 = X.astype(np.float64) + 0.5, Y.astype(np.float64) + 0.5
    x32, y32 = X.astype(np.float32) + np.float32(0.5), Y.astype(np.float32) + np.float32(0.5)
    passed = 0
    for _ in range(3000):
        e = int(rng.integers(-40, 10)) + rng.integers(0, 6, 3)  # terms of nearby scales: most pass
        m = rng.integers(-(1 << 6), 1 << 6, 3)
        c = [float(m[j]) * 2.0 ** int(e[j]) for j in range(3)]
        c[2] *= 2.0 ** 12  # the constant at the products' scale
        if rng.random() < 0.3:
            c[int(rng.integers(0, 3))] = -0.0
        if not exact32_condition(*c):
            continue
        passed += 1
        ref = ((c[0] * x64 + c[1] * y64) + c[2]).astype(np.float32)
        f = [np.float32(v) for v in c]
        for got in ((f[0] * x32 + f[1] * y32) + f[2], f[0] * x32 + (f[1] * y32 + f[2]),
                    (f[0] * x32 + f[2]) + f[1] * y32):
            assert np.array_equal(got.view(np.uint32), ref.view(np.uint32)), c
    assert passed > 500  # the table of cases is not vacuous


# --- draws against the reference pipeline ---------------------------------------------------------

PS_UV = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, l(0, 0, 0.5, 0.1)
ret
"""
# three perspective components and 1/w: four planes (fused_gen.HOIST_PLANES, the float32 path's limit)
PS_PERSP3 = """ps_4_0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyz, v1.xyzx
mov o0.w, l(0.25)
mov o1.xyzw, v1.zyxz
ret
"""
# four noperspective components: four planes, no 1/w
PS_NOPERSP4 = """ps_4_0
dcl_input_ps linear noperspective v2.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, v2.xyzw
mov o1.xyzw, v2.wzyx
ret
"""
# five planes: past the limit, the float64 path only (a control)
PS_PERSP4 = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, v1.xyzw
mov o1.xyzw, v1.wzyx
ret
"""
PS_DISCARD = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
lt r0.x, v1.x, v1.y
discard_nz r0.x
mov o0.xy, v1.xyxx
mov o0.zw, l(0, 0, 0.5, 0.75)
mov o1.xyzw, v1.yxyx
ret
"""
# a flat input beside the planes: the 4-lane float32 step only
PS_FLAT = """ps_4_0
dcl_input_ps linear v1.xy
dcl_input_ps constant v2.xy
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, v2.xxxy
mov o1.xyzw, v1.yxyx
ret
"""
PS_SHADERS = {"persp3": PS_PERSP3, "nopersp4": PS_NOPERSP4, "persp4": PS_PERSP4, "discard": PS_DISCARD,
              "flat": PS_FLAT}


@pytest.fixture(autouse=True)
def _restore(monkeypatch):
    # The float32 path is in the batch function's full text only: a cold variant's quick first build under the
    # default tier (``auto``) compiles fused_gen.flush_lean (the float64 path alone) until its O2 rebuild. The
    # ``quick`` tier compiles the full text at once, so these draws run the float32 path from their first lane;
    # the variants and modules built by other tests (possibly lean) are set aside meanwhile.
    from pyd3d11.pipeline.native import fused
    from pyd3d11.shader.native import runtime

    runtime.wait_upgrades()
    saved = dict(fused._CACHE), dict(fused._MODULES)
    fused._CACHE.clear()
    fused._MODULES.clear()
    monkeypatch.setattr(runtime, "TIER", "quick")
    yield
    native.set_backend(None)
    pool.set_threads(None)
    runtime.wait_upgrades()
    fused._CACHE.clear()
    fused._MODULES.clear()
    fused._CACHE.update(saved[0])
    fused._MODULES.update(saved[1])


def _clip(px, py, W, H):
    return px / W * 2 - 1, 1 - py / H * 2


def _quad_verts(W: int, H: int, uv_flip: bool) -> np.ndarray:
    """Two triangles covering the target, uv (0..1) at the corners (S5's quad), w = 1."""
    corners = [(0, 0), (W, 0), (0, H), (W, 0), (W, H), (0, H)]
    rows = []
    for px, py in corners:
        u, v = px / W, py / H
        if uv_flip:
            v = 1 - v
        x, y = _clip(px, py, W, H)
        rows.append([x, y, 0.5, 1.0, u, v, 0.5 * u - 0.25, 2 * v, v, -u, 0, 0])
    return np.asarray(rows, np.float32)


def _right_triangles(rng, W: int, H: int, n: int, w_var: bool) -> np.ndarray:
    """Axis-aligned right triangles with power-of-two legs at integer pixel positions (some crossing the target's
    edges), attributes of dyadic planes, interleaved with random triangles of arbitrary attributes; with ``w_var``
    every other triangle has w varying or constant 2."""
    rows = []
    for t in range(n):
        if t % 3 == 2:  # a random triangle: inexact planes
            pts = rng.uniform([-4, -4], [W + 4, H + 4], (3, 2))
            attrs = rng.uniform(-1.5, 1.5, (3, 8))
        else:
            lx, ly = 2 ** int(rng.integers(1, 6)), 2 ** int(rng.integers(1, 6))
            x0, y0 = int(rng.integers(-8, W)), int(rng.integers(-8, H))
            sx, sy = (1 if rng.random() < 0.5 else -1), (1 if rng.random() < 0.5 else -1)
            pts = np.asarray([(x0, y0), (x0 + sx * lx, y0), (x0, y0 + sy * ly)], np.float64)
            a = rng.integers(-8, 9, (3, 8)) * 2.0 ** -rng.integers(0, 8, (1, 8))  # plane a*X + b*Y + c, dyadic
            attrs = np.stack([a[0] * p[0] / 8 + a[1] * p[1] / 8 + a[2] for p in pts])
            if t % 7 == 0:
                attrs[:, 0] = 0.0  # a constant zero component
        # w varying, or a constant 2 (1/w plane (0, 0, 1/2): exact attribute planes, but not unit w), or 1
        ws = np.ones(3) if not w_var or t % 2 == 0 else rng.uniform(0.5, 2.0, 3) if t % 4 == 1 else np.full(3, 2.0)
        for (px, py), at, w in zip(pts, attrs, ws):
            x, y = _clip(px, py, W, H)
            rows.append([x * w, y * w, 0.5 * w, w, *at])
    return np.asarray(rows, np.float32)


def _scene(verts, ps, fmt: int, W: int, H: int, seed: int, om=None):
    def scene() -> bytes:
        t = texture2d(fmt, W, H)
        t2 = texture2d(2, W, H)
        bs._fill(t, seed)
        bs._fill(t2, seed + 1)
        bs._draw(verts, [rtv(t), rtv(t2)], ps, om=om or OMState(), cull=1, size=(W, H))
        return bs._bytes(t, t2)
    return scene


def _blend_om() -> OMState:
    """S5's blend: SRC_ALPHA / INV_SRC_ALPHA / ADD for colour and alpha on target 0."""
    om = OMState()
    s5 = bs._rt_desc(BlendEnable=True, SrcBlend=5, DestBlend=6, BlendOp=1, SrcBlendAlpha=5, DestBlendAlpha=6,
                     BlendOpAlpha=1)
    om.blend = bs._blend_desc([s5, bs._rt_desc()])
    return om


@pytest.mark.parametrize("size", [(64, 32), (128, 64), (48, 40)], ids=["64x32", "128x64", "48x40_inexact"])
@pytest.mark.parametrize("flip", [False, True], ids=["uv", "uv_flipped"])
@pytest.mark.parametrize("fmt", [2, 28], ids=["float", "unorm"])
def test_full_screen_quad(size, flip, fmt):
    W, H = size
    for threads in (1, 2):
        pool.set_threads(threads)
        for ps in (PS_PERSP3, PS_NOPERSP4, PS_UV):
            ref, got = fd._both(_scene(_quad_verts(W, H, flip), ps, fmt, W, H, 11))
            assert ref == got, fd._diff(ref, got)


def test_full_screen_quad_blended_s5():
    W, H = 64, 64
    ref, got = fd._both(_scene(_quad_verts(W, H, False), PS_UV, 28, W, H, 5, om=_blend_om()))
    assert ref == got, fd._diff(ref, got)


@pytest.mark.parametrize("ps", list(PS_SHADERS))
@pytest.mark.parametrize("w_var", [False, True], ids=["w1", "wvar"])
@pytest.mark.parametrize("seed", range(3))
def test_right_triangles_mixed_with_random(ps, w_var, seed):
    W, H = 64, 48
    rng = np.random.default_rng(seed)
    verts = _right_triangles(rng, W, H, 60, w_var)
    for threads in (1, 2):
        pool.set_threads(threads)
        ref, got = fd._both(_scene(verts, PS_SHADERS[ps], 2, W, H, seed))
        assert ref == got, fd._diff(ref, got)


def test_paths_generated():
    """The float32 path exists in the batch functions of these shaders' keys: 8-lane steps for planes only, the
    4-lane step alone with a flat input; none when the PS reads SV_Position."""
    import dataclasses

    base = _any_key()
    persp = dataclasses.replace(base, inputs=(("persp", 1, 0, 0), ("persp", 1, 1, 1)))
    flat = dataclasses.replace(base, inputs=(("persp", 1, 0, 0), ("flat", 2, 0, 0)))
    pos = dataclasses.replace(base, inputs=(("persp", 1, 0, 0), ("posx", 0, 0, 0)))
    t_persp = fused_gen._Gen(persp).build_flush()
    t_flat = fused_gen._Gen(flat).build_flush()
    t_pos = fused_gen._Gen(pos).build_flush()
    assert "q8_body" in t_persp and "q32" in t_persp
    assert "q32" in t_flat and "q8_body" not in t_flat
    assert "q32" not in t_pos


def _any_key():
    """A FusedKey of a simple draw (the full-screen quad), taken from the fused lane's variant table."""
    from pyd3d11.pipeline.native import fused

    W, H = 16, 16
    native.set_backend("native")
    _scene(_quad_verts(W, H, False), PS_UV, 2, W, H, 1)()
    native.set_backend(None)
    keys = [k for k in fused._CACHE if isinstance(k, fused_gen.FusedKey)]
    assert keys
    return keys[-1]
