"""Session 38, helper REFL (issue 15): this compiler's objects reflect as d3dcompiler_47's objects of the same source
(the STAT counters: test_rules_d3dcompiler_stat_s38.py).

Every expected value here was recorded from Microsoft's d3dcompiler_47.dll 10.1 under Wine (tools/
wine_d3dcompiler.py), session 38, never from the code under test:

* ``tests/data/reflection_s38_fxc10_1.json``: sources compiled by this compiler, whose reflection must equal the
  DLL's reflection of its own object: the constant buffers' order and sizes ($Params after $Globals, before the
  declared buffers), the $Globals variables' order and offsets (``register(c#)`` ones first, the others packed
  after the last of them), the SFI0 flags (the viewport / render-target index from a vertex or domain shader, no
  bit for early depth-stencil), GetRequiresFlags, and the signature chunks (ISG1 / OSG1 / PSG1 whenever the
  object requires minimum precision), the bindings (at shader model 5.1 an unused object's or buffer's register
  reserves nothing; $Params takes its b# before the declared buffers), the geometry shader's output topology
  and input primitive (none declared when nothing is appended; ``InputPatch<V, N>`` is patchN), and the global
  flags (a 4.0 vertex / pixel / geometry shader declares ``refactoringAllowed`` only beside another flag).
  The minimum-precision flag follows the interface (a signature element, a constant or resource
  read) and the operations computed at minimum precision (globalflags.note_min_precision), not a value only
  converted. Rows of the group ``not_built`` are the DLL's answers this compiler does not give yet: strict
  xfails, each with its reason.

The live re-checks run where the DLL is installed and skip elsewhere.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest

import pyd3d11.d3dcompiler as dc
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.reflection import global_flags
from pyd3d11.tools import wine_d3dcompiler

DATA = Path(__file__).parent / "data"
REFL_ROWS = json.loads((DATA / "reflection_s38_fxc10_1.json").read_text())


def _id(row: dict) -> str:
    return f"{row['rule']}-{row['target']}"


def _facts(blob: bytes) -> dict:
    """What a row records, read through this project's D3DReflect and container parser."""
    r = dc.D3DReflect(blob)
    cbs, variables = [], []
    for i in range(r.GetDesc().ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        desc = cb.GetDesc()
        cbs.append([desc.Name, desc.Size])
        variables.append([[v.Name, v.StartOffset] for v in
                          (cb.GetVariableByIndex(j).GetDesc() for j in range(desc.Variables))])
    c = parse_container(blob)
    sfi0 = c.get("SFI0")
    desc = r.GetDesc()
    return {"cbuffers": cbs, "variables": variables,
            "sfi0": None if sfi0 is None else struct.unpack_from("<Q", sfi0)[0],
            "requires": r.GetRequiresFlags(),
            "signatures": [ch.fourcc for ch in c.chunks if ch.fourcc[:2] in ("IS", "OS", "PC", "PS")],
            "bindings": [[b.Name, b.BindPoint, b.BindCount] for b in
                         (r.GetResourceBindingDesc(i) for i in range(desc.BoundResources))],
            "gs": [desc.GSOutputTopology, desc.InputPrimitive], "globalflags": global_flags(c.program)}


_FIELDS = ("cbuffers", "variables", "sfi0", "requires", "signatures", "bindings", "gs", "globalflags")


def _expected(row: dict) -> dict:
    return {k: row[k] for k in _FIELDS}


#: why each ``not_built`` row's answer is not this compiler's yet
_NOT_BUILT = {
    "minprec-member": "a struct constant whose read member is full precision: the flag is judged per variable here",
    "minprec-matrix": "a min-precision matrix's type loses its precision in this compiler's values (mul(M, M))",
}

_PARAMS = [pytest.param(r, id=f"{r['group']}-{_id(r)}-{i}",
                        marks=[pytest.mark.xfail(strict=True, reason=_NOT_BUILT[r["rule"]])]
                        if r["group"] == "not_built" else [])
           for i, r in enumerate(REFL_ROWS)]


@pytest.mark.parametrize("row", _PARAMS)
def test_reflection_of_our_object_equals_fxcs(row: dict):
    blob = bytes(dc.D3DCompile(row["source"].encode(), None, "t.hlsl", None, None, "main", row["target"], 0, 0))
    assert _facts(blob) == _expected(row)


def test_globals_register_variables_are_placed_first():
    """The rule, stated once (the recorded rows hold its variants): ``float4 a; float4 b : register(c2);`` puts b at
    c2 and a after it, at c3, and the RDEF lists b first."""
    row = next(r for r in REFL_ROWS if r["source"].startswith("float4 a; float4 b : register(c2); float4 c;\nfloat4 "
                                                                  "main() : SV_Target { return a + b + c; }"))
    assert row["variables"][0] == [["b", 32], ["a", 48], ["c", 64]]


# -- the live re-checks -----------------------------------------------------------------------------------------

_LIVE = pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                           reason=str(wine_d3dcompiler.unavailable_reason()))


@_LIVE
def test_reflection_table_matches_the_live_dll():
    import re

    real = wine_d3dcompiler.shared()
    for row in REFL_ROWS:
        r = real.compile(row["source"], row["target"], "main")
        assert r.ok, row["source"]
        dump = real.api("D3DReflect", r.blob).text.decode("latin-1").splitlines()
        cbs = [[m.group(1), int(m.group(2))] for m in
               (re.match(r"cb\[\d+\]: name=(\S+) type=\d+ variables=\d+ size=(\d+)", line) for line in dump) if m]
        variables: list[list] = [[] for _ in cbs]
        for line in dump:
            m = re.match(r"cb\[(\d+)\]\.var\[\d+\]: name=(\S+) start=(\d+)", line)
            if m:
                variables[int(m.group(1))].append([m.group(2), int(m.group(3))])
        requires = int(next(line for line in dump if line.startswith("methods")).split("requires=")[1], 16)
        stage = next(line for line in dump if line.startswith("stage:"))
        c = parse_container(r.blob, verify_checksum=False)
        sfi0 = c.get("SFI0")
        got = {"cbuffers": cbs, "variables": variables,
               "sfi0": None if sfi0 is None else struct.unpack_from("<Q", sfi0)[0], "requires": requires,
               "signatures": [ch.fourcc for ch in c.chunks if ch.fourcc[:2] in ("IS", "OS", "PC", "PS")],
               "bindings": [[m.group(1), int(m.group(2)), int(m.group(3))] for m in
                            (re.match(r"bind\[\d+\]: name=(\S+) type=\d+ point=(\d+) count=(\d+)", line)
                             for line in dump) if m],
               "gs": [int(re.search(r"gstopology=(\d+)", stage).group(1)),
                      int(re.search(r"inputprimitive=(\d+)", stage).group(1))],
               "globalflags": global_flags(c.program)}
        assert got == _expected(row), row["source"]
