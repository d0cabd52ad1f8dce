"""A ``loop`` that no path runs twice is translated as a one-case ``switch`` (sm2/rewrite.one_trip_loops).

The HLSL compiler lowers an inlined function's early returns to ``loop … break … break endloop``: control reaches
``endloop`` only through the final unconditional ``break``, so the body runs once and every ``break`` of the loop
leaves it, exactly what a ``switch`` holding only ``default`` does ("switch (sm4 - asm)", "loop (sm4 - asm)").
ps_2_0 and the level-9 vertex targets have no loop a shader-computed value can leave; the switch is flattened.
Expected values are computed here from the SM4 semantics in numpy."""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate
from test_level9_ints_loops import compile_
from test_level9_kinds import run_sm2

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.sm2.profile import PROFILES
from pyd3d11.shader.sm2.rewrite import one_trip_loops
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg
from pyd3d11.shader.sm2.translate import translate
from pyd3d11.shader.sm2.types import ShaderTypes

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

F = np.float32
_HEAD = "ps_4_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 3\n"
# x < 0 leaves with 1; x < 1 leaves with 2 (after writing 5, overwritten); else 3
_ONCE = ("mov r0.x, l(3.0)\nloop\nlt r1.x, v0.x, l(0.0)\nif_nz r1.x\nmov r0.x, l(1.0)\nbreak\nendif\n"
         "lt r1.x, v0.x, l(1.0)\nmov r0.y, l(5.0)\nbreakc_nz r1.x\nmov r0.y, l(2.0)\nbreak\nendloop\n"
         "mov o0.xyzw, r0.xyxy\nret\n")


def _ops(text: str) -> list[str]:
    body = [i for i in assemble_program(_HEAD + text).instructions if i.opcode >= 0]
    from pyd3d11.shader.ir import Opcode
    return [Opcode(i.opcode).name for i in one_trip_loops(body)]


def test_a_loop_ending_in_break_becomes_a_default_only_switch():
    ops = _ops(_ONCE)
    assert "LOOP" not in ops and "ENDLOOP" not in ops
    assert ops.count("SWITCH") == 1 and ops.count("DEFAULT") == 1 and ops.count("ENDSWITCH") == 1


@pytest.mark.parametrize("text", [
    # a real loop: endloop is reached through the body's last instruction
    "mov r0.x, l(0.0)\nloop\nadd r0.x, r0.x, l(1.0)\nge r1.x, r0.x, v0.x\nbreakc_nz r1.x\nendloop\n"
    "mov o0.xyzw, r0.xxxx\nret\n",
    # a continue of this loop (also one inside a switch: a switch takes no continue) runs it again
    "loop\nlt r1.x, v0.x, l(0.0)\ncontinuec_nz r1.x\nbreak\nendloop\nmov o0.xyzw, v0.xyzw\nret\n",
    "loop\nswitch l(0)\ndefault\ncontinue\nendswitch\nbreak\nendloop\nmov o0.xyzw, v0.xyzw\nret\n",
    # the final break sits inside a branch: the other path reaches endloop
    "loop\nlt r1.x, v0.x, l(0.0)\nif_nz r1.x\nbreak\nendif\nendloop\nmov o0.xyzw, v0.xyzw\nret\n",
])
def test_loops_that_may_run_again_are_kept(text: str):
    assert "LOOP" in _ops(text)


def test_a_nested_loop_keeps_its_own_continue():
    """The inner loop's continue targets the inner loop: the outer one-trip loop still becomes a switch."""
    text = ("loop\nmov r0.x, l(0.0)\nloop\nadd r0.x, r0.x, l(1.0)\nlt r1.x, r0.x, l(3.0)\ncontinuec_nz r1.x\n"
            "break\nendloop\nbreak\nendloop\nmov o0.xyzw, r0.xxxx\nret\n")
    ops = _ops(text)
    assert ops.count("LOOP") == 1 and ops.count("SWITCH") == 1


def test_translated_at_ps_2_0_and_run():
    tr = translate(assemble_program(_HEAD + _ONCE), PROFILES["ps_4_0_level_9_1"], "t.hlsl", ShaderTypes())
    assert validate(tr.program) == []
    x = np.array([[-2, 0, 0, 0], [0.5, 0, 0, 0], [0.0, 0, 0, 0], [4, 0, 0, 0]], F)
    out = Sm2Machine(tr.program, len(x), {(TEXTURE, 0): x}, np.zeros((256, 4), F)).run().out(Reg.COLOROUT, 0)
    a = np.where(x[:, 0] < 0, 1.0, 3.0)
    b = np.where(x[:, 0] < 0, 0.0, np.where(x[:, 0] < 1, 5.0, 2.0))
    np.testing.assert_array_equal(out, np.stack([a, b, a, b], 1).astype(F))


_HLSL = """
float f(float v, out float o)
{
    o = 0.25;
    if (v < 0.3) return 0.5;
    if (v < 0.7) { o = 0.75; return 1.5; }
    return 2.5;
}
float4 main(float4 t : TEXCOORD0) : SV_Target
{
    float4 r;
    r.x = f(t.x, r.y);
    r.zw = t.yz;
    return r;
}
"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_early_returns_compile_for_level_9_1(target: str):
    """Early returns under run-time conditions: X3511 at ps_4_0_level_9_1 before (no loop leaves there)."""
    x = np.array([[0.1, 1, 2, 0], [0.5, 1, 2, 0], [0.9, 1, 2, 0], [0.3, 1, 2, 0]], F)
    out = run_sm2(compile_(_HLSL, target), np.zeros((4, 4), np.uint32), {0: x}, len(x)).out(Reg.COLOROUT, 0)
    want_x = np.where(x[:, 0] < 0.3, 0.5, np.where(x[:, 0] < 0.7, 1.5, 2.5))
    want_y = np.where((x[:, 0] >= 0.3) & (x[:, 0] < 0.7), 0.75, 0.25)
    np.testing.assert_array_equal(out, np.stack([want_x, want_y, x[:, 1], x[:, 2]], 1).astype(F))


def test_d3d9_target_compiles_early_returns():
    compile_(_HLSL, "ps_2_0")
    with pytest.raises(D3D11Error):  # a loop a computed value leaves stays X3511 at ps_2_0
        compile_("float4 main(float4 t : TEXCOORD0) : SV_Target { float s = 0; [loop] while (s < t.x) s += 1;"
                 " return s; }", "ps_2_0")


_DOUBLING = """
float f(out float o)
{
    o = 0.1;
    for (;;)
    {
        if (o > 0.5)
            return 0.2;
        o *= 2;
    }
    return 0.3;
}
float4 main(float4 t : TEXCOORD0) : SV_Target
{
    float4 r;
    r.x = f(r.y);
    r.zw = t.xy;
    return r;
}
"""


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_float_values_known_at_compile_time_steer_unrolling(target: str):
    """The loop's exit reads only values known when compiling (0.1 doubled in float32 until above 0.5): the
    float arithmetic is folded as the executor computes it, so the loop unrolls (X3511 at 9_1 before)."""
    o = np.float32(0.1)
    while not o > np.float32(0.5):
        o = np.float32(o * np.float32(2))
    x = np.array([[0.25, 0.5, 0, 0], [1, 2, 0, 0]], F)
    out = run_sm2(compile_(_DOUBLING, target), np.zeros((4, 4), np.uint32), {0: x}, len(x)).out(Reg.COLOROUT, 0)
    want = np.stack([np.full(2, 0.2, F), np.full(2, o, F), x[:, 0], x[:, 1]], 1)
    np.testing.assert_array_equal(out, want)


_EARLY_EXIT = """
float4 main(float4 t : TEXCOORD0) : SV_Target
{
    float s = 0;
    int i;
    for (i = 0; i < 3; ++i)
    {
        if (t.x < s)
            break;
        s += t.y;
    }
    return float4(s, i, t.z, 1);
}
"""


def test_counted_loop_with_a_run_time_break_unrolls_at_level_9_1():
    """ps_2_0 has no loop a shader value can leave, but a loop whose compile-time exit (the counter) ends it
    unrolls: each copy's writes are predicated off where a run-time break already left (i after the loop is
    the iteration each lane left at)."""
    x = np.array([[5, 1, 7, 0], [0.5, 1, 0, 0], [1.5, 1, 0, 0], [-1, 2, 0, 0], [2.5, 1, 0, 0]], F)
    out = run_sm2(compile_(_EARLY_EXIT, "ps_4_0_level_9_1"), np.zeros((4, 4), np.uint32), {0: x},
                  len(x)).out(Reg.COLOROUT, 0)
    want = []
    for tx, ty, tz, _ in x:
        s, i = np.float32(0), 0
        while i < 3:
            if tx < s:
                break
            s = np.float32(s + ty)
            i += 1
        want.append([s, i, tz, 1])
    np.testing.assert_array_equal(out, np.array(want, F))


def test_a_run_time_continue_in_an_unrolled_loop():
    """Session 26: a lane taking the continue skips the rest of its copy and runs the next one ("continue
    Statement": the loop variables are updated); before, X3511 (tests/test_sm2_continue_s26.py has more)."""
    src = ("float4 main(float4 t : TEXCOORD0) : SV_Target { float s = 0; for (int i = 0; i < 3; ++i) {"
           " if (t.x < s) continue; s += t.y; } return s; }")
    x = np.array([[0, 1, 0, 0], [-1, 1, 0, 0], [1.5, 1, 0, 0], [5, 2, 0, 0], [2.5, 1.25, 0, 0]], F)
    out = run_sm2(compile_(src, "ps_4_0_level_9_1"), np.zeros((4, 4), np.uint32), {0: x}, len(x)).out(Reg.COLOROUT, 0)
    want = []
    for tx, ty in x[:, :2]:
        s = np.float32(0)
        for _ in range(3):
            if tx < s:
                continue
            s = np.float32(s + ty)
        want.append([s] * 4)
    np.testing.assert_array_equal(out, np.array(want, F))


def test_a_run_time_breakc_in_an_unrolled_loop():
    """``breakc`` on a shader value (the form without an if): lanes leave at their iteration."""
    text = ("mov r0.x, l(0.0)\nmov r0.y, l(0)\nloop\nige r1.x, r0.y, l(4)\nbreakc_nz r1.x\n"
            "ge r1.y, r0.x, v0.x\nbreakc_nz r1.y\nadd r0.x, r0.x, l(1.5)\niadd r0.y, r0.y, l(1)\nendloop\n"
            "itof r0.y, r0.y\nmov o0.xyzw, r0.xyxy\nret\n")
    tr = translate(assemble_program(_HEAD + text), PROFILES["ps_4_0_level_9_1"], "t.hlsl", ShaderTypes())
    assert validate(tr.program) == []
    x = np.array([[0, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0], [4.4, 0, 0, 0], [9, 0, 0, 0]], F)
    out = Sm2Machine(tr.program, len(x), {(TEXTURE, 0): x}, np.zeros((256, 4), F)).run().out(Reg.COLOROUT, 0)
    want = []
    for v in x[:, 0]:
        s, i = np.float32(0), 0
        while i < 4 and not s >= v:
            s, i = np.float32(s + np.float32(1.5)), i + 1
        want.append([s, i, s, i])
    np.testing.assert_array_equal(out, np.array(want, F))
