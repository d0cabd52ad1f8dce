"""Encode the shared IR back into an SM4/SM5 tokenized program (exact inverse of ``decoder``).

Lengths (program, instruction, customdata, long-form dcl_function_table/interface) are computed here,
never taken from the IR, so hand-built or assembled programs get correct tokens (spec-facts §2.6).
"""

from __future__ import annotations

import numpy as np

from ...errors import E_INVALIDARG, InvalidArgError
from .. import ir
from .opcodes import LEAD_EXTRA, LONG_LENGTH, OPCODES

_NC_FIELD = {0: 0, 1: 1, 4: 2, -1: 3}


def _bad(msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, msg, "encode_program")


def encode_operand(op: ir.Operand, out: list[int]) -> None:
    """Append the tokens of one operand (token, extended token, immediates, indices) to ``out``."""
    try:
        nc = _NC_FIELD[op.num_components]
    except KeyError:
        raise _bad(f"operand component count {op.num_components} is not 0, 1, 4 or -1") from None
    t = nc | (int(op.type) & 0xFF) << 12
    if op.num_components == 4:
        sel = int(op.selection)
        t |= sel << 2
        if sel == ir.SelectionMode.MASK:
            t |= (op.mask & 0xF) << 4
        elif sel == ir.SelectionMode.SWIZZLE:
            s = op.swizzle
            t |= (s[0] & 3) << 4 | (s[1] & 3) << 6 | (s[2] & 3) << 8 | (s[3] & 3) << 10
        else:
            t |= (op.swizzle[0] & 3) << 4
    if len(op.indices) > 3:
        raise _bad("an operand has at most 3 index dimensions")
    t |= len(op.indices) << 20
    for i, idx in enumerate(op.indices):
        t |= (int(idx.rep) & 7) << (22 + 3 * i)
    ext = op.ext_token
    if ext is None and (op.modifier or op.min_precision or op.nonuniform):
        ext = 1
    if ext is not None:
        if ext & 0x3F == 1:
            ext = (ext & ~(0xFF << 6 | 7 << 14 | 1 << 17)) | int(op.modifier) << 6
            ext |= (op.min_precision & 7) << 14 | int(bool(op.nonuniform)) << 17
        t |= 1 << 31
    out.append(t)
    if ext is not None:
        out.append(ext & 0x7FFFFFFF)
    out.extend(v & 0xFFFFFFFF for v in op.values)
    for idx in op.indices:
        rep = int(idx.rep)
        if rep in (0, 3):
            out.append(idx.value & 0xFFFFFFFF)
        elif rep in (1, 4):
            out.append(idx.value >> 32 & 0xFFFFFFFF)
            out.append(idx.value & 0xFFFFFFFF)
        if rep >= 2:
            if idx.rel is None:
                raise _bad("relative index without its operand")
            encode_operand(idx.rel, out)


def encode_instruction(inst: ir.Instruction, out: list[int]) -> None:
    """Append one instruction's tokens to ``out``."""
    opc = int(inst.opcode)
    if not 0 <= opc < len(OPCODES):
        raise _bad(f"unknown opcode {opc}")
    info = OPCODES[opc]
    if opc == ir.Opcode.CUSTOMDATA:
        out.append(opc | (inst.controls & 0x1FFFFF) << 11)
        out.append(len(inst.extra) + 2)
        out.extend(v & 0xFFFFFFFF for v in inst.extra)
        return
    body: list[int] = []
    extra = list(inst.extra)
    if info.flags & LEAD_EXTRA:
        if not extra:
            raise _bad(f"{info.name} needs its leading dword in Instruction.extra")
        body.append(extra.pop(0) & 0xFFFFFFFF)
    if len(inst.operands) != info.num_operands:
        raise _bad(f"{info.name} takes {info.num_operands} operands, got {len(inst.operands)}")
    for op in inst.operands:
        encode_operand(op, body)
    body.extend(v & 0xFFFFFFFF for v in extra)
    tok = opc | (inst.controls & 0x1FFF) << 11
    if info.flags & LONG_LENGTH and (inst.extended or len(body) + 1 > 127):
        # long form: bit 31 says the next dword is the length (dcl_function_table/interface)
        length = len(body) + 2
        out.append(tok | 1 << 31)
        out.append(length)
        out.extend(body)
        return
    ext = [e & 0x7FFFFFFF for e in inst.extended]
    for i in range(len(ext) - 1):
        ext[i] |= 1 << 31
    length = 1 + len(ext) + len(body)
    if length > 127:
        raise _bad(f"{info.name} is {length} dwords long; the opcode token allows 127")
    tok |= length << 24
    if ext:
        tok |= 1 << 31
    out.append(tok)
    out.extend(ext)
    out.extend(body)


def encode_words(program: ir.Program) -> list[int]:
    """The program as a list of uint32 words."""
    if not (0 <= program.major <= 15 and 0 <= program.minor <= 15):
        raise _bad(f"shader model {program.major}.{program.minor} does not fit the version token")
    out = [int(program.program_type) << 16 | program.major << 4 | program.minor, 0]
    for inst in program.instructions:
        encode_instruction(inst, out)
    out[1] = len(out)
    return out


def encode_program(program: ir.Program) -> bytes:
    """Encode ``program`` to the bytes of a SHDR/SHEX payload."""
    return np.asarray(encode_words(program), dtype="<u4").tobytes()
