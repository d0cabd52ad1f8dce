"""The fused rasterizer's covered-rectangle rows (fused_gen._full_row: a piece that covers its whole tile rectangle
appends two quads, eight lanes, per vector store while both quads lie in the rectangle and the batch has room)
against the whole reference pipeline, byte for byte.

The rules are the walk's it replaces (D3D11.3 §3.4: a pixel is covered when its centre passes the 16.8 edge tests;
§3.4 / §17.1: a primitive's pixels reach the output merger in primitive order, so every quad is appended once, in
row-major order, with its lanes' coverage): each case blends (and where named depth-tests) over seeded contents,
so a lane missing, duplicated, moved or with another coverage changes bytes. The cases sit on the path's
boundaries: rectangles starting and ending at even and odd pixels (a first quad with its left column outside, a
last single quad, quads with their lower row outside), tiles of 8, 16 and 64 pixels, batches that fill up at
every lane offset within a row (single quads before a row shift the batch count by 4), pixel-shader derivatives
(the quads' lane layout) and SV_Position (each lane's x, y), one and two worker threads, and the path switched
off (the walk) giving the same bytes.
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

from pyd3d11.pipeline.native import fused, fused_gen  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)
    pool.set_threads(None)


def _rects(boxes) -> list:
    xy = []
    for box in boxes:
        xy += sb._rect(*box)
    return xy


def _odd_even_boxes(W: int, H: int) -> list:
    """Rectangles over most of the target whose left / top / right / bottom pixel bounds are each even or odd
    (16 combinations), edges on pixel centres for half of them, drawn in that order (each blends over the last)."""
    boxes = []
    for i in range(16):
        x0, y0 = 1 + (i & 1), 2 + ((i >> 1) & 1)
        x1, y1 = W - 3 + ((i >> 2) & 1), H - 2 - ((i >> 3) & 1)
        frac = 0.5 if i % 3 == 0 else 0.0
        boxes.append((x0 + frac, y0 + frac, x1 + frac, y1 + frac))
    return boxes


@pytest.mark.parametrize("tile", [8, 16, 64])
def test_rectangles_at_even_and_odd_bounds(monkeypatch, tile):
    monkeypatch.setattr(fused, "TILE", tile)
    W, H = 150, 70
    sb._check(sb._scene(_rects(_odd_even_boxes(W, H)), W, H, tile))


@pytest.mark.parametrize("width", [5, 6, 7, 9, 11, 13])
def test_batch_boundaries_at_every_row_offset(monkeypatch, width):
    """Batches of 64 lanes (one kernel step) and rectangles 5-13 pixels wide from odd columns: rows of an odd
    number of quads end in a single quad, so rows start at every batch count mod 8 and a batch fills up at a
    row's start, inside a row's pairs (room for one quad only: the walk appends it and flushes) and at a pair."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    W, H = 64, 48
    boxes = [(x0 + 1, y0 + 1, x0 + 1 + width, y0 + 1 + h) for x0 in range(0, W - 16, 16)
             for y0, h in ((0, 14), (16, 9), (32, 15))]
    sb._check(sb._scene(_rects(boxes), W, H, width, depth=width % 2 == 1))


@pytest.mark.parametrize("ps", ["deriv", "pos"])
def test_lane_layout_reaches_the_shader(monkeypatch, ps):
    """Derivatives read the quads' lanes (a lane in the other quad of a pair, or in another row, changes them);
    SV_Position reads each lane's x and y."""
    monkeypatch.setattr(fused, "TILE", 16)
    W, H = 72, 40
    shader = fd.PS_DERIV if ps == "deriv" else bs.PS_POS
    sb._check(sb._scene(_rects(_odd_even_boxes(W, H)[:6]), W, H, 5, shader))


def test_large_triangles_cover_tiles_partly_and_wholly(monkeypatch):
    """Random large triangles: their pieces cover some tiles wholly (the rows path), some partly (the walk) and
    miss others, interleaved in one tile's piece list."""
    monkeypatch.setattr(fused, "TILE", 16)
    rng = np.random.default_rng(17)
    W, H = 96, 80
    xy = [tuple(p) for p in rng.uniform(-60, [W + 60, H + 60], (60, 2))]
    sb._check(sb._scene(xy, W, H, 17, depth=True))


def test_threads_and_switch_agree_and_path_is_compiled(monkeypatch):
    """One and two worker threads with the rows path, and the walk alone (FULL_ROWS off, variants recompiled),
    give the reference's bytes; the variant compiled with the path has its loop, the other does not."""
    monkeypatch.setattr(fused, "TILE", 16)
    W, H = 80, 64
    scene = sb._scene(_rects(_odd_even_boxes(W, H)), W, H, 23, depth=True)
    native.set_backend("reference")
    ref = scene()
    native.set_backend("native")
    for threads, rows in ((1, True), (2, True), (1, False)):
        monkeypatch.setattr(fused, "_CACHE", {})
        monkeypatch.setattr(fused_gen, "FULL_ROWS", rows)
        pool.set_threads(threads)
        got = scene()
        assert got == ref, fd._diff(ref, got)
        texts = [c.text for c in fused._CACHE.values() if not isinstance(c, str)]
        assert texts and all(("rf_body:" in t) == rows for t in texts)


@pytest.mark.parametrize("runs", [True, False])
def test_target_prefetch_steps_a_line_along_runs(monkeypatch, runs):
    """The batch function's target prefetch (a hint: the bytes above do not depend on it) steps 32 lanes — one
    64-byte line of 4-byte pixels — where the quad 28 lanes on continues the row, 8 elsewhere; with the switch off
    it always steps 8."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "_CACHE", {})
    monkeypatch.setattr(fused_gen, "PREFETCH_RUNS", runs)
    W, H = 48, 32
    sb._check(sb._scene(_rects(_odd_even_boxes(W, H)[:4]), W, H, 2))
    texts = [c.text for c in fused._CACHE.values() if not isinstance(c, str)]
    assert texts
    for t in texts:
        pf = t.split("define void @flush_batch")[1].split("pf_done:")[0]
        assert ("i64 32, i64 8" in pf and "add i64 %pq, 28" in pf) == runs
        assert ("%pqn = add i64 %pq, 8" in pf) == (not runs)
