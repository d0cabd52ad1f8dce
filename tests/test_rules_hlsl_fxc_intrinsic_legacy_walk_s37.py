"""Issue 15 (session 37, helper INTR): every numeric intrinsic at the Direct3D 9 and level-9 targets, as
Microsoft's own compiler decides it.

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 37
(tools/wine_d3dcompiler.py), in tests/data/fxc10_intrinsic_legacy_walk_s37.json: the 81 intrinsics of session 35's
table (MicrosoftDocs direct3dhlsl/dx-graphics-hlsl-intrinsic-functions.md, each intrinsic's page for its
parameters) called with all arguments of one kind -- bool, int, uint, float scalars; float2, float4, half3, int3,
uint2 vectors; float2x2, float3x3, float4x4, float1x4 matrices; the literals ``1`` and ``1.0`` (out arguments of
frexp/modf/sincos/asuint of the argument's kind) -- at ps_2_0, ps_3_0, vs_2_0, vs_3_0, ps_4_0_level_9_1 and
vs_4_0_level_9_3, each row fxc's verdict on the whole compile (``ok`` or the first error number; ``fail`` a
failure without a message). The program is session 35's ``full`` probe (test_rules_hlsl_fxc_verdicts_intrinsics.
program) with the Direct3D 9 targets' COLOR / POSITION semantics. The expected column is fxc's, never this
compiler's. Every row of ps_2_0, vs_3_0 and ps_4_0_level_9_1 is asserted and every fourth of the other three
(the suite's time); :func:`open_rule` names the rows another rule decides.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import test_rules_hlsl_fxc_verdicts_intrinsics as T
from fxc_record_helpers import check_live_table

from pyd3d11.tools import wine_d3dcompiler

pytestmark = pytest.mark.backend_independent  # compile-only

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_intrinsic_legacy_walk_s37.json").read_text())["rows"]
TARGETS = ["ps_2_0", "ps_3_0", "vs_2_0", "vs_3_0", "ps_4_0_level_9_1", "vs_4_0_level_9_3"]
STEP = {"ps_2_0": 1, "vs_3_0": 1, "ps_4_0_level_9_1": 1, "ps_3_0": 4, "vs_2_0": 4, "vs_4_0_level_9_3": 4}


def source(name: str, kinds: list[str], target: str) -> str:
    src = T.program(name, kinds, target, "full")
    if target in ("ps_2_0", "ps_3_0"):
        src = src.replace("SV_Target", "COLOR")
    if target in ("vs_2_0", "vs_3_0"):
        src = src.replace("SV_Position", "POSITION")
    return src


def open_rule(name: str, target: str, kinds: str, want: str) -> str | None:
    """The rule, not built here, that a row depends on, or None."""
    if want == "X4579":
        return "NaN-literal rule (X4579) after fxc's folding of a bool's select (log(b), rcp(b), fmod(b, b))"
    if want == "fail" and name == "isinf":
        return "fxc fails isinf of an int at level 9 with no message"
    if want == "fail":
        return None  # a failure without a message: any refusal agrees (this compiler names it, X4532)
    if want == "X8000" and name == "any":
        return "fxc's own validator refuses any(float3x3) at ps_4_0_level_9_1 (X8000)"
    return None


def rows(target: str) -> list[tuple[str, list[str], str]]:
    out = []
    for name, entries in sorted(DATA[target].items()):
        for entry in entries:
            kinds, want = entry.rsplit("=", 1)
            out.append((name, kinds.split(" "), want))
    return out[::STEP[target]]


@pytest.mark.parametrize("target", TARGETS)
def test_intrinsics_at_legacy_targets_agree_with_fxc(target: str):
    bad = []
    for name, kinds, want in rows(target):
        if open_rule(name, target, " ".join(kinds), want) is not None:
            continue
        got = T.answer(source(name, kinds, target), target, "full")
        if got != want and not (want == "fail" and got.startswith("X")):
            bad.append(f"{name}({' '.join(kinds)}) @{target}: fxc {want}, ours {got}")
    assert not bad, "\n".join(bad[:20]) + f"\n({len(bad)} rows)"


def test_walk_covers_every_intrinsic_and_kind():
    assert sorted(DATA) == sorted(TARGETS)
    for target in TARGETS:
        assert len(DATA[target]) == 81
        assert sum(len(v) for v in DATA[target].values()) == 1215


@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 25th recorded row is asked again."""
    check_live_table([(source(name, kinds, target), target, 0, want) for target in TARGETS
                      for name, kinds, want in rows(target)[::25]], no_number="fail", name="t.hlsl")
