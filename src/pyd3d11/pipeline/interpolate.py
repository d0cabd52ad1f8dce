"""Attribute interpolation for triangle pieces (D3D11.3 §16.4, §3.5.5; spec-facts §1.7).

A piece (see :mod:`clip`) is a screen-space triangle whose vertices are clip-space combinations of its
source triangle's vertices. At a fixed-point location inside the piece:

* screen barycentrics ``b`` come from the piece's edge equations (snapped positions);
* perspective-correct weights are ``b_i / w_i`` normalised, mapped to source vertices through the
  piece's weight matrix; noperspective weights are ``b`` mapped the same way;
* z is screen-linear over the piece's vertex depths; SV_Position.w is ``1 / sum(b_i / w_i)`` (§16.3).

Constant (flat) inputs copy the bits of the source triangle's leading vertex.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..shader import ir
from .rasterizer import HALF, SUBPIXEL_ONE, TriangleSetup

IM = ir.InterpolationMode


@dataclass(slots=True, eq=False)
class PieceSet:
    """Oriented (clockwise) pieces ready for rasterization and interpolation."""

    setup: TriangleSetup
    source: np.ndarray  # (P,) source triangle index
    weights: np.ndarray  # (P, 3, 3) float64, rows in oriented vertex order
    inv_w: np.ndarray  # (P, 3) float64 1/w of the oriented piece vertices
    z: np.ndarray  # (P, 3) float32 viewport-transformed depth (bias applied)
    front: np.ndarray  # (P,) bool


class Interpolator:
    """Interpolates source-vertex attributes (VS/GS outputs) for lanes of rasterized pieces."""

    def __init__(self, pieces: PieceSet, src_rows: np.ndarray, attributes: np.ndarray):
        # attributes: (regs, V, 4) uint32 outputs of the last pre-raster stage
        self.p = pieces
        self.src_rows = src_rows  # (T_src, 3) rows into attributes
        self.attr = attributes

    def screen_bary(self, piece: np.ndarray, fx: np.ndarray, fy: np.ndarray) -> np.ndarray:
        """(L, 3) float64 barycentrics at fixed-point locations (fx, fy)."""
        return self.p.setup.barycentrics(piece, fx, fy)

    def source_weights(self, piece: np.ndarray, b: np.ndarray, perspective: bool) -> np.ndarray:
        """(L, 3) weights of the source triangle's vertices (leading vertex first)."""
        if perspective:
            bw = b * self.p.inv_w[piece]
            s = bw.sum(axis=1, keepdims=True)
            with np.errstate(divide="ignore", invalid="ignore"):
                bw = bw / s
            b = bw
        return np.einsum("li,lij->lj", b, self.p.weights[piece])

    def depth(self, piece: np.ndarray, b: np.ndarray) -> np.ndarray:
        return (b * self.p.z[piece].astype(np.float64)).sum(axis=1).astype(np.float32)

    def position_w(self, piece: np.ndarray, b: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore"):
            return (1.0 / (b * self.p.inv_w[piece]).sum(axis=1)).astype(np.float32)

    def attribute(self, register: int, piece: np.ndarray, weights: np.ndarray) -> np.ndarray:
        """(L, 4) float32 bits (as uint32) of a register interpolated with source weights."""
        rows = self.src_rows[self.p.source[piece]]  # (L, 3)
        vals = self.attr[register][rows].view(np.float32).astype(np.float64)  # (L, 3, 4)
        out = np.einsum("lj,ljc->lc", weights, vals).astype(np.float32)
        return out.view(np.uint32)

    def flat(self, register: int, piece: np.ndarray) -> np.ndarray:
        rows = self.src_rows[self.p.source[piece], 0]
        return self.attr[register][rows]


def lane_location(px: np.ndarray, py: np.ndarray, offset: tuple[int, int] | np.ndarray | None = None):
    """Fixed-point location of pixel centres (plus optional sample offsets in 1/256 pixel)."""
    fx = px.astype(np.int64) * SUBPIXEL_ONE + HALF
    fy = py.astype(np.int64) * SUBPIXEL_ONE + HALF
    if offset is not None:
        off = np.asarray(offset, np.int64)
        fx = fx + off[..., 0]
        fy = fy + off[..., 1]
    return fx, fy


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
    low = v & -v
    return np.where(low > 0, np.log2(np.maximum(low, 1)).astype(np.int64), 0)
