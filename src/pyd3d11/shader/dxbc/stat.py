"""STAT (instruction statistics) and SFI0 (required-feature flags) chunks (spec-facts §2.5).

STAT is 29 u32 (SM4) or 37 u32 (SM5) counters. Field names below are the D3D11_SHADER_DESC
member each counter feeds (where one exists); the order is the chunk's.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field, fields

from pyd3d11.errors import E_INVALIDARG, InvalidArgError

#: STAT dword order -> ShaderStats attribute (= D3D11_SHADER_DESC field name where one exists).
STAT_FIELDS_SM4: tuple[str, ...] = (
    "InstructionCount",
    "TempRegisterCount",
    "DefCount",
    "DclCount",
    "FloatInstructionCount",
    "IntInstructionCount",
    "UintInstructionCount",
    "StaticFlowControlCount",
    "DynamicFlowControlCount",
    "MacroInstructionCount",
    "TempArrayCount",
    "ArrayInstructionCount",
    "CutInstructionCount",
    "EmitInstructionCount",
    "TextureNormalInstructions",
    "TextureLoadInstructions",
    "TextureCompInstructions",
    "TextureBiasInstructions",
    "TextureGradientInstructions",
    "MovInstructionCount",  # ID3D11ShaderReflection::GetMovInstructionCount
    "MovcInstructionCount",  # GetMovcInstructionCount
    "ConversionInstructionCount",  # GetConversionInstructionCount
    "BitwiseInstructionCount",  # GetBitwiseInstructionCount
    "InputPrimitive",  # D3D_PRIMITIVE (GS input, or n-control-point patch for HS)
    "GSOutputTopology",
    "GSMaxOutputVertexCount",
    "GatherInstructions",  # not in D3D11_SHADER_DESC
    "LodInstructions",  # not in D3D11_SHADER_DESC
    "IsSampleFrequencyShader",  # ID3D11ShaderReflection::IsSampleFrequencyShader
)
STAT_FIELDS_SM5: tuple[str, ...] = STAT_FIELDS_SM4 + (
    "cGSInstanceCount",
    "cControlPoints",
    "HSOutputPrimitive",
    "HSPartitioning",
    "TessellatorDomain",
    "cBarrierInstructions",
    "cInterlockedInstructions",
    "cTextureStoreInstructions",
)


def _bad(message: str, method: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, message, method)


@dataclass(slots=True)
class ShaderStats:
    """Decoded STAT chunk. ``dword_count`` (29/37) is kept so the chunk rebuilds at its size."""

    InstructionCount: int = 0
    TempRegisterCount: int = 0
    DefCount: int = 0
    DclCount: int = 0
    FloatInstructionCount: int = 0
    IntInstructionCount: int = 0
    UintInstructionCount: int = 0
    StaticFlowControlCount: int = 0
    DynamicFlowControlCount: int = 0
    MacroInstructionCount: int = 0
    TempArrayCount: int = 0
    ArrayInstructionCount: int = 0
    CutInstructionCount: int = 0
    EmitInstructionCount: int = 0
    TextureNormalInstructions: int = 0
    TextureLoadInstructions: int = 0
    TextureCompInstructions: int = 0
    TextureBiasInstructions: int = 0
    TextureGradientInstructions: int = 0
    MovInstructionCount: int = 0
    MovcInstructionCount: int = 0
    ConversionInstructionCount: int = 0
    BitwiseInstructionCount: int = 0
    InputPrimitive: int = 0
    GSOutputTopology: int = 0
    GSMaxOutputVertexCount: int = 0
    GatherInstructions: int = 0
    LodInstructions: int = 0
    IsSampleFrequencyShader: int = 0
    cGSInstanceCount: int = 0
    cControlPoints: int = 0
    HSOutputPrimitive: int = 0
    HSPartitioning: int = 0
    TessellatorDomain: int = 0
    cBarrierInstructions: int = 0
    cInterlockedInstructions: int = 0
    cTextureStoreInstructions: int = 0
    dword_count: int = 37
    extra: tuple[int, ...] = field(default_factory=tuple)  # dwords past the known 37

    def to_bytes(self) -> bytes:
        return build_stat(self)


assert [f.name for f in fields(ShaderStats)][:37] == list(STAT_FIELDS_SM5)


def parse_stat(data: bytes) -> ShaderStats:
    """Parse a STAT payload (any whole number of dwords; missing counters read as 0)."""
    if len(data) % 4:
        raise _bad(f"STAT chunk size {len(data)} is not a multiple of 4", "parse_stat")
    n = len(data) // 4
    values = struct.unpack(f"<{n}I", data)
    st = ShaderStats(dword_count=n, extra=tuple(values[len(STAT_FIELDS_SM5):]))
    for name, v in zip(STAT_FIELDS_SM5, values):
        setattr(st, name, v)
    return st


def build_stat(st: ShaderStats) -> bytes:
    values = [getattr(st, name) & 0xFFFFFFFF for name in STAT_FIELDS_SM5] + list(st.extra)
    n = st.dword_count
    values = (values + [0] * max(0, n - len(values)))[:n]
    return struct.pack(f"<{n}I", *values)


def parse_sfi0(data: bytes) -> int:
    """SFI0 payload: one u64 of D3D_SHADER_REQUIRES_* flags."""
    if len(data) < 8:
        raise _bad(f"SFI0 chunk is {len(data)} bytes, expected 8", "parse_sfi0")
    return struct.unpack_from("<Q", data)[0]


def build_sfi0(flags: int) -> bytes:
    return struct.pack("<Q", flags & 0xFFFFFFFFFFFFFFFF)


# --- STAT / SFI0 contents derived from a program (shared by the assembler and the HLSL compiler) ------

def program_stats(program) -> ShaderStats:
    """STAT counts from a program: instructions, temps, declarations, mov/movc, emit/cut."""
    from ..ir import Opcode as O
    from .opcodes import OPCODES, OpClass

    code = [i for i in program.instructions if OPCODES[i.opcode].cls not in (OpClass.DECL, OpClass.HS_PHASE,
                                                                              OpClass.CUSTOM)]
    decls = [i for i in program.instructions if OPCODES[i.opcode].cls == OpClass.DECL]
    temps = sum(i.extra[0] for i in decls if i.opcode == O.DCL_TEMPS and i.extra)
    ops = [i.opcode for i in code]
    return ShaderStats(
        InstructionCount=len(code), TempRegisterCount=temps, DclCount=len(decls),
        MovInstructionCount=ops.count(O.MOV), MovcInstructionCount=ops.count(O.MOVC),
        EmitInstructionCount=sum(ops.count(o) for o in (O.EMIT, O.EMIT_STREAM, O.EMITTHENCUT, O.EMITTHENCUT_STREAM)),
        CutInstructionCount=sum(ops.count(o) for o in (O.CUT, O.CUT_STREAM, O.EMITTHENCUT, O.EMITTHENCUT_STREAM)),
        dword_count=37 if program.major >= 5 else 29)


def program_feature_flags(program) -> int:
    """SFI0 D3D_SHADER_REQUIRES_* bits implied by a program's declarations (spec-facts §2.5)."""
    from ..ir import Opcode as O
    from ..ir import ProgramType

    flags = 0
    for inst in program.instructions:
        if inst.opcode == O.DCL_GLOBALFLAGS:
            c = inst.controls
            flags |= 0x1 if c & 0x2 else 0  # doubles
            flags |= 0x2 if c & 0x4 else 0  # early depth-stencil
            flags |= 0x10 if c & 0x20 else 0  # minimum precision
            flags |= 0x20 if c & 0x40 else 0  # 11.1 double extensions
            flags |= 0x40 if c & 0x80 else 0  # 11.1 shader extensions
        if O.GATHER4_FEEDBACK <= inst.opcode <= O.CHECK_ACCESS_FULLY_MAPPED:
            flags |= 0x100  # tiled resources: the residency-reporting accesses of D3D11.2
        if inst.opcode in (O.DCL_UAV_TYPED, O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED):
            if program.program_type not in (ProgramType.PIXEL, ProgramType.COMPUTE):
                flags |= 0x4  # UAVs at every stage
            if inst.operands and inst.operands[0].register >= 8:
                flags |= 0x8  # 64 UAVs
    return flags
