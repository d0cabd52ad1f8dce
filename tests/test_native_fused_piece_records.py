"""The fused rasterizer's per-piece records (pipeline/native/piece_records.py, issue 12 S2): one 64-byte line per
piece — C as int64, A and B as int32, the pixel rectangle — with A and B of pieces that do not fit 32 bits read from
the int64 tables (A0 = WIDE marks them), and the top-left flags derived from A and B (D3D11.3 §3.4.2.1).

Expected values come from the definitions: the record layout of the module docstring written out in numpy, the
top-left rule of §3.4.2.1 from the vertices (rasterizer.TriangleSetup.build), and, for draws, the reference
pipeline's bytes (blending over seeded contents, so a lane lost, added or moved changes bytes).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
import test_native_fused_small_block as sb  # noqa: E402
from gfx_util import rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.native import piece_records as pr  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.pipeline.rasterizer import TriangleSetup  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

_restore = sb._restore  # the same fixture: fresh variants at TIER quick, backend and threads restored

#: A / B values on both sides of the int32 bound (|v| < 2^31 fits; -2^31 itself is the WIDE mark, not a value)
EDGE_VALUES = [0, 1, -1, 255, -256, (1 << 31) - 1, -((1 << 31) - 1), 1 << 31, -(1 << 31), (1 << 31) + 1,
               1 << 40, -(1 << 40), 123456789, -987654321]


def _layout(A, B, C, rect) -> np.ndarray:
    """The record of each piece written field by field from the layout table (independent of the module's own
    numpy formulation)."""
    P = len(A)
    out = np.zeros((P, 16), np.int32)
    for p in range(P):
        words = []
        for c in C[p]:
            words += [int(c) & 0xFFFFFFFF, (int(c) >> 32) & 0xFFFFFFFF]
        fits = all(-(1 << 31) < int(v) < (1 << 31) for v in list(A[p]) + list(B[p]))
        a = [int(v) & 0xFFFFFFFF for v in A[p]]
        if not fits:
            a[0] = 0x80000000
        words += a + [int(v) & 0xFFFFFFFF for v in B[p]] + [int(v) & 0xFFFFFFFF for v in rect[p]]
        out[p] = np.array(words, np.uint32).view(np.int32)
    return out


def _pieces(rng, P: int):
    A = rng.choice(EDGE_VALUES, (P, 3)).astype(np.int64)
    B = rng.choice(EDGE_VALUES, (P, 3)).astype(np.int64)
    small = rng.random(P) < 0.5  # half the pieces with every coefficient small (fitting records)
    A[small] = rng.integers(-5000, 5000, (small.sum(), 3))
    B[small] = rng.integers(-5000, 5000, (small.sum(), 3))
    C = rng.integers(-(1 << 62), 1 << 62, (P, 3), dtype=np.int64)
    C[: min(P, 3), 0] = [0, -1, (1 << 63) - 1][: min(P, 3)]
    rect = rng.integers(-40000, 40000, (P, 4)).astype(np.int32)
    return A, B, C, rect


@pytest.mark.parametrize("P", [0, 1, 7, 64])
def test_records_follow_the_layout(P):
    """Every field at its offset: C's two words each, A and B truncated to 32 bits, A0 = WIDE exactly when some
    A or B has |v| >= 2^31 (both sides of the bound, and -2^31 itself), the rectangle as given."""
    A, B, C, rect = _pieces(np.random.default_rng(P), P)
    want = _layout(A, B, C, rect)
    got = pr.piece_records(A, B, C, rect)
    assert got.shape == (P, 16) and got.dtype == np.int32
    assert P == 0 or got.ctypes.data % 64 == 0
    assert np.array_equal(got, want)
    assert np.array_equal(pr.piece_records_numpy(A, B, C, rect), want)


@pytest.mark.parametrize("threads", [1, 2])
def test_records_of_a_large_draw_on_the_pool(threads):
    """More than two packing chunks (each range written by one pool item): the same records on one and two
    threads, and a second packing while the first records are alive does not overwrite them."""
    pool.set_threads(threads)
    P = 2 * pr.PACK_CHUNK + 37
    A, B, C, rect = _pieces(np.random.default_rng(5), P)
    want = pr.piece_records_numpy(A, B, C, rect)
    first = pr.piece_records(A, B, C, rect)
    A2, B2, C2, rect2 = _pieces(np.random.default_rng(6), P)
    second = pr.piece_records(A2, B2, C2, rect2)
    assert np.array_equal(first, want)
    assert np.array_equal(second, pr.piece_records_numpy(A2, B2, C2, rect2))


def test_topleft_flags_follow_from_a_and_b():
    """§3.4.2.1 from the vertices (TriangleSetup.build: a left edge goes up, a top edge is horizontal and goes
    right) equals the rule on A = -dy and B = dx the rasterizer evaluates, over random triangles with horizontal,
    vertical and degenerate edges."""
    rng = np.random.default_rng(3)
    v = rng.integers(-6, 6, (4000, 3, 2)).astype(np.int64) * rng.choice([1, 128, 256 * 1000], (4000, 1, 1))
    s = TriangleSetup.build(v)
    assert np.array_equal(pr.topleft_of(s.A, s.B), s.topleft)
    assert not pr.topleft_of(np.zeros(3), np.zeros(3)).any()  # one-pixel line pieces (fused_lines: A = B = 0)


def _ndc_scene(tris, W: int, H: int, VW: int, VH: int, seed: int, tile: int):
    """Triangles given in NDC (w = 1) through a VW x VH viewport onto a W x H target, alpha-blended over seeded
    contents; ``tile``: the fused rasterizer's tile edge."""
    rng = np.random.default_rng(seed)
    xy = np.asarray(tris, np.float64).reshape(-1, 2)
    n = xy.shape[0]
    pos = np.stack([xy[:, 0], xy[:, 1], rng.uniform(0, 1, n), np.ones(n)], 1)
    verts = np.concatenate([pos, rng.uniform(-0.25, 1.25, (n, 8))], 1).astype(np.float32)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        bs._draw(verts, [rtv(t)], bs.PS_FLOAT, om=om, cull=1, size=(VW, VH))
        return bs._bytes(t)
    return scene


@pytest.mark.parametrize("tile", [8, 64])
def test_wide_pieces_take_the_int64_coefficients(monkeypatch, tile):
    """Pieces whose edges span more than 2^31 16.8 units (a 30000-pixel viewport, vertices 500 viewports out:
    inside the guard band, so the native setup keeps them whole) crossing a small target, beside small pieces:
    the wide ones are marked WIDE and rasterized from the int64 A and B (a 32-bit A would wrap and move their
    edges); the bytes are the reference's."""
    monkeypatch.setattr(fused, "TILE", tile)
    seen = []
    real = fused.piece_records

    def spy(A, B, C, rect):
        out = real(A, B, C, rect)
        seen.append(int((out[:, pr.W_A] == pr.WIDE).sum()))
        return out

    monkeypatch.setattr(fused, "piece_records", spy)
    VW = VH = 30000
    px = 2.0 / VW  # one pixel in NDC
    x0, y0 = -1.0, 1.0  # the target's top-left corner
    tris = [
        # long edges through the target (|dx| or |dy| of ~1000 viewports: > 2^31 units)
        (x0 - 500, y0 - 20 * px), (x0 + 500, y0 - 3 * px), (x0 + 10 * px, y0 + 400),
        (x0 + 7.5 * px, y0 + 500), (x0 + 30 * px, y0 - 500), (x0 - 480, y0 - 12.5 * px),
        # a long sliver along a pixel row, and small pieces beside them
        (x0 - 500, y0 - 5.5 * px), (x0 + 500, y0 - 5.5 * px), (x0 + 500, y0 - 6.5 * px),
        (x0 + 2 * px, y0 - 2 * px), (x0 + 9 * px, y0 - 2.5 * px), (x0 + 4 * px, y0 - 11 * px),
    ]
    _check(_ndc_scene(tris, 40, 24, VW, VH, 17 + tile, tile))
    assert max(seen) >= 3  # the wide pieces went through the WIDE records


def _check(scene) -> None:
    ref, got = fd._both(scene)
    assert ref == got, fd._diff(ref, got)


@pytest.mark.parametrize("tile", [8, 16, 64])
def test_border_sliver_degenerate_and_one_quad_pieces(monkeypatch, tile):
    """Pieces exactly on tile and 8x8-block borders (vertices on multiples of 8 and 16 pixels, edges along
    them), slivers a fraction of a pixel thick along rows, columns and diagonals, degenerate triangles (zero
    area: collinear and repeated vertices, which cover nothing) and triangles wholly inside one 2x2 quad, against
    the reference."""
    monkeypatch.setattr(fused, "TILE", tile)
    W, H = 48, 40
    xy = []
    for b in (8, 16, 32):
        xy += [(b, 0), (b, b), (0, b)]  # a right angle on the border lines
        xy += [(b - 0.5, b - 4), (b + 0.5, b - 4), (b, b + 4)]  # straddling the border column
        xy += sb._rect(b - 2, b - 2, b + 2, b + 2)  # four quads around a block corner
    for k in range(6):
        y = 3.5 + 5 * k
        xy += [(1, y), (46, y + 0.1 * k), (1, y + 0.05)]  # row slivers through the centres
        xy += [(2 + 7 * k + 0.5, 1), (2 + 7 * k + 0.55, 38), (2 + 7 * k + 0.5 + 0.01 * k, 38)]  # column slivers
        xy += [(0, 0.2 * k), (40, 30 + 0.2 * k), (40.1, 30 + 0.2 * k)]  # diagonal slivers
    xy += [(5, 5), (9, 9), (13, 13), (20, 20), (20, 20), (25, 22), (30, 30), (30, 30), (30, 30)]  # degenerate
    for qx, qy in ((10, 24), (24, 10), (16, 16), (38, 30)):  # inside one quad [q, q + 2)
        xy += [(qx + 0.5, qy + 0.5), (qx + 1.5, qy + 0.5), (qx + 0.5, qy + 1.5)]
        xy += [(qx + 0.1, qy + 0.1), (qx + 1.9, qy + 0.2), (qx + 1.0, qy + 1.9)]
    _check(sb._scene(xy, W, H, tile, depth=tile == 16))


@pytest.mark.backend_independent
def test_plane_rows_padded_to_whole_lines():
    """fused_gen.plane_stride: 3 * n doubles, padded to the next multiple of eight (a 64-byte line) when that adds
    at most one double (five planes: 15 -> 16, 128-byte rows; thirteen: 39 -> 40; twenty-one: 63 -> 64)."""
    from pyd3d11.pipeline.native import fused_gen

    want = {0: 0, 1: 3, 2: 6, 3: 9, 4: 12, 5: 16, 6: 18, 7: 21, 8: 24, 9: 27, 10: 30, 11: 33, 12: 36, 13: 40,
            14: 42, 16: 48, 21: 64}
    assert {n: fused_gen.plane_stride(n) for n in want} == want


#: three perspective inputs: with 1/w and depth, five planes
PS_THREE = """ps_4_0
dcl_input_ps linear v1.xyz
dcl_output o0.xyzw
mov o0.xyz, v1.xyz
mov o0.w, l(0.625)
ret
"""


@pytest.mark.parametrize("threads", [1, 2])
def test_five_plane_rows_at_their_padded_stride(threads):
    """Three perspective attributes, 1/w and depth (S2's five planes: padded rows) on small triangles with a depth
    test, against the reference: each quad reads its own piece's row at the padded stride."""
    pool.set_threads(threads)
    rng = np.random.default_rng(40 + threads)
    W, H = 48, 36
    xy = []
    for _ in range(300):
        xy += list(rng.uniform(0, [W, H]) + rng.uniform(-4, 4, (3, 2)))
    verts = sb._verts(xy, W, H, rng)
    verts[:, 3] = rng.uniform(0.5, 2.0, len(verts))  # w varies: perspective division, 1/w plane
    verts[:, :3] *= verts[:, 3:4]

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, 5)
        d = texture2d(40, W, H)
        bs._clear_depth(d, 0.75)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        om.depth_stencil = bs._ds_desc(func=2)
        bs._draw(verts, [rtv(t)], PS_THREE, om=om, depth=sb.dsv(d), cull=1, size=(W, H))
        return bs._bytes(t, d)

    _check(scene)
