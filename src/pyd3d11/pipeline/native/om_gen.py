"""Native output merger: LLVM IR for the depth/stencil test, blending and format encode of one state
variant (D3D11.3 §17; issue 12 point 2), bit-identical to the numpy output merger.

Contract (the fused tile kernel calls it too):

* :func:`om_key` — a hashable description of an output-merger state (formats included), or None when the
  state is not built natively (the caller then uses the numpy merger).
* :func:`om_function` — ``(LLVM IR text, function name)`` of one function::

      void @NAME(ptr %ctx, i64 %n, ptr %x, ptr %y, ptr %cov, ptr %depth, ptr %colors, ptr %alive)

  ``ctx``: an :class:`OMContext`; ``x``, ``y``: i32[n] pixel coordinates (render-target slice 0);
  ``cov``: i32[n] sample coverage (bit s: sample s; one sample: bit 0), bit 31 set for a back-facing
  primitive (read only when :func:`om_needs_face` says the two stencil faces differ); ``depth``: float
  fragment depth per sample, sample-major ``[S][n]`` (one sample: float[n]; read only with a depth/stencil test);
  ``colors``: u32 PS output bits, component-major ``[register][4][n]`` for registers
  ``0 .. om_registers(key) - 1``; ``alive``: i8[n] (0: the lane is skipped). One sample: a ``cov`` word with
  ROW_MARK (bit 30) at lane i (the fused lane's full rows only) vouches that lanes i .. i + 15 are four 2x2 quads
  side by side (_Body.ROW4's layout), each covering sample 0; coverage itself is read from the sample bits.
  Semantics: the serial output merger applied lane by lane in lane order (a pixel may occur several times;
  a later lane sees the earlier lanes' writes). Eight lanes at a time run as vectors when their pixels are
  distinct, else one by one. ``ctx.samples_passed`` grows by the samples that passed (occlusion queries).
  Thread-safe for concurrent calls on disjoint pixels sharing one context (the counter is atomic).
* :func:`om_parts` — the same as (intrinsic declarations, definitions, name), to put several mergers (or a
  merger and a tile kernel) in one module; :func:`om_registers`, :func:`om_needs_face` — what the caller
  must provide in ``colors`` and ``cov``.

Arithmetic follows pipeline/blend.py, depth_stencil.py and formats/numerics.py operation by operation:
float32 blend math without contraction (no fast-math flags), UNORM/SNORM encode as the reference's
exact float64 rounding, computed on the float's bits in integers (lane_ir.LaneIR.round_scaled), sRGB encode through the reference's own float32 decision thresholds, float16/11/10
by the reference's integer round-toward-zero. Sample counts 1, 2, 4, 8 and 16 (each covered sample tested,
blended and written in its own plane; ``OMContext`` gives the sample pitches).
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from functools import cache

from ...formats.table import FormatKind, format_info
from .. import blend as bl
from .. import comparison as cmpf
from ..depth_stencil import D16_UNORM, D24_UNORM_S8_UINT, D32_FLOAT, D32_FLOAT_S8X24_UINT
from .lane_ir import SIZES, SUFFIX, LaneIR, channel_code, word_type

W = 8  # lanes per vector step
#: lanes of the fully covered four-quad body (``_F``; 0: none): the fused rasterizer's common case, a run of quads
#: along a row, merged sixteen lanes at a time (PYD3D11_OM_WIDE=0 for A/B)
WIDE = 16 if os.environ.get("PYD3D11_OM_WIDE", "1") != "0" else 0
#: the quad layouts' rows read and written whole where that is the same memory operation (_Body.rmw): always in the
#: fully covered bodies (every pixel of their rows is a lane's), in the partly covered ones where OMContext's
#: rows_w/rows_h say so (PYD3D11_OM_ROW_RMW=0: masked rows everywhere, for A/B)
ROW_RMW = os.environ.get("PYD3D11_OM_ROW_RMW", "1") != "0"
@cache
def _pair_rows_by_shuffle() -> bool:
    """Whether two-pixel row masks (the QUADS layout: two quads anywhere) are an <8 x i1> shuffle rather than the
    lane bits through an integer: on AVX2 (vector compare masks, no mask registers) the shuffle is one or two
    instructions where the integer route is a chain of extracts and inserts per row — S2 (200k small triangles,
    mostly this layout) 3-5 % less CPU per frame; the wider PAIR / ROW4 rows keep the integer route (S5 was 3 %
    slower by shuffles), and so do AVX-512 hosts (their <8 x i1> shuffles go through mask-register shifts).
    ``PYD3D11_OM_PAIR_SHUFFLE=0`` / ``=1`` forces it off / on (A/B)."""
    env = os.environ.get("PYD3D11_OM_PAIR_SHUFFLE", "")
    if env in ("0", "1"):
        return env == "1"
    from ...shader.native import runtime as rt

    return "+avx512f" not in rt.host_features()


class OMContext(ctypes.Structure):
    """Per-draw data of a native output-merger call (one per draw or per thread; read-only except
    ``samples_passed``)."""

    _fields_ = [
        ("rt", ctypes.c_void_p * 8),  # address of pixel (0, 0) of render target i's slice 0 (its mip)
        ("rt_pitch", ctypes.c_int64 * 8),  # bytes from one row of render target i to the next
        ("ds", ctypes.c_void_p),  # address of pixel (0, 0) of the depth-stencil view's slice 0
        ("ds_pitch", ctypes.c_int64),  # bytes per depth-stencil row
        ("blend_factor", ctypes.c_float * 4),  # OMSetBlendState's factor, unclamped (clamped per target)
        ("stencil_ref", ctypes.c_uint32),  # OMSetDepthStencilState's StencilRef (low 8 bits used)
        ("vp_min", ctypes.c_float),  # viewport MinDepth: fragment depth is clamped to [vp_min, vp_max]
        ("vp_max", ctypes.c_float),
        ("_pad", ctypes.c_uint32),
        ("samples_passed", ctypes.c_int64),  # incremented (atomically) by the samples that passed
        ("rt_sample_pitch", ctypes.c_int64 * 8),  # bytes from sample s to sample s + 1 of render target i (MSAA)
        ("ds_sample_pitch", ctypes.c_int64),  # the same for the depth-stencil view
        # every pixel (x, y) with x < rows_w and y < rows_h lies in every bound view, and no other thread writes a
        # pixel of the 2x2 quads this call's lanes lie in while it runs (the fused rasterizer: quads never straddle
        # its even-sized tiles, one thread per tile): the partly covered quad layouts then read and write their
        # rows whole (_Body.rmw). 0: not promised (the rows stay masked)
        ("rows_w", ctypes.c_int32),
        ("rows_h", ctypes.c_int32),
    ]


_OFF = {name: getattr(OMContext, name).offset for name, _ in OMContext._fields_}


# --------------------------------------------------------------------------------------------------
# Keys

@dataclass(frozen=True, slots=True)
class Channel:
    component: int | None  # 0..3, None for X bits (written as zero, as the codec does)
    word: int  # index of the word of ``ws`` bytes that holds it
    shift: int
    bits: int
    kind: str  # "unorm" | "snorm" | "srgb" | "float" | "x"


@dataclass(frozen=True, slots=True)
class RTKey:
    format: int
    bpe: int  # bytes per pixel
    ws: int  # bytes per word (min(4, bpe), as formats/codecs.py)
    channels: tuple[Channel, ...]
    clamp: tuple[float, float] | None  # blend input clamp (UNORM/SRGB [0, 1], SNORM [-1, 1])
    blend: tuple[int, int, int, int, int, int] | None  # Src, Dest, Op, SrcAlpha, DestAlpha, OpAlpha
    mask: int  # RenderTargetWriteMask
    integer: bool = False  # UINT/SINT target: no blending; the PS bits converted with integer clamping
    logic: int | None = None  # D3D11_LOGIC_OP on an integer target (§17.7)


@dataclass(frozen=True, slots=True)
class DSKey:
    format: int
    depth_enable: bool
    depth_write: bool  # DepthWriteMask ALL and the view not read-only-depth
    depth_func: int
    stencil: bool  # StencilEnable on a format with stencil
    stencil_write: bool  # the view not read-only-stencil
    read_mask: int
    write_mask: int
    front: tuple[int, int, int, int]  # StencilFailOp, StencilDepthFailOp, StencilPassOp, StencilFunc
    back: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class OMKey:
    rts: tuple[RTKey | None, ...]  # 8 entries
    ds: DSKey | None
    a2c: bool  # alpha-to-coverage from o0.a
    sample_mask: int  # the blend state's sample mask, cut to the sample count
    samples: int = 1  # sample count of the targets

    @property
    def sample_bit(self) -> bool:
        """Bit 0 of the sample mask (the field of the first contract, kept for single-sample callers)."""
        return bool(self.sample_mask & 1)


_CLAMPS = {FormatKind.UNORM: (0.0, 1.0), FormatKind.SRGB: (0.0, 1.0), FormatKind.SNORM: (-1.0, 1.0)}
_KIND = {FormatKind.UNORM: "unorm", FormatKind.SNORM: "snorm", FormatKind.SRGB: "srgb", FormatKind.FLOAT: "float",
         FormatKind.UINT: "uint", FormatKind.SINT: "sint"}


@cache
def rt_layout(fmt: int) -> tuple | None:
    """(bpe, ws, channels, clamp) of a colour format the native merger encodes, else None."""
    info = format_info(fmt)
    if info.compressed or info.block_width != 1 or info.block_height != 1 or info.bytes_per_block not in (1, 2, 4, 8, 16):
        return None
    bpe = info.bytes_per_block
    ws = min(4, bpe)
    chans = []
    colour_kind = None
    for ch in info.channels:
        wbits = ws * 8
        if ch.offset // wbits != (ch.offset + ch.bits - 1) // wbits:
            return None  # a channel across words
        if ch.component is None:
            chans.append(Channel(None, ch.offset // wbits, ch.offset % wbits, ch.bits, "x"))
            continue
        k = _KIND.get(ch.kind)
        ok = (k == "unorm" and ch.bits <= 16) or (k == "snorm" and ch.bits <= 16) or (k == "srgb" and ch.bits == 8) \
            or (k == "float" and ch.bits in (10, 11, 16, 32)) or (k in ("uint", "sint") and ch.bits <= 32)
        if not ok:
            return None
        if colour_kind is None and ch.name in "RGBA":
            colour_kind = ch.kind
        chans.append(Channel(ch.component, ch.offset // wbits, ch.offset % wbits, ch.bits, k))
    if not chans:
        return None
    if colour_kind is None:
        colour_kind = info.kind
    return bpe, ws, tuple(chans), _CLAMPS.get(colour_kind)


_DS_SIZES = {D32_FLOAT_S8X24_UINT: 8, D32_FLOAT: 4, D24_UNORM_S8_UINT: 4, D16_UNORM: 2}
_BLEND_KINDS = {bl.ZERO, bl.ONE, bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.DEST_ALPHA,
                bl.INV_DEST_ALPHA, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.SRC_ALPHA_SAT, bl.BLEND_FACTOR,
                bl.INV_BLEND_FACTOR} | set(bl.DUAL_SOURCE_FACTORS)
_OPS = {bl.OP_ADD, bl.OP_SUBTRACT, bl.OP_REV_SUBTRACT, bl.OP_MIN, bl.OP_MAX}


def om_key(om_state, rt_formats, ds_format, sample_count: int, *, written_targets: int = 0xFF,
           pretested: bool = False, omask: bool = False) -> OMKey | None:
    """The key of ``om_state`` (an output_merger.OMState-like object: blend, sample_mask, depth_stencil,
    dsv.flags) with render-target formats ``rt_formats`` (8 entries, None for unbound) and depth-stencil
    format ``ds_format`` (None: no DSV); None when the native merger does not build this state.

    ``written_targets``: bit i set when the pixel shader declares o<i> (others are left alone, §16.9.1);
    ``pretested``: depth/stencil already ran before the shader ([earlydepthstencil]); ``omask``: the
    shader writes oMask (the caller ANDs it into ``cov``; alpha-to-coverage is then off, as the reference)."""
    if sample_count not in (1, 2, 4, 8, 16):
        return None
    b = om_state.blend
    rts: list[RTKey | None] = []
    for i in range(8):
        fmt = rt_formats[i] if i < len(rt_formats) else None
        if fmt is None or not written_targets >> i & 1:
            rts.append(None)
            continue
        lay = rt_layout(int(fmt))
        if lay is None:
            return None
        rt = None if b is None else b.RenderTarget[i if b.IndependentBlendEnable else 0]
        integer = any(c.kind in ("uint", "sint") for c in lay[2])
        if integer and any(c.kind not in ("uint", "sint", "x") for c in lay[2]):
            return None  # mixed integer / float channels
        blend = None
        logic = None
        mask = 0xF
        if rt is not None:
            mask = int(rt.RenderTargetWriteMask) & 0xF
            if integer:
                # integer targets never blend; the logic op applies to them only (output_merger._write_color)
                if getattr(rt, "LogicOpEnable", False):
                    logic = int(rt.LogicOp)
                    if not 0 <= logic < 16:
                        return None
            elif rt.BlendEnable:
                blend = (int(rt.SrcBlend), int(rt.DestBlend), int(rt.BlendOp), int(rt.SrcBlendAlpha),
                         int(rt.DestBlendAlpha), int(rt.BlendOpAlpha))
                if not {blend[0], blend[1], blend[3], blend[4]} <= _BLEND_KINDS or not {blend[2], blend[5]} <= _OPS:
                    return None
        bpe, ws, chans, clamp = lay
        rts.append(RTKey(int(fmt), bpe, ws, chans, None if integer else clamp, blend, mask, integer, logic))
    ds = None
    desc = om_state.depth_stencil
    if ds_format is not None and desc is not None and not pretested:
        fmt = int(ds_format)
        if fmt not in _DS_SIZES:
            return None
        has_stencil = fmt in (D24_UNORM_S8_UINT, D32_FLOAT_S8X24_UINT)
        stencil = bool(desc.StencilEnable) and has_stencil
        flags = int(getattr(om_state.dsv, "flags", 0) or 0) if om_state.dsv is not None else 0
        if desc.DepthEnable or stencil:
            def face(fo) -> tuple[int, int, int, int]:
                return int(fo.StencilFailOp), int(fo.StencilDepthFailOp), int(fo.StencilPassOp), int(fo.StencilFunc)
            if int(desc.DepthFunc) not in cmpf.FUNCTIONS and desc.DepthEnable:
                return None
            f, bk = (face(desc.FrontFace), face(desc.BackFace)) if stencil else ((1, 1, 1, 8), (1, 1, 1, 8))
            if stencil and not all(1 <= o <= 8 for o in f + bk):
                return None
            ds = DSKey(fmt, bool(desc.DepthEnable), bool(desc.DepthEnable and desc.DepthWriteMask and not flags & 1),
                       int(desc.DepthFunc) if desc.DepthEnable else int(cmpf.ALWAYS), stencil, stencil and not flags & 2,
                       int(desc.StencilReadMask) & 0xFF if stencil else 0xFF,
                       int(desc.StencilWriteMask) & 0xFF if stencil else 0, f, bk)
    a2c = bool(b is not None and b.AlphaToCoverageEnable and not omask)
    return OMKey(tuple(rts), ds, a2c, int(om_state.sample_mask) & ((1 << sample_count) - 1), sample_count)


def om_registers(key: OMKey) -> int:
    """How many PS output registers ``colors`` must hold (o0 .. o(R-1)); zeros where the shader has none."""
    r = 1 if key.a2c else 0
    for i, rt in enumerate(key.rts):
        if rt is not None:
            r = max(r, i + 1)
            if rt.blend is not None and set(rt.blend) & bl.DUAL_SOURCE_FACTORS:
                r = max(r, 2)
    return r


def om_needs_face(key: OMKey) -> bool:
    """Whether the function reads the back-face bit (cov bit 31): two-sided stencil with differing faces."""
    return key.ds is not None and key.ds.stencil and key.ds.front != key.ds.back


def om_function(key: OMKey | None, lean: bool = False) -> tuple[str, str] | None:
    """LLVM IR text defining the merger function of ``key``, and its name (None for an unsupported key).

    ``lean``: the same function with its general bodies — every group of ``W`` distinct pixels through the
    masked gather/scatter body, a group with a repeated pixel and the tail lane by lane — and the wide
    full-coverage rows (large draws' common case: without them a quick build's frames ran 45 % slower), but none
    of the other row paths (quad pairs, fully covered pairs, two separate quads). Those paths are chosen by the
    lanes' positions and masks and compute what the general body computes for the same lanes (the same
    emitters, another memory access), so both texts give the same bits; the lean one is about half the machine
    code to generate: the quick first build of a cold variant (fused._compile, issue 12's first-draw latency),
    whose O2 rebuild compiles the full text."""
    if key is None:
        return None
    declares, body, name = _generate(key, lean)
    return "\n".join(sorted(declares)) + "\n\n" + body, name


def om_parts(key: OMKey | None) -> tuple[frozenset, str, str] | None:
    """The function of :func:`om_function` in parts, for a module holding several: (its intrinsic
    ``declare`` lines, to be emitted once per module; its definitions — internal globals and functions,
    all named after it; its name)."""
    if key is None:
        return None
    return _generate(key)


class _Body(LaneIR):
    """The merger body of ``W`` lanes starting at lane ``%i``: LaneIR plus the target row layouts."""

    def __init__(self, key: OMKey, w: int, name: str, decls: set[str], quad: tuple | None = None,
                 rmw: bool = False):
        super().__init__(w, name.rsplit("_", 1)[0], decls)  # the merger function's name: its globals carry it
        self.key, self.name = key, name
        self.quad = quad  # a row layout (PAIR / QUADS): target memory through row vector loads/stores
        # rows whose bytes are exactly their pixels (one element per pixel) are loaded whole and stored whole,
        # the lanes not written keeping the bytes just loaded: the same memory as the masked load/store (AVX2's
        # masked moves cost about three times a plain load, blend and store; AMD Zen 3, 2-pixel rows), valid
        # only where every pixel of the row exists and no other thread writes it meanwhile (the caller's check)
        self.rmw = rmw and quad is not None
        # row layouts: how each vector value was computed, so a row's start address is computed from its first
        # lane's scalars (extracting it from the vector of all lanes' addresses costs the whole vector
        # computation: 64-bit multiplies of every lane's coordinates, which AVX2 emulates)
        self.recipes: dict[str, tuple] = {}
        self.scalars: dict[tuple, str | None] = {}

    def bop(self, op: str, ty: str, a: str, b: str) -> str:
        r = super().bop(op, ty, a, b)
        if self.quad:
            self.recipes[r] = ("bop", op, ty, a, b)
        return r

    def cast(self, op: str, a: str, src: str, dst: str) -> str:
        r = super().cast(op, a, src, dst)
        if self.quad:
            self.recipes[r] = ("cast", op, a, src, dst)
        return r

    def splat_of(self, ty: str, scalar: str) -> str:
        r = super().splat_of(ty, scalar)
        if self.quad:
            self.recipes[r] = ("splat", scalar)
        return r

    def ptrs(self, base: str, off64: str) -> str:
        r = super().ptrs(base, off64)
        if self.quad:
            self.recipes[r] = ("gep", base, off64)
        return r

    def lane_load(self, arr: str, ty: str, size: int, index: str) -> str:
        r = super().lane_load(arr, ty, size, index)
        if self.quad:
            self.recipes[r] = ("lane", arr, ty, size, index)
        return r

    def scalar(self, name: str, lane: int) -> str | None:
        """Lane ``lane`` of vector ``name`` recomputed from scalars (the same operations on that lane's
        operands: the same value), or None where its computation is not known."""
        if name.startswith("splat ("):  # a constant splat: its scalar
            return name[len("splat ("):-1].split(" ", 1)[1]
        key = (name, lane)
        if key in self.scalars:
            return self.scalars[key]
        rec = self.recipes.get(name)
        out = None
        if rec is None:
            pass
        elif rec[0] == "splat":
            out = rec[1]
        elif rec[0] == "lane":
            _k, arr, ty, size, index = rec
            i = self.v(f"add i64 {index}, {lane}")
            out = self.v(f"load {ty}, ptr {self.v(f'getelementptr {ty}, ptr {arr}, i64 {i}')}, align {size}")
        else:
            args = [self.scalar(a, lane) for a in ((rec[3], rec[4]) if rec[0] == "bop" else
                                                  (rec[2],) if rec[0] == "cast" else (rec[2],))]
            if None not in args:
                if rec[0] == "bop":
                    out = self.v(f"{rec[1]} {rec[2]} {args[0]}, {args[1]}")
                elif rec[0] == "cast":
                    out = self.v(f"{rec[1]} {rec[3]} {args[0]} to {rec[4]}")
                else:
                    out = self.v(f"getelementptr i8, ptr {rec[1]}, i64 {args[0]}")
        self.scalars[key] = out
        return out

    def row_start(self, ptrs: str, lane: int) -> str:
        """The address of lane ``lane`` (a row's first pixel): from scalars where known."""
        return self.scalar(ptrs, lane) or self.v(f"extractelement <{self.w} x ptr> {ptrs}, i64 {lane}")

    def gather(self, ty: str, ptrs: str, m: str, stride: int | None = None) -> str:
        """LaneIR.gather; lanes ``stride`` bytes apart in a target are, in the quad-pair body (``self.quad``),
        two rows of four pixels, loaded with two masked vector loads instead of a gather."""
        if self.quad and stride is not None:
            return self._rows_load(ty, ptrs, m, stride)
        return super().gather(ty, ptrs, m, stride)

    def scatter(self, ty: str, val: str, ptrs: str, m: str, stride: int | None = None) -> None:
        if self.quad and stride is not None:
            self._rows_store(ty, val, ptrs, m, stride)
            return
        super().scatter(ty, val, ptrs, m, stride)

    # Row layouts of eight lanes whose pixels are known distinct (the fused rasterizer emits 2x2 quads): each
    # row is a run of pixels consecutive in one target row, read and written with one masked vector load/store.
    #: a quad pair: (x0, y0) + (0,0) (1,0) (0,1) (1,1) (2,0) (3,0) (2,1) (3,1) — two quads side by side
    PAIR = ((0, 1, 4, 5), (2, 3, 6, 7))
    #: two disjoint quads anywhere: lanes 0-3 one quad, lanes 4-7 another
    QUADS = ((0, 1), (2, 3), (4, 5), (6, 7))
    #: sixteen lanes: four quads side by side (two quad pairs, the second 4 pixels right of the first): two rows
    #: of eight pixels
    ROW4 = ((0, 1, 4, 5, 8, 9, 12, 13), (2, 3, 6, 7, 10, 11, 14, 15))

    def _row_mask(self, m: str, row: tuple, per: int) -> str:
        """The element mask of one row: each pixel's first element where its lane is in ``m``."""
        if per == 1 and not (len(row) == 2 and _pair_rows_by_shuffle()):
            # through the lane bits as an integer: runs of consecutive lanes are one shift and mask each (a
            # shuffle of <8 x i1> lowers to a long chain of mask-register shifts)
            bits = self.v(f"bitcast <{self.w} x i1> {m} to i{self.w}")
            acc = None
            j = 0
            while j < len(row):
                k = j
                while k + 1 < len(row) and row[k + 1] == row[k] + 1:
                    k += 1
                part = self.v(f"lshr i{self.w} {bits}, {row[j]}") if row[j] else bits
                part = self.v(f"and i{self.w} {part}, {(1 << (k - j + 1)) - 1}")
                if j:
                    part = self.v(f"shl i{self.w} {part}, {j}")
                acc = part if acc is None else self.v(f"or i{self.w} {acc}, {part}")
                j = k + 1
            n = len(row)
            return self.v(f"bitcast i{n} {self.v(f'trunc i{self.w} {acc} to i{n}')} to <{n} x i1>")
        idx = []
        for lane in row:
            idx += [str(lane)] + [str(self.w)] * (per - 1)  # w: an element of the all-false second operand
        return self.v(f"shufflevector <{self.w} x i1> {m}, <{self.w} x i1> zeroinitializer, <{len(idx)} x i32> "
                      f"<{', '.join('i32 ' + i for i in idx)}>")

    def _masked_decl(self, op: str, vt: str, ty: str, n: int) -> str:
        s = SUFFIX[ty]
        fn = f"@llvm.masked.{op}.v{n}{s}.p0"
        if op == "load":
            self.decls.add(f"declare {vt} {fn}(ptr, i32 immarg, <{n} x i1>, {vt})")
        else:
            self.decls.add(f"declare void {fn}({vt}, ptr, i32 immarg, <{n} x i1>)")
        return fn

    def _rows_load(self, ty: str, ptrs: str, m: str, stride: int) -> str:
        rows = self.quad
        per = stride // SIZES[ty]  # elements per pixel; the value is each pixel's first element
        n = len(rows[0]) * per
        vt = f"<{n} x {ty}>"
        vals = []
        if self.rmw and per == 1:
            # the whole row (the lanes not in ``m`` read their pixels' bytes instead of zero: nothing uses them)
            for row in rows:
                vals.append(self.v(f"load {vt}, ptr {self.row_start(ptrs, row[0])}, align 1"))
        else:
            fn = self._masked_decl("load", vt, ty, n)
            for row in rows:
                p = self.row_start(ptrs, row[0])
                vals.append(self.v(f"call {vt} {fn}(ptr {p}, i32 1, <{n} x i1> {self._row_mask(m, row, per)}, "
                                   f"{vt} zeroinitializer)"))
        width = n
        while len(vals) > 2:  # concatenate pairwise down to two vectors
            cat = "<" + ", ".join(f"i32 {i}" for i in range(2 * width)) + ">"
            vals = [self.v(f"shufflevector <{width} x {ty}> {vals[a]}, <{width} x {ty}> {vals[a + 1]}, "
                           f"<{2 * width} x i32> {cat}") for a in range(0, len(vals), 2)]
            width *= 2
        vt = f"<{width} x {ty}>"
        # lane l (pixel j of row r) sits at r * (row elements) + j * per of the concatenation
        pos = {}
        for r, row in enumerate(rows):
            for j, lane in enumerate(row):
                pos[lane] = r * len(row) * per + j * per
        order = ", ".join(f"i32 {pos[lane]}" for lane in range(self.w))
        return self.v(f"shufflevector {vt} {vals[0]}, {vt} {vals[1]}, <{self.w} x i32> <{order}>")

    def _rows_store(self, ty: str, val: str, ptrs: str, m: str, stride: int) -> None:
        rows = self.quad
        per = stride // SIZES[ty]
        n = len(rows[0]) * per
        vt = f"<{n} x {ty}>"
        whole = self.rmw and per == 1
        fn = None if whole else self._masked_decl("store", vt, ty, n)
        for row in rows:
            idx = []
            for lane in row:
                idx += [str(lane)] + ["undef"] * (per - 1)
            v = self.v(f"shufflevector <{self.w} x {ty}> {val}, <{self.w} x {ty}> poison, <{n} x i32> "
                       f"<{', '.join('i32 ' + i for i in idx)}>")
            p = self.row_start(ptrs, row[0])
            if whole:
                # the row read again just before (earlier stores of this body to it included) and written back
                # with the lanes of ``m`` replaced: the bytes of the other pixels are stored unchanged
                # the loaded row through freeze: LLVM turns a store of select(mask, v, load of the same row) back
                # into the masked store, which this avoids (freeze of a load is not folded away)
                old = self.v(f"freeze {vt} {self.v(f'load {vt}, ptr {p}, align 1')}")
                v = self.v(f"select <{n} x i1> {self._row_mask(m, row, per)}, {vt} {v}, {vt} {old}")
                self.e(f"store {vt} {v}, ptr {p}, align 1")
            else:
                self.e(f"call void {fn}({vt} {v}, ptr {p}, i32 1, <{n} x i1> {self._row_mask(m, row, per)})")

    def ctx_load(self, ty: str, field: str, extra: int = 0) -> str:
        p = self.v(f"getelementptr i8, ptr %ctx, i64 {_OFF[field] + extra}")
        return self.v(f"load {ty}, ptr {p}, align 4")


def _full_ok(key: OMKey) -> bool:
    """Whether the merger has a fully-covered quad-pair body (``_f``): one sample, no alpha to coverage (the
    dispatcher then knows from ``alive`` and ``cov`` alone that every lane writes, before any test)."""
    return key.samples == 1 and not key.a2c and bool(key.sample_mask & 1)


def _emit_body(key: OMKey, w: int, name: str, decls: set[str], quad: tuple | None = None, full: bool = False,
               rmw: bool = False) -> str:
    """An internal function ``i64 @name(ctx, i, n, x, y, cov, depth, colors, alive)`` applying lanes
    ``i .. i + w - 1``; returns the samples that passed. ``quad``: the lanes' row layout (_Body.PAIR/QUADS);
    ``full``: the caller checked that every lane is alive and covers its sample (_full_ok), so the lanes
    entering the tests are a constant all-true mask and the row loads/stores need no per-lane masks where no
    test removes lanes. ``rmw``: rows of one element per pixel are read and written whole (_Body.rmw; the caller
    checked that it may)."""
    B = _Body(key, w, name, decls, quad, rmw)
    t = B.t
    x = B.lane_load("%x", "i32", 4, "%i")
    y = B.lane_load("%y", "i32", 4, "%i")
    cov = B.lane_load("%cov", "i32", 4, "%i")
    alive = B.lane_load("%alive", "i8", 1, "%i")
    alive_m = B.icmp("ne", "i8", alive, "zeroinitializer")
    S = key.samples
    covm = B.bop("and", "i32", cov, B.sp("i32", key.sample_mask))

    def color(reg: int, comp: int) -> str:
        """o<reg>.<comp> bits as float."""
        idx = B.v(f"add i64 %i, {B.v(f'mul i64 %n, {reg * 4 + comp}')}")
        return B.asf(B.lane_load("%colors", "i32", 4, idx))

    if key.a2c:
        # output_merger._a2c_mask: count = clip(floor(nan_to_num(a) * S + 0.5), 0, S) in float64, mask 2^count - 1
        d = B.cast("fpext", color(0, 3), "float", "double")
        d = B.sel(B.v(f"fcmp uno {t('double')} {d}, {d}"), "double", B.sp("double", 0.0), d)
        d = B.bop("fadd", "double", B.bop("fmul", "double", d, B.sp("double", float(S))), B.sp("double", 0.5))
        decls.add(f"declare {t('double')} @llvm.floor.v{w}f64({t('double')})")
        d = B.v(f"call {t('double')} @llvm.floor.v{w}f64({t('double')} {d})")
        d = B.sel(B.v(f"fcmp olt {t('double')} {d}, {B.sp('double', 0.0)}"), "double", B.sp("double", 0.0), d)
        d = B.sel(B.v(f"fcmp ogt {t('double')} {d}, {B.sp('double', float(S))}"), "double",
                  B.sp("double", float(S)), d)
        count = B.cast("fptosi", d, "double", "i32")
        a2c = B.bop("sub", "i32", B.bop("shl", "i32", B.sp("i32", 1), count), B.sp("i32", 1))
        covm = B.bop("and", "i32", covm, a2c)
    x64 = B.cast("zext", x, "i32", "i64")
    y64 = B.cast("zext", y, "i32", "i64")
    counts = []
    for s in range(S):
        if full:
            live = B.sp("i1", "true")
        else:
            live = B.band(alive_m, B.icmp("ne", "i32", B.bop("and", "i32", covm, B.sp("i32", 1 << s)),
                                          "zeroinitializer"))
        passed = _emit_sample(B, key, s, live, x64, y64, cov, color)
        counts.append(B.cast("zext", passed, "i1", "i64"))
    cnt = counts[0]
    for c in counts[1:]:
        cnt = B.bop("add", "i64", cnt, c)
    decls.add(f"declare i64 @llvm.vector.reduce.add.v{w}i64({t('i64')})")
    total = B.v(f"call i64 @llvm.vector.reduce.add.v{w}i64({t('i64')} {cnt})")
    B.e(f"ret i64 {total}")
    head = (f"define internal i64 @{name}(ptr noalias %ctx, i64 %i, i64 %n, ptr noalias %x, ptr noalias %y, "
            f"ptr noalias %cov, ptr noalias %depth, ptr noalias %colors, ptr noalias %alive) alwaysinline {{\nentry:")
    return head + "\n" + "\n".join(B.lines) + "\n}\n"


def _emit_sample(B: _Body, key: OMKey, s: int, live: str, x64: str, y64: str, cov: str, color) -> str:
    """Depth/stencil and colour writes of sample ``s`` for the lanes ``live``; returns the lanes that passed."""
    t, w, decls = B.t, B.w, B.decls
    passed = live
    ds = key.ds
    if ds is not None:
        dptr = B.ctx_load("ptr", "ds")
        dpitch = B.splat_of("i64", B.ctx_load("i64", "ds_pitch"))
        size = _DS_SIZES[ds.format]
        off = B.bop("add", "i64", B.bop("mul", "i64", y64, dpitch), B.bop("mul", "i64", x64, B.sp("i64", size)))
        if s:
            off = B.bop("add", "i64", off, B.bop("mul", "i64", B.splat_of("i64", B.ctx_load("i64", "ds_sample_pitch")),
                                                 B.sp("i64", s)))
        p = B.ptrs(dptr, off)
        zi = B.v(f"add i64 %i, {B.v(f'mul i64 %n, {s}')}") if s else "%i"
        z = B.lane_load("%depth", "float", 4, zi)
        vmin = B.splat_of("float", B.ctx_load("float", "vp_min"))
        vmax = B.splat_of("float", B.ctx_load("float", "vp_max"))
        z = B.sel(B.fcmp("oge", z, vmin), "float", z, vmin)  # np.fmax: NaN -> vmin
        z = B.sel(B.fcmp("ole", z, vmax), "float", z, vmax)
        unorm = ds.format in (D24_UNORM_S8_UINT, D16_UNORM)
        if unorm:
            q = B.encode(Channel(0, 0, 0, 24 if ds.format == D24_UNORM_S8_UINT else 16, "unorm"), z)
        else:
            fa = B.v(f"call {t('float')} @llvm.fabs.v{w}f32({t('float')} {z})")
            decls.add(f"declare {t('float')} @llvm.fabs.v{w}f32({t('float')})")
            q = B.sel(B.fcmp("olt", fa, B.sp("float", 1.17549435e-38)), "float", B.sp("float", 0.0), z)
        sb = None
        if ds.format == D24_UNORM_S8_UINT:
            word = B.gather("i32", p, live, 4)
            stored = B.bop("and", "i32", word, B.sp("i32", 0xFFFFFF))
            sb = B.bop("lshr", "i32", word, B.sp("i32", 24))
        elif ds.format == D16_UNORM:
            stored = B.cast("zext", B.gather("i16", p, live, 2), "i16", "i32")
        elif ds.format == D32_FLOAT:
            stored = B.gather("float", p, live, 4)
        else:
            stored = B.gather("float", p, live, 8)
            ps = B.ptrs(dptr, B.bop("add", "i64", off, B.sp("i64", 4)))
            sb = B.cast("zext", B.gather("i8", ps, live, 8), "i8", "i32")

        def cmp(func: int, a: str, b: str, integer: bool) -> str:
            constant = cmpf.passes_constant(func)
            if constant is not None:
                return B.sp("i1", "true" if constant else "false")
            if integer:
                return B.icmp(cmpf.LLVM_ICMP[func], "i32", a, b)
            return B.fcmp(cmpf.LLVM_FCMP[func], a, b)

        dpass = cmp(ds.depth_func, q, stored, unorm) if ds.depth_enable else B.sp("i1", "true")
        spass = B.sp("i1", "true")
        new_s = None
        if ds.stencil:
            ref = B.bop("and", "i32", B.splat_of("i32", B.ctx_load("i32", "stencil_ref")), B.sp("i32", 0xFF))
            refm = B.bop("and", "i32", ref, B.sp("i32", ds.read_mask))
            sbm = B.bop("and", "i32", sb, B.sp("i32", ds.read_mask))

            def sop(op: int, v: str) -> str:
                if op == 1:
                    return v
                if op == 2:
                    return B.sp("i32", 0)
                if op == 3:
                    return ref
                if op == 4:
                    return B.sel(B.icmp("ult", "i32", v, B.sp("i32", 255)), "i32", B.bop("add", "i32", v, B.sp("i32", 1)),
                                 B.sp("i32", 255))
                if op == 5:
                    return B.sel(B.icmp("ugt", "i32", v, B.sp("i32", 0)), "i32", B.bop("sub", "i32", v, B.sp("i32", 1)),
                                 B.sp("i32", 0))
                if op == 6:
                    return B.bop("xor", "i32", v, B.sp("i32", 0xFF))
                if op == 7:
                    return B.bop("and", "i32", B.bop("add", "i32", v, B.sp("i32", 1)), B.sp("i32", 0xFF))
                return B.bop("and", "i32", B.bop("sub", "i32", v, B.sp("i32", 1)), B.sp("i32", 0xFF))

            def face(fo: tuple[int, int, int, int]) -> tuple[str, str]:
                fail, zfail, pss, func = fo
                test = cmp(func, refm, sbm, True)
                res = B.sel(dpass, "i32", sop(pss, sb), sop(zfail, sb))
                res = B.sel(test, "i32", res, sop(fail, sb))
                res = B.bop("or", "i32", B.bop("and", "i32", sb, B.sp("i32", ~ds.write_mask & 0xFF)),
                            B.bop("and", "i32", res, B.sp("i32", ds.write_mask)))
                return test, res

            ft, fr = face(ds.front)
            if ds.front != ds.back:
                bt, br = face(ds.back)
                back = B.icmp("slt", "i32", cov, "zeroinitializer")  # bit 31
                spass = B.sel(back, "i1", bt, ft)
                new_s = B.sel(back, "i32", br, fr)
            else:
                spass, new_s = ft, fr
        passed = B.band(live, B.band(dpass, spass))
        dwrite = ds.depth_enable and ds.depth_write
        swrite = ds.stencil and ds.stencil_write
        if dwrite or swrite:
            # written: depth where passed, stencil where covered (live); values unchanged elsewhere
            d_new = B.sel(passed, "float" if not unorm else "i32", q, stored) if dwrite else stored
            s_new = B.sel(live, "i32", new_s, sb) if swrite else sb
            m = live if swrite else passed
            if ds.format == D24_UNORM_S8_UINT:
                word = B.bop("or", "i32", B.bop("and", "i32", d_new, B.sp("i32", 0xFFFFFF)),
                             B.bop("shl", "i32", s_new, B.sp("i32", 24)))
                B.scatter("i32", word, p, m, 4)
            elif ds.format == D16_UNORM:
                B.scatter("i16", B.cast("trunc", d_new, "i32", "i16"), p, m, 2)
            elif ds.format == D32_FLOAT:
                B.scatter("float", d_new, p, m, 4)
            else:
                if dwrite:
                    B.scatter("float", d_new, p, passed, 8)
                if swrite:
                    B.scatter("i8", B.cast("trunc", s_new, "i32", "i8"), ps, live, 8)
    # colour targets
    for i, rt in enumerate(key.rts):
        if rt is None:
            continue
        _emit_rt(B, i, rt, x64, y64, passed, color, s)
    return passed


#: factors and their 1 - x forms: a lerp pair (X, INV_X) or (INV_X, X) blends s*f + d*fl(1 - f)
_LERP = {bl.SRC_ALPHA: bl.INV_SRC_ALPHA, bl.SRC_COLOR: bl.INV_SRC_COLOR, bl.DEST_ALPHA: bl.INV_DEST_ALPHA,
         bl.DEST_COLOR: bl.INV_DEST_COLOR, bl.BLEND_FACTOR: bl.INV_BLEND_FACTOR, bl.SRC1_COLOR: bl.INV_SRC1_COLOR,
         bl.SRC1_ALPHA: bl.INV_SRC1_ALPHA}
_LERP.update({v: k for k, v in list(_LERP.items())})


def unit_output(rt: RTKey, c: int) -> bool:
    """Whether the merger's value of component ``c`` of target ``rt`` before the encode is always a NaN or in
    [-0, 1] (the encode's clamp to 1 is then the identity: LaneIR.unorm_magic_bits ``unit``).

    For targets whose blend inputs are clamped to [0, 1] (UNORM: rt.clamp; §17.5 clamps the source and the blend
    factor, the destination decodes into [0, 1]): every factor value is a NaN or in [0, 1] (X, fl(1 - X),
    min(a, fl(1 - da)), 0, 1), every colour as well. Without blending the output is the clamped source. With op
    MIN / MAX it is one of the two operands (or a NaN). With op ADD: a ZERO factor makes its product +0 (or a NaN)
    and the other product s*f <= f <= 1 (rounding is monotonic, f is a float32); a lerp pair (X, INV_X) gives
    fl(fl(s*f) + fl(d*g)), g = fl(1 - f), which is at most fl(f + g) by monotonicity, and f + g = 1 + e with
    |e| <= ulp(1 - f)/2 <= 2^-25 below half an ulp of 1 (2^-24), so fl(f + g) <= 1. Any NaN operand gives a NaN.
    Nothing is negative except -0 (a product or sum of +-0 terms). Other factor pairs (ONE with a non-zero
    partner, two unrelated factors) and SUBTRACT / REV_SUBTRACT are not bounded this way: False."""
    if rt.clamp != (0.0, 1.0) or any(ch.kind != "unorm" for ch in rt.channels if ch.component is not None):
        return False
    if rt.blend is None:
        return True
    sb_, db_, op, sba, dba, opa = rt.blend
    fs, fd, o = (sba, dba, opa) if c == 3 else (sb_, db_, op)
    if o in (bl.OP_MIN, bl.OP_MAX):
        return True
    if o != bl.OP_ADD:
        return False
    return bl.ZERO in (fs, fd) or _LERP.get(fs) == fd


def _emit_rt(B: _Body, i: int, rt: RTKey, x64: str, y64: str, passed: str, color, s: int = 0) -> None:
    base = B.ctx_load("ptr", "rt", 8 * i)
    pitch = B.splat_of("i64", B.ctx_load("i64", "rt_pitch", 8 * i))
    off = B.bop("add", "i64", B.bop("mul", "i64", y64, pitch), B.bop("mul", "i64", x64, B.sp("i64", rt.bpe)))
    if s:
        off = B.bop("add", "i64", off, B.bop("mul", "i64", B.splat_of("i64", B.ctx_load("i64", "rt_sample_pitch", 8 * i)),
                                             B.sp("i64", s)))
    nwords = rt.bpe // rt.ws
    wt = word_type(rt.ws)
    wptrs = [B.ptrs(base, off if k == 0 else B.bop("add", "i64", off, B.sp("i64", k * rt.ws))) for k in range(nwords)]
    mask = rt.mask
    comps = {c.component for c in rt.channels if c.component is not None}
    need_dst = rt.blend is not None or rt.logic is not None or any(not mask >> c & 1 for c in comps)
    codes_old: dict[int, str] = {}
    dst: list[str] = []
    if need_dst:
        words = []
        for k in range(nwords):
            wv = B.gather(wt, wptrs[k], passed, rt.bpe)
            words.append(wv if wt == "i32" else B.cast("zext", wv, wt, "i32"))
        for ch in rt.channels:
            if ch.component is not None:
                codes_old[ch.component] = channel_code(B, ch, words)
        if rt.blend is not None:
            dec = {ch.component: B.decode(ch, codes_old[ch.component]) for ch in rt.channels if ch.component is not None}
            dst = [dec.get(c, B.sp("float", 1.0 if c == 3 else 0.0)) for c in range(4)]
    if rt.integer:
        _emit_int_codes(B, i, rt, codes_old, color, wptrs, wt, nwords, passed)
        return
    lo = hi = None
    if rt.clamp is not None:
        lo, hi = B.sp("float", rt.clamp[0]), B.sp("float", rt.clamp[1])

    def src_reg(reg: int) -> list[str]:
        vals = [color(reg, c) for c in range(4)]
        return [B.clip(v, lo, hi) for v in vals] if lo is not None else vals

    src = src_reg(i)
    out = src
    if rt.blend is not None:
        sb_, db_, op, sba, dba, opa = rt.blend
        src1 = src_reg(1) if set(rt.blend) & bl.DUAL_SOURCE_FACTORS else src
        bfs = []
        for c in range(4):
            f = B.splat_of("float", B.ctx_load("float", "blend_factor", 4 * c))
            bfs.append(B.clip(f, lo, hi) if lo is not None else f)
        cache: dict = {}
        per_channel = {bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.BLEND_FACTOR,
                       bl.INV_BLEND_FACTOR, bl.SRC1_COLOR, bl.INV_SRC1_COLOR}

        def factor(kind: int, c: int) -> str:
            """blend.factor4(kind)[:, c] (computed once per distinct value)."""
            k = (kind, c if kind in per_channel or kind == bl.SRC_ALPHA_SAT and c == 3 else -1)
            if k in cache:
                return cache[k]
            one = B.sp("float", 1.0)
            table = {
                bl.ZERO: lambda: B.sp("float", 0.0), bl.ONE: lambda: one,
                bl.SRC_COLOR: lambda: src[c], bl.INV_SRC_COLOR: lambda: B.fsub1(src[c]),
                bl.SRC_ALPHA: lambda: src[3], bl.INV_SRC_ALPHA: lambda: B.fsub1(src[3]),
                bl.DEST_ALPHA: lambda: dst[3], bl.INV_DEST_ALPHA: lambda: B.fsub1(dst[3]),
                bl.DEST_COLOR: lambda: dst[c], bl.INV_DEST_COLOR: lambda: B.fsub1(dst[c]),
                bl.SRC_ALPHA_SAT: lambda: one if c == 3 else B.min_prop(src[3], B.fsub1(dst[3])),
                bl.BLEND_FACTOR: lambda: bfs[c], bl.INV_BLEND_FACTOR: lambda: B.fsub1(bfs[c]),
                bl.SRC1_COLOR: lambda: src1[c], bl.INV_SRC1_COLOR: lambda: B.fsub1(src1[c]),
                bl.SRC1_ALPHA: lambda: src1[3], bl.INV_SRC1_ALPHA: lambda: B.fsub1(src1[3]),
            }
            r = cache[k] = table[kind]()
            return r

        out = []
        for c in range(4):
            fs, fd, o = (sba, dba, opa) if c == 3 else (sb_, db_, op)
            s, d = src[c], dst[c]
            if o == bl.OP_MIN:
                out.append(B.min_max(s, d, True))
            elif o == bl.OP_MAX:
                out.append(B.min_max(s, d, False))
            else:
                a = B.bop("fmul", "float", s, factor(fs, c))
                b = B.bop("fmul", "float", d, factor(fd, c))
                if o == bl.OP_ADD:
                    out.append(B.bop("fadd", "float", a, b))
                elif o == bl.OP_SUBTRACT:
                    out.append(B.bop("fsub", "float", a, b))
                else:
                    out.append(B.bop("fsub", "float", b, a))
        # blend.canonical_nan: a blended NaN is stored as 0x7FC00000 (only float channels keep NaN bits)
        for ch in rt.channels:
            c = ch.component
            if c is not None and ch.kind == "float":
                out[c] = B.sel(B.fcmp("uno", out[c], out[c]), "float", B.sp("float", float("nan")), out[c])
    # encode; masked-out channels keep their code (re-encoded where the format's round trip is not exact)
    words_new = [None] * nwords
    for ch in rt.channels:
        if ch.component is None:
            continue
        c = ch.component
        if mask >> c & 1:
            if B.magic_ok(ch) and 24 + ch.shift >= 8 * rt.ws:
                # the raw bits 0x4B000000 + code: the constant's bits (24 and up) leave the word when shifted or
                # truncated to it, and bits 16..23 are zero, so the code needs no mask here
                code = B.unorm_magic_bits(out[c], (1 << ch.bits) - 1, unit=unit_output(rt, c))
            elif B.magic_ok(ch):  # B.encode's form, with the clamp's upper bound left out where unit_output holds
                code = B.bop("and", "i32", B.unorm_magic_bits(out[c], (1 << ch.bits) - 1, unit=unit_output(rt, c)),
                             B.sp("i32", (1 << ch.bits) - 1))
            else:
                code = B.encode(ch, out[c])
        elif ch.kind == "snorm":  # two codes of -1.0: the reference re-encodes the decoded value
            code = B.encode(ch, B.decode(ch, codes_old[c]))
        else:
            code = codes_old[c]
        if ch.shift:
            code = B.bop("shl", "i32", code, B.sp("i32", ch.shift))
        cur = words_new[ch.word]
        words_new[ch.word] = code if cur is None else B.bop("or", "i32", cur, code)
    for k in range(nwords):
        wv = words_new[k] if words_new[k] is not None else B.sp("i32", 0)
        if wt != "i32":
            wv = B.cast("trunc", wv, "i32", wt)
        B.scatter(wt, wv, wptrs[k], passed, rt.bpe)


def _logic(B: _Body, op: int, s: str, d: str) -> str:
    """D3D11_LOGIC_OP ``op`` on i32 values (blend.LOGIC_OPS)."""
    ones = B.sp("i32", -1)

    def inv(v: str) -> str:
        return B.bop("xor", "i32", v, ones)

    table = {
        0: lambda: B.sp("i32", 0), 1: lambda: ones, 2: lambda: s, 3: lambda: inv(s), 4: lambda: d, 5: lambda: inv(d),
        6: lambda: B.bop("and", "i32", s, d), 7: lambda: inv(B.bop("and", "i32", s, d)),
        8: lambda: B.bop("or", "i32", s, d), 9: lambda: inv(B.bop("or", "i32", s, d)),
        10: lambda: B.bop("xor", "i32", s, d), 11: lambda: inv(B.bop("xor", "i32", s, d)),
        12: lambda: B.bop("and", "i32", s, inv(d)), 13: lambda: B.bop("and", "i32", inv(s), d),
        14: lambda: B.bop("or", "i32", s, inv(d)), 15: lambda: B.bop("or", "i32", inv(s), d),
    }
    return table[op]()


def _emit_int_codes(B: _Body, i: int, rt: RTKey, codes_old: dict, color, wptrs, wt: str, nwords: int,
                    passed: str) -> None:
    """UINT/SINT target: the PS bits clamped into each channel's range (formats.numerics.convert_int, the
    source's signedness the channel's), the logic op on the channel codes, masked channels kept."""
    words_new = [None] * nwords
    for ch in rt.channels:
        c = ch.component
        if c is None:
            continue
        if rt.mask >> c & 1:
            v = B.asi(color(i, c))
            n = ch.bits
            if n < 32:
                if ch.kind == "uint":
                    v = B.sel(B.icmp("ugt", "i32", v, B.sp("i32", (1 << n) - 1)), "i32", B.sp("i32", (1 << n) - 1), v)
                else:
                    hi, lo = (1 << (n - 1)) - 1, -(1 << (n - 1))
                    v = B.sel(B.icmp("sgt", "i32", v, B.sp("i32", hi)), "i32", B.sp("i32", hi), v)
                    v = B.sel(B.icmp("slt", "i32", v, B.sp("i32", lo)), "i32", B.sp("i32", lo), v)
                    v = B.bop("and", "i32", v, B.sp("i32", (1 << n) - 1))
            if rt.logic is not None:
                v = _logic(B, rt.logic, v, codes_old[c])
                if n < 32:
                    v = B.bop("and", "i32", v, B.sp("i32", (1 << n) - 1))
            code = v
        else:
            code = codes_old[c]
        if ch.shift:
            code = B.bop("shl", "i32", code, B.sp("i32", ch.shift))
        cur = words_new[ch.word]
        words_new[ch.word] = code if cur is None else B.bop("or", "i32", cur, code)
    for k in range(nwords):
        wv = words_new[k] if words_new[k] is not None else B.sp("i32", 0)
        if wt != "i32":
            wv = B.cast("trunc", wv, "i32", wt)
        B.scatter(wt, wv, wptrs[k], passed, rt.bpe)


def _key_name(key: OMKey) -> str:
    import hashlib

    return "om_" + hashlib.sha256(repr(key).encode()).hexdigest()[:16]


#: the coverage-word bit of the first lane of a row group (module docstring; fused_gen.row_marks): the caller vouches
#: for the group's positions and coverage, so the dispatcher tests only that its sixteen lanes are alive (bit 30: no
#: sample bit, 16 samples at most, nor the back-face bit 31)
ROW_MARK = 1 << 30


def _wide_check(name: str, call_args: str) -> list[str]:
    """Dispatcher blocks in front of the eight-lane checks: when sixteen lanes from ``%i`` are four quads side by
    side (rows of eight distinct pixels, _Body.ROW4), every lane alive and covering its sample, they go through
    the sixteen-lane full body ``_F`` at once; otherwise the eight-lane checks below take lane ``%i``."""
    V = f"<{WIDE} x i32>"
    dx = ", ".join(f"i32 {2 * (k // 4) + (k & 1)}" for k in range(WIDE))
    dy = ", ".join(f"i32 {(k >> 1) & 1}" for k in range(WIDE))
    return ["v16pre:",
            f"  %i16 = add i64 %i, {WIDE}",
            "  %fits = icmp ule i64 %i16, %nv",
            "  br i1 %fits, label %v16chk, label %vchk",
            "v16chk:",
            # every lane alive (a byte compare), then a row mark (the first lane's coverage word: the caller vouches
            # for the positions and coverage) or at its position and covering sample 0 (the lanes' differences OR-ed into
            # words, one test of the OR): fewer packs than a reduction of <16 x i1> masks, and each test a branch
            # of its own
            "  %wpa = getelementptr i8, ptr %alive, i64 %i",
            f"  %wal = load <{WIDE} x i8>, ptr %wpa, align 1",
            f"  %wdead = icmp eq <{WIDE} x i8> %wal, zeroinitializer",
            f"  %wdm = bitcast <{WIDE} x i1> %wdead to i{WIDE}",
            f"  %wok2 = icmp eq i{WIDE} %wdm, 0",
            "  br i1 %wok2, label %v16mark, label %vchk",
            "v16mark:",
            "  %wpc0 = getelementptr i32, ptr %cov, i64 %i",
            "  %wc0 = load i32, ptr %wpc0, align 4",
            f"  %wmb = and i32 %wc0, {ROW_MARK}",
            "  %wmk = icmp ne i32 %wmb, 0",
            "  br i1 %wmk, label %vF, label %v16pos",
            "v16pos:",
            "  %wpx = getelementptr i32, ptr %x, i64 %i",
            f"  %wkx = load {V}, ptr %wpx, align 4",
            "  %wpy = getelementptr i32, ptr %y, i64 %i",
            f"  %wky = load {V}, ptr %wpy, align 4",
            f"  %wx0 = shufflevector {V} %wkx, {V} poison, {V} zeroinitializer",
            f"  %wy0 = shufflevector {V} %wky, {V} poison, {V} zeroinitializer",
            f"  %wxe = add {V} %wx0, <{dx}>",
            f"  %wye = add {V} %wy0, <{dy}>",
            f"  %wdx = xor {V} %wkx, %wxe",
            f"  %wdy = xor {V} %wky, %wye",
            f"  %wd = or {V} %wdx, %wdy",
            "  %wpc = getelementptr i32, ptr %cov, i64 %i",
            f"  %wcv = load {V}, ptr %wpc, align 4",
            f"  %wcn = xor {V} %wcv, splat (i32 1)",
            f"  %wcb = and {V} %wcn, splat (i32 1)",
            f"  %wbad = or {V} %wd, %wcb",
            f"  %wlo = shufflevector {V} %wbad, {V} poison, <8 x i32> <{', '.join(f'i32 {j}' for j in range(8))}>",
            f"  %whi = shufflevector {V} %wbad, {V} poison, <8 x i32> <{', '.join(f'i32 {j}' for j in range(8, 16))}>",
            "  %wb8 = or <8 x i32> %wlo, %whi",
            "  %wz = icmp eq <8 x i32> %wb8, zeroinitializer",
            "  %wzm = bitcast <8 x i1> %wz to i8",
            "  %isF = icmp eq i8 %wzm, -1",
            "  br i1 %isF, label %vF, label %vchk",
            "vF:",
            f"  %cF = call i64 @{name}_F({call_args.format(i='%i')})",
            "  %accF = add i64 %acc, %cF",
            f"  %inextF = add i64 %i, {WIDE}",
            "  br label %vnF",
            "vnF:",
            "  br label %vh"]


@cache
def _generate(key: OMKey, lean: bool = False) -> tuple[frozenset, str, str]:
    name = _key_name(key)
    decls: set[str] = set()
    vec = _emit_body(key, W, name + "_v", decls)
    # (lean: om_function; the dispatcher below then goes from the lane loads straight to the repeated-pixel test)
    quad = _emit_body(key, W, name + "_q", decls, quad=_Body.PAIR) if not lean else ""
    full = (_emit_body(key, W, name + "_f", decls, quad=_Body.PAIR, full=True, rmw=ROW_RMW)
            if _full_ok(key) and not lean else "")
    wide = (_emit_body(key, WIDE, name + "_F", decls, quad=_Body.ROW4, full=True, rmw=ROW_RMW)
            if _full_ok(key) and WIDE else "")
    quads = _emit_body(key, W, name + "_d", decls, quad=_Body.QUADS) if not lean else ""
    # the partly covered layouts with whole rows, taken when the dispatcher finds the group's rows inside
    # OMContext.rows_w/rows_h
    quad_r = _emit_body(key, W, name + "_qr", decls, quad=_Body.PAIR, rmw=True) if ROW_RMW and not lean else ""
    quads_r = _emit_body(key, W, name + "_dr", decls, quad=_Body.QUADS, rmw=True) if ROW_RMW and not lean else ""
    one = _emit_body(key, 1, name + "_s", decls)
    args = "ptr %ctx, i64 %n, ptr %x, ptr %y, ptr %cov, ptr %depth, ptr %colors, ptr %alive"
    call_args = "ptr %ctx, i64 {i}, i64 %n, ptr %x, ptr %y, ptr %cov, ptr %depth, ptr %colors, ptr %alive"
    rot = []
    for r in range(1, W):
        rot.append("<" + ", ".join(f"i32 {(k + r) % W}" for k in range(W)) + ">")
    lines = [f"define void @{name}({args}) {{",
             "entry:",
             *([f"  %rwp = getelementptr i8, ptr %ctx, i64 {_OFF['rows_w']}",
                "  %rows_w = load i32, ptr %rwp, align 4",
                f"  %rhp = getelementptr i8, ptr %ctx, i64 {_OFF['rows_h']}",
                "  %rows_h = load i32, ptr %rhp, align 4"] if ROW_RMW else []),
             f"  %nv = and i64 %n, {-W}",
             "  br label %vh",
             "vh:",
             "  %i = phi i64 [ 0, %entry ], [ %inext, %vn ]" + (", [ %inextF, %vnF ]" if wide else ""),
             "  %acc = phi i64 [ 0, %entry ], [ %acc2, %vn ]" + (", [ %accF, %vnF ]" if wide else ""),
             "  %vc = icmp ult i64 %i, %nv",
             f"  br i1 %vc, label %{'v16pre' if wide else 'vchk'}, label %th",
             *(_wide_check(name, call_args) if wide else []),
             "vchk:",
             "  %px = getelementptr i32, ptr %x, i64 %i",
             f"  %kx = load <{W} x i32>, ptr %px, align 4",
             "  %py = getelementptr i32, ptr %y, i64 %i",
             f"  %ky = load <{W} x i32>, ptr %py, align 4"]
    if not lean:
        lines += [
             # a quad pair (two 2x2 quads side by side, _Body.PAIR): distinct pixels in two rows of four
             f"  %qx0 = shufflevector <{W} x i32> %kx, <{W} x i32> poison, <{W} x i32> zeroinitializer",
             f"  %qy0 = shufflevector <{W} x i32> %ky, <{W} x i32> poison, <{W} x i32> zeroinitializer",
             f"  %qxe = add <{W} x i32> %qx0, <i32 0, i32 1, i32 0, i32 1, i32 2, i32 3, i32 2, i32 3>",
             f"  %qye = add <{W} x i32> %qy0, <i32 0, i32 0, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1>",
             f"  %qxk = icmp eq <{W} x i32> %kx, %qxe",
             f"  %qyk = icmp eq <{W} x i32> %ky, %qye",
             f"  %qk = and <{W} x i1> %qxk, %qyk",
             f"  %isq = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %qk)",
             "  br i1 %isq, label %vqf, label %vquads",
             # a fully covered pair (every lane alive, sample 0 covered): the body without per-lane masks
             "vqf:",
             *(["  %fpa = getelementptr i8, ptr %alive, i64 %i",
                f"  %fal = load <{W} x i8>, ptr %fpa, align 1",
                f"  %fak = icmp ne <{W} x i8> %fal, zeroinitializer",
                "  %fpc = getelementptr i32, ptr %cov, i64 %i",
                f"  %fcv = load <{W} x i32>, ptr %fpc, align 4",
                f"  %fcb = and <{W} x i32> %fcv, splat (i32 1)",
                f"  %fck = icmp ne <{W} x i32> %fcb, zeroinitializer",
                f"  %fk = and <{W} x i1> %fak, %fck",
                f"  %isf = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %fk)",
                "  br i1 %isf, label %vf, label %vq",
                "vf:",
                f"  %cf = call i64 @{name}_f({call_args.format(i='%i')})",
                "  br label %vn"] if full else ["  br label %vq"]),
             "vq:",
             *(["  %qxs = extractelement <8 x i32> %kx, i64 0",
                "  %qys = extractelement <8 x i32> %ky, i64 0",
                "  %qxl = add i32 %qxs, 3",  # the pair's last column and row (unsigned: below 2^31)
                "  %qyl = add i32 %qys, 1",
                "  %qwin = icmp ult i32 %qxl, %rows_w",
                "  %qhin = icmp ult i32 %qyl, %rows_h",
                "  %qin = and i1 %qwin, %qhin",
                "  br i1 %qin, label %vqr, label %vqm",
                "vqr:",
                f"  %cqr = call i64 @{name}_qr({call_args.format(i='%i')})",
                "  br label %vn",
                "vqm:"] if ROW_RMW else []),
             f"  %cq = call i64 @{name}_q({call_args.format(i='%i')})",
             "  br label %vn",
             # two quads that do not overlap (lanes 0-3 and 4-7 each a 2x2 quad, origins 2 or more apart)
             "vquads:",
             f"  %ax = shufflevector <{W} x i32> %kx, <{W} x i32> poison, <{W} x i32> <i32 0, i32 0, i32 0, i32 0, "
             "i32 4, i32 4, i32 4, i32 4>",
             f"  %ay = shufflevector <{W} x i32> %ky, <{W} x i32> poison, <{W} x i32> <i32 0, i32 0, i32 0, i32 0, "
             "i32 4, i32 4, i32 4, i32 4>",
             f"  %axe = add <{W} x i32> %ax, <i32 0, i32 1, i32 0, i32 1, i32 0, i32 1, i32 0, i32 1>",
             f"  %aye = add <{W} x i32> %ay, <i32 0, i32 0, i32 1, i32 1, i32 0, i32 0, i32 1, i32 1>",
             f"  %axk = icmp eq <{W} x i32> %kx, %axe",
             f"  %ayk = icmp eq <{W} x i32> %ky, %aye",
             f"  %ak = and <{W} x i1> %axk, %ayk",
             f"  %isd = call i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1> %ak)",
             "  %x0s = extractelement <8 x i32> %kx, i64 0",
             "  %x4s = extractelement <8 x i32> %kx, i64 4",
             "  %y0s = extractelement <8 x i32> %ky, i64 0",
             "  %y4s = extractelement <8 x i32> %ky, i64 4",
             "  %dxs = sub i32 %x4s, %x0s",
             "  %dys = sub i32 %y4s, %y0s",
             "  %dxa = add i32 %dxs, 1",  # |dx| >= 2  <=>  dx + 1 outside [0, 2]
             "  %dya = add i32 %dys, 1",
             "  %farx = icmp ugt i32 %dxa, 2",
             "  %fary = icmp ugt i32 %dya, 2",
             "  %far = or i1 %farx, %fary",
             "  %okd = and i1 %isd, %far",
             "  br i1 %okd, label %vd, label %vdup",
             "vd:",
             *(["  %dxm = call i32 @llvm.umax.i32(i32 %x0s, i32 %x4s)",
                "  %dym = call i32 @llvm.umax.i32(i32 %y0s, i32 %y4s)",
                "  %dxl = add i32 %dxm, 1",  # the quads' last column and row
                "  %dyl = add i32 %dym, 1",
                "  %dwin = icmp ult i32 %dxl, %rows_w",
                "  %dhin = icmp ult i32 %dyl, %rows_h",
                "  %din = and i1 %dwin, %dhin",
                "  br i1 %din, label %vdr, label %vdm",
                "vdr:",
                f"  %cdr = call i64 @{name}_dr({call_args.format(i='%i')})",
                "  br label %vn",
                "vdm:"] if ROW_RMW else []),
             f"  %cd = call i64 @{name}_d({call_args.format(i='%i')})",
             "  br label %vn"]
    else:
        lines.append("  br label %vdup")
    lines += ["vdup:",
             f"  %ky16 = shl <{W} x i32> %ky, splat (i32 16)",
             f"  %k = or <{W} x i32> %ky16, %kx"]
    dups = []
    for r, mask in enumerate(rot):
        lines.append(f"  %r{r} = shufflevector <{W} x i32> %k, <{W} x i32> poison, <{W} x i32> {mask}")
        lines.append(f"  %e{r} = icmp eq <{W} x i32> %k, %r{r}")
        dups.append(f"%e{r}")
    acc = dups[0]
    for r, d in enumerate(dups[1:]):
        lines.append(f"  %o{r} = or <{W} x i1> {acc}, {d}")
        acc = f"%o{r}"
    decls.add(f"declare i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1>)")
    decls.add(f"declare i1 @llvm.vector.reduce.and.v{W}i1(<{W} x i1>)")
    decls.add("declare i32 @llvm.umax.i32(i32, i32)")
    lines += [f"  %dup = call i1 @llvm.vector.reduce.or.v{W}i1(<{W} x i1> {acc})",
              "  br i1 %dup, label %sh, label %vb",
              "vb:",
              f"  %cv = call i64 @{name}_v({call_args.format(i='%i')})",
              "  br label %vn",
              # a group with a repeated pixel: its lanes one by one, in order
              "sh:",
              "  %j = phi i64 [ %i, %vdup ], [ %jn, %sb ]",
              "  %sacc = phi i64 [ 0, %vdup ], [ %sacc2, %sb ]",
              f"  %jend = add i64 %i, {W}",
              "  %sc = icmp ult i64 %j, %jend",
              "  br i1 %sc, label %sb, label %vn",
              "sb:",
              f"  %cs = call i64 @{name}_s({call_args.format(i='%j')})",
              "  %sacc2 = add i64 %sacc, %cs",
              "  %jn = add i64 %j, 1",
              "  br label %sh",
              "vn:",
              "  %got = phi i64 [ %cv, %vb ], [ %sacc, %sh ]"
              + ("" if lean else ", [ %cq, %vqm ], [ %cqr, %vqr ], [ %cd, %vdm ], [ %cdr, %vdr ]" if ROW_RMW
                 else ", [ %cq, %vq ], [ %cd, %vd ]")
              + (", [ %cf, %vf ]" if full else ""),
              "  %acc2 = add i64 %acc, %got",
              f"  %inext = add i64 %i, {W}",
              "  br label %vh",
              # the tail
              "th:",
              "  %t = phi i64 [ %i, %vh ], [ %tn, %tb ]",
              "  %tacc = phi i64 [ %acc, %vh ], [ %tacc2, %tb ]",
              "  %tc = icmp ult i64 %t, %n",
              "  br i1 %tc, label %tb, label %done",
              "tb:",
              f"  %ct = call i64 @{name}_s({call_args.format(i='%t')})",
              "  %tacc2 = add i64 %tacc, %ct",
              "  %tn = add i64 %t, 1",
              "  br label %th",
              "done:",
              f"  %spp = getelementptr i8, ptr %ctx, i64 {_OFF['samples_passed']}",
              "  %old = atomicrmw add ptr %spp, i64 %tacc monotonic, align 8",
              "  ret void",
              "}"]
    declares = frozenset(d for d in decls if d.startswith("declare "))
    globals_ = sorted(d for d in decls if not d.startswith("declare "))
    bodies = (vec, quad, full, wide, quads, quad_r, quads_r, one)
    return declares, "\n".join(globals_) + "\n\n" + "\n".join(bodies) + "\n" + "\n".join(lines) + "\n", name
