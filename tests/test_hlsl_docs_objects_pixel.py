"""Issue 15: the pixel-shader-only texture methods and intrinsics, drawn through the API on both backends
(tests/hlsl_docs_objects_kit.run_pixels: a full-screen triangle, one result per pixel or sample).

Definitions: D3D11.3 §7.18.11 LOD = log2 of the larger scaled derivative length (isotropic), point mip filtering
picks level round(LOD) clamped to the chain; SampleBias adds the bias, SampleGrad takes the given gradients,
CalculateLevelOfDetail returns the LOD clamped to the view's levels, the Unclamped form the raw value (method
pages); SampleCmp/SampleCmpLevelZero compare the reference with the texel (1 or 0 with point filtering); ddx/ddy
of a linear function are its slopes (exact for these powers of two); GetRenderTargetSampleCount /
GetRenderTargetSamplePosition (pages; the D3D standard 4x pattern (-2,-6), (6,-2), (-6,2), (2,6) / 16);
Texture2DMS Load(pos, sample) and .sample[s][pos] read that sample."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_objects_kit import device, make_texture, run_pixels, run_threads, sampler

import pyd3d11.d3d11 as d

W, H = 8, 8


@pytest.fixture(scope="module")
def mipped():
    dev, ctx = device()
    _, srv, model = make_texture(dev, "2d", 32, 32, 1, 6)
    return dev, ctx, srv, model


def _level_texel(model, mip, u, v):
    m = model[mip][0, 0]
    h, w = m.shape[:2]
    return m[int(np.floor(v * h)) % h, int(np.floor(u * w)) % w]


@pytest.mark.parametrize("scale,bias,mip", [(4, 0, 2), (8, 0, 3), (1, 0, 0), (4, 1, 3), (4, -1, 1), (2, 10, 5)])
def test_sample_implicit_lod_and_bias(mipped, scale: int, bias: int, mip: int):
    """uv = pos * scale / 32: each pixel step is ``scale`` texels of level 0, so LOD = log2(scale) (+ bias)."""
    dev, ctx, srv, model = mipped
    body = (f"  float2 uv = pos.xy * {scale} / 32.0;\n"
            f"  r = asuint({'t.Sample(s, uv)' if bias == 0 else f't.SampleBias(s, uv, {bias})'});")
    px = run_pixels(dev, ctx, "Texture2D t : register(t0); SamplerState s : register(s0);", body, W, H, [srv],
                    [sampler(dev)])[0]
    for y in range(H):
        for x in range(W):
            u, v = (x + 0.5) * scale / 32, (y + 0.5) * scale / 32
            assert px[y, x].view(np.float32).tolist() == _level_texel(model, mip, u, v).tolist(), (x, y)


@pytest.mark.parametrize("grad,mip", [(1 / 32, 0), (4 / 32, 2), (16 / 32, 4), (64 / 32, 5)])
def test_sample_grad_takes_the_given_gradients(mipped, grad: float, mip: int):
    dev, ctx, srv, model = mipped
    body = (f"  float2 uv = pos.xy / 32.0;\n  r = asuint(t.SampleGrad(s, uv, float2({grad!r}, 0), "
            f"float2(0, {grad!r})));")
    px = run_pixels(dev, ctx, "Texture2D t : register(t0); SamplerState s : register(s0);", body, 4, 4, [srv],
                    [sampler(dev)])[0]
    for y in range(4):
        for x in range(4):
            exp = _level_texel(model, mip, (x + 0.5) / 32, (y + 0.5) / 32)
            assert px[y, x].view(np.float32).tolist() == exp.tolist(), (x, y)


@pytest.mark.parametrize("scale,lod", [(1, 0.0), (4, 2.0), (0.5, -1.0), (128, 7.0), (3, float(np.log2(3)))])
def test_calculate_level_of_detail(mipped, scale: float, lod: float):
    """The clamped form stays within [0, levels - 1] = [0, 5]; the unclamped form is log2 of the footprint."""
    dev, ctx, srv, _ = mipped
    body = (f"  float2 uv = pos.xy * {scale!r} / 32.0;\n"
            "  r = asuint(float4(t.CalculateLevelOfDetail(s, uv), t.CalculateLevelOfDetailUnclamped(s, uv), 0, 0));")
    smp = sampler(dev, d.D3D11_FILTER_MIN_MAG_MIP_LINEAR)
    px = run_pixels(dev, ctx, "Texture2D t : register(t0); SamplerState s : register(s0);", body, 4, 4, [srv],
                    [smp])[0].view(np.float32)
    np.testing.assert_allclose(px[..., 1], lod, atol=2e-3)
    np.testing.assert_allclose(px[..., 0], min(max(lod, 0.0), 5.0), atol=2e-3)


@pytest.mark.parametrize("method", ["SampleCmp", "SampleCmpLevelZero"])
@pytest.mark.parametrize("func,op", [(d.D3D11_COMPARISON_LESS, np.less), (d.D3D11_COMPARISON_GREATER_EQUAL,
                                                                          np.greater_equal),
                                     (d.D3D11_COMPARISON_EQUAL, np.equal)])
def test_sample_cmp_point(method: str, func: int, op):
    """The comparison is reference OP texel (the sampler's ComparisonFunc), 1.0 or 0.0 with point filtering."""
    dev, ctx = device()
    depth = (np.arange(16, dtype=np.float32).reshape(4, 4) / 16).astype(np.float32)
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32_FLOAT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=depth.tobytes(), SysMemPitch=16)])
    srv = dev.CreateShaderResourceView(tex, None)
    smp = sampler(dev, d.D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, cmp=func)
    body = f"  r = asuint(float4(t.{method}(c, pos.xy / 4.0, 0.4), t.{method}(c, pos.xy / 4.0, 5 / 16.0), 0, 0));"
    px = run_pixels(dev, ctx, "Texture2D<float> t : register(t0); SamplerComparisonState c : register(s0);", body,
                    4, 4, [srv], [smp])[0].view(np.float32)
    np.testing.assert_array_equal(px[..., 0], op(np.float32(0.4), depth).astype(np.float32))
    np.testing.assert_array_equal(px[..., 1], op(np.float32(5 / 16), depth).astype(np.float32))


def test_derivatives_of_linear_functions():
    """ddx/ddy (and the coarse/fine forms, fwidth) of a x + b y + c are a and b in every pixel."""
    dev, ctx = device()
    body = ("  float f = 0.5 * pos.x - 2 * pos.y + 3;\n"
            "  r = asuint(float4(ddx(f), ddy(f), fwidth(f), ddx_fine(f) + ddy_coarse(f)));")
    px = run_pixels(dev, ctx, "", body, 4, 4)[0].view(np.float32)
    assert np.all(px == np.array([0.5, -2, 2.5, -1.5], np.float32))


def test_sample_count_and_positions_of_the_target():
    dev, ctx = device()
    body = "  float2 p = GetRenderTargetSamplePosition(si);\n  r = uint4(GetRenderTargetSampleCount(), si, asuint(p));"
    px = run_pixels(dev, ctx, "", body, 2, 2, samples=4)
    std = np.array([[-2, -6], [6, -2], [-6, 2], [2, 6]], np.float32) / 16
    for s in range(4):
        assert (px[s, ..., 0] == 4).all() and (px[s, ..., 1] == s).all()
        assert (px[s, ..., 2:].view(np.float32) == std[s]).all()


@pytest.mark.parametrize("arrayed", [False, True])
def test_multisampled_load_and_sample_subscript(arrayed: bool):
    """Render a different value into each sample (per-sample shading), then read them back in a compute shader
    through Load(pos, s) and .sample[s][pos] (Texture2DMS and Texture2DMSArray)."""
    dev, ctx = device()
    samples = 4
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=2, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32G32B32A32_UINT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=samples),
                                                     BindFlags=d.D3D11_BIND_RENDER_TARGET |
                                                     d.D3D11_BIND_SHADER_RESOURCE))
    from hlsl_docs_objects_kit import _FULLSCREEN_VS

    from pyd3d11.d3dcompiler import D3DCompile
    ps = D3DCompile("uint4 main(float4 p : SV_Position, uint s : SV_SampleIndex) : SV_Target "
                    "{ return uint4(p.x, p.y, s, 100 * s + 10 * (uint)p.y + (uint)p.x); }", None, "p", None, None, "main", "ps_5_0")
    vs = D3DCompile(_FULLSCREEN_VS, None, "v", None, None, "main", "vs_5_0")
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [d.D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=4, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
    ctx.Draw(3, 0)
    ctx.OMSetRenderTargets(0, [], None)
    view = None
    if arrayed:
        view = d.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=d.DXGI_FORMAT_R32G32B32A32_UINT,
                                                 ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY,
                                                 Texture2DMSArray=d.D3D11_TEX2DMS_ARRAY_SRV(FirstArraySlice=0,
                                                                                            ArraySize=1))
    srv = dev.CreateShaderResourceView(tex, view)
    obj = "Texture2DMSArray<uint4, 4>" if arrayed else "Texture2DMS<uint4, 4>"
    addr = "int3(q.xy, 0)" if arrayed else "q.xy"
    params = np.array([[x, y, s, 0] for x in range(4) for y in range(2) for s in range(samples)], np.int32)
    got = run_threads(dev, ctx, f"{obj} t : register(t0);",
                      f"  r = (q.x & 1) ? t.Load({addr}, q.z) : t.sample[q.z][{addr}];\n"
                      "  uint w, h, n; " + ("uint e; t.GetDimensions(w, h, e, n);" if arrayed else
                                            "t.GetDimensions(w, h, n);") +
                      "\n  if (q.w) r = uint4(w, h, n, 0);", params, [srv])
    for (x, y, s, _), row in zip(params, got):
        assert row.tolist() == [x, y, s, 100 * s + 10 * y + x], (x, y, s)
    dims = run_threads(dev, ctx, f"{obj} t : register(t0);",
                       "  uint w, h, n; " + ("uint e; t.GetDimensions(w, h, e, n);" if arrayed else
                                             "t.GetDimensions(w, h, n);") + "\n  r = uint4(w, h, n, 0);",
                       np.zeros((1, 4), np.int32), [srv])
    assert dims[0].tolist() == [4, 2, samples, 0]


@pytest.mark.parametrize("profile", ["ps_4_0", "ps_4_1", "ps_5_0"])
def test_load_sample_and_dimensions_in_each_pixel_profile(mipped, profile: str):
    """The runner compiles shaders for SM4 as well: Load of a level, SampleLevel and GetDimensions in ps_4_0/4_1."""
    dev, ctx, srv, model = mipped
    body = ("  uint w, h, n; t.GetDimensions(1, w, h, n);\n"
            "  float4 a = t.Load(int3(pos.xy, 1));\n"
            "  float4 b = t.SampleLevel(s, (pos.xy + 0.5) / 8.0, 2);\n"
            "  r = uint4(asuint(a.x), asuint(b.y), w * 100 + h, n);")
    px = run_pixels(dev, ctx, "Texture2D t : register(t0); SamplerState s : register(s0);", body, 8, 8, [srv],
                    [sampler(dev)], profile=profile)[0]
    for y in range(8):
        for x in range(8):
            m1, m2 = model[1][0, 0], model[2][0, 0]
            # level 2 is 8x8: texel floor(((x + 0.5) + 0.5) / 8 * 8) = x + 1 (wrapped)
            exp = [np.float32(m1[y, x, 0]).view(np.uint32), np.float32(m2[(y + 1) % 8, (x + 1) % 8, 1]).view(np.uint32),
                   16 * 100 + 16, 6]
            assert px[y, x].tolist() == exp, (x, y)


@pytest.mark.parametrize("fmt,t,data,decode", [
    (d.DXGI_FORMAT_R8G8B8A8_UNORM, "float4", np.arange(64, dtype=np.uint8) * 4,
     lambda b: (b.reshape(-1, 4).astype(np.float32) / np.float32(255)).view(np.uint32)),
    (d.DXGI_FORMAT_R8G8B8A8_UINT, "uint4", np.arange(64, dtype=np.uint8) * 3,
     lambda b: b.reshape(-1, 4).astype(np.uint32)),
    (d.DXGI_FORMAT_R16G16_SINT, "int2", (np.arange(32, dtype=np.int16) - 16) * 999,
     lambda b: np.concatenate([b.reshape(-1, 2).astype(np.int32), np.zeros((16, 2), np.int32)], 1).view(np.uint32)),
    (d.DXGI_FORMAT_R8G8_SNORM, "float2", (np.arange(32, dtype=np.int16) * 9 - 140).clip(-128, 127).astype(np.int8),
     lambda b: np.concatenate([np.maximum(b.reshape(-1, 2).astype(np.float32) / np.float32(127), -1),
                               np.zeros((16, 2), np.float32)], 1).view(np.uint32)),
])
def test_load_through_each_format_family(fmt, t, data, decode):
    """A 4x4 texture of the format read with Load in a compute shader: UNORM c / 255, SNORM max(c / 127, -1), UINT and
    SINT values kept (D3D11.3 §3.2.3); the element type's missing channels read 0 (widened to uint4 here)."""
    dev, ctx = device()
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=fmt,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes(), SysMemPitch=data.nbytes // 4)])
    k = int(t[-1])
    widen = {4: "v", 2: "uint4(asuint(v), 0, 0)"}[k] if t.startswith(("float", "int")) else "v"
    widen = "asuint(v)" if k == 4 else widen
    params = np.array([[i % 4, i // 4, 0, 0] for i in range(16)], np.int32)
    got = run_threads(dev, ctx, f"Texture2D<{t}> tx : register(t0);",
                      f"  {t} v = tx.Load(int3(q.xy, 0));\n  r = {widen};", params,
                      [dev.CreateShaderResourceView(tex, None)])
    np.testing.assert_array_equal(got, decode(data))


@pytest.mark.parametrize("method,offsets", [
    ("GatherCmp", ""), ("GatherCmpRed", ""), ("GatherCmp", ", int2(1, 0)"),
    ("GatherCmpRed", ", int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, -1)"),
])
def test_gather_cmp_compares_each_footprint_texel(method: str, offsets: str):
    """GatherCmp*(c, loc, ref [, offsets]): the comparison ref OP texel for each texel of the footprint, in gather
    order ((i0, j1), (i1, j1), (i1, j0), (i0, j0)), texel k at offset k with four offsets (wrap addressing)."""
    dev, ctx = device()
    depth = ((np.arange(16, dtype=np.float32) * 7) % 16 / 16).reshape(4, 4).astype(np.float32)
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32_FLOAT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=depth.tobytes(), SysMemPitch=16)])
    smp = sampler(dev, d.D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT, cmp=d.D3D11_COMPARISON_LESS_EQUAL)
    params = np.array([[x, y, 0, 0] for y in range(4) for x in range(4)], np.int32)
    got = run_threads(dev, ctx, "Texture2D<float> t : register(t0); SamplerComparisonState c : register(s0);",
                      f"  r = asuint(t.{method}(c, float2(q.x, q.y) / 4.0, 0.5{offsets}));", params,
                      [dev.CreateShaderResourceView(tex, None)], samplers=[smp]).view(np.float32)
    offs = [(0, 0)] * 4
    if offsets.count("int2") == 1:
        offs = [(1, 0)] * 4
    elif offsets:
        offs = [(0, 0), (1, 0), (0, 1), (-1, -1)]
    order = [(0, 1), (1, 1), (1, 0), (0, 0)]
    for (x, y, _, _), row in zip(params.tolist(), got):
        i0, j0 = x - 1, y - 1  # floor(x / 4 * 4 - 0.5)
        exp = [float(np.float32(0.5) <= depth[(j0 + order[k][1] + offs[k][1]) % 4, (i0 + order[k][0] + offs[k][0]) % 4])
               for k in range(4)]
        assert row.tolist() == exp, (x, y)


def test_texture2dms_get_sample_position():
    """Texture2DMS.GetSamplePosition(s) (page): the sample's offset from the pixel center for the texture's count
    (the standard 4x pattern); Texture2DMSArray the same."""
    dev, ctx = device()
    srvs = []
    for arrayed in (False, True):
        tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,
                                                         Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                         SampleDesc=d.DXGI_SAMPLE_DESC(Count=4),
                                                         BindFlags=d.D3D11_BIND_SHADER_RESOURCE |
                                                         d.D3D11_BIND_RENDER_TARGET))
        view = None
        if arrayed:
            view = d.D3D11_SHADER_RESOURCE_VIEW_DESC(Format=d.DXGI_FORMAT_R32G32B32A32_FLOAT,
                                                     ViewDimension=d.D3D11_SRV_DIMENSION_TEXTURE2DMSARRAY,
                                                     Texture2DMSArray=d.D3D11_TEX2DMS_ARRAY_SRV(ArraySize=1))
        srvs.append(dev.CreateShaderResourceView(tex, view))
    got = run_threads(dev, ctx, "Texture2DMS<float4> t : register(t0); Texture2DMSArray<float4> a : register(t1);",
                      "  r = asuint(float4(t.GetSamplePosition(q.x), a.GetSamplePosition(q.x)));",
                      np.array([[s, 0, 0, 0] for s in range(4)], np.int32), srvs).view(np.float32)
    std = np.array([[-2, -6], [6, -2], [-6, 2], [2, 6]], np.float32) / 16
    np.testing.assert_array_equal(got[:, :2], std)
    np.testing.assert_array_equal(got[:, 2:], std)


@pytest.mark.parametrize("kind,scale,mip", [("3d", 4, 2), ("3d", 1, 0), ("1d", 8, 3), ("cube", 2, 1)])
def test_implicit_lod_of_1d_3d_and_cube_textures(kind: str, scale: int, mip: int):
    """Sample's LOD from the derivatives (§7.18.11): a 1D texture from du/dx; a 3D one from the largest of its three
    scaled gradients; a cube map from the face coordinates' derivatives scaled by the face size (the major axis
    fixed at 1 here, so the face-space gradient is half the direction's)."""
    dev, ctx = device()
    size = 32
    _, srv, model = make_texture(dev, kind, size, size if kind != "1d" else 1, size if kind == "3d" else 1, 6)
    if kind == "1d":
        loc, obj = f"(pos.x * {scale}) / {size}.0", "Texture1D"
    elif kind == "3d":
        loc, obj = f"float3(pos.xy * {scale} / {size}.0, 2.5 / {size}.0)", "Texture3D"  # w fixed: no w gradient
    else:
        # +Z face: direction (sc, -tc, 1) with sc = 2u - 1: du/dx = scale / size means d(sc)/dx = 2 scale / size
        loc, obj = f"float3(pos.x * {2 * scale} / {size}.0 - 1, 1 - pos.y * {2 * scale} / {size}.0, 1)", "TextureCube"
    px = run_pixels(dev, ctx, f"{obj} t : register(t0); SamplerState s : register(s0);",
                    f"  r = asuint(t.Sample(s, {loc}));", 4, 4, [srv], [sampler(dev)])[0].view(np.float32)
    lvl = model[mip]
    n = lvl.shape[3]
    for y in range(4):
        for x in range(4):
            u = (x + 0.5) * scale / size
            v = (y + 0.5) * scale / size
            xi, yi = int(np.floor(u * n)) % n, int(np.floor(v * n)) % n
            if kind == "1d":
                exp = lvl[0, 0, 0, xi]
            elif kind == "3d":
                dz = lvl.shape[1]
                zi = int(np.floor(2.5 / size * dz)) % dz
                exp = lvl[0, zi, yi, xi]
            else:
                exp = lvl[4, 0, yi, xi]
            assert px[y, x].tolist() == exp.tolist(), (x, y)
