"""Executor side of the geometry-shader output instructions (D3D11.3 §13.3–13.5, §22.8):
``emit``, ``cut``, ``emitThenCut`` and their ``_stream`` forms.

The executor stays stage-agnostic: these ops talk to an :class:`EmitRecorder` that the geometry stage
(:mod:`pyd3d11.pipeline.geometry`) installs as ``hooks.gs_emitter``. Every emit executed by the SIMT
batch appends one *record*: the active lanes, the stream, each lane's current strip number and a copy
of the output registers (o#) of those lanes — one numpy copy per executed instruction, never a loop
over lanes. ``cut`` bumps the strip number of the active lanes. The pipeline later turns the records
into primitives (strip expansion, ordering by lane then emit order).

Limits (§22.3.5): the emit count is per invocation (lane) over all streams; the emit that reaches
``dcl_maxout`` ends that invocation "as if the program had ended", so its lane leaves the execution
mask (and every enclosing control-flow frame) and later emits cannot exceed the limit.

GS inputs need no op here: ``v[vertex][reg]`` is read by the operand layer from the 4-D input layout
(vertices, regs, 4, N) and ``vPrim``/``vGSInstanceID`` are system-value registers (operands.SV_TYPES).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ...errors import NotSupportedError
from .. import ir
from .state import ExecState

Op = ir.Opcode
U32 = np.uint32

#: GS output opcodes → (emits, cuts).
GS_OPS: dict[int, tuple[bool, bool]] = {
    Op.EMIT: (True, False),
    Op.CUT: (False, True),
    Op.EMITTHENCUT: (True, True),
    Op.EMIT_STREAM: (True, False),
    Op.CUT_STREAM: (False, True),
    Op.EMITTHENCUT_STREAM: (True, True),
}


@dataclass(slots=True, eq=False)
class EmitRecorder:
    """Collects the vertices one GS batch emits.

    ``max_vertices`` is dcl_maxout (per lane, all streams together); ``stream_masks`` maps a stream to
    a (regs, 4) bool array of the o# components declared for it (undeclared ones are stored as 0).
    """

    n: int
    max_vertices: int
    stream_masks: dict[int, np.ndarray]
    count: np.ndarray = field(init=False)  # (N,) vertices emitted per lane
    strip: dict[int, np.ndarray] = field(init=False)  # stream → (N,) current strip number per lane
    lanes: list[np.ndarray] = field(default_factory=list)
    streams: list[int] = field(default_factory=list)
    strips: list[np.ndarray] = field(default_factory=list)
    data: list[np.ndarray] = field(default_factory=list)  # (regs, 4, k) per record

    def __post_init__(self) -> None:
        self.count = np.zeros(self.n, np.int64)
        self.strip = {s: np.zeros(self.n, np.int64) for s in self.stream_masks}

    def emit(self, st: ExecState, stream: int) -> None:
        if stream not in self.stream_masks:
            raise NotSupportedError(f"emit to undeclared GS stream m{stream}")
        lanes = np.nonzero(st.mask & (self.count < self.max_vertices))[0]
        if lanes.size == 0:
            return
        vals = st.o[:, :, lanes]
        m = self.stream_masks[stream]
        self.data.append(np.where(m[:, :, None], vals, U32(0)) if not m.all() else vals.copy())
        self.lanes.append(lanes)
        self.streams.append(stream)
        self.strips.append(self.strip[stream][lanes].copy())
        self.count[lanes] += 1
        done = st.mask & (self.count >= self.max_vertices)
        if done.any():
            # §22.3.5: reaching the declared maximum ends the invocation as if the program ended.
            st.remove_lanes(done, -1)
            st.set_mask(st.mask & ~done)

    def cut(self, st: ExecState, stream: int) -> None:
        if stream not in self.strip:
            raise NotSupportedError(f"cut on undeclared GS stream m{stream}")
        self.strip[stream][st.mask] += 1

    def records(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """All emitted vertices in execution order: (lane, stream, strip, order, data (E, regs, 4))."""
        if not self.lanes:
            regs = next(iter(self.stream_masks.values())).shape[0] if self.stream_masks else 0
            z = np.zeros(0, np.int64)
            return z, z, z, z, np.zeros((0, regs, 4), U32)
        lane = np.concatenate(self.lanes)
        stream = np.concatenate([np.full(a.size, s, np.int64) for a, s in zip(self.lanes, self.streams)])
        strip = np.concatenate(self.strips)
        data = np.concatenate(self.data, axis=2).transpose(2, 0, 1)
        return lane, stream, strip, np.arange(lane.size, dtype=np.int64), data


def _emitter(st: ExecState) -> EmitRecorder:
    rec = getattr(st.hooks, "gs_emitter", None)
    if rec is None:
        raise NotSupportedError("emit/cut outside the geometry-shader stage")
    return rec


def compile_gs_op(inst: ir.Instruction) -> Callable[[ExecState], None]:
    """Closure for one emit/cut instruction (runs only when some lane is active)."""
    emits, cuts = GS_OPS[inst.opcode]
    stream = inst.operands[0].register if inst.operands else 0

    if emits and cuts:
        def emit_then_cut(st: ExecState) -> None:
            rec = _emitter(st)
            # cut first applies to the lanes that emitted, including those the emit just retired
            active = st.mask.copy()
            rec.emit(st, stream)
            rec.strip[stream][active] += 1

        return emit_then_cut
    if emits:
        return lambda st: _emitter(st).emit(st, stream)
    return lambda st: _emitter(st).cut(st, stream)
