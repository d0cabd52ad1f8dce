"""SV_VertexID of non-indexed draws split into passes (§8.16.2: a non-indexed draw's VertexID counts from 0
over the whole draw, whatever StartVertexLocation). A draw of more than PASS_VERTICES vertices runs in passes
(pipeline.draw); every pass must continue the count. The expected values are the definition: vertex n -> n."""

from __future__ import annotations

import numpy as np
import pytest
from test_pipeline_bounded import R32G32B32A32_FLOAT, _pixels, _target

import pyd3d11.pipeline.draw as draw_mod
from pyd3d11.pipeline.draw import GraphicsState, RasterizerState, StageState, Viewport, draw
from pyd3d11.pipeline.input_assembler import DrawArgs, InputElement, VertexBufferBinding, build_stream
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.storage import ResourceStorage

# Each triangle covers one pixel (its index); the PS writes the VertexID of the leading vertex + 1.
VS = """vs_5_0
dcl_input v0.xyzw
dcl_input_sgv v1.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.x
mov o0.xyzw, v0.xyzw
mov o1.x, v1.x
ret
"""
PS = """ps_5_0
dcl_input_ps constant v1.x
dcl_output o0.x
iadd o0.x, v1.x, l(1)
ret
"""


@pytest.mark.parametrize("start,base", [(0, 0), (10, 5), (7, 0), (0xFFFFFFF0, 3)])
def test_stream_vertex_id_starts_at_vertex_id_base(start, base):
    s = build_stream(DrawArgs(40, start_vertex=start, vertex_id_base=base))
    # vertex_id is per shaded vertex; ``unique`` maps each stream position to its shaded vertex
    assert s.vertex_id[s.unique].tolist() == [(base + i) & 0xFFFFFFFF for i in range(40)]
    s = build_stream(DrawArgs(5, instance_count=3, start_vertex=start, vertex_id_base=base))
    assert sorted(set(s.vertex_id.tolist())) == [(base + i) & 0xFFFFFFFF for i in range(5)]


@pytest.mark.parametrize("pass_vertices", [6, 9, 1 << 30])
@pytest.mark.parametrize("start_vertex", [0, 3])
def test_split_draw_vertex_ids_continue(monkeypatch, pass_vertices, start_vertex):
    size = 8
    n_tri = 16
    verts = np.zeros((start_vertex + 3 * n_tri, 4), np.float32)
    for t in range(n_tri):
        x, y = t % size, t // size
        # a small triangle around pixel (x, y)'s centre
        cx, cy = (x + 0.5) / size * 2 - 1, 1 - (y + 0.5) / size * 2
        d = 0.6 / size
        verts[start_vertex + 3 * t:start_vertex + 3 * t + 3] = [[cx - d, cy + d, 0.5, 1], [cx + d, cy + d, 0.5, 1],
                                                                 [cx - d, cy - 2 * d, 0.5, 1]]
    vb = ResourceStorage.create(1, 0, verts.nbytes)
    vb.data[:] = verts.view(np.uint8).ravel()
    rt = _target(size)
    st = GraphicsState(topology=4, rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, size, size, 0, 1)],
                       om=OMState(rtvs=[rt] + [None] * 7))
    st.vs, st.ps = StageState(assemble_program(VS)), StageState(assemble_program(PS))
    st.vertex_buffers = [VertexBufferBinding(vb, 16, 0)]
    st.elements = [InputElement(0, 0xF, R32G32B32A32_FLOAT, 0, 0)]
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", pass_vertices)
    draw(st, DrawArgs(3 * n_tri, start_vertex=start_vertex))
    got = _pixels(rt).reshape(size, size)
    want = np.array([3 * t + 1 for t in range(n_tri)], np.uint32).reshape(-1, size)
    np.testing.assert_array_equal(got[:want.shape[0]], want)
