"""DirectXTK's ScreenGrab for pyd3d11: SaveDDSTextureToFile / SaveWICTextureToFile (Python convenience).

Semantics of microsoft/DirectXTK ``ScreenGrab.h`` (wiki page "ScreenGrab"): only 2D textures (anything else
is HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED)); only the top mip of the first array slice; a multisampled
texture is resolved first (its format must support MULTISAMPLE_RESOLVE, else E_FAIL); the data travels
through a STAGING copy read with Map, as in C++.

SaveDDSTextureToFile writes a legacy pixel format where DirectXTK does (``dds_format.SAVE_LEGACY``: the
masked, FourCC and D3DFMT-number formats) and the DX10 header otherwise (sRGB, BC6H/BC7, integer formats,
…); DDSD_PITCH with the row pitch, or DDSD_LINEARSIZE with the image size for BC formats; mipMapCount 1.

SaveWICTextureToFile writes through Pillow. Containers: GUID_ContainerFormatPng/Jpeg/Bmp/Tiff/Gif (or the
names "png", "jpeg", …). Sources (as ScreenGrab accepts): R8G8B8A8/B8G8R8A8/B8G8R8X8 (UNORM and _SRGB),
R16G16B16A16_FLOAT/UNORM, R32G32B32A32_FLOAT, R10G10B10A2_UNORM, B5G6R5, B5G5R5A1, R32_FLOAT, R16_FLOAT,
R16_UNORM, R8_UNORM, A8_UNORM; others ERROR_NOT_SUPPORTED. Default target (``targetFormat`` None):
screenshots drop alpha -> 24-bit RGB; the single-channel formats -> 8-bit grey. ``targetFormat``
GUID_WICPixelFormat32bppBGRA/32bppRGBA keeps alpha, 24bppBGR/24bppRGB and 8bppGray as named, 16bppGray
(PNG/TIFF) keeps 16 bits; R16G16B16A16_UNORM to PNG is written as 16-bit RGB (48bppBGR, by
``write_png16``). Conversions: 8-bit formats keep their stored bytes; UNORM formats of other widths go
through the FLOAT -> UNORM8 rule; float formats are linear and are sRGB-encoded as WIC's converters do for
float -> 8-bit. Gaps (Pillow has no writer for them): 48bppBGR in containers other than PNG and
96bppRGBFloat targets become 8-bit RGB. Metadata: PNG gets an sRGB chunk for _SRGB sources (or
``forceSRGB``) and a gAMA of 1.0 otherwise, as DirectXTK writes; JPEG/TIFF get EXIF ColorSpace 1 for sRGB.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

import numpy as np

from pyd3d11.errors import E_FAIL, E_INVALIDARG, NotSupportedError
from pyd3d11.formats.numerics import float_to_srgb
from pyd3d11.formats.table import format_info, format_value, is_srgb

from . import dds_format as dds
from .dds_loader import ERROR_NOT_SUPPORTED, HRESULT_FROM_WIN32, fail

GUID_ContainerFormatBmp = uuid.UUID("0af1d87e-fcfe-4188-bdeb-a7906471cbe3")
GUID_ContainerFormatPng = uuid.UUID("1b7cfaf4-713f-473c-bbcd-6137425faeaf")
GUID_ContainerFormatIco = uuid.UUID("a3a860c4-338f-4c17-919a-fba4b5628f21")
GUID_ContainerFormatJpeg = uuid.UUID("19e4a5aa-5662-4fc5-a0c0-1758028e1057")
GUID_ContainerFormatTiff = uuid.UUID("163bcc30-e2e9-4f0b-961d-a3e9fdb788a3")
GUID_ContainerFormatGif = uuid.UUID("1f8a5601-7d4d-4cbd-9c82-1bc8d4eeb9a5")
GUID_ContainerFormatWmp = uuid.UUID("57a37caa-367a-4540-916b-f183c5093a4b")

_CONTAINERS = {GUID_ContainerFormatBmp: "BMP", GUID_ContainerFormatPng: "PNG", GUID_ContainerFormatJpeg: "JPEG",
               GUID_ContainerFormatTiff: "TIFF", GUID_ContainerFormatGif: "GIF", GUID_ContainerFormatIco: "ICO"}
_CONTAINER_NAMES = {"bmp": "BMP", "png": "PNG", "jpeg": "JPEG", "jpg": "JPEG", "tiff": "TIFF", "tif": "TIFF",
                    "gif": "GIF", "ico": "ICO"}


def _wic_guid(n: int) -> uuid.UUID:
    """WIC's pixel-format GUIDs share the 6fddc324-4e03-4bfe-b185-3d77768dc9xx pattern."""
    return uuid.UUID(f"6fddc324-4e03-4bfe-b185-3d77768dc9{n:02x}")


GUID_WICPixelFormat8bppGray = _wic_guid(0x08)
GUID_WICPixelFormat16bppGray = _wic_guid(0x0B)
GUID_WICPixelFormat24bppBGR = _wic_guid(0x0C)
GUID_WICPixelFormat24bppRGB = _wic_guid(0x0D)
GUID_WICPixelFormat32bppBGRA = _wic_guid(0x0F)
GUID_WICPixelFormat32bppRGBA = uuid.UUID("f5c7ad2d-6a8d-43dd-a7a8-a29935261ae9")
GUID_WICPixelFormat48bppBGR = uuid.UUID("e605a384-b468-46ce-bb2e-36f180e64313")
GUID_WICPixelFormat96bppRGBFloat = uuid.UUID("e3fed78f-e8db-4acf-84c1-e97f6136b327")

_TARGET_MODES = {GUID_WICPixelFormat8bppGray: "L", GUID_WICPixelFormat16bppGray: "I;16",
                 GUID_WICPixelFormat24bppBGR: "RGB", GUID_WICPixelFormat24bppRGB: "RGB",
                 GUID_WICPixelFormat32bppBGRA: "RGBA", GUID_WICPixelFormat32bppRGBA: "RGBA",
                 GUID_WICPixelFormat48bppBGR: "RGB", GUID_WICPixelFormat96bppRGBFloat: "RGB"}

F = format_value
_BYTES_RGBA = {F("R8G8B8A8_UNORM"), F("R8G8B8A8_UNORM_SRGB")}
_BYTES_BGRA = {F("B8G8R8A8_UNORM"), F("B8G8R8A8_UNORM_SRGB"), F("B8G8R8X8_UNORM"), F("B8G8R8X8_UNORM_SRGB")}
_GREY = {F("R32_FLOAT"), F("R16_FLOAT"), F("R16_UNORM"), F("R8_UNORM"), F("A8_UNORM")}
_WIC_SOURCES = _BYTES_RGBA | _BYTES_BGRA | _GREY | {
    F("R32G32B32A32_FLOAT"), F("R16G16B16A16_FLOAT"), F("R16G16B16A16_UNORM"), F("R10G10B10A2_UNORM"),
    F("B5G6R5_UNORM"), F("B5G5R5A1_UNORM")}
_TYPELESS_TO = {F("R32G32B32A32_TYPELESS"): F("R32G32B32A32_FLOAT"), F("R16G16B16A16_TYPELESS"):
                F("R16G16B16A16_UNORM"), F("R10G10B10A2_TYPELESS"): F("R10G10B10A2_UNORM"),
                F("R8G8B8A8_TYPELESS"): F("R8G8B8A8_UNORM"), F("B8G8R8A8_TYPELESS"): F("B8G8R8A8_UNORM"),
                F("B8G8R8X8_TYPELESS"): F("B8G8R8X8_UNORM"), F("R32_TYPELESS"): F("R32_FLOAT"),
                F("R16_TYPELESS"): F("R16_UNORM"), F("R8_TYPELESS"): F("R8_UNORM")}

STAGING, CPU_READ, MAP_READ, MISC_TEXTURECUBE, FS_MULTISAMPLE_RESOLVE = 3, 0x20000, 1, 0x4, 0x40000


def capture_texture(pContext: Any, pSource: Any, method: str) -> tuple[Any, Any]:  # noqa: N803
    """CaptureTexture: (desc, a STAGING texture with CPU read holding the source, MSAA resolved)."""
    from pyd3d11.headers import d3d11_structs as S

    if pContext is None or pSource is None:
        raise fail(E_INVALIDARG, "pContext and pSource are required", method)
    if int(pSource.GetType()) != 3:  # D3D11_RESOURCE_DIMENSION_TEXTURE2D
        raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "ScreenGrab captures 2D textures only", method)
    desc = pSource.GetDesc()
    device = pContext.GetDevice()
    if desc.SampleDesc.Count > 1:
        desc.SampleDesc = S.DXGI_SAMPLE_DESC(Count=1, Quality=0)
        temp = device.CreateTexture2D(desc)
        fmt = _TYPELESS_TO.get(int(desc.Format), int(desc.Format))
        try:
            support = int(device.CheckFormatSupport(fmt))
        except Exception:
            support = 0
        if not support & FS_MULTISAMPLE_RESOLVE:
            raise fail(E_FAIL, "the format cannot be resolved", method)
        for item in range(desc.ArraySize):
            for level in range(desc.MipLevels):
                index = level + item * desc.MipLevels
                pContext.ResolveSubresource(temp, index, pSource, index, fmt)
        source = temp
    elif desc.Usage == STAGING and desc.CPUAccessFlags & CPU_READ:
        return desc, pSource
    else:
        source = pSource
    desc.BindFlags = 0
    desc.MiscFlags &= MISC_TEXTURECUBE
    desc.CPUAccessFlags = CPU_READ
    desc.Usage = STAGING
    staging = device.CreateTexture2D(desc)
    pContext.CopyResource(staging, source)
    return desc, staging


def _read_top(pContext: Any, staging: Any, rows: int, row_bytes: int) -> bytes:  # noqa: N803
    mapped = pContext.Map(staging, 0, MAP_READ, 0)
    try:
        src = np.frombuffer(mapped.pData, np.uint8)
        pitch = int(mapped.RowPitch)
        return b"".join(bytes(src[r * pitch:r * pitch + row_bytes]) for r in range(rows))
    finally:
        pContext.Unmap(staging, 0)


def SaveDDSTextureToFile(pContext: Any, pSource: Any, fileName: Any) -> None:  # noqa: N802,N803
    """Write the top mip of a 2D texture (slice 0) as a DDS file."""
    m = "SaveDDSTextureToFile"
    if fileName is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    desc, staging = capture_texture(pContext, pSource, m)
    fmt = int(desc.Format)
    if fmt in dds.VIDEO_REFUSED:
        raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), "palettized formats are not saved", m)
    hdr = dds.DDSHeader(flags=dds.DDS_HEADER_FLAGS_TEXTURE | dds.DDSD_MIPMAPCOUNT, height=int(desc.Height),
                        width=int(desc.Width), mipMapCount=1, caps=dds.DDSCAPS_TEXTURE)
    legacy = dds.SAVE_LEGACY.get(fmt)
    if legacy is not None:
        flags, fourcc, bits, masks = legacy
        hdr.ddspf = dds.PixelFormat(flags=flags, fourCC=fourcc, RGBBitCount=bits, masks=masks)
    else:
        hdr.ddspf = dds.PixelFormat(flags=dds.DDS_FOURCC, fourCC=dds.FOURCC_DX10)
        hdr.dx10 = (fmt, dds.DDS_DIMENSION_TEXTURE2D, 0, 1, 0)
    slice_bytes, row_bytes, rows = dds.surface_info(int(desc.Width), int(desc.Height), fmt)
    if format_info(fmt).compressed:
        hdr.flags |= dds.DDSD_LINEARSIZE
        hdr.pitchOrLinearSize = slice_bytes
    else:
        hdr.flags |= dds.DDSD_PITCH
        hdr.pitchOrLinearSize = row_bytes
    body = _read_top(pContext, staging, rows, row_bytes)
    with open(os.fspath(fileName), "wb") as f:
        f.write(dds.build_header(hdr) + body)


def _container(guid: Any, method: str) -> str:
    if isinstance(guid, str) and guid.lower().lstrip(".") in _CONTAINER_NAMES:
        return _CONTAINER_NAMES[guid.lower().lstrip(".")]
    try:
        return _CONTAINERS[uuid.UUID(str(guid))]
    except (KeyError, ValueError):
        raise NotSupportedError(f"WIC container {guid}", method) from None


def _srgb_encode(v: np.ndarray) -> np.ndarray:
    return float_to_srgb(v.astype(np.float32)).astype(np.uint8)


def _unorm8(v: np.ndarray) -> np.ndarray:
    f = np.nan_to_num(v.astype(np.float32), nan=0.0)
    return np.trunc(np.clip(f, 0, 1) * np.float32(255) + np.float32(0.5)).astype(np.uint8)


def _image_rgba8(pContext: Any, staging: Any, desc: Any) -> np.ndarray:  # noqa: N803
    """(H, W, 4) uint8 of the source as WIC's converters give it for an 8-bit target."""
    from pyd3d11.api.convenience import texture_to_numpy

    fmt = int(desc.Format)
    h, w = int(desc.Height), int(desc.Width)
    if fmt in _BYTES_RGBA or fmt in _BYTES_BGRA:
        a = np.frombuffer(_read_top(pContext, staging, h, w * 4), np.uint8).reshape(h, w, 4).copy()
        if fmt in _BYTES_BGRA:
            a = a[..., [2, 1, 0, 3]]
        if fmt in (F("B8G8R8X8_UNORM"), F("B8G8R8X8_UNORM_SRGB")):
            a[..., 3] = 255
        return a
    v = texture_to_numpy(pContext, staging, 0)
    full = np.ones(v.shape[:-1] + (4,), np.float32)
    full[..., :v.shape[-1]] = v
    out = np.empty(full.shape, np.uint8)
    is_float = format_info(fmt).kind.value == "FLOAT"
    out[..., :3] = _srgb_encode(full[..., :3]) if is_float else _unorm8(full[..., :3])
    out[..., 3] = _unorm8(full[..., 3])
    return out


def write_png16(path: Any, rgb16: np.ndarray, srgb: bool) -> None:
    """A 16-bit RGB PNG (48bppRGB; Pillow cannot write one): IHDR, an sRGB or gAMA 1.0 chunk as ScreenGrab
    writes, tEXt Software, one zlib IDAT of unfiltered rows (filter type 0), IEND (PNG specification)."""
    import struct
    import zlib

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    h, w = rgb16.shape[:2]
    rows = np.concatenate([np.zeros((h, 1), np.uint8),
                           np.ascontiguousarray(rgb16.astype(">u2")).view(np.uint8).reshape(h, w * 6)], axis=1)
    color = chunk(b"sRGB", bytes([0])) if srgb else chunk(b"gAMA", (100000).to_bytes(4, "big"))
    data = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 16, 2, 0, 0, 0)) + color
            + chunk(b"tEXt", b"Software\x00pyd3d11") + chunk(b"IDAT", zlib.compress(rows.tobytes()))
            + chunk(b"IEND", b""))
    with open(os.fspath(path), "wb") as f:
        f.write(data)


def SaveWICTextureToFile(pContext: Any, pSource: Any, guidContainerFormat: Any, fileName: Any,  # noqa: N802,N803
                         targetFormat: Any = None, setCustomProps: Any = None, forceSRGB: bool = False) -> None:  # noqa: N803
    """Write the top mip of a 2D texture through Pillow in the given container (module docstring)."""
    from PIL import Image, PngImagePlugin

    m = "SaveWICTextureToFile"
    if fileName is None:
        raise fail(E_INVALIDARG, "fileName is NULL", m)
    container = _container(guidContainerFormat, m)
    desc, staging = capture_texture(pContext, pSource, m)
    fmt = int(desc.Format)
    if fmt not in _WIC_SOURCES:
        raise fail(HRESULT_FROM_WIN32(ERROR_NOT_SUPPORTED), f"format {format_info(fmt).name} has no WIC "
                   "equivalent", m)
    srgb = is_srgb(fmt) or bool(forceSRGB)
    if targetFormat is None:
        mode = "L" if fmt in _GREY else "RGB"
    else:
        try:
            mode = _TARGET_MODES[uuid.UUID(str(targetFormat))]
        except (KeyError, ValueError):
            raise NotSupportedError(f"WIC target pixel format {targetFormat}", m) from None
    wide_default = targetFormat is None or uuid.UUID(str(targetFormat)) == GUID_WICPixelFormat48bppBGR
    if container == "PNG" and fmt == F("R16G16B16A16_UNORM") and wide_default:
        from pyd3d11.api.convenience import texture_to_numpy

        v = np.clip(np.nan_to_num(texture_to_numpy(pContext, staging, 0)[..., :3].astype(np.float64)), 0, 1)
        write_png16(fileName, np.floor(v * 65535 + 0.5).astype(np.uint16), srgb)
        return
    if mode == "I;16":
        if container not in ("PNG", "TIFF"):
            raise fail(E_FAIL, "the container does not take 16-bit grey", m)
        from pyd3d11.api.convenience import texture_to_numpy

        v = texture_to_numpy(pContext, staging, 0)[..., 0].astype(np.float32)
        img = Image.fromarray(np.trunc(np.clip(np.nan_to_num(v), 0, 1) * 65535 + 0.5).astype(np.uint16))
    else:
        rgba = _image_rgba8(pContext, staging, desc)
        if mode == "L":
            grey = rgba[..., 3] if fmt == F("A8_UNORM") else rgba[..., 0]
            img = Image.fromarray(np.ascontiguousarray(grey), "L")
        elif mode == "RGBA":
            img = Image.fromarray(np.ascontiguousarray(rgba), "RGBA")
        else:
            img = Image.fromarray(np.ascontiguousarray(rgba[..., :3]), "RGB")
    kwargs: dict[str, Any] = {}
    if container == "PNG":
        info = PngImagePlugin.PngInfo()
        info.add_text("Software", "pyd3d11")
        if srgb:
            info.add(b"sRGB", bytes([0]))
        else:
            info.add(b"gAMA", (100000).to_bytes(4, "big"))  # gamma 1.0, as DirectXTK writes
        kwargs["pnginfo"] = info
    elif container in ("JPEG", "TIFF"):
        exif = Image.Exif()
        exif[305] = "pyd3d11"  # Software
        if srgb:
            exif.get_ifd(0x8769)[0xA001] = 1  # EXIF ColorSpace: sRGB
        kwargs["exif"] = exif
    if container == "JPEG" and img.mode == "RGBA":
        raise fail(E_FAIL, "JPEG has no alpha channel", m)
    if setCustomProps is not None:
        setCustomProps(kwargs)  # Pillow save options stand in for the IPropertyBag2
    img.save(os.fspath(fileName), format=container, **kwargs)
