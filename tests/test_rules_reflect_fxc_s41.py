"""Session 41, helper REFL: root signatures (the RTS0 part) against d3dcompiler_47 10.1 (issue 15).

Every expectation in ``tests/data/reflect_fxc_s41.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py), recorded on programs written to vary one rule each
(hlsl/rootsig.py, hlsl/entryattrs.attach_root_signature / compile_root_signature):

* ``rts0``: a ``[RootSignature("…")]`` entry point at vs/ps/cs 5.0 and 5.1, D3DCompile's Flags2 0 (version 1.1) or
  D3DCOMPILE_FLAGS2_FORCE_ROOT_SIGNATURE_1_0 (0x10): fxc's verdict (``ok``, its first error number, ``-`` for its
  numberless internal error) and, where it compiles, the RTS0 part's bytes; a root-signature error's text
  (X4612-X4620) is fxc's too. The signatures: the MicrosoftDocs
  examples, one probe per grammar error (X4612 texts, X4613, X4616, X4617, X4619 / X4620 at 1.0), D3D12's
  creation checks (overlapping ranges per class / space / visibility, samplers mixed into a table, a zero-sized
  range, a range appended after an unbounded one, DATA_* flag combinations, reserved spaces, static sampler
  bounds), the program's bindings against the signature (the classes in the order constant buffers, samplers,
  resources, UAVs; a root-level SRV / UAV only for raw or structured buffers; a compute shader sees only
  SHADER_VISIBILITY_ALL parameters and has no DENY flag), and 300 random signatures (hand-written generator:
  clauses, parameters in any order, case, flags, mutations that hit each error) on four programs.
* ``rootsig_target``: the ``rootsig_1_0`` / ``rootsig_1_1`` targets (the entry point names the ``#define``): the
  whole object (a container holding RTS0 alone) or the error fxc reports (``entry``: a NULL entry point's
  D3DERR_INVALIDCALL text).

* ``blob_api``: D3DGetBlobPart(D3D_BLOB_ROOT_SIGNATURE) -- the part inside a container of its own, as the DLL
  answers --, D3DStripShader(D3DCOMPILER_STRIP_ROOT_SIGNATURE) and D3DSetBlobPart(D3D_BLOB_ROOT_SIGNATURE)
  (fxc /setrootsignature: the part given as a container, whose RTS0 replaces the object's and goes last; bytes
  that are no container D3DERR_INVALIDCALL, a container without RTS0 E_FAIL; Flags nonzero refused) on fxc's
  objects, a rootsig_1_x object and this compiler's object: HRESULT and bytes.

Rows with ``open`` set are strict xfails (a case not built). A live re-check (skipped without the DLL) puts the
Flags2 = 0 rows to the DLL again, RTS0 bytes included.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.tools import wine_d3dcompiler
from pyd3d11.tools.shader_test_mutants import _first_error

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s41.json").read_text())


def _param(row: dict, n: int):
    marks = [pytest.mark.xfail(strict=True, reason=row["open"])] if row.get("open") else []
    return pytest.param(row, marks=marks, id=f"{n}-{row['target']}")


def _ours(src: str, target: str, flags2: int, entry: str | None = "main") -> tuple[str, bytes | str | None]:
    """(verdict, object or message): our first error number (``-`` without one) and its text, or ``ok`` and the
    object."""
    data = src.encode()
    msgs: list = []
    try:
        blob = dc.D3DCompile(data, len(data), "s.hlsl", None, None, entry, target, 0, flags2, msgs)
    except D3D11Error as exc:
        text = "".join(bytes(m.GetBufferPointer()).decode("latin-1") for m in msgs) or str(exc)
        message = next((m.group(1).strip() for line in text.splitlines()
                        if (m := re.search(r"\): error X\d+: (.*)$", line))), None)
        return ("entry" if "Entry point must specify" in text else _first_error(text)), message
    return "ok", bytes(blob.GetBufferPointer())


@pytest.mark.parametrize("row", [_param(r, n) for n, r in enumerate(DATA["rts0"])])
def test_root_signature_of_an_entry_point_is_fxc_s(row):
    verdict, obj = _ours(row["source"], row["target"], row["flags2"])
    assert verdict == row["fxc"]
    if verdict == "ok":
        part = parse_container(obj).get("RTS0")
        assert part is not None and part.hex() == row["rts0"]
    elif verdict.startswith("X46"):  # the root signature's own errors: fxc's text too
        assert obj == row["message"]


@pytest.mark.parametrize("row", [_param(r, n) for n, r in enumerate(DATA["rootsig_target"])])
def test_rootsig_target_object_is_fxc_s(row):
    verdict, obj = _ours(row["source"], row["target"], 0, row["entry"])
    assert verdict == row["fxc"]
    if verdict == "ok":
        assert obj.hex() == row["object"]


def test_the_record_covers_each_error_and_both_versions():
    verdicts = {r["fxc"] for r in DATA["rts0"]}
    assert {"ok", "X4612", "X4613", "X4614", "X4616", "X4617", "X4619", "X4620", "-"} <= verdicts
    ok = [r for r in DATA["rts0"] if r["fxc"] == "ok"]
    assert {r["rts0"][:8] for r in ok} == {"01000000", "02000000"}  # versions 1.0 and 1.1
    assert {r["target"][:2] for r in ok} >= {"ps", "vs", "cs"}
    assert len(DATA["rts0"]) >= 520 and len(DATA["rootsig_target"]) == 50


OBJECTS = {name: bytes.fromhex(h) for name, h in DATA["objects"].items()}


@pytest.mark.parametrize("row", DATA["blob_api"], ids=lambda r: f"{r['function']}-{r['object']}-{r['extra']}-{r['b']}")
def test_root_signature_blob_api_is_the_dll_s(row):
    from pyd3d11.tools.api_diff import api_call

    extra = OBJECTS[row["extra"]] if row["extra"] else None
    hr, blob, _text = api_call(row["function"], OBJECTS[row["object"]], row["a"], row["b"], extra)
    assert (hr & 0xFFFFFFFF, bytes(blob).hex()) == (row["hr"], row["result"])


def _rts0_verdict(result) -> str:
    if not result.ok:
        return _first_error(result.messages)
    return "ok:" + (parse_container(result.blob).get("RTS0") or b"").hex()


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None, reason="needs d3dcompiler_47 under Wine")
def test_live_recheck_of_the_flags2_0_rows():
    rows = [(r["source"], r["target"], 0, r["fxc"] if r["fxc"] != "ok" else "ok:" + r["rts0"])
            for r in DATA["rts0"] if r["flags2"] == 0 and not r.get("open")]
    check_live_table(rows[::4], verdict=_rts0_verdict)

