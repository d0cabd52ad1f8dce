"""Format facts the device side needs: element size, block size, typeless group, support bits.

Reads :mod:`pyd3d11.formats.table` when it is present. Until then a private fallback table
(dxgiformat.h values, spec-facts §3) stands in. # TODO(integration): remove the fallback once
``pyd3d11.formats.table`` (format_info / format_support) has landed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

try:
    from pyd3d11.formats import table as _table  # type: ignore[attr-defined]
except Exception:  # pragma: no cover - integration state
    _table = None

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


# Fallback: value -> (name, bytes, block, group, kind, components)
_FALLBACK: dict[int, tuple[str, int, int, int, str, int]] = {}


def _add(first: int, names: list[tuple[str, str]], size: int, comps: int, block: int = 1) -> None:
    for i, (name, kind) in enumerate(names):
        _FALLBACK[first + i] = (name, size, block, first, kind, comps)


_add(1, [("R32G32B32A32_TYPELESS", "typeless"), ("R32G32B32A32_FLOAT", "float"), ("R32G32B32A32_UINT", "uint"),
         ("R32G32B32A32_SINT", "sint")], 16, 4)
_add(5, [("R32G32B32_TYPELESS", "typeless"), ("R32G32B32_FLOAT", "float"), ("R32G32B32_UINT", "uint"),
         ("R32G32B32_SINT", "sint")], 12, 3)
_add(9, [("R16G16B16A16_TYPELESS", "typeless"), ("R16G16B16A16_FLOAT", "float"), ("R16G16B16A16_UNORM", "unorm"),
         ("R16G16B16A16_UINT", "uint"), ("R16G16B16A16_SNORM", "snorm"), ("R16G16B16A16_SINT", "sint")], 8, 4)
_add(15, [("R32G32_TYPELESS", "typeless"), ("R32G32_FLOAT", "float"), ("R32G32_UINT", "uint"),
          ("R32G32_SINT", "sint")], 8, 2)
_add(19, [("R32G8X24_TYPELESS", "typeless"), ("D32_FLOAT_S8X24_UINT", "depth"),
          ("R32_FLOAT_X8X24_TYPELESS", "float"), ("X32_TYPELESS_G8X24_UINT", "uint")], 8, 2)
_add(23, [("R10G10B10A2_TYPELESS", "typeless"), ("R10G10B10A2_UNORM", "unorm"), ("R10G10B10A2_UINT", "uint")], 4, 4)
_add(26, [("R11G11B10_FLOAT", "float")], 4, 3)
_add(27, [("R8G8B8A8_TYPELESS", "typeless"), ("R8G8B8A8_UNORM", "unorm"), ("R8G8B8A8_UNORM_SRGB", "srgb"),
          ("R8G8B8A8_UINT", "uint"), ("R8G8B8A8_SNORM", "snorm"), ("R8G8B8A8_SINT", "sint")], 4, 4)
_add(33, [("R16G16_TYPELESS", "typeless"), ("R16G16_FLOAT", "float"), ("R16G16_UNORM", "unorm"),
          ("R16G16_UINT", "uint"), ("R16G16_SNORM", "snorm"), ("R16G16_SINT", "sint")], 4, 2)
_add(39, [("R32_TYPELESS", "typeless"), ("D32_FLOAT", "depth"), ("R32_FLOAT", "float"), ("R32_UINT", "uint"),
          ("R32_SINT", "sint")], 4, 1)
_add(44, [("R24G8_TYPELESS", "typeless"), ("D24_UNORM_S8_UINT", "depth"), ("R24_UNORM_X8_TYPELESS", "unorm"),
          ("X24_TYPELESS_G8_UINT", "uint")], 4, 2)
_add(48, [("R8G8_TYPELESS", "typeless"), ("R8G8_UNORM", "unorm"), ("R8G8_UINT", "uint"), ("R8G8_SNORM", "snorm"),
          ("R8G8_SINT", "sint")], 2, 2)
_add(53, [("R16_TYPELESS", "typeless"), ("R16_FLOAT", "float"), ("D16_UNORM", "depth"), ("R16_UNORM", "unorm"),
          ("R16_UINT", "uint"), ("R16_SNORM", "snorm"), ("R16_SINT", "sint")], 2, 1)
_add(60, [("R8_TYPELESS", "typeless"), ("R8_UNORM", "unorm"), ("R8_UINT", "uint"), ("R8_SNORM", "snorm"),
          ("R8_SINT", "sint")], 1, 1)
_add(65, [("A8_UNORM", "unorm")], 1, 1)
_add(67, [("R9G9B9E5_SHAREDEXP", "float")], 4, 3)
_add(70, [("BC1_TYPELESS", "typeless"), ("BC1_UNORM", "bc"), ("BC1_UNORM_SRGB", "bc")], 8, 4, 4)
_add(73, [("BC2_TYPELESS", "typeless"), ("BC2_UNORM", "bc"), ("BC2_UNORM_SRGB", "bc")], 16, 4, 4)
_add(76, [("BC3_TYPELESS", "typeless"), ("BC3_UNORM", "bc"), ("BC3_UNORM_SRGB", "bc")], 16, 4, 4)
_add(79, [("BC4_TYPELESS", "typeless"), ("BC4_UNORM", "bc"), ("BC4_SNORM", "bc")], 8, 1, 4)
_add(82, [("BC5_TYPELESS", "typeless"), ("BC5_UNORM", "bc"), ("BC5_SNORM", "bc")], 16, 2, 4)
_add(85, [("B5G6R5_UNORM", "unorm")], 2, 3)
_add(86, [("B5G5R5A1_UNORM", "unorm")], 2, 4)
_add(89, [("R10G10B10_XR_BIAS_A2_UNORM", "unorm")], 4, 4)
_add(90, [("B8G8R8A8_TYPELESS", "typeless")], 4, 4)
_add(92, [("B8G8R8X8_TYPELESS", "typeless")], 4, 4)
_add(94, [("BC6H_TYPELESS", "typeless"), ("BC6H_UF16", "bc"), ("BC6H_SF16", "bc")], 16, 3, 4)
_add(97, [("BC7_TYPELESS", "typeless"), ("BC7_UNORM", "bc"), ("BC7_UNORM_SRGB", "bc")], 16, 4, 4)
_add(115, [("B4G4R4A4_UNORM", "unorm")], 2, 4)
_FALLBACK[87] = ("B8G8R8A8_UNORM", 4, 1, 90, "unorm", 4)
_FALLBACK[91] = ("B8G8R8A8_UNORM_SRGB", 4, 1, 90, "srgb", 4)
_FALLBACK[88] = ("B8G8R8X8_UNORM", 4, 1, 92, "unorm", 3)
_FALLBACK[93] = ("B8G8R8X8_UNORM_SRGB", 4, 1, 92, "srgb", 3)
# a few formats are alone in their group although they look like members of another
for _v in (26, 65, 67, 85, 86, 89, 115):
    _n, _s, _b, _g, _k, _c = _FALLBACK[_v]
    _FALLBACK[_v] = (_n, _s, _b, _v, _k, _c)

_DEPTH_FORMATS = frozenset({20, 40, 45, 55})


def _from_table(fmt: int) -> FormatFacts | None:
    if _table is None or not hasattr(_table, "format_info"):
        return None
    try:
        info = _table.format_info(fmt)
    except Exception:
        return None
    if info is None:
        return None

    def g(*names: str, default: Any = None) -> Any:
        for n in names:
            v = getattr(info, n, None)
            if v is not None:
                return v
        return default

    fb = _FALLBACK.get(fmt)
    name = g("name", default=fb[0] if fb else f"FORMAT_{fmt}")
    size = g("bytes_per_block", "bytes_per_element", "block_bytes", "size", default=fb[1] if fb else 0)
    block = g("block_size", "block_width", default=fb[2] if fb else 1)
    group = g("typeless", "typeless_group", "group", default=fb[3] if fb else fmt)
    group = int(group) if group else fmt
    kind = fb[4] if fb else "other"
    comps = fb[5] if fb else 4
    return FormatFacts(fmt, str(name).removeprefix("DXGI_FORMAT_"), int(size), int(block), group, kind, comps)


_CACHE: dict[int, FormatFacts | None] = {}


def format_facts(fmt: int) -> FormatFacts | None:
    """Facts for ``fmt``, or None for formats this device does not know (video/palette formats)."""
    fmt = int(fmt)
    if fmt in _CACHE:
        return _CACHE[fmt]
    facts = _from_table(fmt)
    if facts is None and fmt in _FALLBACK:
        n, s, b, g, k, c = _FALLBACK[fmt]
        facts = FormatFacts(fmt, n, s, b, g, k, c)
    _CACHE[fmt] = facts
    return facts


def format_name(fmt: int) -> str:
    f = format_facts(fmt)
    return f"DXGI_FORMAT_{f.name}" if f else f"DXGI_FORMAT({int(fmt)})"


def is_typeless(fmt: int) -> bool:
    f = format_facts(fmt)
    return f is not None and f.kind == "typeless"


def is_depth(fmt: int) -> bool:
    return int(fmt) in _DEPTH_FORMATS


def same_group(a: int, b: int) -> bool:
    fa, fb = format_facts(a), format_facts(b)
    return fa is not None and fb is not None and fa.group == fb.group


def _fallback_support(fmt: int, feature_level: int) -> int:
    """Coarse support bits for FL10_0+ (spec ch. 19 tables) used until the real table lands."""
    f = format_facts(fmt)
    if f is None or f.kind == "other":  # video / palette / packed formats: not supported by this device
        return 0
    tex = FS_TEXTURE1D | FS_TEXTURE2D | FS_TEXTURE3D | FS_TEXTURECUBE
    if f.kind == "typeless":
        bits = FS_TEXTURE1D | FS_TEXTURE2D | FS_TEXTURECUBE | FS_MIP | FS_CAST_WITHIN_BIT_LAYOUT
        if fmt not in (19, 44, 70, 73, 76, 79, 82, 94, 97):
            bits |= FS_BUFFER | FS_TEXTURE3D
        if f.block_size == 4:
            bits = FS_TEXTURE2D | FS_TEXTURE3D | FS_TEXTURECUBE | FS_MIP | FS_CAST_WITHIN_BIT_LAYOUT
        return bits
    if f.kind == "depth":
        bits = FS_TEXTURE1D | FS_TEXTURE2D | FS_TEXTURECUBE | FS_MIP | FS_DEPTH_STENCIL
        bits |= FS_MULTISAMPLE_RENDERTARGET
        return bits
    if f.kind == "bc":
        if fmt in (94, 95, 96, 97, 98, 99) and feature_level < 0xB000:
            return 0
        return FS_TEXTURE2D | FS_TEXTURE3D | FS_TEXTURECUBE | FS_SHADER_LOAD | FS_SHADER_SAMPLE | FS_MIP | \
            FS_CPU_LOCKABLE | FS_CAST_WITHIN_BIT_LAYOUT | FS_SHADER_GATHER
    bits = FS_BUFFER | tex | FS_SHADER_LOAD | FS_MIP | FS_CPU_LOCKABLE | FS_CAST_WITHIN_BIT_LAYOUT
    if fmt in (21, 22, 46, 47):  # depth-plane views: textures only
        return FS_TEXTURE1D | FS_TEXTURE2D | FS_TEXTURECUBE | FS_SHADER_LOAD | FS_SHADER_SAMPLE | FS_MIP | \
            FS_SHADER_GATHER | FS_MULTISAMPLE_LOAD | FS_CAST_WITHIN_BIT_LAYOUT
    if f.kind not in ("uint", "sint") and fmt != 67:
        bits |= FS_SHADER_SAMPLE | FS_SHADER_GATHER
    if fmt in (41, 54, 56, 40):
        bits |= FS_SHADER_SAMPLE_COMPARISON
    if fmt != 67 and f.kind not in ("srgb",) and fmt not in (85, 86, 115, 89):
        bits |= FS_IA_VERTEX_BUFFER
    if fmt in (42, 57):
        bits |= FS_IA_INDEX_BUFFER
    if fmt in (2, 3, 4, 6, 7, 8, 16, 17, 18, 41, 42, 43):
        bits |= FS_SO_BUFFER
    if fmt != 67 and not (5 <= fmt <= 8):
        bits |= FS_RENDER_TARGET | FS_MULTISAMPLE_RENDERTARGET | FS_MULTISAMPLE_LOAD
        if f.kind in ("float", "unorm", "snorm", "srgb"):
            bits |= FS_BLENDABLE | FS_MULTISAMPLE_RESOLVE | FS_MIP_AUTOGEN
    if f.kind in ("float", "unorm", "snorm", "uint", "sint") and fmt not in (67, 65, 89) and not (5 <= fmt <= 8) \
            and f.components != 3 or fmt == 26:
        bits |= FS_TYPED_UNORDERED_ACCESS_VIEW
    if fmt in (87, 88, 91, 93, 85, 86, 115) and feature_level < 0xB000:
        bits &= ~FS_TYPED_UNORDERED_ACCESS_VIEW
    return bits


def format_support(fmt: int, feature_level: int) -> int:
    """D3D11_FORMAT_SUPPORT bits of ``fmt`` at ``feature_level`` (0 = unsupported)."""
    if _table is not None and hasattr(_table, "format_support"):
        try:
            v = _table.format_support(int(fmt), int(feature_level))
        except Exception:
            v = None
        if v is not None:
            return int(v[0] if isinstance(v, tuple) else v)
    return _fallback_support(int(fmt), int(feature_level))


def format_support2(fmt: int, feature_level: int) -> int:
    """D3D11_FORMAT_SUPPORT2 bits (UAV atomics/typed load-store for the 32-bit integer formats)."""
    if _table is not None and hasattr(_table, "format_support2"):
        try:
            return int(_table.format_support2(int(fmt), int(feature_level)))
        except Exception:
            pass
    if _table is not None and hasattr(_table, "format_support"):
        try:
            v = _table.format_support(int(fmt), int(feature_level))
            if isinstance(v, tuple) and len(v) > 1:
                return int(v[1])
        except Exception:
            pass
    fmt = int(fmt)
    if feature_level < 0xB000:
        return 0
    bits = 0
    if fmt in (42, 43):  # R32_UINT / R32_SINT: all atomics
        bits |= 0x1 | 0x2 | 0x4 | 0x8 | 0x10 | 0x20
    if fmt in (41, 42, 43):
        bits |= 0x40  # UAV_TYPED_LOAD
    if format_support(fmt, feature_level) & FS_TYPED_UNORDERED_ACCESS_VIEW:
        bits |= 0x80  # UAV_TYPED_STORE
    return bits
