"""Fused native pixel lane: a pixel shader whose only input is SV_PrimitiveID (seed-16 mutation round, issue 19).

The rule (D3D11.3 functional spec §8.17 "Primitive ID"; §16.4 pixel shader inputs): the pixel shader reads the
primitive's ID, the 0-based count of primitives the draw has assembled before it, as a constant value for
every pixel of the primitive. A pixel shader may declare it alone (``dcl_input_ps_sgv constant v0.x,
primitive_id``), with no interpolated attribute and no other system value.

The fused lane (pipeline/native/fused_gen.py) loads the per-piece primitive-ID table when some input is the
primitive ID. The scenes of test_native_fused_diff.py read it only beside other inputs, so a mutant loading the
table when some input is *not* the primitive ID (``==`` made ``!=``) survived the seed-16 round; here it is the
only input. Expected values: worked out from the definition for a layout of disjoint rectangles (each pixel
names its primitive) and, for overlapping random triangles, the reference backend (the oracle of the native
generators), byte for byte, with a check that the fused lane ran.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
from gfx_util import read, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.shader import native  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

R32G32B32A32_FLOAT = 2
R8G8B8A8_UNORM = 28

#: SV_PrimitiveID alone: o0 = (id, id * 2 + 1, 7, id & 1) as floats
PS_PRIMID_ONLY = """ps_4_0
dcl_input_ps_sgv constant v0.x, primitive_id
dcl_output o0.xyzw
dcl_temps 1
utof r0.x, v0.x
ishl r0.y, v0.x, l(1)
iadd r0.y, r0.y, l(1)
utof r0.y, r0.y
and r0.z, v0.x, l(1)
utof r0.w, r0.z
mov o0.xy, r0.xyxx
mov o0.z, l(7.0)
mov o0.w, r0.w
ret
"""


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)


def _run(scene, backend: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend(backend)
        try:
            return scene()
        finally:
            native.set_backend(None)


def _rects(W: int, H: int, n_cols: int) -> np.ndarray:
    """Vertices (x, y, z, w, attributes) of n_cols disjoint columns, two triangles each (primitives 2c, 2c + 1:
    the upper-left and lower-right halves of column c), in clip space."""
    out = []
    cw = W // n_cols
    for c in range(n_cols):
        x0, x1 = c * cw, (c + 1) * cw
        corners = [(x0, 0), (x1, 0), (x0, H), (x0, H), (x1, 0), (x1, H)]
        out += corners
    xy = np.array(out, np.float64)
    v = np.zeros((len(out), 12), np.float32)
    v[:, 0] = xy[:, 0] / W * 2 - 1
    v[:, 1] = 1 - xy[:, 1] / H * 2
    v[:, 2] = 0.5
    v[:, 3] = 1.0
    return v


def test_primitive_id_alone_names_each_pixels_primitive():
    """Each pixel holds the ID of the triangle covering it (disjoint triangles: no blending or depth needed)."""
    W, H, cols = 32, 9, 4  # centres never on a diagonal: 18x + 16y = 127 has no integer solution
    verts = _rects(W, H, cols)

    def scene():
        t = texture2d(R32G32B32A32_FLOAT, W, H)
        bs._draw(verts, [rtv(t)], PS_PRIMID_ONLY, cull=1, size=(W, H))
        return read(t)[0]

    before = fused.stats.fused_draws
    got = _run(scene, "native")
    assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons}"
    ref = _run(scene, "reference")
    # the expected IDs from the definition: in column c, pixel (x, y) with centre (x + .5, y + .5) lies in the
    # upper-left triangle (primitive 2c) when (x - x0 + .5) / cw + (y + .5) / H < 1, else in 2c + 1
    cw = W // cols
    ys, xs = np.mgrid[0:H, 0:W]
    c = xs // cw
    u = (xs - c * cw + 0.5) / cw + (ys + 0.5) / H
    assert not np.any(np.isclose(u, 1.0)), "a pixel centre on the diagonal: the layout must avoid ties"
    pid = (2 * c + (u > 1)).astype(np.float32)
    want = np.stack([pid, pid * 2 + 1, np.full_like(pid, 7), pid % 2], -1)
    np.testing.assert_array_equal(ref, want)
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("seed", [0, 5, 11])
@pytest.mark.parametrize("fmt", [R32G32B32A32_FLOAT, R8G8B8A8_UNORM])
def test_primitive_id_alone_fused_equal_reference(seed, fmt):
    """Overlapping random triangles (later primitives win without depth), both backends byte for byte."""
    W, H = 40, 32
    verts = bs._vertices(seed, 24)

    def scene():
        t = texture2d(fmt, W, H)
        bs._fill(t, seed)
        bs._draw(verts, [rtv(t)], PS_PRIMID_ONLY, cull=1, size=(W, H))
        return bs._bytes(t)

    ref = _run(scene, "reference")
    before = fused.stats.fused_draws
    got = _run(scene, "native")
    assert fused.stats.fused_draws > before, f"fused lane did not run: {fused.stats.reasons}"
    assert ref == got
