"""BC1-BC7 decoding (spec 19.5) against independent references.

Oracles:
- ``texture2ddecoder`` (8-bit BGRA output) for BC1, BC3, BC4U, BC5U and BC7. It decodes BC3's colour
  block like BC1 (3-colour mode when c0 <= c1), which D3D forbids (BC2/BC3 colour is always
  4-colour), so those blocks are checked through an equivalent BC1 block with swapped endpoints.
  Its BC1 ignores the 1-bit alpha; that alpha is checked against a hand rule from the raw bits.
- BC6H: texture2ddecoder's BC6 only gives 8-bit unsigned output, disagrees with the D3D tables in
  several modes and fills reserved blocks with alpha 0, so it is not used. Instead: hand-worked
  blocks from the spec formulas, and digests of the half-float output of the independent ``bcdec``
  decoder (via ``imagecodecs``) over deterministic blocks; when imagecodecs is importable the
  comparison also runs directly.
- SNORM BC4/BC5: no oracle; hand-worked blocks plus a scalar spec re-statement.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest
import texture2ddecoder as t2d

from pyd3d11.errors import InvalidArgError
from pyd3d11.formats.bc import decode_bc, decode_bc_region, encode_bc

RNG_SEED = 1234


def _rand_blocks(n: int, nbytes: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 256, (n, nbytes), dtype=np.uint8)


def _dec(fmt: int, blocks: np.ndarray) -> np.ndarray:
    """(N, B) blocks -> (N, 16, 4) via the public entry point (blocks laid out as a 1 x N row)."""
    img = decode_bc(fmt, blocks[None])  # (4, 4N, 4)
    return img.reshape(4, -1, 4, 4).transpose(1, 0, 2, 3).reshape(-1, 16, 4)


def _oracle(fn, blocks: np.ndarray) -> np.ndarray:
    """texture2ddecoder on N blocks stacked vertically -> (N, 16, 4) uint8 RGBA."""
    n = blocks.shape[0]
    raw = fn(np.ascontiguousarray(blocks).tobytes(), 4, 4 * n)
    return np.frombuffer(raw, np.uint8).reshape(n, 16, 4)[..., [2, 1, 0, 3]]


def _565(c: np.ndarray) -> np.ndarray:
    """RGB565 -> 8-bit by repeating the MSBs into the new LSBs (spec 19.5.2), as floats."""
    r, g, b = (c >> 11) & 31, (c >> 5) & 63, c & 31
    return np.stack([r * 8 + r // 4, g * 4 + g // 16, b * 8 + b // 4], -1).astype(np.float64)


def _bc1_tolerance(blocks8: np.ndarray) -> np.ndarray:
    """Spec 19.5 tolerance for BC1 colour (abs 1/255 + 3% of the endpoint span) plus 1/255 for the
    oracle's own 8-bit rounding, per block and channel -> (N, 1, 3)."""
    c0 = blocks8[:, 0].astype(np.int64) | (blocks8[:, 1].astype(np.int64) << 8)
    c1 = blocks8[:, 2].astype(np.int64) | (blocks8[:, 3].astype(np.int64) << 8)
    span = np.abs(_565(c0) - _565(c1)) / 255
    return (2 / 255 + 0.03 * span)[:, None, :]


def _indices2(blocks8: np.ndarray) -> np.ndarray:
    word = blocks8[:, 4:8].copy().view("<u4")[:, 0].astype(np.int64)
    return (word[:, None] >> (2 * np.arange(16))) & 3


def _swap_endpoints(blocks8: np.ndarray) -> np.ndarray:
    """Equivalent 4-colour BC1 block with c0/c1 exchanged and the indices remapped 0<->1, 2<->3."""
    out = blocks8.copy()
    out[:, 0:2], out[:, 2:4] = blocks8[:, 2:4], blocks8[:, 0:2]
    idx = _indices2(blocks8) ^ 1
    word = (idx << (2 * np.arange(16))).sum(axis=1).astype("<u4")
    out[:, 4:8] = word.view(np.uint8).reshape(-1, 4)
    return out


def _c0_c1(blocks8: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    c0 = blocks8[:, 0].astype(np.int64) | (blocks8[:, 1].astype(np.int64) << 8)
    c1 = blocks8[:, 2].astype(np.int64) | (blocks8[:, 3].astype(np.int64) << 8)
    return c0, c1


# --- BC1 ------------------------------------------------------------------------------------------
def test_bc1_matches_oracle_within_spec_tolerance():
    blocks = _rand_blocks(2048, 8, RNG_SEED)
    gen = _dec(71, blocks)
    ref = _oracle(t2d.decode_bc1, blocks).astype(np.float64) / 255
    assert np.all(np.abs(gen[..., :3] - ref[..., :3]) < _bc1_tolerance(blocks))
    # endpoints (index 0/1) are exact 8-bit values
    idx = _indices2(blocks)
    ends = idx < 2
    assert np.array_equal(gen[..., :3][ends], ref[..., :3][ends].astype(np.float32))


def test_bc1_interpolants_are_exact_thirds_and_halves():
    blocks = _rand_blocks(512, 8, RNG_SEED + 1)
    gen = _dec(71, blocks).astype(np.float64)
    c0, c1 = _c0_c1(blocks)
    e0 = _565(c0)
    e1 = _565(c1)
    four = (c0 > c1)[:, None]
    pal = np.stack([e0, e1, np.where(four, (2 * e0 + e1) / 3, (e0 + e1) / 2),
                    np.where(four, (e0 + 2 * e1) / 3, 0)], 1) / 255
    want = np.take_along_axis(pal, _indices2(blocks)[..., None], 1)
    np.testing.assert_allclose(gen[..., :3], want, rtol=0, atol=1e-7)


def test_bc1_alpha_is_zero_only_for_code3_in_three_colour_mode():
    blocks = _rand_blocks(1024, 8, RNG_SEED + 2)
    blocks[::2, 1] = 0  # make c0 <= c1 common
    blocks[::4, 0:2] = blocks[::4, 2:4]  # c0 == c1 -> 3-colour mode
    gen = _dec(71, blocks)
    c0, c1 = _c0_c1(blocks)
    transparent = (c0 <= c1)[:, None] & (_indices2(blocks) == 3)
    assert transparent.any() and (~transparent).any()
    assert np.array_equal(gen[..., 3], np.where(transparent, 0.0, 1.0).astype(np.float32))
    assert np.all(gen[..., :3][transparent] == 0)


# --- BC2 / BC3 ------------------------------------------------------------------------------------
def _check_colour_always_four(gen_rgb: np.ndarray, colour: np.ndarray) -> None:
    c0, c1 = _c0_c1(colour)
    four = c0 > c1
    assert four.any() and (~four).any()
    ref = _oracle(t2d.decode_bc1, colour).astype(np.float64) / 255
    swapped = _oracle(t2d.decode_bc1, _swap_endpoints(colour)).astype(np.float64) / 255
    equal = (c0 == c1)[:, None, None]
    solid = np.repeat(_oracle(t2d.decode_bc1, colour)[:, :1], 16, 1).astype(np.float64) / 255
    want = np.where(four[:, None, None], ref, np.where(equal, solid, swapped))[..., :3]
    assert np.all(np.abs(gen_rgb - want) < _bc1_tolerance(colour))


def test_bc2_explicit_alpha_and_four_colour_block():
    blocks = _rand_blocks(1024, 16, RNG_SEED + 3)
    blocks[::3, 9] = 0
    gen = _dec(74, blocks)
    nib = np.stack([blocks[:, :8] & 15, blocks[:, :8] >> 4], -1).reshape(-1, 16)
    assert np.array_equal(gen[..., 3], (nib / 15).astype(np.float32))
    _check_colour_always_four(gen[..., :3], blocks[:, 8:])


def test_bc3_alpha_matches_oracle_and_colour_is_four_colour():
    blocks = _rand_blocks(1024, 16, RNG_SEED + 4)
    blocks[::3, 9] = 0
    gen = _dec(77, blocks)
    ref = _oracle(t2d.decode_bc3, blocks).astype(np.float64) / 255
    a0 = blocks[:, 0].astype(np.float64) / 255
    a1 = blocks[:, 1].astype(np.float64) / 255
    tol = (1 / 65535 + 1 / 255 + 0.03 * np.abs(a0 - a1))[:, None]
    assert np.all(np.abs(gen[..., 3] - ref[..., 3]) < tol)
    _check_colour_always_four(gen[..., :3], blocks[:, 8:])


# --- BC4 / BC5 ------------------------------------------------------------------------------------
def _codes3(blocks8: np.ndarray) -> np.ndarray:
    word = np.zeros(blocks8.shape[0], np.int64)
    for k in range(6):
        word |= blocks8[:, 2 + k].astype(np.int64) << (8 * k)
    return (word[:, None] >> (3 * np.arange(16))) & 7


def test_bc4_unorm_matches_oracle():
    blocks = _rand_blocks(2048, 8, RNG_SEED + 5)
    gen = _dec(80, blocks)
    ref = _oracle(t2d.decode_bc4, blocks).astype(np.float64) / 255
    r0 = blocks[:, 0].astype(np.float64)
    r1 = blocks[:, 1].astype(np.float64)
    tol = (1 / 65535 + 1 / 255 + 0.03 * np.abs(r0 - r1) / 255)[:, None]
    assert np.all(np.abs(gen[..., 0] - ref[..., 0]) < tol)
    assert np.all(gen[..., 1:3] == 0) and np.all(gen[..., 3] == 1)
    codes = _codes3(blocks)
    exact = (codes < 2) | ((r0 <= r1)[:, None] & (codes >= 6))
    assert np.array_equal(gen[..., 0][exact], ref[..., 0][exact].astype(np.float32))


def _bc4_scalar(b: bytes, signed: bool) -> list[float]:
    """Scalar restatement of spec 19.5.5 for one 8-byte block."""
    if signed:
        r0, r1 = [x - 256 if x > 127 else x for x in b[:2]]
        eight = r0 > r1
        r0, r1, scale, lo, hi = max(r0, -127), max(r1, -127), 127.0, -1.0, 1.0
    else:
        r0, r1 = b[0], b[1]
        eight = r0 > r1
        scale, lo, hi = 255.0, 0.0, 1.0
    if eight:
        pal = [r0 / scale, r1 / scale] + [((7 - k) * r0 + k * r1) / 7 / scale for k in range(1, 7)]
    else:
        pal = [r0 / scale, r1 / scale] + [((5 - k) * r0 + k * r1) / 5 / scale for k in range(1, 5)] + [lo, hi]
    bits = int.from_bytes(b[2:8], "little")
    return [pal[(bits >> (3 * i)) & 7] for i in range(16)]


def test_bc4_snorm_hand_worked_blocks():
    # r0 = -128 (decodes as -127 -> -1.0), r1 = 127; -128 > 127 is false -> 6-value mode
    codes = list(range(8)) * 2
    bits = sum(c << (3 * i) for i, c in enumerate(codes))
    blk = bytes([0x80, 0x7F]) + bits.to_bytes(6, "little")
    got = _dec(81, np.frombuffer(blk, np.uint8)[None])[0, :, 0]
    want = [-1.0, 1.0, -0.6, -0.2, 0.2, 0.6, -1.0, 1.0] * 2
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-7)
    # r0 = 64 > r1 = -64 -> 8-value mode: code k (2..7) = 64 * (9 - 2k) / (7 * 127)
    blk = bytes([0x40, 0xC0]) + bits.to_bytes(6, "little")
    got = _dec(81, np.frombuffer(blk, np.uint8)[None])[0, :8, 0]
    want = [64 / 127, -64 / 127] + [64 * (9 - 2 * k) / 889 for k in range(2, 8)]
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-7)


@pytest.mark.parametrize("signed", [False, True])
def test_bc4_random_blocks_match_scalar_spec(signed):
    blocks = _rand_blocks(300, 8, RNG_SEED + 6 + signed)
    blocks[::5, 0] = 0x80  # exercise -128
    gen = _dec(81 if signed else 80, blocks)
    want = np.array([_bc4_scalar(bytes(b), signed) for b in blocks])
    np.testing.assert_allclose(gen[..., 0], want, rtol=0, atol=2e-7)


def test_bc5_unorm_matches_oracle():
    blocks = _rand_blocks(1024, 16, RNG_SEED + 8)
    gen = _dec(83, blocks)
    ref = _oracle(t2d.decode_bc5, blocks).astype(np.float64) / 255
    for ch, at in ((0, 0), (1, 8)):
        e0 = blocks[:, at].astype(np.float64)
        e1 = blocks[:, at + 1].astype(np.float64)
        tol = (1 / 65535 + 1 / 255 + 0.03 * np.abs(e0 - e1) / 255)[:, None]
        assert np.all(np.abs(gen[..., ch] - ref[..., ch]) < tol)
    assert np.all(gen[..., 2] == 0) and np.all(gen[..., 3] == 1)


def test_bc5_snorm_channels_follow_scalar_spec():
    blocks = _rand_blocks(200, 16, RNG_SEED + 9)
    gen = _dec(84, blocks)
    want_r = np.array([_bc4_scalar(bytes(b[:8]), True) for b in blocks])
    want_g = np.array([_bc4_scalar(bytes(b[8:]), True) for b in blocks])
    np.testing.assert_allclose(gen[..., 0], want_r, rtol=0, atol=2e-7)
    np.testing.assert_allclose(gen[..., 1], want_g, rtol=0, atol=2e-7)
    assert np.all(gen[..., 2] == 0) and np.all(gen[..., 3] == 1)
    assert gen[..., :2].min() >= -1 and gen[..., :2].max() <= 1


# --- BC7 ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", range(8))
def test_bc7_mode_bit_exact_vs_oracle(mode):
    blocks = _rand_blocks(1024, 16, RNG_SEED + 20 + mode)
    blocks[:, 0] = (blocks[:, 0] & ((0xFF << (mode + 1)) & 0xFF)) | (1 << mode)
    gen = _dec(98, blocks)
    ref = _oracle(t2d.decode_bc7, blocks)
    assert np.array_equal(gen, (ref / np.float32(255)).astype(np.float32))
    assert np.array_equal(np.round(gen * 255), ref)


def test_bc7_invalid_block_decodes_to_zero():
    blocks = _rand_blocks(64, 16, RNG_SEED + 30)
    blocks[:, 0] = 0  # no mode bit (spec: all channels 0, alpha included)
    assert np.all(_dec(98, blocks) == 0)


# --- BC6H -----------------------------------------------------------------------------------------
BC6H_MODES = (0, 1, 2, 6, 10, 14, 18, 22, 26, 30, 3, 7, 11, 15)
BC6H_RESERVED = (19, 23, 27, 31)


def _bc6h_blocks(mode: int, n: int) -> np.ndarray:
    """Deterministic pseudo-random blocks (sha256 stream) with the given mode value."""
    raw = b"".join(hashlib.sha256(f"bc6h/{mode}/{i}".encode()).digest()[:16] for i in range(n))
    blocks = np.frombuffer(raw, np.uint8).reshape(n, 16).copy()
    blocks[:, 0] = (blocks[:, 0] & 0xFC) | mode if mode < 2 else (blocks[:, 0] & 0xE0) | mode
    return blocks


def _half_bits(fmt: int, blocks: np.ndarray) -> np.ndarray:
    rgb = _dec(fmt, blocks)[..., :3]
    return rgb.astype(np.float16).view(np.uint16)  # exact: the decoder's values are halves


# sha256 of bcdec's (imagecodecs.bcn_decode, format 6 / -6) float16 output, little-endian, for
# _bc6h_blocks(mode, 256) decoded as a 4 x 1024 column of blocks, RGB per texel, block-major.
BC6H_BCDEC_DIGESTS: dict[tuple[int, bool], str] = {
    (0, False): "f6a28fb02b390f2f6eefc334b29eab5a2bb9255e9e6f1b02196d6deb12c8e8be",
    (1, False): "b3565284ca91361fcc1da40e7537e49a406fb6572cff090e2937d488fe70eef9",
    (2, False): "8d828497eb03f79b5d57bfa6ac79eae9c6db069576d8926743f876887bd40578",
    (6, False): "4bef4c8396af138eb14fb53867f5c235b26f2b307d65a07bbfad5ddefb7d00fc",
    (10, False): "072df20895b676e5a3ccd9995f3d005296c3b646bf4134702c799c51bb620f50",
    (14, False): "eb7e9fa06c95409ec3b752dd5c90c54cf9c24eff7370d23a5406847d5ca9a5b3",
    (18, False): "527da36943d968a587b8148b59862893c56cd0176c0513bad4f1a952b3ba326a",
    (22, False): "f6978b866daa9497cef1e292e524d421f8cd3bfa1231d7ead83895f206b18de0",
    (26, False): "e3258b1cce6dc8e0b958434c5065fa7a86ee404699b062a791873ec692340d81",
    (30, False): "60812d97f3ac5db5bcd106c545533c428c2d715d138cccf4e2e3d70a497a1e0f",
    (3, False): "a148569f5d20d6c698adcf07624d2490e8fe1637569a83c502e23e3d023fbeb5",
    (7, False): "19872c53300432007e0294ac62d003e1ce6a1639c645eabd203f06f81d63c0f8",
    (11, False): "2e63c242d578a154721147c4648b3a5604342cb7b0a848a50a72564b9941570b",
    (15, False): "c133b705059f705df18ca26f4ff9e680fc58d2ce9ab9e044215d45b9c9b0f533",
    (0, True): "33ba7d1045bbd8cbffc9d7b8bd731cde2e96b3a8018d5bba780355ba204abe82",
    (1, True): "468e63c7e23cb0d1f63bc2fd7bb7ea7dbcb5859b3d1ae607f715ab1c58ab2fa8",
    (2, True): "9d3b74314063717d75ddfe09ee09e0588ee56e1e71f562dea2dc8e8ef0180d29",
    (6, True): "6f5c83e9b716a7fd33c9cf114770b3026ef616674aabf7ee4f71da00bfdbc4f0",
    (10, True): "79a45b53a9ff22397ea1d3532241d4e90c6f0beec98a09c7998c21ed87477dc7",
    (14, True): "e2b48b42c771fe6ee9ee4b59111812b5aa726c37221be29075c10e0ff1fef3ee",
    (18, True): "2d2e10c6b43fa9bc479afb540683cde3cf7a7308ffd926ff4ac73782b4b89f0f",
    (22, True): "fc308a53910e1df30c9d035fba843f9040c47a95b3f34f698d8cfa226f38169f",
    (26, True): "ee17e40ea1f05bffacdcaefae4a2ed7f52f04350899d106224c0eceab7919a08",
    (30, True): "2435f0ce9ce9a3abf7660bc428967941aee4b5ae1bf512cdcd8657d19735dd4e",
    (3, True): "c61a1221d94e56020e958622aad755e200a98fdcaae12eb47b0d5f2e22bd0201",
    (7, True): "2f968e88da51fc735205c6ea41bb24825374707ab66e326f95f4d3b7b7934f79",
    (11, True): "3316b2c11e0859bdbf5613ca6b4dceed8647610fdc2d8480a117f1c2993c5f07",
    (15, True): "1299a0478574a3aaad385eb4ad52b28f636e3fd20b914ed94f44a26345e06fcb",
}


def _bcdec_half(blocks: np.ndarray, signed: bool) -> np.ndarray:
    import imagecodecs  # a dev dependency: bcdec's decoder, independent of ours
    n = blocks.shape[0]
    out = imagecodecs.bcn_decode(blocks.tobytes(), -6 if signed else 6, shape=(4 * n, 4, 3))
    return np.ascontiguousarray(out).view(np.uint16).reshape(n, 16, 3)


@pytest.mark.parametrize("signed", [False, True])
@pytest.mark.parametrize("mode", BC6H_MODES)
def test_bc6h_matches_bcdec_digest(mode, signed):
    want = BC6H_BCDEC_DIGESTS[(mode, signed)]
    got = _half_bits(96 if signed else 95, _bc6h_blocks(mode, 256)).astype("<u2")
    assert hashlib.sha256(got.tobytes()).hexdigest() == want


@pytest.mark.parametrize("signed", [False, True])
def test_bc6h_matches_bcdec_directly(signed):
    blocks = np.concatenate([_bc6h_blocks(m, 256) for m in BC6H_MODES])
    ref = _bcdec_half(blocks, signed)
    got = _half_bits(96 if signed else 95, blocks)
    assert np.array_equal(got, ref)


def _block_from_int(v: int) -> np.ndarray:
    return np.frombuffer(v.to_bytes(16, "little"), np.uint8)[None].copy()


def test_bc6h_hand_worked_unsigned_mode3():
    # Mode 0b00011: one region, 10-bit raw endpoints r0 g0 b0 r1 g1 b1 at bits 5, 15, ..., 55;
    # 4-bit indices from bit 65 (texel 0 has 3 bits).
    v = 3 | (512 << 5) | (0 << 15) | (1023 << 25) | (0 << 35) | (1023 << 45) | (1 << 55)
    v |= (15 << 68) | (8 << 72)  # texel 1: index 15 (w 64), texel 2: index 8 (w 34)
    got = _half_bits(95, _block_from_int(v))[0]
    # unq(512) = ((512 << 16) + 0x8000) >> 10 = 32800 -> 32800 * 31 >> 6 = 15887 = 0x3E0F
    # unq(1023) = 0xFFFF -> 0x7BFF; unq(1) = 96 -> 46 = 0x002E
    # texel 2: R (32800*30 + 32) >> 6 = 15375 -> 7447; G (65535*34 + 32) >> 6 = 34815 -> 16863;
    #          B (65535*30 + 96*34 + 32) >> 6 = 30771 -> 14904
    assert got[0].tolist() == [0x3E0F, 0x0000, 0x7BFF]
    assert got[1].tolist() == [0x0000, 0x7BFF, 0x002E]
    assert got[2].tolist() == [0x1D17, 0x41DF, 0x3A38]
    assert got[3].tolist() == got[0].tolist()
    out = _dec(95, _block_from_int(v))
    assert np.all(out[..., 3] == 1) and out[0, 1, 1] == np.float32(65504.0)


def test_bc6h_hand_worked_signed_mode3():
    # r0 = -1, g0 = -512, b0 = 511, r1 = 1, g1 = 0, b1 = -2 (10-bit two's complement)
    v = 3 | (0x3FF << 5) | (0x200 << 15) | (0x1FF << 25) | (1 << 35) | (0 << 45) | (0x3FE << 55) | (15 << 68)
    got = _half_bits(96, _block_from_int(v))[0]
    # |-1| -> ((1 << 15) + 0x4000) >> 9 = 96 -> 96*31 >> 5 = 93 with sign; -512 and 511 saturate to
    # 0x7FFF -> 0x7BFF (+-65504); -2 -> 160 -> 155 with sign
    assert got[0].tolist() == [0x805D, 0xFBFF, 0x7BFF]
    assert got[1].tolist() == [0x005D, 0x0000, 0x809B]


def test_bc6h_mode15_minus_one_is_positive_zero_and_unsigned_saturates():
    # Mode 0b01111: 16-bit endpoints, r0 bits 9..0 at 5..14 and bits 15..10 reversed at 39..44.
    v = 15 | (0x3FF << 5) | (0x3F << 39)  # r0 = 0xFFFF, deltas 0, all indices 0
    assert _half_bits(96, _block_from_int(v))[0, 0].tolist() == [0, 0, 0]  # -1 * 31 >> 5 = 0: +0.0
    assert _half_bits(95, _block_from_int(v))[0, 0].tolist() == [0x7BFF, 0, 0]


@pytest.mark.parametrize("fmt", [95, 96])
def test_bc6h_reserved_modes_decode_to_black_opaque(fmt):
    blocks = np.concatenate([_bc6h_blocks(m, 16) for m in BC6H_RESERVED])
    out = _dec(fmt, blocks)
    assert np.all(out[..., :3] == 0) and np.all(out[..., 3] == 1)


# --- sRGB, regions, API -------------------------------------------------------------------------
def _srgb_ref(c: np.ndarray) -> np.ndarray:
    c = c.astype(np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


@pytest.mark.parametrize("unorm,srgb,nbytes", [(71, 72, 8), (74, 75, 16), (77, 78, 16), (98, 99, 16)])
def test_srgb_variants_linearize_rgb_only(unorm, srgb, nbytes):
    blocks = _rand_blocks(256, nbytes, RNG_SEED + 40)
    if nbytes == 16 and unorm == 98:
        blocks[:, 0] |= 0x40  # valid BC7 modes
    lin = _dec(unorm, blocks)
    got = _dec(srgb, blocks)
    np.testing.assert_allclose(got[..., :3], _srgb_ref(lin[..., :3]), rtol=2e-6, atol=1e-9)
    assert np.array_equal(got[..., 3], lin[..., 3])


def test_region_crops_virtual_size_and_honours_row_pitch():
    w, h = 13, 6  # 4 x 2 blocks
    blocks = _rand_blocks(8, 16, RNG_SEED + 50)
    blocks[:, 0] = (blocks[:, 0] & 0xC0) | 0x20  # BC7 mode 5
    pitch = 4 * 16 + 24
    raw = bytearray(pitch * 2)
    for by in range(2):
        raw[by * pitch: by * pitch + 64] = blocks[4 * by: 4 * by + 4].tobytes()
    got = decode_bc_region(98, bytes(raw), w, h, row_pitch=pitch)
    assert got.shape == (h, w, 4)
    ref = _oracle(t2d.decode_bc7, blocks).reshape(2, 4, 4, 4, 4).transpose(0, 2, 1, 3, 4).reshape(8, 16, 4)
    assert np.array_equal(np.round(got * 255), ref[:h, :w])
    tight = decode_bc_region(98, blocks.tobytes(), w, h)
    assert np.array_equal(tight, got)
    one = decode_bc_region(80, _rand_blocks(1, 8, 7), 1, 1)
    assert one.shape == (1, 1, 4)


def test_region_rejects_short_buffer_and_small_pitch():
    with pytest.raises(InvalidArgError):
        decode_bc_region(71, bytes(8 * 3), 16, 4)
    with pytest.raises(InvalidArgError):
        decode_bc_region(71, bytes(64), 8, 4, row_pitch=8)


@pytest.mark.parametrize("fmt", [70, 73, 76, 79, 82, 94, 97])
def test_typeless_formats_cannot_be_decoded(fmt):
    nbytes = 8 if fmt in (70, 79) else 16
    with pytest.raises(InvalidArgError):
        decode_bc(fmt, np.zeros((1, 1, nbytes), np.uint8))


def test_bad_format_and_shape_rejected():
    with pytest.raises(InvalidArgError):
        decode_bc(28, np.zeros((1, 1, 16), np.uint8))
    with pytest.raises(InvalidArgError):
        decode_bc(71, np.zeros((1, 1, 16), np.uint8))


def test_leading_dimensions_and_texel_layout():
    blocks = _rand_blocks(2 * 3 * 5, 8, RNG_SEED + 60).reshape(2, 3, 5, 8)
    img = decode_bc(71, blocks)
    assert img.shape == (2, 12, 20, 4) and img.dtype == np.float32
    ref = _oracle(t2d.decode_bc1, blocks[1, 2, 3][None])[0].reshape(4, 4, 4)
    got = img[1, 8:12, 12:16]
    assert np.all(np.abs(got[..., :3] - ref[..., :3] / 255) < _bc1_tolerance(blocks[1, 2, 3][None])[0])


# --- encoders (round trip only) ------------------------------------------------------------------
def _smooth_image(h: int, w: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:h, 0:w] / max(h, w)
    img = np.empty((h, w, 4))
    for c in range(4):
        a, b, p = rng.uniform(0.5, 3, 3)
        img[..., c] = 0.5 + 0.45 * np.sin(a * x * 6 + b * y * 5 + p)
    return img + rng.uniform(-0.02, 0.02, img.shape)


def _block_span(img: np.ndarray) -> np.ndarray:
    h, w, c = img.shape
    blk = img.reshape(h // 4, 4, w // 4, 4, c)
    span = blk.max(axis=(1, 3)) - blk.min(axis=(1, 3))
    return np.repeat(np.repeat(span, 4, 0), 4, 1)


def test_encode_bc1_round_trip_error_bounded_and_opaque():
    # BC1 suits colours along a line: blend two colours by a smooth field, plus a little noise
    field = _smooth_image(32, 48, 1)[..., :1]
    ca, cb = np.array([0.9, 0.2, 0.1, 1.0]), np.array([0.1, 0.7, 0.95, 1.0])
    img = ca * field + cb * (1 - field) + np.random.default_rng(2).uniform(-0.01, 0.01, (32, 48, 4))
    blocks = encode_bc(71, img)
    assert blocks.shape == (8, 12, 8) and blocks.dtype == np.uint8
    back = decode_bc(71, blocks)
    assert np.all(back[..., 3] == 1)
    # texels lie close to a line: error <= half a palette step (span / 6) + 565 rounding + noise
    src = np.clip(img, 0, 1)
    err = np.abs(back[..., :3] - src[..., :3])
    assert np.all(err <= _block_span(src)[..., :3] / 6 + 0.03)


def test_encode_bc1_solid_565_colours_exact():
    rng = np.random.default_rng(5)
    r, g, b = rng.integers(0, 32, 16), rng.integers(0, 64, 16), rng.integers(0, 32, 16)
    col = np.stack([(r * 8 + r // 4) / 255, (g * 4 + g // 16) / 255, (b * 8 + b // 4) / 255, np.ones(16)], -1)
    img = np.repeat(np.repeat(col.reshape(4, 4, 4), 4, 0), 4, 1)
    back = decode_bc(71, encode_bc(71, img))
    np.testing.assert_allclose(back, img, rtol=0, atol=1e-7)


@pytest.mark.parametrize("fmt,scale", [(80, 255), (81, 127), (83, 255), (84, 127)])
def test_encode_bc4_bc5_round_trip(fmt, scale):
    img = _smooth_image(16, 16, fmt)
    if scale == 127:
        img = img * 2 - 1
    back = decode_bc(fmt, encode_bc(fmt, img))
    nch = 2 if fmt in (83, 84) else 1
    src = np.clip(img[..., :nch], -1 if scale == 127 else 0, 1)
    err = np.abs(back[..., :nch] - src)
    assert np.all(err <= _block_span(src) / 14 + 1 / scale + 1e-6)
    assert np.all(back[..., 3] == 1)


def test_encode_unsupported_format():
    with pytest.raises(NotImplementedError):
        encode_bc(98, np.zeros((4, 4, 4)))
