"""Multisampled targets in the fused native pixel lane (issue 12), byte for byte against the reference pipeline,
with the fused lane required to run.

D3D11.3 §3.5 (multisampling): a pixel's coverage is the set of its samples inside the primitive by the
16.8 fixed-point rasterization rules (§3.4.2, top-left rule at each sample position, the standard patterns of
§3.5.x / D3D11_STANDARD_MULTISAMPLE_PATTERN and the centre pattern); the pixel shader runs once per covered
pixel at its centre (pixel frequency); depth is interpolated at each sample and each covered sample is
depth/stencil tested and written separately (§17); SampleMask removes samples (§17.x); alpha to coverage
(§17.18) turns o0.a into a sample mask; vCoverage is the raster coverage ANDed with SampleMask. Cases: 2, 4 and
8 samples, small triangles with many partially covered pixels, depth (D32, D24S8, with writes), stencil with
different front/back operations, blending, A2C, partial sample masks, a shader reading vCoverage, the centre
pattern, points and quadrilateral lines (MultisampleEnable). Sample-frequency shaders and centroid inputs stay
outside the lane (counted)."""

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

PS_COV = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input vCoverage
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, vCoverage.x
mul r0.x, r0.x, l(0.0039)
mov o0.xyw, v1.xyxw
add o0.z, v1.z, r0.x
ret
"""

PS_DERIV = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
deriv_rtx_fine r0.xy, v1.xyxx
deriv_rty_coarse r0.zw, v1.zzzw
mad o0.xyzw, r0.xyzw, l(2.0, 2.0, 2.0, 2.0), v1.xyzw
ret
"""


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _both(scene, expect_fused: bool = True):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = scene()
        native.set_backend("native")
        before = fused.stats.fused_draws
        got = scene()
    if expect_fused:
        assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons}"
    return ref, got


def _small_triangles(rng, n: int, W: int, H: int) -> np.ndarray:
    """Triangles of a few pixels (most pixels partially covered), ends on the 1/16 grid near sample positions."""
    c = rng.uniform(0, [W, H], (n, 1, 2))
    xy = c + rng.uniform(-3, 3, (n, 3, 2))
    xy = np.round(xy * 16) / 16
    xy = xy.reshape(-1, 2)
    pos = np.empty((xy.shape[0], 4))
    pos[:, 0] = xy[:, 0] / W * 2 - 1
    pos[:, 1] = 1 - xy[:, 1] / H * 2
    pos[:, 2] = rng.uniform(0.0, 1.0, xy.shape[0])
    pos[:, 3] = 1.0
    attr = rng.uniform(-0.25, 1.25, (xy.shape[0], 8))
    return np.concatenate([pos, attr], 1).astype(np.float32)


def _scene(samples: int, seed: int, *, ps=bs.PS_FLOAT, fmt=28, depth_fmt=None, stencil=False, a2c=False,
           sample_mask=0xFFFFFFFF, blend=None, quality=0, topology=4, verts=None, size=(70, 66)):
    rng = np.random.default_rng(seed)
    W, H = size
    if verts is None:
        verts = _small_triangles(rng, 60, W, H)
    cull = int(rng.integers(1, 4))

    def scene() -> bytes:
        t = texture2d(fmt, W, H, samples)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**(bs.BLENDS[blend] if blend else {}))], a2c=a2c)
        om.blend_factor = (0.3, 0.6, 0.9, 0.5)
        om.sample_mask = sample_mask
        d = None
        if depth_fmt is not None:
            d = texture2d(depth_fmt, W, H, samples)
            bs._clear_depth(d, 0.6)
            om.depth_stencil = bs._ds_desc(func=2 + seed % 6, write=1, stencil=stencil, sfail=3, dfail=4, spass=7,
                                           sfunc=6)
        om.rtvs = [rtv(t)] + [None] * 7
        om.dsv = dsv(d) if d is not None else None
        om.stencil_ref = 5
        st = GraphicsState(
            topology=topology,
            vertex_buffers=[VertexBufferBinding(bs._vb(verts), 48, 0)],
            elements=[InputElement(i, 0xF, bs.R32G32B32A32_FLOAT, 0, 16 * i) for i in range(3)],
            vs=StageState(assemble_program(bs.VS)), ps=StageState(assemble_program(ps)),
            rasterizer=RasterizerState(CullMode=cull, MultisampleEnable=True),
            viewports=[Viewport(0, 0, W, H, 0, 1)], om=om, sample_count=samples, sample_quality=quality)
        ds = draw(st, DrawArgs(len(verts)))
        # the pipeline statistics the lane reports (§20.4: PSInvocations; occlusion: samples that passed)
        counts = f"{ds.ps_invocations} {ds.samples_passed}".encode()
        return bs._bytes(t, *([d] if d is not None else [])) + counts

    return scene


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("seed", range(3))
def test_partial_coverage(samples, seed):
    ref, got = _both(_scene(samples, seed, blend=["alpha", "add", None][seed]))
    assert ref == got


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("depth_fmt, stencil", [(40, False), (45, False), (45, True), (20, True)])
def test_per_sample_depth_and_stencil(samples, depth_fmt, stencil):
    ref, got = _both(_scene(samples, samples + depth_fmt, depth_fmt=depth_fmt, stencil=stencil, fmt=10))
    assert ref == got


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("mask", [0x5, 0xA6, 0x1])
def test_alpha_to_coverage_and_sample_mask(samples, mask):
    ref, got = _both(_scene(samples, 40 + mask, a2c=True, sample_mask=mask, depth_fmt=40, fmt=2))
    assert ref == got


@pytest.mark.parametrize("samples", [2, 4, 8])
def test_vcoverage_and_derivatives(samples):
    ref, got = _both(_scene(samples, 7, ps=PS_COV, sample_mask=0xFFFFFFFD, fmt=2))
    assert ref == got
    ref, got = _both(_scene(samples, 8, ps=PS_DERIV, depth_fmt=45, fmt=10))
    assert ref == got


def test_centre_pattern():
    ref, got = _both(_scene(4, 9, depth_fmt=40, quality=0xFFFFFFFE))
    assert ref == got


@pytest.mark.parametrize("kind", ["points", "lines"])
def test_points_and_quadrilateral_lines(kind):
    rng = np.random.default_rng(11)
    W, H = 48, 40
    n = 80
    xy = np.round(rng.uniform(-2, [W + 2, H + 2], (n, 2)) * 16) / 16
    pos = np.empty((n, 4))
    pos[:, 0], pos[:, 1] = xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2
    pos[:, 2], pos[:, 3] = rng.uniform(0, 1, n), 1.0
    verts = np.concatenate([pos, rng.uniform(0, 1, (n, 8))], 1).astype(np.float32)
    topo = prim.POINTLIST if kind == "points" else prim.LINELIST
    ref, got = _both(_scene(4, 12, topology=topo, verts=verts, depth_fmt=40, size=(W, H)))
    assert ref == got


# centroid (§3.5.5, interpolate.centroid_offsets): all samples of coverage & SampleMask -> centre, some -> first
# covered sample, a helper lane -> the first sample of a partial SampleMask, else the centre
PS_CENTROID = """ps_5_0
dcl_input_ps_siv linear noperspective centroid v0.xyzw, position
dcl_input_ps linear centroid v1.xyzw
dcl_input_ps linear noperspective centroid v2.xy
dcl_output o0.xyzw
dcl_temps 1
deriv_rtx_fine r0.x, v1.x
mul r0.yz, v0.xxyx, l(0, 0.01, 0.013, 0)
add r0.yz, r0.yyzy, v2.xxyx
mad o0.xy, v1.xyxx, l(0.5, 0.5, 0, 0), r0.yzyy
mad o0.z, r0.x, l(0.25), v0.z
mul o0.w, v0.w, v1.w
ret
"""


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("mask", [0xFFFFFFFF, 0xFFFFFFFA, 0x2])
def test_centroid_inputs(samples, mask):
    ref, got = _both(_scene(samples, 80 + samples + mask % 7, ps=PS_CENTROID, sample_mask=mask, depth_fmt=40,
                            fmt=2))
    assert ref == got
    ref, got = _both(_scene(samples, 90 + samples, ps=bs.PS_POS, sample_mask=mask))  # centroid and noperspective
    assert ref == got


def test_centroid_in_a_sample_frequency_shader_is_fused():
    # session 11: centroid inputs of a sample-frequency shader take the pixel's raster coverage (lane buffer lrc)
    ps = """ps_4_1
dcl_input_ps linear sample v1.xy
dcl_input_ps linear centroid v1.zw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""
    ref, got = _both(_scene(4, 13, ps=ps))
    assert ref == got


# sample frequency (§3.5.4-5): *_SAMPLE inputs and SV_Position at the lane's sample, SV_SampleIndex, depth
PS_SAMPLE = """ps_5_0
dcl_input_ps_siv linear noperspective sample v0.xyzw, position
dcl_input_ps linear sample v1.xyzw
dcl_input_ps linear noperspective sample v2.xy
dcl_input_ps_sgv constant v3.x, sampleIndex
dcl_output o0.xyzw
dcl_temps 2
utof r0.x, v3.x
mul r0.yz, v0.xxyx, l(0, 0.01, 0.013, 0)
add r0.yz, r0.yyzy, v2.xxyx
mad o0.xy, v1.xyxx, l(0.5, 0.5, 0, 0), r0.yzyy
mad o0.z, r0.x, l(0.125), v0.z
mul o0.w, v0.w, v1.w
ret
"""

# sample-rate inputs next to a centre-evaluated one, with derivatives of the sample-evaluated attribute
PS_SAMPLE_MIXED = """ps_5_0
dcl_input_ps linear sample v1.xy
dcl_input_ps linear v1.zw
dcl_output o0.xyzw
dcl_temps 1
deriv_rtx_fine r0.x, v1.x
deriv_rty_fine r0.y, v1.y
mad o0.xy, r0.xyxx, l(4.0, 4.0, 0, 0), v1.xyxx
mov o0.zw, v1.zzzw
ret
"""


@pytest.mark.parametrize("samples", [1, 2, 4, 8])
@pytest.mark.parametrize("mask", [0xFFFFFFFF, 0x6])
def test_sample_frequency(samples, mask):
    ref, got = _both(_scene(samples, 60 + samples, ps=PS_SAMPLE, sample_mask=mask, depth_fmt=40, fmt=2))
    assert ref == got


@pytest.mark.parametrize("samples", [2, 4])
def test_sample_frequency_mixed_modes_derivatives_and_blend(samples):
    ref, got = _both(_scene(samples, 70 + samples, ps=PS_SAMPLE_MIXED, blend="alpha", depth_fmt=45, stencil=True,
                            fmt=10))
    assert ref == got
