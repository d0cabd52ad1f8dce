"""Texture coordinate range reduction, fixed-point snapping and texel address processing
(D3D11.3 §7.18.6–7.18.9). All functions are vectorised over lanes."""

from __future__ import annotations

import numpy as np

WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE = 1, 2, 3, 4, 5

F32 = np.float32
_SUBTEXEL = F32(256.0)  # 8 fractional bits (§7.18.16.1)
_INV_SUBTEXEL = F32(1.0 / 256.0)
_FIX_LIMIT = F32(2.0 ** 23)  # keep the fixed-point value exactly representable


def reduce_range(u: np.ndarray, mode: int) -> np.ndarray:
    """§7.18.6 ReduceRange on normalised float32 coordinates; NaN becomes 0 (float→fixed rule)."""
    u = np.asarray(u, F32)
    if mode == WRAP:
        r = u - np.floor(u)
        r = np.where(r >= F32(1.0), F32(0.0), r)  # frac of tiny negatives rounds to 1.0
    elif mode == MIRROR:
        h = u * F32(0.5)
        r = (h - np.trunc(h)) * F32(2.0)
    else:
        r = np.clip(u, F32(-10.0), F32(10.0))
    r = np.asarray(r, F32)
    if r.size and not np.isfinite(r.min() + r.max()):  # rare: NaN/INF lanes become 0
        r = np.nan_to_num(r, nan=0.0, posinf=0.0, neginf=0.0)
    return r


def snap(scaled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Convert a scaled texel coordinate to 16.8 fixed point (round to nearest even): returns the integer
    texel (floor) as int32 and the fractional weight as float32 k/256."""
    q = scaled * _SUBTEXEL
    np.clip(q, -_FIX_LIMIT, _FIX_LIMIT, out=q)
    np.rint(q, out=q)
    if np.isnan(q.min()) if q.size else False:  # NaN → 0 (the float→fixed rule); min propagates NaN
        q[np.isnan(q)] = F32(0.0)
    fl = q * _INV_SUBTEXEL
    np.floor(fl, out=fl)
    frac = fl * _SUBTEXEL
    np.subtract(q, frac, out=frac)
    frac *= _INV_SUBTEXEL
    return fl.astype(np.int32), frac.astype(F32, copy=False)


def address(t: np.ndarray, n, mode: int) -> tuple[np.ndarray, np.ndarray | None]:
    """§7.18.9 texel address processing of integer texel ``t`` for a dimension of ``n`` texels (scalar or
    per lane). Returns (in-range texel, border mask or None). BORDER texels are clamped for the fetch and
    flagged in the mask."""
    if mode == WRAP:
        if np.isscalar(n) and n & (n - 1) == 0:
            return t & (n - 1), None
        return np.mod(t, n), None
    if mode == MIRROR:
        a = np.where(t < 0, -t - 1, t)
        flip = (a // n) & 1
        a = np.mod(a, n)
        return np.where(flip == 1, n - 1 - a, a), None
    if mode == MIRROR_ONCE:
        a = np.where(t < 0, -t - 1, t)
        return np.minimum(a, n - 1), None
    if mode == BORDER:
        out = (t < 0) | (t >= n)
        return np.minimum(np.maximum(t, 0), n - 1), out
    # CLAMP and any unknown mode (validated away by the API)
    return np.minimum(np.maximum(t, 0), n - 1), None
