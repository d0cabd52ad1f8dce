"""Pull-model evaluation and the pixel's raster coverage in sample-frequency shaders on the fused native lane
(issue 12), byte for byte against the reference pipeline, with the fused lane required to run.

D3D11.3 §16.5 (pull-model attribute evaluation): ``EvaluateAttributeSnapped`` at the pixel centre plus a signed
4-bit 1/16-pixel offset, ``EvaluateAttributeAtSample`` at a sample of the raster pattern (an index past the count
is undefined: the reference takes the centre), ``EvaluateAttributeAtCentroid`` at the centroid (§3.5.5: all
samples of coverage & SampleMask -> centre, some -> the first covered sample, none -> the first sample of a
partial SampleMask, else the centre). §16.3.2: vCoverage is the pixel's raster coverage ANDed with SampleMask —
also in a sample-frequency shader, where the invocation's own coverage is one sample; centroid inputs of a
sample-frequency shader use the pixel's coverage too. Cases: 1, 2, 4 and 8 samples, pixel and sample frequency,
perspective / noperspective / constant attributes, full and partial SampleMask, several overlapping triangles
cutting many pixels partly."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_audit_pipeline import _compile
from test_native_fused_uav import VS, H, W, _bytes, _device, _texture

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused
from pyd3d11.shader import native

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

# ``SAMPLE`` is replaced by an SV_SampleIndex parameter (sample frequency) or nothing (pixel frequency)
PS_EVAL = """
struct I { float4 pos : SV_Position; float2 a : A; };
float4 main(I i, noperspective float2 b : A1, nointerpolation float2 c : A2 SAMPLE) : SV_Target {
    float2 s = EvaluateAttributeSnapped(i.a, int2(3, -5)) - EvaluateAttributeSnapped(b, int2(-8, 7));
    float2 t = EvaluateAttributeAtSample(i.a, INDEX) + EvaluateAttributeAtSample(c, 1);
    float2 u = EvaluateAttributeAtCentroid(i.a) * 0.5 + EvaluateAttributeAtCentroid(b);
    return float4(s.x + s.y, t.x - t.y, u.x, u.y + i.pos.x);
}"""

PS_COVERAGE = """
float4 main(float4 pos : SV_Position, centroid float2 a : A, uint cov : SV_Coverage,
            uint s : SV_SampleIndex) : SV_Target {
    return float4(a.x, a.y, cov, s * 16 + pos.x);
}"""

VS_EXTRA = VS.replace("float2 a : A; }", "float2 a : A; float2 b : A1; float2 c : A2; }").replace(
    "o.a = p;", "o.a = p; o.b = p.yx * 0.5; o.c = p * 3.0;").replace(
    "0.9 - 0.2 * t + p.x / 400.0, 1.0)", "(0.9 - 0.2 * t + p.x / 400.0) * (1.0 + 0.1 * k), 1.0 + 0.1 * k)").replace(
    "p.x / 20.0 - 1.0, 1.0 - p.y / 12.0", "(p.x / 20.0 - 1.0) * (1.0 + 0.1 * k), (1.0 - p.y / 12.0) * (1.0 + 0.1 * k)")


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _scene(ps_src: str, samples: int, sample_mask: int = 0xFFFFFFFF):
    dev, ctx = _device()
    rt = _texture(dev, DXGI_FORMAT_R32G32B32A32_FLOAT, samples, D3D11_BIND_RENDER_TARGET)
    rtv = dev.CreateRenderTargetView(rt, None)
    ctx.ClearRenderTargetView(rtv, [0.1, 0.2, 0.3, 0.4])
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    v = _compile(VS_EXTRA, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(v, len(v), None), None, 0)
    p = _compile(ps_src, "ps_5_0")
    ctx.PSSetShader(dev.CreatePixelShader(p, len(p), None), None, 0)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    ctx.OMSetBlendState(None, None, sample_mask)
    ctx.OMSetRenderTargets(1, [rtv], None)
    ctx.Draw(12, 0)
    return _bytes(dev, ctx, rt)


def _both(run):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = run()
        native.set_backend("native")
        fused.stats.reset()
        got = run()
    assert fused.stats.fused_draws == 1 and not fused.stats.fallbacks, fused.stats.reasons
    np.testing.assert_array_equal(got, ref)
    return ref


@pytest.mark.parametrize("samples", [1, 2, 4, 8])
@pytest.mark.parametrize("frequency", ["pixel", "sample"])
@pytest.mark.parametrize("mask", [0xFFFFFFFF, 0x6])
def test_eval_fused_equals_reference(samples, frequency, mask):
    sample = ", uint si : SV_SampleIndex" if frequency == "sample" else ""
    index = "si ^ 1" if frequency == "sample" else "uint(i.pos.x) % 5"  # past the count too (undefined: centre)
    ps = PS_EVAL.replace(" SAMPLE)", sample + ")").replace("INDEX", index)
    ref = _both(lambda: _scene(ps, samples, mask))
    texels = ref.view(np.float32).reshape(-1, 4)
    if mask & ((1 << samples) - 1):  # (else SampleMask leaves no sample to write)
        assert (texels[:, 3] != np.float32(0.4)).sum() > 100  # the triangles drew


@pytest.mark.parametrize("samples", [1, 2, 4, 8])
@pytest.mark.parametrize("mask", [0xFFFFFFFF, 0x5, 0x2])
def test_sample_frequency_coverage_and_centroid_fused_equal_reference(samples, mask):
    ref = _both(lambda: _scene(PS_COVERAGE, samples, mask))
    cov = ref.view(np.float32).reshape(-1, 4)[:, 2]
    # vCoverage is the pixel's coverage & SampleMask: partly covered pixels show values other than the full mask
    full = ((1 << samples) - 1) & mask
    drawn = cov[cov != np.float32(0.3)]
    if not full:
        return
    assert drawn.size and set(np.unique(drawn).astype(int)) <= set(range(full + 1))
    if bin(full).count("1") > 1:
        assert len(np.unique(drawn)) > 1


def test_eval_with_kernel_tiles_smaller_than_the_batch(monkeypatch):
    # the callback runs per kernel tile: its lanes start at the tile's offset in the batch's lane buffers
    from pyd3d11.shader.native import runtime as nrt

    build = nrt.get_kernel
    monkeypatch.setattr(nrt, "get_kernel", lambda ps, tile, *a, **k: build(ps, 64, *a, **k))
    ps = PS_EVAL.replace(" SAMPLE)", ")").replace("INDEX", "uint(i.pos.x) % 5")
    _both(lambda: _scene(ps, 4))
