"""Comparison filtering of cube textures (D3D11.3 §7.18.7 cube addressing, §7.18.16.2 / §22.4.8 sample_c):
each tap of the bilinear footprint is compared with the reference first, then the 0/1 results are weighted,
per lane with that lane's own reference; pinned by the session-14 seed-17 mutation round (helper MU4).

The +Z face (index 4) of a 4x4 R32F cube maps direction (x, y, 1) to s = x, t = -y; u = (s + 1) / 2, so linear
filtering's footprint is texels floor(4u - 0.5) and the next one with weight frac(4u - 0.5) (16.8 fixed point,
exact for these values) and point filtering's texel floor(4u) clamped to the face. Also: a footprint at a cube
corner (three taps), and a cube array whose index picks the cube compared."""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import R32F, SRV_CUBE, SamplerDesc, f32, make_storage, run_ps, srv

F = np.float32
N = 4
#: depth values of the +Z face: row t, column s (every other face 0.5)
FACE_Z = np.array([[0.05, 0.15, 0.25, 0.35],
                   [0.45, 0.55, 0.65, 0.75],
                   [0.85, 0.95, 0.10, 0.20],
                   [0.30, 0.40, 0.50, 0.60]], F)

BODY = "sample_c_lz_indexable(texturecube)(float,float,float,float) o0.xyzw, v0.xyzx, t0.xxxx, s0, v0.w"
DECL = "dcl_sampler s0, mode_comparison\ndcl_resource_texturecube (float,float,float,float) t0\n"
LESS, GREATER_EQUAL = 2, 7  # D3D11_COMPARISON_FUNC: ref < texel passes; ref >= texel passes


def _cube():
    slices = []
    for f in range(6):
        v = np.full((N, N, 4), 0.5, F)
        if f == 4:
            v[..., 0] = FACE_Z
        slices.append([v])
    return make_storage(3, R32F, slices, 4)


def _expected(x: float, y: float, ref: float, func: int, face: np.ndarray = FACE_Z) -> float:
    su, sv = (x + 1) / 2 * N - 0.5, (-y + 1) / 2 * N - 0.5
    x0, y0 = int(np.floor(su)), int(np.floor(sv))
    fx, fy = su - x0, sv - y0
    total = 0.0
    for dy, wy in ((0, 1 - fy), (1, fy)):
        for dx, wx in ((0, 1 - fx), (1, fx)):
            t = face[y0 + dy, x0 + dx]
            ok = ref < t if func == LESS else ref >= t
            total += wx * wy * float(ok)
    return total


# directions on the +Z face whose footprints stay inside it, with per-lane references
LANES = [(0.0, 0.0, 0.5), (-0.125, 0.25, 0.3), (0.375, -0.125, 0.62), (-0.5, -0.5, 0.9), (0.25, 0.5, 0.2),
         (0.125, 0.0, 0.6), (-0.25, -0.25, 0.12), (0.5, 0.375, 0.0)]


@pytest.mark.parametrize("func", [LESS, GREATER_EQUAL])
@pytest.mark.parametrize("filt", [0x94, 0x95])  # COMPARISON_MIN_MAG_LINEAR_MIP_POINT, COMPARISON_MIN_MAG_MIP_LINEAR
def test_cube_comparison_filter_compares_each_tap_with_its_lanes_reference(filt, func):
    inp = np.array([[x, y, 1.0, r] for x, y, r in LANES], F)
    out = f32(run_ps(BODY, inp, srv(_cube(), R32F, SRV_CUBE), SamplerDesc(Filter=filt, ComparisonFunc=func), DECL))
    want = [_expected(x, y, r, func) for x, y, r in LANES]
    np.testing.assert_allclose(out[:, 0], want, rtol=0, atol=1e-6)


def test_cube_comparison_point_filter_takes_the_nearest_texel():
    lanes = [(-0.625, 0.625, 0.1), (0.125, -0.125, 0.6), (0.875, -0.875, 0.59), (1.0, -1.0, 0.59), (1.0, 1.0, 0.3),
             (-1.0, -1.0, 0.25), (0.999, 0.0, 0.5)]
    inp = np.array([[x, y, 1.0, r] for x, y, r in lanes], F)
    out = f32(run_ps(BODY, inp, srv(_cube(), R32F, SRV_CUBE), SamplerDesc(Filter=0x80, ComparisonFunc=LESS), DECL))
    want = [_expected_point(x, y, r, LESS) for x, y, r in lanes]
    np.testing.assert_array_equal(out[:, 0], want)


@pytest.mark.parametrize(("ref", "func", "want"), [
    (0.4, LESS, 2 / 3), (0.3, LESS, 1.0), (0.6, LESS, 0.0), (0.45, GREATER_EQUAL, 1 / 3), (0.5, GREATER_EQUAL, 1.0)])
def test_cube_comparison_at_a_corner_shares_the_missing_taps_weight(ref, func, want):
    """Direction (1, 1, 1): the +Z footprint's taps are its texel (3, 0) = 0.35, one texel of +X and one of +Y
    (0.5 each) and the cube corner, which has no texel: its weight is shared equally by the three others (§7.18.7
    leaves the corner open; the reference executor's rule, shared with the native sampler), so each comparison
    result weighs 1/3."""
    inp = np.array([[1.0, 1.0, 1.0, ref]], F)
    out = f32(run_ps(BODY, inp, srv(_cube(), R32F, SRV_CUBE), SamplerDesc(Filter=0x94, ComparisonFunc=func), DECL))
    np.testing.assert_allclose(out[0, 0], want, rtol=0, atol=1e-6)


def _expected_point(x: float, y: float, ref: float, func: int, face: np.ndarray = FACE_Z) -> float:
    t = face[min(int((-y + 1) / 2 * N), N - 1), min(int((x + 1) / 2 * N), N - 1)]
    return float(ref < t if func == LESS else ref >= t)


@pytest.mark.parametrize("filt", [0x80, 0x94])
def test_cube_array_comparison_reads_the_indexed_cube(filt):
    """Two cubes; the second one's +Z face holds 1 - FACE_Z: the array index (v0.w; the reference comes from
    v1.x) picks the cube whose texels are compared."""
    from test_sampler_helpers import SRV_CUBEARRAY

    slices = []
    for c in range(2):
        for f in range(6):
            v = np.full((N, N, 4), 0.5, F)
            if f == 4:
                v[..., 0] = FACE_Z if c == 0 else F(1) - FACE_Z
            slices.append([v])
    st = make_storage(3, R32F, slices, 4)
    body = ("mov r1.x, v1.x\n"
            "sample_c_lz_indexable(texturecubearray)(float,float,float,float) o0.xyzw, v0.xyzw, t0.xxxx, s0, r1.x")
    decl = "dcl_sampler s0, mode_comparison\ndcl_resource_texturecubearray (float,float,float,float) t0\n"
    lanes = LANES
    for cube in (0, 1):
        inp = np.array([[x, y, 1.0, cube, r, 0, 0, 0] for x, y, r in lanes], F)
        out = f32(run_ps(body, inp, srv(st, R32F, SRV_CUBEARRAY), SamplerDesc(Filter=filt, ComparisonFunc=LESS), decl))
        face = FACE_Z if cube == 0 else F(1) - FACE_Z
        expected = _expected if filt == 0x94 else _expected_point
        want = [expected(x, y, r, LESS, face) for x, y, r in lanes]
        np.testing.assert_allclose(out[:, 0], want, rtol=0, atol=1e-6, err_msg=f"cube {cube}")
