"""HLSL ``continue`` in each kind of loop, and the constant-switch fold of a last case without a final ``break``
(shader/hlsl/unroll.py, codegen's ``continue``).

``continue`` (C99 §6.8.6.2, which HLSL follows): in a ``for`` it goes to the loop's step expression, then the
condition; in a ``while`` to the condition; in a ``do … while`` to the controlling expression at the loop's end —
a false condition there ends the loop. The expected values are computed here by running the same loop in Python on
the same inputs. A loop with a ``continue`` is never unrolled (shader/hlsl/unroll.py), so these run as real loops
on run-time values.

A ``switch`` on a constant selector emits only the case it selects (test_hlsl_switch_fold.py has the rule). Below
SM 6 every case must be terminated (X3533); a case whose body ends other than in break/return/continue/discard
(here: an if/else returning on both paths) is not folded where it could reach the next case's code — but the
*last* case has no next case: it folds like any other (an object assigned there resolves, which a real switch
could not do: X3500), with no ``switch`` left in the code; a case label may name a ``const`` (its value selects).

Forced unrolling (``[unroll]``): an iteration that leaves unconditionally ends it (nothing after a ``break`` is
emitted, so a bound past the 1023 iterations a forced unroll may take is never reached), and the iterations of all
forced unrolls of one compilation count against one budget (unroll.MAX_TOTAL_ITERATIONS, the project's bound on
compile time: X3511 past it)."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_switch_fold import _compile

from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def _run(src: str, rows: list[tuple[int, int]]) -> list[int]:
    """Run ``main(int2 k : K)`` (first output's x as int) once per lane, with k = each row."""
    blob = _compile(src)
    prog = decode_program(next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX")).data)
    inp = np.zeros((len(rows), 4), np.uint32)
    inp[:, :2] = np.array(rows, np.int64).astype(np.uint32)
    res = run_program(prog, len(rows), inputs={0: inp}, bindings=Bindings())
    return [int(v) for v in res.outputs[0][:, 0].view(np.int32)]


#: k.x: how many passes the condition allows; k.y: the pass (counting from 1) whose ``continue`` is taken.
ROWS = [(n, s) for n in range(0, 5) for s in range(0, 6)]


def _do_while(n: int, s: int) -> int:
    r, i = 0, 0
    while True:  # do { i++; if (i == s) continue; r += 10 * i; } while (i < n);
        i += 1
        if i != s:
            r += 10 * i
        if not i < n:
            break
    return r + 1000 * i


def _for(n: int, s: int) -> int:
    r, i = 0, 0
    while i < n:  # for (i = 0; i < n; i++) { if (i == s) continue; r += 10 * i + 1; }
        if i != s:
            r += 10 * i + 1
        i += 1
    return r + 1000 * i


def _while(n: int, s: int) -> int:
    r, i = 0, 0
    while i < n:  # while (i < n) { i++; if (i == s) continue; r += 10 * i + 2; }
        i += 1
        if i != s:
            r += 10 * i + 2
    return r + 1000 * i


LOOPS = {
    "do": ("int r = 0; int i = 0; do { i++; if (i == k.y) continue; r += 10 * i; } while (i < k.x);", _do_while),
    "for": ("int r = 0; int i; for (i = 0; i < k.x; i++) { if (i == k.y) continue; r += 10 * i + 1; }", _for),
    "while": ("int r = 0; int i = 0; while (i < k.x) { i++; if (i == k.y) continue; r += 10 * i + 2; }", _while),
}


@pytest.mark.parametrize("kind", list(LOOPS))
def test_continue_goes_to_the_loops_next_test(kind):
    body, model = LOOPS[kind]
    src = f"int4 main(int2 k : K) : SV_Target {{ {body} return int4(r + 1000 * i, 0, 0, 0); }}"
    assert _run(src, ROWS) == [model(n, s) for n, s in ROWS]


def test_do_while_continue_on_the_last_pass_ends_the_loop():
    """The case a ``continue`` that skipped the condition would get wrong: continuing on the pass whose
    condition is false (n = s) must leave the loop, not start another pass."""
    body, model = LOOPS["do"]
    src = f"int4 main(int2 k : K) : SV_Target {{ {body} return int4(r + 1000 * i, 0, 0, 0); }}"
    rows = [(n, n) for n in range(1, 5)]
    assert _run(src, rows) == [model(n, n) for n, _ in rows] == [1000 * n + 10 * (n * (n + 1) // 2 - n)
                                                                   for n in range(1, 5)]


_LAST_CASE = """struct S { float4 f; };
StructuredBuffer<S> a : register(t3);
StructuredBuffer<S> b : register(t5);
RWStructuredBuffer<S> o : register(u1);
static const int K = %d;
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
    StructuredBuffer<S> l = a;
    switch (K) {
        case 0: l = a; break;
        case 1: l = b; if (id.x > 0) { o[id.x] = l[id.x]; return; } else { o[0] = l[1]; return; }
    }
    o[id.x] = l[id.x];
}"""


@pytest.mark.parametrize(("k", "reg"), [(0, "t3"), (1, "t5"), (2, "t3")])
def test_a_last_case_ending_in_a_compound_exit_folds(k, reg):
    """The last case ends in an if/else that returns on both paths (terminated, X3533 satisfied, but not by a
    final break/return): a fold resolves ``l``; a real switch would be X3500."""
    text = disassemble(_compile(_LAST_CASE % k, "cs_5_0"))
    loads = [ln for ln in text.splitlines() if "ld_structured" in ln]
    assert loads and all(reg in ln for ln in loads), (k, loads)
    assert "switch" not in text


def test_a_last_case_ending_in_a_compound_exit_folds_to_its_value():
    src = """static const int K = %d;
    int4 main(int2 k : K) : SV_Target { int r = 1;
        switch (K) { case 0: r = 4; break;
                     case 3: r += 6; if (k.x > 0) return int4(r, 0, 0, 0); else return int4(-r, 0, 0, 0); }
        return int4(r, 0, 0, 0); }"""
    for sel, want in [(0, [4, 4]), (3, [7, -7]), (5, [1, 1])]:
        assert "switch" not in disassemble(_compile(src % sel))
        assert _run(src % sel, [(1, 0), (0, 0)]) == want


def test_an_unrolled_iteration_that_always_breaks_ends_the_unrolling():
    """A forced unroll stops at the first iteration that leaves unconditionally (here after a nested ``if``):
    the 5000-iteration bound, past the 1023 iterations a forced unroll may take (X3511), is never reached, and the
    result is the first iteration's."""
    src = """int4 main(int2 k : K) : SV_Target { int r = 1;
        [unroll] for (int i = 0; i < 5000; i++) { if (k.x > 0) { r += 2; } r += i + 10; break; }
        return int4(r, 0, 0, 0); }"""
    assert _run(src, [(1, 0), (0, 0), (-3, 0)]) == [13, 11, 11]


@pytest.mark.parametrize(("n", "ok"), [(30, True), (100, False)])
def test_nested_forced_unrolls_share_one_iteration_budget(n, ok):
    """unroll.MAX_TOTAL_ITERATIONS: the iterations all forced unrolls of one compilation emit, nested ones
    included, are counted together; past 4096 the compile stops with X3511 (n x n + n iterations here)."""
    from pyd3d11.errors import D3D11Error

    src = f"""int4 main(int2 k : K) : SV_Target {{ int r = 0;
        [unroll] for (int i = 0; i < {n}; i++) {{ [unroll] for (int j = 0; j < {n}; j++) {{ r += k.x; }} }}
        return int4(r, 0, 0, 0); }}"""
    if ok:
        assert _run(src, [(2, 0)]) == [2 * n * n]
    else:
        with pytest.raises(D3D11Error, match="X3511"):
            _compile(src)


def test_a_case_label_naming_a_constant_selects_its_case():
    """Case labels may name ``const`` variables (their values are literal expressions): the fold of a constant
    selector compares with the constant's value."""
    src = """static const int A = 3; static const int B = -2; static const int K = %d;
    int4 main(int2 k : K) : SV_Target { int r = 1;
        switch (K) { case A: r = 5; break; case B: r = 6; break; default: r = 7; break; }
        return int4(r, 0, 0, 0); }"""
    for sel, want in [(3, 5), (-2, 6), (0, 7)]:
        assert "switch" not in disassemble(_compile(src % sel))
        assert _run(src % sel, [(0, 0)]) == [want]
