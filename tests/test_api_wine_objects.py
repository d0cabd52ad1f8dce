"""Object-model rules checked against wine's d3d11 tests, which assert what native Windows returns
(wine-mirror/wine dlls/d3d11/tests/d3d11.c). Each test names the wine test function it restates;
expected values are the ones wine's ok() lines require of native Windows (todo_wine lines included:
they mark wine's own gaps, not Windows'; broken() results are driver variants and are not required).
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import (
    D3D11_BLEND_DESC,
    D3D11_BUFFER_DESC,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_DEPTH_STENCILOP_DESC,
    D3D11_RASTERIZER_DESC,
    D3D11_SAMPLER_DESC,
    D3D11CreateDevice,
    D3D11CreateDeviceAndSwapChain,
)
from pyd3d11.dxgi import DXGI_MODE_DESC, DXGI_RATIONAL, DXGI_SAMPLE_DESC, DXGI_SWAP_CHAIN_DESC
from pyd3d11.errors import E_INVALIDARG, D3D11Error

HARDWARE, UNKNOWN_DRIVER, SDK = 1, 0, 7
FL_11_0 = 0xB000
VB, IB, CB, SRV, SO, RT, DS, UAV = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20, 0x40, 0x80
DRAWINDIRECT, RAW, STRUCT = 0x10, 0x20, 0x40


def make_device():
    dev, _, ctx = D3D11CreateDevice(None, HARDWARE, None, 0, None, 0, SDK)
    return dev, ctx


def refcount(obj) -> int:
    obj.AddRef()
    return obj.Release()


def hresult_of(fn) -> int:
    try:
        fn()
    except D3D11Error as e:
        return e.hresult & 0xFFFFFFFF
    return 0


# -- test_create_device -----------------------------------------------------------------------------

def test_create_device_default_level_and_out_pointers():
    # wine test_create_device: no pFeatureLevels -> 11_0 list (11_1 only on request); all out-pointers
    # NULL -> S_FALSE with the negotiated level.
    dev, level, ctx = D3D11CreateDevice(None, HARDWARE, None, 0, None, 0, SDK)
    assert level == FL_11_0 and dev.GetFeatureLevel() == FL_11_0
    assert D3D11CreateDevice(None, HARDWARE, None, 0, None, 0, SDK, None, None, None) == (None, FL_11_0, None)


def test_create_device_context_only():
    # wine test_create_device: ppDevice NULL with ppImmediateContext -> S_OK, the context has one
    # reference and reaches its device.
    dev, level, ctx = D3D11CreateDevice(None, HARDWARE, None, 0, None, 0, SDK, None, None, True)
    assert dev is None and ctx is not None
    assert refcount(ctx) == 1
    device = ctx.GetDevice()
    assert device.GetFeatureLevel() == level == FL_11_0


def test_create_device_unknown_driver_without_adapter_fails():
    # wine test_create_device (todo_wine there, E_INVALIDARG on native)
    assert hresult_of(lambda: D3D11CreateDevice(None, UNKNOWN_DRIVER, None, 0, None, 0, SDK)) == E_INVALIDARG


def _swap_desc(fmt: int = 28) -> DXGI_SWAP_CHAIN_DESC:
    return DXGI_SWAP_CHAIN_DESC(BufferDesc=DXGI_MODE_DESC(Width=800, Height=600, RefreshRate=DXGI_RATIONAL(60, 60),
                                                          Format=fmt),
                                SampleDesc=DXGI_SAMPLE_DESC(1, 0), BufferUsage=0x20, BufferCount=1, OutputWindow=1,
                                Windowed=1, SwapEffect=0, Flags=0)


def test_create_device_and_swap_chain_out_pointer_combinations():
    # wine test_create_device: desc without out-pointers -> S_FALSE; swap chain without device -> S_OK;
    # no desc and no swap chain but a device -> S_OK.
    sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, SDK, _swap_desc(),
                                                        None, None, None, None)
    assert (sc, dev, ctx) == (None, None, None) and level == FL_11_0
    sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, SDK, _swap_desc(),
                                                        True, None, None, None)
    assert sc is not None and dev is None
    d = sc.GetDesc()
    assert (d.BufferDesc.Width, d.BufferDesc.Height, d.BufferDesc.Format, d.BufferCount) == (800, 600, 28, 1)
    sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, SDK, None,
                                                        None, True, None, None)
    assert sc is None and dev is not None and dev.GetFeatureLevel() == FL_11_0


def test_create_device_and_swap_chain_bad_format():
    # wine test_create_device: a BC5_UNORM back buffer -> E_INVALIDARG
    assert hresult_of(lambda: D3D11CreateDeviceAndSwapChain(None, HARDWARE, None, 0, None, 0, SDK,
                                                            _swap_desc(83))) == E_INVALIDARG


def test_get_immediate_context_is_one_object():
    # wine test_get_immediate_context: the same context object every time
    dev, ctx = make_device()
    c1 = dev.GetImmediateContext()
    c2 = dev.GetImmediateContext()
    assert c1 is c2 is ctx


# -- test_create_buffer -----------------------------------------------------------------------------

# (succeeds, BindFlags, MiscFlags, StructureByteStride), ByteWidth 1024, USAGE_DEFAULT
BUFFER_CASES = [
    (True, VB, 0, 0), (True, IB, 0, 0), (True, CB, 0, 0), (True, SRV, 0, 0), (True, SO, 0, 0),
    (True, RT, 0, 0), (True, UAV, 0, 0), (True, 0, DRAWINDIRECT, 0),
    (False, VB, RAW, 0), (False, IB, RAW, 0), (False, CB, RAW, 0), (True, SRV, RAW, 0), (False, SO, RAW, 0),
    (False, RT, RAW, 0), (True, UAV, RAW, 0), (False, 0, RAW, 0),
    (True, 0, STRUCT, 16), (True, SRV, STRUCT, 16), (False, SRV, STRUCT, 0xFFFFFFFF), (False, SRV, STRUCT, 0),
    (False, SRV, STRUCT, 1), (False, SRV, STRUCT, 2), (False, SRV, STRUCT, 3), (True, SRV, STRUCT, 4),
    (False, SRV, STRUCT, 5), (True, SRV, STRUCT, 8), (True, SRV, STRUCT, 512), (False, SRV, STRUCT, 513),
    (True, SRV, STRUCT, 1024),
    (True, 0, 0, 513), (True, CB, 0, 513), (True, SRV, 0, 513), (True, UAV, 0, 513),
    (False, 0, RAW | STRUCT, 16), (False, SRV, RAW | STRUCT, 16),
]


@pytest.mark.parametrize("ok,bind,misc,stride", BUFFER_CASES)
def test_create_buffer_table(ok, bind, misc, stride):
    # wine test_create_buffer: verdicts and GetDesc (StructureByteStride reads 0 unless STRUCTURED)
    dev, _ = make_device()
    desc = D3D11_BUFFER_DESC(ByteWidth=1024, Usage=0, BindFlags=bind, CPUAccessFlags=0, MiscFlags=misc,
                             StructureByteStride=stride)
    if not ok:
        assert hresult_of(lambda: dev.CreateBuffer(desc)) == E_INVALIDARG
        return
    got = dev.CreateBuffer(desc).GetDesc()
    expected_stride = stride if misc & STRUCT else 0
    assert (got.ByteWidth, got.Usage, got.BindFlags, got.CPUAccessFlags, got.MiscFlags, got.StructureByteStride) == \
        (1024, 0, bind, 0, misc, expected_stride)


def test_create_constant_buffer_sizes():
    # wine test_create_buffer: constant buffers need a non-zero multiple of 16 bytes
    dev, _ = make_device()
    for width in range(33):
        hr = hresult_of(lambda w=width: dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=w, BindFlags=CB)))
        assert hr == (E_INVALIDARG if width == 0 or width % 16 else 0), width


# -- test_create_sampler_state / blend / depth-stencil / rasterizer -------------------------------

@pytest.mark.parametrize("method", ["CreateSamplerState", "CreateBlendState", "CreateDepthStencilState",
                                    "CreateRasterizerState"])
def test_create_state_null_desc(method):
    # wine test_create_{sampler,blend,depthstencil,rasterizer}_state: a NULL desc -> E_INVALIDARG
    dev, _ = make_device()
    assert hresult_of(lambda: getattr(dev, method)(None)) == E_INVALIDARG


def _sampler(filter_: int, address_w: int = 1) -> D3D11_SAMPLER_DESC:
    return D3D11_SAMPLER_DESC(Filter=filter_, AddressU=1, AddressV=1, AddressW=address_w, MipLODBias=0.0,
                              MaxAnisotropy=16, ComparisonFunc=8, BorderColor=(0.0, 1.0, 0.0, 1.0), MinLOD=0.0,
                              MaxLOD=16.0)


def test_create_sampler_state_sharing_and_cleared_fields():
    # wine test_create_sampler_state: identical descs give one object (refcount 2 -> 1 -> 0); GetDesc of a
    # linear filter with WRAP addressing reads MaxAnisotropy 0, ComparisonFunc NEVER, BorderColor 0.
    dev, _ = make_device()
    s1 = dev.CreateSamplerState(_sampler(0x15))
    s2 = dev.CreateSamplerState(_sampler(0x15))
    assert s1 is s2
    d = s1.GetDesc()
    assert (d.Filter, d.AddressU, d.AddressV, d.AddressW) == (0x15, 1, 1, 1)
    assert (d.MipLODBias, d.MaxAnisotropy, d.ComparisonFunc) == (0.0, 0, 1)
    assert list(d.BorderColor) == [0.0, 0.0, 0.0, 0.0]
    assert (d.MinLOD, d.MaxLOD) == (0.0, 16.0)
    assert s2.Release() == 1 and s1.Release() == 0


FILTERS = [0x00, 0x01, 0x04, 0x05, 0x10, 0x11, 0x14, 0x15, 0x55,
           0x80, 0x81, 0x84, 0x85, 0x90, 0x91, 0x94, 0x95, 0xD5]


@pytest.mark.parametrize("filter_", FILTERS)
def test_create_sampler_state_filter_dependent_fields(filter_):
    # wine test_create_sampler_state (desc conversion): MaxAnisotropy survives only for anisotropic filters,
    # ComparisonFunc only for comparison filters; a BORDER address mode keeps BorderColor.
    dev, _ = make_device()
    d = dev.CreateSamplerState(_sampler(filter_, address_w=4)).GetDesc()
    anisotropic = filter_ in (0x55, 0xD5)
    comparison = filter_ >= 0x80
    assert d.Filter == filter_
    assert d.MaxAnisotropy == (16 if anisotropic else 0)
    assert d.ComparisonFunc == (8 if comparison else 1)
    assert list(d.BorderColor) == [0.0, 1.0, 0.0, 1.0]


def test_create_blend_state_sharing_and_replicated_targets():
    # wine test_create_blend_state: one object for identical descs; with IndependentBlendEnable FALSE every
    # RenderTarget[i] reads back as RenderTarget[0].
    dev, _ = make_device()
    desc = D3D11_BLEND_DESC()
    rt0 = desc.RenderTarget[0]
    rt0.BlendEnable, rt0.SrcBlend, rt0.DestBlend, rt0.BlendOp = 0, 2, 1, 1
    rt0.SrcBlendAlpha, rt0.DestBlendAlpha, rt0.BlendOpAlpha, rt0.RenderTargetWriteMask = 2, 1, 1, 0xF
    b1 = dev.CreateBlendState(desc)
    b2 = dev.CreateBlendState(desc)
    assert b1 is b2
    got = b1.GetDesc()
    assert (got.AlphaToCoverageEnable, got.IndependentBlendEnable) == (0, 0)
    for rt in got.RenderTarget:
        assert (rt.BlendEnable, rt.SrcBlend, rt.DestBlend, rt.BlendOp, rt.SrcBlendAlpha, rt.DestBlendAlpha,
                rt.BlendOpAlpha, rt.RenderTargetWriteMask) == (0, 2, 1, 1, 2, 1, 1, 0xF)
    assert b1.Release() == 1 and b2.Release() == 0


def test_create_depth_stencil_state_disabled_parts_read_as_defaults():
    # wine test_create_depthstencil_state: sharing, then depth and stencil disabled with odd values ->
    # GetDesc reports WRITE_MASK_ALL, LESS, 0xFF masks and KEEP/KEEP/KEEP/ALWAYS faces.
    dev, _ = make_device()
    keep = D3D11_DEPTH_STENCILOP_DESC(1, 1, 1, 8)
    on = D3D11_DEPTH_STENCIL_DESC(DepthEnable=1, DepthWriteMask=1, DepthFunc=2, StencilEnable=0, StencilReadMask=0xFF,
                                  StencilWriteMask=0xFF, FrontFace=keep, BackFace=keep)
    s1 = dev.CreateDepthStencilState(on)
    s2 = dev.CreateDepthStencilState(on)
    assert s1 is s2 and s2.Release() == 1 and s1.Release() == 0
    zero = D3D11_DEPTH_STENCILOP_DESC(2, 2, 2, 1)
    off = D3D11_DEPTH_STENCIL_DESC(DepthEnable=0, DepthWriteMask=0, DepthFunc=1, StencilEnable=0, StencilReadMask=0,
                                   StencilWriteMask=0, FrontFace=zero, BackFace=zero)
    d = dev.CreateDepthStencilState(off).GetDesc()
    assert (d.DepthEnable, d.DepthWriteMask, d.DepthFunc, d.StencilEnable) == (0, 1, 2, 0)
    assert (d.StencilReadMask, d.StencilWriteMask) == (0xFF, 0xFF)
    for face in (d.FrontFace, d.BackFace):
        assert (face.StencilFailOp, face.StencilDepthFailOp, face.StencilPassOp, face.StencilFunc) == (1, 1, 1, 8)


def test_create_rasterizer_state_sharing():
    # wine test_create_rasterizer_state: identical descs share one object
    dev, _ = make_device()
    desc = D3D11_RASTERIZER_DESC(FillMode=3, CullMode=3, FrontCounterClockwise=0, DepthBias=0, DepthBiasClamp=0.0,
                                 SlopeScaledDepthBias=0.0, DepthClipEnable=1, ScissorEnable=0, MultisampleEnable=0,
                                 AntialiasedLineEnable=0)
    r1 = dev.CreateRasterizerState(desc)
    r2 = dev.CreateRasterizerState(desc)
    assert r1 is r2
    d = r1.GetDesc()
    assert (d.FillMode, d.CullMode, d.DepthClipEnable, d.ScissorEnable) == (3, 3, 1, 0)
    assert r2.Release() == 1 and r1.Release() == 0


# -- test_create_query / test_occlusion_query ------------------------------------------------------

E_NOINTERFACE, DXGI_ERROR_INVALID_CALL = 0x80004002, 0x887A0001
DXGI_ERROR_NOT_FOUND, DXGI_ERROR_MORE_DATA = 0x887A0002, 0x887A0003
# D3D11_QUERY value -> (answers ID3D11Predicate, CreatePredicate accepts it)
QUERY_KINDS = {0: (False, False), 1: (False, False), 2: (False, False), 3: (False, False), 4: (False, False),
               5: (True, True), 6: (False, False), 7: (True, True),
               8: (False, False), 9: (True, False), 10: (False, False), 11: (True, False),
               12: (False, False), 13: (True, False), 14: (False, False), 15: (True, False)}


def test_create_query_null_desc():
    # wine test_create_query: NULL descs -> E_INVALIDARG for both methods
    dev, _ = make_device()
    assert hresult_of(lambda: dev.CreateQuery(None)) == E_INVALIDARG
    assert hresult_of(lambda: dev.CreatePredicate(None)) == E_INVALIDARG


@pytest.mark.parametrize("query", sorted(QUERY_KINDS))
def test_create_query_table(query):
    # wine test_create_query: every type validates (S_FALSE) and creates at 11_0; only predicate types answer
    # ID3D11Predicate; CreatePredicate takes OCCLUSION_PREDICATE and SO_OVERFLOW_PREDICATE only (the per-stream
    # overflow predicates are E_INVALIDARG there).
    from pyd3d11.d3d11 import D3D11_QUERY_DESC, ID3D11Predicate

    dev, _ = make_device()
    is_predicate, via_create_predicate = QUERY_KINDS[query]
    desc = D3D11_QUERY_DESC(Query=query, MiscFlags=0)
    assert dev.CreateQuery(desc, None) is None
    q = dev.CreateQuery(desc)
    assert hresult_of(lambda: q.QueryInterface(ID3D11Predicate).Release()) == (0 if is_predicate else E_NOINTERFACE)
    expected = 0 if via_create_predicate else E_INVALIDARG
    assert hresult_of(lambda: dev.CreatePredicate(desc, None)) == expected
    assert hresult_of(lambda: dev.CreatePredicate(desc)) == expected


def test_occlusion_query_getdata_rules():
    # wine test_occlusion_query: data size 8; GetData before any End and while building (End, Begin, Begin) is
    # DXGI_ERROR_INVALID_CALL; once ended a DataSize other than 0 or 8 is E_INVALIDARG and 0 is S_OK.
    from pyd3d11.d3d11 import D3D11_QUERY_DESC

    dev, ctx = make_device()
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=1, MiscFlags=0))
    assert q.GetDataSize() == 8
    assert hresult_of(lambda: ctx.GetData(q, 0)) == DXGI_ERROR_INVALID_CALL
    assert hresult_of(lambda: ctx.GetData(q, 8)) == DXGI_ERROR_INVALID_CALL
    ctx.End(q)
    ctx.Begin(q)
    ctx.Begin(q)
    assert hresult_of(lambda: ctx.GetData(q, 0)) == DXGI_ERROR_INVALID_CALL
    assert hresult_of(lambda: ctx.GetData(q, 8)) == DXGI_ERROR_INVALID_CALL
    ctx.End(q)
    assert ctx.GetData(q, 8) == 0  # nothing drawn
    for size in (4, 2, 7, 9):
        assert hresult_of(lambda s=size: ctx.GetData(q, s)) == E_INVALIDARG
    assert hresult_of(lambda: ctx.GetData(q, 0)) == 0
    ctx.Begin(q)
    ctx.End(q)
    ctx.End(q)
    assert ctx.GetData(q, 8) == 0


def test_pipeline_statistics_query_size():
    # wine test_pipeline_statistics_query: GetDataSize == sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS) (11 UINT64)
    from pyd3d11.d3d11 import D3D11_QUERY_DESC

    dev, ctx = make_device()
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=4, MiscFlags=0))
    assert q.GetDataSize() == 88
    assert hresult_of(lambda: ctx.GetData(q, 0)) == DXGI_ERROR_INVALID_CALL


def test_device_removed_reason():
    # wine test_device_removed_reason: S_OK twice
    dev, _ = make_device()
    assert dev.GetDeviceRemovedReason() == 0 and dev.GetDeviceRemovedReason() == 0


# -- test_private_data ------------------------------------------------------------------------------

def test_private_data_interfaces():
    # wine test_private_data: an interface is held once however often it is set, released when cleared or
    # overwritten by plain data; Get AddRefs; a size below a pointer is MORE_DATA (nothing AddRef'd); unknown
    # GUIDs are NOT_FOUND; IDXGIDevice and IDXGISurface share their object's store.
    import uuid

    from pyd3d11.d3d11 import IID_IDXGIDevice, IID_IDXGISurface

    g = uuid.UUID("fdb37466-428f-4edf-a37f-9b1df488c5fc")
    g2 = uuid.UUID("2e5afac2-87b5-4c10-9b4b-89d7d112e72b")
    dev, _ = make_device()
    obj, _ = make_device()
    base = refcount(obj)
    dev.SetPrivateDataInterface(g, obj)
    assert refcount(obj) == base + 1
    dev.SetPrivateDataInterface(g, obj)
    assert refcount(obj) == base + 1
    dev.SetPrivateDataInterface(g, None)
    assert refcount(obj) == base
    dev.SetPrivateDataInterface(g, obj)
    dev.SetPrivateData(g, 16, bytes(range(16)))
    assert refcount(obj) == base
    assert dev.GetPrivateData(g, 16) == bytes(range(16))
    dev.SetPrivateDataInterface(g, obj)
    got = dev.GetPrivateData(g, 16)
    assert got is obj and refcount(obj) == base + 2
    got.Release()
    assert hresult_of(lambda: dev.GetPrivateData(g, 1)) == DXGI_ERROR_MORE_DATA
    assert refcount(obj) == base + 1
    assert hresult_of(lambda: dev.GetPrivateData(g2, 100)) == DXGI_ERROR_NOT_FOUND
    assert dev.QueryInterface(IID_IDXGIDevice).GetPrivateData(g) is obj
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC

    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=512, Height=512, MipLevels=1, ArraySize=1, Format=28,
                                                   SampleDesc=DXGI_SAMPLE_DESC(1, 0), BindFlags=RT))
    tex.SetPrivateDataInterface(g, obj)
    assert tex.QueryInterface(IID_IDXGISurface).GetPrivateData(g) is obj


# -- test_create_input_layout -----------------------------------------------------------------------

_VS_POSITION = b"float4 main(float4 position : POSITION) : SV_POSITION { return position; }"


@pytest.mark.parametrize("fmt", [16, 17, 18, 34, 36, 38, 41, 42, 43, 57, 59, 62, 64, 25])
def test_create_input_layout_accepts_any_vertex_format_for_float_input(fmt):
    # wine test_create_input_layout / test_input_assembler: a float4 POSITION input accepts UINT/SINT/FLOAT
    # element formats (R32G32_*, R16G16_*, R32_*, R16_*, R8_*, and R10G10B10A2_UINT) -- no type matching.
    from pyd3d11.d3d11 import D3D11_INPUT_ELEMENT_DESC
    from pyd3d11.d3dcompiler import D3DCompile

    dev, _ = make_device()
    blob = D3DCompile(_VS_POSITION, len(_VS_POSITION), None, None, None, "main", "vs_4_0", 0, 0)
    blob = blob[0] if isinstance(blob, tuple) else blob
    code = blob.GetBufferPointer() if hasattr(blob, "GetBufferPointer") else blob
    layout = dev.CreateInputLayout([D3D11_INPUT_ELEMENT_DESC("POSITION", 0, fmt, 0, 0, 0, 0)], 1, code, len(code))
    assert layout is not None


# -- test_clear_render_target_view / test_clear_depth_stencil_view ----------------------------------

def _tex2d(dev, fmt, bind, w=64, h=48):
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC

    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                                    SampleDesc=DXGI_SAMPLE_DESC(1, 0), BindFlags=bind))


def _texels_u32(dev, ctx, tex):
    import numpy as np

    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC

    d = tex.GetDesc()
    st = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=d.Width, Height=d.Height, MipLevels=1, ArraySize=1,
                                                  Format=d.Format, SampleDesc=DXGI_SAMPLE_DESC(1, 0), Usage=3,
                                                  CPUAccessFlags=0x20000))
    ctx.CopyResource(st, tex)
    m = ctx.Map(st, 0, 1)
    rows = np.frombuffer(bytes(m.pData), np.uint8)[:m.RowPitch * d.Height].reshape(d.Height, m.RowPitch)
    ctx.Unmap(st, 0)
    return set(rows[:, :4 * d.Width].copy().view(np.uint32).ravel().tolist())


def _close(c1: int, c2: int, tol: int) -> bool:
    return all(abs(((c1 >> s) & 0xFF) - ((c2 >> s) & 0xFF)) <= tol for s in (0, 8, 16, 24))


def test_clear_render_target_view_unorm_srgb_and_null():
    # wine test_clear_render_target_view: (0.1, 0.5, 0.3, 0.75) clears RGBA8 to 0xbf4c7f19 and RGBA8_SRGB (also an
    # SRGB view of a TYPELESS texture, on native) to 0xbf95bc59, within 1; a NULL view is ignored.
    from pyd3d11.d3d11 import D3D11_RENDER_TARGET_VIEW_DESC

    dev, ctx = make_device()
    color = [0.1, 0.5, 0.3, 0.75]
    t = _tex2d(dev, 28, RT)
    ctx.ClearRenderTargetView(dev.CreateRenderTargetView(t), color)
    ctx.ClearRenderTargetView(None, [0.0, 1.0, 0.0, 0.5])
    (got,) = _texels_u32(dev, ctx, t)
    assert _close(got, 0xBF4C7F19, 1)
    s = _tex2d(dev, 29, RT)
    ctx.ClearRenderTargetView(dev.CreateRenderTargetView(s), color)
    (got,) = _texels_u32(dev, ctx, s)
    assert _close(got, 0xBF95BC59, 1)
    tl = _tex2d(dev, 27, RT)
    ctx.ClearRenderTargetView(dev.CreateRenderTargetView(tl, D3D11_RENDER_TARGET_VIEW_DESC(Format=29, ViewDimension=4)),
                              color)
    (got,) = _texels_u32(dev, ctx, tl)
    assert _close(got, 0xBF95BC59, 1)


@pytest.mark.parametrize("flags,depth,stencil,expected", [
    (3, 1.0, 0, 0x00FFFFFF), (3, 0.0, 0xFF, 0xFF000000), (3, 1.0, 0xFF, 0xFFFFFFFF), (3, 0.0, 0, 0x00000000)])
def test_clear_depth_stencil_view_d24s8(flags, depth, stencil, expected):
    # wine test_clear_depth_stencil_view: D24_UNORM_S8_UINT texels after DEPTH|STENCIL clears
    dev, ctx = make_device()
    d = _tex2d(dev, 45, DS)
    ctx.ClearDepthStencilView(dev.CreateDepthStencilView(d), flags, depth, stencil)
    assert _texels_u32(dev, ctx, d) == {expected}


def test_clear_depth_stencil_view_partial_flags():
    # wine test_clear_depth_stencil_view: CLEAR_DEPTH leaves stencil, CLEAR_STENCIL leaves depth
    dev, ctx = make_device()
    d = _tex2d(dev, 45, DS)
    dsv = dev.CreateDepthStencilView(d)
    ctx.ClearDepthStencilView(dsv, 3, 0.0, 0)
    ctx.ClearDepthStencilView(dsv, 1, 1.0, 0xFF)
    assert _texels_u32(dev, ctx, d) == {0x00FFFFFF}
    ctx.ClearDepthStencilView(dsv, 2, 0.0, 0xFF)
    assert _texels_u32(dev, ctx, d) == {0xFFFFFFFF}
    ctx.ClearDepthStencilView(None, 1, 0.0, 0)  # NULL view: ignored
    assert _texels_u32(dev, ctx, d) == {0xFFFFFFFF}


# -- test_update_subresource / test_copy_subresource_region / test_resource_map ---------------------

_BITMAP = [0xFF0000FF, 0xFF00FFFF, 0xFF00FF00, 0xFFFFFF00, 0xFFFF0000, 0xFFFF00FF, 0xFF000000, 0xFF7F7F7F,
           0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFF000000, 0xFFFFFFFF, 0xFF000000, 0xFF000000, 0xFF000000]


def _rgba8_4x4(dev, usage=0, data=None):
    import numpy as np

    from pyd3d11.d3d11 import D3D11_SUBRESOURCE_DATA, D3D11_TEXTURE2D_DESC

    raw = np.array(data if data is not None else [0] * 16, np.uint32).tobytes()
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                                    SampleDesc=DXGI_SAMPLE_DESC(1, 0), Usage=usage, BindFlags=SRV),
                               D3D11_SUBRESOURCE_DATA(pSysMem=raw, SysMemPitch=16))


def _texels_list(dev, ctx, tex):
    import numpy as np

    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC

    st = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=28,
                                                  SampleDesc=DXGI_SAMPLE_DESC(1, 0), Usage=3, CPUAccessFlags=0x20000))
    ctx.CopyResource(st, tex)
    m = ctx.Map(st, 0, 1)
    rows = np.frombuffer(bytes(m.pData), np.uint8)[:m.RowPitch * 4].reshape(4, m.RowPitch)
    ctx.Unmap(st, 0)
    return rows[:, :16].copy().view(np.uint32).ravel().tolist()


def test_update_subresource_boxes():
    # wine test_update_subresource: partial boxes land where asked; a box with left > right or front == back is
    # ignored; a NULL box replaces the whole subresource.
    import numpy as np

    from pyd3d11.d3d11 import D3D11_BOX

    dev, ctx = make_device()
    t = _rgba8_4x4(dev)
    bm = np.array(_BITMAP, np.uint32)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(1, 1, 0, 3, 3, 1), bm, 16, 0)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(0, 3, 0, 3, 4, 1), bm[6:], 16, 0)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(0, 0, 0, 4, 1, 1), bm[10:], 16, 0)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(0, 1, 0, 1, 3, 1), bm[2:], 4, 0)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(4, 4, 0, 3, 1, 1), bm, 4, 0)
    ctx.UpdateSubresource(t, 0, D3D11_BOX(0, 0, 0, 4, 4, 0), bm, 16, 0)
    assert _texels_list(dev, ctx, t) == [
        0xFFFFFFFF, 0xFF000000, 0xFFFFFFFF, 0xFF000000, 0xFF00FF00, 0xFF0000FF, 0xFF00FFFF, 0x00000000,
        0xFFFFFF00, 0xFFFF0000, 0xFFFF00FF, 0x00000000, 0xFF000000, 0xFF7F7F7F, 0xFFFFFFFF, 0x00000000]
    ctx.UpdateSubresource(t, 0, None, bm, 16, 0)
    assert _texels_list(dev, ctx, t) == _BITMAP


def test_copy_subresource_region_boxes():
    # wine test_copy_subresource_region: box copies from an IMMUTABLE source; an empty box (back 0) is ignored; a
    # NULL box copies the whole subresource.
    from pyd3d11.d3d11 import D3D11_BOX

    dev, ctx = make_device()
    dst = _rgba8_4x4(dev)
    src = _rgba8_4x4(dev, usage=1, data=_BITMAP)
    for box, (x, y) in [((0, 0, 0, 2, 2, 1), (1, 1)), ((1, 2, 0, 4, 3, 1), (0, 3)), ((0, 3, 0, 4, 4, 1), (0, 0)),
                        ((3, 0, 0, 4, 2, 1), (0, 1)), ((3, 1, 0, 4, 2, 1), (3, 2)), ((0, 0, 0, 4, 4, 0), (0, 0))]:
        ctx.CopySubresourceRegion(dst, 0, x, y, 0, src, 0, D3D11_BOX(*box))
    assert _texels_list(dev, ctx, dst) == [
        0xFFFFFFFF, 0xFF000000, 0xFF000000, 0xFF000000, 0xFFFFFF00, 0xFF0000FF, 0xFF00FFFF, 0x00000000,
        0xFF7F7F7F, 0xFFFF0000, 0xFFFF00FF, 0xFF7F7F7F, 0xFFFFFFFF, 0xFFFFFFFF, 0xFF000000, 0x00000000]
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, None)
    assert _texels_list(dev, ctx, dst) == _BITMAP


def test_copy_subresource_region_buffer_empty_boxes():
    # wine test_copy_subresource_region: buffer boxes with bottom or back 0 copy nothing; (0,0,0,256,1,1) copies
    from pyd3d11.d3d11 import D3D11_BOX, D3D11_SUBRESOURCE_DATA

    dev, ctx = make_device()
    dst = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=CB), D3D11_SUBRESOURCE_DATA(pSysMem=bytes(256)))
    src = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4096, BindFlags=0))
    ctx.UpdateSubresource(src, 0, D3D11_BOX(0, 0, 0, 256, 1, 1), bytes(range(256)), 0, 0)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, Usage=3, CPUAccessFlags=0x20000))

    def contents() -> bytes:
        ctx.CopyResource(staging, dst)
        with ctx.Map(staging, 0, 1) as m:
            return bytes(m.pData)

    for box in [(0, 0, 0, 256, 0, 1), (0, 0, 0, 256, 1, 0), (0, 0, 0, 256, 0, 0)]:
        ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, D3D11_BOX(*box))
        assert contents() == bytes(256)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, D3D11_BOX(0, 0, 0, 256, 1, 1))
    assert contents() == bytes(range(256))


def test_resource_map_pitches_and_bad_subresource():
    # wine test_resource_map: staging buffer (1024: pitches 1024/1024), 512x512 RGBA8 (2048 / 2048*512), 64^3
    # RGBA8 (256 / 16384); subresource 1 of a one-subresource resource -> E_INVALIDARG; writes read back.
    from pyd3d11.d3d11 import D3D11_TEXTURE2D_DESC, D3D11_TEXTURE3D_DESC

    dev, ctx = make_device()
    rw = 0x30000
    resources = [
        (dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=1024, Usage=3, CPUAccessFlags=rw)), 1024, 1024),
        (dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=512, Height=512, MipLevels=1, ArraySize=1, Format=28,
                                                  SampleDesc=DXGI_SAMPLE_DESC(1, 0), Usage=3, CPUAccessFlags=rw)),
         2048, 2048 * 512),
        (dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=64, Height=64, Depth=64, MipLevels=1, Format=28, Usage=3,
                                                  CPUAccessFlags=rw)), 256, 256 * 64),
    ]
    for res, row, depth in resources:
        assert hresult_of(lambda r=res: ctx.Map(r, 1, 1)) == E_INVALIDARG
        m = ctx.Map(res, 0, 2)  # WRITE
        assert (m.RowPitch, m.DepthPitch) == (row, depth)
        m.pData[0:4] = (0xDEADBEEF).to_bytes(4, "little")
        ctx.Unmap(res, 0)
        m = ctx.Map(res, 0, 1)  # READ
        assert (m.RowPitch, m.DepthPitch) == (row, depth)
        assert int.from_bytes(bytes(m.pData[0:4]), "little") == 0xDEADBEEF
        ctx.Unmap(res, 0)


# -- test_required_format_support / test_create_rendertarget_view -----------------------------------

_LEVELS = [0xB100, 0xB000, 0xA100, 0xA000, 0x9300, 0x9200, 0x9100]


@pytest.mark.parametrize("level", _LEVELS)
def test_required_format_support(level):
    # wine test_required_format_support: format ~0 -> E_FAIL; IA_INDEX_BUFFER for R16_UINT from 9_1 and R32_UINT
    # from 9_2; DISPLAY for RGBA8/BGRA8 (+SRGB) from 9_1, RGBA16F and R10G10B10A2_UNORM from 10_0, XR_BIAS
    # required at 11_0 (optional at 10_x, absent at 9_x).
    dev, _, _ = D3D11CreateDevice(None, HARDWARE, None, 0, [level], 1, SDK)
    assert hresult_of(lambda: dev.CheckFormatSupport(0xFFFFFFFF)) == 0x80004005

    def support(fmt: int) -> int:
        try:
            return int(dev.CheckFormatSupport(fmt))
        except D3D11Error:
            return 0

    index, display = 0x4, 0x80000
    assert bool(support(57) & index)  # R16_UINT
    assert bool(support(42) & index) == (level >= 0x9200)  # R32_UINT
    for fmt in (28, 29, 87, 91):
        assert support(fmt) & display
    for fmt in (10, 24):
        assert bool(support(fmt) & display) == (level >= 0xA000)
    if level >= 0xB000:
        assert support(89) & display
    elif level < 0xA000:
        assert not support(89) & display


def test_create_rendertarget_view_of_buffer():
    # wine test_create_rendertarget_view: a RENDER_TARGET buffer with pSysMem NULL initial data -> E_INVALIDARG;
    # an RTV (R32G32B32A32_FLOAT, 64 elements) of the buffer succeeds and does not AddRef it; a NULL resource is
    # E_INVALIDARG.
    from pyd3d11.d3d11 import D3D11_RENDER_TARGET_VIEW_DESC, D3D11_SUBRESOURCE_DATA

    dev, _ = make_device()
    desc = D3D11_BUFFER_DESC(ByteWidth=1024, BindFlags=RT)
    assert hresult_of(lambda: dev.CreateBuffer(desc, D3D11_SUBRESOURCE_DATA())) == E_INVALIDARG
    buf = dev.CreateBuffer(desc)
    rtv_desc = D3D11_RENDER_TARGET_VIEW_DESC(Format=2, ViewDimension=1)
    rtv_desc.Buffer.FirstElement, rtv_desc.Buffer.NumElements = 0, 64
    assert hresult_of(lambda: dev.CreateRenderTargetView(None, rtv_desc)) == E_INVALIDARG
    before = refcount(buf)
    view = dev.CreateRenderTargetView(buf, rtv_desc)
    assert refcount(buf) == before
    got = view.GetDesc()
    assert (got.Format, got.ViewDimension, got.Buffer.FirstElement, got.Buffer.NumElements) == (2, 1, 0, 64)
