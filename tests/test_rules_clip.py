"""Clipping rules (D3D11.3 §15.4–15.6, spec-facts §1.4) on the clipper's output itself: what survives has
0 < w (the spec's rule, here w >= W_EPS), and the clipped polygon is Sutherland–Hodgman's — a vertex on a
clip plane is inside and stays as it is, an edge is cut only between vertices strictly on opposite sides —
so no piece repeats a vertex. Both the float64 clipper and the exact one (coordinates beyond EXACT_ABOVE)
are checked from the same definitions."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.clip import EXACT_ABOVE, GUARD, W_EPS, clip_triangles

SCALES = [1.0, 4.0 * EXACT_ABOVE]  # the float64 clipper and the exact one


def _clip(verts, scale=1.0, depth_clip=True):
    pos = (np.asarray(verts, np.float64) * scale).astype(np.float32)
    return clip_triangles(pos, np.array([[0, 1, 2]]), depth_clip)


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("w", [0.0, 1e-31, -1e-31, -1e-30, W_EPS / 2])
@pytest.mark.parametrize("depth_clip", [True, False])
def test_vertices_at_or_near_w_zero_are_clipped_away(scale, w, depth_clip):
    """A vertex with w <= W_EPS (x = y = z = 0: inside every other plane) is cut off; what is left has w > 0
    everywhere and still covers the w > 0 part (at least two pieces: the triangle minus a corner)."""
    # the two visible vertices scaled homogeneously (same positions) to reach the exact clipper
    pos = np.array([[0, 0, 0, w], [-scale, -scale, 0.5 * scale, scale], [scale, -scale, 0.5 * scale, scale]],
                   np.float32)
    got = clip_triangles(pos, np.array([[0, 1, 2]]), depth_clip)
    assert got.clip_pos.shape[0] >= 2  # (at w < 0 the z <= w plane cuts too)
    assert np.all(got.clip_pos[..., 3] >= W_EPS)


def _plane_point(plane: str, rng) -> list[float]:
    """A point exactly on one clip plane (w = 2), inside the others."""
    x, y, z, w = rng.uniform(-1.5, 1.5), rng.uniform(-1.5, 1.5), rng.uniform(0.2, 1.8), 2.0
    if plane == "z=0":
        z = 0.0
    elif plane == "z=w":
        z = w
    elif plane == "x=-Gw":
        x = -GUARD * w
    elif plane == "y=Gw":
        y = GUARD * w
    return [x, y, z, w]


OUTSIDE = {"z=0": [0.3, 0.1, -1.0, 2.0], "z=w": [0.3, 0.1, 3.0, 2.0], "x=-Gw": [-3000.0, 0.1, 1.0, 2.0],
           "y=Gw": [0.3, 3000.0, 1.0, 2.0]}


@pytest.mark.parametrize("scale", SCALES)
@pytest.mark.parametrize("plane", sorted(OUTSIDE))
@pytest.mark.parametrize("order", range(3))
@pytest.mark.parametrize("mirror", [False, True])
def test_vertex_on_a_plane_is_kept_without_repeats(scale, plane, order, mirror):
    """One vertex on the plane, one inside, one outside: the visible part is the triangle (on-plane vertex,
    inside vertex, the edge's cut) — one piece; with the other two both outside nothing is visible (the
    on-plane vertex alone has no area) — no piece. In every case no piece repeats a vertex. Every cyclic
    order and both windings, so each edge direction (on -> out, out -> on, in -> on, on -> in) occurs. The
    outside vertices are scaled homogeneously (same position) to send the triangle to the exact clipper;
    the inside vertex is 1 from the z planes, so a cut of "strictly inside" at 1 instead of 0 shows."""
    rng = np.random.default_rng(order)
    on, inside = _plane_point(plane, rng), [0.1, -0.2, 1.0, 2.0]
    out1 = [c * scale for c in OUTSIDE[plane]]
    out2 = [c * scale for c in OUTSIDE[plane][:3] + [2.5]]  # another outside point (w = 2.5)
    for others, pieces in (([inside, out1], 1), ([out1, out2], 0)):
        verts = [on, *others]
        verts = verts[order:] + verts[:order]
        if mirror:
            verts = verts[::-1]
        got = clip_triangles(np.array(verts, np.float32), np.array([[0, 1, 2]]))
        assert got.clip_pos.shape[0] == pieces
        for tri in got.clip_pos:
            assert len({tuple(v) for v in tri}) == 3
        if pieces:
            on32 = np.float32(on).astype(np.float64)
            assert any(np.array_equal(v, on32) for v in got.clip_pos[0])


@pytest.mark.parametrize("scale", SCALES)
def test_triangle_touching_a_plane_from_inside_is_not_cut(scale):
    """All vertices inside or on the planes: the triangle passes whole (weights the identity)."""
    got = _clip([[0, 0, 0.0, 1], [1, 0, 1.0, 1], [0, 1, 0.5, 1]], scale)
    assert got.clip_pos.shape[0] == 1
    np.testing.assert_array_equal(got.weights[0], np.eye(3))
