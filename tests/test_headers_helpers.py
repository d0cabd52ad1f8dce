"""CD3D11_* helper constructors (expected values written by hand from d3d11.h's inline helpers),
D3D11CalcSubresource and the GUID type."""

from __future__ import annotations

import pytest

import pyd3d11.headers as H
from pyd3d11.errors import NotSupportedError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

ALL = 0xFFFFFFFF


def test_rasterizer_default():
    d = H.CD3D11_RASTERIZER_DESC(H.D3D11_DEFAULT)
    assert isinstance(d, H.D3D11_RASTERIZER_DESC)
    assert (d.FillMode, d.CullMode, d.FrontCounterClockwise, d.DepthBias, d.DepthBiasClamp,
            d.SlopeScaledDepthBias, d.DepthClipEnable, d.ScissorEnable, d.MultisampleEnable,
            d.AntialiasedLineEnable) == (3, 3, 0, 0, 0.0, 0.0, 1, 0, 0, 0)
    d1 = H.CD3D11_RASTERIZER_DESC1(H.D3D11_DEFAULT)
    assert d1.ForcedSampleCount == 0 and d1.DepthClipEnable == 1
    d2 = H.CD3D11_RASTERIZER_DESC2(H.D3D11_DEFAULT)
    assert d2.ConservativeRaster == 0 and d2.CullMode == 3
    e = H.CD3D11_RASTERIZER_DESC(2, 1, 1, 5, 1.5, 2.5, 0, 1, 1, 1)
    assert (e.FillMode, e.CullMode, e.DepthBias, e.DepthBiasClamp, e.AntialiasedLineEnable) == (2, 1, 5, 1.5, 1)


def test_blend_default():
    d = H.CD3D11_BLEND_DESC(H.D3D11_DEFAULT)
    assert (d.AlphaToCoverageEnable, d.IndependentBlendEnable) == (0, 0)
    for rt in d.RenderTarget:
        assert (rt.BlendEnable, rt.SrcBlend, rt.DestBlend, rt.BlendOp, rt.SrcBlendAlpha, rt.DestBlendAlpha,
                rt.BlendOpAlpha, rt.RenderTargetWriteMask) == (0, 2, 1, 1, 2, 1, 1, 0xF)
    d1 = H.CD3D11_BLEND_DESC1(H.D3D11_DEFAULT)
    assert all(rt.LogicOpEnable == 0 and rt.LogicOp == 4 for rt in d1.RenderTarget)  # NOOP = 4


def test_depth_stencil_default_and_full_form():
    d = H.CD3D11_DEPTH_STENCIL_DESC(H.D3D11_DEFAULT)
    assert (d.DepthEnable, d.DepthWriteMask, d.DepthFunc, d.StencilEnable, d.StencilReadMask,
            d.StencilWriteMask) == (1, 1, 2, 0, 0xFF, 0xFF)
    for face in (d.FrontFace, d.BackFace):
        assert (face.StencilFailOp, face.StencilDepthFailOp, face.StencilPassOp, face.StencilFunc) == (1, 1, 1, 8)
    f = H.CD3D11_DEPTH_STENCIL_DESC(1, 0, 4, 1, 0x0F, 0xF0, 2, 3, 4, 5, 6, 7, 8, 3)
    assert (f.FrontFace.StencilFailOp, f.FrontFace.StencilFunc, f.BackFace.StencilFailOp,
            f.BackFace.StencilFunc) == (2, 5, 6, 3)
    assert f.StencilReadMask == 0x0F and f.StencilWriteMask == 0xF0


def test_sampler_default():
    s = H.CD3D11_SAMPLER_DESC(H.D3D11_DEFAULT)
    assert (s.Filter, s.AddressU, s.AddressV, s.AddressW, s.MipLODBias, s.MaxAnisotropy,
            s.ComparisonFunc) == (0x15, 3, 3, 3, 0.0, 1, 1)
    assert s.BorderColor == [1.0, 1.0, 1.0, 1.0]
    assert s.MinLOD == -3.402823466e38 and s.MaxLOD == 3.402823466e38
    t = H.CD3D11_SAMPLER_DESC(0, 1, 2, 4, 0.5, 4, 2, (0.0, 0.25, 0.5, 1.0), 1.0, 3.0)
    assert t.BorderColor == [0.0, 0.25, 0.5, 1.0] and (t.AddressW, t.MinLOD, t.MaxLOD) == (4, 1.0, 3.0)


def test_default_tag_is_a_singleton_and_required():
    assert H.CD3D11_DEFAULT() is H.D3D11_DEFAULT
    with pytest.raises(TypeError):
        H.CD3D11_BLEND_DESC(42)


def test_resource_desc_helpers():
    b = H.CD3D11_BUFFER_DESC(256, H.D3D11_BIND_CONSTANT_BUFFER, H.D3D11_USAGE_DYNAMIC, H.D3D11_CPU_ACCESS_WRITE)
    assert (b.ByteWidth, b.Usage, b.BindFlags, b.CPUAccessFlags, b.MiscFlags, b.StructureByteStride) == \
        (256, 2, 4, 0x10000, 0, 0)
    b2 = H.CD3D11_BUFFER_DESC(64, 0x80, MiscFlags=0x40, StructureByteStride=16)
    assert (b2.Usage, b2.MiscFlags, b2.StructureByteStride) == (0, 0x40, 16)
    t = H.CD3D11_TEXTURE2D_DESC(H.DXGI_FORMAT_R8G8B8A8_UNORM, 640, 480)
    assert (t.Format, t.Width, t.Height, t.ArraySize, t.MipLevels, t.BindFlags, t.Usage, t.CPUAccessFlags,
            t.SampleDesc.Count, t.SampleDesc.Quality, t.MiscFlags) == (28, 640, 480, 1, 0, 8, 0, 0, 1, 0, 0)
    t2 = H.CD3D11_TEXTURE2D_DESC(45, 16, 16, 1, 1, 0x40, 0, 0, 4, 0, 0)
    assert (t2.MipLevels, t2.BindFlags, t2.SampleDesc.Count) == (1, 0x40, 4)
    t1 = H.CD3D11_TEXTURE1D_DESC(2, 100)
    assert (t1.Width, t1.ArraySize, t1.MipLevels, t1.BindFlags) == (100, 1, 0, 8)
    t3 = H.CD3D11_TEXTURE3D_DESC(2, 8, 4, 2)
    assert (t3.Width, t3.Height, t3.Depth, t3.MipLevels, t3.BindFlags) == (8, 4, 2, 0, 8)
    # copy form
    c = H.CD3D11_TEXTURE2D_DESC(t)
    assert c == t and c is not t


def test_srv_helper_dimension_overloads():
    d = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(H.D3D11_SRV_DIMENSION_TEXTURE2D, 28)
    assert (d.Format, d.ViewDimension, d.Texture2D.MostDetailedMip, d.Texture2D.MipLevels) == (28, 4, 0, ALL)
    a = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(H.D3D11_SRV_DIMENSION_TEXTURE2DARRAY, 28, 1, 2, 3, 4)
    assert (a.Texture2DArray.MostDetailedMip, a.Texture2DArray.MipLevels, a.Texture2DArray.FirstArraySlice,
            a.Texture2DArray.ArraySize) == (1, 2, 3, 4)
    bu = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(H.D3D11_SRV_DIMENSION_BUFFER, 41, 10, 20)
    assert (bu.Buffer.FirstElement, bu.Buffer.NumElements) == (10, 20)
    cu = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(H.D3D11_SRV_DIMENSION_TEXTURECUBEARRAY, 28, 0, 1, 6, 2)
    assert (cu.TextureCubeArray.First2DArrayFace, cu.TextureCubeArray.NumCubes) == (6, 2)
    ex = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(H.D3D11_SRV_DIMENSION_BUFFEREX, 39, 0, 64, 0, 0, 1)
    assert (ex.BufferEx.NumElements, ex.BufferEx.Flags) == (64, 1)


class _FakeTex:
    """Stands in for an ID3D11Texture2D: the helpers only call GetType and GetDesc."""

    def __init__(self, kind, desc):
        self._kind, self._desc = kind, desc

    def GetType(self):
        return self._kind

    def GetDesc(self):
        return self._desc


def test_view_helpers_resource_overloads():
    td = H.CD3D11_TEXTURE2D_DESC(H.DXGI_FORMAT_R16G16B16A16_FLOAT, 32, 32, 12, 6)
    tex = _FakeTex(H.D3D11_RESOURCE_DIMENSION_TEXTURE2D, td)
    s = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(tex, H.D3D11_SRV_DIMENSION_TEXTURE2DARRAY, H.DXGI_FORMAT_UNKNOWN, 2)
    assert (s.Format, s.Texture2DArray.MostDetailedMip, s.Texture2DArray.MipLevels,
            s.Texture2DArray.ArraySize) == (10, 2, 4, 12)
    c = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(tex, H.D3D11_SRV_DIMENSION_TEXTURECUBEARRAY)
    assert c.TextureCubeArray.NumCubes == 2 and c.TextureCubeArray.MipLevels == 6
    r = H.CD3D11_RENDER_TARGET_VIEW_DESC(tex, H.D3D11_RTV_DIMENSION_TEXTURE2DARRAY, H.DXGI_FORMAT_UNKNOWN, 1, 4)
    assert (r.Format, r.Texture2DArray.MipSlice, r.Texture2DArray.FirstArraySlice, r.Texture2DArray.ArraySize) == \
        (10, 1, 4, 8)
    dsv = H.CD3D11_DEPTH_STENCIL_VIEW_DESC(tex, H.D3D11_DSV_DIMENSION_TEXTURE2D, 40, 0, 0, ALL, 1)
    assert (dsv.Format, dsv.ViewDimension, dsv.Flags) == (40, 3, 1)
    buf = _FakeTex(H.D3D11_RESOURCE_DIMENSION_BUFFER, H.D3D11_BUFFER_DESC(ByteWidth=64))
    bs = H.CD3D11_SHADER_RESOURCE_VIEW_DESC(buf, 41, 2, 8)
    assert (bs.ViewDimension, bs.BufferEx.FirstElement, bs.BufferEx.NumElements) == (11, 2, 8)
    bu = H.CD3D11_UNORDERED_ACCESS_VIEW_DESC(buf, 41, 0, 16, H.D3D11_BUFFER_UAV_FLAG_COUNTER)
    assert (bu.ViewDimension, bu.Buffer.NumElements, bu.Buffer.Flags) == (1, 16, 4)
    t3 = _FakeTex(H.D3D11_RESOURCE_DIMENSION_TEXTURE3D, H.CD3D11_TEXTURE3D_DESC(2, 8, 8, 8))
    u3 = H.CD3D11_UNORDERED_ACCESS_VIEW_DESC(t3, H.DXGI_FORMAT_UNKNOWN, 0, 2)
    assert (u3.Format, u3.ViewDimension, u3.Texture3D.FirstWSlice, u3.Texture3D.WSize) == (2, 8, 2, 6)


def test_rtv_dsv_uav_dimension_overloads():
    r = H.CD3D11_RENDER_TARGET_VIEW_DESC(H.D3D11_RTV_DIMENSION_TEXTURE3D, 2, 1, 3, 4)
    assert (r.Texture3D.MipSlice, r.Texture3D.FirstWSlice, r.Texture3D.WSize) == (1, 3, 4)
    d = H.CD3D11_DEPTH_STENCIL_VIEW_DESC(H.D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY, 45, 0, 2)
    assert (d.Texture2DMSArray.FirstArraySlice, d.Texture2DMSArray.ArraySize) == (2, ALL)
    u = H.CD3D11_UNORDERED_ACCESS_VIEW_DESC(H.D3D11_UAV_DIMENSION_BUFFER, 0, 4, 12, 0, 1)
    assert (u.Buffer.FirstElement, u.Buffer.NumElements, u.Buffer.Flags) == (4, 12, 1)


def test_small_helpers():
    v = H.CD3D11_VIEWPORT(0, 0, 640, 480)
    assert (v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth) == (0.0, 0.0, 640.0, 480.0, 0.0, 1.0)
    with pytest.raises(NotSupportedError):
        H.CD3D11_VIEWPORT(_FakeTex(3, None), None)
    b = H.CD3D11_BOX(1, 2, 3, 4, 5, 6)
    assert (b.left, b.top, b.front, b.right, b.bottom, b.back) == (1, 2, 3, 4, 5, 6)
    r = H.CD3D11_RECT(1, 2, 3, 4)
    assert (r.left, r.top, r.right, r.bottom) == (1, 2, 3, 4)
    q = H.CD3D11_QUERY_DESC(H.D3D11_QUERY_OCCLUSION_PREDICATE, H.D3D11_QUERY_MISC_PREDICATEHINT)
    assert (q.Query, q.MiscFlags) == (5, 1)
    assert H.CD3D11_QUERY_DESC(H.D3D11_QUERY_EVENT).MiscFlags == 0


@pytest.mark.parametrize("mip, arr, levels, expected", [(0, 0, 1, 0), (2, 0, 5, 2), (1, 3, 4, 13), (3, 2, 10, 23)])
def test_calc_subresource(mip, arr, levels, expected):
    assert H.D3D11CalcSubresource(mip, arr, levels) == expected


def test_guid_round_trip_and_iids():
    s = "db6f6ddb-ac77-4e88-8253-819df9bbf140"
    g = H.GUID("{DB6F6DDB-AC77-4E88-8253-819DF9BBF140}")
    assert str(g) == s and g == H.IID_ID3D11Device and hash(g) == hash(H.IID_ID3D11Device)
    assert g.registry_string() == "{DB6F6DDB-AC77-4E88-8253-819DF9BBF140}"
    assert (g.Data1, g.Data2, g.Data3, g.Data4) == (0xDB6F6DDB, 0xAC77, 0x4E88, bytes.fromhex("8253819df9bbf140"))
    assert H.GUID(Data1=0xDB6F6DDB, Data2=0xAC77, Data3=0x4E88, Data4=bytes.fromhex("8253819df9bbf140")) == g
    assert H.GUID(bytes_le=g.bytes_le) == g
    assert {g: 1}[H.GUID(s)] == 1
    assert str(H.IID_IUnknown) == "00000000-0000-0000-c000-000000000046"
    assert H.IID_ID3DBlob == H.IID_ID3D10Blob
    assert H.iid_name(H.IID_IDXGIFactory1) == "IDXGIFactory1"
    assert H.IID_ID3D11ShaderReflection == H.GUID("8d536ca1-0cca-4956-a837-786963755584")
    assert str(H.WKPDID_D3DDebugObjectName) == "429b8c22-9188-4b0c-8742-acb0bf85c200"
    iids = [H.IID_BY_NAME[n] for n in ("ID3D11Device", "ID3D11Device1", "ID3D11DeviceContext", "ID3D11DeviceContext1",
                                      "ID3D11Texture2D", "IDXGIFactory", "IDXGISwapChain", "ID3D11InfoQueue")]
    assert len(set(iids)) == len(iids)
    with pytest.raises(TypeError):
        H.GUID(12)
