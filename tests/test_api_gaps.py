"""API gap closure: GenerateMips and DrawAuto through the real device/context (DESIGN §1/§2).

Expected pixels are computed by hand in each test (box filter of chosen texels; DrawAuto's vertex
count from (filled size - offset) / stride).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

R8G8B8A8_UNORM, R32G32_FLOAT, R32G32B32A32_FLOAT = 28, 16, 2
BIND_VB, BIND_SRV, BIND_SO, BIND_RT = 0x1, 0x8, 0x10, 0x20
MISC_GENERATE_MIPS = 0x1
POINTLIST = 1


def device():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0x2, None, 0, 7)  # noqa: F405 - debug layer on
    return dev, ctx


def tex2d(dev, w, h, mips, bind, misc=0, fmt=R8G8B8A8_UNORM, data=None):
    d = D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=mips, ArraySize=1, Format=fmt,  # noqa: F405
                             SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=0, BindFlags=bind, MiscFlags=misc)  # noqa: F405
    return dev.CreateTexture2D(d)


def mip_bytes(tex, mip):
    st = tex._storage
    L = st.layout(st.subresource_index(mip, 0))
    return st.data[L.offset:L.offset + L.size].reshape(L.height, L.width, 4)


def info_messages(dev):
    q = dev.QueryInterface(ID3D11InfoQueue)  # noqa: F405
    return [q.GetMessage(i) for i in range(q.GetNumStoredMessages())]


# -- GenerateMips --------------------------------------------------------------------------------

def test_generate_mips_box_filters_the_top_mip():
    dev, ctx = device()
    t = tex2d(dev, 4, 4, 3, BIND_SRV | BIND_RT, MISC_GENERATE_MIPS)
    top = mip_bytes(t, 0)
    # each 2x2 block holds 4*k, 4*k+2, 4*k+4, 4*k+6 in every channel: its mean 4*k+3 is exact
    for by in range(2):
        for bx in range(2):
            k = 10 * (by * 2 + bx)
            vals = np.array([[4 * k, 4 * k + 2], [4 * k + 4, 4 * k + 6]], np.uint8)
            top[2 * by:2 * by + 2, 2 * bx:2 * bx + 2, :] = vals[..., None]
    srv = dev.CreateShaderResourceView(t)
    ctx.GenerateMips(srv)
    m1 = mip_bytes(t, 1)
    expect1 = np.array([[4 * 0 + 3, 4 * 10 + 3], [4 * 20 + 3, 4 * 30 + 3]], np.uint8)
    assert (m1 == expect1[..., None]).all()
    # mip 2 = mean of mip 1's four texels: (3 + 43 + 83 + 123) / 4 = 63
    assert (mip_bytes(t, 2) == 63).all()


def test_generate_mips_respects_the_view_mip_range():
    dev, ctx = device()
    t = tex2d(dev, 4, 4, 3, BIND_SRV | BIND_RT, MISC_GENERATE_MIPS)
    mip_bytes(t, 1)[...] = 200  # the view's top mip
    mip_bytes(t, 0)[...] = 7  # outside the view: untouched
    srv = dev.CreateShaderResourceView(t, D3D11_SHADER_RESOURCE_VIEW_DESC(  # noqa: F405
        Format=R8G8B8A8_UNORM, ViewDimension=4, Texture2D=D3D11_TEX2D_SRV(MostDetailedMip=1, MipLevels=2)))  # noqa: F405
    ctx.GenerateMips(srv)
    assert (mip_bytes(t, 2) == 200).all() and (mip_bytes(t, 0) == 7).all()


def test_generate_mips_without_the_misc_flag_is_dropped_with_a_message():
    dev, ctx = device()
    t = tex2d(dev, 4, 4, 3, BIND_SRV | BIND_RT)
    mip_bytes(t, 0)[...] = 90
    before = len(info_messages(dev))
    ctx.GenerateMips(dev.CreateShaderResourceView(t))
    assert not mip_bytes(t, 1).any()
    assert len(info_messages(dev)) == before + 1


def test_generate_mips_recorded_on_a_deferred_context_reads_the_top_mip_at_execution():
    dev, ctx = device()
    t = tex2d(dev, 2, 2, 2, BIND_SRV | BIND_RT, MISC_GENERATE_MIPS)
    srv = dev.CreateShaderResourceView(t)
    dc = dev.CreateDeferredContext(0)
    dc.GenerateMips(srv)
    cl = dc.FinishCommandList(False)
    mip_bytes(t, 0)[...] = np.array([[10, 20], [30, 40]], np.uint8)[..., None]  # written after recording
    ctx.ExecuteCommandList(cl, False)
    assert (mip_bytes(t, 1) == 25).all()  # (10 + 20 + 30 + 40) / 4


# -- DrawAuto ------------------------------------------------------------------------------------

VS = "float4 main(float2 p : POS) : SV_Position { return float4(p, 0, 1); }"
PS = "float4 main() : SV_Target { return float4(1, 0, 0, 1); }"


def _points_pipeline(dev, ctx):
    vs = D3DCompile(VS, None, None, None, None, "main", "vs_4_0", 0, 0)
    ps = D3DCompile(PS, None, None, None, None, "main", "ps_4_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=R32G32_FLOAT, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    ctx.IASetPrimitiveTopology(POINTLIST)
    rt = tex2d(dev, 8, 1, 1, BIND_RT)
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=8, Height=1, MinDepth=0, MaxDepth=1)])  # noqa: F405
    # 8 points, one per pixel centre of an 8x1 target: x_ndc = (i + 0.5) / 4 - 1
    verts = np.array([[(i + 0.5) / 4 - 1, 0.0] for i in range(8)], np.float32)
    d = D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, Usage=0, BindFlags=BIND_VB | BIND_SO)  # noqa: F405
    vb = dev.CreateBuffer(d, D3D11_SUBRESOURCE_DATA(pSysMem=verts.tobytes()))  # noqa: F405
    return vb, rt


def _red_pixels(rt):
    return [int(i) for i in np.nonzero(mip_bytes(rt, 0)[0, :, 0])[0]]


@pytest.mark.parametrize("filled, offset, expect", [
    (40, 0, [0, 1, 2, 3, 4]),  # 40 bytes / 8-byte stride = 5 vertices from the start
    (40, 16, [2, 3, 4]),  # (40 - 16) / 8 = 3 vertices, starting at the slot-0 offset
    (44, 16, [2, 3, 4]),  # a partial vertex is not drawn
    (16, 16, []),  # filled == offset: nothing
    (8, 16, []),  # filled < offset: nothing
])
def test_draw_auto_draws_the_stream_output_filled_size(filled, offset, expect):
    dev, ctx = device()
    vb, rt = _points_pipeline(dev, ctx)
    ctx.SOSetTargets(1, [vb], [filled])  # binding with an explicit offset sets BufferFilledSize
    ctx.SOSetTargets(0, None, None)
    ctx.IASetVertexBuffers(0, 1, [vb], [8], [offset])
    ctx.DrawAuto()
    assert _red_pixels(rt) == expect


def test_draw_auto_on_a_deferred_context_reads_the_filled_size_at_execution():
    dev, ctx = device()
    vb, rt = _points_pipeline(dev, ctx)
    dc = dev.CreateDeferredContext(0)
    _vb2, _rt2 = _points_pipeline(dev, dc)  # same pipeline state on the deferred context
    dc.IASetVertexBuffers(0, 1, [vb], [8], [0])
    rtv = dev.CreateRenderTargetView(rt)
    dc.OMSetRenderTargets(1, [rtv], None)
    dc.DrawAuto()
    cl = dc.FinishCommandList(False)
    ctx.SOSetTargets(1, [vb], [24])  # set after recording: 3 vertices
    ctx.SOSetTargets(0, None, None)
    ctx.ExecuteCommandList(cl, False)
    assert _red_pixels(rt) == [0, 1, 2]


def test_draw_auto_without_a_slot_0_buffer_is_dropped():
    dev, ctx = device()
    _vb, rt = _points_pipeline(dev, ctx)
    before = len(info_messages(dev))
    ctx.DrawAuto()
    assert _red_pixels(rt) == [] and len(info_messages(dev)) == before + 1
