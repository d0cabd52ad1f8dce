"""Element/region codecs: layouts, defaults, round trips and depth/stencil planes (spec §19.1, §19.4)."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

import pyd3d11.formats as formats_pkg
from pyd3d11.errors import InvalidArgError, NotSupportedError
from pyd3d11.formats import codecs
from pyd3d11.formats.table import FORMATS, FormatKind, format_value


def fv(name: str) -> int:
    return format_value(name)


def le(value: int, nbytes: int) -> np.ndarray:
    return np.frombuffer(int(value).to_bytes(nbytes, "little"), np.uint8).copy()


def dec1(name: str, value: int, nbytes: int) -> np.ndarray:
    return codecs.decode(fv(name), le(value, nbytes)[None])[0]


CODEC_FORMATS = [v for v, i in FORMATS.items()
                 if i.kind not in (FormatKind.VIDEO, FormatKind.UNKNOWN, FormatKind.TYPELESS) and not i.compressed]


# --------------------------------------------------------------------------------------------- layouts

def test_rgba8_unorm_bytes_in_order():
    out = dec1("R8G8B8A8_UNORM", 0xFF804000, 4)
    assert list(out) == [0.0, np.float32(64 / 255), np.float32(128 / 255), 1.0]


def test_bgra8_and_bgrx8():
    out = dec1("B8G8R8A8_UNORM", 0x80FF0000, 4)  # bytes B=0, G=0, R=255, A=128
    assert list(out) == [1.0, 0.0, 0.0, np.float32(128 / 255)]
    out = dec1("B8G8R8X8_UNORM", 0x000000FF, 4)  # X byte ignored, alpha defaults to 1
    assert list(out) == [0.0, 0.0, 1.0, 1.0]


@pytest.mark.parametrize("name,code,expect", [
    ("B5G6R5_UNORM", 0xF800, [1, 0, 0, 1]),
    ("B5G6R5_UNORM", 0x07E0, [0, 1, 0, 1]),
    ("B5G6R5_UNORM", 0x001F, [0, 0, 1, 1]),
    ("B5G5R5A1_UNORM", 0x8000, [0, 0, 0, 1]),
    ("B5G5R5A1_UNORM", 0x7C00, [1, 0, 0, 0]),
    ("B4G4R4A4_UNORM", 0xF000, [0, 0, 0, 1]),
    ("B4G4R4A4_UNORM", 0x0F00, [1, 0, 0, 0]),
    ("B4G4R4A4_UNORM", 0x000F, [0, 0, 1, 0]),
    ("A4B4G4R4_UNORM", 0x000F, [0, 0, 0, 1]),
    ("A4B4G4R4_UNORM", 0xF000, [1, 0, 0, 0]),
    ("R10G10B10A2_UNORM", 0xC00003FF, [1, 0, 0, 1]),
    ("R10G10B10A2_UNORM", 0x3FF00000, [0, 0, 1, 0]),
])
def test_packed_layouts(name, code, expect):
    assert list(dec1(name, code, 2 if "5" in name[:3] or "4" in name[:2] else 4)) == expect


def test_r10g10b10a2_uint_and_xr_bias():
    out = dec1("R10G10B10A2_UINT", (3 << 30) | (5 << 20) | (6 << 10) | 7, 4)
    assert out.dtype == np.uint32 and list(out) == [7, 6, 5, 3]
    out = dec1("R10G10B10_XR_BIAS_A2_UNORM", (2 << 30) | (0x3FF << 20) | (0x180 << 10) | 0, 4)
    assert list(out) == [np.float32(-384 / 510), 0.0, np.float32(639 / 510), np.float32(2 / 3)]


def test_r11g11b10_layout():
    one11 = 15 << 6  # exponent 15, mantissa 0 -> 1.0
    two10 = 16 << 5
    out = dec1("R11G11B10_FLOAT", one11 | (0 << 11) | (two10 << 22), 4)
    assert list(out) == [1.0, 0.0, 2.0, 1.0]


def test_a8_and_r8():
    assert list(dec1("A8_UNORM", 255, 1)) == [0, 0, 0, 1.0]
    assert list(dec1("A8_UNORM", 0, 1)) == [0, 0, 0, 0.0]
    assert list(dec1("R8_SNORM", 0x80, 1)) == [-1.0, 0, 0, 1.0]


def test_rgb9e5_codec():
    out = dec1("R9G9B9E5_SHAREDEXP", 0x999320C8, 4)
    assert list(out) == [6.25, 12.5, 3.125, 1.0]


def test_float_formats_keep_bits():
    b = np.uint32([0x7FC12345, 0x00000001, 0x80000000, 0xFF800000]).view(np.uint8).reshape(4, 4)
    out = codecs.decode(fv("R32_FLOAT"), b)
    assert list(out[:, 0].view(np.uint32)) == [0x7FC12345, 0x00000001, 0x80000000, 0xFF800000]
    assert np.array_equal(codecs.encode(fv("R32_FLOAT"), out), b)


# --------------------------------------------------------------------------------------------- defaults

@pytest.mark.parametrize("name,nbytes,expect,dtype", [
    ("R16G16_UINT", 4, [1, 2, 0, 1], np.uint32),
    ("R16_SINT", 2, [-2, 0, 0, 1], np.int32),
    ("R32_FLOAT", 4, [1.0, 0, 0, 1.0], np.float32),
    ("R24_UNORM_X8_TYPELESS", 4, [1.0, 0, 0, 1.0], np.float32),
    ("X24_TYPELESS_G8_UINT", 4, [0, 0xAB, 0, 1], np.uint32),
    ("R8G8_SNORM", 2, [1.0, 0.0, 0, 1.0], np.float32),
])
def test_missing_component_defaults(name, nbytes, expect, dtype):
    raw = {"R16G16_UINT": 0x00020001, "R16_SINT": 0xFFFE, "R32_FLOAT": 0x3F800000,
           "R24_UNORM_X8_TYPELESS": 0xABFFFFFF, "X24_TYPELESS_G8_UINT": 0xAB123456, "R8G8_SNORM": 0x007F}[name]
    out = dec1(name, raw, nbytes)
    assert out.dtype == dtype
    assert list(out) == expect


def test_depth_formats_decode_depth_in_r_stencil_in_g():
    out = dec1("D24_UNORM_S8_UINT", 0x7FFFFFFF, 4)
    assert out.dtype == np.float32 and list(out) == [1.0, 127.0, 0.0, 1.0]
    raw = np.concatenate([np.float32([0.25]).view(np.uint8), np.uint8([9, 0xAA, 0xBB, 0xCC])])
    out = codecs.decode(fv("D32_FLOAT_S8X24_UINT"), raw[None])[0]
    assert list(out) == [0.25, 9.0, 0.0, 1.0]
    out = codecs.decode(fv("R32_FLOAT_X8X24_TYPELESS"), raw[None])[0]
    assert list(out) == [0.25, 0.0, 0.0, 1.0]
    out = codecs.decode(fv("X32_TYPELESS_G8X24_UINT"), raw[None])[0]
    assert out.dtype == np.uint32 and list(out) == [0, 9, 0, 1]
    assert list(dec1("D16_UNORM", 0xFFFF, 2)) == [1.0, 0, 0, 1.0]


# --------------------------------------------------------------------------------------------- round trips

def _defined_bits_mask(fmt: int) -> np.ndarray:
    info = FORMATS[fmt]
    mask = 0
    for ch in info.channels:
        if ch.name != "X":
            mask |= ((1 << ch.bits) - 1) << ch.offset
    if fmt in (68, 69, 67, 66):  # every bit defined (R1_UNORM: 8 texels per byte)
        mask = (1 << (8 * info.bytes_per_block)) - 1
    return np.frombuffer(mask.to_bytes(info.bytes_per_block, "little"), np.uint8)


def _invertible(fmt: int, raw: np.ndarray) -> np.ndarray:
    """Rows excluded by §19.1.2.1: SNORM most-negative codes, NaN codes, non-canonical RGB9E5."""
    info = FORMATS[fmt]
    ok = np.ones(raw.shape[0], bool)
    ints = [int.from_bytes(bytes(r), "little") for r in raw]
    word = np.array(ints, dtype=object)
    if fmt == 67:
        e = np.array([w >> 27 for w in ints])
        mx = np.array([max(w & 0x1FF, (w >> 9) & 0x1FF, (w >> 18) & 0x1FF) for w in ints])
        return (e == 0) | (mx >= 256)
    for ch in info.channels:
        code = np.array([(w >> ch.offset) & ((1 << ch.bits) - 1) for w in word], dtype=np.int64)
        if ch.kind == FormatKind.SNORM:
            ok &= code != (1 << (ch.bits - 1))
        if ch.kind == FormatKind.FLOAT and ch.bits < 32:
            mb = {16: 10, 11: 6, 10: 5}[ch.bits]
            ok &= ~(((code >> mb) == 31) & ((code & ((1 << mb) - 1)) != 0)) | (ch.bits == 16)
    return ok


@pytest.mark.parametrize("fmt", CODEC_FORMATS, ids=lambda v: FORMATS[v].name)
def test_encode_decode_round_trip(fmt):
    info = FORMATS[fmt]
    rng = np.random.default_rng(fmt)
    raw = rng.integers(0, 256, (512, info.bytes_per_block), dtype=np.uint8)
    if fmt == 67:  # make sure both canonical and non-canonical codes appear
        raw[:64, 3] &= 0x07
    keep = _invertible(fmt, raw)
    assert keep.sum() > 100
    out = codecs.encode(fmt, codecs.decode(fmt, raw))
    mask = _defined_bits_mask(fmt)
    assert out.shape == raw.shape and out.dtype == np.uint8
    assert np.array_equal((out & mask)[keep], (raw & mask)[keep])
    # undefined (X) bits are written as zero
    assert not np.any(out & ~mask)


def test_snorm_extra_code_re_encodes_to_minus_127():
    out = codecs.encode(fv("R8_SNORM"), codecs.decode(fv("R8_SNORM"), np.uint8([[0x80]])))
    assert out[0, 0] == 0x81


def test_encode_clamps_integers_and_floats():
    v = np.array([[300, -5, 70000, 2**31]], np.int64)
    out = codecs.encode(fv("R8G8B8A8_UINT"), v)
    assert list(out[0]) == [255, 0, 255, 255]
    out = codecs.encode(fv("R8G8B8A8_SINT"), np.array([[300, -300, -1, 5]], np.int32))
    assert list(out[0].view(np.int8)) == [127, -128, -1, 5]
    out = codecs.encode(fv("R8G8B8A8_UNORM"), np.float32([[np.nan, 2.0, -1.0, 0.5]]))
    assert list(out[0]) == [0, 255, 0, 128]
    out = codecs.encode(fv("R16_FLOAT"), np.float32([[1e6, 0, 0, 0]]))
    assert out[0].view(np.uint16)[0] == 0x7BFF  # float -> float16 rounds toward zero, saturates finite


# --------------------------------------------------------------------------------------------- regions

def test_decode_region_pitch_and_crop():
    fmt = fv("R8_UNORM")
    raw = np.arange(3 * 8, dtype=np.uint8)  # 3 rows of pitch 8, width 5
    out = codecs.decode_region(fmt, raw.tobytes(), 5, 3, row_pitch=8)
    assert out.shape == (1, 3, 5, 4)
    assert np.array_equal(out[0, :, :, 0] * 255, np.arange(24).reshape(3, 8)[:, :5].astype(np.float32))
    with pytest.raises(InvalidArgError):
        codecs.decode_region(fmt, raw[:10].tobytes(), 5, 3, row_pitch=8)


def test_decode_region_subsampled_pairs():
    # R8G8_B8G8: bytes R, G0, B, G1 per texel pair (§19.4)
    raw = np.uint8([10, 20, 30, 40, 50, 60, 70, 80])
    out = codecs.decode_region(fv("R8G8_B8G8_UNORM"), raw, 3, 1)[0, 0] * 255
    assert np.allclose(out[:, :3], [[10, 20, 30], [10, 40, 30], [50, 60, 70]])
    out = codecs.decode_region(fv("G8R8_G8B8_UNORM"), raw, 4, 1)[0, 0] * 255
    assert np.allclose(out[:, :3], [[20, 10, 40], [20, 30, 40], [60, 50, 80], [60, 70, 80]])
    enc = codecs.encode_region(fv("R8G8_B8G8_UNORM"), codecs.decode_region(fv("R8G8_B8G8_UNORM"), raw, 4, 1))
    assert np.array_equal(enc, raw)


def test_decode_region_r1_unorm_msb_first():
    raw = np.uint8([0b10000001, 0b01000000])
    out = codecs.decode_region(fv("R1_UNORM"), raw, 10, 1)
    assert out.shape == (1, 1, 10, 4)
    assert list(out[0, 0, :, 0]) == [1, 0, 0, 0, 0, 0, 0, 1, 0, 1]
    assert np.array_equal(codecs.encode_region(fv("R1_UNORM"), out), raw)


def test_encode_region_round_trip_3d():
    fmt = fv("R16G16B16A16_UNORM")
    raw = np.random.default_rng(0).integers(0, 256, 2 * 3 * 5 * 8, dtype=np.uint8)
    tex = codecs.decode_region(fmt, raw, 5, 3, 2)
    assert tex.shape == (2, 3, 5, 4)
    assert np.array_equal(codecs.encode_region(fmt, tex), raw)


def test_bc_dispatch_through_bc_module(monkeypatch):
    calls = []

    def decode_bc(fmt, blocks):
        calls.append((fmt, blocks.shape))
        return np.ones(blocks.shape[:-3] + (4 * blocks.shape[-3], 4 * blocks.shape[-2], 4), np.float32)

    fake = types.ModuleType("pyd3d11.formats.bc")
    fake.decode_bc = decode_bc
    monkeypatch.setitem(sys.modules, "pyd3d11.formats.bc", fake)
    monkeypatch.setattr(formats_pkg, "bc", fake, raising=False)
    out = codecs.decode_region(fv("BC1_UNORM"), np.zeros(8 * 2 * 3, np.uint8), 10, 5)
    assert calls == [(fv("BC1_UNORM"), (1, 2, 3, 8))]
    assert out.shape == (1, 5, 10, 4)


def test_video_and_typeless_rejected():
    with pytest.raises(NotSupportedError, match="NV12"):
        codecs.decode(fv("NV12"), np.zeros((1, 1), np.uint8))
    with pytest.raises(NotSupportedError, match="YUY2"):
        codecs.encode(fv("YUY2"), np.zeros((1, 4), np.float32))
    with pytest.raises(InvalidArgError):
        codecs.decode(fv("R8G8B8A8_TYPELESS"), np.zeros((1, 4), np.uint8))
    with pytest.raises(InvalidArgError):
        codecs.decode(fv("R8G8B8A8_UNORM"), np.zeros((1, 3), np.uint8))
    with pytest.raises(NotSupportedError):
        codecs.encode(fv("BC3_UNORM"), np.zeros((1, 4), np.float32))


# --------------------------------------------------------------------------------------------- depth/stencil

def test_d24s8_plane_writes_keep_other_plane():
    fmt = fv("D24_UNORM_S8_UINT")
    raw = np.uint32([0xAB123456, 0x01FFFFFF]).view(np.uint8).reshape(2, 4)
    d = codecs.encode_depth(fmt, raw, np.float32([1.0, 0.5]))
    w = d.view(np.uint32)[:, 0]
    assert list(w) == [0xABFFFFFF, 0x01800000]  # 0.5 * (2^24-1) + 0.5 = 8388608
    assert list(codecs.decode_stencil(fmt, d)) == [0xAB, 0x01]
    s = codecs.encode_stencil(fmt, raw, np.array([7, 300]))
    assert list(s.view(np.uint32)[:, 0]) == [0x07123456, (300 & 0xFF) << 24 | 0xFFFFFF]
    assert np.array_equal(codecs.decode_depth(fmt, s), codecs.decode_depth(fmt, raw))
    assert list(raw.view(np.uint32)[:, 0]) == [0xAB123456, 0x01FFFFFF]  # input untouched


def test_d32s8x24_and_d16_planes():
    fmt = fv("D32_FLOAT_S8X24_UINT")
    raw = np.zeros((1, 8), np.uint8)
    raw[0, 4:] = [5, 0xEE, 0xEE, 0xEE]
    d = codecs.encode_depth(fmt, raw, np.float32([0.75]))
    assert d[0, :4].view(np.float32)[0] == 0.75 and list(d[0, 4:]) == [5, 0xEE, 0xEE, 0xEE]
    s = codecs.encode_stencil(fmt, d, np.array([200]))
    assert list(s[0, 4:]) == [200, 0xEE, 0xEE, 0xEE] and codecs.decode_depth(fmt, s)[0] == 0.75
    d16 = codecs.encode_depth(fv("D16_UNORM"), np.zeros((2, 2), np.uint8), np.float32([1.0, 0.25]))
    assert list(d16.view(np.uint16)[:, 0]) == [0xFFFF, 16384]  # 0.25*65535+0.5 = 16384.25
    assert list(codecs.decode_stencil(fv("D16_UNORM"), d16)) == [0, 0]
    # typeless family members resolve to the depth layout
    assert codecs.decode_depth(fv("R24G8_TYPELESS"), np.uint8([[0xFF, 0xFF, 0xFF, 0]]))[0] == 1.0
