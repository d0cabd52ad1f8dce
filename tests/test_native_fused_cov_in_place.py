"""The fused batch function's coverage in place (fused_gen._om with COV_IN_PLACE: where nothing is folded into the
merger's coverage — no ForcedSampleCount, oMask or back-face bit — the lanes past the batch, [n, n8), get coverage 0
in the rasterizer's lane buffer and the merger reads that buffer; a lane is live where its coverage is non-zero)
against the whole reference pipeline, byte for byte, and the draw statistics.

The rule is the copy's it replaces: the merger merges exactly the batch's covered lanes (D3D11.3 §17.1: each covered
sample of each primitive once, in primitive order), and PSInvocations counts the covered lanes (§19.7 pipeline
statistics, as the reference). The cases make the lanes past a batch hold real, covered pixels of an earlier batch
(the per-worker lane buffers are reused: a full batch, then a short one in the same tile), so merging them again, or
counting them, changes bytes or counts; batches end at every lane count mod 8; 1 and 4 samples; a shader with
discard; and the switch off (the copy) gives the same bytes.
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
from gfx_util import draw_pos_attr, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused, fused_gen  # noqa: E402
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


def _full_then_short(W: int, H: int, extra: int) -> list:
    """A rectangle over the whole target (full batches), then small rectangles of 1..``extra`` quads in
    one tile: each ends its tile's last batch after a few lanes, over lanes a full batch left."""
    xy = sb._rect(0, 0, W, H)
    for q in range(1, extra + 1):
        x0, y0 = 2 * q, 2 + 4 * (q % 3)
        xy += sb._rect(x0, y0, x0 + 2 * q, y0 + 2)
    return xy


@pytest.mark.parametrize("threads", [1, 2])
def test_short_batches_after_full_ones(monkeypatch, threads):
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    pool.set_threads(threads)
    W, H = 40, 24
    sb._check(sb._scene(_full_then_short(W, H, 7), W, H, 31))


@pytest.mark.parametrize("discard", [False, True])
def test_statistics_count_the_batch_lanes_only(monkeypatch, discard):
    """PSInvocations (covered lanes) and the occlusion count after full and short batches."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    W, H = 40, 24
    xy = np.asarray(_full_then_short(W, H, 5), np.float64)
    rng = np.random.default_rng(5)
    n = xy.shape[0]
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, np.full(n, 0.5), np.ones(n)], 1)
    verts = np.ascontiguousarray(np.concatenate([pos, rng.uniform(0, 1, (n, 4))], 1), np.float32)
    ps = fd.PS_DISCARD.replace("v2.xyzw", "v2.x").replace("v1.wzyx", "v1.xyzw") if discard else None

    def run():
        t = texture2d(28, W, H)
        s = draw_pos_attr(verts, [rtv(t)], ps=ps)
        return s.ps_invocations, bs._bytes(t)

    native.set_backend("reference")
    ref = run()
    native.set_backend("native")
    before = fused.stats.fused_draws
    got = run()
    assert fused.stats.fused_draws > before
    assert ref == got


def test_multisampled_short_batches(monkeypatch):
    """Four samples: coverage words with sample bits, read in place the same way."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    W, H = 24, 16
    verts = sb._verts(_full_then_short(W, H, 4), W, H, np.random.default_rng(8))

    def scene() -> bytes:
        t = texture2d(28, W, H, 4)
        bs._fill(t, 8)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        bs._draw(verts, [rtv(t)], bs.PS_FLOAT, om=om, samples=4, cull=1, size=(W, H))
        return bs._bytes(t)

    sb._check(scene)


def test_switch_agrees_and_path_is_compiled(monkeypatch):
    """The copy (COV_IN_PLACE off, variants recompiled) and the in-place read give the reference's bytes; only
    the in-place variant zeroes the lane buffer's tail (its memset) and passes that buffer to the merger."""
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 8)
    W, H = 40, 24
    scene = sb._scene(_full_then_short(W, H, 6), W, H, 9)
    native.set_backend("reference")
    ref = scene()
    native.set_backend("native")
    for on in (True, False):
        monkeypatch.setattr(fused, "_CACHE", {})
        monkeypatch.setattr(fused_gen, "COV_IN_PLACE", on)
        got = scene()
        assert got == ref, fd._diff(ref, got)
        texts = [c.text for c in fused._CACHE.values() if not isinstance(c, str)]
        assert texts and all(("@llvm.memset.p0.i64(ptr %" in t.split("define void @flush_batch")[1]
                              .split("om_head:")[0]) == on for t in texts)
