"""Random output-merger states (formats, blend and depth/stencil state, masks, blend factor, stencil reference,
sample mask, read-only flags, viewport depth range) and random fragment batches with repeated pixels: the native
merger gives the numpy merger's bytes and occlusion counts (tests/native_om_util.py)."""

from __future__ import annotations

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, color_bits, ds_desc, face, fragments, rt_blend, run_both, target

from pyd3d11.pipeline.output_merger import OMState

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


FORMATS = [28, 29, 87, 91, 2, 10, 41, 24, 88, 31, 34, 61, 65, 85, 11, 13, 16, 35, 56, 49, 26, 30, 42, 4]
FACTORS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19]


@pytest.mark.parametrize("seed", range(24))
def test_random_states(seed):
    rng = np.random.default_rng(seed)

    def pick(seq):
        return int(seq[rng.integers(0, len(seq))])

    rts = []
    for _ in range(int(rng.integers(1, 4))):
        d = rt_blend(bool(rng.random() < 0.8), pick(FACTORS), pick(FACTORS), int(rng.integers(1, 6)), pick(FACTORS),
                     pick(FACTORS), int(rng.integers(1, 6)), int(rng.integers(0, 16)))
        d.LogicOpEnable, d.LogicOp = bool(rng.random() < 0.3), int(rng.integers(0, 16))
        rts.append(d)
    ds_fmt = [None, 20, 40, 45, 55][int(rng.integers(0, 5))]

    def rface():
        return face(*(int(v) for v in rng.integers(1, 9, 3)), int(rng.integers(1, 9)))

    desc = ds_desc(bool(rng.random() < 0.7), bool(rng.random() < 0.7), int(rng.integers(1, 9)), bool(rng.random() < 0.6),
                   int(rng.integers(0, 256)), int(rng.integers(0, 256)), rface(), rface())
    om = OMState(blend=blend_desc(rts, bool(rng.random() < 0.5), bool(rng.random() < 0.2)),
                 blend_factor=tuple(color_bits(rng, 4).view(np.float32)), depth_stencil=desc,
                 stencil_ref=int(rng.integers(0, 300)), sample_mask=pick([0xFFFFFFFF, 0xFFFFFFFE, 0x3]))
    stores = [target(pick(FORMATS), rng) for _ in rts]
    ds = target(ds_fmt, rng) if ds_fmt else None
    vp = (0.1, 0.9) if rng.random() < 0.3 else (0.0, 1.0)
    frags = [fragments(rng, int(rng.integers(1, 300)), 3, bool(rng.random() < 0.3), vp=vp) for _ in range(2)]
    flags = int(rng.integers(0, 4)) if rng.random() < 0.3 else 0
    assert_same(run_both(om, stores, ds, frags, dsv_flags=flags))
