"""Aliased lines on the fused lane (issue 12): the reference's line rasterization (pipeline/raster_lines.py, the
diamond-exit rule of D3D11.3 §3.4.4 / §15.14.1, run by setup.prepare_lines) gives each line's lit pixels as
2x2 quads in primitive order; here every lit pixel becomes a one-pixel piece the fused rasterizer
(fused_gen.py) covers exactly, carrying its line's interpolation data, so interpolation, the pixel shader
and the output merger run fused as for triangles.

Why the results are the reference's bits: a line lane's attributes, depth and system values are the line's
planes evaluated at the lane's pixel centre (draw._PixelContext: ``interp`` at ``loc["center"]``), per piece
row — the one-pixel pieces repeat their line's rows, so every plane row is the same. A pixel's quad in the
fused lane holds the same four pixel positions as the reference's quad (quads sit on even coordinates) and
every lane of it evaluates the same line's planes, so derivatives agree too; the reference's lanes of
other lit pixels of that quad become helper lanes here, whose results are the same values and are not
written. Pixels keep the reference's order (quads in primitive order, lanes in quad order; one line never
lights a pixel twice), which is all the output merger's per-pixel order needs (§3.4).

On a multisampled target a lit pixel covers every sample (raster_lines.to_quads; §15.14.1: the line
algorithms ignore sample positions): the piece's edge values are 1 at every sample, and the binning's rectangle
widened by the sample offsets (under half a pixel) stays the pixel. Alpha-antialiased lines: each lit pixel's
coverage multiplies o0.a after the shader (draw._PixelContext.shade's float32 product; fused_gen's
``line_alpha``). Lines under ForcedSampleCount stay on the reference pipeline (fused.py counts them)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..interpolate import PieceSet
from ..rasterizer import SUBPIXEL_ONE
from ..setup import Prepared


@dataclass(slots=True)
class _PixelSetup:
    """Edge setup of one-pixel pieces: every edge value 1 (inside), the vertices at the pixel centre (so the
    binning's conservative rectangle, binning.bin_pieces, is exactly the pixel)."""

    verts: np.ndarray  # (P, 3, 2) int64
    A: np.ndarray
    B: np.ndarray
    C: np.ndarray
    topleft: np.ndarray


def pixel_pieces(prep: Prepared) -> tuple[Prepared, np.ndarray | None]:
    """``prep`` of aliased or alpha-antialiased lines (``quads`` set) as one-pixel pieces in the reference's
    pixel order, each with its line's piece data; and for alpha-antialiased lines each piece's coverage
    (float32, multiplied into o0.a: fused_gen.FusedKey.line_alpha), else None."""
    q = prep.quads
    qi, lane = np.nonzero(np.asarray(q.coverage) != 0)  # quads in order, lanes in quad order
    li = np.asarray(q.tri, np.int64)[qi]
    x = np.asarray(q.x, np.int64)[qi] + (lane & 1)
    y = np.asarray(q.y, np.int64)[qi] + (lane >> 1)
    P = li.shape[0]
    verts = np.empty((P, 3, 2), np.int64)
    verts[:, :, 0] = (x * SUBPIXEL_ONE + SUBPIXEL_ONE // 2)[:, None]
    verts[:, :, 1] = (y * SUBPIXEL_ONE + SUBPIXEL_ONE // 2)[:, None]
    zero = np.zeros((P, 3), np.int64)
    setup = _PixelSetup(verts, zero, zero, np.ones((P, 3), np.int64), np.zeros((P, 3), bool))
    p = prep.pieces
    pieces = PieceSet(setup, p.source[li], p.weights[li], p.inv_w[li], p.z[li], p.front[li],
                      p.bary_planes[li] if p.bary_planes is not None else None)

    def per_piece(a):
        a = np.asarray(a)
        return a[li] if a.ndim and a.shape[0] == p.source.shape[0] and a.shape[0] != 1 else a

    alpha = None
    if prep.lane_alpha is not None:
        alpha = np.ascontiguousarray(np.asarray(prep.lane_alpha, np.float32)[qi, lane])
    return Prepared(pieces, per_piece(prep.vp), per_piece(prep.vp_idx), per_piece(prep.rt_index)), alpha
