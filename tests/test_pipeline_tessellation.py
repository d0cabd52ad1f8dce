"""Tessellation inside draws: VS -> HS -> tessellator -> DS -> raster (D3D11.3 §10–§12), end to end
through pipeline.draw with assembled HS/DS listings; expectations from the domain mapping by hand."""

from __future__ import annotations

import numpy as np
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d

from pyd3d11.pipeline.draw import RasterizerState

# One control point per patch; no control-point phase (pass-through); all factors from literals.
HS_QUAD = """hs_5_0
hs_decls
dcl_input_control_point_count 1
dcl_output_control_point_count 1
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 4
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, l({edge})
ret
hs_fork_phase
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
mov o4.x, l({inside})
mov o5.x, l({inside})
ret
"""

# Maps the unit quad domain onto a rectangle given by the control point's attribute (x0, y0, x1, y1 in
# NDC); o1 = (u, v, primitive id, 1).
DS_QUAD = """ds_5_0
dcl_input_control_point_count 1
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[1][1].xyzw
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
add r0.xy, vicp[0][1].zwzz, -vicp[0][1].xyxx
mad o0.xy, vDomain.xyxx, r0.xyxx, vicp[0][1].xyxx
mov o0.zw, l(0, 0, 0.5, 1.0)
mov o1.xy, vDomain.xyxx
utof o1.z, vPrim
mov o1.w, l(1.0)
ret
"""


def _hs(edge: float, inside: float) -> str:
    return HS_QUAD.format(edge=f"{edge:.6f}", inside=f"{inside:.6f}")


def test_quad_patch_tessellates_and_covers_the_screen_with_domain_coordinates():
    size = 8
    rt = texture2d(R32G32B32A32_FLOAT, size, size)
    verts = np.array([[0, 0, 0, 1, -1, 1, 1, -1]], np.float32)  # rectangle = whole NDC square, y down
    stats = draw_pos_attr(verts, [rtv(rt)], topology=33, hs=_hs(2, 2), ds=DS_QUAD)
    img = read(rt)[0]
    # u runs with x, v with y over the full target: the attribute at a pixel centre is its NDC fraction,
    # and bilinear (u, v) is affine here so every sub-triangle reproduces it exactly.
    c = (np.arange(size) + 0.5) / size
    np.testing.assert_allclose(img[..., 0], np.broadcast_to(c, (size, size)), atol=1e-6)
    np.testing.assert_allclose(img[..., 1], np.broadcast_to(c[:, None], (size, size)), atol=1e-6)
    assert np.all(img[..., 3] == 1)
    # Integer partitioning, all factors 2: a 3x3 grid of domain points, 8 triangles.
    assert stats.hs_invocations == 1
    assert stats.ds_invocations == 9
    assert stats.c_invocations == 8
    assert stats.ps_invocations == size * size


def test_patch_ids_reach_the_pixel_shader_and_factor_zero_culls():
    size = 8
    rt = texture2d(R32G32B32A32_FLOAT, size, size)
    # Two patches: left and right halves of the screen.
    verts = np.array([[0, 0, 0, 1, -1, 1, 0, -1], [0, 0, 0, 1, 0, 1, 1, -1]], np.float32)
    draw_pos_attr(verts, [rtv(rt)], topology=33, hs=_hs(1, 1), ds=DS_QUAD)
    img = read(rt)[0]
    assert np.all(img[:, :4, 2] == 0) and np.all(img[:, 4:, 2] == 1)
    rt2 = texture2d(R32G32B32A32_FLOAT, size, size)
    stats = draw_pos_attr(verts, [rtv(rt2)], topology=33, hs=_hs(0, 1), ds=DS_QUAD)
    assert not read(rt2).any()  # an edge factor 0 culls the patch (§11.7.12)
    assert stats.ds_invocations == 0 and stats.ps_invocations == 0


def test_patch_topology_without_hs_and_hs_with_triangles_draw_nothing():
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    verts = np.array([[0, 0, 0, 1, -1, 1, 1, -1]], np.float32)
    stats = draw_pos_attr(verts, [rtv(rt)], topology=33)
    assert stats.ps_invocations == 0
    tri = np.array([[-1, -1, 0.5, 1, 0, 0, 0, 0], [-1, 3, 0.5, 1, 0, 0, 0, 0], [3, -1, 0.5, 1, 0, 0, 0, 0]],
                   np.float32)
    stats = draw_pos_attr(tri, [rtv(rt)], topology=4, hs=_hs(1, 1), ds=DS_QUAD)
    assert stats.ps_invocations == 0 and not read(rt).any()


def test_tessellated_triangles_are_culled_by_winding():
    # output_triangle_cw with the domain mapped y-down keeps the tessellator's winding; flipping the
    # mapping (x1 < x0) mirrors every triangle, so back-face culling removes all of them.
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    verts = np.array([[0, 0, 0, 1, -1, 1, 1, -1]], np.float32)
    a = draw_pos_attr(verts, [rtv(rt)], topology=33, hs=_hs(1, 1), ds=DS_QUAD,
                      rasterizer=RasterizerState(CullMode=3))
    b = draw_pos_attr(np.array([[0, 0, 0, 1, 1, 1, -1, -1]], np.float32), [rtv(rt)], topology=33,
                      hs=_hs(1, 1), ds=DS_QUAD, rasterizer=RasterizerState(CullMode=3))
    assert {a.ps_invocations, b.ps_invocations} == {0, 16}
