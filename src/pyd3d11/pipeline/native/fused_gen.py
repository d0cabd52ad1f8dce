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
from .fused_flush_gen import FlushGen
from .lane_ir import dconst
from .om_gen import om_function

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
#: the rasterizer prefetches the per-piece data of the tile's piece this many list places ahead (4: S2's process CPU
#: 72-83 -> 70-75 ms a frame against 2, three alternating rounds on the loaded 2-core host, Session 25; the record
#: loads were its rasterizer's hottest instructions)
PREFETCH_AHEAD = int(os.environ.get("PYD3D11_FUSED_PREFETCH_AHEAD", "4"))
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
#: full rows four quads (sixteen lanes) a step before the two-quad step (``_Gen._full_row16``);
#: PYD3D11_FUSED_FULL_ROWS16=0 keeps the two-quad step alone (A/B, mutation checks)
FULL_ROWS16 = os.environ.get("PYD3D11_FUSED_FULL_ROWS16", "1") != "0"
#: the batch function's float32 interpolation sixteen lanes (four quads of one piece) a step before its
#: eight-lane step; PYD3D11_FUSED_FLUSH_WIDE16=0 keeps the eight-lane step alone (A/B, mutation checks)
FLUSH_WIDE16 = os.environ.get("PYD3D11_FUSED_FLUSH_WIDE16", "1") != "0"
#: row-group marks (``row_marks``): the sixteen-lane full-row step sets om_gen.ROW_MARK in the coverage word of the
#: first lane of the groups it writes, and the merger's dispatcher (om_gen._wide_check) takes a marked group of live
#: lanes to its sixteen-lane body without its position and coverage test; PYD3D11_FUSED_ROW_MARKS=0 leaves them out
#: (A/B, mutation checks)
ROW_MARKS = os.environ.get("PYD3D11_FUSED_ROW_MARKS", "1") != "0"


def row_marks(k: FusedKey) -> bool:
    """Whether the variant's sixteen-lane full-row step marks its row groups (om_gen.ROW_MARK in a coverage word):
    only where the merger reads the rasterizer's coverage words in place (fused_flush_gen._om: nothing folded into
    them) and every other reader masks them to their sample bits (one sample, no clip distances, not sample
    frequency, no forced sample count)."""
    return (ROW_MARKS and FULL_ROWS and FULL_ROWS16 and COV_IN_PLACE and not k.forced and not k.face
            and not (any(kind == "mask" for kind, _t in k.so) and k.has_ps) and not k.samples and not k.clip
            and not k.sample_freq)
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


class _Gen(FlushGen, _Emit):
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
        # the tile argument: the tile's index, and in bits 32.. a quarter (1-4, row-major) or 0 for all of it
        # (scene.py's driver splits a scene's last tiles into quarters: the threads then run out of work nearer
        # together; every piece of the tile is clipped to the rectangle below, so a quarter is the tile's pixels
        # in it, in the same piece order)
        tid = self.v("and i64 %tile, 4294967295")
        q = self.v("lshr i64 %tile, 32")
        ty = self.v(f"udiv i64 {tid}, {tx_n}")
        tx = self.v(f"urem i64 {tid}, {tx_n}")
        Xt = self.v(f"mul i64 {tx}, {TS}")
        Yt = self.v(f"mul i64 {ty}, {TS}")
        whole = self.v(f"icmp eq i64 {q}, 0")
        qm = self.v(f"sub i64 {q}, 1")
        dx = self.v(f"mul i64 {self.v(f'and i64 {qm}, 1')}, {TS // 2}")
        dy = self.v(f"mul i64 {self.v(f'lshr i64 {qm}, 1')}, {TS // 2}")
        X0 = self.v(f"select i1 {whole}, i64 {Xt}, i64 {self.v(f'add i64 {Xt}, {dx}')}")
        Y0 = self.v(f"select i1 {whole}, i64 {Yt}, i64 {self.v(f'add i64 {Yt}, {dy}')}")
        ext = self.v(f"select i1 {whole}, i64 {TS}, i64 {TS // 2}")
        X1 = self.v(f"add i64 {X0}, {ext}")
        Y1 = self.v(f"add i64 {Y0}, {ext}")
        j0 = self.ld("i64", off, tid, 8)
        t1 = self.v(f"add i64 {tid}, 1")
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
            self.cbr(full, "rw_pre" if FULL_ROWS16 else "rf_head", "col_head")
            self._full_row(pyv, yin, rx0v, rx1v, qx0, rx0, rx1, ry0, ry1, p32, splat32)
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
            half = _vec("double", [dconst(0.5)] * 8)
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
            x = self.v(f"fadd {V8D} {cx}, {_vec('double', [dconst(offset[0] / 256.0)] * 8)}")
            y = self.v(f"fadd {V8D} {cy}, {_vec('double', [dconst(offset[1] / 256.0)] * 8)}")

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
        """Prefetch the per-piece data of the tile's piece PREFETCH_AHEAD places ahead (its record — rectangle and edge
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

    def _full_row(self, pyv: str, yin: str, rx0v: str, rx1v: str, qx0: str, rx0: str, rx1: str, ry0: str, ry1: str,
                  p32: str, splat32) -> None:
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
        if FULL_ROWS16:
            self._full_row16(qx0, rx0, rx1, ry0, ry1, p32)
            first = "[ %rwx, %rw_exit ]"
        else:
            first = f"[ {qx0}, %row_body ]"
        self.put("rf_head")
        self.e(f"%rqx = phi i64 {first}, [ %rqxn, %rf_keep ], [ %rqxn, %rf_flush ]")
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

    def _full_row16(self, qx0: str, rx0: str, rx1: str, ry0: str, ry1: str, p32: str) -> None:
        """The sixteen-lane step in front of ``_full_row``'s eight-lane one: four quads side by side per vector
        store while all four lie in the rectangle (the fourth quad's first column qx + 6 below ``rx1``) and the
        batch has room for sixteen lanes; then the eight-lane step and the column walk take the rest of the row.
        The same lanes in the same order with the same coverage as two eight-lane steps (the quads' lane layout
        (0,0) (1,0) (0,1) (1,1) then two pixels right, four times): only the per-step work is halved (one store
        per lane array and one room test per four quads)."""
        k = self.k
        V16I, V16B = "<16 x i32>", "<16 x i1>"
        lx, ly, lp, lc = self._lanes
        self.put("rw_pre")

        def splat16(x32: str) -> str:
            return self.v(f"shufflevector {V16I} {self.v(f'insertelement {V16I} poison, i32 {x32}, i64 0')}, "
                          f"{V16I} poison, <16 x i32> zeroinitializer")

        def t32(x64: str) -> str:
            return self.v(f"trunc i64 {x64} to i32")

        # (the row's vectors from its scalars, not widened from the eight-lane step's: those are spilled around
        # the step's flush call, and a reload right after the spill stalled on store forwarding)
        py16 = self.v(f"add {V16I} {splat16(t32('%qy'))}, {_vec('i32', [(j >> 1) & 1 for j in range(16)])}")
        yin16 = self.v(f"and {V16B} {self.v(f'icmp sge {V16I} {py16}, {splat16(t32(ry0))}')}, "
                       f"{self.v(f'icmp slt {V16I} {py16}, {splat16(t32(ry1))}')}")
        rx0w, rx1w = splat16(t32(rx0)), splat16(t32(rx1))
        pw = splat16(p32)
        self.br("rw_head")
        self.put("rw_head")
        self.e(f"%rwq = phi i64 [ {qx0}, %rw_pre ], [ %rwqn, %rw_keep ], [ %rwqn, %rw_flush ]")
        fits = self.v(f"icmp slt i64 {self.v('add i64 %rwq, 6')}, {rx1}")
        n = self.v("load i64, ptr %nl, align 8")
        n16 = self.v(f"add i64 {n}, 16")
        room = self.v(f"icmp ule i64 {n16}, {k.batch}")
        self.cbr(self.v(f"and i1 {fits}, {room}"), "rw_body", "rw_exit")
        self.put("rw_body")
        qx32 = self.v("trunc i64 %rwq to i32")
        qxw = self.v(f"shufflevector {V16I} {self.v(f'insertelement {V16I} poison, i32 {qx32}, i64 0')}, "
                     f"{V16I} poison, <16 x i32> zeroinitializer")
        pxv = self.v(f"add {V16I} {qxw}, {_vec('i32', [2 * (j // 4) + (j & 1) for j in range(16)])}")
        xin = self.v(f"and {V16B} {self.v(f'icmp sge {V16I} {pxv}, {rx0w}')}, "
                     f"{self.v(f'icmp slt {V16I} {pxv}, {rx1w}')}")
        covb = self.v(f"and {V16B} {yin16}, {xin}")
        cov = self.v(f"zext {V16B} {covb} to {V16I}")
        if row_marks(k):
            # lanes n .. n + 15 are four quads side by side (om_gen's ROW4 layout): where every lane is covered, the
            # first lane's coverage word carries ROW_MARK. The mark lives in the word the same append writes, so it
            # never outlasts its lanes, and the merger meets it only where its group of sixteen starts at lane n.
            # (Only on covered groups: a marked word is non-zero, and the batch function counts a lane with a
            # non-zero word as a covered one.)
            from .om_gen import ROW_MARK

            self.decls.add("declare i1 @llvm.vector.reduce.and.v16i1(<16 x i1>)")
            allc = self.v(f"call i1 @llvm.vector.reduce.and.v16i1({V16B} {covb})")
            self.e(f"%rwmk = select i1 {allc}, i32 {ROW_MARK}, i32 0")
            cov = self.v(f"or {V16I} {cov}, {self.v(f'insertelement {V16I} zeroinitializer, i32 %rwmk, i64 0')}")
        self.e(f"store {V16I} {pxv}, ptr {self.gep('i32', lx, n)}, align 4")
        self.e(f"store {V16I} {py16}, ptr {self.gep('i32', ly, n)}, align 4")
        self.e(f"store {V16I} {pw}, ptr {self.gep('i32', lp, n)}, align 4")
        self.e(f"store {V16I} {cov}, ptr {self.gep('i32', lc, n)}, align 4")
        self.e("%rwqn = add i64 %rwq, 8")
        self.cbr(self.v(f"icmp eq i64 {n16}, {k.batch}"), "rw_flush", "rw_keep")
        self.put("rw_flush")
        self.e(f"call void @flush(ptr %D, ptr %T, i64 {n16})")
        self.e("store i64 0, ptr %nl, align 8")
        self.br("rw_head")
        self.put("rw_keep")
        self.e(f"store i64 {n16}, ptr %nl, align 8")
        self.br("rw_head")
        self.put("rw_exit")
        self.e("%rwx = phi i64 [ %rwq, %rw_head ]")
        self.br("rf_head")

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
    def splat8_32(self, x: str) -> str:
        i = self.v(f"insertelement <8 x i32> poison, i32 {x}, i64 0")
        return self.v(f"shufflevector <8 x i32> {i}, <8 x i32> poison, <8 x i32> zeroinitializer")

    def splat8(self, x: str) -> str:
        i = self.v(f"insertelement <8 x i64> poison, i64 {x}, i64 0")
        return self.v(f"shufflevector <8 x i64> {i}, <8 x i64> poison, <8 x i32> zeroinitializer")

    def intr8(self) -> None:
        self.decls.add("declare i8 @llvm.ctpop.i8(i8)")
