"""The shader-model-5.1 form of a program's resource, sampler, UAV and constant-buffer registers.

MicrosoftDocs direct3dhlsl "Bytecode changes in SM5.1": each range of registers has an ID (numbered per register
type); a declaration names it with a 3-D operand ``[ID][lower][upper]`` (upper 0xFFFFFFFF for an unbounded range)
followed by the register space (after the declaration's other dwords: a constant buffer's size in 16-byte vectors,
a structured buffer's stride, a return type); an instruction names a sampler, SRV or UAV with a 2-D operand
``[ID][register]`` (the register counted from the start of the space, not of the range) and a constant buffer
with a 3-D operand ``[ID][register][element]``; the RESOURCE_DIM and RESOURCE_RETURN_TYPE extended opcode tokens
SM5.0 put on instructions are no longer emitted (the declaration says it). The declaration operands are
four-component with the identity swizzle (0x00306e46 sampler, 0x00307e46 resource, 0x0031ee46 UAV, 0x00308e46
constant buffer in fxc's ps/vs/cs_5_1 objects quoted by vkd3d's tests).

:func:`to_sm51` rewrites a program in SM5.0 form (one declaration per register, 1-D operands) into that form,
given the ranges each register belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import NotSupportedError
from .. import ir
from ..ir import ExtendedOpcodeType as E
from ..ir import Opcode as O
from ..ir import OperandType as T

#: upper bound of an unbounded range (``Texture2D t[] : register(t0)``)
UNBOUNDED = 0xFFFFFFFF

#: register files that are ranges in SM5.1 (bytecode operand type -> the letter used for the range tables)
RANGE_FILES = {T.SAMPLER: "s", T.RESOURCE: "t", T.UNORDERED_ACCESS_VIEW: "u", T.CONSTANT_BUFFER: "cb"}

_DECLS = {
    O.DCL_CONSTANTBUFFER: T.CONSTANT_BUFFER, O.DCL_SAMPLER: T.SAMPLER, O.DCL_RESOURCE: T.RESOURCE,
    O.DCL_RESOURCE_RAW: T.RESOURCE, O.DCL_RESOURCE_STRUCTURED: T.RESOURCE, O.DCL_UAV_TYPED: T.UNORDERED_ACCESS_VIEW,
    O.DCL_UAV_RAW: T.UNORDERED_ACCESS_VIEW, O.DCL_UAV_STRUCTURED: T.UNORDERED_ACCESS_VIEW,
}
_UAV_DECLS = (O.DCL_UAV_TYPED, O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED)
#: the UAV declaration flags, in the opcode token's controls field (bits 11-23): globally coherent (bit 16),
#: rasterizer ordered (bit 17), has order-preserving counter (bit 23) (spec-facts §2.6; disasm._uav_flags)
_UAV_RANGE_FLAGS = 1 << 5 | 1 << 6 | 1 << 12
#: extended opcode tokens SM5.1 instructions no longer carry ("Bytecode changes in SM5.1")
_DROPPED_EXT = (E.RESOURCE_DIM, E.RESOURCE_RETURN_TYPE)


@dataclass(frozen=True)
class Range:
    """One declared range: ``ID`` (its position among its file's ranges), registers ``lower``..``upper`` of
    ``space``; ``source`` is the first register of the range in the SM5.0-form program being rewritten (the
    compiler may number the registers of another space apart, so that no two ranges share one)."""

    id: int
    lower: int
    upper: int
    space: int
    source: int

    def holds(self, reg: int) -> bool:
        last = UNBOUNDED if self.upper == UNBOUNDED else self.source + (self.upper - self.lower)
        return self.source <= reg <= last


def _find(ranges: dict[str, list[Range]], file: str, reg: int) -> Range:
    # the holding range that starts nearest below ``reg``: an unbounded range holds every later register of the
    # program's numbering, including those of ranges the compiler numbered after it (another space's)
    held = [r for r in ranges.get(file, ()) if r.holds(reg)]
    if held:
        return max(held, key=lambda r: r.source)
    raise NotSupportedError(f"shader model 5.1: register {file}{reg} belongs to no declared range")


def _identity4() -> dict:
    return {"num_components": 4, "selection": ir.SelectionMode.SWIZZLE, "swizzle": (0, 1, 2, 3)}


def _operand(op: ir.Operand, ranges: dict[str, list[Range]]) -> None:
    """Rewrite one instruction operand (and the operands of its relative indices) in place."""
    for idx in op.indices:
        if idx.rel is not None:
            _operand(idx.rel, ranges)
    file = RANGE_FILES.get(op.type)
    if file is None or not op.indices:
        return
    first = op.indices[0]
    r = _find(ranges, file, first.value)
    value = r.lower + (first.value - r.source)
    rep = first.rep
    if first.rel is not None:
        # the register counted from the space's start: ``[rN.c + value]``, a zero offset as the relative index alone
        # (the 5.0 operand's own offset counted from the compiler's numbering of the space, which may not be 0),
        # the one encoding the listing ``[rN.c + 0]`` assembles back to
        rep = ir.IndexRep.IMMEDIATE32_PLUS_RELATIVE if value else ir.IndexRep.RELATIVE
    reg = ir.Index(rep, value, first.rel)
    op.indices = [ir.Index(ir.IndexRep.IMMEDIATE32, r.id), reg, *op.indices[1:]]


def to_sm51(program: ir.Program, ranges: dict[str, list[Range]]) -> ir.Program:
    """``program`` (SM5.0 register form, any version) as a shader-model-5.1 program: version 5.1, one
    declaration per range in place of the first declaration of a register it holds, instruction operands
    ``[ID][register]`` (``[ID][register][element]`` for constant buffers), no resource extended opcode tokens.
    ``ranges`` maps ``s``/``t``/``u``/``cb`` to their ranges in ID order. Raises NotSupportedError for a
    register no range holds and for a relatively indexed declaration."""
    out: list[ir.Instruction] = []
    declared: set[tuple[str, int]] = set()
    # a constant-buffer range declares the most registers any of its buffers' declarations does
    cb_size: dict[int, int] = {}
    # a UAV range declares every flag any of its registers' declarations has: an element's hidden counter (one
    # element's IncrementCounter makes the range's declaration dcl_uav_structured_opc), globallycoherent, ROV
    uav_flags: dict[int, int] = {}
    for inst in program.instructions:
        if inst.opcode == O.DCL_CONSTANTBUFFER and inst.operands[0].indices and inst.operands[0].indices[0].rel is None:
            op = inst.operands[0]
            r = _find(ranges, "cb", op.indices[0].value)
            size = op.indices[1].value if len(op.indices) > 1 else 0
            cb_size[r.id] = max(cb_size.get(r.id, 0), size)
        elif inst.opcode in _UAV_DECLS and inst.operands[0].indices and inst.operands[0].indices[0].rel is None:
            r = _find(ranges, "u", inst.operands[0].indices[0].value)
            uav_flags[r.id] = uav_flags.get(r.id, 0) | inst.controls & _UAV_RANGE_FLAGS
    for inst in program.instructions:
        otype = _DECLS.get(inst.opcode)
        if otype is not None:
            op = inst.operands[0]
            file = RANGE_FILES[otype]
            if not op.indices or op.indices[0].rel is not None:
                raise NotSupportedError("shader model 5.1: a declaration without an immediate register")
            r = _find(ranges, file, op.indices[0].value)
            if (file, r.id) in declared:
                continue  # another register of a range already declared
            declared.add((file, r.id))
            extra = list(inst.extra)
            if otype == T.CONSTANT_BUFFER:
                extra = [cb_size.get(r.id, 0), *extra]
            idx = [ir.Index(ir.IndexRep.IMMEDIATE32, v) for v in (r.id, r.lower, r.upper)]
            new_op = ir.Operand(otype, indices=idx, **_identity4())
            controls = inst.controls | (uav_flags.get(r.id, 0) if inst.opcode in _UAV_DECLS else 0)
            out.append(ir.Instruction(inst.opcode, [new_op], controls, list(inst.extended), [*extra, r.space]))
            continue
        if inst.opcode == O.CUSTOMDATA:
            out.append(inst)
            continue
        ext = [t for t in inst.extended if t & 0x3F not in _DROPPED_EXT]
        ops = []
        for o in inst.operands:
            o = _copy_operand(o)
            _operand(o, ranges)
            ops.append(o)
        out.append(ir.Instruction(inst.opcode, ops, inst.controls, ext, list(inst.extra)))
    # each register type's declarations in ID order (the reflection's bindings follow IDs: "the order of
    # reflection resource bindings and shader declaration instructions is the same"), in the places they hold
    for file in RANGE_FILES.values():
        at = [i for i, inst in enumerate(out) if inst.opcode in _DECLS and RANGE_FILES[_DECLS[inst.opcode]] == file]
        for i, inst in zip(at, sorted((out[i] for i in at), key=lambda d: d.operands[0].indices[0].value)):
            out[i] = inst
    return ir.Program(program.program_type, 5, 1, out)


def _copy_operand(op: ir.Operand) -> ir.Operand:
    return ir.Operand(op.type, op.num_components, op.selection, op.mask, op.swizzle,
                      [ir.Index(i.rep, i.value, _copy_operand(i.rel) if i.rel is not None else None)
                       for i in op.indices],
                      list(op.values), op.modifier, op.min_precision, op.nonuniform, op.ext_token)


def is_sm51(program: ir.Program) -> bool:
    return (program.major, program.minor) >= (5, 1)
