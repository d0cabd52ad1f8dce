"""Issue 15 (session 46, the lead): semantic indices of system values, and per-primitive values inside a geometry
shader's vertex array, as d3dcompiler_47 10.1 (under Wine) judges them.

* Every system value but SV_Target (0-7), SV_ClipDistance / SV_CullDistance (0-1), the tessellation factors (by
  domain, hs.py) and SV_OutputControlPointID takes only the index 0: ``SV_Depth1``, ``SV_PrimitiveID1``,
  ``SV_InstanceID1`` (also as a vertex output, where it is no system value) are X4502 "invalid output semantic
  'SV_Depth1': Legal indices are in [0,0]" at every signature point (sysvalues.SINGLE_INDEX).
* A geometry shader's loose input with a numbered semantic is no other stage's system value: ``uint v :
  SV_Coverage1`` is X3514 (no geometry specifier), ``SV_PrimitiveID1`` X4502's [0,0].
* SV_PrimitiveID / SV_GSInstanceID as a member of the vertex array's struct: X3514 "SV_PrimitiveId is an invalid
  input semantic for geometry shader primitives, it must be its own parameter."

Rows: 21 system values x 11 signature points (vertex / pixel inputs and outputs, a geometry shader's loose input and
vertex-array member, a domain shader's loose input and control-point member, a hull shader's control-point and
patch-constant inputs, a compute shader's input), index 1; fxc's first error number or "ok". The rows still
differing are strict xfails (OPEN).
"""

from __future__ import annotations

import pytest
from fxc_record_helpers import mutant_verdict

pytestmark = pytest.mark.backend_independent

HS = ('struct V {{ float4 p : POS; }}; struct P {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; }};\n'
      'P pc({pc}) {{ P p = (P)0; return p; }}\n'
      '[domain("tri")][partitioning("integer")][outputtopology("triangle_cw")][outputcontrolpoints(3)]'
      '[patchconstantfunc("pc")]\nV main(InputPatch<V,3> ip, uint i : SV_OutputControlPointID{hs}) {{ return ip[i]; }}')
DS = ('struct C {{ float4 p : POS;{cp} }}; struct P {{ float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; }};\n'
      '[domain("tri")] float4 main(P pc,{loose} const OutputPatch<C,3> cp) : SV_Position {{ return cp[0].p; }}')
GS = ('struct V {{ float4 p : SV_Position;{member} }};\n[maxvertexcount(1)] void main(point V vv[1],{loose} '
      'inout PointStream<V> st) {{ st.Append(vv[0]); }}')
#: signature point -> (target, source template of (type t, semantic s))
KINDS = {
    "vs_in": ("vs_5_0", lambda t, s: f"float4 main({t} v : {s}) : SV_Position {{ return 0; }}"),
    "vs_out": ("vs_5_0", lambda t, s: f"void main(out float4 p : SV_Position, out {t} v : {s}) {{ p = 0; v = ({t})0; }}"),
    "ps_in": ("ps_5_0", lambda t, s: f"float4 main({t} v : {s}) : SV_Target {{ return (float)v.x; }}"),
    "ps_out": ("ps_5_0", lambda t, s: f"void main(out float4 p : SV_Target, out {t} v : {s}) {{ p = 0; v = ({t})0; }}"),
    "gs_loose": ("gs_5_0", lambda t, s: GS.format(member="", loose=f" {t} v : {s},")),
    "gs_member": ("gs_5_0", lambda t, s: GS.format(member=f" {t} v : {s};", loose="")),
    "ds_loose": ("ds_5_0", lambda t, s: DS.format(cp="", loose=f" {t} v : {s},")),
    "ds_cp": ("ds_5_0", lambda t, s: DS.format(cp=f" {t} v : {s};", loose="")),
    "hs_loose": ("hs_5_0", lambda t, s: HS.format(pc="", hs=f", {t} v : {s}")),
    "pc_loose": ("hs_5_0", lambda t, s: HS.format(pc=f"{t} v : {s}", hs="")),
    "cs": ("cs_5_0", lambda t, s: f"[numthreads(1,1,1)] void main({t} v : {s}) {{ }}"),
}
TYPES = {"SV_ClipDistance": "float", "SV_CullDistance": "float", "SV_Coverage": "uint", "SV_Depth": "float",
         "SV_DepthGreaterEqual": "float", "SV_DomainLocation": "float3", "SV_GSInstanceID": "uint",
         "SV_InnerCoverage": "uint", "SV_InsideTessFactor": "float", "SV_InstanceID": "uint", "SV_IsFrontFace": "bool",
         "SV_OutputControlPointID": "uint", "SV_Position": "float4", "SV_PrimitiveID": "uint",
         "SV_RenderTargetArrayIndex": "uint", "SV_SampleIndex": "uint", "SV_StencilRef": "uint", "SV_Target": "float4",
         "SV_TessFactor": "float", "SV_VertexID": "uint", "SV_ViewportArrayIndex": "uint"}


ROWS = [  # (signature point, semantic, fxc's first error or "ok")
    ('vs_in', 'SV_ClipDistance1', 'ok'),
    ('vs_out', 'SV_ClipDistance1', 'ok'),
    ('ps_in', 'SV_ClipDistance1', 'ok'),
    ('ps_out', 'SV_ClipDistance1', 'X4502'),
    ('gs_loose', 'SV_ClipDistance1', 'X3514'),
    ('gs_member', 'SV_ClipDistance1', 'ok'),
    ('ds_loose', 'SV_ClipDistance1', 'X4502'),
    ('ds_cp', 'SV_ClipDistance1', 'X4502'),
    ('hs_loose', 'SV_ClipDistance1', 'X4502'),
    ('pc_loose', 'SV_ClipDistance1', 'X4502'),
    ('cs', 'SV_ClipDistance1', 'X4502'),
    ('vs_in', 'SV_CullDistance1', 'ok'),
    ('vs_out', 'SV_CullDistance1', 'ok'),
    ('ps_in', 'SV_CullDistance1', 'ok'),
    ('ps_out', 'SV_CullDistance1', 'X4502'),
    ('gs_loose', 'SV_CullDistance1', 'X3514'),
    ('gs_member', 'SV_CullDistance1', 'ok'),
    ('ds_loose', 'SV_CullDistance1', 'X4502'),
    ('ds_cp', 'SV_CullDistance1', 'X4502'),
    ('hs_loose', 'SV_CullDistance1', 'X4502'),
    ('pc_loose', 'SV_CullDistance1', 'X4502'),
    ('cs', 'SV_CullDistance1', 'X4502'),
    ('vs_in', 'SV_Coverage1', 'X4502'),
    ('vs_out', 'SV_Coverage1', 'X4502'),
    ('ps_in', 'SV_Coverage1', 'X4502'),
    ('ps_out', 'SV_Coverage1', 'X4502'),
    ('gs_loose', 'SV_Coverage1', 'X3514'),
    ('gs_member', 'SV_Coverage1', 'X4502'),
    ('ds_loose', 'SV_Coverage1', 'X4502'),
    ('ds_cp', 'SV_Coverage1', 'X4502'),
    ('hs_loose', 'SV_Coverage1', 'X4502'),
    ('pc_loose', 'SV_Coverage1', 'X4502'),
    ('cs', 'SV_Coverage1', 'X4502'),
    ('vs_in', 'SV_Depth1', 'X4502'),
    ('vs_out', 'SV_Depth1', 'X4502'),
    ('ps_in', 'SV_Depth1', 'X4502'),
    ('ps_out', 'SV_Depth1', 'X4502'),
    ('gs_loose', 'SV_Depth1', 'X3514'),
    ('gs_member', 'SV_Depth1', 'X4502'),
    ('ds_loose', 'SV_Depth1', 'X4502'),
    ('ds_cp', 'SV_Depth1', 'X4502'),
    ('hs_loose', 'SV_Depth1', 'X4502'),
    ('pc_loose', 'SV_Depth1', 'X4502'),
    ('cs', 'SV_Depth1', 'X4502'),
    ('vs_in', 'SV_DepthGreaterEqual1', 'X4502'),
    ('vs_out', 'SV_DepthGreaterEqual1', 'X4502'),
    ('ps_in', 'SV_DepthGreaterEqual1', 'X4502'),
    ('ps_out', 'SV_DepthGreaterEqual1', 'X4502'),
    ('gs_loose', 'SV_DepthGreaterEqual1', 'X3514'),
    ('gs_member', 'SV_DepthGreaterEqual1', 'X4502'),
    ('ds_loose', 'SV_DepthGreaterEqual1', 'X4502'),
    ('ds_cp', 'SV_DepthGreaterEqual1', 'X4502'),
    ('hs_loose', 'SV_DepthGreaterEqual1', 'X4502'),
    ('pc_loose', 'SV_DepthGreaterEqual1', 'X4502'),
    ('cs', 'SV_DepthGreaterEqual1', 'X4502'),
    ('vs_in', 'SV_DomainLocation1', 'X4502'),
    ('vs_out', 'SV_DomainLocation1', 'X4502'),
    ('ps_in', 'SV_DomainLocation1', 'X4502'),
    ('ps_out', 'SV_DomainLocation1', 'X4502'),
    ('gs_loose', 'SV_DomainLocation1', 'X3514'),
    ('gs_member', 'SV_DomainLocation1', 'X4502'),
    ('ds_loose', 'SV_DomainLocation1', 'X4502'),
    ('ds_cp', 'SV_DomainLocation1', 'X4502'),
    ('hs_loose', 'SV_DomainLocation1', 'X4502'),
    ('pc_loose', 'SV_DomainLocation1', 'X4502'),
    ('cs', 'SV_DomainLocation1', 'X4502'),
    ('vs_in', 'SV_GSInstanceID1', 'X4502'),
    ('vs_out', 'SV_GSInstanceID1', 'X4502'),
    ('ps_in', 'SV_GSInstanceID1', 'X4502'),
    ('ps_out', 'SV_GSInstanceID1', 'X4502'),
    ('gs_loose', 'SV_GSInstanceID', 'ok'),
    ('gs_loose', 'SV_GSInstanceID1', 'X4502'),
    ('gs_member', 'SV_GSInstanceID', 'X3514'),
    ('gs_member', 'SV_GSInstanceID1', 'X3514'),
    ('ds_loose', 'SV_GSInstanceID1', 'X4502'),
    ('ds_cp', 'SV_GSInstanceID1', 'X4502'),
    ('hs_loose', 'SV_GSInstanceID1', 'X4502'),
    ('pc_loose', 'SV_GSInstanceID1', 'X4502'),
    ('cs', 'SV_GSInstanceID1', 'X4502'),
    ('vs_in', 'SV_InnerCoverage1', 'X4502'),
    ('vs_out', 'SV_InnerCoverage1', 'X4502'),
    ('ps_in', 'SV_InnerCoverage1', 'X4502'),
    ('ps_out', 'SV_InnerCoverage1', 'X4502'),
    ('gs_loose', 'SV_InnerCoverage1', 'X3514'),
    ('gs_member', 'SV_InnerCoverage1', 'X4502'),
    ('ds_loose', 'SV_InnerCoverage1', 'X4502'),
    ('ds_cp', 'SV_InnerCoverage1', 'X4502'),
    ('hs_loose', 'SV_InnerCoverage1', 'X4502'),
    ('pc_loose', 'SV_InnerCoverage1', 'X4502'),
    ('cs', 'SV_InnerCoverage1', 'X4502'),
    ('vs_in', 'SV_InsideTessFactor1', 'X4502'),
    ('vs_out', 'SV_InsideTessFactor1', 'X4502'),
    ('ps_in', 'SV_InsideTessFactor1', 'X4502'),
    ('ps_out', 'SV_InsideTessFactor1', 'X4502'),
    ('gs_loose', 'SV_InsideTessFactor1', 'X3514'),
    ('gs_member', 'SV_InsideTessFactor1', 'X4502'),
    ('ds_loose', 'SV_InsideTessFactor1', 'X4502'),
    ('ds_cp', 'SV_InsideTessFactor1', 'X4502'),
    ('hs_loose', 'SV_InsideTessFactor1', 'X4502'),
    ('pc_loose', 'SV_InsideTessFactor1', 'X4502'),
    ('cs', 'SV_InsideTessFactor1', 'X4502'),
    ('vs_in', 'SV_InstanceID1', 'X4502'),
    ('vs_out', 'SV_InstanceID1', 'X4502'),
    ('ps_in', 'SV_InstanceID1', 'X4502'),
    ('ps_out', 'SV_InstanceID1', 'X4502'),
    ('gs_loose', 'SV_InstanceID1', 'X3514'),
    ('gs_member', 'SV_InstanceID1', 'X4502'),
    ('ds_loose', 'SV_InstanceID1', 'X4502'),
    ('ds_cp', 'SV_InstanceID1', 'X4502'),
    ('hs_loose', 'SV_InstanceID1', 'X4502'),
    ('pc_loose', 'SV_InstanceID1', 'X4502'),
    ('cs', 'SV_InstanceID1', 'X4502'),
    ('vs_in', 'SV_IsFrontFace1', 'X4502'),
    ('vs_out', 'SV_IsFrontFace1', 'X4502'),
    ('ps_in', 'SV_IsFrontFace1', 'X4502'),
    ('ps_out', 'SV_IsFrontFace1', 'X4502'),
    ('gs_loose', 'SV_IsFrontFace1', 'X3514'),
    ('gs_member', 'SV_IsFrontFace1', 'X4502'),
    ('ds_loose', 'SV_IsFrontFace1', 'X4502'),
    ('ds_cp', 'SV_IsFrontFace1', 'X4502'),
    ('hs_loose', 'SV_IsFrontFace1', 'X4502'),
    ('pc_loose', 'SV_IsFrontFace1', 'X4502'),
    ('cs', 'SV_IsFrontFace1', 'X4502'),
    ('vs_in', 'SV_OutputControlPointID1', 'X4502'),
    ('vs_out', 'SV_OutputControlPointID1', 'X4502'),
    ('ps_in', 'SV_OutputControlPointID1', 'X4502'),
    ('ps_out', 'SV_OutputControlPointID1', 'X4502'),
    ('gs_loose', 'SV_OutputControlPointID1', 'X3514'),
    ('gs_member', 'SV_OutputControlPointID1', 'X4502'),
    ('ds_loose', 'SV_OutputControlPointID1', 'X4502'),
    ('ds_cp', 'SV_OutputControlPointID1', 'X4502'),
    ('hs_loose', 'SV_OutputControlPointID1', 'ok'),
    ('pc_loose', 'SV_OutputControlPointID1', 'X4502'),
    ('cs', 'SV_OutputControlPointID1', 'X4502'),
    ('vs_in', 'SV_Position1', 'X4502'),
    ('vs_out', 'SV_Position1', 'X4502'),
    ('ps_in', 'SV_Position1', 'X4502'),
    ('ps_out', 'SV_Position1', 'X4502'),
    ('gs_loose', 'SV_Position1', 'X3514'),
    ('gs_member', 'SV_Position1', 'X4502'),
    ('ds_loose', 'SV_Position1', 'X4502'),
    ('ds_cp', 'SV_Position1', 'X4502'),
    ('hs_loose', 'SV_Position1', 'X4502'),
    ('pc_loose', 'SV_Position1', 'X4502'),
    ('cs', 'SV_Position1', 'X4502'),
    ('vs_in', 'SV_PrimitiveID1', 'X4502'),
    ('vs_out', 'SV_PrimitiveID1', 'X4502'),
    ('ps_in', 'SV_PrimitiveID1', 'X4502'),
    ('ps_out', 'SV_PrimitiveID1', 'X4502'),
    ('gs_loose', 'SV_PrimitiveID', 'ok'),
    ('gs_loose', 'SV_PrimitiveID1', 'X4502'),
    ('gs_member', 'SV_PrimitiveID', 'X3514'),
    ('gs_member', 'SV_PrimitiveID1', 'X3514'),
    ('ds_loose', 'SV_PrimitiveID1', 'X4502'),
    ('ds_cp', 'SV_PrimitiveID1', 'X4502'),
    ('hs_loose', 'SV_PrimitiveID1', 'X4502'),
    ('pc_loose', 'SV_PrimitiveID1', 'X4502'),
    ('cs', 'SV_PrimitiveID1', 'X4502'),
    ('vs_in', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('vs_out', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('ps_in', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('ps_out', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('gs_loose', 'SV_RenderTargetArrayIndex1', 'X3514'),
    ('gs_member', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('ds_loose', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('ds_cp', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('hs_loose', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('pc_loose', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('cs', 'SV_RenderTargetArrayIndex1', 'X4502'),
    ('vs_in', 'SV_SampleIndex1', 'X4502'),
    ('vs_out', 'SV_SampleIndex1', 'X4502'),
    ('ps_in', 'SV_SampleIndex1', 'X4502'),
    ('ps_out', 'SV_SampleIndex1', 'X4502'),
    ('gs_loose', 'SV_SampleIndex1', 'X3514'),
    ('gs_member', 'SV_SampleIndex1', 'X4502'),
    ('ds_loose', 'SV_SampleIndex1', 'X4502'),
    ('ds_cp', 'SV_SampleIndex1', 'X4502'),
    ('hs_loose', 'SV_SampleIndex1', 'X4502'),
    ('pc_loose', 'SV_SampleIndex1', 'X4502'),
    ('cs', 'SV_SampleIndex1', 'X4502'),
    ('vs_in', 'SV_StencilRef1', 'X4502'),
    ('vs_out', 'SV_StencilRef1', 'X4502'),
    ('ps_in', 'SV_StencilRef1', 'X4502'),
    ('ps_out', 'SV_StencilRef1', 'X4502'),
    ('gs_loose', 'SV_StencilRef1', 'X3514'),
    ('gs_member', 'SV_StencilRef1', 'X4502'),
    ('ds_loose', 'SV_StencilRef1', 'X4502'),
    ('ds_cp', 'SV_StencilRef1', 'X4502'),
    ('hs_loose', 'SV_StencilRef1', 'X4502'),
    ('pc_loose', 'SV_StencilRef1', 'X4502'),
    ('cs', 'SV_StencilRef1', 'X4502'),
    ('vs_in', 'SV_Target1', 'X4502'),
    ('vs_out', 'SV_Target1', 'X4502'),
    ('ps_in', 'SV_Target1', 'X4502'),
    ('ps_out', 'SV_Target1', 'ok'),
    ('gs_loose', 'SV_Target1', 'X3514'),
    ('gs_member', 'SV_Target1', 'X4502'),
    ('ds_loose', 'SV_Target1', 'X4502'),
    ('ds_cp', 'SV_Target1', 'X4502'),
    ('hs_loose', 'SV_Target1', 'X4502'),
    ('pc_loose', 'SV_Target1', 'X4502'),
    ('cs', 'SV_Target1', 'X4502'),
    ('vs_in', 'SV_TessFactor1', 'X4502'),
    ('vs_out', 'SV_TessFactor1', 'X4502'),
    ('ps_in', 'SV_TessFactor1', 'X4502'),
    ('ps_out', 'SV_TessFactor1', 'X4502'),
    ('gs_loose', 'SV_TessFactor1', 'X3514'),
    ('gs_member', 'SV_TessFactor1', 'X4502'),
    ('ds_loose', 'SV_TessFactor1', 'ok'),
    ('ds_cp', 'SV_TessFactor1', 'X4502'),
    ('hs_loose', 'SV_TessFactor1', 'X4502'),
    ('pc_loose', 'SV_TessFactor1', 'X4502'),
    ('cs', 'SV_TessFactor1', 'X4502'),
    ('vs_in', 'SV_VertexID1', 'X4502'),
    ('vs_out', 'SV_VertexID1', 'X4502'),
    ('ps_in', 'SV_VertexID1', 'X4502'),
    ('ps_out', 'SV_VertexID1', 'X4502'),
    ('gs_loose', 'SV_VertexID1', 'X3514'),
    ('gs_member', 'SV_VertexID1', 'X4502'),
    ('ds_loose', 'SV_VertexID1', 'X4502'),
    ('ds_cp', 'SV_VertexID1', 'X4502'),
    ('hs_loose', 'SV_VertexID1', 'X4502'),
    ('pc_loose', 'SV_VertexID1', 'X4502'),
    ('cs', 'SV_VertexID1', 'X4502'),
    ('vs_in', 'SV_ViewportArrayIndex1', 'X4502'),
    ('vs_out', 'SV_ViewportArrayIndex1', 'X4502'),
    ('ps_in', 'SV_ViewportArrayIndex1', 'X4502'),
    ('ps_out', 'SV_ViewportArrayIndex1', 'X4502'),
    ('gs_loose', 'SV_ViewportArrayIndex1', 'X3514'),
    ('gs_member', 'SV_ViewportArrayIndex1', 'X4502'),
    ('ds_loose', 'SV_ViewportArrayIndex1', 'X4502'),
    ('ds_cp', 'SV_ViewportArrayIndex1', 'X4502'),
    ('hs_loose', 'SV_ViewportArrayIndex1', 'X4502'),
    ('pc_loose', 'SV_ViewportArrayIndex1', 'X4502'),
    ('cs', 'SV_ViewportArrayIndex1', 'X4502'),
]

#: rows this compiler still answers otherwise (ours in the comment)
OPEN = {
    ("ds_loose", "SV_ClipDistance1"),  # ok: a domain shader's clip / cull input takes index 0 only
    ("ds_cp", "SV_ClipDistance1"),  # ok
    ("ds_loose", "SV_CullDistance1"),  # ok
    ("ds_cp", "SV_CullDistance1"),  # ok
    ("hs_loose", "SV_OutputControlPointID1"),  # X4502: fxc takes it as the control point's ID
    ("ds_loose", "SV_TessFactor1"),  # X3685
}


def _verdict(kind: str, semantic: str) -> str:
    target, make = KINDS[kind]
    return mutant_verdict(make(TYPES[semantic.rstrip("0123456789")], semantic), target, 0)


@pytest.mark.parametrize(("kind", "semantic", "want"), [
    pytest.param(*r, id=f"{r[0]}-{r[1]}", marks=[pytest.mark.xfail(strict=True, reason="open")] if r[:2] in OPEN else [])
    for r in ROWS])
def test_system_value_index(kind: str, semantic: str, want: str):
    assert _verdict(kind, semantic) == want


DEPTH_PAIRS = [  # (pixel shader, fxc's first error): two writers of one kind, one of them numbered
    ("void main(out float p : SV_Depth0, out float q : SV_Depth1) { p = 0; q = 1; }", "X3677"),
    ("void main(out uint p : SV_Coverage, out uint q : SV_Coverage1) { p = 0; q = 1; }", "X4502"),
    ("void main(out uint p : SV_StencilRef1, out uint q : SV_StencilRef) { p = 0; q = 1; }", "X4502"),
    pytest.param("void main(out float p : SV_Depth1, out float q : SV_Depth) { p = 0; q = 1; }", "X3677",
                 marks=pytest.mark.xfail(strict=True, reason="open: X4502 here (the numbered one comes first)")),
]


@pytest.mark.parametrize(("src", "want"), DEPTH_PAIRS)
def test_second_writer_against_index(src: str, want: str):
    """A second depth output is X3677 before the index's X4502; a coverage or stencil pair is X4502 first."""
    assert mutant_verdict(src, "ps_5_0", 0) == want
