"""Per-sample coverage with every standard pattern and the centre pattern (spec §19.2.4 figures, transcribed
in spec-facts §1.6): a vertical edge is swept across pixel 0 and each sample's coverage is compared with its
listed offset. (The centre pattern is covered in test_pipeline_msaa.py.)"""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

# Sample offsets in 1/16 pixel, +y down, in sample-index order (spec §19.2.4).
PATTERNS = {
    2: [(4, 4), (-4, -4)],
    4: [(-2, -6), (6, -2), (-6, 2), (2, 6)],
    8: [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)],
    16: [(1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5), (-2, 6), (0, -7), (-4, -6),
         (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)],
}
SIZE = 2


def draw_right_of(x_px: float, samples: int):
    """Cover everything right of x = x_px pixels (exact in 16.8: x_px has at most 8 fractional bits)."""
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=samples)
    x = x_px * 2 / SIZE - 1
    a = (1, 1, 1, 1)
    verts = np.array([[x, -3, 0.5, 1, *a], [x, 3, 0.5, 1, *a], [3, 0, 0.5, 1, *a]], np.float32)
    draw_pos_attr(verts, [rtv(rt)], sample_count=samples)
    return read(rt)[:, 0, 0, 0]  # sample values of pixel (0, 0)


@pytest.mark.parametrize("count", sorted(PATTERNS))
@pytest.mark.parametrize("edge16", [-7.5, -2.5, 0.5, 3.5, 6.5])
def test_vertical_edge_covers_samples_right_of_it(count, edge16):
    got = draw_right_of(0.5 + edge16 / 16, count) != 0
    expect = np.array([ox > edge16 for ox, _ in PATTERNS[count]])
    assert list(got) == list(expect)

