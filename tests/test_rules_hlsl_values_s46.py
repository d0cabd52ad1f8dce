"""Run-time values as fxc's objects compute them -- round 8: constants fxc's front end holds in double (issue 15,
session 46, helper MRUN).

Every expected word here is d3dcompiler_47 10.1's (Microsoft's DLL under Wine, tools/wine_d3dcompiler), recorded in
session 46 from its objects run on the reference executor (``data/hlsl_values_s46.json``: text before the entry
point, the body of a cs_5_0 entry storing ``u[0]`` of a ``RWStructuredBuffer<float>``, flags, fxc's word; the
programs also declare ``cbuffer C { float4 a; }``, filled by optdiff's seed-0 words; NaN = NaN). Four rules:

1. **An intrinsic expansion's constants are doubles when fxc folds its instructions** (operands.DoubleImm,
   instfold.fold_double): ``float x = 0.9; exp(x)`` is 2^(x * log2 e) with log2 e a double, rounded once
   (0x401d6a23; a float32 log2 e gives ...22); ``log`` / ``log10``'s ln 2 / log10 2, ``degrees`` / ``radians``,
   ``sinh`` / ``cosh`` / ``tanh``'s log2 e, ``asin`` / ``acos`` / ``atan`` / ``atan2``'s pi, pi/2 and polynomial
   coefficients alike. Not under IEEE strictness (the float32 constants) and not at /Od (the instructions run).
2. **The inverse trigonometric expansions' ``a * b + c`` steps fold one by one, each rounded** (intrinsics_math._mad:
   fxc writes them as a multiply and an add and fuses them into ``mad`` only when they run); ``atan2``'s ``x < 0``
   term keeps its double -pi through the compare's mask (instfold.masked_double). acos on 93 constant locals,
   atan on 180, atan2 on 96 fitted this model only.
3. **A const variable with a literal initialiser is its exact value** (constlit.py): a ``static const`` global, a
   ``const`` or ``static const`` local -- scalar, vector, array element at a literal index, int, nested -- meets
   literal arithmetic and literal intrinsic calls as the initialiser's double, at /Od too: ``static const float v =
   16777217.0; v - 16777216.0`` is 1.0; ``static const float v = 1e20; sin(v)`` sin of the double 1e20. A plain
   local or ``static`` copy, an ``asfloat`` initialiser and the variable stored alone are float32.
4. **A comparison of float literal expressions compares their doubles** (litfold.literal_compare): ``16777217.0 >
   16777216.0`` is true, ``0.1f == 0.1`` true (a suffix does not round the literal), ``0.1 + 0.2 == 0.3`` false.

Before these rules (the session-start commit fbfa428b) 93 of the 194 rows agreed; after them 194. The rows were
chosen where the double and the float32 constants give different words (random values, seed 4646) plus guards
(IEEE strictness, /Od, copies that stay float32); none repeats a row of test_rules_hlsl_values_s43.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import group_mismatches, row_groups

#: the words are stored constants: run once, on the reference executor
pytestmark = pytest.mark.backend_specific

_DATA = json.loads((Path(__file__).parent / "data" / "hlsl_values_s46.json").read_text())
#: (text before the entry point, body of a cs_5_0 entry storing u[0], flags, fxc's word)
ROWS: list[tuple[str, str, int, int]] = [(p, b, f, int(w, 16)) for p, b, f, w in _DATA["rows"]]
_CB = "cbuffer C : register(b0) { float4 a; };"
_GROUPS = row_groups(ROWS)


@pytest.mark.parametrize("group", range(len(_GROUPS)), ids=[f"{g[0][2]}-{i}" for i, g in enumerate(_GROUPS)])
def test_constants_fold_as_fxc(group: int) -> None:
    bad, _ = group_mismatches(_GROUPS[group], "s46.hlsl", _CB, _DATA["cbuffer_seed"])
    assert not bad, bad


def test_rows_hold_the_measured_figures() -> None:
    """The docstring's figures: 194 rows, none repeating a row of the s43 table."""
    assert len(ROWS) == 194 and len({(p, b, f) for p, b, f, _ in ROWS}) == 194
    s43 = json.loads((Path(__file__).parent / "data" / "hlsl_values_s43.json").read_text())
    assert not {(p, b, f) for p, b, f, _ in s43} & {(p, b, f) for p, b, f, _ in ROWS}
