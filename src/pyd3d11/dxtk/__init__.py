"""DirectXTK's texture loaders and screen grabber for pyd3d11 (Python conveniences, not part of D3D).

``from pyd3d11.dxtk import *`` gives the names of microsoft/DirectXTK's ``DDSTextureLoader.h``,
``WICTextureLoader.h`` and ``ScreenGrab.h`` with their semantics; out-parameters become return values
(see each module's docstring):

* ``CreateDDSTextureFromFile/Memory(Ex)`` — every DDS variant: legacy pixel formats, the DX10 header,
  1D/2D/3D, arrays, cubes and cube arrays, mip chains, BC1–BC7, ``maxsize``, ``forceSRGB``, the alpha mode.
* ``CreateWICTextureFromFile/Memory(Ex)`` — PNG/JPEG/BMP/TIFF/GIF through Pillow, DirectXTK's format
  choices, sRGB metadata, resizing and auto-generated mips.
* ``SaveDDSTextureToFile`` / ``SaveWICTextureToFile`` — ScreenGrab.
"""

from __future__ import annotations

from .dds_format import (
    DDS_ALPHA_MODE_CUSTOM,
    DDS_ALPHA_MODE_OPAQUE,
    DDS_ALPHA_MODE_PREMULTIPLIED,
    DDS_ALPHA_MODE_STRAIGHT,
    DDS_ALPHA_MODE_UNKNOWN,
)
from .dds_loader import (
    DDS_LOADER_DEFAULT,
    DDS_LOADER_FORCE_SRGB,
    DDS_LOADER_IGNORE_MIPS,
    DDS_LOADER_IGNORE_SRGB,
    CreateDDSTextureFromFile,
    CreateDDSTextureFromFileEx,
    CreateDDSTextureFromMemory,
    CreateDDSTextureFromMemoryEx,
)
from .screengrab import (
    GUID_ContainerFormatBmp,
    GUID_ContainerFormatGif,
    GUID_ContainerFormatJpeg,
    GUID_ContainerFormatPng,
    GUID_ContainerFormatTiff,
    GUID_WICPixelFormat8bppGray,
    GUID_WICPixelFormat16bppGray,
    GUID_WICPixelFormat24bppBGR,
    GUID_WICPixelFormat24bppRGB,
    GUID_WICPixelFormat32bppBGRA,
    GUID_WICPixelFormat32bppRGBA,
    SaveDDSTextureToFile,
    SaveWICTextureToFile,
)
from .wic_loader import (
    WIC_LOADER_DEFAULT,
    WIC_LOADER_FIT_POW2,
    WIC_LOADER_FORCE_RGBA32,
    WIC_LOADER_FORCE_SRGB,
    WIC_LOADER_IGNORE_SRGB,
    WIC_LOADER_MAKE_SQUARE,
    WIC_LOADER_SRGB_DEFAULT,
    CreateWICTextureFromFile,
    CreateWICTextureFromFileEx,
    CreateWICTextureFromMemory,
    CreateWICTextureFromMemoryEx,
)

__all__ = [
    "DDS_ALPHA_MODE_CUSTOM",
    "DDS_ALPHA_MODE_OPAQUE",
    "DDS_ALPHA_MODE_PREMULTIPLIED",
    "DDS_ALPHA_MODE_STRAIGHT",
    "DDS_ALPHA_MODE_UNKNOWN",
    "CreateDDSTextureFromFile",
    "CreateDDSTextureFromFileEx",
    "CreateDDSTextureFromMemory",
    "CreateDDSTextureFromMemoryEx",
    "GUID_ContainerFormatBmp",
    "GUID_ContainerFormatGif",
    "GUID_ContainerFormatJpeg",
    "GUID_ContainerFormatPng",
    "GUID_ContainerFormatTiff",
    "GUID_WICPixelFormat8bppGray",
    "GUID_WICPixelFormat16bppGray",
    "GUID_WICPixelFormat24bppBGR",
    "GUID_WICPixelFormat24bppRGB",
    "GUID_WICPixelFormat32bppBGRA",
    "GUID_WICPixelFormat32bppRGBA",
    "SaveDDSTextureToFile",
    "SaveWICTextureToFile",
    "WIC_LOADER_DEFAULT",
    "WIC_LOADER_FIT_POW2",
    "WIC_LOADER_FORCE_RGBA32",
    "WIC_LOADER_FORCE_SRGB",
    "WIC_LOADER_IGNORE_SRGB",
    "WIC_LOADER_MAKE_SQUARE",
    "WIC_LOADER_SRGB_DEFAULT",
    "CreateWICTextureFromFile",
    "CreateWICTextureFromFileEx",
    "CreateWICTextureFromMemory",
    "CreateWICTextureFromMemoryEx",
    "DDS_LOADER_DEFAULT",
    "DDS_LOADER_FORCE_SRGB",
    "DDS_LOADER_IGNORE_SRGB",
    "DDS_LOADER_IGNORE_MIPS",
]
