"""One compute dispatch through the public API over a zeroed RWStructuredBuffer at u0 (shared by the HLSL tests
that check what a shader stores: method receivers, class instances in memory, double matrices), and the staging
readback of a buffer."""

from __future__ import annotations

import numpy as np

import pyd3d11.d3d11 as d


def dispatch_on_structured_uav(cs: bytes, stride: int, count: int) -> np.ndarray:
    """Run compiled compute shader ``cs`` once (Dispatch(1, 1, 1)) with a ``count``-element RWStructuredBuffer of
    ``stride``-byte elements (zeros) bound at u0; the buffer's bytes afterwards, read back through a staging copy."""
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    nbytes = stride * count
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=nbytes, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                               StructureByteStride=stride))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=count)))
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    return read_buffer_bytes(dev, ctx, buf, nbytes)


def read_buffer_bytes(dev, ctx, buf, nbytes: int) -> np.ndarray:
    """The first ``nbytes`` bytes of buffer ``buf``, read back through a staging copy (CopyResource, Map READ)."""
    st = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=nbytes, Usage=d.D3D11_USAGE_STAGING,
                                              CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, buf)
    m = ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
    out = np.frombuffer(m.pData, np.uint8)[:nbytes].copy()
    ctx.Unmap(st, 0)
    return out
