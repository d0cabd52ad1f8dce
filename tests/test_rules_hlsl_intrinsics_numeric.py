"""Intrinsics whose template type is ``numeric`` (any component type, double included) and the debug-message
intrinsics, from their MicrosoftDocs direct3dhlsl pages: dot, mad, sign and mul take double vectors and compute in
double (the intrinsic table's ``numeric`` template, also in DXC's fxc-derived gen_intrin_main.txt); abort, printf
and errorf are shader model 4 intrinsics that "do nothing on devices that do not support" them.

Expected values are computed here in Python doubles; every operand is a small dyadic rational, so products and
sums are exact and compared bit for bit."""

from __future__ import annotations

import pytest
from test_rules_hlsl_intrinsics import CB1, DECL, C, _run
from test_rules_hlsl_types import f32_bits, run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

P = [-2.5, 0.75, 1.5, -0.0]
Q = [1.25, -3.5, 0.5, 2.0]
R = [0.25, 0.5, -1.0, 0.625]
TINY = "asdouble(0u, 0x33700000u)"  # 2^-200: a double far below float range (it would flush to 0 as a float)

TABLE: dict[str, list[C]] = {
    "dot (double)": [
        C("dot((double4)P, (double4)Q)", sum(p * q for p, q in zip(P, Q)), "double"),
        C("dot((double2)P.xy, (double2)R.xy)", P[0] * R[0] + P[1] * R[1], "double"),
        C("dot((double3)P.xyz, Q.xyz)", P[0] * Q[0] + P[1] * Q[1] + P[2] * Q[2], "double"),  # float promotes
        C("dot((double)P.x, (double)Q.x)", P[0] * Q[0], "double"),
        C("dot(double2(" + TINY + ", 1), double2(2, 0)) > 0", 1, "bool")],
    "mad (double)": [
        C("mad((double4)P, (double4)Q, (double4)R)", [p * q + r for p, q, r in zip(P, Q, R)], "double"),
        C("mad((double)P.y, 2, (double2)R.xy)", [P[1] * 2 + R[0], P[1] * 2 + R[1]], "double"),  # widest operand
        C("mad(" + TINY + ", 1, 0) > 0", 1, "bool")],
    "sign (double)": [
        C("sign((double4)R)", [1, 1, -1, 1], "int"),
        C("sign((double4)P)", [-1, 1, 1, 0], "int"),
        C("sign(" + TINY + ")", 1, "int"),
        C("sign(-" + TINY + ")", -1, "int")],
    "mul (double vectors and scalars)": [
        C("mul((double2)P.xy, (double2)Q.xy)", P[0] * Q[0] + P[1] * Q[1], "double"),
        C("mul((double)R.y, (double3)Q.xyz)", [R[1] * q for q in Q[:3]], "double"),
        C("mul((double2)Q.zw, (double)R.x)", [Q[2] * R[0], Q[3] * R[0]], "double")],
}


def _ff(n, i, ng):
    d = sum(float(a) * float(b) for a, b in zip(i, ng))
    return [float(x) if d < 0 else -float(x) for x in n]


def _reflect(i, n):
    d = sum(float(a) * float(b) for a, b in zip(i, n))
    return [float(a) - 2 * d * float(b) for a, b in zip(i, n)]


#: the ``$type1`` families take one common shape: vectors truncate to the shortest (fxc warns X3206), a scalar
#: broadcasts (reflect/faceforward/refract pages: all vectors of the same size)
SHAPES = [
    C("faceforward(P, Q.xyz, R.xy)", _ff(P[:2], Q[:2], R[:2])),
    C("faceforward(P.xy, Q, R)", _ff(P[:2], Q[:2], R[:2])),
    C("faceforward(R.xyz, P.zwx, Q)", _ff(R[:3], [P[2], P[3], P[0]], Q[:3])),
    C("reflect(P, Q.xyz)", _reflect(P[:3], Q[:3])),
    C("reflect(R.xy, P)", _reflect(R[:2], P[:2])),
    C("reflect(Q, 0.5)", _reflect(Q, [0.5] * 4)),
]


def test_same_shape_families_truncate_to_the_shortest_vector():
    bad = _run(SHAPES)
    assert not bad, "\n".join(bad)


def test_refract_truncates_to_the_shorter_vector_and_warns():
    msgs: list = []
    src = DECL + "float4 main() : SV_Target { return refract(P, Q.xyz, 0.5).xyzz; }"
    D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    assert any("X3206" in str(m) for m in msgs), msgs
    with pytest.raises(ShaderCompileError):  # the result has three components
        D3DCompile(DECL + "float4 main() : SV_Target { return refract(P, Q.xyz, 0.5).w; }", None, "c.hlsl",
                   None, None, "main", "ps_5_0")


@pytest.mark.parametrize("name", list(TABLE))
def test_numeric_intrinsics_compute_in_double(name):
    bad = _run(TABLE[name])
    assert not bad, "\n".join(bad)


def _compile(body: str, target: str = "ps_5_0") -> None:
    src = DECL + f"float4 main() : SV_Target {{ {body} }}"
    D3DCompile(src, None, "c.hlsl", None, None, "main", target)


@pytest.mark.parametrize("call,code", [
    ("mad((double2)P.xy, (double2)P.xy)", "X3013"), ("dot((double2)P.xy)", "X3013"),
    ("sign((double2)P.xy, 1)", "X3013"), ("mul((double2)P.xy)", "X3013"),
])
def test_double_forms_check_their_argument_count(call, code):
    with pytest.raises(ShaderCompileError) as ei:
        _compile(f"return (float)({call}).x;")
    assert f"error {code}" in ei.value.errors, ei.value.errors


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
@pytest.mark.parametrize("stmt", ['abort();', 'printf("x");', 'printf("%d %f", N.x, P.y);', 'errorf("bad %u", M.x);',
                                  'printf("m", W);'])
def test_debug_message_intrinsics_compile_from_shader_model_4(stmt, target):
    _compile(stmt + " return P;", target)


def test_debug_message_intrinsics_do_nothing():
    """A device without message support runs past them: the values around them are unchanged."""
    decl = DECL + """float dbg(float x) { printf("x=%f", x); errorf("never"); abort(); return x * 2; }"""
    words = run_words([f"asuint(dbg(P.{c}))" for c in "xyz"], decl, None, CB1)
    assert [int(w) for w in words] == [f32_bits(2 * v) for v in P[:3]]


@pytest.mark.parametrize("stmt", ["abort(1);", "abort(P);", "printf();", "printf(1);", "printf(P, 1);", "errorf();",
                                  "errorf(N.x);"])
def test_debug_message_intrinsics_reject_bad_arguments(stmt):
    """abort takes no argument; printf/errorf take a string format first (fxc: X3013 no matching intrinsic)."""
    with pytest.raises(ShaderCompileError) as ei:
        _compile(stmt + " return P;")
    assert "error X3013" in ei.value.errors, ei.value.errors


# --- result component type of the same-type intrinsics ------------------------------------------------------
#: the intrinsic table's ``$type1``/``$match`` results: sqrt(half) is a half, max(min16int, min16int) a min16int; a
#: literal adapts to the typed argument, half with float promotes to float; fixed-type results stay fixed. Observed
#: through overload ranking, the one place the spelled low-precision type matters on SM4/5. The half operands are
#: calls of functions returning half: a global of type half is X3650 below SM 6 (d3dcompiler_47 10.1, session 35).
KIND = """uint k(half x) { return 1; } uint k(float x) { return 2; } uint k(double x) { return 3; }
uint k(int x) { return 4; } uint k(uint x) { return 5; } uint k(bool x) { return 6; } uint k(min16float x) { return 7; }
uint k(min16int x) { return 8; } uint k(min16uint x) { return 9; }
half hf() { return 0.5; } half2 h2f() { return half2(0.5, 2); }
#define h hf()
#define h2 h2f()
static min16float m = 0.25; static min16int mi = -2;
static min16uint mu = 3u; static float f = 1.5;
"""
RESULT_KIND = [
    ("h", 1), ("sqrt(h)", 1), ("sin(h)", 1), ("abs(h)", 1), ("dot(h2, h2)", 1), ("length(h2)", 1),
    ("distance(h2, h2)", 1), ("max(h, 1)", 1), ("min(2, h)", 1), ("clamp(h, 0, 1)", 1), ("lerp(h, h, 0.5)", 1),
    ("mad(h, h, h)", 1), ("pow(h, h)", 1), ("atan2(h, h)", 1), ("step(h, h)", 1), ("smoothstep(h, h, h)", 1),
    ("round(h)", 1), ("exp(h)", 1), ("log10(h)", 1), ("fmod(h, h)", 1), ("degrees(h)", 1), ("rcp(h)", 1),
    ("saturate(h)", 1), ("mul(h, h)", 1), ("ldexp(h, h)", 1), ("frac(m)", 7), ("rsqrt(m)", 7), ("abs(m)", 7),
    ("max(mi, mi)", 8), ("abs(mi)", 8), ("mad(mi, mi, 1)", 8), ("max(mu, mu)", 9), ("clamp(mu, mu, 4)", 9), ("max(mu, 1u)", 5),
    # mixed precisions promote; fixed result types ignore the argument's precision
    ("max(h, f)", 2), ("lerp(h, f, 0.5)", 2), ("sign(h)", 4), ("isnan(h)", 6), ("any(h2)", 6), ("countbits(mu)", 5),
    ("f16tof32(mu)", 2), ("sqrt(f)", 2), ("sqrt(4)", 2), ("max(1.5f, 2)", 2),
]


def test_an_intrinsic_of_literals_only_stays_an_untyped_literal():
    """k(max(1.5, 2)) is ambiguous like k(1.5): max of untyped literals is an untyped float literal, which half,
    float, double and min16float take alike (d3dcompiler_47 10.1 under Wine, session 36: X3067 for both)."""
    for e in ("max(1.5, 2)", "1.5"):
        with pytest.raises(ShaderCompileError, match="X3067"):
            run_words([f"k({e})"], KIND)


def test_same_type_intrinsics_keep_the_low_precision_type():
    words = run_words([f"k({e})" for e, _ in RESULT_KIND], KIND)
    bad = [f"k({e}) picked {int(w)}, want {want}" for (e, want), w in zip(RESULT_KIND, words) if int(w) != want]
    assert not bad, "\n".join(bad)


# --- arguments outside every numeric template ---------------------------------------------------------------
NON_NUMERIC = {"struct": "S s = (S)0;", "array": "float a[2] = {1, 2};", "texture": "", "string": ""}
_ARG = {"struct": "s", "array": "a", "texture": "tex", "string": '"text"'}


@pytest.mark.parametrize("kind", list(NON_NUMERIC))
@pytest.mark.parametrize("call", ["abs(#)", "sin(#)", "max(#, #)", "dot(#, #)", "mul(#, #)", "any(#)", "all(#)",
                                  "asuint(#)", "countbits(#)", "transpose(#)", "sign(#)", "isnan(#)", "length(#)",
                                  "lerp(#, P, 0.5)", "clamp(P, #, 1)", "saturate(#)", "ddx(#)", "determinant(#)"])
def test_non_numeric_arguments_match_no_intrinsic(kind, call):
    """Every parameter of these intrinsics is a scalar/vector/matrix template (their MicrosoftDocs pages: 'Type
    Description' tables); a struct, array, object or string matches no overload: fxc's X3013."""
    src = DECL + "struct S { float f; }; Texture2D tex;\nfloat4 main() : SV_Target { " + NON_NUMERIC[kind] + \
        " return (float4)(" + call.replace("#", _ARG[kind]) + "); }"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0")
    assert "error X3013" in ei.value.errors, ei.value.errors


# --- minimum shader model per intrinsic ---------------------------------------------------------------------
#: (statement, lowest profile that compiles it, the profile just below, which must refuse it). Sources: each
#: intrinsic's "Minimum Shader Model" table; D3D11.3 §18.7.2.5 (cs_4_0/cs_4_1: "Note in particular the absence of
#: atomic operations"); §22.5 (deriv_rt*_coarse/_fine are 5.0 instructions).
_PS = "float4 main(float4 a : A) : SV_Target {{ {0} return a; }}"
_CS = "RWStructuredBuffer<uint> sb; groupshared uint g[64];\n" \
      "[numthreads(4, 1, 1)] void main(uint i : SV_GroupIndex) {{ g[i] = 0; {0} sb[i] = g[i]; }}"
MIN_MODEL = [
    ("a = ddx_coarse(a);", _PS, "ps_5_0", "ps_4_1"), ("a = ddy_coarse(a);", _PS, "ps_5_0", "ps_4_1"),
    ("a = ddx_fine(a);", _PS, "ps_5_0", "ps_4_1"), ("a = ddy_fine(a);", _PS, "ps_5_0", "ps_4_1"),
    ("a = EvaluateAttributeAtCentroid(a);", _PS, "ps_5_0", "ps_4_1"),
    ("a.x = GetRenderTargetSampleCount();", _PS, "ps_4_1", "ps_4_0"),
    ("InterlockedAdd(g[0], 1);", _CS, "cs_5_0", "cs_4_1"), ("uint o; InterlockedOr(g[1], 2, o);", _CS, "cs_5_0", "cs_4_1"),
    ("InterlockedMax(sb[0], i);", _CS, "cs_5_0", "cs_4_1"), ("InterlockedCompareStore(g[2], 0, i);", _CS, "cs_5_0", "cs_4_1"),
    ("uint o; InterlockedCompareExchange(sb[1], 0, i, o);", _CS, "cs_5_0", "cs_4_0"),
    ("uint o; InterlockedExchange(g[3], i, o);", _CS, "cs_5_0", "cs_4_0"),
]


@pytest.mark.parametrize(("stmt", "frame", "lowest", "below"), MIN_MODEL, ids=[m[0] for m in MIN_MODEL])
def test_minimum_shader_model(stmt, frame, lowest, below):
    src = frame.format(stmt)
    D3DCompile(src, None, "c.hlsl", None, None, "main", lowest)
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, "main", below)
    assert "error X" in ei.value.errors


@pytest.mark.parametrize("stmt", ["a = ddx(a);", "a = ddy(a);", "a = fwidth(a);", "abort();", 'printf("v");'])
def test_shader_model_4_intrinsics_compile_on_ps_4_0(stmt):
    D3DCompile(_PS.format(stmt), None, "c.hlsl", None, None, "main", "ps_4_0")


@pytest.mark.parametrize("call", ["tex2D(s2, a.xy)", "tex1D(s1, a.x)", "texCUBE(sc, a.xyz)", "tex3D(s3, a.xyz)",
                                  "tex2Dlod(s2, a)", "tex2Dbias(s2, a)", "tex2Dgrad(s2, a.xy, a.zw, a.wz)"])
def test_legacy_sampling_intrinsics_take_their_sampler(call):
    """The tex* intrinsics' first parameter is a sampler object (MicrosoftDocs tex2D etc.), outside the numeric
    templates: still compiled (with /Gec, as their pages' shader-model-4 note requires)."""
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY

    src = ("sampler1D s1; sampler2D s2; sampler3D s3; samplerCUBE sc;\n"
           f"float4 main(float4 a : A) : SV_Target {{ return {call}; }}")
    D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0", D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)


# --- pixel-shader-only intrinsics ---------------------------------------------------------------------------
_STAGES = {
    "vs_5_0": "float4 main(float4 a : A) : SV_Position {{ {0} return a; }}",
    "gs_5_0": "struct V {{ float4 p : SV_Position; }};\n[maxvertexcount(1)] void main(point V v[1], inout "
              "PointStream<V> s) {{ float4 a = v[0].p; {0} V o; o.p = a; s.Append(o); }}",
    "cs_5_0": "RWStructuredBuffer<float4> b;\n[numthreads(1, 1, 1)] void main() {{ float4 a = b[0]; {0} b[0] = a; }}",
    "vs_4_0": "float4 main(float4 a : A) : SV_Position {{ {0} return a; }}",
}
PIXEL_ONLY = ["clip(a);", "a = ddx(a);", "a = ddy(a);", "a = fwidth(a);", "a = ddx_coarse(a);", "a = ddy_fine(a);"]


@pytest.mark.parametrize("stmt", PIXEL_ONLY)
@pytest.mark.parametrize("target", list(_STAGES))
def test_pixel_only_intrinsics_are_refused_in_other_stages(stmt, target):
    """clip and the derivatives name only pixel shaders in their pages' shader-type tables (discard and deriv_rt*
    are pixel-shader instructions): fxc's X4532 "cannot map expression to ... instruction set"."""
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(_STAGES[target].format(stmt), None, "c.hlsl", None, None, "main", target)
    assert "error X4532" in ei.value.errors, ei.value.errors


def test_pixel_only_intrinsics_in_uncalled_or_dead_code_are_fine():
    src = "float4 f(float4 a) { clip(a); return ddx(a); }\nfloat4 main(float4 a : A) : SV_Position { " \
          "if (false) return f(a); return a; }"
    D3DCompile(src, None, "c.hlsl", None, None, "main", "vs_5_0")
    D3DCompile("float4 f(float4 a) { return ddx(a); }\nfloat4 main(float4 a : A) : SV_Position { return a; }",
               None, "c.hlsl", None, None, "main", "vs_5_0")
