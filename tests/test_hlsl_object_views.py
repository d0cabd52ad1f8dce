"""Object values and resource views, from their definitions (issue 15, objects).

Compile rules:
- an object variable, parameter, return value or aggregate member takes an object of its own kind and element
  type only (MicrosoftDocs direct3dhlsl "Texture-Object": a bare texture type is its float4 instantiation);
  fxc's X3017 "cannot implicitly convert" names any other pair (DXC SemaHLSL's fxc records of X3017);
- elements of typed buffers and textures fit four 32-bit words (DXC SemaHLSL template-checks' fxc record X3037);
  a double element that fits is not built (NotSupportedError where it is read or written, never an internal
  error; declared and unused it compiles).

Run-time rules (D3D11.3 functional spec), with expected values computed here from the texel contents:
- resinfo and ld address the view, not the resource (§22.4.14 "all aspects of this instruction are based on the
  characteristics of the resource view"): mip 0 of a view is its MostDetailedMip, array slice 0 its
  FirstArraySlice; the mip count is the view's; an out-of-range mip returns 0 sizes with the mip count kept
  (§22.4.14 restriction 4); ld outside the view's mips, slices or texels returns 0 (§22.4.6);
- bufinfo counts the view's elements (typed: elements of the view format; raw: bytes) (§22.4.1); ld/ld_structured/
  ld_raw read from the view's FirstElement, each 32-bit component out of bounds reads 0 (§22.4.10, §22.4.12);
- a multisample view of a single-sample texture: ld2dms reads sample 0, an out-of-range sample index reads 0,
  sampleinfo returns 1 and samplepos (0, 0) for the centre, a zero vector for an out-of-range index (§22.4.7,
  §22.4.21, §22.4.22; 19.2.4: the one-sample pattern is the pixel centre).
"""

from __future__ import annotations

import numpy as np
import pytest

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import NotSupportedError, ShaderCompileError

F32 = d.DXGI_FORMAT_R32_FLOAT


# --- object conversions ----------------------------------------------------------------------------------------

_PS = "float4 main(float4 p : SV_Position) : SV_Target {{ float4 r = 0; {body} return r; }}"

#: (declarations, body, accepted)
_CONVERSIONS = [
    ("Texture2D t; Texture3D u;", "Texture2D x = u; r = x.Load(int3(0, 0, 0));", False),
    ("Texture2D t;", "Texture2D x = t; r = x.Load(int3(0, 0, 0));", True),
    ("Texture2D<float4> t;", "Texture2D x = t; r = x.Load(int3(0, 0, 0));", True),
    ("Texture2D t;", "Texture2D<float4> x = t; r = x.Load(int3(0, 0, 0));", True),
    ("Texture2D<float4> t;", "Texture2D<float> x = t; r = x.Load(int3(0, 0, 0));", False),
    ("Texture2D<float> t;", "Texture2D x = t; r = x.Load(int3(0, 0, 0));", False),
    ("Texture2D<int4> t;", "Texture2D<uint4> x = t; r = x.Load(int3(0, 0, 0));", False),
    ("Buffer<float4> t; Buffer<float2> u;", "Buffer<float4> x = u; r = x[0];", False),
    ("Texture2D t; Texture2DArray u;", "Texture2D x = u; r = x.Load(int3(0, 0, 0));", False),
    ("Texture2D t; SamplerState s;", "Texture2D x = s; r = x.Load(int3(0, 0, 0));", False),
    ("Texture2D t; Texture3D u; Texture2D f() { return u; }", "r = f().Load(int3(0, 0, 0));", False),
    ("Texture2D t; Texture2D f() { return t; }", "r = f().Load(int3(0, 0, 0));", True),
    ("Texture2D<float> t; float4 f(Texture2D x) { return x.Load(int3(0, 0, 0)); }", "r = f(t);", False),
    ("Texture2D t; float4 f(Texture2D<float4> x) { return x.Load(int3(0, 0, 0)); }", "r = f(t);", True),
    ("Texture2D t; Texture3D u; struct S { Texture2D a; float b; };",
     "S v = {u, 1}; r = v.a.Load(int3(0, 0, 0));", False),
    ("Texture2D t; struct S { Texture2D a; float b; };", "S v = {t, 1}; r = v.a.Load(int3(0, 0, 0)) + v.b;", True),
    ("Texture2D t; Texture3D u; struct S { Texture2D a; };", "S v; v.a = u; r = v.a.Load(int3(0, 0, 0));", False),
    # the Direct3D 9 spellings keep their pairing with the sampler objects
    ("sampler s; Texture2D t;", "r = t.Sample(s, p.xy);", True),
    ("SamplerState s; Texture2D t; float4 f(sampler x) { return t.Sample(x, float2(0, 0)); }", "r = f(s);", True),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
@pytest.mark.parametrize("decl,body,ok", _CONVERSIONS)
def test_object_conversions(decl, body, ok, target):
    src = decl + "\n" + _PS.format(body=body)
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    else:
        with pytest.raises(ShaderCompileError) as e:
            D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        assert "X3017" in e.value.errors or "X3013" in e.value.errors


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", ["Texture2D<double> t;", "Buffer<double2> t;", "RWBuffer<double> t;"])
def test_double_elements_of_typed_resources_are_reported(decl):
    use = "t[0]" if "Buffer" in decl else "t.Load(int3(0, 0, 0))"
    src = decl + "\n" + _PS.format(body=f"r = (float){use}.x;")
    with pytest.raises(NotSupportedError):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    # declared and unused, it compiles (vkd3d uav-rwbuffer: ``RWBuffer<double2> u;`` in a [pixel shader])
    D3DCompile(decl + "\n" + _PS.format(body=""), None, "t.hlsl", None, None, "main", "ps_5_0")
    with pytest.raises(ShaderCompileError) as e:  # wider than four words: fxc's X3037
        D3DCompile("RWBuffer<double3> t;\n" + _PS.format(body="r = (float)t[0].x;"), None, "t.hlsl", None, None,
                   "main", "ps_5_0")
    assert "X3037" in e.value.errors


# --- views -------------------------------------------------------------------------------------------------------

def _device():
    dev, _fl, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
    return dev, ctx


def _run_cs(dev, ctx, src: str, srvs: list, n_words: int) -> np.ndarray:
    out = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=4 * n_words, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS,
                                               MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_R32_TYPELESS, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n_words, Flags=d.D3D11_BUFFER_UAV_FLAG_RAW)))
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetShaderResources(0, len(srvs), list(srvs))
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    staging = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=4 * n_words, Usage=d.D3D11_USAGE_STAGING,
                                                   CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, out)
    m = ctx.Map(staging, 0, d.D3D11_MAP_READ, 0)
    words = np.frombuffer(m.pData, np.uint32)[:n_words].copy()
    ctx.Unmap(staging, 0)
    return words


def _texel(x, y, mip, arr_slice):
    return x + 10 * y + 100 * mip + 1000 * arr_slice


def test_texture_view_with_most_detailed_mip_and_first_slice():
    dev, ctx = _device()
    w, h, mips, arr = 8, 4, 4, 5
    init = []
    for s in range(arr):
        for m in range(mips):
            mw, mh = max(1, w >> m), max(1, h >> m)
            a = np.array([[_texel(x, y, m, s) for x in range(mw)] for y in range(mh)], np.float32)
            init.append(d.D3D11_SUBRESOURCE_DATA(pSysMem=a.tobytes(), SysMemPitch=mw * 4))
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=mips, ArraySize=arr, Format=F32,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE), init)
    first_mip, n_mips, first_slice, n_slices = 1, 2, 2, 2
    srv = dev.CreateShaderResourceView(tex, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=F32, ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURE2DARRAY,
        Texture2DArray=d.D3D11_TEX2D_ARRAY_SRV(MostDetailedMip=first_mip, MipLevels=n_mips,
                                               FirstArraySlice=first_slice, ArraySize=n_slices)))
    src = """Texture2DArray<float> t : register(t0); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint a, b, c, e; t.GetDimensions(1, a, b, c, e); o.Store4(0, uint4(a, b, c, e));
        t.GetDimensions(0, a, b, c, e); o.Store4(16, uint4(a, b, c, e));
        t.GetDimensions(2, a, b, c, e); o.Store4(32, uint4(a, b, c, e));
        float fw, fh, fe; t.GetDimensions(fw, fh, fe); o.Store3(48, asuint(float3(fw, fh, fe)));
        o.Store4(60, asuint(float4(t.Load(int4(1, 1, 0, 0)), t.Load(int4(1, 1, 1, 1)), t.Load(int4(1, 0, 2, 0)),
                                   t.Load(int4(0, 0, 0, 2)))));
        o.Store4(76, asuint(float4(t.Load(int4(9, 0, 0, 0)), t.Load(int4(0, 0, -1, 0)), t[uint3(2, 1, 1)],
                                   t.mips[1][uint3(1, 0, 0)])));
        o.Store(92, asuint(t.Load(int4(0, 0, 1, 0), int2(3, 1))));
    }"""
    r = _run_cs(dev, ctx, src, [srv], 24)

    def size(level):  # the view's level: the resource's first_mip + level
        return max(1, w >> (first_mip + level)), max(1, h >> (first_mip + level))

    assert list(r[0:4]) == [*size(1), n_slices, n_mips]
    assert list(r[4:8]) == [*size(0), n_slices, n_mips]
    assert list(r[8:12]) == [0, 0, 0, n_mips]  # out-of-range level: the sizes of an unbound view, the count kept
    assert list(r[12:15].view(np.float32)) == [*size(0), n_slices]
    f = r[15:24].view(np.float32)
    want = [_texel(1, 1, first_mip, first_slice),
            0.0,  # slice 1 of the view, its level 1 is 2x1: y = 1 is outside
            0.0,  # slice 2 is outside the view's two slices (ld does not clamp the array index)
            0.0,  # level 2 is outside the view's two levels
            0.0, 0.0,  # x outside the level; a negative slice
            _texel(2, 1, first_mip, first_slice + 1), _texel(1, 0, first_mip + 1, first_slice),
            _texel(3, 1, first_mip, first_slice + 1)]  # the offset moves the address inside the level
    assert list(f) == want


def test_buffer_views_with_element_offsets():
    dev, ctx = _device()
    data = np.arange(64, dtype=np.float32)
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))
    typed = dev.CreateShaderResourceView(buf, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=d.DXGI_FORMAT_R32G32_FLOAT, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_SRV(FirstElement=3, NumElements=5)))
    sb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=240, BindFlags=d.D3D11_BIND_SHADER_RESOURCE,
                                              MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                              StructureByteStride=12),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=data[:60].tobytes()))
    structured = dev.CreateShaderResourceView(sb, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=d.DXGI_FORMAT_UNKNOWN, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_SRV(FirstElement=2, NumElements=4)))
    rb = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=d.D3D11_BIND_SHADER_RESOURCE,
                                              MiscFlags=d.D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS),
                          d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))
    raw = dev.CreateShaderResourceView(rb, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=d.DXGI_FORMAT_R32_TYPELESS, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFEREX,
        BufferEx=d.D3D11_BUFFEREX_SRV(FirstElement=4, NumElements=8, Flags=d.D3D11_BUFFEREX_SRV_FLAG_RAW)))
    src = """Buffer<float2> t : register(t0); struct S { float a; float b; float c; };
    StructuredBuffer<S> s : register(t1); ByteAddressBuffer r : register(t2); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint n; t.GetDimensions(n); uint m, st; s.GetDimensions(m, st); uint q; r.GetDimensions(q);
        o.Store4(0, uint4(n, m, st, q));
        o.Store4(16, asuint(float4(t[0], t.Load(4))));
        o.Store4(32, asuint(float4(t[5], s[0].c, s[3].a)));
        o.Store4(48, asuint(float4(s[4].b, asfloat(r.Load(0)), asfloat(r.Load(28)), asfloat(r.Load(32)))));
        o.Store2(64, r.Load2(28));
    }"""
    out = _run_cs(dev, ctx, src, [typed, structured, raw], 18)
    assert list(out[:4]) == [5, 4, 12, 8 * 4]  # elements; structures and stride; bytes of a raw view
    f = out[4:16].view(np.float32)
    el = lambda i: list(data[2 * (3 + i): 2 * (3 + i) + 2])  # noqa: E731 (element i of the typed view)
    member = lambda i, k: data[3 * (2 + i) + k]  # noqa: E731
    word = lambda byte: data[4 + byte // 4]  # noqa: E731
    assert list(f) == [*el(0), *el(4), 0.0, 0.0, member(0, 2), member(3, 0), 0.0, word(0), word(28), 0.0]
    assert list(out[16:18]) == [np.float32(word(28)).view(np.uint32), 0]  # each component bounds-checked


def test_multisample_view_of_a_single_sample_texture():
    dev, ctx = _device()
    a = np.arange(16, dtype=np.float32).reshape(4, 4)
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=F32,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=a.tobytes(), SysMemPitch=16)])
    srv = dev.CreateShaderResourceView(tex, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=F32, ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURE2DMS))
    src = """Texture2DMS<float> t : register(t0); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        uint w, h, s; t.GetDimensions(w, h, s); o.Store3(0, uint3(w, h, s));
        o.Store4(12, asuint(float4(t.Load(int2(1, 2), 0), t.Load(int2(1, 2), 1), t.sample[0][uint2(3, 3)],
                                   t[uint2(2, 0)])));
        o.Store4(28, asuint(float4(t.GetSamplePosition(0), t.GetSamplePosition(1))));
    }"""
    r = _run_cs(dev, ctx, src, [srv], 11)
    assert list(r[:3]) == [4, 4, 1]
    assert list(r[3:11].view(np.float32)) == [a[2, 1], 0.0, a[3, 3], a[0, 2], 0.0, 0.0, 0.0, 0.0]
