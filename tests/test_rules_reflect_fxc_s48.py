"""Session 48, helper REFL: what fxc's objects hold and what its reflection reads of them (issue 15, round 11).

Every expectation in ``tests/data/reflect_fxc_s48.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1 run
under Wine (tools/wine_d3dcompiler.py; D3DReflect answers through the driver's reflection dump,
tools/api_diff.py), recorded once -- no live calls here:

* ``minfl``: fxc's objects of three shader models (vs_4_0, ps_5_0, ps_4_0_level_9_1), base64, and
  the same objects with an SFI0 chunk of chosen words put in (the checksum rewritten): D3DReflect's HRESULT and
  GetMinFeatureLevel's (HRESULT, level). The level is the model's (the Aon9 program's at level 9), raised to 11_1
  by the 64-UAV bit (0x8) and to 11_0 by the UAVs-at-every-stage bit (0x4); no other bit moves it
  (``reflection.ID3D11ShaderReflection.GetMinFeatureLevel``).
* ``depth``: a pixel shader writing SV_DepthGreaterEqual / SV_DepthLessEqual while it reads SV_Position neither
  centroid nor sample interpolated, with no input that puts it at sample frequency, fails fxc's bytecode
  validator (X8000), judged on the finished program's declarations (``hlsl/depthvalid``); the first error
  number, or ``ok``.
* ``sbarr``: the RDEF descriptions (D3D_CT_RESOURCE_BIND_INFO buffers) of arrays of structured buffers -- one per
  element read at 5.0 named as its binding, one per array below 5.0 named after the first element read, one per
  array at 5.1 named after its first element with the element's own type (``hlsl/reflect._bind_info_buffers``):
  the DLL's dump lines of every constant buffer and of its first variable's type.
* ``vpos``: ps_3_0's vPos: declared with the components the final program reads (``dcl vPos.x``, ``dcl vPos`` for
  all four), after the v# inputs, beside vFace in signature order; a read of .z / .w is the validator's X5631
  unless D3DCOMPILE_SKIP_VALIDATION (``sm2/vpos.py``, ``sm2/d3d9._ps3_io``): the first error number, or ``ok``
  and the listing's ``dcl`` lines.
* ``lib``: library targets (entry NULL): an exported prototype no definition follows is a function with an empty
  body (X3507 for a value it never returns, X3578 only for an out parameter); an exported function's out parameter
  left unwritten is the warning X3578, not X3508; an exported signature holding a struct, an array or an object is
  X3710, a double X3717, the return type first (``hlsl/libproto.py``, ``inlining._library_export``). Rows with
  ``open`` set are strict xfails (not built).
"""

from __future__ import annotations

import base64
import json
import re
import struct
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.container import build_container, parse_container
from pyd3d11.tools.api_diff import reflection_dump

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s48.json").read_text())
OBJECTS = {k: base64.b64decode(v["blob"]) for k, v in DATA["minfl"]["objects"].items()}


def _hr(fn) -> tuple[int, object]:
    try:
        return 0, fn()
    except D3D11Error as e:
        return e.hresult & 0xFFFFFFFF, None


def _with_sfi0(blob: bytes, lo: int, hi: int) -> bytes:
    """``blob`` with its SFI0 chunk (put in before STAT where it has none) holding the two words."""
    chunks = [(c.fourcc, c.data) for c in parse_container(blob) if c.fourcc != "SFI0"]
    at = [f for f, _ in chunks].index("STAT")
    chunks.insert(at, ("SFI0", struct.pack("<II", lo, hi)))
    return build_container(chunks)


def _min_feature_level(blob: bytes) -> tuple[int, list | None]:
    hr, r = _hr(lambda: dc.D3DReflect(blob, len(blob)))
    if hr:
        return hr, None
    fhr, level = _hr(r.GetMinFeatureLevel)
    return 0, [fhr, 0 if level is None else level]


def _minfl_id(row: dict) -> str:
    return row["obj"] + ("" if row["sfi0"] is None else "-{:x}-{:x}".format(*row["sfi0"]))


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["minfl"]["rows"], ids=_minfl_id)
def test_min_feature_level_reads_the_model_and_two_sfi0_bits(row):
    blob = OBJECTS[row["obj"]]
    if row["sfi0"] is not None:
        blob = _with_sfi0(blob, *row["sfi0"])
    assert _min_feature_level(blob) == (row["reflect"], row["minfl"])


@pytest.mark.backend_independent
def test_our_object_with_64_uav_slots_is_11_1():
    """This compiler's own object of a pixel shader with UAVs past u7 carries the 64-UAV bit, and reflects 11_1
    (d3dcompiler_47's object of the same source: 0xb100)."""
    src = ("RWBuffer<float> u[9];\nfloat4 main(float4 p : SV_Position) : SV_Target { u[8][0] = 1; u[0][1] = 2; "
           "return p; }")
    blob = bytes(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "ps_5_0", 0, 0))
    assert dc.D3DReflect(blob).GetRequiresFlags() & 0x8
    assert dc.D3DReflect(blob).GetMinFeatureLevel() == 0xB100


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["depth"], ids=lambda r: r["name"])
def test_conservative_depth_needs_a_centroid_or_sample_position(row):
    assert mutant_verdict(row["src"], row["target"], row["flags"]) == row["expected"]


def _cb_lines(blob: bytes) -> list[str]:
    hr, text = reflection_dump(blob)
    assert hr == 0
    return [ln for ln in text.splitlines()
            if re.match(r"cb\[\d+\](: |\.var\[0\]\.type: )", ln) and "hr=" not in ln]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["sbarr"], ids=lambda r: r["name"])
def test_structured_buffer_arrays_are_described_as_fxc_does(row):
    src = row["src"]
    blob = bytes(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", row["target"], 0, 0))
    assert _cb_lines(blob) == row["cbs"]


def _dcl_lines(blob: bytes) -> list[str]:
    text = bytes(dc.D3DDisassemble(blob, len(blob), 0, None)).decode("latin-1").replace("\0", "")
    return [ln.strip() for ln in text.splitlines() if ln.strip().startswith("dcl")]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", DATA["vpos"], ids=lambda r: f"{r['flags']}-{r['src'][12:60]}")
def test_vpos_is_declared_as_read_and_its_zw_judged_by_the_validator(row):
    src, target, flags = row["src"], row["target"], row["flags"]
    assert mutant_verdict(src, target, flags) == row["expected"]
    if row["expected"] == "ok":
        blob = bytes(dc.D3DCompile(src.encode(), len(src), None, None, None, "main", target, flags, 0))
        assert _dcl_lines(blob) == row["dcls"]


def _lib_params() -> list:
    return [pytest.param(r, id=r["name"], marks=[pytest.mark.xfail(strict=True, reason=r["open"])] if "open" in r
                         else []) for r in DATA["lib"]]


@pytest.mark.backend_independent
@pytest.mark.parametrize("row", _lib_params())
def test_library_exports_as_fxc_judges_them(row):
    entry = None if row["target"].startswith("lib") else "main"
    assert mutant_verdict(row["src"], row["target"], 0, entry=entry) == row["expected"]


@pytest.mark.backend_independent
def test_table_coverage():
    """The record holds each rule's both sides: levels raised and not, validator failures and passes, each
    shader model of the structured-buffer arrays."""
    levels = {tuple(r["minfl"]) for r in DATA["minfl"]["rows"] if r["minfl"]}
    assert {(0, 0xB100), (0, 0xB000), (0, 0xA000), (0, 0x9100)} <= levels
    verdicts = {r["expected"] for r in DATA["depth"]}
    assert {"ok", "X8000"} <= verdicts
    assert {r["target"] for r in DATA["sbarr"]} >= {"cs_4_0", "cs_5_0", "cs_5_1", "vs_4_0", "ps_5_1"}
    assert {(r["flags"], r["expected"]) for r in DATA["vpos"]} >= {(0, "ok"), (0, "X5631"), (2, "ok")}
    assert {r["expected"] for r in DATA["lib"]} >= {"ok", "X3507", "X3501", "X3508", "X3710", "X3717"}
    rows = sum(len(DATA[k]) for k in ("depth", "sbarr", "vpos", "lib")) + len(DATA["minfl"]["rows"])
    assert rows <= 150
