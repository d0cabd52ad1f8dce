"""SM4/SM5 opcode table: one declarative row per opcode 0–235 (spec-facts §2.6, §2.7).

Numbers come from ``ir.Opcode`` (D3D12TokenizedProgramFormat.hpp); mnemonics and operand counts follow
fxc's disassembly (DirectXShaderCompiler ShaderBinary.cpp ``InitInstructionInfo``).

Each row gives the operands as a type string: one letter per operand, destinations first, then ``:``
and the sources. Letters name the operand's value type, which consumers use to apply modifiers
(neg/abs) and the disassembler to format immediates:

``f`` float32, ``i`` int32, ``u`` uint32, ``d`` double (pairs of lanes), ``r`` resource / UAV / TGSM,
``s`` sampler, ``l`` label / function body, ``n`` typed by something else (resource return type, a
register file, a stream), ``x`` anything (raw bits, typeless moves are ``f`` as fxc applies float
modifiers to ``mov``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..ir import Opcode


class OpClass(StrEnum):
    FLOAT = "float"
    INT = "int"
    UINT = "uint"
    BIT = "bit"
    DOUBLE = "double"
    CONVERT = "convert"
    FLOW = "flow"
    DECL = "decl"
    HS_PHASE = "hs_phase"
    TEXTURE = "texture"
    MEMORY = "memory"
    ATOMIC = "atomic"
    SYNC = "sync"
    DEBUG = "debug"
    CUSTOM = "custom"
    RESERVED = "reserved"


# Flags (bit set in OpInfo.flags)
SAT = 0x1  # _sat allowed
TEST = 0x2  # bit 18 of the opcode token is the _z/_nz test
RESINFO_RT = 0x4  # controls [12:11] = resinfo return type
INST_RT = 0x8  # controls [12:11] = sampleinfo/samplepos return type (uint when 1)
PRECISE = 0x10  # SM5 precise mask meaningful
LEAD_EXTRA = 0x20  # one non-operand dword precedes the operands (fcall's function index)
LONG_LENGTH = 0x40  # opcode token bit 31 means "length in next dword" instead of extended opcode
SAMPLE_CTRL = 0x80  # may carry sample-controls / resource-dim / return-type extended tokens


@dataclass(frozen=True, slots=True)
class OpInfo:
    opcode: int
    name: str
    num_dst: int
    src_types: str
    dst_types: str
    cls: OpClass
    flags: int = 0

    @property
    def num_operands(self) -> int:
        return self.num_dst + len(self.src_types)

    @property
    def operand_types(self) -> str:
        return self.dst_types + self.src_types

    @property
    def is_declaration(self) -> bool:
        return self.cls in (OpClass.DECL, OpClass.HS_PHASE)

    @property
    def has_saturate(self) -> bool:
        return bool(self.flags & SAT)

    @property
    def has_test(self) -> bool:
        return bool(self.flags & TEST)


_F = OpClass.FLOAT
_I = OpClass.INT
_U = OpClass.UINT
_B = OpClass.BIT
_D = OpClass.DOUBLE
_C = OpClass.CONVERT
_FL = OpClass.FLOW
_DC = OpClass.DECL
_HS = OpClass.HS_PHASE
_T = OpClass.TEXTURE
_M = OpClass.MEMORY
_A = OpClass.ATOMIC

# (opcode, mnemonic, "dst:src" operand types, class, flags)
_ROWS: list[tuple[Opcode, str, str, OpClass, int]] = [
    (Opcode.ADD, "add", "f:ff", _F, SAT | PRECISE),
    (Opcode.AND, "and", "u:uu", _B, PRECISE),
    (Opcode.BREAK, "break", ":", _FL, 0),
    (Opcode.BREAKC, "breakc", ":u", _FL, TEST),
    (Opcode.CALL, "call", ":l", _FL, 0),
    (Opcode.CALLC, "callc", ":ul", _FL, TEST),
    (Opcode.CASE, "case", ":u", _FL, 0),
    (Opcode.CONTINUE, "continue", ":", _FL, 0),
    (Opcode.CONTINUEC, "continuec", ":u", _FL, TEST),
    (Opcode.CUT, "cut", ":", _FL, 0),
    (Opcode.DEFAULT, "default", ":", _FL, 0),
    (Opcode.DERIV_RTX, "deriv_rtx", "f:f", _F, SAT | PRECISE),
    (Opcode.DERIV_RTY, "deriv_rty", "f:f", _F, SAT | PRECISE),
    (Opcode.DISCARD, "discard", ":u", _FL, TEST),
    (Opcode.DIV, "div", "f:ff", _F, SAT | PRECISE),
    (Opcode.DP2, "dp2", "f:ff", _F, SAT | PRECISE),
    (Opcode.DP3, "dp3", "f:ff", _F, SAT | PRECISE),
    (Opcode.DP4, "dp4", "f:ff", _F, SAT | PRECISE),
    (Opcode.ELSE, "else", ":", _FL, 0),
    (Opcode.EMIT, "emit", ":", _FL, 0),
    (Opcode.EMITTHENCUT, "emit_then_cut", ":", _FL, 0),
    (Opcode.ENDIF, "endif", ":", _FL, 0),
    (Opcode.ENDLOOP, "endloop", ":", _FL, 0),
    (Opcode.ENDSWITCH, "endswitch", ":", _FL, 0),
    (Opcode.EQ, "eq", "u:ff", _F, PRECISE),
    (Opcode.EXP, "exp", "f:f", _F, SAT | PRECISE),
    (Opcode.FRC, "frc", "f:f", _F, SAT | PRECISE),
    (Opcode.FTOI, "ftoi", "i:f", _C, PRECISE),
    (Opcode.FTOU, "ftou", "u:f", _C, PRECISE),
    (Opcode.GE, "ge", "u:ff", _F, PRECISE),
    (Opcode.IADD, "iadd", "i:ii", _I, PRECISE),
    (Opcode.IF, "if", ":u", _FL, TEST),
    (Opcode.IEQ, "ieq", "u:ii", _I, PRECISE),
    (Opcode.IGE, "ige", "u:ii", _I, PRECISE),
    (Opcode.ILT, "ilt", "u:ii", _I, PRECISE),
    (Opcode.IMAD, "imad", "i:iii", _I, PRECISE),
    (Opcode.IMAX, "imax", "i:ii", _I, PRECISE),
    (Opcode.IMIN, "imin", "i:ii", _I, PRECISE),
    (Opcode.IMUL, "imul", "ii:ii", _I, PRECISE),
    (Opcode.INE, "ine", "u:ii", _I, PRECISE),
    (Opcode.INEG, "ineg", "i:i", _I, PRECISE),
    (Opcode.ISHL, "ishl", "i:iu", _I, PRECISE),
    (Opcode.ISHR, "ishr", "i:iu", _I, PRECISE),
    (Opcode.ITOF, "itof", "f:i", _C, PRECISE),
    (Opcode.LABEL, "label", ":l", _FL, 0),
    (Opcode.LD, "ld", "n:ir", _T, SAMPLE_CTRL),
    (Opcode.LD_MS, "ldms", "n:iri", _T, SAMPLE_CTRL),
    (Opcode.LOG, "log", "f:f", _F, SAT | PRECISE),
    (Opcode.LOOP, "loop", ":", _FL, 0),
    (Opcode.LT, "lt", "u:ff", _F, PRECISE),
    (Opcode.MAD, "mad", "f:fff", _F, SAT | PRECISE),
    (Opcode.MIN, "min", "f:ff", _F, SAT | PRECISE),
    (Opcode.MAX, "max", "f:ff", _F, SAT | PRECISE),
    (Opcode.CUSTOMDATA, "customdata", ":", OpClass.CUSTOM, 0),
    (Opcode.MOV, "mov", "f:f", _F, SAT | PRECISE),
    (Opcode.MOVC, "movc", "f:uff", _F, SAT | PRECISE),
    (Opcode.MUL, "mul", "f:ff", _F, SAT | PRECISE),
    (Opcode.NE, "ne", "u:ff", _F, PRECISE),
    (Opcode.NOP, "nop", ":", _FL, 0),
    (Opcode.NOT, "not", "u:u", _B, PRECISE),
    (Opcode.OR, "or", "u:uu", _B, PRECISE),
    (Opcode.RESINFO, "resinfo", "n:ur", _T, RESINFO_RT | SAMPLE_CTRL | SAT),
    (Opcode.RET, "ret", ":", _FL, 0),
    (Opcode.RETC, "retc", ":u", _FL, TEST),
    (Opcode.ROUND_NE, "round_ne", "f:f", _F, SAT | PRECISE),
    (Opcode.ROUND_NI, "round_ni", "f:f", _F, SAT | PRECISE),
    (Opcode.ROUND_PI, "round_pi", "f:f", _F, SAT | PRECISE),
    (Opcode.ROUND_Z, "round_z", "f:f", _F, SAT | PRECISE),
    (Opcode.RSQ, "rsq", "f:f", _F, SAT | PRECISE),
    (Opcode.SAMPLE, "sample", "n:frs", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_C, "sample_c", "n:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_C_LZ, "sample_c_lz", "n:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_L, "sample_l", "n:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_D, "sample_d", "n:frsff", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_B, "sample_b", "n:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SQRT, "sqrt", "f:f", _F, SAT | PRECISE),
    (Opcode.SWITCH, "switch", ":i", _FL, 0),
    (Opcode.SINCOS, "sincos", "ff:f", _F, SAT | PRECISE),
    (Opcode.UDIV, "udiv", "uu:uu", _U, PRECISE),
    (Opcode.ULT, "ult", "u:uu", _U, PRECISE),
    (Opcode.UGE, "uge", "u:uu", _U, PRECISE),
    (Opcode.UMUL, "umul", "uu:uu", _U, PRECISE),
    (Opcode.UMAD, "umad", "u:uuu", _U, PRECISE),
    (Opcode.UMAX, "umax", "u:uu", _U, PRECISE),
    (Opcode.UMIN, "umin", "u:uu", _U, PRECISE),
    (Opcode.USHR, "ushr", "u:uu", _U, PRECISE),
    (Opcode.UTOF, "utof", "f:u", _C, PRECISE),
    (Opcode.XOR, "xor", "u:uu", _B, PRECISE),
    (Opcode.DCL_RESOURCE, "dcl_resource", ":n", _DC, 0),
    (Opcode.DCL_CONSTANTBUFFER, "dcl_constantbuffer", ":n", _DC, 0),
    (Opcode.DCL_SAMPLER, "dcl_sampler", ":n", _DC, 0),
    (Opcode.DCL_INDEXRANGE, "dcl_indexrange", ":n", _DC, 0),
    (Opcode.DCL_GS_OUTPUT_TOPOLOGY, "dcl_outputtopology", ":", _DC, 0),
    (Opcode.DCL_GS_INPUT_PRIMITIVE, "dcl_inputprimitive", ":", _DC, 0),
    (Opcode.DCL_MAXOUT, "dcl_maxout", ":", _DC, 0),
    (Opcode.DCL_INPUT, "dcl_input", ":n", _DC, 0),
    (Opcode.DCL_INPUT_SGV, "dcl_input_sgv", ":n", _DC, 0),
    (Opcode.DCL_INPUT_SIV, "dcl_input_siv", ":n", _DC, 0),
    (Opcode.DCL_INPUT_PS, "dcl_input_ps", ":n", _DC, 0),
    (Opcode.DCL_INPUT_PS_SGV, "dcl_input_ps_sgv", ":n", _DC, 0),
    (Opcode.DCL_INPUT_PS_SIV, "dcl_input_ps_siv", ":n", _DC, 0),
    (Opcode.DCL_OUTPUT, "dcl_output", ":n", _DC, 0),
    (Opcode.DCL_OUTPUT_SGV, "dcl_output_sgv", ":n", _DC, 0),
    (Opcode.DCL_OUTPUT_SIV, "dcl_output_siv", ":n", _DC, 0),
    (Opcode.DCL_TEMPS, "dcl_temps", ":", _DC, 0),
    (Opcode.DCL_INDEXABLETEMP, "dcl_indexableTemp", ":", _DC, 0),
    (Opcode.DCL_GLOBALFLAGS, "dcl_globalFlags", ":", _DC, 0),
    (Opcode.RESERVED_107, "reserved_107", ":", OpClass.RESERVED, 0),
    (Opcode.LOD, "lod", "f:frs", _T, SAMPLE_CTRL | SAT),
    (Opcode.GATHER4, "gather4", "n:frs", _T, SAMPLE_CTRL),
    (Opcode.SAMPLE_POS, "samplepos", "f:ru", _T, INST_RT | SAMPLE_CTRL),
    (Opcode.SAMPLE_INFO, "sampleinfo", "f:r", _T, INST_RT | SAMPLE_CTRL),
    (Opcode.RESERVED_112, "reserved_112", ":", OpClass.RESERVED, 0),
    (Opcode.HS_DECLS, "hs_decls", ":", _HS, 0),
    (Opcode.HS_CONTROL_POINT_PHASE, "hs_control_point_phase", ":", _HS, 0),
    (Opcode.HS_FORK_PHASE, "hs_fork_phase", ":", _HS, 0),
    (Opcode.HS_JOIN_PHASE, "hs_join_phase", ":", _HS, 0),
    (Opcode.EMIT_STREAM, "emit_stream", ":n", _FL, 0),
    (Opcode.CUT_STREAM, "cut_stream", ":n", _FL, 0),
    (Opcode.EMITTHENCUT_STREAM, "emit_then_cut_stream", ":n", _FL, 0),
    (Opcode.INTERFACE_CALL, "fcall", ":n", _FL, LEAD_EXTRA),
    (Opcode.BUFINFO, "bufinfo", "u:r", _T, SAMPLE_CTRL),
    (Opcode.DERIV_RTX_COARSE, "deriv_rtx_coarse", "f:f", _F, SAT | PRECISE),
    (Opcode.DERIV_RTX_FINE, "deriv_rtx_fine", "f:f", _F, SAT | PRECISE),
    (Opcode.DERIV_RTY_COARSE, "deriv_rty_coarse", "f:f", _F, SAT | PRECISE),
    (Opcode.DERIV_RTY_FINE, "deriv_rty_fine", "f:f", _F, SAT | PRECISE),
    (Opcode.GATHER4_C, "gather4_c", "n:frsf", _T, SAMPLE_CTRL),
    (Opcode.GATHER4_PO, "gather4_po", "n:firs", _T, SAMPLE_CTRL),
    (Opcode.GATHER4_PO_C, "gather4_po_c", "n:firsf", _T, SAMPLE_CTRL),
    (Opcode.RCP, "rcp", "f:f", _F, SAT | PRECISE),
    (Opcode.F32TOF16, "f32tof16", "u:f", _C, PRECISE),
    (Opcode.F16TOF32, "f16tof32", "f:u", _C, PRECISE),
    (Opcode.UADDC, "uaddc", "uu:uu", _U, PRECISE),
    (Opcode.USUBB, "usubb", "uu:uu", _U, PRECISE),
    (Opcode.COUNTBITS, "countbits", "u:u", _B, PRECISE),
    (Opcode.FIRSTBIT_HI, "firstbit_hi", "u:u", _B, PRECISE),
    (Opcode.FIRSTBIT_LO, "firstbit_lo", "u:u", _B, PRECISE),
    (Opcode.FIRSTBIT_SHI, "firstbit_shi", "u:i", _B, PRECISE),
    (Opcode.UBFE, "ubfe", "u:uuu", _B, PRECISE),
    (Opcode.IBFE, "ibfe", "i:uui", _B, PRECISE),
    (Opcode.BFI, "bfi", "u:uuuu", _B, PRECISE),
    (Opcode.BFREV, "bfrev", "u:u", _B, PRECISE),
    (Opcode.SWAPC, "swapc", "ff:uff", _F, PRECISE),
    (Opcode.DCL_STREAM, "dcl_stream", ":n", _DC, 0),
    (Opcode.DCL_FUNCTION_BODY, "dcl_function_body", ":", _DC, 0),
    (Opcode.DCL_FUNCTION_TABLE, "dcl_function_table", ":", _DC, LONG_LENGTH),
    (Opcode.DCL_INTERFACE, "dcl_interface", ":", _DC, LONG_LENGTH),
    (Opcode.DCL_INPUT_CONTROL_POINT_COUNT, "dcl_input_control_point_count", ":", _DC, 0),
    (Opcode.DCL_OUTPUT_CONTROL_POINT_COUNT, "dcl_output_control_point_count", ":", _DC, 0),
    (Opcode.DCL_TESS_DOMAIN, "dcl_tessellator_domain", ":", _DC, 0),
    (Opcode.DCL_TESS_PARTITIONING, "dcl_tessellator_partitioning", ":", _DC, 0),
    (Opcode.DCL_TESS_OUTPUT_PRIMITIVE, "dcl_tessellator_output_primitive", ":", _DC, 0),
    (Opcode.DCL_HS_MAX_TESSFACTOR, "dcl_hs_max_tessfactor", ":", _DC, 0),
    (Opcode.DCL_HS_FORK_PHASE_INSTANCE_COUNT, "dcl_hs_fork_phase_instance_count", ":", _DC, 0),
    (Opcode.DCL_HS_JOIN_PHASE_INSTANCE_COUNT, "dcl_hs_join_phase_instance_count", ":", _DC, 0),
    (Opcode.DCL_THREAD_GROUP, "dcl_thread_group", ":", _DC, 0),
    (Opcode.DCL_UAV_TYPED, "dcl_uav_typed", ":n", _DC, 0),
    (Opcode.DCL_UAV_RAW, "dcl_uav_raw", ":n", _DC, 0),
    (Opcode.DCL_UAV_STRUCTURED, "dcl_uav_structured", ":n", _DC, 0),
    (Opcode.DCL_TGSM_RAW, "dcl_tgsm_raw", ":n", _DC, 0),
    (Opcode.DCL_TGSM_STRUCTURED, "dcl_tgsm_structured", ":n", _DC, 0),
    (Opcode.DCL_RESOURCE_RAW, "dcl_resource_raw", ":n", _DC, 0),
    (Opcode.DCL_RESOURCE_STRUCTURED, "dcl_resource_structured", ":n", _DC, 0),
    (Opcode.LD_UAV_TYPED, "ld_uav_typed", "n:ir", _M, SAMPLE_CTRL),
    (Opcode.STORE_UAV_TYPED, "store_uav_typed", "r:in", _M, SAMPLE_CTRL),
    (Opcode.LD_RAW, "ld_raw", "u:ur", _M, SAMPLE_CTRL),
    (Opcode.STORE_RAW, "store_raw", "r:uu", _M, SAMPLE_CTRL),
    (Opcode.LD_STRUCTURED, "ld_structured", "u:uur", _M, SAMPLE_CTRL),
    (Opcode.STORE_STRUCTURED, "store_structured", "r:uuu", _M, SAMPLE_CTRL),
    (Opcode.ATOMIC_AND, "atomic_and", "r:uu", _A, 0),
    (Opcode.ATOMIC_OR, "atomic_or", "r:uu", _A, 0),
    (Opcode.ATOMIC_XOR, "atomic_xor", "r:uu", _A, 0),
    (Opcode.ATOMIC_CMP_STORE, "atomic_cmp_store", "r:uuu", _A, 0),
    (Opcode.ATOMIC_IADD, "atomic_iadd", "r:ui", _A, 0),
    (Opcode.ATOMIC_IMAX, "atomic_imax", "r:ui", _A, 0),
    (Opcode.ATOMIC_IMIN, "atomic_imin", "r:ui", _A, 0),
    (Opcode.ATOMIC_UMAX, "atomic_umax", "r:uu", _A, 0),
    (Opcode.ATOMIC_UMIN, "atomic_umin", "r:uu", _A, 0),
    (Opcode.IMM_ATOMIC_ALLOC, "imm_atomic_alloc", "u:r", _A, 0),
    (Opcode.IMM_ATOMIC_CONSUME, "imm_atomic_consume", "u:r", _A, 0),
    (Opcode.IMM_ATOMIC_IADD, "imm_atomic_iadd", "ir:ui", _A, 0),
    (Opcode.IMM_ATOMIC_AND, "imm_atomic_and", "ur:uu", _A, 0),
    (Opcode.IMM_ATOMIC_OR, "imm_atomic_or", "ur:uu", _A, 0),
    (Opcode.IMM_ATOMIC_XOR, "imm_atomic_xor", "ur:uu", _A, 0),
    (Opcode.IMM_ATOMIC_EXCH, "imm_atomic_exch", "ur:uu", _A, 0),
    (Opcode.IMM_ATOMIC_CMP_EXCH, "imm_atomic_cmp_exch", "ur:uuu", _A, 0),
    (Opcode.IMM_ATOMIC_IMAX, "imm_atomic_imax", "ir:ui", _A, 0),
    (Opcode.IMM_ATOMIC_IMIN, "imm_atomic_imin", "ir:ui", _A, 0),
    (Opcode.IMM_ATOMIC_UMAX, "imm_atomic_umax", "ur:uu", _A, 0),
    (Opcode.IMM_ATOMIC_UMIN, "imm_atomic_umin", "ur:uu", _A, 0),
    (Opcode.SYNC, "sync", ":", OpClass.SYNC, 0),
    (Opcode.DADD, "dadd", "d:dd", _D, SAT | PRECISE),
    (Opcode.DMAX, "dmax", "d:dd", _D, SAT | PRECISE),
    (Opcode.DMIN, "dmin", "d:dd", _D, SAT | PRECISE),
    (Opcode.DMUL, "dmul", "d:dd", _D, SAT | PRECISE),
    (Opcode.DEQ, "deq", "u:dd", _D, PRECISE),
    (Opcode.DGE, "dge", "u:dd", _D, PRECISE),
    (Opcode.DLT, "dlt", "u:dd", _D, PRECISE),
    (Opcode.DNE, "dne", "u:dd", _D, PRECISE),
    (Opcode.DMOV, "dmov", "d:d", _D, SAT | PRECISE),
    (Opcode.DMOVC, "dmovc", "d:udd", _D, SAT | PRECISE),
    (Opcode.DTOF, "dtof", "f:d", _C, PRECISE),
    (Opcode.FTOD, "ftod", "d:f", _C, PRECISE),
    (Opcode.EVAL_SNAPPED, "eval_snapped", "f:fi", _F, SAT | PRECISE),
    (Opcode.EVAL_SAMPLE_INDEX, "eval_sample_index", "f:fu", _F, SAT | PRECISE),
    (Opcode.EVAL_CENTROID, "eval_centroid", "f:f", _F, SAT | PRECISE),
    (Opcode.DCL_GS_INSTANCE_COUNT, "dcl_gsinstances", ":", _DC, 0),
    (Opcode.ABORT, "abort", ":", OpClass.DEBUG, 0),
    (Opcode.DEBUG_BREAK, "debug_break", ":", OpClass.DEBUG, 0),
    (Opcode.RESERVED_209, "reserved_209", ":", OpClass.RESERVED, 0),
    (Opcode.DDIV, "ddiv", "d:dd", _D, SAT | PRECISE),
    (Opcode.DFMA, "dfma", "d:ddd", _D, SAT | PRECISE),
    (Opcode.DRCP, "drcp", "d:d", _D, SAT | PRECISE),
    (Opcode.MSAD, "msad", "u:uuu", _U, PRECISE),
    (Opcode.DTOI, "dtoi", "i:d", _C, PRECISE),
    (Opcode.DTOU, "dtou", "u:d", _C, PRECISE),
    (Opcode.ITOD, "itod", "d:i", _C, PRECISE),
    (Opcode.UTOD, "utod", "d:u", _C, PRECISE),
    (Opcode.RESERVED_218, "reserved_218", ":", OpClass.RESERVED, 0),
    (Opcode.GATHER4_FEEDBACK, "gather4_s", "nu:frs", _T, SAMPLE_CTRL),
    (Opcode.GATHER4_C_FEEDBACK, "gather4_c_s", "nu:frsf", _T, SAMPLE_CTRL),
    (Opcode.GATHER4_PO_FEEDBACK, "gather4_po_s", "nu:firs", _T, SAMPLE_CTRL),
    (Opcode.GATHER4_PO_C_FEEDBACK, "gather4_po_c_s", "nu:firsf", _T, SAMPLE_CTRL),
    (Opcode.LD_FEEDBACK, "ld_s", "nu:ir", _T, SAMPLE_CTRL),
    (Opcode.LD_MS_FEEDBACK, "ldms_s", "nu:iri", _T, SAMPLE_CTRL),
    (Opcode.LD_UAV_TYPED_FEEDBACK, "ld_uav_typed_s", "nu:ir", _M, SAMPLE_CTRL),
    (Opcode.LD_RAW_FEEDBACK, "ld_raw_s", "uu:ur", _M, SAMPLE_CTRL),
    (Opcode.LD_STRUCTURED_FEEDBACK, "ld_structured_s", "uu:uur", _M, SAMPLE_CTRL),
    (Opcode.SAMPLE_L_FEEDBACK, "sample_l_s", "nu:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_C_LZ_FEEDBACK, "sample_c_lz_s", "nu:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_CLAMP_FEEDBACK, "sample_cl_s", "nu:frsf", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_B_CLAMP_FEEDBACK, "sample_b_cl_s", "nu:frsff", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_D_CLAMP_FEEDBACK, "sample_d_cl_s", "nu:frsfff", _T, SAMPLE_CTRL | SAT),
    (Opcode.SAMPLE_C_CLAMP_FEEDBACK, "sample_c_cl_s", "nu:frsff", _T, SAMPLE_CTRL | SAT),
    (Opcode.CHECK_ACCESS_FULLY_MAPPED, "check_access_fully_mapped", "u:u", _T, 0),
    (Opcode.RESERVED_235, "reserved_235", ":", OpClass.RESERVED, 0),
]


def _build() -> tuple[OpInfo, ...]:
    table: list[OpInfo | None] = [None] * len(Opcode)
    for op, name, sig, cls, flags in _ROWS:
        dst, src = sig.split(":")
        if table[op] is not None:
            raise AssertionError(f"duplicate opcode row {op!r}")
        table[op] = OpInfo(int(op), name, len(dst), src, dst, cls, flags)
    missing = [i for i, row in enumerate(table) if row is None]
    if missing:
        raise AssertionError(f"opcode table misses {missing}")
    return tuple(table)  # type: ignore[arg-type]


OPCODES: tuple[OpInfo, ...] = _build()
NUM_OPCODES = len(OPCODES)
BY_NAME: dict[str, OpInfo] = {row.name: row for row in OPCODES}


def opcode_info(opcode: int) -> OpInfo:
    """The table row for ``opcode`` (raises IndexError for numbers past the table)."""
    return OPCODES[opcode]
