"""The lanes the peephole rewrites (shader/sm2/peephole.py) believe read and written, case by case, each
rewritten program run by the test-side SM2 interpreter against the original (the cases and the runner of
test_sm2_peephole.py). Sources: "dp4 - ps" (all four components of both sources), "texld - ps_2_0 and up", the
destination write mask of "Destination Parameter Token" (bit k: component k written, the others kept), "add - ps"
(per component: an add of 0 is a copy only on the components the mask writes)."""

from __future__ import annotations

import struct

import numpy as np
import pytest
from test_sm2_peephole import LOADS, PS20, _copy, _run, d, r

from pyd3d11.shader.sm2.peephole import optimize
from pyd3d11.shader.sm2.program import Dst, Inst, Src
from pyd3d11.shader.sm2.tokens import Reg

C = Reg.CONST
X = (0, 0, 0, 0)
OUT = d(0, reg=Reg.COLOROUT)
#: c8 = (0, 1.5, 0, 0): zero in x only
C8 = Inst("def", Dst(C, 8), values=[0, struct.unpack("<I", struct.pack("<f", 1.5))[0], 0, 0])

# (name, program, expected ops after the rewrites or None) -- the product / sum must survive where marked
CASES = [
    # dp4 reads r1.x, which the product wrote: the mul stays (a dp4 reads all four components of its sources)
    ("dp4 reads the product's only lane", [Inst("mov", d(1), [r(13)]), Inst("mul", d(1, 0x1), [r(10), r(11)]),
                                          Inst("add", d(2), [r(1, X), r(12)]), Inst("dp4", d(3, 0x1), [r(1), r(13)]),
                                          Inst("add", d(4), [r(2), r(3, X)]), Inst("mov", OUT, [r(4)])], None),
    # a write of r1.y leaves the product in r1.x live for the add after it: no mad
    ("a write of another lane keeps the product", [Inst("mul", d(1, 0x1), [r(10), r(11)]),
                                                   Inst("add", d(2), [r(1, X), r(12)]),
                                                   Inst("mov", d(1, 0x2), [r(13)]),
                                                   Inst("add", d(3), [r(1, X), r(2)]), Inst("mov", OUT, [r(3)])],
     ["mul", "add", "mov", "add", "mov"]),
    # the same with r1.x overwritten instead: the product is dead after the add, mul + add fuse
    ("a write of the product's lane ends it", [Inst("mul", d(1, 0x1), [r(10), r(11)]),
                                              Inst("add", d(2), [r(1, X), r(12)]),
                                              Inst("mov", d(1, 0x1), [r(13)]),
                                              Inst("add", d(3), [r(1, X), r(2)]), Inst("mov", OUT, [r(3)])],
     ["mad", "mov", "add", "mov"]),
    # texkill reads its operand register ("texkill - ps": any of x, y, z below zero): the product stays
    ("texkill reads the product", [Inst("mul", d(1), [r(10), r(11)]), Inst("add", d(2), [r(1), r(12)]),
                                   Inst("texkill", d(1)), Inst("mov", OUT, [r(2)])],
     ["mul", "add", "texkill", "mov"]),
    # add r2.xy, r10, c8 with c8 = (0, 1.5, 0, 0): zero on x but not on y -- an add, not a copy
    ("add of a constant zero on some written lanes only", [C8, Inst("add", d(2, 0x3), [r(10), Src(C, 8)]),
                                                           Inst("mov", d(2, 0xC), [r(11)]), Inst("mov", OUT, [r(2)])],
     None),
    # add r2.y, r10, c8: the written lane reads 1.5 -- an add
    ("add of a constant zero on an unwritten lane only", [C8, Inst("add", d(2, 0x2), [r(10), Src(C, 8)]),
                                                          Inst("mov", d(2, 0xD), [r(11)]), Inst("mov", OUT, [r(2)])],
     None),
]


@pytest.mark.parametrize(("name", "insts", "ops"), CASES, ids=[c[0] for c in CASES])
def test_peephole_lanes(name: str, insts: list[Inst], ops: list[str] | None):
    setup = [i for i in insts if i.op in ("dcl", "def")]
    insts = setup + LOADS + [i for i in insts if i.op not in ("dcl", "def")]
    after = optimize(_copy(insts), PS20)
    if ops is not None:
        assert [i.op for i in after if i.op != "def" and not (i.op == "mov" and i.dst.num >= 10
                                                              and i.srcs[0].reg != Reg.TEMP)] == ops
    if name.startswith("add of"):
        assert "add" in [i.op for i in after]
    for seed in range(3):
        np.testing.assert_array_equal(_run(after, seed), _run(insts, seed))
