"""Format facts the device side needs, read from :mod:`pyd3d11.formats` (the one format table).

A thin adapter: the api validates with element sizes, block sizes, typeless groups and the
per-feature-level support bits, all of which come from ``formats.table`` / ``formats.support``.
"""

from __future__ import annotations

from dataclasses import dataclass

from pyd3d11.errors import InvalidArgError
from pyd3d11.formats import support as _support
from pyd3d11.formats import table as _table
from pyd3d11.formats import video as _video
from pyd3d11.formats.table import FormatKind

# D3D11_FORMAT_SUPPORT bits (d3d11.h)
FS_BUFFER = 0x1
FS_IA_VERTEX_BUFFER = 0x2
FS_IA_INDEX_BUFFER = 0x4
FS_SO_BUFFER = 0x8
FS_TEXTURE1D = 0x10
FS_TEXTURE2D = 0x20
FS_TEXTURE3D = 0x40
FS_TEXTURECUBE = 0x80
FS_SHADER_LOAD = 0x100
FS_SHADER_SAMPLE = 0x200
FS_SHADER_SAMPLE_COMPARISON = 0x400
FS_MIP = 0x1000
FS_MIP_AUTOGEN = 0x2000
FS_RENDER_TARGET = 0x4000
FS_BLENDABLE = 0x8000
FS_DEPTH_STENCIL = 0x10000
FS_CPU_LOCKABLE = 0x20000
FS_MULTISAMPLE_RESOLVE = 0x40000
FS_DISPLAY = 0x80000
FS_CAST_WITHIN_BIT_LAYOUT = 0x100000
FS_MULTISAMPLE_RENDERTARGET = 0x200000
FS_MULTISAMPLE_LOAD = 0x400000
FS_SHADER_GATHER = 0x800000
FS_BACK_BUFFER_CAST = 0x1000000
FS_TYPED_UNORDERED_ACCESS_VIEW = 0x2000000
FS_SHADER_GATHER_COMPARISON = 0x4000000


@dataclass(slots=True, frozen=True)
class FormatFacts:
    format: int
    name: str
    bytes_per_block: int  # bytes per element (per 4x4 block for BC)
    block_size: int  # 1, or 4 for block-compressed
    group: int  # the TYPELESS format of its cast group (itself when alone)
    kind: str  # 'typeless', 'float', 'unorm', 'snorm', 'uint', 'sint', 'srgb', 'depth', 'bc', 'other'
    components: int = 4
    block_width: int = 1
    block_height: int = 1


_KIND = {
    FormatKind.TYPELESS: "typeless", FormatKind.FLOAT: "float", FormatKind.UNORM: "unorm",
    FormatKind.SNORM: "snorm", FormatKind.UINT: "uint", FormatKind.SINT: "sint", FormatKind.SRGB: "srgb",
    FormatKind.SHAREDEXP: "float", FormatKind.XR_BIAS: "unorm", FormatKind.DEPTH: "depth",
    FormatKind.DEPTH_STENCIL: "depth",
}
_DEPTH_FORMATS = frozenset({20, 40, 45, 55})
_CACHE: dict[int, FormatFacts | None] = {}


def format_facts(fmt: int) -> FormatFacts | None:
    """Facts for ``fmt``, or None for values that are not DXGI formats, and video/palette formats."""
    fmt = int(fmt)
    if fmt in _CACHE:
        return _CACHE[fmt]
    try:
        info = _table.format_info(fmt)
    except InvalidArgError:
        info = None
    facts = None
    if info is not None and info.kind not in (FormatKind.VIDEO, FormatKind.UNKNOWN):
        kind = "bc" if info.compressed and info.kind != FormatKind.TYPELESS else _KIND.get(info.kind, "other")
        comps = sum(1 for c in info.channels if c.name in "RGBADS") or 4
        block = info.block_width if info.block_width == info.block_height else 1
        facts = FormatFacts(fmt, info.name, info.bytes_per_block, block, info.typeless or fmt, kind, comps,
                            info.block_width, info.block_height)
    _CACHE[fmt] = facts
    return facts


def format_name(fmt: int) -> str:
    f = format_facts(fmt)
    if f is None and is_video(fmt):
        return f"DXGI_FORMAT_{_video.VIDEO_FORMATS[int(fmt)].name}"
    return f"DXGI_FORMAT_{f.name}" if f else f"DXGI_FORMAT({int(fmt)})"


def is_typeless(fmt: int) -> bool:
    f = format_facts(fmt)
    return f is not None and f.kind == "typeless"


def is_depth(fmt: int) -> bool:
    return int(fmt) in _DEPTH_FORMATS


def same_group(a: int, b: int) -> bool:
    fa, fb = format_facts(a), format_facts(b)
    return fa is not None and fb is not None and fa.group == fb.group


def is_video(fmt: int) -> bool:
    """A D3D11.1 video format with a defined layout (formats/video.py): AYUV ... A8P8, not P208/V208/V408."""
    return _video.is_video_format(int(fmt))


def video_facts(fmt: int) -> FormatFacts:
    """Facts of a video resource format for creation and storage: its first plane's element (one 2x1
    macropixel for YUY2/Y210/Y216; the luma element for the planar formats, whose chroma plane
    formats/video.py places)."""
    v = _video.VIDEO_FORMATS[int(fmt)]
    p = v.planes[0]
    return FormatFacts(int(fmt), v.name, p.element_bytes, 1, int(fmt), "video", 4, p.x_div, 1)


def format_support(fmt: int, feature_level: int) -> int:
    """D3D11_FORMAT_SUPPORT bits of ``fmt`` at ``feature_level`` (0 = unsupported)."""
    if format_facts(fmt) is None and not is_video(fmt):
        return 0
    return int(_support.format_support(int(fmt), int(feature_level))[0])


def format_support2(fmt: int, feature_level: int) -> int:
    """D3D11_FORMAT_SUPPORT2 bits (UAV atomics, typed UAV load/store, logic ops)."""
    if format_facts(fmt) is None and not is_video(fmt):
        return 0
    return int(_support.format_support(int(fmt), int(feature_level))[1])
