"""Structural and limit validation of a decoded SM4/SM5 program, run by every Create*Shader.

The decoder (``decoder.py``) already enforces the token grammar (lengths, opcode numbers, operand token
fields, extended tokens, index representations, immediate sizes). This module checks what a grammatical
stream can still get wrong, so that a shader the device accepts can never make a draw or dispatch fail
(D3D11.3 functional spec §2.1 "the runtime validates shader bytecode at creation"):

* operands: component count and selection mode per operand type and position (destinations use a mask,
  sources a swizzle or a select-1), index dimension per operand type, relative indexing only where the
  register file is indexable, the relative register a scalar read of a temp / indexable temp / input;
* operand types allowed per opcode position (writable files for destinations, resources, samplers,
  labels, streams where the opcode table says so), operand types per stage;
* declarations before use: temps, indexable temps (per HS phase), inputs, outputs, constant buffers,
  the immediate constant buffer, resources, samplers, UAVs, thread-group shared memory, streams,
  system-generated values; immediate indices inside the declared sizes;
* balanced flow control: if/else/endif, loop/endloop, switch/case/default/endswitch per subroutine and
  HS phase, break/continue only where they have a target, labels called exist;
* the per-stage limits of the spec's constant tables (§21 "System Limits", D3D11_* constants): 4096
  temp registers, 14 constant-buffer slots of 4096 vectors, 128 SRVs, 16 samplers, 8 or 64 UAVs,
  immediate constant buffer 4096 vectors, input/output register counts per stage, GS
  max-vertex-count x output scalars <= 1024, 32 control points, GS instances <= 32, thread-group sizes
  and shared memory per compute model, tessellation factors and declaration enumerations in range;
* the declarations each stage requires (GS topologies and max vertex count, HS/DS domain and control
  points, CS thread group).

Each rule raises :class:`InvalidArgError` (E_INVALIDARG, what Create*Shader returns) naming the
instruction, its dword offset and the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import E_INVALIDARG, InvalidArgError
from .. import ir
from .opcodes import INST_RT, LONG_LENGTH, OPCODES, PRECISE, RESINFO_RT, SAT, TEST, OpClass

O = ir.Opcode
T = ir.OperandType
P = ir.ProgramType

# --- spec limits (D3D11.3 §21 and the D3D11_* / D3D10_* constants) -------------------------------
TEMP_REGISTER_COUNT = 4096  # D3D11_COMMONSHADER_TEMP_REGISTER_COUNT (r# and x# together)
CB_SLOTS = 14  # D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT
CB_SIZE = 4096  # D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT
ICB_SIZE = 4096  # D3D11_REQ_IMMEDIATE_CONSTANT_BUFFER_ELEMENT_COUNT
SRV_SLOTS = 128  # D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT
SAMPLER_SLOTS = 16  # D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT
UAV_SLOTS_11_0 = 8  # D3D11_PS_CS_UAV_REGISTER_COUNT
UAV_SLOTS_11_1 = 64  # D3D11_1_UAV_SLOT_COUNT
GS_MAX_OUTPUT_SCALARS = 1024  # D3D11_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES / output record rule
GS_MAX_INSTANCES = 32  # D3D11_GS_MAX_INSTANCE_COUNT
CONTROL_POINTS = 32  # D3D11_IA_PATCH_MAX_CONTROL_POINT_COUNT
STREAMS = 4  # D3D11_SO_STREAM_COUNT
FLOW_NESTING = 64  # D3D11_COMMONSHADER_FLOWCONTROL_NESTING_LIMIT
STRUCTURE_STRIDE_MAX = 2048  # D3D11_REQ_MAX... structured buffer stride
HS_MAX_TESSFACTOR = (1.0, 64.0)  # D3D11_HS_MAXTESSFACTOR_LOWER_BOUND / UPPER_BOUND
# Fork/join instance counts index patch-constant registers: 32 registers x 4 scalars bound them.
HS_PHASE_INSTANCES = 128
# Thread groups: cs_5_0 (D3D11_CS_THREAD_GROUP_MAX_*) and cs_4_x (D3D11_CS_4_X_*).
CS5_GROUP = (1024, 1024, 64, 1024)
CS4_GROUP = (768, 768, 1, 768)
CS5_TGSM_BYTES = 32768  # D3D11_CS_TGSM_REGISTER_COUNT x 4
CS4_TGSM_BYTES = 16384  # D3D11_CS_4_X_TGSM_REGISTER_COUNT x 4
RELATIVE_INDEX_FILES = frozenset({T.INPUT, T.OUTPUT, T.INDEXABLE_TEMP, T.CONSTANT_BUFFER,
                                  T.IMMEDIATE_CONSTANT_BUFFER, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT,
                                  T.INPUT_PATCH_CONSTANT, T.INTERFACE, T.FUNCTION_BODY, T.FUNCTION_TABLE})
# Dimensions in which a relative index is allowed (0-based); slots of cb/x stay immediate in SM5.0.
# cb slots are relative only through class-instance data (cb[this.y + k]), which SM5 interfaces emit.
RELATIVE_DIMS = {T.INDEXABLE_TEMP: {1}, T.INTERFACE: {0, 1}, T.THIS_POINTER: {0}}
# Files relative only in a program that declares interfaces: §22.7.20 this[r.x + n] (an interface array
# indexed at run time) and the resource / sampler indices of class-instance objects, t[this.z + k] and
# s[this.w + k] (§7.11 uniform indexing; fxc's dxilconv interface1.dxbc). The class-linkage link step
# (exec/interfaces.py) turns them into literal registers for the bound instances.
INTERFACE_RELATIVE_FILES = frozenset({T.RESOURCE, T.SAMPLER})


def _io_limits(ptype: int, major: int, minor: int) -> tuple[int, int]:
    """(input registers, output registers) of a stage: D3D11_{VS,GS,HS,DS,PS}_{INPUT,OUTPUT}_REGISTER_COUNT;
    vs_4_0 keeps D3D10's 16 (D3D10_VS_INPUT/OUTPUT_REGISTER_COUNT); PS outputs are 8 render targets."""
    if ptype == P.VERTEX and (major, minor) == (4, 0):
        return 16, 16
    if ptype == P.PIXEL:
        return 32, 8
    if ptype == P.COMPUTE:
        return 0, 0
    return 32, 32


# Operand types each stage may declare/read (system-generated values are stage specific; §21 tables).
_STAGE_TYPES: dict[int, frozenset[int]] = {
    P.VERTEX: frozenset(),
    P.PIXEL: frozenset({T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL, T.OUTPUT_DEPTH_LESS_EQUAL,
                        T.OUTPUT_COVERAGE_MASK, T.INPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF, T.INNER_COVERAGE,
                        T.INPUT_PRIMITIVEID}),
    P.GEOMETRY: frozenset({T.INPUT_PRIMITIVEID, T.INPUT_GS_INSTANCE_ID, T.STREAM}),
    P.HULL: frozenset({T.INPUT_PRIMITIVEID, T.OUTPUT_CONTROL_POINT_ID, T.INPUT_FORK_INSTANCE_ID,
                       T.INPUT_JOIN_INSTANCE_ID, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT,
                       T.INPUT_PATCH_CONSTANT}),
    P.DOMAIN: frozenset({T.INPUT_PRIMITIVEID, T.OUTPUT_CONTROL_POINT, T.INPUT_CONTROL_POINT, T.INPUT_PATCH_CONSTANT,
                         T.INPUT_DOMAIN_POINT}),
    P.COMPUTE: frozenset({T.INPUT_THREAD_ID, T.INPUT_THREAD_GROUP_ID, T.INPUT_THREAD_ID_IN_GROUP,
                          T.INPUT_THREAD_ID_IN_GROUP_FLATTENED, T.THREAD_GROUP_SHARED_MEMORY}),
}
_STAGE_SPECIFIC = frozenset().union(*_STAGE_TYPES.values())

# Index dimensions per operand type (SM4/SM5; SM5.1's 3-D resource ranges are not accepted here).
_DIMS: dict[int, frozenset[int]] = {
    T.TEMP: frozenset({1}), T.INPUT: frozenset({1, 2}), T.OUTPUT: frozenset({1}),
    T.INDEXABLE_TEMP: frozenset({2}), T.IMMEDIATE32: frozenset({0}), T.IMMEDIATE64: frozenset({0}),
    T.SAMPLER: frozenset({1}), T.RESOURCE: frozenset({1}), T.CONSTANT_BUFFER: frozenset({2}),
    T.IMMEDIATE_CONSTANT_BUFFER: frozenset({1}), T.LABEL: frozenset({1}), T.STREAM: frozenset({1}),
    T.FUNCTION_BODY: frozenset({1}), T.FUNCTION_TABLE: frozenset({1}), T.INTERFACE: frozenset({2}),
    T.INPUT_CONTROL_POINT: frozenset({1, 2}), T.OUTPUT_CONTROL_POINT: frozenset({1, 2}),
    T.INPUT_PATCH_CONSTANT: frozenset({1}), T.THIS_POINTER: frozenset({1}),
    T.UNORDERED_ACCESS_VIEW: frozenset({1}), T.THREAD_GROUP_SHARED_MEMORY: frozenset({1}),
    T.FUNCTION_INPUT: frozenset({1}), T.FUNCTION_OUTPUT: frozenset({1}),
}
_ZERO_DIM = frozenset({0})
_RESOURCE_FILES = frozenset({T.RESOURCE, T.UNORDERED_ACCESS_VIEW, T.THREAD_GROUP_SHARED_MEMORY})

# Writable register files (destinations of ALU / load / sample instructions).
_WRITABLE = frozenset({T.TEMP, T.INDEXABLE_TEMP, T.OUTPUT, T.NULL, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL,
                       T.OUTPUT_DEPTH_LESS_EQUAL, T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF})
# Readable value files (sources typed f/i/u/d/x and the value sources of 'n' operands).
_READABLE = frozenset({T.TEMP, T.INDEXABLE_TEMP, T.INPUT, T.IMMEDIATE32, T.IMMEDIATE64, T.CONSTANT_BUFFER,
                       T.IMMEDIATE_CONSTANT_BUFFER, T.INPUT_PRIMITIVEID, T.INPUT_COVERAGE_MASK,
                       T.INPUT_GS_INSTANCE_ID, T.INPUT_THREAD_ID, T.INPUT_THREAD_GROUP_ID, T.INPUT_THREAD_ID_IN_GROUP,
                       T.INPUT_THREAD_ID_IN_GROUP_FLATTENED, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT,
                       T.INPUT_PATCH_CONSTANT, T.INPUT_DOMAIN_POINT, T.OUTPUT_CONTROL_POINT_ID,
                       T.INPUT_FORK_INSTANCE_ID, T.INPUT_JOIN_INSTANCE_ID, T.INNER_COVERAGE, T.CYCLE_COUNTER,
                       T.THIS_POINTER})
_SCALAR_TYPES = frozenset({T.INPUT_PRIMITIVEID, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL,
                           T.OUTPUT_DEPTH_LESS_EQUAL, T.OUTPUT_COVERAGE_MASK, T.INPUT_COVERAGE_MASK,
                           T.INPUT_GS_INSTANCE_ID, T.INPUT_THREAD_ID_IN_GROUP_FLATTENED, T.OUTPUT_CONTROL_POINT_ID,
                           T.INPUT_FORK_INSTANCE_ID, T.INPUT_JOIN_INSTANCE_ID, T.OUTPUT_STENCIL_REF,
                           T.INNER_COVERAGE, T.CYCLE_COUNTER})
_NO_COMPONENT_TYPES = frozenset({T.SAMPLER, T.LABEL, T.NULL, T.STREAM, T.FUNCTION_BODY, T.FUNCTION_TABLE,
                                 T.INTERFACE, T.RASTERIZER})

# GS input primitive -> vertices (D3D10_SB_PRIMITIVE: point 1, line 2, triangle 3, line_adj 6, triangle_adj 7,
# patch1..32 = 8..39).
_GS_PRIM_VERTS = {1: 1, 2: 2, 3: 3, 6: 4, 7: 6, **{7 + n: n for n in range(1, 33)}}
_GS_OUTPUT_TOPOLOGIES = {1, 3, 5}  # pointlist, linestrip, trianglestrip
_RESOURCE_DIMS = frozenset(range(1, 11))  # dcl_resource: buffer .. texturecubearray
_UAV_TYPED_DIMS = frozenset({1, 2, 3, 5, 7, 8})  # buffer, 1d, 2d, 3d, 1darray, 2darray
_SAMPLE_DIMS = frozenset({2, 3, 5, 6, 7, 8, 10})  # dims sample/gather/lod accept
_MS_DIMS = frozenset({4, 9})
_SAMPLE_OPS = frozenset({O.SAMPLE, O.SAMPLE_C, O.SAMPLE_C_LZ, O.SAMPLE_L, O.SAMPLE_D, O.SAMPLE_B, O.LOD, O.GATHER4,
                         O.GATHER4_C, O.GATHER4_PO, O.GATHER4_PO_C})
_SIV_INPUT_NAMES = frozenset(range(1, 23))
_GLOBAL_FLAGS = 0xFF  # refactoring allowed [11] .. enable shader extensions [18] (D3D11_SB_GLOBAL_FLAGS)

_IO_IN = frozenset({T.INPUT, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT, T.INPUT_PATCH_CONSTANT}) | (
    _STAGE_SPECIFIC - {T.STREAM, T.THREAD_GROUP_SHARED_MEMORY, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL,
                       T.OUTPUT_DEPTH_LESS_EQUAL, T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF})
_IO_OUT = frozenset({T.OUTPUT, T.OUTPUT_DEPTH, T.OUTPUT_DEPTH_GREATER_EQUAL, T.OUTPUT_DEPTH_LESS_EQUAL,
                     T.OUTPUT_COVERAGE_MASK, T.OUTPUT_STENCIL_REF})
# The operand type each declaration names (and, through _DIMS, its index dimension).
_DECL_OPERAND: dict[int, frozenset[int]] = {
    O.DCL_CONSTANTBUFFER: frozenset({T.CONSTANT_BUFFER}), O.DCL_SAMPLER: frozenset({T.SAMPLER}),
    O.DCL_RESOURCE: frozenset({T.RESOURCE}), O.DCL_RESOURCE_RAW: frozenset({T.RESOURCE}),
    O.DCL_RESOURCE_STRUCTURED: frozenset({T.RESOURCE}), O.DCL_UAV_TYPED: frozenset({T.UNORDERED_ACCESS_VIEW}),
    O.DCL_UAV_RAW: frozenset({T.UNORDERED_ACCESS_VIEW}), O.DCL_UAV_STRUCTURED: frozenset({T.UNORDERED_ACCESS_VIEW}),
    O.DCL_TGSM_RAW: frozenset({T.THREAD_GROUP_SHARED_MEMORY}),
    O.DCL_TGSM_STRUCTURED: frozenset({T.THREAD_GROUP_SHARED_MEMORY}), O.DCL_STREAM: frozenset({T.STREAM}),
    O.DCL_INPUT: _IO_IN, O.DCL_INPUT_SGV: _IO_IN, O.DCL_INPUT_SIV: _IO_IN, O.DCL_INPUT_PS: frozenset({T.INPUT}),
    O.DCL_INPUT_PS_SGV: frozenset({T.INPUT}), O.DCL_INPUT_PS_SIV: frozenset({T.INPUT}),
    O.DCL_OUTPUT: _IO_OUT, O.DCL_OUTPUT_SGV: frozenset({T.OUTPUT}), O.DCL_OUTPUT_SIV: frozenset({T.OUTPUT}),
    O.DCL_INDEXRANGE: frozenset({T.INPUT, T.OUTPUT, T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT,
                                 T.INPUT_PATCH_CONSTANT}),
}


# Opcode-specific control bits (token bits [23:11], here shifted to bit 0) each declaration defines; every
# other bit is reserved and must be 0 (D3D12TokenizedProgramFormat.hpp field layouts, spec-facts §2.6).
_DECL_CONTROLS: dict[int, int] = {
    O.DCL_RESOURCE: 0xFFF,  # dimension [15:11], sample count [22:16]
    O.DCL_UAV_TYPED: 0x1F | 0x20 | 0x40 | 0x1000,  # dimension, globally coherent, rasterizer ordered, opc
    O.DCL_UAV_RAW: 0x20 | 0x40 | 0x1000, O.DCL_UAV_STRUCTURED: 0x20 | 0x40 | 0x1000,
    O.DCL_CONSTANTBUFFER: 0x1, O.DCL_SAMPLER: 0xF, O.DCL_INPUT_PS: 0xF, O.DCL_INPUT_PS_SIV: 0xF,
    O.DCL_INPUT_PS_SGV: 0xF, O.DCL_GLOBALFLAGS: _GLOBAL_FLAGS, O.DCL_GS_INPUT_PRIMITIVE: 0x3F,
    O.DCL_GS_OUTPUT_TOPOLOGY: 0x7F, O.DCL_INPUT_CONTROL_POINT_COUNT: 0x3F, O.DCL_OUTPUT_CONTROL_POINT_COUNT: 0x3F,
    O.DCL_TESS_DOMAIN: 0x3, O.DCL_TESS_PARTITIONING: 0x7, O.DCL_TESS_OUTPUT_PRIMITIVE: 0x7, O.DCL_INTERFACE: 0x1,
}
MAX_INTERFACES = 253  # D3D11_SHADER_MAX_INTERFACES


def _code_controls(info) -> int:
    """Control bits a code instruction may set: saturate [13], test [18], precise [22:19], return type
    [12:11] of resinfo / sampleinfo / samplepos, sync flags [14:11]."""
    bits = 0
    if info.flags & SAT:
        bits |= 1 << 2
    if info.flags & PRECISE:
        bits |= 0xF << 8
    if info.flags & TEST:
        bits |= 1 << 7
    if info.flags & (RESINFO_RT | INST_RT):
        bits |= 0x3
    if info.cls == OpClass.SYNC:
        bits |= 0xF
    return bits


def _bad(msg: str) -> InvalidArgError:
    return InvalidArgError(E_INVALIDARG, msg, "validate_program")


def instruction_offsets(words: list[int]) -> list[int]:
    """Dword offset of every instruction of a decoded program (same walk as the decoder)."""
    out = []
    pos, length = 2, words[1]
    while pos < length:
        tok = words[pos]
        opc = tok & 0x7FF
        out.append(pos)
        if opc == O.CUSTOMDATA:
            pos += words[pos + 1]
        elif tok >> 31 and OPCODES[opc].flags & LONG_LENGTH:
            pos += words[pos + 1]
        else:
            pos += tok >> 24 & 0x7F
    return out


@dataclass
class _Scope:
    """Per HS phase (or the whole program elsewhere): temps and indexable temps declared."""

    temps: int = 0
    indexable: dict[int, tuple[int, int]] = field(default_factory=dict)  # x# -> (size, components)


@dataclass
class _Decls:
    inputs: set[int] = field(default_factory=set)
    # (operand type, register) of v# / vicp# / vocp# -> the index dimensions it was declared with
    input_dims: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    outputs: set[int] = field(default_factory=set)
    output_masks: dict[int, int] = field(default_factory=dict)
    special: set[int] = field(default_factory=set)
    cbs: dict[int, int] = field(default_factory=dict)
    icb: int | None = None
    srvs: dict[int, int] = field(default_factory=dict)  # t# -> bytecode dimension (11 raw, 12 structured)
    samplers: set[int] = field(default_factory=set)
    uavs: set[int] = field(default_factory=set)
    tgsm: dict[int, int] = field(default_factory=dict)
    streams: set[int] = field(default_factory=set)
    patch_constants: set[int] = field(default_factory=set)
    cp_inputs: set[int] = field(default_factory=set)  # vicp registers
    cp_outputs: set[int] = field(default_factory=set)  # vocp registers
    labels: set[int] = field(default_factory=set)
    function_bodies: set[int] = field(default_factory=set)
    interfaces: dict[int, tuple[int, int]] = field(default_factory=dict)  # fp# -> (array size, call sites)
    tables: dict[int, int] = field(default_factory=dict)  # ft# -> bodies
    seen: set[int] = field(default_factory=set)  # declaration opcodes seen
    gs_input_vertices: int = 0
    input_cp: int | None = None
    output_cp: int | None = None
    maxout: int = 0
    gs_instances: int = 1
    tgsm_bytes: int = 0


#: the GS instructions that output a vertex (a GS without any declares no output topology)
_EMITS = frozenset({O.EMIT, O.EMITTHENCUT, O.EMIT_STREAM, O.EMITTHENCUT_STREAM})


class _Validator:
    def __init__(self, prog: ir.Program, offsets: list[int] | None, max_uavs: int):
        self.prog = prog
        self.ptype = int(prog.program_type)
        self.sm = (prog.major, prog.minor)
        self.offsets = offsets
        self.max_uavs = max_uavs
        self.n_in, self.n_out = _io_limits(self.ptype, prog.major, prog.minor)
        self.d = _Decls()
        self.scope = _Scope()
        self.total_temps = 0
        self.k = 0
        self.calls: list[tuple[int, int]] = []
        #: the program declares interfaces (class-instance objects may then be indexed through this[])
        self.interfaces = any(i.opcode == O.DCL_INTERFACE for i in prog.instructions)

    # -- reporting -----------------------------------------------------------------------------
    def fail(self, msg: str) -> InvalidArgError:
        inst = self.prog.instructions[self.k]
        where = f" at dword {self.offsets[self.k]}" if self.offsets and self.k < len(self.offsets) else ""
        return _bad(f"instruction {self.k} ({OPCODES[inst.opcode].name}){where}: {msg}")

    # -- operands ------------------------------------------------------------------------------
    def operand_shape(self, op: ir.Operand, dst: bool, decl: bool = False) -> None:
        t = op.type
        if t not in _DIMS and t not in _STAGE_SPECIFIC and t not in _NO_COMPONENT_TYPES and t not in _SCALAR_TYPES:
            raise self.fail(f"operand type {t} is not valid in shader model {self.sm[0]}.{self.sm[1]}")
        dims = _DIMS.get(t, _ZERO_DIM)
        if len(op.indices) not in dims:
            raise self.fail(f"operand type {T(t).name} takes {'/'.join(map(str, sorted(dims)))} indices, "
                            f"not {len(op.indices)}")
        if op.num_components == -1:
            raise self.fail("operand with N components is not valid in SM4/SM5")
        if decl:  # declarations name registers (mask, swizzle or no components alike); nothing is read
            return
        if t in (T.IMMEDIATE32, T.IMMEDIATE64):
            if dst:
                raise self.fail("an immediate is not a destination")
            if op.num_components not in (1, 4):
                raise self.fail("an immediate has 1 or 4 components")
        elif t in _NO_COMPONENT_TYPES:
            # gather4 names its sampler with a component select (s0.x): the channel it gathers
            # (sampleinfo / samplepos name the rasterizer with a swizzle too)
            if op.num_components != 0 and not (t in (T.SAMPLER, T.RASTERIZER) and op.num_components == 4):
                raise self.fail(f"{T(t).name} operands have no components")
        elif t in _SCALAR_TYPES:
            # fxc writes these 1-component; the project's assembler writes a bare name with 0 components
            # (read as the scalar), and a mask/select form is legal too
            if op.num_components not in (0, 1, 4):
                raise self.fail(f"{T(t).name} is a 1-component operand")
        elif op.num_components != 4 and not (op.num_components == 0 and t in _RESOURCE_FILES):
            raise self.fail(f"{T(t).name} operands have 4 components (component selection missing)")
        if op.num_components == 4 and t not in (T.IMMEDIATE32, T.IMMEDIATE64):
            if dst:
                if op.selection != ir.SelectionMode.MASK:
                    raise self.fail("a destination selects components with a write mask")
                if op.mask == 0:
                    raise self.fail("a destination write mask is empty")
            elif op.selection == ir.SelectionMode.MASK and t not in (T.RESOURCE, T.UNORDERED_ACCESS_VIEW,
                                                                     T.THREAD_GROUP_SHARED_MEMORY):
                raise self.fail("a source selects components with a swizzle or a single component")
        if op.modifier != ir.Modifier.NONE and (dst or t in _NO_COMPONENT_TYPES):
            raise self.fail("operand modifiers apply to source values only")
        for dim, idx in enumerate(op.indices):
            if idx.rep in (ir.IndexRep.IMMEDIATE64, ir.IndexRep.IMMEDIATE64_PLUS_RELATIVE) and idx.value >> 32:
                raise self.fail("64-bit register index past 2^32")
            if idx.rel is not None:
                allowed = RELATIVE_DIMS.get(t)
                linked = t in INTERFACE_RELATIVE_FILES and self.interfaces
                if (t not in RELATIVE_INDEX_FILES and t != T.THIS_POINTER and not linked) or \
                        (allowed is not None and dim not in allowed):
                    raise self.fail(f"{T(t).name} index {dim} cannot be relative")
                self.relative(idx.rel)

    def relative(self, rel: ir.Operand) -> None:
        if rel.type not in (T.TEMP, T.INDEXABLE_TEMP, T.INPUT):
            raise self.fail(f"a relative index reads a temp, indexable temp or input, not {T(rel.type).name}")
        if rel.num_components == 4 and rel.selection != ir.SelectionMode.SELECT_1:
            raise self.fail("a relative index selects one component")
        if rel.num_components not in (1, 4):
            raise self.fail("a relative index is a register component")
        self.operand_shape(rel, False)
        self.declared(rel, False)

    def declared(self, op: ir.Operand, dst: bool) -> None:
        """The register an operand names is declared and immediate indices lie inside the declaration."""
        t = op.type
        d = self.d
        idx = op.indices
        imm = [i.value if i.rel is None else None for i in idx]
        if t == T.TEMP:
            if imm[0] >= self.scope.temps:
                raise self.fail(f"r{imm[0]} is past dcl_temps {self.scope.temps}")
        elif t == T.INDEXABLE_TEMP:
            decl = self.scope.indexable.get(imm[0])
            if decl is None:
                raise self.fail(f"x{imm[0]} is not declared")
            if imm[1] is not None and imm[1] >= decl[0]:
                raise self.fail(f"x{imm[0]}[{imm[1]}] is past its declared size {decl[0]}")
        elif t == T.INPUT:
            reg = imm[-1]
            if reg is not None and reg not in d.inputs:
                raise self.fail(f"input v{reg} is read but not declared")
            self.read_dims(t, reg, len(idx))
            if len(idx) == 2 and imm[0] is not None:
                verts = d.gs_input_vertices if self.ptype == P.GEOMETRY else (d.input_cp or 0)
                if imm[0] >= max(verts, 1):
                    raise self.fail(f"input vertex {imm[0]} is past the {verts} the stage receives")
        elif t == T.OUTPUT:
            if imm[0] is not None and imm[0] not in d.outputs:
                raise self.fail(f"output o{imm[0]} is written but not declared")
        elif t == T.CONSTANT_BUFFER:
            if imm[0] is None:
                return
            size = d.cbs.get(imm[0])
            if size is None:
                raise self.fail(f"cb{imm[0]} is not declared")
            if imm[1] is not None and imm[1] >= size:
                raise self.fail(f"cb{imm[0]}[{imm[1]}] is past its declared size {size}")
        elif t == T.IMMEDIATE_CONSTANT_BUFFER:
            if d.icb is None:
                raise self.fail("icb is read but no immediate constant buffer is declared")
            if imm[0] is not None and imm[0] >= d.icb:
                raise self.fail(f"icb[{imm[0]}] is past its {d.icb} vectors")
        elif t == T.RESOURCE:
            if imm[0] is not None and imm[0] not in d.srvs:
                raise self.fail(f"t{imm[0]} is not declared")
        elif t == T.SAMPLER:
            if imm[0] is not None and imm[0] not in d.samplers:
                raise self.fail(f"s{imm[0]} is not declared")
        elif t == T.UNORDERED_ACCESS_VIEW:
            if imm[0] not in d.uavs:
                raise self.fail(f"u{imm[0]} is not declared")
        elif t == T.THREAD_GROUP_SHARED_MEMORY:
            if imm[0] not in d.tgsm:
                raise self.fail(f"g{imm[0]} is not declared")
        elif t == T.STREAM:
            if imm[0] not in d.streams:
                raise self.fail(f"m{imm[0]} is not declared")
        elif t == T.INPUT_CONTROL_POINT or t == T.OUTPUT_CONTROL_POINT:
            if t not in _STAGE_TYPES[self.ptype]:
                raise self.fail(f"{T(t).name} does not exist in this stage")
            regs = d.cp_inputs if t == T.INPUT_CONTROL_POINT else d.cp_outputs
            if imm[-1] is not None and imm[-1] not in regs:
                raise self.fail(f"control-point register {imm[-1]} is read but not declared")
            self.read_dims(t, imm[-1], len(idx))
            if len(idx) == 2:
                n = d.input_cp if t == T.INPUT_CONTROL_POINT else d.output_cp
                if imm[0] is not None and imm[0] >= max(n or 0, 1):
                    raise self.fail(f"control point {imm[0]} is past the declared count {n}")
        elif t == T.INPUT_PATCH_CONSTANT:
            if t not in _STAGE_TYPES[self.ptype]:
                raise self.fail(f"{T(t).name} does not exist in this stage")
            if imm[0] is not None and imm[0] not in d.patch_constants:
                raise self.fail(f"vpc{imm[0]} is read but not declared")
        elif t in _STAGE_SPECIFIC or t in (T.INPUT_DOMAIN_POINT,):
            if t not in _STAGE_TYPES[self.ptype]:
                raise self.fail(f"{T(t).name} does not exist in this stage")
            if t not in d.special and t not in (T.STREAM, T.THREAD_GROUP_SHARED_MEMORY):
                raise self.fail(f"{T(t).name} is used but not declared")

    # -- declarations --------------------------------------------------------------------------
    def declaration(self, inst: ir.Instruction) -> None:
        op = inst.opcode
        d = self.d
        c = inst.controls
        x = inst.extra
        ops = inst.operands
        d.seen.add(op)
        if op != O.CUSTOMDATA and c & ~_DECL_CONTROLS.get(op, 0):
            raise self.fail(f"reserved control bits 0x{c & ~_DECL_CONTROLS.get(op, 0):X} are set")
        o = ops[0] if ops else None
        if op in _DECL_OPERAND and (o is None or o.type not in _DECL_OPERAND[op]):
            raise self.fail(f"declares operand type {T(o.type).name if o else None}")
        if o is not None:
            self.operand_shape(o, False, decl=True)
            for idx in o.indices:
                if idx.rel is not None:
                    raise self.fail("a declaration names registers with immediate indices")
        reg = o.indices[-1].value if o is not None and o.indices else 0
        if op == O.DCL_TEMPS:
            n = self.need(x, 1)[0]
            self.add_temps(n - self.scope.temps if n > self.scope.temps else 0)
            self.scope.temps = max(self.scope.temps, n)
        elif op == O.DCL_INDEXABLETEMP:
            r, size, comps = self.need(x, 3)[:3]
            if size == 0 or not 1 <= comps <= 4:
                raise self.fail(f"dcl_indexableTemp x{r}[{size}], {comps} is invalid")
            if r in self.scope.indexable:
                raise self.fail(f"x{r} is declared twice")
            self.add_temps(size)
            self.scope.indexable[r] = (size, comps)
        elif op == O.DCL_CONSTANTBUFFER:
            slot, size = o.indices[0].value, o.indices[1].value
            if slot >= CB_SLOTS:
                raise self.fail(f"cb{slot} is past the {CB_SLOTS} constant-buffer slots")
            if size > CB_SIZE:
                raise self.fail(f"cb{slot}[{size}] is larger than {CB_SIZE} vectors")
            d.cbs[slot] = size
        elif op == O.CUSTOMDATA:
            if c == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER:
                if d.icb is not None:
                    raise self.fail("a second immediate constant buffer")
                if len(x) % 4 or len(x) // 4 > ICB_SIZE:
                    raise self.fail(f"immediate constant buffer of {len(x)} dwords is not 1..{ICB_SIZE} vectors")
                d.icb = len(x) // 4
        elif op == O.DCL_SAMPLER:
            if reg >= SAMPLER_SLOTS:
                raise self.fail(f"s{reg} is past the {SAMPLER_SLOTS} sampler slots")
            if c & 0xF > 2:
                raise self.fail(f"sampler mode {c & 0xF} is unknown")
            d.samplers.add(reg)
        elif op in (O.DCL_RESOURCE, O.DCL_RESOURCE_RAW, O.DCL_RESOURCE_STRUCTURED):
            if reg >= SRV_SLOTS:
                raise self.fail(f"t{reg} is past the {SRV_SLOTS} shader-resource slots")
            if op == O.DCL_RESOURCE:
                dim = c & 0x1F
                if dim not in _RESOURCE_DIMS:
                    raise self.fail(f"resource dimension {dim} is unknown")
                if dim in _MS_DIMS and (c >> 5 & 0x7F) > 32:
                    raise self.fail("multisample count past 32")
                self.return_types(x)
            elif op == O.DCL_RESOURCE_STRUCTURED:
                self.stride(self.need(x, 1)[0])
                dim = int(ir.ResourceDimension.STRUCTURED_BUFFER)
            else:
                dim = int(ir.ResourceDimension.RAW_BUFFER)
            d.srvs[reg] = dim
        elif op in (O.DCL_UAV_TYPED, O.DCL_UAV_RAW, O.DCL_UAV_STRUCTURED):
            if reg >= self.max_uavs:
                raise self.fail(f"u{reg} is past the {self.max_uavs} UAV slots")
            if op == O.DCL_UAV_TYPED:
                if c & 0x1F not in _UAV_TYPED_DIMS:
                    raise self.fail(f"UAV dimension {c & 0x1F} is not a typed-UAV dimension")
                self.return_types(x)
            elif op == O.DCL_UAV_STRUCTURED:
                self.stride(self.need(x, 1)[0])
            d.uavs.add(reg)
        elif op in (O.DCL_TGSM_RAW, O.DCL_TGSM_STRUCTURED):
            if op == O.DCL_TGSM_RAW:
                size = self.need(x, 1)[0]
                if size % 4 or size == 0:
                    raise self.fail(f"shared memory of {size} bytes is not a positive multiple of 4")
            else:
                stride, count = self.need(x, 2)[:2]
                if stride % 4 or stride == 0 or count == 0:
                    raise self.fail(f"shared structure stride {stride} x {count} is invalid")
                size = stride * count
            d.tgsm_bytes += size
            limit = CS5_TGSM_BYTES if self.sm >= (5, 0) else CS4_TGSM_BYTES
            if d.tgsm_bytes > limit:
                raise self.fail(f"thread-group shared memory {d.tgsm_bytes} bytes is past {limit}")
            d.tgsm[reg] = size
        elif op in (O.DCL_INPUT, O.DCL_INPUT_SGV, O.DCL_INPUT_SIV, O.DCL_INPUT_PS, O.DCL_INPUT_PS_SGV,
                    O.DCL_INPUT_PS_SIV):
            self.io_decl(o, x, op in (O.DCL_INPUT_SIV, O.DCL_INPUT_PS_SIV, O.DCL_INPUT_SGV, O.DCL_INPUT_PS_SGV),
                         output=False)
            if op in (O.DCL_INPUT_PS, O.DCL_INPUT_PS_SIV, O.DCL_INPUT_PS_SGV):
                if self.ptype != P.PIXEL:
                    raise self.fail("dcl_input_ps outside a pixel shader")
                if c & 0xF > 7:
                    raise self.fail(f"interpolation mode {c & 0xF} is unknown")
        elif op in (O.DCL_OUTPUT, O.DCL_OUTPUT_SGV, O.DCL_OUTPUT_SIV):
            self.io_decl(o, x, op != O.DCL_OUTPUT, output=True)
        elif op == O.DCL_INDEXRANGE:
            count = self.need(x, 1)[0]
            file_regs = self.n_out if o.type == T.OUTPUT else 32
            if count == 0 or reg + count > max(file_regs, 1):
                raise self.fail(f"index range of {count} registers from {reg} is past the register file")
        elif op == O.DCL_GLOBALFLAGS:
            if c & ~_GLOBAL_FLAGS:
                raise self.fail(f"unknown global flags 0x{c:X}")
        elif op == O.DCL_GS_INPUT_PRIMITIVE:
            self.stage_only(P.GEOMETRY)
            prim = c & 0x3F
            if prim not in _GS_PRIM_VERTS:
                raise self.fail(f"GS input primitive {prim} is unknown")
            d.gs_input_vertices = _GS_PRIM_VERTS[prim]
        elif op == O.DCL_GS_OUTPUT_TOPOLOGY:
            self.stage_only(P.GEOMETRY)
            if c & 0x7F not in _GS_OUTPUT_TOPOLOGIES:
                raise self.fail(f"GS output topology {c & 0x7F} is not point, line or triangle strip")
        elif op == O.DCL_MAXOUT:
            self.stage_only(P.GEOMETRY)
            d.maxout = self.need(x, 1)[0]
            if d.maxout > GS_MAX_OUTPUT_SCALARS:
                raise self.fail(f"dcl_maxout {d.maxout} is past {GS_MAX_OUTPUT_SCALARS}")
        elif op == O.DCL_GS_INSTANCE_COUNT:
            self.stage_only(P.GEOMETRY)
            n = self.need(x, 1)[0]
            if not 1 <= n <= GS_MAX_INSTANCES:
                raise self.fail(f"GS instance count {n} is not 1..{GS_MAX_INSTANCES}")
            d.gs_instances = n
        elif op == O.DCL_STREAM:
            self.stage_only(P.GEOMETRY)
            if o.type != T.STREAM or reg >= STREAMS:
                raise self.fail(f"stream m{reg} is past the {STREAMS} streams")
            d.streams.add(reg)
        elif op in (O.DCL_INPUT_CONTROL_POINT_COUNT, O.DCL_OUTPUT_CONTROL_POINT_COUNT):
            self.stage_only(P.HULL, P.DOMAIN)
            n = c & 0x3F
            if n > CONTROL_POINTS or (n == 0 and self.ptype == P.DOMAIN):
                raise self.fail(f"control point count {n} is not 1..{CONTROL_POINTS}")
            if op == O.DCL_INPUT_CONTROL_POINT_COUNT:
                d.input_cp = n
            else:
                d.output_cp = n
        elif op == O.DCL_TESS_DOMAIN:
            self.stage_only(P.HULL, P.DOMAIN)
            if not 1 <= c & 3 <= 3:
                raise self.fail(f"tessellator domain {c & 3} is unknown")
        elif op == O.DCL_TESS_PARTITIONING:
            self.stage_only(P.HULL)
            if not 1 <= c & 7 <= 4:
                raise self.fail(f"tessellator partitioning {c & 7} is unknown")
        elif op == O.DCL_TESS_OUTPUT_PRIMITIVE:
            self.stage_only(P.HULL)
            if not 1 <= c & 7 <= 4:
                raise self.fail(f"tessellator output primitive {c & 7} is unknown")
        elif op == O.DCL_HS_MAX_TESSFACTOR:
            self.stage_only(P.HULL)
            import struct

            v = struct.unpack("<f", struct.pack("<I", self.need(x, 1)[0]))[0]
            if not HS_MAX_TESSFACTOR[0] <= v <= HS_MAX_TESSFACTOR[1]:
                raise self.fail(f"max tessellation factor {v} is not in [1, 64]")
        elif op in (O.DCL_HS_FORK_PHASE_INSTANCE_COUNT, O.DCL_HS_JOIN_PHASE_INSTANCE_COUNT):
            self.stage_only(P.HULL)
            n = self.need(x, 1)[0]
            if not 1 <= n <= HS_PHASE_INSTANCES:
                raise self.fail(f"phase instance count {n} is not 1..{HS_PHASE_INSTANCES}")
        elif op == O.DCL_THREAD_GROUP:
            self.stage_only(P.COMPUTE)
            gx, gy, gz = self.need(x, 3)[:3]
            mx, my, mz, mt = CS5_GROUP if self.sm >= (5, 0) else CS4_GROUP
            if not (1 <= gx <= mx and 1 <= gy <= my and 1 <= gz <= mz and gx * gy * gz <= mt):
                raise self.fail(f"thread group {gx}x{gy}x{gz} is past cs_{self.sm[0]}_{self.sm[1]}'s "
                                f"{mx}x{my}x{mz} / {mt} threads")
        elif op == O.DCL_FUNCTION_BODY:
            d.function_bodies.add(self.need(x, 1)[0])
        elif op == O.DCL_FUNCTION_TABLE:
            ft, n = self.need(x, 2)[:2]
            if len(x) != 2 + n or any(b not in d.function_bodies for b in x[2:]):
                raise self.fail(f"function table ft{ft} names undeclared bodies or has a wrong length")
            d.tables[ft] = n
        elif op == O.DCL_INTERFACE:
            fp, sites, packed = self.need(x, 3)[:3]
            n, size = packed & 0xFFFF, packed >> 16
            if len(x) != 3 + n or size == 0 or fp + size > MAX_INTERFACES:
                raise self.fail(f"interface fp{fp}[{size}] is malformed or past {MAX_INTERFACES} slots")
            for ft in x[3:]:
                if d.tables.get(ft) != sites:
                    raise self.fail(f"interface fp{fp} names ft{ft}, which is not a table of {sites} bodies")
            d.interfaces[fp] = (size, sites)

    def need(self, x: list[int], n: int) -> list[int]:
        if len(x) < n:
            raise self.fail(f"declaration misses its {n} data dword(s)")
        return x

    def add_temps(self, n: int) -> None:
        self.total_temps += n
        if self.total_temps > TEMP_REGISTER_COUNT:
            raise self.fail(f"{self.total_temps} temp registers are past {TEMP_REGISTER_COUNT}")

    def stage_only(self, *stages: int) -> None:
        if self.ptype not in stages:
            raise self.fail(f"declaration not valid in a {P(self.ptype).name.lower()} shader")

    def return_types(self, x: list[int]) -> None:
        tok = self.need(x, 1)[0]
        for i in range(4):
            rt = tok >> (4 * i) & 0xF
            if not 1 <= rt <= 7:
                raise self.fail(f"resource return type {rt} is unknown")

    def read_dims(self, t: int, reg: int | None, n: int) -> None:
        """A per-vertex / per-control-point input (v[n][r], vicp[n][r]) is read with its vertex index and a
        plain one without: the index dimension of a read is its declaration's."""
        dims = self.d.input_dims.get((t, reg)) if reg is not None else None
        if dims and n not in dims:
            raise self.fail(f"{T(t).name} register {reg} is declared with {'/'.join(map(str, sorted(dims)))} "
                            f"indices, read with {n}")

    def stride(self, s: int) -> None:
        if s == 0 or s % 4 or s > STRUCTURE_STRIDE_MAX:
            raise self.fail(f"structure stride {s} is not a multiple of 4 in 4..{STRUCTURE_STRIDE_MAX}")

    def io_decl(self, o: ir.Operand, x: list[int], named: bool, output: bool) -> None:
        d = self.d
        t = o.type
        if named:
            name = self.need(x, 1)[0] & 0xFFFF
            if name not in _SIV_INPUT_NAMES:
                raise self.fail(f"system value {name} is unknown")
        if t in (T.INPUT, T.OUTPUT):
            if output and self.ptype == P.COMPUTE:
                raise self.fail("compute shaders have no outputs")
            if not output and self.ptype == P.COMPUTE:
                raise self.fail("compute shaders have no input registers")
            reg = o.indices[-1].value
            limit = self.n_out if output else self.n_in
            if reg >= limit:
                raise self.fail(f"{'o' if output else 'v'}{reg} is past the stage's {limit} registers")
            if not output and len(o.indices) == 2:
                # the vertex count may be declared later (dcl_inputprimitive follows the inputs)
                if self.ptype not in (P.GEOMETRY, P.HULL, P.DOMAIN) or o.indices[0].value > CONTROL_POINTS:
                    raise self.fail("a per-vertex input array is sized by the stage's input vertices")
            (d.outputs if output else d.inputs).add(reg)
            if not output:
                d.input_dims.setdefault((t, reg), set()).add(len(o.indices))
            if output:
                d.output_masks[reg] = d.output_masks.get(reg, 0) | (o.mask if o.num_components == 4 else 1)
        elif t in (T.INPUT_CONTROL_POINT, T.OUTPUT_CONTROL_POINT, T.INPUT_PATCH_CONSTANT):
            if t not in _STAGE_TYPES[self.ptype]:
                raise self.fail(f"{T(t).name} does not exist in this stage")
            if o.indices[-1].value >= 32:
                raise self.fail(f"{T(t).name} register {o.indices[-1].value} is past 32")
            {T.INPUT_PATCH_CONSTANT: d.patch_constants, T.INPUT_CONTROL_POINT: d.cp_inputs,
             T.OUTPUT_CONTROL_POINT: d.cp_outputs}[t].add(o.indices[-1].value)
            if t != T.INPUT_PATCH_CONSTANT:
                d.input_dims.setdefault((t, o.indices[-1].value), set()).add(len(o.indices))
        else:
            if t not in _STAGE_TYPES[self.ptype] and t not in _STAGE_SPECIFIC:
                raise self.fail(f"operand type {T(t).name} cannot be declared as an input or output")
            if t not in _STAGE_TYPES[self.ptype]:
                raise self.fail(f"{T(t).name} does not exist in this stage")
            d.special.add(t)

    # -- code ----------------------------------------------------------------------------------
    def code(self, inst: ir.Instruction) -> None:
        info = OPCODES[inst.opcode]
        allowed = _code_controls(info)
        if inst.controls & ~allowed:
            raise self.fail(f"reserved control bits 0x{inst.controls & ~allowed:X} are set")
        if inst.opcode == O.SYNC and not inst.controls & 0xF:
            raise self.fail("sync without a flag")
        kinds = info.operand_types
        for i, (op, kind) in enumerate(zip(inst.operands, kinds, strict=False)):
            dst = i < info.num_dst
            self.operand_shape(op, dst)
            t = op.type
            if kind == "r":
                ok = {T.UNORDERED_ACCESS_VIEW, T.THREAD_GROUP_SHARED_MEMORY} if dst else {
                    T.RESOURCE, T.UNORDERED_ACCESS_VIEW, T.THREAD_GROUP_SHARED_MEMORY}
                if info.cls == OpClass.TEXTURE and not dst:
                    ok = {T.RESOURCE, T.UNORDERED_ACCESS_VIEW}
                if inst.opcode in (O.SAMPLE_INFO, O.SAMPLE_POS):
                    ok = {T.RESOURCE, T.RASTERIZER}
                if t not in ok:
                    raise self.fail(f"operand {i} must be a resource, UAV or shared memory, not {T(t).name}")
            elif kind == "s":
                if t != T.SAMPLER:
                    raise self.fail(f"operand {i} must be a sampler, not {T(t).name}")
            elif kind == "l":
                if t not in (T.LABEL, T.FUNCTION_BODY):
                    raise self.fail(f"operand {i} must be a label, not {T(t).name}")
            elif inst.opcode in (O.EMIT_STREAM, O.CUT_STREAM, O.EMITTHENCUT_STREAM):
                if t != T.STREAM:
                    raise self.fail(f"operand {i} must be a stream, not {T(t).name}")
            elif inst.opcode == O.INTERFACE_CALL:
                if t != T.INTERFACE:
                    raise self.fail(f"operand {i} must be an interface, not {T(t).name}")
                decl = self.d.interfaces.get(op.register)
                site = inst.extra[0] if inst.extra else 0
                arr = op.indices[1]
                if decl is None or site >= decl[1] or (arr.rel is None and arr.value >= decl[0]):
                    raise self.fail(f"fcall fp{op.register}[{arr.value}][{site}] is not a declared interface call")
                continue
            elif dst:
                if t not in _WRITABLE:
                    raise self.fail(f"destination {T(t).name} is not writable")
                if t in _STAGE_SPECIFIC and t not in _STAGE_TYPES[self.ptype]:
                    raise self.fail(f"{T(t).name} does not exist in this stage")
            elif t not in _READABLE:
                raise self.fail(f"source {T(t).name} is not a readable value")
            if kind == "l" and t == T.LABEL:
                self.calls.append((self.k, op.register))
                continue
            if kind == "l":
                continue
            self.declared(op, dst)
        if info.cls == OpClass.TEXTURE or inst.opcode in (O.LD_UAV_TYPED, O.STORE_UAV_TYPED):
            self.texture(inst, info)

    def texture(self, inst: ir.Instruction, info) -> None:
        res = next((o for o in inst.operands if o.type == T.RESOURCE), None)
        if res is None:
            return
        name = info.name
        if res.indices and res.indices[0].rel is not None:
            # t[r.x + k] has no declaration to name its dimension: the instruction's resource-dimension
            # token must (fxc writes sample_indexable(texture2d)... for class-instance objects)
            rd = inst.resource_dim
            if rd is None:
                raise self.fail(f"{name} with a relative resource index needs its resource dimension (_indexable)")
            dim = rd[0]
        else:
            dim = self.d.srvs.get(res.register)
        if inst.opcode in _SAMPLE_OPS and dim not in _SAMPLE_DIMS:
            raise self.fail(f"{name} needs a filterable texture, t{res.register} has dimension {dim}")
        if name.startswith("ldms") and dim not in _MS_DIMS:
            raise self.fail(f"{name} needs a multisampled texture, t{res.register} has dimension {dim}")

    # -- flow ----------------------------------------------------------------------------------
    def run(self) -> None:
        prog = self.prog
        stack: list[int] = []
        hs = self.ptype == P.HULL
        hs_phase_started = False
        phase_scopes: list[_Scope] = []
        in_bodies = False
        for self.k, inst in enumerate(prog.instructions):
            op = inst.opcode
            info = OPCODES[op]
            if info.cls == OpClass.HS_PHASE:
                if not hs:
                    raise self.fail("hull-shader phase marker outside a hull shader")
                if stack:
                    raise self.fail(f"{len(stack)} open flow-control block(s) at the phase boundary")
                if op == O.HS_DECLS and hs_phase_started:
                    raise self.fail("hs_decls after a phase")
                if op != O.HS_DECLS:
                    hs_phase_started = True
                    self.scope = _Scope()  # each phase declares its own temps (spec §10.5)
                    phase_scopes.append(self.scope)
                    self.total_temps = 0
                continue
            if info.is_declaration or op == O.CUSTOMDATA:
                self.declaration(inst)
                continue
            if hs and not hs_phase_started:
                raise self.fail("hull-shader code before its first phase")
            if op == O.LABEL:
                if stack:
                    raise self.fail(f"{len(stack)} open flow-control block(s) before a label")
                if hs and phase_scopes and not in_bodies:
                    # §22.3.49: a hull shader's function bodies (and subroutines) follow all its phases and
                    # run with the temps of the phase that calls them: checked against the largest declared
                    in_bodies = True
                    self.scope = _Scope(max(sc.temps for sc in phase_scopes), {
                        x: max(sc.indexable[x] for sc in phase_scopes if x in sc.indexable)
                        for sc0 in phase_scopes for x in sc0.indexable})
                lab = inst.operands[0] if inst.operands else None
                if lab is None or lab.type not in (T.LABEL, T.FUNCTION_BODY) or len(lab.indices) != 1:
                    raise self.fail("label needs a label operand")
                if lab.type == T.FUNCTION_BODY and lab.register not in self.d.function_bodies:
                    raise self.fail(f"label fb{lab.register} has no dcl_function_body")
                self.d.labels.add((lab.type, lab.register))
                self.operand_shape(lab, False)
                continue
            if op in (O.IF, O.LOOP, O.SWITCH):
                self.code(inst)
                if sum(1 for x in stack if x != -1) >= FLOW_NESTING:
                    raise self.fail(f"flow control nested deeper than {FLOW_NESTING}")
                stack.append(op)
                if op == O.SWITCH:
                    stack.append(-1)  # no case seen yet
                continue
            if op == O.ELSE:
                if not stack or stack[-1] != O.IF:
                    raise self.fail("else without if")
                stack[-1] = O.ELSE
                continue
            if op == O.ENDIF:
                if not stack or stack[-1] not in (O.IF, O.ELSE):
                    raise self.fail("endif without if")
                stack.pop()
                continue
            if op == O.ENDLOOP:
                if not stack or stack[-1] != O.LOOP:
                    raise self.fail("endloop without loop")
                stack.pop()
                continue
            if op in (O.CASE, O.DEFAULT):
                if len(stack) < 2 or stack[-2] != O.SWITCH:
                    raise self.fail(f"{info.name} outside a switch")
                if op == O.CASE:
                    self.code(inst)
                    if inst.operands[0].type != T.IMMEDIATE32:
                        raise self.fail("case takes an immediate value")
                stack[-1] = op
                continue
            if op == O.ENDSWITCH:
                if len(stack) < 2 or stack[-2] != O.SWITCH:
                    raise self.fail("endswitch without switch")
                stack.pop()
                stack.pop()
                continue
            if op in (O.BREAK, O.BREAKC):
                if not any(s in (O.LOOP, O.SWITCH) for s in stack):
                    raise self.fail("break outside a loop or switch")
            if op in (O.CONTINUE, O.CONTINUEC):
                if O.LOOP not in stack:
                    raise self.fail("continue outside a loop")
            if stack and stack[-1] == -1:
                raise self.fail("code inside a switch before its first case")
            self.code(inst)
        self.k = max(len(prog.instructions) - 1, 0)
        if stack:
            raise self.fail(f"{len([s for s in stack if s != -1])} flow-control block(s) left open at the end")
        for k, lab in self.calls:
            if (T.LABEL, lab) not in self.d.labels:
                self.k = k
                raise self.fail(f"call to l{lab}, which has no label")
        self.stage_requirements()

    def stage_requirements(self) -> None:
        d = self.d
        need = {P.GEOMETRY: (O.DCL_GS_INPUT_PRIMITIVE, O.DCL_GS_OUTPUT_TOPOLOGY, O.DCL_MAXOUT),
                P.HULL: (O.DCL_INPUT_CONTROL_POINT_COUNT, O.DCL_OUTPUT_CONTROL_POINT_COUNT, O.DCL_TESS_DOMAIN,
                         O.DCL_TESS_PARTITIONING, O.DCL_TESS_OUTPUT_PRIMITIVE),
                P.DOMAIN: (O.DCL_INPUT_CONTROL_POINT_COUNT, O.DCL_TESS_DOMAIN),
                P.COMPUTE: (O.DCL_THREAD_GROUP,)}.get(self.ptype, ())
        if self.ptype == P.GEOMETRY and not any(i.opcode in _EMITS for i in self.prog.instructions):
            # fxc writes no dcl_outputtopology for a GS that can emit nothing (d3dcompiler_47 10.1's object of
            # a loop that runs 0 times around Append: dcl_inputprimitive, dcl_maxout, ret): it has no output
            # primitives whose topology could matter, and the runtime takes fxc's bytecode
            need = tuple(op for op in need if op != O.DCL_GS_OUTPUT_TOPOLOGY)
        for op in need:
            if op not in d.seen:
                raise _bad(f"{P(self.ptype).name.lower()} shader lacks its {OPCODES[op].name} declaration")
        if self.ptype == P.GEOMETRY:
            scalars = sum(bin(m).count("1") for m in d.output_masks.values())
            if d.maxout * max(scalars, 1) > GS_MAX_OUTPUT_SCALARS:
                raise _bad(f"dcl_maxout {d.maxout} x {scalars} output scalars is past {GS_MAX_OUTPUT_SCALARS}")
            # "dcl_input vGSInstanceID (sm5 - asm)": the instance count times dcl_maxOutputVertexCount must be
            # <= 1024 (D3D11_GS_MAX_OUTPUT_VERTEX_COUNT_ACROSS_INSTANCES)
            if d.maxout * d.gs_instances > GS_MAX_OUTPUT_SCALARS:
                raise _bad(f"dcl_maxout {d.maxout} x {d.gs_instances} GS instances is past {GS_MAX_OUTPUT_SCALARS}")


def validate_program(prog: ir.Program, words: list[int] | None = None, max_uavs: int = UAV_SLOTS_11_0) -> None:
    """Check a decoded program against the structural rules and limits above; raises InvalidArgError.

    ``words`` (the program's dwords) lets messages name dword offsets; ``max_uavs`` is the device's UAV
    slot count (8 below feature level 11_1, 64 at 11_1: D3D11_1_UAV_SLOT_COUNT).
    """
    offsets = instruction_offsets(words) if words is not None else None
    _Validator(prog, offsets, max_uavs).run()
