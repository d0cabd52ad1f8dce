"""The one tile pass over a chunked draw's tiles (pipeline/native/chunk_tiles.TilePass; session 19, K19): how many
scenes and workers it makes. Session 21 (helper MUT, issue 19): two mutants of chunk_tiles.py kept the bytes
(tests/test_native_front_chunks.py compares those) but broke the pass's purpose:

- the chunks of one draw on one grid go into ONE scene (the module docstring: "the chunks' tile work becomes the
  draws of one scene"), so each tile is visited once for the whole draw, with no barrier between chunks — a pass
  launched per chunk is session 18's chunk-by-chunk way back (the ``!=`` of ``add``'s grid test as ``==``);
- the scene has one worker per pool thread and never more workers than tiles (``max(1, min(threads, tiles))``):
  a worker without a tile would only bind lane buffers and a T array (``+ 1`` on the least count).

Each draw's bytes are also compared with the one-thread oracle (no chunks), as the K19 tests do.
"""

from __future__ import annotations

import pytest
import test_native_front_chunks as fc

from pyd3d11.pipeline import front_chunks
from pyd3d11.pipeline.native import chunk_tiles
from pyd3d11.shader import native

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def scenes(monkeypatch):
    """The parallel front end on (front_chunks.ENABLED); every scene chunk_tiles makes, as (n_tiles, workers)."""
    monkeypatch.setattr(front_chunks, "ENABLED", True)
    made: list = []
    real = chunk_tiles.Scene

    def spy(grid, n_tiles, workers):
        made.append((n_tiles, workers))
        return real(grid, n_tiles, workers)

    monkeypatch.setattr(chunk_tiles, "Scene", spy)
    return made


def _draw(threads: int, chunk: int, made: list):
    verts = fc._verts(23, 300, 3)
    args = fc.DrawArgs(len(verts))
    ref = fc._render(verts, fc.TRIANGLELIST, args, threads=1, chunk=None)
    made.clear()  # (the oracle draws no chunks; nothing of it counts)
    got = fc._render(verts, fc.TRIANGLELIST, args, threads=threads, chunk=chunk)
    fc._same(got, ref, f"{threads} threads, chunks of {chunk}")
    assert got[3] == -(-len(verts) // chunk) and got[4] > 1, "the draw was cut into chunks sharing a tile pass"
    return got


@pytest.mark.parametrize("threads", [2, 3])
def test_one_scene_for_the_chunks_of_a_draw(scenes, threads):
    """200 x 150 pixels: 4 x 3 tiles of 64; one scene, one worker per thread."""
    _draw(threads, 3 * 9, scenes)
    assert scenes == [(12, threads)]


def test_no_more_workers_than_tiles(scenes, monkeypatch):
    """A 48 x 40 target is one tile: one worker, whatever the thread count."""
    monkeypatch.setattr(fc, "W", 48)
    monkeypatch.setattr(fc, "H", 40)
    _draw(3, 3 * 9, scenes)
    assert scenes == [(1, 1)]
