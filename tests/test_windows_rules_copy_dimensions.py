"""Issue 14 item 11: CopySubresourceRegion between textures of different dimensions, as Windows performs it.

A 1D subresource is one row (height 1, depth 1) and a 2D one a single depth slice, so region copies move
between them: 1D (array) slices into rows of a 2D texture, 2D (array) slices into depth slices of a 3D
texture, single-slice 3D boxes into 2D textures, single rows into 1D textures. The source box must lie in
the source subresource and the destination region in the destination one (a 2-slice box does not fit a 2D
texture); buffers copy only to buffers, and CopyResource keeps requiring one resource type. Expected
texels are worked out below from those placement rules.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403

R32_UINT = 42


def _device():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    return dev, ctx


def _tex1d(dev, w, arr=1, data=None):
    desc = D3D11_TEXTURE1D_DESC(Width=w, MipLevels=1, ArraySize=arr, Format=R32_UINT, BindFlags=0x8)  # noqa: F405
    init = None if data is None else [D3D11_SUBRESOURCE_DATA(pSysMem=data[a].tobytes()) for a in range(arr)]  # noqa: F405
    return dev.CreateTexture1D(desc, init)


def _tex2d(dev, w, h, arr=1, data=None):
    desc = D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=arr, Format=R32_UINT,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x8)  # noqa: F405
    init = None if data is None else [D3D11_SUBRESOURCE_DATA(pSysMem=data[a].tobytes(), SysMemPitch=w * 4)  # noqa: F405
                                      for a in range(arr)]
    return dev.CreateTexture2D(desc, init)


def _tex3d(dev, w, h, d, data=None):
    desc = D3D11_TEXTURE3D_DESC(Width=w, Height=h, Depth=d, MipLevels=1, Format=R32_UINT, BindFlags=0x8)  # noqa: F405
    init = None if data is None else D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes(), SysMemPitch=w * 4,  # noqa: F405
                                                             SysMemSlicePitch=w * h * 4)
    return dev.CreateTexture3D(desc, init)


def _texels(res, sub=0):
    st = res._storage
    L = st.layout(sub)
    return st.subresource_bytes(sub).view(np.uint32).reshape(L.depth, L.height, L.width).copy()


def _box(l, t, f, r, b, k):
    return D3D11_BOX(left=l, top=t, front=f, right=r, bottom=b, back=k)  # noqa: F405


def _ramp(*shape):
    return (np.arange(int(np.prod(shape)), dtype=np.uint32) + 1).reshape(shape)


@pytest.mark.parametrize("slice_, dst_y", [(0, 0), (1, 2), (2, 3)])
def test_1d_array_slice_into_a_row_of_a_2d_texture(slice_, dst_y):
    dev, ctx = _device()
    data = _ramp(3, 8)
    src = _tex1d(dev, 8, 3, data)
    dst = _tex2d(dev, 8, 4)
    ctx.CopySubresourceRegion(dst, 0, 0, dst_y, 0, src, slice_, None)
    want = np.zeros((1, 4, 8), np.uint32)
    want[0, dst_y] = data[slice_]
    assert np.array_equal(_texels(dst), want)


def test_1d_box_into_a_2d_texture_at_an_offset():
    dev, ctx = _device()
    data = _ramp(1, 8)
    src, dst = _tex1d(dev, 8, 1, data), _tex2d(dev, 8, 4)
    ctx.CopySubresourceRegion(dst, 0, 3, 1, 0, src, 0, _box(2, 0, 0, 6, 1, 1))
    want = np.zeros((1, 4, 8), np.uint32)
    want[0, 1, 3:7] = data[0, 2:6]
    assert np.array_equal(_texels(dst), want)


@pytest.mark.parametrize("slice_, dst_z", [(0, 0), (2, 1), (1, 2)])
def test_2d_array_slice_into_a_depth_slice_of_a_3d_texture(slice_, dst_z):
    dev, ctx = _device()
    data = _ramp(3, 4, 4)
    src, dst = _tex2d(dev, 4, 4, 3, data), _tex3d(dev, 4, 4, 3)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, dst_z, src, slice_, None)
    want = np.zeros((3, 4, 4), np.uint32)
    want[dst_z] = data[slice_]
    assert np.array_equal(_texels(dst), want)


@pytest.mark.parametrize("front", [0, 1, 2])
def test_one_slice_3d_box_into_a_2d_texture(front):
    dev, ctx = _device()
    data = _ramp(3, 4, 4)
    src, dst = _tex3d(dev, 4, 4, 3, data), _tex2d(dev, 4, 4)
    ctx.CopySubresourceRegion(dst, 0, 1, 0, 0, src, 0, _box(0, 1, front, 3, 4, front + 1))
    want = np.zeros((1, 4, 4), np.uint32)
    want[0, 0:3, 1:4] = data[front, 1:4, 0:3]
    assert np.array_equal(_texels(dst), want)


def test_two_slice_3d_box_does_not_fit_a_2d_texture():
    dev, ctx = _device()
    src, dst = _tex3d(dev, 4, 4, 3, _ramp(3, 4, 4)), _tex2d(dev, 4, 4)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, _box(0, 0, 0, 4, 4, 2))
    assert not _texels(dst).any()


def test_2d_row_into_a_1d_texture_and_taller_boxes_do_not_fit():
    dev, ctx = _device()
    data = _ramp(1, 4, 4)
    src, dst = _tex2d(dev, 4, 4, 1, data), _tex1d(dev, 8)
    ctx.CopySubresourceRegion(dst, 0, 2, 0, 0, src, 0, _box(0, 3, 0, 4, 4, 1))
    want = np.zeros((1, 1, 8), np.uint32)
    want[0, 0, 2:6] = data[0, 3]
    assert np.array_equal(_texels(dst), want)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, _box(0, 0, 0, 4, 2, 1))  # two rows: dropped
    assert np.array_equal(_texels(dst), want)


def test_2d_slice_into_a_3d_texture_out_of_depth_is_dropped():
    dev, ctx = _device()
    src, dst = _tex2d(dev, 4, 4, 1, _ramp(1, 4, 4)), _tex3d(dev, 4, 4, 2)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 2, src, 0, None)
    assert not _texels(dst).any()


def test_buffers_and_textures_do_not_mix():
    dev, ctx = _device()
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=0x8),  # noqa: F405
                           D3D11_SUBRESOURCE_DATA(pSysMem=_ramp(16).tobytes()))  # noqa: F405
    tex = _tex1d(dev, 16)
    ctx.CopySubresourceRegion(tex, 0, 0, 0, 0, buf, 0, None)
    assert not _texels(tex).any()
    ctx.CopySubresourceRegion(buf, 0, 0, 0, 0, _tex1d(dev, 16, 1, _ramp(1, 16) * 7), 0, None)
    assert buf._storage.data.view(np.uint32).tolist() == _ramp(16).tolist()


def test_copy_resource_still_needs_one_resource_type():
    dev, ctx = _device()
    src, dst = _tex2d(dev, 8, 1, 1, _ramp(1, 1, 8)), _tex1d(dev, 8)
    ctx.CopyResource(dst, src)
    assert not _texels(dst).any()
