"""Session 24 (helper MUT): rules of the shader-model-2 translation's analyses that the seed-25 mutation sample
found untested (docs/conformance.md, "Session 24, helper MUT").

Expected values come from the instructions' definitions ("iadd", "imul", "ishl (sm4 - asm)": two's-complement
32-bit integers, so the literal 0xFFFFFFFF is -1), worked by hand here, not from the modules' formulas.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.dxbc.asm import assemble_instruction
from pyd3d11.shader.sm2.congruence import Residue, index_residues

pytestmark = pytest.mark.backend_independent  # runs no SM4 shader (checked by tests/conftest.py)


def _scan(lines: list[str]) -> list[Residue]:
    body = [assemble_instruction(t) for t in lines]
    res = index_residues(body)
    return [res.of(ix.rel) for inst in body for o in inst.operands for ix in o.indices if ix.rel is not None]


# --- congruence.py: a negative literal is the two's-complement value -------------------------------------------

@pytest.mark.parametrize(("lines", "want"), [
    # 3 k - 1 = 3 (k - 1) + 2: remainder 2 modulo 3 (the word 0xFFFFFFFF read as -1, not as 2^32 - 1, whose
    # remainder modulo 3 is 0)
    (["imul null, r0.x, cb0[0].x, l(3)", "iadd r0.x, r0.x, l(-1)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(3, 2)]),
    # 5 k - 7 = 5 (k - 2) + 3
    (["imul null, r0.x, cb0[0].x, l(5)", "iadd r0.x, r0.x, l(-7)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(5, 3)]),
    # an exact negative value, and its sum with an exact positive one
    (["mov r0.x, l(-2)", "mov o0.x, x0[r0.x + 4].xxxx"], [Residue(0, -2)]),
    (["mov r0.x, l(-2)", "iadd r0.x, r0.x, l(5)", "mov o0.x, x0[r0.x + 0].xxxx"], [Residue(0, 3)]),
])
def test_negative_literals_are_twos_complement_values(lines: list[str], want: list[Residue]):
    assert _scan(lines) == want
