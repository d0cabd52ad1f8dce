"""Issue 15 (session 48, the lead): a known-zero integer divisor's X4010 against the other refusals of its phase.

fxc (d3dcompiler_47 10.1) finds X4010 "Unsigned integer divide by zero" after the type rules of the whole file
(session 47's table, tests/test_rules_hlsl_late_phase_s47.py) and, within its phase, in the order its code generation
meets the refusals, evaluation order through inlined calls: a pixel shader's barrier (X3664 "ps_5_0 does not support
thread synchronization operations") met first is reported, met after the division X4010; a call of a function
declared without a body (X3510) likewise; a double below shader model 5 (X3651), a Direct3D 9 target's uint refusal
(X3548), a run-time resource-array index at 4.0 (X3512) and a run-time ``[unroll]``'s X3511 met first win; the
numberless "invalid sequence/cast expression" of a void value cast met first wins, met after it loses. A division in a
discarded expression statement or a folded branch is no error. (compiler.zero_divisor_first, inlining's stamped
deferred_call_error; divisions.check_zero_divisor keeps the error in cg.deferred_oob_error.)

Every expected column was recorded from d3dcompiler_47 10.1 under Wine, session 48, in
tests/data/fxc10_late_phase_s48.json; none comes from this compiler. Before the rule (session-start commit 1794cbc8)
59 of the 69 rows agreed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import gap_params, mutant_verdict

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_late_phase_s48.json").read_text())["rows"]


#: rows this compiler still answers otherwise (strict xfails): the reason
_GAPS: dict[str, str] = {}  # (``r + x + undefined`` after a run-time [unroll]: met by typepass.py, session 48 ACC)


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "target", "want"), gap_params(DATA, _GAPS))
def test_zero_divisor_in_its_phase_as_fxc_reports_it(src: str, target: str, want: str):
    assert mutant_verdict(src, target, 0) == want


def test_the_table_holds_both_orders():
    """Each refusal of the phase appears both before and after a division in the table."""
    wants = [w for *_r, w in DATA]
    assert len(DATA) == 69
    for code in ("X3664", "X3510", "X3651", "X3511", "-"):
        assert code in wants, code
    assert wants.count("X4010") >= 35
