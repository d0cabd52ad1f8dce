"""LLVM IR of the fused per-tile pixel pipeline (issue 12, point 2): one function per :class:`FusedKey` that,
for one screen tile and the draw's pieces binned to it in submission order, rasterizes 2x2 quads with the
exact 16.8 fixed-point edge functions, interpolates only what the pixel shader reads, runs the compiled
pixel-shader kernel (shader/native/llvm_gen.py, called through its entry point) on a batch of lanes, and
applies the depth test and the colour writes lane by lane in lane order.

Every step repeats the numpy reference operation for operation (D3D11.3 §3.4 rasterization rules,
§16.4 interpolation, §17 output merger; pipeline/rasterizer.py, interpolate.py, output_merger.py, blend.py,
depth_stencil.py, formats/numerics.py): float64 planes ``c0*x + c1*y + c2`` in that order, the perspective
divide in float64 and one rounding to float32 (float32 arithmetic only for pieces :func:`exact32_condition` proves
give the same bits); blending in float32 with separate multiplies and adds (no
fused multiply-add: no fast-math flags are ever emitted); UNORM codecs exact (om_gen: float64, or float32 with
an explicit fused multiply-add correction where the host has one); sRGB through the reference's exact float32
decision thresholds.

Arguments: two int64 arrays (named slots, see :class:`Slots`): ``D`` per draw (piece tables, target
pointers) and ``T`` per worker thread (lane batch buffers, the pixel-shader argument array, counters).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields

from ...shader.native.ir_text import IrText
from . import piece_records as pr
from .lane_ir import host_fma
from .om_gen import OMContext, om_function

#: up to this many planes per piece, the batch function keeps the piece's plane coefficients in registers across
#: the quads of one piece (3 <4 x double> each: 15 of AVX2's 16 vector registers at most, some spilled; still less
#: than reloading them per quad: S2's five planes — three attributes, 1/w, z — `flush_batch` 79-83 -> 68-72 ns per
#: triangle, session 17; PYD3D11_FUSED_HOIST_PLANES for A/B)
HOIST_PLANES = int(os.environ.get("PYD3D11_FUSED_HOIST_PLANES", "5"))
#: skip the 1/w plane of pieces whose 1/w plane is (0, 0, 1) (``_flush_fn``; A/B: PYD3D11_FUSED_UNIT_W=0)
UNIT_W = os.environ.get("PYD3D11_FUSED_UNIT_W", "1") != "0"
#: evaluate the planes of a piece in float32 where that is proven to give the float64 definition's bits
#: (:func:`exact32_condition`; ``_flush_fn``; A/B and mutation checks: PYD3D11_FUSED_EXACT32=0)
EXACT32 = os.environ.get("PYD3D11_FUSED_EXACT32", "1") != "0"
#: the bound on |pixel centre coordinate| the float32 proof assumes: pixel indices of a render target are below
#: D3D11's largest texture dimension, 16384 (D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION), and even a target-less (UAV-only)
#: draw's pixels lie inside the viewport bounds [-32768, 32767] (D3D11_VIEWPORT_BOUNDS_MIN/MAX): |X + 1/2| < 2^15
EXACT32_XY = 2.0 ** 15
#: kinds of FusedKey.inputs a batch function with the float32 path may have (planes at the pixel centre, or
#: values that do not depend on the pixel position)
_EXACT32_KINDS = frozenset(("persp", "linear", "flat", "front", "primid"))
#: a batch's lane count is rounded up to this (the widest pixel-shader vector step: runtime.PIXEL_WIDTH lanes on
#: AVX-512); batches are whole multiples of it (fused._sizes), so the rounded count always fits the batch's buffers
LANE_QUANTUM = 64
#: the rasterizer prefetches the per-piece data of the tile's piece this many list places ahead
PREFETCH_AHEAD = int(os.environ.get("PYD3D11_FUSED_PREFETCH_AHEAD", "2"))
#: pieces whose tile rectangle fits one 8x8-pixel block take the block rasterizer (``_small_block``; A/B:
#: PYD3D11_FUSED_SMALL=0)
#: the batch function prefetches the plane-table row of the quad this many quads ahead (0: none; A/B:
#: PYD3D11_FUSED_FLUSH_PREFETCH)
FLUSH_PREFETCH = int(os.environ.get("PYD3D11_FUSED_FLUSH_PREFETCH", "8"))
SMALL_BLOCK = os.environ.get("PYD3D11_FUSED_SMALL", "1") != "0"
#: the rasterizer also prefetches the plane row of the piece PREFETCH_AHEAD places ahead (for the batch function;
#: A/B: PYD3D11_FUSED_RASTER_PLANES=0)
RASTER_PLANES = os.environ.get("PYD3D11_FUSED_RASTER_PLANES", "1") != "0"
#: rows of pieces that cover their whole tile rectangle append two quads per vector store (``_full_row``; A/B
#: and mutation checks: PYD3D11_FUSED_FULL_ROWS=0)
FULL_ROWS = os.environ.get("PYD3D11_FUSED_FULL_ROWS", "1") != "0"
#: the merger reads the raster coverage lane buffer itself where nothing is folded into it (``_om``; A/B and
#: mutation checks: PYD3D11_FUSED_COV_IN_PLACE=0)
COV_IN_PLACE = os.environ.get("PYD3D11_FUSED_COV_IN_PLACE", "1") != "0"
#: the batch function's target prefetch steps a line at a time along runs of quads in a row (``_prefetch_targets``;
#: A/B: PYD3D11_FUSED_PREFETCH_RUNS=0)
PREFETCH_RUNS = os.environ.get("PYD3D11_FUSED_PREFETCH_RUNS", "1") != "0"

V4F = "<4 x float>"
V8F = "<8 x float>"
V4D = "<4 x double>"
V4I = "<4 x i32>"
V4L = "<4 x i64>"
V4B = "<4 x i1>"


@dataclass(frozen=True)
class FusedKey:
    tile: int  # tile edge in pixels (even)
    batch: int  # lanes per pixel-shader batch (multiple of 8)
    inputs: tuple  # (kind, reg, comp, index) per produced input component
    v_regs: int
    o_regs: int
    has_ps: bool
    ps_n_slot: int
    need_z: bool  # the output merger reads fragment depth (a depth test)
    om: object  # om_gen.OMKey of the output-merger state
    om_regs: int  # om_gen.om_registers(om)
    face: bool  # om_gen.om_needs_face(om): cov bit 31 marks back-facing lanes
    sv: tuple = ()  # PS system-value operands filled per lane: "cov" (vCoverage), "prim" (vPrim)
    #: the PS argument slot of the register-file stride, set per batch to its lane count rounded up to 16, so the
    #: PS writes its outputs straight in the merger's [register][4][n] layout (o_regs then covers the merger's
    #: registers); None: a fixed stride of ``batch`` lanes (shaders whose host callbacks view the files)
    ps_ng_slot: int | None = None
    #: multisampled targets (pixel-frequency shading): the raster sample offsets in 1/256 pixel from the pixel
    #: centre, one (x, y) per sample (rasterizer.sample_offsets); () for one sample at the centre. A lane's
    #: coverage word holds bit s where sample s is inside (the 16.8 edge test at the sample), its depth is
    #: interpolated per sample (sample-major [S][n8] for the merger), the shader runs once at the centre
    samples: tuple = ()
    #: sample-frequency shading (§3.5.4-5, draw._PixelContext._lanes): per quad one quad of lanes per sample index
    #: that (coverage & SampleMask) holds in any of its pixels, each lane's coverage its own sample bit, its
    #: sample index in ``ls``; inputs of the *_SAMPLE modes (kinds ending "_s"), and depth, at the sample's
    #: position. ``samples`` is then ((0, 0),) for one sample
    sample_freq: bool = False
    #: alpha-antialiased lines (fused_lines.py): o0.a of every lane times its piece's coverage (D slot ``lalpha``,
    #: float32 per piece) after the shader, before the merger (draw._PixelContext.shade, §3.4.4 / §15.14.1)
    line_alpha: bool = False
    #: clip distances (SV_ClipDistance, §15.4.1; draw._PixelContext._clip_distance_mask): the plane-table indices
    #: of the clip-distance components (perspective planes of the last pre-rasterizer stage's outputs). A raster
    #: sample stays covered only where every component interpolated at it (the plane over the 1/w plane in
    #: float64, one rounding to float32) is >= 0 (a NaN is not): the rasterizer ANDs that into the coverage
    clip: tuple = ()
    #: the pixel shader's special outputs the lane applies, (kind, operand type) with kind "depth" (oDepth, also
    #: the conservative forms) or "mask" (oMask): the kernel writes them to the T slots ``sodepth`` / ``somask``
    #: (one word per lane, then a flag: a store ran). As draw._PixelContext.shade: with the flag set, the
    #: shader's depth replaces the interpolated one at every sample and oMask is ANDed into the coverage
    so: tuple = ()
    #: the pixel shader writes memory (lower.py ``quiet``; fused_uav.py decides which may): the batch marks its
    #: helper lanes (coverage 0, draw._PixelContext.shade) -1 in the T slot ``helpers``, whose UAV writes the
    #: kernel drops (§16.12 / §16.13)
    uav_helpers: bool = False
    #: ForcedSampleCount > 1 (target-independent rasterization, §3.5.6.2; fused_select._forced_reason): ``samples`` is the
    #: forced raster pattern, the merger's key has one sample; a lane's merger coverage is 1 where any raster
    #: sample is covered, vCoverage and centroids take the raster coverage unmasked, and the occlusion count
    #: grows by the raster samples of each merged lane (output_merger's ``occlusion``)
    forced: bool = False
    #: the pixel shader writes every component of o0 .. o(o_regs - 1) in every lane it runs
    #: (lower.unconditional_outputs): the batch function does not clear the output registers before the call
    o_written: bool = False
    #: the pixel shader has no discard and writes no memory (nothing reads the discard words): the batch function
    #: neither clears them before the call nor reads them after it
    no_discard: bool = False

    def __hash__(self) -> int:
        # computed once (the fields are immutable): every draw looks its variant up by key (fused.get_compiled)
        h = self.__dict__.get("_hash")
        if h is None:
            h = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", h)
        return h


@dataclass
class Slots:
    d: dict = field(default_factory=dict)
    t: dict = field(default_factory=dict)


# The argument slots by name: a slot's number is only its position here, and both sides (the generator's darg/targ
# and the host filling D/T) go through the name, so the order is free (written as words, not as a table).
_D_NAMES = tuple("""tile_list tile_off tiles_x A B rec planes invw zplane flat front primid vpmin vpmax P ds_base
    ds_pitch ps_fn bf srgb_t srgb_lut next n_tiles om_ctx lalpha""".split()) \
    + tuple(f"rt{i}_{s}" for i in range(8) for s in ("base", "pitch")) + tuple("flush_fn om_fn".split())
_T_NAMES = tuple("ps_args lx ly lp lc v o disc depth count alive cov col svcov svprim ls sodepth somask helpers lrc".split())


_SLOTS = Slots({n: i for i, n in enumerate(_D_NAMES)}, {n: i for i, n in enumerate(_T_NAMES)})


def slots() -> Slots:
    """The slot numbers by name (one shared, read-only object: every draw asks)."""
    return _SLOTS


class _Emit(IrText):
    prefix = "v"

    def __init__(self) -> None:
        super().__init__()
        self.decls: set[str] = set()

    put = IrText.put_label

    def cbr(self, c: str, a: str, b: str) -> None:
        self.e(f"br i1 {c}, label %{a}, label %{b}")

    def load_slot(self, base: str, idx: int, ptr: bool) -> str:
        p = self.v(f"getelementptr i64, ptr {base}, i64 {idx}")
        return self.v(f"load {'ptr' if ptr else 'i64'}, ptr {p}, align 8")

    def gep(self, t: str, base: str, idx: str) -> str:
        return self.v(f"getelementptr {t}, ptr {base}, i64 {idx}")

    def ld(self, t: str, base: str, idx: str, align: int = 4) -> str:
        return self.v(f"load {t}, ptr {self.gep(t.split(' x ')[-1].rstrip('>') if t.startswith('<') else t, base, idx)}, align {align}")


def _fconst(x: float) -> str:
    import struct

    return "0x{:016X}".format(struct.unpack("<Q", struct.pack("<d", float(x)))[0])


def _vec(t: str, vals) -> str:
    return "<" + ", ".join(f"{t} {v}" for v in vals) + ">"


def exact32_condition(c0: float, c1: float, c2: float) -> bool:
    """Whether plane (c0, c1, c2) evaluates at every pixel centre (X + 1/2, Y + 1/2), |X + 1/2|, |Y + 1/2| <=
    EXACT32_XY, to the same float32 in float32 arithmetic (any association, fused or not) as the reference's
    fl32(fl64(fl64(fl64(c0*x) + fl64(c1*y)) + c2)) (interpolate.py, §16.4 plane evaluation): the Python statement
    of the rule the batch function's IR tests per piece (``_Gen._exact32_flag``; tests check one against the other).

    Proof: each ci is a float32 (so the float32 coefficients are the float64 ones) and a multiple of 2^ei (ei: the
    exponent of its lowest set bit); x = (2X + 1)/2 is a multiple of 2^-1, so c0*x, c1*y and c2 and every sum of
    them are integer multiples of 2^E, E = min(e0 - 1, e1 - 1, e2), and bounded by S = |c0|*XY + |c1|*XY + |c2|.
    With S <= 2^(E+23) each such value is k*2^E with |k| < 2^24: a float32 (a normal one for E >= -126, so no
    denormal), hence also a float64 — every operation of either evaluation is exact and gives the real value,
    and the final fl32 of the reference changes nothing. Signed zeros agree too: an exact sum is -0 only when all
    its terms are -0, in any order, and the products' signs are the same. (The float64 S is computed with at
    most a few roundings, far inside the factor 2 between 2^(E+23) and 2^(E+24).)"""
    import math

    import numpy as np

    cs = (float(c0), float(c1), float(c2))
    if not all(math.isfinite(c) and abs(c) < 2.0 ** 128 and float(np.float32(c)) == c for c in cs):
        return False
    e = []
    for j, c in enumerate(cs):
        if c != 0.0:
            m, ex = math.frexp(abs(c))  # abs(c) = m * 2^ex, m in [1/2, 1)
            k = int(m * 2.0 ** 53)  # an integer: abs(c) = k * 2^(ex - 53)
            low = (k & -k).bit_length() - 1 + ex - 53
            e.append(low - 1 if j < 2 else low)
    if not e:
        return True
    E = min(min(e), 100)
    if E < -126:
        return False
    bound = abs(cs[0]) * EXACT32_XY + abs(cs[1]) * EXACT32_XY + abs(cs[2])
    return bound <= 2.0 ** (E + 23)


def plane_layout(key: FusedKey) -> tuple[int, int, int, int]:
    """(attribute planes, index of the 1/w plane or -1, index of the z plane or -1, planes per piece): the
    per-piece plane table holds the attribute planes (FusedKey.inputs' indices), then 1/w, then z."""
    n_attr = sum(1 for kind, *_ in key.inputs if kind.split("_")[0] in ("persp", "linear")) + len(key.clip)
    need_invw = bool(key.clip) or any(kind.split("_")[0] in ("persp", "posw") for kind, *_ in key.inputs)
    need_z = key.need_z or any(kind.split("_")[0] == "posz" for kind, *_ in key.inputs)
    i_invw = n_attr if need_invw else -1
    i_z = n_attr + need_invw if need_z else -1
    return n_attr, i_invw, i_z, n_attr + need_invw + need_z


#: plane-table rows padded to whole 64-byte lines where that costs at most one double (PYD3D11_FUSED_PLANE_PAD=0:
#: unpadded, for A/B)
PLANE_PAD = os.environ.get("PYD3D11_FUSED_PLANE_PAD", "1") != "0"


def plane_stride(n_planes: int) -> int:
    """Doubles from one piece's plane row to the next: 3 * n_planes, padded to the next multiple of eight (a
    64-byte line) when that adds at most one double. The table starts on a line (fused._Geometry.plane_table), so
    such a row lies in whole lines: S2's five planes, 120 bytes at multiples of 120, touched three lines in six
    rows of eight; padded to 128 bytes every row is two — fewer misses where each piece's row is a cache miss."""
    n = 3 * n_planes
    padded = -(-n // 8) * 8
    return padded if PLANE_PAD and padded - n <= 1 else n


#: exported names of the three modules of a variant (see :func:`generate_modules`)
RUN_FN, FLUSH_FN = "fused_run", "flush_batch"
#: the rasterizer module's per-tile function ``void @fused(ptr D, ptr T, i64 tile)`` (scene.py calls it per draw)
TILE_FN = "fused"


def generate(key: FusedKey) -> str:
    """LLVM IR text of the whole variant, for inspection: the three modules of :func:`generate_modules`
    one after the other (each declares its own intrinsics, so the joined text is not one parseable module;
    the lane compiles the parts separately and links them through the D slots' pointers)."""
    raster, flush, (om, _) = generate_modules(key)
    return "\n".join((raster, flush, om))


def generate_modules(key: FusedKey) -> tuple[str, str, tuple[str, str]]:
    """The variant as three separately compiled modules (issue 12, first-draw latency): the rasterizer
    (``@fused_run``: tiles, quads, batches; depends on the tile, batch and plane-table sizes only), the
    batch function (``@flush_batch``: interpolation, the pixel-shader call, the merger's lane prologue;
    depends on the shader's inputs and outputs) and the output merger (om_gen.om_function: depends on the
    output-merger state). The rasterizer calls the batch function and the batch function the merger
    through the draw's D slots ``flush_fn`` / ``om_fn`` once per batch, so a new shader whose inputs need a
    new variant compiles only its batch function when the other two are already built (fused._module)."""
    raster = _Gen(key).build_raster()
    flush = _Gen(key).build_flush()
    return raster, flush, om_function(key.om)


def raster_lean(key: FusedKey) -> str | None:
    """The rasterizer module of ``key`` without the 8x8 block path (``_small_block``), or None where the block
    path does not apply to the key (the texts would be the same). The block path appends the quads, lanes and
    order the general walk appends, so both texts give the same bits; the lean one is about half the machine
    code: the quick first build of a cold variant (fused._compile, issue 12's first-draw latency), whose O2
    rebuild compiles the full text (small triangles run the general walk until then)."""
    if not SMALL_BLOCK or key.samples or key.clip or key.sample_freq:
        return None
    g = _Gen(key)
    g.small_block = False
    return g.build_raster()


def flush_lean(key: FusedKey, full: str | None = None) -> str | None:
    """The batch module of ``key`` without its float32 path (``_flush_fn``'s ``use32``: the pieces whose
    planes pass exact32_condition evaluated in float32, 4 and 8 lanes a step), or None where that path is not
    emitted for the key (the texts would be the same). The float32 path gives the bits of the float64
    evaluation every piece takes without it (exact32_condition's proof), so both texts give the same bits; the
    lean one is about half the IR: the quick first build of a cold variant (fused._compile, issue 12's
    first-draw latency), whose O2 rebuild compiles the full text (``full``, when the caller has it)."""
    if full is None:
        full = _Gen(key).build_flush()
    g = _Gen(key)
    g.exact32 = False
    lean = g.build_flush()
    return None if lean == full else lean


class _Gen(_Emit):
    def __init__(self, key: FusedKey) -> None:
        super().__init__()
        self.k = key
        self.s = slots()
        self.small_block = SMALL_BLOCK  # (raster_lean turns it off)
        self.exact32 = True  # the batch function's float32 path (flush_lean turns it off)

    # --- argument access (entry block values) ------------------------------------------------------
    def darg(self, name: str, ptr: bool = True) -> str:
        return self.load_slot("%D", self.s.d[name], ptr)

    def targ(self, name: str, ptr: bool = True) -> str:
        return self.load_slot("%T", self.s.t[name], ptr)

    # --- whole module ------------------------------------------------------------------------------
    def build_raster(self) -> str:
        """The rasterizer module: ``@fused_run`` and ``@fused``, whose full batches go to the batch function
        through the D slot ``flush_fn`` (one indirect call per batch)."""
        tile_fn = self._tile_fn()
        run_fn = self._run_fn()
        thunk = ["define internal void @flush(ptr noalias %D, ptr noalias %T, i64 %n) {", "entry:",
                 f"  %p = getelementptr i64, ptr %D, i64 {self.s.d['flush_fn']}",
                 "  %f = load ptr, ptr %p, align 8",
                 "  call void %f(ptr %D, ptr %T, i64 %n)",
                 "  ret void", "}"]
        return "\n".join(sorted(self.decls) + thunk + tile_fn + run_fn) + "\n"

    def build_flush(self) -> str:
        """The batch module: ``@flush_batch``, which calls the merger through the D slot ``om_fn``."""
        flush_fn = self._flush_fn()
        return "\n".join(sorted(self.decls) + flush_fn) + "\n"

    def _run_fn(self) -> list[str]:
        """``void @fused_run(ptr D, ptr T)``: tiles taken from the draw's shared counter until none is left
        (each worker thread calls it once; tiles are disjoint, so the order they run in cannot matter)."""
        self.lines = []
        nxt = self.darg("next")
        nt = self.darg("n_tiles", False)
        self.br("head")
        self.put("head")
        t = self.v(f"atomicrmw add ptr {nxt}, i64 1 monotonic")
        more = self.v(f"icmp ult i64 {t}, {nt}")
        self.cbr(more, "body", "done")
        self.put("body")
        self.e(f"call void @fused(ptr %D, ptr %T, i64 {t})")
        self.br("head")
        self.put("done")
        self.e("ret void")
        return ["define void @fused_run(ptr noalias %D, ptr noalias %T) {", "entry:"] + self.lines + ["}"]

    # --- rasterization of one tile -----------------------------------------------------------------
    def _tile_fn(self) -> list[str]:
        k = self.k
        TS = k.tile
        self.lines = []
        self.e("%nl = alloca i64, align 8")
        self.e("store i64 0, ptr %nl, align 8")
        lst = self.darg("tile_list")
        off = self.darg("tile_off")
        tx_n = self.darg("tiles_x", False)
        Ap, Bp, Rp = (self.darg(n) for n in ("A", "B", "rec"))
        self._lanes = tuple(self.targ(n) for n in ("lx", "ly", "lp", "lc"))  # entry-block values
        self._ls = self.targ("ls") if k.sample_freq else None
        planes_p = self.darg("planes") if k.clip else None
        # sample frequency: each lane's pixel raster coverage too (vCoverage, centroids, pull-model evaluation
        # read it: draw._PixelContext's ``rcov``), beside its own sample bit in ``lc``
        self._lrc = self.targ("lrc") if k.sample_freq else None
        ty = self.v(f"udiv i64 %tile, {tx_n}")
        tx = self.v(f"urem i64 %tile, {tx_n}")
        X0 = self.v(f"mul i64 {tx}, {TS}")
        Y0 = self.v(f"mul i64 {ty}, {TS}")
        X1 = self.v(f"add i64 {X0}, {TS}")
        Y1 = self.v(f"add i64 {Y0}, {TS}")
        j0 = self.ld("i64", off, "%tile", 8)
        t1 = self.v("add i64 %tile, 1")
        j1 = self.ld("i64", off, t1, 8)
        self.br("tri_head")
        self.put("tri_head")
        self.e(f"%j = phi i64 [ {j0}, %entry ], [ %jn, %tri_next ]")
        more = self.v(f"icmp slt i64 %j, {j1}")
        self.cbr(more, "tri_body", "tiles_done")
        self.put("tri_body")
        p32 = self.ld("i32", lst, "%j")
        p = self.v(f"zext i32 {p32} to i64")
        self._prefetch_piece(lst, j1, Rp)
        # the piece's record (piece_records.py): one 64-byte line, int32 words from p * 16
        p16 = self.v(f"mul i64 {p}, {pr.WORDS}")
        rect = []
        for c in range(4):
            i = self.v(f"add i64 {p16}, {pr.W_RECT + c}")
            rect.append(self.v(f"sext i32 {self.ld('i32', Rp, i)} to i64"))
        self.decls.add("declare i64 @llvm.smax.i64(i64, i64)")
        self.decls.add("declare i64 @llvm.smin.i64(i64, i64)")
        rx0 = self.v(f"call i64 @llvm.smax.i64(i64 {rect[0]}, i64 {X0})")
        ry0 = self.v(f"call i64 @llvm.smax.i64(i64 {rect[1]}, i64 {Y0})")
        rx1 = self.v(f"call i64 @llvm.smin.i64(i64 {rect[2]}, i64 {X1})")
        ry1 = self.v(f"call i64 @llvm.smin.i64(i64 {rect[3]}, i64 {Y1})")
        e1 = self.v(f"icmp sge i64 {rx0}, {rx1}")
        e2 = self.v(f"icmp sge i64 {ry0}, {ry1}")
        empty = self.v(f"or i1 {e1}, {e2}")
        self.cbr(empty, "tri_next", "tri_setup")
        self.put("tri_setup")
        A, Bc, C, TL = self._piece_edges(p, p16, Ap, Bp, Rp)
        if k.clip:
            self._clip_planes = self._load_clip_planes(planes_p, p)
        qx0 = self.v(f"and i64 {rx0}, -2")
        qy0 = self.v(f"and i64 {ry0}, -2")
        small = self.small_block and not (k.samples or k.clip or k.sample_freq)
        if small:
            # a piece that fits one 8x8 block skips the rectangle tests below (its block finds no covered quad
            # where the walk's would skip it)
            fits = self._small_fits(A, Bc, C, qx0, qy0, rx1, ry1)
            self.cbr(fits[0], "tri_small", "tri_general")
            self.put("tri_small")
            self._small_block(fits[1], A, Bc, TL, qx0, qy0, rx0, ry0, rx1, ry1, p32)
            self.br("tri_next")
            self.put("tri_general")
        # (not with clip distances: the covered rectangle's lanes still take the per-sample clip test)
        full, outside = (None, None) if k.samples or k.clip else self._rect_inside(A, Bc, C, rx0, ry0, rx1, ry1)
        # lane offsets of the edge value inside a quad: (0,0) (1,0) (0,1) (1,1) pixels = 256 units
        # Two quads per column step (eight lanes: the quad at qx, then the one at qx + 2): lane offsets of the
        # edge value from the first quad's top-left sample, in 16.8 units (a pixel is 256)
        V8L, V8B = "<8 x i64>", "<8 x i1>"
        offs, steps = [], []
        lane_dx = (0, 1, 0, 1, 2, 3, 2, 3)
        lane_dy = (0, 0, 1, 1, 0, 0, 1, 1)
        for ei in range(3):
            a256 = self.v(f"mul i64 {A[ei]}, 256")
            b256 = self.v(f"mul i64 {Bc[ei]}, 256")
            av = self.splat8(a256)
            bv = self.splat8(b256)
            dxv, dyv = _vec("i64", lane_dx), _vec("i64", lane_dy)
            o = self.v(f"add {V8L} {self.v(f'mul {V8L} {av}, {dxv}')}, {self.v(f'mul {V8L} {bv}, {dyv}')}")
            offs.append(o)
            steps.append(self.splat8(self.v(f"mul i64 {A[ei]}, 1024")))
        if full is not None:
            # no pixel centre of the rectangle passes some edge: the piece has nothing in this tile
            self.cbr(outside, "tri_next", "tri_walk")
        else:
            self.br("tri_walk")
        self.put("tri_walk")
        self.br("row_head")
        self.put("row_head")
        self.e(f"%qy = phi i64 [ {qy0}, %tri_walk ], [ %qyn, %row_next ]")
        rc = self.v(f"icmp slt i64 %qy, {ry1}")
        self.cbr(rc, "row_body", "tri_next")
        self.put("row_body")
        # edge values at the sample (centre) of the row's first quad's top-left lane
        ev0 = [self.v(f"add {V8L} {self.splat8(e)}, {offs[ei]}")
               for ei, e in enumerate(self._edges_at_centre(A, Bc, C, qx0, "%qy"))]
        # rows of the quads inside [ry0, ry1)
        # pixel coordinates and the rectangle tests in i32 (pixel coordinates are below 2^15: half the vector work
        # of i64, and the lanes are stored as i32 anyway); only the edge values need 64 bits
        V8I = "<8 x i32>"
        def splat32(x64: str) -> str:
            return self.splat8_32(self.v(f"trunc i64 {x64} to i32"))

        pyv = self.v(f"add {V8I} {splat32('%qy')}, {_vec('i32', lane_dy)}")
        ry0v, ry1v = splat32(ry0), splat32(ry1)
        yin = self.v(f"and {V8B} {self.v(f'icmp sge {V8I} {pyv}, {ry0v}')}, {self.v(f'icmp slt {V8I} {pyv}, {ry1v}')}")
        rx0v, rx1v = splat32(rx0), splat32(rx1)
        TL8 = [self.v(f"shufflevector {V4B} {t}, {V4B} poison, <8 x i32> zeroinitializer") for t in TL]
        # per sample and edge: the edge value's offset from the pixel centre's, A*ox + B*oy (16.8 units)
        sdelta = [[self.splat8(self.v(f"add i64 {self.v(f'mul i64 {A[ei]}, {ox}')}, "
                                      f"{self.v(f'mul i64 {Bc[ei]}, {oy}')}"))
                   for ei in range(3)] for ox, oy in k.samples]
        rows = full is not None and FULL_ROWS and not k.sample_freq
        if rows:
            self.cbr(full, "rf_head", "col_head")
            self._full_row(pyv, yin, rx0v, rx1v, qx0, rx1, p32, splat32)
        else:
            self.br("col_head")
        self.put("col_head")
        entry = f"[ {qx0}, %row_body ]" + (", [ %rfx, %rf_exit ]" if rows else "")
        self.e(f"%qx = phi i64 {entry}, [ %qxn, %col_next ]")
        for ei in range(3):
            # (from rf_exit the edge values are not read: a covered rectangle takes no edge test)
            entry = f"[ {ev0[ei]}, %row_body ]" + (f", [ {ev0[ei]}, %rf_exit ]" if rows else "")
            self.e(f"%E{ei} = phi {V8L} {entry}, [ %En{ei}, %col_next ]")
        cc = self.v(f"icmp slt i64 %qx, {rx1}")
        self.cbr(cc, "col_body", "row_next")
        self.put("col_body")
        pxv = self.v(f"add {V8I} {splat32('%qx')}, {_vec('i32', lane_dx)}")
        xin = self.v(f"and {V8B} {self.v(f'icmp sge {V8I} {pxv}, {rx0v}')}, {self.v(f'icmp slt {V8I} {pxv}, {rx1v}')}")
        inside = self.v(f"and {V8B} {yin}, {xin}")
        words = None
        if k.clip:
            half = _vec("double", [_fconst(0.5)] * 8)
            cx = self.v(f"fadd <8 x double> {self.v(f'sitofp {V8I} {pxv} to <8 x double>')}, {half}")
            cy = self.v(f"fadd <8 x double> {self.v(f'sitofp {V8I} {pyv} to <8 x double>')}, {half}")
        if full is not None:
            # the piece covers the whole rectangle: the edge tests are skipped (same lanes, see _rect_inside)
            self.cbr(full, "cov_join", "cov_edges")
            self.put("cov_edges")
        for s, d in enumerate(sdelta or [None]):
            # sample s: the edge values at the pixel centre plus A*ox + B*oy (rasterizer.py: the 16.8 test at
            # y*256 + 128 + oy, x*256 + 128 + ox; > 0, or = 0 on a top-left edge)
            cs = inside
            for ei in range(3):
                e = f"%E{ei}" if d is None else self.v(f"add {V8L} %E{ei}, {d[ei]}")
                gt = self.v(f"icmp sgt {V8L} {e}, zeroinitializer")
                eq = self.v(f"icmp eq {V8L} {e}, zeroinitializer")
                eqt = self.v(f"and {V8B} {eq}, {TL8[ei]}")
                ok = self.v(f"or {V8B} {gt}, {eqt}")
                cs = self.v(f"and {V8B} {cs}, {ok}")
            if k.clip:
                cs = self.v(f"and {V8B} {cs}, {self._clip_ok(cx, cy, k.samples[s] if k.samples else None)}")
            if d is None:
                cov = cs
            else:
                bit = self.v(f"select {V8B} {cs}, <8 x i32> splat (i32 {1 << s}), <8 x i32> zeroinitializer")
                words = bit if words is None else self.v(f"or <8 x i32> {words}, {bit}")
        if words is not None:
            cov = self.v(f"icmp ne <8 x i32> {words}, zeroinitializer")
        if full is not None:
            self.br("cov_join")
            self.put("cov_join")
            cov = self.v(f"phi {V8B} [ {inside}, %col_body ], [ {cov}, %cov_edges ]")
        self.decls.add("declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>)")
        halves = []
        for h in range(2):
            sel = _vec("i32", range(4 * h, 4 * h + 4))
            c4 = self.v(f"shufflevector {V8B} {cov}, {V8B} poison, <4 x i32> {sel}")
            x4 = self.v(f"shufflevector {V8I} {pxv}, {V8I} poison, <4 x i32> {sel}")
            y4 = self.v(f"shufflevector {V8I} {pyv}, {V8I} poison, <4 x i32> {sel}")
            w4 = None if words is None else self.v(f"shufflevector <8 x i32> {words}, <8 x i32> poison, <4 x i32> {sel}")
            halves.append((c4, x4, y4, w4))
        for h, (c4, x4, y4, w4) in enumerate(halves):
            nxt = "col_next" if h else "quad1"
            anyc = self.v(f"call i1 @llvm.vector.reduce.or.v4i1({V4B} {c4})")
            self.cbr(anyc, f"emit{h}", nxt)
            self.put(f"emit{h}")
            if k.sample_freq:
                self._emit_sample_quads(h, x4, y4, p32, nxt, w4)
            else:
                self._emit_quad(h, c4, x4, y4, p32, nxt, w4)
            if not h:
                self.put("quad1")
        self.put("col_next")
        self.e("%qxn = add i64 %qx, 4")
        for ei in range(3):
            self.e(f"%En{ei} = add {V8L} %E{ei}, {steps[ei]}")
        self.br("col_head")
        self.put("row_next")
        self.e("%qyn = add i64 %qy, 2")
        self.br("row_head")
        self.put("tri_next")
        self.e("%jn = add i64 %j, 1")
        self.br("tri_head")
        self.put("tiles_done")
        n = self.v("load i64, ptr %nl, align 8")
        some = self.v(f"icmp ne i64 {n}, 0")
        self.cbr(some, "last_flush", "exit")
        self.put("last_flush")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n})")
        self.br("exit")
        self.put("exit")
        self.e("ret void")
        return ["define void @fused(ptr noalias %D, ptr noalias %T, i64 %tile) {", "entry:"] + self.lines + ["}"]

    def _load_clip_planes(self, planes: str, p: str) -> list:
        """The piece's clip-distance planes and its 1/w plane, each three <8 x double> splats (c0, c1, c2)."""
        n_planes = plane_layout(self.k)[3]
        i_invw = plane_layout(self.k)[1]
        base = self.v(f"mul i64 {p}, {plane_stride(n_planes)}")
        out = []
        for idx in (*self.k.clip, i_invw):
            cs = []
            for j in range(3):
                c = self.ld("double", planes, self.v(f"add i64 {base}, {3 * idx + j}"), 8)
                ins = self.v(f"insertelement <8 x double> poison, double {c}, i64 0")
                cs.append(self.v(f"shufflevector <8 x double> {ins}, <8 x double> poison, <8 x i32> zeroinitializer"))
            out.append(cs)
        return out

    def _clip_ok(self, cx: str, cy: str, offset) -> str:
        """<8 x i1>: every clip distance interpolated at the lanes' sample (the pixel centre ``cx``, ``cy`` in
        float64, plus the sample offset / 256: interpolate.lane_location) is >= 0. Each is interpolate.attribute's
        perspective value: (c0*x + c1*y) + c2 over the 1/w plane's value, in float64, rounded to float32."""
        V8D = "<8 x double>"
        x, y = cx, cy
        if offset is not None:
            x = self.v(f"fadd {V8D} {cx}, {_vec('double', [_fconst(offset[0] / 256.0)] * 8)}")
            y = self.v(f"fadd {V8D} {cy}, {_vec('double', [_fconst(offset[1] / 256.0)] * 8)}")

        def at(cs: list) -> str:
            out = self.v(f"fmul {V8D} {cs[0]}, {x}")
            out = self.v(f"fadd {V8D} {out}, {self.v(f'fmul {V8D} {cs[1]}, {y}')}")
            return self.v(f"fadd {V8D} {out}, {cs[2]}")

        *clip, invw = self._clip_planes
        iw = at(invw)
        ok = None
        for cs in clip:
            f = self.v(f"fptrunc {V8D} {self.v(f'fdiv {V8D} {at(cs)}, {iw}')} to <8 x float>")
            ge = self.v("fcmp oge <8 x float> " + f + ", zeroinitializer")  # ordered: a NaN distance clips
            ok = ge if ok is None else self.v(f"and <8 x i1> {ok}, {ge}")
        return ok
    def _rect_inside(self, A: list, B: list, C: list, x0: str, y0: str, x1: str, y1: str) -> tuple[str, str]:
        """(inside, outside), two i1: every pixel centre of [x0, x1) x [y0, y1) (non-empty) lies strictly
        inside the three edges; for some edge every centre lies strictly outside it. An edge value
        A*(256x + 128) + B*(256y + 128) + C is affine in (x, y), so over the rectangle's pixel centres it is
        least and greatest at its four corner pixels: all four > 0 for every edge means the edge test (> 0,
        or = 0 on a top-left edge; rasterizer.py) passes at every pixel, and a quad's coverage is its lanes
        inside the rectangle; all four < 0 for one edge means it fails at every pixel. A piece that covers a
        tile's rectangle then skips the per-lane edge tests and one that misses it (a large triangle's
        bounding box holds many tiles it does not touch) is skipped (profile of S5: the edge tests were most
        of the rasterizer's time, half of it spent on tiles of the other triangle)."""
        xl = self.v(f"add i64 {x1}, -1")
        yl = self.v(f"add i64 {y1}, -1")
        ok = out = None
        for ei in range(3):
            miss = None
            for x, y in ((x0, y0), (xl, y0), (x0, yl), (xl, yl)):
                sx = self.v(f"add i64 {self.v(f'mul i64 {x}, 256')}, 128")
                sy = self.v(f"add i64 {self.v(f'mul i64 {y}, 256')}, 128")
                a = self.v(f"mul i64 {A[ei]}, {sx}")
                b = self.v(f"mul i64 {B[ei]}, {sy}")
                e = self.v(f"add i64 {self.v(f'add i64 {a}, {b}')}, {C[ei]}")
                gt = self.v(f"icmp sgt i64 {e}, 0")
                lt = self.v(f"icmp slt i64 {e}, 0")
                ok = gt if ok is None else self.v(f"and i1 {ok}, {gt}")
                miss = lt if miss is None else self.v(f"and i1 {miss}, {lt}")
            out = miss if out is None else self.v(f"or i1 {out}, {miss}")
        return ok, out

    def _edges_at_centre(self, A: list, B: list, C: list, qx: str, qy: str) -> list:
        """The three edge functions (i64, 16.8 fixed point) at the centre of pixel (qx, qy): A*(256*qx + 128) +
        B*(256*qy + 128) + C, the product terms first, in the order every caller's tests were proved on."""
        sx = self.v(f"add i64 {self.v(f'mul i64 {qx}, 256')}, 128")
        sy = self.v(f"add i64 {self.v(f'mul i64 {qy}, 256')}, 128")
        out = []
        for ei in range(3):
            ab = self.v(f"add i64 {self.v(f'mul i64 {A[ei]}, {sx}')}, {self.v(f'mul i64 {B[ei]}, {sy}')}")
            out.append(self.v(f"add i64 {ab}, {C[ei]}"))
        return out

    def _small_fits(self, A: list, B: list, C: list, qx0: str, qy0: str, rx1: str, ry1: str) -> tuple[str, list]:
        """(i1, [E0 per edge]): the piece's rectangle in this tile lies in the 8x8-pixel block of four rows of four
        quads from (qx0, qy0), and every edge value at the block's pixel centres fits 32 bits exactly. E0 is the
        edge value (i64) at the centre of pixel (qx0, qy0); a centre i, j pixels on is E0 + 256*A*i + 256*B*j,
        so |E0| < 2^28 and |A|, |B| < 2^16 bound every such value (i, j < 8) below 2^29: the i32 sums are the
        i64 values the general walk computes (same bits, hence the same tests)."""
        w = self.v(f"sub i64 {rx1}, {qx0}")
        h = self.v(f"sub i64 {ry1}, {qy0}")
        ok = self.v(f"and i1 {self.v(f'icmp sle i64 {w}, 8')}, {self.v(f'icmp sle i64 {h}, 8')}")
        e0 = self._edges_at_centre(A, B, C, qx0, qy0)
        for ei, e in enumerate(e0):
            for val, lim in ((A[ei], 1 << 16), (B[ei], 1 << 16), (e, 1 << 28)):
                # -lim < val < lim as one unsigned compare of val + lim (lim - 1 + lim fits)
                inr = self.v(f"icmp ult i64 {self.v(f'add i64 {val}, {lim}')}, {2 * lim - 1}")
                ok = self.v(f"and i1 {ok}, {inr}")
        return ok, e0

    def _small_block(self, e0: list, A: list, B: list, TL: list, qx0: str, qy0: str, rx0: str, ry0: str, rx1: str,
                     ry1: str, p32: str) -> None:
        """Rasterize a piece whose tile rectangle fits one 8x8 block (:meth:`_small_fits`): the edge tests of all
        64 pixel centres at once in i32 (four rows of four quads, sixteen lanes a row; the same tests as the
        general walk: > 0, or = 0 on a top-left edge, inside the rectangle), then the covered quads appended in
        row-major order from the 64-bit coverage mask — the quads, lanes and order the walk appends, without
        its per-column branches (small triangles: S2's 200k triangles of 10-20 pixels)."""
        V16, V16B = "<16 x i32>", "<16 x i1>"
        lane_dx = [2 * (q // 4) + (q % 4) % 2 for q in range(16)]
        lane_dy = [(q % 4) // 2 for q in range(16)]
        dxv, dyv = _vec("i32", lane_dx), _vec("i32", lane_dy)

        def splat16(x32: str) -> str:
            i = self.v(f"insertelement {V16} poison, i32 {x32}, i64 0")
            return self.v(f"shufflevector {V16} {i}, {V16} poison, <16 x i32> zeroinitializer")

        def t32(x64: str) -> str:
            return self.v(f"trunc i64 {x64} to i32")

        qx32, qy32 = t32(qx0), t32(qy0)
        xv = self.v(f"add {V16} {splat16(qx32)}, {dxv}")
        xin = self.v(f"and {V16B} {self.v(f'icmp sge {V16} {xv}, {splat16(t32(rx0))}')}, "
                     f"{self.v(f'icmp slt {V16} {xv}, {splat16(t32(rx1))}')}")
        ry0v, ry1v = splat16(t32(ry0)), splat16(t32(ry1))
        tl16 = [self.v(f"shufflevector {V4B} {t}, {V4B} poison, <16 x i32> zeroinitializer") for t in TL]
        ev, bstep = [], []
        for ei in range(3):
            a256 = splat16(t32(self.v(f"mul i64 {A[ei]}, 256")))
            b256 = splat16(t32(self.v(f"mul i64 {B[ei]}, 256")))
            o = self.v(f"add {V16} {self.v(f'mul {V16} {a256}, {dxv}')}, {self.v(f'mul {V16} {b256}, {dyv}')}")
            ev.append(self.v(f"add {V16} {splat16(t32(e0[ei]))}, {o}"))
            bstep.append(splat16(t32(self.v(f"mul i64 {B[ei]}, 512"))))
        mask = None
        yv = self.v(f"add {V16} {splat16(qy32)}, {dyv}")
        for r in range(4):
            if r:
                yv = self.v(f"add {V16} {yv}, {_vec('i32', [2] * 16)}")
                ev = [self.v(f"add {V16} {ev[ei]}, {bstep[ei]}") for ei in range(3)]
            yin = self.v(f"and {V16B} {self.v(f'icmp sge {V16} {yv}, {ry0v}')}, {self.v(f'icmp slt {V16} {yv}, {ry1v}')}")
            cov = self.v(f"and {V16B} {xin}, {yin}")
            for ei in range(3):
                gt = self.v(f"icmp sgt {V16} {ev[ei]}, zeroinitializer")
                eqt = self.v(f"and {V16B} {self.v(f'icmp eq {V16} {ev[ei]}, zeroinitializer')}, {tl16[ei]}")
                cov = self.v(f"and {V16B} {cov}, {self.v(f'or {V16B} {gt}, {eqt}')}")
            m = self.v(f"zext i16 {self.v(f'bitcast {V16B} {cov} to i16')} to i64")
            if r:
                m = self.v(f"shl i64 {m}, {16 * r}")
                mask = self.v(f"or i64 {mask}, {m}")
            else:
                mask = m
        # a quad is appended when any of its four lanes is covered: bit 4q of ``quads``
        any4 = self.v(f"or i64 {mask}, {self.v(f'lshr i64 {mask}, 1')}")
        any4 = self.v(f"or i64 {any4}, {self.v(f'lshr i64 {any4}, 2')}")
        quads = self.v(f"and i64 {any4}, {0x1111111111111111}")
        self.decls.add("declare i64 @llvm.cttz.i64(i64, i1 immarg)")
        pre = "tri_small"
        self.br("sm_head")
        self.put("sm_head")
        self.e(f"%smq = phi i64 [ {quads}, %{pre} ], [ %smqn, %sm_next ]")
        more = self.v("icmp ne i64 %smq, 0")
        self.cbr(more, "sm_body", "sm_done")
        self.put("sm_body")
        b = self.v("call i64 @llvm.cttz.i64(i64 %smq, i1 true)")
        col = self.v(f"and i64 {self.v(f'lshr i64 {b}, 2')}, 3")
        row = self.v(f"lshr i64 {b}, 4")
        x = self.v(f"add i32 {qx32}, {t32(self.v(f'shl i64 {col}, 1'))}")
        y = self.v(f"add i32 {qy32}, {t32(self.v(f'shl i64 {row}, 1'))}")
        x4 = self.v(f"add {V4I} {self.splat_t('i32', x)}, <i32 0, i32 1, i32 0, i32 1>")
        y4 = self.v(f"add {V4I} {self.splat_t('i32', y)}, <i32 0, i32 0, i32 1, i32 1>")
        bits = t32(self.v(f"lshr i64 {mask}, {b}"))
        lanes = self.v(f"and {V4I} {self.splat_t('i32', bits)}, <i32 1, i32 2, i32 4, i32 8>")
        c4 = self.v(f"icmp ne {V4I} {lanes}, zeroinitializer")
        self._emit_quad("s", c4, x4, y4, p32, "sm_next")
        self.put("sm_next")
        self.e(f"%smqn = and i64 %smq, {self.v('add i64 %smq, -1')}")
        self.br("sm_head")
        self.put("sm_done")

    def _piece_edges(self, p: str, p16: str, Ap: str, Bp: str, Rp: str) -> tuple[list, list, list, list]:
        """(A, B, C, TL) of piece ``p``: i64 edge coefficients from its record (piece_records.py; A and B from the
        int64 tables where the record marks them wide), and each edge's top-left flag (a <4 x i1> with lane 0
        set) from A and B by §3.4.2.1: A = -dy, B = dx, top-left = dy < 0 or (dy = 0 and dx > 0)."""
        C, A32, B32 = [], [], []
        p8 = self.v(f"mul i64 {p}, {pr.WORDS // 2}")
        for ei in range(3):
            C.append(self.ld("i64", Rp, self.v(f"add i64 {p8}, {ei}"), 8))
            A32.append(self.v(f"sext i32 {self.ld('i32', Rp, self.v(f'add i64 {p16}, {pr.W_A + ei}'))} to i64"))
            B32.append(self.v(f"sext i32 {self.ld('i32', Rp, self.v(f'add i64 {p16}, {pr.W_B + ei}'))} to i64"))
        wide = self.v(f"icmp eq i64 {A32[0]}, {pr.WIDE}")
        self.cbr(wide, "tri_wide", "tri_edges")
        self.put("tri_wide")
        p3 = self.v(f"mul i64 {p}, 3")
        A64 = [self.ld("i64", Ap, self.v(f"add i64 {p3}, {ei}"), 8) for ei in range(3)]
        B64 = [self.ld("i64", Bp, self.v(f"add i64 {p3}, {ei}"), 8) for ei in range(3)]
        self.br("tri_edges")
        self.put("tri_edges")
        A = [self.v(f"phi i64 [ {w}, %tri_wide ], [ {n}, %tri_setup ]") for w, n in zip(A64, A32)]
        B = [self.v(f"phi i64 [ {w}, %tri_wide ], [ {n}, %tri_setup ]") for w, n in zip(B64, B32)]
        TL = []
        for ei in range(3):
            a_pos = self.v(f"icmp sgt i64 {A[ei]}, 0")
            flat = self.v(f"and i1 {self.v(f'icmp eq i64 {A[ei]}, 0')}, {self.v(f'icmp sgt i64 {B[ei]}, 0')}")
            tlb = self.v(f"or i1 {a_pos}, {flat}")
            TL.append(self.v(f"insertelement {V4B} poison, i1 {tlb}, i64 0"))
        return A, B, C, TL

    def _prefetch_piece(self, lst: str, j1: str, Rp: str) -> None:
        """Prefetch the per-piece data of the tile's piece two places ahead (its record — rectangle and edge
        equations, one line — and its interpolation planes): a tile's pieces are scattered over the draw's
        tables, and without this each piece starts with cache misses (profile of S2: 200k small triangles)."""
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        ja = self.v(f"add i64 %j, {PREFETCH_AHEAD}")
        last = self.v(f"add i64 {j1}, -1")
        inb = self.v(f"icmp slt i64 {ja}, {j1}")
        jq = self.v(f"select i1 {inb}, i64 {ja}, i64 {last}")
        q = self.v(f"zext i32 {self.ld('i32', lst, jq)} to i64")

        def pf(base: str, t: str, idx: str) -> None:
            self.e(f"call void @llvm.prefetch.p0(ptr {self.gep(t, base, idx)}, i32 0, i32 3, i32 1)")

        pf(Rp, "i32", self.v(f"mul i64 {q}, {pr.WORDS}"))  # a 64-byte record at a multiple of 64: one line
        n_planes = plane_layout(self.k)[3]
        if n_planes and RASTER_PLANES:
            planes = self.darg("planes")
            self._prefetch_span(planes, "double", self.v(f"mul i64 {q}, {plane_stride(n_planes)}"), 3 * n_planes, 8)

    def _emit_sample_quads(self, h: int, x4: str, y4: str, p32: str, nxt: str, words: str) -> None:
        """Sample frequency: the quad once per sample index s, in sample order, where (coverage & SampleMask)
        has bit s in some lane; its lanes' coverage is that bit alone (draw._PixelContext._lanes)."""
        k = self.k
        mask = k.om.sample_mask
        for s in range(len(k.samples)):
            own = self.v(f"and {V4I} {words}, {_vec('i32', [(mask & (1 << s)) or 0] * 4)}")
            some = self.v(f"icmp ne {V4I} {own}, zeroinitializer")
            anys = self.v(f"call i1 @llvm.vector.reduce.or.v4i1({V4B} {some})")
            lab, after = f"sq{h}_{s}", (f"sqn{h}_{s}" if s + 1 < len(k.samples) else nxt)
            self.cbr(anys, lab, after)
            self.put(lab)
            self._emit_quad(f"{h}_{s}", some, x4, y4, p32, after, own, s, words)
            if s + 1 < len(k.samples):
                self.put(after)

    def _full_row(self, pyv: str, yin: str, rx0v: str, rx1v: str, qx0: str, rx1: str, p32: str, splat32) -> None:
        """A row of quads of a piece that covers its whole tile rectangle (``_rect_inside``): two quads (eight
        lanes) per step, stored with one vector store per lane array while both quads lie in the rectangle and
        the batch has room for both; the rest of the row (a last single quad, or a batch boundary) continues in
        the column walk. The lanes, their coverage (the rectangle test: ``inside`` of the walk) and their order
        are the walk's: each quad has a lane in the rectangle (its x below ``rx1``, its rows those of the
        walk), so the walk would append both, in this order; only the per-quad branches and stores are saved
        (full-screen quads: S1z, S3, S5)."""
        k = self.k
        V8I, V8B = "<8 x i32>", "<8 x i1>"
        lx, ly, lp, lc = self._lanes
        self.put("rf_head")
        self.e(f"%rqx = phi i64 [ {qx0}, %row_body ], [ %rqxn, %rf_keep ], [ %rqxn, %rf_flush ]")
        # both quads in the rectangle: the second quad's first column qx + 2 is below rx1
        fits = self.v(f"icmp slt i64 {self.v('add i64 %rqx, 2')}, {rx1}")
        n = self.v("load i64, ptr %nl, align 8")
        n8 = self.v(f"add i64 {n}, 8")
        room = self.v(f"icmp ule i64 {n8}, {k.batch}")
        self.cbr(self.v(f"and i1 {fits}, {room}"), "rf_body", "rf_exit")
        self.put("rf_body")
        pxv = self.v(f"add {V8I} {splat32('%rqx')}, {_vec('i32', (0, 1, 0, 1, 2, 3, 2, 3))}")
        xin = self.v(f"and {V8B} {self.v(f'icmp sge {V8I} {pxv}, {rx0v}')}, {self.v(f'icmp slt {V8I} {pxv}, {rx1v}')}")
        cov = self.v(f"zext {V8B} {self.v(f'and {V8B} {yin}, {xin}')} to {V8I}")
        self.e(f"store {V8I} {pxv}, ptr {self.gep('i32', lx, n)}, align 4")
        self.e(f"store {V8I} {pyv}, ptr {self.gep('i32', ly, n)}, align 4")
        self.e(f"store {V8I} {self.splat8_32(p32)}, ptr {self.gep('i32', lp, n)}, align 4")
        self.e(f"store {V8I} {cov}, ptr {self.gep('i32', lc, n)}, align 4")
        self.e("%rqxn = add i64 %rqx, 4")
        self.cbr(self.v(f"icmp eq i64 {n8}, {k.batch}"), "rf_flush", "rf_keep")
        self.put("rf_flush")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n8})")
        self.e("store i64 0, ptr %nl, align 8")
        self.br("rf_head")
        self.put("rf_keep")
        self.e(f"store i64 {n8}, ptr %nl, align 8")
        self.br("rf_head")
        self.put("rf_exit")
        self.e("%rfx = phi i64 [ %rqx, %rf_head ]")
        self.br("col_head")

    def _emit_quad(self, h, cov: str, x4: str, y4: str, p32: str, nxt: str, words: str | None = None,
                   sidx: int | None = None, raster: str | None = None) -> None:
        """Append one quad's four lanes (pixel x, y, piece, coverage: 1 or, multisampled, the sample bits
        ``words``) to the batch; flush a full batch."""
        k = self.k
        lx, ly, lp, lc = self._lanes
        n = self.v("load i64, ptr %nl, align 8")
        x32, y32 = x4, y4  # <4 x i32> pixel coordinates
        self.e(f"store {V4I} {x32}, ptr {self.gep('i32', lx, n)}, align 4")
        self.e(f"store {V4I} {y32}, ptr {self.gep('i32', ly, n)}, align 4")
        self.e(f"store {V4I} {self.splat_t('i32', p32)}, ptr {self.gep('i32', lp, n)}, align 4")
        cz = self.v(f"zext {V4B} {cov} to {V4I}") if words is None else words
        if raster is not None:  # sample frequency: the pixels' raster coverage
            self.e(f"store {V4I} {raster}, ptr {self.gep('i32', self._lrc, n)}, align 4")
        if sidx is not None:  # the lanes' sample index (sample frequency)
            ls = self._ls
            self.e(f"store {V4I} {_vec('i32', [sidx] * 4)}, ptr {self.gep('i32', ls, n)}, align 4")
        self.e(f"store {V4I} {cz}, ptr {self.gep('i32', lc, n)}, align 4")
        n4 = self.v(f"add i64 {n}, 4")
        full = self.v(f"icmp uge i64 {n4}, {k.batch}")
        self.cbr(full, f"emit_flush{h}", f"emit_keep{h}")
        self.put(f"emit_flush{h}")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n4})")
        self.e("store i64 0, ptr %nl, align 8")
        self.br(nxt)
        self.put(f"emit_keep{h}")
        self.e(f"store i64 {n4}, ptr %nl, align 8")
        self.br(nxt)

    def splat64(self, x: str) -> str:
        i = self.v(f"insertelement {V4L} poison, i64 {x}, i64 0")
        return self.v(f"shufflevector {V4L} {i}, {V4L} poison, <4 x i32> zeroinitializer")

    def splat_t(self, t: str, x: str) -> str:
        i = self.v(f"insertelement <4 x {t}> poison, {t} {x}, i64 0")
        return self.v(f"shufflevector <4 x {t}> {i}, <4 x {t}> poison, <4 x i32> zeroinitializer")

    # --- one batch: interpolate, shade, merge --------------------------------------------------------
    def _flush_fn(self) -> list[str]:
        k = self.k
        B = k.batch
        self.lines = []
        lx, ly, lp, lc = (self.targ(n) for n in ("lx", "ly", "lp", "lc"))
        vb, ob, disc, dep, cnt = (self.targ(n) for n in ("v", "o", "disc", "depth", "count"))
        P = self.darg("P", False)
        need_invw = any(kind.split("_")[0] in ("persp", "posw") for kind, *_ in k.inputs)
        need_z = k.need_z or any(kind.split("_")[0] == "posz" for kind, *_ in k.inputs)
        n_attr, i_invw, i_z, n_planes = plane_layout(k)
        planes = self.darg("planes") if n_planes else None
        flat = self.darg("flat") if any(kind == "flat" for kind, *_ in k.inputs) else None
        front = self.darg("front") if any(kind == "front" for kind, *_ in k.inputs) else None
        primid = self.darg("primid") if any(kind == "primid" for kind, *_ in k.inputs) or "prim" in k.sv else None
        svc = self.targ("svcov") if "cov" in k.sv else None
        svp = self.targ("svprim") if "prim" in k.sv else None
        # lanes rounded up to whole vector steps of the PS kernel (16 lanes where it is AVX-512 wide)
        self.e(f"%n8a = add i64 %n, {LANE_QUANTUM - 1}")
        self.e(f"%n8 = and i64 %n8a, -{LANE_QUANTUM}")
        dyn = k.ps_ng_slot is not None and k.has_ps
        S = "%n8" if dyn else str(B)  # register-file stride (lanes)
        self._prefetch_targets(lx, ly)
        # ---- interpolation, quad by quad (4 lanes share the piece's plane coefficients) ----
        self.br("iq_head")
        self.put("iq_head")
        # Consecutive quads mostly belong to one piece (a row of a tile): with few planes the piece's coefficient
        # splats stay in registers from quad to quad (phis) and are loaded again only when the piece changes
        hoist = 0 < n_planes <= HOIST_PLANES
        # With the planes hoisted, a piece whose 1/w plane is (0, 0, 1) — w = 1 at every vertex: screen-space
        # geometry — is known at its first quad to have 1/w exactly 1.0 at every pixel (0*x and 0*y are zeros for
        # the finite pixel positions, and (+-0 + +-0) + 1 is 1), so its perspective quads skip the 1/w plane and
        # the per-quad test of it as well as the divisions (UNIT_W; the divisions by 1 it stands for are exact)
        unit_w = hoist and UNIT_W and need_invw and not any(kind == "posw" for kind, *_ in k.inputs) and \
            any(kind == "persp" for kind, *_ in k.inputs)
        # Pieces whose attribute planes pass exact32_condition (with 1/w exactly 1 for perspective ones) evaluate
        # them in float32 (a branch per quad on the piece's flag): the same bits, proof in exact32_condition
        ex = [(i, idx) for i, (kind, _r, _c, idx) in enumerate(k.inputs) if kind in ("persp", "linear")]
        has_persp = any(kind == "persp" for kind, *_ in k.inputs)
        use32 = EXACT32 and self.exact32 and hoist and bool(ex) and not need_z and not k.samples and not k.sample_freq and \
            all(kind in _EXACT32_KINDS for kind, *_ in k.inputs) and (unit_w or not has_persp)
        ex_planes = sorted({idx for _i, idx in ex}) if use32 else []
        self.e("%q = phi i64 [ 0, %pf_done ], [ %qn, %iq_latch ]")
        if hoist:
            self.e("%pprev = phi i64 [ -1, %pf_done ], [ %pcur, %iq_latch ]")
            for i in range(3 * n_planes):
                self.e(f"%pc{i} = phi {V4D} [ zeroinitializer, %pf_done ], [ %pcn{i}, %iq_latch ]")
            if unit_w:
                self.e("%pu = phi i1 [ false, %pf_done ], [ %unitw, %iq_latch ]")
            if use32:
                self.e("%pe = phi i1 [ false, %pf_done ], [ %ex32, %iq_latch ]")
                for j in ex_planes:
                    for t in range(3):
                        self.e(f"%pf{3 * j + t} = phi {V8F} [ zeroinitializer, %pf_done ], [ %pfn{3 * j + t}, %iq_latch ]")
        c = self.v("icmp ult i64 %q, %n")
        self.cbr(c, "iq_body", "iq_done")
        self.put("iq_body")
        self.e(f"%pcur = zext i32 {self.ld('i32', lp, '%q')} to i64")
        p = "%pcur"
        # the piece's planes: (P, n_planes, 3) float64, one piece's coefficients contiguous
        pbase = self.v(f"mul i64 {p}, {plane_stride(n_planes)}") if n_planes else None
        if n_planes and FLUSH_PREFETCH and not hoist:
            self._prefetch_planes(lp, planes, n_planes)

        def coef(i: int) -> str:
            return self.splat_t("double", self.ld("double", planes, self.v(f"add i64 {pbase}, {i}"), 8))

        if hoist:
            same = self.v("icmp eq i64 %pcur, %pprev")
            self.cbr(same, "iq_have", "iq_load")
            self.put("iq_load")
            if FLUSH_PREFETCH:  # (with the planes hoisted: only where the piece changes, not on every quad)
                self._prefetch_planes(lp, planes, n_planes)
            loaded = [coef(i) for i in range(3 * n_planes)]
            if unit_w:
                w0, w1, w2 = (self.ld("double", planes, self.v(f"add i64 {pbase}, {3 * i_invw + j}"), 8)
                              for j in range(3))
                unit = self.v(f"and i1 {self.v(f'fcmp oeq double {w0}, 0.0')}, {self.v(f'fcmp oeq double {w1}, 0.0')}")
                unit = self.v(f"and i1 {unit}, {self.v(f'fcmp oeq double {w2}, 1.0')}")
            load_end = "iq_load"
            if use32:
                # the flag only for pieces that can pass it (perspective inputs: 1/w plane (0, 0, 1) first), so
                # perspective geometry (w varying) pays one branch per piece
                self.cbr(unit if has_persp else "true", "ex_chk", "ex_join")
                self.put("ex_chk")
                flag = "true"
                fl = {}
                for j in ex_planes:
                    cs = [self.ld("double", planes, self.v(f"add i64 {pbase}, {3 * j + t}"), 8) for t in range(3)]
                    flag = self.v(f"and i1 {flag}, {self._exact32_flag(cs)}")
                    for t in range(3):
                        f = self.v(f"insertelement {V8F} poison, float {self.v(f'fptrunc double {cs[t]} to float')}, i64 0")
                        fl[3 * j + t] = self.v(f"shufflevector {V8F} {f}, {V8F} poison, <8 x i32> zeroinitializer")
                self.br("ex_join")
                self.put("ex_join")
                flag = self.v(f"phi i1 [ {flag}, %ex_chk ], [ false, %iq_load ]")
                fl = {j: self.v(f"phi {V8F} [ {v}, %ex_chk ], [ zeroinitializer, %iq_load ]") for j, v in fl.items()}
                load_end = "ex_join"
            self.br("iq_have")
            self.put("iq_have")
            for i in range(3 * n_planes):
                self.e(f"%pcn{i} = phi {V4D} [ %pc{i}, %iq_body ], [ {loaded[i]}, %{load_end} ]")
            if unit_w:
                self.e(f"%unitw = phi i1 [ %pu, %iq_body ], [ {unit}, %{load_end} ]")
            if use32:
                self.e(f"%ex32 = phi i1 [ %pe, %iq_body ], [ {flag}, %{load_end} ]")
                for j, v in fl.items():
                    self.e(f"%pfn{j} = phi {V8F} [ %pf{j}, %iq_body ], [ {v}, %{load_end} ]")
        xi = self.v(f"load {V4I}, ptr {self.gep('i32', lx, '%q')}, align 4")
        yi = self.v(f"load {V4I}, ptr {self.gep('i32', ly, '%q')}, align 4")
        bits32 = {}
        # the float32 path of a piece's run of quads: 8 lanes (two quads) a step while both are the piece's and
        # the batch function has nothing else to do per quad (attribute planes only), then a 4-lane step
        wide = use32 and all(kind in ("persp", "linear") for kind, *_ in k.inputs) and not k.sv and \
            not k.uav_helpers
        if use32:
            fma = host_fma()

            def eval32(w: int, at: str) -> dict:
                vf, vi = f"<{w} x float>", f"<{w} x i32>"
                if fma:
                    self.decls.add(f"declare {vf} @llvm.fma.v{w}f32({vf}, {vf}, {vf})")
                halff = _vec("float", [_fconst(0.5)] * w)
                xw = self.v(f"load {vi}, ptr {self.gep('i32', lx, at)}, align 4")
                yw = self.v(f"load {vi}, ptr {self.gep('i32', ly, at)}, align 4")
                xf = self.v(f"fadd {vf} {self.v(f'sitofp {vi} {xw} to {vf}')}, {halff}")
                yf = self.v(f"fadd {vf} {self.v(f'sitofp {vi} {yw} to {vf}')}, {halff}")
                out = {}
                for i, idx in ex:
                    c0, c1, c2 = (f"%pfn{3 * idx + t}" if w == 8 else
                                  self.v(f"shufflevector {V8F} %pfn{3 * idx + t}, {V8F} poison, <4 x i32> <i32 0, i32 1, i32 2, i32 3>")
                                  for t in range(3))
                    if fma:  # every intermediate is exact (exact32_condition): one rounding or three give the same
                        t = self.v(f"call {vf} @llvm.fma.v{w}f32({vf} {c1}, {vf} {yf}, {vf} {c2})")
                        r = self.v(f"call {vf} @llvm.fma.v{w}f32({vf} {c0}, {vf} {xf}, {vf} {t})")
                    else:
                        r = self.v(f"fadd {vf} {self.v(f'fmul {vf} {c0}, {xf}')}, {self.v(f'fmul {vf} {c1}, {yf}')}")
                        r = self.v(f"fadd {vf} {r}, {c2}")
                    out[i] = self.v(f"bitcast {vf} {r} to {vi}")
                return out

            self.cbr("%ex32", "q32", "q64")
            self.put("q32")
            if wide:
                self.br("q8_head")
                self.put("q8_head")
                self.e("%r8 = phi i64 [ %q, %q32 ], [ %r8n, %q8_body ]")
                self.e("%r8n = add i64 %r8, 8")
                self.cbr(self.v("icmp ule i64 %r8n, %n"), "q8_chk", "q8_exit")
                self.put("q8_chk")
                pl = self.v(f"load <8 x i32>, ptr {self.gep('i32', lp, '%r8')}, align 4")
                pc = self.v(f"insertelement <8 x i32> poison, i32 {self.v('trunc i64 %pcur to i32')}, i64 0")
                pc = self.v(f"shufflevector <8 x i32> {pc}, <8 x i32> poison, <8 x i32> zeroinitializer")
                self.decls.add("declare i1 @llvm.vector.reduce.and.v8i1(<8 x i1>)")
                same8 = self.v(f"call i1 @llvm.vector.reduce.and.v8i1(<8 x i1> {self.v(f'icmp eq <8 x i32> {pl}, {pc}')})")
                self.cbr(same8, "q8_body", "q8_exit")
                self.put("q8_body")
                for i, b in eval32(8, "%r8").items():
                    _kind, reg, comp, _ = k.inputs[i]
                    row = self.v(f"mul i64 {S}, {reg * 4 + comp}")
                    self.e(f"store <8 x i32> {b}, ptr {self.gep('i32', vb, self.v(f'add i64 %r8, {row}'))}, align 4")
                self.br("q8_head")
                self.put("q8_exit")
                # quads before %r8 are done; none done: the 4-lane step below
                self.cbr(self.v("icmp ugt i64 %r8, %q"), "iq_latch", "q32f")
                self.put("q32f")
            bits32 = eval32(4, "%q")
            self.br("q_join")
            self.put("q64")
        half = _vec("double", [_fconst(0.5)] * 4)
        xd = self.v(f"fadd {V4D} {self.v(f'sitofp {V4I} {xi} to {V4D}')}, {half}")
        yd = self.v(f"fadd {V4D} {self.v(f'sitofp {V4I} {yi} to {V4D}')}, {half}")

        def plane(index: int, x: str = xd, y: str = yd) -> str:
            """c0*x + c1*y + c2 (interpolate.py's order) of plane ``index`` of the quad's piece."""
            cs = [f"%pcn{3 * index + j}" if hoist else coef(3 * index + j) for j in range(3)]
            out = self.v(f"fmul {V4D} {cs[0]}, {x}")
            out = self.v(f"fadd {V4D} {out}, {self.v(f'fmul {V4D} {cs[1]}, {y}')}")
            return self.v(f"fadd {V4D} {out}, {cs[2]}")

        iw = plane(i_invw) if need_invw and not unit_w else None  # unit_w: in the perspective test's block
        xs = ys = iws = sq = None
        if k.sample_freq:
            # the quad's sample index and its position: interpolate.lane_location(px, py, offset) in float64
            sq = self.ld("i32", self.targ("ls"), "%q")
            si = self.v(f"sext i32 {sq} to i64")
            n_s = len(k.samples)
            for name, col in (("sox", 0), ("soy", 1)):
                vals = ", ".join(f"double {_fconst(o[col] / 256.0)}" for o in k.samples)
                self.decls.add(f"@{name} = private unnamed_addr constant [{n_s} x double] [{vals}]")
            ox = self.v(f"load double, ptr {self.v(f'getelementptr [{n_s} x double], ptr @sox, i64 0, i64 {si}')}")
            oy = self.v(f"load double, ptr {self.v(f'getelementptr [{n_s} x double], ptr @soy, i64 0, i64 {si}')}")
            xs = self.v(f"fadd {V4D} {xd}, {self.splat_t('double', ox)}")
            ys = self.v(f"fadd {V4D} {yd}, {self.splat_t('double', oy)}")
            if any(kind in ("persp_s", "posw_s") for kind, *_ in k.inputs):
                iws = plane(i_invw, xs, ys)
        xc = yc = iwc = None
        if any(kind.endswith("_c") for kind, *_ in k.inputs):
            xc, yc = self._centroid(self.targ("lrc") if k.sample_freq else lc, xd, yd)
            if any(kind in ("persp_c", "posw_c") for kind, *_ in k.inputs):
                iwc = plane(i_invw, xc, yc)
        zf = None
        if need_z:
            zf = self.v(f"fptrunc {V4D} {plane(i_z)} to {V4F}")
            if k.need_z and k.sample_freq:
                # the lane's own sample: its depth at the sample position, in that sample's row
                zs = self.v(f"fptrunc {V4D} {plane(i_z, xs, ys)} to {V4F}")
                at = self.v(f"add i64 %q, {self.v(f'mul i64 %n8, {si}')}")
                self.e(f"store {V4F} {zs}, ptr {self.gep('float', dep, at)}, align 4")
            elif k.need_z and not k.samples:
                self.e(f"store {V4F} {zf}, ptr {self.gep('float', dep, '%q')}, align 4")
            elif k.need_z:
                # depth per sample at interpolate.lane_location(px, py, offset): (px + 0.5) + ox / 256 in float64
                for s, (ox, oy) in enumerate(k.samples):
                    xs = self.v(f"fadd {V4D} {xd}, {_vec('double', [_fconst(ox / 256.0)] * 4)}")
                    ys = self.v(f"fadd {V4D} {yd}, {_vec('double', [_fconst(oy / 256.0)] * 4)}")
                    zs = self.v(f"fptrunc {V4D} {plane(i_z, xs, ys)} to {V4F}")
                    at = self.v(f"add i64 %q, {self.v(f'mul i64 %n8, {s}')}")
                    self.e(f"store {V4F} {zs}, ptr {self.gep('float', dep, at)}, align 4")

        def store_in(reg: int, comp: int, bits: str) -> None:
            row = self.v(f"mul i64 {S}, {reg * 4 + comp}")
            i = self.v(f"add i64 %q, {row}")
            self.e(f"store {V4I} {bits}, ptr {self.gep('i32', vb, i)}, align 4")

        # perspective attributes: plane / (1/w plane). Where 1/w is exactly 1.0 in the whole quad (w = 1: screen-
        # space geometry) the quotient is the dividend bit for bit (IEEE division by 1 is exact; a plane value
        # is never a signalling NaN, being an fadd result), so the divisions — the costliest operations of
        # interpolation — are skipped for that quad.
        persp = {i: plane(idx) for i, (kind, reg, comp, idx) in enumerate(k.inputs) if kind == "persp"}
        if persp:
            one = _vec("double", [_fconst(1.0)] * 4)
            self.decls.add("declare i1 @llvm.vector.reduce.and.v4i1(<4 x i1>)")
            if unit_w:
                self.cbr("%unitw", "pw_same", "pw_test")
                self.put("pw_test")
                iw = plane(i_invw)
            ones = self.v(f"call i1 @llvm.vector.reduce.and.v4i1({V4B} {self.v(f'fcmp oeq {V4D} {iw}, {one}')})")
            self.cbr(ones, "pw_same", "pw_div")
            self.put("pw_div")
            quot = {i: self.v(f"fdiv {V4D} {v}, {iw}") for i, v in persp.items()}
            self.br("pw_join")
            self.put("pw_same")
            self.br("pw_join")
            self.put("pw_join")
            persp = {i: self.v(f"phi {V4D} [ {quot[i]}, %pw_div ], [ {v}, %pw_same ]") for i, v in persp.items()}
        def f32bits(d: str) -> str:
            return self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {d} to {V4F}')} to {V4I}")

        def input_bits(i: int, kind: str, idx: int) -> str:
            if kind in ("persp", "linear"):
                val = persp[i] if kind == "persp" else plane(idx)
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {val} to {V4F}')} to {V4I}")
            elif kind[-2:] in ("_s", "_c"):
                # at the lane's sample (sample frequency) or its centroid (multisampled pixel frequency)
                x, y, iwl = (xs, ys, iws) if kind.endswith("_s") else (xc, yc, iwc)
                base = kind[:-2]
                if base == "persp":
                    bits = f32bits(self.v(f"fdiv {V4D} {plane(idx, x, y)}, {iwl}"))
                elif base == "linear":
                    bits = f32bits(plane(idx, x, y))
                elif base == "posx":
                    bits = f32bits(x)
                elif base == "posy":
                    bits = f32bits(y)
                elif base == "posz":
                    bits = f32bits(plane(i_z, x, y))
                else:
                    bits = f32bits(self.v(f"fdiv {V4D} {_vec('double', [_fconst(1.0)] * 4)}, {iwl}"))
            elif kind == "sidx":
                bits = self.splat_t("i32", sq)
            elif kind == "posx":
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {xd} to {V4F}')} to {V4I}")
            elif kind == "posy":
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {yd} to {V4F}')} to {V4I}")
            elif kind == "posz":
                bits = self.v(f"bitcast {V4F} {zf} to {V4I}")
            elif kind == "posw":
                one = _vec("double", [_fconst(1.0)] * 4)
                w = self.v(f"fdiv {V4D} {one}, {iw}")
                bits = self.v(f"bitcast {V4F} {self.v(f'fptrunc {V4D} {w} to {V4F}')} to {V4I}")
            elif kind == "flat":
                i = self.v(f"mul i64 {P}, {idx}")
                i = self.v(f"add i64 {i}, {p}")
                bits = self.splat_t("i32", self.ld("i32", flat, i))
            elif kind == "front":
                f = self.ld("i32", front, p)
                bits = self.splat_t("i32", f)
            elif kind == "primid":
                bits = self.splat_t("i32", self.ld("i32", primid, p))
            else:
                raise AssertionError(kind)
            return bits

        if use32:  # the float64 path's planes, then both paths' values joined; the other inputs after the join
            bits64 = {i: input_bits(i, k.inputs[i][0], idx) for i, idx in ex}
            self.br("q64_end")
            self.put("q64_end")
            self.br("q_join")
            self.put("q_join")
            q32 = "q32f" if wide else "q32"
            joined = {i: self.v(f"phi {V4I} [ {bits32[i]}, %{q32} ], [ {bits64[i]}, %q64_end ]") for i, _idx in ex}
            for i, _idx in ex:
                store_in(k.inputs[i][1], k.inputs[i][2], joined[i])
        for i, (kind, reg, comp, idx) in enumerate(k.inputs):
            if not (use32 and kind in ("persp", "linear")):
                store_in(reg, comp, input_bits(i, kind, idx))
        if "cov" in k.sv:
            # vCoverage: the raster coverage ANDed with SampleMask (draw._PixelContext._inputs)
            rc = self.targ("lrc") if k.sample_freq else lc  # the pixel's raster coverage
            cv = self.v(f"load {V4I}, ptr {self.gep('i32', rc, '%q')}, align 4")
            bit = 0xFFFFFFFF if k.forced else k.om.sample_mask if k.samples else (1 if k.om.sample_bit else 0)
            if bit >= 1 << 31:
                bit -= 1 << 32
            cv = self.v(f"and {V4I} {cv}, <i32 {bit}, i32 {bit}, i32 {bit}, i32 {bit}>")
            self.e(f"store {V4I} {cv}, ptr {self.gep('i32', svc, '%q')}, align 4")
        if k.uav_helpers:
            cv = self.v(f"load {V4I}, ptr {self.gep('i32', lc, '%q')}, align 4")
            hz = self.v(f"sext {V4B} {self.v(f'icmp eq {V4I} {cv}, zeroinitializer')} to {V4I}")
            self.e(f"store {V4I} {hz}, ptr {self.gep('i32', self.targ('helpers'), '%q')}, align 4")
        if "prim" in k.sv:
            pid = self.splat_t("i32", self.ld("i32", primid, p))
            self.e(f"store {V4I} {pid}, ptr {self.gep('i32', svp, '%q')}, align 4")
        if wide:
            self.br("iq_tail")
            self.put("iq_tail")
            self.e("%q4 = add i64 %q, 4")
        self.br("iq_latch")
        self.put("iq_latch")
        if wide:
            self.e("%qn = phi i64 [ %q4, %iq_tail ], [ %r8, %q8_exit ]")
        else:
            self.e("%qn = add i64 %q, 4")
        self.br("iq_head")
        self.put("iq_done")
        # ---- pixel shader ----
        if k.has_ps:
            self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            # the executors' starting values: no lane discarded, outputs 0 (skipped where the kernel never
            # writes a discard word / overwrites every output component in every lane: FusedKey)
            if not k.no_discard:
                nb = self.v("mul i64 %n, 4")
                self.e(f"call void @llvm.memset.p0.i64(ptr {disc}, i8 0, i64 {nb}, i1 false)")
            if not k.o_written:
                ob_bytes = self.v(f"mul i64 {S}, {k.o_regs * 16}")
                self.e(f"call void @llvm.memset.p0.i64(ptr {ob}, i8 0, i64 {ob_bytes}, i1 false)")
            args = self.targ("ps_args")
            fn = self.darg("ps_fn")
            self.e(f"store i64 %n, ptr {self.gep('i64', args, str(k.ps_n_slot))}, align 8")
            if dyn:
                self.e(f"store i64 %n8, ptr {self.gep('i64', args, str(k.ps_ng_slot))}, align 8")
            so = {kind: self.targ("so" + kind) for kind, _t in k.so}
            sobytes = self.v("mul i64 %n8, 4")
            # the kernel's "stored" flag follows its lanes: at its lane count (ng: the stride S)
            self._flag_at = S
            for buf in so.values():  # the executors' special outputs start at 0, the flag cleared
                self.e(f"call void @llvm.memset.p0.i64(ptr {buf}, i8 0, i64 {sobytes}, i1 false)")
                self.e(f"store i32 0, ptr {self.gep('i32', buf, S)}, align 4")
            self.e(f"call void {fn}(ptr {args})")
            if k.line_alpha:
                self._line_alpha(lp, ob, S)
            if "depth" in so and k.need_z:
                self._shader_depth(so["depth"], dep, sobytes)
            if "mask" in so:
                flag = self.ld("i32", so["mask"], S)
                self.e(f"%omask_on = icmp ne i32 {flag}, 0")
        # ---- output merger, lane by lane in lane order ----
        self._om(lc, lx, ly, lp, disc, dep, cnt)
        return ([f"define void @{FLUSH_FN}(ptr noalias %D, ptr noalias %T, i64 %n) {{", "entry:"]
                + self.lines + ["}"])

    def _exact32_flag(self, cs: list) -> str:
        """i1: :func:`exact32_condition` of the plane whose float64 coefficients are ``cs``, in the same
        operations (float32 round trip, lowest-set-bit exponents, the bound in float64 in the same order)."""
        self.decls.add("declare i64 @llvm.cttz.i64(i64, i1 immarg)")
        self.decls.add("declare double @llvm.fabs.f64(double)")
        ok = "true"
        E = "1000"
        for j, c in enumerate(cs):
            back = self.v(f"fpext float {self.v(f'fptrunc double {c} to float')} to double")
            ok = self.v(f"and i1 {ok}, {self.v(f'fcmp oeq double {back}, {c}')}")  # NaN fails; inf: the bound
            b = self.v(f"bitcast double {c} to i64")
            bexp = self.v(f"and i64 {self.v(f'lshr i64 {b}, 52')}, 2047")
            man = self.v(f"or i64 {self.v(f'and i64 {b}, 4503599627370495')}, 4503599627370496")
            tz = self.v(f"call i64 @llvm.cttz.i64(i64 {man}, i1 true)")
            low = self.v(f"add i64 {self.v(f'add i64 {bexp}, {tz}')}, {-1075 - (1 if j < 2 else 0)}")
            low = self.v(f"select i1 {self.v(f'fcmp one double {c}, 0.0')}, i64 {low}, i64 1000")
            E = self.v(f"select i1 {self.v(f'icmp slt i64 {low}, {E}')}, i64 {low}, i64 {E}")
        E = self.v(f"select i1 {self.v(f'icmp slt i64 {E}, 100')}, i64 {E}, i64 100")
        ok = self.v(f"and i1 {ok}, {self.v(f'icmp sge i64 {E}, -126')}")
        biased = self.v(f"add i64 {E}, {23 + 1023}")
        lim = self.v(f"bitcast i64 {self.v(f'shl i64 {biased}, 52')} to double")
        a = [self.v(f"call double @llvm.fabs.f64(double {c})") for c in cs]
        xy = _fconst(EXACT32_XY)
        bound = self.v(f"fadd double {self.v(f'fmul double {a[0]}, {xy}')}, {self.v(f'fmul double {a[1]}, {xy}')}")
        bound = self.v(f"fadd double {bound}, {a[2]}")
        return self.v(f"and i1 {ok}, {self.v(f'fcmp ole double {bound}, {lim}')}")

    def _shader_depth(self, sod: str, dep: str, nbytes: str) -> None:
        """oDepth: where the store ran in this batch, every sample's depth row is the shader's value (the
        reference repeats res.depth over the samples)."""
        flag = self.ld("i32", sod, self._flag_at)
        on = self.v(f"icmp ne i32 {flag}, 0")
        self.cbr(on, "sod_copy", "sod_done")
        self.put("sod_copy")
        self.decls.add("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)")
        for s_ in range(max(1, len(self.k.samples))):
            row = self.gep("float", dep, self.v(f"mul i64 %n8, {s_}"))
            self.e(f"call void @llvm.memcpy.p0.p0.i64(ptr {row}, ptr {sod}, i64 {nbytes}, i1 false)")
        self.br("sod_done")
        self.put("sod_done")

    def _centroid(self, lc: str, xd: str, yd: str) -> tuple[str, str]:
        """The quad's lanes' centroid locations (interpolate.centroid_offsets, §3.5.5): all samples of
        coverage & SampleMask -> the centre; some -> the first covered sample; none (a helper) -> the first
        sample of a partial SampleMask, else the centre; each (px + 0.5) + o / 256 in float64."""
        k = self.k
        S = len(k.samples)
        full = (1 << S) - 1
        m = (0xFFFFFFFF if k.forced else k.om.sample_mask) & full  # TIR: the centroid ignores SampleMask
        words = self.v(f"load {V4I}, ptr {self.gep('i32', lc, '%q')}, align 4")
        cov = self.v(f"and {V4I} {words}, {_vec('i32', [m] * 4)}")
        self.decls.add("declare <4 x i32> @llvm.cttz.v4i32(<4 x i32>, i1 immarg)")
        first = self.v(f"call <4 x i32> @llvm.cttz.v4i32({V4I} {cov}, i1 false)")
        is_full = self.v(f"icmp eq {V4I} {cov}, {_vec('i32', [full] * 4)}")
        is_zero = self.v(f"icmp eq {V4I} {cov}, zeroinitializer")
        # index S: the centre (the tables' last entry, offset 0)
        helper = (m & -m).bit_length() - 1 if m and m != full else S
        idx = self.v(f"select {V4B} {is_zero}, {V4I} {_vec('i32', [helper] * 4)}, {V4I} {first}")
        idx = self.v(f"select {V4B} {is_full}, {V4I} {_vec('i32', [S] * 4)}, {V4I} {idx}")
        idx = self.v(f"zext {V4I} {idx} to {V4L}")
        out = []
        self.decls.add("declare <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr>, i32 immarg, <4 x i1>, "
                       "<4 x double>)")
        for name, col, base in (("cox", 0, xd), ("coy", 1, yd)):
            vals = ", ".join(f"double {_fconst(o[col] / 256.0)}" for o in k.samples) + f", double {_fconst(0.0)}"
            self.decls.add(f"@{name} = private unnamed_addr constant [{S + 1} x double] [{vals}]")
            ptrs = self.v(f"getelementptr [{S + 1} x double], ptr @{name}, i64 0, {V4L} {idx}")
            o = self.v(f"call <4 x double> @llvm.masked.gather.v4f64.v4p0(<4 x ptr> {ptrs}, i32 8, "
                       f"<4 x i1> <i1 true, i1 true, i1 true, i1 true>, <4 x double> zeroinitializer)")
            out.append(self.v(f"fadd {V4D} {base}, {o}"))
        return out[0], out[1]

    def _line_alpha(self, lp: str, ob: str, stride: str) -> None:
        """o0.a *= the quad's piece's line coverage, one float32 multiply per lane (the reference's numpy
        product; the quad's lanes share the piece, helpers are never written)."""
        la = self.darg("lalpha")
        self.br("la_pre")
        self.put("la_pre")
        self.br("la_head")
        self.put("la_head")
        self.e("%laq = phi i64 [ 0, %la_pre ], [ %laqn, %la_body ]")
        c = self.v("icmp ult i64 %laq, %n")
        self.cbr(c, "la_body", "la_done")
        self.put("la_body")
        p = self.v(f"zext i32 {self.ld('i32', lp, '%laq')} to i64")
        a = self.splat_t("float", self.ld("float", la, p))
        at = self.v(f"add i64 %laq, {self.v(f'mul i64 {stride}, 3')}")
        ptr = self.gep("float", ob, at)
        v = self.v(f"load {V4F}, ptr {ptr}, align 4")
        self.e(f"store {V4F} {self.v(f'fmul {V4F} {v}, {a}')}, ptr {ptr}, align 4")
        self.e("%laqn = add i64 %laq, 4")
        self.br("la_head")
        self.put("la_done")

    def _prefetch_planes(self, lp: str, planes: str, n_planes: int) -> None:
        """Prefetch the plane-table row of the piece FLUSH_PREFETCH quads ahead (the quad at lane ``%q``): the
        rasterizer's prefetch brought it in a batch earlier and the target-row prefetches since then have mostly
        pushed it out of the first-level cache (profile of S2: the first load of each piece's planes stalled)."""
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        ahead = self.v(f"add i64 %q, {4 * FLUSH_PREFETCH}")
        ok = self.v(f"icmp ult i64 {ahead}, %n")
        qa = self.v(f"select i1 {ok}, i64 {ahead}, i64 %q")
        pa = self.v(f"zext i32 {self.ld('i32', lp, qa)} to i64")
        first = self.v(f"mul i64 {pa}, {plane_stride(n_planes)}")
        self._prefetch_span(planes, "double", first, 3 * n_planes, 8)

    def _prefetch_span(self, base: str, t: str, first: str, count: int, size: int) -> None:
        """Prefetch every 64-byte line of elements ``first .. first + count - 1`` (type ``t`` of ``size`` bytes) of
        ``base``: one address per 64 bytes from the first element, and the last element's. A row is not aligned
        to lines (a 5-plane row is 120 bytes at a multiple of 120: six rows in eight touch three lines), so one
        prefetch per 64 bytes of its length alone misses its last line."""
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        step = 64 // size
        offsets = list(range(0, count, step))
        if count - 1 not in offsets:
            offsets.append(count - 1)
        for k in offsets:
            at = self.v(f"add i64 {first}, {k}") if k else first
            self.e(f"call void @llvm.prefetch.p0(ptr {self.gep(t, base, at)}, i32 0, i32 3, i32 1)")

    def _prefetch_targets(self, lx: str, ly: str) -> None:
        """Prefetch the target rows the batch's quads will read and write (both rows of every second quad, each
        colour target and the depth-stencil view): the merger otherwise waits on each target line (profile of
        S5: a full-screen blend stalls on its first read of every row), and interpolation and the pixel shader
        run while the lines arrive."""
        from .om_gen import _DS_SIZES, _OFF

        om = self.k.om
        targets = [(f"rt{i}", _OFF["rt"] + 8 * i, _OFF["rt_pitch"] + 8 * i, rt.bpe)
                   for i, rt in enumerate(om.rts) if rt is not None]
        if om.ds is not None:
            targets.append(("ds", _OFF["ds"], _OFF["ds_pitch"], _DS_SIZES[om.ds.format]))
        self.br("pf_pre")
        self.put("pf_pre")
        if not targets:
            self.br("pf_done")
            self.put("pf_done")
            return
        self.decls.add("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
        ctx = self.darg("om_ctx")
        bases = []
        for _name, boff, poff, size in targets:
            bp = self.v(f"getelementptr i8, ptr {ctx}, i64 {boff}")
            pp = self.v(f"getelementptr i8, ptr {ctx}, i64 {poff}")
            bases.append((self.v(f"load ptr, ptr {bp}, align 8"), self.v(f"load i64, ptr {pp}, align 8"), size))
        self.br("pf_head")
        self.put("pf_head")
        self.e("%pq = phi i64 [ 0, %pf_pre ], [ %pqn, %pf_body ]")
        c = self.v("icmp ult i64 %pq, %n")
        self.cbr(c, "pf_body", "pf_done")
        self.put("pf_body")
        x = self.v(f"sext i32 {self.ld('i32', lx, '%pq')} to i64")
        y = self.v(f"sext i32 {self.ld('i32', ly, '%pq')} to i64")
        for base, pitch, size in bases:
            row = self.v(f"add i64 {self.v(f'mul i64 {y}, {pitch}')}, {self.v(f'mul i64 {x}, {size}')}")
            for r in range(2):
                at = row if r == 0 else self.v(f"add i64 {row}, {pitch}")
                a = self.v(f"getelementptr i8, ptr {base}, i64 {at}")
                self.e(f"call void @llvm.prefetch.p0(ptr {a}, i32 1, i32 3, i32 1)")
        # One prefetch per target line where the lanes run along a row: when the quad ``line - 4`` lanes on lies
        # exactly that many quads to the right on the same rows, the lanes between cover at most the lines of
        # this quad's pixel and of the next step's (a 64-byte line holds 128 / size lanes' width: 32 for 4-byte
        # pixels); elsewhere (quads of small pieces scattered over the tile) every second quad, as before
        line = max(8, min(32, 128 // max(size for _b, _p, size in bases)))
        if PREFETCH_RUNS and line > 8:
            last = self.v("add i64 %n, -1")
            far = self.v(f"add i64 %pq, {line - 4}")
            j = self.v(f"select i1 {self.v(f'icmp ult i64 {far}, %n')}, i64 {far}, i64 {last}")
            xr = self.ld("i32", lx, j)
            yr = self.ld("i32", ly, j)
            x32 = self.v(f"add i32 {self.v(f'trunc i64 {x} to i32')}, {2 * (line // 4 - 1)}")
            run = self.v(f"and i1 {self.v(f'icmp eq i32 {xr}, {x32}')}, "
                         f"{self.v(f'icmp eq i32 {yr}, ' + self.v(f'trunc i64 {y} to i32'))}")
            step = self.v(f"select i1 {run}, i64 {line}, i64 8")
        else:
            step = "8"
        self.e(f"%pqn = add i64 %pq, {step}")
        self.br("pf_head")
        self.put("pf_done")

    def _om(self, lc, lx, ly, lp, disc, dep, cnt) -> None:
        """The batch through om_gen's merger (lanes in lane order = primitive order per pixel): per lane
        ``alive`` (covered, in the batch, not discarded) and coverage (bit 31: back face), the colour
        registers copied into its compact [register][4][n] layout, then one call."""
        k = self.k
        alive, cov2, col = self.targ("alive"), self.targ("cov"), self.targ("col")
        front = self.darg("front") if k.face else None
        self.e("%live = alloca i64, align 8")
        self.e("store i64 0, ptr %live, align 8")
        if k.forced:
            self.e("%tir = alloca i64, align 8")
            self.e("store i64 0, ptr %tir, align 8")
        # Where the merger's coverage is the raster coverage itself (no TIR, oMask or face bit to fold in), the
        # lanes past the batch, [n, n8), get coverage 0 in the lane buffer and the merger reads that buffer: a
        # lane is then live exactly where its coverage is non-zero, with no per-lane test of the lane number and
        # no copy (COV_IN_PLACE; the same coverage words and live lanes as the copy)
        in_place = COV_IN_PLACE and not k.forced and not k.face and \
            not (any(kind == "mask" for kind, _t in k.so) and k.has_ps)
        self.br("om_pre")
        self.put("om_pre")
        if in_place:
            self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
            tail = self.v("shl i64 " + self.v("sub i64 %n8, %n") + ", 2")
            self.e(f"call void @llvm.memset.p0.i64(ptr {self.gep('i32', lc, '%n')}, i8 0, i64 {tail}, i1 false)")
        self.br("om_head")
        self.put("om_head")
        self.e("%g = phi i64 [ 0, %om_pre ], [ %gn, %om_body ]")
        c = self.v("icmp ult i64 %g, %n8")
        self.cbr(c, "om_body", "om_done")
        self.put("om_body")
        cov = self.v(f"load <8 x i32>, ptr {self.gep('i32', lc, '%g')}, align 4")
        if in_place:
            valid = None
            live = self.v('icmp ne <8 x i32> ' + cov + ', zeroinitializer')
        else:
            # lane numbers in i32 (a batch holds far fewer than 2^31 lanes): half the vector work of i64 compares
            iota = "<" + ", ".join(f"i32 {i}" for i in range(8)) + ">"
            lanes = self.v(f"add <8 x i32> {self.splat8_32(self.v('trunc i64 %g to i32'))}, {iota}")
            valid = self.v(f"icmp ult <8 x i32> {lanes}, {self.splat8_32(self.v('trunc i64 %n to i32'))}")
            live = self.v(f"and <8 x i1> {valid}, {self.v('icmp ne <8 x i32> ' + cov + ', zeroinitializer')}")
        self.intr8()
        lb = self.v(f"bitcast <8 x i1> {live} to i8")
        pc = self.v(f"zext i8 {self.v(f'call i8 @llvm.ctpop.i8(i8 {lb})')} to i64")
        old = self.v("load i64, ptr %live, align 8")
        self.e(f"store i64 {self.v(f'add i64 {old}, {pc}')}, ptr %live, align 8")
        al = live
        if k.has_ps and not k.no_discard:
            d = self.v(f"load <8 x i32>, ptr {self.gep('i32', disc, '%g')}, align 4")
            al = self.v(f"and <8 x i1> {al}, {self.v('icmp eq <8 x i32> ' + d + ', zeroinitializer')}")
        self.e(f"store <8 x i8> {self.v(f'zext <8 x i1> {al} to <8 x i8>')}, ptr {self.gep('i8', alive, '%g')}, align 1")
        if k.forced:
            # TIR: the merger's one sample is covered where any raster sample is; the lane's raster samples
            # beyond that one count towards occlusion (merged lanes all pass: no depth test, sample 0 in the mask)
            self.decls.add("declare <8 x i32> @llvm.ctpop.v8i32(<8 x i32>)")
            self.decls.add("declare i32 @llvm.vector.reduce.add.v8i32(<8 x i32>)")
            pop = self.v(f"call <8 x i32> @llvm.ctpop.v8i32(<8 x i32> {cov})")
            more = self.v(f"select <8 x i1> {al}, <8 x i32> {self.v(f'add <8 x i32> {pop}, splat (i32 -1)')}, "
                          "<8 x i32> zeroinitializer")
            ext = self.v(f"zext i32 {self.v(f'call i32 @llvm.vector.reduce.add.v8i32(<8 x i32> {more})')} to i64")
            old_t = self.v("load i64, ptr %tir, align 8")
            self.e(f"store i64 {self.v(f'add i64 {old_t}, {ext}')}, ptr %tir, align 8")
            cov = self.v(f"zext <8 x i1> {self.v(f'icmp ne <8 x i32> {cov}, zeroinitializer')} to <8 x i32>")
        if in_place:
            self.e("%gn = add i64 %g, 8")
            self.br("om_head")
        else:
            self._om_cov(k, cov, valid, lp, front, cov2)
        self.put("om_done")
        merged_cov = lc if in_place else cov2
        # colour registers o0 .. o(R-1) in the merger's layout (zeros where the shader has none)
        self.decls.add("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1 immarg)")
        self.decls.add("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1 immarg)")
        ob = self.targ("o")
        nbytes = self.v("mul i64 %n8, 4")
        direct = k.ps_ng_slot is not None and k.has_ps  # the PS wrote them in this layout already (o_regs >= om_regs)
        if direct:
            col = ob
        for r in range(0 if direct else k.om_regs):
            for cc in range(4):
                row = r * 4 + cc
                dst = self.gep("i32", col, self.v(f"mul i64 %n8, {row}"))
                if r < k.o_regs and k.has_ps:
                    src = self.gep("i32", ob, str(row * k.batch))
                    self.e(f"call void @llvm.memcpy.p0.p0.i64(ptr {dst}, ptr {src}, i64 {nbytes}, i1 false)")
                else:
                    self.e(f"call void @llvm.memset.p0.i64(ptr {dst}, i8 0, i64 {nbytes}, i1 false)")
        ctx = self.darg("om_ctx")
        om_fn = self.darg("om_fn")  # the merger's own module (om_gen.om_function), one call per batch
        self.e(f"call void {om_fn}(ptr {ctx}, i64 %n8, ptr {lx}, ptr {ly}, ptr {merged_cov}, ptr {dep}, "
               f"ptr {col}, ptr {alive})")
        if k.forced:
            extra = self.v("load i64, ptr %tir, align 8")
            spp = self.v(f"getelementptr i8, ptr {ctx}, i64 {OMContext.samples_passed.offset}")
            self.e(f"atomicrmw add ptr {spp}, i64 {extra} monotonic, align 8")
        p = self.gep("i64", cnt, "0")
        old = self.v(f"load i64, ptr {p}, align 8")
        add = self.v("load i64, ptr %live, align 8")
        self.e(f"store i64 {self.v(f'add i64 {old}, {add}')}, ptr {p}, align 8")
        self.e("ret void")

    def _om_cov(self, k, cov: str, valid: str, lp: str, front: str | None, cov2: str) -> None:
        """The merger's coverage words of eight lanes (0 past the batch; oMask folded in; bit 31: back face),
        stored to the ``cov`` lane buffer; ends the ``om_body`` block."""
        cv = self.v(f"select <8 x i1> {valid}, <8 x i32> {cov}, <8 x i32> zeroinitializer")
        if any(kind == "mask" for kind, _t in k.so) and k.has_ps:
            # oMask (where its store ran in this batch) ANDed into the coverage the merger applies
            # (output_merger: coverage & omask; ``live`` counts the raster coverage, as the reference)
            om_w = self.v(f"load <8 x i32>, ptr {self.gep('i32', self.targ('somask'), '%g')}, align 4")
            om_w = self.v(f"select i1 %omask_on, <8 x i32> {om_w}, <8 x i32> splat (i32 -1)")
            cv = self.v(f"and <8 x i32> {cv}, {om_w}")
        if k.face:
            pieces = self.v(f"load <8 x i32>, ptr {self.gep('i32', lp, '%g')}, align 4")
            ptrs = self.v(f"getelementptr i32, ptr {front}, <8 x i32> {pieces}")
            self.decls.add("declare <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr>, i32 immarg, <8 x i1>, <8 x i32>)")
            f = self.v(f"call <8 x i32> @llvm.masked.gather.v8i32.v8p0(<8 x ptr> {ptrs}, i32 4, <8 x i1> {valid}, "
                       "<8 x i32> zeroinitializer)")
            back = self.v("icmp eq <8 x i32> " + f + ", zeroinitializer")
            bit = self.v(f"select <8 x i1> {back}, <8 x i32> splat (i32 -2147483648), <8 x i32> zeroinitializer")
            cv = self.v(f"or <8 x i32> {cv}, {bit}")
        self.e(f"store <8 x i32> {cv}, ptr {self.gep('i32', cov2, '%g')}, align 4")
        self.e("%gn = add i64 %g, 8")
        self.br("om_head")

    def splat8_32(self, x: str) -> str:
        i = self.v(f"insertelement <8 x i32> poison, i32 {x}, i64 0")
        return self.v(f"shufflevector <8 x i32> {i}, <8 x i32> poison, <8 x i32> zeroinitializer")

    def splat8(self, x: str) -> str:
        i = self.v(f"insertelement <8 x i64> poison, i64 {x}, i64 0")
        return self.v(f"shufflevector <8 x i64> {i}, <8 x i64> poison, <8 x i32> zeroinitializer")

    def intr8(self) -> None:
        self.decls.add("declare i8 @llvm.ctpop.i8(i8)")
