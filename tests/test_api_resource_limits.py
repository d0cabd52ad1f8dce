"""Resources above the D3D11 size limit and failed allocations return E_OUTOFMEMORY, never a numpy
MemoryError (issue 13 item 4). Limit: min(max(128, 0.25 x VRAM), 2048) MB (D3D11.3 §21 resource limits,
D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_A/B/C_TERM); the software adapter reports 4 GiB of
shared system memory and no dedicated VRAM, so its limit is 1024 MB."""

from __future__ import annotations

import pytest

import pyd3d11.api.resources as res
from pyd3d11.api import D3D11CreateDevice
from pyd3d11.errors import D3D11Error, OutOfMemoryError

E_OUTOFMEMORY = 0x8007000E
MB = 1 << 20


def _dev():
    return D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)[0]


def test_limit_formula():
    assert res.max_resource_bytes() == min(max(128, 0.25 * 4096), 2048) * MB == 1024 * MB


@pytest.mark.parametrize(("width", "height", "array", "fmt", "bytes_needed"), [
    (16384, 16384, 2, 2, 16384 * 16384 * 16 * 2),  # R32G32B32A32_FLOAT x2: 8 GiB
    (16384, 16384, 1, 2, 16384 * 16384 * 16),  # 4 GiB
    (16384, 8192, 2, 28, 16384 * 8192 * 4 * 2 + 0),  # R8G8B8A8 1 GiB + 0: exactly at the limit -> ok
])
def test_texture_size_limit(width, height, array, fmt, bytes_needed):
    desc = dict(Width=width, Height=height, MipLevels=1, ArraySize=array, Format=fmt,
                SampleDesc=dict(Count=1, Quality=0), Usage=0, BindFlags=8, CPUAccessFlags=0, MiscFlags=0)
    dev = _dev()
    if bytes_needed > 1024 * MB:
        with pytest.raises(OutOfMemoryError) as ei:
            dev.CreateTexture2D(desc)
        assert ei.value.hresult == E_OUTOFMEMORY and isinstance(ei.value, D3D11Error)
    else:
        assert res.texture_bytes(2, dev.CreateTexture2D(desc, None, None) or _desc_obj(desc),
                                 res.format_facts(fmt)) == bytes_needed


def _desc_obj(d):
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC, DXGI_SAMPLE_DESC

    return D3D11_TEXTURE2D_DESC(**{**d, "SampleDesc": DXGI_SAMPLE_DESC(1, 0)})


def test_texture_bytes_counts_mips_and_blocks():
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC, DXGI_SAMPLE_DESC

    # BC1 (8 bytes per 4x4 block), 64x64 full chain: 16x16 + 8x8 + 4x4 + 2x2 + 1 + 1 + 1 blocks
    d = D3D11_TEXTURE2D_DESC(Width=64, Height=64, MipLevels=7, ArraySize=3, Format=71, SampleDesc=DXGI_SAMPLE_DESC(1, 0))
    assert res.texture_bytes(2, d, res.format_facts(71)) == 8 * (256 + 64 + 16 + 4 + 1 + 1 + 1) * 3


def test_buffer_size_limit():
    dev = _dev()
    for width in (1024 * MB + 16, 0xFFFFFFF0):
        with pytest.raises(OutOfMemoryError) as ei:
            dev.CreateBuffer(dict(ByteWidth=width, Usage=0, BindFlags=1, CPUAccessFlags=0, MiscFlags=0,
                                  StructureByteStride=0))
        assert ei.value.hresult == E_OUTOFMEMORY


def test_failed_allocation_is_e_outofmemory(monkeypatch):
    def boom(*a, **k):
        raise MemoryError("numpy could not allocate")

    monkeypatch.setattr(res.ResourceStorage, "create", boom)
    with pytest.raises(OutOfMemoryError) as ei:
        _dev().CreateBuffer(dict(ByteWidth=256, Usage=0, BindFlags=1, CPUAccessFlags=0, MiscFlags=0,
                                 StructureByteStride=0))
    assert ei.value.hresult == E_OUTOFMEMORY
