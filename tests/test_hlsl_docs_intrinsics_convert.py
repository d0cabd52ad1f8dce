"""Issue 15: the conversions and integer operators that every intrinsic test leans on, run on both backends with
run-time and literal arguments, in shader models 4 and 5 (the held-out runner compiles each [test] block for both).
Definitions: HLSL casts (MicrosoftDocs direct3dhlsl "Casting", D3D11.3 §22.13: ftoi rounds toward zero with NaN -> 0
and clamping to the int range, ftou the same to [0, 2^32-1], itof/utof round to nearest); integer division truncates
toward zero and the remainder has the dividend's sign (C semantics, fxc's udiv-based expansion); shift counts use
their low 5 bits (§22.9 ishl/ishr/ushr); int >> is arithmetic, uint >> logical."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_compare import check_expr

NAN, INF = float("nan"), float("inf")
PROFILES = ["vs_4_0", "vs_5_0"]


def _ftoi(x):
    x = np.asarray(x, np.float64)
    return np.where(np.isnan(x), 0, np.trunc(np.clip(x, -2147483648.0, 2147483647.0))).astype(np.int64)


def _ftou(x):
    x = np.asarray(x, np.float64)
    return np.where(np.isnan(x), 0, np.trunc(np.clip(x, 0.0, 4294967295.0))).astype(np.int64)


FLOATS = np.array([[-2.7, 2.7, -0.5, 0.0], [NAN, INF, -INF, 3e9], [-3e9, 2147483520.0, -1.0, 4294967040.0]],
                  np.float32)


@pytest.mark.parametrize("profile", PROFILES)
def test_float_to_int_and_uint(profile: str):
    check_expr("(int4)a", ["float4"], "int4", [FLOATS], _ftoi(FLOATS), profile=profile, fold=False)
    check_expr("(uint4)a", ["float4"], "uint4", [FLOATS], _ftou(FLOATS), profile=profile, fold=False)
    finite = FLOATS[[0, 2]]
    check_expr("(int4)a", ["float4"], "int4", [finite], _ftoi(finite), profile=profile)
    check_expr("(uint4)a", ["float4"], "uint4", [finite], _ftou(finite), profile=profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_int_and_uint_to_float_round_to_nearest(profile: str):
    i = np.array([[2**24 + 1, -(2**31), 2**31 - 1, -7]], np.int64)
    u = np.array([[2**32 - 1, 2**24 + 3, 2**31, 16777217]], np.int64)
    check_expr("(float4)a", ["int4"], "float4", [i], i.astype(np.float32), profile=profile)
    check_expr("(float4)a", ["uint4"], "float4", [u], u.astype(np.float32), profile=profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_to_bool_is_nonzero(profile: str):
    x = np.array([[0.0, -0.0, NAN, 1e-3]], np.float32)
    check_expr("(bool4)a", ["float4"], "bool4", [x], [[False, False, True, True]], profile=profile, fold=False)
    check_expr("a ? 1 : 2", ["int"], "int", [np.array([[0], [-1], [5]])], [[2], [1], [1]], profile=profile)


INT_PAIRS = np.array([[7, 2], [-7, 2], [7, -2], [-7, -2], [2**31 - 1, 3], [-(2**31), 3], [-(2**31), -(2**31)],
                      [0, -5], [5, 7], [-5, 7], [100, 1], [-100, -1]], np.int64)


@pytest.mark.parametrize("profile", PROFILES)
def test_signed_division_and_remainder_truncate(profile: str):
    a, b = INT_PAIRS[:, :1], INT_PAIRS[:, 1:]
    q = np.trunc(a.astype(np.float64) / b).astype(np.int64)
    rem = a - q * b
    check_expr("a / b", ["int", "int"], "int", [a, b], q, profile=profile)
    check_expr("a % b", ["int", "int"], "int", [a, b], rem, profile=profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_unsigned_division_remainder_and_by_zero(profile: str):
    """udiv: quotient and remainder; a zero divisor gives 0xFFFFFFFF for both (§22.9.? udiv)."""
    a = np.array([[7], [2**32 - 1], [2**31], [5], [0], [123]], np.int64)
    b = np.array([[2], [3], [2**31 + 1], [0], [0], [7]], np.int64)
    q = np.where(b == 0, 0xFFFFFFFF, a // np.maximum(b, 1))
    r = np.where(b == 0, 0xFFFFFFFF, a % np.maximum(b, 1))
    check_expr("a / b", ["uint", "uint"], "uint", [a, b], q, profile=profile, fold=False)
    check_expr("a % b", ["uint", "uint"], "uint", [a, b], r, profile=profile, fold=False)


@pytest.mark.parametrize("profile", PROFILES)
def test_shifts_use_the_low_five_bits(profile: str):
    a = np.array([[1], [-8], [0x40000000], [-1], [12345]], np.int64)
    s = np.array([[31], [1], [33], [32], [37]], np.int64)
    sh = s & 31
    check_expr("a << b", ["int", "int"], "int", [a, s], (a << sh).astype(np.int64).astype(np.int32), profile=profile)
    check_expr("a >> b", ["int", "int"], "int", [a, s], a >> sh, profile=profile)
    au = a & 0xFFFFFFFF
    check_expr("a >> b", ["uint", "uint"], "uint", [au, s], au >> sh, profile=profile)


@pytest.mark.parametrize("profile", PROFILES)
def test_float_remainder_has_the_dividend_sign(profile: str):
    """Float % is fmod (x - y * trunc(x / y), the sign of x)."""
    x = np.array([[5.5, -5.5, 5.5, -5.5]], np.float32)
    y = np.array([[2.0, 2.0, -2.0, -2.0]], np.float32)
    check_expr("a % b", ["float4", "float4"], "float4", [x, y], np.fmod(x, y), ("abs", 1e-6), profile=profile)


@pytest.mark.parametrize("name", ["floor", "round", "frac", "sqrt", "exp2", "log2", "sin", "saturate", "abs", "rcp",
                                  "rsqrt", "trunc", "ceil"])
def test_unary_math_in_shader_model_4(name: str):
    """The same definitions hold for vs_4_0 code (the runner's SM4 pass; rcp too: the page
    says shader model 5, but fxc compiles it for 4_0 — the Windows-verified vkd3d rcp test has no [require])."""
    x = np.array([[0.5, 1.5, 2.5, 3.75], [0.125, 9.0, 4.5, 100.25]], np.float32)
    ref = {"floor": np.floor, "round": np.rint, "frac": lambda v: v - np.floor(v), "sqrt": np.sqrt,
           "exp2": lambda v: np.exp2(v.astype(np.float64)), "log2": lambda v: np.log2(v.astype(np.float64)),
           "sin": lambda v: np.sin(v.astype(np.float64)), "saturate": lambda v: np.clip(v, 0, 1), "abs": np.abs,
           "rcp": lambda v: 1 / v.astype(np.float64), "rsqrt": lambda v: 1 / np.sqrt(v.astype(np.float64)),
           "trunc": np.trunc, "ceil": np.ceil}[name]
    tol = None if name in ("floor", "round", "frac", "saturate", "abs", "trunc", "ceil") else ("rel", 3e-6)
    # fxc folds round of a literal as floor(x + 0.5) (d3dcompiler_47 10.1 under Wine, session 37: round(2.5) is 3
    # in the DLL's object of this program; run-time round is round_ne)
    folded = np.floor(x.astype(np.float64) + 0.5) if name == "round" else None
    check_expr(f"{name}(a)", ["float4"], "float4", [x], ref(x), tol, profile="vs_4_0", fold_expect=folded)
