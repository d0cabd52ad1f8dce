"""Draw passes whose tiles still run while the next pass is set up (issue 12 points 2 and 4).

A triangle-list draw larger than a pass runs in passes (pipeline.draw.PASS_VERTICES, patched small here so a
few hundred triangles make many passes). With ``draw.DEFER_PASSES`` a pass's tile work is left running on the
worker threads while the next pass's vertex shader, clipping, setup and binning run (fused.defer_passes); the
next pass's tiles start only after it is joined, so every pixel still sees the primitives in submission order
(D3D11.3 §3.4: rasterization order is the primitives' order at each pixel). The oracle is the same draw with
every pass joined before the next (``DEFER_PASSES = False``) on one thread: render target, depth buffer and
every DrawStats counter must be identical for 1, 2 and 3 threads. The scenes are order-dependent (alpha
blending, depth test LESS_EQUAL with writes), their triangles cross the clip planes (w varies, some vertices
behind the eye), half are back-facing and culled, and their vertices are snapped to tile corners (64-pixel tiles)
in one case so that top-left ties fall on tile edges.
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
from pyd3d11.pipeline.draw import DrawStats, GraphicsState, RasterizerState, StageState, Viewport  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding  # noqa: E402
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 150, 130  # 3 x 3 tiles of 64 pixels
R32G32B32A32_FLOAT, R8G8B8A8_UNORM, D32_FLOAT = 2, 28, 40


def _verts(seed: int, n_tri: int, snap: bool) -> np.ndarray:
    v = bs._vertices(seed, n_tri)
    rng = np.random.default_rng(seed + 1000)
    if snap:
        # screen positions on tile corners and edges: x_ndc = 2 * px / W - 1 (w = 1 so no perspective shift)
        px = rng.integers(0, 4, (n_tri * 3,)) * 64 + rng.choice([0, 0, 1, -1], n_tri * 3) * 0.5
        py = rng.integers(0, 4, (n_tri * 3,)) * 64
        v[:, 3] = 1.0
        v[:, 0] = 2.0 * px / W - 1.0
        v[:, 1] = 1.0 - 2.0 * py / H
    else:
        behind = rng.random(n_tri * 3) < 0.05
        v[behind, 3] = -0.5  # clipped against w
    v[:, 7] = rng.uniform(0.2, 0.9, n_tri * 3)  # alpha of attribute 1: blending depends on the order
    return v


def _render(verts, *, defer: bool, threads: int, cull: int = 3, fallback_every: int = 0, monkeypatch=None):
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
        vs=StageState(assemble_program(bs.VS)), ps=StageState(assemble_program(bs.PS_FLOAT)),
        rasterizer=RasterizerState(CullMode=cull), viewports=[Viewport(0, 0, W, H, 0, 1)], om=om)
    calls = [0]
    real = fused.try_draw

    def some_fall_back(*a, **kw):
        calls[0] += 1
        if fallback_every and calls[0] % fallback_every == 0:
            return False  # this pass runs on the reference pipeline (it must wait for the running tiles)
        return real(*a, **kw)

    draw_mod.DEFER_PASSES = defer
    pool.set_threads(threads)
    if monkeypatch is not None:
        monkeypatch.setattr(fused, "try_draw", some_fall_back)
    try:
        native.set_backend("native")
        stats = draw_mod.draw(st, DrawArgs(len(verts)))
    finally:
        native.set_backend(None)
        pool.set_threads(None)
        draw_mod.DEFER_PASSES = True
        if monkeypatch is not None:
            monkeypatch.setattr(fused, "try_draw", real)
    counts = tuple(getattr(stats, n) for n in DrawStats.__slots__ if n != "so")
    return bytes(rt.data), bytes(ds.data), counts


@pytest.fixture
def small_passes(monkeypatch):
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 3 * 37)  # 37 triangles a pass


@pytest.mark.parametrize("snap", [False, True], ids=["clipped", "tile-edges"])
@pytest.mark.parametrize("cull", [1, 3])
def test_deferred_passes_equal_joined_passes(small_passes, snap, cull):
    verts = _verts(7 + snap, 400, snap)
    ref = _render(verts, defer=False, threads=1, cull=cull)
    assert ref[2][DrawStats.__slots__.index("ps_invocations")] > 0
    for threads in (1, 2, 3):
        got = _render(verts, defer=True, threads=threads, cull=cull)
        assert got[0] == ref[0], f"render target differs at {threads} threads"
        assert got[1] == ref[1], f"depth differs at {threads} threads"
        assert got[2] == ref[2], f"statistics differ at {threads} threads"


def test_order_matters_in_this_scene(small_passes):
    """The scene is order-dependent: the same triangles in reverse order give another image (so a pass whose
    tiles merged before the previous pass's would show)."""
    verts = _verts(7, 400, False)
    a = _render(verts, defer=False, threads=1)
    rev = verts.reshape(-1, 3, 12)[::-1].reshape(-1, 12).copy()
    b = _render(rev, defer=False, threads=1)
    assert a[0] != b[0]


def test_reference_pass_waits_for_running_tiles(small_passes, monkeypatch):
    """Every third pass falls back to the reference pipeline: it must merge after the deferred pass before it."""
    verts = _verts(11, 300, False)
    merged = []

    class Checked(draw_mod.OutputMerger):
        def process(self, frags):
            # the pass before this one left no tile work running (its tiles are tiny, so a race would be rare:
            # the state is checked instead)
            merged.append(getattr(fused._deferral, "pending", None) is None)
            return super().process(frags)

    monkeypatch.setattr(draw_mod, "OutputMerger", Checked)
    ref = _render(verts, defer=False, threads=1, fallback_every=3, monkeypatch=monkeypatch)
    for threads in (2, 3):
        got = _render(verts, defer=True, threads=threads, fallback_every=3, monkeypatch=monkeypatch)
        assert got == ref
    assert merged and all(merged)


def test_pixel_counts_of_deferred_passes_are_counted(small_passes):
    """PSInvocations and samples passed of the last pass (joined after the loop) and of every deferred one."""
    verts = _verts(5, 200, False)
    joined = _render(verts, defer=False, threads=2)
    deferred = _render(verts, defer=True, threads=2)
    i, j = DrawStats.__slots__.index("ps_invocations"), DrawStats.__slots__.index("samples_passed")
    assert deferred[2][i] == joined[2][i] > 0
    assert deferred[2][j] == joined[2][j] > 0


def test_deferral_only_when_the_front_end_reads_no_target():
    """A vertex buffer that is also the render target's storage: passes are joined (the next pass's vertex
    fetch would read what the running tiles write)."""
    rt = texture2d(R8G8B8A8_UNORM, 8, 8)
    om = OMState(rtvs=[rtv(rt)] + [None] * 7)
    st = GraphicsState(topology=4, vertex_buffers=[VertexBufferBinding(rt, 16, 0)],
                       vs=StageState(assemble_program(bs.VS)), om=om)
    assert not draw_mod._may_defer_passes(st)
    st.vertex_buffers = [VertexBufferBinding(bs._vb(np.zeros((3, 12), np.float32)), 48, 0)]
    assert draw_mod._may_defer_passes(st)
