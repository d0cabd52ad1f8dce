"""Direct3D 11.1 video resources and their views (seed 000's CreateShaderResourceView / CreateRenderTargetView /
CreateUnorderedAccessView and ClearView remarks; MicrosoftDocs DXGI_FORMAT page, one paragraph per video format).

Every expected value below is restated from those pages, not read from the product: which view formats address
which plane of which video format and at what size, the creation rules (even sizes, one mip level, no CPU access
for 420_OPAQUE), the staging / initial-data layout (luma rows, then chroma rows at the same pitch, NV11's at half
of it inside rowPitch * height * 2 bytes) and the read/write conflict rule (views of different planes of one
surface conflict). Shader results are compared with numpy computations of the same definitions.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.errors import E_FAIL, E_INVALIDARG, D3D11Error, NotSupportedError

AYUV, Y410, Y416, NV12, P010, P016, OPAQUE, YUY2, Y210, Y216, NV11 = 100, 101, 102, 103, 104, 105, 106, 107, 108, \
    109, 110
AI44, IA44, P8, A8P8, P208, V208, V408 = 111, 112, 113, 114, 130, 131, 132
R8, R8U, R8G8, R8G8U, R16, R16U, R16G16, R16G16U, R32U = 61, 62, 49, 50, 56, 57, 35, 36, 42
RGBA8, RGBA8U, RGB10A2, RGB10A2U, RGBA16, RGBA16U, RGBG = 28, 30, 24, 25, 11, 12, 68
SR, RT, UA = D3D11_BIND_SHADER_RESOURCE, D3D11_BIND_RENDER_TARGET, D3D11_BIND_UNORDERED_ACCESS

# The DXGI_FORMAT page, restated: video format -> {view format: (plane, width divisor, height divisor, kinds)}.
ALL, SU, U_, S_ = "srv rtv uav", "srv uav", "uav", "srv"
DOC_VIEWS = {
    AYUV: {RGBA8: (0, 1, 1, ALL), RGBA8U: (0, 1, 1, ALL), R32U: (0, 1, 1, U_)},
    Y410: {RGB10A2: (0, 1, 1, SU), RGB10A2U: (0, 1, 1, SU), R32U: (0, 1, 1, U_)},
    Y416: {RGBA16: (0, 1, 1, SU), RGBA16U: (0, 1, 1, SU)},
    NV12: {R8: (0, 1, 1, ALL), R8U: (0, 1, 1, ALL), R8G8: (1, 2, 2, ALL), R8G8U: (1, 2, 2, ALL)},
    P010: {R16: (0, 1, 1, ALL), R16U: (0, 1, 1, ALL), R16G16: (1, 2, 2, ALL), R16G16U: (1, 2, 2, ALL),
           R32U: (1, 2, 2, U_)},
    P016: {R16: (0, 1, 1, ALL), R16U: (0, 1, 1, ALL), R16G16: (1, 2, 2, ALL), R16G16U: (1, 2, 2, ALL),
           R32U: (1, 2, 2, U_)},
    YUY2: {RGBA8: (0, 2, 1, SU), RGBA8U: (0, 2, 1, SU), R32U: (0, 2, 1, U_), RGBG: (0, 1, 1, S_)},
    Y210: {RGBA16: (0, 2, 1, SU), RGBA16U: (0, 2, 1, SU)},
    Y216: {RGBA16: (0, 2, 1, SU), RGBA16U: (0, 2, 1, SU)},
    NV11: {R8: (0, 1, 1, ALL), R8U: (0, 1, 1, ALL), R8G8: (1, 4, 1, ALL), R8G8U: (1, 4, 1, ALL)},
}
# Bytes of one luma-plane element (a 2x1 macropixel for the 4:2:2 packed formats) and of the subresource.
LUMA_BYTES = {AYUV: 4, Y410: 4, Y416: 8, NV12: 1, P010: 2, P016: 2, YUY2: 4, Y210: 8, Y216: 8, NV11: 1}
PACKED_422 = {YUY2, Y210, Y216}
CANDIDATES = (R8, R8U, R8G8, R8G8U, R16, R16U, R16G16, R16G16U, R32U, RGBA8, RGBA8U, RGB10A2, RGB10A2U, RGBA16,
              RGBA16U, RGBG, 63, 51, 29, 41, 10)  # + R8_SNORM, R8G8_SNORM, RGBA8_SRGB, R32_FLOAT, RGBA16_FLOAT
BIND_FOR = {"srv": SR, "rtv": RT, "uav": UA}
W, H = 8, 4


def device():
    """A feature level 11_1 device (ClearView, and the 11_x columns of the spreadsheets)."""
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_11_1], 1,
                                    D3D11_SDK_VERSION)
    return dev, ctx


@pytest.fixture(scope="module")
def dc():
    return device()


def hr(fn, *a):
    try:
        fn(*a)
    except D3D11Error as e:
        return e.hresult
    return 0


def tex2d(dev, fmt, w=W, h=H, bind=SR, arr=1, mips=1, usage=0, cpu=0, init=None, misc=0):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=mips, ArraySize=arr, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        Usage=usage, BindFlags=bind, CPUAccessFlags=cpu, MiscFlags=misc), init)


def view(dev, kind, res, fmt, array=False, plane=None):
    if kind == "srv":
        if array:
            d = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
                                                Texture2DArray=D3D11_TEX2D_ARRAY_SRV(0, 1, 0, 2))
        elif plane is not None:
            return dev.CreateShaderResourceView1(res, D3D11_SHADER_RESOURCE_VIEW_DESC1(
                Format=fmt, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2D, Texture2D=D3D11_TEX2D_SRV1(0, 1, plane)))
        else:
            d = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2D,
                                                Texture2D=D3D11_TEX2D_SRV(0, 1))
        return dev.CreateShaderResourceView(res, d)
    if kind == "rtv":
        if array:
            d = D3D11_RENDER_TARGET_VIEW_DESC(Format=fmt, ViewDimension=D3D11_RTV_DIMENSION_TEXTURE2DARRAY,
                                              Texture2DArray=D3D11_TEX2D_ARRAY_RTV(0, 0, 2))
        else:
            d = D3D11_RENDER_TARGET_VIEW_DESC(Format=fmt, ViewDimension=D3D11_RTV_DIMENSION_TEXTURE2D)
        return dev.CreateRenderTargetView(res, d)
    if array:
        d = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=fmt, ViewDimension=D3D11_UAV_DIMENSION_TEXTURE2DARRAY,
                                             Texture2DArray=D3D11_TEX2D_ARRAY_UAV(0, 0, 2))
    else:
        d = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=fmt, ViewDimension=D3D11_UAV_DIMENSION_TEXTURE2D)
    return dev.CreateUnorderedAccessView(res, d)


def _bind_for(fmt):
    kinds = {k for v in DOC_VIEWS[fmt].values() for k in v[3].split()}
    return sum(BIND_FOR[k] for k in kinds)


# -- view creation: (video format, view kind, view format) -> plane and size, or E_INVALIDARG ------------------

VIEW_CASES = [(f, k, vf) for f in DOC_VIEWS for k in ("srv", "rtv", "uav") for vf in CANDIDATES + (f, 0)]


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt,kind,vfmt", VIEW_CASES)
def test_view_format_selects_plane_or_is_refused(dc, fmt, kind, vfmt):
    dev, _ = dc
    kinds = {k for v in DOC_VIEWS[fmt].values() for k in v[3].split()}
    if kind not in kinds:
        # the resource cannot even carry the bind flag (the format has no such view type)
        assert hr(tex2d, dev, fmt, W, H, BIND_FOR[kind]) == E_INVALIDARG
        return
    res = tex2d(dev, fmt, bind=_bind_for(fmt))
    doc = DOC_VIEWS[fmt].get(vfmt)
    if doc is None or kind not in doc[3].split():
        assert hr(view, dev, kind, res, vfmt) == E_INVALIDARG
        return
    plane, wd, hd, _ = doc
    v = view(dev, kind, res, vfmt)
    st = v._view.storage
    L = st.subresources[0]
    assert (L.width, L.height) == (W // wd, H // hd)
    luma_pitch = (W // 2 if fmt in PACKED_422 else W) * LUMA_BYTES[fmt]
    assert L.offset == (luma_pitch * H if plane == 1 else 0)  # chroma follows the luma rows
    assert v.GetDesc().Format == vfmt


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt", [OPAQUE, AI44, IA44, P8, A8P8])
def test_formats_without_view_formats(dc, fmt):
    dev, _ = dc
    res = tex2d(dev, fmt, bind=0)
    for kind in ("srv", "rtv", "uav"):
        assert hr(tex2d, dev, fmt, W, H, BIND_FOR[kind]) == E_INVALIDARG  # no shader / RT / UAV use
    assert res.GetDesc().Format == fmt


@pytest.mark.backend_independent
@pytest.mark.parametrize("kind", ["srv", "rtv", "uav"])
def test_view_dimension_matches_texture_or_array(dc, kind):
    dev, _ = dc
    single = tex2d(dev, NV12, bind=SR | RT | UA)
    array = tex2d(dev, NV12, bind=SR | RT | UA, arr=2)
    assert view(dev, kind, single, R8) is not None
    assert view(dev, kind, array, R8G8, array=True) is not None
    assert hr(view, dev, kind, single, R8, True) == E_INVALIDARG  # TEXTURE2DARRAY on a Texture2D
    assert hr(view, dev, kind, array, R8) == E_INVALIDARG  # TEXTURE2D on a Texture2DArray
    assert hr(getattr(dev, {"srv": "CreateShaderResourceView", "rtv": "CreateRenderTargetView",
                            "uav": "CreateUnorderedAccessView"}[kind]), single, None) == E_INVALIDARG  # NV12 itself


@pytest.mark.backend_independent
def test_ms_dimension_and_plane_slice(dc):
    dev, _ = dc
    res = tex2d(dev, NV12, bind=SR)
    ms = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=R8, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2DMS)
    assert hr(dev.CreateShaderResourceView, res, ms) == E_INVALIDARG
    assert view(dev, "srv", res, R8G8, plane=1)._view.storage.subresources[0].width == W // 2
    assert view(dev, "srv", res, R8G8, plane=0) is not None  # PlaneSlice 0: the format picks the plane
    assert hr(view, dev, "srv", res, R8, False, 1) == E_INVALIDARG  # R8 is the luma plane, not plane 1


# -- creation rules --------------------------------------------------------------------------------------------

SIZE_CASES = [  # (format, width, height, accepted): 4:2:0 even both, 4:2:2 even width, NV11 width % 4
    (NV12, 8, 4, True), (NV12, 7, 4, False), (NV12, 8, 3, False), (P010, 6, 2, True), (P010, 6, 5, False),
    (P016, 3, 2, False), (OPAQUE, 4, 2, True), (OPAQUE, 4, 1, False), (YUY2, 6, 3, True), (YUY2, 5, 2, False),
    (Y210, 2, 1, True), (Y216, 3, 1, False), (NV11, 12, 3, True), (NV11, 6, 2, False), (AYUV, 3, 3, True),
    (Y410, 1, 1, True), (Y416, 5, 7, True), (P8, 3, 5, True), (A8P8, 1, 3, True),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt,w,h,ok", SIZE_CASES)
def test_size_multiples(dc, fmt, w, h, ok):
    dev, _ = dc
    assert hr(tex2d, dev, fmt, w, h, 0) == (0 if ok else E_INVALIDARG)


@pytest.mark.backend_independent
def test_creation_rules(dc):
    dev, _ = dc
    assert hr(tex2d, dev, NV12, 8, 4, SR, 1, 2) == E_INVALIDARG  # one mip level (no Mip support)
    assert hr(tex2d, dev, NV12, 8, 4, SR, 1, 0) == E_INVALIDARG  # 0 = full chain = 3 levels
    assert hr(tex2d, dev, YUY2, 8, 4, SR, 1, 2) == E_INVALIDARG
    assert tex2d(dev, AYUV, 8, 4, SR, 1, 2).GetDesc().MipLevels == 2  # AYUV supports mips
    assert tex2d(dev, NV12, 8, 4, SR, arr=3).GetDesc().ArraySize == 3
    assert hr(tex2d, dev, YUY2, 8, 4, RT) == E_INVALIDARG  # YUY2: SRV and UAV only
    assert hr(tex2d, dev, OPAQUE, 8, 4, 0, 1, 1, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ) == E_INVALIDARG
    assert tex2d(dev, NV12, 8, 4, 0, 1, 1, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ) is not None
    assert hr(tex2d, dev, NV12, 8, 4, D3D11_BIND_DEPTH_STENCIL) == E_INVALIDARG
    assert hr(tex2d, dev, NV12, 8, 8, SR, 6, 1, 0, 0, None, D3D11_RESOURCE_MISC_TEXTURECUBE) == E_INVALIDARG
    for fmt in (P208, V208, V408):  # not D3D11 formats (absent from the D3D11.3 spreadsheets)
        assert hr(tex2d, dev, fmt, 8, 4, 0) == E_INVALIDARG
    assert hr(dev.CreateTexture1D, D3D11_TEXTURE1D_DESC(Width=8, MipLevels=1, ArraySize=1, Format=NV12,
                                                        BindFlags=SR)) == E_INVALIDARG
    assert hr(dev.CreateTexture3D, D3D11_TEXTURE3D_DESC(Width=8, Height=4, Depth=2, MipLevels=1, Format=NV12,
                                                        BindFlags=SR)) == E_INVALIDARG
    ms = D3D11_TEXTURE2D_DESC(Width=8, Height=4, MipLevels=1, ArraySize=1, Format=NV12,
                              SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=RT)
    assert hr(dev.CreateTexture2D, ms) == E_INVALIDARG
    assert dev.CheckMultisampleQualityLevels(NV12, 1) == 1 and dev.CheckMultisampleQualityLevels(NV12, 4) == 0


# -- CheckFormatSupport: the D3D11.3 spreadsheet rows at 11_1 (video-engine bits never reported) ---------------

F = {n: globals()[f"D3D11_FORMAT_SUPPORT_{n}"] for n in (
    "TEXTURE2D", "SHADER_LOAD", "SHADER_SAMPLE", "SHADER_GATHER", "MIP", "MIP_AUTOGEN", "RENDER_TARGET",
    "BLENDABLE", "CPU_LOCKABLE", "TYPED_UNORDERED_ACCESS_VIEW")}
BASE = F["TEXTURE2D"] | F["SHADER_LOAD"] | F["SHADER_SAMPLE"] | F["SHADER_GATHER"] | F["CPU_LOCKABLE"] | \
    F["TYPED_UNORDERED_ACCESS_VIEW"]
SUPPORT_11_1 = {
    AYUV: BASE | F["MIP"] | F["MIP_AUTOGEN"] | F["RENDER_TARGET"] | F["BLENDABLE"],
    Y410: BASE, Y416: BASE | F["MIP"], YUY2: BASE, Y210: BASE, Y216: BASE,
    NV12: BASE | F["RENDER_TARGET"] | F["BLENDABLE"], NV11: BASE | F["RENDER_TARGET"] | F["BLENDABLE"],
    P010: BASE | F["RENDER_TARGET"] | F["BLENDABLE"], P016: BASE | F["RENDER_TARGET"] | F["BLENDABLE"],
    OPAQUE: F["TEXTURE2D"], AI44: F["TEXTURE2D"] | F["CPU_LOCKABLE"], IA44: F["TEXTURE2D"] | F["CPU_LOCKABLE"],
    P8: F["TEXTURE2D"] | F["CPU_LOCKABLE"], A8P8: F["TEXTURE2D"] | F["CPU_LOCKABLE"],
}


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt", sorted(SUPPORT_11_1))
def test_check_format_support(dc, fmt):
    dev, _ = dc
    assert dev.GetFeatureLevel() == D3D_FEATURE_LEVEL_11_1
    assert dev.CheckFormatSupport(fmt) == SUPPORT_11_1[fmt]
    s2 = dev.CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, D3D11_FEATURE_DATA_FORMAT_SUPPORT2(InFormat=fmt))
    store = D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE if SUPPORT_11_1[fmt] & F["TYPED_UNORDERED_ACCESS_VIEW"] else 0
    shareable = D3D11_FORMAT_SUPPORT2_SHAREABLE if fmt not in (AI44, IA44, P8, A8P8) else 0  # YUV: shareable
    assert s2.OutFormatSupport2 == store | shareable


@pytest.mark.backend_independent
def test_check_format_support_refuses_d3d12_formats(dc):
    dev, _ = dc
    for fmt in (P208, V208, V408):
        assert hr(dev.CheckFormatSupport, fmt) == E_FAIL


# -- memory layout: initial data, Map, UpdateSubresource, copies ---------------------------------------------------

def nv12_bytes(y, uv, pitch):
    """Application memory of one NV12 frame: luma rows, then chroma rows, all ``pitch`` bytes apart."""
    h, w = y.shape
    out = np.full(pitch * (h + h // 2), 0xEE, np.uint8)
    for r in range(h):
        out[r * pitch:r * pitch + w] = y[r]
    for r in range(h // 2):
        out[(h + r) * pitch:(h + r) * pitch + w] = uv[r].reshape(-1)
    return out


def frame(seed, w=W, h=H):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 256, (h, w), np.uint8), rng.integers(0, 256, (h // 2, w // 2, 2), np.uint8)


def read_nv12(dev, ctx, res, w=W, h=H):
    st = tex2d(dev, NV12, w, h, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    ctx.CopyResource(st, res)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    assert (m.RowPitch, m.DepthPitch) == (w, w * (h + h // 2))
    b = np.frombuffer(m.pData, np.uint8).copy()
    ctx.Unmap(st, 0)
    return b[:w * h].reshape(h, w), b[w * h:].reshape(h // 2, w // 2, 2)


@pytest.mark.backend_independent
def test_initial_data_map_and_update_layout(dc):
    dev, ctx = dc
    y, uv = frame(1)
    res = tex2d(dev, NV12, bind=SR, init=[D3D11_SUBRESOURCE_DATA(pSysMem=nv12_bytes(y, uv, 12), SysMemPitch=12)])
    gy, guv = read_nv12(dev, ctx, res)
    assert np.array_equal(gy, y) and np.array_equal(guv, uv)
    y2, uv2 = frame(2)
    ctx.UpdateSubresource(res, 0, None, nv12_bytes(y2, uv2, 16), 16, 0)
    gy, guv = read_nv12(dev, ctx, res)
    assert np.array_equal(gy, y2) and np.array_equal(guv, uv2)
    ctx.UpdateSubresource(res, 0, None, nv12_bytes(y, uv, 8)[:-1], 8, 0)  # one byte short: dropped
    assert np.array_equal(read_nv12(dev, ctx, res)[0], y2)
    with pytest.raises(NotSupportedError, match="NV12"):
        ctx.UpdateSubresource(res, 0, D3D11_BOX(0, 0, 0, 2, 2, 1), nv12_bytes(y, uv, 8), 8, 0)
    # staging written through Map, copied whole-subresource to a default texture
    st = tex2d(dev, NV12, bind=0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ)
    m = ctx.Map(st, 0, D3D11_MAP_WRITE, 0)
    np.frombuffer(m.pData, np.uint8)[:] = nv12_bytes(y, uv, W)
    ctx.Unmap(st, 0)
    dst = tex2d(dev, NV12, bind=SR)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, st, 0, None)
    gy, guv = read_nv12(dev, ctx, dst)
    assert np.array_equal(gy, y) and np.array_equal(guv, uv)
    # a box on whole chroma samples: luma box (2, 2)-(6, 4) to (0, 0) moves chroma (1, 1)-(3, 2) to (0, 0)
    part = tex2d(dev, NV12, bind=SR)
    ctx.CopySubresourceRegion(part, 0, 0, 0, 0, st, 0, D3D11_BOX(2, 2, 0, 6, 4, 1))
    ey, euv = np.zeros_like(y), np.zeros_like(uv)
    ey[0:2, 0:4], euv[0:1, 0:2] = y[2:4, 2:6], uv[1:2, 1:3]
    ctx.CopySubresourceRegion(part, 0, 1, 0, 0, st, 0, D3D11_BOX(2, 2, 0, 6, 4, 1))  # odd DstX: dropped
    ctx.CopySubresourceRegion(part, 0, 0, 0, 0, st, 0, D3D11_BOX(1, 2, 0, 5, 4, 1))  # odd left: dropped
    ctx.CopySubresourceRegion(part, 0, 6, 0, 0, st, 0, D3D11_BOX(2, 2, 0, 6, 4, 1))  # past the right edge
    gy, guv = read_nv12(dev, ctx, part)
    assert np.array_equal(gy, ey) and np.array_equal(guv, euv)


@pytest.mark.backend_independent
@pytest.mark.parametrize("fmt,w,h,pitch,size", [
    (NV12, 8, 4, 8, 48), (P010, 8, 4, 16, 96), (P016, 4, 2, 8, 24), (NV11, 8, 4, 8, 64), (YUY2, 8, 2, 16, 32),
    (Y210, 4, 1, 16, 16), (Y216, 2, 3, 8, 24), (AYUV, 3, 2, 12, 24), (Y410, 3, 1, 12, 12), (Y416, 2, 2, 16, 32),
    (NV12, 2, 2, 2, 6), (P8, 5, 3, 5, 15), (IA44, 2, 1, 2, 2), (AI44, 1, 2, 1, 2),
    (A8P8, 2, 2, 4, 8)])
def test_map_pitches(dc, fmt, w, h, pitch, size):
    """RowPitch is the luma row; DepthPitch rowPitch * (height + height / 2) for 4:2:0, rowPitch * height * 2
    for NV11, rowPitch * height otherwise."""
    dev, ctx = dc
    st = tex2d(dev, fmt, w, h, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    assert (m.RowPitch, m.DepthPitch, len(np.frombuffer(m.pData, np.uint8))) == (pitch, size, size)
    ctx.Unmap(st, 0)


@pytest.mark.backend_independent
def test_nv11_box_copy_on_whole_chroma_samples(dc):
    """NV11's chroma sample covers 4x1 luma texels: a box copy needs x edges on multiples of 4 (any y)."""
    dev, ctx = dc
    rng = np.random.default_rng(12)
    src = rng.integers(0, 256, 8 * 3 * 2, np.uint8)  # luma 8x3 at pitch 8, chroma 2x3 at pitch 4, padding
    a = tex2d(dev, NV11, 8, 3, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE)
    m = ctx.Map(a, 0, D3D11_MAP_WRITE, 0)
    np.frombuffer(m.pData, np.uint8)[:] = src
    ctx.Unmap(a, 0)
    b = tex2d(dev, NV11, 8, 3, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    ctx.CopySubresourceRegion(b, 0, 0, 2, 0, a, 0, D3D11_BOX(4, 1, 0, 8, 2, 1))
    ctx.CopySubresourceRegion(b, 0, 0, 0, 0, a, 0, D3D11_BOX(2, 0, 0, 6, 1, 1))  # x not a multiple of 4: dropped
    m = ctx.Map(b, 0, D3D11_MAP_READ, 0)
    got = np.frombuffer(m.pData, np.uint8).copy()
    ctx.Unmap(b, 0)
    exp = np.zeros(48, np.uint8)
    exp[16:20] = src[12:16]  # luma row 1, x 4..7 -> row 2, x 0..3
    exp[24 + 8:24 + 10] = src[24 + 4 + 2:24 + 4 + 4]  # chroma row 1, sample 1 -> row 2, sample 0
    assert np.array_equal(got, exp)


@pytest.mark.backend_independent
def test_nv11_chroma_rows_at_half_pitch(dc):
    """NV11 memory: (SysMemPitch * height) luma bytes, then ((SysMemPitch / 2) * height) chroma bytes."""
    dev, ctx = dc
    rng = np.random.default_rng(5)
    y = rng.integers(0, 256, (4, 8), np.uint8)
    uv = rng.integers(0, 256, (4, 2, 2), np.uint8)  # quarter width, full height
    pitch = 12
    mem = np.zeros(pitch * 4 * 2, np.uint8)
    for r in range(4):
        mem[r * pitch:r * pitch + 8] = y[r]
        mem[4 * pitch + r * pitch // 2:4 * pitch + r * pitch // 2 + 4] = uv[r].reshape(-1)
    res = tex2d(dev, NV11, bind=SR, init=[D3D11_SUBRESOURCE_DATA(pSysMem=mem, SysMemPitch=pitch)])
    st = tex2d(dev, NV11, 8, 4, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    ctx.CopyResource(st, res)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    b = np.frombuffer(m.pData, np.uint8).copy()
    ctx.Unmap(st, 0)
    assert np.array_equal(b[:32].reshape(4, 8), y)
    assert np.array_equal(b[32:48].reshape(4, 2, 2), uv)  # rows of 4 bytes = RowPitch / 2
    # UpdateSubresource reads exactly 4 luma rows at the pitch and 4 chroma rows at half of it: 70 bytes
    dst = tex2d(dev, NV11, bind=SR)
    ctx.UpdateSubresource(dst, 0, None, mem[:4 * pitch + 3 * pitch // 2 + 4], pitch, 0)
    ctx.CopyResource(st, dst)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    assert np.array_equal(np.frombuffer(m.pData, np.uint8)[:48], b[:48])
    ctx.Unmap(st, 0)


# -- shaders read and write the planes (both backends) --------------------------------------------------------------

READ_CS = """
Texture2D<float> L : register(t0); Texture2D<float2> C : register(t1); RWByteAddressBuffer o : register(u0);
[numthreads(8, 4, 1)] void main(uint3 t : SV_DispatchThreadID) {
    uint i = t.y * 8 + t.x;
    float2 c = C.Load(int3(t.x / CX, t.y / CY, 0));
    o.Store3(i * 12, asuint(float3(L.Load(int3(t.xy, 0)), c)));
}"""


def compute(dev, ctx, src, srvs=(), uavs=(), groups=(1, 1, 1), defines=None):
    blob = D3DCompile(src, len(src), None, defines, None, "main", "cs_5_0", 0, 0)
    ctx.CSSetShader(dev.CreateComputeShader(blob, len(blob), None), None, 0)
    ctx.CSSetShaderResources(0, len(srvs), list(srvs))
    ctx.CSSetUnorderedAccessViews(0, len(uavs), list(uavs), None)
    ctx.Dispatch(*groups)
    ctx.CSSetShaderResources(0, len(srvs), [None] * len(srvs))
    ctx.CSSetUnorderedAccessViews(0, len(uavs), [None] * len(uavs), None)


def raw_out(dev, nbytes):
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=nbytes, BindFlags=UA,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=nbytes // 4, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    return buf, uav


def read_buffer(dev, ctx, buf, nbytes, dtype=np.float32):
    st = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=nbytes, Usage=D3D11_USAGE_STAGING,
                                            CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, buf)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    out = np.frombuffer(m.pData, dtype).copy()
    ctx.Unmap(st, 0)
    return out


@pytest.mark.usefixtures("both_backends")
@pytest.mark.parametrize("fmt", [NV12, P010, NV11])
def test_shader_reads_luma_and_chroma(fmt):
    dev, ctx = device()
    rng = np.random.default_rng(fmt)
    cx, cy = {NV12: (2, 2), P010: (2, 2), NV11: (4, 1)}[fmt]
    wide = fmt == P010
    dt, top = (np.uint16, 65535) if wide else (np.uint8, 255)
    y = rng.integers(0, top + 1, (H, W)).astype(dt)
    uv = rng.integers(0, top + 1, (H // cy, W // cx, 2)).astype(dt)
    luma_pitch = W * (2 if wide else 1)
    chroma_pitch = luma_pitch // 2 if fmt == NV11 else luma_pitch
    size = luma_pitch * H * 2 if fmt == NV11 else luma_pitch * H * 3 // 2
    mem = np.zeros(size, np.uint8)
    mem[:luma_pitch * H] = y.view(np.uint8).reshape(-1)
    mem[luma_pitch * H:luma_pitch * H + chroma_pitch * (H // cy)] = uv.view(np.uint8).reshape(-1)
    # UpdateSubresource (a default texture) fills it; Map can not reach a shader-visible texture
    res = tex2d(dev, fmt, bind=SR)
    ctx.UpdateSubresource(res, 0, None, mem, luma_pitch, 0)
    lf, cf = (R16, R16G16) if wide else (R8, R8G8)
    out, uav = raw_out(dev, W * H * 12)
    views = [view(dev, "srv", res, lf), view(dev, "srv", res, cf)]
    compute(dev, ctx, READ_CS, views, [uav],
            defines=[D3D_SHADER_MACRO("CX", str(cx)), D3D_SHADER_MACRO("CY", str(cy))])
    got = read_buffer(dev, ctx, out, W * H * 12).reshape(H, W, 3)
    exp = np.zeros((H, W, 3), np.float32)
    exp[..., 0] = y.astype(np.float32) / np.float32(top)
    exp[..., 1:] = uv.repeat(cy, 0).repeat(cx, 1).astype(np.float32) / np.float32(top)
    assert np.array_equal(got, exp)
    # a later update of the resource is what the same views read next (no stale plane)
    ctx.UpdateSubresource(res, 0, None, (mem ^ 0xFF).astype(np.uint8), luma_pitch, 0)
    compute(dev, ctx, READ_CS, [views[0], views[1]], [uav],
            defines=[D3D_SHADER_MACRO("CX", str(cx)), D3D_SHADER_MACRO("CY", str(cy))])
    got = read_buffer(dev, ctx, out, W * H * 12).reshape(H, W, 3)
    exp[..., 0] = (top - y.astype(np.float32)) / np.float32(top)
    exp[..., 1:] = (top - uv.repeat(cy, 0).repeat(cx, 1).astype(np.float32)) / np.float32(top)
    assert np.array_equal(got, exp)


@pytest.mark.usefixtures("both_backends")
def test_yuy2_macropixel_and_rgbg_views():
    """YUY2 through R8G8B8A8_UNORM: one texel per macropixel, (Y0, U0, Y1, V0); through R8G8_B8G8_UNORM: the full
    width, pixel 2k = (Y0, U0, Y1) and pixel 2k+1 = (Y0, V0, Y1)."""
    dev, ctx = device()
    rng = np.random.default_rng(9)
    mp = rng.integers(0, 256, (H, W // 2, 4), np.uint8)  # Y0 U0 Y1 V0 per macropixel
    res = tex2d(dev, YUY2, bind=SR, init=[D3D11_SUBRESOURCE_DATA(pSysMem=mp, SysMemPitch=W * 2)])
    src = """Texture2D<float4> A : register(t0); Texture2D<float4> B : register(t1); RWByteAddressBuffer o : register(u0);
    [numthreads(8, 4, 1)] void main(uint3 t : SV_DispatchThreadID) {
        uint i = t.y * 8 + t.x;
        o.Store4(i * 32, asuint(A.Load(int3(t.x / 2, t.y, 0))));
        o.Store3(i * 32 + 16, asuint(B.Load(int3(t.xy, 0)).rgb));
    }"""
    out, uav = raw_out(dev, W * H * 32)
    compute(dev, ctx, src, [view(dev, "srv", res, RGBA8), view(dev, "srv", res, RGBG)], [uav])
    got = read_buffer(dev, ctx, out, W * H * 32).reshape(H, W, 8)
    f = mp.astype(np.float32) / np.float32(255)
    assert np.array_equal(got[..., :4], f.repeat(2, 1))
    exp_b = np.zeros((H, W, 3), np.float32)
    exp_b[:, 0::2] = f[..., [0, 1, 2]]
    exp_b[:, 1::2] = f[..., [0, 3, 2]]
    assert np.array_equal(got[..., 4:7], exp_b)


VS = "float4 main(uint i : SV_VertexID) : SV_Position { return float4(i == 1 ? 3 : -1, i == 2 ? -3 : 1, 0, 1); }"
PS = "float2 main(float4 p : SV_Position) : SV_Target { return float2(uint(p.x) * 16, uint(p.y) * 32) / 255.0; }"


@pytest.mark.usefixtures("both_backends")
def test_render_into_chroma_plane():
    dev, ctx = device()
    y, uv = frame(3)
    res = tex2d(dev, NV12, bind=SR | RT, init=[D3D11_SUBRESOURCE_DATA(pSysMem=nv12_bytes(y, uv, W), SysMemPitch=W)])
    vs = D3DCompile(VS, len(VS), None, None, None, "main", "vs_5_0", 0, 0)
    ps = D3DCompile(PS, len(PS), None, None, None, "main", "ps_5_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.OMSetRenderTargets(1, [view(dev, "rtv", res, R8G8)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W // 2, H // 2, 0, 1)])
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    gy, guv = read_nv12(dev, ctx, res)
    assert np.array_equal(gy, y)  # the luma plane is untouched
    xs, ys = np.meshgrid(np.arange(W // 2), np.arange(H // 2))
    assert np.array_equal(guv[..., 0], (xs * 16).astype(np.uint8))
    assert np.array_equal(guv[..., 1], (ys * 32).astype(np.uint8))


@pytest.mark.usefixtures("both_backends")
def test_uav_writes_chroma_and_r32_uint_reads_it_back():
    """P010's chroma plane through R16G16_UINT (write) and R32_UINT (the read+write UAV format): element (x, y)
    is one 32-bit word holding U in the low and V in the high 16 bits."""
    dev, ctx = device()
    res = tex2d(dev, P010, bind=SR | UA)
    src = """RWTexture2D<uint2> C : register(u0);
    [numthreads(4, 2, 1)] void main(uint3 t : SV_DispatchThreadID) { C[t.xy] = uint2(t.x * 1000 + 7, t.y * 3000 + 1); }"""
    compute(dev, ctx, src, uavs=[view(dev, "uav", res, R16G16U)])
    src2 = """RWTexture2D<uint> C : register(u0); RWByteAddressBuffer o : register(u1);
    [numthreads(4, 2, 1)] void main(uint3 t : SV_DispatchThreadID) { o.Store((t.y * 4 + t.x) * 4, C[t.xy]); }"""
    out, uav = raw_out(dev, 32)
    compute(dev, ctx, src2, uavs=[view(dev, "uav", res, R32U), uav])
    got = read_buffer(dev, ctx, out, 32, np.uint32).reshape(2, 4)
    xs, ys = np.meshgrid(np.arange(4), np.arange(2))
    assert np.array_equal(got, (xs * 1000 + 7) | ((ys * 3000 + 1) << 16))


# -- ClearView and the read/write conflict rule -------------------------------------------------------------------

@pytest.mark.backend_independent
def test_clear_view_on_chroma_rtv_and_luma_uav(dc):
    dev, ctx = dc
    y, uv = frame(4)
    res = tex2d(dev, NV12, bind=SR | RT | UA, init=[D3D11_SUBRESOURCE_DATA(pSysMem=nv12_bytes(y, uv, W),
                                                                           SysMemPitch=W)])
    ctx.ClearView(view(dev, "rtv", res, R8G8), (0.25, 0.75, 0, 0), [D3D11_RECT(1, 0, 3, 1)], 1)
    ctx.ClearView(view(dev, "uav", res, R8U), (235.9, 0, 0, 0), [D3D11_RECT(0, 3, 2, 4)], 1)
    gy, guv = read_nv12(dev, ctx, res)
    ey, euv = y.copy(), uv.copy()
    euv[0, 1:3] = (64, 191)  # 0.25 * 255 = 63.75 -> 64, 0.75 * 255 = 191.25 -> 191
    ey[3, 0:2] = 235  # integer views take the float truncated toward zero
    assert np.array_equal(gy, ey) and np.array_equal(guv, euv)


@pytest.mark.backend_independent
def test_luma_read_and_chroma_write_conflict(dc):
    dev, ctx = dc
    res = tex2d(dev, NV12, bind=SR | RT | UA)
    other = tex2d(dev, NV12, bind=SR | RT)
    luma, chroma_rt = view(dev, "srv", res, R8), view(dev, "rtv", res, R8G8)
    # an output binding of chroma unbinds the luma SRV of the same surface
    ctx.PSSetShaderResources(0, 1, [luma])
    ctx.OMSetRenderTargets(1, [chroma_rt], None)
    assert ctx.PSGetShaderResources(0, 1)[0] is None
    # while chroma is bound for output, binding luma for input is refused (slot set to NULL)
    ctx.PSSetShaderResources(0, 1, [luma])
    assert ctx.PSGetShaderResources(0, 1)[0] is None
    # another surface's luma is no conflict
    ctx.PSSetShaderResources(0, 1, [view(dev, "srv", other, R8)])
    assert ctx.PSGetShaderResources(0, 1)[0] is not None
    ctx.OMSetRenderTargets(0, [], None)
    ctx.PSSetShaderResources(0, 1, [None])
    # compute: a luma UAV unbinds a chroma SRV
    ctx.CSSetShaderResources(0, 1, [view(dev, "srv", res, R8G8)])
    ctx.CSSetUnorderedAccessViews(0, 1, [view(dev, "uav", res, R8U)], None)
    assert ctx.CSGetShaderResources(0, 1)[0] is None
    ctx.CSSetUnorderedAccessViews(0, 1, [None], None)


# -- the rest of the resource life: mips of AYUV, deferred updates, lower feature levels, sharing -----------------

@pytest.mark.backend_independent
def test_ayuv_generates_mips_through_its_rgba_view(dc):
    """AYUV has the spreadsheet's Mip and MipAutogen columns: GenerateMips through an R8G8B8A8_UNORM SRV averages
    2x2 texels (a uniform image stays uniform down the chain)."""
    dev, ctx = dc
    t = tex2d(dev, AYUV, 4, 4, SR | RT, mips=0, misc=D3D11_RESOURCE_MISC_GENERATE_MIPS)
    assert t.GetDesc().MipLevels == 3
    srv = dev.CreateShaderResourceView(t, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=RGBA8, ViewDimension=D3D11_SRV_DIMENSION_TEXTURE2D, Texture2D=D3D11_TEX2D_SRV(0, 3)))
    ctx.UpdateSubresource(t, 0, None, np.tile(np.array([16, 128, 235, 255], np.uint8), 16), 16, 0)
    ctx.GenerateMips(srv)
    st = tex2d(dev, AYUV, 4, 4, 0, mips=3, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    ctx.CopyResource(st, t)
    m = ctx.Map(st, 2, D3D11_MAP_READ, 0)
    assert np.frombuffer(m.pData, np.uint8).tolist() == [16, 128, 235, 255]
    ctx.Unmap(st, 2)


@pytest.mark.backend_independent
def test_deferred_update_of_a_planar_texture(dc):
    dev, ctx = dc
    y, uv = frame(6)
    res = tex2d(dev, NV12, bind=SR)
    dctx = dev.CreateDeferredContext(0)
    dctx.UpdateSubresource(res, 0, None, nv12_bytes(y, uv, 10), 10, 0)
    ctx.ExecuteCommandList(dctx.FinishCommandList(False), False)
    gy, guv = read_nv12(dev, ctx, res)
    assert np.array_equal(gy, y) and np.array_equal(guv, uv)


@pytest.mark.backend_independent
def test_lower_feature_levels():
    """NV12 at 10_0: shader load/sample, render target and blend, no gather (10_1) and no typed UAV (11_0); at 9_1
    (optional there, offered): Texture2D and CPU access only."""
    dev, _, _ = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_10_0], 1,
                                  D3D11_SDK_VERSION)
    assert dev.CheckFormatSupport(NV12) == (F["TEXTURE2D"] | F["SHADER_LOAD"] | F["SHADER_SAMPLE"]
                                            | F["RENDER_TARGET"] | F["BLENDABLE"] | F["CPU_LOCKABLE"])
    res = tex2d(dev, NV12, bind=SR | RT)
    assert view(dev, "rtv", res, R8G8).GetDesc().Format == R8G8
    assert hr(tex2d, dev, NV12, W, H, UA) == E_INVALIDARG
    dev9, _, _ = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_9_1], 1,
                                   D3D11_SDK_VERSION)
    assert dev9.CheckFormatSupport(NV12) == F["TEXTURE2D"] | F["CPU_LOCKABLE"]
    assert hr(tex2d, dev9, NV12, W, H, SR) == E_INVALIDARG


@pytest.mark.backend_independent
def test_shared_nv12_opens_on_the_same_bytes(dc):
    dev, _ = dc
    s = tex2d(dev, NV12, bind=SR, misc=D3D11_RESOURCE_MISC_SHARED)
    opened = dev.OpenSharedResource(s.QueryInterface(IDXGIResource).GetSharedHandle(), ID3D11Texture2D)
    assert opened.GetDesc().Format == NV12
    assert dev.CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS4).ExtendedNV12SharedTextureSupported == 1


@pytest.mark.backend_independent
def test_clear_view_rects_are_in_view_space(dc):
    """D3D11.3 §5.2.3.3.1: a YUY2 surface seen through R8G8B8A8_UINT is (width / 2) x height; ClearView's rects and
    colour apply to that view (the colour is the view's RGBA, integral floats for UINT)."""
    dev, ctx = dc
    res = tex2d(dev, YUY2, 8, 2, SR | UA)
    ctx.ClearView(view(dev, "uav", res, RGBA8U), (235.0, 128.0, 16.5, 300.0), [D3D11_RECT(1, 1, 3, 2)], 1)
    st = tex2d(dev, YUY2, 8, 2, 0, usage=D3D11_USAGE_STAGING, cpu=D3D11_CPU_ACCESS_READ)
    ctx.CopyResource(st, res)
    m = ctx.Map(st, 0, D3D11_MAP_READ, 0)
    got = np.frombuffer(m.pData, np.uint8).reshape(2, 4, 4).copy()
    ctx.Unmap(st, 0)
    exp = np.zeros((2, 4, 4), np.uint8)
    exp[1, 1:3] = (235, 128, 16, 255)  # 16.5 truncates, 300 clamps to the 8-bit range
    assert np.array_equal(got, exp)


@pytest.mark.backend_independent
def test_initial_data_pitch_checks(dc):
    dev, _ = dc
    y, uv = frame(7)
    for pitch in (0, W - 1):  # a pitch shorter than a luma row
        assert hr(tex2d, dev, NV12, W, H, SR, 1, 1, 0, 0, [D3D11_SUBRESOURCE_DATA(
            pSysMem=nv12_bytes(y, uv, W), SysMemPitch=pitch)]) == E_INVALIDARG
    short = nv12_bytes(y, uv, W)[:-1]  # the last chroma byte missing
    assert hr(tex2d, dev, NV12, W, H, SR, 1, 1, 0, 0, [D3D11_SUBRESOURCE_DATA(pSysMem=short, SysMemPitch=W)]) \
        == E_INVALIDARG
    one_row = tex2d(dev, AYUV, 3, 1, SR, init=[D3D11_SUBRESOURCE_DATA(pSysMem=np.arange(12, dtype=np.uint8),
                                                                       SysMemPitch=0)])
    assert one_row.GetDesc().Width == 3


SAMPLE_CS = """
Texture2D<float> L : register(t0); Texture2D<float2> C : register(t1); SamplerState P : register(s0);
SamplerState B : register(s1); RWByteAddressBuffer o : register(u0);
[numthreads(8, 4, 1)] void main(uint3 t : SV_DispatchThreadID) {
    float2 uv = (float2(t.xy) + 0.5) / float2(8, 4);   // the luma texel's centre, normalized
    uint i = t.y * 8 + t.x;
    o.Store4(i * 16, asuint(float4(L.SampleLevel(P, uv, 0), C.SampleLevel(P, uv, 0).x, C.SampleLevel(B, uv, 0))));
}"""


@pytest.mark.usefixtures("both_backends")
def test_sampling_luma_and_chroma_with_one_coordinate():
    """A normalized coordinate addresses the same spot of both planes: point sampling at luma texel (x, y) reads
    chroma texel (x // 2, y // 2); bilinear sampling of the half-size chroma plane at that point weighs its texels
    0.75 / 0.25 (clamp addressing at the edges), computed here in float64."""
    dev, ctx = device()
    y, uv = frame(8)
    res = tex2d(dev, NV12, bind=SR, init=[D3D11_SUBRESOURCE_DATA(pSysMem=nv12_bytes(y, uv, W), SysMemPitch=W)])

    def sampler(filt):
        return dev.CreateSamplerState(D3D11_SAMPLER_DESC(
            Filter=filt, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP, AddressV=D3D11_TEXTURE_ADDRESS_CLAMP,
            AddressW=D3D11_TEXTURE_ADDRESS_CLAMP, ComparisonFunc=D3D11_COMPARISON_NEVER, MaxLOD=3.4e38))

    ctx.CSSetSamplers(0, 2, [sampler(D3D11_FILTER_MIN_MAG_MIP_POINT), sampler(D3D11_FILTER_MIN_MAG_MIP_LINEAR)])
    out, uav = raw_out(dev, W * H * 16)
    compute(dev, ctx, SAMPLE_CS, [view(dev, "srv", res, R8), view(dev, "srv", res, R8G8)], [uav])
    got = read_buffer(dev, ctx, out, W * H * 16).reshape(H, W, 4)
    assert np.array_equal(got[..., 0], y.astype(np.float32) / np.float32(255))
    assert np.array_equal(got[..., 1], uv[..., 0].repeat(2, 0).repeat(2, 1).astype(np.float32) / np.float32(255))
    c = uv.astype(np.float64) / 255
    exp = np.zeros((H, W, 2))
    for py in range(H):
        for px in range(W):
            fx, fy = (px + 0.5) / 2 - 0.5, (py + 0.5) / 2 - 0.5  # chroma texel space
            x0, y0 = int(np.floor(fx)), int(np.floor(fy))
            ax, ay = fx - x0, fy - y0
            cl = lambda a, n: min(max(a, 0), n - 1)  # noqa: E731
            for dy, wy in ((0, 1 - ay), (1, ay)):
                for dx, wx in ((0, 1 - ax), (1, ax)):
                    exp[py, px] += wy * wx * c[cl(y0 + dy, H // 2), cl(x0 + dx, W // 2)]
    assert np.abs(got[..., 2:] - exp).max() < 1e-6  # weights 0.25 / 0.75 are exact; float32 rounding only


@pytest.mark.usefixtures("both_backends")
def test_shader_reads_a_dynamic_nv12_filled_through_map():
    """A DYNAMIC NV12 texture written with Map(WRITE_DISCARD) at the RowPitch Map returns (luma rows, then chroma
    rows at the same pitch) is what a shader then loads from both planes."""
    dev, ctx = device()
    y, uv = frame(11)
    res = tex2d(dev, NV12, bind=SR, usage=D3D11_USAGE_DYNAMIC, cpu=D3D11_CPU_ACCESS_WRITE)
    m = ctx.Map(res, 0, D3D11_MAP_WRITE_DISCARD, 0)
    assert m.RowPitch == W
    np.frombuffer(m.pData, np.uint8)[:] = nv12_bytes(y, uv, m.RowPitch)
    ctx.Unmap(res, 0)
    out, uav = raw_out(dev, W * H * 12)
    compute(dev, ctx, READ_CS, [view(dev, "srv", res, R8), view(dev, "srv", res, R8G8)], [uav],
            defines=[D3D_SHADER_MACRO("CX", "2"), D3D_SHADER_MACRO("CY", "2")])
    got = read_buffer(dev, ctx, out, W * H * 12).reshape(H, W, 3)
    assert np.array_equal(got[..., 0], y.astype(np.float32) / np.float32(255))
    assert np.array_equal(got[..., 1:], uv.repeat(2, 0).repeat(2, 1).astype(np.float32) / np.float32(255))
