"""texture_to_numpy / save_png / quick_device."""

from __future__ import annotations

import numpy as np
from context_testkit import buffer, make, texture

from pyd3d11.api.convenience import quick_device, save_png, texture_to_numpy, to_rgba8


def test_texture_to_numpy_unorm_rows_top_to_bottom():
    dev, ctx = make()
    t = texture(dev, 2, 2)
    t._storage.data[:] = [0, 0, 0, 255, 255, 0, 0, 255, 0, 51, 0, 255, 0, 0, 255, 0]
    a = texture_to_numpy(ctx, t)
    assert a.shape == (2, 2, 4) and a.dtype == np.float32
    assert np.allclose(a[0, 1], [1, 0, 0, 1]) and np.allclose(a[1, 0], [0, 0.2, 0, 1]) and a[1, 1, 3] == 0


def test_texture_to_numpy_integer_channels_and_1d_3d():
    dev, ctx = make()
    t = texture(dev, 3, 1, format=57)  # R16_UINT
    t._storage.data[:] = np.array([1, 2, 65535], np.uint16).view(np.uint8)
    a = texture_to_numpy(ctx, t)
    assert a.shape == (1, 3, 1) and a.dtype == np.uint32 and list(a[0, :, 0]) == [1, 2, 65535]
    t1 = texture(dev, 4, format=41, dim=2)
    t1._storage.data[:] = np.array([1, 2, 3, 4], np.float32).view(np.uint8)
    assert texture_to_numpy(ctx, t1).shape == (4, 1)
    t3 = texture(dev, 2, 2, depth=3, dim=4, format=64)  # R8_SINT
    t3._storage.data[:] = np.arange(-6, 6, dtype=np.int8).view(np.uint8)
    a3 = texture_to_numpy(ctx, t3)
    assert a3.shape == (3, 2, 2, 1) and a3.dtype == np.int32 and a3[0, 0, 0, 0] == -6
    b = buffer(dev, 8, 0)
    assert texture_to_numpy(ctx, b).shape == (8,)


def test_to_rgba8_rules():
    v = np.array([[0.5, np.nan, 2.0, -1.0]], np.float32)
    assert list(to_rgba8(v, 4)[0]) == [128, 0, 255, 0]
    g = np.array([[0.2]], np.float32)
    assert list(to_rgba8(g, 1)[0]) == [51, 51, 51, 255]
    i = np.array([[300, 7]], np.uint32)
    assert list(to_rgba8(i, 2)[0]) == [255, 7, 0, 255]


def test_save_png_roundtrip(tmp_path):
    from PIL import Image

    dev, ctx = make()
    t = texture(dev, 3, 2)
    t._storage.data[:] = np.arange(24, dtype=np.uint8) * 10
    save_png(tmp_path / "x.png", ctx, t, alpha=True)
    img = np.asarray(Image.open(tmp_path / "x.png").convert("RGBA"))
    assert np.array_equal(img, t._storage.data.reshape(2, 3, 4))


def test_quick_device():
    dev, ctx = quick_device()
    assert ctx.GetDevice() is dev and ctx.GetType() == 0


def test_texture_to_numpy_bc1_and_msaa():
    dev, ctx = make()
    t = texture(dev, 4, 4, format=71)
    t._storage.data[:] = [0x00, 0xF8, 0x1F, 0x00, 0, 0, 0, 0]  # c0 = red 565, c1 = blue, all indices 0
    a = texture_to_numpy(ctx, t)
    assert a.shape == (4, 4, 4) and np.array_equal(a[3, 3], np.float32([1, 0, 0, 1]))
    ms = texture(dev, 1, 1, format=41, samples=2, bind=0x20)
    ms._storage.data[:] = np.array([0.5, 2.0], np.float32).view(np.uint8)
    m = texture_to_numpy(ctx, ms)
    assert m.shape == (2, 1, 1, 1) and list(m.ravel()) == [0.5, 2.0]
