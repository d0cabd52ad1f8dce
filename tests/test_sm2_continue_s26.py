"""Issue 15, session 26 (the lead): a ``continue`` taken on a shader value inside a loop the Direct3D 9 targets
unroll (docs/conformance.md, "Session 26, the lead").

The rule, from the ``continue`` statement page (MicrosoftDocs win32 direct3dhlsl "continue Statement": "stop
executing the current loop iteration, update the loop variables, and begin the next iteration") and from
"Specifying Compiler Targets" (ps_2_0 / vs_2_0 have no dynamic flow control, so a loop whose exit is known at
compile time is unrolled and its run-time branches flattened): a lane taking the continue skips the rest of
its copy of the body, and the ``for`` step still runs, so the loop still ends after the literal count. Before
session 26 every such loop was refused with X3511 at ps_2_0, ps_2_a/b and vs_2_0, and so was a loop with a
literal count and a break on a shader value at vs_2_0 (kept as ``rep``, which cannot be left there).

Expected values come from the SM4 program (ps_4_0 / vs_4_0) run by the executor on the same inputs
(test_hlsl_d3d9_targets._run_both), never from the translation.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

PS = ("ps_2_0", "ps_2_a", "ps_2_b", "ps_3_0")
VS = ("vs_2_0", "vs_3_0")

#: (name, body); the body reads p (a float4 input) and writes r (float4); the pixel and vertex forms wrap it
BODIES = [
    ("if_continue", "for (int i = 0; i < 6; i++) { if (p.x > i * 0.25) continue; r += p * (i + 1); }"),
    ("continue_with_else", "for (int i = 0; i < 5; i++) { if (p.y < i * 0.2) { r.x += 1; continue; } "
                           "else { r.y += p.z; } r.w += i; }"),
    ("continue_in_else", "for (int i = 0; i < 5; i++) { if (p.y >= i * 0.2) { r.y += p.z; } "
                         "else { r.x += 1; continue; } r.w += i; }"),
    ("two_continues", "for (int i = 0; i < 3; i++) { if (p.x > 0.6) continue; r.x += i; "
                      "if (p.y * i > 1.0) continue; r.y += p.w; }"),
    ("continue_and_break", "for (int i = 0; i < 4; i++) { if (p.z > i * 0.3) continue; r += p; "
                           "if (r.x > 1.5) break; }"),
    ("while_continue", "int i = 0; while (i < 4) { i++; if (p.w < 0.1 * i) continue; r.xy += p.yx * i; }"),
    ("nested_inner_continue", "for (int i = 0; i < 2; i++) { for (int j = 0; j < 3; j++) { "
                              "if (p.x * j > 0.5) continue; r.x += i + j; } r.y += p.y; }"),
    ("continue_after_write", "for (int i = 0; i < 4; i++) { r.z += p.x; if (p.y > 0.5) continue; r.w -= p.z; }"),
]


#: loops with a literal count and a break on a shader value: vs_2_0 has rep but no break_comp ("vs_2_0
#: Instructions"; "Specifying Compiler Targets"), so such a loop is unrolled there, its breaks flattened, as at
#: ps_2_0 (before session 26: X3511 at vs_2_0, the loop kept as rep)
BREAKS = [
    ("if_break", "for (int i = 0; i < 6; i++) { if (r.x > p.y) break; r += p; }"),
    ("break_on_counter_and_value", "for (int i = 0; i < 5; i++) { r.y += i; if (i == 3 || p.z > 0.7) break; r.x += p.w; }"),
]


def _ps(body: str) -> str:
    return f"float4 main(float4 p : TEXCOORD0) : COLOR {{ float4 r = 0; {body} return r; }}"


def _vs(body: str) -> str:
    return (f"struct O {{ float4 pos : POSITION; float4 r : TEXCOORD0; }};\n"
            f"O main(float4 p : TEXCOORD0, float4 q : POSITION) {{ float4 r = 0; {body} "
            "O o; o.pos = q; o.r = r; return o; }")


def _agree(src: str, target: str) -> None:
    from test_hlsl_d3d9_targets import _run_both

    for seed in (5, 6):
        for expect, got, name in _run_both(src, target, seed=seed):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name} seed {seed}")


@pytest.mark.parametrize("target", PS)
@pytest.mark.parametrize("name,body", BODIES, ids=[b[0] for b in BODIES])
def test_pixel_continue_runs_as_sm4(name: str, body: str, target: str) -> None:
    _agree(_ps(body), target)


@pytest.mark.parametrize("target", VS)
@pytest.mark.parametrize("name,body", BODIES, ids=[b[0] for b in BODIES])
def test_vertex_continue_runs_as_sm4(name: str, body: str, target: str) -> None:
    _agree(_vs(body), target)


@pytest.mark.parametrize("target", VS + ("ps_2_0",))
@pytest.mark.parametrize("name,body", BREAKS, ids=[b[0] for b in BREAKS])
def test_break_in_literal_count_loop_runs_as_sm4(name: str, body: str, target: str) -> None:
    _agree((_vs if target[0] == "v" else _ps)(body), target)


@pytest.mark.backend_independent
def test_continue_on_uniform_bound_stays_refused_at_ps_2_0() -> None:
    """A loop whose count is a uniform has no compile-time exit: ps_2_0 cannot run it with or without a
    continue (X3511, as before)."""
    src = _ps("for (int i = 0; i < n; i++) { if (p.x > i) continue; r += p; }").replace("float4 main", "int n; float4 main")
    errs: list = []
    with pytest.raises(ShaderCompileError):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0, errs)
    assert b"X3511" in bytes(errs[0].GetBufferPointer())
