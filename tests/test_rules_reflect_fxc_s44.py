"""Session 44, helper REFL: what fxc binds for object variables, and a local read in its own initialiser (issue 15).

Every expectation in ``tests/data/reflect_fxc_s44.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py), in the s43 table's ``bindings`` form (constant buffers with each variable's
uFlags, then name:type:point:count of each bound resource) or ``E X####`` where fxc rejects the source:

* ``selfinit``: a local's scope begins at its declarator, so its initialiser reads the new, undefined variable --
  an operation on it is X4000 (``float x = x + 1; return x;``, ``bool b1 = b1 && c``, a static local, a struct's
  member, a matrix element), a plain copy compiles (``float4 x = float4(1, x.x, 2, 3);``); at ps_3_0 the copy too.
* ``staticobj``: a global ``static Texture2D st;`` without initialiser holds an object as a local does: ``st = t2``
  binds t2 (DXC's new_noop_resource_var), a read before any assignment is X4000 (X4575 at 5.1), arrays too.
* ``objflow``: an object assigned under an ``if`` resolves as fxc flattens the if -- one object from the arms that
  reach its end, an unassigned value ignored unless [branch], /Od or shader model 5.1 keep a branch ([flatten]
  still flattens) -- and stays a run-time choice otherwise (different objects, a loop, a switch: fxc's internal
  error X8000; subscripted X3669).
* ``objindex``: subscripting an object variable never assigned, or calling a raw / structured buffer's method on
  it, is X3690 "Resource being indexed is uninitialized." (its Load or GetDimensions otherwise X4000, X4575 at 5.1);
  a RWByteAddressBuffer's atomic method X3549.

Rows with ``open`` set are strict xfails (not built). A live re-check (skipped without the DLL) puts every row to
the DLL again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, dll_verdict
from test_rules_reflect_fxc_s43 import bindings, ours

from pyd3d11.tools import wine_d3dcompiler

ROWS = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s44.json").read_text())["rows"]

_LIVE = wine_d3dcompiler.unavailable_reason()


def _params() -> list:
    out = []
    for n, row in enumerate(ROWS):
        marks = [pytest.mark.xfail(strict=True, reason=row["open"])] if row.get("open") else []
        out.append(pytest.param(row, marks=marks, id=f"{n}-{row['kind']}-{row['target']}-{row['flags']}"))
    return out


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _params())
def test_object_variables_as_fxc(row):
    assert ours(row["src"], row["target"], row["flags"], "bindings") == row["fxc"]


@pytest.mark.backend_independent
def test_table_covers_the_rules():
    """Each rule has rows on both sides: an X4000 of a self-read and a copy that compiles; a static object bound
    by assignment and one read unassigned; merges that resolve and that stay X8000 (default, /Od, 5.1); X3690."""
    met = [r for r in ROWS if not r.get("open")]

    def count(kind: str, pred) -> int:
        return sum(1 for r in met if r["kind"] == kind and pred(r))
    assert count("selfinit", lambda r: r["fxc"] == "E X4000") >= 15
    assert count("selfinit", lambda r: not r["fxc"].startswith("E ")) >= 5
    assert count("staticobj", lambda r: not r["fxc"].startswith("E ")) >= 10
    assert count("staticobj", lambda r: r["fxc"] in ("E X4000", "E X4575")) >= 3
    assert count("objflow", lambda r: not r["fxc"].startswith("E ")) >= 20
    assert count("objflow", lambda r: r["fxc"] == "E X8000") >= 20
    assert count("objflow", lambda r: r["fxc"] == "E X8000" and r["flags"] & 4) >= 5
    assert count("objflow", lambda r: r["fxc"] == "E X3669") >= 2
    assert count("objindex", lambda r: r["fxc"] == "E X3690") >= 10


def _dll(result) -> str:
    return bindings(result.blob) if result.ok else "E " + dll_verdict(result)


@pytest.mark.backend_independent
@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_table_against_the_live_dll():
    check_live_table([(r["src"], r["target"], r["flags"], r["fxc"]) for r in ROWS], verdict=_dll)
