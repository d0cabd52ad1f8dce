"""What a shader program declares about its inputs and outputs (D3D11.3 §22.3 declarations).

Stages link by register: PS v# reads the previous stage's o# of the same number (signatures are
validated for compatibility by the runtime). System values are found by their declared names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..shader import ir

OP = ir.Opcode
SN = ir.SystemName


@dataclass(slots=True, frozen=True)
class InputDecl:
    register: int
    mask: int
    interpolation: int  # ir.InterpolationMode (PS only; 0 elsewhere)
    system_name: int  # ir.SystemName, 0 for plain inputs
    operand_type: int  # ir.OperandType of the declared operand


def _mask(op: ir.Operand) -> int:
    if op.num_components == 1:
        return 1
    return op.mask if op.selection == ir.SelectionMode.MASK else 0xF


# per-program memo of the declaration scans (the draw path repeats them several times per draw)
memo = ir.memo


def input_decls(program: ir.Program) -> list[InputDecl]:
    return list(memo(program, "input_decls", _input_decls))


def _input_decls(program: ir.Program) -> tuple[InputDecl, ...]:
    out = []
    for inst in program.instructions:
        if inst.opcode in (OP.DCL_INPUT, OP.DCL_INPUT_SGV, OP.DCL_INPUT_SIV,
                           OP.DCL_INPUT_PS, OP.DCL_INPUT_PS_SGV, OP.DCL_INPUT_PS_SIV):
            op = inst.operands[0]
            interp = inst.controls & 0xF if inst.opcode in (OP.DCL_INPUT_PS, OP.DCL_INPUT_PS_SGV,
                                                            OP.DCL_INPUT_PS_SIV) else 0
            name = inst.extra[0] & 0xFFFF if inst.opcode in (OP.DCL_INPUT_SGV, OP.DCL_INPUT_SIV,
                                                             OP.DCL_INPUT_PS_SGV, OP.DCL_INPUT_PS_SIV) and inst.extra else 0
            reg = op.indices[-1].value if op.indices else 0
            out.append(InputDecl(reg, _mask(op), interp, name, op.type))
    return tuple(out)


def output_decls(program: ir.Program) -> list[InputDecl]:
    return list(memo(program, "output_decls", _output_decls))


def _output_decls(program: ir.Program) -> tuple[InputDecl, ...]:
    out = []
    for inst in program.instructions:
        if inst.opcode in (OP.DCL_OUTPUT, OP.DCL_OUTPUT_SGV, OP.DCL_OUTPUT_SIV):
            op = inst.operands[0]
            name = inst.extra[0] & 0xFFFF if inst.opcode != OP.DCL_OUTPUT and inst.extra else 0
            reg = op.indices[-1].value if op.indices else 0
            out.append(InputDecl(reg, _mask(op), 0, name, op.type))
    return tuple(out)


def find_system_value(decls: list[InputDecl], name: int) -> list[InputDecl]:
    return [d for d in decls if d.system_name == name]


def component_list(mask: int) -> list[int]:
    return [c for c in range(4) if mask >> c & 1]


def writes_operand(program: ir.Program, operand_type: int) -> bool:
    """Whether any instruction writes (or the program declares) an operand of ``operand_type``."""
    for inst in program.instructions:
        for op in inst.operands:
            if op.type == operand_type:
                return True
    return False


def uses_sample_frequency(program: ir.Program) -> bool:
    """Sample-frequency execution: a *_SAMPLE interpolation mode or SV_SampleIndex input (§16.2)."""
    return memo(program, "sample_freq", _uses_sample_frequency)


def _uses_sample_frequency(program: ir.Program) -> bool:
    for d in memo(program, "input_decls", _input_decls):
        if d.interpolation in (ir.InterpolationMode.LINEAR_SAMPLE, ir.InterpolationMode.LINEAR_NOPERSPECTIVE_SAMPLE):
            return True
        if d.system_name == SN.SAMPLE_INDEX:
            return True
    return False


def global_flags(program: ir.Program) -> int:
    return memo(program, "global_flags", _global_flags)


def _global_flags(program: ir.Program) -> int:
    for inst in program.find(OP.DCL_GLOBALFLAGS):
        return inst.controls
    return 0


EARLY_DEPTH_STENCIL_FLAG = 1 << (13 - 11)


#: the declaration opcodes (dcl_*): they declare, never compute or store
DECLARATIONS = frozenset(op for op in OP if op.name.startswith("DCL_"))


def _input_reads(op: ir.Operand, reads: dict[int, int]) -> bool:
    """Add the input components ``op`` (and the operands in its relative indices) reads to ``reads``;
    False when an input is indexed dynamically (then any declared component may be read)."""
    for ix in op.indices:
        if ix.rel is not None and not _input_reads(ix.rel, reads):
            return False
    if op.type != ir.OperandType.INPUT:
        return True
    if len(op.indices) != 1 or op.indices[0].rel is not None:
        return False
    mask = 0
    for c in op.components():
        mask |= 1 << c
    reads[op.indices[0].value] = reads.get(op.indices[0].value, 0) | mask
    return True


def read_input_components(program: ir.Program) -> dict[int, int] | None:
    """Per input register v#, the mask of components the program's instructions can read.

    The fixed function needs to produce only these (§16.4: interpolation exists to feed the shader's
    reads). A source reads every component its swizzle names (a superset of what the destination mask
    uses, so this never under-counts). ``None`` when inputs are indexed dynamically (v[r#]): then every
    declared component counts as read.
    """
    reads = memo(program, "read_input_components", _read_input_components)
    return None if reads is None else dict(reads)


def _read_input_components(program: ir.Program) -> dict[int, int] | None:
    reads: dict[int, int] = {}
    for inst in program.instructions:
        if inst.opcode in DECLARATIONS:
            continue
        for op in inst.operands:
            if not _input_reads(op, reads):
                return None
    return reads
