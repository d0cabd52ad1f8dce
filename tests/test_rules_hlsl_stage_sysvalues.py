"""System values of the tessellation and geometry stages, per stage and direction (issue 15, semantics).

Source: MicrosoftDocs direct3dhlsl "Semantics", System-Value Semantics table: SV_DomainLocation is "available
as input to the domain shader"; SV_GSInstanceID "available as input to the geometry shader"; SV_OutputControlPointID
"can be used only as input to the hull shader"; SV_TessFactor / SV_InsideTessFactor are "available in the hull
shader for writing, and available in the domain shader for reading"; SV_PrimitiveID "can be read by the following
shaders: geometry, pixel, hull, domain. Can be written by the geometry shader". A misuse is fxc's X4502
"invalid <target> input|output semantic"; a pixel shader's outputs keep their own X4506.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

V = "struct V { float4 p : SV_Position; };\n"
PC_TRI = "struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
PC_QUAD = "struct PC { float e[4] : SV_TessFactor; float i[2] : SV_InsideTessFactor; };\n"
PC_LINE = "struct PC { float e[2] : SV_TessFactor; };\n"


def _vs_in(sem: str, t: str) -> str:
    return f"float4 main({t} x : {sem}) : SV_Position {{ return (float)x; }}"


def _vs_out(sem: str, t: str) -> str:
    return f"float4 main(float4 p : P, out {t} x : {sem}) : SV_Position {{ x = 0; return p; }}"


def _ps_in(sem: str, t: str) -> str:
    return f"float4 main({t} x : {sem}) : SV_Target {{ return (float)x; }}"


def _gs_in(sem: str, t: str) -> str:
    return V + f"""[maxvertexcount(1)] void main(point V v[1], {t} x : {sem}, inout PointStream<V> s)
    {{ V o = v[0]; o.p += (float)x; s.Append(o); }}"""


def _gs_out(sem: str, t: str) -> str:
    return V + f"""struct O {{ float4 p : SV_Position; {t} x : {sem}; }};
    [maxvertexcount(1)] void main(point V v[1], inout PointStream<O> s) {{ O o; o.p = v[0].p; o.x = 0; s.Append(o); }}"""


def _hs_in(sem: str, t: str) -> str:
    return V + PC_TRI + f"""PC pc(InputPatch<V, 3> ip) {{ PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }}
    [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
    [patchconstantfunc("pc")] V main(InputPatch<V, 3> ip, {t} x : {sem}) {{ V o = ip[0]; o.p += (float)x; return o; }}"""


def _ds_in(sem: str, t: str) -> str:
    return V + PC_TRI + f"""[domain("tri")] V main(PC pc, float3 uvw : SV_DomainLocation, {t} x : {sem},
    const OutputPatch<V, 3> p) {{ V o; o.p = uvw.xyzz + (float)x; return o; }}"""


def _ds_out(sem: str, t: str) -> str:
    return V + PC_TRI + f"""struct O {{ float4 p : SV_Position; {t} x : {sem}; }};
    [domain("tri")] O main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<V, 3> p)
    {{ O o; o.p = uvw.xyzz; o.x = 0; return o; }}"""


BUILD = {("vs", "in"): _vs_in, ("vs", "out"): _vs_out, ("ps", "in"): _ps_in, ("gs", "in"): _gs_in,
         ("gs", "out"): _gs_out, ("hs", "in"): _hs_in, ("ds", "in"): _ds_in, ("ds", "out"): _ds_out}

#: (semantic, type, stages that read it, stages that write it) — the docs' table
RULES = [
    ("SV_DomainLocation", "float2", {"ds"}, set()),
    ("SV_GSInstanceID", "uint", {"gs"}, set()),
    ("SV_OutputControlPointID", "uint", {"hs"}, set()),
    ("SV_TessFactor", "float", {"ds"}, {"hs"}),
    ("SV_InsideTessFactor", "float", {"ds"}, {"hs"}),
    ("SV_PrimitiveID", "uint", {"gs", "ps", "hs", "ds"}, {"gs"}),
    # SV_ClipDistance / SV_CullDistance: "Available to all shaders to be read or written to, except the vertex
    # shader which can write the value but not take it as input"
    ("SV_ClipDistance", "float", {"gs", "ps", "hs", "ds"}, {"vs", "gs", "ds"}),
    ("SV_CullDistance", "float", {"gs", "ps", "hs", "ds"}, {"vs", "gs", "ds"}),
    # SV_Coverage is a pixel shader's (input from ps_5_0); SV_SampleIndex "available to be read or written to
    # by the pixel shader only"
    ("SV_Coverage", "uint", {"ps"}, set()),
    ("SV_SampleIndex", "uint", {"ps"}, set()),
]
_PER_VERTEX = ("SV_ClipDistance", "SV_CullDistance")
CASES = [(sem, t, stage, d, stage in (readers if d == "in" else writers))
         for sem, t, readers, writers in RULES for (stage, d) in BUILD
         # the domain shader's own SV_DomainLocation parameter is always there; the tess factors are the
         # patch-constant struct's in a domain shader, so a second loose one says nothing about the rule
         if not (stage == "ds" and d == "in" and sem in ("SV_DomainLocation", "SV_TessFactor", "SV_InsideTessFactor"))
         # per-vertex values reach a geometry or hull shader only inside its vertex array (below)
         and not (stage in ("gs", "hs") and d == "in" and sem in _PER_VERTEX)]


@pytest.mark.parametrize("sem,t,stage,direction,allowed", CASES,
                         ids=[f"{c[2]}-{c[3]}-{c[0]}" for c in CASES])
def test_system_value_per_stage(sem, t, stage, direction, allowed):
    src = BUILD[(stage, direction)](sem, t)
    target = f"{stage}_5_0"
    if allowed:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        return
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    word = "input" if direction == "in" else "output"
    assert f"error X4502: invalid {target} {word} semantic '{sem}'" in info.value.errors, info.value.errors


@pytest.mark.parametrize("sem", ["SV_TessFactor", "SV_InsideTessFactor", "SV_PrimitiveID", "SV_GSInstanceID"])
def test_pixel_shader_outputs_keep_x4506(sem):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(f"float4 main(float4 p : P, out float x : {sem}) : SV_Target {{ x = 0; return p; }}", None,
                   "t.hlsl", None, None, "main", "ps_5_0")
    assert f"error X4506: invalid ps output semantic '{sem}'" in info.value.errors


@pytest.mark.parametrize("domain,pc,loc,ok", [
    ("tri", PC_TRI, "float3", True), ("tri", PC_TRI, "float2", False),
    ("quad", PC_QUAD, "float2", True), ("quad", PC_QUAD, "float3", False),
    ("isoline", PC_LINE, "float2", True), ("isoline", PC_LINE, "float3", False),
])
def test_domain_location_shape_per_domain(domain, pc, loc, ok):
    n = {"tri": 3, "quad": 4, "isoline": 4}[domain]
    src = V + pc + f"""[domain("{domain}")] V main(PC pc, {loc} d : SV_DomainLocation, const OutputPatch<V, {n}> p)
    {{ V o; o.p = d.xyxy; return o; }}"""
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ds_5_0")
    else:
        with pytest.raises(ShaderCompileError, match="X4502"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ds_5_0")


def test_gs_instance_id_needs_gs_5_0():
    with pytest.raises(ShaderCompileError, match="X4502"):
        D3DCompile(_gs_in("SV_GSInstanceID", "uint"), None, "t.hlsl", None, None, "main", "gs_4_0")


@pytest.mark.parametrize("sem", ["SV_ClipDistance", "SV_CullDistance"])
@pytest.mark.parametrize("idx", ["", "0", "1"])
def test_clip_and_cull_distances_are_no_vertex_shader_input(sem, idx):
    """"except the vertex shader which can write the value but not take it as input"; a geometry or hull
    shader reads them in its vertex array."""
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(_vs_in(sem + idx, "float"), None, "t.hlsl", None, None, "main", "vs_5_0")
    assert f"error X4502: invalid vs_5_0 input semantic '{sem}'" in info.value.errors
    D3DCompile(_vs_out(sem + idx, "float"), None, "t.hlsl", None, None, "main", "vs_5_0")
    gs = (f"struct W {{ float4 p : SV_Position; float d : {sem}{idx}; }};\n"
          "[maxvertexcount(1)] void main(point W v[1], inout PointStream<W> s) { W o = v[0]; o.d += 1; s.Append(o); }")
    D3DCompile(gs, None, "t.hlsl", None, None, "main", "gs_5_0")
