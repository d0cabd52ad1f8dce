"""The vertex shader split over the worker pool (issue 12: the vertex-shader launch off the main thread).

A native vertex-shader run of many vertices is cut into lane ranges (runtime.vertex_items) that run as pool
items, each a kernel call on its own lanes (runtime._call_lanes). Vertex-shader invocations are independent
(D3D11.3 §8: no order and no communication between them), so the rule under test is that the split changes
nothing: outputs bit-identical to the reference executor for 1, 2 and 4 threads, ranges on tile boundaries that
cover every lane once, and no split for runs whose order is observable (UAV writes, atomics) or that bind
per-run state (host callbacks, texture emitters). The input assembler's component-major register file is
padded to whole vector steps (input_assembler.COMPONENT_MAJOR_PAD) so the kernel runs on it in place; that
must read the same lanes as a contiguous file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

import pyd3d11.pipeline.draw as draw_mod  # noqa: E402
from pyd3d11.pipeline import input_assembler as ia  # noqa: E402
from pyd3d11.pipeline.draw import DrawStats, GraphicsState, RasterizerState, StageState, Viewport  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.shader.exec import reference  # noqa: E402
from pyd3d11.shader.native import pool, runtime  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

U32 = np.uint32

# Lane-dependent arithmetic (SV_VertexID, a data-dependent loop, a divide) so that lanes landing in the wrong
# range, a range run twice or a range skipped all change the outputs.
VS_MATH = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input_sgv v2.x, vertex_id
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 3
utof r0.x, v2.x
mul r0.y, r0.x, l(0.37)
sincos r1.x, r1.y, r0.y
mad o0.xyzw, v0.xyzw, r1.xxyy, v1.wzyx
div r0.z, v1.x, v0.y
and r2.x, v2.x, l(7)
mov r2.y, l(0)
mov r0.w, l(0.0)
loop
  uge r2.z, r2.y, r2.x
  breakc_nz r2.z
  add r0.w, r0.w, r0.z
  iadd r2.y, r2.y, l(1)
endloop
mov o1.xyzw, r0.zwxy
xor o2.x, v2.x, l(0x55aa)
imul null, o2.y, v2.x, l(2654435761)
mov o2.zw, v1.xxxy
ret
"""


@pytest.fixture
def small_items(monkeypatch):
    monkeypatch.setattr(runtime, "VS_ITEM_LANES", 64)
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)
    pool.set_threads(None)


def _inputs(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    f = rng.uniform(-3.0, 3.0, (2, 4, n)).astype(np.float32)
    f[0, 1, ::5] = 0.0  # divides by zero: +-inf / nan lanes
    regs = np.zeros((3, 4, n), U32)
    regs[:2] = f.view(U32)
    regs[2, 0] = np.arange(n, dtype=U32) * 3 + 11  # SV_VertexID
    return regs


# (lanes, threads, expected split): below two items' lanes (VS_ITEM_LANES = 64 here), within one tile (256
# lanes) or on one thread -> one call
@pytest.mark.parametrize("n,threads,split", [
    (127, 4, False), (256, 4, False), (257, 1, False), (257, 2, True), (1000, 2, True), (5000 + 13, 4, True),
    (256 * 3 + 1, 3, True),
])
def test_vertex_items_cover_every_lane_once_on_tile_boundaries(small_items, n, threads, split):
    prog = assemble_program(VS_MATH)
    native.set_backend("native")
    pool.set_threads(threads)
    k = runtime.get_kernel(prog, runtime.DEFAULT_TILE)
    items = runtime.vertex_items(prog, k, None, n)
    assert bool(items) == split and len(items) != 1
    if items:
        assert items[0][0] == 0 and items[-1][1] == n
        assert all(a == prev_b for (_, prev_b), (a, _) in zip(items, items[1:]))  # contiguous, disjoint
        assert all(a % k.tile == 0 and b > a for a, b in items)  # whole tiles (the last may be partial)
        assert len(items) <= threads * runtime.ITEMS_PER_THREAD


@pytest.mark.parametrize("field,value", [("uav_written", {0}), ("uav_atomic", True), ("special_out", {5})])
def test_vertex_items_keep_order_observable_runs_in_one_call(small_items, field, value):
    """UAV stores/atomics (racing writes and returned values keep the one-call lane order) and special outputs
    are never split; neither is a run with a texture plan's emitters (state bound once per run)."""
    native.set_backend("native")
    pool.set_threads(4)
    prog = assemble_program(VS_MATH)
    real = runtime.get_kernel(prog, runtime.DEFAULT_TILE)
    lw = SimpleNamespace(uav_written=set(), uav_atomic=False, special_out=set())
    fake = SimpleNamespace(lw=lw, tile=real.tile)
    assert runtime.vertex_items(prog, fake, None, 4096)
    setattr(lw, field, value)
    assert runtime.vertex_items(prog, fake, None, 4096) == []
    setattr(lw, field, type(value)())
    assert runtime.vertex_items(prog, fake, SimpleNamespace(emitters={1: object()}), 4096) == []
    ps = assemble_program("ps_4_0\ndcl_output o0.xyzw\nmov o0, l(1,1,1,1)\nret\n")
    assert runtime.vertex_items(ps, fake, None, 4096) == []  # pixel shaders run in the pipeline's batches


@pytest.mark.parametrize("threads", [1, 2, 4])
@pytest.mark.parametrize("n", [513, 1000, 4096 + 7])
def test_split_vertex_shader_bit_identical_to_reference(small_items, monkeypatch, threads, n):
    prog = assemble_program(VS_MATH)
    regs = _inputs(n, n)
    want = reference.run_program(prog, n, inputs=regs, inputs_component_major=True).outputs
    calls = []
    real = runtime._call_lanes
    monkeypatch.setattr(runtime, "_call_lanes", lambda *a: (calls.append(len(a[2])), real(*a)))
    native.set_backend("native")
    pool.set_threads(threads)
    before = runtime.stats.native_runs
    got = runtime.run_program(prog, n, inputs=regs, inputs_component_major=True)
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    assert bool(calls) == (threads > 1)
    assert np.array_equal(np.asarray(got.outputs).view(U32), np.asarray(want).view(U32))


@pytest.mark.parametrize("n", [1, 63, 64, 65, 1000])
def test_padded_component_major_file_runs_in_place(small_items, n):
    """The input assembler's file: the first n lanes of a (regs, 4, n rounded up to 64) array. The kernel takes
    the padded array itself (no copy) and its outputs equal those of a contiguous file's run."""
    prog = assemble_program(VS_MATH)
    regs = _inputs(n, 3)
    pad = -(-n // ia.COMPONENT_MAJOR_PAD) * ia.COMPONENT_MAJOR_PAD
    full = np.zeros((3, 4, pad), U32)
    full[:, :, :n] = regs
    view = full[:, :, :n]
    assert runtime._padded_file(view, n) is full
    assert runtime._padded_file(regs, n) is None  # contiguous, nothing past n
    assert runtime._padded_file(full[:, :, 1:n + 1], n) is None  # not the first lanes
    native.set_backend("native")
    pool.set_threads(2)
    a = runtime.run_program(prog, n, inputs=view, inputs_component_major=True)
    b = runtime.run_program(prog, n, inputs=regs, inputs_component_major=True)
    c = reference.run_program(prog, n, inputs=regs, inputs_component_major=True)
    assert np.array_equal(np.asarray(a.outputs).view(U32), np.asarray(b.outputs).view(U32))
    assert np.array_equal(np.asarray(a.outputs).view(U32), np.asarray(c.outputs).view(U32))


# A draw whose vertex shader's outputs depend on SV_VertexID: alpha-blended, depth-tested (order-dependent).
VS_DRAW = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input v2.xyzw
dcl_input_sgv v3.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 1
and r0.x, v3.x, l(15)
utof r0.x, r0.x
mul r0.x, r0.x, l(0.0625)
mov o0.xyzw, v0.xyzw
mad o1.xyz, v1.xyzx, l(0.5, 0.5, 0.5, 0.0), r0.xxxx
mov o1.w, v1.w
mov o2.xyzw, v2.xyzw
ret
"""
W, H = 150, 130
R32G32B32A32_FLOAT, R8G8B8A8_UNORM, D32_FLOAT = 2, 28, 40


def _draw(verts: np.ndarray, backend: str, threads: int):
    rt = texture2d(R8G8B8A8_UNORM, W, H)
    bs._fill(rt, 3)
    ds = texture2d(D32_FLOAT, W, H)
    bs._clear_depth(ds, 0.8)
    om = OMState()
    om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
    om.depth_stencil = bs._ds_desc(func=4, write=1)  # LESS_EQUAL
    om.rtvs = [rtv(rt)] + [None] * 7
    om.dsv = dsv(ds)
    st = GraphicsState(
        topology=4,
        vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
        elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0), InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16),
                  InputElement(2, 0xF, R32G32B32A32_FLOAT, 0, 32)],
        vs=StageState(assemble_program(VS_DRAW)), ps=StageState(assemble_program(bs.PS_FLOAT)),
        rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, W, H, 0, 1)], om=om)
    pool.set_threads(threads)
    try:
        native.set_backend(backend)
        stats = draw_mod.draw(st, DrawArgs(len(verts)))
    finally:
        native.set_backend(None)
        pool.set_threads(None)
    counts = tuple(getattr(stats, n) for n in DrawStats.__slots__ if n != "so")
    return bytes(rt.data), bytes(ds.data), counts


def test_draw_with_split_vertex_shader_equals_reference_at_any_thread_count(small_items, monkeypatch):
    verts = bs._vertices(21, 700)
    verts[:, 7] = np.random.default_rng(5).uniform(0.2, 0.9, len(verts))  # alpha: blending is order-dependent
    want = _draw(verts, "reference", 1)
    calls = []
    real = runtime._call_lanes
    monkeypatch.setattr(runtime, "_call_lanes", lambda *a: (calls.append(len(a[2])), real(*a)))
    for threads in (1, 2, 4):
        got = _draw(verts, "native", threads)
        assert got[0] == want[0], f"render target differs at {threads} threads"
        assert got[1] == want[1], f"depth differs at {threads} threads"
        assert got[2] == want[2], f"statistics differ at {threads} threads"
    assert calls, "the vertex shader was never split"


@pytest.mark.parametrize("threads", [1, 2, 4])
@pytest.mark.parametrize("n", [0, 1, 15, 16, 37, 1000])
def test_front_end_gather_and_copy_in_ranges_equal_numpy(monkeypatch, threads, n):
    """frontend.take_rows (the pieces' source vertex rows) and frontend.copy_rows (the input assembler's word
    copies): numpy's ``table[index]`` / ``dst[...] = src``, as native row jobs (shader/native/rows.py) of ``max(1,
    min(pool.range_count(), n // _COPY_MIN))`` ranges: the gather, a copy whose rows are each contiguous (a
    register file's (n, 3) slice) and one written element by element (a transposed view, as _put_words writes)."""
    from pyd3d11.pipeline.native import frontend
    from pyd3d11.shader.native import rows as row_jobs

    monkeypatch.setattr(frontend, "_COPY_MIN", 8)  # ranges of a few rows
    jobs = []
    real_rows = row_jobs.run_rows
    monkeypatch.setattr(row_jobs, "run_rows", lambda t, workers=None: (jobs.append(t.shape[0]), real_rows(t, workers)))
    rng = np.random.default_rng(n + threads)
    table = rng.integers(0, 1 << 40, (500, 3), dtype=np.int64)
    index = rng.integers(0, 500, n, dtype=np.int64)
    src = rng.integers(0, 1 << 32, (n, 3), dtype=np.uint64).astype(U32)
    pool.set_threads(threads)
    try:
        got = frontend.take_rows(table, index)
        rows_dst = np.zeros((max(n, 1), 4), U32)[:n, :3]  # rows of 3 contiguous words, 16 bytes apart
        frontend.copy_rows(rows_dst, src)
        t_dst = np.zeros((2, 4, max(n, 1)), U32)[1, :3, :n].T  # a strided (n, 3) view, as _put_words writes
        frontend.copy_rows(t_dst, src)
    finally:
        pool.set_threads(None)
    assert got.dtype == table.dtype and np.array_equal(got, table[index])
    assert np.array_equal(rows_dst, src) and np.array_equal(t_dst, src)
    ranges = 1 if threads == 1 else pool.RANGES_PER_THREAD * threads
    parts = max(1, min(ranges, n // 8))
    # (one row of the transposed view is a contiguous array: one byte copy)
    assert jobs == ([parts, parts, parts if n > 1 else 1] if n else [])


@pytest.mark.parametrize("n", [0, 1, 40])
def test_front_end_copy_of_opaque_items(monkeypatch, n):
    """copy_rows on the one-dimensional arrays of opaque items the input assembler copies (a vertex's run of words
    as one ``V<bytes>`` item, input_assembler._put_words), empty ones included."""
    from pyd3d11.pipeline.native import frontend

    monkeypatch.setattr(frontend, "_COPY_MIN", 8)
    rng = np.random.default_rng(n)
    src = rng.integers(0, 1 << 32, (n, 3), dtype=np.uint64).astype(U32)
    dst = np.zeros((n, 4), U32)
    pool.set_threads(2)
    try:
        frontend.copy_rows(dst[:, 1:].view("V12")[:, 0] if n else dst[:, 1:].reshape(0).view("V12"),
                           src.view("V12")[:, 0] if n else src.reshape(0).view("V12"))
    finally:
        pool.set_threads(None)
    assert np.array_equal(dst[:, 1:], src) and not dst[:, 0].any()
