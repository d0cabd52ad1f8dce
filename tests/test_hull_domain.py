"""Hull-shader phases and the domain-shader stage (D3D11.3 §10, §12) on assembled HS/DS programs,
checked against numpy; plus HS -> tessellator -> DS end to end."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import InvalidArgError
from pyd3d11.pipeline import domain as domain_stage
from pyd3d11.pipeline.domain import run_domain_shader
from pyd3d11.pipeline.hull import hull_info, run_hull_shader
from pyd3d11.pipeline.tessellator import DOMAIN_QUAD, DOMAIN_TRI, tessellate_patches
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec.bindings import Bindings

F = np.float32

HS_CP_FORK_JOIN = """
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(16.000000)
dcl_constantbuffer cb0[1], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input vPrim
dcl_input v[3][0].xyzw
dcl_output o0.xyzw
dcl_output o1.xy
dcl_temps 1
udiv null, r0.x, vOutputControlPointID, l(3)
mul o0.xyzw, v[r0.x + 0][0].xyzw, cb0[0].xxxx
utof o1.x, vOutputControlPointID
utof o1.y, vPrim
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_input vocp[4][0].x
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 4
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, vocp[r0.x + 0][0].x
ret
hs_join_phase
dcl_input vpc0.x
dcl_input vpc1.x
dcl_input vpc2.x
dcl_input vpc3.x
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
add o4.x, vpc0.x, vpc2.x
add o5.x, vpc1.x, vpc3.x
ret
hs_join_phase
dcl_hs_join_phase_instance_count 2
dcl_input vJoinInstanceID
dcl_input vicp[3][0].y
dcl_input vPrim
dcl_output o6.xy
dcl_output o7.xy
dcl_temps 2
dcl_indexrange o6.xy 2
mov r0.x, vJoinInstanceID.x
utof r1.x, vJoinInstanceID.x
add o[r0.x + 6].x, r1.x, vicp[r0.x + 0][0].y
utof o[r0.x + 6].y, vPrim
ret
"""

DS_TRI = """
ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_input vDomain.xyz
dcl_input vicp[3][0].xyzw
dcl_input vpc3.x
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
mul r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw
mul r1.xyzw, vDomain.yyyy, vicp[1][0].xyzw
add r0.xyzw, r0.xyzw, r1.xyzw
mul r1.xyzw, vDomain.zzzz, vicp[2][0].xyzw
add o0.xyzw, r0.xyzw, r1.xyzw
mov o1.x, vpc3.x
utof o1.y, vPrim
mov o1.zw, vDomain.xxxy
ret
"""

# Passes control points through (no control-point phase) and sets tri factors from a cbuffer.
HS_TRI_PASS = """
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_tessellator_partitioning partitioning_fractional_odd
dcl_tessellator_output_primitive output_triangle_ccw
dcl_constantbuffer cb0[1], immediateIndexed
hs_fork_phase
dcl_hs_fork_phase_instance_count 3
dcl_input vForkInstanceID
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 3
mov r0.x, vForkInstanceID.x
mov o[r0.x + 0].x, cb0[0].x
ret
hs_fork_phase
dcl_output_siv o3.x, finalTriInsideTessFactor
mov o3.x, cb0[0].y
ret
"""


def _cb(*values: float) -> Bindings:
    b = Bindings()
    b.set_cbuffer(0, np.array(values + (0,) * (-len(values) % 4), F))
    return b


def _hs1_inputs(n_patches: int) -> np.ndarray:
    rng = np.random.default_rng(7)
    cp = np.zeros((n_patches, 3, 1, 4), F)
    cp[..., 0, :] = rng.uniform(0.5, 5.0, (n_patches, 3, 4)).astype(F)
    return cp


def test_hull_info_declarations():
    info = hull_info(assemble_program(HS_CP_FORK_JOIN))
    assert (info.input_control_points, info.output_control_points) == (3, 4)
    assert (info.domain, info.partitioning, info.output_primitive) == (3, 1, 3)
    assert info.max_tess_factor == 16.0
    assert info.tess_factor_outputs == {11: (0, 0), 12: (1, 0), 13: (2, 0), 14: (3, 0), 15: (4, 0), 16: (5, 0)}
    assert [p.instance_count for p in info.fork_phases] == [4]
    assert [p.instance_count for p in info.join_phases] == [1, 2]


def test_control_point_fork_and_join_phases():
    hs = assemble_program(HS_CP_FORK_JOIN)
    cp = _hs1_inputs(3)
    prim = np.array([10, 11, 12])
    res = run_hull_shader(hs, _cb(2.0), cp, prim)
    out_cp, pc, tf = res
    assert out_cp.shape == (3, 4, 2, 4) and out_cp.dtype == np.uint32
    for j in range(4):  # control point j copies input j % 3 scaled by cb0[0].x
        np.testing.assert_array_equal(out_cp[:, j, 0].view(F), cp[:, j % 3, 0] * F(2))
        np.testing.assert_array_equal(out_cp[:, j, 1, :2].view(F), np.stack([np.full(3, j, F), prim.astype(F)], 1))
    edges = out_cp[:, :, 0, 0].view(F)  # fork instance k copies vocp[k][0].x
    np.testing.assert_array_equal(pc[:, :4, 0].view(F), edges)
    np.testing.assert_array_equal(tf[:, :4], edges)
    np.testing.assert_array_equal(tf[:, 4], edges[:, 0] + edges[:, 2])  # join reads vpc
    np.testing.assert_array_equal(tf[:, 5], edges[:, 1] + edges[:, 3])
    for k in range(2):  # instanced join phase: o6+k = (k + vicp[k][0].y, vPrim)
        np.testing.assert_array_equal(pc[:, 6 + k, 0].view(F), F(k) + cp[:, k, 0, 1])
        np.testing.assert_array_equal(pc[:, 6 + k, 1].view(F), prim.astype(F))
    assert not pc[:, 8:].any()


def test_default_primitive_ids_and_control_point_count_check():
    hs = assemble_program(HS_CP_FORK_JOIN)
    res = run_hull_shader(hs, _cb(1.0), _hs1_inputs(2))
    np.testing.assert_array_equal(res.control_points[:, 0, 1, 1].view(F), [0, 1])
    with pytest.raises(InvalidArgError):
        run_hull_shader(hs, _cb(1.0), np.zeros((2, 4, 1, 4), F))


def test_pass_through_and_tri_factors():
    hs = assemble_program(HS_TRI_PASS)
    cp = np.arange(2 * 3 * 2 * 4, dtype=F).reshape(2, 3, 2, 4)
    res = run_hull_shader(hs, _cb(3.5, 2.25), cp)
    np.testing.assert_array_equal(res.control_points.view(F), cp)
    np.testing.assert_array_equal(res.tess_factors, [[3.5, 3.5, 3.5, 2.25]] * 2)


def test_domain_shader_tri_interpolation():
    ds = assemble_program(DS_TRI)
    rng = np.random.default_rng(3)
    cps = rng.normal(size=(2, 3, 1, 4)).astype(F)
    pc = np.zeros((2, 32, 4), F)
    pc[:, 3, 0] = [7.0, 9.0]
    t = tessellate_patches(DOMAIN_TRI, "integer", "triangle_cw", np.array([[3, 3, 3, 3], [2, 4, 2, 5]], F))
    out = run_domain_shader(ds, Bindings(), t.points, t.point_patch, cps, pc, primitive_id=np.array([20, 21]))
    assert out.shape == (2, len(t.points), 4)
    u, v, w = (t.points[:, k:k + 1] for k in range(3))
    c = cps[t.point_patch, :, 0]
    expect = (u * c[:, 0] + v * c[:, 1]) + w * c[:, 2]
    np.testing.assert_array_equal(out[0].view(F), expect)
    np.testing.assert_array_equal(out[1, :, 0].view(F), pc[t.point_patch, 3, 0])
    np.testing.assert_array_equal(out[1, :, 1].view(F), (20 + t.point_patch).astype(F))
    np.testing.assert_array_equal(out[1, :, 2:].view(F), t.points[:, :2])


def test_domain_shader_batches_agree(monkeypatch):
    ds = assemble_program(DS_TRI)
    cps = np.random.default_rng(4).normal(size=(3, 3, 1, 4)).astype(F)
    pc = np.zeros((3, 32, 4), F)
    t = tessellate_patches(DOMAIN_TRI, "fractional_even", "triangle_cw", np.array([[5.5] * 4, [3] * 4, [7] * 4], F))
    whole = run_domain_shader(ds, None, t.points, t.point_patch, cps, pc)
    monkeypatch.setattr(domain_stage, "_BATCH_WORDS", 8 * 4 * 4 * 3)  # a few lanes per batch
    np.testing.assert_array_equal(run_domain_shader(ds, None, t.points, t.point_patch, cps, pc), whole)


def test_end_to_end_bilinear_quad():
    # HS: 3 -> 4 control points (scaled), factors from vocp x; DS: bilinear blend of the 4 control points.
    ds = assemble_program("""
ds_5_0
dcl_input_control_point_count 4
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[4][0].xyzw
dcl_output_siv o0.xyzw, position
dcl_temps 3
add r0.xy, -vDomain.xyxx, l(1.000000, 1.000000, 0.000000, 0.000000)
mul r1.xyzw, r0.xxxx, vicp[0][0].xyzw
mul r2.xyzw, vDomain.xxxx, vicp[1][0].xyzw
add r1.xyzw, r1.xyzw, r2.xyzw
mul r1.xyzw, r0.yyyy, r1.xyzw
mul r2.xyzw, r0.xxxx, vicp[3][0].xyzw
mul r0.xyzw, vDomain.xxxx, vicp[2][0].xyzw
add r0.xyzw, r0.xyzw, r2.xyzw
mul r0.xyzw, vDomain.yyyy, r0.xyzw
add o0.xyzw, r0.xyzw, r1.xyzw
ret
""")
    hs = assemble_program(HS_CP_FORK_JOIN)
    cp = _hs1_inputs(2)
    cp[1, 0, 0, 0] = -1.0  # patch 1: edge factor <= 0 culls it
    res = run_hull_shader(hs, _cb(1.0), cp)
    info = hull_info(hs)
    t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, res.tess_factors)
    assert set(t.point_patch.tolist()) == {0}
    out = run_domain_shader(ds, None, t.points, t.point_patch, res.control_points, res.patch_constants)
    c = res.control_points[0, :, 0].view(F)
    u, v = t.points[:, :1], t.points[:, 1:2]
    iu, iv = F(1) - u, F(1) - v
    expect = v * (u * c[2] + iu * c[3]) + iv * (iu * c[0] + u * c[1])
    np.testing.assert_array_equal(out[0].view(F), expect)
    # the pattern itself is the tessellator's for the HS factors
    assert len(t.points) == len(tessellate_patches(DOMAIN_QUAD, 1, 3, res.tess_factors[:1]).points)


# ---------------------------------------------------------------------------------------------- corpus

def _corpus(*parts: str) -> str:
    return conformance_path("dxbc-corpus", "slimshader", *parts).read_text()


def test_pn_triangles_hull_shader():
    hs = assemble_program(_corpus("Sdk", "Direct3D11", "PNTriangles11", "PNTriangles11_HS.asm"))
    rng = np.random.default_rng(11)
    n = 4
    cp = np.zeros((n, 3, 2, 4), F)
    cp[:, :, 0, :3] = rng.normal(size=(n, 3, 3))
    nrm = rng.normal(size=(n, 3, 3))
    cp[:, :, 1, :3] = nrm / np.linalg.norm(nrm, axis=2, keepdims=True)
    cb = np.zeros((16, 4), F)
    cb[15, 0] = 5.0
    b = Bindings()
    b.set_cbuffer(0, cb)
    res = run_hull_shader(hs, b, cp)
    np.testing.assert_array_equal(res.tess_factors, np.full((n, 4), 5.0, F))
    np.testing.assert_array_equal(res.control_points.view(F), cp)
    P, N = cp[:, :, 0, :3].astype(np.float64), cp[:, :, 1, :3].astype(np.float64)
    pc = res.patch_constants.view(F)

    def edge_point(i, j):  # PN-triangle edge control point nearer to vertex i
        return (2 * P[:, i] + P[:, j] - np.sum((P[:, j] - P[:, i]) * N[:, i], 1, keepdims=True) * N[:, i]) / 3

    # fork phase 3 (instances 0..3) writes o0..o3.yzw; phase 4 writes o4, o5.xyz (see the listing)
    pairs = [(0, 1), (1, 0), (1, 2), (2, 1)]
    for k, (i, j) in enumerate(pairs):
        np.testing.assert_allclose(pc[:, k, 1:], edge_point(i, j), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(pc[:, 4, :3], edge_point(2, 0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(pc[:, 5, :3], edge_point(0, 2), rtol=1e-5, atol=1e-5)
    # join phases: centre = E + (E - V) / 2 from the six edge points (read back through vpc)
    e = np.stack([pc[:, 0, 1:], pc[:, 1, 1:], pc[:, 2, 1:], pc[:, 3, 1:], pc[:, 4, :3], pc[:, 5, :3]]).mean(0)
    vavg = P.mean(1)
    np.testing.assert_allclose(pc[:, 6, :3], e + (e - vavg) / 2, rtol=1e-5, atol=1e-5)


def test_simple_bezier_domain_shader():
    hs = assemble_program(_corpus("Sdk", "Direct3D11", "SimpleBezier11", "SimpleBezier11_HS.asm"))
    ds = assemble_program(_corpus("Sdk", "Direct3D11", "SimpleBezier11", "SimpleBezier11_DS.asm"))
    rng = np.random.default_rng(5)
    cp = np.zeros((2, 16, 1, 4), F)
    cp[:, :, 0, :3] = rng.normal(size=(2, 16, 3))
    b = Bindings()
    cb = np.zeros((5, 4), F)
    cb[:4] = np.eye(4)
    cb[4, 3] = 4.0
    b.set_cbuffer(0, cb)
    res = run_hull_shader(hs, b, cp)
    np.testing.assert_array_equal(res.tess_factors, np.full((2, 6), 4.0, F))
    info = hull_info(hs)
    t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, res.tess_factors)
    assert len(t.points) == 2 * 25
    out = run_domain_shader(ds, b, t.points, t.point_patch, res.control_points, res.patch_constants)

    def basis(x):
        x = x.astype(np.float64)
        ix = 1 - x
        return np.stack([ix ** 3, 3 * x * ix ** 2, 3 * x * x * ix, x ** 3], 1)

    bu, bv = basis(t.points[:, 0]), basis(t.points[:, 1])
    ctrl = cp[t.point_patch, :, 0, :3].astype(np.float64).reshape(-1, 4, 4, 3)  # [v row][u col]
    world = np.einsum("mj,mi,mjic->mc", bv, bu, ctrl)
    np.testing.assert_allclose(out[1, :, :3].view(F), world, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(out[0].view(F), np.concatenate([world, np.ones((len(world), 1))], 1),
                               rtol=1e-5, atol=1e-5)


def test_phase_split_leaves_program_untouched():
    hs = assemble_program(HS_CP_FORK_JOIN)
    before = [(o.type, [ix.value for ix in o.indices]) for i in hs.instructions for o in i.operands]
    run_hull_shader(hs, _cb(1.0), _hs1_inputs(1))
    after = [(o.type, [ix.value for ix in o.indices]) for i in hs.instructions for o in i.operands]
    assert before == after


def test_conditional_return_ends_only_that_control_point():
    hs = assemble_program("""
hs_5_0
hs_decls
dcl_input_control_point_count 1
dcl_output_control_point_count 3
dcl_tessellator_domain domain_isoline
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_line
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_output o0.x
dcl_temps 1
mov o0.x, l(1.000000)
ieq r0.x, vOutputControlPointID, l(1)
retc_nz r0.x
mov o0.x, l(2.000000)
ret
hs_fork_phase
dcl_output_siv o0.x, finalLineDensityTessFactor
dcl_output_siv o1.x, finalLineDetailTessFactor
mov o0.x, l(2.000000)
mov o1.x, l(3.000000)
ret
""")
    res = run_hull_shader(hs, None, np.zeros((2, 1, 1, 4), F))
    np.testing.assert_array_equal(res.control_points[:, :, 0, 0].view(F), [[2, 1, 2]] * 2)
    np.testing.assert_array_equal(res.tess_factors, [[2, 3]] * 2)  # isoline order: density, detail
