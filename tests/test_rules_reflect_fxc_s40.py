"""Session 40, helper REFL: this project's objects and blob API against d3dcompiler_47 10.1's (issue 15).

Every expectation in ``tests/data/reflect_fxc_s40.json`` is the answer of Microsoft's d3dcompiler_47.dll 10.1
run under Wine (tools/wine_d3dcompiler.py), recorded on programs written to vary one rule each:

* ``disassemble``: D3DDisassemble's text for an object (fxc's own, or this compiler's, stored in ``objects``)
  under D3D_DISASM_* flags: PRINT_HEX_LITERALS (every literal word ``0x%08x``: l() / d() operands, the immediate
  constant buffer, a Direct3D 9 ``def``), the Direct3D 9 and level 9 listings' numbering / offsets, their slot
  count line (the texture split only with a texture slot; texkill arithmetic) and INSTRUCTION_ONLY on D3D9 bytecode.
  This project's D3DDisassemble of the same bytes must give the same text (and HRESULT).

A live re-check (skipped without the DLL) puts a sample of the rows to the DLL again.
"""

from __future__ import annotations

import base64
import json
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


def test_live_disassemble_rows_still_hold():
    from pyd3d11.tools.wine_d3dcompiler import WineCompilerUnavailable, shared

    try:
        real = shared()
    except WineCompilerUnavailable as e:
        pytest.skip(str(e))
    for row in DATA["disassemble"][::9]:
        got = real.disassemble(OBJECTS[row["object"]], row["flags"])
        assert (got.hr, got.blob.rstrip(b"\0").decode("latin-1")) == (row["hr"], row["text"]), row["object"]
