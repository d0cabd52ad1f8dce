"""Struct assignment, parameters and semantics of entry points (issue 15, session 18 helper HL17), from:

* MicrosoftDocs direct3dhlsl "Semantics" (dx-graphics-hlsl-semantics): a semantic on a struct-typed parameter or
  return value overrides its members' semantics, the members taking consecutive indices from it; an array or a
  matrix with a semantic takes one index per element / per column (column_major) from the one written; an
  ``inout`` entry-point parameter is both an input and an output of its semantic; ``uniform`` entry-point
  parameters come from the constant buffer, not from the signature;
* "Function Parameters" / "Function Syntax": ``inout`` copies in and copies back — what the body writes is what
  the caller (for an entry point: the next stage) receives;
* "Interpolation Modifiers" (struct page): ``nointerpolation`` takes the provoking (first) vertex's value.
Expected colours are written from these rules; VS outputs and PS inputs are declared alike (D3D11 links
signatures by register)."""

from __future__ import annotations

import struct

import pytest
from hlsl_s18_kit import check_words, compile_error, f32, run_shader_test

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble

QUAD = """[require]
shader model >= 4.0

[input layout]
0 r32g32-float sv_position
0 r32g32b32a32-float texcoord 0
0 r32g32b32a32-float texcoord 1
0 r32g32b32a32-float texcoord 2

[vb 0]
format r32-float
-2.0 -2.0   1.0 2.0 3.0 4.0   5.0 6.0 7.0 8.0   9.0 10.0 11.0 12.0
-2.0  2.0   1.0 2.0 3.0 4.0   5.0 6.0 7.0 8.0   9.0 10.0 11.0 12.0
 2.0 -2.0   1.0 2.0 3.0 4.0   5.0 6.0 7.0 8.0   9.0 10.0 11.0 12.0
 2.0  2.0   1.0 2.0 3.0 4.0   5.0 6.0 7.0 8.0   9.0 10.0 11.0 12.0
"""

CASES = {
    # arrays and matrices take consecutive indices; a struct parameter reads them back by member
    "array_matrix_members": """
[vertex shader]
struct VIn { float2 pos : sv_position; float4 t[3] : texcoord; };
struct VOut { float4 pos : sv_position; float4 a : A; float2x2 m : M; float b[2] : B; };
VOut main(VIn i)
{
    VOut o;
    o.pos = float4(i.pos, 0, 1);
    o.a = i.t[2];
    o.m = float2x2(i.t[1]);
    o.b[0] = i.t[0].x;
    o.b[1] = i.t[0].w;
    return o;
}

[pixel shader]
struct VOut { float4 pos : sv_position; float4 a : A; float2x2 m : M; float b[2] : B; };
float4 main(VOut i) : sv_target
{
    return float4(i.a.x, i.m[1][0], i.m[0][1], i.b[0] + i.b[1] * 10);
}

[test]
draw triangle strip 4
probe (0, 0) rgba (9.0, 7.0, 6.0, 41.0)
""",
    # the semantic on an out struct parameter overrides its members' (T3, T4)
    "struct_semantic_override": """
[vertex shader]
struct Inner { float4 c : C; float4 d : D; };
void main(float2 pos : sv_position, float4 t0 : texcoord0, out float4 o : sv_position, out Inner x : T3)
{
    o = float4(pos, 0, 1);
    x.c = t0;
    x.d = t0 * 2;
}

[pixel shader]
float4 main(float4 p : sv_position, float4 a : T3, float4 b : T4) : sv_target
{
    return float4(a.x, b.y, a.z, b.w);
}

[test]
draw triangle strip 4
probe (0, 0) rgba (1.0, 4.0, 3.0, 8.0)
""",
    "array_parameter_semantics": """
[vertex shader]
float4 main(float2 pos : sv_position, float4 t[3] : texcoord, out float4 arr[2] : K5) : sv_position
{
    arr[0] = t[1];
    arr[1] = t[2];
    return float4(pos, 0, 1);
}

[pixel shader]
float4 main(float4 p : sv_position, float4 a : K5, float4 b : K6) : sv_target
{
    return float4(a.x, b.y, a.z, b.w);
}

[test]
draw triangle strip 4
probe (0, 0) rgba (5.0, 10.0, 7.0, 12.0)
""",
    # bug fixed in session 18: the output of an inout entry parameter was the value read, not the value written
    "inout_entry_parameter": """
[vertex shader]
void main(inout float4 t : TEXCOORD, float2 p : SV_Position, out float4 o : SV_Position)
{
    t *= 2;
    o = float4(p, 0, 1);
}

[pixel shader]
float4 main(float4 t : TEXCOORD, float4 p : SV_Position) : SV_Target
{
    return t;
}

[test]
draw triangle strip 4
probe (0, 0) rgba (2.0, 4.0, 6.0, 8.0)
""",
    # an array of structs under one semantic: the members take T0, T1 (element 0), T2, T3 (element 1)
    "struct_array_semantic_override": """
[vertex shader]
struct S { float4 a : A; float2 b : B; };
void main(float2 p : sv_position, float4 t : texcoord0, out float4 o : sv_position, out S s[2] : T)
{
    o = float4(p, 0, 1);
    s[0].a = t; s[0].b = t.xy * 10;
    s[1].a = t * 100; s[1].b = t.zw;
}

[pixel shader]
float4 main(float4 p : sv_position, float4 a0 : T0, float2 b0 : T1, float4 a1 : T2, float2 b1 : T3) : sv_target
{
    return float4(a0.x, b0.y, a1.z, b1.y);
}

[test]
draw triangle strip 4
probe (0, 0) rgba (1.0, 20.0, 300.0, 4.0)
""",
    "in_out_spelled_apart": """
[vertex shader]
float4 main(in out float4 t : TEXCOORD, float2 p : SV_Position) : SV_Position
{
    t.yw = float2(-1, -2);
    return float4(p, 0, 1);
}

[pixel shader]
float4 main(float4 p : SV_Position, float4 t : TEXCOORD) : SV_Target
{
    return t;
}

[test]
draw triangle strip 4
probe (0, 0) rgba (1.0, -1.0, 3.0, -2.0)
""",
}


@pytest.mark.parametrize("name", list(CASES))
def test_semantics_pipeline(tmp_path, name):
    run_shader_test(tmp_path, QUAD + CASES[name])


def test_nointerpolation_takes_the_provoking_vertex(tmp_path):
    run_shader_test(tmp_path, """[require]
shader model >= 4.0

[input layout]
0 r32g32b32a32-float position
0 r32g32b32a32-float texcoord

[vb 0]
format r32-float
-1.0 -1.0 0.0 1.0   10.0 20.0 30.0 40.0
-1.0  3.0 0.0 1.0   50.0 60.0 70.0 80.0
 3.0 -1.0 0.0 1.0   90.0 100.0 110.0 120.0

[vertex shader]
struct V { float4 p : SV_Position; nointerpolation float4 t : TEXCOORD; };
V main(float4 p : POSITION, float4 t : TEXCOORD) { V v; v.p = p; v.t = t; return v; }

[pixel shader]
struct V { float4 p : SV_Position; nointerpolation float4 t : TEXCOORD; };
float4 main(V v) : SV_Target { return v.t; }

[test]
draw triangle list 3
probe (0, 0) rgba (10.0, 20.0, 30.0, 40.0)
probe (320, 240) rgba (10.0, 20.0, 30.0, 40.0)
""")


@pytest.mark.backend_independent
def test_inout_entry_parameter_writes_its_output():
    code = D3DCompile("float4 main(inout float4 t : TEXCOORD) : SV_Position { t *= 2; return 1; }", None, "t.hlsl",
                      None, None, "main", "vs_5_0")
    text = disassemble(bytes(code))
    assert "mov o1.xyzw, v0.xyzw" not in text  # the unmodified input copied out: the bug
    assert "mul o1.xyzw, v0.xyzw, l(2.000000, 2.000000, 2.000000, 2.000000)" in text


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,code", [
    ("struct S { float4 a; float4 b; }; float4 main(S s) : SV_Target { return s.a; }", "X3502"),  # no semantic
    ("float4 main(float4 p : SV_Position) : SV_Target8 { return p; }", "X4502"),                    # index 0..7
    # one component: d3dcompiler_47 10.1's X4555 "invalid type used for 'SV_Depth' output semantics" (session 41)
    ("float4 main(float4 p : sv_position) : SV_Depth { return 0; }", "X4555"),
])
def test_entry_semantic_rejections(src, code):
    assert f"error {code}" in compile_error(src)


STRUCT_DECLS = """
cbuffer CB1 : register(b1) { int ci; };
struct A { float2 x; int y; };
struct B { A a; float z[2]; };
struct P { float a; int b; };
struct M { float2x2 m; float k; };
P make(float v) { P s; s.a = v; s.b = (int)v * 2; return s; }
void bump(inout P s) { s.a += 100; }
void fill(out P s) { s = make(3); }
void setp(out P p) { p.a = 6.5; p.b = 8; }
M passm(M x) { x.m[1][0] += 10; x.k = x.m[0][1]; return x; }
uint chain() { B b1 = {1, 2, 3, 4, 5}; B b2; b2 = b1; b2.a.x.y = 10; B b3 = b2; b1 = b3;
               return b1.a.x.y * 1000 + b1.a.y * 100 + b1.z[1] * 10 + b2.z[0]; }
uint byval() { P s = make(1); bump(s); P t; fill(t); return s.a * 100 + s.b * 10 + t.b; }
uint elem_out() { P arr[3] = (P[3])0; setp(arr[ci]); return arr[2].b; }
uint with_matrix() { M x = {1, 2, 3, 4, 5}; M y = passm(x); return asuint(y.m[1][0] + y.k + x.m[1][0]); }
uint arr_copy() { P p[2] = {1, 2, 3, 4}; P q[2] = p; q[1].b = 9; return p[1].b * 10 + q[1].b; }
"""


def test_struct_assignment_and_parameters():
    check_words([("chain()", 10354), ("byval()", 10126), ("elem_out()", 8), ("with_matrix()", f32(18)),
                 ("arr_copy()", 49)], STRUCT_DECLS, cb1=struct.pack("<4I", 2, 0, 0, 0))


@pytest.mark.backend_independent
def test_inout_domain_shader_parameter_is_an_output_too():
    # a patch-constant input declared inout: read from vpc#, and what the body writes goes out under its semantic
    src = """struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct CP { float4 p : POSITION; };
[domain("tri")]
float4 main(PC pc, inout float4 extra : EXTRA, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> op)
    : SV_Position
{
    extra *= 2;
    return op[0].p * uvw.x + extra;
}"""
    text = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ds_5_0")))
    assert "dcl_input vpc4.xyzw" in text and "dcl_output o1.xyzw" in text
    assert "mul r0.xyzw, vpc4.xyzw, l(2.000000, 2.000000, 2.000000, 2.000000)" in text
    assert "mov o1.xyzw, r0.xyzw" in text
