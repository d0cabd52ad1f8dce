"""Stream-output draws in bounded passes (issue 13 item 4): with PASS_VERTICES patched down, a draw that
streams out runs in many passes and must leave the same SO buffer bytes and SO statistics as one pass — also when the buffer overflows part-way (§14.4: primitives that do not fit are
not written, PrimitivesStorageNeeded still counts them)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.pipeline import draw as draw_mod

VS = "struct O { float4 p : POS; uint id : VID; }; O main(float4 p : POS, uint id : SV_VertexID) { O o; o.p = p; o.id = id; return o; }"
GS = """
struct V { float4 p : POS; uint id : VID; };
struct O { float4 p : POS; uint id : VID; uint prim : PRIM; };
[maxvertexcount(2)]
void main(TOPO V v[N], uint prim : SV_PrimitiveID, inout PointStream<O> s) {
    O o; o.p = v[0].p; o.id = v[0].id; o.prim = prim; s.Append(o);
    if (prim % 3 == 0) { o.id += 1000; s.Append(o); }   // a variable number of records per primitive
}
"""


def _run(topology: int, gs_topo: str, n_in: int, verts: int, buffer_bytes: int, instances: int = 1):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_5_0", 0, 0)
    gs = D3DCompile(GS.replace("TOPO", gs_topo).replace("N]", f"{n_in}]"), None, None, None, None, "main", "gs_5_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName=name, SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=c, OutputSlot=0) for name, c in (("POS", 4), ("VID", 1), ("PRIM", 1))]
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(gs, None, decl, 3, [24], 1, 0xFFFFFFFF, None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=2, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    data = np.random.default_rng(3).uniform(-1, 1, (verts, 4)).astype(np.float32)
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [16], [0])
    ctx.IASetPrimitiveTopology(topology)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=buffer_bytes, BindFlags=0x10))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_SO_STATISTICS))  # noqa: F405
    ctx.Begin(q)
    ctx.DrawInstanced(verts, instances, 0, 0)
    ctx.End(q)
    st = ctx.GetData(q)
    ctx.SOSetTargets(0, None, None)
    return so._storage.data.copy(), (int(st.NumPrimitivesWritten), int(st.PrimitivesStorageNeeded))


def _both(monkeypatch, *args, **kw):
    one = _run(*args, **kw)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 7)
    many = _run(*args, **kw)
    return one, many


@pytest.mark.parametrize("topology, gs_topo, n_in", [(1, "point", 1), (4, "triangle", 3), (5, "triangle", 3),
                                                     (2, "line", 2)])
@pytest.mark.parametrize("buffer_bytes", [24 * 200, 24 * 17])  # room for all, and an overflow part-way
def test_so_draw_in_passes_equals_one_pass(monkeypatch, topology, gs_topo, n_in, buffer_bytes):
    (b1, s1), (b2, s2) = _both(monkeypatch, topology, gs_topo, n_in, 30, buffer_bytes, instances=2)
    assert s1 == s2
    assert np.array_equal(b1, b2)
    assert s1[0] > 0
    assert (s1[0] < s1[1]) == (buffer_bytes < 24 * 200)  # the small buffer really overflows
