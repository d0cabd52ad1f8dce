"""Issue 15 (session 41, helper D9): the Direct3D 9 (vs/ps 2.0-3.0) and 4_0_level_9_x targets as Microsoft's own
compiler decides them -- round 4: what the known-positive rule (X3548) knows of pow / sqrt / rsqrt / log, and a
double output's refusal.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 41
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s41.json; none comes from this compiler. The MicrosoftDocs
"pow" / "sqrt" / "rsqrt" / "log2" pages and the X3548 text say nothing of these rules; fxc's answers are the rule.
Tables (rows: source, target, flags, fxc's first error number or "ok"):

- ``pow_ranges`` (hlsl/uintrange.py ``_interval``, hlsl/refactor.py ``pow_by_multiplies``): 7 operands (``x``,
  ``abs(x)``, ``saturate(x)``, ``saturate(x) + 2``, ``abs(x) + 1``, ``x * x``, ``saturate(x) * 0.5``) x 16 functions
  (pow by 0.5 / -0.5 / 1.5 / -1.5 / 2 / 3 / -1 / 9 / 0.25, sqrt, rsqrt, log2, log, 1 / sqrt, rcp, exp2(log2 * 1.5))
  x 5 uses (``(uint)f``, ``(uint)(f - 1.41)``, ``(uint)(0.8 - f)``, ``(uint)max(x, f)``, ``(uint)-f``), each at up
  to three of ps_2_0 / ps_3_0 / vs_2_0 / vs_3_0 / ps 9_1 / vs 9_3 / ps_2_0 under /Od / ps_3_0 under IEEE
  strictness / ps 9_3 under /Od / ps_4_0 (a hash picks them). The rules: pow(x, 0.5) is judged as sqrt(x) (known
  not negative; it was log/mul/exp here, a special case of session 40 for one row), pow(x, -0.5) as rsq(x)
  (``(uint)pow(x, -0.5)`` is X3548: was compiled); the integer-power multiplies and rsq forms are judged under
  /Od and IEEE strictness too (fxc writes them there: ``(uint)pow(x, 3)`` is X3548 at /Od, was compiled);
  sqrt of a known interval above 0 is the ends' roots, of one reaching 0 [0, inf), of a value known only by its
  sign that sign; rsq of a known interval above 0 is the ends' reciprocal roots (was [0, inf)); log of [0, b] has
  the upper bound log2 b (``(uint)-log2(saturate(x))`` compiles: was X3548). Six rows where fxc itself fails
  ("blob content mismatch between level9 and d3d10 shader", decided in session 39 as fxc's defect) are left out.
- ``double_outputs`` (signatures.bind_output, compiler.py): at the Direct3D 9 and level-9 targets a double output
  (a return value, an out parameter, a struct member) is X3684 "ps_2_0 does not support double-precision
  floating-point" at the value converted or written for it (asdouble's X3651, an earlier X3548 first), not the
  signature's X3687; a double input is X3687 there too, and 4.0 / 5.0 keep X3687 for both.
- ``level9_inputs`` (signatures.level9_input_error): at the 4_0_level_9_x targets a vertex shader's SV_VertexID
  input is X4555 "invalid type used for 'SV_VertexID' input semantics, must be integral" and SV_InstanceID X4016
  "SV_InstanceID semantic cannot be used with 10Level9 targets", a pixel shader's SV_PrimitiveID / SV_IsFrontFace
  X4583 "semantic 'SV_PrimitiveID' unsupported on ps_4_0_level_9_1" and SV_SampleIndex X4555, whatever their type,
  read or not (were X4502 from the SM2 translation, or compiled where unread); vs_4_0 / ps_4_0 / ps_4_1 rows show
  the 4.x answers beside them.

Rows this compiler still answers otherwise are strict xfails; the reason of each is in the data file's ``gaps``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, mutant_verdict

from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s41.json").read_text())
TABLES = ("pow_ranges", "double_outputs", "level9_inputs")
GAPS = DATA["gaps"]


def _rows(tables: tuple[str, ...]):
    for table in tables:
        for k, (src, target, flags, want) in enumerate(DATA[table]):
            why = GAPS.get(f"{table}/{k}")
            marks = [pytest.mark.xfail(strict=True, reason=why)] if why else []
            yield pytest.param(src, target, flags, want, id=f"{table}-{k}-{target}-{flags}", marks=marks)


@COMPILE_ONLY
@pytest.mark.parametrize(("src", "target", "flags", "want"), list(_rows(TABLES)))
def test_verdict_as_fxc_gives_it(src: str, target: str, flags: int, want: str):
    assert mutant_verdict(src, target, flags) == want


@COMPILE_ONLY
def test_tables_shape():
    assert {k: len(v) for k, v in DATA.items() if k != "_source"} == {
        "pow_ranges": 1486, "double_outputs": 200, "level9_inputs": 565, "gaps": 12}
    both = {"pow_ranges": {"X3548", "ok"}, "double_outputs": {"X3684", "X3687"},
            "level9_inputs": {"X4555", "X4016", "X4583", "ok"}}
    for table in TABLES:  # each table holds both answers of its rule
        assert both[table] <= {want for *_r, want in DATA[table]}, table


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded row is asked again."""
    check_live_table([row for table in TABLES for row in DATA[table][::10]])
