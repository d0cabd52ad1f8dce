"""Compile-time evaluation for the level-9 translation: block matching of structured flow control and the
values of instructions whose inputs are known (D3D11.3 functional spec semantics: two's complement 32-bit
integers, shifts by the low 5 bits, comparisons giving 0xFFFFFFFF / 0, float-to-int conversions truncating
and clamping, NaN to 0; float add / mul / mad / min / max by the executor's own operations)."""

from __future__ import annotations

import struct

import numpy as np

from .. import ir
from ..ops.fold import fold_alu

O = ir.Opcode

MAX_STEPS = 65536  # translated instructions before a loop counts as unbounded


def match_blocks(body: list[ir.Instruction]) -> dict[int, tuple[int | None, int]]:
    """For each if / loop at index i: (its else index or None, its endif / endloop index)."""
    out: dict[int, tuple[int | None, int]] = {}
    stack: list[list] = []
    for i, inst in enumerate(body):
        if inst.opcode in (O.IF, O.LOOP):
            stack.append([i, None])
        elif inst.opcode == O.ELSE:
            stack[-1][1] = i
        elif inst.opcode in (O.ENDIF, O.ENDLOOP):
            start, els = stack.pop()
            out[start] = (els, i)
    return out


def s32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


def _f(v: int) -> float:
    return float(struct.unpack("<f", struct.pack("<I", v & 0xFFFFFFFF))[0])


def _ftoi(v: int, lo: int, hi: int) -> int:
    x = _f(v)
    if x != x:
        return 0
    return max(lo, min(hi, int(x))) if abs(x) != float("inf") else (hi if x > 0 else lo)


def _alu(name: str):
    """The float operation ``name`` on 32-bit words by the executors' own arithmetic (ops.fold.fold_alu: its
    rounding, denormal flushing and NaN rule), so a folded value has the bits the SM4 program computes."""
    return lambda *words: int(fold_alu(name, [np.array([w & 0xFFFFFFFF], np.uint32) for w in words])[0])


_TRUE = 0xFFFFFFFF
#: instruction -> its value on known inputs
FOLD = {
    O.ADD: _alu("add"),
    O.MUL: _alu("mul"),
    O.MAD: _alu("mad"),
    O.MIN: _alu("min"),
    O.MAX: _alu("max"),
    O.MOV: lambda a: a,
    O.MOVC: lambda c, a, b: a if c else b,
    O.IADD: lambda a, b: a + b,
    O.IMUL: lambda a, b: s32(a) * s32(b),
    O.INEG: lambda a: -s32(a),
    O.ISHL: lambda a, b: a << (b & 31),
    O.ISHR: lambda a, b: s32(a) >> (b & 31),
    O.USHR: lambda a, b: (a & 0xFFFFFFFF) >> (b & 31),
    O.AND: lambda a, b: a & b,
    O.OR: lambda a, b: a | b,
    O.XOR: lambda a, b: a ^ b,
    O.NOT: lambda a: ~a,
    O.IEQ: lambda a, b: _TRUE if a == b else 0,
    O.INE: lambda a, b: _TRUE if a != b else 0,
    O.ILT: lambda a, b: _TRUE if s32(a) < s32(b) else 0,
    O.IGE: lambda a, b: _TRUE if s32(a) >= s32(b) else 0,
    O.ULT: lambda a, b: _TRUE if a < b else 0,
    O.UGE: lambda a, b: _TRUE if a >= b else 0,
    O.IMIN: lambda a, b: min(s32(a), s32(b)),
    O.IMAX: lambda a, b: max(s32(a), s32(b)),
    O.UMIN: min,
    O.UMAX: max,
    O.ITOF: lambda a: f32_bits(float(s32(a))),
    O.UTOF: lambda a: f32_bits(float(a)),
    O.FTOI: lambda a: _ftoi(a, -(1 << 31), (1 << 31) - 1),
    O.FTOU: lambda a: _ftoi(a, 0, 0xFFFFFFFF),
    O.LT: lambda a, b: _TRUE if _f(a) < _f(b) else 0,
    O.GE: lambda a, b: _TRUE if _f(a) >= _f(b) else 0,
    O.EQ: lambda a, b: _TRUE if _f(a) == _f(b) else 0,
    O.NE: lambda a, b: _TRUE if _f(a) != _f(b) else 0,
}


def f32_bits(v: float) -> int:
    return struct.unpack("<I", struct.pack("<f", v))[0]

