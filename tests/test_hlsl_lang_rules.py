"""HLSL language rules from their definitions, table-driven: type checks of functions nothing calls
(fxc checks the whole file), the array ``.Length`` property, operators on bool l-values, and the
stage-dependent rules an uncalled function must not trip. Expected verdicts come from fxc's
documented behaviour as recorded in DXC's SemaHLSL tests (``fxc-error`` / ``fxc-pass`` annotations)
and the HLSL reference pages, never from this compiler."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

PS = "float4 main(float4 v : A) : SV_Target { return v; }"


def compile_src(src: str, target: str = "ps_5_0", entry: str = "main") -> None:
    D3DCompile(src, None, "t.hlsl", None, None, entry, target)


def error_code(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as e:
        compile_src(src, target)
    return e.value.errors


# --- functions nothing calls are type-checked -------------------------------------------------------------
UNCALLED_ERRORS = [
    ("float f(float2x2 m) { return noise(m); }", "X3013"),        # no overload (noise takes vectors)
    ("float f(float x) { return undeclared_fn(x); }", "X3004"),  # undeclared identifier
    ("float f(float x) { return y; }", "X3004"),
    ("void f(float x) { bool b = x; b += b; }", "X3020"),         # compound assignment on a bool l-value
    ("float f(float x) { return ~x; }", "X3082"),                 # bitwise operator on a float
    ("float f(float3 x) { float2 y = x.xyzw; return y.x; }", "X3018"),  # invalid swizzle
    ("float f(float x) { return x.Foo(); }", ""),                 # any error: a method call on a float
    ("struct S { float a; }; float f(S s) { return s.b; }", "X3018"),
]


@pytest.mark.parametrize(("fn", "code"), UNCALLED_ERRORS)
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0", "vs_5_0"])
def test_type_error_in_a_function_nothing_calls_fails_the_compile(fn, code, target):
    src = fn + "\nfloat4 main(float4 v : A) : " + ("SV_Target" if target.startswith("ps") else "SV_Position") + \
        " { return v; }"
    assert code in error_code(src, target)


UNCALLED_ACCEPTED = [
    # what depends on the stage, the model or the arguments is checked only where a stage calls it
    "float f(float x) { clip(x); return ddx(x); }",                 # pixel-only, compiled as a VS
    "float f(float x) { discard; return x; }",
    "float v; float4 f() { return noise(v); }",                      # tx_1_0-only, but it type-checks
    "void f() { GroupMemoryBarrierWithGroupSync(); }",                 # compute-only
    "float f(int i) { float a[2] = {1, 2}; return a[i + 5]; }",        # index known only with arguments
    "Texture2D t; SamplerState s; float4 f(float2 uv) { return t.Sample(s, uv); }",  # VS has no Sample
    "float4 f(float4 p : SV_Position) : SV_Target { return p; }",    # another stage's entry point
    "float f(float x) { return x; } float f(int x) { return x; }",   # overloads
]


@pytest.mark.parametrize("fn", UNCALLED_ACCEPTED)
def test_stage_dependent_rules_are_not_applied_to_uncalled_functions(fn):
    compile_src(fn + "\nfloat4 main(float4 v : A) : SV_Position { return v; }", "vs_4_0")


def test_uncalled_function_errors_do_not_hide_the_entry_points_result():
    src = "float helper(float x) { return x * 2; }\nfloat4 main(float4 v : A) : SV_Target { return helper(v.x); }"
    out = run_ps(src, {0: f32([[3, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 6


# --- .Length -----------------------------------------------------------------------------------------------
def test_array_length_property_is_the_element_count():
    """fxc accepts the deprecated ``.Length`` of an array on globals, locals (sized by their initialiser)
    and struct members (DXC array-length.hlsl records fxc-pass on each)."""
    src = """
    float4 planes1[8];
    float4 planes2[3 + 2];
    struct S { float4 planes[2]; };
    float4 main(float4 v : A) : SV_Target {
        float4 planes3[] = {{1, 2, 3, 4}};
        S s = (S)0;
        return float4(planes1.Length, planes2.Length, planes3.Length, s.planes.Length);
    }"""
    out = run_ps(src, {0: f32([[0, 0, 0, 0]])}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0], f32([8, 5, 1, 2]))


# --- bool l-values ------------------------------------------------------------------------------------------
BOOL_LVALUE_OPS = ["b += b", "b -= b", "b *= b", "b /= b", "b %= b", "b &= b", "b |= b", "b ^= b", "b <<= 1",
                   "b >>= 1", "b++", "b--", "++b", "--b"]


@pytest.mark.parametrize("op", BOOL_LVALUE_OPS)
@pytest.mark.parametrize("decl", ["bool b = v.x", "bool2 b = v.xy"])
def test_operators_on_a_bool_lvalue_are_x3020(op, decl):
    src = f"float4 main(float4 v : A) : SV_Target {{ {decl}; {op}; return 0; }}"
    assert "X3020" in error_code(src)


@pytest.mark.parametrize("op", ["i += 1", "i <<= 1", "i++", "f *= 2", "f -= 1", "--f", "u ^= 3u"])
def test_the_same_operators_on_numeric_lvalues_compile(op):
    compile_src(f"float4 main(float4 v : A) : SV_Target {{ int i = v.x; float f = v.y; uint u = v.z; {op}; "
                "return i + f + u; }")


# --- #pragma pack_matrix by position ----------------------------------------------------------------------
def _matrix_layout(src: str, flags: int = 0) -> dict[str, tuple[int, int]]:
    """name -> (D3D_SHADER_VARIABLE_CLASS, size in bytes) of the $Globals variables."""
    from pyd3d11.shader.reflection import D3DReflect

    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)
    cb = D3DReflect(bytes(blob)).GetConstantBufferByIndex(0)
    out = {}
    for i in range(cb.GetDesc().Variables):
        v = cb.GetVariableByIndex(i)
        out[v.GetDesc().Name] = (v.GetType().GetDesc().Class, v.GetDesc().Size)
    return out


ROWS, COLS = 2, 3  # D3D_SVC_MATRIX_ROWS / D3D_SVC_MATRIX_COLUMNS
# float2x3: row-major = 2 registers (16 + 12 bytes); column-major = 3 registers of float2 (16 + 16 + 8)
ROW_23, COL_23 = (ROWS, 28), (COLS, 40)

PACK_SRC = """
float2x3 a;
#pragma pack_matrix(row_major)
float2x3 b;
typedef float2x3 T;
struct S { float2x3 m; };
#pragma pack_matrix(column_major)
float2x3 c;
row_major float2x3 d;
T e;
typedef
#pragma pack_matrix(row_major)
float2x3
#pragma pack_matrix(column_major)
U;
U f;
float4 main() : SV_Target { return a[0].x + b[0].x + c[0].x + d[0].x + e[0].x + f[0].x; }
"""


@pytest.mark.parametrize(("flags", "default"), [(0, COL_23), (1 << 3, ROW_23), (1 << 4, COL_23)])
def test_pack_matrix_pragma_applies_from_its_position(flags, default):
    """The pragma changes the orientation of matrix types written after it (not the whole file); before
    any pragma the compile flags decide (D3DCOMPILE_PACK_MATRIX_ROW_MAJOR = 1 << 3, COLUMN_MAJOR = 1 << 4);
    an explicit modifier wins; a typedef keeps the orientation in force where its matrix type is written,
    even when a pragma follows inside the same declaration (fxc's behaviour as DXC's
    pragma_granularity.hlsl describes it)."""
    got = _matrix_layout(PACK_SRC, flags)
    assert got == {"a": default, "b": ROW_23, "c": COL_23, "d": ROW_23, "e": ROW_23, "f": ROW_23}


# --- annotations -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("decl", [
    "Texture2D tex < string Name = \"tex\"; int ArraySize = 3; >;",
    "Texture2D tex < bool foo = 1 > 2; >;",             # a value may hold '>' (fxc-pass in DXC effects-syntax)
    "Texture2D tex < int k = (3 > 1); string s = \"a>b\"; >;",
    "Texture2D tex <>;",
])
def test_annotations_are_skipped_entry_by_entry(decl):
    compile_src(decl + "\nSamplerState s { Filter = <ANISOTROPIC>; };\n"
                "float4 main(float4 v : A) : SV_Target { return tex.Sample(s, v.xy); }")


# --- center, sampler_state ---------------------------------------------------------------------------------
@pytest.mark.parametrize("src", [
    "linear centroid center float2 g;\nfloat4 main(nointerpolation center float4 w : W) : SV_Target { return w + g.x; }",
    "struct VI { linear center float4 p : P; };\nfloat4 main(VI i) : SV_Target { return i.p; }",
    # `center` stays an ordinary identifier elsewhere
    "float4 main(float4 v : V) : SV_Target { float2 center = v.xy; center.x += 1; return center.xyxy; }",
])
def test_center_is_a_no_op_interpolation_modifier(src):
    """fxc accepts ``center`` (the default sampling location) among the interpolation modifiers (DXC's
    varmods-syntax records fxc-pass for every combination that DXC rejects)."""
    compile_src(src)


def test_sampler_state_initialisers_are_ignored_outside_effects():
    compile_src("Texture2D tex;\nsampler S : register(s1) = sampler_state { texture = tex; };\n"
                "SamplerComparisonState SC : register(s3) = sampler_state { ComparisonFunc = LESS; };\n"
                "float4 main(float4 v : V) : SV_Target { return tex.Sample(S, v.xy) + tex.SampleCmp(SC, v.xy, .5); }")


def test_sampler_state_on_a_numeric_variable_is_an_error():
    # d3dcompiler_47 10.1 (session 35): X3017 "cannot implicitly convert from 'const StateBlock' to 'const float'"
    assert "X3017" in error_code("float f = sampler_state { a = 1; };\nfloat4 main() : SV_Target { return f; }")
