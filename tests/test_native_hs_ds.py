"""Hull and domain shaders on the native backend (issue 12): every output word of
:func:`pyd3d11.pipeline.hull.run_hull_shader` (output control points, patch constants, TessFactors) and of
:func:`pyd3d11.pipeline.domain.run_domain_shader` is compared bit for bit with the reference executor (the
oracle), with every phase required to run natively (no fallback; ``STRICT``: a compile error fails).

The programs cover D3D11.3 §10.5–10.6 / §22.3.14–22.3.26: a control-point phase per output control point
(``vOutputControlPointID``, ``vPrim``, a relative input control-point index), fork and join phases with
instance counts (``vForkInstanceID`` / ``vJoinInstanceID``) writing indexed outputs declared with
dcl_indexrange, join phases reading the fork phases' patch constants (``vpc``) and the output control points
(``vocp``), TessFactors for the quad, tri and isoline domains, a pass-through HS without a control-point phase;
and §12 domain shaders over every domain with ``vDomain``, ``vicp`` (relative index), ``vpc``, ``vPrim``, flow
control and float specials, in several batches. Plus a vertex shader's relative output index reaching the
registers of its dcl_indexrange (a native bug found on the way: writes past the highest directly written o#
were dropped). Independent expectations of the same rules are in tests/test_hull_domain.py and
tests/test_pipeline_tessellation.py (run there under both backends)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import domain as domain_stage
from pyd3d11.pipeline.domain import run_domain_shader
from pyd3d11.pipeline.hull import run_hull_shader
from pyd3d11.pipeline.tessellator import tessellate_patches
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import runtime

pytestmark = [pytest.mark.skipif(not native.available(), reason="llvmlite not installed (the fast extra)"),
              pytest.mark.backend_specific]

U32, F = np.uint32, np.float32


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    yield
    native.set_backend(None)


def _both(fn):
    """fn() under the native backend (required to run natively, no fallback) and under the reference."""
    native.set_backend("native")
    runtime.stats.reset()
    nat = fn()
    assert runtime.stats.fallbacks == 0, runtime.stats.reasons
    assert runtime.stats.native_runs >= 1
    native.set_backend("reference")
    ref = fn()
    return nat, ref


def _words(rng, shape):
    w = rng.uniform(-4, 4, shape).astype(F).view(U32)
    specials = np.array([0x7FC00001, 0x7F800001, 0x80000000, 0, 1, 0x807FFFFF, 0x7F800000, 0xFF800000], U32)
    pick = rng.random(shape) < 0.1
    w[pick] = specials[rng.integers(0, specials.size, int(pick.sum()))]
    return w


def _cb(*values: float) -> Bindings:
    b = Bindings()
    b.set_cbuffer(0, np.array(values + (0,) * (-len(values) % 4), F))
    return b


HS_QUAD = """
hs_5_0
hs_decls
dcl_input_control_point_count 3
dcl_output_control_point_count 5
dcl_tessellator_domain domain_quad
dcl_tessellator_partitioning partitioning_fractional_even
dcl_tessellator_output_primitive output_triangle_cw
dcl_hs_max_tessfactor l(16.000000)
dcl_constantbuffer cb0[2], immediateIndexed
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input vPrim
dcl_input v[3][0].xyzw
dcl_input v[3][1].xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 2
udiv null, r0.x, vOutputControlPointID, l(3)
mad o0.xyzw, v[r0.x + 0][0].xyzw, cb0[0].xxxx, v[r0.x + 0][1].wzyx
utof r1.x, vOutputControlPointID
ult r1.y, vOutputControlPointID, l(2)
if_nz r1.y
  div o1.x, v[0][1].x, r1.x
else
  sqrt o1.x, v[2][1].y
endif
utof o1.y, vPrim
mov o1.zw, v[1][0].xxxy
ret
hs_fork_phase
dcl_hs_fork_phase_instance_count 4
dcl_input vForkInstanceID
dcl_input vocp[5][0].xyzw
dcl_output_siv o0.x, finalQuadUeq0EdgeTessFactor
dcl_output_siv o1.x, finalQuadVeq0EdgeTessFactor
dcl_output_siv o2.x, finalQuadUeq1EdgeTessFactor
dcl_output_siv o3.x, finalQuadVeq1EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 4
mov r0.x, vForkInstanceID.x
mul o[r0.x + 0].x, vocp[r0.x + 1][0].x, cb0[1].x
ret
hs_fork_phase
dcl_output o8.xyzw
mov o8.xyzw, cb0[1].yzwx
ret
hs_join_phase
dcl_input vpc0.x
dcl_input vpc1.x
dcl_input vpc2.x
dcl_input vpc3.x
dcl_output_siv o4.x, finalQuadUInsideTessFactor
dcl_output_siv o5.x, finalQuadVInsideTessFactor
max o4.x, vpc0.x, vpc2.x
min o5.x, vpc1.x, vpc3.x
ret
hs_join_phase
dcl_hs_join_phase_instance_count 2
dcl_input vJoinInstanceID
dcl_input vicp[3][1].y
dcl_input vPrim
dcl_output o6.xy
dcl_output o7.xy
dcl_temps 2
dcl_indexrange o6.xy 2
mov r0.x, vJoinInstanceID.x
utof r1.x, vJoinInstanceID.x
add o[r0.x + 6].x, r1.x, vicp[r0.x + 0][1].y
utof o[r0.x + 6].y, vPrim
ret
"""


def _hull_equal(hs, bindings, cp, prim):
    nat, ref = _both(lambda: run_hull_shader(hs, bindings, cp, prim))
    for a, b in zip(nat, ref):
        assert a.shape == b.shape and a.dtype == b.dtype
        np.testing.assert_array_equal(a.view(U32), b.view(U32))
    return nat


@pytest.mark.parametrize("patches", [1, 7, 300])
def test_hull_control_point_fork_and_join_phases(patches):
    hs = assemble_program(HS_QUAD)
    rng = np.random.default_rng(patches)
    cp = _words(rng, (patches, 3, 2, 4))
    prim = rng.integers(0, 2**31, patches)
    res = _hull_equal(hs, _cb(1.5, 0, 0, 0, 2.0, 3.0, -1.0, 0.25), cp, prim)
    assert res.control_points.shape == (patches, 5, 2, 4)
    assert res.tess_factors.shape == (patches, 6)


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
dcl_input vicp[3][0].xyzw
dcl_output_siv o0.x, finalTriUeq0EdgeTessFactor
dcl_output_siv o1.x, finalTriVeq0EdgeTessFactor
dcl_output_siv o2.x, finalTriWeq0EdgeTessFactor
dcl_temps 1
dcl_indexrange o0.x 3
mov r0.x, vForkInstanceID.x
add o[r0.x + 0].x, cb0[0].x, vicp[r0.x + 0][0].w
ret
hs_fork_phase
dcl_output_siv o3.x, finalTriInsideTessFactor
mov o3.x, cb0[0].y
ret
"""

HS_ISOLINE = """
hs_5_0
hs_decls
dcl_input_control_point_count 2
dcl_output_control_point_count 2
dcl_tessellator_domain domain_isoline
dcl_tessellator_partitioning partitioning_integer
dcl_tessellator_output_primitive output_line
hs_control_point_phase
dcl_input vOutputControlPointID
dcl_input v[2][0].xyzw
dcl_output o0.xyzw
mov o0.xyzw, v[vOutputControlPointID + 0][0].wzyx
ret
hs_join_phase
dcl_input vocp[2][0].x
dcl_output_siv o0.x, finalLineDensityTessFactor
dcl_output_siv o1.x, finalLineDetailTessFactor
mul o0.x, vocp[0][0].x, vocp[1][0].x
frc o1.x, vocp[1][0].x
ret
"""


@pytest.mark.parametrize("src,k", [(HS_TRI_PASS, 3), (HS_ISOLINE, 2)])
def test_hull_pass_through_tri_and_isoline(src, k):
    hs = assemble_program(src)
    rng = np.random.default_rng(k)
    P = 40
    cp = _words(rng, (P, k, 1, 4))
    _hull_equal(hs, _cb(2.5, 4.0), cp, np.arange(P))


DS_TRI = """
ds_5_0
dcl_input_control_point_count 3
dcl_tessellator_domain domain_tri
dcl_input vDomain.xyz
dcl_input vicp[3][0].xyzw
dcl_input vicp[3][1].xyzw
dcl_input vpc3.x
dcl_input vpc8.xyzw
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 3
mul r0.xyzw, vDomain.xxxx, vicp[0][0].xyzw
mul r1.xyzw, vDomain.yyyy, vicp[1][0].xyzw
add r0.xyzw, r0.xyzw, r1.xyzw
mul r1.xyzw, vDomain.zzzz, vicp[2][0].xyzw
add o0.xyzw, r0.xyzw, r1.xyzw
lt r2.x, vDomain.x, l(0.5)
ftou r2.y, vDomain.y
and r2.y, r2.y, l(1)
if_nz r2.x
  mad o1.xyzw, vicp[r2.y + 1][1].xyzw, vpc8.xyzw, vDomain.zyxz
else
  exp o1.xyzw, vicp[r2.y + 0][1].xyzw
endif
mov o2.x, vpc3.x
utof o2.y, vPrim
mov o2.zw, vDomain.xxxy
ret
"""

DS_QUAD = """
ds_5_0
dcl_input_control_point_count 5
dcl_tessellator_domain domain_quad
dcl_input vDomain.xy
dcl_input vicp[5][0].xyzw
dcl_input vicp[5][1].xyzw
dcl_input vpc4.x
dcl_input vpc6.xy
dcl_input vPrim
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 2
add r0.xy, -vDomain.xyxx, l(1, 1, 0, 0)
mul r1.xyzw, r0.xxxx, vicp[0][0].xyzw
mad r1.xyzw, vDomain.xxxx, vicp[1][0].xyzw, r1.xyzw
mul r1.xyzw, r1.xyzw, r0.yyyy
mad o0.xyzw, vDomain.yyyy, vicp[4][0].xyzw, r1.xyzw
sincos o1.x, o1.y, vDomain.x
mul o1.z, vpc4.x, vpc6.y
utof o1.w, vPrim
ret
"""


@pytest.mark.parametrize("which", ["tri", "quad"])
def test_hull_tessellator_domain_end_to_end(which, monkeypatch):
    hs_src, ds_src = (HS_TRI_PASS, DS_TRI) if which == "tri" else (HS_QUAD, DS_QUAD)
    hs, ds = assemble_program(hs_src), assemble_program(ds_src)
    rng = np.random.default_rng(3)
    P = 6
    n_in = 3
    cp = rng.uniform(-2, 2, (P, n_in, 2, 4)).astype(F).view(U32)
    cp[:, :, 0, 3] = F(1.5).view(U32)
    b = _cb(3.3, 5.0, 0, 0, 1.25, 0.5, -2.0, 7.0)
    prim = np.arange(P) * 3 + 1
    res = _hull_equal(hs, b, cp, prim)
    from pyd3d11.pipeline.hull import hull_info

    info = hull_info(hs)
    t = tessellate_patches(info.domain, info.partitioning, info.output_primitive, res.tess_factors)
    assert t.points.shape[0] > P
    monkeypatch.setattr(domain_stage, "_BATCH_WORDS", 4096)  # several batches per draw
    nat, ref = _both(lambda: run_domain_shader(ds, b, t.points, t.point_patch, res.control_points,
                                               res.patch_constants, prim))
    assert nat.shape == ref.shape and nat.dtype == ref.dtype
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("m", [1, 9, 1000])
def test_domain_shader_random_points(m):
    ds = assemble_program(DS_TRI)
    rng = np.random.default_rng(m)
    P = 5
    cps = _words(rng, (P, 3, 2, 4))
    pc = _words(rng, (P, 32, 4))
    pts = rng.uniform(0, 1, (m, 3)).astype(F)
    pts[::3, 0] = 0.25
    patch = rng.integers(0, P, m)
    nat, ref = _both(lambda: run_domain_shader(ds, _cb(), pts, patch, cps, pc, np.arange(P) + 100))
    np.testing.assert_array_equal(nat, ref)


def test_vertex_shader_relative_output_index_reaches_the_index_range():
    """dcl_indexrange o0 3 + mov o[r0.x + 0]: lane i writes o[i % 3] (§22.3.30 indexable outputs)."""
    prog = assemble_program("""vs_4_0
dcl_input v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_temps 1
dcl_indexrange o0.xyzw 3
ftou r0.x, v0.x
mov o[r0.x + 0].xyzw, v0.yyyy
ret
""")
    n = 16
    v = np.zeros((1, n, 4), F)
    v[0, :, 0] = np.arange(n) % 3
    v[0, :, 1] = 5
    nat, ref = _both(lambda: run_program(prog, n, v).outputs)
    expected = np.zeros((3, n), F)
    expected[np.arange(n) % 3, np.arange(n)] = 5
    np.testing.assert_array_equal(nat.view(F)[:, :, 0], expected)
    np.testing.assert_array_equal(nat, ref)
