"""Block-compressed texture decoding, BC1-BC7 (D3D11.3 functional spec 19.5).

Entry points:

- :func:`decode_bc` -- blocks (..., n_blocks_y, n_blocks_x, 8|16) uint8 -> float32
  (..., 4*n_blocks_y, 4*n_blocks_x, 4) RGBA.
- :func:`decode_bc_region` -- raw bytes of one subresource with a row pitch, cropped to the
  virtual (mip) size, which need not be a multiple of 4 (19.5.1).
- :func:`encode_bc` -- simple BC1/BC4/BC5 encoders (for tests and uploads of generated data).

BC1-BC5 are decoded with exact rational interpolation (see :mod:`.bc_bc1to5`); BC6H and BC7 are
bit-exact (:mod:`.bc6h`, :mod:`.bc7`). _SRGB formats are decoded, then RGB is linearized in float32
by the sRGB curve; alpha is never converted.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..errors import E_INVALIDARG, InvalidArgError
from . import bc_bc1to5 as _b15
from . import numerics as nx

__all__ = [
    "BC_FORMATS",
    "bc_block_bytes",
    "decode_bc",
    "decode_bc_region",
    "encode_bc",
    "is_bc_format",
]


def _bc6h_u(blocks: np.ndarray) -> np.ndarray:
    from .bc6h import decode_bc6h  # lazy: BC6H/BC7 tables are only built on first use

    return decode_bc6h(blocks, signed=False)


def _bc6h_s(blocks: np.ndarray) -> np.ndarray:
    from .bc6h import decode_bc6h

    return decode_bc6h(blocks, signed=True)


def _bc7(blocks: np.ndarray) -> np.ndarray:
    from .bc7 import decode_bc7_u8

    return decode_bc7_u8(blocks)  # exact 8-bit UNORM: converted (and linearized) by lookup below


def _bc4s(blocks: np.ndarray) -> np.ndarray:
    return _b15.decode_bc4(blocks, signed=True)


def _bc5s(blocks: np.ndarray) -> np.ndarray:
    return _b15.decode_bc5(blocks, signed=True)


# DXGI_FORMAT value -> (name, block bytes, decoder or None for TYPELESS, sRGB). A decoder returns
# (N, 16, 4) float32, or uint8 where its result is exact 8-bit UNORM.
BC_FORMATS: dict[int, tuple[str, int, Callable[[np.ndarray], np.ndarray] | None, bool]] = {
    70: ("BC1_TYPELESS", 8, None, False),
    71: ("BC1_UNORM", 8, _b15.decode_bc1, False),
    72: ("BC1_UNORM_SRGB", 8, _b15.decode_bc1, True),
    73: ("BC2_TYPELESS", 16, None, False),
    74: ("BC2_UNORM", 16, _b15.decode_bc2, False),
    75: ("BC2_UNORM_SRGB", 16, _b15.decode_bc2, True),
    76: ("BC3_TYPELESS", 16, None, False),
    77: ("BC3_UNORM", 16, _b15.decode_bc3, False),
    78: ("BC3_UNORM_SRGB", 16, _b15.decode_bc3, True),
    79: ("BC4_TYPELESS", 8, None, False),
    80: ("BC4_UNORM", 8, _b15.decode_bc4, False),
    81: ("BC4_SNORM", 8, _bc4s, False),
    82: ("BC5_TYPELESS", 16, None, False),
    83: ("BC5_UNORM", 16, _b15.decode_bc5, False),
    84: ("BC5_SNORM", 16, _bc5s, False),
    94: ("BC6H_TYPELESS", 16, None, False),
    95: ("BC6H_UF16", 16, _bc6h_u, False),
    96: ("BC6H_SF16", 16, _bc6h_s, False),
    97: ("BC7_TYPELESS", 16, None, False),
    98: ("BC7_UNORM", 16, _bc7, False),
    99: ("BC7_UNORM_SRGB", 16, _bc7, True),
}


def is_bc_format(fmt: int) -> bool:
    return int(fmt) in BC_FORMATS


def bc_block_bytes(fmt: int) -> int:
    """Bytes per 4x4 block (8 for BC1/BC4, 16 otherwise)."""
    return _entry(fmt)[1]


def _entry(fmt: int) -> tuple[str, int, Callable[[np.ndarray], np.ndarray] | None, bool]:
    try:
        return BC_FORMATS[int(fmt)]
    except KeyError:
        raise InvalidArgError(E_INVALIDARG, f"DXGI_FORMAT {fmt} is not a block-compressed format") from None


_UNORM8 = np.arange(256, dtype=np.float32) / np.float32(255)


def decode_bc(fmt: int, blocks: np.ndarray) -> np.ndarray:
    """Decode BC blocks (..., nby, nbx, 8|16) uint8 to float32 (..., 4*nby, 4*nbx, 4) RGBA.

    TYPELESS formats raise InvalidArgError: the bits have no interpretation until a view types
    them."""
    name, nbytes, decoder, srgb = _entry(fmt)
    if decoder is None:
        raise InvalidArgError(E_INVALIDARG, f"DXGI_FORMAT_{name} is typeless and cannot be decoded")
    blocks = np.asarray(blocks)
    if blocks.dtype != np.uint8 or blocks.ndim < 3 or blocks.shape[-1] != nbytes:
        raise InvalidArgError(
            E_INVALIDARG, f"DXGI_FORMAT_{name} needs uint8 blocks of shape (..., nby, nbx, {nbytes}), got "
            f"{blocks.dtype} {blocks.shape}")
    lead = blocks.shape[:-3]
    nby, nbx = blocks.shape[-3], blocks.shape[-2]
    flat = np.ascontiguousarray(blocks.reshape(-1, nbytes))
    texels = decoder(flat)  # (N, 16, 4), texel i at row i // 4, column i % 4
    if texels.dtype == np.uint8:
        u8 = texels
        texels = _UNORM8[u8]
        if srgb:
            texels[:, :, :3] = nx.srgb_to_float(u8[:, :, :3], 8)
    elif srgb:
        texels[:, :, :3] = nx.srgb_to_linear(texels[:, :, :3])
    img = texels.reshape(lead + (nby, nbx, 4, 4, 4))
    nd = len(lead)
    img = np.moveaxis(img, nd + 2, nd + 1)  # (..., nby, 4, nbx, 4, 4)
    return np.ascontiguousarray(img).reshape(lead + (4 * nby, 4 * nbx, 4))


def _blocks_from_raw(fmt: int, raw: bytes | bytearray | memoryview | np.ndarray, width: int, height: int,
                     row_pitch: int | None) -> np.ndarray:
    nbytes = bc_block_bytes(fmt)
    if width <= 0 or height <= 0:
        raise InvalidArgError(E_INVALIDARG, f"region size {width}x{height} must be positive")
    nbx = (width + 3) // 4
    nby = (height + 3) // 4
    row_bytes = nbx * nbytes
    pitch = row_bytes if row_pitch is None else int(row_pitch)
    if pitch < row_bytes:
        raise InvalidArgError(E_INVALIDARG, f"row pitch {pitch} is less than one row of blocks ({row_bytes} bytes)")
    buf = np.frombuffer(raw, dtype=np.uint8) if not isinstance(raw, np.ndarray) else raw.reshape(-1).view(np.uint8)
    need = (nby - 1) * pitch + row_bytes
    if buf.size < need:
        raise InvalidArgError(E_INVALIDARG, f"{buf.size} bytes given, {need} needed for {width}x{height}")
    rows = np.lib.stride_tricks.as_strided(buf, shape=(nby, row_bytes), strides=(pitch, buf.strides[0]),
                                           writeable=False)
    return rows.reshape(nby, nbx, nbytes)


def decode_bc_region(fmt: int, raw: bytes | bytearray | memoryview | np.ndarray, width: int, height: int,
                     row_pitch: int | None = None) -> np.ndarray:
    """Decode one subresource of virtual size ``width`` x ``height`` (any size, spec 19.5.1: the
    physical size is rounded up to whole blocks) -> float32 (height, width, 4).

    ``row_pitch``: bytes between block rows (default: tightly packed)."""
    blocks = _blocks_from_raw(fmt, raw, width, height, row_pitch)
    return decode_bc(fmt, blocks)[:height, :width]


def encode_bc(fmt: int, rgba: np.ndarray) -> np.ndarray:
    """Encode float RGBA (H, W, 4) (H, W multiples of 4) into blocks (H/4, W/4, 8|16) uint8.

    Supported: BC1_UNORM (opaque; endpoints on the block's principal colour axis), BC4 and BC5
    UNORM/SNORM (min/max endpoints, 8-value mode). Others raise NotSupportedError. Simple and
    fast, not quality-optimised: meant for generated test data and uploads."""
    return _b15.encode_blocks(int(fmt), rgba)
