"""GenerateMips filtering (pipeline/mips.py): 2x2(x2) box filter in linear space, per view range."""

from __future__ import annotations

import numpy as np
from test_sampler_helpers import RGBA8, RGBA8_SRGB, RGBA32F, SRV_2D, SRV_2DARRAY, SRV_3D, make_storage, srv

from pyd3d11.formats.codecs import decode_region
from pyd3d11.pipeline.mips import generate_mips

RNG = np.random.default_rng(7)


def level(st, fmt, mip, slice_=0):
    sub = st.subresource_index(mip, slice_)
    L = st.layout(sub)
    return decode_region(fmt, st.subresource_bytes(sub), L.width, L.height, L.depth)


def test_generate_mips_rgba8_box_average():
    top = RNG.integers(0, 256, (8, 8, 4)).astype(np.uint8)
    zeros = [np.zeros((8 >> m, 8 >> m, 4), np.float32) for m in range(1, 4)]
    st = make_storage(3, RGBA8, [[top.astype(np.float32) / 255] + zeros], 4)
    v0 = st.version
    generate_mips(srv(st, RGBA8, SRV_2D))
    assert st.version > v0
    expect = top.astype(np.int64)
    for m in range(1, 4):
        expect = (expect[0::2, 0::2] + expect[1::2, 0::2] + expect[0::2, 1::2] + expect[1::2, 1::2]) / 4.0
        got = np.rint(level(st, RGBA8, m)[0] * 255).astype(np.int64)
        # each level is filtered from the re-encoded level above (8-bit), like the hardware
        assert np.max(np.abs(got - expect)) <= 1
        expect = got


def test_generate_mips_srgb_averages_in_linear_space():
    top = np.zeros((2, 2, 4), np.float32)
    top[0, :, :3] = 1.0  # two white, two black texels
    top[..., 3] = 1.0
    st = make_storage(3, RGBA8_SRGB, [[top, np.zeros((1, 1, 4), np.float32)]], 4)
    generate_mips(srv(st, RGBA8_SRGB, SRV_2D))
    raw = st.subresource_bytes(1)
    # linear 0.5 -> sRGB 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> code 188 (not 128 of a gamma-space average)
    assert list(raw[:3]) == [188, 188, 188]
    assert raw[3] == 255


def test_generate_mips_3d_and_view_range():
    vol = RNG.random((4, 4, 4, 4)).astype(np.float32)
    st = make_storage(4, RGBA32F, [[vol, np.zeros((2, 2, 2, 4), np.float32), np.zeros((1, 1, 1, 4), np.float32)]],
                      16)
    generate_mips(srv(st, RGBA32F, SRV_3D))
    m1 = vol.reshape(2, 2, 2, 2, 2, 2, 4).mean(axis=(1, 3, 5))
    np.testing.assert_allclose(level(st, RGBA32F, 1), m1, rtol=1e-6)
    np.testing.assert_allclose(level(st, RGBA32F, 2)[0, 0, 0], vol.reshape(-1, 4).mean(0), rtol=1e-5)


def test_generate_mips_only_touches_view_slices_and_mips():
    def chain(v):
        return [np.full((4 >> m, 4 >> m, 4), v if m == 0 else -1.0, np.float32) for m in range(3)]
    st = make_storage(3, RGBA32F, [chain(1.0), chain(2.0), chain(3.0)], 16)
    generate_mips(srv(st, RGBA32F, SRV_2DARRAY, first_mip=0, mip_count=2, first_slice=1, slice_count=1))
    assert np.all(level(st, RGBA32F, 1, 1) == 2.0)
    assert np.all(level(st, RGBA32F, 2, 1) == -1.0)  # beyond the view's mips
    assert np.all(level(st, RGBA32F, 1, 0) == -1.0) and np.all(level(st, RGBA32F, 1, 2) == -1.0)
