"""Issue 15 (session 39, helper D9): the Direct3D 9 (vs/ps 2.0, 3.0) and 4_0_level_9_x targets as Microsoft's own
compiler decides them -- round 2.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 39
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s39.json; none comes from this compiler. The MicrosoftDocs
pages ("for Statement", "Flow Control" and "Specifying Compiler Targets") say only that fxc unrolls loops where a
target needs it and what ``[unroll]`` / ``[loop]`` ask; the rules below are fxc's answers. Tables:

- ``loop_unrolling`` (unroll._judge_unrolled): below shader model 4 fxc unrolls a loop whose copies fold before it
  checks that a value made into a ``uint`` is known not to be negative (X3548), so a counter's literal value in each
  copy decides -- ``for (int k = 3; k != 0; k--) (uint)k`` compiles, ``(uint)(k - 2)`` there does not; steps by
  ``k += -1`` / ``k = k + 1`` / ``--k``, a second step in the body, ``while`` / ``do`` loops, float and vector
  component counters, ``[loop]`` loops alike. A loop whose copies fold for ever is X3511 where no copy made a
  negative uint first (``for (k = 0; k < 3; k -= 1) (uint)(2 - k)``) and X3548 where one did. At vs_3_0 / ps_3_0
  (targets with loops) a loop holding another loop is not judged on copies (X3548 for ``(uint)(k - j)``).
  Rows generated over starts x conditions x steps x uses (a hash picks the use and two of six targets per program),
  plus the forms above; 714 rows.

Rows this compiler still answers otherwise are strict xfails with the reason (``_gap``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s39.json").read_text())
VERDICT_TABLES = ("loop_unrolling",)
_ERROR = re.compile(r"error (X\d+)")


def _gap(table: str, src: str, target: str, want: str) -> str | None:
    """Why this compiler answers a recorded row otherwise (None: it must agree)."""
    if table == "loop_unrolling":
        if "} v += (uint)(k - 1)" in src and want == "ok":
            # (session 40: GEN's loop exit values know ``k`` after a loop of a literal trip count; the for loop
            # with its counter declared outside and a ``k != 1`` bound still falls to X3548 here)
            return "fxc knows a counter's value after a loop it unrolls; the loop generated here keeps none"
        if "continue;" in src and want == "ok":
            return "a loop with a continue is not unrolled here (unroll._unroll), so its copies are not judged"
        if "7 / (uint)(3 - k)" in src and want == "X4579":
            return "fxc's copy divides by a literal 0 (X4579); the copies here stop at the divisor's X3548"
        if "[fastopt]" in src and target in ("vs_3_0", "ps_3_0"):
            return "fxc keeps a [fastopt] loop at the 3.0 targets (no copies: X3548); judged on copies here"
        if "v += k - 2;" in src and want == "X3548":
            return ("a uint difference folded in a copy (1u - 2) wraps silently here; fxc refuses a non-const "
                    "variable's known value minus a larger literal (``uint k = 1; k - 2`` is X3548)")
    return None


def answer(src: str, target: str) -> str:
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        found = _ERROR.findall(str(exc))
        return found[0] if found else "-"


def _rows(tables: tuple[str, ...]):
    for table in tables:
        for k, (src, target, want) in enumerate(DATA[table]):
            why = _gap(table, src, target, want)
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            yield pytest.param(table, src, target, want, id=f"{table}-{k}-{target}", marks=marks)


@COMPILE_ONLY
@pytest.mark.parametrize(("table", "src", "target", "want"), list(_rows(VERDICT_TABLES)))
def test_verdict_as_fxc_gives_it(table: str, src: str, target: str, want: str):
    assert answer(src, target) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {"loop_unrolling": 714}
    # each rule's table holds both answers (a table of one verdict would not tell the rule from its absence)
    for table in VERDICT_TABLES:
        assert len({want == "ok" for _s, _t, want in DATA[table]}) == 2, table


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded verdict row is asked again."""
    check_live_table([(src, target, 0, want) for table in VERDICT_TABLES for src, target, want in DATA[table][::10]],
                     name="t.hlsl")
