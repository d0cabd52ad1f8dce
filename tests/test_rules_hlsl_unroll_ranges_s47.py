"""Issue 15 (session 47, the lead): how many copies fxc makes of a plain ``[unroll]`` loop whose integer condition is
known only at run time -- the value ranges of intranges.py -- and the copies to the limit answered without making
them (unroll._runaway, unrollbounds.alike_copies).

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 47, in
tests/data/fxc10_unroll_ranges_s47.json; none comes from this compiler. MicrosoftDocs' "for Statement" page says only
that ``[unroll]`` unrolls "until it stops executing" and that fxc refuses a loop it cannot; which loops stop, by
which value ranges, is the DLL's answer. The rows were written over the rule's whole extent: counters starting at a
literal, a constant-buffer value, a compute shader's thread indices (SV_GroupIndex, SV_GroupThreadID, SV_GroupID,
SV_DispatchThreadID under several [numthreads]) and pixel / vertex inputs, through ``& % / >> << + - *``, ``min``,
``max``, ``clamp``, ``countbits``, ``abs``, ``firstbithigh``, casts and ``?:``; bounds of the same kinds on either
side; ``<  <=  >  >=  !=``, ``&&``, ``!``; ``for`` and ``while`` counters stepped up and down by literals, declared in
the loop or before it; top-level ``if (...) break;``; ``[unroll(n)]`` / ``[loop]`` beside them; the D3D9 and level-9
targets. Rows with programs that take this compiler more than a second are left out (CI time).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import gap_params

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_unroll_ranges_s47.json").read_text())["rows"]
_ERROR = re.compile(r"error (X\d+)")

#: rows this compiler still answers otherwise (strict xfails): the reason
_GAPS = {
    "[unroll] for (uint i = j; i < 300; i++)": "a nested [unroll] whose counter starts at the outer counter: fxc's "
              "copies of both run past its limit; the outer loop is kept a loop here, the inner one not judged",
}


def _answer(src: str, target: str) -> str:
    try:
        D3DCompile(src.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        found = _ERROR.findall(str(exc))
        return found[0] if found else "-"


@pytest.mark.backend_independent
@pytest.mark.parametrize(("src", "target", "want"), gap_params(DATA, _GAPS))
def test_unroll_copies_as_fxc_makes_them(src: str, target: str, want: str):
    assert _answer(src, target) == want


def test_the_table_covers_both_verdicts_and_every_stage():
    wants = {w for *_r, w in DATA}
    targets = {t for _s, t, _w in DATA}
    assert {"ok", "X3511"} <= wants and len(DATA) >= 150
    assert {"cs_5_0", "ps_4_0", "ps_5_0", "vs_4_0", "ps_2_0", "ps_3_0", "ps_4_0_level_9_3"} <= targets
