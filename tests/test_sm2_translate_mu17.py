"""SM4 -> shader model 2 translation rules pinned by the session-14 seed-17 mutation round (helper MU4), run on
the test-side SM2 interpreter (tests/sm2_interp.py) from the level-9 targets' Aon9 programs.

- ``ieq`` / ``ine`` against zero of an integer that is not a truth value: the HLSL ``==`` / ``!=`` result of the
  integer's value (HLSL operators page), whatever the translation's shortcut for comparison results (1.0 / 0.0
  masks) does with masks; only the destination's components decide which sources are read.
- a ``rep`` loop whose literal count is an integer constant: the ``defi`` holds the count in .x and zeros in .y .z
  .w ("rep - ps": the loop count is i#.x; the other components are not read, and are written 0); a loop that
  leaves by a test repeats 255 times at most (the largest count "rep - ps" accepts), ``defi i#, 255, 0, 0, 0``.
Expected values are computed here with numpy."""

from __future__ import annotations

import numpy as np
import pytest
from level9_kit import compile_
from test_level9_kinds import PS_TARGETS, VS_TARGETS, _run_expr

from pyd3d11.errors import D3D11Error

F = np.float32

pytestmark = pytest.mark.backend_specific  # the SM2 interpreter runs them: no shader backend involved

KEYS = np.array([0, 1, 2, -3, 0.5, -0.75, 5, 0], F)


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("op", "ref"), [("==", np.equal), ("!=", np.not_equal)])
def test_integer_compared_with_zero_is_its_value_test(op, ref, target):
    """``(int)x.x op 0`` on values that truncate to 0 and to other integers: 1 where the relation holds."""
    xs = np.stack([KEYS, np.zeros(8, F), np.zeros(8, F), np.zeros(8, F)], 1)
    ys = np.tile(np.array([[10, 20, 30, 40]], F), (8, 1))
    got = _run_expr(f"float4(((int)x.x {op} 0) ? y.x : y.y, 0, 0, 1)", target, xs, ys)
    want = np.where(ref(np.trunc(KEYS), 0), F(10), F(20))
    np.testing.assert_array_equal(got[:, 0], want)


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("op", "ref"), [("==", np.equal), ("!=", np.not_equal)])
def test_integer_compared_with_zero_in_two_components(op, ref, target):
    """The same test on two components at once (a two-component destination mask)."""
    xs = np.stack([KEYS, KEYS[::-1], np.zeros(8, F), np.zeros(8, F)], 1)
    ys = np.tile(np.array([[10, 20, 30, 40]], F), (8, 1))
    got = _run_expr(f"float4(((int2)x.xy {op} 0) ? y.xz : y.yw, 0, 1)", target, xs, ys)
    want = np.stack([np.where(ref(np.trunc(xs[:, c]), 0), ys[:, 2 * c], ys[:, 2 * c + 1]) for c in (0, 1)], 1)
    np.testing.assert_array_equal(got[:, :2], want)


LOOP = ("float4 main(float4 x : TEXCOORD0) : SV_Target { float4 r = 0; "
        "[loop] for (int i = 0; i < 200; i++) { r += x * r.x + 1; } return r; }")


@pytest.mark.parametrize("target", ["vs_4_0_level_9_1", "vs_4_0_level_9_3"])
def test_literal_count_rep_loop_defines_count_then_zeros(target):
    """A loop of 200 iterations (too long to unroll) becomes ``rep i#`` with ``defi i#, 200, 0, 0, 0``."""
    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.sm2.program import decode_program

    src = LOOP if target.startswith("ps") else LOOP.replace("TEXCOORD0) : SV_Target", "POSITION) : SV_Position")
    prog = decode_program(parse_aon9(parse_container(compile_(src, target)).get("Aon9")).program)
    defis = {i.dst.num: list(i.values) for i in prog.instructions if i.op == "defi"}
    reps = [i.srcs[0].num for i in prog.instructions if i.op == "rep"]
    assert len(reps) == 1 and defis.get(reps[0]) == [200, 0, 0, 0]


def test_a_pixel_shader_at_9_3_unrolls_the_literal_loop():
    # d3dcompiler_47 10.1 (session 44): ps_4_0_level_9_3 has no flow control; the 200 copies fit its 512 slots
    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.sm2.program import decode_program

    prog = decode_program(parse_aon9(parse_container(compile_(LOOP, "ps_4_0_level_9_3")).get("Aon9")).program)
    assert not {"rep", "loop", "break", "breakc"} & {i.op for i in prog.instructions}


UNBOUNDED = {
    "break": "float4 main(float4 x : TEXCOORD0) : SV_Target { float4 r = 0; "
             "[loop] for (int i = 0; i < 300; i++) { r += x * r.x + 1; if (r.x > 5) break; } return r; }",
    "while": "float4 main(float4 x : TEXCOORD0) : SV_Target { float4 r = x; "
             "[loop] while (r.x < 100) { r = r * 2 + 1; } return r; }",
}


@pytest.mark.parametrize("name", [pytest.param("break", marks=pytest.mark.xfail(
    strict=True, reason="fxc's X3511 at ps_4_0_level_9_3 ('unrolled loop is too large'); the unrolled copies are "
                        "judged by the slot limit here: X5609")), "while"])
def test_loop_without_literal_count_repeats_the_most_rep_allows(name):
    """A loop that leaves by a test (ps_2_x "break_comp") runs as ``rep i#`` with ``defi i#, 255, 0, 0, 0``: 255
    is the largest count "rep - ps" accepts, and the other components are not read (written 0)."""
    from pyd3d11.shader.dxbc.aon9 import parse_aon9
    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.sm2.program import decode_program

    # at vs_4_0_level_9_3 (vs_2_a's dynamic flow control): the pixel shader is fxc's X3511 at 9_3 (session 44)
    with pytest.raises(D3D11Error, match="X3511"):
        compile_(UNBOUNDED[name], "ps_4_0_level_9_3")
    blob = compile_(UNBOUNDED[name].replace("TEXCOORD0) : SV_Target", "POSITION) : SV_Position"), "vs_4_0_level_9_3")
    prog = decode_program(parse_aon9(parse_container(blob).get("Aon9")).program)
    defis = {i.dst.num: list(i.values) for i in prog.instructions if i.op == "defi"}
    reps = [i.srcs[0].num for i in prog.instructions if i.op == "rep"]
    assert len(reps) == 1 and defis.get(reps[0]) == [255, 0, 0, 0]
