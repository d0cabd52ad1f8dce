"""Session 45, helper REFL: fxc's STAT counting and what it binds and refuses (issue 15, round 8).

Every expectation in ``tests/data/reflect_fxc_s45.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py), recorded once (no live calls here):

* ``stat``: fxc's own program for the source (its listing, written by this project's disassembler) and the
  counters the DLL wrote in its STAT chunk. The test assembles the listing and counts it, so the counting rules of
  ``stat.program_stats`` are checked on fxc's instruction stream, apart from this compiler's code: an ``if`` on a
  constant-buffer value is static flow control (as ``switch`` is), one on any other value dynamic; a ``dmov``
  through an indexable temp counts only as an array instruction, as a ``mov`` does. Rows with ``open`` set are
  strict xfails (a move of double data, which fxc does not count as a move: not built).
* ``rows``: the s43 table's ``bindings`` form (constant buffers with each variable's uFlags, then
  name:type:point:count of each bound resource) or ``E X####`` where fxc rejects the source.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_rules_reflect_fxc_s43 import ours

from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.dxbc.stat import program_stats

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s45.json").read_text())


def _marked(rows: list, ident) -> list:
    """pytest params of ``rows``; a row with ``open`` set (not built) is a strict xfail."""
    return [pytest.param(r, id=ident(n, r), marks=[pytest.mark.xfail(strict=True, reason=r["open"])] if r.get("open")
                         else []) for n, r in enumerate(rows)]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _marked(DATA["stat"], lambda n, r: f"{r['rule']}-{r['target']}"))
def test_stat_counters_of_fxcs_program(row: dict):
    st = program_stats(assemble_program("\n".join(row["listing"])))
    assert {f: getattr(st, f) for f in row["stat"]} == row["stat"]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _marked(DATA["rows"], lambda n, r: f"{n}-{r['kind']}-{r['target']}-{r['flags']}"))
def test_bindings_and_verdicts_as_fxc(row):
    assert ours(row["src"], row["target"], row["flags"], "bindings") == row["fxc"]


@pytest.mark.backend_independent
def test_table_covers_the_rules():
    """Each counting rule has rows on both sides: an ``if`` on a constant buffer (static) and one on a value
    computed or read from an input (dynamic); a dmov through x#."""
    rules = [r["rule"] for r in DATA["stat"]]
    assert sum(r.startswith("if-cb") for r in rules) >= 6
    assert sum(r.endswith("-dynamic") for r in rules) >= 3
    assert sum(r.startswith("dmov-x") for r in rules) >= 2
