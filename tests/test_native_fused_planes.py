"""The fused batch function's interpolation keeps a piece's plane coefficients in registers from quad to quad
and reloads them when the quad's piece differs from the previous quad's (fused_gen.HOIST_PLANES; issue 12,
per-pixel cost). The rule it must keep: every lane's attribute is its own piece's plane c0*x + c1*y + c2 (in
that order, float64), over the 1/w plane for perspective inputs, rounded once to float32 (D3D11.3 §16.4;
pipeline/interpolate.py) — whatever piece the previous quad of the batch belonged to.

Cases: shaders reading 1 to 5 perspective components (2 to 6 planes: the hoisting bound and one past it) and 4
noperspective ones (no 1/w plane), on scenes of many small overlapping triangles (consecutive quads of a batch
change piece often, also back to an earlier piece in the next tile), with w = 1 (the quotient skipped) and with
w varying; the whole reference pipeline is the oracle, byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused_gen  # noqa: E402
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


def _ps(mode: str, comps: str) -> str:
    # o0 from the read components (the others 0.25), o1 from the same, reversed: every plane reaches the target
    pad = "xyzw"[len(comps):]
    lines = [f"mov o0.{comps}, v1.{comps}"] + ([f"mov o0.{pad}, l(0.25, 0.25, 0.25, 0.25)"] if pad else [])
    return (f"ps_4_0\ndcl_input_ps {mode} v1.{comps}\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            + "\n".join(lines) + "\nmov o1.xyzw, o0.wzyx\nret\n")


SHADERS = {
    "persp1": _ps("linear", "x"),  # planes: v1.x, 1/w
    "persp3": _ps("linear", "xyz"),  # 4 planes
    "persp4": _ps("linear", "xyzw"),  # 5 planes: the bound
    "noperspective4": _ps("linear noperspective", "xyzw"),  # 4 planes, no 1/w
    # 6 planes: past it (loaded per quad)
    "persp5": ("ps_4_0\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.x\ndcl_output o0.xyzw\n"
               "dcl_output o1.xyzw\nmov o0.xyzw, v1.xyzw\nmov o1.xyzw, v2.xxxx\nret\n"),
}


def _scene(seed: int, ps: str, perspective: bool):
    rng = np.random.default_rng(seed)
    W, H = 45, 37
    n = 90
    centre = rng.uniform([-4, -4], [W + 4, H + 4], (n, 1, 2))
    xy = (centre + rng.uniform(-5, 5, (n, 3, 2))).reshape(-1, 2)
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, rng.uniform(0, 1, n * 3), np.ones(n * 3)], 1)
    if perspective:
        pos *= rng.uniform(0.5, 3.0, (n * 3, 1))
    verts = np.concatenate([pos, rng.uniform(-0.25, 1.25, (n * 3, 8))], 1).astype(np.float32)

    def scene() -> bytes:
        t = texture2d(2, W, H)  # R32G32B32A32_FLOAT: every interpolated bit reaches the target
        bs._fill(t, seed)
        bs._draw(verts, [rtv(t)], ps, om=OMState(), cull=1, size=(W, H))
        return bs._bytes(t)
    return scene


def test_shaders_span_the_bound():
    # the cases above sit on both sides of the hoisting bound (the plane counts in their comments)
    assert fused_gen.HOIST_PLANES == 5


@pytest.mark.parametrize("name", list(SHADERS))
@pytest.mark.parametrize("perspective", [False, True], ids=["w1", "wvar"])
@pytest.mark.parametrize("seed", range(2))
def test_small_triangles_many_pieces(name, perspective, seed):
    for threads in (1, 2):
        pool.set_threads(threads)
        ref, got = fd._both(_scene(seed * 7 + len(name), SHADERS[name], perspective))
        assert ref == got, fd._diff(ref, got)


def _mixed_w_scene(seed: int, ps: str):
    """Small overlapping triangles whose w is, triangle by triangle, 1 at every vertex (1/w plane (0, 0, 1): the
    unit-w pieces, fused_gen.UNIT_W), varying, or a constant other than 1 (plane (0, 0, 1/2)), interleaved in
    submission order so that a batch's consecutive quads go from unit-w pieces to others and back."""
    rng = np.random.default_rng(seed)
    W, H = 45, 37
    n = 120
    centre = rng.uniform([-4, -4], [W + 4, H + 4], (n, 1, 2))
    xy = (centre + rng.uniform(-6, 6, (n, 3, 2))).reshape(-1, 2)
    pos = np.stack([xy[:, 0] / W * 2 - 1, 1 - xy[:, 1] / H * 2, rng.uniform(0, 1, n * 3), np.ones(n * 3)], 1)
    mode = np.repeat(np.arange(n) % 3, 3)
    scale = np.where(mode == 0, 1.0, np.where(mode == 1, rng.uniform(0.5, 3.0, n * 3), 2.0))
    pos *= scale[:, None]
    verts = np.concatenate([pos, rng.uniform(-0.25, 1.25, (n * 3, 8))], 1).astype(np.float32)

    def scene() -> bytes:
        t = texture2d(2, W, H)
        bs._fill(t, seed)
        bs._draw(verts, [rtv(t)], ps, om=OMState(), cull=1, size=(W, H))
        return bs._bytes(t)
    return scene


@pytest.mark.parametrize("name", ["persp1", "persp3"])
@pytest.mark.parametrize("seed", range(2))
def test_unit_w_pieces_mixed_with_others(name, seed):
    """The unit-w skip decides per piece (at the piece's first quad), not per draw or batch: pieces with w = 1,
    varying w and a constant w of 2 in one draw, byte for byte against the reference pipeline."""
    for threads in (1, 2):
        pool.set_threads(threads)
        ref, got = fd._both(_mixed_w_scene(seed * 5 + len(name), SHADERS[name]))
        assert ref == got, fd._diff(ref, got)
