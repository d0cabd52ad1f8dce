"""End-to-end audit scenarios (HLSL -> D3DCompile -> API -> pipeline -> read back), in the style of the
vkd3d shader tests.  Every expectation is computed here from the spec rules (spec-facts.md), never
from pyd3d11 itself."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.errors import E_INVALIDARG, D3D11Error

F32 = np.float32


# --------------------------------------------------------------------------------------------- helpers
def _device():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    return dev, ctx


def _compile(src: str, profile: str) -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", profile)


def _raw_uav(dev, n_words: int):
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n_words, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    uav = dev.CreateUnorderedAccessView(out, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n_words, Flags=D3D11_BUFFER_UAV_FLAG_RAW)))
    return out, uav


def _read_buffer(dev, ctx, buf, nbytes: int) -> np.ndarray:
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=buf.GetDesc().ByteWidth, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, buf)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    data = np.frombuffer(m.pData, np.uint8)[:nbytes].copy()
    ctx.Unmap(staging, 0)
    return data


def _run_cs(dev, ctx, src: str, n_words: int, srvs=(), uavs=(), samplers=(), groups=(1, 1, 1)) -> np.ndarray:
    """Runs ``src`` with the raw output buffer at u0 (extra UAVs from u1) and returns its words."""
    out, uav = _raw_uav(dev, n_words)
    cs = _compile(src, "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    if srvs:
        ctx.CSSetShaderResources(0, len(srvs), list(srvs))
    if samplers:
        ctx.CSSetSamplers(0, len(samplers), list(samplers))
    ctx.CSSetUnorderedAccessViews(0, 1 + len(uavs), [uav, *uavs], None)
    ctx.Dispatch(*groups)
    return _read_buffer(dev, ctx, out, 4 * n_words).view(np.uint32)


def _tex2d(dev, fmt: int, texels: np.ndarray, *, bind=D3D11_BIND_SHADER_RESOURCE, mips=None, array=1, misc=0):
    """``texels``: list of per-subresource arrays (H, W[, bytes]) or one array for a single subresource."""
    subs = texels if isinstance(texels, list) else [texels]
    h, w = subs[0].shape[:2]
    data = [D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(s), SysMemPitch=s.nbytes // s.shape[0]) for s in subs]
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=mips or len(subs) // array, ArraySize=array, Format=fmt,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind, MiscFlags=misc), data)


def _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_POINT, addr=D3D11_TEXTURE_ADDRESS_CLAMP, **kw):
    kw.setdefault("MaxLOD", 3.4e38)
    return dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=filt, AddressU=addr, AddressV=addr, AddressW=addr, **kw))


def _f(words: np.ndarray) -> np.ndarray:
    return np.asarray(words, np.uint32).view(np.float32)


# ----------------------------------------------------------------------------- 1. format family reads
def _unorm(c, n):
    return F32(c) / F32(2 ** n - 1)


def _snorm(c, n):
    return np.maximum(F32(c) / F32(2 ** (n - 1) - 1), F32(-1))


def _load_4x1(dev, ctx, fmt, raw: np.ndarray, hlsl_type: str, as_uint: bool = False):
    """Loads the 4 texels of a 4x1 texture through Load, operator[] and returns 32 words."""
    tex = _tex2d(dev, fmt, raw)
    srv = dev.CreateShaderResourceView(tex, None)
    conv = "asuint" if not as_uint else "uint4"
    src = f"""
    Texture2D<{hlsl_type}> t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {{
        o.Store4(id.x * 32, {conv}(t.Load(int3(id.x, 0, 0))));
        o.Store4(id.x * 32 + 16, {conv}(t[uint2(id.x, 0)]));
    }}"""
    words = _run_cs(dev, ctx, src, 32, srvs=[srv]).reshape(4, 2, 4)
    assert (words[:, 0] == words[:, 1]).all(), "Load and operator[] disagree"
    return words[:, 0]


@pytest.mark.parametrize("fmt,n,signed", [
    (DXGI_FORMAT_R8G8B8A8_UNORM, 8, False), (DXGI_FORMAT_R8G8B8A8_SNORM, 8, True),
    (DXGI_FORMAT_R16G16B16A16_UNORM, 16, False), (DXGI_FORMAT_R16G16B16A16_SNORM, 16, True)])
def test_norm_formats_load(fmt, n, signed):
    dev, ctx = _device()
    dt = {(8, False): np.uint8, (8, True): np.int8, (16, False): np.uint16, (16, True): np.int16}[(n, signed)]
    info = np.iinfo(dt)
    codes = np.array([[info.min, info.max, 0, 1], [info.min + 1, 5, -3 if signed else 3, info.max // 2],
                      [7, 8, 9, 10], [info.max - 1, 2, info.min, 0]], dt).reshape(1, 4, 4)
    got = _f(_load_4x1(dev, ctx, fmt, codes, "float4"))
    want = (_snorm if signed else _unorm)(codes[0].astype(np.float64), n).astype(F32)
    assert got.tolist() == want.tolist()


@pytest.mark.parametrize("fmt,dt,hlsl", [
    (DXGI_FORMAT_R8G8B8A8_UINT, np.uint8, "uint4"), (DXGI_FORMAT_R8G8B8A8_SINT, np.int8, "int4"),
    (DXGI_FORMAT_R16G16B16A16_UINT, np.uint16, "uint4"), (DXGI_FORMAT_R16G16B16A16_SINT, np.int16, "int4"),
    (DXGI_FORMAT_R32G32B32A32_UINT, np.uint32, "uint4"), (DXGI_FORMAT_R32G32B32A32_SINT, np.int32, "int4")])
def test_integer_formats_load(fmt, dt, hlsl):
    dev, ctx = _device()
    info = np.iinfo(dt)
    codes = np.array([[info.min, info.max, 0, 1], [info.min + 1, 5, 3, info.max // 2],
                      [7, 8, 9, 10], [info.max - 1, 2, info.min, 0]], dt).reshape(1, 4, 4)
    got = _load_4x1(dev, ctx, fmt, codes, hlsl)
    # integers are sign/zero-extended to 32 bits (spec 19.1.3)
    assert got.view(np.int32 if info.min < 0 else np.uint32).tolist() == codes[0].astype(np.int64).tolist()


def test_two_and_one_channel_formats_fill_missing_components():
    dev, ctx = _device()
    codes = np.array([[10, 20], [30, 40], [50, 60], [70, 80]], np.uint16).reshape(1, 4, 2)
    got = _load_4x1(dev, ctx, DXGI_FORMAT_R16G16_UINT, codes, "uint4")
    assert got.tolist() == [[10, 20, 0, 1], [30, 40, 0, 1], [50, 60, 0, 1], [70, 80, 0, 1]]
    codes8 = np.array([0, 51, 102, 255], np.uint8).reshape(1, 4)
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_R8_UNORM, codes8, "float4"))
    assert got.tolist() == [[F32(c) / F32(255), 0, 0, 1] for c in (0, 51, 102, 255)]
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_A8_UNORM, codes8, "float4"))
    assert got.tolist() == [[0, 0, 0, F32(c) / F32(255)] for c in (0, 51, 102, 255)]


def test_float16_and_float32_load():
    dev, ctx = _device()
    halfs = np.array([1.5, -2.0, 65504.0, 6.1e-5, np.inf, -0.0, 0.333, 5.96e-8,
                      1, 2, 3, 4, -1, -2, -3, -4], np.float16).reshape(1, 4, 4)
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_R16G16B16A16_FLOAT, halfs, "float4"))
    assert got.view(np.uint32).tolist() == halfs[0].astype(F32).view(np.uint32).tolist()
    fl = np.array([1.5, -2.0, 1e30, np.nan, np.inf, -0.0, 0.1, 3,
                   1, 2, 3, 4, -1, -2, -3, -4], F32).reshape(1, 4, 4)
    got = _load_4x1(dev, ctx, DXGI_FORMAT_R32G32B32A32_FLOAT, fl, "float4")
    assert got.tolist() == fl[0].view(np.uint32).tolist()


def _small_float(bits: int, mbits: int) -> float:
    """Unsigned small float (5-bit exponent, bias 15), spec 3.1.6."""
    e, m = bits >> mbits, bits & ((1 << mbits) - 1)
    if e == 31:
        return float("inf") if m == 0 else float("nan")
    if e == 0:
        return m / (1 << mbits) * 2.0 ** -14
    return (1 + m / (1 << mbits)) * 2.0 ** (e - 15)


def test_r11g11b10_float_and_r10g10b10a2_load():
    dev, ctx = _device()
    rng = np.random.default_rng(1)
    r = rng.integers(0, 31 << 6, 4)
    g = rng.integers(0, 31 << 6, 4)
    b = rng.integers(0, 31 << 5, 4)
    r[0], g[0], b[0] = 1, 0x3C0, (15 << 5) | 16      # a denormal, 1.0, 1.5
    packed = (r | (g << 11) | (b << 22)).astype(np.uint32).reshape(1, 4)
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_R11G11B10_FLOAT, packed, "float4"))
    want = [[F32(_small_float(int(r[i]), 6)), F32(_small_float(int(g[i]), 6)), F32(_small_float(int(b[i]), 5)), 1.0]
            for i in range(4)]
    assert got.tolist() == want
    c = rng.integers(0, 1024, (4, 3))
    a = np.array([0, 1, 2, 3])
    packed = (c[:, 0] | (c[:, 1] << 10) | (c[:, 2] << 20) | (a << 30)).astype(np.uint32).reshape(1, 4)
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_R10G10B10A2_UNORM, packed, "float4"))
    want = [[_unorm(c[i, 0], 10), _unorm(c[i, 1], 10), _unorm(c[i, 2], 10), _unorm(a[i], 2)] for i in range(4)]
    assert got.tolist() == [[float(v) for v in row] for row in want]
    got = _load_4x1(dev, ctx, DXGI_FORMAT_R10G10B10A2_UINT, packed, "uint4")
    assert got.tolist() == [[c[i, 0], c[i, 1], c[i, 2], a[i]] for i in range(4)]


def test_srgb_load_decodes_to_linear():
    dev, ctx = _device()
    codes = np.array([0, 10, 128, 255, 1, 200, 64, 32, 255, 0, 100, 150, 11, 12, 13, 14], np.uint8).reshape(1, 4, 4)
    got = _f(_load_4x1(dev, ctx, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, codes, "float4"))
    c = codes[0].astype(np.float64) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    lin[:, 3] = c[:, 3]                      # alpha is never sRGB-encoded
    np.testing.assert_allclose(got, lin, rtol=0, atol=0.5 / 255 * 0.05 + 1e-6)
    assert got[0, 0] == 0.0 and got[0, 3] == 1.0 and got[2, 0] == 1.0


def _bc1_block(c0: int, c1: int, idx: list[int]) -> bytes:
    bits = sum(i << (2 * k) for k, i in enumerate(idx))
    return np.array([c0, c1], np.uint16).tobytes() + np.array([bits], np.uint32).tobytes()


def _rgb565(v: int) -> np.ndarray:
    r, g, b = v >> 11, (v >> 5) & 63, v & 31
    return np.array([((r << 3) | (r >> 2)) / 255, ((g << 2) | (g >> 4)) / 255, ((b << 3) | (b >> 2)) / 255])


def test_bc1_load_four_and_three_colour_modes():
    dev, ctx = _device()
    c0, c1 = 0xF800, 0x001F                    # red > blue: four-colour mode
    blk0 = _bc1_block(c0, c1, list(range(4)) * 4)
    blk1 = _bc1_block(c1, c0, list(range(4)) * 4)   # c0 <= c1: three colours + transparent black
    raw = np.frombuffer(blk0 + blk1, np.uint8).reshape(1, 2, 8)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=8, Height=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_BC1_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=raw, SysMemPitch=16)])
    srv = dev.CreateShaderResourceView(tex, None)
    src = """
    Texture2D t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(8, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        o.Store4(id.x * 16, asuint(t.Load(int3(id.x, 2, 0))));
    }"""
    got = _f(_run_cs(dev, ctx, src, 32, srvs=[srv])).reshape(8, 4)
    e0, e1 = _rgb565(c0), _rgb565(c1)
    want4 = [e0, e1, (2 * e0 + e1) / 3, (e0 + 2 * e1) / 3]
    want3 = [e1, e0, (e0 + e1) / 2, np.zeros(3)]
    for x in range(8):
        rgb = (want4 if x < 4 else want3)[x % 4]
        alpha = 0.0 if x == 7 else 1.0
        np.testing.assert_allclose(got[x], [*rgb, alpha], atol=1 / 255 + 1e-6)


# ------------------------------------------------------------------ typed UAVs, buffers of odd strides
def _read_tex(dev, ctx, tex, desc_cls, create, sub=0, dtype=np.uint32, shape=None):
    """Copies ``tex`` to a staging twin and returns subresource ``sub`` as a packed array."""
    d = tex.GetDesc()
    d.Usage, d.BindFlags, d.CPUAccessFlags, d.MiscFlags = D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0
    staging = create(d, None)
    ctx.CopyResource(staging, tex)
    m = ctx.Map(staging, sub, D3D11_MAP_READ, 0)
    rows, depth, row_bytes = shape
    raw = np.frombuffer(m.pData, np.uint8)
    out = np.stack([np.stack([raw[z * m.DepthPitch + y * m.RowPitch:][:row_bytes] for y in range(rows)])
                    for z in range(depth)])
    ctx.Unmap(staging, sub)
    return out.view(dtype)


def test_typed_uav_read_modify_write_on_r32_formats():
    dev, ctx = _device()
    init = np.arange(12, dtype=np.uint32).reshape(3, 4) * 7
    tex_u = _tex2d(dev, DXGI_FORMAT_R32_UINT, init, bind=D3D11_BIND_UNORDERED_ACCESS)
    tex_f = _tex2d(dev, DXGI_FORMAT_R32_FLOAT, init.astype(F32) / 4, bind=D3D11_BIND_UNORDERED_ACCESS)
    tex_i = _tex2d(dev, DXGI_FORMAT_R32_SINT, -init.astype(np.int32), bind=D3D11_BIND_UNORDERED_ACCESS)
    uavs = [dev.CreateUnorderedAccessView(t, None) for t in (tex_u, tex_f, tex_i)]
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<uint> u : register(u1);
    RWTexture2D<float> f : register(u2);
    RWTexture2D<int> i : register(u3);
    [numthreads(4, 3, 1)] void main(uint3 id : SV_DispatchThreadID) {
        u[id.xy] = u[id.xy] * 3 + id.y;
        f[id.xy] = f[id.xy] * 0.5 + 1;
        i[id.xy] -= 2;
        o.Store(0, 1);
    }"""
    _run_cs(dev, ctx, src, 1, uavs=uavs)
    shape = (3, 1, 16)
    y = np.arange(3, dtype=np.uint32)[:, None]
    assert _read_tex(dev, ctx, tex_u, None, dev.CreateTexture2D, shape=shape)[0].tolist() == (init * 3 + y).tolist()
    got_f = _read_tex(dev, ctx, tex_f, None, dev.CreateTexture2D, dtype=F32, shape=shape)[0]
    assert got_f.tolist() == (init.astype(F32) / 4 * F32(0.5) + F32(1)).tolist()
    got_i = _read_tex(dev, ctx, tex_i, None, dev.CreateTexture2D, dtype=np.int32, shape=shape)[0]
    assert got_i.tolist() == (-init.astype(np.int32) - 2).tolist()


def test_typed_uav_load_of_an_additional_format_is_refused():
    """The device reports TypedUAVLoadAdditionalFormats FALSE (an optional D3D11.3 cap). fxc 10 compiles a unorm
    float4 typed UAV load and marks the shader D3D_SHADER_REQUIRES_TYPED_UAV_LOAD_ADDITIONAL_FORMATS ("Typed
    Unordered Access View Loads"), so this device refuses to create it (E_INVALIDARG); a single-component 32-bit
    load needs nothing and is created."""
    dev, _ctx = _device()
    assert not dev.CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2).TypedUAVLoadAdditionalFormats
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<unorm float4> t : register(u1);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o.Store4(id.x * 16, asuint(t[id.xy])); }"""
    blob = _compile(src, "cs_5_0")
    with pytest.raises(D3D11Error) as ei:
        dev.CreateComputeShader(blob, len(blob), None)
    assert ei.value.hresult == E_INVALIDARG
    ok = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<uint> t : register(u1);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { o.Store(id.x * 4, t[id.xy]); }"""
    blob = _compile(ok, "cs_5_0")
    dev.CreateComputeShader(blob, len(blob), None)


def test_rw_texture_1d_2darray_3d_writes():
    dev, ctx = _device()
    t1 = dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=8, MipLevels=1, ArraySize=3, Format=DXGI_FORMAT_R32_UINT,
                                                  BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
    t2 = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=2, MipLevels=1, ArraySize=3,
                                                  Format=DXGI_FORMAT_R32G32_UINT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                  BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
    t3 = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=4, Height=2, Depth=3, MipLevels=2, Format=DXGI_FORMAT_R16_UINT,
                                                  BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
    # the 3D view targets mip 1 (2x1x1)... and a second one mip 0, W slices 1..2
    u1 = dev.CreateUnorderedAccessView(t1, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R32_UINT, ViewDimension=D3D11_UAV_DIMENSION_TEXTURE1DARRAY,
        Texture1DArray=D3D11_TEX1D_ARRAY_UAV(MipSlice=0, FirstArraySlice=1, ArraySize=2)))
    u2 = dev.CreateUnorderedAccessView(t2, None)
    u3 = dev.CreateUnorderedAccessView(t3, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_R16_UINT, ViewDimension=D3D11_UAV_DIMENSION_TEXTURE3D,
        Texture3D=D3D11_TEX3D_UAV(MipSlice=0, FirstWSlice=1, WSize=2)))
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture1DArray<uint> a : register(u1);
    RWTexture2DArray<uint2> b : register(u2);
    RWTexture3D<uint> c : register(u3);
    [numthreads(4, 2, 3)] void main(uint3 id : SV_DispatchThreadID) {
        a[uint2(id.x + 4 * id.y, id.z)] = 100 * id.z + id.x + 4 * id.y;   // slice 2 of the view is out of range
        b[id] = uint2(id.x + 10 * id.y, 100 * id.z);
        c[id] = 1000 + id.x + 10 * id.y + 100 * id.z;                    // z == 2 is outside WSize
        o.Store(0, 1);
    }"""
    _run_cs(dev, ctx, src, 1, uavs=[u1, u2, u3])
    got1 = [_read_tex(dev, ctx, t1, None, dev.CreateTexture1D, sub=s, shape=(1, 1, 32))[0, 0].tolist()
            for s in range(3)]
    assert got1 == [[0] * 8, list(range(8)), [100 + i for i in range(8)]]
    for s in range(3):
        got2 = _read_tex(dev, ctx, t2, None, dev.CreateTexture2D, sub=s, shape=(2, 1, 32))[0]
        want = [[[x + 10 * y, 100 * s] for x in range(4)] for y in range(2)]
        assert got2.reshape(2, 4, 2).tolist() == want
    got3 = _read_tex(dev, ctx, t3, None, dev.CreateTexture3D, dtype=np.uint16, shape=(2, 3, 8))
    want3 = np.zeros((3, 2, 4), np.uint16)
    for z in (1, 2):
        for y in range(2):
            for x in range(4):
                want3[z, y, x] = 1000 + x + 10 * y + 100 * (z - 1)
    assert got3.tolist() == want3.tolist()


def test_structured_buffers_of_odd_strides():
    dev, ctx = _device()
    # struct { float3 p; uint2 q; } : 20-byte stride, 5 elements
    n = 5
    rec = np.zeros((n, 5), np.uint32)
    rec[:, :3] = (np.arange(15, dtype=F32).reshape(5, 3) + F32(0.5)).view(np.uint32)
    rec[:, 3] = np.arange(n) * 11
    rec[:, 4] = np.arange(n) + 1000
    src_buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=rec.nbytes, BindFlags=D3D11_BIND_SHADER_RESOURCE,
                                                 MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                                 StructureByteStride=20), D3D11_SUBRESOURCE_DATA(pSysMem=rec))
    dst_buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=12 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                                 MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                                 StructureByteStride=12), None)
    srv = dev.CreateShaderResourceView(src_buf, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_SRV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_SRV(FirstElement=0, NumElements=n)))
    uav = dev.CreateUnorderedAccessView(dst_buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))
    src = """
    struct In { float3 p; uint2 q; };
    struct Out { uint a; float b; uint c; };
    StructuredBuffer<In> s : register(t0);
    RWByteAddressBuffer o : register(u0);
    RWStructuredBuffer<Out> d : register(u1);
    [numthreads(5, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        In v = s[4 - id.x];
        Out w;
        w.a = v.q.y; w.b = v.p.z + v.p.x; w.c = v.q.x;
        d[id.x] = w;
        uint cnt, stride;
        s.GetDimensions(cnt, stride);
        o.Store2(0, uint2(cnt, stride));
    }"""
    assert _run_cs(dev, ctx, src, 2, srvs=[srv], uavs=[uav]).tolist() == [5, 20]
    got = _read_buffer(dev, ctx, dst_buf, 12 * n).view(np.uint32).reshape(n, 3)
    r = rec[::-1]
    pf = r[:, :3].view(F32)
    assert got[:, 0].tolist() == r[:, 4].tolist()
    assert got[:, 1].view(F32).tolist() == (pf[:, 2] + pf[:, 0]).tolist()
    assert got[:, 2].tolist() == r[:, 3].tolist()


def test_raw_buffer_unaligned_multiword_loads_and_typed_buffer_formats():
    dev, ctx = _device()
    words = np.arange(16, dtype=np.uint32) * 3 + 1
    raw = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_SHADER_RESOURCE,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS),
                           D3D11_SUBRESOURCE_DATA(pSysMem=words))
    raw_srv = dev.CreateShaderResourceView(raw, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_R32_TYPELESS, ViewDimension=D3D11_SRV_DIMENSION_BUFFEREX,
        BufferEx=D3D11_BUFFEREX_SRV(FirstElement=1, NumElements=14, Flags=D3D11_BUFFEREX_SRV_FLAG_RAW)))
    bytes_ = np.arange(32, dtype=np.uint8) * 8
    typed = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=32, BindFlags=D3D11_BIND_SHADER_RESOURCE),
                             D3D11_SUBRESOURCE_DATA(pSysMem=bytes_))
    typed_srv = dev.CreateShaderResourceView(typed, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_R8G8B8A8_SNORM, ViewDimension=D3D11_SRV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_SRV(FirstElement=2, NumElements=4)))
    src = """
    ByteAddressBuffer r : register(t0);
    Buffer<float4> b : register(t1);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store3(0, r.Load3(4));
        o.Store2(12, r.Load2(52));          // the second word lies past the view: 0
        o.Store4(20, asuint(b[1]));
        o.Store4(36, asuint(b.Load(4)));    // out of range: 0
        uint n; b.GetDimensions(n);
        o.Store(52, n);
    }"""
    got = _run_cs(dev, ctx, src, 14, srvs=[raw_srv, typed_srv])
    assert got[:5].tolist() == [words[2], words[3], words[4], words[14], 0]
    sn = bytes_.view(np.int8)[12:16].astype(F32)
    assert _f(got[5:9]).tolist() == np.maximum(sn / F32(127), F32(-1)).tolist()
    assert got[9:13].tolist() == [0, 0, 0, 0] and got[13] == 4


# -------------------------------------------------------------------------------- 3. sampler states
def _addr_index(i: np.ndarray, n: int, mode: int) -> np.ndarray:
    """Texel index after the address mode (spec 7.18.8), -1 for border; independent formula."""
    if mode == D3D11_TEXTURE_ADDRESS_WRAP:
        return np.mod(i, n)
    if mode == D3D11_TEXTURE_ADDRESS_MIRROR:
        m = np.mod(i, 2 * n)
        return np.where(m < n, m, 2 * n - 1 - m)
    if mode == D3D11_TEXTURE_ADDRESS_CLAMP:
        return np.clip(i, 0, n - 1)
    if mode == D3D11_TEXTURE_ADDRESS_BORDER:
        return np.where((i >= 0) & (i < n), i, -1)
    if mode == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE:
        a = np.where(i < 0, -1 - i, i)
        return np.clip(a, 0, n - 1)
    raise AssertionError(mode)


_U_COORDS = np.array([-1.375, -0.9, -0.6, -0.3, -0.1, 0.05, 0.3, 0.55, 0.8, 0.99, 1.1, 1.3, 1.6, 1.9, 2.2, 3.05],
                     np.float32)


@pytest.mark.parametrize("mode", [D3D11_TEXTURE_ADDRESS_WRAP, D3D11_TEXTURE_ADDRESS_MIRROR, D3D11_TEXTURE_ADDRESS_CLAMP,
                                  D3D11_TEXTURE_ADDRESS_BORDER, D3D11_TEXTURE_ADDRESS_MIRROR_ONCE])
def test_address_modes_with_point_sampling(mode):
    dev, ctx = _device()
    texels = np.array([[10, 20, 30, 40]], np.float32)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, texels), None)
    smp = _sampler(dev, addr=mode, BorderColor=[-7.0, 0.0, 0.0, 0.0])
    cb_data = np.zeros((16, 4), np.float32)
    cb_data[:, 0] = _U_COORDS
    src = """
    Texture2D<float> t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    static const float us[16] = {-1.375, -0.9, -0.6, -0.3, -0.1, 0.05, 0.3, 0.55, 0.8, 0.99, 1.1, 1.3, 1.6, 1.9,
                                 2.2, 3.05};
    [numthreads(16, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        o.Store(id.x * 4, asuint(t.SampleLevel(s, float2(us[id.x], 0.5), 0)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 16, srvs=[srv], samplers=[smp]))
    idx = _addr_index(np.floor(_U_COORDS.astype(np.float64) * 4).astype(np.int64), 4, mode)
    want = np.where(idx >= 0, texels[0][np.maximum(idx, 0)], -7.0)
    assert got.tolist() == want.tolist()


def test_border_colour_uses_only_the_components_of_the_format():
    dev, ctx = _device()
    texels = np.full((2, 2, 2), 128, np.uint8)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R8G8_UNORM, texels), None)
    smp = _sampler(dev, addr=D3D11_TEXTURE_ADDRESS_BORDER, BorderColor=[0.25, 2.0, 0.75, 0.5])
    src = """
    Texture2D t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store4(0, asuint(t.SampleLevel(s, float2(-0.5, 0.5), 0)));
        o.Store4(16, asuint(t.SampleLevel(s, float2(0.5, 0.5), 0)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 8, srvs=[srv], samplers=[smp])).reshape(2, 4)
    # spec 7.18.8.1: the border colour is clamped to the UNORM range; missing B, A take the defaults 0, 1
    np.testing.assert_allclose(got[0], [0.25, 1.0, 0.0, 1.0], atol=1 / 255)
    assert got[1].tolist() == [F32(128) / F32(255)] * 2 + [0.0, 1.0]


def test_bilinear_filter_weights():
    dev, ctx = _device()
    texels = np.array([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]], np.float32) * 16
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, texels), None)
    smp = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_LINEAR, addr=D3D11_TEXTURE_ADDRESS_WRAP)
    pts = [(0.375, 0.625), (0.5, 0.5), (0.0, 0.0), (0.9375, 0.1875)]
    src = """
    Texture2D<float> t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store4(0, asuint(float4(t.SampleLevel(s, float2(0.375, 0.625), 0), t.SampleLevel(s, float2(0.5, 0.5), 0),
                                  t.SampleLevel(s, float2(0.0, 0.0), 0), t.SampleLevel(s, float2(0.9375, 0.1875), 0))));
    }"""
    got = _f(_run_cs(dev, ctx, src, 4, srvs=[srv], samplers=[smp]))
    want = []
    for u, v in pts:
        x, y = u * 4 - 0.5, v * 4 - 0.5
        x0, y0 = int(np.floor(x)), int(np.floor(y))
        fx, fy = x - x0, y - y0
        t = lambda i, j: texels[j % 4, i % 4]  # noqa: E731
        want.append((1 - fy) * ((1 - fx) * t(x0, y0) + fx * t(x0 + 1, y0)) + fy * ((1 - fx) * t(x0, y0 + 1)
                                                                                      + fx * t(x0 + 1, y0 + 1)))
    np.testing.assert_allclose(got, want, rtol=1e-6)


@pytest.mark.parametrize("func", range(1, 9))
def test_comparison_sampler_each_function(func):
    dev, ctx = _device()
    texels = np.array([[0.25, 0.5, 0.75, 1.0]], np.float32)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, texels), None)
    smp = _sampler(dev, filt=D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, ComparisonFunc=func)
    src = """
    Texture2D<float> t : register(t0);
    SamplerComparisonState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        o.Store(id.x * 4, asuint(t.SampleCmpLevelZero(s, float2(id.x * 0.25 + 0.125, 0.5), 0.5)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 4, srvs=[srv], samplers=[smp]))
    ops = {1: lambda r, t: False, 2: np.less, 3: np.equal, 4: np.less_equal, 5: np.greater, 6: np.not_equal,
           7: np.greater_equal, 8: lambda r, t: True}
    # the reference is the left operand: pass when (ref FUNC texel)
    want = [1.0 if ops[func](F32(0.5), v) else 0.0 for v in texels[0]]
    assert got.tolist() == want


def _mip_tex(dev, sizes=(8, 4, 2, 1), fmt=DXGI_FORMAT_R32_FLOAT):
    subs = [np.full((s, s), float(10 * (m + 1)), np.float32) for m, s in enumerate(sizes)]
    return dev.CreateShaderResourceView(_tex2d(dev, fmt, subs), None)


def test_sample_level_trilinear_and_lod_clamps():
    dev, ctx = _device()
    srv = _mip_tex(dev)
    lin = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_LINEAR)
    clamped = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_LINEAR, MinLOD=1.25, MaxLOD=2.0)
    biased = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_POINT, MipLODBias=1.0)
    src = """
    Texture2D<float> t : register(t0);
    SamplerState lin : register(s0);
    SamplerState clamped : register(s1);
    SamplerState biased : register(s2);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        float2 uv = float2(0.5, 0.5);
        o.Store4(0, asuint(float4(t.SampleLevel(lin, uv, 0.25), t.SampleLevel(lin, uv, 1.75),
                                  t.SampleLevel(lin, uv, 7), t.SampleLevel(lin, uv, -3))));
        o.Store4(16, asuint(float4(t.SampleLevel(clamped, uv, 0), t.SampleLevel(clamped, uv, 1.5),
                                   t.SampleLevel(clamped, uv, 5), t.SampleLevel(biased, uv, 1.25))));
        // gradients of 1/4 of the texture per pixel on an 8x8 mip 0 -> lod 1
        o.Store4(32, asuint(float4(t.SampleGrad(lin, uv, float2(0.25, 0), float2(0, 0.25)),
                                   t.SampleGrad(biased, uv, float2(0.25, 0), float2(0, 0.25)),
                                   t.SampleGrad(lin, uv, float2(0.5, 0), float2(0, 0.125)),
                                   t.SampleGrad(lin, uv, float2(0.0, 0), float2(0, 0.0)))));
    }"""
    got = _f(_run_cs(dev, ctx, src, 12, srvs=[srv], samplers=[lin, clamped, biased])).tolist()
    mip = [10.0, 20.0, 30.0, 40.0]
    assert got[0] == pytest.approx(mip[0] * 0.75 + mip[1] * 0.25)
    assert got[1] == pytest.approx(mip[1] * 0.25 + mip[2] * 0.75)
    assert got[2:4] == [40.0, 10.0]
    # clamped: lod clamps to [1.25, 2]
    assert got[4] == pytest.approx(mip[1] * 0.75 + mip[2] * 0.25)
    assert got[5] == pytest.approx(mip[1] * 0.5 + mip[2] * 0.5)
    assert got[6] == 30.0
    # point mip filter with bias 1: lod 2.25 -> nearest mip 2
    assert got[7] == 30.0
    assert got[8] == pytest.approx(20.0)
    assert got[9] == 30.0          # bias applies to SampleGrad too
    # anisotropic footprint under a linear (non-aniso) filter: lod from the longer axis (log2(4) = 2)
    assert got[10] == pytest.approx(30.0)
    assert got[11] == 10.0


def test_gather_component_order_and_channels():
    dev, ctx = _device()
    texels = np.arange(16 * 4, dtype=np.float32).reshape(4, 4, 4)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32G32B32A32_FLOAT, texels), None)
    smp = _sampler(dev)
    src = """
    Texture2D t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        float2 uv = float2(0.5, 0.25);   // between texels x 1..2 and y 0..1
        o.Store4(0, asuint(t.Gather(s, uv)));
        o.Store4(16, asuint(t.GatherGreen(s, uv)));
        o.Store4(32, asuint(t.GatherAlpha(s, uv, int2(1, 1))));
        o.Store4(48, asuint(t.GatherRed(s, float2(0.0, 0.0))));
    }"""
    got = _f(_run_cs(dev, ctx, src, 16, srvs=[srv], samplers=[smp])).reshape(4, 4)

    def quad(x0, y0, c):
        cl = lambda v: min(max(v, 0), 3)  # noqa: E731  (clamp address mode)
        # order: (x0, y1), (x1, y1), (x1, y0), (x0, y0)
        return [texels[cl(y0 + 1), cl(x0), c], texels[cl(y0 + 1), cl(x0 + 1), c], texels[cl(y0), cl(x0 + 1), c],
                texels[cl(y0), cl(x0), c]]

    assert got[0].tolist() == quad(1, 0, 0)
    assert got[1].tolist() == quad(1, 0, 1)
    assert got[2].tolist() == quad(2, 1, 3)
    assert got[3].tolist() == quad(-1, -1, 0)


# -------------------------------------------------------------------------------------- 2. stages
def _rt(dev, ctx, w, h, fmt=DXGI_FORMAT_R32G32B32A32_FLOAT, array=1, samples=1, clear=(0, 0, 0, 0)):
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=1, ArraySize=array, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=samples),
        BindFlags=D3D11_BIND_RENDER_TARGET), None)
    rtv = dev.CreateRenderTargetView(tex, None)
    ctx.ClearRenderTargetView(rtv, list(clear))
    return tex, rtv


def _setup_draw(dev, ctx, rtvs, w, h, vs, ps, gs=None, hs=None, ds=None, dsv=None, topology=None, so=None):
    ctx.OMSetRenderTargets(len(rtvs), list(rtvs), dsv)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, w, h, 0, 1)])
    v = _compile(vs, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(v, len(v), None), None, 0)
    if ps is not None:
        p = _compile(ps, "ps_5_0")
        ctx.PSSetShader(dev.CreatePixelShader(p, len(p), None), None, 0)
    else:
        ctx.PSSetShader(None, None, 0)
    if gs is not None:
        g = _compile(gs, "gs_5_0")
        if so is not None:
            decl, strides, rast = so
            shader = dev.CreateGeometryShaderWithStreamOutput(g, len(g), decl, len(decl), strides, len(strides),
                                                             rast, None)
        else:
            shader = dev.CreateGeometryShader(g, len(g), None)
        ctx.GSSetShader(shader, None, 0)
    if hs is not None:
        h_ = _compile(hs, "hs_5_0")
        ctx.HSSetShader(dev.CreateHullShader(h_, len(h_), None), None, 0)
    if ds is not None:
        d = _compile(ds, "ds_5_0")
        if so is not None and gs is None:
            decl, strides, rast = so
            ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(d, len(d), decl, len(decl), strides,
                                                                    len(strides), rast, None), None, 0)
        ctx.DSSetShader(dev.CreateDomainShader(d, len(d), None), None, 0)
    ctx.IASetPrimitiveTopology(topology or D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)


def _rt_pixels(dev, ctx, tex, w, h, sub=0, dtype=F32, bpp=16):
    return _read_tex(dev, ctx, tex, None, dev.CreateTexture2D, sub=sub, dtype=dtype,
                     shape=(h, 1, w * bpp))[0].reshape(h, w, -1)


_VS_POINTS = """
struct O { float4 pos : SV_Position; uint id : ID; };
O main(uint vid : SV_VertexID, uint iid : SV_InstanceID) {
    O o;
    o.pos = float4((vid + 0.5) / 4.0 * 2 - 1, 1 - (iid + 0.5) / 2.0 * 2, 0, 1);
    o.id = vid + 10 * iid;
    return o;
}"""


def test_gs_expands_points_to_strips_with_primitive_id():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 4)
    gs = """
    struct I { float4 pos : SV_Position; uint id : ID; };
    struct O { float4 pos : SV_Position; nointerpolation float2 v : V; };
    [maxvertexcount(4)] void main(point I p[1], uint prim : SV_PrimitiveID, inout TriangleStream<O> s) {
        // a 2x2-pixel quad around the point (pixel size 2/8 x 2/4 in clip space)
        O o;
        o.v = float2(p[0].id, prim);
        for (int k = 0; k < 4; ++k) {
            o.pos = p[0].pos + float4(((k & 1) ? 0.25 : -0.25), ((k & 2) ? -0.5 : 0.5), 0, 0);
            s.Append(o);
        }
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, nointerpolation float2 v : V, uint prim : SV_PrimitiveID) : SV_Target {
        return float4(v, prim, 1);
    }"""
    _setup_draw(dev, ctx, [rtv], 8, 4, _VS_POINTS, ps, gs=gs, topology=D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
    ctx.DrawInstanced(4, 2, 0, 0)
    got = _rt_pixels(dev, ctx, tex, 8, 4)
    for iid in range(2):
        for vid in range(4):
            prim = vid          # SV_PrimitiveID counts per instance (spec 8.x: resets each instance)
            want = [vid + 10 * iid, prim, prim, 1]
            block = got[2 * iid:2 * iid + 2, 2 * vid:2 * vid + 2].reshape(4, 4)
            assert block.tolist() == [want] * 4, (iid, vid)


def test_front_face_and_clip_distance():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 8)
    vs = """
    struct O { float4 pos : SV_Position; float clip : SV_ClipDistance0; };
    O main(uint vid : SV_VertexID) {
        // two triangles: left one clockwise, right one counter-clockwise (screen space)
        float2 p[6] = { float2(-1, 1), float2(0, 1), float2(-1, -1),  float2(0, 1), float2(0, -1), float2(1, -1) };
        O o;
        o.pos = float4(p[vid], 0, 1);
        o.clip = p[vid].y + 0.5;     // clip away everything below y = -0.5 (the bottom 2 rows)
        return o;
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, bool ff : SV_IsFrontFace) : SV_Target { return ff ? 1.0 : 2.0; }"""
    _setup_draw(dev, ctx, [rtv], 8, 8, vs, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=D3D11_FILL_SOLID,
                                                                   CullMode=D3D11_CULL_NONE, DepthClipEnable=1)))
    ctx.Draw(6, 0)
    got = _rt_pixels(dev, ctx, tex, 8, 8)[:, :, 0]
    # pixel space: left triangle (0,0),(4,0),(0,8) covers x <= 4 - y/2; right (4,0),(4,8),(8,8) covers
    # 4 <= x <= 4 + y/2 (at pixel centres)
    yy, xx = np.mgrid[0:8, 0:8] + 0.5
    want = np.where(xx <= 4 - yy / 2, 1.0, np.where((xx >= 4) & (xx <= 4 + yy / 2), 2.0, 0.0))
    want[6:] = 0                       # clip distance < 0 below y_ndc = -0.5
    assert got.tolist() == want.tolist()
    assert got[1, 1] == 1.0 and got[4, 5] == 2.0   # clockwise = front (FrontCounterClockwise FALSE)


def test_render_target_array_index_from_gs():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 4, array=3)
    vs = """
    float4 main(uint vid : SV_VertexID) : SV_Position {
        return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0, 1);
    }"""
    gs = """
    struct O { float4 pos : SV_Position; uint rt : SV_RenderTargetArrayIndex; };
    [maxvertexcount(3)] [instance(3)] void main(triangle float4 p[3] : SV_Position, uint inst : SV_GSInstanceID,
                                                 inout TriangleStream<O> s) {
        for (int k = 0; k < 3; ++k) { O o; o.pos = p[k]; o.rt = 2 - inst; s.Append(o); }
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, uint rt : SV_RenderTargetArrayIndex) : SV_Target { return rt + 1; }"""
    _setup_draw(dev, ctx, [rtv], 4, 4, vs, ps, gs=gs, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    for s in range(3):
        assert (_rt_pixels(dev, ctx, tex, 4, 4, sub=s) == s + 1).all(), s


def test_depth_output_and_depth_test():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 4)
    dtex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                    Format=DXGI_FORMAT_D32_FLOAT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                    BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    dsv = dev.CreateDepthStencilView(dtex, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH, 0.5, 0)
    ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=1, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS)), 0)
    vs = """
    float4 main(uint vid : SV_VertexID) : SV_Position {
        return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0.9, 1);
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, out float d : SV_Depth) : SV_Target {
        d = pos.x < 2 ? 0.25 : 0.75;      // only the left half passes LESS against 0.5
        return float4(pos.xy, d, 1);
    }"""
    _setup_draw(dev, ctx, [rtv], 4, 4, vs, ps, dsv=dsv, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    col = _rt_pixels(dev, ctx, tex, 4, 4)
    depth = _read_tex(dev, ctx, dtex, None, dev.CreateTexture2D, dtype=F32, shape=(4, 1, 16))[0]
    assert (depth[:, :2] == F32(0.25)).all() and (depth[:, 2:] == F32(0.5)).all()
    assert (col[:, :2, 2] == F32(0.25)).all() and (col[:, 2:] == 0).all()
    assert col[1, 1, :2].tolist() == [1.5, 1.5]


def test_sample_index_and_coverage_output():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 2, 2, samples=4)
    vs = """
    float4 main(uint vid : SV_VertexID) : SV_Position {
        return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0, 1);
    }"""
    ps_samples = """
    float4 main(float4 pos : SV_Position, uint s : SV_SampleIndex) : SV_Target { return s + 1; }"""
    _setup_draw(dev, ctx, [rtv], 2, 2, vs, ps_samples, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    # read the samples back through a second (shader-resource) 4x MSAA texture
    reader = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=2, Height=2, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET), None)
    ctx.CopyResource(reader, tex)
    src = """
    Texture2DMS<float4, 4> t : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        o.Store(id.x * 4, asuint(t.Load(int2(1, 0), id.x).x));
    }"""
    got = _f(_run_cs(dev, ctx, src, 4, srvs=[dev.CreateShaderResourceView(reader, None)]))
    assert got.tolist() == [1.0, 2.0, 3.0, 4.0]
    # coverage out: only samples 0 and 2 are written
    ctx.ClearRenderTargetView(rtv, [0, 0, 0, 0])
    ps_cov = """
    float4 main(float4 pos : SV_Position, out uint c : SV_Coverage) : SV_Target { c = 0x5; return 7; }"""
    _setup_draw(dev, ctx, [rtv], 2, 2, vs, ps_cov, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    ctx.CopyResource(reader, tex)
    got = _f(_run_cs(dev, ctx, src, 4, srvs=[dev.CreateShaderResourceView(reader, None)]))
    assert got.tolist() == [7.0, 0.0, 7.0, 0.0]


def test_coverage_input_reports_covered_samples():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 1, 1, samples=4)
    # a full-screen triangle covers all 4 samples; the standard 4x pattern needs no further geometry
    vs = """
    float4 main(uint vid : SV_VertexID) : SV_Position {
        return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0, 1);
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, uint c : SV_Coverage) : SV_Target { return c; }"""
    _setup_draw(dev, ctx, [rtv], 1, 1, vs, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    one = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=1, Height=1, MipLevels=1, ArraySize=1,
                                                   Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                   BindFlags=D3D11_BIND_RENDER_TARGET), None)
    ctx.ResolveSubresource(one, 0, tex, 0, DXGI_FORMAT_R32G32B32A32_FLOAT)
    assert _rt_pixels(dev, ctx, one, 1, 1)[0, 0, 0] == 15.0


def test_compute_groupshared_reduction_barriers_and_atomics():
    dev, ctx = _device()
    src = """
    RWByteAddressBuffer o : register(u0);
    groupshared uint sh[64];
    groupshared uint total;
    [numthreads(64, 1, 1)] void main(uint3 gid : SV_GroupID, uint idx : SV_GroupIndex) {
        if (idx == 0) total = 0;
        sh[idx] = idx * idx + gid.x;
        GroupMemoryBarrierWithGroupSync();
        for (uint step = 32; step > 0; step >>= 1) {
            if (idx < step) sh[idx] += sh[idx + step];
            GroupMemoryBarrierWithGroupSync();
        }
        uint before;
        InterlockedAdd(total, idx, before);
        GroupMemoryBarrierWithGroupSync();
        if (idx == 0) {
            o.Store(gid.x * 8, sh[0]);
            o.Store(gid.x * 8 + 4, total);
        }
        uint prev;
        o.InterlockedMax(64, idx + 100 * gid.x, prev);
        o.InterlockedAdd(68, 1, prev);
    }"""
    got = _run_cs(dev, ctx, src, 18, groups=(3, 1, 1))
    sq = sum(i * i for i in range(64))
    for g in range(3):
        assert got[2 * g] == sq + 64 * g
        assert got[2 * g + 1] == 63 * 64 // 2
    assert got[16] == 63 + 200 and got[17] == 192


def _so_buffer(dev, nbytes):
    return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=nbytes, BindFlags=D3D11_BIND_STREAM_OUTPUT), None)


def _so_decl(stream, name, count, slot):
    return D3D11_SO_DECLARATION_ENTRY(Stream=stream, SemanticName=name, SemanticIndex=0, StartComponent=0,
                                      ComponentCount=count, OutputSlot=slot)


def test_gs_multiple_streams_to_stream_output():
    dev, ctx = _device()
    vs = """
    uint main(uint vid : SV_VertexID) : ID { return vid; }"""
    gs = """
    struct A { float2 a : A; };
    struct B { uint b : B; };
    [maxvertexcount(3)] void main(point uint id[1] : ID, inout PointStream<A> s0, inout PointStream<B> s1) {
        A x; x.a = float2(id[0], id[0] * 0.5); s0.Append(x);
        B y; y.b = id[0] * 3; s1.Append(y);
        y.b = id[0] * 3 + 1; s1.Append(y);
    }"""
    decl = [_so_decl(0, "A", 2, 0), _so_decl(1, "B", 1, 1)]
    b0, b1 = _so_buffer(dev, 64), _so_buffer(dev, 64)
    _setup_draw(dev, ctx, [], 1, 1, vs, None, gs=gs, topology=D3D11_PRIMITIVE_TOPOLOGY_POINTLIST,
                so=(decl, [8, 4], D3D11_SO_NO_RASTERIZED_STREAM))
    ctx.SOSetTargets(2, [b0, b1], [0, 0])
    ctx.Draw(4, 0)
    ctx.SOSetTargets(0, [], None)
    a = _read_buffer(dev, ctx, b0, 32).view(F32).reshape(4, 2)
    b = _read_buffer(dev, ctx, b1, 32).view(np.uint32)
    assert a.tolist() == [[i, i * 0.5] for i in range(4)]
    assert b.tolist() == [v for i in range(4) for v in (3 * i, 3 * i + 1)]


_HS = """
struct CP { float3 p : P; };
struct PC { float e[{edges}] : SV_TessFactor; {inside} };
PC pc(InputPatch<CP, {n}> ip) {
    PC o;
    [unroll] for (int i = 0; i < {edges}; ++i) o.e[i] = {factor};
    {inside_set}
    return o;
}
[domain("{domain}")] [partitioning("{part}")] [outputtopology("{topo}")] [outputcontrolpoints({n})]
[patchconstantfunc("pc")]
CP main(InputPatch<CP, {n}> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
"""

_DS = """
struct CP { float3 p : P; };
struct PC { float e[{edges}] : SV_TessFactor; {inside} };
[domain("{domain}")] float4 main(PC pc, {loc} loc : SV_DomainLocation, const OutputPatch<CP, {n}> patch) : LOC {
    return float4(loc, {pad});
}
"""


def _tess_points(domain: str, part: str, factor: float) -> np.ndarray:
    n = {"quad": 4, "tri": 3, "isoline": 2}[domain]
    edges = {"quad": 4, "tri": 3, "isoline": 2}[domain]
    inside = {"quad": "float i[2] : SV_InsideTessFactor;", "tri": "float i : SV_InsideTessFactor;",
              "isoline": ""}[domain]
    inside_set = {"quad": f"o.i[0] = o.i[1] = {factor};", "tri": f"o.i = {factor};", "isoline": ""}[domain]
    topo = {"quad": "triangle_cw", "tri": "triangle_cw", "isoline": "line"}[domain]
    loc = "float2" if domain != "tri" else "float3"
    pad = "0, 1" if domain != "tri" else "1"
    fill = dict(edges=edges, inside=inside, inside_set=inside_set, n=n, factor=factor, domain=domain, part=part,
                topo=topo, loc=loc, pad=pad)
    hs, ds = _HS, _DS
    for k, v in fill.items():
        hs = hs.replace("{" + k + "}", str(v))
        ds = ds.replace("{" + k + "}", str(v))
    vs = """
    float3 main(float3 p : P) : P { return p; }"""
    dev, ctx = _device()
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=12 * n, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=np.zeros(3 * n, F32)))
    vsb = _compile(vs, "vs_5_0")
    ctx.IASetInputLayout(dev.CreateInputLayout([D3D11_INPUT_ELEMENT_DESC(
        SemanticName="P", SemanticIndex=0, Format=DXGI_FORMAT_R32G32B32_FLOAT, InputSlot=0, AlignedByteOffset=0,
        InputSlotClass=D3D11_INPUT_PER_VERTEX_DATA, InstanceDataStepRate=0)], 1, vsb, len(vsb)))
    ctx.IASetVertexBuffers(0, 1, [vb], [12], [0])
    so = _so_buffer(dev, 16 * 4096)
    _setup_draw(dev, ctx, [], 1, 1, vs, None, hs=hs, ds=ds,
                topology=D3D11_PRIMITIVE_TOPOLOGY_1_CONTROL_POINT_PATCHLIST + n - 1,
                so=([_so_decl(0, "LOC", 4, 0)], [16], D3D11_SO_NO_RASTERIZED_STREAM))
    ctx.SOSetTargets(1, [so], [0])
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_SO_STATISTICS))
    ctx.Begin(q)
    ctx.Draw(n, 0)
    ctx.End(q)
    stats = ctx.GetData(q)
    written = int(stats.NumPrimitivesWritten)
    per = 2 if domain == "isoline" else 3
    return _read_buffer(dev, ctx, so, 16 * per * written).view(F32).reshape(written, per, 4)


@pytest.mark.parametrize("part,factor,segments", [("integer", 3, 3), ("integer", 2.2, 3), ("pow2", 4, 4),
                                                  ("fractional_odd", 3, 3), ("fractional_even", 4, 4)])
def test_tessellated_quad_domain_point_grid(part, factor, segments):
    prims = _tess_points("quad", part, factor)
    assert len(prims) == 2 * segments * segments
    uv = np.unique(np.round(prims[:, :, :2].reshape(-1, 2) * segments, 4), axis=0)
    grid = [[i, j] for i in range(segments + 1) for j in range(segments + 1)]
    assert uv.tolist() == grid
    # every triangle has positive area in (u, v) and the union covers the unit square exactly
    a = prims[:, 1, :2] - prims[:, 0, :2]
    b = prims[:, 2, :2] - prims[:, 0, :2]
    area = np.abs(a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]) / 2
    assert (area > 0).all() and area.sum() == pytest.approx(1.0)


def test_tessellated_isoline_domain():
    # isoline: factor[0] = line count (detail), factor[1] = segments per line (density)
    prims = _tess_points("isoline", "integer", 3)
    assert len(prims) == 3 * 3
    # domain locations go through the tessellator's 16.16 fixed point (spec 11.7.2), hence the tolerance
    v = np.unique(np.round(prims[:, :, 1], 4))
    assert v.tolist() == pytest.approx([0.0, 1 / 3, 2 / 3], abs=1e-4)
    u = np.unique(np.round(prims[:, :, 0], 4))
    assert u.tolist() == pytest.approx([0.0, 1 / 3, 2 / 3, 1.0], abs=1e-4)


def test_tessellated_tri_domain_integer():
    prims = _tess_points("tri", "integer", 3)
    bary = prims[:, :, :3]
    assert np.allclose(bary.sum(axis=2), 1.0)
    area = []
    for t in bary:
        # map barycentrics to a unit right triangle (u, v) and measure the area
        a, b = t[1, :2] - t[0, :2], t[2, :2] - t[0, :2]
        area.append(abs(a[0] * b[1] - a[1] * b[0]) / 2)
    assert min(area) > 0 and sum(area) == pytest.approx(0.5)
    # odd integer factor 3: an outer ring of 3 segments per edge around an inner ring of 1 segment per edge
    # (3*3 + 3*1 = 12 triangles between them) plus the inner ring's own triangle
    assert len(prims) == 13


# --------------------------------------------------------------- more resource kinds and sampling forms
def test_array_index_rounding_and_offsets():
    dev, ctx = _device()
    subs = [np.arange(16, dtype=np.float32).reshape(4, 4) + 100 * s for s in range(3)]
    tex = _tex2d(dev, DXGI_FORMAT_R32_FLOAT, subs, array=3)
    srv = dev.CreateShaderResourceView(tex, None)
    smp = _sampler(dev)
    src = """
    Texture2DArray<float> t : register(t0);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        float2 uv = float2(0.375, 0.625);    // texel (1, 2)
        o.Store4(0, asuint(float4(t.SampleLevel(s, float3(uv, 0.5), 0), t.SampleLevel(s, float3(uv, 1.5), 0),
                                  t.SampleLevel(s, float3(uv, 2.6), 0), t.SampleLevel(s, float3(uv, -4), 0))));
        o.Store4(16, asuint(float4(t.SampleLevel(s, float3(uv, 1), 0, int2(-1, 1)),
                                   t.Load(int4(1, 2, 1, 0), int2(2, -2)),
                                   t.Load(int4(3, 3, 5, 0)), t.Load(int4(1, 2, 1, 1)))));
        int2 off = int2(-1, -1);
        o.Store4(32, asuint(t.GatherRed(s, float3(0.5, 0.5, 2), off)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 12, srvs=[srv], samplers=[smp]))
    tx = lambda s, x, y: subs[s][y, x]  # noqa: E731
    # array index: round to nearest even, then clamp (spec 7.18.x): 0.5 -> 0, 1.5 -> 2, 2.6 -> 2 (clamped 3)
    assert got[:4].tolist() == [tx(0, 1, 2), tx(2, 1, 2), tx(2, 1, 2), tx(0, 1, 2)]
    assert got[4:8].tolist() == [tx(1, 0, 3), tx(1, 3, 0), 0.0, 0.0]   # out-of-range slice / mip read 0
    # gather at (0.5, 0.5) with offset (-1, -1): footprint x 0..1, y 0..1
    assert got[8:12].tolist() == [tx(2, 0, 1), tx(2, 1, 1), tx(2, 1, 0), tx(2, 0, 0)]


def test_texture1d_3d_and_cube_sampling():
    dev, ctx = _device()
    t1 = dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32_FLOAT,
                                                  BindFlags=D3D11_BIND_SHADER_RESOURCE),
                             [D3D11_SUBRESOURCE_DATA(pSysMem=np.array([1, 2, 3, 4], np.float32))])
    vol = np.arange(2 * 2 * 4, dtype=np.float32).reshape(2, 2, 4)
    t3 = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=4, Height=2, Depth=2, MipLevels=1,
                                                  Format=DXGI_FORMAT_R32_FLOAT, BindFlags=D3D11_BIND_SHADER_RESOURCE),
                             [D3D11_SUBRESOURCE_DATA(pSysMem=vol, SysMemPitch=16, SysMemSlicePitch=32)])
    faces = [np.full((2, 2), 10.0 * (f + 1), np.float32) for f in range(6)]
    tc = _tex2d(dev, DXGI_FORMAT_R32_FLOAT, faces, array=6, misc=D3D11_RESOURCE_MISC_TEXTURECUBE)
    srvs = [dev.CreateShaderResourceView(t, None) for t in (t1, t3, tc)]
    smp = _sampler(dev, addr=D3D11_TEXTURE_ADDRESS_WRAP)
    src = """
    Texture1D<float> a : register(t0);
    Texture3D<float> b : register(t1);
    TextureCube<float> c : register(t2);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store4(0, asuint(float4(a.SampleLevel(s, 0.6, 0), a.SampleLevel(s, -0.1, 0),
                                  b.SampleLevel(s, float3(0.8, 0.7, 0.3), 0), b.Load(int4(2, 1, 1, 0)))));
        o.Store4(16, asuint(float4(c.SampleLevel(s, float3(1, 0.1, -0.2), 0), c.SampleLevel(s, float3(-1, 0.3, 0.2), 0),
                                   c.SampleLevel(s, float3(0.1, 2, 0.2), 0), c.SampleLevel(s, float3(0.1, 0.2, -3), 0))));
        o.Store2(32, asuint(float2(c.SampleLevel(s, float3(0.2, -5, 0.1), 0), c.SampleLevel(s, float3(0.1, 0.2, 3), 0))));
    }"""
    got = _f(_run_cs(dev, ctx, src, 10, srvs=srvs, samplers=[smp])).tolist()
    assert got[:4] == [3.0, 4.0, vol[0, 1, 3], vol[1, 1, 2]]
    # cube faces by major axis: +X 0, -X 1, +Y 2, -Y 3, +Z 4, -Z 5 (spec 7.18.x)
    assert got[4:10] == [10.0, 20.0, 30.0, 60.0, 40.0, 50.0]


def test_typed_uav_store_conversion_to_unorm_snorm_and_float16():
    dev, ctx = _device()
    fmts = [(DXGI_FORMAT_R8G8B8A8_UNORM, np.uint8), (DXGI_FORMAT_R8G8B8A8_SNORM, np.int8),
            (DXGI_FORMAT_R16G16B16A16_FLOAT, np.float16)]
    texs = [dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=1, MipLevels=1, ArraySize=1, Format=f,
                                                     SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=D3D11_BIND_UNORDERED_ACCESS), None) for f, _ in fmts]
    uavs = [dev.CreateUnorderedAccessView(t, None) for t in texs]
    vals = np.array([[0.5, -0.3, 1.7, 0.00196], [np.nan, 0.999, -1.2, 1 / 3]], np.float32)
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<unorm float4> a : register(u1);
    RWTexture2D<snorm float4> b : register(u2);
    RWTexture2D<float4> c : register(u3);
    [numthreads(1, 1, 1)] void main() {
        float4 v0 = float4(0.5, -0.3, 1.7, 0.00196), v1 = float4(asfloat(0x7fc00000), 0.999, -1.2, 1.0 / 3);
        a[uint2(0, 0)] = v0; a[uint2(1, 0)] = v1;
        b[uint2(0, 0)] = v0; b[uint2(1, 0)] = v1;
        c[uint2(0, 0)] = v0; c[uint2(1, 0)] = v1;
        o.Store(0, 1);
    }"""
    _run_cs(dev, ctx, src, 1, uavs=uavs)
    v = vals.astype(np.float64)
    unorm = np.floor(np.clip(np.nan_to_num(v, nan=0.0), 0, 1) * 255 + 0.5)
    sn = np.clip(np.nan_to_num(v, nan=0.0), -1, 1) * 127
    snorm = np.where(sn >= 0, np.floor(sn + 0.5), np.ceil(sn - 0.5))
    got_u = _read_tex(dev, ctx, texs[0], None, dev.CreateTexture2D, dtype=np.uint8, shape=(1, 1, 8))[0, 0]
    got_s = _read_tex(dev, ctx, texs[1], None, dev.CreateTexture2D, dtype=np.int8, shape=(1, 1, 8))[0, 0]
    got_h = _read_tex(dev, ctx, texs[2], None, dev.CreateTexture2D, dtype=np.float16, shape=(1, 1, 16))[0, 0]
    assert got_u.tolist() == unorm.ravel().tolist()
    assert got_s.tolist() == snorm.ravel().tolist()
    # float -> narrower float rounds toward zero (spec 3.2.3.x): step the RNE result back when it grew
    rne = vals.astype(np.float16).ravel()
    grew = np.abs(rne.astype(np.float64)) > np.abs(vals.ravel().astype(np.float64))
    want_h = np.where(grew, np.nextafter(rne, np.float16(0)), rne)
    assert np.isnan(got_h[4]) and np.array_equal(np.delete(got_h, 4), np.delete(want_h, 4))


def test_append_consume_and_structured_atomics():
    dev, ctx = _device()
    n = 8
    data = np.arange(n, dtype=np.uint32) * 5
    cons = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                              MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=4),
                            D3D11_SUBRESOURCE_DATA(pSysMem=data))
    app = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=8 * n, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=8),
                           None)
    u_cons = dev.CreateUnorderedAccessView(cons, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_APPEND)))
    u_app = dev.CreateUnorderedAccessView(app, D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n, Flags=D3D11_BUFFER_UAV_FLAG_APPEND)))
    out, u_out = _raw_uav(dev, 4)
    cs = _compile("""
    RWByteAddressBuffer o : register(u0);
    ConsumeStructuredBuffer<uint> c : register(u1);
    AppendStructuredBuffer<uint2> a : register(u2);
    [numthreads(6, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        uint v = c.Consume();
        a.Append(uint2(v, v + 1));
        uint old;
        o.InterlockedCompareExchange(4 * (v & 1), 0, v, old);
    }""", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 3, [u_out, u_cons, u_app], [0, n, 0])
    ctx.Dispatch(1, 1, 1)
    got = _read_buffer(dev, ctx, app, 8 * n).view(np.uint32).reshape(n, 2)
    consumed = data[n - 6:]                   # Consume decrements the counter first: elements 7..2
    assert sorted(got[:6, 0].tolist()) == sorted(consumed.tolist())
    assert (got[:6, 1] == got[:6, 0] + 1).all()
    # compare-exchange: the first lane (in lane order) with an even / odd value wins
    words = _read_buffer(dev, ctx, out, 16).view(np.uint32)
    assert words[0] in consumed[consumed % 2 == 0] and words[1] in consumed[consumed % 2 == 1]
    cbuf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_DEFAULT,
                                              BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                              MiscFlags=D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS), None)
    ctx.CopyStructureCount(cbuf, 4, u_app)
    ctx.CopyStructureCount(cbuf, 8, u_cons)
    assert _read_buffer(dev, ctx, cbuf, 16).view(np.uint32)[1:3].tolist() == [6, n - 6]


# ------------------------------------------------------------------- pixel-shader sampling with derivatives
_VS_FULL = """
float4 main(uint vid : SV_VertexID) : SV_Position {
    return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0, 1);
}"""


def _draw_ps(dev, ctx, ps, w, h, srvs=(), samplers=(), vs=_VS_FULL):
    tex, rtv = _rt(dev, ctx, w, h)
    _setup_draw(dev, ctx, [rtv], w, h, vs, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    if srvs:
        ctx.PSSetShaderResources(0, len(srvs), list(srvs))
    if samplers:
        ctx.PSSetSamplers(0, len(samplers), list(samplers))
    ctx.Draw(3, 0)
    return _rt_pixels(dev, ctx, tex, w, h)


def test_ps_implicit_lod_bias_and_calculate_lod():
    dev, ctx = _device()
    srv = _mip_tex(dev, sizes=(16, 8, 4, 2, 1))
    point = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_POINT)
    ps = """
    Texture2D<float> t : register(t0);
    SamplerState s : register(s0);
    float4 main(float4 pos : SV_Position) : SV_Target {
        // uv moves by 1/4 of the texture per pixel: 4 texels of mip 0 per pixel -> lod 2
        float2 uv = pos.xy / 4.0;
        return float4(t.Sample(s, uv), t.SampleBias(s, uv, -1.0), t.CalculateLevelOfDetail(s, uv),
                      t.CalculateLevelOfDetailUnclamped(s, uv * 4));
    }"""
    got = _draw_ps(dev, ctx, ps, 4, 4, srvs=[srv], samplers=[point])
    assert (got[..., 0] == 30.0).all() and (got[..., 1] == 20.0).all()
    assert (got[..., 2] == 2.0).all() and (got[..., 3] == 4.0).all()


def test_ps_sample_cmp_with_implicit_lod_and_gather_cmp():
    dev, ctx = _device()
    depth = np.array([[0.1, 0.2, 0.3, 0.4]] * 4, np.float32)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, depth), None)
    cmp = _sampler(dev, filt=D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, ComparisonFunc=D3D11_COMPARISON_LESS_EQUAL)
    ps = """
    Texture2D<float> t : register(t0);
    SamplerComparisonState s : register(s0);
    float4 main(float4 pos : SV_Position) : SV_Target {
        float2 uv = pos.xy / 4.0;
        return float4(t.SampleCmp(s, uv, 0.25), t.SampleCmpLevelZero(s, uv, 0.35), t.GatherCmpRed(s, uv, 0.25).xy);
    }"""
    got = _draw_ps(dev, ctx, ps, 4, 4, srvs=[srv], samplers=[cmp])
    x = np.arange(4)
    assert got[0, :, 0].tolist() == (F32(0.25) <= depth[0]).astype(float).tolist()
    assert got[0, :, 1].tolist() == (F32(0.35) <= depth[0]).astype(float).tolist()
    # gather footprint at the pixel centre uv = (x + 0.5) / 4: texels x and x+1 (clamped); .x/.y are (x0,y1),(x1,y1)
    x1 = np.minimum(x + 1, 3)
    assert got[1, :, 2].tolist() == (F32(0.25) <= depth[0][x]).astype(float).tolist()
    assert got[1, :, 3].tolist() == (F32(0.25) <= depth[0][x1]).astype(float).tolist()


def test_ps_derivatives_coarse_and_fine():
    dev, ctx = _device()
    ps = """
    float4 main(float4 pos : SV_Position) : SV_Target {
        float v = pos.x * pos.x + 10 * pos.y * pos.y;
        return float4(ddx_fine(v), ddy_fine(v), ddx_coarse(v), ddy_coarse(v));
    }"""
    got = _draw_ps(dev, ctx, ps, 4, 4)
    yy, xx = np.mgrid[0:4, 0:4] + 0.5
    v = xx * xx + 10 * yy * yy
    qx, qy = (np.mgrid[0:4, 0:4][1] // 2) * 2, (np.mgrid[0:4, 0:4][0] // 2) * 2
    fine_x = v[yy.astype(int), (qx + 1)] - v[yy.astype(int), qx]
    fine_y = v[(qy + 1), xx.astype(int)] - v[qy, xx.astype(int)]
    # coarse: one value per quad, from the quad's top-left pixel row/column (spec 16.x, quad derivatives)
    coarse_x = v[qy, qx + 1] - v[qy, qx]
    coarse_y = v[qy + 1, qx] - v[qy, qx]
    assert got[..., 0].tolist() == fine_x.tolist()
    assert got[..., 1].tolist() == fine_y.tolist()
    assert got[..., 2].tolist() == coarse_x.tolist()
    assert got[..., 3].tolist() == coarse_y.tolist()


def test_ia_vertex_formats_instancing_and_base_vertex():
    dev, ctx = _device()
    vs = """
    struct I { float4 a : A; int2 b : B; float4 c : C; float2 d : D; uint vid : SV_VertexID; uint iid : SV_InstanceID; };
    struct O { float4 pos : SV_Position; nointerpolation float4 a : A; nointerpolation float4 v : V; };
    O main(I i) {
        O o;
        o.pos = float4((i.iid * 4 + (i.vid & 3) + 0.5) / 8.0 * 2 - 1, 0, 0, 1);
        o.a = i.a;
        o.v = float4(i.b, i.c.x + i.d.x, i.c.w);
        return o;
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, nointerpolation float4 a : A, nointerpolation float4 v : V,
                out float4 o1 : SV_Target1) : SV_Target0 { o1 = v; return a; }"""
    n = 4
    a = np.array([[0, 128, 255, 64]] * n, np.uint8) + np.arange(n, dtype=np.uint8)[:, None]
    b = np.array([[-32768, 7], [5, -1], [100, 200], [-3, -4]], np.int16)
    c = np.array([0x3FF | (0x200 << 10) | (0x001 << 20) | (2 << 30)] * n, np.uint32)
    d = np.array([[1.5, 0], [2.5, 0], [-1, 0], [8, 0]], np.float16)
    vtx = np.zeros(n, dtype=[("a", np.uint8, 4), ("b", np.int16, 2), ("c", np.uint32)])
    vtx["a"], vtx["b"], vtx["c"] = a, b, c
    inst = np.zeros(2, dtype=[("d", np.float16, 2)])
    inst["d"] = d[:2]
    vb0 = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=vtx.nbytes + 12 * 2, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                           D3D11_SUBRESOURCE_DATA(pSysMem=np.concatenate([np.zeros(24, np.uint8),
                                                                          vtx.view(np.uint8)])))
    vb1 = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=inst.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                           D3D11_SUBRESOURCE_DATA(pSysMem=inst.view(np.uint8)))
    ib = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=8, BindFlags=D3D11_BIND_INDEX_BUFFER),
                          D3D11_SUBRESOURCE_DATA(pSysMem=np.array([3, 2, 1, 0], np.uint16)))
    vsb = _compile(vs, "vs_5_0")
    el = lambda name, fmt, slot, off, cls, rate: D3D11_INPUT_ELEMENT_DESC(  # noqa: E731
        SemanticName=name, SemanticIndex=0, Format=fmt, InputSlot=slot, AlignedByteOffset=off,
        InputSlotClass=cls, InstanceDataStepRate=rate)
    layout = dev.CreateInputLayout([
        el("A", DXGI_FORMAT_R8G8B8A8_UNORM, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        el("B", DXGI_FORMAT_R16G16_SINT, 0, 4, D3D11_INPUT_PER_VERTEX_DATA, 0),
        el("C", DXGI_FORMAT_R10G10B10A2_UNORM, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0),
        el("D", DXGI_FORMAT_R16G16_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA, 1)], 4, vsb, len(vsb))
    t0, rtv0 = _rt(dev, ctx, 8, 1)
    t1, rtv1 = _rt(dev, ctx, 8, 1)
    _setup_draw(dev, ctx, [rtv0, rtv1], 8, 1, vs, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
    ctx.IASetInputLayout(layout)
    ctx.IASetVertexBuffers(0, 2, [vb0, vb1], [12, 4], [0, 0])
    ctx.IASetIndexBuffer(ib, DXGI_FORMAT_R16_UINT, 0)
    ctx.DrawIndexedInstanced(4, 2, 0, 2, 0)      # BaseVertexLocation 2 skips the 24 zero bytes
    ga = _rt_pixels(dev, ctx, t0, 8, 1)[0]
    gv = _rt_pixels(dev, ctx, t1, 8, 1)[0]
    cf = [F32(0x3FF) / F32(1023), F32(0x200) / F32(1023), F32(1) / F32(1023), F32(2) / F32(3)]
    for iid in range(2):
        for idx in [3, 2, 1, 0]:
            vid = idx     # SV_VertexID is the index value, without BaseVertexLocation (hlsl-specs proposal 0015)
            px = iid * 4 + (vid & 3)
            assert ga[px].tolist() == (a[idx].astype(F32) / F32(255)).tolist()
            assert gv[px].tolist() == [b[idx, 0], b[idx, 1], F32(cf[0] + F32(d[iid, 0])), cf[3]]


# ---------------------------------------------------------------------------- compiler paths on resources
def _structured(dev, words: np.ndarray, stride: int, uav: bool = False):
    words = np.ascontiguousarray(words, np.uint32)
    n = words.nbytes // stride
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(
        ByteWidth=words.nbytes, BindFlags=D3D11_BIND_UNORDERED_ACCESS if uav else D3D11_BIND_SHADER_RESOURCE,
        MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=stride),
        D3D11_SUBRESOURCE_DATA(pSysMem=words))
    if uav:
        return buf, dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER,
            Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))
    return buf, dev.CreateShaderResourceView(buf, D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_SRV_DIMENSION_BUFFER,
        Buffer=D3D11_BUFFER_SRV(FirstElement=0, NumElements=n)))


def test_uav_elements_as_out_params_and_atomics_on_members():
    dev, ctx = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=3, Height=2, MipLevels=1, ArraySize=1,
                                                   Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                   BindFlags=D3D11_BIND_UNORDERED_ACCESS), None)
    sb, u_sb = _structured(dev, np.array([10, 20, 30, 40, 50, 60], np.uint32), 8, uav=True)
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<float4> u : register(u1);
    RWStructuredBuffer<uint2> sb : register(u2);
    void f(out float4 x, inout uint2 y) { x = float4(1, 2, 3, 4); y += uint2(5, 6); }
    [numthreads(1, 1, 1)] void main() {
        f(u[int2(1, 0)], sb[1]);
        uint old;
        InterlockedAdd(sb[0].y, 7, old);
        uint w, h; u.GetDimensions(w, h);
        uint n, st; sb.GetDimensions(n, st);
        o.Store4(0, uint4(old, w, h, n * 100 + st));
    }"""
    got = _run_cs(dev, ctx, src, 4, uavs=[dev.CreateUnorderedAccessView(tex, None), u_sb])
    assert got.tolist() == [20, 3, 2, 308]
    assert _read_buffer(dev, ctx, sb, 24).view(np.uint32).tolist() == [10, 27, 35, 46, 50, 60]
    px = _read_tex(dev, ctx, tex, None, dev.CreateTexture2D, dtype=F32, shape=(2, 1, 48))[0].reshape(2, 3, 4)
    assert px[0, 1].tolist() == [1, 2, 3, 4] and px[0, 0].tolist() == [0, 0, 0, 0]


def test_structured_buffer_matrix_layouts_and_arrays():
    dev, ctx = _device()
    # struct S { float a; float3x2 m; row_major float2x3 r; int2 arr[2]; } packs to 4 + 24 + 24 + 16 = 68 bytes
    stride = 68
    recs = np.zeros((2, 17), np.uint32)
    vals = np.arange(34, dtype=np.float32).reshape(2, 17) + F32(0.5)
    recs[:] = vals.view(np.uint32)
    recs[:, 13:17] = np.array([[1, 2, 3, 4], [-5, -6, -7, -8]], np.int32).view(np.uint32)
    _, srv = _structured(dev, recs, stride)
    src = """
    struct S { float a; float3x2 m; row_major float2x3 r; int2 arr[2]; };
    StructuredBuffer<S> s : register(t0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        S v = s[1];
        o.Store4(0, asuint(float4(v.a, v.m[2][1], v.r[1][2], v.arr[1].y)));
        o.Store2(16, asuint(float2(v.m._m01, s[0].r._m10)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 6, srvs=[srv])).tolist()
    f1 = vals[1]
    # column_major float3x2: column c holds rows 0..2 -> m[r][c] at 1 + 3c + r; row_major float2x3: r[i][j] at 7 + 3i + j
    assert got == [f1[0], f1[1 + 3 * 1 + 2], f1[7 + 3 * 1 + 2], -8.0, f1[1 + 3 * 1 + 0], vals[0][7 + 3]]


def test_groupshared_vectors_and_atomics_on_vector_components():
    dev, ctx = _device()
    src = """
    RWByteAddressBuffer o : register(u0);
    groupshared uint2 g;
    groupshared uint4 arr[2];
    groupshared float3 f[8];
    [numthreads(8, 1, 1)] void main(uint idx : SV_GroupIndex) {
        if (idx == 0) { g = uint2(5, 100); arr[0] = 0; arr[1] = uint4(1, 2, 3, 4); }
        f[idx] = float3(idx, idx * 2, idx * 3);
        GroupMemoryBarrierWithGroupSync();
        InterlockedAdd(g.y, idx);
        InterlockedMax(arr[1].z, idx * 3);
        float3 n = f[(idx + 1) % 8];
        GroupMemoryBarrierWithGroupSync();
        o.Store3(16 + idx * 12, asuint(n));
        if (idx == 0) o.Store4(0, uint4(g, arr[1].zw));
    }"""
    got = _run_cs(dev, ctx, src, 4 + 24)
    assert got[:4].tolist() == [5, 100 + sum(range(8)), 21, 4]
    nxt = (np.arange(8) + 1) % 8
    assert _f(got[4:]).reshape(8, 3).tolist() == [[i, 2 * i, 3 * i] for i in nxt]


def test_vs_hs_ds_ps_quad_patch_renders_domain_coordinates():
    dev, ctx = _device()
    vs = """
    struct V { float2 p : P; };
    V main(uint vid : SV_VertexID) {
        V v;
        // two patches side by side, control points in the order (0,0) (1,0) (0,1) (1,1) of each half
        float2 corner = float2(vid & 1, (vid >> 1) & 1);
        v.p = float2((corner.x + (vid >> 2)) * 0.5, corner.y);
        return v;
    }"""
    hs = """
    struct V { float2 p : P; };
    struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float id : ID; };
    PC pc(InputPatch<V, 4> ip, uint prim : SV_PrimitiveID) {
        PC o;
        o.e[0] = o.e[1] = o.e[2] = o.e[3] = 4;
        o.i[0] = o.i[1] = 4;
        o.id = prim;
        return o;
    }
    [domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(4)]
    [patchconstantfunc("pc")]
    V main(InputPatch<V, 4> ip, uint i : SV_OutputControlPointID) { V v; v.p = ip[i].p; return v; }"""
    ds = """
    struct V { float2 p : P; };
    struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float id : ID; };
    struct O { float4 pos : SV_Position; float2 uv : UV; nointerpolation float id : ID; };
    [domain("quad")] O main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<V, 4> cp) {
        O o;
        float2 p = lerp(lerp(cp[0].p, cp[1].p, uv.x), lerp(cp[2].p, cp[3].p, uv.x), uv.y);
        o.pos = float4(p.x * 2 - 1, 1 - p.y * 2, 0, 1);
        o.uv = uv;
        o.id = pc.id;
        return o;
    }"""
    ps = """
    float4 main(float4 pos : SV_Position, float2 uv : UV, nointerpolation float id : ID,
                uint prim : SV_PrimitiveID) : SV_Target { return float4(uv, id, prim); }"""
    tex, rtv = _rt(dev, ctx, 8, 4)
    _setup_draw(dev, ctx, [rtv], 8, 4, vs, ps, hs=hs, ds=ds,
                topology=D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST)
    ctx.Draw(8, 0)
    got = _rt_pixels(dev, ctx, tex, 8, 4)
    yy, xx = np.mgrid[0:4, 0:8] + 0.5
    u = (xx % 4) / 4
    v = yy / 4
    np.testing.assert_allclose(got[..., 0], u, atol=2e-3)
    np.testing.assert_allclose(got[..., 1], v, atol=2e-3)
    assert got[..., 2].tolist() == (xx // 4).tolist()       # HS patch constant SV_PrimitiveID = patch index
    assert got[..., 3].tolist() == (xx // 4).tolist()       # PS SV_PrimitiveID under tessellation = patch index


def test_sampling_converts_before_filtering_srgb_snorm_bc():
    dev, ctx = _device()
    srgb = _tex2d(dev, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, np.array([[[0, 0, 0, 0], [255, 255, 255, 255]]], np.uint8))
    snorm = _tex2d(dev, DXGI_FORMAT_R8_SNORM, np.array([[-128, 127]], np.int8))
    blk = np.frombuffer(_bc1_block(0xFFFF, 0x0000, [0, 1] * 8), np.uint8).reshape(1, 1, 8)
    bc = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_BC1_UNORM_SRGB,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=blk, SysMemPitch=8)])
    srvs = [dev.CreateShaderResourceView(t, None) for t in (srgb, snorm, bc)]
    lin = _sampler(dev, filt=D3D11_FILTER_MIN_MAG_MIP_LINEAR)
    src = """
    Texture2D a : register(t0);
    Texture2D<float> b : register(t1);
    Texture2D c : register(t2);
    SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        o.Store4(0, asuint(a.SampleLevel(s, float2(0.5, 0.5), 0)));
        o.Store4(16, asuint(float4(b.SampleLevel(s, float2(0.5, 0.5), 0), b.SampleLevel(s, float2(0.0, 0.5), 0),
                                   c.SampleLevel(s, float2(0.25, 0.5), 0).x, c.Load(int3(1, 0, 0)).x)));
    }"""
    got = _f(_run_cs(dev, ctx, src, 8, srvs=srvs, samplers=[lin]))
    # sRGB decodes to linear before filtering: halfway between 0 and 1 is 0.5, alpha linear too
    np.testing.assert_allclose(got[:4], [0.5, 0.5, 0.5, 0.5], atol=1e-3)
    # SNORM -128 reads -1: the midpoint of -1 and 1 is 0; at the clamp edge it is -1
    np.testing.assert_allclose(got[4:6], [0.0, -1.0], atol=1e-6)
    # BC1 sRGB: white/black texels alternate per column, decoded (linear 1 and 0) then filtered
    np.testing.assert_allclose(got[6], 0.5, atol=1e-3)
    assert got[7] == 0.0


def test_get_dimensions_variety_and_ms_load_offset():
    dev, ctx = _device()
    ms = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=2, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=4), BindFlags=D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_RENDER_TARGET), None)
    rtv = dev.CreateRenderTargetView(ms, None)
    ctx.ClearRenderTargetView(rtv, [0, 0, 0, 0])
    # left half 1.0, right half 2.0
    vs = _VS_FULL
    ps = "float4 main(float4 pos : SV_Position) : SV_Target { return pos.x < 2 ? 1.0 : 2.0; }"
    _setup_draw(dev, ctx, [rtv], 4, 2, vs, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    t1a = dev.CreateTexture1D(D3D11_TEXTURE1D_DESC(Width=16, MipLevels=3, ArraySize=5, Format=DXGI_FORMAT_R8_UNORM,
                                                   BindFlags=D3D11_BIND_SHADER_RESOURCE), None)
    t3 = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=8, Height=4, Depth=6, MipLevels=1,
                                                  Format=DXGI_FORMAT_R32_UINT, BindFlags=D3D11_BIND_UNORDERED_ACCESS),
                             None)
    u3 = dev.CreateUnorderedAccessView(t3, None)
    src = """
    Texture2DMS<float4> m : register(t0);
    Texture1DArray<float> a : register(t1);
    RWByteAddressBuffer o : register(u0);
    RWTexture3D<uint> v : register(u1);
    [numthreads(1, 1, 1)] void main() {
        uint w, h, s;
        m.GetDimensions(w, h, s);
        uint aw, ae, al;
        a.GetDimensions(1, aw, ae, al);
        uint vw, vh, vd;
        v.GetDimensions(vw, vh, vd);
        o.Store4(0, uint4(w, h, s, aw));
        o.Store4(16, uint4(ae, al, vw, vh * 100 + vd));
        o.Store4(32, asuint(float4(m.Load(int2(0, 0), 1, int2(3, 1)).x, m.Load(int2(1, 1), 2).x,
                                   m.Load(int2(4, 0), 0).x, m.sample[3][uint2(3, 0)].x)));
    }"""
    got = _run_cs(dev, ctx, src, 12, srvs=[dev.CreateShaderResourceView(ms, None),
                                           dev.CreateShaderResourceView(t1a, None)], uavs=[u3])
    assert got[:8].tolist() == [4, 2, 4, 8, 5, 3, 8, 406]
    # ldms with an immediate offset (3, 1) reads pixel (3, 1); out-of-range x reads 0
    assert _f(got[8:]).tolist() == [2.0, 1.0, 0.0, 2.0]


def test_pixel_shader_uav_writes_alongside_render_targets():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 2)
    out, uav = _raw_uav(dev, 8)
    ps = """
    RWByteAddressBuffer o : register(u1);
    float4 main(float4 pos : SV_Position) : SV_Target {
        uint2 p = uint2(pos.xy);
        o.Store((p.y * 4 + p.x) * 4, p.x * 10 + p.y);
        return 1;
    }"""
    _setup_draw(dev, ctx, [rtv], 4, 2, _VS_FULL, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [rtv], None, 1, 1, [uav], None)
    ctx.Draw(3, 0)
    words = _read_buffer(dev, ctx, out, 32).view(np.uint32)
    assert words.tolist() == [x * 10 + y for y in range(2) for x in range(4)]
    assert (_rt_pixels(dev, ctx, tex, 4, 2) == 1).all()
