"""Format codec rules that the mutation survivors of formats/codecs.py showed untested.

- Depth/stencil planes of every depth family (the DXGI format docs: D32_FLOAT "32-bit floating-point depth";
  D24_UNORM_S8_UINT 24-bit UNORM depth in bits 0-23 and 8-bit stencil in bits 24-31; D16_UNORM;
  D32_FLOAT_S8X24_UINT: float32 depth in the first 32 bits, 8-bit stencil in the next byte, 24 unused bits), read
  through any format of the family (typeless, depth, and the SRV formats R32_FLOAT, R24_UNORM_X8_TYPELESS,
  X24_TYPELESS_G8_UINT, R32_FLOAT_X8X24_TYPELESS, X32_TYPELESS_G8X24_UINT, R16_UNORM). UNORM depth stores
  round(z * (2^n - 1)) (§3.2.3.6 FLOAT -> UNORM); writing depth keeps the stencil bits and the other way round.
- 2x1 sub-sampled formats (§19.4: one element holds R of the even texel, B of the odd texel and each texel's G;
  R8G8_B8G8 bytes R, G0, B, G1 and G8R8_G8B8 bytes G0, R, G1, B): a region whose width does not fill its last
  element is padded with zero texels.
- roundtrip_exact(fmt): whether encode(decode(e)) == e for every element e. From the definitions: n-bit UNORM, UINT
  and SINT channels decode to distinct values that encode back (True); SNORM has two codes for -1.0 (§3.2.3.3:
  -2^(n-1) and -2^(n-1)+1), so it is False; X (unused) bits are not kept (False); block-compressed: False.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.formats import codecs

F32 = np.float32

# family members: (formats, bytes per element)
D32 = (40, 39, 41)  # D32_FLOAT, R32_TYPELESS, R32_FLOAT
D24S8 = (45, 44, 46, 47)  # D24_UNORM_S8_UINT, R24G8_TYPELESS, R24_UNORM_X8_TYPELESS, X24_TYPELESS_G8_UINT
D16 = (55, 53, 56)  # D16_UNORM, R16_TYPELESS, R16_UNORM
D32S8 = (20, 19, 21, 22)  # D32_FLOAT_S8X24_UINT, R32G8X24_TYPELESS, R32_FLOAT_X8X24_TYPELESS, X32_TYPELESS_G8X24_UINT


@pytest.mark.parametrize("fmt", D32)
def test_d32_family_depth_is_the_float32_bits(fmt):
    z = np.array([0.0, 0.375, 1.0, 0.1], F32)
    data = z.view(np.uint8).reshape(-1, 4)
    assert np.array_equal(codecs.decode_depth(fmt, data), z)
    assert np.array_equal(codecs.decode_stencil(fmt, data), np.zeros(4, np.uint8))
    new = codecs.encode_depth(fmt, np.zeros((4, 4), np.uint8), np.array([0.5, 0.25, 0.0, 1.0], F32))
    assert np.array_equal(new.view(F32).reshape(-1), np.array([0.5, 0.25, 0.0, 1.0], F32))


@pytest.mark.parametrize("fmt", D24S8)
def test_d24s8_family_planes(fmt):
    words = np.array([0xAB800000, 0x00FFFFFF, 0x12000000, 0xFF000001], np.uint32)
    data = words.view(np.uint8).reshape(-1, 4)
    want = np.array([0x800000, 0xFFFFFF, 0, 1], np.float64) / 0xFFFFFF
    np.testing.assert_allclose(codecs.decode_depth(fmt, data), want.astype(F32), rtol=0, atol=0)
    assert list(codecs.decode_stencil(fmt, data)) == [0xAB, 0x00, 0x12, 0xFF]
    # depth 0.25 -> round(0.25 * 0xFFFFFF) = 0x400000 (0x3FFFFF.C0); stencil bits kept
    got = codecs.encode_depth(fmt, data, np.full(4, 0.25, F32)).view(np.uint32).reshape(-1)
    assert list(got) == [0xAB400000, 0x00400000, 0x12400000, 0xFF400000]
    got = codecs.encode_stencil(fmt, data, np.array([1, 2, 3, 0x1FF])).view(np.uint32).reshape(-1)
    assert list(got) == [0x01800000, 0x02FFFFFF, 0x03000000, 0xFF000001]


@pytest.mark.parametrize("fmt", D16)
def test_d16_family_planes(fmt):
    data = np.array([0x8000, 0xFFFF, 0, 0x4000], np.uint16).view(np.uint8).reshape(-1, 2)
    want = (np.array([0x8000, 0xFFFF, 0, 0x4000], np.float64) / 0xFFFF).astype(F32)
    assert np.array_equal(codecs.decode_depth(fmt, data), want)
    got = codecs.encode_depth(fmt, data, np.array([0.25, 1.0, 0.0, 0.5], F32)).view(np.uint16).reshape(-1)
    assert list(got) == [0x4000, 0xFFFF, 0, 0x8000]  # 0.25 * 65535 = 16383.75 -> 16384; 0.5 -> 32767.5 -> 32768


@pytest.mark.parametrize("fmt", D32S8)
def test_d32s8x24_family_planes(fmt):
    z = np.array([0.625, 1.0], F32)
    data = np.zeros((2, 8), np.uint8)
    data[:, :4] = z.view(np.uint8).reshape(2, 4)
    data[:, 4] = [0x5A, 0xC3]
    data[:, 5:] = 0x77  # unused bits
    assert np.array_equal(codecs.decode_depth(fmt, data), z)
    assert list(codecs.decode_stencil(fmt, data)) == [0x5A, 0xC3]
    new = codecs.encode_depth(fmt, data, np.array([0.25, 0.0], F32))
    assert np.array_equal(new[:, :4].copy().view(F32).reshape(-1), np.array([0.25, 0.0], F32))
    assert np.array_equal(new[:, 4:], data[:, 4:])


def _unorm8(x: float) -> int:
    return int(np.floor(x * 255 + 0.5))


@pytest.mark.parametrize(("fmt", "layout"), [(68, "R G0 B G1"), (69, "G0 R G1 B")])
@pytest.mark.parametrize("width", [1, 3, 4, 5])
def test_subsampled_region_pads_the_last_element_with_zero_texels(fmt, layout, width):
    d, h = 1, 2
    rng = np.random.default_rng(width)
    t = (rng.integers(0, 256, (d, h, width, 4)) / 255.0).astype(F32)
    t[..., 3] = 1.0
    got = codecs.encode_region(fmt, t).reshape(d, h, -1, 4)
    n_el = -(-width // 2)
    assert got.shape == (d, h, n_el, 4)
    padded = np.zeros((d, h, 2 * n_el, 4), F32)
    padded[:, :, :width] = t
    for y in range(h):
        for k in range(n_el):
            even, odd = padded[0, y, 2 * k], padded[0, y, 2 * k + 1]
            vals = {"R": even[0], "G0": even[1], "B": odd[2], "G1": odd[1]}
            want = [_unorm8(float(vals[name])) for name in layout.split()]
            assert list(got[0, y, k]) == want, (fmt, width, y, k)


def test_r1_region_pads_with_zero_texels():
    t = np.ones((2, 3, 5, 4), F32)  # depth 2, height 3, width 5 (not a multiple of 8)
    padded = np.zeros((2, 3, 8, 4), F32)
    padded[:, :, :5] = t
    assert np.array_equal(codecs.encode_region(66, t), codecs.encode_region(66, padded))


_ROUNDTRIP = [
    (28, True), (30, True), (64, True), (61, True), (62, True), (49, True), (50, True),  # 8-bit UNORM/UINT/SINT
    (35, True), (36, True), (57, True), (59, True), (11, True), (12, True), (14, True), (56, True),  # 16-bit
    (31, False), (63, False), (51, False), (58, False), (13, False),  # SNORM: two codes for -1
    (88, False),  # B8G8R8X8_UNORM: X bits
    (71, False), (77, False),  # BC1, BC3
]


@pytest.mark.parametrize(("fmt", "exact"), _ROUNDTRIP, ids=[str(f) for f, _ in _ROUNDTRIP])
def test_roundtrip_exact_from_the_definitions(fmt, exact):
    assert codecs.roundtrip_exact(fmt) is exact
