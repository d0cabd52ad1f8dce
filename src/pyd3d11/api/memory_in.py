"""Memory handed to D3D: what ``pSysMem`` / ``pSrcData`` / mapped writes accept (DESIGN §1 "Memory in").

D3D reads raw bytes, so any object with the buffer protocol is taken as its bytes: numpy arrays, bytes,
bytearray, memoryview, array.array, ctypes structures and arrays. What cannot be raw memory, or whose
element type cannot be what the description says, is refused with E_INVALIDARG and a message naming the
mismatch instead of becoming silent garbage:

* Python lists, tuples, numbers, strings, dicts, numpy object/string arrays: no raw bytes to read;
* textures: 64-bit elements (float64, int64, complex — no DXGI format has 64-bit channels), floating-point
  data for a format without float channels of that width (float32 for R8G8B8A8_UNORM, float16 for
  R32_FLOAT), integers wider than one byte that match neither a channel width nor the element size of
  the format (uint16 for R8G8B8A8_UNORM; uint32 for R10G10B10A2 and uint16 for B5G6R5 are whole
  elements and fine), booleans; block-compressed formats take integer words only;
* vertex and index buffers: 64-bit elements (D3D11 vertex formats have none), structured dtypes with a
  64-bit field (named), booleans; index buffers also refuse floating point (indices are R16_UINT/R32_UINT).

``uint8``/``int8`` arrays, ``bytes`` and the like are always accepted: they are the bytes themselves.
Constant, shader-resource and unordered-access buffers may hold doubles, so only the first rule applies.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .device_structs import reject

BIND_VERTEX_BUFFER, BIND_INDEX_BUFFER = 0x1, 0x2
_NOT_RAW = (list, tuple, str, int, float, complex, dict, set)
_HINT = ("pass bytes, a memoryview, a ctypes structure/array or a numpy array with an explicit dtype "
         "(e.g. np.asarray(data, np.float32))")


def _dtype_of(data: Any) -> np.dtype | None:
    if isinstance(data, np.ndarray):
        return data.dtype
    try:
        fmt = memoryview(data).format
    except TypeError:
        return None
    try:
        return np.dtype(fmt)
    except TypeError:
        return None  # ctypes structures and other composite formats: taken as bytes


def _format_problem(dt: np.dtype, fmt: int) -> str | None:
    from pyd3d11.formats.table import FormatKind, format_info

    if dt.fields is not None or dt.itemsize == 0:
        return None
    kind, size = dt.kind, dt.itemsize
    if kind in "iu" and size == 1:
        return None
    info = format_info(int(fmt))
    name = f"DXGI_FORMAT_{info.name}"
    if kind == "b":
        return f"bool data for {name}: use an integer or float dtype matching the format"
    if info.compressed:
        if kind in "iu":
            return None
        return f"{dt} data for {name}: block-compressed data is raw blocks (uint8 or integer words)"
    if size == 8 or kind == "c":
        return f"{dt} data for {name}: DXGI formats have no 64-bit channels"
    bits = {c.bits for c in info.channels if c.name not in ("X",)}
    if kind == "f":
        if any(c.kind in (FormatKind.FLOAT, FormatKind.TYPELESS) and c.bits == size * 8 for c in info.channels):
            return None
        described = ", ".join(sorted({f"{c.bits}-bit {c.kind.value}" for c in info.channels if c.name != "X"}))
        return f"{dt} data for {name} ({described} channels): convert to the format's storage type"
    if kind in "iu":
        if size * 8 in bits or size == info.bytes_per_block:
            return None
        return f"{dt} data for {name}: {size * 8}-bit integers match neither a channel ({sorted(bits)} bits) nor " \
               f"the {info.bytes_per_block}-byte element"
    return f"{dt} data for {name}"


def _vertex_problem(dt: np.dtype, bind: int, field: str = "") -> str | None:
    where = "an index buffer" if bind & BIND_INDEX_BUFFER and not bind & BIND_VERTEX_BUFFER else "a vertex buffer"
    if dt.fields is not None:
        for fname, (fdt, *_rest) in dt.fields.items():
            problem = _vertex_problem(fdt, bind, f"{field}{fname}.")
            if problem:
                return problem
        return None
    base = dt.base if dt.subdtype is not None else dt
    label = f"field '{field[:-1]}' ({base})" if field else str(base)
    if base.kind == "b":
        return f"{label} data for {where}: use an integer or float dtype"
    if base.kind == "c" or (base.kind in "fiu" and base.itemsize == 8):
        return f"{label} data for {where}: D3D11 vertex and index formats have no 64-bit components " \
               "(use np.float32 / np.uint32)"
    if where == "an index buffer" and base.kind == "f":
        return f"{label} data for {where}: indices are DXGI_FORMAT_R16_UINT or R32_UINT (use np.uint16 / np.uint32)"
    return None


def check_source(data: Any, what: str, fmt: int | None = None, bind: int = 0) -> str | None:
    """The reason ``data`` cannot be the memory described (``fmt`` for textures, ``bind`` flags for buffers),
    or None when it can."""
    if isinstance(data, _NOT_RAW) or (isinstance(data, np.ndarray) and data.dtype.kind in "OUSMm"):
        kind = f"a numpy {data.dtype} array" if isinstance(data, np.ndarray) else f"a Python {type(data).__name__}"
        return f"{what} is {kind}, which has no raw bytes: {_HINT}"
    if not isinstance(data, np.ndarray):
        try:
            memoryview(data)
        except TypeError:
            return f"{what} is a {type(data).__name__}, which does not expose its memory: {_HINT}"
    dt = _dtype_of(data)
    if dt is None:
        return None
    if fmt is not None:
        problem = _format_problem(dt, fmt)
    elif bind & (BIND_VERTEX_BUFFER | BIND_INDEX_BUFFER):
        problem = _vertex_problem(dt, bind)
    else:
        problem = None
    return f"{what}: {problem}" if problem else None


def source_bytes(data: Any, what: str, fmt: int | None = None, bind: int = 0, message_name: str = "") -> np.ndarray:
    """The bytes of ``data`` as a flat uint8 array (no copy when possible); Reject(E_INVALIDARG) naming the
    mismatch when ``data`` cannot be that memory (module docstring)."""
    problem = check_source(data, what, fmt, bind)
    if problem:
        raise reject(problem, message_name)
    if isinstance(data, np.ndarray):
        return np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    return np.frombuffer(memoryview(data).cast("B"), np.uint8)
