"""Strip topologies drawn in bounded passes (issue 13 item 4; pipeline/draw.py _draw_strip_passes).

The oracle is the same draw in one pass: with PASS_VERTICES patched down to a few vertices, a strip
is cut into many passes (mid-strip with shared vertices, after strip-cut indices, at both triangle-strip
parities) and must give the same render target bytes (every pixel records SV_PrimitiveID and
SV_VertexID-derived data, so a lost, repeated or re-wound primitive shows) and the same pipeline
statistics (§20.4.6: IAVertices counts each vertex once, IAPrimitives each primitive once).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.pipeline import draw as draw_mod

W, H = 32, 32
VS = """
struct O { float4 p : SV_Position; nointerpolation uint vid : VID; };
O main(float2 p : POS, uint vid : SV_VertexID) { O o; o.p = float4(p, 0, 1); o.vid = vid; return o; }
"""
PS = """
uint4 main(float4 p : SV_Position, nointerpolation uint vid : VID, uint prim : SV_PrimitiveID,
           bool front : SV_IsFrontFace) : SV_Target {
    return uint4(prim + 1, vid, front ? 1 : 2, 7);
}
"""


def _render(topology: int, verts: np.ndarray, indices: np.ndarray | None, instances: int = 1):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(D3DCompile(PS, None, None, None, None, "main", "ps_4_0", 0, 0), None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=16, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)  # R32G32_FLOAT
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=verts.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [8], [0])
    ctx.IASetPrimitiveTopology(topology)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=3, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                   BindFlags=0x20))  # R32G32B32A32_UINT
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
    stats = ctx.GetData(q)
    fields = ("IAVertices", "IAPrimitives", "CInvocations", "CPrimitives", "PSInvocations")
    return texture_to_numpy(ctx, tex), {f: int(getattr(stats, f)) for f in fields}


def _both(monkeypatch, *args, **kw):
    one = _render(*args, **kw)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 9)
    many = _render(*args, **kw)
    monkeypatch.setattr(draw_mod, "PASS_VERTICES", 1 << 16)
    return one, many


def _strip_verts(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return rng.uniform(-1, 1, (n, 2)).astype(np.float32)


# LINESTRIP, TRIANGLESTRIP, LINESTRIP_ADJ; and the list topologies' passes (LINELIST, TRIANGLELIST), whose
# SV_VertexID must also continue across passes (it restarted at 0 in every pass before this test)
@pytest.mark.parametrize("topology", [3, 5, 11, 2, 4])
@pytest.mark.parametrize("n", [40, 41, 57])
def test_non_indexed_strip_in_passes_equals_one_pass(monkeypatch, topology, n):
    (img1, st1), (img2, st2) = _both(monkeypatch, topology, _strip_verts(n, n), None, instances=2)
    assert st1 == st2
    assert np.array_equal(img1, img2)
    assert img1[..., 3].any()  # something was drawn


@pytest.mark.parametrize("topology", [3, 5, 11])
@pytest.mark.parametrize("cuts", [[], [3], [8, 9], [4, 13, 14, 22, 30], [0, 1, 17]])
@pytest.mark.parametrize("dtype", [np.uint16, np.uint32])
def test_indexed_strip_with_cuts_in_passes_equals_one_pass(monkeypatch, topology, cuts, dtype):
    verts = _strip_verts(48, 5)
    idx = np.arange(40, dtype=np.int64) % 48
    cut = 0xFFFF if dtype == np.uint16 else 0xFFFFFFFF
    for c in cuts:
        idx[c] = cut
    (img1, st1), (img2, st2) = _both(monkeypatch, topology, verts, idx.astype(dtype), instances=1)
    assert st1 == st2
    assert np.array_equal(img1, img2)


def test_triangle_strip_counts_every_vertex_once(monkeypatch):
    # 41 vertices → 39 triangles; IAVertices 41 however many passes share vertices
    (_, st1), (_, st2) = _both(monkeypatch, 5, _strip_verts(41, 1), None)
    assert st1["IAVertices"] == st2["IAVertices"] == 41
    assert st1["IAPrimitives"] == st2["IAPrimitives"] == 39
