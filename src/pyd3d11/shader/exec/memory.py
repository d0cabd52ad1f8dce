"""Memory instructions: raw/structured/typed loads and stores on SRVs, UAVs and groupshared memory,
texture ``ld``/``ld_ms``, resinfo/bufinfo/sampleinfo/samplepos, atomics and sync (D3D11.3 spec 22.4,
22.17-22.19; spec-facts §1.9, §1.13, §1.15).

Out-of-bounds reads return 0 and out-of-bounds writes are dropped. Atomics from many lanes on one
address are serialised in lane order with vectorised segmented scans (no per-lane Python loop).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...errors import NotSupportedError
from ...formats import codecs
from .. import ir
from ..ops.opcodes import ATOMIC_OPCODES
from .operands import compile_dst, compile_dst_at, compile_src
from .state import ExecState

Op = ir.Opcode
OT = ir.OperandType
U32 = np.uint32

# ----------------------------------------------------------------------------------------------
# Typed texels through the format codecs (pyd3d11.formats.codecs): register bits <-> element bytes
# ----------------------------------------------------------------------------------------------

def decode_texels(fmt: int, raw: np.ndarray) -> np.ndarray:
    """raw (M, bpe) uint8 → (M, 4) uint32 register bits (float formats as float32 bits)."""
    vals = np.ascontiguousarray(codecs.decode(fmt, raw))
    if vals.dtype.kind == "f":
        return vals.astype(np.float32).view(U32)
    return vals.astype(np.int64).astype(U32)


def encode_texels(fmt: int, vals: np.ndarray) -> np.ndarray:
    """(M, 4) uint32 register bits → (M, bpe) uint8."""
    typed = np.ascontiguousarray(vals, U32).view(codecs.decode_dtype(fmt))
    return np.asarray(codecs.encode(fmt, typed), np.uint8).reshape(vals.shape[0], -1)


# ----------------------------------------------------------------------------------------------
# Resolving a resource operand to a word array
# ----------------------------------------------------------------------------------------------

def _view_words(view) -> np.ndarray:
    off = view.first_element * view.element_size
    size = view.num_elements * view.element_size
    raw = view.storage.data[off:off + (size & ~3)]
    return raw.view(U32)


class _Target:
    """words (flat uint32, writable), base word per lane (array or 0), limit words per lane, stride."""

    __slots__ = ("words", "base", "limit", "stride", "count", "view")

    def __init__(self, words, base, limit, stride, count, view=None):
        self.words, self.base, self.limit, self.stride, self.count, self.view = words, base, limit, stride, count, view


def _resolver(c, res: ir.Operand) -> Callable[[ExecState], _Target | None]:
    t, slot = res.type, res.register
    if t == OT.THREAD_GROUP_SHARED_MEMORY:
        size, stride = c.tgsm.get(slot, (0, 0))

        def tg(st: ExecState) -> _Target:
            w = st.tgsm_words[slot]
            if st.lane_group is not None:
                key = ("tgsm_base", w)
                base = st.memo.get(key)
                if base is None:  # lane → first word of its group's copy, built once per run
                    base = st.memo[key] = st.lane_group * w
            else:
                base = 0
            return _Target(st.tgsm[slot], base, w, stride, (w * 4 // stride) if stride else 0)

        return tg
    if t in (OT.UNORDERED_ACCESS_VIEW, OT.RESOURCE):
        decl_stride = (c.uav_stride if t == OT.UNORDERED_ACCESS_VIEW else c.srv_stride).get(slot, 0)

        def buf(st: ExecState) -> _Target | None:
            views = st.bindings.uavs if t == OT.UNORDERED_ACCESS_VIEW else st.bindings.srvs
            view = views[slot] if slot < len(views) else None
            if view is None:
                return None
            words = _view_words(view)
            stride = view.element_size if view.structured else decl_stride
            return _Target(words, 0, words.size, stride, view.num_elements, view)

        return buf
    raise NotSupportedError(f"memory operand type {OT(t).name}")


def _word_index(kind: str, tgt: _Target, a: np.ndarray, ncomp: int):
    """Per-lane first word index (int64) and the number of words in range from it."""
    if kind == "raw":
        w = a[0] >> 2
        avail = tgt.limit - w
    else:
        idx, off = a[0], a[1]
        stride = tgt.stride
        sw = stride >> 2
        offw = off >> 2
        w = idx * sw + offw
        ok = (idx < tgt.count) & (off < stride)
        avail = sw - offw
        if not (np.all(ok) if np.ndim(ok) else ok):
            avail = np.where(ok, avail, 0)
    return w, avail


def _const_src(op: ir.Operand) -> int | None:
    """The first selected component of an immediate operand, else None."""
    if op.type != OT.IMMEDIATE32:
        return None
    vals = list(op.values) * (4 if len(op.values) == 1 else 1)
    return int(vals[op.components()[0]])


def _addresses(kind: str, tgt: _Target, a0: np.ndarray, a1: np.ndarray | None, lanes: np.ndarray | None,
               const_off: int | None):
    """First word index per lane and the lanes' validity, for raw (a0 = byte address) or structured
    (a0 = element index, a1 = byte offset) access.

    Returns (flat int64 words incl. the per-lane base, ok bool array or None when every lane is in range,
    avail): a component ``s`` past the first word is in range where ``ok`` and ``s < avail`` (avail is a
    scalar, or an array for raw access). ``lanes`` restricts the work to those lane indices."""
    base = tgt.base
    if lanes is not None:
        if a0.shape[-1] > 1:
            a0 = np.take(a0, lanes)
        if a1 is not None and a1.shape[-1] > 1:
            a1 = np.take(a1, lanes)
        if isinstance(base, np.ndarray):
            base = np.take(base, lanes)
    nw = tgt.words.size
    if kind == "raw":
        w = (a0 >> U32(2)).astype(np.int64)
        avail = tgt.limit - w  # words in range from w (per lane)
        ok = None
        if isinstance(base, np.ndarray) or base:
            w = w + base if w.shape != np.shape(base) else _iadd(w, base)
        return w, ok, avail
    stride = tgt.stride
    sw = stride >> 2
    count = tgt.count
    has_base = isinstance(base, np.ndarray) or bool(base)
    unsafe = not isinstance(tgt.base, np.ndarray) and tgt.base == 0 and count * sw > nw
    if const_off is not None:
        if const_off >= stride:
            return None, None, 0
        offw = const_off >> 2
        avail = sw - offw
        # one max-reduction on the uint32 indices usually proves every lane in range
        ok = None if (a0.size == 0 or int(a0.max()) < count) else a0 < count
        if sw == 1 and offw == 0 and not has_base and not unsafe:
            return a0, ok, avail  # element index == word index: gather with the register values as is
        w = a0.astype(np.int64)
        if sw != 1:
            w *= sw
        if offw:
            w += offw
    else:
        idx = a0.astype(np.int64)
        off = a1.astype(np.int64)
        ok = (idx < count) & (off < stride)
        offw = off >> 2
        avail = np.where(ok, sw - offw, 0)
        w = idx * sw if sw != 1 else idx
        w = w + offw
        if ok.all():
            ok = None
    if has_base:
        w = w + base if w.shape != np.shape(base) else _iadd(w, base)
    # in-range lanes stay inside the words (buffers hold count*stride bytes, groupshared copies w words),
    # unless the view is smaller than its element count says: then limit per lane
    if unsafe:
        good = np.ones(w.shape, bool) if ok is None else ok
        avail = np.where(good, np.minimum(avail, nw - w), 0)
        return w, None, avail
    if ok is not None and ok.shape != w.shape:  # immediate index with a per-lane groupshared base
        ok = np.broadcast_to(ok, w.shape)
    return w, ok, avail


def _iadd(w: np.ndarray, base) -> np.ndarray:
    w += base
    return w


def _fetch(words: np.ndarray, w: np.ndarray, s: int, ok, avail) -> np.ndarray:
    """words[w + s] per lane, 0 where out of range (spec-facts §1.9)."""
    nw = words.size
    if nw == 0:
        return np.zeros(w.shape, U32)
    flat = w + s if s else w
    if isinstance(avail, np.ndarray):  # raw: per-lane limit
        good = (s < avail) & (flat < nw)
        if ok is not None:
            good &= ok
    else:
        if s >= avail:
            return np.zeros(w.shape, U32)
        good = ok
    if good is None:
        return np.take(words, flat)
    if good.all():
        return np.take(words, flat)
    v = np.take(words, flat, mode="clip")
    v[~good] = 0
    return v


def _load(kind: str, c, inst: ir.Instruction) -> Callable:
    dst = inst.operands[0]
    res = inst.operands[-1]
    comps, store = compile_dst(dst)
    _, store_at = compile_dst_at(dst)
    resolve = _resolver(c, res)
    g0 = compile_src(inst.operands[1], (inst.operands[1].components()[0],), "n")
    g1 = None
    const_off = None
    if kind == "structured":
        g1 = compile_src(inst.operands[2], (inst.operands[2].components()[0],), "n")
        const_off = _const_src(inst.operands[2])
    sw = res.components()
    sel = [sw[d] for d in comps]

    def run(st: ExecState) -> None:
        if store is None:
            return
        tgt = resolve(st)
        if tgt is None:
            store(st, np.zeros((len(comps), 1), U32))
            return
        lanes = None if st.full else st.active_lanes()
        a0 = g0(st)[0]
        a1 = g1(st)[0] if g1 is not None else None
        w, ok, avail = _addresses(kind, tgt, a0, a1, lanes, const_off)
        if w is None:
            rows = [np.zeros(1, U32)] * len(sel)
        else:
            rows = [_fetch(tgt.words, w, s, ok, avail) for s in sel]
        val = rows[0][None] if len(rows) == 1 else np.stack(np.broadcast_arrays(*rows))
        if lanes is None:
            store(st, val)
        elif val.shape[-1] == 1:
            store(st, val)
        else:
            store_at(st, lanes, val)

    return run


def _store(kind: str, c, inst: ir.Instruction) -> Callable:
    res = inst.operands[0]
    resolve = _resolver(c, res)
    comps = res.written()
    g0 = compile_src(inst.operands[1], (inst.operands[1].components()[0],), "n")
    g1 = None
    const_off = None
    if kind == "raw":
        val = inst.operands[2]
    else:
        g1 = compile_src(inst.operands[2], (inst.operands[2].components()[0],), "n")
        const_off = _const_src(inst.operands[2])
        val = inst.operands[3]
    gv = compile_src(val, tuple(val.components()[d] for d in comps), "n")

    def run(st: ExecState) -> None:
        tgt = resolve(st)
        if tgt is None:
            return
        lanes = st.effect_lanes()  # helper/discarded pixel lanes never write (§16.13)
        m = st.n if lanes is None else lanes.size
        if m == 0:
            return
        a0 = g0(st)[0]
        a1 = g1(st)[0] if g1 is not None else None
        w, ok, avail = _addresses(kind, tgt, a0, a1, lanes, const_off)
        if w is None:
            return
        w = np.broadcast_to(w, (m,))
        v = gv(st)
        nw = tgt.words.size
        for j, cpt in enumerate(comps):
            vj = v[j if v.shape[0] > 1 else 0]
            if vj.shape[-1] > 1 and lanes is not None:
                vj = vj[lanes]
            vj = np.broadcast_to(vj, (m,))
            flat = w + cpt if cpt else w
            if isinstance(avail, np.ndarray):
                good = (cpt < avail) & (flat < nw)
                if ok is not None:
                    good &= ok
            elif cpt >= avail:
                continue
            else:
                good = ok
            if good is None or good.all():
                tgt.words[flat] = vj
            else:
                tgt.words[flat[good]] = vj[good]
        if tgt.view is not None:
            tgt.view.storage.touch()

    return run


# ----------------------------------------------------------------------------------------------
# Typed access (ld, ld_ms, ld_uav_typed, store_uav_typed, typed atomics)
# ----------------------------------------------------------------------------------------------
_BUF = "buffer"
# view dimension (SRV / UAV enums, spec-facts §3) → (shape kind, coordinate layout)
_SRV_DIM = {1: _BUF, 11: _BUF, 2: "1d", 3: "1darray", 4: "2d", 5: "2darray", 6: "2dms", 7: "2dmsarray", 8: "3d",
            9: "cube", 10: "cubearray"}
_UAV_DIM = {1: _BUF, 2: "1d", 3: "1darray", 4: "2d", 5: "2darray", 8: "3d"}


def _element_size(view) -> int:
    """Bytes per element of a typed view: the view format's size (buffers store 1-byte "blocks")."""
    from ...formats.table import bytes_per_element

    return view.element_size or bytes_per_element(view.format)


def _texel_offsets(view, coords: np.ndarray, mip_in_w: bool, sample: np.ndarray | None):
    """coords (4, N) int64 → (byte offsets (N,), valid (N,)) into storage.data, per spec ld rules."""
    st = view.storage
    kind = (_SRV_DIM if view.kind == 0 else _UAV_DIM).get(view.dimension)
    n = coords.shape[1]
    bpe = _element_size(view)
    if kind is None:
        raise NotSupportedError(f"typed load from view dimension {view.dimension}")
    if kind == _BUF:
        x = coords[0]
        ok = (x >= 0) & (x < view.num_elements)
        return (view.first_element + x) * bpe, ok
    x = coords[0]
    y = np.zeros(n, np.int64)
    z = np.zeros(n, np.int64)
    sl = np.zeros(n, np.int64)
    if kind == "1d":
        pass
    elif kind == "1darray":
        sl = coords[1]
    elif kind in ("2d", "2dms"):
        y = coords[1]
    elif kind in ("2darray", "2dmsarray", "cube", "cubearray"):
        # ld on a cube view: the ld asm page allows "any resource type, other than TextureCube", so no valid
        # program reads one (a t# declared 2D array with a cube SRV bound is DEVICE_DRAW_VIEW_DIMENSION_MISMATCH,
        # its result undefined); both executors define it as the Texture2DArray the faces are stored as:
        # .z the face within the view (First2DArrayFace + 6 * cube + face of the resource), .w the mip
        y, sl = coords[1], coords[2]
    elif kind == "3d":
        y, z = coords[1], coords[2]
    # ld2dms: "srcAddress.a (post-swizzle) is always ignored" (a multisample view has one mip), arrays included
    mip = coords[3] if (mip_in_w and "ms" not in kind) else np.zeros(n, np.int64)
    nslices = view.slice_count if kind != "3d" else 1
    ok = (mip >= 0) & (mip < view.mip_count) & (sl >= 0) & (sl < nslices)
    m = np.clip(mip, 0, view.mip_count - 1) + view.first_mip
    s = np.clip(sl, 0, max(nslices - 1, 0)) + (view.first_slice if kind != "3d" else 0)
    sub = m + s * st.mip_levels
    L = st.subresources
    tab = np.array([(q.offset, q.width, q.height, q.depth, q.row_pitch, q.depth_pitch) for q in L], np.int64)
    sub = np.clip(sub, 0, len(L) - 1)
    off, w, h, d, rp, dp = (tab[sub, i] for i in range(6))
    if kind == "3d" and view.kind == 3:
        z = z + view.first_slice
        d = np.minimum(d, view.first_slice + view.slice_count)
    ok &= (x >= 0) & (x < w) & (y >= 0) & (y < h) & (z >= 0) & (z < d)
    if sample is not None:
        ok &= (sample >= 0) & (sample < st.sample_count)
        smp = np.clip(sample, 0, st.sample_count - 1)
        off = off + smp * dp * d
    if st.block_width != 1 or st.block_height != 1:
        # block formats (BC, 2x1 subsampled): the offset of the block holding the texel (§19.5)
        return off + z * dp + (y // st.block_height) * rp + (x // st.block_width) * st.bytes_per_block, ok
    return off + z * dp + y * rp + x * bpe, ok


def _block_texels(view, raw: np.ndarray, coords: np.ndarray) -> np.ndarray:
    """raw (N, block bytes) blocks → (N, 4) uint32 bits of the addressed texel in each block."""
    st = view.storage
    bw, bh = st.block_width, st.block_height
    n = raw.shape[0]
    if st.block_size != 1:
        texels = codecs.decode(view.format, raw.reshape(n, 1, 1, -1))  # (N, bh, bw, 4)
    else:
        texels = codecs.decode(view.format, raw)[:, None]  # subsampled: (N, 1, bw, 4)
    vals = texels[np.arange(n), coords[1] % bh if bh > 1 else 0, coords[0] % bw]
    return np.ascontiguousarray(vals, np.float32).view(U32)


def _typed_load(view, coords, mip_in_w, sample) -> np.ndarray:
    """(4, N) uint32 texel bits, 0 outside (spec-facts §1.9)."""
    off, ok = _texel_offsets(view, coords, mip_in_w, sample)
    st = view.storage
    blocky = view.kind == 0 and (st.block_width != 1 or st.block_height != 1) and st.dimension != 1
    bpe = st.bytes_per_block if blocky else _element_size(view)
    data = st.data
    o = np.where(ok, off, 0)
    o = np.clip(o, 0, max(data.size - bpe, 0))
    raw = data[o[:, None] + np.arange(bpe)[None, :]]
    vals = _block_texels(view, raw, coords) if blocky else decode_texels(view.format, raw)
    vals[~ok] = 0
    return vals.T


#: address components an immediate texel offset applies to, per SRV dimension (the ld / ld2dms asm pages: "Address
#: offsets are not applied along the array axis of Texture1D/2D Arrays", "_aoffimmi v,w components are ignored for
#: Texture1Ds", "_aoffimmi w component is ignored for Texture2Ds"); buffers take u only
_OFFSET_AXES = {_BUF: 1, "1d": 1, "1darray": 1, "2d": 2, "2darray": 2, "2dms": 2, "2dmsarray": 2, "3d": 3,
                "cube": 2, "cubearray": 2}  # (cubes: read by ld as the 2D array of their faces, _texel_offsets)


def offset_axes(view) -> np.ndarray:
    """(4, 1) int64 0/1 mask of the address components ``view``'s immediate offsets apply to (_OFFSET_AXES)."""
    n = _OFFSET_AXES.get(_SRV_DIM.get(view.dimension, "3d"), 3)
    return (np.arange(4) < n).astype(np.int64)[:, None]


def _ld(c, inst: ir.Instruction) -> Callable:
    o = inst.opcode
    dst, addr, res = inst.operands[0], inst.operands[1], inst.operands[2]
    comps, store = compile_dst(dst)
    ga = _comp_getter_all(addr)
    gs = None
    if o == Op.LD_MS:
        s = inst.operands[3]
        gs0 = compile_src(s, (s.components()[0],), "n")

        def gs(st):
            return np.broadcast_to(gs0(st)[0], (st.n,)).view(np.int32).astype(np.int64)

    uav = res.type == OT.UNORDERED_ACCESS_VIEW
    slot = res.register
    sw = res.components()
    offs = np.array(list(inst.texel_offset) + [0], np.int64)[:, None]

    def run(st: ExecState) -> None:
        if store is None:
            return
        view = (st.bindings.uavs if uav else st.bindings.srvs)[slot]
        if view is None:
            store(st, np.zeros((len(comps), 1), U32))
            return
        co = ga(st)
        if not uav and offs.any():
            co = co + offs * offset_axes(view)
        texel = _typed_load(view, co, not uav, gs(st) if gs else None)
        store(st, texel[[sw[d] for d in comps]])

    return run


def _comp_getter_all(op: ir.Operand) -> Callable[[ExecState], np.ndarray]:
    g = compile_src(op, op.components(), "n")
    return lambda st: np.broadcast_to(g(st), (4, st.n)).view(np.int32).astype(np.int64)


def _store_typed(c, inst: ir.Instruction) -> Callable:
    res, addr, val = inst.operands
    ga = _comp_getter_all(addr)
    gv = compile_src(val, val.components(), "n")
    slot = res.register

    def run(st: ExecState) -> None:
        view = st.bindings.uavs[slot]
        if view is None:
            return
        off, ok = _texel_offsets(view, ga(st), False, None)
        ok &= st.mask
        q = st.quiet()
        if q is not None:
            ok &= ~q
        if not ok.any():
            return
        v = np.broadcast_to(gv(st), (4, st.n))[:, ok].T
        enc = encode_texels(view.format, np.ascontiguousarray(v))
        bpe = enc.shape[1]
        view.storage.data[off[ok][:, None] + np.arange(bpe)[None, :]] = enc
        view.storage.touch()

    return run


# ----------------------------------------------------------------------------------------------
# Atomics
# ----------------------------------------------------------------------------------------------
_ATOMIC = ATOMIC_OPCODES  # shared with the other executor (shader/ops/opcodes.py)
_SCAN = {
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
    "umax": np.maximum, "umin": np.minimum,
    "imax": lambda a, b: np.maximum(a.view(np.int32), b.view(np.int32)).view(U32),
    "imin": lambda a, b: np.minimum(a.view(np.int32), b.view(np.int32)).view(U32),
}


def serial_atomic(words: np.ndarray, addr: np.ndarray, op: str, val: np.ndarray,
                  cmp: np.ndarray | None = None) -> np.ndarray:
    """Apply ``op`` for each lane in lane order to ``words[addr]``; returns each lane's pre-value.

    Lanes on one address are grouped (stable argsort keeps lane order) and combined with segmented
    scans: add by a cumulative sum, bit ops and min/max by a log-step scan, exch by a shift, and
    compare-exchange by repeatedly finding the next successful exchange per address."""
    m = addr.size
    if m == 0:
        return np.zeros(0, U32)
    order = np.argsort(addr, kind="stable")
    sa = addr[order]
    sv = val[order].astype(U32)
    start = np.empty(m, bool)
    start[0] = True
    start[1:] = sa[1:] != sa[:-1]
    first = np.maximum.accumulate(np.where(start, np.arange(m), 0))
    init = words[sa]
    end = np.empty(m, bool)
    end[-1] = True
    end[:-1] = start[1:]
    if op == "add":
        cs = np.cumsum(sv.astype(np.uint64))
        excl = cs - sv - (cs[first] - sv[first])
        pre = (init.astype(np.uint64) + excl).astype(U32)
        post = (pre + sv).astype(U32)
    elif op == "exch":
        pre = np.empty(m, U32)
        pre[0] = init[0]
        pre[1:] = sv[:-1]
        pre = np.where(start, init, pre)
        post = sv
    elif op == "cmp":
        sc = cmp[order].astype(U32)
        pre = np.empty(m, U32)
        seg = np.cumsum(start) - 1
        nseg = seg[-1] + 1
        state = init[start].copy()
        pos = np.nonzero(start)[0].copy()
        seg_end = np.nonzero(end)[0]
        idx = np.arange(m)
        done = np.zeros(nseg, bool)
        while not done.all():
            cand = (idx >= pos[seg]) & (sc == state[seg]) & ~done[seg]
            hit = np.full(nseg, m, np.int64)
            np.minimum.at(hit, seg[cand], idx[cand])
            lim = np.where(hit < m, hit, seg_end)
            rng = (idx >= pos[seg]) & (idx <= lim[seg]) & ~done[seg]
            pre[rng] = state[seg[rng]]
            got = hit < m
            state[got] = sv[hit[got]]
            pos = np.where(got, hit + 1, pos)
            done |= ~got | (pos > seg_end)
        words[sa[end]] = state
        out = np.empty(m, U32)
        out[order] = pre
        return out
    else:
        f = _SCAN[op]
        x = sv.copy()
        x[start] = f(init[start], sv[start])
        seg = np.cumsum(start)
        d = 1
        while d < m:
            same = seg[d:] == seg[:-d]
            x[d:] = np.where(same, f(x[:-d], x[d:]), x[d:])
            d *= 2
        post = x
        pre = np.empty(m, U32)
        pre[0] = init[0]
        pre[1:] = x[:-1]
        pre = np.where(start, init, pre)
    words[sa[end]] = post[end]
    out = np.empty(m, U32)
    out[order] = pre
    return out


def _atomic(c, inst: ir.Instruction) -> Callable:
    o = inst.opcode
    name = _ATOMIC[o]
    imm = o >= Op.IMM_ATOMIC_ALLOC
    ops_ = inst.operands
    if imm:
        dst, res, addr = ops_[0], ops_[1], ops_[2]
        rest = ops_[3:]
    else:
        dst, res, addr = None, ops_[0], ops_[1]
        rest = ops_[2:]
    comps, store = compile_dst(dst) if dst is not None else ((), None)
    resolve = _resolver(c, res)
    ga = _comp_getter_all(addr)
    gvals = [compile_src(r, (r.components()[0],), "n") for r in rest]
    is_uav = res.type == OT.UNORDERED_ACCESS_VIEW
    slot = res.register
    structured_decl = (res.type == OT.THREAD_GROUP_SHARED_MEMORY and c.tgsm.get(slot, (0, 0))[1]) or (
        is_uav and slot in c.uav_stride)

    def run(st: ExecState) -> None:
        act = st.mask
        q = st.quiet()
        if q is not None:
            act = act & ~q  # helper/discarded lanes: memory untouched, immediate result 0 (§16.12.2)
        a = ga(st)
        view = st.bindings.uavs[slot] if is_uav else None
        if is_uav and view is None:
            if store is not None:
                store(st, np.zeros((1, 1), U32))
            return
        if is_uav and not view.raw and not view.structured:
            off, ok = _texel_offsets(view, a, False, None)
            words = view.storage.data.view(U32)
            w = off >> 2
            base = 0
        else:
            tgt = resolve(st)
            kind = "structured" if (structured_decl or (view is not None and view.structured)) else "raw"
            w, avail = _word_index(kind, tgt, a, 1)
            ok = (avail > 0) & (w >= 0)
            words, base = tgt.words, tgt.base
        lanes = act & ok
        flat = (base + w)
        flat = np.broadcast_to(flat, (st.n,))[lanes]
        vals = [np.broadcast_to(g(st)[0], (st.n,))[lanes] for g in gvals]
        if name == "cmp":
            pre = serial_atomic(words, flat, "cmp", vals[1], vals[0])
        else:
            pre = serial_atomic(words, flat, name, vals[0])
        if view is not None:
            view.storage.touch()
        if store is not None:
            full = np.zeros(st.n, U32)
            full[lanes] = pre
            store(st, full[None, :])

    return run


def _alloc(c, inst: ir.Instruction) -> Callable:
    dst, res = inst.operands
    comps, store = compile_dst(dst)
    slot = res.register
    consume = inst.opcode == Op.IMM_ATOMIC_CONSUME

    def run(st: ExecState) -> None:
        view = st.bindings.uavs[slot]
        if view is None:
            return
        act = st.mask
        q = st.quiet()
        if q is not None:
            act = act & ~q  # helper/discarded lanes leave the hidden counter alone (§16.13)
        rank = np.cumsum(act) - 1
        cnt = int(act.sum())
        base = view.counter[0]
        if consume:
            val = (base - 1 - rank) & 0xFFFFFFFF
            view.counter[0] = (base - cnt) & 0xFFFFFFFF
        else:
            val = (base + rank) & 0xFFFFFFFF
            view.counter[0] = (base + cnt) & 0xFFFFFFFF
        if q is not None:
            val = np.where(act, val, 0)
        if store is not None:
            store(st, val.astype(U32)[None, :])

    return run


# ----------------------------------------------------------------------------------------------
# Queries
# ----------------------------------------------------------------------------------------------
_STD_POS = {
    1: [(0, 0)], 2: [(4, 4), (-4, -4)], 4: [(-2, -6), (6, -2), (-6, 2), (2, 6)],
    8: [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)],
    16: [(1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5), (-2, 6), (0, -7), (-4, -6),
         (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)],
}
#: DXGI_SAMPLE_DESC.Quality values naming the fixed patterns (D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS)
STANDARD_MULTISAMPLE_PATTERN = 0xFFFFFFFF
CENTER_MULTISAMPLE_PATTERN = 0xFFFFFFFE


def sample_positions(count: int, quality: int) -> list[tuple[int, int]]:
    """Sample positions (x, y) in 1/16 pixel from the pixel centre, by sample index, of a resource or rasterizer
    with ``count`` samples at quality level ``quality`` (D3D11_STANDARD_MULTISAMPLE_QUALITY_LEVELS; spec §19.2.4,
    spec-facts §1.6): D3D11_CENTER_MULTISAMPLE_PATTERN puts every sample at the centre, (0, 0); any other level
    is the standard pattern of the count (pyd3d11 reports one vendor level, 0, which behaves as
    D3D11_STANDARD_MULTISAMPLE_PATTERN: the enumeration page's remark; pipeline.draw._raster_pattern's rule);
    no rows for a count with no standard pattern (or 0, an unbound resource)."""
    if count <= 0:
        return []
    if quality == CENTER_MULTISAMPLE_PATTERN:
        return [(0, 0)] * count
    return list(_STD_POS.get(count, ()))


def resinfo_dims(view, lvl: np.ndarray, uav: bool = False) -> tuple:
    """resinfo's x, y, z for a bound view at absolute mip levels ``lvl`` (D3D11.3 §22.4.12): the mip's width,
    then its height or the array size, then its depth, the array size or the cube count, per view dimension;
    0 where the dimension has none. The one definition (the native texel fetch's table uses it too)."""
    s = view.storage
    kind = (_SRV_DIM if not uav else _UAV_DIM).get(view.dimension, "2d")
    w = np.maximum(1, s.width >> lvl)
    h = np.maximum(1, s.height >> lvl)
    d = np.maximum(1, s.depth >> lvl)
    z = np.zeros_like(w)
    arr = np.full_like(w, view.slice_count)
    return {"1d": (w, z, z), "1darray": (w, arr, z), "2d": (w, h, z), "2dms": (w, h, z),
            "2darray": (w, h, arr), "2dmsarray": (w, h, arr), "3d": (w, h, d),
            "cube": (w, h, z), "cubearray": (w, h, arr // 6)}.get(kind, (w, h, z))


def _resinfo(c, inst: ir.Instruction) -> Callable:
    dst, mip, res = inst.operands
    comps, store = compile_dst(dst)
    gm = compile_src(mip, (mip.components()[0],), "n")
    rt = inst.return_type_control
    uav = res.type == OT.UNORDERED_ACCESS_VIEW
    slot = res.register
    sw = res.components()

    def run(st: ExecState) -> None:
        view = (st.bindings.uavs if uav else st.bindings.srvs)[slot]
        n = st.n
        vals = np.zeros((4, n), np.int64)
        if view is not None:
            levels = view.mip_count if not uav else 1
            m = np.broadcast_to(gm(st)[0], (n,)).astype(np.int64)
            ok = m < levels
            dims = resinfo_dims(view, view.first_mip + np.minimum(m, levels - 1), uav)
            for i in range(3):
                vals[i] = np.where(ok, dims[i], 0)
            vals[3] = levels
        if rt == ir.ResInfoReturnType.UINT:
            out = vals.astype(U32)
        else:
            f = vals.astype(np.float32)
            if rt == ir.ResInfoReturnType.RCPFLOAT:
                with np.errstate(divide="ignore"):
                    f[:3] = np.float32(1.0) / f[:3]
            out = f.view(U32)
        if store is not None:
            store(st, out[[sw[d] for d in comps]])

    return run


def _bufinfo(c, inst: ir.Instruction) -> Callable:
    dst, res = inst.operands
    comps, store = compile_dst(dst)
    uav = res.type == OT.UNORDERED_ACCESS_VIEW
    slot = res.register

    def run(st: ExecState) -> None:
        view = (st.bindings.uavs if uav else st.bindings.srvs)[slot]
        v = 0
        if view is not None:
            v = view.num_elements * (4 if view.raw else 1)
        if store is not None:
            store(st, np.full((1, 1), v, U32))

    return run


def _sampleinfo(c, inst: ir.Instruction) -> Callable:
    dst = inst.operands[0]
    res = inst.operands[1] if len(inst.operands) == 2 else None
    comps, store = compile_dst(dst)
    uint = inst.return_type_control == 1

    def count(st: ExecState) -> int:
        if res is None or res.type == OT.RASTERIZER:
            return int(getattr(st.bindings, "sample_count", 1) or 1)
        view = st.bindings.srvs[res.register]
        return view.storage.sample_count if view is not None else 0

    def run(st: ExecState) -> None:
        n = count(st)
        v = np.array([n, 0, 0, 0], U32) if uint else np.array([n, 0, 0, 0], np.float32).view(U32)
        sw = res.components() if res is not None else (0, 1, 2, 3)
        if store is not None:
            store(st, v[[sw[d] for d in comps]][:, None])

    return run


def _samplepos(c, inst: ir.Instruction) -> Callable:
    dst, res, idx = inst.operands
    comps, store = compile_dst(dst)
    gi = compile_src(idx, (idx.components()[0],), "n")
    sw = res.components()

    def run(st: ExecState) -> None:
        if res.type == OT.RASTERIZER:
            n = int(getattr(st.bindings, "sample_count", 1) or 1)
            q = int(getattr(st.bindings, "sample_quality", 0))
        else:
            view = st.bindings.srvs[res.register]
            n = view.storage.sample_count if view is not None else 0
            q = int(getattr(view.storage, "sample_quality", 0)) if view is not None else 0
        pos = np.array(sample_positions(n, q), np.float32).reshape(-1, 2) / np.float32(16)
        i = np.broadcast_to(gi(st)[0], (st.n,)).astype(np.int64)
        ok = (i >= 0) & (i < len(pos))
        out = np.zeros((4, st.n), np.float32)
        if len(pos):
            p = pos[np.clip(i, 0, len(pos) - 1)]
            out[0] = np.where(ok, p[:, 0], 0)
            out[1] = np.where(ok, p[:, 1], 0)
        if store is not None:
            store(st, out.view(U32)[[sw[d] for d in comps]])

    return run


def compile_memory_op(c, inst: ir.Instruction) -> Callable | None:
    o = inst.opcode
    if o == Op.LD_RAW:
        return _load("raw", c, inst)
    if o == Op.LD_STRUCTURED:
        return _load("structured", c, inst)
    if o == Op.STORE_RAW:
        return _store("raw", c, inst)
    if o == Op.STORE_STRUCTURED:
        return _store("structured", c, inst)
    if o in (Op.LD, Op.LD_MS, Op.LD_UAV_TYPED):
        return _ld(c, inst)
    if o == Op.STORE_UAV_TYPED:
        return _store_typed(c, inst)
    if o in _ATOMIC:
        return _atomic(c, inst)
    if o in (Op.IMM_ATOMIC_ALLOC, Op.IMM_ATOMIC_CONSUME):
        return _alloc(c, inst)
    if o == Op.RESINFO:
        return _resinfo(c, inst)
    if o == Op.BUFINFO:
        return _bufinfo(c, inst)
    if o == Op.SAMPLE_INFO:
        return _sampleinfo(c, inst)
    if o == Op.SAMPLE_POS:
        return _samplepos(c, inst)
    if o == Op.SYNC:
        # All lanes of a group run in one SIMT batch and finish each op before the next, so a barrier in
        # uniform flow control is already satisfied (see pyd3d11.pipeline.compute).
        return lambda st: None
    return None


def prepare_tgsm(c, st: ExecState, groups: int) -> None:
    """Allocate zeroed groupshared memory (``groups`` copies of each g#) unless supplied."""
    for reg, (size, _) in c.tgsm.items():
        w = (size + 3) // 4
        st.tgsm_words[reg] = w
        if reg not in st.tgsm:
            st.tgsm[reg] = np.zeros(groups * w, U32)
