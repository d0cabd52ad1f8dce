"""The centroid evaluation location, case by case from D3D11.3 §3.5.5 "Centroid Sampling of Attributes".

The spec's three clauses, restated here independently of pipeline/interpolate.py:
(1) every sample of the pixel covered → the pixel centre;
(2) otherwise the first covered sample in increasing sample index, coverage taken after ANDing with the
    SampleMask rasterizer state;
(3) no sample covered (after that AND; e.g. helper pixels) → the first sample of the SampleMask when the
    SampleMask is a strict subset of the pixel's samples, else the pixel centre.
Reading of (1): "covered" is the same ANDed coverage as in (2) — with a partial SampleMask the ANDed coverage is
never full, so such a pixel evaluates at a covered sample, never at the centre (a sample the mask removes is not
written, so it cannot be the reason to move to the centre).
Every coverage × every SampleMask is checked at 2x and 4x, every coverage with a table of masks at 8x, and a
seeded sample at 16x (2^32 pairs there).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pyd3d11.pipeline.interpolate import centroid_offsets

CENTRE = None


def expected(cov: int, mask: int, count: int):
    """Sample index of the centroid location, or CENTRE, from the three clauses above."""
    full = (1 << count) - 1
    m = mask & full
    c = cov & m
    if c == full:
        return CENTRE  # (1)
    if c:
        return next(i for i in range(count) if c >> i & 1)  # (2)
    if m != full and m:
        return next(i for i in range(count) if m >> i & 1)  # (3), partial SampleMask
    return CENTRE  # (3), full (or empty) SampleMask


def _offsets(count: int) -> np.ndarray:
    # distinct per-sample offsets (1/16 pixel units) so the returned offset names its sample; none is (0, 0),
    # which stands for the centre
    return np.array([[i + 1, -(2 * i + 1)] for i in range(count)], np.int64)


def _check(count: int, covs: list[int], mask: int) -> None:
    off = _offsets(count)
    got = centroid_offsets(np.array(covs, np.uint32), mask, off)
    for c, g in zip(covs, got):
        e = expected(c, mask, count)
        want = (0, 0) if e is CENTRE else tuple(off[e])
        assert tuple(g) == want, (count, hex(c), hex(mask), tuple(g), want)


@pytest.mark.parametrize("count,mask_bits", [(n, m) for n in (2, 4) for m in range(1 << n)])
def test_every_coverage_and_sample_mask(count, mask_bits):
    for mask in (mask_bits, mask_bits | 0xFFFFFFF0):  # bits above the sample count are ignored
        _check(count, list(range(1 << count)), mask)


@pytest.mark.parametrize("mask", [0xFF, 0xFFFFFFFF, 0x01, 0x80, 0x0F, 0xF0, 0x55, 0xAA, 0x81, 0x7E, 0x00])
def test_8x_every_coverage(mask):
    _check(8, list(range(256)), mask)


def test_16x_sampled():
    rng = random.Random(16)
    covs = [rng.getrandbits(16) for _ in range(2000)] + [0, 0xFFFF, 0x8000, 0x0001]
    for mask in [0xFFFF, 0xFFFFFFFF] + [rng.getrandbits(16) for _ in range(40)]:
        _check(16, covs, mask)


def test_one_sample_is_always_the_centre():
    got = centroid_offsets(np.array([0, 1], np.uint32), 0xFFFFFFFF, np.zeros((1, 2), np.int64))
    assert got.tolist() == [[0, 0], [0, 0]]
