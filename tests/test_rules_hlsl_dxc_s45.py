"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 9 (session 45,
helper ACC; issue 15): the open items of round 8 (NULL in a function body, effect objects and strings at a shader
target) and the clusters their probes opened.

Every expected verdict (``ok`` or fxc's first error number) in tests/data/fxc10_verdicts_acc45.json was recorded
from d3dcompiler_47 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below
build; the rows cover each rule's extent, not only the lines that showed it:

* NULL in a function body is a value of type ``null`` (nullvalue.py): an effect object, a string or an array of them
  takes it (``PixelShader b = NULL;`` compiles), a number, a struct or a return value does not (X3017), an operator
  X3022, ``.x`` X3018, ``[0]`` X3121, an intrinsic's argument X3013, a condition X3019, assigned X3025, ``NULL.f()``
  X3087; an effect object or string local is its own variable (``PixelShader b = g; b = NULL;`` compiles).
* a method called on an effect object, a string or NULL is X3087 "Blend object does not have methods" after the
  arguments' own errors; an array of effect objects is a name the type rules judge (was X3004).
* an ``out`` parameter given an argument that names no writable storage is X3025 before the call's conversions
  (X3017) and its argument count (X3013), judged left to right; ``inout`` converts first.
* a sampling method's sampler that names no one sampler at compile time (never assigned, NULL, a struct's member
  never assigned, a run-time choice) is X3538, a dead sample too (samplerarg.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, named_params

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc45.json"

_PS = "float4 main() : SV_Target {{ {b} return 0; }}"


def _ps(body: str, pre: str = "") -> str:
    return (pre + "\n" if pre else "") + _PS.format(b=body)


# --- NULL in a function body ------------------------------------------------------------------------------------------
_NULL_BODIES = {
    "ps_local": "PixelShader b = NULL;", "bs_local": "BlendState b = NULL;", "str_local": "string b = NULL;",
    "arr_local": "PixelShader b[2] = { NULL, NULL };", "arr_whole": "PixelShader b[2] = NULL;",
    "str_arr": "string b[2] = { NULL, \"a\" };", "float_local": "float b = NULL;", "int_local": "int b = NULL;",
    "bool_local": "bool b = NULL;", "plus": "float4 f = NULL + 1;", "neg": "float4 f = -NULL;", "not": "bool f = !NULL;",
    "bnot": "int f = ~NULL;", "and": "bool f = NULL && true;", "lt": "float a = 1; bool f = a < NULL;",
    "eq_float": "float a = 1; bool f = a == NULL;", "stmt": "NULL;", "assign": "PixelShader b; b = NULL;",
    "reassign": "PixelShader b = NULL; b = NULL;", "str_reassign": "string s = NULL; s = \"x\";",
    "str_then_null": "string s = \"a\"; s = NULL;", "assign_float": "float b; b = NULL;",
    "assign_to_null": "NULL = 1;", "inc": "NULL++;", "cast_float4": "float4 f = (float4)NULL;",
    "cast_ps": "PixelShader b = (PixelShader)NULL;", "ternary": "PixelShader b = true ? NULL : NULL;",
    "ternary_mix": "float b = true ? NULL : 1;", "paren": "PixelShader b = (NULL);", "index": "float f = NULL[0];",
    "member": "float f = NULL.x;", "sin": "float4 f = sin(NULL);", "mul": "float4 f = mul(NULL, 1);",
    "asfloat": "float f = asfloat(NULL);", "ctor": "float4 f = float4(NULL, 1, 2, 3);", "if": "if (NULL) return 1;",
    "while": "while (NULL) {}", "switch": "switch (NULL) { default: break; }", "comma_stmt": "NULL, 1;",
    "comma_last": "float x = (1, NULL);", "comma_first": "float x = (NULL, 1);", "method": "float4 f = NULL.Foo();",
    "method_undeclared_arg": "float4 f = NULL.Sample(foo, 0);", "lower": "PixelShader b = null;",
    "mixed_case": "PixelShader b = Null;", "static_ps": "static PixelShader b = NULL;",
    "static_float": "static float b = NULL;", "local_eq": "PixelShader p = NULL; bool f = p == NULL;",
    "tex_local": "Texture2D b = NULL;", "sampler_local": "SamplerState b = NULL;",
    "dead_branch": "if (false) { float b = NULL; }",
}
_NULL_PROGRAMS = {
    "return": ("ps_5_0", "float4 main() : SV_Target { return NULL; }"),
    "struct": ("ps_5_0", "struct S { float a; };\nfloat4 main() : SV_Target { S b = NULL; return b.a; }"),
    "ufunc_arg": ("ps_5_0", "float f(float a) { return a; }\nfloat4 main() : SV_Target { return f(NULL); }"),
    "inout_arg": ("ps_5_0", "void f(inout float a) { a = 1; }\nfloat4 main() : SV_Target { f(NULL); return 0; }"),
    "out_arg": ("ps_5_0", "void f(out float a) { a = 1; }\nfloat4 main() : SV_Target { f(NULL); return 0; }"),
    "unknown_fn": ("ps_5_0", "float4 main() : SV_Target { return foo(NULL); }"),
    "void_return": ("ps_5_0", "void f() { return NULL; }\nfloat4 main() : SV_Target { f(); return 0; }"),
    "uncalled_fn": ("ps_5_0", "float g() { return NULL; }\nfloat4 main() : SV_Target { return 0; }"),
    "global_cmp": ("ps_5_0", "PixelShader g;\nfloat4 main() : SV_Target { return g == NULL; }"),
    "global_ne": ("ps_5_0", "PixelShader g;\nfloat4 main() : SV_Target { return NULL != g; }"),
    "global_copy": ("ps_5_0", "PixelShader g;\nfloat4 main() : SV_Target { PixelShader b = g; b = NULL; return 0; }"),
    "load_arg": ("ps_5_0", "Texture2D t;\nfloat4 main() : SV_Target { return t.Load(NULL); }"),
    "sample_coord": ("ps_5_0", "Texture2D t; SamplerState s;\nfloat4 main() : SV_Target { return t.Sample(s, NULL); }"),
    "interlocked": ("ps_5_0", "RWBuffer<uint> u;\nfloat4 main() : SV_Target { InterlockedAdd(u[0], NULL); return 0; }"),
    "vs_40": ("ps_4_0", "float4 main() : SV_Target { VertexShader b = NULL; return 0; }"),
    "rs_vs": ("vs_4_0", "float4 main() : SV_Position { RasterizerState r = NULL; return 0; }"),
    "cs": ("cs_5_0", "[numthreads(1, 1, 1)] void main() { VertexShader v = NULL; float f = NULL; }"),
}


def null_rows() -> list[tuple[str, str, str]]:
    rows = [(f"null_{k}", "ps_5_0", _ps(b)) for k, b in _NULL_BODIES.items()]
    rows += [(f"null_{k}", t, src) for k, (t, src) in _NULL_PROGRAMS.items()]
    return rows


# --- methods of effect objects, strings, NULL; arrays of effect objects -----------------------------------------------
_KINDS = ("BlendState", "RasterizerState", "DepthStencilState", "PixelShader", "VertexShader", "GeometryShader",
          "ComputeShader", "HullShader", "DomainShader", "RenderTargetView", "DepthStencilView", "string",
          "pixelshader", "vertexshader")
_ARRAY_USES = {"meth": "float4 f = b[0].Foo();", "meth_whole": "float4 f = b.Foo();", "plus": "float4 f = b[0] + 1;",
               "plus_whole": "float4 f = b + 1;", "cast": "float4 f = (float4)b[1];", "assign": "b[0] = NULL;",
               "local": "BlendState l = b[1];", "stmt": "b; b[0];", "oob": "b[5];", "member": "float f = b[0].x;",
               "swizzle": "float f = b.x;", "index2": "float f = b[0][0];", "sin": "float4 f = sin(b);",
               "length": "uint n = b.Length;", "wrong_kind": "RasterizerState r = b[0];", "eq": "bool f = b[0] == 1;"}


def method_rows() -> list[tuple[str, str, str]]:
    rows = [(f"meth_{k}", "ps_5_0", _ps("float4 f = b.Foo();", f"{k} b;")) for k in _KINDS]
    rows += [
        ("meth_undeclared_arg", "ps_5_0", _ps("float4 f = b.Foo(foo);", "BlendState b;")),
        ("meth_bad_ctor_arg", "ps_5_0", _ps("float4 f = b.Foo(float2(1, 2, 3));", "BlendState b;")),
        ("meth_local", "ps_5_0", _ps("BlendState b; b.Foo();")),
        ("meth_string_local", "ps_5_0", _ps("string s = \"a\"; s.Foo();")),
        ("meth_uncalled", "ps_5_0", "BlendState b;\nfloat f() { return b.Foo(); }\n" + _ps("")),
        ("meth_float", "ps_5_0", _ps("float4 f = b.Foo();", "float b;")),
    ]
    rows += [(f"effarr_{k}", "ps_5_0", _ps(u, "BlendState b[2];")) for k, u in _ARRAY_USES.items()]
    rows += [("effarr_ps_dynamic", "ps_5_0", "PixelShader b[2];\nfloat4 main(uint i : I) : SV_Target "
              "{ PixelShader l = b[i]; return 0; }"),
             ("effarr_string_plus", "ps_5_0", _ps("float4 f = s[0] + 1;", "string s[2] = {\"a\", \"b\"};")),
             ("effarr_string_local", "ps_5_0", _ps("string l = s[1];", "string s[2] = {\"a\", \"b\"};"))]
    # ``.Length`` of an array holding objects (a number array's compiles)
    for k, decl in {"sampler": "SamplerState t[2];", "string": "string t[2];", "ps": "PixelShader t[2];",
                    "buffer": "Buffer<float> t[2];", "rwtexture": "RWTexture2D<float4> t[2];",
                    "structured": "StructuredBuffer<float> t[2];", "cmp_sampler": "SamplerComparisonState t[2];",
                    "struct_texture": "struct S { Texture2D x; }; S t[2];", "float": "float t[3];"}.items():
        rows.append((f"length_{k}", "ps_5_0", decl + "\nfloat4 main() : SV_Target { return t.Length; }"))
    return rows


# --- out parameters: an unwritable argument before the conversions -----------------------------------------------------
_OUT_CALLS = {
    # name: (parameters, declarations in main, arguments)
    "expr": ("out float4 a", "float2 c = 1;", "c + 1"),
    "const_local": ("out float4 a", "const float2 c = 1;", "c"),
    "const_same_type": ("out float4 a", "const float4 c = 1;", "c"),
    "const_wider": ("out float2 a", "const float4 c = 1;", "c"),
    "const_struct": ("out float a", "const S c = { 1 };", "c"),
    "const_struct_same": ("out S a", "const S c = { 1 };", "c"),
    "swizzle_repeat": ("out float4 a", "float2 c = 1;", "c.xx"),
    "ctor": ("out float4 a", "", "float2(1, 2)"),
    "int_literal": ("out float4 a", "", "1"),
    "float_literal": ("out float a", "", "1.5"),
    "string": ("out float a", "", "\"a\""),
    "ternary": ("out float4 a", "float2 c = 1, d = 2;", "true ? c : d"),
    "cast": ("out float4 a", "int2 c = 1;", "(float2)c"),
    "writable_narrow": ("out float4 a", "float2 c = 1;", "c"),
    "second": ("out float4 a, float4 b", "const float2 c = 1;", "c, float2x2(1, 2, 3, 4)"),
    "struct_first": ("float4 b, out float4 a", "const float c = 1; S s = { 1 };", "s, c"),
    "arity": ("out float4 a", "const float c = 1;", "c, 1"),
    "inout_const": ("inout float4 a", "const float2 c = 1;", "c"),
    "inout_struct": ("inout float a", "const S c = { 1 };", "c"),
    "inout_ctor": ("inout float4 a", "", "float2(1, 2)"),
    "in_out_const": ("in out float4 a", "const float2 c = 1;", "c"),
}


def out_argument_rows() -> list[tuple[str, str, str]]:
    rows = []
    for k, (params, decls, args) in _OUT_CALLS.items():
        # the body writes each out / inout parameter whole
        body = " ".join(f"{p.split()[-1]} = ({p.split()[-2]})0;" for p in params.split(", ") if "out" in p)
        rows.append((f"outarg_{k}", "ps_5_0", "struct S { float x; };\nvoid f(" + params + ") { " + body + " }\n"
                     "float4 main() : SV_Target { " + decls + " f(" + args + "); return 0; }"))
    pre = "void f(out float4 a) { a = 1; }\n"
    rows += [
        ("outarg_uniform", "ps_5_0", "float2 u;\n" + pre + _ps("f(u);")),
        ("outarg_inout_uniform", "ps_5_0", "float2 u;\nvoid f(inout float4 a) { a = 1; }\n" + _ps("f(u);")),
        ("outarg_cbuffer", "ps_5_0", "cbuffer C { float2 u; };\n" + pre + _ps("f(u);")),
        ("outarg_static_const", "ps_5_0", "static const float2 k = 1;\n" + pre + _ps("f(k);")),
        ("outarg_const_input", "ps_5_0", pre + "float4 main(const float2 c : C) : SV_Target { f(c); return 0; }"),
        ("outarg_overloads", "ps_5_0", "void f(out float4 a) { a = 1; }\nvoid f(out float3 a) { a = 1; }\n"
         + _ps("const float2 c = 1; f(c);")),
        ("outarg_overload_in_first", "ps_5_0", "void f(out float3 a) { a = 1; }\nvoid f(float2 a) { }\n"
         + _ps("const float2 c = 1; f(c);")),
        ("outarg_overload_out_last", "ps_5_0", "void f(float2 a) { }\nvoid f(out float3 a) { a = 1; }\n"
         + _ps("const float4x4 c = 1; f(c);")),
        ("outarg_body_error", "ps_5_0", "void f(out float4 a) { a = undeclared; }\n" + _ps("const float2 c = 1; f(c);")),
        ("outarg_uncalled", "ps_5_0", pre + "float g() { const float2 c = 1; f(c); return 0; }\n" + _ps("")),
        ("outarg_texture_global", "ps_5_0", "Texture2D t;\nvoid f(out Texture2D a) { a = t; }\n" + _ps("f(t);")),
        ("outarg_ps_4_0", "ps_4_0", pre + _ps("const float2 c = 1; f(c);")),
        ("outarg_vs_5_0", "vs_5_0", pre + "float4 main() : SV_Position { const float3 c = 1; f(c); return 0; }"),
    ]
    return rows


# --- a sampler that names no one sampler ---------------------------------------------------------------------------------
_SAMPLER_BODIES = {
    "uninit": "SamplerState s; return t.Sample(s, 0.5);",
    "null_local": "SamplerState s = NULL; return t.Sample(s, 0.5);",
    "null_direct": "return t.Sample(NULL, 0.5);",
    "null_assigned": "SamplerState s = g; s = NULL; return t.Sample(s, 0.5);",
    "cmp_uninit": "SamplerComparisonState s; return t.SampleCmp(s, 0.5, 0);",
    "cmp_null": "return t.SampleCmp(NULL, 0.5, 0);",
    "gather_uninit": "SamplerState s; return t.Gather(s, 0.5);",
    "level_uninit": "SamplerState s; return t.SampleLevel(s, 0.5, 0);",
    "grad_uninit": "SamplerState s; return t.SampleGrad(s, 0.5, 0, 0);",
    "lod_uninit": "SamplerState s; return t.CalculateLevelOfDetail(s, 0.5);",
    "dead": "SamplerState s; float4 r = t.Sample(s, 0.5); return 0;",
    "one_path": "SamplerState s; if (c.x) s = g; return t.Sample(s, 0.5);",
    "unused_null": "SamplerState s = NULL; return 0;",
    "texture_uninit": "Texture2D u; return u.Load(0);",
    "both_uninit": "Texture2D u; SamplerState s; return u.Sample(s, 0.5);",
    "struct_member": "P p; return t.Sample(p.s, 0.5);",
    "ternary": "return t.Sample(c.x ? g : h, 0.5);",
}


def sampler_rows() -> list[tuple[str, str, str]]:
    pre = "struct P { SamplerState s; };\nTexture2D t; SamplerState g, h;\n"
    rows = [(f"samp_{k}", "ps_5_0", pre + "float4 main(float4 c : C) : SV_Target { " + b + " }")
            for k, b in _SAMPLER_BODIES.items()]
    rows += [
        ("samp_uninit_ps_4_0", "ps_4_0", pre + "float4 main() : SV_Target { SamplerState s; return t.Sample(s, 0.5); }"),
        ("samp_uninit_cs", "cs_5_0", "Texture2D t; RWBuffer<float4> o;\n[numthreads(1, 1, 1)] void main() "
         "{ SamplerState s; o[0] = t.SampleLevel(s, 0.5, 0); }"),
        ("samp_param_null", "ps_5_0", "Texture2D t;\nfloat4 f(SamplerState s) { return t.Sample(s, 0.5); }\n"
         "float4 main() : SV_Target { return f(NULL); }"),
        ("samp_param_null_unused", "ps_5_0", "float4 f(SamplerState s) { return 1; }\n"
         "float4 main() : SV_Target { return f(NULL); }"),
        ("samp_texture_param_null_unused", "ps_5_0", "float4 f(Texture2D t) { return 1; }\n"
         "float4 main() : SV_Target { return f(NULL); }"),
    ]
    return rows


# --- a global string's conditional initialiser --------------------------------------------------------------------------
_STRING_GLOBALS = {
    "both_uniform": "string s1 = \"a\"; string s4 = true ? s1 : s1;",
    "literals": "string s4 = true ? \"a\" : \"b\";",
    "static_arm": "static const string s1 = \"a\"; string s4 = true ? s1 : \"b\";",
    "undeclared_arm": "string s4 = true ? foo : \"b\";",
    "number_arm": "float f; string s4 = true ? f : \"b\";",
    "shader_arm": "PixelShader p; string s4 = true ? p : \"b\";",
    "uniform_condition": "float f; string s4 = f ? \"a\" : \"b\";",
    "static_target": "string s1 = \"a\"; static string s4 = true ? s1 : s1;",
    "local_int": "float4 g() { string s = 1; return 0; }",
    "local_copy": "float4 g() { string s1 = \"a\"; string s = true ? s1 : s1; return 0; }",
}


def string_rows() -> list[tuple[str, str, str]]:
    return [(f"strinit_{k}", "ps_5_0", g + "\nfloat4 main() : SV_Target { return g(); }"
             if k.startswith("local") else g + "\n" + _ps("")) for k, g in _STRING_GLOBALS.items()]


# --- DXC HLSL/cpp-errors.hlsl judged line by line ----------------------------------------------------------------------
#: character constants: (name, constant, value) -- a row compiles only when the constant has that value
_CHARS = [("hex_ff", r"'\xFF'", 255), ("hex_ff_signed", r"'\xFF'", -1), ("hex_41", r"'\x41'", 65),
          ("hex_long", r"'\x141'", 321), ("hex_long_byte", r"'\x141'", 65), ("hex_ffff", r"'\xFFFF'", 65535),
          ("octal_101", r"'\101'", 65), ("octal_400", r"'\400'", 256), ("octal_400_byte", r"'\400'", 0),
          ("octal_377", r"'\377'", 255), ("hex_80_signed", r"'\x80'", -128), ("octal_four", r"'\1234'", 83),
          ("plain", "'c'", 99), ("newline", r"'\n'", 10), ("quote", r"'\''", 39)]
_CPP_BODIES = {
    "char_multi": "int i = 'ab';", "char_wide": "int i = L'a';", "char_empty": "int i = '';",
    "char_utf8": "uint i = '\u00e9';", "local_struct_method": "struct C { int i; int fn() { return i; } }; C c; c.i = 1; "
    "float f = c.fn();", "local_struct_this": "struct C { int i; int fn() { return this.i; } C self() { return this; } };",
    "local_struct_static": "struct C { static int fn() { return 2; } }; float f = C::fn();",
    "local_struct_plain": "struct C { int i; }; C c; c.i = 1;",
    "local_struct_operator": "struct C { int i; int operator+(int); };",
    "global_type_local": "::c_outer_td v = 1;", "global_type_texture": "Texture2D<::c_outer_td> t;",
    "global_type_float": "::float v = 1;", "global_type_cast": "float3 v = (::c_outer_td)1;",
    "global_type_vector": "vector<::float, 4> v = 1;", "global_type_undeclared": "::foo v = 1;",
    "global_var": "float v = ::g;", "implicit_array_float2": "float2 a[] = { 1, 2, 3 };",
    "implicit_array_whole": "float2 a[] = { 1, 2, 3, 4 };", "implicit_array_struct": "S a[] = { 1, 2, 3 };",
    "implicit_array_then_undeclared": "float2 a[] = { 1, 2, 3 }; float f = undeclared;",
    "implicit_array_empty": "float a[] = { };", "label": "int i; my_label: i = 1;",
    "label_of_local": "int my_label = 0; my_label: my_label = 1;", "label_empty": "int i = 0; lbl: ;",
    "ternary_statement": "int a = 1, b = 2; true ? a : b;", "goto": "goto x;",
}
_CPP_PROGRAMS = {
    "global_type_global": "::c_outer_td g;\n" + _ps(""),
    "global_type_struct": _ps("::S s; s.i = 1;"),
    "implicit_array_global": "S arr[] = { 1, 2, 3 };\n" + _ps(""),
    "implicit_array_input": "float4 main(float4 p : P) : SV_Target { float2 a[] = { p.x, p.y, p.z }; return a[0].x; }",
    "implicit_array_input_whole": "float4 main(float4 p : P) : SV_Target { float2 a[] = { p.xy, p.zw }; return a[0].x; }",
    "base_public": "class B { }; class C : public B { };\n" + _ps(""),
    "base_private": "class B { }; class C : private B { };\n" + _ps(""),
    "struct_base_public": "struct B { float x; }; struct C : public B { };\n" + _ps(""),
    "struct_base_protected": "struct B { float x; }; struct C : protected B { };\n" + _ps(""),
    "unnamed_prototype": "void f(int);\n" + _ps(""), "unnamed_second": "float f(int a, float);\n" + _ps(""),
    "unnamed_definition": "float f(int) { return 1; }\n" + _ps("float x = f(1);"),
    "unnamed_semantic": "float4 main(float4 : POSITION) : SV_Target { return 0; }",
    "unnamed_interface": "interface I { float f(float); };\n" + _ps(""),
    "unnamed_array": "void f(int[2]);\n" + _ps(""),
    "template_matrix_struct": "matrix<S> m;\n" + _ps(""), "template_matrix_float2": "matrix<float2> m;\n" + _ps(""),
    "template_vector_struct": "vector<S> v;\n" + _ps(""), "template_vector_struct_2": "vector<S, 2> v;\n" + _ps(""),
    "template_matrix_struct_22": "matrix<S, 2, 2> m;\n" + _ps(""), "template_vector_struct_5": "vector<S, 5> v;\n" + _ps(""),
    "template_matrix_struct_52": "matrix<S, 5, 2> m;\n" + _ps(""), "template_matrix_struct_25": "matrix<S, 2, 5> m;\n" + _ps(""),
    "template_vector_texture": "vector<Texture2D> v;\n" + _ps(""),
    "template_ellipsis": "matrix<matrix<float, 1, 2> ... > m;\n" + _ps(""),
    "template_vector_struct_local": _ps("vector<S> v;"),
}


def cpp_error_rows() -> list[tuple[str, str, str]]:
    pre = "typedef float3 c_outer_td; struct S { int i; float f; }; float g;\n"
    rows = [(f"char_{k}", "ps_5_0", _ps(f"float a[{c} - ({v} - 1)]; float b[({v} + 1) - {c}]; a[0] = b[0] = 1;"))
            for k, c, v in _CHARS]
    rows += [(f"cpp_{k}", "ps_5_0", pre + _ps(b)) for k, b in _CPP_BODIES.items()]
    rows += [(f"cpp_{k}", "ps_5_0", pre + src) for k, src in _CPP_PROGRAMS.items()]
    return rows


def all_rows() -> list[tuple[str, str, str]]:
    rows = null_rows() + method_rows() + out_argument_rows() + sampler_rows() + string_rows() + cpp_error_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails)
KNOWN_DIFFERENCES: frozenset[str] = frozenset()


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    return named_params(all_rows(), _recorded(), KNOWN_DIFFERENCES)


@pytest.mark.parametrize("src, target, flags, expected", _params())
def test_verdict_matches_fxc(src, target, flags, expected):
    assert mutant_verdict(src, target, flags) == expected


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())
