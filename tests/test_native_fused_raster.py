"""The fused lane's rasterizer walk (pipeline/native/fused_gen.py: two 2x2 quads per column step, piece
rectangles from binning.py, target-row prefetch) against the whole reference pipeline, byte for byte, on the
cases the walk special-cases: rows fully covered (a full-screen quad), rectangles whose last quad pair ends
past the rectangle (odd widths), small triangles straddling tile edges, samples exactly on edges and corners
(the top-left rule, D3D11.3 §3.4.2.1), empty tiles, batches that fill up between the two quads of a step, and
tiles wholly inside a piece (the walk skips their edge tests) beside tiles whose first or last centres lie on an edge.
Each case draws with alpha blending over seeded target contents, so every lane's order and coverage counts."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)
    pool.set_threads(None)


def _verts(xy: list, W: int, H: int, rng) -> np.ndarray:
    xy = np.asarray(xy, np.float64).reshape(-1, 2)
    n = xy.shape[0]
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, rng.uniform(0, 1, n), np.ones(n)], 1)
    return np.concatenate([pos, rng.uniform(-0.25, 1.25, (n, 8))], 1).astype(np.float32)


def _scene(xy: list, W: int, H: int, seed: int = 0, ps: str = bs.PS_FLOAT):
    rng = np.random.default_rng(seed)
    verts = _verts(xy, W, H, rng)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        bs._draw(verts, [rtv(t)], ps, om=om, cull=1, size=(W, H))
        return bs._bytes(t)
    return scene


def _check(scene) -> None:
    ref, got = fd._both(scene)
    assert ref == got, fd._diff(ref, got)


@pytest.mark.parametrize("W,H", [(64, 64), (67, 33), (130, 5), (1, 1), (3, 9)])
def test_full_screen_quad(W, H):
    """Every row fully covered; odd sizes end rows and columns inside a quad pair."""
    _check(_scene([(0, 0), (W, 0), (0, H), (0, H), (W, 0), (W, H)], W, H, W + H))


@pytest.mark.parametrize("x0,x1", [(0.5, 2.5), (1.5, 3.5), (2.5, 7.5), (3, 10), (5.5, 6.5), (0.25, 13.75)])
def test_spans_ending_inside_a_quad_pair(x0, x1):
    """Axis-aligned rectangles whose edges sit on samples (x.5: the left edge includes them, the right edge
    excludes them) and whose right end falls at each position inside a step of two quads."""
    W, H = 16, 12
    xy = [(x0, 1.5), (x1, 1.5), (x0, 9.5), (x0, 9.5), (x1, 1.5), (x1, 9.5)]
    _check(_scene(xy, W, H, int(x0 * 4 + x1)))


@pytest.mark.parametrize("seed", range(6))
def test_small_triangles_across_tile_edges(monkeypatch, seed):
    """16-pixel tiles: 300 triangles of 1-4 pixels centred on tile boundaries and corners (many pieces land in
    two or four tiles), vertices on the half-pixel grid half of the time."""
    monkeypatch.setattr(fused, "TILE", 16)
    rng = np.random.default_rng(seed)
    W, H = 70, 50
    xy = []
    for _ in range(300):
        c = np.array([rng.integers(0, 5) * 16, rng.integers(0, 4) * 16], np.float64) + rng.uniform(-2, 2, 2)
        d = rng.uniform(-2, 2, (3, 2))
        if rng.random() < 0.5:
            d = np.round(d * 2) / 2
            c = np.round(c * 2) / 2
        xy += list(c + d)
    _check(_scene(xy, W, H, seed))


@pytest.mark.parametrize("seed", range(4))
def test_batches_fill_between_the_two_quads(monkeypatch, seed):
    """Batches of 8 lanes: a full batch is flushed after the first quad of a step as often as after the second."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    rng = np.random.default_rng(10 + seed)
    W, H = 40, 30
    xy = [tuple(v) for v in rng.uniform(-4, 44, (90, 2))]
    _check(_scene(xy, W, H, seed, fd.PS_DERIV))


def test_empty_tiles_and_one_corner():
    """Triangles only in the bottom-right tile of a 4x4-tile target: the other tiles have no pieces."""
    W = H = 256
    xy = [(200, 200), (250, 210), (210, 250), (230.5, 193.5), (255.5, 255.5), (193.5, 255.5)]
    _check(_scene(xy, W, H, 3))


def test_shared_edges_and_vertices_exactly_on_samples():
    """A fan of triangles around a sample point with spokes through samples: the top-left rule decides each
    shared edge's samples once (no pixel blended twice, none missed)."""
    W, H = 24, 24
    c = (12.5, 12.5)
    ring = [(2.5, 2.5), (12.5, 0.5), (22.5, 2.5), (23.5, 12.5), (22.5, 22.5), (12.5, 23.5), (2.5, 22.5),
            (0.5, 12.5)]
    xy = []
    for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
        xy += [c, a, b]
    _check(_scene(xy, W, H, 5))


@pytest.mark.parametrize("seed", range(4))
def test_pieces_covering_whole_tiles(monkeypatch, seed):
    """8-pixel tiles under large triangles of every orientation: most of a triangle's tiles lie wholly inside
    it (the walk then skips the edge tests: fused_gen._rect_inside) and the rest are cut by an edge."""
    monkeypatch.setattr(fused, "TILE", 8)
    rng = np.random.default_rng(40 + seed)
    W, H = 72, 56
    xy = [tuple(v) for v in rng.uniform(-30, 100, (12, 2))]
    _check(_scene(xy, W, H, seed))


@pytest.mark.parametrize("dx", [0.0, 1 / 256, -1 / 256])
def test_tile_edges_on_sample_rows_and_columns(monkeypatch, dx):
    """Rectangles (two triangles each) whose sides run along a tile's first or last pixel centres: on a
    top-left side those centres are covered, on a right or bottom side they are not, so such a tile is
    not wholly inside, nor wholly outside where all its centres lie on the edge; moved by 1/256 pixel the
    centres are strictly inside or outside."""
    monkeypatch.setattr(fused, "TILE", 8)
    W, H = 48, 40
    xy = []
    # the last: a corner on the last pixel centre of a tile's last row and column, so the piece's rectangle in
    # that tile is one pixel (and one column in the tile below) lying on its top and left edges
    for x0, y0, x1, y1 in ((8.5, 8.5, 23.5, 31.5), (24.5, 0.5, 40.5, 15.5), (0, 16.5, 7.5, 39.5),
                           (32.5, 24.5, 48, 40), (15.5, 7.5, 20.5, 20.5)):
        x0, x1, y0, y1 = x0 + dx, x1 + dx, y0 - dx, y1 - dx
        xy += [(x0, y0), (x1, y0), (x0, y1), (x0, y1), (x1, y0), (x1, y1)]
        xy += [(x0, y0), (x1, y1), (x1, y0), (x0, y0), (x0, y1), (x1, y1)]  # the other diagonal, other winding
    _check(_scene(xy, W, H, int(dx * 256) + 7))
