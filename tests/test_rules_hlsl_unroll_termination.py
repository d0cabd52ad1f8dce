"""``[unroll(n)]`` over a loop whose exit condition is known only at run time.

MicrosoftDocs direct3dhlsl, the ``for`` statement: "unroll(x): Unroll the loop until it stops executing. Can
optionally specify the maximum number of times the loop is to execute." The count is a maximum: the body runs
while the condition holds and at most n times, however large the run-time bound (vkd3d's Windows-verified
unroll.shader_test shows the cap with a literal bound: ``[unroll(4)] for (i = 0; i < 8; ++i);`` leaves i = 4).
So n copies are emitted, each entered only while the condition holds (``breakc_z`` out of a once-loop; Wine's
vkd3d-shader review of its own unroller describes native's output as ``if (!broken) body`` per iteration). It
was a loop running every iteration the bound allowed.

A plain ``[unroll]`` whose condition never folds: d3dcompiler_47 10.1 under Wine (session 39) refuses every such loop
below but DXC's nested_unroll_fail shape with "error X3511: unable to unroll loop, loop does not appear to terminate
in a timely manner (1024 iterations) or unrolled loop is too large" (it copies the body under the condition until
its 1,024 copies run out). This compiler builds that rule where the bound is a global's value
(unroll._runtime_bound; tests/test_rules_hlsl_fxc_verdicts_acc39.py); a bound or start read from an input still
stays a loop here (strict xfails). The X3511 limit for a constant trip count of 1024 or more is unchanged
(tests/test_hlsl_dynindex.py)."""

from __future__ import annotations

import re

import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

PS = "cbuffer C {{ int n; float lim; }};\nfloat4 main(int a : A, float f : F) : SV_Target {{\n  float x = 0;\n{body}\n  return x;\n}}"


def _compile(body: str) -> bytes:
    return bytes(D3DCompile(PS.format(body=body), None, "t.hlsl", None, None, "main", "ps_5_0"))


#: plain [unroll] over a condition that never folds, fxc's X3511 (d3dcompiler_47 10.1, session 39): built where the
#: bound is a global's value
NEVER_FOLDS_GLOBAL = [
    "[unroll] for (int i = 0; i < n; i++) x += i;",                      # a constant-buffer bound
    "[unroll] do { x += 2; } while (x < lim);",
]
#: the same refusal for a bound or start read from an input: not built (the loop stays a loop here)
NEVER_FOLDS_INPUT = [
    "[unroll] for (uint i = 0; i < a; i++) x++;",                        # DXC pound_line: a run-time bound
    "[unroll] while (x < f) x += 1;",
]
#: built in session 43 (helper ACC) for an entry input's bound; a run-time start by session 47's value ranges
#: (intranges.py: a uint input may start anywhere, and stepping the whole range wraps)
NEVER_FOLDS_INPUT_START = [
    "[unroll] for (uint c = a; c < 128; c += 256) x++;",                 # MiniEngine's run-time start
]
#: fxc compiles this one (the inner bound is the outer loops' counter, which unrolling makes constant)
NESTED = ("[unroll] for (int i = 0; i < 3; i++) { [loop] for (int j = 0; j < 3; j++) {\n"
          "  [unroll] for (int k = 0; k <= j; k++) x += k + j + i; } }")  # DXC nested_unroll_fail


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", NEVER_FOLDS_GLOBAL)
def test_plain_unroll_of_a_global_bound_is_x3511(body: str):
    with pytest.raises(D3D11Error) as exc:
        _compile(body)
    assert "error X3511" in str(exc.value)


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", NEVER_FOLDS_INPUT)
def test_plain_unroll_of_an_input_bound_is_x3511(body: str):
    with pytest.raises(D3D11Error) as exc:
        _compile(body)
    assert "error X3511" in str(exc.value)


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", NEVER_FOLDS_INPUT_START)
def test_plain_unroll_of_an_input_start_is_x3511(body: str):
    with pytest.raises(D3D11Error) as exc:
        _compile(body)
    assert "error X3511" in str(exc.value)


@pytest.mark.backend_independent
def test_an_inner_unroll_bounded_by_an_outer_counter_compiles():
    assert _compile(NESTED)[:4] == b"DXBC"


@pytest.mark.backend_independent
def test_a_constant_trip_count_past_the_limit_is_x3511_in_fxc_words():
    with pytest.raises(D3D11Error) as exc:
        _compile("[unroll] for (int i = 0; i < 1024; ++i) x += 1;")  # unroll.shader_test: fails below SM 6
    assert re.search(r"error X3511: unable to unroll loop, loop does not appear to terminate in a timely manner "
                     r"\(\d+ iterations\) or unrolled loop is too large, use the \[unroll\(n\)\] attribute to "
                     r"force an exact higher number", str(exc.value)), str(exc.value)


#: the same loops with a count, [loop], no attribute, or a condition some iteration folds to false: compiled
COMPILES = [
    "[unroll(4)] for (uint i = 0; i < a; i++) x++;",
    "[loop] for (uint i = 0; i < a; i++) x++;",
    "for (uint i = 0; i < a; i++) x++;",
    "[unroll] for (int i = 0; i < 4 && i < a; i++) x++;",
    "[unroll] for (int i = 0; i < 8; i++) { if (i >= a) break; x++; }",
    "int i = 0; [unroll] while (i < 3 && f != i) i++; x = i;",
    "[unroll] for (int i = 0; i < 3; i++) { [unroll] for (int j = 0; j < 3; j++) {\n"
    "  [unroll] for (int k = 0; k <= j; k++) x += k + j + i; } }",
    "[unroll] for (int i = 0; i < 1023; i++) x += 1;",
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", COMPILES)
def test_unroll_with_a_count_or_a_folding_condition_compiles(body: str):
    assert _compile(body)[:4] == b"DXBC"


#: executed: each guarded copy leaves the loop where the run-time half of the condition fails (expected values
#: from the loops' own arithmetic)
RUNS = [
    Case("counter_and_runtime_bound", "[unroll] for (int i = 0; i < 4 && i < q.x; i++) r.x += 1;",
         [[2, 0, 0, 0], [10, 0, 0, 0], [0, 0, 0, 0], [-3, 0, 0, 0]],
         [[2, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
    Case("while_with_runtime_stop", "int i = 0; [unroll] while (i < 3 && q.y != i) { i++; r.w += 10; } r.y = i;",
         [[0, 1, 0, 0], [0, 5, 0, 0], [0, 0, 0, 0]],
         [[0, 1, 0, 10], [0, 3, 0, 30], [0, 0, 0, 0]]),
    Case("do_while_runs_once_first", "int i = 0; [unroll] do { r.z += 2; i++; } while (i < 3 && i < q.z);",
         [[0, 0, 1, 0], [0, 0, 5, 0], [0, 0, 0, 0]],
         [[0, 0, 2, 0], [0, 0, 6, 0], [0, 0, 2, 0]]),
    Case("values_after_an_early_exit", "int i = 0; [unroll] for (i = 0; i < 5 && i * i < q.x; i++) r.y += i;\n"
         " r.x = i;",
         [[0, 0, 0, 0], [5, 0, 0, 0], [100, 0, 0, 0]],
         [[0, 0, 0, 0], [3, 3, 0, 0], [5, 10, 0, 0]]),
    # [unroll(n)]: at most n executions of the body, however large the run-time bound
    Case("count_caps_a_runtime_bound", "[unroll(3)] for (int i = 0; i < q.x; i++) { r.x += 1; r.y += i; }",
         [[2, 0, 0, 0], [10, 0, 0, 0], [0, 0, 0, 0], [3, 0, 0, 0]],
         [[2, 1, 0, 0], [3, 3, 0, 0], [0, 0, 0, 0], [3, 3, 0, 0]]),
    Case("count_caps_a_runtime_while", "int i = 0; [unroll(2)] while (q.y > i) { i++; } r.w = i;",
         [[0, 1, 0, 0], [0, 7, 0, 0]],
         [[0, 0, 0, 1], [0, 0, 0, 2]]),
]


@pytest.mark.parametrize("case", RUNS, ids=[c.name for c in RUNS])
def test_guarded_unrolled_copies_exit_where_the_condition_fails(case: Case):
    run_case(case)
