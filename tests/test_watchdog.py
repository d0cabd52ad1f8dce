"""The shader watchdog (issue 13; pyd3d11/shader/watchdog.py): Windows' timeout detection and recovery.

Windows resets the GPU when a packet of work runs past the TDR delay; the device is removed,
GetDeviceRemovedReason returns DXGI_ERROR_DEVICE_HUNG ("the application's device failed due to badly
formed commands sent by the application", DXGI_ERROR docs), Create* and Present fail with
DXGI_ERROR_DEVICE_REMOVED ("Handle device removed scenarios in Direct3D 11": the device and every object
must be recreated), Map with CPU read access returns DXGI_ERROR_DEVICE_REMOVED (ID3D11DeviceContext::Map
remarks), and D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT lets long work finish (D3D11_CREATE_DEVICE_FLAG docs).
Here an endless loop in a valid PS, VS or CS (the trip count comes from a constant buffer, so nothing can
see it at compile time) must come back within a few seconds with the device removed, under both
shader backends; everything else is unaffected.
"""

from __future__ import annotations

import time

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader import watchdog

DXGI_ERROR_DEVICE_REMOVED = 0x887A0005
DXGI_ERROR_DEVICE_HUNG = 0x887A0006
DISABLE_GPU_TIMEOUT = 0x100

# ``limit`` odd: i steps by 2 from 0 and never equals it — endless; even: limit / 2 iterations
LOOP = """
cbuffer C : register(b0) { uint limit; uint3 pad; };
uint spin(uint seed) {
    uint i = 0, acc = seed;
    [loop] while (i != limit) { i += 2; acc = acc * 1664525u + 1013904223u; }
    return acc ^ i;
}
"""
PS = LOOP + "uint4 main(float4 p : SV_Position) : SV_Target { return uint4(spin((uint)p.x), 1, 2, 3); }"
VS_LOOP = LOOP + """
float4 main(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), spin(id) == 12345u ? 0.25 : 0.5, 1);
}
"""
VS = """
float4 main(uint id : SV_VertexID) : SV_Position {
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0.5, 1);
}
"""
PS_PLAIN = "uint4 main(float4 p : SV_Position) : SV_Target { return uint4(7, 1, 2, 3); }"
CS = LOOP + """
RWStructuredBuffer<uint> u : register(u0);
[numthreads(4, 1, 1)] void main(uint3 t : SV_DispatchThreadID) { u[t.x] = spin(t.x); }
"""


def _spin_reference(seed: int, limit: int) -> int:
    i, acc = 0, seed
    while i != limit:
        i += 2
        acc = (acc * 1664525 + 1013904223) & 0xFFFFFFFF
    return acc ^ i


@pytest.fixture
def budget(monkeypatch):
    """Set the per-draw budget for the test (restored afterwards)."""
    old = watchdog.delay()

    def set_(seconds):
        watchdog.set_delay(seconds)

    yield set_
    watchdog.set_delay(old)


def _device(flags: int = 0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, flags, None, 0, 7)  # noqa: F405
    return dev, ctx


def _cb(dev, ctx, limit: int):
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=4),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=np.array([limit, 0, 0, 0], np.uint32).tobytes()))  # noqa: F405
    return cb


def _graphics(dev, ctx, vs_src: str, ps_src: str, limit: int, size: int = 4):
    cb = _cb(dev, ctx, limit)
    ctx.VSSetShader(dev.CreateVertexShader(D3DCompile(vs_src, None, None, None, None, "main", "vs_5_0", 0, 0), None))
    ctx.PSSetShader(dev.CreatePixelShader(D3DCompile(ps_src, None, None, None, None, "main", "ps_5_0", 0, 0), None))
    ctx.VSSetConstantBuffers(0, 1, [cb])
    ctx.PSSetConstantBuffers(0, 1, [cb])
    ctx.IASetPrimitiveTopology(4)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=size, Height=size, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=3, SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=size, Height=size, MinDepth=0, MaxDepth=1)])  # noqa: F405
    return tex


def _compute(dev, ctx, limit: int):
    cb = _cb(dev, ctx, limit)
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=0x80, MiscFlags=0x40,  # noqa: F405
                                             StructureByteStride=4))
    uav = dev.CreateUnorderedAccessView(buf, None)
    ctx.CSSetShader(dev.CreateComputeShader(D3DCompile(CS, None, None, None, None, "main", "cs_5_0", 0, 0), None))
    ctx.CSSetConstantBuffers(0, 1, [cb])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    return buf


def _read_buffer(dev, ctx, buf, n: int) -> np.ndarray:
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=n * 4, Usage=3, CPUAccessFlags=0x20000))  # noqa: F405
    ctx.CopyResource(st, buf)
    m = ctx.Map(st, 0, 1, 0)
    out = m.as_array(np.uint32)[:n].copy()
    ctx.Unmap(st, 0)
    return out


def _assert_removed(dev, ctx):
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG
    with pytest.raises(D3D11Error) as e:
        dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1))  # noqa: F405
    assert e.value.hresult & 0xFFFFFFFF == DXGI_ERROR_DEVICE_REMOVED


def _run_removed(call, seconds=0.3):
    t0 = time.monotonic()
    call()
    took = time.monotonic() - t0
    assert took < seconds + 8, took  # a few seconds, not forever


def test_endless_loop_in_pixel_shader_removes_the_device(budget):
    budget(0.3)
    dev, ctx = _device()
    _graphics(dev, ctx, VS, PS, limit=1)
    _run_removed(lambda: ctx.Draw(3, 0))
    _assert_removed(dev, ctx)


def test_endless_loop_in_vertex_shader_removes_the_device(budget):
    budget(0.3)
    dev, ctx = _device()
    _graphics(dev, ctx, VS_LOOP, PS_PLAIN, limit=3)
    _run_removed(lambda: ctx.Draw(3, 0))
    _assert_removed(dev, ctx)


def test_endless_loop_in_compute_shader_removes_the_device(budget):
    budget(0.3)
    dev, ctx = _device()
    _compute(dev, ctx, limit=5)
    _run_removed(lambda: ctx.Dispatch(2, 1, 1))
    _assert_removed(dev, ctx)


def test_removed_device_fails_later_calls_as_documented(budget):
    budget(0.3)
    dev, ctx = _device()
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=3, CPUAccessFlags=0x30000))  # noqa: F405
    dynamic = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=2, BindFlags=1, CPUAccessFlags=0x10000))  # noqa: F405
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_EVENT))  # noqa: F405
    buf = _compute(dev, ctx, limit=7)
    ctx.Dispatch(1, 1, 1)
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG
    # Create* of every kind
    for create in (lambda: dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=1)),  # noqa: F405
                   lambda: dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=0, AddressU=1, AddressV=1, AddressW=1,  # noqa: F405
                                                                     ComparisonFunc=1, MaxLOD=3.4e38)),
                   lambda: dev.CreateComputeShader(D3DCompile(CS, None, None, None, None, "main", "cs_5_0", 0, 0), None),
                   lambda: dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_EVENT)),  # noqa: F405
                   lambda: dev.CreateDeferredContext(0)):
        with pytest.raises(D3D11Error) as e:
            create()
        assert e.value.hresult & 0xFFFFFFFF == DXGI_ERROR_DEVICE_REMOVED
    # Map with CPU read access fails; a write-only map does not (Map remarks)
    for mt in (1, 3):  # READ, READ_WRITE
        with pytest.raises(D3D11Error) as e:
            ctx.Map(staging, 0, mt, 0)
        assert e.value.hresult & 0xFFFFFFFF == DXGI_ERROR_DEVICE_REMOVED
    ctx.Map(dynamic, 0, 4, 0)  # WRITE_DISCARD
    ctx.Unmap(dynamic, 0)
    ctx.End(q)
    with pytest.raises(D3D11Error) as e:
        ctx.GetData(q)
    assert e.value.hresult & 0xFFFFFFFF == DXGI_ERROR_DEVICE_REMOVED
    # context work is dropped without an exception (void methods), and returns at once
    t0 = time.monotonic()
    ctx.Dispatch(1, 1, 1)
    ctx.CopyResource(staging, buf)
    ctx.ClearState()
    assert time.monotonic() - t0 < 1
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG


def test_removal_is_per_device(budget):
    budget(0.3)
    dev, ctx = _device()
    other, octx = _device()
    _compute(dev, ctx, limit=9)
    ctx.Dispatch(1, 1, 1)
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG
    assert other.GetDeviceRemovedReason() == 0
    budget(60)  # the other device's short dispatch must not meet the tiny budget on a loaded machine
    buf = _compute(other, octx, limit=8)
    octx.Dispatch(1, 1, 1)
    assert list(_read_buffer(other, octx, buf, 4)) == [_spin_reference(i, 8) for i in range(4)]


def test_finite_loop_within_budget_is_unaffected(budget):
    budget(60)
    dev, ctx = _device()
    buf = _compute(dev, ctx, limit=2000)
    ctx.Dispatch(1, 1, 1)
    assert dev.GetDeviceRemovedReason() == 0
    assert list(_read_buffer(dev, ctx, buf, 4)) == [_spin_reference(i, 2000) for i in range(4)]


def test_long_loop_past_the_budget_finishes_with_disable_gpu_timeout(budget):
    # a loop of 70,000 iterations (past the native kernels' 2^16-back-edge poll) under a 1 ms budget:
    # removed on a normal device, finished exactly with D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT
    budget(0.001)
    n = 140_000
    dev, ctx = _device()
    _compute(dev, ctx, limit=n)
    ctx.Dispatch(1, 1, 1)
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG
    dev2, ctx2 = _device(DISABLE_GPU_TIMEOUT)
    assert dev2.GetCreationFlags() & DISABLE_GPU_TIMEOUT
    buf = _compute(dev2, ctx2, limit=n)
    ctx2.Dispatch(1, 1, 1)
    assert dev2.GetDeviceRemovedReason() == 0
    assert list(_read_buffer(dev2, ctx2, buf, 4)) == [_spin_reference(i, n) for i in range(4)]


def test_pixel_shader_loop_past_65536_back_edges_runs_to_the_end(budget):
    """A long but finite pixel-shader loop gives the loop's result (the fused lane's poll once stopped
    every loop after 2^16 back-edges of a batch)."""
    budget(60)
    n = 140_000
    dev, ctx = _device()
    tex = _graphics(dev, ctx, VS, PS, limit=n, size=2)
    ctx.Draw(3, 0)
    assert dev.GetDeviceRemovedReason() == 0
    from pyd3d11.api.convenience import texture_to_numpy

    img = texture_to_numpy(ctx, tex)
    for x in range(2):
        assert int(img[0, x, 0]) == _spin_reference(x, n)


def test_a_draw_after_a_stopped_draw_finishes_before_its_readback(budget):
    """A draw stopped by the watchdog raises out of its tile join; the next draw (another device) must still be
    finished before its target is read back. The deferred-pass switch (pipeline/native/fused.defer_passes) once
    stayed on after that raise, so the next draw's tiles were left unjoined and its readback saw the clear."""
    budget(0.3)
    dev, ctx = _device()
    _graphics(dev, ctx, VS, PS, limit=1)
    ctx.Draw(3, 0)
    assert dev.GetDeviceRemovedReason() == DXGI_ERROR_DEVICE_HUNG
    budget(60)
    n = 70_000
    dev, ctx = _device()
    tex = _graphics(dev, ctx, VS, PS, limit=n, size=2)
    ctx.Draw(3, 0)
    from pyd3d11.api.convenience import texture_to_numpy

    img = texture_to_numpy(ctx, tex)
    assert [int(img[0, x, 0]) for x in range(2)] == [_spin_reference(x, n) for x in range(2)]


def test_env_variable_sets_the_budget(monkeypatch):
    for raw, want in (("2.5", 2.5), ("off", None), ("0", None), ("", watchdog.DEFAULT_SECONDS),
                      ("junk", watchdog.DEFAULT_SECONDS)):
        monkeypatch.setenv("PYD3D11_TDR_DELAY", raw)
        assert watchdog._from_env() == want


def test_swap_chain_present_and_resize_report_the_removal(budget):
    from pyd3d11 import dxgi

    budget(0.3)
    dev, ctx = _device()
    factory = dxgi.CreateDXGIFactory1()
    sc = factory.CreateSwapChain(dev, dxgi.DXGI_SWAP_CHAIN_DESC(
        BufferDesc=dxgi.DXGI_MODE_DESC(Width=4, Height=4, Format=28), SampleDesc=dxgi.DXGI_SAMPLE_DESC(Count=1),
        BufferUsage=0x20, BufferCount=1, OutputWindow="watchdog", Windowed=1))
    assert sc.Present(0, 0) == 0
    _compute(dev, ctx, limit=11)
    ctx.Dispatch(1, 1, 1)
    for call in (lambda: sc.Present(0, 0), lambda: sc.ResizeBuffers(0, 8, 8, 0, 0)):
        with pytest.raises(D3D11Error) as e:
            call()
        assert e.value.hresult & 0xFFFFFFFF == DXGI_ERROR_DEVICE_REMOVED
