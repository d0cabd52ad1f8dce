"""Initialisers (issue 15, session 18 helper HL17), from their definitions:

* MicrosoftDocs direct3dhlsl "Variable Syntax" (dx-graphics-hlsl-variable-syntax): ``= { ... }`` initialises an
  aggregate; braces nest freely and are flattened — the initialiser's scalar components, in order, fill the
  target's components in declaration order (struct members, array elements, matrix rows); the count must equal
  the target's (fxc X3017 "initializer does not match type" otherwise); an array declared ``[]`` takes its size
  from the initialiser (the count must be a whole number of elements); only the outermost dimension may be
  implicit, and only on a declaration with an initialiser (not a struct member, parameter, typedef or cast);
* "Variable Syntax" on ``static``: a static global's initialiser runs once before the entry point, may call
  functions and read uniforms; uninitialised statics are zero; a ``static`` local keeps its value;
* a scalar initialiser in braces ``{1}`` is that scalar; ``= {}`` initialises nothing and is an error for a
  numeric target; an empty struct has no components (it contributes nothing to a flattened initialiser).
Expected words are written here from those rules."""

from __future__ import annotations

import struct

import pytest
from hlsl_s18_kit import check_words, compile_error, compiles, f32, run_shader_test

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble

DECLS = """
cbuffer CB1 : register(b1) { float u0; float4 u4; };
struct P { float a; int b; };
struct Q { P p; float2 c; };
struct E {};
struct R { E e; float x; E e2; };
struct Outer { struct Inner { float x; int y; } in1; Inner in2; float z; };
struct WithArr { Outer o[2]; float t; };
// (named FA3: run_words' cbuffer has a member F3, and a typedef of a cbuffer member's name is X3003 -- d3dcompiler_47
// 10.1 under Wine, session 39)
typedef float FA3[3];
static const int sa[] = {10, 20, 30};
static const float2 sv[2] = {1, 2, 3, 4};
static const P sp = {1.25, 9};
static const Q sq = {1, 2, 3, 4};
static float2x2 smm = {1, 2, 3, 4};
static int arrsum = sa[0] + sa[2];
static const float4 lit4 = {1, 2, float2(3, 4)};
static const uint cnt = 3;
static int zero_i;
static float4 zero_v;
float myfunc() { return 0.6; }
static float4 from_call = float4(myfunc(), 0, 0, 0);
static float from_uniform = u0 * 2;
static int counter = 5;
int bump() { counter += 1; return counter; }
static int side_a = bump();
static int side_b = bump();
uint implicit_sum() { int a[] = {1, 2, 3, 4, 5}; uint n = 0; [unroll] for (int i = 0; i < 5; i++) n += a[i]; return n; }
uint implicit_outer() { int a[][2] = {1, 2, 3, 4, 5, 6}; return a[2][0]; }
uint implicit_vec() { float4 a[] = {1, 2, 3, 4, 5, 6, 7, 8}; return asuint(a[1].z); }
uint implicit_multi() { int2 a[] = {1, 2, 3, 4}, b[] = {5, 6}; return a[1].y * 10 + b[0].x; }
uint implicit_struct() { R arr[] = {1, 2, 3}; return asuint(arr[2].x); }
uint nested_flat() { float4 v = {1, {2, 3}, {{4}}}; return asuint(v.w); }
uint mat_rows() { float2x3 m = {1, 2, 3, 4, 5, 6}; return asuint(m[1][0]); }
uint mat_vectors() { float2x2 m = {float2(1, 2), float2(3, 4)}; return asuint(m._m10); }
uint mat_rowmajor() { row_major float2x2 m = {1, 2, 3, 4}; return asuint(m[0][1]); }
uint int_mat_trunc() { int2x2 m = {1.5, 2.5, -3.5, 4}; return m[1][0]; }
uint struct_arr() { P arr[2] = {1, 2, 3, 4}; return arr[1].b; }
uint struct_arr_braced() { P arr[2] = { {1, 2}, {3, 4} }; return asuint(arr[1].a); }
uint empty_members() { R r = {5.5}; return asuint(r.x); }
uint deep() { WithArr w = { { {1, 2}, {3, 4}, 5 }, { {6, 7}, {8, 9}, 10 }, 11 }; return asuint(w.o[1].in2.x + w.t); }
uint typedef_arr() { FA3 x = {4, 5, 6}; FA3 y[2] = {1, 2, 3, 4, 5, 6}; return asuint(x[1] + y[1][2]); }
uint declarators() { float a = 1, b[2] = {2, 3}, c = 4; return asuint(a + b[1] + c); }
uint scalar_braced() { float v = {7}; return asuint(v); }
uint const_size() { float a[cnt] = {1, 2, 3}; return asuint(a[2]); }
uint static_local() { static int k = 2; k *= 3; return k; }
"""

ROWS = [
    ("implicit_sum()", 15), ("implicit_outer()", 5), ("implicit_vec()", f32(7)), ("implicit_multi()", 45),
    ("implicit_struct()", f32(3)), ("nested_flat()", f32(4)), ("mat_rows()", f32(4)), ("mat_vectors()", f32(3)),
    ("mat_rowmajor()", f32(2)), ("int_mat_trunc()", -3), ("struct_arr()", 4), ("struct_arr_braced()", f32(3)),
    ("empty_members()", f32(5.5)), ("deep()", f32(19)), ("typedef_arr()", f32(11)), ("declarators()", f32(8)),
    ("scalar_braced()", f32(7)), ("const_size()", f32(3)), ("static_local()", 6),
    # static globals: constant tables, zero default, run-time initialisers (calls, uniforms, side effects in order)
    ("sa[1] + (uint)sp.b", 29), ("asuint(sq.p.a + sq.c.y)", f32(5)), ("asuint(smm[1][0])", f32(3)),
    ("arrsum", 40), ("asuint(lit4.w)", f32(4)), ("(uint)sv[1].y", 4), ("zero_i + asuint(zero_v.y)", 0),
    ("asuint(from_call.x)", f32(0.6)), ("asuint(from_uniform)", f32(2.5)),
    ("side_a * 100 + side_b * 10 + counter", 677),
]


def test_initialiser_table():
    cb1 = struct.pack("<4f4f", 1.25, 0, 0, 0, 1, 2, 3, 4)
    check_words(ROWS, DECLS, cb1=cb1)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "float4 main() : sv_target { int a[]; return 0; }",                          # implicit size, no initialiser
    "float4 main() : sv_target { int a[] = 5; return 0; }",                      # a scalar does not size an array
    "float4 main() : sv_target { float4 a[] = {1, 2, 3, 4, 5, 6, 7}; return a[0]; }",  # not whole elements
    "float4 main() : sv_target { float4 a[2][] = {1, 2, 3, 4, 5, 6, 7, 8}; return 0; }",  # inner dim implicit
    "struct S { int a; float4 arr[]; }; float4 main() : sv_target { S s; return 0; }",
    "typedef float4 arrtype[]; float4 main() : sv_target { return 0; }",
    "float4 main() : sv_target { float4 a[2] = {1, 2, 3, 4, 5, 6, 7, 8}; float4 b[2] = (float4[])a; return b[0]; }",
    "float4 main() : sv_target { int a[4] = (int[])0; return 1; }",
    "float4 fun(float4 arr[]) { return arr[0]; }\n"
    "float4 main() : sv_target { float4 a[2] = {1, 2, 3, 4, 5, 6, 7, 8}; return fun(a); }",
    "struct emp {}; float4 main() : sv_target { emp arr[] = {1, 2, 3, 4}; return 1; }",  # zero-size elements
    "struct emp {}; float4 main() : sv_target { emp arr[]; return 1; }",
    "float4 main() : sv_target { float4 v = {1, 2, 3}; return v; }",             # too few
    "float4 main() : sv_target { float4 v = {1, 2, 3, 4, 5}; return v; }",       # too many
    "float4 main() : sv_target { float v = {1, 2}; return v; }",
    "float4 main() : sv_target { float4 v = {}; return v; }",
    # an empty list is a syntax error even for an empty struct: d3dcompiler_47 10.1 and 6.3 under Wine, session 35
    "struct S {}; float4 main() : sv_target { S s; S t = {}; return 0; }",
    "struct s_f2 { float2 f; }; float4 main() : sv_target { s_f2 x = {0.1f, 0.2f, 0.3f}; return x.f.x; }",
    "float4 main() : sv_target { float4 v = float4(1, 2, 3); return v; }",       # constructor: X3014
    "float4 main() : sv_target { const float a; return a; }",                    # X3012 missing initial value
])
def test_initialiser_rejections(src):
    assert "error X3" in compile_error(src)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "static const int a[] = {1, 2, 3, 4}; float4 main() : sv_target { return a[3]; }",
    "float4 main() : sv_target { float2x2 m = {float2(1, 2), 3, 4}; return m[0].xyxy; }",
    "Texture2D t; struct S { Texture2D x; float y; }; float4 main() : sv_target { S s = {t, 1}; return s.y; }",
])
def test_initialiser_acceptances(src):
    compiles(src)


# --- object initialisers ----------------------------------------------------------------------------------------------
# A static object is another name for the global object it is initialised from (it has no register of its own).
# Bug fixed in session 18 (HL17): a *static object array* ignored its initialiser and was bound as a new uniform
# resource array (tt[0] at t2, tt[1] at t3): every read through it saw an unbound texture (silent zeros).

OBJ_SRVS = """
[srv 0]
size (2d, 2, 2)
1.0 2.0 3.0 4.0    5.0 6.0 7.0 8.0
9.0 10.0 11.0 12.0    13.0 14.0 15.0 16.0

[srv 1]
size (2d, 2, 2)
0.1 0.2 0.3 0.4    0.5 0.6 0.7 0.8
0.9 1.0 1.1 1.2    1.3 1.4 1.5 1.6
"""

OBJ_CASES = {
    "struct_array_with_objects": ("""
struct S { float2 uv; Texture2D tex; float k; };
float4 main() : sv_target
{
    S arr[2] = { 1, 0, t0, 10, 0, 1, t1, 100 };
    return arr[0].tex.Load(int3(arr[0].uv, 0)) * arr[0].k + arr[1].tex.Load(int3(arr[1].uv, 0)) * arr[1].k;
}""", "(140.0, 160.0, 180.0, 200.0)"),          # t0(1,0)*10 + t1(0,1)*100
    "static_global_object_array": ("""
static const Texture2D tt[2] = { t1, t0 };
float4 main() : sv_target { return tt[0].Load(int3(0, 0, 0)) + tt[1].Load(int3(1, 1, 0)); }""",
                                   "(13.1, 14.2, 15.3, 16.4)"),
    "static_object_array_nested_braces": ("""
static Texture2D tt[2][2] = { {t0, t1}, {t1, t0} };
float4 main() : sv_target { return tt[1][0].Load(int3(0, 0, 0)) * 10; }""", "(1.0, 2.0, 3.0, 4.0)"),
    "static_object_array_in_loop": ("""
static Texture2D tt[2] = { t1, t0 };
float4 main() : sv_target
{
    float4 r = 0;
    for (int i = 0; i < 2; i++)
        r += tt[i].Load(int3(0, 0, 0)) * (i + 1);
    return r;
}""", "(2.1, 4.2, 6.3, 8.4)"),
    "local_object_array": ("""
float4 main() : sv_target { Texture2D arr[2] = { t1, t0 }; return arr[1].Load(int3(1, 1, 0)); }""",
                           "(13.0, 14.0, 15.0, 16.0)"),
    "struct_of_objects_copied": ("""
struct S { Texture2D a; Texture2D b; };
float4 f(S s) { return s.a.Load(int3(0, 0, 0)) - s.b.Load(int3(0, 0, 0)); }
float4 main() : sv_target { S s = { t0, t1 }; S u = s; u.a = t1; u.b = t0; return f(s) * 10 + f(u); }""",
                                 "(8.1, 16.2, 24.3, 32.4)"),
}


@pytest.mark.parametrize("name", list(OBJ_CASES))
def test_object_initialisers(tmp_path, name):
    body, rgba = OBJ_CASES[name]
    run_shader_test(tmp_path, OBJ_SRVS + "\n[pixel shader]\nTexture2D t0 : register(t0);\nTexture2D t1 : register(t1);\n"
                    + body + f"\n\n[test]\ndraw quad\nprobe (0, 0) rgba {rgba} 8\n")


@pytest.mark.backend_independent
def test_static_object_array_binds_only_the_globals_read():
    code = D3DCompile("Texture2D t0, t1; static Texture2D tt[2] = {t1, t0};\n"
                      "float4 main() : sv_target { return tt[0].Load(0); }", None, "t.hlsl", None, None, "main", "ps_5_0")
    text = disassemble(bytes(code))
    # t1 alone is read: it takes the first free register; t0 and tt take none
    assert "dcl_resource_texture2d (float,float,float,float) t0\n" in text
    assert "t1.xyzw" not in text and "tt" not in text
    assert [ln.split()[0] for ln in text.splitlines() if "texture  float4" in ln] == ["//"]


@pytest.mark.backend_independent
@pytest.mark.parametrize("init", ["{ t0, t3 }", "{ t0, t0, t0 }", "{ t0 }"])
def test_static_object_array_initialiser_rejections(init):
    src = ("Texture2D t0; Texture3D t3; static Texture2D tt[2] = " + init +
           "; float4 main() : sv_target { return tt[0].Load(0); }")
    assert "error X3017" in compile_error(src)


# --- aggregates inside a brace list are flattened too (a struct, array or matrix value gives all its components) ----
FLAT_DECLS = """
struct P { float a; int b; };
struct Q { P p; float c; };
P mk(float x) { P p; p.a = x; p.b = (int)x * 2; return p; }
uint i1() { P p = mk(3); float4 v = {p, mk(5)}; return asuint(v.y + v.z * 10 + v.w * 100); }
uint i2() { float a[4] = {1, 2, 3, 4}; float4 v = {a}; return asuint(v.w); }
uint i3() { float2x2 m = {1, 2, 3, 4}; float4 v = {m}; return asuint(v.z); }
uint i4() { Q q = {mk(1), 7}; return asuint(q.c + q.p.b * 10); }
uint i5() { P arr[2] = {mk(1), mk(2)}; Q q = {arr[1], 9}; return q.p.b; }
uint i6() { int2 v = {1.7, -2.7}; return (uint)(v.x * 10 + v.y); }
uint i7() { bool2 b = {0.5, 0}; return b.x + b.y * 2; }
uint i8() { uint u = {-1}; return u; }
uint i9() { float4 v = {1, 2, 3, 4}; float2 a[2] = {v}; return asuint(a[1].x); }
uint j2() { float3 v = {mk(2), 5}; return asuint(v.x + v.y * 10 + v.z * 100); }
"""


def test_aggregates_flattened_in_brace_lists():
    check_words([("i1()", f32(1056)), ("i2()", f32(4)), ("i3()", f32(3)), ("i4()", f32(27)), ("i5()", 4),
                 ("i6()", 8), ("i7()", 1), ("i8()", 0xFFFFFFFF), ("i9()", f32(3)), ("j2()", f32(542))], FLAT_DECLS)


def test_object_struct_initialiser_with_a_double(tmp_path):
    # bug fixed in session 18 (HL17): the brace list of a struct holding objects counted a double's two slots as
    # two components ("expected 4 components, got 3"); the double is one component, as everywhere else
    run_shader_test(tmp_path, "[require]\nshader model >= 5.0\nfloat64\n" + OBJ_SRVS + """
[pixel shader]
Texture2D t1 : register(t1);
struct S { double d; Texture2D t; float f; };
float4 main() : sv_target
{
    S s = { 1.5, t1, 2.5 };
    S u = s;
    return u.t.Load(int3(0, 0, 0)) * (float)u.d + u.f;
}

[test]
draw quad
probe (0, 0) rgba (2.65, 2.8, 2.95, 3.1) 8
""")
