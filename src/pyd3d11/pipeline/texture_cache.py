"""Decoded-texture cache for the sampler (DESIGN §3: decoded caches keyed by the storage version).

A sampled view is decoded once into a :class:`TexData`: every mip of the view's range packed into one
component-major array ``data`` of shape (4, texels) (float32 for float/norm formats, uint32 / int32 for
integer formats), so a filter tap is one flat-index gather (``np.take(data, idx, axis=1)``).
Mip ``m`` (view-relative) occupies ``base[m] .. base[m] + layers*d*h*w`` laid out (layer, z, y, x).

Entries are keyed by (id(storage), storage.version, format, subresource range) and hold a
reference to the storage object (checked by identity) so a recycled ``id`` never returns stale texels. The
cache is a small LRU (it keeps at most ``_MAX_ENTRIES`` storages alive).
"""

from __future__ import annotations

import sys
import weakref
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from pyd3d11.formats import codecs
from pyd3d11.formats.numerics import NumberClass
from pyd3d11.formats.table import FormatKind, format_info
from pyd3d11.headers.dxgi_types import DXGI_FORMAT
from pyd3d11.storage import ResourceStorage, ViewDescriptor

# D3D11_SRV_DIMENSION values
SRV_BUFFER, SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_2DMS, SRV_2DMSARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY, \
    SRV_BUFFEREX = range(1, 12)

#: SRV dimension -> (kind, spatial dims, arrayed)
DIM_INFO = {
    SRV_1D: ("1d", 1, False), SRV_1DARRAY: ("1d", 1, True), SRV_2D: ("2d", 2, False),
    SRV_2DARRAY: ("2d", 2, True), SRV_3D: ("3d", 3, False), SRV_CUBE: ("cube", 2, False),
    SRV_CUBEARRAY: ("cube", 2, True),
}

_MAX_ENTRIES = 32


@dataclass(slots=True, eq=False)
class TexData:
    """One view's texels, decoded and packed for sampling."""

    kind: str  # "1d" | "2d" | "3d" | "cube"
    dims: int  # spatial dimensions addressed by normalised coordinates
    arrayed: bool
    layers: int  # array slices in the view (cube arrays: 6 * cubes)
    mips: int
    w: np.ndarray  # (mips,) int64 sizes per view mip
    h: np.ndarray
    d: np.ndarray
    base: np.ndarray  # (mips,) first flat texel of each mip
    data: np.ndarray  # (4, texels)
    number_class: NumberClass
    fmt: int
    first_mip: int
    fmt_float: bool  # float-format texels (INF/NaN possible: filtering keeps float rules)
    fmt_float_class: bool  # decoded as float32 (not UINT/SINT)
    texels: np.ndarray | None = None  # (texels, 4) interleaved copy of ``data``, made on first use
    packed: object = None  # (texels,) uint32 UNORM8 codes (see :meth:`unorm8`); False: not representable
    pairs: np.ndarray | None = None  # (2 * texels,) uint32 row-pair copy of ``packed`` (see :meth:`row_pairs`)
    #: the native sampler's per-op compile facts and argument binders for this entry, by the sampler state and op
    #: fields they are derived from (pipeline/native/sampler_plan._sample_support): kept with the texels they bind
    support: dict | None = None

    def interleaved(self) -> np.ndarray:
        """``data`` texel-major, (texels, 4) C-contiguous (the native sampler loads a texel's 4 channels at
        once); made once per decoded entry, so it is cached per texture version like ``data``."""
        if self.texels is None:
            self.texels = np.ascontiguousarray(self.data.T)
        return self.texels

    def unorm8(self) -> np.ndarray | None:
        """The texels as their 8-bit UNORM codes, one uint32 per texel (byte ``c`` = component ``c``), or
        None. Formats whose every present channel is an 8-bit UNORM (R8, R8G8, R8G8B8A8, B8G8R8A8,
        B8G8R8X8, A8 ...: D3D11.3 §3.2.3.5 decode ``c / 255`` in float32) decode to values ``k / 255`` and the
        missing-component defaults 0 and 1 (codes 0 and 255), so the native sampler can read 4 bytes a texel
        instead of 16 and decode in the kernel. The codes are recovered from the decoded texels and the
        round trip is checked exactly; any texel that does not come back bit for bit keeps the float path."""
        if self.packed is None:
            self.packed = _pack_unorm8(self) if _unorm8_format(self.fmt) else False
        return self.packed if self.packed is not False else None

    def row_pairs(self) -> np.ndarray | None:
        """The packed UNORM8 codes (:meth:`unorm8`) of a 2D texture (array) with each texel's lower neighbour
        beside it: word ``2 i`` is texel ``i``, word ``2 i + 1`` the texel one row below it in the same mip and
        array slice (0 in the last row of each, where no such texel exists). A bilinear footprint whose two
        columns and two rows are neighbours is then the 16 bytes at word ``2 i``: (x0, y0), (x0, y1), (x1, y0),
        (x1, y1) — one load per lane where two 8-byte loads 4 KB apart (one cache line each) read it from the
        row-major copy (pipeline/native/sampler_gen.SampleEmitter._fetch_quads). Twice the memory of the packed
        codes; made on first use per decoded entry, so it is cached per texture version like ``packed``: every
        write path (UpdateSubresource, Map, copies, render-target / UAV writes, GenerateMips) bumps the storage
        version and so builds a new entry."""
        if self.pairs is None:
            packed = self.unorm8()
            if packed is None or self.dims != 2 or self.kind != "2d":
                return None
            out = np.zeros((packed.size, 2), np.uint32)
            out[:, 0] = packed
            for m in range(self.mips):
                w, h, b = int(self.w[m]), int(self.h[m]), int(self.base[m])
                n = self.layers * h * w
                below = out[b:b + n, 1].reshape(self.layers, h, w)
                below[:, :h - 1, :] = packed[b:b + n].reshape(self.layers, h, w)[:, 1:, :]
            self.pairs = out.reshape(-1)
        return self.pairs


def _unorm8_format(fmt: int) -> bool:
    info = format_info(fmt)
    if info.compressed or info.block_width != 1 or info.block_height != 1:
        return False
    present = [c for c in info.channels if c.component is not None]
    return bool(present) and all(c.kind == FormatKind.UNORM and c.bits == 8 for c in present)


def _pack_unorm8(tex: TexData):
    data = tex.data
    if data.dtype != np.float32 or sys.byteorder != "little":  # the kernel reads byte c as component c
        return False
    codes = np.rint(data * np.float32(255)).astype(np.int64)
    if codes.size and (codes.min() < 0 or codes.max() > 255):
        return False
    codes = codes.astype(np.uint8)
    if not np.array_equal((codes.astype(np.float32) / np.float32(255)).view(np.uint32), data.view(np.uint32)):
        return False
    return np.ascontiguousarray(codes.T).view(np.uint32).reshape(-1)


_cache: OrderedDict = OrderedDict()


def _decode_subresource(storage: ResourceStorage, fmt: int, sub: int) -> np.ndarray:
    L = storage.layout(sub)
    raw = storage.data[L.offset:L.offset + L.depth_pitch * L.depth]
    return codecs.decode_region(fmt, raw, L.width, L.height, L.depth, L.row_pitch, L.depth_pitch)


def texture_data(view: ViewDescriptor) -> TexData:
    """The decoded, packed texels of an SRV (cached per storage version)."""
    st = view.storage
    key = (id(st), st.version, view.format, view.dimension, view.first_mip, view.mip_count, view.first_slice,
           view.slice_count)
    hit = _cache.get(key)
    if hit is not None and hit[0]() is st:
        _cache.move_to_end(key)
        return hit[1]
    tex = _build(view)
    _cache[key] = (weakref.ref(st), tex)  # weak: the cache must not keep resources alive
    while len(_cache) > _MAX_ENTRIES:
        _cache.popitem(last=False)
    return tex


def _build(view: ViewDescriptor) -> TexData:
    st = view.storage
    kind, dims, arrayed = DIM_INFO[view.dimension]
    fmt = view.format
    mips = max(1, min(view.mip_count, st.mip_levels - view.first_mip))
    if kind == "3d":
        slices = [0]
    else:
        count = 6 if (kind == "cube" and not arrayed) else (view.slice_count if arrayed else 1)
        slices = list(range(view.first_slice, min(view.first_slice + count, st.array_size)))
    ws, hs, ds, bases, parts = [], [], [], [], []
    off = 0
    for m in range(mips):
        mip = view.first_mip + m
        levels = [_decode_subresource(st, fmt, st.subresource_index(mip, s)) for s in slices]
        lv = np.stack(levels)  # (layers, d, h, w, 4)
        _, d, h, w, _ = lv.shape
        ws.append(w)
        hs.append(h)
        ds.append(d)
        bases.append(off)
        parts.append(lv.reshape(-1, 4))
        off += lv.shape[0] * d * h * w
    flat = np.concatenate(parts) if len(parts) > 1 else parts[0]
    data = np.ascontiguousarray(flat.T)
    return TexData(kind, dims, arrayed, len(slices), mips, np.array(ws, np.int64), np.array(hs, np.int64),
                   np.array(ds, np.int64), np.array(bases, np.int64), data, codecs.number_class(fmt), fmt,
                   view.first_mip, _is_float_format(fmt), codecs.number_class(fmt) == NumberClass.FLOAT)


def _is_float_format(fmt: int) -> bool:
    info = format_info(fmt)
    if info.compressed:
        return info.typeless == 94  # BC6H
    return any(ch.kind in (FormatKind.FLOAT, FormatKind.SHAREDEXP) for ch in info.channels)


def present_components(fmt: int) -> tuple[bool, bool, bool, bool]:
    """Which of R, G, B, A the format stores (§19.1.3.3; X bits do not count)."""
    info = format_info(fmt)
    have = [False] * 4
    for ch in info.channels:
        c = ch.component
        if c is not None and ch.kind != FormatKind.TYPELESS:
            have[c] = True
    if info.compressed or fmt in (DXGI_FORMAT.DXGI_FORMAT_R8G8_B8G8_UNORM, DXGI_FORMAT.DXGI_FORMAT_G8R8_G8B8_UNORM):
        have = list(_BLOCK_PRESENT.get(info.typeless, (True, True, True, False)))
    return tuple(have)  # type: ignore[return-value]


#: present components of block-compressed / sub-sampled families (by TYPELESS value)
_BLOCK_PRESENT = {70: (True, True, True, True), 73: (True, True, True, True), 76: (True, True, True, True),
                  79: (True, False, False, False), 82: (True, True, False, False),
                  94: (True, True, True, False), 97: (True, True, True, True)}


_buffers: OrderedDict = OrderedDict()


def buffer_texels(view: ViewDescriptor, element_bytes: int) -> np.ndarray:
    """A typed buffer SRV's elements decoded to (num_elements, 4) uint32 register bits (float formats as
    float32 bits), cached per storage version like :func:`texture_data` (the native ``ld`` reads them)."""
    st = view.storage
    key = (id(st), st.version, view.format, view.first_element, view.num_elements, element_bytes)
    hit = _buffers.get(key)
    if hit is not None and hit[0]() is st:
        _buffers.move_to_end(key)
        return hit[1]
    lo = view.first_element * element_bytes
    raw = np.asarray(st.data[lo:lo + view.num_elements * element_bytes]).reshape(view.num_elements, element_bytes)
    vals = np.ascontiguousarray(codecs.decode(view.format, raw))
    if vals.dtype.kind == "f":
        bits = vals.astype(np.float32).view(np.uint32)
    else:
        bits = vals.astype(np.int64).astype(np.uint32)
    bits = np.ascontiguousarray(bits.reshape(view.num_elements, 4))
    _buffers[key] = (weakref.ref(st), bits)
    while len(_buffers) > _MAX_ENTRIES:
        _buffers.popitem(last=False)
    return bits


def clear_cache() -> None:
    _cache.clear()
    _buffers.clear()
