"""Map/Unmap, UpdateSubresource, CopyResource/CopySubresourceRegion, ResolveSubresource and clears."""

from __future__ import annotations

import numpy as np
import pytest
from context_testkit import buffer, make, msgs, texture, view

from pyd3d11.errors import D3D11Error, InvalidArgError
from pyd3d11.storage import ViewKind

STAGING, DYNAMIC, IMMUTABLE = 3, 2, 1
R, W = 0x20000, 0x10000
RGBA8, RGBA8_SRGB, R32F, RGBA32F, D24S8, D32F, R8UINT, R8UNORM = 28, 29, 41, 2, 45, 40, 62, 61


def _texbytes(t, sub=0):
    return t._storage.subresource_bytes(sub)


# -- Map / Unmap ------------------------------------------------------------------------------------

def test_map_staging_read_write_roundtrip():
    dev, ctx = make()
    t = texture(dev, 4, 2, usage=STAGING, cpu=R | W, bind=0)
    m = ctx.Map(t, 0, 2)  # WRITE
    assert m.RowPitch == 16 and m.DepthPitch == 32
    m.as_array(np.uint32, (2, 4))[...] = np.arange(8, dtype=np.uint32).reshape(2, 4)
    v0 = t._storage.version
    ctx.Unmap(t, 0)
    assert t._storage.version > v0
    assert list(_texbytes(t).view(np.uint32)) == list(range(8))
    with ctx.Map(t, 0, 1) as m2:  # READ, context manager unmaps
        assert bytes(m2.pData) == bytes(np.arange(8, dtype=np.uint32).view(np.uint8))
    assert ctx._maps == {}


def test_map_buffer_pitches_and_discard():
    dev, ctx = make()
    b = buffer(dev, 48, 0x1, usage=DYNAMIC, cpu=W)
    m = ctx.Map(b, 0, 4)
    assert m.RowPitch == 48 and m.DepthPitch == 48
    m.pData[0:4] = b"\x01\x02\x03\x04"
    ctx.Unmap(b, 0)
    assert bytes(b._storage.data[:4]) == b"\x01\x02\x03\x04"
    m = ctx.Map(b, 0, 5)  # NO_OVERWRITE on a dynamic vertex buffer keeps the contents
    assert bytes(m.pData[:4]) == b"\x01\x02\x03\x04"
    ctx.Unmap(b, 0)


@pytest.mark.parametrize("usage,cpu,map_type", [
    (0, 0, 1),  # DEFAULT cannot be mapped
    (IMMUTABLE, 0, 1),
    (DYNAMIC, W, 2),  # dynamic: only DISCARD / NO_OVERWRITE
    (DYNAMIC, W, 1),
    (STAGING, R, 2),  # WRITE needs CPU_ACCESS_WRITE
    (STAGING, W, 1),  # READ needs CPU_ACCESS_READ
    (STAGING, R | W, 4),  # staging cannot DISCARD
    (STAGING, R | W, 9),  # not a map type
])
def test_map_usage_rules(usage, cpu, map_type):
    dev, ctx = make()
    t = texture(dev, 4, 4, usage=usage, cpu=cpu, bind=0 if usage == STAGING else 0x8)
    with pytest.raises(InvalidArgError):
        ctx.Map(t, 0, map_type)
    assert ctx._maps == {}


def test_map_flags_and_double_map_and_bad_subresource():
    dev, ctx = make()
    t = texture(dev, 4, 4, usage=STAGING, cpu=R | W, bind=0)
    ctx.Map(t, 0, 1, 0x100000)  # DO_NOT_WAIT with READ is fine
    with pytest.raises(InvalidArgError):
        ctx.Map(t, 0, 1)  # already mapped
    ctx.Unmap(t, 0)
    with pytest.raises(InvalidArgError):
        ctx.Map(t, 1, 1)
    with pytest.raises(InvalidArgError):
        ctx.Map(t, 0, 1, 0x1)
    d = buffer(dev, 16, 0x1, usage=DYNAMIC, cpu=W)
    with pytest.raises(InvalidArgError):
        ctx.Map(d, 0, 4, 0x100000)  # DO_NOT_WAIT with DISCARD
    dt = texture(dev, 4, 4, usage=DYNAMIC, cpu=W)
    with pytest.raises(InvalidArgError):
        ctx.Map(dt, 0, 5)  # NO_OVERWRITE on a texture


def test_map_no_overwrite_constant_buffer_needs_11_1():
    dev, ctx = make(0xB000)
    cb = buffer(dev, 16, 0x4, usage=DYNAMIC, cpu=W)
    with pytest.raises(InvalidArgError):
        ctx.Map(cb, 0, 5)
    dev, ctx = make(0xB100)
    cb = buffer(dev, 16, 0x4, usage=DYNAMIC, cpu=W)
    assert ctx.Map(cb, 0, 5).RowPitch == 16


def test_read_map_does_not_write_back_and_unmap_unmapped_reports():
    dev, ctx = make()
    t = texture(dev, 2, 2, usage=STAGING, cpu=R | W, bind=0)
    m = ctx.Map(t, 0, 1)
    m.as_array()[...] = 7
    ctx.Unmap(t, 0)
    assert not _texbytes(t).any()
    ctx.Unmap(t, 0)
    assert "not mapped" in msgs(dev)[-1]


# -- UpdateSubresource ------------------------------------------------------------------------------

def test_update_subresource_box_and_pitch():
    dev, ctx = make()
    t = texture(dev, 4, 4)
    src = np.arange(2 * 8, dtype=np.uint8).reshape(2, 8)  # 2 rows x 2 texels, pitch 12 bytes in source
    padded = np.zeros((2, 12), np.uint8)
    padded[:, :8] = src
    ctx.UpdateSubresource(t, 0, dict(left=1, top=2, front=0, right=3, bottom=4, back=1), padded, 12, 0)
    img = _texbytes(t).reshape(4, 4, 4)
    assert np.array_equal(img[2:4, 1:3].reshape(2, 8), src)
    assert img[:2].sum() == 0 and img[:, 0].sum() == 0 and img[:, 3].sum() == 0


def test_update_subresource_whole_and_buffer_box():
    dev, ctx = make()
    b = buffer(dev, 16, 0x1)
    ctx.UpdateSubresource(b, 0, dict(left=4, top=0, front=0, right=8, bottom=1, back=1), b"\xAA\xBB\xCC\xDD")
    assert bytes(b._storage.data) == bytes(4) + b"\xAA\xBB\xCC\xDD" + bytes(8)
    t = texture(dev, 2, 2, format=R32F)
    ctx.UpdateSubresource(t, 0, None, np.array([1, 2, 3, 4], np.float32), 8, 0)
    assert list(_texbytes(t).view(np.float32)) == [1, 2, 3, 4]


@pytest.mark.parametrize("kw", [dict(usage=IMMUTABLE), dict(usage=DYNAMIC, cpu=W), dict(samples=4, bind=0x20),
                                dict(format=D24S8, bind=0x40)])
def test_update_subresource_forbidden_destinations(kw):
    dev, ctx = make()
    t = texture(dev, 2, 2, **kw)
    ctx.UpdateSubresource(t, 0, None, bytes(16 * 4), 8, 0)
    assert not t._storage.data.any() and len(msgs(dev)) == 1


def test_update_subresource_bad_box_and_short_data_dropped_empty_box_noop():
    dev, ctx = make()
    t = texture(dev, 4, 4)
    ctx.UpdateSubresource(t, 0, dict(left=0, top=0, front=0, right=5, bottom=1, back=1), bytes(20), 20, 0)
    ctx.UpdateSubresource(t, 0, None, bytes(10), 16, 0)
    assert len(msgs(dev)) == 2
    ctx.UpdateSubresource(t, 0, dict(left=2, top=0, front=0, right=2, bottom=1, back=1), bytes(4), 4, 0)
    assert len(msgs(dev)) == 2 and not t._storage.data.any()


def test_update_subresource_constant_buffer_partial():
    dev, ctx = make(0xB000)
    cb = buffer(dev, 64, 0x4)
    ctx.UpdateSubresource(cb, 0, dict(left=16, top=0, front=0, right=32, bottom=1, back=1), bytes([1] * 16))
    assert not cb._storage.data.any()  # 11_0: partial CB updates are invalid
    dev, ctx = make(0xB100)
    cb = buffer(dev, 64, 0x4)
    ctx.UpdateSubresource1(cb, 0, dict(left=16, top=0, front=0, right=32, bottom=1, back=1), bytes([1] * 16),
                           0, 0, 1)
    assert list(cb._storage.data) == [0] * 16 + [1] * 16 + [0] * 32
    ctx.UpdateSubresource1(cb, 0, None, bytes(64), 0, 0, 3)  # both flags: invalid
    assert cb._storage.data.sum() == 16


def test_update_subresource_bc_block_alignment():
    dev, ctx = make()
    t = texture(dev, 8, 8, format=71)  # BC1: 8 bytes per 4x4 block
    ctx.UpdateSubresource(t, 0, dict(left=4, top=0, front=0, right=8, bottom=4, back=1), bytes(range(8)), 8, 0)
    blocks = _texbytes(t).reshape(2, 2, 8)
    assert list(blocks[0, 1]) == list(range(8)) and blocks[1].sum() == 0
    ctx.UpdateSubresource(t, 0, dict(left=2, top=0, front=0, right=6, bottom=4, back=1), bytes(8), 8, 0)
    assert "dropped" in msgs(dev)[-1]


# -- copies -----------------------------------------------------------------------------------------

def test_copy_resource_and_rules():
    dev, ctx = make()
    a = texture(dev, 4, 4, mips=2)
    a._storage.data[:] = np.arange(a._storage.data.size) % 251
    b = texture(dev, 4, 4, mips=2, format=27)  # TYPELESS of the same group
    ctx.CopyResource(b, a)
    assert np.array_equal(a._storage.data, b._storage.data)
    c = texture(dev, 4, 4, mips=1)
    ctx.CopyResource(c, a)  # different mip count
    f = texture(dev, 4, 4, mips=2, format=R32F)  # different group, same size
    ctx.CopyResource(f, a)
    imm = texture(dev, 4, 4, mips=2, usage=IMMUTABLE)
    ctx.CopyResource(imm, a)
    ctx.CopyResource(a, a)
    assert not c._storage.data.any() and not f._storage.data.any() and not imm._storage.data.any()
    assert len(msgs(dev)) == 4


def test_copy_resource_refused_while_mapped():
    dev, ctx = make()
    s = texture(dev, 2, 2, usage=STAGING, cpu=R, bind=0)
    d = texture(dev, 2, 2)
    d._storage.data[:] = 5
    ctx.Map(s, 0, 1)
    ctx.CopyResource(s, d)
    assert not s._storage.data.any()
    ctx.Unmap(s, 0)
    ctx.CopyResource(s, d)
    assert (s._storage.data == 5).all()


def test_copy_subresource_region_box_to_offset():
    dev, ctx = make()
    src = texture(dev, 4, 4)
    src._storage.data[:] = np.arange(64, dtype=np.uint8)
    dst = texture(dev, 8, 8, mips=2)
    ctx.CopySubresourceRegion(dst, 1, 1, 2, 0, src, 0, dict(left=1, top=1, front=0, right=3, bottom=3, back=1))
    s = src._storage.data.reshape(4, 4, 4)
    d = dst._storage.subresource_bytes(1).reshape(4, 4, 4)
    assert np.array_equal(d[2:4, 1:3], s[1:3, 1:3])
    assert d.sum() == s[1:3, 1:3].sum() and not dst._storage.subresource_bytes(0).any()


def test_copy_subresource_region_invalid_cases():
    dev, ctx = make()
    src = texture(dev, 4, 4)
    src._storage.data[:] = 1
    dst = texture(dev, 4, 4)
    ctx.CopySubresourceRegion(dst, 0, 3, 0, 0, src, 0, dict(left=0, top=0, front=0, right=2, bottom=2, back=1))
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, dict(left=0, top=0, front=0, right=5, bottom=2, back=1))
    ctx.CopySubresourceRegion(src, 0, 0, 0, 0, src, 0, None)
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, texture(dev, 4, 4, format=R32F), 0, None)
    assert not dst._storage.data.any() and len(msgs(dev)) == 4
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, src, 0, dict(left=1, top=0, front=0, right=1, bottom=2, back=1))
    assert len(msgs(dev)) == 4  # empty box: no-op, no message


def test_copy_region_bc_to_uncompressed_and_back():
    dev, ctx = make()
    bc = texture(dev, 8, 8, format=71)  # BC1: 2x2 blocks of 8 bytes
    bc._storage.data[:] = np.arange(32, dtype=np.uint8)
    plain = texture(dev, 2, 2, format=10)  # R16G16B16A16_FLOAT: 8 bytes per texel
    ctx.CopySubresourceRegion(plain, 0, 0, 0, 0, bc, 0, None)
    assert np.array_equal(plain._storage.data, bc._storage.data)
    back = texture(dev, 8, 8, format=71)
    ctx.CopySubresourceRegion(back, 0, 4, 0, 0, plain, 0, dict(left=0, top=1, front=0, right=1, bottom=2, back=1))
    assert np.array_equal(back._storage.data.reshape(2, 2, 8)[0, 1], plain._storage.data.reshape(2, 2, 8)[1, 0])
    wrong = texture(dev, 2, 2, format=RGBA32F)  # 16 bytes per texel vs BC1's 8
    ctx.CopySubresourceRegion(wrong, 0, 0, 0, 0, bc, 0, None)
    assert not wrong._storage.data.any()


def test_copy_region_depth_and_msaa_whole_subresource_only():
    dev, ctx = make()
    a = texture(dev, 4, 4, format=D32F, bind=0x40)
    a._storage.data[:] = 3
    b = texture(dev, 4, 4, format=D32F, bind=0x40)
    ctx.CopySubresourceRegion(b, 0, 1, 0, 0, a, 0, None)
    ctx.CopySubresourceRegion(b, 0, 0, 0, 0, a, 0, dict(left=0, top=0, front=0, right=2, bottom=2, back=1))
    assert not b._storage.data.any()
    ctx.CopySubresourceRegion(b, 0, 0, 0, 0, a, 0, None)
    assert (b._storage.data == 3).all()
    ms1, ms4 = texture(dev, 4, 4, samples=4, bind=0x20), texture(dev, 4, 4, bind=0x20)
    ctx.CopySubresourceRegion(ms4, 0, 0, 0, 0, ms1, 0, None)  # sample counts differ
    assert "sample count" in msgs(dev)[-1]


def test_copy_buffer_region():
    dev, ctx = make()
    a = buffer(dev, 16, 0x1, data=bytes(range(16)))
    b = buffer(dev, 16, 0x1)
    ctx.CopySubresourceRegion(b, 0, 10, 0, 0, a, 0, dict(left=2, top=0, front=0, right=8, bottom=1, back=1))
    assert bytes(b._storage.data) == bytes(10) + bytes(range(2, 8))
    ctx.CopySubresourceRegion(b, 0, 11, 0, 0, a, 0, dict(left=2, top=0, front=0, right=8, bottom=1, back=1))
    assert "outside" in msgs(dev)[-1]


def test_copy_texture3d_region():
    dev, ctx = make()
    a = texture(dev, 2, 2, depth=4, dim=4, format=R8UINT)
    a._storage.data[:] = np.arange(16, dtype=np.uint8)
    b = texture(dev, 2, 2, depth=4, dim=4, format=R8UINT)
    ctx.CopySubresourceRegion(b, 0, 0, 0, 1, a, 0, dict(left=0, top=0, front=2, right=2, bottom=2, back=4))
    assert list(b._storage.data) == [0] * 4 + list(range(8, 16)) + [0] * 4


# -- resolve ----------------------------------------------------------------------------------------

def test_resolve_averages_samples():
    dev, ctx = make()
    ms = texture(dev, 2, 1, samples=4, format=R32F, bind=0x20)
    planes = np.array([[1, 10], [2, 20], [3, 30], [6, 40]], np.float32)  # sample-major
    ms._storage.data[:] = planes.view(np.uint8).ravel()
    dst = texture(dev, 2, 1, format=R32F)
    ctx.ResolveSubresource(dst, 0, ms, 0, R32F)
    assert list(dst._storage.data.view(np.float32)) == [3.0, 25.0]


def test_resolve_unorm_and_rules():
    dev, ctx = make()
    ms = texture(dev, 1, 1, samples=2, format=RGBA8, bind=0x20)
    ms._storage.data[:] = [0, 255, 10, 0, 255, 255, 11, 255]
    dst = texture(dev, 1, 1, format=RGBA8)
    ctx.ResolveSubresource(dst, 0, ms, 0, RGBA8)
    # (0+255)/2 = 127.5 -> 0.5 -> UNORM 128; (10+11)/2 / 255 * 255 + 0.5 = 11 truncated
    assert list(dst._storage.data) == [128, 255, 11, 128]
    bad = texture(dev, 1, 1, format=30)
    ms_u = texture(dev, 1, 1, samples=2, format=30, bind=0x20)
    ctx.ResolveSubresource(bad, 0, ms_u, 0, 30)  # integer formats cannot be resolved
    ctx.ResolveSubresource(dst, 0, dst, 0, RGBA8)  # source not multisampled
    assert len(msgs(dev)) == 2


# -- clears -----------------------------------------------------------------------------------------

def test_clear_rtv_unorm_and_srgb_and_range():
    dev, ctx = make()
    t = texture(dev, 2, 2, mips=2, array=2, bind=0x20)
    rtv = view(dev, ViewKind.RTV, t, first_mip=1, first_slice=1, slices=1)
    ctx.ClearRenderTargetView(rtv, [1.0, 0.5, 0.0, 0.2])
    sub = t._storage.subresource_index(1, 1)
    # UNORM8: trunc(c*255 + 0.5)
    assert list(t._storage.subresource_bytes(sub)) == [255, 128, 0, 51]
    assert t._storage.data.sum() == 255 + 128 + 51
    s = texture(dev, 1, 1, format=RGBA8_SRGB, bind=0x20)
    ctx.ClearRenderTargetView(view(dev, ViewKind.RTV, s), [0.5, 0.0031308 / 2, 1.0, 0.5])
    lin = 1.055 * 0.5 ** (1 / 2.4) - 0.055
    expect = [int(lin * 255 + 0.5), int(12.92 * 0.0031308 / 2 * 255 + 0.5), 255, 128]
    assert list(s._storage.data) == expect


def test_clear_rtv_float_and_wrong_view():
    dev, ctx = make()
    t = texture(dev, 1, 1, format=RGBA32F, bind=0x20)
    ctx.ClearRenderTargetView(view(dev, ViewKind.RTV, t), [1.5, -2.0, 0.25, 7.0])
    assert list(t._storage.data.view(np.float32)) == [1.5, -2.0, 0.25, 7.0]
    ctx.ClearRenderTargetView(view(dev, ViewKind.SRV, t), [0, 0, 0, 0])
    assert list(t._storage.data.view(np.float32)) == [1.5, -2.0, 0.25, 7.0] and len(msgs(dev)) == 1


def test_clear_depth_stencil_planes():
    dev, ctx = make()
    t = texture(dev, 2, 1, format=D24S8, bind=0x40)
    dsv = view(dev, ViewKind.DSV, t)
    ctx.ClearDepthStencilView(dsv, 0x2, 0.0, 0x1AB)  # stencil only, low 8 bits
    assert list(t._storage.data[:4]) == [0, 0, 0, 0xAB]
    ctx.ClearDepthStencilView(dsv, 0x1, 1.0, 0)  # depth only keeps stencil
    assert list(t._storage.data[:4]) == [0xFF, 0xFF, 0xFF, 0xAB]
    ctx.ClearDepthStencilView(dsv, 0x1, 2.5, 0)  # clamped to 1.0
    assert list(t._storage.data[:4]) == [0xFF, 0xFF, 0xFF, 0xAB]
    ctx.ClearDepthStencilView(dsv, 0x1, 0.5, 0)
    d = int(np.float32(0.5) * np.float32(2**24 - 1) + np.float32(0.5))
    assert int.from_bytes(bytes(t._storage.data[:3]), "little") == d
    f = texture(dev, 1, 1, format=D32F, bind=0x40)
    ctx.ClearDepthStencilView(view(dev, ViewKind.DSV, f), 0x3, 0.75, 9)
    assert t._storage.data.view(np.uint32)[0] >> 24 == 0xAB
    assert f._storage.data.view(np.float32)[0] == np.float32(0.75)
    ctx.ClearDepthStencilView(dsv, 0x4, 0.0, 0)
    assert len(msgs(dev)) == 1


def test_clear_uav_uint_truncates_to_channel_bits():
    dev, ctx = make()
    t = texture(dev, 1, 1, format=RGBA8, bind=0x80)
    ctx.ClearUnorderedAccessViewUint(view(dev, ViewKind.UAV, t), [0x1FF, 0x80, 0x100, 0x12345678])
    assert list(t._storage.data) == [0xFF, 0x80, 0x00, 0x78]
    f = texture(dev, 1, 1, format=R32F, bind=0x80)
    ctx.ClearUnorderedAccessViewUint(view(dev, ViewKind.UAV, f), [0x3F800000, 0, 0, 0])
    assert f._storage.data.view(np.float32)[0] == 1.0  # raw bits, no conversion
    b = buffer(dev, 32, 0x80, misc=0x20)
    raw = view(dev, ViewKind.UAV, b, format=0, first_element=2, num_elements=4, raw=True)
    ctx.ClearUnorderedAccessViewUint(raw, [0xDEADBEEF, 1, 2, 3])
    assert list(b._storage.data.view(np.uint32)) == [0, 0] + [0xDEADBEEF] * 4 + [0, 0]


def test_clear_uav_float_rules():
    dev, ctx = make()
    t = texture(dev, 1, 1, format=RGBA8, bind=0x80)
    ctx.ClearUnorderedAccessViewFloat(view(dev, ViewKind.UAV, t), [0.5, 2.0, -1.0, 1.0])
    assert list(t._storage.data) == [128, 255, 0, 255]
    u = texture(dev, 1, 1, format=30, bind=0x80)  # R8G8B8A8_UINT: float clear invalid
    ctx.ClearUnorderedAccessViewFloat(view(dev, ViewKind.UAV, u), [1, 1, 1, 1])
    assert not u._storage.data.any() and len(msgs(dev)) == 1


def test_clear_view_rects_integer_trunc_and_rules():
    dev, ctx = make()
    t = texture(dev, 4, 2, format=30, array=2, bind=0x20)
    rtv = view(dev, ViewKind.RTV, t)
    ctx.ClearView(rtv, [235.9, -3.0, 300.0, 7.2], [dict(left=1, top=0, right=3, bottom=1),
                                                    dict(left=0, top=0, right=0, bottom=2)], 2)
    img = t._storage.data.reshape(2, 2, 4, 4)
    assert list(img[1, 0, 1]) == [235, 0, 255, 7] and list(img[0, 0, 2]) == [235, 0, 255, 7]
    assert img[:, 1].sum() == 0 and img[:, 0, 0].sum() == 0 and img[:, 0, 3].sum() == 0
    v3 = texture(dev, 2, 2, depth=2, dim=4, bind=0x20)
    ctx.ClearView(view(dev, ViewKind.RTV, v3), [1, 1, 1, 1], None, 0)
    assert not v3._storage.data.any()
    dev0, ctx0 = make(0xB000)
    t0 = texture(dev0, 1, 1, bind=0x20)
    ctx0.ClearView(view(dev0, ViewKind.RTV, t0), [1, 1, 1, 1], None, 0)
    assert not t0._storage.data.any() and len(msgs(dev0)) == 1


def test_misc_methods():
    dev, ctx = make()
    t = texture(dev, 4, 4, mips=3)
    ctx.SetResourceMinLOD(t, 1.5)
    assert ctx.GetResourceMinLOD(t) == 1.5
    ctx.DiscardResource(t)
    ctx.DiscardView(view(dev, ViewKind.SRV, t))
    assert msgs(dev) == []


def test_generate_mips_fills_mips_and_validates():
    """GenerateMips box-filters mips 1.. of a GENERATE_MIPS texture (pipeline/mips.py) and drops calls on a
    texture without the flag or on a non-SRV view, with an info-queue message each time."""
    from pyd3d11.d3d11 import (
        D3D11_SUBRESOURCE_DATA,
        D3D11_TEXTURE2D_DESC,
        DXGI_SAMPLE_DESC,
        D3D11CreateDevice,
        ID3D11InfoQueue,
    )

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)  # DEBUG: the info queue stores drops
    queue = dev.QueryInterface(ID3D11InfoQueue)
    top = np.array([[0, 40, 100, 200], [80, 120, 60, 20], [4, 8, 12, 16], [20, 24, 28, 32]], np.uint8)

    def tex(bind: int, misc: int):
        init = [D3D11_SUBRESOURCE_DATA(pSysMem=top.tobytes(), SysMemPitch=4),
                D3D11_SUBRESOURCE_DATA(pSysMem=bytes(4), SysMemPitch=2),
                D3D11_SUBRESOURCE_DATA(pSysMem=bytes(1), SysMemPitch=1)]
        return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=3, ArraySize=1, Format=R8UNORM,
                                                        SampleDesc=DXGI_SAMPLE_DESC(1, 0), BindFlags=bind,
                                                        MiscFlags=misc), init)

    g = tex(0x28, 0x1)  # RENDER_TARGET | SHADER_RESOURCE, RESOURCE_MISC_GENERATE_MIPS
    ctx.GenerateMips(dev.CreateShaderResourceView(g))
    assert queue.GetNumStoredMessages() == 0
    mip1 = np.frombuffer(_texbytes(g, 1), np.uint8).reshape(2, 2)
    # 2x2 averages of UNORM values; the filter's rounding may differ by one step from the exact mean
    expected = top.astype(np.float64).reshape(2, 2, 2, 2).mean(axis=(1, 3))
    assert np.all(np.abs(mip1 - expected) <= 1)
    assert abs(int(_texbytes(g, 2)[0]) - top.mean()) <= 1

    plain = tex(0x8, 0)  # no GENERATE_MIPS flag: dropped, mips untouched
    ctx.GenerateMips(dev.CreateShaderResourceView(plain))
    assert queue.GetNumStoredMessages() == 1
    assert not _texbytes(plain, 1).any()
    ctx.GenerateMips(dev.CreateRenderTargetView(g))  # not a shader resource view: dropped
    assert queue.GetNumStoredMessages() == 2


def test_copy_structure_count():
    dev, ctx = make()
    b = buffer(dev, 64, 0x80, misc=0x40, stride=4)
    u = view(dev, ViewKind.UAV, b, format=0, flags=0x2, structured=True)
    ctx.CSSetUnorderedAccessViews(0, 1, [u], [42])
    dst = buffer(dev, 16, 0x4)
    ctx.CopyStructureCount(dst, 4, u)
    assert list(dst._storage.data.view(np.uint32)) == [0, 42, 0, 0]
    ctx.CopyStructureCount(dst, 2, u)
    assert len(msgs(dev)) == 1


def test_map_errors_are_d3d11_errors():
    dev, ctx = make()
    with pytest.raises(D3D11Error):
        ctx.Map(texture(dev, 1, 1), 0, 1)


def test_update_subresource_3d_depth_pitch():
    dev, ctx = make()
    t = texture(dev, 2, 1, depth=2, dim=4, format=R8UINT)
    src = np.array([1, 2, 0, 0, 3, 4, 0, 0], np.uint8)  # depth pitch 4, row pitch 2
    ctx.UpdateSubresource(t, 0, None, src, 2, 4)
    assert list(t._storage.data) == [1, 2, 3, 4]


def test_resolve_typeless_resources_with_typed_format():
    dev, ctx = make()
    ms = texture(dev, 1, 1, samples=2, format=27, bind=0x20)  # R8G8B8A8_TYPELESS
    ms._storage.data[:] = [255, 0, 0, 0, 255, 0, 0, 0]
    dst = texture(dev, 1, 1, format=27)
    ctx.ResolveSubresource(dst, 0, ms, 0, 30)  # UINT: not resolvable
    assert not dst._storage.data.any()
    ctx.ResolveSubresource(dst, 0, ms, 0, RGBA8)
    assert list(dst._storage.data) == [255, 0, 0, 0]
    typed = texture(dev, 1, 1, format=RGBA8_SRGB)
    ctx.ResolveSubresource(typed, 0, ms, 0, RGBA8)  # typed destination of another format
    assert not typed._storage.data.any() and len(msgs(dev)) == 2


def test_clear_view_depth_only_dsv():
    dev, ctx = make()
    d = texture(dev, 2, 2, format=D32F, bind=0x40)
    ctx.ClearView(view(dev, ViewKind.DSV, d), [0.25, 0, 0, 0], [dict(left=0, top=0, right=1, bottom=1)], 1)
    assert list(d._storage.data.view(np.float32)) == [0.25, 0, 0, 0]
    ds = texture(dev, 2, 2, format=D24S8, bind=0x40)
    ctx.ClearView(view(dev, ViewKind.DSV, ds), [0.25, 0, 0, 0], None, 0)  # has stencil: invalid
    assert not ds._storage.data.any() and len(msgs(dev)) == 1


def test_copy_region1_flags():
    dev, ctx = make()
    a = buffer(dev, 8, 0x1, data=bytes(range(8)))
    b = buffer(dev, 8, 0x1)
    ctx.CopySubresourceRegion1(b, 0, 0, 0, 0, a, 0, None, 3)
    assert not b._storage.data.any()
    ctx.CopySubresourceRegion1(b, 0, 0, 0, 0, a, 0, None, 2)
    assert bytes(b._storage.data) == bytes(range(8))


def test_map_texture3d_pitches_and_bc_row_pitch():
    dev, ctx = make()
    t = texture(dev, 3, 2, depth=2, dim=4, usage=STAGING, cpu=R, bind=0)
    m = ctx.Map(t, 0, 1)
    assert (m.RowPitch, m.DepthPitch, len(m.pData)) == (12, 24, 48)
    ctx.Unmap(t, 0)
    bc = texture(dev, 8, 8, format=71, usage=STAGING, cpu=R, bind=0)
    m = ctx.Map(bc, 0, 1)
    assert (m.RowPitch, m.DepthPitch) == (16, 32)  # 2 blocks x 8 bytes per row of blocks
