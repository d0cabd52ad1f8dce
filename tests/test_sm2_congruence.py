"""Index residues (shader/sm2/congruence.py) and the selects they shorten (translate.py _resolve_indexable /
_indexed), for the level-9 and D3D9 targets.

Sources: the integer instructions' meaning ("iadd", "imul", "imad", "ishl", "ineg (sm4 - asm)": two's-
complement sums / products / left shifts) -- the residues are checked against values enumerated here, not
against the module's formulas; the HLSL "Variable Syntax" layout of a multi-dimensional array (row-major:
``z[i][j]`` of ``float z[3][2]`` is element ``2 i + j``); "cmp - ps" (the select the translation emits per
candidate) for the count of candidates. Programs run on the test-side SM2 interpreter (sm2_interp.py) against
the array read computed with numpy.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from sm2_interp import Sm2Machine

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.asm import assemble_instruction
from pyd3d11.shader.sm2.congruence import UNKNOWN, Residue, add, index_residues, mul, neg
from pyd3d11.shader.sm2.ctab import decode_ctab
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import Reg

pytestmark = pytest.mark.backend_independent  # runs no SM4 shader (checked by tests/conftest.py)


def _values(r: Residue) -> list[int]:
    """Some integers a residue describes (the exact value, or r + k m for k in -6..6)."""
    return [r.residue] if r.modulus == 0 else [r.residue + k * r.modulus for k in range(-6, 7)]


_SAMPLES = [Residue(0, 3), Residue(0, -2), Residue(0, 0), Residue(2, 1), Residue(3, 2), Residue(4, 0),
            Residue(6, 5), UNKNOWN]


@pytest.mark.parametrize(("a", "b"), list(itertools.product(_SAMPLES, repeat=2)))
def test_residue_arithmetic_admits_every_result(a: Residue, b: Residue):
    """Sound: every sum / product of values the operands admit is admitted by the result."""
    for x, y in itertools.product(_values(a), _values(b)):
        assert add(a, b).admits(x + y), (a, b, x, y)
        assert mul(a, b).admits(x * y), (a, b, x, y)
    for x in _values(a):
        assert neg(a).admits(-x)


@pytest.mark.parametrize(("a", "b", "want"), [
    (UNKNOWN, Residue(0, 2), Residue(2, 0)),      # i * 2: even
    (Residue(2, 0), Residue(0, 3), Residue(6, 0)),  # an even value times 3: a multiple of 6
    (Residue(0, 4), Residue(0, 3), Residue(0, 12)),  # exact values multiply exactly
    (Residue(3, 1), Residue(0, 2), Residue(6, 2)),  # (1 + 3k) * 2 = 2 + 6k
    (Residue(4, 1), Residue(6, 1), Residue(2, 1)),  # (1 + 4k)(1 + 6j) = 1 + 4k + 6j + 24kj: odd, no more
])
def test_residue_products_are_as_tight_as_the_values(a: Residue, b: Residue, want: Residue):
    assert mul(a, b) == want
    got = {x * y for x, y in itertools.product(_values(a), _values(b))}
    # the result names no remainder the enumerated products do not take (for the moduli above)
    if want.modulus:
        assert {v % want.modulus for v in got} == {want.residue}


def _scan(lines: list[str]) -> list[Residue]:
    body = [assemble_instruction(t) for t in lines]
    res = index_residues(body)
    return [res.of(ix.rel) for inst in body for o in inst.operands for ix in o.indices if ix.rel is not None]


@pytest.mark.parametrize(("lines", "want"), [
    (["imul null, r0.x, cb0[0].x, l(2)", "mov o0.x, x0[r0.x + 1].xxxx"], [Residue(2, 0)]),
    (["ishl r0.x, cb0[0].x, l(2)", "iadd r0.x, r0.x, l(1)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(4, 1)]),
    (["imad r0.x, cb0[0].x, l(3), l(2)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(3, 2)]),
    (["imul null, r0.y, cb0[0].x, l(2)", "mov r1.x, r0.y", "mov o0.x, x0[r1.x + 0].xxxx"], [Residue(2, 0)]),
    # a write of something else forgets the residue
    (["imul null, r0.x, cb0[0].x, l(2)", "mov r0.x, cb0[1].x", "mov o0.x, x0[r0.x + 0].xxxx"], [UNKNOWN]),
    # flow control starts a new straight-line run: nothing from before it is assumed
    (["imul null, r0.x, cb0[0].x, l(2)", "if_nz cb0[2].x", "mov o0.x, x0[r0.x + 0].xxxx", "endif"], [UNKNOWN]),
    (["imul null, r0.x, cb0[0].x, l(2)", "loop", "mov o0.x, x0[r0.x + 0].xxxx", "endloop"], [UNKNOWN]),
    # a float operation's result: nothing known
    (["imul null, r0.x, cb0[0].x, l(2)", "add r0.x, r0.x, l(1.0)", "mov o0.x, x0[r0.x + 0].xxxx"], [UNKNOWN]),
])
def test_the_scan_follows_integer_arithmetic_within_straight_line_code(lines: list[str], want: list[Residue]):
    assert _scan(lines) == want


# --- compiled programs -------------------------------------------------------------------------------------

_ARRAY = """float x[6];
uint4 i;
float4 main() : COLOR
{
    float z[3][2];
    z[0][0] = x[0]; z[1][0] = x[1]; z[2][0] = x[2];
    z[0][1] = x[3]; z[1][1] = x[4]; z[2][1] = x[5];
    return float4(z[i.x][0], z[i.y][1], z[i.z][i.w], 0);
}"""


def _constants(blob: bytes) -> dict[str, tuple[int, int]]:
    prog = decode_program(blob)
    comment = next(i for i in prog.instructions if i.op == "comment")
    return {c.name: (c.register_index, c.register_count) for c in decode_ctab(list(comment.values)).constants}


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_two_dimensional_array_reads_select_among_their_column(target: str):
    blob = bytes(D3DCompile(_ARRAY, None, "t.hlsl", None, None, "main", target, 0, 0))
    prog = decode_program(blob)
    # z[i.x][0] and z[i.y][1]: the even / the odd elements (3 candidates each); z[i.z][i.w]: all 6
    assert sum(i.op == "cmp" for i in prog.instructions) == 3 + 3 + 6
    regs = _constants(blob)
    (xr, _), (ir_, _) = regs["x"], regs["i"]
    x = np.array([1.5, -2.0, 3.25, 4.0, -5.5, 6.75], np.float32)
    z = x[[0, 3, 1, 4, 2, 5]].reshape(3, 2)  # z[r][0] = x[r], z[r][1] = x[3 + r]
    for a, b, c, d in [(0, 0, 0, 0), (1, 2, 2, 1), (2, 1, 1, 0), (0, 2, 0, 1)]:
        consts = np.zeros((256, 4), np.float32)
        for k in range(6):
            consts[xr + k, 0] = x[k]
        consts[ir_] = (a, b, c, d)  # D3D9 keeps a uint as the float of its value
        for inst in prog.instructions:
            if inst.op == "def":
                consts[inst.dst.num] = np.frombuffer(np.array(inst.values, np.uint32).tobytes(), np.float32)
        out = Sm2Machine(prog, 1, {}, consts).run().out(Reg.COLOROUT, 0)
        assert out[0].tolist() == [z[a, 0], z[b, 1], z[c, d], 0.0]


def test_level_9_constant_array_read_by_an_odd_index():
    """A constant array read at 2 i + 1 in a level-9 pixel shader (no relative addressing there): the select
    runs over the odd registers only."""
    src = """float4 t[8]; uint i;
    float4 main() : SV_Target { return t[2 * i + 1]; }"""
    full = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0_level_9_1", 0, 0))
    assert full  # compiles; the count of selects is checked on the D3D9 form of the same program
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_2_0", 0, 0))
    assert sum(i.op == "cmp" for i in decode_program(blob).instructions) == 4  # t[1], t[3], t[5], t[7]
