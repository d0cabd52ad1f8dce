"""The CD3D11_* helper constructors of d3d11.h / d3d11_1.h / d3d11_3.h and D3D11CalcSubresource.

Each helper returns the plain struct (``CD3D11_TEXTURE2D_DESC(...)`` is a ``D3D11_TEXTURE2D_DESC``)
with the fields the C++ inline constructor sets; the arguments are the C++ ones, in C++ order, with
the same defaults. The ``D3D11_DEFAULT`` tag selects the D3D default state; passing an existing desc
copies it. View-desc helpers also accept the resource overloads (a buffer / texture first), reading
the resource through ``GetType()`` and ``GetDesc()`` exactly as the C++ helpers do.
"""

from __future__ import annotations

from typing import Any

from pyd3d11.errors import NotSupportedError
from pyd3d11.headers._struct import struct_copy
from pyd3d11.headers.d3d11_constants import (
    D3D11_DEFAULT_DEPTH_BIAS,
    D3D11_DEFAULT_DEPTH_BIAS_CLAMP,
    D3D11_DEFAULT_SLOPE_SCALED_DEPTH_BIAS,
    D3D11_DEFAULT_STENCIL_READ_MASK,
    D3D11_DEFAULT_STENCIL_WRITE_MASK,
    D3D11_FLOAT32_MAX,
    D3D11_MAX_DEPTH,
    D3D11_MIN_DEPTH,
)
from pyd3d11.headers.d3d11_enums import (
    D3D11_BIND_SHADER_RESOURCE,
    D3D11_BLEND_ONE,
    D3D11_BLEND_OP_ADD,
    D3D11_BLEND_ZERO,
    D3D11_COLOR_WRITE_ENABLE_ALL,
    D3D11_COMPARISON_ALWAYS,
    D3D11_COMPARISON_LESS,
    D3D11_COMPARISON_NEVER,
    D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF,
    D3D11_CULL_BACK,
    D3D11_DEPTH_WRITE_MASK_ALL,
    D3D11_DSV_DIMENSION_TEXTURE1D,
    D3D11_DSV_DIMENSION_TEXTURE1DARRAY,
    D3D11_DSV_DIMENSION_TEXTURE2D,
    D3D11_DSV_DIMENSION_TEXTURE2DARRAY,
    D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY,
    D3D11_FILL_SOLID,
    D3D11_FILTER_MIN_MAG_MIP_LINEAR,
    D3D11_LOGIC_OP_NOOP,
    D3D11_RESOURCE_DIMENSION_BUFFER,
    D3D11_RESOURCE_DIMENSION_TEXTURE1D,
    D3D11_RESOURCE_DIMENSION_TEXTURE2D,
    D3D11_RESOURCE_DIMENSION_TEXTURE3D,
    D3D11_RTV_DIMENSION_BUFFER,
    D3D11_RTV_DIMENSION_TEXTURE1D,
    D3D11_RTV_DIMENSION_TEXTURE1DARRAY,
    D3D11_RTV_DIMENSION_TEXTURE2D,
    D3D11_RTV_DIMENSION_TEXTURE2DARRAY,
    D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY,
    D3D11_RTV_DIMENSION_TEXTURE3D,
    D3D11_STENCIL_OP_KEEP,
    D3D11_TEXTURE_ADDRESS_CLAMP,
    D3D11_UAV_DIMENSION_BUFFER,
    D3D11_UAV_DIMENSION_TEXTURE1D,
    D3D11_UAV_DIMENSION_TEXTURE1DARRAY,
    D3D11_UAV_DIMENSION_TEXTURE2D,
    D3D11_UAV_DIMENSION_TEXTURE2DARRAY,
    D3D11_UAV_DIMENSION_TEXTURE3D,
    D3D11_USAGE_DEFAULT,
)
from pyd3d11.headers.d3d11_structs import (
    D3D11_BLEND_DESC,
    D3D11_BLEND_DESC1,
    D3D11_BOX,
    D3D11_BUFFER_DESC,
    D3D11_COUNTER_DESC,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_DEPTH_STENCIL_VIEW_DESC,
    D3D11_DEPTH_STENCILOP_DESC,
    D3D11_QUERY_DESC,
    D3D11_RASTERIZER_DESC,
    D3D11_RASTERIZER_DESC1,
    D3D11_RASTERIZER_DESC2,
    D3D11_RECT,
    D3D11_RENDER_TARGET_VIEW_DESC,
    D3D11_SAMPLER_DESC,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_TEXTURE1D_DESC,
    D3D11_TEXTURE2D_DESC,
    D3D11_TEXTURE3D_DESC,
    D3D11_UNORDERED_ACCESS_VIEW_DESC,
    D3D11_VIEWPORT,
)
from pyd3d11.headers.d3dcommon import (
    D3D11_SRV_DIMENSION_BUFFER,
    D3D11_SRV_DIMENSION_BUFFEREX,
    D3D11_SRV_DIMENSION_TEXTURE1D,
    D3D11_SRV_DIMENSION_TEXTURE1DARRAY,
    D3D11_SRV_DIMENSION_TEXTURE2D,
    D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
    D3D11_SRV_DIMENSION_TEXTURE2DMS,
    D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY,
    D3D11_SRV_DIMENSION_TEXTURE3D,
    D3D11_SRV_DIMENSION_TEXTURECUBE,
    D3D11_SRV_DIMENSION_TEXTURECUBEARRAY,
)
from pyd3d11.headers.dxgi_types import DXGI_FORMAT_UNKNOWN

__all__ = [
    "CD3D11_DEFAULT",
    "D3D11_DEFAULT",
    "D3D11CalcSubresource",
    "CD3D11_BUFFER_DESC",
    "CD3D11_TEXTURE1D_DESC",
    "CD3D11_TEXTURE2D_DESC",
    "CD3D11_TEXTURE3D_DESC",
    "CD3D11_SHADER_RESOURCE_VIEW_DESC",
    "CD3D11_RENDER_TARGET_VIEW_DESC",
    "CD3D11_DEPTH_STENCIL_VIEW_DESC",
    "CD3D11_UNORDERED_ACCESS_VIEW_DESC",
    "CD3D11_BLEND_DESC",
    "CD3D11_BLEND_DESC1",
    "CD3D11_DEPTH_STENCIL_DESC",
    "CD3D11_RASTERIZER_DESC",
    "CD3D11_RASTERIZER_DESC1",
    "CD3D11_RASTERIZER_DESC2",
    "CD3D11_SAMPLER_DESC",
    "CD3D11_VIEWPORT",
    "CD3D11_BOX",
    "CD3D11_RECT",
    "CD3D11_QUERY_DESC",
    "CD3D11_COUNTER_DESC",
]

_UINT = 0xFFFFFFFF
_ALL = _UINT  # C's (UINT)-1: "all remaining mips / slices"


class CD3D11_DEFAULT:
    """Tag type of d3d11.h (``struct CD3D11_DEFAULT {}``); its one instance is :data:`D3D11_DEFAULT`."""

    __slots__ = ()
    _instance: CD3D11_DEFAULT | None = None

    def __new__(cls) -> CD3D11_DEFAULT:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "D3D11_DEFAULT"


D3D11_DEFAULT = CD3D11_DEFAULT()


def D3D11CalcSubresource(MipSlice: int, ArraySlice: int, MipLevels: int) -> int:
    """Subresource index = MipSlice + ArraySlice * MipLevels (d3d11.h)."""
    return MipSlice + ArraySlice * MipLevels


def _u(v: int) -> int:
    return int(v) & _UINT


def _copy_or_none(cls: type, args: tuple) -> Any:
    """The copy-constructor and no-argument forms shared by every helper."""
    if not args:
        return cls()
    if len(args) == 1 and isinstance(args[0], cls):
        return struct_copy(args[0])
    return None


def _is_resource(obj: Any) -> bool:
    return hasattr(obj, "GetType") and hasattr(obj, "GetDesc")


# --- resource descs -------------------------------------------------------------------------------


def CD3D11_BUFFER_DESC(*args: Any, **kwargs: Any) -> D3D11_BUFFER_DESC:
    """CD3D11_BUFFER_DESC(ByteWidth, BindFlags, Usage=DEFAULT, CPUAccessFlags=0, MiscFlags=0,
    StructureByteStride=0)."""
    c = _copy_or_none(D3D11_BUFFER_DESC, args) if not kwargs else None
    return c if c is not None else _buffer_desc(*args, **kwargs)


def _buffer_desc(ByteWidth: int, BindFlags: int, Usage: int = D3D11_USAGE_DEFAULT, CPUAccessFlags: int = 0,
                 MiscFlags: int = 0, StructureByteStride: int = 0) -> D3D11_BUFFER_DESC:
    return D3D11_BUFFER_DESC(ByteWidth=ByteWidth, Usage=Usage, BindFlags=BindFlags, CPUAccessFlags=CPUAccessFlags,
                             MiscFlags=MiscFlags, StructureByteStride=StructureByteStride)


def CD3D11_TEXTURE1D_DESC(*args: Any, **kwargs: Any) -> D3D11_TEXTURE1D_DESC:
    """CD3D11_TEXTURE1D_DESC(Format, Width, ArraySize=1, MipLevels=0, BindFlags=SHADER_RESOURCE,
    Usage=DEFAULT, CPUAccessFlags=0, MiscFlags=0)."""
    c = _copy_or_none(D3D11_TEXTURE1D_DESC, args) if not kwargs else None
    return c if c is not None else _tex1d_desc(*args, **kwargs)


def _tex1d_desc(Format: int, Width: int, ArraySize: int = 1, MipLevels: int = 0,
                BindFlags: int = D3D11_BIND_SHADER_RESOURCE, Usage: int = D3D11_USAGE_DEFAULT,
                CPUAccessFlags: int = 0, MiscFlags: int = 0) -> D3D11_TEXTURE1D_DESC:
    return D3D11_TEXTURE1D_DESC(Width=Width, MipLevels=MipLevels, ArraySize=ArraySize, Format=Format, Usage=Usage,
                                BindFlags=BindFlags, CPUAccessFlags=CPUAccessFlags, MiscFlags=MiscFlags)


def CD3D11_TEXTURE2D_DESC(*args: Any, **kwargs: Any) -> D3D11_TEXTURE2D_DESC:
    """CD3D11_TEXTURE2D_DESC(Format, Width, Height, ArraySize=1, MipLevels=0, BindFlags=SHADER_RESOURCE,
    Usage=DEFAULT, CPUAccessFlags=0, SampleCount=1, SampleQuality=0, MiscFlags=0)."""
    c = _copy_or_none(D3D11_TEXTURE2D_DESC, args) if not kwargs else None
    return c if c is not None else _tex2d_desc(*args, **kwargs)


def _tex2d_desc(Format: int, Width: int, Height: int, ArraySize: int = 1, MipLevels: int = 0,
                BindFlags: int = D3D11_BIND_SHADER_RESOURCE, Usage: int = D3D11_USAGE_DEFAULT,
                CPUAccessFlags: int = 0, SampleCount: int = 1, SampleQuality: int = 0,
                MiscFlags: int = 0) -> D3D11_TEXTURE2D_DESC:
    d = D3D11_TEXTURE2D_DESC(Width=Width, Height=Height, MipLevels=MipLevels, ArraySize=ArraySize, Format=Format,
                             Usage=Usage, BindFlags=BindFlags, CPUAccessFlags=CPUAccessFlags, MiscFlags=MiscFlags)
    d.SampleDesc.Count = SampleCount
    d.SampleDesc.Quality = SampleQuality
    return d


def CD3D11_TEXTURE3D_DESC(*args: Any, **kwargs: Any) -> D3D11_TEXTURE3D_DESC:
    """CD3D11_TEXTURE3D_DESC(Format, Width, Height, Depth, MipLevels=0, BindFlags=SHADER_RESOURCE,
    Usage=DEFAULT, CPUAccessFlags=0, MiscFlags=0)."""
    c = _copy_or_none(D3D11_TEXTURE3D_DESC, args) if not kwargs else None
    return c if c is not None else _tex3d_desc(*args, **kwargs)


def _tex3d_desc(Format: int, Width: int, Height: int, Depth: int, MipLevels: int = 0,
                BindFlags: int = D3D11_BIND_SHADER_RESOURCE, Usage: int = D3D11_USAGE_DEFAULT,
                CPUAccessFlags: int = 0, MiscFlags: int = 0) -> D3D11_TEXTURE3D_DESC:
    return D3D11_TEXTURE3D_DESC(Width=Width, Height=Height, Depth=Depth, MipLevels=MipLevels, Format=Format,
                                Usage=Usage, BindFlags=BindFlags, CPUAccessFlags=CPUAccessFlags, MiscFlags=MiscFlags)


# --- view descs ------------------------------------------------------------------------------------


def CD3D11_SHADER_RESOURCE_VIEW_DESC(*args: Any, **kwargs: Any) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    """Overloads, as in d3d11.h:

    * ``(ViewDimension, Format=UNKNOWN, MostDetailedMip=0, MipLevels=-1, FirstArraySlice=0, ArraySize=-1,
      Flags=0)`` — for BUFFER the 3rd/4th arguments are FirstElement/NumElements;
    * ``(pBuffer, Format, FirstElement, NumElements, Flags=0)`` — a BUFFEREX view;
    * ``(pTex1D | pTex2D, ViewDimension, Format=UNKNOWN, MostDetailedMip=0, MipLevels=-1, FirstArraySlice=0,
      ArraySize=-1)`` — unknown format / -1 counts are filled from the texture's desc;
    * ``(pTex3D, Format=UNKNOWN, MostDetailedMip=0, MipLevels=-1)``.
    """
    c = _copy_or_none(D3D11_SHADER_RESOURCE_VIEW_DESC, args) if not kwargs else None
    if c is not None:
        return c
    if args and _is_resource(args[0]):
        return _srv_from_resource(*args, **kwargs)
    return _srv_desc(*args, **kwargs)


def _srv_desc(ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MostDetailedMip: int = 0,
              MipLevels: int = _ALL, FirstArraySlice: int = 0, ArraySize: int = _ALL,
              Flags: int = 0) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    d = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=Format, ViewDimension=ViewDimension)
    mip, levels, first, size = _u(MostDetailedMip), _u(MipLevels), _u(FirstArraySlice), _u(ArraySize)
    v = ViewDimension
    if v == D3D11_SRV_DIMENSION_BUFFER:
        d.Buffer.FirstElement, d.Buffer.NumElements = mip, levels
    elif v == D3D11_SRV_DIMENSION_TEXTURE1D:
        d.Texture1D.MostDetailedMip, d.Texture1D.MipLevels = mip, levels
    elif v == D3D11_SRV_DIMENSION_TEXTURE1DARRAY:
        t = d.Texture1DArray
        t.MostDetailedMip, t.MipLevels, t.FirstArraySlice, t.ArraySize = mip, levels, first, size
    elif v == D3D11_SRV_DIMENSION_TEXTURE2D:
        d.Texture2D.MostDetailedMip, d.Texture2D.MipLevels = mip, levels
    elif v == D3D11_SRV_DIMENSION_TEXTURE2DARRAY:
        t = d.Texture2DArray
        t.MostDetailedMip, t.MipLevels, t.FirstArraySlice, t.ArraySize = mip, levels, first, size
    elif v == D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY:
        d.Texture2DMSArray.FirstArraySlice, d.Texture2DMSArray.ArraySize = first, size
    elif v == D3D11_SRV_DIMENSION_TEXTURE3D:
        d.Texture3D.MostDetailedMip, d.Texture3D.MipLevels = mip, levels
    elif v == D3D11_SRV_DIMENSION_TEXTURECUBE:
        d.TextureCube.MostDetailedMip, d.TextureCube.MipLevels = mip, levels
    elif v == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
        t = d.TextureCubeArray
        t.MostDetailedMip, t.MipLevels, t.First2DArrayFace, t.NumCubes = mip, levels, first, size
    elif v == D3D11_SRV_DIMENSION_BUFFEREX:
        d.BufferEx.FirstElement, d.BufferEx.NumElements, d.BufferEx.Flags = mip, levels, Flags
    return d


def _srv_from_resource(res: Any, *args: Any, **kwargs: Any) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    kind = res.GetType()
    if kind == D3D11_RESOURCE_DIMENSION_BUFFER:
        return _srv_buffer(*args, **kwargs)
    if kind in (D3D11_RESOURCE_DIMENSION_TEXTURE1D, D3D11_RESOURCE_DIMENSION_TEXTURE2D):
        return _srv_texture(res, *args, **kwargs)
    if kind == D3D11_RESOURCE_DIMENSION_TEXTURE3D:
        return _srv_tex3d(res, *args, **kwargs)
    raise TypeError(f"CD3D11_SHADER_RESOURCE_VIEW_DESC: unknown resource type {kind!r}")


def _srv_buffer(Format: int, FirstElement: int, NumElements: int, Flags: int = 0) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    return _srv_desc(D3D11_SRV_DIMENSION_BUFFEREX, Format, FirstElement, NumElements, Flags=Flags)


def _srv_texture(tex: Any, ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MostDetailedMip: int = 0,
                 MipLevels: int = _ALL, FirstArraySlice: int = 0,
                 ArraySize: int = _ALL) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    MipLevels, ArraySize = _u(MipLevels), _u(ArraySize)
    ms = ViewDimension in (D3D11_SRV_DIMENSION_TEXTURE2DMS, D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY)
    arrays = (D3D11_SRV_DIMENSION_TEXTURE1DARRAY, D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
              D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY, D3D11_SRV_DIMENSION_TEXTURECUBEARRAY)
    if (Format == DXGI_FORMAT_UNKNOWN or (MipLevels == _ALL and not ms)
            or (ArraySize == _ALL and ViewDimension in arrays)):
        td = tex.GetDesc()
        if Format == DXGI_FORMAT_UNKNOWN:
            Format = td.Format
        if MipLevels == _ALL:
            MipLevels = td.MipLevels - MostDetailedMip
        if ArraySize == _ALL:
            ArraySize = td.ArraySize - FirstArraySlice
            if ViewDimension == D3D11_SRV_DIMENSION_TEXTURECUBEARRAY:
                ArraySize //= 6
    return _srv_desc(ViewDimension, Format, MostDetailedMip, MipLevels, FirstArraySlice, ArraySize)


def _srv_tex3d(tex: Any, Format: int = DXGI_FORMAT_UNKNOWN, MostDetailedMip: int = 0,
               MipLevels: int = _ALL) -> D3D11_SHADER_RESOURCE_VIEW_DESC:
    MipLevels = _u(MipLevels)
    if Format == DXGI_FORMAT_UNKNOWN or MipLevels == _ALL:
        td = tex.GetDesc()
        if Format == DXGI_FORMAT_UNKNOWN:
            Format = td.Format
        if MipLevels == _ALL:
            MipLevels = td.MipLevels - MostDetailedMip
    return _srv_desc(D3D11_SRV_DIMENSION_TEXTURE3D, Format, MostDetailedMip, MipLevels)


def CD3D11_RENDER_TARGET_VIEW_DESC(*args: Any, **kwargs: Any) -> D3D11_RENDER_TARGET_VIEW_DESC:
    """Overloads: ``(ViewDimension, Format=UNKNOWN, MipSlice=0, FirstArraySlice=0, ArraySize=-1)`` (BUFFER:
    FirstElement, NumElements; TEXTURE3D: FirstWSlice, WSize); ``(pBuffer, Format, FirstElement,
    NumElements)``; ``(pTex1D | pTex2D, ViewDimension, Format=UNKNOWN, MipSlice=0, FirstArraySlice=0,
    ArraySize=-1)``; ``(pTex3D, Format=UNKNOWN, MipSlice=0, FirstWSlice=0, WSize=-1)``."""
    c = _copy_or_none(D3D11_RENDER_TARGET_VIEW_DESC, args) if not kwargs else None
    if c is not None:
        return c
    if args and _is_resource(args[0]):
        res, rest = args[0], args[1:]
        kind = res.GetType()
        if kind == D3D11_RESOURCE_DIMENSION_BUFFER:
            return _rtv_desc(D3D11_RTV_DIMENSION_BUFFER, *rest, **kwargs)
        if kind == D3D11_RESOURCE_DIMENSION_TEXTURE3D:
            return _rtv_tex3d(res, *rest, **kwargs)
        return _rtv_texture(res, *rest, **kwargs)
    return _rtv_desc(*args, **kwargs)


def _rtv_desc(ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0, FirstArraySlice: int = 0,
              ArraySize: int = _ALL) -> D3D11_RENDER_TARGET_VIEW_DESC:
    d = D3D11_RENDER_TARGET_VIEW_DESC(Format=Format, ViewDimension=ViewDimension)
    mip, first, size = _u(MipSlice), _u(FirstArraySlice), _u(ArraySize)
    v = ViewDimension
    if v == D3D11_RTV_DIMENSION_BUFFER:
        d.Buffer.FirstElement, d.Buffer.NumElements = mip, first
    elif v == D3D11_RTV_DIMENSION_TEXTURE1D:
        d.Texture1D.MipSlice = mip
    elif v == D3D11_RTV_DIMENSION_TEXTURE1DARRAY:
        t = d.Texture1DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_RTV_DIMENSION_TEXTURE2D:
        d.Texture2D.MipSlice = mip
    elif v == D3D11_RTV_DIMENSION_TEXTURE2DARRAY:
        t = d.Texture2DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY:
        d.Texture2DMSArray.FirstArraySlice, d.Texture2DMSArray.ArraySize = first, size
    elif v == D3D11_RTV_DIMENSION_TEXTURE3D:
        t = d.Texture3D
        t.MipSlice, t.FirstWSlice, t.WSize = mip, first, size
    return d


_ARRAY_VIEWS = {"rtv": (D3D11_RTV_DIMENSION_TEXTURE1DARRAY, D3D11_RTV_DIMENSION_TEXTURE2DARRAY,
                        D3D11_RTV_DIMENSION_TEXTURE2DMSARRAY),
                "dsv": (D3D11_DSV_DIMENSION_TEXTURE1DARRAY, D3D11_DSV_DIMENSION_TEXTURE2DARRAY,
                        D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY),
                "uav": (D3D11_UAV_DIMENSION_TEXTURE1DARRAY, D3D11_UAV_DIMENSION_TEXTURE2DARRAY)}


def _fill_array(tex: Any, kind: str, ViewDimension: int, Format: int, FirstArraySlice: int,
                ArraySize: int) -> tuple[int, int]:
    ArraySize = _u(ArraySize)
    if Format == DXGI_FORMAT_UNKNOWN or (ArraySize == _ALL and ViewDimension in _ARRAY_VIEWS[kind]):
        td = tex.GetDesc()
        if Format == DXGI_FORMAT_UNKNOWN:
            Format = td.Format
        if ArraySize == _ALL:
            ArraySize = td.ArraySize - FirstArraySlice
    return Format, ArraySize


def _rtv_texture(tex: Any, ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0,
                 FirstArraySlice: int = 0, ArraySize: int = _ALL) -> D3D11_RENDER_TARGET_VIEW_DESC:
    Format, ArraySize = _fill_array(tex, "rtv", ViewDimension, Format, FirstArraySlice, ArraySize)
    return _rtv_desc(ViewDimension, Format, MipSlice, FirstArraySlice, ArraySize)


def _tex3d_wsize(tex: Any, Format: int, FirstWSlice: int, WSize: int) -> tuple[int, int]:
    WSize = _u(WSize)
    if Format == DXGI_FORMAT_UNKNOWN or WSize == _ALL:
        td = tex.GetDesc()
        if Format == DXGI_FORMAT_UNKNOWN:
            Format = td.Format
        if WSize == _ALL:
            WSize = td.Depth - FirstWSlice
    return Format, WSize


def _rtv_tex3d(tex: Any, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0, FirstWSlice: int = 0,
               WSize: int = _ALL) -> D3D11_RENDER_TARGET_VIEW_DESC:
    Format, WSize = _tex3d_wsize(tex, Format, FirstWSlice, WSize)
    return _rtv_desc(D3D11_RTV_DIMENSION_TEXTURE3D, Format, MipSlice, FirstWSlice, WSize)


def CD3D11_DEPTH_STENCIL_VIEW_DESC(*args: Any, **kwargs: Any) -> D3D11_DEPTH_STENCIL_VIEW_DESC:
    """Overloads: ``(ViewDimension, Format=UNKNOWN, MipSlice=0, FirstArraySlice=0, ArraySize=-1, Flags=0)``;
    ``(pTex1D | pTex2D, ViewDimension, Format=UNKNOWN, MipSlice=0, FirstArraySlice=0, ArraySize=-1,
    Flags=0)``."""
    c = _copy_or_none(D3D11_DEPTH_STENCIL_VIEW_DESC, args) if not kwargs else None
    if c is not None:
        return c
    if args and _is_resource(args[0]):
        return _dsv_texture(*args, **kwargs)
    return _dsv_desc(*args, **kwargs)


def _dsv_desc(ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0, FirstArraySlice: int = 0,
              ArraySize: int = _ALL, Flags: int = 0) -> D3D11_DEPTH_STENCIL_VIEW_DESC:
    d = D3D11_DEPTH_STENCIL_VIEW_DESC(Format=Format, ViewDimension=ViewDimension, Flags=Flags)
    mip, first, size = _u(MipSlice), _u(FirstArraySlice), _u(ArraySize)
    v = ViewDimension
    if v == D3D11_DSV_DIMENSION_TEXTURE1D:
        d.Texture1D.MipSlice = mip
    elif v == D3D11_DSV_DIMENSION_TEXTURE1DARRAY:
        t = d.Texture1DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_DSV_DIMENSION_TEXTURE2D:
        d.Texture2D.MipSlice = mip
    elif v == D3D11_DSV_DIMENSION_TEXTURE2DARRAY:
        t = d.Texture2DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY:
        d.Texture2DMSArray.FirstArraySlice, d.Texture2DMSArray.ArraySize = first, size
    return d


def _dsv_texture(tex: Any, ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0,
                 FirstArraySlice: int = 0, ArraySize: int = _ALL, Flags: int = 0) -> D3D11_DEPTH_STENCIL_VIEW_DESC:
    Format, ArraySize = _fill_array(tex, "dsv", ViewDimension, Format, FirstArraySlice, ArraySize)
    return _dsv_desc(ViewDimension, Format, MipSlice, FirstArraySlice, ArraySize, Flags)


def CD3D11_UNORDERED_ACCESS_VIEW_DESC(*args: Any, **kwargs: Any) -> D3D11_UNORDERED_ACCESS_VIEW_DESC:
    """Overloads: ``(ViewDimension, Format=UNKNOWN, MipSlice=0, FirstArraySlice=0, ArraySize=-1, Flags=0)``
    (BUFFER: FirstElement, NumElements, Flags; TEXTURE3D: FirstWSlice, WSize); ``(pBuffer, Format,
    FirstElement, NumElements, Flags=0)``; ``(pTex1D | pTex2D, ViewDimension, Format=UNKNOWN, MipSlice=0,
    FirstArraySlice=0, ArraySize=-1)``; ``(pTex3D, Format=UNKNOWN, MipSlice=0, FirstWSlice=0, WSize=-1)``."""
    c = _copy_or_none(D3D11_UNORDERED_ACCESS_VIEW_DESC, args) if not kwargs else None
    if c is not None:
        return c
    if args and _is_resource(args[0]):
        res, rest = args[0], args[1:]
        kind = res.GetType()
        if kind == D3D11_RESOURCE_DIMENSION_BUFFER:
            return _uav_buffer(*rest, **kwargs)
        if kind == D3D11_RESOURCE_DIMENSION_TEXTURE3D:
            return _uav_tex3d(res, *rest, **kwargs)
        return _uav_texture(res, *rest, **kwargs)
    return _uav_desc(*args, **kwargs)


def _uav_desc(ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0, FirstArraySlice: int = 0,
              ArraySize: int = _ALL, Flags: int = 0) -> D3D11_UNORDERED_ACCESS_VIEW_DESC:
    d = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=Format, ViewDimension=ViewDimension)
    mip, first, size = _u(MipSlice), _u(FirstArraySlice), _u(ArraySize)
    v = ViewDimension
    if v == D3D11_UAV_DIMENSION_BUFFER:
        d.Buffer.FirstElement, d.Buffer.NumElements, d.Buffer.Flags = mip, first, Flags
    elif v == D3D11_UAV_DIMENSION_TEXTURE1D:
        d.Texture1D.MipSlice = mip
    elif v == D3D11_UAV_DIMENSION_TEXTURE1DARRAY:
        t = d.Texture1DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_UAV_DIMENSION_TEXTURE2D:
        d.Texture2D.MipSlice = mip
    elif v == D3D11_UAV_DIMENSION_TEXTURE2DARRAY:
        t = d.Texture2DArray
        t.MipSlice, t.FirstArraySlice, t.ArraySize = mip, first, size
    elif v == D3D11_UAV_DIMENSION_TEXTURE3D:
        t = d.Texture3D
        t.MipSlice, t.FirstWSlice, t.WSize = mip, first, size
    return d


def _uav_buffer(Format: int, FirstElement: int, NumElements: int, Flags: int = 0) -> D3D11_UNORDERED_ACCESS_VIEW_DESC:
    return _uav_desc(D3D11_UAV_DIMENSION_BUFFER, Format, FirstElement, NumElements, Flags=Flags)


def _uav_texture(tex: Any, ViewDimension: int, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0,
                 FirstArraySlice: int = 0, ArraySize: int = _ALL) -> D3D11_UNORDERED_ACCESS_VIEW_DESC:
    Format, ArraySize = _fill_array(tex, "uav", ViewDimension, Format, FirstArraySlice, ArraySize)
    return _uav_desc(ViewDimension, Format, MipSlice, FirstArraySlice, ArraySize)


def _uav_tex3d(tex: Any, Format: int = DXGI_FORMAT_UNKNOWN, MipSlice: int = 0, FirstWSlice: int = 0,
               WSize: int = _ALL) -> D3D11_UNORDERED_ACCESS_VIEW_DESC:
    Format, WSize = _tex3d_wsize(tex, Format, FirstWSlice, WSize)
    return _uav_desc(D3D11_UAV_DIMENSION_TEXTURE3D, Format, MipSlice, FirstWSlice, WSize)


# --- state descs -----------------------------------------------------------------------------------


def _default_tag(args: tuple) -> bool:
    return len(args) == 1 and isinstance(args[0], CD3D11_DEFAULT)


def CD3D11_BLEND_DESC(*args: Any) -> D3D11_BLEND_DESC:
    """CD3D11_BLEND_DESC(D3D11_DEFAULT): no blending, ONE/ZERO/ADD for colour and alpha, write mask ALL."""
    c = _copy_or_none(D3D11_BLEND_DESC, args)
    if c is not None:
        return c
    if not _default_tag(args):
        raise TypeError("CD3D11_BLEND_DESC takes D3D11_DEFAULT or a D3D11_BLEND_DESC")
    d = D3D11_BLEND_DESC(AlphaToCoverageEnable=False, IndependentBlendEnable=False)
    for rt in d.RenderTarget:
        _default_rt_blend(rt)
    return d


def _default_rt_blend(rt: Any) -> None:
    rt.BlendEnable = False
    rt.SrcBlend = rt.SrcBlendAlpha = D3D11_BLEND_ONE
    rt.DestBlend = rt.DestBlendAlpha = D3D11_BLEND_ZERO
    rt.BlendOp = rt.BlendOpAlpha = D3D11_BLEND_OP_ADD
    rt.RenderTargetWriteMask = D3D11_COLOR_WRITE_ENABLE_ALL


def CD3D11_BLEND_DESC1(*args: Any) -> D3D11_BLEND_DESC1:
    """CD3D11_BLEND_DESC1(D3D11_DEFAULT): as CD3D11_BLEND_DESC plus LogicOpEnable FALSE, LogicOp NOOP."""
    c = _copy_or_none(D3D11_BLEND_DESC1, args)
    if c is not None:
        return c
    if not _default_tag(args):
        raise TypeError("CD3D11_BLEND_DESC1 takes D3D11_DEFAULT or a D3D11_BLEND_DESC1")
    d = D3D11_BLEND_DESC1(AlphaToCoverageEnable=False, IndependentBlendEnable=False)
    for rt in d.RenderTarget:
        _default_rt_blend(rt)
        rt.LogicOpEnable = False
        rt.LogicOp = D3D11_LOGIC_OP_NOOP
    return d


def CD3D11_DEPTH_STENCIL_DESC(*args: Any) -> D3D11_DEPTH_STENCIL_DESC:
    """CD3D11_DEPTH_STENCIL_DESC(D3D11_DEFAULT) — depth on, write ALL, LESS, stencil off, masks 0xFF,
    both faces KEEP/KEEP/KEEP/ALWAYS — or the 14-argument form (DepthEnable, DepthWriteMask, DepthFunc,
    StencilEnable, StencilReadMask, StencilWriteMask, FrontStencilFailOp, FrontStencilDepthFailOp,
    FrontStencilPassOp, FrontStencilFunc, BackStencilFailOp, BackStencilDepthFailOp, BackStencilPassOp,
    BackStencilFunc)."""
    c = _copy_or_none(D3D11_DEPTH_STENCIL_DESC, args)
    if c is not None:
        return c
    if _default_tag(args):
        args = (True, D3D11_DEPTH_WRITE_MASK_ALL, D3D11_COMPARISON_LESS, False, D3D11_DEFAULT_STENCIL_READ_MASK,
                D3D11_DEFAULT_STENCIL_WRITE_MASK) + (D3D11_STENCIL_OP_KEEP,) * 3 + (D3D11_COMPARISON_ALWAYS,) \
            + (D3D11_STENCIL_OP_KEEP,) * 3 + (D3D11_COMPARISON_ALWAYS,)
    if len(args) != 14:
        raise TypeError("CD3D11_DEPTH_STENCIL_DESC takes D3D11_DEFAULT, a D3D11_DEPTH_STENCIL_DESC or 14 arguments")
    return D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=args[0], DepthWriteMask=args[1], DepthFunc=args[2], StencilEnable=args[3],
        StencilReadMask=args[4], StencilWriteMask=args[5],
        FrontFace=D3D11_DEPTH_STENCILOP_DESC(*args[6:10]), BackFace=D3D11_DEPTH_STENCILOP_DESC(*args[10:14]))


_RASTER_DEFAULT = (D3D11_FILL_SOLID, D3D11_CULL_BACK, False, D3D11_DEFAULT_DEPTH_BIAS, D3D11_DEFAULT_DEPTH_BIAS_CLAMP,
                   D3D11_DEFAULT_SLOPE_SCALED_DEPTH_BIAS, True, False, False, False)


def CD3D11_RASTERIZER_DESC(*args: Any) -> D3D11_RASTERIZER_DESC:
    """CD3D11_RASTERIZER_DESC(D3D11_DEFAULT) — SOLID, BACK, FALSE, 0, 0.0, 0.0, TRUE, FALSE, FALSE, FALSE —
    or the 10 fields in order."""
    c = _copy_or_none(D3D11_RASTERIZER_DESC, args)
    if c is not None:
        return c
    if _default_tag(args):
        args = _RASTER_DEFAULT
    if len(args) != 10:
        raise TypeError("CD3D11_RASTERIZER_DESC takes D3D11_DEFAULT, a D3D11_RASTERIZER_DESC or 10 arguments")
    return D3D11_RASTERIZER_DESC(*args)


def CD3D11_RASTERIZER_DESC1(*args: Any) -> D3D11_RASTERIZER_DESC1:
    """As CD3D11_RASTERIZER_DESC plus ForcedSampleCount (default 0)."""
    c = _copy_or_none(D3D11_RASTERIZER_DESC1, args)
    if c is not None:
        return c
    if _default_tag(args):
        args = _RASTER_DEFAULT + (0,)
    if len(args) != 11:
        raise TypeError("CD3D11_RASTERIZER_DESC1 takes D3D11_DEFAULT, a D3D11_RASTERIZER_DESC1 or 11 arguments")
    return D3D11_RASTERIZER_DESC1(*args)


def CD3D11_RASTERIZER_DESC2(*args: Any) -> D3D11_RASTERIZER_DESC2:
    """As CD3D11_RASTERIZER_DESC1 plus ConservativeRaster (default OFF)."""
    c = _copy_or_none(D3D11_RASTERIZER_DESC2, args)
    if c is not None:
        return c
    if _default_tag(args):
        args = _RASTER_DEFAULT + (0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF)
    if len(args) != 12:
        raise TypeError("CD3D11_RASTERIZER_DESC2 takes D3D11_DEFAULT, a D3D11_RASTERIZER_DESC2 or 12 arguments")
    return D3D11_RASTERIZER_DESC2(*args)


def CD3D11_SAMPLER_DESC(*args: Any) -> D3D11_SAMPLER_DESC:
    """CD3D11_SAMPLER_DESC(D3D11_DEFAULT) — MIN_MAG_MIP_LINEAR, CLAMP ×3, bias 0, aniso 1, NEVER, border
    (1,1,1,1), LOD [-FLT_MAX, FLT_MAX] — or (Filter, AddressU, AddressV, AddressW, MipLODBias,
    MaxAnisotropy, ComparisonFunc, BorderColor (None → 1,1,1,1), MinLOD, MaxLOD)."""
    c = _copy_or_none(D3D11_SAMPLER_DESC, args)
    if c is not None:
        return c
    if _default_tag(args):
        args = (D3D11_FILTER_MIN_MAG_MIP_LINEAR, D3D11_TEXTURE_ADDRESS_CLAMP, D3D11_TEXTURE_ADDRESS_CLAMP,
                D3D11_TEXTURE_ADDRESS_CLAMP, 0.0, 1, D3D11_COMPARISON_NEVER, None, -D3D11_FLOAT32_MAX,
                D3D11_FLOAT32_MAX)
    if len(args) != 10:
        raise TypeError("CD3D11_SAMPLER_DESC takes D3D11_DEFAULT, a D3D11_SAMPLER_DESC or 10 arguments")
    border = [1.0] * 4 if args[7] is None else [float(x) for x in args[7]]
    if len(border) != 4:
        raise TypeError("CD3D11_SAMPLER_DESC: BorderColor needs 4 floats")
    return D3D11_SAMPLER_DESC(Filter=args[0], AddressU=args[1], AddressV=args[2], AddressW=args[3],
                              MipLODBias=args[4], MaxAnisotropy=args[5], ComparisonFunc=args[6], BorderColor=border,
                              MinLOD=args[8], MaxLOD=args[9])


# --- small structs ---------------------------------------------------------------------------------


def CD3D11_VIEWPORT(*args: Any, **kwargs: Any) -> D3D11_VIEWPORT:
    """CD3D11_VIEWPORT(TopLeftX, TopLeftY, Width, Height, MinDepth=D3D11_MIN_DEPTH, MaxDepth=D3D11_MAX_DEPTH).
    The overloads that size the viewport from a resource and a view are not provided."""
    c = _copy_or_none(D3D11_VIEWPORT, args) if not kwargs else None
    if c is not None:
        return c
    if args and _is_resource(args[0]):
        raise NotSupportedError("CD3D11_VIEWPORT resource overloads")
    return _viewport(*args, **kwargs)


def _viewport(TopLeftX: float, TopLeftY: float, Width: float, Height: float, MinDepth: float = D3D11_MIN_DEPTH,
              MaxDepth: float = D3D11_MAX_DEPTH) -> D3D11_VIEWPORT:
    return D3D11_VIEWPORT(TopLeftX=float(TopLeftX), TopLeftY=float(TopLeftY), Width=float(Width),
                          Height=float(Height), MinDepth=float(MinDepth), MaxDepth=float(MaxDepth))


def CD3D11_BOX(Left: int, Top: int, Front: int, Right: int, Bottom: int, Back: int) -> D3D11_BOX:
    """CD3D11_BOX(Left, Top, Front, Right, Bottom, Back) (note the C argument order)."""
    return D3D11_BOX(left=Left, top=Top, front=Front, right=Right, bottom=Bottom, back=Back)


def CD3D11_RECT(Left: int, Top: int, Right: int, Bottom: int) -> D3D11_RECT:
    """CD3D11_RECT(Left, Top, Right, Bottom)."""
    return D3D11_RECT(left=Left, top=Top, right=Right, bottom=Bottom)


def CD3D11_QUERY_DESC(Query: Any, MiscFlags: int = 0) -> D3D11_QUERY_DESC:
    """CD3D11_QUERY_DESC(Query, MiscFlags=0); a D3D11_QUERY_DESC argument is copied."""
    if isinstance(Query, D3D11_QUERY_DESC):
        return struct_copy(Query)
    return D3D11_QUERY_DESC(Query=Query, MiscFlags=MiscFlags)


def CD3D11_COUNTER_DESC(Counter: Any, MiscFlags: int = 0) -> D3D11_COUNTER_DESC:
    """CD3D11_COUNTER_DESC(Counter, MiscFlags=0); a D3D11_COUNTER_DESC argument is copied."""
    if isinstance(Counter, D3D11_COUNTER_DESC):
        return struct_copy(Counter)
    return D3D11_COUNTER_DESC(Counter=Counter, MiscFlags=MiscFlags)
