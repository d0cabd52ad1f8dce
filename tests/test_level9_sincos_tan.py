"""Level-9 ``sin`` / ``cos`` / ``sincos`` / ``tan`` (issue 16 point 2, session 8 item 2).

Shader model 2's ``sincos`` is a macro instruction: it reads one replicated component of an angle in [-pi, pi]
plus the two D3DSINCOSCONST registers and writes the cosine to .x and the sine to .y in one go, for 8
instruction slots in ps_2_0 and vs_2_0 ("sincos - ps", "sincos - vs", "ps_2_0 Instructions", "Instructions -
vs_2_0"). ps_2_0 (``ps_4_0_level_9_1``) has 64 arithmetic slots ("Specifying Compiler Targets"). So ``tan(x)``
of a float4 needs at least four sincos (32 slots); its SM4 form is a sine and a cosine of the same angle, which
the translation must evaluate once per component (both results of one macro), not twice (64 slots before any
range reduction: over the limit). Slot counts here are counted by this file from the documented table, the
values checked by running the SM2 program in the test-side interpreter (tests/sm2_interp.py) against the SM4
program in pyd3d11's executor and against numpy's float64 tan.
"""

from __future__ import annotations

import numpy as np
import pytest
from sm2_interp import Sm2Machine, constants_for, validate

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.aon9 import parse_aon9
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program as decode_sm4
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.rewrite import pair_sincos
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

F = np.float32
#: "ps_2_0 Instructions" / "Instructions - vs_2_0": slots per instruction (1 for the others used here)
DOC_SLOTS = {"sincos": 8, "dcl": 0, "def": 0, "comment": 0, "nrm": 3, "m4x4": 4, "lrp": 2}


def _compile(src: str, target: str):
    blob = bytes(D3DCompile(src, None, None, None, None, "main", target, 0, 0))
    c = parse_container(blob)
    chunk = parse_aon9(c.get("Aon9"))
    return decode_sm4(c.program), chunk, decode_program(chunk.program)


def _slots(prog) -> int:
    return sum(DOC_SLOTS.get(i.op, 1) for i in prog.instructions)


def _run(src: str, target: str, x: np.ndarray):
    """(SM4 output 0, SM2 output 0) for input register 0 = ``x`` (vs: o1 = TEXCOORD0, ps: oC0)."""
    sm4, chunk, sm2 = _compile(src, target)
    assert validate(sm2) == []
    n = len(x)
    arr = np.zeros((1, n, 4), np.uint32)
    arr[0] = x.view(np.uint32)
    res = run_program(sm4, n, inputs=arr)
    if sm2.kind == "vs":
        m = Sm2Machine(sm2, n, {(Reg.INPUT, 0): x}, constants_for(chunk, {})).run()
        return res.outputs[1].view(F), m.out(Reg.TEXCRDOUT, 0)
    m = Sm2Machine(sm2, n, {(TEXTURE, 0): x}, constants_for(chunk, {})).run()
    return res.outputs[0].view(F), m.out(Reg.COLOROUT, 0)


PS_TAN4 = "float4 main(float4 x : TEXCOORD0) : SV_Target { return tan(x); }"
PS_TAN1 = "float4 main(float4 x : TEXCOORD0) : SV_Target { return tan(x.z); }"
PS_TAN_SWZ = "float4 main(float4 x : TEXCOORD0) : SV_Target { return tan(x.yyxw) + cos(x.w); }"
VS_TAN = """struct O { float4 p : SV_Position; float4 a : TEXCOORD0; };
O main(float4 x : POSITION) { O o; o.p = x; o.a = tan(x.wzyx * 0.75); return o; }"""
PS_SINCOS = """float4 main(float4 x : TEXCOORD0) : SV_Target {
  float4 s, c; sincos(x * 2.5, s, c); return s * 0.5 + c; }"""


def _angles(seed: int, n: int = 256) -> np.ndarray:
    """Angles over several periods, clear of tan's poles (|cos| >= 0.05) so float32 rounding of the angle
    cannot dominate; plus the exact multiples of pi/4 and 0."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(-20, 20, (n, 4))
    x[:8] = np.array([0, np.pi / 4, -np.pi / 4, np.pi, -np.pi, 3 * np.pi / 4, 10.0, -7.5])[:, None]
    return x.astype(F)


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_float4_tan_fits_ps_2_0_and_matches_tan(target: str):
    _, _, sm2 = _compile(PS_TAN4, target)
    assert sum(1 for i in sm2.instructions if i.op == "sincos") == 4  # one macro per component
    assert _slots(sm2) <= 64
    x = _angles(1)
    expect, got = _run(PS_TAN4, target, x)
    ok = np.abs(np.cos(x.astype(np.float64))) >= 0.05
    np.testing.assert_allclose(got[ok], np.tan(x.astype(np.float64))[ok], rtol=2e-4, atol=2e-5)
    np.testing.assert_allclose(got[ok], expect[ok], rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_scalar_tan_uses_one_sincos(target: str):
    _, _, sm2 = _compile(PS_TAN1, target)
    assert sum(1 for i in sm2.instructions if i.op == "sincos") == 1
    # mad, frc, mad (reduction) + sincos 8 + rcp + mul + mov oC0, with at most 3 copies of the results
    assert _slots(sm2) <= 3 + 8 + 3 + 3
    x = _angles(2)
    _, got = _run(PS_TAN1, target, x)
    ok = np.abs(np.cos(x[:, 2].astype(np.float64))) >= 0.05
    want = np.tan(x[:, 2].astype(np.float64))
    for lane in range(4):
        np.testing.assert_allclose(got[ok, lane], want[ok], rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_swizzled_tan_with_repeated_components(target: str):
    _, _, sm2 = _compile(PS_TAN_SWZ, target)
    x = _angles(3)
    xd = x.astype(np.float64)
    want = np.tan(xd[:, [1, 1, 0, 3]]) + np.cos(xd[:, 3:4])
    expect, got = _run(PS_TAN_SWZ, target, x)
    ok = np.all(np.abs(np.cos(xd[:, [1, 0, 3]])) >= 0.05, axis=1)
    np.testing.assert_allclose(got[ok], want[ok], rtol=2e-4, atol=5e-5)
    np.testing.assert_allclose(got[ok], expect[ok], rtol=2e-4, atol=5e-5)


@pytest.mark.parametrize("target", ["vs_4_0_level_9_1", "vs_4_0_level_9_3"])
def test_vertex_tan(target: str):
    _, _, sm2 = _compile(VS_TAN, target)
    assert sum(1 for i in sm2.instructions if i.op == "sincos") == 4
    x = _angles(4)
    xd = x.astype(np.float64)[:, ::-1] * 0.75
    _, got = _run(VS_TAN, target, x)
    ok = np.all(np.abs(np.cos(xd)) >= 0.05, axis=1)
    np.testing.assert_allclose(got[ok], np.tan(xd)[ok], rtol=2e-4, atol=2e-5)


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_sincos_intrinsic_reduces_every_angle_once(target: str):
    _, _, sm2 = _compile(PS_SINCOS, target)
    assert sum(1 for i in sm2.instructions if i.op == "sincos") == 4
    assert sum(1 for i in sm2.instructions if i.op == "frc") == 1  # one vector range reduction
    x = _angles(5)
    xd = x.astype(np.float64) * 2.5
    _, got = _run(PS_SINCOS, target, x)
    np.testing.assert_allclose(got, np.sin(xd) * 0.5 + np.cos(xd), atol=5e-5)


# --- the pairing rule itself (rewrite.pair_sincos) --------------------------------------------------------
def _t(reg: int, mask: int = 0xF, swz=None) -> ir.Operand:
    if swz is None:
        return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.MASK, mask=mask, indices=[ir.Index(value=reg)])
    return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.SWIZZLE, swizzle=swz, indices=[ir.Index(value=reg)])


NULL = ir.Operand(ir.OperandType.NULL, 0)
SC = ir.Opcode.SINCOS


def _sc(s, c, x, controls=0):
    return ir.Instruction(SC, [s, c, x], controls)


@pytest.mark.parametrize("pair,merged", [
    ((_sc(_t(0), NULL, _t(2, swz=(0, 1, 2, 3))), _sc(NULL, _t(1), _t(2, swz=(0, 1, 2, 3)))), True),
    ((_sc(NULL, _t(1), _t(2, swz=(0, 1, 2, 3))), _sc(_t(0), NULL, _t(2, swz=(0, 1, 2, 3)))), True),
    # the first writes the angle the second reads: the second must see the new value
    ((_sc(_t(2, 0x1), NULL, _t(2, swz=(0, 0, 0, 0))), _sc(NULL, _t(1), _t(2, swz=(0, 0, 0, 0)))), False),
    # both write r0.x: the later one must win
    ((_sc(_t(0, 0x3), NULL, _t(2, swz=(0, 1, 2, 3))), _sc(NULL, _t(0, 0x1), _t(2, swz=(0, 1, 2, 3)))), False),
    # different angles
    ((_sc(_t(0), NULL, _t(2, swz=(0, 1, 2, 3))), _sc(NULL, _t(1), _t(3, swz=(0, 1, 2, 3)))), False),
    # saturate on one only
    ((_sc(_t(0), NULL, _t(2, swz=(0, 1, 2, 3)), 1 << 2), _sc(NULL, _t(1), _t(2, swz=(0, 1, 2, 3)))), False),
    # both compute the sine
    ((_sc(_t(0), NULL, _t(2, swz=(0, 1, 2, 3))), _sc(_t(1), NULL, _t(2, swz=(0, 1, 2, 3)))), False),
])
def test_pair_sincos_rule(pair, merged: bool):
    out = pair_sincos(list(pair))
    if not merged:
        assert out == list(pair)
        return
    assert len(out) == 1
    sin_d = pair[0].operands[0] if pair[0].operands[0].type != ir.OperandType.NULL else pair[1].operands[0]
    cos_d = pair[0].operands[1] if pair[0].operands[1].type != ir.OperandType.NULL else pair[1].operands[1]
    assert out[0].operands == [sin_d, cos_d, pair[0].operands[2]]
