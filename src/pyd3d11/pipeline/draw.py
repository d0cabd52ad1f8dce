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
from .clip import clip_triangles
from .geometry import PreRaster, gs_accepts_topology, run_pre_raster_stages
from .input_assembler import (
    DrawArgs,
    IndexBufferBinding,
    InputElement,
    VertexBufferBinding,
    build_stream,
    fetch_vertices,
)
from .interpolate import Interpolator, PieceSet, centroid_offsets, lane_location
from .output_merger import OMState, OutputMerger, PixelFragments
from .rasterizer import (
    D3D11_STANDARD_MULTISAMPLE_PATTERN,
    QuadFragments,
    TriangleSetup,
    rasterize_triangles,
    sample_offsets,
    signed_area2,
    snap,
)
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


def _viewport_arrays(state: GraphicsState, index: np.ndarray):
    vps = state.viewports or [Viewport()]
    idx = np.where(index < len(vps), index, 0)
    tab = np.array([[v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth] for v in vps], np.float32)
    return tab[idx], idx


def _target_size(state: GraphicsState) -> tuple[int, int]:
    for v in list(state.om.rtvs) + [state.om.dsv]:
        if v is not None:
            L = v.storage.layout(v.storage.subresource_index(v.first_mip, 0))
            return L.width, L.height
    return 1 << 15, 1 << 15  # no target: UAV-only rendering is bounded by the viewport


def _bounds(state: GraphicsState, vp: np.ndarray, vp_idx: np.ndarray) -> np.ndarray:
    """Per-primitive pixel rectangle: viewport (rounded toward -inf) ∩ scissor ∩ target (§15.6, §15.7)."""
    x0 = np.floor(vp[:, 0]).astype(np.int64)
    y0 = np.floor(vp[:, 1]).astype(np.int64)
    x1 = np.floor((vp[:, 0] + vp[:, 2]).astype(np.float32)).astype(np.int64)
    y1 = np.floor((vp[:, 1] + vp[:, 3]).astype(np.float32)).astype(np.int64)
    W, H = _target_size(state)
    b = np.stack([np.maximum(x0, 0), np.maximum(y0, 0), np.minimum(x1, W), np.minimum(y1, H)], 1)
    if state.rasterizer.ScissorEnable:
        sc = state.scissors or []
        tab = np.array([s for s in sc] + [(0, 0, 0, 0)], np.int64)
        sidx = np.where(vp_idx < len(sc), vp_idx, len(sc))
        s = tab[sidx]
        b = np.stack([np.maximum(b[:, 0], s[:, 0]), np.maximum(b[:, 1], s[:, 1]),
                      np.minimum(b[:, 2], s[:, 2]), np.minimum(b[:, 3], s[:, 3])], 1)
    return b


def _per_prim_uint(outputs: np.ndarray, decls, name: int, rows0: np.ndarray) -> np.ndarray:
    """A uint system value taken from the leading vertex of each primitive (0 if not written)."""
    for d in decls:
        if d.system_name == name:
            return outputs[d.register, rows0, component_list(d.mask)[0]]
    return np.zeros(rows0.shape[0], np.uint32)


def _depth_bias(state: GraphicsState, zs: np.ndarray, screen: np.ndarray) -> np.ndarray:
    """Per-piece depth bias (§15.10), float32 math."""
    rs = state.rasterizer
    slope_scale = np.float32(rs.SlopeScaledDepthBias)
    if rs.DepthBias == 0 and slope_scale == 0:
        return np.zeros(zs.shape[0], np.float32)
    dsv = state.om.dsv
    fmt = dsv.format if dsv is not None else 0
    with np.errstate(all="ignore"):
        slope = np.zeros(zs.shape[0], np.float32)
        if slope_scale != 0:
            x, y = screen[..., 0].astype(np.float32), screen[..., 1].astype(np.float32)
            e1x, e1y, e1z = x[:, 1] - x[:, 0], y[:, 1] - y[:, 0], zs[:, 1] - zs[:, 0]
            e2x, e2y, e2z = x[:, 2] - x[:, 0], y[:, 2] - y[:, 0], zs[:, 2] - zs[:, 0]
            det = e1x * e2y - e2x * e1y
            dzdx = (e1z * e2y - e2z * e1y) / det
            dzdy = (e2z * e1x - e1z * e2x) / det
            slope = (slope_scale * np.maximum(np.abs(dzdx), np.abs(dzdy))).astype(np.float32)
        if fmt in (40, 20):  # float depth
            maxz = np.abs(zs).max(axis=1)
            e = np.frexp(maxz)[1] - 1
            r = np.ldexp(np.float32(1), e - 23).astype(np.float32)
        else:
            bits = {55: 16, 45: 24}.get(fmt, 24)
            r = np.float32(1.0 / ((1 << bits) - 1))
        bias = (np.float32(rs.DepthBias) * r + slope).astype(np.float32)
        clamp = np.float32(rs.DepthBiasClamp)
        if clamp > 0:
            bias = np.minimum(clamp, bias)
        elif clamp < 0:
            bias = np.maximum(clamp, bias)
    return bias.astype(np.float32)


@dataclass(slots=True)
class _Prepared:
    """Pieces after setup, before rasterization (shared by triangles, points and lines)."""

    pieces: PieceSet
    vp: np.ndarray  # (P, 6) viewport rows
    vp_idx: np.ndarray  # (P,)
    rt_index: np.ndarray  # (P,)


def _leading_values(state: GraphicsState, vout, outputs: np.ndarray, lead: np.ndarray):
    vp_index = _per_prim_uint(outputs, vout, SN.VIEWPORT_ARRAY_INDEX, lead).astype(np.int64)
    rt_index = _per_prim_uint(outputs, vout, SN.RENDER_TARGET_ARRAY_INDEX, lead).astype(np.int64)
    vp, vp_idx = _viewport_arrays(state, vp_index)
    return vp, vp_idx, rt_index


def _to_screen(cp: np.ndarray, vp: np.ndarray):
    """Perspective divide and viewport transform in float32 (§15.5, §15.6): (P, k, 4) -> xy, z."""
    cp = cp.astype(np.float32)
    w = cp[..., 3]
    with np.errstate(all="ignore"):
        ndc = cp[..., :3] / w[..., None]
        half = np.float32(0.5)
        sx = (ndc[..., 0] + np.float32(1)) * vp[:, None, 2] * half + vp[:, None, 0]
        sy = (np.float32(1) - ndc[..., 1]) * vp[:, None, 3] * half + vp[:, None, 1]
        sz = vp[:, None, 4] + ndc[..., 2] * (vp[:, None, 5] - vp[:, None, 4])
    return np.stack([sx, sy], -1).astype(np.float32), sz.astype(np.float32)


def _cull_distance_keep(vout, outputs: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Drop a primitive if all its vertices are < 0 (NaN counts) for one cull component (§15.4)."""
    keep = np.ones(rows.shape[0], bool)
    for d in vout:
        if d.system_name == SN.CULL_DISTANCE:
            for c in component_list(d.mask):
                v = outputs[d.register, :, c].view(np.float32)[rows]
                keep &= ~np.all(~(v >= 0), axis=1)
    return keep


def _prepare_triangles(state: GraphicsState, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                       stats: DrawStats) -> _Prepared | None:
    src_idx = np.nonzero(_cull_distance_keep(vout, outputs, rows))[0]
    pieces = clip_triangles(pos, rows[src_idx], bool(state.rasterizer.DepthClipEnable))
    stats.c_invocations = int(rows.shape[0])
    if pieces.source.shape[0] == 0:
        return None
    source = src_idx[pieces.source]  # index into ``rows``
    vp, vp_idx, rt_index = _leading_values(state, vout, outputs, rows[source, 0])
    screen, sz = _to_screen(pieces.clip_pos, vp)
    finite = np.all(np.isfinite(screen), axis=(1, 2))
    fixed = snap(np.where(np.isfinite(screen), screen, 0))
    area = signed_area2(fixed)
    rs = state.rasterizer
    cw = area > 0
    front = cw != bool(rs.FrontCounterClockwise)
    visible = finite & (area != 0)
    if rs.CullMode == CULL_BACK:
        visible &= front
    elif rs.CullMode == CULL_FRONT:
        visible &= ~front
    if rs.FillMode == FILL_WIREFRAME:
        raise NotSupportedError("FillMode WIREFRAME")
    sz = (sz + _depth_bias(state, sz, screen)[:, None]).astype(np.float32)
    stats.c_primitives = int(visible.sum())
    sel = np.nonzero(visible)[0]
    if sel.size == 0:
        return None
    # Orient clockwise for rasterization: swap vertices 1 and 2 of counter-clockwise pieces.
    order = np.where(cw[sel][:, None], np.array([0, 1, 2]), np.array([0, 2, 1]))
    take = (sel[:, None], order)
    with np.errstate(divide="ignore"):
        inv_w = 1.0 / pieces.clip_pos[..., 3][take]
    piece_set = PieceSet(TriangleSetup.build(fixed[take]), source[sel], pieces.weights[sel[:, None], order],
                         inv_w, sz[take], front[sel])
    return _Prepared(piece_set, vp[sel], vp_idx[sel], rt_index[sel])


# Corners of a point's 1x1 square as two clockwise triangles (§3.4.5: rasterized like two triangles).
_POINT_CORNERS = np.array([[[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5]],
                           [[0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]], np.float32)


def _prepare_points(state: GraphicsState, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                    stats: DrawStats) -> _Prepared | None:
    """Points: a 1x1 square around the vertex, attributes replicated, never culled (§3.4.5, §15.14)."""
    cp = pos[rows[:, 0]].astype(np.float64)
    keep = _cull_distance_keep(vout, outputs, rows) & np.all(np.isfinite(cp), axis=1) & (cp[:, 3] > 0)
    if state.rasterizer.DepthClipEnable:
        keep &= (cp[:, 2] >= 0) & (cp[:, 2] <= cp[:, 3])
    stats.c_invocations = int(rows.shape[0])
    src = np.nonzero(keep)[0]
    if src.size == 0:
        return None
    vp, vp_idx, rt_index = _leading_values(state, vout, outputs, rows[src, 0])
    screen, sz = _to_screen(cp[src][:, None, :], vp)
    centre = screen[:, 0]
    tri = (centre[:, None, None, :] + _POINT_CORNERS[None]).reshape(-1, 3, 2)
    source = np.repeat(src, 2)
    fixed = snap(tri)
    P = source.shape[0]
    weights = np.zeros((P, 3, 3))
    weights[:, :, 0] = 1.0
    inv_w = np.repeat(1.0 / cp[src, 3], 2)[:, None] * np.ones((1, 3))
    z = np.repeat(sz[:, 0], 2)[:, None] * np.ones((1, 3), np.float32)
    stats.c_primitives = int(src.size)
    piece_set = PieceSet(TriangleSetup.build(fixed), source, weights, inv_w, z.astype(np.float32),
                         np.ones(P, bool))
    rep = np.repeat(np.arange(src.size), 2)
    return _Prepared(piece_set, vp[rep], vp_idx[rep], rt_index[rep])


def _draw_primitives(state: GraphicsState, pre: PreRaster, stats: DrawStats) -> None:
    vout = pre.decls
    outputs, rows, primitive_id, cls = pre.outputs, pre.rows, pre.primitive_id, pre.topology_class
    pos_decl = [d for d in vout if d.system_name == SN.POSITION]
    if not pos_decl:
        return  # no SV_Position: nothing rasterizes
    pos = outputs[pos_decl[0].register].view(np.float32)  # (V, 4)
    if cls == prim.TRIANGLE:
        prep = _prepare_triangles(state, vout, outputs, pos, rows, stats)
    elif cls == prim.POINT:
        prep = _prepare_points(state, vout, outputs, pos, rows, stats)
    else:
        raise NotSupportedError("line rasterization")
    if prep is None:
        return
    S = state.sample_count
    offsets = sample_offsets(S, state.sample_quality if state.sample_quality in (0xFFFFFFFF, 0xFFFFFFFE)
                             else D3D11_STANDARD_MULTISAMPLE_PATTERN)
    bounds = _bounds(state, prep.vp, prep.vp_idx)
    quads = rasterize_triangles(prep.pieces.setup, offsets, bounds)
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
        frags = ctx.shade(part, stats)
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

    def shade(self, q: QuadFragments, stats: DrawStats) -> PixelFragments | None:
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
