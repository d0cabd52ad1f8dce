"""Issue 14 item 6: read-only depth-stencil views are judged per plane.

A depth-stencil view is an output only for the planes its format has that it does not flag read-only
(D3D11_DSV_READ_ONLY_DEPTH 0x1, D3D11_DSV_READ_ONLY_STENCIL 0x2); a shader-resource view reads the plane its
format selects (X24_TYPELESS_G8_UINT / X32_TYPELESS_G8X24_UINT: stencil, the others: depth). A binding is a
hazard only when an output plane and an input plane meet: binding the DSV unbinds such SRVs, binding such an
SRV while the DSV is bound leaves the slot NULL. Every (texture format, SRV format, DSV flags) case is listed.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3d11 import *  # noqa: F403

BIND_SRV, BIND_DS = 0x8, 0x40
RO_DEPTH, RO_STENCIL = 0x1, 0x2

# (typeless texture format, DSV format, SRV format, plane the SRV reads, planes the format has)
FORMATS = [
    (39, 40, 41, "depth", {"depth"}),  # R32_TYPELESS / D32_FLOAT / R32_FLOAT
    (53, 55, 56, "depth", {"depth"}),  # R16_TYPELESS / D16_UNORM / R16_UNORM
    (44, 45, 46, "depth", {"depth", "stencil"}),  # R24G8_TYPELESS / D24_UNORM_S8_UINT / R24_UNORM_X8_TYPELESS
    (44, 45, 47, "stencil", {"depth", "stencil"}),  # ... / X24_TYPELESS_G8_UINT
    (19, 20, 21, "depth", {"depth", "stencil"}),  # R32G8X24_TYPELESS / D32_FLOAT_S8X24_UINT / R32_FLOAT_X8X24
    (19, 20, 22, "stencil", {"depth", "stencil"}),  # ... / X32_TYPELESS_G8X24_UINT
]
FLAGS = [0, RO_DEPTH, RO_STENCIL, RO_DEPTH | RO_STENCIL]
# READ_ONLY_STENCIL on a format without stencil is refused at creation (tested below), so not combined here
CASES = [(*f, flags) for f in FORMATS for flags in FLAGS if "stencil" in f[4] or not flags & RO_STENCIL]


def _written(planes: set[str], flags: int) -> set[str]:
    out = set()
    if "depth" in planes and not flags & RO_DEPTH:
        out.add("depth")
    if "stencil" in planes and not flags & RO_STENCIL:
        out.add("stencil")
    return out


def _setup(tex_fmt, dsv_fmt, srv_fmt, flags):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=tex_fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                   BindFlags=BIND_SRV | BIND_DS))
    srv = dev.CreateShaderResourceView(tex, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=srv_fmt, ViewDimension=4, Texture2D=D3D11_TEX2D_SRV(MostDetailedMip=0, MipLevels=1)))  # noqa: F405
    dsv = dev.CreateDepthStencilView(tex, D3D11_DEPTH_STENCIL_VIEW_DESC(  # noqa: F405
        Format=dsv_fmt, ViewDimension=3, Flags=flags, Texture2D=D3D11_TEX2D_DSV(MipSlice=0)))  # noqa: F405
    return dev, ctx, srv, dsv


def _ids(c):
    return f"tex{c[0]}-srv{c[2]}-flags{c[5]}"


@pytest.mark.parametrize("tex_fmt, dsv_fmt, srv_fmt, reads, planes, flags", CASES, ids=[_ids(c) for c in CASES])
def test_binding_the_dsv_keeps_srvs_of_read_only_planes(tex_fmt, dsv_fmt, srv_fmt, reads, planes, flags):
    dev, ctx, srv, dsv = _setup(tex_fmt, dsv_fmt, srv_fmt, flags)
    ctx.PSSetShaderResources(0, 1, [srv])
    ctx.OMSetRenderTargets(0, None, dsv)
    hazard = reads in _written(planes, flags)
    assert (ctx.PSGetShaderResources(0, 1)[0] is None) == hazard
    assert ctx.OMGetRenderTargets(0)[1] is not None  # the DSV itself is always bound


@pytest.mark.parametrize("tex_fmt, dsv_fmt, srv_fmt, reads, planes, flags", CASES, ids=[_ids(c) for c in CASES])
def test_binding_an_srv_while_the_dsv_is_bound(tex_fmt, dsv_fmt, srv_fmt, reads, planes, flags):
    dev, ctx, srv, dsv = _setup(tex_fmt, dsv_fmt, srv_fmt, flags)
    ctx.OMSetRenderTargets(0, None, dsv)
    ctx.PSSetShaderResources(0, 1, [srv])
    hazard = reads in _written(planes, flags)
    assert (ctx.PSGetShaderResources(0, 1)[0] is None) == hazard


@pytest.mark.parametrize("tex_fmt, dsv_fmt", [(39, 40), (53, 55)])
def test_read_only_stencil_on_a_depth_only_format_is_refused(tex_fmt, dsv_fmt):
    from pyd3d11.errors import InvalidArgError

    with pytest.raises(InvalidArgError):
        _setup(tex_fmt, dsv_fmt, 41 if tex_fmt == 39 else 56, RO_STENCIL)
