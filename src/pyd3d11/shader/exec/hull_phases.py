"""Hull-shader phase support for the reference executor (D3D11.3 §10.6, §22.3.14–22.3.26).

A hull shader is one program made of an ``hs_decls`` section followed by at most one
``hs_control_point_phase`` and any number of ``hs_fork_phase`` / ``hs_join_phase`` programs. Each phase
is a standalone program that shares the global declarations (constant buffers, resources, samplers,
the immediate constant buffer). :func:`split_hull_program` turns the phases into ordinary programs the
executor already runs, by rewriting the HS-only register files onto the 2-D input file ``v[vertex][reg]``:

* control-point phase: ``v[cp][reg]`` / ``vicp[cp][reg]`` → ``v[cp][reg]`` (input control points);
* fork / join phases: ``vicp[i][r]`` → ``v[i][r]``, ``vocp[i][r]`` → ``v[IN + i][r]`` and
  ``vpc[r]`` → ``v[IN + OUT][r]``, where IN / OUT are the declared control-point counts;
* domain shader (:func:`split_domain_program`): ``vicp[i][r]`` → ``v[i][r]``, ``vpc[r]`` → ``v[CP][r]``.

Relative indices keep working because only the immediate part of the vertex index moves.
``vOutputControlPointID``, ``vForkInstanceID``, ``vJoinInstanceID``, ``vPrim`` and ``vDomain`` are
executor system values (``ExecState.sv``). :func:`run_patch_constant_phases` runs fork and join phases
with all patches as lanes, one pass per instance, accumulating into a shared patch-constant output file
(the phases write non-overlapping registers, §10.5.2).
"""

from __future__ import annotations

import copy
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...errors import E_INVALIDARG, InvalidArgError
from .. import ir
from .reference import Compiled, compile_program, execute, new_state
from .state import ExecState

Op = ir.Opcode
OT = ir.OperandType
U32 = np.uint32

#: Patch-constant output registers (§10.11: 32 vec4 elements).
PATCH_CONSTANT_REGISTERS = 32
#: Control points per patch at most (§10.7).
MAX_CONTROL_POINTS = 32

_PHASE_MARKERS = {Op.HS_DECLS: "decls", Op.HS_CONTROL_POINT_PHASE: "control_point", Op.HS_FORK_PHASE: "fork",
                  Op.HS_JOIN_PHASE: "join"}
#: Declarations that belong to the whole shader (shared by every phase).
_GLOBAL_DECLS = {Op.DCL_CONSTANTBUFFER, Op.DCL_SAMPLER, Op.DCL_RESOURCE, Op.DCL_RESOURCE_RAW,
                 Op.DCL_RESOURCE_STRUCTURED, Op.DCL_UAV_TYPED, Op.DCL_UAV_RAW, Op.DCL_UAV_STRUCTURED,
                 Op.DCL_GLOBALFLAGS, Op.CUSTOMDATA, Op.DCL_FUNCTION_BODY, Op.DCL_FUNCTION_TABLE,
                 Op.DCL_INTERFACE}


@dataclass(slots=True, eq=False)
class Phase:
    """One runnable HS phase. ``kind`` is 'control_point', 'fork' or 'join'."""

    kind: str
    program: ir.Program
    compiled: Compiled
    instance_count: int = 1


@dataclass(slots=True, eq=False)
class HullInfo:
    """Everything the pipeline needs from a hull shader's declarations (§10.3, §11.7.15)."""

    input_control_points: int = 0
    output_control_points: int = 0
    domain: int = 0  # D3D11_TESSELLATOR_DOMAIN
    partitioning: int = 0  # D3D11_TESSELLATOR_PARTITIONING
    output_primitive: int = 0  # D3D11_TESSELLATOR_OUTPUT_PRIMITIVE
    max_tess_factor: float | None = None
    control_point_phase: Phase | None = None
    fork_phases: list[Phase] = field(default_factory=list)
    join_phases: list[Phase] = field(default_factory=list)
    #: D3D10_SB_NAME (11–22) → (patch-constant register, component) from ``dcl_output_siv``.
    tess_factor_outputs: dict[int, tuple[int, int]] = field(default_factory=dict)


def _remap_operand(op: ir.Operand, table: dict[int, tuple[int, bool]]) -> None:
    """Rewrite an operand in place. ``table``: operand type → (vertex offset, is_1d)."""
    for ix in op.indices:
        if ix.rel is not None:
            _remap_operand(ix.rel, table)
    hit = table.get(op.type)
    if hit is None:
        return
    offset, one_d = hit
    if one_d:  # vpc[r] → v[offset][r]
        op.indices = [ir.Index(ir.IndexRep.IMMEDIATE32, offset)] + op.indices
    else:
        first = op.indices[0]
        op.indices = [ir.Index(first.rep, first.value + offset, first.rel)] + op.indices[1:]
    op.type = OT.INPUT


#: phase / rewritten program -> (the program it was cut from, original instruction index of each instruction)
_ORIGIN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def program_origin(program: ir.Program) -> tuple[ir.Program, list[int]] | None:
    """For a hull phase or rewritten domain program run by the pipeline: the shader program it came from and,
    per instruction, its index there (so the debugger maps line tables and live ranges onto it); else None."""
    return _ORIGIN.get(program)


def _build(ptype: ir.ProgramType, major: int, minor: int, header: list[ir.Instruction],
           body: list[ir.Instruction], table: dict[int, tuple[int, bool]],
           source: ir.Program | None = None) -> ir.Program:
    code = []
    for inst in body:
        if any(o.type in table or any(ix.rel is not None for ix in o.indices) for o in inst.operands):
            inst = copy.deepcopy(inst)
            for o in inst.operands:
                _remap_operand(o, table)
        code.append(inst)
    prog = ir.Program(ptype, major, minor, list(header) + code)
    if source is not None:
        where = {id(inst): k for k, inst in enumerate(source.instructions)}
        _ORIGIN[prog] = (source, [where.get(id(inst), -1) for inst in list(header) + list(body)])
    return prog


def _instance_count(body: list[ir.Instruction], opcode: int) -> int:
    for inst in body:
        if inst.opcode == opcode:
            return inst.extra[0] if inst.extra else inst.controls
    return 1


# Programs are slots dataclasses (not weak-referenceable): keep a small id-keyed cache that also holds
# the program itself so its id stays valid while cached.
_SPLIT_CACHE: OrderedDict[int, tuple[ir.Program, Any]] = OrderedDict()
_CACHE_SIZE = 64


def _cached(program: ir.Program, build: Any) -> Any:
    key = id(program)
    hit = _SPLIT_CACHE.get(key)
    if hit is not None and hit[0] is program:
        _SPLIT_CACHE.move_to_end(key)
        return hit[1]
    value = build(program)
    _SPLIT_CACHE[key] = (program, value)
    while len(_SPLIT_CACHE) > _CACHE_SIZE:
        _SPLIT_CACHE.popitem(last=False)
    return value


def split_hull_program(program: ir.Program) -> HullInfo:
    """Split a hull shader into runnable phases and read its state declarations (cached)."""
    return _cached(program, _split_hull)


def _split_hull(program: ir.Program) -> HullInfo:
    if program.program_type != ir.ProgramType.HULL:
        raise InvalidArgError(E_INVALIDARG, "split_hull_program: not a hull shader")
    info = HullInfo()
    sections: list[tuple[str, list[ir.Instruction]]] = [("decls", [])]
    for inst in program.instructions:
        kind = _PHASE_MARKERS.get(inst.opcode)
        if kind is not None:
            sections.append((kind, []))
        else:
            sections[-1][1].append(inst)
    # §22.3.49: "In the Hull Shader ... all function bodies (label fb#) appear after all the phases (as opposed
    # to being grouped by phase)"; subroutines (label l#) likewise end the program. They are cut off the last
    # phase and given to every phase: each runs the bodies its own calls reach, with its own temps.
    last = sections[-1][1]
    cut = next((k for k, inst in enumerate(last) if inst.opcode == Op.LABEL), None) if len(sections) > 1 else None
    if cut is not None:
        tail = last[cut:]
        del last[cut:]
        for kind, body in sections:
            if kind != "decls":
                body.extend(tail)
    header = []
    for kind, body in sections:
        if kind != "decls":
            continue
        for inst in body:
            o = inst.opcode
            if o == Op.DCL_INPUT_CONTROL_POINT_COUNT:
                info.input_control_points = inst.controls
            elif o == Op.DCL_OUTPUT_CONTROL_POINT_COUNT:
                info.output_control_points = inst.controls
            elif o == Op.DCL_TESS_DOMAIN:
                info.domain = inst.controls
            elif o == Op.DCL_TESS_PARTITIONING:
                info.partitioning = inst.controls
            elif o == Op.DCL_TESS_OUTPUT_PRIMITIVE:
                info.output_primitive = inst.controls
            elif o == Op.DCL_HS_MAX_TESSFACTOR:
                info.max_tess_factor = float(np.array(inst.extra[:1], U32).view(np.float32)[0])
            elif o in _GLOBAL_DECLS:
                header.append(inst)
    n_in, n_out = info.input_control_points, info.output_control_points
    cp_table = {OT.INPUT_CONTROL_POINT: (0, False)}
    pc_table = {OT.INPUT_CONTROL_POINT: (0, False), OT.OUTPUT_CONTROL_POINT: (n_in, False),
                OT.INPUT_PATCH_CONSTANT: (n_in + n_out, True)}
    major, minor = program.major, program.minor
    for kind, body in sections:
        if kind == "decls":
            continue
        if kind == "control_point":
            prog = _build(program.program_type, major, minor, header, body, cp_table, program)
            info.control_point_phase = Phase(kind, prog, compile_program(prog))
            continue
        count = _instance_count(body, Op.DCL_HS_FORK_PHASE_INSTANCE_COUNT if kind == "fork"
                                else Op.DCL_HS_JOIN_PHASE_INSTANCE_COUNT)
        prog = _build(program.program_type, major, minor, header, body, pc_table, program)
        phase = Phase(kind, prog, compile_program(prog), count)
        (info.fork_phases if kind == "fork" else info.join_phases).append(phase)
        for inst in body:
            if inst.opcode == Op.DCL_OUTPUT_SIV and inst.extra:
                name = inst.extra[0] & 0xFFFF
                op = inst.operands[0]
                comps = op.written()
                info.tess_factor_outputs[name] = (op.indices[-1].value, comps[0] if comps else 0)
    return info


@dataclass(slots=True, eq=False)
class DomainInfo:
    program: ir.Program
    compiled: Compiled
    input_control_points: int
    domain: int


def split_domain_program(program: ir.Program, control_points: int | None = None) -> DomainInfo:
    """A domain shader with ``vicp`` / ``vpc`` rewritten onto ``v[vertex][reg]`` (cached).

    ``control_points`` overrides ``dcl_input_control_point_count`` (the HS output count)."""
    info = _cached(program, _split_domain)
    if control_points is not None and control_points != info.input_control_points:
        return _split_domain(program, control_points)
    return info


def _split_domain(program: ir.Program, control_points: int | None = None) -> DomainInfo:
    if program.program_type != ir.ProgramType.DOMAIN:
        raise InvalidArgError(E_INVALIDARG, "split_domain_program: not a domain shader")
    n_cp, domain = 0, 0
    for inst in program.instructions:
        if inst.opcode == Op.DCL_INPUT_CONTROL_POINT_COUNT:
            n_cp = inst.controls
        elif inst.opcode == Op.DCL_TESS_DOMAIN:
            domain = inst.controls
    if control_points is not None:
        n_cp = control_points
    table = {OT.INPUT_CONTROL_POINT: (0, False), OT.INPUT_PATCH_CONSTANT: (n_cp, True)}
    prog = _build(program.program_type, program.major, program.minor, [], program.instructions, table, program)
    return DomainInfo(prog, compile_program(prog), n_cp, domain)


def run_phase(phase: Phase, n: int, inputs: np.ndarray, bindings: Any, system_values: dict[int, np.ndarray],
              outputs: np.ndarray | None = None, hooks: Any = None,
              execute_fn: Callable[[Compiled, ExecState], None] | None = None) -> np.ndarray:
    """Run one phase over ``n`` lanes; ``inputs`` internal (vertices, regs, 4, N). When ``outputs``
    ((regs, 4, N) uint32) is given the phase writes into it (registers it does not write keep their
    values); returns the output file (regs, 4, N). ``execute_fn`` runs the prepared state in place of
    ``execute`` (the debugger traces lanes through it; it must run every lane as ``execute`` does)."""
    c = phase.compiled
    st = new_state(c, n, inputs, bindings, system_values, None, hooks)
    if outputs is not None:
        if outputs.shape[0] < c.n_outputs:
            grown = np.zeros((c.n_outputs, 4, n), U32)
            grown[: outputs.shape[0]] = outputs
            outputs = grown
        st.o = outputs
    (execute_fn or execute)(c, st)
    return st.o


def run_patch_constant_phases(info: HullInfo, n_patches: int, inputs: np.ndarray, bindings: Any,
                              system_values: dict[int, np.ndarray], hooks: Any = None,
                              execute_fn: Callable[[Compiled, ExecState, dict], None] | None = None,
                              run_phase_fn: Callable[..., np.ndarray] | None = None) -> np.ndarray:
    """Fork phases, then join phases, all patches as lanes, one pass per instance (§10.5).

    ``inputs`` is the internal (IN + OUT + 1, regs, 4, P) file whose last vertex slot is ``vpc`` (filled
    here with the fork phases' results before the join phases run). Returns (32, 4, P) uint32.
    ``execute_fn(compiled, state, which)`` runs each phase instance in place of ``execute``; ``which`` names
    it: ``{"phase": "fork"|"join", "phase_index": k, "phase_instance": i}``. ``run_phase_fn`` (same
    arguments as :func:`run_phase`) runs each phase instance in place of :func:`run_phase` (another
    executor: the pipeline's native backend)."""
    pc = np.zeros((PATCH_CONSTANT_REGISTERS, 4, n_patches), U32)
    vpc_slot = info.input_control_points + info.output_control_points
    for kind, phases, sv_type in (("fork", info.fork_phases, OT.INPUT_FORK_INSTANCE_ID),
                                  ("join", info.join_phases, OT.INPUT_JOIN_INSTANCE_ID)):
        if sv_type == OT.INPUT_JOIN_INSTANCE_ID and phases:
            regs = min(pc.shape[0], inputs.shape[1])
            inputs[vpc_slot, :regs] = pc[:regs]
        for k, phase in enumerate(phases):
            for instance in range(phase.instance_count):
                sv = dict(system_values)
                sv[sv_type] = np.full(n_patches, instance, U32)
                run = None
                if execute_fn is not None:
                    which = {"phase": kind, "phase_index": k, "phase_instance": instance}
                    run = (lambda w: lambda c, st: execute_fn(c, st, w))(which)
                pc = (run_phase_fn or run_phase)(phase, n_patches, inputs, bindings, sv, pc, hooks, run)
    return pc
