"""One draw through the graphics pipeline: IA -> VS -> clip -> setup -> rasterizer -> PS -> OM.

Everything here works on plain snapshots (DESIGN §2): :class:`GraphicsState` holds storages, view
descriptors, state descs and ir.Programs, never COM objects. Work is batched per draw (vertices) and
per chunk of quads (pixels); fragments reach the output merger in primitive order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..shader import ir
from ..shader.exec import run_program
from . import primitives as prim
from .bindings import Bindings
from .geometry import PreRaster, gs_accepts_topology, run_pre_raster_stages
from .input_assembler import (
    DrawArgs,
    IndexBufferBinding,
    InputElement,
    VertexBufferBinding,
    build_stream,
    fetch_vertices,
)
from .interpolate import Interpolator, centroid_offsets, lane_location
from .output_merger import OMState, OutputMerger, PixelFragments
from .rasterizer import (
    D3D11_STANDARD_MULTISAMPLE_PATTERN,
    QuadFragments,
    rasterize_triangles,
    sample_offsets,
)
from .setup import pixel_bounds, prepare_lines, prepare_points, prepare_triangles
from .shader_io import EARLY_DEPTH_STENCIL_FLAG, component_list, global_flags, input_decls

SN = ir.SystemName
IM = ir.InterpolationMode
OT = ir.OperandType

CULL_NONE, CULL_FRONT, CULL_BACK = 1, 2, 3
FILL_WIREFRAME, FILL_SOLID = 2, 3

# Lanes per pixel-shader batch (bounds memory of the register files).
_PS_BATCH_LANES = 1 << 18


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
    so_targets: list[Any] = field(default_factory=lambda: [None] * 4)  # stream_output.SOTarget per slot


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
    so: list[Any] = field(default_factory=list)  # stream_output.SOStreamResult per streamed-out stream


def draw(state: GraphicsState, args: DrawArgs) -> DrawStats:
    """Execute one draw call (§8–§17)."""
    stats = DrawStats()
    if state.vs is None:
        return stats  # D3D: no vertex shader bound -> nothing is drawn
    if state.hs is not None or state.ds is not None:
        raise NotSupportedError("HS/DS stages in draws (tessellation)")
    cls = prim.primitive_class(state.topology)
    if cls == prim.PATCH:
        return stats  # patch lists without HS/DS draw nothing
    gs = state.gs.program if state.gs is not None else None
    if gs is not None and gs.program_type == ir.ProgramType.GEOMETRY and not gs_accepts_topology(gs, state.topology):
        raise NotSupportedError("draw: IA topology does not match the geometry shader's input primitive")
    stream = build_stream(args, state.index_buffer if args.indexed else None)
    stats.ia_vertices = int((~stream.cut).sum())
    # --- vertex shader -----------------------------------------------------------------------
    vs = state.vs.program
    vin = input_decls(vs)
    n_in = max([d.register + 1 for d in vin] + [1])
    regs = fetch_vertices(state.elements, state.vertex_buffers, stream, args, n_in)
    for d in vin:
        comp = component_list(d.mask)[0] if d.mask else 0
        if d.system_name == SN.VERTEX_ID:
            regs[d.register, :, comp] = stream.vertex_id
        elif d.system_name == SN.INSTANCE_ID:
            regs[d.register, :, comp] = stream.instance_id
    V = stream.vertex_id.shape[0]
    res = run_program(vs, V, inputs=regs, bindings=state.vs.bindings, hooks=state.sampling_hooks)
    stats.vs_invocations = V
    # --- primitive assembly, geometry shader, stream output ----------------------------------
    prims = prim.assemble(state.topology, stream.instance_of_stream, stream.restart, stream.cut)
    stats.ia_primitives = prims.verts.shape[0]
    pre = run_pre_raster_stages(state.topology, vs, res.outputs, stream.unique[prims.verts], prims.primitive_id,
                                gs, state.gs.bindings if state.gs is not None else None, state.so_declaration,
                                state.so_targets, state.sampling_hooks)
    stats.gs_invocations = pre.gs_invocations
    stats.gs_primitives = pre.gs_primitives
    stats.so = pre.so
    if not pre.rasterize or (state.ps is None and state.om.dsv is None):
        return stats
    _draw_primitives(state, pre, stats)
    return stats


def _draw_primitives(state: GraphicsState, pre: PreRaster, stats: DrawStats) -> None:
    vout = pre.decls
    outputs, rows, primitive_id, cls = pre.outputs, pre.rows, pre.primitive_id, pre.topology_class
    pos_decl = [d for d in vout if d.system_name == SN.POSITION]
    if not pos_decl:
        return  # no SV_Position: nothing rasterizes
    pos = outputs[pos_decl[0].register].view(np.float32)  # (V, 4)
    if cls == prim.TRIANGLE:
        prep = prepare_triangles(state, vout, outputs, pos, rows, stats)
    elif cls == prim.POINT:
        prep = prepare_points(state, vout, outputs, pos, rows, stats)
    else:
        prep = prepare_lines(state, vout, outputs, pos, rows, stats, state.sample_count)
    if prep is None:
        return
    S = state.sample_count
    offsets = sample_offsets(S, state.sample_quality if state.sample_quality in (0xFFFFFFFF, 0xFFFFFFFE)
                             else D3D11_STANDARD_MULTISAMPLE_PATTERN)
    if prep.quads is not None:
        quads = prep.quads
    else:
        quads = rasterize_triangles(prep.pieces.setup, offsets, pixel_bounds(state, prep.vp, prep.vp_idx))
    if quads.count == 0:
        return
    rows3 = rows if rows.shape[1] == 3 else np.repeat(rows[:, :1], 3, 1)
    interp = Interpolator(prep.pieces, rows3, outputs)
    ctx = _PixelContext(state, interp, offsets, primitive_id, prep.rt_index, prep.vp, vout)
    om = OutputMerger(state.om, S)
    step = max(1, _PS_BATCH_LANES // 4)
    for start in range(0, quads.count, step):
        part = QuadFragments(quads.tri[start:start + step], quads.x[start:start + step],
                             quads.y[start:start + step], quads.coverage[start:start + step])
        alpha = prep.lane_alpha[start:start + step] if prep.lane_alpha is not None else None
        frags = ctx.shade(part, stats, alpha)
        if frags is not None:
            om.process(frags)
    om.finish()
    stats.samples_passed += om.samples_passed


class _PixelContext:
    """Pixel-shader invocation over quads of one draw (§16)."""

    def __init__(self, state: GraphicsState, interp: Interpolator, offsets: np.ndarray,
                 primitive_id: np.ndarray, rt_index: np.ndarray, vp: np.ndarray, pre_decls: list):
        self.state = state
        self.clip_decls = [d for d in pre_decls if d.system_name == SN.CLIP_DISTANCE]
        self.interp = interp
        self.offsets = offsets
        self.primitive_id = primitive_id
        self.rt_index = rt_index
        self.vp = vp
        self.ps = state.ps.program if state.ps is not None else None
        self.decls = input_decls(self.ps) if self.ps is not None else []
        flags = global_flags(self.ps) if self.ps is not None else 0
        self.early_z = bool(flags & EARLY_DEPTH_STENCIL_FLAG)
        if self.ps is not None:
            for d in self.decls:
                if d.interpolation in (IM.LINEAR_SAMPLE, IM.LINEAR_NOPERSPECTIVE_SAMPLE) or d.system_name == SN.SAMPLE_INDEX:
                    raise NotSupportedError("sample-frequency pixel shader execution")

    def shade(self, q: QuadFragments, stats: DrawStats, lane_alpha: np.ndarray | None = None) -> PixelFragments | None:
        state = self.state
        interp = self.interp
        S = self.offsets.shape[0]
        n = q.count * 4
        tq = q.tri  # piece of each quad; per-lane arrays are (Q*4,) in lane order
        piece = np.repeat(tq, 4)
        px, py = q.lane_pixels()  # (Q, 4)
        cov = q.coverage.reshape(-1)
        cx, cy = lane_location(px, py)
        loc = {False: (cx, cy)}
        if any(d.interpolation in (IM.LINEAR_CENTROID, IM.LINEAR_NOPERSPECTIVE_CENTROID) for d in self.decls):
            off = centroid_offsets(cov, state.om.sample_mask, self.offsets).reshape(-1, 4, 2)
            loc[True] = lane_location(px, py, off)
        src = interp.p.source[piece]
        front = interp.p.front[piece]
        # Per-sample depth (interpolated at each sample position) for the depth test.
        depth = np.empty((n, S), np.float32)
        for s in range(S):
            sx, sy = lane_location(px, py, self.offsets[s]) if S > 1 else (cx, cy)
            depth[:, s] = interp.depth(tq, sx, sy)
        outputs = None
        discarded = np.zeros(n, bool)
        omask = None
        if self.ps is not None:
            n_regs = max([d.register + 1 for d in self.decls] + [1])
            inputs = np.zeros((n_regs, n, 4), np.uint32)
            sysv: dict[int, np.ndarray] = {}
            inv_w: dict[bool, np.ndarray] = {}
            for d in self.decls:
                comps = component_list(d.mask)
                if d.operand_type == OT.INPUT_COVERAGE_MASK:
                    sysv[OT.INPUT_COVERAGE_MASK] = cov.astype(np.uint32)
                    continue
                if d.operand_type == OT.INPUT_PRIMITIVEID:
                    sysv[OT.INPUT_PRIMITIVEID] = self.primitive_id[src]
                    continue
                if d.operand_type != OT.INPUT:
                    continue
                r = d.register
                centroid = d.interpolation in (IM.LINEAR_CENTROID, IM.LINEAR_NOPERSPECTIVE_CENTROID)
                x, y = loc[centroid]
                if d.system_name == SN.POSITION:
                    vals = np.stack([x.reshape(-1).astype(np.float32), y.reshape(-1).astype(np.float32),
                                     interp.depth(tq, x, y), interp.position_w(tq, x, y)], 1)
                    bits = vals.view(np.uint32)
                elif d.system_name == SN.IS_FRONT_FACE:
                    bits = np.repeat(np.where(front, 0xFFFFFFFF, 0).astype(np.uint32)[:, None], 4, 1)
                elif d.system_name == SN.PRIMITIVE_ID:
                    bits = np.repeat(self.primitive_id[src].astype(np.uint32)[:, None], 4, 1)
                elif d.system_name in (SN.RENDER_TARGET_ARRAY_INDEX, SN.VIEWPORT_ARRAY_INDEX) \
                        or d.interpolation == IM.CONSTANT:
                    bits = interp.flat(r, tq)
                else:
                    persp = d.interpolation in (IM.LINEAR, IM.LINEAR_CENTROID, IM.UNDEFINED)
                    iw = None
                    if persp:
                        if centroid not in inv_w:
                            inv_w[centroid] = interp.inv_w(tq, x, y)
                        iw = inv_w[centroid]
                    bits = interp.attribute(r, tq, x, y, persp, iw)
                for c in comps:
                    inputs[r, :, c] = bits[:, c]
            res = run_program(self.ps, n, inputs=inputs, bindings=state.ps.bindings, system_values=sysv,
                              hooks=state.sampling_hooks)
            outputs = res.outputs
            if lane_alpha is not None and outputs.shape[0] > 0:
                # Alpha-AA lines: the coverage multiplies o0.a (§3.4.4, §15.14.1).
                a = outputs[0, :, 3].view(np.float32) * lane_alpha.reshape(-1)
                outputs[0, :, 3] = a.astype(np.float32).view(np.uint32)
            discarded = res.discarded
            stats.ps_invocations += int(np.count_nonzero(cov))
            if res.depth is not None:
                depth = np.repeat(res.depth.view(np.float32)[:, None], S, 1)
            if res.coverage_mask is not None:
                omask = res.coverage_mask.astype(np.uint32)
        # Clip distances: samples with any interpolated distance < 0 are not drawn (§15.4.1).
        cov = cov & self._clip_distance_mask(tq, px, py)
        alive = (cov != 0) & ~discarded
        idx = np.nonzero(alive)[0]
        if idx.size == 0:
            return None
        if outputs is not None:
            k = min(outputs.shape[0], 8)
            colors = np.zeros((idx.size, 8, 4), np.uint32)
            colors[:, :k] = outputs[:k, idx].transpose(1, 0, 2)
        else:
            colors = np.zeros((idx.size, 8, 4), np.uint32)
        pc = piece[idx]
        slices = self.rt_index[pc]
        slices = np.where(slices < self._slice_count(), slices, 0)
        return PixelFragments(px.reshape(-1)[idx], py.reshape(-1)[idx], slices, cov[idx].astype(np.uint32), depth[idx], front[idx],
                              colors, self.vp[pc, 4], self.vp[pc, 5],
                              omask[idx] if omask is not None else None)

    def _slice_count(self) -> int:
        om = self.state.om
        for v in list(om.rtvs) + [om.dsv]:
            if v is not None:
                return v.slice_count
        return 1

    def _clip_distance_mask(self, piece: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
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
