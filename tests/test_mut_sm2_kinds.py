"""The level-9 kind analysis' two pure rules (shader/sm2/kinds.py), table-driven from their definitions (session-25
mutation round):

- ``integer_word``: a 32-bit literal only an integer writes. IEEE 754 binary32: a float literal's exponent field
  is 0 only for +-0.0 and the denormals, and all ones only for +-inf / NaN; fxc writes no denormal or NaN float
  literal and a bool is 0 or 0xFFFFFFFF. So 1 .. 2^23 - 1 (exponent 0, sign 0) and 0xFF800001 .. 0xFFFFFFFE
  (-(2^23 - 1) .. -2 as int32: NaN bit patterns) come from integers; every other word (0, -1, any normal float,
  +-inf, the negative denormals 0x80000001.., the positive NaNs) says nothing.
- ``successors``: the control-flow successors of each SM4 instruction (D3D11.3 functional spec, flow control:
  ``if`` falls through or jumps past its ``else`` (to its ``endif`` without one); ``else`` jumps to the
  ``endif``; ``endloop`` goes back to the instruction after ``loop``; ``break`` leaves the innermost loop or
  switch, ``continue`` the innermost loop's body; the conditional forms also fall through; ``switch`` goes to
  each ``case`` / ``default`` and past ``endswitch`` when it has no default; ``ret`` ends, ``retc`` may).
"""

from __future__ import annotations

import pytest

from pyd3d11.shader import ir
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.sm2.kinds import Kinds, integer_word, successors

pytestmark = pytest.mark.backend_independent  # pure functions of the translation


@pytest.mark.parametrize(("word", "want"), [
    (0, False), (1, True), (2, True), (0x7FFFFF, True), (0x800000, False),  # 2^23: the smallest normal float
    (0x3F800000, False), (0x7F7FFFFF, False), (0x7F800000, False), (0x7FC00000, False), (0x7FFFFFFF, False),
    (0x80000000, False), (0x80000001, False), (0x807FFFFF, False), (0xBF800000, False),
    (0xFF800000, False),  # -inf, also -(2^23) as int32
    (0xFF800001, True), (0xFFFFFFFE, True), (0xFFFFFFFF, False),  # -(2^23 - 1), -2; -1 is also true
    (-2, True), (-1, False), (1 << 32 | 5, True),  # taken modulo 2^32
])
def test_integer_word(word: int, want: bool):
    assert integer_word(word) is want


_HEAD = "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n"


def _succ(text: str) -> list[list[int]]:
    prog = assemble_program("ps_4_0\n" + _HEAD + text)
    body = [i for i in prog.instructions if not (ir.Opcode.DCL_RESOURCE <= i.opcode <= ir.Opcode.DCL_GLOBALFLAGS)]
    return [sorted(s) for s in successors(body)]


# (program, successors of each instruction; the end of the program is index len(body))
CFG = [
    ("if_nz v0.x\nmov r0.x, l(1.0)\nelse\nmov r0.x, l(2.0)\nendif\nmov o0.x, r0.x\nret\n",
     [[1, 3], [2], [4], [4], [5], [6], [7]]),
    ("if_z v0.x\nmov r0.x, l(1.0)\nendif\nret\n", [[1, 2], [2], [3], [4]]),
    ("loop\nbreakc_nz v0.x\nadd r0.x, r0.x, l(1.0)\nendloop\nret\n", [[1], [2, 4], [3], [1], [5]]),
    ("loop\nbreak\nendloop\nret\n", [[1], [3], [1], [4]]),
    ("loop\ncontinuec_z v0.y\nbreak\nendloop\nret\n", [[1], [1, 2], [4], [1], [5]]),
    ("loop\ncontinue\nendloop\nret\n", [[1], [1], [1], [4]]),
    # a break in an if inside a loop leaves the loop; the if's own jump goes to its endif
    ("loop\nif_nz v0.x\nbreak\nendif\nendloop\nret\n", [[1], [2, 3], [5], [4], [1], [6]]),
    ("switch r0.x\ncase l(0)\nmov r1.x, l(1.0)\nbreak\ndefault\nmov r1.x, l(2.0)\nbreak\nendswitch\nret\n",
     [[1, 4], [2], [3], [8], [5], [6], [8], [8], [9]]),
    ("switch r0.x\ncase l(0)\ncase l(1)\nbreak\nendswitch\nret\n", [[1, 2, 4], [2], [3], [5], [5], [6]]),
    # a break in a loop inside a switch case leaves the loop only
    ("switch r0.x\ncase l(3)\nloop\nbreak\nendloop\nbreak\nendswitch\nret\n",
     [[1, 6], [2], [3], [5], [3], [7], [7], [8]]),
    ("retc_nz v0.x\nmov o0.x, l(1.0)\nret\nmov o0.x, l(2.0)\n", [[1, 4], [2], [4], [4]]),
]


@pytest.mark.parametrize(("text", "want"), CFG)
def test_control_flow_successors(text: str, want: list[list[int]]):
    assert _succ(text) == want


def _kinds(text: str):
    prog = assemble_program("ps_4_0\n" + _HEAD + text)
    body = [i for i in prog.instructions if not (ir.Opcode.DCL_RESOURCE <= i.opcode <= ir.Opcode.DCL_GLOBALFLAGS)]
    return body, Kinds(body)


# (program, instruction, component, an integer): the module docstring's rules on programs the seed-27 round showed
# unpinned. A value's evidence is the union of every typed read and definition of its class, whenever the union is
# found; a two-destination instruction's sources start after both destinations (udiv q, r, a, b); `and mask,
# asuint(1.0)` is the bool -> float conversion, a float.
KIND_CASES = [
    ("mov r0.x, l(0)\niadd r1.x, r0.x, l(1)\nmov r2.x, r0.x\nret\n", 0, 0, True),
    ("mov r0.x, l(0)\niadd r1.x, r0.x, l(1)\nmov r2.x, r0.x\nret\n", 2, 0, True),  # joined after the evidence
    ("mov r0.y, l(0)\nudiv null, r1.y, r0.yyyy, l(3, 3, 3, 3)\nret\n", 0, 1, True),
    ("mov r0.x, l(0)\nudiv r1.x, r2.x, r0.x, l(3)\nret\n", 0, 0, True),
    ("mov r0.x, l(0)\nudiv r1.x, null, l(7), r0.x\nret\n", 0, 0, True),
    ("lt r0.x, l(0.0), v0.x\nand r1.x, r0.x, l(1.0)\niadd r2.x, r1.x, l(1)\nret\n", 1, 0, False),  # float 1.0 bits
    ("lt r0.x, l(0.0), v0.x\nand r1.x, r0.x, l(1)\niadd r2.x, r1.x, l(1)\nret\n", 1, 0, True),  # mask & 1: 1 / 0
]


@pytest.mark.parametrize(("text", "line", "comp", "want"), KIND_CASES)
def test_kind_rules(text: str, line: int, comp: int, want: bool):
    body, k = _kinds(text)
    assert k.is_int(body[line], comp) is want


def test_an_instruction_outside_the_program_has_no_kind():
    body, k = _kinds("mov r0.x, l(5)\niadd r1.x, r0.x, l(1)\nret\n")
    other, _ = _kinds("mov r0.x, l(5)\niadd r1.x, r0.x, l(1)\nret\n")
    assert k.is_int(body[0], 0) and not k.is_int(other[0], 0) and not k.is_mask(other[0], 0)
