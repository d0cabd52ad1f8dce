"""fxc's messages for arguments of user functions: the called function's name prefixes the conversion
warning and error (X3206 'f': implicit truncation of vector type; X3017 'f': cannot convert from 'A' to 'B'),
and with one candidate of the call's arity an argument that cannot become its array or struct parameter (or an
array or struct argument that cannot become its parameter) is X3017 rather than X3013; between numeric shapes
(a float2 for a float4) it stays X3013 (test_rules_hlsl_types). Cases: the
fxc verdicts and texts recorded in DXC's tools/clang/test/SemaHLSL/conversions-between-type-shapes.hlsl. The array cases check the code and the prefix here; their full texts
(fxc spells a typedef'd array 'typedef int[1]') are tested in test_rules_hlsl_typedef_arrays.py."""

from __future__ import annotations

import pytest

from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

BASE = ("typedef int A1[1]; typedef int A2[2]; struct S1 { int a; }; struct S2 { int a, b; };\n"
        "void to_i(int i) {} void to_v1(int1 v) {} void to_v2(int2 v) {} void to_v4(int4 v) {}\n"
        "void to_m1x1(int1x1 m) {} void to_a1(A1 a) {} void to_a2(A2 a) {} void to_s1(S1 s) {} void to_s2(S2 s) {}\n")
LOCALS = ("int i = 0; int1 v1 = 0; int2 v2 = 0; int4 v4 = 0; int1x1 m1x1 = 0; int2x2 m2x2 = 0; "
          "A1 a1 = (A1)0; A2 a2 = (A2)0;")


def compile_call(call: str) -> tuple[bool, str]:
    src = BASE + "float4 main() : SV_Target { " + LOCALS + " " + call + " return 0; }"
    msgs: list = []
    try:
        D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0, msgs)
    except Exception as e:  # noqa: BLE001 - the compile error is what is checked
        return False, str(e)
    return True, " ".join(bytes(m.GetBufferPointer()).decode(errors="replace") for m in msgs)


WARNINGS = [  # (call, fxc's warning text)
    ("to_i(v2);", "X3206: 'to_i': implicit truncation of vector type"),
    ("to_i(m2x2);", "X3206: 'to_i': implicit truncation of vector type"),
    ("to_v1(v2);", "X3206: 'to_v1': implicit truncation of vector type"),
    ("to_v1(m2x2);", "X3206: 'to_v1': implicit truncation of vector type"),
    ("to_m1x1(v2);", "X3206: 'to_m1x1': implicit truncation of vector type"),
    ("to_m1x1(m2x2);", "X3206: 'to_m1x1': implicit truncation of vector type"),
]

ERRORS = [  # (call, fxc's error text)
    ("to_s1(i);", "X3017: 'to_s1': cannot convert from 'int' to 'struct S1'"),
    ("to_s1(v1);", "X3017: 'to_s1': cannot convert from 'int1' to 'struct S1'"),
    ("to_s1(m1x1);", "X3017: 'to_s1': cannot convert from 'int1' to 'struct S1'"),
    ("to_s1(v2);", "X3017: 'to_s1': cannot convert from 'int2' to 'struct S1'"),
    ("to_s1(m2x2);", "X3017: 'to_s1': cannot implicitly convert from 'int2x2' to 'struct S1'"),
    ("to_s2(i);", "X3017: 'to_s2': cannot convert from 'int' to 'struct S2'"),
    ("to_s2(v1);", "X3017: 'to_s2': cannot convert from 'int1' to 'struct S2'"),
    ("to_s2(m1x1);", "X3017: 'to_s2': cannot convert from 'int1' to 'struct S2'"),
]

ARRAY_ERRORS = [  # (call, the start of fxc's text: typedef spelling not reproduced)
    ("to_i(a1);", "X3017: 'to_i': cannot convert from "),
    ("to_v1(a2);", "X3017: 'to_v1': cannot convert from "),
    ("to_a1(i);", "X3017: 'to_a1': cannot convert from 'int' to "),
    ("to_a1(v2);", "X3017: 'to_a1': cannot convert from 'int2' to "),
    ("to_a1(m2x2);", "X3017: 'to_a1': cannot implicitly convert from 'int2x2' to "),
    ("to_a2(v1);", "X3017: 'to_a2': cannot convert from 'int1' to "),
]


@pytest.mark.parametrize("call,text", WARNINGS)
def test_truncating_argument_warns_with_the_function_name(call, text):
    ok, msgs = compile_call(call)
    assert ok and text in msgs, msgs


def test_truncation_outside_a_call_has_no_prefix():
    ok, msgs = compile_call("int1 x = v2; to_v1(x);")
    assert ok and "warning X3206: implicit truncation of vector type" in msgs, msgs


@pytest.mark.parametrize("call,text", ERRORS + ARRAY_ERRORS)
def test_unconvertible_argument_of_the_only_candidate_is_x3017(call, text):
    ok, msgs = compile_call(call)
    assert not ok and text in msgs, msgs


def test_wrong_argument_count_stays_x3013():
    ok, msgs = compile_call("to_i();")
    assert not ok and "X3013: 'to_i': no matching 0 parameter function" in msgs, msgs


def test_several_candidates_of_the_arity_name_the_last_declared():
    # d3dcompiler_47 10.1 under Wine (session 43): with no viable candidate fxc judges the last one declared
    # (was inferred X3013 "no matching 1 parameter function" before, an answer the DLL does not give)
    src = ("struct S1 { int a; }; struct S3 { int a, b, c; }; void f(S1 s) {} void f(S3 s) {}\n"
           "float4 main() : SV_Target { f(2); return 0; }")
    try:
        D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0, [])
    except Exception as e:  # noqa: BLE001
        assert "X3017: 'f': cannot convert from 'int' to 'struct S3'" in str(e), str(e)
    else:
        pytest.fail("compiled")


def test_a_user_overload_of_an_intrinsic_falls_back_to_the_intrinsic():
    # max(float2, float3) cannot take two float2: the intrinsic max answers instead of an X3017
    src = ("float2 max(float2 a, float3 b) { return a + b.xy; }\n"
           "float4 main() : SV_Target { return float4(max(0.1, 0.2), max(float2(0.1, 0.2), float2(0.3, 0.4))); }")
    D3DCompile(src.encode(), None, None, None, None, "main", "ps_5_0", 0, 0, [])
