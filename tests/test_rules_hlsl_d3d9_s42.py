"""Issue 15 (session 42, helper D9): the Direct3D 9 (vs/ps 1.1-3.0) and 4_0_level_9_x targets as Microsoft's own
compiler decides them -- round 5: the outputs (a pixel shader's DEPTH, a vertex shader's semantics, an output
bound twice, an output left undefined) and the phase the signature is judged in.

Every expected column was recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 42
(tools/wine_d3dcompiler.py), in tests/data/fxc10_d3d9_s42.json; none comes from this compiler. The MicrosoftDocs
"Semantics" page lists the Direct3D 9 output usages (POSITION, COLOR, TEXCOORD, FOG, PSIZE, DEPTH) without these
rules; fxc's answers are the rule. Tables (rows: source, target, flags, fxc's first error number or "ok"):

- ``depth_outputs`` (hlsl/d3d9outputs.py ``depth_output_error``, ``check_required_outputs``): 18 types (scalar,
  vectors, ``float4x1`` / ``float1x4`` matrices, arrays, min16float2) x 8 spellings (DEPTH, DEPTH0, depth, SV_Depth,
  SV_DEPTH0, DEPTH1, SV_Depth1, Depth2) x 3 forms (out parameter, struct member, return value) at two of ps_2_0 /
  2_a / 2_b / 3_0, with 4.0 / level-9 / vs_3_0 rows beside them, and the phase rows (a body's X3004 / X3548 /
  X3684 / X3703 / X4000 first, an unassigned depth, a second depth, another output's X4502 first). A depth of more
  than one component is X4528 "DEPTH must be a scalar" once written (was X4502 from the SM4 rule), an index
  above 0 X4502 "Legal indices are in [0,0]" (was X3677 / X4530), two DEPTH0 X4504.
- ``uninit_outputs`` (d3d9outputs ``uninitialized_output_error``): an output copied from an uninitialised local is
  X4000 at the Direct3D 9 targets (was X4529 / X4541 after warning X3578), an unwritten ps_2_x out parameter X3508,
  a level-9 pixel shader's undefined output X3508; ps_3_0 drops an unwritten color output (was X4529). ps_4_0 and
  vs 9_1 rows beside them.
- ``vs_outputs`` (d3d9outputs ``vs_output_error``): the usages and indices a vs_1_1 / vs_2_0 / vs_2_a / vs_3_0 output
  may have (X4502; FOG / PSIZE vectors X4540), judged as each is bound -- before a duplicate's warning X4711 and
  X4503 and the missing position's X4541 (were X4503 / X4541 / compiled).
- ``duplicate_outputs`` (d3d9outputs ``duplicate_output_error``): one output semantic twice is X4504 (X5639 at
  vs_3_0), never merged as at 4.0 (the vs_4_0 rows); a pixel shader's color twice after X4529 (matrix columns
  ``float1x2`` at COLOR0 and COLOR1).
- ``signature_phase``: output semantics against the body's errors at ps/vs 2.0 / 3.0 and ps 9_1 -- fxc judges the
  signature after the type rules, X3548, X3684 and X4000 / X3508 (most of its strict xfails: the order is not built).
- ``position_reads`` (sm2/translate.py ``_position_read_first``, the vPos operand): a position input (sv_position,
  SV_Position, VPOS, POSITION) read by a ps_2_0 / ps_2_b / level-9 pixel shader is X4502 before the code's X4532
  (ddx, Load; was X4532), unread it compiles; ps_3_0's read of vPos .z / .w is the validator's X5631 (was X4502).
- ``uav_accesses`` (hlsl/memaccess.py ``mem_load`` / ``mem_store``, check.py ``check_uav_model``): the Direct3D 9
  targets drop a UAV store and judge no UAV slot or model (``RWBuffer<float4> u : register(u2); u[0] = 1;``
  compiles: was X4509 / X4585 / X3000), a UAV element read is X3701 there and at level 9 (was X3676 / X4585 /
  X4509); append buffers keep X3660; ps_4_0 rows beside them.
- ``overload_min_precision`` (precision.py ``note_called_overload``, ``_overloaded``): an overloaded function's
  min-precision parameter is X3703 only where a call picks that overload (``float f(int a)`` beside ``float
  f(min16float a)``, ``f(3)`` compiles at ps_2_0: was X3703; ``f(m)`` of a min16float X3703), the level-9
  min16uint rule likewise.

Rows this compiler still answers otherwise are strict xfails; the reason of each is in the data file's ``gaps``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table, mutant_verdict

from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_d3d9_s42.json").read_text())
TABLES = ("depth_outputs", "uninit_outputs", "vs_outputs", "duplicate_outputs", "signature_phase", "position_reads",
          "uav_accesses", "overload_min_precision")
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
        "depth_outputs": 938, "uninit_outputs": 270, "vs_outputs": 500, "duplicate_outputs": 83,
        "signature_phase": 245, "position_reads": 176, "uav_accesses": 192,
        "overload_min_precision": 85, "gaps": 31}
    both = {"depth_outputs": {"X4528", "X4502", "ok"}, "uninit_outputs": {"X4000", "X3508", "ok"},
            "vs_outputs": {"X4502", "X4540", "ok"}, "duplicate_outputs": {"X4504", "X5639", "ok"},
            "signature_phase": {"X4502", "X4000", "X3684"}, "position_reads": {"X4502", "X5631", "X4532", "ok"},
            "uav_accesses": {"X3701", "X3660", "ok"}, "overload_min_precision": {"X3703", "ok"}}
    for table in TABLES:  # each table holds both answers of its rule
        assert both[table] <= {want for *_r, want in DATA[table]}, table


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded row is asked again."""
    check_live_table([row for table in TABLES for row in DATA[table][::10]])
