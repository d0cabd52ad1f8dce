"""Decode an SM4/SM5 tokenized program (SHDR/SHEX payload) into the shared IR.

Token layouts: spec-facts §2.6 (D3D12TokenizedProgramFormat.hpp). Every malformed stream raises
``InvalidArgError`` (what CreateXxxShader returns for bad bytecode) with a message naming the dword.
"""

from __future__ import annotations

import numpy as np

from ...errors import E_INVALIDARG, InvalidArgError
from .. import ir
from .opcodes import LEAD_EXTRA, LONG_LENGTH, OPCODES, OpClass

MAX_REL_DEPTH = 4  # relative indices nest (r[x[r0.x].y]); fxc never goes past 2
_NUM_COMPONENTS = (0, 1, 4, -1)
_OPCODE_CUSTOMDATA = int(ir.Opcode.CUSTOMDATA)
_SEL = tuple(ir.SelectionMode)
_REP = tuple(ir.IndexRep)
_MOD = tuple(ir.Modifier)
_MAX_OPERAND_TYPE = max(ir.OperandType)


def _bad(msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, msg, "decode_program")


def as_words(tokens: bytes | bytearray | memoryview | np.ndarray | list[int]) -> list[int]:
    """The program as a list of Python ints (uint32)."""
    if isinstance(tokens, np.ndarray):
        if tokens.dtype == np.uint8:
            tokens = tokens.tobytes()
        else:
            return [int(t) & 0xFFFFFFFF for t in tokens.reshape(-1).tolist()]
    if isinstance(tokens, list):
        return [int(t) & 0xFFFFFFFF for t in tokens]
    data = bytes(tokens)
    if len(data) % 4:
        raise _bad(f"program size {len(data)} bytes is not a multiple of 4")
    return np.frombuffer(data, dtype="<u4").tolist()


class _Reader:
    __slots__ = ("w",)

    def __init__(self, words: list[int]):
        self.w = words

    def operand(self, p: int, end: int, depth: int) -> tuple[ir.Operand, int]:
        w = self.w
        if p >= end:
            raise _bad(f"operand token at dword {p} lies past the instruction end ({end})")
        t = w[p]
        p += 1
        ncomp = _NUM_COMPONENTS[t & 3]
        otype = t >> 12 & 0xFF
        if otype > _MAX_OPERAND_TYPE:
            raise _bad(f"unknown operand type {otype} at dword {p - 1}")
        op = ir.Operand(otype, ncomp)
        if ncomp == 4:
            sel = t >> 2 & 3
            if sel == 3:
                raise _bad(f"invalid component selection mode 3 at dword {p - 1}")
            op.selection = _SEL[sel]
            if sel == 0:
                op.mask = t >> 4 & 0xF
            elif sel == 1:
                op.swizzle = (t >> 4 & 3, t >> 6 & 3, t >> 8 & 3, t >> 10 & 3)
            else:
                c = t >> 4 & 3
                op.swizzle = (c, c, c, c)
        idim = t >> 20 & 3
        reps = [t >> (22 + 3 * i) & 7 for i in range(idim)]
        if t >> 31:
            if p >= end:
                raise _bad(f"extended operand token missing at dword {p}")
            et = w[p]
            p += 1
            if et >> 31:
                raise _bad(f"chained extended operand tokens at dword {p - 1} are not supported")
            op.ext_token = et
            if et & 0x3F == 1:
                mod = et >> 6 & 0xFF
                if mod > 3:
                    raise _bad(f"invalid operand modifier {mod} at dword {p - 1}")
                op.modifier = _MOD[mod]
                op.min_precision = et >> 14 & 7
                op.nonuniform = bool(et >> 17 & 1)
        if otype in (ir.OperandType.IMMEDIATE32, ir.OperandType.IMMEDIATE64):
            n = max(ncomp, 0)
            if otype == ir.OperandType.IMMEDIATE64 and n == 1:
                n = 2  # one double = two dwords
            if p + n > end:
                raise _bad(f"immediate at dword {p} runs past the instruction end")
            op.values = w[p : p + n]
            p += n
        for rep in reps:
            if rep > 4:
                raise _bad(f"invalid index representation {rep} at operand dword {p}")
            idx = ir.Index(_REP[rep])
            if rep in (0, 3):
                if p >= end:
                    raise _bad(f"index at dword {p} runs past the instruction end")
                idx.value = w[p]
                p += 1
            elif rep in (1, 4):
                if p + 2 > end:
                    raise _bad(f"64-bit index at dword {p} runs past the instruction end")
                idx.value = w[p] << 32 | w[p + 1]
                p += 2
            if rep >= 2:
                if depth >= MAX_REL_DEPTH:
                    raise _bad(f"relative indices nested deeper than {MAX_REL_DEPTH}")
                idx.rel, p = self.operand(p, end, depth + 1)
            op.indices.append(idx)
        return op, p

    def instruction(self, pos: int, limit: int) -> tuple[ir.Instruction, int]:
        w = self.w
        tok = w[pos]
        opc = tok & 0x7FF
        if opc >= len(OPCODES) or OPCODES[opc].cls == OpClass.RESERVED:
            raise _bad(f"unknown opcode {opc} at dword {pos}")
        info = OPCODES[opc]
        if opc == _OPCODE_CUSTOMDATA:
            if pos + 1 >= limit:
                raise _bad(f"customdata at dword {pos} has no length dword")
            n = w[pos + 1]
            if n < 2 or pos + n > limit:
                raise _bad(f"customdata length {n} at dword {pos} is invalid")
            return ir.Instruction(opc, controls=tok >> 11, extra=w[pos + 2 : pos + n]), pos + n
        inst = ir.Instruction(opc, controls=tok >> 11 & 0x1FFF)
        length = tok >> 24 & 0x7F
        p = pos + 1
        if tok >> 31 and info.flags & LONG_LENGTH:
            if p >= limit:
                raise _bad(f"length dword of {info.name} at dword {pos} is missing")
            length = w[p]
            inst.extended.append(length)
            p += 1
        else:
            ext = tok >> 31
            while ext:
                if p >= limit:
                    raise _bad(f"extended opcode token at dword {p} lies past the program end")
                et = w[p]
                inst.extended.append(et)
                p += 1
                ext = et >> 31
        if length == 0:
            raise _bad(f"zero-length instruction ({info.name}) at dword {pos}")
        end = pos + length
        if end > limit:
            raise _bad(f"{info.name} at dword {pos} (length {length}) runs past the program end ({limit})")
        if p > end:
            raise _bad(f"{info.name} at dword {pos}: extended tokens exceed its length {length}")
        if info.flags & LEAD_EXTRA:
            if p >= end:
                raise _bad(f"{info.name} at dword {pos} misses its leading dword")
            inst.extra.append(w[p])
            p += 1
        for _ in range(info.num_operands):
            o, p = self.operand(p, end, 0)
            inst.operands.append(o)
        inst.extra.extend(w[p:end])
        return inst, end


def decode_program(tokens: bytes | bytearray | memoryview | np.ndarray | list[int]) -> ir.Program:
    """Decode a SHDR/SHEX payload (bytes or uint32 words) into an :class:`ir.Program` (spec-facts §2.6)."""
    w = as_words(tokens)
    if len(w) < 2:
        raise _bad("program is shorter than its two header dwords")
    version, length = w[0], w[1]
    ptype = version >> 16
    if ptype > max(ir.ProgramType):
        raise _bad(f"unknown program type {ptype} in version token 0x{version:08X}")
    if length < 2 or length > len(w):
        raise _bad(f"program length {length} dwords does not fit the {len(w)} dwords given")
    prog = ir.Program(ir.ProgramType(ptype), version >> 4 & 0xF, version & 0xF)
    if version & 0xFF00:
        raise _bad(f"reserved bits set in version token 0x{version:08X}")
    rd = _Reader(w)
    pos = 2
    while pos < length:
        inst, pos = rd.instruction(pos, length)
        prog.instructions.append(inst)
    return prog


def decode_program_positions(tokens: bytes | bytearray | memoryview | np.ndarray | list[int]
                             ) -> list[tuple[int, int, ir.Instruction]]:
    """Each instruction of a SHDR/SHEX payload with its dword span ``(start, end, instruction)``: what
    D3DGetTraceInstructionOffsets and D3DDisassembleRegion address (the walk is decode_program's)."""
    w = as_words(tokens)
    prog = decode_program(w)  # validates the header and every instruction first
    length = w[1]
    rd = _Reader(w)
    out: list[tuple[int, int, ir.Instruction]] = []
    pos = 2
    for _ in prog.instructions:
        inst, end = rd.instruction(pos, length)
        out.append((pos, end, inst))
        pos = end
    return out
