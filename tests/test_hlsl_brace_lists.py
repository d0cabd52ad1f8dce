"""Brace lists outside initialisers and struct constructors, in called and uncalled functions.

Source: fxc's verdicts in DXC's SemaHLSL struct-assignments.hlsl (the file's `main` is not the entry point
fxc compiles, so these are reported for a function nothing calls): `(s_f2){ float2(1, 2) }` and
`(s_f2)({ float2(1, 2) })` are X3000 "syntax error: unexpected token '{'", `s_f2(0.1f, 0.2f)` is X3037
"constructors only defined for numeric base types"; brace lists stay valid as (nested) initialisers.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

S = "struct s_f2 { float2 f; };\n"


@pytest.mark.parametrize("stmt,code", [
    ("s_f2 x = (s_f2){ float2(1, 2) };", "X3000: syntax error: unexpected token '{'"),
    ("s_f2 x = (s_f2)({ float2(1, 2) });", "X3000: syntax error: unexpected token '{'"),
    ("float2 v = 1 + { 1, 2 };", "X3000: syntax error: unexpected token '{'"),
    ("s_f2 x = s_f2(0.1f, 0.2f);", "X3037"),
])
@pytest.mark.parametrize("called", [True, False])
def test_rejected_in_called_and_uncalled_functions(stmt, code, called):
    src = S + f"void g() {{ {stmt} }}\nfloat4 main() : SV_Target {{ {'g(); ' if called else ''}return 0; }}"
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "t.hlsl(2," in info.value.errors and f"error {code}" in info.value.errors, info.value.errors


@pytest.mark.parametrize("stmt", ["s_f2 x = { float2(1, 2) };", "s_f2 x = { 1, 2 };",
                                  "s_f2 y[2] = { { 1, 2 }, { 3, 4 } };", "float4 v = { 1, { 2, 3 }, 4 };",
                                  "s_f2 z = (s_f2)1;"])
def test_initialisers_stay_valid(stmt):
    D3DCompile(S + f"float4 main() : SV_Target {{ {stmt} return 0; }}", None, "t.hlsl", None, None, "main", "ps_5_0")


# --- initialiser rules (DXC SemaHLSL vector-assignments: fxc's verdicts) -----------------------------------
@pytest.mark.parametrize("decl,code", [
    ("float2 f2c = float2();", "X3014"),
    ("float2 f2c_f = float2(0.1f);", "X3014"),  # a constructor does not splat one scalar (a cast does)
    ("float4 f4_from_f2 = float(0, 0);", "X3014"),
    ("float3 f3 = 1; float4 f4 = f3;", "X3017"),
])
def test_uniform_global_initialisers_are_type_checked(decl, code):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(decl + "\nfloat4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None, "main", "ps_5_0")
    assert f"error {code}" in info.value.errors


def test_a_default_value_reading_another_global_is_x3011():
    """fxc refuses a default value that reads another uniform (X3011 "'b': initial value must be a literal
    expression", d3dcompiler_47 10.1 under Wine, session 37); this test expected it to compile with neither global
    marked used."""
    src = "float3 a = 1; float4 b = (float4)a.x; float c;\nfloat4 main() : SV_Target { return c; }"
    with pytest.raises(ShaderCompileError, match="X3011"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


def test_constructor_splat_is_x3014_in_functions_too():
    with pytest.raises(ShaderCompileError, match="X3014"):
        D3DCompile("float4 main() : SV_Target { return float4(0.5); }", None, "t.hlsl", None, None, "main", "ps_5_0")


def test_one_component_constructors_and_casts_still_splat():
    from test_hlsl_features import run_ps

    out = run_ps("float4 main() : SV_Target { float1 a = float1(2); return (float4)0.5 + a.x; }", {}, 1)
    assert [float(x) for x in out[0, 0].view("float32")] == [2.5] * 4


def test_a_double_is_one_component_of_an_initialiser_list():
    from test_hlsl_features import run_ps

    out = run_ps("float4 main() : SV_Target { double d = 0.5; float2 x = { 1, d }; double2 y = { x.y, 3 };\n"
                 "double3 e = { y, 7 }; return float4(x, (float)y.y, (float)e.z); }", {}, 1)
    assert [float(x) for x in out[0, 0].view("float32")] == [1.0, 0.5, 3.0, 7.0]


def test_brace_list_default_parameter_value():
    from test_hlsl_features import run_ps

    out = run_ps("float4 f(float4 a = {1, 2, 3, 4}) { return a; }\nfloat4 main() : SV_Target { return f(); }", {}, 1)
    assert [float(x) for x in out[0, 0].view("float32")] == [1.0, 2.0, 3.0, 4.0]
