"""Sampler filters, address modes, border colours, LOD/mip selection and comparison filtering
(D3D11.3 §7.18, §22.4), run through the reference executor. Expected values come from independent
per-lane Python references of the spec formulas (test_sampler_helpers.snap8 / address_ref)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from test_sampler_helpers import (
    BORDER,
    CLAMP,
    MIRROR,
    MIRROR_ONCE,
    R8_SNORM,
    R8G8,
    R16U,
    R32F,
    RGBA32F,
    SRV_2D,
    WRAP,
    SamplerDesc,
    address_ref,
    f32,
    make_storage,
    quad_lanes,
    run_ps,
    snap8,
    srv,
)

DECL = "dcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
DECL_C = "dcl_sampler s0, mode_comparison\ndcl_resource_texture2d (float,float,float,float) t0\n"
SAMPLE = "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0"
SAMPLE_L = "sample_l_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v0.z"
RNG = np.random.default_rng(1234)


def tex2d(levels, fmt=RGBA32F, bpe=16):
    return make_storage(3, fmt, [levels], bpe)


def mip_constant_texture(size=16):
    """Mip m holds the constant m in every component: a filtered result reads back the mip blend."""
    levels = []
    m = 0
    while size >> m:
        s = size >> m
        levels.append(np.full((s, s, 4), float(m), np.float32))
        m += 1
    return tex2d(levels)


def bilinear_ref(tex: np.ndarray, u: float, v: float, mode: int, border=(0, 0, 0, 0), linear=True):
    h, w, _ = tex.shape
    out = np.zeros(4)
    if linear:
        x0, fx = snap8(u * w - 0.5)
        y0, fy = snap8(v * h - 0.5)
        taps = [(x0, y0, (1 - fx) * (1 - fy)), (x0 + 1, y0, fx * (1 - fy)), (x0, y0 + 1, (1 - fx) * fy),
                (x0 + 1, y0 + 1, fx * fy)]
    else:
        taps = [(snap8(u * w)[0], snap8(v * h)[0], 1.0)]
    for x, y, wt in taps:
        ax, ay = address_ref(x, w, mode), address_ref(y, h, mode)
        val = np.asarray(border, float) if ax is None or ay is None else tex[ay, ax].astype(float)
        out += wt * val
    return out


def reduce_ref(u: float, mode: int) -> float:
    u = float(np.float32(u))
    if mode == WRAP:
        return u - math.floor(u)
    if mode == MIRROR:
        h = u / 2
        return (h - math.trunc(h)) * 2
    return min(max(u, -10.0), 10.0)


@pytest.mark.parametrize("mode", [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE])
@pytest.mark.parametrize("linear", [False, True])
def test_address_modes_point_and_bilinear(mode, linear):
    tex = RNG.random((5, 6, 4)).astype(np.float32)
    st = tex2d([tex])
    n = 64
    uv = RNG.uniform(-2.6, 2.6, (n, 2)).astype(np.float32)
    inp = np.zeros((n, 4), np.float32)
    inp[:, :2] = uv
    border = (0.25, 0.5, 0.75, 1.0)
    desc = SamplerDesc(Filter=0x15 if linear else 0x0, AddressU=mode, AddressV=mode, BorderColor=border)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), desc, DECL))
    for i in range(n):
        ref = bilinear_ref(tex, reduce_ref(uv[i, 0], mode), reduce_ref(uv[i, 1], mode), mode, border, linear)
        np.testing.assert_allclose(out[i], ref, rtol=0, atol=2e-6, err_msg=f"lane {i} uv={uv[i]}")


def test_point_sampling_returns_texel_bits_exactly():
    tex = RNG.standard_normal((4, 4, 4)).astype(np.float32) * 1e30
    st = tex2d([tex])
    uv = np.array([[0.1, 0.1], [0.9, 0.3], [0.6, 0.8], [0.3, 0.6]], np.float32)
    inp = np.zeros((4, 4), np.float32)
    inp[:, :2] = uv
    out = run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0), DECL)
    expect = tex[(uv[:, 1] * 4).astype(int), (uv[:, 0] * 4).astype(int)].view(np.uint32)
    np.testing.assert_array_equal(out, expect)


def test_bilinear_weights_are_8bit_fixed_point():
    # 2 texels 0 and 1: the result is the 8-bit quantised fraction, not the float fraction
    st = tex2d([np.array([[[0, 0, 0, 0], [1, 1, 1, 1]]], np.float32)])
    u = np.float32((0.5 + 0.3) / 2)  # scaled u - 0.5 = 0.3 -> 77/256 (0.30078125)
    inp = np.array([[u, 0.5, 0, 0]], np.float32)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(), DECL))
    assert out[0, 0] == np.float32(77 / 256)


def test_border_colour_missing_components_and_clamp():
    st = tex2d([np.full((2, 2, 4), 0.5, np.float32)], fmt=R8G8, bpe=2)
    inp = np.array([[5.0, 5.0, 0, 0]], np.float32)
    desc = SamplerDesc(Filter=0, AddressU=BORDER, AddressV=BORDER, BorderColor=(0.25, 2.0, 0.7, 0.3))
    out = f32(run_ps(SAMPLE_L, inp, srv(st, R8G8, SRV_2D), desc, DECL))
    np.testing.assert_array_equal(out[0], np.float32([0.25, 1.0, 0.0, 1.0]))
    st2 = tex2d([np.full((2, 2, 4), 0.5, np.float32)], fmt=R8_SNORM, bpe=1)
    desc2 = SamplerDesc(Filter=0, AddressU=BORDER, AddressV=CLAMP, BorderColor=(-3.0, 0.5, 0.5, 0.5))
    out2 = f32(run_ps(SAMPLE_L, inp, srv(st2, R8_SNORM, SRV_2D), desc2, DECL))
    np.testing.assert_array_equal(out2[0], np.float32([-1.0, 0.0, 0.0, 1.0]))


def test_unbound_sampler_uses_default_linear_clamp():
    st = tex2d([np.array([[[0, 0, 0, 0], [1, 2, 3, 4]]], np.float32)])
    inp = np.array([[7.0, 0.5, 0, 0], [0.5, 0.5, 0, 0]], np.float32)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), None, DECL))
    np.testing.assert_array_equal(out[0], [1, 2, 3, 4])  # clamped to the edge texel
    np.testing.assert_array_equal(out[1], [0.5, 1, 1.5, 2])  # linear between the two


# ---- LOD and mip selection ---------------------------------------------------------------------

def _implicit_lod_lanes(lods, size=16):
    """Quads whose coordinate gradient along x is 2^lod texels (isotropic, dy smaller)."""
    lods = np.asarray(lods, np.float64)
    centers = np.tile(np.float32([0.3, 0.4]), (len(lods), 1))
    steps = (2.0 ** lods / size).astype(np.float32)
    dx = np.stack([steps, np.zeros_like(steps)], 1)
    dy = np.stack([np.zeros_like(steps), steps * np.float32(0.5)], 1)
    uv = np.concatenate([quad_lanes(centers[i:i + 1], dx[i], dy[i]) for i in range(len(lods))])
    inp = np.zeros((len(uv), 4), np.float32)
    inp[:, :2] = uv
    return inp, np.log2(steps.astype(np.float64) * size)


def lod_fixed(lod: float) -> float:
    return round(lod * 256) / 256


@pytest.mark.parametrize("mip_filter", ["point", "linear"])
def test_mip_selection_from_quad_derivatives(mip_filter):
    st = mip_constant_texture(16)
    inp, true_lod = _implicit_lod_lanes([-1.0, 0.3, 0.5, 0.7, 1.25, 2.6, 3.99, 6.0])
    desc = SamplerDesc(Filter=0x15 if mip_filter == "linear" else 0x14)
    out = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), desc, DECL))[:, 0]
    for q, lod in enumerate(true_lod):
        fx = lod_fixed(lod)
        if mip_filter == "linear":
            expect = min(max(fx, 0.0), 4.0)
        else:
            expect = min(max(math.floor(fx + 0.5), 0), 4)
        np.testing.assert_allclose(out[4 * q:4 * q + 4], expect, atol=1e-6, err_msg=f"lod {lod}")


@pytest.mark.parametrize("bias,min_lod,max_lod,view_min,lod,expect", [
    (0.0, -3.4e38, 3.4e38, 0.0, 1.5, 1.5),
    (1.0, -3.4e38, 3.4e38, 0.0, 1.5, 2.5),
    (0.0, -3.4e38, 2.0, 0.0, 3.5, 2.0),
    (0.0, 3.0, 2.0, 0.0, 0.5, 3.0),  # MinLOD wins over MaxLOD
    (0.0, 0.5, 3.4e38, 0.0, 0.0, 0.5),
    (0.0, -3.4e38, 3.4e38, 3.25, 1.0, 3.25),  # per-resource min LOD clamp
    (-2.0, -3.4e38, 3.4e38, 0.0, 1.5, 0.0),
    (0.0, -3.4e38, 3.4e38, 0.0, 9.0, 4.0),  # beyond the chain: last mip
])
def test_sample_l_bias_and_clamps(bias, min_lod, max_lod, view_min, lod, expect):
    st = mip_constant_texture(16)
    inp = np.array([[0.3, 0.3, lod, 0]], np.float32)
    desc = SamplerDesc(MipLODBias=bias, MinLOD=min_lod, MaxLOD=max_lod)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D, min_lod=view_min), desc, DECL))
    assert out[0, 0] == pytest.approx(expect, abs=1e-6)


def test_view_mip_range_and_resource_min_lod_space():
    st = mip_constant_texture(16)
    inp = np.array([[0.3, 0.3, 0.0, 0], [0.3, 0.3, 5.0, 0]], np.float32)
    view = srv(st, RGBA32F, SRV_2D, first_mip=1, mip_count=2, min_lod=2.0)  # resource 2.0 = view 1.0 (last)
    np.testing.assert_allclose(f32(run_ps(SAMPLE_L, inp, view, SamplerDesc(), DECL))[:, 0], [2.0, 2.0])
    view2 = srv(st, RGBA32F, SRV_2D, first_mip=1, mip_count=3, min_lod=2.5)
    out2 = f32(run_ps(SAMPLE_L, inp, view2, SamplerDesc(), DECL))[:, 0]
    np.testing.assert_allclose(out2, [2.5, 3.0])
    # per-resource clamp past the view's last mip: out-of-bounds result (0 in present components)
    view3 = srv(st, RGBA32F, SRV_2D, first_mip=0, mip_count=2, min_lod=1.5)
    np.testing.assert_array_equal(f32(run_ps(SAMPLE_L, inp, view3, SamplerDesc(), DECL)), 0)


def test_sample_b_adds_instruction_bias():
    st = mip_constant_texture(16)
    inp, true_lod = _implicit_lod_lanes([1.0, 1.0])
    inp[:4, 2] = 0.75
    inp[4:, 2] = -0.5
    body = "sample_b_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v0.z"
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(MipLODBias=0.5), DECL))[:, 0]
    np.testing.assert_allclose(out[:4], lod_fixed(true_lod[0] + 1.25), atol=1e-6)
    np.testing.assert_allclose(out[4:], lod_fixed(true_lod[1]), atol=1e-6)


def test_sample_d_explicit_gradients():
    st = mip_constant_texture(16)
    lods = [0.5, 1.75, 2.25]
    inp = np.zeros((3, 12), np.float32)
    inp[:, :2] = 0.4
    for i, lod in enumerate(lods):
        g = np.float32(2.0 ** lod / 16)
        inp[i, 4:6] = [0, g]  # ddx
        inp[i, 8:10] = [g / 2, 0]  # ddy
    body = "sample_d_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v1.xyxx, v2.xyxx"
    out = f32(run_ps(body, inp[:, :12], srv(st, RGBA32F, SRV_2D), SamplerDesc(), DECL))[:, 0]
    expect = [lod_fixed(math.log2(float(np.float32(2.0 ** x / 16)) * 16)) for x in lods]
    np.testing.assert_allclose(out, expect, atol=1e-6)


def test_non_quad_lanes_use_lod_zero():
    st = mip_constant_texture(16)
    inp = np.array([[0.1, 0.1, 0, 0], [0.9, 0.9, 0, 0], [0.5, 0.1, 0, 0]], np.float32)  # 3 lanes
    out = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(), DECL))
    np.testing.assert_array_equal(out, 0.0)


def test_mag_vs_min_filter_chosen_after_clamp():
    # MIN point / MAG linear (0x04): lod <= 0 -> linear, lod > 0 -> point (mip point)
    st = tex2d([np.array([[[0] * 4, [1] * 4]], np.float32), np.array([[[5] * 4]], np.float32)])
    u = np.float32(0.5)  # halfway between the two texels of mip 0
    inp = np.array([[u, 0.5, -1.0, 0], [u, 0.5, 0.25, 0]], np.float32)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x04), DECL))[:, 0]
    assert out[0] == 0.5  # magnified: linear
    assert out[1] == 1.0  # minified: point at mip round(0.25) = 0, texel floor(0.5*2) = 1
    # MinLOD clamp pushes the LOD above 0 -> minification even for a negative computed LOD
    out2 = f32(run_ps(SAMPLE_L, inp[:1], srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x04, MinLOD=0.25),
                      DECL))[:, 0]
    assert out2[0] == 1.0


def test_anisotropic_uses_minor_axis():
    st = mip_constant_texture(64)
    # 8 texels along u per pixel, 1 texel along v: isotropic LOD 3, anisotropic LOD log2(minor) = 0
    inp = np.zeros((4, 4), np.float32)
    inp[:, :2] = quad_lanes(np.float32([[0.3, 0.3]]), np.float32([8 / 64, 0]), np.float32([0, 1 / 64]))
    iso = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x15), DECL))[:, 0]
    ani = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x55, MaxAnisotropy=16),
                     DECL))[:, 0]
    np.testing.assert_allclose(iso, 3.0)
    np.testing.assert_allclose(ani, 0.0, atol=1e-6)
    # ratio clamped to MaxAnisotropy 2: minor = major / 2 = 4 texels -> LOD 2
    ani2 = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x55, MaxAnisotropy=2),
                      DECL))[:, 0]
    np.testing.assert_allclose(ani2, 2.0, atol=1e-6)


def test_anisotropic_result_within_tap_range():
    tex = RNG.random((32, 32, 4)).astype(np.float32)
    st = tex2d([tex])
    centers = RNG.random((16, 2)).astype(np.float32)
    inp = np.zeros((64, 4), np.float32)
    inp[:, :2] = np.concatenate([quad_lanes(c[None], np.float32([0.2, 0.05]), np.float32([0, 0.01]))
                                 for c in centers])
    out = f32(run_ps(SAMPLE, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x55, MaxAnisotropy=8,
                                                                          AddressU=WRAP, AddressV=WRAP), DECL))
    assert np.all(out >= tex.min(axis=(0, 1)) - 1e-6) and np.all(out <= tex.max(axis=(0, 1)) + 1e-6)
    # the anisotropic average smooths more than a point sample along u
    assert np.std(out[:, 0]) < np.std(tex[..., 0])


@pytest.mark.parametrize("reduction,pick", [(0x100, np.min), (0x180, np.max)])
def test_min_max_reduction(reduction, pick):
    tex = np.array([[[1] * 4, [4] * 4], [[3] * 4, [2] * 4]], np.float32)
    st = tex2d([tex])
    inp = np.array([[0.5, 0.5, 0, 0], [0.25, 0.25, 0, 0]], np.float32)  # centre; exactly on texel (0,0)
    out = f32(run_ps(SAMPLE_L, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=reduction | 0x15), DECL))[:, 0]
    assert out[0] == pick(tex[..., 0])
    assert out[1] == 1.0  # zero-weight taps do not take part


# ---- comparison ------------------------------------------------------------------------------------

SAMPLE_C_LZ = "sample_c_lz_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xxxx, s0, v0.z"


@pytest.mark.parametrize("func,op", [(1, lambda r, t: False), (2, lambda r, t: r < t), (3, lambda r, t: r == t),
                                     (4, lambda r, t: r <= t), (5, lambda r, t: r > t), (6, lambda r, t: r != t),
                                     (7, lambda r, t: r >= t), (8, lambda r, t: True)])
def test_comparison_functions_point(func, op):
    tex = np.array([[[0.25] * 4, [0.5] * 4], [[0.75] * 4, [1.0] * 4]], np.float32)
    st = tex2d([tex], fmt=R32F, bpe=4)
    refs = [0.25, 0.5, 0.6, 1.0]
    inp = np.array([[0.25 + 0.5 * (i % 2), 0.25 + 0.5 * (i // 2), refs[j], 0] for i in range(4) for j in range(4)],
                   np.float32)
    out = f32(run_ps(SAMPLE_C_LZ, inp, srv(st, R32F, SRV_2D), SamplerDesc(Filter=0x80, ComparisonFunc=func),
                     DECL_C))
    for k in range(16):
        t = tex[k // 4 // 2, k // 4 % 2, 0]
        assert out[k, 0] == (1.0 if op(np.float32(refs[k % 4]), t) else 0.0), (k, func)


def test_comparison_then_filter_pcf():
    tex = np.array([[[0.2] * 4, [0.4] * 4], [[0.6] * 4, [0.8] * 4]], np.float32)
    st = tex2d([tex], fmt=R32F, bpe=4)
    inp = np.array([[0.5, 0.5, 0.5, 0], [0.5 + 0.25 / 2, 0.5, 0.5, 0]], np.float32)
    out = f32(run_ps(SAMPLE_C_LZ, inp, srv(st, R32F, SRV_2D), SamplerDesc(Filter=0x95, ComparisonFunc=2),
                     DECL_C))
    assert out[0, 0] == 0.5  # taps 0.6, 0.8 pass (0.5 < t)
    # u shifted by 1/4 texel: weights x 0.75 on the right column -> (0.25*0 + 0.75*0)*.5 + (0.25*1+0.75*1)*.5
    assert out[1, 0] == 0.5
    assert out[0, 1] == out[0, 0]  # replicated


def test_comparison_reference_quantised_to_unorm16():
    code = 32768
    tex = np.full((1, 1, 4), code / 65535, np.float32)
    st = tex2d([tex], fmt=R16U, bpe=2)
    ref = 0.50001  # quantises to code 32768 (0.5000076...) -> EQUAL passes
    inp = np.array([[0.5, 0.5, ref, 0], [0.5, 0.5, 0.5001, 0], [0.5, 0.5, 7.0, 0]], np.float32)
    out = f32(run_ps(SAMPLE_C_LZ, inp, srv(st, R16U, SRV_2D), SamplerDesc(Filter=0x80, ComparisonFunc=3),
                     DECL_C))[:, 0]
    np.testing.assert_array_equal(out, [1.0, 0.0, 0.0])
    # the clamp: 7.0 -> 1.0 (code 65535) compares greater than the texel
    out2 = f32(run_ps(SAMPLE_C_LZ, inp[2:], srv(st, R16U, SRV_2D), SamplerDesc(Filter=0x80, ComparisonFunc=5),
                      DECL_C))[:, 0]
    assert out2[0] == 1.0


def test_comparison_border_uses_border_red():
    st = tex2d([np.full((2, 2, 4), 0.5, np.float32)], fmt=R32F, bpe=4)
    inp = np.array([[3.0, 3.0, 0.7, 0]], np.float32)
    desc = SamplerDesc(Filter=0x80, ComparisonFunc=2, AddressU=BORDER, AddressV=BORDER, BorderColor=(0.9, 0, 0, 0))
    assert f32(run_ps(SAMPLE_C_LZ, inp, srv(st, R32F, SRV_2D), desc, DECL_C))[0, 0] == 1.0
    desc.BorderColor = (0.6, 0, 0, 0)
    assert f32(run_ps(SAMPLE_C_LZ, inp, srv(st, R32F, SRV_2D), desc, DECL_C))[0, 0] == 0.0
