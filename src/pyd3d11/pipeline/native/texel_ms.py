"""Native multisample texel access (issue 12): ``ld_ms`` (ld2dms), ``sample_info`` and ``sample_pos``, compiled into
shader kernels beside texel_gen.py's ``ld`` / ``resinfo``, bit-identical to the reference (shader/exec/memory.py
_ld with a sample index, _sampleinfo, _samplepos). ``sampler_plan.build_plan`` picks these emitters.

Rules (D3D11.3 §22.4 ld2dms / sampleinfo / samplepos; the Microsoft asm pages of the same names):

- ``ld2dms dst, address, t#, sampleIndex``: address .xy is the texel (.z the array slice of a 2DMS array view;
  .w is not read: a multisample view has one mip), immediate offsets add to .xy first (never to the array
  axis); sample ``sampleIndex`` (its first component, an integer) of that texel. Any coordinate, slice or sample index outside the view
  (the sample index against the resource's sample count) returns 0 in every component; an unbound t# returns 0.
  A plain ``ld`` on such a view (session 23) is the reference's ld2dms of sample 0 (memory._texel_offsets: .w is
  not a mip for a multisample kind, and no sample plane is added): the same emitter, sample index constant 0.
  The texels come from :func:`ms_texels`: every (slice, sample) plane of the view decoded by the reference's own
  decoder (memory.decode_texels) from the storage's bytes at the reference's offsets, once per storage version.
- ``sampleinfo[_uint] dst, t#|rasterizer``: (sample count, 0, 0, 0) of the resource (0 when unbound) or of the
  rasterizer (the bound render targets' count), as float unless _uint, swizzled by the resource operand.
- ``samplepos dst, t#|rasterizer, sampleIndex``: (x, y, 0, 0), sample ``sampleIndex``'s position relative to the
  pixel centre in the standard pattern of that count (spec §19.2.4's figures, transcribed in spec-facts §1.6),
  or (0, 0) for a resource / render targets of quality D3D11_CENTER_MULTISAMPLE_PATTERN (every sample at the
  centre); 0 for an index outside the count (read unsigned), an unbound resource, or a count with no standard
  pattern.

Both queries depend only on bindings, so each is a per-run table (bound at run time, not part of the kernel's
key) that the kernel reads with a splat or a row select — no callback into the reference remains for them.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, replace

import numpy as np

from pyd3d11.shader import ir
from pyd3d11.shader.exec.memory import decode_texels, sample_positions

from ..texture_cache import SRV_2DMS, SRV_2DMSARRAY
from .sampler_gen import VB, VI, VL, SampleEmitter, _is
from .texel_gen import LdEmitter, LdKey, _bits_src, _ld_support

OT = ir.OperandType
Op = ir.Opcode

#: opcodes this module compiles
MS_OPCODES = frozenset({Op.LD_MS, Op.SAMPLE_INFO, Op.SAMPLE_POS})

_MAX_ENTRIES = 16
_cache: OrderedDict = OrderedDict()


def ms_texels(view) -> np.ndarray:
    """The texels of a 2DMS / 2DMS-array SRV as (slices · samples · h · w, 4) uint32 register bits, laid out
    (slice, sample, y, x): decoded by memory.decode_texels from the bytes memory._texel_offsets addresses
    (subresource (first mip, first slice + slice) at sample plane ``sample`` · depth pitch), so each texel is
    the reference's bit for bit. Cached per storage version (every write path bumps it: render-target writes,
    copies, ResolveSubresource sources, UpdateSubresource)."""
    st = view.storage
    key = (id(st), st.version, view.format, view.dimension, view.first_mip, view.first_slice, view.slice_count)
    hit = _cache.get(key)
    if hit is not None and hit[0] is st:
        _cache.move_to_end(key)
        return hit[1]
    from pyd3d11.shader.exec.memory import _element_size

    bpe = _element_size(view)
    layers = _layers(view)
    S = st.sample_count
    parts = []
    for sl in range(layers):
        L = st.layout(st.subresource_index(view.first_mip, view.first_slice + sl))
        planes = L.offset + np.arange(S, dtype=np.int64)[:, None, None] * (L.depth_pitch * L.depth)
        off = planes + np.arange(L.height, dtype=np.int64)[None, :, None] * L.row_pitch \
            + np.arange(L.width, dtype=np.int64)[None, None, :] * bpe
        raw = st.data[off.reshape(-1, 1) + np.arange(bpe)[None, :]]
        parts.append(decode_texels(view.format, raw))
    words = np.ascontiguousarray(np.concatenate(parts) if parts else np.zeros((0, 4), np.uint32), np.uint32)
    if not words.size:
        words = np.zeros((1, 4), np.uint32)
    _cache[key] = (st, words)
    while len(_cache) > _MAX_ENTRIES:
        _cache.popitem(last=False)
    return words


def _layers(view) -> int:
    """Slices the reference's bounds accept (memory._texel_offsets: 0 <= slice < view.slice_count; a 2DMS view
    reads slice 0 only)."""
    n = max(0, int(view.slice_count))
    return n if view.dimension == SRV_2DMSARRAY else min(1, n)


def _ms_extent(view) -> tuple[int, int]:
    st = view.storage
    L = st.layout(st.subresource_index(view.first_mip, view.first_slice))
    return int(L.width), int(L.height)


@dataclass(frozen=True)
class LdMsKey:
    """Compile-time facts of one ld_ms on a multisample view (``bound`` False: an unbound t#, all zeros)."""

    bound: bool
    arrayed: bool
    offsets: tuple
    sel: tuple
    sample0: bool = False  # a plain ld (no sample operand) on the view: sample 0 (ld_plain_ms_support)


class LdMsEmitter:
    """ld2dms on a 2DMS / 2DMS-array SRV (module docstring): one masked gather per selected component from
    :func:`ms_texels`, 0 outside the view."""

    def __init__(self, key, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"
        # ld_ms on a single-sample view: texel_gen's ld with the sample check (its key is a texel_gen.LdKey)
        self.single = LdEmitter(key, ident) if isinstance(key, LdKey) else None

    def emit(self, g, op, m: str) -> None:
        k = self.key
        if self.single is not None:
            self.single.emit(g, op, m)
            return
        if not k.sel:
            return
        if not k.bound:
            zero = g.v(f"xor {VI} zeroinitializer, zeroinitializer")
            for d in op.dsts:
                g.store(d, zero, m)
            return
        co = [g.src(_bits_src(op.srcs[0][i])) for i in range(3)]
        co = [g.v(f"add {VI} {co[i]}, {_is(k.offsets[i])}") if k.offsets[i] else co[i] for i in range(3)]
        # a plain ld reads sample 0 (memory._texel_offsets adds no sample plane; the count is at least 1)
        s = g.v(f"xor {VI} zeroinitializer, zeroinitializer") if k.sample0 else g.src(_bits_src(op.srcs[1][0]))
        w, h, S = (SampleEmitter._iv(self, g, n) for n in ("w", "h", "samples"))
        x, y = co[0], co[1]
        ok = g.v(f"icmp ult {VI} {x}, {w}")  # unsigned: a negative coordinate is out of range too
        ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {y}, {h}')}")
        ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {s}, {S}')}")
        plane = s
        if k.arrayed:
            layers = SampleEmitter._iv(self, g, "layers")
            ok = g.v(f"and {VB} {ok}, {g.v(f'icmp ult {VI} {co[2]}, {layers}')}")
            plane = g.v(f"add {VI} {g.v(f'mul {VI} {co[2]}, {S}')}, {s}")
        idx = g.v(f"add {VI} {g.v(f'mul {VI} {plane}, {h}')}, {y}")
        idx = g.v(f"add {VI} {g.v(f'mul {VI} {idx}, {w}')}, {x}")
        # lanes outside the view read nothing (masked): their index is never formed into an address
        i64 = g.v(f"shl {VL} {g.v(f'zext {VI} {idx} to {VL}')}, splat (i64 2)")
        data = g.arg(self.p + "data")
        vals = {}
        for ch in sorted(set(k.sel)):
            ic = g.v(f"add {VL} {i64}, splat (i64 {ch})") if ch else i64
            vals[ch] = g.gather(data, ic, ok)
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, vals[ch], m)


def ld_plain_ms_support(t, view, ident: int):
    """(key, binder) for a plain ``ld`` (not ld2dms) on a 2DMS / 2DMS-array SRV, called by texel_gen's ld support.
    The reference defines it as ld2dms of sample 0 (memory._texel_offsets: a multisample kind ignores .w as the
    mip, and with no sample operand adds no sample plane): the same emitter with a constant sample index."""
    r = _ms_view_support(t, view, ident)
    if isinstance(r, str):
        return r
    key, bind = r
    return replace(key, sample0=True), bind


def _ld_ms_support(sampler, t, bindings, ident: int):
    """(key, binder) for a compiled ld_ms, or the reason it stays a callback."""
    if bindings is None:
        return "no bindings"
    view = bindings.srvs[t.t] if t.t < len(bindings.srvs) else None
    if view is None:  # memory._ld: an unbound t# stores 0
        return LdMsKey(False, False, (0, 0, 0), tuple(t.sel)), lambda A: None
    if view.dimension not in (SRV_2DMS, SRV_2DMSARRAY):
        # ld_ms on a single-sample view (a mismatch D3D leaves undefined): the reference reads it as ld with the
        # mip from .w and accepts sample 0 only (memory._texel_offsets); texel_gen's ld does the same, checked
        r = _ld_support(sampler, t, bindings, ident)
        if isinstance(r, str):
            return f"ld_ms on a single-sample view: {r}"
        key, bind = r
        return replace(key, ms_samples=max(1, int(view.storage.sample_count))), bind
    return _ms_view_support(t, view, ident)


def _ms_view_support(t, view, ident: int):
    """(key, binder) of an ld2dms-style read of bound 2DMS / 2DMS-array SRV ``view``, or why it is not compiled."""
    p = f"tx{ident}_"
    S = int(view.storage.sample_count)
    w, h = _ms_extent(view)
    layers = _layers(view)
    if layers * S * w * h >= 2 ** 29:
        return "multisample view larger than 2^29 texels"
    data = ms_texels(view)
    vals = {"w": w, "h": h, "samples": S, "layers": layers}

    def bind(A) -> None:
        A.ptr(p + "data", data)
        for name, v in vals.items():
            A.set(p + name, v)

    arrayed = view.dimension == SRV_2DMSARRAY
    # the offsets move x and y only: w is ignored and the array axis is never offset (memory.offset_axes)
    offs = (int(t.offsets[0]), int(t.offsets[1]), 0) if len(t.offsets) >= 2 else (0, 0, 0)
    return LdMsKey(True, arrayed, offs, tuple(t.sel)), bind


def _query_count(t, bindings) -> tuple[int, int]:
    """The sample count and quality level sampleinfo / samplepos report (memory._sampleinfo / _samplepos's rule):
    the rasterizer's (the bindings' plain values), or the bound resource's (count 0 when unbound)."""
    res = _resource_operand(t)
    if res is None or res.type == OT.RASTERIZER:
        if bindings is None:
            return 1, 0
        return int(getattr(bindings, "sample_count", 1) or 1), int(getattr(bindings, "sample_quality", 0))
    view = bindings.srvs[res.register] if bindings is not None and res.register < len(bindings.srvs) else None
    if view is None:
        return 0, 0
    return int(view.storage.sample_count), int(getattr(view.storage, "sample_quality", 0))


def _resource_operand(t):
    return next((o for o in t.inst.operands[1:] if o.type in (OT.RESOURCE, OT.RASTERIZER)), None)


@dataclass(frozen=True)
class QueryKey:
    """sampleinfo / samplepos: the opcode and the destination's selected components (the values are per run)."""

    op: int
    sel: tuple


class SampleInfoEmitter:
    """sampleinfo: each destination component a per-run word (the count as uint or float bits, or 0)."""

    def __init__(self, key: QueryKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        for d, ch in zip(op.dsts, self.key.sel):
            g.store(d, SampleEmitter._iv(self, g, f"w{ch}"), m)


class SamplePosEmitter:
    """samplepos: row ``sampleIndex`` of a per-run table of (x, y, 0, 0) rows, the last row zeros for any index
    the count does not have (ResinfoEmitter's row select)."""

    def __init__(self, key: QueryKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        k = self.key
        if not k.sel:
            return
        i = g.src(_bits_src(op.srcs[0][0]))
        n = SampleEmitter._iv(self, g, "count")
        ok = g.v(f"icmp ult {VI} {i}, {n}")  # the index is read unsigned: negative ones are out of range
        row = g.v(f"shl {VI} {SampleEmitter._sel(g, ok, i, n, VI)}, {_is(2)}")
        tab = g.arg(self.p + "tab")
        for d, ch in zip(op.dsts, k.sel):
            ix = g.v(f"sext {VI} {g.v(f'add {VI} {row}, {_is(ch)}')} to {VL}")
            g.store(d, g.gather(tab, ix, "splat (i1 true)"), m)


def sampleinfo_word(count: int, uint: bool) -> np.ndarray:
    """(count, 0, 0, 0) as uint32 words: integers for _uint, else float32 bits."""
    v = np.array([count, 0, 0, 0], np.uint32)
    return v if uint else v.astype(np.float32).view(np.uint32)


def samplepos_table(count: int, quality: int = 0) -> np.ndarray:
    """(rows + 1, 4) uint32 float bits: the pattern's (x / 16, y / 16, 0, 0) per sample index (the standard one, or
    D3D11_CENTER_MULTISAMPLE_PATTERN's zeros: memory.sample_positions), then a zero row (an index out of range, or
    a count with no standard pattern: no rows)."""
    pos = sample_positions(count, quality)
    tab = np.zeros((len(pos) + 1, 4), np.float32)
    for i, (x, y) in enumerate(pos):
        tab[i, 0], tab[i, 1] = np.float32(x) / np.float32(16), np.float32(y) / np.float32(16)
    return np.ascontiguousarray(tab).view(np.uint32)


def _query_support(sampler, t, bindings, ident: int):
    if t.inst is None:
        return "no instruction"
    p = f"tx{ident}_"
    count, quality = _query_count(t, bindings)
    key = QueryKey(int(t.opcode), tuple(t.sel))
    if t.opcode == Op.SAMPLE_INFO:
        words = sampleinfo_word(count, t.inst.return_type_control == 1)

        def bind_info(A) -> None:
            for ch in range(4):
                A.set(p + f"w{ch}", int(words[ch]))

        return key, bind_info
    tab = samplepos_table(count, quality)
    rows = tab.shape[0] - 1

    def bind_pos(A) -> None:
        A.ptr(p + "tab", tab)
        A.set(p + "count", rows)

    return key, bind_pos


#: opcode → (support, emitter class) for sampler_plan.build_plan
MS_EMITTERS = {Op.LD_MS: (_ld_ms_support, LdMsEmitter),
               Op.SAMPLE_INFO: (_query_support, SampleInfoEmitter),
               Op.SAMPLE_POS: (_query_support, SamplePosEmitter)}
