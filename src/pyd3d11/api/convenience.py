"""Python conveniences (not part of D3D; DESIGN §1): texture_to_numpy, save_png, quick_device.

``texture_to_numpy(context, resource, subresource=0)`` returns the *decoded* texels of one
subresource, rows top to bottom:

* dtype: float32 for FLOAT/UNORM/SNORM/SRGB (sRGB linearised)/depth and block-compressed formats,
  uint32 for UINT, int32 for SINT formats (the values a shader's ``Load`` would see);
* shape: (H, W, C) for 2D textures, (W, C) for 1D, (D, H, W, C) for 3D, with C the number of components
  the format stores (R8 -> 1, R8G8 -> 2, B5G6R5 -> 3, RGBA -> 4; BC formats give 4); multisampled
  subresources gain a leading sample axis; buffers return their raw bytes (uint8).

``save_png(path, context, resource, subresource=0, alpha=False)`` writes what a screen shows, through
Pillow:

* colour: a display takes the bytes of a UNORM target as sRGB-encoded, so values of UNORM/FLOAT/SNORM
  formats are written with the FLOAT -> UNORM8 rule (NaN -> 0, clamp [0, 1], x255, +0.5, truncate); an
  ``_SRGB`` format stores sRGB codes, which is what the screen shows, so its decoded (linear) values are
  encoded back with the FLOAT -> SRGB rule (§3.2.3.8) — a midnight-blue clear (0.098, 0.098, 0.439) of an
  R8G8B8A8_UNORM_SRGB target is written as (88, 88, 177), not (25, 25, 112); integer formats are clamped
  to [0, 255]; missing components get their defaults (0 for G/B, 1 for A); one component shows as grey.
* alpha: an ordinary (opaque) window ignores the alpha of the back buffer, so by default an RGB PNG is
  written; ``alpha=True`` writes RGBA with the alpha channel by the UNORM8 rule (alpha is never
  sRGB-encoded).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats.codecs import decode_region
from pyd3d11.formats.numerics import float_to_srgb
from pyd3d11.formats.table import format_info, is_srgb
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


def display_rgba8(context: Any, resource: Any, subresource: int = 0) -> np.ndarray:
    """(H, W, 4) uint8 of one single-sampled 2D subresource as a screen shows it (module docstring)."""
    st = resource._storage
    if st.dimension != StorageDimension.TEXTURE2D or st.sample_count > 1:
        raise NotSupportedError("save_png / _repr_png_ of anything but a single-sampled 2D texture subresource")
    arr = texture_to_numpy(context, resource, subresource)
    rgba = to_rgba8(arr, arr.shape[-1])
    if is_srgb(_resource_format(resource)):
        # the stored codes are what the display shows: encode the linear values back (alpha stays UNORM)
        rgb = arr[..., :3].astype(np.float32)
        rgba[..., :3] = float_to_srgb(rgb).astype(np.uint8)
    return rgba


def save_png(path: Any, context: Any, resource: Any, subresource: int = 0, alpha: bool = False) -> None:
    """Write one 2D subresource as an 8-bit PNG as a screen shows it (RGB; RGBA with ``alpha=True``)."""
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is the optional "image" extra
        raise NotSupportedError("save_png needs Pillow (pip install pyd3d11[image])") from None

    rgba = display_rgba8(context, resource, subresource)
    if alpha:
        Image.fromarray(np.ascontiguousarray(rgba), "RGBA").save(path)
    else:
        Image.fromarray(np.ascontiguousarray(rgba[..., :3]), "RGB").save(path)


def png_bytes(rgba: np.ndarray, alpha: bool = False) -> bytes:
    """PNG file bytes of an (H, W, 4) uint8 image (RGB unless ``alpha``); used by the ``_repr_png_`` hooks."""
    import io

    from PIL import Image

    buf = io.BytesIO()
    img = np.ascontiguousarray(rgba if alpha else rgba[..., :3])
    Image.fromarray(img, "RGBA" if alpha else "RGB").save(buf, format="PNG")
    return buf.getvalue()


def memcpy(dest: Any, src: Any, count: int | None = None) -> Any:
    """C's ``memcpy(dest, src, count)`` for ported code: ``dest`` is a mapped subresource (or its ``pData``), a
    writable memoryview or a numpy array; ``src`` any memory D3D accepts (bytes, memoryview, numpy, ctypes).
    ``count`` defaults to all of ``src``. Returns ``dest``. Refusals as in ``D3D11_MAPPED_SUBRESOURCE.write``."""
    from pyd3d11.errors import E_INVALIDARG, InvalidArgError

    from .memory_in import check_source, source_bytes

    if hasattr(dest, "write") and hasattr(dest, "as_array"):
        data = src if count is None else source_bytes(src, "src")[:int(count)]
        dest.write(data)
        return dest
    problem = check_source(src, "src")
    if problem:
        raise InvalidArgError(E_INVALIDARG, problem, "memcpy")
    data = source_bytes(src, "src")
    n = data.size if count is None else int(count)
    target = np.frombuffer(dest if not isinstance(dest, np.ndarray) else dest.reshape(-1).view(np.uint8), np.uint8)
    if n > data.size or n > target.size:
        raise InvalidArgError(E_INVALIDARG, f"memcpy of {n} bytes: source {data.size}, destination {target.size}",
                              "memcpy")
    target[:n] = data[:n]
    return dest


def quick_device(feature_level: int = 0xB100, debug: bool = True) -> tuple[Any, Any]:
    """(device, immediate context) in one call."""
    from pyd3d11.api.create_device import D3D11CreateDevice

    flags = 0x2 if debug else 0
    device, _level, ctx = D3D11CreateDevice(None, 1, None, flags, [feature_level], 1, 7)
    return device, ctx
