"""Constant expressions as array dimensions (shader/hlsl/constexpr.py), every operator.

fxc folds any constant expression written as an array dimension — literals, arithmetic, casts, reads of
``static const`` variables and their components (vkd3d's array-size-expr.shader_test: ``float a[(2 + 1) * 2]``,
``float b[size]``), truncating a float result to an integer; the value follows C's 32-bit arithmetic
(MicrosoftDocs direct3dhlsl "Operators": division truncates toward zero, ``%`` takes the dividend's sign,
comparisons and logical operators give 0 or 1). The dimension is observed as the array's ``Length``. The
expected values come from test_rules_hlsl_operators.apply (C on 32-bit ints) and the precedence table there."""

from __future__ import annotations

import math

import pytest
from test_rules_hlsl_operators import OPS, PREC, apply
from test_rules_hlsl_types import run_words

pytestmark = pytest.mark.backend_specific  # compiled once and run on the reference executor

A, B, C = 13, 3, 2


def _binary_cases():
    out = []
    for op in OPS:
        v = apply(op, A, B)
        # comparisons and logical operators give 0/1: add one so that the dimension is positive
        expr, want = (f"{A} {op} {B}", v) if v > 0 else (f"1 + ({A} {op} {B})", 1 + v)
        out.append((expr, want))
    return out


def _pair_cases():
    """``a OP1 b OP2 c`` for every operator pair, grouped by the precedence table (positive results only)."""
    out = []
    for o1 in OPS:
        for o2 in OPS:
            v = apply(o2, apply(o1, A, B), C) if PREC[o1] >= PREC[o2] else apply(o1, A, apply(o2, B, C))
            if 0 < v < 4096:
                out.append((f"{A} {o1} {B} {o2} {C}", v))
    return out


CASES = _binary_cases() + _pair_cases() + [
    ("-(-5)", 5), ("~(-8)", 7), ("!0 + 1", 2), ("+4", 4),
    ("2.5 * 3", math.trunc(7.5)), ("7.9", 7), ("(int)2.9 * 2", 4), ("(uint)9 / 2", 4),
    ("K * 2", 6), ("V.y + V.x", 7), ("M[1]", 11), ("S.b - 1", 4), ("K2", 6),
    # C's division and remainder on negative operands (truncation toward zero; the dividend's sign), literal and
    # through constants: 10 + (-7 / 2) = 7 (not floor's 6), 10 + (-7 % 3) = 9 (not 12), 10 + (7 % -3) = 11
    ("10 + (-7 / 2)", 7), ("10 + (-7 % 3)", 9), ("10 + (7 / -2)", 7), ("10 + (7 % -3)", 11),
    ("10 + N / 2", 7), ("10 + N % 3", 9), ("10 + ~K", 6), ("1 + !Z", 2), ("1 + !K", 1),
    ("T3.z", 4),  # a scalar initialiser splats over a vector constant
]
DECLS = """static const int K = 3;
static const int2 V = { 2, 5 };
static const int M[2] = { 10, 11 };
struct SS { int a; int b; };
static const SS S = { 1, 5 };
static const int K2 = K * 2;
static const int N = -7;
static const int Z = 0;
static const int3 T3 = 4;
"""


def test_every_operator_in_an_array_dimension():
    decls = DECLS + "\n".join(f"uint len{i}() {{ float a[{e}]; return a.Length; }}" for i, (e, _) in enumerate(CASES))
    got = [int(w) for w in run_words([f"len{i}()" for i in range(len(CASES))], decls)]
    bad = [(e, g, w) for (e, w), g in zip(CASES, got) if g != w]
    assert not bad, bad
    assert len(CASES) > 200


PROP_DECLS = """
int joined(int c) { int x = 5; if (c > 0) x = 2; else x = 3; return x; }
int one_branch(int c) { int x = 5; if (c > 0) x = 2; return x; }
int agreed(int c) { int x = 5; if (c > 0) x = 4; else x = 4; return x + 1; }
float2 whole_write() { float2 s = float2(1, 1), c = float2(1, 1); sincos(float2(0, 0), s, c); return s + c; }
"""


def test_constant_propagation_joins_and_whole_writes():
    """Constant propagation (constprop.py) keeps after an if/else only what both paths agree on, and a write of
    a whole variable (an out argument) forgets every component: the run-time values below are the plain
    semantics of the code (I0 = -7 < 0, I1 = 2 > 0 from the constant buffer)."""
    got = [int(w) for w in run_words(["(uint)joined(I0)", "(uint)joined(I1)", "(uint)one_branch(I0)",
                                      "(uint)one_branch(I1)", "(uint)agreed(I0)",
                                      "asuint(whole_write().x)", "asuint(whole_write().y)"], PROP_DECLS)]
    assert got[:5] == [3, 2, 5, 2, 5]
    assert got[5:] == [0x3F800000, 0x3F800000]  # sin 0 + cos 0 = 1 in both components
