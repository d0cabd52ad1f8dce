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
from hlsl_s18_kit import check_words, compile_error, compiles, f32

DECLS = """
cbuffer CB1 : register(b1) { float u0; float4 u4; };
struct P { float a; int b; };
struct Q { P p; float2 c; };
struct E {};
struct R { E e; float x; E e2; };
struct Outer { struct Inner { float x; int y; } in1; Inner in2; float z; };
struct WithArr { Outer o[2]; float t; };
typedef float F3[3];
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
uint typedef_arr() { F3 x = {4, 5, 6}; F3 y[2] = {1, 2, 3, 4, 5, 6}; return asuint(x[1] + y[1][2]); }
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
    "struct s_f2 { float2 f; }; float4 main() : sv_target { s_f2 x = {0.1f, 0.2f, 0.3f}; return x.f.x; }",
    "float4 main() : sv_target { float4 v = float4(1, 2, 3); return v; }",       # constructor: X3014
    "float4 main() : sv_target { const float a; return a; }",                    # X3012 missing initial value
])
def test_initialiser_rejections(src):
    assert "error X3" in compile_error(src)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "struct S {}; float4 main() : sv_target { S s; S t = {}; return 0; }",
    "static const int a[] = {1, 2, 3, 4}; float4 main() : sv_target { return a[3]; }",
    "float4 main() : sv_target { float2x2 m = {float2(1, 2), 3, 4}; return m[0].xyxy; }",
    "Texture2D t; struct S { Texture2D x; float y; }; float4 main() : sv_target { S s = {t, 1}; return s.y; }",
])
def test_initialiser_acceptances(src):
    compiles(src)
