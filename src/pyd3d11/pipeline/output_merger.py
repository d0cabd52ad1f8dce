"""Output merger: sample mask, alpha-to-coverage, depth/stencil, blending and writes (D3D11.3 §17).

Fragments reach the OM in primitive order. They are applied in *layers*: layer k holds, for every
pixel, the k-th fragment that hit it, so each layer touches distinct pixels and is one numpy batch,
and the result equals a serial GPU's (DESIGN §3). Colour targets are read and written in place, texel
by texel of each layer (no decoded copy of a target: memory is bounded by the fragments of a batch);
every written value is re-quantised through the target format at once, so a later layer blends
against exactly what memory holds.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..formats import codecs
from ..formats.table import FormatKind, format_info
from ..storage import StorageDimension, ViewDescriptor
from . import blend as bl
from .depth_stencil import DepthStencilTarget, compare, stencil_op
from .target_planes import TargetPlanes

RTV_TEXTURE3D = 8
RTV_BUFFER = 1


@dataclass(slots=True)
class PixelFragments:
    """Shaded fragments of one draw, in primitive order (one per covered, non-discarded pixel)."""

    x: np.ndarray  # (n,) int64
    y: np.ndarray
    slice: np.ndarray  # (n,) int64 render-target array index (already range-checked)
    coverage: np.ndarray  # (n,) uint32 samples covered by the primitive
    depth: np.ndarray  # (n, S) float32 depth per sample (interpolated or oDepth)
    front: np.ndarray  # (n,) bool
    colors: np.ndarray  # (K, n, 4) uint32 PS output registers o0..o(K-1), K <= 8; missing ones read as 0
    vp_min: np.ndarray  # (n,) float32 viewport MinDepth
    vp_max: np.ndarray  # (n,) float32 viewport MaxDepth
    omask: np.ndarray | None = None  # (n,) uint32 oMask when the PS writes it
    pretested: bool = False  # depth/stencil already applied before the PS ([earlydepthstencil])
    occlusion: np.ndarray | None = None  # (n,) samples counted per visible fragment (ForcedSampleCount)


@dataclass(slots=True)
class OMState:
    rtvs: list[ViewDescriptor | None] = field(default_factory=lambda: [None] * 8)
    dsv: ViewDescriptor | None = None
    blend: Any = None  # D3D11_BLEND_DESC1-like (AlphaToCoverageEnable, IndependentBlendEnable, RenderTarget[8])
    blend_factor: tuple[float, float, float, float] = (1.0, 1.0, 1.0, 1.0)
    sample_mask: int = 0xFFFFFFFF
    depth_stencil: Any = None  # D3D11_DEPTH_STENCIL_DESC-like
    stencil_ref: int = 0


def _to_channel_width(fmt: int, words: np.ndarray) -> np.ndarray:
    """Each component of (n, 4) uint32 cut to its channel's bit width (sign-extended for SINT)."""
    info = format_info(fmt)
    out = words.copy()
    for ch in info.channels:
        c = ch.component
        if c is None or ch.bits >= 32:
            continue
        v = out[:, c] & np.uint32((1 << ch.bits) - 1)
        if info.kind == FormatKind.SINT:
            sign = np.uint32(1 << (ch.bits - 1))
            v = (v ^ sign) - sign  # uint32 wrap-around gives the two's-complement extension
        out[:, c] = v
    return out


@dataclass(slots=True, eq=False)
class ColorTarget:
    """One bound render target as the numpy merger sees it: the view's texels in place (target_planes).

    Each layer of fragments gathers the codes of the texels it covers, decodes them, blends, encodes the
    result and scatters the codes straight back into memory, so nothing of the target is copied and a later
    layer blends against exactly what memory holds (§17: blending reads the stored value)."""

    view: ViewDescriptor
    format: int
    kind: FormatKind
    texels: TargetPlanes
    dtype: np.dtype  # of decoded texels
    lo: float | None  # blend input/output clamp range (None: unclamped float)
    hi: float | None
    dirty: bool = False

    @classmethod
    def load(cls, view: ViewDescriptor) -> ColorTarget:
        if view.dimension == RTV_BUFFER:
            raise NotSupportedError("render-target views of buffers")
        info = format_info(view.format)
        slices = _slice_bytes(view)
        S, H, W = slices[0].shape[:3]
        texels = TargetPlanes([b.reshape(-1, b.shape[-1]) for b in slices], (len(slices), S, H, W))
        kind = _color_kind(info)
        lo, hi = {FormatKind.UNORM: (0.0, 1.0), FormatKind.SRGB: (0.0, 1.0),
                  FormatKind.SNORM: (-1.0, 1.0)}.get(kind, (None, None))
        return cls(view, view.format, kind, texels, codecs.decode_dtype(view.format), lo, hi)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        return self.texels.shape

    def gather(self, lin: np.ndarray) -> np.ndarray:
        """Decoded texels (m, 4) at linear indices ((slice * S + sample) * H + y) * W + x."""
        return np.ascontiguousarray(codecs.decode(self.format, self.texels.codes(lin)), self.dtype)

    def scatter(self, lin: np.ndarray, codes: np.ndarray) -> None:
        """Store encoded texels (m, bytes) at distinct linear indices."""
        self.texels.store(lin, codes)
        self.dirty = True

    def texel(self, sl: int, s: int, y: int, x: int) -> np.ndarray:
        """One decoded texel (4,) (pixel history's before/after values)."""
        return self.gather(np.array([self.texels.linear(sl, s, y, x)], np.int64))[0]

    def store(self) -> None:
        if self.dirty:
            self.view.storage.touch()
            self.dirty = False


def _color_kind(info) -> FormatKind:
    for ch in info.channels:
        if ch.name in "RGBA":
            return ch.kind
    return info.kind


def _slice_planes(view: ViewDescriptor):
    """(subresource, depth index or None) for each RT slice of the view."""
    st = view.storage
    if st.dimension == StorageDimension.TEXTURE3D:
        sub = st.subresource_index(view.first_mip, 0)
        return [(sub, view.first_slice + i) for i in range(view.slice_count)]
    return [(st.subresource_index(view.first_mip, view.first_slice + i), None) for i in range(view.slice_count)]


def _slice_bytes(view: ViewDescriptor):
    """(S, H, W, bpe) writable views of each RT slice's bytes."""
    st = view.storage
    out = []
    for sub, z in _slice_planes(view):
        L = st.layout(sub)
        b = st.subresource_bytes(sub).reshape(st.sample_count, L.depth, L.height, L.width, st.bytes_per_block)
        out.append(b[:, z if z is not None else 0])
    return out


def _layers(key: np.ndarray) -> list[np.ndarray]:
    """Split fragment indices into layers of distinct keys, preserving submission order per key."""
    n = key.shape[0]
    if n == 0:
        return []
    order = _stable_argsort(key)
    k = key[order]
    start = np.concatenate([[True], k[1:] != k[:-1]])
    first = np.maximum.accumulate(np.where(start, np.arange(n), 0))
    rank = np.empty(n, np.int64)
    rank[order] = np.arange(n) - first
    top = int(rank.max())
    if top == 0:
        return [np.arange(n)]
    if top < 8:  # few layers: one ascending scan per layer beats a sort
        return [np.nonzero(rank == r)[0] for r in range(top + 1)]
    by_rank = np.argsort(rank, kind="stable")
    counts = np.bincount(rank)
    return np.split(by_rank, np.cumsum(counts)[:-1])


def _stable_argsort(key: np.ndarray) -> np.ndarray:
    """``np.argsort(key, kind="stable")``; non-negative keys below 2**32 sort as two stable 16-bit
    radix passes (low half, then high half), which is the same permutation, faster."""
    if key.min() < 0 or key.max() >= 1 << 32:
        return np.argsort(key, kind="stable")
    low = np.argsort((key & 0xFFFF).astype(np.uint16), kind="stable")
    return low[np.argsort((key[low] >> 16).astype(np.uint16), kind="stable")]


_DISTINCT_SCRATCH_MAX = 1 << 25  # bytes of the scratch mask of _distinct


def _distinct(key: np.ndarray, size: int) -> bool:
    """Whether all keys in [0, size) are distinct (then :func:`_layers` is one layer, in order)."""
    n = key.shape[0]
    if n > size or size > _DISTINCT_SCRATCH_MAX or key.min() < 0 or key.max() >= size:
        return False  # (huge targets: not worth a scratch array; the layer sort decides)
    seen = np.zeros(size, bool)
    seen[key] = True
    return int(np.count_nonzero(seen)) == n


def _register(colors: np.ndarray, rows: np.ndarray | None, i: int) -> np.ndarray:
    """(m, 4) uint32 bits of output register ``i`` for fragments ``rows`` (all when None)."""
    if i >= colors.shape[0]:
        return np.zeros((colors.shape[1] if rows is None else rows.shape[0], 4), np.uint32)
    return colors[i] if rows is None else np.take(colors[i], rows, axis=0)


def _native_wanted() -> bool:
    from ..shader import native

    if not native.use_native():
        return False
    from .native import om_runtime

    return om_runtime.ENABLED


def _plane0(view: ViewDescriptor) -> tuple[np.ndarray, int, int]:
    """(bytes of the view's slice 0 from sample 0 of pixel (0, 0), row pitch, sample pitch) of an RTV."""
    b = _slice_bytes(view)[0]  # (S, H, W, bpe) view of the storage
    if not b[0].flags.c_contiguous:
        raise NotSupportedError("non-contiguous render-target plane")
    return b, b.strides[1], b.strides[0]


def _ds_plane0(view: ViewDescriptor) -> tuple[np.ndarray, int, int]:
    st = view.storage
    sub = st.subresource_index(view.first_mip, view.first_slice)
    L = st.layout(sub)
    planes = st.subresource_bytes(sub).reshape(st.sample_count, L.height, L.width, st.bytes_per_block)
    return planes, planes.strides[1], planes.strides[0]


def _a2c_mask(alpha: np.ndarray, samples: int) -> np.ndarray:
    """Alpha-to-coverage: alpha <= 0 (or NaN) -> none, >= 1 -> all, n-step monotonic in between (§17.18)."""
    a = np.nan_to_num(alpha.astype(np.float64), nan=0.0)
    count = np.clip(np.floor(a * samples + 0.5), 0, samples).astype(np.int64)
    return ((np.uint64(1) << count.astype(np.uint64)) - np.uint64(1)).astype(np.uint32)


class OutputMerger:
    """Applies shaded fragments of one draw to the bound targets."""

    def __init__(self, state: OMState, sample_count: int, written_targets: int = 0xFF):
        """``written_targets``: bit i set when the pixel shader declares output o<i> (§16.9.1: a target
        whose o# has no declared component is not modified, whatever the blend state; no pixel shader
        writes no target)."""
        self.state = state
        self.samples = sample_count
        self.written_targets = written_targets
        self.ds = DepthStencilTarget.load(state.dsv) if state.dsv is not None else None
        self.bf = np.array(state.blend_factor, np.float32)
        self.samples_passed = 0  # for OCCLUSION queries
        # The native merger (issue 12) writes the targets' memory in place: then no decoded copies are
        # made unless a batch falls back to this numpy merger (debugging subclasses always use numpy).
        self._native: dict | None = {} if type(self) is OutputMerger and _native_wanted() else None
        self._native_wrote = False
        self._native_ds_wrote = False
        self.targets: list[ColorTarget | None] | None = None
        if self._native is not None and self._native_batch(False, False) is None:
            self._native = None
        if self._native is None:
            self._load_targets()
        self.shape = self._target_shape()

    def _load_targets(self) -> None:
        self.targets = [ColorTarget.load(v) if v is not None else None for v in self.state.rtvs]

    def _target_shape(self) -> tuple[int, int, int]:
        for v in list(self.state.rtvs) + [self.state.dsv]:
            if v is not None:
                L = v.storage.layout(v.first_mip)
                return max(1, v.slice_count), L.height, L.width
        return 1, 1, 1

    # --- native merger ------------------------------------------------------------------------
    def _native_batch(self, pretested: bool, omask: bool):
        """The native merger of this draw's state for batches with these flags (cached), or None
        (the reason counted in ``om_runtime.stats``)."""
        k = (pretested, omask)
        if k in self._native:
            return self._native[k]
        from .native import om_gen, om_runtime

        st = self.state
        got = None
        reason = None
        if any(v is not None and v.dimension == RTV_BUFFER for v in st.rtvs):
            reason = "render-target view of a buffer"
        else:
            key = om_gen.om_key(st, [v.format if v is not None else None for v in st.rtvs],
                                st.dsv.format if st.dsv is not None else None, self.samples,
                                written_targets=self.written_targets, pretested=pretested, omask=omask)
            if key is None:
                reason = "state not built natively (formats, logic ops, MSAA or blend)"
            else:
                try:
                    rts = [_plane0(v) if v is not None else None for v in st.rtvs]
                    ds = _ds_plane0(st.dsv) if st.dsv is not None and key.ds is not None else None
                    got = om_runtime.NativeBatch(key, rts, ds, st.blend_factor, st.stencil_ref)
                except Exception as e:  # a generator gap must not break a draw: numpy merges instead
                    if om_runtime.STRICT:
                        raise
                    reason = f"native compile error: {type(e).__name__}: {e}"
        if got is None:
            om_runtime.stats.fallback(reason)
        self._native[k] = got
        return got

    def _native_process(self, f: PixelFragments) -> str | None:
        """Apply ``f`` natively; returns None when done, else why not (nothing applied then)."""
        if f.occlusion is not None:
            return "forced sample count"
        if f.depth.ndim != 2 or f.depth.shape[1] != self.samples:
            return "fragment depth per sample missing"
        if f.slice.any():
            return "render-target array slice > 0"
        vmin, vmax = f.vp_min, f.vp_max
        tested = self.state.dsv is not None and not f.pretested
        if tested and (vmin.min() != vmin.max() or vmax.min() != vmax.max()):
            return "per-fragment viewport depth range"
        H, W = self._native_bounds()
        if f.x.min() < 0 or f.y.min() < 0 or f.x.max() >= W or f.y.max() >= H:
            return "fragment outside the targets"  # (memory safety: native code writes unchecked)
        nb = self._native_batch(bool(f.pretested), f.omask is not None)
        if nb is None:
            return "state not built natively"
        cov = f.coverage if f.omask is None else f.coverage & f.omask  # (the sample mask is in the key)
        self.samples_passed += nb.run(f.x, f.y, cov, f.depth, f.colors, vmin[0], vmax[0], f.front)
        self._native_wrote = True
        if nb.key.ds is not None and (nb.key.ds.depth_write or nb.key.ds.stencil_write):
            self._native_ds_wrote = True
        return None

    def _native_bounds(self) -> tuple[int, int]:
        """(H, W) every bound view covers."""
        H = W = 1 << 62
        for v in list(self.state.rtvs) + [self.state.dsv]:
            if v is not None:
                L = v.storage.layout(v.first_mip)
                H, W = min(H, L.height), min(W, L.width)
        return H, W

    def _leave_native(self, reason: str) -> None:
        """From now on this draw merges in numpy, from what memory holds (the native writes included)."""
        from .native import om_runtime

        om_runtime.stats.fallback(reason)
        self._native = None
        self._touch_native()
        self._load_targets()
        self._reload_ds()

    def _reload_ds(self) -> None:
        if self._native_ds_wrote and self.state.dsv is not None:
            self.ds = DepthStencilTarget.load(self.state.dsv)
            self._native_ds_wrote = False

    def _touch_native(self) -> None:
        if self._native_wrote:
            for v in list(self.state.rtvs) + [self.state.dsv]:
                if v is not None:
                    v.storage.touch()
            self._native_wrote = False

    def process(self, f: PixelFragments) -> None:
        if f.x.shape[0] == 0:
            return
        if self._native is not None:
            reason = self._native_process(f)
            if reason is None:
                return
            self._leave_native(reason)
        slices, H, W = self.shape
        key = (f.slice * H + f.y) * W + f.x
        if _distinct(key, slices * H * W):
            self._apply(f, None, key)  # one layer holding every fragment: no gathers needed
            return
        for layer in _layers(key):
            self._apply(f, layer, key[layer])

    def early_depth_stencil(self, f: PixelFragments, lanes: np.ndarray, n: int) -> np.ndarray:
        """Depth/stencil test and update before the pixel shader (§16.12 [earlydepthstencil]).

        ``f`` holds the covered lanes ``lanes`` of a batch of ``n``; returns the (n,) uint32 coverage of
        samples that passed (0 for lanes not in ``lanes``)."""
        out = np.zeros(n, np.uint32)
        if f.x.shape[0] == 0:
            return out
        self._reload_ds()  # (native batches of this draw never test depth when it is tested early)
        slices, H, W = self.shape
        key = (f.slice * H + f.y) * W + f.x
        S = self.samples
        for idx in _layers(key):
            cov = f.coverage[idx] & np.uint32(self.state.sample_mask & ((1 << S) - 1))
            covered = ((cov[:, None] >> np.arange(S, dtype=np.uint32)) & 1).astype(bool)
            passed = self._depth_stencil(f, idx, covered, f.slice[idx], f.y[idx], f.x[idx])
            out[lanes[idx]] = (passed.astype(np.uint32) << np.arange(S, dtype=np.uint32)).sum(1, dtype=np.uint32)
        return out

    def finish(self) -> None:
        self._touch_native()
        for t in self.targets or ():
            if t is not None:
                t.store()
        if self.ds is not None and self._ds_dirty:
            self.ds.store()

    _ds_dirty = False

    # --- one layer of fragments with distinct pixels -------------------------------------------
    def _apply(self, f: PixelFragments, idx: np.ndarray | None, key: np.ndarray) -> None:
        """Apply fragments ``idx`` (distinct pixels; None: all of ``f``, already distinct); ``key`` holds
        their (slice * H + y) * W + x."""
        st = self.state
        S = self.samples

        def pick(a):
            return a if idx is None else a[idx]

        cov = pick(f.coverage) & np.uint32(st.sample_mask & ((1 << S) - 1))
        colors = f.colors if idx is None else np.take(f.colors, idx, axis=1)
        if f.omask is not None:
            cov &= pick(f.omask)
        elif st.blend is not None and st.blend.AlphaToCoverageEnable:
            cov &= _a2c_mask(_register(colors, None, 0)[:, 3].view(np.float32), S)
        sl, y, x = pick(f.slice), pick(f.y), pick(f.x)
        if S == 1:
            covered = (cov != 0)[:, None]
        else:
            covered = ((cov[:, None] >> np.arange(S, dtype=np.uint32)) & 1).astype(bool)  # (n, S)
        passed = covered
        if self.ds is not None and st.depth_stencil is not None and not f.pretested and self._ds_active():
            passed = self._depth_stencil(f, idx, covered, sl, y, x)
        if f.occlusion is not None:  # TIR counts raster samples of visible pixels (§20.4.6)
            self.samples_passed += int(pick(f.occlusion)[passed.any(axis=1)].sum())
        else:
            self.samples_passed += int(np.count_nonzero(passed))
        if not passed.any():
            return
        for i, t in enumerate(self.targets):
            if t is not None and self.written_targets >> i & 1:
                self._write_color(i, t, colors, passed, sl, y, x, key)

    def _ds_active(self) -> bool:
        """Whether the depth/stencil state can reject or write anything (else it passes coverage)."""
        desc = self.state.depth_stencil
        return bool(desc.DepthEnable) or bool(desc.StencilEnable and self.ds.has_stencil)

    def _depth_stencil(self, f, idx, covered, sl, y, x) -> np.ndarray:
        ds = self.ds
        desc = self.state.depth_stencil
        n, S = covered.shape
        s_idx = np.arange(S)
        z = (f.depth if idx is None else f.depth[idx]).astype(np.float32)
        vmin = f.vp_min if idx is None else f.vp_min[idx]
        vmax = f.vp_max if idx is None else f.vp_max[idx]
        z = np.fmin(np.fmax(z, vmin[:, None]), vmax[:, None]).astype(np.float32)
        q = ds.quantize(z)
        _, _, H, W = ds.shape
        # One linear index per (fragment, sample) into the planes (slice, sample, y, x).
        gi = (((sl[:, None] * S + s_idx[None, :]) * H + y[:, None]) * W + x[:, None])
        stored = ds.read_depth(gi)
        depth_pass = compare(desc.DepthFunc, q, stored) if desc.DepthEnable else np.ones((n, S), bool)
        stencil_pass = np.ones((n, S), bool)
        read_only = self.state.dsv.flags if self.state.dsv is not None else 0
        if desc.StencilEnable and ds.has_stencil:
            sb = ds.read_stencil(gi)
            ref = self.state.stencil_ref & 0xFF
            rm = desc.StencilReadMask & 0xFF
            wm = desc.StencilWriteMask & 0xFF
            front = (f.front if idx is None else f.front[idx])[:, None]
            new = sb.copy()
            for face, fo in ((True, desc.FrontFace), (False, desc.BackFace)):
                sel = (front == face) & covered
                if not sel.any():
                    continue
                test = compare(fo.StencilFunc, np.uint8(ref & rm), sb & np.uint8(rm))
                stencil_pass = np.where(front == face, test, stencil_pass)
                res_fail = stencil_op(fo.StencilFailOp, sb, ref)
                res_zfail = stencil_op(fo.StencilDepthFailOp, sb, ref)
                res_pass = stencil_op(fo.StencilPassOp, sb, ref)
                res = np.where(~test, res_fail, np.where(depth_pass, res_pass, res_zfail))
                res = (sb & np.uint8(~wm & 0xFF)) | (res & np.uint8(wm))
                new = np.where(sel, res, new)
            if not read_only & 0x2:
                ds.write_stencil(gi, np.where(covered, new, sb))
                self._ds_dirty = True
        passed = covered & depth_pass & stencil_pass
        if desc.DepthEnable and desc.DepthWriteMask and not read_only & 0x1:
            ds.write_depth(gi, np.where(passed, q, stored))
            self._ds_dirty = True
        return passed

    def _rt_desc(self, i: int):
        b = self.state.blend
        if b is None:
            return None
        return b.RenderTarget[i if b.IndependentBlendEnable else 0]

    def _write_color(self, i: int, t: ColorTarget, colors: np.ndarray, passed: np.ndarray, sl, y, x,
                     key: np.ndarray) -> None:
        n, S = passed.shape
        _, _, H, W = t.shape
        if S == 1 and passed.all():
            rows = None
            # The key is ((sl * S + 0) * H + y) * W + x when this target has the key's H and W.
            lin = key if self.shape[1:] == (H, W) else (sl * H + y) * W + x
        else:
            rows, samp = np.nonzero(passed)
            lin = ((sl[rows] * S + samp) * H + y[rows]) * W + x[rows]
        dst = t.gather(lin)  # (m, 4) decoded from memory
        src_bits = _register(colors, rows, i)
        rt = self._rt_desc(i)
        mask = rt.RenderTargetWriteMask if rt is not None else 0xF
        if t.kind in (FormatKind.UINT, FormatKind.SINT):
            src = src_bits.view(np.int32) if t.kind == FormatKind.SINT else src_bits
            if rt is not None and getattr(rt, "LogicOpEnable", False):
                # §17.7: the op combines the target's stored bits, so the source is first converted to the
                # format (integer clamp) and the result keeps each channel's width (~s of an 8-bit 0x5A is 0xA5).
                stored = codecs.decode(t.format, codecs.encode(t.format, src.astype(dst.dtype)))
                res = bl.logic_op(rt.LogicOp, np.asarray(stored).astype(dst.dtype).view(np.uint32),
                                  dst.view(np.uint32))
                src = _to_channel_width(t.format, res).view(dst.dtype)
            out = src.astype(dst.dtype)
        else:
            src = src_bits.view(np.float32)
            if t.lo is not None:
                src = np.clip(src, np.float32(t.lo), np.float32(t.hi))
            if rt is not None and rt.BlendEnable:
                if {rt.SrcBlend, rt.DestBlend, rt.SrcBlendAlpha, rt.DestBlendAlpha} & bl.DUAL_SOURCE_FACTORS:
                    src1 = _register(colors, rows, 1).view(np.float32)
                    if t.lo is not None:
                        src1 = np.clip(src1, np.float32(t.lo), np.float32(t.hi))
                else:
                    src1 = src  # never read: no factor uses o1
                bf = self.bf if t.lo is None else np.clip(self.bf, np.float32(t.lo), np.float32(t.hi))
                out = bl.blend(rt, src, src1, np.asarray(dst, np.float32), bf)
            else:
                out = src
        if (mask & 0xF) == 0xF:
            out = np.asarray(out, np.result_type(out, dst))  # what np.where(all True, out, dst) gives
        else:
            wm = np.array([(mask >> c) & 1 for c in range(4)], bool)
            out = np.where(wm, out, dst)
        # Stored as codes in memory, so later layers see exactly the stored (re-quantised) value.
        t.scatter(lin, codecs.encode(t.format, out))
