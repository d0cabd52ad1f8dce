"""Direct3D 9 shader token tables (data).

Sources: MicrosoftDocs win32 desktop-src/direct3dhlsl "Shader Code Format", "Version Token", "Instruction
Token", "Destination Parameter Token", "Source Parameter Token", "Comment Token", "End Token" and the d3d9types.h
enumerations they name (D3DSHADER_INSTRUCTION_OPCODE_TYPE, D3DSHADER_PARAM_REGISTER_TYPE, D3DDECLUSAGE,
D3DSAMPLER_TEXTURE_TYPE, D3DSHADER_PARAM_SRCMOD_TYPE, D3DSHADER_PARAM_DSTMOD); instruction slot counts from
"ps_2_0 Instructions" and "Instructions - vs_2_0".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

VS_VERSION_PREFIX = 0xFFFE  # version token high word of a vertex shader
PS_VERSION_PREFIX = 0xFFFF  # ... of a pixel shader
COMMENT_OPCODE = 0xFFFE
END_TOKEN = 0x0000FFFF


class Reg(IntEnum):
    """D3DSHADER_PARAM_REGISTER_TYPE (the 5-bit value split over token bits [30:28] and [12:11])."""

    TEMP = 0
    INPUT = 1
    CONST = 2
    ADDR = 3  # vertex shaders: a0; pixel shaders: TEXTURE (t#)
    RASTOUT = 4
    ATTROUT = 5
    TEXCRDOUT = 6  # oT# (also OUTPUT in vs_3_0)
    CONSTINT = 7
    COLOROUT = 8
    DEPTHOUT = 9
    SAMPLER = 10
    CONST2 = 11
    CONST3 = 12
    CONST4 = 13
    CONSTBOOL = 14
    LOOP = 15
    TEMPFLOAT16 = 16
    MISCTYPE = 17
    LABEL = 18
    PREDICATE = 19


TEXTURE = Reg.ADDR  # the same register-type value names t# in pixel shaders

#: RASTOUT register numbers
RASTOUT_POSITION, RASTOUT_FOG, RASTOUT_POINT_SIZE = 0, 1, 2


class Usage(IntEnum):
    """D3DDECLUSAGE."""

    POSITION = 0
    BLENDWEIGHT = 1
    BLENDINDICES = 2
    NORMAL = 3
    PSIZE = 4
    TEXCOORD = 5
    TANGENT = 6
    BINORMAL = 7
    TESSFACTOR = 8
    POSITIONT = 9
    COLOR = 10
    FOG = 11
    DEPTH = 12
    SAMPLE = 13


class SamplerType(IntEnum):
    """D3DSAMPLER_TEXTURE_TYPE >> 27."""

    UNKNOWN = 0
    TEX_2D = 2
    CUBE = 3
    VOLUME = 4


class SrcMod(IntEnum):
    """D3DSHADER_PARAM_SRCMOD_TYPE >> 24."""

    NONE = 0
    NEG = 1
    BIAS = 2
    BIASNEG = 3
    SIGN = 4
    SIGNNEG = 5
    COMP = 6
    X2 = 7
    X2NEG = 8
    DZ = 9
    DW = 10
    ABS = 11
    ABSNEG = 12
    NOT = 13


#: D3DSHADER_PARAM_DSTMOD bits (token bits [23:20])
DSTMOD_SATURATE, DSTMOD_PARTIALPRECISION, DSTMOD_CENTROID = 1, 2, 4

#: D3DSHADER_COMPARISON (ifc / breakc / setp controls, instruction token bits [18:16]) and the listing suffixes
COMPARISONS = {1: "gt", 2: "eq", 3: "ge", 4: "lt", 5: "ne", 6: "le"}

#: texld opcode-specific controls (instruction token bits [23:16])
TEXLD_PLAIN, TEXLD_PROJECT, TEXLD_BIAS = 0, 1, 2


@dataclass(frozen=True)
class OpInfo:
    """One D3D9 opcode: its number, whether it has a destination, its source count, instruction slots in
    vs_2_0 / ps_2_0 (None = not in that shader type), and its ps_2_0 slot class ('a'rithmetic, 't'exture,
    's'etup, 'f'low)."""

    name: str
    code: int
    dst: bool
    srcs: int
    vs_slots: int | None
    ps_slots: int | None
    kind: str


#: the opcodes of shader models 2.0 / 2.x (name, number, dst, sources, vs_2_0 slots, ps_2_0 slots, class);
#: 2_x-only instructions (dsx/dsy/texldd/setp/ifc/breakc/rep/endrep/defi in pixel shaders...) carry their
#: vs_2_x / ps_2_x counts ("ps_2_x Instructions": rep 3, endrep 2, break 1, break_comp 3)
OPCODES: tuple[OpInfo, ...] = (
    OpInfo("nop", 0, False, 0, 1, 1, "a"),
    OpInfo("mov", 1, True, 1, 1, 1, "a"),
    OpInfo("add", 2, True, 2, 1, 1, "a"),
    OpInfo("sub", 3, True, 2, 1, 1, "a"),
    OpInfo("mad", 4, True, 3, 1, 1, "a"),
    OpInfo("mul", 5, True, 2, 1, 1, "a"),
    OpInfo("rcp", 6, True, 1, 1, 1, "a"),
    OpInfo("rsq", 7, True, 1, 1, 1, "a"),
    OpInfo("dp3", 8, True, 2, 1, 1, "a"),
    OpInfo("dp4", 9, True, 2, 1, 1, "a"),
    OpInfo("min", 10, True, 2, 1, 1, "a"),
    OpInfo("max", 11, True, 2, 1, 1, "a"),
    OpInfo("slt", 12, True, 2, 1, None, "a"),
    OpInfo("sge", 13, True, 2, 1, None, "a"),
    OpInfo("exp", 14, True, 1, 1, 1, "a"),
    OpInfo("log", 15, True, 1, 1, 1, "a"),
    OpInfo("lit", 16, True, 1, 3, None, "a"),
    OpInfo("dst", 17, True, 2, 1, None, "a"),
    OpInfo("lrp", 18, True, 3, 2, 2, "a"),
    OpInfo("frc", 19, True, 1, 1, 1, "a"),
    OpInfo("m4x4", 20, True, 2, 4, 4, "a"),
    OpInfo("m4x3", 21, True, 2, 3, 3, "a"),
    OpInfo("m3x4", 22, True, 2, 4, 4, "a"),
    OpInfo("m3x3", 23, True, 2, 3, 3, "a"),
    OpInfo("m3x2", 24, True, 2, 2, 2, "a"),
    OpInfo("call", 25, False, 1, 2, None, "f"),
    OpInfo("callnz", 26, False, 2, 3, None, "f"),
    OpInfo("loop", 27, False, 2, 3, None, "f"),
    OpInfo("ret", 28, False, 0, 1, None, "f"),
    OpInfo("endloop", 29, False, 0, 2, None, "f"),
    OpInfo("label", 30, False, 1, 0, None, "f"),
    OpInfo("dcl", 31, True, 0, 0, 0, "s"),
    OpInfo("pow", 32, True, 2, 3, 3, "a"),
    OpInfo("crs", 33, True, 2, 2, 2, "a"),
    OpInfo("sgn", 34, True, 3, 3, None, "a"),
    OpInfo("abs", 35, True, 1, 1, 1, "a"),
    OpInfo("nrm", 36, True, 1, 3, 3, "a"),
    OpInfo("sincos", 37, True, 3, 8, 8, "a"),
    OpInfo("rep", 38, False, 1, 3, 3, "f"),
    OpInfo("endrep", 39, False, 0, 2, 2, "f"),
    # if bool: 3 slots in both kinds of shader, as fxc counts them (BasicHLSL ps_3_0 "8 instruction slots (1
    # texture, 7 arithmetic)" for if b0 / texld / mul / else / mov / endif; boolconst vs_2_0: 9 for 4 ALU + 5)
    OpInfo("if", 40, False, 1, 3, 3, "f"),
    OpInfo("ifc", 41, False, 2, 3, 3, "f"),
    OpInfo("else", 42, False, 0, 1, 1, "f"),
    OpInfo("endif", 43, False, 0, 1, 1, "f"),
    OpInfo("break", 44, False, 0, 1, 1, "f"),
    OpInfo("breakc", 45, False, 2, 3, 3, "f"),
    OpInfo("mova", 46, True, 1, 1, None, "a"),
    OpInfo("defb", 47, True, 0, 0, None, "s"),
    OpInfo("defi", 48, True, 0, 0, 0, "s"),
    OpInfo("texkill", 65, True, 0, None, 1, "t"),  # its register is a destination-parameter token
    OpInfo("texld", 66, True, 2, None, 1, "t"),
    # "expp - vs" / "logp - vs": partial-precision 2^x and log2(x), 1 slot, vertex shaders only (vs_1_1 has them
    # in place of the full-precision forms' 10-slot macros; its expp also returns the fraction in .y)
    OpInfo("expp", 78, True, 1, 1, None, "a"),
    OpInfo("logp", 79, True, 1, 1, None, "a"),
    OpInfo("def", 81, True, 0, 0, 0, "s"),
    OpInfo("cmp", 88, True, 3, None, 1, "a"),
    OpInfo("dp2add", 90, True, 3, None, 2, "a"),
    OpInfo("dsx", 91, True, 1, None, 2, "a"),
    OpInfo("dsy", 92, True, 1, None, 2, "a"),
    OpInfo("texldd", 93, True, 4, None, 3, "t"),
    OpInfo("setp", 94, True, 2, 1, 1, "a"),
    # shader model 3 ("texldl - ps", "texldl - vs"): the level of detail in the coordinate's w; 2 slots
    OpInfo("texldl", 95, True, 2, 2, 2, "t"),
)

BY_CODE: dict[int, OpInfo] = {o.code: o for o in OPCODES}
BY_NAME: dict[str, OpInfo] = {o.name: o for o in OPCODES}

USAGE_NAMES = {u: u.name.lower() for u in Usage}
SAMPLER_NAMES = {SamplerType.TEX_2D: "2d", SamplerType.CUBE: "cube", SamplerType.VOLUME: "volume"}
