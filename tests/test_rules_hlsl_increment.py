"""``++`` and ``--`` over every operand kind.

Sources: MicrosoftDocs direct3dhlsl "Operators" (Unary Operators: ``++``/``--`` pre- and post-increment
and decrement; "the operators work on a per-component basis" for vectors and matrices; the prefix form
yields the updated value, the postfix form the value before) and fxc's verdicts recorded in DXC's
SemaHLSL more-operators.hlsl: a bool l-value of any shape is X3020 "operator cannot be used with a bool
lvalue"; int/uint/half/float/double/min-precision scalars, vectors and matrices pass; a SamplerState or
struct l-value passes fxc's type check (``fxc-pass`` on ``(++f3_s_l)``, ``(--SamplerState_l)``). What fxc
generates for a struct or object step is recorded nowhere, so generated code names it as not built
(NotSupportedError), and a function nothing calls passes as in fxc. Expected values are computed here
by hand from the per-component rule."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile


def _run(body: str, x: float = 0.5) -> np.ndarray:
    src = "float4 main(float4 v : A) : SV_Target {\n" + body + "\n}"
    return run_ps(src, {0: f32([[x, 0, 0, 0]])}, 1)[0].view(np.float32)[0]


def test_matrix_postfix_increments_each_component_and_yields_the_old_value():
    out = _run("float2x2 m = {1, 2, 3, v.x}; float2x2 r = m++; return float4(r[1], m[1]);")
    np.testing.assert_array_equal(out, f32([3, 0.5, 4, 1.5]))


def test_matrix_prefix_decrement_yields_the_new_value():
    out = _run("int2x2 m = {1, 2, 3, 4}; int2x2 r = --m; return float4(r[0], m[1]);")
    np.testing.assert_array_equal(out, f32([0, 1, 2, 3]))


def test_vector_steps_per_component():
    out = _run("int3 a = int3(1, -1, 7); int3 b = a++; uint2 c = uint2(0, 5); --c;"
               " return float4(a.x + b.y, a.z, c.x == 0xFFFFFFFFu, c.y);")
    np.testing.assert_array_equal(out, f32([1, 8, 1, 4]))


def test_swizzle_matrix_row_and_array_element_steps():
    out = _run("float4 q = float4(1, 2, 3, 4); q.zx--; float2x2 m = 0; m[1]++; float a[2] = {5, v.x};"
               " ++a[1]; return float4(q.x, q.z, m[1].y + m[0].x, a[1]);")
    np.testing.assert_array_equal(out, f32([0, 2, 1, 1.5]))


def test_pre_and_post_forms_in_one_expression_read_in_order():
    out = _run("uint u = 1; uint w = (u++) * 10 + (++u); return float4(w, u, 0, 0);")
    np.testing.assert_array_equal(out, f32([13, 3, 0, 0]))


@pytest.mark.parametrize("decl", ["half h = 1.5", "min16float h = 1.5", "min10float h = 1.5",
                                  "min16int h = 1", "min12int h = 1", "min16uint h = 1", "double h = 1.5"])
def test_every_numeric_scalar_type_steps(decl):
    out = _run(decl + "; h++; ++h; h--; return (float)h;")
    start = float(decl.split("= ")[1])
    np.testing.assert_array_equal(out, f32([start + 1] * 4))


def _compile(body: str, called: bool = True) -> str | None:
    fn = "float4 %s(float4 p : POSITION) : SV_Position { %s return p; }\n"
    src = "struct S { float3 f; }; SamplerState g_s;\n"
    if called:
        src += fn % ("main", body)
    else:
        src += fn % ("helper", body) + fn % ("main", "")
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "vs_5_0", 0, 0)
    except ShaderCompileError as e:
        return e.errors
    return None


@pytest.mark.parametrize("decl", ["bool b = true;", "bool1 b = true;", "bool2 b = true;", "bool2x2 b = true;"])
@pytest.mark.parametrize("step", ["b++;", "b--;", "++b;", "--b;"])
def test_bool_lvalue_of_any_shape_is_x3020(decl, step):
    err = _compile(decl + " " + step)
    assert err is not None and "X3020: operator cannot be used with a bool lvalue" in err


def test_bool_component_of_a_bool_vector_is_x3020():
    err = _compile("bool2 b = true; b.y++;")
    assert err is not None and "X3020" in err


@pytest.mark.parametrize("step", ["s++;", "--s;", "t++;", "--t;"])
def test_struct_and_object_steps_pass_the_type_check_uncalled(step):
    assert _compile("S s = (S)0; SamplerState t = g_s; " + step, called=False) is None


@pytest.mark.parametrize("step", ["s++;", "--t;"])
def test_struct_and_object_steps_are_not_built_when_generated(step):
    with pytest.raises(NotSupportedError, match="'(\\+\\+|--)' on a non-numeric operand"):
        _compile("S s = (S)0; SamplerState t = g_s; " + step)


@pytest.mark.parametrize("target", ["k++;", "1++;", "(p.x + 1)++;"])
def test_step_of_a_non_lvalue_or_const_is_x3025(target):
    err = _compile("const float k = 1; " + target)
    assert err is not None and "X3025" in err


# --- the l-value is evaluated once (C's rule, which HLSL's operators follow) -----------------------------
_ONCE = "void bump(inout float x) { x += 1; }\n"

ONCE_CASES = [  # (statements, expected (a[0], a[1], a[2], k)): k starts at 0, a at zeros
    ("++a[k++];", [1, 0, 0, 1]),
    ("a[k++]++;", [1, 0, 0, 1]),
    ("--a[++k];", [0, -1, 0, 1]),
    ("a[k++] += 2;", [2, 0, 0, 1]),
    ("a[k++] = 5;", [5, 0, 0, 1]),
    ("a[k++] *= 3;", [0, 0, 0, 1]),
    ("bump(a[k++]);", [1, 0, 0, 1]),
    ("float c; sincos(0.0, c, a[k++]);", [1, 0, 0, 1]),
    ("modf(2.5, a[k++]);", [2, 0, 0, 1]),
]


@pytest.mark.parametrize("stmts,expected", ONCE_CASES)
def test_side_effecting_index_of_an_lvalue_runs_once(stmts, expected):
    src = _ONCE + ("float4 main(float4 v : A) : SV_Target { int k = 0; float a[3] = {0, 0, 0}; "
                   + stmts + " return float4(a[0] + a[2] * 100, a[1], a[2], k); }")
    out = run_ps(src, {0: f32([[0.5, 0, 0, 0]])}, 1)[0].view(np.float32)[0]
    np.testing.assert_array_equal(out, f32([expected[0], expected[1], expected[2], expected[3]]))


def test_value_of_a_prefix_step_on_an_indexed_element():
    out = _run("int k = 0; float4 a[2] = {float4(1, 2, 3, 4), (float4)0}; float4 r = ++a[k++];"
               " return float4(r.x, a[0].w, a[1].x, k);")
    np.testing.assert_array_equal(out, f32([2, 5, 0, 1]))
