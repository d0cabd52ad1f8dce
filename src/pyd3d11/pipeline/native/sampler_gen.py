"""Native texture sampling (issue 12): LLVM IR for texture instructions, compiled into the shader's kernel
and bit-identical to the reference sampler (pipeline/sampler.py, sampler_lod.py, sampler_address.py,
sampler_cube.py) and texel access (shader/exec/memory.py).

The executor's code generator (shader/native/llvm_gen.py) knows only the ``TextureEmitter`` interface; the
sampling hook (:class:`pyd3d11.pipeline.sampler.TextureSampler`) builds a ``Plan`` per run with
``sampler_plan.build_plan``: for each texture instruction either an emitter (compiled in place, 8 lanes per step)
or the reason it stays a callback into the reference (counted in ``shader.native.stats.texture_reasons``).

This module: ``sample``, ``sample_l``, ``sample_b``, ``sample_d``, ``sample_c``, ``sample_c_lz`` and ``lod``
on 1D / 2D / 3D views and arrays (:class:`SampleEmitter`; cube maps in sampler_gen_cube.py), every format
(integer formats point-sampled), every point/linear combination of D3D11_FILTER's min/mag/mip, anisotropic
filtering, standard / comparison / minimum / maximum reduction, every address mode, border colours,
immediate texel offsets, MipLODBias, MinLOD/MaxLOD, the per-resource / per-view min-LOD clamp.
texel_gen.py: ``ld``, ``resinfo``, ``gather4*``.

Generated code and data: the compile-time facts (opcode, filter bits, address modes, float-format INF rule,
quad derivatives, arrayed, resource clamp present, …) are the plan's ``key`` (part of the kernel's cache
key); one out-of-line function per distinct variant in a kernel. The per-draw values (an interleaved copy of
the view's decoded texels — cached with the decoded texture per storage version by texture_cache —, per-mip
sizes and offsets, LOD bias and clamps, border colour) go in argument slots filled by ``Plan.bind``.

Arithmetic follows the reference operation by operation in float32 (separate fmul / fadd, no contraction,
no flush — the reference does not flush texels, coordinates or weights): ReduceRange, the 16.8 fixed-point
snap (round to nearest even), texel address processing, coarse quad derivatives, the LOD log2 as the
reference's defined float64 sequence (sampler_lod.log2_f32), the 8.8 fixed-point LOD, lerps
``(b - a) * f + a`` in the reference's order (x, then y, then z, then mip) with its INF rule and canonical NaN.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, replace

import numpy as np

from pyd3d11.shader import ir
from pyd3d11.shader.native import runtime

from .. import comparison
from ..sampler_address import BORDER, MIRROR, MIRROR_ONCE, WRAP
from ..texture_cache import (
    SRV_1D,
    SRV_1DARRAY,
    SRV_2D,
    SRV_2DARRAY,
    SRV_3D,
    SRV_CUBE,
    SRV_CUBEARRAY,
)
from . import sampler_prefetch
from .sampler_log2 import (  # noqa: F401 (re-exported: the log2 and literal helpers' names as before the split)
    _QNAN,
    LOG2_FAST_TERMS,
    LOG2_R_MARGIN,
    LOG2_S_MARGIN,
    Z_MAX,
    _dlit,
    _flit,
    _fs,
    log2_f32,
)

Op = ir.Opcode
F32 = np.float32
W = 8
VI = f"<{W} x i32>"
VF = f"<{W} x float>"
VB = f"<{W} x i1>"
VL = f"<{W} x i64>"
VP = f"<{W} x ptr>"

RET4 = f"{{ {VF}, {VF}, {VF}, {VF} }}"
#: per-op argument slots of a sampling function, in block order
ARG_NAMES = ("data", "mip", "mips", "lastlayer", "half", "w0", "h0", "d0", "bias", "minlod", "maxlod", "resmin",
             "border0", "border1", "border2", "border3", "pairs")
#: sample instructions this module compiles (plus ld and resinfo)
COMPILED = {Op.SAMPLE, Op.SAMPLE_L, Op.SAMPLE_B, Op.SAMPLE_D, Op.LOD, Op.SAMPLE_C, Op.SAMPLE_C_LZ}
REDUCE_MINIMUM, REDUCE_MAXIMUM = 2, 3
#: SRV dimensions the sample emitter compiles (1D, 1D array, 2D, 2D array, 3D)
SAMPLED_DIMS = frozenset((SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY))


#: 8-bit UNORM texels read in their stored form (TexData.unorm8); ``PYD3D11_NATIVE_UNORM8=0``: the float32 copy
UNORM8 = os.environ.get("PYD3D11_NATIVE_UNORM8", "1") != "0"
#: 1/255 split in two float32s (UNORM8_HI: 1/255 rounded to 2^-24 steps, 17 significant bits; UNORM8_LO: the rest)
UNORM8_HI = F32(round(2.0 ** 24 / 255.0) / 2.0 ** 24)
UNORM8_LO = F32(1.0 / 255.0 - float(UNORM8_HI))
#: the largest mip-0 size along any axis the sample emitter compiles (SampleEmitter.snap's WRAP bound)
MAX_SIZE = 2 ** 15
#: 8-bit UNORM texels of a bilinear/trilinear filter decoded in the 2^24-scaled domain (Session 16, K9;
#: SampleEmitter._unorm8_scaled): ``PYD3D11_NATIVE_UNORM8_SCALED=0`` keeps the fma decode everywhere (A/B)
UNORM8_SCALED = os.environ.get("PYD3D11_NATIVE_UNORM8_SCALED", "1") != "0"
#: the scaled domain's exponent: a decoded code c is float32(c / 255) * 2^UNORM8_SCALE_EXP
UNORM8_SCALE_EXP = 24
#: fma(Q, UNORM8_NEXT, Q) is the float32 after Q = c * 0x010101 for c > 0 (+0 for c = 0): _unorm8_scaled
UNORM8_NEXT = 3.0 * 2.0 ** -25
#: the rows of a bilinear footprint loaded from one extracted index per lane where their offsets agree in every
#: lane (Session 17, K11: SampleEmitter._fetch_rows). Off unless ``PYD3D11_NATIVE_SHARED_ROWS=1``: alone it
#: gained about as much as the sliced filters on S3 (a few per cent), but with them S3 was slower than with either alone
#: (docs/features.md "Session 17 (K11, S3)"), so the sliced filters are the default and this stays an A/B switch
SHARED_ROWS = os.environ.get("PYD3D11_NATIVE_SHARED_ROWS", "0") == "1"
#: the level filters run one register-wide slice of the lanes at a time (Session 17, K11:
#: SampleEmitter._sliced_filter); ``PYD3D11_NATIVE_SLICED_FILTER=0``: whole-width operations (A/B)
SLICED_FILTER = os.environ.get("PYD3D11_NATIVE_SLICED_FILTER", "1") != "0"
#: 2D bilinear footprints of packed UNORM8 texels read from the row-pair copy (TexData.row_pairs: each texel beside
#: the one below it), one 16-byte load per lane for the whole 2x2 footprint (Session 18, K16:
#: SampleEmitter._fetch_quads); ``PYD3D11_NATIVE_ROW_PAIRS=0``: two 8-byte row loads per lane (A/B)
ROW_PAIRS = os.environ.get("PYD3D11_NATIVE_ROW_PAIRS", "1") != "0"
#: a quick first build's sampling function leaves out the row-pair fetch's paired-row shortcut and the one-level
#: filter (SampleEmitter.lean); ``PYD3D11_NATIVE_LEAN_QUICK_TEX=0``: every path in every build (A/B)
LEAN_QUICK = os.environ.get("PYD3D11_NATIVE_LEAN_QUICK_TEX", "1") != "0"
#: lanes of one group of a wide step's row-pair fetch (SampleEmitter._fetch_quad_groups): one vector register's
#: (runtime.register_lanes: 16 with AVX-512, else 8); ``PYD3D11_NATIVE_QUAD_GROUP=0``: the whole step at once (A/B)
QUAD_GROUPS = os.environ.get("PYD3D11_NATIVE_QUAD_GROUP", "1") != "0"
_FN = "__pyd3d11_texfn__"  # the sampling function's name until its text (hence its final name) is known


def scaled_decode_applies(key, emitter: type) -> bool:
    """Whether a sampling function decodes its packed taps in the 2^24-scaled domain
    (SampleEmitter._unorm8_scaled): only where every operation between the decode and filter_at's final
    scale commutes exactly with a power-of-two scale — lerps ``(b - a) * f + a`` of taps and a point tap's
    select — so 8-bit UNORM texels, standard reduction (minimum / maximum would also commute but keep the
    fma decode: fewer paths), no comparison (the reference value is unscaled), no BORDER address mode (an
    arbitrary border colour scaled by 2^24 may overflow or leave the denormal range), and the 1D/2D/3D level
    filter (cube maps weight their taps in their own)."""
    return (UNORM8_SCALED and key.packed and key.cmp is None and key.reduction == 0 and BORDER not in key.modes
            and emitter.level is SampleEmitter.level and emitter.level_filter is SampleEmitter.level_filter)


def _is(x: int) -> str:
    return f"splat (i32 {x})"


def _bits(x: float) -> int:
    return int(np.asarray(x, F32).view(np.uint32))


def _ret4(g) -> str:
    """The sampling function's return type: 4 channel vectors of the generator's width."""
    return f"{{ {g.VF}, {g.VF}, {g.VF}, {g.VF} }}"


def _periodic_slow(g, mode: int) -> str:
    """Name of the out-of-line division form of SampleEmitter._periodic (texels more than a period outside
    the texture; x86 has no vector integer divide, so each is a scalar division per lane — one shared copy
    per module keeps that code, and its compile time, out of every tap)."""
    VI, VB = g.VI, g.VB
    name = f"tex_{'wrap' if mode == WRAP else 'mirror'}_slow_{g.W}"
    if mode == WRAP:
        body = [f"  %r = srem {VI} %t, %n", f"  %neg = icmp slt {VI} %r, zeroinitializer",
                f"  %rn = add {VI} %r, %n", f"  %rs = select {VB} %neg, {VI} %rn, {VI} %r"]
    else:  # MIRROR: mirror every period
        body = [f"  %neg = icmp slt {VI} %t, zeroinitializer", f"  %nt = sub {VI} {_is(-1)}, %t",
                f"  %a = select {VB} %neg, {VI} %nt, {VI} %t", f"  %q = udiv {VI} %a, %n",
                f"  %q1 = and {VI} %q, {_is(1)}", f"  %flip = icmp ne {VI} %q1, zeroinitializer",
                f"  %a2 = urem {VI} %a, %n", f"  %top = sub {VI} %n, {_is(1)}", f"  %m = sub {VI} %top, %a2",
                f"  %rs = select {VB} %flip, {VI} %m, {VI} %a2"]
    g.decls.add("\n".join([f"define internal {VI} @{name}({VI} %t, {VI} %n) noinline {{", "entry:", *body,
                           f"  ret {VI} %rs", "}"]))
    return name


def ftz(g, x: str) -> str:
    """numerics.flush_denorms: a float32 denormal becomes the zero of its sign."""
    b = g.v(f"bitcast {g.VF} {x} to {g.VI}")
    e = g.v(f"and {g.VI} {b}, {_is(0x7F800000)}")
    z = g.v(f"icmp eq {g.VI} {e}, zeroinitializer")
    sg = g.v(f"and {g.VI} {b}, {_is(-2147483648)}")
    return g.v(f"bitcast {g.VI} {g.v(f'select {g.VB} {z}, {g.VI} {sg}, {g.VI} {b}')} to {g.VF}")


def compare(g, func: int, ref: str, texel: str) -> str:
    """sampler.compare: ``ref FUNC flushed texel`` → 1.0 / 0.0 (comparison.comparison_passes: IEEE
    comparisons, a NaN fails all but NOT_EQUAL; NEVER / ALWAYS ignore both)."""
    constant = comparison.passes_constant(func)
    if constant is not None:
        return _fs(1.0) if constant else "zeroinitializer"
    c = g.v(f"fcmp {comparison.LLVM_FCMP[func]} {g.VF} {ref}, {ftz(g, texel)}")
    return g.v(f"uitofp {g.VB} {c} to {g.VF}")


F16_REF = -1  # ref_unorm value: the reference goes through float16 (a 16-bit float texture)


def quantize_ref(g, x: str, unorm_bits: int) -> str:
    """sampler._quantize_ref: to an n-bit UNORM code and back (numerics.float_to_unorm in float64: NaN → 0,
    clamp, × (2^n - 1) + 0.5, truncate; unorm_to_float: code / (2^n - 1) in float32), or denormals flushed."""
    if not unorm_bits:
        return ftz(g, x)
    if unorm_bits == F16_REF:
        return g.asf(g.f16tof32(g.f32tof16(g.asi(x))))
    VD = f"<{g.W} x double>"
    scale = float((1 << unorm_bits) - 1)
    d = g.v(f"fpext {g.VF} {x} to {VD}")
    pos = g.v(f"fcmp ogt {VD} {d}, zeroinitializer")  # NaN and negatives → 0
    d = g.v(f"select {g.VB} {pos}, {VD} {d}, {VD} zeroinitializer")
    one = g.v(f"fcmp ogt {VD} {d}, splat (double 1.0)")
    d = g.v(f"select {g.VB} {one}, {VD} splat (double 1.0), {VD} {d}")
    d = g.v(f"fmul {VD} {d}, splat (double {scale!r})")
    d = g.v(f"fadd {VD} {d}, splat (double 0.5)")
    code = g.v(f"fptoui {VD} {d} to {g.VI}")
    f = g.v(f"uitofp {g.VI} {code} to {g.VF}")
    return g.v(f"fdiv {g.VF} {f}, {_fs(scale)}")


def _and(g, a, b):
    return b if a is None else g.v(f"and {g.VB} {a}, {b}")


def _or(g, a, b):
    if a is None:
        return b
    if b is None:
        return a
    return g.v(f"or {g.VB} {a}, {b}")


@dataclass(frozen=True)
class SampleKey:
    """Compile-time facts of one sample* / lod instruction."""

    op: int
    dims: int  # 1, 2 or 3 (1D, 2D, 3D; arrays add a slice coordinate)
    arrayed: bool
    mip_linear: bool
    mag_linear: bool
    min_linear: bool
    modes: tuple  # (AddressU, AddressV)
    fix_inf: bool  # float-format texels: a lerp of equal taps keeps them (INF)
    res_min: bool  # a per-resource / per-view min-LOD clamp applies
    quad: bool  # implicit derivatives from 2x2 quads (pixel shaders)
    offsets: tuple  # immediate (u, v) texel offsets
    sel: tuple  # texel component of each destination component
    # (no defaults: the one construction site, _sample_support, states every field)
    cmp: int | None  # comparison filtering (sample_c*): D3D11_COMPARISON_FUNC
    ref_unorm: int  # comparison reference quantised to this many UNORM bits (0: denormals flushed)
    reduction: int  # 2 minimum, 3 maximum (else weighted lerps)
    cube: bool  # a cube map or cube array (CubeEmitter)
    aniso: int  # MaxAnisotropy when the anisotropic footprint applies (2D, derivatives), else 0
    packed: bool  # texels read as 8-bit UNORM codes (TexData.unorm8) and decoded in the kernel
    pow2: bool  # every mip's sizes along the sampled axes are powers of two (WRAP / MIRROR by bit operations)
    pairs: bool  # packed 2D texels also bound as their row-pair copy (TexData.row_pairs): _fetch_quads


class SampleEmitter:
    """Emits one sample / sample_l / sample_b / sample_d on a 2D (array) float-class texture."""

    wide = True  # emits at the generator's width, 8 lanes times a power of two (llvm_gen.Gen.emit_tex)
    # a quick first build's function (set per function by :meth:`function`): paths only for speed are left out
    lean = False
    scaled = False  # packed taps decoded in the 2^24-scaled domain (set per function by compute)

    def __init__(self, key: SampleKey, ident: int) -> None:
        self.key = key
        self.p = f"tx{ident}_"

    # ---- small helpers over the generator ------------------------------------------------------------
    def _fv(self, g, name: str) -> str:
        """<8 x float> splat of a float32 argument (stored as its bits)."""
        b = g.arg(self.p + name, False)
        x = g.v(f"trunc i64 {b} to i32")
        x = g.v(f"bitcast i32 {x} to float")
        ins = g.v(f"insertelement {g.VF} poison, float {x}, i64 0")
        return g.v(f"shufflevector {g.VF} {ins}, {g.VF} poison, <{g.W} x i32> zeroinitializer")

    def _iv(self, g, name: str) -> str:
        b = g.arg(self.p + name, False)
        x = g.v(f"trunc i64 {b} to i32")
        return g.vsplat32(x)

    @staticmethod
    def _call(g, fn: str, *args: str, t: str | None = None) -> str:
        t = g.VF if t is None else t
        tn = {g.VF: f"v{g.W}f32", g.VI: f"v{g.W}i32"}[t]
        g.intr(f"declare {t} @llvm.{fn}.{tn}({', '.join([t] * len(args))})")
        return g.v(f"call {t} @llvm.{fn}.{tn}({', '.join(f'{t} {a}' for a in args)})")

    @staticmethod
    def _sel(g, c: str, a: str, b: str, t: str | None = None) -> str:
        t = g.VF if t is None else t
        return g.v(f"select {g.VB} {c}, {t} {a}, {t} {b}")

    def _nan0(self, g, x: str) -> str:
        """NaN → 0 (the float→fixed / nan_to_num rule)."""
        n = g.v(f"fcmp uno {g.VF} {x}, {x}")
        return self._sel(g, n, "zeroinitializer", x)

    def _clip(self, g, x: str, lo: str, hi: str) -> str:
        """np.clip: maximum then minimum, NaN propagates."""
        c = g.v(f"fcmp olt {g.VF} {x}, {lo}")
        x = self._sel(g, c, lo, x)
        c = g.v(f"fcmp ogt {g.VF} {x}, {hi}")
        return self._sel(g, c, hi, x)

    def _fmin(self, g, x: str, y: str) -> str:
        """np.fmin(x, y): the non-NaN operand."""
        a = g.v(f"fcmp olt {g.VF} {y}, {x}")
        b = g.v(f"fcmp uno {g.VF} {x}, {x}")
        return self._sel(g, g.v(f"or {g.VB} {a}, {b}"), y, x)

    def _fmax(self, g, x: str, y: str) -> str:
        a = g.v(f"fcmp ogt {g.VF} {y}, {x}")
        b = g.v(f"fcmp uno {g.VF} {x}, {x}")
        return self._sel(g, g.v(f"or {g.VB} {a}, {b}"), y, x)

    def _imin(self, g, a: str, b: str) -> str:
        return self._call(g, "smin", a, b, t=g.VI)

    def _imax(self, g, a: str, b: str) -> str:
        return self._call(g, "smax", a, b, t=g.VI)

    # ---- §7.18.6 ReduceRange, §22.4.15 array index --------------------------------------------------------
    def reduce_range(self, g, u: str, mode: int) -> str:
        if mode == WRAP:
            r = g.v(f"fsub {g.VF} {u}, {self._call(g, 'floor', u)}")
            ge = g.v(f"fcmp oge {g.VF} {r}, {_fs(1.0)}")
            r = self._sel(g, ge, "zeroinitializer", r)
        elif mode == MIRROR:
            h = g.v(f"fmul {g.VF} {u}, {_fs(0.5)}")
            r = g.v(f"fsub {g.VF} {h}, {self._call(g, 'trunc', h)}")
            r = g.v(f"fmul {g.VF} {r}, {_fs(2.0)}")
        else:
            r = self._clip(g, u, _fs(-10.0), _fs(10.0))
        a = self._call(g, "fabs", r)
        fin = g.v(f"fcmp olt {g.VF} {a}, {_fs(float('inf'))}")  # NaN and INF lanes become 0
        return self._sel(g, fin, r, "zeroinitializer")

    def array_index(self, g, x: str) -> str:
        r = self._clip(g, x, _fs(-1e9), _fs(1e9))
        r = self._nan0(g, self._call(g, "roundeven", r))
        top = g.v(f"sitofp {g.VI} {self._iv(g, 'lastlayer')} to {g.VF}")
        r = self._clip(g, r, "zeroinitializer", top)
        return g.v(f"fptosi {g.VF} {r} to {g.VI}")

    # ---- §7.18.9 address processing ------------------------------------------------------------------
    def address(self, g, t: str, n: str, mode: int) -> tuple[str, str | None]:
        """(in-range texel, border mask or None) for integer texel ``t`` of a dimension of ``n`` texels."""
        if mode in (WRAP, MIRROR):
            return self._periodic(g, t, n, mode), None
        if mode == MIRROR_ONCE:
            neg = g.v(f"icmp slt {g.VI} {t}, zeroinitializer")
            a = self._sel(g, neg, g.v(f"sub {g.VI} {_is(-1)}, {t}"), t, g.VI)
            return self._imin(g, a, g.v(f"sub {g.VI} {n}, {_is(1)}")), None
        top = g.v(f"sub {g.VI} {n}, {_is(1)}")
        c = self._imin(g, self._imax(g, t, "zeroinitializer"), top)
        if mode == BORDER:
            lo = g.v(f"icmp slt {g.VI} {t}, zeroinitializer")
            hi = g.v(f"icmp sge {g.VI} {t}, {n}")
            return c, g.v(f"or {g.VB} {lo}, {hi}")
        return c, None  # CLAMP (and unknown modes, validated away by the API)

    def address_taps(self, g, ts: list[str], n: str, mode: int) -> list[tuple[str, str | None]]:
        """:meth:`address` of each of one axis' taps (the periodic modes decided for all of them at once)."""
        if mode in (WRAP, MIRROR):
            return [(a, None) for a in self.periodic_taps(g, ts, n, mode)]
        return [self.address(g, t, n, mode) for t in ts]

    def _periodic(self, g, t: str, n: str, mode: int) -> str:
        return self.periodic_taps(g, [t], n, mode)[0]

    def periodic_taps(self, g, ts: list[str], n: str, mode: int) -> list[str]:
        """WRAP: floor modulo (np.mod); MIRROR: mirror every period (sampler_address.address) of each integer
        texel in ``ts`` (one axis' taps) for a dimension of ``n`` texels.

        Where every mip of the view has power-of-two sizes (``key.pow2``, a per-view fact) the modulo is
        ``t & (n - 1)`` and the mirror's period parity is bit log2(n) of the folded texel, for every int32 ``t``:
        no branch. Otherwise texels within one period either side of the texture (the usual case: reduced
        coordinates plus a small offset) take conditional adds, decided by one check for all the taps; others
        the division (x86 has no vector integer divide)."""
        VI = g.VI
        top = g.v(f"sub {VI} {n}, {_is(1)}")
        if getattr(self.key, "pow2", False):
            out = []
            for t in ts:
                if mode == WRAP:
                    out.append(g.v(f"and {VI} {t}, {top}"))
                    continue
                neg = g.v(f"icmp slt {VI} {t}, zeroinitializer")
                a = self._sel(g, neg, g.v(f"sub {VI} {_is(-1)}, {t}"), t, VI)  # >= 0
                flip = g.v(f"icmp ne {VI} {g.v(f'and {VI} {a}, {n}')}, zeroinitializer")
                r = g.v(f"and {VI} {a}, {top}")
                out.append(self._sel(g, flip, g.v(f"sub {VI} {top}, {r}"), r, VI))
            return out
        near = None
        lo_n = g.v(f"sub {VI} zeroinitializer, {n}")
        hi_n = g.v(f"shl {VI} {n}, {_is(1)}")
        for t in ts:
            lo = g.v(f"icmp sge {VI} {t}, {lo_n}")
            hi = g.v(f"icmp slt {VI} {t}, {hi_n}")
            near = _and(g, near, g.v(f"and {g.VB} {lo}, {hi}"))
        g.intr(f"declare i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB})")
        allnear = g.v(f"call i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB} {near})")
        fast, slow, done = g.label("adf"), g.label("ads"), g.label("add")
        g.e(f"br i1 {allnear}, label %{fast}, label %{slow}")
        # fast: every t in [-n, 2n)
        g.put_label(fast)
        rf = []
        for t in ts:
            neg = g.v(f"icmp slt {VI} {t}, zeroinitializer")
            if mode == WRAP:
                r = self._sel(g, neg, g.v(f"add {VI} {t}, {n}"), t, VI)
                over = g.v(f"icmp sge {VI} {r}, {n}")
                rf.append(self._sel(g, over, g.v(f"sub {VI} {r}, {n}"), r, VI))
            else:
                a = self._sel(g, neg, g.v(f"sub {VI} {_is(-1)}, {t}"), t, VI)  # [0, 2n)
                flip = g.v(f"icmp sge {VI} {a}, {n}")
                a = self._sel(g, flip, g.v(f"sub {VI} {a}, {n}"), a, VI)
                rf.append(self._sel(g, flip, g.v(f"sub {VI} {top}, {a}"), a, VI))
        fast_end = g.label("adfe")
        g.br(fast_end)
        g.put_label(fast_end)
        g.br(done)
        g.put_label(slow)
        rs = [g.v(f"call {VI} @{_periodic_slow(g, mode)}({VI} {t}, {VI} {n})") for t in ts]
        slow_end = g.label("adse")
        g.br(slow_end)
        g.put_label(slow_end)
        g.br(done)
        g.put_label(done)
        return [g.v(f"phi {VI} [ {a}, %{fast_end} ], [ {b}, %{slow_end} ]") for a, b in zip(rf, rs)]

    # ---- §7.18.16.1 16.8 fixed point -------------------------------------------------------------------
    def snap(self, g, sc: str, bounded: bool = False) -> tuple[str, str]:
        """sampler_address.snap: 16.8 fixed point, round to nearest even (NaN → 0), → (floor texel, k/256).
        The reference's floor(q / 256) and (q - 256 floor(q / 256)) / 256 on the integer-valued float q
        (|q| <= 2^23: every step exact) are the integer q's arithmetic shift by 8 and its low 8 bits / 256,
        the same values (a q of -0 gives +0 weight both ways). ``bounded``: the caller knows ``sc`` is a number
        in [-0.5, 2^15] (a WRAP coordinate, reduced to [0, 1), times a mip size of at most 2^15, minus 0.5 or
        not: _sample_support refuses larger views), so the clamp to +-2^23 and the NaN rule change nothing and
        are left out."""
        q = g.v(f"fmul {g.VF} {sc}, {_fs(256.0)}")
        if bounded:
            q = self._call(g, "roundeven", q)
        else:
            q = self._clip(g, q, _fs(-(2.0 ** 23)), _fs(2.0 ** 23))
            q = self._nan0(g, self._call(g, "roundeven", q))
        qi = g.v(f"fptosi {g.VF} {q} to {g.VI}")
        fr = g.v(f"sitofp {g.VI} {g.v(f'and {g.VI} {qi}, {_is(255)}')} to {g.VF}")
        fr = g.v(f"fmul {g.VF} {fr}, {_fs(1.0 / 256.0)}")
        return g.v(f"ashr {g.VI} {qi}, {_is(8)}"), fr

    def lerp(self, g, a: str, b: str, f: str) -> str:
        r = g.v(f"fsub {g.VF} {b}, {a}")
        r = g.v(f"fmul {g.VF} {r}, {f}")
        r = g.v(f"fadd {g.VF} {r}, {a}")
        if self.key.fix_inf:  # INF taps: a + 0*(INF-INF) would give NaN where the weighted sum gives INF
            eq = g.v(f"fcmp oeq {g.VF} {a}, {b}")
            r = self._sel(g, eq, a, r)
            r = self._sel(g, g.v(f"fcmp uno {g.VF} {r}, {r}"), f"splat (float {_QNAN})", r)  # canonical NaN
        return r

    def pick(self, g, acc: str, v: str) -> str:
        """sampler.reduce_pick: NaN in either → canonical NaN; ``v`` when strictly smaller / larger."""
        pred = "olt" if self.key.reduction == REDUCE_MINIMUM else "ogt"
        r = self._sel(g, g.v(f"fcmp {pred} {g.VF} {v}, {acc}"), v, acc)
        nan = g.v(f"fcmp uno {g.VF} {acc}, {v}")
        return self._sel(g, nan, f"splat (float {_QNAN})", r)

    def reduce_taps(self, g, vals: list[str], fracs: list[str]) -> str:
        """sampler._combine's minimum / maximum branch: taps with zero weight on some axis are ignored
        (±INF), the rest reduced in tap order."""
        fill = _fs(float("inf") if self.key.reduction == REDUCE_MINIMUM else float("-inf"))
        acc = None
        for i, v in enumerate(vals):
            live = None
            for ax, f in enumerate(fracs):
                nz = g.v(f"fcmp {'ogt' if (i >> ax) & 1 else 'olt'} {g.VF} {f}, "
                         f"{'zeroinitializer' if (i >> ax) & 1 else _fs(1.0)}")
                live = nz if live is None else g.v(f"and {g.VB} {live}, {nz}")
            v = self._sel(g, live, v, fill)
            acc = v if acc is None else self.pick(g, acc, v)
        return acc

    # ---- one mip level ------------------------------------------------------------------------------
    def level(self, g, lvl: str, lin, c: list[str], layer: str | None) -> list[str]:
        """Point or bilinear filter of per-lane mip ``lvl``; ``lin`` True/False or an <8 x i1>; returns the
        selected channels (<8 x float> each)."""
        return self.level_filter(g, self.level_taps(g, lvl, lin, c, layer), lin)

    def level_taps(self, g, lvl: str, lin, c: list[str], layer: str | None) -> tuple:
        """The texels of :meth:`level`'s footprint as loaded (packed words per tap, or float (tap, channel)
        vectors), each tap's border mask and the axis weights: everything up to the filter arithmetic."""
        k = self.key
        w, h, d, base = self.mip_rows(g, lvl)
        sizes = (w, h, d)
        taps, borders, fracs, scs = [], [], [], []
        for ax in range(k.dims):
            n = sizes[ax]
            sc = g.v(f"fmul {g.VF} {c[ax]}, {g.v(f'sitofp {g.VI} {n} to {g.VF}')}")
            scs.append(sc)
            if lin is True:
                sc = g.v(f"fsub {g.VF} {sc}, {_fs(0.5)}")
            elif lin is not False:
                sc = self._sel(g, lin, g.v(f"fsub {g.VF} {sc}, {_fs(0.5)}"), sc)
            t0, f = self.snap(g, sc, bounded=k.modes[ax] == WRAP)
            if k.offsets[ax]:
                t0 = g.v(f"add {g.VI} {t0}, {_is(k.offsets[ax])}")
            ts = [t0] if lin is False else [t0, g.v(f"add {g.VI} {t0}, {_is(1)}")]
            ab = self.address_taps(g, ts, n, k.modes[ax])
            taps.append([a for a, _ in ab])
            borders.append([b for _, b in ab])
            if lin is not False:
                fracs.append(f)
        row0 = base
        if layer is not None:
            whd = g.v(f"mul {g.VI} {g.v(f'mul {g.VI} {w}, {h}')}, {d}")
            row0 = g.v(f"add {g.VI} {base}, {g.v(f'mul {g.VI} {layer}, {whd}')}")
        # taps enumerated x fastest, then y, then z (the reference's order)
        strides = [None, w, g.v(f"mul {g.VI} {w}, {h}") if k.dims == 3 else None]
        idxs, bms = [row0], [None]
        for ax in range(k.dims):
            offs = [t if ax == 0 else g.v(f"mul {g.VI} {t}, {strides[ax]}") for t in taps[ax]]
            idxs = [g.v(f"add {g.VI} {i}, {o}") for o in offs for i in idxs]
            bms = [_or(g, b, bb) for bb in borders[ax] for b in bms]
        if k.packed and k.pairs and k.dims == 2 and len(idxs) == 4:
            return self._fetch_quads(g, idxs, taps[0], taps[1], (scs, w)), bms, fracs
        if k.packed:
            return self._fetch_words(g, idxs, taps[0]), bms, fracs
        return self.fetch(g, idxs, taps[0]), bms, fracs

    def _fetch_quads(self, g, idxs: list[str], xs: list[str], ys: list[str], below: tuple | None = None) -> list[str]:
        """The packed words of a 2D bilinear footprint (taps (x0, y0), (x1, y0), (x0, y1), (x1, y1)): where in
        every lane x1 = x0 + 1 and y1 = y0 + 1 (no wrap or clamp inside the footprint), the 16 bytes at word
        2 * idx(x0, y0) of the row-pair copy (TexData.row_pairs) hold texels idx, idx + w, idx + 1, idx + 1 + w
        — exactly the four taps' words, since y0 + 1 is a row of the same mip and slice (the copy's 0 after a
        last row is never read here) and x0 + 1 a texel of the same row. One index extracted and one load per
        lane, then a 4 x 4 word transpose per 8 lanes; other footprints keep :meth:`_fetch_words`."""
        if QUAD_GROUPS and g.W > runtime.register_lanes() and g.W % runtime.register_lanes() == 0:
            return self._fetch_quad_groups(g, idxs, xs, ys, below)
        alladj = self._quad_neighbours(g, xs, ys)
        fast, slow, done = g.label("fqf"), g.label("fqs"), g.label("fqd")
        g.e(f"br i1 {alladj}, label %{fast}, label %{slow}")
        g.put_label(fast)
        pairs = g.arg(self.p + "pairs")
        quads = []
        for lane in range(g.W):
            e = g.v(f"extractelement {g.VI} {idxs[0]}, i64 {lane}")
            e = g.v(f"zext i32 {e} to i64")
            ptr = g.v(f"getelementptr i64, ptr {pairs}, i64 {e}")  # word 2 * idx
            quads.append(g.v(f"load <4 x i32>, ptr {ptr}, align 4"))
        if below is not None and sampler_prefetch.TEX_PREFETCH and self.key.quad and g.W >= 4:
            sampler_prefetch.prefetch_below(g, pairs, idxs[0], *below)  # (hints: no value depends on them)
        cols = [[] for _ in range(4)]  # per copy word j: the 8-lane parts of every group of 8 lanes
        for k in range(0, g.W, 8):
            grp = quads[k:k + 8] + ["zeroinitializer"] * (8 - len(quads[k:k + 8]))
            for j, part in enumerate(self._transpose4x8(g, grp)):
                cols[j].append(part)
        n = min(g.W, 8)
        whole = []
        for j in range(4):
            parts = cols[j]
            if n < 8:  # a 4-lane step: the first half of the one group
                lanes = ", ".join(f"i32 {i}" for i in range(n))
                parts = [g.v(f"shufflevector <8 x i32> {parts[0]}, <8 x i32> poison, <{n} x i32> <{lanes}>")]
            whole.append(g.concat(parts, "i32") if len(parts) > 1 else parts[0])
        fw = [whole[0], whole[2], whole[1], whole[3]]  # copy words (x0y0, x0y1, x1y0, x1y1) → tap order
        fast_end = g.label("fqfe")
        g.br(fast_end)
        g.put_label(fast_end)
        g.br(done)
        g.put_label(slow)
        # (a lean function: the four taps' gathers, :meth:`_fetch_words`' general path)
        sw = [self._word(g, i) for i in idxs] if self.lean else self._fetch_words(g, idxs, xs)
        slow_end = g.label("fqse")
        g.br(slow_end)
        g.put_label(slow_end)
        g.br(done)
        g.put_label(done)
        return [g.v(f"phi {g.VI} [ {a}, %{fast_end} ], [ {b}, %{slow_end} ]") for a, b in zip(fw, sw)]

    def _fetch_quad_groups(self, g, idxs: list[str], xs: list[str], ys: list[str], below: tuple | None) -> list[str]:
        """:meth:`_fetch_quads` of a step wider than a vector register, one group of a register's lanes (8 or
        16) after the other: each group decides the row-pair loads or the general taps for its own lanes (a wrap
        seam or clamped edge in one lane sends only its group to the gathers, not the whole step), and a group's
        index extractions, prefetch hints, loads and transpose come before the next group's (fewer values live:
        the step's 4 x W words are only the joined result). The same words in every lane either way."""
        W, n = g.W, runtime.register_lanes()

        def part(x: str, h: int, t: str = "i32") -> str:
            lanes = ", ".join(f"i32 {n * h + i}" for i in range(n))
            return g.v(f"shufflevector <{W} x {t}> {x}, <{W} x {t}> poison, <{n} x i32> <{lanes}>")

        words = [[] for _ in idxs]
        for h in range(W // n):
            pi, px, py = [part(i, h) for i in idxs], [part(x, h) for x in xs], [part(y, h) for y in ys]
            # a group's quads are whole (n is a multiple of 4): its prefetches are the whole step's for its lanes
            pb = None if below is None else ([part(sc, h, "float") for sc in below[0]], part(below[1], h))
            g._set_width(n)
            try:
                for j, w in enumerate(self._fetch_quads(g, pi, px, py, pb)):
                    words[j].append(w)
            finally:
                g._set_width(W)
        return [g.concat(ws, "i32") for ws in words]

    def _quad_neighbours(self, g, xs: list[str], ys: list[str]) -> str:
        """i1: in every lane the second column is the first plus one and so is the second row."""
        return g.v(f"and i1 {self._x_neighbours(g, xs)}, {self._x_neighbours(g, ys)}")

    @staticmethod
    def _transpose4x8(g, q: list[str]) -> list[str]:
        """Eight <4 x i32> (one per lane) → four <8 x i32>, vector j holding word j of every lane: lanes k and
        k + 4 joined into one register, then the in-half 4 x 4 transpose (32-bit, then 64-bit unpacks)."""
        def shuf(t: str, a: str, b: str, idx: list[int]) -> str:
            m = len(idx)
            return g.v(f"shufflevector {t} {a}, {t} {b}, <{m} x i32> <" + ", ".join(f"i32 {i}" for i in idx) + ">")

        a = [shuf("<4 x i32>", q[i], q[i + 4], list(range(8))) for i in range(4)]
        V = "<8 x i32>"
        lo32, hi32 = [0, 8, 1, 9, 4, 12, 5, 13], [2, 10, 3, 11, 6, 14, 7, 15]
        t0, t1 = shuf(V, a[0], a[1], lo32), shuf(V, a[0], a[1], hi32)
        t2, t3 = shuf(V, a[2], a[3], lo32), shuf(V, a[2], a[3], hi32)
        lo64, hi64 = [0, 1, 8, 9, 4, 5, 12, 13], [2, 3, 10, 11, 6, 7, 14, 15]
        return [shuf(V, t0, t2, lo64), shuf(V, t0, t2, hi64), shuf(V, t1, t3, lo64), shuf(V, t1, t3, hi64)]

    def level_filter(self, g, footprint: tuple, lin) -> list[str]:
        """The filter of :meth:`level` over a :meth:`level_taps` footprint (UNORM8 words decoded channel by
        channel beside their lerps)."""
        k = self.key
        data, bms, fracs = footprint
        out = []
        for ch in self.channels:
            vals = []
            for t, bm in enumerate(bms):
                if self.scaled:
                    v = self._unorm8_scaled(g, data[t], ch)
                else:
                    v = self._unorm8(g, data[t], ch) if k.packed else data[(t, ch)]
                if bm is not None:
                    v = self._sel(g, bm, self._fv(g, f"border{ch}"), v)
                if k.cmp is not None:
                    v = compare(g, k.cmp, self.ref, v)
                vals.append(v)
            first = vals[0]
            if k.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM) and fracs:
                r = self.reduce_taps(g, vals, fracs)
            else:
                for f in fracs:  # x pairs, then y, then z
                    vals = [self.lerp(g, vals[i], vals[i + 1], f) for i in range(0, len(vals), 2)]
                r = vals[0]
            if lin is not True and lin is not False:
                r = self._sel(g, lin, r, first)
            out.append(r)
        return out

    def _merge_footprints(self, g, fb: tuple, from_b: str, fa: tuple, from_a: str) -> tuple:
        """Phis joining footprint ``fb`` (reached from block ``from_b``) and ``fa`` (from ``from_a``)."""
        def phi(t: str, x: str, y: str) -> str:
            return g.v(f"phi {t} [ {x}, %{from_b} ], [ {y}, %{from_a} ]")

        (db, bb, rb), (da, ba, ra) = fb, fa
        if self.key.packed:
            data = [phi(g.VI, x, y) for x, y in zip(db, da)]
        else:
            data = {key: phi(g.VF, db[key], da[key]) for key in db}
        bms = [None if x is None else phi(g.VB, x, y) for x, y in zip(bb, ba)]
        return data, bms, [phi(g.VF, x, y) for x, y in zip(rb, ra)]

    def mip_rows(self, g, lvl: str) -> list[str]:
        """(width, height, depth, first texel) of each lane's mip: one scalar row when the 8 lanes share a
        mip (the usual case), else gathered."""
        mip = g.arg(self.p + "mip")
        l0 = g.v(f"extractelement {g.VI} {lvl}, i64 0")
        same = g.v(f"icmp eq {g.VI} {lvl}, {g.vsplat32(l0)}")
        g.intr(f"declare i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB})")
        uni = g.v(f"call i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB} {same})")
        a, b, done = g.label("mru"), g.label("mrg"), g.label("mrd")
        g.e(f"br i1 {uni}, label %{a}, label %{b}")
        g.put_label(a)
        r0 = g.v(f"shl i32 {l0}, 2")
        r0 = g.v(f"sext i32 {r0} to i64")
        ua = []
        for j in range(4):
            pj = g.v(f"getelementptr i32, ptr {mip}, i64 {g.v(f'add i64 {r0}, {j}')}")
            ua.append(g.vsplat32(g.v(f"load i32, ptr {pj}, align 4")))
        g.br(done)
        g.put_label(b)
        i4 = g.v(f"shl {g.VI} {lvl}, {_is(2)}")
        ga = []
        for j in range(4):
            ix = g.v(f"sext {g.VI} {g.v(f'add {g.VI} {i4}, {_is(j)}')} to {g.VL}")
            ga.append(g.gather(mip, ix, "splat (i1 true)"))
        g.br(done)
        g.put_label(done)
        return [g.v(f"phi {g.VI} [ {x}, %{a} ], [ {y}, %{b} ]") for x, y in zip(ua, ga)]

    def _word(self, g, idx: str) -> str:
        """<W x i32>: the packed UNORM8 texel ``idx`` of each lane (4 bytes, byte c = component c)."""
        return g.gather(g.arg(self.p + "data"), g.v(f"zext {g.VI} {idx} to {g.VL}"), "splat (i1 true)")

    @staticmethod
    def _unorm8(g, word: str, ch: int) -> str:
        """Component ``ch`` of packed texels: the reference's float32 ``c / 255`` (codecs.decode) as
        ``fma(c, UNORM8_HI, c * UNORM8_LO)`` in float32: the exact product c * UNORM8_HI plus the rounded
        c * UNORM8_LO, rounded once, is the correctly rounded quotient for every one of the 256 codes (checked
        exhaustively in exact arithmetic by tests/test_native_sampler_unorm8.py): two float ops after the
        conversion instead of a divide. (A fused multiply-add is an IEEE operation: the same bits on every
        host with or without an FMA unit.)"""
        b = g.v(f"lshr {g.VI} {word}, {_is(8 * ch)}") if ch else word
        if ch != 3:
            b = g.v(f"and {g.VI} {b}, {_is(255)}")
        f = g.v(f"uitofp {g.VI} {b} to {g.VF}")
        lo = g.v(f"fmul {g.VF} {f}, {_fs(float(UNORM8_LO))}")
        g.intr(f"declare {g.VF} @llvm.fma.v{g.W}f32({g.VF}, {g.VF}, {g.VF})")
        return g.v(f"call {g.VF} @llvm.fma.v{g.W}f32({g.VF} {f}, {g.VF} {_fs(float(UNORM8_HI))}, {g.VF} {lo})")

    @staticmethod
    def _unorm8_scaled(g, word: str, ch: int) -> str:
        """Component ``ch`` of packed texels as float32(c / 255) * 2^24 (UNORM8_SCALE_EXP), for filters whose
        every later operation commutes with that power-of-two scale (:attr:`scaled`). Why it is exact: for
        1 <= c <= 255, c / 255 = 0.cccccc... in base 256, so c / 255 * 2^24 = Q + c / 255 with Q = c * 0x010101
        (the byte repeated three times, an integer below 2^24: float32 holds it exactly). Q's significant bits
        are c's from its leading one down, two more copies of c, then the 4th copy's bits above c's leading
        one, which are zeros: so float32(Q) is the value truncated to 24 significant bits, and the dropped
        tail starts with c's leading one followed by an infinite non-zero repetition — more than half an ulp,
        never a tie — so the correctly rounded value is the next float32 up (255: 2^24 exactly). c = 0 gives
        Q = 0 and must stay 0.
        The next float up is formed by one fused multiply-add, ``fma(Q, UNORM8_NEXT, Q)`` (Session 17, K11;
        Session 16 added ``umin(Q, 1)`` to the bits: two integer operations): with Q = m * 2^k, 1 <= m < 2, the
        exact sum Q + Q * 3 * 2^-25 is Q plus 0.75 * m ulp(Q), strictly between half an ulp and one and a half,
        so rounding it once gives Q + ulp(Q) — also where that is the next binade's first float (the float after
        it is two ulps further) — and Q = 0 gives +0. Checked for all 256 codes in exact rational arithmetic by
        tests/test_native_sampler_decode_rows.py (a fused multiply-add is an IEEE operation: the same bits on
        every host)."""
        n = 4 * g.W
        v8 = f"<{n} x i8>"
        b = g.v(f"bitcast {g.VI} {word} to {v8}")
        idx = []
        for i in range(g.W):  # bytes 0-2 of each word: byte ch of that word; byte 3: zero
            idx += [f"i32 {4 * i + ch}"] * 3 + [f"i32 {n}"]
        q = g.v(f"shufflevector {v8} {b}, {v8} zeroinitializer, <{n} x i32> <{', '.join(idx)}>")
        q = g.v(f"bitcast {v8} {q} to {g.VI}")
        f = g.v(f"sitofp {g.VI} {q} to {g.VF}")
        g.intr(f"declare {g.VF} @llvm.fma.v{g.W}f32({g.VF}, {g.VF}, {g.VF})")
        return g.v(f"call {g.VF} @llvm.fma.v{g.W}f32({g.VF} {f}, {g.VF} {_fs(UNORM8_NEXT)}, {g.VF} {f})")

    def _gather(self, g, idx: str, ch: int) -> str:
        if getattr(self.key, "packed", False):
            return self._unorm8(g, self._word(g, idx), ch)
        data = g.arg(self.p + "data")
        i64 = g.v(f"zext {g.VI} {idx} to {g.VL}")
        i64 = g.v(f"shl {g.VL} {i64}, splat (i64 2)")
        if ch:
            i64 = g.v(f"add {g.VL} {i64}, splat (i64 {ch})")
        ptrs = g.v(f"getelementptr float, ptr {data}, {g.VL} {i64}")
        g.intr(f"declare {g.VF} @llvm.masked.gather.v{g.W}f32.v{g.W}p0({g.VP}, i32 immarg, {g.VB}, {g.VF})")
        return g.v(f"call {g.VF} @llvm.masked.gather.v{g.W}f32.v{g.W}p0({g.VP} {ptrs}, i32 4, {g.VB} splat (i1 true), "
                   f"{g.VF} zeroinitializer)")

    def fetch(self, g, idxs: list[str], xs: list[str]) -> dict:
        """Texels (tap, channel) → <8 x float> from the interleaved (texels, 4) float32 array. Bilinear
        footprints whose two x taps are neighbours in every lane (no wrap / clamp at the edge) load both
        texels of a row with one 32-byte load per lane and transpose; others gather element by element."""
        chans = self.channels
        if len(idxs) == 1:
            return {(0, ch): self._gather(g, idxs[0], ch) for ch in chans}
        alladj = self._x_neighbours(g, xs)
        fast, slow, done = g.label("ftf"), g.label("fts"), g.label("ftd")
        g.e(f"br i1 {alladj}, label %{fast}, label %{slow}")
        g.put_label(fast)
        data = g.arg(self.p + "data")
        fv = {}
        for pair in range(len(idxs) // 2):  # taps 2p (x0) and 2p+1 (x1 = x0 + 1) of one row
            idx = idxs[2 * pair]
            rows = []
            for lane in range(g.W):
                e = g.v(f"extractelement {g.VI} {idx}, i64 {lane}")
                e = g.v(f"zext i32 {e} to i64")
                e = g.v(f"shl i64 {e}, 2")
                ptr = g.v(f"getelementptr float, ptr {data}, i64 {e}")
                rows.append(g.v(f"load <8 x float>, ptr {ptr}, align 4"))  # texels x0 and x1: 8 floats
            # cols[j]: element j of every lane (x0 rgba, x1 rgba); each 8 lanes transposed alike, columns joined
            groups = [self._transpose8(g, rows[k:k + 8]) for k in range(0, g.W, 8)]
            cols = [g.concat([grp[j] for grp in groups], "float") for j in range(8)]  # (one group: itself)
            for ch in chans:
                fv[(2 * pair, ch)] = cols[ch]
                fv[(2 * pair + 1, ch)] = cols[4 + ch]
        fast_end = g.label("ftfe")
        g.br(fast_end)
        g.put_label(fast_end)
        g.br(done)
        g.put_label(slow)
        sv = {(t, ch): self._gather(g, idx, ch) for t, idx in enumerate(idxs) for ch in chans}
        slow_end = g.label("ftse")
        g.br(slow_end)
        g.put_label(slow_end)
        g.br(done)
        g.put_label(done)
        return {key: g.v(f"phi {g.VF} [ {fv[key]}, %{fast_end} ], [ {sv[key]}, %{slow_end} ]") for key in sv}

    @staticmethod
    def _x_neighbours(g, xs: list[str]) -> str:
        """i1: in every lane the second x tap is the first plus one (one wide load per lane reads both)."""
        nxt = g.v(f"add {g.VI} {xs[0]}, {_is(1)}")
        adj = g.v(f"icmp eq {g.VI} {xs[1]}, {nxt}")
        g.intr(f"declare i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB})")
        return g.v(f"call i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB} {adj})")

    def _fetch_words(self, g, idxs: list[str], xs: list[str]) -> list[str]:
        """Packed UNORM8 texels of each tap (<W x i32>): where the two x taps of a row are neighbours in every
        lane, one 8-byte load per lane reads both (low word x0, high word x1: little-endian); else gathers.
        A footprint of several rows (2D / 3D bilinear) whose every row starts the same number of texels after
        the first row in every lane (no wrap or clamp between its rows, one mip: :meth:`_row_steps`) extracts
        each lane's index once and loads all its rows from it (:meth:`_fetch_rows`)."""
        if len(idxs) == 1:
            return [self._word(g, idxs[0])]
        alladj = self._x_neighbours(g, xs)
        if len(idxs) > 2 and SHARED_ROWS:
            steps, uni = self._row_steps(g, idxs)
            ok = g.v(f"and i1 {alladj}, {uni}")
            rows, other, done = g.label("fwr"), g.label("fwo"), g.label("fwrd")
            g.e(f"br i1 {ok}, label %{rows}, label %{other}")
            g.put_label(rows)
            rw = self._fetch_rows(g, idxs[0], steps)
            rows_end = g.label("fwre")
            g.br(rows_end)
            g.put_label(rows_end)
            g.br(done)
            g.put_label(other)
            ow = self._fetch_pairs(g, idxs, alladj)
            other_end = g.label("fwoe")
            g.br(other_end)
            g.put_label(other_end)
            g.br(done)
            g.put_label(done)
            return [g.v(f"phi {g.VI} [ {a}, %{rows_end} ], [ {b}, %{other_end} ]") for a, b in zip(rw, ow)]
        return self._fetch_pairs(g, idxs, alladj)

    @staticmethod
    def _row_steps(g, idxs: list[str]) -> tuple[list[str], str]:
        """(i32 offset of each later row's first tap from the first row's, as lane 0 has it; i1: every lane has
        those offsets). Taps come x fastest, so row r starts at tap 2r."""
        steps, uni = [], "true"
        g.intr(f"declare i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB})")
        for r in range(1, len(idxs) // 2):
            d = g.v(f"sub {g.VI} {idxs[2 * r]}, {idxs[0]}")
            d0 = g.v(f"extractelement {g.VI} {d}, i64 0")
            same = g.v(f"icmp eq {g.VI} {d}, {g.vsplat32(d0)}")
            uni = g.v(f"and i1 {uni}, {g.v(f'call i1 @llvm.vector.reduce.and.v{g.W}i1({g.VB} {same})')}")
            steps.append(d0)
        return steps, uni

    def _fetch_rows(self, g, idx0: str, steps: list[str]) -> list[str]:
        """The paired loads of every row from one index per lane: row r of a lane at its first row's texel plus
        ``steps[r - 1]`` (the same in every lane: checked by the caller). Texel indices are below 2^30 (a resource
        is at most 1024 MB, api/resources.max_resource_bytes, and a packed texel at least one byte), so the first
        row's zero-extended index plus the sign-extended step is the later row's zero-extended index, which the
        per-row loads use: the same addresses."""
        data = g.arg(self.p + "data")
        bases = [data] + [g.v(f"getelementptr i32, ptr {data}, i64 {g.v(f'sext i32 {d} to i64')}") for d in steps]
        qs = ["poison"] * len(bases)
        for lane in range(g.W):
            e = g.v(f"extractelement {g.VI} {idx0}, i64 {lane}")
            e = g.v(f"zext i32 {e} to i64")
            for r, base in enumerate(bases):
                ptr = g.v(f"getelementptr i32, ptr {base}, i64 {e}")
                qs[r] = g.v(f"insertelement {g.VL} {qs[r]}, i64 {g.v(f'load i64, ptr {ptr}, align 4')}, i64 {lane}")
        out = []
        for q in qs:
            out += self._split_pair(g, q)
        return out

    def _fetch_pairs(self, g, idxs: list[str], alladj: str) -> list[str]:
        """:meth:`_fetch_words` row by row: one index extracted per lane and row, or gathers."""
        fast, slow, done = g.label("fwf"), g.label("fws"), g.label("fwd")
        g.e(f"br i1 {alladj}, label %{fast}, label %{slow}")
        g.put_label(fast)
        data = g.arg(self.p + "data")
        fw = []
        for pair in range(len(idxs) // 2):
            idx = idxs[2 * pair]
            q = "poison"
            for lane in range(g.W):
                e = g.v(f"extractelement {g.VI} {idx}, i64 {lane}")
                e = g.v(f"zext i32 {e} to i64")
                ptr = g.v(f"getelementptr i32, ptr {data}, i64 {e}")
                q = g.v(f"insertelement {g.VL} {q}, i64 {g.v(f'load i64, ptr {ptr}, align 4')}, i64 {lane}")
            fw += self._split_pair(g, q)
        fast_end = g.label("fwfe")
        g.br(fast_end)
        g.put_label(fast_end)
        g.br(done)
        g.put_label(slow)
        sw = [self._word(g, idx) for idx in idxs]
        slow_end = g.label("fwse")
        g.br(slow_end)
        g.put_label(slow_end)
        g.br(done)
        g.put_label(done)
        return [g.v(f"phi {g.VI} [ {a}, %{fast_end} ], [ {b}, %{slow_end} ]") for a, b in zip(fw, sw)]

    @staticmethod
    def _split_pair(g, q: str) -> list[str]:
        """<W x i64> of two adjacent packed texels → [x0 words, x1 words] (x0 in the low half)."""
        return [g.v(f"trunc {g.VL} {q} to {g.VI}"),
                g.v(f"trunc {g.VL} {g.v(f'lshr {g.VL} {q}, splat (i64 32)')} to {g.VI}")]

    @staticmethod
    def _transpose8(g, r: list[str]) -> list[str]:
        """8x8 float transpose in three shuffle stages (unpack, 64-bit pairs, 128-bit halves)."""
        def shuf(a: str, b: str, idx: list[int]) -> str:
            return g.v(f"shufflevector <8 x float> {a}, <8 x float> {b}, <8 x i32> <" + ", ".join(f"i32 {i}" for i in idx) + ">")

        lo, hi = [0, 8, 1, 9, 4, 12, 5, 13], [2, 10, 3, 11, 6, 14, 7, 15]
        t = []
        for i in range(0, 8, 2):
            t += [shuf(r[i], r[i + 1], lo), shuf(r[i], r[i + 1], hi)]
        p0, p1 = [0, 1, 8, 9, 4, 5, 12, 13], [2, 3, 10, 11, 6, 7, 14, 15]
        u = {}
        for half, (a, b) in enumerate(((0, 2), (4, 6))):  # rows 0-3 and rows 4-7
            u[(half, 0)] = shuf(t[a], t[b], p0)  # element 0 | 4
            u[(half, 1)] = shuf(t[a], t[b], p1)  # element 1 | 5
            u[(half, 2)] = shuf(t[a + 1], t[b + 1], p0)  # element 2 | 6
            u[(half, 3)] = shuf(t[a + 1], t[b + 1], p1)  # element 3 | 7
        lo128, hi128 = [0, 1, 2, 3, 8, 9, 10, 11], [4, 5, 6, 7, 12, 13, 14, 15]
        out = [None] * 8
        for j in range(4):
            out[j] = shuf(u[(0, j)], u[(1, j)], lo128)
            out[j + 4] = shuf(u[(0, j)], u[(1, j)], hi128)
        return out

    # ---- the instruction ------------------------------------------------------------------------------
    def emit(self, g, op, m: str) -> None:
        """Read the sources, call the variant's sampling function (one per distinct variant in a kernel,
        emitted out of line: identical sample instructions share its code and compile time), store."""
        k = self.key
        if not k.sel:
            return
        for name in ARG_NAMES:  # this op's argument block: consecutive slots in a fixed order
            g.lay.slot(self.p + name)
        block = g.v(f"getelementptr i64, ptr %A, i64 {g.lay.slot(self.p + ARG_NAMES[0])}")
        f = lambda s_: g.asf(g.src(s_))  # noqa: E731
        inputs = [f(op.srcs[0][i]) for i in range(self.raw_dims + (1 if k.arrayed else 0))]
        if k.op in (Op.SAMPLE_L, Op.SAMPLE_B, Op.SAMPLE_C, Op.SAMPLE_C_LZ):
            inputs.append(f(op.srcs[1][0]))
        if k.op == Op.SAMPLE_D:
            inputs += [f(op.srcs[1][i]) for i in range(self.raw_dims)] + [f(op.srcs[2][i]) for i in range(self.raw_dims)]
        name = self.function(g, len(inputs))
        n = g.arg("n", False)
        args = ", ".join([f"ptr {block}", f"i64 {n}"] + [f"{g.VF} {x}" for x in inputs])
        res = g.v(f"call {_ret4(g)} @{name}({args})")
        vals = [g.v(f"extractvalue {_ret4(g)} {res}, {i}") for i in range(4)]
        for d, ch in zip(op.dsts, k.sel):
            g.store(d, g.asi(vals[ch]), m)

    def function(self, g, n_inputs: int) -> str:
        """The name of this variant's sampling function in ``g``'s module, generated on first use."""
        fns = g.__dict__.setdefault("tex_functions", {})
        fkey = (type(self).__name__, replace(self.key, sel=tuple(sorted(set(self.key.sel)))), g.W)
        if fkey in fns:
            return fns[fkey]
        shared = runtime.SHARED_TEX if g.shared_tex is None else g.shared_tex
        sg = type(g)(g.lw, g.TP, None, g.W)  # the caller's vector width
        sg.decls = set() if shared else g.decls  # intrinsic declarations go to the function's module
        sg.lay.slots = {self.p + nm: i for i, nm in enumerate(ARG_NAMES)}  # offsets in the op's block
        sg.args[("n", False)] = "%n"
        params = [f"{g.VF} %in{i}" for i in range(n_inputs)]
        inp = [f"%in{i}" for i in range(n_inputs)]
        # a quick first build's function (TIER auto: it runs until the O2 rebuild) keeps only the general form
        # of two shortcuts — where they are not taken the general form runs anyway, the same bits — so LLVM has
        # less to compile (S3's cold sampler, Session 24: 1,515 -> 1,019 IR lines); a small build ("small") is the O2
        # build's own text and keeps them
        self.lean = g.quick_shared is True and LEAN_QUICK
        out = self.compute(sg, inp)
        agg = "poison"
        for i, v in enumerate(out):
            agg = sg.v(f"insertvalue {_ret4(g)} {agg}, {g.VF} {v}, {i}")
        unknown = set(sg.lay.slots) - {self.p + nm for nm in ARG_NAMES}
        assert not unknown, unknown  # every per-op argument lives in the block
        link = "" if shared else "internal "
        body = [f"define {link}{_ret4(g)} @{_FN}(ptr noalias %A, i64 %n, {', '.join(params)}) noinline {{",
                "entry:", *sg.entry, "  br label %fbody", "fbody:", *sg.lines, f"  ret {_ret4(g)} {agg}", "}"]
        if not shared:
            name = f"texfn{len(fns)}"
            g.decls.add("\n".join(body).replace(f"@{_FN}(", f"@{name}("))
        else:
            # a module of its own, named by its text: every kernel of any shader that samples with this
            # variant (the same texture / sampler configuration) calls the one compiled copy
            text = "\n".join(sorted(sg.decls) + body) + "\n"
            name = "pyd3d11_tex_" + hashlib.sha256(text.encode()).hexdigest()[:24]
            runtime.shared_function(text.replace(f"@{_FN}(", f"@{name}("), name, quick=g.quick_shared)
            g.decls.add(f"declare {_ret4(g)} @{name}(ptr noalias, i64, {', '.join([g.VF] * n_inputs)})")
        fns[fkey] = name
        return name

    def compute(self, g, inp: list[str]) -> list[str]:
        """The sampling function's body: inputs (raw coordinates [, slice] [, lod / bias / reference]
        [, gradients]) → the 4 result channels."""
        k = self.key
        self.channels = [0] if k.cmp is not None else sorted(set(k.sel))
        self.scaled = scaled_decode_applies(k, type(self))
        na = self.raw_dims + (1 if k.arrayed else 0)
        a = inp[:na]
        rest = inp[na:]
        self.s1 = rest[0] if k.op in (Op.SAMPLE_L, Op.SAMPLE_B, Op.SAMPLE_C, Op.SAMPLE_C_LZ) else None
        if k.op == Op.SAMPLE_D:
            self.grads = (rest[:self.raw_dims], rest[self.raw_dims:])
        if k.cmp is not None:
            self.ref = quantize_ref(g, self.s1, k.ref_unorm)
        c, layer = self.coords(g, a)
        lod = self.lod(g, None, a)
        if k.op == Op.LOD:
            return self.lod_result(g, lod)
        if k.op == Op.SAMPLE_B:
            bias = g.v(f"fadd {g.VF} {self.s1}, {self._fv(g, 'bias')}")
        else:
            bias = self._fv(g, "bias")
        cl = self.clamp(g, g.v(f"fadd {g.VF} {lod}, {bias}"))
        # magnification (LOD <= 0) or minification filter
        if k.mag_linear == k.min_linear:
            lin = k.mag_linear
        else:
            le = g.v(f"fcmp ole {g.VF} {cl}, zeroinitializer")
            lin = le if k.mag_linear else g.v(f"xor {g.VB} {le}, splat (i1 true)")
        if k.aniso:
            res = self.filter_aniso(g, a, c, layer, cl, lin)
        else:
            res = self.filter_at(g, c, layer, cl, lin)
        by_ch = dict(zip(self.channels, res))
        if k.cmp is not None:  # comparison: one value in all 4 components
            return [by_ch[0]] * 4
        return [by_ch.get(ch, "zeroinitializer") for ch in range(4)]

    def filter_at(self, g, c: list[str], layer, cl: str, lin) -> list[str]:
        """sampler._filter_at: mip selection from the clamped LOD ``cl`` and the level filter(s)."""
        k = self.key
        # 8.8 fixed-point LOD (sampler_lod._fixed_lod), mip selection (§7.18.10)
        q = self._call(g, "roundeven", g.v(f"fmul {g.VF} {cl}, {_fs(256.0)}"))
        q = g.v(f"fptosi {g.VF} {q} to {g.VI}")
        top = g.v(f"sub {g.VI} {self._iv(g, 'mips')}, {_is(1)}")

        def clampm(x: str) -> str:
            return self._imin(g, self._imax(g, x, "zeroinitializer"), top)

        # the 1D/2D/3D level filter: footprints loaded first, filtered register by register (_sliced_filter)
        split = type(self).level is SampleEmitter.level
        if not k.mip_linear:
            lvl = clampm(g.v(f"ashr {g.VI} {g.v(f'add {g.VI} {q}, {_is(128)}')}, {_is(8)}"))
            if split:
                res = self._sliced_filter(g, self.level_taps(g, lvl, lin, c, layer), None, lin, None, None)
            else:
                res = self.level(g, lvl, lin, c, layer)
        else:
            lo = g.v(f"ashr {g.VI} {q}, {_is(8)}")
            wq = g.v(f"and {g.VI} {q}, {_is(255)}")
            wb = g.v(f"fmul {g.VF} {g.v(f'sitofp {g.VI} {wq} to {g.VF}')}, {_fs(1.0 / 256.0)}")
            la = clampm(lo)
            lb = clampm(g.v(f"add {g.VI} {lo}, {_is(1)}"))
            same = g.v(f"icmp eq {g.VI} {la}, {lb}")
            wb = self._sel(g, same, "zeroinitializer", wb)
            use = g.v(f"fcmp ogt {g.VF} {wb}, zeroinitializer")
            g.intr(f"declare i1 @llvm.vector.reduce.or.v{g.W}i1({g.VB})")
            anyb = g.v(f"call i1 @llvm.vector.reduce.or.v{g.W}i1({g.VB} {use})")
            # the second level's texels are loaded before the first level's filter runs, so the two levels'
            # loads are in flight together (the filters wait on them); its filter runs only where needed
            # (emitters with their own level filter — cube maps — run one level after the other)
            if split:
                ta = self.level_taps(g, la, lin, c, layer)
                pre_t, taps_b, join = g.label("smta"), g.label("smtb"), g.label("smtj")
                g.br(pre_t)
                g.put_label(pre_t)
                g.e(f"br i1 {anyb}, label %{taps_b}, label %{join}")
                g.put_label(taps_b)
                tb = self.level_taps(g, lb, lin, c, layer)
                taps_b_end = g.label("smtbe")
                g.br(taps_b_end)
                g.put_label(taps_b_end)
                g.br(join)
                g.put_label(join)
                tb = self._merge_footprints(g, tb, taps_b_end, ta, pre_t)  # (the first level's where unused)
                if self.lean:  # both levels' path alone: where no lane weights the second it selects the first's
                    return self._unscaled(g, self._sliced_filter(g, ta, tb, lin, wb, use))
                # both levels' filters and their blend per register-wide slice of the lanes where any lane
                # weights the second level, the first level's filter alone where none does
                one, both, joined = g.label("smp1"), g.label("smp2"), g.label("smpj")
                g.e(f"br i1 {anyb}, label %{both}, label %{one}")
                g.put_label(one)
                r1 = self._sliced_filter(g, ta, None, lin, None, None)
                one_end = g.label("smp1e")
                g.br(one_end)
                g.put_label(one_end)
                g.br(joined)
                g.put_label(both)
                r2 = self._sliced_filter(g, ta, tb, lin, wb, use)
                both_end = g.label("smp2e")
                g.br(both_end)
                g.put_label(both_end)
                g.br(joined)
                g.put_label(joined)
                res = [g.v(f"phi {g.VF} [ {x}, %{one_end} ], [ {y}, %{both_end} ]") for x, y in zip(r1, r2)]
            else:
                res = self._blend_levels(g, la, lb, lin, c, layer, wb, use, anyb)
        return self._unscaled(g, res)

    def _unscaled(self, g, res: list[str]) -> list[str]:
        if self.scaled:  # back from the 2^24-scaled domain: exact (no result is near the float32 range's ends)
            res = [g.v(f"fmul {g.VF} {r}, {_fs(2.0 ** -UNORM8_SCALE_EXP)}") for r in res]
        return res

    def _mix(self, g, ra: list[str], rb: list[str], wb: str, use: str) -> list[str]:
        """The mip blend (§7.18.10): the second level's result weighted by ``wb`` where ``use``."""
        if self.key.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM):
            return [self._sel(g, use, self.pick(g, x, y), x) for x, y in zip(ra, rb)]
        return [self._sel(g, use, self.lerp(g, x, y, wb), x) for x, y in zip(ra, rb)]

    def _sliced_filter(self, g, fa: tuple, fb: tuple | None, lin, wb: str | None, use: str | None) -> list[str]:
        """:meth:`level_filter` of footprint ``fa`` (and of ``fb`` blended in by weight ``wb`` where ``use``: the
        linear mip filter), emitted one register-wide slice of the lanes after the other (Session 17, K11): the
        same operations on the same values lane by lane, but a slice's taps, weights and results fit in the
        registers, where whole-width operations keep every tap of every lane live across the channels' filters
        (spilled and reloaded per channel at 16 or more lanes per register width)."""
        R = runtime.register_lanes() if SLICED_FILTER else g.W
        if g.W <= R:
            ra = self.level_filter(g, fa, lin)
            return ra if fb is None else self._mix(g, ra, self.level_filter(g, fb, lin), wb, use)
        W = g.W

        def part(x: str | None, t: str, h: int) -> str | None:
            if x is None:
                return None
            lanes = ", ".join(f"i32 {R * h + i}" for i in range(R))
            return g.v(f"shufflevector <{W} x {t}> {x}, <{W} x {t}> poison, <{R} x i32> <{lanes}>")

        def fp_part(fp: tuple, h: int) -> tuple:
            data, bms, fracs = fp
            if isinstance(data, dict):
                pd = {key: part(v, "float", h) for key, v in data.items()}
            else:
                pd = [part(v, "i32", h) for v in data]
            return pd, [part(b, "i1", h) for b in bms], [part(f, "float", h) for f in fracs]

        outs = []
        for h in range(W // R):
            pa = fp_part(fa, h)
            pb = None if fb is None else fp_part(fb, h)
            plin = lin if lin is True or lin is False else part(lin, "i1", h)
            pw, pu = part(wb, "float", h), part(use, "i1", h)
            ref = self.ref if self.key.cmp is not None else None  # a comparison's reference: per lane, sliced
            if ref is not None:
                self.ref = part(ref, "float", h)
            g._set_width(R)
            try:
                ra = self.level_filter(g, pa, plin)
                outs.append(ra if pb is None else self._mix(g, ra, self.level_filter(g, pb, plin), pw, pu))
            finally:
                g._set_width(W)
                if ref is not None:
                    self.ref = ref
        return [g.concat([o[i] for o in outs], "float") for i in range(len(outs[0]))]

    def _blend_levels(self, g, la: str, lb: str, lin, c: list[str], layer, wb: str, use: str, anyb: str) -> list[str]:
        """The linear mip filter of emitters with their own level filter (cube maps): one level after the other,
        the second only where a lane weights it."""
        ra = self.level(g, la, lin, c, layer)
        pre, blend, done = g.label("smpa"), g.label("smpb"), g.label("smpd")
        g.br(pre)
        g.put_label(pre)
        g.e(f"br i1 {anyb}, label %{blend}, label %{done}")
        g.put_label(blend)
        mixed = self._mix(g, ra, self.level(g, lb, lin, c, layer), wb, use)
        end_blend = g.label("smpe")
        g.br(end_blend)
        g.put_label(end_blend)
        g.br(done)
        g.put_label(done)
        return [g.v(f"phi {g.VF} [ {x}, %{pre} ], [ {y}, %{end_blend} ]") for x, y in zip(ra, mixed)]

    def filter_aniso(self, g, a: list[str], c0: list[str], layer, cl: str, lin) -> list[str]:
        """sampler._filter_aniso (§7.18.11): K = ceil(ratio) trilinear filters spread along the line of
        anisotropy, averaged (or min/max-reduced); a lane with K = 1 keeps its single filter's result."""
        k = self.key
        ratio, du, dv, lmaj = self.an
        Mf = _fs(float(k.aniso))
        kf = self._call(g, "ceil", g.v(f"fsub {g.VF} {ratio}, {_fs(1.0 / 256.0)}"))
        kf = self._clip(g, kf, _fs(1.0), Mf)
        fin = g.v(f"fcmp olt {g.VF} {self._call(g, 'fabs', ratio)}, {_fs(float('inf'))}")
        kf = self._sel(g, fin, kf, _fs(1.0))
        mr = self._sel(g, g.v(f"fcmp ogt {g.VF} {ratio}, {_fs(1.0)}"), ratio, _fs(1.0))
        span = g.v(f"fsub {g.VF} {_fs(1.0)}, {g.v(f'fdiv {g.VF} {_fs(1.0)}, {mr}')}")
        span = g.v(f"fmul {g.VF} {lmaj}, {span}")
        w0, h0 = self._fv(g, "w0"), self._fv(g, "h0")
        minmax = k.reduction in (REDUCE_MINIMUM, REDUCE_MAXIMUM)

        def tap(fi: str) -> list[str]:
            t = g.v(f"fdiv {g.VF} {g.v(f'fadd {g.VF} {fi}, {_fs(0.5)}')}, {kf}")
            t = g.v(f"fmul {g.VF} {g.v(f'fsub {g.VF} {t}, {_fs(0.5)}')}, {span}")
            u = g.v(f"fdiv {g.VF} {g.v(f'fmul {g.VF} {du}, {t}')}, {w0}")  # raw + du * t / w0
            u = g.v(f"fadd {g.VF} {a[0]}, {u}")
            v = g.v(f"fdiv {g.VF} {g.v(f'fmul {g.VF} {dv}, {t}')}, {h0}")
            v = g.v(f"fadd {g.VF} {a[1]}, {v}")
            cc = [self.reduce_range(g, u, k.modes[0]), self.reduce_range(g, v, k.modes[1])]
            return self.filter_at(g, cc, layer, cl, lin)

        first = tap("zeroinitializer")
        if minmax:
            fill = _fs(float("inf") if k.reduction == REDUCE_MINIMUM else float("-inf"))
            acc0 = [self.pick(g, fill, r) for r in first]
        else:
            acc0 = [g.v(f"fadd {g.VF} zeroinitializer, {r}") for r in first]
        # i = 1 .. MaxAnisotropy - 1 in a loop that ends when no lane needs tap i
        pre, head, body, latch, done = (g.label(x) for x in ("anp", "anh", "anb", "anl", "and"))
        g.br(pre)
        g.put_label(pre)
        g.br(head)
        g.put_label(head)
        i = g.tmp()
        nxt = g.tmp()
        accs = [g.tmp() for _ in acc0]
        news = [g.tmp() for _ in acc0]
        g.lines.append(f"  {i} = phi i32 [ 1, %{pre} ], [ {nxt}, %{latch} ]")
        for ph, a0, nw in zip(accs, acc0, news):
            g.lines.append(f"  {ph} = phi {g.VF} [ {a0}, %{pre} ], [ {nw}, %{latch} ]")
        fi = g.vsplat32(i)
        fi = g.v(f"sitofp {g.VI} {fi} to {g.VF}")
        active = g.v(f"fcmp ogt {g.VF} {kf}, {fi}")
        g.intr(f"declare i1 @llvm.vector.reduce.or.v{g.W}i1({g.VB})")
        anyv = g.v(f"call i1 @llvm.vector.reduce.or.v{g.W}i1({g.VB} {active})")
        inr = g.v(f"icmp slt i32 {i}, {k.aniso}")
        go = g.v(f"and i1 {anyv}, {inr}")
        g.e(f"br i1 {go}, label %{body}, label %{done}")
        g.put_label(body)
        rs = tap(fi)
        for ph, r, nw in zip(accs, rs, news):
            x = self.pick(g, ph, r) if minmax else g.v(f"fadd {g.VF} {ph}, {r}")
            g.lines.append(f"  {nw} = select {g.VB} {active}, {g.VF} {x}, {g.VF} {ph}")
        g.br(latch)
        g.put_label(latch)
        g.lines.append(f"  {nxt} = add i32 {i}, 1")
        g.br(head)
        g.put_label(done)
        one = g.v(f"fcmp oeq {g.VF} {kf}, {_fs(1.0)}")
        out = []
        for ph, r in zip(accs, first):
            o = ph if minmax else g.v(f"fdiv {g.VF} {ph}, {kf}")
            out.append(self._sel(g, one, r, o))
        return out

    raw_dims = property(lambda self: self.key.dims)  # coordinate components (a cube's direction has 3)

    def coords(self, g, a: list[str]) -> tuple[list[str], str | None]:
        """sampler.TextureSampler._coords: range-reduced normalised coordinates and the array slice."""
        k = self.key
        c = [self.reduce_range(g, a[i], k.modes[i]) for i in range(k.dims)]
        return c, (self.array_index(g, a[k.dims]) if k.arrayed else None)

    def texel_derivs(self, g, dx: list[str], dy: list[str], a: list[str]) -> tuple[list[str], list[str]]:
        """Coordinate derivatives → texel-space derivative vectors (sampler.TextureSampler._derivs)."""
        sz = (self._fv(g, "w0"), self._fv(g, "h0"), self._fv(g, "d0"))
        return ([g.v(f"fmul {g.VF} {dx[i]}, {sz[i]}") for i in range(len(dx))],
                [g.v(f"fmul {g.VF} {dy[i]}, {sz[i]}") for i in range(len(dy))])

    def lod_result(self, g, lod: str) -> list[str]:
        """lod (§22.4.9; sampler.TextureSampler._lod): (clamped LOD within the view's mips, unclamped LOD +
        MipLODBias, 0, 0)."""
        bias = self._fv(g, "bias")
        unclamped = g.v(f"fadd {g.VF} {lod}, {bias}")
        cl = self.clamp(g, unclamped)
        last = g.v(f"sub {g.VI} {self._iv(g, 'mips')}, {_is(1)}")
        top = g.v(f"sitofp {g.VI} {last} to {g.VF}")
        cl = self._clip(g, cl, "zeroinitializer", top)
        return [cl, unclamped, "zeroinitializer", "zeroinitializer"]

    def clamp(self, g, b: str) -> str:
        """sampler_lod.clamp_lod on the biased LOD ``b``."""
        cl = self._fmax(g, self._fv(g, "minlod"), self._fmin(g, self._fv(g, "maxlod"), b))
        if self.key.res_min:
            cl = self._fmax(g, cl, self._fv(g, "resmin"))
        return self._clip(g, self._nan0(g, cl), _fs(-128.0), _fs(128.0))

    def lod(self, g, op, a: list[str]) -> str:
        """Unclamped LOD (sampler.TextureSampler._compute_lod, isotropic)."""
        k = self.key
        if k.op == Op.SAMPLE_L:
            return self.s1
        if k.op == Op.SAMPLE_C_LZ:
            return "zeroinitializer"
        dims = self.raw_dims
        per_quad = (k.quad and not k.aniso and k.op != Op.SAMPLE_D
                    and type(self).texel_derivs is SampleEmitter.texel_derivs)
        if k.op == Op.SAMPLE_D:
            dx, dy = self.grads
        elif per_quad:
            lod = self._isotropic_lod_per_quad(g, a[:dims])
        elif k.quad:
            def shuf(x: str, lanes: list[int]) -> str:
                ls = [i + q for q in range(0, g.W, 4) for i in lanes]  # every quad of the step
                return g.v(f"shufflevector {g.VF} {x}, {g.VF} poison, <{g.W} x i32> <"
                           + ", ".join(f"i32 {i}" for i in ls) + ">")

            dx, dy = [], []
            for i in range(dims):
                tl = shuf(a[i], [0, 0, 0, 0])
                dx.append(g.v(f"fsub {g.VF} {shuf(a[i], [1, 1, 1, 1])}, {tl}"))
                dy.append(g.v(f"fsub {g.VF} {shuf(a[i], [2, 2, 2, 2])}, {tl}"))
        else:
            return "zeroinitializer"
        if per_quad:
            pass  # computed above, on the quads
        elif k.aniso:
            lod = self.anisotropic_lod(g, *self.texel_derivs(g, dx, dy, a))
        else:
            tdx, tdy = self.texel_derivs(g, dx, dy, a)
            lens = []
            for s in (tdx, tdy):
                acc = g.v(f"fmul {g.VF} {s[0]}, {s[0]}")
                for x in s[1:]:  # np.sum over axis 0: row by row, in order
                    acc = g.v(f"fadd {g.VF} {acc}, {g.v(f'fmul {g.VF} {x}, {x}')}")
                lens.append(self._call(g, "sqrt", acc))
            lod = log2_f32(g, self._fmax(g, lens[0], lens[1]))
        if k.op == Op.SAMPLE_D:
            return lod
        # a run whose lane count is not a multiple of 4 has no quads: LOD 0 (the reference's n % 4 rule)
        # and no anisotropic footprint
        r = g.v(f"and i64 {g.arg('n', False)}, 3")
        ok = g.v(f"icmp eq i64 {r}, 0")
        if k.aniso:
            ratio, du, dv, lmaj = self.an
            self.an = (g.v(f"select i1 {ok}, {g.VF} {ratio}, {g.VF} {_fs(1.0)}"),
                       *(g.v(f"select i1 {ok}, {g.VF} {x}, {g.VF} zeroinitializer") for x in (du, dv, lmaj)))
        return g.v(f"select i1 {ok}, {g.VF} {lod}, {g.VF} zeroinitializer")

    def _isotropic_lod_per_quad(self, g, a: list[str]) -> str:
        """The isotropic LOD from quad derivatives (sampler_lod.quad_derivatives, isotropic_lod) computed once
        per quad on a vector of the step's quads (W / 4 lanes: each quad's TR - TL and BL - TL, scaled by the
        view's size, are one word per quad, so every lane of a quad holds the same bits) and broadcast back:
        the same operations in the same order per quad, a quarter of the lanes — the chain every trilinear
        sample waits on. One square root: for sums of squares (+0 or more, +INF, NaN) sqrt is monotone and
        maps NaN to NaN, so fmax(sqrt(a), sqrt(b)) (np.fmax: the non-NaN one, the first on ties) has the bits
        of sqrt of the same pick among a and b."""
        q = g.W // 4
        VQ, VB = f"<{q} x float>", f"<{q} x i1>"

        def lanes(x: str, k: int) -> str:
            idx = ", ".join(f"i32 {4 * i + k}" for i in range(q))
            return g.v(f"shufflevector {g.VF} {x}, {g.VF} poison, <{q} x i32> <{idx}>")

        def size(name: str) -> str:
            b = g.v(f"bitcast i32 {g.v(f'trunc i64 {g.arg(self.p + name, False)} to i32')} to float")
            ins = g.v(f"insertelement {VQ} poison, float {b}, i64 0")
            return g.v(f"shufflevector {VQ} {ins}, {VQ} poison, <{q} x i32> zeroinitializer")

        sizes = [size(nm) for nm in ("w0", "h0", "d0")[:len(a)]]
        sums = []
        for k in (1, 2):  # dX = TR - TL, dY = BL - TL
            acc = None
            for i, c in enumerate(a):
                tl = lanes(c, 0)
                d = g.v(f"fmul {VQ} {g.v(f'fsub {VQ} {lanes(c, k)}, {tl}')}, {sizes[i]}")
                sq = g.v(f"fmul {VQ} {d}, {d}")
                acc = sq if acc is None else g.v(f"fadd {VQ} {acc}, {sq}")  # np.sum over axis 0, in order
            sums.append(acc)
        gt = g.v(f"fcmp ogt {VQ} {sums[1]}, {sums[0]}")
        nan = g.v(f"fcmp uno {VQ} {sums[0]}, {sums[0]}")
        pick = g.v(f"select {VB} {g.v(f'or {VB} {gt}, {nan}')}, {VQ} {sums[1]}, {VQ} {sums[0]}")
        g.intr(f"declare {VQ} @llvm.sqrt.v{q}f32({VQ})")
        x = g.v(f"call {VQ} @llvm.sqrt.v{q}f32({VQ} {pick})")
        r = log2_f32(g, x, q)
        back = ", ".join(f"i32 {i // 4}" for i in range(g.W))
        return g.v(f"shufflevector {VQ} {r}, {VQ} poison, <{g.W} x i32> <{back}>")

    def anisotropic_lod(self, g, dx: list[str], dy: list[str]) -> str:
        """sampler_lod.anisotropic_lod operation by operation; sets ``self.an`` = (ratio, du, dv, lmaj)."""
        def mul(x, y):
            return g.v(f"fmul {g.VF} {x}, {y}")

        def add(x, y):
            return g.v(f"fadd {g.VF} {x}, {y}")

        def sel(c, x, y):
            return self._sel(g, c, x, y)

        sx = add(mul(dx[0], dx[0]), mul(dx[1], dx[1]))
        sy = add(mul(dy[0], dy[0]), mul(dy[1], dy[1]))
        det = self._call(g, "fabs", g.v(f"fsub {g.VF} {mul(dx[0], dy[1])}, {mul(dx[1], dy[0])}"))
        major_x = g.v(f"fcmp ogt {g.VF} {sx}, {sy}")
        smaj = sel(major_x, sx, sy)
        lmaj = self._call(g, "sqrt", smaj)
        norm = g.v(f"fdiv {g.VF} {_fs(1.0)}, {lmaj}")
        du = mul(sel(major_x, dx[0], dy[0]), norm)
        dv = mul(sel(major_x, dx[1], dy[1]), norm)
        ratio = g.v(f"fdiv {g.VF} {smaj}, {det}")
        M = _fs(float(self.key.aniso))
        clamped = g.v(f"fcmp ogt {g.VF} {ratio}, {M}")
        ratio = sel(clamped, M, ratio)
        lmin = sel(clamped, g.v(f"fdiv {g.VF} {lmaj}, {ratio}"), g.v(f"fdiv {g.VF} {det}, {lmaj}"))
        small = g.v(f"fcmp olt {g.VF} {lmin}, {_fs(1.0)}")
        ratio = sel(small, self._fmax(g, _fs(1.0), mul(ratio, lmin)), ratio)

        def finite(x):
            return g.v(f"fcmp olt {g.VF} {self._call(g, 'fabs', x)}, {_fs(float('inf'))}")

        bad = g.v(f"xor {g.VB} {g.v(f'and {g.VB} {finite(ratio)}, {finite(lmin)}')}, splat (i1 true)")
        bad = g.v(f"or {g.VB} {bad}, {g.v(f'fcmp oeq {g.VF} {det}, zeroinitializer')}")
        iso = self._fmax(g, self._call(g, "sqrt", sx), self._call(g, "sqrt", sy))
        lmin = sel(bad, iso, lmin)
        ratio = sel(bad, _fs(1.0), ratio)
        du = sel(bad, "zeroinitializer", du)
        dv = sel(bad, "zeroinitializer", dv)
        # nan_to_num(lmaj): NaN → 0, ±INF → ±FLT_MAX
        big = _fs(float(np.finfo(np.float32).max))
        lm = self._nan0(g, lmaj)
        lm = sel(g.v(f"fcmp oeq {g.VF} {lm}, {_fs(float('inf'))}"), big, lm)
        self.an = (ratio, du, dv, lm)
        return log2_f32(g, lmin)
