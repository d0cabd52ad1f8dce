"""Run-time values as fxc's objects compute them -- round 9: sign and round of front-end constants, conversion pairs
of constants, and the widened generator's families (issue 15, session 47, helper MRUN).

Every expected word here is d3dcompiler_47 10.1's (Microsoft's DLL under Wine, tools/wine_d3dcompiler), recorded in
session 47 from its objects run on the reference executor (``data/hlsl_values_s47.json``: text before the entry
point, the body of a cs_5_0 entry storing ``u[0]`` of a ``RWStructuredBuffer<float>``, flags, fxc's word; the
programs also declare ``cbuffer C { float4 a; }``, filled by optdiff's seed-0 words; NaN = NaN). Rules:

1. **sign of a literal expression is its double's sign, an int** (litfold._fold_sign): ``sign(-1e-40)`` is -1,
   ``sign(1e-40 * 1e-30)`` 1, ``sign(float2(-1e-40, 1e-40))`` (-1, 1), a const's literal value too, at /Od and under
   IEEE strictness; the run-time sequence's ``lt`` flushes the denormal (0). A plain local is not folded.
2. **round of a const variable's literal value, or of an intrinsic the front end folds, is floor(x + 0.5)**
   (intrinsics._i_unary_f): ``const float k = 2.5; round(k)`` 3, ``round(sqrt(6.25))`` 3, ``const float k = -0.0;
   round(k)`` +0 at /Od (round_ne: 2, -0). A plain or ``static`` local goes through the instruction.
3. **a conversion and its inverse of a constant are removed before the constant folds** (Codegen.convert_base's
   ``Val.int_source``; convpairs.py for an icb element at a run-time index): ``(uint)(float)16777217u`` is
   16777217, ``(uint)(float)0x7FFFFFFFu`` 0x7FFFFFFF, ``(int)(float)SI[i]`` of a static const int array the element
   -- when fxc optimises (not /Od, not IEEE strictness); mixed kinds (``(int)(float)u``) and an operation between
   keep both conversions.
4. **fma of constant doubles stays an instruction** (doubles._FOLD has no dfma): ``uint z = (int)fma(0.0L, 0.0L,
   0.0L); a / z`` compiles (fxc proves no zero: X4010 was reported here), where ``mad`` / ``*`` / ``+`` / ``min`` /
   ``rcp`` of constant doubles fold.
5. Guards of tools/cs_gen's families (agreed before): firstbithigh / firstbitlow / countbits / reversebits,
   f32tof16 / f16tof32, shifts by run-time amounts, doubles, each on a static const table's edge words at a
   run-time index.

Before these rules (the session-start commit c1258329) 77 of the 141 rows agreed; after them 141. No row repeats a
row of the s43, s44 or s46 tables.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import group_mismatches, row_groups

#: the words are stored constants: run once, on the reference executor
pytestmark = pytest.mark.backend_specific

_DATA = json.loads((Path(__file__).parent / "data" / "hlsl_values_s47.json").read_text())
#: (text before the entry point, body of a cs_5_0 entry storing u[0], flags, fxc's word)
ROWS: list[tuple[str, str, int, int]] = [(p, b, f, int(w, 16)) for p, b, f, w in _DATA["rows"]]
_CB = "cbuffer C : register(b0) { float4 a; };"
_GROUPS = row_groups(ROWS)


@pytest.mark.parametrize("group", range(len(_GROUPS)), ids=[f"{g[0][2]}-{i}" for i, g in enumerate(_GROUPS)])
def test_values_as_fxc(group: int) -> None:
    bad, _ = group_mismatches(_GROUPS[group], "s47.hlsl", _CB, _DATA["cbuffer_seed"])
    assert not bad, bad


def test_rows_hold_the_measured_figures() -> None:
    """The docstring's figures: 141 rows, none repeating a row of the s43, s44 or s46 tables."""
    assert len(ROWS) == 141 and len({(p, b, f) for p, b, f, _ in ROWS}) == 141
    older: set[tuple] = set()
    for name in ("s43", "s44", "s46"):
        data = json.loads((Path(__file__).parent / "data" / f"hlsl_values_{name}.json").read_text())
        older |= {(r[0], r[1], r[2]) for r in (data["rows"] if isinstance(data, dict) else data)}
    assert not older & {(p, b, f) for p, b, f, _ in ROWS}
