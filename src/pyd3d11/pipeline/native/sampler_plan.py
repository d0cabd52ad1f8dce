"""The native texture plan of one run (issue 12): for each texture instruction of a lowered program, the emitter
that compiles it (sampler_gen.SampleEmitter and its kin in sampler_gen_cube.py, texel_gen.py, texel_ms.py, uav_gen.py)
with the argument binder of its view and sampler, or the reason it stays a callback into the reference. The
``*_support`` rules read the bound views and sampler state here; the emitters know only their keys."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from pyd3d11.errors import NotSupportedError
from pyd3d11.formats.table import FormatKind, format_info
from pyd3d11.shader import ir

from ..texture_cache import DIM_INFO, SRV_2D, SRV_2DARRAY, texture_data
from . import sampler_gen as sg  # (its switches read at call time: tests set them there)
from .sampler_gen import (
    COMPILED,
    F16_REF,
    F32,
    MAX_SIZE,
    REDUCE_MAXIMUM,
    REDUCE_MINIMUM,
    SAMPLED_DIMS,
    Op,
    SampleEmitter,
    SampleKey,
    _bits,
)


@dataclass
class Plan:
    """Native texture plan of one run (the interface shader/native/runtime.py expects)."""

    key: tuple = ()
    emitters: dict = field(default_factory=dict)
    reasons: dict = field(default_factory=dict)
    binders: list = field(default_factory=list)

    def bind(self, args) -> None:
        for fn in self.binders:
            fn(args)


def build_plan(sampler, lw, bindings) -> Plan:
    """The plan for the texture instructions of lowered program ``lw`` under ``bindings``."""
    from .sampler_gen_cube import CubeEmitter
    from .texel_gen import GatherEmitter, LdEmitter, ResinfoEmitter, _gather_support, _ld_support, _resinfo_support
    from .texel_ms import MS_EMITTERS, LdMsEmitter, LdMsKey
    from .uav_gen import UAV_OPCODES, UavEmitter, uav_support

    plan = Plan()
    keys = []
    for op in lw.ops:
        if op.kind != "host" or op.info.get("tex") is None:
            continue
        i = op.info["id"]
        t = op.info["tex"]
        if _reads_zero(t, bindings):
            plan.emitters[i] = ZeroEmitter(ZeroKey(tuple(t.sel)), i)
            keys.append((i, plan.emitters[i].key))
            continue
        support, emitter = {Op.LD: (_ld_support, LdEmitter), Op.RESINFO: (_resinfo_support, ResinfoEmitter),
                             Op.GATHER4: (_gather_support, GatherEmitter),
                             Op.GATHER4_C: (_gather_support, GatherEmitter),
                             Op.GATHER4_PO: (_gather_support, GatherEmitter),
                             Op.GATHER4_PO_C: (_gather_support, GatherEmitter), **MS_EMITTERS}.get(
            t.opcode, (uav_support, UavEmitter) if t.opcode in UAV_OPCODES else (_sample_support, SampleEmitter))
        try:
            r = support(sampler, t, bindings, i)
        except NotSupportedError as e:  # e.g. a format the texel cache cannot decode: the callback decides
            r = f"not compiled: {e}"
        if isinstance(r, str):
            plan.reasons[i] = r
            continue
        key, binder = r
        if isinstance(key, LdMsKey):  # a plain ld on a multisample view (texel_gen._ld_support)
            emitter = LdMsEmitter
        if emitter is SampleEmitter and key.cube:
            emitter = CubeEmitter
        plan.emitters[i] = emitter(key, i)
        plan.binders.append(binder)
        keys.append((i, key))
    plan.key = tuple(keys)
    return plan


#: the ops the reference runs through the sampling hook (sampler.TextureSampler.sample), besides the sample family
_GATHERS = frozenset({Op.GATHER4, Op.GATHER4_C, Op.GATHER4_PO, Op.GATHER4_PO_C})


def _reads_zero(t, bindings) -> bool:
    """Whether texture op ``t`` writes 0 to every destination component under ``bindings``, whatever its
    operands: ``ld`` from an unbound t# (memory._ld), and a sample / lod / gather from an unbound t# or from a
    view the hook does not filter (buffer, multisample: TextureSampler.sample's first test). D3D11: reads of an
    unbound SRV are defined to return 0 (the DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET remark; the ld / sample asm
    pages). ld_ms, resinfo, sampleinfo and samplepos have their own unbound rules (texel_ms, texel_gen)."""
    if bindings is None or t.inst is None or t.t is None or t.t < 0:
        return False
    if any(o.type == ir.OperandType.UNORDERED_ACCESS_VIEW for o in t.inst.operands):
        return False
    view = bindings.srvs[t.t] if t.t < len(bindings.srvs) else None
    if t.opcode == Op.LD:
        return view is None
    if t.opcode in COMPILED or t.opcode in _GATHERS:
        if t.s is None:  # (the reference refuses a sample without an s# operand)
            return False
        return view is None or view.dimension not in DIM_INFO or getattr(view.storage, "sample_count", 1) > 1
    return False


@dataclass(frozen=True)
class ZeroKey:
    """A texture op that reads 0 (:func:`_reads_zero`): the destination's selected components."""

    sel: tuple


class ZeroEmitter:
    """Stores 0 in every destination component of the op (the lanes of the execution mask)."""

    def __init__(self, key: ZeroKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    def emit(self, g, op, m: str) -> None:
        for d in op.dsts:
            g.store(d, "zeroinitializer", m)


def _view_2d(t, bindings):
    """The bound 2D / 2D-array single-sample SRV of texture op ``t``, or the reason it calls back."""
    if bindings is None:
        return "no bindings"
    view = bindings.srvs[t.t] if t.t < len(bindings.srvs) else None
    if view is None:
        return "unbound SRV"
    if view.dimension not in (SRV_2D, SRV_2DARRAY) or getattr(view.storage, "sample_count", 1) > 1:
        return "texture dimension not compiled (only 2D / 2D array)"
    return view


def _comparison(tex, func: int):
    """(ref_unorm bits, None) for a compiled comparison against ``tex``, or (None, reason)."""
    if func not in range(1, 9):
        return None, "invalid comparison function"
    if not tex.fmt_float_class:
        return None, "comparison on an integer format is not compiled"
    r = next((c for c in format_info(tex.fmt).channels if c.component == 0), None)
    if r is not None and r.kind == FormatKind.UNORM:
        return r.bits, None
    if r is not None and r.kind == FormatKind.FLOAT and r.bits == 16:
        return F16_REF, None
    return 0, None


def _mipinfo(tex) -> np.ndarray:
    """(mips, 4) int32 rows (width, height, depth, first texel) of a decoded view."""
    info = np.zeros((tex.mips, 4), np.int32)
    info[:, 0], info[:, 1], info[:, 2], info[:, 3] = tex.w, tex.h, tex.d, tex.base
    return info


def _pow2_mips(tex, dims: int) -> bool:
    """Whether every mip of the view is a power of two along each of the first ``dims`` axes."""
    sizes = [np.asarray(a[:tex.mips], np.int64) for a in (tex.w, tex.h, tex.d)[:dims]]
    return all(bool(((v > 0) & ((v & (v - 1)) == 0)).all()) for v in sizes)


def _sample_support(sampler, t, bindings, ident: int):
    """(SampleKey, binder) for a compiled sample* / lod, or the reason it calls back."""
    if t.opcode not in COMPILED:
        return f"{Op(t.opcode).name.lower()} is not compiled"
    if t.s is None:
        return "no sampler operand"
    if bindings is None:
        return "no bindings"
    view = bindings.srvs[t.t] if t.t < len(bindings.srvs) else None
    if view is None:
        return "unbound SRV"
    if view.dimension not in SAMPLED_DIMS or getattr(view.storage, "sample_count", 1) > 1:
        return "texture dimension not compiled (MS and buffers are not sampled)"
    tex = texture_data(view)
    desc = bindings.samplers[t.s] if t.s < len(bindings.samplers) else None
    # A draw repeated every frame binds the same texture entry and sampler state: the key and binder are a function
    # of the entry (a new one for every texture version, texture_cache.texture_data), the sampler state's fields
    # sampler_params reads, the op's fields, the view's min-LOD clamps and the switches read below, so they are
    # kept on the entry under those values (~90 us an op on S3's drawing thread, Session 25)
    memo_key = (_desc_values(desc), t.opcode, t.s, tuple(t.offsets), tuple(t.sel), ident, float(view.min_lod),
                float(view.storage.min_lod), view.first_mip, bool(getattr(sampler, "quad_derivatives", True)),
                switches())
    memo = tex.support
    if memo is None:
        memo = tex.support = {}
    got = memo.get(memo_key)
    if got is None:
        got = _sample_support_tex(sampler, t, view, tex, desc, ident)
        if len(memo) >= SUPPORT_MEMO:
            memo.clear()
        memo[memo_key] = got
    return got


def switches() -> tuple:
    """The sampler_gen switches a sample op's key and binder read (tests set them there): part of every memo of a
    compiled sample's (key, binder) -- here per texture entry, fused_replay._plan_deps per replayed draw."""
    return sg.UNORM8, sg.ROW_PAIRS, sg.UNORM8_SCALED, frozenset(sg.COMPILED)


#: per texture entry, at most this many memoised (sampler state, op) results of :func:`_sample_support`
SUPPORT_MEMO = 64
#: the sampler-state fields sampler_params reads (pipeline/sampler.sampler_params), with its defaults
_DESC_FIELDS = (("Filter", 0x15), ("AddressU", None), ("AddressV", None), ("AddressW", None), ("MipLODBias", 0.0),
                ("MinLOD", None), ("MaxLOD", None), ("MaxAnisotropy", 1), ("ComparisonFunc", None),
                ("BorderColor", (0.0, 0.0, 0.0, 0.0)))


def _desc_values(desc) -> tuple:
    """The values of a sampler state's fields that sampler_params reads (None: no state bound; a dict or an object,
    as the reference takes them), as a hashable tuple: a state changed in place gives another tuple."""
    if desc is None:
        return ()
    get = desc.get if isinstance(desc, dict) else lambda name, default: getattr(desc, name, default)
    out = []
    for name, default in _DESC_FIELDS:
        v = get(name, default)
        out.append(tuple(float(x) for x in v) if name == "BorderColor" else v)
    return tuple(out)


def _sample_support_tex(sampler, t, view, tex, desc, ident: int):
    """_sample_support's result for the decoded entry ``tex`` of ``view`` and sampler state ``desc``."""
    from ..sampler import sampler_params

    cube = tex.kind == "cube"
    prm = sampler_params(desc, tex)
    cmp, ref_unorm = None, 0
    if t.opcode in (Op.SAMPLE_C, Op.SAMPLE_C_LZ):
        cmp = prm.func
        ref_unorm, why = _comparison(tex, cmp)
        if why is not None:
            return why
    derivs = t.opcode in (Op.SAMPLE_D,) or (t.opcode in (Op.SAMPLE, Op.SAMPLE_B, Op.LOD, Op.SAMPLE_C)
                                             and getattr(sampler, "quad_derivatives", True))
    aniso = prm.max_aniso if prm.aniso and tex.kind == "2d" and derivs else 0
    res_min = max(float(view.min_lod), float(view.storage.min_lod)) - view.first_mip
    if res_min > tex.mips - 1:
        return "resource min-LOD clamp past the last mip"
    if tex.data.shape[1] >= 2 ** 29:
        return "texture larger than 2^29 texels"
    if max(int(tex.w[0]), int(tex.h[0]), int(tex.d[0])) > MAX_SIZE:  # (D3D11's limits are 2^14 and below)
        return f"texture dimension above {MAX_SIZE}"
    if tex.data.dtype.itemsize != 4 or np.asarray(prm.border).dtype.itemsize != 4:
        return "texel type not 32-bit"
    dims = tex.dims
    key = SampleKey(int(t.opcode), dims, tex.arrayed, prm.mip_linear, prm.mag_linear, prm.min_linear,
                    tuple(prm.modes[:dims]), bool(tex.fmt_float) and cmp is None, res_min > 0,
                    bool(getattr(sampler, "quad_derivatives", True)), tuple(t.offsets[:dims]), tuple(t.sel),
                    cmp, ref_unorm, prm.reduction if prm.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM) else 0, cube,
                    aniso, sg.UNORM8 and tex.unorm8() is not None, _pow2_mips(tex, dims), False)
    if sg.ROW_PAIRS and key.packed and not cube and dims == 2 and (key.mag_linear or key.min_linear):
        key = replace(key, pairs=tex.row_pairs() is not None)
    mipinfo = _mipinfo(tex)
    p = f"tx{ident}_"
    border = np.ascontiguousarray(prm.border).view(np.uint32)
    layers = tex.layers // 6 if cube else tex.layers
    vals = {"mips": tex.mips, "lastlayer": max(layers - 1, 0), "half": _bits(F32(0.5) * F32(tex.w[0])),
            "w0": _bits(float(tex.w[0])),
            "h0": _bits(float(tex.h[0])), "d0": _bits(float(tex.d[0])), "bias": _bits(prm.bias),
            "minlod": _bits(prm.min_lod), "maxlod": _bits(prm.max_lod), "resmin": _bits(res_min)}
    for ch in range(4):
        vals[f"border{ch}"] = int(border[ch])
    data = tex.unorm8() if key.packed else tex.interleaved()
    pairs = tex.row_pairs() if key.pairs else None

    def bind(A) -> None:
        A.ptr(p + "data", data)
        A.ptr(p + "mip", mipinfo)
        if pairs is not None:
            A.ptr(p + "pairs", pairs)
        for name, v in vals.items():
            A.set(p + name, v)

    return key, bind
