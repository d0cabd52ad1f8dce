"""Clipping of triangles in clip space (D3D11.3 §15.4–15.6; spec-facts §1.4).

Each output *piece* is a triangle whose vertices are linear combinations of its source triangle's
three clip-space vertices: ``weights[p]`` (3 x 3) maps piece vertices to source vertices. Attributes
are linear in clip space, so the pixel stage interpolates the *source* vertices' attributes with
``perspective-correct piece barycentrics @ weights``; clipped vertices are never materialised and
constant (flat) attributes keep the source's leading vertex untouched.

Planes: 0 <= z <= w when DepthClipEnable (else only w > 0), and a guard band on x and y wide enough
to hide the clip from the result (pixels outside the viewport are scissored anyway) but narrow
enough to keep 16.8 fixed point exact.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# |x|, |y| <= GUARD * w after clipping; with viewports <= 32768 pixels this keeps coordinates
# within about +-2^24 pixels, far inside int64 edge-function range.
GUARD = 512.0
# w must stay positive: vertices at w <= W_EPS are clipped away (the spec's 0 < w).
W_EPS = 1e-30


# Largest clip coordinate clipped in float64 (see clip_triangles); larger ones clip exactly.
EXACT_ABOVE = 1e8


@dataclass(slots=True)
class ClippedTriangles:
    source: np.ndarray  # (P,) int64 index of the source triangle
    weights: np.ndarray  # (P, 3, 3) float64: piece vertex i = sum_j weights[p, i, j] * source vertex j
    clip_pos: np.ndarray  # (P, 3, 4) float64 clip-space positions of the piece vertices


def _planes(depth_clip: bool) -> np.ndarray:
    rows = [
        (0.0, 0.0, 0.0, 1.0),  # w > 0 (as w >= W_EPS, see below)
        (1.0, 0.0, 0.0, GUARD),  # x >= -G w
        (-1.0, 0.0, 0.0, GUARD),  # x <= G w
        (0.0, 1.0, 0.0, GUARD),
        (0.0, -1.0, 0.0, GUARD),
    ]
    if depth_clip:
        rows += [(0.0, 0.0, 1.0, 0.0), (0.0, 0.0, -1.0, 1.0)]  # z >= 0, z <= w
    return np.array(rows, np.float64)


def clip_triangles(pos: np.ndarray, tris: np.ndarray, depth_clip: bool = True) -> ClippedTriangles:
    """Clip triangles ``tris`` (T, 3) over vertex clip positions ``pos`` (V, 4) float32.

    Triangles with a NaN coordinate are discarded (§15.4). Output pieces are in source order.
    """
    T = tris.shape[0]
    planes = _planes(depth_clip)
    cp = pos.astype(np.float64)[tris]  # (T, 3, 4)
    finite = np.all(np.isfinite(cp), axis=(1, 2))
    with np.errstate(invalid="ignore"):  # INF * 0 in a plane product: such triangles are discarded below
        d = cp @ planes.T  # (T, 3, planes)
    d[..., 0] -= W_EPS
    inside = d >= 0
    all_in = np.all(inside, axis=(1, 2)) & finite
    any_plane_all_out = np.any(np.all(~inside, axis=1), axis=1)
    need = finite & ~all_in & ~any_plane_all_out

    eye = np.broadcast_to(np.eye(3), (T, 3, 3))
    src_a = np.nonzero(all_in)[0]
    w_a = eye[src_a]
    c_a = cp[src_a]
    idx_c = np.nonzero(need)[0]
    if idx_c.size:
        # float64 clipping keeps guard-band corners exact to ~1e-16 of the largest coordinate; beyond
        # EXACT_ABOVE that error reaches the 16.8 sub-pixel grid, so those triangles clip in rationals
        big = np.max(np.abs(cp[idx_c]), axis=(1, 2)) > EXACT_ABOVE
        src_b, w_b, c_b = _clip_polygons(cp[idx_c[~big]], planes)
        src_b = idx_c[~big][src_b]
        if big.any():
            src_e, w_e, c_e = _clip_exact(cp[idx_c[big]], planes)
            src_b = np.concatenate([src_b, idx_c[big][src_e]])
            w_b = np.concatenate([w_b, w_e])
            c_b = np.concatenate([c_b, c_e])
        source = np.concatenate([src_a, src_b])
        order = np.argsort(source, kind="stable")
        return ClippedTriangles(source[order], np.concatenate([w_a, w_b])[order], np.concatenate([c_a, c_b])[order])
    return ClippedTriangles(src_a.astype(np.int64), np.array(w_a), c_a)


def _snap(pos: np.ndarray, plane: np.ndarray, is_w_plane: bool) -> np.ndarray:
    """Put intersection points exactly on their plane: the coordinate the plane constrains is set from
    the others (x = -G w for x >= -G w, ...). With source coordinates near FLT_MAX the interpolated value
    carries an absolute error of ~1e-16 of them, far more than the guard band; the snapped one is exact."""
    if is_w_plane:
        pos[:, 3] = W_EPS
        return pos
    axis = int(np.nonzero(plane[:3])[0][0])
    pos[:, axis] = -(plane[3] * pos[:, 3]) / plane[axis]
    return pos


def _clip_polygons(cp: np.ndarray, planes: np.ndarray):
    """Sutherland–Hodgman over a batch of triangles; returns (source index, weights, clip positions) of
    the fan pieces.

    Positions are clipped as positions (each intersection computed from the current polygon's vertices
    and snapped onto its plane), not rebuilt from the weights: a screen-covering triangle with vertices
    at 1e20 or FLT_MAX has guard-band corners whose barycentric weights differ from simple fractions by
    less than float64 resolves, so weights @ vertices would land thousands of units off (§15.4: finite
    coordinates clip to their visible part). Weights still carry the attributes, whose error stays
    relative to the attributes' own size."""
    n = cp.shape[0]
    maxv = 3 + planes.shape[0]
    poly = np.zeros((n, maxv, 3), np.float64)
    poly[:, 0, 0] = poly[:, 1, 1] = poly[:, 2, 2] = 1.0
    ppos = np.zeros((n, maxv, 4), np.float64)
    ppos[:, :3] = cp
    count = np.full(n, 3, np.int64)
    rows = np.arange(n)
    for k, plane in enumerate(planes):
        dist = ppos @ plane  # (n, maxv)
        if k == 0:
            dist = dist - W_EPS
        out = np.zeros_like(poly)
        opos = np.zeros_like(ppos)
        ocount = np.zeros(n, np.int64)
        for i in range(maxv):
            valid = i < count
            j = np.where(i + 1 < count, i + 1, 0)
            di = dist[:, i]
            dj = dist[rows, j]
            keep_i = valid & (di >= 0)
            out[rows[keep_i], ocount[keep_i]] = poly[keep_i, i]
            opos[rows[keep_i], ocount[keep_i]] = ppos[keep_i, i]
            ocount += keep_i
            # an edge crosses only between strictly opposite sides: a vertex on the plane is kept as it
            # is and is itself the edge's exit or entry point (no repeated vertex, no zero-area piece)
            cross = valid & (((di > 0) & (dj < 0)) | ((di < 0) & (dj > 0)))
            if cross.any():
                t = di[cross] / (di[cross] - dj[cross])
                vi, vj = poly[cross, i], poly[rows[cross], j[cross]]
                pi, pj = ppos[cross, i], ppos[rows[cross], j[cross]]
                out[rows[cross], ocount[cross]] = vi + t[:, None] * (vj - vi)
                opos[rows[cross], ocount[cross]] = _snap(pi + t[:, None] * (pj - pi), plane, k == 0)
                ocount += cross
        poly, ppos, count = out, opos, ocount
    tri_counts = np.maximum(count - 2, 0)
    src = np.repeat(np.arange(n), tri_counts)
    first = np.repeat(np.cumsum(tri_counts) - tri_counts, tri_counts)
    k = np.arange(src.shape[0]) - first + 1
    w = np.stack([poly[src, 0], poly[src, k], poly[src, k + 1]], 1)
    c = np.stack([ppos[src, 0], ppos[src, k], ppos[src, k + 1]], 1)
    return src, w, c


def _clip_exact(cp: np.ndarray, planes: np.ndarray):
    """Sutherland–Hodgman in exact rationals for triangles with coordinates up to +-FLT_MAX: float32 (and
    their float64 copies) are dyadic rationals, so every intersection is exact and only the final
    positions and weights round to float64. Such triangles are rare (a few per draw at most), so the
    per-vertex Python arithmetic costs little."""
    from fractions import Fraction

    plane_q = [[Fraction(float(v)) for v in p] for p in planes]
    eps = Fraction(W_EPS)
    srcs, ws, cs = [], [], []
    for t in range(cp.shape[0]):
        verts = [([Fraction(1 if i == j else 0) for j in range(3)], [Fraction(float(v)) for v in cp[t, i]])
                 for i in range(3)]
        for k, pl in enumerate(plane_q):
            if not verts:
                break
            dist = [sum((a * b for a, b in zip(pl, pos, strict=True)), Fraction(0)) - (eps if k == 0 else 0)
                    for _w, pos in verts]
            out = []
            for i, (wi, pi) in enumerate(verts):
                j = (i + 1) % len(verts)
                di, dj = dist[i], dist[j]
                if di >= 0:
                    out.append((wi, pi))
                if (di > 0 and dj < 0) or (di < 0 and dj > 0):  # strictly opposite sides (see above)
                    f = di / (di - dj)
                    wj, pj = verts[j]
                    out.append(([a + f * (b - a) for a, b in zip(wi, wj, strict=True)],
                                [a + f * (b - a) for a, b in zip(pi, pj, strict=True)]))
            verts = out
        for k in range(1, len(verts) - 1):
            tri = (verts[0], verts[k], verts[k + 1])
            srcs.append(t)
            ws.append([[float(x) for x in v[0]] for v in tri])
            cs.append([[float(x) for x in v[1]] for v in tri])
    return (np.array(srcs, np.int64), np.array(ws, np.float64).reshape(-1, 3, 3),
            np.array(cs, np.float64).reshape(-1, 3, 4))
