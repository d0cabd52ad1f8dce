"""The 10Level9 ID3D11Device table (MicrosoftDocs "10Level9 ID3D11Device Methods"), row by row: each
statement refuses the description at the levels it names with E_INVALIDARG and the D3D10L9-range debug
message, and the same description is accepted at 10_0."""

from __future__ import annotations

import pytest
from level9_kit import (
    BIND_DS,
    BIND_IB,
    BIND_RT,
    BIND_SRV,
    BIND_VB,
    FL,
    PS,
    RGBA8,
    RGBA32F,
    VS,
    compile_,
    level9_blob,
    mid,
)

from pyd3d11.api import ID3D11InfoQueue
from pyd3d11.api.level_rules_device import RULES
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import InvalidArgError

L9 = ["9_1", "9_2", "9_3"]
FLT_MAX = 3.402823466e38
D32 = 40


def _dev(level):
    dev, _, _ = D3D11CreateDevice(None, 1, None, 0x2, [FL[level]], 1, 7)  # noqa: F405
    return dev


def _ids(dev):
    q = dev.QueryInterface(ID3D11InfoQueue)
    return [int(q.GetMessage(i).ID) for i in range(q.GetNumStoredMessages())]


def _tex2d(**kw):
    d = dict(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=RGBA8, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
             BindFlags=BIND_SRV)
    d.update(kw)
    return ("CreateTexture2D", D3D11_TEXTURE2D_DESC(**d))  # noqa: F405


def _tex3d(**kw):
    d = dict(Width=4, Height=4, Depth=4, MipLevels=1, Format=RGBA8, BindFlags=BIND_SRV)
    d.update(kw)
    return ("CreateTexture3D", D3D11_TEXTURE3D_DESC(**d))  # noqa: F405


def _blend(independent=False, a2c=False, rts=None):
    desc = D3D11_BLEND_DESC(AlphaToCoverageEnable=a2c, IndependentBlendEnable=independent)  # noqa: F405
    for i, rt in enumerate(desc.RenderTarget):
        rt.RenderTargetWriteMask = 0xF
        for k, v in (rts or {}).get(i, {}).items():
            setattr(rt, k, v)
    return ("CreateBlendState", desc)


_ALPHA = dict(BlendEnable=True, SrcBlend=5, DestBlend=6, BlendOp=1, SrcBlendAlpha=5, DestBlendAlpha=6, BlendOpAlpha=1)


def _sampler(**kw):
    d = dict(Filter=0x15, AddressU=1, AddressV=1, AddressW=1, MaxAnisotropy=1, ComparisonFunc=1, MaxLOD=FLT_MAX)
    d.update(kw)
    return ("CreateSamplerState", D3D11_SAMPLER_DESC(**d))  # noqa: F405


def _rs(**kw):
    d = dict(FillMode=3, CullMode=1, DepthClipEnable=True)
    d.update(kw)
    return ("CreateRasterizerState", D3D11_RASTERIZER_DESC(**d))  # noqa: F405


def _op(fail, func, pas):
    return D3D11_DEPTH_STENCILOP_DESC(fail, 1, pas, func)  # noqa: F405


# (row statement id, levels refused, call, message)
CASES = [
    ("a2c", L9, _blend(a2c=True), "CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE"),
    ("first_four_blend_enables", L9, _blend(True, rts={0: _ALPHA}), "CREATEBLENDSTATE_NO_INDEPENDENT_BLEND_ENABLE"),
    ("first_four_write_masks_9_2", ["9_2"], _blend(True, rts={1: dict(RenderTargetWriteMask=0x1)}),
     "CREATEBLENDSTATE_NO_INDEPENDENT_WRITE_MASKS"),
    ("src_alpha_sat", L9, _blend(rts={0: {**_ALPHA, "SrcBlend": 11}}), "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),
    ("dual_source", L9, _blend(rts={0: {**_ALPHA, "SrcBlend": 16}}), "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),
    ("blend_state1", L9, ("CreateBlendState1", D3D11_BLEND_DESC1()), "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED"),  # noqa: F405
    ("buffer_render_target", L9, ("CreateBuffer", D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=BIND_VB | BIND_RT)),  # noqa: F405
     "CREATERESOURCE_ONLY_VB_IB_FOR_BUFFERS"),
    ("buffer_vb_and_ib", L9, ("CreateBuffer", D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=BIND_VB | BIND_IB)),  # noqa: F405
     "CREATERESOURCE_NO_VB_AND_IB_BIND"),
    ("two_sided_stencil", L9, ("CreateDepthStencilState", D3D11_DEPTH_STENCIL_DESC(  # noqa: F405
        DepthEnable=True, DepthWriteMask=1, DepthFunc=2, StencilEnable=True, StencilReadMask=255,
        StencilWriteMask=255, FrontFace=_op(1, 8, 1), BackFace=_op(1, 8, 3))),
     "CREATEDEPTHSTENCILSTATE_STENCIL_NO_TWO_SIDED"),
    ("predicate", L9, ("CreatePredicate", D3D11_QUERY_DESC(Query=5)), "CREATEQUERYORPREDICATE_INVALIDQUERY"),  # noqa: F405
    ("occlusion_query_9_1", ["9_1"], ("CreateQuery", D3D11_QUERY_DESC(Query=1)),  # noqa: F405
     "CREATEQUERYORPREDICATE_INVALIDQUERY"),
    ("pipeline_statistics_query", L9, ("CreateQuery", D3D11_QUERY_DESC(Query=4)),  # noqa: F405
     "CREATEQUERYORPREDICATE_INVALIDQUERY"),
    ("depth_clip", L9, _rs(DepthClipEnable=False), "CREATERASTERIZERSTATE_DepthClipEnable_MUST_BE_TRUE"),
    ("depth_bias_clamp", L9, _rs(DepthBiasClamp=0.5), "CREATERASTERIZERSTATE_DepthBiasClamp_NOT_SUPPORTED"),
    ("comparison_filter", L9, _sampler(Filter=0x95, ComparisonFunc=4), "CREATESAMPLERSTATE_NO_COMPARISON_SUPPORT"),
    ("border_color", L9, _sampler(AddressU=4, BorderColor=(2.0, 0, 0, 1)), "CREATESAMPLERSTATE_BORDER_OUT_OF_RANGE"),
    ("fractional_min_lod", L9, _sampler(MinLOD=0.5), "CREATESAMPLERSTATE_MINLOD_MUST_NOT_BE_FRACTIONAL"),
    ("max_lod_flt_max", L9, _sampler(MaxLOD=4.0), "CREATESAMPLERSTATE_MAXLOD_MUST_BE_FLT_MAX"),
    ("anisotropy_2_at_9_1", ["9_1"], _sampler(Filter=0x55, MaxAnisotropy=16), ""),
    ("mirror_once_9_1", ["9_1"], _sampler(AddressU=5), ""),
    ("np2_mipmapped", L9, _tex2d(Width=6, Height=6, MipLevels=2), "CREATERESOURCE_NON_POW_2_MIPMAP"),
    ("np2_cube", L9, _tex2d(Width=6, Height=6, ArraySize=6, MiscFlags=4), "CREATERESOURCE_NON_POW_2_MIPMAP"),
    ("bind_flags_zero", L9, _tex2d(BindFlags=0), "CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE"),
    ("depth_stencil_mips", L9, _tex2d(Format=D32, BindFlags=BIND_DS, MipLevels=2),
     "CREATERESOURCE_ONLY_SINGLE_MIP_LEVEL_DEPTH_STENCIL_SUPPORTED"),
    ("texture1d", L9, ("CreateTexture1D", D3D11_TEXTURE1D_DESC(Width=4, MipLevels=1, ArraySize=1, Format=RGBA8,  # noqa: F405
                                                               BindFlags=BIND_SRV)), ""),
    ("np2_volume", L9, _tex3d(Width=6), "CREATERESOURCE_NON_POW_2_MIPMAP"),
    ("volume_512_at_9_1", ["9_1"], _tex3d(Width=512), ""),
    ("volume_bind_flags_zero", L9, _tex3d(BindFlags=0), "CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE"),
]


@pytest.mark.parametrize("level", [*L9, "10_0"])
@pytest.mark.parametrize("case,levels,call,message", CASES, ids=[c[0] for c in CASES])
def test_device_row(case, levels, call, message, level):
    dev = _dev(level)
    method, desc = call
    if level in levels:
        with pytest.raises(InvalidArgError):
            getattr(dev, method)(desc)
        if message:
            assert mid(message) in _ids(dev)
    else:
        assert getattr(dev, method)(desc) is not None


@pytest.mark.parametrize("level", L9)
def test_shader_resource_view_must_include_lowest_lod_and_all_slices(level):
    dev = _dev(level)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=3, ArraySize=1, Format=RGBA8,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=BIND_SRV))  # noqa: F405
    with pytest.raises(InvalidArgError):
        dev.CreateShaderResourceView(tex, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
            Format=RGBA8, ViewDimension=4, Texture2D=D3D11_TEX2D_SRV(0, 2)))  # noqa: F405
    assert mid("CREATESHADERRESOURCEVIEW_MUST_USE_LOWEST_LOD") in _ids(dev)
    # starting at mip 1 and reaching the last level is fine
    assert dev.CreateShaderResourceView(tex, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=RGBA8, ViewDimension=4, Texture2D=D3D11_TEX2D_SRV(1, 2))) is not None


def test_lowest_lod_rule_does_not_apply_at_10_0():
    dev = _dev("10_0")
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=3, ArraySize=1, Format=RGBA8,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=BIND_SRV))  # noqa: F405
    assert dev.CreateShaderResourceView(tex, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=RGBA8, ViewDimension=4, Texture2D=D3D11_TEX2D_SRV(0, 2))) is not None


@pytest.mark.parametrize("level", L9)
def test_render_target_views_of_texture2d_only(level):
    dev = _dev(level)
    vol = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=4, Height=4, Depth=4, MipLevels=1, Format=RGBA8,  # noqa: F405
                                                   BindFlags=BIND_RT))
    with pytest.raises(InvalidArgError):
        dev.CreateRenderTargetView(vol)


def _layout(dev, blob, per_instance_slot0=False):
    els = [D3D11_INPUT_ELEMENT_DESC("POSITION", 0, RGBA32F, 1 if per_instance_slot0 else 0, 0, 0, 0),  # noqa: F405
           D3D11_INPUT_ELEMENT_DESC("COLOR", 0, RGBA32F, 0 if per_instance_slot0 else 1, 0, 1, 1)]  # noqa: F405
    return dev.CreateInputLayout(els, 2, blob)


@pytest.mark.parametrize("level,ok", [("9_1", False), ("9_2", False), ("9_3", True), ("10_0", True)])
def test_per_instance_input_data(level, ok):
    dev = _dev(level)
    blob = level9_blob(compile_(VS, "vs_4_0")) if level != "10_0" else compile_(VS, "vs_4_0")
    if ok:
        assert _layout(dev, blob) is not None
    else:
        with pytest.raises(InvalidArgError):
            _layout(dev, blob)


def test_stream_zero_must_be_per_vertex_at_9_3():
    dev = _dev("9_3")
    blob = level9_blob(compile_(VS, "vs_4_0"))
    with pytest.raises(InvalidArgError):
        _layout(dev, blob, per_instance_slot0=True)
    assert mid("SLOT_ZERO_MUST_BE_D3D10_INPUT_PER_VERTEX_DATA") in _ids(dev)


@pytest.mark.parametrize("level,shader_level,ok", [("9_1", "9_1", True), ("9_1", "9_3", False), ("9_2", "9_1", True),
                                                     ("9_2", "9_3", False), ("9_3", "9_3", True), ("9_3", "9_1", True)])
@pytest.mark.parametrize("kind", ["vs", "ps"])
def test_level9_shader_profiles_at_creation(level, shader_level, ok, kind):
    dev = _dev(level)
    blob = level9_blob(compile_(VS if kind == "vs" else PS, f"{kind}_4_0"), shader_level)
    create = dev.CreateVertexShader if kind == "vs" else dev.CreatePixelShader
    if ok:
        assert create(blob, None) is not None
    else:
        with pytest.raises(InvalidArgError):
            create(blob, None)


@pytest.mark.parametrize("level", L9)
def test_plain_4_0_shaders_refused_at_9_x(level):
    dev = _dev(level)
    with pytest.raises(InvalidArgError):
        dev.CreateVertexShader(compile_(VS, "vs_4_0"), None)


def test_every_device_rule_wraps_a_device_method():
    from pyd3d11.api.device import ID3D11Device

    for r in RULES:
        assert getattr(ID3D11Device, r.method)._level_rules, r.method


@pytest.mark.parametrize("shader_level,expected", [("9_1", 0x9100), ("9_3", 0x9300)])
def test_reflection_min_feature_level_of_level9_blobs(shader_level, expected):
    from pyd3d11.d3dcompiler import D3DReflect

    blob = level9_blob(compile_(PS, "ps_4_0"), shader_level)
    assert int(D3DReflect(blob).GetMinFeatureLevel()) == expected
    assert int(D3DReflect(compile_(PS, "ps_4_0")).GetMinFeatureLevel()) == 0xA000
