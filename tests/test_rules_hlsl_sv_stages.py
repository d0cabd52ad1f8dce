"""System-value semantics per stage, direction, shader model, shape and index: an accept / reject battery
(issue 15, session 33 helper SV), written from Microsoft's documents only. It fills the rows the earlier files
(test_rules_hlsl_stage_sysvalues.py, test_rules_hlsl_semantics.py, test_rules_hlsl_output_semantics.py,
test_rules_hlsl_signature_details.py) leave out: every stage including the compute shader, the pixel shader's
output list, the compute-only thread IDs at every other stage, SV_StencilRef / SV_InnerCoverage, the
cs_4_x / gs_4_1 models and the SV_Target index range one by one.

Sources (each row names its rule):

* [T] MicrosoftDocs win32 desktop-src/direct3dhlsl/dx-graphics-hlsl-semantics.md, System-Value Semantics table
  (Description / Type) and the prose above it: "Pixel shaders can only write to parameters with the SV_Depth
  and SV_Target system-value semantics"; SV_DispatchThreadID / SV_GroupID / SV_GroupIndex / SV_GroupThreadID
  "Available as input to the compute shader. (read only)"; SV_VertexID "Available as the input to the vertex
  shader only"; SV_PrimitiveID "read by the geometry, pixel, hull or domain shaders"; SV_IsFrontFace "read by
  the pixel shader"; SV_SampleIndex "read or written to by the pixel shader only"; SV_StencilRef "Can be written
  by the pixel shader only"; SV_Coverage "OUTPUT is supported on ps_4_1 or higher ... INPUT requires ps_5_0";
  SV_GSInstanceID "Available as input to the geometry shader"; SV_DomainLocation "input to the domain shader";
  SV_OutputControlPointID "Can be read by the hull shader only"; SV_TessFactor / SV_InsideTessFactor "Available
  for writing in the hull shader and reading in the domain shader"; SV_Target[n] "where 0 <= n <= 7".
* [IC] direct3dhlsl/sv-innercoverage.md: Type uint; "This input is mutually exclusive with SV_Coverage - both
  cannot be used"; "it must be declared as a single component"; conservative rasterization is a D3D11.3
  feature, whose pixel shaders are ps_5_0.
* [SR] direct3d11/shader-specified-stencil-reference-value.md: the D3D11.3 example
  ``uint main2(float4 c : COORD) : SV_StencilRef`` (a pixel shader's return value).
* [CS4] direct3d11 "Compute Shader on Downlevel Hardware" (cs_4_0 / cs_4_1 on D3D10.x hardware): the thread
  IDs SV_GroupID, SV_GroupThreadID, SV_DispatchThreadID and SV_GroupIndex are its inputs.
* [GSI] direct3dhlsl/sv-gsinstanceid.md / "instance" attribute: geometry-shader instancing is shader model 5.

A rejection asserts fxc's X-number only where this repository already records it for the same kind of case
(X4502 "invalid <target> input|output semantic" -- test_rules_hlsl_stage_sysvalues.py, test_rules_hlsl_semantics.py);
a pixel shader's stray outputs assert only failure (this repository records both X4502 and X4506 for them).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compiles only (checked by tests/conftest.py)

V = "struct V { float4 p : SV_Position; };\n"
PC_TRI = "struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
HS_HEAD = ('[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]'
           ' [patchconstantfunc("pc")]')
PCF = "PC pc(InputPatch<V, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = 1; o.i = 1; return o; }\n"


def _ok(src: str, target: str) -> None:
    D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def _fails(src: str, target: str) -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return info.value.errors


# --- one loose input per stage --------------------------------------------------------------------------------
def _in(stage: str, sem: str, t: str) -> str:
    x = "(float)x" if t.count("uint") and not t[-1].isdigit() else "(float)x.x"
    if stage == "vs":
        return f"float4 main({t} x : {sem}) : SV_Position {{ return {x}; }}"
    if stage == "ps":
        return f"float4 main(nointerpolation {t} x : {sem}) : SV_Target {{ return {x}; }}"
    if stage == "gs":
        # a value of the vertex array takes a geometry specifier (else X3514 before any semantic's X4502,
        # d3dcompiler_47 10.1, session 49); only the register-less SV_PrimitiveID / SV_GSInstanceID stand alone
        if sem not in ("SV_PrimitiveID", "SV_GSInstanceID"):
            return V + f"""[maxvertexcount(1)] void main(point V v[1], point {t} x[1] : {sem}, inout PointStream<V> s)
        {{ V o = v[0]; o.p += {x.replace("x", "x[0]", 1)}; s.Append(o); }}"""
        return V + f"""[maxvertexcount(1)] void main(point V v[1], {t} x : {sem}, inout PointStream<V> s)
        {{ V o = v[0]; o.p += {x}; s.Append(o); }}"""
    if stage == "hs":
        return V + PC_TRI + PCF + HS_HEAD + f""" V main(InputPatch<V, 3> ip, {t} x : {sem})
        {{ V o = ip[0]; o.p += {x}; return o; }}"""
    if stage == "ds":
        return V + PC_TRI + f"""[domain("tri")] V main(PC pc, float3 uvw : SV_DomainLocation, {t} x : {sem},
        const OutputPatch<V, 3> p) {{ V o; o.p = uvw.xyzz + {x}; return o; }}"""
    assert stage == "cs"
    # (a structured UAV: cs_4_x has no typed ones)
    return f"RWStructuredBuffer<float> b;\n[numthreads(1, 1, 1)] void main({t} x : {sem}) {{ b[0] = {x}; }}"


# --- one output per stage (an ``out`` parameter, a control point or a stream vertex member) -------------------
def _out(stage: str, sem: str, t: str) -> str:
    if stage == "vs":
        return f"float4 main(float4 p : P, out {t} x : {sem}) : SV_Position {{ x = 0; return p; }}"
    if stage == "ps":
        return f"float4 main(float4 p : P, out {t} x : {sem}) : SV_Target {{ x = 0; return p; }}"
    o = f"struct O {{ float4 p : SV_Position; {t} x : {sem}; }};\n"
    if stage == "gs":
        return V + o + """[maxvertexcount(1)] void main(point V v[1], inout PointStream<O> s)
        { O r; r.p = v[0].p; r.x = 0; s.Append(r); }"""
    if stage == "hs":
        return V + o + PC_TRI + PCF + HS_HEAD + """ O main(InputPatch<V, 3> ip, uint i : SV_OutputControlPointID)
        { O r; r.p = ip[i].p; r.x = 0; return r; }"""
    assert stage == "ds"
    return V + o + PC_TRI + """[domain("tri")] O main(PC pc, float3 uvw : SV_DomainLocation,
    const OutputPatch<V, 3> p) { O r; r.p = uvw.xyzz; r.x = 0; return r; }"""


STAGES = ("vs", "hs", "ds", "gs", "ps", "cs")
GRAPHICS = ("vs", "hs", "ds", "gs", "ps")

#: (semantic, type, stages reading it as a loose input, rule) -- rows the documents decide for every stage
INPUTS = [
    # [T] "Available as input to the compute shader. (read only)"
    ("SV_DispatchThreadID", "uint3", {"cs"}, "T"),
    ("SV_GroupID", "uint3", {"cs"}, "T"),
    ("SV_GroupThreadID", "uint3", {"cs"}, "T"),
    ("SV_GroupIndex", "uint", {"cs"}, "T"),
    # [T] "read by the geometry, pixel, hull or domain shaders" (the domain shader's: its own parameter, below)
    ("SV_PrimitiveID", "uint", {"gs", "ps", "hs", "ds"}, "T"),
    # [T] "read by the pixel shader"
    ("SV_IsFrontFace", "uint", {"ps"}, "T"),
    # [T] "read or written to by the pixel shader only"
    ("SV_SampleIndex", "uint", {"ps"}, "T"),
    # [T] "INPUT requires ps_5_0"; a pixel shader's mask
    ("SV_Coverage", "uint", {"ps"}, "T"),
    # [IC] "one of the pixel shader input registers"
    ("SV_InnerCoverage", "uint", {"ps"}, "IC"),
    # [T] "Available as input to the geometry shader"
    ("SV_GSInstanceID", "uint", {"gs"}, "T"),
    # [T] "Can be read by the hull shader only"
    ("SV_OutputControlPointID", "uint", {"hs"}, "T"),
]
#: rows the documents leave open
_IN_SKIP = {
    # a vertex shader's input other than SV_VertexID / SV_InstanceID is vertex data from the input assembler,
    # and the documents do not say whether fxc then refuses an SV_ name there
    ("SV_DispatchThreadID", "vs"), ("SV_GroupID", "vs"), ("SV_GroupThreadID", "vs"), ("SV_GroupIndex", "vs"),
    ("SV_InnerCoverage", "vs"),
}
IN_CASES = [(sem, t, st, st in ok, rule) for sem, t, ok, rule in INPUTS for st in STAGES if (sem, st) not in _IN_SKIP]


@pytest.mark.parametrize("sem,t,stage,ok,rule", IN_CASES, ids=[f"{c[2]}_in-{c[0]}" for c in IN_CASES])
def test_loose_input_per_stage(sem, t, stage, ok, rule):
    target = f"{stage}_5_0"
    src = _in(stage, sem, t)
    if ok:
        _ok(src, target)
    else:
        assert f"error X4502: invalid {target} input semantic '{sem}'" in _fails(src, target)


#: (semantic, type, stages writing it, rule) -- the outputs of vs / hs control points / ds / gs / ps
OUTPUTS = [
    # [T] "(read only)" compute-shader inputs: no stage writes them
    ("SV_DispatchThreadID", "uint3", set(), "T"),
    ("SV_GroupID", "uint3", set(), "T"),
    ("SV_GroupThreadID", "uint3", set(), "T"),
    ("SV_GroupIndex", "uint", set(), "T"),
    # [T] "Can be written by the pixel shader only"
    ("SV_StencilRef", "uint", {"ps"}, "T"),
    # [T] "OUTPUT is supported on ps_4_1 or higher" (of a pixel shader)
    ("SV_Coverage", "uint", {"ps"}, "T"),
    # [T] "input to the geometry shader" / "input to the domain shader" / "read by the hull shader only"
    ("SV_GSInstanceID", "uint", set(), "T"),
    ("SV_DomainLocation", "float2", set(), "T"),
    ("SV_OutputControlPointID", "uint", set(), "T"),
]
OUT_CASES = [(sem, t, st, st in ok, rule) for sem, t, ok, rule in OUTPUTS for st in GRAPHICS]


@pytest.mark.parametrize("sem,t,stage,ok,rule", OUT_CASES, ids=[f"{c[2]}_out-{c[0]}" for c in OUT_CASES])
def test_output_per_stage(sem, t, stage, ok, rule):
    target = f"{stage}_5_0"
    src = _out(stage, sem, t)
    if ok:
        _ok(src, target)
    elif stage == "ps":
        _fails(src, target)  # X4502 or X4506: this repository records both for a pixel shader's outputs
    else:
        assert f"error X4502: invalid {target} output semantic '{sem}'" in _fails(src, target)


#: [T] "Pixel shaders can only write to parameters with the SV_Depth and SV_Target system-value semantics" (and
#: the table's pixel-shader outputs SV_Coverage, SV_StencilRef, SV_DepthGreaterEqual / LessEqual). Rows whose
#: table entry names the pixel shader as a writer (SV_PrimitiveID, SV_RenderTargetArrayIndex,
#: SV_ViewportArrayIndex, SV_SampleIndex, SV_InnerCoverage) contradict that sentence and are left out.
PS_STRAY_OUTPUTS = [("SV_Position", "float4"), ("SV_ClipDistance", "float"), ("SV_CullDistance", "float"),
                    ("SV_VertexID", "uint"), ("SV_InstanceID", "uint"), ("SV_IsFrontFace", "uint"),
                    ("SV_GSInstanceID", "uint"), ("SV_DomainLocation", "float2"),
                    ("SV_OutputControlPointID", "uint"), ("SV_DispatchThreadID", "uint3"),
                    ("SV_GroupIndex", "uint"), ("SV_TessFactor", "float")]
PS_OUTPUTS = [("SV_Target", "float4", "ps_4_0"), ("SV_Depth", "float", "ps_4_0"), ("SV_Coverage", "uint", "ps_4_1"),
              ("SV_DepthGreaterEqual", "float", "ps_5_0"), ("SV_DepthLessEqual", "float", "ps_5_0"),
              ("SV_StencilRef", "uint", "ps_5_0")]


@pytest.mark.parametrize("sem,t", PS_STRAY_OUTPUTS, ids=[c[0] for c in PS_STRAY_OUTPUTS])
@pytest.mark.parametrize("form", ["out", "return"])
def test_pixel_shader_writes_only_its_outputs(sem, t, form):
    if form == "out":
        src = f"float4 main(float4 p : P, out {t} x : {sem}) : SV_Target {{ x = 0; return p; }}"
    else:
        src = f"{t} main(float4 p : P) : {sem} {{ return 0; }}"
    _fails(src, "ps_5_0")


@pytest.mark.parametrize("sem,t,target", PS_OUTPUTS, ids=[c[0] for c in PS_OUTPUTS])
def test_pixel_shader_outputs_as_return_values(sem, t, target):
    """[SR] ``uint main2(float4 c : COORD) : SV_StencilRef``; the others as the table's ps outputs from the
    model the table gives (SV_Coverage output ps_4_1)."""
    _ok(f"{t} main(float4 c : COORD) : {sem} {{ return ({t})c.x; }}", target)


# --- shader models ----------------------------------------------------------------------------------------------
MODELS = [
    # [CS4] the thread IDs are cs_4_0 / cs_4_1 inputs too
    *[(_in("cs", sem, t), tgt, True) for sem, t in [("SV_DispatchThreadID", "uint3"), ("SV_GroupID", "uint3"),
                                                     ("SV_GroupThreadID", "uint3"), ("SV_GroupIndex", "uint")]
      for tgt in ("cs_4_0", "cs_4_1")],
    # [T] SV_Coverage output from ps_4_1, input from ps_5_0 (ps_4_0 / 4_1 inputs: test_rules_hlsl_semantics.py)
    ("uint main(float4 c : COORD) : SV_Coverage { return 1; }", "ps_4_0", False),
    ("uint main(float4 c : COORD) : SV_Coverage { return 1; }", "ps_4_1", True),
    # [T] SV_SampleIndex "read ... by the pixel shader" from ps_4_1 (the ps_4_0 row: test_rules_hlsl_semantics.py)
    ("float4 main(nointerpolation uint c : SV_SampleIndex) : SV_Target { return c; }", "ps_5_0", True),
    # [GSI] the instance id compiles at gs_4_1 as at gs_4_0 (d3dcompiler_47 10.1, session 49; the [instance]
    # attribute is the 5.0 part: test_rules_hlsl_feature_gates.py)
    (_in("gs", "SV_GSInstanceID", "uint"), "gs_4_1", True),
    # [IC] a D3D11.3 feature: its pixel shaders are ps_5_0
    (_in("ps", "SV_InnerCoverage", "uint"), "ps_5_0", True),
    # the conservative-depth outputs from ps_5_0 (SV_DepthGreaterEqual ps_4_1: test_rules_hlsl_semantics.py)
    ("float main(float4 c : COORD) : SV_DepthLessEqual { return c.x; }", "ps_4_1", False),
    ("float main(float4 c : COORD) : SV_DepthGreaterEqual { return c.x; }", "ps_4_0", False),
    ("uint main(float4 c : COORD) : SV_StencilRef { return 1; }", "ps_4_0", False),
]


@pytest.mark.parametrize("src,target,ok", MODELS, ids=[f"{i}-{m[1]}" for i, m in enumerate(MODELS)])
def test_system_value_per_model(src, target, ok):
    if ok:
        _ok(src, target)
    elif target == "ps_4_0" and ": SV_Coverage {" in src:
        # a ps_4_0 coverage output is d3dcompiler_47 10.1's X4503 "SV_Coverage not supported on ps_4_0" (session 37,
        # tests/test_rules_hlsl_fxc_sv_outputs_s37.py; X4502 was inferred)
        assert "error X4503: SV_Coverage not supported on ps_4_0" in _fails(src, target)
    else:
        assert "error X4502" in _fails(src, target)


# --- shapes and combinations --------------------------------------------------------------------------------------
SHAPES = [
    # [T] Type uint3 / uint: SV_GroupID (§ the table's uint3), one element at most three components
    ("RWBuffer<float> b;\n[numthreads(1, 1, 1)] void main(uint4 g : SV_GroupID) { b[0] = g.x; }", "cs_5_0", False),
    ("RWBuffer<float> b;\n[numthreads(1, 1, 1)] void main(uint2 g : SV_GroupID) { b[0] = g.x; }", "cs_5_0", True),
    # [T] Type uint (a scalar)
    (_in("gs", "SV_GSInstanceID", "uint2"), "gs_5_0", False),
    (_in("hs", "SV_OutputControlPointID", "uint2"), "hs_5_0", False),
    # [T] SV_PrimitiveID Type uint (a scalar) at each reader (the pixel shader's: test_rules_hlsl_stage_sysvalues.py)
    (_in("gs", "SV_PrimitiveID", "uint2"), "gs_5_0", False),
    (_in("hs", "SV_PrimitiveID", "uint2"), "hs_5_0", False),
    (V + PC_TRI + """[domain("tri")] V main(PC pc, float3 uvw : SV_DomainLocation, uint2 x : SV_PrimitiveID,
    const OutputPatch<V, 3> p) { V o; o.p = uvw.xyzz + x.x; return o; }""", "ds_5_0", False),
    (V + PC_TRI + """PC pc(InputPatch<V, 3> ip, uint2 x : SV_PrimitiveID) { PC o; o.e[0] = o.e[1] = o.e[2] = x.x;
    o.i = 1; return o; }
""" + HS_HEAD + """ V main(InputPatch<V, 3> ip) { return ip[0]; }""", "hs_5_0", False),
    (V + PC_TRI + """PC pc(InputPatch<V, 3> ip, uint x : SV_PrimitiveID) { PC o; o.e[0] = o.e[1] = o.e[2] = x;
    o.i = 1; return o; }
""" + HS_HEAD + """ V main(InputPatch<V, 3> ip) { return ip[0]; }""", "hs_5_0", True),
    # [IC] "declared as a single component"
    (_in("ps", "SV_InnerCoverage", "uint2"), "ps_5_0", False),
    # [T] SV_StencilRef / SV_Coverage outputs: uint (a scalar)
    ("uint2 main(float4 c : COORD) : SV_Coverage { return 1; }", "ps_5_0", False),
]


#: d3dcompiler_47 10.1's first error for each refused SHAPES row (recorded under Wine, session 38, helper MUT): the
#: register-less scalar inputs and a too-wide SV_InnerCoverage / SV_Coverage are X4555 "invalid type used for
#: 'SV_x' input|output semantics" (X4502 was inferred here); a ``uint2 i : SV_OutputControlPointID`` compiles
#: (row 3, False before: fxc reads the ID into each lane)
_SHAPE_FXC = {0: "X4555", 2: "X4555", 4: "X4555", 5: "X4555", 6: "X4555", 7: "X4555", 9: "X4555", 10: "X4555"}
_SHAPE_NOT_BUILT: dict[int, str] = {}  # (row 9's X4555 built in session 49: svtypes.type_before_place)


@pytest.mark.parametrize("src,target,ok", SHAPES, ids=[f"{i}" for i in range(len(SHAPES))])
def test_system_value_shape(src, target, ok, request):
    i = int(request.node.callspec.id)
    if i == 3:
        ok = True  # fxc 10.1 compiles it (above)
    if ok:
        _ok(src, target)
        return
    if i in _SHAPE_NOT_BUILT:
        request.applymarker(pytest.mark.xfail(strict=True, reason=f"fxc {_SHAPE_FXC[i]}, here {_SHAPE_NOT_BUILT[i]}"))
    assert f"error {_SHAPE_FXC[i]}: invalid type used for" in _fails(src, target)


def test_inner_coverage_excludes_coverage():
    """[IC] "This input is mutually exclusive with SV_Coverage - both cannot be used"."""
    _fails("float4 main(nointerpolation uint i : SV_InnerCoverage, uint c : SV_Coverage) : SV_Target"
           " { return i + c; }", "ps_5_0")
    _fails("struct I { uint c : SV_Coverage; nointerpolation uint i : SV_InnerCoverage; };\n"
           "float4 main(I v) : SV_Target { return v.i + v.c; }", "ps_5_0")
    _ok("float4 main(nointerpolation uint i : SV_InnerCoverage) : SV_Target { return i; }", "ps_5_0")
    _ok("float4 main(uint c : SV_Coverage) : SV_Target { return c; }", "ps_5_0")


# --- semantic indices ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(8))
def test_target_index_zero_to_seven(n):
    """[T] SV_Target[n], "where 0 <= n <= 7"."""
    _ok(f"float4 main() : SV_Target{n} {{ return 1; }}", "ps_5_0")
    _ok(f"void main(out float4 o : SV_TARGET{n}) {{ o = 1; }}", "ps_4_0")


@pytest.mark.parametrize("n", [8, 9, 15, 31])
def test_target_index_past_seven_per_form(n):
    """[T] "where 0 <= n <= 7" (SV_Target8 as a return value: test_rules_hlsl_output_semantics.py)."""
    err = _fails(f"void main(out float4 o : SV_Target{n}) {{ o = 1; }}", "ps_5_0")
    assert f"error X4502: invalid ps_5_0 output semantic 'SV_Target{n}'" in err
    err = _fails(f"float4 main() : SV_Target{n} {{ return 1; }}", "ps_4_0")
    assert f"error X4502: invalid ps_4_0 output semantic 'SV_Target{n}'" in err
