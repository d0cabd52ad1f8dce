"""Modifiers on class methods and members, geometry primitive keywords, and matrix majority in overload
identity (issue 15, storage classes and modifiers).

Sources: MicrosoftDocs direct3dhlsl "Variable Syntax" (storage classes and type modifiers), "Function
Syntax", "Geometry-Shader Object" (point/line/triangle/lineadj/triangleadj are the primitive types of a
geometry shader's input parameter); fxc's verdicts per combination as DXC's SemaHLSL varmods-syntax.hlsl and
typemods-syntax.hlsl record them (``fxc-error`` annotations):
- methods of a class follow the function rules: extern X3006, uniform X3047, precise const X3025,
  nointerpolation with linear/noperspective/centroid X3048, in/out/inout X3000;
- data members: volatile X3008 whether or not static; a static member without an out-of-class definition
  X3103 "'S::name': variable declared but not defined";
- the primitive types are keywords: as a name, on a global, local, field, typedef, struct tag or return
  type they are X3000 "unexpected token"; two on one parameter X3083 "conflicting geometry types"; with
  uniform, sample or nointerpolation on a parameter they pass;
- typemods-syntax: a prototype and a definition that differ only in an explicit row_major/column_major are
  two overloads, so a call is X3067 "ambiguous function call" whatever the argument's majority.
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

PS = "\nfloat4 main() : SV_Target { return 0; }"


def _compile(src: str, target: str = "ps_5_0") -> None:
    D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def _code(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as info:
        _compile(src, target)
    m = re.search(r"error (X\d+): (.*)", info.value.errors)
    assert m is not None
    return m.group(1)


@pytest.mark.parametrize("mods,code", [
    ("extern", "X3006"), ("groupshared extern", "X3006"), ("extern static", "X3006"),
    ("extern precise const", "X3006"),
    ("uniform", "X3047"), ("static uniform", "X3047"), ("precise uniform const", "X3047"),
    ("precise const", "X3025"), ("static const", None), ("const", None),
    ("nointerpolation linear", "X3048"), ("nointerpolation noperspective", "X3048"),
    ("nointerpolation centroid", "X3048"),
    ("in", "X3000"), ("out", "X3000"), ("inout", "X3000"),
    ("static", None), ("precise", None), ("inline", None), ("", None),
])
def test_class_method_modifiers(mods, code):
    src = f"class C {{\n  {mods} float fn() {{ return 1.0f; }}\n}};" + PS
    if code is None:
        _compile(src)
    else:
        assert _code(src) == code


@pytest.mark.parametrize("mods,code", [
    ("volatile", "X3008"), ("static volatile", "X3008"), ("precise static volatile", "X3008"),
    ("static", "X3103"), ("precise static", "X3103"), ("static const", "X3103"),
    ("uniform", "X3047"), ("const", "X3035"), ("groupshared", "X3010"), ("extern", "X3006"),
    ("shared", "X3054"), ("precise", None), ("", None), ("nointerpolation", None), ("linear centroid", None),
])
@pytest.mark.parametrize("kind", ["struct", "class"])
def test_data_member_modifiers(kind, mods, code):
    src = f"{kind} S {{\n  {mods} float2 f;\n}};" + PS
    if code is None:
        _compile(src)
    else:
        assert _code(src) == code


def test_static_member_message_names_the_member():
    with pytest.raises(ShaderCompileError) as info:
        _compile("struct s_mods { static float2 f_sta; };" + PS)
    assert "error X3103: 's_mods::f_sta': variable declared but not defined" in info.value.errors


PRIMS = ["point", "line", "triangle", "lineadj", "triangleadj"]


@pytest.mark.parametrize("prim", PRIMS)
@pytest.mark.parametrize("decl", [
    "int {p};",                                     # as a name
    "{p} float4 g;",                                # on a global
    "float4 {p} g;",
    "typedef {p} float4 T;",
    "struct {p} S {{ float4 a; }};",                # as a struct tag
    "struct F {{ {p} float4 a; }};",                # on a field
    "struct F {{ float4 {p} a; }};",
    "class K {{ {p} float4 a; }};",
    "class K {{ {p} float4 fn(); }};",              # on a method's return type
    "{p} float4 fn(float4 a);",                     # on a function's return type
    "void fn() {{ {p} float4 a = 0; }}",            # on a local
    "void fn() {{ float4 {p} = 0; }}",
])
def test_primitive_keywords_outside_parameters(prim, decl):
    assert _code(decl.format(p=prim) + PS) == "X3000"


@pytest.mark.parametrize("prim", PRIMS)
@pytest.mark.parametrize("extra", ["uniform", "sample", "nointerpolation", ""])
def test_primitive_modifier_on_parameter_passes(prim, extra):
    _compile(f"struct FooStruct {{ float4 bar : BAR; }};\nvoid f({extra} {prim} FooStruct In[1]);" + PS)


@pytest.mark.parametrize("first,second", [(a, b) for a in PRIMS for b in PRIMS if a != b])
def test_two_primitive_modifiers_conflict(first, second):
    src = f"struct FooStruct {{ float4 bar : BAR; }};\nvoid f({first} {second} FooStruct In);" + PS
    assert _code(src) == "X3083"


_MAJ = {"": "float2x3", "col": "column_major float2x3", "row": "row_major float2x3"}


@pytest.mark.parametrize("decl,defn", [("", "col"), ("col", ""), ("col", "row"), ("row", "col"), ("", "row"),
                                       ("row", "")])
@pytest.mark.parametrize("arg", ["", "col", "row"])
def test_majority_differences_make_ambiguous_overloads(decl, defn, arg):
    src = (f"float3 f({_MAJ[decl]} v);\nfloat3 f({_MAJ[defn]} v) {{ return v[0]; }}\n"
           f"float4 main() : SV_Target {{ {_MAJ[arg]} m = 1; return float4(f(m), 1); }}")
    assert _code(src) == "X3067"


@pytest.mark.parametrize("maj", ["", "col", "row"])
@pytest.mark.parametrize("arg", ["", "col", "row"])
def test_same_majority_prototype_and_definition_are_one_function(maj, arg):
    src = (f"float3 f({_MAJ[maj]} v);\nfloat3 f({_MAJ[maj]} v) {{ return v[0]; }}\n"
           f"float4 main() : SV_Target {{ {_MAJ[arg]} m = 1; return float4(f(m), 1); }}")
    _compile(src)


# --- aggregate assignments (issue 15, aggregate conversions) -----------------------------------------------
# DXC SemaHLSL more-operators.hlsl (fxc X3017 each): no implicit conversion between an array/struct and a
# scalar, vector or matrix; between aggregates the component counts and types must agree; a cast converts.
AGG_DECLS = """struct f3_s { float3 f3; }; struct mixed_s { float3 f3; uint s; }; struct S2 { int a, b; };
struct F2 { float a, b; };
float4 main() : SV_Target {
    int ints = 1; int2 i2 = 0; float floats = 0; int2x2 i22 = 0;
    int ari1[1] = { 0 }; int ari2[2] = { 0, 1 }; float farr2[2] = { 0, 1 };
    int arr23[2][3] = { 1, 2, 3, 4, 5, 6 }; float farr23[2][3] = { 1, 2, 3, 4, 5, 6 };
    f3_s f3_ss = (f3_s)0; mixed_s mixed_ss = (mixed_s)0; S2 s2 = (S2)0; F2 f2s = (F2)0;
    %s
    return floats;
}"""


@pytest.mark.parametrize("stmt", [
    "ints = ari1;", "ari1 = ints;", "floats = ari1;", "i2 = ari1;", "i22 = ari1;", "ari2 = i2;",
    "ari2 = ari1;", "ari1 = ari2;", "farr23 = arr23;", "farr2 = ari2;", "f3_ss = mixed_ss;", "mixed_ss = f3_ss;",
    "s2 = ints;", "ints = s2;", "i2 = s2;", "s2 = i2;", "f2s = s2;", "farr2 = float2(1, 2);",
])
def test_aggregate_assignments_rejected(stmt):
    assert _code(AGG_DECLS % stmt) == "X3017"


@pytest.mark.parametrize("stmt", [
    "ari1 = ari1;", "ari2 = ari2;", "farr23 = farr23;", "s2 = s2;", "f3_ss = f3_ss;",
    "ari2 = s2;", "s2 = ari2;", "f2s = farr2;", "farr2 = f2s;",  # same count, same component type
    "ari1 = (int[1])ints;", "floats = (float)ari1;", "ari1 = (int[1])ari2;", "f3_ss = (f3_s)mixed_ss;",
    "ints = ari1[0];", "farr2[1] = ints;",
])
def test_aggregate_assignments_accepted(stmt):
    _compile(AGG_DECLS % stmt)


# --- effect words (issue 15, type names and keywords) -------------------------------------------------------
# DXC SemaHLSL effects-syntax.hlsl (fxc verdicts at cs_5_1 with an appended entry point) and vkd3d's
# Windows-verified effect-shader-objects-fx_5 (ps_5_0): technique keywords in any letter case; the shader
# object types found in any case where a type is expected, but only the exact spellings reserved.
@pytest.mark.parametrize("decl", [
    "technique T0 { pass P0 { } }", "Technique { pass { } }", "TechNiQue T5 { pass { } }",
    "TECHNIQUE T6 { pass { } }", "technique10 { pass { } }", "technique11 T11 { pass { } }",
    "PixelShadeR ps;", "VertexShadeR vs;", "pixelshader ps;", "VERTEXSHADER vs;",
    "pixelfragment pfrag;", "vertexfragment vfrag;",
    "float4 vertexshadeR;", "float4 geometryshader;", "float4 Pixelshader;",
])
def test_effect_words_accepted(decl):
    _compile(decl + PS)


@pytest.mark.parametrize("decl", [
    # `int Technique10;` compiles under d3dcompiler_47 10.1 (technique10 is an exact spelling; session 35 EFX)
    "int TechNiQue = 1;", "int technique = 1;", "int technique10;", "int RenderTargetView = 1;",
    "int PixelShader = 1;", "int pixelshader = 1;", "float4 vertexshader;", "float4 VertexShader;",
])
def test_effect_keywords_cannot_name_variables(decl):
    assert _code(decl + PS) == "X3000"
