"""Issue 14 item 8: views created with a NULL description, for every resource kind and view kind.

Docs (CreateShaderResourceView / CreateRenderTargetView / CreateDepthStencilView / CreateUnorderedAccessView):
pDesc NULL makes a view of the whole resource in the format it was created with: every mip for SRVs, mip 0
for RTV/DSV/UAV, every array slice (cube textures: TEXTURECUBE for 6 faces, TEXTURECUBEARRAY for more),
every W slice of a 3D texture. A structured buffer's SRV/UAV covers all its structures (Format UNKNOWN,
ByteWidth / StructureByteStride elements). Without a format to take (typeless textures, raw or typed
buffers) NULL is E_INVALIDARG. Expected descs are written out per case (D3D11_*_DIMENSION values from d3d11.h).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import InvalidArgError

RGBA8, RGBA8_TYPELESS, R32_FLOAT, D32 = 28, 27, 41, 40
SRV, RTV, UAV, DSV = 0x8, 0x20, 0x80, 0x40
CUBE = 0x4


def _device():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)  # noqa: F405
    return dev


def _tex1d(dev, arr, fmt=RGBA8, bind=SRV | RTV | UAV, mips=3):
    return dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=16, MipLevels=mips, ArraySize=arr, Format=fmt,  # noqa: F405
                                                    BindFlags=bind))


def _tex2d(dev, arr, fmt=RGBA8, bind=SRV | RTV | UAV, samples=1, misc=0, mips=3):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=16, Height=16, MipLevels=mips if samples == 1 else 1,  # noqa: F405
                                                    ArraySize=arr, Format=fmt,
                                                    SampleDesc=DXGI_SAMPLE_DESC(Count=samples),  # noqa: F405
                                                    BindFlags=bind, MiscFlags=misc))


def _tex3d(dev):
    return dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=16, Height=16, Depth=8, MipLevels=2, Format=RGBA8,  # noqa: F405
                                                    BindFlags=SRV | RTV | UAV))


# (name, resource factory, view kind, expected ViewDimension, member, expected member fields)
CASES = [
    ("1d srv", lambda d: _tex1d(d, 1), "srv", 2, "Texture1D", dict(MostDetailedMip=0, MipLevels=3)),
    ("1d rtv", lambda d: _tex1d(d, 1), "rtv", 2, "Texture1D", dict(MipSlice=0)),
    ("1d uav", lambda d: _tex1d(d, 1), "uav", 2, "Texture1D", dict(MipSlice=0)),
    ("1d dsv", lambda d: _tex1d(d, 1, D32, 0x40, 1), "dsv", 1, "Texture1D", dict(MipSlice=0)),
    ("1d array srv", lambda d: _tex1d(d, 4), "srv", 3, "Texture1DArray",
     dict(MostDetailedMip=0, MipLevels=3, FirstArraySlice=0, ArraySize=4)),
    ("1d array rtv", lambda d: _tex1d(d, 4), "rtv", 3, "Texture1DArray", dict(MipSlice=0, FirstArraySlice=0, ArraySize=4)),
    ("1d array uav", lambda d: _tex1d(d, 4), "uav", 3, "Texture1DArray", dict(MipSlice=0, FirstArraySlice=0, ArraySize=4)),
    ("1d array dsv", lambda d: _tex1d(d, 4, D32, 0x40, 1), "dsv", 2, "Texture1DArray",
     dict(MipSlice=0, FirstArraySlice=0, ArraySize=4)),
    ("2d srv", lambda d: _tex2d(d, 1), "srv", 4, "Texture2D", dict(MostDetailedMip=0, MipLevels=3)),
    ("2d rtv", lambda d: _tex2d(d, 1), "rtv", 4, "Texture2D", dict(MipSlice=0)),
    ("2d uav", lambda d: _tex2d(d, 1), "uav", 4, "Texture2D", dict(MipSlice=0)),
    ("2d dsv", lambda d: _tex2d(d, 1, D32, 0x40, mips=1), "dsv", 3, "Texture2D", dict(MipSlice=0)),
    ("2d array srv", lambda d: _tex2d(d, 5), "srv", 5, "Texture2DArray",
     dict(MostDetailedMip=0, MipLevels=3, FirstArraySlice=0, ArraySize=5)),
    ("2d array rtv", lambda d: _tex2d(d, 5), "rtv", 5, "Texture2DArray", dict(MipSlice=0, FirstArraySlice=0, ArraySize=5)),
    ("2d array uav", lambda d: _tex2d(d, 5), "uav", 5, "Texture2DArray", dict(MipSlice=0, FirstArraySlice=0, ArraySize=5)),
    ("2d array dsv", lambda d: _tex2d(d, 5, D32, 0x40, mips=1), "dsv", 4, "Texture2DArray",
     dict(MipSlice=0, FirstArraySlice=0, ArraySize=5)),
    ("2d ms srv", lambda d: _tex2d(d, 1, bind=SRV | RTV, samples=4), "srv", 6, "Texture2DMS", {}),
    ("2d ms rtv", lambda d: _tex2d(d, 1, bind=SRV | RTV, samples=4), "rtv", 6, "Texture2DMS", {}),
    ("2d ms dsv", lambda d: _tex2d(d, 1, D32, 0x40, samples=4), "dsv", 5, "Texture2DMS", {}),
    ("2d ms array srv", lambda d: _tex2d(d, 3, bind=SRV | RTV, samples=4), "srv", 7, "Texture2DMSArray",
     dict(FirstArraySlice=0, ArraySize=3)),
    ("2d ms array rtv", lambda d: _tex2d(d, 3, bind=SRV | RTV, samples=4), "rtv", 7, "Texture2DMSArray",
     dict(FirstArraySlice=0, ArraySize=3)),
    ("2d ms array dsv", lambda d: _tex2d(d, 3, D32, 0x40, samples=4), "dsv", 6, "Texture2DMSArray",
     dict(FirstArraySlice=0, ArraySize=3)),
    ("cube srv", lambda d: _tex2d(d, 6, bind=SRV | RTV, misc=CUBE), "srv", 9, "TextureCube",
     dict(MostDetailedMip=0, MipLevels=3)),
    ("cube rtv", lambda d: _tex2d(d, 6, bind=SRV | RTV, misc=CUBE), "rtv", 5, "Texture2DArray",
     dict(MipSlice=0, FirstArraySlice=0, ArraySize=6)),
    ("cube array srv", lambda d: _tex2d(d, 12, bind=SRV | RTV, misc=CUBE), "srv", 10, "TextureCubeArray",
     dict(MostDetailedMip=0, MipLevels=3, First2DArrayFace=0, NumCubes=2)),
    ("cube array rtv", lambda d: _tex2d(d, 12, bind=SRV | RTV, misc=CUBE), "rtv", 5, "Texture2DArray",
     dict(MipSlice=0, FirstArraySlice=0, ArraySize=12)),
    ("3d srv", _tex3d, "srv", 8, "Texture3D", dict(MostDetailedMip=0, MipLevels=2)),
    ("3d rtv", _tex3d, "rtv", 8, "Texture3D", dict(MipSlice=0, FirstWSlice=0, WSize=8)),
    ("3d uav", _tex3d, "uav", 8, "Texture3D", dict(MipSlice=0, FirstWSlice=0, WSize=8)),
]
CREATE = {"srv": "CreateShaderResourceView", "rtv": "CreateRenderTargetView", "uav": "CreateUnorderedAccessView",
          "dsv": "CreateDepthStencilView"}


@pytest.mark.parametrize("name, make, kind, dim, member, fields", CASES, ids=[c[0] for c in CASES])
def test_null_desc_defaults(name, make, kind, dim, member, fields):
    dev = _device()
    res = make(dev)
    desc = getattr(dev, CREATE[kind])(res, None).GetDesc()
    want_fmt = D32 if kind == "dsv" else RGBA8
    assert (desc.Format, desc.ViewDimension) == (want_fmt, dim)
    sub = getattr(desc, member)
    assert {k: getattr(sub, k) for k in fields} == fields
    if kind == "dsv":
        assert desc.Flags == 0


def _buffer(dev, misc, stride=0, bind=SRV | UAV):
    return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=96, BindFlags=bind, MiscFlags=misc,  # noqa: F405
                                              StructureByteStride=stride))


@pytest.mark.parametrize("kind, dim", [("srv", 1), ("uav", 1)])
@pytest.mark.parametrize("stride", [4, 12, 32])
def test_structured_buffer_null_desc(kind, dim, stride):
    dev = _device()
    desc = getattr(dev, CREATE[kind])(_buffer(dev, 0x40, stride), None).GetDesc()
    assert (desc.Format, desc.ViewDimension) == (0, dim)
    assert (desc.Buffer.FirstElement, desc.Buffer.NumElements) == (0, 96 // stride)
    if kind == "uav":
        assert desc.Buffer.Flags == 0


@pytest.mark.parametrize("misc", [0, 0x20])  # typed buffer, BUFFER_ALLOW_RAW_VIEWS
@pytest.mark.parametrize("kind", ["srv", "uav"])
def test_unstructured_buffer_null_desc_is_invalid(misc, kind):
    dev = _device()
    with pytest.raises(InvalidArgError):
        getattr(dev, CREATE[kind])(_buffer(dev, misc), None)


@pytest.mark.parametrize("kind", ["srv", "rtv", "uav"])
def test_typeless_texture_null_desc_is_invalid(kind):
    dev = _device()
    with pytest.raises(InvalidArgError):
        getattr(dev, CREATE[kind])(_tex2d(dev, 1, RGBA8_TYPELESS), None)


def test_buffer_rtv_null_desc_is_invalid():
    dev = _device()
    with pytest.raises(InvalidArgError):
        dev.CreateRenderTargetView(_buffer(dev, 0, bind=RTV), None)
