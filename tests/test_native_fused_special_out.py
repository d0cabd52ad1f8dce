"""Pixel shaders writing oDepth (SV_Depth, and the conservative SV_DepthGreaterEqual / SV_DepthLessEqual) or oMask
(SV_Coverage) on the fused native pixel lane, byte for byte against the reference pipeline, with the fused lane
required to run; and the cases that stay off the lane, counted with their reason.

D3D11.3 §16.9 (oDepth): the shader's depth replaces the interpolated depth for the depth test and write of every
sample (the reference: draw._PixelContext.shade repeats res.depth over the samples; the merger clamps it to the
viewport's depth range, §17.x). The conservative forms carry the same value (the promise that it lies on one side
of the interpolated depth only allows early culling; the reference applies the value as is). §16.10 (oMask): the
shader's mask is ANDed into the sample coverage (with SampleMask) before the merger; the pixel-shader invocation
count is unchanged. Cases: every comparison function × the three depth outputs, depths inside and outside [0, 1],
exact 0 and 1, NaN, -0 and infinities; D24S8 / D32 / D16 targets with writes and a stencil test; 1 and 4 samples
at pixel and sample frequency; oMask values (random words, 0, all ones) at 1, 4 and 8 samples, with blending.
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

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.dxbc.asm import assemble_program  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

# the bitid scenes' vertex shader: o1 = v1, o2 = v2 (attribute 2's components carry the depth / mask sources)


def _ps_depth(reg: str, sample: bool = False) -> str:
    """oDepth (or oDepthGE / oDepthLE) from attribute 2's x, chosen per quad so that special values appear:
    v2.y > 0.9 -> NaN, v2.y < 0.1 -> v2.x * 1e30 (infinities / huge), else v2.x; colour = attribute 1."""
    mode = "sample" if sample else ""
    return f"""ps_5_0
dcl_input_ps linear {mode} v1.xyzw
dcl_input_ps linear {mode} v2.xyzw
dcl_output o0.xyzw
dcl_output {reg}
dcl_temps 2
lt r0.x, l(0.9), v2.y
lt r0.y, v2.y, l(0.1)
mul r1.x, v2.x, l(1e30)
movc r1.x, r0.y, r1.x, v2.x
movc r1.x, r0.x, l(0x7fc00000), r1.x
mov {reg}, r1.x
mov o0.xyzw, v1.xyzw
ret
"""


PS_MASK = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_output oMask
dcl_temps 1
mul r0.x, v2.z, l(255.0)
ftou r0.x, r0.x
lt r0.y, l(0.9), v2.w
movc r0.x, r0.y, l(0xffffffff), r0.x
mov oMask, r0.x
mov o0.xyzw, v1.xyzw
ret
"""

# oDepth written under flow control: outside the lane (its batches are not the reference's)
PS_DEPTH_IF = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_output oDepth
dcl_temps 1
lt r0.x, v2.x, l(0.5)
if_nz r0.x
  mov oDepth, v2.y
endif
mov o0.xyzw, v1.xyzw
ret
"""

PS_STENCIL_REF = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_output oStencilRef
mov oStencilRef, l(3)
mov o0.xyzw, v1.xyzw
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


def _verts(seed: int, n: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pos = np.empty((n * 3, 4))
    pos[:, :2] = rng.uniform(-1.1, 1.1, (n * 3, 2))
    pos[:, 2] = rng.uniform(0.0, 1.0, n * 3)
    pos[:, 3] = 1.0
    pos *= np.where(rng.random((n * 3, 1)) < 0.5, rng.uniform(0.5, 2.0, (n * 3, 1)), 1.0)
    a1 = rng.uniform(0.0, 1.0, (n * 3, 4))
    a2 = rng.uniform(-0.3, 1.3, (n * 3, 4))  # depth source x: outside [0, 1] too
    a2[:, 1:] = rng.uniform(0.0, 1.0, (n * 3, 3))
    flat = rng.random(n) < 0.3  # some triangles with one exact depth (0, 1, -0, 0.5) at every vertex
    a2[np.repeat(flat, 3), 0] = np.repeat(rng.choice([0.0, 1.0, -0.0, 0.5], int(flat.sum())), 3)
    return np.concatenate([pos, a1, a2], 1).astype(np.float32)


def _scene(seed: int, ps: str, *, func: int = 2, ds_fmt: int | None = 45, samples: int = 1, stencil: bool = False,
           blend: dict | None = None, n: int = 14):
    verts = _verts(seed, n)
    W, H = 36, 28

    def scene() -> bytes:
        t = texture2d(28, W, H, samples) if samples > 1 else texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        if blend:
            om.blend = bs._blend_desc([bs._rt_desc(**blend)])
        d = None
        if ds_fmt is not None:
            d = texture2d(ds_fmt, W, H, samples) if samples > 1 else texture2d(ds_fmt, W, H)
            bs._clear_depth(d, 0.5)
            kw = dict(sfunc=3, spass=7, dfail=4) if stencil else {}
            om.depth_stencil = bs._ds_desc(func=func, write=1, stencil=stencil, **kw)
        bs._draw(verts, [rtv(t)], ps, om=om, depth=dsv(d) if d is not None else None, samples=samples, cull=1,
                 size=(W, H), stencil_ref=5)
        return bs._bytes(t, *([d] if d is not None else []))

    return scene


def _diff(a: bytes, b: bytes) -> str:
    x, y = np.frombuffer(a, np.uint8), np.frombuffer(b, np.uint8)
    bad = np.nonzero(x != y)[0]
    return f"{bad.size} bytes differ, first at {bad[:8].tolist()}"


@pytest.mark.parametrize("reg", ["oDepth", "oDepthGE", "oDepthLE"])
@pytest.mark.parametrize("func", range(1, 9))
def test_depth_output_every_comparison(reg, func):
    ref, got = _both(_scene(func * 3 + len(reg), _ps_depth(reg), func=func))
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("ds_fmt", [45, 40, 55, 20])
def test_depth_output_formats_with_stencil(ds_fmt):
    ref, got = _both(_scene(ds_fmt, _ps_depth("oDepth"), func=4, ds_fmt=ds_fmt, stencil=ds_fmt in (45, 20)))
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("sample", [False, True])
@pytest.mark.parametrize("samples", [1, 4])
def test_depth_output_multisampled(samples, sample):
    # the shader's depth at every covered sample (pixel frequency) or at the lane's own sample (sample frequency)
    ref, got = _both(_scene(samples + 2 * sample, _ps_depth("oDepthGE", sample), func=2, samples=samples))
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("samples", [1, 4, 8])
@pytest.mark.parametrize("with_depth", [False, True])
def test_coverage_mask_output(samples, with_depth):
    ref, got = _both(_scene(samples * 5 + with_depth, PS_MASK, ds_fmt=45 if with_depth else None, samples=samples,
                            blend=bs.BLENDS["alpha"]))
    assert ref == got, _diff(ref, got)


@pytest.mark.parametrize("ps,reason", [(PS_DEPTH_IF, "oDepth / oMask written under flow control"),
                                       (PS_STENCIL_REF, "pixel shader writes oStencilRef")])
def test_outside_the_lane_counted(ps, reason):
    before = fused.stats.reasons.get(reason, 0)
    ref, got = _both(_scene(1, ps, func=4), expect_fused=False)
    assert ref == got
    assert fused.stats.reasons.get(reason, 0) > before, fused.stats.reasons


def test_coverage_mask_with_alpha_to_coverage_counted():
    reason = "oMask with alpha to coverage"
    before = fused.stats.reasons.get(reason, 0)

    def scene() -> bytes:
        t = texture2d(28, 16, 16, 4)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc()], a2c=True)
        bs._draw(_verts(2, 6), [rtv(t)], PS_MASK, om=om, samples=4, size=(16, 16))
        return bs._bytes(t)

    ref, got = _both(scene, expect_fused=False)
    assert ref == got
    assert fused.stats.reasons.get(reason, 0) > before, fused.stats.reasons


# a host callback (an ld from an unbound t# runs through the reference; until session 19 this was sampleinfo on
# the rasterizer, which the native sampler compiles now): the kernel's files keep a fixed stride of one batch, so
# its "stored" flags sit after the whole batch, not after the batch's rounded lane count
PS_HOST_DEPTH_MASK = """ps_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xyzw
dcl_input_ps linear v2.xyzw
dcl_output o0.xyzw
dcl_output oMask
dcl_output oDepth
dcl_temps 1
ld r0.xyzw, l(0, 0, 0, 0), t0.xyzw
iadd r0.w, r0.w, l(4)
mul r0.z, v2.z, l(255.0)
ftou r0.z, r0.z
mov oMask, r0.z
utof r0.w, r0.w
mad oDepth, r0.w, l(0.0625), v2.x
mov o0.xyzw, v1.xyzw
ret
"""


@pytest.mark.parametrize("func", [2, 4, 7])
def test_depth_and_mask_with_a_host_callback(func):
    from pyd3d11.shader.native import runtime

    lw = runtime.lowered(assemble_program(PS_HOST_DEPTH_MASK))
    assert lw.host_ops, "the shader must call back into the reference"
    calls = runtime.stats.texture_callbacks
    ref, got = _both(_scene(40 + func, PS_HOST_DEPTH_MASK, func=func))
    assert runtime.stats.texture_callbacks > calls  # it did call back
    assert ref == got, _diff(ref, got)


PS_EVAL = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
eval_centroid o0.xyzw, v1.xyzw
ret
"""


def test_pull_model_at_one_sample_is_fused():
    # eval_* at one sample: before session 11 it raised NotSupportedError on the native backend (the lane's
    # callbacks carried no pull model); fused_pull.py evaluates it now, with the reference's bytes
    ref, got = _both(_scene(3, PS_EVAL))
    assert ref == got, _diff(ref, got)


PS_MASK_SAMPLE = PS_MASK.replace("dcl_input_ps linear v2.xyzw", "dcl_input_ps linear sample v2.xyzw")


def test_coverage_mask_at_sample_frequency():
    # each lane covers its own sample only; oMask ANDs that bit
    ref, got = _both(_scene(77, PS_MASK_SAMPLE, samples=4))
    assert ref == got, _diff(ref, got)
