"""Issue 14 item 10: UpdateSubresource / UpdateSubresource1 rules (ID3D11DeviceContext::UpdateSubresource docs,
ID3D11DeviceContext1::UpdateSubresource1 docs, D3D11_BOX docs), each case written out:

- the destination may not be IMMUTABLE, DYNAMIC, depth-stencil or multisampled; a STAGING destination is
  ignored (Windows); in each case the destination is untouched;
- the source pitches are used as given: SrcRowPitch 0 feeds every row from the first source row,
  SrcDepthPitch 0 every depth slice from the first; larger pitches skip the padding;
- an empty box (left >= right, top >= bottom or front >= back) is a no-op; a box outside the subresource, or
  off block edges for BC formats, drops the call;
- a constant buffer takes a partial update only from 11_1, 16-byte aligned; before that pDstBox must be NULL;
- UpdateSubresource1's CopyFlags: 0, D3D11_COPY_NO_OVERWRITE or D3D11_COPY_DISCARD; anything else drops it.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403

R8G8B8A8_UINT, BC1_UNORM, D32_FLOAT = 30, 71, 40
DEFAULT, IMMUTABLE, DYNAMIC, STAGING = 0, 1, 2, 3


def _device(level=0xB100):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    return dev, ctx


def _tex2d(dev, w=4, h=4, fmt=R8G8B8A8_UINT, usage=DEFAULT, bind=0x8, cpu=0, samples=1, init=None):
    desc = D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=samples), Usage=usage, BindFlags=bind,  # noqa: F405
                                CPUAccessFlags=cpu)
    if init is None:
        return dev.CreateTexture2D(desc)
    return dev.CreateTexture2D(desc, D3D11_SUBRESOURCE_DATA(pSysMem=init.tobytes(), SysMemPitch=w * 4))  # noqa: F405


def _bytes(res, sub=0) -> np.ndarray:
    return res._storage.subresource_bytes(sub).copy()


def _box(l, t, f, r, b, k):
    return D3D11_BOX(left=l, top=t, front=f, right=r, bottom=b, back=k)  # noqa: F405


# --- destinations that cannot be updated -------------------------------------------------------------------------

DESTINATIONS = [
    ("immutable", dict(usage=IMMUTABLE, init=np.full(64, 7, np.uint8))),
    ("dynamic", dict(usage=DYNAMIC, cpu=0x10000)),
    ("staging", dict(usage=STAGING, bind=0, cpu=0x30000)),
    ("depth-stencil", dict(fmt=D32_FLOAT, bind=0x40)),
    ("multisampled", dict(bind=0x20, samples=4)),
]


@pytest.mark.parametrize("name, kw", DESTINATIONS, ids=[d[0] for d in DESTINATIONS])
@pytest.mark.parametrize("method", ["UpdateSubresource", "UpdateSubresource1"])
def test_destination_that_cannot_be_updated_is_untouched(name, kw, method):
    dev, ctx = _device()
    tex = _tex2d(dev, **kw)
    before = _bytes(tex)
    getattr(ctx, method)(tex, 0, None, np.full(64 * 4, 0xAB, np.uint8), 16, 64)
    assert np.array_equal(_bytes(tex), before)


def test_staging_buffer_is_ignored_too():
    dev, ctx = _device()
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=STAGING, CPUAccessFlags=0x30000))  # noqa: F405
    ctx.UpdateSubresource(buf, 0, None, np.full(16, 9, np.uint8), 0, 0)
    assert not _bytes(buf).any()


# --- pitches --------------------------------------------------------------------------------------------------

def test_row_pitch_zero_repeats_the_first_row():
    dev, ctx = _device()
    tex = _tex2d(dev)
    src = np.arange(64, dtype=np.uint8)  # 4 rows of 16 bytes; only the first is read with pitch 0
    ctx.UpdateSubresource(tex, 0, None, src, 0, 0)
    assert np.array_equal(_bytes(tex).reshape(4, 16), np.tile(src[:16], (4, 1)))


def test_row_pitch_zero_needs_only_one_row_of_data():
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource(tex, 0, _box(1, 1, 0, 3, 4, 1), np.arange(8, dtype=np.uint8), 0, 0)
    got = _bytes(tex).reshape(4, 4, 4)
    want = np.zeros((4, 4, 4), np.uint8)
    want[1:4, 1:3] = np.arange(8, dtype=np.uint8).reshape(2, 4)
    assert np.array_equal(got, want)


def test_padded_row_pitch_skips_padding():
    dev, ctx = _device()
    tex = _tex2d(dev)
    src = np.arange(4 * 24, dtype=np.uint8)  # 24-byte rows of which 16 are texels
    ctx.UpdateSubresource(tex, 0, None, src, 24, 0)
    assert np.array_equal(_bytes(tex).reshape(4, 16), src.reshape(4, 24)[:, :16])


@pytest.mark.parametrize("depth_pitch", [0, 32, 40])
def test_depth_pitch_of_a_3d_texture(depth_pitch):
    dev, ctx = _device()
    tex = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=2, Height=4, Depth=3, MipLevels=1,  # noqa: F405
                                                   Format=R8G8B8A8_UINT, BindFlags=0x8))
    src = np.arange(40 * 3, dtype=np.uint8)
    ctx.UpdateSubresource(tex, 0, None, src, 8, depth_pitch)
    want = np.stack([src[z * depth_pitch:z * depth_pitch + 32] for z in range(3)])  # slice z at z*depth_pitch
    assert np.array_equal(_bytes(tex).reshape(3, 32), want)


def test_too_little_source_data_is_dropped():
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource(tex, 0, None, np.ones(63, np.uint8), 16, 0)  # 4 rows of 16 need 64 bytes
    assert not _bytes(tex).any()


# --- boxes ----------------------------------------------------------------------------------------------------

EMPTY_BOXES = [(2, 0, 0, 2, 4, 1), (3, 0, 0, 1, 4, 1), (0, 2, 0, 4, 2, 1), (0, 3, 0, 4, 1, 1), (0, 0, 0, 4, 4, 0),
               (0, 0, 1, 4, 4, 1)]


@pytest.mark.parametrize("box", EMPTY_BOXES)
def test_empty_box_is_a_no_op(box):
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource(tex, 0, _box(*box), np.full(64, 5, np.uint8), 16, 64)
    assert not _bytes(tex).any()


OUTSIDE_BOXES = [(0, 0, 0, 5, 4, 1), (0, 0, 0, 4, 5, 1), (0, 0, 0, 4, 4, 2), (3, 3, 0, 5, 5, 1)]


@pytest.mark.parametrize("box", OUTSIDE_BOXES)
def test_box_outside_the_subresource_is_dropped(box):
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource(tex, 0, _box(*box), np.full(256, 5, np.uint8), 32, 256)
    assert not _bytes(tex).any()


def test_box_writes_its_region_only():
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource(tex, 0, _box(1, 2, 0, 4, 3, 1), np.arange(12, dtype=np.uint8) + 1, 12, 0)
    want = np.zeros((4, 4, 4), np.uint8)
    want[2, 1:4] = (np.arange(12, dtype=np.uint8) + 1).reshape(3, 4)
    assert np.array_equal(_bytes(tex).reshape(4, 4, 4), want)


@pytest.mark.parametrize("box, ok", [((0, 0, 0, 4, 4, 1), True), ((4, 4, 0, 8, 8, 1), True),
                                     ((2, 0, 0, 6, 4, 1), False), ((0, 0, 0, 3, 4, 1), False)])
def test_bc_box_on_block_edges(box, ok):
    dev, ctx = _device()
    tex = _tex2d(dev, 8, 8, BC1_UNORM)
    ctx.UpdateSubresource(tex, 0, _box(*box), np.full(8, 0x5A, np.uint8), 8, 0)
    assert bool(_bytes(tex).any()) == ok


def test_buffer_box_is_in_bytes():
    dev, ctx = _device()
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=0x1))  # noqa: F405
    ctx.UpdateSubresource(buf, 0, _box(4, 0, 0, 10, 1, 1), np.arange(1, 7, dtype=np.uint8), 0, 0)
    assert _bytes(buf).tolist() == [0] * 4 + [1, 2, 3, 4, 5, 6] + [0] * 6


# --- constant buffers per level -------------------------------------------------------------------------------

@pytest.mark.parametrize("level, box, ok", [
    # below 11_1 the runtime emulates partial updates (seed 000; ConstantBufferPartialUpdate is reported at every level)
    (0xB000, None, True), (0xB000, (0, 0, 0, 16, 1, 1), True),
    (0xB100, None, True), (0xB100, (16, 0, 0, 32, 1, 1), True), (0xB100, (4, 0, 0, 16, 1, 1), False),
    (0xB100, (0, 0, 0, 20, 1, 1), False), (0xB100, (16, 0, 0, 64, 1, 1), True),
])
def test_constant_buffer_partial_update(level, box, ok):
    dev, ctx = _device(level)
    cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=0x4))  # noqa: F405
    data = np.arange(1, 65, dtype=np.uint8)
    ctx.UpdateSubresource1(cb, 0, _box(*box) if box else None, data, 0, 0, 0)
    assert bool(_bytes(cb).any()) == ok


# --- UpdateSubresource1 copy flags ------------------------------------------------------------------------------

@pytest.mark.parametrize("flags, ok", [(0, True), (1, True), (2, True), (3, False), (4, False), (0x8, False)])
def test_update_subresource1_copy_flags(flags, ok):
    dev, ctx = _device()
    tex = _tex2d(dev)
    ctx.UpdateSubresource1(tex, 0, None, np.full(64, 3, np.uint8), 16, 0, flags)
    assert bool(_bytes(tex).any()) == ok
