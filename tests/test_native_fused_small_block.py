"""The fused rasterizer's 8x8 block path (fused_gen._small_block: a piece whose rectangle in a tile fits the
block of four rows of four quads from its first quad takes all 64 edge tests at once in 32-bit integers, then
appends its covered quads in row-major order from the coverage mask) against the whole reference pipeline,
byte for byte.

The rules checked are those of the rasterizer it replaces for such pieces (D3D11.3 §3.4: a pixel is covered when
its centre's 16.8 edge values are all > 0, or = 0 on a top-left edge, §3.4.2.1; primitives' pixels reach the
output merger in primitive order, §3.4 / §17.1, so each quad of a piece must be appended once, in the order the
walk appends it, with the same lane coverage): each case draws with alpha blending (and, where named, a depth
test) over seeded contents so any lane missing, duplicated, reordered or with another coverage changes bytes.
The cases sit on the path's own boundaries: rectangles of every width and height around the 8-pixel block at
even and odd origins (8 wide from an odd column needs nine: the general walk), the 2^16 edge-coefficient and
2^28 edge-value bounds that keep the 32-bit sums exact (long edges fall back), batches that fill up inside a
block, pixel-shader derivatives (helper lanes of partly covered quads), and thread counts 1 and 2.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused, fused_gen  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture(autouse=True)
def _restore(monkeypatch):
    # one build of the full rasterizer text: a quick first build under TIER auto is the lean text without the
    # block path (fused_gen.raster_lean), so the variants these tests build are built afresh at TIER quick
    from pyd3d11.shader.native import runtime

    monkeypatch.setattr(runtime, "TIER", "quick")
    saved = dict(fused._CACHE), dict(fused._MODULES)
    fused._CACHE.clear()
    fused._MODULES.clear()
    yield
    native.set_backend(None)
    pool.set_threads(None)
    fused._CACHE.clear()
    fused._MODULES.clear()
    fused._CACHE.update(saved[0])
    fused._MODULES.update(saved[1])


def _verts(xy, W: int, H: int, rng) -> np.ndarray:
    xy = np.asarray(xy, np.float64).reshape(-1, 2)
    n = xy.shape[0]
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, rng.uniform(0, 1, n), np.ones(n)], 1)
    return np.concatenate([pos, rng.uniform(-0.25, 1.25, (n, 8))], 1).astype(np.float32)


def _scene(xy, W: int, H: int, seed: int = 0, ps: str = bs.PS_FLOAT, depth: bool = False):
    rng = np.random.default_rng(seed)
    verts = _verts(xy, W, H, rng)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        d = None
        if depth:
            d = texture2d(40, W, H)  # D32_FLOAT
            bs._clear_depth(d, 0.75)
            om.depth_stencil = bs._ds_desc(func=2)  # LESS, writes
        bs._draw(verts, [rtv(t)], ps, om=om, depth=dsv(d) if d is not None else None, cull=1, size=(W, H))
        return bs._bytes(t, d) if d is not None else bs._bytes(t)
    return scene


def _check(scene) -> None:
    ref, got = fd._both(scene)
    assert ref == got, fd._diff(ref, got)


def _rect(x0: float, y0: float, x1: float, y1: float) -> list:
    """Two triangles of opposite winding filling [x0, x1] x [y0, y1] (their shared diagonal too)."""
    return [(x0, y0), (x1, y0), (x0, y1), (x0, y1), (x1, y0), (x1, y1),
            (x0, y0), (x1, y1), (x1, y0), (x0, y0), (x0, y1), (x1, y1)]


@pytest.mark.parametrize("ox", [0, 1])
@pytest.mark.parametrize("oy", [0, 1])
def test_rectangles_of_every_size_around_the_block(ox, oy):
    """Rectangles 1..10 pixels wide and high starting at even and odd pixels, edges through pixel centres
    (x.5: the left and top edges include them, the right and bottom exclude them) and between them: their
    tile rectangles are below, at and past the block's 8 pixels from the first quad."""
    W, H = 128, 128
    xy = []
    for w in range(1, 11):
        for h in range(1, 11):
            x0 = 12 * (w - 1) + ox + 1
            y0 = 12 * (h - 1) + oy + 1
            frac = 0.5 if (w + h) % 2 else 0.0
            xy += _rect(x0 + frac, y0 + frac, x0 + w + frac, y0 + h + frac)
    _check(_scene(xy, W, H, 10 * ox + oy))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("tile", [8, 16, 64])
def test_random_small_triangles(monkeypatch, seed, tile):
    """Triangles of 0.2 to 12 pixels (half of them on the half-pixel grid: samples on edges and vertices),
    overlapping, over tiles of 8 (every piece's tile rectangle fits a block), 16 and 64 pixels."""
    monkeypatch.setattr(fused, "TILE", tile)
    rng = np.random.default_rng(100 + seed)
    W, H = 61, 47
    xy = []
    for _ in range(400):
        c = rng.uniform(-3, [W + 3, H + 3])
        d = rng.uniform(-1, 1, (3, 2)) * rng.uniform(0.2, 6.0)
        p = c + d
        if rng.random() < 0.5:
            p = np.round(p * 2) / 2
        xy += list(p)
    _check(_scene(xy, W, H, seed, depth=bool(seed % 2)))


def test_top_left_rule_on_block_rows_and_columns(monkeypatch):
    """A fan around a pixel centre whose spokes run through centres, placed so the shared edges lie on the
    block's first and last rows and columns: each centre on a shared edge is drawn once (top-left rule)."""
    monkeypatch.setattr(fused, "TILE", 8)
    W, H = 32, 32
    xy = []
    for cx, cy in ((3.5, 3.5), (12.5, 11.5), (20.5, 20.5), (28.5, 4.5)):
        ring = [(cx - 3, cy - 3), (cx, cy - 3), (cx + 3, cy - 3), (cx + 3, cy), (cx + 3, cy + 3), (cx, cy + 3),
                (cx - 3, cy + 3), (cx - 3, cy)]
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            xy += [(cx, cy), a, b]
    _check(_scene(xy, W, H, 3))


@pytest.mark.parametrize("seed", range(3))
def test_long_edges_past_the_exact_bounds(monkeypatch, seed):
    """8-pixel tiles under triangles with vertices up to 900 pixels outside the target: every piece's tile
    rectangle fits a block, but edges longer than 256 pixels have |A| or |B| >= 2^16 and edge values at a
    block may pass 2^28, so such pieces take the general walk; shorter ones take the block."""
    monkeypatch.setattr(fused, "TILE", 8)
    rng = np.random.default_rng(200 + seed)
    W, H = 40, 24
    xy = []
    for _ in range(10):
        scale = rng.choice([30.0, 200.0, 300.0, 900.0])
        xy += list(rng.uniform(-scale, scale, (3, 2)) + [W / 2, H / 2])
    _check(_scene(xy, W, H, seed))


@pytest.mark.parametrize("flip", [False, True])
def test_edge_values_past_32_bits_fall_back(monkeypatch, flip):
    """Triangles whose edges span just under 256 pixels in x and y (|A|, |B| < 2^16) around a target they
    cover, the target's pixels 100-140 pixels from an edge: edge values there reach 2^31 (the edge length times
    the distance, in 16.8 units squared), so the 2^28 bound on the block's first value sends the pieces to the
    general walk (a 32-bit sum would wrap and drop pixels); thin ones near the target take the block."""
    monkeypatch.setattr(fused, "TILE", 8)
    W, H = 40, 24
    big = [(-115.0, -120.0), (140.0, -120.0), (12.0, 135.0), (-100.25, 140.5), (-100.25, -110.0), (150.5, 10.0),
           (5.0, 5.0), (35.5, 7.0), (20.0, 19.5)]
    xy = [(W - x, y) if flip else (x, y) for x, y in big]
    _check(_scene(xy, W, H, 11 + flip))


@pytest.mark.parametrize("seed", range(3))
def test_batches_fill_inside_a_block(monkeypatch, seed):
    """Batches of one kernel step (64 lanes: sixteen quads, as many as a block holds): a full batch is flushed
    between two quads of one block, and the pixel shader takes derivatives (helper lanes of partly covered quads
    are lanes of the batch)."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    rng = np.random.default_rng(300 + seed)
    W, H = 40, 30
    xy = []
    for _ in range(120):
        xy += list(rng.uniform(-2, [W + 2, H + 2]) + rng.uniform(-4, 4, (3, 2)))
    _check(_scene(xy, W, H, seed, fd.PS_DERIV))


def test_thread_counts_and_block_switch_agree(monkeypatch):
    """The same small-triangle scene on one and two worker threads, and with the block path switched off (the
    general walk), gives the same bytes as the reference: the block changes no lane and no order."""
    monkeypatch.setattr(fused, "TILE", 16)
    rng = np.random.default_rng(7)
    W, H = 64, 64
    xy = []
    for _ in range(500):
        xy += list(rng.uniform(0, [W, H]) + rng.uniform(-3, 3, (3, 2)))
    scene = _scene(xy, W, H, 7, depth=True)
    native.set_backend("reference")
    ref = scene()
    native.set_backend("native")
    got = []
    for threads, block in ((1, True), (2, True), (2, False)):
        pool.set_threads(threads)
        monkeypatch.setattr(fused_gen, "SMALL_BLOCK", block)
        got.append(scene())
    for g in got:
        assert g == ref, fd._diff(ref, g)
