"""The parallel front end of a large list draw (issue 12, pipeline/front_chunks.py).

A list draw is cut into chunks of whole primitives whose front ends (input assembly, vertex shader, clipping,
setup, binning, planes) run on the worker pool at once; the calling thread launches the chunks' tiles in chunk
order. D3D11.3 §3.4 (a pixel sees the primitives in submission order) and the pass rules of pipeline.draw
(SV_VertexID, SV_InstanceID and SV_PrimitiveID continue across passes) define the result: it is the draw's with
every pass drawn one after the other on one thread (``DEFER_PASSES = False``: no chunks, no deferral), bit for
bit — render target, depth buffer and every DrawStats counter — for every thread count and every chunk size.

The scenes are order-dependent (alpha blending into UNORM, or a float target with depth LESS_EQUAL and
writes), cross the clip planes (vertices behind the eye, w varying), cull back faces, and mix small triangles
with a few that cross many 64-pixel tiles. Chunk sizes split the draw at every primitive, at odd counts and
at the pass size; topologies: triangle, line and point lists and triangle lists with adjacency, indexed and
not, instanced; the pixel shader reads SV_PrimitiveID and the vertex shader SV_VertexID / SV_InstanceID.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

import pyd3d11.pipeline.draw as draw_mod  # noqa: E402
from pyd3d11.pipeline import front_chunks  # noqa: E402
from pyd3d11.pipeline.draw import DrawStats, GraphicsState, RasterizerState, StageState, Viewport  # noqa: E402
from pyd3d11.pipeline.input_assembler import (  # noqa: E402
    DrawArgs,
    IndexBufferBinding,
    InputElement,
    VertexBufferBinding,
)
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402
from pyd3d11.storage import ResourceStorage  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 200, 150  # 4 x 3 tiles of 64 pixels
R32G32B32A32_FLOAT, R8G8B8A8_UNORM, D32_FLOAT, R32_UINT = 2, 28, 40, 42
TRIANGLELIST, LINELIST, POINTLIST, TRIANGLELIST_ADJ = 4, 2, 1, 12

# SV_VertexID and SV_InstanceID move the vertex and colour it: a chunk numbering them wrong shows
VS_IDS = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_input_sgv v3.x, vertex_id
dcl_input_sgv v4.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 1
utof r0.x, v3.x
utof r0.y, v4.x
mul r0.z, r0.y, v0.w
mad o0.x, r0.z, l(0.15), v0.x
mov o0.yzw, v0.yyzw
mov o1.xyzw, v1.xyzw
mul o2.x, r0.x, l(0.00390625)
mov o2.yzw, v2.yyzw
ret
"""

# SV_PrimitiveID in the red channel (float target: exact up to 2^24)
PS_PRIM = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_input_ps_sgv constant v3.x, primitive_id
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 1
utof r0.x, v3.x
mov o0.x, r0.x
mov o0.y, v2.x
mov o0.zw, v1.zzzw
mov o1.xyzw, v2.xyzw
ret
"""


def _verts(seed: int, n_prim: int, k: int, big: int = 6) -> np.ndarray:
    """``n_prim`` primitives of ``k`` vertices (rows of 12 floats: position, two attributes); about 5 % of the
    vertices behind the eye (clipped), the primitives small except ``big`` that cross many tiles."""
    n = n_prim * k
    rng = np.random.default_rng(seed)
    v = bs._vertices(seed, -(-n // 3))[:n].copy()
    # small primitives: each vertex near its primitive's first one
    centre = np.repeat(v[::k, :2] / v[::k, 3:4], k, axis=0)
    v[:, :2] = (centre + rng.uniform(-0.08, 0.08, (n, 2))) * v[:, 3:4]
    for p in rng.choice(n_prim, size=min(big, n_prim), replace=False):
        v[p * k:(p + 1) * k, :2] = rng.uniform(-1.2, 1.2, (k, 2)) * v[p * k:(p + 1) * k, 3:4]
    behind = rng.random(n) < 0.05
    v[behind, 3] = -0.5
    v[:, 7] = rng.uniform(0.2, 0.9, n)  # alpha of attribute 1: blending depends on the order
    return v


def _state(verts, topology: int, *, float_rt: bool, cull: int, ps: str, vs: str = bs.VS, index=None,
           depth_func: int = 4):
    fmt = R32G32B32A32_FLOAT if float_rt else R8G8B8A8_UNORM
    rt = texture2d(fmt, W, H)
    bs._fill(rt, 3)
    if float_rt:
        rt.data.view(np.float32)[:] = 0.25
    ds = texture2d(D32_FLOAT, W, H)
    bs._clear_depth(ds, 0.8)
    om = OMState()
    if not float_rt:
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
    # LESS_EQUAL (4) with writes: the later primitive wins ties; LESS (2): the earlier one
    om.depth_stencil = bs._ds_desc(func=depth_func, write=1)
    om.rtvs = [rtv(rt)] + [None] * 7
    om.dsv = dsv(ds)
    st = GraphicsState(
        topology=topology,
        vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
        elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0), InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16),
                  InputElement(2, 0xF, R32G32B32A32_FLOAT, 0, 32)],
        vs=StageState(assemble_program(vs)), ps=StageState(assemble_program(ps)),
        rasterizer=RasterizerState(CullMode=cull), viewports=[Viewport(0, 0, W, H, 0, 1)], om=om,
        index_buffer=index)
    return st, rt, ds


@pytest.fixture(autouse=True)
def _parallel_front_end(monkeypatch):
    """The path is off by default (front_chunks.ENABLED); these tests turn it on."""
    monkeypatch.setattr(front_chunks, "ENABLED", True)


def _render(verts, topology: int, args: DrawArgs, *, threads: int, chunk: int | None, float_rt: bool = False,
            cull: int = 3, ps: str = bs.PS_FLOAT, vs: str = bs.VS, index=None, pass_vertices: int = 600,
            depth_func: int = 4, one_pass: bool = True):
    """(target bytes, depth bytes, counters, chunks launched, chunks whose tiles ran in the draw's one tile pass,
    fused-lane launches: passes, or chunks with pixels to draw).
    ``chunk`` None: the oracle (passes drawn one after the other on one thread); else the front end chunked at
    ``chunk`` vertices (at most the pass size). ``one_pass`` False: each chunk's tiles launched on their own
    (session 18's way, fused.ONE_TILE_PASS)."""
    st, rt, ds = _state(verts, topology, float_rt=float_rt, cull=cull, ps=ps, vs=vs, index=index,
                        depth_func=depth_func)
    saved = (draw_mod.PASS_VERTICES, draw_mod.DEFER_PASSES, front_chunks.CHUNK_MIN_VERTICES,
             front_chunks.CHUNKS_PER_THREAD, fused.ONE_TILE_PASS)
    draw_mod.PASS_VERTICES = pass_vertices
    fused.ONE_TILE_PASS = one_pass
    draw_mod.DEFER_PASSES = chunk is not None
    front_chunks.CHUNK_MIN_VERTICES = chunk or 1
    front_chunks.CHUNKS_PER_THREAD = 1 << 30  # the chunk size is CHUNK_MIN_VERTICES (capped at the pass)
    pool.set_threads(threads)
    before, before_one, fused_before = front_chunks.launched_chunks, front_chunks.one_pass_chunks, \
        fused.stats.fused_draws
    try:
        native.set_backend("native")
        stats = draw_mod.draw(st, args)
    finally:
        native.set_backend(None)
        pool.set_threads(None)
        (draw_mod.PASS_VERTICES, draw_mod.DEFER_PASSES, front_chunks.CHUNK_MIN_VERTICES,
         front_chunks.CHUNKS_PER_THREAD, fused.ONE_TILE_PASS) = saved
    counts = tuple(getattr(stats, n) for n in DrawStats.__slots__ if n != "so")
    return (bytes(rt.data), bytes(ds.data), counts, front_chunks.launched_chunks - before,
            front_chunks.one_pass_chunks - before_one, fused.stats.fused_draws - fused_before)


def _same(got, ref, what: str) -> None:
    assert got[0] == ref[0], f"render target differs ({what})"
    assert got[1] == ref[1], f"depth differs ({what})"
    assert got[2] == ref[2], f"statistics differ ({what})"


THREADS = (1, 2, 3, 7)


@pytest.mark.parametrize("float_rt", [False, True], ids=["blend", "float-primid"])
def test_triangle_list_any_threads_any_chunks(float_rt):
    verts = _verts(21, 500, 3)
    ps = bs.PS_FLOAT if not float_rt else PS_PRIM
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, float_rt=float_rt, ps=ps)
    assert ref[2][DrawStats.__slots__.index("ps_invocations")] > 0
    for threads in THREADS:
        for chunk in (3, 3 * 7, 3 * 37, 600):
            got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, float_rt=float_rt, ps=ps)
            _same(got, ref, f"{threads} threads, chunks of {chunk} vertices")
            # one thread: no chunks (nothing to run them on); else every chunk went through the pool, and its
            # tiles through the draw's one tile pass (session 19, K19)
            assert got[3] == (0 if threads == 1 else -(-len(verts) // chunk))
            # (a chunk whose primitives were all culled or clipped away has no tiles to run)
            assert got[4] == (0 if threads == 1 else got[5]) and (chunk < 600 or got[4] == got[3])


def test_primitive_id_continues_across_chunks():
    """The float target holds the SV_PrimitiveID of the last primitive drawn at each pixel: with depth off and
    no culling, it is the highest ID covering the pixel — computed from the oracle's own runs of single
    primitives would be slow, so the oracle is the unchunked draw and the check that IDs past the first chunk
    appear in the image."""
    verts = _verts(5, 300, 3, big=0)
    args = DrawArgs(len(verts), primitive_id_base=0)
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, float_rt=True, ps=PS_PRIM, cull=1)
    ids = np.frombuffer(ref[0], np.float32)[0::4]
    assert ids.max() >= 250  # primitives of the later chunks reached the target with their own IDs
    for threads in (2, 3):
        got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=3 * 11, float_rt=True, ps=PS_PRIM, cull=1)
        _same(got, ref, f"{threads} threads")
        assert got[3] > 1 and got[4] == got[5] == got[3]


def test_vertex_and_instance_ids_instanced():
    """Three instances, each instance's vertices chunked on its own: SV_VertexID restarts per instance and
    SV_InstanceID moves each instance (VS_IDS)."""
    verts = _verts(9, 120, 3)
    args = DrawArgs(len(verts), instance_count=3)
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, vs=VS_IDS, pass_vertices=300)
    for threads in (2, 3, 7):
        for chunk in (3 * 5, 3 * 50):
            got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, vs=VS_IDS, pass_vertices=300)
            _same(got, ref, f"{threads} threads, chunks of {chunk} vertices")
            assert got[3] == 3 * -(-len(verts) // chunk)
            assert 0 < got[4] == got[5]  # (the chunks with pixels: in one tile pass per instance)


@pytest.mark.parametrize("topology,k", [(LINELIST, 2), (POINTLIST, 1), (TRIANGLELIST_ADJ, 6)],
                         ids=["lines", "points", "triangles-adjacency"])
def test_other_list_topologies(topology, k):
    verts = _verts(13, 600 // k * 2, k)
    args = DrawArgs(len(verts))
    ref = _render(verts, topology, args, threads=1, chunk=None, float_rt=True, ps=PS_PRIM)
    for threads in (2, 3):
        for chunk in (k, 7 * k, 40 * k):
            got = _render(verts, topology, args, threads=threads, chunk=chunk, float_rt=True, ps=PS_PRIM)
            _same(got, ref, f"{threads} threads, chunks of {chunk} vertices")
            assert got[3] == -(-len(verts) // chunk)
            assert 0 < got[4] == got[5]


def _index_buffer(idx: np.ndarray) -> IndexBufferBinding:
    ib = ResourceStorage.create(1, 0, idx.nbytes)
    ib.data[:] = idx.view(np.uint8)
    return IndexBufferBinding(ib, R32_UINT, 0)


def test_indexed_list_without_cuts_is_chunked():
    """An indexed draw's chunks are its passes whatever the chunk size asked (VSInvocations counts the distinct
    indices of each pass, so the boundaries must not move with the thread count)."""
    verts = _verts(17, 300, 3)
    rng = np.random.default_rng(3)
    idx = rng.integers(0, len(verts), len(verts)).astype(np.uint32)  # shared vertices, primitives of any size
    args = DrawArgs(len(idx), indexed=True, base_vertex=0)
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, index=_index_buffer(idx), float_rt=True,
                  ps=PS_PRIM, pass_vertices=240)
    assert ref[2][DrawStats.__slots__.index("vs_invocations")] < len(idx)  # indices repeat within a pass
    for threads in (2, 3, 7):
        for chunk in (3, 3 * 13):
            got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, index=_index_buffer(idx),
                          float_rt=True, ps=PS_PRIM, pass_vertices=240)
            _same(got, ref, f"{threads} threads")
            assert got[3] == -(-len(idx) // 240)
            assert 0 < got[4] == got[5]


def test_indexed_list_with_a_cut_is_not_chunked():
    """A strip-cut index restarts list assembly too: chunks at fixed positions would number the primitives
    after it wrongly, so such a draw keeps its passes (and still draws the same)."""
    verts = _verts(19, 200, 3)
    idx = np.arange(len(verts), dtype=np.uint32)
    idx[301] = 0xFFFFFFFF
    args = DrawArgs(len(idx), indexed=True)
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, index=_index_buffer(idx), pass_vertices=150)
    got = _render(verts, TRIANGLELIST, args, threads=2, chunk=3 * 13, index=_index_buffer(idx), pass_vertices=150)
    _same(got, ref, "2 threads")
    assert got[3] == 0


def test_chunk_falling_back_is_drawn_in_order(monkeypatch):
    """A chunk whose primitives leave the fused lane (here: every fifth try_draw call says so): the chunks
    before it are launched, it and the rest are drawn on the calling thread — the same bytes."""
    verts = _verts(23, 400, 3)
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None)
    real = fused.try_draw
    calls = [0]

    def some_fall_back(*a, **kw):
        calls[0] += 1
        if calls[0] % 5 == 0:
            return False
        return real(*a, **kw)

    monkeypatch.setattr(fused, "try_draw", some_fall_back)
    redone = front_chunks.redone_chunks
    for threads in (2, 3):
        got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=3 * 20)
        _same(got, ref, f"{threads} threads")
    assert front_chunks.redone_chunks > redone


def test_order_matters_in_this_scene():
    """The scene depends on the order: the primitives reversed give another image (a chunk whose tiles merged
    before an earlier chunk's would show)."""
    verts = _verts(21, 500, 3)
    a = _render(verts, TRIANGLELIST, DrawArgs(len(verts)), threads=1, chunk=None)
    rev = verts.reshape(-1, 3, 12)[::-1].reshape(-1, 12).copy()
    b = _render(rev, TRIANGLELIST, DrawArgs(len(verts)), threads=1, chunk=None)
    assert a[0] != b[0]


def test_small_draws_are_not_chunked():
    """Default sizes: a draw of fewer than twice CHUNK_MIN_VERTICES keeps one pass; a larger one is split into
    CHUNKS_PER_THREAD chunks per thread, never smaller than the minimum, never larger than a pass."""
    m = front_chunks.CHUNK_MIN_VERTICES
    for threads in (2, 16):
        pool.set_threads(threads)
        try:
            assert front_chunks.chunk_vertices(2 * m - 3, 3, 1 << 18) is None
            assert front_chunks.chunk_vertices(2 * m, 3, 1 << 18) == m
            assert front_chunks.chunk_vertices(600_000, 3, 262143, indexed=True) == 262143  # the passes
            assert front_chunks.chunk_vertices(600_000, 3, 1 << 16, indexed=True) == (1 << 16) - 1
            c = front_chunks.chunk_vertices(600_000, 3, 1 << 18)
            assert c % 3 == 0 and m - 3 <= c <= 1 << 18
            assert c == max(m, -(-600_000 // (front_chunks.CHUNKS_PER_THREAD * threads))) // 3 * 3
        finally:
            pool.set_threads(None)
    pool.set_threads(1)
    try:
        assert front_chunks.chunk_vertices(600_000, 3, 1 << 18) is None
    finally:
        pool.set_threads(None)


def test_error_in_a_chunk_reaches_the_caller(monkeypatch):
    """An exception in one chunk's front end is raised by the draw (after the chunks before it were launched and
    joined), and the pool is left usable: the next draw gives the oracle's bytes."""
    verts = _verts(29, 400, 3)
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None)
    real = draw_mod.run_program
    calls = [0]

    def fail_third(*a, **kw):
        calls[0] += 1
        if calls[0] == 3:
            raise RuntimeError("chunk front end failed")
        return real(*a, **kw)

    monkeypatch.setattr(draw_mod, "run_program", fail_third)
    with pytest.raises(RuntimeError, match="chunk front end failed"):
        _render(verts, TRIANGLELIST, args, threads=3, chunk=3 * 20)
    assert getattr(fused._deferral, "pending", None) is None  # nothing left running
    monkeypatch.setattr(draw_mod, "run_program", real)
    _same(_render(verts, TRIANGLELIST, args, threads=3, chunk=3 * 20), ref, "after the error")


# -- session 18, helper MU8: front_chunks.run's bookkeeping, by its docstring (seed-23 survivors #4 and #20) ----


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("count, falls", [(5, 2), (5, 0), (5, 4), (4, None), (1, None)])
def test_run_counts_launched_and_redone_chunks(threads, count, falls):
    """``run``: chunks before the first one that does not take the fused lane are launched in order (each's
    launches called after the previous chunk's), that chunk and every later one are redone on the calling thread
    (``redo(i)`` once, count - i chunks); the counters grow by exactly those numbers."""
    order: list = []

    def front(i):
        if i == falls:
            raise fused.NotCaptured()
        fused._capture.launches.append(lambda i=i: order.append(i))  # a fused launch this chunk collected
        return f"front{i}"

    redo_calls: list = []

    def redo(i):
        redo_calls.append(i)
        return [f"redo{j}" for j in range(i, count)]

    launched, redone = front_chunks.launched_chunks, front_chunks.redone_chunks
    pool.set_threads(threads)
    try:
        out = front_chunks.run(count, front, redo)
    finally:
        pool.set_threads(None)
    first_redo = count if falls is None else falls
    assert out == [f"front{i}" for i in range(first_redo)] + [f"redo{j}" for j in range(first_redo, count)]
    assert order == list(range(first_redo))
    assert redo_calls == ([] if falls is None else [falls])
    assert front_chunks.launched_chunks - launched == first_redo
    assert front_chunks.redone_chunks - redone == count - first_redo


def test_counters_start_at_zero():
    """The counters count chunks since the module was loaded: a fresh copy of the module has launched and redone
    none."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("pyd3d11.pipeline._front_chunks_fresh", front_chunks.__file__)
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    assert (fresh.launched_chunks, fresh.redone_chunks) == (0, 0)


# -- session 19, helper K19: one tile pass over the chunks' tile lists (pipeline/native/chunk_tiles.py) --------
# Every tile worker walks a tile's list of chunk 0, then chunk 1, ...: a pixel sees the primitives in submission
# order (D3D11.3 §3.4) whatever the thread count and the chunk size.


@pytest.mark.parametrize("cull", [1, 2], ids=["no-cull", "cull-front"])
def test_one_pass_and_chunk_by_chunk_give_the_oracle(cull):
    """Blending into UNORM (order-dependent), vertices behind the eye (clipped), some primitives crossing many
    tiles: the one tile pass, the chunk-by-chunk launches and the unchunked passes give the same bytes."""
    verts = _verts(31, 400, 3, big=12)
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, cull=cull)
    for threads, chunk in ((2, 3 * 11), (3, 3 * 5), (7, 3 * 53)):
        n = -(-len(verts) // chunk)
        got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, cull=cull)
        _same(got, ref, f"one pass, {threads} threads, chunks of {chunk}")
        # every chunk with pixels to draw in the one pass (a chunk whose triangles are all culled has none)
        assert got[3] == n and 0 < got[4] == got[5]
        old = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, cull=cull, one_pass=False)
        _same(old, ref, f"chunk by chunk, {threads} threads, chunks of {chunk}")
        assert old[3:] == (n, 0, got[5])


def _full_screen(n: int) -> np.ndarray:
    """``n`` triangles each covering the whole viewport at depth 0.5 (w = 1: no perspective), attribute 1 =
    (0, 0, i / 8, 1) and attribute 2 = (2 i, 0, 0, 0) for triangle i."""
    v = np.zeros((3 * n, 12), np.float32)
    v[:, :4] = np.tile(np.array([[-1, -1, 0.5, 1], [3, -1, 0.5, 1], [-1, 3, 0.5, 1]], np.float32), (n, 1))
    i = np.repeat(np.arange(n, dtype=np.float32), 3)
    v[:, 6], v[:, 7], v[:, 8] = i / 8, 1, 2 * i
    return v


@pytest.mark.parametrize("depth_func, winner", [(4, "last"), (2, "first")], ids=["less-equal", "less"])
def test_depth_ties_follow_submission_order(depth_func, winner):
    """Forty full-screen triangles at one depth, each chunk holding one or a few of them, so every tile walks
    many chunks' lists. By the depth test's definition (§17.10; the depth buffer written by each passing sample):
    LESS_EQUAL lets every triangle pass, so each pixel keeps the last one's SV_PrimitiveID (39) and every sample
    passes 40 times; LESS lets only the first pass (ID 0, one pass per sample). A chunk walked out of order shows."""
    n = 40
    verts = _full_screen(n)
    args = DrawArgs(len(verts))
    want_id = n - 1 if winner == "last" else 0
    passed = W * H * (n if winner == "last" else 1)
    for threads in (2, 3, 7):
        for chunk in (3, 3 * 7):
            got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=chunk, float_rt=True, ps=PS_PRIM,
                          cull=1, depth_func=depth_func, pass_vertices=60)
            px = np.frombuffer(got[0], np.float32).reshape(H, W, 4)
            assert (px[..., 0] == want_id).all(), f"{threads} threads, chunks of {chunk}"
            assert (px[..., 1] == 2 * want_id).all()  # attribute 2 of the same triangle
            assert (np.frombuffer(got[1], np.float32) == np.float32(0.5)).all()
            assert got[2][DrawStats.__slots__.index("samples_passed")] == passed
            assert got[2][DrawStats.__slots__.index("ps_invocations")] == W * H * n  # (no early depth)
            assert got[3:] == (n * 3 // chunk + (n * 3 % chunk > 0),) * 3


@pytest.mark.parametrize("topology, k", [(5, 3), (3, 2)], ids=["triangle-strip", "line-strip"])
def test_strips_keep_their_passes(topology, k):
    """Strips are not cut into chunks (a strip's primitives share vertices across any cut): with the parallel
    front end on they draw as their passes, the same bytes, no chunk launched."""
    verts = _verts(37, 300, 3)
    args = DrawArgs(len(verts))
    ref = _render(verts, topology, args, threads=1, chunk=None, float_rt=True, ps=PS_PRIM, pass_vertices=200)
    got = _render(verts, topology, args, threads=3, chunk=3 * 7, float_rt=True, ps=PS_PRIM, pass_vertices=200)
    _same(got, ref, "3 threads")
    assert got[3:5] == (0, 0)


def test_chunks_that_cannot_share_a_pass_keep_their_own_launch(monkeypatch):
    """Tile work that may fail or call back into Python (fused._quiet False) keeps a launch of its own after the
    previous chunk's merge: here every third chunk's, so one-pass groups and own launches alternate — the same
    bytes, and only the quiet chunks counted in the tile pass."""
    verts = _verts(41, 400, 3)
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None)
    real = fused._quiet
    calls = [0]

    def every_third_loud(kernel, plan):
        calls[0] += 1
        return real(kernel, plan) and calls[0] % 3 != 0

    monkeypatch.setattr(fused, "_quiet", every_third_loud)
    for threads in (2, 3):
        got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=3 * 20)
        _same(got, ref, f"{threads} threads")
        assert got[3] == 20 and 0 < got[4] < got[5] == 20
    monkeypatch.setattr(fused, "_quiet", lambda kernel, plan: False)
    got = _render(verts, TRIANGLELIST, args, threads=2, chunk=3 * 20)
    _same(got, ref, "no chunk quiet")
    assert got[3:] == (20, 0, 20)


def test_run_groups_chunk_draws_in_chunk_order(monkeypatch):
    """``run``: the ChunkDraw records of consecutive chunks go into one tile pass in chunk order; a chunk's own
    launch (a callable) first launches the pass collected before it; the pass still open is launched at the end,
    and before a chunk that does not take the fused lane is redone."""
    events: list = []

    class Pass:
        def __init__(self):
            self.chunks = 0  # (run's counter of the pass; reset by run before each launch)
            self.added = 0

        def add(self, c):
            events.append(("add", c.key))
            self.chunks += 1
            self.added += 1

        def launch(self):
            events.append(("launch", self.added))
            self.added = 0

    monkeypatch.setattr(front_chunks.chunk_tiles, "TilePass", Pass)
    plan = {0: "pass", 1: "pass", 2: "own", 3: "pass", 4: "pass"}

    def front(i):
        if plan[i] == "own":
            fused._capture.launches.append(lambda i=i: events.append(("own", i)))
        else:
            fused._capture.launches.append(front_chunks.chunk_tiles.ChunkDraw(i, *[None] * 15))
        return i

    before = front_chunks.one_pass_chunks
    pool.set_threads(3)
    try:
        assert front_chunks.run(5, front, lambda i: []) == [0, 1, 2, 3, 4]
        assert events == [("add", 0), ("add", 1), ("launch", 2), ("own", 2), ("add", 3), ("add", 4),
                          ("launch", 2)]
        assert front_chunks.one_pass_chunks - before == 4
        events.clear()
        plan[3] = "fall"

        def front_falls(i):
            if i == 3:
                raise fused.NotCaptured()
            return front(i)

        assert front_chunks.run(5, front_falls, lambda i: events.append(("redo", i)) or ["r3", "r4"]) == \
            [0, 1, 2, "r3", "r4"]
        assert events[:4] == [("add", 0), ("add", 1), ("launch", 2), ("own", 2)]
        assert events[4:6] == [("launch", 0), ("redo", 3)]  # (nothing collected after chunk 2's own launch)
    finally:
        pool.set_threads(None)


PS_TEXTURED = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v2.xyxx, t0.xyzw, s0
mov o0.xyz, r0.xxxx
mov o0.w, v1.w
ret
"""


def test_textured_chunks_share_one_binding(monkeypatch):
    """A pixel shader sampling a texture (bilinear, wrap) through the native sampler: the chunks of the draw share
    the workers' bound arguments (texture plan included) in the one pass — the same bytes as the oracle."""
    from types import SimpleNamespace

    from pyd3d11.pipeline.sampler import TextureSampler
    from pyd3d11.storage import ViewDescriptor, ViewKind

    img = np.random.default_rng(7).random((16, 16)).astype(np.float32)
    tex = ResourceStorage.create(3, 41, 16, 16, bytes_per_block=4)  # R32_FLOAT
    tex.subresource_bytes(0)[:] = img.view(np.uint8).ravel()
    view = ViewDescriptor(ViewKind.SRV, tex, 41, 4)  # D3D11_SRV_DIMENSION_TEXTURE2D
    sampler = SimpleNamespace(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, MipLODBias=0.0, MaxAnisotropy=1,
                              ComparisonFunc=1, BorderColor=[0.0] * 4, MinLOD=0.0, MaxLOD=3.4e38)
    real = _state

    def textured(*a, **kw):
        st, rt, ds = real(*a, **kw)
        st.ps.bindings.srvs[0] = view
        st.ps.bindings.samplers[0] = sampler
        st.sampling_hooks = TextureSampler()
        return st, rt, ds

    monkeypatch.setattr(sys.modules[__name__], "_state", textured)
    verts = _verts(43, 400, 3)
    args = DrawArgs(len(verts))
    ref = _render(verts, TRIANGLELIST, args, threads=1, chunk=None, ps=PS_TEXTURED)
    for threads in (2, 3):
        got = _render(verts, TRIANGLELIST, args, threads=threads, chunk=3 * 23, ps=PS_TEXTURED)
        _same(got, ref, f"{threads} threads")
        assert got[3] == -(-len(verts) // (3 * 23)) and 0 < got[4] == got[5]
