"""Graphics pipeline rules with independent expectations (D3D11.3 §15, §16, §17)."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import (
    D24_UNORM_S8_UINT,
    D32_FLOAT,
    R8G8B8A8_UNORM,
    R32G32B32A32_FLOAT,
    draw_pos_attr,
    dsv,
    read,
    rtv,
    texture2d,
)

from pyd3d11.pipeline.draw import RasterizerState, Viewport
from pyd3d11.pipeline.output_merger import OMState


def V(x, y, z=0.5, w=1.0, a=(0, 0, 0, 0)):
    return [x * w, y * w, z * w, w, *a]


def pixel_ndc(px, size):
    return (2 * (px + 0.5) / size) - 1


def test_full_screen_triangle_covers_every_pixel_once():
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    verts = np.array([V(-1, -1, a=(1, 2, 3, 4)), V(-1, 3, a=(1, 2, 3, 4)), V(3, -1, a=(1, 2, 3, 4))])
    st = draw_pos_attr(verts, [rtv(rt)])
    img = read(rt)[0]
    assert np.all(img == np.array([1, 2, 3, 4], np.float32))
    assert st.ps_invocations == 64


def test_linear_interpolation_is_perspective_correct():
    # Two vertices at different w: the attribute must follow (sum b_i a_i / w_i) / (sum b_i / w_i).
    size = 16
    rt = texture2d(R32G32B32A32_FLOAT, size, size)
    ws = [1.0, 4.0, 2.0]
    pos = [(-1, -1), (-1, 3), (3, -1)]
    attrs = [(1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)]
    verts = np.array([V(x, y, w=w, a=a) for (x, y), w, a in zip(pos, ws, attrs)])
    draw_pos_attr(verts, [rtv(rt)])
    img = read(rt)[0]
    # Independent reference: screen-space barycentrics of the pixel centre, then perspective weighting.
    sx = [(x + 1) * size / 2 for x, _ in pos]
    sy = [(1 - y) * size / 2 for _, y in pos]
    for py, px in [(0, 0), (5, 3), (15, 0), (0, 15), (7, 7)]:
        cx, cy = px + 0.5, py + 0.5
        area = (sx[1] - sx[0]) * (sy[2] - sy[0]) - (sx[2] - sx[0]) * (sy[1] - sy[0])
        b0 = ((sx[1] - cx) * (sy[2] - cy) - (sx[2] - cx) * (sy[1] - cy)) / area
        b1 = ((sx[2] - cx) * (sy[0] - cy) - (sx[0] - cx) * (sy[2] - cy)) / area
        b2 = 1 - b0 - b1
        q = np.array([b0 / ws[0], b1 / ws[1], b2 / ws[2]])
        expect = q / q.sum()
        np.testing.assert_allclose(img[py, px, :3], expect, rtol=1e-5, atol=1e-6)


def test_noperspective_interpolation_is_screen_linear():
    size = 16
    rt = texture2d(R32G32B32A32_FLOAT, size, size)
    verts = np.array([V(-1, -1, w=1.0, a=(0, 0, 0, 0)), V(-1, 3, w=5.0, a=(0, 2, 0, 0)),
                      V(3, -1, w=2.0, a=(2, 0, 0, 0))])
    draw_pos_attr(verts, [rtv(rt)], mode="linear noperspective")
    img = read(rt)[0]
    # Screen-linear: attribute x grows 2 over 2 screen widths (full-screen triangle spans 2*size).
    px = np.arange(size) + 0.5
    np.testing.assert_allclose(img[size - 1, :, 0], px / size, rtol=1e-5)


def test_constant_interpolation_takes_leading_vertex():
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    verts = np.array([V(-1, -1, a=(7, 7, 7, 7)), V(-1, 3, a=(1, 1, 1, 1)), V(3, -1, a=(2, 2, 2, 2))])
    draw_pos_attr(verts, [rtv(rt)], mode="constant")
    assert np.all(read(rt)[0] == 7)


@pytest.mark.parametrize("cull,fccw,expect_cw,expect_ccw", [
    (1, False, True, True),   # CULL_NONE
    (3, False, True, False),  # CULL_BACK, clockwise is front
    (2, False, False, True),  # CULL_FRONT
    (3, True, False, True),   # CULL_BACK, counter-clockwise is front
])
def test_culling(cull, fccw, expect_cw, expect_ccw):
    cw = np.array([V(-1, 1, a=(1, 1, 1, 1)), V(1, 1, a=(1, 1, 1, 1)), V(-1, -1, a=(1, 1, 1, 1))])  # clockwise on screen
    ccw = cw[[0, 2, 1]]
    for verts, expect in ((cw, expect_cw), (ccw, expect_ccw)):
        rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
        draw_pos_attr(verts, [rtv(rt)], rasterizer=RasterizerState(CullMode=cull, FrontCounterClockwise=fccw))
        assert bool(read(rt)[0].any()) == expect


def test_is_front_face_value():
    ps = """ps_4_0
dcl_input_ps_sgv v2.x, is_front_face
dcl_output o0.xyzw
mov o0.xyzw, v2.xxxx
ret
"""
    cw = np.array([V(-1, 1), V(1, 1), V(-1, -1)])
    for verts, expect in ((cw, 0xFFFFFFFF), (cw[[0, 2, 1]], 0)):
        rt = texture2d(42, 4, 4)  # R32_UINT
        draw_pos_attr(verts, [rtv(rt)], ps=ps)
        img = read(rt)[0]
        assert img[0, 0, 0] == expect


def test_near_plane_clipping_keeps_visible_part():
    # Triangle crossing z = 0: the part with z < 0 must not be drawn; interpolated depth stays >= 0.
    size = 16
    rt = texture2d(R32G32B32A32_FLOAT, size, size)
    ps = """ps_4_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_output o0.xyzw
mov o0.xyzw, v0.zzzz
ret
"""
    # z goes from -1 at the left edge to +1 at the right edge (w = 1): only x > 0 (clip) is kept.
    verts = np.array([[-1, -1, -1, 1, 0, 0, 0, 0], [-1, 3, -1, 1, 0, 0, 0, 0], [3, -1, 3, 1, 0, 0, 0, 0]], np.float32)
    draw_pos_attr(verts, [rtv(rt)], ps=ps)
    img = read(rt)[0]
    drawn = img[..., 3] != 0
    cols = np.nonzero(drawn.any(axis=0))[0]
    # z(x_ndc) = x_ndc ... visible where z >= 0 -> pixel centres with x_ndc >= 0 -> columns >= size/2.
    assert cols.min() == size // 2
    assert np.all(img[drawn][:, 2] >= 0)


def test_depth_clip_disabled_draws_beyond_far():
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    verts = np.array([V(-1, -1, z=2, a=(1, 1, 1, 1)), V(-1, 3, z=2, a=(1, 1, 1, 1)), V(3, -1, z=2, a=(1, 1, 1, 1))])
    draw_pos_attr(verts, [rtv(rt)])
    assert not read(rt)[0].any()
    draw_pos_attr(verts, [rtv(rt)], rasterizer=RasterizerState(CullMode=1, DepthClipEnable=False))
    assert read(rt)[0].all()


def test_guard_band_huge_triangle():
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    big = 1e6
    verts = np.array([V(-big, -big, a=(1, 1, 1, 1)), V(-big, big, a=(1, 1, 1, 1)), V(big, -1, a=(1, 1, 1, 1))])
    draw_pos_attr(verts, [rtv(rt)])
    img = read(rt)[0]
    # Edge from (-big, big) to (big, -1) passes just above y = -1 + ... ; reference by the edge equation.
    for py in range(8):
        for px in range(8):
            x, y = pixel_ndc(px, 8), -pixel_ndc(py, 8)
            ex = (big - (-big)) * (y - big) - (-1 - big) * (x - (-big))
            inside = ex < 0
            assert bool(img[py, px, 0]) == inside


@pytest.mark.parametrize("func,expect", [(2, [True, False]), (5, [False, True]), (8, [True, True]), (1, [False, False])])
def test_depth_test_functions(func, expect):
    from types import SimpleNamespace
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    ds = texture2d(D32_FLOAT, 4, 4)
    ds.data.view(np.float32)[:] = 0.5
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=func, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    for z, e in zip((0.25, 0.75), expect):
        rt.data[:] = 0
        verts = np.array([V(-1, -1, z=z, a=(1, 1, 1, 1)), V(-1, 3, z=z, a=(1, 1, 1, 1)), V(3, -1, z=z, a=(1, 1, 1, 1))])
        draw_pos_attr(verts, [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=desc))
        assert bool(read(rt)[0, 0, 0, 0]) == e
        ds.data.view(np.float32)[:] = 0.5


@pytest.mark.parametrize("op,expect", [(1, 5), (2, 0), (3, 9), (4, 6), (5, 4), (6, (~5) & 0xFF), (7, 6), (8, 4)])
def test_stencil_ops_on_pass(op, expect):
    from types import SimpleNamespace
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    ds = texture2d(D24_UNORM_S8_UINT, 2, 2)
    ds.data.view(np.uint32)[:] = (5 << 24) | 0x800000
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=op, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=False, DepthWriteMask=0, DepthFunc=8, StencilEnable=True,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    verts = np.array([V(-1, -1, a=(1, 1, 1, 1)), V(-1, 3, a=(1, 1, 1, 1)), V(3, -1, a=(1, 1, 1, 1))])
    draw_pos_attr(verts, [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=desc, stencil_ref=9))
    words = ds.data.view(np.uint32)
    assert np.all(words >> 24 == expect)
    assert np.all(words & 0xFFFFFF == 0x800000)  # depth plane untouched


def test_unorm_depth_quantization_round_to_nearest():
    from types import SimpleNamespace
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    ds = texture2d(D24_UNORM_S8_UINT, 2, 2)
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=8, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    z = np.float32(0.3)
    verts = np.array([V(-1, -1, z=z), V(-1, 3, z=z), V(3, -1, z=z)])
    draw_pos_attr(verts, [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=desc))
    expect = int(np.floor(np.float64(z) * (2 ** 24 - 1) + 0.5))
    assert np.all(ds.data.view(np.uint32) & 0xFFFFFF == expect)


def test_blend_src_alpha_inv_src_alpha_on_unorm():
    from types import SimpleNamespace
    rt = texture2d(R8G8B8A8_UNORM, 2, 2)
    rt.data[:] = np.tile(np.array([200, 100, 50, 255], np.uint8), 4)
    rtd = SimpleNamespace(BlendEnable=True, LogicOpEnable=False, SrcBlend=5, DestBlend=6, BlendOp=1,
                          SrcBlendAlpha=2, DestBlendAlpha=1, BlendOpAlpha=1, LogicOp=0, RenderTargetWriteMask=0xF)
    blend = SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[rtd] * 8)
    src = (0.25, 0.5, 1.0, 0.25)
    verts = np.array([V(-1, -1, a=src), V(-1, 3, a=src), V(3, -1, a=src)])
    draw_pos_attr(verts, [rtv(rt)], om=OMState(blend=blend))
    got = rt.data.reshape(-1, 4)[0]
    dst = np.array([200, 100, 50, 255]) / 255.0
    s = np.array(src)
    out = s[:3] * s[3] + dst[:3] * (1 - s[3])
    expect = list(np.floor(out * 255 + 0.5).astype(int)) + [int(np.floor(0.25 * 255 + 0.5))]
    assert list(got) == expect


def test_write_mask_and_unbound_components():
    from types import SimpleNamespace
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    rtd = SimpleNamespace(BlendEnable=False, LogicOpEnable=False, SrcBlend=2, DestBlend=1, BlendOp=1,
                          SrcBlendAlpha=2, DestBlendAlpha=1, BlendOpAlpha=1, LogicOp=0, RenderTargetWriteMask=0b0101)
    blend = SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=False, RenderTarget=[rtd] * 8)
    rt.data.view(np.float32)[:] = 9
    a = (1, 2, 3, 4)
    verts = np.array([V(-1, -1, a=a), V(-1, 3, a=a), V(3, -1, a=a)])
    draw_pos_attr(verts, [rtv(rt)], om=OMState(blend=blend))
    assert list(read(rt)[0, 0, 0]) == [1, 9, 3, 9]


def test_msaa_coverage_per_sample_4x():
    # A vertical edge at x = 0.5 pixel (+1/16) splits pixel 0's samples by their x offsets.
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2, samples=4)
    a = (1, 1, 1, 1)
    # Right triangle covering x >= 0.5 + 1/16 pixel in screen space (2x2 target: ndc = x - 1).
    x0 = (0.5 + 1 / 16) - 1
    verts = np.array([V(x0, -3, a=a), V(x0, 3, a=a), V(3, 0, a=a)])
    draw_pos_attr(verts, [rtv(rt)], sample_count=4)
    img = read(rt)  # (4, H, W, 4)
    # 4x pattern x offsets (1/16 px): -2, 6, -6, 2 -> sample at 0.5 + off/16 >= 0.5 + 1/16 strictly inside:
    expect = [off > 1 for off in (-2, 6, -6, 2)]
    got = [bool(img[s, 0, 0, 0]) for s in range(4)]
    assert got == expect
    assert all(img[s, 0, 1, 0] for s in range(4))


def test_viewport_transform_and_scissor():
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    a = (1, 1, 1, 1)
    verts = np.array([V(-1, -1, a=a), V(-1, 3, a=a), V(3, -1, a=a)])
    draw_pos_attr(verts, [rtv(rt)], viewport=Viewport(2, 3, 4, 2, 0, 1))
    drawn = read(rt)[0][..., 0] != 0
    ys, xs = np.nonzero(drawn)
    assert (xs.min(), xs.max(), ys.min(), ys.max()) == (2, 5, 3, 4)


def test_depth_bias_constant_unorm():
    from types import SimpleNamespace
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    ds = texture2d(D24_UNORM_S8_UINT, 2, 2)
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=8, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    z = np.float32(0.5)
    verts = np.array([V(-1, -1, z=z), V(-1, 3, z=z), V(3, -1, z=z)])
    draw_pos_attr(verts, [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=desc),
                  rasterizer=RasterizerState(CullMode=1, DepthBias=1000))
    r = np.float32(1.0 / (2 ** 24 - 1))
    zb = np.float32(z + np.float32(np.float32(1000) * r))
    expect = int(np.floor(np.float64(zb) * (2 ** 24 - 1) + 0.5))
    assert np.all(ds.data.view(np.uint32) & 0xFFFFFF == expect)


@pytest.mark.parametrize("slope", [0.0, 2.0])
def test_depth_bias_is_independent_of_winding(slope):
    """§15.9: depth bias adds one per-triangle value to every vertex's depth; the winding (which only decides
    front/back) must not change the biased depth of any pixel. A sloped triangle (z 0.2, 0.4, 0.6) drawn in
    both vertex orders with CullMode NONE gives the same D32_FLOAT depth image bit for bit, and that image is
    the unbiased one plus the bias where the bias is constant (slope 0: DepthBias * 2^(e - 23), e the exponent
    of the triangle's largest depth 0.6, i.e. -1 -> 1000 * 2^-24)."""
    from types import SimpleNamespace
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=8, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    tri = [V(-1, -1, z=0.2), V(-1, 3, z=0.4), V(3, -1, z=0.6)]

    def depth(order, bias, slope_scale):
        rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
        ds = texture2d(D32_FLOAT, 4, 4)
        draw_pos_attr(np.array([tri[i] for i in order]), [rtv(rt)], depth=dsv(ds),
                      om=OMState(depth_stencil=desc),
                      rasterizer=RasterizerState(CullMode=1, DepthBias=bias, SlopeScaledDepthBias=slope_scale))
        return ds.data.view(np.float32).reshape(4, 4).copy()

    cw, ccw = depth((0, 1, 2), 1000, slope), depth((0, 2, 1), 1000, slope)
    np.testing.assert_array_equal(cw.view(np.uint32), ccw.view(np.uint32))
    if slope == 0.0:
        plain = depth((0, 2, 1), 0, 0.0)
        np.testing.assert_array_equal(ccw, (plain + np.float32(1000 * 2.0 ** -24)).astype(np.float32))
