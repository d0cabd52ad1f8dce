"""HLSL precedence and associativity beyond the binary-operator pairs of test_rules_hlsl_operators: unary
operators and casts against every binary operator, the conditional operator, assignment and the comma.

Source: MicrosoftDocs direct3dhlsl "Operators" (HLSL follows C's precedence table: postfix, then unary
``- + ! ~ ++ --`` and casts, then the binary levels ``* / %``, ``+ -``, ``<< >>``, relational, equality, ``&``, ``^``,
``|``, ``&&``, ``||``, then ``?:``, then the assignment operators, then ``,``; the unary, conditional and
assignment levels group right to left, the binary ones left to right). Each expected value is computed here
with the grouping the table gives, using 32-bit C arithmetic (test_rules_hlsl_operators.apply); for every case
the operands are chosen so that the other grouping gives a different value, so the case pins the rule."""

from __future__ import annotations

import pytest
from test_rules_hlsl_operators import OPS, _s32, apply
from test_rules_hlsl_types import run_words

pytestmark = pytest.mark.backend_specific  # compiled once and run on the reference executor

UNARY = {"-": lambda x: _s32(-x), "~": lambda x: _s32(~x), "!": lambda x: int(not x)}
VALUES = [-7, 2, 3, 5, 1, 0, 12, -1]


def _valid(op: str, b: int) -> bool:
    return not (op in ("/", "%") and b == 0)


def _unary_cases():
    """(expression, expected) for every unary operator before every binary operator: ``U a OP b`` is
    ``(U a) OP b``; operands chosen where ``U (a OP b)`` differs — except where no operands can tell (``-`` before
    ``*``, ``/``, ``%``, ``<<``, and ``~`` before ``>>`` and ``^``: the two commute in 32-bit C arithmetic), which keep
    one case."""
    out = []
    for u, fu in UNARY.items():
        for op in OPS:
            pairs = [(a, b) for a in VALUES for b in VALUES if _valid(op, b)]
            told = [(a, b) for a, b in pairs if apply(op, fu(a), b) != fu(apply(op, a, b))]
            a, b = (told or [(3, 2)])[0]
            out.append((f"{u}({a}) {op} ({b})", apply(op, fu(a), b)))
    return out


def _cast_cases():
    """A cast binds like a unary operator: ``(int)x OP y`` converts x alone (x = 2.5: (int)2.5 = 2)."""
    out = []
    for op in OPS:
        for y in (3, 2, 1, 5):
            right = apply(op, 2, y)
            # the other grouping converts the float result of 2.5 OP y (comparisons give 0/1)
            import math
            f = {"*": 2.5 * y, "/": 2.5 / y, "+": 2.5 + y, "-": 2.5 - y, "<": float(2.5 < y), ">": float(2.5 > y),
                 "<=": float(2.5 <= y), ">=": float(2.5 >= y), "==": float(2.5 == y), "!=": float(2.5 != y),
                 "&&": 1.0, "||": 1.0}.get(op)
            if f is None:  # % << >> & ^ | are integer-only: (int)2.5 OP y against the float rejected; any y pins it
                out.append((f"(int)2.5f {op} {y}", right))
                break
            if math.trunc(f) != right:
                out.append((f"(int)2.5f {op} {y}", right))
                break
        else:
            out.append((f"(int)2.5f {op} 3", apply(op, 2, 3)))  # the groupings agree: still the value
    return out


CASES = _unary_cases() + _cast_cases() + [
    # ?: is below || and groups right to left: a ? b : c ? d : e is a ? b : (c ? d : e)
    ("0 || 1 ? 10 : 20", 10),
    ("1 && 0 ? 10 : 20", 20),
    ("0 ? 1 : 0 ? 2 : 3", 3),
    ("1 ? 1 : 0 ? 2 : 3", 1),
    ("1 | 2 ? 4 : 8", 4),
    ("2 + 3 == 5 ? 7 : 9", 7),
]

DECLS = """
int assign_right() { int x = 1, y = 2; x = y = 3; return x * 10 + y; }
int compound_right() { int x = 1, y = 2; x += y *= 5; return x * 100 + y; }
int assign_below_ternary() { int x = 0; x = 0 ? 4 : 6; return x; }
int comma_lowest() { int x = 0, y = 0; x = 1, y = 2; return x * 10 + y; }
int comma_value() { int x = (4, 7); return x; }
int postfix_before_unary() { int a[2] = { 5, 9 }; return -a[1]; }
int preincrement_then_binary() { int x = 3; int y = ++x * 2; return y * 10 + x; }
int postincrement_value() { int x = 3; int y = x++ * 2; return y * 10 + x; }
"""
FUNCS = [("assign_right()", 33), ("compound_right()", 1110), ("assign_below_ternary()", 6), ("comma_lowest()", 12),
         ("comma_value()", 7), ("postfix_before_unary()", -9), ("preincrement_then_binary()", 84),
         ("postincrement_value()", 64)]


def test_unary_cast_and_conditional_precedence():
    got = [int(w) for w in run_words([f"(uint)({e})" for e, _ in CASES], "")]
    want = [v & 0xFFFFFFFF for _, v in CASES]
    bad = [(e, g, w) for (e, _), g, w in zip(CASES, got, want) if g != w]
    assert not bad, bad


def test_assignment_and_comma_associativity():
    got = [int(w) for w in run_words([f"(uint){f}" for f, _ in FUNCS], DECLS)]
    assert got == [v & 0xFFFFFFFF for _, v in FUNCS]
