"""ExecutionTest.cpp's SaturateTest, OutOfBoundsTest, PartialDerivTest, BasicTriangleTest and BasicTriangleOpTest:
their vertex and pixel shaders (ShaderOpArith.xml's ops; BasicTriangleTest's C++ literal) compiled as vs_5_0 /
ps_5_0 and drawn on both shader backends (issue 15). Resources are laid out as the shader op declares them (the same
vertex buffer of two triangles covering the viewport, the same constant-buffer and texture bytes); the expectations
restate the C++ (PartialDerivTest and the triangle tests: their own docstrings):

- SaturateTest: pixel column x stores saturate() of the x-th constant (-inf, -1.5, -denorm, -0, 0, denorm, 1.5, inf,
  NaN) to g_buf[x]; the C++ expects 0, 0, 0, 0, 0, 0, 1, 1, 0 compared with ``ifdenorm_flushf_eq`` (a denormal and
  the zero of its sign are equal, and -0 == 0). D3D11 shares the pixel shader's u# and o# slots (the D3D12 op binds
  both), and fxc refuses a UAV at u0 beside SV_Target (X4509 "UAV registers live in the same name space as outputs,
  so they must be bound to at least u1"; d3dcompiler_47 10.1 under Wine, session 36): the test moves g_buf to u1
  and binds no render target -- the shader's SV_Target goes nowhere.
- OutOfBoundsTest: Texture1D<float>.Load at a float index (converted to int2 location + mip): index 0 reads texel 0
  (1.0), index 100 is outside the texture (mip 100) and reads 0 (D3D11.3 §22.4, ``ld``: an address outside the
  resource or its mip chain returns 0);
  the first pixel of the R8G8B8A8_UNORM target is 0xff0000ff."""

from __future__ import annotations

import math

import dxc_exec_tables as T
import numpy as np
import pytest
from api_compute_kit import read_buffer_bytes

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile

if not T.available():
    pytest.skip(f"no DirectXShaderCompiler checkout at {T.REPO} (set PYD3D11_DXC_REPO)", allow_module_level=True)

# the shader ops' VBuffer: "1 1 0, 1 -1 0, -1 -1 0, -1 1 0, 1 1 0, -1 -1 0" (R32G32B32_FLOAT POSITION)
_QUAD = np.array([1, 1, 0, 1, -1, 0, -1, -1, 0, -1, 1, 0, 1, 1, 0, -1, -1, 0], np.float32)


def _setup(op: str, w: int, h: int, edit=None):
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    src = T.read_shader_op_text(op, "PS")
    if edit is not None:
        src = edit(src)
    vs = D3DCompile(src, None, f"{op}.hlsl", None, None, "VSMain", "vs_5_0")
    ps = D3DCompile(src, None, f"{op}.hlsl", None, None, "PSMain", "ps_5_0")
    layout = dev.CreateInputLayout([d.D3D11_INPUT_ELEMENT_DESC(SemanticName="POSITION", SemanticIndex=0,
                                                               Format=d.DXGI_FORMAT_R32G32B32_FLOAT, InputSlot=0,
                                                               AlignedByteOffset=0)], 1, vs, len(vs))
    vb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=_QUAD.nbytes, BindFlags=d.D3D11_BIND_VERTEX_BUFFER),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=_QUAD.tobytes()))
    ctx.IASetInputLayout(layout)
    ctx.IASetVertexBuffers(0, 1, [vb], [12], [0])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=h, MinDepth=0, MaxDepth=1)])
    return dev, ctx


def _cbuffer(dev, floats: list[float], size: int):
    data = np.zeros(size // 4, np.float32)
    data[:len(floats)] = floats
    return dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=size, BindFlags=d.D3D11_BIND_CONSTANT_BUFFER),
                            d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))


def _flush(x: float) -> float:
    return math.copysign(0.0, x) if x != 0 and abs(x) < T.FLT_MIN else x


def test_saturate():
    def to_u1(src: str) -> str:
        assert src.count("register(u0)") == 1
        return src.replace("register(u0)", "register(u1)")

    dev, ctx = _setup("Saturate", 64, 64, to_u1)
    consts = [-math.inf, -1.5, -T.FLT_MIN / 2, -0.0, 0.0, T.FLT_MIN / 2, 1.5, math.inf, math.nan]
    ctx.PSSetConstantBuffers(0, 1, [_cbuffer(dev, consts, 256)])
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=1280, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                               StructureByteStride=4))
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=320)))
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(0, None, None, 1, 1, [uav], None)
    ctx.Draw(6, 0)
    out = read_buffer_bytes(dev, ctx, buf, 1280).view(np.float32)
    expected = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0]
    assert [_flush(float(v)) == e for v, e in zip(out[:9], expected)] == [True] * 9, out[:9]
    # columns 9..63 take the default case (val = x) and the rest stays zero: the draw covered the 64 columns
    assert out[9:64].tolist() == list(range(9, 64)) and not out[64:].any()


def test_out_of_bounds_load():
    dev, ctx = _setup("OOB", 320, 200)
    ctx.PSSetConstantBuffers(0, 1, [_cbuffer(dev, [1.0, 0.0, 100.0], 16)])
    texels = np.array([1.0, 0.5, 1.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0],
                      np.float32)
    tex = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=16, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32_FLOAT,
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=texels.tobytes())])
    ctx.PSSetShaderResources(0, 1, [dev.CreateShaderResourceView(tex, None)])
    rt = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=320, Height=200, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R8G8B8A8_UNORM,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    BindFlags=d.D3D11_BIND_RENDER_TARGET))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt, None)], None)
    ctx.Draw(6, 0)
    px = _read_rgba8(dev, ctx, rt, 320, 200)
    assert int(px[0, 0]) == 0xFF0000FF
    assert (px == 0xFF0000FF).all()  # every pixel computes the same (the C++ reads the first)


def test_partial_derivatives():
    """PartialDerivTest (ShaderOp DerivFine): each pixel loads texel (x % 4, y % 4) of a 4x4 R32_FLOAT texture and
    writes ddx_fine, ddy_fine, ddx_coarse, ddy_coarse of it; the C++ reads the pixel at index
    width*height/2 - width/2 = (32, 31). D3D12 SM 6.0 leaves the 2x2 grouping open, so the C++ accepts either
    neighbour; D3D11 groups pixels in 2x2 quads at even coordinates (the fine derivatives of (32, 31) are
    v(33, 31) - v(32, 31) = 512 - 256 and v(32, 31) - v(32, 30) = 256 - 32): the fine values are checked against
    that one answer, the coarse ones against the C++'s alternatives for that quad position (D3D11 does not say
    which row or column of the quad a coarse derivative uses)."""
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    vs = D3DCompile(T.read_shader_op_text("DerivFine", "VS"), None, "vs.hlsl", None, None, "main", "vs_5_0")
    ps = D3DCompile(T.read_shader_op_text("DerivFine", "PS"), None, "ps.hlsl", None, None, "main", "ps_5_0")
    elems = [d.D3D11_INPUT_ELEMENT_DESC(SemanticName="POSITION", SemanticIndex=0, Format=d.DXGI_FORMAT_R32G32B32_FLOAT,
                                        InputSlot=0, AlignedByteOffset=0),
             d.D3D11_INPUT_ELEMENT_DESC(SemanticName="TEXCOORD", SemanticIndex=0, Format=d.DXGI_FORMAT_R32G32_FLOAT,
                                        InputSlot=0, AlignedByteOffset=12)]
    verts = np.array([-1, 1, 0, 0, 0, 1, 1, 0, 1, 0, -1, -1, 0, 0, 1,
                      -1, -1, 0, 0, 1, 1, 1, 0, 1, 0, 1, -1, 0, 1, 1], np.float32)
    vb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=d.D3D11_BIND_VERTEX_BUFFER),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=verts.tobytes()))
    texels = np.array([[.125, .25, .5, 1], [2, 4, 16, 32], [32, 64, 128, 256], [256, 512, 1024, 2048]], np.float32)
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32_FLOAT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              d.D3D11_SUBRESOURCE_DATA(pSysMem=texels.tobytes(), SysMemPitch=16))
    rt = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=64, Height=64, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    BindFlags=d.D3D11_BIND_RENDER_TARGET))
    ctx.IASetInputLayout(dev.CreateInputLayout(elems, 2, vs, len(vs)))
    ctx.IASetVertexBuffers(0, 1, [vb], [20], [0])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.PSSetShaderResources(0, 1, [dev.CreateShaderResourceView(tex, None)])
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt, None)], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=64, Height=64, MinDepth=0, MaxDepth=1)])
    ctx.Draw(6, 0)
    st = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=64, Height=64, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    Usage=d.D3D11_USAGE_STAGING, CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, rt)
    m = ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
    rows = np.frombuffer(m.pData, np.uint8)[:m.RowPitch * 64].reshape(64, m.RowPitch)
    px = np.ascontiguousarray(rows[:, :64 * 16]).view(np.float32).reshape(64, 64, 4)
    ctx.Unmap(st, 0)
    center = 64 * 64 // 2 - 64 // 2
    dxf, dyf, dxc, dyc = px[center // 64, center % 64]
    ulp1 = lambda a, b: T.compare_float(a, np.float32(b), "ulp", 1, "any")  # noqa: E731
    assert ulp1(dxf, 256.0) and ulp1(dyf, 224.0), (dxf, dyf)
    assert (ulp1(dxc, 256.0) or ulp1(dxc, 32.0)) and (ulp1(dyc, 224.0) or ulp1(dyc, 448.0)), (dxc, dyc)


def _draw_triangle(vs_src: str, vs_entry: str, ps_src: str, ps_entry: str, verts: np.ndarray) -> np.ndarray:
    """One triangle (POSITION float3 + COLOR float4 vertices) over a 320x200 R8G8B8A8_UNORM target cleared to
    (0, 0.2, 0.4, 1) (the clear colour of RecordRenderAndReadback and ShaderOpTest.cpp); the target's pixels."""
    w, h = 320, 200
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    vs = D3DCompile(vs_src, None, "tri_vs.hlsl", None, None, vs_entry, "vs_5_0")
    ps = D3DCompile(ps_src, None, "tri_ps.hlsl", None, None, ps_entry, "ps_5_0")
    elems = [d.D3D11_INPUT_ELEMENT_DESC(SemanticName="POSITION", SemanticIndex=0, Format=d.DXGI_FORMAT_R32G32B32_FLOAT,
                                        InputSlot=0, AlignedByteOffset=0),
             d.D3D11_INPUT_ELEMENT_DESC(SemanticName="COLOR", SemanticIndex=0,
                                        Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT, InputSlot=0, AlignedByteOffset=12)]
    vb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=d.D3D11_BIND_VERTEX_BUFFER),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=verts.tobytes()))
    rt = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R8G8B8A8_UNORM,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    BindFlags=d.D3D11_BIND_RENDER_TARGET))
    rtv = dev.CreateRenderTargetView(rt, None)
    ctx.ClearRenderTargetView(rtv, [0.0, 0.2, 0.4, 1.0])
    ctx.IASetInputLayout(dev.CreateInputLayout(elems, 2, vs, len(vs)))
    ctx.IASetVertexBuffers(0, 1, [vb], [28], [0])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.OMSetRenderTargets(1, [rtv], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=h, MinDepth=0, MaxDepth=1)])
    ctx.Draw(3, 0)
    return _read_rgba8(dev, ctx, rt, w, h)


def test_basic_triangle():
    """BasicTriangleTest: its C++ shader literal (VSMain/PSMain) draws one white triangle of the listed vertices
    (y scaled by the aspect ratio on the CPU); the C++ expects the top-centre pixel to keep the clear colour,
    0xff663300, and the centre pixel to be 0xffffffff."""
    src = T.cpp_shader(T.read_exec_cpp(), "BasicTriangleTest", "pShaders")
    a = 320 / 200
    verts = np.array([0.0, 0.25 * a, 0.0, 1, 0, 0, 1, 0.25, -0.25 * a, 0.0, 0, 1, 0, 1,
                      -0.25, -0.25 * a, 0.0, 0, 0, 1, 1], np.float32)
    px = _draw_triangle(src, "VSMain", src, "PSMain", verts)
    assert int(px[0, 160]) == 0xFF663300
    assert int(px[100, 160]) == 0xFFFFFFFF


def test_basic_triangle_op():
    """BasicTriangleOpTest (ShaderOp Triangle): the same triangle with the y scaling in the vertex shader; the same
    two pixels checked (BasicTriangleTestSetup)."""
    verts = np.array([0.0, 0.25, 0.0, 1, 0, 0, 1, 0.25, -0.25, 0.0, 0, 1, 0, 1,
                      -0.25, -0.25, 0.0, 0, 0, 1, 1], np.float32)
    px = _draw_triangle(T.read_shader_op_text("Triangle", "VS"), "main", T.read_shader_op_text("Triangle", "PS"),
                        "main", verts)
    assert int(px[0, 160]) == 0xFF663300
    assert int(px[100, 160]) == 0xFFFFFFFF


def _read_rgba8(dev, ctx, rt, w: int, h: int) -> np.ndarray:
    st = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R8G8B8A8_UNORM,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    Usage=d.D3D11_USAGE_STAGING, CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, rt)
    m = ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
    rows = np.frombuffer(m.pData, np.uint8)[:m.RowPitch * h].reshape(h, m.RowPitch)
    px = np.ascontiguousarray(rows[:, :w * 4]).view(np.uint32)
    ctx.Unmap(st, 0)
    return px
