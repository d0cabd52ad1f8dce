"""Issue 15: the component-wise float intrinsics of SM4/5 (MicrosoftDocs direct3dhlsl, each intrinsic's page),
compiled from HLSL and run on both backends, over each layout the page allows (scalar, 1-4 vectors, a matrix),
int/uint arguments (fxc converts them to float) and scalar broadcast; each with run-time arguments and with
literal arguments (the constant folder). Expectations are numpy evaluations of the page's definition in float64:
exact where the DXBC instruction is exact (floor, ceil, round ties to even, trunc, frac, saturate, abs, min/max
with the NaN rule of D3D11.3 3.1.3, step, sign, isnan/isinf/isfinite), a bound otherwise (transcendentals: the
project's sequences, docs/transcendentals.md)."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_compare import check_expr
from hlsl_docs_kit import comps

F = np.float32
NAN, INF = float("nan"), float("inf")

#: values for the exact functions: halves (round's ties), negatives, zeros, large and integral values
POOL = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.25, -0.75, 3.0, -7.0, 1e6 + 0.5, -0.0, 0.0, 123.456, -9.99,
                 8388607.5, 2.0**24, -3.5, 0.999, 100.25], np.float32)
#: values in (0, 10] for the functions with a restricted domain (log, sqrt, ...)
POS = np.array([0.125, 0.5, 1.0, 1.5, 2.0, 3.0, 4.75, 9.0, 0.01, 7.25, 0.3, 5.5, 2.5, 6.0, 8.0, 0.75], np.float32)
#: values in [-1, 1] (asin, acos)
UNIT = np.array([-1.0, -0.9, -0.5, -0.25, 0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 1.0, -0.7, 0.6, 0.2, -0.1], np.float32)
#: moderate signed values (sin, cos, tan, atan, exp, sinh, ...)
MID = np.array([-3.0, -2.2, -1.0, -0.5, -0.1, 0.0, 0.1, 0.5, 1.0, 1.7, 2.5, 3.0, -1.3, 0.8, 1.2, -2.8], np.float32)

LAYOUTS = ["float", "float1", "float2", "float3", "float4", "float2x3", "float4x4", "half3"]  # half is float in SM4/5


def _shape(pool: np.ndarray, t: str, n: int = 4, shift: int = 0) -> np.ndarray:
    k = comps(t)
    idx = (np.arange(n * k) * 7 + shift) % len(pool)
    return pool[idx].reshape(n, k)


def _round_ne(x):
    return np.rint(x)


def _frac(x):
    x = x.astype(np.float32)
    return (x - np.floor(x)).astype(np.float32)


def _sat(x):
    return np.where(np.isnan(x), 0, np.clip(x, 0, 1))


# name -> (pool, numpy definition, tolerance (None: exact))
UNARY = {
    "abs": (POOL, np.abs, None),
    "ceil": (POOL, np.ceil, None),
    "floor": (POOL, np.floor, None),
    "trunc": (POOL, np.trunc, None),
    "round": (POOL, _round_ne, None),
    "frac": (POOL, _frac, None),
    # -0.0 saturates to either zero (D3D11.3 3.1.3 compares zeros without their sign)
    "saturate": (POOL, _sat, ("abs", 0.0)),
    "sqrt": (POS, np.sqrt, ("rel", 2.5e-7)),
    "rsqrt": (POS, lambda x: 1 / np.sqrt(x.astype(np.float64)), ("rel", 5e-7)),
    "rcp": (POS, lambda x: 1 / x.astype(np.float64), ("rel", 2.5e-7)),
    "exp": (MID, lambda x: np.exp(x.astype(np.float64)), ("rel", 3e-6)),
    "exp2": (MID, lambda x: np.exp2(x.astype(np.float64)), ("rel", 3e-6)),
    "log": (POS, lambda x: np.log(x.astype(np.float64)), ("abs", 3e-6)),
    "log2": (POS, lambda x: np.log2(x.astype(np.float64)), ("abs", 3e-6)),
    "log10": (POS, lambda x: np.log10(x.astype(np.float64)), ("abs", 3e-6)),
    "sin": (MID, lambda x: np.sin(x.astype(np.float64)), ("abs", 2e-6)),
    "cos": (MID, lambda x: np.cos(x.astype(np.float64)), ("abs", 2e-6)),
    "tan": (MID, lambda x: np.tan(x.astype(np.float64)), ("rel", 1e-4)),
    "asin": (UNIT, lambda x: np.arcsin(x.astype(np.float64)), ("abs", 2e-4)),
    "acos": (UNIT, lambda x: np.arccos(x.astype(np.float64)), ("abs", 2e-4)),
    "atan": (MID, lambda x: np.arctan(x.astype(np.float64)), ("abs", 2e-5)),
    "sinh": (MID, lambda x: np.sinh(x.astype(np.float64)), ("abs", 1e-5)),
    "cosh": (MID, lambda x: np.cosh(x.astype(np.float64)), ("rel", 1e-5)),
    "tanh": (MID, lambda x: np.tanh(x.astype(np.float64)), ("abs", 1e-5)),
    "degrees": (MID, lambda x: x.astype(np.float64) * (180 / np.pi), ("rel", 3e-7)),
    "radians": (MID, lambda x: x.astype(np.float64) * (np.pi / 180), ("rel", 3e-7)),
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_float_intrinsic(name: str, layout: str):
    pool, fn, tol = UNARY[name]
    x = _shape(pool, layout)
    # fxc folds round of a literal as floor(x + 0.5), not the instruction's ties-to-even (d3dcompiler_47 10.1 under
    # Wine, session 37: this kit's literal programs compiled by the DLL give round(2.5) 3, round(-1.5) -1), unless the
    # argument holds an asfloat call (the kit spells a -0 so): then the instruction's ties-to-even
    spelled = (x == 0) & np.signbit(x)
    folded = None
    if name == "round":
        folded = np.where(spelled.any(axis=1, keepdims=True), np.rint(x), np.floor(x.astype(np.float64) + 0.5))
    check_expr(f"{name}(a)", [layout], layout, [x], fn(x), tol, fold_expect=folded)


@pytest.mark.parametrize("name", ["floor", "round", "frac", "sqrt", "exp2", "sin", "abs"])
@pytest.mark.parametrize("base", ["int", "uint"])
def test_unary_float_intrinsic_of_an_integer_converts_to_float(name: str, base: str):
    """fxc converts int/uint arguments of the float functions to float (the result is float; abs keeps int)."""
    x = np.array([[0, 1, 2, 3], [4, 9, 16, 25], [7, 100, 12345, 65536]], np.int64)
    pool, fn, tol = UNARY[name]
    res = f"{base}4" if name == "abs" else "float4"
    expect = np.abs(x) if name == "abs" else fn(x.astype(np.float32))
    check_expr(f"{name}(a)", [f"{base}4"], res, [x], expect, tol)


SPECIAL = np.array([[NAN, INF, -INF, -0.0], [1e-40, -1e-40, 3.4e38, -3.4e38]], np.float32)


def _bits(x):
    return np.asarray(x, np.float32)


@pytest.mark.parametrize("name,expect", [
    ("isnan", [[1, 0, 0, 0], [0, 0, 0, 0]]),
    ("isinf", [[0, 1, 1, 0], [0, 0, 0, 0]]),
    ("isfinite", [[0, 0, 0, 1], [1, 1, 1, 1]]),
])
def test_classification_of_special_values(name: str, expect):
    """isnan/isinf/isfinite (pages: true for NaN / +-INF / neither); a float32 denormal is finite."""
    check_expr(f"{name}(a)", ["float4"], "bool4", [SPECIAL], np.array(expect, bool))


@pytest.mark.parametrize("name,expect,tol", [
    ("saturate", [[0, 1, 0, 0], [0, 0, 1, 0]], ("abs", 1e-39)),
    ("floor", [[NAN, INF, -INF, -0.0], [0.0, -0.0, 3.4e38, -3.4e38]], None),
    ("abs", [[NAN, INF, INF, 0.0], [1e-40, 1e-40, 3.4e38, 3.4e38]], None),
])
def test_special_values(name: str, expect, tol):
    """saturate(NaN) = 0 (D3D11.3 3.1.3 _sat; a denormal may stay: mov_sat moves data); floor keeps inf/NaN;
    float32 arithmetic flushes a denormal input to a zero of its sign (3.1.3); abs is a source modifier on a mov
    (no flush: the bits of the denormal stay)."""
    check_expr(f"{name}(a)", ["float4"], "float4", [SPECIAL], np.array(expect, np.float32), tol, fold=False)


def test_sign_returns_int_for_each_component_type():
    """sign (page): -1, 0 or 1 as int, for float and int arguments (0 for -0.0; NaN compares false both ways)."""
    xf = np.array([[-2.5, 0.0, -0.0, 7.0], [NAN, -INF, 1e-3, -1e-3]], np.float32)
    check_expr("sign(a)", ["float4"], "int4", [xf], [[-1, 0, 0, 1], [0, -1, 1, -1]])
    xi = np.array([[-5, 0, 3, -(2**31)], [2**31 - 1, -1, 1, 0]], np.int64)
    check_expr("sign(a)", ["int4"], "int4", [xi], np.sign(xi))
    check_expr("sign(a)", ["int2x2"], "int2x2", [xi], np.sign(xi))


def test_abs_of_int_min_wraps():
    """abs(int) is iabs: two's complement negation, so abs(INT_MIN) = INT_MIN."""
    x = np.array([[-(2**31), -1, 5, -(2**31) + 1]], np.int64)
    check_expr("abs(a)", ["int4"], "int4", [x], [[-(2**31), 1, 5, 2**31 - 1]])


# --------------------------------------------------------------------------- binary / ternary

def _minmax_nan(is_min):
    def fn(a, b):
        a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
        r = np.minimum(a, b) if is_min else np.maximum(a, b)
        # D3D11.3 3.1.3 recommends IEEE 754R for zeros: min(-0, +0) = -0, max(-0, +0) = +0
        both0 = (a == 0) & (b == 0)
        r = np.where(both0, np.float32(-0.0) if is_min else np.float32(0.0), r)
        return np.where(np.isnan(a), b, np.where(np.isnan(b), a, r))
    return fn


PAIRS = np.array([[1.0, 2.0], [-3.0, 3.0], [NAN, 1.0], [1.0, NAN], [-0.0, 0.0], [INF, -INF], [0.5, 0.25],
                  [-7.5, -7.25]], np.float32)


@pytest.mark.parametrize("name", ["min", "max"])
def test_min_max_float_with_nan_return_the_other_operand(name: str):
    """min/max of floats: a NaN operand yields the other operand (D3D11.3 3.1.3 / 22.10 min, max)."""
    a = PAIRS[:, 0].reshape(2, 4)
    b = PAIRS[:, 1].reshape(2, 4)
    check_expr(f"{name}(a, b)", ["float4", "float4"], "float4", [a, b], _minmax_nan(name == "min")(a, b), None,
               fold=False)


INTS = np.array([[-5, 3, 0, 2**31 - 1], [-(2**31), -1, 7, 7], [100, -100, 1, 0]], np.int64)
UINTS = np.array([[5, 3, 0, 2**32 - 1], [2**31, 1, 7, 7], [100, 2**31 + 5, 1, 0]], np.int64)


@pytest.mark.parametrize("base,vals", [("int", INTS), ("uint", UINTS)])
@pytest.mark.parametrize("name", ["min", "max"])
def test_min_max_integer(name: str, base: str, vals):
    a, b = vals, np.roll(vals, 1, axis=1)
    fn = np.minimum if name == "min" else np.maximum
    check_expr(f"{name}(a, b)", [f"{base}4", f"{base}4"], f"{base}4", [a, b], fn(a, b))


@pytest.mark.parametrize("base,vals", [("float", POOL[:12].reshape(3, 4).astype(np.float64)), ("int", INTS),
                                       ("uint", UINTS)])
def test_clamp_is_min_of_max(base: str, vals):
    """clamp(x, lo, hi) = min(max(x, lo), hi) (page), in the argument type."""
    lo = np.array([[0, -2, 1, 5]] * len(vals))
    hi = np.array([[1, 2, 3, 100]] * len(vals))
    if base == "uint":
        lo, hi = np.abs(lo), np.abs(hi) + 2**31
    t = f"{base}4"
    check_expr("clamp(a, b, c)", [t, t, t], t, [vals, lo, hi], np.minimum(np.maximum(vals, lo), hi))


def test_clamp_float_with_nan_bounds():
    """clamp through max then min: a NaN x gives max(NaN, lo) = lo, then min(lo, hi); a NaN bound is ignored by
    the min/max it enters (max(-5, 0) = 0, min(0, NaN) = 0)."""
    x = np.array([[NAN, 5.0, -5.0, 0.5]], np.float32)
    lo = np.array([[0.0, NAN, 0.0, 0.0]], np.float32)
    hi = np.array([[1.0, 1.0, NAN, 1.0]], np.float32)
    check_expr("clamp(a, b, c)", ["float4"] * 3, "float4", [x, lo, hi], [[0.0, 1.0, 0.0, 0.5]], fold=False)


def test_step_is_one_where_x_is_at_least_y():
    """step(y, x) = x >= y ? 1 : 0 (page); NaN compares false."""
    y = np.array([[0.0, 1.0, 2.0, NAN], [-1.0, -0.0, 5.0, 3.0]], np.float32)
    x = np.array([[0.0, 0.5, 3.0, 1.0], [-1.0, 0.0, 4.9, NAN]], np.float32)
    check_expr("step(a, b)", ["float4", "float4"], "float4", [y, x], (x >= y).astype(np.float32), fold=False)


def test_step_broadcasts_a_scalar_edge():
    y = np.array([[1.5]], np.float32)
    x = np.array([[0.0, 1.5, 2.0]], np.float32)
    check_expr("step(a, b)", ["float", "float3"], "float3", [y, x], [[0.0, 1.0, 1.0]])


def test_fmod_has_the_sign_of_x():
    """fmod(x, y) (page): x = i*y + f with f of x's sign and |f| < |y|."""
    x = np.array([[5.5, -5.5, 5.5, -5.5], [7.0, 0.75, -0.75, 100.0]], np.float32)
    y = np.array([[2.0, 2.0, -2.0, -2.0], [7.0, 0.5, 0.5, 3.0]], np.float32)
    check_expr("fmod(a, b)", ["float4", "float4"], "float4", [x, y], np.fmod(x.astype(np.float64), y),
               ("abs", 1e-5))


@pytest.mark.parametrize("layout", ["float", "float3", "float2x2"])
def test_pow_atan2_ldexp(layout: str):
    """pow(x, y) = x^y for x > 0 (page); atan2(y, x) in (-pi, pi] by quadrant; ldexp(x, e) = x * 2^e."""
    x = _shape(POS, layout, 3)
    y = _shape(MID, layout, 3, 5)
    check_expr("pow(a, b)", [layout, layout], layout, [x, y], np.power(x.astype(np.float64), y), ("rel", 2e-5))
    check_expr("atan2(a, b)", [layout, layout], layout, [y, -x], np.arctan2(y.astype(np.float64), -x),
               ("abs", 2e-5))
    e = np.round(y * 3)
    check_expr("ldexp(a, b)", [layout, layout], layout, [x, e], x.astype(np.float64) * np.exp2(e), ("rel", 1e-6))


def test_pow_with_integral_exponents_and_zero_base():
    """pow: integral exponents (fxc may expand a literal one into multiplies) agree with x^y; 0^y is 0 for y > 0."""
    x = np.array([[2.0, 3.0, 0.0, 1.5]], np.float32)
    for y in (1.0, 2.0, 3.0, 4.0, 0.5):
        check_expr(f"pow(a, {y!r})", ["float4"], "float4", [x], np.power(x.astype(np.float64), y), ("rel", 1e-5))


@pytest.mark.parametrize("layout", ["float", "float2", "float4", "float3x2"])
def test_lerp_mad_smoothstep(layout: str):
    """lerp(x, y, s) = x + s*(y - x); mad(m, a, b) = m*a + b; smoothstep(lo, hi, x): t = saturate((x-lo)/(hi-lo)),
    t*t*(3 - 2t)."""
    x = _shape(MID, layout, 3)
    y = _shape(MID, layout, 3, 3)
    s = _shape(UNIT, layout, 3, 1)
    x64, y64, s64 = (v.astype(np.float64) for v in (x, y, s))
    check_expr("lerp(a, b, c)", [layout] * 3, layout, [x, y, s], x64 + s64 * (y64 - x64), ("abs", 2e-6))
    check_expr("mad(a, b, c)", [layout] * 3, layout, [x, y, s], x64 * y64 + s64, ("abs", 2e-6))
    lo = np.full_like(x, -1.0)
    hi = np.full_like(x, 2.0)
    t = np.clip((x64 + 1) / 3, 0, 1)
    check_expr("smoothstep(a, b, c)", [layout] * 3, layout, [lo, hi, x], t * t * (3 - 2 * t), ("abs", 2e-6))


def test_lerp_with_a_scalar_weight_broadcasts():
    x = np.array([[0.0, 10.0, -4.0]], np.float32)
    y = np.array([[1.0, 20.0, 4.0]], np.float32)
    s = np.array([[0.25]], np.float32)
    check_expr("lerp(a, b, c)", ["float3", "float3", "float"], "float3", [x, y, s], [[0.25, 12.5, -2.0]])


@pytest.mark.parametrize("base,vals", [("int", INTS), ("uint", UINTS)])
def test_mad_integer_wraps(base: str, vals):
    """mad of ints/uints: imad/umad, the low 32 bits of m*a + b."""
    m, a, b = vals, np.roll(vals, 1, axis=1), np.roll(vals, 2, axis=1)
    r = (m.astype(object) * a.astype(object) + b.astype(object))
    r = np.vectorize(lambda v: v & 0xFFFFFFFF)(r).astype(np.int64)
    t = f"{base}4"
    check_expr("mad(a, b, c)", [t] * 3, t, [m, a, b], r if base == "uint" else r.astype(np.uint32).view(np.int32))


def test_frexp_and_modf():
    """frexp(x, out e) returns the mantissa in [0.5, 1) and e with |x| = m * 2^e -- the page says the mantissa
    has x's sign, but d3dcompiler_47 10.1 gives none (its ps_5_0 listing: ``bfi 23, 0, x, 0x3f000000``;
    frexp(-3) is 0.75, checked with the DLL under Wine, session 37 INTR: fxc's answer is kept);
    modf(x, out i) returns the fractional part and i the integral part, both with x's sign."""
    x = np.array([[8.0, -3.0, 0.75, 1000.5]], np.float32)
    m, e = np.frexp(x.astype(np.float64))
    m = np.abs(m)
    check_expr("frexpm(a)", ["float4"], "float4", [x], m,
               prelude="float4 frexpm(float4 v) { float4 e; return frexp(v, e); }")
    check_expr("frexpe(a)", ["float4"], "float4", [x], e.astype(np.float64),
               prelude="float4 frexpe(float4 v) { float4 e; frexp(v, e); return e; }")
    x = np.array([[2.75, -2.75, 0.5, -7.0]], np.float32)
    # an integral x leaves a zero fraction of either sign (fxc: x - round_z(x))
    check_expr("modff(a)", ["float4"], "float4", [x], np.modf(x)[0], ("abs", 0.0),
               prelude="float4 modff(float4 v) { float4 i; return modf(v, i); }")
    check_expr("modfi(a)", ["float4"], "float4", [x], np.modf(x)[1],
               prelude="float4 modfi(float4 v) { float4 i; modf(v, i); return i; }")


def test_sincos_writes_both_outputs():
    x = MID[:4].reshape(1, 4)
    check_expr("sc(a)", ["float4"], "float4", [x], np.sin(x.astype(np.float64)) + 2 * np.cos(x.astype(np.float64)),
               ("abs", 5e-6), prelude="float4 sc(float4 v) { float4 s, c; sincos(v, s, c); return s + 2 * c; }")
