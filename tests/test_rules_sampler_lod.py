"""LOD computation and mip selection rules (D3D11.3 §7.18.10 mip selection, §7.18.11 LOD calculation)
against values computed here from the spec's definitions: coarse quad derivatives for 1-, 2- and
3-component coordinates; the isotropic LOD log2(max(|dX|, |dY|)); the anisotropic pseudocode
(ComputeAnisotropicLOD: isMajorX = squaredLengthX > squaredLengthY, the line direction from the major
vector, ratio = squaredLengthMajor / determinant clamped to maxAniso, lengthMinor, the top-LOD ratio
clamp) evaluated in float64; mip POINT (8.8 fixed, + 0.5, integer part) and mip LINEAR (floor, floor + 1,
the fraction as the ceil weight) for every 8.8 fraction."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pyd3d11.pipeline.sampler_lod import anisotropic_lod, isotropic_lod, mip_linear, mip_point, quad_derivatives

F32 = np.float32


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_quad_derivatives_every_component_count(k):
    """dX = TR - TL and dY = BL - TL of each quad (lanes TL, TR, BL, BR), on all four lanes (§22.4.15)."""
    rng = np.random.default_rng(k)
    c = rng.uniform(-8, 8, (k, 12)).astype(F32)
    dx, dy = quad_derivatives(c)
    assert dx.shape == dy.shape == (k, 12)
    for comp in range(k):
        for q in range(3):
            tl, tr, bl = c[comp, 4 * q], c[comp, 4 * q + 1], c[comp, 4 * q + 2]
            assert np.all(dx[comp, 4 * q:4 * q + 4] == F32(tr - tl))
            assert np.all(dy[comp, 4 * q:4 * q + 4] == F32(bl - tl))


ISO = [  # (dX, dY) texel-space derivative vectors (u, v, w)
    ((4.0, 0.0, 0.0), (1.0, 0.0, 0.0)),
    ((1.0, 0.0, 0.0), (4.0, 0.0, 0.0)),  # |dY| the larger
    ((0.0, 3.0, 4.0), (1.0, 1.0, 1.0)),  # |dX| = 5
    ((1.0, 1.0, 1.0), (0.0, 6.0, 8.0)),  # |dY| = 10
    ((0.5, 0.25, 0.0), (0.125, 0.0, 0.0)),
    ((0.0, 0.0, 0.0), (0.0, 0.0, 0.375)),
    ((3.0, 4.0, 12.0), (3.0, 4.0, 12.0)),  # equal: 13
]


@pytest.mark.parametrize("dxv, dyv", ISO)
def test_isotropic_lod_is_log2_of_the_longer_derivative(dxv, dyv):
    dx = np.array(dxv, F32)[:, None]
    dy = np.array(dyv, F32)[:, None]
    want = math.log2(max(math.hypot(*dxv), math.hypot(*dyv)))
    np.testing.assert_allclose(isotropic_lod(dx, dy), [want], rtol=1e-6)


def _aniso_reference(dx, dy, max_aniso):
    """§7.18.11 ComputeAnisotropicLOD, line by line, in float64."""
    sx = dx[0] * dx[0] + dx[1] * dx[1]
    sy = dy[0] * dy[0] + dy[1] * dy[1]
    det = abs(dx[0] * dy[1] - dx[1] * dy[0])
    major_x = sx > sy
    smaj = sx if major_x else sy
    lmaj = math.sqrt(smaj)
    u = (dx[0] if major_x else dy[0]) / lmaj
    v = (dx[1] if major_x else dy[1]) / lmaj
    ratio = smaj / det
    if ratio > max_aniso:
        ratio = max_aniso
        lmin = lmaj / ratio
    else:
        lmin = det / lmaj
    if lmin < 1.0:
        ratio = max(1.0, ratio * lmin)
    return math.log2(lmin), ratio, u, v, lmaj


def _aniso_cases():
    cases = [  # hand-picked: x major, y major, the squaredLength tie (y is major), clamped and not
        ((8.0, 0.0), (0.0, 2.0), 16), ((2.0, 0.0), (0.0, 8.0), 16), ((3.0, 4.0), (4.0, -3.0), 16),
        ((3.0, 4.0), (-4.0, 3.0), 4), ((16.0, 1.0), (0.5, 2.0), 2), ((0.5, 2.0), (16.0, 1.0), 2),
        ((0.25, 0.1), (0.05, 0.5), 16), ((-6.0, 2.0), (1.0, 7.0), 8), ((1.0, -7.0), (6.0, 2.0), 8),
    ]
    rng = np.random.default_rng(11)
    for _ in range(60):
        dx = tuple(float(F32(v)) for v in rng.uniform(-20, 20, 2))
        dy = tuple(float(F32(v)) for v in rng.uniform(-20, 20, 2))
        cases.append((dx, dy, int(rng.choice([1, 2, 4, 8, 16]))))
    return cases


@pytest.mark.parametrize("dxv, dyv, max_aniso", _aniso_cases())
def test_anisotropic_lod_follows_the_spec_pseudocode(dxv, dyv, max_aniso):
    want = _aniso_reference(dxv, dyv, float(max_aniso))
    lod, ratio, u, v, lmaj = anisotropic_lod(np.array(dxv, F32)[:, None], np.array(dyv, F32)[:, None], max_aniso)
    got = (lod[0], ratio[0], u[0], v[0], lmaj[0])
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=1e-6)


@pytest.mark.parametrize("dxv, dyv", [((4.0, 2.0), (2.0, 1.0)), ((1.0, 2.0), (-3.0, -6.0)), ((0.0, 0.0), (5.0, 1.0)),
                                      ((0.5, 0.0), (0.0, 0.0))])
def test_anisotropic_lod_degenerate_footprint_is_isotropic(dxv, dyv):
    """Parallel or zero derivatives (determinant 0) have no ellipse: this implementation falls back to the
    isotropic LOD log2(max(|dX|, |dY|)) with ratio 1 and no line direction (sampler_lod.py's documented
    choice; the spec's caveats skip the footprint transformations for such vectors)."""
    lod, ratio, u, v, _ = anisotropic_lod(np.array(dxv, F32)[:, None], np.array(dyv, F32)[:, None], 16)
    want = math.log2(max(math.hypot(*dxv), math.hypot(*dyv)))
    np.testing.assert_allclose(lod, [want], rtol=1e-6)
    assert ratio[0] == 1.0 and u[0] == 0.0 and v[0] == 0.0


def _lods():
    base = np.arange(-2, 5)[:, None] + np.arange(256)[None, :] / 256.0  # every 8.8 fraction
    return base.reshape(-1).astype(F32)


@pytest.mark.parametrize("mips", [1, 3, 8])
def test_mip_point_is_the_8_8_lod_plus_half_truncated(mips):
    lod = _lods()
    fxp = np.round(lod.astype(np.float64) * 256).astype(np.int64)  # exact: these are 8.8 values
    want = np.clip(np.floor((fxp + 128) / 256), 0, mips - 1)
    np.testing.assert_array_equal(mip_point(lod, mips), want)


@pytest.mark.parametrize("mips", [1, 3, 8])
def test_mip_linear_floor_ceil_and_the_fraction_as_weight(mips):
    lod = _lods()
    fxp = np.round(lod.astype(np.float64) * 256).astype(np.int64)
    lo = np.floor(fxp / 256).astype(np.int64)
    a, b, w = mip_linear(lod, mips)
    np.testing.assert_array_equal(a, np.clip(lo, 0, mips - 1))
    np.testing.assert_array_equal(b, np.clip(lo + 1, 0, mips - 1))
    distinct = np.clip(lo, 0, mips - 1) != np.clip(lo + 1, 0, mips - 1)
    assert distinct.any() == (mips > 1)
    np.testing.assert_array_equal(w[distinct], ((fxp - lo * 256) / 256.0)[distinct].astype(F32))
