"""Front half of the native backend: shader IR → a lowered program (plain data, no LLVM).

The lowered form keeps the reference executor's semantics (shader/exec/reference.py) but resolves
everything a code generator should not have to re-derive: operand swizzles per destination component,
modifier kinds (float sign-bit ops, integer negate/abs, none), structured flow control as frames with
static slots (which mask arrays a ``break`` or ``ret`` must clear), and resource declarations. Any
instruction or operand the backend does not compile raises :class:`Unsupported` naming it, so the
caller runs that program on the reference executor instead.

A code generator consumes :class:`Lowered`: ``ops`` is a flat list of :class:`LOp` in program order.
Nothing here depends on LLVM, so another generator (e.g. PTX) can consume the same form.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from .. import ir
from ..exec.flow import MAX_CALL_DEPTH
from ..exec.geometry_ops import GS_OPS
from ..exec.operands import SPECIAL_OUT, SV_TYPES
from ..ops.alu_double import DOUBLE_OPS
from ..ops.opcodes import (
    ATOMIC_OPCODES,
    DOUBLE_OPCODES,
    FLOAT_OPCODES,
    INT2_OPCODES,
    INT_OPCODES,
    INT_TO_FLOAT_OPCODES,
    SAT_OK,
)

Op = ir.Opcode
OT = ir.OperandType


class Unsupported(Exception):
    """The program uses something this backend does not compile (the message names it)."""


@dataclass(slots=True, frozen=True)
class Src:
    """One scalar source: register ``file`` ('r' temps, 'v' inputs, 'o' outputs, 'x' indexable temps,
    'cb' constant buffer, 'icb', 'imm', 'sv' system value, 'so' special output) at register ``reg`` (for
    'x' and 'cb': (slot, index)), component ``comp``; ``rel`` a relative index (a Src) added to the
    immediate index; ``mod`` the modifier as applied for ``kind`` ('f' float, 'i' integer, 'n' none)."""

    file: str
    reg: object
    comp: int
    rel: Src | None = None
    mod: str = "none"
    kind: str = "n"
    value: int = 0  # 'imm': the 32-bit word
    scale: int = 1  # the relative index counts this many registers (a GS input's vertex index: R)


@dataclass(slots=True, frozen=True)
class Dst:
    file: str
    reg: object
    comp: int
    rel: Src | None = None


@dataclass(slots=True)
class LOp:
    """One lowered operation. ``kind`` names it (an ALU function name from the reference's tables, or a
    flow/memory kind); ``dsts``/``srcs`` per destination component: for per-component ALU ops
    ``srcs[j]`` are the sources of destination component ``dsts[j]``."""

    kind: str
    dsts: list = field(default_factory=list)
    srcs: list = field(default_factory=list)
    sat: bool = False
    info: dict = field(default_factory=dict)


@dataclass(slots=True)
class TexOp:
    """A texture instruction in lowered form, for a code generator that compiles texture access (an
    injected emitter, see llvm_gen.TextureEmitter): ``srcs[j][k]`` is component ``k`` (after the swizzle)
    of the j-th non-resource/non-sampler source, read as float bits ('f' modifiers, no flush: the
    reference's sampling hook sees them so); ``dsts[i]`` receives texel component ``sel[i]`` (the
    resource operand's swizzle applied); ``t`` / ``s`` the resource / sampler registers (None when
    absent); ``offsets`` the immediate texel offsets."""

    opcode: int
    srcs: list
    dsts: list
    sel: list
    t: int | None
    s: int | None
    offsets: tuple
    inst: object = None


@dataclass(slots=True)
class Frame:
    """A flow-control construct: ``kind`` 'if', 'loop', 'switch' or 'call' (an inlined subroutine);
    ``slot`` its first mask array."""

    kind: str
    id: int
    slot: int


@dataclass(slots=True)
class Lowered:
    program_type: int
    ops: list = field(default_factory=list)
    n_temps: int = 0
    n_inputs: int = 0
    n_outputs: int = 0
    indexable: dict = field(default_factory=dict)  # x# → size (registers)
    icb: list = field(default_factory=list)  # flat words (rows of 4)
    tgsm: dict = field(default_factory=dict)  # g# → (bytes, stride or 0)
    thread_group: tuple = (1, 1, 1)
    uav_stride: dict = field(default_factory=dict)  # declared structure stride per u#
    srv_stride: dict = field(default_factory=dict)
    n_mask_slots: int = 1  # slot 0 is the current execution mask
    tex_ids: tuple | None = None  # (op count, ids of the texture ops) once runtime.count_texture_plan scanned them
    sv_types: set = field(default_factory=set)
    special_out: set = field(default_factory=set)
    cb_slots: set = field(default_factory=set)
    uavs: set = field(default_factory=set)
    srvs: set = field(default_factory=set)
    uav_written: set = field(default_factory=set)
    uav_read: set = field(default_factory=set)
    uav_atomic: bool = False  # atomics / counters on UAVs (cross-lane order matters)
    uav_coherent: set = field(default_factory=set)  # u# declared globallycoherent (cross-group communication)
    uav_typed: set = field(default_factory=set)  # u# declared dcl_uav_typed (their access is a TexOp host op)
    quiet: bool = False  # a pixel shader writing memory: helper / discarded lanes' writes are dropped
    has_discard: bool = False
    has_deriv: bool = False
    has_tgsm_atomic: bool = False
    host_ops: list = field(default_factory=list)  # instruction indices run through the host callback
    # 2-D input files (GS, hull phases, domain shaders): input registers per vertex (v[j][r] is flat row
    # j·R + r); geometry shaders: dcl_maxout, the streams emit/cut name
    v2d_regs: int = 0
    gs_max: int = 0
    v2d_rel_reg: bool = False  # a 2-D input read with a relative register index
    gs_streams: set = field(default_factory=set)
    # out-of-line subroutines (a program whose inlining passes MAX_INLINED_OPS, e.g. a doubly recursive body):
    # label l# → (first mask slot of its body's frames, slot count, the call sites that enter it); the generator
    # saves a body's slots on a per-tile call stack at each call (llvm_flow "callsite" / "bodyend")
    call_bodies: dict = field(default_factory=dict)


_GLOBALLY_COHERENT = 0x20  # dcl_uav_* opcode-token bit 16 (controls bit 5; spec-facts §2.6)
_FLOAT, _INT_TO_FLOAT, _SAT_OK, _INT2 = FLOAT_OPCODES, INT_TO_FLOAT_OPCODES, SAT_OK, INT2_OPCODES
_INT = {**INT_OPCODES, Op.UMAD: "imad"}  # the generator emits umad as imad (the same low 32 bits)
_ATOMIC = ATOMIC_OPCODES  # shared with the other executor (shader/ops/opcodes.py)
_DERIV = {Op.DERIV_RTX: ("x", False), Op.DERIV_RTX_COARSE: ("x", False), Op.DERIV_RTX_FINE: ("x", True),
          Op.DERIV_RTY: ("y", False), Op.DERIV_RTY_COARSE: ("y", False), Op.DERIV_RTY_FINE: ("y", True)}
_SKIP = {o for o in Op if o.name.startswith("DCL_")} | {Op.CUSTOMDATA, Op.NOP, Op.ABORT, Op.DEBUG_BREAK}  # (no-ops: reference._DECLS)
#: per-lane reference ops a vertex/pixel kernel calls back for (they read registers and resources and
#: write registers only)
HOST = {Op.SAMPLE, Op.SAMPLE_C, Op.SAMPLE_C_LZ, Op.SAMPLE_L, Op.SAMPLE_D, Op.SAMPLE_B, Op.GATHER4, Op.GATHER4_C,
        Op.GATHER4_PO, Op.GATHER4_PO_C, Op.LOD, Op.LD, Op.LD_MS, Op.RESINFO, Op.SAMPLE_INFO, Op.SAMPLE_POS,
        Op.EVAL_SNAPPED, Op.EVAL_SAMPLE_INDEX, Op.EVAL_CENTROID}
#: typed UAV instructions (and atomics on a u# declared typed): host ops with a :class:`TexOp`, compiled by the
#: pipeline's injected emitter (pipeline/native/uav_gen.py: the view's format and geometry are per-run facts) or
#: run through the host callback where a stage has one (a compute kernel without the emitter falls back)
TYPED_UAV_HOST = {Op.STORE_UAV_TYPED, Op.LD_UAV_TYPED}
#: host instructions that get a :class:`TexOp` (an injected texture emitter may compile them)
TEXTURE_OPS = {Op.SAMPLE, Op.SAMPLE_C, Op.SAMPLE_C_LZ, Op.SAMPLE_L, Op.SAMPLE_D, Op.SAMPLE_B, Op.GATHER4,
               Op.GATHER4_C, Op.GATHER4_PO, Op.GATHER4_PO_C, Op.LOD, Op.LD, Op.RESINFO, Op.LD_MS, Op.SAMPLE_INFO,
               Op.SAMPLE_POS}
#: texture ops whose resource operand may be the rasterizer (its sample count / pattern) instead of a t#
_RASTER_OK = {Op.SAMPLE_INFO, Op.SAMPLE_POS}
#: lowered operations past which inlining subroutines stops compiling the program (a counted fallback): a body
#: that calls another twice doubles the code per level, 2^32 at the depth limit
MAX_INLINED_OPS = 1 << 16
#: past MAX_INLINED_OPS, lower each body once out of line (a per-tile call stack, llvm_flow.emit_call_frames)
#: instead of falling back; ``PYD3D11_NATIVE_OUTLINE_CALLS=0`` (or False here) keeps the counted fallback
OUTLINE_CALLS = os.environ.get("PYD3D11_NATIVE_OUTLINE_CALLS", "1") != "0"
_MODS = {ir.Modifier.NONE: "none", ir.Modifier.NEG: "neg", ir.Modifier.ABS: "abs", ir.Modifier.ABSNEG: "absneg"}

#: opcodes this backend compiles (the rest make the program run on the reference executor)
SUPPORTED = (set(_FLOAT) | set(_INT_TO_FLOAT) | set(_INT) | set(_INT2) | set(_ATOMIC) | set(_DERIV) | {
    Op.MOV, Op.MOVC, Op.SWAPC, Op.DP2, Op.DP3, Op.DP4, Op.SINCOS, Op.IF, Op.ELSE, Op.ENDIF, Op.LOOP,
    Op.ENDLOOP, Op.BREAK, Op.BREAKC, Op.CONTINUE, Op.CONTINUEC, Op.SWITCH, Op.CASE, Op.DEFAULT,
    Op.ENDSWITCH, Op.RET, Op.RETC, Op.DISCARD, Op.LD_RAW, Op.LD_STRUCTURED, Op.STORE_RAW,
    Op.STORE_STRUCTURED, Op.IMM_ATOMIC_ALLOC, Op.IMM_ATOMIC_CONSUME, Op.SYNC, Op.BUFINFO, Op.DMOVC} |
    set(GS_OPS) |
    set(DOUBLE_OPCODES))


class _Lowerer:
    def __init__(self, prog: ir.Program, outline: bool = False) -> None:
        self.prog = prog
        self.outline = outline  # calls enter one out-of-line copy of each body (call())
        self.needed: list[int] = []  # (outline) labels whose bodies are emitted after the main program
        self.sites: dict[int, list[int]] = {}  # (outline) label → call-site ids
        self.n_sites = 0
        self.lw = Lowered(int(prog.program_type))
        self.stack: list[Frame] = []
        self.next_slot = 1
        self.next_id = 0
        self.bodies: dict[int, tuple[int, int]] = {}  # label l# → its body's instruction range
        self.call_depth = 0

    # ---- operands ---------------------------------------------------------------------------------
    def src(self, op: ir.Operand, comp: int, kind: str) -> Src:
        """Source component ``comp`` (already swizzled) of ``op`` read as ``kind``."""
        mod = "none" if kind == "n" else _MODS[op.modifier]
        t = op.type
        if t == OT.IMMEDIATE32:
            vals = list(op.values) * (4 if len(op.values) == 1 else 1)
            return Src("imm", 0, comp, None, mod, kind, int(vals[comp]) & 0xFFFFFFFF)
        if t == OT.INPUT and len(op.indices) == 2 and self.lw.v2d_regs:
            return self.gs_input(op, comp, mod, kind)
        if t in (OT.TEMP, OT.INPUT, OT.OUTPUT):
            if len(op.indices) != 1:
                raise Unsupported(f"{len(op.indices)}-D index on {OT(t).name}")
            f = {OT.TEMP: "r", OT.INPUT: "v", OT.OUTPUT: "o"}[t]
            return Src(f, op.indices[0].value, comp, self.rel(op.indices[0]), mod, kind)
        if t == OT.INDEXABLE_TEMP:
            reg = op.indices[0].value
            return Src("x", (reg, op.indices[1].value), comp, self.rel(op.indices[1]), mod, kind)
        if t == OT.CONSTANT_BUFFER:
            slot = op.indices[0].value
            idx = op.indices[1] if len(op.indices) > 1 else ir.Index()
            self.lw.cb_slots.add(slot)
            return Src("cb", (slot, idx.value), comp, self.rel(idx), mod, kind)
        if t == OT.IMMEDIATE_CONSTANT_BUFFER:
            idx = op.indices[0]
            return Src("icb", idx.value, comp, self.rel(idx), mod, kind)
        if t in SV_TYPES:
            self.lw.sv_types.add(int(t))
            return Src("sv", int(t), comp, None, mod, kind)
        raise Unsupported(f"source operand {OT(t).name}")

    def gs_input(self, op: ir.Operand, comp: int, mod: str, kind: str) -> Src:
        """``v[vertex][reg]`` of a geometry shader (or hull phase / domain shader), read from the inputs flattened to (vertices × R, 4, N)
        rows (R = ``v2d_regs``), as the reference's 2-D operand reads a relative index: row
        vertex·R + reg, out of range reading 0 (operands.base_getter)."""
        vi, ri = op.indices
        R = self.lw.v2d_regs
        if ri.rel is not None:
            self.lw.v2d_rel_reg = True  # exact only when the caller's file has R registers per vertex
        if vi.rel is not None and ri.rel is not None:
            raise Unsupported("relative vertex and register index on one geometry-shader input")
        if vi.rel is not None:
            return Src("v", vi.value * R + ri.value, comp, self.rel(vi), mod, kind, scale=R)
        return Src("v", vi.value * R + ri.value, comp, self.rel(ri), mod, kind)

    def rel(self, idx: ir.Index) -> Src | None:
        if idx.rel is None:
            return None
        r = idx.rel
        return self.src(r, r.components()[0], "n")

    def srcs_for(self, op: ir.Operand, dcomps: tuple[int, ...], kind: str) -> list[Src]:
        sw = op.components()
        return [self.src(op, sw[d], kind) for d in dcomps]

    def dst(self, op: ir.Operand) -> tuple[tuple[int, ...], list[Dst]]:
        t = op.type
        comps = op.written()
        if t == OT.NULL or not comps:
            return comps, []
        if t in (OT.TEMP, OT.OUTPUT):
            f = "r" if t == OT.TEMP else "o"
            if len(op.indices) != 1:
                raise Unsupported("2-D destination index")
            return comps, [Dst(f, op.indices[0].value, c, self.rel(op.indices[0])) for c in comps]
        if t == OT.INDEXABLE_TEMP:
            reg = op.indices[0].value
            return comps, [Dst("x", (reg, op.indices[1].value), c, self.rel(op.indices[1])) for c in comps]
        if t in SPECIAL_OUT:
            self.lw.special_out.add(int(t))
            return (0,), [Dst("so", int(t), 0)]
        raise Unsupported(f"destination operand {OT(t).name}")

    # ---- flow ---------------------------------------------------------------------------------------
    def push(self, kind: str, nslots: int) -> Frame:
        f = Frame(kind, self.next_id, self.next_slot)
        self.next_id += 1
        self.next_slot += nslots
        self.lw.n_mask_slots = max(self.lw.n_mask_slots, self.next_slot)
        self.stack.append(f)
        return f

    def pop(self, kind: str) -> Frame:
        if not self.stack or self.stack[-1].kind != kind:
            raise Unsupported(f"unbalanced flow control at end{kind}")
        f = self.stack.pop()
        self.next_slot = f.slot
        return f

    def above(self, kinds: tuple[str, ...]) -> tuple[Frame | None, list[Frame]]:
        """The innermost frame of ``kinds`` and the frames above it (whose masks lose leaving lanes)."""
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].kind in kinds:
                return self.stack[i], list(self.stack[i + 1:])
        return None, list(self.stack)

    def cond(self, op: ir.Operand) -> Src:
        return self.src(op, op.components()[0], "n")

    # ---- main -------------------------------------------------------------------------------------
    def run(self) -> Lowered:
        lw = self.lw
        prog = self.prog
        for inst in prog.instructions:
            o = inst.opcode
            if o in (Op.DCL_UAV_TYPED, Op.DCL_UAV_RAW, Op.DCL_UAV_STRUCTURED) and inst.controls & _GLOBALLY_COHERENT:
                lw.uav_coherent.add(inst.operands[0].register)
            if o == Op.DCL_TEMPS:
                lw.n_temps = inst.extra[0]
            elif o == Op.DCL_INDEXABLETEMP:
                lw.indexable[inst.extra[0]] = inst.extra[1]
            elif o == Op.CUSTOMDATA and inst.controls == ir.CustomDataClass.DCL_IMMEDIATE_CONSTANT_BUFFER:
                n = len(inst.extra) // 4
                lw.icb = [int(w) for w in inst.extra[: n * 4]]
            elif o == Op.DCL_TGSM_RAW:
                lw.tgsm[inst.operands[0].register] = (inst.extra[0], 0)
            elif o == Op.DCL_TGSM_STRUCTURED:
                lw.tgsm[inst.operands[0].register] = (inst.extra[0] * inst.extra[1], inst.extra[0])
            elif o == Op.DCL_THREAD_GROUP:
                lw.thread_group = tuple(inst.extra[:3])
            elif o == Op.DCL_UAV_STRUCTURED:
                lw.uav_stride[inst.operands[0].register] = inst.extra[0]
            elif o == Op.DCL_RESOURCE_STRUCTURED:
                lw.srv_stride[inst.operands[0].register] = inst.extra[0]
            elif o == Op.DCL_UAV_TYPED:
                lw.uav_typed.add(inst.operands[0].register)
            elif o in (Op.DCL_FUNCTION_BODY, Op.DCL_FUNCTION_TABLE, Op.DCL_INTERFACE, Op.HS_DECLS,
                       Op.HS_CONTROL_POINT_PHASE, Op.HS_FORK_PHASE, Op.HS_JOIN_PHASE):
                raise Unsupported(Op(o).name.lower())
        if prog.program_type in (ir.ProgramType.GEOMETRY, ir.ProgramType.HULL, ir.ProgramType.DOMAIN):
            self.stage_declarations()
        # subroutines (§22.7.5 label / call / callc / ret): the main program runs up to the first label; a
        # body runs from its label to the next one. Calls are inlined (see call()).
        marks = [i for i, inst in enumerate(prog.instructions) if inst.opcode == Op.LABEL]
        for k, i in enumerate(marks):
            lab = prog.instructions[i].operands[0] if prog.instructions[i].operands else None
            if lab is None or lab.type != OT.LABEL:
                raise Unsupported("label of a function body (an unlinked class-linkage program)")
            end = marks[k + 1] if k + 1 < len(marks) else len(prog.instructions)
            self.bodies.setdefault(lab.register, (i + 1, end))
        self.lower_range(0, marks[0] if marks else len(prog.instructions))
        if self.outline:
            self.outline_bodies()
        if prog.program_type != ir.ProgramType.COMPUTE and lw.tgsm:
            raise Unsupported("groupshared memory outside a compute shader")
        # helper and discarded pixel lanes run but must not write (§16.12, §16.13): their memory writes are
        # filtered per lane (llvm_memory quiet_filter; the caller's ``helpers`` and the kernel's discard words).
        # Every stage writing UAVs holds a whole batch in one tile (runtime._graphics_tile)
        lw.quiet = prog.program_type == ir.ProgramType.PIXEL and bool(lw.uav_written or lw.uav_atomic)
        if self.stack:
            raise Unsupported("unterminated flow control")
        lw.n_inputs = max([lw.n_inputs] + [s.reg + 1 for s in self._all_srcs() if s.file == "v"])
        lw.n_outputs = max([lw.n_outputs] + [d.reg + 1 for op in lw.ops for d in op.dsts if d.file == "o"]
                           + [s.reg + 1 for s in self._all_srcs() if s.file == "o"])
        from ..exec.reference import _max_reg

        # every o# register the program names, dcl_indexrange extents included: a relative write
        # o[r0.x + 0] reaches them (the callers size the output file the same way)
        lw.n_outputs = max(lw.n_outputs, _max_reg(prog, OT.OUTPUT))
        lw.n_temps = max([lw.n_temps, _max_reg(prog, OT.TEMP)]  # host ops' registers too
                         + [d.reg + 1 for op in lw.ops for d in op.dsts if d.file == "r"]
                         + [s.reg + 1 for s in self._all_srcs() if s.file == "r"])
        for op in lw.ops:
            for s in self._srcs_of(op):
                if s.file == "x" and s.reg[0] not in lw.indexable:
                    raise Unsupported("undeclared indexable temp")
            for d in op.dsts:
                if d.file == "x" and d.reg[0] not in lw.indexable:
                    raise Unsupported("undeclared indexable temp")
        return lw

    def stage_declarations(self) -> None:
        """Stages with a 2-D input file (GS; hull phases and domain shaders as shader/exec/hull_phases
        rewrites them): input registers per vertex as the reference sizes them (one past the highest
        v[][r] named); for a GS also dcl_maxout and its whole o# file (every emit copies it)."""
        from ..exec.reference import _max_reg

        lw = self.lw
        lw.v2d_regs = max(_max_reg(self.prog, OT.INPUT), 1)
        if self.prog.program_type != ir.ProgramType.GEOMETRY:
            return
        lw.n_outputs = _max_reg(self.prog, OT.OUTPUT)
        for inst in self.prog.instructions:
            if inst.opcode == Op.DCL_MAXOUT:
                lw.gs_max = inst.extra[0]

    def _srcs_of(self, op: LOp):
        out = []

        def add(s):
            if isinstance(s, Src):
                out.append(s)
                if s.rel is not None:
                    add(s.rel)
            elif isinstance(s, (list, tuple)):
                for x in s:
                    add(x)

        add(op.srcs)
        for d in op.dsts:
            if isinstance(d, Dst) and d.rel is not None:
                add(d.rel)
        for v in op.info.values():
            if isinstance(v, (Src, list, tuple)):
                add(v)
        return out

    def _all_srcs(self):
        for op in self.lw.ops:
            yield from self._srcs_of(op)

    def inst(self, inst: ir.Instruction) -> None:  # noqa: C901 (one dispatch over opcodes)
        lw = self.lw
        o = inst.opcode
        ops_ = inst.operands
        nz = inst.test_nonzero
        add = lw.ops.append
        if o in _FLOAT or o in _INT_TO_FLOAT or o in _INT or o == Op.MOV:
            if o in _FLOAT:
                name, kind = _FLOAT[o], "f"
                sat = inst.saturate and name in _SAT_OK
            elif o in _INT_TO_FLOAT:
                name, kind, sat = _INT_TO_FLOAT[o], "i", inst.saturate
            elif o == Op.MOV:
                name, kind, sat = "mov", "f", inst.saturate
            else:
                name, kind, sat = _INT[o], "i", False
            comps, dsts = self.dst(ops_[0])
            if not dsts:
                return
            srcs = [[self.src(s, s.components()[d], kind) for s in ops_[1:]] for d in comps]
            add(LOp(name, dsts, srcs, sat))
        elif o in _INT2:
            name = _INT2[o]
            if name in ("imul", "umul") and ops_[0].type == OT.NULL:
                comps, dsts = self.dst(ops_[1])
                if dsts:
                    add(LOp("mul_lo", dsts, [[self.src(s, s.components()[d], "i") for s in ops_[2:]]
                                             for d in comps]))
                return
            parts = []
            for k in (0, 1):
                comps, dsts = self.dst(ops_[k])
                parts.append((dsts, [[self.src(s, s.components()[d], "i") for s in ops_[2:]] for d in comps]))
            if parts[0][0] or parts[1][0]:
                add(LOp(name + "2", [], [], False, {"parts": parts}))
        elif o == Op.MOVC:
            comps, dsts = self.dst(ops_[0])
            if dsts:
                c, a, b = ops_[1:]
                srcs = [[self.src(c, c.components()[d], "n"), self.src(a, a.components()[d], "f"),
                         self.src(b, b.components()[d], "f")] for d in comps]
                add(LOp("movc", dsts, srcs, inst.saturate))
        elif o == Op.SWAPC:
            c, a, b = ops_[2:]
            parts = []
            for k in (0, 1):
                comps, dsts = self.dst(ops_[k])
                parts.append((dsts, [[self.src(c, c.components()[d], "f"), self.src(a, a.components()[d], "f"),
                                      self.src(b, b.components()[d], "f")] for d in comps]))
            add(LOp("swapc2", [], [], False, {"parts": parts}))
        elif o in DOUBLE_OPCODES or o == Op.DMOVC:
            self.double(inst)
        elif o in (Op.DP2, Op.DP3, Op.DP4):
            n = {Op.DP2: 2, Op.DP3: 3, Op.DP4: 4}[o]
            comps, dsts = self.dst(ops_[0])
            if dsts:
                a, b = ops_[1:]
                pair = [self.src(a, a.components()[i], "f") for i in range(n)] + \
                       [self.src(b, b.components()[i], "f") for i in range(n)]
                add(LOp("dot", dsts, [pair] * len(dsts), inst.saturate, {"n": n}))
        elif o == Op.SINCOS:
            src = ops_[2]
            parts = []
            for d, fn in ((ops_[0], "sin"), (ops_[1], "cos")):
                comps, dsts = self.dst(d)
                parts.append((dsts, [[self.src(src, src.components()[c], "f")] for c in comps], fn))
            add(LOp("sincos2", [], [], inst.saturate, {"parts": parts}))
        elif o in _DERIV:
            axis, fine = _DERIV[o]
            comps, dsts = self.dst(ops_[0])
            lw.has_deriv = True
            if dsts:
                s = ops_[1]
                add(LOp("deriv", dsts, [[self.src(s, s.components()[d], "f")] for d in comps], inst.saturate,
                        {"axis": axis, "fine": fine}))
        # ---- flow --------------------------------------------------------------------------------
        elif o == Op.IF:
            f = self.push("if", 2)  # slot: saved, slot+1: other
            add(LOp("if", info={"frame": f, "cond": self.cond(ops_[0]), "nz": nz}))
        elif o == Op.ELSE:
            if not self.stack or self.stack[-1].kind != "if":
                raise Unsupported("else outside if")
            add(LOp("else", info={"frame": self.stack[-1]}))
        elif o == Op.ENDIF:
            add(LOp("endif", info={"frame": self.pop("if")}))
        elif o == Op.LOOP:
            f = self.push("loop", 2)  # slot: saved, slot+1: continued lanes
            add(LOp("loop", info={"frame": f}))
        elif o == Op.ENDLOOP:
            add(LOp("endloop", info={"frame": self.pop("loop")}))
        elif o in (Op.BREAK, Op.BREAKC, Op.CONTINUE, Op.CONTINUEC, Op.RET, Op.RETC):
            is_ret = o in (Op.RET, Op.RETC)
            if o == Op.RET and not self.stack:
                add(LOp("halt"))
                return
            tgt, above = self.above(("call",) if is_ret else ("loop",) if o in (Op.CONTINUE, Op.CONTINUEC)
                                    else ("loop", "switch"))
            if not is_ret and tgt is None:
                raise Unsupported(f"{Op(o).name.lower()} outside a loop")
            cond = self.cond(ops_[0]) if o in (Op.BREAKC, Op.CONTINUEC, Op.RETC) else None
            kind = "continue" if o in (Op.CONTINUE, Op.CONTINUEC) else "leave"
            add(LOp(kind, info={"target": tgt, "above": above, "cond": cond, "nz": nz}))
        elif o == Op.SWITCH:
            f = self.push("switch", 3)  # slot: saved, slot+1: unmatched lanes, slot+2: selector
            f_cases: list[int] = []
            add(LOp("switch", info={"frame": f, "sel": self.cond(ops_[0]), "values": f_cases}))
        elif o in (Op.CASE, Op.DEFAULT):
            if not self.stack or self.stack[-1].kind != "switch":
                raise Unsupported("case outside switch")
            f = self.stack[-1]
            sw = next(op for op in reversed(lw.ops) if op.kind == "switch" and op.info["frame"] is f)
            val = (ops_[0].values[0] & 0xFFFFFFFF) if o == Op.CASE else None
            if val is not None:
                sw.info["values"].append(val)
            add(LOp("case", info={"frame": f, "value": val, "values": sw.info["values"]}))
        elif o == Op.ENDSWITCH:
            add(LOp("endswitch", info={"frame": self.pop("switch")}))
        elif o == Op.DISCARD:
            lw.has_discard = True
            add(LOp("discard", info={"cond": self.cond(ops_[0]), "nz": nz}))
        # ---- memory --------------------------------------------------------------------------------
        elif o in (Op.LD_RAW, Op.LD_STRUCTURED):
            res = ops_[-1]
            mem = self.mem(res, read=True)
            comps, dsts = self.dst(ops_[0])
            if dsts:
                sw = res.components()
                info = {"mem": mem, "sel": [sw[d] for d in comps], "a0": self.cond(ops_[1]),
                        "a1": self.cond(ops_[2]) if o == Op.LD_STRUCTURED else None,
                        "structured": o == Op.LD_STRUCTURED}
                add(LOp("load", dsts, [], False, info))
        elif o in (Op.STORE_RAW, Op.STORE_STRUCTURED):
            res = ops_[0]
            mem = self.mem(res, write=True)
            comps = res.written()
            val = ops_[-1]
            info = {"mem": mem, "comps": list(comps), "a0": self.cond(ops_[1]),
                    "a1": self.cond(ops_[2]) if o == Op.STORE_STRUCTURED else None,
                    "vals": [self.src(val, val.components()[d], "n") for d in comps],
                    "structured": o == Op.STORE_STRUCTURED}
            add(LOp("store", info=info))
        elif o in _ATOMIC:
            imm = o >= Op.IMM_ATOMIC_ALLOC
            if imm:
                dst, res, addr, rest = ops_[0], ops_[1], ops_[2], ops_[3:]
            else:
                dst, res, addr, rest = None, ops_[0], ops_[1], ops_[2:]
            mem = self.mem(res, write=True, atomic=True)
            _, dsts = self.dst(dst) if dst is not None else ((), [])
            structured = (res.type == OT.THREAD_GROUP_SHARED_MEMORY and lw.tgsm.get(res.register, (0, 0))[1]) or (
                res.type == OT.UNORDERED_ACCESS_VIEW and res.register in lw.uav_stride)
            ac = addr.components()
            info = {"mem": mem, "op": _ATOMIC[o], "a0": self.src(addr, ac[0], "n"), "a1": self.src(addr, ac[1], "n"),
                    "vals": [self.src(r, r.components()[0], "n") for r in rest], "structured": bool(structured),
                    "dsts": dsts[:1]}
            add(LOp("atomic", dsts[:1], [], False, info))
        elif o in (Op.IMM_ATOMIC_ALLOC, Op.IMM_ATOMIC_CONSUME):
            dst, res = ops_
            if res.type != OT.UNORDERED_ACCESS_VIEW:
                raise Unsupported("counter on a non-UAV")
            lw.uavs.add(res.register)
            lw.uav_atomic = True
            _, dsts = self.dst(dst)
            add(LOp("counter", dsts, [], False, {"slot": res.register, "consume": o == Op.IMM_ATOMIC_CONSUME}))
        elif o in GS_OPS:
            emits, cuts = GS_OPS[o]
            stream = ops_[0].register if ops_ else 0
            lw.gs_streams.add(stream)  # the driver checks them against the declared streams
            # an emit reaching dcl_maxout retires the lane from every frame, like ret (§22.3.5)
            add(LOp("gsemit", info={"stream": stream, "emit": emits, "cut": cuts, "above": list(self.stack)}))
        elif o == Op.SYNC:
            pass  # a whole thread group runs in one tile, op by op: a barrier is already satisfied
        elif o == Op.BUFINFO:
            dst, res = ops_
            comps, dsts = self.dst(dst)
            if res.type not in (OT.UNORDERED_ACCESS_VIEW, OT.RESOURCE):
                raise Unsupported("bufinfo operand")
            key = ("u" if res.type == OT.UNORDERED_ACCESS_VIEW else "t", res.register)
            # the slot's size is bound even for a typed buffer (no raw/structured declaration adds it):
            # otherwise bufinfo read an unset slot, 0 (found when compute kernels began taking typed `ld`)
            (lw.uavs if key[0] == "u" else lw.srvs).add(res.register)
            if dsts:
                add(LOp("bufinfo", dsts, [], False, {"res": key}))
        else:  # pragma: no cover (SUPPORTED and this dispatch list the same opcodes)
            raise Unsupported(f"instruction {Op(o).name.lower()}")

    def double(self, inst: ir.Instruction) -> None:
        """A double-precision op (§22.14) as the reference's _double/_dmovc read it: one job per result
        pair (.xy → sources' swizzle positions 0,1; .zw → 2,3) for double results, one per written
        component (the n-th reads pair 2·(n mod 2)) for 32-bit results; ``jobs`` hold ('d', lo, hi,
        modifier) for double sources and (kind, Src) for 32-bit ones. llvm_double.emit generates it."""
        o = inst.opcode
        dst, srcs = inst.operands[0], inst.operands[1:]
        comps, dsts = self.dst(dst)
        if not dsts:
            return

        def pair(s: ir.Operand, pos: int, raw: bool = False) -> tuple:
            sw = s.components()
            return ("d", self.src(s, sw[pos], "n"), self.src(s, sw[pos + 1], "n"),
                    "none" if raw else _MODS[s.modifier])

        pairs = [p for p in (0, 2) if p in comps]
        if o == Op.DMOVC:
            name, out = "dmovc", "d"
            c, a, b = srcs
            jobs = [[self.src(c, c.components()[n], "n"), pair(a, p)[1:4], pair(b, p)[1:4]]
                    for n, p in enumerate(pairs)]
        else:
            name = DOUBLE_OPCODES[o]
            kinds, out, _ = DOUBLE_OPS[name]
            if out == "d":
                jobs = [[pair(s, p) if k == "d" else (k, self.src(s, s.components()[n], "f" if k == "f" else "i"))
                         for s, k in zip(srcs, kinds)] for n, p in enumerate(pairs)]
            else:
                jobs = [[pair(s, 2 * (n % 2)) for s in srcs] for n in range(len(comps))]
        n_words = 2 * len(jobs) if out == "d" else len(jobs)
        if n_words == 0 or 1 < n_words < len(dsts):
            raise Unsupported(f"{name} with write mask {comps}")  # not a mask §22.14 allows
        self.lw.ops.append(LOp("double", dsts, [], bool(inst.saturate) and out == "d",
                               {"name": name, "out": out, "jobs": jobs}))

    def host(self, index: int, inst: ir.Instruction) -> None:
        """An instruction run by the reference executor's own code for the tile's lanes (texture access
        and other ops the generator does not compile): the kernel calls back into Python there."""
        for op in inst.operands:
            if op.type in SPECIAL_OUT:
                raise Unsupported(f"{Op(inst.opcode).name.lower()} writing {OT(op.type).name}")
            for ix in op.indices:
                if ix.rel is not None:
                    self.src(ix.rel, ix.rel.components()[0], "n")  # registers it reads count
        self.lw.host_ops.append(index)
        self.lw.ops.append(LOp("host", info={"index": index, "id": len(self.lw.host_ops) - 1,
                                             "tex": self.tex_op(inst)}))

    def typed_uav_operand(self, inst: ir.Instruction) -> ir.Operand | None:
        """The u# operand of an atomic on a UAV declared typed (its address is a texel coordinate), else None."""
        ops_ = inst.operands
        res = ops_[1] if inst.opcode >= Op.IMM_ATOMIC_ALLOC else ops_[0]
        if res.type == OT.UNORDERED_ACCESS_VIEW and res.register in self.lw.uav_typed:
            return res
        return None

    def typed_uav(self, index: int, inst: ir.Instruction) -> None:
        """ld_uav_typed / store_uav_typed / an atomic on a typed u#, as a host op with a :class:`TexOp` whose
        sources are read as raw bits (the reference's "n" getters): ``srcs[0]`` the address's four components
        (swizzled), then the stored value's four (store) or each atomic operand's first component."""
        o = inst.opcode
        ops_ = inst.operands
        lw = self.lw

        def four(x: ir.Operand) -> list[Src]:
            sw = x.components()
            return [self.src(x, sw[k], "n") for k in range(4)]

        dsts, sel = [], []
        if o == Op.LD_UAV_TYPED:
            dst, addr, res = ops_
            comps, dsts = self.dst(dst)
            sel = [res.components()[d] for d in comps]
            srcs = [four(addr)]
            lw.uav_read.add(res.register)
        elif o == Op.STORE_UAV_TYPED:
            res, addr, val = ops_
            srcs = [four(addr), four(val)]
            lw.uav_written.add(res.register)
        else:
            imm = o >= Op.IMM_ATOMIC_ALLOC
            dst, res, addr, rest = (ops_[0], ops_[1], ops_[2], ops_[3:]) if imm else (None, ops_[0], ops_[1], ops_[2:])
            if dst is not None:
                dsts = self.dst(dst)[1][:1]
            srcs = [four(addr)] + [[self.src(r, r.components()[0], "n")] for r in rest]
            lw.uav_atomic = True
            lw.uav_read.add(res.register)
            lw.uav_written.add(res.register)
        if res.type != OT.UNORDERED_ACCESS_VIEW or any(ix.rel is not None for ix in res.indices):
            raise Unsupported(f"{Op(o).name.lower()} operand")
        self.host(index, inst)
        self.lw.ops[-1].info["tex"] = TexOp(int(o), srcs, dsts, sel, res.register, None, (), inst)

    def tex_op(self, inst: ir.Instruction) -> TexOp | None:
        """The texture-op form of a host instruction, or None when its operands are not plain registers
        (the callback then stays the only path)."""
        o = inst.opcode
        if o not in TEXTURE_OPS:
            return None
        try:
            ops_ = inst.operands
            kinds = (OT.RESOURCE, OT.RASTERIZER) if o in _RASTER_OK else (OT.RESOURCE,)
            res = next((x for x in ops_[1:] if x.type in kinds), None)
            smp = next((x for x in ops_[1:] if x.type == OT.SAMPLER), None)
            if res is None or any(ix.rel is not None for x in (res, smp) if x is not None for ix in x.indices):
                return None
            comps, dsts = self.dst(ops_[0])
            if ops_[0].type != OT.NULL and ops_[0].type not in (OT.TEMP, OT.OUTPUT, OT.INDEXABLE_TEMP):
                return None
            srcs = [[self.src(x, x.components()[k], "f") for k in range(4)] for x in ops_[1:]
                    if x.type not in (OT.RESOURCE, OT.SAMPLER, OT.RASTERIZER)]
            sw = res.components()
            return TexOp(int(o), srcs, dsts, [sw[c] for c in comps], res.register if res.type == OT.RESOURCE else -1,
                         smp.register if smp is not None else None, tuple(inst.texel_offset), inst)
        except Unsupported:
            return None

    def lower_range(self, start: int, end: int) -> None:
        """Lower instructions ``start`` .. ``end`` - 1 of the program (the main program or one subroutine)."""
        prog = self.prog
        graphics = prog.program_type != ir.ProgramType.COMPUTE
        for index in range(start, end):
            inst = prog.instructions[index]
            o = inst.opcode
            if o in _SKIP:
                continue
            if o in TYPED_UAV_HOST or (o in _ATOMIC and self.typed_uav_operand(inst) is not None):
                self.typed_uav(index, inst)
                continue
            if o in (Op.CALL, Op.CALLC):
                self.call(inst)
                continue
            if o not in SUPPORTED:
                # compute kernels take only texture ops here, and run only where the pipeline's native
                # sampler compiles every one (runtime.dispatch has no host callback)
                if o in HOST and (graphics or o in TEXTURE_OPS):
                    self.host(index, inst)
                    continue
                raise Unsupported(f"instruction {Op(o).name.lower()}")
            self.inst(inst)

    def call(self, inst: ir.Instruction) -> None:
        """``call l#`` / ``callc_z|nz c, l#`` inlined (D3D11.3 §22.7.5-7; the reference's flow.op_call): the
        callee's body is lowered in place inside a 'call' frame, an if-like construct whose saved mask
        (slot) is the caller's mask and whose body runs the calling lanes (all of them, or those passing the
        condition). ``ret`` / ``retc`` inside the body leave the innermost 'call' frame (``above``), so those
        lanes idle until the body ends, where the caller's mask comes back (the reference's function end).
        Class-linkage programs reach here linked (exec/interfaces.link_program: fcall became call l#), so the
        kernel is specialised per bound-instance set as the linked program is. The limit of 32 return
        addresses is static here as the nesting is: a call issued at depth 32 is skipped (the call / callc asm
        pages: "the call is skipped over"; the reference's flow.MAX_CALL_DEPTH), so it emits nothing, and a
        recursive chain inlines 32 levels deep. Inlining that passes MAX_INLINED_OPS lowered operations (a body
        calling itself twice doubles per level) is not compiled."""
        ops_ = inst.operands
        lab = ops_[-1].register
        if lab not in self.bodies:
            raise Unsupported(f"call to undefined label l{lab}")
        if self.outline:
            self.call_site(inst, lab)
            return
        if self.call_depth >= MAX_CALL_DEPTH:
            return  # skipped over: no lane of any condition enters a 33rd level
        if len(self.lw.ops) > MAX_INLINED_OPS:
            raise Unsupported(f"inlined subroutines past {MAX_INLINED_OPS} operations")
        if inst.opcode == Op.CALLC:
            cond, nz = self.cond(ops_[0]), inst.test_nonzero
        else:
            cond, nz = Src("imm", 0, 0, None, "none", "n", 0xFFFFFFFF), True
        f = self.push("call", 2)  # slot: the caller's mask, slot+1: the if-like op's other lanes (unread)
        self.lw.ops.append(LOp("if", info={"frame": f, "cond": cond, "nz": nz}))
        self.call_depth += 1
        self.lower_range(*self.bodies[lab])
        self.call_depth -= 1
        if not self.stack or self.stack[-1] is not f:
            raise Unsupported("unbalanced flow control in a subroutine")
        self.lw.ops.append(LOp("endif", info={"frame": self.pop("call")}))

    def call_site(self, inst: ir.Instruction, lab: int) -> None:
        """(outline) ``call`` / ``callc``: a "callsite" op entering the one copy of body ``lab`` (out_of_line_bodies);
        the generator skips it when no lane takes it or 32 calls are already active (the reference's
        flow.op_call: "If there are already 32 entries on the return address stack and a call is issued, the call
        is skipped over")."""
        if inst.opcode == Op.CALLC:
            cond, nz = self.cond(inst.operands[0]), inst.test_nonzero
        else:
            cond, nz = Src("imm", 0, 0, None, "none", "n", 0xFFFFFFFF), True
        site = self.n_sites
        self.n_sites += 1
        if lab not in self.sites:
            self.sites[lab] = []
            self.needed.append(lab)
        self.sites[lab].append(site)
        # "above": the caller's frames at the site, whose masks lose the lanes a GS emit retired inside the call
        # (llvm_flow.retire_after_call)
        self.lw.ops.append(LOp("callsite", info={"label": lab, "site": site, "cond": cond, "nz": nz,
                                                 "above": list(self.stack)}))

    def outline_bodies(self) -> None:
        """(outline) The bodies the program calls, each lowered once after the main program's end (a halt) in a
        "call" frame of its own, on mask slots no other body or the main program uses (so a call saves and
        restores only its callee's slots); ``ret`` inside leaves that frame as in the inlined form."""
        lw = self.lw
        if not lw.ops or lw.ops[-1].kind != "halt":
            lw.ops.append(LOp("halt"))
        k = 0
        while k < len(self.needed):  # a body may call bodies not yet lowered
            lab = self.needed[k]
            k += 1
            self.next_slot = lw.n_mask_slots
            f = self.push("call", 2)
            lw.ops.append(LOp("body", info={"label": lab, "frame": f}))
            self.lower_range(*self.bodies[lab])
            if not self.stack or self.stack[-1] is not f:
                raise Unsupported("unbalanced flow control in a subroutine")
            self.pop("call")
            nslots = lw.n_mask_slots - f.slot
            lw.call_bodies[lab] = (f.slot, nslots, self.sites[lab])
            lw.ops.append(LOp("bodyend", info={"label": lab, "frame": f}))

    def mem(self, res: ir.Operand, read: bool = False, write: bool = False, atomic: bool = False) -> tuple:
        """('g', slot) groupshared, ('u', slot) UAV buffer or ('t', slot) SRV buffer."""
        t, slot = res.type, res.register
        lw = self.lw
        if t == OT.THREAD_GROUP_SHARED_MEMORY:
            if slot not in lw.tgsm:
                raise Unsupported("undeclared groupshared register")
            if atomic:
                lw.has_tgsm_atomic = True
            return ("g", slot)
        if t == OT.UNORDERED_ACCESS_VIEW:
            lw.uavs.add(slot)
            if read:
                lw.uav_read.add(slot)
            if write:
                lw.uav_written.add(slot)
            if atomic:
                lw.uav_atomic = True
                lw.uav_read.add(slot)
            return ("u", slot)
        if t == OT.RESOURCE:
            lw.srvs.add(slot)
            return ("t", slot)
        raise Unsupported(f"memory operand {OT(t).name}")


def lower(prog: ir.Program) -> Lowered:
    """Lower ``prog``; raises :class:`Unsupported` naming the first thing not compiled."""
    if prog.program_type not in (ir.ProgramType.COMPUTE, ir.ProgramType.VERTEX, ir.ProgramType.PIXEL,
                                 ir.ProgramType.GEOMETRY, ir.ProgramType.HULL, ir.ProgramType.DOMAIN):
        raise Unsupported(f"{ir.ProgramType(prog.program_type).name.lower()} shaders")
    try:
        return _Lowerer(prog).run()
    except Unsupported as e:
        if not OUTLINE_CALLS or not str(e).startswith("inlined subroutines past"):
            raise
    # inlining would not end (a body calling itself twice doubles per level): each body once, out of line
    return _Lowerer(prog, outline=True).run()


#: op kinds whose destination registers are not counted by :func:`unconditional_outputs` (their writes may skip
#: lanes: helper lanes of memory operations, host callbacks)
_UNCOUNTED = frozenset({"host", "atomic", "counter", "load", "bufinfo", "store"})
#: op kinds after which (at the top level) later writes may be masked per lane: a conditional return, a discard,
#: the end of the program (a return or discard inside a construct stops the scan too, in the loop below)
_STOPS = frozenset({"leave", "continue", "discard", "halt", "gsemit", "callsite", "body"})


def unconditional_outputs(lw: Lowered) -> frozenset:
    """The (register, component) pairs of output registers ``o#`` that every lane the kernel runs writes: the
    destinations of ALU operations at the top level of the program (outside any if / loop / switch), before
    the first operation that can leave lanes behind (a return or discard at any depth, a halt). A caller may skip
    initialising those components to the reference's starting value (0) because the kernel overwrites them in
    every lane (fused_gen's batch function, FusedKey.o_written). Indexed destinations (``o[r0.x]``) and the
    destinations of memory / host operations are not counted (conservative: fewer pairs only costs a memset)."""
    out = set()
    depth = 0
    for op in lw.ops:
        k = op.kind
        tgt = op.info.get("target") if k == "leave" else None
        if k == "discard" or (k == "leave" and getattr(tgt, "kind", None) not in ("loop", "switch")):
            break  # a return (or discard) at any depth: the lanes it leaves behind skip every later write
        if k in ("if", "loop", "switch"):
            depth += 1
            continue
        if k in ("endif", "endloop", "endswitch"):
            depth -= 1
            continue
        if depth:
            continue
        if k in _STOPS:
            break
        if k in _UNCOUNTED:
            continue
        dsts = list(op.dsts)
        for part in op.info.get("parts", ()) if k.endswith("2") else ():
            dsts.extend(part[0])
        out.update((d.reg, d.comp) for d in dsts if d.file == "o" and d.rel is None)
    return frozenset(out)
