"""Run-time values as fxc's objects compute them -- round 5 (issue 15, session 43, helper MRUN).

Every expected word here is d3dcompiler_47 10.1's (Microsoft's DLL under Wine, tools/wine_d3dcompiler), recorded in
session 43 from its objects run on the reference executor; a skip-guarded test re-checks a sample live.

fxc's optimiser folds an instruction whose operands are all constants -- a local holding a value, an ``asfloat`` of
a literal, the result of an earlier fold -- with its own C runtime in double precision on the float32 operands,
rounded once (hlsl/instfold.py): ``sincos`` is C's sin / cos (``float x = 1e20; cos(x)`` 0x3f411723 where the
executor's sequence gives 1.0), ``exp`` / ``log`` are 2^x and log2 (``exp2(1.5)`` 0x403504f3, the sequence one ulp
above), ``sqrt`` / ``rsq`` sqrt and 1/sqrt rounded once, ``mad`` a * b + c rounded once (``x * y + z`` stays a
multiply and an add, each rounded); also under IEEE strictness, never at /Od (the instruction runs). An operand that
is -0 or a denormal is +0; a domain error's NaN is the runtime's 0xffc10000. ``data/hlsl_values_s43.json``: 665
stores of a cs_5_0 program (body, flags, fxc's word) -- 19 intrinsics of a constant local on 25 values (specials
included), 4 of them again under IEEE strictness, 30 ``mad`` and 24 ``x * y + z`` of constant locals, ``asfloat``
arguments, a static, vectors, chains of folds, /Od forms (665 rows: before the rule 524 agreed, NaN = NaN, after it
631; the 34 others are NOT_BUILT below, each must still differ: a strict xfail by hand). And 5 rows of ``clamp``
(IEEE strictness) whose arguments are constants but not literal expressions: fxc's object is max then min
(``clamp(mad(x, y, x), asfloat(0x7f800000u), 1.0)`` of locals 3 and 2 is 1.0), the front end's ``x < lo ? lo : x >
hi ? hi : x`` (intrinsics.fold_clamp) only for literal expressions -- found by test_hlsl_fold_differential once
``mad`` folded (before: 3 of 5 -- the clamps of ``asfloat`` and ``sqrt`` constants gave inf --, after 5).

The rule replaced two fitted ones: session 37's tanh of a constant lane folded by math.tanh (right for a literal --
litfold.py does that now -- wrong for a local: ``float x = 100; tanh(x)`` is NaN in fxc's object, its sequence's
inf * 0), and session 42's withdrawn sincos fold (SINCOS_ROWS of test_rules_hlsl_values_s42.py pass now).
test_hlsl_fold_differential's "folded == run time" compares the folded code with the run-time program executed
with fxc's folding arithmetic for these instructions (the DefaultValue keeps the executor's: foldinit.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import group_mismatches, row_groups, run_words, same_word, store_source

from pyd3d11.tools import wine_d3dcompiler

#: the words are stored constants: run once, on the reference executor
pytestmark = pytest.mark.backend_specific

_LIVE = wine_d3dcompiler.unavailable_reason()
#: (text before the entry point, body of a cs_5_0 entry storing u[0], flags, fxc's word)
ROWS: list[tuple[str, str, int, int]] = [
    (p, b, f, int(w, 16)) for p, b, f, w in json.loads((Path(__file__).parent / "data" / "hlsl_values_s43.json").read_text())]

#: bodies whose stored word still differs from fxc's, with the reason; each must still differ. Session 46 built the
#: last 29: fxc's expansion constants kept in double (operands.DoubleImm, instfold.fold_double: asin / acos / atan /
#: log10 / exp / log / sinh / cosh / degrees / radians of constant locals) and a static const's exact value
#: (constlit.py: ``cos(s)`` of ``static const float s = 1e20`` is cos of the double 1e20, /Od too)
NOT_BUILT: dict[tuple[str, str], str] = {}

_GROUPS = row_groups(ROWS, alone=lambda r: "u[1]" in r[1])


@pytest.mark.parametrize("group", range(len(_GROUPS)))
def test_constant_instructions_fold_as_fxc(group: int) -> None:
    bad, met = group_mismatches(_GROUPS[group], "s43.hlsl", not_built=NOT_BUILT)
    assert not bad, bad
    assert not met, f"now as fxc (remove from NOT_BUILT): {met}"


def test_rows_hold_the_measured_figures() -> None:
    """The docstring's figures: 670 rows, 34 of them NOT_BUILT in session 43 (29 since session 44: abs of a constant
    zero, instfold.fold_abs, and ``tanh`` of a local 0.3096, whose expansion's modified literals now fold first; none
    since session 46: the expansions' double constants, a static const's exact value)."""
    assert len(ROWS) == 670
    assert sum(1 for r in ROWS if (r[0], r[1]) in NOT_BUILT) == 0


@pytest.mark.skipif(_LIVE is not None, reason=f"d3dcompiler_47 under Wine: {_LIVE}")
def test_rows_are_the_dlls_answers() -> None:
    """Every 15th row, compiled by the DLL now, stores the recorded word."""
    dll = wine_d3dcompiler.shared()
    for pre, body, flags, word in ROWS[::15]:
        r = dll.compile(store_source([body], pre).encode(), "cs_5_0", "main", flags)
        assert r.ok, r.messages
        assert same_word(run_words(r.blob, 1)[0], word), (pre, body, flags)
