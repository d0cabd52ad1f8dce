"""Run-time indices into per-vertex inputs (GS input arrays, HS/DS patches) compile to relative
addressing of the vertex index, ``v[r0.x + 0][1]``, as fxc writes them (SubD11_HS: ``p[Prefixes[i] + k]``),
instead of a select over every vertex (a 32-control-point patch made SubD11_HS 13,000 instructions long).
Rendered results are checked against the values the shaders were fed."""

from __future__ import annotations

from test_audit_pipeline import _compile, _device, _rt, _rt_pixels, _setup_draw

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.shader.dxbc.disasm import disassemble

_VS = """
struct O { float4 pos : SV_Position; float id : ID; };
O main(uint vid : SV_VertexID) {
    O o;
    o.pos = float4(vid == 1 ? 3.0 : -1.0, vid == 2 ? -3.0 : 1.0, 0, 1);   // covers the whole target
    o.id = 10 + vid;
    return o;
}"""
_GS = """
struct V { float4 pos : SV_Position; float id : ID; };
struct O { float4 pos : SV_Position; nointerpolation float4 ids : IDS; };
[maxvertexcount(3)] void main(triangle V p[3], uint prim : SV_PrimitiveID, inout TriangleStream<O> s) {
    uint k = prim + 2;                 // 2 for the first triangle: a run-time index
    O o;
    o.ids = float4(p[k].id, p[k - 1].id, p[k + 5].id, p[(k + 1) % 3].id);   // k + 5 is out of range
    for (int j = 0; j < 3; ++j) { o.pos = p[j].pos; s.Append(o); }
}"""
_PS = "float4 main(float4 pos : SV_Position, nointerpolation float4 ids : IDS) : SV_Target { return ids; }"


def test_gs_input_array_with_run_time_index_uses_relative_addressing():
    text = disassemble(_compile(_GS, "gs_5_0"))
    assert "v[r" in text and "movc" not in text


def test_gs_input_array_with_run_time_index_reads_the_right_vertex():
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 4)
    _setup_draw(dev, ctx, [rtv], 4, 4, _VS, _PS, gs=_GS, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.Draw(3, 0)
    got = _rt_pixels(dev, ctx, tex, 4, 4)
    # vertex ids 10, 11, 12: p[2], p[1], out of range (reads 0 in pyd3d11; undefined in D3D), p[0]
    assert got[1, 1].tolist() == [12.0, 11.0, 0.0, 10.0]


def test_written_gs_input_array_is_copied_first():
    """An input the entry point assigns to is a local copy (HLSL parameters are writable)."""
    src = _GS.replace("uint k = prim + 2;", "uint k = prim + 2; p[0].id = 7;")
    text = disassemble(_compile(src, "gs_5_0"))
    assert "v[r" not in text


def test_patch_indices_at_run_time_in_hull_patch_constant_and_domain_shaders():
    """A quad patch whose control-point phase reads ``ip[(i + 1) % 4]``, whose patch-constant function reads
    ``ip[prim % 4]`` and whose domain shader reads ``cp[k]`` with k from a patch constant: every read
    is relative addressing, and the picture shows the right control points."""
    vs = """
    struct V { float2 p : P; };
    V main(uint vid : SV_VertexID) {
        V v;
        float2 corner = float2(vid & 1, (vid >> 1) & 1);   // (0,0) (1,0) (0,1) (1,1)
        v.p = corner;
        return v;
    }"""
    hs = """
    struct V { float2 p : P; };
    struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float k : K; float x : X; };
    PC pc(InputPatch<V, 4> ip, uint prim : SV_PrimitiveID) {
        PC o;
        o.e[0] = o.e[1] = o.e[2] = o.e[3] = 1;
        o.i[0] = o.i[1] = 1;
        o.k = 3 - prim;                      // 3 for the only patch
        o.x = ip[(prim + 1) % 4].p.x;        // control point 1: x = 1
        return o;
    }
    [domain("quad")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(4)]
    [patchconstantfunc("pc")]
    V main(InputPatch<V, 4> ip, uint i : SV_OutputControlPointID) { V v; v.p = ip[i ^ 3].p; return v; }"""
    ds = """
    struct V { float2 p : P; };
    struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; float k : K; float x : X; };
    struct O { float4 pos : SV_Position; nointerpolation float4 v : V; };
    [domain("quad")] O main(PC pc, float2 uv : SV_DomainLocation, const OutputPatch<V, 4> cp) {
        O o;
        o.pos = float4(uv.x * 2 - 1, 1 - uv.y * 2, 0, 1);
        uint k = (uint)pc.k;
        o.v = float4(cp[k].p, cp[k - 3].p.x, pc.x);   // output point 3 is input point 0, 0 is input 3
        return o;
    }"""
    ps = "float4 main(float4 pos : SV_Position, nointerpolation float4 v : V) : SV_Target { return v; }"
    for src, prof in ((hs, "hs_5_0"), (ds, "ds_5_0")):
        text = disassemble(_compile(src, prof))
        assert "[r" in text and "movc" not in text
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 4)
    _setup_draw(dev, ctx, [rtv], 4, 4, vs, ps, hs=hs, ds=ds, topology=D3D11_PRIMITIVE_TOPOLOGY_4_CONTROL_POINT_PATCHLIST)
    ctx.Draw(4, 0)
    got = _rt_pixels(dev, ctx, tex, 4, 4)
    # output control point j is input j ^ 3: cp[3] = input 0 = (0, 0); cp[0] = input 3 = (1, 1)
    assert got[1, 1].tolist() == [0.0, 0.0, 1.0, 1.0]
