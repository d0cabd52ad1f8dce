"""Session 46, helper REFL: the reflection API on fxc's objects, and what fxc binds and refuses (issue 15, round 9).

Every expectation in ``tests/data/reflect_fxc_s46.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py; D3DReflect answers through the driver's reflection dump), recorded once (no
live calls here):

* ``api.objects``: three of fxc's objects (ps_4_0_level_9_3, vs_4_0_level_9_1, cs_5_0), base64.
* ``api.tokens``: fxc's ps_4_0_level_9_3 object with the first word of its Aon9 program patched (the checksum
  rewritten): D3DReflect's HRESULT and GetMinFeatureLevel's (HRESULT, level). The DLL reads the program's own
  version token, not the chunk header's (fxc writes 2.0 there at 9_3 too), through a table of versions
  (``aon9._TOKEN_LEVELS``); S_FALSE (1) answers -- a version it knows but maps to no level -- are compared on the
  level alone (this project's GetMinFeatureLevel returns a level or raises: it has no S_FALSE).
* ``api.aon9``: the same object with its Aon9 chunk cut or a header word patched: D3DReflect refuses a chunk
  shorter than its 36-byte header (``short``: a chunk of its own, its program the header's
  version word), a program under 4 bytes, a program offset whose word is past the chunk.
* ``api.blobpart``: D3DGetBlobPart of fxc's cs_5_0 object, good, with a wrong checksum, cut: the flags are judged
  first, then the container, then the part (an unknown part of a wrong-checksum blob is E_FAIL).
* ``rows``: the s43 table's ``bindings`` form (constant buffers with each variable's uFlags, then
  name:type:point:count of each bound resource) or ``E X####`` where fxc rejects the source; a Direct3D 9 target's
  row (``form``: ``verdict``) holds the first error number or ``ok``. ``selfarr``: a local array read in its own
  initialiser -- what it reads of itself is undefined (an operation on it X4000), an element copied from such a read
  is unwritten (a read of it X4000, the others compile), an if / else arm's write does not define it, an
  unconditional one does; ``uavloop``: a loop whose exit depends on a UAV load stays with its binding though its
  results are dead (a Buffer read or an input's goes); ``noinit``: arrays without initialiser (open gaps). Rows
  with ``open`` set are strict xfails (not built).
"""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict
from test_rules_reflect_fxc_s43 import ours

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.container import build_container, parse_container

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s46.json").read_text())
API = DATA["api"]
OBJECTS = {k: base64.b64decode(v["blob"]) for k, v in API["objects"].items()}
S_FALSE = 1


def _hr(fn) -> tuple[int, object]:
    try:
        return 0, fn()
    except D3D11Error as e:
        return e.hresult & 0xFFFFFFFF, None


def _with_aon9(blob: bytes, payload: bytes) -> bytes:
    return build_container([(c.fourcc, payload if c.fourcc == "Aon9" else c.data) for c in parse_container(blob)])


def _reflect_answers(blob: bytes) -> tuple[int, list | None]:
    """(D3DReflect's HRESULT, [GetMinFeatureLevel's HRESULT, level]) as the recorded rows hold them."""
    hr, r = _hr(lambda: dc.D3DReflect(blob, len(blob)))
    if hr:
        return hr, None
    fhr, level = _hr(r.GetMinFeatureLevel)
    return 0, [fhr, 0 if level is None else level]


def _recorded(row: dict) -> tuple[int, list | None]:
    minfl = row["minfl"]
    if minfl is not None and minfl[0] == S_FALSE:
        minfl = [0, minfl[1]]
    return row["reflect"], minfl


def _patched_program_token(token: int) -> bytes:
    blob = OBJECTS["ps93"]
    aon9 = bytearray(parse_container(blob).get("Aon9"))
    struct.pack_into("<I", aon9, struct.unpack_from("<I", aon9, 12)[0], token)
    return _with_aon9(blob, bytes(aon9))


@pytest.mark.backend_independent
def test_min_feature_level_reads_the_aon9_programs_token():
    bad = [f"{r['token']:#010x}: fxc {_recorded(r)} ours {_reflect_answers(_patched_program_token(r['token']))}"
           for r in API["tokens"] if _reflect_answers(_patched_program_token(r["token"])) != _recorded(r)]
    assert not bad, bad


@pytest.mark.backend_independent
def test_fxcs_level9_objects_as_the_dll_reflects_them():
    """fxc writes 2.0 in the Aon9 header of a 9_3 object; the level is the program's (9_3), and this compiler's
    9_3 object has fxc's header word and level."""
    for name, level, header in (("ps93", 0x9300, 0xFFFF0200), ("vs91", 0x9100, 0xFFFE0200)):
        blob = OBJECTS[name]
        assert struct.unpack_from("<I", parse_container(blob).get("Aon9"), 4)[0] == header
        assert dc.D3DReflect(blob).GetMinFeatureLevel() == level
        src, target = API["objects"][name]["src"], API["objects"][name]["target"]
        ours_blob = bytes(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0))
        assert struct.unpack_from("<I", parse_container(ours_blob).get("Aon9"), 4)[0] == header
        assert dc.D3DReflect(ours_blob).GetMinFeatureLevel() == level


@pytest.mark.backend_independent
def test_d3dreflect_checks_the_aon9_header():
    blob = OBJECTS["ps93"]
    aon9 = bytes(parse_container(blob).get("Aon9"))
    bad = []
    for row in API["aon9"]:
        kind, *args = row["patch"]
        x = bytearray(aon9)
        if kind == "cut":
            x = x[: args[0]]
        elif kind == "short":  # a chunk of its own: a 2.1 token read at offset 4 (the header's), 4 program bytes
            x = (struct.pack("<4I", 0, 0xFFFF0201, 4, 4) + bytes(40))[: args[0]]
        else:
            struct.pack_into("<I" if kind == "word" else "<H", x, args[0], args[1])
        got = _reflect_answers(_with_aon9(blob, bytes(x)))
        if got != _recorded(row):
            bad.append(f"{row['patch']}: fxc {_recorded(row)} ours {got}")
    assert not bad, bad


@pytest.mark.backend_independent
def test_get_blob_part_judges_the_container_before_the_part():
    good = OBJECTS["cs50"]
    bad_sum = bytearray(good)
    bad_sum[4] ^= 1
    data = {"good": good, "badsum": bytes(bad_sum), "trunc": good[:40]}
    bad = []
    for row in API["blobpart"]:
        d = data[row["data"]]
        hr, b = _hr(lambda d=d, row=row: dc.D3DGetBlobPart(d, len(d), row["part"], row["flags"]))
        got = (hr, 0 if b is None else len(bytes(b)))
        if got != (row["hr"], row["size"]):
            bad.append(f"{row['data']} part {row['part']:#x} flags {row['flags']}: fxc {row['hr']:08x} ours {hr:08x}")
    assert not bad, bad


def _ident(n: int, r: dict) -> str:
    return f"{n}-{r['kind']}-{r['target']}-{r['flags']}"


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", [pytest.param(r, id=_ident(n, r), marks=[pytest.mark.xfail(strict=True, reason=r["open"])]
                                              if r.get("open") else []) for n, r in enumerate(DATA["rows"])])
def test_bindings_and_verdicts_as_fxc(row: dict):
    if row.get("form") == "verdict":
        assert mutant_verdict(row["src"], row["target"], row["flags"]) == row["fxc"]
    else:
        assert ours(row["src"], row["target"], row["flags"], "bindings") == row["fxc"]


@pytest.mark.backend_independent
def test_table_covers_the_rules():
    """Rows on both sides of each rule: tokens the DLL maps to a level, refuses, and knows without a level;
    header patches refused and accepted; blob parts judged after a wrong checksum and before it."""
    kinds = {(r["reflect"], (r["minfl"] or [None])[0]) for r in API["tokens"]}
    assert {(0, 0), (0, S_FALSE), (0, 0x80070057)} <= kinds
    assert {r["reflect"] for r in API["aon9"]} == {0, 0x80070057}
    assert {r["hr"] for r in API["blobpart"] if r["data"] == "badsum"} == {0x80004005, 0x8876086C}
    rows = DATA["rows"]
    for kind in ("selfarr", "uavloop"):  # each rule's rows both refuse / bind and compile / drop
        got = {r["fxc"] for r in rows if r["kind"] == kind and not r.get("open")}
        assert len(got) >= 2, kind
    assert sum(r["kind"] == "uavloop" and r["fxc"] == "" for r in rows) >= 4  # loops fxc drops whole
    assert len(rows) <= 125 and len(API["tokens"]) + len(API["aon9"]) + len(API["blobpart"]) <= 100
