"""State objects: validation, de-duplication, the unique-object limit and the default descs."""

from __future__ import annotations

import pytest

from pyd3d11.api import (
    DEFAULT_BLEND_DESC,
    DEFAULT_DEPTH_STENCIL_DESC,
    DEFAULT_RASTERIZER_DESC,
    DEFAULT_SAMPLER_DESC,
    D3D11CreateDevice,
    ID3D11BlendState,
    ID3D11BlendState1,
)
from pyd3d11.errors import D3D11Error, InvalidArgError


def dev_at(level=0xB000):
    return D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)[0]


def rt(**kw):
    d = dict(BlendEnable=1, SrcBlend=5, DestBlend=6, BlendOp=1, SrcBlendAlpha=2, DestBlendAlpha=1, BlendOpAlpha=1,
             RenderTargetWriteMask=0xF)
    d.update(kw)
    return d


def blend(**kw):
    return dict(AlphaToCoverageEnable=0, IndependentBlendEnable=0, RenderTarget=[rt(**kw)])


def raster(**kw):
    d = dict(FillMode=3, CullMode=3, DepthClipEnable=1)
    d.update(kw)
    return d


def sampler(**kw):
    d = dict(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, MaxAnisotropy=1, ComparisonFunc=1, MaxLOD=1000.0)
    d.update(kw)
    return d


def test_blend_dedup_and_interfaces():
    dev = dev_at()
    a = dev.CreateBlendState(blend())
    b = dev.CreateBlendState(blend())
    assert a is b and a._refcount == 2
    assert a.QueryInterface(ID3D11BlendState) is a and isinstance(a, ID3D11BlendState1)
    c = dev.CreateBlendState(blend(SrcBlend=2))
    assert c is not a
    assert a.GetDesc().RenderTarget[0].SrcBlend == 5
    # RenderTarget[0] is what counts when IndependentBlendEnable is FALSE
    assert a.GetDesc().RenderTarget[7].SrcBlend == 5


@pytest.mark.parametrize("desc,field", [
    (blend(SrcBlend=12), "SrcBlend"),
    (blend(DestBlend=0), "DestBlend"),
    (blend(SrcBlendAlpha=3), "_COLOR"),  # SRC_COLOR not allowed for alpha
    (blend(DestBlendAlpha=17), "_COLOR"),  # INV_SRC1_COLOR
    (blend(BlendOp=6), "BlendOp"),
    (blend(BlendOpAlpha=0), "BlendOpAlpha"),
    (blend(RenderTargetWriteMask=0x10), "RenderTargetWriteMask"),
])
def test_invalid_blend(desc, field):
    dev = dev_at()
    n = len(dev._state_caches["blend"])
    with pytest.raises(InvalidArgError) as e:
        dev.CreateBlendState(desc)
    assert field in str(e.value) and len(dev._state_caches["blend"]) == n


def test_disabled_blend_ignores_factors():
    dev = dev_at()
    dev.CreateBlendState(dict(RenderTarget=[dict(BlendEnable=0, RenderTargetWriteMask=0xF)]))


def test_logic_ops():
    d111 = dev_at(0xB100)
    desc = dict(RenderTarget=[dict(LogicOpEnable=1, LogicOp=7, RenderTargetWriteMask=0xF)])
    s = d111.CreateBlendState1(desc)
    assert s.GetDesc1().RenderTarget[0].LogicOp == 7
    with pytest.raises(InvalidArgError):
        dev_at(0xB000).CreateBlendState1(desc)
    with pytest.raises(InvalidArgError):
        d111.CreateBlendState1(dict(RenderTarget=[dict(rt(), LogicOpEnable=1, LogicOp=7)]))
    with pytest.raises(InvalidArgError):
        d111.CreateBlendState1(dict(IndependentBlendEnable=1,
                                    RenderTarget=[dict(LogicOpEnable=1, LogicOp=7, RenderTargetWriteMask=0xF)]))
    with pytest.raises(InvalidArgError):
        d111.CreateBlendState1(dict(RenderTarget=[dict(LogicOpEnable=1, LogicOp=16, RenderTargetWriteMask=0xF)]))


def test_blend_and_blend1_share_objects():
    dev = dev_at(0xB100)
    assert dev.CreateBlendState(blend()) is dev.CreateBlendState1(blend())


def test_depth_stencil_state():
    dev = dev_at()
    ok = dict(DepthEnable=1, DepthWriteMask=1, DepthFunc=2, StencilEnable=0)
    s = dev.CreateDepthStencilState(ok)
    assert dev.CreateDepthStencilState(dict(ok)) is s
    with pytest.raises(InvalidArgError):
        dev.CreateDepthStencilState(dict(ok, DepthWriteMask=2))
    with pytest.raises(InvalidArgError):
        dev.CreateDepthStencilState(dict(ok, DepthFunc=9))
    face = dict(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=3, StencilFunc=8)
    dev.CreateDepthStencilState(dict(ok, StencilEnable=1, StencilReadMask=0xFF, FrontFace=face, BackFace=face))
    with pytest.raises(InvalidArgError) as e:
        dev.CreateDepthStencilState(dict(ok, StencilEnable=1, FrontFace=face, BackFace=dict(face, StencilPassOp=9)))
    assert "BackFace.StencilPassOp" in str(e.value)


def test_rasterizer_state():
    dev = dev_at()
    r = dev.CreateRasterizerState(raster())
    assert dev.CreateRasterizerState(raster()) is r
    with pytest.raises(InvalidArgError):
        dev.CreateRasterizerState(dict())  # zero FillMode / CullMode are invalid
    with pytest.raises(InvalidArgError):
        dev.CreateRasterizerState(raster(CullMode=4))
    with pytest.raises(InvalidArgError):
        dev.CreateRasterizerState(raster(DepthBiasClamp=float("nan")))
    with pytest.raises(InvalidArgError):  # ForcedSampleCount needs 11_1
        dev.CreateRasterizerState1(raster(ForcedSampleCount=4))
    d111 = dev_at(0xB100)
    assert d111.CreateRasterizerState1(raster(ForcedSampleCount=4)).GetDesc1().ForcedSampleCount == 4
    with pytest.raises(InvalidArgError):
        d111.CreateRasterizerState1(raster(ForcedSampleCount=3))
    with pytest.raises(InvalidArgError):
        d111.CreateRasterizerState2(raster(ConservativeRaster=1))


def test_sampler_state():
    dev = dev_at()
    s = dev.CreateSamplerState(sampler())
    assert dev.CreateSamplerState(sampler()) is s
    dev.CreateSamplerState(sampler(Filter=0x55, MaxAnisotropy=16))
    dev.CreateSamplerState(sampler(Filter=0x95, ComparisonFunc=4))
    for bad, field in [(sampler(Filter=0x55, MaxAnisotropy=0), "MaxAnisotropy"),
                       (sampler(Filter=0x55, MaxAnisotropy=17), "MaxAnisotropy"),
                       (sampler(Filter=0x95, ComparisonFunc=0), "ComparisonFunc"),
                       (sampler(Filter=0x3), "Filter"),
                       (sampler(Filter=0x115), "Filter"),  # MINIMUM_* needs MinMaxFiltering
                       (sampler(AddressV=6), "AddressV"),
                       (sampler(MipLODBias=16.0), "MipLODBias"),
                       (sampler(MipLODBias=-16.5), "MipLODBias"),
                       (sampler(MinLOD=float("nan")), "MinLOD")]:
        with pytest.raises(InvalidArgError) as e:
            dev.CreateSamplerState(bad)
        assert field in str(e.value)
    with pytest.raises(InvalidArgError):  # 10Level9 9_1: anisotropy up to 2
        dev_at(0x9100).CreateSamplerState(sampler(Filter=0x55, MaxAnisotropy=4))


def test_released_state_leaves_cache_and_validate_only():
    dev = dev_at()
    s = dev.CreateSamplerState(sampler())
    assert s.Release() == 0
    s2 = dev.CreateSamplerState(sampler())
    assert s2 is not s and s2._refcount == 1
    assert dev.CreateSamplerState(sampler(MaxLOD=5.0), None) is None
    assert len(dev._state_caches["sampler"]) == 1


def test_too_many_unique_state_objects():
    dev = dev_at()
    for i in range(4096):
        dev.CreateSamplerState(sampler(MaxLOD=float(i)))
    with pytest.raises(D3D11Error) as e:
        dev.CreateSamplerState(sampler(MaxLOD=5000.0))
    assert e.value.hresult == 0x887C0001
    assert len(dev._state_caches["sampler"]) == 4096
    dev.CreateSamplerState(sampler(MaxLOD=7.0))  # an existing one is still handed out


def test_default_descs():
    assert DEFAULT_BLEND_DESC.RenderTarget[3].SrcBlend == 2 and DEFAULT_BLEND_DESC.RenderTarget[0].DestBlend == 1
    assert DEFAULT_BLEND_DESC.RenderTarget[0].RenderTargetWriteMask == 0xF
    assert (DEFAULT_DEPTH_STENCIL_DESC.DepthEnable, DEFAULT_DEPTH_STENCIL_DESC.DepthFunc) == (1, 2)
    assert DEFAULT_DEPTH_STENCIL_DESC.FrontFace.StencilFunc == 8 and DEFAULT_DEPTH_STENCIL_DESC.StencilReadMask == 0xFF
    assert (DEFAULT_RASTERIZER_DESC.FillMode, DEFAULT_RASTERIZER_DESC.CullMode) == (3, 3)
    assert DEFAULT_RASTERIZER_DESC.DepthClipEnable == 1
    assert DEFAULT_SAMPLER_DESC.Filter == 0x15 and DEFAULT_SAMPLER_DESC.AddressU == 3
    assert list(DEFAULT_SAMPLER_DESC.BorderColor) == [1.0] * 4 and DEFAULT_SAMPLER_DESC.MaxAnisotropy == 1
    # the defaults are themselves valid descs
    dev = dev_at()
    dev.CreateBlendState(DEFAULT_BLEND_DESC)
    dev.CreateDepthStencilState(DEFAULT_DEPTH_STENCIL_DESC)
    dev.CreateRasterizerState(DEFAULT_RASTERIZER_DESC)
    dev.CreateSamplerState(DEFAULT_SAMPLER_DESC)
