"""Creation rules checked against wine's d3d11 tests, which assert what native Windows returns
(wine-mirror/wine dlls/d3d11/tests/d3d11.c). Each table below restates the cases of one wine test:
a texture (mips, array/depth size, format), a view desc, and whether Windows accepts it (E_INVALIDARG
otherwise); valid cases also check the desc GetDesc reports.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import (
    D3D11_DEPTH_STENCIL_VIEW_DESC,
    D3D11_RENDER_TARGET_VIEW_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_TEXTURE2D_DESC,
    D3D11_TEXTURE3D_DESC,
    DXGI_SAMPLE_DESC,
    D3D11CreateDevice,
)
from pyd3d11.errors import E_INVALIDARG, D3D11Error

U = 0xFFFFFFFF  # "all remaining" (-1)
UNK, RGBA8, RGBA8_TL, D24S8, R24G8_TL, RGBA32_TL = 0, 28, 27, 45, 44, 1
VB, IB, CB, SRV, RT, DS, UAV = 0x1, 0x2, 0x4, 0x8, 0x20, 0x40, 0x80
CUBE = 0x4

# D3D11_SRV_DIMENSION / D3D11_RTV_DIMENSION / D3D11_DSV_DIMENSION values
S_1D, S_1DA, S_2D, S_2DA, S_MS, S_MSA, S_3D, S_CUBE, S_CUBEA = 2, 3, 4, 5, 6, 7, 8, 9, 10
R_1D, R_1DA, R_2D, R_2DA, R_MS, R_MSA, R_3D = 2, 3, 4, 5, 6, 7, 8
D_1D, D_1DA, D_2D, D_2DA, D_MS, D_MSA = 1, 2, 3, 4, 5, 6


@pytest.fixture(scope="module")
def dev():
    return D3D11CreateDevice(None, 1, None, 0, None, 0, 7)[0]


def hr_of(fn, *a):
    try:
        fn(*a)
    except D3D11Error as e:
        return e.hresult
    return 0


def tex(dev, dim, mips, n, fmt, bind, misc=0):
    if dim == 3:
        return dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=64, Height=64, Depth=n, MipLevels=mips, Format=fmt,
                                                        BindFlags=bind))
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=512, Height=512, MipLevels=mips, ArraySize=n, Format=fmt,
                                                    SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind,
                                                    MiscFlags=misc))


# -- test_create_texture2d: format x array size x bind flags x misc --------------------------------

TEX2D = [  # (format, ArraySize, BindFlags, MiscFlags, Windows accepts)
    (RGBA32_TL, 1, VB, 0, False), (RGBA32_TL, 1, IB, 0, False), (RGBA32_TL, 1, CB, 0, False),
    (RGBA32_TL, 0, SRV, 0, False), (RGBA32_TL, 3, SRV, 0, True),
    (RGBA32_TL, 3, SRV, CUBE, False), (RGBA32_TL, 1, SRV, CUBE, False), (RGBA32_TL, 5, SRV, CUBE, False),
    (RGBA32_TL, 6, SRV, CUBE, True), (RGBA32_TL, 7, SRV, CUBE, True), (RGBA32_TL, 10, SRV, CUBE, True),
    (RGBA32_TL, 12, SRV, CUBE, True), (RGBA32_TL, 9, RT, 0, True), (RGBA32_TL, 1, DS, 0, False),
    (19, 1, DS, 0, True), (19, 1, UAV, 0, False), (22, 1, UAV, 0, False),  # R32G8X24_TYPELESS, X32_..._G8X24
    (39, 9, SRV | DS, 0, True), (39, 9, SRV, CUBE, True), (39, 1, RT | DS, 0, False), (39, 1, DS | UAV, 0, False),
    (R24G8_TL, 1, SRV, 0, True), (R24G8_TL, 1, DS, 0, True), (R24G8_TL, 1, UAV, 0, False), (47, 1, UAV, 0, False),
    (53, 1, DS, 0, True), (RGBA8, 1, DS, 0, False), (D24S8, 1, SRV, 0, False), (D24S8, 1, RT, 0, False),
    (40, 1, SRV, 0, False), (40, 1, SRV | DS, 0, False), (40, 1, RT, 0, False), (40, 1, DS, 0, True),
]


@pytest.mark.parametrize("fmt, arr, bind, misc, ok", TEX2D)
def test_create_texture2d_table(dev, fmt, arr, bind, misc, ok):
    # wine test_create_texture2d. Before the fix, cube ArraySize 7 and 10 were refused ("multiple of 6").
    d = D3D11_TEXTURE2D_DESC(Width=512, Height=512, MipLevels=1, ArraySize=arr, Format=fmt,
                             SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind, MiscFlags=misc)
    assert hr_of(dev.CreateTexture2D, d) == (0 if ok else E_INVALIDARG)


# -- view desc builders (wine's srv_desc / rtv_desc / dsv_desc helper layout) --------------------------

def srv_desc(fmt, dim, mip=0, mips=0, first=0, count=0):
    s = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt, ViewDimension=dim)
    sub = {S_1D: s.Texture1D, S_1DA: s.Texture1DArray, S_2D: s.Texture2D, S_2DA: s.Texture2DArray,
           S_MSA: s.Texture2DMSArray, S_3D: s.Texture3D, S_CUBE: s.TextureCube, S_CUBEA: s.TextureCubeArray}.get(dim)
    for name, v in (("MostDetailedMip", mip), ("MipLevels", mips), ("FirstArraySlice", first), ("ArraySize", count),
                    ("First2DArrayFace", first), ("NumCubes", count)):
        if sub is not None and hasattr(sub, name):
            setattr(sub, name, v)
    return s


def rtv_desc(cls, fmt, dim, mip=0, first=0, count=0):
    s = cls(Format=fmt, ViewDimension=dim)
    for member in ("Texture1D", "Texture1DArray", "Texture2D", "Texture2DArray", "Texture2DMSArray", "Texture3D"):
        sub = getattr(s, member, None)
        for name, v in (("MipSlice", mip), ("FirstArraySlice", first), ("ArraySize", count), ("FirstWSlice", first),
                        ("WSize", count)):
            if sub is not None and hasattr(sub, name):
                setattr(sub, name, v)
    return s


# -- test_create_shader_resource_view ------------------------------------------------------------

SRV_VALID = [  # (texture dim, mips, size, format), desc args, expected (member, field values)
    ((2, 10, 1, RGBA8), (UNK, S_2D, 0, U), ("Texture2D", {"MipLevels": 10})),
    ((2, 10, 1, RGBA8_TL), (RGBA8, S_2D, 0, U), ("Texture2D", {"MipLevels": 10})),
    ((2, 10, 4, RGBA8), (UNK, S_2DA, 1, U, 0, U), ("Texture2DArray", {"MipLevels": 9, "ArraySize": 4})),
    ((2, 10, 4, RGBA8), (UNK, S_2DA, 0, U, 3, U), ("Texture2DArray", {"FirstArraySlice": 3, "ArraySize": 1})),
    ((2, 10, 4, RGBA8), (UNK, S_MS), ("Texture2DMS", {})),  # MS dimension on a one-sample texture
    ((2, 1, 1, RGBA8), (UNK, S_MSA, 0, 1, 0, U), ("Texture2DMSArray", {"ArraySize": 1})),
    ((2, 10, 4, RGBA8), (UNK, S_MSA, 0, 1, 0, U), ("Texture2DMSArray", {"ArraySize": 4})),
    ((3, 4, 12, RGBA8), (UNK, S_3D, 0, U), ("Texture3D", {"MipLevels": 4})),
    ((2, 2, 6, RGBA8), (UNK, S_CUBE, 1, 1), ("TextureCube", {"MostDetailedMip": 1, "MipLevels": 1})),
    ((2, 2, 6, RGBA8), (UNK, S_CUBEA, 0, U, 0, U), ("TextureCubeArray", {"MipLevels": 2, "NumCubes": 1})),
    ((2, 1, 8, RGBA8), (UNK, S_CUBEA, 0, U, 0, U), ("TextureCubeArray", {"NumCubes": 1})),
    ((2, 1, 12, RGBA8), (UNK, S_CUBEA, 0, U, 0, U), ("TextureCubeArray", {"NumCubes": 2})),
]


@pytest.mark.parametrize("texture, args, expect", SRV_VALID)
def test_create_shader_resource_view_valid(dev, texture, args, expect):
    # Before: DXGI_FORMAT_UNKNOWN was refused, MS dimensions needed MSAA, -1 counts stayed -1 in GetDesc.
    d, mips, n, fmt = texture
    misc = CUBE if args[1] in (S_CUBE, S_CUBEA) else 0
    view = dev.CreateShaderResourceView(tex(dev, d, mips, n, fmt, SRV, misc), srv_desc(*args))
    got = view.GetDesc()
    assert got.Format == RGBA8 and got.ViewDimension == args[1]
    member, fields = expect
    for name, value in fields.items():
        assert getattr(getattr(got, member), name) == value, name


SRV_INVALID = [
    ((2, 1, 1, RGBA8), (RGBA8, 0)), ((2, 1, 1, RGBA8), (RGBA8, S_1D, 0, 1)), ((2, 1, 1, RGBA8), (RGBA8, S_3D, 0, 1)),
    ((2, 1, 1, RGBA8), (RGBA8_TL, S_2D, 0, U)), ((2, 1, 1, RGBA8_TL), (UNK, S_2D, 0, U)),
    ((2, 1, 1, RGBA8), (RGBA8, S_2D, 0, 0)), ((2, 1, 1, RGBA8), (RGBA8, S_2D, 0, 2)),
    ((2, 1, 1, RGBA8), (RGBA8, S_2D, 1, 1)), ((2, 1, 1, RGBA8), (RGBA8, S_2DA, 0, 1, 0, 0)),
    ((2, 1, 1, RGBA8), (RGBA8, S_2DA, 0, 1, 0, 2)), ((2, 1, 1, RGBA8), (RGBA8, S_2DA, 0, 1, 1, 1)),
    ((2, 1, 1, RGBA8), (RGBA8, S_MSA, 0, 1, 0, 2)), ((2, 1, 1, RGBA8), (RGBA8, S_MSA, 0, 1, 1, 1)),
    ((2, 1, 6, RGBA8), (RGBA8, S_CUBE, 0, 0)), ((2, 1, 6, RGBA8), (RGBA8, S_CUBE, 1, 1)),
    ((2, 1, 6, RGBA8), (RGBA8, S_CUBEA, 0, 1, 1, 1)), ((2, 1, 6, RGBA8), (RGBA8, S_CUBEA, 0, 1, 1, U)),
    ((2, 1, 7, RGBA8), (RGBA8, S_CUBEA, 0, 1, 2, U)), ((2, 1, 7, RGBA8), (RGBA8, S_CUBEA, 0, 1, 0, 2)),
    ((2, 1, 9, RGBA8), (RGBA8, S_CUBEA, 0, 1, 0, 2)), ((3, 1, 9, RGBA8), (RGBA8, S_2D, 0, 1)),
    ((3, 1, 9, RGBA8), (RGBA8, S_CUBE, 0, 1)), ((3, 1, 1, RGBA8), (RGBA8_TL, S_3D, 0, 1)),
    ((3, 1, 1, RGBA8), (UNK, S_3D, 0, 2)), ((3, 1, 1, RGBA8), (RGBA8, S_3D, 1, 1)),
]


@pytest.mark.parametrize("texture, args", SRV_INVALID)
def test_create_shader_resource_view_invalid(dev, texture, args):
    d, mips, n, fmt = texture
    misc = CUBE if args[1] in (S_CUBE, S_CUBEA) else 0
    assert hr_of(dev.CreateShaderResourceView, tex(dev, d, mips, n, fmt, SRV, misc), srv_desc(*args)) == E_INVALIDARG


# -- test_create_rendertarget_view ---------------------------------------------------------------

RTV_VALID = [
    ((2, 10, 1, RGBA8), (UNK, R_2D, 9), ("Texture2D", {"MipSlice": 9})),
    ((2, 10, 4, RGBA8), (UNK, R_2DA, 0, 3, U), ("Texture2DArray", {"FirstArraySlice": 3, "ArraySize": 1})),
    ((2, 10, 4, RGBA8), (UNK, R_MS), ("Texture2DMS", {})),
    ((2, 10, 4, RGBA8), (UNK, R_MSA, 0, 0, U), ("Texture2DMSArray", {"ArraySize": 4})),
    ((3, 2, 4, RGBA8), (UNK, R_3D, 1, 0, U), ("Texture3D", {"WSize": 2})),
    ((3, 2, 4, RGBA8), (UNK, R_3D, 1, 1, U), ("Texture3D", {"FirstWSlice": 1, "WSize": 1})),
    ((3, 6, 8, RGBA8), (UNK, R_3D, 2, 0, U), ("Texture3D", {"WSize": 2})),
    ((3, 6, 8, RGBA8), (UNK, R_3D, 5, 0, U), ("Texture3D", {"WSize": 1})),
]


@pytest.mark.parametrize("texture, args, expect", RTV_VALID)
def test_create_rendertarget_view_valid(dev, texture, args, expect):
    d, mips, n, fmt = texture
    got = dev.CreateRenderTargetView(tex(dev, d, mips, n, fmt, RT),
                                     rtv_desc(D3D11_RENDER_TARGET_VIEW_DESC, *args)).GetDesc()
    assert got.Format == RGBA8
    member, fields = expect
    for name, value in fields.items():
        assert getattr(getattr(got, member), name) == value, name


RTV_INVALID = [
    ((2, 1, 1, RGBA8), (RGBA8, R_1D, 0)), ((2, 1, 1, RGBA8), (RGBA8, R_3D, 0, 0, U)),
    ((2, 1, 1, RGBA8), (RGBA8_TL, R_2D, 0)), ((2, 1, 1, RGBA8_TL), (UNK, R_2D, 0)), ((2, 1, 1, RGBA8), (RGBA8, R_2D, 1)),
    ((2, 1, 1, RGBA8), (RGBA8, R_2DA, 0, 0, 0)), ((2, 1, 1, RGBA8), (RGBA8, R_2DA, 0, 1, 1)),
    ((2, 1, 1, RGBA8), (RGBA8, R_MSA, 0, 0, 2)), ((3, 1, 9, RGBA8), (RGBA8, R_2DA, 0, 0, 1)),
    ((3, 1, 1, RGBA8), (RGBA8, R_3D, 0, 0, 0)), ((3, 4, 8, RGBA8), (RGBA8, R_3D, 0, 0, 9)),
    ((3, 4, 8, RGBA8), (RGBA8, R_3D, 3, 0, 2)), ((3, 4, 8, RGBA8), (RGBA8, R_3D, 1, 4, U)),
    ((3, 4, 8, RGBA8), (RGBA8, R_3D, 3, 1, U)),
]


@pytest.mark.parametrize("texture, args", RTV_INVALID)
def test_create_rendertarget_view_invalid(dev, texture, args):
    d, mips, n, fmt = texture
    desc = rtv_desc(D3D11_RENDER_TARGET_VIEW_DESC, *args)
    assert hr_of(dev.CreateRenderTargetView, tex(dev, d, mips, n, fmt, RT), desc) == E_INVALIDARG


# -- test_create_depthstencil_view ---------------------------------------------------------------

DSV_VALID = [
    ((10, 1, D24S8), (UNK, D_2D, 9), ("Texture2D", {"MipSlice": 9})),
    ((1, 1, R24G8_TL), (D24S8, D_2D, 0), ("Texture2D", {"MipSlice": 0})),
    ((10, 4, D24S8), (UNK, D_2DA, 0, 2, U), ("Texture2DArray", {"FirstArraySlice": 2, "ArraySize": 2})),
    ((1, 1, D24S8), (UNK, D_MS), ("Texture2DMS", {})),
    ((10, 4, D24S8), (UNK, D_MSA, 0, 0, U), ("Texture2DMSArray", {"ArraySize": 4})),
]


@pytest.mark.parametrize("texture, args, expect", DSV_VALID)
def test_create_depthstencil_view_valid(dev, texture, args, expect):
    mips, n, fmt = texture
    got = dev.CreateDepthStencilView(tex(dev, 2, mips, n, fmt, DS),
                                     rtv_desc(D3D11_DEPTH_STENCIL_VIEW_DESC, *args)).GetDesc()
    assert got.Format == D24S8
    member, fields = expect
    for name, value in fields.items():
        assert getattr(getattr(got, member), name) == value, name


DSV_INVALID = [
    ((1, 1, D24S8), (D24S8, 0)), ((1, 1, D24S8), (D24S8, D_1D, 0)), ((1, 1, D24S8), (R24G8_TL, D_2D, 0)),
    ((1, 1, R24G8_TL), (UNK, D_2D, 0)), ((1, 1, D24S8), (D24S8, D_2D, 1)), ((1, 1, D24S8), (D24S8, D_2DA, 0, 0, 0)),
    ((1, 1, D24S8), (D24S8, D_2DA, 0, 0, 2)), ((1, 1, D24S8), (D24S8, D_MSA, 0, 1, 1)),
]


@pytest.mark.parametrize("texture, args", DSV_INVALID)
def test_create_depthstencil_view_invalid(dev, texture, args):
    mips, n, fmt = texture
    desc = rtv_desc(D3D11_DEPTH_STENCIL_VIEW_DESC, *args)
    assert hr_of(dev.CreateDepthStencilView, tex(dev, 2, mips, n, fmt, DS), desc) == E_INVALIDARG


def test_create_texture2d_initial_data_and_msaa(dev):
    # wine test_create_texture2d: pSysMem NULL -> E_INVALIDARG; MipLevels 0 -> full chain (512: 10);
    # Quality >= CheckMultisampleQualityLevels and 15 samples -> E_INVALIDARG.
    from pyd3d11.d3d11 import D3D11_SUBRESOURCE_DATA

    d = D3D11_TEXTURE2D_DESC(Width=512, Height=512, MipLevels=1, ArraySize=1, Format=RGBA8,
                             SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=RT)
    assert hr_of(dev.CreateTexture2D, d, D3D11_SUBRESOURCE_DATA()) == E_INVALIDARG
    d.MipLevels = 0
    assert dev.CreateTexture2D(d).GetDesc().MipLevels == 10
    d.MipLevels = 1
    levels = dev.CheckMultisampleQualityLevels(RGBA8, 2)
    d.SampleDesc = DXGI_SAMPLE_DESC(Count=2, Quality=levels)
    assert hr_of(dev.CreateTexture2D, d) == E_INVALIDARG
    d.SampleDesc = DXGI_SAMPLE_DESC(Count=15)
    assert hr_of(dev.CreateTexture2D, d) == E_INVALIDARG
