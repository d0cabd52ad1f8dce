"""UAVs at every shader stage (D3D11.1) and the per-level shader validation of Create*Shader (seeds 000 and
003: at 11_0 only pixel and compute shaders may use UAVs, 8 slots; at 11_1 every stage, 64 slots; bytecode
using what the level lacks fails with E_INVALIDARG and the DEVICE_CREATE*SHADER_*NOTSUPPORTED message)."""

from __future__ import annotations

import numpy as np
import pytest
from level9_kit import Scene, compile_, mid

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.errors import InvalidArgError

R32_TYPELESS = 39
UAV_VS = """RWByteAddressBuffer u : register(u1);
struct VOut { float4 pos : SV_Position; float4 col : COLOR0; };
VOut main(float4 pos : POSITION, float4 col : COLOR, uint id : SV_VertexID)
{ uint o; u.InterlockedAdd(0, 1, o); u.Store(4 + 4 * id, id + 100); VOut r; r.pos = pos; r.col = col; return r; }"""
UAV_PS_HIGH = """RWByteAddressBuffer u : register(u9);
float4 main(float4 p : SV_Position) : SV_Target { uint o; u.InterlockedAdd(0, 1, o); return p; }"""
UAV_GS = """RWByteAddressBuffer u : register(u1);
struct V { float4 p : SV_Position; float4 c : COLOR0; };
[maxvertexcount(3)] void main(triangle V i[3], inout TriangleStream<V> s)
{ uint o; u.InterlockedAdd(0, 1, o); s.Append(i[0]); s.Append(i[1]); s.Append(i[2]); }"""
UAV_DS = """RWByteAddressBuffer u : register(u1);
struct CP { float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")] float4 main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> cp) : SV_Position
{ uint o; u.InterlockedAdd(0, 1, o); return cp[0].p * uvw.x + cp[1].p * uvw.y + cp[2].p * uvw.z; }"""
UAV_HS = """RWByteAddressBuffer u : register(u1);
struct CP { float4 p : POSITION; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pcf(InputPatch<CP, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; uint x; u.InterlockedAdd(0, 1, x); return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")] CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }"""
CREATE = {"vs": "CreateVertexShader", "ps": "CreatePixelShader", "gs": "CreateGeometryShader",
          "ds": "CreateDomainShader", "hs": "CreateHullShader"}
MSG = {"vs": "VERTEX", "ps": "PIXEL", "gs": "GEOMETRY", "ds": "DOMAIN", "hs": "HULL"}


def _raw_uav(s, words=16):
    buf = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * words, BindFlags=0x80, MiscFlags=0x20))  # noqa: F405
    uav = s.dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(  # noqa: F405
        Format=R32_TYPELESS, ViewDimension=1, Buffer=D3D11_BUFFER_UAV(0, words, 1)))  # noqa: F405
    return buf, uav


def _read(s, buf, words=16):
    st = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=4 * words, Usage=3, CPUAccessFlags=0x20000))  # noqa: F405
    s.ctx.CopyResource(st, buf)
    m = s.ctx.Map(st, 0, 1, 0)
    out = np.frombuffer(bytes(m.pData), np.uint32).copy()
    s.ctx.Unmap(st, 0)
    return out


@pytest.mark.parametrize("stage,src", [("vs", UAV_VS), ("gs", UAV_GS), ("ds", UAV_DS), ("hs", UAV_HS)])
def test_uavs_outside_ps_cs_refused_at_11_0(stage, src):
    s = Scene("11_0")
    blob = compile_(src, f"{stage}_5_0")
    with pytest.raises(InvalidArgError):
        getattr(s.dev, CREATE[stage])(blob, None)
    assert mid(f"DEVICE_CREATE{MSG[stage]}SHADER_UAVSNOTSUPPORTED") in s.ids()
    s11 = Scene("11_1")
    assert getattr(s11.dev, CREATE[stage])(blob, None) is not None


def test_uav_register_above_7_needs_11_1():
    blob = compile_(UAV_PS_HIGH, "ps_5_0")
    s = Scene("11_0")
    with pytest.raises(InvalidArgError):
        s.dev.CreatePixelShader(blob, None)
    assert mid("DEVICE_CREATEPIXELSHADER_UAVSNOTSUPPORTED") in s.ids()
    assert Scene("11_1").dev.CreatePixelShader(blob, None) is not None


def test_pixel_and_compute_uavs_fine_at_11_0():
    s = Scene("11_0")
    ps = "RWByteAddressBuffer u : register(u1); float4 main(float4 p : SV_Position) : SV_Target { u.Store(0, 1); return p; }"
    cs = "RWByteAddressBuffer u : register(u7); [numthreads(1,1,1)] void main() { u.Store(0, 1); }"
    assert s.dev.CreatePixelShader(compile_(ps, "ps_5_0"), None) is not None
    assert s.dev.CreateComputeShader(compile_(cs, "cs_5_0"), None) is not None


def test_doubles_refused_below_11_0_by_the_shader_model():
    blob = compile_("RWStructuredBuffer<uint> u; [numthreads(1,1,1)] void main() "
                    "{ double d = asdouble(u[0], u[1]); u[2] = (uint)(d * 2.0); }", "cs_5_0")
    with pytest.raises(InvalidArgError):
        Scene("10_1").dev.CreateComputeShader(blob, None)
    assert Scene("11_0").dev.CreateComputeShader(blob, None) is not None


def test_stencil_ref_output_refused():
    # PSSpecifiedStencilRefSupported is FALSE (the output merger uses OMSetDepthStencilState's reference).
    blob = compile_("float4 main(float4 p : SV_Position, out uint s : SV_StencilRef) : SV_Target "
                    "{ s = 3; return p; }", "ps_5_0")
    s = Scene("11_1")
    with pytest.raises(InvalidArgError):
        s.dev.CreatePixelShader(blob, None)
    assert s.dev.CheckFeatureSupport(14).PSSpecifiedStencilRefSupported == 0


def test_vertex_shader_uav_writes_and_atomics_reach_memory_at_11_1():
    s = Scene("11_1")
    s.ctx.VSSetShader(s.dev.CreateVertexShader(compile_(UAV_VS, "vs_5_0"), None))
    buf, uav = _raw_uav(s)
    s.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [s.rtv], None, 1, 1, [uav], None)
    s.ctx.Draw(3, 0)
    out = _read(s, buf)
    assert out[0] >= 3  # one atomic per vertex-shader invocation (at least one per vertex)
    assert list(out[1:4]) == [100, 101, 102]
    assert s.rendered()


def test_geometry_shader_uav_atomics_reach_memory_at_11_1():
    s = Scene("11_1")
    s.ctx.VSSetShader(s.dev.CreateVertexShader(compile_(
        "struct V { float4 p : SV_Position; float4 c : COLOR0; }; V main(float4 p : POSITION, float4 c : COLOR) "
        "{ V o; o.p = p; o.c = c; return o; }", "vs_5_0"), None))
    s.ctx.GSSetShader(s.dev.CreateGeometryShader(compile_(UAV_GS, "gs_5_0"), None))
    buf, uav = _raw_uav(s)
    s.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [s.rtv], None, 1, 1, [uav], None)
    s.ctx.Draw(3, 0)
    assert _read(s, buf)[0] == 1  # one GS invocation for the one triangle


def test_uav_slots_8_at_11_0_and_64_at_11_1():
    for level, limit in (("11_0", 8), ("11_1", 64)):
        s = Scene(level)
        _, uav = _raw_uav(s)
        s.ctx.CSSetUnorderedAccessViews(limit - 1, 1, [uav], None)
        assert s.ctx.CSGetUnorderedAccessViews(limit - 1, 1)[0] is uav
        s.ctx.CSSetUnorderedAccessViews(limit, 1, [uav], None)
        assert s.ctx.CSGetUnorderedAccessViews(limit, 1) == []  # getters return the slots that exist
