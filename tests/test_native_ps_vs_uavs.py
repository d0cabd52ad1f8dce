"""Vertex and pixel shaders writing UAVs on the native backend (issue 12), compared with the reference
executor byte for byte, with the shader required to run natively (no shader fallback counted).

D3D11.3 §5.3.9 / §22.4 (UAVs from every stage in 11.1): raw and structured stores, atomics and their
immediate forms, append/consume counters, typed stores; §16.12 / §16.13: pixel-shader helper lanes and
lanes that executed ``discard`` run on (derivatives) but none of their memory writes, atomics or counter
updates take effect, and their immediate atomic / counter results are 0. The order of UAV writes between
invocations is undefined in D3D; the backends agree because a UAV-writing batch runs in one kernel tile,
walked in lane order (runtime._graphics_tile) — racing stores and the pre-op values atomics return are
compared here. Several overlapping triangles cut 2x2 quads at their edges (helper lanes) and a discard
pattern drops a third of the pixels. The pixel draws themselves still take the reference pipeline (the fused
lane does not take UAV-writing pixel shaders; fused.py counts that), only the shader runs natively."""

from __future__ import annotations

import numpy as np
import pytest
from test_audit_pipeline import _setup_draw
from test_pipeline_helper_lanes import _buffer_uav, _counter, _read, _texture_words

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.shader import native
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

W = H = 16

VS = f"""
RWByteAddressBuffer vc : register(u5);
struct O {{ float4 pos : SV_Position; float2 a : A; }};
O main(uint vid : SV_VertexID) {{
    uint t = vid / 3, k = vid % 3;
    float2 base = float2(1.3 + 3.1 * t, 0.7 + 2.3 * t);
    float2 p = k == 0 ? base : (k == 1 ? base + float2(12.6, 2.5 + t) : base + float2(2.8 - t, 13.7));
    uint before;
    vc.InterlockedAdd(0, vid + 1, before);
    vc.Store(4 + 4 * vid, before);
    vc.InterlockedMax(64, vid * 7 % 5);
    O o;
    o.pos = float4(p.x / {W / 2:.1f} - 1.0, 1.0 - p.y / {H / 2:.1f}, 0.5, 1.0);
    o.a = p;
    return o;
}}"""

PS = f"""
RWByteAddressBuffer c : register(u1);
RWStructuredBuffer<uint2> o : register(u2);
RWStructuredBuffer<uint> ap : register(u3);
RWTexture2D<float4> tx : register(u4);
float4 main(float4 pos : SV_Position, float2 a : A) : SV_Target {{
    uint2 p = uint2(pos.xy);
    float d = ddx(a.x) + ddy_fine(a.y);
    if (((p.x * 5 + p.y * 3) % 3) == 0 && a.x > 4.0) discard;
    uint before, mx;
    c.InterlockedAdd(0, 1, before);
    c.InterlockedMax(4, p.x * 16 + p.y, mx);
    c.Store(8 + 4 * (p.y % 4), p.x);  // racing stores of many pixels to four words
    uint i = ap.IncrementCounter();
    // quiet lanes' results (0) reach live lanes through quad derivatives
    o[p.y * {W} + p.x] = uint2(before + asuint(ddx_fine((float)i)), mx + asuint(ddy_fine((float)before)));
    o[{W * H} + (p.x % 5)] = uint2(p.x, p.y);  // races again
    ap[i % {W * H}] = p.x * 100 + p.y;
    tx[uint2(p.x / 2, p.y)] = float4(a.x / 16.0, a.y / 16.0, d, before / 256.0);
    return 1;
}}"""


def _run(backend: str):
    native.set_backend(backend)
    try:
        dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_11_1], 1,
                                        D3D11_SDK_VERSION)
        tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32_FLOAT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET), None)
        rtv = dev.CreateRenderTargetView(tex, None)
        ctx.ClearRenderTargetView(rtv, [0, 0, 0, 0])
        c, uc = _buffer_uav(dev, 8, 4, raw=True)
        o, uo = _buffer_uav(dev, W * H + 8, 8)
        ap, uap = _buffer_uav(dev, W * H, 4, flags=D3D11_BUFFER_UAV_FLAG_COUNTER)
        vc, uvc = _buffer_uav(dev, 32, 4, raw=True)
        t2 = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W // 2, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
        ut2 = dev.CreateUnorderedAccessView(t2, None)
        _setup_draw(dev, ctx, [rtv], W, H, VS, PS, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [rtv], None, 1, 5, [uc, uo, uap, ut2, uvc], [0, 0, 7, 0, 0])
        runtime.stats.reset()
        ctx.Draw(9, 0)
        out = {"c": _read(dev, ctx, c, 32), "o": _read(dev, ctx, o, (W * H + 8) * 8),
               "ap": _read(dev, ctx, ap, W * H * 4), "count": _counter(dev, ctx, uap),
               "vc": _read(dev, ctx, vc, 128), "rt": _texture_words(dev, ctx, tex)}
        desc = t2.GetDesc()
        desc.Usage, desc.BindFlags, desc.CPUAccessFlags = D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ
        st = dev.CreateTexture2D(desc, None)
        ctx.CopyResource(st, t2)
        m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
        out["tx"] = np.frombuffer(m.pData, np.uint8)[: H * m.RowPitch].copy()
        ctx.Unmap(st, 0)
        return out, (runtime.stats.fallbacks, dict(runtime.stats.reasons), runtime.stats.native_runs,
                     runtime.stats.texture_callbacks)
    finally:
        native.set_backend(None)


def test_vertex_and_pixel_shader_uav_writes_native_equal_reference():
    nat, (fallbacks, reasons, runs, callbacks) = _run("native")
    ref, _ = _run("reference")
    assert fallbacks == 0, reasons
    assert runs >= 2  # the vertex and the pixel shader ran natively
    assert callbacks == 0  # the typed store compiled too (uav_gen), not called back
    covered = nat["rt"].view(np.float32) == 1.0
    assert 60 < covered.sum() < W * H
    assert nat["count"] == 7 + int(nat["c"][0]) > 7  # from 7: one counter slot and one atomic per surviving pixel
    for name in ref:
        np.testing.assert_array_equal(nat[name], ref[name], err_msg=name)
