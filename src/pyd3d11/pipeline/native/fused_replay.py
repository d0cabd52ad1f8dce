"""The pipeline half of the draw plan (issue 12, per-draw Python): what the native draw path derived for the
previous draw of the same snapshot, kept so that an identical draw goes straight to its tiles.

The api layer hands every draw a token (``GraphicsState.plan``, api/draw_plan.py's plan object): the same object
for draws whose snapshot is the same bound objects and values. A draw whose vertex front end and triangle setup
were both reused (pipeline/front_memo.py: the same inputs as the previous draw's) and whose tiles went into a
scene (fused.py ``_scene_draw``) leaves a :class:`Record` of what its path chose on the way: the front end's and
setup's results and statistics, the geometry entry (binning, planes), the fused variant and its compiled modules,
the pixel-shader kernel, the merger key, the D argument array, the target, written and read storages. The next
draw with the same token and arguments (:func:`draw`) checks that nothing the record depends on moved and adds
its tiles to the scene without deriving any of it again.

What is kept depends on, and is checked per draw (a record that fails a check is dropped, and the draw takes the
full path, which may leave a new record):

* the token (identity) and the draw's arguments (value) — the snapshot and the primitives' numbering;
* the sample mask (the merger key and the lane's support checks read it) — the other per-draw values, the blend
  factor and stencil reference, are read into each draw's merger context, never kept;
* the vertex front end's inputs that are contents: the vertex and index buffers' storage versions and the vertex
  shader's constant-buffer words (front_memo's own test), and that the front-end entry and its setup are still
  the kept ones (another draw may have replaced them);
* the sampling hooks' options, and for a pixel shader that samples, the texture plan built again from the views
  (texel data and per-resource min LOD are contents): its key must be the recorded one (else another kernel);
* the process-wide switches the path read: the native backend, the fused lane, front_memo, the draw queue and
  scenes, deferred passes, PASS_VERTICES, the lane's tile and batch sizes and the kernels' tile;
* that the compiled variant and kernel are still the caches' (tests and tools clear them).

Read at every draw, never kept: the blend factor, stencil reference, constant-buffer words (the kernel
arguments are bound again for each draw: fused._thread_args), texel data, target addresses (a storage's bytes
may be replaced), the compiled code's current addresses (quick builds are replaced by O2 ones in place), and the
lanes counted towards that rebuild.

Records are per thread (a context is used by one thread at a time): two contexts on two threads keep their own.
"""

from __future__ import annotations

import os
import threading
from operator import attrgetter
from typing import Any

from ...shader import native
from ...shader.native import runtime as nrt
from .. import front_memo
from . import fused, sampler_plan

#: set False to take the full path at every draw (tests compare both)
ENABLED = True

_local = threading.local()
#: draws that took a record / records made (tests read them)
hits = 0
made = 0


class Record:
    """What one draw's path derived from its snapshot (see the module docstring)."""

    __slots__ = ("token", "args", "sample_mask", "hooks_type", "hooks_vars", "entry", "setup", "versions",
                 "switches", "front_counts", "setup_counts", "fused", "plan_key", "cb_slots", "plan", "plan_deps")

    def __init__(self, **kw: Any) -> None:
        for k, v in kw.items():
            setattr(self, k, v)


_draw_mod: Any = None  # pipeline.draw (it imports this module)


def _switches() -> tuple:
    """The process-wide settings the draw's path read (a record is valid only while they stay)."""
    global _draw_mod
    if _draw_mod is None:
        from .. import draw as _draw_mod
    draw_mod = _draw_mod
    # (the worker count: _scene_draw reads it per draw; a scene draw's deferral does not depend on it. The tile
    # and batch sizes choose the variant and the kernel: tests set them)
    return (fused.ENABLED, fused.SCENES, fused.QUEUE_DRAWS, front_memo.ENABLED, draw_mod.DEFER_PASSES,
            draw_mod.PASS_VERTICES, fused.TILE, fused.BATCH, fused.HOST_TILE, fused.HOST_BATCH, nrt.DEFAULT_TILE)


def begin() -> None:
    """A draw takes the full path: forget what the previous one reused (front_memo and fused note what this one
    reuses, per thread)."""
    front_memo.forget_seen()
    fused._deferral.scene_draw = None


def end(state: Any, args: Any) -> None:
    """The full path's draw is done: keep a record when it reused the front end and the setup and its tiles went
    into a scene (else drop this thread's record: it names another draw's state)."""
    global made
    _local.rec = None
    token = state.plan
    entry, front_value, setup = front_memo.seen()
    f = getattr(fused._deferral, "scene_draw", None)
    fused._deferral.scene_draw = None
    if (not ENABLED or token is None or entry is None or setup is None or f is None or entry.setup is not setup
            or setup[1][0] is not f.prep):  # (the lane drew the kept setup's primitives, not line pieces)
        return
    hooks = state.sampling_hooks
    _local.rec = Record(
        token=token, args=_args_values(args),
        sample_mask=int(state.om.sample_mask), hooks_type=type(hooks), hooks_vars=dict(vars(hooks)),
        entry=entry, setup=setup, versions=entry.versions,
        switches=_switches(), front_counts=front_value[1:], setup_counts=setup[1][1:], fused=f,
        plan_key=f.plan.key if f.plan is not None else None,
        # the vertex shader's bound constant-buffer slots (the same token binds the same slots)
        cb_slots=tuple((i, c) for i, c in enumerate(entry.cbuffers) if c is not None),
        plan=f.plan if _reusable(f.plan) else None, plan_deps=_plan_deps(state))
    made += 1


def _args_values(args: Any) -> tuple:
    """A draw's arguments (pipeline.input_assembler.DrawArgs) as a tuple of its fields, in one C call."""
    global _args_getter
    if _args_getter is None:
        _args_getter = attrgetter(*type(args).__slots__)
    return _args_getter(args)


_args_getter: Any = None


def drop() -> None:
    """Forget this thread's record (tests)."""
    _local.rec = None


def _valid(rec: Record, state: Any, args: Any) -> Any:
    """The texture plan to bind (or None) when ``rec`` holds for this draw; False when it does not."""
    if (state.plan is not rec.token or _args_values(args) != rec.args or int(state.om.sample_mask) != rec.sample_mask
            or state.stage_runner is not None or state.output_merger is not None or state.relax):
        return False
    e = rec.entry
    if front_memo._last is not e or e.setup is not rec.setup:
        return False
    for st, v in rec.versions:
        if st.version != v:
            return False
    cbs = state.vs.bindings.cbuffers
    for i, c in rec.cb_slots:
        a = cbs[i]
        # (uint32 words: equal bytes are equal words; a fraction of np.array_equal's cost)
        if a is None or a.shape != c.shape or a.tobytes() != c.tobytes():
            return False
    hooks = state.sampling_hooks
    if type(hooks) is not rec.hooks_type or vars(hooks) != rec.hooks_vars:
        return False
    if _switches() != rec.switches or not native.use_native():
        return False
    f = rec.fused
    if fused._CACHE.get(f.key) is not f.comp:
        return False
    plan = None
    kernel = f.kernel
    if kernel is not None:
        if nrt._KERNELS.get(kernel.key) is not kernel:
            return False
        if kernel.lw.host_ops:
            # texel data and the per-resource min LOD are contents: the plan is built again from the views
            state.ps.bindings.sample_count = state.sample_count  # sampleinfo/samplepos on rasterizer (texel_ms)
            state.ps.bindings.sample_quality = state.sample_quality
            deps = _plan_deps(state)
            if PLAN_REUSE and rec.plan is not None and deps == rec.plan_deps:
                plan = rec.plan
                nrt.count_texture_plan(kernel.lw, plan)
            else:
                plan = nrt.texture_plan(kernel.lw, state.ps.bindings, hooks)
                if (plan.key if plan is not None else None) != rec.plan_key:
                    return False
                rec.plan, rec.plan_deps = (plan if _reusable(plan) else None), deps
    return plan


#: a replayed draw takes the texture plan its record holds when what the plan was built from is unchanged
#: (_reusable, _plan_deps); ``PYD3D11_PLAN_REUSE=0``: the plan is built again at every replayed draw (A/B)
PLAN_REUSE = os.environ.get("PYD3D11_PLAN_REUSE", "1") != "0"


def _reusable(plan: Any) -> bool:
    """Whether ``plan``'s argument words follow from the bound objects and their texture contents alone: every
    texture op reads 0 or samples (sampler_plan's ZeroEmitter, SampleEmitter, CubeEmitter: their binders come
    from the texture entry of the storage's version and the sampler state's values, sampler_plan._sample_support),
    so a draw of the same token — the same views and sampler states — whose storages keep their versions and
    per-resource min LODs would build the same plan. Plans with other emitters (loads, gathers, UAVs, multisample
    reads) are built again at every draw."""
    if plan is None:
        return False
    from .sampler_gen_cube import CubeEmitter

    kinds = (sampler_plan.SampleEmitter, CubeEmitter, sampler_plan.ZeroEmitter)
    return all(type(e) in kinds for e in plan.emitters.values())


def _plan_deps(state: Any) -> tuple:
    """What a reusable texture plan reads besides the bound objects: each bound pixel-shader view's storage version
    and per-resource min LOD, the sampling switches the memo keys hold, and the hook's derivative mode."""
    if state.ps is None:
        return ()
    sts = [getattr(v, "storage", None) for v in filter(None, state.ps.bindings.srvs)]
    return (tuple((getattr(st, "version", None), float(getattr(st, "min_lod", 0.0))) for st in sts),
            sampler_plan.switches(),
            bool(getattr(state.sampling_hooks, "quad_derivatives", True)))


def draw(state: Any, args: Any) -> Any:
    """The draw through this thread's record (its DrawStats; the tiles queued in a scene), or None when there is
    no record for it (the caller takes the full path)."""
    global hits
    rec = getattr(_local, "rec", None)
    if rec is None or not ENABLED:
        return None
    plan = _valid(rec, state, args)
    if plan is False:
        _local.rec = None
        return None
    stats = _draw_mod.DrawStats()  # (_valid read _switches)
    stats.ia_vertices, stats.vs_invocations, stats.ia_primitives = rec.front_counts
    stats.c_invocations, stats.c_primitives = rec.setup_counts
    prev = fused.defer_passes(True, scene=True)
    try:
        if not fused.replay_scene_draw(state, rec.fused, plan, stats):
            _local.rec = None
            return None
    finally:
        fused.defer_passes(prev, queue=True)
    front_memo.count_reuse()
    hits += 1
    return stats
