"""ForcedSampleCount (target-independent rasterization, D3D11.3 §3.5.6; 11.1) on the fused native lane (issue 12),
byte for byte against the reference pipeline, occlusion counts included, with the fused lane required to run.

§3.5.6.2: with ForcedSampleCount N the rasterizer covers the N-sample standard pattern; a pixel with any covered
raster sample is shaded once and writes its one output sample (single-sample render target, or none: UAV-only
rendering); vCoverage is the raster coverage (SampleMask does not apply to it), the centroid is chosen from the
raster coverage ignoring SampleMask; the occlusion query counts the raster samples of every pixel that passes
(§20.4.6). Cases: N = 1, 4, 8, 16, with and without a render target, a shader writing order-independent UAVs
(atomics, one pixel-addressed store), reading vCoverage, centroid inputs and EvaluateAttribute*; the states the
lane leaves to the reference (a depth-stencil view) are counted."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_audit_pipeline import _compile
from test_native_fused_uav import VS, H, W, _bytes, _device, _texture
from test_pipeline_helper_lanes import _buffer_uav, _read

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused
from pyd3d11.shader import native

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

PS = """
RWByteAddressBuffer c : register(u1);
RWTexture2D<float4> tx : register(u2);
float4 main(float4 pos : SV_Position, centroid float2 a : A, uint cov : SV_Coverage) : SV_Target {
    uint2 p = uint2(pos.xy);
    c.InterlockedAdd(4 * (cov & 15), 1);
    c.InterlockedAdd(64, countbits(cov));
    float2 e = EvaluateAttributeAtSample(a, 2) - EvaluateAttributeAtCentroid(a);
    tx[p] = float4(a, e.x + e.y, cov);
    return float4(a / 40.0, cov / 16.0, 1.0);
}"""


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _scene(forced: int, target: bool, depth: bool = False, sample_mask: int = 0xFFFFFFFF):
    dev, ctx = _device()
    cbuf, cuav = _buffer_uav(dev, 20, 4, raw=True)
    tex = _texture(dev, DXGI_FORMAT_R32G32B32A32_FLOAT)
    tuav = dev.CreateUnorderedAccessView(tex, None)
    ctx.ClearUnorderedAccessViewFloat(tuav, [-1.0, -1.0, -1.0, -1.0])
    rtvs, rt, dsv = [], None, None
    if target:
        rt = _texture(dev, DXGI_FORMAT_R8G8B8A8_UNORM, 1, D3D11_BIND_RENDER_TARGET)
        rtvs = [dev.CreateRenderTargetView(rt, None)]
        ctx.ClearRenderTargetView(rtvs[0], [0.1, 0.2, 0.3, 0.4])
    if depth:
        ds = _texture(dev, DXGI_FORMAT_D32_FLOAT, 1, D3D11_BIND_DEPTH_STENCIL)
        dsv = dev.CreateDepthStencilView(ds, None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    v = _compile(VS, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(v, len(v), None), None, 0)
    p = _compile(PS, "ps_5_0")
    ctx.PSSetShader(dev.CreatePixelShader(p, len(p), None), None, 0)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.RSSetState(dev.CreateRasterizerState1(D3D11_RASTERIZER_DESC1(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ForcedSampleCount=forced)))
    ctx.OMSetBlendState(None, None, sample_mask)
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(len(rtvs), rtvs, dsv, 1, 2, [cuav, tuav], [0, 0])
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_OCCLUSION))
    ctx.Begin(q)
    ctx.Draw(12, 0)
    ctx.End(q)
    out = {"occlusion": np.array([ctx.GetData(q)]), "c": _read(dev, ctx, cbuf, 80), "tx": _bytes(dev, ctx, tex)}
    if rt is not None:
        out["rt"] = _bytes(dev, ctx, rt)
    return out


def _both(run, expect_fused: bool = True):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = run()
        native.set_backend("native")
        fused.stats.reset()
        got = run()
    if expect_fused:
        assert fused.stats.fused_draws == 1 and not fused.stats.fallbacks, fused.stats.reasons
    for name in ref:
        np.testing.assert_array_equal(got[name], ref[name], err_msg=name)
    return ref


@pytest.mark.parametrize("forced", [1, 4, 8, 16])
@pytest.mark.parametrize("target", [False, True])
def test_forced_sample_count_fused_equals_reference(forced, target):
    ref = _both(lambda: _scene(forced, target))
    counts = ref["c"]
    pixels = int(counts[:16].sum())
    assert pixels > 200
    # the occlusion count is the raster samples of the shaded pixels: the shader's own sum of countbits(vCoverage)
    assert int(ref["occlusion"][0]) == int(counts[16])
    if forced > 1:
        assert counts[16] > pixels  # partly and fully covered pixels: more samples than pixels


def test_forced_sample_count_with_partial_sample_mask():
    # SampleMask (sample 0 kept) does not change vCoverage, centroids or the occlusion count under TIR
    _both(lambda: _scene(8, True, sample_mask=0x3))


@pytest.mark.parametrize("case,reason", [
    ("depth", "ForcedSampleCount with a depth-stencil view"),
    ("mask", "ForcedSampleCount with a depth-stencil view, alpha to coverage or SampleMask without sample 0"),
])
def test_forced_states_outside_the_lane_are_counted(case, reason):
    _both(lambda: _scene(4, True, depth=case == "depth", sample_mask=0x2 if case == "mask" else 0xFFFFFFFF),
          expect_fused=False)
    assert fused.stats.fused_draws == 0
    assert any(r.startswith(reason) for r in fused.stats.reasons), fused.stats.reasons
