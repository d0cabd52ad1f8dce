"""Session 24 (helper MUT): the level-9 translation's compile-time evaluation table (shader/sm2/fold.py ``FOLD``),
every entry, against values worked here from the instructions' definitions (D3D11.3 functional spec / "sm4 - asm"
pages): 32-bit two's-complement integers (iadd, imul's low half, ineg), shifts by the low 5 bits of the amount
(ishl, ishr arithmetic, ushr logical), bitwise and/or/xor/not, comparisons giving 0xFFFFFFFF or 0 (signed for
ilt/ige, unsigned for ult/uge, IEEE for lt/ge/eq/ne), signed and unsigned min/max, itof/utof, ftoi/ftou (toward
zero, clamped, NaN to 0), movc (any non-zero condition), and float add/mul/mad/min/max on values whose results are
exact in float32.
"""

from __future__ import annotations

import math
import struct

import pytest

from pyd3d11.shader import ir
from pyd3d11.shader.sm2.fold import FOLD, s32

pytestmark = pytest.mark.backend_independent

O = ir.Opcode
T = 0xFFFFFFFF


def f(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


NAN, INF = 0x7FC00000, f(math.inf)
M = 0x80000000  # INT_MIN's bits

# (opcode, input words, result word)
ROWS = [
    (O.MOV, (0x12345678,), 0x12345678),
    (O.MOVC, (1, 5, 7), 5), (O.MOVC, (0, 5, 7), 7), (O.MOVC, (M, 5, 7), 5),
    (O.IADD, (5, 7), 12), (O.IADD, (T, 1), 0), (O.IADD, (0x7FFFFFFF, 1), M), (O.IADD, (3, (-5) & T), (-2) & T),
    (O.IMUL, (6, 7), 42), (O.IMUL, ((-3) & T, 5), (-15) & T), (O.IMUL, (0x10000, 0x10000), 0),
    (O.IMUL, (0x10001, 0x10001), 0x20001),
    (O.INEG, (5,), (-5) & T), (O.INEG, (M,), M), (O.INEG, (0,), 0),
    (O.ISHL, (3, 4), 48), (O.ISHL, (3, 36), 48), (O.ISHL, (1, 31), M), (O.ISHL, (T, 33), 0xFFFFFFFE),
    (O.ISHR, ((-16) & T, 2), (-4) & T), (O.ISHR, (16, 34), 4), (O.ISHR, (M, 31), T), (O.ISHR, (0x40, 0), 0x40),
    (O.USHR, ((-16) & T, 2), 0x3FFFFFFC), (O.USHR, (M, 31), 1), (O.USHR, (0x40, 33), 0x20),
    (O.AND, (0b1100, 0b1010), 0b1000), (O.OR, (0b1100, 0b1010), 0b1110), (O.XOR, (0b1100, 0b1010), 0b0110),
    (O.NOT, (0x0F0F0F0F,), 0xF0F0F0F0),
    (O.IEQ, (3, 3), T), (O.IEQ, (3, 4), 0), (O.INE, (3, 4), T), (O.INE, (3, 3), 0),
    (O.ILT, ((-1) & T, 0), T), (O.ILT, (0, (-1) & T), 0), (O.ILT, (2, 2), 0), (O.ILT, (1, 2), T),
    (O.IGE, ((-1) & T, 0), 0), (O.IGE, (2, 2), T), (O.IGE, (3, 2), T),
    (O.ULT, (T, 0), 0), (O.ULT, (0, T), T), (O.ULT, (2, 2), 0), (O.UGE, (T, 0), T), (O.UGE, (2, 2), T),
    (O.UGE, (1, 2), 0),
    (O.IMIN, ((-1) & T, 1), (-1) & T), (O.IMAX, ((-1) & T, 1), 1), (O.IMIN, (M, 0x7FFFFFFF), M),
    (O.UMIN, (T, 1), 1), (O.UMAX, (T, 1), T),
    (O.ITOF, ((-3) & T,), f(-3.0)), (O.ITOF, (M,), f(-2147483648.0)), (O.UTOF, (T,), f(4294967296.0)),
    (O.UTOF, (7,), f(7.0)),
    (O.FTOI, (f(-2.75),), (-2) & T), (O.FTOI, (f(2.75),), 2), (O.FTOI, (f(3e9),), 0x7FFFFFFF),
    (O.FTOI, (f(-3e9),), M), (O.FTOI, (NAN,), 0), (O.FTOI, (INF,), 0x7FFFFFFF), (O.FTOI, (f(-math.inf),), M),
    (O.FTOU, (f(2.75),), 2), (O.FTOU, (f(-2.75),), 0), (O.FTOU, (f(5e9),), T), (O.FTOU, (NAN,), 0),
    (O.FTOU, (INF,), T),
    (O.LT, (f(1.0), f(2.0)), T), (O.LT, (f(2.0), f(2.0)), 0), (O.LT, (NAN, f(2.0)), 0),
    (O.GE, (f(2.0), f(2.0)), T), (O.GE, (f(1.0), f(2.0)), 0), (O.GE, (NAN, NAN), 0),
    (O.EQ, (f(0.0), f(-0.0)), T), (O.EQ, (f(1.0), f(2.0)), 0), (O.EQ, (NAN, NAN), 0),
    (O.NE, (f(1.0), f(2.0)), T), (O.NE, (f(2.0), f(2.0)), 0), (O.NE, (NAN, NAN), T),
    (O.ADD, (f(1.5), f(2.25)), f(3.75)), (O.MUL, (f(1.5), f(-4.0)), f(-6.0)),
    (O.MAD, (f(1.5), f(2.0), f(0.25)), f(3.25)), (O.MIN, (f(-1.0), f(2.0)), f(-1.0)),
    (O.MAX, (f(-1.0), f(2.0)), f(2.0)),
]


def test_every_fold_entry_is_covered():
    assert {op for op, _a, _w in ROWS} == set(FOLD)


@pytest.mark.parametrize(("op", "args", "want"), ROWS, ids=[f"{ir.Opcode(op).name}-{i}" for i, (op, _a, _w) in
                                                             enumerate(ROWS)])
def test_fold_entry(op: int, args: tuple, want: int):
    assert FOLD[op](*args) & 0xFFFFFFFF == want


@pytest.mark.parametrize(("word", "value"), [(0, 0), (1, 1), (0x7FFFFFFF, 2**31 - 1), (M, -2**31), (T, -1),
                                             (0x80000001, -2**31 + 1), (2**32 + 5, 5)])
def test_s32(word: int, value: int):
    assert s32(word) == value
