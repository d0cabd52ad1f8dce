"""SV_PrimitiveID after tessellation, per draw type (issue 14 item 2; D3D11.3 §8.17, §10 "HS PrimitiveID",
§11.7.9.1 "Tessellator PrimitiveID").

Rules (spec text): PrimitiveID counts the *patches* of a Draw*() call from 0; the HS control-point phase and
patch-constant (fork/join) phase see the patch index; every point/line/triangle the tessellator makes for a patch
carries that same value into the DS, the GS and — without a GS — the PS; with Draw*Instanced() it restarts at 0
for every instance. Expected values below are computed from those rules, independently of the pipeline.

Capture: a GS after the DS streams one point per tessellated triangle to a stream-output buffer holding
(HS control-point PrimitiveID, HS patch-constant PrimitiveID, DS PrimitiveID, GS PrimitiveID, SV_InstanceID).
Tessellation factors 2 (integer partitioning) make 6 triangles per patch — the 6 outer-edge segments joined
to the single inner point (§11.7.x triangle tessellation) — and all 6 must carry the patch's PrimitiveID.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

BIND_VB, BIND_IB, BIND_SO, BIND_RT = 0x1, 0x2, 0x10, 0x20
MISC_DRAWINDIRECT_ARGS = 0x10
PATCHLIST_1 = 33  # D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST; N control points: 32 + N

VS = """
struct V { float x : X; uint iid : IID; };
V main(float x : X, uint iid : SV_InstanceID) { V v; v.x = x; v.iid = iid; return v; }
"""
HS = """
struct V { float x : X; uint iid : IID; };
struct C { uint cp_pid : CPID; uint iid : IID; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; uint pc_pid : PCPID; };
PC pc(InputPatch<V, N> ip, uint prim : SV_PrimitiveID) {
    PC o; o.e[0] = o.e[1] = o.e[2] = 2; o.i = 2; o.pc_pid = prim; return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(1)]
[patchconstantfunc("pc")]
C main(InputPatch<V, N> ip, uint i : SV_OutputControlPointID, uint prim : SV_PrimitiveID) {
    C c; c.cp_pid = prim; c.iid = ip[0].iid; return c;
}
"""
DS = """
struct C { uint cp_pid : CPID; uint iid : IID; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; uint pc_pid : PCPID; };
struct O { float4 p : SV_Position; nointerpolation uint4 ids : IDS; };
[domain("tri")] O main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<C, 1> cp,
                       uint prim : SV_PrimitiveID) {
    O o; o.p = float4(uvw, 1); o.ids = uint4(cp[0].cp_pid, pc.pc_pid, prim, cp[0].iid); return o;
}
"""
GS = """
struct I { float4 p : SV_Position; nointerpolation uint4 ids : IDS; };
struct O { uint4 ids : IDS; uint gs : GSPID; };
[maxvertexcount(1)]
void main(triangle I v[3], uint prim : SV_PrimitiveID, inout PointStream<O> s) {
    O o; o.ids = v[0].ids; o.gs = prim; s.Append(o);
}
"""


def _compile(src: str, target: str, n: int = 3) -> bytes:
    return D3DCompile(src.replace("InputPatch<V, N>", f"InputPatch<V, {n}>"), None, None, None, None, "main", target,
                      0, 0)


def _buffer(dev, data: np.ndarray, bind: int, misc: int = 0):
    data = np.ascontiguousarray(data)
    return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, MiscFlags=misc),  # noqa: F405
                            D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405


def _pipeline(n: int):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = _compile(VS, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.HSSetShader(dev.CreateHullShader(_compile(HS, "hs_5_0", n), None))
    ctx.DSSetShader(dev.CreateDomainShader(_compile(DS, "ds_5_0"), None))
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="IDS", SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=4, OutputSlot=0),
            D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="GSPID", SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=1, OutputSlot=0)]
    gs = _compile(GS, "gs_5_0")
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(gs, None, decl, 2, [20], 1, 0xFFFFFFFF, None))
    ctx.PSSetShader(None)
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="X", SemanticIndex=0, Format=41, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)  # 41: R32_FLOAT
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    ctx.IASetVertexBuffers(0, 1, [_buffer(dev, np.arange(64, dtype=np.float32), BIND_VB)], [4], [0])
    ctx.IASetPrimitiveTopology(32 + n)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=20 * 64 * TRIS, BindFlags=BIND_SO))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    return dev, ctx, so


def _captured(dev, ctx, so, count: int) -> list[tuple]:
    ctx.SOSetTargets(0, None, None)
    rows = so._storage.data.view(np.uint32).reshape(-1, 5)[:count]
    return [tuple(int(v) for v in r) for r in rows]


TRIS = 6  # triangles per patch at tessellation factors 2


def _expected(patches: int, instances: int) -> list[tuple]:
    # (cp PrimitiveID, patch-constant PrimitiveID, DS PrimitiveID, instance, GS PrimitiveID) per triangle
    return [(p, p, p, i, p) for i in range(instances) for p in range(patches) for _ in range(TRIS)]


# (draw type, control points per patch, vertices per instance, instances)
CASES = [
    ("Draw", 3, 9, 1),
    ("Draw", 1, 4, 1),
    ("Draw", 4, 8, 1),
    ("Draw", 3, 10, 1),  # a partial last patch is dropped (§8.10: incomplete primitives are discarded)
    ("DrawInstanced", 3, 6, 3),
    ("DrawInstanced", 2, 6, 2),
    ("DrawIndexed", 3, 9, 1),
    ("DrawIndexed", 4, 12, 1),
    ("DrawIndexedInstanced", 3, 6, 2),
    ("DrawInstancedIndirect", 3, 6, 2),
    ("DrawIndexedInstancedIndirect", 3, 9, 2),
]


@pytest.mark.parametrize("draw, n, count, instances", CASES)
def test_primitive_id_is_the_patch_index_in_every_stage(draw, n, count, instances):
    dev, ctx, so = _pipeline(n)
    # Neither start location shifts PrimitiveID (§8.17: 0 for the first primitive of each instance) nor
    # SV_InstanceID (§8.18: 0 .. InstanceCount-1; StartInstanceLocation only offsets instance-data fetches).
    start_vertex, start_instance = 2, 1
    if "Indexed" in draw:
        idx = np.arange(count, dtype=np.uint32)[::-1].copy()  # any index order: PrimitiveID counts patches
        ctx.IASetIndexBuffer(_buffer(dev, idx, BIND_IB), 42, 0)  # 42: R32_UINT
    if draw == "Draw":
        ctx.Draw(count, start_vertex)
    elif draw == "DrawInstanced":
        ctx.DrawInstanced(count, instances, start_vertex, start_instance)
    elif draw == "DrawIndexed":
        ctx.DrawIndexed(count, 0, start_vertex)
    elif draw == "DrawIndexedInstanced":
        ctx.DrawIndexedInstanced(count, instances, 0, start_vertex, start_instance)
    elif draw == "DrawInstancedIndirect":
        args = _buffer(dev, np.array([count, instances, start_vertex, start_instance], np.uint32), 0,
                       MISC_DRAWINDIRECT_ARGS)
        ctx.DrawInstancedIndirect(args, 0)
    else:
        args = _buffer(dev, np.array([count, instances, 0, start_vertex, start_instance], np.uint32), 0,
                       MISC_DRAWINDIRECT_ARGS)
        ctx.DrawIndexedInstancedIndirect(args, 0)
    patches = count // n
    got = _captured(dev, ctx, so, patches * instances * TRIS)
    assert got == _expected(patches, instances)


def test_primitive_id_restarts_per_instance_not_per_draw():
    # two draws in a row: each starts at patch 0 again (§8.17: "starts at 0 for the first primitive generated
    # by a Draw*() call")
    dev, ctx, so = _pipeline(3)
    ctx.Draw(6, 0)
    ctx.SOSetTargets(1, [so], [0xFFFFFFFF])  # append after the first draw's output
    ctx.Draw(6, 0)
    got = _captured(dev, ctx, so, 4 * TRIS)
    assert [g[2] for g in got] == [p for p in (0, 1, 0, 1) for _ in range(TRIS)]


def test_draw_auto_counts_patches_of_the_streamed_vertices():
    # pass 1 streams 6 single-float vertices (X) with a VS-only GS-less stream-output shader; pass 2 draws
    # them with DrawAuto as two 3-control-point patches.
    dev, ctx, so = _pipeline(3)
    feed_vs = D3DCompile("float main(float x : X) : X { return x; }", None, None, None, None, "main", "vs_5_0", 0, 0)
    src = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * 6, BindFlags=BIND_VB | BIND_SO))  # noqa: F405
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="X", SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=1, OutputSlot=0)]
    saved = (ctx.VSGetShader(), ctx.HSGetShader(), ctx.DSGetShader(), ctx.GSGetShader())
    ctx.HSSetShader(None)
    ctx.DSSetShader(None)
    ctx.VSSetShader(dev.CreateVertexShader(feed_vs, None))
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(feed_vs, None, decl, 1, [4], 1, 0xFFFFFFFF, None))
    ctx.IASetPrimitiveTopology(1)  # points
    ctx.SOSetTargets(1, [src], [0])
    ctx.Draw(6, 0)
    ctx.VSSetShader(saved[0][0])
    ctx.HSSetShader(saved[1][0])
    ctx.DSSetShader(saved[2][0])
    ctx.GSSetShader(saved[3][0])
    ctx.IASetPrimitiveTopology(35)
    # Unbind the stream-output target first: binding it as a vertex buffer while it is still an SO target
    # would leave the input slot NULL (the output binding wins, read/write hazard rule).
    ctx.SOSetTargets(1, [so], [0])
    ctx.IASetVertexBuffers(0, 1, [src], [4], [0])
    ctx.DrawAuto()
    assert _captured(dev, ctx, so, 2 * TRIS) == _expected(2, 1)


PS_NO_GS_DS = """
struct C { uint cp_pid : CPID; uint iid : IID; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; uint pc_pid : PCPID; };
struct O { float4 p : SV_Position; };
[domain("tri")] O main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<C, 1> cp) {
    // patch k covers the pixel column k of a 4x1 target with a big triangle clipped by the viewport
    O o;
    float x0 = -1 + 0.5 * pc.pc_pid;
    o.p = float4(x0 + uvw.y * 0.5 * 2, -1 + uvw.z * 4, 0, 1);
    return o;
}
"""
PS_PID = "uint4 main(float4 p : SV_Position, uint prim : SV_PrimitiveID) : SV_Target { return prim + 1; }"


@pytest.mark.parametrize("instances", [1, 2])
def test_pixel_shader_without_gs_sees_the_patch_index(instances):
    dev, ctx, _ = _pipeline(3)
    ctx.SOSetTargets(0, None, None)
    ctx.GSSetShader(None)
    ctx.DSSetShader(dev.CreateDomainShader(_compile(PS_NO_GS_DS, "ds_5_0"), None))
    ctx.PSSetShader(dev.CreatePixelShader(_compile(PS_PID, "ps_5_0"), None))
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=1, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=30, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                   BindFlags=BIND_RT))  # 30: R8G8B8A8_UINT
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=4, Height=1, MinDepth=0, MaxDepth=1)])  # noqa: F405
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1, DepthClipEnable=True)))  # noqa: F405
    ctx.DrawInstanced(12, instances, 0, 0)  # 4 patches per instance; later instances overwrite with equal values
    got = texture_to_numpy(ctx, tex)[0, :, 0].tolist()
    assert got == [1, 2, 3, 4]
