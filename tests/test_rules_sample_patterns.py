"""The standard multisample patterns (D3D11.3 §19.2.4; the spec's figures, transcribed by hand in
spec-facts §1.6): positions in 1/16 pixel from the pixel centre, +y down, in sample-index order.

Observed through a sample-frequency pixel shader that writes SV_Position (at the sample position, §16.3.2) and
SV_SampleIndex: each sample of each pixel must hold (x + 0.5 + dx/16, y + 0.5 + dy/16, index)."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

PATTERNS = {
    1: [(0, 0)],
    2: [(4, 4), (-4, -4)],
    4: [(-2, -6), (6, -2), (-6, 2), (2, 6)],
    8: [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)],
    16: [(1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5),
         (-2, 6), (0, -7), (-4, -6), (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)],
}

PS_SAMPLE_POS = """ps_4_1
dcl_input_ps_siv linear noperspective sample v0.xy, position
dcl_input_ps_sgv v1.x, sampleIndex
dcl_output o0.xyzw
mov o0.xy, v0.xyxx
utof o0.z, v1.x
mov o0.w, l(1.0)
ret
"""

SIZE = 4


@pytest.mark.parametrize("count", sorted(PATTERNS))
def test_every_sample_sits_at_its_standard_position(count):
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=count)
    full = np.array([[-1, -1, 0.5, 1, 0, 0, 0, 0], [-1, 3, 0.5, 1, 0, 0, 0, 0], [3, -1, 0.5, 1, 0, 0, 0, 0]],
                    np.float32)
    draw_pos_attr(full, [rtv(rt)], ps=PS_SAMPLE_POS, sample_count=count)
    img = read(rt).reshape(count, SIZE, SIZE, 4)
    centre = np.arange(SIZE) + 0.5
    for s, (dx, dy) in enumerate(PATTERNS[count]):
        np.testing.assert_array_equal(img[s, :, :, 0], np.broadcast_to(centre + dx / 16, (SIZE, SIZE)), f"{count}x #{s} x")
        np.testing.assert_array_equal(img[s, :, :, 1], np.broadcast_to((centre + dy / 16)[:, None], (SIZE, SIZE)),
                                      f"{count}x #{s} y")
        assert np.all(img[s, :, :, 2] == s)
