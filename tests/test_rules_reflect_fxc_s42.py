"""Session 42, helper REFL: what fxc binds and reflects after dead-code removal (issue 15).

Every expectation in ``tests/data/reflect_fxc_s42.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py): the object's constant buffers (by name, as D3DReflect lists them) and its
bound resources (name, D3D_SHADER_INPUT_TYPE, bind point, bind count), or ``E X####`` where fxc rejects the source.

* ``bindings`` / ``hand``: programs written to vary one rule each -- a constant buffer, $Globals, $Params, a
  tbuffer or a ConstantBuffer<S> read only by code whose value is dropped (a dead local, a loop body, a branch
  arm, a branch condition whose arms write a dead variable, a ``while`` on a local known to be 0, a switch case, an
  empty ``if``), beside a live buffer that then moves down into the freed b#, an explicit register(b#) that stays
  reserved below 5.1, the /Od forms (a construct with no effect inside goes whole at /Od too; a store overwritten
  before any read goes, partial ones masked), at ps_5_0, ps_5_0 /Od, ps_4_0 and ps_5_1.
* ``bindings`` / other kinds: 300 random programs (a session-42 generator: nine kinds of read -- cbuffer member,
  cbuffer array element at a literal or run-time index, $Globals, tbuffer, Texture2D Load / SampleLevel, Buffer,
  StructuredBuffer, RWBuffer -- in 23 dead or live positions -- live ones: returned, in a loop, in an arm, as a
  branch / discard / early-return / break condition, stored to a UAV --, with a neighbour buffer or object, at
  ps_4_0 / ps_5_0 / ps_5_1, default or /Od).

The rules: deadres.dead_buffers (a buffer no instruction reads is neither declared nor reflected and takes no
register), adce.sweep (control flow is useful only around a useful instruction), optimize._unreachable (code
after an unconditional break / continue / ret), adce.sweep_unoptimized (/Od's dead stores). Rows with ``open``
set are strict xfails (not built). A live re-check (skipped without the DLL) puts every row to the DLL again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, dll_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.reflection import D3DReflect
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s42.json").read_text())

_LIVE = wine_d3dcompiler.unavailable_reason()


def summary(blob: bytes) -> str:
    """An object's constant buffers and bindings as the table records them."""
    r = D3DReflect(blob)
    d = r.GetDesc()
    out = [f"cb:{r.GetConstantBufferByIndex(i).GetDesc().Name}" for i in range(d.ConstantBuffers)]
    for k in range(d.BoundResources):
        b = r.GetResourceBindingDesc(k)
        out.append(f"{b.Name}:{b.Type}:{b.BindPoint}:{b.BindCount}")
    return " ".join(out)


def ours(src: str, target: str, flags: int) -> str:
    try:
        b = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as exc:
        return "E " + _first_error(str(exc))
    return summary(bytes(b.GetBufferPointer()))


def _param(row: dict, n: int):
    marks = [pytest.mark.xfail(strict=True, reason=row["open"])] if row.get("open") else []
    return pytest.param(row, marks=marks, id=f"{n}-{row['kind']}-{row['target']}-{row['flags']}")


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", [_param(r, n) for n, r in enumerate(DATA["bindings"])])
def test_bindings_after_dead_code_as_fxc(row):
    assert ours(row["src"], row["target"], row["flags"]) == row["fxc"]


def test_table_covers_the_rules():
    """The table holds dead reads of every buffer kind, their /Od forms, and the live positions that must stay."""
    kinds = {r["kind"] for r in DATA["bindings"]}
    for want in ("cb/dead loop body", "glob/dead cond", "tb/dead local", "cb/live uav write", "tex/dead cond both arms"):
        assert any(k == want for k in kinds), want
    assert sum(1 for r in DATA["bindings"] if r["flags"] == 4) >= 100
    assert sum(1 for r in DATA["bindings"] if r["fxc"] == "") >= 50  # objects binding nothing at all


def _dll_summary(result) -> str:
    return summary(result.blob) if result.ok else "E " + dll_verdict(result)


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
def test_bindings_table_against_the_live_dll():
    check_live_table([(r["src"], r["target"], r["flags"], r["fxc"]) for r in DATA["bindings"]], verdict=_dll_summary)
