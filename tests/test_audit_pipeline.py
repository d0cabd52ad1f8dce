"""End-to-end audit scenarios (HLSL -> D3DCompile -> API -> pipeline -> read back), in the style of the
vkd3d shader tests.  Every expectation is computed here from the spec rules (spec-facts.md), never
from pyd3d11 itself."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *  # noqa: F403

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
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=nbytes, Usage=D3D11_USAGE_STAGING,
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


def test_typed_uav_load_of_an_additional_format():
    dev, ctx = _device()
    support = dev.CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2)
    if not support.TypedUAVLoadAdditionalFormats:
        pytest.skip("no typed UAV load of additional formats")
    init = np.arange(16, dtype=np.uint8).reshape(1, 4, 4) * 16
    tex = _tex2d(dev, DXGI_FORMAT_R8G8B8A8_UNORM, init, bind=D3D11_BIND_UNORDERED_ACCESS)
    src = """
    RWByteAddressBuffer o : register(u0);
    RWTexture2D<unorm float4> t : register(u1);
    [numthreads(4, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
        float4 v = t[id.xy];
        o.Store4(id.x * 16, asuint(v));
        t[id.xy] = v.wzyx;
    }"""
    got = _f(_run_cs(dev, ctx, src, 16, uavs=[dev.CreateUnorderedAccessView(tex, None)])).reshape(4, 4)
    assert got.tolist() == (init[0].astype(F32) / F32(255)).tolist()
    back = _read_tex(dev, ctx, tex, None, dev.CreateTexture2D, dtype=np.uint8, shape=(1, 1, 16))[0, 0].reshape(4, 4)
    assert back.tolist() == init[0][:, ::-1].tolist()


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
    srv = dev.CreateShaderResourceView(tex, None) if False else None  # noqa: F841 (RT only, read via CS below)
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
