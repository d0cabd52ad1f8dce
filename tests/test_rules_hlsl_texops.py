"""Texture-method tails of shader/hlsl/texops.py, from their definitions (session 12 mutation round).

Sources:
- MicrosoftDocs direct3dhlsl "Gather (DirectX HLSL Texture Object)" / GatherRed with four offsets: texel i of
  the 2x2 footprint is read at offset i; D3D11.3 functional spec §7.18.9 (gather4): the footprint of a
  location (u, v) is texels i0 = floor(u * W - 0.5), i1 = i0 + 1 and j0 = floor(v * H - 0.5), j1 = j0 + 1,
  returned as x = (i0, j1), y = (i1, j1), z = (i1, j0), w = (i0, j0).
- Texture2DMS.Load(location, sampleIndex, offset): the offset is an immediate int2 (ldms_aoffimmi(u,v,0); a
  two-dimensional resource has no w offset).
- GetSamplePosition: fxc's listing of it (SlimShader's published Internal/Textures_PS.asm, fxc output):
  ``samplepos r1.xy, t1.xyxx, l(0)`` -- the resource swizzle .xyxx.
Expected values are computed here from those definitions."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_hlsl_object_methods import _device, _listing, _run_cs

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403


def test_gather_with_four_offsets_takes_texel_i_from_the_gather_at_offset_i():
    dev, ctx = _device()
    W = H = 8
    texels = (np.arange(H)[:, None] * 10 + np.arange(W)[None, :]).astype(np.float32)  # T[y][x] = 10y + x
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=4 * W)])
    samp = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
        Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP,
        AddressV=D3D11_TEXTURE_ADDRESS_CLAMP, AddressW=D3D11_TEXTURE_ADDRESS_CLAMP,
        ComparisonFunc=D3D11_COMPARISON_NEVER, MaxLOD=3.4e38))
    ctx.CSSetSamplers(0, 1, [samp])
    offsets = [(0, 0), (1, 0), (0, 1), (-1, 2)]
    src = """Texture2D<float> t : register(t0); SamplerState s : register(s0);
    RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {
        float4 r = t.GatherRed(s, float2(3.0 / 8, 3.0 / 8), int2(0, 0), int2(1, 0), int2(0, 1), int2(-1, 2));
        o.Store4(0, asuint(r)); }"""
    got = _run_cs(dev, ctx, src, [dev.CreateShaderResourceView(tex, None)], 4).view(np.float32)
    i0 = j0 = int(np.floor(3.0 - 0.5))  # u * W = v * H = 3
    corners = [(i0, j0 + 1), (i0 + 1, j0 + 1), (i0 + 1, j0), (i0, j0)]  # x, y, z, w of the footprint
    want = [texels[j + oy, i + ox] for (i, j), (ox, oy) in zip(corners, offsets)]
    assert got.tolist() == want


@pytest.mark.backend_specific  # compile-time rule: nothing runs
@pytest.mark.parametrize("off,want", [("int2(1, -2)", "(1,-2,0)"), ("int2(-8, 7)", "(-8,7,0)"), ("3", "(3,3,0)")])
def test_multisampled_load_offset_is_an_immediate_uv_pair(off, want):
    src = f"""Texture2DMS<float4> t : register(t0); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {{ o.Store4(0, asuint(t.Load(int2(2, 3), 1, {off}))); }}"""
    ops = [ln.split()[0] for ln in _listing(src).splitlines() if ln.strip().startswith("ldms")]
    assert ops == [f"ldms_aoffimmi{want}"]


@pytest.mark.backend_specific  # compile-time rule: nothing runs
@pytest.mark.parametrize("obj", ["Texture2DMS<float4>", "Texture2DMSArray<float4>"])
def test_get_sample_position_reads_the_resource_as_fxc_lists_it(obj):
    src = f"""{obj} t : register(t1); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() {{ o.Store2(0, asuint(t.GetSamplePosition(0))); }}"""
    lines = [ln.strip() for ln in _listing(src).splitlines() if ln.strip().startswith("samplepos")]
    assert len(lines) == 1 and re.fullmatch(r"samplepos r\d+\.xy, t1\.xyxx, l\(0\)", lines[0]), lines
