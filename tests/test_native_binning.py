"""Native binning of triangle pieces into screen tiles (pipeline/native/binning.py) against its numpy definition
(binning.bin_numpy, the formulation the fused lane used before): the same conservative rectangles (16.8
fixed-point hull, floor division of negative coordinates included, viewport/scissor bounds, target clip), the
same summed area and the same per-tile piece lists in submission order (D3D11.3 §3.4: primitive order per
pixel), for random pieces of every size, per-piece and shared bounds, odd target sizes and both tile sizes."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native

if not native.available():  # pragma: no cover - depends on the install
    pytest.skip("llvmlite not installed", allow_module_level=True)

from pyd3d11.pipeline.native import binning  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with its numpy definition itself


def _pieces(rng, P: int, W: int, H: int, size: float) -> np.ndarray:
    centre = rng.uniform(-0.2, 1.2, (P, 1, 2)) * np.array([W, H]) * 256
    return (centre + rng.normal(0, size * 256, (P, 3, 2))).astype(np.int64)


def _same(got, want) -> None:
    for g, w, name in zip(got, want, ("rect", "tile_off", "list", "tiles_x", "n_tiles", "area")):
        if isinstance(w, np.ndarray):
            assert g.dtype == w.dtype and np.array_equal(g, w), name
        else:
            assert g == w, name


@pytest.mark.parametrize("tile", [8, 16, 48, 64, 256])  # the tile edge is a constant of each compiled module
@pytest.mark.parametrize("W,H", [(1024, 1024), (97, 61), (1, 1), (300, 7)])
@pytest.mark.parametrize("size", [0.5, 3.0, 40.0, 400.0])
def test_matches_numpy(tile, W, H, size):
    rng = np.random.default_rng(W * 7 + H + int(size * 10) + tile)
    verts = _pieces(rng, 3000, W, H, size)
    bounds = np.array([[0, 0, W, H]], np.int64)
    _same(binning.bin_pieces(verts, bounds, W, H, tile), binning.bin_numpy(verts, bounds, W, H, tile))


def test_per_piece_bounds_and_empty_rectangles():
    """Per-piece scissor/viewport bounds (some empty, some outside the target) keep pieces out of tiles."""
    rng = np.random.default_rng(3)
    P, W, H = 2000, 200, 150
    verts = _pieces(rng, P, W, H, 20.0)
    lo = rng.integers(0, 120, (P, 2))
    hi = lo + rng.integers(-5, 100, (P, 2))
    bounds = np.concatenate([lo, hi], 1).astype(np.int64)
    got = binning.bin_pieces(verts, bounds, W, H, 64)
    _same(got, binning.bin_numpy(verts, bounds, W, H, 64))
    rect, lst = got[0], got[2]
    empty = np.nonzero((rect[:, 2] <= rect[:, 0]) | (rect[:, 3] <= rect[:, 1]))[0]
    assert empty.size > 100 and not np.isin(empty, lst).any()


def test_submission_order_within_each_tile():
    """Every tile lists its pieces in increasing piece order (the rasterizer draws them in that order)."""
    rng = np.random.default_rng(4)
    verts = _pieces(rng, 5000, 512, 512, 30.0)
    rect, off, lst, _tx, n_tiles, _a = binning.bin_pieces(verts, np.array([[0, 0, 512, 512]]), 512, 512, 64)
    for t in range(n_tiles):
        seg = lst[off[t]:off[t + 1]]
        assert np.all(np.diff(seg) > 0)


def test_no_pieces():
    got = binning.bin_pieces(np.zeros((0, 3, 2), np.int64), np.array([[0, 0, 64, 64]]), 64, 64, 64)
    assert got[0].shape == (0, 4) and got[2].size == 0 and np.array_equal(got[1], [0, 0]) and got[5] == 0


@pytest.mark.parametrize("lo,hi,want", [
    (5 * 256 + 128, 9 * 256 + 128, (5, 10)),  # hull ends exactly on samples: both pixels kept (edge ties)
    (5 * 256 + 129, 9 * 256 + 127, (6, 9)),  # just inside the samples: those pixels cannot be covered
    (5 * 256 + 127, 9 * 256 + 129, (5, 10)),
    (-3 * 256 + 128, -1 * 256, (0, -1)),  # left of the target, empty (negative coordinates floor, not truncate)
    (-256 - 128, 2 * 256, (0, 2)),
])
def test_rectangle_is_the_sample_hull(lo, hi, want):
    """A piece's rectangle is every pixel whose sample point (x + 0.5, y + 0.5) lies in the vertices' closed
    bounding box: no other pixel can be covered (D3D11.3 §3.4.2), so the rasterizer may skip the rest."""
    verts = np.array([[[lo, lo], [hi, lo], [lo, hi]]], np.int64)
    rect = binning.bin_pieces(verts, np.array([[0, 0, 64, 64]]), 64, 64, 64)[0][0]
    assert (rect[0], rect[2]) == want and (rect[1], rect[3]) == want
    assert np.array_equal(rect, binning.bin_numpy(verts, np.array([[0, 0, 64, 64]]), 64, 64, 64)[0][0])


# --- binning in piece ranges on the worker pool (issue 12: the front end in parallel) -------------------------

@pytest.mark.parametrize("P", [binning.BIN_CHUNK - 1, binning.BIN_CHUNK, binning.BIN_CHUNK + 1,
                               2 * binning.BIN_CHUNK - 1, 2 * binning.BIN_CHUNK + 1])
@pytest.mark.parametrize("parts", [None, 1, 2, 3, 7])
def test_ranges_give_the_single_pass_lists(P, parts):
    """Any split of the pieces into ranges (sizes around the chunk size, uneven last range) gives the numpy
    definition's rectangles, offsets, lists and area: each tile's pieces in submission order across ranges."""
    rng = np.random.default_rng(P + 31 * (parts or 0))
    W, H = 300, 200
    verts = _pieces(rng, P, W, H, 8.0)
    bounds = np.array([[0, 0, W, H]], np.int64)
    _same(binning.bin_pieces(verts, bounds, W, H, 64, parts), binning.bin_numpy(verts, bounds, W, H, 64))


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_thread_counts_give_the_same_lists(threads):
    """The default split follows the pool's thread count; the result does not (per-piece bounds too)."""
    from pyd3d11.shader.native import pool

    rng = np.random.default_rng(11)
    P, W, H = 3 * binning.BIN_CHUNK + 5, 256, 256
    verts = _pieces(rng, P, W, H, 30.0)
    lo = rng.integers(0, 128, (P, 2))
    bounds = np.concatenate([lo, lo + rng.integers(-4, 160, (P, 2))], 1).astype(np.int64)
    pool.set_threads(threads)
    try:
        # pool.range_count() ranges (RANGES_PER_THREAD a thread, one at one thread) of at least BIN_CHUNK pieces
        want_parts = 1 if threads == 1 else min(threads * pool.RANGES_PER_THREAD, P // binning.BIN_CHUNK)
        assert len(binning._chunks(P, None)) == want_parts
        got = binning.bin_pieces(verts, bounds, W, H, 64)
    finally:
        pool.set_threads(None)
    _same(got, binning.bin_numpy(verts, bounds, W, H, 64))


def test_every_range_reaches_a_shared_tile_in_order():
    """All pieces cover one tile: its list is 0..P-1 whatever the ranges (a range's slots after the earlier
    ranges'); a swapped pair of ranges would list a later piece first."""
    P = 2 * binning.BIN_CHUNK + 3
    verts = np.tile(np.array([[[256 * 10, 256 * 10], [256 * 20, 256 * 10], [256 * 10, 256 * 20]]], np.int64),
                    (P, 1, 1))
    for parts in (1, 2, 3, 5):
        rect, off, lst, _tx, n_tiles, area = binning.bin_pieces(verts, np.array([[0, 0, 128, 128]]), 128, 128,
                                                                64, parts)
        assert np.array_equal(lst, np.arange(P, dtype=np.int32)), parts
        assert list(off) == [0, P, P, P, P] and area == P * 10 * 10  # pixels 10..19 hold the samples in [10, 20]
