"""BC1-BC5 block decoders (D3D11.3 functional spec 19.5.1-19.5.5), vectorised over blocks.

Every function takes ``blocks`` as a uint8 array of shape (N, 8) or (N, 16) and returns float32
(N, 16, 4) RGBA, texel ``i`` of a block at row ``i // 4``, column ``i % 4``.

Interpolation form (the spec allows any result within |gen - ref| < abs_error + 0.03 * |e0 - e1|):
endpoints are expanded to exact 8-bit UNORM integers (MSB replication, 19.5.2), the interpolant is
formed as an exact integer numerator over an exact integer denominator, e.g. BC1's
(2*e0 + e1) / (3 * 255), and divided once in float32.  So every value is the correctly rounded
float32 of the ideal rational value: endpoints decode exactly to e/255, and 0/1 stay exact.
"""

from __future__ import annotations

import numpy as np

from ..errors import E_INVALIDARG, InvalidArgError, NotSupportedError
from .table import format_value

__all__ = ["decode_bc1", "decode_bc2", "decode_bc3", "decode_bc4", "decode_bc5", "encode_blocks", "expand_565"]


def expand_565(c: np.ndarray) -> np.ndarray:
    """RGB565 words -> (..., 3) int32 8-bit channels by MSB replication (spec 19.5.2)."""
    c = c.astype(np.int32)
    r = (c >> 11) & 0x1F
    g = (c >> 5) & 0x3F
    b = c & 0x1F
    return np.stack([(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)], axis=-1)


def _u16(blocks: np.ndarray, at: int) -> np.ndarray:
    return blocks[:, at].astype(np.uint32) | (blocks[:, at + 1].astype(np.uint32) << 8)


def _u32(blocks: np.ndarray, at: int) -> np.ndarray:
    return _u16(blocks, at) | (_u16(blocks, at + 2) << 16)


def _u48(blocks: np.ndarray, at: int) -> np.ndarray:
    v = np.zeros(blocks.shape[0], dtype=np.uint64)
    for k in range(6):
        v |= blocks[:, at + k].astype(np.uint64) << np.uint64(8 * k)
    return v


def _colour_block(blocks: np.ndarray, force_four: bool) -> np.ndarray:
    """The 8-byte BC1 colour block -> (N, 16, 4) RGBA float32.

    ``force_four``: BC2/BC3 colour blocks always use the 4-colour palette (19.5.3/19.5.4)."""
    c0 = _u16(blocks, 0)
    c1 = _u16(blocks, 2)
    e0 = expand_565(c0)
    e1 = expand_565(c1)
    four = np.ones(c0.shape, dtype=bool) if force_four else (c0 > c1)
    # Palette numerators over a per-block denominator (exact integers, one float32 divide).
    num = np.empty(c0.shape + (4, 4), dtype=np.int32)
    den = np.empty(c0.shape + (4, 1), dtype=np.int32)
    num[:, 0, :3] = e0
    num[:, 1, :3] = e1
    num[:, :, 3] = 1
    den[:, 0:2] = 255
    f = four[:, None]
    num[:, 2, :3] = np.where(f, 2 * e0 + e1, e0 + e1)
    num[:, 3, :3] = np.where(f, e0 + 2 * e1, 0)
    num[:, 3, 3] = np.where(four, 1, 0)  # 3-colour mode: code 3 is transparent black
    den[:, 2:4, 0] = np.where(f, 3 * 255, 2 * 255)
    den[:, 3, 0] = np.where(four, 3 * 255, 1)
    num[:, :, 3] *= den[:, :, 0]  # alpha 1 == den/den
    palette = num.astype(np.float32) / den.astype(np.float32)
    bits = _u32(blocks, 4)
    idx = (bits[:, None] >> (2 * np.arange(16, dtype=np.uint32))) & 3
    return np.take_along_axis(palette, idx.astype(np.intp)[:, :, None], axis=1)


def decode_bc1(blocks: np.ndarray) -> np.ndarray:
    """BC1 (19.5.3): RGB565 endpoints; c0 > c1 -> 4 colours, else 3 colours + transparent black."""
    return _colour_block(blocks, force_four=False)


def decode_bc2(blocks: np.ndarray) -> np.ndarray:
    """BC2: 16 explicit 4-bit alphas (a / 15) then a BC1 colour block in 4-colour mode."""
    out = _colour_block(blocks[:, 8:16], force_four=True)
    a = np.empty((blocks.shape[0], 16), dtype=np.int32)
    a[:, 0::2] = blocks[:, :8] & 0x0F
    a[:, 1::2] = blocks[:, :8] >> 4
    out[:, :, 3] = a.astype(np.float32) / np.float32(15)
    return out


def _bc4_channel(blocks: np.ndarray, signed: bool) -> np.ndarray:
    """One BC4 block (8 bytes) -> (N, 16) float32 (19.5.5, BC4U / BC4S)."""
    raw0 = blocks[:, 0]
    raw1 = blocks[:, 1]
    if signed:
        r0 = raw0.view(np.int8).astype(np.int32)
        r1 = raw1.view(np.int8).astype(np.int32)
        eight = r0 > r1  # signed compare of the stored values
        r0 = np.maximum(r0, -127)  # -128 decodes like -127 (-1.0)
        r1 = np.maximum(r1, -127)
        scale, lo, hi = 127, -127, 127
    else:
        r0 = raw0.astype(np.int32)
        r1 = raw1.astype(np.int32)
        eight = r0 > r1
        scale, lo, hi = 255, 0, 255
    code = np.arange(8, dtype=np.int32)
    # 8-value mode: code i >= 2 is ((8 - i) r0 + (i - 1) r1) / 7.
    # 6-value mode: code 2..5 is ((6 - i) r0 + (i - 1) r1) / 5; code 6 = min, code 7 = max.
    w8 = np.clip(code - 1, 0, 7)
    w8[1] = 7
    w6 = np.clip(code - 1, 0, 5)
    w6[1] = 5
    e = eight[:, None]
    num = np.where(e, (7 - w8) * r0[:, None] + w8 * r1[:, None], (5 - w6) * r0[:, None] + w6 * r1[:, None])
    den = np.where(e, 7, 5) * scale
    num[:, 6] = np.where(eight, num[:, 6], lo * 5)
    num[:, 7] = np.where(eight, num[:, 7], hi * 5)
    palette = num.astype(np.float32) / den.astype(np.float32)
    bits = _u48(blocks, 2)
    idx = (bits[:, None] >> (np.uint64(3) * np.arange(16, dtype=np.uint64))) & np.uint64(7)
    return np.take_along_axis(palette, idx.astype(np.intp), axis=1)


def decode_bc3(blocks: np.ndarray) -> np.ndarray:
    """BC3: BC4-style unsigned alpha block then a BC1 colour block in 4-colour mode."""
    out = _colour_block(blocks[:, 8:16], force_four=True)
    out[:, :, 3] = _bc4_channel(blocks[:, 0:8], signed=False)
    return out


def decode_bc4(blocks: np.ndarray, signed: bool = False) -> np.ndarray:
    """BC4 UNORM/SNORM: R only; G = B = 0, A = 1."""
    out = np.zeros((blocks.shape[0], 16, 4), dtype=np.float32)
    out[:, :, 0] = _bc4_channel(blocks, signed)
    out[:, :, 3] = 1.0
    return out


def decode_bc5(blocks: np.ndarray, signed: bool = False) -> np.ndarray:
    """BC5 UNORM/SNORM: two BC4 blocks (R then G); B = 0, A = 1."""
    out = np.zeros((blocks.shape[0], 16, 4), dtype=np.float32)
    out[:, :, 0] = _bc4_channel(blocks[:, 0:8], signed)
    out[:, :, 1] = _bc4_channel(blocks[:, 8:16], signed)
    out[:, :, 3] = 1.0
    return out


# --- encoders (bounding-box endpoints + nearest palette entry) -----------------------------------
def _to_blocks(img: np.ndarray) -> np.ndarray:
    """(H, W, C) -> (H/4, W/4, 16, C), texel i of a block at row i // 4, column i % 4."""
    h, w, c = img.shape
    return img.reshape(h // 4, 4, w // 4, 4, c).transpose(0, 2, 1, 3, 4).reshape(h // 4, w // 4, 16, c)


def _pack_indices(idx: np.ndarray, bits_per: int) -> np.ndarray:
    """(..., 16) small ints -> (..., 16 * bits_per / 8) uint8 little-endian bit stream."""
    word = np.zeros(idx.shape[:-1], dtype=np.uint64)
    for i in range(16):
        word |= idx[..., i].astype(np.uint64) << np.uint64(bits_per * i)
    nbytes = 2 * bits_per
    return np.stack([((word >> np.uint64(8 * k)) & np.uint64(0xFF)).astype(np.uint8) for k in range(nbytes)], -1)


def _encode_bc1(rgb: np.ndarray) -> np.ndarray:
    """(H, W, 3) float in [0, 1] -> BC1 blocks (H/4, W/4, 8), opaque (4-colour mode unless flat)."""
    tex = _to_blocks(np.clip(rgb, 0.0, 1.0).astype(np.float64))  # (by, bx, 16, 3)
    # Endpoints: extremes of the texels projected on the block's principal axis (power iteration).
    mean = tex.mean(axis=2, keepdims=True)
    d = tex - mean
    cov = np.einsum("...ki,...kj->...ij", d, d)
    # start from the covariance column of the widest channel (never orthogonal to the main axis)
    widest = np.argmax(np.diagonal(cov, axis1=-2, axis2=-1), axis=-1)
    axis = np.take_along_axis(cov, widest[..., None, None], axis=-1)[..., 0] + 1e-9
    for _ in range(8):
        axis = np.einsum("...ij,...j->...i", cov, axis)
        axis /= np.maximum(np.linalg.norm(axis, axis=-1, keepdims=True), 1e-12)
    t = np.einsum("...ki,...i->...k", d, axis)
    hi = np.clip(mean[..., 0, :] + t.max(axis=-1)[..., None] * axis, 0.0, 1.0)
    lo = np.clip(mean[..., 0, :] + t.min(axis=-1)[..., None] * axis, 0.0, 1.0)

    def q565(c: np.ndarray) -> np.ndarray:
        r = np.rint(c[..., 0] * 31).astype(np.int64)
        g = np.rint(c[..., 1] * 63).astype(np.int64)
        b = np.rint(c[..., 2] * 31).astype(np.int64)
        return (r << 11) | (g << 5) | b

    c0 = q565(hi)
    c1 = q565(lo)
    swap = c0 < c1
    c0, c1 = np.where(swap, c1, c0), np.where(swap, c0, c1)
    e0 = expand_565(c0).astype(np.float64) / 255
    e1 = expand_565(c1).astype(np.float64) / 255
    pal = np.stack([e0, e1, (2 * e0 + e1) / 3, (e0 + 2 * e1) / 3], axis=-2)  # (by, bx, 4, 3)
    dist = ((tex[..., :, None, :] - pal[..., None, :, :]) ** 2).sum(-1)  # (by, bx, 16, 4)
    idx = np.argmin(dist, axis=-1)
    idx = np.where((c0 == c1)[..., None], 0, idx)  # equal endpoints: 3-colour mode, use index 0
    out = np.empty(c0.shape + (8,), dtype=np.uint8)
    out[..., 0] = c0 & 0xFF
    out[..., 1] = c0 >> 8
    out[..., 2] = c1 & 0xFF
    out[..., 3] = c1 >> 8
    out[..., 4:8] = _pack_indices(idx, 2)
    return out


def _encode_bc4(chan: np.ndarray, signed: bool) -> np.ndarray:
    """(H, W) float -> BC4 blocks (H/4, W/4, 8) in the 8-value mode (or constant blocks)."""
    scale, lo_lim = (127, -127) if signed else (255, 0)
    tex = _to_blocks(chan[..., None].astype(np.float64))[..., 0]  # (by, bx, 16)
    q = np.clip(np.rint(tex * scale), lo_lim, scale).astype(np.int64)
    r0 = q.max(axis=-1)
    r1 = q.min(axis=-1)
    k = np.arange(8)
    w = np.clip(k - 1, 0, 7)
    w[1] = 7
    pal = ((7 - w) * r0[..., None] + w * r1[..., None]) / (7 * scale)  # (by, bx, 8)
    idx = np.argmin(np.abs(tex[..., :, None] - pal[..., None, :]), axis=-1)
    idx = np.where((r0 == r1)[..., None], 0, idx)
    out = np.empty(r0.shape + (8,), dtype=np.uint8)
    out[..., 0] = (r0 & 0xFF).astype(np.uint8)
    out[..., 1] = (r1 & 0xFF).astype(np.uint8)
    out[..., 2:8] = _pack_indices(idx, 3)
    return out


def encode_blocks(fmt: int, rgba: np.ndarray) -> np.ndarray:
    """Encode float RGBA (H, W, 4), H and W multiples of 4, for BC1_UNORM, BC4 and BC5 (UNORM / SNORM)."""
    rgba = np.asarray(rgba, dtype=np.float64)
    if rgba.ndim != 3 or rgba.shape[2] != 4 or rgba.shape[0] % 4 or rgba.shape[1] % 4:
        raise InvalidArgError(E_INVALIDARG, f"encode_bc needs (H, W, 4) with H, W multiples of 4, got {rgba.shape}")
    if fmt == format_value("BC1_UNORM"):
        return _encode_bc1(rgba[..., :3])
    if fmt in (format_value("BC4_UNORM"), format_value("BC4_SNORM")):
        return _encode_bc4(rgba[..., 0], signed=fmt == format_value("BC4_SNORM"))
    if fmt in (format_value("BC5_UNORM"), format_value("BC5_SNORM")):
        signed = fmt == format_value("BC5_SNORM")
        return np.concatenate([_encode_bc4(rgba[..., 0], signed), _encode_bc4(rgba[..., 1], signed)], axis=-1)
    raise NotSupportedError(f"BC encoder for DXGI_FORMAT {fmt}")
