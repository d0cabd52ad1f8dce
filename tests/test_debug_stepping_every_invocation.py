"""Every kind of invocation steps by HLSL line, forwards and backwards (issue 18 item 4): a compute thread, each
MSAA sample of a sample-frequency pixel shader, and a pixel shader's helper lane. ``ShaderTrace.cursor()`` walks
a recorded trace; walking back must retrace the same lines in reverse with the same variable values, and the
values are checked against hand computations (float32): the standard 4x sample pattern (D3D11.3 §3.5.1.1:
offsets (-2,-6), (6,-2), (-6,2), (2,6) in 1/16 pixel), sample-frequency inputs at the sample position (§16.5),
coarse derivatives within a 2x2 quad from its helper lanes (§16.8)."""

from __future__ import annotations

import struct

import numpy as np
import pytest

import pyd3d11.debug as dbg
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import DXGI_SAMPLE_DESC

DEBUG, SKIP_OPT = 0x1, 0x4
F32 = np.float32


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", float(F32(x))))[0]


def walk(t):
    """(line, variables) at the end of each HLSL line going forwards, then going backwards from the end."""
    c = t.cursor()
    fwd = []
    while c.next_line():
        fwd.append((c.line[1], c.variables()))
    back = [(c.line[1], c.variables())]
    while c.prev_line():
        back.append((c.line[1], c.variables()))
    return fwd, back


def check_both_ways(t):
    fwd, back = walk(t)
    assert [ln for ln, _ in fwd] == [h.line for h in t.hlsl_steps()]
    assert back == fwd[::-1]
    return fwd


CS = """RWBuffer<uint> outbuf : register(u0);
[numthreads(4, 2, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint sum = id.y;
    [loop] for (uint i = 0; i < id.x; i++)
    {
        sum += i * 3;
    }
    outbuf[id.y * 4 + id.x] = sum;
}
"""


@pytest.mark.parametrize("tid", [(0, 0), (2, 1), (3, 1)])
def test_compute_thread_steps_both_ways(tid):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    cs = D3DCompile(CS, None, "cs.hlsl", None, None, "main", "cs_5_0", DEBUG | SKIP_OPT, 0)
    ctx.CSSetShader(dev.CreateComputeShader(cs, None))
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=32, BindFlags=0x80))  # noqa: F405
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(  # noqa: F405
        Format=42, ViewDimension=1, Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=8)))  # noqa: F405
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    dbg.enable_capture(ctx)
    ctx.Dispatch(1, 1, 1)
    t = dbg.debug_thread(ctx, (tid[0], tid[1], 0))
    fwd = check_both_ways(t)
    assert fwd[0][0] == 5 and fwd[-1][0] == 10
    sums = [v["sum"][0] for ln, v in fwd if ln == 8]
    assert sums == [tid[1] + sum(k * 3 for k in range(j + 1)) for j in range(tid[0])]
    c = t.cursor().goto(len(t.steps) - 1)
    assert c.at_end and c.back(len(t.steps) + 5).pos == 0  # instruction steps clamp at both ends


PS_SAMPLE = """float4 main(float4 p : SV_Position, sample float2 q : PIX, uint s : SV_SampleIndex) : SV_Target
{
    float off = q.x * 2.0;
    float v = off + s + p.x;
    return float4(v, q.y, 0, 1);
}
"""
# a full-target triangle whose PIX attribute is the screen position in pixels (x = (ndc.x + 1) * 4 on 8x8)
VS = """float4 main(uint id : SV_VertexID, out float2 q : PIX) : SV_Position
{
    float2 uv = float2((id << 1) & 2, id & 2);
    float4 p = float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
    q = float2((p.x + 1) * 4, (1 - p.y) * 4);
    return p;
}
"""
PATTERN4 = [(-2, -6), (6, -2), (-6, 2), (2, 6)]


def _target(dev, ctx, samples, ps_src, vs_src=VS, topology=4):
    vs = D3DCompile(vs_src, None, "vs.hlsl", None, None, "main", "vs_5_0", 0, 0)
    ps = D3DCompile(ps_src, None, "ps.hlsl", None, None, "main", "ps_5_0", DEBUG | SKIP_OPT, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=1, ArraySize=1, Format=2,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=samples), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 8, 8, 0, 1)])  # noqa: F405
    ctx.IASetPrimitiveTopology(topology)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                   MultisampleEnable=samples > 1)))


def test_each_msaa_sample_of_a_sample_frequency_shader_steps_both_ways():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _target(dev, ctx, 4, PS_SAMPLE)
    dbg.enable_capture(ctx)
    ctx.Draw(3, 0)
    traces = dbg.debug_pixel_all(ctx, 3, 5)
    assert sorted(t.invocation["sample"] for t in traces) == [0, 1, 2, 3]
    for t in traces:
        s = t.invocation["sample"]
        fwd = check_both_ways(t)
        assert [ln for ln, _ in fwd] == [3, 4, 5]
        qx = F32(3 + 0.5 + PATTERN4[s][0] / 16)  # a 'sample' attribute at the sample's position
        off = F32(qx * F32(2.0))
        assert fwd[0][1]["off"] == [bits(off)]
        # SV_Position has a pixel-frequency mode here: the pixel centre for every sample (§3.5.4.1.1 invariance)
        assert fwd[1][1]["v"] == [bits(F32(F32(off + F32(s)) + F32(3.5)))]
        assert fwd[0][1]["s"] == [s] and fwd[0][1]["p"][0] == bits(3.5)


PS_DERIV = """float4 main(float4 p : SV_Position) : SV_Target
{
    float a = p.x * p.x;
    float d = ddx_coarse(a);
    return float4(a, d, 0, 1);
}
"""
VS_TRI = """float4 main(uint id : SV_VertexID) : SV_Position
{
    float2 px = id == 0 ? float2(2.2, 2.2) : (id == 1 ? float2(2.9, 2.2) : float2(2.2, 2.9));
    return float4(px.x / 4 - 1, 1 - px.y / 4, 0, 1);
}
"""


@pytest.mark.parametrize("x, y", [(3, 2), (2, 3), (3, 3)])
def test_helper_lane_steps_both_ways(x, y):
    """A triangle covering only pixel (2, 2): the other three pixels of its quad run as helper lanes."""
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    _target(dev, ctx, 1, PS_DERIV, VS_TRI)
    dbg.enable_capture(ctx)
    ctx.Draw(3, 0)
    assert dbg.debug_pixel_all(ctx, x, y) == []  # not covered: no invocation unless helpers are asked for
    (t,) = dbg.debug_pixel_all(ctx, x, y, helpers=True)
    assert t.helper
    fwd = check_both_ways(t)
    assert [ln for ln, _ in fwd] == [3, 4, 5]
    a = F32(F32(x + 0.5) * F32(x + 0.5))
    assert fwd[0][1]["a"] == [bits(a)]
    # coarse ddx: the quad's top row, right minus left: (3.5^2 - 2.5^2) for every lane of the quad
    d = F32(F32(F32(3.5) * F32(3.5)) - F32(F32(2.5) * F32(2.5)))
    assert fwd[1][1]["d"] == [bits(d)]
    (real,) = dbg.debug_pixel_all(ctx, 2, 2, helpers=True)
    assert not real.helper and check_both_ways(real)[1][1]["d"] == [bits(d)]
