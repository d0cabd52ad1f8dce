"""Fill modes, early depth/stencil, depth outputs, blending variants, array/viewport indices, depth
bias/clamp and pixel-shader UAV writes (D3D11.3 §15.10, §15.13, §16.9, §16.12, §17). Expectations are
hand-worked from the spec rules."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
from gfx_util import (
    D32_FLOAT,
    R32G32B32A32_FLOAT,
    draw_pos_attr,
    dsv,
    read,
    rtv,
    texture2d,
)

from pyd3d11.pipeline.draw import RasterizerState, Viewport
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

R32_UINT = 42
R8G8B8A8_UINT = 30


def V(x, y, z=0.5, w=1.0, a=(1, 1, 1, 1)):
    return [x * w, y * w, z * w, w, *a]


def full(z=0.5, a=(1, 1, 1, 1)):
    return np.array([V(-1, -1, z, a=a), V(-1, 3, z, a=a), V(3, -1, z, a=a)], np.float32)


def ds_desc(func=8, write=1):
    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    return SimpleNamespace(DepthEnable=True, DepthWriteMask=write, DepthFunc=func, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)


def rt_blend(**kw):
    d = dict(BlendEnable=False, SrcBlend=2, DestBlend=1, BlendOp=1, SrcBlendAlpha=2, DestBlendAlpha=1,
             BlendOpAlpha=1, LogicOpEnable=False, LogicOp=0, RenderTargetWriteMask=0xF)
    d.update(kw)
    return SimpleNamespace(**d)


def blend_desc(*rts, independent=False):
    rts = list(rts) + [rt_blend()] * (8 - len(rts))
    return SimpleNamespace(AlphaToCoverageEnable=False, IndependentBlendEnable=independent, RenderTarget=rts)


def raw_uav(words: int) -> ViewDescriptor:
    st = ResourceStorage.create(1, 0, 4 * words)
    return ViewDescriptor(ViewKind.UAV, st, 39, 1, num_elements=words, element_size=4, flags=1, raw=True)


# --- wireframe (§15.13) -------------------------------------------------------------------------------

def _lit(rt):
    return read(rt)[0, ..., 3] != 0


def test_wireframe_draws_the_three_edges_like_lines():
    a, b, c = V(-0.75, -0.75), V(0.8, -0.6), V(0.1, 0.7)
    rt_w = texture2d(R32G32B32A32_FLOAT, 16, 16)
    stats = draw_pos_attr(np.array([a, b, c], np.float32), [rtv(rt_w)],
                          rasterizer=RasterizerState(CullMode=1, FillMode=2))
    rt_l = texture2d(R32G32B32A32_FLOAT, 16, 16)
    draw_pos_attr(np.array([a, b, b, c, c, a], np.float32), [rtv(rt_l)], topology=2)
    assert np.array_equal(_lit(rt_w), _lit(rt_l)) and _lit(rt_w).sum() > 20
    assert not _lit(rt_w)[8, 8]  # the interior is not filled
    assert stats.c_primitives == 1


def test_wireframe_skips_edges_made_by_clipping_and_culls_first():
    # C lies in front of the near plane: the clipped quad's edge at NDC y = 0 must not be drawn.
    A, B = V(-0.75, -0.75), V(0.75, -0.75)
    C = V(0.0, 0.75, z=-0.5)
    rt_w = texture2d(R32G32B32A32_FLOAT, 16, 16)
    draw_pos_attr(np.array([A, B, C], np.float32), [rtv(rt_w)], rasterizer=RasterizerState(CullMode=1, FillMode=2))
    Bp, Ap = V(0.375, 0.0, z=0.0), V(-0.375, 0.0, z=0.0)  # where BC and CA cross z = 0
    rt_l = texture2d(R32G32B32A32_FLOAT, 16, 16)
    draw_pos_attr(np.array([A, B, B, Bp, Ap, A], np.float32), [rtv(rt_l)], topology=2)
    assert np.array_equal(_lit(rt_w), _lit(rt_l))
    assert not _lit(rt_w)[8, 6:10].any()  # the clip edge (screen row 8) is missing
    # Back-face culling removes the whole wireframe of a counter-clockwise triangle.
    rt_c = texture2d(R32G32B32A32_FLOAT, 16, 16)
    draw_pos_attr(np.array([V(-0.75, -0.75), V(0.8, -0.6), V(0.1, 0.7)], np.float32), [rtv(rt_c)],
                  rasterizer=RasterizerState(CullMode=3, FillMode=2))
    assert not _lit(rt_c).any()


def test_wireframe_keeps_the_triangles_facing():
    ps = """ps_4_0
dcl_input_ps_sgv constant v2.x, is_front_face
dcl_output o0.xyzw
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
movc o0.x, v2.x, l(2.0), l(3.0)
ret
"""
    rt = texture2d(R32G32B32A32_FLOAT, 16, 16)
    ccw = np.array([V(-0.75, -0.75), V(0.8, -0.6), V(0.1, 0.7)], np.float32)  # counter-clockwise on screen
    draw_pos_attr(ccw, [rtv(rt)], ps=ps, rasterizer=RasterizerState(CullMode=1, FillMode=2))
    img = read(rt)[0]
    lit = img[..., 3] != 0
    assert lit.any() and np.all(img[lit, 0] == 3.0)


# --- depth outputs, early depth/stencil, UAVs -----------------------------------------------------

def test_sv_depth_and_conservative_depth_outputs_replace_interpolated_z():
    for decl, reg in (("oDepth", "oDepth"), ("oDepthGE", "oDepthGE"), ("oDepthLE", "oDepthLE")):
        ps = f"""ps_5_0
dcl_output o0.xyzw
dcl_output {decl}
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
mov {reg}, l(0.625)
ret
"""
        rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
        ds = texture2d(D32_FLOAT, 2, 2)
        ds.data.view(np.float32)[:] = 1.0
        draw_pos_attr(full(0.25), [rtv(rt)], ps=ps, depth=dsv(ds), om=OMState(depth_stencil=ds_desc(2)))
        assert np.all(ds.data.view(np.float32) == np.float32(0.625)), decl


PS_COUNT = """ps_5_0
{flags}
dcl_output o0.xyzw
dcl_uav_raw u1
atomic_iadd u1, l(0), l(1)
mov o0.xyzw, l(1.0, 1.0, 1.0, 1.0)
ret
"""


def _count_draw(flags: str, z: float):
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    ds = texture2d(D32_FLOAT, 4, 4)
    ds.data.view(np.float32)[:] = 0.5
    uav = raw_uav(4)
    stats = _state_with_uav(full(z), rt, ds, flags, uav)
    return rt, ds, int(uav.storage.data.view(np.uint32)[0]), stats


def _state_with_uav(verts, rt, ds, flags, uav):
    from gfx_util import R32G32B32A32_FLOAT as F4
    from gfx_util import VS_POS_ATTR, vertex_buffer

    from pyd3d11.pipeline.draw import GraphicsState, StageState, draw
    from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
    from pyd3d11.shader.dxbc.asm import assemble_program

    ps = StageState(assemble_program(PS_COUNT.format(flags=flags)))
    ps.bindings.uavs[1] = uav
    L = rt.layout(0)
    st = GraphicsState(topology=4, vertex_buffers=[VertexBufferBinding(vertex_buffer(verts), 32, 0)],
                       elements=[InputElement(0, 0xF, F4, 0, 0), InputElement(1, 0xF, F4, 0, 16)],
                       vs=StageState(assemble_program(VS_POS_ATTR)), ps=ps,
                       rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, L.width, L.height, 0, 1)],
                       om=OMState(rtvs=[rtv(rt)] + [None] * 7, dsv=dsv(ds), depth_stencil=ds_desc(2)))
    return draw(st, DrawArgs(len(verts)))


def test_early_depth_stencil_skips_uav_writes_of_failing_pixels():
    # Depth 0.75 fails LESS against 0.5 everywhere.
    rt, ds, late, _ = _count_draw("", 0.75)
    assert late == 16 and not read(rt).any()  # late test: the PS ran (side effects) but wrote no colour
    rt, ds, early, _ = _count_draw("dcl_globalFlags forceEarlyDepthStencil", 0.75)
    assert early == 0 and not read(rt).any()
    rt, ds, early_pass, stats = _count_draw("dcl_globalFlags forceEarlyDepthStencil", 0.25)
    assert early_pass == 16 and np.all(read(rt)[0, ..., 0] == 1)
    assert np.all(ds.data.view(np.float32) == np.float32(0.25)) and stats.samples_passed == 16


def test_helper_lanes_do_not_write_uavs():
    # A triangle covering only pixel (0, 0) of an 8x8 target: its quad has three helper lanes.
    px = 2 / 8
    verts = np.array([V(-1, 1), V(-1 + 1.5 * px, 1), V(-1, 1 - 1.5 * px)], np.float32)
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    ds = texture2d(D32_FLOAT, 8, 8)
    ds.data.view(np.float32)[:] = 1.0
    uav = raw_uav(4)
    _state_with_uav(verts, rt, ds, "", uav)
    lit = read(rt)[0, ..., 0] != 0
    assert int(uav.storage.data.view(np.uint32)[0]) == int(lit.sum()) == 1


# --- blending -----------------------------------------------------------------------------------

PS_TWO = """ps_5_0
dcl_output o0.xyzw
dcl_output o1.xyzw
mov o0.xyzw, l(0.5, 0.25, 1.0, 0.5)
mov o1.xyzw, l(0.25, 0.5, 0.75, 1.0)
ret
"""


def test_dual_source_blending_uses_o1_factors():
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    rt.data.view(np.float32)[:] = np.tile(np.float32([1, 1, 1, 1]), 4)
    # color = src * src1 + dst * (1 - src1); alpha = src.a * src1.a + dst.a * (1 - src1.a)
    b = blend_desc(rt_blend(BlendEnable=True, SrcBlend=16, DestBlend=17, SrcBlendAlpha=18, DestBlendAlpha=19))
    draw_pos_attr(full(), [rtv(rt)], ps=PS_TWO, om=OMState(blend=b))
    s, s1, d = np.float32([0.5, 0.25, 1, 0.5]), np.float32([0.25, 0.5, 0.75, 1]), np.float32([1, 1, 1, 1])
    np.testing.assert_array_equal(read(rt)[0, 0, 0], s * s1 + d * (np.float32(1) - s1))


def test_independent_blend_and_blend_factor():
    rt0 = texture2d(R32G32B32A32_FLOAT, 2, 2)
    rt1 = texture2d(R32G32B32A32_FLOAT, 2, 2)
    for t in (rt0, rt1):
        t.data.view(np.float32)[:] = 0.5
    b0 = rt_blend(BlendEnable=True, SrcBlend=14, DestBlend=2, SrcBlendAlpha=2, DestBlendAlpha=1)  # s*bf + d
    b1 = rt_blend(BlendEnable=True, SrcBlend=2, DestBlend=2, BlendOp=2, RenderTargetWriteMask=0x3)  # s - d
    om = OMState(blend=blend_desc(b0, b1, independent=True), blend_factor=(0.5, 2.0, 0.0, 1.0))
    draw_pos_attr(full(), [rtv(rt0), rtv(rt1)], ps=PS_TWO, om=om)
    np.testing.assert_array_equal(read(rt0)[0, 1, 1], [0.5 * 0.5 + 0.5, 0.25 * 2 + 0.5, 0.5, 0.5])
    np.testing.assert_array_equal(read(rt1)[0, 1, 1], [0.25 - 0.5, 0.5 - 0.5, 0.5, 0.5])
    # Without IndependentBlendEnable RenderTarget[0] applies to every target.
    for t in (rt0, rt1):
        t.data.view(np.float32)[:] = 0.5
    om = OMState(blend=blend_desc(b0, b1, independent=False), blend_factor=(0.5, 2.0, 0.0, 1.0))
    draw_pos_attr(full(), [rtv(rt0), rtv(rt1)], ps=PS_TWO, om=om)
    np.testing.assert_array_equal(read(rt1)[0, 1, 1], [0.25 * 0.5 + 0.5, 0.5 * 2 + 0.5, 0.5, 0.5 * 1 + 0.5])


def test_logic_op_on_uint_target():
    ps = """ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(0x0f, 0x3c, 0xff, 0)
ret
"""
    rt = texture2d(R32_UINT, 2, 2)
    rt.data.view(np.uint32)[:] = 0x55
    om = OMState(blend=blend_desc(rt_blend(LogicOpEnable=True, LogicOp=10)))  # XOR
    draw_pos_attr(full(), [rtv(rt)], ps=ps, om=om)
    assert np.all(rt.data.view(np.uint32) == 0x0F ^ 0x55)


# --- array / viewport indices, scissor per viewport ------------------------------------------------

VS_IDX = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output_siv o2.x, rendertarget_array_index
dcl_output_siv o3.x, viewport_array_index
mov o0.xyzw, v0.xyzw
mov o1.xyzw, l(1.0, 1.0, 1.0, 1.0)
ftou o2.x, v1.x
ftou o3.x, v1.y
ret
"""


def test_render_target_array_index_out_of_range_goes_to_slice_0():
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2, array=3)
    for idx, expect_slice in ((2, 2), (7, 0)):
        rt.data[:] = 0
        draw_pos_attr(full(a=(idx, 0, 0, 0)), [rtv(rt)], vs=VS_IDX)
        per_slice = [bool(rt.subresource_bytes(rt.subresource_index(0, s)).any()) for s in range(3)]
        assert per_slice == [s == expect_slice for s in range(3)]


def test_viewport_array_index_out_of_range_selects_viewport_0_and_its_scissor():
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    draw_pos_attr(full(a=(0, 1, 0, 0)), [rtv(rt)], vs=VS_IDX, viewport=Viewport(0, 0, 4, 4, 0, 1),
                  rasterizer=RasterizerState(CullMode=1, ScissorEnable=True), scissors=[(1, 0, 8, 8), (5, 4, 8, 6)])
    lit = read(rt)[0, ..., 0] != 0
    expect = np.zeros((8, 8), bool)
    expect[:4, 1:4] = True  # viewport 0 ∩ scissor 0 (index 1 is past the one viewport set, §15.8.1)
    assert np.array_equal(lit, expect)


def test_viewport_and_scissor_per_viewport_index():
    from gfx_util import PS_ATTR, VS_POS_ATTR, vertex_buffer

    from pyd3d11.pipeline.draw import GraphicsState, StageState, draw
    from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding
    from pyd3d11.shader.dxbc.asm import assemble_program

    del VS_POS_ATTR
    rt = texture2d(R32G32B32A32_FLOAT, 8, 8)
    st = GraphicsState(topology=4, vertex_buffers=[VertexBufferBinding(vertex_buffer(full(a=(0, 1, 0, 0))), 32, 0)],
                       elements=[InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0),
                                 InputElement(1, 0xF, R32G32B32A32_FLOAT, 0, 16)],
                       vs=StageState(assemble_program(VS_IDX)),
                       ps=StageState(assemble_program(PS_ATTR.format(mode="linear"))),
                       rasterizer=RasterizerState(CullMode=1, ScissorEnable=True),
                       viewports=[Viewport(0, 0, 4, 4, 0, 1), Viewport(4, 4, 4, 4, 0, 1)],
                       scissors=[(0, 0, 8, 8), (5, 4, 8, 6)],
                       om=OMState(rtvs=[rtv(rt)] + [None] * 7))
    draw(st, DrawArgs(3))
    lit = read(rt)[0, ..., 0] != 0
    expect = np.zeros((8, 8), bool)
    expect[4:6, 5:8] = True  # viewport 1 (4..8) ∩ scissor 1 (x 5..8, y 4..6)
    assert np.array_equal(lit, expect)


# --- depth bias (float buffer) and depth clamp --------------------------------------------------

def test_depth_bias_on_float_buffer_uses_exponent_of_max_z():
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    ds = texture2d(D32_FLOAT, 2, 2)
    ds.data.view(np.float32)[:] = 1.0
    z = np.float32(0.3)  # exponent -2: r = 2^(-2 - 23)
    draw_pos_attr(full(z), [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=ds_desc()),
                  rasterizer=RasterizerState(CullMode=1, DepthBias=100))
    expect = np.float32(z + np.float32(100 * 2.0 ** -25))
    assert np.all(ds.data.view(np.float32) == expect)
    ds.data.view(np.float32)[:] = 1.0
    draw_pos_attr(full(z), [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=ds_desc()),
                  rasterizer=RasterizerState(CullMode=1, DepthBias=100, DepthBiasClamp=1e-6))
    assert np.all(ds.data.view(np.float32) == np.float32(z + np.float32(1e-6)))


def test_depth_clip_disabled_clamps_to_viewport_range():
    rt = texture2d(R32G32B32A32_FLOAT, 2, 2)
    ds = texture2d(D32_FLOAT, 2, 2)
    ds.data.view(np.float32)[:] = 1.0
    st = draw_pos_attr(full(1.5), [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=ds_desc()),
                       viewport=Viewport(0, 0, 2, 2, 0.0, 0.75),
                       rasterizer=RasterizerState(CullMode=1, DepthClipEnable=False))
    # z_vp = 0 + 1.5 * 0.75 = 1.125, clamped to MaxDepth 0.75 before the test and the write (§15.6, §17.10)
    assert st.ps_invocations == 4 and np.all(ds.data.view(np.float32) == np.float32(0.75))
    ds.data.view(np.float32)[:] = 1.0
    st = draw_pos_attr(full(1.5), [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=ds_desc()),
                       viewport=Viewport(0, 0, 2, 2, 0.0, 0.75))
    assert st.ps_invocations == 0
