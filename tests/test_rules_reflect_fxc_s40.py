"""Session 40, helper REFL: this project's objects and blob API against d3dcompiler_47 10.1's (issue 15).

Every expectation in ``tests/data/reflect_fxc_s40.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1
run under Wine (tools/wine_d3dcompiler.py), recorded on programs written to vary one rule each:

* ``disassemble``: D3DDisassemble's text for an object (fxc's own, or this compiler's, stored in ``objects``)
  under D3D_DISASM_* flags: PRINT_HEX_LITERALS (every literal word ``0x%08x``: l() / d() operands, the immediate
  constant buffer, a Direct3D 9 ``def``), the Direct3D 9 and level 9 listings' numbering / offsets, their slot
  count line (the texture split only with a texture slot; texkill arithmetic) and INSTRUCTION_ONLY on D3D9 bytecode.
  This project's D3DDisassemble of the same bytes must give the same text (and HRESULT).

* ``listing_lines``: lines of D3DDisassemble's listing of fxc's objects (its own programs, hlsl_gen version 2
  ones) that carry a minimum-precision tag (``{min16u as def32}``; none on a conversion's source, a comparison's,
  movc's condition, ld's address or a shift's amount; def32 after a null first result), a double literal
  (``d(2.500000l, 0.000000l)``), a NaN (``-1.#IND00`` negative, ``1.#QNAN0`` positive) or a rounding tie
  (``130560.007813``): this project's listing of the same object must have each at its line number.
* ``bindings51``: the bindings (name, input type, bind point, count) fxc's ps_5_1 object reflects, against this
  compiler's object of the same source: arrays bound whole (a sampler array too), an array whose lowest element
  read is not element 0 placed after the others of its register set, in the order the C runtime's qsort leaves
  them (objects._place_late). Hand-written programs and random ones (textures, samplers, UAVs, arrays read at a
  literal or run-time index, some register()s).
* ``verdicts51``: fxc's verdict (``ok`` or its first error number) at ps_5_1 / ps_5_0 for a uniform struct holding
  objects beside other objects: X4609 "Overflow of resource binding range" (sm51._check_struct_ranges).

Rows with ``open`` set are strict xfails, each a case this project does not build: an entry parameter's struct
and a uniform array bound as one range by the parameter's name (``p``, ``$q``), fxc's bound of a run-time index
(``a[min(i, 2) + 1]`` read from element 1 on), several arrays left unplaced whose relative order differs from the
qsort model, a struct's member array read past its first element beside a later object (fxc places the struct
after it and compiles), and a struct using two register sets whose error fxc reports as X8000.

A live re-check (skipped without the DLL) puts a sample of the rows to the DLL again.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest

from pyd3d11 import d3dcompiler as dc
from pyd3d11.errors import D3D11Error

DATA = json.loads((Path(__file__).parent / "data" / "reflect_fxc_s40.json").read_text())
OBJECTS = {name: base64.b64decode(b64) for name, b64 in DATA["objects"].items()}


def _disassemble(obj: bytes, flags: int) -> tuple[int, str]:
    try:
        blob = dc.D3DDisassemble(obj, len(obj), flags, None)
    except D3D11Error as e:
        return e.hresult & 0xFFFFFFFF, ""
    return 0, bytes(blob.GetBufferPointer()).rstrip(b"\0").decode("latin-1")


@pytest.mark.parametrize("row", DATA["disassemble"], ids=lambda r: f"{r['object']}-{r['flags']:#x}")
def test_disassemble_text_is_the_dll_s(row):
    hr, text = _disassemble(OBJECTS[row["object"]], row["flags"])
    assert (hr, text) == (row["hr"], row["text"])


@pytest.mark.parametrize("row", DATA["listing_lines"], ids=lambda r: r["object"])
def test_listing_lines_are_the_dll_s(row):
    _, text = _disassemble(OBJECTS[row["object"]], 0)
    lines = text.splitlines()
    assert [(i, lines[i] if i < len(lines) else None) for i, _ in row["lines"]] == [tuple(x) for x in row["lines"]]


def _open(rows: list[dict]) -> list:
    return [pytest.param(r, marks=pytest.mark.xfail(strict=True, reason=r["open"])) if r.get("open") else r
            for r in rows]


def _bindings(obj: bytes) -> list[str]:
    from pyd3d11.tools.api_diff import reflection_dump

    return re.findall(r"bind\[\d+\]: (name=\S+ type=\d+ point=\d+ count=\d+)", reflection_dump(obj)[1])


def _compile(src: str, target: str) -> bytes:
    data = src.encode()
    return bytes(dc.D3DCompile(data, len(data), None, None, None, "main", target, 0, 0).GetBufferPointer())


@pytest.mark.parametrize("row", _open(DATA["bindings51"]), ids=lambda r: f"b{DATA['bindings51'].index(r)}")
def test_sm51_bindings_are_fxc_s(row):
    assert _bindings(_compile(row["source"], row["target"])) == row["bindings"]


def _verdict(src: str, target: str) -> str:
    try:
        _compile(src, target)
    except D3D11Error as e:
        m = re.search(r"error (X\d+)", str(e))
        return m.group(1) if m else "-"
    return "ok"


@pytest.mark.parametrize("row", _open(DATA["verdicts51"]), ids=lambda r: f"v{DATA['verdicts51'].index(r)}")
def test_sm51_struct_range_verdicts_are_fxc_s(row):
    assert _verdict(row["source"], row["target"]) == row["fxc"]


def test_live_disassemble_rows_still_hold():
    from pyd3d11.tools.wine_d3dcompiler import WineCompilerUnavailable, shared

    try:
        real = shared()
    except WineCompilerUnavailable as e:
        pytest.skip(str(e))
    for row in DATA["disassemble"][::9]:
        got = real.disassemble(OBJECTS[row["object"]], row["flags"])
        assert (got.hr, got.blob.rstrip(b"\0").decode("latin-1")) == (row["hr"], row["text"]), row["object"]


def test_live_sm51_rows_still_hold():
    from pyd3d11.tools.wine_d3dcompiler import WineCompilerUnavailable, shared

    try:
        real = shared()
    except WineCompilerUnavailable as e:
        pytest.skip(str(e))
    for row in DATA["bindings51"][::7]:
        got = real.compile(row["source"].encode(), row["target"], "main", 0)
        text = real.api("D3DReflect", got.blob).text.decode("latin-1")
        assert re.findall(r"bind\[\d+\]: (name=\S+ type=\d+ point=\d+ count=\d+)", text) == row["bindings"]
    for row in DATA["verdicts51"][::11]:
        got = real.compile(row["source"].encode(), row["target"], "main", 0)
        m = re.search(r"error (X\d+)", got.messages)
        assert ("ok" if got.ok else m.group(1) if m else "-") == row["fxc"]
