"""Fixed-function tessellator (D3D11.3 §11.7, spec-facts §1.14): hand-worked patterns, structural
properties (Euler counts, clean mirrored coordinates, winding), culling and clamping, and golden
digests produced by Microsoft's reference tessellator (CHWTessellator, built as a throwaway oracle)."""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from pyd3d11.pipeline.tessellator import (
    DOMAIN_ISOLINE,
    DOMAIN_QUAD,
    DOMAIN_TRI,
    OUTPUT_LINE,
    OUTPUT_POINT,
    OUTPUT_TRIANGLE_CCW,
    OUTPUT_TRIANGLE_CW,
    PART_FRACTIONAL_EVEN,
    PART_FRACTIONAL_ODD,
    PART_INTEGER,
    PART_POW2,
    process_factors,
    tessellate,
    tessellate_patches,
)

F = np.float32


def tess(domain, part, prim, factors):
    return tessellate(domain, part, prim, np.array(factors, np.float32))


# ---------------------------------------------------------------------------------------------- hand-worked

def test_quad_integer_ones_is_two_triangles():
    pts, idx = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_TRIANGLE_CW, [1, 1, 1, 1, 1, 1])
    assert pts.dtype == np.float32 and pts.shape == (4, 2)
    np.testing.assert_array_equal(pts, [[0, 0], [1, 0], [1, 1], [0, 1]])
    np.testing.assert_array_equal(idx, [[0, 1, 3], [1, 2, 3]])
    _, ccw = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_TRIANGLE_CCW, [1, 1, 1, 1, 1, 1])
    np.testing.assert_array_equal(ccw, [[0, 3, 1], [1, 3, 2]])


def test_tri_integer_ones_is_the_patch():
    pts, idx = tess(DOMAIN_TRI, PART_INTEGER, OUTPUT_TRIANGLE_CW, [1, 1, 1, 1])
    np.testing.assert_array_equal(pts, [[0, 1, 0], [0, 0, 1], [1, 0, 0]])  # V, W, U corners
    np.testing.assert_array_equal(idx, [[0, 1, 2]])


def test_tri_integer_factor_two():
    # Outer ring clockwise from V (edge U==0, then V==0, then W==0), each edge halved, plus the centre
    # point (1/3 in 16-bit fixed point); six triangles fan around the centre.
    pts, idx = tess(DOMAIN_TRI, PART_INTEGER, OUTPUT_TRIANGLE_CW, [2, 2, 2, 2])
    third = F(0x5555 / 65536)
    expect_uv = [[0, 1], [0, 0.5], [0, 0], [0.5, 0], [1, 0], [0.5, 0.5], [third, third]]
    np.testing.assert_array_equal(pts[:, :2], np.array(expect_uv, np.float32))
    np.testing.assert_array_equal(pts[:, 2], (F(1) - pts[:, 0]) - pts[:, 1])
    np.testing.assert_array_equal(idx, [[k, (k + 1) % 6, 6] for k in range(6)])


def test_quad_integer_uniform_counts():
    for n in (2, 3, 4, 7):
        pts, idx = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_TRIANGLE_CW, [n] * 6)
        assert len(pts) == (n + 1) ** 2
        assert len(idx) == 2 * n * n
        grid = {(a, b) for a in range(n + 1) for b in range(n + 1)}
        got = {(int(round(u * n)), int(round(v * n))) for u, v in pts}
        assert got == grid


def test_tri_integer_uniform_point_counts():
    for n in range(1, 9):
        pts, idx = tess(DOMAIN_TRI, PART_INTEGER, OUTPUT_TRIANGLE_CW, [n] * 4)
        rings = sum(3 * (n - 2 * r) for r in range((n + 1) // 2) if n - 2 * r > 0) + (1 if n % 2 == 0 else 0)
        assert len(pts) == (3 if n == 1 else rings)


def test_isoline_integer_density_and_detail():
    pts, idx = tess(DOMAIN_ISOLINE, PART_INTEGER, OUTPUT_LINE, [3, 4])  # density 3, detail 4
    assert pts.shape == (15, 2)  # 3 lines (none at v == 1) of 5 points
    v = pts[:, 1].reshape(3, 5)
    assert np.all(v == v[:, :1])
    assert v[0, 0] == 0 and v[1, 0] == F(0x5555 / 65536) and v[2, 0] == F(1) - v[1, 0]
    np.testing.assert_array_equal(pts[:5, 0], [0, 0.25, 0.5, 0.75, 1])
    expect = [[5 * line + k, 5 * line + k + 1] for line in range(3) for k in range(4)]
    np.testing.assert_array_equal(idx, expect)
    pts_p, idx_p = tess(DOMAIN_ISOLINE, PART_INTEGER, OUTPUT_POINT, [3, 4])
    np.testing.assert_array_equal(pts_p, pts)
    np.testing.assert_array_equal(idx_p[:, 0], np.arange(15))


def test_isoline_density_rounds_up_even_in_fractional_modes():
    pts, _ = tess(DOMAIN_ISOLINE, PART_FRACTIONAL_EVEN, OUTPUT_LINE, [2.2, 2.0])
    assert len(np.unique(pts[:, 1])) == 3  # density 2.2 -> 3 lines


@pytest.mark.parametrize("part, factor, segments", [
    (PART_INTEGER, 2.2, 3), (PART_POW2, 3.0, 3), (PART_FRACTIONAL_ODD, 2.2, 3), (PART_FRACTIONAL_ODD, 3.0, 3),
    (PART_FRACTIONAL_ODD, 3.01, 5), (PART_FRACTIONAL_EVEN, 2.5, 4), (PART_FRACTIONAL_EVEN, 4.0, 4),
    (PART_FRACTIONAL_EVEN, 1.0, 2), (PART_FRACTIONAL_ODD, 70.0, 63), (PART_INTEGER, 70.0, 64),
])
def test_edge_segment_counts(part, factor, segments):
    # Edge U==0 of a quad holds segments + 1 points: the factor rounds up to the partition's parity.
    pts, _ = tess(DOMAIN_QUAD, part, OUTPUT_POINT, [factor, 3, 3, 3, 3, 3])
    assert np.count_nonzero(pts[:, 0] == 0) == segments + 1


# ---------------------------------------------------------------------------------------------- culling

@pytest.mark.parametrize("domain, factors", [
    (DOMAIN_QUAD, [0, 2, 2, 2, 2, 2]), (DOMAIN_QUAD, [2, 2, 2, -1, 2, 2]), (DOMAIN_QUAD, [2, np.nan, 2, 2, 2, 2]),
    (DOMAIN_TRI, [2, 2, 0, 2]), (DOMAIN_TRI, [-0.0, 2, 2, 2]), (DOMAIN_ISOLINE, [0, 4]),
    (DOMAIN_ISOLINE, [4, np.nan]),
])
def test_patch_culled(domain, factors):
    for part in (PART_INTEGER, PART_FRACTIONAL_ODD, PART_FRACTIONAL_EVEN):
        pts, idx = tess(domain, part, OUTPUT_TRIANGLE_CW, factors)
        assert pts.shape[0] == 0 and idx.shape[0] == 0


def test_inside_factor_nan_or_zero_is_not_culled():
    a = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_TRIANGLE_CW, [3, 3, 3, 3, np.nan, 0])
    b = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_TRIANGLE_CW, [3, 3, 3, 3, 1, 1])
    assert len(a[0]) > 0
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])


def test_factor_processing_clamps_and_rounds():
    culled, fxp = process_factors(DOMAIN_QUAD, PART_FRACTIONAL_ODD, np.array([[0.5, 100, np.inf, 2.25, np.nan, 1.0]], F))
    assert not culled[0]
    # edges clamp to [1, 63]; 2.25 stays; inside NaN -> lower bound 1 + 2^-16 (picture frame forced)
    assert list(fxp[0]) == [65536, 63 << 16, 63 << 16, int(2.25 * 65536), 65537, 65537]
    _, fxp = process_factors(DOMAIN_TRI, PART_INTEGER, np.array([[1.2, 64.5, 3.0, 0.1]], F))
    assert list(fxp[0]) == [2 << 16, 64 << 16, 3 << 16, 1 << 16]
    _, fxp = process_factors(DOMAIN_TRI, PART_FRACTIONAL_ODD, np.array([[1.0, 1.0, 1.0, 0.5]], F))
    assert list(fxp[0]) == [1 << 16] * 4  # all edges 1: no picture frame forced
    _, fxp = process_factors(DOMAIN_TRI, PART_FRACTIONAL_EVEN, np.array([[1.0, 3.0, 2.0, 70.0]], F))
    assert list(fxp[0]) == [2 << 16, 3 << 16, 2 << 16, 64 << 16]


# ---------------------------------------------------------------------------------------------- properties

def _random_cases(seed, n, lo=1.5, hi=20.0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        domain = int(rng.integers(2, 4))
        part = int(rng.integers(1, 5))
        k = 4 if domain == DOMAIN_TRI else 6
        yield domain, part, rng.uniform(lo, hi, k).astype(F)


def test_euler_count_all_points_used_no_duplicates():
    # A triangulated disk with V points, B of them on the boundary, has 2V - B - 2 triangles.
    for domain, part, f in _random_cases(1, 150):
        pts, idx = tessellate(domain, part, OUTPUT_TRIANGLE_CW, f)
        if domain == DOMAIN_QUAD:
            boundary = np.sum((pts[:, 0] == 0) | (pts[:, 0] == 1) | (pts[:, 1] == 0) | (pts[:, 1] == 1))
        else:
            boundary = np.sum((pts[:, 0] == 0) | (pts[:, 1] == 0) | (pts[:, 2] == 0))
        assert len(idx) == 2 * len(pts) - boundary - 2
        assert len(np.unique(idx)) == len(pts)
        assert len(np.unique(pts, axis=0)) == len(pts)


def test_winding_consistent_and_ccw_flips():
    for domain, part, f in _random_cases(2, 60):
        pts, cw = tessellate(domain, part, OUTPUT_TRIANGLE_CW, f)
        _, ccw = tessellate(domain, part, OUTPUT_TRIANGLE_CCW, f)
        p = pts[:, :2].astype(np.float64)
        a, b, c = p[cw[:, 0]], p[cw[:, 1]], p[cw[:, 2]]
        area = (b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) - (b[:, 1] - a[:, 1]) * (c[:, 0] - a[:, 0])
        nz = area[np.abs(area) > 1e-12]
        assert np.all(np.sign(nz) == np.sign(nz[0]))
        np.testing.assert_array_equal(ccw, cw[:, [0, 2, 1]])


@pytest.mark.parametrize("part", [PART_FRACTIONAL_ODD, PART_FRACTIONAL_EVEN, PART_INTEGER])
@pytest.mark.parametrize("factor", [2.3, 3.7, 6.01, 11.5])
def test_clean_mirrored_coordinates(part, factor):
    # Symmetric factors give a pattern symmetric under u -> 1 - u, and the mirrored coordinate is
    # exactly the float32 complement (no rounding drift).
    pts, _ = tess(DOMAIN_QUAD, part, OUTPUT_POINT, [factor] * 6)
    mirrored = np.stack([F(1) - pts[:, 0], pts[:, 1]], axis=1)
    as_set = {tuple(r) for r in pts.view(np.uint32)}
    assert {tuple(r) for r in np.ascontiguousarray(mirrored).view(np.uint32)} == as_set
    tpts, _ = tess(DOMAIN_TRI, part, OUTPUT_POINT, [factor] * 4)
    on_edge = tpts[tpts[:, 1] == 0]  # the V==0 edge runs W -> U
    us = set(on_edge[:, 0].tolist())
    assert {float(F(1) - F(u)) for u in us} == us


def test_points_are_16_bit_fixed_point_values():
    for domain, part, f in _random_cases(3, 40):
        pts, _ = tessellate(domain, part, OUTPUT_POINT, f)
        scaled = pts.astype(np.float64) * 65536
        np.testing.assert_array_equal(scaled, np.round(scaled))
        assert pts.min() >= 0 and pts.max() <= 1


def test_line_output_on_patch_domains_is_in_order_line_list():
    pts, idx = tess(DOMAIN_QUAD, PART_INTEGER, OUTPUT_LINE, [3] * 6)
    np.testing.assert_array_equal(idx, np.stack([np.arange(15), np.arange(1, 16)], axis=1))


def test_names_accepted():
    a = tessellate("quad", "fractional_odd", "triangle_cw", np.array([3.3] * 6, F))
    b = tess(DOMAIN_QUAD, PART_FRACTIONAL_ODD, OUTPUT_TRIANGLE_CW, [3.3] * 6)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])


# ---------------------------------------------------------------------------------------------- batches

def test_batch_matches_per_patch_and_skips_culled():
    factors = np.array([[2, 3, 4, 5, 3, 4], [0, 3, 4, 5, 3, 4], [2, 3, 4, 5, 3, 4], [7.5, 1, 1, 2, 9, 3],
                        [1, 1, 1, 1, 1, 1]], F)
    t = tessellate_patches(DOMAIN_QUAD, PART_FRACTIONAL_EVEN, OUTPUT_TRIANGLE_CCW, factors)
    off = 0
    pts_all, idx_all = [], []
    for p, f in enumerate(factors):
        pts, idx = tessellate(DOMAIN_QUAD, PART_FRACTIONAL_EVEN, OUTPUT_TRIANGLE_CCW, f)
        np.testing.assert_array_equal(t.point_patch[t.point_patch == p].size, len(pts))
        pts_all.append(pts)
        idx_all.append(idx + off)
        off += len(pts)
    np.testing.assert_array_equal(t.points, np.concatenate(pts_all))
    np.testing.assert_array_equal(t.indices, np.concatenate(idx_all))
    assert 1 not in set(t.point_patch.tolist())
    np.testing.assert_array_equal(t.prim_patch, t.point_patch[t.indices[:, 0]])
    assert t.vertices_per_prim == 3


def test_batch_all_culled_is_empty():
    t = tessellate_patches(DOMAIN_TRI, PART_INTEGER, OUTPUT_TRIANGLE_CW, np.zeros((3, 4), F))
    assert t.points.shape == (0, 3) and t.indices.shape == (0, 3)


# ---------------------------------------------------------------------------------------------- golden

# (domain, partitioning, primitive, factors, points, indices, sha256[:16] of u,v float bits (<u4) followed by
# the flat index list (<i8)) — computed by Microsoft's reference CHWTessellator (tessellator.cpp from
# microsoft/DirectX-Specs) compiled as a throwaway oracle. Our output agreed with it on 40,000 random
# factor sets plus a sweep of 4,860 structured ones.
GOLDEN = [
    (3, 1, 3, [1, 1, 1, 1, 1, 1], 4, 6, "e641d27dd6cdc85b"),
    (3, 1, 3, [2, 3, 4, 5, 3, 4], 20, 72, "032703e099a7c985"),
    (3, 1, 4, [7, 2, 9, 4, 6, 5], 42, 180, "b082051690ed00a4"),
    (3, 2, 3, [3.5, 2.2, 8, 1, 4.4, 4.4], 32, 138, "513db44a973fb4d6"),
    (3, 3, 3, [3.7, 3.7, 3.7, 3.7, 3.7, 3.7], 36, 150, "6a36c9a7430fac7a"),
    (3, 3, 3, [1.2, 5.9, 2.3, 7.1, 4.6, 2.05], 30, 108, "c6ce3c495264e970"),
    (3, 3, 4, [1, 1, 1, 1, 1.5, 1], 8, 30, "0887b489d6c448fb"),
    (3, 4, 3, [2.5, 2.5, 2.5, 2.5, 2.5, 2.5], 25, 96, "390db4aa5c6d9500"),
    (3, 4, 3, [5.3, 11.1, 2.2, 7.7, 9.9, 3.1], 57, 246, "89617c734fc8a385"),
    (3, 4, 3, [64, 64, 64, 64, 64, 64], 4225, 24576, "11147538f2d4c992"),
    (3, 3, 1, [5.5, 4.5, 3.5, 2.5, 6.5, 7.5], 68, 68, "c7ee110c3d341eea"),
    (3, 1, 2, [3, 3, 3, 3, 3, 3], 16, 30, "fb53e6aab7d3e797"),
    (2, 1, 3, [2, 2, 2, 2], 7, 18, "c2baca13817a1ed5"),
    (2, 1, 3, [1, 2, 3, 4], 13, 54, "38ba3c46763329a3"),
    (2, 1, 4, [5, 6, 7, 8], 55, 270, "99bd5afacce08c06"),
    (2, 3, 3, [3.7, 3.7, 3.7, 3.7], 27, 111, "0a6c1c269bac13e7"),
    (2, 3, 3, [2.2, 7.6, 1.1, 5.5], 42, 201, "1c717ff296b40fe7"),
    (2, 4, 3, [2.5, 2.5, 2.5, 2.5], 19, 72, "3743a79507284efd"),
    (2, 4, 4, [9.1, 3.3, 17.7, 12.2], 159, 852, "e9b327321984cdf7"),
    (2, 3, 3, [63, 63, 63, 63], 3072, 17859, "0e8447212161bfa3"),
    (2, 4, 1, [4.4, 5.5, 6.6, 7.7], 57, 57, "cb786d7b4b906b0b"),
    (1, 1, 2, [3, 4], 15, 24, "2994f70fbf3517f2"),
    (1, 3, 2, [2.5, 5.5], 24, 42, "7a6ca294a15bfded"),
    (1, 4, 2, [7.7, 3.3], 40, 64, "490e9e86f25e96ea"),
    (1, 4, 1, [1.5, 9.25], 22, 22, "f8afe30c60388ed4"),
]


@pytest.mark.parametrize("domain, part, prim, factors, n_points, n_indices, digest", GOLDEN)
def test_matches_reference_tessellator(domain, part, prim, factors, n_points, n_indices, digest):
    pts, idx = tess(domain, part, prim, factors)
    assert len(pts) == n_points and idx.size == n_indices
    uv = np.ascontiguousarray(pts[:, :2]).view(np.uint32).astype("<u4")
    got = hashlib.sha256(uv.tobytes() + idx.reshape(-1).astype("<i8").tobytes()).hexdigest()[:16]
    assert got == digest


def test_bad_enums_rejected():
    from pyd3d11.errors import InvalidArgError

    with pytest.raises(InvalidArgError):
        tessellate("hexagon", "integer", "point", np.ones(6, F))
    with pytest.raises(InvalidArgError):
        tessellate(DOMAIN_QUAD, 0, OUTPUT_POINT, np.ones(6, F))


# ---------------------------------------------------------------------------------------------- oracle sweeps

# Every point count and reciprocal-table entry (factors 1..64, each partitioning) and the transition stitching
# between unequal inside and outside factors (seeded random factor sets, some beyond the clamp bounds), each
# summarised as sha256[:16] over the concatenated per-patch u,v bits (<u4) and index lists (<i8), the digests
# computed by Microsoft's reference CHWTessellator (tessellator.cpp from microsoft/DirectX-Specs) built as a
# throwaway oracle. Isoline sweeps step the detail factor 1..64 at densities 1 and 3.
SWEEP = {  # (domain, partitioning): (uniform sweep 1..64, 150 random factor sets)
    (1, 1): ("d42c73744b071859", "e3d26b5b2215de09"),
    (1, 2): ("d42c73744b071859", "59771cc72c310ae5"),
    (1, 3): ("9af9cac8d29bdfea", "378d8e84feaa9d49"),
    (1, 4): ("912d18c249f65f4c", "6aee4554a02295d3"),
    (2, 1): ("6802c2d1dbb84b45", "9684c84d9af5ccb7"),
    (2, 2): ("6802c2d1dbb84b45", "e28aa246c3aece97"),
    (2, 3): ("1b8f789fd561e90d", "c2478d0c237d9a7a"),
    (2, 4): ("f04f37a944a2cf85", "73b2c3fa32df2140"),
    (3, 1): ("40298545c4654a01", "a5d82f67f2ba819d"),
    (3, 2): ("40298545c4654a01", "fd5dcc0eacb5dcc0"),
    (3, 3): ("4bfed8d68736f27c", "fb43ab96dd35f0ca"),
    (3, 4): ("3ba482818d636af7", "7b17cf25fa9c8b19"),
}


def _sweep_digest(cases):
    h = hashlib.sha256()
    for domain, part, prim, factors in cases:
        pts, idx = tess(domain, part, prim, factors)
        h.update(np.ascontiguousarray(pts[:, :2]).view(np.uint32).astype("<u4").tobytes())
        h.update(idx.reshape(-1).astype("<i8").tobytes())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("domain, part", sorted(SWEEP))
def test_uniform_factor_sweep_matches_reference(domain, part):
    if domain == DOMAIN_ISOLINE:
        cases = [(domain, part, OUTPUT_LINE, [d, n]) for n in range(1, 65) for d in (1, 3)]
    else:
        cases = [(domain, part, OUTPUT_TRIANGLE_CW, [n] * (4 if domain == DOMAIN_TRI else 6)) for n in range(1, 65)]
    assert _sweep_digest(cases) == SWEEP[domain, part][0]


@pytest.mark.parametrize("domain, part", sorted(SWEEP))
def test_random_factor_sets_match_reference(domain, part):
    k = {DOMAIN_ISOLINE: 2, DOMAIN_TRI: 4, DOMAIN_QUAD: 6}[domain]
    f = np.random.default_rng(19 * 10 + domain * 4 + part).uniform(0.5, 66.0, (150, k)).astype(np.float32)
    prim = OUTPUT_LINE if domain == DOMAIN_ISOLINE else OUTPUT_TRIANGLE_CW
    assert _sweep_digest([(domain, part, prim, list(r)) for r in f]) == SWEEP[domain, part][1]


@pytest.mark.parametrize("prim, nv", [(OUTPUT_POINT, 1), (OUTPUT_LINE, 2), (OUTPUT_TRIANGLE_CW, 3),
                                      (OUTPUT_TRIANGLE_CCW, 3)])
@pytest.mark.parametrize("factor", [3.0, 0.0])  # a live patch and a culled one (edge factor 0, §11.7.12)
def test_vertices_per_primitive_follow_output_primitive(prim, nv, factor):
    t = tessellate_patches(DOMAIN_QUAD, PART_INTEGER, prim, np.full((1, 6), factor, F))
    assert t.vertices_per_prim == nv and t.indices.shape[1] == nv
    assert (t.indices.shape[0] == 0) == (factor == 0)
