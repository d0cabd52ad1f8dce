"""Numerically extreme geometry is clipped, not lost (issue 13 item 6; D3D11.3 §15.4 clipping, §15.16.1
valid position range): finite clip coordinates up to +-FLT_MAX give the visible part of the primitive,
NaN positions discard it, infinities may or may not discard it but never raise.

References are independent of the clipper: the covered pixels of a triangle follow from the pixel centres
and the triangle's edges in NDC; scaling a vertex's homogeneous coordinates by a power of two changes
neither its projected position nor, exactly, any float value after the perspective divide, so the scaled
draw must cover exactly the pixels of the unscaled one."""

from __future__ import annotations

import numpy as np
import pytest
from test_pipeline_bounded import _scene, _target

from pyd3d11.pipeline.draw import draw
from pyd3d11.pipeline.input_assembler import DrawArgs

FLT_MAX = float(np.finfo(np.float32).max)
VS = "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n"
PS = "ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n"
N = 16


def _covered(verts: np.ndarray, n_tris: int = 1) -> np.ndarray:
    st, _ = _scene(np.asarray(verts, np.float32), size=N, vs=VS, ps=PS)
    st.om.rtvs[0] = _target(N, 2)  # R32G32B32A32_FLOAT
    draw(st, DrawArgs(3 * n_tris))
    return st.om.rtvs[0].storage.data.view(np.float32).reshape(N, N, 4)[..., 0] == 1.0


@pytest.mark.parametrize("b", [1.0, 1e10, 1e20, 1e30, 1e38, FLT_MAX / 3])
def test_screen_covering_triangle_at_huge_coordinates(b):
    tri = [[-b, -b, 0.5, 1], [-b, 3 * b, 0.5, 1], [3 * b, -b, 0.5, 1]]
    assert _covered(tri).all()


@pytest.mark.parametrize("b", [1.0, 1e8, 1e20, 1e38, FLT_MAX])
def test_half_screen_triangle_keeps_its_edge(b):
    """(-b,-b), (-b,b), (b,-b): the half plane x + y < 0. Pixel (i, j) has NDC centre
    x = (i + 0.5) / 8 - 1, y = 1 - (j + 0.5) / 8, so it is covered iff i < j; the centres with i == j
    lie on the hypotenuse, a right edge, which owns no samples (top-left rule)."""
    got = _covered([[-b, -b, 0.5, 1], [-b, b, 0.5, 1], [b, -b, 0.5, 1]])
    i, j = np.meshgrid(np.arange(N), np.arange(N))
    np.testing.assert_array_equal(got, i < j)


@pytest.mark.parametrize("power", [60, 100, 126])
def test_homogeneous_scaling_does_not_change_coverage(power):
    rng = np.random.default_rng(power)
    v = rng.uniform(-3, 3, size=(30, 4)).astype(np.float32)
    v[:, 2] = rng.uniform(0, 1, size=30) * np.abs(v[:, 3])  # inside the depth range where w > 0
    ref = _covered(v, 10)
    k = np.float32(2.0 ** power)
    scale = np.where(rng.uniform(size=(30, 1)) < 0.5, k, np.float32(1))  # per-vertex factors
    scaled = (v * scale).astype(np.float32)
    assert np.all(np.isfinite(scaled))
    np.testing.assert_array_equal(_covered(scaled, 10), ref)


def test_nan_discards_and_inf_does_not_raise():
    nan = float("nan")
    assert not _covered([[-1, -1, 0.5, 1], [-1, 3, 0.5, nan], [3, -1, 0.5, 1]]).any()
    assert not _covered([[-1, -1, nan, 1], [-1, 3, 0.5, 1], [3, -1, 0.5, 1]]).any()
    inf = float("inf")
    # "may or may not result in a discarded primitive" (§15.4): either is fine, an exception is not
    _covered([[-inf, -1, 0.5, 1], [-1, 3, 0.5, 1], [3, -1, 0.5, 1]])
    _covered([[-1, -1, 0.5, 1], [-1, 3, 0.5, 1], [3, -1, inf, 1]])


def test_huge_vertex_behind_the_eye_is_clipped_at_w_zero():
    """One vertex at w < 0 with coordinates near FLT_MAX: only the w > 0 part draws; homogeneous scaling
    of that vertex by 2^120 leaves the result unchanged."""
    base = np.array([[-1, -1, 0.5, 1], [0.0, 3.0, 0.5, -1], [1, -1, 0.5, 1]], np.float32)
    ref = _covered(base)
    scaled = base.copy()
    scaled[1] *= np.float32(2.0 ** 120)
    np.testing.assert_array_equal(_covered(scaled), ref)
    assert ref.any()
