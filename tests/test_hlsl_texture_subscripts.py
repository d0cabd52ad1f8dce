"""``Texture2D.mips[level][pos]`` and ``Texture2DMS.sample[index][pos]`` compiled from HLSL and run
through the API (compute shader copying the texels into a raw buffer)."""

from __future__ import annotations

import numpy as np

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *  # noqa: F403


def _run(dev, ctx, src: str, srv, n_words: int) -> np.ndarray:
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n_words, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n_words, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetShaderResources(0, 1, [srv])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n_words, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, out)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:n_words].copy()
    ctx.Unmap(staging, 0)
    return words


def test_mips_subscript_reads_the_requested_level():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    mip0 = np.arange(16, dtype=np.uint32).reshape(4, 4)
    mip1 = np.array([[100, 101], [102, 103]], np.uint32)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=2, ArraySize=1, Format=DXGI_FORMAT_R32_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=mip0, SysMemPitch=16), D3D11_SUBRESOURCE_DATA(pSysMem=mip1, SysMemPitch=8)])
    srv = dev.CreateShaderResourceView(tex, None)
    src = """
    Texture2D<uint> t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint l = 1;
        o.Store4(0, uint4(t.mips[0][uint2(3, 2)], t.mips[l][uint2(1, 0)], t.mips[1][uint2(0, 1)], t[uint2(1, 1)]));
    }"""
    assert _run(dev, ctx, src, srv, 4).tolist() == [mip0[2, 3], mip1[0, 1], mip1[1, 0], mip0[1, 1]]


def test_sample_subscript_reads_one_sample_of_a_multisampled_texture():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=2, Height=2, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET))
    rtv = dev.CreateRenderTargetView(tex, None)
    ctx.ClearRenderTargetView(rtv, [0.25, 0.5, 0.75, 1.0])
    srv = dev.CreateShaderResourceView(tex, None)
    src = """
    Texture2DMS<float4, 4> t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() { o.Store4(0, asuint(t.sample[3][uint2(1, 1)])); }"""
    got = _run(dev, ctx, src, srv, 4).view(np.float32)
    assert got.tolist() == [0.25, 0.5, 0.75, 1.0]
    from pyd3d11.shader.dxbc.disasm import disassemble

    listing = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")))
    assert any(ln.startswith("ldms") and ln.rstrip().endswith("l(3)") for ln in listing.splitlines())


def test_texture_cube_get_dimensions_with_a_mip_level():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=8, Height=8, MipLevels=3, ArraySize=6, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE,
        MiscFlags=D3D11_RESOURCE_MISC_TEXTURECUBE))
    srv = dev.CreateShaderResourceView(tex, None)
    src = """
    TextureCube t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint w, h, n; float fw, fh;
        t.GetDimensions(1, w, h, n);
        t.GetDimensions(fw, fh);
        o.Store4(0, uint4(w, h, n, fw + fh));
    }"""
    assert _run(dev, ctx, src, srv, 4).tolist() == [4, 4, 3, 16]


def test_sample_grad_on_a_texture_array_takes_two_component_gradients():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    # two slices, two mips; every texel of (slice s, mip m) holds 10 * s + m
    data = []
    for s in range(2):
        for m, size in enumerate((4, 2)):
            data.append(D3D11_SUBRESOURCE_DATA(pSysMem=np.full((size, size), 10 * s + m, np.float32),
                                               SysMemPitch=4 * size))
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=2, ArraySize=2, Format=DXGI_FORMAT_R32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE), data)
    srv = dev.CreateShaderResourceView(tex, None)
    sampler = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP,
        AddressV=D3D11_TEXTURE_ADDRESS_CLAMP, AddressW=D3D11_TEXTURE_ADDRESS_CLAMP, MaxLOD=1000))
    ctx.CSSetSamplers(0, 1, [sampler])
    src = """
    Texture2DArray<float> t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        // a gradient of half the texture per pixel selects mip 1 (lod = log2(0.5 * 4) = 1)
        float a = t.SampleGrad(s, float3(0.3, 0.6, 1), float2(0.5, 0), float2(0, 0.5));
        float b = t.SampleGrad(s, float3(0.3, 0.6, 0), float2(0.01, 0), float2(0, 0.01));
        o.Store2(0, asuint(float2(a, b)));
    }"""
    assert _run(dev, ctx, src, srv, 2).view(np.float32).tolist() == [11.0, 0.0]


def test_unorm_and_snorm_element_modifiers_set_the_return_type():
    from pyd3d11.d3dcompiler import D3DReflect
    from pyd3d11.errors import D3D11Error
    from pyd3d11.shader.dxbc.disasm import disassemble

    src = """RWTexture2D<unorm float4> u; Buffer<snorm float2> t;
    [numthreads(1, 1, 1)] void main(uint2 i : SV_DispatchThreadID) { u[i] = t[i.x].xyxy; }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0"))
    listing = disassemble(blob)
    assert "dcl_resource_buffer (snorm,snorm,snorm,snorm) t0" in listing
    assert "dcl_uav_typed_texture2d (unorm,unorm,unorm,unorm) u0" in listing
    refl = D3DReflect(blob)
    assert refl.GetResourceBindingDescByName("u").ReturnType == D3D_RETURN_TYPE_UNORM
    assert refl.GetResourceBindingDescByName("t").ReturnType == D3D_RETURN_TYPE_SNORM
    try:
        D3DCompile("Buffer<unorm int> b; float4 main() : SV_Target { return b[0]; }", None, "t", None, None, "main",
                   "ps_5_0")
    except D3D11Error as exc:
        assert "unorm" in str(exc)
    else:
        raise AssertionError("unorm int must not compile")
