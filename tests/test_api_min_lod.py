"""SetResourceMinLOD clamps sampling of every view of the resource (ID3D11DeviceContext::SetResourceMinLOD)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403

CS = """cs_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_uav_raw u0
dcl_temps 1
dcl_thread_group 1, 1, 1
sample_l r0.xyzw, l(0.5, 0.5, 0, 0), t0.xyzw, s0, l(0.0)
store_raw u0.xyzw, l(0), r0.xyzw
ret
"""


def test_set_resource_min_lod_clamps_sampling():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    mip0 = np.full((4, 4, 4), 0.25, np.float32)
    mip1 = np.full((2, 2, 4), 0.75, np.float32)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=2, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=mip0, SysMemPitch=64), D3D11_SUBRESOURCE_DATA(pSysMem=mip1, SysMemPitch=32)])
    srv = dev.CreateShaderResourceView(tex, None)
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = assemble_shader(CS)
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetShaderResources(0, 1, [srv])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))

    def run() -> float:
        ctx.Dispatch(1, 1, 1)
        ctx.CopyResource(staging, out)
        m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
        v = float(np.frombuffer(m.pData, np.float32)[0])
        ctx.Unmap(staging, 0)
        return v

    assert run() == 0.25
    ctx.SetResourceMinLOD(tex, 1.0)
    assert ctx.GetResourceMinLOD(tex) == 1.0
    assert run() == 0.75


def _two_mip_scene():
    """A 4x4 two-mip R32G32B32A32_FLOAT texture (mip 0 all 0.25, mip 1 all 0.75) sampled at LOD 0 by CS (default
    sampler: linear filters), its first word read back; returns (context, texture, run)."""
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    mip0 = np.full((4, 4, 4), 0.25, np.float32)
    mip1 = np.full((2, 2, 4), 0.75, np.float32)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=2, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=mip0, SysMemPitch=64), D3D11_SUBRESOURCE_DATA(pSysMem=mip1, SysMemPitch=32)])
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = assemble_shader(CS)
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetShaderResources(0, 1, [dev.CreateShaderResourceView(tex, None)])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))

    def run() -> list[float]:
        ctx.Dispatch(1, 1, 1)
        ctx.CopyResource(staging, out)
        m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
        v = np.frombuffer(m.pData, np.float32)[:4].tolist()
        ctx.Unmap(staging, 0)
        return v

    return ctx, tex, run


@pytest.mark.parametrize("clamp,want", [
    (0.0, 0.25), (0.5, 0.5), (1.0, 0.75),  # inside the chain: the clamp raises LOD 0 (0.5: mips 0 and 1 blended)
    # D3D11.3 §5.8.5: a clamp past the view's least detailed mip (here 1) leaves an empty set: the out-of-bounds
    # result, 0 in every component of R32G32B32A32_FLOAT
    (1.1, 0.0), (1.5, 0.0), (2.0, 0.0), (2.9, 0.0), (5.1, 0.0),
])
def test_resource_min_lod_past_the_last_mip_reads_zero(clamp, want):
    ctx, tex, run = _two_mip_scene()
    ctx.SetResourceMinLOD(tex, clamp)
    assert run() == [want] * 4
