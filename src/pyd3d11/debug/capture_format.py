"""The capture file format (``.pyd3dcap``), version 1 — see docs/debugging.md for the full description.

A capture is a zip archive (members deflate-compressed, i.e. zlib streams):

* ``manifest.json`` — written last: ``{"format": "pyd3d11-capture", "version": 1, "feature_level",
  "creation_flags", "event_count", "chunks", "names", "unsupported"}``;
* ``events/NNNNNN.json`` — the event list in chunks (a JSON list each), written while recording;
* ``blobs/NNNNNN.npy`` — every array argument, bytecode and resource content, one numpy ``.npy`` each,
  written as soon as it is met (so a large frame never sits in memory twice).

An event is ``{"i": index, "obj": target id, "method": C method name, "args": [...], "ret": id|null}``
plus optional ``"so_filled"`` (a buffer's hidden stream-output filled size, restored on the replaying immediate
  context) and ``"fill"`` (a blob whose bytes replace the storage of the object the event created —
how a resource that existed before the capture gets its contents), ``"unmap_data"`` (the bytes of the
subresource just after an Unmap of a write map) and ``"synthetic": true`` (events the recorder made up
to recreate an object or the context state that existed before the capture started). Object id 0 is
the device, 1 the immediate context.

Values are encoded as JSON with tagged objects for what JSON lacks: ``{"obj": id}`` (a COM object),
``{"blob": n}`` (an array, kept with its dtype and shape), ``{"bytes": n}``, ``{"tuple": [...]}``,
``{"struct": name, "fields": {...}}`` (a header struct), ``{"guid": str}``, ``{"np": dtype, "v": x}``
(a numpy scalar) and ``{"float": hex}`` for non-finite floats.
"""

from __future__ import annotations

import dataclasses
import io
import uuid
from typing import Any

import numpy as np

FORMAT = "pyd3d11-capture"
VERSION = 1


def array_to_npy(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, np.ascontiguousarray(a), allow_pickle=False)
    return buf.getvalue()


def npy_to_array(raw: bytes) -> np.ndarray:
    return np.load(io.BytesIO(raw), allow_pickle=False)


def blob_name(n: int) -> str:
    return f"blobs/{n:06d}.npy"


def chunk_name(n: int) -> str:
    return f"events/{n:06d}.json"


class Unencodable(Exception):
    """A value the format has no encoding for (the capture marks itself incomplete)."""


def encode(value: Any, ref: Any, blob: Any) -> Any:
    """``ref(obj) -> id`` names COM objects, ``blob(array) -> n`` stores arrays."""
    from pyd3d11.api.com import IUnknown

    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, (int, np.bool_)) and not isinstance(value, np.generic):
        return int(value)
    if isinstance(value, float):
        return value if np.isfinite(value) else {"float": value.hex()}
    if isinstance(value, np.generic):
        return {"np": value.dtype.str, "v": value.item() if np.isfinite(value).all() else float(value).hex()}
    if isinstance(value, IUnknown):
        return {"obj": ref(value)}
    if isinstance(value, np.ndarray):
        return {"blob": blob(value)}
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"bytes": blob(np.frombuffer(bytes(memoryview(value).cast("B")), np.uint8))}
    if isinstance(value, list):
        return [encode(v, ref, blob) for v in value]
    if isinstance(value, tuple):
        return {"tuple": [encode(v, ref, blob) for v in value]}
    if isinstance(value, uuid.UUID):
        return {"guid": str(value)}
    if dataclasses.is_dataclass(value) and hasattr(type(value), "__struct_fields__"):
        return {"struct": type(value).__name__,
                "fields": {f.name: encode(getattr(value, f.name), ref, blob) for f in dataclasses.fields(value)}}
    raise Unencodable(f"{type(value).__name__} value")


def decode(value: Any, obj: Any, blob: Any) -> Any:
    """Inverse of :func:`encode`; ``obj(id)`` and ``blob(n)`` resolve references."""
    import pyd3d11.headers as headers

    if isinstance(value, list):
        return [decode(v, obj, blob) for v in value]
    if not isinstance(value, dict):
        return value
    if "obj" in value:
        return obj(value["obj"])
    if "blob" in value:
        return blob(value["blob"])
    if "bytes" in value:
        return blob(value["bytes"]).tobytes()
    if "tuple" in value:
        return tuple(decode(v, obj, blob) for v in value["tuple"])
    if "guid" in value:
        return uuid.UUID(value["guid"])
    if "float" in value:
        return float.fromhex(value["float"])
    if "np" in value:
        v = value["v"]
        return np.dtype(value["np"]).type(float.fromhex(v) if isinstance(v, str) else v)
    if "struct" in value:
        cls = getattr(headers, value["struct"])
        return cls(**{k: decode(v, obj, blob) for k, v in value["fields"].items()})
    raise ValueError(f"capture file: unknown value tag {sorted(value)}")
