"""Stream output (D3D11.3 §14, spec-facts §1.12): declaration layout, gaps, strides, several buffers,
overflow, append offsets, statistics, DrawAuto count. Expected bytes are built by hand in each test."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.headers.d3d11_structs import D3D11_SO_DECLARATION_ENTRY as E
from pyd3d11.pipeline import primitives as prim
from pyd3d11.pipeline.geometry import run_geometry_shader
from pyd3d11.pipeline.stream_output import (
    D3D11_SO_NO_RASTERIZED_STREAM,
    SOCounters,
    SOTarget,
    auto_vertex_count,
    compile_so_declaration,
    rasterized_stream,
    so_primitive_rows,
    stream_out,
)
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.signature import SignatureElement as SE
from pyd3d11.storage import ResourceStorage

U32 = np.uint32
FILL = 0xABABABAB

# VS-like outputs: o0 = SV_Position, o1.xy = TEXCOORD0, o1.zw = TEXCOORD1 (packed), o2 = COLOR
SIG = [SE("SV_Position", 0, 1, 3, 0, 0xF), SE("TEXCOORD", 0, 0, 3, 1, 0x3), SE("TEXCOORD", 1, 0, 3, 1, 0xC),
       SE("COLOR", 0, 0, 3, 2, 0xF)]


def buffer(nbytes: int) -> ResourceStorage:
    st = ResourceStorage.create(1, 0, nbytes)
    st.data[:] = 0xAB
    return st


def words(st: ResourceStorage) -> np.ndarray:
    return st.data.view(U32)


def vertex_data(V: int) -> np.ndarray:
    """(3, V, 4): register r component c of vertex v = 1000*v + 10*r + c (distinct everywhere)."""
    v = np.arange(V)[None, :, None]
    r = np.arange(3)[:, None, None]
    c = np.arange(4)[None, None, :]
    return (1000 * v + 10 * r + c).astype(U32)


def reg(v: int, r: int, c: int) -> int:
    return 1000 * v + 10 * r + c


def test_vs_output_triangle_list_single_buffer():
    decl = compile_so_declaration([E(0, "SV_Position", 0, 0, 4, 0), E(0, "TEXCOORD", 0, 0, 2, 0)], SIG, [24])
    out = vertex_data(6)
    rows = np.array([[0, 1, 2], [3, 4, 5]])
    st = buffer(200)
    t = SOTarget.bind(st, 0)
    r = stream_out(decl, [t], 0, out, rows)
    assert (r.primitives_written, r.primitives_storage_needed, r.overflow) == (2, 2, False)
    exp = []
    for v in range(6):
        exp += [reg(v, 0, 0), reg(v, 0, 1), reg(v, 0, 2), reg(v, 0, 3), reg(v, 1, 0), reg(v, 1, 1)]
    np.testing.assert_array_equal(words(st)[:36], exp)
    assert (words(st)[36:] == FILL).all()
    assert t.filled_size == 144


def test_gaps_partial_components_packed_elements_and_stride_padding():
    # StartComponent counts inside the element: TEXCOORD1 lives in o1.zw, its component 1 is o1.w
    decl = compile_so_declaration(
        [E(0, "COLOR", 0, 1, 2, 0), E(0, None, 0, 0, 3, 0), E(0, "TEXCOORD", 1, 1, 1, 0), E(0, "sv_position", 0, 3, 1, 0)],
        SIG, [32])
    out = vertex_data(2)
    st = buffer(64)
    stream_out(decl, [SOTarget.bind(st, 0)], 0, out, np.array([[1], [0]]))
    w = words(st)
    for i, v in enumerate([1, 0]):
        rec = w[i * 8:(i + 1) * 8]
        assert list(rec) == [reg(v, 2, 1), reg(v, 2, 2), FILL, FILL, FILL, reg(v, 1, 3), reg(v, 0, 3), FILL]


def test_multiple_buffers_of_one_stream():
    decl = compile_so_declaration([E(0, "SV_Position", 0, 0, 4, 0), E(0, "COLOR", 0, 0, 1, 1),
                                   E(0, "TEXCOORD", 0, 0, 2, 1)], SIG, [16, 16])
    out = vertex_data(4)
    b0, b1 = buffer(64), buffer(64)
    stream_out(decl, [SOTarget.bind(b0, 0), SOTarget.bind(b1, 0)], 0, out, np.array([[2, 3], [0, 1]]))
    order = [2, 3, 0, 1]
    np.testing.assert_array_equal(words(b0).reshape(4, 4), [[reg(v, 0, c) for c in range(4)] for v in order])
    np.testing.assert_array_equal(words(b1).reshape(4, 4),
                                  [[reg(v, 2, 0), reg(v, 1, 0), reg(v, 1, 1), FILL] for v in order])


def test_overflow_writes_whole_primitives_only_and_stops_the_stream():
    # slot 0: 16-byte stride, room for 7 vertices -> 2 triangles; slot 1: 4-byte stride, room for 100
    decl = compile_so_declaration([E(0, "SV_Position", 0, 0, 4, 0), E(0, "COLOR", 0, 0, 1, 1)], SIG, [16, 4])
    out = vertex_data(12)
    b0, b1 = buffer(16 * 7), buffer(400)
    t0, t1 = SOTarget.bind(b0, 0), SOTarget.bind(b1, 0)
    rows = np.arange(12).reshape(4, 3)
    r = stream_out(decl, [t0, t1], 0, out, rows)
    assert (r.primitives_written, r.primitives_storage_needed, r.overflow) == (2, 4, True)
    np.testing.assert_array_equal(words(b1)[:6], [reg(v, 2, 0) for v in range(6)])
    assert (words(b1)[6:] == FILL).all()  # the roomy buffer also stops: all buffers of the stream stop
    assert (words(b0)[24:] == FILL).all()
    assert (t0.filled_size, t1.filled_size) == (96, 24)
    # a later draw of points still fits one vertex in slot 0
    r2 = stream_out(decl, [t0, t1], 0, out, np.array([[11], [10]]))
    assert (r2.primitives_written, r2.primitives_storage_needed) == (1, 2)
    np.testing.assert_array_equal(words(b0)[24:28], [reg(11, 0, c) for c in range(4)])
    counters = SOCounters()
    counters.add(r)
    counters.add(r2)
    assert counters.statistics(0) == (3, 6) and counters.statistics() == (3, 6)
    assert counters.overflow_predicate(0) and counters.overflow_predicate() and not counters.overflow_predicate(1)


def test_missing_buffer_counts_as_full_and_unused_buffer_is_ignored():
    decl = compile_so_declaration([E(0, "SV_Position", 0, 0, 4, 0), E(0, "COLOR", 0, 0, 4, 2)], SIG, [16, 0, 16])
    out = vertex_data(3)
    b0, b1 = buffer(64), buffer(64)
    t1 = SOTarget.bind(b1, 0)
    r = stream_out(decl, [SOTarget.bind(b0, 0), t1, None], 0, out, np.array([[0], [1]]))
    assert (r.primitives_written, r.primitives_storage_needed, r.overflow) == (0, 2, True)
    assert (words(b0) == FILL).all() and (words(b1) == FILL).all() and t1.filled_size == 0
    # with slot 2 bound, slot 1 (unused by the declaration) still is untouched
    b2 = buffer(16)
    r = stream_out(decl, [SOTarget.bind(b0, 0), t1, SOTarget.bind(b2, 0)], 0, out, np.array([[0], [1]]))
    assert (r.primitives_written, r.primitives_storage_needed) == (1, 2)
    assert (words(b1) == FILL).all() and t1.filled_size == 0
    np.testing.assert_array_equal(words(b2), [reg(0, 2, c) for c in range(4)])


def test_offsets_and_append():
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4])
    out = vertex_data(4)
    st = buffer(40)
    t = SOTarget.bind(st, 8)
    stream_out(decl, [t], 0, out, np.array([[0], [1]]))
    assert t.filled_size == 16
    # rebinding with -1 continues at BufferFilledSize; an explicit offset redefines it
    t = SOTarget.bind(st, -1, t.filled_size)
    stream_out(decl, [t], 0, out, np.array([[2]]))
    t = SOTarget.bind(st, 0xFFFFFFFF, t.filled_size)
    stream_out(decl, [t], 0, out, np.array([[3]]))
    w = words(st)
    assert list(w[:7]) == [FILL, FILL, reg(0, 2, 0), reg(1, 2, 0), reg(2, 2, 0), reg(3, 2, 0), FILL]
    assert t.filled_size == 24
    t = SOTarget.bind(st, 4, t.filled_size)
    stream_out(decl, [t], 0, out, np.array([[3]]))
    assert w[1] == reg(3, 2, 0) and t.filled_size == 8
    assert auto_vertex_count(t.filled_size, 0, 4) == 2


def test_auto_vertex_count():
    assert auto_vertex_count(96, 0, 24) == 4
    assert auto_vertex_count(100, 4, 24) == 4
    assert auto_vertex_count(95, 0, 24) == 3
    assert auto_vertex_count(16, 16, 4) == 0
    assert auto_vertex_count(8, 16, 4) == 0
    assert auto_vertex_count(8, 0, 0) == 0


def test_tight_stride_when_none_given_and_adjacency_dropped():
    decl = compile_so_declaration([E(0, "TEXCOORD", 0, 0, 2, 0), E(0, None, 0, 0, 1, 0)], SIG)
    assert decl.strides[0] == 12
    rows = np.array([[0, 1, 2, 3, 4, 5]])
    tri = so_primitive_rows(prim.TRIANGLELIST_ADJ, rows)
    np.testing.assert_array_equal(tri, [[0, 2, 4]])
    np.testing.assert_array_equal(so_primitive_rows(prim.LINELIST_ADJ, np.array([[7, 8, 9, 10]])), [[8, 9]])
    st = buffer(36)
    stream_out(decl, [SOTarget.bind(st, 0)], 0, vertex_data(6), tri)
    assert list(words(st)) == [reg(0, 1, 0), reg(0, 1, 1), FILL, reg(2, 1, 0), reg(2, 1, 1), FILL,
                               reg(4, 1, 0), reg(4, 1, 1), FILL]


def test_declaration_errors_and_rasterized_stream():
    with pytest.raises(ValueError):
        compile_so_declaration([E(0, "NORMAL", 0, 0, 3, 0)], SIG, [12])
    with pytest.raises(ValueError):
        compile_so_declaration([E(0, "TEXCOORD", 1, 1, 2, 0)], SIG, [12])  # o1.w + 1 component overflows
    assert rasterized_stream(None) == 0
    d = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4], D3D11_SO_NO_RASTERIZED_STREAM)
    assert rasterized_stream(d) is None
    d = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4], 1)
    assert rasterized_stream(d) == 1
    d = compile_so_declaration([{"Stream": 0, "SemanticName": b"COLOR", "ComponentCount": 2, "OutputSlot": 0}], SIG)
    assert d.entries[0].register == 2 and d.strides[0] == 8


STRIP_GS = """gs_4_0
dcl_input v[1][0].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_maxout 4
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(4)
  breakc_nz r0.y
  mov o0.xyzw, v[0][0].xyzw
  mov o1.x, r0.x
  mov o1.y, v[0][0].x
  emit
  iadd r0.x, r0.x, l(1)
endloop
ret
"""


def test_gs_strip_output_streamed_as_triangle_list():
    gs = assemble_program(STRIP_GS)
    sig = [SE("SV_Position", 0, 1, 3, 0, 0xF), SE("TEXCOORD", 0, 0, 1, 1, 0x3)]
    decl = compile_so_declaration([E(0, "TEXCOORD", 0, 0, 2, 0)], sig, [8])
    vo = np.zeros((1, 2, 4), U32)
    vo[0, :, 0] = [100, 200]
    g = run_geometry_shader(gs, None, np.arange(2)[:, None], vo, np.zeros(2, U32))
    s = g.streams[0]
    st = buffer(8 * 12)
    r = stream_out(decl, [SOTarget.bind(st, 0)], 0, s.outputs, s.rows)
    assert r.primitives_written == 4
    # a 4-vertex strip 0 1 2 3 -> triangles (0 1 2), (1 3 2) per point
    exp = []
    for tag in (100, 200):
        for i in (0, 1, 2, 1, 3, 2):
            exp += [i, tag]
    np.testing.assert_array_equal(words(st), exp)


MULTI_GS = """gs_5_0
dcl_input v[1][0].x
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output o0.x
dcl_stream m1
dcl_outputtopology pointlist
dcl_output o1.xy
dcl_maxout 3
mov o0.x, v[0][0].x
emit_stream m0
mov o1.xy, l(7, 8, 0, 0)
emit_stream m1
iadd o0.x, v[0][0].x, l(1)
emit_stream m0
ret
"""


def test_gs_multiple_streams_to_separate_buffers():
    gs = assemble_program(MULTI_GS)
    sig = [SE("A", 0, 0, 3, 0, 0x1, stream=0), SE("B", 0, 0, 3, 1, 0x3, stream=1)]
    decl = compile_so_declaration([E(0, "A", 0, 0, 1, 0), E(1, "B", 0, 0, 2, 1)], sig, [4, 8], 0)
    assert decl.slots_of(0) == [0] and decl.slots_of(1) == [1] and decl.streams == [0, 1]
    vo = np.zeros((1, 2, 4), U32)
    vo[0, :, 0] = [10, 20]
    g = run_geometry_shader(gs, None, np.arange(2)[:, None], vo, np.zeros(2, U32))
    b0, b1 = buffer(16), buffer(8)  # stream 1's buffer fits one point of two
    t = [SOTarget.bind(b0, 0), SOTarget.bind(b1, 0)]
    counters = SOCounters()
    for s, gst in g.streams.items():
        counters.add(stream_out(decl, t, s, gst.outputs, gst.rows))
    assert list(words(b0)) == [10, 11, 20, 21]
    assert list(words(b1)) == [7, 8]
    assert counters.statistics(0) == (4, 4) and counters.statistics(1) == (1, 2)
    assert not counters.overflow_predicate(0) and counters.overflow_predicate(1) and counters.overflow_predicate()


VS_PROG = """vs_4_0
dcl_input v0.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyzw, v0.xyzw
ret
"""


def test_pre_raster_without_gs_streams_vs_output_and_drops_adjacency():
    from pyd3d11.pipeline.geometry import run_pre_raster_stages

    vs = assemble_program(VS_PROG)
    out = vertex_data(12)
    rows = np.arange(12).reshape(2, 6)  # triangle list with adjacency
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4])
    st = buffer(24)
    t = [SOTarget.bind(st, 0), None, None, None]
    pr = run_pre_raster_stages(prim.TRIANGLELIST_ADJ, vs, out, rows, np.array([0, 1], U32), gs_program=vs,
                               so_declaration=decl, so_targets=t)
    np.testing.assert_array_equal(pr.rows, [[0, 2, 4], [6, 8, 10]])
    assert pr.rasterize and pr.topology_class == prim.TRIANGLE and pr.gs_invocations == 0
    assert list(words(st)) == [reg(v, 2, 0) for v in (0, 2, 4, 6, 8, 10)]
    assert [(r.primitives_written, r.primitives_storage_needed) for r in pr.so] == [(2, 2)]
    assert [d.register for d in pr.decls] == [0, 1, 2] and t[0].filled_size == 24
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4], D3D11_SO_NO_RASTERIZED_STREAM)
    pr = run_pre_raster_stages(prim.TRIANGLELIST, vs, out, rows[:, :3], np.array([0, 1], U32), so_declaration=decl,
                               so_targets=[SOTarget.bind(buffer(24), 0)])
    assert not pr.rasterize


def test_pre_raster_with_gs_selects_the_rasterized_stream():
    from pyd3d11.pipeline.geometry import run_pre_raster_stages

    vs = assemble_program(VS_PROG)
    gs = assemble_program(MULTI_GS)
    sig = [SE("A", 0, 0, 3, 0, 0x1, stream=0), SE("B", 0, 0, 3, 1, 0x3, stream=1)]
    vo = np.zeros((3, 2, 4), U32)
    vo[0, :, 0] = [10, 20]
    ids = np.array([3, 4], U32)
    decl = compile_so_declaration([E(0, "A", 0, 0, 1, 0)], sig, [4], 1)
    b0 = buffer(16)
    pr = run_pre_raster_stages(prim.POINTLIST, vs, vo, np.arange(2)[:, None], ids, gs, None, decl,
                               [SOTarget.bind(b0, 0), None, None, None])
    assert pr.rasterize and pr.topology_class == prim.POINT
    np.testing.assert_array_equal(pr.outputs[1, pr.rows[:, 0], :2], [[7, 8], [7, 8]])
    np.testing.assert_array_equal(pr.primitive_id, ids)
    assert [d.register for d in pr.decls] == [1]
    assert list(words(b0)) == [10, 11, 20, 21]
    assert (pr.gs_invocations, pr.gs_primitives) == (2, 6)
    assert [(r.stream, r.primitives_written) for r in pr.so] == [(0, 4)]
    # no SO declaration: stream 0 is rasterized
    pr = run_pre_raster_stages(prim.POINTLIST, vs, vo, np.arange(2)[:, None], ids, gs)
    assert pr.rasterize and pr.rows.shape == (4, 1) and pr.so == []
    np.testing.assert_array_equal(pr.outputs[0, pr.rows[:, 0], 0], [10, 11, 20, 21])


def test_unaligned_offset_and_bad_stride():
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 2, 0)], SIG, [8])
    st = buffer(12)
    t = SOTarget.bind(st, 2)
    stream_out(decl, [t], 0, vertex_data(1), np.array([[0]]))
    got = st.data[2:10].copy().view(U32)
    assert list(got) == [reg(0, 2, 0), reg(0, 2, 1)]
    assert list(st.data[:2]) == [0xAB, 0xAB] and list(st.data[10:]) == [0xAB, 0xAB] and t.filled_size == 10
    with pytest.raises(ValueError):
        compile_so_declaration([E(0, "COLOR", 0, 0, 2, 0)], SIG, [10])


def test_gap_wider_than_four_components():
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0), E(0, None, 0, 0, 6, 0), E(0, "COLOR", 0, 3, 1, 0)],
                                  SIG, [32])
    st = buffer(32)
    stream_out(decl, [SOTarget.bind(st, 0)], 0, vertex_data(1), np.array([[0]]))
    assert list(words(st)) == [reg(0, 2, 0)] + [FILL] * 6 + [reg(0, 2, 3)]
    with pytest.raises(ValueError):
        compile_so_declaration([E(0, "COLOR", 0, 0, 5, 0)], SIG, [32])


@pytest.mark.parametrize("offset", [40, 44, 1000])
def test_offset_at_or_past_the_end_writes_nothing_and_overflows(offset):
    # §14.4: a primitive is written only when it fits whole in every buffer of its stream; a buffer bound at an
    # offset at (or beyond) its end has no room: nothing is written, every primitive counts as needed storage
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0)], SIG, [4])
    out = vertex_data(4)
    st = buffer(40)
    t = SOTarget.bind(st, offset)
    r = stream_out(decl, [t], 0, out, np.array([[0], [1], [2]]))
    assert (r.primitives_written, r.primitives_storage_needed, r.overflow) == (0, 3, True)
    assert (words(st) == FILL).all() and t.filled_size == offset
    # one word short of a 3-vertex triangle: still nothing
    t = SOTarget.bind(st, 32)
    r = stream_out(decl, [t], 0, out, np.array([[0, 1, 2]]))
    assert (r.primitives_written, r.primitives_storage_needed) == (0, 1) and (words(st) == FILL).all()


def test_signature_register_the_shader_never_wrote_streams_zeros():
    # An output the shader does not write is undefined (the spec gives it no value); pyd3d11 streams zeros for a
    # register outside the executor's output file, and leaves the declaration's gaps untouched.
    sig = SIG + [SE("EXTRA", 0, 0, 3, 5, 0xF)]
    decl = compile_so_declaration([E(0, "COLOR", 0, 0, 1, 0), E(0, None, 0, 0, 1, 0), E(0, "EXTRA", 0, 0, 2, 0),
                                   E(0, "EXTRA", 0, 2, 1, 0)], sig, [20])
    out = vertex_data(2)  # registers 0..2 only
    st = buffer(64)
    r = stream_out(decl, [SOTarget.bind(st, 0)], 0, out, np.array([[0], [1]]))
    assert r.primitives_written == 2
    w = words(st)
    assert list(w[:10]) == [reg(0, 2, 0), FILL, 0, 0, 0, reg(1, 2, 0), FILL, 0, 0, 0]
