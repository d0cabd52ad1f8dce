"""Overload-resolution and argument rules that no other table pinned (found as survivors of overload.py's mutation
run, scripts/mutate.py): object arguments, struct and array arguments, the in/out/inout tie-break, and a scalar
argument against same-count and wider double parameters.

Sources, per table: MicrosoftDocs direct3dhlsl "Functions" / "User-Defined Functions" (object parameters take an
object of the parameter's type — a Texture2D argument for a Texture2D parameter, a Texture2DMS of the same sample
count); fxc's verdicts and wording as DXC's SemaHLSL tests record them (conversions: "'to_i': cannot convert from
'struct S1' to 'int'" — X3017 prefixed with the function's name for a single candidate; functions.hlsl: for a
converted argument the ``in`` overload is chosen over ``inout`` and ``out``, ``out`` over ``inout``); the ranking
rule that a conversion keeping the component count beats one that splats a scalar to a vector (DXC's
overload-resolution ranking, which fxc shares: "call_int_oload(30)" picks the int overload over int2)."""

from __future__ import annotations

import pytest
from test_rules_hlsl_types import run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

PS = "\nfloat4 main(float4 v : A) : SV_Target {{ {body} }}"


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target)


# --- object arguments ------------------------------------------------------------------------------------------------
OBJECT_ARGS_OK = [
    ("Texture2D T; SamplerState S; float4 f(Texture2D t, SamplerState s, float2 uv) { return t.Sample(s, uv); }",
     "return f(T, S, v.xy);"),
    ("Texture2D<float> T; float f(Texture2D<float> t) { return t.Load(int3(0, 0, 0)); }", "return f(T);"),
    ("Texture2DMS<float4, 4> T; float4 f(Texture2DMS<float4, 4> t) { return t.Load(int2(0, 0), 1); }",
     "return f(T);"),
    ("Buffer<float4> B; float4 f(Buffer<float4> b) { return b.Load(0); }", "return f(B);"),
    ("SamplerComparisonState C; Texture2D T; float f(Texture2D t, SamplerComparisonState c, float2 uv) "
     "{ return t.SampleCmpLevelZero(c, uv, 0.5); }", "return f(T, C, v.xy);"),
]


@pytest.mark.parametrize("decls,body", OBJECT_ARGS_OK)
def test_object_argument_of_the_parameter_type(decls, body):
    _compile(decls + PS.format(body=body))


OBJECT_ARGS_BAD = [
    ("Texture3D T; SamplerState S; float4 f(Texture2D t, SamplerState s, float2 uv) { return t.Sample(s, uv); }",
     "return f(T, S, v.xy);"),
    ("Texture2D T; SamplerState S; float4 f(SamplerState s, Texture2D t, float2 uv) { return t.Sample(s, uv); }",
     "return f(T, S, v.xy);"),
]


@pytest.mark.parametrize("decls,body", OBJECT_ARGS_BAD)
def test_object_argument_of_another_type_is_refused(decls, body):
    with pytest.raises(ShaderCompileError):
        _compile(decls + PS.format(body=body))


# --- struct and array arguments: X3017 named after the function -----------------------------------------------------
AGGREGATE_ARGS_BAD = [
    ("struct A { float a; }; struct B { float2 b; }; float f(B x) { return x.b.x; }",
     "A a; a.a = v.x; return f(a);", "'f': cannot convert from 'struct A' to 'struct B'"),
    ("struct A { float a; }; struct B { float2 b; }; float f(B x) { return x.b.x; }",
     "return f((A)0);", "'f': cannot convert from 'struct A' to 'struct B'"),
    ("struct S1 { float a; }; int to_i(int x) { return x; }", "S1 s1; s1.a = 1; return to_i(s1);",
     "'to_i': cannot convert from 'struct S1' to 'int'"),
    ("float f(float x[4]) { return x[3]; }", "float a[3] = { v.x, v.y, v.z }; return f(a);", "'f': cannot convert"),
]


@pytest.mark.parametrize("decls,body,text", AGGREGATE_ARGS_BAD)
def test_aggregate_argument_mismatch_is_x3017_for_the_call(decls, body, text):
    with pytest.raises(ShaderCompileError) as ei:
        _compile(decls + PS.format(body=body))
    assert "X3017" in ei.value.errors and text in ei.value.errors


def test_array_argument_of_the_parameter_size_is_accepted():
    _compile("float f(float x[3]) { return x[2]; }" + PS.format(body="float a[3] = { v.x, v.y, v.z }; return f(a);"))


# --- overload ranking ------------------------------------------------------------------------------------------------
RANK_DECLS = """uint f3(uint u) { return 1; } uint f3(inout uint u) { u = 7; return 2; } uint f3(out uint u) { u = 9; return 3; }
uint f2(inout uint u) { u = 7; return 2; } uint f2(out uint u) { u = 9; return 3; }
uint call3() { float x = 0.5; return f3(x); }
uint call2() { float x = 0.5; return f2(x); }
uint h(double x) { return 1; } uint h(double2 x) { return 2; }
uint k(float x) { return 1; } uint k(double x) { return 2; }
uint m(int x) { return 1; } uint m(int2 x) { return 2; }
"""
#: (call, overload chosen)
RANKING = [
    ("call3()", 1),   # a converted argument: in before out before inout (functions.hlsl fn_uint_oload3)
    ("call2()", 3),   # out before inout (fn_uint_oload2)
    ("h(H0)", 1),     # half -> double keeps the count; -> double2 splats
    ("h(F0)", 1),
    ("h(D0)", 1),
    ("k(H0)", 1),     # half promotes to float before double
    ("m(I0)", 1),     # call_int_oload(30): the scalar overload
]


def test_overload_ranking():
    out = run_words([c for c, _ in RANKING], RANK_DECLS)
    assert [int(w) for w in out] == [n for _, n in RANKING]


# --- session 10 survivor (mutate.py seed 6): patches passed to helper functions ----------------------------------
# "InputPatch<T, N>" / "OutputPatch<T, N>" (MicrosoftDocs direct3dhlsl): N is part of the type, the number of
# control points. A helper declared with the patch's own N takes the hull shader's patch; one with another N is a
# different type and does not match (rejected; no fxc record of the error number, so only the rejection is checked)
PATCH_HS = """
struct cp { float4 pos : POS; };
struct pcd { float edges[2] : SV_TessFactor; };
float4 first(InputPatch<cp, %d> q) { return q[0].pos; }
float4 second(OutputPatch<cp, %d> q) { return q[1].pos; }
pcd patch_constant(InputPatch<cp, 2> p, OutputPatch<cp, 2> op) {
    pcd o; o.edges[0] = first(p).x + second(op).y; o.edges[1] = 1; return o; }
[domain("isoline")] [outputcontrolpoints(2)] [partitioning("integer")] [outputtopology("line")]
[patchconstantfunc("patch_constant")]
cp main(InputPatch<cp, 2> p, uint i : SV_OutputControlPointID) { cp o; o.pos = first(p) + p[i].pos; return o; }
"""


@pytest.mark.parametrize(("n_in", "n_out", "ok"), [(2, 2, True), (3, 2, False), (1, 2, False), (2, 3, False),
                                                   (2, 1, False)])
def test_patch_argument_matches_only_its_control_point_count(n_in, n_out, ok):
    src = PATCH_HS % (n_in, n_out)
    if ok:
        _compile(src, "hs_5_0")
    else:
        with pytest.raises(ShaderCompileError):
            _compile(src, "hs_5_0")
