"""Memory bounded by the work, not by the arguments (issue 13 item 4): large draws run in passes of whole
primitives and the rasterizer works in bounded batches/bands, with results identical to one pass.

The reference for each split draw is the same draw run in a single pass (PASS_VERTICES / BAND_PIXELS
raised); the expected SV_PrimitiveID / SV_InstanceID values come from the spec's definitions (§8.16:
PrimitiveID counts primitives per instance from 0; InstanceID counts instances from 0).
"""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import pyd3d11.pipeline.draw as draw_mod
from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
from pyd3d11.pipeline.input_assembler import DrawArgs, IndexBufferBinding, InputElement, VertexBufferBinding
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

R32_UINT, R32G32B32A32_FLOAT, R16_UINT, R32_INDEX = 42, 2, 57, 42
TRIANGLELIST, TRIANGLESTRIP = 4, 5

VS = """vs_5_0
dcl_input v0.xyzw
dcl_input_sgv v1.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.x
mov o0.xyzw, v0.xyzw
mov o1.x, v1.x
ret
"""
# PS: the top layer's (instance, primitive) as one uint: instance * 65536 + primitive id + 1
PS = """ps_5_0
dcl_input_ps constant v1.x
dcl_input_ps_sgv constant vPrim, primitive_id
dcl_output o0.x
dcl_temps 1
imad r0.x, v1.x, l(65536), vPrim
iadd o0.x, r0.x, l(1)
ret
"""
VS_NO_INPUT = """vs_5_0
dcl_output_siv o0.xyzw, position
mov o0.xyzw, l(0, 0, 0, 1.0)
ret
"""
PS_WHITE = "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n"


def _target(size: int, fmt: int = R32_UINT) -> ViewDescriptor:
    st = ResourceStorage.create(3, fmt, size, size, 1, 1, 1, 1, bytes_per_block=bytes_per_element(fmt))
    return ViewDescriptor(ViewKind.RTV, st, fmt, 4)


def _scene(tris: np.ndarray, size: int = 16, topology: int = TRIANGLELIST, vs: str = VS, ps: str = PS):
    """``tris``: (V, 4) clip positions; a vertex buffer of them and an R32_UINT target."""
    data = np.ascontiguousarray(tris, np.float32)
    vb = ResourceStorage.create(1, 0, max(data.nbytes, 16))
    vb.data[:data.nbytes] = data.view(np.uint8).ravel()
    rt = _target(size)
    st = GraphicsState(topology=topology, rasterizer=RasterizerState(CullMode=1),
                       viewports=[Viewport(0, 0, size, size, 0, 1)], om=OMState(rtvs=[rt] + [None] * 7))
    st.vs = StageState(assemble_program(vs))
    st.ps = StageState(assemble_program(ps))
    st.vertex_buffers = [VertexBufferBinding(vb, 16, 0)]
    st.elements = [InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0)]
    return st, rt


def _pixels(rt: ViewDescriptor) -> np.ndarray:
    return rt.storage.data.view(np.uint32).copy()


def _random_tris(rng, n: int) -> np.ndarray:
    v = rng.uniform(-1.2, 1.2, size=(n * 3, 4)).astype(np.float32)
    v[:, 2] = 0.5
    v[:, 3] = 1.0
    return v


def _run(st_rt, args: DrawArgs, monkeypatch, pass_vertices: int, band_pixels: int):
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", pass_vertices)
    monkeypatch.setattr(draw_mod, "BAND_PIXELS", band_pixels)
    st, rt = st_rt()
    stats = draw(st, args)
    return _pixels(rt), stats


STAT_FIELDS = ("ia_vertices", "ia_primitives", "vs_invocations", "c_invocations", "c_primitives", "ps_invocations")


@pytest.mark.parametrize(("pass_vertices", "band_pixels"), [(6, 1 << 30), (7, 1 << 30), (1 << 30, 24), (9, 40)])
def test_instanced_and_vertex_passes_equal_one_pass(monkeypatch, pass_vertices, band_pixels):
    rng = np.random.default_rng(5)
    tris = _random_tris(rng, 12)
    args = DrawArgs(36, instance_count=5, start_instance=0)
    one, s1 = _run(lambda: _scene(tris), args, monkeypatch, 1 << 30, 1 << 30)
    split, s2 = _run(lambda: _scene(tris), args, monkeypatch, pass_vertices, band_pixels)
    np.testing.assert_array_equal(split, one)
    for f in STAT_FIELDS:
        assert getattr(s2, f) == getattr(s1, f), f
    # every instance draws the same triangles: the top layer is the last instance (4) and, per pixel, the
    # last primitive covering it, so ids are 4 * 65536 + prim + 1 with prim in 0..11
    covered = one[one != 0]
    assert covered.size and np.all(covered >> 16 == 4) and np.all((covered & 0xFFFF) - 1 < 12)


def test_single_instance_vertex_passes_keep_primitive_ids(monkeypatch):
    rng = np.random.default_rng(9)
    tris = _random_tris(rng, 20)
    args = DrawArgs(60)
    one, s1 = _run(lambda: _scene(tris), args, monkeypatch, 1 << 30, 1 << 30)
    split, s2 = _run(lambda: _scene(tris), args, monkeypatch, 9, 1 << 30)
    np.testing.assert_array_equal(split, one)
    assert s2.ia_primitives == s1.ia_primitives == 20
    assert set(np.unique(one[one != 0]) - 1) <= set(range(20)) and np.max(one) - 1 >= 10


def test_indexed_list_with_cuts_splits_on_primitive_boundaries(monkeypatch):
    rng = np.random.default_rng(3)
    tris = _random_tris(rng, 8)
    # 0xFFFF cuts at odd places: assembly restarts after each, dropping incomplete triangles (§8.13)
    idx = np.array([0, 1, 2, 3, 0xFFFF, 4, 5, 6, 7, 8, 0xFFFF, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0xFFFF,
                    18, 19, 20, 21, 22, 23], np.uint16)
    ib = ResourceStorage.create(1, 0, idx.nbytes)
    ib.data[:] = idx.view(np.uint8)

    def scene():
        st, rt = _scene(tris)
        st.index_buffer = IndexBufferBinding(ib, R16_UINT, 0)
        return st, rt

    args = DrawArgs(len(idx), indexed=True)
    one, s1 = _run(scene, args, monkeypatch, 1 << 30, 1 << 30)
    for pv in (3, 4, 5, 6):
        split, s2 = _run(scene, args, monkeypatch, pv, 1 << 30)
        np.testing.assert_array_equal(split, one)
        assert s2.ia_primitives == s1.ia_primitives


def test_banded_full_screen_equals_one_pass(monkeypatch):
    full = np.array([[-1, -1, 0.5, 1], [-1, 3, 0.5, 1], [3, -1, 0.5, 1]] * 3, np.float32)
    args = DrawArgs(9, instance_count=2)
    one, _ = _run(lambda: _scene(full, size=40), args, monkeypatch, 1 << 30, 1 << 30)
    banded, _ = _run(lambda: _scene(full, size=40), args, monkeypatch, 1 << 30, 100)
    np.testing.assert_array_equal(banded, one)
    assert np.all(one == (1 << 16) + 2 + 1)  # instance 1, primitive 2 on top everywhere


def test_draw_0xffffffff_degenerate_is_bounded():
    """Draw(0xFFFFFFFF) of identical vertices: IA counts are exact (§8: 0xFFFFFFFF vertices, 1431655765
    triangles), nothing is rasterized, and peak memory stays small (no per-vertex arrays)."""
    st, rt = _scene(np.zeros((0, 4), np.float32), vs=VS_NO_INPUT, ps=PS_WHITE)
    st.om.rtvs[0] = _target(8, R32G32B32A32_FLOAT)
    st.elements = []
    tracemalloc.start()
    try:
        stats = draw(st, DrawArgs(0xFFFFFFFF))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert stats.ia_vertices == 0xFFFFFFFF
    assert stats.ia_primitives == 0xFFFFFFFF // 3
    assert stats.ps_invocations == 0
    assert peak < 64 << 20


def test_many_instances_memory_independent_of_count(monkeypatch):
    """Temporaries follow the raster batch (BAND_PIXELS, lowered here to keep the test short), not the
    instance count."""
    monkeypatch.setattr(draw_mod, "BAND_PIXELS", 4096)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 300)
    full = np.array([[-1, -1, 0.5, 1], [-1, 3, 0.5, 1], [3, -1, 0.5, 1]], np.float32)
    peaks = []
    for n in (400, 1600):
        st, rt = _scene(full, size=16)
        tracemalloc.start()
        try:
            draw(st, DrawArgs(3, instance_count=n))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert np.all(_pixels(rt) == ((n - 1) << 16) + 1)
    assert peaks[1] < peaks[0] * 2  # 4x the instances, not 4x the memory


def test_strip_memory_independent_of_vertex_count(monkeypatch):
    """A triangle strip longer than a pass runs in passes too (shared vertices between them): 4x the
    vertices is not 4x the temporaries. Tiny triangles (all vertices near one point) keep raster work out
    of the measurement."""
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 2000)
    peaks = []
    for n in (8000, 32000):
        rng = np.random.default_rng(n)
        v = np.zeros((n, 4), np.float32)
        v[:, :2] = rng.uniform(-0.01, 0.01, (n, 2))
        v[:, 2], v[:, 3] = 0.5, 1.0
        st, rt = _scene(v, size=16, topology=TRIANGLESTRIP)
        tracemalloc.start()
        try:
            stats = draw(st, DrawArgs(n))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        assert stats.ia_vertices == n and stats.ia_primitives == n - 2
    assert peaks[1] < peaks[0] * 2


@pytest.mark.parametrize("fmt", [R32G32B32A32_FLOAT, R32_UINT])
def test_numpy_merger_memory_independent_of_target_size(monkeypatch, fmt):
    """The numpy output merger reads and writes the target in place (no decoded copy of the whole target,
    no per-texel bookkeeping): the same small triangle into a 64x larger target needs no more temporaries.
    (A decoded RGBA float32 copy of the 2048² target alone would be 64 MiB.)"""
    from pyd3d11.pipeline.native import fused, om_runtime
    monkeypatch.setattr(om_runtime, "ENABLED", False)  # the numpy merger, whatever the backend
    monkeypatch.setattr(fused, "ENABLED", False)
    tri = np.array([[-1, -1, 0.5, 1], [-1, -0.99, 0.5, 1], [-0.99, -1, 0.5, 1]], np.float32)
    peaks, drawn = [], []
    for size in (256, 2048):
        st, _ = _scene(tri, size=size)
        rt = _target(size, fmt)
        rt.storage.data[:] = 7
        st.om.rtvs[0] = rt
        draw(st, DrawArgs(3))  # warm (compiles, caches)
        tracemalloc.start()
        try:
            draw(st, DrawArgs(3))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        px = rt.storage.data.reshape(size, size, -1)
        drawn.append(int((px != 7).any(axis=2).sum()))
        assert (px[: size // 2] == 7).all()  # the top half is untouched (bytes kept exactly)
    assert drawn[0] > 0 and drawn[1] > drawn[0]  # the triangle covers ~0.5% of either target
    assert peaks[1] < peaks[0] + (8 << 20)


@pytest.mark.parametrize("ds_fmt", [40, 45, 20, 55])  # D32_FLOAT, D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT, D16_UNORM
def test_depth_stencil_memory_independent_of_target_size(monkeypatch, ds_fmt):
    """The depth/stencil buffer is tested and written in place (no decoded or raw copy of its planes): the
    same small triangle with depth test and write into a 64x larger buffer needs no more temporaries, and
    the texels it covers hold its quantised depth while the rest keep their bytes."""
    from types import SimpleNamespace

    from pyd3d11.pipeline.native import fused, om_runtime
    monkeypatch.setattr(om_runtime, "ENABLED", False)
    monkeypatch.setattr(fused, "ENABLED", False)
    tri = np.array([[-1, -1, 0.5, 1], [-1, -0.99, 0.5, 1], [-0.99, -1, 0.5, 1]], np.float32)
    face = SimpleNamespace(StencilFunc=8, StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=3)  # ALWAYS, REPLACE
    dss = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=2, StencilEnable=True,  # LESS
                          StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    peaks = []
    bpe = bytes_per_element(ds_fmt)
    for size in (256, 2048):
        st, _ = _scene(tri, size=size)
        ds = ResourceStorage.create(3, ds_fmt, size, size, 1, 1, 1, 1, bytes_per_block=bpe)
        far = 0x3F if ds_fmt in (40, 20) else 0xFF  # UNORM all ones; float bytes 0x3F3F3F3F = 0.747
        ds.data[:] = far
        st.om.dsv = ViewDescriptor(ViewKind.DSV, ds, ds_fmt, 3)
        st.om.depth_stencil = dss
        st.om.stencil_ref = 0x5A
        draw(st, DrawArgs(3))
        tracemalloc.start()
        try:
            draw(st, DrawArgs(3))
            peaks.append(tracemalloc.get_traced_memory()[1])
        finally:
            tracemalloc.stop()
        texels = ds.data.reshape(size, size, bpe)
        hit = (texels != far).any(axis=2)
        assert hit.any() and not hit[: size // 2].any()
    assert peaks[1] < peaks[0] + (8 << 20)


@pytest.mark.parametrize("extra", [-3, 0, 3])
def test_native_list_passes_are_longer_and_equal_one_pass(monkeypatch, extra):
    """The native front end runs a list instance in passes NATIVE_LIST_PASS_SCALE times the default pass (the
    default itself patched small here, so the scaling applies), across and exactly at the longer pass's edge;
    pixels (primitive ids: order and numbering across passes) and statistics equal one pass. The reference
    backend keeps the default pass."""
    from pyd3d11.pipeline.native import frontend

    base = 30
    monkeypatch.setattr(draw_mod, "_DEFAULT_PASS_VERTICES", base)
    rng = np.random.default_rng(17 + extra)
    n = base * draw_mod.NATIVE_LIST_PASS_SCALE * 2 + extra  # vertices: two long passes and a remainder
    n -= n % 3
    tris = _random_tris(rng, n // 3)
    args = DrawArgs(n)
    one, s1 = _run(lambda: _scene(tris, 24), args, monkeypatch, 1 << 30, 1 << 30)
    passes = []
    real = draw_mod._draw_pass
    monkeypatch.setattr(draw_mod, "_draw_pass", lambda st, a, *r: passes.append(a.vertex_count) or real(st, a, *r))
    split, s2 = _run(lambda: _scene(tris, 24), args, monkeypatch, base, 1 << 30)
    np.testing.assert_array_equal(split, one)
    for f in STAT_FIELDS:
        assert getattr(s2, f) == getattr(s1, f), f
    threads = draw_mod.pool_threads()
    most = base * (max(draw_mod.NATIVE_LIST_PASS_SCALE, min(threads, 16)) if frontend.active() else 1)
    most -= most % 3
    # as few passes as passes of at most ``most`` vertices allow, of equal length but the last
    assert sum(passes) == n and len(passes) == -(-n // most)
    assert all(p <= most and p % 3 == 0 for p in passes)
    assert len(set(passes[:-1])) <= 1 and passes[-1] <= passes[0]


@pytest.mark.parametrize(("threads", "vc", "expect"), [
    # (worker threads, vertices of the instance, pass lengths) with a default pass of 30 vertices on the native
    # front end: 4 times it (120) up to 4 threads, the thread count times it from there, at most 16 times (480)
    (1, 600, [120] * 5), (2, 601, [102] * 5 + [91]), (4, 360, [120] * 3), (8, 720, [240] * 3),
    (8, 500, [168, 168, 164]), (16, 960, [480, 480]), (32, 961, [321, 321, 319]), (16, 30, [30]),
])
def test_native_list_pass_length_follows_threads(monkeypatch, threads, vc, expect):
    """draw.list_pass_step: the pass grows with the worker threads (a pass's fixed part waits on the drawing
    thread, the parallel part shrinks with the threads) and the passes are of equal length."""
    monkeypatch.setattr(draw_mod, "_DEFAULT_PASS_VERTICES", 30)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 30)
    monkeypatch.setattr(draw_mod, "pool_threads", lambda: threads)
    step = draw_mod.list_pass_step(vc, 3, True)
    got, pos = [], 0
    while pos < vc:
        got.append(min(step, vc - pos))
        pos += got[-1]
    assert got == expect
    assert draw_mod.list_pass_step(vc, 3, False) == 30  # the reference keeps the default pass
