# ruff: noqa: F403, F405  (the scene is written as a C++ program would, against the star-imported headers)
"""A small multi-draw scene for the capture/replay and pixel-history tests (also run as a script in a
fresh process by them). Everything goes through the public D3D11 API."""

from __future__ import annotations

import numpy as np

from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *

W, H = 16, 12
WKPDID_D3DDebugObjectName = "429b8c22-9188-4b0c-8742-acb0bf85c200"

HLSL = r"""
cbuffer Tint : register(b0) { float4 tint; };
struct V { float4 pos : POSITION; float4 col : COLOR; };
struct P { float4 pos : SV_Position; float4 col : COLOR; };
P VS(V v) { P p; p.pos = v.pos; p.col = v.col; return p; }
float4 PS(P p) : SV_Target { return p.col * tint; }
RWBuffer<uint> outbuf : register(u0);
[numthreads(4, 1, 1)] void CS(uint3 id : SV_DispatchThreadID) { outbuf[id.x] = id.x * 3 + 1; }
"""


def tri(x0, y0, x1, y1, x2, y2, z, rgba):
    return [[x0, y0, z, 1, *rgba], [x1, y1, z, 1, *rgba], [x2, y2, z, 1, *rgba]]


VERTS = np.array(tri(-1, -1, -1, 1, 1, -1, 0.5, (1, 0, 0, 1)) + tri(-1, 1, 1, 1, 1, -1, 0.25, (0, 1, 0, 0.5))
                 + tri(-1, -1, 0, 1, 1, -1, 0.75, (0, 0, 1, 0.25)), np.float32)


def build():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    o = {"dev": dev, "ctx": ctx}
    o["rt"] = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1,
                                                       Format=DXGI_FORMAT_R8G8B8A8_UNORM, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                       BindFlags=D3D11_BIND_RENDER_TARGET))
    o["rt"].SetPrivateData(WKPDID_D3DDebugObjectName, 7, "backbuf")
    o["rtv"] = dev.CreateRenderTargetView(o["rt"], None)
    o["vb"] = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=VERTS.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                               D3D11_SUBRESOURCE_DATA(pSysMem=VERTS))
    o["cb"] = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_DYNAMIC,
                                                 BindFlags=D3D11_BIND_CONSTANT_BUFFER, CPUAccessFlags=D3D11_CPU_ACCESS_WRITE))
    vs = D3DCompile(HLSL, len(HLSL), "scene.hlsl", None, None, "VS", "vs_5_0", 0, 0)
    o["vs"] = dev.CreateVertexShader(vs, len(vs), None)
    ps = D3DCompile(HLSL, len(HLSL), "scene.hlsl", None, None, "PS", "ps_5_0", 0, 0)
    o["ps"] = dev.CreatePixelShader(ps, len(ps), None)
    cs = D3DCompile(HLSL, len(HLSL), "scene.hlsl", None, None, "CS", "cs_5_0", 0, 0)
    o["cs"] = dev.CreateComputeShader(cs, len(cs), None)
    o["layout"] = dev.CreateInputLayout([
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, 0, 0),
        D3D11_INPUT_ELEMENT_DESC("COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, 0, 0)], 2, vs, len(vs))
    o["ub"] = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    o["uav"] = dev.CreateUnorderedAccessView(o["ub"], D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_UINT, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16)))
    o["staging"] = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, Usage=D3D11_USAGE_STAGING,
                                                      CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    bd = D3D11_BLEND_DESC()
    rt0 = bd.RenderTarget[0]
    rt0.BlendEnable, rt0.SrcBlend, rt0.DestBlend, rt0.BlendOp = True, 5, 6, 1  # SRC_ALPHA, INV_SRC_ALPHA, ADD
    rt0.SrcBlendAlpha, rt0.DestBlendAlpha, rt0.BlendOpAlpha, rt0.RenderTargetWriteMask = 2, 1, 1, 0xF
    o["blend"] = dev.CreateBlendState(bd)
    # bound state that exists before a capture starts
    ctx.IASetInputLayout(o["layout"])
    ctx.IASetVertexBuffers(0, 1, [o["vb"]], [32], [0])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(o["vs"], None, 0)
    ctx.PSSetShader(o["ps"], None, 0)
    ctx.PSSetConstantBuffers(0, 1, [o["cb"]])
    ctx.OMSetRenderTargets(1, [o["rtv"]], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    ctx.ClearRenderTargetView(o["rtv"], (0.1, 0.2, 0.3, 1.0))
    return o


def set_tint(ctx, cb, rgba):
    m = ctx.Map(cb, 0, D3D11_MAP_WRITE_DISCARD, 0)
    m.as_array(np.float32)[:] = rgba
    ctx.Unmap(cb, 0)


def frame(o, snapshots=None):
    """Three draws (the last two blended), a deferred command list, a dispatch and a copy."""
    ctx, dev = o["ctx"], o["dev"]

    def snap():
        if snapshots is not None:
            snapshots.append(o["rt"]._storage.data.copy())

    set_tint(ctx, o["cb"], (1, 1, 1, 1))
    ctx.Draw(3, 0)
    snap()
    ctx.OMSetBlendState(o["blend"], None, 0xFFFFFFFF)
    set_tint(ctx, o["cb"], (1, 0.5, 1, 1))
    ctx.Draw(3, 3)
    snap()
    deferred = dev.CreateDeferredContext(0)
    deferred.IASetInputLayout(o["layout"])
    deferred.IASetVertexBuffers(0, 1, [o["vb"]], [32], [0])
    deferred.IASetPrimitiveTopology(4)
    deferred.VSSetShader(o["vs"], None, 0)
    deferred.PSSetShader(o["ps"], None, 0)
    deferred.PSSetConstantBuffers(0, 1, [o["cb"]])
    deferred.OMSetRenderTargets(1, [o["rtv"]], None)
    deferred.OMSetBlendState(o["blend"], None, 0xFFFFFFFF)
    deferred.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    deferred.Draw(3, 6)
    cl = deferred.FinishCommandList(False)
    ctx.ExecuteCommandList(cl, True)
    snap()
    ctx.CSSetShader(o["cs"], None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [o["uav"]], None)
    ctx.Dispatch(2, 1, 1)
    ctx.CopyResource(o["staging"], o["ub"])


def resources(o):
    return {k: o[k]._storage.data.copy() for k in ("rt", "vb", "cb", "ub", "staging")}


if __name__ == "__main__":  # replay a capture in this fresh process and dump every resource
    import sys

    from pyd3d11.debug import Capture

    cap = Capture.open(sys.argv[1]).replay_all()
    np.savez(sys.argv[2], **{str(i): cap.resource_bytes(i) for i in cap.resources()})
