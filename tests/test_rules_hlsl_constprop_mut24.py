"""Session 24 (helper MUT): constant propagation across calls to overloaded functions of different arities
(shader/hlsl/constprop.py ``_written_argument``, session 23): an argument position some overload lacks is no
``out``/``inout`` position of that overload ("Functions": ``in`` parameters are the callee's copies, ``inout``
are copied back). The loop count comes from the constant buffer (U0 = 3), so nothing unrolls at compile time;
the expected value is the loop's closed form, computed here."""

from __future__ import annotations

from test_rules_hlsl_types import VALS, run_words

U0 = VALS["U0"]

DECLS = """void grow(inout int a) { a += 2; }
void grow(int a, int b) { }
uint read_arity() { int x = 1; int y = 4; int z = 0;
  for (uint i = 0; i < U0; i++) { z = x; grow(x, y); grow(y); } return (uint)(z * 100 + x * 10 + y); }
"""


def test_overloads_of_different_arities():
    """grow(x, y) is the two-parameter overload (changes nothing); grow(y) adds 2 to y each pass."""
    (w,) = run_words(["read_arity()"], DECLS)
    assert int(w) == 1 * 100 + 1 * 10 + (4 + 2 * U0)
