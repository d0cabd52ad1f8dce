"""The DDS file format: headers, the legacy pixel-format table and surface sizes (no device, no COM).

Layout (MicrosoftDocs "DDS_HEADER", "DDS_PIXELFORMAT", "DDS_HEADER_DXT10" and "Programming Guide for
DDS"): the magic ``"DDS "``, a 124-byte DDS_HEADER with a 32-byte DDS_PIXELFORMAT inside it, then — when the
pixel format's FourCC is ``"DX10"`` — a 20-byte DDS_HEADER_DXT10, then the surfaces: for each array item
(six faces for a cube, in +X -X +Y -Y +Z -Z order) its mip chain, each mip a tight image (each 3D mip all
its slices); rows are whole 4x4 blocks for BC formats.

The legacy (pre-DX10) pixel formats map to DXGI formats by DirectXTK's ``GetDXGIFormat`` rules
(LoaderHelpers.h): a table of (flag class, bit count, R/G/B/A masks) -> format, the D3DFMT numbers used as
FourCCs by D3DX, and the FourCC codes of the BC formats. What has no DXGI equivalent (24-bit RGB, X1R5G5B5,
A4L4, 3:3:2, paletted, A2W10V10U10, …) maps to nothing and the loader refuses it.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass

from pyd3d11.formats.table import format_info, format_value

DDS_MAGIC = 0x20534444  # "DDS "
HEADER_SIZE = 124
PIXELFORMAT_SIZE = 32
DXT10_SIZE = 20

# DDS_PIXELFORMAT.flags (DDPF_*)
DDS_ALPHAPIXELS = 0x1
DDS_ALPHA = 0x2
DDS_FOURCC = 0x4
DDS_PAL8 = 0x20
DDS_RGB = 0x40
DDS_RGBA = DDS_RGB | DDS_ALPHAPIXELS
DDS_LUMINANCE = 0x20000
DDS_LUMINANCEA = DDS_LUMINANCE | DDS_ALPHAPIXELS
DDS_BUMPLUMINANCE = 0x40000
DDS_BUMPDUDV = 0x80000

# DDS_HEADER.flags (DDSD_*)
DDSD_CAPS, DDSD_HEIGHT, DDSD_WIDTH, DDSD_PITCH = 0x1, 0x2, 0x4, 0x8
DDSD_PIXELFORMAT, DDSD_MIPMAPCOUNT, DDSD_LINEARSIZE, DDSD_DEPTH = 0x1000, 0x20000, 0x80000, 0x800000
DDS_HEADER_FLAGS_TEXTURE = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT
DDS_HEADER_FLAGS_VOLUME = DDSD_DEPTH

# DDS_HEADER.caps / caps2
DDSCAPS_COMPLEX, DDSCAPS_TEXTURE, DDSCAPS_MIPMAP = 0x8, 0x1000, 0x400000
DDSCAPS2_CUBEMAP = 0x200
DDSCAPS2_CUBEMAP_ALLFACES = 0x200 | 0x400 | 0x800 | 0x1000 | 0x2000 | 0x4000 | 0x8000
DDSCAPS2_VOLUME = 0x200000

# DDS_HEADER_DXT10
DDS_DIMENSION_TEXTURE1D, DDS_DIMENSION_TEXTURE2D, DDS_DIMENSION_TEXTURE3D = 2, 3, 4
DDS_RESOURCE_MISC_TEXTURECUBE = 0x4
DDS_MISC_FLAGS2_ALPHA_MODE_MASK = 0x7

# DDS_ALPHA_MODE
DDS_ALPHA_MODE_UNKNOWN, DDS_ALPHA_MODE_STRAIGHT, DDS_ALPHA_MODE_PREMULTIPLIED = 0, 1, 2
DDS_ALPHA_MODE_OPAQUE, DDS_ALPHA_MODE_CUSTOM = 3, 4


def make_fourcc(code: str | bytes) -> int:
    """MAKEFOURCC: the four characters little-endian in a 32-bit word."""
    b = code.encode("ascii") if isinstance(code, str) else bytes(code)
    return struct.unpack("<I", b)[0]


FOURCC_DX10 = make_fourcc("DX10")

F = format_value  # DXGI_FORMAT value from its name

#: Legacy masked formats: (flag class, RGBBitCount, (R, G, B, A) masks) -> DXGI format. The flag class is
#: the first of RGB, LUMINANCE, ALPHA, BUMPDUDV present in the pixel format's flags (GetDXGIFormat's order).
LEGACY_MASKS: dict[tuple[int, int, tuple[int, int, int, int]], int] = {
    (DDS_RGB, 32, (0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000)): F("R8G8B8A8_UNORM"),
    (DDS_RGB, 32, (0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000)): F("B8G8R8A8_UNORM"),
    (DDS_RGB, 32, (0x00FF0000, 0x0000FF00, 0x000000FF, 0x00000000)): F("B8G8R8X8_UNORM"),
    # D3DX wrote 10:10:10:2 with red and blue masks swapped; the 'backwards' masks are taken as RGB10A2
    (DDS_RGB, 32, (0x3FF00000, 0x000FFC00, 0x000003FF, 0xC0000000)): F("R10G10B10A2_UNORM"),
    (DDS_RGB, 32, (0x0000FFFF, 0xFFFF0000, 0x00000000, 0x00000000)): F("R16G16_UNORM"),
    (DDS_RGB, 32, (0xFFFFFFFF, 0x00000000, 0x00000000, 0x00000000)): F("R32_FLOAT"),  # D3D9's only 32-bit channel
    (DDS_RGB, 16, (0x7C00, 0x03E0, 0x001F, 0x8000)): F("B5G5R5A1_UNORM"),
    (DDS_RGB, 16, (0xF800, 0x07E0, 0x001F, 0x0000)): F("B5G6R5_UNORM"),
    (DDS_RGB, 16, (0x0F00, 0x00F0, 0x000F, 0xF000)): F("B4G4R4A4_UNORM"),
    # NVTT 1.x wrote luminance formats with the RGB flag
    (DDS_RGB, 16, (0x00FF, 0x0000, 0x0000, 0xFF00)): F("R8G8_UNORM"),
    (DDS_RGB, 16, (0xFFFF, 0x0000, 0x0000, 0x0000)): F("R16_UNORM"),
    (DDS_RGB, 8, (0xFF, 0x00, 0x00, 0x00)): F("R8_UNORM"),
    (DDS_LUMINANCE, 8, (0xFF, 0x00, 0x00, 0x00)): F("R8_UNORM"),
    (DDS_LUMINANCE, 8, (0x00FF, 0x0000, 0x0000, 0xFF00)): F("R8G8_UNORM"),  # writers that put 8 for A8L8
    (DDS_LUMINANCE, 16, (0xFFFF, 0x0000, 0x0000, 0x0000)): F("R16_UNORM"),
    (DDS_LUMINANCE, 16, (0x00FF, 0x0000, 0x0000, 0xFF00)): F("R8G8_UNORM"),
    (DDS_BUMPDUDV, 16, (0x00FF, 0xFF00, 0x0000, 0x0000)): F("R8G8_SNORM"),
    (DDS_BUMPDUDV, 32, (0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000)): F("R8G8B8A8_SNORM"),
    (DDS_BUMPDUDV, 32, (0x0000FFFF, 0xFFFF0000, 0x00000000, 0x00000000)): F("R16G16_SNORM"),
}

#: FourCC codes (characters, or D3DFMT numbers written by D3DX) -> DXGI format.
LEGACY_FOURCC: dict[int, int] = {
    make_fourcc("DXT1"): F("BC1_UNORM"),
    make_fourcc("DXT2"): F("BC2_UNORM"),  # premultiplied alpha; same blocks as DXT3
    make_fourcc("DXT3"): F("BC2_UNORM"),
    make_fourcc("DXT4"): F("BC3_UNORM"),  # premultiplied alpha; same blocks as DXT5
    make_fourcc("DXT5"): F("BC3_UNORM"),
    make_fourcc("ATI1"): F("BC4_UNORM"),
    make_fourcc("BC4U"): F("BC4_UNORM"),
    make_fourcc("BC4S"): F("BC4_SNORM"),
    make_fourcc("ATI2"): F("BC5_UNORM"),
    make_fourcc("BC5U"): F("BC5_UNORM"),
    make_fourcc("BC5S"): F("BC5_SNORM"),
    make_fourcc("RGBG"): F("R8G8_B8G8_UNORM"),
    make_fourcc("GRGB"): F("G8R8_G8B8_UNORM"),
    make_fourcc("YUY2"): F("YUY2"),
    36: F("R16G16B16A16_UNORM"),  # D3DFMT_A16B16G16R16
    110: F("R16G16B16A16_SNORM"),  # D3DFMT_Q16W16V16U16
    111: F("R16_FLOAT"),  # D3DFMT_R16F
    112: F("R16G16_FLOAT"),  # D3DFMT_G16R16F
    113: F("R16G16B16A16_FLOAT"),  # D3DFMT_A16B16G16R16F
    114: F("R32_FLOAT"),  # D3DFMT_R32F
    115: F("R32G32_FLOAT"),  # D3DFMT_G32R32F
    116: F("R32G32B32A32_FLOAT"),  # D3DFMT_A32B32G32R32F
}

#: ScreenGrab's choice of legacy pixel format when saving (everything else gets the DX10 header):
#: format -> (flags, fourCC, RGBBitCount, (R, G, B, A) masks).
SAVE_LEGACY: dict[int, tuple[int, int, int, tuple[int, int, int, int]]] = {
    F("R8G8B8A8_UNORM"): (DDS_RGBA, 0, 32, (0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000)),
    F("R16G16_UNORM"): (DDS_RGB, 0, 32, (0x0000FFFF, 0xFFFF0000, 0, 0)),
    F("R8G8_UNORM"): (DDS_LUMINANCEA, 0, 16, (0x00FF, 0, 0, 0xFF00)),
    F("R16_UNORM"): (DDS_LUMINANCE, 0, 16, (0xFFFF, 0, 0, 0)),
    F("R8_UNORM"): (DDS_LUMINANCE, 0, 8, (0xFF, 0, 0, 0)),
    F("A8_UNORM"): (DDS_ALPHA, 0, 8, (0, 0, 0, 0xFF)),
    F("R8G8_B8G8_UNORM"): (DDS_FOURCC, make_fourcc("RGBG"), 0, (0, 0, 0, 0)),
    F("G8R8_G8B8_UNORM"): (DDS_FOURCC, make_fourcc("GRGB"), 0, (0, 0, 0, 0)),
    F("BC1_UNORM"): (DDS_FOURCC, make_fourcc("DXT1"), 0, (0, 0, 0, 0)),
    F("BC2_UNORM"): (DDS_FOURCC, make_fourcc("DXT3"), 0, (0, 0, 0, 0)),
    F("BC3_UNORM"): (DDS_FOURCC, make_fourcc("DXT5"), 0, (0, 0, 0, 0)),
    F("BC4_UNORM"): (DDS_FOURCC, make_fourcc("BC4U"), 0, (0, 0, 0, 0)),
    F("BC4_SNORM"): (DDS_FOURCC, make_fourcc("BC4S"), 0, (0, 0, 0, 0)),
    F("BC5_UNORM"): (DDS_FOURCC, make_fourcc("BC5U"), 0, (0, 0, 0, 0)),
    F("BC5_SNORM"): (DDS_FOURCC, make_fourcc("BC5S"), 0, (0, 0, 0, 0)),
    F("B5G6R5_UNORM"): (DDS_RGB, 0, 16, (0xF800, 0x07E0, 0x001F, 0)),
    F("B5G5R5A1_UNORM"): (DDS_RGBA, 0, 16, (0x7C00, 0x03E0, 0x001F, 0x8000)),
    F("R8G8_SNORM"): (DDS_BUMPDUDV, 0, 16, (0x00FF, 0xFF00, 0, 0)),
    F("R8G8B8A8_SNORM"): (DDS_BUMPDUDV, 0, 32, (0x000000FF, 0x0000FF00, 0x00FF0000, 0xFF000000)),
    F("R16G16_SNORM"): (DDS_BUMPDUDV, 0, 32, (0x0000FFFF, 0xFFFF0000, 0, 0)),
    F("B8G8R8A8_UNORM"): (DDS_RGBA, 0, 32, (0x00FF0000, 0x0000FF00, 0x000000FF, 0xFF000000)),
    F("B8G8R8X8_UNORM"): (DDS_RGB, 0, 32, (0x00FF0000, 0x0000FF00, 0x000000FF, 0)),
    F("YUY2"): (DDS_FOURCC, make_fourcc("YUY2"), 0, (0, 0, 0, 0)),
    F("B4G4R4A4_UNORM"): (DDS_RGBA, 0, 16, (0x0F00, 0x00F0, 0x000F, 0xF000)),
    F("R32G32B32A32_FLOAT"): (DDS_FOURCC, 116, 0, (0, 0, 0, 0)),
    F("R16G16B16A16_FLOAT"): (DDS_FOURCC, 113, 0, (0, 0, 0, 0)),
    F("R16G16B16A16_UNORM"): (DDS_FOURCC, 36, 0, (0, 0, 0, 0)),
    F("R16G16B16A16_SNORM"): (DDS_FOURCC, 110, 0, (0, 0, 0, 0)),
    F("R32G32_FLOAT"): (DDS_FOURCC, 115, 0, (0, 0, 0, 0)),
    F("R16G16_FLOAT"): (DDS_FOURCC, 112, 0, (0, 0, 0, 0)),
    F("R32_FLOAT"): (DDS_FOURCC, 114, 0, (0, 0, 0, 0)),
    F("R16_FLOAT"): (DDS_FOURCC, 111, 0, (0, 0, 0, 0)),
}

#: Video/palettized formats the loaders refuse even with a DX10 header.
VIDEO_REFUSED = frozenset({F("AI44"), F("IA44"), F("P8"), F("A8P8")})

#: LoaderHelpers::MakeSRGB — the formats that have an _SRGB twin.
MAKE_SRGB = {F(n): F(n + "_SRGB") for n in ("R8G8B8A8_UNORM", "BC1_UNORM", "BC2_UNORM", "BC3_UNORM",
                                             "B8G8R8A8_UNORM", "B8G8R8X8_UNORM", "BC7_UNORM")}

MAKE_SRGB_INVERSE = {v: k for k, v in MAKE_SRGB.items()}


def make_srgb(fmt: int) -> int:
    return MAKE_SRGB.get(int(fmt), int(fmt))


@dataclass
class PixelFormat:
    size: int = PIXELFORMAT_SIZE
    flags: int = 0
    fourCC: int = 0  # noqa: N815 - DDS_PIXELFORMAT field name
    RGBBitCount: int = 0  # noqa: N815
    masks: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass
class DDSHeader:
    size: int = HEADER_SIZE
    flags: int = 0
    height: int = 0
    width: int = 0
    pitchOrLinearSize: int = 0  # noqa: N815
    depth: int = 0
    mipMapCount: int = 0  # noqa: N815
    ddspf: PixelFormat | None = None
    caps: int = 0
    caps2: int = 0
    caps3: int = 0
    caps4: int = 0
    # DDS_HEADER_DXT10, when the FourCC is "DX10"
    dx10: tuple[int, int, int, int, int] | None = None  # dxgiFormat, resourceDimension, miscFlag, arraySize, miscFlags2


_HEADER = struct.Struct("<7I44x")  # size .. mipMapCount, reserved1[11]
_PIXELFORMAT = struct.Struct("<8I")
_CAPS = struct.Struct("<5I")  # caps, caps2, caps3, caps4, reserved2
_DXT10 = struct.Struct("<5I")


def parse_header(data: bytes | memoryview) -> tuple[DDSHeader, int] | None:
    """(header, offset of the first surface) or None when the bytes are not a DDS file (LoadTextureDataFrom*:
    too short, wrong magic, wrong header or pixel-format size, a DX10 FourCC without room for its header)."""
    mv = memoryview(data).cast("B")
    if len(mv) < 4 + HEADER_SIZE or struct.unpack_from("<I", mv, 0)[0] != DDS_MAGIC:
        return None
    size, flags, height, width, pitch, depth, mips = _HEADER.unpack_from(mv, 4)
    pf = _PIXELFORMAT.unpack_from(mv, 4 + 72)
    caps = _CAPS.unpack_from(mv, 4 + 104)
    if size != HEADER_SIZE or pf[0] != PIXELFORMAT_SIZE:
        return None
    hdr = DDSHeader(size, flags, height, width, pitch, depth, mips,
                    PixelFormat(pf[0], pf[1], pf[2], pf[3], (pf[4], pf[5], pf[6], pf[7])), *caps[:4])
    offset = 4 + HEADER_SIZE
    if pf[1] & DDS_FOURCC and pf[2] == FOURCC_DX10:
        if len(mv) < offset + DXT10_SIZE:
            return None
        hdr.dx10 = _DXT10.unpack_from(mv, offset)
        offset += DXT10_SIZE
    return hdr, offset


def build_header(hdr: DDSHeader) -> bytes:
    """The magic, DDS_HEADER and (when ``hdr.dx10`` is set) DDS_HEADER_DXT10 as file bytes."""
    pf = hdr.ddspf or PixelFormat()
    out = struct.pack("<I", DDS_MAGIC)
    out += _HEADER.pack(hdr.size, hdr.flags, hdr.height, hdr.width, hdr.pitchOrLinearSize, hdr.depth,
                        hdr.mipMapCount)
    out += _PIXELFORMAT.pack(pf.size, pf.flags, pf.fourCC, pf.RGBBitCount, *pf.masks)
    out += _CAPS.pack(hdr.caps, hdr.caps2, hdr.caps3, hdr.caps4, 0)
    if hdr.dx10 is not None:
        out += _DXT10.pack(*hdr.dx10)
    return out


def legacy_dxgi_format(pf: PixelFormat) -> int:
    """GetDXGIFormat: the DXGI format of a legacy pixel format; 0 (UNKNOWN) when there is none."""
    for cls in (DDS_RGB, DDS_LUMINANCE, DDS_ALPHA, DDS_BUMPDUDV):
        if pf.flags & cls:
            if cls == DDS_ALPHA:
                return F("A8_UNORM") if pf.RGBBitCount == 8 else 0
            return LEGACY_MASKS.get((cls, pf.RGBBitCount, tuple(pf.masks)), 0)
    if pf.flags & DDS_FOURCC:
        return LEGACY_FOURCC.get(pf.fourCC, 0)
    return 0


def alpha_mode(hdr: DDSHeader) -> int:
    """GetAlphaMode: the DX10 header's miscFlags2 alpha mode (1..4), PREMULTIPLIED for DXT2/DXT4, else 0."""
    pf = hdr.ddspf
    if pf is None or not pf.flags & DDS_FOURCC:
        return DDS_ALPHA_MODE_UNKNOWN
    if hdr.dx10 is not None:
        mode = hdr.dx10[4] & DDS_MISC_FLAGS2_ALPHA_MODE_MASK
        return mode if mode in (1, 2, 3, 4) else DDS_ALPHA_MODE_UNKNOWN
    if pf.fourCC in (make_fourcc("DXT2"), make_fourcc("DXT4")):
        return DDS_ALPHA_MODE_PREMULTIPLIED
    return DDS_ALPHA_MODE_UNKNOWN


def bits_per_pixel(fmt: int) -> int:
    """LoaderHelpers::BitsPerPixel (0 for UNKNOWN and values that are not DXGI formats)."""
    try:
        info = format_info(int(fmt))
    except Exception:
        return 0
    return int(info.bits_per_pixel) if info.value else 0


def surface_info(width: int, height: int, fmt: int) -> tuple[int, int, int]:
    """GetSurfaceInfo: (bytes of one image, bytes of one row, rows) — rows of 4x4 blocks for BC formats,
    2x1 elements for the packed formats; the planar video formats D3D11 lays out (NV12, 420_OPAQUE, P010, P016,
    NV11) as their staging memory is on the DXGI_FORMAT page: the luma row pitch, then the chroma rows (half the
    height for 4:2:0; NV11 twice the luma rows, its chroma at half the pitch and padding). The D3D12-only planar
    formats (P208, V208, V408) are not supported."""
    info = format_info(int(fmt))
    if info.planar:
        if int(fmt) in (103, 106, 104, 105):  # NV12, 420_OPAQUE: 1 byte luma; P010, P016: 2
            row = ((width + 1) >> 1) * (2 if int(fmt) in (103, 106) else 4)  # one 2x1 pair of luma samples
            luma = row * height
            return luma + ((luma + 1) >> 1), row, height + ((height + 1) >> 1)
        if int(fmt) == 110:  # NV11
            row = ((width + 3) >> 2) * 4
            return row * height * 2, row, height * 2
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError(f"DDS surfaces of the planar format {info.name}")
    if info.compressed:
        row = max(1, (width + 3) // 4) * info.bytes_per_block if width else 0
        rows = max(1, (height + 3) // 4) if height else 0
    elif info.block_width == 2:  # R8G8_B8G8, G8R8_G8B8, YUY2, Y210, Y216
        row = ((width + 1) >> 1) * info.bytes_per_block
        rows = height
    else:
        row = (width * info.bits_per_pixel + 7) // 8
        rows = height
    return row * rows, row, rows


__all__ = [n for n in dir() if n.isupper() or n.startswith("DDS")] + [
    "make_fourcc", "make_srgb", "PixelFormat", "DDSHeader", "parse_header", "build_header", "legacy_dxgi_format",
    "alpha_mode", "bits_per_pixel", "surface_info"]
