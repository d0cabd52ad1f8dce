"""sampleinfo / samplepos on the rasterizer report the render target's sample count and pattern (§22.4.18-19)."""

from __future__ import annotations

import numpy as np
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

PS = """ps_4_1
dcl_output o0.xyzw
dcl_temps 1
sampleinfo_uint o0.x, rasterizer.x
samplepos r0.xy, rasterizer.xyxx, l(1)
mov o0.zw, r0.xxxy
mov o0.y, l(0)
ret
"""


def test_sampleinfo_and_samplepos_on_the_rasterizer():
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2, samples=4)
    a = (0, 0, 0, 0)
    verts = np.array([[-1, -1, 0.5, 1, *a], [-1, 3, 0.5, 1, *a], [3, -1, 0.5, 1, *a]], np.float32)
    draw_pos_attr(verts, [rtv(rt)], ps=PS, sample_count=4)
    px = read(rt)[0, 0, 0]
    assert px.view(np.uint32)[0] == 4
    # Sample 1 of the standard 4x pattern is (6, -2)/16 from the centre (spec §19.2.4).
    np.testing.assert_array_equal(px[2:], np.array([6 / 16, -2 / 16], np.float32))
