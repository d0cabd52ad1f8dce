"""Storage-level data movement: copies, updates, resolves and clears (DESIGN §2, §3).

Everything here works on :class:`pyd3d11.storage.ResourceStorage` / :class:`ViewDescriptor` and plain
values; the api layer (``pyd3d11.api.context_data``) validates calls before they get here. Copies are
byte moves in *block* units (a BC block or one texel), which is what makes BC <-> uncompressed copies of
equal block size work (D3D11 ``CopySubresourceRegion`` remarks). Multisampled subresources move all
their sample planes. Writers call ``storage.touch()``.

Format knowledge comes from :mod:`pyd3d11.formats` (table facts via :func:`fmt`, element codecs via
:mod:`pyd3d11.formats.codecs`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyd3d11.errors import InvalidArgError, NotSupportedError
from pyd3d11.formats import codecs
from pyd3d11.formats.table import FormatInfo, FormatKind, format_info
from pyd3d11.headers.dxgi_types import DXGI_FORMAT
from pyd3d11.storage import ResourceStorage, StorageDimension, ViewDescriptor, ViewKind

Box = tuple[int, int, int, int, int, int]  # left, top, front, right, bottom, back (texels; bytes for buffers)


# ---------------------------------------------------------------------------------------------------
# Format facts: pyd3d11.formats.table, reduced to what copy/clear code needs
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


# Formats the element code handles: everything D3D11.1 defines up to DXGI_FORMAT_B4G4R4A4_UNORM (115),
# less UNKNOWN and the video formats (no per-texel codec).
_D3D11_LAST_FORMAT = 115


def _fmt_kind(info: FormatInfo) -> str:
    if info.compressed:
        return "bc"
    if info.bits_per_pixel != info.bytes_per_block * 8:  # R1 / R8G8_B8G8: several texels per element
        return "other"
    if info.kind in (FormatKind.DEPTH, FormatKind.DEPTH_STENCIL):
        return "depth"
    if info.kind == FormatKind.SHAREDEXP:
        return "float"
    if info.kind == FormatKind.XR_BIAS:
        return "unorm"
    return info.kind.name.lower()


def _fmt_channels(info: FormatInfo, kind: str) -> tuple[tuple[int, int, int, str], ...]:
    """Channels pack_fields can write as raw bit fields (none for BC, multi-texel, shared-exponent,
    XR-bias and small-float formats: those only go through the codecs)."""
    if kind in ("bc", "other") or info.kind in (FormatKind.SHAREDEXP, FormatKind.XR_BIAS):
        return ()
    chans = [c for c in info.channels if c.component is not None]
    if any(c.kind == FormatKind.FLOAT and c.bits not in (16, 32) for c in chans):
        return ()
    return tuple((c.offset, c.bits, c.component, "srgb" if kind == "srgb" else c.kind.name.lower()) for c in chans)


def _from_table(info: FormatInfo) -> Fmt:
    kind = _fmt_kind(info)
    return Fmt(info.value, info.name, info.bytes_per_block, info.block_size, info.typeless, kind,
               _fmt_channels(info, kind))


FORMATS: dict[int, Fmt] = {}
for _v in range(1, _D3D11_LAST_FORMAT + 1):
    try:
        _info = format_info(_v)
    except InvalidArgError:
        continue
    if _info.kind not in (FormatKind.UNKNOWN, FormatKind.VIDEO):
        FORMATS[_v] = _from_table(_info)


def fmt(format: int) -> Fmt:
    """Facts about ``format`` (raises NotSupportedError for formats the table does not know)."""
    f = FORMATS.get(int(format))
    if f is None:
        raise NotSupportedError(f"format {int(format)} in copy/clear code")
    return f


def same_group(a: int, b: int) -> bool:
    """True when two formats share a typeless family (what CopyResource requires)."""
    return int(a) == int(b) or (int(a) in FORMATS and int(b) in FORMATS and fmt(a).group == fmt(b).group)


# Reinterpreting copies between formats of different families ("Format Conversion using Direct3D 10.1",
# the CopyResource/CopySubresourceRegion remarks): (bits per element/block, uncompressed typeless families,
# block-compressed / shared-exponent families). Families: the TYPELESS value (R32 39, R16G16B16A16 9,
# R32G32 15, R32G32B32A32 1; BC1 70, BC4 79, BC2 73, BC3 76, BC5 82, BC6H 94, BC7 97; R9G9B9E5_SHAREDEXP 67).
REINTERPRET_FAMILIES: tuple[tuple[int, frozenset[int], frozenset[int]], ...] = (
    (32, frozenset({39}), frozenset({67})),
    (64, frozenset({9, 15}), frozenset({70, 79})),
    (128, frozenset({1}), frozenset({73, 76, 82, 94, 97})),
)
REINTERPRET_MIN_LEVEL = 0xA100  # D3D_FEATURE_LEVEL_10_1: the copies above do not exist before it


def copy_compatible(src: int, dst: int, feature_level: int = 0xB100) -> bool:
    """Whether CopyResource/CopySubresourceRegion may copy between ``src`` and ``dst``: the same typeless
    family at every level, or (from 10_1) one of :data:`REINTERPRET_FAMILIES`' uncompressed families
    against a compressed/shared-exponent family of the same width. Depth formats never reinterpret."""
    if same_group(src, dst):
        return True
    if feature_level < REINTERPRET_MIN_LEVEL:
        return False
    a, b = FORMATS.get(int(src)), FORMATS.get(int(dst))
    if a is None or b is None or "depth" in (a.kind, b.kind):
        return False
    for _bits, plain, packed in REINTERPRET_FAMILIES:
        if (a.group in plain and b.group in packed) or (a.group in packed and b.group in plain):
            return True
    return False


# ---------------------------------------------------------------------------------------------------
# Element codecs: pyd3d11.formats.codecs
# ---------------------------------------------------------------------------------------------------

def encodable(format: int) -> bool:
    """True when colour values can be encoded to/decoded from ``format`` elements (typed, uncompressed,
    one texel per element)."""
    f = FORMATS.get(int(format))
    return f is not None and f.kind not in ("typeless", "bc", "other")


def with_table_channels(format: int) -> Fmt:
    """``fmt(format)`` with the full channel layout of pyd3d11.formats.table (including the packed float
    formats :data:`FORMATS` leaves without raw channels)."""
    f = fmt(format)
    chans = tuple((c.offset, c.bits, c.component, c.kind.name.lower()) for c in format_info(int(format)).channels
                  if c.component is not None)
    return Fmt(f.format, f.name, f.bpb, f.block, f.group, f.kind, chans) if chans else f


def _is_integer_format(f: Fmt) -> bool:
    return bool(f.channels) and {k for _o, _b, _c, k in f.channels} <= {"uint", "sint"}


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


def _unorm_bits(x: np.ndarray, bits: int) -> np.ndarray:
    """Float -> UNORM code: clamp [0, 1], x(2^n-1), +0.5, truncate (spec 3.2.3.6). float32 math, except
    for n > 16 where float32 cannot hold the +0.5 step (24-bit depth) and float64 is used."""
    dt = np.float32 if bits <= 16 else np.float64
    x = np.clip(np.asarray(x, np.float32), 0, 1).astype(dt)
    return np.trunc(x * dt((1 << bits) - 1) + dt(0.5)).astype(np.uint64)


def encode_elements(format: int, values: np.ndarray, *, integer_cast: str = "rne") -> np.ndarray:
    """(N, 4) values -> (N, bpb) bytes through ``format`` (spec-facts §1.2 rules).

    Float-typed channels take float32 values; UINT/SINT channels take float values converted by
    ``integer_cast`` ("rne": round to nearest even, "trunc": toward zero), clamped to range.
    ``values`` may also be integer arrays (used as is for integer channels).
    """
    f = fmt(format)
    if not encodable(format):
        raise NotSupportedError(f"encoding {f.name} in copy/clear code")
    values = np.asarray(values)
    if _is_integer_format(f) and values.dtype.kind == "f":
        v = np.nan_to_num(values.astype(np.float64), nan=0.0)
        v = np.rint(v) if integer_cast == "rne" else np.trunc(v)
        lo, hi = (-(2.0 ** 31), 2.0 ** 31 - 1) if "sint" in {c[3] for c in f.channels} else (0.0, 2.0 ** 32 - 1)
        values = np.clip(v, lo, hi).astype(np.int64)
    return np.asarray(codecs.encode(int(format), values), np.uint8).reshape(-1, f.bpb)


def decode_elements(format: int, raw: np.ndarray) -> np.ndarray:
    """(N, bpb) bytes -> (N, 4) values: float32 for float/norm formats, uint32/int32 for integer ones.
    Missing components: 0 for RGB, 1 for A (spec-facts §1.2, 19.1.3.3)."""
    f = fmt(format)
    raw = np.asarray(raw, np.uint8).reshape(-1, f.bpb)
    if not encodable(format):
        raise NotSupportedError(f"decoding {f.name} in copy/clear code")
    return np.asarray(codecs.decode(int(format), raw)).reshape(-1, 4)


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
    # per axis: BC blocks are 4x4, the packed 2x1 formats (R8G8_B8G8, G8R8_G8B8) 2x1 elements
    bw, bh = st.block_width, st.block_height
    l, t, f, r, bt, bk = box
    return slice(f, bk), slice(t // bh, -(-bt // bh)), slice(l // bw, -(-r // bw))


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
    dbw, dbh = dst.block_width, dst.block_height
    _, d, h, w, _ = block.shape
    out = dst.subresource_blocks(dst_sub)
    out[:, dst_z:dst_z + d, dst_y // dbh:dst_y // dbh + h, dst_x // dbw:dst_x // dbw + w] = block
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
    if not rects and st.queued_data.nbytes >= SCENE_FILL_BYTES and _scene_fill(view, element, byte_mask):
        return  # (a tile fill in the drawing thread's scene: pipeline/native/scene_fill.py)
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


_WORD = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}


#: resources of at least this many bytes have their whole-view clears considered for the native scene path (a
#: smaller clear fills at once: its fill is cheap, and it leaves the backend unconsulted)
SCENE_FILL_BYTES = 1 << 20


def _scene_fill(view: ViewDescriptor, element: np.ndarray, byte_mask: np.ndarray | None) -> bool:
    """Whether a whole-view clear went into the native scene path's tile work instead of being filled now (the
    same bytes, written tile by tile before the scene's later draws: pipeline/native/fused.py ``scene_clear``)."""
    from .native import frontend

    if not frontend.active():
        return False
    from .native import fused

    return fused.scene_clear(view, element, byte_mask)


#: regions of at least this many bytes are filled in row ranges on the native backend's worker threads
PARALLEL_FILL_BYTES = 1 << 20


def _fill(region: np.ndarray, element: np.ndarray, byte_mask: np.ndarray | None) -> None:
    """:func:`_fill_range` over ``region``; a large one (a full-target clear) in disjoint ranges of its first axis
    longer than 1 on the native backend's worker threads (numpy's fills and in-place ufuncs release the GIL), so
    a frame's clears are not serial work on the drawing thread. Each element is written by exactly one range with
    the same operations, so the result is the same for any split."""
    parts = 1
    if region.nbytes >= PARALLEL_FILL_BYTES:
        from .native import frontend

        if frontend.active():
            from ..shader.native import pool, rows

            if byte_mask is None and region.shape[-1] == element.size and region.dtype == np.uint8 \
                    and rows.fill_elements(region, element):
                # a contiguous region (a whole target's clear) in byte ranges natively on the crew: no GIL hand-over
                # a range (a 4 MB clear on the pool's items took 0.58 ms of a 16-thread S3 frame, session 36)
                return

            axis = next((i for i, n in enumerate(region.shape[:-1]) if n > 1), None)
            if axis is not None:
                parts = min(pool.threads(), region.shape[axis], region.nbytes // PARALLEL_FILL_BYTES)
    if parts <= 1:
        _fill_range(region, element, byte_mask)
        return
    n = region.shape[axis]
    step = -(-n // parts)
    index = [slice(None)] * region.ndim

    def run(i: int) -> None:
        index_i = list(index)
        index_i[axis] = slice(i * step, min(n, (i + 1) * step))
        _fill_range(region[tuple(index_i)], element, byte_mask)

    pool.parallel_for(-(-n // step), run)


def _fill_range(region: np.ndarray, element: np.ndarray, byte_mask: np.ndarray | None) -> None:
    """Write ``element`` (the last axis, ``bpb`` bytes) into every element of ``region``; with ``byte_mask``
    only its set bytes (the other bytes keep their values).

    Elements are filled as whole 8/4/2-byte words (the widest dividing ``bpb``): numpy's scalar fill runs at
    memory bandwidth, where a broadcast of a byte vector copies byte groups one at a time."""
    bpb = element.size
    words = next((w for w in (8, 4, 2) if bpb % w == 0), None)
    if words is not None and region.shape[-1] == bpb and region.strides[-1] == 1:
        dt = _WORD[words]
        view = region.view(dt)  # (..., bpb // words) words per element
        val = element.view(dt)
        if byte_mask is None:
            if val.size == 1:
                view.fill(val[0])
            else:
                view[...] = val
            return
        keep = (~np.asarray(byte_mask, bool)).astype(np.uint8) * np.uint8(0xFF)
        keep_w = keep.view(dt)
        if val.size == 1:
            np.bitwise_and(view, keep_w[0], out=view)
            np.bitwise_or(view, val[0] & ~keep_w[0], out=view)
        else:
            np.bitwise_and(view, keep_w, out=view)
            np.bitwise_or(view, val & ~keep_w, out=view)
        return
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
    # (a frame clears its targets to the same colours every time: the encoded element is kept by the float32 bits,
    # so -0 and +0 stay apart)
    key = (view.format, vals.tobytes(), integer_cast)
    element = _CLEAR_ELEMENTS.get(key)
    if element is None:
        element = encode_elements(view.format, vals, integer_cast=integer_cast)[0]
        element.flags.writeable = False
        if len(_CLEAR_ELEMENTS) >= 64:
            _CLEAR_ELEMENTS.clear()
        _CLEAR_ELEMENTS[key] = element
    fill_view(view, element, rects)


_CLEAR_ELEMENTS: dict = {}  # (format, float32 bytes of the colour, integer cast) -> encoded element (clear_color)


def clear_uint(view: ViewDescriptor, values: object) -> None:
    """ClearUnorderedAccessViewUint: raw bits of each component truncated to the channel width; raw
    and structured buffer views get values[0] in every 32-bit word."""
    v = [int(x) & 0xFFFFFFFF for x in values]
    if view.raw or view.structured or view.format == DXGI_FORMAT.DXGI_FORMAT_UNKNOWN:
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
