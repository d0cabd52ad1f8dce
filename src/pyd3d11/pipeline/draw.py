"""One draw through the graphics pipeline: IA -> VS -> clip -> setup -> rasterizer -> PS -> OM.

Everything here works on plain snapshots (DESIGN §2): :class:`GraphicsState` holds storages, view
descriptors, state descs and ir.Programs, never COM objects. Work is batched per draw (vertices) and
per chunk of quads (pixels); fragments reach the output merger in primitive order.
"""

from __future__ import annotations

import dataclasses
import os
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..headers.d3d11_enums import D3D11_CULL_MODE, D3D11_FILL_MODE
from ..shader import ir
from ..shader.exec import run_program
from ..shader.exec.bindings import Bindings
from ..shader.native.pool import threads as pool_threads
from . import front_chunks, front_memo
from . import primitives as prim
from .domain import run_domain_shader
from .geometry import PreRaster, gs_accepts_topology, run_pre_raster_stages
from .hull import hull_info, run_hull_shader
from .input_assembler import (
    DrawArgs,
    IndexBufferBinding,
    InputElement,
    VertexBufferBinding,
    build_stream,
    fetch_vertices,
    read_indices,
    strip_cut_value,
)
from .interpolate import Interpolator, centroid_offsets, lane_location
from .native import fused, fused_replay
from .output_merger import OMState, OutputMerger, PixelFragments
from .pull_model import PullModel, PullModelHooks, uses_pull_model
from .rasterizer import (
    D3D11_STANDARD_MULTISAMPLE_PATTERN,
    SUBPIXEL_ONE,
    QuadFragments,
    rasterize_triangles,
    sample_offsets,
)
from .setup import pixel_bounds, prepare_lines, prepare_points, prepare_triangles
from .shader_io import (
    EARLY_DEPTH_STENCIL_FLAG,
    component_list,
    global_flags,
    input_decls,
    memo,
    output_decls,
    read_input_components,
    uses_sample_frequency,
)
from .tessellator import tessellate_patches

SN = ir.SystemName
IM = ir.InterpolationMode
OT = ir.OperandType

FILL_SOLID = int(D3D11_FILL_MODE.D3D11_FILL_SOLID)  # the rasterizer state's defaults (D3D11_RASTERIZER_DESC)
CULL_BACK = int(D3D11_CULL_MODE.D3D11_CULL_BACK)

# Lanes per pixel-shader batch (bounds memory of the register files).
_PS_BATCH_LANES = 1 << 18

#: Overlap the output merger of batch k with the pixel shading of batch k+1 on a second thread (numpy
#: releases the GIL in its array loops). The merger still takes batches one at a time in submission
#: order, so results do not depend on it. Opt-in (PYD3D11_THREADS=2 or more): on the shared 2-core
#: machine of session 4 it cost ~14% more CPU time on S5 and its wall-time gain could not be measured.
OVERLAP_OM = int(os.environ.get("PYD3D11_THREADS", "1") or 1) >= 2
_om_pool: ThreadPoolExecutor | None = None


def _om_worker() -> ThreadPoolExecutor:
    global _om_pool
    if _om_pool is None:
        _om_pool = ThreadPoolExecutor(1, thread_name_prefix="pyd3d11-om")
    return _om_pool


@dataclass(slots=True)
class StageState:
    program: ir.Program
    bindings: Bindings = field(default_factory=Bindings)


@dataclass(slots=True)
class RasterizerState:
    FillMode: int = FILL_SOLID
    CullMode: int = CULL_BACK
    FrontCounterClockwise: bool = False
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: bool = True
    ScissorEnable: bool = False
    MultisampleEnable: bool = False
    AntialiasedLineEnable: bool = False
    ForcedSampleCount: int = 0


@dataclass(slots=True)
class Viewport:
    TopLeftX: float = 0.0
    TopLeftY: float = 0.0
    Width: float = 0.0
    Height: float = 0.0
    MinDepth: float = 0.0
    MaxDepth: float = 0.0


@dataclass(slots=True)
class GraphicsState:
    topology: int = 0
    vertex_buffers: list[VertexBufferBinding] = field(default_factory=list)
    index_buffer: IndexBufferBinding | None = None
    elements: list[InputElement] = field(default_factory=list)
    vs: StageState | None = None
    hs: StageState | None = None
    ds: StageState | None = None
    gs: StageState | None = None
    ps: StageState | None = None
    rasterizer: Any = field(default_factory=RasterizerState)
    viewports: list[Any] = field(default_factory=list)
    scissors: list[tuple[int, int, int, int]] = field(default_factory=list)
    om: OMState = field(default_factory=OMState)
    sample_count: int = 1
    sample_quality: int = 0
    sampling_hooks: Any = None  # texture-sampling implementation for the executor
    so_declaration: Any = None  # pipeline.stream_output.SODeclaration of the bound GS (or None)
    #: debugging hook (pyd3d11.debug): an object whose ``run_vs(program, n, stream, **kw)`` and
    #: ``run_ps(program, n, lanes, **kw)`` run the vertex / pixel shader in place of ``run_program``, and
    #: optionally ``run_stage(stage, compiled, state, ident)`` the GS/HS/DS (pipeline.hull.StageRunner)
    stage_runner: Any = None
    #: debugging hook (pyd3d11.debug.pixel_history): a subclass of OutputMerger used in its place
    output_merger: Any = None
    #: debugging hook (pyd3d11.debug.pixel_history's what-if replays): system values whose tests are turned off,
    #: any of "clip_distance" (SV_ClipDistance, §15.4) and "cull_distance" (SV_CullDistance)
    relax: frozenset = frozenset()
    so_targets: list[Any] = field(default_factory=lambda: [None] * 4)  # stream_output.SOTarget per slot
    #: the api's draw plan this snapshot was built from (api/draw_plan.py): the same object for draws whose
    #: snapshot is the same bound objects and values (compared by identity: pipeline/native/fused_replay.py);
    #: None where no such promise is made
    plan: Any = None


@dataclass(slots=True)
class DrawStats:
    """Counts for queries (PIPELINE_STATISTICS, OCCLUSION)."""

    ia_vertices: int = 0
    ia_primitives: int = 0
    vs_invocations: int = 0
    c_invocations: int = 0
    c_primitives: int = 0
    ps_invocations: int = 0
    samples_passed: int = 0
    gs_invocations: int = 0
    gs_primitives: int = 0
    hs_invocations: int = 0
    ds_invocations: int = 0
    so: list[Any] = field(default_factory=list)  # stream_output.SOStreamResult per streamed-out stream


#: IA vertices one pass of a draw handles: larger draws (Draw(0xFFFFFFFF), 100,000 instances) run as
#: consecutive passes of whole primitives, so temporaries are bounded by this, not by the arguments.
PASS_VERTICES = 1 << 16
_DEFAULT_PASS_VERTICES = PASS_VERTICES
#: passes of a list topology's instance are this many times longer on the native front end (its per-vertex
#: temporaries are a few words, against the reference's per-register float arrays): each pass costs a fixed
#: part (vertex-shader launch, setup, binning, plane tables, tile start; ~1.5 ms) paid a quarter as often
#: (S2: 10 -> 3 passes, ~15 % less CPU per frame). A PASS_VERTICES set to another value is used as is.
NATIVE_LIST_PASS_SCALE = 4
#: ... and with more worker threads, that many times (up to this): a pass's fixed part runs mostly on the drawing
#: thread while the workers wait (the next pass's row jobs queue behind the previous pass's tiles), and the
#: parallel part shrinks with the thread count, so a pass must grow with it to keep the fixed part's share. On the
#: 16-core device (session 36, alternating runs) S2 at 16 threads: 3 passes 35-38 ms a frame, 2 passes 30-31, one
#: pass 23-25; at 8 threads 3 passes 37-40, one pass 27-30; at 4 and 2 threads one pass was no faster (no gain
#: past the overlap the shorter passes give)
NATIVE_LIST_PASS_THREADS_MAX = 16


def draw(state: GraphicsState, args: DrawArgs, queue: bool = False) -> DrawStats:
    """Execute one draw call (§8–§17), in bounded passes of whole primitives when it is large.

    Passes split at instance boundaries, and inside an instance of a list topology at primitive
    boundaries (strip cuts of indexed lists respected), and inside an instance of a line/triangle strip
    (with or without adjacency) at vertices shared by consecutive passes (see :func:`_draw_strip_passes`,
    :func:`_draw_strip_adj_passes`); SV_InstanceID / SV_PrimitiveID continue across passes and each
    pass's output merges in primitive order, so the result is that of one pass. Stream output appends pass by
    pass (each pass advances BufferFilledSize; a primitive is written whole or, once a buffer is full, not at
    all, as in one pass). A non-indexed triangle draw whose vertices past some index are
    all identical (every fetch out of bounds, no SV_VertexID, no side effects) shades one of the
    identical zero-area triangles and counts the rest (§8.6 out-of-bounds fetch gives equal inputs)."""
    total = args.vertex_count * max(args.instance_count, 0)
    single = total <= PASS_VERTICES or state.vs is None
    if single and queue and fused.QUEUE_DRAWS and state.vs is not None:
        if state.plan is not None:
            # the previous draw of this snapshot left what its path derived (pipeline/native/fused_replay.py)
            got = fused_replay.draw(state, args)
            if got is not None:
                return got
        if _may_defer_passes(state, scene=True):
            # The draw's tiles may keep running after it returns, until the next draw's tiles start or anything
            # else could see them (pipeline/native/fused.py queue_pending); its pixel counts arrive then. The
            # previous draw's queued tiles run while this one's front end does: what it reads of their targets
            # goes through ResourceStorage.data, which joins them first.
            fused_replay.begin()
            prev = fused.defer_passes(True, scene=True)
            try:
                stats = _draw_pass(state, args)
            finally:
                fused.defer_passes(prev, queue=True)
            fused_replay.end(state, args)
            return stats
    fused.join()  # a queued draw's tiles finish before this draw starts
    if single:
        return _draw_pass(state, args)
    stats = DrawStats()
    k = prim.vertices_per_primitive(state.topology)
    listy = prim.is_list(state.topology) and k > 0
    vc = args.vertex_count
    if vc > PASS_VERTICES and (state.topology in _STRIP_OVERLAP or state.topology == prim.TRIANGLESTRIP_ADJ):
        strip = _draw_strip_adj_passes if state.topology == prim.TRIANGLESTRIP_ADJ else _draw_strip_passes
        for i in range(args.instance_count):
            sub = _replace(args, instance_count=1, instance_id_base=args.instance_id_base + i)
            _merge(stats, strip(state, sub))
        return stats
    if vc <= PASS_VERTICES or not listy:
        per = max(1, PASS_VERTICES // max(vc, 1)) if vc <= PASS_VERTICES else 1
        for i0 in range(0, args.instance_count, per):
            n = min(per, args.instance_count - i0)
            sub = _replace(args, instance_count=n, instance_id_base=args.instance_id_base + i0)
            if vc > PASS_VERTICES and listy:
                _merge(stats, _draw_list_passes(state, sub, k))
            else:
                _merge(stats, _draw_pass(state, sub))
        return stats
    for i in range(args.instance_count):
        sub = _replace(args, instance_count=1, instance_id_base=args.instance_id_base + i)
        _merge(stats, _draw_list_passes(state, sub, k))
    return stats


def _replace(args: DrawArgs, **kw: int) -> DrawArgs:
    fields = {f: getattr(args, f) for f in DrawArgs.__slots__}
    fields.update(kw)
    return DrawArgs(**fields)


def _merge(total: DrawStats, part: DrawStats) -> None:
    for name in DrawStats.__slots__:
        if name == "so":
            total.so.extend(part.so)
        else:
            setattr(total, name, getattr(total, name) + getattr(part, name))


def _draw_list_passes(state: GraphicsState, args: DrawArgs, k: int) -> DrawStats:
    """One instance of a list topology in passes of whole primitives (``k`` vertices each)."""
    stats = DrawStats()
    tail = _identical_tail(state, args, k)
    vc = args.vertex_count if tail is None else tail
    step = list_pass_step(vc, k, _native_front_end())
    # Passes whose front end reads nothing the pixel stage writes leave their tiles rasterizing while the
    # next pass is set up (pipeline/native/fused.py); their pixel counts arrive when they are joined.
    defer = _may_defer_passes(state)
    parts: list[DrawStats] = []
    prev = fused.defer_passes(True) if defer else False
    try:
        chunks = _front_chunks(state, args, k, vc, step) if defer else None
        if chunks is not None:
            pos, prims = _chunked_passes(state, args, k, vc, chunks, parts)
        else:
            pos, prims = _list_passes(state, args, k, vc, step, parts)
    finally:
        if defer:
            fused.defer_passes(prev)
    for part in parts:
        _merge(stats, part)
    if tail is not None and args.vertex_count > tail:
        # the rest are copies of one zero-area triangle: shade one, count them all
        rest = (args.vertex_count - tail) // k
        one = _draw_pass(state, _pass_args(args, tail, k, prims))  # non-indexed (see _identical_tail)
        for name in ("ia_primitives", "c_invocations", "c_primitives"):
            setattr(stats, name, getattr(stats, name) + getattr(one, name) * rest)
        stats.ia_vertices += args.vertex_count - tail
        stats.vs_invocations += args.vertex_count - tail
    return stats


def list_pass_step(vc: int, k: int, native: bool) -> int:
    """Vertices per pass (a multiple of ``k``) of a list instance of ``vc`` vertices: at most PASS_VERTICES (on the
    native front end, with the default PASS_VERTICES, NATIVE_LIST_PASS_SCALE or the worker-thread count times it,
    the larger, up to NATIVE_LIST_PASS_THREADS_MAX times), in as few passes as that allows, of equal length (the
    last shorter by less than a pass): two passes of 300,000 vertices rather than 524,288 and 75,712, whose
    second pass would leave most workers idle while its front end runs."""
    most = PASS_VERTICES
    if most == _DEFAULT_PASS_VERTICES and native:
        most *= max(NATIVE_LIST_PASS_SCALE, min(pool_threads(), NATIVE_LIST_PASS_THREADS_MAX))
    most = max(most - most % k, k)
    passes = max(1, -(-vc // most))
    step = -(-vc // passes)
    return min(most, -(-step // k) * k)


def _native_front_end() -> bool:
    from .native import frontend

    return frontend.active()


def _front_chunks(state: GraphicsState, args: DrawArgs, k: int, vc: int, step: int) -> int | None:
    """Vertices per chunk of the parallel front end (pipeline/front_chunks.py) for this instance of a list
    draw whose passes may be deferred, or None. Chunks start at multiples of the chunk size, so each chunk's
    first SV_PrimitiveID is its start / k: indexed draws qualify only without strip-cut indices."""
    if not (fused.ENABLED and _native_front_end()):
        return None
    c = front_chunks.chunk_vertices(vc, k, step, args.indexed)
    if c is None:
        return None
    if args.indexed and state.index_buffer is not None and _last_cut(state, args, 0, vc) is not None:
        return None
    return c


def _chunked_passes(state: GraphicsState, args: DrawArgs, k: int, vc: int, chunk: int,
                    parts: list[DrawStats]) -> tuple[int, int]:
    """The passes of :func:`_draw_list_passes` as chunks of ``chunk`` vertices whose front ends run in
    parallel (pipeline/front_chunks.py); returns (vertices done, primitives assembled)."""
    starts = list(range(0, vc, chunk))

    def one(i: int) -> DrawStats:
        pos = starts[i]
        return _draw_pass(state, _pass_args(args, pos, min(chunk, vc - pos), pos // k))

    def rest(i: int) -> list[DrawStats]:
        return [one(j) for j in range(i, len(starts))]

    got = front_chunks.run(len(starts), one, rest)
    parts.extend(got)
    return vc, sum(p.ia_primitives for p in got)


def _list_passes(state: GraphicsState, args: DrawArgs, k: int, vc: int, step: int,
                 parts: list[DrawStats]) -> tuple[int, int]:
    """The passes of :func:`_draw_list_passes` up to vertex ``vc``; each pass's stats appended to ``parts``.
    Returns (vertices done, primitives assembled)."""
    pos, prims = 0, 0
    while pos < vc:
        n = min(step, vc - pos)
        if args.indexed:
            # a strip-cut index restarts primitive assembly: end the pass where the count since the last
            # cut is a whole number of primitives, so the next pass starts in step
            if state.index_buffer is not None and pos + n < vc:
                cut = _last_cut(state, args, pos, n)
                since = n - (cut + 1 if cut is not None else 0)
                n -= since % k
                if n == 0:
                    n = min(step, vc - pos)  # no boundary inside: take it whole (bounded by step)
        else:
            n -= n % k if pos + n < vc else 0
        part = _draw_pass(state, _pass_args(args, pos, n, prims))
        prims += part.ia_primitives
        parts.append(part)
        pos += n
    return pos, prims


#: set False (or ``PYD3D11_DEFER_PASSES=0``) to join every pass's tiles before the next pass starts (tests
#: compare both; the variable lets bench/thread_scaling.py's subprocesses measure both)
DEFER_PASSES = os.environ.get("PYD3D11_DEFER_PASSES", "1") != "0"


def after_draw_work(fn) -> None:
    """Call ``fn`` once the last draw's work is finished: at once, or when its queued tiles are joined (a draw
    with ``queue=True`` may return first; its pixel-shader invocations and samples are complete only then)."""
    fused.after_queued(fn)


def _may_defer_passes(state: GraphicsState, scene: bool = False) -> bool:
    """Whether a pass's tiles may still run while the next pass's front end runs: nothing the pixel stage
    writes (render targets, depth-stencil; UAVs: none bound) is read by the vertex front end (vertex/index
    buffers, the vertex shader's views; constant buffers are copies taken when the draw started), and no
    debugging hook watches the order of the stages."""
    if not DEFER_PASSES or (pool_threads() < 2 and not (scene and fused.SCENES)):
        # one thread: no worker to overlap with; the tiles would only run later — unless the draw may join a
        # scene (``scene``: a single-pass queued draw; pipeline/native/scene.py), which runs each tile through
        # several draws while it is in cache
        return False
    if (state.stage_runner is not None or state.output_merger is not None or state.gs is not None
            or state.hs is not None or state.ds is not None or state.so_declaration is not None):
        return False
    if state.ps is not None and any(state.ps.bindings.uavs):
        return False
    written = {id(v.storage) for v in list(state.om.rtvs) + [state.om.dsv] if v is not None}
    read = [vb.storage for vb in state.vertex_buffers if vb is not None and vb.storage is not None]
    if state.index_buffer is not None and state.index_buffer.storage is not None:
        read.append(state.index_buffer.storage)
    b = state.vs.bindings
    # (filter: the bound slots of the 128 + 64 at C speed; views are objects, empty slots None)
    read.extend(v.storage for v in filter(None, b.srvs))
    read.extend(v.storage for v in filter(None, b.uavs))
    return not any(id(st) in written for st in read)


#: strip topologies drawn in passes: vertices consecutive passes share (a primitive's vertex count - 1)
_STRIP_OVERLAP = {prim.LINESTRIP: 1, prim.TRIANGLESTRIP: 2, prim.LINESTRIP_ADJ: 3}


def _draw_strip_passes(state: GraphicsState, args: DrawArgs) -> DrawStats:
    """One instance of a strip topology in passes (§8.13): a pass ends either just after a strip-cut index
    (the next one starts a new strip) or mid-strip, and then the next pass starts ``overlap`` vertices
    before its end, so every primitive is assembled by exactly one pass. A triangle strip restarts its
    winding parity at each pass start, so mid-strip passes start an even number of vertices after the
    strip's start. The shared vertices are fetched and shaded twice but counted once (IAVertices,
    VSInvocations)."""
    stats = DrawStats()
    overlap = _STRIP_OVERLAP[state.topology]
    parity = 2 if state.topology == prim.TRIANGLESTRIP else 1
    vc = args.vertex_count
    cuts = args.indexed and state.index_buffer is not None
    pos, prims, strip_start, shared = 0, 0, 0, 0
    while pos < vc:
        n = min(PASS_VERTICES, vc - pos)
        ends_after_cut = False
        if pos + n < vc and cuts:
            cut = _last_cut(state, args, pos, n)
            if cut is not None:
                n = cut + 1
                ends_after_cut = True
        if pos + n < vc and not ends_after_cut:
            # continue mid-strip: the next pass starts at pos + n - overlap, at the strip's parity
            n -= (pos + n - overlap - strip_start) % parity
        prims += _strip_pass(state, args, pos, n, prims, shared, stats)
        if pos + n >= vc:
            break
        if ends_after_cut:
            pos += n
            strip_start, shared = pos, 0
        else:
            pos += n - overlap
            shared = overlap
    return stats


def _strip_pass(state: GraphicsState, args: DrawArgs, pos: int, n: int, prims: int, shared: int, stats: DrawStats,
                trim: tuple[int, int] = (0, 0)) -> int:
    """Draw vertices [pos, pos + n) of a strip as one pass whose first ``shared`` vertices the previous pass
    already counted (IAVertices and VSInvocations count each vertex once); add its statistics to ``stats`` and
    return the primitives it assembled."""
    part = _draw_pass(state, _pass_args(args, pos, n, prims), trim=trim)
    part.ia_vertices -= shared
    part.vs_invocations -= shared
    _merge(stats, part)
    return part.ia_primitives


#: vertices a triangle-strip-with-adjacency pass takes at least, so that a mid-strip pass (one leading and one
#: trailing triangle assembled with the wrong neighbours and dropped) still emits triangles of its own
_ADJ_STRIP_MIN_PASS = 16


def _draw_strip_adj_passes(state: GraphicsState, args: DrawArgs) -> DrawStats:
    """One instance of a triangle strip with adjacency in passes (§8.13 figure 8.x: triangle j of a strip uses
    vertices 2j, 2j+2, 2j+4 with neighbours 2j-2 — 2j+1 for the strip's first triangle —, 2j+3 and 2j+6 —
    2j+5 for the strip's last —, and odd triangles reverse the winding).

    A pass that ends mid-strip assembles its last triangle as a strip end (neighbour 2j+5), and a pass that
    starts mid-strip its first as a strip start (neighbour 2j+1): those are dropped (``trim``) and assembled
    again, with their true neighbours, by the neighbouring pass. A mid-strip pass starts a multiple of four
    vertices after the strip's start, so its triangles keep their parity, one or two triangles before the
    first triangle it keeps. A pass that contains a strip-cut index ends just after the last one, like the
    other strips. Shared vertices are shaded twice and counted once (IAVertices, VSInvocations)."""
    stats = DrawStats()
    vc = args.vertex_count
    cuts = args.indexed and state.index_buffer is not None
    step = max(PASS_VERTICES, _ADJ_STRIP_MIN_PASS)
    pos, prims, strip_start, shared, head = 0, 0, 0, 0, 0
    while pos < vc:
        n = min(step, vc - pos)
        mid = pos + n < vc
        if mid and cuts:
            cut = _last_cut(state, args, pos, n)
            if cut is not None:
                n, mid = cut + 1, False
        prims += _strip_pass(state, args, pos, n, prims, shared, stats, trim=(head, 1 if mid else 0))
        if pos + n >= vc:
            break
        if not mid:
            pos += n
            strip_start, shared, head = pos, 0, 0
            continue
        # the pass is one segment (no cut inside) holding local triangles 0 .. (n-4)//2 - 1; it kept them
        # up to the last but one: global triangle ``last`` of the strip
        last = (pos - strip_start) // 2 + (n - 4) // 2 - 2
        first = last - last % 2  # the next pass starts at triangle ``first`` (even: same parity)
        nxt = strip_start + 2 * first
        head = last + 1 - first
        shared = pos + n - nxt
        pos = nxt
    return stats


def _pass_args(args: DrawArgs, pos: int, n: int, prims: int) -> DrawArgs:
    """The arguments of one pass: ``n`` vertices from position ``pos`` of the draw (an index position when
    indexed), ``prims`` primitives before it (SV_PrimitiveID continues); SV_VertexID continues in
    non-indexed draws."""
    if args.indexed:
        return _replace(args, vertex_count=n, primitive_id_base=args.primitive_id_base + prims,
                        start_index=args.start_index + pos)
    return _replace(args, vertex_count=n, primitive_id_base=args.primitive_id_base + prims,
                    start_vertex=args.start_vertex + pos, vertex_id_base=args.vertex_id_base + pos)


def _last_cut(state: GraphicsState, args: DrawArgs, pos: int, n: int) -> int | None:
    """Position (0..n-1) of the last strip-cut index among the draw's indices pos..pos+n-1, or None."""
    idx = read_indices(state.index_buffer, args.start_index + pos, n)
    cuts = np.nonzero(idx == strip_cut_value(state.index_buffer))[0]
    return int(cuts[-1]) if cuts.size else None


def _identical_tail(state: GraphicsState, args: DrawArgs, k: int) -> int | None:
    """First vertex (a multiple of ``k``) from which every vertex of a non-indexed triangle-list draw
    shades identically, or None: needs a vertex shader without SV_VertexID and UAV writes, no GS /
    tessellation / stream output, and every per-vertex element's fetch past its buffer end from there
    on without the 32-bit address wrapping back into the buffer."""
    if (args.indexed or state.topology != prim.TRIANGLELIST or state.gs is not None or state.hs is not None or state.ds is not None
            or _writes_uavs(state.vs.program)):
        return None
    if any(d.system_name == SN.VERTEX_ID for d in input_decls(state.vs.program)):
        return None
    first = 0
    end = args.start_vertex + args.vertex_count
    for el in state.elements:
        if el.per_instance:
            continue
        vb = state.vertex_buffers[el.slot] if el.slot < len(state.vertex_buffers) else None
        if vb is None or vb.storage is None:
            continue
        size = vb.storage.data.shape[0]
        if vb.offset + vb.stride * end + el.offset + 16 >= 1 << 32:
            return None  # the address would wrap back
        if vb.stride == 0:
            if vb.offset + el.offset < size:
                return None  # every vertex reads the same in-bounds data: not a tail, just equal
            continue
        # vertices whose element starts before the buffer end may read data
        inside = -(-(size - vb.offset - el.offset) // vb.stride) if size > vb.offset + el.offset else 0
        first = max(first, inside - args.start_vertex)
    first = max(first, 0)
    first = -(-first // 3) * 3
    return first if first + 3 < args.vertex_count else None


def _draw_pass(state: GraphicsState, args: DrawArgs, trim: tuple[int, int] = (0, 0)) -> DrawStats:
    """One pass of a draw (all of it, or a bounded part of whole primitives). ``trim`` drops that many
    assembled primitives at the start and end of the pass (primitives another pass assembles; the pass
    is one instance) and numbers the rest from the first kept one."""
    stats = DrawStats()
    if state.vs is None:
        return stats  # D3D: no vertex shader bound -> nothing is drawn
    cls = prim.primitive_class(state.topology)
    tessellating = state.hs is not None and state.ds is not None
    if (cls == prim.PATCH) != tessellating or (state.hs is None) != (state.ds is None):
        # §8.10/§11: patch lists need HS+DS, and HS/DS need patch lists; any mismatch draws nothing.
        return stats
    gs = state.gs.program if state.gs is not None else None
    if gs is not None and gs.program_type == ir.ProgramType.GEOMETRY and not tessellating \
            and not gs_accepts_topology(gs, state.topology):
        raise NotSupportedError("draw: IA topology does not match the geometry shader's input primitive")
    gs_or_ps = gs if gs is not None and gs.program_type == ir.ProgramType.GEOMETRY else \
        (state.ps.program if state.ps is not None else None)
    # (not for a chunk of the parallel front end: chunks on several threads would replace the memo's one entry)
    memo_key = front_memo.key_of(state, args, trim, gs_or_ps) if not fused.capturing() else None
    hit = front_memo.lookup(memo_key)
    if hit is not None:
        # the previous draw's vertex front end had exactly these inputs (pipeline/front_memo.py)
        pre, stats.ia_vertices, stats.vs_invocations, stats.ia_primitives = hit
        _draw_primitives(state, dataclasses.replace(pre), stats)
        return stats
    stream = build_stream(args, state.index_buffer if args.indexed else None)
    stats.ia_vertices = int((~stream.cut).sum())
    # --- vertex shader -----------------------------------------------------------------------
    vs = state.vs.program
    vin = input_decls(vs)
    n_in = max([d.register + 1 for d in vin] + [1])
    # the native front end fetches straight into the executors' component-major layout (no transposing copy)
    cmajor = state.stage_runner is None and _native_front_end()
    regs = fetch_vertices(state.elements, state.vertex_buffers, stream, args, n_in, cmajor)
    for d in vin:
        comp = component_list(d.mask)[0] if d.mask else 0
        if d.system_name == SN.VERTEX_ID:
            regs[d.register, :, comp] = stream.vertex_id
        elif d.system_name == SN.INSTANCE_ID:
            regs[d.register, :, comp] = stream.instance_id
    V = stream.vertex_id.shape[0]
    if state.stage_runner is not None:
        res = state.stage_runner.run_vs(vs, V, stream, inputs=regs, bindings=state.vs.bindings,
                                        hooks=state.sampling_hooks)
    else:
        res = run_program(vs, V, inputs=regs.transpose(0, 2, 1) if cmajor else regs, bindings=state.vs.bindings,
                          hooks=state.sampling_hooks, inputs_component_major=cmajor)
    stats.vs_invocations = V
    # --- primitive assembly, geometry shader, stream output ----------------------------------
    prims = prim.assemble(state.topology, stream.instance_of_stream, stream.restart, stream.cut)
    if trim != (0, 0):
        prims = prim.trimmed(prims, *trim)
    stats.ia_primitives = prims.verts.shape[0]
    vs_out = _pad_registers(res.outputs, state.hs.program if tessellating else gs_or_ps)
    pid = prims.primitive_id + np.uint32(args.primitive_id_base) if args.primitive_id_base else prims.primitive_id
    topology, last, last_out, rows = state.topology, vs, vs_out, \
        (prims.verts if stream.consecutive else stream.unique[prims.verts])  # (consecutive: unique is 0, 1, ...)
    run_gs = _stage_hook(state, prims.instance)
    if tessellating:
        topology, last, last_out, rows, pid, run_gs = _tessellate(state, vs_out, rows, pid, stats, prims.instance)
        last_out = _pad_registers(last_out, gs_or_ps)
        if gs is not None and gs.program_type == ir.ProgramType.GEOMETRY and not gs_accepts_topology(gs, topology):
            raise NotSupportedError("draw: tessellator output primitive does not match the geometry shader's input")
    pre = run_pre_raster_stages(topology, last, last_out, rows, pid,
                                gs, state.gs.bindings if state.gs is not None else None, state.so_declaration,
                                state.so_targets, state.sampling_hooks, run_gs)
    stats.gs_invocations = pre.gs_invocations
    stats.gs_primitives = pre.gs_primitives
    stats.so = pre.so
    if not pre.rasterize:
        return stats  # §20.4.7: with rasterization off the clipper does not run (CInvocations stays)
    if memo_key is not None:
        front_memo.store(memo_key, (dataclasses.replace(pre), stats.ia_vertices, stats.vs_invocations,
                                    stats.ia_primitives))
    _draw_primitives(state, pre, stats)
    return stats


# Tessellator output primitive (points per primitive) -> the list topology it feeds downstream (§11.7).
_TESS_TOPOLOGY = {1: prim.POINTLIST, 2: prim.LINELIST, 3: prim.TRIANGLELIST}


def _tessellate(state: GraphicsState, vs_outputs: np.ndarray, rows: np.ndarray, primitive_id: np.ndarray,
                stats: DrawStats, instance: np.ndarray):
    """Hull shader -> tessellator -> domain shader over the draw's patches (§10–§12).

    Returns what the later stages take in place of the VS's: (list topology, DS program, DS outputs
    (regs, M, 4), primitive rows (K, 1|2|3) into them, PrimitiveID per primitive = its patch's), and the
    GS's debugging hook (``instance`` (P,) is each patch's instance number).
    """
    hs, ds = state.hs.program, state.ds.program
    cp = np.ascontiguousarray(vs_outputs[:, rows].transpose(1, 2, 0, 3))  # (P, CP, regs, 4)
    pid = np.asarray(primitive_id).astype(np.uint32)
    hr = run_hull_shader(hs, state.hs.bindings, cp, pid, state.sampling_hooks, _stage_hook(state, instance))
    stats.hs_invocations = int(rows.shape[0])
    info = hull_info(hs)
    tess = tessellate_patches(info.domain, info.partitioning, info.output_primitive, hr.tess_factors)
    run_ds = _stage_hook(state, instance, tess.point_patch, "point")
    dout = run_domain_shader(ds, state.ds.bindings, tess.points, tess.point_patch, hr.control_points,
                             hr.patch_constants, pid, state.sampling_hooks, run_ds)
    stats.ds_invocations = int(tess.points.shape[0])
    run_gs = _stage_hook(state, instance, tess.prim_patch, "primitive")
    return _TESS_TOPOLOGY[tess.vertices_per_prim], ds, dout, tess.indices, pid[tess.prim_patch], run_gs


def _stage_hook(state: GraphicsState, instance: np.ndarray, item_patch: np.ndarray | None = None,
                item: str = "") -> Any:
    """The debugger's GS/HS/DS hook for one pass (None unless ``state.stage_runner`` has ``run_stage``).

    Lane names from the stages are pass-local (row, patch, point numbers); this gives each lane the names
    that identify it in the whole draw: ``instance`` (the draw instance, SV_InstanceID of its vertices) with
    the stage's SV_PrimitiveID, and after tessellation the item's index within its patch (``point`` for the
    DS, ``tess_primitive`` for a GS). ``item_patch`` maps the stage's ``item`` numbers to patches."""
    run_stage = getattr(state.stage_runner, "run_stage", None)
    if run_stage is None:
        return None
    instance = np.asarray(instance, np.int64)

    def hook(stage: str, c: Any, st: Any, ident: dict) -> None:
        ident = dict(ident)
        if item_patch is None:
            key = ident.pop("patch", None) if stage == "hs" else ident.pop("primitive", None)
            ident["instance"] = instance[np.asarray(key, np.int64)]
        else:
            local = np.asarray(ident.pop(item), np.int64)
            patch = np.asarray(item_patch, np.int64)[local]
            first = np.searchsorted(item_patch, patch, "left")  # items are in patch order (tessellator)
            ident.pop("patch", None)
            ident["instance"] = instance[patch]
            ident["point" if item == "point" else "tess_primitive"] = local - first
        run_stage(stage, c, st, ident)

    return hook


def _pad_registers(outputs: np.ndarray, consumer: ir.Program | None) -> np.ndarray:
    """``outputs`` (regs, V, 4) with zero registers appended up to the highest one the next stage
    declares as input. Signatures may list registers a stage never declares (fxc keeps such elements);
    their contents are undefined, read here as 0 (stream output does the same for its entries)."""
    if consumer is None:
        return outputs
    need = memo(consumer, "draw_input_registers", lambda p: max(
        (d.register + 1 for d in input_decls(p) if d.operand_type in (OT.INPUT, OT.INPUT_CONTROL_POINT)), default=0))
    if need <= outputs.shape[0]:
        return outputs
    pad = np.zeros((need - outputs.shape[0],) + outputs.shape[1:], outputs.dtype)
    return np.concatenate([outputs, pad])


def _declared_targets(ps: ir.Program | None) -> int:
    """Bit i set when the pixel shader declares colour output o<i> (§16.9.1); 0 without a pixel shader."""
    if ps is None:
        return 0
    return memo(ps, "draw_declared_targets", lambda p: sum(
        1 << d.register for d in output_decls(p) if d.operand_type == OT.OUTPUT and d.register < 8))


def _raster_pattern(state: GraphicsState) -> tuple[np.ndarray, int]:
    """Raster sample offsets and the ForcedSampleCount in effect (0: the output pattern, §3.5.6)."""
    forced = int(getattr(state.rasterizer, "ForcedSampleCount", 0) or 0)
    if forced:
        return _offsets(forced, D3D11_STANDARD_MULTISAMPLE_PATTERN), forced
    S = state.sample_count
    q = state.sample_quality if state.sample_quality in (0xFFFFFFFF, 0xFFFFFFFE) else D3D11_STANDARD_MULTISAMPLE_PATTERN
    return _offsets(S, q), 0


_OFFSETS: dict = {}  # (sample count, pattern) -> sample_offsets' array, read-only (every draw asks)


def _offsets(count: int, quality: int) -> np.ndarray:
    got = _OFFSETS.get((count, quality))
    if got is None:
        got = sample_offsets(count, quality)
        got.flags.writeable = False
        _OFFSETS[(count, quality)] = got
    return got


#: what GraphicsState.relax names -> the system value whose test it turns off
_RELAXED_NAMES = {"clip_distance": SN.CLIP_DISTANCE, "cull_distance": SN.CULL_DISTANCE}


def _draw_primitives(state: GraphicsState, pre: PreRaster, stats: DrawStats) -> None:
    if state.relax:
        # a debugging what-if replay: the relaxed distances are plain outputs (nothing clips or culls by them)
        off = {_RELAXED_NAMES[k] for k in state.relax}
        pre.decls = [dataclasses.replace(d, system_name=0) if d.system_name in off else d for d in pre.decls]
    vout = pre.decls
    outputs, rows, primitive_id, cls = pre.outputs, pre.rows, pre.primitive_id, pre.topology_class
    outputs = _pad_registers(outputs, state.ps.program if state.ps is not None else None)
    pos_decl = [d for d in vout if d.system_name == SN.POSITION]
    if not pos_decl:
        return  # no SV_Position: nothing rasterizes
    pos = outputs[pos_decl[0].register].view(np.float32)  # (V, 4)
    offsets, forced = _raster_pattern(state)
    if cls == prim.TRIANGLE:
        skey = front_memo.setup_key(state, pre, offsets.shape[0]) \
            if not state.relax and not fused.capturing() else None
        kept = front_memo.lookup_setup(skey)
        if kept is not None:
            # the same primitives under the same rasterizer state as the previous draw (pipeline/front_memo.py)
            prep, stats.c_invocations, stats.c_primitives = kept
        else:
            prep = prepare_triangles(state, vout, outputs, pos, rows, stats, offsets.shape[0])
            front_memo.store_setup(skey, (prep, stats.c_invocations, stats.c_primitives))
    elif cls == prim.POINT:
        prep = prepare_points(state, vout, outputs, pos, rows, stats)
    else:
        prep = prepare_lines(state, vout, outputs, pos, rows, stats, offsets.shape[0])
    if prep is None or (state.ps is None and state.om.dsv is None):
        # The clipper ran (its statistics count, §20.4.7); with neither a pixel shader nor a depth
        # buffer nothing downstream can change (§16.9.1), so rasterization is skipped.
        return
    # Interpolation pieces are triangles of vertex rows: a line's (v0, v1) becomes (v0, v1, v1) so its attributes
    # vary along the line (the line pieces' barycentrics weigh the second and third rows together), a point's v0.
    rows3 = rows if rows.shape[1] == 3 else rows[:, [0, 1, 1]] if rows.shape[1] == 2 else np.repeat(rows[:, :1], 3, 1)
    if fused.try_draw(state, vout, cls == prim.TRIANGLE, prep, forced, rows3, outputs, primitive_id, stats,
                      _declared_targets(state.ps.program if state.ps is not None else None)):
        return  # rasterized, shaded and merged by the fused native lane (pipeline/native/fused.py)
    if fused.capturing():
        # a chunk of the parallel front end must not draw out of order: the calling thread draws it itself
        raise fused.NotCaptured
    fused.join()  # a previous pass's tiles still running (fused.defer_passes) merge first
    if prep.quads is not None:
        bands = [prep.quads]
    elif prep.pieces.setup.verts.shape[0] == 0:
        return
    else:
        bands = _raster_bands(prep.pieces.setup, offsets, pixel_bounds(state, prep.vp, prep.vp_idx))
    interp = Interpolator(prep.pieces, rows3, outputs)
    ctx = _PixelContext(state, interp, offsets, primitive_id, prep.rt_index, prep.vp, vout, forced, prep.vp_idx)
    om = (state.output_merger or OutputMerger)(state.om, state.sample_count, _declared_targets(ctx.ps))
    step = max(1, _PS_BATCH_LANES // (4 * (state.sample_count if ctx.sample_freq else 1)))
    # Shading never reads what the merger writes (a bound RTV/DSV cannot be sampled; UAV writes happen
    # in the shader), except early depth/stencil, which tests inside shade(): no overlap then, nor
    # under a debugging stage runner.
    overlap = OVERLAP_OM and not ctx.early_z and state.stage_runner is None
    pending: Future | None = None
    try:
        for quads in bands:
            for start in range(0, quads.count, step):
                part = QuadFragments(quads.tri[start:start + step], quads.x[start:start + step],
                                     quads.y[start:start + step], quads.coverage[start:start + step])
                alpha = prep.lane_alpha[start:start + step] if prep.lane_alpha is not None else None
                frags = ctx.shade(part, stats, alpha, om)
                if pending is not None:
                    pending.result()  # the merger finishes batch k before it takes batch k+1
                    pending = None
                if frags is not None:
                    if overlap:
                        pending = _om_worker().submit(om.process, frags)
                    else:
                        om.process(frags)
    finally:
        if pending is not None:
            pending.result()
    om.finish()
    stats.samples_passed += om.samples_passed


class _Deferred:
    """A per-lane array computed on first call (and then kept)."""

    __slots__ = ("_make", "_value")

    def __init__(self, make) -> None:
        self._make, self._value = make, None

    def __call__(self) -> np.ndarray:
        if self._value is None:
            self._value = self._make()
        return self._value


def _position_component(interp: Interpolator, c: int, tq: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SV_Position component ``c`` (float32) at lane locations x, y (§16.3: z and w interpolated)."""
    if c == 0:
        return x.reshape(-1).astype(np.float32)
    if c == 1:
        return y.reshape(-1).astype(np.float32)
    return interp.depth(tq, x, y) if c == 2 else interp.position_w(tq, x, y)


#: Pixels one raster batch may cover: rasterizing and shading keep ~200 bytes of temporaries per covered
#: pixel, so batches of 256K pixels bound them near 50 MB whatever the triangle sizes and counts.
BAND_PIXELS = 1 << 18


def _raster_bands(setup, offsets: np.ndarray, bounds: np.ndarray):
    """Quads of every triangle in bounded batches: consecutive triangles grouped while their estimated
    covered area (bounding box within the pixel bounds) stays under BAND_PIXELS, and a group that is
    larger (one big triangle) rasterized band after band of quad rows. Groups follow primitive order,
    bands hold whole 2x2 quads and every pixel lies in one band, so the output merger sees each pixel's
    fragments in the order and with the derivatives of a single pass."""
    T = setup.verts.shape[0]
    b = np.broadcast_to(np.asarray(bounds, np.int64).reshape(-1, 4), (T, 4)).copy()
    if T == 0:
        return
    v = setup.verts
    bx0 = np.maximum(b[:, 0], v[:, :, 0].min(axis=1) // SUBPIXEL_ONE - 1)
    by0 = np.maximum(b[:, 1], v[:, :, 1].min(axis=1) // SUBPIXEL_ONE - 1)
    bx1 = np.minimum(b[:, 2], v[:, :, 0].max(axis=1) // SUBPIXEL_ONE + 2)
    by1 = np.minimum(b[:, 3], v[:, :, 1].max(axis=1) // SUBPIXEL_ONE + 2)
    area = (bx1 - bx0).clip(0) * (by1 - by0).clip(0)
    if int(area.sum()) <= BAND_PIXELS:
        quads = rasterize_triangles(setup, offsets, b)
        if quads.count:
            yield quads
        return
    # group boundaries: a new group starts where the running area passes a multiple of BAND_PIXELS
    csum = np.cumsum(area)
    starts = [0]
    limit = BAND_PIXELS
    while True:
        nxt = int(np.searchsorted(csum, csum[starts[-1]] - area[starts[-1]] + limit, side="right"))
        nxt = max(nxt, starts[-1] + 1)
        if nxt >= T:
            break
        starts.append(nxt)
    starts.append(T)
    empty = np.zeros(4, np.int64)
    for g0, g1 in zip(starts[:-1], starts[1:], strict=False):
        gb = np.broadcast_to(empty, (T, 4)).copy()
        gb[g0:g1] = b[g0:g1]
        top, bottom = int(by0[g0:g1].min()), int(by1[g0:g1].max())
        width = max(1, int((bx1[g0:g1] - bx0[g0:g1]).max()))
        rows_per_band = max(2, (BAND_PIXELS // width) & ~1)
        if int(area[g0:g1].sum()) <= BAND_PIXELS or bottom - top <= rows_per_band:
            quads = rasterize_triangles(setup, offsets, gb)
            if quads.count:
                yield quads
            continue
        for y in range(top & ~1, bottom, rows_per_band):
            band = gb.copy()
            band[g0:g1, 1] = np.maximum(gb[g0:g1, 1], y)
            band[g0:g1, 3] = np.minimum(gb[g0:g1, 3], y + rows_per_band)
            quads = rasterize_triangles(setup, offsets, band)
            if quads.count:
                yield quads


# Interpolation mode -> where the attribute is evaluated (§16.4): pixel centre, centroid or sample.
_CENTROID_MODES = (IM.LINEAR_CENTROID, IM.LINEAR_NOPERSPECTIVE_CENTROID)
_SAMPLE_MODES = (IM.LINEAR_SAMPLE, IM.LINEAR_NOPERSPECTIVE_SAMPLE)
_PERSPECTIVE_MODES = (IM.UNDEFINED, IM.LINEAR, IM.LINEAR_CENTROID, IM.LINEAR_SAMPLE)
_UAV_WRITE_OPS = {ir.Opcode[n] for n in dir(ir.Opcode)
                  if n.startswith(("STORE_", "ATOMIC_", "IMM_ATOMIC_")) or n in ("STORE_UAV_TYPED",)}


def _writes_uavs(program: ir.Program) -> bool:
    """Whether the PS may write memory (UAV stores/atomics/counters), so helper lanes must be marked."""
    return any(inst.opcode in _UAV_WRITE_OPS for inst in program.instructions)


def _popcount(v: np.ndarray) -> np.ndarray:
    v = v.astype(np.uint64)
    return np.unpackbits(v.view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1)


@dataclass(slots=True)
class _Lanes:
    """Pixel-shader lanes of one batch in 2x2 quads: per quad ``tq`` (piece), lane pixels ``px``/``py``
    (Q, 4); per lane raster coverage ``rcov`` and output coverage ``ocov`` (Q*4,), sample index ``sidx``
    (Q,) for sample-frequency batches (None at pixel frequency), ``src`` quad indices in the raster batch."""

    tq: np.ndarray
    px: np.ndarray
    py: np.ndarray
    rcov: np.ndarray
    ocov: np.ndarray
    sidx: np.ndarray | None
    src: np.ndarray


class _PixelContext:
    """Pixel-shader invocation over quads of one draw (§16; multisampling §3.5, §3.5.6 for TIR)."""

    def __init__(self, state: GraphicsState, interp: Interpolator, offsets: np.ndarray,
                 primitive_id: np.ndarray, rt_index: np.ndarray, vp: np.ndarray, pre_decls: list,
                 forced: int = 0, vp_index: np.ndarray | None = None):
        self.state = state
        self.vp_index = vp_index  # per piece: the viewport actually used (0 for an index out of range)
        self._piece_slice = self._piece_vp_min = self._piece_vp_max = None  # per-piece, built on first use
        self._uniform: list = []  # which of those is one value for the draw (see _fragments)
        self._front_uniform: tuple | None = None  # (facing,) when every piece faces the same way, else ()
        self.clip_decls = [d for d in pre_decls if d.system_name == SN.CLIP_DISTANCE]
        self.interp = interp
        self.offsets = offsets  # raster sample pattern (the output pattern unless ForcedSampleCount)
        self.forced = forced
        self.out_samples = state.sample_count
        self.primitive_id = primitive_id
        self.rt_index = rt_index
        self.vp = vp
        self.ps = state.ps.program if state.ps is not None else None
        self.decls = input_decls(self.ps) if self.ps is not None else []
        # Components the shader reads per input register (None: all declared ones). A debugging
        # stage runner may show every declared input, so it gets them all.
        self.reads = read_input_components(self.ps) if self.ps is not None and state.stage_runner is None \
            else None
        flags = global_flags(self.ps) if self.ps is not None else 0
        self.early_z = bool(flags & EARLY_DEPTH_STENCIL_FLAG)
        self.sample_freq = self.ps is not None and uses_sample_frequency(self.ps)
        self.uav_writes = self.ps is not None and _writes_uavs(self.ps)
        self.pull_model = self.ps is not None and uses_pull_model(self.ps)
        self.sample_mask = int(state.om.sample_mask) & ((1 << self.out_samples) - 1)

    # --- lanes --------------------------------------------------------------------------------
    def _lanes(self, q: QuadFragments) -> _Lanes:
        px, py = q.lane_pixels()
        rcov = q.coverage.reshape(-1).astype(np.uint32)
        if self.clip_decls:  # (without clip distances the mask is all ones)
            rcov &= self._clip_distance_mask(q.tri, px, py)
        if self.forced:
            # TIR (§3.5.6.2): raster coverage of the forced pattern decides candidacy; the output
            # coverage is every output sample (a single-sample target in the defined cases).
            ocov = np.where(rcov != 0, np.uint32((1 << self.out_samples) - 1), np.uint32(0))
        else:
            ocov = rcov
        lanes = _Lanes(q.tri, px, py, rcov, ocov, None, np.arange(q.count))
        if not self.sample_freq:
            return lanes
        # Sample frequency (§3.5.4, §3.5.5): a 2x2 quad per sample index covered in any of its pixels;
        # each lane's output coverage is its own sample bit only.
        cq = (ocov & np.uint32(self.sample_mask)).reshape(-1, 4)
        parts = []
        for s in range(self.out_samples):
            qsel = np.nonzero(((cq >> np.uint32(s)) & 1).any(axis=1))[0]
            parts.append((s, qsel))
        qs = np.concatenate([p[1] for p in parts])
        sidx = np.concatenate([np.full(p[1].size, p[0], np.int64) for p in parts])
        bit = (np.uint32(1) << sidx.astype(np.uint32))[:, None]
        own = (cq[qs] & bit).reshape(-1)
        return _Lanes(q.tri[qs], px[qs], py[qs], rcov.reshape(-1, 4)[qs].reshape(-1), own, sidx, qs)

    def _locations(self, L: _Lanes) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        loc = {"center": lane_location(L.px, L.py)}
        modes = {d.interpolation for d in self.decls}
        if modes & set(_CENTROID_MODES):
            # TIR: the centroid ignores SampleMask (§3.5.6.2).
            mask = 0xFFFFFFFF if self.forced else self.state.om.sample_mask
            off = centroid_offsets(L.rcov, mask, self.offsets).reshape(-1, 4, 2)
            loc["centroid"] = lane_location(L.px, L.py, off)
        if L.sidx is not None:
            loc["sample"] = lane_location(L.px, L.py, self.offsets[L.sidx][:, None, :])
        return loc

    @staticmethod
    def _where(mode: int) -> str:
        if mode in _SAMPLE_MODES:
            return "sample"
        if mode in _CENTROID_MODES:
            return "centroid"
        return "center"

    # --- one batch ----------------------------------------------------------------------------
    def shade(self, q: QuadFragments, stats: DrawStats, lane_alpha: np.ndarray | None = None,
              om: OutputMerger | None = None) -> PixelFragments | None:
        state = self.state
        interp = self.interp
        L = self._lanes(q)
        S = self.out_samples
        tq, px, py = L.tq, L.px, L.py
        n = tq.shape[0] * 4
        piece = np.repeat(tq, 4)
        loc = self._locations(L)
        src = _Deferred(lambda: interp.p.source[piece])  # only PrimitiveID reads it
        if self._front_uniform is None:
            f = interp.p.front
            self._front_uniform = (bool(f[0]),) if f.size and (f.all() or not f.any()) else ()
        # One facing for the whole draw (e.g. no culling, all front): a broadcast view, no gather.
        front = np.broadcast_to(self._front_uniform[0], (n,)) if self._front_uniform else interp.p.front[piece]
        # Depth for the depth test: per output sample (pixel frequency), or at the lane's own sample.
        # Only the depth test reads it: without one, every lane carries 0.
        depth = np.empty((n, S), np.float32)
        if not self._depth_tested(om):
            depth = np.broadcast_to(np.float32(0), (n, S))
        elif L.sidx is not None:
            depth[:] = interp.depth(tq, *loc["sample"])[:, None]
        elif S > 1 and not self.forced:
            for s in range(S):
                depth[:, s] = interp.depth(tq, *lane_location(px, py, self.offsets[s]))
        else:
            depth[:] = interp.depth(tq, *loc["center"])[:, None]
        cov = L.ocov
        if L.sidx is None and self.forced and not self.sample_mask:
            cov = np.zeros_like(cov)  # TIR: no output sample in SampleMask -> no invocation
        early = self.early_z and om is not None and om.ds is not None and state.om.depth_stencil is not None
        live = cov != 0
        if early:
            # [earlydepthstencil] (§16.12.2... pixel shader execution control): test before shading;
            # failing samples never reach the shader's side effects.
            cov = om.early_depth_stencil(self._fragments(L, np.nonzero(live)[0], cov, depth, front, None, None),
                                         np.nonzero(live)[0], n)
        outputs = None
        discarded = np.zeros(n, bool)
        omask = None
        if self.ps is not None:
            inputs, sysv = self._inputs(L, loc, piece, src, front)
            # Helper lanes (no coverage left, incl. failed early depth/stencil) run for derivatives but
            # their memory writes are dropped (§16.12, §16.13); without UAV writes nothing needs marking.
            helpers = (cov == 0) if self.uav_writes else None
            hooks = state.sampling_hooks
            if self.pull_model:
                model = PullModel(interp, tq, px, py, L.rcov, self.offsets,
                                  0xFFFFFFFF if self.forced else state.om.sample_mask,
                                  {d.register: d.interpolation for d in self.decls})
                hooks = PullModelHooks(hooks, model)
            state.ps.bindings.sample_count = state.sample_count  # sampleinfo/samplepos on rasterizer
            state.ps.bindings.sample_quality = state.sample_quality
            kw = dict(inputs=inputs, bindings=state.ps.bindings, system_values=sysv, hooks=hooks, helpers=helpers,
                      inputs_component_major=True)
            res = run_program(self.ps, n, **kw) if state.stage_runner is None else \
                state.stage_runner.run_ps(self.ps, n, L, **kw)
            outputs = res.outputs
            if lane_alpha is not None and outputs.shape[0] > 0:
                # Alpha-AA lines: the coverage multiplies o0.a (§3.4.4, §15.14.1).
                a = outputs[0, :, 3].view(np.float32) * lane_alpha.reshape(-1, 4)[L.src].reshape(-1)
                outputs[0, :, 3] = a.astype(np.float32).view(np.uint32)
            discarded = res.discarded
            stats.ps_invocations += int(np.count_nonzero(live))
            if res.depth is not None:
                depth = np.repeat(res.depth.view(np.float32)[:, None], S, 1)
            if res.coverage_mask is not None:
                omask = res.coverage_mask.astype(np.uint32)
        alive = (cov != 0) & ~discarded
        idx = np.nonzero(alive)[0]
        if idx.size == 0:
            return None
        f = self._fragments(L, idx, cov, depth, front, outputs, omask)
        f.pretested = early
        if self.forced:
            f.occlusion = _popcount(L.rcov[idx]).astype(np.int64)
        return f

    def _depth_tested(self, om: OutputMerger | None) -> bool:
        """Whether the output merger will read fragment depth (a depth test is enabled)."""
        desc = self.state.om.depth_stencil
        return om is None or (om.ds is not None and desc is not None and bool(desc.DepthEnable))

    def _fragments(self, L: _Lanes, idx: np.ndarray, cov: np.ndarray, depth: np.ndarray, front: np.ndarray,
                   outputs: np.ndarray | None, omask: np.ndarray | None) -> PixelFragments:
        # Only the registers the shader has (the OM reads missing ones as 0).
        k = min(outputs.shape[0], 8) if outputs is not None else 0
        # Every lane alive (idx = 0..n-1, the common case of interior quads): views, no gathers.
        every = idx.size == cov.shape[0]
        sel = slice(None) if every else idx
        if not k:
            colors = np.zeros((0, idx.size, 4), np.uint32)
        else:
            colors = outputs[:k] if every else np.take(outputs[:k], idx, axis=1)
        if self._piece_slice is None:
            # Per piece, once per draw: §15.8.1: an out-of-range render-target array index selects slice 0;
            # viewport depth range as contiguous columns.
            rt = self.rt_index
            self._piece_slice = np.where((rt >= 0) & (rt < self._slice_count()), rt, 0)
            self._piece_vp_min = np.ascontiguousarray(self.vp[:, 4])
            self._piece_vp_max = np.ascontiguousarray(self.vp[:, 5])
            # Per-piece values that are one value for the whole draw (one slice, one viewport: the
            # common case) become broadcast views per fragment instead of gathers.
            self._uniform = [a[0] if a.size and np.all(a == a[0]) else None
                             for a in (self._piece_slice, self._piece_vp_min, self._piece_vp_max)]
        m = idx.size
        pc = None
        per_fragment = []
        for a, u in zip((self._piece_slice, self._piece_vp_min, self._piece_vp_max), self._uniform):
            if u is not None:
                per_fragment.append(np.broadcast_to(u, (m,)))
                continue
            if pc is None:
                pc = np.repeat(L.tq, 4)[sel]
            per_fragment.append(a[pc])
        return PixelFragments(L.px.reshape(-1)[sel], L.py.reshape(-1)[sel], per_fragment[0],
                              cov[sel].astype(np.uint32), depth[sel], front[sel], colors,
                              per_fragment[1], per_fragment[2],
                              omask[sel] if omask is not None else None)

    def _inputs(self, L: _Lanes, loc: dict, piece: np.ndarray, src: _Deferred, front: np.ndarray):
        interp = self.interp
        tq = L.tq
        n = piece.shape[0]
        n_regs = max([d.register + 1 for d in self.decls] + [1])
        inputs = np.zeros((n_regs, 4, n), np.uint32)  # the executor's component-major register file
        sysv: dict[int, np.ndarray] = {}
        inv_w: dict[str, np.ndarray] = {}
        # InputCoverage: the pixel's raster coverage ANDed with SampleMask (not with TIR), §16.3.2.
        vcov = L.rcov if self.forced else L.rcov & np.uint32(self.sample_mask)
        for d in self.decls:
            comps = component_list(d.mask if self.reads is None else d.mask & self.reads.get(d.register, 0))
            if d.operand_type == OT.INPUT_COVERAGE_MASK:
                sysv[OT.INPUT_COVERAGE_MASK] = vcov.astype(np.uint32)
                continue
            if d.operand_type == OT.INPUT_PRIMITIVEID:
                sysv[OT.INPUT_PRIMITIVEID] = self.primitive_id[src()]
                continue
            if d.operand_type != OT.INPUT or not comps:
                continue
            r = d.register
            where = self._where(d.interpolation)
            x, y = loc[where]
            if d.system_name == SN.POSITION:
                # Only the components read: z and w cost a plane evaluation each.
                for c in comps:
                    inputs[r, c] = _position_component(interp, c, tq, x, y).view(np.uint32)
                continue
            elif d.system_name == SN.IS_FRONT_FACE:
                bits = np.repeat(np.where(front, 0xFFFFFFFF, 0).astype(np.uint32)[:, None], 4, 1)
            elif d.system_name == SN.PRIMITIVE_ID:
                bits = np.repeat(self.primitive_id[src()].astype(np.uint32)[:, None], 4, 1)
            elif d.system_name == SN.SAMPLE_INDEX:
                s = np.repeat(L.sidx, 4) if L.sidx is not None else np.zeros(n, np.int64)
                bits = np.repeat(s.astype(np.uint32)[:, None], 4, 1)
            elif d.system_name == SN.VIEWPORT_ARRAY_INDEX and self.vp_index is not None:
                # Windows: an index beyond the viewports bound selects viewport 0 and the shader reads 0
                # (§15.8.1 says the raw value arrives; Windows-verified behaviour wins, docs/features.md).
                bits = interp.flat(r, tq)
                for c in comps:
                    bits[:, c] = np.repeat(self.vp_index[tq].astype(np.uint32), 4)
            elif d.system_name == SN.RENDER_TARGET_ARRAY_INDEX or d.interpolation == IM.CONSTANT:
                bits = interp.flat(r, tq)
            else:
                persp = d.interpolation in _PERSPECTIVE_MODES
                iw = None
                if persp:
                    if where not in inv_w:
                        inv_w[where] = interp.inv_w(tq, x, y)
                    iw = inv_w[where]
                for c, v in zip(comps, interp.attribute_components(r, tq, x, y, persp, comps, iw)):
                    inputs[r, c] = v
                continue
            for c in comps:
                inputs[r, c] = bits[:, c]
        return inputs, sysv

    def _slice_count(self) -> int:
        om = self.state.om
        for v in list(om.rtvs) + [om.dsv]:
            if v is not None:
                return v.slice_count
        return 1

    def _clip_distance_mask(self, piece: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        """Raster samples where every interpolated clip distance is >= 0 (§15.4.1)."""
        decls = self.clip_decls
        n = piece.shape[0] * 4
        if not decls:
            return np.full(n, 0xFFFFFFFF, np.uint32)
        mask = np.zeros(n, np.uint32)
        for s in range(self.offsets.shape[0]):
            sx, sy = lane_location(px, py, self.offsets[s])
            ok = np.ones(n, bool)
            for d in decls:
                vals = self.interp.attribute(d.register, piece, sx, sy, True).view(np.float32)
                for c in component_list(d.mask):
                    ok &= vals[:, c] >= 0
            mask |= ok.astype(np.uint32) << np.uint32(s)
        return mask
