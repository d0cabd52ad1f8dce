"""Triangle setup eight triangles per vector step (pipeline/native/frontend_vec.py) against the scalar kernel
and the numpy front end, bit for bit.

The vector kernel must give every output of the scalar kernel (tri_setup_scalar) — visible pieces compacted in
source order, edge equations, top-left flags, areas, weights, 1/w, depth, facing, barycentric, depth and 1/w
planes, screen positions, the fallback list for the exact clipper and the counts — for every triangle count
around the group width and the pool's chunk size, with irregular triangles (needing the clipper, w <= 0, NaN,
snapping range exceeded) at the first, a middle and the last lane of a group, under every cull mode, winding
convention and depth-clip setting, per-triangle viewports, and 1/2/3 threads. The numpy front end (the
reference backend's) is the independent oracle for mostly regular draws, where the vector path does the work
(tests/test_native_frontend_setup.py covers pathological mixtures the same way).
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest

from pyd3d11.pipeline import setup as S
from pyd3d11.pipeline.native import frontend
from pyd3d11.shader.native import pool

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(frontend.kernels() is None, reason="native backend (llvmlite) not available")]

FIELDS = ("source", "verts", "A", "B", "C", "topleft", "area2", "inv_w", "z", "front", "weights", "bary_planes",
          "screen", "sz", "cw", "fallback", "z_plane", "inv_w_plane")
VP = np.array([0, 0, 640, 480, 0, 1], np.float32)


def _regular(rng: np.random.Generator, T: int, spread: float = 0.02) -> tuple[np.ndarray, np.ndarray]:
    """Small triangles (a few pixels) inside the clip volume, both windings, some degenerate (repeated vertex)."""
    centre = rng.uniform(-0.95, 0.95, (T, 1, 2))
    xy = centre + rng.uniform(-spread, spread, (T, 3, 2))
    w = rng.uniform(0.5, 2.0, (T, 3))
    pos = np.empty((T, 3, 4), np.float64)
    pos[..., :2] = xy * w[..., None]
    pos[..., 2] = rng.uniform(0.0, 1.0, (T, 3)) * w
    pos[..., 3] = w
    deg = rng.random(T) < 0.05
    pos[deg, 2] = pos[deg, 0]
    return pos.reshape(-1, 4).astype(np.float32), np.arange(3 * T, dtype=np.int64).reshape(T, 3)


def _setup(kernel: str, pos, rows, vp=VP, depth_clip=True, ccw=False, cull=S.CULL_NONE, screen=True) -> dict:
    k = frontend.kernels()
    old = frontend.SETUP_KERNEL
    frontend.SETUP_KERNEL = kernel
    try:
        r = frontend.triangle_setup(k, pos, rows, vp, depth_clip, ccw, cull, screen)
    finally:
        frontend.SETUP_KERNEL = old
    return {n: np.array(getattr(r, n), copy=True) for n in FIELDS}


def _same_as_scalar(pos, rows, **kw) -> dict:
    got = _setup("tri_setup", pos, rows, **kw)
    want = _setup("tri_setup_scalar", pos, rows, **kw)
    for n in FIELDS:
        assert got[n].shape == want[n].shape and got[n].dtype == want[n].dtype, n
        assert got[n].tobytes() == want[n].tobytes(), n
    return got


@pytest.mark.parametrize("T", [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 65])
@pytest.mark.parametrize("cull,ccw", list(itertools.product((S.CULL_NONE, S.CULL_FRONT, S.CULL_BACK), (False, True))))
def test_group_boundaries_every_cull_and_winding(T, cull, ccw):
    rng = np.random.default_rng(T * 7 + cull * 2 + ccw)
    pos, rows = _regular(rng, T)
    got = _same_as_scalar(pos, rows, cull=cull, ccw=ccw)
    if T >= 16 and cull == S.CULL_NONE:
        assert got["source"].shape[0] > T // 2  # mostly visible: the vector path did the work


def _break(pos: np.ndarray, rows: np.ndarray, t: int, how: str) -> None:
    v = rows[t, 1]
    if how == "clip":  # crosses w = 0: the exact clipper's
        pos[v, 3] = -pos[v, 3]
    elif how == "nan":
        pos[v, 0] = np.nan
    elif how == "inf":
        pos[v, 3] = np.inf
    elif how == "outside":  # every vertex beyond x = w: trivially rejected
        pos[rows[t], 0] = 3.0 * pos[rows[t], 3]
    elif how == "near":  # crosses z = 0
        pos[v, 2] = -0.5 * pos[v, 3]
    elif how == "guard":  # on the guard band's edge exactly (inside it: accepted, huge)
        pos[v, 0] = 512.0 * pos[v, 3]
    elif how == "zero_w":
        pos[v, 3] = 0.0


@pytest.mark.parametrize("how", ["clip", "nan", "inf", "outside", "near", "guard", "zero_w"])
@pytest.mark.parametrize("lane", [0, 3, 7])
@pytest.mark.parametrize("depth_clip", [True, False])
def test_irregular_triangle_at_each_lane(how, lane, depth_clip):
    """One irregular triangle in the second group (at lane ``lane``): its group runs on the scalar kernel and
    the pieces and the fallback list stay in source order around it."""
    rng = np.random.default_rng(lane * 11 + len(how) + depth_clip)
    pos, rows = _regular(rng, 27)
    _break(pos, rows, 8 + lane, how)
    got = _same_as_scalar(pos, rows, depth_clip=depth_clip)
    src = got["source"]
    assert np.all(np.diff(src) > 0)
    if how in ("clip", "near") and depth_clip or how == "clip":
        assert list(got["fallback"]) == [8 + lane]


def test_snapping_range_exceeded_goes_to_the_fallback():
    """A viewport so wide that snapped coordinates pass 2^52: those triangles go to the numpy path, in order."""
    rng = np.random.default_rng(5)
    pos, rows = _regular(rng, 20)
    vp = np.array([0, 0, 1e30, 1e30, 0, 1], np.float32)
    pos[rows[3:20:4], :2] = 0.5  # a few triangles, every vertex where the viewport maps past the range
    got = _same_as_scalar(pos, rows, vp=vp)
    assert got["fallback"].size > 0


@pytest.mark.parametrize("screen", [False, True])
def test_screen_outputs_on_and_off(screen):
    rng = np.random.default_rng(9)
    pos, rows = _regular(rng, 40)
    got = _same_as_scalar(pos, rows, screen=screen)
    assert got["screen"].shape[0] == (got["source"].shape[0] if screen else 0)


def test_per_triangle_viewports_take_the_scalar_kernel():
    rng = np.random.default_rng(12)
    pos, rows = _regular(rng, 33)
    vp = np.repeat(VP[None], 33, 0)
    vp[::2, 2] = 100.0
    vp[1::3, 4:] = (0.25, 0.75)
    _same_as_scalar(pos, rows, vp=vp)


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("delta", [-1, 0, 1])
def test_pool_chunks_around_the_chunk_size(threads, delta):
    """Triangle counts of twice / three times the setup chunk +-1 (chunk edges inside and between groups),
    irregular triangles scattered: 1, 2 and 3 threads give the scalar kernel's single pass."""
    T = frontend.SETUP_CHUNK * threads + delta + (frontend.SETUP_CHUNK if threads == 1 else 0)
    rng = np.random.default_rng(threads * 3 + delta)
    pos, rows = _regular(rng, T)
    for t in rng.choice(T, 40, replace=False):
        _break(pos, rows, int(t), ("clip", "nan", "outside", "near")[int(t) % 4])
    pool.set_threads(threads)
    try:
        got = _same_as_scalar(pos, rows)
        assert len(frontend._setup_ranges(T)) == min(threads, T // frontend.SETUP_CHUNK)
    finally:
        pool.set_threads(None)
    assert np.all(np.diff(got["source"]) > 0) and got["fallback"].size > 0


def _numpy_pieces(state, pos, rows):
    counts = SimpleNamespace(c_invocations=0, c_primitives=0)
    return S._prepare_triangles_numpy(state, [SimpleNamespace(system_name=1, register=0, mask=15,
                                                              operand_type=None)], None, pos, rows, counts)


@pytest.mark.parametrize("cull,ccw", [(S.CULL_NONE, False), (S.CULL_BACK, False), (S.CULL_FRONT, True)])
def test_regular_draw_matches_the_numpy_front_end(cull, ccw):
    """The reference backend's numpy front end is the oracle: a mostly regular draw (vector groups) gives its
    pieces, edge equations, weights, 1/w, depth and facing."""
    from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, Viewport

    rng = np.random.default_rng(cull + 5 * ccw)
    pos, rows = _regular(rng, 203, spread=0.05)
    _break(pos, rows, 50, "clip")
    st = GraphicsState()
    st.rasterizer = RasterizerState(CullMode=cull, FrontCounterClockwise=ccw, DepthClipEnable=True)
    st.viewports = [Viewport(0, 0, 640, 480, 0, 1)]
    ref = _numpy_pieces(st, pos, rows)
    got = _setup("tri_setup", pos, rows, cull=cull, ccw=ccw, screen=False)
    sel = np.isin(ref.pieces.source, got["source"])  # the clipped triangle's pieces come from numpy in both
    assert sel.sum() == got["source"].shape[0] and got["fallback"].tolist() == [50]
    rp = ref.pieces
    assert np.array_equal(rp.source[sel], got["source"])
    for name in ("verts", "A", "B", "C", "topleft", "area2"):
        assert getattr(rp.setup, name)[sel].tobytes() == got[name].tobytes(), name
    for name in ("weights", "inv_w", "z", "front"):
        assert np.ascontiguousarray(getattr(rp, name)[sel]).tobytes() == got[name].tobytes(), name


@pytest.mark.parametrize("lane", [0, 5])
def test_infinite_depth_without_depth_clip(lane):
    """Depth clip off, z/w past float32: infinite screen depth, NaN (inf * 0) in the depth plane of an
    axis-aligned triangle; the group takes the scalar kernel's NaN-ordered planes."""
    rng = np.random.default_rng(lane)
    pos, rows = _regular(rng, 16)
    t = 8 + lane
    v = rows[t]
    pos[v, 3] = 0.01
    pos[v, 0] = np.array([0.0, 0.001, 0.0], np.float32)
    pos[v, 1] = np.array([0.0, 0.0, 0.001], np.float32)
    pos[v[1], 2] = 3e38  # opposite an axis-aligned edge: a zero plane coefficient times inf
    got = _same_as_scalar(pos, rows, depth_clip=False)
    k = list(got["source"]).index(t)
    assert np.isinf(got["sz"][k]).any() and np.isnan(got["z_plane"][:, k]).any()
