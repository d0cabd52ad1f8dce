"""Line rasterization (D3D11.3 §3.4.3–§3.4.5, §15.14.1; spec-facts §1.3).

Three line algorithms, chosen by the rasterizer state (§15.14.1):

=====================  ====================  =================================================
MultisampleEnable      AntialiasedLineEnable  algorithm
=====================  ====================  =================================================
FALSE                  FALSE                 aliased "diamond exit" (:func:`rasterize_aliased_lines`)
FALSE                  TRUE                  alpha-antialiased (:func:`alpha_aa_line_coverage`)
TRUE                   any                   quadrilateral, 1.4 wide (:func:`quadrilateral_line_triangles`)
=====================  ====================  =================================================

Conventions follow :mod:`pyd3d11.pipeline.rasterizer`: 16.8 fixed point (``SUBPIXEL_ONE`` = 256
units per pixel), pixel centres at +0.5, +y down, quads with lanes TL, TR, BL, BR, outputs in primitive
order. Everything is vectorised over lines and candidate pixels.

Aliased lines (§3.4.3 and figure ``D3D11_3_LineRast.png``): every pixel owns a diamond
``|u| + |v| <= 1/2`` around its centre (u, v = offset from the centre). A line with -1 <= slope <= 1
(``|dx| >= |dy|``; so both exact diagonals are x-major) sees diamonds that include the lower-left and
lower-right edges and the bottom corner and exclude the upper edges and the top, left and right corners:
``{|u|+|v| < 1/2} ∪ {|u|+|v| = 1/2, v > 0}``. Any other line is y-major and its diamonds also include the
right corner ``(+1/2, 0)``. A pixel is lit when the line, walked from start to end, exits its diamond.
The diamond is convex, so that is exactly: the segment meets the diamond and the end point lies outside
it. A zero-length line lights nothing.

Line strips are independent lines (figure: "strips draw no differently than the equivalent sequence of
independent lines"): where a strip continues with the same major axis, the joint pixel is lit at most
once (the first segment ends inside its diamond). Where a strip turns back or changes major axis at a
point on a right corner, a pixel may be lit by both segments, as independent lines would.

Exactness: all aliased-line tests are integer arithmetic on the 16.8 values; products stay below
2^63 for coordinates up to about ±2^24 fixed-point units (±65536 px), beyond the D3D11 viewport range.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pyd3d11.headers.d3d11_constants import D3D11_MULTISAMPLE_ANTIALIAS_LINE_WIDTH
from pyd3d11.pipeline.rasterizer import HALF, QUAD_LANE_DX, QUAD_LANE_DY, SUBPIXEL_ONE, QuadFragments

__all__ = [
    "AA_BOX_KERNEL_WIDTHS",
    "AA_REFERENCE_KERNEL_WIDTHS",
    "AALineFragments",
    "LineFragments",
    "QuadLineTriangles",
    "alpha_aa_line_coverage",
    "quadrilateral_line_triangles",
    "rasterize_aliased_lines",
    "to_quads",
    "to_quads_aa",
]

# Bound on candidate pixels evaluated per numpy pass.
_MAX_CANDIDATES = 1 << 20
# Candidate minor-axis pixels tested per major-axis step (aliased: the diamonds a |slope| <= 1 line can
# meet in one column lie within 3 rows of the row under the column centre; 4 keeps the floor simple).
_ALIASED_MINOR = 4
# Alpha-AA reference kernel (figure D3D11_3_AALineRast.png): squares R0..R4 of these widths about the
# pixel centre, each normalised by its area, averaged.
AA_REFERENCE_KERNEL_WIDTHS = (1.0, 1.5, 2.0, 2.5, 3.0)
AA_BOX_KERNEL_WIDTHS = (1.0,)
# Coverage at or below this is treated as zero: a polygon outside a square still sums to ~1e-16.
_AA_MIN_COVERAGE = 1e-9


@dataclass(slots=True)
class LineFragments:
    """Pixels lit by aliased lines, in line order and, within a line, in walk order (start to end).

    ``t`` is the parameter along the line (0 at p0, 1 at p1) of the pixel centre's orthogonal
    projection, clamped to [0, 1]: the weight for interpolating the two endpoint attributes.
    ``p0``/``p1`` are the lines' snapped endpoints (L, 2) in 16.8 fixed point.
    """

    line: np.ndarray  # (F,) int64
    x: np.ndarray  # (F,) int64
    y: np.ndarray  # (F,) int64
    t: np.ndarray  # (F,) float64
    p0: np.ndarray  # (L, 2) int64
    p1: np.ndarray  # (L, 2) int64

    @property
    def count(self) -> int:
        return int(self.line.shape[0])


@dataclass(slots=True)
class AALineFragments:
    """Pixels of alpha-antialiased lines with their coverage (multiplied into o0.a by the OM, §3.4.4).

    Float endpoints ``p0``/``p1`` are in pixels (render-target space, snapped positions / 256).
    """

    line: np.ndarray  # (F,) int64
    x: np.ndarray  # (F,) int64
    y: np.ndarray  # (F,) int64
    t: np.ndarray  # (F,) float64
    coverage: np.ndarray  # (F,) float32 in (0, 1]
    p0: np.ndarray  # (L, 2) float64
    p1: np.ndarray  # (L, 2) float64

    @property
    def count(self) -> int:
        return int(self.line.shape[0])


@dataclass(slots=True)
class QuadLineTriangles:
    """Quadrilateral (MSAA) lines as clockwise triangles for the triangle rasterizer (§3.4.5).

    ``verts`` (T, 3, 2) float32 render-target positions; ``endpoint`` (T, 3) says which line endpoint
    (0 = p0, 1 = p1) each vertex copies its attributes from; ``line`` (T,) the source line. Two
    triangles per non-degenerate line, in line order; zero-length lines produce none.
    """

    verts: np.ndarray
    endpoint: np.ndarray
    line: np.ndarray

    @property
    def count(self) -> int:
        return int(self.line.shape[0])


def _bounds(bounds, n: int) -> np.ndarray:
    return np.broadcast_to(np.asarray(bounds, np.int64).reshape(-1, 4), (n, 4))


def _points(p, dtype) -> np.ndarray:
    return np.asarray(p, dtype).reshape(-1, 2)


def _chunks(counts: np.ndarray, limit: int):
    """Yield (start, end) line ranges whose summed candidate counts stay near ``limit``."""
    n = counts.shape[0]
    csum = np.cumsum(counts)
    start = 0
    while start < n:
        base = int(csum[start - 1]) if start else 0
        end = int(np.searchsorted(csum, base + limit, side="right"))
        end = max(end, start + 1)
        yield start, end
        start = end


def _projection_t(px, py, p0x, p0y, dx, dy, len2) -> np.ndarray:
    """Unclamped parameter of the projection of (px, py) on the line p0 + t*(dx, dy)."""
    num = (px - p0x) * dx + (py - p0y) * dy
    return num.astype(np.float64) / np.maximum(len2, 1).astype(np.float64)


# ---------------------------------------------------------------------------------------------------
# Aliased lines (§3.4.3)
# ---------------------------------------------------------------------------------------------------

# The x-major diamond as four half-planes ``su*u + sv*v <= HALF`` (non-strict: the lower edges) or
# ``< HALF`` (strict: the upper edges, which also removes the left, top and right corners).
_DIAMOND_SU = (1, -1, 1, -1)
_DIAMOND_SV = (1, 1, -1, -1)
_DIAMOND_STRICT = (False, False, True, True)


def _segment_meets_xmajor_diamond(u0, v0, u1, v1) -> np.ndarray:
    """Exact test: does the segment (u0,v0)->(u1,v1) (relative to a pixel centre) meet the x-major
    diamond?  Liang–Barsky clipping in rationals: each half-plane bounds t from below or above, with
    the bound open for strict edges; the interval of t is non-empty iff lower < upper or they are equal
    and both closed."""
    shape = u0.shape
    lo_n = np.zeros(shape, np.int64)
    lo_d = np.ones(shape, np.int64)
    lo_closed = np.ones(shape, bool)
    hi_n = np.ones(shape, np.int64)
    hi_d = np.ones(shape, np.int64)
    hi_closed = np.ones(shape, bool)
    ok = np.ones(shape, bool)
    for su, sv, strict in zip(_DIAMOND_SU, _DIAMOND_SV, _DIAMOND_STRICT):
        g0 = su * u0 + sv * v0 - HALF
        g1 = su * u1 + sv * v1 - HALF
        d = g0 - g1  # g(t) = g0 - d*t must be <= 0 (or < 0)
        par = d == 0
        ok &= ~par | (g0 < 0) | ((g0 == 0) & (not strict))
        # Bound t* = g0 / d, stored with a positive denominator.
        sgn = np.where(d < 0, -1, 1)
        bn = g0 * sgn
        bd = np.abs(d)
        closed = not strict
        is_lo = d > 0
        is_hi = d < 0
        # Lower bound: keep the larger; on a tie an open bound wins.
        c = bn * lo_d - lo_n * bd
        take = is_lo & (c > 0)
        tie = is_lo & (c == 0)
        lo_n = np.where(take, bn, lo_n)
        lo_d = np.where(take, bd, lo_d)
        lo_closed = np.where(take, closed, np.where(tie, lo_closed & closed, lo_closed))
        # Upper bound: keep the smaller.
        c = bn * hi_d - hi_n * bd
        take = is_hi & (c < 0)
        tie = is_hi & (c == 0)
        hi_n = np.where(take, bn, hi_n)
        hi_d = np.where(take, bd, hi_d)
        hi_closed = np.where(take, closed, np.where(tie, hi_closed & closed, hi_closed))
    c = lo_n * hi_d - hi_n * lo_d
    return ok & ((c < 0) | ((c == 0) & lo_closed & hi_closed))


def _in_diamond(u, v, ymajor) -> np.ndarray:
    """Point membership in the half-open diamond (x-major rule, plus the right corner if y-major)."""
    m = np.abs(u) + np.abs(v)
    return (m < HALF) | ((m == HALF) & (v > 0)) | (ymajor & (u == HALF) & (v == 0))


def _aliased_lit(u0, v0, u1, v1, ymajor) -> np.ndarray:
    """Diamond-exit test for candidate pixels; coordinates are relative to each pixel centre."""
    meets = _segment_meets_xmajor_diamond(u0, v0, u1, v1)
    # y-major diamonds also own the right corner R = (HALF, 0): is R on the segment?
    du = u1 - u0
    dv = v1 - v0
    ru = HALF - u0
    rv = -v0
    on_seg = (du * rv - dv * ru == 0) & (du * ru + dv * rv >= 0) & (du * ru + dv * rv <= du * du + dv * dv)
    meets |= ymajor & on_seg
    return meets & ~_in_diamond(u1, v1, ymajor)


def rasterize_aliased_lines(p0: np.ndarray, p1: np.ndarray, bounds) -> LineFragments:
    """Aliased lines by the diamond-exit rule (§3.4.3), exact on snapped 16.8 endpoints.

    ``p0``/``p1`` (L, 2) int64 fixed-point endpoints; ``bounds`` (4,) or (L, 4) half-open pixel
    rectangles (x0, y0, x1, y1) (viewport ∩ scissor). Pixels outside ``bounds`` are discarded, not
    clipped geometrically (§3.4.3.1 permits either). Each line is independent: strips are sequences of
    lines, and a strip continuing in one direction lights a joint pixel once because the first segment
    ends inside that pixel's diamond (not an exit) and the next starts there.
    """
    a = _points(p0, np.int64)
    b = _points(p1, np.int64)
    n_lines = a.shape[0]
    bnd = _bounds(bounds, n_lines)
    if n_lines == 0:
        z = np.zeros(0, np.int64)
        return LineFragments(z, z, z, np.zeros(0), a, b)
    dx = b[:, 0] - a[:, 0]
    dy = b[:, 1] - a[:, 1]
    xmajor = np.abs(dx) >= np.abs(dy)  # -1 <= slope <= 1, +y down (both diagonals are x-major)
    # Major axis "a", minor axis "b" per line.
    ma0 = np.where(xmajor, a[:, 0], a[:, 1])
    mb0 = np.where(xmajor, a[:, 1], a[:, 0])
    ma1 = np.where(xmajor, b[:, 0], b[:, 1])
    da = ma1 - ma0
    db = np.where(xmajor, dy, dx)
    amin = np.minimum(ma0, ma1)
    amax = np.maximum(ma0, ma1)
    # Pixels whose diamond spans [256k, 256k + 256] along the major axis and meets [amin, amax].
    k_lo = np.maximum(-((SUBPIXEL_ONE - amin) // SUBPIXEL_ONE), np.where(xmajor, bnd[:, 0], bnd[:, 1]))
    k_hi = np.minimum(amax // SUBPIXEL_ONE, np.where(xmajor, bnd[:, 2], bnd[:, 3]) - 1)
    steps = np.where(da == 0, 0, np.maximum(k_hi - k_lo + 1, 0))
    counts = steps * _ALIASED_MINOR

    parts: list[tuple[np.ndarray, ...]] = []
    for start, end in _chunks(counts, _MAX_CANDIDATES):
        cnt = counts[start:end]
        total = int(cnt.sum())
        if total == 0:
            continue
        ln = np.repeat(np.arange(start, end, dtype=np.int64), cnt)
        first = np.repeat(np.cumsum(cnt) - cnt, cnt)
        local = np.arange(total, dtype=np.int64) - first
        step = local // _ALIASED_MINOR
        r = local % _ALIASED_MINOR
        la = da[ln]
        lb = db[ln]
        # Walk order along the major axis.
        k = np.where(la > 0, k_lo[ln] + step, k_hi[ln] - step)
        # Minor coordinate of the line at the major centre c: b_c = mb0 + (c - ma0) * db / da.
        c = k * SUBPIXEL_ONE + HALF
        num = mb0[ln] * la + (c - ma0[ln]) * lb - 3 * HALF * la
        # floor((b_c - 384) / 256): integer floor division is exact for either sign of la
        base = num // (SUBPIXEL_ONE * la)
        m = np.where(lb >= 0, base + r, base + (_ALIASED_MINOR - 1) - r)
        xm = xmajor[ln]
        px = np.where(xm, k, m)
        py = np.where(xm, m, k)
        cx = px * SUBPIXEL_ONE + HALF
        cy = py * SUBPIXEL_ONE + HALF
        x0 = a[ln, 0]
        y0 = a[ln, 1]
        x1 = b[ln, 0]
        y1 = b[ln, 1]
        lit = _aliased_lit(x0 - cx, y0 - cy, x1 - cx, y1 - cy, ~xm)
        bb = bnd[ln]
        lit &= (px >= bb[:, 0]) & (px < bb[:, 2]) & (py >= bb[:, 1]) & (py < bb[:, 3])
        ln = ln[lit]
        px = px[lit]
        py = py[lit]
        ldx = dx[ln]
        ldy = dy[ln]
        t = _projection_t(px * SUBPIXEL_ONE + HALF, py * SUBPIXEL_ONE + HALF, a[ln, 0], a[ln, 1],
                          ldx, ldy, ldx * ldx + ldy * ldy)
        parts.append((ln, px, py, np.clip(t, 0.0, 1.0)))
    if not parts:
        z = np.zeros(0, np.int64)
        return LineFragments(z, z, z, np.zeros(0), a, b)
    cols = [np.concatenate([p[i] for p in parts]) for i in range(4)]
    return LineFragments(cols[0], cols[1], cols[2], cols[3], a, b)


# ---------------------------------------------------------------------------------------------------
# Quads for the pixel shader
# ---------------------------------------------------------------------------------------------------

def _group_quads(line, x, y):
    """Group fragments into 2x2 quads per line, quads ordered by their first fragment.

    Returns (quad line, quad x, quad y, quad index per fragment, lane per fragment)."""
    qx = x >> 1
    qy = y >> 1
    keys = np.stack([line, qx, qy], axis=1)
    _, first, inv = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    inv = inv.reshape(-1)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.shape[0])
    qid = rank[inv]
    src = first[order]
    lane = (x & 1) + 2 * (y & 1)
    return line[src], qx[src] * 2, qy[src] * 2, qid, lane


def _lane_t(qline, qx, qy, p0, p1, qid, lane, t, scale):
    """Per-lane t: the fragment's clamped t on covered lanes, the unclamped projection on helpers
    (so derivatives across the quad follow the line's attribute gradient)."""
    lx = qx[:, None] + QUAD_LANE_DX
    ly = qy[:, None] + QUAD_LANE_DY
    a = p0[qline]
    d = p1[qline] - a
    if scale == 1:  # float pixels
        num = (lx + 0.5 - a[:, 0:1]) * d[:, 0:1] + (ly + 0.5 - a[:, 1:2]) * d[:, 1:2]
        len2 = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
        lane_t = num / np.where(len2 > 0, len2, 1.0)[:, None]
    else:
        len2 = d[:, 0] * d[:, 0] + d[:, 1] * d[:, 1]
        lane_t = _projection_t(lx * scale + HALF, ly * scale + HALF, a[:, 0:1], a[:, 1:2],
                               d[:, 0:1], d[:, 1:2], len2[:, None])
    lane_t = np.asarray(lane_t, np.float64)
    lane_t[qid, lane] = t
    return lane_t


def to_quads(frags: LineFragments, sample_count: int = 1) -> tuple[QuadFragments, np.ndarray]:
    """Aliased-line fragments -> 2x2 quads for the pixel shader, in primitive order.

    Quads of one line come in the order of their first lit pixel along the walk; uncovered lanes are
    helpers (coverage 0). A lit pixel covers ALL ``sample_count`` samples: with MultisampleEnable FALSE
    the line algorithms ignore sample positions and hit every sample of a covered pixel (§15.14.1).
    Returns (quads, lane_t (Q, 4) float64); ``quads.tri`` holds the line index.
    """
    full = np.uint32((1 << sample_count) - 1) if sample_count < 32 else np.uint32(0xFFFFFFFF)
    if frags.count == 0:
        z = np.zeros(0, np.int64)
        return QuadFragments(z, z, z, np.zeros((0, 4), np.uint32)), np.zeros((0, 4))
    qline, qx, qy, qid, lane = _group_quads(frags.line, frags.x, frags.y)
    cov = np.zeros((qline.shape[0], 4), np.uint32)
    cov[qid, lane] = full
    lane_t = _lane_t(qline, qx, qy, frags.p0, frags.p1, qid, lane, frags.t, SUBPIXEL_ONE)
    return QuadFragments(qline, qx, qy, cov), lane_t


def to_quads_aa(frags: AALineFragments, sample_count: int = 1) -> tuple[QuadFragments, np.ndarray, np.ndarray]:
    """Alpha-AA line fragments -> quads, like :func:`to_quads`, plus lane_alpha (Q, 4) float32: the
    coverage to multiply into o0.a (0 on helpers). Every sample of a covered pixel is covered and gets
    the same alpha (§15.14.1)."""
    full = np.uint32((1 << sample_count) - 1) if sample_count < 32 else np.uint32(0xFFFFFFFF)
    if frags.count == 0:
        z = np.zeros(0, np.int64)
        return (QuadFragments(z, z, z, np.zeros((0, 4), np.uint32)), np.zeros((0, 4)),
                np.zeros((0, 4), np.float32))
    qline, qx, qy, qid, lane = _group_quads(frags.line, frags.x, frags.y)
    cov = np.zeros((qline.shape[0], 4), np.uint32)
    cov[qid, lane] = full
    alpha = np.zeros((qline.shape[0], 4), np.float32)
    alpha[qid, lane] = frags.coverage
    lane_t = _lane_t(qline, qx, qy, frags.p0, frags.p1, qid, lane, frags.t, 1)
    return QuadFragments(qline, qx, qy, cov), lane_t, alpha


# ---------------------------------------------------------------------------------------------------
# Quadrilateral (MSAA) lines (§3.4.5)
# ---------------------------------------------------------------------------------------------------

def quadrilateral_line_triangles(
    p0: np.ndarray, p1: np.ndarray, width: float = D3D11_MULTISAMPLE_ANTIALIAS_LINE_WIDTH
) -> QuadLineTriangles:
    """The ``width``-wide rectangle around each line as two clockwise triangles (§3.4.5).

    The rectangle's ends pass through the endpoints (no extension along the length); its two corners
    at each end copy that endpoint's attributes, so barycentric interpolation varies along the length
    only (§15.14.1). ``p0``/``p1`` (L, 2) float render-target positions (the snapped positions).
    """
    a = _points(p0, np.float64)
    b = _points(p1, np.float64)
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    keep = length > 0
    line = np.nonzero(keep)[0].astype(np.int64)
    a = a[keep]
    b = b[keep]
    d = d[keep]
    # Half-width offset along the normal (-dy, dx) / |d|: "+" side is +y for a line running +x.
    off = np.stack([-d[:, 1], d[:, 0]], axis=1) * (0.5 * width / length[keep])[:, None]
    a_minus, a_plus = a - off, a + off
    b_minus, b_plus = b - off, b + off
    n = line.shape[0]
    verts = np.empty((n, 2, 3, 2), np.float64)
    # (A-, B-, B+) and (A-, B+, A+) are clockwise on screen (+y down) for any direction.
    verts[:, 0, 0] = a_minus
    verts[:, 0, 1] = b_minus
    verts[:, 0, 2] = b_plus
    verts[:, 1, 0] = a_minus
    verts[:, 1, 1] = b_plus
    verts[:, 1, 2] = a_plus
    endpoint = np.broadcast_to(np.array([[0, 1, 1], [0, 1, 0]], np.int8), (n, 2, 3))
    return QuadLineTriangles(
        verts.reshape(n * 2, 3, 2).astype(np.float32),
        endpoint.reshape(n * 2, 3).copy(),
        np.repeat(line, 2),
    )


# ---------------------------------------------------------------------------------------------------
# Alpha-antialiased lines (§3.4.4)
# ---------------------------------------------------------------------------------------------------

def _area_in_square(rect: np.ndarray, half: float) -> np.ndarray:
    """Area of convex polygons (N, V, 2) (coordinates relative to the square's centre) inside the
    axis-aligned square [-half, half]^2.

    Green's theorem on the clipped region: the area is |sum over edges of the integral, over the edge's
    x-extent clipped to [-half, half], of clamp(y, -half, half) dx|. Along an edge y is linear in x, so
    that integral is (x2 - x1) times the mean of clamp over [y1, y2], which has the closed form
    (G(y2) - G(y1)) / (y2 - y1) with G the antiderivative of clamp (even, quadratic inside the square,
    linear outside); a near-flat edge uses the clamped midpoint instead."""
    pa = rect
    pb = np.roll(rect, -1, axis=1)
    xa, ya = pa[..., 0], pa[..., 1]
    xb, yb = pb[..., 0], pb[..., 1]
    x1 = np.clip(xa, -half, half)
    x2 = np.clip(xb, -half, half)
    dxe = xb - xa
    safe = np.where(dxe == 0, 1.0, dxe)
    y1 = ya + (x1 - xa) / safe * (yb - ya)
    y2 = ya + (x2 - xa) / safe * (yb - ya)

    def antideriv(y):
        ay = np.abs(y)
        return np.where(ay <= half, 0.5 * y * y, half * ay - 0.5 * half * half)

    dy = y2 - y1
    flat = np.abs(dy) <= 1e-6
    mean = np.where(flat, np.clip(0.5 * (y1 + y2), -half, half),
                    (antideriv(y2) - antideriv(y1)) / np.where(flat, 1.0, dy))
    return np.abs(((x2 - x1) * mean).sum(axis=1))


def alpha_aa_line_coverage(
    p0: np.ndarray,
    p1: np.ndarray,
    bounds,
    width: float = 1.0,
    kernel: tuple[float, ...] = AA_REFERENCE_KERNEL_WIDTHS,
) -> AALineFragments:
    """Alpha-antialiased line coverage (§3.4.4, figure ``D3D11_3_AALineRast.png``).

    The line is the rectangle whose two short sides are centred on the endpoints (no end extension)
    and whose width is ``width`` (D3D11 exposes only 1.0). A pixel's coverage is the spec's reference
    algorithm: the mean over squares R_i of the given widths, centred on the pixel centre, of
    area(line ∩ R_i) / area(R_i); the default kernel is the figure's R0..R4 (widths 1.0..3.0, the
    "3x3" kernel). ``kernel=AA_BOX_KERNEL_WIDTHS`` gives the plain pixel-area (box) filter. Pixels with
    coverage > 1e-9 (rounding noise is not coverage) inside ``bounds`` are returned, per line in major-axis walk order, with coverage as
    float32 (all samples of the pixel get the same value, §15.14.1). ``p0``/``p1`` (L, 2) are float
    pixel positions (the snapped positions / 256). Zero-length lines produce nothing.
    """
    a = _points(p0, np.float64)
    b = _points(p1, np.float64)
    n_lines = a.shape[0]
    bnd = _bounds(bounds, n_lines)
    d = b - a
    length = np.hypot(d[:, 0], d[:, 1])
    valid = length > 0
    safe_len = np.where(valid, length, 1.0)
    off = np.stack([-d[:, 1], d[:, 0]], axis=1) * (0.5 * width / safe_len)[:, None]
    rect = np.stack([a - off, b - off, b + off, a + off], axis=1)  # (L, 4, 2)
    reach = 0.5 * max(kernel)
    xmajor = np.abs(d[:, 0]) >= np.abs(d[:, 1])
    ax = np.where(xmajor, 0, 1)
    lo = np.floor(np.take_along_axis(rect.min(axis=1), ax[:, None], 1)[:, 0] - reach + 0.5).astype(np.int64)
    hi = np.floor(np.take_along_axis(rect.max(axis=1), ax[:, None], 1)[:, 0] + reach - 0.5).astype(np.int64)
    lo = np.maximum(lo, np.where(xmajor, bnd[:, 0], bnd[:, 1]))
    hi = np.minimum(hi, np.where(xmajor, bnd[:, 2], bnd[:, 3]) - 1)
    steps = np.where(valid, np.maximum(hi - lo + 1, 0), 0)
    # Minor-axis candidates per major step k: over the kernel's major span (k + 0.5 ± reach) the
    # rectangle stays within reach + hw of the centreline's minor value c at k + 0.5 (|slope| <= 1,
    # hw = half-width / cos 45°), and pixel m's kernel spans m + 0.5 ± reach.
    hw = 0.5 * width * np.sqrt(2.0) + 1e-9
    n_minor = int(np.ceil(4 * reach + 2 * hw)) + 1
    counts = steps * n_minor
    da = np.where(xmajor, d[:, 0], d[:, 1])
    db = np.where(xmajor, d[:, 1], d[:, 0])
    a_maj = np.where(xmajor, a[:, 0], a[:, 1])
    a_min = np.where(xmajor, a[:, 1], a[:, 0])

    parts: list[tuple[np.ndarray, ...]] = []
    for start, end in _chunks(counts, _MAX_CANDIDATES // 8):
        cnt = counts[start:end]
        total = int(cnt.sum())
        if total == 0:
            continue
        ln = np.repeat(np.arange(start, end, dtype=np.int64), cnt)
        first = np.repeat(np.cumsum(cnt) - cnt, cnt)
        local = np.arange(total, dtype=np.int64) - first
        step = local // n_minor
        r = local % n_minor
        la = da[ln]
        k = np.where(la >= 0, lo[ln] + step, hi[ln] - step)
        centre_minor = a_min[ln] + (k + 0.5 - a_maj[ln]) * db[ln] / np.where(la == 0, 1.0, la)
        m = np.floor(centre_minor - 2 * reach - hw - 0.5).astype(np.int64) + r
        xm = xmajor[ln]
        px = np.where(xm, k, m)
        py = np.where(xm, m, k)
        bb = bnd[ln]
        inb = (px >= bb[:, 0]) & (px < bb[:, 2]) & (py >= bb[:, 1]) & (py < bb[:, 3])
        ln, px, py = ln[inb], px[inb], py[inb]
        centre = np.stack([px + 0.5, py + 0.5], axis=1)
        local_rect = rect[ln] - centre[:, None, :]
        cov = np.zeros(ln.shape[0], np.float64)
        for w in kernel:
            cov += _area_in_square(local_rect, 0.5 * w) / (w * w)
        cov /= len(kernel)
        keep = cov > _AA_MIN_COVERAGE
        ln, px, py, cov = ln[keep], px[keep], py[keep], cov[keep]
        dd = d[ln]
        t = ((px + 0.5 - a[ln, 0]) * dd[:, 0] + (py + 0.5 - a[ln, 1]) * dd[:, 1]) / (length[ln] ** 2)
        parts.append((ln, px, py, np.clip(t, 0.0, 1.0), np.minimum(cov, 1.0).astype(np.float32)))
    if not parts:
        z = np.zeros(0, np.int64)
        return AALineFragments(z, z, z, np.zeros(0), np.zeros(0, np.float32), a, b)
    cols = [np.concatenate([p[i] for p in parts]) for i in range(5)]
    return AALineFragments(cols[0], cols[1], cols[2], cols[3], cols[4], a, b)
