"""Loops in functions inlined into FXLVM state expressions (effects/fxexpr.py ``_Inliner.loop``).

The rule, from the machine's definition: the FXLC opcode table (effects/fxlc.py: DXDecompiler's FxlcOpcode, Wine's
d3d10 table) has no flow-control operation, so a loop can be compiled only by unrolling it, which needs every test
of its condition known at compile time. Expected values are the HLSL meaning of each function, computed here in
Python for several values of the effect variable; the program is run by the FXLVM evaluator.
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.effects import fxlvm as L
from pyd3d11.effects.fxcompile import compile_effect
from pyd3d11.errors import NotSupportedError

pytestmark = pytest.mark.backend_independent

SLOW_OPS = 0x2  # D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS: expressions in a state object compile


def _program(func: str) -> L.Program:
    src = f"int i; {func} DepthStencilState d {{ DepthFunc = f(i); }};"
    eff = compile_effect(src, "f.fx", "fx_5_0", flags2=SLOW_OPS)
    return L.decode(eff.objects[0].blocks[0][0].value)


def _run(p: L.Program, i: int) -> int:
    return L.evaluate(p, L.variable_table(p, lambda _n: struct.pack("<i", i)))[0]


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
