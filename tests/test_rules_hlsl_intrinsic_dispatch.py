"""Rules of shader/hlsl/intrinsics.py's dispatch the intrinsic tables do not reach (session 12 mutation round).

Sources:
- MicrosoftDocs direct3dhlsl ddx / ddy: the partial derivative with respect to the screen-space x / y
  coordinate; of a function linear in the pixel position the derivative is its coefficient, exactly.
- Texture2D operator[]: the element at the address, every component of it.
- Structured buffers store a column_major matrix (the default) column by column (fxc, as in cbuffers:
  MicrosoftDocs "Variable Syntax" / matrix ordering); a row_major one row by row.
- A groupshared scalar array is structured g# memory of 4-byte elements read at byte offset 0 of element i;
  a vector groupshared array is raw memory (dcl_tgsm_raw). Its g# number says nothing about a u# of the same
  number: a structured UAV stored beside it keeps the UAV's element addressing (D3D11.3 §7.14.4 store_structured).
Expected values are computed here from those definitions."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import R32G32B32A32_FLOAT, draw_pos_attr, read, rtv, texture2d
from test_hlsl_object_methods import _device, _listing, _run_cs

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.shader.dxbc.disasm import disassemble


def _read_floats(dev, ctx, buf, n: int) -> np.ndarray:
    staging = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * n, Usage=D3D11_USAGE_STAGING,
                                                 CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(staging, buf)
    m = ctx.Map(staging, 0, D3D11_MAP_READ, 0)
    got = np.frombuffer(m.pData, np.float32)[:n].copy()
    ctx.Unmap(staging, 0)
    return got


def test_ddx_and_ddy_differentiate_along_x_and_y():
    src = """float4 main(float4 p : SV_Position) : SV_Target {
        float v = 2 * p.x + 3 * p.y;
        return float4(ddx(v), ddy(v), ddx_fine(v), ddy_coarse(v)); }"""
    ps = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    rt = texture2d(R32G32B32A32_FLOAT, 4, 4)
    verts = np.array([[-1, 1, 0.5, 1, 0, 0, 0, 0], [-1, -3, 0.5, 1, 0, 0, 0, 0], [3, 1, 0.5, 1, 0, 0, 0, 0]],
                     np.float32)
    draw_pos_attr(verts, [rtv(rt)], ps=ps)
    img = read(rt)[0]
    assert (img == np.float32([2, 3, 2, 3])).all(), img[0, 0]


def test_texture_subscript_reads_every_component():
    dev, ctx = _device()
    texels = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4) + 1
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=3, Height=2, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
        [D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=48)])
    src = """Texture2D<float4> t : register(t0); RWByteAddressBuffer o : register(u0);
    [numthreads(1, 1, 1)] void main() { o.Store4(0, asuint(t[int2(2, 1)])); }"""
    got = _run_cs(dev, ctx, src, [dev.CreateShaderResourceView(tex, None)], 4).view(np.float32)
    assert got.tolist() == texels[1, 2].tolist()


@pytest.mark.parametrize("mod,want", [
    ("", [1, 4, 2, 5, 3, 6]),  # column_major by default: column by column
    ("column_major", [1, 4, 2, 5, 3, 6]),
    ("row_major", [1, 2, 3, 4, 5, 6]),
])
def test_structured_store_lays_a_matrix_out_in_its_order(mod, want):
    dev, ctx = _device()
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=24, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=24))
    src = f"""struct S {{ {mod} float2x3 m; }};
    RWByteAddressBuffer o : register(u0); RWStructuredBuffer<S> sb : register(u1);
    [numthreads(1, 1, 1)] void main() {{ sb[0].m = float2x3(1, 2, 3, 4, 5, 6); o.Store(0, 1); }}"""
    _run_cs(dev, ctx, src, [], 1, (dev.CreateUnorderedAccessView(out, None),))
    assert _read_floats(dev, ctx, out, 6).tolist() == want


@pytest.mark.backend_specific  # compile-time rule: nothing runs
def test_groupshared_scalar_array_element_is_read_at_byte_offset_zero():
    src = """groupshared float g[8]; RWByteAddressBuffer o : register(u0);
    [numthreads(8, 1, 1)] void main(uint i : SV_GroupIndex) {
        g[i] = i; GroupMemoryBarrierWithGroupSync(); o.Store(4 * i, asuint(g[7 - i])); }"""
    lines = [ln.strip() for ln in _listing(src).splitlines()]
    loads = [ln for ln in lines if ln.startswith("ld_structured")]
    stores = [ln for ln in lines if ln.startswith("store_structured")]
    assert loads and stores
    assert all(ln.split(", ")[2] == "l(0)" and ln.split(", ")[3].startswith("g0") for ln in loads), loads
    assert all(ln.split(", ")[2] == "l(0)" and ln.split()[1].startswith("g0") for ln in stores), stores


def test_structured_uav_store_beside_a_raw_groupshared_array_of_the_same_number():
    dev, ctx = _device()
    out = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                             MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, StructureByteStride=16))
    src = """groupshared float4 g[4]; RWStructuredBuffer<float4> s : register(u0);
    [numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) {
        g[i] = float4(i, 10 * i, 100 * i, 1000 * i); GroupMemoryBarrierWithGroupSync(); s[i] = g[3 - i]; }"""
    assert "dcl_tgsm_raw g0" in _listing(src)
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [dev.CreateUnorderedAccessView(out, None)], None)
    ctx.Dispatch(1, 1, 1)
    got = _read_floats(dev, ctx, out, 16).reshape(4, 4)
    want = [[3 - i, 10 * (3 - i), 100 * (3 - i), 1000 * (3 - i)] for i in range(4)]
    assert got.tolist() == want
