"""Loops, overloads and out parameters in functions inlined into FXLVM state expressions (effects/fxexpr.py).

Loops (``_Inliner.loop``), from the machine's definition: the FXLC opcode table (effects/fxlc.py: DXDecompiler's FxlcOpcode, Wine's
d3d10 table) has no flow-control operation, so a loop can be compiled only by unrolling it, which needs every test
of its condition known at compile time. Expected values are the HLSL meaning of each function, computed here in
Python for several values of the effect variable; the program is run by the FXLVM evaluator.

Overloads: HLSL picks the overload whose parameter types match the arguments exactly over any needing a
conversion (MicrosoftDocs "Functions (DirectX HLSL)": overloading by parameter types; the C++-like ranking the
HLSL compiler applies); only that case is built. ``out`` / ``inout`` parameters: the value is copied back to the
argument when the function returns ("out: copied back to the caller when the function returns"; ``inout``
copied in and out -- MicrosoftDocs "Function Parameters"), under the condition the calling statement runs in.
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.effects import fxlvm as L
from pyd3d11.effects.fxcompile import compile_effect
from pyd3d11.errors import NotSupportedError
from pyd3d11.shader.hlsl.diagnostics import HlslError

pytestmark = pytest.mark.backend_independent

SLOW_OPS = 0x2  # D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS: expressions in a state object compile


def _program(func: str, expr: str = "f(i)") -> L.Program:
    src = f"int i; float s; {func} DepthStencilState d {{ DepthFunc = {expr}; }};"
    eff = compile_effect(src, "f.fx", "fx_5_0", flags2=SLOW_OPS)
    return L.decode(eff.objects[0].blocks[0][0].value)


def _run(p: L.Program, i: int, s: float = 0.0) -> int:
    return L.evaluate(p, L.variable_table(p, lambda n: struct.pack("<i", i) if n == "i" else struct.pack("<f", s)))[0]


def _for(i):
    acc = 0
    for k in range(4):
        acc += i * k
        if i > k:
            acc += 1
    return acc


def _while(i):
    acc, k = i, 10
    while k > 1:
        acc = acc * 2 + k
        k = k // 2  # 10 5 2 1: HLSL int division truncates, positive here
    return acc


def _do(i):
    acc, k = 0, 5
    while True:  # do { } while (k < 3): the body runs once though the condition is false at once
        acc += i + k
        k += 1
        if not k < 3:
            return acc


CASES = [
    ("int f(int x) { int acc = 0; for (int k = 0; k < 4; k++) { acc += x * k; if (i > k) acc += 1; } "
     "return acc; }", _for),
    ("int f(int x) { int acc = x; int k = 10; while (k > 1) { acc = acc * 2 + k; k /= 2; } return acc; }", _while),
    ("int f(int x) { int acc = 0; int k = 5; do { acc += x + k; ++k; } while (k < 3); return acc; }", _do),
    ("int f(int x) { int acc = 0; for (int k = 3; k > 0; --k) for (int m = 0; m < k; m++) acc += x - m; "
     "return acc; }", lambda i: sum(i - m for k in (3, 2, 1) for m in range(k))),
]


@pytest.mark.parametrize("func,meaning", CASES, ids=["for", "while", "do", "nested"])
def test_constant_loops_unroll_to_the_hlsl_value(func, meaning):
    p = _program(func)
    for i in (-7, -1, 0, 1, 2, 5, 1000):
        assert _run(p, i) == meaning(i) & 0xFFFFFFFF, (func, i)


def _guarded(x):
    acc, k = 1, 0
    if x > 0:
        for k in range(3):
            acc *= x + k
        k = 3
    if x < -5:
        return 0
    for m in range(2):
        acc += k * 10 + m
    return acc


def test_loops_under_a_variable_condition_unroll():
    """A loop inside ``if (x > 0)`` and one after a conditional return: where the condition is false every write
    of the loop is discarded, so the trip count is the one where it holds."""
    p = _program("int f(int x) { int acc = 1; int k = 0; if (x > 0) { for (k = 0; k < 3; k++) acc *= x + k; } "
                 "if (x < -5) return 0; for (int m = 0; m < 2; m++) acc += k * 10 + m; return acc; }")
    for i in (-9, -6, -5, 0, 1, 2, 4):
        assert _run(p, i) == _guarded(i) & 0xFFFFFFFF, i


@pytest.mark.parametrize("func,what", [
    ("int f(int x) { int acc = 0; for (int k = 0; k < x; k++) acc += k; return acc; }", "not known at compile"),
    ("int f(int x) { int acc = 0; for (int k = 0; k < 4; k++) { if (k == 2) break; acc += x; } return acc; }",
     "Break"),
    ("int f(int x) { for (;;) {} return x; }", "more than 1024"),
    ("int f(int x) { int acc = 0; for (int k = 0; k < 4; k++) { if (x > 0) k += 1; acc += k; } return acc; }",
     "not known at compile"),
])
def test_loops_that_cannot_unroll_are_named(func, what):
    with pytest.raises(NotSupportedError, match=what):
        _program(func)


def test_overloads_pick_the_exact_match():
    p = _program("int g(int x) { return x * 3; } int g(float x) { return 7; } int g(uint x) { return 5; } "
                 "int f(int x) { return g(x) + g(s) * 100; }")
    for i in (-2, 0, 4):
        assert _run(p, i, 2.5) == (i * 3 + 700) & 0xFFFFFFFF


@pytest.mark.parametrize("func", [
    "int g(int x) { return x; } int g(float x) { return 7; } int f(int x) { return g(2); }",  # a literal argument
    "int g(float x) { return 1; } int g(uint x) { return 5; } int f(int x) { return g(x); }",  # conversions only
])
def test_overloads_without_one_exact_match_are_named(func):
    with pytest.raises(NotSupportedError, match="overloads"):
        _program(func)


def test_out_and_inout_arguments_are_copied_back_under_the_calling_condition():
    p = _program("void h(int x, out int a, inout int b) { a = x + 1; b = b * x; } "
                 "int f(int x) { int a = 9; int b = 2; if (x > 2) h(x, a, b); return a * 100 + b; }")
    for i in (-1, 0, 3, 5):
        assert _run(p, i) == ((i + 1) * 100 + 2 * i if i > 2 else 902) & 0xFFFFFFFF


def test_out_argument_beside_a_return_value_and_an_early_return():
    p = _program("int g(int x, out int y) { y = x * 2; if (x < 0) return 0; y += 1; return x + 1; } "
                 "int f(int x) { int y = 0; int r = g(x, y); return r * 10 + y; }")
    for i in (-3, -1, 0, 2, 7):
        want = 0 * 10 + 2 * i if i < 0 else (i + 1) * 10 + 2 * i + 1
        assert _run(p, i) == want & 0xFFFFFFFF


def test_an_out_argument_must_be_a_local_of_a_calling_function():
    """A global (a uniform of the effect) as an out argument of a state expression is no l-value: d3dcompiler_47
    10.1's X3025 (session 46, helper EFX; was NotSupportedError)."""
    with pytest.raises(HlslError, match="X3025"):
        _program("int g(int x, out int y) { y = x; return x; }", "g(i, i)")
