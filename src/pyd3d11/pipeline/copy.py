"""Storage-level data movement: copies, updates, resolves and clears (DESIGN §2, §3).

Everything here works on :class:`pyd3d11.storage.ResourceStorage` / :class:`ViewDescriptor` and plain
values; the api layer (``pyd3d11.api.context_data``) validates calls before they get here. Copies are
byte moves in *block* units (a BC block or one texel), which is what makes BC <-> uncompressed copies of
equal block size work (D3D11 ``CopySubresourceRegion`` remarks). Multisampled subresources move all
their sample planes. Writers call ``storage.touch()``.

Format knowledge comes from :mod:`pyd3d11.formats` when it has landed; until then a small private
table of regular formats stands in (``TODO(integration)``, see :func:`fmt`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.storage import ResourceStorage, StorageDimension, ViewDescriptor, ViewKind

Box = tuple[int, int, int, int, int, int]  # left, top, front, right, bottom, back (texels; bytes for buffers)


# ---------------------------------------------------------------------------------------------------
# Format facts (private shim).  TODO(integration): route through pyd3d11.formats.table.format_info
# ---------------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Fmt:
    """What copy/clear code needs to know about one DXGI format."""

    format: int
    name: str
    bpb: int  # bytes per element or block
    block: int  # 1, or 4 for BC (and 2x1 packed formats are listed as block 1 elements of 4 bytes)
    group: int  # typeless family id (the TYPELESS format value, or the format itself)
    kind: str  # unorm snorm uint sint float srgb typeless depth bc other
    # (bit offset, bit count, component index 0..3, kind) per stored channel
    channels: tuple[tuple[int, int, int, str], ...] = ()

    @property
    def is_bc(self) -> bool:
        return self.block == 4

    @property
    def component_count(self) -> int:
        return len({c[2] for c in self.channels}) if self.channels else 4


def _ch(spec: str, kind: str) -> tuple[tuple[int, int, int, str], ...]:
    """``"R8 G8 B8 A8"`` -> channels laid out from bit 0 upwards; ``X`` = padding."""
    out = []
    off = 0
    for tok in spec.split():
        comp, bits = tok[0], int(tok[1:])
        if comp != "X":
            k = kind
            if comp == "S":  # stencil: always uint
                k = "uint"
            out.append((off, bits, "RGBADS".index(comp) if comp not in "DS" else (0 if comp == "D" else 1), k))
        off += bits
    return tuple(out)


_FMT_ROWS: list[tuple[int, str, int, int, str, str]] = [
    # value, name, bytes per block, typeless group, channel layout, kind
    (1, "R32G32B32A32_TYPELESS", 16, 1, "R32 G32 B32 A32", "typeless"),
    (2, "R32G32B32A32_FLOAT", 16, 1, "R32 G32 B32 A32", "float"),
    (3, "R32G32B32A32_UINT", 16, 1, "R32 G32 B32 A32", "uint"),
    (4, "R32G32B32A32_SINT", 16, 1, "R32 G32 B32 A32", "sint"),
    (5, "R32G32B32_TYPELESS", 12, 5, "R32 G32 B32", "typeless"),
    (6, "R32G32B32_FLOAT", 12, 5, "R32 G32 B32", "float"),
    (7, "R32G32B32_UINT", 12, 5, "R32 G32 B32", "uint"),
    (8, "R32G32B32_SINT", 12, 5, "R32 G32 B32", "sint"),
    (9, "R16G16B16A16_TYPELESS", 8, 9, "R16 G16 B16 A16", "typeless"),
    (10, "R16G16B16A16_FLOAT", 8, 9, "R16 G16 B16 A16", "float"),
    (11, "R16G16B16A16_UNORM", 8, 9, "R16 G16 B16 A16", "unorm"),
    (12, "R16G16B16A16_UINT", 8, 9, "R16 G16 B16 A16", "uint"),
    (13, "R16G16B16A16_SNORM", 8, 9, "R16 G16 B16 A16", "snorm"),
    (14, "R16G16B16A16_SINT", 8, 9, "R16 G16 B16 A16", "sint"),
    (15, "R32G32_TYPELESS", 8, 15, "R32 G32", "typeless"),
    (16, "R32G32_FLOAT", 8, 15, "R32 G32", "float"),
    (17, "R32G32_UINT", 8, 15, "R32 G32", "uint"),
    (18, "R32G32_SINT", 8, 15, "R32 G32", "sint"),
    (19, "R32G8X24_TYPELESS", 8, 19, "R32 G8 X24", "typeless"),
    (20, "D32_FLOAT_S8X24_UINT", 8, 19, "D32 S8 X24", "depth"),
    (21, "R32_FLOAT_X8X24_TYPELESS", 8, 19, "R32 X32", "float"),
    (22, "X32_TYPELESS_G8X24_UINT", 8, 19, "X32 G8 X24", "uint"),
    (23, "R10G10B10A2_TYPELESS", 4, 23, "R10 G10 B10 A2", "typeless"),
    (24, "R10G10B10A2_UNORM", 4, 23, "R10 G10 B10 A2", "unorm"),
    (25, "R10G10B10A2_UINT", 4, 23, "R10 G10 B10 A2", "uint"),
    (27, "R8G8B8A8_TYPELESS", 4, 27, "R8 G8 B8 A8", "typeless"),
    (28, "R8G8B8A8_UNORM", 4, 27, "R8 G8 B8 A8", "unorm"),
    (29, "R8G8B8A8_UNORM_SRGB", 4, 27, "R8 G8 B8 A8", "srgb"),
    (30, "R8G8B8A8_UINT", 4, 27, "R8 G8 B8 A8", "uint"),
    (31, "R8G8B8A8_SNORM", 4, 27, "R8 G8 B8 A8", "snorm"),
    (32, "R8G8B8A8_SINT", 4, 27, "R8 G8 B8 A8", "sint"),
    (33, "R16G16_TYPELESS", 4, 33, "R16 G16", "typeless"),
    (34, "R16G16_FLOAT", 4, 33, "R16 G16", "float"),
    (35, "R16G16_UNORM", 4, 33, "R16 G16", "unorm"),
    (36, "R16G16_UINT", 4, 33, "R16 G16", "uint"),
    (37, "R16G16_SNORM", 4, 33, "R16 G16", "snorm"),
    (38, "R16G16_SINT", 4, 33, "R16 G16", "sint"),
    (39, "R32_TYPELESS", 4, 39, "R32", "typeless"),
    (40, "D32_FLOAT", 4, 39, "D32", "depth"),
    (41, "R32_FLOAT", 4, 39, "R32", "float"),
    (42, "R32_UINT", 4, 39, "R32", "uint"),
    (43, "R32_SINT", 4, 39, "R32", "sint"),
    (44, "R24G8_TYPELESS", 4, 44, "R24 G8", "typeless"),
    (45, "D24_UNORM_S8_UINT", 4, 44, "D24 S8", "depth"),
    (46, "R24_UNORM_X8_TYPELESS", 4, 44, "R24 X8", "unorm"),
    (47, "X24_TYPELESS_G8_UINT", 4, 44, "X24 G8", "uint"),
    (48, "R8G8_TYPELESS", 2, 48, "R8 G8", "typeless"),
    (49, "R8G8_UNORM", 2, 48, "R8 G8", "unorm"),
    (50, "R8G8_UINT", 2, 48, "R8 G8", "uint"),
    (51, "R8G8_SNORM", 2, 48, "R8 G8", "snorm"),
    (52, "R8G8_SINT", 2, 48, "R8 G8", "sint"),
    (53, "R16_TYPELESS", 2, 53, "R16", "typeless"),
    (54, "R16_FLOAT", 2, 53, "R16", "float"),
    (55, "D16_UNORM", 2, 53, "D16", "depth"),
    (56, "R16_UNORM", 2, 53, "R16", "unorm"),
    (57, "R16_UINT", 2, 53, "R16", "uint"),
    (58, "R16_SNORM", 2, 53, "R16", "snorm"),
    (59, "R16_SINT", 2, 53, "R16", "sint"),
    (60, "R8_TYPELESS", 1, 60, "R8", "typeless"),
    (61, "R8_UNORM", 1, 60, "R8", "unorm"),
    (62, "R8_UINT", 1, 60, "R8", "uint"),
    (63, "R8_SNORM", 1, 60, "R8", "snorm"),
    (64, "R8_SINT", 1, 60, "R8", "sint"),
    (65, "A8_UNORM", 1, 65, "A8", "unorm"),
    (85, "B5G6R5_UNORM", 2, 85, "B5 G6 R5", "unorm"),
    (86, "B5G5R5A1_UNORM", 2, 86, "B5 G5 R5 A1", "unorm"),
    (87, "B8G8R8A8_UNORM", 4, 90, "B8 G8 R8 A8", "unorm"),
    (88, "B8G8R8X8_UNORM", 4, 92, "B8 G8 R8 X8", "unorm"),
    (90, "B8G8R8A8_TYPELESS", 4, 90, "B8 G8 R8 A8", "typeless"),
    (91, "B8G8R8A8_UNORM_SRGB", 4, 90, "B8 G8 R8 A8", "srgb"),
    (92, "B8G8R8X8_TYPELESS", 4, 92, "B8 G8 R8 X8", "typeless"),
    (93, "B8G8R8X8_UNORM_SRGB", 4, 92, "B8 G8 R8 X8", "srgb"),
    (115, "B4G4R4A4_UNORM", 2, 115, "B4 G4 R4 A4", "unorm"),
]
_BC_ROWS = [  # value, name, bytes per block, group
    (70, "BC1_TYPELESS", 8, 70), (71, "BC1_UNORM", 8, 70), (72, "BC1_UNORM_SRGB", 8, 70),
    (73, "BC2_TYPELESS", 16, 73), (74, "BC2_UNORM", 16, 73), (75, "BC2_UNORM_SRGB", 16, 73),
    (76, "BC3_TYPELESS", 16, 76), (77, "BC3_UNORM", 16, 76), (78, "BC3_UNORM_SRGB", 16, 76),
    (79, "BC4_TYPELESS", 8, 79), (80, "BC4_UNORM", 8, 79), (81, "BC4_SNORM", 8, 79),
    (82, "BC5_TYPELESS", 16, 82), (83, "BC5_UNORM", 16, 82), (84, "BC5_SNORM", 16, 82),
    (94, "BC6H_TYPELESS", 16, 94), (95, "BC6H_UF16", 16, 94), (96, "BC6H_SF16", 16, 94),
    (97, "BC7_TYPELESS", 16, 97), (98, "BC7_UNORM", 16, 97), (99, "BC7_UNORM_SRGB", 16, 97),
]
_OTHER_ROWS = [  # value, name, bytes per element, group, kind (no channel codec in the shim)
    (26, "R11G11B10_FLOAT", 4, 26, "float"), (67, "R9G9B9E5_SHAREDEXP", 4, 67, "float"),
    (89, "R10G10B10_XR_BIAS_A2_UNORM", 4, 23, "unorm"),
    (68, "R8G8_B8G8_UNORM", 4, 68, "other"), (69, "G8R8_G8B8_UNORM", 4, 69, "other"), (66, "R1_UNORM", 1, 66, "other"),
]

FORMATS: dict[int, Fmt] = {}
for _v, _n, _b, _g, _l, _k in _FMT_ROWS:
    FORMATS[_v] = Fmt(_v, _n, _b, 1, _g, _k, _ch(_l, "unorm" if _k == "depth" and _l.startswith("D24") else
                                            ("unorm" if _n == "D16_UNORM" else ("float" if _k == "depth" else _k))))
for _v, _n, _b, _g in _BC_ROWS:
    FORMATS[_v] = Fmt(_v, _n, _b, 4, _g, "bc")
for _v, _n, _b, _g, _k in _OTHER_ROWS:
    FORMATS[_v] = Fmt(_v, _n, _b, 1, _g, _k)


def fmt(format: int) -> Fmt:
    """Facts about ``format`` (raises NotSupportedError for formats the table does not know)."""
    f = FORMATS.get(int(format))
    if f is None:
        raise NotSupportedError(f"format {int(format)} in copy/clear code")
    return f


def same_group(a: int, b: int) -> bool:
    """True when two formats share a typeless family (what CopyResource requires)."""
    return int(a) == int(b) or (int(a) in FORMATS and int(b) in FORMATS and fmt(a).group == fmt(b).group)


def copy_compatible(src: int, dst: int) -> bool:
    """Same typeless group, or a BC format against an uncompressed one with equal block size
    (CopySubresourceRegion "format conversion" remarks: 8 bytes <-> R16G16B16A16/R32G32, 16 bytes <->
    R32G32B32A32)."""
    if same_group(src, dst):
        return True
    a, b = FORMATS.get(int(src)), FORMATS.get(int(dst))
    if a is None or b is None or a.is_bc == b.is_bc:
        return False
    plain = b if a.is_bc else a
    return plain.bpb == (a if a.is_bc else b).bpb and plain.group in (1, 9, 15)


# ---------------------------------------------------------------------------------------------------
# Element codecs (shim).  TODO(integration): use pyd3d11.formats.codecs.encode/decode when present.
# ---------------------------------------------------------------------------------------------------

def _real_codecs() -> object | None:
    """The formats engineer's vectorised codecs (pyd3d11.formats.codecs), or None before they land."""
    try:
        from pyd3d11.formats import codecs
    except ImportError:  # TODO(integration): shim codec below until the formats package is present
        return None
    return codecs


def encodable(format: int) -> bool:
    """True when colour values can be encoded to/decoded from ``format`` elements (typed, uncompressed,
    one texel per element)."""
    f = FORMATS.get(int(format))
    if f is None or f.kind in ("typeless", "bc") or f.name in ("R8G8_B8G8_UNORM", "G8R8_G8B8_UNORM", "R1_UNORM"):
        return False
    return bool(f.channels) or _real_codecs() is not None


def with_table_channels(format: int) -> Fmt:
    """``fmt(format)`` with the channel layout of pyd3d11.formats.table when it has landed (it covers the
    packed float formats the shim table leaves without channels)."""
    f = fmt(format)
    try:
        from pyd3d11.formats.table import format_info
    except ImportError:  # TODO(integration)
        return f
    info = format_info(int(format))
    chans = tuple((c.offset, c.bits, c.component, c.kind.name.lower()) for c in info.channels
                  if c.component is not None)
    return Fmt(f.format, f.name, f.bpb, f.block, f.group, f.kind, chans) if chans else f


def _is_integer_format(f: Fmt) -> bool:
    return bool(f.channels) and {k for _o, _b, _c, k in f.channels} <= {"uint", "sint"}


def _raw_fields(raw: np.ndarray, f: Fmt) -> list[np.ndarray]:
    """(N, bpb) bytes -> per-channel raw bit fields as uint64."""
    out = []
    n = raw.shape[0]
    packed = None
    for off, bits, _comp, _k in f.channels:
        if off % 8 == 0 and bits % 8 == 0:
            v = np.zeros(n, np.uint64)
            for i in range(bits // 8):
                v |= raw[:, off // 8 + i].astype(np.uint64) << np.uint64(8 * i)
        else:
            if packed is None:
                packed = np.zeros(n, np.uint64)
                for i in range(min(8, f.bpb)):
                    packed |= raw[:, i].astype(np.uint64) << np.uint64(8 * i)
            v = (packed >> np.uint64(off)) & np.uint64((1 << bits) - 1)
        out.append(v)
    return out


def pack_fields(f: Fmt, fields: list[np.ndarray], n: int, keep: np.ndarray | None = None) -> np.ndarray:
    """Per-channel raw bit fields -> (N, bpb) bytes (padding bits zero, or taken from ``keep``)."""
    out = np.zeros((n, f.bpb), np.uint8) if keep is None else keep.copy()
    for (off, bits, _c, _k), v in zip(f.channels, fields):
        v = np.asarray(v, np.uint64) & np.uint64((1 << bits) - 1)
        for bit in range(off - off % 8, off + bits, 8):
            byte = bit // 8
            lo = max(off, bit)
            hi = min(off + bits, bit + 8)
            width = hi - lo
            mask = ((1 << width) - 1) << (lo - bit)
            part = ((v >> np.uint64(lo - off)) & np.uint64((1 << width) - 1)).astype(np.uint8) << np.uint8(lo - bit)
            out[:, byte] = (out[:, byte] & np.uint8(~mask & 0xFF)) | part
    return out


def _srgb_to_linear(c: np.ndarray) -> np.ndarray:
    c = c.astype(np.float32)
    return np.where(c <= np.float32(0.04045), c / np.float32(12.92),
                    ((c + np.float32(0.055)) / np.float32(1.055)) ** np.float32(2.4)).astype(np.float32)


def _linear_to_srgb(c: np.ndarray) -> np.ndarray:
    c = c.astype(np.float32)
    return np.where(c <= np.float32(0.0031308), c * np.float32(12.92),
                    np.float32(1.055) * c ** np.float32(1 / 2.4) - np.float32(0.055)).astype(np.float32)


def _unorm_bits(x: np.ndarray, bits: int) -> np.ndarray:
    """Float -> UNORM code: clamp [0, 1], x(2^n-1), +0.5, truncate (spec 3.2.3.6). float32 math, except
    for n > 16 where float32 cannot hold the +0.5 step (24-bit depth) and float64 is used."""
    dt = np.float32 if bits <= 16 else np.float64
    x = np.clip(np.asarray(x, np.float32), 0, 1).astype(dt)
    return np.trunc(x * dt((1 << bits) - 1) + dt(0.5)).astype(np.uint64)


def _float_bits(v: np.ndarray, bits: int) -> np.ndarray:
    v = np.asarray(v, np.float32)
    if bits == 32:
        return v.view(np.uint32).astype(np.uint64)
    if bits == 16:
        return v.astype(np.float16).view(np.uint16).astype(np.uint64)
    raise NotSupportedError(f"float{bits} channel in copy/clear shim codec")


def encode_elements(format: int, values: np.ndarray, *, integer_cast: str = "rne") -> np.ndarray:
    """(N, 4) values -> (N, bpb) bytes through ``format`` (spec-facts §1.2 rules).

    Float-typed channels take float32 values; UINT/SINT channels take float values converted by
    ``integer_cast`` ("rne": round to nearest even, "trunc": toward zero), clamped to range.
    ``values`` may also be integer arrays (used as is for integer channels).
    """
    f = fmt(format)
    values = np.asarray(values)
    codecs = _real_codecs()
    if codecs is not None and encodable(format):
        if _is_integer_format(f) and values.dtype.kind == "f":
            v = np.nan_to_num(values.astype(np.float64), nan=0.0)
            v = np.rint(v) if integer_cast == "rne" else np.trunc(v)
            lo, hi = (-(2.0 ** 31), 2.0 ** 31 - 1) if "sint" in {c[3] for c in f.channels} else (0.0, 2.0 ** 32 - 1)
            values = np.clip(v, lo, hi).astype(np.int64)
        return np.asarray(codecs.encode(int(format), values), np.uint8).reshape(-1, f.bpb)
    if not f.channels or f.kind in ("typeless", "bc", "other"):
        raise NotSupportedError(f"encoding {f.name} in copy/clear shim codec")
    n = values.shape[0]
    fields = []
    for _off, bits, comp, kind in f.channels:
        x = values[:, comp]
        if kind in ("unorm", "srgb", "snorm"):
            x = np.asarray(x, np.float32)
            x = np.where(np.isnan(x), np.float32(0), x)
            if kind == "srgb" and comp < 3:
                x = _linear_to_srgb(np.clip(x, 0, 1))
            if kind == "snorm":
                scale = np.float32((1 << (bits - 1)) - 1)
                s = np.clip(x, -1, 1) * scale
                q = np.trunc(s + np.where(s >= 0, np.float32(0.5), np.float32(-0.5))).astype(np.int64)
                fields.append((q & ((1 << bits) - 1)).astype(np.uint64))
                continue
            fields.append(_unorm_bits(x, bits))
        elif kind == "float":
            fields.append(_float_bits(x, bits))
        else:
            lo, hi = (0, (1 << bits) - 1) if kind == "uint" else (-(1 << (bits - 1)), (1 << (bits - 1)) - 1)
            if np.issubdtype(np.asarray(x).dtype, np.floating):
                xf = np.asarray(x, np.float64)
                xf = np.where(np.isnan(xf), 0.0, xf)
                xf = np.rint(xf) if integer_cast == "rne" else np.trunc(xf)
                q = np.clip(xf, lo, hi).astype(np.int64)
            else:
                q = np.clip(np.asarray(x, np.int64), lo, hi)
            fields.append((q & ((1 << bits) - 1)).astype(np.uint64))
    return pack_fields(f, fields, n)


def decode_elements(format: int, raw: np.ndarray) -> np.ndarray:
    """(N, bpb) bytes -> (N, 4) values: float32 for float/norm formats, uint32/int32 for integer ones.
    Missing components: 0 for RGB, 1 for A (spec-facts §1.2, 19.1.3.3)."""
    f = fmt(format)
    raw = np.asarray(raw, np.uint8).reshape(-1, f.bpb)
    codecs = _real_codecs()
    if codecs is not None and encodable(format):
        return np.asarray(codecs.decode(int(format), raw)).reshape(-1, 4)
    if not f.channels or f.kind in ("typeless", "bc", "other"):
        raise NotSupportedError(f"decoding {f.name} in copy/clear shim codec")
    n = raw.shape[0]
    kinds = {k for _o, _b, _c, k in f.channels}
    integer = kinds <= {"uint", "sint"}
    dt = (np.int32 if "sint" in kinds else np.uint32) if integer else np.float32
    out = np.zeros((n, 4), dt)
    out[:, 3] = 1
    for (_off, bits, comp, kind), v in zip(f.channels, _raw_fields(raw, f)):
        if kind in ("unorm", "srgb"):
            x = (v.astype(np.float64) / ((1 << bits) - 1)).astype(np.float32)
            if kind == "srgb" and comp < 3:
                x = _srgb_to_linear(x)
        elif kind == "snorm":
            s = v.astype(np.int64)
            s = np.where(s >= (1 << (bits - 1)), s - (1 << bits), s)
            x = np.maximum((s / ((1 << (bits - 1)) - 1)).astype(np.float32), np.float32(-1))
        elif kind == "float":
            x = (v.astype(np.uint32).view(np.float32) if bits == 32
                 else v.astype(np.uint16).view(np.float16).astype(np.float32))
        elif kind == "sint":
            s = v.astype(np.int64)
            x = np.where(s >= (1 << (bits - 1)), s - (1 << bits), s)
        else:
            x = v
        out[:, comp] = x.astype(dt) if integer else x
    return out


# ---------------------------------------------------------------------------------------------------
# Copies
# ---------------------------------------------------------------------------------------------------

def full_box(st: ResourceStorage, sub: int) -> Box:
    L = st.layout(sub)
    return (0, 0, 0, L.width, L.height, L.depth)


def copy_resource(dst: ResourceStorage, src: ResourceStorage) -> None:
    """Whole-resource copy (CopyResource): identical layouts, so one byte move."""
    dst.data[...] = src.data
    dst.touch()


def _block_window(st: ResourceStorage, box: Box) -> tuple[slice, slice, slice]:
    b = st.block_size
    l, t, f, r, bt, bk = box
    return slice(f, bk), slice(t // b, -(-bt // b)), slice(l // b, -(-r // b))


def copy_region(dst: ResourceStorage, dst_sub: int, dst_x: int, dst_y: int, dst_z: int,
                src: ResourceStorage, src_sub: int, box: Box | None = None) -> None:
    """CopySubresourceRegion's byte work; ``box`` in source texels (bytes for buffers), already valid."""
    if box is None:
        box = full_box(src, src_sub)
    if src.dimension == StorageDimension.BUFFER:
        l, r = box[0], box[3]
        dst.data[dst_x:dst_x + (r - l)] = src.data[l:r].copy()
        dst.touch()
        return
    zs, ys, xs = _block_window(src, box)
    block = src.subresource_blocks(src_sub)[:, zs, ys, xs].copy()
    db = dst.block_size
    _, d, h, w, _ = block.shape
    out = dst.subresource_blocks(dst_sub)
    out[:, dst_z:dst_z + d, dst_y // db:dst_y // db + h, dst_x // db:dst_x // db + w] = block
    dst.touch()


def write_region(dst: ResourceStorage, sub: int, box: Box | None, data: object, row_pitch: int,
                 depth_pitch: int) -> None:
    """UpdateSubresource's byte work: copy rows of blocks from ``data`` (any buffer) with the given
    pitches into ``box`` of subresource ``sub`` (box already validated, block aligned)."""
    src = np.frombuffer(memoryview(data).cast("B"), np.uint8)
    if dst.dimension == StorageDimension.BUFFER:
        l, r = (0, dst.width) if box is None else (box[0], box[3])
        dst.data[l:r] = src[:r - l]
        dst.touch()
        return
    if box is None:
        box = full_box(dst, sub)
    zs, ys, xs = _block_window(dst, box)
    d, h, w = zs.stop - zs.start, ys.stop - ys.start, xs.stop - xs.start
    bpb = dst.bytes_per_block
    row_bytes = w * bpb
    # gather rows: index = z*depth_pitch + y*row_pitch + byte
    idx = (np.arange(d)[:, None, None] * depth_pitch + np.arange(h)[None, :, None] * row_pitch
           + np.arange(row_bytes)[None, None, :])
    need = int(idx.max()) + 1 if idx.size else 0
    if src.size < need:
        raise ValueError(f"UpdateSubresource: source data has {src.size} bytes, {need} needed")
    rows = src[idx].reshape(d, h, w, bpb)
    dst.subresource_blocks(sub)[0, zs, ys, xs] = rows
    dst.touch()


def read_subresource(st: ResourceStorage, sub: int) -> np.ndarray:
    """A tight copy of one subresource's bytes (what Map hands out)."""
    return st.subresource_bytes(sub).copy()


def write_subresource(st: ResourceStorage, sub: int, data: np.ndarray) -> None:
    st.subresource_bytes(sub)[...] = data
    st.touch()


# ---------------------------------------------------------------------------------------------------
# Resolve
# ---------------------------------------------------------------------------------------------------

def resolve(dst: ResourceStorage, dst_sub: int, src: ResourceStorage, src_sub: int, format: int) -> None:
    """ResolveSubresource: average of the samples (standard patterns, spec-facts §1.6) decoded through
    ``format``, re-encoded into ``dst``. Single-sample sources are copied."""
    sb = src.subresource_blocks(src_sub)
    if src.sample_count == 1:
        dst.subresource_blocks(dst_sub)[...] = sb
        dst.touch()
        return
    s, d, h, w, bpb = sb.shape
    vals = decode_elements(format, sb.reshape(-1, bpb)).astype(np.float32).reshape(s, -1, 4)
    mean = (vals.sum(axis=0, dtype=np.float32) / np.float32(s)).astype(np.float32)
    enc = encode_elements(format, mean)
    dst.subresource_blocks(dst_sub)[...] = enc.reshape(1, d, h, w, bpb)
    dst.touch()


# ---------------------------------------------------------------------------------------------------
# Clears
# ---------------------------------------------------------------------------------------------------

def view_subresources(view: ViewDescriptor) -> list[tuple[int, int, int]]:
    """(subresource, first W slice, W slice count) covered by a texture view.

    3D RTV/UAV views cover W slices ``first_slice..+slice_count`` of one mip; 3D SRVs cover every slice
    of their mips; array views cover ``slice_count`` array slices of ``mip_count`` mips."""
    st = view.storage
    out = []
    if st.dimension == StorageDimension.TEXTURE3D:
        for m in range(view.first_mip, view.first_mip + max(1, view.mip_count)):
            depth = st.layout(m).depth
            if view.kind in (ViewKind.RTV, ViewKind.UAV):
                first = view.first_slice
                count = min(view.slice_count, depth - first) if view.slice_count else depth - first
            else:
                first, count = 0, depth
            out.append((m, first, max(0, count)))
        return out
    for a in range(view.first_slice, view.first_slice + max(1, view.slice_count)):
        for m in range(view.first_mip, view.first_mip + max(1, view.mip_count)):
            sub = st.subresource_index(m, a)
            out.append((sub, 0, st.layout(sub).depth))
    return out


def fill_view(view: ViewDescriptor, element: np.ndarray, rects: list[tuple[int, int, int, int]] | None = None,
              byte_mask: np.ndarray | None = None) -> None:
    """Write one encoded element (``bpb`` bytes) into every element a view covers, optionally only
    inside ``rects`` ((left, top, right, bottom), clipped) and only the bytes set in ``byte_mask``."""
    st = view.storage
    element = np.asarray(element, np.uint8).ravel()
    if st.dimension == StorageDimension.BUFFER:
        esz = element.size
        start = view.first_element * view.element_size
        count = view.num_elements * view.element_size // esz
        if rects:
            spans = [(max(0, l), min(view.num_elements, r)) for l, _t, r, _b in rects]
        else:
            spans = [(0, count)]
        region = st.data[start:start + count * esz].reshape(count, esz)
        for a, b in spans:
            if b > a:
                _fill(region[a:b], element, byte_mask)
        st.touch()
        return
    for sub, z0, zc in view_subresources(view):
        blocks = st.subresource_blocks(sub)  # (samples, depth, rows, cols, bpb)
        L = st.layout(sub)
        if rects:
            for l, t, r, b in rects:
                l, t, r, b = max(0, l), max(0, t), min(L.width, r), min(L.height, b)
                if r > l and b > t:
                    _fill(blocks[:, z0:z0 + zc, t:b, l:r], element, byte_mask)
        else:
            _fill(blocks[:, z0:z0 + zc], element, byte_mask)
    st.touch()


def _fill(region: np.ndarray, element: np.ndarray, byte_mask: np.ndarray | None) -> None:
    if byte_mask is None:
        region[...] = element
    else:
        m = np.asarray(byte_mask, bool)
        region[..., m] = element[m]


def clear_color(view: ViewDescriptor, rgba: object, rects: list[tuple[int, int, int, int]] | None = None,
                integer_cast: str = "rne") -> None:
    """ClearRenderTargetView / ClearView / ClearUnorderedAccessViewFloat: encode ``rgba`` through the
    view's format (sRGB encoding applied) and fill."""
    vals = np.asarray(rgba, np.float32).reshape(1, 4)
    fill_view(view, encode_elements(view.format, vals, integer_cast=integer_cast)[0], rects)


def clear_uint(view: ViewDescriptor, values: object) -> None:
    """ClearUnorderedAccessViewUint: raw bits of each component truncated to the channel width; raw
    and structured buffer views get values[0] in every 32-bit word."""
    v = [int(x) & 0xFFFFFFFF for x in values]
    if view.raw or view.structured or view.format == 0:
        word = np.array([v[0]], np.uint32).view(np.uint8)
        fill_view(_as_words(view), word)
        return
    f = with_table_channels(view.format)
    fields = [np.array([v[c]], np.uint64) for _o, _b, c, _k in f.channels]
    fill_view(view, pack_fields(f, fields, 1)[0])


def _as_words(view: ViewDescriptor) -> ViewDescriptor:
    """The same byte range seen as 4-byte elements."""
    nbytes = view.num_elements * view.element_size
    first = view.first_element * view.element_size
    return ViewDescriptor(view.kind, view.storage, 0, view.dimension, first_element=first // 4,
                          num_elements=nbytes // 4, element_size=4)


def clear_depth_stencil(view: ViewDescriptor, clear_depth: bool, clear_stencil: bool, depth: float,
                        stencil: int) -> None:
    """ClearDepthStencilView: depth clamped to [0, 1] and encoded, stencil low 8 bits; only the planes
    named by the flags are written (a byte mask keeps the other plane)."""
    f = fmt(view.format)
    d = np.float32(min(max(float(np.float32(depth)), 0.0), 1.0)) if depth == depth else np.float32(0)
    fields, mask = [], np.zeros(f.bpb, bool)
    for off, bits, comp, kind in f.channels:
        if comp == 0:
            if kind == "float":
                fields.append(np.array([d], np.float32).view(np.uint32).astype(np.uint64))
            else:
                fields.append(_unorm_bits(np.array([d], np.float32), bits))
            on = clear_depth
        else:
            fields.append(np.array([int(stencil) & 0xFF], np.uint64))
            on = clear_stencil
        if on:
            mask[off // 8:(off + bits) // 8] = True
    element = pack_fields(f, fields, 1)[0]
    if mask.any():
        fill_view(view, element, None, mask)
