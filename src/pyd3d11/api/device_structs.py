"""Struct access helpers and private fallbacks for the device side of the api layer.

Incoming descs may be the header dataclasses, any object with the C field names, or dicts with the
same keys (DESIGN §1). :func:`F` reads a field from any of these; :func:`coerce` turns a value into a
deep copy of a given struct class (nested dicts included) so GetDesc can hand back copies.

The struct classes are the headers' (:mod:`pyd3d11.headers`), re-exported here for the api modules.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from pyd3d11.headers import (  # noqa: F401 - re-exported for the api modules
    D3D11_BLEND_DESC,
    D3D11_BLEND_DESC1,
    D3D11_BUFFER_DESC,
    D3D11_COUNTER_DESC,
    D3D11_COUNTER_INFO,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_DEPTH_STENCIL_VIEW_DESC,
    D3D11_DEPTH_STENCILOP_DESC,
    D3D11_INPUT_ELEMENT_DESC,
    D3D11_QUERY_DESC,
    D3D11_QUERY_DESC1,
    D3D11_RASTERIZER_DESC,
    D3D11_RASTERIZER_DESC1,
    D3D11_RASTERIZER_DESC2,
    D3D11_RENDER_TARGET_VIEW_DESC,
    D3D11_RENDER_TARGET_VIEW_DESC1,
    D3D11_SAMPLER_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC1,
    D3D11_SO_DECLARATION_ENTRY,
    D3D11_SUBRESOURCE_DATA,
    D3D11_TEXTURE1D_DESC,
    D3D11_TEXTURE2D_DESC,
    D3D11_TEXTURE3D_DESC,
    D3D11_UNORDERED_ACCESS_VIEW_DESC,
    D3D11_UNORDERED_ACCESS_VIEW_DESC1,
    DXGI_SAMPLE_DESC,
)


def header(name: str, fallback: Any = None) -> Any:
    """The object ``name`` from :mod:`pyd3d11.headers` (``fallback`` when it has none)."""
    import pyd3d11.headers as h

    return getattr(h, name, fallback)


_MISSING = object()


def F(obj: Any, name: str, default: Any = 0) -> Any:  # noqa: N802 - short accessor used everywhere
    """Field ``name`` of a struct, an attribute object or a dict (``default`` when absent/None)."""
    if obj is None:
        return default
    if isinstance(obj, dict):
        v = obj.get(name, _MISSING)
    else:
        v = getattr(obj, name, _MISSING)
    if v is _MISSING or v is None:
        return default
    return v


def coerce(cls: type, value: Any) -> Any:
    """A deep copy of ``value`` as an instance of dataclass ``cls`` (dicts and foreign objects too)."""
    if isinstance(value, cls):
        return copy.deepcopy(value)
    if not dataclasses.is_dataclass(cls):
        return copy.deepcopy(value)
    inst = cls()
    for f in dataclasses.fields(cls):
        raw = F(value, f.name, _MISSING)
        if raw is _MISSING:
            continue
        cur = getattr(inst, f.name)
        if dataclasses.is_dataclass(cur) and not isinstance(cur, type):
            setattr(inst, f.name, coerce(type(cur), raw))
        elif isinstance(cur, list) and cur and dataclasses.is_dataclass(cur[0]):
            items = list(raw)
            out = [coerce(type(cur[0]), items[i]) if i < len(items) else cur[i] for i in range(len(cur))]
            setattr(inst, f.name, out)
        elif isinstance(cur, list):
            setattr(inst, f.name, list(raw))
        else:
            setattr(inst, f.name, copy.deepcopy(raw))
    return inst


def astuple_deep(obj: Any) -> Any:
    """Hashable canonical form of a (nested) struct, for state-object de-duplication."""
    if dataclasses.is_dataclass(obj):
        return tuple(astuple_deep(getattr(obj, f.name)) for f in dataclasses.fields(obj))
    if isinstance(obj, (list, tuple)):
        return tuple(astuple_deep(x) for x in obj)
    if isinstance(obj, float):
        return ("f", obj)
    return obj


class Reject(Exception):
    """Raised by validators: the HRESULT, a message naming the field, and the debug-layer message id."""

    def __init__(self, hresult: int, text: str, message_name: str = ""):
        super().__init__(text)
        self.hresult = hresult
        self.text = text
        self.message_name = message_name


def reject(text: str, message_name: str = "", hresult: int = 0x80070057) -> Reject:
    """An E_INVALIDARG (by default) rejection."""
    return Reject(hresult, text, message_name)
