"""Primitive setup rules (pipeline/setup.py) pinned on its functions with plain state records: pixel
bounds (§15.6 viewport, §15.7 scissor), depth bias (§15.10), cull distances and point/line clipping
(§15.4), line barycentrics. Expected values are computed independently (hand arithmetic, a least-squares
plane fit for depth slopes), never from the code under test."""

from __future__ import annotations

from types import SimpleNamespace as NS

import numpy as np
import pytest

from pyd3d11.pipeline import setup as su
from pyd3d11.shader import ir

F = np.float32


def _state(*, scissor=None, viewports=((0, 0, 64, 64, 0, 1),), depth_clip=True, bias=0, slope=0.0, clamp=0.0,
           dsv_format=None):
    rs = NS(ScissorEnable=scissor is not None, DepthBias=bias, SlopeScaledDepthBias=slope, DepthBiasClamp=clamp,
            DepthClipEnable=depth_clip, MultisampleEnable=False, AntialiasedLineEnable=False,
            CullMode=1, FillMode=3, FrontCounterClockwise=False)
    vps = [NS(TopLeftX=v[0], TopLeftY=v[1], Width=v[2], Height=v[3], MinDepth=v[4], MaxDepth=v[5]) for v in viewports]
    dsv = NS(format=dsv_format) if dsv_format is not None else None
    return NS(rasterizer=rs, viewports=vps, scissors=[scissor] if scissor else [], om=NS(rtvs=[], dsv=dsv),
              sample_count=1)


def test_pixel_bounds_viewport_without_target():
    st = _state()
    vp = F([[10.5, 20.25, 30, 40, 0, 1]])
    # floor(TopLeft), floor(TopLeft + size): x 10..40, y 20..60
    assert su.pixel_bounds(st, vp, np.array([0])).tolist() == [[10, 20, 40, 60]]


def test_pixel_bounds_intersects_the_scissor():
    st = _state(scissor=(15, 25, 35, 45))
    assert su.pixel_bounds(st, F([[10, 20, 30, 40, 0, 1]]), np.array([0])).tolist() == [[15, 25, 35, 45]]
    st = _state(scissor=(5, 8, 100, 100))
    assert su.pixel_bounds(st, F([[10, 20, 30, 40, 0, 1]]), np.array([0])).tolist() == [[10, 20, 40, 60]]


def _plane_slope(xy, z):
    a = np.c_[np.asarray(xy, np.float64), np.ones(3)]
    dzdx, dzdy, _ = np.linalg.solve(a, np.asarray(z, np.float64))
    return max(abs(dzdx), abs(dzdy))


_TRIS = [  # (screen xy of 3 vertices, z) — one with |dz/dx| dominant, one with |dz/dy| dominant, skewed
    ([(2, 3), (12, 3), (2, 13)], [0.0, 0.5, 0.25]),
    ([(2, 3), (12, 3), (2, 13)], [0.0, 0.25, 0.5]),
    ([(1, 1), (9, 4), (3, 11)], [0.1, 0.6, 0.3]),
    ([(1, 1), (9, 4), (3, 11)], [0.1, 0.3, 0.9]),  # skewed with |dz/dy| dominant: every edge term of dz/dy counts
]


@pytest.mark.parametrize("i", range(len(_TRIS)))
def test_slope_scaled_depth_bias(i):
    """§15.10: Bias = DepthBias * r + SlopeScaledDepthBias * MaxDepthSlope, MaxDepthSlope = max(|dz/dx|, |dz/dy|)."""
    xy, z = _TRIS[i]
    screen = F([xy])
    zs = F([z])
    got = su._depth_bias(_state(slope=2.0, dsv_format=45), zs, screen)
    assert got[0] == pytest.approx(2.0 * _plane_slope(xy, z), rel=1e-5)
    got = su._depth_bias(_state(slope=1.0, dsv_format=45), zs, screen)
    assert got[0] == pytest.approx(_plane_slope(xy, z), rel=1e-5)
    r = 1.0 / (2 ** 24 - 1)
    got = su._depth_bias(_state(bias=1000, slope=1.0, dsv_format=45), zs, screen)
    assert got[0] == pytest.approx(1000 * r + _plane_slope(xy, z), rel=1e-5)


def test_constant_depth_bias_units():
    """§15.10: r is 1/(2^n - 1) for an n-bit UNORM buffer; for float depth 2^(exponent(max z) - 23)."""
    flat = (F([[(0, 0), (4, 0), (0, 4)]]), F([[0.5, 0.5, 0.5]]))
    assert su._depth_bias(_state(bias=3, dsv_format=55), flat[1], flat[0])[0] == pytest.approx(3 / 65535, rel=1e-6)
    assert su._depth_bias(_state(bias=3, dsv_format=45), flat[1], flat[0])[0] == pytest.approx(3 / 16777215, rel=1e-6)
    assert su._depth_bias(_state(bias=3, dsv_format=40), flat[1], flat[0])[0] == pytest.approx(3 * 2.0 ** -24, rel=1e-6)
    assert su._depth_bias(_state(bias=0, dsv_format=45), flat[1], flat[0])[0] == 0


@pytest.mark.parametrize("units", [1, 2, -1, 7])
def test_constant_depth_bias_of_few_units(units):
    """§15.10 with SlopeScaledDepthBias 0: Bias = DepthBias * r for every DepthBias, one unit included (r for
    float depth at max z 0.5 = 2^-1 is 2^(-1 - 23))."""
    flat = (F([[(0, 0), (4, 0), (0, 4)]]), F([[0.5, 0.5, 0.5]]))
    assert su._depth_bias(_state(bias=units, dsv_format=40), flat[1], flat[0])[0] == F(units * 2.0 ** -24)
    assert su._depth_bias(_state(bias=units, dsv_format=55), flat[1], flat[0])[0] == pytest.approx(units / 65535,
                                                                                                 rel=1e-6)


def test_cull_distance_drops_primitives_with_all_vertices_negative():
    """§15.4: a primitive is culled when all its vertices have a cull distance < 0 (any one component);
    NaN counts as < 0."""
    dist = F([[-1, -2, -0.5], [-1, 0.0, -3], [np.nan, -1, -1], [1, 2, 3]])  # per primitive, per vertex
    outputs = np.zeros((3, 12, 4), np.uint32)  # registers, vertices, components
    outputs[2, :, 1] = dist.reshape(-1).view(np.uint32)
    decl = NS(system_name=ir.SystemName.CULL_DISTANCE, register=2, mask=0b0010)
    rows = np.arange(12).reshape(4, 3)
    assert su._cull_distance_keep([decl], outputs, rows).tolist() == [False, True, False, True]


def _points(pos, depth_clip=True):
    pos = np.asarray(pos, np.float32)
    rows = np.arange(len(pos))[:, None]
    st = _state(depth_clip=depth_clip)
    return su.prepare_points(st, [], np.zeros((1, len(pos), 4), np.uint32), pos, rows, NS())


def test_points_inside_the_clip_volume_are_kept_on_its_faces():
    """0 <= z <= w is inside (§15.4): a point exactly on the far plane (z == w) is drawn."""
    p = _points([[0, 0, 2, 2], [0, 0, 0, 2]])
    assert p is not None
    assert sorted(set(p.pieces.source.tolist())) == [0, 1]


@pytest.mark.parametrize("bad", [[np.nan, 0, 0.5, 1], [0, np.nan, 0.5, 1], [0, 0, 0.5, np.inf]])
def test_points_with_non_finite_position_are_discarded(bad):
    assert _points([bad]) is None


def test_point_perspective_weights():
    """Each point becomes two triangles whose 1/w is the vertex's 1/w at all three corners."""
    p = _points([[0, 0, 1, 4], [0.5, 0.5, 0.5, 2]])
    np.testing.assert_allclose(p.pieces.inv_w, [[0.25] * 3, [0.25] * 3, [0.5] * 3, [0.5] * 3])


def test_segment_clipping():
    cp = np.array([
        [[0, 0, -0.5, 1], [0.2, 0, -0.1, 1]],    # both in front of z = 0: out
        [[0, 0, 0.5, 1], [0.5, 0.5, 0.5, 1]],    # inside
        [[np.nan, 0, 0.5, 1], [0, 0, 0.5, 1]],   # NaN endpoint: discarded
        [[0, 0, -0.5, 1], [0, 0, 0.5, 1]],       # crosses z = 0 at t = 0.5
    ], np.float64)
    keep, t_in, t_out = su._clip_segments(cp, True)
    assert keep.tolist() == [False, True, False, True]
    # without depth clipping the z planes are gone: only the NaN segment is dropped
    assert su._clip_segments(cp, False)[0].tolist() == [True, True, False, True]
    assert t_in[3] == pytest.approx(0.5) and t_out[3] == pytest.approx(1.0)


@pytest.mark.parametrize("seg", [
    [[-0.5, 0, 0, 1], [0.5, 0.25, 0, 1]],      # in the plane z = 0
    [[0, -0.5, 2, 2], [0.5, 0.5, 1, 1]],      # in the plane z = w
    [[512, -0.5, 0.5, 1], [1024, 0.5, 0.5, 2]],  # in the guard-band plane x = G w
])
def test_segment_lying_in_a_clip_plane_is_inside(seg):
    """§15.4: the clip volume is closed (-w <= x <= w, 0 <= z <= w; here x against the guard band): a segment
    lying in one of its bounding planes is inside, whole (t from 0 to 1)."""
    keep, t_in, t_out = su._clip_segments(np.array([seg], np.float64), True)
    assert keep.tolist() == [True] and (t_in[0], t_out[0]) == (0.0, 1.0)


def test_line_barycentric_planes():
    """b1 is the projection parameter t along the line (0 at the start, 1 at the end), b0 = 1 - t, and the
    third weight is 0 everywhere."""
    fixed = np.array([[[1, 2], [4, 6]], [[0, 0], [8, 0]]], np.int64) * 256
    planes = su._line_planes(fixed)
    for i, ((x0, y0), (x1, y1)) in enumerate([((1, 2), (4, 6)), ((0, 0), (8, 0))]):
        for t in (0.0, 0.25, 1.0):
            x, y = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
            b = planes[i] @ np.array([x, y, 1.0])
            np.testing.assert_allclose(b, [1 - t, t, 0.0], atol=1e-12)


_FLAT = F([[(0, 0), (4, 0), (0, 4)]])


@pytest.mark.parametrize(("fmt", "zs", "r"), [
    # float depth (D32_FLOAT 40, D32_FLOAT_S8X24_UINT 20): r = 2^(exponent(max |z| of the primitive) - 23)
    (40, (0.5, 0.5, 0.5), 2.0 ** -24), (40, (0.1, 0.6, 0.3), 2.0 ** -24), (40, (0.3, 0.2, 0.26), 2.0 ** -25),
    (40, (1.0, 0.2, 0.2), 2.0 ** -23), (40, (0.01, 0.02, 0.015), 2.0 ** -29), (20, (0.3, 0.2, 0.26), 2.0 ** -25),
    (20, (0.9, 0.99, 0.5), 2.0 ** -24),
    # UNORM depth: r = 1 / (2^n - 1), whatever the depth values
    (55, (0.3, 0.2, 0.26), 1 / 65535), (45, (0.01, 0.02, 0.015), 1 / 16777215)])
def test_depth_bias_unit_per_format_and_primitive(fmt, zs, r):
    """§15.10: the constant bias's unit r from the depth format (and, for float depth, the primitive's largest z)."""
    got = su._depth_bias(_state(bias=5, dsv_format=fmt), F([zs]), _FLAT)[0]
    assert got == F(5 * r)


@pytest.mark.parametrize(("bias", "clamp", "want_units"), [
    (1000, 0.0, 1000), (-1000, 0.0, -1000),  # clamp 0: no clamping
    (1000, 500 / 65535, 500), (200, 500 / 65535, 200),  # positive clamp: min(bias, clamp)
    (-1000, -500 / 65535, -500), (-200, -500 / 65535, -200),  # negative clamp: max(bias, clamp)
    (-1000, 500 / 65535, -1000), (1000, -500 / 65535, 1000)])  # a clamp of the other sign never binds
def test_depth_bias_clamp(bias, clamp, want_units):
    """§15.10: DepthBiasClamp > 0 caps the bias from above, < 0 from below, 0 leaves it."""
    got = su._depth_bias(_state(bias=bias, clamp=clamp, dsv_format=55), F([[0.5, 0.5, 0.5]]), _FLAT)[0]
    want = F(clamp) if want_units in (500, -500) else F(F(want_units) * F(1 / 65535))
    assert got == want
