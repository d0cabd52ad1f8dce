"""Triangle rasterization in 16.8 fixed point (D3D11.3 §3.4, §15.16; spec-facts §1.3, §1.6).

Positions arrive in render-target space (after clip, divide and viewport). They are snapped to
16.8 fixed point with round-to-nearest-even; culling, coverage and the top-left rule all use the
snapped integers, so shared edges are decided exactly (no pixel drawn twice or missed in a fan).

Output is organised in 2x2 quads, the unit the pixel shader runs on: every quad touched by a
triangle yields four lanes (top-left, top-right, bottom-left, bottom-right) with a per-lane sample
coverage mask; uncovered lanes are helpers. Candidates are enumerated per triangle bounding box in
numpy batches (no per-pixel Python loop); fragments come out in primitive order, which the output
merger relies on.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

SUBPIXEL_BITS = 8
SUBPIXEL_ONE = 1 << SUBPIXEL_BITS
HALF = SUBPIXEL_ONE // 2

# Standard sample patterns in 1/16 pixel from the pixel centre, +y down, in sample-index order
# (spec §19.2.4 figures; transcribed in spec-facts §1.6).
STANDARD_PATTERNS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((0, 0),),
    2: ((4, 4), (-4, -4)),
    4: ((-2, -6), (6, -2), (-6, 2), (2, 6)),
    8: ((1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)),
    16: ((1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5),
         (-2, 6), (0, -7), (-4, -6), (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)),
}

D3D11_STANDARD_MULTISAMPLE_PATTERN = 0xFFFFFFFF
D3D11_CENTER_MULTISAMPLE_PATTERN = 0xFFFFFFFE

# Lane order inside a quad: (dx, dy) of TL, TR, BL, BR.
QUAD_LANE_DX = np.array([0, 1, 0, 1], np.int64)
QUAD_LANE_DY = np.array([0, 0, 1, 1], np.int64)

# Bound on candidate quads evaluated per numpy pass (memory: ~ candidates * 4 lanes * samples).
_MAX_CANDIDATES = 1 << 20


def sample_offsets(sample_count: int, quality: int = D3D11_STANDARD_MULTISAMPLE_PATTERN) -> np.ndarray:
    """Sample offsets (S, 2) in 1/256 pixel units from the pixel centre.

    ``quality`` D3D11_CENTER_MULTISAMPLE_PATTERN puts every sample at the centre (spec §19.2.4).
    """
    if quality == D3D11_CENTER_MULTISAMPLE_PATTERN:
        return np.zeros((sample_count, 2), np.int64)
    pattern = STANDARD_PATTERNS.get(sample_count)
    if pattern is None:
        raise ValueError(f"no standard pattern for {sample_count} samples")
    return np.array(pattern, np.int64) * (SUBPIXEL_ONE // 16)


def snap(coords: np.ndarray) -> np.ndarray:
    """Float32 render-target coordinates -> int64 16.8 fixed point, round-to-nearest-even (§3.4.1)."""
    scaled = np.asarray(coords, np.float64) * SUBPIXEL_ONE  # exact: float32 * 2^8 fits in float64
    return np.rint(scaled).astype(np.int64)


def signed_area2(v: np.ndarray) -> np.ndarray:
    """Twice the signed area of fixed-point triangles (T, 3, 2); > 0 means clockwise on screen (+y down)."""
    x0, y0 = v[:, 0, 0], v[:, 0, 1]
    x1, y1 = v[:, 1, 0], v[:, 1, 1]
    x2, y2 = v[:, 2, 0], v[:, 2, 1]
    return (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)


@dataclass(slots=True)
class TriangleSetup:
    """Edge equations of clockwise-oriented fixed-point triangles.

    ``E_i(p) = A_i * px + B_i * py + C_i`` for edge i opposite vertex i (edge i runs from vertex i+1
    to vertex i+2), positive inside. ``topleft[:, i]`` says whether edge i owns samples exactly on it.
    """

    verts: np.ndarray  # (T, 3, 2) int64, clockwise
    A: np.ndarray  # (T, 3) int64
    B: np.ndarray
    C: np.ndarray
    topleft: np.ndarray  # (T, 3) bool
    area2: np.ndarray  # (T,) int64, > 0

    @classmethod
    def build(cls, verts: np.ndarray) -> TriangleSetup:
        v = np.asarray(verts, np.int64)
        a = v[:, [1, 2, 0], :]  # edge start: vertex i+1
        b = v[:, [2, 0, 1], :]  # edge end: vertex i+2
        dx = b[..., 0] - a[..., 0]
        dy = b[..., 1] - a[..., 1]
        A = -dy
        B = dx
        C = dy * a[..., 0] - dx * a[..., 1]
        # Top-left rule for clockwise (y-down) triangles: a left edge goes up (dy < 0), a top edge is
        # horizontal and goes right (dy == 0, dx > 0).  (§3.4.2.1)
        topleft = (dy < 0) | ((dy == 0) & (dx > 0))
        return cls(v, A, B, C, topleft, signed_area2(v))

    def edges_at(self, tri: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        """Edge values (..., 3) int64 for triangles ``tri`` at fixed-point points (px, py) (same shape)."""
        A = self.A[tri]
        B = self.B[tri]
        C = self.C[tri]
        return A * px[..., None] + B * py[..., None] + C

    def inside(self, tri: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        e = self.edges_at(tri, px, py)
        tl = self.topleft[tri]
        return np.all((e > 0) | ((e == 0) & tl), axis=-1)

    def barycentrics(self, tri: np.ndarray, px: np.ndarray, py: np.ndarray) -> np.ndarray:
        """Screen-space barycentrics (..., 3) float64 of vertices 0, 1, 2 at fixed-point points."""
        e = self.edges_at(tri, px, py).astype(np.float64)
        return e / self.area2[tri].astype(np.float64)[..., None]


@dataclass(slots=True)
class QuadFragments:
    """Quads produced by rasterization, in primitive order.

    ``tri`` indexes the triangles given to :func:`rasterize_triangles`; ``x``/``y`` are the quad's
    top-left pixel (even coordinates); ``coverage`` (Q, 4) holds each lane's sample mask.
    """

    tri: np.ndarray
    x: np.ndarray
    y: np.ndarray
    coverage: np.ndarray

    @property
    def count(self) -> int:
        return int(self.tri.shape[0])

    def lane_pixels(self) -> tuple[np.ndarray, np.ndarray]:
        """Pixel coordinates (Q, 4) of every lane."""
        return self.x[:, None] + QUAD_LANE_DX, self.y[:, None] + QUAD_LANE_DY


def _empty() -> QuadFragments:
    z = np.zeros(0, np.int64)
    return QuadFragments(z, z, z, np.zeros((0, 4), np.uint32))


def rasterize_triangles(
    setup: TriangleSetup,
    offsets: np.ndarray,
    bounds: tuple[int, int, int, int] | np.ndarray,
) -> QuadFragments:
    """Coverage of clockwise triangles over the pixel rectangle ``bounds`` = (x0, y0, x1, y1), half-open.

    ``bounds`` is one rectangle or one per triangle, (T, 4) (scissor/viewport per primitive).
    ``offsets`` (S, 2) are the sample positions in 1/256 pixel from the pixel centre. Quads with no
    covered sample are dropped; lanes outside ``bounds`` have no coverage.

    Work is per (triangle, quad row): each edge equation is solved exactly in integers for the first
    and last covered pixel of every row and sample (a span), so cost follows the covered area and the
    triangle height rather than the bounding box.
    """
    T = setup.verts.shape[0]
    if T == 0:
        return _empty()
    bnd = np.broadcast_to(np.asarray(bounds, np.int64).reshape(-1, 4), (T, 4))
    v = setup.verts
    omin = offsets.min(axis=0)
    omax = offsets.max(axis=0)
    miny = v[:, :, 1].min(axis=1)
    maxy = v[:, :, 1].max(axis=1)
    # Rows whose sample rows can meet the triangle: y*256 + 128 + oy within [miny, maxy].
    py0 = np.maximum(-((HALF + omax[1] - miny) // SUBPIXEL_ONE), bnd[:, 1])
    py1 = np.minimum((maxy - HALF - omin[1]) // SUBPIXEL_ONE, bnd[:, 3] - 1)
    qy0 = py0 >> 1
    nq = np.where(py1 >= py0, (py1 >> 1) - qy0 + 1, 0)
    total = int(nq.sum())
    if total == 0:
        return _empty()
    parts: list[QuadFragments] = []
    csum = np.cumsum(nq)
    start = 0
    while start < T:
        base = int(csum[start - 1]) if start else 0
        end = max(int(np.searchsorted(csum, base + _MAX_CANDIDATES, side="right")), start + 1)
        parts.append(_span_chunk(setup, offsets, start, end, qy0, nq, bnd))
        start = end
    if len(parts) == 1:
        return parts[0]
    return QuadFragments(*(np.concatenate([getattr(p, f) for p in parts]) for f in ("tri", "x", "y", "coverage")))


def _edge_rows(setup: TriangleSetup, tri: np.ndarray):
    """Per-row copies of the edge data of triangles ``tri``: (A, B, C, top-left, divisor, sign), each (n, 3).

    ``divisor``/``sign`` prepare the exact span solve of :func:`_spans_rows`: for a > 0 the bound is
    on -k / (256 a), for a < 0 on k / (-256 a); a = 0 edges divide by 1 (unused)."""
    A = np.take(setup.A, tri, axis=0)  # take: much faster than A[tri] on 2-D arrays
    pos = A > 0
    neg = A < 0
    d = A * SUBPIXEL_ONE
    den = np.where(pos, d, np.where(neg, -d, 1))
    sign = np.where(pos, -1, 1)
    return (A, np.take(setup.B, tri, axis=0), np.take(setup.C, tri, axis=0), np.take(setup.topleft, tri, axis=0),
            den, sign)


def _spans(setup: TriangleSetup, tri: np.ndarray, y: np.ndarray, ox: int, oy: int, bx0, bx1):
    """Inclusive pixel span [lo, hi] of samples (ox, oy) covered on rows ``y`` of triangles ``tri``
    (hi < lo: empty)."""
    return _spans_rows(_edge_rows(setup, tri), y, ox, oy, bx0, bx1)


def _spans_rows(edges, y: np.ndarray, ox: int, oy: int, bx0, bx1):
    """:func:`_spans` on edge data already gathered per row (:func:`_edge_rows`)."""
    A, B, C, tl, den, sign = edges
    sy = (y * SUBPIXEL_ONE + (HALF + oy))[:, None]
    # E(x) = 256*a*x + k per edge, inside when > 0 (>= 0 on top-left edges).
    k = B * sy + (C + A * (HALF + ox))
    # a > 0: x > -k/d (strict) or x >= -k/d (top-left), so lo = ceil(-k/d) (top-left) or
    # floor(-k/d) + 1; a < 0: hi = floor(k/-d) (top-left) or ceil(k/-d) - 1. One exact divmod
    # (q, r) serves both: ceil = q + (r != 0).
    q, r = np.divmod(k * sign, den)
    exact = r == 0
    big = np.int64(1) << 40
    lo_e = np.where(A > 0, q + 1 - (tl & exact), -big)
    hi_e = np.where(A < 0, q - (~tl & exact), big)
    # Reductions over the 3 edges as elementwise ops (numpy reduces tiny axes slowly).
    lo = np.maximum(np.maximum(bx0, lo_e[:, 0]), np.maximum(lo_e[:, 1], lo_e[:, 2]))
    hi = np.minimum(np.minimum(bx1 - 1, hi_e[:, 0]), np.minimum(hi_e[:, 1], hi_e[:, 2]))
    # a = 0: the edge is parallel to the row; the whole row is in or out.
    dead = (A == 0) & ~((k > 0) | (tl & (k == 0)))
    return lo, np.where(dead[:, 0] | dead[:, 1] | dead[:, 2], lo - 1, hi)


def _span_chunk(setup, offsets, start, end, qy0, nq, bnd) -> QuadFragments:
    cnt = nq[start:end]
    n = int(cnt.sum())
    if n == 0:
        return _empty()
    tri = np.repeat(np.arange(start, end, dtype=np.int64), cnt)
    first = np.repeat(np.cumsum(cnt) - cnt, cnt)
    qy = qy0[tri] + (np.arange(n, dtype=np.int64) - first)
    b = np.take(bnd, tri, axis=0)
    S = offsets.shape[0]
    lo = np.empty((n, 2, S), np.int64)
    hi = np.empty((n, 2, S), np.int64)
    edges = _edge_rows(setup, tri)
    for dy in range(2):
        y = qy * 2 + dy
        row_ok = (y >= b[:, 1]) & (y < b[:, 3])
        for s, (ox, oy) in enumerate(offsets.tolist()):
            l, h = _spans_rows(edges, y, ox, oy, b[:, 0], b[:, 2])
            lo[:, dy, s] = l
            hi[:, dy, s] = np.where(row_ok, h, l - 1)
    nonempty = hi >= lo
    big = np.int64(1) << 40
    qlo_all = np.where(nonempty, lo >> 1, big).reshape(n, -1)
    qhi_all = np.where(nonempty, hi >> 1, -big).reshape(n, -1)
    # min/max over the (row, sample) columns elementwise (numpy reduces tiny axes slowly).
    qlo, qhi = qlo_all[:, 0], qhi_all[:, 0]
    for j in range(1, qlo_all.shape[1]):
        qlo = np.minimum(qlo, qlo_all[:, j])
        qhi = np.maximum(qhi, qhi_all[:, j])
    qn = np.where(qhi >= qlo, qhi - qlo + 1, 0)
    m = int(qn.sum())
    if m == 0:
        return _empty()
    row = np.repeat(np.arange(n, dtype=np.int64), qn)
    firstq = np.repeat(np.cumsum(qn) - qn, qn)
    qx = qlo[row] + (np.arange(m, dtype=np.int64) - firstq)
    cov = np.zeros((m, 4), np.uint32)
    lo_r = np.take(lo, row, axis=0)
    hi_r = np.take(hi, row, axis=0)
    for lane in range(4):
        dx, dy = lane & 1, lane >> 1
        x = (qx * 2 + dx)[:, None]
        hit = (lo_r[:, dy, :] <= x) & (x <= hi_r[:, dy, :])  # (m, S)
        if S == 1:
            cov[:, lane] = hit[:, 0]
        else:
            cov[:, lane] = (hit.astype(np.uint32) << np.arange(S, dtype=np.uint32)).sum(axis=1, dtype=np.uint32)
    keep = ((cov[:, 0] | cov[:, 1]) | (cov[:, 2] | cov[:, 3])) != 0
    if keep.all():
        return QuadFragments(tri[row], qx * 2, qy[row] * 2, cov)
    return QuadFragments(tri[row][keep], (qx * 2)[keep], (qy[row] * 2)[keep], cov[keep])
