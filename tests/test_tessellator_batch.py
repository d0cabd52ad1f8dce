"""The batched tessellator (patches grouped by topology, placement over (patches, points) arrays) against
the per-patch definition (``_tessellate_fixed``, which tests/test_tessellator.py checks against digests of
Microsoft's reference CHWTessellator): every domain x partitioning x output primitive over factor values
that reach every rule of D3D11.3 §11.7.12–11.7.14 — culling (0, negative, NaN edges), clamping (> 64, inf,
NaN inside factors), rounding (integer / pow2 ceilings), parity promotion (a factor of 1 as even halves),
fractional ties (exact halves, 1 + 2^-17 around the picture-frame threshold) — mixed in one call so that
groups of equal topology hold different fractions. Every point bit, index, point_patch and prim_patch
must be equal."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import tessellator as T
from pyd3d11.pipeline.tessellator import (
    DOMAIN_ISOLINE,
    DOMAIN_QUAD,
    DOMAIN_TRI,
    FACTOR_COUNT,
    OUTPUT_LINE,
    OUTPUT_POINT,
    OUTPUT_TRIANGLE_CCW,
    OUTPUT_TRIANGLE_CW,
    PART_FRACTIONAL_EVEN,
    PART_FRACTIONAL_ODD,
    PART_INTEGER,
    PART_POW2,
    process_factors,
    tessellate_patches,
)

F = np.float32
DOMAINS = (DOMAIN_ISOLINE, DOMAIN_TRI, DOMAIN_QUAD)
PARTS = (PART_INTEGER, PART_POW2, PART_FRACTIONAL_ODD, PART_FRACTIONAL_EVEN)
PRIMS = (OUTPUT_POINT, OUTPUT_LINE, OUTPUT_TRIANGLE_CW, OUTPUT_TRIANGLE_CCW)

#: values every factor slot draws from: culling, clamps, parity boundaries, exact halves and ties,
#: the fractional-odd picture-frame threshold (1 + 2^-17 rounds to 1 + 2^-16 / to 1), the maxima.
SPECIAL = np.array([0.0, -0.0, -1.0, np.nan, np.inf, -np.inf, 0.25, 0.5, 1.0, 1.0 + 2 ** -17, 1.0 + 2 ** -16,
                    1.0 + 2 ** -15, 1.5, 2.0, 2.5, 3.0, 3.0 + 2 ** -16, 3.5, 4.0, 4.5, 5.0, 6.999, 7.0, 7.5,
                    8.0, 15.5, 16.0, 31.0, 32.5, 33.0, 62.5, 63.0, 63.5, 64.0, 64.5, 65.0, 100.0, 1e30],
                   np.float32)


def _definition(d, part, prim, factors):
    """The per-patch definition assembled into tessellate_patches' form (patch order, culled skipped)."""
    if d == DOMAIN_ISOLINE and prim in (OUTPUT_TRIANGLE_CW, OUTPUT_TRIANGLE_CCW):
        prim = OUTPUT_LINE
    culled, fxp = process_factors(d, part, factors)
    pts, idx, pp, ip = [], [], [], []
    off = 0
    for p in np.nonzero(~culled)[0]:
        a, b = T._tessellate_fixed(d, part, prim, tuple(int(x) for x in fxp[p]))
        pts.append(a)
        idx.append(b + off)
        pp.append(np.full(len(a), p))
        ip.append(np.full(len(b), p))
        off += len(a)
    return pts, idx, pp, ip


def _check(d, part, prim, factors):
    t = tessellate_patches(d, part, prim, factors)
    pts, idx, pp, ip = _definition(d, part, prim, factors)
    if not pts:
        assert t.points.shape[0] == 0 and t.indices.shape[0] == 0
        return 0
    want = np.concatenate(pts)
    assert t.points.dtype == np.float32 and t.points.shape == want.shape
    np.testing.assert_array_equal(t.points.view(np.uint32), want.view(np.uint32))
    np.testing.assert_array_equal(t.indices, np.concatenate(idx))
    np.testing.assert_array_equal(t.point_patch, np.concatenate(pp))
    np.testing.assert_array_equal(t.prim_patch, np.concatenate(ip))
    return len(pts)


def _factor_rows(d, seed, n_special, n_random, hi):
    """Rows of factors: special values in every slot, and random ones around a few topologies (so
    groups hold several patches with different fractions)."""
    rng = np.random.default_rng(seed)
    k = FACTOR_COUNT[d]
    special = rng.choice(SPECIAL, (n_special, k))
    base = rng.integers(1, 9, (1, k)).astype(F)
    near = base + rng.uniform(0, 1, (n_random // 2, k)).astype(F)  # one or two topologies, many fractions
    wide = rng.uniform(0.5, hi, (n_random - n_random // 2, k)).astype(F)
    rows = np.concatenate([special, near, wide]).astype(F)
    return rows[rng.permutation(len(rows))]


@pytest.mark.parametrize("prim", PRIMS)
@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("d", DOMAINS)
def test_batch_equals_per_patch_definition(d, part, prim):
    rows = _factor_rows(d, 1000 * d + 10 * part + prim, 60, 60, 20.0)
    assert _check(d, part, prim, rows) > 60  # most rows are live


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("d", DOMAINS)
def test_batch_uniform_special_factors(d, part):
    # Every special value in every slot of one patch at once (uniform factors), one patch per value.
    rows = np.repeat(SPECIAL[:, None], FACTOR_COUNT[d], axis=1)
    _check(d, part, OUTPUT_TRIANGLE_CW, rows)


@pytest.mark.parametrize("d", DOMAINS)
def test_batch_high_factors(d):
    # Near and above the maxima: the longest rings, the 1/64 reciprocal, the split order's last entries.
    rng = np.random.default_rng(d)
    rows = rng.uniform(40, 70, (12, FACTOR_COUNT[d])).astype(F)
    for part in PARTS:
        _check(d, part, OUTPUT_TRIANGLE_CW, rows)


def test_batch_minimum_patch_among_others():
    # All-ones factors take the minimum-patch rule (integer, pow2, fractional-odd) beside patches whose
    # inside factor 2 gives the same parity/point-count key as an inside factor 1.
    rows = np.array([[1, 1, 1, 1, 1, 1], [1, 1, 1, 1, 2, 2], [1, 1, 1, 1, 1, 2], [1, 1, 1, 1, 1, 1]], F)
    for part in PARTS:
        for prim in PRIMS:
            _check(DOMAIN_QUAD, part, prim, rows)
            _check(DOMAIN_TRI, part, prim, rows[:, 2:])


def test_batch_all_culled_and_single_live():
    rows = np.array([[0, 3, 3, 3], [np.nan, 3, 3, 3], [3, 3, 3, 3]], F)
    assert _check(DOMAIN_TRI, PART_FRACTIONAL_ODD, OUTPUT_TRIANGLE_CW, rows) == 1
    assert _check(DOMAIN_TRI, PART_FRACTIONAL_ODD, OUTPUT_TRIANGLE_CW, rows[:2]) == 0


def test_factor_columns_equal_scalar_factor():
    # The element-wise factor constants against _factor for every 15.16 value in a dense sweep.
    fxp = np.concatenate([np.arange(1 << 16, 64 << 16, 1237), np.arange(60 << 16, (64 << 16) + 1, 1)])
    for odd in (False, True):
        if odd:  # odd factors stop at 63 (§11.7.12)
            fxp = fxp[fxp <= 63 << 16]
        cols = T._factor_columns(fxp, np.full(fxp.shape, odd))
        for i in range(0, len(fxp), 97):
            want = T._factor(int(fxp[i]), odd)
            got = (bool(cols["odd"][i]), int(cols["inv_floor"][i]), int(cols["inv_ceil"][i]),
                   int(cols["half_frac"][i]), int(cols["n_half"][i]), int(cols["split"][i]),
                   int(cols["n_points"][i]))
            assert got == (want.odd, want.inv_floor, want.inv_ceil, want.half_frac, want.n_half, want.split,
                           want.n_points), int(fxp[i])
