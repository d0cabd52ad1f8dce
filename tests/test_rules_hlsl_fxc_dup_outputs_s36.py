"""One output semantic written by two elements, against d3dcompiler_47 10.1 (signatures.py ``_merge_output`` and
the pixel shader's depth / coverage / stencil writers).

``tests/data/dup_outputs_s36_fxc10_1.json``: verdicts recorded from d3dcompiler_47 10.1 under Wine, session 36
(helper SEM) -- the expected column is the first *error* number Microsoft's compiler gave (its X4711 warnings
left aside) or ``ok``. The rows: two struct members or out parameters of one semantic in a vertex shader's output
and a geometry shader's stream (4_0 and 5_0) over 17 type / interpolation pairs, alone and with another element
between; system values twice (SV_Position, clip / cull distances, the array indices, SV_PrimitiveID, and
SV_InstanceID, which a vertex or geometry shader passes along as an ordinary attribute); a pixel shader's depth,
coverage, stencil and target outputs twice; arrays of structs; the semantic spelled another way (``A`` / ``a``,
``A`` / ``A0``). No page documents the rule (the "Semantics" page is silent on duplicates); fxc's record is it:

* a system value written twice is X4574 "Duplicate system value semantic definition";
* a second depth output of any kind or index is X3677 "only allows one depth output";
* any other semantic written twice is one signature element where the second lands in the components right after
  the first's, in its register, with the same component type, interpolation and spelling; else X4503.
"""

import json
import re
from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error

ROWS = json.loads((Path(__file__).with_name("data") / "dup_outputs_s36_fxc10_1.json").read_text())["rows"]


def _first_error(src: str, target: str) -> str:
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
    except D3D11Error as e:
        return (re.findall(r"error (X\d{4})", str(e)) or ["-"])[0]
    return "ok"


def test_the_record():
    assert len(ROWS) == 241
    assert {r[2] for r in ROWS} == {"ok", "X4503", "X4574", "X3677", "X4502", "X4555"}


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,fxc", ROWS, ids=[f"{i}-{r[1]}-{r[2]}" for i, r in enumerate(ROWS)])
def test_duplicate_output_as_fxc(src: str, target: str, fxc: str):
    # (a geometry shader's SV_PrimitiveID written twice: fxc's X4555, built in session 37; X4574 was accepted here)
    assert _first_error(src, target) == fxc


def _listing(src: str, target: str = "vs_5_0") -> str:
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    return compile_hlsl(src, "t.hlsl", "main", target).listing


@pytest.mark.backend_independent
def test_merged_element_is_one_register_as_fxc_lists_it():
    """fxc 10.1's listing of ``float q : A; float4 m : M; float r : A`` (recorded): A0 is o1.xy, M o2."""
    text = _listing("struct S { float4 p : SV_Position; float q : A; float4 m : M; float r : A; }; "
                    "S main(float4 v : P) { S s = (S)0; s.p = v; s.q = v.x; s.r = v.y; return s; }")
    assert "dcl_output o1.xy\n" in text and "dcl_output o2.xyzw" in text
    assert "mov o1.x, v0.x" in text and "mov o1.y, v0.y" in text


@pytest.mark.backend_independent
def test_merged_element_reflects_one_signature_entry():
    from pyd3d11.d3dcompiler import D3DReflect

    src = ("struct S { float4 p : SV_Position; float a : A; float b : A; float c : A; float d : A; }; "
           "S main(float4 v : V) { S s; s.p = v; s.a = v.x; s.b = v.y; s.c = v.z; s.d = v.w; return s; }")
    blob = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "vs_5_0", 0, 0)
    refl = D3DReflect(blob)
    descs = [refl.GetOutputParameterDesc(i) for i in range(refl.GetDesc().OutputParameters)]
    a = [d for d in descs if d.SemanticName == "A"]
    assert len(a) == 1 and a[0].Mask == 0xF and a[0].Register == 1  # fxc: "A 0 xyzw 1 NONE float"


@pytest.mark.backend_independent
def test_geometry_stream_merge_survives_two_appends():
    """Every Append binds the vertex again: the second element keeps its merged place (o1.y), fxc's layout."""
    src = ("struct S { float4 p : SV_Position; float q : A; float r : A; }; [maxvertexcount(2)] void main(point "
           "float4 v[1] : SV_Position, inout PointStream<S> st) { S s; s.p = v[0]; s.q = 1; s.r = 2; st.Append(s); "
           "s.r = 3; st.Append(s); }")
    text = _listing(src, "gs_5_0")
    assert "dcl_output o1.xy\n" in text
    assert text.count("mov o1.y,") == 2 and "o1.z" not in text


def _messages(src: str, target: str) -> str:
    msgs: list = []
    try:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0, msgs)
    except D3D11Error as e:
        return str(e)
    return b"".join(bytes(m) for m in msgs).decode("latin-1")


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,words", [
    # fxc 10.1's words (recorded with the table): a stream's elements are "input" (an inout parameter)
    ("struct S { float4 p : SV_Position; float4 q : SV_Position; }; [maxvertexcount(3)] void main(triangle float4 "
     "v[3] : SV_Position, inout TriangleStream<S> st) { S s = (S)0; s.p = v[0]; st.Append(s); }", "gs_5_0",
     "error X4574: Duplicate system value semantic definition: input semantic 'SV_Position' and input semantic "
     "'SV_Position'"),
    ("struct S { float4 p : SV_Position; float4 q : SV_Position; }; S main(float4 v : P) { S s = (S)0; s.p = v; "
     "return s; }", "vs_5_0",
     "error X4574: Duplicate system value semantic definition: output semantic 'SV_Position' and output semantic "
     "'SV_Position'"),
    ("struct S { float4 p : SV_Position; float2 q : A; float3 r : A; }; S main(float4 v : P) { S s = (S)0; "
     "s.p = v; return s; }", "vs_5_0", "error X4503: output A0 used more than once"),
    ("void main(out float p : SV_Depth, out float q : SV_DepthGreaterEqual) { p = 0; q = 1; }", "ps_5_0",
     "error X3677: 'main': ps_5_0 only allows one depth output"),
    # the merged case compiles with fxc's warning
    ("struct S { float4 p : SV_Position; float q : A; float r : A; }; S main(float4 v : P) { S s = (S)0; s.p = v; "
     "return s; }", "vs_5_0",
     "warning X4711: Duplicate non-system value semantic definition: output semantic 'A' and output semantic 'A'"),
    ("struct S { float4 p : SV_Position; float q : A; float r : A; }; [maxvertexcount(3)] void main(triangle float4 "
     "v[3] : SV_Position, inout TriangleStream<S> st) { S s = (S)0; s.p = v[0]; st.Append(s); }", "gs_5_0",
     "warning X4711: Duplicate non-system value semantic definition: input semantic 'A' and input semantic 'A'"),
])
def test_duplicate_output_words(src: str, target: str, words: str):
    assert words in _messages(src, target)
