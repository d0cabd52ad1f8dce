"""The last draw's vertex front end, kept for the next identical draw (issue 12, per-draw serial work).

Input assembly, the vertex shader and primitive assembly are a pure function of what the vertex shader can read:
the vertex and index buffers (their bytes), the input layout, the topology, the draw's arguments, the
vertex shader and its constant buffers (D3D11.3 §8, §9: nothing else reaches those stages). When a draw repeats all of them — a scene that draws the same quad many times with other output-merger
or pixel-shader state — the vertex front end's results (the vertex shader's output registers, the assembled
primitive rows, the primitive IDs and the statistics they add) are the previous draw's, bit for bit, so the
previous draw's are reused instead of being computed again. When the rasterizer state, the viewports and the
depth-stencil format repeat too, so is the triangle setup of those primitives (:func:`setup_key`).

Only draw passes of at most MAX_VERTICES vertices whose vertex shader can read nothing else are kept: no
geometry, hull or domain shader, no stream output, no debugging stage runner or relaxed system values, and no
shader resource view or unordered access view bound (the OM UAV slots are visible to every stage at 11_1; with
none bound a vertex shader's memory writes go nowhere). Buffers are compared by identity and storage version
(every writer bumps it, see :meth:`pyd3d11.storage.ResourceStorage.touch`), constant buffers by content. One entry is kept (the last draw's);
it holds references to the storages it names, so an identity cannot be reused while it is kept.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

#: set False to compute every draw's front end (tests compare both)
ENABLED = True
#: larger passes are not kept: their per-draw Python is small next to their work, and the entry holds the vertex
#: shader's outputs
MAX_VERTICES = 1 << 14

_lock = threading.Lock()
_last: _Entry | None = None
#: per thread, what the current draw reused: (entry, its value) of the front end and the setup's (key, value)
#: (pipeline/native/fused_replay.py reads them after the draw)
_seen = threading.local()
#: number of draws whose front end was reused, and of those whose triangle setup was too (tests read them)
hits = 0
setup_hits = 0


@dataclass(slots=True)
class _Entry:
    key: tuple
    cbuffers: tuple  # the vertex shader's constant-buffer words (copies), slot by slot
    keep: tuple  # the storages and programs named by id in ``key``
    value: Any  # what the draw pass stores (opaque here): (PreRaster, IA vertices, VS invocations, IA primitives)
    setup: tuple | None = None  # (key, value) of the triangle setup of these primitives (see setup_key)
    versions: tuple = ()  # (storage, version) of every buffer in ``key``: what a later reuse must find unchanged


def _args_key(args) -> tuple:
    return tuple(getattr(args, f) for f in type(args).__slots__)


def _hooks_key(hooks) -> tuple | None:
    """The sampling hooks by value (the api makes a new, stateless-but-for-options sampler per draw); None
    when they hold anything not hashable."""
    try:
        k = (type(hooks), tuple(sorted(vars(hooks).items())) if hasattr(hooks, "__dict__") else ())
        hash(k)
    except TypeError:
        return None
    return k


def key_of(state, args, trim: tuple[int, int], consumer) -> tuple[tuple, tuple, tuple] | None:
    """(key, constant buffers, references to keep) of the vertex front end of a draw pass, or None when the
    pass is not one whose front end may be reused (see the module docstring)."""
    if args.vertex_count * max(args.instance_count, 1) > MAX_VERTICES:
        return None
    if (state.gs is not None or state.hs is not None or state.ds is not None or state.so_declaration is not None
            or state.stage_runner is not None or state.relax or state.vs is None):
        return None
    b = state.vs.bindings
    if any(b.srvs) or any(b.uavs):  # views are objects (always true); empty slots are None
        return None
    hooks = _hooks_key(state.sampling_hooks)
    if hooks is None:
        return None
    keep: list = [state.vs.program, consumer]
    vbs = []
    for slot in sorted({e.slot for e in state.elements}):  # the slots the input layout reads
        vb = state.vertex_buffers[slot] if slot < len(state.vertex_buffers) else None
        st = vb.storage if vb is not None else None
        if st is None:
            vbs.append((slot,))
            continue
        keep.append(st)
        vbs.append((slot, id(st), st.version, vb.stride, vb.offset))
    ib = state.index_buffer
    ibk = None
    if ib is not None and ib.storage is not None and args.indexed:
        keep.append(ib.storage)
        ibk = (id(ib.storage), ib.storage.version, ib.format, ib.offset)
    els = tuple((e.register, e.mask, e.format, e.slot, e.offset, e.per_instance, e.step_rate) for e in state.elements)
    cbs = tuple(b.cbuffers)
    key = (id(state.vs.program), id(consumer), hooks, state.topology, tuple(vbs), ibk, els,
           _args_key(args), trim, tuple(None if c is None else c.shape for c in cbs))
    return key, cbs, tuple(keep)


def lookup(found: tuple[tuple, tuple, tuple] | None):
    """The stored value for ``found`` (from :func:`key_of`), or None."""
    global hits
    if found is None or not ENABLED:
        return None
    key, cbs, _ = found
    with _lock:
        e = _last
    if e is None or e.key != key:
        return None
    for a, c in zip(cbs, e.cbuffers):
        if a is not None and not np.array_equal(a, c):
            return None
    with _lock:
        hits += 1
    _seen.front = (e, e.value)
    return e.value


def store(found: tuple[tuple, tuple, tuple] | None, value: Any) -> None:
    """Keep ``value`` as the front end of ``found``'s pass (replacing the previous entry)."""
    global _last
    if found is None or not ENABLED:
        return
    key, cbs, keep = found
    copies = tuple(None if c is None else np.array(c, copy=True) for c in cbs)
    # (the key holds these versions: nothing the pass ran between key_of and here writes a buffer)
    versions = tuple((st, st.version) for st in keep if isinstance(getattr(st, "version", None), int))
    with _lock:
        _last = _Entry(key, copies, keep, value, versions=versions)


def clear() -> None:
    global _last
    with _lock:
        _last = None


_RASTER_FIELDS = ("FillMode", "CullMode", "FrontCounterClockwise", "DepthBias", "DepthBiasClamp",
                  "SlopeScaledDepthBias", "DepthClipEnable", "ScissorEnable", "MultisampleEnable",
                  "AntialiasedLineEnable", "ForcedSampleCount")


def setup_key(state, pre, sample_count: int) -> tuple | None:
    """Key of the triangle setup (clip, divide, viewport, snap, cull, planes: setup.prepare_triangles) of a
    reused front end's primitives, or None when ``pre`` is not the kept entry's. Setup reads, besides the
    primitives, the rasterizer state, the viewports, the depth-stencil format (depth bias units, §15.10) and
    the sample count."""
    if not ENABLED:
        return None
    with _lock:
        e = _last
    if e is None or e.value[0].outputs is not pre.outputs or e.value[0].rows is not pre.rows:
        return None
    rs = state.rasterizer
    vps = tuple((v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth) for v in state.viewports)
    dsv = state.om.dsv
    return (id(e), tuple(getattr(rs, f) for f in _RASTER_FIELDS), vps, dsv.format if dsv is not None else None,
            state.sample_count, sample_count)


def lookup_setup(key: tuple | None):
    """The kept setup for ``key`` (from :func:`setup_key`), or None."""
    global setup_hits
    if key is None:
        return None
    with _lock:
        e = _last
        if e is None or id(e) != key[0] or e.setup is None or e.setup[0] != key:
            return None
        setup_hits += 1
        _seen.setup = e.setup
        return e.setup[1]


def keeps_setup(prep: Any) -> bool:
    """Whether ``prep`` is the kept entry's triangle setup (the one a later draw can get back)."""
    e = _last
    return e is not None and e.setup is not None and e.setup[1][0] is prep


def store_setup(key: tuple | None, value: Any) -> None:
    """Keep ``value`` (the setup result and the clipper statistics) with the entry ``key`` names."""
    if key is None:
        return
    with _lock:
        e = _last
        if e is not None and id(e) == key[0]:
            e.setup = (key, value)


def forget_seen() -> None:
    """Start of a draw: nothing reused yet on this thread (see :func:`seen`)."""
    _seen.front = _seen.setup = None


def seen() -> tuple:
    """(entry, value, setup (key, value)) this thread's current draw reused since :func:`forget_seen` (None
    where it reused nothing)."""
    front = getattr(_seen, "front", None)
    if front is None:
        return None, None, None
    return front[0], front[1], getattr(_seen, "setup", None)


def count_reuse() -> None:
    """A draw reused the kept front end and setup without asking (pipeline/native/fused_replay.py): counted as
    :func:`lookup` and :func:`lookup_setup` count theirs."""
    global hits, setup_hits
    with _lock:
        hits += 1
        setup_hits += 1
