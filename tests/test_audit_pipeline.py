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
