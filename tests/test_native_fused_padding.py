"""The fused lane's padding lanes (pipeline/native/fused_flush_gen.py, ``_pad_lanes``).

A batch of n lanes is shaded and merged in whole steps of fused_gen.LANE_QUANTUM lanes; the merger chooses its
layout — and with it a whole-row read-modify-write of the render target (om_gen.ROW_RMW) — from the lanes' pixels,
whatever their coverage. The lanes past the batch must therefore name a pixel of the batch: with the pixels an
earlier batch left in the worker's lane buffers, the merger could read and write back rows of a tile that another
worker is merging at the same time (the parallel front end, front_chunks), losing that worker's writes (D3D11.3
§3.4: every primitive's pixels reach the target). The race is timing-dependent; this test checks its cause
directly: lane buffers filled with another tile's pixel before a one-point draw (one quad: 4 lanes of 64) hold no
such pixel after it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_native_front_chunks as fc  # noqa: E402

import pyd3d11.pipeline.draw as draw_mod  # noqa: E402
from pyd3d11.pipeline.input_assembler import DrawArgs  # noqa: E402
from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.native import fused_gen as fg  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

STALE_X, STALE_Y = 150, 100  # a pixel of tile (2, 1): the point below is drawn in tile (0, 0)


def test_padding_lanes_name_a_pixel_of_the_batch(monkeypatch):
    verts = np.zeros((1, 12), np.float32)
    verts[0, :4] = (-0.895, 0.8967, 0.5, 1.0)  # pixel (10, 7) of the 200 x 150 target
    verts[0, 4:] = 0.5
    st, rt, _ds = fc._state(verts, fc.POINTLIST, float_rt=True, cull=1, ps=fc.PS_PRIM)
    used = []
    real = fused._take_buffers

    def stale(key):
        bufs = real(key)
        bufs["lx"][:] = STALE_X
        bufs["ly"][:] = STALE_Y
        used.append(bufs)
        return bufs

    monkeypatch.setattr(fused, "_take_buffers", stale)
    pool.set_threads(1)
    try:
        native.set_backend("native")
        stats = draw_mod.draw(st, DrawArgs(1))
    finally:
        native.set_backend(None)
        pool.set_threads(None)
    assert stats.ps_invocations >= 1 and used, "the point went through the fused lane"
    px = rt.data.view(np.float32).reshape(fc.H, fc.W, 4)
    drawn = np.argwhere((px != 0.25).any(axis=2)).tolist()
    assert drawn == [[7, 10]]  # one pixel (the point's centre (10.5, 7.75)), in tile (0, 0)
    for bufs in used:
        lanes = fg.LANE_QUANTUM
        xs, ys = bufs["lx"][:lanes], bufs["ly"][:lanes]
        assert (xs < 64).all() and (ys < 64).all(), \
            f"padding lanes keep another tile's pixel: {sorted(set(zip(xs.tolist(), ys.tolist())))}"
