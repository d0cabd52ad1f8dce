"""SM4 -> shader model 2 translation rules of shader/sm2/translate.py that the session-25 mutation round (seed 27)
found unpinned. Expected values come from the D3D9 assembly reference, not from the translator:

- "Registers - ps_2_0" / "vs_2_0": an instruction may read at most ``ports`` distinct registers of a file (its
  read ports) and at most ``reads`` operands from it; one register read twice takes one port. ``_fits`` is that
  rule for one file's operands; a relatively addressed constant (``c[a0.x + n]``) is another register than ``cn``.
- Which components of a source an instruction reads ("dp4 - ps": all four whatever the write mask; "dp3 - ps":
  x, y, z; "dp2add - ps": x, y of src0 / src1 and a replicate swizzle of src2; "rcp"/"rsq"/"exp"/"log - ps": one
  replicated component; "texld - ps_2_0 and up" and "texkill - ps" (ps_2_0 and up: all four components); every
  other arithmetic instruction: the components its write mask names). The translator's ``_lanes_read`` decides
  from it which ps_2_0 swizzles must be copied; optimize.py's ``_lanes_read`` decides liveness from the same rule
  (both checked against one table here).
- An immediate constant buffer (a ``static const int`` table) whose columns hold zeros beside integers is read as
  integers: zero is both an integer and a float, so it never makes a column mixed (HLSL static const arrays;
  the translation stores integers as the floats of their values). Run on the test-side SM2 interpreter.
"""

from __future__ import annotations

import numpy as np
import pytest
from level9_kit import compile_
from sm2_interp import Sm2Machine, texcoord_index, validate
from test_level9_kinds import run_sm2

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.sm2.optimize import _lanes_read as live_lanes_read
from pyd3d11.shader.sm2.profile import PROFILES
from pyd3d11.shader.sm2.program import Dst, Inst, Src
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg
from pyd3d11.shader.sm2.translate import _Translator, translate
from pyd3d11.shader.sm2.types import ShaderTypes

pytestmark = pytest.mark.backend_specific  # translator units and the SM2 interpreter: no shader backend involved

F = np.float32


def _c(num: int, rel: bool = False) -> Src:
    return Src(Reg.CONST, num, rel=Src(Reg.ADDR, 0) if rel else None)


# (operands of one file, read ports, reads per instruction or None, fits)
FITS = [
    ([], 1, 2, True),
    ([_c(0)], 1, 2, True),
    ([_c(0), _c(0)], 1, 2, True),          # one register read twice: one port, two reads
    ([_c(0), _c(1)], 1, 2, False),         # two registers through one port
    ([_c(0), _c(0), _c(0)], 1, 2, False),  # three reads of one register past two reads
    ([_c(0), _c(1)], 2, 2, True),
    ([_c(0), _c(1), _c(2)], 2, None, False),
    ([_c(0), _c(1), _c(1)], 2, None, True),
    ([_c(0), _c(1), _c(2)], 3, None, True),
    ([_c(0), _c(1), _c(2), _c(3)], 3, None, False),
    ([_c(0), _c(0, rel=True)], 1, 2, False),  # c0 and c[a0.x + 0] are two registers
    ([_c(0, rel=True), _c(0, rel=True)], 1, 2, True),
    ([_c(5), _c(5), _c(5)], 1, None, True),  # reads unlimited: any number of reads of one register
]


@pytest.mark.parametrize(("srcs", "ports", "reads", "fits"), FITS)
def test_read_port_rule(srcs, ports, reads, fits):
    assert _Translator._fits(srcs, ports, reads) is fits


def _mask(lanes) -> int:
    return sum(1 << ln for ln in lanes)


# (op, source index, destination write mask or None, components read): the D3D9 asm reference pages
LANES = [
    ("dp4", 0, 0x1, (0, 1, 2, 3)), ("dp4", 1, 0x8, (0, 1, 2, 3)),
    ("dp3", 0, 0x1, (0, 1, 2)), ("dp3", 1, 0xF, (0, 1, 2)),
    ("dp2add", 0, 0x1, (0, 1)), ("dp2add", 1, 0x2, (0, 1)), ("dp2add", 2, 0x1, (0,)),
    ("rcp", 0, 0x4, (0,)), ("rsq", 0, 0xF, (0,)), ("exp", 0, 0x2, (0,)), ("log", 0, 0x8, (0,)),
    ("texld", 0, 0xF, (0, 1, 2, 3)), ("texld", 0, 0x1, (0, 1, 2, 3)),
    ("texkill", 0, None, (0, 1, 2, 3)),
    ("add", 0, 0x3, (0, 1)), ("add", 1, 0x5, (0, 2)), ("mul", 1, 0x8, (3,)), ("mov", 0, 0xF, (0, 1, 2, 3)),
    ("mad", 2, 0x6, (1, 2)), ("cmp", 0, 0x9, (0, 3)), ("max", 0, 0x1, (0,)), ("frc", 0, 0xE, (1, 2, 3)),
]


@pytest.mark.parametrize(("op", "i", "mask", "lanes"), LANES)
def test_components_an_instruction_reads(op: str, i: int, mask: int | None, lanes: tuple[int, ...]):
    d = None if mask is None else Dst(Reg.TEMP, 0, mask)
    assert set(_Translator._lanes_read(None, op, i, d)) == set(lanes)  # type: ignore[arg-type]
    srcs = [Src(Reg.TEMP, k) for k in range(3)]
    assert set(live_lanes_read(Inst(op, d, srcs), i)) == set(lanes)


# immediate constant buffers: integer tables with zeros in their columns
PRE = """static const int T[4] = {0, 5, -7, 9};
static const int2 U[3] = {int2(0, 4), int2(-2, 0), int2(6, 0)};
"""
T = np.array([0, 5, -7, 9], F)
U = np.array([[0, 4], [-2, 0], [6, 0]], F)
X = np.array([[0, 1, 2, 3], [3, 2, 1, 0], [1, 0, 0, 2], [2, 3, 2, 1]], F)


def _table_case(expr: str, target: str) -> np.ndarray:
    if target.startswith("ps"):
        src = PRE + f"float4 main(float4 x : TEXCOORD0) : SV_Target {{ return {expr}; }}"
    else:
        src = PRE + ("struct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
                     f"O main(float4 x : POSITION) {{ O o; o.p = x; o.t = {expr}; return o; }}")
    m = run_sm2(compile_(src, target), np.zeros((4, 4), np.uint32), {0: X}, len(X))
    return m.out(Reg.COLOROUT, 0) if target.startswith("ps") else m.out(Reg.TEXCRDOUT, texcoord_index(1, 0))


I = X.astype(int)
TABLE_CASES = [
    # (expression, expected, targets): ps_2_0 (level 9_1) has 64 arithmetic slots, so the wide case skips it
    ("float4(T[(int)x.x], T[(int)x.y] * 2, 0, 1)",
     np.stack([T[I[:, 0]], T[I[:, 1]] * 2, np.zeros(4, F), np.ones(4, F)], 1), "all"),
    # an integer negation of a table read (ineg icb[r + 3]): the read stays indexed (it read T[3] at vs)
    ("float4(0, -T[(int)x.y], -U[(int)x.w % 3].y, 1)",
     np.stack([np.zeros(4, F), -T[I[:, 1]], -U[I[:, 3] % 3, 1], np.ones(4, F)], 1), "wide"),
    ("float4(U[(int)x.z % 3].y, U[(int)x.w % 3].x, T[(int)x.x] + U[(int)x.w % 3].y, 1)",
     np.stack([U[I[:, 2] % 3, 1], U[I[:, 3] % 3, 0], T[I[:, 0]] + U[I[:, 3] % 3, 1], np.ones(4, F)], 1), "wide"),
]


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3", "vs_4_0_level_9_1", "vs_4_0_level_9_3"])
@pytest.mark.parametrize(("expr", "want", "which"), TABLE_CASES)
def test_integer_tables_with_zero_entries(expr: str, want: np.ndarray, which: str, target: str):
    if which == "wide" and target == "ps_4_0_level_9_1":
        # past ps_2_0's 64 arithmetic slots: refused with fxc's X5608, never a skip (issue 19 item 5)
        with pytest.raises(ShaderCompileError, match="X5608"):
            _table_case(expr, target)
        return
    np.testing.assert_array_equal(_table_case(expr, target), want)


# vs_2_0 has one address register (a0): two constants indexed by different values in one SM4 instruction must
# not share it ("mova - vs": each relative read uses the a0.x set last). The session-25 round found
# `T[i] + U[j]` reading both at j; the translation now copies the first read before the second mova.
A = np.arange(16, dtype=F).reshape(4, 4) * 10 + 1
B = -np.arange(12, dtype=F).reshape(3, 4) - 0.5


@pytest.mark.parametrize("target", ["vs_4_0_level_9_1", "vs_4_0_level_9_3"])
@pytest.mark.parametrize(("expr", "want"), [
    ("A[(int)x.x] + B[(int)x.w % 3]", A[I[:, 0]] + B[I[:, 3] % 3]),
    ("A[(int)x.y].zwxy * B[(int)x.z % 3].y - A[(int)x.x].x",
     A[I[:, 1]][:, [2, 3, 0, 1]] * B[I[:, 2] % 3][:, 1:2] - A[I[:, 0]][:, 0:1]),
    ("float4(T[(int)x.x] + U[(int)x.w % 3].y, U[(int)x.z % 3].x - T[(int)x.y], 0, 1)",
     np.stack([T[I[:, 0]] + U[I[:, 3] % 3, 1], U[I[:, 2] % 3, 0] - T[I[:, 1]], np.zeros(4, F), np.ones(4, F)], 1)),
])
def test_two_dynamic_constant_reads_in_one_instruction(expr: str, want: np.ndarray, target: str):
    src = PRE + ("float4 A[4]; float4 B[3];\nstruct O { float4 p : SV_Position; float4 t : TEXCOORD0; };\n"
                 f"O main(float4 x : POSITION) {{ O o; o.p = x; o.t = {expr}; return o; }}")
    words = np.concatenate([A, B]).view(np.uint32)
    m = run_sm2(compile_(src, target), words, {0: X}, len(X))
    np.testing.assert_array_equal(m.out(Reg.TEXCRDOUT, texcoord_index(1, 0)), want.astype(F))


# integers given on one path only (HLSL: `int c = 2; if (x.x > 0) c = 5;`): the literal moves are integers,
# stored as the floats of their values (was E_NOTIMPL under translate.py #575's mutant)
BRANCH_INTS = ("float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : SV_Target "
               "{ int c = 2; int d = 7; if (x.x > 0) { c = 5; d = -3; } return float4(c * y.x, c + d, d, 1); }")


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
def test_integer_literals_set_on_one_branch(target: str):
    x = np.array([[1, 2, 3, 4], [-0.5, 8, 0.25, -16]], F)
    y = np.array([[10, 100, 1000, 10000], [3, -2, 5, 7]], F)
    m = run_sm2(compile_(BRANCH_INTS, target), np.zeros((4, 4), np.uint32), {0: x, 1: y}, len(x))
    c = np.where(x[:, 0] > 0, 5, 2)
    d = np.where(x[:, 0] > 0, -3, 7)
    np.testing.assert_array_equal(m.out(Reg.COLOROUT, 0), np.stack([c * y[:, 0], c + d, d, np.ones(2)], 1).astype(F))


# SM4 `and` of a comparison mask (0 / 0xFFFFFFFF) with a value (D3D11.3 functional spec, "and": bitwise): the
# value where the mask is set, 0 elsewhere -- fxc's form of `cond ? v : 0` and of bool -> int (mask & 1). The
# translation selects (cmp); the result may be a float or an integer, in a temp or an output.
_HEAD = "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 3\n"
XA = np.array([[1, 2, 3, 4], [-0.5, 8, 0.25, -16], [0, -3, 2, 1], [2.5, -7.75, 0, 1]], F)
POS = (XA[:, 0] > 0)[:, None]
AND_CASES = [
    ("lt r0.x, l(0.0), v0.x\nand r1.xyzw, r0.xxxx, v0.xyzw\nmov o0.xyzw, r1.xyzw\nret\n", np.where(POS, XA, 0)),
    ("lt r0.x, l(0.0), v0.x\nand o0.xyzw, r0.xxxx, v0.xyzw\nret\n", np.where(POS, XA, 0)),
    ("lt r0.x, l(0.0), v0.x\nand r1.x, r0.x, l(1)\niadd r1.x, r1.x, l(2)\nitof o0.xyzw, r1.xxxx\nret\n",
     np.repeat(np.where(POS, 3, 2), 4, 1)),
    ("lt r0.x, l(0.0), v0.x\nftoi r2.x, v0.y\nand r1.x, r0.x, r2.x\nitof o0.xyzw, r1.xxxx\nret\n",
     np.repeat(np.where(POS, np.trunc(XA[:, 1:2]), 0), 4, 1)),
]


@pytest.mark.parametrize("target", ["ps_4_0_level_9_1", "ps_4_0_level_9_3"])
@pytest.mark.parametrize(("text", "want"), AND_CASES)
def test_and_of_a_mask_selects(text: str, want: np.ndarray, target: str):
    tr = translate(assemble_program("ps_4_0\n" + _HEAD + text), PROFILES[target], "t.hlsl", ShaderTypes())
    assert validate(tr.program) == []
    m = Sm2Machine(tr.program, len(XA), {(TEXTURE, 0): XA}, np.zeros((256, 4), F)).run()
    np.testing.assert_array_equal(m.out(Reg.COLOROUT, 0), want.astype(F))
