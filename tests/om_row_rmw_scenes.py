"""Scenes for test_native_om_row_rmw.py's fused-path cases (kept apart: they import the fused-diff harness)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402


def _triangles(W: int, H: int, rng) -> np.ndarray:
    n = 300
    c = np.stack([rng.uniform(-2, W + 2, n), rng.uniform(-2, H + 2, n)], 1)
    c[: n // 3, 0] = rng.uniform(W - 3, W + 1, n // 3)  # near the last column
    c[n // 3: 2 * n // 3, 1] = rng.uniform(H - 3, H + 1, n // 3)  # near the last row
    ang = np.sort(rng.uniform(0, 2 * np.pi, (n, 3)), 1)
    r = rng.uniform(1.5, 3.5, (n, 1))
    xy = (c[:, None, :] + r[:, :, None] * np.stack([np.cos(ang), np.sin(ang)], 2)).reshape(-1, 2)
    m = xy.shape[0]
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, rng.uniform(0, 1, m), np.ones(m)], 1)
    return np.concatenate([pos, rng.uniform(-0.25, 1.25, (m, 8))], 1).astype(np.float32)


def check(size: tuple, threads: int) -> None:
    W, H = size
    rng = np.random.default_rng(W * 100 + H)
    verts = _triangles(W, H, rng)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, 3)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS["alpha"])])
        d = texture2d(40, W, H)  # D32_FLOAT
        bs._clear_depth(d, 0.75)
        om.depth_stencil = bs._ds_desc(func=2)  # LESS, writes
        bs._draw(verts, [rtv(t)], bs.PS_FLOAT, om=om, depth=dsv(d), cull=1, size=(W, H))
        return bs._bytes(t, d)

    pool.set_threads(threads)
    try:
        ref, got = fd._both(scene)
    finally:
        native.set_backend(None)
        pool.set_threads(None)
    assert ref == got, fd._diff(ref, got)
