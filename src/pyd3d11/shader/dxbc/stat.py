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

#: STAT counters that count opcodes: counter -> the opcode names it counts. Fitted against the STAT chunks
#: fxc wrote for the shader corpus (../shared/conformance/dxbc-corpus, every field below reproduces fxc's
#: count on every non-hull shader there; tests/test_rules_d3dcompiler_stat.py) and, for opcodes the corpus
#: does not use, the same classification as the opcode's neighbours, and checked again against DXDecompiler's
#: fxc 10.1 objects (tools/dxd_corpus.py, session 25). fxc 9.30 counts ``mad``/``imad`` in neither the float
#: nor the int counter (fxc 10.1 does: _COUNTERS_47_EXTRA), the double-precision arithmetic in no counter (fxc
#: 10.1's 3Dmigoto double_precision.o: dmul, ddiv, drcp, dfma, dmin, dmax, deq, dne, dge, dlt are not float
#: instructions and dmovc is no movc; 9.30's corpus has only dadd, not counted either), ``itof`` only as a conversion, the roundings and ``frc`` as conversions as well as floats, ``sample_l`` and the raw/structured/UAV reads of t#/u# (not of g#) as texture loads,
#: the bitwise ``and``/``or``/``xor``/``not`` as uint instructions (its bitwise counter stays 0), and
#: ``gather4_c`` in no texture counter. The SM5 counters (barrier, interlocked, texture store) follow the
#: D3D11_SHADER_DESC page: sync, the atomic and immediate-atomic operations, and UAV stores.
STAT_OPCODE_COUNTERS: dict[str, tuple[str, ...]] = {
    "FloatInstructionCount": (
        "ADD", "DIV", "DP2", "DP3", "DP4", "EQ", "EXP", "FRC", "GE", "LT", "MIN", "MAX", "MUL", "NE",
        "ROUND_NE", "ROUND_NI", "ROUND_PI", "ROUND_Z", "RSQ", "SQRT", "SINCOS", "LOG", "RCP",
        # the derivatives (both versions: 9.30's POM_PS / RenderVarianceScene_PS, 10.1's TransparencyAA10_1_PS)
        "DERIV_RTX", "DERIV_RTY", "DERIV_RTX_COARSE", "DERIV_RTY_COARSE", "DERIV_RTX_FINE", "DERIV_RTY_FINE"),
    "IntInstructionCount": ("IADD", "IEQ", "IGE", "ILT", "IMAX", "IMIN", "IMUL", "INE", "INEG", "ISHL", "ISHR"),
    "UintInstructionCount": ("UDIV", "ULT", "UGE", "UMUL", "UMAX", "UMIN", "USHR", "AND", "OR", "XOR", "NOT"),
    "ConversionInstructionCount": ("ITOF", "FTOI", "FTOU", "UTOF", "DTOU", "UTOD", "DTOF", "FTOD", "DTOI", "ITOD",
                                   "F32TOF16", "F16TOF32", "ROUND_NE", "ROUND_NI", "ROUND_PI", "ROUND_Z", "FRC"),
    "MovInstructionCount": ("MOV", "DMOV"),
    "MovcInstructionCount": ("MOVC",),
    # the tiled-resource forms (D3D11.2 ``*_s`` / ``*_cl_s``) count with their plain operation; of the
    # gathers every feedback form counts, gather4_c_s / gather4_po_c_s too (DXDecompiler Texture_Texture2D.o:
    # 83 = gather4 15 + _s 10 + gather4_po 16 + _s 16 + gather4_c_s 10 + gather4_po_c_s 16)
    "TextureNormalInstructions": ("SAMPLE", "SAMPLE_CLAMP_FEEDBACK"),
    "TextureCompInstructions": ("SAMPLE_C", "SAMPLE_C_LZ", "SAMPLE_C_CLAMP_FEEDBACK", "SAMPLE_C_LZ_FEEDBACK"),
    "TextureBiasInstructions": ("SAMPLE_B", "SAMPLE_B_CLAMP_FEEDBACK"),
    "TextureGradientInstructions": ("SAMPLE_D", "SAMPLE_D_CLAMP_FEEDBACK"),
    "GatherInstructions": ("GATHER4", "GATHER4_PO", "GATHER4_FEEDBACK", "GATHER4_PO_FEEDBACK", "GATHER4_C_FEEDBACK",
                           "GATHER4_PO_C_FEEDBACK"),
    "LodInstructions": ("LOD",),
    "EmitInstructionCount": ("EMIT", "EMIT_STREAM", "EMITTHENCUT", "EMITTHENCUT_STREAM"),
    "CutInstructionCount": ("CUT", "CUT_STREAM", "EMITTHENCUT", "EMITTHENCUT_STREAM"),
    "StaticFlowControlCount": ("RET", "ELSE", "BREAK", "CALL", "CONTINUE"),
    "DynamicFlowControlCount": ("IF", "BREAKC"),
    "cBarrierInstructions": ("SYNC",),
    "cInterlockedInstructions": (
        "ATOMIC_AND", "ATOMIC_OR", "ATOMIC_XOR", "ATOMIC_CMP_STORE", "ATOMIC_IADD", "ATOMIC_IMAX", "ATOMIC_IMIN",
        "ATOMIC_UMAX", "ATOMIC_UMIN", "IMM_ATOMIC_ALLOC", "IMM_ATOMIC_CONSUME", "IMM_ATOMIC_IADD", "IMM_ATOMIC_AND",
        "IMM_ATOMIC_OR", "IMM_ATOMIC_XOR", "IMM_ATOMIC_EXCH", "IMM_ATOMIC_CMP_EXCH", "IMM_ATOMIC_IMAX",
        "IMM_ATOMIC_IMIN", "IMM_ATOMIC_UMAX", "IMM_ATOMIC_UMIN"),
}
#: Resource reads and writes, counted when they address a t# or u# register (thread-group shared memory is
#: no texture): TextureLoadInstructions and cTextureStoreInstructions.
TEXTURE_LOADS = ("LD", "LD_MS", "SAMPLE_L", "LD_RAW", "LD_STRUCTURED", "LD_UAV_TYPED", "LD_FEEDBACK", "LD_MS_FEEDBACK",
                 "SAMPLE_L_FEEDBACK", "LD_RAW_FEEDBACK", "LD_STRUCTURED_FEEDBACK", "LD_UAV_TYPED_FEEDBACK")
#: The compiler whose STAT counting program_stats follows by default: d3dcompiler_47 (fxc 10.x), the project's
#: target. d3dcompiler_46 (fxc 9.30.9200, the Windows 8 SDK: the SlimShader corpus) counts the multiply-adds in
#: no counter; d3dcompiler_47 counts ``mad`` as a float and ``imad`` as an int instruction (DXDecompiler's fxc
#: 10.1 objects: HlslCrossCompiler vs5/mad_imm is one ``mad``, Float 1 where 9.30's object of the same source
#: has 0; TessellatorCS40_TessellateIndicesCS Int 389 where 9.30 has 338, its ``imad`` 51).
D3DCOMPILER_47 = 47
D3DCOMPILER_46 = 46
_COUNTERS_47_EXTRA: dict[str, tuple[str, ...]] = {
    "FloatInstructionCount": ("MAD",),
    "IntInstructionCount": ("IMAD",),
}
TEXTURE_STORES = ("STORE_UAV_TYPED", "STORE_RAW", "STORE_STRUCTURED")
#: The counters of the declarations: input and output registers (DclCount).
_IO_DECLS = ("DCL_INPUT", "DCL_INPUT_SGV", "DCL_INPUT_SIV", "DCL_INPUT_PS", "DCL_INPUT_PS_SGV", "DCL_INPUT_PS_SIV",
             "DCL_OUTPUT", "DCL_OUTPUT_SGV", "DCL_OUTPUT_SIV")
_ICB_CUSTOMDATA_CLASS = 3  # customdata class of dcl_immediateConstantBuffer (spec-facts §2.6)
_SAMPLE_INTERPOLATION = (6, 7)  # linear sample, linear noperspective sample (D3D10_SB_INTERPOLATION_MODE)
_NAME_SAMPLE_INDEX = 10  # D3D_NAME_SAMPLE_INDEX
_D3D_PRIMITIVE_1_CONTROL_POINT_PATCH = 8  # D3D_PRIMITIVE: n-control-point patch = 7 + n


def _uses_indexable_temp(inst) -> bool:
    from ..ir import OperandType

    def walk(op) -> bool:
        if op.type == OperandType.INDEXABLE_TEMP:
            return True
        return any(ix.rel is not None and walk(ix.rel) for ix in op.indices)
    return any(walk(o) for o in inst.operands)


def _uses_shared_memory(inst) -> bool:
    from ..ir import OperandType

    return any(o.type == OperandType.THREAD_GROUP_SHARED_MEMORY for o in inst.operands)


def _source_modifiers(inst) -> set[int]:
    return {int(o.modifier) for o in inst.operands[1:]}


#: operand types of a condition every invocation shares (ir.OperandType CONSTANT_BUFFER, IMMEDIATE32)
_UNIFORM_OPERANDS = (8, 4)
_NEG, _ABS, _ABSNEG = 1, 2, 3  # D3D10_SB_OPERAND_MODIFIER (ir.Modifier)


def reachable(instructions) -> list[bool]:
    """Whether control can reach each of ``instructions`` (a program's executable ones and its hull-phase
    markers, in order) through its structured flow, every condition taken as able to go either way: after
    ``ret`` / ``break`` / ``continue`` nothing is reached until a label that another path reaches (``else``,
    ``endif``, ``case``, ``default``, ``endswitch``, ``endloop`` left by a ``break``); a hull-shader phase and a
    ``label`` (a subroutine body) start reachable."""
    from ..ir import Opcode as O
    from .opcodes import OPCODES, OpClass

    out: list[bool] = []
    live = True
    stack: list[list] = []  # [kind, reached at entry, a path reaches the end, has default]
    closes = {O.ELSE: ("if",), O.ENDIF: ("if", "else"), O.ENDLOOP: ("loop",), O.ENDSWITCH: ("switch",)}
    for n, i in enumerate(instructions):
        op = i.opcode
        if (op in closes and (not stack or stack[-1][0] not in closes[op])) or \
                (op in (O.CASE, O.DEFAULT) and not any(x[0] == "switch" for x in stack)):
            # unstructured flow (an assembled program the validator refuses: CreateXShader's E_INVALIDARG) has no
            # reachability to speak of: the rest counts as reached, and the counters never fail on it
            return out + [True] * (len(instructions) - n)
        if OPCODES[op].cls == OpClass.HS_PHASE or op == O.LABEL:
            live, stack = True, []
        elif op in (O.IF, O.LOOP):
            stack.append(["if" if op == O.IF else "loop", live, False, False])
        elif op == O.ELSE:
            f = stack[-1]
            f[0], f[2], live = "else", f[2] or live, f[1]
        elif op == O.ENDIF:
            f = stack.pop()
            live = live or f[2] or (f[0] == "if" and f[1])
        elif op == O.ENDLOOP:
            out.append(live)
            live = stack.pop()[2]  # only a break leaves a loop
            continue
        elif op == O.SWITCH:
            out.append(live)
            stack.append(["switch", live, False, False])
            live = False  # only a case label is entered
            continue
        elif op in (O.CASE, O.DEFAULT):
            f = next(x for x in reversed(stack) if x[0] == "switch")
            f[3] = f[3] or op == O.DEFAULT
            live = live or f[1]
        elif op == O.ENDSWITCH:
            f = stack.pop()
            live = live or f[2] or (f[1] and not f[3])  # no default: a value matching no case passes
        out.append(live)
        if op in (O.BREAK, O.BREAKC) and live:
            f = next((x for x in reversed(stack) if x[0] in ("loop", "switch")), None)
            if f is not None:
                f[2] = True
        if op in (O.RET, O.BREAK, O.CONTINUE):
            live = False
    return out


def io_declaration_count(program) -> int:
    """DclCount as d3dcompiler_47 counts it: the input and output declarations; in a hull shader's phase the
    registers one ``dcl_indexrange`` spans count once (fxc 10.1's fork phases declaring ``o0.x`` … ``o2.x``
    with ``dcl_indexrange o0.x 3`` count one: hull-shader-attributes, 10 programs), elsewhere each (a vertex
    shader's ``float4 a[3] : A`` read by a run-time index declares v0-v2, a range, and counts three)."""
    from ..ir import Opcode as O
    from .opcodes import OPCODES, OpClass

    io = {getattr(O, n) for n in _IO_DECLS}
    phase = 0
    ranges: list[tuple[int, int, int, int]] = []  # (phase, operand type, first register, last register)
    decls: list[tuple[int, int, int | None]] = []
    for i in program.instructions:
        if OPCODES[i.opcode].cls == OpClass.HS_PHASE:
            phase += 1
        elif i.opcode == O.DCL_INDEXRANGE and phase and i.operands and i.operands[0].indices and i.extra:
            op = i.operands[0]
            first = op.indices[-1].value
            ranges.append((phase, op.type, first, first + i.extra[0] - 1))
        elif i.opcode in io and i.operands:
            op = i.operands[0]
            decls.append((phase, op.type, op.indices[-1].value if op.indices else None))
    count, counted = 0, set()
    for ph, t, reg in decls:
        hit = next((k for k, (p, rt, a, b) in enumerate(ranges) if (p, rt) == (ph, t) and reg is not None
                    and a <= reg <= b), None)
        if hit is None or hit not in counted:
            count += 1
            if hit is not None:
                counted.add(hit)
    return count


def _count_as_47(program, st: ShaderStats) -> None:
    """d3dcompiler_47's counting of what one opcode does not decide (recorded from its objects of the shared
    shader tests' and SDK samples' programs, session 38; tests/test_rules_d3dcompiler_stat_s38.py):

    - a ``mov`` with a negated source (``-x``, ``-|x|``) is a float instruction, not a move; one with ``|x|`` is
      neither; one addressing an indexable temp (x#) counts only in ArrayInstructionCount; a geometry shader's
      ``mov`` to an output register (a vertex written for ``emit``) is neither, negated or not;
    - ``rcp`` is no float instruction, nor ``sincos`` writing both results (one writing sin or cos alone is);
    - ``ne`` of a zero immediate and a value (the float-to-bool conversion's form) is a conversion;
      ``f32tof16`` / ``f16tof32`` are none;
    - ``retc_*`` is dynamic flow control; ``switch`` and ``if`` on a constant-buffer or immediate value are static
      flow control, on any other value dynamic (``if_nz cb0[1].x`` of ``[branch] if (n)``: static 3, dynamic 0;
      session 45);
    - a ``dmov`` addressing an indexable temp counts only in ArrayInstructionCount, as a ``mov`` does (a
      ``double a[4]`` indexed at run time: its dmovs through x0 are no moves; session 45);
    - a ``ret`` control cannot reach (the one after an ``if``/``else`` whose branches both return) is no static
      flow control (it still counts in InstructionCount);
    - DclCount: io_declaration_count."""
    from ..ir import Opcode as O
    from ..ir import OperandType, ProgramType
    from .opcodes import OPCODES, OpClass

    flow = [i for i in program.instructions if OPCODES[i.opcode].cls not in (OpClass.DECL, OpClass.CUSTOM)]
    gs = program.program_type == ProgramType.GEOMETRY
    for inst, live in zip(flow, reachable(flow), strict=True):
        op = inst.opcode
        if op == O.DMOV and _uses_indexable_temp(inst):
            st.MovInstructionCount -= 1  # as a ``mov``'s: a double moved through x# counts as an array instruction only
        elif op == O.MOV:
            mods = _source_modifiers(inst)
            if _uses_indexable_temp(inst) or _ABS in mods or (gs and inst.operands[0].type == OperandType.OUTPUT):
                st.MovInstructionCount -= 1
            elif mods & {_NEG, _ABSNEG} and not inst.saturate:
                # ``mov_sat r, -x`` stays a move (fxc 10.1's CascadedShadowMaps11 / VarianceShadows11 pixel
                # shaders, session 39: MovInstructionCount counts it, FloatInstructionCount does not)
                st.MovInstructionCount -= 1
                st.FloatInstructionCount += 1
        elif op == O.RCP or (op == O.SINCOS and all(o.type != OperandType.NULL for o in inst.operands[:2])):
            st.FloatInstructionCount -= 1
        elif op == O.NE and len(inst.operands) > 1 and inst.operands[1].type == OperandType.IMMEDIATE32 \
                and not any(inst.operands[1].values):
            st.FloatInstructionCount -= 1
            st.ConversionInstructionCount += 1
        elif op in (O.F32TOF16, O.F16TOF32):
            st.ConversionInstructionCount -= 1
        elif op == O.RETC:
            st.DynamicFlowControlCount += 1
        elif op == O.IF and inst.operands[0].type in _UNIFORM_OPERANDS:
            # an ``if`` on a constant-buffer value takes the same way in every invocation: static, as ``switch``
            st.DynamicFlowControlCount -= 1
            st.StaticFlowControlCount += 1
        elif op == O.SWITCH:
            if inst.operands[0].type in _UNIFORM_OPERANDS:
                st.StaticFlowControlCount += 1
            else:
                st.DynamicFlowControlCount += 1
        elif op == O.RET and not live:
            st.StaticFlowControlCount -= 1
    st.DclCount = io_declaration_count(program)


def program_stats(program, compiler: int = D3DCOMPILER_47) -> ShaderStats:
    """STAT counters from a program (the D3D11_SHADER_DESC fields, spec-facts §2.5), as fxc fills them:
    opcode counters from STAT_OPCODE_COUNTERS; InstructionCount every executable instruction; DclCount the
    input and output declarations; DefCount the vec4s of the immediate constant buffer; TempRegisterCount
    dcl_temps (a hull shader's: the largest of its phases'); TempArrayCount the registers of the indexable temps and ArrayInstructionCount the
    instructions that address them; the GS and tessellation fields the values their declarations hold
    (a hull shader's InputPrimitive the n-control-point patch of its input control point count,
    cControlPoints its output control point count; a domain shader's its input count);
    IsSampleFrequencyShader a pixel shader with a sample-interpolated input or an SV_SampleIndex input (the
    two ways HLSL asks for per-sample execution). ``compiler``: D3DCOMPILER_47 (the default, the project's
    target) or D3DCOMPILER_46 (fxc 9.30's counting, to compare with objects it wrote)."""
    from ..ir import Opcode as O
    from ..ir import ProgramType
    from .opcodes import OPCODES, OpClass

    insts = program.instructions
    code = [i for i in insts if OPCODES[i.opcode].cls not in (OpClass.DECL, OpClass.HS_PHASE, OpClass.CUSTOM)]
    decls = [i for i in insts if OPCODES[i.opcode].cls == OpClass.DECL]
    hist: dict[int, int] = {}
    for i in code:
        hist[i.opcode] = hist.get(i.opcode, 0) + 1
    st = ShaderStats(dword_count=37 if program.major >= 5 else 29)
    st.InstructionCount = len(code)
    for counter, names in STAT_OPCODE_COUNTERS.items():
        if compiler >= D3DCOMPILER_47:
            names = names + _COUNTERS_47_EXTRA.get(counter, ())
        setattr(st, counter, sum(hist.get(getattr(O, n), 0) for n in names))
    io = {getattr(O, n) for n in _IO_DECLS}
    st.DclCount = sum(1 for i in decls if i.opcode in io)
    st.TempRegisterCount = sum(i.extra[0] for i in decls if i.opcode == O.DCL_TEMPS and i.extra)
    if program.program_type == ProgramType.HULL:
        # each hull-shader phase declares its own temps; fxc reports the largest phase's count (all 30 hull
        # objects of both fxc corpora: SubD11_HS 14 = its control-point phase's 7 / a fork phase's 14, …)
        per_phase = [0]
        for i in insts:
            if OPCODES[i.opcode].cls == OpClass.HS_PHASE:
                per_phase.append(0)
            elif i.opcode == O.DCL_TEMPS and i.extra:
                per_phase[-1] += i.extra[0]
        st.TempRegisterCount = max(per_phase)
    loads = {getattr(O, n) for n in TEXTURE_LOADS}
    stores = {getattr(O, n) for n in TEXTURE_STORES}
    st.TextureLoadInstructions = sum(1 for i in code if i.opcode in loads and not _uses_shared_memory(i))
    st.cTextureStoreInstructions = sum(1 for i in code if i.opcode in stores and not _uses_shared_memory(i))
    st.TempArrayCount = sum(i.extra[1] for i in decls if i.opcode == O.DCL_INDEXABLETEMP and len(i.extra) > 1)
    st.ArrayInstructionCount = sum(1 for i in code if _uses_indexable_temp(i))
    if compiler >= D3DCOMPILER_47:
        _count_as_47(program, st)
    st.DefCount = sum(len(i.extra) // 4 for i in insts
                      if i.opcode == O.CUSTOMDATA and (i.controls & 0x1FFFFF) == _ICB_CUSTOMDATA_CLASS)

    if program.program_type == ProgramType.PIXEL:
        st.IsSampleFrequencyShader = int(any(
            (i.opcode in (O.DCL_INPUT_PS, O.DCL_INPUT_PS_SIV) and (i.controls & 0xF) in _SAMPLE_INTERPOLATION)
            or (i.opcode == O.DCL_INPUT_PS_SGV and i.extra and i.extra[0] == _NAME_SAMPLE_INDEX) for i in decls))

    def first(op):
        return next((i for i in decls if i.opcode == op), None)

    def control(op) -> int:
        d = first(op)
        return d.controls & 0x3F if d is not None else 0

    def value(op) -> int:
        d = first(op)
        return d.extra[0] if d is not None and d.extra else 0

    st.GSOutputTopology = control(O.DCL_GS_OUTPUT_TOPOLOGY)
    st.GSMaxOutputVertexCount = value(O.DCL_MAXOUT)
    st.cGSInstanceCount = value(O.DCL_GS_INSTANCE_COUNT)
    st.HSOutputPrimitive = control(O.DCL_TESS_OUTPUT_PRIMITIVE)
    st.HSPartitioning = control(O.DCL_TESS_PARTITIONING)
    st.TessellatorDomain = control(O.DCL_TESS_DOMAIN)
    if program.program_type == ProgramType.HULL:
        n_in = control(O.DCL_INPUT_CONTROL_POINT_COUNT)
        st.InputPrimitive = _D3D_PRIMITIVE_1_CONTROL_POINT_PATCH - 1 + n_in if n_in else 0
        st.cControlPoints = control(O.DCL_OUTPUT_CONTROL_POINT_COUNT)
    elif program.program_type == ProgramType.DOMAIN:
        st.cControlPoints = control(O.DCL_INPUT_CONTROL_POINT_COUNT)
    else:
        st.InputPrimitive = control(O.DCL_GS_INPUT_PRIMITIVE)
    return st


#: SFI0 bit 0x2 means two things by shader model. In a 4.x program it is the "compute shaders plus raw and
#: structured buffers via shader 4.x" feature (DXC's DxilConstants.h ShaderFeatureInfo_ComputeShadersPlus
#: RawAndStructuredBuffersViaShader4X = 0x2; fxc writes it for the corpus' vs_4_0 ParticleDraw_VS reading a
#: StructuredBuffer, and its listing prints no note for it); in a 5.x program it is D3D_SHADER_REQUIRES_EARLY_
#: DEPTH_STENCIL, which d3dcompiler_47 10.1 does not write for dcl_globalFlags forceEarlyDepthStencil (its
#: listing's "Early depth-stencil" note and its GetRequiresFlags come from the global flag; session 38). DXC's
#: DxilShaderReflection::GetRequiresFlags names the collision and answers EARLY_DEPTH_STENCIL from the
#: global flag alone.
SFI0_RAW_STRUCTURED_VIA_4_X = 0x2
#: dcl_globalFlags forceEarlyDepthStencil (d3d11TokenizedProgramFormat.hpp D3D11_SB_GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL)
GLOBAL_FLAG_FORCE_EARLY_DEPTH_STENCIL = 0x4


def uses_raw_or_structured_4x(program) -> bool:
    """A shader model 4.x program of a stage other than compute that declares a raw or structured resource:
    what fxc marks with SFI0 0x2 (the corpus' vs_4_0 ParticleDraw_VS reading a StructuredBuffer carries it;
    its cs_4_0 shaders with raw and structured buffers carry no SFI0 -- a 4.x compute shader needs the
    D3D10_X_HARDWARE_OPTIONS feature anyway)."""
    from ..ir import Opcode as O
    from ..ir import ProgramType

    if program.major != 4 or program.program_type == ProgramType.COMPUTE:
        return False
    return any(i.opcode in (O.DCL_RESOURCE_RAW, O.DCL_RESOURCE_STRUCTURED, O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED)
               for i in program.instructions)


#: D3D_SHADER_REQUIRES_VIEWPORT_AND_RT_ARRAY_INDEX_FROM_ANY_SHADER_FEEDING_RASTERIZER: fxc (d3dcompiler_47 10.1)
#: writes it for a vertex or domain shader that outputs SV_ViewportArrayIndex or SV_RenderTargetArrayIndex, at
#: every 4.x / 5.x target (not for a geometry shader, where the two are core; session 38, REFL)
SFI0_VIEWPORT_AND_RT_ARRAY_INDEX = 0x2000


def program_feature_flags(program) -> int:
    """SFI0 flags implied by a program's declarations (spec-facts §2.5; bit 0x2 as
    SFI0_RAW_STRUCTURED_VIA_4_X says). dcl_globalFlags forceEarlyDepthStencil writes no bit: d3dcompiler_47
    10.1's objects of ``[earlydepthstencil]`` pixel shaders have no SFI0 for it (its D3DReflect's
    GetRequiresFlags answers EARLY_DEPTH_STENCIL from the global flag; session 38, REFL)."""
    from ..ir import Opcode as O
    from ..ir import OperandType, ProgramType, SystemName

    flags = SFI0_RAW_STRUCTURED_VIA_4_X if uses_raw_or_structured_4x(program) else 0
    feeds_rasterizer = program.program_type in (ProgramType.VERTEX, ProgramType.DOMAIN)
    for inst in program.instructions:
        if inst.opcode == O.DCL_GLOBALFLAGS:
            c = inst.controls
            flags |= 0x1 if c & 0x2 else 0  # doubles
            flags |= 0x10 if c & 0x20 else 0  # minimum precision
            flags |= 0x20 if c & 0x40 else 0  # 11.1 double extensions
            flags |= 0x40 if c & 0x80 else 0  # 11.1 shader extensions
        if inst.opcode == O.DCL_OUTPUT_SIV and feeds_rasterizer and inst.extra and \
                inst.extra[0] & 0xFFFF in (SystemName.RENDER_TARGET_ARRAY_INDEX, SystemName.VIEWPORT_ARRAY_INDEX):
            flags |= SFI0_VIEWPORT_AND_RT_ARRAY_INDEX  # from a vertex or domain shader (a GS writes them anyway)
        if inst.opcode == O.DCL_INPUT and inst.operands and inst.operands[0].type == OperandType.INNER_COVERAGE:
            flags |= 0x400  # PS inner coverage (fxc's DXC dxbc2dxil input2 object lists "PS Inner Coverage")
        if inst.opcode == O.DCL_OUTPUT and inst.operands and inst.operands[0].type == OperandType.OUTPUT_STENCIL_REF:
            flags |= 0x200  # D3D_SHADER_REQUIRES_STENCIL_REF: "stencil reference values set by pixel shaders"
        if O.GATHER4_FEEDBACK <= inst.opcode <= O.CHECK_ACCESS_FULLY_MAPPED:
            flags |= 0x100  # tiled resources: the residency-reporting accesses of D3D11.2
        if inst.opcode in (O.DCL_UAV_TYPED, O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED):
            if program.program_type not in (ProgramType.PIXEL, ProgramType.COMPUTE):
                flags |= 0x4  # UAVs at every stage
            if inst.operands and inst.operands[0].register >= 8:
                flags |= 0x8  # 64 UAVs
            if inst.controls >> 6 & 1:  # the declaration's rasterizer-ordered bit (``_rov``)
                flags |= 0x1000  # D3D_SHADER_REQUIRES_ROVS: "rasterizer ordered views (ROVs)"
    return flags
