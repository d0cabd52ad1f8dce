"""Commands: the plain-data work items a context executes (DESIGN §2).

The immediate context builds a command and runs it at once; a deferred context appends the same
command to its list and ``ExecuteCommandList`` runs them in order. Commands hold only storages, view
descriptors, shader programs and plain values (no COM objects), so the pipeline layer, capture/replay
and the debugger can reuse them. Anything read from memory at execution time (constant buffers,
indirect arguments) is read in ``execute``, not when recorded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter
from typing import Any

import numpy as np

from pyd3d11.pipeline import copy as pcopy
from pyd3d11.storage import ResourceStorage, ViewDescriptor

#: a draw's statistics field -> its D3D11_QUERY_DATA_PIPELINE_STATISTICS counter
_DRAW_COUNTERS = (("ia_vertices", "IAVertices"), ("ia_primitives", "IAPrimitives"),
                  ("vs_invocations", "VSInvocations"), ("c_invocations", "CInvocations"),
                  ("c_primitives", "CPrimitives"), ("gs_invocations", "GSInvocations"),
                  ("gs_primitives", "GSPrimitives"), ("hs_invocations", "HSInvocations"),
                  ("ds_invocations", "DSInvocations"))
_DRAW_COUNTER_NAMES = tuple(name for _, name in _DRAW_COUNTERS)
_draw_counter_values = attrgetter(*(attr for attr, _ in _DRAW_COUNTERS))
_PIXEL_COUNTER_NAMES = ("PSInvocations", "Samples")
#: a draw's graphics stages, and its snapshot's stage states in that order
_STAGE_NAMES = ("VS", "HS", "DS", "GS", "PS")
_stage_states = attrgetter("vs", "hs", "ds", "gs", "ps")


def _count_all(runtime: Any, names: tuple, values: tuple) -> None:
    """Add ``values`` to the executing context's query counters ``names`` (one call a draw: the context's
    ``_count_all``; another runtime's ``_count`` per non-zero count)."""
    add = getattr(runtime, "_count_all", None)
    if add is not None:
        add(names, values)
        return
    for name, n in zip(names, values):
        if n:
            runtime._count(name, n)


class Command:
    """Base: ``execute(runtime)`` performs the work; ``runtime`` is the executing immediate context."""

    def execute(self, runtime: Any) -> None:  # pragma: no cover - interface
        raise NotImplementedError


def cb_window(st: ResourceStorage, first: int, count: int) -> np.ndarray:
    """The bytes a constant-buffer binding shows: the intersection of the buffer and the window [first,
    first + count) (*SetConstantBuffers1 remarks); bytes of the window before the buffer's start read 0
    (a negative start comes from D3D11.X offsets, pyd3d11.d3d11_x)."""
    if first >= 0:
        return st.data[first:min(st.width, first + count)]
    head = np.zeros(min(-first, count), np.uint8)
    return np.concatenate([head, st.data[0:max(0, min(st.width, first + count))]])


@dataclass(slots=True)
class CopyResourceCmd(Command):
    dst: ResourceStorage
    src: ResourceStorage

    def execute(self, runtime: Any) -> None:
        pcopy.copy_resource(self.dst, self.src)


@dataclass(slots=True)
class CopyRegionCmd(Command):
    dst: ResourceStorage
    dst_sub: int
    x: int
    y: int
    z: int
    src: ResourceStorage
    src_sub: int
    box: tuple[int, int, int, int, int, int] | None

    def execute(self, runtime: Any) -> None:
        pcopy.copy_region(self.dst, self.dst_sub, self.x, self.y, self.z, self.src, self.src_sub, self.box)


@dataclass(slots=True)
class UpdateCmd(Command):
    dst: ResourceStorage
    sub: int
    box: tuple[int, int, int, int, int, int] | None
    data: bytes  # copied when recorded, as the runtime does
    row_pitch: int
    depth_pitch: int

    def execute(self, runtime: Any) -> None:
        pcopy.write_region(self.dst, self.sub, self.box, self.data, self.row_pitch, self.depth_pitch)


@dataclass(slots=True)
class WriteSubresourceCmd(Command):
    """Unmap of a write map recorded on a deferred context: the whole subresource is replaced."""

    dst: ResourceStorage
    sub: int
    data: np.ndarray

    def execute(self, runtime: Any) -> None:
        pcopy.write_subresource(self.dst, self.sub, self.data)


@dataclass(slots=True)
class ResolveCmd(Command):
    dst: ResourceStorage
    dst_sub: int
    src: ResourceStorage
    src_sub: int
    format: int

    def execute(self, runtime: Any) -> None:
        pcopy.resolve(self.dst, self.dst_sub, self.src, self.src_sub, self.format)


@dataclass(slots=True)
class ClearColorCmd(Command):
    view: ViewDescriptor
    rgba: tuple[float, float, float, float]
    rects: list[tuple[int, int, int, int]] | None = None
    integer_cast: str = "rne"

    def execute(self, runtime: Any) -> None:
        pcopy.clear_color(self.view, self.rgba, self.rects, self.integer_cast)


@dataclass(slots=True)
class ClearUintCmd(Command):
    view: ViewDescriptor
    values: tuple[int, int, int, int]

    def execute(self, runtime: Any) -> None:
        pcopy.clear_uint(self.view, self.values)


@dataclass(slots=True)
class ClearDepthStencilCmd(Command):
    view: ViewDescriptor
    clear_depth: bool
    clear_stencil: bool
    depth: float
    stencil: int

    def execute(self, runtime: Any) -> None:
        pcopy.clear_depth_stencil(self.view, self.clear_depth, self.clear_stencil, self.depth, self.stencil)


@dataclass(slots=True)
class SetUAVCountersCmd(Command):
    """pUAVInitialCounts of CSSetUnorderedAccessViews / OMSetRenderTargetsAndUnorderedAccessViews."""

    counters: list[tuple[ViewDescriptor, int]]

    def execute(self, runtime: Any) -> None:
        for view, count in self.counters:
            view.counter[0] = count


@dataclass(slots=True)
class CopyStructureCountCmd(Command):
    dst: ResourceStorage
    offset: int
    src: ViewDescriptor

    def execute(self, runtime: Any) -> None:
        self.dst.data[self.offset:self.offset + 4] = np.array([self.src.counter[0] & 0xFFFFFFFF],
                                                              np.uint32).view(np.uint8)
        self.dst.touch()


@dataclass(slots=True)
class DispatchCmd(Command):
    """A compute dispatch over a snapshot of the CS bindings.

    ``cbuffers[slot]`` = (storage, first byte, byte count) or None; the words are read at execution
    (``*SetConstantBuffers1`` ranges honoured, clipped to the buffer). ``indirect`` = (storage, byte
    offset) makes the group counts come from DispatchIndirect's argument buffer.
    """

    program: Any
    cbuffers: list[tuple[ResourceStorage, int, int] | None]
    srvs: list[ViewDescriptor | None]
    uavs: list[ViewDescriptor | None]
    samplers: list[Any]
    groups: tuple[int, int, int] = (0, 0, 0)
    indirect: tuple[ResourceStorage, int] | None = None
    runner: Any = None  # debugging hook (pyd3d11.debug): see pipeline.compute.dispatch

    def group_counts(self) -> tuple[int, int, int]:
        if self.indirect is None:
            return self.groups
        st, off = self.indirect
        x, y, z = (int(v) for v in st.data[off:off + 12].view(np.uint32))
        return x, y, z

    def bindings(self) -> Any:
        from pyd3d11.shader.exec.bindings import Bindings

        b = Bindings()
        for slot, cb in enumerate(self.cbuffers):
            if cb is not None:
                st, first, count = cb
                b.set_cbuffer(slot, cb_window(st, first, count))
        for slot, v in enumerate(self.srvs):
            b.srvs[slot] = v
        for slot, v in enumerate(self.uavs):
            b.uavs[slot] = v
        for slot, s in enumerate(self.samplers):
            b.samplers[slot] = s
        return b

    def execute(self, runtime: Any) -> None:
        x, y, z = self.group_counts()
        if x == 0 or y == 0 or z == 0:  # any zero count is a no-op (spec 18)
            return
        from pyd3d11.pipeline import compute
        from pyd3d11.pipeline.sampler import TextureSampler

        # Compute threads are not in 2x2 quads: implicit-LOD sampling uses LOD 0 (spec 18.4).
        threads = compute.dispatch(self.program, self.bindings(), x, y, z,
                                   hooks=TextureSampler(quad_derivatives=False), runner=self.runner)
        runtime._count("CSInvocations", int(threads or 0))


@dataclass(slots=True)
class PredicatedCmd(Command):
    """A predicated command recorded on a deferred context: the predicate is read when it runs
    (SetPredication: the work is skipped while the predicate's result equals ``value``)."""

    inner: Command
    predicate: Any
    value: bool

    def execute(self, runtime: Any) -> None:
        if not runtime._predicate_blocks(self.predicate, self.value):
            self.inner.execute(runtime)


@dataclass(slots=True)
class QueryCmd(Command):
    """Begin/End of an asynchronous query, recorded in order with the work it brackets."""

    query: Any
    end: bool

    def execute(self, runtime: Any) -> None:
        runtime._query_mark(self.query, self.end)


@dataclass(slots=True)
class CommandList:
    """What FinishCommandList produces (the commands, in recording order)."""

    commands: list[Command] = field(default_factory=list)


_draw_mod: Any = None  # pyd3d11.pipeline.draw once a draw has run
_Bindings: Any = None  # pyd3d11.shader.exec.bindings.Bindings once a draw has run


@dataclass(slots=True)
class DrawCmd(Command):
    """A draw over a snapshot of the graphics bindings (plain data, see :mod:`pyd3d11.pipeline.draw`).

    ``cbuffers[stage][slot]`` = (storage, first byte, byte count) or None, read at execution like
    Dispatch's. ``indirect`` = (storage, byte offset, indexed) reads the arguments at execution. The slot
    sequences are read-only (the api shares them with its draw plan, api/draw_plan.py).
    """

    state: Any  # pipeline.draw.GraphicsState without stage bindings filled
    cbuffers: dict[str, list[tuple[ResourceStorage, int, int] | None]]
    srvs: dict[str, list[ViewDescriptor | None]]
    samplers: dict[str, list[Any]]
    uavs: list[ViewDescriptor | None]
    args: Any  # pipeline.input_assembler.DrawArgs
    indirect: tuple[ResourceStorage, int, bool] | None = None
    so_bindings: list[tuple[ResourceStorage | None, int]] = field(default_factory=list)  # SOSetTargets slots
    #: the plan's full-length slot lists (api/draw_plan.py DrawPlan.padded), shared read-only by each draw's
    #: Bindings; None: padded per draw from ``srvs`` / ``samplers`` / ``uavs``
    padded: dict | None = None

    def _bindings(self, stage: str) -> Any:
        global _Bindings
        if _Bindings is None:
            from pyd3d11.shader.exec.bindings import Bindings as _Bindings  # (an import statement per call costs µs)

        # The OM UAV slots are visible to every graphics stage (D3D11.1 "UAVs at every shader stage"); only
        # 11_1 lets a non-pixel shader declare UAVs (api/shader_requirements.py), so earlier levels see no
        # difference.
        padded = self.padded
        if padded is not None:
            b = _Bindings.shared(*padded[stage], padded["UAV"])
        else:
            b = _Bindings.of(self.srvs[stage], self.samplers[stage], self.uavs)
        cbs = self.cbuffers[stage]
        if any(cbs):  # (bound slots are (storage, first, count) tuples, unbound None: most stages bind none)
            for slot, cb in enumerate(cbs):
                if cb is not None:
                    st, first, count = cb
                    win = cb_window(st, first, count)  # (uint8, one dimension, contiguous)
                    if win.size % 16 == 0:
                        # whole registers: set_cbuffer's padded word copy is the plain word copy
                        b.cbuffers[slot] = win.view(np.uint32).copy()
                    else:
                        b.set_cbuffer(slot, win)
        return b

    def execute(self, runtime: Any) -> None:
        global _draw_mod
        if _draw_mod is None:
            from pyd3d11.pipeline import draw as _draw_mod  # (the pipeline loads on the first draw)
        draw, after_draw_work = _draw_mod.draw, _draw_mod.after_draw_work

        st = self.state
        stages = _stage_states(st)
        # (compress: the stages that run, at C speed — most draws run two of the five)
        for name, stage in compress(zip(_STAGE_NAMES, stages), stages):
            stage.bindings = self._bindings(name)
        args = self.args
        if self.indirect is not None:
            storage, off, indexed = self.indirect
            w = storage.data[off:off + (20 if indexed else 16)].view(np.uint32)
            if indexed:
                args.vertex_count, args.instance_count, args.start_index = int(w[0]), int(w[1]), int(w[2])
                args.base_vertex, args.start_instance = int(w[3].view(np.int32)), int(w[4])
            else:
                args.vertex_count, args.instance_count = int(w[0]), int(w[1])
                args.start_vertex, args.start_instance = int(w[2]), int(w[3])
        if args.vertex_count == 0 or args.instance_count == 0:
            return
        if st.so_declaration is not None:
            from pyd3d11.pipeline.stream_output import SOTarget

            filled = runtime._so_filled
            # BufferFilledSize lives with the buffer (§14.4): the binding offset already set it.
            st.so_targets = [SOTarget(sto, off, filled.get(id(sto), 0)) if sto is not None else None
                             for sto, off in self.so_bindings] + [None] * (4 - len(self.so_bindings))
        stats = draw(st, args, queue=True)
        # the pixel-shader invocations and samples of tiles still queued (pipeline/native/fused.py) are
        # complete when they are joined, before anything can read the counters
        after_draw_work(lambda: _count_all(runtime, _PIXEL_COUNTER_NAMES, (stats.ps_invocations,
                                                                           stats.samples_passed)))
        for t in st.so_targets:
            if t is not None and t.storage is not None:
                runtime._so_filled[id(t.storage)] = t.filled_size
                t.storage.touch()
        for r in stats.so:
            runtime._count(f"SO{r.stream}_NumPrimitivesWritten", r.primitives_written)
            runtime._count(f"SO{r.stream}_PrimitivesStorageNeeded", r.primitives_storage_needed)
        # adding 0 changes no counter, so only the non-zero ones are counted (HS/DS counts come from the
        # tessellation path of pipeline.draw and are absent on other stats objects)
        if type(stats) is _draw_mod.DrawStats:  # (every counter a field: read at once)
            _count_all(runtime, _DRAW_COUNTER_NAMES, _draw_counter_values(stats))
        else:
            _count_all(runtime, _DRAW_COUNTER_NAMES, tuple(getattr(stats, attr, 0) for attr, _ in _DRAW_COUNTERS))
