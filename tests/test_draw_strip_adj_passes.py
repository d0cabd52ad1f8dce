"""Triangle strips with adjacency drawn in bounded passes (issue 13; pipeline/draw.py _draw_strip_adj_passes).

Oracles: (1) the same draw in one pass — with PASS_VERTICES patched small a strip runs in many passes
(mid-strip with shared vertices, after strip-cut indices) and must give the same stream-output records
(every primitive's six vertex IDs and SV_PrimitiveID, so a lost, repeated, re-wound or wrongly-neighboured
primitive shows), the same render target bytes and the same pipeline statistics (§20.4.6: each vertex and
primitive counted once); (2) an independent table of the strip's triangles from the topology's definition
(D3D11.3 §8.13 / the "Primitive Topologies" figure: triangle j of a strip of n vertices, j < (n-4)/2, has
vertices 2j, 2j+2, 2j+4; neighbour 2j-2 across its first edge, 2j+1 for the first triangle; 2j+6 across
the second, 2j+5 for the last; 2j+3 across the third; odd triangles swap the last two vertices, so their
rows are 2j, 2j+3, 2j+4, next, 2j+2, prev)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.pipeline import draw as draw_mod

TRIANGLESTRIP_ADJ = 13
W = H = 32
VS = """
struct O { float4 p : SV_Position; nointerpolation uint vid : VID; };
O main(float2 p : POS, uint vid : SV_VertexID) { O o; o.p = float4(p, 0, 1); o.vid = vid; return o; }
"""
# every primitive: its six vertex IDs and its SV_PrimitiveID, streamed out; the triangle also rasterised
GS = """
struct V { float4 p : SV_Position; nointerpolation uint vid : VID; };
struct O { float4 p : SV_Position; nointerpolation uint4 a : A; nointerpolation uint4 b : B; };
[maxvertexcount(3)]
void main(triangleadj V v[6], uint prim : SV_PrimitiveID, inout TriangleStream<O> s) {
    O o;
    o.a = uint4(v[0].vid, v[1].vid, v[2].vid, v[3].vid);
    o.b = uint4(v[4].vid, v[5].vid, prim, 0);
    o.p = v[0].p; s.Append(o); o.p = v[2].p; s.Append(o); o.p = v[4].p; s.Append(o);
}
"""
PS = """
uint4 main(float4 p : SV_Position, nointerpolation uint4 a : A, nointerpolation uint4 b : B,
           bool front : SV_IsFrontFace) : SV_Target {
    return uint4(b.z + 1, a.x * 7 + a.y * 13 + a.w * 17 + b.y * 19, front ? 1 : 2, 7);
}
"""
STRIDE = 32  # one streamed vertex: A and B


def _render(verts: np.ndarray, indices: np.ndarray | None, instances: int = 1):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName=name, SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=4, OutputSlot=0) for name in ("A", "B")]
    gs = D3DCompile(GS, None, None, None, None, "main", "gs_4_0", 0, 0)
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(gs, None, decl, 2, [STRIDE], 1, 0, None))
    ctx.PSSetShader(dev.CreatePixelShader(D3DCompile(PS, None, None, None, None, "main", "ps_4_0", 0, 0), None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=16, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=verts.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [8], [0])
    ctx.IASetPrimitiveTopology(TRIANGLESTRIP_ADJ)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=STRIDE * 3 * 400, BindFlags=0x10))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=3, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                   BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=W, Height=H, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                   DepthClipEnable=True)))
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))  # noqa: F405
    ctx.Begin(q)
    if indices is None:
        ctx.DrawInstanced(len(verts), instances, 0, 0)
    else:
        ib = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=indices.nbytes, BindFlags=2),  # noqa: F405
                              D3D11_SUBRESOURCE_DATA(pSysMem=indices.tobytes()))  # noqa: F405
        ctx.IASetIndexBuffer(ib, 42 if indices.dtype == np.uint32 else 57, 0)
        ctx.DrawIndexedInstanced(len(indices), instances, 0, 0, 0)
    ctx.End(q)
    st = ctx.GetData(q)
    fields = ("IAVertices", "IAPrimitives", "VSInvocations", "GSInvocations", "CInvocations", "PSInvocations")
    records = so._storage.data.view(np.uint32).reshape(-1, 8)[::3]  # one record per primitive (first vertex)
    records = records[: int(st.GSPrimitives)]
    ctx.SOSetTargets(0, None, None)
    return records.copy(), texture_to_numpy(ctx, tex), {f: int(getattr(st, f)) for f in fields}


def _both(monkeypatch, *args, pass_vertices: int = 16, **kw):
    one = _render(*args, **kw)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", pass_vertices)
    many = _render(*args, **kw)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 1 << 16)
    return one, many


def _verts(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(-1, 1, (n, 2)).astype(np.float32)


def _expected_rows(strip: list[int]) -> list[tuple[int, ...]]:
    """The strip's primitives as (v0, adj01, v1, adj12, v2, adj20) of vertex IDs, from the definition."""
    n = len(strip)
    ntri = max((n - 4) // 2, 0)
    rows = []
    for j in range(ntri):
        prev = 2 * j + 1 if j == 0 else 2 * j - 2
        nxt = 2 * j + 5 if j == ntri - 1 else 2 * j + 6
        local = (2 * j, prev, 2 * j + 2, nxt, 2 * j + 4, 2 * j + 3) if j % 2 == 0 else \
            (2 * j, 2 * j + 3, 2 * j + 4, nxt, 2 * j + 2, prev)
        rows.append(tuple(strip[i] for i in local))
    return rows


def _rows(records: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(int(x) for x in (r[0], r[1], r[2], r[3], r[4], r[5])) for r in records]


@pytest.mark.parametrize("n", [40, 41, 42, 43, 57, 80])
@pytest.mark.parametrize("pass_vertices", [9, 16, 17, 19, 22])
def test_non_indexed_adj_strip_in_passes_equals_one_pass(monkeypatch, n, pass_vertices):
    (r1, img1, st1), (r2, img2, st2) = _both(monkeypatch, _verts(n, n), None, pass_vertices=pass_vertices)
    assert st1 == st2
    assert np.array_equal(r1, r2)
    assert np.array_equal(img1, img2)
    assert _rows(r1) == _expected_rows(list(range(n)))
    assert list(r1[:, 6]) == list(range(len(r1)))  # SV_PrimitiveID counts on across passes
    assert st1["IAVertices"] == n and st1["IAPrimitives"] == (n - 4) // 2
    assert img1[..., 3].any()


def test_instances_restart_the_strip_and_the_primitive_id(monkeypatch):
    (r1, img1, st1), (r2, img2, st2) = _both(monkeypatch, _verts(37, 2), None, instances=3)
    assert st1 == st2 and np.array_equal(r1, r2) and np.array_equal(img1, img2)
    one = _expected_rows(list(range(37)))
    assert _rows(r1) == one * 3
    assert list(r1[:, 6]) == list(range(len(one))) * 3


@pytest.mark.parametrize("cuts", [[], [3], [8, 9], [4, 13, 14, 22, 30], [0, 1, 17], [15], [16], [17, 33],
                                  [12, 27, 41]])
@pytest.mark.parametrize("dtype", [np.uint16, np.uint32])
def test_indexed_adj_strip_with_cuts_in_passes_equals_one_pass(monkeypatch, cuts, dtype):
    verts = _verts(64, 5)
    idx = (np.arange(50, dtype=np.int64) * 5) % 64
    cut = 0xFFFF if dtype == np.uint16 else 0xFFFFFFFF
    for c in cuts:
        idx[c] = cut
    (r1, img1, st1), (r2, img2, st2) = _both(monkeypatch, verts, idx.astype(dtype))
    # VSInvocations is left out here: the IA shades the cut value's key once per pass that holds a cut
    # (VSInvocations is implementation-dependent with indexed reuse, §20.4.6); the other strips do the same
    st1.pop("VSInvocations")
    st2.pop("VSInvocations")
    assert st1 == st2
    assert np.array_equal(r1, r2)
    assert np.array_equal(img1, img2)
    # the strips between cuts, each assembled on its own (§8.13: a cut index restarts the strip)
    expected, strip = [], []
    for v in list(idx) + [cut]:
        if v == cut:
            expected += _expected_rows(strip)
            strip = []
        else:
            strip.append(int(v))
    assert _rows(r1) == expected
    assert st1["IAVertices"] == 50 - len(cuts)


def test_pass_memory_is_bounded(monkeypatch):
    # a long strip drawn with a small pass size touches no more than a pass of vertices at a time
    import tracemalloc

    verts = _verts(4000, 9)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 64)
    _render(verts[:200], None)  # warm caches (compiles)
    tracemalloc.start()
    _render(verts[:400], None)
    small = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    tracemalloc.start()
    records, _, st = _render(verts, None)
    big = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert st["IAPrimitives"] == (4000 - 4) // 2
    assert len(records) == 400  # the SO buffer holds 400 primitives; the rest overflow
    assert big < small * 2 + (1 << 20)
