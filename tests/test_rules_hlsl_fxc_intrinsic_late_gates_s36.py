"""Issue 15 (session 36, helper INTR): the gates fxc applies late — after every type rule of the file — and the
derivative fold that comes before them.

Verdicts recorded from d3dcompiler_47 10.1 (the Windows 10 SDK's fxc) under Wine, session 36
(tools/wine_d3dcompiler.py), in tests/data/fxc10_intrinsic_late_gates_s36.json: each row is (family, target,
program, fxc's answer: ``ok`` or its first error number). The programs were generated to cover each rule, not to
repeat the cases that showed it:

- ``double-order``: a double local (X3651 "ps_4_0 does not support doubles" at 4.x, X3684 "... does not support
  double-precision floating-point" at level 9 and the Direct3D 9 targets) beside each kind of type error — a
  struct conversion (X3017), an undeclared name (X3004), a bad subscript (X3018), no matching overload (X3013), a
  write to a constant (X3025), the same errors in a function nothing calls — at eight targets; fxc reports the
  type error first, and an uncalled double function compiles.
- ``double-storage``: a global double scalar, vector or matrix, ``static``, ``static const``, ``uniform`` or in a
  cbuffer, used or not, is X3651 "'g': ps_4_0 does not support doubles as a storage type" (before a local's
  refusal, after a type error); a double array or a struct holding a double is not refused by it.
- ``derivative``: ddx, ddy, fwidth and the coarse/fine forms of a literal, a cbuffer value, a local computed only
  from cbuffer values (through int3/bool conversions, arithmetic), a cbuffer matrix, a double — 0, folded before the
  stage or model is looked at, so they compile in vs/cs and at every model — and of an input (X4532 where the
  stage/model has no instruction; the coarse/fine forms below 5.0 X4532, not an unknown name).
- ``msad4``: below 5.0, X3535 "vs_4_0 does not support msad4" after the type rules (X3017, X3004, X3013 first).
- ``clip``: of a bool or uint, never below 0, the discard is dropped: clip compiles in vs/cs.

Rows this compiler still answers otherwise are listed in :data:`OPEN` with the rule they belong to.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fxc_record_helpers import check_live_table
from test_rules_hlsl_fxc_verdicts_intrinsics_rules import run_code, values_source

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.tools import wine_d3dcompiler

COMPILE_ONLY = pytest.mark.backend_independent  # these compile, and run nothing

DATA = json.loads((Path(__file__).parent / "data" / "fxc10_intrinsic_late_gates_s36.json").read_text())
HEADER: str = DATA["header"]
ROWS: list[list[str]] = DATA["rows"]
FAMILIES = sorted({r[0] for r in ROWS})
_ERROR = re.compile(r"error (X\d+)")


def open_rule(family: str, target: str, source: str, want: str) -> str | None:
    """The rule, not built here, a row depends on (docs/conformance.md, session 36 INTR), or None."""
    if family == "double-order" and "* 2.0L" in source and want == "X3684" and "level_9" not in target \
            and target[3] == "4":
        return "fxc reports a double product converted back to float as X3684 at 4.x (a declaration: X3651)"
    if want == "X3548":
        return "the D3D9/level-9 uint range rule (X3548) after fxc's constant folding"
    if family == "msad4" and target in ("ps_4_0_level_9_3", "ps_3_0") and want in ("X3017", "X3004"):
        return "the D3D9/level-9 uint range rule (X3548) is judged here where msad4's uint operation is made, " \
               "before the file's type rules (fxc: after them)"
    if family == "clip" and "(float4)t.xyzx" in source and ("clip(p.x)" in source or "clip((int)p.x)" in source):
        return "fxc's value-range analysis: a float from a uint is never below 0, so clip never discards"
    return None


def answer(source: str, target: str) -> str:
    try:
        D3DCompile(source.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
        return "ok"
    except D3D11Error as exc:
        errors = _ERROR.findall(str(exc))
        return errors[0] if errors else "fail"


@COMPILE_ONLY
@pytest.mark.parametrize("family", FAMILIES)
def test_late_gate_verdicts_match_fxc(family: str):
    bad = []
    for fam, target, source, want in ROWS:
        if fam != family or open_rule(fam, target, source, want) is not None:
            continue
        got = answer(HEADER + source, target)
        if got != want:
            bad.append(f"@{target}: fxc {want}, ours {got}: {source.strip()[-120:]}")
    assert not bad, "\n".join(bad[:12]) + f"\n({len(bad)} rows)"


@COMPILE_ONLY
def test_table_shape():
    """1,114 recorded programs over five families; the open rows are few and each names its rule."""
    assert len(ROWS) == 1114
    assert FAMILIES == ["clip", "derivative", "double-order", "double-storage", "msad4"]
    opened = [r for r in ROWS if open_rule(*r) is not None]
    assert len(opened) == 13


@COMPILE_ONLY
def test_rules_hold_in_the_recorded_answers():
    """The rules as the data state them (a check on the table itself, independent of the compiler)."""
    by = {(f, t, s): w for f, t, s, w in ROWS}
    # an unused double global is refused at every target below 5.0; a double array is not
    for target in ("ps_4_0", "ps_4_0_level_9_1", "ps_2_0"):
        body = "float4 main(float4 p : TEXCOORD) : SV_Target { return 0; }\n"
        assert by[("double-storage", target, "double g;\n" + body)] == "X3651"
        assert by[("double-storage", target, "double g[2];\n" + body)] == "ok"
    # ddx of a value computed from a cbuffer compiles in a vertex shader; of an input it does not
    vs = "float4 main(float4 p : TEXCOORD) : SV_Position { "
    assert by[("derivative", "vs_5_0", vs + "int3 a = (int3)c.xyz; return (float)(ddx(a)); }\n")] == "ok"
    assert by[("derivative", "vs_5_0", vs + "return (float)(ddx(p.x)); }\n")] == "X4532"


#: derivatives of values uniform over the draw, in a compute shader: fxc 10.1's object stores literal zeros for all
#: of them (its listing: ``store_raw u0.xyzw, l(0), l(0,0,0,0)`` / ``store_raw u0.xy, l(16), l(0,0,0,0)``, with
#: warning X3205 for the doubles); the cbuffer holds KF = (-5.0, 2.5, 0.0, 3.0), KI = (0, -1, -5, 2^20)
UNIFORM_DERIVATIVES = ["asuint(ddx(KF.y))", "asuint(fwidth(KF).w)", "asuint(ddy_fine((float3)(int3)KI.xyz).z)",
                       "asuint(ddx((double)KF.y))", "asuint(fwidth((double2)KF.xy).y)",
                       "asuint(ddx_coarse(KF.x * KF.y + 1))"]


def test_derivatives_of_uniform_values_are_zero_at_run_time():
    src = values_source(UNIFORM_DERIVATIVES).encode()
    words = run_code(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0, []), len(UNIFORM_DERIVATIVES))
    assert [int(w) for w in words] == [0] * len(UNIFORM_DERIVATIVES)


@COMPILE_ONLY
@pytest.mark.skipif(wine_d3dcompiler.unavailable_reason() is not None,
                    reason=str(wine_d3dcompiler.unavailable_reason()))
def test_recorded_rows_match_the_live_dll():
    """Where the DLL can run, every 10th recorded row is asked again."""
    check_live_table([(HEADER + source, target, 0, want) for _family, target, source, want in ROWS[::10]],
                     no_number="fail")


#: fxc 10.1's messages (recorded under Wine, session 36): the target is named as written, a global by its name
MESSAGES = [
    ("double g;\nfloat4 main() : SV_Target { return 0; }", "ps_3_0",
     "error X3651: 'g': ps_3_0 does not support doubles as a storage type"),
    ("double g;\nfloat4 main() : SV_Target { return 0; }", "ps_4_0_level_9_1",
     "error X3651: 'g': ps_4_0_level_9_1 does not support doubles as a storage type"),
    ("float4 main(float4 p : TEXCOORD) : SV_Target { double d = p.x; return 0; }", "ps_3_0",
     "error X3684: ps_3_0 does not support double-precision floating-point"),
    ("float4 main(float4 p : TEXCOORD) : SV_Position { double d = p.x; return 0; }", "vs_4_0",
     "error X3651: vs_4_0 does not support doubles"),
    ("float4 main(float4 p : TEXCOORD) : SV_Target { return msad4((uint)p.x, uint2(1, 2), uint4(1, 2, 3, 4)); }",
     "ps_4_1", "error X3535: ps_4_1 does not support msad4"),
    ("float4 main(float4 p : TEXCOORD) : SV_Position { return ddx_coarse(p); }", "vs_4_0_level_9_1",
     "error X4532: cannot map expression to vertex shader instruction set"),
    ("float4 main(float4 p : TEXCOORD) : SV_Target { return ddx_coarse(p); }", "ps_4_1",
     "error X4532: cannot map expression to ps_4_1 instruction set"),
]


@COMPILE_ONLY
@pytest.mark.parametrize(("source", "target", "want"), MESSAGES)
def test_messages_name_the_target_as_written(source: str, target: str, want: str):
    with pytest.raises(D3D11Error) as exc:
        D3DCompile(source.encode(), None, "t.hlsl", None, None, "main", target, 0, 0, [])
    assert want in str(exc.value)
