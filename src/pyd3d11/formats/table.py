"""The DXGI format table (D3D11.3 spec §19.1; DESIGN §3 "Formats").

One row per DXGI_FORMAT value defined by dxgiformat.h (0–115, 130–132, 189–191). Values and names come
from microsoft/DirectX-Headers ``dxgiformat.h``; sizes, block shapes and typeless families match the
format tables of the D3D11.3 spec (§19.1.4 spreadsheets) and microsoft/D3D12TranslationLayer
``FormatDescImpl.cpp``.

Channel layouts are derived from the format name, which DXGI spells least-significant bits first
(``B5G6R5_UNORM``: B in bits 0–4; ``R8G8B8A8``: R in byte 0). Special layouts (video, block-compressed,
shared exponent, 2×1 sub-sampled) are given explicitly in ``_SPECIAL``.

Element terms used throughout ``pyd3d11.formats``:
  * an *element* (block) is the unit of storage: 1×1 texel for ordinary formats, 4×4 texels for BC,
    2×1 texels for R8G8_B8G8/G8R8_G8B8/YUY2/Y210/Y216, 8×1 texels (1 byte) for R1_UNORM.
  * ``bytes_per_block`` is the size of one element; row pitch = ceil(width / block_width) * bytes_per_block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from pyd3d11.errors import E_INVALIDARG, InvalidArgError


class FormatKind(Enum):
    """Numeric interpretation of a format (or of one channel)."""

    UNKNOWN = "UNKNOWN"
    TYPELESS = "TYPELESS"
    UNORM = "UNORM"
    SNORM = "SNORM"
    UINT = "UINT"
    SINT = "SINT"
    FLOAT = "FLOAT"
    SRGB = "SRGB"  # UNORM_SRGB
    SHAREDEXP = "SHAREDEXP"  # R9G9B9E5
    XR_BIAS = "XR_BIAS"  # R10G10B10_XR_BIAS_A2_UNORM colour channels: (code - 0x180) / 510
    DEPTH = "DEPTH"  # depth-only: D32_FLOAT, D16_UNORM
    DEPTH_STENCIL = "DEPTH_STENCIL"  # mixed: D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT
    VIDEO = "VIDEO"  # YUV / palettized / opaque formats (no codec)


# Which shader-register component a channel name feeds (D/S: depth in R, stencil in G; §19.1.3.1).
COMPONENT_INDEX = {"R": 0, "G": 1, "B": 2, "A": 3, "D": 0, "S": 1}


@dataclass(frozen=True, slots=True)
class Channel:
    name: str  # R G B A D S X (unused bits) E (shared exponent)
    bits: int
    offset: int  # bit offset within the element (little-endian word)
    kind: FormatKind

    @property
    def component(self) -> int | None:
        return COMPONENT_INDEX.get(self.name)


@dataclass(frozen=True, slots=True)
class FormatInfo:
    value: int
    name: str  # dxgiformat.h spelling without the DXGI_FORMAT_ prefix
    kind: FormatKind
    bits_per_pixel: int  # DXGI "bits per pixel" (BC1: 4, R1: 1, NV12: 12)
    bytes_per_block: int  # bytes of one element (see module docstring); 0 for UNKNOWN
    block_width: int
    block_height: int
    channels: tuple[Channel, ...]
    typeless: int  # the TYPELESS format of the family (itself if it has none)
    srgb: bool = False
    compressed: bool = False  # BC1–BC7
    planar: bool = False  # multi-plane video formats

    @property
    def block_size(self) -> int:
        """4 for block-compressed formats, else 1 (the ``block_size`` of storage.ResourceStorage)."""
        return 4 if self.compressed else 1

    @property
    def is_typeless(self) -> bool:
        return self.kind == FormatKind.TYPELESS

    @property
    def is_depth_stencil(self) -> bool:
        return self.kind in (FormatKind.DEPTH, FormatKind.DEPTH_STENCIL)

    @property
    def has_stencil(self) -> bool:
        return any(c.name == "S" for c in self.channels)

    @property
    def is_video(self) -> bool:
        return self.kind == FormatKind.VIDEO

    @property
    def component_count(self) -> int:
        """Number of shader-visible components present (R/G/B/A/D/S)."""
        return sum(1 for c in self.channels if c.component is not None)

    def channel(self, name: str) -> Channel | None:
        for c in self.channels:
            if c.name == name:
                return c
        return None

    def row_pitch(self, width: int) -> int:
        """Tight row pitch in bytes for ``width`` texels (rows of blocks for BC)."""
        return -(-width // self.block_width) * self.bytes_per_block

    def rows(self, height: int) -> int:
        """Number of rows of elements for ``height`` texels."""
        return -(-height // self.block_height)

    def __str__(self) -> str:
        return f"DXGI_FORMAT_{self.name}"


# --------------------------------------------------------------------------------------------------
# The table: (value, name). Layouts come from the name; families group formats that share bits.

_NAMES: dict[int, str] = {
    0: "UNKNOWN",
    1: "R32G32B32A32_TYPELESS", 2: "R32G32B32A32_FLOAT", 3: "R32G32B32A32_UINT", 4: "R32G32B32A32_SINT",
    5: "R32G32B32_TYPELESS", 6: "R32G32B32_FLOAT", 7: "R32G32B32_UINT", 8: "R32G32B32_SINT",
    9: "R16G16B16A16_TYPELESS", 10: "R16G16B16A16_FLOAT", 11: "R16G16B16A16_UNORM", 12: "R16G16B16A16_UINT",
    13: "R16G16B16A16_SNORM", 14: "R16G16B16A16_SINT",
    15: "R32G32_TYPELESS", 16: "R32G32_FLOAT", 17: "R32G32_UINT", 18: "R32G32_SINT",
    19: "R32G8X24_TYPELESS", 20: "D32_FLOAT_S8X24_UINT", 21: "R32_FLOAT_X8X24_TYPELESS",
    22: "X32_TYPELESS_G8X24_UINT",
    23: "R10G10B10A2_TYPELESS", 24: "R10G10B10A2_UNORM", 25: "R10G10B10A2_UINT", 26: "R11G11B10_FLOAT",
    27: "R8G8B8A8_TYPELESS", 28: "R8G8B8A8_UNORM", 29: "R8G8B8A8_UNORM_SRGB", 30: "R8G8B8A8_UINT",
    31: "R8G8B8A8_SNORM", 32: "R8G8B8A8_SINT",
    33: "R16G16_TYPELESS", 34: "R16G16_FLOAT", 35: "R16G16_UNORM", 36: "R16G16_UINT", 37: "R16G16_SNORM",
    38: "R16G16_SINT",
    39: "R32_TYPELESS", 40: "D32_FLOAT", 41: "R32_FLOAT", 42: "R32_UINT", 43: "R32_SINT",
    44: "R24G8_TYPELESS", 45: "D24_UNORM_S8_UINT", 46: "R24_UNORM_X8_TYPELESS", 47: "X24_TYPELESS_G8_UINT",
    48: "R8G8_TYPELESS", 49: "R8G8_UNORM", 50: "R8G8_UINT", 51: "R8G8_SNORM", 52: "R8G8_SINT",
    53: "R16_TYPELESS", 54: "R16_FLOAT", 55: "D16_UNORM", 56: "R16_UNORM", 57: "R16_UINT", 58: "R16_SNORM",
    59: "R16_SINT",
    60: "R8_TYPELESS", 61: "R8_UNORM", 62: "R8_UINT", 63: "R8_SNORM", 64: "R8_SINT",
    65: "A8_UNORM", 66: "R1_UNORM", 67: "R9G9B9E5_SHAREDEXP", 68: "R8G8_B8G8_UNORM", 69: "G8R8_G8B8_UNORM",
    70: "BC1_TYPELESS", 71: "BC1_UNORM", 72: "BC1_UNORM_SRGB",
    73: "BC2_TYPELESS", 74: "BC2_UNORM", 75: "BC2_UNORM_SRGB",
    76: "BC3_TYPELESS", 77: "BC3_UNORM", 78: "BC3_UNORM_SRGB",
    79: "BC4_TYPELESS", 80: "BC4_UNORM", 81: "BC4_SNORM",
    82: "BC5_TYPELESS", 83: "BC5_UNORM", 84: "BC5_SNORM",
    85: "B5G6R5_UNORM", 86: "B5G5R5A1_UNORM", 87: "B8G8R8A8_UNORM", 88: "B8G8R8X8_UNORM",
    89: "R10G10B10_XR_BIAS_A2_UNORM", 90: "B8G8R8A8_TYPELESS", 91: "B8G8R8A8_UNORM_SRGB",
    92: "B8G8R8X8_TYPELESS", 93: "B8G8R8X8_UNORM_SRGB",
    94: "BC6H_TYPELESS", 95: "BC6H_UF16", 96: "BC6H_SF16",
    97: "BC7_TYPELESS", 98: "BC7_UNORM", 99: "BC7_UNORM_SRGB",
    100: "AYUV", 101: "Y410", 102: "Y416", 103: "NV12", 104: "P010", 105: "P016", 106: "420_OPAQUE",
    107: "YUY2", 108: "Y210", 109: "Y216", 110: "NV11", 111: "AI44", 112: "IA44", 113: "P8", 114: "A8P8",
    115: "B4G4R4A4_UNORM",
    130: "P208", 131: "V208", 132: "V408",
    189: "SAMPLER_FEEDBACK_MIN_MIP_OPAQUE", 190: "SAMPLER_FEEDBACK_MIP_REGION_USED_OPAQUE",
    191: "A4B4G4R4_UNORM",
}

# Families sharing one bit layout: the first value is the TYPELESS member (copy/view compatibility).
# R10G10B10_XR_BIAS_A2_UNORM casts within the R10G10B10A2 family (FormatDescImpl.cpp parent format).
_FAMILIES: tuple[tuple[int, ...], ...] = (
    (1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12, 13, 14), (15, 16, 17, 18), (19, 20, 21, 22),
    (23, 24, 25, 89), (27, 28, 29, 30, 31, 32), (33, 34, 35, 36, 37, 38), (39, 40, 41, 42, 43),
    (44, 45, 46, 47), (48, 49, 50, 51, 52), (53, 54, 55, 56, 57, 58, 59), (60, 61, 62, 63, 64),
    (70, 71, 72), (73, 74, 75), (76, 77, 78), (79, 80, 81), (82, 83, 84), (90, 87, 91), (92, 88, 93),
    (94, 95, 96), (97, 98, 99),
)

# Block-compressed: value range -> bytes per 4x4 block.
_BC_BYTES = {**dict.fromkeys((70, 71, 72, 79, 80, 81), 8),
             **dict.fromkeys((73, 74, 75, 76, 77, 78, 82, 83, 84, 94, 95, 96, 97, 98, 99), 16)}

# Video / opaque formats: value -> (bits per pixel, bytes per element, block width, planar).
# Planar formats list the luma plane's element (the codecs do not decode them).
_VIDEO = {
    100: (32, 4, 1, False), 101: (32, 4, 1, False), 102: (64, 8, 1, False), 103: (12, 1, 1, True),
    104: (24, 2, 1, True), 105: (24, 2, 1, True), 106: (12, 1, 1, True), 107: (16, 4, 2, False),
    108: (32, 8, 2, False), 109: (32, 8, 2, False), 110: (12, 1, 1, True), 111: (8, 1, 1, False),
    112: (8, 1, 1, False), 113: (8, 1, 1, False), 114: (16, 2, 1, False), 130: (16, 1, 1, True),
    131: (16, 1, 1, True), 132: (24, 1, 1, True), 189: (8, 1, 1, False), 190: (8, 1, 1, False),
}

_KIND_WORDS = {"TYPELESS": FormatKind.TYPELESS, "UNORM": FormatKind.UNORM, "SNORM": FormatKind.SNORM,
               "UINT": FormatKind.UINT, "SINT": FormatKind.SINT, "FLOAT": FormatKind.FLOAT,
               "SRGB": FormatKind.SRGB}
_CHANNEL_RE = re.compile(r"([RGBADSXE])(\d+)")


def _parse_layout(name: str) -> list[Channel]:
    """Channels of an ordinary format from its name: ``D24_UNORM_S8_UINT`` -> D24 UNORM, S8 UINT."""
    tokens = name.split("_")
    channels: list[Channel] = []
    offset = 0
    pending: list[tuple[str, int]] = []

    def flush(kind: FormatKind) -> None:
        nonlocal offset
        for ch, bits in pending:
            k = FormatKind.TYPELESS if ch == "X" else kind
            if k == FormatKind.SRGB and ch == "A":
                k = FormatKind.UNORM  # sRGB curves apply to colour only; alpha stays linear
            channels.append(Channel(ch, bits, offset, k))
            offset += bits
        pending.clear()

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok in _KIND_WORDS:
            kind = _KIND_WORDS[tok]
            if tok == "UNORM" and i + 1 < len(tokens) and tokens[i + 1] == "SRGB":
                kind = FormatKind.SRGB
                i += 1
            flush(kind)
        else:
            pending.extend((c, int(b)) for c, b in _CHANNEL_RE.findall(tok))
        i += 1
    return channels


def _special_channels(value: int) -> list[Channel] | None:
    U = FormatKind.UNORM
    if value == 67:  # R9G9B9E5_SHAREDEXP (§19.3.2)
        S = FormatKind.SHAREDEXP
        return [Channel("R", 9, 0, S), Channel("G", 9, 9, S), Channel("B", 9, 18, S), Channel("E", 5, 27, S)]
    if value == 89:  # XR bias colour channels, UNORM alpha
        X = FormatKind.XR_BIAS
        return [Channel("R", 10, 0, X), Channel("G", 10, 10, X), Channel("B", 10, 20, X), Channel("A", 2, 30, U)]
    if value == 68:  # R8G8_B8G8: bytes R0 G0 B G1 (one 2x1 element; §19.4)
        return [Channel("R", 8, 0, U), Channel("G", 8, 8, U), Channel("B", 8, 16, U), Channel("G", 8, 24, U)]
    if value == 69:  # G8R8_G8B8: bytes G0 R G1 B
        return [Channel("G", 8, 0, U), Channel("R", 8, 8, U), Channel("G", 8, 16, U), Channel("B", 8, 24, U)]
    if value == 66:
        return [Channel("R", 1, 0, U)]
    return None


def _build() -> dict[int, FormatInfo]:
    family_of: dict[int, int] = {}
    for fam in _FAMILIES:
        for v in fam:
            family_of[v] = fam[0]
    table: dict[int, FormatInfo] = {}
    for value, name in _NAMES.items():
        typeless = family_of.get(value, value)
        srgb = name.endswith("_SRGB")
        if value == 0:
            table[value] = FormatInfo(0, name, FormatKind.UNKNOWN, 0, 0, 1, 1, (), 0)
            continue
        if value in _VIDEO:
            bpp, bpe, bw, planar = _VIDEO[value]
            table[value] = FormatInfo(value, name, FormatKind.VIDEO, bpp, bpe, bw, 1, (), value, planar=planar)
            continue
        if value in _BC_BYTES:
            nbytes = _BC_BYTES[value]
            suffix = name.split("_", 1)[1]
            kind = {"TYPELESS": FormatKind.TYPELESS, "UNORM": FormatKind.UNORM, "UNORM_SRGB": FormatKind.SRGB,
                    "SNORM": FormatKind.SNORM, "UF16": FormatKind.FLOAT, "SF16": FormatKind.FLOAT}[suffix]
            table[value] = FormatInfo(value, name, kind, nbytes // 2, nbytes, 4, 4, (), typeless, srgb=srgb,
                                      compressed=True)
            continue
        special = _special_channels(value)
        channels = special if special is not None else _parse_layout(name)
        total_bits = 32 if value in (68, 69) else sum(c.bits for c in channels)
        if value == 66:
            bpp, nbytes, bw = 1, 1, 8
        elif value in (68, 69):
            bpp, nbytes, bw = 16, 4, 2
        else:
            bpp, nbytes, bw = total_bits, total_bits // 8, 1
        table[value] = FormatInfo(value, name, _format_kind(name, channels), bpp, nbytes, bw, 1, tuple(channels),
                                  typeless, srgb=srgb)
    return table


def _format_kind(name: str, channels: list[Channel]) -> FormatKind:
    if name.startswith("D"):
        return FormatKind.DEPTH_STENCIL if any(c.name == "S" for c in channels) else FormatKind.DEPTH
    kinds = [c.kind for c in channels if c.name != "X"]
    if not kinds:
        return FormatKind.TYPELESS
    if FormatKind.XR_BIAS in kinds:
        return FormatKind.XR_BIAS
    # The first typed component decides the interpretation (§19.1.3.3).
    typed = [k for k in kinds if k != FormatKind.TYPELESS]
    return typed[0] if typed else FormatKind.TYPELESS


FORMATS: dict[int, FormatInfo] = _build()
FORMAT_BY_NAME: dict[str, int] = {info.name: v for v, info in FORMATS.items()}


# --------------------------------------------------------------------------------------------------
# Lookups

def format_info(fmt: int) -> FormatInfo:
    """The row of ``fmt``; raises InvalidArgError for values dxgiformat.h does not define."""
    try:
        return FORMATS[int(fmt)]
    except (KeyError, TypeError, ValueError):
        raise InvalidArgError(E_INVALIDARG, f"unknown DXGI_FORMAT {fmt!r}") from None


def format_value(name: str) -> int:
    """DXGI_FORMAT value for a name (with or without the ``DXGI_FORMAT_`` prefix)."""
    key = name.removeprefix("DXGI_FORMAT_")
    try:
        return FORMAT_BY_NAME[key]
    except KeyError:
        raise InvalidArgError(E_INVALIDARG, f"unknown DXGI_FORMAT name {name!r}") from None


def format_name(fmt: int) -> str:
    return format_info(fmt).name


def typeless_group(fmt: int) -> int:
    """The TYPELESS format of ``fmt``'s family (``fmt`` itself when the family has none)."""
    return format_info(fmt).typeless


def same_family(a: int, b: int) -> bool:
    """Whether two formats share one bit layout family (CopyResource / view-format compatibility)."""
    return typeless_group(a) == typeless_group(b)


def family_members(fmt: int) -> tuple[int, ...]:
    g = typeless_group(fmt)
    return tuple(v for v, info in FORMATS.items() if info.typeless == g)


def is_typeless(fmt: int) -> bool:
    return format_info(fmt).is_typeless


def is_depth_stencil(fmt: int) -> bool:
    """D16_UNORM, D24_UNORM_S8_UINT, D32_FLOAT, D32_FLOAT_S8X24_UINT (the DSV formats)."""
    return format_info(fmt).is_depth_stencil


def has_stencil(fmt: int) -> bool:
    return format_info(fmt).has_stencil


def is_compressed(fmt: int) -> bool:
    return format_info(fmt).compressed


def is_srgb(fmt: int) -> bool:
    return format_info(fmt).srgb


def is_video(fmt: int) -> bool:
    return format_info(fmt).is_video


def bits_per_pixel(fmt: int) -> int:
    return format_info(fmt).bits_per_pixel


def bytes_per_element(fmt: int) -> int:
    """Bytes of one element: one texel, one 4x4 BC block, one 2x1 pair, or 8 texels of R1_UNORM."""
    return format_info(fmt).bytes_per_block


_SRGB_PAIRS = {28: 29, 71: 72, 74: 75, 77: 78, 87: 91, 88: 93, 98: 99}
_LINEAR_OF_SRGB = {s: u for u, s in _SRGB_PAIRS.items()}


def srgb_to_linear_format(fmt: int) -> int:
    """The non-sRGB twin of an _SRGB format (R8G8B8A8_UNORM_SRGB -> R8G8B8A8_UNORM); others unchanged."""
    format_info(fmt)
    return _LINEAR_OF_SRGB.get(int(fmt), int(fmt))


def linear_to_srgb_format(fmt: int) -> int:
    """The _SRGB twin of a UNORM format that has one; others unchanged."""
    format_info(fmt)
    return _SRGB_PAIRS.get(int(fmt), int(fmt))


# Depth formats and the typed SRV formats that read their planes (§19.1, D3D11 depth-as-texture).
_DEPTH_SRV = {45: (46, 47), 20: (21, 22), 40: (41, None), 55: (56, None)}


def depth_srv_formats(fmt: int) -> tuple[int, int | None]:
    """(depth-plane SRV format, stencil-plane SRV format or None) for a depth format."""
    info = format_info(fmt)
    if info.value not in _DEPTH_SRV:
        raise InvalidArgError(E_INVALIDARG, f"{info} is not a depth format")
    return _DEPTH_SRV[info.value]
