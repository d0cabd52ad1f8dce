"""Geometry-shader stage: emit/cut semantics, strip expansion, maxvertexcount, instancing, streams
(D3D11.3 §13, §22.3.5–22.3.9, §22.8). Expectations are built by hand or by a plain per-lane Python
model of the spec's strip rules written in this file, never from the code under test."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import NotSupportedError
from pyd3d11.pipeline import primitives as prim
from pyd3d11.pipeline.geometry import gs_accepts_topology, gs_info, gs_output_decls, run_geometry_shader
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import run_program

U32 = np.uint32


def f32(*v: float) -> np.ndarray:
    return np.array(v, np.float32).view(U32)


def model_strips(strips: list[list[int]], kind: str) -> list[tuple[int, ...]]:
    """Reference strip → list expansion (§8.10/§8.14): odd triangles (i, i+2, i+1)."""
    out = []
    for s in strips:
        if kind == "point":
            out += [(v,) for v in s]
        elif kind == "line":
            out += [(s[i], s[i + 1]) for i in range(len(s) - 1)]
        else:
            for i in range(len(s) - 2):
                out.append((s[i], s[i + 1], s[i + 2]) if i % 2 == 0 else (s[i], s[i + 2], s[i + 1]))
    return out


PASS_THROUGH = """gs_4_0
dcl_input v[3][0].xyzw
dcl_input v[3][1].xyzw
dcl_input vPrim
dcl_temps 1
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 3
mov r0.x, l(0)
loop
  ige r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, v[r0.x + 0][1].xyzw
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
"""


def test_pass_through_triangles_bit_exact():
    prog = assemble_program(PASS_THROUGH)
    rng = np.random.default_rng(1)
    V = 7
    vo = rng.integers(0, 2**32, (2, V, 4), dtype=np.uint64).astype(U32)
    vo[0, 0] = [0x7FC00001, 0x80000000, 0x00000001, 0xFF800000]  # NaN payload, -0, denormal, -inf
    rows = np.array([[0, 1, 2], [2, 1, 3], [4, 5, 6], [6, 0, 3]])
    pid = np.array([10, 11, 12, 13], U32)
    out = run_geometry_shader(prog, None, rows, vo, pid)
    s = out.streams[0]
    assert s.topology == prim.TRIANGLELIST and s.topology_class == prim.TRIANGLE
    assert s.rows.shape == (4, 3)
    # every output triangle carries the input triangle's vertices in order, bit for bit
    got = s.outputs[:, s.rows]  # (regs, P, 3, 4)
    np.testing.assert_array_equal(got, vo[:, rows])
    np.testing.assert_array_equal(s.source_primitive, [0, 1, 2, 3])
    np.testing.assert_array_equal(s.primitive_id, pid)
    np.testing.assert_array_equal(s.source_primitive_id, pid)
    assert out.invocations == 4 and out.primitives == 4
    np.testing.assert_array_equal(out.emitted_vertices, [3, 3, 3, 3])


def test_info_and_topology_acceptance():
    prog = assemble_program(PASS_THROUGH)
    info = gs_info(prog)
    assert (info.input_vertices, info.max_vertices, info.instance_count) == (3, 3, 1)
    assert info.stream_topology == {0: 5}
    assert [(d.register, d.mask) for d in gs_output_decls(prog, 0)] == [(0, 0xF), (1, 0xF)]
    assert gs_accepts_topology(prog, prim.TRIANGLESTRIP)
    assert not gs_accepts_topology(prog, prim.TRIANGLELIST_ADJ)
    assert not gs_accepts_topology(prog, prim.POINTLIST)


# Point in → a strip of n vertices (n = v[0][0].x), with a cut after vertex c (v[0][0].y, if < n).
# Each vertex records (input tag v[0][0].z, vertex number, vPrim, 0).
VARYING = """gs_4_0
dcl_input v[1][0].xyzw
dcl_input vPrim
dcl_temps 2
dcl_inputprimitive point
dcl_outputtopology {topo}
dcl_output o0.xyzw
dcl_maxout {maxout}
mov r0.x, l(0)
loop
  uge r0.y, r0.x, v[0][0].x
  breakc_nz r0.y
  mov o0.x, v[0][0].z
  mov o0.y, r0.x
  mov o0.z, vPrim
  mov o0.w, l(0)
  emit
  ieq r1.x, r0.x, v[0][0].y
  if_nz r1.x
    cut
  endif
  iadd r0.x, r0.x, l(1)
endloop
ret
"""


@pytest.mark.parametrize("topo,kind", [("trianglestrip", "tri"), ("linestrip", "line"), ("pointlist", "point")])
def test_varying_emit_counts_and_cuts(topo, kind):
    prog = assemble_program(VARYING.format(topo=topo, maxout=16))
    rng = np.random.default_rng(7)
    P = 40
    n = rng.integers(0, 9, P)
    c = rng.integers(0, 10, P)  # cut position (>= n: no cut)
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = n
    vo[0, :, 1] = c
    vo[0, :, 2] = np.arange(P) * 100 + 5
    pid = (np.arange(P) * 3).astype(U32)
    out = run_geometry_shader(prog, None, np.arange(P)[:, None], vo, pid)
    s = out.streams[0]
    # model: per primitive (lane order), its strips; a vertex is identified by (tag, number)
    expected = []
    exp_src = []
    for p in range(P):
        verts = [(p * 100 + 5, i) for i in range(n[p])]
        strips = [verts[: c[p] + 1], verts[c[p] + 1:]] if c[p] < n[p] else [verts]
        for t in model_strips(strips, kind):
            expected.append(t)
            exp_src.append(p)
    got = [tuple((int(s.outputs[0, v, 0]), int(s.outputs[0, v, 1])) for v in row) for row in s.rows]
    assert got == expected
    np.testing.assert_array_equal(s.source_primitive, exp_src)
    np.testing.assert_array_equal(s.primitive_id, pid[exp_src])
    # vPrim reached every vertex
    np.testing.assert_array_equal(s.outputs[0, s.rows[:, 0], 2], pid[exp_src])
    np.testing.assert_array_equal(out.emitted_vertices, n)


def test_maxvertexcount_ends_the_invocation():
    prog = assemble_program(VARYING.format(topo="trianglestrip", maxout=4))
    P = 3
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = [10, 3, 4]  # wants 10 vertices, 3, 4
    vo[0, :, 1] = 99  # no cut
    vo[0, :, 2] = [1, 2, 3]
    out = run_geometry_shader(prog, None, np.arange(P)[:, None], vo, np.zeros(P, U32))
    s = out.streams[0]
    np.testing.assert_array_equal(out.emitted_vertices, [4, 3, 4])
    got = [[(int(s.outputs[0, v, 0]), int(s.outputs[0, v, 1])) for v in row] for row in s.rows]
    assert got == [[(1, 0), (1, 1), (1, 2)], [(1, 1), (1, 3), (1, 2)],
                   [(2, 0), (2, 1), (2, 2)],
                   [(3, 0), (3, 1), (3, 2)], [(3, 1), (3, 3), (3, 2)]]


def test_maxout_stops_side_effects_after_the_limit():
    """§22.3.5: the invocation terminates at the limit; a register written after it never shows up."""
    prog = assemble_program("""gs_4_0
dcl_input v[1][0].x
dcl_inputprimitive point
dcl_outputtopology pointlist
dcl_output o0.x
dcl_maxout 2
mov o0.x, l(1)
emit
mov o0.x, l(2)
emit
mov o0.x, l(3)
emit
ret
""")
    out = run_geometry_shader(prog, None, np.zeros((2, 1), np.int64), np.zeros((1, 1, 4), U32), np.zeros(2, U32))
    s = out.streams[0]
    np.testing.assert_array_equal(s.outputs[0, s.rows[:, 0], 0], [1, 2, 1, 2])


INSTANCED = """gs_5_0
dcl_input v[1][0].x
dcl_input vPrim
dcl_input vGSInstanceID
dcl_temps 1
dcl_gsinstances 3
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output o0.xyzw
dcl_maxout 3
mov o0.x, vPrim
mov o0.y, vGSInstanceID
mov o0.z, l(0)
mov o0.w, v[0][0].x
emit
mov o0.x, vPrim
mov o0.y, vGSInstanceID
mov o0.z, l(1)
mov o0.w, v[0][0].x
emit
ine r0.x, vGSInstanceID, l(1)
if_nz r0.x
  mov o0.x, vPrim
  mov o0.y, vGSInstanceID
  mov o0.z, l(2)
  mov o0.w, v[0][0].x
  emit
endif
ret
"""


def test_instancing_order_ids_and_implicit_cut():
    prog = assemble_program(INSTANCED)
    assert gs_info(prog).instance_count == 3
    P = 4
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = np.arange(P) + 50
    pid = np.array([7, 8, 9, 10], U32)
    out = run_geometry_shader(prog, None, np.arange(P)[:, None], vo, pid)
    assert out.invocations == 12
    s = out.streams[0]
    # instance 1 emits only 2 vertices: no triangle, and nothing joins it with instance 0 or 2
    expected = [(int(pid[p]), i, int(50 + p)) for p in range(P) for i in (0, 2)]
    got = [(int(s.outputs[0, r[0], 0]), int(s.outputs[0, r[0], 1]), int(s.outputs[0, r[0], 3])) for r in s.rows]
    assert got == expected
    for r in s.rows:  # each triangle's 3 vertices come from one instance, numbered 0, 1, 2
        assert len({int(s.outputs[0, v, 1]) for v in r}) == 1
        assert [int(s.outputs[0, v, 2]) for v in r] == [0, 1, 2]
    np.testing.assert_array_equal(s.instance, [0, 2] * P)
    np.testing.assert_array_equal(s.source_primitive, np.repeat(np.arange(P), 2))
    np.testing.assert_array_equal(out.emitted_vertices, [3, 2, 3] * P)


STREAMS = """gs_5_0
dcl_input v[1][0].xy
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output o0.xyzw
dcl_stream m1
dcl_outputtopology pointlist
dcl_output o0.xy
dcl_output o1.x
dcl_maxout 3
mov o0.xyzw, l(1, 2, 3, 4)
mov o1.x, l(77)
emit_stream m0
mov o0.xy, v[0][0].xyxx
mov o0.zw, l(0, 0, 9, 9)
mov o1.x, l(5)
emit_stream m1
cut_stream m1
mov o0.xyzw, l(6, 7, 8, 9)
emit_then_cut_stream m0
ret
"""


def test_multiple_streams():
    prog = assemble_program(STREAMS)
    info = gs_info(prog)
    assert info.stream_topology == {0: 1, 1: 1}
    assert [(d.register, d.mask) for d in gs_output_decls(prog, 1)] == [(0, 0x3), (1, 0x1)]
    P = 3
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = [10, 20, 30]
    vo[0, :, 1] = [11, 21, 31]
    out = run_geometry_shader(prog, None, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    s0, s1 = out.streams[0], out.streams[1]
    assert s0.rows.shape == (6, 1) and s1.rows.shape == (3, 1)
    np.testing.assert_array_equal(s0.outputs[0, s0.rows[:, 0]], [[1, 2, 3, 4], [6, 7, 8, 9]] * P)
    # stream 1 only latches its declared components (o0.xy, o1.x); the rest is not part of its vertex
    np.testing.assert_array_equal(s1.outputs[0, s1.rows[:, 0]], [[10, 11, 0, 0], [20, 21, 0, 0], [30, 31, 0, 0]])
    np.testing.assert_array_equal(s1.outputs[1, s1.rows[:, 0], 0], [5, 5, 5])
    np.testing.assert_array_equal(s0.source_primitive, [0, 0, 1, 1, 2, 2])
    assert out.primitives == 9
    np.testing.assert_array_equal(out.emitted_vertices, [3, 3, 3])


def test_triangle_adjacency_input_and_primitive_id_output():
    prog = assemble_program("""gs_4_0
dcl_input v[6][0].xyzw
dcl_input vPrim
dcl_temps 1
dcl_inputprimitive triangleadj
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output_sgv o1.x, primitive_id
dcl_maxout 3
imul null, r0.x, vPrim, l(10)
mov o0.xyzw, v[0][0].xyzw
mov o1.x, r0.x
emit
mov o0.xyzw, v[2][0].xyzw
mov o1.x, l(1)
emit
mov o0.xyzw, v[4][0].xyzw
mov o1.x, l(2)
emit
ret
""")
    V = 12
    vo = np.zeros((1, V, 4), U32)
    vo[0, :, 0] = np.arange(V) * 3 + 1
    rows = np.arange(V).reshape(2, 6)
    pid = np.array([4, 5], U32)
    out = run_geometry_shader(prog, None, rows, vo, pid)
    s = out.streams[0]
    np.testing.assert_array_equal(s.outputs[0, s.rows, 0], (rows[:, [0, 2, 4]]) * 3 + 1)
    # the PS sees the GS's SV_PrimitiveID output of the leading vertex (§22.3.33)
    np.testing.assert_array_equal(s.primitive_id, [40, 50])
    np.testing.assert_array_equal(s.source_primitive_id, pid)


def test_wrong_input_vertex_count_is_rejected():
    prog = assemble_program(PASS_THROUGH)
    with pytest.raises(ValueError):
        run_geometry_shader(prog, None, np.zeros((1, 2), np.int64), np.zeros((2, 3, 4), U32), np.zeros(1, U32))


def test_emit_outside_the_geometry_stage_is_not_supported():
    prog = assemble_program(PASS_THROUGH)
    with pytest.raises(NotSupportedError):
        run_program(prog, 2, inputs=np.zeros((3, 2, 4, 2), U32))


def test_no_primitives_and_no_emits():
    prog = assemble_program(VARYING.format(topo="trianglestrip", maxout=4))
    out = run_geometry_shader(prog, None, np.zeros((0, 1), np.int64), np.zeros((1, 0, 4), U32), np.zeros(0, U32))
    s = out.streams[0]
    assert s.rows.shape == (0, 3) and out.invocations == 0 and out.primitives == 0
    vo = np.zeros((1, 2, 4), U32)  # n = 0: nothing emitted
    out = run_geometry_shader(prog, None, np.arange(2)[:, None], vo, np.zeros(2, U32))
    assert out.streams[0].rows.shape == (0, 3)


def test_float_inputs_are_taken_bit_for_bit():
    prog = assemble_program(PASS_THROUGH)
    vo = np.zeros((2, 3, 4), np.float32)
    vo[0] = [[0.1, 0.2, 0.3, 1.0], [-0.0, 1e-40, 2.0, 1.0], [np.inf, -1.5, 0.0, 1.0]]
    out = run_geometry_shader(prog, None, np.array([[0, 1, 2]]), vo, np.zeros(1, U32))
    s = out.streams[0]
    np.testing.assert_array_equal(s.outputs[0, s.rows[0]], vo[0].view(U32))


def test_reaching_maxout_terminates_the_lane_inside_loops():
    """§22.3.5: a lane that reached dcl_maxout runs nothing more — a UAV store after the loop is skipped."""
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    prog = assemble_program(VARYING.format(topo="pointlist", maxout=3).replace(
        "dcl_temps 2", "dcl_uav_raw u0\ndcl_temps 2").replace(
        "endloop\nret", "endloop\nishl r1.x, vPrim, l(2)\nstore_raw u0.x, r1.x, l(1)\nret"))
    P = 4
    st = ResourceStorage.create(1, 0, 4 * P)
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, st, 39, 1, num_elements=P, element_size=4, flags=1, raw=True)
    vo = np.zeros((1, P, 4), U32)
    vo[0, :, 0] = [2, 3, 5, 0]  # lanes 1 and 2 reach the limit of 3
    vo[0, :, 1] = 99
    out = run_geometry_shader(prog, b, np.arange(P)[:, None], vo, np.arange(P, dtype=U32))
    np.testing.assert_array_equal(out.emitted_vertices, [2, 3, 3, 0])
    np.testing.assert_array_equal(st.data.view(U32), [1, 0, 0, 1])
