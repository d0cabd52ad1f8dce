"""Aliased lines in the fused native pixel lane (issue 12; pipeline/native/fused_lines.py), byte for byte against
the reference pipeline, with the fused lane required to run (its counter moves).

D3D11.3 §15.14.1 / §3.4.4: with MultisampleEnable FALSE and AntialiasedLineEnable FALSE a line lights the
pixels its diamond-exit walk selects; attributes are interpolated along the line; §15.13: wireframe triangles
without MultisampleEnable draw their edges so. The pixels come from the reference's own line rasterizer; the
lane shades and merges them. Cases: lines in every direction (the eight octants, axis-aligned, 45°), ends on
pixel centres, corners and edges, lines along and across the 64-pixel tile boundaries of the fused lane,
off-screen ends, scissor, depth test and write, blending (per-pixel order: overlapping lines), a pixel shader
taking derivatives (helper lanes of the line's quads), strips, wireframe triangles."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402
from test_native_fused_points_lines import _draw, _vertices  # noqa: E402

from pyd3d11.pipeline import primitives as prim  # noqa: E402
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

# derivatives of an attribute and of SV_Position.z across the quad, and the primitive id
PS_DERIV = """ps_5_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear v1.xyzw
dcl_input vPrim
dcl_output o0.xyzw
dcl_temps 2
deriv_rtx_fine r0.xy, v1.xyxx
deriv_rty_coarse r0.zw, v1.zzzw
deriv_rtx_coarse r1.x, v0.z
utof r1.y, vPrim
mad o0.xyzw, r0.xyzw, l(4.0, 4.0, 4.0, 4.0), v1.xyzw
add o0.x, o0.x, r1.x
mad o0.y, r1.y, l(0.125, 0, 0, 0), o0.y
ret
"""


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _both(scene):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = scene()
        native.set_backend("native")
        before, fb = fused.stats.fused_draws, dict(fused.stats.reasons)
        got = scene()
    assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons} (before {fb})"
    return ref, got


def _scene(verts, W, H, ps, *, topology=prim.LINELIST, fmt=28, blend="alpha", depth=None, scissor=None, fill=3,
           cull=1, seed=0):
    def scene() -> bytes:
        t = texture2d(fmt, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS[blend])])
        om.blend_factor = (0.3, 0.6, 0.9, 0.5)
        d = None
        if depth is not None:
            d = texture2d(45, W, H)
            bs._clear_depth(d, depth[1])
            om.depth_stencil = bs._ds_desc(func=depth[0], write=1)
        _draw(verts, [rtv(t)], ps, topology=topology, om=om, depth=dsv(d) if d is not None else None, cull=cull,
              fill=fill, msaa_lines=False, scissor=scissor, size=(W, H))
        return bs._bytes(t, *([d] if d is not None else []))

    return scene


def _to_clip(xy: np.ndarray, W: int, H: int, rng) -> np.ndarray:
    n = xy.shape[0]
    pos = np.empty((n, 4))
    pos[:, 0] = xy[:, 0] / W * 2 - 1
    pos[:, 1] = 1 - xy[:, 1] / H * 2
    pos[:, 2] = rng.uniform(0.0, 1.0, n)
    pos[:, 3] = 1.0
    pos *= rng.uniform(0.5, 2.0, (n, 1))
    return np.concatenate([pos, rng.uniform(-0.25, 1.25, (n, 8))], 1).astype(np.float32)


def _octant_lines(W: int, H: int, cx: float, cy: float, rng) -> np.ndarray:
    """Lines from near (cx, cy) in every direction: axis-aligned, diagonal and each octant's steep/shallow,
    ends on pixel centres (x.5), corners (integers) and in between."""
    ends = []
    for ang in np.arange(0, 360, 15):
        r = rng.uniform(3, 40)
        a = np.radians(ang)
        start = np.array([cx, cy]) + rng.choice([0.0, 0.5, 0.25], 2)
        end = start + r * np.array([np.cos(a), np.sin(a)])
        if ang % 45 == 0:
            end = np.round(end * 2) / 2  # exact axis / diagonal directions on the half-pixel grid
        ends += [start, end]
    return _to_clip(np.array(ends), W, H, rng)


@pytest.mark.parametrize("ps", ["float", "pos", "deriv"])
@pytest.mark.parametrize("centre", [(64.0, 64.0), (63.5, 20.25), (10.0, 63.75), (100.3, 90.6)])
def test_lines_in_every_direction_across_tile_edges(ps, centre):
    rng = np.random.default_rng(int(centre[0] * 7 + centre[1]))
    W, H = 150, 130  # several 64-pixel tiles
    verts = _octant_lines(W, H, *centre, rng)
    shader = {"float": bs.PS_FLOAT, "pos": bs.PS_POS, "deriv": PS_DERIV}[ps]
    ref, got = _both(_scene(verts, W, H, shader, fmt=2 if ps == "deriv" else 28, blend="add" if ps != "pos" else
                            "alpha", depth=(4, 0.6) if ps == "pos" else None))
    assert ref == got


@pytest.mark.parametrize("along", ["x", "y"])
@pytest.mark.parametrize("at", [63.5, 64.0, 64.5, 127.5])
def test_lines_along_tile_boundaries(along, at):
    rng = np.random.default_rng(int(at * 2) + (along == "y"))
    W = H = 140
    ends = []
    for k in range(6):
        a, b = rng.uniform(-5, 145, 2)
        off = (k - 3) * 0.25
        ends += ([[at + off, a], [at + off * 0.5, b]] if along == "x" else [[a, at + off], [b, at - off * 0.5]])
    verts = _to_clip(np.array(ends), W, H, rng)
    ref, got = _both(_scene(verts, W, H, PS_DERIV, fmt=10, blend="add", depth=(2, 0.5)))
    assert ref == got


@pytest.mark.parametrize("topology", ["lines", "linestrip"])
@pytest.mark.parametrize("seed", range(6))
def test_random_aliased_lines(topology, seed):
    rng = np.random.default_rng(100 + seed)
    W, H = int(rng.integers(16, 160)), int(rng.integers(16, 140))
    verts = _vertices(rng, int(rng.integers(2, 100)) * 2, W, H)
    ps = [bs.PS_FLOAT, bs.PS_POS, bs.PS_PARTIAL, PS_DERIV][seed % 4]
    scissor = None
    if seed % 3 == 0:
        scissor = (int(rng.integers(0, W // 2)), int(rng.integers(0, H // 2)), W - 3, H - 2)
    depth = (int(rng.integers(1, 9)), float(rng.uniform(0.2, 0.9))) if seed % 2 else None
    fmt = int(rng.choice([28, 29, 10, 2, 24, 87]))
    ref, got = _both(_scene(verts, W, H, ps, topology={"lines": prim.LINELIST, "linestrip": prim.LINESTRIP}[topology],
                            fmt=fmt, blend=list(bs.BLENDS)[seed % len(bs.BLENDS)], depth=depth, scissor=scissor,
                            seed=seed))
    assert ref == got


@pytest.mark.parametrize("cull", [1, 2, 3])
def test_wireframe_triangles_without_multisample_enable(cull):
    verts = bs._vertices(cull + 10, 12)
    ref, got = _both(_scene(verts, 64, 48, bs.PS_FLOAT, topology=prim.TRIANGLELIST, fill=2, cull=cull,
                            depth=(4, 0.7)))
    assert ref == got


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("a2c", [False, True])
def test_aliased_lines_on_multisampled_targets(samples, a2c):
    """A lit pixel covers every sample (§15.14.1); depth per sample from the line's plane; SampleMask and alpha
    to coverage in the merger."""
    from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
    from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
    from pyd3d11.shader.dxbc.asm import assemble_program

    rng = np.random.default_rng(samples * 2 + a2c)
    W, H = 90, 70
    verts = _octant_lines(W, H, 45.0, 35.0, rng)

    def scene() -> bytes:
        t = texture2d(10, W, H, samples)
        bs._fill(t, samples)
        d = texture2d(40, W, H, samples)
        bs._clear_depth(d, 0.6)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])], a2c=a2c)
        om.depth_stencil = bs._ds_desc(func=2, write=1)
        om.sample_mask = 0xFFFFFFFB
        om.rtvs = [rtv(t)] + [None] * 7
        om.dsv = dsv(d)
        st = GraphicsState(
            topology=prim.LINELIST, vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
            elements=[InputElement(i, 0xF, bs.R32G32B32A32_FLOAT, 0, 16 * i) for i in range(3)],
            vs=StageState(assemble_program(bs.VS)), ps=StageState(assemble_program(PS_DERIV)),
            rasterizer=RasterizerState(MultisampleEnable=False), viewports=[Viewport(0, 0, W, H, 0, 1)], om=om,
            sample_count=samples)
        ds = draw(st, DrawArgs(len(verts)))
        return bs._bytes(t, d) + f"{ds.ps_invocations} {ds.samples_passed}".encode()

    ref, got = _both(scene)
    assert ref == got


@pytest.mark.parametrize("samples", [1, 4])
@pytest.mark.parametrize("ps", ["float", "deriv", "none"])
def test_alpha_antialiased_lines(samples, ps):
    """Alpha-antialiased lines (§15.14.1 / §3.4.4): each lit pixel's coverage multiplies o0.a after the shader
    (the reference's float32 product), then blending / alpha to coverage see it."""
    from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
    from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
    from pyd3d11.shader.dxbc.asm import assemble_program

    rng = np.random.default_rng(samples * 5 + len(ps))
    W, H = 140, 100
    verts = np.concatenate([_octant_lines(W, H, 64.0, 40.5, rng), _octant_lines(W, H, 20.25, 70.0, rng)])
    shader = {"float": bs.PS_FLOAT, "deriv": PS_DERIV, "none": None}[ps]

    def scene() -> bytes:
        t = texture2d(10, W, H, samples)
        bs._fill(t, samples)
        d = texture2d(45, W, H, samples)
        bs._clear_depth(d, 0.7)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])], a2c=samples > 1)
        om.depth_stencil = bs._ds_desc(func=2, write=1)
        om.rtvs = [rtv(t)] + [None] * 7
        om.dsv = dsv(d)
        st = GraphicsState(
            topology=prim.LINELIST, vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
            elements=[InputElement(i, 0xF, bs.R32G32B32A32_FLOAT, 0, 16 * i) for i in range(3)],
            vs=StageState(assemble_program(bs.VS)),
            ps=StageState(assemble_program(shader)) if shader else None,
            rasterizer=RasterizerState(MultisampleEnable=False, AntialiasedLineEnable=True),
            viewports=[Viewport(0, 0, W, H, 0, 1)], om=om, sample_count=samples)
        ds = draw(st, DrawArgs(len(verts)))
        return bs._bytes(t, d) + f"{ds.ps_invocations} {ds.samples_passed}".encode()

    ref, got = _both(scene)
    assert ref == got
