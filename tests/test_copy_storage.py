"""pipeline/copy.py works on storage alone (no api objects)."""

from __future__ import annotations

import numpy as np

from pyd3d11.pipeline import copy as pc
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind


def _tex(w, h, fmt=28, mips=1, array=1, samples=1):
    f = pc.fmt(fmt)
    return ResourceStorage.create(3, fmt, w, h, 1, mips, array, samples, f.bpb, f.block)


def test_copy_region_bumps_version_and_moves_blocks():
    a, b = _tex(4, 4), _tex(4, 4)
    a.data[:] = np.arange(64, dtype=np.uint8)
    v = b.version
    pc.copy_region(b, 0, 0, 0, 0, a, 0, (2, 2, 0, 4, 4, 1))
    assert b.version == v + 1
    assert np.array_equal(b.data.reshape(4, 4, 4)[:2, :2], a.data.reshape(4, 4, 4)[2:, 2:])


def test_write_region_pitches():
    t = _tex(2, 2, fmt=61)  # R8_UNORM
    pc.write_region(t, 0, None, bytes([1, 2, 9, 3, 4, 9]), 3, 6)
    assert list(t.data) == [1, 2, 3, 4]


def test_encode_decode_rules():
    e = pc.encode_elements(31, np.array([[1.0, -1.0, 0.5, -0.5]], np.float32))  # SNORM8
    assert list(e[0].view(np.int8)) == [127, -127, 64, -64]
    d = pc.decode_elements(31, np.array([[0x80, 0x81, 0, 0x7F]], np.uint8))
    assert list(d[0]) == [-1.0, -1.0, 0.0, 1.0]  # both -128 and -127 decode to -1
    h = pc.encode_elements(54, np.array([[1.5, 0, 0, 0]], np.float32))  # R16_FLOAT
    assert h[0].view(np.float16)[0] == np.float16(1.5)
    p = pc.encode_elements(24, np.array([[1.0, 0.0, 1.0, 1.0 / 3]], np.float32))  # R10G10B10A2_UNORM
    word = int(p[0].view(np.uint32)[0])
    assert word & 0x3FF == 1023 and (word >> 10) & 0x3FF == 0 and (word >> 20) & 0x3FF == 1023 and word >> 30 == 1


def test_clear_views_on_storage():
    t = _tex(2, 2, mips=2, array=3)
    rtv = ViewDescriptor(ViewKind.RTV, t, 28, 5, first_mip=0, mip_count=1, first_slice=1, slice_count=2)
    pc.clear_color(rtv, [0, 1, 0, 1])
    for a in range(3):
        for m in range(2):
            sub = t.subresource_bytes(t.subresource_index(m, a))
            expect = [0, 255, 0, 255] * (len(sub) // 4) if (m == 0 and a >= 1) else [0] * len(sub)
            assert list(sub) == expect


def test_fill_view_byte_mask_and_msaa_resolve():
    ms = _tex(1, 1, fmt=41, samples=2)
    ms.data[:] = np.array([1.0, 4.0], np.float32).view(np.uint8)
    dst = _tex(1, 1, fmt=41)
    pc.resolve(dst, 0, ms, 0, 41)
    assert dst.data.view(np.float32)[0] == 2.5


def test_copy_compatibility_table():
    assert pc.copy_compatible(28, 29) and pc.copy_compatible(87, 91)
    assert not pc.copy_compatible(28, 41) and not pc.copy_compatible(87, 28)
    assert pc.copy_compatible(71, 10) and pc.copy_compatible(98, 2) and not pc.copy_compatible(71, 2)


def test_trunc_cast_and_srgb_alpha_rules():
    """UINT from float truncates when asked; sRGB encodes RGB but not alpha."""
    e = pc.encode_elements(30, np.array([[235.9, -3.0, 300.0, 7.5]], np.float32), integer_cast="trunc")
    assert list(e[0]) == [235, 0, 255, 7]
    e = pc.encode_elements(29, np.array([[0.5, 0.0, 1.0, 0.5]], np.float32))  # sRGB on RGB, not alpha
    assert list(e[0]) == [int((1.055 * 0.5 ** (1 / 2.4) - 0.055) * 255 + 0.5), 0, 255, 128]


def test_clear_uint_packed_float_format_uses_table_channels():
    t = _tex(1, 1, fmt=26)  # R11G11B10_FLOAT: raw bits into 11/11/10-bit fields
    uav = ViewDescriptor(ViewKind.UAV, t, 26, 4)
    pc.clear_uint(uav, [0x7FF, 0x1, 0x3FF, 0])
    assert int(t.data.view(np.uint32)[0]) == 0x7FF | (0x1 << 11) | (0x3FF << 22)


def test_clear_float_encodes_r11g11b10():
    t = _tex(1, 1, fmt=26)
    pc.clear_color(ViewDescriptor(ViewKind.RTV, t, 26, 4), [1.0, 2.0, 0.5, 1.0])
    w = int(t.data.view(np.uint32)[0])
    # float11/10: exponent bias 15, 6/5 mantissa bits: 1.0 = e15 m0, 2.0 = e16 m0, 0.5 = e14 m0
    assert (w & 0x7FF, (w >> 11) & 0x7FF, w >> 22) == (15 << 6, 16 << 6, 14 << 5)
