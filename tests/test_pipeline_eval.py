"""Pull-model attribute evaluation through the executor (eval_snapped / eval_sample_index / eval_centroid,
D3D11.3 §16.5). The attribute is screen-linear (w = 1), so its value at any point is computed in the test
from the plane through the three vertices."""

from __future__ import annotations

import numpy as np
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

SIZE = 8
PATTERN4 = np.array([(-2, -6), (6, -2), (-6, 2), (2, 6)]) / 16.0  # standard 4x pattern (spec §19.2.4)

PS = """ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
dcl_temps 1
eval_snapped r0.x, v1.xxxx, l(4, -8, 0, 0)
eval_sample_index r0.y, v1.xxxx, l(1)
eval_centroid r0.z, v1.yyyy
mov o0.xyz, r0.xyzx
mov o0.w, v1.x
ret
"""


def attr_at(x: float, y: float) -> tuple[float, float]:
    # Full-screen triangle below: attribute x = 2 * (pixel x / SIZE), y = pixel y / SIZE.
    return 2 * x / SIZE, y / SIZE


def test_eval_instructions_interpolate_at_the_requested_locations():
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)
    # Vertices (NDC) with attributes chosen so the attribute is an affine function of the pixel position.
    corners = [(-1, 1), (-1, -3), (3, 1)]  # pixel (0, 0), (0, 2*SIZE), (2*SIZE, 0)
    verts = []
    for cx, cy in corners:
        px, py = (cx + 1) * SIZE / 2, (1 - cy) * SIZE / 2
        ax, ay = attr_at(px, py)
        verts.append([cx, cy, 0.5, 1.0, ax, ay, 0, 0])
    draw_pos_attr(np.array(verts, np.float32), [rtv(rt)], ps=PS, sample_count=4)
    img = read(rt)  # (samples, H, W, 4): every sample of a pixel gets the pixel's outputs
    for py, px in [(0, 0), (3, 5), (7, 7)]:
        got = img[0, py, px]
        cx, cy = px + 0.5, py + 0.5
        # eval_snapped: offset (4, -8) in 1/16 pixel.
        np.testing.assert_allclose(got[0], attr_at(cx + 4 / 16, cy - 8 / 16)[0], rtol=1e-5)
        # eval_sample_index 1: the second standard 4x sample (6, -2)/16.
        np.testing.assert_allclose(got[1], attr_at(cx + PATTERN4[1][0], cy + PATTERN4[1][1])[0], rtol=1e-5)
        # eval_centroid on a fully covered pixel: the pixel centre.
        np.testing.assert_allclose(got[2], attr_at(cx, cy)[1], rtol=1e-5)
        np.testing.assert_allclose(got[3], attr_at(cx, cy)[0], rtol=1e-5)
