"""Resources with known contents and a compute dispatch that evaluates one HLSL expression per thread (issue 15,
tests/test_hlsl_docs_objects_*.py). Every texel of a texture is ``x + 32 y + 1024 (z + slice) + 8192 mip + c/4``
for channel c (R32G32B32A32_FLOAT; exact in float32), so a numpy model of the texture (``model[mip]``: (slices,
depth, height, width, 4)) gives the expected value of any addressing rule independently of the code under test."""

from __future__ import annotations

import numpy as np
from api_compute_kit import read_buffer_bytes

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile

F4 = d.DXGI_FORMAT_R32G32B32A32_FLOAT


def device():
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    return dev, ctx


def texel_values(mip: int, slices: int, depth: int, h: int, w: int) -> np.ndarray:
    s, z, y, x, c = np.meshgrid(np.arange(slices), np.arange(depth), np.arange(h), np.arange(w), np.arange(4),
                                indexing="ij")
    return (x + 32 * y + 1024 * (z + s) + 8192 * mip + c / 4).astype(np.float32)


def make_texture(dev, kind: str, w: int, h: int = 1, n: int = 1, mips: int = 1):
    """(resource, SRV, model). ``kind``: 1d, 1darray, 2d, 2darray, 3d, cube, cubearray; ``n``: the array size
    (cubes: the number of cubes) or the depth of a 3D texture."""
    slices = {"cube": 6, "cubearray": 6 * n}.get(kind, n if kind in ("1darray", "2darray") else 1)
    model = []
    for m in range(mips):
        mw, mh = max(1, w >> m), max(1, h >> m)
        md = max(1, n >> m) if kind == "3d" else 1
        model.append(texel_values(m, slices, md, mh, mw))
    init = []
    if kind == "3d":
        for m in range(mips):
            a = model[m][0]
            init.append(d.D3D11_SUBRESOURCE_DATA(pSysMem=a.tobytes(), SysMemPitch=a.shape[2] * 16,
                                                 SysMemSlicePitch=a.shape[1] * a.shape[2] * 16))
    else:
        for s in range(slices):
            for m in range(mips):
                a = model[m][s, 0]
                init.append(d.D3D11_SUBRESOURCE_DATA(pSysMem=a.tobytes(), SysMemPitch=a.shape[1] * 16))
    bind = d.D3D11_BIND_SHADER_RESOURCE
    if kind in ("1d", "1darray"):
        res = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=w, MipLevels=mips, ArraySize=slices, Format=F4,
                                                         BindFlags=bind), init)
    elif kind == "3d":
        res = dev.CreateTexture3D(d.D3D11_TEXTURE3D_DESC(Width=w, Height=h, Depth=n, MipLevels=mips, Format=F4,
                                                         BindFlags=bind), init)
    else:
        misc = d.D3D11_RESOURCE_MISC_TEXTURECUBE if kind.startswith("cube") else 0
        res = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=mips, ArraySize=slices,
                                                         Format=F4, SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                         BindFlags=bind, MiscFlags=misc), init)
    view = None
    if kind == "cubearray":
        view = d.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=F4, ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURECUBEARRAY,
                                                 TextureCubeArray=d.D3D11_TEXCUBE_ARRAY_SRV(
                                                     MostDetailedMip=0, MipLevels=mips, First2DArrayFace=0,
                                                     NumCubes=n))
    elif kind in ("1darray", "2darray") and n == 1:
        dim = d.D3D11_SRV_DIMENSION_TEXTURE1DARRAY if kind == "1darray" else d.D3D11_SRV_DIMENSION_TEXTURE2DARRAY
        view = d.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=F4, ViewDimension=dim)
        sub = d.D3D11_TEX1D_ARRAY_SRV(MipLevels=mips, ArraySize=1) if kind == "1darray" else \
            d.D3D11_TEX2D_ARRAY_SRV(MipLevels=mips, ArraySize=1)
        setattr(view, "Texture1DArray" if kind == "1darray" else "Texture2DArray", sub)
    return res, dev.CreateShaderResourceView(res, view), model


def sampler(dev, filt=d.D3D11_FILTER_MIN_MAG_MIP_POINT, address=d.D3D11_TEXTURE_ADDRESS_WRAP,
            cmp=d.D3D11_COMPARISON_NEVER):
    return dev.CreateSamplerState(d.D3D11_SAMPLER_DESC(Filter=filt, AddressU=address, AddressV=address,
                                                       AddressW=address, ComparisonFunc=cmp, MaxLOD=3.4e38))


def raw_buffer(dev, words: np.ndarray, uav: bool = True):
    """A raw (byte-address) buffer holding ``words``; returns (buffer, view): a UAV or an SRV."""
    words = np.ascontiguousarray(words, np.uint32)
    bind = d.D3D11_BIND_UNORDERED_ACCESS if uav else d.D3D11_BIND_SHADER_RESOURCE
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=4 * len(words), BindFlags=bind,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=words.tobytes()))
    if uav:
        return buf, dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=d.DXGI_FORMAT_R32_TYPELESS, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
            Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=len(words), Flags=d.D3D11_BUFFER_UAV_FLAG_RAW)))
    return buf, dev.CreateShaderResourceView(buf, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=d.DXGI_FORMAT_R32_TYPELESS, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFEREX,
        BufferEx=d.D3D11_BUFFEREX_SRV(FirstElement=0, NumElements=len(words), Flags=d.D3D11_BUFFEREX_SRV_FLAG_RAW)))


def structured_buffer(dev, data: np.ndarray, stride: int, uav: bool = False, counter: bool = False,
                      append: bool = False):
    data = np.ascontiguousarray(data)
    n = data.nbytes // stride
    bind = d.D3D11_BIND_UNORDERED_ACCESS if uav else d.D3D11_BIND_SHADER_RESOURCE
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                               StructureByteStride=stride),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))
    if uav:
        flags = d.D3D11_BUFFER_UAV_FLAG_APPEND if append else (d.D3D11_BUFFER_UAV_FLAG_COUNTER if counter else 0)
        return buf, dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
            Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=flags)))
    return buf, dev.CreateShaderResourceView(buf, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_SRV(FirstElement=0, NumElements=n)))


def read_buffer(dev, ctx, buf, nbytes: int) -> np.ndarray:
    """The buffer's first ``nbytes`` bytes as 32-bit words."""
    return read_buffer_bytes(dev, ctx, buf, nbytes)[: nbytes // 4 * 4].view(np.uint32)


def run_threads(dev, ctx, decls: str, body: str, params: np.ndarray, srvs=(), uavs=(), samplers=(),
                initial_counts=None) -> np.ndarray:
    """Dispatch one thread per row of ``params`` ((N, 4) int32, readable as ``q``: StructuredBuffer<int4> at t7)
    running ``body``, which assigns ``uint4 r``; returns (N, 4) uint32 of each thread's ``r`` (RWStructuredBuffer
    at u7). ``decls``: the resource declarations; ``srvs``/``uavs``/``samplers`` bound from slot 0."""
    params = np.ascontiguousarray(params, np.int32).reshape(-1, 4)
    n = len(params)
    _, pview = structured_buffer(dev, params, 16)
    obuf, oview = structured_buffer(dev, np.zeros((n, 4), np.uint32), 16, uav=True)
    src = (f"{decls}\nStructuredBuffer<int4> _p : register(t7);\nRWStructuredBuffer<uint4> _o : register(u7);\n"
           f"[numthreads({n}, 1, 1)] void main(uint _i : SV_DispatchThreadID) {{\n  int4 q = _p[_i];\n"
           f"  uint4 r = 0;\n{body}\n  _o[_i] = r;\n}}\n")
    cs = D3DCompile(src, None, "objects.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    if srvs:
        ctx.CSSetShaderResources(0, len(srvs), list(srvs))
    ctx.CSSetShaderResources(7, 1, [pview])
    if samplers:
        ctx.CSSetSamplers(0, len(samplers), list(samplers))
    views = list(uavs) + [None] * (7 - len(uavs)) + [oview]
    counts = list(initial_counts or []) + [0xFFFFFFFF] * (8 - len(initial_counts or []))
    ctx.CSSetUnorderedAccessViews(0, 8, views, counts)
    ctx.Dispatch(1, 1, 1)
    ctx.CSSetUnorderedAccessViews(0, 8, [None] * 8, None)
    ctx.CSSetShaderResources(0, 8, [None] * 8)
    return read_buffer(dev, ctx, obuf, 16 * n).reshape(n, 4)


_FULLSCREEN_VS = """void main(uint id : SV_VertexID, out float4 pos : SV_Position) {
    pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }"""


def run_pixels(dev, ctx, decls: str, body: str, w: int, h: int, srvs=(), samplers=(), samples: int = 1,
               profile: str = "ps_5_0") -> np.ndarray:
    """Draw a full-screen triangle over a ``w`` x ``h`` R32G32B32A32_UINT target (``samples`` per pixel) whose pixel
    shader runs ``body`` with ``float4 pos : SV_Position`` (and ``uint si : SV_SampleIndex`` when ``samples`` > 1,
    which makes it run per sample) and assigns ``uint4 r``. Returns (samples, h, w, 4) uint32."""
    from pyd3d11.api.convenience import texture_to_numpy

    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32G32B32A32_UINT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=samples),
                                                     BindFlags=d.D3D11_BIND_RENDER_TARGET))
    sv = ", uint si : SV_SampleIndex" if samples > 1 else ""
    ps_src = f"{decls}\nuint4 main(float4 pos : SV_Position{sv}) : SV_Target {{\n  uint4 r = 0;\n{body}\n  return r;\n}}\n"
    vs = D3DCompile(_FULLSCREEN_VS, None, "vs.hlsl", None, None, "main", "vs_5_0" if profile.endswith("5_0")
                    else "vs_4_0")
    ps = D3DCompile(ps_src, None, "ps.hlsl", None, None, "main", profile)
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=h, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.IASetInputLayout(None)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    if srvs:
        ctx.PSSetShaderResources(0, len(srvs), list(srvs))
    if samplers:
        ctx.PSSetSamplers(0, len(samplers), list(samplers))
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    ctx.PSSetShaderResources(0, 8, [None] * 8)
    px = np.asarray(texture_to_numpy(ctx, tex))
    return px.reshape(samples, h, w, 4).astype(np.uint32)
