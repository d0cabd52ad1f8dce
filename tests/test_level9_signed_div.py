"""Level-9 signed integer division and modulo (issue 16 point 2, session 8 item 1).

Shader model 2 has no integers: fxc's ps_2_0 / vs_2_0 code holds an HLSL ``int`` as a float of the same value
(exact below 2^24, "Specifying Compiler Targets" / the D3D9 register pages give only float registers), so a
level-9 ``int / int`` is a float computation. SM4 writes signed division as |a| udiv |b| with the sign of the
quotient from ``xor a, b`` read as ``< 0`` (a and b of different signs); the level-9 program asks the same
question with comparisons (rewrite.sign_of_xor). Expected values: C's truncating division and the remainder with
the dividend's sign (HLSL's integer ``/`` and ``%``), computed here in Python, for random and edge operands up
to the float-exact limit 2^24 - 1, both signs; division by zero is left out (SM4 gives 0xFFFFFFFF, a float has
no such value: documented). Also run against the SM4 program in pyd3d11's executor.
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
from pyd3d11.shader.sm2.rewrite import sign_of_xor
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

F = np.float32
LIMIT = (1 << 24) - 1
TARGETS = ["ps_4_0_level_9_1", "ps_4_0_level_9_3", "vs_4_0_level_9_1", "vs_4_0_level_9_3"]


def c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def c_mod(a: int, b: int) -> int:
    return a - c_div(a, b) * b


def _operands(seed: int, n: int = 256) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    edges = [(LIMIT, 1), (-LIMIT, 1), (LIMIT, -1), (-LIMIT, -LIMIT), (LIMIT, LIMIT), (LIMIT, 2), (-LIMIT, 2),
             (LIMIT - 1, LIMIT), (-(LIMIT - 1), LIMIT), (0, 5), (0, -5), (7, 7), (-7, 7), (6, -7), (-1, 2), (1, -2),
             (12, 4), (-12, 4), (12, -4), (-12, -4), (LIMIT, 3), (-LIMIT, -3), (4095, 4096), (-4097, 4096)]
    a = rng.integers(-LIMIT, LIMIT + 1, n)
    b = rng.integers(1, LIMIT + 1, n) * rng.choice([-1, 1], n)
    small = rng.integers(1, 40, n // 2) * rng.choice([-1, 1], n // 2)
    b[: n // 2] = np.where(rng.random(n // 2) < 0.5, small, b[: n // 2])  # many small divisors: big quotients
    a[: len(edges)], b[: len(edges)] = zip(*edges)
    return a, b


def _src(stage: str, mod: bool) -> str:
    expr = "float4(a / b, a % b, -a / b, b / 1)" if mod else "float4(a / b, (b / a) * 0, a / -b, 0)"
    if stage == "ps":
        return f"""float4 main(float4 x : TEXCOORD0) : SV_Target {{ int a = (int)x.x; int b = (int)x.y;
          return {expr}; }}"""
    return f"""struct O {{ float4 p : SV_Position; float4 t : TEXCOORD0; }};
    O main(float4 x : POSITION) {{ O o; o.p = x; int a = (int)x.x; int b = (int)x.y; o.t = {expr}; return o; }}"""


def _run(src: str, target: str, a: np.ndarray, b: np.ndarray):
    blob = bytes(D3DCompile(src, None, None, None, None, "main", target, 0, 0))
    c = parse_container(blob)
    chunk = parse_aon9(c.get("Aon9"))
    sm2 = decode_program(chunk.program)
    assert validate(sm2) == []
    assert "xor" not in {i.op for i in sm2.instructions}
    x = np.zeros((len(a), 4), F)
    x[:, 0], x[:, 1] = a, b
    assert np.array_equal(x[:, 0].astype(np.int64), a)  # exact as floats below 2^24
    sm4 = decode_sm4(c.program)
    res = run_program(sm4, len(a), inputs=x.view(np.uint32)[None])
    if sm2.kind == "vs":
        m = Sm2Machine(sm2, len(a), {(Reg.INPUT, 0): x}, constants_for(chunk, {})).run()
        return res.outputs[1].view(F), m.out(Reg.TEXCRDOUT, 0), sm2
    m = Sm2Machine(sm2, len(a), {(TEXTURE, 0): x}, constants_for(chunk, {})).run()
    return res.outputs[0].view(F), m.out(Reg.COLOROUT, 0), sm2


@pytest.mark.parametrize("target", TARGETS)
def test_signed_division_and_modulo_are_exact(target: str):
    if target == "ps_4_0_level_9_1":  # two divisions and a modulo: past ps_2_0's 64 slots; one of each
        src = """float4 main(float4 x : TEXCOORD0) : SV_Target { int a = (int)x.x; int b = (int)x.y;
          return float4(a / b, a % b, 0, 0); }"""
        cols = [lambda a, b: c_div(a, b), lambda a, b: c_mod(a, b)]
    else:
        src = _src(target[:2], True)
        cols = [c_div, c_mod, lambda a, b: c_div(-a, b), lambda a, b: b]
    for seed in range(2):
        a, b = _operands(seed)
        expect, got, _ = _run(src, target, a, b)
        for k, fn in enumerate(cols):
            want = np.array([fn(int(p), int(q)) for p, q in zip(a, b)], np.float64)
            np.testing.assert_array_equal(got[:, k], want, err_msg=f"column {k}")
            np.testing.assert_array_equal(expect[:, k], want, err_msg=f"SM4 column {k}")


@pytest.mark.parametrize("target", TARGETS[1:])
def test_signed_division_by_a_negated_divisor_and_of_zero(target: str):
    src = _src(target[:2], False)
    a, b = _operands(7)
    a = np.where(a == 0, 1, a)  # b / a divides by a
    expect, got, _ = _run(src, target, a, b)
    np.testing.assert_array_equal(got[:, 0], [c_div(int(p), int(q)) for p, q in zip(a, b)])
    np.testing.assert_array_equal(got[:, 1], 0)
    np.testing.assert_array_equal(got[:, 2], [c_div(int(p), -int(q)) for p, q in zip(a, b)])


def test_vector_signed_division():
    src = """struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };
    O main(float4 x : POSITION, float4 y : TEXCOORD0) { O o; o.p = x; o.t = (int4)x / (int4)y; return o; }"""
    rng = np.random.default_rng(3)
    n = 64
    xs = rng.integers(-5000, 5001, (n, 4)).astype(F)
    ys = (rng.integers(1, 90, (n, 4)) * rng.choice([-1, 1], (n, 4))).astype(F)
    for target in ("vs_4_0_level_9_1", "vs_4_0_level_9_3"):
        blob = bytes(D3DCompile(src, None, None, None, None, "main", target, 0, 0))
        c = parse_container(blob)
        chunk = parse_aon9(c.get("Aon9"))
        sm2 = decode_program(chunk.program)
        assert validate(sm2) == []
        m = Sm2Machine(sm2, n, {(Reg.INPUT, 0): xs, (Reg.INPUT, 1): ys}, constants_for(chunk, {})).run()
        want = [[c_div(int(p), int(q)) for p, q in zip(r1, r2)] for r1, r2 in zip(xs, ys)]
        np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, 0), want)


# --- the rewrite's own conditions (rewrite.sign_of_xor) ------------------------------------------------------
def _t(reg: int, mask: int = 0xF, swz=None) -> ir.Operand:
    if swz is None:
        return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.MASK, mask=mask, indices=[ir.Index(value=reg)])
    return ir.Operand(ir.OperandType.TEMP, 4, ir.SelectionMode.SWIZZLE, swizzle=swz, indices=[ir.Index(value=reg)])


def _imm(v: int) -> ir.Operand:
    return ir.Operand(ir.OperandType.IMMEDIATE32, 1, values=[v])


OP = ir.Opcode
X = ir.Instruction(OP.XOR, [_t(0, 0x1), _t(1, swz=(0, 0, 0, 0)), _t(2, swz=(1, 1, 1, 1))])
LT = ir.Instruction(OP.ILT, [_t(3, 0x1), _t(0, swz=(0, 0, 0, 0)), _imm(0)])
KILL = ir.Instruction(OP.MOV, [_t(0, 0x1), _imm(5)])  # r0.x overwritten: the xor result is dead
READ = ir.Instruction(OP.MOV, [_t(4, 0x1), _t(0, swz=(0, 0, 0, 0))])  # the xor result read again


@pytest.mark.parametrize("body,rewritten", [
    ([X, LT, KILL], True),
    ([X, LT], True),  # program end
    ([X, ir.Instruction(OP.IGE, LT.operands), KILL], True),
    ([X, LT, READ], False),  # the bits are needed
    ([X, LT, ir.Instruction(OP.IF, [_t(9, swz=(0, 0, 0, 0))], 1 << 7), KILL], False),  # flow: not proven dead
    ([X, ir.Instruction(OP.ILT, [_t(3, 0x1), _t(0, swz=(0, 0, 0, 0)), _imm(1)]), KILL], False),  # not a sign test
    ([X, ir.Instruction(OP.ILT, [_t(0, 0x1), _t(0, swz=(0, 0, 0, 0)), _imm(0)]), KILL], False),  # m overlaps t
    ([ir.Instruction(OP.XOR, [_t(1, 0x1), _t(1, swz=(0, 0, 0, 0)), _t(2, swz=(1, 1, 1, 1))]),
      ir.Instruction(OP.ILT, [_t(3, 0x1), _t(1, swz=(0, 0, 0, 0)), _imm(0)])], True),  # a reads t: read first
    ([X, ir.Instruction(OP.MOV, [_t(5, 0x1), _imm(0)]), LT, KILL], False),  # not adjacent
])
def test_sign_of_xor_rule(body, rewritten: bool):
    out = sign_of_xor(list(body))
    if not rewritten:
        assert out == list(body)
        return
    ops = [i.opcode for i in out[:3]]
    assert ops == [OP.ILT, OP.ILT, OP.INE if body[1].opcode == OP.ILT else OP.IEQ]
    assert out[0].operands[0] == body[0].operands[0] and out[0].operands[1] == body[0].operands[1]
    assert out[1].operands[0] == body[1].operands[0]
    assert out[1].operands[1].components() == (1, 1, 1, 1) and out[1].operands[1].register == 2
    assert out[3:] == list(body[2:])


def test_sign_of_xor_keeps_the_xor_when_b_reads_the_result_register():
    body = [ir.Instruction(OP.XOR, [_t(2, 0x2), _t(1, swz=(0, 0, 0, 0)), _t(2, swz=(1, 1, 1, 1))]),
            ir.Instruction(OP.ILT, [_t(3, 0x1), _t(2, swz=(1, 1, 1, 1)), _imm(0)]), KILL]
    assert sign_of_xor(list(body)) == body
