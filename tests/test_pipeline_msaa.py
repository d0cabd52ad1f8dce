"""Multisampling in draws (D3D11.3 §3.5, §3.5.6, §16.3.2, §16.9.4, §17.18): sample-frequency execution,
SV_Coverage in/out, SampleMask, alpha-to-coverage, centroid, the centre pattern and ForcedSampleCount.
Expected values come from the standard sample pattern listed by hand (spec §19.2.4)."""

from __future__ import annotations

import numpy as np
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

from pyd3d11.pipeline.draw import RasterizerState
from pyd3d11.pipeline.output_merger import OMState

R32_UINT = 42
# 4x standard pattern, 1/16 pixel from the centre, +y down (spec §19.2.4).
PATTERN4 = np.array([(-2, -6), (6, -2), (-6, 2), (2, 6)]) / 16.0
SIZE = 8


def full_screen(a=(0, 0, 0, 0)):
    return np.array([[-1, -1, 0.5, 1, *a], [-1, 3, 0.5, 1, *a], [3, -1, 0.5, 1, *a]], np.float32)


def left_of_column_2_centre():
    """Covers everything left of x = 2.5 pixels (NDC -0.375 on an 8-wide target)."""
    return np.array([[-3, -1, 0.5, 1, 0, 0, 0, 0], [-0.375, 3, 0.5, 1, 0, 0, 0, 0],
                     [-0.375, -1, 0.5, 1, 0, 0, 0, 0]], np.float32)


PS_SAMPLE_POS = """ps_4_1
dcl_input_ps_siv linear noperspective sample v0.xy, position
dcl_input_ps_sgv v1.x, sampleIndex
dcl_output o0.xyzw
mov o0.xy, v0.xyxx
utof o0.z, v1.x
mov o0.w, l(1.0)
ret
"""

PS_COVERAGE = """ps_5_0
dcl_input vCoverage
dcl_output o0.x
mov o0.x, vCoverage.x
ret
"""


def test_sample_frequency_runs_per_sample_at_sample_positions():
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)
    stats = draw_pos_attr(full_screen(), [rtv(rt)], ps=PS_SAMPLE_POS, sample_count=4)
    img = read(rt)  # (S, H, W, 4)
    centre = np.arange(SIZE) + 0.5
    for s in range(4):
        np.testing.assert_array_equal(img[s, :, :, 0], np.broadcast_to(centre + PATTERN4[s, 0], (SIZE, SIZE)))
        np.testing.assert_array_equal(img[s, :, :, 1], np.broadcast_to((centre + PATTERN4[s, 1])[:, None],
                                                                       (SIZE, SIZE)))
        assert np.all(img[s, :, :, 2] == s)
    assert stats.ps_invocations == SIZE * SIZE * 4


def test_sample_frequency_respects_sample_mask_and_partial_coverage():
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)
    om = OMState(sample_mask=0b1010)
    stats = draw_pos_attr(left_of_column_2_centre(), [rtv(rt)], ps=PS_SAMPLE_POS, sample_count=4, om=om)
    img = read(rt)
    written = img[..., 3] == 1  # (S, H, W)
    # Column 2: samples with a negative x offset (0 and 2) lie left of the edge; mask keeps 1 and 3.
    expect = np.zeros((4, SIZE, SIZE), bool)
    for s in (1, 3):
        expect[s, :, :2] = True
    assert np.array_equal(written, expect)
    assert stats.ps_invocations == 2 * 2 * SIZE


def test_center_pattern_puts_every_sample_at_the_centre():
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4, samples=4)
    rt_v = rtv(rt)
    draw_pos_attr(full_screen(), [rt_v], ps=PS_SAMPLE_POS, sample_count=4, sample_quality=0xFFFFFFFE)
    img = read(rt)
    for s in range(4):
        np.testing.assert_array_equal(img[s, 0, :, 0], np.arange(4) + 0.5)


def test_input_coverage_is_and_of_coverage_and_sample_mask():
    rt = texture2d(R32_UINT, SIZE, SIZE, samples=4)
    draw_pos_attr(left_of_column_2_centre(), [rtv(rt)], ps=PS_COVERAGE, sample_count=4,
                  om=OMState(sample_mask=0b0111))
    img = read(rt)[..., 0].astype(np.int64)  # (S, H, W)
    # Full pixels: 0b1111 & 0b0111; column 2: samples 0 and 2 covered -> 0b0101. Sample 3 masked off.
    for s in range(3):
        assert np.all(img[s, :, :2] == 0b0111)
        assert np.all(img[s, :, 3:] == 0)
    assert np.all(img[0, :, 2] == 0b0101) and np.all(img[2, :, 2] == 0b0101)
    assert np.all(img[1, :, 2] == 0) and np.all(img[3] == 0)


def test_output_coverage_mask_limits_written_samples():
    ps = """ps_5_0
dcl_output o0.xyzw
dcl_output oMask
mov o0.xyzw, l(1.0, 2.0, 3.0, 4.0)
mov oMask, l(9)
ret
"""
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4, samples=4)
    stats = draw_pos_attr(full_screen(), [rtv(rt)], ps=ps, sample_count=4)
    img = read(rt)
    assert np.all(img[[0, 3], ..., 3] == 4) and not img[[1, 2]].any()
    assert stats.samples_passed == 16 * 2


def _blend_a2c():
    from types import SimpleNamespace

    rt = SimpleNamespace(BlendEnable=False, RenderTargetWriteMask=0xF, LogicOpEnable=False)
    return SimpleNamespace(AlphaToCoverageEnable=True, IndependentBlendEnable=False, RenderTarget=[rt] * 8)


def test_alpha_to_coverage_n_step_mask():
    # Documented rule: k = floor(alpha * S + 0.5) clamped to [0, S], mask = the k lowest samples.
    for alpha in (0.0, 0.2, 0.3, 0.5, 0.74, 0.9, 1.0, 2.0, -1.0):
        rt = texture2d(R32G32B32A32_FLOAT, 2, 2, samples=4)
        draw_pos_attr(full_screen((1, 1, 1, alpha)), [rtv(rt)], sample_count=4, om=OMState(blend=_blend_a2c()))
        k = int(min(max(np.floor(np.float32(alpha) * 4 + 0.5), 0), 4))
        written = read(rt)[:, 0, 0, 0] == 1
        assert written.tolist() == [s < k for s in range(4)], alpha


def test_centroid_position_uses_first_covered_sample():
    ps = """ps_4_0
dcl_input_ps_siv linear noperspective centroid v0.xy, position
dcl_output o0.xyzw
mov o0.xy, v0.xyxx
mov o0.zw, l(0, 0, 0, 1.0)
ret
"""
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)
    draw_pos_attr(left_of_column_2_centre(), [rtv(rt)], ps=ps, sample_count=4)
    img = read(rt)
    assert np.all(img[0, :, 1, 0] == 1.5)  # fully covered pixel: centre
    np.testing.assert_array_equal(img[0, :, 2, 0], np.full(SIZE, 2.5 + PATTERN4[0, 0]))  # sample 0
    np.testing.assert_array_equal(img[0, :, 2, 1], np.arange(SIZE) + 0.5 + PATTERN4[0, 1])


def test_forced_sample_count_rasterizes_with_the_forced_pattern():
    rt = texture2d(R32_UINT, SIZE, SIZE)
    stats = draw_pos_attr(left_of_column_2_centre(), [rtv(rt)], ps=PS_COVERAGE,
                          rasterizer=RasterizerState(CullMode=1, ForcedSampleCount=4))
    img = read(rt)[0, ..., 0].astype(np.int64)
    assert np.all(img[:, :2] == 0xF) and np.all(img[:, 2] == 0b0101) and np.all(img[:, 3:] == 0)
    # Occlusion counts raster samples of visible pixels: 4 per full pixel, 2 on column 2 (§20.4.6).
    assert stats.samples_passed == SIZE * (2 * 4 + 2)
    assert stats.ps_invocations == SIZE * 3


def test_pull_model_locations():
    from pyd3d11.pipeline.interpolate import Interpolator, PieceSet
    from pyd3d11.pipeline.pull_model import PullModel, snapped_offsets
    from pyd3d11.pipeline.rasterizer import TriangleSetup, sample_offsets, snap

    # 4-bit signed 1/16-pixel grid (§16.5): 0x8 -> -8/16, 0x7 -> 7/16, 0x1F -> -1/16.
    np.testing.assert_array_equal(snapped_offsets(np.array([[0x8, 0x7], [0x1F, 0]])), [[-128, 112], [-16, 0]])
    # Attribute = screen x on a big clockwise triangle (w = 1): evaluating at an offset shifts x exactly.
    tri = snap(np.array([[[0, 0], [64, 0], [0, 64]]], np.float32))
    attrs = np.zeros((1, 3, 4), np.float32)
    attrs[0, :, 0] = [0, 64, 0]
    pieces = PieceSet(TriangleSetup.build(tri), np.array([0]), np.eye(3)[None], np.ones((1, 3)),
                      np.zeros((1, 3), np.float32), np.array([True]))
    interp = Interpolator(pieces, np.array([[0, 1, 2]]), attrs.view(np.uint32))
    px = np.array([[2, 3, 2, 3]])
    py = np.array([[4, 4, 5, 5]])
    cov = np.array([0b0110, 0xF, 0xF, 0xF], np.uint32)
    m = PullModel(interp, np.array([0]), px, py, cov, sample_offsets(4), 0xFFFFFFFF, {0: 4})
    x = m.snapped(0, np.tile([0x8, 0], (4, 1))).view(np.float32)[:, 0]
    np.testing.assert_allclose(x, px[0] + 0.5 - 0.5, atol=1e-5)
    x = m.at_sample(0, np.array([1, 1, 2, 9])).view(np.float32)[:, 0]
    np.testing.assert_allclose(x, [2.5 + 6 / 16, 3.5 + 6 / 16, 2.5 - 6 / 16, 3.5], atol=1e-5)
    x = m.centroid(0).view(np.float32)[:, 0]  # lane 0 covers samples 1, 2 -> sample 1; others centre
    np.testing.assert_allclose(x, [2.5 + 6 / 16, 3.5, 2.5, 3.5], atol=1e-5)
