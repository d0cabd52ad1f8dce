"""HLSL-level shader debugging (issue 18 item 4): D3DCOMPILE_DEBUG (fxc /Zi) writes the SPDB chunk
(shader/dxbc/pydb.py: line per instruction, variable locations with live ranges); the debugger maps a trace's
DXBC steps to HLSL lines and reads variables by name.

Expected line sequences come from the shader source (which statements execute for the chosen invocation) and
expected variable values from evaluating the source by hand for that invocation, in float32.
"""

from __future__ import annotations

import struct

import numpy as np
import pytest

import pyd3d11.debug as dbg
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile, D3DGetBlobPart, D3DStripShader
from pyd3d11.shader.dxbc import pydb
from pyd3d11.shader.dxbc.container import parse_container

DEBUG, SKIP_OPT = 0x1, 0x4
D3D_BLOB_PDB, STRIP_DEBUG_INFO = 9, 0x2  # the chunk is fxc's SPDB (its PDB part) since session 49


def f32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", float(np.float32(x))))[0]


PS = """float4 main(float4 p : SV_Position) : SV_Target
{
    float a = p.x * 2.0;
    float b = a + 1.0;
    float3 c = float3(a, b, a * b);
    if (c.z > 50.0)
        c.x = 1.0;
    return float4(c, 1);
}
"""
VS_FULL = """float4 main(uint id : SV_VertexID) : SV_Position
{
    float2 uv = float2((id << 1) & 2, id & 2);
    return float4(uv * float2(2, -2) + float2(-1, 1), 0, 1);
}
"""


def _draw(ps_flags: int = DEBUG | SKIP_OPT, vs_src: str = VS_FULL, vs_flags: int = 0):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    vs = D3DCompile(vs_src, None, "vs.hlsl", None, None, "main", "vs_5_0", vs_flags, 0)
    ps = D3DCompile(PS, None, "ps.hlsl", None, None, "main", "ps_5_0", ps_flags, 0)
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=32, Height=8, MipLevels=1, ArraySize=1, Format=2,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=0x20))  # noqa: F405
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, 32, 8, 0, 1)])  # noqa: F405
    ctx.IASetPrimitiveTopology(4)
    dbg.enable_capture(ctx)
    ctx.Draw(3, 0)
    return dev, ctx


def _lines(trace) -> list[int]:
    return [h.line for h in trace.hlsl_steps()]


def test_debug_chunk_written_only_with_the_flag_and_stripped():
    with_dbg = D3DCompile(PS, None, "ps.hlsl", None, None, "main", "ps_5_0", DEBUG, 0)
    without = D3DCompile(PS, None, "ps.hlsl", None, None, "main", "ps_5_0", 0, 0)
    assert "SPDB" in parse_container(bytes(with_dbg)) and "SPDB" not in parse_container(bytes(without))
    info = pydb.decode(bytes(D3DGetBlobPart(with_dbg, D3D_BLOB_PDB)))
    assert info.files == ["ps.hlsl"] and info.sources["ps.hlsl"] == PS
    stripped = D3DStripShader(with_dbg, len(with_dbg), STRIP_DEBUG_INFO)
    assert "SPDB" not in parse_container(bytes(stripped))
    # the program is the same with and without debug information (it only describes it)
    a, b = parse_container(bytes(with_dbg)).program, parse_container(bytes(without)).program
    assert bytes(a) == bytes(b)


def test_line_table_covers_every_instruction_after_the_declarations():
    blob = D3DCompile(PS, None, "ps.hlsl", None, None, "main", "ps_5_0", DEBUG | SKIP_OPT, 0)
    from pyd3d11.shader.dxbc.decoder import decode_program

    c = parse_container(bytes(blob))
    prog = decode_program(c.program)
    info = pydb.decode(c.get("SPDB"))
    assert len(info.lines) == len(prog.instructions)
    lines_used = {ln for x in info.lines if x is not None for ln in [x[1]]}
    assert lines_used <= set(range(3, 9))  # statement lines of the body only
    assert {3, 4, 5, 6, 7, 8} <= lines_used


@pytest.mark.parametrize("x, taken", [(5, True), (0, False), (20, True)])
def test_pixel_shader_lines_and_variables(x, taken):
    _dev, ctx = _draw()
    t = dbg.debug_pixel(ctx, x, 3)
    assert t.debug_info is not None
    px = np.float32(x + 0.5)
    a = px * np.float32(2.0)
    b = a + np.float32(1.0)
    cz = a * b
    taken = bool(cz > 50)
    # the if's line shows again for its endif when the branch ran
    assert _lines(t) == ([3, 4, 5, 6, 7, 6, 8] if taken else [3, 4, 5, 6, 8])
    steps = t.hlsl_steps()
    after = {h.line: t.variables(h.last) for h in steps}
    assert after[3]["a"] == [bits(a)]
    assert after[4]["b"] == [bits(b)]
    assert after[5]["c"] == [bits(a), bits(b), bits(cz)]
    if taken:
        assert after[7]["c"] == [bits(1.0), bits(b), bits(cz)]
    assert steps[0].text.strip() == "float a = p.x * 2.0;"
    # a variable is not shown before its declaration's line
    assert "b" not in t.variables(steps[0].last)


def test_optimised_build_never_shows_a_wrong_value():
    """/Zi without /Od: the optimiser may remove variables (shown as None), but a value shown is right."""
    _dev, ctx = _draw(ps_flags=DEBUG)
    t = dbg.debug_pixel(ctx, 5, 3)
    a = np.float32(5.5) * np.float32(2.0)
    b = a + np.float32(1.0)
    want = {"a": [bits(a)], "b": [bits(b)], "c": [bits(a), bits(b), bits(a * b)],
            # the entry parameter (PYDB version 2): SV_Position of pixel (5, 3), the VS's z 0 and w 1
            "p": [bits(5.5), bits(3.5), bits(0.0), bits(1.0)]}
    steps = t.hlsl_steps()
    before_assignment = steps[:[h.line for h in steps].index(7)]  # until c.x = 1.0 has run
    for h in before_assignment:
        for name, vals in t.variables(h.last).items():
            for got, exp in zip(vals, want[name]):
                assert got is None or got == exp, (h.line, name, vals)
    shown = [v for h in before_assignment for vals in t.variables(h.last).values() for v in vals]
    assert any(v is not None for v in shown)  # the optimised build still locates c
    assert set(_lines(t)) <= {3, 4, 5, 6, 7, 8}


def test_source_operand_values_are_recorded():
    _dev, ctx = _draw()
    t = dbg.debug_pixel(ctx, 5, 3)
    mul = next(s for s in t.steps if s.text.startswith("mul") and "l(2.0" in s.text)
    assert f32(mul.sources[0][0]) == 5.5 and f32(mul.sources[1][0]) == 2.0


VS_LOCALS = """float4 main(uint id : SV_VertexID) : SV_Position
{
    uint half_id = id >> 1;
    float2 uv = float2((id << 1) & 2, id & 2);
    float2 ndc = uv * float2(2, -2) + float2(-1, 1);
    return float4(ndc, half_id * 0.0, 1);
}
"""


@pytest.mark.parametrize("vid", [0, 1, 2])
def test_vertex_shader_lines_and_variables(vid):
    _dev, ctx = _draw(vs_src=VS_LOCALS, vs_flags=DEBUG | SKIP_OPT)
    t = dbg.debug_vertex(ctx, vid)
    assert _lines(t) == [3, 4, 5, 6]
    steps = t.hlsl_steps()
    uv = (float((vid << 1) & 2), float(vid & 2))
    ndc = (uv[0] * 2 - 1, uv[1] * -2 + 1)
    assert t.variables(steps[0].last)["half_id"] == [vid >> 1]
    assert t.variables(steps[1].last)["uv"] == [bits(uv[0]), bits(uv[1])]
    assert t.variables(steps[2].last)["ndc"] == [bits(ndc[0]), bits(ndc[1])]


CS = """RWBuffer<uint> outbuf : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint sum = 0;
    [loop] for (uint i = 0; i < id.x; i++)
    {
        sum += i * 3;
    }
    outbuf[id.x] = sum;
}
"""


@pytest.mark.parametrize("tid", [0, 1, 3])
def test_compute_thread_loop_lines_repeat_and_variables_follow(tid):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    cs = D3DCompile(CS, None, "cs.hlsl", None, None, "main", "cs_5_0", DEBUG | SKIP_OPT, 0)
    ctx.CSSetShader(dev.CreateComputeShader(cs, None))
    buf = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=0x80))  # noqa: F405
    uav = dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(  # noqa: F405
        Format=42, ViewDimension=1, Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=4)))  # noqa: F405
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    dbg.enable_capture(ctx)
    ctx.Dispatch(1, 1, 1)
    t = dbg.debug_thread(ctx, tid)
    lines = _lines(t)
    assert lines[0] == 5 and lines[-1] == 10
    assert lines.count(8) == tid  # the body runs id.x times
    sums = [t.variables(h.last)["sum"][0] for h in t.hlsl_steps() if h.line == 8]
    assert sums == [sum(k * 3 for k in range(j + 1)) for j in range(tid)]


def test_without_debug_information_traces_step_dxbc_only():
    _dev, ctx = _draw(ps_flags=0)
    t = dbg.debug_pixel(ctx, 5, 3)
    assert t.debug_info is None and t.hlsl_steps() == [] and t.variables(0) == {}
    assert all(s.source_line is None for s in t.steps) and t.steps


HS = """struct V { float3 p : P; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pc(InputPatch<V, 3> ip, uint id : SV_PrimitiveID)
{
    PC o;
    float f = 2.0 + id;
    o.e[0] = o.e[1] = o.e[2] = f;
    o.i = f * 0.5;
    return o;
}
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID)
{
    V v;
    v.p = ip[i].p * 2.0;
    return v;
}
"""


def test_hull_shader_phases_have_a_line_table():
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.dxbc.disasm import instruction_text

    blob = D3DCompile(HS, None, "hs.hlsl", None, None, "main", "hs_5_0", DEBUG | SKIP_OPT, 0)
    c = parse_container(bytes(blob))
    prog = decode_program(c.program)
    info = pydb.decode(c.get("SPDB"))
    assert len(info.lines) == len(prog.instructions)
    by_line: dict[int, list[str]] = {}
    for k, inst in enumerate(prog.instructions):
        loc = info.line_of(k)
        if loc is not None:
            by_line.setdefault(loc[1], []).append(instruction_text(inst).split()[0])
    # the control-point phase's multiply (line 16) and the fork/join phases' add and multiply (lines 6, 8)
    assert "mul" in by_line[16]
    assert "add" in by_line[6] or "iadd" in by_line[6] or "utof" in by_line[6]
    assert "mul" in by_line[8]
    assert not set(by_line) - {6, 7, 8, 9, 16, 17}
    names = {v["name"] for v in info.variables}
    assert {"f", "o", "v"} <= names
