"""Casts (issue 15, session 18 helper HL17), from their definitions:

* MicrosoftDocs direct3dhlsl "Casting" / "Per-Component Math Operations" (dx-graphics-hlsl-per-component-math,
  "Type casting"): a scalar casts to any numeric aggregate by replication (broadcast: vector, matrix, array,
  struct — every component receives the scalar converted to its own type); a vector or matrix casts to a
  smaller one by dropping the trailing components (a matrix keeps its upper-left block); aggregates of equal
  component count cast component-wise in declaration/row order (vector <-> matrix <-> array <-> struct);
* C conversion rules for each component: float -> int truncates toward zero, float -> uint of a negative value
  is 0 (D3D11.3 §22.11 ftou clamps), anything -> bool is ``!= 0`` (so -0.0 is false), bool -> number is 0/1;
* function-style casts ``float4(int2, uint, bool)`` concatenate their arguments' components and convert each;
* out/inout arguments convert on the way in and on the way back (copy-in/copy-out); a swizzle argument writes
  its components back in swizzle order.
Expected words are written here from those rules."""

from __future__ import annotations

import struct

import pytest
from hlsl_s18_kit import check_words, compile_error, compiles, f32, run_shader_test

DECLS = """
struct P { float a; int b; float2 c; };
struct Q { P p; uint u; bool t; };
void setv(out float3 v) { v = float3(1.5, 2.5, 3.5); }
void outv(out float2 v) { v = float2(1.5, 2.5); }
void outi(out int x) { x = 7; }
void dbl(inout float x) { x = x * 2 + 0.75; }
"""

ROWS = [
    # scalar -> aggregate broadcast, each component converted to its own type
    ("asuint(((float4)2.5).w)", f32(2.5)),
    ("asuint(((float2x2)3)[1][0])", f32(3)),
    ("((P)1.7).b", 1),
    ("asuint(((P)1.7).c.y)", f32(1.7)),
    ("((Q)-2.5).u", 0),                              # ftou of a negative value: 0
    ("((Q)-2.5).p.b", -2),                           # ftoi truncates toward zero
    ("(uint)((Q)0.5).t", 1),                         # bool from 0.5: true
    ("asuint(((float[4])5)[3])", f32(5)),
    ("((int[2])2.9)[1]", 2),
    # truncation: trailing components dropped, a matrix keeps its upper-left block
    ("asuint(((float2)float4(1, 2, 3, 4)).y)", f32(2)),
    ("asuint((float)float4(7, 2, 3, 4))", f32(7)),
    ("asuint(((float2x2)float3x3(1, 2, 3, 4, 5, 6, 7, 8, 9))[1][0])", f32(4)),
    ("asuint(((float1x2)float3x2(1, 2, 3, 4, 5, 6))[0][1])", f32(2)),
    ("asuint(((float3x1)float3x2(1, 2, 3, 4, 5, 6))[2][0])", f32(5)),
    # equal component count: vector <-> matrix <-> array <-> struct, in row order
    ("asuint(((float2x2)float4(1, 2, 3, 4))[1][0])", f32(3)),
    ("asuint(((float4)float2x2(1, 2, 3, 4)).y)", f32(2)),
    ("asuint(((P)float4(9, 8.5, 7, 6)).c.x)", f32(7)),
    ("((P)float4(9, 8.5, 7, 6)).b", 8),
    ("asuint(((float4)(P)float4(9, 8.5, 7, 6)).y)", f32(8)),
    # component conversions
    ("((int2x2)float2x2(1.5, -2.5, 3.7, 4.2))[0][1]", -2),
    ("((uint4)float4(-1, 1.9, 2.1, 3e9)).w", 3000000000),
    ("((uint4)float4(-1, 1.9, 2.1, 3e9)).x", 0),
    ("(uint)-1.5f", 0),
    ("(int)-1.5f", -1),
    ("(uint)(int)-1.5f", -1),
    ("(uint)dot((bool3)float3(1.5, 0, -2.0), 1)", 2),
    ("(uint)(bool)-0.0f", 0),
    ("asuint((float)true + (float)false)", f32(1)),
    ("asuint((float)4294967295u)", f32(4294967296.0)),
    # function-style casts concatenate and convert
    ("asuint(float4(int2(3, 4), 5u, true).w)", f32(1)),
    ("int4(2.7, -2.7, 0.5, true).y", -2),
    ("asuint(float4(float2x2(1, 2, 3, 4)).z)", f32(3)),
    ("asuint(float2x2(float4(1, 2, 3, 4))[1][0])", f32(3)),
    # out/inout arguments convert both ways
    ("out_float_to_int()", f32(7)),
    ("inout_int()", 6),
    ("out_swizzle()", 321),
    ("out_float2_to_int2()", 2),
]

FUNCS = """
uint out_float_to_int() { float x = 1; outi(x); return asuint(x); }
uint inout_int() { int i = 3; dbl(i); return i; }
uint out_swizzle() { int4 i = 0; setv(i.zyx); return i.x * 100 + i.y * 10 + i.z; }
uint out_float2_to_int2() { int2 v = 0; outv(v); return v.y; }
"""


def test_cast_table():
    check_words(ROWS, DECLS + FUNCS)


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,code", [
    ("float4 v = (float4)float2(1, 2); return v;", "X3017"),          # a vector cannot grow
    ("float3x3 m = (float3x3)float2x2(1, 2, 3, 4); return m[0].xyzz;", "X3017"),
    ("P p = (P)float2(1, 2); return p.a;", "X3017"),                   # too few components for the struct
    ("float4 v = 1; float x[2] = (float[2])v; return x[0];", None),     # truncation to an array is allowed
    ("float2x2 m = 1; float4x4 n = (float4x4)m; return n[0];", "X3017"),
])
def test_cast_shapes_compile_rules(body, code):
    src = "struct P { float a; int b; float2 c; };\nfloat4 main() : sv_target { " + body + " }"
    if code is None:
        compiles(src)
    else:
        assert f"error {code}" in compile_error(src)


def test_matrix_to_int_cast_in_a_pixel_shader(tmp_path):
    run_shader_test(tmp_path, """
[pixel shader]
float4 main() : sv_target
{
    float2x2 m = float2x2(1.5, -2.5, 3.7, 4.2);
    int2x2 im = (int2x2)m;
    return float4(im);
}

[test]
draw quad
probe (0, 0) rgba (1.0, -2.0, 3.0, 4.0)
""")


# --- aggregates holding doubles: a double is one component (in two slots) ------------------------------------------
# Bug fixed in session 18 (HL17): Codegen.convert's aggregate path counted and converted per *slot*, so a double
# counted twice: ``(SD)3`` broadcast wrote the low word of d's second conversion into f (f read 0), an equal-count
# cast such as ``(SE)S3`` was refused with X3017 (3 components seen as 3 < 4 slots), and a struct or array holding a
# double converted to another component type raised NotSupportedError ("double component split across an
# aggregate conversion"). The Casting page counts components, whatever their size.
DOUBLE_DECLS = """
struct SD { double d; float f; };
struct SE { float f; double d; int i; };
struct S3 { float a; float b; float c; };
struct SD2 { SD x; double y; };
uint bc_float() { SD s = (SD)3; return asuint(s.f); }
uint bc_float_d() { SD s = (SD)3; return asuint((float)s.d); }
uint bc_after() { SE s = (SE)2.5; return s.i; }
uint bc_double() { SE s = (SE)4.5L; return s.i; }
uint bc_nested() { SD2 s = (SD2)2; return asuint((float)s.x.d + s.x.f + (float)s.y); }
uint bc_array() { SD a[2] = (SD[2])7; return asuint(a[1].f + (float)a[1].d); }
uint st_to_arr() { SD s = {1.5, 2.5}; float a[2] = (float[2])s; return asuint(a[0] + a[1] * 10); }
uint st_to_st() { SE s = {1, 2.5, 3}; S3 t = (S3)s; return asuint(t.b); }
uint st_from_st() { S3 t = {1, 2, 3}; SE s = (SE)t; return asuint((float)s.d) + s.i; }
uint arr_to_vec() { double a[2] = {1.5, 2.5}; float2 v = (float2)a; return asuint(v.y); }
uint vec_to_arr() { float2 v = float2(4, 5); double a[2] = (double[2])v; return asuint((float)a[1]); }
uint dvec_to_st() { double2 d = double2(1, 2); SD s = (SD)d; return asuint(s.f); }
uint st_to_dvec() { SD s = {1.5, 2.5}; double2 d = (double2)s; return asuint((float)d.y); }
uint iarr_to_st() { int a[3] = {1, 2, 3}; SE s = (SE)a; return asuint((float)s.d) + s.i; }
uint nested_init() { SD2 s = { {1, 2}, 3 }; return asuint((float)s.y + s.x.f); }
"""

DOUBLE_ROWS = [
    ("bc_float()", f32(3)), ("bc_float_d()", f32(3)), ("bc_after()", 2), ("bc_double()", 4), ("bc_nested()", f32(6)),
    ("bc_array()", f32(14)), ("st_to_arr()", f32(26.5)), ("st_to_st()", f32(2.5)), ("st_from_st()", f32(2) + 3),
    ("arr_to_vec()", f32(2.5)), ("vec_to_arr()", f32(5)), ("dvec_to_st()", f32(2)), ("st_to_dvec()", f32(2.5)),
    ("iarr_to_st()", f32(2) + 3), ("nested_init()", f32(5)),
]


def test_aggregate_casts_with_doubles():
    check_words(DOUBLE_ROWS, DOUBLE_DECLS)


@pytest.mark.backend_independent
def test_aggregate_cast_with_doubles_counts_components():
    # SD2 holds three components (d, f, y): a float2 supplies too few (X3017); a float3 into SD (two components)
    # drops its trailing one, as float[5] -> float[4] does (cast-componentwise-compatible)
    src = ("struct SD { double d; float f; }; struct SD2 { SD x; double y; };\n"
           "float4 main() : sv_target { SD2 s = (SD2)float2(1, 2); return s.x.f; }")
    assert "error X3017" in compile_error(src)
    compiles("struct SD { double d; float f; };\n"
             "float4 main() : sv_target { SD s = (SD)float3(1, 2, 3); return s.f; }")


# --- packing does not change a cast's component order; bools read from a constant buffer convert like any bool -----
# (the Casting page's component order is the matrix's logical row order; a bool in a constant buffer is 0/1 there)
CB_DECLS = """
struct SB { bool a; bool2 b; int c; };
cbuffer CB1 : register(b1) { bool cb; bool2 cb2; SB csb; row_major float2x3 rm; float2x3 cm; };
typedef row_major float2x2 RM;
RM ident(RM m) { return m; }
row_major float2x2 retrm(float2x2 m) { return m; }
uint r1() { float a[6] = (float[6])rm; return asuint(a[1] + a[3] * 10); }
uint r2() { float a[6] = (float[6])cm; return asuint(a[1] + a[3] * 10); }
uint r4() { column_major float2x2 c = {1, 2, 3, 4}; RM r = ident(c); return asuint(r[0][1]); }
uint r5() { float2x2 c = {1, 2, 3, 4}; return asuint(retrm(c)._m10); }
uint b3() { float4 v = (float4)csb; return asuint(v.x + v.y * 10 + v.z * 100 + v.w * 1000); }
uint b6() { bool4 v = (bool4)csb; return v.x + v.y * 2 + v.z * 4 + v.w * 8; }
"""

CB_ROWS = [
    ("r1()", f32(42)), ("r2()", f32(42)), ("asuint(((float2x2)rm)[1][0])", f32(4)), ("r4()", f32(2)), ("r5()", f32(3)),
    ("asuint(((float4)(float2x2)cm).z)", f32(4)), ("asuint(rm[1].z + cm[1].z * 10)", f32(66)),
    ("asuint((float)cb)", f32(1)), ("(uint)dot((int2)cb2, int2(1, 10))", 10), ("b3()", f32(1 + 10 + 0 - 3000)),
    ("b6()", 1 + 2 + 8), ("(uint)(int2(cb2).x * 10 + int2(cb2).y)", 1), ("asuint((float)(cb2.x && cb2.y))", f32(0)),
]


def test_packing_and_constant_buffer_bools_in_casts():
    rm = struct.pack("<8f", 1, 2, 3, 0, 4, 5, 6, 0)
    cm = struct.pack("<12f", 1, 4, 0, 0, 2, 5, 0, 0, 3, 6, 0, 0)
    rest = struct.pack("<IIII", 1, 0, 1, 0) + struct.pack("<IIIi", 1, 1, 0, -3)
    check_words(CB_ROWS, CB_DECLS, cb1=rest + rm + cm)


# --- numeric-type constructors take an aggregate argument's components (a double counts once) ---------------------
# Bug fixed in session 18 (HL17): a struct or array argument holding doubles was counted per slot, so
# ``float2(sd)`` for ``struct {double d; float f;}`` was refused with X3014 ("got 3"); the X3014 text is now fxc's.
CTOR_DECLS = """
struct SD { double d; float f; };
struct S4 { float a, b, c, d; };
uint c1() { SD s = {1.5, 2.5}; float2 v = float2(s); return asuint(v.x + v.y * 10); }
uint c2() { double a[2] = {1.5, 2.5}; float2 v = float2(a); return asuint(v.y); }
uint c3() { SD s = {1.5, 2.5}; double3 v = double3(s, 4); return asuint((float)(v.x + v.z)); }
uint c4() { S4 s = (S4)2; return asuint(float4(s).w); }
uint c5() { float a[2] = {1, 2}; return asuint(float4(a, 3, 4).y); }
"""


def test_constructors_take_aggregate_components():
    check_words([("c1()", f32(26.5)), ("c2()", f32(2.5)), ("c3()", f32(5.5)), ("c4()", f32(2)), ("c5()", f32(2))],
                CTOR_DECLS)


@pytest.mark.backend_independent
@pytest.mark.parametrize("expr", ["float4(1, 2, 3)", "float4(float2x2(1, 2, 3, 4), 1)", "float4(int2(1, 2))",
                                  "float2(0.1f)"])
def test_constructor_count_message_is_fxcs(expr):
    err = compile_error("float4 main() : sv_target { return " + expr + "; }")
    assert "error X3014: incorrect number of arguments to numeric-type constructor" in err
