"""The fused lane's sixteen-lane full rows and row-group marks (fused_gen._full_row16, fused_gen.row_marks, the
batch function's float32 interpolation sixteen lanes a step, om_gen._wide_check's ROW_MARK) against the whole
reference pipeline, byte for byte.

The rules are those the faster code must keep (D3D11.3 §3.4: a pixel is covered when its centre passes the 16.8
edge tests; §3.4 / §17.1: a primitive's pixels reach the output merger once each, in primitive order, lane by lane;
§19.7: PSInvocations counts the covered lanes): four quads side by side are appended with one store per lane array
and are the same lanes, coverage and order as two eight-lane steps; a group of sixteen lanes whose first coverage
word carries the mark (four quads of one row, every lane covered, written by the same append) is merged by the
sixteen-lane body without the position test, and only then: lanes appended later into places a marked group held
in an earlier batch carry no mark, a group with a discarded lane takes the masked bodies, and the mark bit is no
sample bit. Each case blends over seeded contents, so a lane merged at another pixel, twice or not at all changes
bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import numpy as np  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
import test_native_fused_exact32 as ex  # noqa: E402
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


def _covered_then_small(W: int, H: int) -> list:
    """A rectangle over the whole target (full rows: marked groups in every batch), then 2x2 .. 4x4-pixel
    rectangles at even and odd positions, apart from each other: their fully covered quads are appended one by
    one by the column walk or the block rasterizer into lane places marked groups held in earlier batches, so
    that sixteen live lanes sit there in an order that is not four quads of one row."""
    boxes = [(0.0, 0.0, float(W), float(H))]
    k = 0
    for y in range(1, H - 5, 6):
        for x in range(1 + (y // 6) % 2, W - 5, 7):
            s = 2 + k % 3
            boxes.append((float(x), float(y), float(x + s), float(y + s)))
            k += 1
    boxes.append((2.0, 1.0, W - 1.0, H - 2.0))  # and full rows again, from an odd row
    return boxes


@pytest.mark.parametrize("batch", [64, 128, 512])
@pytest.mark.parametrize("threads", [1, 2])
def test_marks_never_outlast_their_lanes(monkeypatch, batch, threads):
    """Batches of 64, 128 and 512 lanes over 16-pixel tiles: full rows, small rectangles whose lanes land on places
    marked groups held in earlier batches, full rows again; one and two worker threads."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", batch)
    pool.set_threads(threads)
    W, H = 64, 48
    sb._check(sb._scene(_rects(_covered_then_small(W, H)), W, H, batch + threads))


@pytest.mark.parametrize("width", [7, 9, 13, 17, 19, 23])
def test_groups_at_every_lane_offset(monkeypatch, width):
    """Rectangles 7-23 pixels wide from odd columns in 16- and 32-pixel tiles with 64-lane batches: rows of an odd
    number of quads end in a single quad, so the sixteen-lane steps start at every lane count mod 16 (the merger
    meets a mark only where its group starts there) and batches fill up inside and between the steps."""
    monkeypatch.setattr(fused, "TILE", 32 if width > 15 else 16)
    monkeypatch.setattr(fused, "BATCH", 64)
    W, H = 96, 64
    boxes = [(x0 + 1, y0 + 1, x0 + 1 + width, y0 + 1 + h) for x0 in range(0, W - 24, 32)
             for y0, h in ((0, 14), (16, 9), (32, 15), (48, 12))]
    sb._check(sb._scene(_rects(boxes), W, H, width, depth=width % 2 == 1))


def test_discarded_lane_in_a_marked_group(monkeypatch):
    """A shader that discards where its interpolated x is below 0.35: marked groups with some lanes discarded must
    go through the masked bodies (the dispatcher's all-alive test), with a depth test."""
    monkeypatch.setattr(fused, "TILE", 16)
    W, H = 80, 48
    boxes = [(0.0, 0.0, float(W), float(H)), (3.0, 2.0, W - 5.0, H - 1.0), (1.5, 0.5, W - 0.5, H - 3.5)]
    sb._check(sb._scene(_rects(boxes), W, H, 31, fd.PS_DISCARD, depth=True))


@pytest.fixture
def _full_texts(monkeypatch):
    """The float32 path is in the batch function's full text only (a cold variant's quick first build compiles
    fused_gen.flush_lean): build the full texts at once, as test_native_fused_exact32 does, and set aside the
    variants other tests built meanwhile."""
    from pyd3d11.shader.native import runtime

    runtime.wait_upgrades()
    saved = dict(fused._CACHE), dict(fused._MODULES)
    fused._CACHE.clear()
    fused._MODULES.clear()
    monkeypatch.setattr(runtime, "TIER", "quick")
    yield
    runtime.wait_upgrades()
    fused._CACHE.clear()
    fused._MODULES.clear()
    fused._CACHE.update(saved[0])
    fused._MODULES.update(saved[1])


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("ps", ["persp3", "nopersp4"])
def test_float32_interpolation_runs_of_every_length(monkeypatch, _full_texts, seed, ps):
    """The float32 interpolation's sixteen-lane step (fused_flush_gen: four quads of one piece a step, then eight,
    then four): axis-aligned right triangles with dyadic planes (the float32 path) interleaved with random ones,
    so a piece's run of quads in a batch starts and ends at every quad offset; 64-lane batches, S5's blend on
    the first target, one and two threads."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 64)
    W, H = 64, 48
    verts = ex._right_triangles(np.random.default_rng(40 + seed), W, H, 60, False)
    shader = ex.PS_PERSP3 if ps == "persp3" else ex.PS_NOPERSP4
    for threads in (1, 2):
        pool.set_threads(threads)
        ref, got = fd._both(ex._scene(verts, shader, 28, W, H, seed, om=ex._blend_om()))
        assert ref == got, fd._diff(ref, got)


@pytest.mark.parametrize("wide16, rows16, marks", [(True, True, True), (True, True, False), (False, True, True),
                                                    (True, False, True), (False, False, False)])
def test_switches_agree_and_paths_are_compiled(monkeypatch, _full_texts, wide16, rows16, marks):
    """S5's draw (a full-screen quad, uv from 0 to 1, blended) with each switch off (variants recompiled) gives
    the reference's bytes too; the compiled variant holds the sixteen-lane interpolation, the sixteen-lane row
    step, and the marks exactly when they are on (the marks only with the sixteen-lane rows), and
    its merger the mark test (om_gen, always: other callers never set the bit)."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused_gen, "FLUSH_WIDE16", wide16)
    monkeypatch.setattr(fused_gen, "FULL_ROWS16", rows16)
    monkeypatch.setattr(fused_gen, "ROW_MARKS", marks)
    W, H = 64, 32
    ref, got = fd._both(ex._scene(ex._quad_verts(W, H, False), ex.PS_UV, 28, W, H, 5, om=ex._blend_om()))
    assert ref == got, fd._diff(ref, got)
    texts = [c.text for c in fused._CACHE.values() if not isinstance(c, str)]
    assert texts
    for t in texts:
        assert ("q16_body:" in t) == wide16
        assert ("rw_body:" in t) == rows16
        assert ("%rwmk = select" in t) == (marks and rows16)  # the rasterizer's mark
        assert "%wmb = and i32 %wc0, 1073741824" in t


def test_statistics_with_marks_at_rectangle_edges(monkeypatch):
    """PSInvocations counts covered lanes only (§19.7): rectangles whose left or top bound is odd, so sixteen-lane
    steps have uncovered lanes (a mark there would make an uncovered lane's word non-zero)."""
    import bitid_scenes as bs
    from gfx_util import draw_pos_attr, rtv, texture2d

    monkeypatch.setattr(fused, "TILE", 16)
    W, H = 64, 40
    boxes = [(1.0, 0.0, 61.0, 40.0), (0.0, 1.0, 64.0, 37.0), (3.0, 3.0, 60.0, 39.0), (0.0, 0.0, 64.0, 40.0)]
    xy = np.asarray(_rects(boxes), np.float64)
    n = xy.shape[0]
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, np.full(n, 0.5), np.ones(n)], 1)
    verts = np.ascontiguousarray(np.concatenate([pos, np.random.default_rng(9).uniform(0, 1, (n, 4))], 1),
                                 np.float32)

    def run():
        t = texture2d(28, W, H)
        s = draw_pos_attr(verts, [rtv(t)])
        return s.ps_invocations, bs._bytes(t)

    native.set_backend("reference")
    ref = run()
    native.set_backend("native")
    before = fused.stats.fused_draws
    got = run()
    assert fused.stats.fused_draws > before
    assert ref == got
