"""Python conveniences (not part of D3D; DESIGN §1): texture_to_numpy, save_png, quick_device.

``texture_to_numpy(context, resource, subresource=0)`` returns the *decoded* texels of one
subresource, rows top to bottom:

* dtype: float32 for FLOAT/UNORM/SNORM/SRGB (sRGB linearised)/depth and block-compressed formats,
  uint32 for UINT, int32 for SINT formats (the values a shader's ``Load`` would see);
* shape: (H, W, C) for 2D textures, (W, C) for 1D, (D, H, W, C) for 3D, with C the number of components
  the format stores (R8 -> 1, R8G8 -> 2, B5G6R5 -> 3, RGBA -> 4; BC formats give 4); multisampled
  subresources gain a leading sample axis; buffers return their raw bytes (uint8).

``save_png(path, context, resource, subresource=0)`` writes 8-bit RGBA through Pillow: float values are
converted with the FLOAT -> UNORM8 rule (NaN -> 0, clamp [0, 1], x255, +0.5, truncate); integer formats
are clamped to [0, 255]; missing components get their defaults (0 for G/B, 1 for A).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats.codecs import decode_region
from pyd3d11.formats.table import format_info
from pyd3d11.storage import StorageDimension


def _decode_region(fmt: int, raw: np.ndarray, w: int, h: int, d: int, row_pitch: int, depth_pitch: int) -> np.ndarray:
    """(D, H, W, 4) decoded texels."""
    return np.asarray(decode_region(fmt, raw, w, h, d, row_pitch, depth_pitch))


def _component_count(fmt: int) -> int:
    """Components the format stores (4 for block-compressed formats)."""
    info = format_info(fmt)
    if info.compressed:
        return 4
    comps = {c.component for c in info.channels if c.component is not None}
    return max(1, len(comps)) if comps else 4


def _resource_format(resource: Any) -> int:
    st = resource._storage
    return int(getattr(getattr(resource, "_desc", None), "Format", st.format) or st.format)


def texture_to_numpy(context: Any, resource: Any, subresource: int = 0) -> np.ndarray:
    """Decoded texels of one subresource (see the module docstring for dtype and shape)."""
    st = resource._storage
    if st.dimension == StorageDimension.BUFFER:
        return st.data.copy()
    fmt = _resource_format(resource)
    L = st.layout(int(subresource))
    raw = st.subresource_bytes(int(subresource))
    per_sample = L.depth_pitch * L.depth
    planes = []
    for s in range(st.sample_count):
        chunk = raw[s * per_sample:(s + 1) * per_sample]
        try:
            planes.append(_decode_region(fmt, chunk, L.width, L.height, L.depth, L.row_pitch, L.depth_pitch))
        except NotSupportedError:
            raise
        except Exception as exc:  # typeless formats and the like
            raise NotSupportedError(f"texture_to_numpy for format {fmt}: {exc}") from exc
    out = np.stack(planes)  # (S, D, H, W, 4)
    out = out[..., :_component_count(fmt)]
    if st.dimension == StorageDimension.TEXTURE1D:
        out = out[:, 0, 0]
    elif st.dimension == StorageDimension.TEXTURE2D:
        out = out[:, 0]
    return np.ascontiguousarray(out if st.sample_count > 1 else out[0])


def to_rgba8(values: np.ndarray, components: int) -> np.ndarray:
    """Decoded texels (..., C) -> uint8 (..., 4) by the FLOAT -> UNORM8 rule (integers clamped)."""
    v = np.asarray(values)
    full = np.zeros(v.shape[:-1] + (4,), np.float64 if v.dtype.kind == "f" else np.int64)
    full[..., 3] = 1 if v.dtype.kind == "f" else 255
    full[..., :components] = v[..., :components]
    if components == 1:  # a single channel shows as grey
        full[..., 1] = full[..., 2] = full[..., 0]
    if v.dtype.kind != "f":
        return np.clip(full, 0, 255).astype(np.uint8)
    f = np.nan_to_num(full.astype(np.float32), nan=0.0)
    return np.trunc(np.clip(f, 0, 1) * np.float32(255) + np.float32(0.5)).astype(np.uint8)


def save_png(path: Any, context: Any, resource: Any, subresource: int = 0) -> None:
    """Write one 2D subresource as an 8-bit RGBA PNG (Pillow)."""
    from PIL import Image

    arr = texture_to_numpy(context, resource, subresource)
    st = resource._storage
    if st.dimension != StorageDimension.TEXTURE2D or st.sample_count > 1:
        raise NotSupportedError("save_png of anything but a single-sampled 2D texture subresource")
    rgba = to_rgba8(arr, arr.shape[-1])
    Image.fromarray(rgba, "RGBA").save(path)


def quick_device(feature_level: int = 0xB100, debug: bool = True) -> tuple[Any, Any]:
    """(device, immediate context) in one call."""
    from pyd3d11.api.create_device import D3D11CreateDevice

    flags = 0x2 if debug else 0
    device, _level, ctx = D3D11CreateDevice(None, 1, None, flags, [feature_level], 1, 7)
    return device, ctx
