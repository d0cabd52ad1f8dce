"""Storage classes, declaration order, type names and numeric literals (issue 15, session 18 helper HL17), from:

* MicrosoftDocs direct3dhlsl "Variable Syntax" (storage classes: ``extern``/``uniform`` globals live in constant
  buffers, ``static`` globals are private, ``volatile`` is a local hint, ``groupshared`` is compute memory;
  ``const`` needs an initial value) with fxc's verdicts as DXC's SemaHLSL varmods-syntax.hlsl records them
  (X3006, X3007, X3008, X3010, X3012, X3035, X3047 for the forbidden combinations);
* declaration order: HLSL is declared-before-use like C — a function sees the functions *and the global
  variables* declared before it (fxc X3004 "undeclared identifier"); a static's initialiser sees what precedes
  it and itself. Bug fixed in session 18: globals were looked up in a whole-program table, so a function read a
  global declared after it (and a static initialiser gave a made-up "used before initialisation" message);
* "Data Types" / "Vector Type" / "Matrix Type": ``vector<T, N>`` / ``matrix<T, R, C>`` with N, R, C literal
  constant expressions in 1..4 (X3052 / X3053 otherwise) and a scalar T (X3122); ``dword`` is ``uint``;
  ``typedef`` names any of these, arrays included; ``min16float``/``min10float``/``min16int``/``min12int``/
  ``min16uint`` and ``half`` compute at 32 bits on Direct3D 10+ hardware (a minimum, not an exact precision);
* "Grammar" literals: integer ``u``/``l`` suffixes, ``0`` octal, ``0x`` hex; float ``f``/``h`` suffixes;
  ``double`` values fold and convert at full precision.
Expected values are written here from those rules."""

from __future__ import annotations

import struct

import pytest
from hlsl_s18_kit import check_words, compile_error, compiles, f32

# --- declaration order ----------------------------------------------------------------------------------------------

FORWARD_REFERENCES = [
    "float4 main() : sv_target { return y; } float y;",
    "float4 main() : sv_target { return y; } static float y = 1;",
    "float4 main() : sv_target { return y; } static const float y = 1;",
    "float4 main() : sv_target { return s[0]; } static const float s[2] = {1, 2};",
    "cbuffer C { float4 a; }; float4 main() : sv_target { return a + b; } cbuffer D { float4 b; };",
    "float4 main() : sv_target { return t.Load(0); } Texture2D t;",
    "static float a = b; static float b = 1; float4 main() : sv_target { return a; }",
    "static float a = f(); float f() { return 1; } float4 main() : sv_target { return a; }",
    "float4 main() : sv_target { return g(); } float g() { return 1; }",
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", FORWARD_REFERENCES)
def test_use_before_declaration_is_x3004(src):
    assert "error X3004" in compile_error(src)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "float y; float f() { return y; } float4 main() : sv_target { return f(); }",
    # a prototype makes f callable; its body, written after y, sees y
    "float f(); float4 main() : sv_target { return f(); } float y; float f() { return y; }",
    "static float a = 1; static float b = a + 1; float4 main() : sv_target { return b; }",
    "static float a = a; float4 main() : sv_target { return a; }",               # itself: in scope
    "float4 main() : sv_target { float y = 2; return y; } float y;",              # the local is declared
    "float4 main(uniform float k) : sv_target { return k; } float k;",
])
def test_declared_before_use_compiles(src):
    compiles(src)


def test_a_static_read_in_its_own_initialiser_is_undefined_there():
    # in scope, but not yet initialised: an operation on it is fxc's X4000 (d3dcompiler_47 10.1 at ps_4_0 / ps_5_0,
    # session 44; the copy above compiles with fxc's X3578 warning)
    err = compile_error("static float a = a + 1; float4 main() : sv_target { return a; }")
    assert "X4000: variable 'a' used without having been completely initialized" in err


def test_patch_constant_function_sees_only_earlier_globals():
    tail = """struct P { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
struct C { float4 p : POSITION; };
P pcf() { P p; p.e[0] = p.e[1] = p.e[2] = g; p.i = g; return p; }
"""
    main = """[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pcf")]
C main(InputPatch<C, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }"""
    compiles("float g;\n" + tail + main, "hs_5_0")
    assert "error X3004" in compile_error(tail + "float g;\n" + main, "hs_5_0")


# --- storage classes (DXC SemaHLSL varmods-syntax.hlsl's fxc records, and the X3012/X3025 rules) --------------------

@pytest.mark.backend_independent
@pytest.mark.parametrize("src,code", [
    ("extern static float a; float4 main() : sv_target { return a; }", "X3007"),
    ("static uniform float a; float4 main() : sv_target { return a; }", "X3007"),
    ("volatile float a; float4 main() : sv_target { return a; }", "X3008"),
    ("groupshared uniform float a; float4 main() : sv_target { return 0; }", "X3010"),
    ("groupshared const float a; float4 main() : sv_target { return 0; }", "X3012"),
    ("float4 main() : sv_target { uniform float a = 1; return a; }", "X3047"),
    ("float4 main() : sv_target { extern float a = 1; return a; }", "X3006"),
    ("float4 main() : sv_target { const float a; return a; }", "X3012"),
    ("float4 main() : sv_target { const float a = 1; a = 2; return a; }", "X3025"),
    ("struct S { const float a; }; float4 main() : sv_target { S s = {1}; return s.a; }", "X3035"),
    ("struct S { groupshared float a; }; float4 main() : sv_target { return 0; }", "X3010"),
    ("float4 main() : sv_target { row_major float a = 1; return a; }", "X3077"),
    ("float4 main() : sv_target { row_major column_major float2x2 m = 0; return 0; }", "X3048"),
    ("float4 main(nointerpolation linear float4 a : A) : sv_target { return a; }", "X3048"),
])
def test_storage_class_rejections(src, code):
    assert f"error {code}" in compile_error(src)


@pytest.mark.backend_independent
@pytest.mark.parametrize("src", [
    "extern float a; float4 main() : sv_target { return a; }",
    "static const float2 a; float4 main() : sv_target { return a.xyxy; }",       # varmods-syntax: no annotation
    "float4 main() : sv_target { volatile float a = 1; return a; }",
    "float4 main() : sv_target { static float a = 1; a += 1; return a; }",
    "float4 main(precise float a : A) : sv_target { precise float b = a * 2; return b; }",
    "float4 main(uniform in float a) : sv_target { return a; }",
    "float4 main(linear centroid float4 a : A, noperspective sample float4 b : B) : sv_target { return a + b; }",
    "struct S { nointerpolation float4 a : A; centroid float4 b : B; }; float4 main(S s) : sv_target { return s.a; }",
    "struct S { precise float a; row_major float2x2 m; }; float4 main() : sv_target { S s = (S)1; return s.m[0].xyxy; }",
    "RWTexture2D<unorm float4> t; float4 main() : sv_target { return 0; }",
])
def test_storage_class_acceptances(src):
    compiles(src)


# --- type names -------------------------------------------------------------------------------------------------------

# hh is float: a ``half`` cbuffer member is fxc's X3650 at shader model 4+ (d3dcompiler_47 10.1 under Wine,
# session 36: "global variables cannot use the 'half' type in cs_5_0"); half locals stay below (half_is_float).
TYPE_DECLS = """
cbuffer CB1 : register(b1) { min16float ma; min16float2 mb; min16int mi; min16uint mu; float hh; min10float m10;
                             min12int m12; };
typedef float4 F4;
typedef vector<int, 2> I2;
typedef matrix<float, 2, 2> M22;
typedef F4 G4;
typedef vector<int, 2 + 2> V4I;
typedef matrix<float, 4 - 2, 1 + 1> M22B;
typedef float FA3[3];
typedef FA3 FA3x2[2];
typedef const float CF;
typedef row_major float2x2 RM;
static const int N = 3;
uint spellings() {
    G4 a = 1; I2 b = int2(2, 3); M22 m = {4, 5, 6, 7}; vector<float, 3> c = 8; matrix<int, 1, 2> d = {9, 10};
    dword e = 11; uint1x1 f = 12; float1 g = 13; vector v = float4(1, 2, 3, 4); matrix mm = (matrix)0;
    return (uint)(a.x + b.y + m[1][1] + c.z + d[0][1] + e + f + g + v.w + mm[3][3]);
}
uint template_exprs() { V4I v = {1, 2, 3, 4}; M22B m = {1, 2, 3, 4}; vector<float, N> w = 5; return v.w + (uint)m._m11 + (uint)w.z; }
uint typedef_arrays() { FA3 x = {4, 5, 6}; FA3x2 z = {1, 2, 3, 4, 5, 6}; CF c = 3; RM r = {1, 2, 3, 4};
                        return (uint)(x[1] + z[1][0] + c + r[1][0]); }
uint unsigned_spelling() { unsigned int a = 3; unsigned int4 b = 4; return a + b.w; }
uint min_precision_cb() { return (uint)(ma * 10) + (uint)(mb.y * 10) * 100; }
uint min_precision_int() { return (uint)((int)mi / 2) + (mu >> 1) * 1000; }
uint min_precision_wide() { min16uint u = 70000; min16int i = -40000; return u + (uint)i; }
uint half_is_float() { half h = 65504; h = h * 4; return asuint((float)h); }
uint half_third() { half x = 1.0 / 3.0; min16float y = 1.0 / 3.0; return asuint((float)x) ^ asuint((float)y); }
"""

TYPE_ROWS = [
    ("spellings()", 1 + 3 + 7 + 8 + 10 + 11 + 12 + 13 + 4 + 0),
    ("template_exprs()", 4 + 4 + 5),
    ("typedef_arrays()", 5 + 4 + 3 + 3),
    ("unsigned_spelling()", 7),
    ("min_precision_cb()", 15 + 35 * 100),
    ("min_precision_int()", -3 + 4 * 1000),
    ("min_precision_wide()", 70000 - 40000),
    ("half_is_float()", f32(65504.0 * 4)),
    ("half_third()", 0),
    ("asuint((float)hh + (float)m10)", f32(1.0)),
    ("(uint)m12", 12),
]


def test_type_names_table():
    # CB1's offsets are fxc's (d3dcompiler_47 10.1 under Wine, session 36, reflected): each precision class starts a
    # register -- ma 0, mb 4, mi 12, mu 16, hh 32, m10 48, m12 64
    cb1 = bytearray(80)
    struct.pack_into("<f2fiI", cb1, 0, 1.5, 2.5, 3.5, -7, 9)
    struct.pack_into("<f", cb1, 32, 0.25)
    struct.pack_into("<f", cb1, 48, 0.75)
    struct.pack_into("<i", cb1, 64, 12)
    cb1 = bytes(cb1)
    check_words(TYPE_ROWS, TYPE_DECLS, cb1=cb1)


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl,code", [
    ("vector<float, 5> v = 0;", "X3052"), ("vector<float, 0> v;", "X3052"), ("vector<float, -1> v = 0;", "X3052"),
    ("matrix<float, 5, 1> v = 0;", "X3053"), ("matrix<float, 1, 0> v;", "X3053"),
    ("vector<vector<float, 2>, 2> v;", "X3122"), ("vector<Texture2D, 2> v;", "X3122"),
    ("unsigned float a = 3;", "X3085"),
])
def test_type_name_rejections(decl, code):
    assert f"error {code}" in compile_error("float4 main() : sv_target { " + decl + " return 0; }")


# --- numeric literals and mixed arithmetic ----------------------------------------------------------------------------

LIT_DECLS = """
cbuffer CB1 : register(b1) { int ci; };
uint q1() { uint u = 5; return (u - 10 > 0) ? 1 : 0; }
uint q3() { int i = -1; return (i < 1u) ? 1 : 0; }
uint q5() { uint u = 7; return u * -1; }
uint s4() { float f = 5; return asuint(f / 0); }
"""

LIT_ROWS = [
    ("q1()", 1),                                   # uint arithmetic wraps: 5 - 10 is huge
    ("(-1 < 1u) ? 1 : 0", 0),                      # int vs uint compares as uint
    ("q3()", 0),
    ("asuint(7 / 2.0)", f32(3.5)),                 # an int operand meets a float literal: float
    ("q5()", -7),
    ("asuint(1 / 2 * 2.0)", f32(0)),               # 1 / 2 is integer division first
    ("0x7fffffff + ci", -2**31),                   # 32-bit wrap
    ("asuint(.5e1 + 5.e-1 + 1.5F + 1.5H)", f32(8.5)),
    ("010u + 0x10u", 24),                          # octal and hex
    ("1u - 2", 0xFFFFFFFF),
    ("asuint(1.0e-50)", 0),                        # underflows to zero in float
    ("(uint)(-7 / 2)", -3),                        # C division truncates toward zero
    ("(uint)(-7 >> 1)", -4),                       # arithmetic shift of an int
    ("(uint)(0xF0000000u >> 4)", 0x0F000000),      # logical shift of a uint
    ("(uint)(ci * 2.5)", 2),
    ("(uint)(true + true)", 2),
    ("(uint)(5 / 2u)", 2),
    ("(uint)(-5 / 2u)", (2**32 - 5) // 2),         # -5 converts to uint first
    ("s4()", 0x7F800000),                          # float division by zero: +inf
    ("asuint(1.5 * 2)", f32(3)),
    ("(uint)(2147483647 + 1)", -2**31),
]


def test_literal_table():
    check_words(LIT_ROWS, LIT_DECLS, cb1=struct.pack("<4I", 1, 0, 0, 0))


DOUBLE_DECLS = """
cbuffer CB1 : register(b1) { double cd; int ci; };
struct SD { double d; float f; };
static const double sd = 2.5;
static const SD ssd = {1.5, 3};
static double2 sdv = {1, 2};
static const double sda[] = {1, 2, 3};
void outd(out double d) { d = 2.5; }
void outf(out float f) { f = 3.5; }
void ioutd(inout double d) { d *= 3; }
SD mk(double x) { SD s; s.d = x; s.f = (float)x * 2; return s; }
uint hi(double d) { uint a, b; asuint(d, a, b); return b; }
uint lo(double d) { uint a, b; asuint(d, a, b); return a; }
uint g5() { float f; outd(f); return asuint(f); }
uint g6() { double d; outf(d); return asuint((float)d); }
uint g7() { int i = 2; ioutd(i); return i; }
uint g8() { SD s = mk(cd); return asuint((float)s.d + s.f); }
uint h1() { double a[3] = {1, 2, 3}; ioutd(a[ci]); return asuint((float)a[1]); }
uint h4() { uint u = 7; double d = u; int i = -3; double e = i; return asuint((float)(d + e)); }
uint h8() { double d = 1; d++; ++d; return asuint((float)d); }
"""

DOUBLE_ROWS = [
    ("hi(1.0L / 3.0L)", 0x3FD55555), ("lo(1.0L / 3.0L)", 0x55555555),   # folded at double precision
    ("asuint((float)sd)", f32(2.5)), ("asuint((float)ssd.d + ssd.f)", f32(4.5)), ("asuint((float)sdv.y)", f32(2)),
    ("asuint((float)sda[2])", f32(3)), ("g5()", f32(2.5)), ("g6()", f32(3.5)), ("g7()", 6), ("g8()", f32(3.75)),
    ("h1()", f32(6)), ("h4()", f32(4)), ("h8()", f32(3)),
]


def test_double_storage_table():
    check_words(DOUBLE_ROWS, DOUBLE_DECLS, cb1=struct.pack("<dI4x", 1.25, 1))
