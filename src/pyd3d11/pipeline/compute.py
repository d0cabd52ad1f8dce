"""Compute stage: Dispatch / DispatchIndirect over the reference executor (D3D11.3 spec ch. 18;
spec-facts §1.13).

Thread groups are batched: lanes = groups × threads-per-group, with up to ``max_lanes`` lanes per numpy
pass. Every group of a batch has its own copy of each groupshared (g#) region (at most 32 KB).

Barriers (``sync``): all threads of a group run in the same SIMT batch and every instruction finishes
for all lanes before the next one starts, so a barrier reached in uniform flow control is satisfied
without splitting execution. Limitation: a barrier inside flow control that diverges *within* a group
(which fxc rejects for HLSL and the spec leaves undefined) does not make the lanes that skipped it wait.
UAV writes go straight to the storage bytes and are visible when ``dispatch`` returns.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import InvalidArgError, NotSupportedError
from ..shader import ir
from ..shader.exec import memory
from ..shader.exec.bindings import Bindings
from ..shader.exec.reference import compile_program, execute, new_state
from ..storage import ResourceStorage

OT = ir.OperandType
U32 = np.uint32
MAX_THREADS_PER_GROUP = 1024
TGSM_BYTES = 32768
DISPATCH_MAX = 65535
DEFAULT_MAX_LANES = 1 << 20


def _check(c: Any) -> tuple[int, int, int]:
    tx, ty, tz = c.thread_group
    if tx < 1 or ty < 1 or tz < 1 or tx > 1024 or ty > 1024 or tz > 64 or tx * ty * tz > MAX_THREADS_PER_GROUP:
        raise InvalidArgError(0x80070057, f"numthreads({tx},{ty},{tz}) outside the D3D11 limits", "Dispatch")
    total = sum(size for size, _ in c.tgsm.values())
    if total > TGSM_BYTES:
        raise InvalidArgError(0x80070057, f"{total} bytes of groupshared memory (max {TGSM_BYTES})", "Dispatch")
    return tx, ty, tz


def dispatch(program: ir.Program, bindings: Bindings | None, x: int, y: int = 1, z: int = 1,
             max_lanes: int = DEFAULT_MAX_LANES, hooks: Any = None, runner: Any = None) -> int:
    """Run ``x*y*z`` thread groups of a compute program; returns the number of threads run.

    Dispatch dimensions of 0 are a no-op (spec 18.6.5); the group ids are in row order x fastest.
    ``runner`` (debugging, pyd3d11.debug): ``runner(compiled, state, first_group)`` runs each batch of
    groups in place of ``execute``."""
    if program.program_type != ir.ProgramType.COMPUTE:
        raise InvalidArgError(0x80070057, "dispatch needs a compute program", "Dispatch")
    if x <= 0 or y <= 0 or z <= 0:
        return 0
    if max(x, y, z) > DISPATCH_MAX:
        raise NotSupportedError(f"Dispatch({x},{y},{z}): dimensions above {DISPATCH_MAX} are undefined")
    c = compile_program(program)
    tx, ty, tz = _check(c)
    T = tx * ty * tz
    groups = x * y * z
    per_batch = max(1, max_lanes // T)
    b = bindings if bindings is not None else Bindings()
    # thread-in-group coordinates are the same for every batch: build once
    t = np.arange(T, dtype=np.int64)
    tid = np.stack([t % tx, (t // tx) % ty, t // (tx * ty)]).astype(U32)  # (3, T)
    tdim = np.array([[tx], [ty], [tz]], U32)
    if runner is None:
        from ..shader import native

        if native.use_native():
            from ..shader.native import runtime

            if runtime.dispatch(program, b, x, y, z, T, per_batch, hooks):
                return groups * T
    used = c.used_types
    cache: dict[int, tuple] = {}
    for g0 in range(0, groups, per_batch):
        g1 = min(groups, g0 + per_batch)
        ng = g1 - g0
        n = ng * T
        if ng not in cache:
            # batch-invariant lanes → group / thread-in-group registers (read-only: shared by batches)
            lane_group = np.repeat(np.arange(ng, dtype=np.int64), T)
            fixed = {}
            if OT.INPUT_THREAD_ID_IN_GROUP in used:
                lt = np.zeros((4, n), U32)
                lt[:3].reshape(3, ng, T)[:] = tid[:, None, :]
                fixed[OT.INPUT_THREAD_ID_IN_GROUP] = lt
            if OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED in used:
                fl = np.zeros((4, n), U32)
                fl[0].reshape(ng, T)[:] = t.astype(U32)
                fixed[OT.INPUT_THREAD_ID_IN_GROUP_FLATTENED] = fl
            for a in fixed.values():
                a.flags.writeable = False
            cache[ng] = (lane_group, fixed)
        lane_group, fixed = cache[ng]
        g = np.arange(g0, g1, dtype=np.int64)
        gid = np.stack([g % x, (g // x) % y, g // (x * y)]).astype(U32)  # (3, ng)
        sv = dict(fixed)
        if OT.INPUT_THREAD_GROUP_ID in used:
            gl = np.zeros((4, n), U32)
            gl[:3].reshape(3, ng, T)[:] = gid[:, :, None]
            sv[OT.INPUT_THREAD_GROUP_ID] = gl
        if OT.INPUT_THREAD_ID in used:
            dt = np.zeros((4, n), U32)
            np.add((gid * tdim)[:, :, None], tid[:, None, :], out=dt[:3].reshape(3, ng, T))
            sv[OT.INPUT_THREAD_ID] = dt
        st = new_state(c, n, None, b, sv, None, hooks, sv_internal=True)
        st.lane_group = lane_group
        memory.prepare_tgsm(c, st, ng)
        if runner is None:
            execute(c, st)
        else:
            runner(c, st, g0)
    return groups * T


def dispatch_indirect(program: ir.Program, bindings: Bindings | None, args: ResourceStorage,
                      aligned_byte_offset: int, **kw: Any) -> int:
    """DispatchIndirect: read {X, Y, Z} (3 × UINT) at a 4-byte aligned offset of a buffer's storage."""
    if aligned_byte_offset % 4 or aligned_byte_offset + 12 > args.data.size:
        raise InvalidArgError(0x80070057, "DispatchIndirect arguments outside the buffer or misaligned",
                              "DispatchIndirect")
    xyz = args.data[aligned_byte_offset:aligned_byte_offset + 12].view(U32)
    return dispatch(program, bindings, int(xyz[0]), int(xyz[1]), int(xyz[2]), **kw)
