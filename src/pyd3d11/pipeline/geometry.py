"""Geometry-shader stage (D3D11.3 §13; emit/cut §22.8; declarations §22.3.5–22.3.9).

:func:`run_geometry_shader` runs a GS program once per input primitive and GS instance, all
invocations as lanes of SIMT batches (lane = primitive × instance_count + instance), then assembles
what the lanes emitted into list primitives per output stream:

* inputs: ``v[vertex][reg]`` is gathered from the previous stage's vertex outputs through the rows of
  vertex indices of each primitive (adjacency vertices included, in IA order); ``vPrim`` is the
  primitive's PrimitiveID and ``vGSInstanceID`` the instance number (§13.2, §22.3.7).
* emits go through :class:`pyd3d11.shader.exec.geometry_ops.EmitRecorder`; an invocation stops at
  ``dcl_maxout`` emits (§22.3.5); each invocation and each instance starts a new strip (§13.3, §22.3.7).
* output order is lane order (primitive, then instance), then emit order (§4.2 ordering).
* strips become lists: line strip → (i, i+1); triangle strip → (i, i+1, i+2) for even i and
  (i, i+2, i+1) for odd i, so the leading vertex stays first like the IA's strips (§8.14);
  incomplete strips are dropped (§13.7); ``cut`` has no effect on point lists (§13.3).

Declarations are read with :func:`gs_info`; the lead wires the stage into the draw with
:func:`run_geometry_shader` and :func:`gs_output_decls` (decls of the rasterized stream).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..shader import ir
from ..shader.exec.geometry_ops import EmitRecorder
from ..shader.exec.reference import SamplingHooks, compile_program, execute, new_state
from . import primitives as prim
from .shader_io import InputDecl, component_list

OP = ir.Opcode
OT = ir.OperandType
SN = ir.SystemName
U32 = np.uint32

#: D3D10_SB_PRIMITIVE (dcl_inputprimitive) → vertices per input primitive; 8 + n - 1 = patch with n points.
_INPUT_VERTICES = {1: 1, 2: 2, 3: 3, 6: 4, 7: 6, **{7 + n: n for n in range(1, 33)}}
#: D3D10_SB_PRIMITIVE_TOPOLOGY of dcl_outputtopology → (list topology, class, vertices per primitive).
_OUTPUT_TOPOLOGY = {
    1: (prim.POINTLIST, prim.POINT, 1),
    3: (prim.LINELIST, prim.LINE, 2),
    5: (prim.TRIANGLELIST, prim.TRIANGLE, 3),
}
#: D3D_PRIMITIVE_TOPOLOGY values the IA may feed to each GS input primitive (§22.3.6 restriction 4).
_ACCEPTS = {
    1: {prim.POINTLIST},
    2: {prim.LINELIST, prim.LINESTRIP},
    3: {prim.TRIANGLELIST, prim.TRIANGLESTRIP},
    6: {prim.LINELIST_ADJ, prim.LINESTRIP_ADJ},
    7: {prim.TRIANGLELIST_ADJ, prim.TRIANGLESTRIP_ADJ},
}

# Lanes per GS batch (bounds the size of the register files).
_GS_BATCH_LANES = 1 << 15


@dataclass(slots=True)
class GSInfo:
    """What a GS program declares (§22.3.5–22.3.9)."""

    input_primitive: int  # D3D10_SB_PRIMITIVE value
    input_vertices: int  # vertices per input primitive (adjacency included)
    max_vertices: int  # dcl_maxout
    instance_count: int  # dcl_gsinstances (1 when absent)
    stream_topology: dict[int, int]  # stream → D3D10_SB_PRIMITIVE_TOPOLOGY (1 point, 3 line, 5 tri strip)
    stream_outputs: dict[int, list[InputDecl]]  # stream → its dcl_output* declarations


def gs_info(program: ir.Program) -> GSInfo:
    """Read the GS declarations; outputs/topology before any dcl_stream belong to stream 0 (§22.3.9)."""
    input_primitive = 0
    max_vertices = 0
    instances = 1
    topo: dict[int, int] = {}
    outs: dict[int, list[InputDecl]] = {}
    stream = 0
    for inst in program.instructions:
        o = inst.opcode
        if o == OP.DCL_GS_INPUT_PRIMITIVE:
            input_primitive = inst.controls
        elif o == OP.DCL_MAXOUT:
            max_vertices = inst.extra[0]
        elif o == OP.DCL_GS_INSTANCE_COUNT:
            instances = max(1, inst.extra[0])
        elif o == OP.DCL_STREAM:
            stream = inst.operands[0].register
            outs.setdefault(stream, [])
        elif o == OP.DCL_GS_OUTPUT_TOPOLOGY:
            topo[stream] = inst.controls
            outs.setdefault(stream, [])
        elif o in (OP.DCL_OUTPUT, OP.DCL_OUTPUT_SGV, OP.DCL_OUTPUT_SIV):
            op = inst.operands[0]
            if op.type != OT.OUTPUT:
                continue
            name = inst.extra[0] & 0xFFFF if o != OP.DCL_OUTPUT and inst.extra else 0
            mask = 1 if op.num_components == 1 else (op.mask if op.selection == ir.SelectionMode.MASK else 0xF)
            outs.setdefault(stream, []).append(InputDecl(op.indices[-1].value, mask, 0, name, op.type))
    for s in outs:
        topo.setdefault(s, topo.get(0, 1))
    if not topo:
        topo[0] = 1
        outs[0] = []
    return GSInfo(input_primitive, _INPUT_VERTICES.get(input_primitive, 0), max_vertices, instances, topo, outs)


def gs_output_decls(program: ir.Program, stream: int = 0) -> list[InputDecl]:
    """The output declarations of one GS stream (what the rasterizer/PS link against)."""
    return list(gs_info(program).stream_outputs.get(stream, []))


def gs_accepts_topology(program: ir.Program, ia_topology: int) -> bool:
    """Whether the IA topology matches the GS input primitive (§22.3.6; patch n needs patchlist n)."""
    p = gs_info(program).input_primitive
    if p in _ACCEPTS:
        return ia_topology in _ACCEPTS[p]
    return p >= 8 and ia_topology == prim.PATCHLIST_1 + (p - 8)


@dataclass(slots=True)
class GSStream:
    """The list primitives one GS output stream produced.

    ``outputs``: (regs, Vout, 4) uint32, every vertex emitted to the stream in output order (vertices of
    incomplete strips included but referenced by no row). ``rows``: (Pout, 1|2|3) int64 indices into
    ``outputs``, leading vertex first. ``source_primitive``: (Pout,) index of the input primitive (row of
    ``prim_vertices``) that emitted it; ``instance``: (Pout,) GS instance; ``source_primitive_id``: that
    input primitive's PrimitiveID; ``primitive_id``: the PrimitiveID the pixel shader sees — the GS's
    SV_PrimitiveID output at the leading vertex when declared (§22.3.33), else the source's ID.
    """

    stream: int
    topology: int  # D3D_PRIMITIVE_TOPOLOGY list topology: POINTLIST, LINELIST or TRIANGLELIST
    topology_class: int  # primitives.POINT / LINE / TRIANGLE
    outputs: np.ndarray
    rows: np.ndarray
    source_primitive: np.ndarray
    instance: np.ndarray
    source_primitive_id: np.ndarray
    primitive_id: np.ndarray
    decls: list[InputDecl] = field(default_factory=list)

    @property
    def primitive_count(self) -> int:
        return int(self.rows.shape[0])


@dataclass(slots=True)
class GSOutput:
    """Result of :func:`run_geometry_shader`: one :class:`GSStream` per declared stream."""

    streams: dict[int, GSStream]
    invocations: int  # GSInvocations statistic: input primitives × instances (§13.2.1.1)
    emitted_vertices: np.ndarray  # (invocations,) vertices each invocation emitted (all streams)

    @property
    def primitives(self) -> int:
        """GSPrimitives statistic: primitives output over all streams."""
        return sum(s.primitive_count for s in self.streams.values())


class _GSHooks:
    """Hooks seen by the executor during a GS batch: the emit recorder plus the caller's hooks."""

    def __init__(self, inner: Any, recorder: EmitRecorder) -> None:
        self._inner = inner if inner is not None else SamplingHooks()
        self.gs_emitter = recorder

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def _stream_masks(info: GSInfo, regs: int) -> dict[int, np.ndarray]:
    masks = {}
    for s, decls in info.stream_outputs.items():
        m = np.zeros((regs, 4), bool)
        for d in decls:
            if d.register < regs:
                m[d.register, component_list(d.mask)] = True
        masks[s] = m
    return masks


def _gather_inputs(rows: np.ndarray, vertex_outputs: np.ndarray, regs: int, instances: int,
                   pad: int = 1) -> np.ndarray:
    """(k, regs, 4, N) input layout for lanes (primitive × instances): v[j, r, c, lane]; with ``pad`` the lane
    axis is rounded up to a multiple of it (zero lanes: the native kernel reads the array in place)."""
    P, k = rows.shape
    R = min(regs, vertex_outputs.shape[0])
    lane_rows = np.repeat(rows, instances, axis=0) if instances > 1 else rows  # (N, k)
    N = lane_rows.shape[0]
    out = np.zeros((k, max(regs, 1), 4, -(-N // pad) * pad), U32)
    if R:
        g = vertex_outputs[:R][:, lane_rows]  # (R, N, k, 4)
        out[:, :R, :, :N] = g.transpose(2, 0, 3, 1)
    return out


def _strip_rows(lane: np.ndarray, strip: np.ndarray, topo_class: int) -> np.ndarray:
    """Expand strips to list rows; (lane, strip number) of each vertex in output order identify its strip."""
    E = lane.shape[0]
    if E == 0:
        return np.zeros((0, {prim.POINT: 1, prim.LINE: 2}.get(topo_class, 3)), np.int64)
    idx = np.arange(E, dtype=np.int64)
    if topo_class == prim.POINT:
        return idx[:, None]
    # Vertex i leads a primitive when vertex i+1 (line) / i+2 (triangle) is in its strip: the same lane and
    # strip number (records are in lane order, and a lane's strip numbers only grow, so i+1 is then too).
    if topo_class == prim.LINE:
        lead = np.nonzero((lane[1:] == lane[:-1]) & (strip[1:] == strip[:-1]))[0]
        return lead[:, None] + np.arange(2)
    lead = np.nonzero((lane[2:] == lane[:-2]) & (strip[2:] == strip[:-2]))[0]
    new = np.ones(E, bool)
    new[1:] = (lane[1:] != lane[:-1]) | (strip[1:] != strip[:-1])
    start = np.maximum.accumulate(np.where(new, idx, 0))
    odd = ((lead - start[lead]) % 2) == 1  # position in the strip: odd triangles swap their last two
    off = np.where(odd[:, None], np.array([0, 2, 1]), np.array([0, 1, 2]))
    return lead[:, None] + off


@dataclass(slots=True)
class _NativeRecords:
    """A native GS batch's emitted vertices, already in output order (lane, then emit order): ``lane``,
    ``stream``, ``strip`` (E,) and ``data`` (regs, E, 4) register-major, undeclared components of each
    stream zeroed as EmitRecorder stores them. :meth:`records` gives EmitRecorder.records' form."""

    count: np.ndarray
    lane: np.ndarray
    stream: np.ndarray
    strip: np.ndarray
    data: np.ndarray

    def records(self) -> tuple:
        return (self.lane, self.stream, self.strip, np.arange(self.lane.size, dtype=np.int64),
                self.data.transpose(1, 0, 2))


def _run_native(program: ir.Program, n: int, v: np.ndarray, bindings: Any, sv: dict, hooks: Any,
                masks: dict[int, np.ndarray]) -> _NativeRecords | None:
    """One GS batch on the native backend (shader.native.staged.run_geometry); None: not compiled there
    (a counted fallback; the caller runs the reference)."""
    from ..shader.native import staged

    run = staged.run_geometry(program, n, v, bindings, sv, hooks, set(masks))
    if run is None:
        return None
    mx = run.stream.shape[1]
    count = run.count
    lane = np.repeat(np.arange(n, dtype=np.int64), count)
    if n and int(count.min()) == mx:  # every invocation filled its slots: nothing to compact
        stream = run.stream.reshape(-1).astype(np.int64)
        strip = run.strip.reshape(-1).astype(np.int64)
        data = run.data[:, :n * mx, :]  # (regs, E, 4): the run's own array, zeroed in place below
    else:
        start = np.cumsum(count) - count
        slot = lane * mx + (np.arange(lane.size, dtype=np.int64) - np.repeat(start, count))
        stream = run.stream.reshape(-1)[slot].astype(np.int64)
        strip = run.strip.reshape(-1)[slot].astype(np.int64)
        data = run.data[:, slot, :]  # (regs, E, 4): a fresh array, zeroed in place below
    for s, m in masks.items():
        if m.all():
            continue
        if len(masks) == 1:
            for r, c in zip(*np.nonzero(~m)):
                data[r, :, c] = 0
        else:
            sel = stream == s
            data[:, sel] = np.where(m[:, None, :], data[:, sel], U32(0))
    return _NativeRecords(count, lane, stream, strip, data)


def run_geometry_shader(program: ir.Program, bindings: Any, prim_vertices: np.ndarray, vertex_outputs: np.ndarray,
                        primitive_id: np.ndarray, hooks: Any = None, run_stage: Any = None) -> GSOutput:
    """Run the GS over ``prim_vertices`` (P, k) rows into ``vertex_outputs`` (regs, V, 4) uint32.

    ``primitive_id`` (P,) is each input primitive's PrimitiveID (vPrim). ``hooks`` are the executor hooks
    (texture sampling) of the draw. Returns the emitted primitives per stream (§13). ``run_stage`` is the
    debugger's hook (:data:`pyd3d11.pipeline.hull.StageRunner`); lanes are named by ``primitive`` (row of
    ``prim_vertices``), ``primitive_id`` and ``gs_instance``."""
    info = gs_info(program)
    c = compile_program(program)
    rows = np.asarray(prim_vertices, np.int64)
    if rows.ndim != 2 or (info.input_vertices and rows.shape[1] != info.input_vertices):
        raise ValueError(f"GS expects {info.input_vertices} vertices per input primitive, got rows of shape "
                         f"{rows.shape}")
    vertex_outputs = np.asarray(vertex_outputs)
    if vertex_outputs.dtype != U32:
        vertex_outputs = np.ascontiguousarray(vertex_outputs).view(U32)
    pid = np.asarray(primitive_id).astype(U32)
    P = rows.shape[0]
    inst_n = info.instance_count
    N = P * inst_n
    regs_in = max(c.n_inputs, 1)
    n_out = c.n_outputs
    masks = _stream_masks(info, n_out)
    recs: list[tuple[int, EmitRecorder]] = []
    emitted = np.zeros(N, np.int64)
    from ..shader import native as native_backend

    native = native_backend.use_native()
    prims_per_batch = max(1, _GS_BATCH_LANES // inst_n)
    for p0 in range(0, P, prims_per_batch):
        p1 = min(P, p0 + prims_per_batch)
        n = (p1 - p0) * inst_n
        fast = run_stage is None and native
        v = _gather_inputs(rows[p0:p1], vertex_outputs, regs_in, inst_n, 16 if fast else 1)
        lane_prim = np.repeat(np.arange(p0, p1), inst_n)
        sv = {OT.INPUT_PRIMITIVEID: pid[lane_prim],
              OT.INPUT_GS_INSTANCE_ID: np.tile(np.arange(inst_n, dtype=U32), p1 - p0)}
        got = _run_native(program, n, v, bindings, sv, hooks, masks) if fast else None
        if got is not None:
            recs.append((p0 * inst_n, got))
            emitted[p0 * inst_n:p1 * inst_n] = got.count
            continue
        if v.shape[-1] != n:
            v = np.ascontiguousarray(v[..., :n])
        rec = EmitRecorder(n, info.max_vertices, masks)
        st = new_state(c, n, v, bindings, sv, None, _GSHooks(hooks, rec))
        if run_stage is None:
            execute(c, st)
        else:
            run_stage("gs", c, st, {"primitive": lane_prim, "primitive_id": sv[OT.INPUT_PRIMITIVEID],
                                    "gs_instance": sv[OT.INPUT_GS_INSTANCE_ID]})
        recs.append((p0 * inst_n, rec))
        emitted[p0 * inst_n:p1 * inst_n] = rec.count
    # Gather all records; lanes become global lane numbers.
    presorted = bool(recs) and all(isinstance(r, _NativeRecords) for _, r in recs)
    if presorted:  # native batches: already lane-major in emit order, register-major data
        parts = [r for _, r in recs]
        lane = np.concatenate([p.lane + off for p, (off, _) in zip(parts, recs)])
        stream = np.concatenate([p.stream for p in parts])
        strip = np.concatenate([p.strip for p in parts])
        data_rm = parts[0].data if len(parts) == 1 else np.concatenate([p.data for p in parts], axis=1)
    parts = [] if presorted else [rec.records() for _, rec in recs]
    if presorted:
        order = data = None
    elif parts:
        lane = np.concatenate([p[0] + off for p, (off, _) in zip(parts, recs)])
        stream = np.concatenate([p[1] for p in parts])
        strip = np.concatenate([p[2] for p in parts])
        order = np.concatenate([p[3] + i * (1 << 40) for i, p in enumerate(parts)])
        data = np.concatenate([p[4] for p in parts])
    else:
        lane = stream = strip = order = np.zeros(0, np.int64)
        data = np.zeros((0, n_out, 4), U32)
    streams: dict[int, GSStream] = {}
    for s, topo_code in sorted(info.stream_topology.items()):
        topology, cls, _k = _OUTPUT_TOPOLOGY.get(topo_code, (prim.POINTLIST, prim.POINT, 1))
        if presorted and len(info.stream_topology) == 1 and bool((stream == s).all()):
            s_lane, s_strip, outputs = lane, strip, data_rm
        elif presorted:
            sel = np.nonzero(stream == s)[0]
            s_lane, s_strip, outputs = lane[sel], strip[sel], data_rm[:, sel]
        else:
            sel = np.nonzero(stream == s)[0]
            srt = sel[np.lexsort((order[sel], lane[sel]))]  # lane order, then emit order
            s_lane, s_strip = lane[srt], strip[srt]
            outputs = data[srt].transpose(1, 0, 2) if srt.size else np.zeros((n_out, 0, 4), U32)
        # a strip is a run of one lane's strip number (instances are separate lanes: implicit cut)
        r = _strip_rows(s_lane, s_strip, cls)
        lead_lane = s_lane[r[:, 0]] if r.shape[0] else np.zeros(0, np.int64)
        src = lead_lane // inst_n
        src_pid = pid[src] if P else np.zeros(0, U32)
        decls = info.stream_outputs.get(s, [])
        sgv = [d for d in decls if d.system_name == SN.PRIMITIVE_ID]
        if sgv and r.shape[0]:
            d = sgv[0]
            ps_pid = outputs[d.register, r[:, 0], component_list(d.mask)[0]].astype(U32)
        else:
            ps_pid = src_pid.astype(U32)
        streams[s] = GSStream(s, topology, cls, np.ascontiguousarray(outputs), r.astype(np.int64), src.astype(np.int64),
                              (lead_lane % inst_n).astype(np.int64), src_pid.astype(U32), ps_pid, list(decls))
    return GSOutput(streams, N, emitted)


# --------------------------------------------------------------------------------------------------
# Draw glue: GS (optional) + stream output + rasterized-stream selection, for pipeline/draw.py
# --------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class PreRaster:
    """What reaches clipping/rasterization after the GS and SO stages (§13, §14).

    ``outputs`` (regs, V, 4) uint32 and ``rows`` (P, 1|2|3) without adjacency; ``topology_class`` is
    primitives.POINT/LINE/TRIANGLE; ``primitive_id`` (P,) what the PS's SV_PrimitiveID reads; ``decls``
    the output declarations of the stage that produced ``outputs`` (find SV_Position, clip/cull
    distances, RT/viewport array index there). ``rasterize`` is False for NO_RASTERIZED_STREAM or when
    the rasterized stream is not declared by the GS. ``so`` holds one result per streamed-out stream.
    """

    outputs: np.ndarray
    rows: np.ndarray
    topology_class: int
    primitive_id: np.ndarray
    decls: list[InputDecl]
    rasterize: bool = True
    gs_invocations: int = 0
    gs_primitives: int = 0
    so: list[Any] = field(default_factory=list)


def run_pre_raster_stages(ia_topology: int, vs_program: ir.Program, vs_outputs: np.ndarray, ia_rows: np.ndarray,
                          primitive_id: np.ndarray, gs_program: ir.Program | None = None, gs_bindings: Any = None,
                          so_declaration: Any = None, so_targets: Any = (), hooks: Any = None,
                          run_stage: Any = None) -> PreRaster:
    """GS → SO → rasterized stream for one draw.

    ``ia_rows`` (P, k) are rows into ``vs_outputs`` as the IA assembled them (adjacency included);
    ``gs_program`` may be a non-GS program (a "NULL GS" created from VS bytecode with an SO declaration),
    which behaves as no GS. ``so_declaration`` is a
    :class:`pyd3d11.pipeline.stream_output.SODeclaration` or None; ``so_targets`` the four
    :class:`~pyd3d11.pipeline.stream_output.SOTarget` slots (None = unbound), advanced in place.
    """
    from .shader_io import output_decls
    from .stream_output import rasterized_stream, so_primitive_rows, stream_out

    results = []
    raster = rasterized_stream(so_declaration)
    if gs_program is not None and gs_program.program_type == ir.ProgramType.GEOMETRY:
        g = run_geometry_shader(gs_program, gs_bindings, ia_rows, vs_outputs, primitive_id, hooks, run_stage)
        if so_declaration is not None:
            for s, gst in sorted(g.streams.items()):
                if so_declaration.slots_of(s):
                    results.append(stream_out(so_declaration, list(so_targets), s, gst.outputs, gst.rows))
        chosen = g.streams.get(raster) if raster is not None else None
        if chosen is None:
            first = next(iter(g.streams.values()))
            return PreRaster(first.outputs, first.rows[:0], first.topology_class, first.primitive_id[:0],
                             first.decls, False, g.invocations, g.primitives, results)
        return PreRaster(chosen.outputs, chosen.rows, chosen.topology_class, chosen.primitive_id, chosen.decls,
                         True, g.invocations, g.primitives, results)
    rows = so_primitive_rows(ia_topology, np.asarray(ia_rows, np.int64))
    if so_declaration is not None and so_declaration.slots_of(0):
        results.append(stream_out(so_declaration, list(so_targets), 0, vs_outputs, rows))
    cls = prim.primitive_class(ia_topology)
    return PreRaster(vs_outputs, rows, cls, np.asarray(primitive_id).astype(U32), output_decls(vs_program),
                     raster == 0, 0, 0, results)
