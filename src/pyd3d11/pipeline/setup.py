"""Primitive setup between the last pre-raster stage and the rasterizer (D3D11.3 §15).

Clipping, perspective divide, viewport transform, snapping, culling and depth bias turn primitives into
*pieces* (:class:`pyd3d11.pipeline.interpolate.PieceSet`) ready for rasterization: triangles (clipped),
points (1x1 squares) and lines (aliased, alpha-antialiased or quadrilateral, by the rasterizer state).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..headers.d3d11_enums import D3D11_CULL_MODE, D3D11_FILL_MODE
from ..headers.dxgi_types import DXGI_FORMAT
from ..shader import ir
from .clip import clip_triangles
from .interpolate import PieceSet, barycentric_planes
from .rasterizer import TriangleSetup, signed_area2, snap
from .shader_io import component_list

SN = ir.SystemName
# the rasterizer state's enums, from their one definition (headers)
CULL_NONE, CULL_FRONT, CULL_BACK = (int(D3D11_CULL_MODE.D3D11_CULL_NONE), int(D3D11_CULL_MODE.D3D11_CULL_FRONT),
                                    int(D3D11_CULL_MODE.D3D11_CULL_BACK))
FILL_WIREFRAME, FILL_SOLID = int(D3D11_FILL_MODE.D3D11_FILL_WIREFRAME), int(D3D11_FILL_MODE.D3D11_FILL_SOLID)


def viewport_arrays(state: Any, index: np.ndarray):
    """Viewport rows (TopLeftX, TopLeftY, Width, Height, MinDepth, MaxDepth) per primitive; an index out of
    range selects viewport 0 (§15.8.1); with none set the viewport is all zeros (§15.6)."""
    vps = state.viewports
    rows = [[v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth] for v in vps] or [[0.0] * 6]
    idx = np.where(index < len(rows), index, 0)
    tab = np.array(rows, np.float32)
    return tab[idx], idx


def _target_size(state: Any) -> tuple[int, int]:
    for v in list(state.om.rtvs) + [state.om.dsv]:
        if v is not None:
            L = v.storage.layout(v.storage.subresource_index(v.first_mip, 0))
            return L.width, L.height
    return 1 << 15, 1 << 15  # no target: UAV-only rendering is bounded by the viewport


def pixel_bounds(state: Any, vp: np.ndarray, vp_idx: np.ndarray) -> np.ndarray:
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


def _depth_bias(state: Any, zs: np.ndarray, screen: np.ndarray) -> np.ndarray:
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
        if fmt in (DXGI_FORMAT.DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT.DXGI_FORMAT_D32_FLOAT_S8X24_UINT):  # float depth
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
class Prepared:
    """Pieces after setup, before rasterization (shared by triangles, points and lines).

    Aliased and alpha-AA lines come already rasterized: ``quads`` (and ``lane_alpha``, the AA coverage
    multiplied into o0.a); everything else is rasterized from ``pieces.setup``.
    """

    pieces: PieceSet
    vp: np.ndarray  # (P, 6) viewport rows
    vp_idx: np.ndarray  # (P,)
    rt_index: np.ndarray  # (P,)
    quads: Any = None
    lane_alpha: np.ndarray | None = None


def _leading_values(state: Any, vout, outputs: np.ndarray, lead: np.ndarray):
    vp_index = _per_prim_uint(outputs, vout, SN.VIEWPORT_ARRAY_INDEX, lead).astype(np.int64)
    rt_index = _per_prim_uint(outputs, vout, SN.RENDER_TARGET_ARRAY_INDEX, lead).astype(np.int64)
    vp, vp_idx = viewport_arrays(state, vp_index)
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


def prepare_triangles(state: Any, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                       stats: Any, sample_count: int | None = None) -> Prepared | None:
    """Clip, divide, viewport, snap, cull and orient triangles (§15.4–§15.13); the native front end
    (pipeline.native.frontend) does the same bit for bit when the native backend is selected."""
    if state.rasterizer.FillMode != FILL_WIREFRAME:
        from .native import frontend

        k = frontend.kernels()
        if k is not None:
            return _prepare_triangles_native(k, state, vout, outputs, pos, rows, stats, sample_count)
    return _prepare_triangles_numpy(state, vout, outputs, pos, rows, stats, sample_count)


class _ClipCounts:
    __slots__ = ("c_invocations", "c_primitives")

    def __init__(self) -> None:
        self.c_invocations = self.c_primitives = 0


def _prepare_triangles_native(k: dict, state: Any, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                              stats: Any, sample_count: int | None) -> Prepared | None:
    """prepare_triangles through the native kernel: trivially accepted triangles are set up natively; the ones
    that need the exact clipper (or lie beyond the kernel's snapping range) take the numpy path, and the two
    sets merge in source order (every piece depends on its own source triangle only)."""
    from .native import frontend

    culls = any(d.system_name == SN.CULL_DISTANCE for d in vout)
    keep = _cull_distance_keep(vout, outputs, rows) if culls else None
    src_idx = None if keep is None or keep.all() else np.nonzero(keep)[0]
    sub = rows if src_idx is None else rows[src_idx]
    stats.c_invocations = int(rows.shape[0])
    rs = state.rasterizer
    # Without per-primitive viewport / render-target indices every triangle takes viewport 0 and slice 0: one
    # row for the kernel, and the per-piece arrays are built for the visible pieces only.
    indexed = any(d.system_name in (SN.VIEWPORT_ARRAY_INDEX, SN.RENDER_TARGET_ARRAY_INDEX) for d in vout)
    if indexed:
        vp, vp_idx, rt_index = _leading_values(state, vout, outputs, sub[:, 0])  # per triangle of ``sub``
        one_vp = len(state.viewports) <= 1  # every index selects viewport 0 (or the all-zero one)
        vp_arg = vp[0] if one_vp and vp.shape[0] else vp
    else:
        vp_arg = viewport_arrays(state, np.zeros(1, np.int64))[0][0]
    biased = rs.DepthBias != 0 or np.float32(rs.SlopeScaledDepthBias) != 0
    r = frontend.triangle_setup(k, pos, sub, vp_arg,
                                bool(rs.DepthClipEnable), bool(rs.FrontCounterClockwise), int(rs.CullMode), biased)
    z = r.z
    if biased:
        zb = (r.sz + _depth_bias(state, r.sz, r.screen)[:, None]).astype(np.float32)
        z = np.where(r.cw[:, None], zb, zb[:, [0, 2, 1]])
    setup = TriangleSetup(r.verts, r.A, r.B, r.C, r.topleft, r.area2)
    parts = [(setup, r.source, r.weights, r.inv_w, z, r.front, r.bary_planes)]
    visible = int(r.source.shape[0])
    if r.fallback.size:
        counts = _ClipCounts()
        fp = _prepare_triangles_numpy(state, vout, outputs, pos, sub[r.fallback], counts, sample_count)
        visible += counts.c_primitives
        if fp is not None:
            p = fp.pieces
            parts.append((p.setup, r.fallback[p.source], p.weights, p.inv_w, p.z, p.front,
                          barycentric_planes(p.setup.verts)))
    stats.c_primitives = visible
    if visible == 0:
        return None
    if len(parts) > 1:
        order = np.argsort(np.concatenate([q[1] for q in parts]), kind="stable")
        cat = [np.concatenate([q[i] for q in parts])[order] for i in range(1, 7)]
        tri = [np.concatenate([getattr(q[0], n) for q in parts])[order]
               for n in ("verts", "A", "B", "C", "topleft", "area2")]
        setup = TriangleSetup(*tri)
        source, weights, inv_w, z, front, bary = cat
        planes = None
    else:
        _, source, weights, inv_w, z, front, bary = parts[0]
        planes = {("split", "invw"): r.inv_w_plane}
        if not biased:
            planes[("split", "z")] = r.z_plane
    pieces = PieceSet(setup, source if src_idx is None else src_idx[source], weights, inv_w, z, front, bary, planes)
    if not indexed:
        # one viewport row for every piece: a read-only zero-stride view (consumers that bound or check every
        # piece's viewport test ``vp.strides[0] == 0`` and use the one row)
        n = source.shape[0]
        return Prepared(pieces, np.broadcast_to(vp_arg, (n, 6)), np.zeros(n, np.int64), np.zeros(n, np.int64))
    return Prepared(pieces, vp[source], vp_idx[source], rt_index[source])


def _prepare_triangles_numpy(state: Any, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                             stats: Any, sample_count: int | None = None) -> Prepared | None:
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
    sz = (sz + _depth_bias(state, sz, screen)[:, None]).astype(np.float32)
    stats.c_primitives = int(visible.sum())
    sel = np.nonzero(visible)[0]
    if sel.size == 0:
        return None
    if rs.FillMode == FILL_WIREFRAME:
        with np.errstate(divide="ignore"):
            inv_w_all = 1.0 / pieces.clip_pos[..., 3]
        return _wireframe(state, sel, source, pieces.weights, inv_w_all, screen, sz, front, vp, vp_idx, rt_index,
                          state.sample_count if sample_count is None else sample_count)
    # Orient clockwise for rasterization: swap vertices 1 and 2 of counter-clockwise pieces.
    order = np.where(cw[sel][:, None], np.array([0, 1, 2]), np.array([0, 2, 1]))
    take = (sel[:, None], order)
    with np.errstate(divide="ignore"):
        inv_w = 1.0 / pieces.clip_pos[..., 3][take]
    piece_set = PieceSet(TriangleSetup.build(fixed[take]), source[sel], pieces.weights[sel[:, None], order],
                         inv_w, sz[take], front[sel])
    return Prepared(piece_set, vp[sel], vp_idx[sel], rt_index[sel])


# Corners of a point's 1x1 square as two clockwise triangles (§3.4.5: rasterized like two triangles).
_POINT_CORNERS = np.array([[[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5]],
                           [[0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]], np.float32)


def prepare_points(state: Any, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray,
                    stats: Any) -> Prepared | None:
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
    return Prepared(piece_set, vp[rep], vp_idx[rep], rt_index[rep])




# --- lines (§3.4.3–3.4.5, §15.14) --------------------------------------------------------------------

class _LineGeometry:
    """Stand-in for TriangleSetup on line pieces: only the fixed-point vertices are needed downstream."""

    __slots__ = ("verts",)

    def __init__(self, verts: np.ndarray) -> None:
        self.verts = verts


def _clip_segments(cp: np.ndarray, depth_clip: bool):
    """Parametric clipping of segments (P, 2, 4) against the clip planes (§15.4): (keep, t_in, t_out)."""
    from .clip import W_EPS, _planes

    planes = _planes(depth_clip)
    d = cp @ planes.T  # (P, 2, planes)
    d[..., 0] -= W_EPS
    d0, d1 = d[:, 0], d[:, 1]
    keep = ~np.any((d0 < 0) & (d1 < 0), axis=1) & np.all(np.isfinite(cp), axis=(1, 2))
    with np.errstate(divide="ignore", invalid="ignore"):
        t = d0 / (d0 - d1)
    t_in = np.where(d0 < 0, t, 0.0).max(axis=1)
    t_out = np.where(d1 < 0, t, 1.0).min(axis=1)
    keep &= t_in <= t_out
    return keep, t_in, t_out


# Piece edges as (vertex a, vertex b), in the piece's vertex order.
_EDGES = np.array([[0, 1], [1, 2], [2, 0]])


def _wireframe(state: Any, sel: np.ndarray, source: np.ndarray, weights: np.ndarray, inv_w: np.ndarray,
               screen: np.ndarray, sz: np.ndarray, front: np.ndarray, vp: np.ndarray, vp_idx: np.ndarray,
               rt_index: np.ndarray, sample_count: int) -> Prepared | None:
    """FillMode WIREFRAME (§15.13): the edges of surviving (culled, biased) triangles drawn as lines in the
    current line mode, keeping the triangle's facing and depth. Edges made by clipping (and the fan
    diagonals of clipped polygons) are not drawn: a piece edge is an original edge exactly when both of
    its vertices have weight 0 on the same source vertex (they lie on the edge opposite it)."""
    w = weights[sel]  # (P, 3, 3)
    wa, wb = w[:, _EDGES[:, 0]], w[:, _EDGES[:, 1]]  # (P, 3 edges, 3 source vertices)
    on_edge = np.any((wa == 0) & (wb == 0), axis=2)  # (P, 3)
    p_idx, e_idx = np.nonzero(on_edge)  # row-major: piece order, then edge order
    if p_idx.size == 0:
        return None
    pc = sel[p_idx]
    ends = _EDGES[e_idx]  # (L, 2)
    take = (pc[:, None], ends)
    return _line_pieces(state, source[pc], weights[take], inv_w[take], screen[take], sz[take], front[pc],
                        vp[pc], vp_idx[pc], rt_index[pc], sample_count)


def _line_pieces(state: Any, src: np.ndarray, w: np.ndarray, inv_w2: np.ndarray, screen: np.ndarray,
                 sz: np.ndarray, front: np.ndarray, vp: np.ndarray, vp_idx: np.ndarray, rt_index: np.ndarray,
                 sample_count: int) -> Prepared | None:
    """Line pieces from screen-space segments: ``w`` (L, 2, 3) endpoint weights over the source
    primitive's vertices; rasterized by the line mode of the rasterizer state (§15.14.1)."""
    from . import raster_lines as rl

    rs = state.rasterizer
    if rs.MultisampleEnable:
        tris = rl.quadrilateral_line_triangles(screen[:, 0], screen[:, 1])
        if tris.count == 0:
            return None
        li, ep = tris.line, tris.endpoint  # (T,), (T, 3)
        pieces = PieceSet(TriangleSetup.build(snap(tris.verts)), src[li], w[li[:, None], ep],
                          inv_w2[li[:, None], ep], sz[li[:, None], ep], front[li])
        return Prepared(pieces, vp[li], vp_idx[li], rt_index[li])
    fixed = snap(screen)  # (L, 2, 2)
    bounds = pixel_bounds(state, vp, vp_idx)
    weights = np.concatenate([w, w[:, 1:]], 1)
    pieces = PieceSet(_LineGeometry(fixed), src, weights, np.concatenate([inv_w2, inv_w2[:, 1:]], 1),
                      np.concatenate([sz, sz[:, 1:]], 1).astype(np.float32), front, _line_planes(fixed))
    lane_alpha = None
    if rs.AntialiasedLineEnable:
        frags = rl.alpha_aa_line_coverage(fixed[:, 0] / SUBPIXEL, fixed[:, 1] / SUBPIXEL, bounds)
        quads, _, lane_alpha = rl.to_quads_aa(frags, sample_count)
    else:
        quads, _ = rl.to_quads(rl.rasterize_aliased_lines(fixed[:, 0], fixed[:, 1], bounds), sample_count)
    return Prepared(pieces, vp, vp_idx, rt_index, quads, lane_alpha)


def prepare_lines(state: Any, vout, outputs: np.ndarray, pos: np.ndarray, rows: np.ndarray, stats: Any,
                  sample_count: int) -> Prepared | None:
    """Lines by the rasterizer state (§15.14.1): MultisampleEnable -> quadrilateral lines (1.4 wide, as
    triangles), else AntialiasedLineEnable -> alpha-AA lines, else aliased lines (diamond exit)."""

    rs = state.rasterizer
    cp = pos[rows[:, :2]].astype(np.float64)  # (P, 2, 4)
    keep = _cull_distance_keep(vout, outputs, rows[:, :2])
    ok, t_in, t_out = _clip_segments(cp, bool(rs.DepthClipEnable))
    src = np.nonzero(keep & ok)[0]
    stats.c_invocations = int(rows.shape[0])
    if src.size == 0:
        return None
    # Endpoint weights over the source line's two vertices.
    w2 = np.stack([np.stack([1 - t_in[src], t_in[src]], 1), np.stack([1 - t_out[src], t_out[src]], 1)], 1)
    ends = np.einsum("pij,pjc->pic", w2, cp[src])  # (L, 2, 4)
    vp, vp_idx, rt_index = _leading_values(state, vout, outputs, rows[src, 0])
    screen, sz = _to_screen(ends, vp)
    finite = np.all(np.isfinite(screen), axis=(1, 2))
    src, w2, ends, screen, sz, vp, vp_idx, rt_index = (a[finite] for a in (src, w2, ends, screen, sz, vp, vp_idx,
                                                                           rt_index))
    stats.c_primitives = int(src.size)
    if src.size == 0:
        return None
    inv_w2 = 1.0 / ends[..., 3]
    w3 = np.zeros((src.size, 2, 3))
    w3[:, :, :2] = w2
    return _line_pieces(state, src, w3, inv_w2, screen, sz, np.ones(src.size, bool), vp, vp_idx, rt_index,
                        sample_count)


SUBPIXEL = 256.0


def _line_planes(fixed: np.ndarray) -> np.ndarray:
    """Barycentric planes of line pieces: b1 = t = projection parameter along the line, b0 = 1 - t."""
    p = fixed.astype(np.float64) / SUBPIXEL
    x0, y0 = p[:, 0, 0], p[:, 0, 1]
    dx, dy = p[:, 1, 0] - x0, p[:, 1, 1] - y0
    with np.errstate(divide="ignore", invalid="ignore"):  # zero-length lines light nothing anyway
        inv = 1.0 / (dx * dx + dy * dy)
        planes = np.zeros((p.shape[0], 3, 3))
        planes[:, 1] = np.stack([dx * inv, dy * inv, -(x0 * dx + y0 * dy) * inv], 1)
    planes[:, 0] = -planes[:, 1]
    planes[:, 0, 2] += 1.0
    return planes
