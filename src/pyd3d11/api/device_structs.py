"""Struct access helpers and private fallbacks for the device side of the api layer.

Incoming descs may be the header dataclasses, any object with the C field names, or dicts with the
same keys (DESIGN §1). :func:`F` reads a field from any of these; :func:`coerce` turns a value into a
deep copy of a given struct class (nested dicts included) so GetDesc can hand back copies.

The struct classes come from :mod:`pyd3d11.headers` when it provides them; until then the private
fallbacks below (same C field names, zero defaults) stand in. # TODO(integration): drop the fallbacks
once pyd3d11.headers exports every name used here.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass, field
from typing import Any

try:  # the headers land in parallel
    import pyd3d11.headers as _headers  # type: ignore[import-not-found]
except Exception:  # pragma: no cover - depends on integration state
    _headers = None


def header(name: str, fallback: Any) -> Any:
    """The header's object named ``name`` when it exists, else ``fallback``."""
    if _headers is not None:
        value = getattr(_headers, name, None)
        if value is not None:
            return value
    return fallback


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


# --------------------------------------------------------------------------------------------------
# Fallback structs (C field names, C zero defaults). TODO(integration): replaced by pyd3d11.headers.
# --------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _DXGI_SAMPLE_DESC:
    Count: int = 0
    Quality: int = 0


@dataclass(slots=True)
class _D3D11_BUFFER_DESC:
    ByteWidth: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0
    StructureByteStride: int = 0


@dataclass(slots=True)
class _D3D11_TEXTURE1D_DESC:
    Width: int = 0
    MipLevels: int = 0
    ArraySize: int = 0
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@dataclass(slots=True)
class _D3D11_TEXTURE2D_DESC:
    Width: int = 0
    Height: int = 0
    MipLevels: int = 0
    ArraySize: int = 0
    Format: int = 0
    SampleDesc: Any = field(default_factory=lambda: DXGI_SAMPLE_DESC())
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@dataclass(slots=True)
class _D3D11_TEXTURE3D_DESC:
    Width: int = 0
    Height: int = 0
    Depth: int = 0
    MipLevels: int = 0
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@dataclass(slots=True)
class _D3D11_SUBRESOURCE_DATA:
    pSysMem: Any = None
    SysMemPitch: int = 0
    SysMemSlicePitch: int = 0


DXGI_SAMPLE_DESC = header("DXGI_SAMPLE_DESC", _DXGI_SAMPLE_DESC)
D3D11_BUFFER_DESC = header("D3D11_BUFFER_DESC", _D3D11_BUFFER_DESC)
D3D11_TEXTURE1D_DESC = header("D3D11_TEXTURE1D_DESC", _D3D11_TEXTURE1D_DESC)
D3D11_TEXTURE2D_DESC = header("D3D11_TEXTURE2D_DESC", _D3D11_TEXTURE2D_DESC)
D3D11_TEXTURE3D_DESC = header("D3D11_TEXTURE3D_DESC", _D3D11_TEXTURE3D_DESC)
D3D11_SUBRESOURCE_DATA = header("D3D11_SUBRESOURCE_DATA", _D3D11_SUBRESOURCE_DATA)


def _sub(name: str, *fields_: str) -> type:
    """A zero-default fallback struct with int fields (view-desc union members)."""
    return dataclasses.make_dataclass(name, [(f, int, 0) for f in fields_], slots=True)


_BUFFER_SRV = _sub("D3D11_BUFFER_SRV", "FirstElement", "NumElements")
_BUFFEREX_SRV = _sub("D3D11_BUFFEREX_SRV", "FirstElement", "NumElements", "Flags")
_TEX1D_SRV = _sub("D3D11_TEX1D_SRV", "MostDetailedMip", "MipLevels")
_TEX1D_ARRAY_SRV = _sub("D3D11_TEX1D_ARRAY_SRV", "MostDetailedMip", "MipLevels", "FirstArraySlice", "ArraySize")
_TEX2D_SRV = _sub("D3D11_TEX2D_SRV", "MostDetailedMip", "MipLevels")
_TEX2D_ARRAY_SRV = _sub("D3D11_TEX2D_ARRAY_SRV", "MostDetailedMip", "MipLevels", "FirstArraySlice", "ArraySize")
_TEX2D_SRV1 = _sub("D3D11_TEX2D_SRV1", "MostDetailedMip", "MipLevels", "PlaneSlice")
_TEX2D_ARRAY_SRV1 = _sub("D3D11_TEX2D_ARRAY_SRV1", "MostDetailedMip", "MipLevels", "FirstArraySlice", "ArraySize",
                         "PlaneSlice")
_TEX2DMS_SRV = _sub("D3D11_TEX2DMS_SRV", "UnusedField_NothingToDefine")
_TEX2DMS_ARRAY_SRV = _sub("D3D11_TEX2DMS_ARRAY_SRV", "FirstArraySlice", "ArraySize")
_TEX3D_SRV = _sub("D3D11_TEX3D_SRV", "MostDetailedMip", "MipLevels")
_TEXCUBE_SRV = _sub("D3D11_TEXCUBE_SRV", "MostDetailedMip", "MipLevels")
_TEXCUBE_ARRAY_SRV = _sub("D3D11_TEXCUBE_ARRAY_SRV", "MostDetailedMip", "MipLevels", "First2DArrayFace", "NumCubes")

_BUFFER_RTV = _sub("D3D11_BUFFER_RTV", "FirstElement", "NumElements")
_TEX1D_RTV = _sub("D3D11_TEX1D_RTV", "MipSlice")
_TEX1D_ARRAY_RTV = _sub("D3D11_TEX1D_ARRAY_RTV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2D_RTV = _sub("D3D11_TEX2D_RTV", "MipSlice")
_TEX2D_ARRAY_RTV = _sub("D3D11_TEX2D_ARRAY_RTV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2D_RTV1 = _sub("D3D11_TEX2D_RTV1", "MipSlice", "PlaneSlice")
_TEX2D_ARRAY_RTV1 = _sub("D3D11_TEX2D_ARRAY_RTV1", "MipSlice", "FirstArraySlice", "ArraySize", "PlaneSlice")
_TEX2DMS_RTV = _sub("D3D11_TEX2DMS_RTV", "UnusedField_NothingToDefine")
_TEX2DMS_ARRAY_RTV = _sub("D3D11_TEX2DMS_ARRAY_RTV", "FirstArraySlice", "ArraySize")
_TEX3D_RTV = _sub("D3D11_TEX3D_RTV", "MipSlice", "FirstWSlice", "WSize")

_TEX1D_DSV = _sub("D3D11_TEX1D_DSV", "MipSlice")
_TEX1D_ARRAY_DSV = _sub("D3D11_TEX1D_ARRAY_DSV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2D_DSV = _sub("D3D11_TEX2D_DSV", "MipSlice")
_TEX2D_ARRAY_DSV = _sub("D3D11_TEX2D_ARRAY_DSV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2DMS_DSV = _sub("D3D11_TEX2DMS_DSV", "UnusedField_NothingToDefine")
_TEX2DMS_ARRAY_DSV = _sub("D3D11_TEX2DMS_ARRAY_DSV", "FirstArraySlice", "ArraySize")

_BUFFER_UAV = _sub("D3D11_BUFFER_UAV", "FirstElement", "NumElements", "Flags")
_TEX1D_UAV = _sub("D3D11_TEX1D_UAV", "MipSlice")
_TEX1D_ARRAY_UAV = _sub("D3D11_TEX1D_ARRAY_UAV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2D_UAV = _sub("D3D11_TEX2D_UAV", "MipSlice")
_TEX2D_ARRAY_UAV = _sub("D3D11_TEX2D_ARRAY_UAV", "MipSlice", "FirstArraySlice", "ArraySize")
_TEX2D_UAV1 = _sub("D3D11_TEX2D_UAV1", "MipSlice", "PlaneSlice")
_TEX2D_ARRAY_UAV1 = _sub("D3D11_TEX2D_ARRAY_UAV1", "MipSlice", "FirstArraySlice", "ArraySize", "PlaneSlice")
_TEX3D_UAV = _sub("D3D11_TEX3D_UAV", "MipSlice", "FirstWSlice", "WSize")


def _view_desc(name: str, members: dict[str, type], flags: bool = False) -> type:
    cols: list[tuple[str, Any, Any]] = [("Format", int, 0), ("ViewDimension", int, 0)]
    if flags:
        cols.append(("Flags", int, 0))
    for m, t in members.items():
        cols.append((m, Any, field(default_factory=t)))
    return dataclasses.make_dataclass(name, cols, slots=True)


_SRV_MEMBERS = {"Buffer": _BUFFER_SRV, "Texture1D": _TEX1D_SRV, "Texture1DArray": _TEX1D_ARRAY_SRV,
                "Texture2D": _TEX2D_SRV, "Texture2DArray": _TEX2D_ARRAY_SRV, "Texture2DMS": _TEX2DMS_SRV,
                "Texture2DMSArray": _TEX2DMS_ARRAY_SRV, "Texture3D": _TEX3D_SRV, "TextureCube": _TEXCUBE_SRV,
                "TextureCubeArray": _TEXCUBE_ARRAY_SRV, "BufferEx": _BUFFEREX_SRV}
_RTV_MEMBERS = {"Buffer": _BUFFER_RTV, "Texture1D": _TEX1D_RTV, "Texture1DArray": _TEX1D_ARRAY_RTV,
                "Texture2D": _TEX2D_RTV, "Texture2DArray": _TEX2D_ARRAY_RTV, "Texture2DMS": _TEX2DMS_RTV,
                "Texture2DMSArray": _TEX2DMS_ARRAY_RTV, "Texture3D": _TEX3D_RTV}
_DSV_MEMBERS = {"Texture1D": _TEX1D_DSV, "Texture1DArray": _TEX1D_ARRAY_DSV, "Texture2D": _TEX2D_DSV,
                "Texture2DArray": _TEX2D_ARRAY_DSV, "Texture2DMS": _TEX2DMS_DSV,
                "Texture2DMSArray": _TEX2DMS_ARRAY_DSV}
_UAV_MEMBERS = {"Buffer": _BUFFER_UAV, "Texture1D": _TEX1D_UAV, "Texture1DArray": _TEX1D_ARRAY_UAV,
                "Texture2D": _TEX2D_UAV, "Texture2DArray": _TEX2D_ARRAY_UAV, "Texture3D": _TEX3D_UAV}

D3D11_SHADER_RESOURCE_VIEW_DESC = header(
    "D3D11_SHADER_RESOURCE_VIEW_DESC", _view_desc("D3D11_SHADER_RESOURCE_VIEW_DESC", _SRV_MEMBERS))
D3D11_SHADER_RESOURCE_VIEW_DESC1 = header(
    "D3D11_SHADER_RESOURCE_VIEW_DESC1", _view_desc("D3D11_SHADER_RESOURCE_VIEW_DESC1", {
        **_SRV_MEMBERS, "Texture2D": _TEX2D_SRV1, "Texture2DArray": _TEX2D_ARRAY_SRV1}))
D3D11_RENDER_TARGET_VIEW_DESC = header(
    "D3D11_RENDER_TARGET_VIEW_DESC", _view_desc("D3D11_RENDER_TARGET_VIEW_DESC", _RTV_MEMBERS))
D3D11_RENDER_TARGET_VIEW_DESC1 = header(
    "D3D11_RENDER_TARGET_VIEW_DESC1", _view_desc("D3D11_RENDER_TARGET_VIEW_DESC1", {
        **_RTV_MEMBERS, "Texture2D": _TEX2D_RTV1, "Texture2DArray": _TEX2D_ARRAY_RTV1}))
D3D11_DEPTH_STENCIL_VIEW_DESC = header(
    "D3D11_DEPTH_STENCIL_VIEW_DESC", _view_desc("D3D11_DEPTH_STENCIL_VIEW_DESC", _DSV_MEMBERS, flags=True))
D3D11_UNORDERED_ACCESS_VIEW_DESC = header(
    "D3D11_UNORDERED_ACCESS_VIEW_DESC", _view_desc("D3D11_UNORDERED_ACCESS_VIEW_DESC", _UAV_MEMBERS))
D3D11_UNORDERED_ACCESS_VIEW_DESC1 = header(
    "D3D11_UNORDERED_ACCESS_VIEW_DESC1", _view_desc("D3D11_UNORDERED_ACCESS_VIEW_DESC1", {
        **_UAV_MEMBERS, "Texture2D": _TEX2D_UAV1, "Texture2DArray": _TEX2D_ARRAY_UAV1}))


@dataclass(slots=True)
class _D3D11_RENDER_TARGET_BLEND_DESC:
    BlendEnable: int = 0
    SrcBlend: int = 0
    DestBlend: int = 0
    BlendOp: int = 0
    SrcBlendAlpha: int = 0
    DestBlendAlpha: int = 0
    BlendOpAlpha: int = 0
    RenderTargetWriteMask: int = 0


@dataclass(slots=True)
class _D3D11_RENDER_TARGET_BLEND_DESC1:
    BlendEnable: int = 0
    LogicOpEnable: int = 0
    SrcBlend: int = 0
    DestBlend: int = 0
    BlendOp: int = 0
    SrcBlendAlpha: int = 0
    DestBlendAlpha: int = 0
    BlendOpAlpha: int = 0
    LogicOp: int = 0
    RenderTargetWriteMask: int = 0


D3D11_RENDER_TARGET_BLEND_DESC = header("D3D11_RENDER_TARGET_BLEND_DESC", _D3D11_RENDER_TARGET_BLEND_DESC)
D3D11_RENDER_TARGET_BLEND_DESC1 = header("D3D11_RENDER_TARGET_BLEND_DESC1", _D3D11_RENDER_TARGET_BLEND_DESC1)


@dataclass(slots=True)
class _D3D11_BLEND_DESC:
    AlphaToCoverageEnable: int = 0
    IndependentBlendEnable: int = 0
    RenderTarget: list = field(default_factory=lambda: [D3D11_RENDER_TARGET_BLEND_DESC() for _ in range(8)])


@dataclass(slots=True)
class _D3D11_BLEND_DESC1:
    AlphaToCoverageEnable: int = 0
    IndependentBlendEnable: int = 0
    RenderTarget: list = field(default_factory=lambda: [D3D11_RENDER_TARGET_BLEND_DESC1() for _ in range(8)])


@dataclass(slots=True)
class _D3D11_DEPTH_STENCILOP_DESC:
    StencilFailOp: int = 0
    StencilDepthFailOp: int = 0
    StencilPassOp: int = 0
    StencilFunc: int = 0


D3D11_DEPTH_STENCILOP_DESC = header("D3D11_DEPTH_STENCILOP_DESC", _D3D11_DEPTH_STENCILOP_DESC)


@dataclass(slots=True)
class _D3D11_DEPTH_STENCIL_DESC:
    DepthEnable: int = 0
    DepthWriteMask: int = 0
    DepthFunc: int = 0
    StencilEnable: int = 0
    StencilReadMask: int = 0
    StencilWriteMask: int = 0
    FrontFace: Any = field(default_factory=lambda: D3D11_DEPTH_STENCILOP_DESC())
    BackFace: Any = field(default_factory=lambda: D3D11_DEPTH_STENCILOP_DESC())


@dataclass(slots=True)
class _D3D11_RASTERIZER_DESC:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0


@dataclass(slots=True)
class _D3D11_RASTERIZER_DESC1:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0
    ForcedSampleCount: int = 0


@dataclass(slots=True)
class _D3D11_RASTERIZER_DESC2:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0
    ForcedSampleCount: int = 0
    ConservativeRaster: int = 0


@dataclass(slots=True)
class _D3D11_SAMPLER_DESC:
    Filter: int = 0
    AddressU: int = 0
    AddressV: int = 0
    AddressW: int = 0
    MipLODBias: float = 0.0
    MaxAnisotropy: int = 0
    ComparisonFunc: int = 0
    BorderColor: list = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])
    MinLOD: float = 0.0
    MaxLOD: float = 0.0


@dataclass(slots=True)
class _D3D11_QUERY_DESC:
    Query: int = 0
    MiscFlags: int = 0


@dataclass(slots=True)
class _D3D11_COUNTER_DESC:
    Counter: int = 0
    MiscFlags: int = 0


@dataclass(slots=True)
class _D3D11_COUNTER_INFO:
    LastDeviceDependentCounter: int = 0
    NumSimultaneousCounters: int = 0
    NumDetectableParallelUnits: int = 0


@dataclass(slots=True)
class _D3D11_INPUT_ELEMENT_DESC:
    SemanticName: str = ""
    SemanticIndex: int = 0
    Format: int = 0
    InputSlot: int = 0
    AlignedByteOffset: int = 0
    InputSlotClass: int = 0
    InstanceDataStepRate: int = 0


@dataclass(slots=True)
class _D3D11_SO_DECLARATION_ENTRY:
    Stream: int = 0
    SemanticName: str | None = None
    SemanticIndex: int = 0
    StartComponent: int = 0
    ComponentCount: int = 0
    OutputSlot: int = 0


@dataclass(slots=True)
class _D3D11_MAPPED_SUBRESOURCE_UNUSED:  # the context engineer owns Map's struct
    pass


D3D11_BLEND_DESC = header("D3D11_BLEND_DESC", _D3D11_BLEND_DESC)
D3D11_BLEND_DESC1 = header("D3D11_BLEND_DESC1", _D3D11_BLEND_DESC1)
D3D11_DEPTH_STENCIL_DESC = header("D3D11_DEPTH_STENCIL_DESC", _D3D11_DEPTH_STENCIL_DESC)
D3D11_RASTERIZER_DESC = header("D3D11_RASTERIZER_DESC", _D3D11_RASTERIZER_DESC)
D3D11_RASTERIZER_DESC1 = header("D3D11_RASTERIZER_DESC1", _D3D11_RASTERIZER_DESC1)
D3D11_RASTERIZER_DESC2 = header("D3D11_RASTERIZER_DESC2", _D3D11_RASTERIZER_DESC2)
D3D11_SAMPLER_DESC = header("D3D11_SAMPLER_DESC", _D3D11_SAMPLER_DESC)
D3D11_QUERY_DESC = header("D3D11_QUERY_DESC", _D3D11_QUERY_DESC)
D3D11_QUERY_DESC1 = header("D3D11_QUERY_DESC1", None)
D3D11_COUNTER_DESC = header("D3D11_COUNTER_DESC", _D3D11_COUNTER_DESC)
D3D11_COUNTER_INFO = header("D3D11_COUNTER_INFO", _D3D11_COUNTER_INFO)
D3D11_INPUT_ELEMENT_DESC = header("D3D11_INPUT_ELEMENT_DESC", _D3D11_INPUT_ELEMENT_DESC)
D3D11_SO_DECLARATION_ENTRY = header("D3D11_SO_DECLARATION_ENTRY", _D3D11_SO_DECLARATION_ENTRY)


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
