"""Opt-in capture of recent draws/dispatches and their replay with one invocation traced.

``enable_capture(context, depth)`` installs a hook on the immediate context: every Draw*/Dispatch*
command it executes is snapshotted *before* it runs (the command plus scratch copies of every storage
it references: vertex/index/constant buffers, SRVs, render targets, depth, UAVs), so a replay sees the
inputs and targets exactly as the real call did. Off by default (the context checks one attribute).

``debug_pixel`` / ``debug_vertex`` / ``debug_thread`` replay a captured command on fresh copies of that
snapshot (the application's resources are never touched) through the pipeline's debugging hooks
(``GraphicsState.stage_runner`` for the vertex and pixel shaders, ``compute.dispatch(runner=…)``), which
route the batch holding the invocation of interest through
:func:`pyd3d11.debug.shader_trace.trace_program` / ``trace_execute``; every other batch runs normally.

``debug_geometry`` / ``debug_hull`` / ``debug_domain`` (one function, :func:`debug_invocation`, under them)
trace a GS, HS (control-point or patch-constant phase) or DS invocation of a captured draw through the
stages' ``run_stage`` hook (:data:`pyd3d11.pipeline.hull.StageRunner`): the executor state the stage
prepared — the real input primitive with adjacency, control points, patch constants, domain location and
system values — runs through ``trace_execute``. :func:`stage_invocations` lists what a draw ran.

DrawAuto is kept with the vertex count its execution reads from the stream-output filled size; a command
list's predicated command is kept when its predicate lets it run (as the immediate context's own predicated
calls). Limit (NotSupportedError): capture on a deferred context (its command lists are captured when the
immediate context executes them).
"""

from __future__ import annotations

import copy
from collections import deque
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from ..shader.exec import run_program
from ..shader.exec.reference import execute
from .shader_trace import ShaderTrace, trace_execute, trace_program


@dataclass(slots=True)
class _Snapshot:
    cmd: Any  # DrawCmd / DispatchCmd over private copies of the storages
    shared: dict[int, Any]  # objects the copies share with the original (programs, state descs, hooks)
    so_filled: dict[int, int]  # stream-output filled sizes keyed by id() of the snapshot's storages


@dataclass(slots=True)
class _Unsupported:
    what: str  # a submitted draw/dispatch the debugger cannot replay


def _shared_objects(cmd: Any) -> list[Any]:
    """Immutable-for-our-purposes objects a snapshot keeps by reference: programs (their compiled form
    is cached per object), state descs, sampler descs, sampling hooks."""
    from pyd3d11.api.commands import DispatchCmd

    if isinstance(cmd, DispatchCmd):
        return [cmd.program, *[s for s in cmd.samplers if s is not None]]
    st = cmd.state
    out = [st.rasterizer, st.om.blend, st.om.depth_stencil, st.sampling_hooks, st.so_declaration]
    for name in ("vs", "hs", "ds", "gs", "ps"):
        stage = getattr(st, name)
        if stage is not None:
            out.append(stage.program)
    for lst in cmd.samplers.values():
        out += [s for s in lst if s is not None]
    return [o for o in out if o is not None]


def _clone(cmd: Any, shared: list[Any], so_filled: dict[int, int]) -> _Snapshot:
    memo: dict[int, Any] = {id(o): o for o in shared}
    new = copy.deepcopy(cmd, memo)
    filled = {id(memo[k]): v for k, v in so_filled.items() if k in memo}
    return _Snapshot(new, {id(o): o for o in shared}, filled)


class _Capture:
    """The context hook: keeps the last ``depth`` draws and dispatches (snapshots taken before they run)."""

    def __init__(self, context: Any, depth: int) -> None:
        self.context = context
        self.draws: deque[_Snapshot] = deque(maxlen=depth)
        self.dispatches: deque[_Snapshot] = deque(maxlen=depth)

    def __call__(self, cmd: Any) -> None:
        from pyd3d11.api.commands import DispatchCmd, DrawCmd, PredicatedCmd

        if isinstance(cmd, PredicatedCmd):
            # a command list's predicated command: its predicate is read as it runs, right after this hook (the
            # immediate context's own predicated calls that the predicate blocks never reach the hook either)
            if self.context._predicate_blocks(cmd.predicate, cmd.value):
                return
            cmd = cmd.inner
        if hasattr(cmd, "vertex_count") and hasattr(cmd, "draw"):
            # DrawAuto: the vertex count its execution reads from the stream-output filled size, read now
            draw = copy.copy(cmd.draw)
            draw.args = copy.copy(draw.args)
            draw.args.vertex_count = cmd.vertex_count(self.context)
            cmd = draw
        if isinstance(cmd, DrawCmd):
            self.draws.append(_clone(cmd, _shared_objects(cmd), dict(self.context._so_filled)))
        elif isinstance(cmd, DispatchCmd):
            self.dispatches.append(_clone(cmd, _shared_objects(cmd), {}))


def enable_capture(context: Any, depth: int = 4) -> None:
    """Start keeping snapshots of the last ``depth`` draws and dispatches of an immediate context."""
    if getattr(context, "_deferred", False):
        raise NotSupportedError("shader debugger capture on a deferred context")
    if depth < 1:
        raise ValueError("capture depth must be at least 1")
    context._capture_hook = _Capture(context, int(depth))


def disable_capture(context: Any) -> None:
    """Stop capturing and drop the snapshots."""
    context._capture_hook = None


def _capture(context: Any) -> _Capture:
    cap = context._capture_hook
    if not isinstance(cap, _Capture):
        raise LookupError("nothing captured: call pyd3d11.debug.enable_capture(context) before the draw/dispatch")
    return cap


def _pick(items: deque, index: int, what: str) -> _Snapshot:
    if not items:
        raise LookupError(f"no {what} captured since enable_capture")
    try:
        snap = items[index]
    except IndexError:
        raise LookupError(f"{what} {index} not captured (have {len(items)})") from None
    if isinstance(snap, _Unsupported):
        raise NotSupportedError(f"shader debugger replay of {snap.what}")
    return snap


class _ReplayRuntime:
    """Stands in for the immediate context while a snapshot runs: counters go nowhere."""

    def __init__(self, so_filled: dict[int, int]) -> None:
        self._so_filled = dict(so_filled)

    def _count(self, name: str, n: int) -> None:
        pass


def _fresh(snap: _Snapshot) -> tuple[Any, _ReplayRuntime]:
    shared = list(snap.shared.values())
    again = _clone(snap.cmd, shared, snap.so_filled)
    return again.cmd, _ReplayRuntime(again.so_filled)


# ----------------------------------------------------------------------------------------------------
# Public entry points
# ----------------------------------------------------------------------------------------------------

def debug_pixel(context: Any, x: int, y: int, draw: int = -1, invocation: int = -1,
                helpers: bool = False) -> ShaderTrace | None:
    """Trace of the pixel-shader invocation that shaded pixel (``x``, ``y``) in a captured draw (the last
    one by default). When several invocations covered the pixel (overlapping primitives, one per sample at
    sample frequency) ``invocation`` picks one in execution order (default: the last). None when the
    draw ran no pixel-shader invocation there. With ``helpers`` a helper lane at the pixel (run for the
    derivatives of a quad the primitive covers only in part; ``trace.helper``) counts as an invocation too."""
    traces = debug_pixel_all(context, x, y, draw, helpers)
    if not traces:
        return None
    return traces[invocation]


def debug_pixel_all(context: Any, x: int, y: int, draw: int = -1, helpers: bool = False) -> list[ShaderTrace]:
    """Every pixel-shader invocation covering pixel (``x``, ``y``) in a captured draw, in execution order
    (with ``helpers``, also the helper lanes at that pixel: ``trace.helper`` is True for them)."""
    snap = _pick(_capture(context).draws, draw, "draw")
    cmd, runtime = _fresh(snap)
    ps = cmd.state.ps.program if cmd.state.ps is not None else None
    if ps is None:
        return []
    found: list[ShaderTrace] = []

    class Runner:
        def run_vs(self, program: Any, n_lanes: int, stream: Any, **kw: Any) -> Any:
            return run_program(program, n_lanes, **kw)

        def run_ps(self, program: Any, n_lanes: int, lanes: Any, **kw: Any) -> Any:
            px, py = lanes.px.reshape(-1), lanes.py.reshape(-1)
            hit = np.flatnonzero((px == x) & (py == y) & ((lanes.ocov != 0) | helpers))
            if hit.size == 0:
                return run_program(program, n_lanes, **kw)
            res, traces = trace_program(program, n_lanes, hit, **kw)
            for lane in hit:
                t = traces[int(lane)]
                t.invocation = {"pixel": (int(x), int(y))}
                if lanes.sidx is not None:
                    t.invocation["sample"] = int(lanes.sidx[lane // 4])
                t.invocation["coverage"] = int(lanes.ocov[lane])
                t.helper = t.helper or int(lanes.ocov[lane]) == 0  # in a shaded quad, not covered: a helper lane
                found.append(t)
            return res

    cmd.state.stage_runner = Runner()
    cmd.execute(runtime)
    return found


def debug_vertex(context: Any, vertex_id: int, draw: int = -1, instance: int = 0) -> ShaderTrace | None:
    """Trace of the vertex-shader invocation for ``SV_VertexID == vertex_id`` (the IA's vertex id: for
    indexed draws the index value plus BaseVertexLocation, as the pipeline computes it) of instance
    ``instance`` in a captured draw; None when that vertex was not shaded."""
    snap = _pick(_capture(context).draws, draw, "draw")
    cmd, runtime = _fresh(snap)
    if cmd.state.vs is None:
        return None
    found: list[ShaderTrace] = []

    class Runner:
        def run_vs(self, program: Any, n_lanes: int, stream: Any, **kw: Any) -> Any:
            hit = np.flatnonzero((np.asarray(stream.vertex_id) == vertex_id) &
                                 (np.asarray(stream.instance_id) == instance))
            if hit.size == 0 or found:
                return run_program(program, n_lanes, **kw)
            lane = int(hit[0])
            res, traces = trace_program(program, n_lanes, [lane], **kw)
            t = traces[lane]
            t.invocation = {"vertex_id": int(vertex_id), "instance_id": int(instance)}
            found.append(t)
            return res

        def run_ps(self, program: Any, n_lanes: int, lanes: Any, **kw: Any) -> Any:
            return run_program(program, n_lanes, **kw)

    cmd.state.stage_runner = Runner()
    cmd.execute(runtime)
    return found[0] if found else None


def vertex_table(context: Any, draw: int = -1, limit: int = 64) -> list[dict]:
    """The vertex shader's inputs and outputs for the first ``limit`` vertices a captured draw shaded (in
    the order the input assembler produced them): per vertex its SV_VertexID, SV_InstanceID and, per
    declared register, the four components' bits (``v0``… inputs, ``o0``… outputs). One replay of the
    draw, on the reference executor."""
    snap = _pick(_capture(context).draws, draw, "draw")
    cmd, runtime = _fresh(snap)
    if cmd.state.vs is None:
        return []
    rows: list[dict] = []

    def regs(a: np.ndarray, lanes: int) -> list[dict]:
        a = np.asarray(a)
        if a.dtype != np.uint32:
            a = np.ascontiguousarray(a).view(np.uint32)
        return [{f"{r}": [int(w) for w in a[r, i]] for r in range(a.shape[0])} for i in range(lanes)]

    class Runner:
        def run_vs(self, program: Any, n_lanes: int, stream: Any, **kw: Any) -> Any:
            res = run_program(program, n_lanes, **kw)
            take = min(n_lanes, limit - len(rows))
            if take > 0:
                ins = kw.get("inputs")
                ins = np.zeros((0, n_lanes, 4), np.uint32) if ins is None else np.asarray(ins)
                if isinstance(ins, np.ndarray) and ins.ndim == 3 and ins.shape[1] != n_lanes:
                    ins = ins.transpose(0, 2, 1)  # component-major (regs, 4, N) -> (regs, N, 4)
                vin, vout = regs(ins, take), regs(res.outputs, take)
                vid = np.asarray(stream.vertex_id)
                iid = np.asarray(stream.instance_id)
                for i in range(take):
                    rows.append({"vertex_id": int(vid[i]), "instance_id": int(iid[i]),
                                 "inputs": {f"v{k}": v for k, v in vin[i].items()},
                                 "outputs": {f"o{k}": v for k, v in vout[i].items()}})
            return res

        def run_ps(self, program: Any, n_lanes: int, lanes: Any, **kw: Any) -> Any:
            return run_program(program, n_lanes, **kw)

    cmd.state.stage_runner = Runner()
    cmd.execute(runtime)
    return rows


def debug_thread(context: Any, thread_id: int | tuple[int, ...], dispatch: int = -1) -> ShaderTrace | None:
    """Trace of the compute thread with ``SV_DispatchThreadID == thread_id`` (an int means (x, 0, 0)) in a
    captured dispatch (the last by default); None when the dispatch has no such thread."""
    from pyd3d11.shader import ir
    from pyd3d11.shader.exec.reference import compile_program

    snap = _pick(_capture(context).dispatches, dispatch, "dispatch")
    cmd, runtime = _fresh(snap)
    tid = (int(thread_id), 0, 0) if isinstance(thread_id, (int, np.integer)) else tuple(int(v) for v in thread_id)
    tid = (tid + (0, 0, 0))[:3]
    X, Y, Z = cmd.group_counts()
    tx, ty, tz = compile_program(cmd.program).thread_group
    group = (tid[0] // tx, tid[1] // ty, tid[2] // tz)
    local = (tid[0] % tx, tid[1] % ty, tid[2] % tz)
    if min(tid) < 0 or group[0] >= X or group[1] >= Y or group[2] >= Z:
        return None
    T = tx * ty * tz
    g = group[0] + group[1] * X + group[2] * X * Y  # dispatch order: x fastest (pipeline.compute)
    t = local[0] + local[1] * tx + local[2] * tx * ty
    found: list[ShaderTrace] = []

    def runner(cc: Any, st: Any, first_group: int) -> None:
        k = g - first_group  # the group's place in this batch (lanes are group-major, T per group)
        if not 0 <= k < st.n // T:
            execute(cc, st)
            return
        lane = k * T + t
        # the lane layout is pipeline.compute's; check it against the lane's own ids before trusting it
        sv = st.sv.get(int(ir.OperandType.INPUT_THREAD_ID))
        if (sv is not None and tuple(int(v) for v in sv[:3, lane]) != tid) or \
                (st.lane_group is not None and int(st.lane_group[lane]) != k):
            raise NotSupportedError("debug_thread: compute batch layout changed (lane identification failed)")
        tr = trace_execute(cc, st, [lane])[lane]
        tr.invocation = {"thread": tid, "group": group, "thread_in_group": local}
        found.append(tr)

    cmd.runner = runner
    cmd.execute(runtime)
    return found[0] if found else None


# ----------------------------------------------------------------------------------------------------
# Geometry, hull and domain invocations of a draw
# ----------------------------------------------------------------------------------------------------

#: stage key -> the name used in messages and by the inspector
STAGES = {"gs": "geometry", "hs": "hull", "ds": "domain"}


def _ident_of(ident: dict, lane: int, n: int) -> dict[str, Any]:
    """One lane's identity from the stage's per-lane names (arrays of n rows, or scalars for all lanes)."""
    out: dict[str, Any] = {}
    for k, v in ident.items():
        if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == n:
            row = v[lane]
            if np.ndim(row):
                out[k] = tuple(float(x) if v.dtype.kind == "f" else int(x) for x in row)
            else:
                out[k] = float(row) if v.dtype.kind == "f" else int(row)
        else:
            out[k] = v
    return out


def _matching(ident: dict, n: int, select: dict[str, Any]) -> np.ndarray:
    ok = np.ones(n, bool)
    for k, want in select.items():
        v = ident.get(k)
        if v is None:
            return np.zeros(n, bool)
        if isinstance(v, np.ndarray) and v.ndim >= 1 and v.shape[0] == n:
            ok &= np.asarray(v) == want if v.ndim == 1 else np.all(np.isclose(v, np.asarray(want, v.dtype)), axis=1)
        elif v != want:
            return np.zeros(n, bool)
    return ok


class _StageRunner:
    """Vertex and pixel shaders run normally; ``run_stage`` sees every GS/HS/DS batch of the draw."""

    def __init__(self, on_stage: Any) -> None:
        self.run_stage = on_stage

    def run_vs(self, program: Any, n_lanes: int, stream: Any, **kw: Any) -> Any:
        return run_program(program, n_lanes, **kw)

    def run_ps(self, program: Any, n_lanes: int, lanes: Any, **kw: Any) -> Any:
        return run_program(program, n_lanes, **kw)


def _check_stage(stage: str) -> None:
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {sorted(STAGES)}, not {stage!r}")


def stage_invocations(context: Any, stage: str, draw: int = -1, limit: int | None = None) -> list[dict]:
    """The identities of the ``stage`` ('gs', 'hs', 'ds') invocations a captured draw ran, in execution
    order (at most ``limit``); each is what :func:`debug_invocation` takes to pick one: ``instance`` (draw
    instance) and ``primitive_id`` always; GS ``gs_instance`` (and ``tess_primitive`` after tessellation);
    HS ``phase`` ('control_point' with ``control_point``, 'fork'/'join' with ``phase_index``,
    ``phase_instance``); DS ``point`` (index within its patch) and ``domain`` (u, v[, w])."""
    _check_stage(stage)
    snap = _pick(_capture(context).draws, draw, "draw")
    cmd, runtime = _fresh(snap)
    rows: list[dict] = []

    def on_stage(name: str, c: Any, st: Any, ident: dict) -> None:
        execute(c, st)
        if name != stage:
            return
        for lane in range(st.n):
            if limit is not None and len(rows) >= limit:
                return
            rows.append(_ident_of(ident, lane, st.n))

    cmd.state.stage_runner = _StageRunner(on_stage)
    cmd.execute(runtime)
    return rows


def debug_invocation(context: Any, stage: str, draw: int = -1, **select: Any) -> ShaderTrace | None:
    """Trace of the first ``stage`` ('gs', 'hs', 'ds') invocation of a captured draw whose identity (see
    :func:`stage_invocations`) has every given value, e.g. ``debug_invocation(ctx, 'gs', primitive_id=3,
    gs_instance=1)``; None when the draw ran no such invocation. The trace's ``invocation`` is its whole
    identity and ``inputs`` its input register file as the stage prepared it."""
    _check_stage(stage)
    snap = _pick(_capture(context).draws, draw, "draw")
    cmd, runtime = _fresh(snap)
    found: list[ShaderTrace] = []

    def on_stage(name: str, c: Any, st: Any, ident: dict) -> None:
        if name != stage or found:
            execute(c, st)
            return
        hit = np.flatnonzero(_matching(ident, st.n, select))
        if hit.size == 0:
            execute(c, st)
            return
        lane = int(hit[0])
        t = trace_execute(c, st, [lane])[lane]  # records the lane's input file (trace.inputs)
        t.invocation = {"stage": STAGES[stage], **_ident_of(ident, lane, st.n)}
        found.append(t)

    cmd.state.stage_runner = _StageRunner(on_stage)
    cmd.execute(runtime)
    return found[0] if found else None


def debug_geometry(context: Any, primitive_id: int, gs_instance: int = 0, instance: int = 0, draw: int = -1,
                   tess_primitive: int | None = None) -> ShaderTrace | None:
    """Trace of the geometry-shader invocation for input primitive ``primitive_id`` (SV_PrimitiveID) of draw
    instance ``instance``, GS instance ``gs_instance`` (SV_GSInstanceID); after tessellation
    ``tess_primitive`` picks the tessellated primitive within the patch (default: the first)."""
    sel: dict[str, Any] = {"primitive_id": primitive_id, "gs_instance": gs_instance, "instance": instance}
    if tess_primitive is not None:
        sel["tess_primitive"] = tess_primitive
    return debug_invocation(context, "gs", draw, **sel)


def debug_hull(context: Any, primitive_id: int, control_point: int | None = None, phase: str | None = None,
               phase_index: int = 0, phase_instance: int = 0, instance: int = 0,
               draw: int = -1) -> ShaderTrace | None:
    """Trace of a hull-shader invocation of patch ``primitive_id`` of draw instance ``instance``: the
    control-point phase for output control point ``control_point``, else the patch-constant phase
    ``phase`` ('fork' by default, or 'join') number ``phase_index``, instance ``phase_instance``."""
    if control_point is not None:
        return debug_invocation(context, "hs", draw, phase="control_point", control_point=control_point,
                                primitive_id=primitive_id, instance=instance)
    return debug_invocation(context, "hs", draw, phase=phase or "fork", phase_index=phase_index,
                            phase_instance=phase_instance, primitive_id=primitive_id, instance=instance)


def debug_domain(context: Any, primitive_id: int, point: int, instance: int = 0,
                 draw: int = -1) -> ShaderTrace | None:
    """Trace of the domain-shader invocation for domain point ``point`` (its index in the tessellator's
    output for the patch) of patch ``primitive_id`` of draw instance ``instance``."""
    return debug_invocation(context, "ds", draw, primitive_id=primitive_id, point=point, instance=instance)
