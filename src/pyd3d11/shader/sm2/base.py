"""Shared definitions of the SM4 -> shader-model-2 translation (translate.py, flow.py): opcode groups, the
utility constants, the Aon9 mapping records and the refusals (E_NOTIMPL for what is not built, fxc's X4532 for
what shader model 2 cannot express)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import NotSupportedError
from .. import ir
from ..hlsl.diagnostics import HlslError
from .program import Sm2Program
from .tokens import SamplerType

O = ir.Opcode
T = ir.OperandType
ONE, ZERO, MINUS_ONE = 0x3F800000, 0, 0xBF800000
_UTILITY = (ZERO, ONE, MINUS_ONE, 0x3F000000)  # 0, 1, -1, 0.5
_FLT_MAX = 0x7F7FFFFF
_PI, _TWO_PI, _INV_TWO_PI = 0x40490FDB, 0x40C90FDB, 0x3E22F983  # float32 pi, 2 pi, 1 / (2 pi)
#: d3d9types.h D3DSINCOSCONST1 (-1.5500992e-006, -2.1701389e-005, 0.0026041667, 0.00026041668) and
#: D3DSINCOSCONST2 (-0.020833334, -0.125, 1.0, 0.5) as float32 bits: the constants shader model 2's sincos reads
_SINCOSCONST1 = (0xB5D00D01, 0xB7B60B61, 0x3B2AAAAB, 0x39888889)
_SINCOSCONST2 = (0xBCAAAAAB, 0xBE000000, 0x3F800000, 0x3F000000)

_SAMPLER_DIMS = {ir.ResourceDimension.TEXTURE2D: SamplerType.TEX_2D,
                 ir.ResourceDimension.TEXTURECUBE: SamplerType.CUBE,
                 ir.ResourceDimension.TEXTURE3D: SamplerType.VOLUME}
_COORDS = {SamplerType.TEX_2D: 2, SamplerType.CUBE: 3, SamplerType.VOLUME: 3}
_DIRECT = {O.ADD: "add", O.MUL: "mul", O.MAD: "mad", O.MIN: "min", O.MAX: "max", O.FRC: "frc", O.DP3: "dp3",
           O.DP4: "dp4"}
_SCALAR = {O.RCP: "rcp", O.RSQ: "rsq", O.EXP: "exp", O.LOG: "log"}
#: resource instructions shader model 2 has no counterpart for (texldl is ps_3_0; no texel fetch, gather or
#: size query in SM2; comparison sampling is the 9_x shadow-map texld, see _sample)
_NO_SM2 = {O.LD, O.LD_MS, O.SAMPLE_L, O.RESINFO, O.GATHER4, O.LOD,
           O.SAMPLE_INFO, O.SAMPLE_POS, O.BUFINFO}
_INT_OPS = {O.IADD, O.IMUL, O.UMUL, O.IMAD, O.UMAD, O.INEG, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.ISHL, O.ISHR, O.USHR,
            O.UDIV,
            O.IEQ, O.INE, O.ILT, O.IGE, O.ULT, O.UGE, O.ITOF, O.UTOF, O.FTOI, O.FTOU}
_COMPARE = {O.LT: "lt", O.GE: "ge", O.EQ: "eq", O.NE: "ne"}
#: bit-level instructions: a float register cannot hold their operands' bit patterns (fxc: X4532)
_BITS = {O.XOR, O.COUNTBITS, O.FIRSTBIT_HI, O.FIRSTBIT_LO, O.FIRSTBIT_SHI, O.BFREV, O.UBFE, O.IBFE, O.BFI,
         O.F32TOF16, O.F16TOF32}
#: the iteration count of the rep loops a loop that cannot be unrolled becomes: the largest rep accepts
REP_COUNT = 255
BREAK_NE = 5  # D3DSHADER_COMPARISON D3DSPC_NE: "break_ne"
#: integer instructions: those reading integer sources, and those writing integer results
_INT_READS = {O.IADD, O.IMUL, O.UMUL, O.IMAD, O.UMAD, O.INEG, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.ISHL, O.ISHR,
               O.USHR, O.UDIV,
              O.IEQ, O.INE, O.ILT, O.IGE, O.ULT, O.UGE, O.ITOF, O.UTOF}
_INT_WRITES = {O.IADD, O.IMUL, O.UMUL, O.IMAD, O.UMAD, O.INEG, O.IMIN, O.IMAX, O.UMIN, O.UMAX, O.ISHL, O.ISHR,
                O.USHR, O.UDIV,
               O.FTOI, O.FTOU}
#: instructions whose first operand is not a destination (sync, emit, cut: no operand at all)
_NO_DST = {O.IF, O.ELSE, O.ENDIF, O.LOOP, O.ENDLOOP, O.BREAK, O.BREAKC, O.CONTINUE, O.CONTINUEC, O.RET, O.RETC,
           O.DISCARD, O.SWITCH, O.CASE, O.DEFAULT, O.ENDSWITCH, O.CALL, O.CALLC, O.LABEL, O.CUSTOMDATA, O.NOP,
           O.SYNC, O.EMIT, O.CUT, O.EMITTHENCUT}
_TWO_DST = {O.SINCOS, O.IMUL, O.UMUL, O.UDIV, O.SWAPC}


@dataclass
class CbMapping:
    buffer: int
    start: int
    count: int
    target: int
    #: the runtime's per-component data conversion into c# (types.py: FLT / BOOL / INT / UINT)
    conversions: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass
class SamplerMapping:
    resource: int
    sampler: int
    target: int
    sampler_type: int


@dataclass
class Translation:
    program: Sm2Program
    cb_mappings: list[CbMapping] = field(default_factory=list)
    sampler_mappings: list[SamplerMapping] = field(default_factory=list)
    #: (target register, description id): 0 = vertex shader position offset
    runtime_constants: list[tuple[int, int]] = field(default_factory=list)
    #: (buffer, source register, component, target i#): integer constants a rep loop's count is read from
    loop_mappings: list[tuple[int, int, int, int]] = field(default_factory=list)
    #: (buffer, source register, component, target b#): bool constants that only steer ``if b#`` branches (the
    #: D3D9 targets, static_branch.py; the Aon9 chunk has no such table)
    bool_mappings: list[tuple[int, int, int, int]] = field(default_factory=list)


class _DynamicLoop(NotSupportedError):
    """A loop being unrolled cannot be: translate it as a shader-model-2 loop instead (walk)."""

    def __init__(self, cause: NotSupportedError):
        super().__init__(cause.message if hasattr(cause, "message") else str(cause))


def _no_sm2(target: str, sm2: str, file: str, what: str) -> HlslError:
    """fxc's refusal of an expression shader model 2 has no instructions for (bit patterns: SM2 registers
    hold floats only)."""
    return HlslError(file, 1, 1, 4532, f"{target}: cannot map expression to {sm2} instruction set ({what})")


def position_read_first(decls: list, code: list, target: str, file: str) -> None:
    """A position input read by a ps_2_x / level-9 pixel shader (no vPos there) is the signature's X4502, raised
    before the code's own refusals (a derivative's, a Load's X4532: d3dcompiler_47 10.1 under Wine, session 42)."""
    pos = {d.operands[0].register for d in decls if d.opcode == O.DCL_INPUT_PS_SIV and d.extra
           and d.extra[0] == ir.SystemName.POSITION}
    if pos and any(o.type == T.INPUT and o.register in pos for i in code for o in i.operands):
        raise HlslError(file, 1, 1, 4502, f"{target}: SV_Position cannot be read in a feature level 9_x pixel shader")


def _unsupported(what: str) -> NotSupportedError:
    return NotSupportedError(f"4_0_level_9_x (Aon9 shader model 2) translation of {what}")


def _mask_of(lanes) -> int:
    m = 0
    for lane in lanes:
        m |= 1 << lane
    return m
