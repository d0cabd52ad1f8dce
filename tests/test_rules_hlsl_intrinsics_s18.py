"""Intrinsics and operators at run time on edge values (issue 15, session 18, helper HL20). Every expected value
is computed by hand from the definitions, never from the code under test:

* integer bit intrinsics (MicrosoftDocs direct3dhlsl countbits / firstbithigh / firstbitlow / reversebits
  pages; the instructions countbits, firstbit_hi / firstbit_shi / firstbit_lo, bfrev of the D3D11.3
  functional spec §22): firstbithigh and firstbitlow of 0 are 0xFFFFFFFF; firstbithigh of a signed value
  finds the first bit that differs from the sign bit (-1 → 0xFFFFFFFF, -2 → 0), counted from bit 0;
* unsigned division and remainder by zero give 0xFFFFFFFF (udiv, §22), and so signed ones through the
  lowering (|a| / |b|, sign fixed afterwards): 5 / 0 = -1, -5 / 0 = 1, 5 % 0 = -1, -5 % 0 = 1; an int compared
  with or combined with a uint is converted to uint (-1 < 1u is false); shifts use the count's low 5 bits
  (ishl / ishr / ushr, §22: ``5 << 32`` is 5, ``x >> 33`` shifts by 1), ishr copies the sign bit;
  ``abs(INT_MIN)`` and ``-INT_MIN`` are INT_MIN (two's complement); signed ``%`` and ``/`` truncate toward
  zero (C, which HLSL's operators follow: the "Operators" page);
* min/max/clamp/saturate with NaN (§3.1.3: min/max return the non-NaN operand; saturate(NaN) = 0; clamp is
  min(max(x, lo), hi) per its page); smoothstep with edge0 == edge1 (its page: t = saturate((x - e0) / (e1 -
  e0)), so a division by zero: +inf → 1, -inf → 0, 0/0 = NaN → 0);
* sqrt(-0) = -0, rsqrt(±0) = ±inf, a denormal input is flushed to a zero of its sign (§3.1.3 float32 rules:
  "denorms flushed on input"); rcp(±0) = ±inf; log2(0) = -inf, log2(<0) = NaN, exp2(-inf) = 0;
* ftoi / ftou (§22): NaN → 0, ±inf → INT_MAX / INT_MIN, negative to uint → 0, +inf to uint → 0xFFFFFFFF;
* length / distance / dot of zero vectors are 0; normalize(0) = 0 * rsqrt(0) = NaN (its page: x / length(x));
  refract with total internal reflection (k = 1 - eta²(1 - dot(n, i)²) < 0) returns the zero vector (its page);
* D3DCOLORtoUBYTE4(x) = (int4)(x.zyxw * 255.001953) (its page); fmod's result takes the dividend's sign;
  frac(x) = x - floor(x); modf splits toward zero, both parts with x's sign; ldexp(x, e) = x * 2^e;
  round is round-half-to-even (round_ne), ceil(-0.5) = -0; step(a, x) = x >= a (so step(0, -0) = 1);
* pow(x, y) is fxc's exp2(y * log2(|x|)) (fxc's codegen; the page's table says NaN for x < 0, which no
  instruction sequence fxc emits gives): pow(-2, 2) = 4, pow(0, 2) = 0, pow(0, -1) = +inf, pow(0, 0) = NaN
  (log2(0) = -inf times 0);
* asuint/asint/asfloat move bits unchanged (NaN payloads included).

Each table runs twice: with run-time operands (built from a zero read from the UAV) and with literal
operands, so constant folding must give the instructions' answers.
"""

from __future__ import annotations

import pytest
from hlsl_rules_s18_kit import check_rows, cs_rows

NAN = float("nan")

#: (expression, kind u|f, expected[, ulps])
INTEGER_ROWS = [
    ("countbits(UMAX)", "u", 32), ("countbits(UZ)", "u", 0), ("countbits(UTOP | (U1 * 5))", "u", 3),
    ("firstbithigh(UZ)", "u", 0xFFFFFFFF), ("firstbithigh(UTOP)", "u", 31), ("firstbithigh(U1)", "u", 0),
    ("firstbithigh(IM1)", "u", 0xFFFFFFFF), ("firstbithigh(IM1 - 1)", "u", 0), ("firstbithigh(IZ)", "u", 0xFFFFFFFF),
    ("firstbithigh(IMIN)", "u", 30), ("firstbithigh(I1 * 5)", "u", 2), ("firstbithigh(I1 * -5)", "u", 2),
    ("firstbitlow(UZ)", "u", 0xFFFFFFFF), ("firstbitlow(UTOP)", "u", 31), ("firstbitlow(UMAX)", "u", 0),
    ("firstbitlow(U1 * 8)", "u", 3), ("firstbitlow(IM1 * 4)", "u", 2),
    ("reversebits(U1 * 5)", "u", 0xA0000000), ("reversebits(UMAX ^ 1)", "u", 0x7FFFFFFF), ("reversebits(UZ)", "u", 0),
    ("(U1 * 5) / UZ", "u", 0xFFFFFFFF), ("(U1 * 5) % UZ", "u", 0xFFFFFFFF),
    # a value divided by itself is 1 whatever it is: fxc's refactoring folds x / x (d3dcompiler_47 10.1's object
    # of this very table gives 1 here, session 35; refactor.same_value_identity), where udiv would give 0xFFFFFFFF
    ("UZ / UZ", "u", 1),
    ("UMAX / (U1 * 2)", "u", 0x7FFFFFFF), ("UMAX % (U1 * 10)", "u", 5),
    ("(U1 * 5) << (U1 * 32)", "u", 5), ("(U1 * 5) << (U1 * 33)", "u", 10), ("UTOP >> (U1 * 33)", "u", 0x40000000),
    ("IMIN >> (I1 * 33)", "u", 0xC0000000), ("IM1 >> (I1 * 31)", "u", 0xFFFFFFFF), ("UTOP >> (U1 * 31)", "u", 1),
    ("(U1 * 5) << 33", "u", 10), ("(I1 * 3) << -1", "u", 0x80000000),
    ("abs(IMIN)", "u", 0x80000000), ("-IMIN", "u", 0x80000000), ("abs(IM1 * 7)", "u", 7),
    ("(I1 * 5) % (IZ - 3)", "u", 2), ("(IZ - 5) % (I1 * 3)", "u", -2), ("(IZ - 7) / (I1 * 2)", "u", -3),
    ("(I1 * 7) / (IZ - 2)", "u", -3), ("(IZ - 7) % (IZ - 2)", "u", -1),
    # signed division has no instruction: |a| udiv |b|, the quotient negated when the signs differ, the
    # remainder when a < 0 (fxc's and vkd3d's lowering); by zero udiv gives 0xFFFFFFFF, so 5/0 = -1, -5/0 = 1
    ("(I1 * 5) / IZ", "u", -1), ("(IM1 * 5) / IZ", "u", 1), ("(I1 * 5) % IZ", "u", -1), ("(IM1 * 5) % IZ", "u", 1),
    ("IMIN / IM1", "u", 0x80000000), ("IMIN % IM1", "u", 0), ("(uint)(IM1 < U1)", "u", 0), ("max(IM1, U1)", "u", -1),
    ("max(IMIN, IM1)", "u", -1), ("min(IMIN, I1)", "u", 0x80000000), ("min(UMAX, U1 * 5)", "u", 5),
    ("max(UTOP, U1)", "u", 0x80000000), ("(uint)IM1", "u", 0xFFFFFFFF), ("(int)UMAX", "u", -1),
    ("asuint(asfloat(UMAX))", "u", 0xFFFFFFFF), ("asuint(asint(UTOP))", "u", 0x80000000),
    ("asint(asuint(IM1))", "u", -1), ("asuint(asfloat(asuint(NAN)))", "u", 0x7FC00000),
    ("asuint(asfloat(0x7f800001u | UZ))", "u", 0x7F800001), ("asuint(asfloat(asint(NZ)))", "u", 0x80000000),
]

FLOAT_ROWS = [
    ("clamp(NAN, O, T)", "f", 1.0), ("saturate(NAN)", "f", 0.0), ("max(NAN, M)", "f", -1.0),
    ("min(NAN, T)", "f", 2.0), ("max(M, NAN)", "f", -1.0), ("min(T, NAN)", "f", 2.0),
    ("saturate(INF)", "f", 1.0), ("saturate(-INF)", "f", 0.0), ("saturate(NZ)", "f", 0.0),
    ("smoothstep(O, O, T)", "f", 1.0), ("smoothstep(O, O, Z)", "f", 0.0), ("smoothstep(O, O, O)", "f", 0.0),
    ("smoothstep(Z, T, O)", "f", 0.5), ("smoothstep(Z, O, NAN)", "f", 0.0),
    ("sqrt(NZ)", "u", 0x80000000), ("sqrt(DN)", "u", 0), ("sqrt(-DN)", "u", 0x80000000), ("sqrt(INF)", "u", 0x7F800000),
    ("sqrt(M)", "f", NAN),
    ("rsqrt(NZ)", "u", 0xFF800000), ("rsqrt(Z)", "u", 0x7F800000), ("rsqrt(DN)", "u", 0x7F800000),
    ("rsqrt(INF)", "f", 0.0),
    ("rcp(Z)", "u", 0x7F800000), ("rcp(NZ)", "u", 0xFF800000), ("rcp(DN)", "u", 0x7F800000),
    ("DN * T", "u", 0), ("DN + Z", "u", 0), ("-DN * O", "u", 0x80000000), ("NZ + NZ", "u", 0x80000000),
    ("NZ * O", "u", 0x80000000), ("-Z", "u", 0x80000000), ("abs(NZ)", "u", 0), ("Z * INF", "f", NAN),
    ("length(float3(Z, Z, Z))", "f", 0.0), ("distance(float2(O, T), float2(O, T))", "f", 0.0),
    ("dot(float3(Z, Z, Z), float3(O, O, O))", "f", 0.0), ("length(float2(3 * O, 4 * O))", "f", 5.0),
    ("normalize(float3(Z, Z, Z)).x", "f", NAN), ("normalize(float2(Z, T)).y", "f", 1.0),
    ("refract(float3(O, Z, Z), float3(Z, O, Z), T).x", "f", 0.0),
    ("refract(float3(O, Z, Z), float3(Z, O, Z), T).y", "f", 0.0),
    ("refract(float3(O, Z, Z), float3(Z, O, Z), O).x", "f", 1.0),
    ("refract(float3(Z, M, Z), float3(Z, O, Z), T).y", "f", -1.0),
    ("D3DCOLORtoUBYTE4(float4(O, O * 0.5, Z, O)).x", "u", 0),
    ("D3DCOLORtoUBYTE4(float4(O, O * 0.5, Z, O)).y", "u", 127),
    ("D3DCOLORtoUBYTE4(float4(O, O * 0.5, Z, O)).z", "u", 255),
    ("D3DCOLORtoUBYTE4(float4(O, O * 0.5, Z, O * 0.25)).w", "u", 63),
    ("fmod(-5.5 * O, T)", "f", -1.5), ("fmod(5.5 * O, -T)", "f", 1.5), ("fmod(-4 * O, T)", "u", 0x80000000),
    ("frac(-1.25 * O)", "f", 0.75), ("frac(1.25 * O)", "f", 0.25), ("frac(M)", "f", 0.0),
    ("modf(-1.25 * O, ip_f)", "f", -0.25), ("ip_f", "f", -1.0), ("modf(2.5 * O, ip_g)", "f", 0.5), ("ip_g", "f", 2.0),
    ("ldexp(1.5 * O, 3 * O)", "f", 12.0), ("ldexp(T, M)", "f", 1.0), ("ldexp(O, -T)", "f", 0.25),
    ("pow(Z, T)", "f", 0.0), ("pow(Z, M)", "u", 0x7F800000), ("pow(T, M)", "f", 0.5),
    ("pow(Z, Z)", "f", NAN), ("pow(T, Z)", "f", 1.0),
    ("floor(-0.5 * O)", "f", -1.0), ("round(2.5 * O)", "f", 2.0), ("round(-2.5 * O)", "f", -2.0),
    ("round(3.5 * O)", "f", 4.0), ("trunc(-1.7 * O)", "f", -1.0), ("ceil(-0.5 * O)", "u", 0x80000000),
    ("exp2(-INF)", "f", 0.0), ("log2(Z)", "u", 0xFF800000), ("log2(M)", "f", NAN), ("exp(Z)", "f", 1.0),
    ("step(Z, NZ)", "f", 1.0), ("step(O, Z)", "f", 0.0), ("step(Z, NAN)", "f", 0.0),
    ("(int)NAN", "u", 0), ("(int)INF", "u", 0x7FFFFFFF), ("(int)-INF", "u", 0x80000000), ("(int)(-2.7 * O)", "u", -2),
    ("(uint)M", "u", 0), ("(uint)INF", "u", 0xFFFFFFFF), ("(uint)NAN", "u", 0), ("(uint)(4294967296.0 * O)", "u", 0xFFFFFFFF),
    ("sign(NZ)", "u", 0), ("sign(M)", "u", -1), ("sign(INF)", "u", 1),
    ("(uint)isinf(INF)", "u", 1), ("(uint)isinf(NAN)", "u", 0), ("(uint)isfinite(NAN)", "u", 0),
    ("(uint)isnan(NAN)", "u", 1), ("(uint)isnan(INF)", "u", 0),
    ("lerp(T, M, O)", "f", -1.0), ("lerp(T, M, Z)", "f", 2.0),
    ("sincos_s", "f", 0.0), ("sincos_c", "f", 1.0),
    ("sincos_s2", "f", 0.9092974268256817, 8), ("sincos_c2", "f", -0.4161468365471424, 8),
]

FLOAT_PRE = """    float ip_f = 0, ip_g = 0;
    float sincos_s, sincos_c, sincos_s2, sincos_c2;
    sincos(Z, sincos_s, sincos_c);
    sincos(T, sincos_s2, sincos_c2);
"""


#: rows the literal form leaves out: a division or remainder by a constant zero is a compile error (fxc's X4010 /
#: X4008, test_integer_division_by_a_constant_zero_is_refused), and normalize of a constant zero vector is folded
#: by the optimiser's identities rather than computed as 0 * rsqrt(0) (the run-time rows keep both)
LITERAL_EXCLUDED = {"(U1 * 5) / UZ", "(U1 * 5) % UZ", "UZ / UZ", "(I1 * 5) / IZ", "(IM1 * 5) / IZ", "(I1 * 5) % IZ",
                    "(IM1 * 5) % IZ", "normalize(float3(Z, Z, Z)).x"}


#: the literal form's answers where d3dcompiler_47 10.1 differs from the definition (recorded under Wine, session 37,
#: by compiling this very table's literal program with the DLL): its optimiser carries the static consts NZ and DN
#: (-0, a denormal) as +0 where it folds an instruction (rcp, rsqrt, asint), while its front end folds operators and
#: some intrinsics on the literal -0 itself (sqrt, +, *, saturate)
LITERAL_FXC = {"asuint(asfloat(asint(NZ)))": 0x00000000, "rsqrt(NZ)": 0x7F800000, "rcp(NZ)": 0x7F800000,
               # front-end folds on a static const's literal value (constlit.py, built in session 46)
               "sqrt(NZ)": 0x80000000, "NZ + NZ": 0x80000000, "NZ * O": 0x80000000, "saturate(NZ)": 0x80000000,
               "smoothstep(O, O, O)": 0x3F800000, "pow(Z, Z)": 0x3F800000,
               # round of a static const's literal value is the front end's floor(x + 0.5) (session 47 MRUN)
               "round(2.5 * O)": 0x40400000}
#: the literal form's answers fxc gives that this compiler does not (a product of a
#: static const denormal): checked one by one, strict xfails (docs/conformance.md, session 37 EXEC, not built)
LITERAL_FXC_NOT_BUILT = {"-DN * O": 0x00000000}


def _rows(rows: list[tuple], literal: bool) -> list[tuple]:
    if not literal:
        return list(rows)
    return [(r[0], "u", LITERAL_FXC[r[0]]) if r[0] in LITERAL_FXC else r for r in rows
            if r[0] not in LITERAL_EXCLUDED and r[0] not in LITERAL_FXC_NOT_BUILT]


@pytest.mark.xfail(strict=True, reason="fxc's front-end folds on a static const's literal value / its own folds")
@pytest.mark.parametrize("expr", sorted(LITERAL_FXC_NOT_BUILT))
def test_literal_rows_as_fxc_not_built(expr):
    pre = FLOAT_PRE if any(expr == r[0] for r in FLOAT_ROWS) else ""
    got = cs_rows([(expr, "u", LITERAL_FXC_NOT_BUILT[expr])], pre=pre, literal=True)
    assert got[0] == LITERAL_FXC_NOT_BUILT[expr]


@pytest.mark.parametrize("literal", [False, True], ids=["run-time", "literal"])
def test_integer_intrinsics_and_operators(literal):
    rows = _rows(INTEGER_ROWS, literal)
    got = cs_rows(rows, literal=literal)
    assert check_rows(rows, got) == []


@pytest.mark.parametrize("literal", [False, True], ids=["run-time", "literal"])
def test_float_intrinsics_edge_values(literal):
    rows = _rows(FLOAT_ROWS, literal)
    got = cs_rows(rows, pre=FLOAT_PRE, literal=literal)
    assert check_rows(rows, got) == []


@pytest.mark.parametrize(("literal", "want"), [(False, NAN), (True, 4.0)], ids=["run-time", "literal"])
def test_pow_of_a_negative_base(literal, want):
    """pow(-2, 2): fxc 10.1 folds the literal form to 4.0, and computes the run-time one as exp(log2(x) * y) with
    no abs -- NaN (its ps_5_0/cs_5_0 listings and objects under Wine, session 36 INTR; warning X3571 "pow(f, e)
    will not work for negative f")."""
    rows = _rows([("pow(-T, T)", "f", want)], literal)
    got = cs_rows(rows, pre=FLOAT_PRE, literal=literal)
    assert check_rows(rows, got) == []


@pytest.mark.parametrize("row", ["(U1 * 5) / UZ", "(U1 * 5) % UZ", "(I1 * 5) / IZ", "(IM1 * 5) % IZ"])
def test_integer_division_by_a_constant_zero_is_refused(row):
    """The divisor folds to zero (a static const local is a constant): fxc's X4010 (unsigned) / X4008 (signed
    integer divide by zero)."""
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X40(08|10)"):
        cs_rows([(row, "u", 0)], literal=True)


def test_tables_at_cs_4_0():
    """The same rows compiled for cs_4_0 (shader model 4's instruction sequences; a downlevel compute shader
    writes one RWStructuredBuffer, which is all the kit binds)."""
    assert check_rows(INTEGER_ROWS, cs_rows(INTEGER_ROWS, profile="cs_4_0")) == []
    assert check_rows(FLOAT_ROWS, cs_rows(FLOAT_ROWS, pre=FLOAT_PRE, profile="cs_4_0")) == []
