"""Tracing geometry-, hull- and domain-shader invocations of a recorded draw (issue 18 item 4: "the debugger
steps any invocation — … hull control point and patch constant, domain point, geometry invocation").

The stages hand the debugger the executor state they prepared (``run_stage`` hook), so the traced invocation
sees its real inputs: the GS its input primitive with adjacency, SV_PrimitiveID and SV_GSInstanceID; the HS
its patch's control points, SV_PrimitiveID, SV_OutputControlPointID or fork instance; the DS its domain
location, output control points and patch constants. Every expected value below is computed by hand (float32,
numpy) from the vertex data and the HLSL source; line numbers are the source's; the tessellator's point
counts come from the D3D11.3 tessellation rules (§11.7: integer partitioning of a triangle with factor n puts
3n points on the outer ring and shrinks by 2 per ring, ending in a point for even n and a triangle for odd n).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

import pyd3d11.debug as dbg
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

DEBUG, SKIP_OPT = 0x1, 0x4
F32 = np.float32


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", float(F32(x))))[0]


def _lines(t) -> list[int]:
    return [h.line for h in t.hlsl_steps()]


def _at(t, line: int, occurrence: int = 0) -> dict:
    steps = [h for h in t.hlsl_steps() if h.line == line]
    return t.variables(steps[occurrence].last)


DATA = np.arange(12, dtype=F32) * F32(1.25) + F32(0.5)


def _x(vertex: int, instance: int) -> F32:
    """The VS output x / val of a vertex: x + SV_InstanceID * 100 (float32, as the VS computes it)."""
    return F32(DATA[vertex] + F32(instance * 100))


def _device(vs_src: str, topology: int, n: int):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(vs_src, None, "vs.hlsl", None, None, "main", "vs_5_0", 0, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="X", SemanticIndex=0, Format=41, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    data = DATA[:n]
    vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=1),  # noqa: F405
                          D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405
    ctx.IASetVertexBuffers(0, 1, [vb], [4], [0])
    ctx.IASetPrimitiveTopology(topology)
    return dev, ctx


# ---------------------------------------------------------------------------------------------- geometry
VS_GS = """struct V { float4 pos : SV_Position; float val : VAL; };
V main(float x : X, uint iid : SV_InstanceID) { V v; v.pos = float4(x * 0.01, 0, 0.5, 1); v.val = x + iid * 100; return v; }
"""
GS = """struct V { float4 pos : SV_Position; float val : VAL; };
[maxvertexcount(3)] [instance(2)]
void main(triangleadj V v[6], uint pid : SV_PrimitiveID, uint gi : SV_GSInstanceID,
          inout TriangleStream<V> s)
{
    float adj = v[1].val + v[3].val + v[5].val;
    float w = adj * (pid + 1) + gi;
    for (uint i = 0; i < 3; i++)
    {
        V o = v[i * 2];
        o.val = w;
        s.Append(o);
    }
}
"""


@pytest.fixture(scope="module")
def gs_draw():
    dev, ctx = _device(VS_GS, 12, 12)  # D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST_ADJ: 6 vertices per primitive
    gs = D3DCompile(GS, None, "gs.hlsl", None, None, "main", "gs_5_0", DEBUG | SKIP_OPT, 0)
    ctx.GSSetShader(dev.CreateGeometryShader(gs, None))
    dbg.enable_capture(ctx)
    ctx.DrawInstanced(12, 2, 0, 0)
    return dev, ctx


def test_geometry_invocations_of_a_draw_are_listed(gs_draw):
    _dev, ctx = gs_draw
    got = dbg.stage_invocations(ctx, "gs")
    # 2 primitives per instance (12 vertices, 6 each with adjacency) x [instance(2)] x 2 draw instances
    want = {(i, p, g) for i in range(2) for p in range(2) for g in range(2)}
    assert len(got) == 8 and {(d["instance"], d["primitive_id"], d["gs_instance"]) for d in got} == want


@pytest.mark.parametrize("instance, pid, gi", [(0, 0, 0), (0, 1, 1), (1, 0, 1), (1, 1, 0)])
def test_geometry_invocation_lines_inputs_and_variables(gs_draw, instance, pid, gi):
    _dev, ctx = gs_draw
    t = dbg.debug_geometry(ctx, pid, gs_instance=gi, instance=instance)
    assert t.invocation == {"stage": "geometry", "primitive_id": pid, "gs_instance": gi, "instance": instance}
    # the input primitive with its adjacency: vertices 6p..6p+5 of the instance, VAL in every one
    vals = [bits(_x(6 * pid + k, instance)) for k in range(6)]
    assert t.inputs.shape[0] == 6
    assert any([int(t.inputs[k, r, 0]) for k in range(6)] == vals for r in range(t.inputs.shape[1]))
    adj = F32(F32(_x(6 * pid + 1, instance) + _x(6 * pid + 3, instance)) + _x(6 * pid + 5, instance))
    w = F32(F32(adj * F32(pid + 1)) + F32(gi))
    # three loop iterations; the third Append reaches maxvertexcount, which ends the invocation (§22.3.5)
    assert _lines(t) == [6, 7] + [8, 10, 11, 12] * 3
    assert _at(t, 6)["adj"] == [bits(adj)]
    assert _at(t, 7)["w"] == [bits(w)]
    assert [_at(t, 8, k)["i"] for k in range(3)] == [[0], [1], [2]]
    # the entry parameters: the input array's struct members and the system values
    first = _at(t, 6)
    assert [first[f"v[{k}].val"] for k in range(6)] == [[b] for b in vals]
    assert first["pid"] == [pid] and first["gi"] == [gi]
    for k in range(3):  # o = v[i * 2], then o.val = w: the emitted vertex's VAL
        assert _at(t, 10, k)["o"][-1] == vals[2 * k]
        assert _at(t, 11, k)["o"][-1] == bits(w)


def test_geometry_invocation_not_in_the_draw_is_none(gs_draw):
    _dev, ctx = gs_draw
    assert dbg.debug_geometry(ctx, 2) is None
    assert dbg.debug_geometry(ctx, 0, gs_instance=2) is None


def test_stage_name_is_checked(gs_draw):
    _dev, ctx = gs_draw
    with pytest.raises(ValueError):
        dbg.stage_invocations(ctx, "vs")


# ---------------------------------------------------------------------------------------------- tessellation
VS_T = """struct V { float x : X; };
V main(float x : X, uint iid : SV_InstanceID) { V v; v.x = x + iid * 100; return v; }
"""
HS = """struct V { float x : X; };
struct C { float y : Y; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float s : S; };
PC pc(InputPatch<V, 3> ip, uint id : SV_PrimitiveID)
{
    PC o;
    float sum = ip[0].x + ip[1].x + ip[2].x;
    float f = 2.0 + id;
    o.e[0] = o.e[1] = o.e[2] = f;
    o.i = f;
    o.s = sum * 0.5;
    return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
C main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID, uint id : SV_PrimitiveID)
{
    C c;
    float scaled = ip[i].x * 3.0;
    c.y = scaled + id;
    return c;
}
"""
DS = """struct C { float y : Y; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; float s : S; };
struct O { float4 p : SV_Position; float v : V; };
[domain("tri")]
O main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<C, 3> cp, uint id : SV_PrimitiveID)
{
    O o;
    float blend = uvw.x * cp[0].y + uvw.y * cp[1].y + uvw.z * cp[2].y;
    float total = blend + pc.s;
    o.p = float4(uvw.xy, 0, 1);
    o.v = total;
    return o;
}
"""


@pytest.fixture(scope="module")
def tess_draw():
    dev, ctx = _device(VS_T, 35, 6)  # 3-control-point patch list, two patches per instance
    hs = D3DCompile(HS, None, "hs.hlsl", None, None, "main", "hs_5_0", DEBUG | SKIP_OPT, 0)
    ds = D3DCompile(DS, None, "ds.hlsl", None, None, "main", "ds_5_0", DEBUG | SKIP_OPT, 0)
    ctx.HSSetShader(dev.CreateHullShader(hs, None))
    ctx.DSSetShader(dev.CreateDomainShader(ds, None))
    dbg.enable_capture(ctx)
    ctx.DrawInstanced(6, 2, 0, 0)
    return dev, ctx


def _cp_y(patch: int, cp: int, instance: int) -> F32:
    return F32(F32(_x(3 * patch + cp, instance) * F32(3.0)) + F32(patch))


def _pc_s(patch: int, instance: int) -> F32:
    xs = [_x(3 * patch + k, instance) for k in range(3)]
    return F32(F32(F32(xs[0] + xs[1]) + xs[2]) * F32(0.5))


def test_hull_invocations_of_a_draw_are_listed(tess_draw):
    _dev, ctx = tess_draw
    got = dbg.stage_invocations(ctx, "hs")
    cps = {(d["instance"], d["primitive_id"], d["control_point"]) for d in got if d["phase"] == "control_point"}
    assert cps == {(i, p, c) for i in range(2) for p in range(2) for c in range(3)}
    pcs = [(d["instance"], d["primitive_id"]) for d in got if d["phase"] != "control_point"]
    assert set(pcs) == {(i, p) for i in range(2) for p in range(2)}


@pytest.mark.parametrize("instance, patch, cp", [(0, 0, 0), (0, 1, 2), (1, 1, 1)])
def test_hull_control_point_phase(tess_draw, instance, patch, cp):
    _dev, ctx = tess_draw
    t = dbg.debug_hull(ctx, patch, control_point=cp, instance=instance)
    assert t.invocation["phase"] == "control_point" and t.invocation["control_point"] == cp
    # the patch's three input control points, as the VS wrote them
    assert [int(t.inputs[k, 0, 0]) for k in range(3)] == [bits(_x(3 * patch + k, instance)) for k in range(3)]
    assert _lines(t) == [19, 20, 21]
    assert _at(t, 19)["scaled"] == [bits(F32(_x(3 * patch + cp, instance) * F32(3.0)))]
    assert _at(t, 20)["c"] == [bits(_cp_y(patch, cp, instance))]
    # entry parameters: the input patch and the system values (at the body's first instruction: the copies of
    # system values are dead, so not shown, once their last use has run)
    start = t.variables(next(h for h in t.hlsl_steps() if h.line == 19).first)
    assert [start[f"ip[{k}].x"] for k in range(3)] == [[bits(_x(3 * patch + k, instance))] for k in range(3)]
    assert start["i"] == [cp] and start["id"] == [patch]


@pytest.mark.parametrize("instance, patch", [(0, 0), (1, 1)])
def test_hull_patch_constant_phase(tess_draw, instance, patch):
    _dev, ctx = tess_draw
    phases = [d for d in dbg.stage_invocations(ctx, "hs") if d["phase"] != "control_point"
              and d["instance"] == instance and d["primitive_id"] == patch]
    lines: list[int] = []
    seen: dict[str, list] = {}
    for sel in phases:
        t = dbg.debug_invocation(ctx, "hs", **sel)
        assert t.invocation["phase"] in ("fork", "join")
        lines += _lines(t)
        for h in t.hlsl_steps():
            for name, vals in t.variables(h.last).items():
                if all(v is not None for v in vals):
                    seen.setdefault(name, vals)
    assert {7, 8}.issubset(lines) and set(lines) <= set(range(6, 13))
    assert seen["sum"] == [bits(F32(F32(_x(3 * patch, instance) + _x(3 * patch + 1, instance))
                                    + _x(3 * patch + 2, instance)))]
    assert seen["f"] == [bits(2.0 + patch)]


def test_domain_points_of_a_draw_follow_the_tessellation(tess_draw):
    _dev, ctx = tess_draw
    got = dbg.stage_invocations(ctx, "ds")
    # patch 0: factor 2 (7 points), patch 1: factor 3 (9 + 3 points), per instance
    for inst in range(2):
        assert sum(1 for d in got if d["instance"] == inst and d["primitive_id"] == 0) == 7
        assert sum(1 for d in got if d["instance"] == inst and d["primitive_id"] == 1) == 12
    pts = sorted(tuple(round(c, 3) for c in d["domain"]) for d in got if d["instance"] == 0 and d["primitive_id"] == 0)
    third = round(1 / 3, 3)
    assert pts == sorted([(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0), (0.5, 0.5, 0.0), (0.5, 0.0, 0.5),
                          (0.0, 0.5, 0.5), (third, third, third)])


@pytest.mark.parametrize("instance, patch, point", [(0, 0, 6), (0, 1, 4), (1, 1, 11)])
def test_domain_invocation_lines_and_variables(tess_draw, instance, patch, point):
    _dev, ctx = tess_draw
    t = dbg.debug_domain(ctx, patch, point, instance=instance)
    u, v, w = (F32(c) for c in t.invocation["domain"])
    assert abs(float(u + v + w) - 1) < 1e-4
    y = [_cp_y(patch, k, instance) for k in range(3)]
    blend = F32(F32(F32(u * y[0]) + F32(v * y[1])) + F32(w * y[2]))
    total = F32(blend + _pc_s(patch, instance))
    assert _lines(t) == [8, 9, 10, 11, 12]
    assert _at(t, 8)["blend"] == [bits(blend)]
    assert _at(t, 9)["total"] == [bits(total)]
    assert _at(t, 11)["o"] == [bits(u), bits(v), 0, bits(1.0), bits(total)]
    start = _at(t, 8)  # entry parameters: patch constants, domain location, output patch members
    assert start["uvw"] == [bits(u), bits(v), bits(w)]
    assert start["pc.s"] == [bits(_pc_s(patch, instance))]
    assert [start[f"cp[{k}].y"] for k in range(3)] == [[bits(c)] for c in y]
    # its inputs: the three output control points, then the patch constants
    assert [int(t.inputs[k, 0, 0]) for k in range(3)] == [bits(c) for c in y]


# ---------------------------------------------------------------------------------------------- GS after DS
HS2 = """struct V { float x : X; };
struct C { float y : Y; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pc(InputPatch<V, 3> ip, const OutputPatch<C, 3> op, uint id : SV_PrimitiveID)
{
    PC o;
    float t = op[0].y + op[2].y;
    o.e[0] = o.e[1] = o.e[2] = 1.0 + id;
    o.i = 1.0 + id + t * 0.0;
    return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
C main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID)
{
    C c;
    c.y = ip[i].x * 2.0;
    return c;
}
"""
DS2 = """struct C { float y : Y; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct O { float4 p : SV_Position; float v : V; };
[domain("tri")]
O main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<C, 3> cp)
{
    O o;
    o.p = float4(uvw, 1);
    o.v = uvw.x * 10.0 + uvw.y * 100.0 + uvw.z * 1000.0;
    return o;
}
"""
GS2 = """struct O { float4 p : SV_Position; float v : V; };
[maxvertexcount(3)]
void main(triangle O v[3], uint pid : SV_PrimitiveID, inout TriangleStream<O> s)
{
    float m = v[0].v + v[1].v + v[2].v;
    O a = v[0];
    a.v = m;
    s.Append(a);
}
"""


@pytest.fixture(scope="module")
def tess_gs_draw():
    dev, ctx = _device(VS_T, 35, 6)
    for src, target, make, bind in ((HS2, "hs_5_0", dev.CreateHullShader, ctx.HSSetShader),
                                    (DS2, "ds_5_0", dev.CreateDomainShader, ctx.DSSetShader),
                                    (GS2, "gs_5_0", dev.CreateGeometryShader, ctx.GSSetShader)):
        bind(make(D3DCompile(src, None, target[:2] + ".hlsl", None, None, "main", target, DEBUG | SKIP_OPT, 0), None))
    dbg.enable_capture(ctx)
    ctx.Draw(6, 0)
    return dev, ctx


def test_geometry_invocations_after_tessellation(tess_gs_draw):
    _dev, ctx = tess_gs_draw
    got = dbg.stage_invocations(ctx, "gs")
    # patch 0: factor 1 (one triangle); patch 1: factor 2 (6 triangles around the centre point)
    assert [(d["primitive_id"], d["tess_primitive"]) for d in got] == [(0, 0)] + [(1, k) for k in range(6)]
    for k in (0, 3, 5):
        t = dbg.debug_geometry(ctx, 1, tess_primitive=k)
        assert t.invocation["tess_primitive"] == k and t.invocation["primitive_id"] == 1
        first = _at(t, 5)
        uvw = [[F32(np.uint32(b).view(np.float32)) for b in first[f"v[{j}].p"][:3]] for j in range(3)]
        vals = [F32(F32(F32(u * F32(10.0)) + F32(v * F32(100.0))) + F32(w * F32(1000.0))) for u, v, w in uvw]
        assert [first[f"v[{j}].v"] for j in range(3)] == [[bits(x)] for x in vals]
        assert first["m"] == [bits(F32(F32(vals[0] + vals[1]) + vals[2]))]
        assert first["pid"] == [None]  # never read by the body: its copy is dead, so never shown stale
        assert all(abs(float(sum(p)) - 1) < 1e-4 for p in uvw)  # three domain points of the patch


def test_patch_constant_phase_reads_the_output_patch(tess_gs_draw):
    _dev, ctx = tess_gs_draw
    for patch in (0, 1):
        t = dbg.debug_hull(ctx, patch)
        assert t.invocation["phase"] == "fork"
        got = _at(t, 7)
        ys = [F32(DATA[3 * patch + k] * F32(2.0)) for k in range(3)]  # the control-point phase's outputs
        assert [got[f"op[{k}].y"] for k in range(3)] == [[bits(y)] for y in ys]
        assert [got[f"ip[{k}].x"] for k in range(3)] == [[bits(DATA[3 * patch + k])] for k in range(3)]
        assert got["t"] == [bits(F32(ys[0] + ys[2]))]


def test_geometry_invocation_in_a_later_pass_of_a_long_draw(monkeypatch):
    """A draw longer than a pass runs in passes (pipeline.draw.PASS_VERTICES, patched down here);
    SV_PrimitiveID continues across them, so the identity still names one invocation of the whole draw."""
    import pyd3d11.pipeline.draw as pdraw

    monkeypatch.setattr(pdraw, "PASS_VERTICES", 6)  # one adjacency triangle per pass
    dev, ctx = _device(VS_GS, 12, 12)
    ctx.GSSetShader(dev.CreateGeometryShader(
        D3DCompile(GS, None, "gs.hlsl", None, None, "main", "gs_5_0", DEBUG | SKIP_OPT, 0), None))
    dbg.enable_capture(ctx)
    ctx.Draw(12, 0)
    got = dbg.stage_invocations(ctx, "gs")
    assert [(d["primitive_id"], d["gs_instance"]) for d in got] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    t = dbg.debug_geometry(ctx, 1, gs_instance=1)
    vals = [bits(_x(6 + k, 0)) for k in range(6)]
    assert [_at(t, 6)[f"v[{k}].val"] for k in range(6)] == [[b] for b in vals]
    adj = F32(F32(_x(7, 0) + _x(9, 0)) + _x(11, 0))
    assert _at(t, 7)["w"] == [bits(F32(F32(adj * F32(2)) + F32(1)))]
