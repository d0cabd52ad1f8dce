"""Create*View: default descs, format groups, dimensions, ranges, buffer views, DSV flags."""

from __future__ import annotations

import pytest

from pyd3d11.api import D3D11CreateDevice
from pyd3d11.errors import InvalidArgError
from pyd3d11.storage import ViewKind

SRV, RT, DS, UAV, VB = 0x8, 0x20, 0x40, 0x80, 0x1
RGBA8, RGBA8_TL, RGBA8_UINT, R32F, R32_TL, D24S8, R24G8_TL, R24X8 = 28, 27, 30, 41, 39, 45, 44, 46


@pytest.fixture
def dev():
    return D3D11CreateDevice(None, 1, None, 0, None, 0, 7)[0]


def tex(dev, fmt=RGBA8, bind=SRV | RT | UAV, mips=3, arr=1, count=1, misc=0, w=16, h=16):
    return dev.CreateTexture2D(dict(Width=w, Height=h, MipLevels=mips, ArraySize=arr, Format=fmt,
                                    SampleDesc=dict(Count=count), BindFlags=bind, MiscFlags=misc))


def test_default_views_cover_whole_resource(dev):
    t = tex(dev, arr=4)
    s = dev.CreateShaderResourceView(t)
    assert s._view.kind == ViewKind.SRV and s._view.dimension == 5  # TEXTURE2DARRAY
    assert (s._view.first_mip, s._view.mip_count, s._view.slice_count) == (0, 3, 4)
    assert s._view.storage is t._storage and s.GetResource() is t
    d = s.GetDesc()
    assert d.Format == RGBA8 and d.Texture2DArray.ArraySize == 4 and d.Texture2DArray.MipLevels == 3
    r = dev.CreateRenderTargetView(t)
    assert r._view.mip_count == 1 and r._view.slice_count == 4
    cube = tex(dev, misc=4, arr=6, bind=SRV)
    assert dev.CreateShaderResourceView(cube)._view.dimension == 9  # TEXTURECUBE


def test_typeless_resource_needs_desc_and_group_format(dev):
    t = tex(dev, fmt=RGBA8_TL)
    with pytest.raises(InvalidArgError) as e:
        dev.CreateShaderResourceView(t)
    assert "TYPELESS" in str(e.value)
    v = dev.CreateShaderResourceView(t, dict(Format=RGBA8_UINT, ViewDimension=4, Texture2D=dict(MipLevels=-1)))
    assert v._view.format == RGBA8_UINT and v._view.mip_count == 3
    with pytest.raises(InvalidArgError) as e:
        dev.CreateShaderResourceView(t, dict(Format=R32F, ViewDimension=4, Texture2D=dict(MipLevels=1)))
    assert "compatible" in str(e.value)
    typed = tex(dev)
    with pytest.raises(InvalidArgError):  # a typed resource cannot be reinterpreted
        dev.CreateShaderResourceView(typed, dict(Format=RGBA8_UINT, ViewDimension=4, Texture2D=dict(MipLevels=1)))


@pytest.mark.parametrize("desc,field", [
    (dict(Format=RGBA8, ViewDimension=4, Texture2D=dict(MostDetailedMip=2, MipLevels=2)), "mips"),
    (dict(Format=RGBA8, ViewDimension=4, Texture2D=dict(MipLevels=0)), "mips"),
    (dict(Format=RGBA8, ViewDimension=5, Texture2DArray=dict(MipLevels=1, FirstArraySlice=1, ArraySize=1)),
     "slices"),
    (dict(Format=RGBA8, ViewDimension=8, Texture3D=dict(MipLevels=1)), "ViewDimension"),
    (dict(Format=RGBA8, ViewDimension=9, TextureCube=dict(MipLevels=1)), "ViewDimension"),
    (dict(Format=RGBA8, ViewDimension=77), "ViewDimension"),
])
def test_invalid_srv_descs(dev, desc, field):
    t = tex(dev)
    with pytest.raises(InvalidArgError) as e:
        dev.CreateShaderResourceView(t, desc)
    assert field in str(e.value)


def test_bind_flag_required(dev):
    t = tex(dev, bind=SRV)
    with pytest.raises(InvalidArgError) as e:
        dev.CreateRenderTargetView(t)
    assert "RENDER_TARGET" in str(e.value)
    with pytest.raises(InvalidArgError):
        dev.CreateUnorderedAccessView(t)
    before = len(dev._live_children())
    with pytest.raises(InvalidArgError):
        dev.CreateDepthStencilView(t)
    assert len(dev._live_children()) == before


def test_rtv_mip_and_3d_slices(dev):
    t = tex(dev)
    r = dev.CreateRenderTargetView(t, dict(Format=RGBA8, ViewDimension=4, Texture2D=dict(MipSlice=2)))
    assert r._view.first_mip == 2
    with pytest.raises(InvalidArgError):
        dev.CreateRenderTargetView(t, dict(Format=RGBA8, ViewDimension=4, Texture2D=dict(MipSlice=3)))
    t3 = dev.CreateTexture3D(dict(Width=8, Height=8, Depth=8, MipLevels=2, Format=RGBA8, BindFlags=RT | UAV))
    r3 = dev.CreateRenderTargetView(t3, dict(Format=RGBA8, ViewDimension=8,
                                             Texture3D=dict(MipSlice=1, FirstWSlice=1, WSize=-1)))
    assert (r3._view.first_slice, r3._view.slice_count) == (1, 3)  # mip 1 has depth 4
    with pytest.raises(InvalidArgError):
        dev.CreateUnorderedAccessView(t3, dict(Format=RGBA8, ViewDimension=8,
                                               Texture3D=dict(MipSlice=1, FirstWSlice=0, WSize=5)))


def test_depth_stencil_views(dev):
    d = tex(dev, fmt=R24G8_TL, bind=DS | SRV, mips=1)
    dsv = dev.CreateDepthStencilView(d, dict(Format=D24S8, ViewDimension=3, Flags=3))
    assert dsv._view.flags == 3 and dsv._view.kind == ViewKind.DSV
    srv = dev.CreateShaderResourceView(d, dict(Format=R24X8, ViewDimension=4, Texture2D=dict(MipLevels=1)))
    assert srv._view.format == R24X8
    with pytest.raises(InvalidArgError):
        dev.CreateDepthStencilView(d, dict(Format=D24S8, ViewDimension=3, Flags=4))
    d32 = tex(dev, fmt=R32_TL, bind=DS | SRV, mips=1)
    with pytest.raises(InvalidArgError):  # D32_FLOAT has no stencil plane
        dev.CreateDepthStencilView(d32, dict(Format=40, ViewDimension=3, Flags=2))
    old = D3D11CreateDevice(None, 1, None, 0, [0xA000], 1, 7)[0]
    d10 = old.CreateTexture2D(dict(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=D24S8,
                                   SampleDesc=dict(Count=1), BindFlags=DS))
    with pytest.raises(InvalidArgError):  # read-only DSVs need 11_0
        old.CreateDepthStencilView(d10, dict(Format=D24S8, ViewDimension=3, Flags=1))


def test_msaa_views(dev):
    t = tex(dev, bind=RT | SRV, mips=1, count=4)
    assert dev.CreateShaderResourceView(t)._view.dimension == 6  # TEXTURE2DMS
    with pytest.raises(InvalidArgError):
        dev.CreateShaderResourceView(t, dict(Format=RGBA8, ViewDimension=4, Texture2D=dict(MipLevels=1)))


def test_buffer_views(dev):
    b = dev.CreateBuffer(dict(ByteWidth=256, BindFlags=SRV | UAV))
    s = dev.CreateShaderResourceView(b, dict(Format=R32F, ViewDimension=1, Buffer=dict(FirstElement=4,
                                                                                      NumElements=60)))
    assert (s._view.first_element, s._view.num_elements, s._view.element_size) == (4, 60, 4)
    with pytest.raises(InvalidArgError):  # 65 elements exceed 256 bytes
        dev.CreateShaderResourceView(b, dict(Format=R32F, ViewDimension=1, Buffer=dict(NumElements=65)))
    with pytest.raises(InvalidArgError):  # buffers need a desc
        dev.CreateShaderResourceView(b)
    with pytest.raises(InvalidArgError):  # raw view on a buffer without ALLOW_RAW_VIEWS
        dev.CreateShaderResourceView(b, dict(Format=R32_TL, ViewDimension=11, BufferEx=dict(NumElements=4,
                                                                                            Flags=1)))
    raw = dev.CreateBuffer(dict(ByteWidth=256, BindFlags=SRV | UAV, MiscFlags=0x20))
    v = dev.CreateShaderResourceView(raw, dict(Format=R32_TL, ViewDimension=11, BufferEx=dict(NumElements=64,
                                                                                             Flags=1)))
    assert v._view.raw and v._view.element_size == 4
    with pytest.raises(InvalidArgError):  # RAW needs R32_TYPELESS
        dev.CreateUnorderedAccessView(raw, dict(Format=R32F, ViewDimension=1, Buffer=dict(NumElements=4,
                                                                                          Flags=1)))
    st = dev.CreateBuffer(dict(ByteWidth=256, BindFlags=SRV | UAV, MiscFlags=0x40, StructureByteStride=32))
    u = dev.CreateUnorderedAccessView(st, dict(Format=0, ViewDimension=1, Buffer=dict(NumElements=8, Flags=2)))
    assert u._view.structured and u._view.element_size == 32 and u._view.flags == 2
    with pytest.raises(InvalidArgError):  # APPEND only on structured buffers
        dev.CreateUnorderedAccessView(b, dict(Format=R32F, ViewDimension=1, Buffer=dict(NumElements=4, Flags=2)))
    with pytest.raises(InvalidArgError):  # structured views need DXGI_FORMAT_UNKNOWN
        dev.CreateShaderResourceView(st, dict(Format=R32F, ViewDimension=1, Buffer=dict(NumElements=8)))
    vb = dev.CreateBuffer(dict(ByteWidth=64, BindFlags=VB))
    with pytest.raises(InvalidArgError):
        dev.CreateShaderResourceView(vb, dict(Format=R32F, ViewDimension=1, Buffer=dict(NumElements=4)))


def test_validate_only_view(dev):
    t = tex(dev)
    before = len(dev._live_children())
    assert dev.CreateShaderResourceView(t, None, None) is None
    assert len(dev._live_children()) == before
