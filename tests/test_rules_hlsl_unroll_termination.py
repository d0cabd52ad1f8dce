"""``[unroll]`` without a count asks the compiler to unroll the loop completely; fxc refuses a loop it cannot see
terminate: "error X3511: unable to unroll loop, loop does not appear to terminate in a timely manner (N
iterations) or unrolled loop is too large, use the [unroll(n)] attribute to force an exact higher number" (fxc's
text as quoted in libretro/slang-shaders PR 726 and shader-slang/slang issue 6273; N is where fxc stopped).

fxc unrolls by running the loop at compile time: an iteration whose exit condition is known ends or continues the
loop, one whose condition is only known at run time becomes a guarded copy (``if (!cond) break``; Wine's
vkd3d-shader review of its own unroller describes native's output as ``if (!broken) body`` per iteration), and the
unrolling goes on. A loop ends when some iteration's condition folds to false (``i < 4 && i < q.x``: the counter
bounds it); a condition that never folds (``i < q.x``, a bound read at run time) runs past fxc's limit (the
Windows-verified unroll.shader_test: 1024 iterations already fail) and is X3511. DXC's
HLSLFileCheck/hlsl/control_flow/attributes/unroll/pound_line.hlsl and loops/nested_unroll_fail.hlsl are the two
forms (a run-time bound; a bound set by an enclosing ``[loop]``'s counter), rejected by DXC as well.

A count (``[unroll(n)]``), ``[loop]`` or no attribute never makes such a loop an error: the others keep a loop,
and the count is "the maximum number of times the loop is to execute" (MicrosoftDocs direct3dhlsl, the ``for``
statement's ``unroll(x)``): n guarded copies, so a run-time bound past n runs the body n times (vkd3d's
unroll.shader_test: ``[unroll(4)] for (i = 0; i < 8; ++i);`` leaves i = 4)."""

from __future__ import annotations

import pytest
from hlsl_docs_language_kit import Case, run_case

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error

PS = "cbuffer C {{ int n; float lim; }};\nfloat4 main(int a : A, float f : F) : SV_Target {{\n  float x = 0;\n{body}\n  return x;\n}}"


def _compile(body: str) -> bytes:
    return bytes(D3DCompile(PS.format(body=body), None, "t.hlsl", None, None, "main", "ps_5_0"))


#: loops whose exit condition never folds: fxc cannot unroll them
NEVER_FOLDS = [
    "[unroll] for (uint i = 0; i < a; i++) x++;",                        # DXC pound_line: a run-time bound
    "[unroll] for (int i = 0; i < n; i++) x += i;",                      # a constant-buffer bound
    "[unroll] while (x < f) x += 1;",
    "[unroll] do { x += 2; } while (x < lim);",
    "int i = 0; [unroll] for (; i != a; i++) x++;",
    "[unroll] for (int i = 0; i < 3; i++) { [loop] for (int j = 0; j < 3; j++) {\n"
    "  [unroll] for (int k = 0; k <= j; k++) x += k + j + i; } }",       # DXC nested_unroll_fail
    "[unroll] for (int i = 0; i < 4 || i < a; i++) x++;",                # an `||` the counter cannot end
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body", NEVER_FOLDS)
def test_unroll_of_a_loop_whose_condition_never_folds_is_x3511(body: str):
    with pytest.raises(D3D11Error) as exc:
        _compile(body)
    msg = str(exc.value)
    assert "error X3511: unable to unroll loop, loop does not appear to terminate in a timely manner" in msg, msg
    assert "use the [unroll(n)] attribute to force an exact higher number" in msg


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
