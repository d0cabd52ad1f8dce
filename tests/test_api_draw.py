"""Draws through the public API (``from pyd3d11.d3d11 import *``): Draw, DrawIndexed with strip cuts,
instancing with step rates, DrawInstancedIndirect, queries, stream output and texture sampling.
Expected pixels and counts are worked out by hand from the D3D11 rules (§8, §14, §20)."""

from __future__ import annotations

import numpy as np

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader

R32G32B32A32_FLOAT, R32G32_FLOAT, R32_FLOAT, R8G8B8A8_UNORM, R16_UINT = 2, 16, 41, 28, 57
BIND_VB, BIND_IB, BIND_CB, BIND_SRV, BIND_SO, BIND_RT = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20
MISC_DRAWINDIRECT_ARGS = 0x10
POINTLIST, TRIANGLELIST, TRIANGLESTRIP = 1, 4, 5

VS_POS_COLOR = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
"""
PS_COLOR = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
"""


def setup(w=4, h=4, fmt=R32G32B32A32_FLOAT, vs=VS_POS_COLOR, ps=PS_COLOR, layout=None):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vsb = assemble_shader(vs)
    ctx.VSSetShader(dev.CreateVertexShader(vsb, None))
    ctx.PSSetShader(dev.CreatePixelShader(assemble_shader(ps), None))
    if layout is None:
        layout = [("TEXCOORD", 0, R32G32B32A32_FLOAT, 0, 0, 0, 0), ("TEXCOORD", 1, R32G32B32A32_FLOAT, 0, 16, 0, 0)]
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=i, Format=f, InputSlot=s,  # noqa: F405
                                    AlignedByteOffset=o, InputSlotClass=c, InstanceDataStepRate=r)
           for n, i, f, s, o, c, r in layout]
    ctx.IASetInputLayout(dev.CreateInputLayout(els, len(els), vsb))
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,  # noqa: F405
                                                  SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=BIND_RT))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=h, MinDepth=0, MaxDepth=1)])  # noqa: F405
    return dev, ctx, rt


def buffer(dev, data, bind, misc=0):
    data = np.ascontiguousarray(data)
    return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, MiscFlags=misc),  # noqa: F405
                            D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405


def verts(*rows):
    return np.array(rows, np.float32)


def query(dev, kind):
    return dev.CreateQuery(D3D11_QUERY_DESC(Query=kind))  # noqa: F405


def test_draw_triangle_and_read_back():
    dev, ctx, rt = setup()
    c = (0.25, 0.5, 0.75, 1.0)
    vb = buffer(dev, verts([-1, -1, 0.5, 1, *c], [-1, 3, 0.5, 1, *c], [3, -1, 0.5, 1, *c]), BIND_VB)
    ctx.IASetVertexBuffers(0, 1, [vb], [32], [0])
    ctx.IASetPrimitiveTopology(TRIANGLELIST)
    stats_q, occ_q = query(dev, 4), query(dev, 1)
    ctx.Begin(stats_q)
    ctx.Begin(occ_q)
    ctx.Draw(3, 0)
    ctx.End(occ_q)
    ctx.End(stats_q)
    img = texture_to_numpy(ctx, rt)
    assert img.shape == (4, 4, 4) and np.all(img == np.float32(c))
    assert int(ctx.GetData(occ_q)) == 16
    s = ctx.GetData(stats_q)
    assert (s.IAVertices, s.IAPrimitives, s.VSInvocations, s.CInvocations, s.CPrimitives, s.PSInvocations) == \
        (3, 1, 3, 1, 1, 16)


def test_draw_indexed_with_strip_cut():
    dev, ctx, rt = setup(8, 4)
    red, green = (1, 0, 0, 1), (0, 1, 0, 1)
    # Left half (x in [-1, 0]) as a strip of two triangles, cut, right half likewise.
    v = verts([-1, 1, 0, 1, *red], [0, 1, 0, 1, *red], [-1, -1, 0, 1, *red], [0, -1, 0, 1, *red],
              [0, 1, 0, 1, *green], [1, 1, 0, 1, *green], [0, -1, 0, 1, *green], [1, -1, 0, 1, *green])
    ctx.IASetVertexBuffers(0, 1, [buffer(dev, v, BIND_VB)], [32], [0])
    ctx.IASetIndexBuffer(buffer(dev, np.array([0, 1, 2, 3, 0xFFFF, 4, 5, 6, 7], np.uint16), BIND_IB), R16_UINT, 0)
    ctx.IASetPrimitiveTopology(TRIANGLESTRIP)
    q = query(dev, 4)
    ctx.Begin(q)
    ctx.DrawIndexed(9, 0, 0)
    ctx.End(q)
    img = texture_to_numpy(ctx, rt)
    assert np.all(img[:, :4] == np.float32(red)) and np.all(img[:, 4:] == np.float32(green))
    s = ctx.GetData(q)
    assert s.IAPrimitives == 4 and s.IAVertices == 8  # the cut index is not a vertex; 2 + 2 triangles


VS_INSTANCED = """vs_4_0
dcl_input v0.xy
dcl_input v1.x
dcl_input v2.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
add o0.x, v0.x, v1.x
mov o0.y, v0.y
mov o0.zw, l(0, 0, 0, 1.0)
mov o1.xyzw, v2.xyzw
ret
"""


def _instanced(dev_ctx_rt=None):
    layout = [("TEXCOORD", 0, R32G32_FLOAT, 0, 0, 0, 0),  # per vertex
              ("TEXCOORD", 1, R32_FLOAT, 1, 0, 1, 1),  # per instance, step 1: x offset
              ("TEXCOORD", 2, R32G32B32A32_FLOAT, 2, 0, 1, 2)]  # per instance, step 2: colour
    dev, ctx, rt = setup(4, 1, vs=VS_INSTANCED, layout=layout)
    point = verts([-0.75, 0])  # pixel 0 centre
    offsets = np.array([0.0, 0.5, 1.0, 1.5], np.float32)  # +0.5 NDC = one pixel
    colors = verts([1, 0, 0, 1], [0, 0, 1, 1])
    ctx.IASetVertexBuffers(0, 3, [buffer(dev, point, BIND_VB), buffer(dev, offsets, BIND_VB),
                                  buffer(dev, colors, BIND_VB)], [8, 4, 16], [0, 0, 0])
    ctx.IASetPrimitiveTopology(POINTLIST)
    return dev, ctx, rt


def test_instancing_with_step_rates():
    dev, ctx, rt = _instanced()
    ctx.DrawInstanced(1, 4, 0, 0)
    img = texture_to_numpy(ctx, rt)[0]
    np.testing.assert_array_equal(img, verts([1, 0, 0, 1], [1, 0, 0, 1], [0, 0, 1, 1], [0, 0, 1, 1]))


def test_draw_instanced_indirect():
    dev, ctx, rt = _instanced()
    args = buffer(dev, np.array([1, 2, 0, 1], np.uint32), 0, MISC_DRAWINDIRECT_ARGS)
    ctx.DrawInstancedIndirect(args, 0)  # 1 vertex, 2 instances from instance 1
    img = texture_to_numpy(ctx, rt)[0]
    # Per-instance element = StartInstanceLocation + InstanceID / step rate (§8.5 fetch pseudo-code):
    # instance 0 -> offset[1], colour[1]; instance 1 -> offset[2], colour[1 + 1 // 2 = 1].
    np.testing.assert_array_equal(img, verts([0, 0, 0, 0], [0, 0, 1, 1], [0, 0, 1, 1], [0, 0, 0, 0]))


def test_stream_output_and_so_statistics():
    dev, ctx, rt = setup(4, 1)
    vsb = assemble_shader(VS_POS_COLOR)
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="TEXCOORD", SemanticIndex=0,  # noqa: F405
                                       StartComponent=0, ComponentCount=4, OutputSlot=0)]
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(vsb, None, decl, 1, [16], 1, 0xFFFFFFFF))
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16 * 4, BindFlags=BIND_SO))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    v = verts(*[[x, 0, 0, 1, x, 1, 2, 3] for x in (-0.75, -0.25, 0.25, 0.75, 0.9)])
    ctx.IASetVertexBuffers(0, 1, [buffer(dev, v, BIND_VB)], [32], [0])
    ctx.IASetPrimitiveTopology(POINTLIST)
    q = query(dev, 6)
    ctx.Begin(q)
    ctx.Draw(5, 0)
    ctx.End(q)
    r = ctx.GetData(q)
    assert (r.NumPrimitivesWritten, r.PrimitivesStorageNeeded) == (4, 5)  # room for 4 float4 vertices
    got = np.ascontiguousarray(texture_to_numpy(ctx, so)).view(np.float32).reshape(4, 4)
    np.testing.assert_array_equal(got, v[:4, 4:])  # TEXCOORD0 = o1 of each vertex, in order
    assert not texture_to_numpy(ctx, rt).any()  # RasterizedStream = NO_RASTERIZED_STREAM


PS_SAMPLE = """ps_4_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
mul r0.xy, v0.xyxx, l(0.5, 0.5, 0, 0)
sample o0.xyzw, r0.xyxx, t0.xyzw, s0
ret
"""


def test_texture_sampling_through_srv_and_sampler():
    dev, ctx, rt = setup(2, 2, ps=PS_SAMPLE)
    texels = np.array([[[255, 0, 0, 255], [0, 255, 0, 255]], [[0, 0, 255, 255], [255, 255, 255, 255]]], np.uint8)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=R8G8B8A8_UNORM, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                   BindFlags=BIND_SRV),
                              D3D11_SUBRESOURCE_DATA(pSysMem=texels.tobytes(), SysMemPitch=8))  # noqa: F405
    ctx.PSSetShaderResources(0, 1, [dev.CreateShaderResourceView(tex)])
    smp = dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=0, AddressU=3, AddressV=3, AddressW=3,  # noqa: F405
                                                    ComparisonFunc=1, MaxLOD=3.4e38))
    ctx.PSSetSamplers(0, 1, [smp])
    c = (0, 0, 0, 1)
    vb = buffer(dev, verts([-1, -1, 0.5, 1, *c], [-1, 3, 0.5, 1, *c], [3, -1, 0.5, 1, *c]), BIND_VB)
    ctx.IASetVertexBuffers(0, 1, [vb], [32], [0])
    ctx.IASetPrimitiveTopology(TRIANGLELIST)
    ctx.Draw(3, 0)
    # Point filter at the pixel centre's normalised coordinate picks the texel under it.
    np.testing.assert_array_equal(texture_to_numpy(ctx, rt), texels.astype(np.float32) / 255)


def test_a_stream_output_target_rebound_between_identical_draws():
    """Two identical draws with SOSetTargets between them (the draw plan's fingerprint holds the SO targets and
    offsets, api/draw_plan.py): the first draw's vertices land in the first buffer, the second's in the second;
    then the second buffer bound again at an offset of 16 bytes appends after its first vertex."""
    dev, ctx, rt = setup(4, 1)
    vsb = assemble_shader(VS_POS_COLOR)
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="TEXCOORD", SemanticIndex=0,  # noqa: F405
                                       StartComponent=0, ComponentCount=4, OutputSlot=0)]
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(vsb, None, decl, 1, [16], 1, 0xFFFFFFFF))
    a, b = (dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16 * 4, BindFlags=BIND_SO)) for _ in range(2))  # noqa: F405
    v = verts(*[[x, 0, 0, 1, x, 1, 2, 3] for x in (-0.75, -0.25)])
    ctx.IASetVertexBuffers(0, 1, [buffer(dev, v, BIND_VB)], [32], [0])
    ctx.IASetPrimitiveTopology(POINTLIST)

    def words(buf):
        return np.ascontiguousarray(texture_to_numpy(ctx, buf)).view(np.float32).reshape(4, 4)

    ctx.SOSetTargets(1, [a], [0])
    ctx.Draw(1, 0)
    ctx.SOSetTargets(1, [b], [0])
    ctx.Draw(1, 0)
    np.testing.assert_array_equal(words(a)[0], v[0, 4:])
    np.testing.assert_array_equal(words(b)[0], v[0, 4:])
    assert not words(a)[1:].any() and not words(b)[1:].any()
    ctx.SOSetTargets(1, [b], [16])
    ctx.Draw(1, 1)
    np.testing.assert_array_equal(words(b)[:2], v[:2, 4:])
