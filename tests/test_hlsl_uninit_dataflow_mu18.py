"""The definedness data flow behind X4000 treats an instruction it does not understand conservatively
(seed-18 survivor uninit#66).

Rule (uninit._defined_before, the project's reading of fxc's X4000 "used without having been completely
initialized": a false error is worse than a missed one): an operation whose shape the pass does not know (no
opcode-table entry, or another operand count) counts as defining every component of every temp it names, so no
later read of those temps is reported. Components are numbered ``t * 4 + c`` (temp t, component c). The operation
names below are deliberately not D3D opcodes, so the test holds whatever the compiler emits today.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.hlsl.operands import Ins, Reg
from pyd3d11.shader.hlsl.uninit import _defined_before

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _r(t: int, comps: tuple = (0,)) -> Reg:
    return Reg("r", (t,), None, comps)


def _bits(t: int) -> int:
    return 0xF << (t * 4)


@pytest.mark.parametrize("temps", [(0,), (1,), (3,), (1, 2), (0, 5), (7,)])
def test_unknown_operation_defines_all_components_of_its_temps(temps: tuple) -> None:
    code = [Ins("mu18_not_an_opcode", [_r(t, (1,)) for t in temps], "", "", None, None),
            Ins("ret", [], "", "", None, None)]
    before = _defined_before(code)
    assert before is not None
    want = 0
    for t in temps:
        want |= _bits(t)
    assert before[1] == want
    assert before[0] == 0


def test_known_operation_defines_only_its_destination_components() -> None:
    # add r2.xy, r9.xy, r9.xy: only bits 8 and 9 (the contrast case for the conservative rule above)
    code = [Ins("add", [_r(2, (0, 1)), _r(9, (0, 1)), _r(9, (0, 1))], "", "", None, None),
            Ins("ret", [], "", "", None, None)]
    before = _defined_before(code)
    assert before is not None and before[1] == (1 << 8) | (1 << 9)
