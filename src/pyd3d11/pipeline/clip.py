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
        src_b, w_b = _clip_polygons(cp[idx_c], planes)
        src_b = idx_c[src_b]
        c_b = np.einsum("pij,pjk->pik", w_b, cp[src_b])
        source = np.concatenate([src_a, src_b])
        order = np.argsort(source, kind="stable")
        return ClippedTriangles(source[order], np.concatenate([w_a, w_b])[order], np.concatenate([c_a, c_b])[order])
    return ClippedTriangles(src_a.astype(np.int64), np.array(w_a), c_a)


def _clip_polygons(cp: np.ndarray, planes: np.ndarray):
    """Sutherland–Hodgman over a batch of triangles; returns (source index, weights) of fan pieces."""
    n = cp.shape[0]
    maxv = 3 + planes.shape[0]
    poly = np.zeros((n, maxv, 3), np.float64)
    poly[:, 0, 0] = poly[:, 1, 1] = poly[:, 2, 2] = 1.0
    count = np.full(n, 3, np.int64)
    rows = np.arange(n)
    for k, plane in enumerate(planes):
        dist_src = cp @ plane  # (n, 3)
        if k == 0:
            dist_src = dist_src - W_EPS
        dist = np.einsum("nvj,nj->nv", poly, dist_src)  # (n, maxv)
        out = np.zeros_like(poly)
        ocount = np.zeros(n, np.int64)
        for i in range(maxv):
            valid = i < count
            j = np.where(i + 1 < count, i + 1, 0)
            di = dist[:, i]
            dj = dist[rows, j]
            vi = poly[:, i]
            vj = poly[rows, j]
            keep_i = valid & (di >= 0)
            out[rows[keep_i], ocount[keep_i]] = vi[keep_i]
            ocount += keep_i
            cross = valid & ((di >= 0) != (dj >= 0))
            if cross.any():
                t = di[cross] / (di[cross] - dj[cross])
                vx = vi[cross] + t[:, None] * (vj[cross] - vi[cross])
                out[rows[cross], ocount[cross]] = vx
                ocount += cross
        poly, count = out, ocount
    tri_counts = np.maximum(count - 2, 0)
    src = np.repeat(np.arange(n), tri_counts)
    first = np.repeat(np.cumsum(tri_counts) - tri_counts, tri_counts)
    k = np.arange(src.shape[0]) - first + 1
    w = np.stack([poly[src, 0], poly[src, k], poly[src, k + 1]], 1)
    return src, w
