"""Clip distances (SV_ClipDistance) on the fused native pixel lane, byte for byte against the reference pipeline,
with the fused lane required to run.

D3D11.3 §15.4.1: the last stage before the rasterizer may write up to 8 clip distances (two registers); each is
interpolated like a perspective-correct attribute and a sample is kept only where every one of them is >= 0
(a NaN distance is not >= 0, so it clips). The reference (draw._PixelContext._clip_distance_mask) evaluates
them at each raster sample (the pixel centre at one sample, each sample position when multisampled) and ANDs
the result into the raster coverage before anything reads it (centroid, vCoverage, sample-frequency quads,
depth test). Cases: one, two, four and six components in one or two registers; per-vertex values with exact
zeros (also +0 / -0 at all three vertices: exactly 0 at every sample, kept), negative, positive, infinite and
NaN values; some or all vertices negative; perspective w; single- and
multisampled targets at pixel and sample frequency, vCoverage, depth-only draws (no pixel shader), depth
tests, points.
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

from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding  # noqa: E402
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

R32G32B32A32_FLOAT = 2


def _vs(masks: tuple[str, ...]) -> str:
    """A vertex shader passing position (v0), one attribute (v1) and clip distances from v2 (first register)
    and v3 (second register) with the given write masks."""
    decl = "".join(f"dcl_output_siv o{2 + i}.{m}, clip_distance\n" for i, m in enumerate(masks))
    body = "".join(f"mov o{2 + i}.{m}, v{2 + i}.{m}\n" for i, m in enumerate(masks))
    return ("vs_4_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input v2.xyzw\ndcl_input v3.xyzw\n"
            "dcl_output_siv o0.xyzw, position\ndcl_output o1.xyzw\n" + decl
            + "mov o0.xyzw, v0.xyzw\nmov o1.xyzw, v1.xyzw\n" + body + "ret\n")


PS_PLAIN = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""

# reads vCoverage (the coverage after clipping, ANDed with SampleMask) and derivatives across the quad
PS_COV = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input vCoverage
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, vCoverage.x
deriv_rtx_coarse r0.y, v1.x
mul r0.x, r0.x, l(0.0625)
mad o0.xyzw, r0.yyyy, l(4.0, 4.0, 4.0, 4.0), v1.xyzw
add o0.z, o0.z, r0.x
ret
"""

# sample frequency: one quad per sample index that the clipped coverage holds
PS_SAMPLE = """ps_4_1
dcl_input_ps linear sample v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""

# the distances a vertex may carry: exact zeros of both signs, small and large values, infinities, NaN
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 1e-30, -1e-30, np.inf, -np.inf, np.nan, 0.5, -0.25], np.float32)


def _vertices(seed: int, n: int, kind: str) -> np.ndarray:
    """(n*3, 16) float32 vertex rows: position (with some perspective w), attribute, clip v2, clip v3."""
    rng = np.random.default_rng(seed)
    pos = np.empty((n * 3, 4))
    pos[:, :2] = rng.uniform(-1.2, 1.2, (n * 3, 2))
    pos[:, 2] = rng.uniform(0.0, 1.0, n * 3)
    pos[:, 3] = 1.0
    w = rng.uniform(0.5, 2.0, (n * 3, 1))
    pos *= np.where(rng.random((n * 3, 1)) < 0.5, w, 1.0)
    attr = rng.uniform(0.0, 1.0, (n * 3, 4))
    clip = rng.uniform(-1.0, 1.0, (n * 3, 8))
    if kind == "special":  # a fifth of the values from the special set
        pick = rng.random(clip.shape) < 0.2
        clip[pick] = rng.choice(SPECIAL, int(pick.sum()))
    elif kind == "all_negative":  # whole triangles clipped away, others kept whole
        tri = rng.random(n) < 0.5
        clip = np.abs(clip) * np.where(np.repeat(tri, 3)[:, None], -1.0, 1.0)
    elif kind == "zero_edge":  # distances exactly 0 on one vertex or along a whole edge
        clip[0::3] = 0.0
        clip[1::3] *= rng.random((n, 1)) < 0.5
    elif kind == "zero_whole":  # a distance of +0 or -0 at all three vertices: exactly 0 everywhere, kept
        clip = np.abs(clip)
        tri = np.repeat(rng.random((n, 8)) < 0.5, 3, axis=0)
        clip[tri] = np.where(rng.random(int(tri.sum())) < 0.5, 0.0, -0.0)
    return np.concatenate([pos, attr, clip], 1).astype(np.float32)


def _draw(verts, masks, ps, rts, *, depth=None, om=None, samples=1, topology=4, size=(40, 32)):
    om = om or OMState()
    om.rtvs = list(rts) + [None] * (8 - len(rts))
    om.dsv = depth
    vb = np.ascontiguousarray(verts, np.float32)
    elements = [InputElement(i, 0xF, R32G32B32A32_FLOAT, 0, 16 * i) for i in range(4)]
    st = GraphicsState(
        topology=topology,
        vertex_buffers=[VertexBufferBinding(bs._vb(vb), 64, 0)],
        elements=elements,
        vs=StageState(assemble_program(_vs(masks))),
        ps=StageState(assemble_program(ps)) if ps else None,
        rasterizer=RasterizerState(CullMode=1, FillMode=3, MultisampleEnable=samples > 1),
        viewports=[Viewport(0, 0, size[0], size[1], 0, 1)],
        om=om,
        sample_count=samples,
    )
    draw(st, DrawArgs(len(verts)))


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
        before = fused.stats.fused_draws
        got = scene()
    assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons}"
    return ref, got


def _scene(seed: int, masks, kind: str, ps=PS_PLAIN, samples: int = 1, depth_func: int | None = None,
           sample_mask: int = 0xFFFFFFFF, topology: int = 4, n: int = 12):
    verts = _vertices(seed, n, kind)
    W, H = 40, 32

    def scene() -> bytes:
        t = texture2d(28, W, H, samples) if samples > 1 else texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.sample_mask = sample_mask
        d = None
        if depth_func is not None:
            d = texture2d(45, W, H, samples) if samples > 1 else texture2d(45, W, H)
            bs._clear_depth(d, 0.6)
            om.depth_stencil = bs._ds_desc(func=depth_func, write=1)
        _draw(verts, masks, ps, [rtv(t)], depth=dsv(d) if d is not None else None, om=om, samples=samples,
              topology=topology, size=(W, H))
        return bs._bytes(t, *([d] if d is not None else []))

    return scene


MASKS = {"x": ("x",), "xy": ("xy",), "xyzw": ("xyzw",), "two_regs": ("xyz", "xyz"), "yw_z": ("yw", "z")}


@pytest.mark.parametrize("kind", ["random", "special", "all_negative", "zero_edge", "zero_whole"])
@pytest.mark.parametrize("masks", list(MASKS))
def test_single_sample(masks, kind):
    ref, got = _both(_scene(hash((masks, kind)) & 0xFFFF, MASKS[masks], kind))
    assert ref == got, bs_diff(ref, got)


@pytest.mark.parametrize("seed", range(4))
def test_depth_tested_and_depth_only(seed):
    # with a depth test (clipped samples neither tested nor written), and without a pixel shader
    ref, got = _both(_scene(seed, ("xy",), "special", depth_func=2 + seed))
    assert ref == got, bs_diff(ref, got)
    ref, got = _both(_scene(seed + 10, ("xyzw",), "special", ps=None, depth_func=4))
    assert ref == got, bs_diff(ref, got)


@pytest.mark.parametrize("samples", [2, 4, 8])
@pytest.mark.parametrize("ps", ["plain", "cov", "sample"])
def test_multisampled(samples, ps):
    # per sample: the distances at each sample position; vCoverage and sample-frequency quads see the clipped
    # coverage; a partial SampleMask
    shader = {"plain": PS_PLAIN, "cov": PS_COV, "sample": PS_SAMPLE}[ps]
    ref, got = _both(_scene(samples * 7 + len(ps), ("xz",), "random", ps=shader, samples=samples, depth_func=2,
                            sample_mask=0xFFFF if ps == "plain" else 0b1011))
    assert ref == got, bs_diff(ref, got)


def test_sample_frequency_at_one_sample():
    ref, got = _both(_scene(5, ("xy",), "special", ps=PS_SAMPLE))
    assert ref == got, bs_diff(ref, got)


def test_points():
    # points: each a square of two triangle pieces carrying its vertex's distances
    ref, got = _both(_scene(9, ("xy",), "special", topology=1, n=30))
    assert ref == got, bs_diff(ref, got)


def bs_diff(a: bytes, b: bytes) -> str:
    x, y = np.frombuffer(a, np.uint8), np.frombuffer(b, np.uint8)
    bad = np.nonzero(x != y)[0]
    return f"{bad.size} bytes differ, first at {bad[:8].tolist()}"


@pytest.mark.parametrize("topology", [2, 3])
def test_aliased_lines(topology):
    # aliased lines (list, strip): each lit pixel a one-pixel piece carrying its line's planes (fused_lines.py)
    ref, got = _both(_scene(11 + topology, ("xyz",), "special", topology=topology, n=10))
    assert ref == got, bs_diff(ref, got)
