"""The shared shader program IR (DESIGN §3: one IR between DXBC, HLSL and the executors).

The IR mirrors the SM4/SM5 token stream closely enough that decode -> encode reproduces fxc's bytes
exactly, while giving executors and the disassembler decoded, named fields. Layout facts:
spec-facts.md §2.6 and D3D12TokenizedProgramFormat.hpp (microsoft/DirectX-Headers).

Conventions (the contract every producer and consumer of the IR relies on):

* ``Program.instructions`` holds declarations and code in stream order (HS phase markers included).
* ``Instruction.controls`` is the raw opcode-specific field: bits [23:11] of the opcode token for every
  opcode except CUSTOMDATA, where it is bits [31:11] (the data class). Named accessors decode it.
* ``Instruction.extended`` keeps the raw extended-opcode tokens (sample offsets, resource dim, return
  type) in stream order; accessors decode them.
* ``Instruction.extra`` holds the instruction's dwords that are not operands, in stream order after the
  operands (or the whole payload for CUSTOMDATA and declarations with no operand): e.g. the system-value
  name token of ``dcl_*_siv``, the count of ``dcl_temps``, the return-type token of ``dcl_resource``,
  thread-group sizes, strides, ICB data, function-table bodies.
* Operands of immediate type carry their 32-bit words in ``Operand.values`` (1 or 4 words for
  IMMEDIATE32; for IMMEDIATE64 two words per 64-bit value, low word first, as in the stream).
* Register values in executors are uint32 bit patterns; ``Operand.modifier`` (neg/abs) is applied by
  the consumer according to the instruction's type (float, int, double).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any


class ProgramType(IntEnum):
    PIXEL = 0
    VERTEX = 1
    GEOMETRY = 2
    HULL = 3
    DOMAIN = 4
    COMPUTE = 5


class Opcode(IntEnum):
    ADD = 0
    AND = 1
    BREAK = 2
    BREAKC = 3
    CALL = 4
    CALLC = 5
    CASE = 6
    CONTINUE = 7
    CONTINUEC = 8
    CUT = 9
    DEFAULT = 10
    DERIV_RTX = 11
    DERIV_RTY = 12
    DISCARD = 13
    DIV = 14
    DP2 = 15
    DP3 = 16
    DP4 = 17
    ELSE = 18
    EMIT = 19
    EMITTHENCUT = 20
    ENDIF = 21
    ENDLOOP = 22
    ENDSWITCH = 23
    EQ = 24
    EXP = 25
    FRC = 26
    FTOI = 27
    FTOU = 28
    GE = 29
    IADD = 30
    IF = 31
    IEQ = 32
    IGE = 33
    ILT = 34
    IMAD = 35
    IMAX = 36
    IMIN = 37
    IMUL = 38
    INE = 39
    INEG = 40
    ISHL = 41
    ISHR = 42
    ITOF = 43
    LABEL = 44
    LD = 45
    LD_MS = 46
    LOG = 47
    LOOP = 48
    LT = 49
    MAD = 50
    MIN = 51
    MAX = 52
    CUSTOMDATA = 53
    MOV = 54
    MOVC = 55
    MUL = 56
    NE = 57
    NOP = 58
    NOT = 59
    OR = 60
    RESINFO = 61
    RET = 62
    RETC = 63
    ROUND_NE = 64
    ROUND_NI = 65
    ROUND_PI = 66
    ROUND_Z = 67
    RSQ = 68
    SAMPLE = 69
    SAMPLE_C = 70
    SAMPLE_C_LZ = 71
    SAMPLE_L = 72
    SAMPLE_D = 73
    SAMPLE_B = 74
    SQRT = 75
    SWITCH = 76
    SINCOS = 77
    UDIV = 78
    ULT = 79
    UGE = 80
    UMUL = 81
    UMAD = 82
    UMAX = 83
    UMIN = 84
    USHR = 85
    UTOF = 86
    XOR = 87
    DCL_RESOURCE = 88
    DCL_CONSTANTBUFFER = 89
    DCL_SAMPLER = 90
    DCL_INDEXRANGE = 91
    DCL_GS_OUTPUT_TOPOLOGY = 92
    DCL_GS_INPUT_PRIMITIVE = 93
    DCL_MAXOUT = 94
    DCL_INPUT = 95
    DCL_INPUT_SGV = 96
    DCL_INPUT_SIV = 97
    DCL_INPUT_PS = 98
    DCL_INPUT_PS_SGV = 99
    DCL_INPUT_PS_SIV = 100
    DCL_OUTPUT = 101
    DCL_OUTPUT_SGV = 102
    DCL_OUTPUT_SIV = 103
    DCL_TEMPS = 104
    DCL_INDEXABLETEMP = 105
    DCL_GLOBALFLAGS = 106
    RESERVED_107 = 107
    LOD = 108
    GATHER4 = 109
    SAMPLE_POS = 110
    SAMPLE_INFO = 111
    RESERVED_112 = 112
    HS_DECLS = 113
    HS_CONTROL_POINT_PHASE = 114
    HS_FORK_PHASE = 115
    HS_JOIN_PHASE = 116
    EMIT_STREAM = 117
    CUT_STREAM = 118
    EMITTHENCUT_STREAM = 119
    INTERFACE_CALL = 120
    BUFINFO = 121
    DERIV_RTX_COARSE = 122
    DERIV_RTX_FINE = 123
    DERIV_RTY_COARSE = 124
    DERIV_RTY_FINE = 125
    GATHER4_C = 126
    GATHER4_PO = 127
    GATHER4_PO_C = 128
    RCP = 129
    F32TOF16 = 130
    F16TOF32 = 131
    UADDC = 132
    USUBB = 133
    COUNTBITS = 134
    FIRSTBIT_HI = 135
    FIRSTBIT_LO = 136
    FIRSTBIT_SHI = 137
    UBFE = 138
    IBFE = 139
    BFI = 140
    BFREV = 141
    SWAPC = 142
    DCL_STREAM = 143
    DCL_FUNCTION_BODY = 144
    DCL_FUNCTION_TABLE = 145
    DCL_INTERFACE = 146
    DCL_INPUT_CONTROL_POINT_COUNT = 147
    DCL_OUTPUT_CONTROL_POINT_COUNT = 148
    DCL_TESS_DOMAIN = 149
    DCL_TESS_PARTITIONING = 150
    DCL_TESS_OUTPUT_PRIMITIVE = 151
    DCL_HS_MAX_TESSFACTOR = 152
    DCL_HS_FORK_PHASE_INSTANCE_COUNT = 153
    DCL_HS_JOIN_PHASE_INSTANCE_COUNT = 154
    DCL_THREAD_GROUP = 155
    DCL_UAV_TYPED = 156
    DCL_UAV_RAW = 157
    DCL_UAV_STRUCTURED = 158
    DCL_TGSM_RAW = 159
    DCL_TGSM_STRUCTURED = 160
    DCL_RESOURCE_RAW = 161
    DCL_RESOURCE_STRUCTURED = 162
    LD_UAV_TYPED = 163
    STORE_UAV_TYPED = 164
    LD_RAW = 165
    STORE_RAW = 166
    LD_STRUCTURED = 167
    STORE_STRUCTURED = 168
    ATOMIC_AND = 169
    ATOMIC_OR = 170
    ATOMIC_XOR = 171
    ATOMIC_CMP_STORE = 172
    ATOMIC_IADD = 173
    ATOMIC_IMAX = 174
    ATOMIC_IMIN = 175
    ATOMIC_UMAX = 176
    ATOMIC_UMIN = 177
    IMM_ATOMIC_ALLOC = 178
    IMM_ATOMIC_CONSUME = 179
    IMM_ATOMIC_IADD = 180
    IMM_ATOMIC_AND = 181
    IMM_ATOMIC_OR = 182
    IMM_ATOMIC_XOR = 183
    IMM_ATOMIC_EXCH = 184
    IMM_ATOMIC_CMP_EXCH = 185
    IMM_ATOMIC_IMAX = 186
    IMM_ATOMIC_IMIN = 187
    IMM_ATOMIC_UMAX = 188
    IMM_ATOMIC_UMIN = 189
    SYNC = 190
    DADD = 191
    DMAX = 192
    DMIN = 193
    DMUL = 194
    DEQ = 195
    DGE = 196
    DLT = 197
    DNE = 198
    DMOV = 199
    DMOVC = 200
    DTOF = 201
    FTOD = 202
    EVAL_SNAPPED = 203
    EVAL_SAMPLE_INDEX = 204
    EVAL_CENTROID = 205
    DCL_GS_INSTANCE_COUNT = 206
    ABORT = 207
    DEBUG_BREAK = 208
    RESERVED_209 = 209
    DDIV = 210
    DFMA = 211
    DRCP = 212
    MSAD = 213
    DTOI = 214
    DTOU = 215
    ITOD = 216
    UTOD = 217
    RESERVED_218 = 218
    GATHER4_FEEDBACK = 219
    GATHER4_C_FEEDBACK = 220
    GATHER4_PO_FEEDBACK = 221
    GATHER4_PO_C_FEEDBACK = 222
    LD_FEEDBACK = 223
    LD_MS_FEEDBACK = 224
    LD_UAV_TYPED_FEEDBACK = 225
    LD_RAW_FEEDBACK = 226
    LD_STRUCTURED_FEEDBACK = 227
    SAMPLE_L_FEEDBACK = 228
    SAMPLE_C_LZ_FEEDBACK = 229
    SAMPLE_CLAMP_FEEDBACK = 230
    SAMPLE_B_CLAMP_FEEDBACK = 231
    SAMPLE_D_CLAMP_FEEDBACK = 232
    SAMPLE_C_CLAMP_FEEDBACK = 233
    CHECK_ACCESS_FULLY_MAPPED = 234
    RESERVED_235 = 235


class OperandType(IntEnum):
    TEMP = 0
    INPUT = 1
    OUTPUT = 2
    INDEXABLE_TEMP = 3
    IMMEDIATE32 = 4
    IMMEDIATE64 = 5
    SAMPLER = 6
    RESOURCE = 7
    CONSTANT_BUFFER = 8
    IMMEDIATE_CONSTANT_BUFFER = 9
    LABEL = 10
    INPUT_PRIMITIVEID = 11
    OUTPUT_DEPTH = 12
    NULL = 13
    RASTERIZER = 14
    OUTPUT_COVERAGE_MASK = 15
    STREAM = 16
    FUNCTION_BODY = 17
    FUNCTION_TABLE = 18
    INTERFACE = 19
    FUNCTION_INPUT = 20
    FUNCTION_OUTPUT = 21
    OUTPUT_CONTROL_POINT_ID = 22
    INPUT_FORK_INSTANCE_ID = 23
    INPUT_JOIN_INSTANCE_ID = 24
    INPUT_CONTROL_POINT = 25
    OUTPUT_CONTROL_POINT = 26
    INPUT_PATCH_CONSTANT = 27
    INPUT_DOMAIN_POINT = 28
    THIS_POINTER = 29
    UNORDERED_ACCESS_VIEW = 30
    THREAD_GROUP_SHARED_MEMORY = 31
    INPUT_THREAD_ID = 32
    INPUT_THREAD_GROUP_ID = 33
    INPUT_THREAD_ID_IN_GROUP = 34
    INPUT_COVERAGE_MASK = 35
    INPUT_THREAD_ID_IN_GROUP_FLATTENED = 36
    INPUT_GS_INSTANCE_ID = 37
    OUTPUT_DEPTH_GREATER_EQUAL = 38
    OUTPUT_DEPTH_LESS_EQUAL = 39
    CYCLE_COUNTER = 40
    OUTPUT_STENCIL_REF = 41
    INNER_COVERAGE = 42


class IndexRep(IntEnum):
    IMMEDIATE32 = 0
    IMMEDIATE64 = 1
    RELATIVE = 2
    IMMEDIATE32_PLUS_RELATIVE = 3
    IMMEDIATE64_PLUS_RELATIVE = 4


class SelectionMode(IntEnum):
    MASK = 0
    SWIZZLE = 1
    SELECT_1 = 2


class Modifier(IntEnum):
    NONE = 0
    NEG = 1
    ABS = 2
    ABSNEG = 3


class MinPrecision(IntEnum):
    DEFAULT = 0
    FLOAT_16 = 1
    FLOAT_2_8 = 2
    SINT_16 = 4
    UINT_16 = 5


class ExtendedOpcodeType(IntEnum):
    EMPTY = 0
    SAMPLE_CONTROLS = 1
    RESOURCE_DIM = 2
    RESOURCE_RETURN_TYPE = 3


class ResourceDimension(IntEnum):
    """Bytecode resource dimension (differs from D3D_SRV_DIMENSION, spec-facts §2.6)."""

    UNKNOWN = 0
    BUFFER = 1
    TEXTURE1D = 2
    TEXTURE2D = 3
    TEXTURE2DMS = 4
    TEXTURE3D = 5
    TEXTURECUBE = 6
    TEXTURE1DARRAY = 7
    TEXTURE2DARRAY = 8
    TEXTURE2DMSARRAY = 9
    TEXTURECUBEARRAY = 10
    RAW_BUFFER = 11
    STRUCTURED_BUFFER = 12


class ReturnType(IntEnum):
    UNORM = 1
    SNORM = 2
    SINT = 3
    UINT = 4
    FLOAT = 5
    MIXED = 6
    DOUBLE = 7
    CONTINUED = 8
    UNUSED = 9


class InterpolationMode(IntEnum):
    UNDEFINED = 0
    CONSTANT = 1
    LINEAR = 2
    LINEAR_CENTROID = 3
    LINEAR_NOPERSPECTIVE = 4
    LINEAR_NOPERSPECTIVE_CENTROID = 5
    LINEAR_SAMPLE = 6
    LINEAR_NOPERSPECTIVE_SAMPLE = 7


class SystemName(IntEnum):
    """D3D10_SB_NAME: system-value names as the bytecode spells them (not D3D_NAME)."""

    UNDEFINED = 0
    POSITION = 1
    CLIP_DISTANCE = 2
    CULL_DISTANCE = 3
    RENDER_TARGET_ARRAY_INDEX = 4
    VIEWPORT_ARRAY_INDEX = 5
    VERTEX_ID = 6
    PRIMITIVE_ID = 7
    INSTANCE_ID = 8
    IS_FRONT_FACE = 9
    SAMPLE_INDEX = 10
    FINAL_QUAD_U_EQ_0_EDGE_TESSFACTOR = 11
    FINAL_QUAD_V_EQ_0_EDGE_TESSFACTOR = 12
    FINAL_QUAD_U_EQ_1_EDGE_TESSFACTOR = 13
    FINAL_QUAD_V_EQ_1_EDGE_TESSFACTOR = 14
    FINAL_QUAD_U_INSIDE_TESSFACTOR = 15
    FINAL_QUAD_V_INSIDE_TESSFACTOR = 16
    FINAL_TRI_U_EQ_0_EDGE_TESSFACTOR = 17
    FINAL_TRI_V_EQ_0_EDGE_TESSFACTOR = 18
    FINAL_TRI_W_EQ_0_EDGE_TESSFACTOR = 19
    FINAL_TRI_INSIDE_TESSFACTOR = 20
    FINAL_LINE_DETAIL_TESSFACTOR = 21
    FINAL_LINE_DENSITY_TESSFACTOR = 22


class CustomDataClass(IntEnum):
    COMMENT = 0
    DEBUGINFO = 1
    OPAQUE = 2
    DCL_IMMEDIATE_CONSTANT_BUFFER = 3
    SHADER_MESSAGE = 4
    SHADER_CLIP_PLANE_CONSTANT_MAPPINGS_FOR_DX9 = 5


class ResInfoReturnType(IntEnum):
    FLOAT = 0
    RCPFLOAT = 1
    UINT = 2


class SyncFlags(IntEnum):
    THREADS_IN_GROUP = 0x1
    THREAD_GROUP_SHARED_MEMORY = 0x2
    UNORDERED_ACCESS_VIEW_MEMORY_GROUP = 0x4
    UNORDERED_ACCESS_VIEW_MEMORY_GLOBAL = 0x8


# Opcode tokens: controls bit positions relative to bit 11 (spec-facts §2.6).
_SATURATE_BIT = 13 - 11
_TEST_NZ_BIT = 18 - 11
_PRECISE_SHIFT = 19 - 11


@dataclass(slots=True)
class Index:
    """One dimension of a register index: ``value`` (immediate part) plus an optional relative operand."""

    rep: IndexRep = IndexRep.IMMEDIATE32
    value: int = 0
    rel: Operand | None = None


@dataclass(slots=True)
class Operand:
    """One operand token and what follows it.

    ``num_components`` is 0, 1 or 4 (raw token field 0, 1, 2; 3 = N is kept as ``-1``). For 4-component
    operands ``selection`` says how ``mask`` (MASK), ``swizzle`` (SWIZZLE) or ``swizzle[0]`` (SELECT_1)
    apply. ``ext_token`` is the raw extended operand token when the stream had one (kept even if it only
    restates defaults, for byte-exact round trips); ``modifier``/``min_precision``/``nonuniform`` are its
    decoded fields.
    """

    type: int
    num_components: int = 4
    selection: SelectionMode = SelectionMode.MASK
    mask: int = 0xF
    swizzle: tuple[int, int, int, int] = (0, 1, 2, 3)
    indices: list[Index] = field(default_factory=list)
    values: list[int] = field(default_factory=list)
    modifier: Modifier = Modifier.NONE
    min_precision: int = 0
    nonuniform: bool = False
    ext_token: int | None = None

    def components(self) -> tuple[int, ...]:
        """Source components read, one per destination lane x, y, z, w (spec-facts §2.6)."""
        if self.num_components == 1:
            return (0, 0, 0, 0)
        if self.selection == SelectionMode.SWIZZLE:
            return self.swizzle
        if self.selection == SelectionMode.SELECT_1:
            return (self.swizzle[0],) * 4
        return (0, 1, 2, 3)

    def written(self) -> tuple[int, ...]:
        """Components a destination operand writes, in order."""
        if self.num_components == 1:
            return (0,)
        if self.num_components == 0:
            return ()
        return tuple(i for i in range(4) if self.mask >> i & 1)

    @property
    def register(self) -> int:
        """The first immediate index (the register number for 1-D register files)."""
        return self.indices[0].value if self.indices else 0


@dataclass(slots=True)
class Instruction:
    opcode: int
    operands: list[Operand] = field(default_factory=list)
    controls: int = 0
    extended: list[int] = field(default_factory=list)
    extra: list[int] = field(default_factory=list)

    # --- opcode-token controls --------------------------------------------------------------
    @property
    def saturate(self) -> bool:
        return bool(self.controls >> _SATURATE_BIT & 1)

    @property
    def test_nonzero(self) -> bool:
        """For if/breakc/continuec/retc/discard/callc/movc-style tests: True = ``_nz``."""
        return bool(self.controls >> _TEST_NZ_BIT & 1)

    @property
    def precise_mask(self) -> int:
        return self.controls >> _PRECISE_SHIFT & 0xF

    @property
    def return_type_control(self) -> int:
        """resinfo (0 float, 1 rcpfloat, 2 uint) and sampleinfo/samplepos (0 float, 1 uint): bits [12:11]."""
        return self.controls & 0x3

    @property
    def sync_flags(self) -> int:
        return self.controls & 0xF

    # --- extended opcode tokens ---------------------------------------------------------------
    def _ext(self, kind: ExtendedOpcodeType) -> int | None:
        for tok in self.extended:
            if tok & 0x3F == kind:
                return tok
        return None

    @property
    def texel_offset(self) -> tuple[int, int, int]:
        """Immediate (u, v, w) texel offsets, 4-bit two's complement each (0 when absent)."""
        tok = self._ext(ExtendedOpcodeType.SAMPLE_CONTROLS)
        if tok is None:
            return (0, 0, 0)

        def s4(v: int) -> int:
            v &= 0xF
            return v - 16 if v & 8 else v

        return (s4(tok >> 9), s4(tok >> 13), s4(tok >> 17))

    @property
    def resource_dim(self) -> tuple[int, int] | None:
        """(bytecode resource dimension, structure stride) from a RESOURCE_DIM token, if present."""
        tok = self._ext(ExtendedOpcodeType.RESOURCE_DIM)
        if tok is None:
            return None
        return (tok >> 6 & 0x1F, tok >> 11 & 0xFFF)

    @property
    def resource_return_type(self) -> tuple[int, int, int, int] | None:
        tok = self._ext(ExtendedOpcodeType.RESOURCE_RETURN_TYPE)
        if tok is None:
            return None
        return tuple((tok >> (6 + 4 * i)) & 0xF for i in range(4))  # type: ignore[return-value]


@dataclass(slots=True, weakref_slot=True)
class Program:
    program_type: ProgramType
    major: int
    minor: int
    instructions: list[Instruction] = field(default_factory=list)

    # Identity hash (equality stays structural): executors cache compiled programs per Program object.
    __hash__ = object.__hash__

    @property
    def shader_model(self) -> tuple[int, int]:
        return (self.major, self.minor)

    def find(self, *opcodes: int) -> list[Instruction]:
        """All instructions with one of ``opcodes`` (declaration look-ups)."""
        wanted = set(opcodes)
        return [i for i in self.instructions if i.opcode in wanted]


_MEMO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def memo(program: Program, name: str, compute: Callable[[Program], Any]) -> Any:
    """``compute(program)``, remembered per program object. Used for scans the draw path repeats several times per
    draw (declarations, register counts); the memo is keyed by the instruction
    list's identity and length too, so a program still being built (decoders append) is never served a
    stale answer. Callers must not mutate what is returned."""
    try:
        per = _MEMO.get(program)
    except TypeError:  # not weak-referenceable: no memo
        return compute(program)
    ins = program.instructions
    sig = (id(ins), len(ins))
    if per is None or per[0] != sig:
        per = (sig, {})
        _MEMO[program] = per
    cache = per[1]
    if name not in cache:
        cache[name] = compute(program)
    return cache[name]
