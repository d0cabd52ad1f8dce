"""Line rasterization (D3D11.3 §3.4.3–§3.4.5, §15.14.1) against independent expectations: pixel sets
read off the spec figure D3D11_3_LineRast.png, an exact Fraction reference of the diamond-exit rule,
hand-computed rectangle geometry and pixel/square overlap areas."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from pyd3d11.pipeline.raster_lines import (
    AA_BOX_KERNEL_WIDTHS,
    alpha_aa_line_coverage,
    quadrilateral_line_triangles,
    rasterize_aliased_lines,
    to_quads,
    to_quads_aa,
)
from pyd3d11.pipeline.rasterizer import TriangleSetup, rasterize_triangles, sample_offsets, snap

BIG = (-64, -64, 64, 64)
H = Fraction(1, 2)


def fx(points) -> np.ndarray:
    """Pixel-unit coordinates (exact multiples of 1/256) -> 16.8 fixed point."""
    return np.round(np.asarray(points, np.float64).reshape(-1, 2) * 256).astype(np.int64)


def lit(p0, p1, bounds=BIG) -> list[tuple[int, int]]:
    f = rasterize_aliased_lines(fx(p0), fx(p1), bounds)
    return list(zip(f.x.tolist(), f.y.tolist()))


# ---------------------------------------------------------------------------------------------------
# Independent reference: the rule as the figure states it, evaluated on exact rationals.
# ---------------------------------------------------------------------------------------------------

def ref_in_diamond(u: Fraction, v: Fraction, ymajor: bool) -> bool:
    s = abs(u) + abs(v)
    if s != H:
        return s < H
    # On the boundary: name the part of the diamond, as the figure's legend does.
    if u == 0:
        return v > 0  # bottom corner in, top corner out
    if v == 0:
        return ymajor and u > 0  # left corner out; right corner only for y-major lines
    return v > 0  # lower-left / lower-right edges in, upper edges out


def ref_exits(p0, p1, px: int, py: int) -> bool:
    """Walk the segment: lit iff some point inside the diamond is followed by a point outside."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    ymajor = abs(dx) < abs(dy)
    cx, cy = px + H, py + H
    u0, v0 = x0 - cx, y0 - cy
    # Membership only changes where u, v, u+v-1/2 ... cross zero: collect those t and the gaps between.
    crit = {Fraction(0), Fraction(1)}
    for a, b in ((u0, dx), (v0, dy), (u0 + v0, dx + dy), (u0 - v0, dx - dy)):
        for c in (0, H, -H):
            if b != 0:
                t = (c - a) / b
                if 0 <= t <= 1:
                    crit.add(t)
    ts = sorted(crit)
    samples = []
    for i, t in enumerate(ts):
        samples.append(t)
        if i + 1 < len(ts):
            samples.append((t + ts[i + 1]) / 2)
    inside = [ref_in_diamond(u0 + dx * t, v0 + dy * t, ymajor) for t in samples]
    seen_inside = False
    for flag in inside:
        if flag:
            seen_inside = True
        elif seen_inside:
            return True
    return False


def ref_pixels(p0, p1) -> set[tuple[int, int]]:
    xs = [p0[0], p1[0]]
    ys = [p0[1], p1[1]]
    out = set()
    for px in range(int(np.floor(min(xs))) - 1, int(np.floor(max(xs))) + 2):
        for py in range(int(np.floor(min(ys))) - 1, int(np.floor(max(ys))) + 2):
            if ref_exits(p0, p1, px, py):
                out.add((px, py))
    return out


def _rand_coord(rng: random.Random) -> Fraction:
    sub = rng.choice([0, 64, 128, 192, 32, 96, rng.randrange(256), rng.randrange(256)])
    return Fraction(rng.randrange(-2, 4) * 256 + sub, 256)


def test_random_lines_match_exact_reference():
    rng = random.Random(1234)
    lines = []
    for i in range(260):
        a = (_rand_coord(rng), _rand_coord(rng))
        kind = i % 4
        if kind == 0:  # exact diagonals
            d = Fraction(rng.randrange(-600, 600), 256)
            b = (a[0] + d, a[1] + d * rng.choice([1, -1]))
        elif kind == 1:  # axis aligned
            d = Fraction(rng.randrange(-600, 600), 256)
            b = (a[0] + d, a[1]) if rng.random() < 0.5 else (a[0], a[1] + d)
        else:
            b = (_rand_coord(rng), _rand_coord(rng))
        lines.append((a, b))
    p0 = np.array([[int(c * 256) for c in a] for a, _ in lines], np.int64)
    p1 = np.array([[int(c * 256) for c in b] for _, b in lines], np.int64)
    f = rasterize_aliased_lines(p0, p1, BIG)
    for i, (a, b) in enumerate(lines):
        m = f.line == i
        got = list(zip(f.x[m].tolist(), f.y[m].tolist()))
        assert len(got) == len(set(got)), (a, b, got)
        assert set(got) == ref_pixels(a, b), (a, b)


# ---------------------------------------------------------------------------------------------------
# Cases read off the spec figure (grid pixel (col, row); coordinates in pixels).
# ---------------------------------------------------------------------------------------------------

FIGURE_CASES = [
    # start in a pixel centre, end inside the next pixel's diamond
    ((0.5, 0.5), (1.5, 0.75), [(0, 0)]),
    ((1.5, 2.75), (0.5, 2.5), [(1, 2)]),
    # y-major line starting exactly on a right corner: the right corner belongs to y-major diamonds
    ((6.0, 0.5), (6.125, 0.875), [(5, 0)]),
    # x-major line starting exactly on a bottom corner (bottom corners are always in)
    ((7.5, 1.0), (7.875, 0.875), [(7, 0)]),
    # x-major: starts on a left corner (out), crosses a bottom corner (in), ends on a bottom corner
    ((4.0, 2.5), (8.5, 4.0), [(4, 2), (5, 2), (6, 3), (7, 3)]),
    # y-major: starts on a bottom corner (lit), passes a right corner (lit), ends on a right corner
    ((10.5, 2.0), (9.0, 6.5), [(10, 1), (10, 2), (9, 3), (9, 4), (9, 5)]),
    # short vertical lines starting on the lower-left / lower-right edge: lit
    ((9.25, 0.75), (9.25, 1.25), [(9, 0)]),
    ((11.75, 0.75), (11.75, 1.25), [(11, 0)]),
    # enters and leaves through the upper half
    ((14.25, 0.125), (14.75, 0.125), [(14, 0)]),
    # runs along an upper edge (excluded): nothing
    ((13.125, 0.375), (13.375, 0.125), []),
    # ends inside: nothing
    ((15.125, 0.125), (15.375, 0.375), []),
    # runs along a lower edge and ends on it (still inside): nothing
    ((13.375, 1.875), (13.125, 1.625), []),
    ((15.875, 1.625), (15.625, 1.875), []),
    # zero-length line
    ((12.25, 1.375), (12.25, 1.375), []),
]


@pytest.mark.parametrize("a,b,expected", FIGURE_CASES)
def test_figure_cases(a, b, expected):
    assert lit(a, b) == expected


def test_figure_chevron_strip():
    # Slope -1 then +1 (both x-major), joined at a bottom corner.
    assert lit((0.5, 6.0), (2.5, 4.0)) == [(0, 5), (1, 4)]
    assert lit((2.5, 4.0), (4.5, 6.0)) == [(2, 3), (3, 4)]
    # The figure's vertical strip on the boundary x = 6 lights the column to its left (right corners).
    assert lit((6.0, 4.5), (6.0, 5.5)) == [(5, 4)]
    assert lit((6.0, 5.5), (6.0, 8.5)) == [(5, 5), (5, 6), (5, 7)]
    # Horizontal strip on y = 8 (bottom corners of row 7), walked right to left.
    assert lit((11.5, 8.0), (10.5, 8.0)) == [(11, 7)]
    assert lit((10.5, 8.0), (9.5, 8.0)) == [(10, 7)]
    # Corner-to-corner horizontals: the start's right/left corner is out, the pixel is still exited.
    assert lit((9.0, 11.5), (8.0, 11.5)) == [(8, 11)]
    assert lit((8.0, 12.5), (9.0, 12.5)) == [(8, 12)]
    # Horizontal then slope +1 from a left corner along a lower-left edge (in) and an upper-right edge.
    assert lit((8.0, 14.5), (10.0, 14.5)) == [(8, 14), (9, 14)]
    assert lit((10.0, 14.5), (11.0, 15.5)) == [(10, 14)]
    # Vertical from a bottom corner, up to the same pixel's top corner (out): lit.
    assert lit((13.5, 7.0), (13.5, 6.0)) == [(13, 6)]
    assert lit((13.5, 9.0), (13.5, 10.0)) == [(13, 8)]
    # Slope +1 walked up-left along a lower-left edge, then a horizontal leaving a bottom corner.
    assert lit((13.5, 16.0), (12.5, 15.0)) == [(13, 15)]
    assert lit((12.5, 15.0), (12.0, 15.0)) == [(12, 14)]
    # Along an upper-right / upper-left edge, ending on a bottom corner: nothing.
    assert lit((13.0, 9.5), (12.5, 9.0)) == []
    assert lit((15.0, 8.5), (15.5, 8.0)) == []


# ---------------------------------------------------------------------------------------------------
# Hand-worked basics
# ---------------------------------------------------------------------------------------------------

def test_axis_lines_through_centres_and_walk_order():
    assert lit((0.5, 0.5), (4.5, 0.5)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    assert lit((4.5, 0.5), (0.5, 0.5)) == [(4, 0), (3, 0), (2, 0), (1, 0)]
    assert lit((2.5, 0.5), (2.5, 3.5)) == [(2, 0), (2, 1), (2, 2)]
    assert lit((2.5, 3.5), (2.5, 0.5)) == [(2, 3), (2, 2), (2, 1)]


def test_lines_on_pixel_boundaries():
    # Horizontal on y = 1 passes bottom corners of row 0 (in) and top corners of row 1 (out).
    assert lit((0, 1), (4, 1)) == [(0, 0), (1, 0), (2, 0), (3, 0)]
    # Vertical on x = 1 (y-major) passes right corners of column 0 (in) and left corners of column 1.
    assert lit((1, 0), (1, 4)) == [(0, 0), (0, 1), (0, 2), (0, 3)]


@pytest.mark.parametrize("sx,sy", [(1, 1), (1, -1), (-1, 1), (-1, -1)])
def test_exact_diagonals_through_centres(sx, sy):
    # |slope| = 1 is x-major; through centres, every pixel on the way except the last is lit.
    a = (5.5, 5.5)
    b = (5.5 + 3 * sx, 5.5 + 3 * sy)
    assert lit(a, b) == [(5 + i * sx, 5 + i * sy) for i in range(3)]


def test_diagonal_through_corners_uses_x_major_diamond():
    # x - y = 1/2 runs from corner to corner: along the upper-right edges of pixels (i, i) (out) and the
    # lower-left edges of pixels (i + 1, i) (in: x-major diamonds own their lower edges). It starts on
    # the bottom corner of (0, -1) (in, then left: lit) and ends on the bottom corner of (3, 2) (in).
    assert lit((0.5, 0), (3.5, 3)) == [(0, -1), (1, 0), (2, 1)]
    # Reversed, it starts on (3, 2)'s bottom corner and ends on (0, -1)'s: the roles swap.
    assert lit((3.5, 3), (0.5, 0)) == [(3, 2), (2, 1), (1, 0)]
    # x - y = -1/2: lower-left edges of (i, i) (in) and upper-right edges of (i, i + 1) (out); it starts on
    # the left corner of (0, 0) / right corner of (-1, 0) and ends on the right corner of (2, 3), all out.
    assert lit((0, 0.5), (3, 3.5)) == [(0, 0), (1, 1), (2, 2)]


def test_steep_line_classification_just_off_diagonal():
    # dx = 255, dy = 256 (1/256 px short of a diagonal) is y-major: the right corner counts.
    p0 = np.array([[256, 0]], np.int64)
    p1 = np.array([[256 + 255, 256]], np.int64)
    f = rasterize_aliased_lines(p0, p1, BIG)
    ref = ref_pixels((Fraction(1), Fraction(0)), (Fraction(511, 256), Fraction(1)))
    assert set(zip(f.x.tolist(), f.y.tolist())) == ref


def test_t_is_clamped_projection():
    f = rasterize_aliased_lines(fx((0.25, 0.5)), fx((4.25, 0.5)), BIG)
    # pixel centres 0.5, 1.5, 2.5, 3.5 project to (c - 0.25) / 4
    assert f.x.tolist() == [0, 1, 2, 3]
    np.testing.assert_allclose(f.t, [(c - 0.25) / 4 for c in (0.5, 1.5, 2.5, 3.5)])
    # a start pixel whose centre lies before p0 clamps to 0
    f = rasterize_aliased_lines(fx((0.75, 0.5)), fx((2.75, 0.5)), BIG)
    assert f.x.tolist() == [0, 1] and f.t[0] == 0.0  # p1 lies inside pixel 2's diamond
    np.testing.assert_allclose(f.t[1:], [0.375])


# ---------------------------------------------------------------------------------------------------
# Strips, bounds, batching
# ---------------------------------------------------------------------------------------------------

def test_collinear_strip_lights_each_pixel_once_and_equals_whole_line():
    rng = random.Random(7)
    for _ in range(120):
        x0, y0 = rng.randrange(-512, 512), rng.randrange(-512, 512)
        dx, dy = rng.randrange(-6, 7) * 96, rng.randrange(-6, 7) * 96
        if dx == 0 and dy == 0:
            continue
        k = rng.randrange(1, 6)  # split at k/6 of the way: exact in 16.8 since dx, dy are 96 * n
        mid = (x0 + dx * k // 6, y0 + dy * k // 6)
        pts = np.array([[x0, y0], list(mid)], np.int64)
        ends = np.array([list(mid), [x0 + dx, y0 + dy]], np.int64)
        strip = rasterize_aliased_lines(pts, ends, BIG)
        whole = rasterize_aliased_lines(np.array([[x0, y0]]), np.array([[x0 + dx, y0 + dy]]), BIG)
        s = list(zip(strip.x.tolist(), strip.y.tolist()))
        w = list(zip(whole.x.tolist(), whole.y.tolist()))
        assert len(s) == len(set(s))
        assert s == w  # same pixels, same walk order, segment by segment


def test_bounds_discard_pixels_per_line():
    rng = np.random.default_rng(3)
    p0 = rng.integers(-600, 2600, (40, 2))
    p1 = rng.integers(-600, 2600, (40, 2))
    full = rasterize_aliased_lines(p0, p1, BIG)
    bnd = np.stack([rng.integers(-2, 4, 40), rng.integers(-2, 4, 40),
                    rng.integers(4, 9, 40), rng.integers(4, 9, 40)], axis=1)
    clipped = rasterize_aliased_lines(p0, p1, bnd)
    b = bnd[full.line]
    keep = (full.x >= b[:, 0]) & (full.x < b[:, 2]) & (full.y >= b[:, 1]) & (full.y < b[:, 3])
    assert clipped.line.tolist() == full.line[keep].tolist()
    assert clipped.x.tolist() == full.x[keep].tolist()
    assert clipped.y.tolist() == full.y[keep].tolist()
    np.testing.assert_array_equal(clipped.t, full.t[keep])
    assert np.all(np.diff(full.line) >= 0)


def test_translation_by_whole_pixels_far_from_origin():
    rng = np.random.default_rng(21)
    p0 = rng.integers(0, 1024, (60, 2))
    p1 = rng.integers(0, 1024, (60, 2))
    shift = np.array([32000, -32000])
    near = rasterize_aliased_lines(p0, p1, BIG)
    far = rasterize_aliased_lines(p0 + shift * 256, p1 + shift * 256, (-40000, -40000, 40000, 40000))
    assert far.line.tolist() == near.line.tolist()
    assert (far.x - shift[0]).tolist() == near.x.tolist()
    assert (far.y - shift[1]).tolist() == near.y.tolist()
    np.testing.assert_allclose(far.t, near.t)


def test_long_lines_pixel_count_and_monotone_walk():
    # A long x-major line lights one pixel per column it exits.
    p0 = np.array([[128, 128], [5000 * 256 + 128, 300 * 256 + 128]], np.int64)
    p1 = np.array([[4000 * 256 + 128, 1500 * 256 + 128], [128, 128]], np.int64)
    f = rasterize_aliased_lines(p0, p1, (-10, -10, 10000, 10000))
    n0 = int((f.line == 0).sum())
    assert n0 == 4000
    x0 = f.x[f.line == 0]
    assert np.all(np.diff(x0) == 1)
    x1 = f.x[f.line == 1]
    assert int((f.line == 1).sum()) == 5000 and np.all(np.diff(x1) == -1)


# ---------------------------------------------------------------------------------------------------
# Quads
# ---------------------------------------------------------------------------------------------------

def test_to_quads_groups_in_primitive_order_with_all_samples():
    p0 = fx([(0.5, 0.5), (0.5, 0.5)])
    p1 = fx([(4.5, 1.5), (0.5, 2.5)])
    f = rasterize_aliased_lines(p0, p1, BIG)
    # line 0, slope 1/4: at x = 1.5 y = 0.75 (row 0), x = 2.5 y = 1.0 (bottom corner of row 0: row 0),
    # x = 3.5 y = 1.25 (row 1); its end is the centre of (4, 1) (not lit)
    assert list(zip(f.x.tolist(), f.y.tolist())) == [(0, 0), (1, 0), (2, 0), (3, 1), (0, 0), (0, 1)]
    q, lane_t = to_quads(f, sample_count=4)
    assert q.tri.tolist() == [0, 0, 1]
    assert q.x.tolist() == [0, 2, 0] and q.y.tolist() == [0, 0, 0]
    # lanes TL, TR, BL, BR
    assert q.coverage.tolist() == [[15, 15, 0, 0], [15, 0, 0, 15], [15, 0, 15, 0]]
    np.testing.assert_allclose(lane_t[0, :2], f.t[:2])
    np.testing.assert_allclose(lane_t[1, [0, 3]], f.t[2:4])
    np.testing.assert_allclose(lane_t[2, [0, 2]], f.t[4:6])
    # helper lanes carry the unclamped projection (line 1 is vertical: t = (y + 0.5 - 0.5) / 2)
    np.testing.assert_allclose(lane_t[2, [1, 3]], [0.0, 0.5])


def test_to_quads_never_merges_lines():
    # Two lines hitting one quad give two quads (per primitive, in primitive order).
    p0 = fx([(0.5, 0.5), (1.5, 0.5)])
    p1 = fx([(1.5, 0.5), (0.5, 0.5)])
    q, _ = to_quads(rasterize_aliased_lines(p0, p1, BIG))
    assert q.tri.tolist() == [0, 1]
    assert q.coverage.tolist() == [[1, 0, 0, 0], [0, 1, 0, 0]]


# ---------------------------------------------------------------------------------------------------
# Quadrilateral lines
# ---------------------------------------------------------------------------------------------------

def test_quadrilateral_rectangle_geometry():
    p0 = np.array([[1.0, 1.0], [3.0, 7.0], [2.0, 2.0]])
    p1 = np.array([[5.0, 4.0], [3.0, 2.0], [2.0, 2.0]])
    q = quadrilateral_line_triangles(p0, p1)
    assert q.line.tolist() == [0, 0, 1, 1]  # zero-length line 2 dropped
    v = q.verts.astype(np.float64)
    for tri in range(4):
        ln = q.line[tri]
        a, b = p0[ln], p1[ln]
        d = (b - a) / np.linalg.norm(b - a)
        for k in range(3):
            end = a if q.endpoint[tri, k] == 0 else b
            off = v[tri, k] - end
            # corners sit 0.7 from their own endpoint, perpendicular to the line
            assert abs(np.dot(off, d)) < 1e-5
            assert abs(np.linalg.norm(off) - 0.7) < 1e-5
        area2 = (v[tri, 1, 0] - v[tri, 0, 0]) * (v[tri, 2, 1] - v[tri, 0, 1]) - \
                (v[tri, 2, 0] - v[tri, 0, 0]) * (v[tri, 1, 1] - v[tri, 0, 1])
        assert area2 > 0  # clockwise with +y down
    # the two triangles tile the rectangle: total area = 1.4 * length
    length = np.linalg.norm(p1[0] - p0[0])
    areas = []
    for tri in range(2):
        e1 = v[tri, 1] - v[tri, 0]
        e2 = v[tri, 2] - v[tri, 0]
        areas.append(0.5 * abs(e1[0] * e2[1] - e1[1] * e2[0]))
    assert abs(sum(areas) - 1.4 * length) < 1e-4


def test_quadrilateral_coverage_through_triangle_rasterizer():
    p0 = np.array([[1.3, 2.1]])
    p1 = np.array([[9.6, 5.2]])
    q = quadrilateral_line_triangles(p0, p1)
    setup = TriangleSetup.build(snap(q.verts))
    offs = sample_offsets(4)
    frags = rasterize_triangles(setup, offs, (0, 0, 16, 16))
    lx, ly = frags.lane_pixels()
    got = {}
    for i in range(frags.count):
        for lane in range(4):
            if frags.coverage[i, lane]:
                key = (int(lx[i, lane]), int(ly[i, lane]))
                assert key not in got or got[key] & int(frags.coverage[i, lane]) == 0  # no double hit
                got[key] = got.get(key, 0) | int(frags.coverage[i, lane])
    # Independent: sample strictly inside the 1.4-wide rectangle (none falls on an edge here).
    a, b = p0[0], p1[0]
    d = (b - a) / np.linalg.norm(b - a)
    n = np.array([-d[1], d[0]])
    length = np.linalg.norm(b - a)
    expect = {}
    for px in range(16):
        for py in range(16):
            m = 0
            for s, (ox, oy) in enumerate(offs.tolist()):
                pt = np.array([px + 0.5 + ox / 256, py + 0.5 + oy / 256])
                if 0 < np.dot(pt - a, d) < length and abs(np.dot(pt - a, n)) < 0.7:
                    m |= 1 << s
            if m:
                expect[(px, py)] = m
    assert got == expect


# ---------------------------------------------------------------------------------------------------
# Alpha-antialiased lines
# ---------------------------------------------------------------------------------------------------

def _overlap(a0, a1, b0, b1):
    return max(0.0, min(a1, b1) - max(a0, b0))


def _ref_axis_coverage(x0, x1, yc, px, py, widths):
    """Horizontal line y = yc from x0 to x1, width 1: exact rectangle/square overlaps."""
    tot = 0.0
    for w in widths:
        h = w / 2
        cx, cy = px + 0.5, py + 0.5
        area = _overlap(x0, x1, cx - h, cx + h) * _overlap(yc - 0.5, yc + 0.5, cy - h, cy + h)
        tot += area / (w * w)
    return tot / len(widths)


def _aa_dict(f):
    return {(int(x), int(y)): float(c) for x, y, c in zip(f.x, f.y, f.coverage)}


@pytest.mark.parametrize("kernel", [AA_BOX_KERNEL_WIDTHS, (1.0, 1.5, 2.0, 2.5, 3.0)])
def test_aa_horizontal_line_exact(kernel):
    x0, x1, yc = 1.25, 6.5, 3.3
    f = alpha_aa_line_coverage(np.array([[x0, yc]]), np.array([[x1, yc]]), (0, 0, 16, 16), kernel=kernel)
    got = _aa_dict(f)
    expect = {}
    for px in range(16):
        for py in range(16):
            c = _ref_axis_coverage(x0, x1, yc, px, py, kernel)
            if c > 0:
                expect[(px, py)] = c
    assert got.keys() == expect.keys()
    for k, c in expect.items():
        assert abs(got[k] - c) < 1e-6, k
    if kernel == AA_BOX_KERNEL_WIDTHS:
        assert got[(3, 3)] == pytest.approx(0.8) and got[(3, 2)] == pytest.approx(0.2)


def test_aa_rotated_line_against_supersampling():
    a = np.array([2.2, 3.1])
    b = np.array([8.7, 6.4])
    f = alpha_aa_line_coverage(a[None], b[None], (0, 0, 16, 16))
    got = _aa_dict(f)
    d = (b - a) / np.linalg.norm(b - a)
    n = np.array([-d[1], d[0]])
    length = np.linalg.norm(b - a)
    g = (np.arange(400) + 0.5) / 400  # 400 x 400 grid over each 1x1 cell of the 3x3 kernel squares
    worst = 0.0
    for (px, py), c in list(got.items())[::5]:
        tot = 0.0
        for w in (1.0, 1.5, 2.0, 2.5, 3.0):
            xs = px + 0.5 - w / 2 + g[:, None] * w
            ys = py + 0.5 - w / 2 + g[None, :] * w
            along = (xs - a[0]) * d[0] + (ys - a[1]) * d[1]
            across = (xs - a[0]) * n[0] + (ys - a[1]) * n[1]
            tot += np.mean((along >= 0) & (along <= length) & (np.abs(across) <= 0.5))
        worst = max(worst, abs(tot / 5 - c))
    assert worst < 5e-3


def test_aa_bounds_symmetry_and_conservation():
    rng = np.random.default_rng(11)
    a = rng.uniform(4, 28, (30, 2))
    b = rng.uniform(4, 28, (30, 2))
    f = alpha_aa_line_coverage(a, b, (0, 0, 32, 32))
    assert np.all(f.coverage > 0) and np.all(f.coverage <= 1)
    assert np.all((f.t >= 0) & (f.t <= 1))
    r = alpha_aa_line_coverage(b, a, (0, 0, 32, 32))
    for i in range(30):
        fa = _aa_dict_line(f, i)
        ra = _aa_dict_line(r, i)
        assert fa.keys() == ra.keys()
        assert max(abs(fa[k] - ra[k]) for k in fa) < 1e-6
    # mirror x -> 32 - x maps pixel px -> 31 - px
    m = alpha_aa_line_coverage(np.c_[32 - a[:, 0], a[:, 1]], np.c_[32 - b[:, 0], b[:, 1]], (0, 0, 32, 32))
    for i in range(30):
        fa = _aa_dict_line(f, i)
        ma = {(31 - x, y): c for (x, y), c in _aa_dict_line(m, i).items()}
        assert fa.keys() == ma.keys()
        assert max(abs(fa[k] - ma[k]) for k in fa) < 1e-5
    # box kernel conserves area exactly: sum of coverage = length * 1.0
    box = alpha_aa_line_coverage(a, b, (0, 0, 32, 32), kernel=AA_BOX_KERNEL_WIDTHS)
    sums = np.bincount(box.line, weights=box.coverage.astype(np.float64), minlength=30)
    np.testing.assert_allclose(sums, np.linalg.norm(b - a, axis=1), rtol=1e-5, atol=1e-5)
    # clipped to bounds
    c = alpha_aa_line_coverage(a, b, (8, 8, 20, 20))
    assert np.all((c.x >= 8) & (c.x < 20) & (c.y >= 8) & (c.y < 20))
    full = {(int(ln), int(x), int(y)) for ln, x, y in zip(f.line, f.x, f.y) if 8 <= x < 20 and 8 <= y < 20}
    assert {(int(ln), int(x), int(y)) for ln, x, y in zip(c.line, c.x, c.y)} == full


def _aa_dict_line(f, i):
    m = f.line == i
    return {(int(x), int(y)): float(c) for x, y, c in zip(f.x[m], f.y[m], f.coverage[m])}


def test_aa_quads_alpha_and_samples():
    f = alpha_aa_line_coverage(np.array([[1.0, 1.0]]), np.array([[3.0, 1.0]]), (0, 0, 8, 8),
                               kernel=AA_BOX_KERNEL_WIDTHS)
    # y = 1.0 straddles rows 0 and 1: each of pixels x=1,2 in rows 0/1 covered by half
    assert _aa_dict(f) == {(1, 0): 0.5, (1, 1): 0.5, (2, 0): 0.5, (2, 1): 0.5}
    q, lane_t, alpha = to_quads_aa(f, sample_count=2)
    assert q.x.tolist() == [0, 2] and q.y.tolist() == [0, 0]
    assert q.coverage.tolist() == [[0, 3, 0, 3], [3, 0, 3, 0]]
    assert alpha.tolist() == [[0, 0.5, 0, 0.5], [0.5, 0, 0.5, 0]]
    np.testing.assert_allclose(lane_t, [[-0.25, 0.25, -0.25, 0.25], [0.75, 1.25, 0.75, 1.25]])


def test_aa_zero_length_and_empty():
    f = alpha_aa_line_coverage(np.array([[2.0, 2.0]]), np.array([[2.0, 2.0]]), (0, 0, 8, 8))
    assert f.count == 0
    g = rasterize_aliased_lines(np.zeros((0, 2), np.int64), np.zeros((0, 2), np.int64), BIG)
    assert g.count == 0
    q, t = to_quads(g)
    assert q.count == 0 and t.shape == (0, 4)


def test_aa_pixel_set_matches_separating_axis_overlap():
    # Independent candidate check: a pixel gets coverage > 0 iff the line rectangle overlaps the
    # kernel's largest square (width 3) with positive area (separating-axis test on both shapes).
    rng = np.random.default_rng(5)
    a = rng.uniform(3, 13, (40, 2))
    b = rng.uniform(3, 13, (40, 2))
    b[:8] = a[:8] + np.array([1.0, -1.0]) * rng.uniform(1, 6, (8, 1)) + rng.uniform(-0.02, 0.02, (8, 2))
    f = alpha_aa_line_coverage(a, b, (0, 0, 16, 16))
    px, py = np.meshgrid(np.arange(16), np.arange(16), indexing="ij")
    cx = px.ravel() + 0.5
    cy = py.ravel() + 0.5
    for i in range(40):
        d = (b[i] - a[i]) / np.linalg.norm(b[i] - a[i])
        n = np.array([-d[1], d[0]])
        corners = np.array([a[i] - n / 2, b[i] - n / 2, b[i] + n / 2, a[i] + n / 2])
        sq = np.array([[-1.5, -1.5], [1.5, -1.5], [1.5, 1.5], [-1.5, 1.5]])
        sets = []
        for margin in (1e-3, -1e-9):  # clearly overlapping / touching at all
            overlap = np.ones(cx.shape, bool)
            for axis in (np.array([1.0, 0.0]), np.array([0.0, 1.0]), d, n):
                rp = corners @ axis
                sp = (np.c_[cx, cy] @ axis)[:, None] + (sq @ axis)[None, :]
                overlap &= (rp.max() > sp.min(axis=1) + margin) & (rp.min() < sp.max(axis=1) - margin)
            sets.append(set(zip(px.ravel()[overlap].tolist(), py.ravel()[overlap].tolist())))
        got = set(_aa_dict_line(f, i))
        assert sets[0] <= got <= sets[1], i


def test_chunked_batches_match_single_batch(monkeypatch):
    import pyd3d11.pipeline.raster_lines as rl

    rng = np.random.default_rng(9)
    p0 = rng.integers(-3000, 3000, (50, 2))
    p1 = rng.integers(-3000, 3000, (50, 2))
    one = rasterize_aliased_lines(p0, p1, BIG)
    aa_one = alpha_aa_line_coverage(p0 / 256, p1 / 256, BIG)
    monkeypatch.setattr(rl, "_MAX_CANDIDATES", 64)
    many = rasterize_aliased_lines(p0, p1, BIG)
    aa_many = alpha_aa_line_coverage(p0 / 256, p1 / 256, BIG)
    for field in ("line", "x", "y", "t"):
        np.testing.assert_array_equal(getattr(one, field), getattr(many, field))
        np.testing.assert_array_equal(getattr(aa_one, field), getattr(aa_many, field))
    np.testing.assert_array_equal(aa_one.coverage, aa_many.coverage)


@pytest.mark.parametrize("p0, p1", [((1.0, 1.0), (4.0, 3.0)), ((5.25, 0.5), (1.0, 6.75)), ((2.0, 6.0), (7.5, 4.5))])
def test_aa_quads_lane_t_is_the_projection_on_every_lane(p0, p1):
    """Alpha-AA lines (float pixel coordinates): covered lanes carry the fragment's t, helper lanes the
    unclamped projection of their pixel centre onto the line, t = ((c - p0) . d) / |d|^2 — here on lines
    that are neither horizontal nor vertical, so both components of d count."""
    f = alpha_aa_line_coverage(np.array([p0]), np.array([p1]), (0, 0, 8, 8), kernel=AA_BOX_KERNEL_WIDTHS)
    q, lane_t, _ = to_quads_aa(f)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    lx = q.x[:, None] + np.array([0, 1, 0, 1])
    ly = q.y[:, None] + np.array([0, 0, 1, 1])
    want = ((lx + 0.5 - p0[0]) * dx + (ly + 0.5 - p0[1]) * dy) / (dx * dx + dy * dy)
    helper = q.coverage == 0
    assert helper.any() and (~helper).any()
    np.testing.assert_allclose(lane_t[helper], want[helper], rtol=0, atol=1e-12)
    np.testing.assert_allclose(np.sort(lane_t[~helper]), np.sort(f.t), rtol=0, atol=0)


@pytest.mark.parametrize("p0, p1", [((1.0, 1.0), (4.0, 3.0)), ((5.25, 0.5), (1.0, 6.75)), ((2.0, 6.0), (7.5, 4.5))])
def test_aliased_quads_lane_t_is_the_projection_on_every_lane(p0, p1):
    """The same for aliased lines (16.8 fixed point): helper lanes carry t = ((c - p0) . d) / |d|^2 of their
    pixel centre c, unclamped; covered lanes the fragment's clamped t."""
    f = rasterize_aliased_lines(fx([p0]), fx([p1]), BIG)
    q, lane_t = to_quads(f)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    lx = q.x[:, None] + np.array([0, 1, 0, 1])
    ly = q.y[:, None] + np.array([0, 0, 1, 1])
    want = ((lx + 0.5 - p0[0]) * dx + (ly + 0.5 - p0[1]) * dy) / (dx * dx + dy * dy)
    helper = q.coverage == 0
    assert helper.any() and (~helper).any()
    np.testing.assert_allclose(lane_t[helper], want[helper], rtol=0, atol=1e-12)
    np.testing.assert_allclose(lane_t[~helper], np.clip(want[~helper], 0, 1), rtol=0, atol=1e-12)
