"""ID3D11DeviceContext / ID3D11DeviceContext1: immediate and deferred contexts (DESIGN §1, §2).

The class combines the state half (``context_state.StateMethods``), the data-movement half
(``context_data.DataMethods``) and, here, draws/dispatches, queries, predication and command lists.
Work is expressed as commands (``api.commands``): the immediate context executes each one as soon as it
is validated (the device is synchronous); a deferred context appends it to its recording, and
``FinishCommandList`` / ``ExecuteCommandList`` hand the list to the immediate context, which replays it.
"""

from __future__ import annotations

import operator
import time
from dataclasses import dataclass, field
from typing import Any

from pyd3d11.errors import (
    DXGI_ERROR_DEVICE_REMOVED,
    DXGI_ERROR_INVALID_CALL,
    E_INVALIDARG,
    D3D11Error,
    InvalidArgError,
    InvalidCallError,
    NotSupportedError,
)
from pyd3d11.headers import (
    D3D11_QUERY_DATA_PIPELINE_STATISTICS,
    D3D11_QUERY_DATA_SO_STATISTICS,
    D3D11_QUERY_DATA_TIMESTAMP_DISJOINT,
)

from ..shader import watchdog
from . import commands as cmds
from .com import ID3D11DeviceChild, iid
from .context_data import DataMethods, _storage
from .context_state import (
    CAT_EXECUTION,
    CB_SLOTS,
    SEV_ERROR,
    SEV_INFO,
    SEV_WARNING,
    BoundState,
    F,
    StateMethods,
    addref,
    is_a,
)
from .draw_plan import GRAPHICS_STAGES, DrawPlan, PlanCache
from .shaders import stage_program  # class linkage: programs linked for the bound class instances

D3D11_DEVICE_CONTEXT_IMMEDIATE, D3D11_DEVICE_CONTEXT_DEFERRED = 0, 1
MISC_DRAWINDIRECT_ARGS = 0x10
DISPATCH_MAX = 65535  # D3D11_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION
ASYNC_GETDATA_DONOTFLUSH = 0x1
TIMESTAMP_FREQUENCY = 1_000_000_000  # ticks of time.perf_counter_ns

# D3D11_QUERY values
Q_EVENT, Q_OCCLUSION, Q_TIMESTAMP, Q_TIMESTAMP_DISJOINT, Q_PIPELINE_STATISTICS = 0, 1, 2, 3, 4
Q_OCCLUSION_PREDICATE, Q_SO_STATISTICS, Q_SO_OVERFLOW_PREDICATE = 5, 6, 7
Q_SO_STATISTICS_STREAM = (8, 10, 12, 14)
Q_SO_OVERFLOW_PREDICATE_STREAM = (9, 11, 13, 15)
_NO_BEGIN = (Q_EVENT, Q_TIMESTAMP)  # queries that only have End (ID3D11DeviceContext::Begin remarks)

PIPELINE_STATISTICS_FIELDS = ("IAVertices", "IAPrimitives", "VSInvocations", "GSInvocations", "GSPrimitives",
                              "CInvocations", "CPrimitives", "PSInvocations", "HSInvocations", "DSInvocations",
                              "CSInvocations")
_COUNTERS = PIPELINE_STATISTICS_FIELDS + ("Samples",) + tuple(
    f"SO{s}_{k}" for s in range(4) for k in ("NumPrimitivesWritten", "PrimitivesStorageNeeded"))


#: query types whose result reads none of _COUNTERS (End computes no counter deltas for them)
_NO_COUNTERS = frozenset({Q_EVENT, Q_TIMESTAMP, Q_TIMESTAMP_DISJOINT})
_NO_DELTA: dict[str, int] = {}

_DATA_SIZE = {Q_EVENT: 4, Q_OCCLUSION: 8, Q_TIMESTAMP: 8, Q_TIMESTAMP_DISJOINT: 16, Q_PIPELINE_STATISTICS: 88,
              Q_OCCLUSION_PREDICATE: 4, Q_SO_STATISTICS: 16, Q_SO_OVERFLOW_PREDICATE: 4,
              **{q: 16 for q in Q_SO_STATISTICS_STREAM}, **{q: 4 for q in Q_SO_OVERFLOW_PREDICATE_STREAM}}


@dataclass(slots=True)
class _QueryRecord:
    state: str = "new"  # new -> building (after Begin) -> issued (after End)
    begin: dict[str, int] = field(default_factory=dict)
    result: Any = None


def _so_declaration(gs: Any) -> Any:
    """The resolved stream-output declaration of a GS created with stream output (cached on it)."""
    decl = getattr(gs, "_so_compiled", None)
    if decl is None:
        from pyd3d11.pipeline.stream_output import compile_so_declaration

        entries, strides, rasterized = gs._stream_output
        decl = compile_so_declaration(entries, gs._output_signature, strides, rasterized)
        gs._so_compiled = decl
    return decl


class ID3D11CommandList(ID3D11DeviceChild):
    """A recorded command list (FinishCommandList)."""

    _iid = iid("ID3D11CommandList", "a24bc4d1-769e-43f7-8013-98ff566c18e2")

    def __init__(self, device: Any, commands: list[cmds.Command], context_flags: int = 0) -> None:
        super().__init__(device)
        self._commands = cmds.CommandList(list(commands))
        self._flags = context_flags

    def GetContextFlags(self) -> int:  # noqa: N802
        return self._flags


class _DrawAutoCmd(cmds.Command):
    """DrawAuto: sets the vertex count of a DrawCmd from the SO filled size when executed."""

    __slots__ = ("draw", "storage", "offset", "stride")

    def __init__(self, draw: cmds.DrawCmd, storage: Any, offset: int, stride: int) -> None:
        self.draw, self.storage, self.offset, self.stride = draw, storage, offset, stride

    def vertex_count(self, runtime: Any) -> int:
        """The vertices this DrawAuto draws on ``runtime`` now: (filled size - offset) / stride (§8.9)."""
        from pyd3d11.pipeline.stream_output import auto_vertex_count

        return auto_vertex_count(runtime._so_filled.get(id(self.storage), 0), self.offset, self.stride)

    def execute(self, runtime: Any) -> None:
        n = self.vertex_count(runtime)
        if n:
            self.draw.args.vertex_count = n
            self.draw.execute(runtime)


class ID3D11DeviceContext1(StateMethods, DataMethods, ID3D11DeviceChild):
    """The device context (D3D11.1 interface; also answers ID3D11DeviceContext)."""

    _iid = iid("ID3D11DeviceContext1", "bb2c6faa-b5fb-4082-8e6b-388b8cfa90e1")
    _capture_hook: Any = None  # pyd3d11.debug.enable_capture: sees each command before it runs (opt-in)

    def __init__(self, device: Any, context_type: int = D3D11_DEVICE_CONTEXT_IMMEDIATE, context_flags: int = 0,
                 deferred: bool = False) -> None:
        super().__init__(device)
        self._type = D3D11_DEVICE_CONTEXT_DEFERRED if deferred else int(context_type)
        self._flags = int(context_flags)
        self._deferred = self._type == D3D11_DEVICE_CONTEXT_DEFERRED
        self._state = BoundState()
        self._maps: dict[tuple[int, int], Any] = {}
        self._discarded: set[tuple[int, int]] = set()
        self._shadow: dict[tuple[int, int], Any] = {}  # deferred: last bytes written per mapped subresource
        self._recording: list[cmds.Command] = []
        self._so_filled: dict[int, int] = {}
        self._queries: dict[int, tuple[Any, _QueryRecord]] = {}
        self._counters: dict[str, int] = dict.fromkeys(_COUNTERS, 0)
        # the records of this context's queries between an executed Begin and End (ids): a query's result is the
        # counters' change over that span, so counts added while none is open change no result
        self._collecting: set[int] = set()

    def _interfaces(self) -> dict[Any, Any]:
        out = super()._interfaces()
        out[iid("ID3D11DeviceContext", "c0bfa96c-e089-44fb-8eaf-26f8796190da")] = self
        return out

    def _extra_interface(self, key: Any) -> Any:
        """ID3DUserDefinedAnnotation (every context, one facet each: COM identity); ID3D11Multithread is
        "obtained by querying it from an immediate device context" (its remarks)."""
        from .annotation import ID3DUserDefinedAnnotation
        from .com import facet
        from .threading_model import ID3D11Multithread, multithread_of

        if key == ID3DUserDefinedAnnotation._iid:
            return facet(self, ID3DUserDefinedAnnotation)
        if key == ID3D11Multithread._iid and not self._deferred:
            return multithread_of(self)
        return super()._extra_interface(key)

    # -- debug reporting -----------------------------------------------------------------------------
    def _report(self, severity: int, category: int, text: str, message: str = "") -> None:
        """Send a debug-layer message to the device (message given by D3D11_MESSAGE_ID name)."""
        from .message_map import resolve

        self._device._report(severity, category, resolve(message, text), text)

    # -- command submission --------------------------------------------------------------------------
    def _record(self, cmd: cmds.Command) -> None:
        self._recording.append(cmd)

    def _submit(self, cmd: cmds.Command, predicated: bool = True) -> None:
        """Run ``cmd`` now (immediate) or record it (deferred); predicated work honours SetPredication."""
        pred = self._state.predicate if predicated else None
        if self._deferred:
            self._record(cmd if pred is None else cmds.PredicatedCmd(cmd, pred, self._state.predicate_value))
            return
        if pred is not None and self._predicate_blocks(pred, self._state.predicate_value):
            return
        if self._capture_hook is not None:
            self._capture_hook(cmd)
        self._execute(cmd)

    def _execute(self, cmd: cmds.Command) -> None:
        """Run one command under the device's shader watchdog (shader/watchdog.py): a command that runs
        past the budget removes the device (DXGI_ERROR_DEVICE_HUNG, as Windows' timeout detection and
        recovery does); a removed device runs nothing."""
        dev = self._device
        if getattr(dev, "_removed_reason", 0):
            return
        budget = dev._shader_budget() if hasattr(dev, "_shader_budget") else watchdog.delay()
        try:
            with watchdog.watch(budget):
                self._execute_now(cmd)
        except watchdog.ShaderTimeout:
            if not hasattr(dev, "_remove"):
                raise
            from pyd3d11.errors import DXGI_ERROR_DEVICE_HUNG

            dev._remove(DXGI_ERROR_DEVICE_HUNG)

    def _execute_now(self, cmd: cmds.Command) -> None:
        """Run one command; with the debug layer, shaders the native backend runs on the reference
        executor instead are reported once per shader as INFO messages (pyd3d11.shader.native), and draws
        the native output merger leaves to the numpy one once per reason (pipeline.native.om_runtime)."""
        if self._device._debug is None:
            cmd.execute(self)
            return
        from pyd3d11.shader.native import fallback_listeners

        seen = self._device.__dict__.setdefault("_native_fallbacks_reported", set())

        def note(program: Any, reason: str) -> None:
            key = (id(program), reason)
            if key not in seen:
                seen.add(key)
                self._report(SEV_INFO, CAT_EXECUTION, f"{type(cmd).__name__.removesuffix('Cmd')}: the native shader "
                             f"backend does not compile this shader ({reason}); it runs on the reference executor.")

        def note_om(reason: str) -> None:
            key = ("output merger", reason)
            if key not in seen:
                seen.add(key)
                self._report(SEV_INFO, CAT_EXECUTION, f"{type(cmd).__name__.removesuffix('Cmd')}: the native shader "
                             f"backend's output merger does not take this draw's fragments ({reason}); the numpy "
                             "merger applies them.")

        from pyd3d11.pipeline.native import om_runtime

        fallback_listeners.append(note)
        om_runtime.fallback_listeners.append(note_om)
        try:
            cmd.execute(self)
        finally:
            fallback_listeners.remove(note)
            om_runtime.fallback_listeners.remove(note_om)

    def _run_uav_counter_command(self, sets: list[Any]) -> None:
        self._submit(cmds.SetUAVCountersCmd(sets), predicated=False)

    def _count(self, name: str, n: int) -> None:
        """Counter hook for queries (the pipeline stages call this through the executing context)."""
        self._counters[name] = self._counters.get(name, 0) + int(n)

    def _count_all(self, names: tuple, values: tuple) -> None:
        """:meth:`_count` for each counter of ``names`` (all in _COUNTERS: the dict holds them from the start)
        with the count of ``values`` at its position (a draw's counters, added by C calls)."""
        if not self._collecting:  # no query between its Begin and End: no result can see these counts
            return
        c = self._counters
        c.update(zip(names, map(operator.add, map(c.__getitem__, names), map(int, values))))

    # -- basics -------------------------------------------------------------------------------------
    def GetType(self) -> int:  # noqa: N802
        return self._type

    def GetContextFlags(self) -> int:  # noqa: N802
        return self._flags

    def Flush(self) -> None:  # noqa: N802
        """Nothing is queued on a synchronous device."""

    def Flush1(self, ContextType: int = 0, hEvent: Any = None) -> None:  # noqa: N802,N803
        """ID3D11DeviceContext3::Flush1 equivalent: nothing to do."""

    def SwapDeviceContextState(self, pState: Any, ppPreviousState: Any = True) -> Any:  # noqa: N802,N803
        """Activate ``pState``; returns the previously active state object (AddRef'd), or None when
        ``ppPreviousState`` is None/False (NULL in C)."""
        return self._swap_device_context_state(pState, bool(ppPreviousState))

    # -- draws ---------------------------------------------------------------------------------------
    def _draw_cmd(self, method: str, args: Any) -> cmds.DrawCmd | None:
        """Snapshot the graphics bindings as plain data for a draw (validation per the Draw* pages). The
        snapshot's parts derived from the bound objects are kept while the same objects stay bound
        (api/draw_plan.py); validation and its debug-layer messages run at every draw."""
        gfx, OMState, TextureSampler = _pipeline()  # noqa: N806 (classes)

        s = self._state
        if s.ia_topology == 0:
            self._report(SEV_ERROR, CAT_EXECUTION, f"{method}: the primitive topology is undefined. "
                         "The call is dropped.", "DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY")
            return None
        if self._device._debug is not None:  # debug layer: draw-time state validation (api/draw_validation.py)
            from .draw_validation import validate_draw
            if not validate_draw(self, method, args):
                return None
        cache = self.__dict__.get("_draw_plans")
        if cache is None:
            cache = self._draw_plans = PlanCache()
        plan = cache.lookup(s)
        if plan is None:
            plan, reusable = self._draw_plan(method)
            if reusable:
                cache.keep(s, plan)
            else:
                cache.drop()
        if plan.uav_drop:  # a UAV in a form a declaration cannot use: dropped as Dispatch drops it (no debug
            return None     # layer: quietly; with it validate_draw has reported and dropped it above)
        # (each stage's bindings are made when the command executes: DrawCmd.execute)
        stage_state = [None] * 5
        StageState = gfx.StageState  # noqa: N806 (a class)
        for i, p in plan.live:
            stage_state[i] = StageState(p, None)
        vs, hs, ds, gs, ps = stage_state
        om = OMState(rtvs=plan.rtv_list, dsv=plan.dsv, blend=plan.blend,
                     blend_factor=tuple(map(float, s.om_blend_factor)), sample_mask=int(s.om_sample_mask),
                     depth_stencil=plan.depth_stencil, stencil_ref=int(s.om_stencil_ref))
        # (the plan's fields of the snapshot as keywords: its lists are shared by the snapshots of its draws, which
        # nobody changes in place; a kept plan goes with them: the pipeline may keep what it derives from it,
        # GraphicsState.plan)
        state = gfx.GraphicsState(vs=vs, hs=hs, ds=ds, gs=gs, ps=ps, om=om, sampling_hooks=TextureSampler(),
                                  plan=plan if cache.plan is plan else None, **plan.state_kw)
        # (the command reads the plan's slot tuples, never writes them)
        return cmds.DrawCmd(state, plan.cbuffers, plan.srvs, plan.samplers, plan.uavs, args,
                            so_bindings=plan.so_bindings, padded=plan.padded)

    def _draw_plan(self, method: str) -> tuple[DrawPlan, bool]:
        """The parts of a draw's snapshot derived from the bound objects (api/draw_plan.py), and whether they may
        be kept for the next draw with the same bindings (not when a stage links class instances: its program
        is linked, and binding problems reported, per draw)."""
        from pyd3d11.api.states import DEFAULT_BLEND_DESC, DEFAULT_DEPTH_STENCIL_DESC, DEFAULT_RASTERIZER_DESC
        from pyd3d11.pipeline import draw as gfx
        from pyd3d11.pipeline.input_assembler import IndexBufferBinding, InputElement, VertexBufferBinding

        from .draw_validation import draw_uavs_usable
        from .shaders import shader_ifce

        s = self._state
        vs = s.stages["VS"].shader
        memo = self.__dict__.get("_draw_memo")
        if memo is None:
            # derived data of state objects that never change once set, kept across plans (a plan is dropped
            # when any binding changes): name -> (the objects it was derived from, compared by identity and
            # kept alive here, the result)
            memo = self._draw_memo = {}
        got = memo.get("elements")
        if got is not None and got[0][0] is vs and got[0][1] is s.ia_layout:
            elements = got[1]
        else:
            found = []
            if vs is not None and s.ia_layout is not None:
                sig = {(e.semantic_name.upper(), e.semantic_index): e for e in vs._input_signature}
                for e in s.ia_layout._elements:
                    se = sig.get((str(e.SemanticName).upper(), int(e.SemanticIndex)))
                    if se is None:
                        continue  # elements the shader does not read are fetched by no one
                    found.append(InputElement(se.register, se.mask, int(e.Format), int(e.InputSlot),
                                              int(e.AlignedByteOffset), bool(e.InputSlotClass),
                                              int(e.InstanceDataStepRate)))
            # (a shader's input signature and an input layout's elements are immutable)
            elements = tuple(found)
            memo["elements"] = ((vs, s.ia_layout), elements)
        vbs = tuple(VertexBufferBinding(b._storage if b is not None else None, int(st), int(off))
                    for b, st, off in zip(s.ia_vbs, s.ia_strides, s.ia_offsets))
        ib = IndexBufferBinding(s.ia_ib._storage, int(s.ia_ib_format), int(s.ia_ib_offset)) if s.ia_ib is not None \
            else IndexBufferBinding(None)
        # class linkage: each stage runs its program linked for the bound class instances (api/shaders.py)
        report = self._linkage_report(method)
        reusable = True
        programs: dict[str, Any] = {}
        for name in GRAPHICS_STAGES:
            st = s.stages[name]
            if st.shader is None:
                programs[name] = None
                continue
            if shader_ifce(st.shader) is not None:
                reusable = False
            programs[name] = stage_program(st.shader, st.class_instances, report)
        rtvs = tuple(v._view if v is not None else None for v in s.om_rtvs)
        dsv = s.om_dsv._view if s.om_dsv is not None else None
        target = next((v for v in rtvs + (dsv,) if v is not None), None)
        samples, quality = 1, 0
        if target is not None:
            samples = target.storage.sample_count
            res = (s.om_dsv if target is dsv else s.om_rtvs[rtvs.index(target)])._resource
            quality = int(F(F(getattr(res, "_desc", None), "SampleDesc", None), "Quality", 0))
        # RSSetViewports / RSSetScissorRects store new lists of their own copies (RSGet* hands out copies)
        got = memo.get("rs")
        if got is not None and got[0][0] is s.rs_viewports and got[0][1] is s.rs_scissors:
            viewports, scissors = got[1]
        else:
            viewports = tuple(gfx.Viewport(float(F(v, "TopLeftX")), float(F(v, "TopLeftY")), float(F(v, "Width")),
                                           float(F(v, "Height")), float(F(v, "MinDepth")), float(F(v, "MaxDepth")))
                              for v in s.rs_viewports)
            scissors = tuple((int(F(r, "left")), int(F(r, "top")), int(F(r, "right")), int(F(r, "bottom")))
                             for r in s.rs_scissors)
            memo["rs"] = ((s.rs_viewports, s.rs_scissors), (viewports, scissors))
        cbs: dict[str, tuple] = {}
        srvs: dict[str, tuple] = {}
        samplers: dict[str, tuple] = {}
        for name in GRAPHICS_STAGES:
            st = s.stages[name]
            if st.shader is None:
                # a stage without a shader reads no bindings (DrawCmd.execute binds only the stages that run)
                cbs[name], srvs[name], samplers[name] = (), (), ()
                continue
            cbs[name] = tuple((b._storage, st.cb_first[i] * 16, st.cb_num[i] * 16) if b is not None else None
                              for i, b in enumerate(st.cbs))
            srvs[name] = tuple(v._view if v is not None else None for v in st.srvs)
            samplers[name] = tuple(getattr(x, "_desc", None) if x is not None else None for x in st.samplers)
        uavs = tuple(v._view if v is not None else None for v in s.om_uavs)
        gs = s.stages["GS"].shader
        so = getattr(gs, "_stream_output", None) if gs is not None else None
        so_bindings = tuple((b._storage if b is not None else None, int(off))
                            for b, off in zip(s.so_targets, s.so_offsets))
        rasterizer = s.rs_state._desc if s.rs_state is not None else DEFAULT_RASTERIZER_DESC
        so_declaration = _so_declaration(gs) if so is not None else None
        return DrawPlan(
            elements=elements, vertex_buffers=vbs, index_buffer=ib, programs=programs, rtvs=rtvs, dsv=dsv,
            blend=s.om_blend._desc if s.om_blend is not None else DEFAULT_BLEND_DESC,
            depth_stencil=s.om_ds._desc if s.om_ds is not None else DEFAULT_DEPTH_STENCIL_DESC,
            rasterizer=rasterizer, viewports=viewports, scissors=scissors, sample_count=samples,
            sample_quality=quality, cbuffers=cbs, srvs=srvs, samplers=samplers, uavs=uavs,
            so_declaration=so_declaration, so_bindings=so_bindings, uav_drop=not draw_uavs_usable(self),
            live=tuple((i, programs[name]) for i, name in enumerate(GRAPHICS_STAGES) if programs[name] is not None),
            padded=_padded_slots(srvs, samplers, uavs, programs), topology=int(s.ia_topology)), reusable

    def _draw(self, method: str, **kw: Any) -> None:
        global _DrawArgs
        if _DrawArgs is None:
            from pyd3d11.pipeline.input_assembler import DrawArgs as _DrawArgs  # (once: an import per draw costs µs)

        cmd = self._draw_cmd(method, _DrawArgs(**kw))
        if cmd is not None:
            self._submit(cmd)

    def _draw_indirect(self, method: str, buf: Any, offset: int, indexed: bool) -> None:
        from pyd3d11.pipeline.input_assembler import DrawArgs

        st = _storage(buf)
        off = int(offset)
        size = 20 if indexed else 16
        if (st is None or not is_a(buf, "ID3D11Buffer")
                or not int(F(buf._desc, "MiscFlags")) & MISC_DRAWINDIRECT_ARGS):
            self._report(SEV_ERROR, CAT_EXECUTION, f"{method}: pBufferForArgs must be a buffer created with "
                         "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS. The call is dropped.", "")
            return
        if off % 4 or off + size > st.width:
            self._report(SEV_ERROR, CAT_EXECUTION, f"{method}: offset {off} is unaligned or the arguments run "
                         "past the end of the buffer. The call is dropped.", "")
            return
        cmd = self._draw_cmd(method, DrawArgs(0, indexed=indexed))
        if cmd is not None:
            cmd.indirect = (st, off, indexed)
            self._submit(cmd)

    def Draw(self, VertexCount: int, StartVertexLocation: int) -> None:  # noqa: N802,N803
        self._draw("Draw", vertex_count=int(VertexCount), start_vertex=int(StartVertexLocation))

    def DrawIndexed(self, IndexCount: int, StartIndexLocation: int, BaseVertexLocation: int) -> None:  # noqa: N802,N803
        self._draw("DrawIndexed", vertex_count=int(IndexCount), start_index=int(StartIndexLocation),
                   base_vertex=int(BaseVertexLocation), indexed=True)

    def DrawInstanced(self, VertexCountPerInstance: int, InstanceCount: int, StartVertexLocation: int,  # noqa: N802,N803
                      StartInstanceLocation: int) -> None:  # noqa: N803
        self._draw("DrawInstanced", vertex_count=int(VertexCountPerInstance), instance_count=int(InstanceCount),
                   start_vertex=int(StartVertexLocation), start_instance=int(StartInstanceLocation))

    def DrawIndexedInstanced(self, IndexCountPerInstance: int, InstanceCount: int, StartIndexLocation: int,  # noqa: N802,N803
                             BaseVertexLocation: int, StartInstanceLocation: int) -> None:  # noqa: N803
        self._draw("DrawIndexedInstanced", vertex_count=int(IndexCountPerInstance), instance_count=int(InstanceCount),
                   start_index=int(StartIndexLocation), base_vertex=int(BaseVertexLocation),
                   start_instance=int(StartInstanceLocation), indexed=True)

    def DrawAuto(self) -> None:  # noqa: N802
        """Draw the vertices stream output wrote into the buffer at IA slot 0: (BufferFilledSize - slot-0
        offset) / slot-0 stride vertices, nothing when filled <= offset (§8.9). The count is read when the
        draw executes, so a deferred context sees the filled size at ExecuteCommandList time."""
        s = self._state
        buf = s.ia_vbs[0] if s.ia_vbs else None
        st = _storage(buf)
        if st is None:
            self._report(SEV_ERROR, CAT_EXECUTION, "DrawAuto: no vertex buffer is bound at IA slot 0. The call is "
                         "dropped.", "")
            return
        from pyd3d11.pipeline.input_assembler import DrawArgs

        cmd = self._draw_cmd("DrawAuto", DrawArgs(vertex_count=0, start_vertex=0))
        if cmd is not None:
            self._submit(_DrawAutoCmd(cmd, st, int(s.ia_offsets[0]), int(s.ia_strides[0])))

    def DrawInstancedIndirect(self, pBufferForArgs: Any, AlignedByteOffsetForArgs: int) -> None:  # noqa: N802,N803
        self._draw_indirect("DrawInstancedIndirect", pBufferForArgs, AlignedByteOffsetForArgs, False)

    def DrawIndexedInstancedIndirect(self, pBufferForArgs: Any, AlignedByteOffsetForArgs: int) -> None:  # noqa: N802,N803
        self._draw_indirect("DrawIndexedInstancedIndirect", pBufferForArgs, AlignedByteOffsetForArgs, True)

    # -- compute -------------------------------------------------------------------------------------
    def _dispatch_cmd(self, method: str) -> cmds.DispatchCmd | None:
        cs = self._state.stages["CS"]
        if cs.shader is None:
            self._report(SEV_ERROR, CAT_EXECUTION, f"{method}: no compute shader is bound. The call is dropped.",
                         "")
            return None
        # dispatch-time state validation (api/draw_validation.py), with or without the debug layer: a UAV bound
        # in a form the declaration cannot use (Windows: undefined results) drops the call instead of raising
        # from this void method; only a debug device reports messages
        from .draw_validation import validate_dispatch
        quiet = self._device._debug is None
        checkable = not quiet or hasattr(getattr(cs.shader, "_program", None), "instructions")
        if checkable and not validate_dispatch(self, method, quiet=quiet):  # (the context tests' stand-in shaders
            return None                                                      # carry no code to check)
        cbs: list[Any] = [None] * CB_SLOTS
        for i, b in enumerate(cs.cbs):
            if b is not None:
                cbs[i] = (b._storage, cs.cb_first[i] * 16, cs.cb_num[i] * 16)
        srvs = [v._view if v is not None else None for v in cs.srvs]
        uavs = [v._view if v is not None else None for v in self._state.cs_uavs]
        samplers = [getattr(s, "_desc", None) if s is not None else None for s in cs.samplers]
        # class linkage: the CS program linked for the bound class instances (api/shaders.py)
        program = stage_program(cs.shader, cs.class_instances, self._linkage_report(method))
        return cmds.DispatchCmd(program, cbs, srvs, uavs, samplers)

    def _linkage_report(self, method: str) -> Any:
        """Debug-layer warning for class-linkage binding problems found at draw/dispatch time."""
        return lambda text: self._report(SEV_WARNING, CAT_EXECUTION, f"{method}: {text}; fcalls through it call "
                                         "nothing.", "")

    def Dispatch(self, ThreadGroupCountX: int, ThreadGroupCountY: int, ThreadGroupCountZ: int) -> None:  # noqa: N802,N803
        """Run the bound compute shader over X*Y*Z groups (dimensions > 65535 are dropped: undefined)."""
        x, y, z = int(ThreadGroupCountX), int(ThreadGroupCountY), int(ThreadGroupCountZ)
        if max(x, y, z) > DISPATCH_MAX or min(x, y, z) < 0:
            self._report(SEV_ERROR, CAT_EXECUTION, f"Dispatch: group counts ({x}, {y}, {z}) exceed "
                         f"{DISPATCH_MAX}. The call is dropped.", "")
            return
        cmd = self._dispatch_cmd("Dispatch")
        if cmd is not None:
            cmd.groups = (x, y, z)
            self._submit(cmd)

    def DispatchIndirect(self, pBufferForArgs: Any, AlignedByteOffsetForArgs: int) -> None:  # noqa: N802,N803
        """Group counts {X, Y, Z} read from a DRAWINDIRECT_ARGS buffer at a 4-byte aligned offset."""
        st = _storage(pBufferForArgs)
        off = int(AlignedByteOffsetForArgs)
        if (st is None or not is_a(pBufferForArgs, "ID3D11Buffer")
                or not int(F(pBufferForArgs._desc, "MiscFlags")) & MISC_DRAWINDIRECT_ARGS):
            self._report(SEV_ERROR, CAT_EXECUTION, "DispatchIndirect: pBufferForArgs must be a buffer created with "
                         "D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS. The call is dropped.", "")
            return
        if off % 4 or off + 12 > st.width:
            self._report(SEV_ERROR, CAT_EXECUTION, f"DispatchIndirect: offset {off} is unaligned or the arguments "
                         "run past the end of the buffer. The call is dropped.", "")
            return
        cmd = self._dispatch_cmd("DispatchIndirect")
        if cmd is not None:
            cmd.indirect = (st, off)
            self._submit(cmd)

    # -- queries -------------------------------------------------------------------------------------
    def _query_type(self, q: Any) -> int | None:
        d = getattr(q, "_desc", None)
        if d is None:
            return None
        return int(F(d, "Query"))

    def _record_of(self, q: Any) -> _QueryRecord:
        entry = self._queries.get(id(q))
        if entry is None or entry[0] is not q:
            entry = (q, _QueryRecord())
            self._queries[id(q)] = entry
        return entry[1]

    def Begin(self, pAsync: Any) -> None:  # noqa: N802,N803
        """Start collecting; EVENT and TIMESTAMP have no Begin (the call is dropped)."""
        qt = self._query_type(pAsync)
        if qt is None or qt in _NO_BEGIN:
            self._report(SEV_ERROR, CAT_EXECUTION, "Begin: this query type has no Begin (or pAsync is not a "
                         "query). The call is dropped.", "")
            return
        if pAsync is self._state.predicate:  # SetPredication remarks: Begin/End are invalid while it predicates
            self._report(SEV_ERROR, CAT_EXECUTION, "Begin: the predicate is set for predication. The call is "
                         "dropped.", "PREDICATE_BEGIN_DURING_PREDICATION")
            return
        self._submit(cmds.QueryCmd(pAsync, False), predicated=False)

    def End(self, pAsync: Any) -> None:  # noqa: N802,N803
        """Stop collecting; the result is ready at once on this synchronous device."""
        if self._query_type(pAsync) is None:
            self._report(SEV_ERROR, CAT_EXECUTION, "End: pAsync is not a query. The call is dropped.", "")
            return
        if pAsync is self._state.predicate:
            self._report(SEV_ERROR, CAT_EXECUTION, "End: the predicate is set for predication. The call is "
                         "dropped.", "PREDICATE_END_DURING_PREDICATION")
            return
        self._submit(cmds.QueryCmd(pAsync, True), predicated=False)

    def _query_mark(self, q: Any, end: bool) -> None:
        """Executed Begin/End (runs on the immediate context, also when replaying a command list)."""
        qt = self._query_type(q)
        rec = self._record_of(q)
        if not end:
            rec.state = "building"
            rec.begin = dict(self._counters)
            rec.result = None
            self._collecting.add(id(rec))
            return
        self._collecting.discard(id(rec))
        if qt in _NO_COUNTERS:  # (their results read no counter: a frame's event query skips the copies)
            rec.result = self._query_result(qt, _NO_DELTA)
            rec.state = "issued"
            return
        if qt not in _NO_BEGIN and rec.state != "building":
            # End without Begin: an implicit empty Begin/End pair
            rec.begin = dict(self._counters)
        delta = {k: self._counters.get(k, 0) - rec.begin.get(k, 0) for k in _COUNTERS}
        rec.result = self._query_result(qt, delta)
        rec.state = "issued"

    def _query_result(self, qt: int, delta: dict[str, int]) -> Any:
        if qt == Q_EVENT:
            return True
        if qt == Q_OCCLUSION:
            return delta["Samples"]
        if qt == Q_OCCLUSION_PREDICATE:
            return delta["Samples"] > 0
        if qt == Q_TIMESTAMP:
            return time.perf_counter_ns()
        if qt == Q_TIMESTAMP_DISJOINT:
            cls = D3D11_QUERY_DATA_TIMESTAMP_DISJOINT
            return cls(Frequency=TIMESTAMP_FREQUENCY, Disjoint=False)
        if qt == Q_PIPELINE_STATISTICS:
            cls = D3D11_QUERY_DATA_PIPELINE_STATISTICS
            return cls(**{k: delta[k] for k in PIPELINE_STATISTICS_FIELDS})
        streams = range(4)
        if qt == Q_SO_STATISTICS or qt in Q_SO_STATISTICS_STREAM:
            # §20.4.9: D3D10_QUERY_SO_STATISTICS is a synonym for _STREAM0 (the overflow predicate, by
            # contrast, covers all four streams, §20.4.10).
            sel = [0] if qt == Q_SO_STATISTICS else [Q_SO_STATISTICS_STREAM.index(qt)]
            cls = D3D11_QUERY_DATA_SO_STATISTICS
            return cls(NumPrimitivesWritten=sum(delta[f"SO{s}_NumPrimitivesWritten"] for s in sel),
                       PrimitivesStorageNeeded=sum(delta[f"SO{s}_PrimitivesStorageNeeded"] for s in sel))
        if qt == Q_SO_OVERFLOW_PREDICATE or qt in Q_SO_OVERFLOW_PREDICATE_STREAM:
            sel = streams if qt == Q_SO_OVERFLOW_PREDICATE else [Q_SO_OVERFLOW_PREDICATE_STREAM.index(qt)]
            return any(delta[f"SO{s}_PrimitivesStorageNeeded"] > delta[f"SO{s}_NumPrimitivesWritten"] for s in sel)
        raise NotSupportedError(f"query type {qt}", "GetData")

    def GetData(self, pAsync: Any, DataSize: int | None = None, GetDataFlags: int = 0) -> Any:  # noqa: N802,N803
        """The query's result (a Python value or D3D11_QUERY_DATA_* struct), or None (S_FALSE) while not
        ready. GetData before the first End, or between Begin and End: DXGI_ERROR_INVALID_CALL. DataSize,
        when given, must be 0 (returns True when ready) or the result's size."""
        if self._deferred:
            raise InvalidCallError(DXGI_ERROR_INVALID_CALL, "GetData cannot be called on a deferred context",
                                   "GetData")
        if getattr(self._device, "_removed_reason", 0):
            raise D3D11Error(DXGI_ERROR_DEVICE_REMOVED, "the device was removed", "GetData")
        qt = self._query_type(pAsync)
        if qt is None:
            raise InvalidArgError(E_INVALIDARG, "pAsync is not a query", "GetData")
        if int(GetDataFlags) & ~ASYNC_GETDATA_DONOTFLUSH:
            raise InvalidArgError(E_INVALIDARG, f"GetDataFlags 0x{int(GetDataFlags):X} is invalid", "GetData")
        if DataSize is not None and int(DataSize) not in (0, _DATA_SIZE.get(qt, -1)):
            raise InvalidArgError(E_INVALIDARG, f"DataSize {DataSize} does not match the query's data size "
                                  f"{_DATA_SIZE.get(qt)}", "GetData")
        rec = self._record_of(pAsync)
        if rec.state != "issued":
            raise InvalidCallError(DXGI_ERROR_INVALID_CALL, "the query has not been ended (Begin without End, or "
                                   "never issued)", "GetData")
        if DataSize is not None and int(DataSize) == 0:
            return True
        return rec.result

    def _predicate_blocks(self, predicate: Any, value: bool) -> bool:
        """SetPredication: work is skipped while the predicate's result equals PredicateValue; a predicate
        with no result yet does not block."""
        entry = self._queries.get(id(predicate))
        if entry is None or entry[0] is not predicate or entry[1].state != "issued":
            return False
        return bool(entry[1].result) == bool(value)

    # -- command lists -------------------------------------------------------------------------------
    def FinishCommandList(self, RestoreDeferredContextState: bool = False) -> ID3D11CommandList:  # noqa: N802,N803
        """Package the recorded commands (deferred contexts only); unless RestoreDeferredContextState, the
        deferred context's state goes back to defaults."""
        if not self._deferred:
            raise InvalidCallError(DXGI_ERROR_INVALID_CALL, "FinishCommandList needs a deferred context",
                                   "FinishCommandList")
        if self._maps:
            raise InvalidCallError(DXGI_ERROR_INVALID_CALL, "a resource is still mapped on the deferred context",
                                   "FinishCommandList")
        cl = ID3D11CommandList(self._device, self._recording, self._flags)
        self._recording = []
        self._discarded = set()
        self._shadow = {}
        if not RestoreDeferredContextState:
            self.ClearState()
        return cl

    def ExecuteCommandList(self, pCommandList: Any, RestoreContextState: bool = False) -> None:  # noqa: N802,N803
        """Replay a command list; afterwards the context's state is restored (TRUE) or cleared (FALSE)."""
        if not is_a(pCommandList, "ID3D11CommandList"):
            self._report(SEV_ERROR, CAT_EXECUTION, "ExecuteCommandList: not a command list. The call is dropped.", "")
            return
        commands = pCommandList._commands.commands
        if self._deferred:
            self._recording.extend(commands)
        else:
            capture = self._capture_hook
            for c in commands:
                if capture is not None:
                    capture(c)
                self._execute(c)
        if RestoreContextState:
            return
        self.ClearState()

    # -- misc ----------------------------------------------------------------------------------------
    def GetDevice(self) -> Any:  # noqa: N802
        return addref(self._device)


ID3D11DeviceContext = ID3D11DeviceContext1



_PIPELINE: tuple | None = None
_DrawArgs: Any = None  # pipeline.input_assembler.DrawArgs once a draw has run (context._draw)


def _padded_slots(srvs: dict, samplers: dict, uavs: tuple, programs: dict) -> dict:
    """DrawPlan.padded: each running stage's SRV and sampler slots and the UAV slots at the lengths of
    shader.exec.bindings.Bindings (bindings.padded_slots, what ``Bindings.of`` binds), built once per plan."""
    from pyd3d11.shader.exec.bindings import padded_slots

    out: dict = {name: padded_slots(srvs[name], samplers[name])[:2] for name, p in programs.items() if p is not None}
    out["UAV"] = padded_slots(uavs=uavs)[2]
    return out


def _pipeline() -> tuple:
    """(pipeline.draw, OMState, TextureSampler), imported on the first draw (the pipeline loads lazily) and then
    kept (every draw's snapshot names them)."""
    global _PIPELINE
    if _PIPELINE is None:
        from pyd3d11.pipeline import draw as gfx
        from pyd3d11.pipeline.output_merger import OMState
        from pyd3d11.pipeline.sampler import TextureSampler

        _PIPELINE = (gfx, OMState, TextureSampler)
    return _PIPELINE
