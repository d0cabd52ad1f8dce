"""Shader debugger core: per-lane instruction traces (DESIGN §2 ``debug/``).

:func:`trace_execute` is a second run loop over the same compiled ops as
:func:`pyd3d11.shader.exec.reference.execute` (which stays untouched, so untraced runs cost nothing).
It runs every lane exactly as ``execute`` does (derivatives, quads and side effects are unchanged) and,
for the traced lanes only, records one :class:`TraceStep` per instruction the lane executed (and per
flow-control instruction that activated or deactivated it): the instruction's fxc-syntax text, the
lane's execution state and the register components the instruction wrote for that lane (uint32 bits,
shown as float and int). Memory writes (``store_*`` and atomics on u#/g#) record their address and
value operands instead.

:func:`trace_program` is the traced twin of :func:`pyd3d11.shader.exec.run_program` for any stage that
the executor runs alone (VS, PS, CS; GS/HS/DS programs too when called directly).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..shader import ir
from ..shader.dxbc import pydb
from ..shader.dxbc.disasm import instruction_text
from ..shader.dxbc.opcodes import OPCODES
from ..shader.exec import flow
from ..shader.exec.operands import SPECIAL_OUT, compile_src, index_getter
from ..shader.exec.reference import Compiled, finish, prepare_run
from ..shader.exec.state import ExecResult, ExecState

OT = ir.OperandType
Op = ir.Opcode
U32 = np.uint32
_COMP = "xyzw"

#: special scalar outputs → the name fxc prints
_SPECIAL_NAMES = {OT.OUTPUT_DEPTH: "oDepth", OT.OUTPUT_DEPTH_GREATER_EQUAL: "oDepthGE",
                  OT.OUTPUT_DEPTH_LESS_EQUAL: "oDepthLE", OT.OUTPUT_COVERAGE_MASK: "oMask",
                  OT.OUTPUT_STENCIL_REF: "oStencilRef"}
_MEMORY_TYPES = {OT.UNORDERED_ACCESS_VIEW: "u", OT.THREAD_GROUP_SHARED_MEMORY: "g"}
_OPEN = {Op.IF, Op.LOOP, Op.SWITCH}
_CLOSE = {Op.ENDIF, Op.ENDLOOP, Op.ENDSWITCH}


_DERIVED_INFO: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def debug_info_of(program: ir.Program) -> pydb.DebugInfo | None:
    """The SPDB debug information describing ``program``: its own, or — for a hull phase or domain program the
    pipeline cut out of a shader (:func:`pyd3d11.shader.exec.hull_phases.program_origin`) — the shader's, with
    the line table and live ranges moved onto the cut program's instruction indices."""
    info = pydb.lookup(program)
    if info is not None:
        return info
    got = _DERIVED_INFO.get(program)
    if got is not None:
        return got
    from ..shader.exec.hull_phases import program_origin

    origin = program_origin(program)
    if origin is None:
        return None
    source, index = origin
    base = pydb.lookup(source)
    if base is None:
        return None
    lines = [base.lines[k] if 0 <= k < len(base.lines) else None for k in index]
    pos = np.asarray(index, np.int64)

    def moved(live: list[int]) -> list[int]:
        inside = np.flatnonzero((pos >= live[0]) & (pos <= live[1]))
        return [int(inside[0]), int(inside[-1])] if inside.size else [1, 0]  # empty: never live here

    variables = []
    for v in base.variables:
        comps = [c if c is None or "live" not in c else {**c, "live": moved(c["live"])} for c in v["components"]]
        variables.append({**v, "components": comps})
    info = pydb.DebugInfo(list(base.files), dict(base.sources), lines, variables)
    _DERIVED_INFO[program] = info
    return info


def format_bits(bits: int) -> str:
    """One uint32 shown both ways: integers that look like integers first, everything else as float."""
    bits = int(bits) & 0xFFFFFFFF
    f = float(np.uint32(bits).view(np.float32))
    s = bits - (1 << 32) if bits & 0x80000000 else bits
    exp = bits >> 23 & 0xFF
    if exp == 0 and bits & 0x7FFFFF or (bits and -65536 <= s <= 65536):
        return f"{s} (0x{bits:08x} f={f:.9g})"
    return f"{f:.9g} (0x{bits:08x} i={s})"


#: instructions whose destination holds doubles (SM 5.0 double-precision arithmetic and the conversions to double)
_DOUBLE_RESULTS = frozenset({"dadd", "dmul", "dmax", "dmin", "dmov", "dmovc", "ddiv", "dfma", "drcp", "ftod", "itod",
                             "utod"})


@dataclass(slots=True, frozen=True)
class RegisterWrite:
    """One component an instruction wrote: ``register`` as fxc names it (``r3``, ``o0``, ``x1[2]``,
    ``oDepth``), ``component`` ('x'..'w', '' for scalar outputs) and the new bits."""

    register: str
    component: str
    bits: int

    @property
    def name(self) -> str:
        return f"{self.register}.{self.component}" if self.component else self.register

    @property
    def as_float(self) -> float:
        return float(np.uint32(self.bits).view(np.float32))

    @property
    def as_int(self) -> int:
        return int(np.uint32(self.bits).view(np.int32))

    @property
    def as_uint(self) -> int:
        return int(self.bits)

    def __str__(self) -> str:
        return f"{self.name} = {format_bits(self.bits)}"


@dataclass(slots=True, frozen=True)
class MemoryWrite:
    """A UAV / groupshared write or atomic: ``target`` (``u0``, ``g1``), the address operand words and
    the value operand words (as the instruction read them; helper and discarded lanes do not commit)."""

    target: str
    address: tuple[int, ...]
    values: tuple[int, ...]

    def __str__(self) -> str:
        addr = ", ".join(str(a) for a in self.address)
        vals = ", ".join(format_bits(v) for v in self.values)
        return f"{self.target}[{addr}] <- {vals}"


@dataclass(slots=True)
class TraceStep:
    """One executed instruction of one lane."""

    op_index: int  # index into Compiled.ops
    instruction_index: int  # index into program.instructions (declarations included)
    text: str  # fxc-syntax disassembly
    state: str  # 'active', 'masked' (flow control switched the lane off) or 'discarded'
    writes: list[RegisterWrite] = field(default_factory=list)
    memory: list[MemoryWrite] = field(default_factory=list)
    depth: int = 0  # flow-control nesting (for indentation)
    source_line: tuple[str, int] | None = None  # (file, line) of the HLSL statement, with /Zi debug information
    #: the source operands' bits as the instruction read them (swizzled, before modifiers), per operand in order;
    #: None for operands that are no values (resources, samplers, …)
    sources: list[tuple[int, ...] | None] = field(default_factory=list)

    @property
    def opcode(self) -> str:
        return self.text.split(" ", 1)[0]

    def write(self, name: str) -> RegisterWrite | None:
        """The write to ``name`` ('r3.y', 'o0.x', 'oDepth') by this step, if any."""
        return next((w for w in self.writes if w.name == name), None)

    def doubles(self) -> dict[str, float]:
        """For an instruction whose result is double precision, each written component pair as its float64 value,
        keyed like ``'r1.xy'`` (D3D11.3 §22.14: a double occupies .xy or .zw, the low word in the first component);
        empty for other instructions."""
        if self.opcode.split("_", 1)[0] not in _DOUBLE_RESULTS:
            return {}
        out: dict[str, float] = {}
        for lo_c, hi_c in (("x", "y"), ("z", "w")):
            for lo in self.writes:
                hi = next((w for w in self.writes if w.register == lo.register and w.component == hi_c), None)
                if lo.component == lo_c and hi is not None:
                    out[f"{lo.register}.{lo_c}{hi_c}"] = float(np.array([lo.bits, hi.bits], np.uint32).view(np.float64)[0])
        return out

    def __str__(self) -> str:
        dbl = [f"{k} = {v!r}d" for k, v in self.doubles().items()]
        extra = "   ".join([str(w) for w in self.writes + self.memory] + dbl)  # type: ignore[operator]
        flag = "" if self.state == "active" else f"   [{self.state}]"
        return f"{self.instruction_index:4d}: {'  ' * self.depth}{self.text}{flag}" + (f"   {extra}" if extra else "")


@dataclass(slots=True)
class HlslStep:
    """One executed HLSL line: ``steps[first..last]`` of the trace are its DXBC instructions."""

    file: str
    line: int
    text: str
    first: int
    last: int


@dataclass(slots=True)
class ShaderTrace:
    """What one invocation (lane) of a program did, step by step."""

    program: ir.Program
    lane: int
    steps: list[TraceStep] = field(default_factory=list)
    invocation: dict[str, Any] = field(default_factory=dict)  # stage-specific identity (pixel, thread, …)
    helper: bool = False  # a pixel-shader helper lane (runs for derivatives only)
    #: the invocation's input register file as its stage supplied it (uint32 bits; (vertex or control point,
    #: register, component) for GS/HS/DS invocations traced from a draw), None when not recorded
    inputs: np.ndarray | None = None

    @property
    def discarded(self) -> bool:
        return any(s.state == "discarded" for s in self.steps)

    def steps_at(self, instruction_index: int) -> list[TraceStep]:
        """Every execution of one instruction (several inside loops)."""
        return [s for s in self.steps if s.instruction_index == instruction_index]

    def value_after(self, instruction_index: int, name: str, occurrence: int = -1) -> RegisterWrite | None:
        """The value ``name`` ('r3.y') held after the given execution of an instruction: the latest write to
        it at or before that step (None when nothing wrote it yet)."""
        hits = [i for i, s in enumerate(self.steps) if s.instruction_index == instruction_index]
        if not hits:
            return None
        upto = hits[occurrence]
        for s in reversed(self.steps[:upto + 1]):
            w = s.write(name)
            if w is not None:
                return w
        return None

    def writes_to(self, name: str) -> list[tuple[TraceStep, RegisterWrite]]:
        """Every write to ``name`` in order, with the step that made it ("why does r3.y hold that")."""
        return [(s, w) for s in self.steps for w in s.writes if w.name == name]

    def final(self, name: str) -> RegisterWrite | None:
        hits = self.writes_to(name)
        return hits[-1][1] if hits else None

    # -- HLSL level (programs compiled with D3DCOMPILE_DEBUG / fxc /Zi: the SPDB chunk) ------------------------
    @property
    def debug_info(self) -> pydb.DebugInfo | None:
        """The program's debug information, or None (then only DXBC-level stepping exists)."""
        return debug_info_of(self.program)

    @property
    def source(self) -> dict[str, str] | None:
        info = self.debug_info
        return None if info is None else dict(info.sources)

    def hlsl_steps(self) -> list[HlslStep]:
        """The run as HLSL lines: consecutive executed instructions of one source line form one step, in
        execution order (a loop body's lines repeat per iteration). Empty without debug information."""
        out: list[HlslStep] = []
        info = self.debug_info
        prev = -1  # the previous step shown (masked steps, where flow control switched the lane off, are not)
        for k, st in enumerate(self.steps):
            if st.source_line is None or st.state == "masked":
                continue
            if out and out[-1].file == st.source_line[0] and out[-1].line == st.source_line[1] and \
                    out[-1].last == prev:
                out[-1].last = prev = k
                continue
            prev = k
            text = info.source_line(*st.source_line) if info is not None else ""
            out.append(HlslStep(st.source_line[0], st.source_line[1], text, k, k))
            prev = k
        return out

    def variables(self, step: int) -> dict[str, list[int | None]]:
        """HLSL variables in scope after DXBC step ``step`` (an index into ``steps``) — locals and the entry
        point's parameters, and each struct member of them as ``name.member`` — : name -> the bits of each
        scalar component, or None for a component not available there (optimised away, not yet written, or its
        register is outside the live range and may hold another value)."""
        info = self.debug_info
        if info is None or not 0 <= step < len(self.steps):
            return {}
        at = self.steps[step]
        where = at.source_line
        out: dict[str, list[int | None]] = {}
        for v in info.variables:
            if where is None or v["file"] != where[0] or not v["first"] <= where[1] <= v["last"]:
                continue
            vals: list[int | None] = []
            for comp in v["components"]:
                if comp is not None and "input" in comp:
                    vals.append(self._input_bits(comp["input"], comp["comp"], comp.get("patch") == "output"))
                    continue
                if comp is None or not comp["live"][0] <= at.instruction_index <= comp["live"][1]:
                    vals.append(None)
                    continue
                name = f"r{comp['reg']}.{_COMP[comp['comp']]}"
                val = None
                for s in reversed(self.steps[:step + 1]):
                    w = s.write(name)
                    if w is not None:
                        val = w.bits
                        break
                vals.append(val)
            out[v["name"]] = vals
            for m in v.get("members", ()):
                out[f"{v['name']}.{m['name']}" if not m["name"].startswith("[") else v["name"] + m["name"]] = \
                    vals[m["offset"]:m["offset"] + m["count"]]
        return out

    def _input_bits(self, index: list[int], comp: int, output_patch: bool = False) -> int | None:
        """A component of the invocation's input file (read-only input registers: valid everywhere). A hull
        shader's patch-constant phase sees its output control points after the input ones."""
        a = self.inputs
        if a is None:
            return None
        if output_patch:
            from ..shader.exec.hull_phases import program_origin, split_hull_program

            origin = program_origin(self.program)
            if origin is None or origin[0].program_type != ir.ProgramType.HULL:
                return None
            index = [index[0] + split_hull_program(origin[0]).input_control_points, *index[1:]]
        key = tuple(index) + (comp,)
        if len(key) != a.ndim or any(not 0 <= k < n for k, n in zip(key, a.shape)):
            return None
        return int(a[key])

    def cursor(self) -> TraceCursor:
        """A position in this trace that steps forwards and backwards by DXBC instruction or HLSL line."""
        return TraceCursor(self)

    def format(self) -> str:
        who = ", ".join(f"{k}={v}" for k, v in self.invocation.items()) or f"lane {self.lane}"
        head = f"// trace of {who}" + (" (helper lane)" if self.helper else "")
        return "\n".join([head] + [str(s) for s in self.steps])

    __str__ = format


class TraceCursor:
    """Stepping through a recorded :class:`ShaderTrace` (the whole run is recorded, so every direction is
    exact): ``pos`` is the current DXBC step (an index into ``trace.steps``); the state shown is the one after
    that step. ``forward``/``back`` move by instructions, ``next_line``/``prev_line`` by HLSL lines (to the last
    instruction of the next/previous executed line, as a source-level debugger stops after a statement)."""

    def __init__(self, trace: ShaderTrace) -> None:
        self.trace = trace
        self.pos = 0
        self._lines = trace.hlsl_steps()

    @property
    def step(self) -> TraceStep | None:
        return self.trace.steps[self.pos] if self.trace.steps else None

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.trace.steps) - 1

    @property
    def line(self) -> tuple[str, int] | None:
        """(file, line) of the current step (None without debug information or on a declaration)."""
        st = self.step
        return None if st is None else st.source_line

    def goto(self, pos: int) -> TraceCursor:
        self.pos = max(0, min(int(pos), len(self.trace.steps) - 1))
        return self

    def forward(self, n: int = 1) -> TraceCursor:
        return self.goto(self.pos + n)

    def back(self, n: int = 1) -> TraceCursor:
        return self.goto(self.pos - n)

    def _line_index(self) -> int:
        k = -1
        for i, h in enumerate(self._lines):
            if h.first <= self.pos:
                k = i
        return k

    def next_line(self) -> bool:
        """Move to the end of the next HLSL line; False (not moved) at the last one."""
        k = self._line_index()
        if k + 1 >= len(self._lines):
            return False
        self.pos = self._lines[k + 1].last
        return True

    def prev_line(self) -> bool:
        """Move to the end of the previous HLSL line; False (not moved) at the first one."""
        k = self._line_index()
        if k <= 0:
            return False
        self.pos = self._lines[k - 1].last
        return True

    def variables(self) -> dict[str, list[int | None]]:
        return self.trace.variables(self.pos)

    def registers(self) -> dict[str, int]:
        """Every register component written so far: name ('r0.x', 'o0.w') -> its bits after the current step."""
        out: dict[str, int] = {}
        for st in self.trace.steps[:self.pos + 1]:
            for w in st.writes:
                out[w.name] = w.bits
        return out


# ----------------------------------------------------------------------------------------------------
# Per-op recorders (built once per Compiled, cached)
# ----------------------------------------------------------------------------------------------------

@dataclass(slots=True)
class _OpInfo:
    text: str
    depth: int
    # (label(index_value) -> str, read(st, lanes, index_values) -> (k, L) bits, components, index getter)
    dests: list[tuple[Callable, Callable, tuple[int, ...], Callable | None]]
    mem: tuple[str, list[Callable], list[Callable]] | None  # target, address getters, value getters
    srcs: list[Callable | None] = field(default_factory=list)  # source operand getters (bits, swizzled)


def _file(t: int) -> tuple[str, Callable[[ExecState], np.ndarray]]:
    if t == OT.TEMP:
        return "r", lambda st: st.r
    return "o", lambda st: st.o


def _dest(d: ir.Operand) -> tuple[Callable, Callable, tuple[int, ...], Callable | None] | None:
    t = d.type
    comps = d.written()
    if t in SPECIAL_OUT:
        name = _SPECIAL_NAMES.get(t, OT(t).name)

        def read_sp(st: ExecState, lanes: np.ndarray, idx: Any) -> np.ndarray | None:
            a = st.special_out.get(t)
            return None if a is None else np.asarray(a[0])[None, lanes]

        return (lambda i: name), read_sp, ("",), None
    if t in (OT.TEMP, OT.OUTPUT) and d.indices:
        prefix, rf = _file(t)
        ig = index_getter(d.indices[0])

        def read_rf(st: ExecState, lanes: np.ndarray, idx: np.ndarray) -> np.ndarray | None:
            arr = rf(st)
            ok = (idx >= 0) & (idx < arr.shape[0])
            out = np.zeros((len(comps), lanes.size), U32)
            if ok.any():
                out[:, ok] = arr[idx[ok][None, :], np.asarray(comps)[:, None], lanes[ok][None, :]]
            return out

        return (lambda i: f"{prefix}{i}"), read_rf, comps, ig
    if t == OT.INDEXABLE_TEMP and len(d.indices) >= 2:
        reg = d.indices[0].value
        ig = index_getter(d.indices[1])

        def read_x(st: ExecState, lanes: np.ndarray, idx: np.ndarray) -> np.ndarray | None:
            arr = st.x.get(reg)
            if arr is None:
                return None
            ok = (idx >= 0) & (idx < arr.shape[0])
            out = np.zeros((len(comps), lanes.size), U32)
            if ok.any():
                out[:, ok] = arr[idx[ok][None, :], np.asarray(comps)[:, None], lanes[ok][None, :]]
            return out

        return (lambda i: f"x{reg}[{i}]"), read_x, comps, ig
    return None  # null, stream, … (nothing per lane to show)


def _memory(inst: ir.Instruction, ndst: int) -> tuple[str, list[Callable], list[Callable]] | None:
    ops = inst.operands
    # stores / atomics name the u#/g# as their last destination (imm_atomic_*: dst temp, then u#/g#)
    first = ops[ndst - 1] if len(ops) >= ndst else None
    if first is None or first.type not in _MEMORY_TYPES:
        return None
    target = f"{_MEMORY_TYPES[first.type]}{first.register}"
    rest = ops[ndst:]
    if inst.opcode in (Op.STORE_RAW, Op.STORE_STRUCTURED, Op.STORE_UAV_TYPED):
        addr_ops, val_ops = rest[:-1], rest[-1:]
        val_comps = tuple(val_ops[0].components()[c] for c in first.written()) if val_ops else ()
    else:  # atomics: one address operand, the rest are values
        addr_ops, val_ops = rest[:1], rest[1:]
        val_comps = None
    typed = inst.opcode == Op.STORE_UAV_TYPED
    addr = [compile_src(o, o.components() if typed else (o.components()[0],), "n") for o in addr_ops]
    vals = [compile_src(o, val_comps if val_comps is not None else (o.components()[0],), "n") for o in val_ops]
    return target, addr, vals


def _source(o: ir.Operand) -> Callable | None:
    """A getter of the bits a source operand supplies (its swizzled components), or None when it is no value."""
    if o.type in _NOT_VALUES:
        return None
    try:
        return compile_src(o, tuple(o.components()), "n")
    except Exception:  # noqa: BLE001 - operand kinds the reference reads only inside its own ops
        return None


_NOT_VALUES = {OT.RESOURCE, OT.SAMPLER, OT.UNORDERED_ACCESS_VIEW, OT.THREAD_GROUP_SHARED_MEMORY, OT.STREAM,
               OT.LABEL, OT.FUNCTION_BODY, OT.FUNCTION_TABLE, OT.INTERFACE}


_INFO_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _op_infos(c: Compiled) -> list[_OpInfo]:
    try:
        got = _INFO_CACHE.get(c.program)
    except TypeError:
        got = None
    if got is not None and got[0] is c:
        return got[1]
    if len(c.op_inst) != len(c.ops):
        raise NotSupportedError("shader trace: the compiled program has no op → instruction mapping")
    insts = c.program.instructions
    depth_of: dict[int, int] = {}
    depth = 0
    for i, inst in enumerate(insts):
        if inst.opcode in _CLOSE or inst.opcode == Op.ELSE:
            depth = max(depth - 1, 0)
        depth_of[i] = depth
        if inst.opcode in _OPEN or inst.opcode == Op.ELSE:
            depth += 1
    infos = []
    cache: dict[int, _OpInfo] = {}
    for k, ii in enumerate(c.op_inst):
        if ii in cache:
            infos.append(cache[ii])
            continue
        inst = insts[ii]
        ndst = OPCODES[inst.opcode].num_dst if 0 <= inst.opcode < len(OPCODES) else 0
        kind = c.ops[k][0]
        dests = []
        mem = None
        srcs: list[Callable | None] = []
        if kind == 0 and ndst:
            dests = [x for x in (_dest(d) for d in inst.operands[:ndst]) if x is not None]
            mem = _memory(inst, ndst)
            srcs = [_source(o) for o in inst.operands[ndst:]]
        cache[ii] = _OpInfo(instruction_text(inst).rstrip(), depth_of[ii], dests, mem, srcs)
        infos.append(cache[ii])
    try:
        _INFO_CACHE[c.program] = (c, infos)  # keyed by the Program (Compiled has no weakref slot)
    except TypeError:
        pass
    return infos


def _lane_rows(v: np.ndarray, lanes: np.ndarray, n: int) -> np.ndarray:
    v = np.asarray(v)
    return np.broadcast_to(v, (v.shape[0], n))[:, lanes]


def _as_lane_array(v: Any, lanes: np.ndarray, n: int) -> np.ndarray:
    if isinstance(v, (int, np.integer)):
        return np.full(lanes.size, int(v), np.int64)
    return np.broadcast_to(np.asarray(v), (n,))[lanes].astype(np.int64)


# ----------------------------------------------------------------------------------------------------
# The traced run loop
# ----------------------------------------------------------------------------------------------------

def trace_execute(c: Compiled, st: ExecState, lanes: Iterable[int], start: int = 0) -> dict[int, ShaderTrace]:
    """Run ops from ``start`` to the end like ``execute`` (all lanes, same results) and return a
    :class:`ShaderTrace` per traced lane. Barriers do not stop the run (compute runs a group in one go)."""
    lane_arr = np.unique(np.asarray(list(lanes), np.int64))
    if lane_arr.size and (lane_arr[0] < 0 or lane_arr[-1] >= st.n):
        raise IndexError(f"traced lanes {lane_arr.tolist()} outside 0..{st.n - 1}")
    infos = _op_infos(c)
    traces = {int(lane): ShaderTrace(c.program, int(lane)) for lane in lane_arr}
    v = st.v if isinstance(st.v, np.ndarray) else None
    if v is not None and v.ndim >= 2 and v.shape[-1] == st.n:
        for lane, t in traces.items():  # the invocation's inputs, (vertex,) register, component
            t.inputs = np.array(v[..., lane], np.uint32, copy=True)
    order = [traces[int(lane)] for lane in lane_arr]
    dbg = debug_info_of(c.program)
    if st.helper is not None:
        for t in order:
            t.helper = bool(st.helper[t.lane])
    ops = c.ops
    n_ops = len(ops)
    pc = start

    def record(k: int, before: np.ndarray | None, reads: list | None, mem: list | None,
               srcs: list | None = None, ran: np.ndarray | None = None) -> None:
        """``before``: flow control (a lane shows when it was or is active); ``ran``: the lanes an ALU/memory
        op ran on (it shows even when the op itself ended the lane: an emit reaching maxvertexcount)."""
        info = infos[k]
        after = st.mask[lane_arr]
        disc = st.discarded[lane_arr] if st.discarded is not None else np.zeros(lane_arr.size, bool)
        show = ran if ran is not None else (after | before if before is not None else after)
        for j in np.flatnonzero(show):
            state = "discarded" if disc[j] else ("active" if after[j] or ran is not None else "masked")
            step = TraceStep(k, c.op_inst[k], info.text, state, depth=info.depth,
                             source_line=dbg.line_of(c.op_inst[k]) if dbg is not None else None)
            for label, comps, bits in reads or ():
                if bits is None:
                    continue
                for ci, comp in enumerate(comps):
                    step.writes.append(RegisterWrite(label[j], _COMP[comp] if comp != "" else "", int(bits[ci, j])))
            for target, addr, vals in mem or ():
                step.memory.append(MemoryWrite(target, tuple(int(a[j]) for a in addr), tuple(int(v[j]) for v in vals)))
            for rows in srcs or ():
                step.sources.append(None if rows is None else tuple(int(r[j]) for r in rows))
            order[j].steps.append(step)

    with np.errstate(all="ignore"):
        while pc < n_ops:
            kind, fn = ops[pc]
            if kind == 1:
                before = st.mask[lane_arr].copy()
                try:
                    nxt = fn(st, pc)
                except flow.Halt:
                    record(pc, before, None, None)
                    break
                record(pc, before, None, None)
                pc = nxt
                continue
            if kind == 0 and not st.any:
                pc += 1
                continue
            info = infos[pc]
            active = st.mask[lane_arr]
            if not active.any():
                fn(st)
                pc += 1
                continue
            # index values and memory operands are read before the op runs (as the op itself reads them)
            idx_vals = [(_as_lane_array(ig(st), lane_arr, st.n) if ig is not None else None)
                        for _, _, _, ig in info.dests]
            mem = None
            if info.mem is not None:
                target, ag, vg = info.mem
                addr = [row for g in ag for row in _lane_rows(g(st), lane_arr, st.n)]
                vals = [row for g in vg for row in _lane_rows(g(st), lane_arr, st.n)]
                mem = [(target, addr, vals)]
            srcs = []
            for g in info.srcs:
                try:
                    srcs.append(None if g is None else _lane_rows(g(st), lane_arr, st.n))
                except Exception:  # noqa: BLE001 - shown as unavailable, never a failed trace
                    srcs.append(None)
            fn(st)
            reads = []
            for (label, read, comps, _), iv in zip(info.dests, idx_vals):
                labels = [label(int(iv[j])) if iv is not None else label(0) for j in range(lane_arr.size)]
                reads.append((labels, comps, read(st, lane_arr, iv)))
            record(pc, None, reads, mem, srcs, active)
            pc += 1
    return traces


def trace_program(program: ir.Program, n_lanes: int, lanes: Iterable[int], inputs: Any = None,
                  bindings: Any = None, system_values: dict | None = None, tgsm: dict | None = None,
                  active: np.ndarray | None = None, hooks: Any = None, inputs_component_major: bool = False,
                  helpers: np.ndarray | None = None) -> tuple[ExecResult, dict[int, ShaderTrace]]:
    """:func:`pyd3d11.shader.exec.run_program` with a trace of ``lanes``; the result is the same."""
    c, st = prepare_run(program, n_lanes, inputs, bindings, system_values, tgsm, active, hooks,
                        inputs_component_major, helpers)
    traces = trace_execute(c, st, lanes)
    return finish(st), traces
