"""Points and quadrilateral lines in the fused native pixel lane (issue 12), byte for byte against the reference
pipeline.

D3D11.3 §15.14: a point is rasterized as a 1x1 square around the vertex with its attributes replicated and
is never culled (§3.4.5: points and lines are front facing); with MultisampleEnable a line is a quadrilateral
1.4 pixels wide (§15.14.1 "quadrilateral lines"); FillMode applies to triangles only, and wireframe triangles
under MultisampleEnable draw their edges as quadrilateral lines (§15.13). pyd3d11's setup turns both into
triangle pieces (pipeline/setup.py prepare_points / _line_pieces), which the fused lane rasterizes,
interpolates, shades and merges like triangles. Each case draws the same scene on the reference backend and
on the native backend and compares every target byte, and checks that the fused lane ran (its counter moved),
so a silent fallback cannot pass for agreement. Aliased and alpha-antialiased lines (fragments, not pieces) take
the lane as one-pixel pieces (pipeline/native/fused_lines.py).
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline import primitives as prim  # noqa: E402
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding  # noqa: E402
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

R32G32B32A32_FLOAT = 2


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _draw(verts, rts, ps, *, topology, om=None, depth=None, cull=1, fill=3, msaa_lines=True, scissor=None,
          size=(64, 48), depth_bias=(0, 0.0, 0.0)):
    om = om or OMState()
    om.rtvs = list(rts) + [None] * (8 - len(rts))
    om.dsv = depth
    st = GraphicsState(
        topology=topology,
        vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
        elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0), InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16),
                  InputElement(2, 0xF, R32G32B32A32_FLOAT, 0, 32)],
        vs=StageState(assemble_program(bs.VS)),
        ps=StageState(assemble_program(ps)) if ps else None,
        rasterizer=RasterizerState(CullMode=cull, FillMode=fill, ScissorEnable=scissor is not None,
                                   MultisampleEnable=msaa_lines, DepthBias=depth_bias[0],
                                   DepthBiasClamp=depth_bias[1], SlopeScaledDepthBias=depth_bias[2]),
        viewports=[Viewport(0, 0, size[0], size[1], 0, 1)],
        scissors=[scissor] if scissor else [],
        om=om,
        sample_count=1,
    )
    draw(st, DrawArgs(len(verts)))


def _both(scene, expect_fused: bool = True):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = scene()
        native.set_backend("native")
        before = fused.stats.fused_draws
        got = scene()
        ran = fused.stats.fused_draws > before
    if expect_fused:
        assert ran, f"fused lane did not run: {fused.stats.reasons}"
    return ref, got


def _vertices(rng, n: int, W: int, H: int) -> np.ndarray:
    """Points/line ends on and between pixel centres and corners, some off screen, varying w and depth."""
    xy = np.where(rng.random((n, 2)) < 0.5, rng.integers(-4, 2 * W + 4, (n, 2)) / 2,
                  rng.uniform(-0.2 * W, 1.2 * W, (n, 2)))
    pos = np.empty((n, 4))
    pos[:, 0] = xy[:, 0] / W * 2 - 1
    pos[:, 1] = 1 - xy[:, 1] / H * 2
    pos[:, 2] = rng.uniform(-0.05, 1.05, n)
    pos[:, 3] = 1.0
    pos *= np.where(rng.random((n, 1)) < 0.5, rng.uniform(0.5, 2.0, (n, 1)), 1.0)
    attr = rng.uniform(-0.25, 1.25, (n, 8))
    return np.concatenate([pos, attr], 1).astype(np.float32)


PIXEL_SHADERS = [bs.PS_FLOAT, bs.PS_POS, bs.PS_PARTIAL]
TOPOLOGIES = {"points": prim.POINTLIST, "lines": prim.LINELIST, "linestrip": prim.LINESTRIP}


def _scene(seed: int, topology: int):
    rng = np.random.default_rng(seed)
    W, H = int(rng.integers(16, 90)), int(rng.integers(16, 70))
    n = int(rng.integers(2, 120)) * 2
    verts = _vertices(rng, n, W, H)
    ps = PIXEL_SHADERS[seed % len(PIXEL_SHADERS)]
    fmt = int(rng.choice([28, 29, 10, 2, 24, 87]))
    blend = bs.BLENDS[list(bs.BLENDS)[seed % len(bs.BLENDS)]]
    with_depth = rng.random() < 0.7
    func = int(rng.integers(1, 9))
    cull = int(rng.integers(1, 4))  # points and lines are never culled
    bias = (int(rng.integers(-50, 50)), 0.0, float(rng.uniform(-2, 2))) if rng.random() < 0.4 else (0, 0.0, 0.0)
    scissor = None
    if rng.random() < 0.3:
        x0, y0 = int(rng.integers(0, W // 2)), int(rng.integers(0, H // 2))
        scissor = (x0, y0, x0 + int(rng.integers(1, W)), y0 + int(rng.integers(1, H)))
    clear = float(rng.uniform(0.2, 0.9))

    def scene() -> bytes:
        t = texture2d(fmt, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**blend)])
        om.blend_factor = (0.3, 0.6, 0.9, 0.5)
        d = None
        if with_depth:
            d = texture2d(45, W, H)
            bs._clear_depth(d, clear)
            om.depth_stencil = bs._ds_desc(func=func, write=1)
        _draw(verts, [rtv(t)], ps, topology=topology, om=om, depth=dsv(d) if d is not None else None, cull=cull,
              scissor=scissor, size=(W, H), depth_bias=bias)
        return bs._bytes(t, *([d] if d is not None else []))

    return scene


@pytest.mark.parametrize("kind", list(TOPOLOGIES))
@pytest.mark.parametrize("seed", range(8))
def test_points_and_quadrilateral_lines_fused_equal_reference(kind, seed):
    ref, got = _both(_scene(seed * 3 + len(kind), TOPOLOGIES[kind]))
    assert ref == got


@pytest.mark.parametrize("cull", [1, 2, 3])
def test_wireframe_triangles_with_multisample_enable(cull):
    """FillMode WIREFRAME + MultisampleEnable: the triangles' edges as quadrilateral lines, culled by facing."""
    rng = np.random.default_rng(cull)
    verts = bs._vertices(cull, 12)

    def scene() -> bytes:
        t = texture2d(28, 64, 48)
        bs._fill(t, cull)
        d = texture2d(45, 64, 48)
        bs._clear_depth(d, 0.7)
        om = OMState()
        om.depth_stencil = bs._ds_desc(func=4, write=1)
        _draw(verts, [rtv(t)], bs.PS_FLOAT, topology=prim.TRIANGLELIST, om=om, depth=dsv(d), cull=cull, fill=2)
        return bs._bytes(t, d)

    assert rng is not None
    ref, got = _both(scene)
    assert ref == got


@pytest.mark.parametrize("antialiased", [False, True])
def test_aliased_and_alpha_antialiased_lines_take_the_lane(antialiased):
    """Aliased and alpha-antialiased lines take the lane as one-pixel pieces (fused_lines.py;
    test_native_fused_aliased_lines.py)."""
    rng = np.random.default_rng(9)
    verts = _vertices(rng, 40, 64, 48)

    def scene() -> bytes:
        t = texture2d(28, 64, 48)
        bs._fill(t, 2)
        om = OMState()
        om.rtvs = [rtv(t)] + [None] * 7
        st = GraphicsState(
            topology=prim.LINELIST,
            vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
            elements=[InputElement(i, 0xF, R32G32B32A32_FLOAT, 0, 16 * i) for i in range(3)],
            vs=StageState(assemble_program(bs.VS)), ps=StageState(assemble_program(bs.PS_FLOAT)),
            rasterizer=RasterizerState(AntialiasedLineEnable=antialiased),
            viewports=[Viewport(0, 0, 64, 48, 0, 1)], om=om, sample_count=1)
        draw(st, DrawArgs(len(verts)))
        return bs._bytes(t)

    ref, got = _both(scene)
    assert ref == got
