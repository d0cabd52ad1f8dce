"""Issue 14 item 12: GetDesc returns the normalised description Windows stores, for every state object and
view kind. Disabled parts read back as their defaults (D3D11_BLEND_DESC / D3D11_DEPTH_STENCIL_DESC /
D3D11_SAMPLER_DESC default-state tables), descs that differ only in disabled parts give one object, the
"all remaining" counts (-1) of views read back resolved; what is in effect reads back as given.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403

ONE, ZERO, SRC_ALPHA, INV_SRC_ALPHA, SRC1_ALPHA = 2, 1, 5, 6, 18
ADD, SUBTRACT, MAX = 1, 2, 5


def _device(level=0xB100):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    return dev


def _rt(enable, src=SRC_ALPHA, dst=INV_SRC_ALPHA, op=SUBTRACT, src_a=SRC1_ALPHA, dst_a=ZERO, op_a=MAX, mask=0xF):
    return D3D11_RENDER_TARGET_BLEND_DESC(BlendEnable=enable, SrcBlend=src, DestBlend=dst, BlendOp=op,  # noqa: F405
                                          SrcBlendAlpha=src_a, DestBlendAlpha=dst_a, BlendOpAlpha=op_a,
                                          RenderTargetWriteMask=mask)


def _factors(rt):
    return (rt.SrcBlend, rt.DestBlend, rt.BlendOp, rt.SrcBlendAlpha, rt.DestBlendAlpha, rt.BlendOpAlpha)


DEFAULT_FACTORS = (ONE, ZERO, ADD, ONE, ZERO, ADD)


@pytest.mark.parametrize("independent", [False, True])
@pytest.mark.parametrize("enabled", [(), (0,), (0, 3), tuple(range(8))])
def test_blend_targets_with_blending_off_read_back_one_zero_add(independent, enabled):
    dev = _device()
    rts = [_rt(i in enabled, mask=i + 1) for i in range(8)]
    desc = dev.CreateBlendState(D3D11_BLEND_DESC(AlphaToCoverageEnable=False,  # noqa: F405
                                                 IndependentBlendEnable=independent, RenderTarget=rts)).GetDesc()
    for i, rt in enumerate(desc.RenderTarget):
        src = i if independent else 0  # without independent blending every target reads back as target 0
        on = src in enabled
        assert bool(rt.BlendEnable) == on
        assert _factors(rt) == (_factors(rts[src]) if on else DEFAULT_FACTORS)
        assert rt.RenderTargetWriteMask == src + 1


def test_blend_descs_differing_only_in_disabled_factors_share_one_object():
    dev = _device()
    a = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[_rt(False)] * 8))  # noqa: F405
    b = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[_rt(False, SRC_ALPHA, ONE, ADD)] * 8))  # noqa: F405
    c = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[_rt(True)] * 8))  # noqa: F405
    assert a is b and a is not c


def test_blend_desc1_logic_op_reads_back():
    dev = _device()
    rt = D3D11_RENDER_TARGET_BLEND_DESC1(BlendEnable=False, LogicOpEnable=True, LogicOp=4,  # noqa: F405
                                         SrcBlend=SRC_ALPHA, DestBlend=ONE, BlendOp=MAX, SrcBlendAlpha=ONE,
                                         DestBlendAlpha=ONE, BlendOpAlpha=MAX, RenderTargetWriteMask=0xF)
    d = dev.CreateBlendState1(D3D11_BLEND_DESC1(RenderTarget=[rt] * 8)).GetDesc1()  # noqa: F405
    assert (d.RenderTarget[0].LogicOpEnable, d.RenderTarget[0].LogicOp) == (1, 4)
    assert _factors(d.RenderTarget[0]) == DEFAULT_FACTORS


FACE = dict(StencilFailOp=3, StencilDepthFailOp=4, StencilPassOp=8, StencilFunc=5)


@pytest.mark.parametrize("depth, stencil", [(False, False), (True, False), (False, True), (True, True)])
def test_depth_stencil_disabled_parts_read_back_as_defaults(depth, stencil):
    dev = _device()
    desc = D3D11_DEPTH_STENCIL_DESC(DepthEnable=depth, DepthWriteMask=0, DepthFunc=7,  # noqa: F405
                                    StencilEnable=stencil, StencilReadMask=0x0F, StencilWriteMask=0xF0,
                                    FrontFace=D3D11_DEPTH_STENCILOP_DESC(**FACE),  # noqa: F405
                                    BackFace=D3D11_DEPTH_STENCILOP_DESC(**FACE))  # noqa: F405
    got = dev.CreateDepthStencilState(desc).GetDesc()
    assert (got.DepthWriteMask, got.DepthFunc) == ((0, 7) if depth else (1, 2))  # ALL / LESS when off
    want_face = FACE if stencil else dict(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    for face in (got.FrontFace, got.BackFace):
        assert {k: getattr(face, k) for k in want_face} == want_face
    assert (got.StencilReadMask, got.StencilWriteMask) == ((0x0F, 0xF0) if stencil else (0xFF, 0xFF))


@pytest.mark.parametrize("filt, address, aniso, cmp, border", [
    (0x15, 1, 0, 0, False),  # MIN_MAG_MIP_LINEAR, WRAP: MaxAnisotropy 0, ComparisonFunc NEVER, border 0
    (0x55, 1, 8, 0, False),  # ANISOTROPIC keeps MaxAnisotropy
    (0x95, 1, 0, 4, False),  # COMPARISON_MIN_MAG_MIP_LINEAR keeps ComparisonFunc
    (0x15, 4, 0, 0, True),  # BORDER keeps BorderColor
])
def test_sampler_unused_fields_read_back_cleared(filt, address, aniso, cmp, border):
    dev = _device()
    d = dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=filt, AddressU=address, AddressV=address,  # noqa: F405
                                                  AddressW=address, MaxAnisotropy=8, ComparisonFunc=4,
                                                  BorderColor=[0.5, 0.25, 1.0, 1.0], MinLOD=0, MaxLOD=10)).GetDesc()
    assert d.MaxAnisotropy == aniso and d.ComparisonFunc == (cmp or 1)
    assert list(d.BorderColor) == ([0.5, 0.25, 1.0, 1.0] if border else [0.0] * 4)


def test_rasterizer_desc_reads_back_as_given():
    dev = _device()
    given = dict(FillMode=2, CullMode=1, FrontCounterClockwise=True, DepthBias=5, DepthBiasClamp=0.5,
                 SlopeScaledDepthBias=2.0, DepthClipEnable=False, ScissorEnable=True, MultisampleEnable=True,
                 AntialiasedLineEnable=True)
    d = dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(**given)).GetDesc()  # noqa: F405
    assert {k: getattr(d, k) for k in given} == given


def test_view_all_remaining_counts_read_back_resolved():
    dev = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=16, Height=16, MipLevels=5, ArraySize=4, Format=28,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x8))  # noqa: F405
    d = dev.CreateShaderResourceView(tex, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=28, ViewDimension=5, Texture2DArray=D3D11_TEX2D_ARRAY_SRV(  # noqa: F405
            MostDetailedMip=2, MipLevels=0xFFFFFFFF, FirstArraySlice=1, ArraySize=3))).GetDesc()
    assert (d.Texture2DArray.MostDetailedMip, d.Texture2DArray.MipLevels) == (2, 3)
