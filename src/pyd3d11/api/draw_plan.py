"""The draw plan: the plain-data snapshot a draw derives from the context's bindings, kept for the next draw
while the bindings are the same objects (issue 12, per-draw Python).

A draw's command (api/context.py ``_draw_cmd``) turns the bound COM objects into plain data: input elements
resolved against the vertex shader, vertex/index buffer bindings, each stage's program, constant-buffer windows,
view descriptors and sampler descriptions, the output-merger targets and state descriptions, viewports and
scissor rectangles. Every one of these is a function of *which* objects and values are bound, never of a
resource's contents (constant-buffer bytes, vertex data and texels are read when the command executes), and the
objects themselves do not change once created (a state object's description, a view's descriptor, a buffer's
storage, a shader's program and signatures). So an identical draw after the first only compares the bindings
with those the plan was made from (:func:`matches` against the copy :func:`fingerprint` took: C-speed list
comparisons) and builds fresh per-draw objects (the graphics state, the stage states, the command) from the kept
parts; the lists those objects hold (buffer bindings, elements, viewports, scissors, targets, each stage's padded
slot lists) are the plan's own, shared by its draws' snapshots, which the pipeline only reads. The copy holds the bound objects themselves, so an identity it compares cannot be a new object's reused
id; ClearState drops the plan. A kept plan also goes to the pipeline with each draw's snapshot
(``GraphicsState.plan``): the same object means the same snapshot, so the pipeline keeps what it derives from it
too (pipeline/native/fused_replay.py, the pipeline half).

Not kept, read at every draw: the blend factor, sample mask and stencil reference (cheap, and a value compared
with ``==`` would take -0.0 for 0.0), and everything about resource contents. Not planned at all: a draw with a
shader that declares interfaces (class linkage): its program is linked per draw for the bound class instances
and its binding problems are reported per draw (debug layer), as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter, is_, itemgetter
from typing import Any

#: set False to build every draw's snapshot afresh (tests compare the two)
ENABLED = True
#: the graphics stages a draw snapshots (the compute stage's bindings are not part of a draw)
GRAPHICS_STAGES = ("VS", "HS", "DS", "GS", "PS")
#: BoundState fields the fingerprint covers (the rest: read per draw, or not a draw's input)
FINGERPRINT_FIELDS = frozenset({
    "stages", "ia_layout", "ia_vbs", "ia_strides", "ia_offsets", "ia_ib", "ia_ib_format", "ia_ib_offset",
    "ia_topology", "so_targets", "so_offsets", "rs_state", "rs_viewports", "rs_scissors", "om_rtvs", "om_dsv",
    "om_uavs", "om_blend", "om_ds"})
#: BoundState fields a draw reads again every time (not in the plan)
PER_DRAW_FIELDS = frozenset({"om_blend_factor", "om_sample_mask", "om_stencil_ref"})
#: BoundState fields no draw reads (compute bindings, predication: checked when the command is submitted)
NOT_DRAW_FIELDS = frozenset({"cs_uavs", "predicate", "predicate_value"})
#: StageState fields the fingerprint covers per graphics stage: the shader, then its binding lists
STAGE_FIELDS = ("shader", "class_instances", "cbs", "cb_first", "cb_num", "srvs", "samplers")
#: a stage's binding lists (every STAGE_FIELDS entry after the shader), as one tuple
_stage_lists = attrgetter(*STAGE_FIELDS[1:])
#: the quick key (:func:`_quick`): the scalars and slot lists of the context, then each graphics stage's fields
_top = attrgetter("ia_layout", "ia_ib", "ia_ib_format", "ia_ib_offset", "ia_topology", "rs_state", "om_dsv", "om_blend",
                  "om_ds", "ia_vbs", "ia_strides", "ia_offsets", "so_targets", "so_offsets", "om_rtvs", "om_uavs")
_graphics = itemgetter(*GRAPHICS_STAGES)
_stage_all = attrgetter(*STAGE_FIELDS)


def _quick(s: Any) -> tuple:
    """Every binding :func:`matches` compares, stages without a shader included, gathered by C calls: the same
    key as an earlier draw's means the same bindings (``==`` is identity for the objects, value for the integers,
    element by element for the lists, as in :func:`matches`). A stage without a shader whose bindings changed
    makes the keys differ although the plan holds: then :func:`matches` decides."""
    return _top(s), tuple(map(_stage_all, _graphics(s.stages)))


def _copied(key: tuple) -> tuple:
    """``key`` (from :func:`_quick`) with copies of the lists it holds (the context changes its lists in place)."""
    top, stages = key
    return (tuple(list(x) if type(x) is list else x for x in top),
            tuple(tuple(list(x) if type(x) is list else x for x in st) for st in stages))


def fingerprint(s: Any) -> list[Any]:
    """What a plan is valid for: every binding of ``s`` (an api.context_state.BoundState) a draw's snapshot
    depends on — the scalars as one tuple, then copies of the slot lists — in the layout :func:`matches` reads.
    Bound COM objects, views and state objects have no ``__eq__`` of their own, so ``==`` (and a list's ``==``)
    is identity for them and value equality for the integers (strides, offsets, formats, constant windows)."""
    fp: list[Any] = [_scalars(s), list(s.ia_vbs), list(s.ia_strides), list(s.ia_offsets), list(s.so_targets),
                     list(s.so_offsets), list(s.om_rtvs), list(s.om_uavs), list(s.rs_viewports),
                     list(s.rs_scissors)]
    stages = s.stages
    for name in GRAPHICS_STAGES:
        st = stages[name]
        fp += (st.shader, tuple(map(list, _stage_lists(st))))
    # the viewport and scissor lists themselves (kept alive here, so their identities stay theirs): the context
    # replaces them whole and never changes one in place, so the same list is the same rectangles
    fp += (s.rs_viewports, s.rs_scissors)
    fp.append(_copied(_quick(s)))  # (last: matches' quick test)
    return fp


def _scalars(s: Any) -> tuple:
    return (s.ia_layout, s.ia_ib, s.ia_ib_format, s.ia_ib_offset, s.ia_topology, s.rs_state, s.om_dsv, s.om_blend,
            s.om_ds)


def _same(a: list[Any], b: list[Any]) -> bool:
    """Element by element by identity (a struct's ``==`` could take -0.0 for 0.0)."""
    return len(a) == len(b) and all(map(is_, a, b))


def matches(s: Any, fp: list[Any]) -> bool:
    """Whether ``s``'s bindings are those :func:`fingerprint` recorded in ``fp`` (list comparisons at C speed,
    stopping at the first difference; nothing copied). RSSetViewports / RSSetScissorRects store new lists of
    their own copies: those are compared by identity."""
    if (_quick(s) == fp[-1] and (s.rs_viewports is fp[-3] or _same(s.rs_viewports, fp[8]))
            and (s.rs_scissors is fp[-2] or _same(s.rs_scissors, fp[9]))):
        return True
    if (fp[0] != _scalars(s) or s.ia_vbs != fp[1] or s.ia_strides != fp[2] or s.ia_offsets != fp[3]
            or s.so_targets != fp[4] or s.so_offsets != fp[5] or s.om_rtvs != fp[6] or s.om_uavs != fp[7]
            or not _same(s.rs_viewports, fp[8]) or not _same(s.rs_scissors, fp[9])):
        return False
    stages = s.stages
    i = 10
    for name in GRAPHICS_STAGES:
        st = stages[name]
        if st.shader is not fp[i]:
            return False
        # a stage without a shader reads none of its bindings (the plan holds none for it: context._draw_plan);
        # tuple == compares the lists in order and stops at the first that differs
        if st.shader is not None and _stage_lists(st) != fp[i + 1]:
            return False
        i += 2
    # the same plan: the next draw's quick test compares with these bindings
    fp[-3], fp[-2], fp[-1] = s.rs_viewports, s.rs_scissors, _copied(_quick(s))
    return True


@dataclass(slots=True, frozen=True)
class DrawPlan:
    """The kept parts of a draw's snapshot (tuples: each draw makes its own lists from them)."""

    elements: tuple
    vertex_buffers: tuple
    index_buffer: Any
    programs: dict  # stage name -> program (None: no shader bound)
    rtvs: tuple
    dsv: Any
    blend: Any
    depth_stencil: Any
    rasterizer: Any
    viewports: tuple
    scissors: tuple
    sample_count: int
    sample_quality: int
    cbuffers: dict  # stage -> tuple of (storage, first byte, byte count) | None
    srvs: dict  # stage -> tuple of view descriptors | None
    samplers: dict  # stage -> tuple of sampler descriptions | None
    uavs: tuple
    so_declaration: Any
    so_bindings: tuple
    #: a bound UAV's form does not fit a shader's declaration (api/draw_validation.draw_uavs_usable): every draw
    #: with these bindings is dropped, with or without the debug layer
    uav_drop: bool = False
    #: the stages that run, as (position in GRAPHICS_STAGES, program) pairs (each draw's stage states)
    live: tuple = ()
    #: per stage that runs, its SRV and sampler slot lists at full length (shader.exec.bindings: 128 and 16), and
    #: the UAV slots at 64 under the key "UAV": each draw's Bindings share these read-only lists
    padded: dict | None = None
    topology: int = 0
    #: derived from the fields above (__post_init__): the render-target views as the list each draw's OMState
    #: holds, and the graphics-state fields the plan decides as keywords of pipeline.draw.GraphicsState — lists
    #: shared by the snapshots of the plan's draws (nobody changes them in place)
    rtv_list: list = field(init=False)
    state_kw: dict = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rtv_list", list(self.rtvs))
        object.__setattr__(self, "state_kw", {
            "topology": self.topology, "vertex_buffers": list(self.vertex_buffers), "index_buffer": self.index_buffer,
            "elements": list(self.elements), "rasterizer": self.rasterizer, "viewports": list(self.viewports),
            "scissors": list(self.scissors), "sample_count": self.sample_count, "sample_quality": self.sample_quality,
            "so_declaration": self.so_declaration})


class PlanCache:
    """One context's last plan and the fingerprint it was made for (a context is used by one thread at a time,
    api/threading_model.py). ``hits`` / ``misses`` count draws that reused / built a plan (tests read them)."""

    __slots__ = ("fp", "plan", "hits", "misses")

    def __init__(self) -> None:
        self.fp: list[Any] | None = None
        self.plan: DrawPlan | None = None
        self.hits = 0
        self.misses = 0

    def lookup(self, s: Any) -> DrawPlan | None:
        """The kept plan when ``s`` (a BoundState) has the bindings it was made for."""
        if ENABLED and self.plan is not None and matches(s, self.fp):
            self.hits += 1
            return self.plan
        self.misses += 1
        return None

    def keep(self, s: Any, plan: DrawPlan) -> None:
        """Keep ``plan`` for the bindings ``s`` has now."""
        if ENABLED:
            self.fp, self.plan = fingerprint(s), plan

    def drop(self) -> None:
        self.fp = self.plan = None
