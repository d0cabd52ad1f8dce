"""Texture sampling for the software GPU: the executor's sampling hook (D3D11.3 §7.18, §22.4, §22.5.6).

:class:`TextureSampler` implements every sample*/gather4*/lod instruction over every sampled SRV kind
(1D, 1D array, 2D, 2D array, 3D, cube, cube array); buffers and MS textures are not samplable (the
runtime forbids it) and return zeros, as do unbound SRVs. Lanes are processed in numpy batches:
per-lane mip levels are grouped (one pass per distinct level and filter) so each pass works with
scalar texture sizes.

Behaviour choices where the spec leaves freedom (documented per spec-facts §1.9):

* implicit LOD uses coarse quad derivatives (TR - TL, BL - TL) shared by the 4 lanes of a quad; lanes
  that are not in quads (``quad_derivatives=False``, lane count not a multiple of 4) use LOD 0;
* texel weights are 16.8 fixed point (RNE), LOD 8.8 fixed point; filtering is float32 lerps
  (so a result always lies within [min, max] of its taps);
* anisotropic filtering (2D/2D arrays, derivative-based LOD): the spec's footprint (ratio, line of
  anisotropy, LOD from the minor axis) with ceil(ratio) trilinear taps spread evenly along the major
  axis; other kinds filter trilinearly; no Heckbert orthogonalisation;
* a NaN produced by filtering float-format texels (a lerp, a min/max reduction of several taps) is the
  canonical quiet NaN 0x7FC00000 (the spec keeps no NaN bit pattern but a raw mov's; point samples return
  the texel's own bits); min/max reductions keep the earlier tap on ties (:func:`reduce_pick`);
* integer formats are always point sampled (filtering them is invalid in D3D11);
* cube edges: bilinear taps roll over onto the adjacent face; at corners the missing texel's weight is
  split evenly over the other three (gather: the missing texel is the average of the three);
* border colours keep only the format's components, clamped to the format range; integer formats take
  the border value truncated and saturated to the component's integer range;
* the ``lod`` instruction returns (clampedLOD, unclampedLOD, 0, 0): unclamped = computed LOD + sampler
  MipLODBias; clamped additionally applies MinLOD/MaxLOD, the per-resource clamp and the view's mip range.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats import numerics as nx
from pyd3d11.formats.codecs import missing_defaults_for
from pyd3d11.formats.numerics import NumberClass
from pyd3d11.formats.table import FormatKind, format_info
from pyd3d11.shader import ir
from pyd3d11.shader.exec.reference import SamplingHooks

from ..headers.d3d11_enums import D3D11_COMPARISON_FUNC as CF
from ..headers.dxgi_types import DXGI_FORMAT
from . import sampler_cube as cube
from .comparison import comparison_passes
from .sampler_address import CLAMP, address, reduce_range, snap
from .sampler_lod import anisotropic_lod, clamp_lod, isotropic_lod, mip_linear, mip_point, quad_derivatives
from .texture_cache import DIM_INFO, TexData, present_components, texture_data

Op = ir.Opcode
OT = ir.OperandType
F32 = np.float32
U32 = np.uint32

FLT_MAX = float(np.finfo(np.float32).max)
_QNAN = np.uint32(0x7FC00000).view(F32)  # the canonical NaN of filtered results

# D3D11_FILTER reduction types (bits 8:7)
REDUCE_STANDARD, REDUCE_COMPARISON, REDUCE_MINIMUM, REDUCE_MAXIMUM = range(4)

_IMPLICIT = {Op.SAMPLE, Op.SAMPLE_B, Op.SAMPLE_C, Op.LOD}
_GATHER = {Op.GATHER4, Op.GATHER4_C, Op.GATHER4_PO, Op.GATHER4_PO_C}
_COMPARE = {Op.SAMPLE_C, Op.SAMPLE_C_LZ, Op.GATHER4_C, Op.GATHER4_PO_C}
_CHUNK = 1 << 15  # lanes per filter block


@dataclass(slots=True)
class DefaultSamplerDesc:
    """The D3D11 default sampler state (used when no sampler is bound)."""

    Filter: int = 0x15  # MIN_MAG_MIP_LINEAR
    AddressU: int = CLAMP
    AddressV: int = CLAMP
    AddressW: int = CLAMP
    MipLODBias: float = 0.0
    MaxAnisotropy: int = 1
    ComparisonFunc: int = CF.D3D11_COMPARISON_NEVER
    BorderColor: tuple = (1.0, 1.0, 1.0, 1.0)
    MinLOD: float = -FLT_MAX
    MaxLOD: float = FLT_MAX


DEFAULT_SAMPLER = DefaultSamplerDesc()


def _field(desc, name: str, default):
    if isinstance(desc, dict):
        return desc.get(name, default)
    return getattr(desc, name, default)


@dataclass(slots=True)
class _Params:
    mip_linear: bool
    mag_linear: bool
    min_linear: bool
    aniso: bool
    reduction: int
    modes: tuple[int, int, int]
    bias: float
    min_lod: float
    max_lod: float
    max_aniso: int
    func: int
    border: np.ndarray  # (4,) in the texture's data dtype


def sampler_params(desc, tex: TexData) -> _Params:
    d = desc if desc is not None else DEFAULT_SAMPLER
    f = int(_field(d, "Filter", 0x15))
    aniso = bool(f & 0x40)
    integer = tex.number_class != NumberClass.FLOAT
    mip_lin = bool(f & 0x1) or aniso
    mag_lin = bool(f >> 2 & 1) or aniso
    min_lin = bool(f >> 4 & 1) or aniso
    if integer:
        mip_lin = mag_lin = min_lin = aniso = False
    bc = _field(d, "BorderColor", (0.0, 0.0, 0.0, 0.0))
    return _Params(
        mip_linear=mip_lin, mag_linear=mag_lin, min_linear=min_lin, aniso=aniso, reduction=f >> 7 & 3,
        modes=(int(_field(d, "AddressU", CLAMP)), int(_field(d, "AddressV", CLAMP)), int(_field(d, "AddressW", CLAMP))),
        bias=float(_field(d, "MipLODBias", 0.0)), min_lod=float(_field(d, "MinLOD", -FLT_MAX)),
        max_lod=float(_field(d, "MaxLOD", FLT_MAX)), max_aniso=max(1, int(_field(d, "MaxAnisotropy", 1))),
        func=int(_field(d, "ComparisonFunc", CF.D3D11_COMPARISON_NEVER)), border=border_values(bc, tex.fmt))


# --------------------------------------------------------------------------------------------------
# Border colour (§7.18.9.1)

_BC_RANGE = {"UNORM": (0.0, 1.0), "SRGB": (0.0, 1.0), "SNORM": (-1.0, 1.0), "UF16": (0.0, 65504.0),
             "SF16": (-65504.0, 65504.0)}


def _channel_range(kind: FormatKind, bits: int) -> tuple[float, float]:
    if kind in (FormatKind.UNORM, FormatKind.SRGB):
        return 0.0, 1.0
    if kind == FormatKind.SNORM:
        return -1.0, 1.0
    if kind == FormatKind.FLOAT:
        return {16: (-65504.0, 65504.0), 11: (0.0, 65024.0), 10: (0.0, 64512.0)}.get(bits, (-math.inf, math.inf))
    if kind == FormatKind.SHAREDEXP:
        return 0.0, 65408.0
    if kind == FormatKind.XR_BIAS:
        return -384.0 / 510.0, 639.0 / 510.0
    if kind == FormatKind.UINT:
        return 0.0, float(2 ** bits - 1)
    if kind == FormatKind.SINT:
        return float(-2 ** (bits - 1)), float(2 ** (bits - 1) - 1)
    return -math.inf, math.inf


def border_values(rgba, fmt: int) -> np.ndarray:
    """The border colour as the filter sees it: only the format's components (others get format
    defaults), clamped to the format's range, in the decoded dtype of ``fmt``."""
    info = format_info(fmt)
    defaults = missing_defaults_for(fmt)
    have = present_components(fmt)
    src = np.asarray(list(rgba)[:4] + [0.0] * (4 - len(list(rgba)[:4])), np.float64)
    lo = np.full(4, -math.inf)
    hi = np.full(4, math.inf)
    signed_zero = np.zeros(4, bool)  # channels whose format holds -0 (signed floats); others snap it to +0
    if info.compressed:
        suffix = info.name.rsplit("_", 1)[-1]
        lo[:], hi[:] = _BC_RANGE.get(suffix, (0.0, 1.0))
        signed_zero[:] = suffix == "SF16"
    elif fmt in (DXGI_FORMAT.DXGI_FORMAT_R8G8_B8G8_UNORM, DXGI_FORMAT.DXGI_FORMAT_G8R8_G8B8_UNORM):
        lo[:], hi[:] = 0.0, 1.0
    else:
        for ch in info.channels:
            c = ch.component
            if c is not None and ch.kind != FormatKind.TYPELESS:
                lo[c], hi[c] = _channel_range(ch.kind, ch.bits)
                signed_zero[c] = ch.kind == FormatKind.FLOAT and ch.bits in (16, 32)
    v = np.where(np.isnan(src), 0.0, np.clip(src, lo, hi))
    # §7.18.9.1: the colour is "snapped to the precision the hardware performs filtering at for the format"
    v = np.where(signed_zero | (v != 0), v, 0.0)
    out = defaults.copy()
    if defaults.dtype == np.float32:
        vals = v.astype(F32)
    else:
        vals = np.trunc(v).astype(np.int64).astype(defaults.dtype)
    for c in range(4):
        if have[c]:
            out[c] = vals[c]
    return out


# --------------------------------------------------------------------------------------------------
# Comparison (§22.4.19)

def _quantize_ref(ref: np.ndarray, fmt: int) -> np.ndarray:
    """Quantise the reference value to the texture format like z to a depth buffer (incl. the clamp)."""
    info = format_info(fmt)
    r = next((c for c in info.channels if c.component == 0), None)
    ref = np.asarray(ref, F32)
    if r is not None and r.kind == FormatKind.UNORM:
        return nx.unorm_to_float(nx.float_to_unorm(ref, r.bits), r.bits).astype(F32)
    if r is not None and r.kind == FormatKind.FLOAT and r.bits == 16:
        return nx.f16_to_f32(nx.f32_to_f16(ref)).astype(F32)
    return nx.flush_denorms(ref).astype(F32)


def compare(func: int, ref: np.ndarray, texel: np.ndarray) -> np.ndarray:
    """``ref {func} texel`` -> 1.0 / 0.0 (the shared comparison rule, on the flushed texel)."""
    t = nx.flush_denorms(texel.astype(F32, copy=False))
    return comparison_passes(func, ref, t).astype(F32)


# --------------------------------------------------------------------------------------------------
# One mip level, one filter (scalar sizes)

def _lerp(a: np.ndarray, b: np.ndarray, f: np.ndarray, fix_inf: bool) -> np.ndarray:
    r = b - a
    r *= f
    r += a
    if fix_inf:  # INF taps: a + 0*(INF-INF) would give NaN where the weighted sum gives INF
        r = np.where(a == b, a, r)
        # which NaN an IEEE operation returns (operand order, the CPU's default NaN) is not defined:
        # a filtered NaN is the canonical quiet NaN, so every backend gives the same bits
        r = np.where(np.isnan(r), _QNAN, r)
    return r


class _Lanes:
    """Per-lane inputs of a filter pass; ``take`` selects a subset of lanes."""

    __slots__ = ("c", "layer", "face", "ref", "n")

    def __init__(self, c: list[np.ndarray], layer, face, ref, n: int) -> None:
        self.c, self.layer, self.face, self.ref, self.n = c, layer, face, ref, n

    def take(self, idx: np.ndarray) -> _Lanes:
        def t(a):
            return a[idx] if isinstance(a, np.ndarray) else a

        m = len(range(*idx.indices(self.n))) if isinstance(idx, slice) else len(idx)
        return _Lanes([x[idx] for x in self.c], t(self.layer), t(self.face), t(self.ref), m)


def reduce_pick(reduction: int, acc: np.ndarray, v: np.ndarray) -> np.ndarray:
    """One step of a minimum / maximum reduction filter, a fixed rule (the spec leaves NaN and ±0 open):
    a NaN in either operand gives the canonical NaN; otherwise ``v`` when strictly smaller (larger), else
    ``acc`` (ties keep the earlier tap, so -0 / +0 keep the order of the taps)."""
    better = v < acc if reduction == REDUCE_MINIMUM else v > acc
    r = np.where(better, v, acc)
    return np.where(np.isnan(acc) | np.isnan(v), _QNAN, r)


def _combine(vals: list, weights_1d: list, prm: _Params, fix_inf: bool) -> np.ndarray:
    """Reduce 2^k taps (ordered x fastest) with per-axis fractions: lerps (standard/comparison) or
    masked min/max over taps with non-zero weight (min/max reduction)."""
    if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):
        k = len(weights_1d)
        fill = F32(np.inf) if prm.reduction == REDUCE_MINIMUM else F32(-np.inf)
        acc = None
        for i, v in enumerate(vals):
            live = None
            for ax in range(k):
                f = weights_1d[ax]
                nz = f > 0 if (i >> ax) & 1 else f < 1
                live = nz if live is None else live & nz
            v = np.where(live, v, fill)
            acc = v if acc is None else reduce_pick(prm.reduction, acc, v)
        return acc
    for f in weights_1d:
        vals = [_lerp(vals[i], vals[i + 1], f, fix_inf) for i in range(0, len(vals), 2)]
    return vals[0]


def _level(tex: TexData, prm: _Params, L: int, ln: _Lanes, linear: bool, offs: tuple[int, int, int],
           rows: np.ndarray) -> np.ndarray:
    """Point or (bi/tri)linear filter of mip ``L`` -> (C, lanes) (comparison: (1, lanes))."""
    if tex.kind == "cube":
        return _level_cube(tex, prm, L, ln, linear, rows)
    w, h, d = int(tex.w[L]), int(tex.h[L]), int(tex.d[L])
    sizes = (w, h, d)
    strides = (1, w, w * h)
    base = int(tex.base[L])
    row0 = base if ln.layer is None else base + ln.layer * (w * h * d)
    taps: list[list] = []
    borders: list[list] = []
    fracs = []
    for k in range(tex.dims):
        n = sizes[k]
        sc = ln.c[k] * F32(n)
        if linear:
            sc -= F32(0.5)
        t0, f = snap(sc)
        if offs[k]:
            t0 += offs[k]
        a0, b0 = address(t0, n, prm.modes[k])
        if linear:
            a1, b1 = address(t0 + 1, n, prm.modes[k])
            taps.append([a0 * strides[k], a1 * strides[k]] if k else [a0, a1])
            borders.append([b0, b1])
            fracs.append(f)
        else:
            taps.append([a0 * strides[k]] if k else [a0])
            borders.append([b0])
    # enumerate taps with x fastest: (x0,y0), (x1,y0), (x0,y1), (x1,y1), then z
    idxs: list = [row0]
    bms: list = [None]
    for k in range(tex.dims):
        idxs, bms = ([i + t for t in taps[k] for i in idxs],
                     [_or(b, bb) for bb in borders[k] for b in bms])
    vals = []
    for idx, bm in zip(idxs, bms):
        v = np.take(rows, idx, axis=1)
        if bm is not None:
            v = np.where(bm, prm.border[:1, None] if ln.ref is not None else prm.border[:, None], v)
        if ln.ref is not None:
            v = compare(prm.func, ln.ref, v[0])[None]
        vals.append(v)
    if len(vals) == 1:
        return vals[0]
    return _combine(vals, fracs, prm, ln.ref is None and tex.fmt_float)


def _or(a, b):
    if a is None:
        return b
    if b is None:
        return a
    return a | b


def _level_cube(tex: TexData, prm: _Params, L: int, ln: _Lanes, linear: bool, rows: np.ndarray) -> np.ndarray:
    n = int(tex.w[L])
    base = int(tex.base[L])
    lay = ln.layer if ln.layer is not None else 0
    sx, sy = ln.c[0] * F32(n), ln.c[1] * F32(n)
    if linear:
        sx -= F32(0.5)
        sy -= F32(0.5)
    x0, fx = snap(sx)
    y0, fy = snap(sy)
    if not linear:
        idx = base + (lay * 6 + ln.face) * (n * n) + np.clip(y0, 0, n - 1) * n + np.clip(x0, 0, n - 1)
        v = np.take(rows, idx, axis=1)
        return compare(prm.func, ln.ref, v[0])[None] if ln.ref is not None else v
    v, valid = _cube_quad(tex, L, ln, x0, y0, rows)
    m = ln.n
    gx, gy = F32(1.0) - fx, F32(1.0) - fy
    wts = np.stack([gx * gy, fx * gy, gx * fy, fx * fy])  # taps (x0,y0), (x1,y0), (x0,y1), (x1,y1)
    if ln.ref is not None:
        v = compare(prm.func, np.tile(ln.ref, 4), v[0])[None]
    v = v.reshape(v.shape[0], 4, m)
    missing = ~valid.reshape(4, m)
    if missing.any():
        share = np.sum(np.where(missing, wts, F32(0.0)), axis=0) * F32(1.0 / 3.0)
        wts = np.where(missing, F32(0.0), wts + share)
    if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):
        fill = F32(np.inf) if prm.reduction == REDUCE_MINIMUM else F32(-np.inf)
        acc = np.full((v.shape[0], m), fill, F32)
        for i in range(4):  # tap order, reduce_pick's rule (canonical NaN, ties keep the earlier tap)
            acc = reduce_pick(prm.reduction, acc, np.where(wts[i] > 0, v[:, i], fill))
        return acc
    vw = v * wts[None]
    out = ((vw[:, 0] + vw[:, 1]) + vw[:, 2]) + vw[:, 3]  # tap order, float32
    live = wts > 0
    lo = np.where(live, v, F32(np.inf)).min(axis=1)
    hi = np.where(live, v, F32(-np.inf)).max(axis=1)
    # clamp into [min, max] of the live taps as one fixed rule (shared with the native sampler): below lo
    # → lo, above hi → hi; any NaN → the canonical NaN
    out = np.where(out < lo, lo, out)
    out = np.where(out > hi, hi, out)
    nan = np.isnan(out) | np.isnan(lo) | np.isnan(hi)
    return np.where(nan, _QNAN, out).astype(F32)


def _cube_quad(tex: TexData, L: int, ln: _Lanes, x0: np.ndarray, y0: np.ndarray, rows: np.ndarray):
    """Fetch the 2x2 footprint (x0,y0), (x1,y0), (x0,y1), (x1,y1) across cube edges -> ((C, 4m), valid)."""
    n = int(tex.w[L])
    base = int(tex.base[L])
    X = np.concatenate([x0, x0 + 1, x0, x0 + 1])
    Y = np.concatenate([y0, y0, y0 + 1, y0 + 1])
    F = np.tile(ln.face, 4)
    X = np.clip(X, -1, n)
    Y = np.clip(Y, -1, n)
    nf, nx_, ny_, valid = cube.seam_taps(F, X, Y, n)
    lay = np.tile(ln.layer, 4) if isinstance(ln.layer, np.ndarray) else 0
    idx = base + (lay * 6 + nf) * (n * n) + ny_ * n + nx_
    return np.take(rows, idx, axis=1), valid


# --------------------------------------------------------------------------------------------------
# Mip selection and grouping

def _grouped(tex: TexData, prm: _Params, level: np.ndarray, lin, ln: _Lanes, offs, rows: np.ndarray
             ) -> np.ndarray:
    """Run ``_level`` once per distinct (mip, filter) pair over the lanes that use it."""
    linv = lin if isinstance(lin, np.ndarray) else None
    if linv is None and level.size:
        lo = level.min()
        if lo == level.max():  # one mip for every lane (the common case): no grouping pass
            return _level(tex, prm, int(lo), ln, bool(lin), offs, rows)
    key = level * 2 + (linv.astype(np.int64) if linv is not None else int(bool(lin)))
    counts = np.bincount(key, minlength=2 * tex.mips)
    live = np.flatnonzero(counts)
    C = 1 if ln.ref is not None else rows.shape[0]
    if len(live) == 1:
        k = int(live[0])
        return _level(tex, prm, k >> 1, ln, bool(k & 1), offs, rows)
    out = np.empty((C, ln.n), F32 if (ln.ref is not None or tex.fmt_float_class) else rows.dtype)
    for k in live:
        sel = np.flatnonzero(key == k)
        out[:, sel] = _level(tex, prm, int(k) >> 1, ln.take(sel), bool(k & 1), offs, rows)
    return out


def _filter_at(tex: TexData, prm: _Params, ln: _Lanes, lod: np.ndarray, offs, rows: np.ndarray) -> np.ndarray:
    """Filter at clamped LOD ``lod`` (per lane): magnify/minify choice, mip POINT/LINEAR selection."""
    if prm.mag_linear == prm.min_linear:
        lin = prm.mag_linear
    else:
        mag = lod <= 0
        lin = np.where(mag, prm.mag_linear, prm.min_linear)
    if not prm.mip_linear:
        return _grouped(tex, prm, mip_point(lod, tex.mips), lin, ln, offs, rows)
    a, b, wb = mip_linear(lod, tex.mips)
    res = _grouped(tex, prm, a, lin, ln, offs, rows)
    sel = np.flatnonzero(wb > 0)
    if len(sel) == 0:
        return res
    full = len(sel) == ln.n
    sub = ln if full else ln.take(sel)
    linb = lin if not isinstance(lin, np.ndarray) or full else lin[sel]
    rb = _grouped(tex, prm, b if full else b[sel], linb, sub, offs, rows)
    ra = res if full else res[:, sel]
    if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):
        mixed = reduce_pick(prm.reduction, ra, rb)
    else:
        mixed = _lerp(ra, rb, wb if full else wb[sel], ln.ref is None and tex.fmt_float)
    if full:
        return mixed
    res[:, sel] = mixed
    return res


def _filter_aniso(tex: TexData, prm: _Params, ln: _Lanes, lod: np.ndarray, aniso, offs, rows: np.ndarray
                  ) -> np.ndarray:
    """§7.18.11 anisotropic footprint: ceil(ratio) trilinear taps spread along the line of anisotropy."""
    ratio, du, dv, lmaj, raw = aniso
    K = np.clip(np.ceil(ratio - F32(1.0 / 256.0)), 1, prm.max_aniso).astype(np.int64)
    K = np.where(np.isfinite(ratio), K, 1)
    kmax = int(K.max()) if K.size else 1
    if kmax <= 1:
        return _filter_at(tex, prm, ln, lod, offs, rows)
    span = lmaj * (F32(1.0) - F32(1.0) / np.maximum(ratio, F32(1.0)))
    w0, h0 = F32(tex.w[0]), F32(tex.h[0])
    acc = None
    Kf = K.astype(F32)
    for i in range(kmax):
        sel = np.flatnonzero(K > i)
        t = ((F32(i) + F32(0.5)) / Kf[sel] - F32(0.5)) * span[sel]
        u = raw[0][sel] + du[sel] * t / w0
        v = raw[1][sel] + dv[sel] * t / h0
        sub = ln.take(sel)
        sub.c = [reduce_range(u, prm.modes[0]), reduce_range(v, prm.modes[1])]
        r = _filter_at(tex, prm, sub, lod[sel], offs, rows)
        if acc is None:
            first = r  # i = 0 covers every lane (K >= 1)
            acc = np.zeros((r.shape[0], ln.n), F32)
            if prm.reduction == REDUCE_MINIMUM:
                acc[:] = np.inf
            elif prm.reduction == REDUCE_MAXIMUM:
                acc[:] = -np.inf
        if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):
            acc[:, sel] = reduce_pick(prm.reduction, acc[:, sel], r)
        else:
            acc[:, sel] += r
    out = acc if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM) else acc / Kf
    # a lane with one tap keeps that filter's result as it is, whatever the other lanes need (the result
    # of a lane never depends on its batch)
    return np.where(K == 1, first, out)


# --------------------------------------------------------------------------------------------------
# The hook

class TextureSampler(SamplingHooks):
    """Sampling hook for :func:`pyd3d11.shader.exec.run_program` (``hooks=TextureSampler()``).

    ``quad_derivatives``: lanes come in 2x2 quads (pixel shaders); when False (or the lane count is not a
    multiple of 4), implicit-LOD instructions use LOD 0."""

    #: let the native shader backend compile supported texture instructions (pipeline/native/sampler_gen.py);
    #: ``PYD3D11_NATIVE_SAMPLER=0`` turns it off for the process (every texture op calls back)
    native = os.environ.get("PYD3D11_NATIVE_SAMPLER", "1") != "0"

    def __init__(self, quad_derivatives: bool = True) -> None:
        self.quad_derivatives = quad_derivatives

    def native_texture(self, lowered, bindings):
        """The native backend's texture plan for one run (see shader.native.runtime.texture_plan)."""
        if not self.native:
            return None
        from .native.sampler_plan import build_plan

        return build_plan(self, lowered, bindings)

    # -- entry ---------------------------------------------------------------------------------------
    def sample(self, st, inst: ir.Instruction, srcs: list[np.ndarray]) -> np.ndarray:
        op = inst.opcode
        n = st.n
        res = next((o for o in inst.operands[1:] if o.type == OT.RESOURCE), None)
        smp = next((o for o in inst.operands[1:] if o.type == OT.SAMPLER), None)
        if res is None or smp is None:
            raise NotSupportedError(f"{Op(op).name.lower()} without a t#/s# operand (resource indexing)")
        b = st.bindings
        view = b.srvs[res.register] if res.register < len(b.srvs) else None
        if view is None or view.dimension not in DIM_INFO or getattr(view.storage, "sample_count", 1) > 1:
            return np.zeros((4, n), U32)
        desc = b.samplers[smp.register] if smp.register < len(b.samplers) else None
        tex = texture_data(view)
        prm = sampler_params(desc, tex)
        # per-resource min-LOD clamp in view mip space (§5.8)
        res_min = max(float(view.min_lod), float(view.storage.min_lod)) - view.first_mip
        oob = res_min > tex.mips - 1
        if op == Op.LOD:
            return self._lod(st, tex, prm, srcs, res_min, oob)
        if oob:
            return self._defaults(tex, n, op in _COMPARE)
        if op in _GATHER:
            if res_min > 0 and math.floor(res_min) > 0:
                return self._defaults(tex, n, op in _COMPARE)
            return self._gather(st, inst, tex, prm, smp, srcs)
        return self._sample(st, inst, tex, prm, srcs, res_min)

    @staticmethod
    def _defaults(tex: TexData, n: int, comparison: bool) -> np.ndarray:
        """Out-of-bounds result: 0 in present components, format defaults elsewhere."""
        if comparison:
            return np.zeros((4, n), U32)
        have = present_components(tex.fmt)
        d = missing_defaults_for(tex.fmt).copy()
        d[list(have)] = 0
        return np.repeat(d.view(U32)[:, None], n, axis=1)

    # -- coordinates ---------------------------------------------------------------------------------
    @staticmethod
    def _coords(tex: TexData, a: np.ndarray, prm: _Params):
        """Raw float coordinates -> (normalised coordinate arrays, layer, face, raw coords for LOD)."""
        if tex.kind == "cube":
            face, s, t = cube.project(a[0], a[1], a[2])
            c = [np.nan_to_num(np.clip(s, 0, 1), nan=0.0), np.nan_to_num(np.clip(t, 0, 1), nan=0.0)]
            layer = None
            if tex.arrayed:
                layer = _array_index(a[3], tex.layers // 6)
            return [x.astype(F32) for x in c], layer, face, a[:3]
        dims = tex.dims
        c = [reduce_range(a[k], prm.modes[k]) for k in range(dims)]
        layer = _array_index(a[dims], tex.layers) if tex.arrayed else None
        return c, layer, None, a[:dims]

    def _offsets(self, inst: ir.Instruction, tex: TexData) -> tuple[int, int, int]:
        if tex.kind == "cube":
            return (0, 0, 0)
        o = inst.texel_offset
        return tuple(o[k] if k < tex.dims else 0 for k in range(3))  # type: ignore[return-value]

    # -- LOD -----------------------------------------------------------------------------------------
    def _derivs(self, st, inst, tex: TexData, srcs, raw: np.ndarray, face):
        """Texel-space derivative vectors (k, N) or None when no derivatives are available."""
        op = inst.opcode
        if op == Op.SAMPLE_D:
            k = raw.shape[0]
            dx = srcs[1].view(np.float32)[:k].astype(F32)
            dy = srcs[2].view(np.float32)[:k].astype(F32)
        elif self.quad_derivatives and st.n % 4 == 0:
            dx, dy = quad_derivatives(np.ascontiguousarray(raw, F32))
        else:
            return None
        if tex.kind == "cube":
            dx, dy = cube.derivatives(face, raw, dx, dy)
            half = F32(0.5) * F32(tex.w[0])
            return dx * half, dy * half
        sz = np.array([tex.w[0], tex.h[0], tex.d[0]][: tex.dims], F32)[:, None]
        return dx * sz, dy * sz

    def _compute_lod(self, st, inst, tex: TexData, prm: _Params, srcs, raw, face, allow_aniso: bool):
        """Unclamped LOD (N,) and the anisotropic footprint (or None)."""
        n = st.n
        op = inst.opcode
        if op == Op.SAMPLE_L:
            return srcs[1].view(np.float32)[0].astype(F32), None
        if op == Op.SAMPLE_C_LZ:
            return np.zeros(n, F32), None
        d = self._derivs(st, inst, tex, srcs, raw, face)
        if d is None:
            return np.zeros(n, F32), None
        dx, dy = d
        if prm.aniso and allow_aniso and tex.kind == "2d":
            lod, ratio, du, dv, lmaj = anisotropic_lod(dx, dy, prm.max_aniso)
            return lod, (ratio, du, dv, lmaj)
        return isotropic_lod(dx, dy), None

    # -- instructions --------------------------------------------------------------------------------
    def _sample(self, st, inst, tex: TexData, prm: _Params, srcs, res_min: float) -> np.ndarray:
        op = inst.opcode
        n = st.n
        a = srcs[0].view(np.float32)
        c, layer, face, raw = self._coords(tex, a, prm)
        ref = None
        if op in (Op.SAMPLE_C, Op.SAMPLE_C_LZ):
            ref = _quantize_ref(srcs[1].view(np.float32)[0], tex.fmt)
        lod, aniso = self._compute_lod(st, inst, tex, prm, srcs, raw, face, op != Op.SAMPLE_C_LZ)
        bias = prm.bias
        if op == Op.SAMPLE_B:
            bias = srcs[1].view(np.float32)[0] + F32(prm.bias)
        clamped = clamp_lod(lod, bias, prm.min_lod, prm.max_lod, res_min)
        ln = _Lanes(c, layer, face, ref, n)
        rows = tex.data[:1] if ref is not None else tex.data
        offs = self._offsets(inst, tex)
        if aniso is not None:
            out = _filter_aniso(tex, prm, ln, clamped, aniso + (raw,), offs, rows)
        elif n <= _CHUNK:
            out = _filter_at(tex, prm, ln, clamped, offs, rows)
        else:  # cache-sized lane blocks: the filter's temporaries stay in L2
            parts = [_filter_at(tex, prm, ln.take(slice(i, i + _CHUNK)), clamped[i:i + _CHUNK], offs, rows)
                     for i in range(0, n, _CHUNK)]
            out = np.concatenate(parts, axis=1)
        if ref is not None:
            return np.repeat(out.astype(F32).view(U32), 4, axis=0)
        return _to_bits(out, tex)

    def _lod(self, st, tex: TexData, prm: _Params, srcs, res_min: float, oob: bool) -> np.ndarray:
        n = st.n
        a = srcs[0].view(np.float32)
        _, _, face, raw = self._coords(tex, a, prm)
        fake = ir.Instruction(Op.LOD)
        lod, _ = self._compute_lod(st, fake, tex, prm, srcs, raw, face, True)
        unclamped = (lod + F32(prm.bias)).astype(F32)
        clamped = clamp_lod(lod, prm.bias, prm.min_lod, prm.max_lod, res_min)
        clamped = np.clip(clamped, F32(0.0), F32(tex.mips - 1)).astype(F32)
        if oob:
            clamped = np.zeros(n, F32)
        out = np.zeros((4, n), F32)
        out[0] = clamped
        out[1] = unclamped
        return out.view(U32)

    def _gather(self, st, inst, tex: TexData, prm: _Params, smp: ir.Operand, srcs) -> np.ndarray:
        """gather4 family (§22.4.2–22.4.5): the 2x2 bilinear footprint of mip 0, order (-,+), (+,+),
        (+,-), (-,-) (x0y1, x1y1, x1y0, x0y0), no filtering."""
        op = inst.opcode
        n = st.n
        if tex.kind not in ("2d", "cube"):
            raise NotSupportedError(f"{Op(op).name.lower()} on a {tex.kind} texture (gather needs 2D or cube)")
        a = srcs[0].view(np.float32)
        comp = smp.swizzle[0] if smp.selection == ir.SelectionMode.SELECT_1 else 0
        ref = None
        if op in (Op.GATHER4_C, Op.GATHER4_PO_C):
            ref = _quantize_ref(srcs[-1].view(np.float32)[0], tex.fmt)
            comp = 0
        if op in (Op.GATHER4_PO, Op.GATHER4_PO_C):
            po = srcs[1].view(np.int32)
            offs = (((po[0] & 63) ^ 32) - 32, ((po[1] & 63) ^ 32) - 32)
        else:
            o = inst.texel_offset if tex.kind != "cube" else (0, 0, 0)
            offs = (o[0], o[1])
        rows = tex.data[comp:comp + 1]
        c, layer, face, _ = self._coords(tex, a, prm)
        ln = _Lanes(c, layer, face, None, n)
        if tex.kind == "cube":
            x0, _ = snap(c[0] * F32(tex.w[0]) - F32(0.5))
            y0, _ = snap(c[1] * F32(tex.w[0]) - F32(0.5))
            v, valid = _cube_quad(tex, 0, ln, x0, y0, rows)
            v = v[0].reshape(4, n)  # (x0,y0), (x1,y0), (x0,y1), (x1,y1)
            if ref is not None:
                v = compare(prm.func, ref, v)
            missing = ~valid.reshape(4, n)
            if missing.any():
                vf = v.astype(F32) if v.dtype != F32 else v
                avg = np.sum(np.where(missing, F32(0.0), vf), axis=0, dtype=F32) * F32(1.0 / 3.0)
                v = np.where(missing, avg.astype(v.dtype) if v.dtype != F32 else avg, v)
            taps = [v[2], v[3], v[1], v[0]]
        else:
            w, h = int(tex.w[0]), int(tex.h[0])
            x0, _ = snap(c[0] * F32(w) - F32(0.5))
            y0, _ = snap(c[1] * F32(h) - F32(0.5))
            x0 = x0 + offs[0]
            y0 = y0 + offs[1]
            ax = [address(x0, w, prm.modes[0]), address(x0 + 1, w, prm.modes[0])]
            ay = [address(y0, h, prm.modes[1]), address(y0 + 1, h, prm.modes[1])]
            row0 = 0 if layer is None else layer * (w * h)
            border = prm.border[comp] if ref is None else prm.border[0]
            taps = []
            for i, j in ((0, 1), (1, 1), (1, 0), (0, 0)):
                (xi, bx), (yj, by) = ax[i], ay[j]
                v = np.take(rows[0], row0 + yj * w + xi)
                bm = _or(bx, by)
                if bm is not None:
                    v = np.where(bm, border, v)
                if ref is not None:
                    v = compare(prm.func, ref, v)
                taps.append(v)
        out = np.stack(taps)
        if ref is not None or out.dtype == F32:
            return np.ascontiguousarray(out.astype(F32, copy=False)).view(U32)
        return out.astype(np.int64).astype(U32)


def _array_index(v: np.ndarray, count: int) -> np.ndarray:
    """Array coordinate: round to nearest even, clamp to the view's array range (§22.4.15)."""
    r = np.nan_to_num(np.rint(np.clip(v, -1e9, 1e9)), nan=0.0)
    return np.clip(r, 0, max(count - 1, 0)).astype(np.int64)


def _to_bits(out: np.ndarray, tex: TexData) -> np.ndarray:
    if out.dtype == F32:
        return np.ascontiguousarray(out).view(U32)
    if out.dtype == np.int32:
        return np.ascontiguousarray(out).view(U32)
    return np.ascontiguousarray(out.astype(U32))
