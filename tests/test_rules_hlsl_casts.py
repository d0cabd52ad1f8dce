"""Casts as l-values and as out/inout arguments, struct conversions from scalars, constructors of
aggregates, duplicate parameter usages.

Sources: the hlsl-specs proposal "Disallow all explicit conversions in inout parameters" (the legacy rule:
a cast that only re-views the same components - float[4] as float4, a struct as one of identical layout -
designates its operand and can be written; a converting cast such as int4 -> float4 cannot); fxc's
verdicts as DXC's SemaHLSL struct-assignments / conversions-non-numeric-aggregates / functions tests
record them (X3017 scalar to struct without a cast, X3037 constructors only for numeric types, X3017 a
number to an object-bearing aggregate, X3048 duplicate usages).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_rules_hlsl_types import f32_bits, run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile


def _error(src: str) -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return ei.value.errors


def _ok(src: str) -> None:
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


DECLS = """
void bump(inout float4 v) { v += float4(10, 20, 30, 40); }
void set2(out float2 v) { v = float2(7, 8); }
struct FourA { float4 f; };
struct FourB { float4 g; };
void setA(inout FourA a) { a.f *= 2; }
uint arr_after_inout() { float v[4] = {1, 2, 3, 4}; bump((float4)v); return asuint(v[3]); }
uint same_type_cast_assign() { float x = 1; (float)x = 5; return asuint(x); }
uint vec_as_array() { float2 w = 0; set2((float2)w); return asuint(w.y); }
uint struct_as_struct() { FourB b; b.g = float4(1, 2, 3, 4); setA((FourA)b); return asuint(b.g.z); }
"""


def test_reinterpreting_casts_write_back():
    got = [int(w) for w in run_words(["arr_after_inout()", "same_type_cast_assign()", "vec_as_array()",
                                      "struct_as_struct()"], DECLS)]
    assert got == [f32_bits(44), f32_bits(5), f32_bits(8), f32_bits(6)]


def test_assignment_through_converting_cast_is_x4555():
    # fxc's code generator: "X4555: cannot use casts on l-values" (DXC more-operators.hlsl, comment over
    # ``((float4)i4).x = 1``, which fxc passes only in a function nothing calls)
    assert "error X4555" in _error("float4 main() : SV_Target { float x = 1; (int)x = 2; return x; }")


def test_inout_argument_through_converting_cast_is_x4555():
    # d3dcompiler_47 10.1 (session 47): a converting cast of a variable that holds a value, given to an inout (or an
    # out) parameter, is X4555 "cannot use casts on l-values" (was recorded here as X3025)
    assert "error X4555" in _error(
        "void fn(inout float4 F) { F += 1; } float4 main() : SV_Target { int4 t = 1; fn((float4)t); return t; }")


@pytest.mark.parametrize("src", [
    "struct S { float a, b, c, d; }; void fn(inout float4 F) { } "
    "float4 main() : SV_Target { S s = (S)0; fn((float4)s); return 0; }",  # struct -> vector: a value
    "float4 main() : SV_Target { float x = 1; (x + 1) = 2; return x; }",
])
def test_converting_casts_are_not_lvalues(src):
    assert "error X3025" in _error(src)


@pytest.mark.parametrize("body,code", [
    ("s_f2 x = 0; return x.f.x;", "X3017"),
    ("s_f2 x; x = 0; return x.f.x;", "X3017"),
    ("s_f2 x = 1.5; return x.f.x;", "X3017"),
    ("s_f2 x = (s_f2)0; return x.f.x;", None),
    ("s_f2 x = (s_f2)1.5; return x.f.y;", None),
    ("s_f2 x = { 0.1f }; return x.f.x;", "X3017"),
    ("s_f2 x = { 0.1f, 0.2f, 0.3f }; return x.f.x;", "X3017"),
    ("s_f2 x = { 0.1f, 0.2f }; return x.f.x;", None),
    ("s_f2 x = s_f2(0.1f, 0.2f); return x.f.x;", "X3037"),
])
def test_struct_conversions(body, code):
    src = "struct s_f2 { float2 f; };\nfloat4 main() : SV_Target { " + body + " }"
    if code is None:
        _ok(src)
    else:
        assert f"error {code}" in _error(src)


@pytest.mark.parametrize("expr", ["(O)0", "(O)(N)0", "(O)1.5"])
def test_numbers_do_not_convert_to_object_aggregates(expr):
    src = "struct N { int a; }; struct O { Buffer a; };\nfloat4 main() : SV_Target { O o = " + expr + "; return 0; }"
    assert "error X3017" in _error(src)


@pytest.mark.parametrize("params", ["out out float2 f", "in in float f", "inout inout float f", "inout out float f",
                                    "in inout float f"])
def test_duplicate_parameter_usages(params):
    src = f"void fn({params}) {{ }}\nfloat4 main() : SV_Target {{ return 0; }}"
    assert "error X3048: duplicate usages specified" in _error(src)


@pytest.mark.parametrize("params", ["in out float f", "out float f", "inout float f", "in float f"])
def test_single_parameter_usages(params):
    _ok(f"void fn({params}) {{ }}\nfloat4 main() : SV_Target {{ return 0; }}")


def test_struct_equality_is_not_componentwise():
    """== takes numeric operands only: comparing structs is an error (fxc X3020 family); numeric vectors
    compare per component."""
    assert np.array_equal(run_words(["(uint)all(float2(1, 2) == float2(1, 2))", "(uint)any(int3(1, 2, 3) == 2)"]),
                          [1, 1])


@pytest.mark.parametrize("stmt", ["g = 1;", "g += 1;", "g4.x = 2;", "m = 1;"])
def test_uniform_globals_are_implicitly_constant(stmt):
    """fxc: X3025 "global variables are implicitly constant, enable compatibility mode to allow modification"
    (DXC const-default test) for uniform globals and cbuffer members."""
    src = "float g; float4 g4; cbuffer cb { float4 m; }\nfloat4 main() : SV_Target { " + stmt + " return g + g4 + m; }"
    assert "error X3025: global variables are implicitly constant" in _error(src)


def test_static_globals_are_writable():
    _ok("static float g = 1; float4 main() : SV_Target { g += 1; return g; }")


# --- implicit truncation (DXC SemaHLSL implicit-casts / conversions-between-type-shapes: fxc's X3206) ------
TRUNCATIONS = [
    ("int4x4", "int3x1"), ("float4x4", "float2x2"), ("float3x3", "float3x2"), ("float2x2", "float1x1"),
    ("float2x2", "float1"), ("float2x2", "float"), ("float4", "float3"), ("float4", "float"), ("int4", "bool"),
    ("float1x3", "float1x2"), ("float4", "float1x2"),
]


@pytest.mark.parametrize("src,dst", TRUNCATIONS)
def test_implicit_truncation_warns_x3206(src, dst):
    msgs: list = []
    D3DCompile(f"{src} g;\nfloat4 main() : SV_Target {{ {dst} x = g; return 0; }}", None, "t.hlsl", None, None,
               "main", "ps_5_0", 0, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    assert "warning X3206: implicit truncation of vector type" in text, (src, dst, text)


@pytest.mark.parametrize("src,dst", TRUNCATIONS)
def test_explicit_truncation_does_not_warn(src, dst):
    msgs: list = []
    D3DCompile(f"{src} g;\nfloat4 main() : SV_Target {{ {dst} x = ({dst})g; return 0; }}", None, "t.hlsl", None, None,
               "main", "ps_5_0", 0, 0, msgs)
    assert msgs == []


@pytest.mark.parametrize("src,dst", [("float2x2", "float2"), ("float3x3", "float2"), ("int2x2", "int4x4")])
def test_shape_changing_matrix_conversions_are_errors(src, dst):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(f"{src} g;\nfloat4 main() : SV_Target {{ {dst} x = g; return 0; }}", None, "t.hlsl", None, None,
                   "main", "ps_5_0")
    assert "error X3017" in info.value.errors


@pytest.mark.backend_specific  # compile-time rule
@pytest.mark.parametrize(("dest", "decl", "target", "ok"), [
    ("(uint)buf[0]", "RWBuffer<uint> buf : register(u2);", "u2", True),  # DXC atomic_cast
    ("(int)ibuf[1]", "RWBuffer<int> ibuf : register(u3);", "u3", True),
    ("(uint)g", "groupshared uint g;", "g0", True),
    # DXC's atomic_cast1 expects an error, but d3dcompiler_47 10.1 compiles a converting scalar cast of an
    # Interlocked destination (session 35; test_rules_hlsl_fxc_verdicts_acc.py has the rule's rows)
    ("(int)buf[0]", "RWBuffer<uint> buf : register(u2);", "u2", True),
    ("(uint)ibuf[1]", "RWBuffer<int> ibuf : register(u3);", "u3", True),
    ("(uint2)v2[0].x", "RWStructuredBuffer<uint2> v2 : register(u1);", None, False),  # scalar to vector: X3013
])
def test_identity_cast_of_a_memory_element_is_an_atomic_destination(dest, decl, target, ok):
    """A cast to the element's own type re-views the same component (the l-value rule above), in UAV and
    groupshared memory too; so does a converting scalar cast of an Interlocked destination (fxc 10.1); a cast
    to a vector matches no Interlocked overload (X3013, fxc 10.1)."""
    from pyd3d11.shader.dxbc.disasm import disassemble

    # the original value is stored: fxc 10.1 removes an atomic on groupshared memory whose result and memory
    # nothing reads (session 36 AUD)
    # (groupshared memory written first: the old value of one never written is fxc's X4000, tgsmreads.py)
    init = "g = 0; " if "groupshared" in decl else ""
    src = decl + ("\nRWStructuredBuffer<uint> keep_o : register(u7);\n[numthreads(1, 1, 1)] void main() { uint o; " +
                  init + "InterlockedOr(" + dest + ", 1, o); keep_o[0] = o; }")
    if ok:
        text = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")))
        assert any(ln.strip().startswith("imm_atomic_or") and target in ln for ln in text.splitlines()), text
    else:
        with pytest.raises(ShaderCompileError, match="X3013"):
            D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
