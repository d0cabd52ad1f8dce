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

import numpy as np
import pytest

from pyd3d11.tools import optdiff, wine_d3dcompiler
from pyd3d11.tools.fxc_oracle import _reference_backend

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
NOT_BUILT: dict[str, str] = {}

_CHUNK = 48  # stores per program (the executor's structured buffer holds 48 elements)


def _nan(w: int) -> bool:
    return (w & 0x7F800000) == 0x7F800000 and bool(w & 0x7FFFFF)


def _agree(a: int, b: int) -> bool:
    return a == b or (_nan(a) and _nan(b))


def _source(bodies: list[str], pre: str = "") -> str:
    blocks = "\n".join("    { " + b.replace("u[0]", f"u[{i}]") + " }" for i, b in enumerate(bodies))
    return f"RWStructuredBuffer<float> u : register(u0);\n{pre}\n[numthreads(1, 1, 1)] void main()\n{{\n{blocks}\n}}\n"


def _words(blob: bytes, n: int) -> list[int]:
    with _reference_backend():
        res = optdiff._run_all([blob], 4, 0, 1, False)[0]
    return [int(w) for w in np.asarray(res["UAV#0 word"]).ravel().view(np.uint32)[:n]]


def _groups() -> list[list[tuple[str, str, int, int]]]:
    """The rows in programs of up to _CHUNK stores, one text before the entry point and one flag set each (a body
    that writes another element than u[0] alone)."""
    out: list[list[tuple[str, str, int, int]]] = []
    for key in sorted({(p, f) for p, _, f, _ in ROWS}):
        rows = [r for r in ROWS if (r[0], r[2]) == key]
        alone = [r for r in rows if "u[1]" in r[1]]
        rows = [r for r in rows if r not in alone]
        out += [rows[i:i + _CHUNK] for i in range(0, len(rows), _CHUNK)] + [[r] for r in alone]
    return out


_GROUPS = _groups()


@pytest.mark.parametrize("group", range(len(_GROUPS)))
def test_constant_instructions_fold_as_fxc(group: int) -> None:
    rows = _GROUPS[group]
    pre, flags = rows[0][0], rows[0][2]
    blob = optdiff._compile(_source([b for _, b, _, _ in rows], pre).encode(), "s43.hlsl", "main", "cs_5_0", None,
                            None, flags, True)
    got = _words(blob, len(rows))
    bad = [(b, f"{g:08x}", f"{w:08x}") for (_, b, _, w), g in zip(rows, got) if not _agree(g, w) and b not in NOT_BUILT]
    assert not bad, bad
    met = [b for (_, b, _, w), g in zip(rows, got) if _agree(g, w) and b in NOT_BUILT]
    assert not met, f"now as fxc (remove from NOT_BUILT): {met}"


def test_rows_hold_the_measured_figures() -> None:
    """The docstring's figures: 670 rows, 34 of them NOT_BUILT in session 43 (29 since session 44: abs of a constant
    zero, instfold.fold_abs, and ``tanh`` of a local 0.3096, whose expansion's modified literals now fold first; none
    since session 46: the expansions' double constants, a static const's exact value)."""
    assert len(ROWS) == 670
    assert sum(1 for r in ROWS if r[1] in NOT_BUILT) == 0


@pytest.mark.skipif(_LIVE is not None, reason=f"d3dcompiler_47 under Wine: {_LIVE}")
def test_rows_are_the_dlls_answers() -> None:
    """Every 15th row, compiled by the DLL now, stores the recorded word."""
    dll = wine_d3dcompiler.shared()
    for pre, body, flags, word in ROWS[::15]:
        r = dll.compile(_source([body], pre).encode(), "cs_5_0", "main", flags)
        assert r.ok, r.messages
        assert _agree(_words(r.blob, 1)[0], word), (pre, body, flags)
