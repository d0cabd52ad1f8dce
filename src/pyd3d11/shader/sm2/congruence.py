"""Index residues: which elements a register array read indexed by a shader value can reach.

Shader model 2 pixel shaders have no relative addressing (and no target has it for r#), so the translation
reads ``x#[r.c + base]`` / ``cb#[r.c + base]`` with an index known only at run time as a select over every
element (translate.py, ``_select_chain``: three arithmetic slots per candidate in a pixel shader). The HLSL
compiler writes the index of a multi-dimensional array as ``imul``/``ishl`` by the inner dimensions plus
``iadd`` of an offset, so the index often has a known remainder: ``z[i][1]`` of ``float z[3][2]`` is
``x0[r0.x + 1]`` with ``r0.x = i * 2``, which selects only the odd elements. Candidates whose key cannot
equal the index are dropped, keeping the select's meaning (a key the index never takes never matches) while
the program fits the target's slot limits as fxc's does.

The analysis (:func:`index_residues`) is a forward scan of the SM4 program that keeps, per temp component,
``value ≡ residue (mod modulus)`` (modulus 0: the exact value) from integer arithmetic -- ``mov`` of a literal
or a temp, ``iadd``, ``imul`` / ``umul`` (the low half), ``imad`` / ``umad``, ``ishl`` by a literal,
``ineg`` -- and forgets everything at every flow-control instruction (a fact holds within one run of
straight-line code, so it holds however the translation unrolls or flattens the surrounding flow). Integer
arithmetic is exact in the SM2 program's floats for the small values array indices take, which is the
arithmetic the residues describe (the D3D10 integer ops on 32-bit values wrap only past 2^31, outside any
array).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd

from .. import ir
from .base import _NO_DST, _TWO_DST, O, T

#: instructions after which nothing is assumed: any change of the straight-line run
_FLOW = {O.IF, O.ELSE, O.ENDIF, O.LOOP, O.ENDLOOP, O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC, O.RET, O.RETC,
         O.SWITCH, O.CASE, O.DEFAULT, O.ENDSWITCH, O.CALL, O.CALLC, O.LABEL}


@dataclass(frozen=True)
class Residue:
    """value ≡ residue (mod modulus); modulus 0 means the value is ``residue`` exactly, 1 that nothing is
    known."""

    modulus: int
    residue: int

    def admits(self, key: int) -> bool:
        """Whether the value can equal ``key``."""
        if self.modulus == 0:
            return key == self.residue
        return (key - self.residue) % self.modulus == 0


UNKNOWN = Residue(1, 0)


def _norm(m: int, r: int) -> Residue:
    m = abs(m)
    return Residue(0, r) if m == 0 else Residue(m, r % m)


def add(a: Residue, b: Residue) -> Residue:
    """a + b: remainders add, modulo the moduli's gcd (gcd(0, m) = m: an exact value keeps the other's)."""
    return _norm(gcd(a.modulus, b.modulus), a.residue + b.residue)


def mul(a: Residue, b: Residue) -> Residue:
    """a * b with a = ra + ka·ma, b = rb + kb·mb: ra·rb modulo gcd(ma·mb, ra·mb, rb·ma)."""
    return _norm(gcd(gcd(a.modulus * b.modulus, a.residue * b.modulus), b.residue * a.modulus),
                 a.residue * b.residue)


def neg(a: Residue) -> Residue:
    return _norm(a.modulus, -a.residue)


def _s32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


class _Scan:
    def __init__(self) -> None:
        self.facts: dict[tuple[int, int], Residue] = {}

    def lane(self, o: ir.Operand, lane: int) -> Residue:
        """The residue lane ``lane`` of a source operand reads."""
        c = o.components()[lane]
        if o.type == T.IMMEDIATE32:
            v = _s32(o.values[c] if len(o.values) == 4 else o.values[0])
            r = Residue(0, v)
        elif o.type == T.TEMP and not any(ix.rel is not None for ix in o.indices):
            r = self.facts.get((o.register, c), UNKNOWN)
        else:
            return UNKNOWN
        if o.modifier == ir.Modifier.NEG:
            return neg(r)
        return r if o.modifier == ir.Modifier.NONE else UNKNOWN

    def result(self, op: int, srcs: list[ir.Operand], lane: int) -> Residue:
        a = [self.lane(s, lane) for s in srcs]
        if op == O.MOV:
            return a[0]
        if op == O.IADD:
            return add(a[0], a[1])
        if op in (O.IMUL, O.UMUL):
            return mul(a[0], a[1])
        if op in (O.IMAD, O.UMAD):
            return add(mul(a[0], a[1]), a[2])
        if op == O.INEG:
            return neg(a[0])
        if op == O.ISHL and a[1].modulus == 0:
            return mul(a[0], Residue(0, 1 << (a[1].residue & 31)))
        return UNKNOWN

    def step(self, inst: ir.Instruction, out: dict[int, Residue]) -> None:
        for o in inst.operands:
            for ix in o.indices:
                if ix.rel is not None and ix.rel.type == T.TEMP:
                    r = self.lane(ix.rel, 0)
                    if r != UNKNOWN:
                        out[id(ix.rel)] = r
        if inst.opcode in _FLOW:
            self.facts.clear()
            return
        if inst.opcode in _NO_DST or ir.Opcode.DCL_RESOURCE <= inst.opcode <= ir.Opcode.DCL_GLOBALFLAGS:
            return
        ndst = 2 if inst.opcode in _TWO_DST else 1
        dsts, srcs = inst.operands[:ndst], inst.operands[ndst:]
        # the destination the residue describes: the low half of imul / umul, the only one elsewhere
        main = dsts[1] if inst.opcode in (O.IMUL, O.UMUL) else dsts[0]
        for d in dsts:
            if d.type != T.TEMP:
                continue
            for ln in d.written():
                r = self.result(inst.opcode, srcs, ln) if d is main and not inst.saturate else UNKNOWN
                if r == UNKNOWN:
                    self.facts.pop((d.register, ln), None)
                else:
                    self.facts[(d.register, ln)] = r


@dataclass
class IndexResidues:
    """The residue of each relative index operand (by identity) of one SM4 program; keeps the program alive
    so that the identities stay unique."""

    program: list[ir.Instruction]
    by_operand: dict[int, Residue]

    def of(self, rel: ir.Operand | None) -> Residue:
        return UNKNOWN if rel is None else self.by_operand.get(id(rel), UNKNOWN)


def index_residues(body: list[ir.Instruction]) -> IndexResidues:
    """Residues of the relative indices of ``body`` (see the module's docstring)."""
    scan = _Scan()
    out: dict[int, Residue] = {}
    for inst in body:
        scan.step(inst, out)
    return IndexResidues(body, out)
