"""Native triangle setup (pipeline/native/frontend.py) against the numpy front end, bit for bit.

The numpy path (clip.clip_triangles + setup + TriangleSetup.build + interpolate.barycentric_planes) is the
oracle: every array of the pieces the native kernel produces — edge equations, top-left flags, areas,
weights, 1/w, depth (with depth bias and clamp), facing, barycentric planes, viewport rows — must be the
same bits, over random triangles that cross every clip plane, have w <= 0, huge / infinite / NaN
coordinates, degenerate shapes, both windings, under every cull mode, winding convention, depth-clip
setting and depth-bias setting.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from pyd3d11.pipeline import setup as S
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, Viewport
from pyd3d11.pipeline.interpolate import Interpolator, barycentric_planes
from pyd3d11.pipeline.native import frontend
from pyd3d11.shader import ir

SN = ir.SystemName

pytestmark = [pytest.mark.backend_specific, pytest.mark.skipif(frontend.kernels() is None, reason="native backend (llvmlite) not available")]


def _positions(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 4) float32 clip positions: a mixture of inside, crossing, outside and pathological vertices."""
    kind = rng.integers(0, 12, n)
    w = rng.uniform(0.2, 4.0, n)
    p = np.empty((n, 4), np.float64)
    p[:, 3] = w
    p[:, 0] = rng.uniform(-1, 1, n) * w
    p[:, 1] = rng.uniform(-1, 1, n) * w
    p[:, 2] = rng.uniform(0, 1, n) * w
    # crossing the guard band on x or y (512 w)
    m = kind == 1
    p[m, rng.integers(0, 2)] = rng.uniform(-2000, 2000, m.sum()) * w[m]
    # z outside [0, w]
    m = kind == 2
    p[m, 2] = rng.uniform(-2, 3, m.sum()) * w[m]
    # w <= 0 and tiny w (the w plane's 1e-30)
    m = kind == 3
    p[m, 3] = rng.choice([0.0, -0.0, -1.0, 1e-30, 2e-30, 1e-31, -1e-30, 1e-20], m.sum())
    # huge coordinates (the exact clipper's range) and infinities / NaN
    m = kind == 4
    p[m, :2] = rng.choice([1e8, -1e9, 3e38, -3e38, 1e20], (m.sum(), 2))
    m = kind == 5
    p[m, rng.integers(0, 4)] = rng.choice([np.inf, -np.inf, np.nan], m.sum())
    # on the planes exactly: x = +-512 w, z = 0, z = w
    m = kind == 6
    p[m, 0] = 512.0 * p[m, 3] * rng.choice([-1.0, 1.0], m.sum())
    m = kind == 7
    p[m, 2] = rng.choice([0.0, -0.0, 1.0], m.sum()) * p[m, 3]
    # snapping ties: screen positions on half sub-pixels (w = 1, viewport 64 wide)
    m = kind == 8
    p[m, 3] = 1.0
    p[m, 0] = (rng.integers(-8192, 8192, m.sum()) + 0.5) / 4096.0
    p[m, 1] = (rng.integers(-8192, 8192, m.sum()) + 0.5) / 4096.0
    # small integer grid: many degenerate and edge-sharing triangles
    m = kind == 9
    p[m, 3] = 1.0
    p[m, :2] = rng.integers(-3, 4, (m.sum(), 2)) / 4.0
    return p.astype(np.float32)


def _triangles(rng: np.random.Generator, V: int, T: int) -> np.ndarray:
    rows = rng.integers(0, V, (T, 3))
    deg = rng.random(T) < 0.05  # repeated vertices
    rows[deg, 1] = rows[deg, 0]
    return rows.astype(np.int64)


def _state(cull: int, ccw: bool, depth_clip: bool, bias: tuple, dsv_format: int | None, viewports: int) -> GraphicsState:
    st = GraphicsState()
    st.rasterizer = RasterizerState(CullMode=cull, FrontCounterClockwise=ccw, DepthClipEnable=depth_clip,
                                    DepthBias=bias[0], SlopeScaledDepthBias=bias[1], DepthBiasClamp=bias[2])
    st.viewports = [Viewport(0, 0, 64, 48, 0, 1), Viewport(-3.5, 7.25, 1000.0, 333.0, 0.25, 0.75),
                    Viewport(10, 20, 16384, 16384, 1, 0)][:viewports]
    st.om.dsv = SimpleNamespace(format=dsv_format) if dsv_format is not None else None
    return st


def _decls(with_vp_index: bool):
    d = [SimpleNamespace(system_name=SN.POSITION, register=0, mask=15, operand_type=None)]
    if with_vp_index:
        d.append(SimpleNamespace(system_name=SN.VIEWPORT_ARRAY_INDEX, register=1, mask=1, operand_type=None))
    return d


def _same(a: np.ndarray, b: np.ndarray) -> bool:
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape or a.dtype != b.dtype:
        return False
    return a.tobytes() == b.tobytes()


def _compare(state, decls, outputs, pos, rows):
    k = frontend.kernels()
    s_np = SimpleNamespace(c_invocations=0, c_primitives=0)
    s_nat = SimpleNamespace(c_invocations=0, c_primitives=0)
    ref = S._prepare_triangles_numpy(state, decls, outputs, pos, rows, s_np)
    got = S._prepare_triangles_native(k, state, decls, outputs, pos, rows, s_nat, None)
    assert (s_np.c_invocations, s_np.c_primitives) == (s_nat.c_invocations, s_nat.c_primitives)
    if ref is None:
        assert got is None
        return 0
    assert got is not None
    rp, gp = ref.pieces, got.pieces
    for name in ("verts", "A", "B", "C", "topleft", "area2"):
        assert _same(getattr(rp.setup, name), getattr(gp.setup, name)), name
    for name in ("source", "weights", "inv_w", "z", "front"):
        assert _same(getattr(rp, name), getattr(gp, name)), name
    assert _same(barycentric_planes(rp.setup.verts), gp.bary_planes)
    for name in ("vp", "vp_idx", "rt_index"):
        assert _same(getattr(ref, name), getattr(got, name)), name
    if gp.planes:
        # depth and 1/w planes computed by the kernel = the Interpolator's numpy planes of the numpy pieces
        frontend.ENABLED = False
        try:
            it = Interpolator(rp, rows, outputs)
            with np.errstate(all="ignore"):
                want = {("split", "z"): it._z_plane(), ("split", "invw"): it._inv_w_plane()}
        finally:
            frontend.ENABLED = True
        for key, plane in gp.planes.items():
            assert _same(np.ascontiguousarray(np.moveaxis(want[key], 0, -1)), np.ascontiguousarray(plane)), key
        return rp.source.shape[0], len(gp.planes)
    return rp.source.shape[0]


CULLS = (S.CULL_NONE, S.CULL_FRONT, S.CULL_BACK)


@pytest.mark.parametrize("cull,ccw,depth_clip", list(itertools.product(CULLS, (False, True), (True, False))))
def test_random_triangles_every_cull_winding_and_depth_clip(cull, ccw, depth_clip):
    rng = np.random.default_rng(cull * 4 + ccw * 2 + depth_clip)
    V, T = 3000, 4000
    pos = _positions(rng, V)
    outputs = pos.view(np.uint32)[None]
    rows = _triangles(rng, V, T)
    n = _compare(_state(cull, ccw, depth_clip, (0, 0.0, 0.0), None, 1), _decls(False), outputs, pos, rows)
    assert n > 100  # the mixture keeps plenty visible
    # both routes are exercised: natively set-up triangles and ones handed to the exact clipper
    r = frontend.triangle_setup(frontend.kernels(), pos, rows, np.array([0, 0, 64, 48, 0, 1], np.float32),
                                depth_clip, ccw, cull)
    assert r.source.size > 100 and r.fallback.size > 100


@pytest.mark.parametrize("bias", [(0, 0.0, 0.0), (5, 0.0, 0.0), (-1000, 0.0, 0.0), (0, 1.5, 0.0), (100, -2.0, 0.0),
                                  (1000, 4.0, 1e-4), (-1000, -4.0, -1e-4), (0, 0.0, 0.5)])
@pytest.mark.parametrize("dsv_format", [None, 40, 20, 55, 45])
def test_depth_bias_and_clamp(bias, dsv_format):
    rng = np.random.default_rng(abs(bias[0]) + int(bias[1] * 10) + (dsv_format or 0))
    V, T = 600, 800
    pos = _positions(rng, V)
    outputs = pos.view(np.uint32)[None]
    _compare(_state(S.CULL_NONE, False, True, bias, dsv_format, 1), _decls(False), outputs, pos,
             _triangles(rng, V, T))


@pytest.mark.parametrize("viewports", [0, 1, 2, 3])
def test_viewport_arrays_and_index(viewports):
    """Per-primitive viewports through SV_ViewportArrayIndex (out-of-range indices select viewport 0)."""
    rng = np.random.default_rng(viewports)
    V, T = 900, 1200
    pos = _positions(rng, V)
    vpi = rng.integers(0, 5, V).astype(np.uint32)
    outputs = np.zeros((2, V, 4), np.uint32)
    outputs[0] = pos.view(np.uint32)
    outputs[1, :, 0] = vpi
    _compare(_state(S.CULL_BACK, True, True, (3, 0.5, 0.0), 40, viewports), _decls(True), outputs, pos,
             _triangles(rng, V, T))


def test_cull_distance_subset():
    """Triangles dropped by SV_CullDistance never reach the kernel; sources still index the input rows."""
    rng = np.random.default_rng(7)
    V, T = 500, 700
    pos = _positions(rng, V)
    outputs = np.zeros((2, V, 4), np.uint32)
    outputs[0] = pos.view(np.uint32)
    outputs[1, :, 0] = rng.uniform(-1, 1, V).astype(np.float32).view(np.uint32)
    decls = _decls(False) + [SimpleNamespace(system_name=SN.CULL_DISTANCE, register=1, mask=1, operand_type=None)]
    _compare(_state(S.CULL_NONE, False, True, (0, 0.0, 0.0), None, 1), decls, outputs, pos, _triangles(rng, V, T))


def test_only_clipped_and_only_rejected():
    """All triangles through the exact clipper; all rejected (nothing visible: None from both)."""
    rng = np.random.default_rng(11)
    pos = np.array([[-1000, 0, 0.5, 1], [1000, 0, 0.5, 1], [0, 1, 0.5, 1],
                    [0, 0, -1, 1], [1, 0, -1, 1], [0, 1, -1, 1]], np.float32)
    st = _state(S.CULL_NONE, False, True, (0, 0.0, 0.0), None, 1)
    assert _compare(st, _decls(False), pos.view(np.uint32)[None], pos, np.array([[0, 1, 2]])) >= 1
    assert _compare(st, _decls(False), pos.view(np.uint32)[None], pos, np.array([[3, 4, 5]])) == 0
    del rng


def test_snap_limit_goes_to_numpy():
    """A huge viewport puts snapped coordinates past 2^52 sub-pixels: those triangles take the numpy path
    (and the result is the same)."""
    pos = np.array([[0.9, 0.9, 0.5, 1], [-0.9, 0.9, 0.5, 1], [0.9, -0.9, 0.5, 1]], np.float32)
    st = _state(S.CULL_NONE, False, True, (0, 0.0, 0.0), None, 1)
    st.viewports = [Viewport(0, 0, 1e30, 1e30, 0, 1)]
    _compare(st, _decls(False), pos.view(np.uint32)[None], pos, np.array([[0, 1, 2]]))


@pytest.mark.parametrize("cull,ccw", list(itertools.product(CULLS, (False, True))))
@pytest.mark.parametrize("bias", [(0, 0.0, 0.0), (7, 1.0, 0.0)])
def test_unclipped_draw_seeds_depth_and_inv_w_planes(cull, ccw, bias):
    """With no triangle needing the clipper the kernel's depth and 1/w planes go to the Interpolator (the depth
    plane only without depth bias): they must be its own numpy planes, bit for bit."""
    rng = np.random.default_rng(cull + 3 * ccw + bias[0])
    V = 900
    w = rng.uniform(0.5, 3, V)
    pos = np.stack([rng.uniform(-1, 1, V) * w, rng.uniform(-1, 1, V) * w, rng.uniform(0, 1, V) * w, w], 1)
    pos = pos.astype(np.float32)
    res = _compare(_state(cull, ccw, True, bias, 40, 1), _decls(False), pos.view(np.uint32)[None], pos,
                   _triangles(rng, V, 1200))
    assert res[1] == (1 if bias[0] else 2)


def test_chunked_setup_is_thread_count_independent(monkeypatch):
    """Large draws are set up in chunks on the worker pool and compacted in source order: the same arrays
    for 1, 2, 3 and 5 threads, and the numpy path's."""
    from pyd3d11.shader.native import pool

    # chunks of 1,024 triangles instead of 8,192: the same chunking and compaction over an eighth of the draw (the
    # numpy path it is compared with costs most of the test's time)
    monkeypatch.setattr(frontend, "SETUP_CHUNK", 1024)
    rng = np.random.default_rng(21)
    V, T = 20000, 5 * frontend.SETUP_CHUNK + 77
    pos = _positions(rng, V)
    rows = _triangles(rng, V, T)
    vp = np.array([0, 0, 64, 48, 0, 1], np.float32)
    results = []
    for n in (1, 2, 3, 5):
        pool.set_threads(n)
        try:
            assert len(frontend._setup_ranges(T)) == min(n, T // frontend.SETUP_CHUNK)
            r = frontend.triangle_setup(frontend.kernels(), pos, rows, vp, True, False, S.CULL_BACK)
        finally:
            pool.set_threads(None)
        results.append({name: getattr(r, name).tobytes() for name in r.__slots__})
    assert results[0] == results[1] == results[2] == results[3]
    pool.set_threads(3)
    try:
        _compare(_state(S.CULL_BACK, False, True, (0, 0.0, 0.0), None, 1), _decls(False), pos.view(np.uint32)[None],
                 pos, rows)
    finally:
        pool.set_threads(None)


def test_reused_output_buffer_never_aliases_live_results():
    """Setup outputs come from a reusable per-thread buffer: a result still referenced keeps its arrays (a
    second setup must not write over them), and a released one lets the buffer be reused."""
    rng = np.random.default_rng(3)
    pos = _positions(rng, 600)
    vp = np.array([0, 0, 64, 48, 0, 1], np.float32)
    k = frontend.kernels()
    a = frontend.triangle_setup(k, pos, _triangles(rng, 600, 800), vp, True, False, S.CULL_NONE)
    snapshot = {name: getattr(a, name).copy() for name in a.__slots__}
    b = frontend.triangle_setup(k, pos, _triangles(rng, 600, 800), vp, True, False, S.CULL_NONE)
    for name in a.__slots__:
        assert _same(getattr(a, name), snapshot[name]), name
    assert not np.shares_memory(a.verts, b.verts)
    base = b.verts.base
    while getattr(base, "base", None) is not None:
        base = base.base
    start, end = base.ctypes.data, base.ctypes.data + base.nbytes  # (no reference kept to the buffer)
    del a, b, snapshot, base
    c = frontend.triangle_setup(k, pos, _triangles(rng, 600, 800), vp, True, False, S.CULL_NONE)
    assert start <= c.verts.ctypes.data < end  # released: reused
