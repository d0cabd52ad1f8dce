"""Session 43, helper REFL: what fxc binds and reflects -- /Od zero tests, dead minimum-precision operations, /Od
loops that never run, the requirement flags of dead code, 5.1 tbuffer placement (issue 15).

Every expectation in ``tests/data/reflect_fxc_s43.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py), read back through this project's D3DReflect:

* ``bindings``: the object's constant buffers with each variable's uFlags (D3D_SVF_USED), then its bound resources
  (name, D3D_SHADER_INPUT_TYPE, bind point, bind count), or ``E X####`` where fxc rejects the source.
  - ``od/…``: /Od zero tests (odbool.py): ``float m = 0.0; if (m) {…} else {…}`` keeps both arms at /Od, ``m = 1.0``
    folds; the forms (``!m``, ``m != 0``, ``m == 0``, ``?:``, ``&&``, casts, ``bool b = m``, ``any``), the operations
    computed from zeros that keep the test (``m * -2.0``, ``m + m``, ``sqrt(m)``) and those that fold (``m * 2.0``,
    ``frac(m)``, ``m > 0``), statics, parameters, int / double / const values that fold, default flags;
  - ``odloop/…``: a loop whose condition is false on entry is gone at /Od (adce.sweep_unoptimized);
  - ``tb51/…``: shader model 5.1 automatic tbuffers (open: placed after the other t# objects by a rule not found).
* ``requires``: GetRequiresFlags (hex) and the signature chunks' forms (ISGN / ISG1, OSGN / OSG1):
  D3D_SHADER_REQUIRES_MINIMUM_PRECISION (and the ISG1 / OSG1 forms) only where a minimum-precision operation is left
  after dead-code removal (globalflags.settle_min_precision) -- hand rows and 240 random ones (a session-43
  generator: twelve min-precision expressions in the 19 dead / live positions of session 42's generator, ps_4_0 /
  5_0 / 5_1, default or /Od) --; D3D_SHADER_REQUIRES_DOUBLES and the 11.1 double extensions only where a double
  instruction is left (doubles.global_flags).

Rows with ``open`` set are strict xfails (not built). A live re-check (skipped without the DLL) puts every row to
the DLL again.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, dll_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.reflection import D3DReflect
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s43.json").read_text())

_LIVE = wine_d3dcompiler.unavailable_reason()


def bindings(blob: bytes) -> str:
    """An object's constant buffers, their variables' uFlags and its bindings as the table records them."""
    r = D3DReflect(blob)
    d = r.GetDesc()
    out = []
    for i in range(d.ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        bd = cb.GetDesc()
        out.append(f"cb:{bd.Name}")
        out += [f"v:{cb.GetVariableByIndex(k).GetDesc().Name}/{cb.GetVariableByIndex(k).GetDesc().uFlags}"
                for k in range(bd.Variables)]
    for k in range(d.BoundResources):
        b = r.GetResourceBindingDesc(k)
        out.append(f"{b.Name}:{b.Type}:{b.BindPoint}:{b.BindCount}")
    return " ".join(out)


def _fourccs(blob: bytes) -> list[str]:
    n = struct.unpack_from("<I", blob, 28)[0]
    return [blob[o:o + 4].decode("latin-1") for o in (struct.unpack_from("<I", blob, 32 + 4 * i)[0] for i in range(n))]


def requires(blob: bytes) -> str:
    """GetRequiresFlags (hex) and the signature chunks' names."""
    flags = f"{D3DReflect(blob).GetRequiresFlags():x}"
    return " ".join([flags] + sorted(f for f in _fourccs(blob) if f[:3] in ("ISG", "OSG")))


_SUMMARY = {"bindings": bindings, "requires": requires}


def ours(src: str, target: str, flags: int, table: str) -> str:
    try:
        b = dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0)
    except D3D11Error as exc:
        return "E " + _first_error(str(exc))
    return _SUMMARY[table](bytes(b.GetBufferPointer()))


def _params(table: str) -> list:
    out = []
    for n, row in enumerate(DATA[table]):
        marks = [pytest.mark.xfail(strict=True, reason=row["open"])] if row.get("open") else []
        out.append(pytest.param(row, marks=marks, id=f"{n}-{row['kind']}-{row['target']}-{row['flags']}"))
    return out


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _params("bindings"))
def test_bindings_as_fxc(row):
    assert ours(row["src"], row["target"], row["flags"], "bindings") == row["fxc"]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _params("requires"))
def test_requires_flags_as_fxc(row):
    assert ours(row["src"], row["target"], row["flags"], "requires") == row["fxc"]


def test_table_covers_the_rules():
    """Zero tests that stay and that fold at /Od, their default-flag forms, loops that never run, dead and live
    minimum-precision operations, dead double instructions."""
    kinds = {r["kind"] for r in DATA["bindings"]}
    for want in ("od/zero test", "od/folds", "od/default flags", "odloop/never runs"):
        assert want in kinds, want
    assert sum(1 for r in DATA["bindings"] if r["kind"] == "od/zero test" and not r.get("open")) >= 40
    rows = [r for r in DATA["requires"] if r["kind"].startswith("minprec")]
    assert sum(1 for r in rows if int(r["fxc"].split()[0], 16) & 0x10) >= 40  # D3D_SHADER_REQUIRES_MINIMUM_PRECISION
    assert sum(1 for r in rows if not int(r["fxc"].split()[0], 16) & 0x10 and "dead" in r["kind"]) >= 40
    assert sum(1 for r in DATA["requires"] if r["kind"] == "doubles/dead" and r["fxc"].startswith("0 ")) >= 4


def _dll(table: str):
    summary = _SUMMARY[table]

    def verdict(result) -> str:
        return summary(result.blob) if result.ok else "E " + dll_verdict(result)
    return verdict


@pytest.mark.skipif(_LIVE is not None, reason=f"live d3dcompiler_47: {_LIVE}")
@pytest.mark.parametrize("table", ["bindings", "requires"])
def test_table_against_the_live_dll(table):
    check_live_table([(r["src"], r["target"], r["flags"], r["fxc"]) for r in DATA[table]], verdict=_dll(table))
