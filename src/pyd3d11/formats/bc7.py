"""BC7 decoder (D3D11.3 functional spec 19.5.11; MicrosoftDocs "BC7 Format" and "BC7 Format Mode
Reference"; Khronos Data Format "BPTC"), bit-exact, vectorised over blocks.

Also holds what BC6H shares with BC7: the 128-bit field readers, the partition and anchor tables
and the interpolation weights.
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "ANCHOR2",
    "ANCHOR3_2",
    "ANCHOR3_3",
    "PARTITION2",
    "PARTITION3",
    "WEIGHTS",
    "bits",
    "bits_var",
    "decode_bc7",
    "split_u128",
]

# --- tables (data) ----------------------------------------------------------------------------
# Partition shapes: subset of texel i (row-major, 16 digits) for each of the 64 shapes.
_P2 = (
    "0011001100110011 0001000100010001 0111011101110111 0001001100110111"
    "0000000100010011 0011011101111111 0001001101111111 0000000100110111"
    "0000000000010011 0011011111111111 0000000101111111 0000000000010111"
    "0001011111111111 0000000011111111 0000111111111111 0000000000001111"
    "0000100011101111 0111000100000000 0000000010001110 0111001100010000"
    "0011000100000000 0000100011001110 0000000010001100 0111001100110001"
    "0011000100010000 0000100010001100 0110011001100110 0011011001101100"
    "0001011111101000 0000111111110000 0111000110001110 0011100110011100"
    "0101010101010101 0000111100001111 0101101001011010 0011001111001100"
    "0011110000111100 0101010110101010 0110100101101001 0101101010100101"
    "0111001111001110 0001001111001000 0011001001001100 0011101111011100"
    "0110100110010110 0011110011000011 0110011010011001 0000011001100000"
    "0100111001000000 0010011100100000 0000001001110010 0000010011100100"
    "0110110010010011 0011011011001001 0110001110011100 0011100111000110"
    "0110110011001001 0110001100111001 0111111010000001 0001100011100111"
    "0000111100110011 0011001111110000 0010001011101110 0100010001110111"
)
_P3 = (
    "0011001102212222 0001001122112221 0000200122112211 0222002200110111"
    "0000000011221122 0011001100220022 0022002211111111 0011001122112211"
    "0000000011112222 0000111111112222 0000111122222222 0012001200120012"
    "0112011201120112 0122012201220122 0011011211221222 0011200122002220"
    "0001001101121122 0111001120012200 0000112211221122 0022002200221111"
    "0111011102220222 0001000122212221 0000001101220122 0000110022102210"
    "0122012200110000 0012001211222222 0110122112210110 0000011012211221"
    "0022110211020022 0110011020022222 0011012201220011 0000200022112221"
    "0000000211221222 0222002200120011 0011001200220222 0120012001200120"
    "0000111122220000 0120120120120120 0120201212010120 0011220011220011"
    "0011112222000011 0101010122222222 0000000021212121 0022112200221122"
    "0022001100220011 0220122102201221 0101222222220101 0000212121212121"
    "0101010101012222 0222011102220111 0002111200021112 0000211221122112"
    "0222011101110222 0002111211120002 0110011001102222 0000000021122112"
    "0110011022222222 0022001100110022 0022112211220022 0000000000002112"
    "0002000100020001 0222122202221222 0101222222222222 0111201122012220"
)
# Anchor (fix-up) texel of subset 1 in 2-subset shapes, and of subsets 1 and 2 in 3-subset shapes.
ANCHOR2 = np.array([
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
    15, 2, 8, 2, 2, 8, 8, 15, 2, 8, 2, 2, 8, 8, 2, 2,
    15, 15, 6, 8, 2, 8, 15, 15, 2, 8, 2, 2, 2, 15, 15, 6,
    6, 2, 6, 8, 15, 15, 2, 2, 15, 15, 15, 15, 15, 2, 2, 15], dtype=np.int64)
ANCHOR3_2 = np.array([
    3, 3, 15, 15, 8, 3, 15, 15, 8, 8, 6, 6, 6, 5, 3, 3,
    3, 3, 8, 15, 3, 3, 6, 10, 5, 8, 8, 6, 8, 5, 15, 15,
    8, 15, 3, 5, 6, 10, 8, 15, 15, 3, 15, 5, 15, 15, 15, 15,
    3, 15, 5, 5, 5, 8, 5, 10, 5, 10, 8, 13, 15, 12, 3, 3], dtype=np.int64)
ANCHOR3_3 = np.array([
    15, 8, 8, 3, 15, 15, 3, 8, 15, 15, 15, 15, 15, 15, 15, 8,
    15, 8, 15, 3, 15, 8, 15, 8, 3, 15, 6, 10, 15, 15, 10, 8,
    15, 3, 15, 10, 10, 8, 9, 10, 6, 15, 8, 15, 3, 6, 6, 8,
    15, 3, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3, 15, 15, 8], dtype=np.int64)


def _shapes(text: str) -> np.ndarray:
    digits = text.replace(" ", "")
    return np.frombuffer(digits.encode(), dtype=np.uint8).reshape(64, 16).astype(np.int64) - ord("0")


PARTITION2 = _shapes(_P2)
PARTITION3 = _shapes(_P3)

# Interpolation weights by index precision (bits): w/64 of endpoint 1.
WEIGHTS = {
    2: np.array([0, 21, 43, 64], dtype=np.int32),
    3: np.array([0, 9, 18, 27, 37, 46, 55, 64], dtype=np.int32),
    4: np.array([0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64], dtype=np.int32),
}

# BC7 modes: (subsets, partition bits, rotation bits, index-selector bits, colour bits, alpha bits,
#             per-endpoint P-bits, shared P-bits, index bits, secondary index bits)
_MODES = (
    (3, 4, 0, 0, 4, 0, 1, 0, 3, 0),
    (2, 6, 0, 0, 6, 0, 0, 1, 3, 0),
    (3, 6, 0, 0, 5, 0, 0, 0, 2, 0),
    (2, 6, 0, 0, 7, 0, 1, 0, 2, 0),
    (1, 0, 2, 1, 5, 6, 0, 0, 2, 3),
    (1, 0, 2, 0, 7, 8, 0, 0, 2, 2),
    (1, 0, 0, 0, 7, 7, 1, 0, 4, 0),
    (2, 6, 0, 0, 5, 5, 1, 0, 2, 0),
)

# Mode of a block = position of the lowest set bit of byte 0; byte 0 == 0 -> 8 (invalid block).
_MODE_OF_BYTE0 = np.array([8] + [(b & -b).bit_length() - 1 for b in range(1, 256)], dtype=np.int64)


# --- 128-bit field readers ----------------------------------------------------------------------
def split_u128(blocks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(N, 16) uint8 little-endian blocks -> (lo, hi) uint64 halves, each (N,)."""
    words = np.ascontiguousarray(blocks).view("<u8").astype(np.uint64)
    return words[:, 0], words[:, 1]


def bits(lo: np.ndarray, hi: np.ndarray, off: int, width: int) -> np.ndarray:
    """Bits [off, off + width) of each 128-bit block (bit 0 = LSB of byte 0) as int64."""
    mask = np.uint64((1 << width) - 1)
    if off >= 64:
        v = hi >> np.uint64(off - 64)
    elif off + width <= 64:
        v = lo >> np.uint64(off)
    else:
        v = (lo >> np.uint64(off)) | (hi << np.uint64(64 - off))
    return (v & mask).astype(np.int64)


def bits_var(lo: np.ndarray, hi: np.ndarray, off: np.ndarray, width: np.ndarray) -> np.ndarray:
    """Like :func:`bits` with per-element offsets/widths; lo/hi broadcast against off (e.g. (N, 1)
    against (N, 16))."""
    off = np.asarray(off, dtype=np.int64)
    in_hi = off >= 64
    sh_lo = np.where(in_hi, 0, off).astype(np.uint64)
    sh_hi = np.where(in_hi, off - 64, 0).astype(np.uint64)
    cross = np.where(sh_lo > 0, hi << ((np.uint64(64) - sh_lo) & np.uint64(63)), np.uint64(0))
    v = np.where(in_hi, hi >> sh_hi, (lo >> sh_lo) | cross)
    mask = (np.uint64(1) << np.asarray(width, dtype=np.uint64)) - np.uint64(1)
    return (v & mask).astype(np.int64)


def index_offsets(start: int, widths: np.ndarray) -> np.ndarray:
    """Offsets of consecutive per-texel index fields of the given widths (..., 16)."""
    return start + np.cumsum(widths, axis=-1) - widths


def anchor_mask(n_subsets: int, part: np.ndarray) -> np.ndarray:
    """(N, 16) bool: texels whose index is stored with one bit less (19.5.11 fix-up indices)."""
    texel = np.arange(16)
    m = np.zeros(part.shape + (16,), dtype=bool)
    m[..., 0] = True
    if n_subsets == 2:
        m |= texel == ANCHOR2[part][..., None]
    elif n_subsets == 3:
        m |= texel == ANCHOR3_2[part][..., None]
        m |= texel == ANCHOR3_3[part][..., None]
    return m


def interpolate(e0: np.ndarray, e1: np.ndarray, w: np.ndarray) -> np.ndarray:
    """(e0 * (64 - w) + e1 * w + 32) >> 6 (arithmetic shift; also BC6H's signed case)."""
    return (e0 * (64 - w) + e1 * w + 32) >> 6


# --- BC7 ------------------------------------------------------------------------------------------
def _decode_mode(mode: int, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2 = _MODES[mode]
    n = lo.shape[0]
    pos = mode + 1
    part = bits(lo, hi, pos, pb) if pb else np.zeros(n, dtype=np.int64)
    pos += pb
    rot = bits(lo, hi, pos, rb) if rb else None
    pos += rb
    sel = bits(lo, hi, pos, isb) if isb else None
    pos += isb
    ep = np.empty((n, ns, 2, 4), dtype=np.int64)  # [block, subset, endpoint, channel]
    for ch in range(3):
        for s in range(ns):
            for e in range(2):
                ep[:, s, e, ch] = bits(lo, hi, pos, cb)
                pos += cb
    if ab:
        for s in range(ns):
            for e in range(2):
                ep[:, s, e, 3] = bits(lo, hi, pos, ab)
                pos += ab
    has_p = 1 if (epb or spb) else 0
    if has_p:
        for s in range(ns):
            shared = bits(lo, hi, pos, 1) if spb else None
            pos += spb
            for e in range(2):
                if epb:
                    p = bits(lo, hi, pos, 1)
                    pos += 1
                else:
                    p = shared
                ep[:, s, e, :] = (ep[:, s, e, :] << 1) | p[:, None]
    # Expand to 8 bits by replicating the top bits into the low bits (all precisions are >= 5).
    nc = cb + has_p
    ep[..., :3] = (ep[..., :3] << (8 - nc)) | (ep[..., :3] >> (2 * nc - 8))
    if ab:
        na = ab + has_p
        ep[..., 3] = (ep[..., 3] << (8 - na)) | (ep[..., 3] >> (2 * na - 8))
    else:
        ep[..., 3] = 255
    ep = ep.astype(np.int32)  # int32 keeps the per-texel gathers and lerps cheap (max 255 * 64)

    subset = (PARTITION2[part] if ns == 2 else PARTITION3[part]) if ns > 1 else np.zeros((n, 16), dtype=np.int64)
    widths = ib - anchor_mask(ns, part).astype(np.int64)
    idx1 = bits_var(lo[:, None], hi[:, None], index_offsets(pos, widths), widths)
    pos += 16 * ib - ns
    w_col = WEIGHTS[ib][idx1]
    w_alpha = w_col
    if ib2:
        widths2 = np.full(16, ib2, dtype=np.int64)
        widths2[0] -= 1
        idx2 = bits_var(lo[:, None], hi[:, None], index_offsets(pos, widths2)[None, :], widths2[None, :])
        w2 = WEIGHTS[ib2][idx2]
        w_alpha = w2
        if sel is not None:  # index selector: 1 -> colour from the secondary (3-bit) indices
            swap = sel[:, None].astype(bool)
            w_col, w_alpha = np.where(swap, w2, w_col), np.where(swap, w_col, w2)
    rows = np.arange(n)[:, None]
    e0 = ep[rows, subset, 0]  # (n, 16, 4)
    e1 = ep[rows, subset, 1]
    out = np.empty((n, 16, 4), dtype=np.int32)
    out[..., :3] = interpolate(e0[..., :3], e1[..., :3], w_col[..., None])
    out[..., 3] = interpolate(e0[..., 3], e1[..., 3], w_alpha)
    if rot is not None:  # rotation: 1 swaps A<->R, 2 A<->G, 3 A<->B (after interpolation)
        for r in (1, 2, 3):
            m = rot == r
            if m.any():
                a = out[m, :, 3].copy()
                out[m, :, 3] = out[m, :, r - 1]
                out[m, :, r - 1] = a
    return out


def decode_bc7_u8(blocks: np.ndarray) -> np.ndarray:
    """(N, 16) uint8 BC7 blocks -> (N, 16, 4) uint8 RGBA; invalid blocks (byte 0 == 0) are 0."""
    lo, hi = split_u128(blocks)
    mode = _MODE_OF_BYTE0[blocks[:, 0]]
    out = np.zeros((blocks.shape[0], 16, 4), dtype=np.uint8)
    for m in range(8):
        sel = np.nonzero(mode == m)[0]
        if sel.size:
            out[sel] = _decode_mode(m, lo[sel], hi[sel]).astype(np.uint8)
    return out


def decode_bc7(blocks: np.ndarray) -> np.ndarray:
    """(N, 16) uint8 BC7 blocks -> (N, 16, 4) float32 RGBA (8-bit UNORM / 255)."""
    return decode_bc7_u8(blocks).astype(np.float32) / np.float32(255)
