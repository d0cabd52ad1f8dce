"""PROTOTYPE (session 19, K22; measured, see docs/features.md §4): the row-pair copy of packed UNORM8 2D texels
(texture_cache.TexData.row_pairs) laid out in 8x8 tiles. Entry (x, y) holds texel (x, y) and the texel below it
(0 below the last row), as in the row-pair copy; a tile row holds 9 entries (the tile's 8 columns and the next
tile's first one), so the 16 bytes at entry (x0, y0) are the whole 2x2 footprint for every x0 of the tile."""

from __future__ import annotations

import os

import numpy as np

TW = int(os.environ.get("PYD3D11_NATIVE_TILED_W", "8"))  # tile width (texels)
T = 8  # tile height (texels)
E = T * (TW + 1)  # entries per tile


_made: dict = {}  # id(TexData) -> (TexData, result): built once per decoded entry (texture version)


def tiled_pairs(tex, mipinfo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(flat uint32 words, mipinfo copy whose column 2 is each mip's first tiled entry) of a non-array 2D view."""
    hit = _made.get(id(tex))
    if hit is not None and hit[0] is tex:
        return hit[1]
    out = _build(tex, mipinfo)
    if len(_made) > 8:
        _made.clear()
    _made[id(tex)] = (tex, out)
    return out


def _build(tex, mipinfo: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    packed = tex.unorm8()
    parts, info, base = [], mipinfo.copy(), 0
    for m in range(tex.mips):
        w, h, b = int(tex.w[m]), int(tex.h[m]), int(tex.base[m])
        tpr, tr = -(-w // TW), -(-h // T)
        q = np.zeros((tr * T + 1, tpr * TW + 1), np.uint32)
        q[:h, :w] = packed[b:b + w * h].reshape(h, w)
        ty, tx, yi, xi = np.meshgrid(np.arange(tr), np.arange(tpr), np.arange(T), np.arange(TW + 1), indexing="ij")
        y, x = ty * T + yi, tx * TW + xi
        ent = np.stack([q[y, x], q[y + 1, x]], -1)  # (tr, tpr, T, T + 1, 2)
        ent[..., 1] = np.where(y + 1 < h, ent[..., 1], 0)
        parts.append(ent.reshape(-1))
        info[m, 2] = base
        base += tr * tpr * E
    return np.ascontiguousarray(np.concatenate(parts)), np.ascontiguousarray(info)
