"""System values of the tessellation and geometry stages, per stage and direction (issue 15, semantics).

Source: MicrosoftDocs direct3dhlsl "Semantics", System-Value Semantics table: SV_DomainLocation is "available
as input to the domain shader"; SV_GSInstanceID "available as input to the geometry shader"; SV_OutputControlPointID
"can be used only as input to the hull shader"; SV_TessFactor / SV_InsideTessFactor are "available in the hull
shader for writing, and available in the domain shader for reading"; SV_PrimitiveID "can be read by the following
shaders: geometry, pixel, hull, domain. Can be written by the geometry shader". A misuse is fxc's X4502
"invalid <target> input|output semantic"; a pixel shader's outputs too (X4506 before session 35; d3dcompiler_47
10.1 under Wine records X4502 "invalid ps_5_0 output semantic 'SV_TessFactor'").

Where d3dcompiler_47 10.1 (under Wine, session 36) departs from the table, the rows follow it and say so: a vertex
shader reads SV_ClipDistance / SV_CullDistance as vertex data; SV_VertexID is refused everywhere but the vertex
input, SV_InstanceID in patch-constant data; SV_PrimitiveID and SV_DomainLocation are taken as members of control
points; a pixel shader's clip or cull distance input must be interpolated linearly (X8000, its bytecode validator).
fxc words the point in some messages ("control point input", "patch constant output"): the per-point rows check
the refusal's number and the semantic.
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
    # a value of the vertex array takes a geometry specifier (else X3514 before any semantic's X4502,
    # d3dcompiler_47 10.1, session 49); only the register-less SV_PrimitiveID / SV_GSInstanceID stand alone
    if sem not in ("SV_PrimitiveID", "SV_GSInstanceID"):
        return V + f"""[maxvertexcount(1)] void main(point V v[1], point {t} x[1] : {sem}, inout PointStream<V> s)
    {{ V o = v[0]; o.p += (float)x[0]; s.Append(o); }}"""
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
    # shader which can write the value but not take it as input" -- fxc 10.1 compiles the vertex input (vertex data)
    ("SV_ClipDistance", "float", {"vs", "gs", "ps", "hs", "ds"}, {"vs", "gs", "ds"}),
    ("SV_CullDistance", "float", {"vs", "gs", "ps", "hs", "ds"}, {"vs", "gs", "ds"}),
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
def test_pixel_shader_outputs_are_x4502(sem):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(f"float4 main(float4 p : P, out float x : {sem}) : SV_Target {{ x = 0; return p; }}", None,
                   "t.hlsl", None, None, "main", "ps_5_0")
    assert f"error X4502: invalid ps_5_0 output semantic '{sem}'" in info.value.errors


# d3dcompiler_47 10.1 (session 44): one or two float components at every domain, three at a tri only (X4555
# "invalid type used for 'SV_DomainLocation' input semantics"; X4502 for every other size was inferred)
@pytest.mark.parametrize("domain,pc,loc,ok", [
    ("tri", PC_TRI, "float3", True), ("tri", PC_TRI, "float2", True),
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
        with pytest.raises(ShaderCompileError, match="X4555"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "ds_5_0")


def test_gs_instance_id_compiles_at_gs_4_0():
    """Not the Semantics table's "5.0": d3dcompiler_47 10.1 compiles it at gs_4_0 (session 49)."""
    D3DCompile(_gs_in("SV_GSInstanceID", "uint"), None, "t.hlsl", None, None, "main", "gs_4_0")


@pytest.mark.parametrize("sem", ["SV_ClipDistance", "SV_CullDistance"])
@pytest.mark.parametrize("idx", ["", "0", "1"])
def test_clip_and_cull_distances_are_vertex_data_at_the_vertex_input(sem, idx):
    """The docs' "except the vertex shader which can write the value but not take it as input" is not fxc's rule:
    d3dcompiler_47 10.1 under Wine (session 36) compiles the vertex input at every index (vertex data, no system
    value there) as well as the output; a geometry or hull shader reads them in its vertex array."""
    vs = D3DCompile(_vs_in(sem + idx, "float"), None, "t.hlsl", None, None, "main", "vs_5_0")
    assert _sig(vs, False) == [(sem, 0)]
    D3DCompile(_vs_out(sem + idx, "float"), None, "t.hlsl", None, None, "main", "vs_5_0")
    gs = (f"struct W {{ float4 p : SV_Position; float d : {sem}{idx}; }};\n"
          "[maxvertexcount(1)] void main(point W v[1], inout PointStream<W> s) { W o = v[0]; o.d += 1; s.Append(o); }")
    D3DCompile(gs, None, "t.hlsl", None, None, "main", "gs_5_0")


# --- every signature point: loose parameters, vertex arrays, control points, patch constants ---------------------
# The points are DXC's DxilSigPoint names. Expected values come from the documentation's System-Value Semantics
# table and the D3D11.3 functional spec §23 (System Generated Values: "Location(s) That Can Receive Value") and
# §24 (System Interpreted Values: "Using this name to identify data moving between other Stages has no effect").
# Rows the documents do not decide follow DXC's SemanticInterpretationTable and are marked INFERRED.
W = "struct W {{ float4 p : SV_Position; {t} x : {sem}; }};\n"


def _gs_v_in(sem: str, t: str) -> str:
    return V + W.format(t=t, sem=sem) + """[maxvertexcount(1)] void main(point W v[1], inout PointStream<V> s)
    { V o; o.p = v[0].p + (float)v[0].x; s.Append(o); }"""


def _hs_cp_in(sem: str, t: str) -> str:
    return V + W.format(t=t, sem=sem) + PC_TRI + """PC pc(InputPatch<W, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1;
    o.i = 1; return o; }
    [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
    [patchconstantfunc("pc")] V main(InputPatch<W, 3> ip, uint i : SV_OutputControlPointID)
    { V o; o.p = ip[i].p + (float)ip[i].x; return o; }"""


def _hs_cp_out(sem: str, t: str) -> str:
    return V + W.format(t=t, sem=sem) + PC_TRI + """PC pc(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1;
    o.i = 1; return o; }
    [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
    [patchconstantfunc("pc")] W main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID)
    { W o; o.p = ip[i].p; o.x = 0; return o; }"""


def _pc_out(sem: str, t: str) -> str:
    return V + f"""struct PC {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; {t} x : {sem}; }};
    PC pc(InputPatch<V, 3> ip) {{ PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; o.x = 0; return o; }}
    [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
    [patchconstantfunc("pc")] V main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID) {{ return ip[i]; }}"""


def _ds_cp_in(sem: str, t: str) -> str:
    return V + W.format(t=t, sem=sem) + PC_TRI + """[domain("tri")] V main(PC pc, float3 uvw : SV_DomainLocation,
    const OutputPatch<W, 3> p) { V o; o.p = p[0].p * uvw.x + (float)p[1].x; return o; }"""


def _ps_in_const(sem: str, t: str) -> str:
    return f"float4 main(nointerpolation {t} x : {sem}) : SV_Target {{ return (float)x; }}"


POINTS = {"vs_in": ("vs", "in", _vs_in), "vs_out": ("vs", "out", _vs_out), "ps_in": ("ps", "in", _ps_in_const),
          "gs_v_in": ("gs", "in", _gs_v_in), "gs_out": ("gs", "out", _gs_out),
          "hs_cp_in": ("hs", "in", _hs_cp_in), "hs_cp_out": ("hs", "out", _hs_cp_out),
          "pc_out": ("hs", "out", _pc_out), "ds_in": ("ds", "in", _ds_in), "ds_cp_in": ("ds", "in", _ds_cp_in),
          "ds_out": ("ds", "out", _ds_out)}
_ALL = frozenset(POINTS)

#: (semantic, type, points that accept it, source)
POINT_RULES = [
    # "Can be written to by the geometry shader, and read by the pixel shader"; §23.5 received by the PS only
    ("SV_IsFrontFace", "uint", {"gs_out", "ps_in"}, "docs"),
    # "Can be written to by the geometry or pixel shaders, and read by the geometry, pixel, hull or domain
    # shaders"; §23.2: HS/DS/GS receive it in a per-primitive register, never in a vertex (the docs: "cannot be
    # interpreted by the vertex-shader stage because a vertex can be a member of multiple primitives"); fxc 10.1
    # takes it as a member of hull and domain control points too (not a geometry shader's vertex: X3514)
    ("SV_PrimitiveID", "uint", {"ps_in", "gs_out", "ds_in", "hs_cp_in", "ds_cp_in"}, "docs+fxc"),
    # "(SV_VertexID, SV_InstanceID, SV_IsFrontFace) can only be input into the first active shader ...; after
    # that the shader function must pass the values to subsequent stages": fxc 10.1 refuses SV_VertexID at every
    # other point and SV_InstanceID in patch-constant data (pc_out, the domain shader's loose input)
    ("SV_VertexID", "uint", {"vs_in"}, "fxc"),
    ("SV_InstanceID", "uint", _ALL - {"pc_out", "ds_in"}, "fxc"),
    # §24.4/24.5 and D3D11.3 VPAndRTArrayIndexFromAnyShaderFeedingRasterizer: any stage feeding the
    # rasterizer may write it (vp-array-index.shader_test compiles a vs_4_0 writing it); elsewhere passed along
    ("SV_RenderTargetArrayIndex", "uint", _ALL, "spec"),
    ("SV_ViewportArrayIndex", "uint", _ALL, "spec"),
    # "Available to all shaders to be read or written to, except the vertex shader which can write the value
    # but not take it as input": fxc 10.1 compiles the vertex input; the pixel input here is nointerpolation,
    # which fxc's bytecode validator refuses (X8000: test_a_pixel_shader_clip_distance_is_interpolated_linearly)
    ("SV_ClipDistance", "float", _ALL - {"ps_in"}, "docs+fxc"),
    ("SV_CullDistance", "float", _ALL - {"ps_in"}, "docs+fxc"),
    # "Available in the hull shader for writing, and available in the domain shader for reading"; §24.8/24.9
    # "generated by the Hull Shader Fork and Join Phases (into Patch Constant data)": not a control point's
    # (pc_out / ds_in: the tessellation tests)
    ("SV_TessFactor", "float", set(), "docs+spec"),
    ("SV_InsideTessFactor", "float", set(), "docs+spec"),
    # "Can be read by the hull shader only" (its loose input: test_system_value_per_stage)
    ("SV_OutputControlPointID", "uint", set(), "docs"),
    # "Available as input to the geometry shader" (its loose input)
    ("SV_GSInstanceID", "uint", set(), "docs"),
    # "Available as input to the domain shader" (its loose input); fxc 10.1 also takes an output-patch member
    ("SV_DomainLocation", "float2", {"ds_cp_in"}, "docs+fxc"),
    # pixel-shader only
    ("SV_Coverage", "uint", {"ps_in"}, "docs"),
    ("SV_SampleIndex", "uint", {"ps_in"}, "docs"),
    # "Available as input to compute shader"
    ("SV_DispatchThreadID", "uint3", set(), "docs"),
    ("SV_GroupIndex", "uint", set(), "docs"),
]
_SKIP = {  # the point's own parameter already carries the value: a second one says nothing about the rule
    ("SV_DomainLocation", "ds_in"), ("SV_PrimitiveID", "ds_in"),
    ("SV_TessFactor", "pc_out"), ("SV_TessFactor", "ds_in"),
    ("SV_InsideTessFactor", "pc_out"), ("SV_InsideTessFactor", "ds_in"),
}
POINT_CASES = [(sem, t, pt, pt in ok, src) for sem, t, ok, src in POINT_RULES for pt in POINTS
               if (sem, pt) not in _SKIP]


@pytest.mark.parametrize("sem,t,point,allowed,source", POINT_CASES,
                         ids=[f"{c[2]}-{c[0]}" for c in POINT_CASES])
def test_system_value_per_signature_point(sem, t, point, allowed, source):
    stage, direction, build = POINTS[point]
    target = f"{stage}_5_0"
    src = build(sem, t)
    if allowed:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        return
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    if sem in ("SV_ClipDistance", "SV_CullDistance"):  # the nointerpolation pixel input: fxc's validator
        assert "error X8000" in info.value.errors, info.value.errors
        return
    assert ("error X4502" in info.value.errors and f"semantic '{sem}'" in info.value.errors) or \
        "error X3514" in info.value.errors, info.value.errors


@pytest.mark.parametrize("mod,ok", [("", True), ("linear", True), ("centroid", True), ("linear centroid", True),
                                    ("nointerpolation", False), ("noperspective", False),
                                    ("noperspective centroid", False)])
@pytest.mark.parametrize("sem", ["SV_ClipDistance", "SV_CullDistance0"])
@pytest.mark.parametrize("target", ["ps_4_0", "ps_4_1", "ps_5_0"])
def test_a_pixel_shader_clip_distance_is_interpolated_linearly(mod, ok, sem, target):
    """fxc 10.1 (under Wine, session 36) runs its bytecode validator on its output: a pixel shader's clip or cull
    distance input declared constant or noperspective is X8000 "... Interpolation mode for PS clip or cull distance
    must be linear or linear centroid, or in 4.1, linear_sample"."""
    src = f"float4 main({mod} float x : {sem}) : SV_Target {{ return x; }}"
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        return
    with pytest.raises(ShaderCompileError, match="X8000: D3D11 Internal Compiler Error: Invalid Bytecode: "
                                                 "Interpolation mode for PS clip or cull distance"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def _sig(blob, output: bool) -> list[tuple[str, int]]:
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(blob)
    d = r.GetDesc()
    get = r.GetOutputParameterDesc if output else r.GetInputParameterDesc
    n = d.OutputParameters if output else d.InputParameters
    return [(get(i).SemanticName, get(i).SystemValueType) for i in range(n)]


def test_vertex_and_instance_ids_are_system_values_only_at_the_vertex_input():
    """§23.1/23.3: only the vertex shader receives them; elsewhere (§24) the name has no effect, so the
    signature element records D3D_NAME_UNDEFINED (0); at the vertex input D3D_NAME_VERTEX_ID (6) /
    D3D_NAME_INSTANCE_ID (8) (d3dcommon.h)."""
    # (an SV_VertexID anywhere but the vertex input is fxc 10.1's X4502, session 36: SV_InstanceID is passed along)
    vs = D3DCompile("float4 main(float4 p : P, uint v : SV_VertexID, uint i : SV_InstanceID, "
                    "out uint oi : SV_InstanceID) : SV_Position { oi = i + v; return p; }",
                    None, "t.hlsl", None, None, "main", "vs_5_0")
    assert ("SV_VertexID", 6) in _sig(vs, False) and ("SV_InstanceID", 8) in _sig(vs, False)
    assert ("SV_InstanceID", 0) in _sig(vs, True)
    ps = D3DCompile(_ps_in_const("SV_InstanceID", "uint"), None, "t.hlsl", None, None, "main", "ps_5_0")
    assert _sig(ps, False) == [("SV_InstanceID", 0)]
    gs = D3DCompile(_gs_v_in("SV_InstanceID", "uint"), None, "t.hlsl", None, None, "main", "gs_5_0")
    assert ("SV_InstanceID", 0) in _sig(gs, False)


# --- value shapes --------------------------------------------------------------------------------------------
#: (source, target, accepted) -- component counts from §23/§24 "Type:" lines ("scalar", "3 component", "must be a
#: scalar quantity only") and the docs' Type column; the error wording beyond "X4502: invalid <target> <dir>
#: semantic '<name>'" is INFERRED
SHAPES = [
    ("float4 main(float4 p : P, out uint r : SV_RenderTargetArrayIndex) : SV_Position { r = 0; return p; }",
     "vs_5_0", True),
    ("float4 main(float4 p : P, out uint2 r : SV_RenderTargetArrayIndex) : SV_Position { r = 0; return p; }",
     "vs_5_0", False),  # §24.4 "must be a scalar quantity only"
    ("float4 main(float4 p : P, out uint2 r : SV_ViewportArrayIndex) : SV_Position { r = 0; return p; }",
     "vs_5_0", False),  # §24.5
    ("float4 main(float4 p : P, out float4 c : SV_ClipDistance) : SV_Position { c = 0; return p; }",
     "vs_5_0", True),
    ("float main() : SV_Depth { return 0; }", "ps_5_0", True),
    ("float2 main() : SV_Depth { return 0; }", "ps_5_0", False),  # the docs: float
    ("float2 main() : SV_DepthGreaterEqual { return 0; }", "ps_5_0", False),  # §24.6 scalar only
    ("float2 main() : SV_DepthLessEqual { return 0; }", "ps_5_0", False),  # §24.7 scalar only
    ("uint2 main() : SV_Coverage { return 0; }", "ps_5_0", False),  # the docs: uint
    ("uint2 main() : SV_StencilRef { return 0; }", "ps_5_0", False),  # the docs: uint
    ("float4 main(uint2 c : SV_Coverage) : SV_Target { return c.x; }", "ps_5_0", False),  # §23.4
    ("float4 main(uint2 c : SV_SampleIndex) : SV_Target { return c.x; }", "ps_5_0", False),  # §23.6
    ("float4 main(uint2 c : SV_PrimitiveID) : SV_Target { return c.x; }", "ps_5_0", False),  # §23.2 scalar
    ("float4 main(uint2 c : SV_IsFrontFace) : SV_Target { return c.x; }", "ps_5_0", False),  # §23.5
    ("float4 main(bool f : SV_IsFrontFace) : SV_Target { return f; }", "ps_5_0", True),  # the docs: bool
    ("float4 main(uint2 v : SV_VertexID) : SV_Position { return v.x; }", "vs_5_0", False),  # §23.1 scalar
    ("float4 main(uint2 v : SV_InstanceID) : SV_Position { return v.x; }", "vs_5_0", False),  # §23.3 scalar
    # passed along (not a system value there): any shape
    ("float4 main(nointerpolation uint2 v : SV_InstanceID) : SV_Target { return v.x; }", "ps_5_0", True),
    ("float4 main(nointerpolation uint2 v : SV_VertexID) : SV_Target { return v.x; }", "ps_5_0", False),  # fxc 10.1
    ("[numthreads(1,1,1)] void main(uint3 t : SV_DispatchThreadID) {}", "cs_5_0", True),
    ("[numthreads(1,1,1)] void main(uint t : SV_GroupID) {}", "cs_5_0", True),  # fewer components: .x
    ("[numthreads(1,1,1)] void main(uint4 t : SV_DispatchThreadID) {}", "cs_5_0", False),  # §23.11 3 components
    ("[numthreads(1,1,1)] void main(uint4 t : SV_GroupThreadID) {}", "cs_5_0", False),  # §23.13
    ("[numthreads(1,1,1)] void main(uint2 t : SV_GroupIndex) {}", "cs_5_0", False),  # §23.14 "1 component"
]


#: d3dcompiler_47 10.1's first error for the refused rows where it is not the X4502 first inferred (session 49,
#: recorded under Wine): a vector of a one-uint value at a place that takes it is X4576 "type must be a scalar
#: uint" before the component count, a vector coverage input X4555 (tests/test_rules_hlsl_sv_type_first_s49.py)
_SHAPE_FXC = {1: "X4576", 2: "X4576", 10: "X4555", 11: "X4576", 12: "X4576", 13: "X4576", 15: "X4576", 16: "X4576"}


@pytest.mark.parametrize("src,target,ok", SHAPES, ids=[f"{i}" for i in range(len(SHAPES))])
def test_system_value_component_counts(src, target, ok, request):
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
        return
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    recorded = _SHAPE_FXC.get(int(request.node.callspec.id))
    if recorded is not None:
        assert f"error {recorded}:" in info.value.errors
        return
    if target.startswith("cs_") or "main() : SV_" in src:
        # a too-wide compute thread ID (session 36; tests/test_rules_hlsl_svtypes_s36.py) and a pixel shader's
        # depth / coverage / stencil-reference output of more than one component (session 41;
        # tests/test_rules_hlsl_fxc_mutants_s41.py) are X4555 in d3dcompiler_47 10.1 (recorded under Wine), not
        # the X4502 this table first inferred
        assert "error X4555: invalid type used for" in info.value.errors
        return
    assert f"error X4502: invalid {target}" in info.value.errors


#: §24.1/24.2 restriction 3: "At most up to 8 scalar components of data in at most 2 Elements in total may be
#: labeled clipDistance and/or cullDistance" -- an Element is a register, so packed distances count once
CLIP_CULL = [
    ("float4 c0 : SV_ClipDistance0; float4 c1 : SV_ClipDistance1;", True),  # 8 in 2
    ("float4 c0 : SV_ClipDistance0; float4 u0 : SV_CullDistance0;", True),  # 8 in 2
    # clip-cull-distance.shader_test's layout: 2 + 3 + 2 + 1 components packed into 2 registers
    ("float2 c : SV_ClipDistance; float3 c2 : SV_ClipDistance1; float2 u2 : SV_CullDistance1;"
     " float1 u : SV_CullDistance;", True),
    ("float4 c0 : SV_ClipDistance0; float4 c1 : SV_ClipDistance1; float u : SV_CullDistance0;", False),  # 9
    ("float c[2] : SV_ClipDistance0;", True),  # two registers
    ("float c[3] : SV_ClipDistance0;", False),  # three registers
    ("float3 c0 : SV_ClipDistance0; float3 c1 : SV_ClipDistance1; float2 u : SV_CullDistance0;", False),  # 3 regs
]


@pytest.mark.parametrize("members,ok", CLIP_CULL, ids=[f"{i}" for i in range(len(CLIP_CULL))])
def test_clip_and_cull_distance_totals(members, ok):
    src = (f"struct O {{ float4 p : SV_Position; {members} }};\n"
           "O main(float4 p : P) { O o = (O)0; o.p = p; return o; }")
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "vs_5_0")
        return
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "vs_5_0")
    assert "error X4502: invalid vs_5_0 output semantics: SV_ClipDistance and SV_CullDistance" in info.value.errors


def test_render_target_array_index_from_a_vertex_shader_needs_the_d3d11_3_feature():
    """D3D11_FEATURE_DATA_D3D11_OPTIONS3.VPAndRTArrayIndexFromAnyShaderFeedingRasterizer: the compiler accepts a
    vertex or domain shader writing the index (vs_4_0 and up: vp-array-index.shader_test's [require]); the runtime
    records D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER for it."""
    from pyd3d11.api.shader_requirements import required_flags
    from pyd3d11.headers.d3dcommon import (
        D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER as REQ,
    )
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program

    for target in ("vs_4_0", "vs_5_0"):
        blob = D3DCompile("float4 main(float4 p : P, out uint r : SV_RenderTargetArrayIndex) : SV_Position"
                          " { r = 1; return p; }", None, "t.hlsl", None, None, "main", target)
        c = parse_container(bytes(blob))
        assert required_flags(c, decode_program(c.program)) & REQ
