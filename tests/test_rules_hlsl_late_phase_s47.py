"""Issue 15 (session 47, the lead): two rules of when fxc judges a value rather than a type.

- A known-zero integer divisor (X4010 "Unsigned integer divide by zero") is found in the phase of a literal index out
  of bounds (X3504), after the type rules of the whole file: ``int k = 1 / 0; return p + undefined;`` is X3004,
  ``... return p.xyzq;`` X3018, ``... return mul(p, float3x3(...));`` X3017, a type error in a function nothing calls
  first too; the first met of X4010 / X3504 / a double's refusal is reported (``1 / 0`` before ``a[3]`` is X4010,
  the other order X3504), then a run-time ``[unroll]``'s X3511 and an uninitialised read's X4000. A discarded
  expression statement's division is not generated (``1 / 0;`` compiles) -- divisions.defer_simplifier_error,
  discarded.discard, compiler.zero_divisor_first.
- A ``const`` global without ``static`` is a uniform (its value the constant buffer's): no literal for an array
  dimension (X3058, at every target and in effects), a template count (X3060 / X3061), nor for a ``static const``
  computed from it; its value still reads at run time (``return N;``, ``p[N]``) -- parser.parse_var_decls.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 47, in
tests/data/fxc10_late_phase_s47.json; none comes from this compiler. MicrosoftDocs' "Variable Syntax" page says a
global variable without ``static`` is a uniform shader input (so no compile-time constant); the order of X4010 is
the DLL's answer.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_late_phase_s47.json").read_text())["rows"]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "target", "want"), [pytest.param(*r, id=f"{k}-{r[1]}") for k, r in enumerate(DATA)])
def test_first_error_as_fxc_reports_it(src: str, target: str, want: str):
    assert mutant_verdict(src, target, 0) == want


def test_the_table_holds_both_rules():
    wants = [w for *_r, w in DATA]
    assert wants.count("X4010") >= 10 and wants.count("X3058") >= 10 and wants.count("X3004") >= 8
    assert {"ps_2_0", "ps_3_0", "ps_4_0", "ps_5_0", "cs_5_0", "fx_2_0", "fx_5_0"} <= {t for _s, t, _w in DATA}
