"""Issue 15 (session 43, helper D9): the phase in which Microsoft's compiler judges an entry point's signature, at the
Direct3D 9 (vs/ps 2.0 / 3.0), 4_0_level_9_x and 4.0 / 4.1 / 5.0 targets.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 43
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s43.json; none comes from this compiler. The MicrosoftDocs
"Semantics" page lists the semantics each stage takes, not the order of the refusals; fxc's answers are the rule.

- ``phase`` (hlsl/sigphase.py; signatures.bind_input / bind_output record, compiler.py raises): a cross product of
  signatures (an invalid input or output semantic, a double element, a system value twice, an output twice, a depth
  of two components, SV_VertexID declared float, SV_InstanceID at level 9, a duplicated input of another layout, a
  read input a Direct3D 9 target has no register for) with bodies holding one refusal each (an undeclared name
  X3004, an unsigned value X3548, a double X3684 / X3651, a min16float X3703, an uninitialised value X4000 / X3508,
  a loop fxc cannot unroll X3511, a Load X4532, a derivative in a loop, a control body), with each signature's
  control row and each body's. fxc's order: the type rules; the element types (X3687, X4555, X3536, X4016); the
  optimiser's refusals (X3511, X3684, X3651, X3548, X3703, X4000, X3508); the semantics (X4502, X4574, X4504,
  X4503 at level 9, X4528, X4540); then the code's (X4532, X4580, the 4.0+ X4503, X4541). The binding here refused at
  the parameter or the return first (it was X4502 before X3684 / X4000 / X3511 / X3004, X3687 before X3004, X4528
  before a read input's X4502).

Rows this compiler still answers otherwise are strict xfails; the reason of each is in the data file's ``gaps``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, mutant_verdict

from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s43.json").read_text())
TABLES = ("phase",)
GAPS = DATA["gaps"]


def _rows(tables: tuple[str, ...]):
    for table in tables:
        for k, (src, target, flags, want) in enumerate(DATA[table]):
            why = GAPS.get(f"{table}/{k}")
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            yield pytest.param(src, target, flags, want, id=f"{table}-{k}-{target}-{flags}", marks=marks)


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), list(_rows(TABLES)))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"phase": 1604, "gaps": 43}
    # the table holds each phase's numbers, the signature's and the bodies' (each rule's both answers)
    wants = {want for *_r, want in DATA["phase"]}
    assert {"X3004", "X3687", "X4555", "X3536", "X4016", "X3511", "X3684", "X3651", "X3548", "X3703", "X4000",
            "X3508", "X4502", "X4574", "X4504", "X4503", "X4528", "X4532", "X4580", "ok"} <= wants


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded row is asked again."""
    check_live_table([row for table in TABLES for row in DATA[table][::10]])
