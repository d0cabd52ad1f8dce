"""Attribute interpolation for rasterized pieces (D3D11.3 §16.4, §3.5.5; spec-facts §1.7).

A piece (see :mod:`clip`) is a screen-space triangle whose vertices are clip-space combinations of its
source triangle's vertices (``weights``). Attributes are linear in clip space, so a piece vertex's
attribute is ``weights @ source attributes``; across the piece:

* screen barycentrics come from the snapped positions; each barycentric is an affine function of the
  pixel position, so any per-vertex quantity ``q`` interpolates as a *plane* ``c0*x + c1*y + c2``
  set up once per piece (float64) and evaluated per lane;
* perspective-correct values are ``plane(q/w) / plane(1/w)``; noperspective values are ``plane(q)``;
* z is ``plane(z)`` (screen-linear); SV_Position.w is ``1 / plane(1/w)`` (§16.3).

Constant (flat) inputs copy the bits of the source primitive's leading vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..shader import ir
from .rasterizer import HALF, SUBPIXEL_ONE

IM = ir.InterpolationMode


@dataclass(slots=True, eq=False)
class PieceSet:
    """Oriented (clockwise) pieces ready for rasterization and interpolation.

    ``setup`` is the rasterizer's edge setup (TriangleSetup) or any object with ``verts`` (P, 3, 2)
    int64 fixed-point positions. Lines pass a degenerate third vertex and their own ``bary_planes``.
    """

    setup: object
    source: np.ndarray  # (P,) source primitive index
    weights: np.ndarray  # (P, 3, 3) float64, rows in oriented vertex order
    inv_w: np.ndarray  # (P, 3) float64 1/w of the oriented piece vertices
    z: np.ndarray  # (P, 3) float32 viewport-transformed depth (bias applied)
    front: np.ndarray  # (P,) bool
    bary_planes: np.ndarray | None = None  # (P, 3, 3): barycentric i = c0*x + c1*y + c2 (pixels)
    #: Interpolator cache entries computed with the pieces (the native front end's depth and 1/w planes,
    #: the same bits as Interpolator computes), e.g. {("split", "z"): (3, P) array}
    planes: dict | None = None


def barycentric_planes(verts: np.ndarray) -> np.ndarray:
    """(P, 3, 3) plane coefficients (per vertex: x, y, constant) of screen barycentrics, in pixels.

    From the snapped fixed-point vertices: b_i = E_i / (2 * area) with E_i the edge function of the
    edge opposite vertex i.
    """
    v = verts.astype(np.float64) / SUBPIXEL_ONE
    x0, y0 = v[:, 0, 0], v[:, 0, 1]
    x1, y1 = v[:, 1, 0], v[:, 1, 1]
    x2, y2 = v[:, 2, 0], v[:, 2, 1]
    area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = 1.0 / area
    planes = np.empty((v.shape[0], 3, 3))
    for i, (a, b) in enumerate(((1, 2), (2, 0), (0, 1))):
        xa, ya, xb, yb = v[:, a, 0], v[:, a, 1], v[:, b, 0], v[:, b, 1]
        # E(p) = (xb - xa) * (py - ya) - (yb - ya) * (px - xa)
        planes[:, i, 0] = -(yb - ya) * inv
        planes[:, i, 1] = (xb - xa) * inv
        planes[:, i, 2] = ((yb - ya) * xa - (xb - xa) * ya) * inv
    return planes


class Interpolator:
    """Interpolates source-vertex attributes (VS/GS outputs) for lanes of rasterized pieces."""

    def __init__(self, pieces: PieceSet, src_rows: np.ndarray, attributes: np.ndarray):
        self.p = pieces
        self.src_rows = src_rows  # (T_src, 3) rows into attributes
        self.attr = attributes  # (regs, V, 4) uint32 outputs of the last pre-raster stage
        if pieces.bary_planes is None:
            pieces.bary_planes = barycentric_planes(pieces.setup.verts)
        self.bp = pieces.bary_planes
        self._cache: dict[tuple, np.ndarray] = {}
        seeded = getattr(pieces, "planes", None)  # (stand-ins for PieceSet may lack the field)
        if seeded:
            self._cache.update(seeded)
        from .native import frontend

        # native plane setup (same bits) when the native backend is selected
        self._native = frontend.kernels()
        # (P, 3) source vertex rows per piece (with the native front end gathered on the worker pool)
        self._rows = frontend.take_rows(src_rows, pieces.source) if self._native is not None and \
            src_rows.ndim == 2 and np.asarray(pieces.source).ndim == 1 else src_rows[pieces.source]

    # --- plane setup (per piece) -----------------------------------------------------------------
    def plane(self, q: np.ndarray) -> np.ndarray:
        """Plane coefficients (P, ..., 3) of per-piece-vertex quantities ``q`` (P, 3, ...)."""
        if q.ndim != 3:
            if self._native is not None and q.ndim == 2:  # (P, 3): one scalar per piece vertex
                from .native import frontend

                return frontend.plane_einsum(self._native, self.bp, q)
            return np.einsum("pvc,pv...->p...c", self.bp, q)
        # (P, 3, C): the same products and sums as that einsum, in its order, without its overhead.
        bp = self.bp
        return _sum3(lambda v: bp[:, v, None, :] * q[:, v, :, None])

    def _inv_w_plane(self) -> np.ndarray:
        key = ("invw",)
        if key not in self._cache:
            self._cache[key] = self.plane(self.p.inv_w)
        return self._cache[key]

    def _vertex_attr(self, register: int) -> np.ndarray:
        """(P, 3, 4) float64 attribute of each piece vertex (clip-space combination of the source's)."""
        key = ("attr", register)
        if key not in self._cache:
            src = self.attr[register][self._rows].view(np.float32).astype(np.float64)  # (P, 3, 4)
            w = self.p.weights
            # np.einsum("pij,pjc->pic", w, src), same operations in its order (see _sum3)
            self._cache[key] = _sum3(lambda j: src[:, None, j, :] * w[:, :, j, None])
        return self._cache[key]

    def _attr_plane(self, register: int, perspective: bool) -> np.ndarray:
        key = ("plane", register, perspective)
        if key not in self._cache and self._native is not None:
            from .native import frontend

            # computed in the split layout; the (P, 4, 3) planes are a view of it (same values)
            split = frontend.attr_plane(self._native, self.bp, self.attr[register], self._rows, self.p.weights,
                                        self.p.inv_w, perspective)
            self._cache[("split",) + key] = split
            self._cache[key] = np.moveaxis(split, -1, 0)
        if key not in self._cache:
            q = self._vertex_attr(register)
            if perspective:
                q = q * self.p.inv_w[:, :, None]
            self._cache[key] = self.plane(q)  # (P, 4, 3)
        return self._cache[key]

    # --- per-lane evaluation ---------------------------------------------------------------------
    @staticmethod
    def evaluate(coef: np.ndarray, piece: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Planes ``coef`` (P, C, 3) at points (x, y) shaped (Q, 4) of quads on pieces ``piece`` (Q,).

        Coefficients are gathered once per quad and broadcast over its four lanes; the result is per
        lane, (Q*4, C). (Single planes go through :meth:`_evaluate_split`.)
        """
        # Same operations in the same order as c0*x + c1*y + c2, in place (identical rounding).
        c = coef[piece][:, None]  # (Q, 1, C, 3)
        x, y = x[..., None], y[..., None]
        out = c[..., 0] * x
        out += c[..., 1] * y
        out += c[..., 2]
        return out.reshape(x.size, coef.shape[1])

    @staticmethod
    def _evaluate_split(coef: np.ndarray, piece: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """:meth:`evaluate` of one plane per piece stored coefficient-major, ``coef`` (3, P) contiguous.

        Same operations in the same order (c0*x + c1*y + c2), so bit-identical; the per-quad gathers
        are contiguous, which is what makes it faster.
        """
        g = np.take(coef, piece, axis=1)  # (3, Q)
        out = g[0][:, None] * x
        out += g[1][:, None] * y
        out += g[2][:, None]
        return out.ravel()

    def _split(self, key: tuple, planes) -> np.ndarray:
        """Cached coefficient-major copy (..., 3, P) of planes (P, ..., 3) built by ``planes()``."""
        skey = ("split",) + key
        got = self._cache.get(skey)
        if got is None:
            p = planes()  # the native plane setup stores the split layout itself while building the planes
            got = self._cache.get(skey)
            if got is None:
                got = self._cache[skey] = np.ascontiguousarray(np.moveaxis(p, 0, -1))
        return got

    def _z_plane(self) -> np.ndarray:
        key = ("z",)
        if key not in self._cache:
            self._cache[key] = self.plane(self.p.z.astype(np.float64))
        return self._cache[key]

    def depth(self, piece: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        coef = self._split(("z",), self._z_plane)
        return self._evaluate_split(coef, piece, x, y).astype(np.float32)

    def inv_w(self, piece: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        return self._evaluate_split(self._split(("invw",), self._inv_w_plane), piece, x, y)

    def attribute_components(self, register: int, piece: np.ndarray, x: np.ndarray, y: np.ndarray,
                             perspective: bool, comps: list[int], inv_w: np.ndarray | None = None) -> list:
        """Components ``comps`` of :meth:`attribute`, each (L,) uint32, computed only for those
        components (same operations per element, so the same bits)."""
        coef = self._split(("plane", register, perspective), lambda: self._attr_plane(register, perspective))
        iw = None
        if perspective:
            iw = self.inv_w(piece, x, y) if inv_w is None else inv_w
        out = []
        for c in comps:
            v = self._evaluate_split(coef[c], piece, x, y)
            if perspective:
                with np.errstate(divide="ignore", invalid="ignore"):
                    v /= iw
            out.append(v.astype(np.float32).view(np.uint32))
        return out

    def position_w(self, piece: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore"):
            return (1.0 / self.inv_w(piece, x, y)).astype(np.float32)

    def attribute(self, register: int, piece: np.ndarray, x: np.ndarray, y: np.ndarray, perspective: bool,
                  inv_w: np.ndarray | None = None) -> np.ndarray:
        """(L, 4) uint32 bits of a register interpolated at pixel-space points (x, y)."""
        v = self.evaluate(self._attr_plane(register, perspective), piece, x, y)
        if perspective:
            iw = self.inv_w(piece, x, y) if inv_w is None else inv_w
            with np.errstate(divide="ignore", invalid="ignore"):
                v = v / iw[:, None]
        return v.astype(np.float32).view(np.uint32)

    def flat(self, register: int, piece: np.ndarray) -> np.ndarray:
        """(Q*4, 4) bits of the leading vertex for the lanes of quads on pieces ``piece`` (Q,)."""
        rows = self._rows[piece, 0]
        return np.repeat(self.attr[register][rows], 4, axis=0)



def _sum3(term) -> np.ndarray:
    """``term(2) + (term(1) + (term(0) + 0))``: how numpy's einsum accumulates the (P, 3, C)
    contractions of this module, so bit for bit the same (signed zeros and NaN payloads included;
    tests/test_pipeline_ff_fastpaths.py checks it against einsum), without einsum's overhead."""
    out = None
    for j in range(3):
        t = term(j)
        if out is None:
            out = np.zeros(t.shape, np.float64)
        out = np.add(t, out, out=out)
    return out


def lane_location(px: np.ndarray, py: np.ndarray, offset: np.ndarray | None = None):
    """Pixel-space float64 location of pixel centres plus optional offsets in 1/256 pixel."""
    x = px.astype(np.float64) + HALF / SUBPIXEL_ONE
    y = py.astype(np.float64) + HALF / SUBPIXEL_ONE
    if offset is not None:
        off = np.asarray(offset, np.float64) / SUBPIXEL_ONE
        x = x + off[..., 0]
        y = y + off[..., 1]
    return x, y


def centroid_offsets(coverage: np.ndarray, sample_mask: int, offsets: np.ndarray) -> np.ndarray:
    """(L, 2) offsets of the centroid location per lane (§3.5.5, spec-facts §1.6).

    All samples covered -> centre; some covered -> first covered sample (index order, coverage ANDed
    with the sample mask); none covered (helper) -> first sample in SampleMask when the mask is
    partial, else centre.
    """
    S = offsets.shape[0]
    full = (1 << S) - 1
    cov = coverage.astype(np.int64) & (sample_mask & full)
    out = np.zeros((coverage.shape[0], 2), np.int64)
    if S == 1:
        return out
    some = (cov != 0) & (cov != full)
    first = _lowest_bit(cov)
    out[some] = offsets[first[some]]
    partial = (sample_mask & full) != full
    if partial and (sample_mask & full):
        helper = cov == 0
        out[helper] = offsets[_lowest_bit(np.array([sample_mask & full]))[0]]
    return out


def _lowest_bit(v: np.ndarray) -> np.ndarray:
    v = v.astype(np.int64)
    # v & -v isolates the lowest set bit; an empty mask (0) gives log2(1) = 0
    return np.log2(np.maximum(v & -v, 1)).astype(np.int64)
