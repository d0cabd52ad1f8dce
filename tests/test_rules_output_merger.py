"""Every enumerated output-merger and comparison rule, case by case, through the public API.

Expected values are computed here from the definitions: D3D11_LOGIC_OP (d3d11_1.h / D3D11.3 §17.4), the
comparison functions (§17.5 "Depth/Stencil comparison"; the same eight for sampler comparison, §7.18.9), the
stencil operations (§17.6, on 8-bit stencil with values where saturate and wrap differ), the stencil read and
write masks, front/back face selection, and FLOAT → UNORM/SNORM conversion ties (§3.2.3.6/§3.2.3.7: scale,
+0.5 (−0.5 for negative SNORM), truncate). Each table row is its own test case, so a swapped or broken case
fails by name."""

from __future__ import annotations

import numpy as np
import pytest
from test_audit_pipeline import _compile, _device, _f, _rt, _rt_pixels, _run_cs, _sampler, _tex2d

from pyd3d11.d3d11 import *  # noqa: F403

U32 = np.uint32
F32 = np.float32

# --------------------------------------------------------------------------------------------- logic ops
#: D3D11_LOGIC_OP → result of (s, d) on unsigned words of the format's width (mask m).
LOGIC = {
    D3D11_LOGIC_OP_CLEAR: lambda s, d, m: 0,
    D3D11_LOGIC_OP_SET: lambda s, d, m: m,
    D3D11_LOGIC_OP_COPY: lambda s, d, m: s,
    D3D11_LOGIC_OP_COPY_INVERTED: lambda s, d, m: ~s & m,
    D3D11_LOGIC_OP_NOOP: lambda s, d, m: d,
    D3D11_LOGIC_OP_INVERT: lambda s, d, m: ~d & m,
    D3D11_LOGIC_OP_AND: lambda s, d, m: s & d,
    D3D11_LOGIC_OP_NAND: lambda s, d, m: ~(s & d) & m,
    D3D11_LOGIC_OP_OR: lambda s, d, m: s | d,
    D3D11_LOGIC_OP_NOR: lambda s, d, m: ~(s | d) & m,
    D3D11_LOGIC_OP_XOR: lambda s, d, m: s ^ d,
    D3D11_LOGIC_OP_EQUIV: lambda s, d, m: ~(s ^ d) & m,
    D3D11_LOGIC_OP_AND_REVERSE: lambda s, d, m: s & ~d & m,
    D3D11_LOGIC_OP_AND_INVERTED: lambda s, d, m: ~s & d & m,
    D3D11_LOGIC_OP_OR_REVERSE: lambda s, d, m: (s | ~d) & m,
    D3D11_LOGIC_OP_OR_INVERTED: lambda s, d, m: (~s | d) & m,
}
assert len(LOGIC) == 16

_VS_FULL = """
float4 main(uint vid : SV_VertexID) : SV_Position {
    return float4(vid & 1 ? 3.0 : -1.0, vid & 2 ? -3.0 : 1.0, 0.5, 1);
}"""

#: source and destination words: every pair of four bit patterns (16 pixels of a 4×4 target)
_PATTERNS = [0x00000000, 0xFFFFFFFF, 0xF0F0A5A5, 0x12345678]
_SRC = np.array([[_PATTERNS[x] for x in range(4)] for _y in range(4)], np.uint64)
_DST = np.array([[_PATTERNS[y]] * 4 for y in range(4)], np.uint64)


def _draw_full(dev, ctx, rtv, w, h, ps, srvs=(), dsv=None, vs=_VS_FULL):
    ctx.OMSetRenderTargets(1 if rtv is not None else 0, [rtv] if rtv is not None else [], dsv)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, w, h, 0, 1)])
    v = _compile(vs, "vs_5_0")
    ctx.VSSetShader(dev.CreateVertexShader(v, len(v), None), None, 0)
    p = _compile(ps, "ps_5_0")
    ctx.PSSetShader(dev.CreatePixelShader(p, len(p), None), None, 0)
    if srvs:
        ctx.PSSetShaderResources(0, len(srvs), list(srvs))
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)


@pytest.mark.parametrize("fmt,bits", [(DXGI_FORMAT_R32_UINT, 32), (DXGI_FORMAT_R8_UINT, 8)])
@pytest.mark.parametrize("op", sorted(LOGIC), ids=lambda o: D3D11_LOGIC_OP(o).name.removeprefix("D3D11_LOGIC_OP_"))
def test_logic_op(op, fmt, bits):
    dev, _lvl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_11_1], 1,
                                       D3D11_SDK_VERSION)
    assert dev.CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS).OutputMergerLogicOp
    m = (1 << bits) - 1
    src, dst = _SRC & m, _DST & m
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_RENDER_TARGET), [D3D11_SUBRESOURCE_DATA(
            pSysMem=dst.astype(U32 if bits == 32 else np.uint8), SysMemPitch=4 * bits // 8)])
    rtv = dev.CreateRenderTargetView(tex, None)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_UINT, src.astype(U32)), None)
    rt = D3D11_RENDER_TARGET_BLEND_DESC1(BlendEnable=0, LogicOpEnable=1, SrcBlend=D3D11_BLEND_ONE,
                                         DestBlend=D3D11_BLEND_ZERO, BlendOp=D3D11_BLEND_OP_ADD,
                                         SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_ZERO,
                                         BlendOpAlpha=D3D11_BLEND_OP_ADD, LogicOp=op,
                                         RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)
    bs = dev.CreateBlendState1(D3D11_BLEND_DESC1(RenderTarget=[rt] * 8))
    ctx.OMSetBlendState(bs, None, 0xFFFFFFFF)
    ps = """Texture2D<uint> t : register(t0);
    uint main(float4 p : SV_Position) : SV_Target { return t.Load(int3(p.xy, 0)); }"""
    _draw_full(dev, ctx, rtv, 4, 4, ps, srvs=[srv])
    got = _rt_pixels(dev, ctx, tex, 4, 4, dtype=U32 if bits == 32 else np.uint8, bpp=bits // 8)[..., 0]
    want = np.vectorize(lambda s, d: LOGIC[op](int(s), int(d), m))(src, dst)
    assert got.astype(np.int64).tolist() == want.astype(np.int64).tolist()


# ------------------------------------------------------------------------------- comparison functions
#: D3D11_COMPARISON_FUNC → does the comparison of (source, destination/reference) pass (§17.5)
COMPARE = {
    D3D11_COMPARISON_NEVER: lambda a, b: False,
    D3D11_COMPARISON_LESS: lambda a, b: a < b,
    D3D11_COMPARISON_EQUAL: lambda a, b: a == b,
    D3D11_COMPARISON_LESS_EQUAL: lambda a, b: a <= b,
    D3D11_COMPARISON_GREATER: lambda a, b: a > b,
    D3D11_COMPARISON_NOT_EQUAL: lambda a, b: a != b,
    D3D11_COMPARISON_GREATER_EQUAL: lambda a, b: a >= b,
    D3D11_COMPARISON_ALWAYS: lambda a, b: True,
}
_CMP_IDS = {f: D3D11_COMPARISON_FUNC(f).name.removeprefix("D3D11_COMPARISON_") for f in COMPARE}

#: per pixel: the depth the PS writes (SV_Depth) against a buffer cleared to 0.5 — less, equal, greater
_DEPTHS = np.array([[0.25, 0.5, 0.75, 0.5]], F32)


@pytest.mark.parametrize("func", sorted(COMPARE), ids=_CMP_IDS.get)
def test_depth_comparison_function(func):
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 1, clear=(0, 0, 0, 0))
    ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D32_FLOAT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    dsv = dev.CreateDepthStencilView(ds, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH, 0.5, 0)
    ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=1, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=func)), 0)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, _DEPTHS), None)
    ps = """Texture2D<float> t : register(t0);
    float4 main(float4 p : SV_Position, out float d : SV_Depth) : SV_Target {
        d = t.Load(int3(p.xy, 0)); return float4(1, 2, 3, 4); }"""
    _draw_full(dev, ctx, rtv, 4, 1, ps, srvs=[srv], dsv=dsv)
    passed = np.array([COMPARE[func](float(d), 0.5) for d in _DEPTHS[0]])
    colour = _rt_pixels(dev, ctx, tex, 4, 1)[0]
    assert [bool(c[0] == 1) for c in colour] == passed.tolist()
    assert all(c.tolist() == [0, 0, 0, 0] for c, p in zip(colour, passed) if not p)
    staging = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D32_FLOAT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        Usage=D3D11_USAGE_STAGING, CPUAccessFlags=D3D11_CPU_ACCESS_READ), None)
    ctx.CopyResource(staging, ds)
    mp = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    depth = np.frombuffer(mp.pData, F32)[:4].copy()
    ctx.Unmap(staging, 0)
    assert depth.tolist() == np.where(passed, _DEPTHS[0], F32(0.5)).tolist()


#: comparison-sampling references against texels 0.25 / 0.5 / 0.75 (less, equal, greater per texel)
_CMP_TEXELS = np.array([[0.25, 0.5, 0.75, 0.5]], F32)


@pytest.mark.parametrize("func", sorted(COMPARE), ids=_CMP_IDS.get)
def test_sampler_comparison_function(func):
    """§7.18.9: the reference value is compared with the texel (``ref FUNC texel``), 1.0 when it passes."""
    dev, ctx = _device()
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, _CMP_TEXELS), None)
    smp = _sampler(dev, filt=D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, ComparisonFunc=func)
    src = """
    Texture2D<float> t : register(t0);
    SamplerComparisonState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(4, 3, 1)] void main(uint3 id : SV_DispatchThreadID) {
        const float refs[3] = {0.25, 0.5, 0.75};
        float v = t.SampleCmpLevelZero(s, float2((id.x + 0.5) / 4, 0.5), refs[id.y]);
        o.Store((id.y * 4 + id.x) * 4, asuint(v));
    }"""
    got = _f(_run_cs(dev, ctx, src, 12, srvs=[srv], samplers=[smp])).reshape(3, 4)
    want = [[1.0 if COMPARE[func](r, float(t)) else 0.0 for t in _CMP_TEXELS[0]] for r in (0.25, 0.5, 0.75)]
    assert got.tolist() == want


# ---------------------------------------------------------------------------------------- stencil ops
#: D3D11_STENCIL_OP → new 8-bit stencil from (old, ref) (§17.6): saturating vs wrapping increments differ at
#: 0 and 255, so the starting values below include both.
STENCIL = {
    D3D11_STENCIL_OP_KEEP: lambda s, r: s,
    D3D11_STENCIL_OP_ZERO: lambda s, r: 0,
    D3D11_STENCIL_OP_REPLACE: lambda s, r: r,
    D3D11_STENCIL_OP_INCR_SAT: lambda s, r: min(s + 1, 255),
    D3D11_STENCIL_OP_DECR_SAT: lambda s, r: max(s - 1, 0),
    D3D11_STENCIL_OP_INVERT: lambda s, r: ~s & 0xFF,
    D3D11_STENCIL_OP_INCR: lambda s, r: (s + 1) & 0xFF,
    D3D11_STENCIL_OP_DECR: lambda s, r: (s - 1) & 0xFF,
}
_SOP_IDS = {o: D3D11_STENCIL_OP(o).name.removeprefix("D3D11_STENCIL_OP_") for o in STENCIL}
_STARTS = (0, 1, 0x7F, 0xFE, 0xFF)
_REF = 0x5A


def _stencil_after(dev, ctx, start: int, face_desc: dict, *, back: bool, depth_func=D3D11_COMPARISON_ALWAYS,
                   read_mask=0xFF, write_mask=0xFF, ref=_REF) -> int:
    """Draw one covering triangle (front- or back-facing, no culling) over a 1×1 D24S8 target cleared to
    ``start``; return the stencil value afterwards."""
    ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=1, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D24_UNORM_S8_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    dsv = dev.CreateDepthStencilView(ds, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, start)
    keep = dict(StencilFailOp=D3D11_STENCIL_OP_KEEP, StencilDepthFailOp=D3D11_STENCIL_OP_KEEP,
                StencilPassOp=D3D11_STENCIL_OP_KEEP, StencilFunc=D3D11_COMPARISON_NEVER)
    used = D3D11_DEPTH_STENCILOP_DESC(**face_desc)
    unused = D3D11_DEPTH_STENCILOP_DESC(**keep)
    ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=1, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ZERO, DepthFunc=depth_func, StencilEnable=1,
        StencilReadMask=read_mask, StencilWriteMask=write_mask, FrontFace=unused if back else used,
        BackFace=used if back else unused)), ref)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=D3D11_FILL_SOLID,
                                                                   CullMode=D3D11_CULL_NONE, DepthClipEnable=1)))
    # clockwise in screen space is front-facing by default; swapping y flips the winding
    sign = "-" if back else ""
    vs = f"""float4 main(uint vid : SV_VertexID) : SV_Position {{
        return float4(vid & 1 ? 3.0 : -1.0, {sign}(vid & 2 ? -3.0 : 1.0), 0.5, 1); }}"""
    _draw_full(dev, ctx, None, 1, 1, "float4 main() : SV_Target { return 1; }", dsv=dsv, vs=vs)
    staging = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=1, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D24_UNORM_S8_UINT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=D3D11_USAGE_STAGING, CPUAccessFlags=D3D11_CPU_ACCESS_READ), None)
    ctx.CopyResource(staging, ds)
    mp = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    word = int(np.frombuffer(mp.pData, U32)[0])
    ctx.Unmap(staging, 0)
    return word >> 24


@pytest.mark.parametrize("back", [False, True], ids=["front", "back"])
@pytest.mark.parametrize("op", sorted(STENCIL), ids=_SOP_IDS.get)
def test_stencil_pass_op(op, back):
    dev, ctx = _device()
    for start in _STARTS:
        got = _stencil_after(dev, ctx, start, dict(StencilFailOp=D3D11_STENCIL_OP_KEEP,
                                                   StencilDepthFailOp=D3D11_STENCIL_OP_KEEP, StencilPassOp=op,
                                                   StencilFunc=D3D11_COMPARISON_ALWAYS), back=back)
        assert got == STENCIL[op](start, _REF), start


@pytest.mark.parametrize("op", sorted(STENCIL), ids=_SOP_IDS.get)
def test_stencil_fail_op(op):
    dev, ctx = _device()
    for start in _STARTS:
        got = _stencil_after(dev, ctx, start, dict(StencilFailOp=op, StencilDepthFailOp=D3D11_STENCIL_OP_INVERT,
                                                   StencilPassOp=D3D11_STENCIL_OP_INVERT,
                                                   StencilFunc=D3D11_COMPARISON_NEVER), back=False)
        assert got == STENCIL[op](start, _REF), start


@pytest.mark.parametrize("op", sorted(STENCIL), ids=_SOP_IDS.get)
def test_stencil_depth_fail_op(op):
    dev, ctx = _device()
    for start in _STARTS:
        got = _stencil_after(dev, ctx, start, dict(StencilFailOp=D3D11_STENCIL_OP_INVERT, StencilDepthFailOp=op,
                                                   StencilPassOp=D3D11_STENCIL_OP_INVERT,
                                                   StencilFunc=D3D11_COMPARISON_ALWAYS),
                             back=True, depth_func=D3D11_COMPARISON_NEVER)
        assert got == STENCIL[op](start, _REF), start


@pytest.mark.parametrize("func", sorted(COMPARE), ids=_CMP_IDS.get)
def test_stencil_function_with_read_mask(func):
    """§17.5: (StencilRef & ReadMask) FUNC (stencil & ReadMask); passing increments, failing zeroes."""
    dev, ctx = _device()
    read_mask = 0x0F
    for start in (0x35, 0x3A, 0x3F, 0xA5):  # masked: 5 < 0xA, == 0xA, > 0xA, and 5 with other high bits
        got = _stencil_after(dev, ctx, start, dict(StencilFailOp=D3D11_STENCIL_OP_ZERO,
                                                   StencilDepthFailOp=D3D11_STENCIL_OP_KEEP,
                                                   StencilPassOp=D3D11_STENCIL_OP_INCR, StencilFunc=func),
                             back=False, read_mask=read_mask)
        ok = COMPARE[func](_REF & read_mask, start & read_mask)
        assert got == ((start + 1) & 0xFF if ok else 0), (hex(start), ok)


def test_stencil_write_mask_keeps_unmasked_bits():
    dev, ctx = _device()
    for op in sorted(STENCIL):
        for start in _STARTS:
            got = _stencil_after(dev, ctx, start, dict(StencilFailOp=D3D11_STENCIL_OP_KEEP,
                                                       StencilDepthFailOp=D3D11_STENCIL_OP_KEEP, StencilPassOp=op,
                                                       StencilFunc=D3D11_COMPARISON_ALWAYS),
                                 back=False, write_mask=0x3C)
            new = STENCIL[op](start, _REF)
            assert got == (new & 0x3C) | (start & ~0x3C & 0xFF), (op, start)


# --------------------------------------------------------------------------- FLOAT → UNORM / SNORM ties
def _unorm_rule(x: float, n: int) -> int:
    """§3.2.3.6: NaN → 0; clamp to [0, 1]; × (2^n − 1); + 0.5; truncate — computed in exact binary64."""
    if x != x:
        return 0
    c = min(max(x, 0.0), 1.0) * ((1 << n) - 1)
    return int(c + 0.5)


def _snorm_rule(x: float, n: int) -> int:
    """§3.2.3.7: NaN → 0; clamp to [−1, 1]; × (2^(n−1) − 1); ± 0.5 away from zero; truncate; two's complement."""
    if x != x:
        return 0
    c = min(max(x, -1.0), 1.0) * ((1 << (n - 1)) - 1)
    v = int(c + 0.5) if c >= 0 else -int(-c + 0.5)
    return v & ((1 << n) - 1)


def _ties(n: int) -> list[float]:
    """Values whose scaled form lands exactly on k + 0.5 (and its float32 neighbours) for n-bit formats."""
    scale = (1 << n) - 1
    out = []
    for k in (0, 1, 2, 63, 127, scale // 2, scale - 2, scale - 1):
        t = np.float32((k + 0.5) / scale)
        out += [float(t), float(np.nextafter(t, F32(0))), float(np.nextafter(t, F32(2)))]
    return out + [0.0, 1.0, -0.25, 1.5, float("nan"), float("inf"), float("-inf")]


@pytest.mark.parametrize("fmt,n,rule,dtype", [
    (DXGI_FORMAT_R8_UNORM, 8, _unorm_rule, np.uint8), (DXGI_FORMAT_R16_UNORM, 16, _unorm_rule, np.uint16),
    (DXGI_FORMAT_R8_SNORM, 8, _snorm_rule, np.uint8), (DXGI_FORMAT_R16_SNORM, 16, _snorm_rule, np.uint16),
], ids=["R8_UNORM", "R16_UNORM", "R8_SNORM", "R16_SNORM"])
def test_render_target_float_to_norm_conversion(fmt, n, rule, dtype):
    vals = _ties(n) + [-float(v) for v in _ties(n)[:6]]
    w = len(vals)
    dev, ctx = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_RENDER_TARGET), None)
    rtv = dev.CreateRenderTargetView(tex, None)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, np.array([vals], F32)), None)
    ps = """Texture2D<float> t : register(t0);
    float4 main(float4 p : SV_Position) : SV_Target { return t.Load(int3(p.xy, 0)); }"""
    _draw_full(dev, ctx, rtv, w, 1, ps, srvs=[srv])
    got = _rt_pixels(dev, ctx, tex, w, 1, dtype=dtype, bpp=n // 8)[0, :, 0]
    want = [rule(float(F32(v)), n) for v in vals]
    assert got.astype(np.int64).tolist() == want


# ------------------------------------------------------------------------ depth formats, stored bits
#: per-pixel SV_Depth values: the UNORM ties of 16 and 24 bits and their neighbours, 0, 1 and a float mid value
def _depth_values() -> list[float]:
    out = [0.0, 1.0, 0.3]
    for n in (16, 24):
        t = np.float32(2.5 / ((1 << n) - 1))
        out += [float(t), float(np.nextafter(t, F32(0))), float(np.nextafter(t, F32(1)))]
    return out


@pytest.mark.parametrize("fmt", [DXGI_FORMAT_D16_UNORM, DXGI_FORMAT_D24_UNORM_S8_UINT, DXGI_FORMAT_D32_FLOAT,
                                 DXGI_FORMAT_D32_FLOAT_S8X24_UINT],
                         ids=["D16", "D24S8", "D32", "D32S8X24"])
def test_depth_formats_store_the_converted_depth_and_keep_stencil(fmt):
    """§17.11: UNORM depth is stored by the FLOAT→UNORM rule (+0.5, truncate); float depth as float32; the
    stencil byte of a combined format keeps its cleared value when stencil is disabled."""
    vals = _depth_values()
    w = len(vals)
    dev, ctx = _device()
    ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    dsv = dev.CreateDepthStencilView(ds, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0xA7)
    ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
        DepthEnable=1, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_ALWAYS)), 0)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, np.array([vals], F32)), None)
    ps = """Texture2D<float> t : register(t0);
    void main(float4 p : SV_Position, out float d : SV_Depth) { d = t.Load(int3(p.xy, 0)); }"""
    _draw_full(dev, ctx, None, w, 1, ps, srvs=[srv], dsv=dsv)
    staging = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        Usage=D3D11_USAGE_STAGING, CPUAccessFlags=D3D11_CPU_ACCESS_READ), None)
    ctx.CopyResource(staging, ds)
    mp = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    raw = np.frombuffer(mp.pData, np.uint8).copy()
    ctx.Unmap(staging, 0)
    if fmt == DXGI_FORMAT_D16_UNORM:
        assert raw[:2 * w].view(np.uint16).tolist() == [_unorm_rule(v, 16) for v in vals]
    elif fmt == DXGI_FORMAT_D24_UNORM_S8_UINT:
        words = raw[:4 * w].view(U32)
        assert (words & 0xFFFFFF).tolist() == [_unorm_rule(v, 24) for v in vals]
        assert (words >> 24).tolist() == [0xA7] * w
    elif fmt == DXGI_FORMAT_D32_FLOAT:
        assert raw[:4 * w].view(F32).tolist() == [float(F32(v)) for v in vals]
    else:
        pairs = raw[:8 * w].reshape(w, 8)
        assert pairs[:, :4].copy().view(F32)[:, 0].tolist() == [float(F32(v)) for v in vals]
        assert pairs[:, 4].tolist() == [0xA7] * w


# --------------------------------------------------------------------- FLOAT → narrower float (RTZ)
def _small_float_table(ebits: int, mbits: int) -> np.ndarray:
    """Every finite non-negative value of an unsigned ebits/mbits float (bias 2^(e-1)-1), by code."""
    bias = (1 << (ebits - 1)) - 1
    vals = []
    for e in range((1 << ebits) - 1):  # the all-ones exponent is INF/NaN
        for m in range(1 << mbits):
            vals.append(m * 2.0 ** (1 - bias - mbits) if e == 0 else (1 + m / (1 << mbits)) * 2.0 ** (e - bias))
    return np.array(vals)


def _rtz_code(x: float, ebits: int, mbits: int, signed: bool) -> int:
    """§3.2.2: round toward zero; too large → max finite (INF stays INF); NaN → NaN; negatives → 0 unless signed."""
    table = _small_float_table(ebits, mbits)
    inf = ((1 << ebits) - 1) << mbits
    sign = (1 << (ebits + mbits)) if signed and (x < 0 or (x == 0 and np.signbit(x))) else 0
    if x != x:
        return -1  # any NaN
    if x < 0 and not signed:
        return 0
    a = abs(x)
    if a == float("inf"):
        return sign | inf
    code = int(np.searchsorted(table, a, side="right")) - 1
    return sign | code


_NARROW_VALUES = [0.0, -0.0, 1.0, 1.0 + 2 ** -11, 1.0 + 2 ** -10 - 2 ** -23, 65504.0, 65519.0, 65520.0, 1e6, -1e6,
                  6.0e-5, 6.1e-5, 5.96e-8, 2.9e-8, 1e-10, 0.1, -0.1, 3.14159, 0.333333, 1e-3, 254.0, 255.99,
                  float("inf"), float("-inf"), float("nan"), 64512.0, 65024.0, 65536.0]


def test_float16_render_target_rounds_toward_zero():
    w = len(_NARROW_VALUES)
    dev, ctx = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R16_FLOAT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_RENDER_TARGET), None)
    rtv = dev.CreateRenderTargetView(tex, None)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, np.array([_NARROW_VALUES], F32)), None)
    ps = """Texture2D<float> t : register(t0);
    float4 main(float4 p : SV_Position) : SV_Target { return t.Load(int3(p.xy, 0)); }"""
    _draw_full(dev, ctx, rtv, w, 1, ps, srvs=[srv])
    got = _rt_pixels(dev, ctx, tex, w, 1, dtype=np.uint16, bpp=2)[0, :, 0].tolist()
    for x, g in zip(_NARROW_VALUES, got):
        want = _rtz_code(float(F32(x)), 5, 10, True)
        if want == -1:
            assert (g & 0x7C00) == 0x7C00 and g & 0x3FF, (x, hex(g))
        else:
            assert g == want, (x, hex(g), hex(want))


def test_float11_float10_render_target_round_toward_zero():
    vals = [v for v in _NARROW_VALUES]
    w = len(vals)
    dev, ctx = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R11G11B10_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET), None)
    rtv = dev.CreateRenderTargetView(tex, None)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, np.array([vals], F32)), None)
    ps = """Texture2D<float> t : register(t0);
    float4 main(float4 p : SV_Position) : SV_Target { float v = t.Load(int3(p.xy, 0)); return float4(v, v, v, 1); }"""
    _draw_full(dev, ctx, rtv, w, 1, ps, srvs=[srv])
    words = _rt_pixels(dev, ctx, tex, w, 1, dtype=U32, bpp=4)[0, :, 0].tolist()
    for x, word in zip(vals, words):
        for code, (ebits, mbits) in ((word & 0x7FF, (5, 6)), ((word >> 11) & 0x7FF, (5, 6)), (word >> 22, (5, 5))):
            want = _rtz_code(float(F32(x)), ebits, mbits, False)
            if want == -1:
                assert (code >> mbits) == 31 and code & ((1 << mbits) - 1), (x, hex(code))
            else:
                assert code == want, (x, ebits, mbits, hex(code), hex(want))
