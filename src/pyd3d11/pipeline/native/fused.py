"""The fused native pixel pipeline (issue 12, point 2): selection, per-draw setup and binning, compile cache,
and the tile loop on the worker pool.

A triangle draw whose state is in the supported set (:func:`unsupported_reason`) takes this lane when the
native backend is selected: Python does the per-draw work only (the existing setup.py / clip.py pieces and
interpolate.py planes, binning of pieces to screen tiles in submission order with numpy); one compiled
function per variant (fused_gen.FusedKey) then rasterizes, interpolates, shades and merges tile by tile,
the tiles spread over shader/native/pool.py's workers (ctypes releases the GIL). Tiles are disjoint pixel
sets and each keeps primitive order, so the result is the same for every thread count, and the same bytes
as the reference pipeline (tests/test_native_fused_*.py compare them).

Draws outside the supported set run the reference pipeline unchanged; with the native backend selected
each counts in :data:`stats` (``stats.reasons``) like shader/native/runtime.py's fallbacks.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import struct
import threading
import time
from dataclasses import dataclass, field
from itertools import compress
from itertools import count as _numbers
from typing import Any

import numpy as np

from ... import storage
from ...shader import ir, native
from ...shader.exec import reference
from ...shader.native import pool, rows
from ...shader.native import runtime as nrt
from ...shader.native.lower import unconditional_outputs
from ...shader.native.pool import threads
from .. import front_memo
from ..interpolate import Interpolator
from ..pull_model import uses_pull_model
from ..rasterizer import sample_offsets
from ..setup import pixel_bounds
from ..shader_io import (
    component_list,
    input_decls,
    memo,
    read_input_components,
    uses_sample_frequency,
)
from . import fused_gen as fg
from . import fused_pull, fused_uav, om_gen, scene_fill
from .binning import bin_pieces
from .fused_select import (
    _forced,
    _om_key,
    _size,
    _so_slots,
    _writes_uavs,
    sample_pattern,
    unsupported_reason,
)
from .piece_records import piece_records
from .scene import Entry, Scene

SN = ir.SystemName
IM = ir.InterpolationMode
OT = ir.OperandType

#: screen tile edge (pixels) and lanes per pixel-shader batch. Session 17: 512 lanes (was 2048) keep a batch's
#: lane buffers — positions, pieces, coverage, the shader's inputs and outputs, about 40 bytes a lane — inside a
#: core's 32 KiB L1 data cache from the rasterizer through the merger; 2048 lanes spilled them to L2 between the
#: stages (S5 on the loaded 2-core host: 0.90-0.93x the CPU per pixel; bench/min_frame.py A/B, docs/features.md §4)
TILE = 64
BATCH = int(os.environ.get("PYD3D11_FUSED_BATCH", "512"))
#: the same for pixel shaders that call back into the reference (texture access): each callback costs numpy
#: call overhead, so batches are as large as the reference's, over larger tiles
#: candidate pixels (sum of the pieces' rectangles) per extra worker thread
WORK_PER_WORKER = 1 << 15
HOST_TILE = 256
HOST_BATCH = 1 << 16


def _sizes(kernel_host: bool) -> tuple[int, int]:
    tile, batch = (HOST_TILE, HOST_BATCH) if kernel_host else (TILE, BATCH)
    return tile, -(-batch // fg.LANE_QUANTUM) * fg.LANE_QUANTUM  # whole kernel steps (fused_gen.LANE_QUANTUM)


_PERSPECTIVE = (IM.UNDEFINED, IM.LINEAR, IM.LINEAR_CENTROID, IM.LINEAR_SAMPLE)
_CENTROID = (IM.LINEAR_CENTROID, IM.LINEAR_NOPERSPECTIVE_CENTROID)
_SAMPLE_MODES = (IM.LINEAR_SAMPLE, IM.LINEAR_NOPERSPECTIVE_SAMPLE)


@dataclass
class Stats:
    """Counters of the fused lane (``pyd3d11.pipeline.native.stats``, also ``pipeline.native.fused.stats``)."""

    fused_draws: int = 0
    fallbacks: int = 0  # draws with the native backend selected that took the reference pipeline
    compiled: int = 0
    disk_hits: int = 0  # variants loaded from the on-disk object cache
    compile_seconds: float = 0.0
    geometry_reuses: int = 0  # draws that took the previous draw's geometry entry (_geometry)
    scenes: int = 0  # scenes opened (scene.py: draws whose tiles run together, tile by tile)
    scene_draws: int = 0  # draws that went into a scene
    scene_clears: int = 0  # whole-view clears that went into a scene as tile fills (scene_clear)
    chained_scenes: int = 0  # scenes started while the one before ran (each tile after its tile there)
    chained_at_join: int = 0  # of those, the open scene chained when the queue was joined (join_queued)
    reasons: dict = field(default_factory=dict)

    def reset(self) -> None:
        self.__init__()


stats = Stats()
ENABLED = os.environ.get("PYD3D11_FUSED", "1") != "0"
_lock = threading.Lock()
_CACHE: dict = {}  # FusedKey -> _Compiled | error message


_RUN = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p)


@dataclass
class _Compiled:
    """A variant's three modules (runtime.Module: quick first builds are swapped for O2 ones in place)."""

    parts: tuple  # (rasterizer, batch, merger) modules
    names: tuple  # their exported functions
    text: str

    @property
    def fn(self) -> Any:  # the rasterizer module's fused_run
        return self.parts[0].cfunc(self.names[0], _RUN)

    @property
    def tile(self) -> int:  # address of the rasterizer module's per-tile function (scene.py's driver calls it)
        return self.parts[0].addr(fg.TILE_FN)

    @property
    def flush(self) -> int:  # address of the batch function (D slot flush_fn)
        return self.parts[1].addr(self.names[1])

    @property
    def om(self) -> int:  # address of the merger (D slot om_fn)
        return self.parts[2].addr(self.names[2])

    @property
    def engines(self) -> tuple:  # the modules' current engines
        return tuple(m.engine for m in self.parts)

    def note_use(self, lanes: int) -> None:
        for m in self.parts:
            m.note_use(lanes)


_MODULES: dict = {}  # IR text of one module of a variant -> runtime.Module


def _fallback(reason: str) -> None:
    if capturing():
        return  # a chunk of the parallel front end: the calling thread draws the pass again and counts it
    stats.fallbacks += 1
    stats.reasons[reason] = stats.reasons.get(reason, 0) + 1


def _viewport_size(state, prep) -> tuple[int, int]:
    """The raster area of a draw without targets (UAV-only rendering, §3.5.6): the pieces' pixel bounds
    (viewport ∩ scissor, setup.pixel_bounds) reach at most this width and height."""
    b = pixel_bounds(state, prep.vp, prep.vp_idx)
    return max(1, int(b[:, 2].max(initial=1))), max(1, int(b[:, 3].max(initial=1)))


def _target_size(state, prep) -> tuple[int, int]:
    """(width, height) of the draw's first bound target, or its raster area without targets."""
    om = state.om
    views = [x for x in list(om.rtvs) + [om.dsv] if x is not None]
    return _size(views[0]) if views else _viewport_size(state, prep)


def _target_area(state, prep) -> int:
    """Pixels of the draw's target (the lanes a new pixel-shader kernel is first built for: runtime.small_first)."""
    w, h = _target_size(state, prep)
    return w * h


# ------------------------------------------------------------------------------------------------
# Compile
# ------------------------------------------------------------------------------------------------

def _module(llvm, text: str, names: tuple, quick_text: str | None = None, codegen: int | None = None) -> nrt.Module:
    """One module of a variant, compiled once per IR text (variants share their rasterizer and merger
    modules: fused_gen.generate_modules); quick first (runtime.TIER), counted by the draws that run it.
    ``quick_text``: a leaner text of the same functions and bits for the quick first build (TIER ``auto``), whose
    O2 rebuild compiles ``text`` (the merger: om_gen.om_function ``lean``); ``codegen``: the quick build's code
    generation level (runtime.build_module)."""
    got = _MODULES.get(text)
    if got is None:
        if quick_text is not None and nrt.TIER == "auto":
            # the O2 object goes to the disk cache under the quick text, which names the text it is built from
            quick_text += f"\n; O2 rebuild: {hashlib.sha256(text.encode()).hexdigest()}\n"
            got = nrt.build_module(llvm, quick_text, names, counted=True, codegen=codegen)
            if not got.full:
                got.upgrade_text = text
        else:
            got = nrt.build_module(llvm, text, names, counted=True, codegen=codegen)
        _MODULES[text] = got
        stats.disk_hits += got.from_disk
    return got


def _compile(key: fg.FusedKey, first_lanes: int | None = None) -> _Compiled:
    t0 = time.perf_counter()
    # a variant first drawn over a small area is built at code generation level 0 (runtime.SMALL_FIRST_LANES)
    codegen = 0 if nrt.small_first(first_lanes) else None
    llvm = nrt._init_llvm()
    raster, flush, (om, om_name) = fg.generate_modules(key)
    names = (fg.RUN_FN, fg.FLUSH_FN, om_name)
    exports = ((fg.RUN_FN, fg.TILE_FN), (fg.FLUSH_FN,), (om_name,))
    # a cold variant's first-draw latency: the merger's quick first build without most of its row fast paths and
    # the rasterizer's without its 8x8 block path (each about half the machine code); their O2 rebuilds have them
    auto = nrt.TIER == "auto"
    lean = om_gen.om_function(key.om, lean=True)[0] if auto else None
    lean_raster = fg.raster_lean(key) if auto else None
    lean_flush = fg.flush_lean(key, flush) if auto else None  # (and the batch function's without its float32 path)
    parts = tuple(_module(llvm, t, n, q, codegen)
                  for t, n, q in zip((raster, flush, om), exports, (lean_raster, lean_flush, lean)))
    stats.compiled += 1
    stats.compile_seconds += time.perf_counter() - t0
    return _Compiled(parts, names, "\n".join((raster, flush, om)))


def get_compiled(key: fg.FusedKey, first_lanes: int | None = None) -> _Compiled | str:
    """The compiled modules of variant ``key``; ``first_lanes``: the area of the draw it is first built for."""
    k = _CACHE.get(key)
    if k is not None:
        return k
    with _lock:
        k = _CACHE.get(key)
        if k is None:
            try:
                k = _compile(key, first_lanes)
            except Exception as e:  # a generator gap must not break a draw: the reference runs instead
                if nrt.STRICT:
                    raise
                k = f"fused compile error: {type(e).__name__}: {e}"
            _CACHE[key] = k
    return k


# ------------------------------------------------------------------------------------------------
# One draw
# ------------------------------------------------------------------------------------------------


def try_draw(state, pre_decls, cls_triangle: bool, prep, forced: int, rows3: np.ndarray, outputs: np.ndarray,
             primitive_id: np.ndarray, stats_out, declared_targets: int) -> bool:
    """Run the draw's rasterization, pixel shading and output merging on the fused lane; False when the
    draw is outside the supported set (the caller runs the reference pipeline)."""
    if not ENABLED:
        return False
    if not native.use_native():
        return False
    line_alpha = None
    if prep.quads is not None and not forced:
        from .fused_lines import pixel_pieces

        # aliased and alpha-antialiased lines: their lit pixels as one-pixel pieces (fused_lines.py)
        prep, line_alpha = pixel_pieces(prep)
    reason = unsupported_reason(state, pre_decls, cls_triangle, prep, forced, declared_targets)
    ps = state.ps.program if state.ps is not None else None
    kernel = None
    plan = None
    if reason is None and ps is not None:
        lw = nrt.lowered(ps)
        state.ps.bindings.sample_count = state.sample_count  # sampleinfo/samplepos on rasterizer: the plan's value
        state.ps.bindings.sample_quality = state.sample_quality
        # Texture access compiles into the kernel through the sampling hook's native plan (the native
        # sampler, pipeline/native/sampler_gen.py); what it cannot compile calls back into the reference,
        # one callback per batch.
        plan = nrt.texture_plan(lw, state.ps.bindings, state.sampling_hooks) if not isinstance(lw, str) else None
        host = not isinstance(lw, str) and nrt.needs_host(lw, plan)
        # quick first build, counted by the draws below (runtime.TIER); its sampling functions are modules of
        # their own built at O2 once (runtime.shared_function), so the quick kernel samples at full speed
        kernel = nrt.get_kernel(ps, _sizes(True)[1] if host else nrt.DEFAULT_TILE, plan, quick=True,
                                first_lanes=lambda: _target_area(state, prep))
        if isinstance(kernel, str):
            reason = f"pixel shader not compiled: {kernel}"
        elif nrt._runtime_unsupported(kernel.lw, state.ps.bindings) is not None:
            reason = "pixel shader bindings"
        elif _writes_uavs(ps):
            reason = fused_uav.bindings_reason(ps, state.ps.bindings)
    if reason is not None:
        _fallback(reason)
        return False
    if not _run(state, prep, rows3, outputs, primitive_id, stats_out, declared_targets, ps, kernel, plan,
                line_alpha, clip_components(pre_decls)):
        return False
    if not capturing():
        stats.fused_draws += 1  # (a captured pass counts when it is launched)
    return True


def clip_components(pre_decls) -> tuple:
    """(register, component) of every clip distance the last pre-rasterizer stage writes (SV_ClipDistance)."""
    return tuple((d.register, c) for d in pre_decls if d.system_name == SN.CLIP_DISTANCE
                 for c in component_list(d.mask))


def _inputs_spec(state, ps, interp, prep, primitive_id, clip: tuple = ()):
    """(FusedKey.inputs, attribute planes [(register, perspective, component) per plane column: computed when
    the plane table is filled, _Geometry.plane_table], flat table (F, P) uint32, front (P,), primid (P,),
    FusedKey.clip: the plane columns of the clip distances ``clip`` (clip_components), after the shader's)."""
    spec, planes, flats = [], [], []
    front = primid = None
    if ps is None:
        planes = [(r, True, c) for r, c in clip]
        return (), planes, None, None, None, tuple(range(len(clip)))
    reads = read_input_components(ps)
    for d in input_decls(ps):
        comps = component_list(d.mask if reads is None else d.mask & reads.get(d.register, 0))
        if not comps or d.operand_type != OT.INPUT:
            continue
        r = d.register
        # sample frequency: at the lane's sample; multisampled centroid: at the lane's centroid (at one sample,
        # the centre: no suffix)
        at_sample = "_s" if d.interpolation in _SAMPLE_MODES else \
            "_c" if d.interpolation in _CENTROID and (state.sample_count > 1 or _forced(state) > 1) else ""
        if d.system_name == SN.POSITION:
            for c in comps:
                spec.append((("posx", "posy", "posz", "posw")[c] + at_sample, r, c, 0))
            continue
        if d.system_name == SN.SAMPLE_INDEX:
            spec.extend(("sidx", r, c, 0) for c in comps)
            continue
        if d.system_name == SN.IS_FRONT_FACE:
            if front is None:
                front = np.where(prep.pieces.front, 0xFFFFFFFF, 0).astype(np.uint32)
            spec.extend(("front", r, c, 0) for c in comps)
            continue
        if d.system_name == SN.PRIMITIVE_ID:
            if primid is None:
                primid = np.ascontiguousarray(primitive_id[prep.pieces.source], np.uint32)
            spec.extend(("primid", r, c, 0) for c in comps)
            continue
        if d.system_name == SN.RENDER_TARGET_ARRAY_INDEX or d.interpolation == IM.CONSTANT:
            lead = interp._rows[:, 0]
            for c in comps:
                spec.append(("flat", r, c, len(flats)))
                flats.append(interp.attr[r][lead, c])
            continue
        persp = d.interpolation in _PERSPECTIVE
        for c in comps:
            spec.append((("persp" if persp else "linear") + at_sample, r, c, len(planes)))
            planes.append((r, persp, c))
    fl = np.ascontiguousarray(np.stack(flats), np.uint32) if flats else None
    clip_idx = tuple(range(len(planes), len(planes) + len(clip)))
    planes.extend((r, True, c) for r, c in clip)
    return tuple(spec), planes, fl, front, primid, clip_idx


def _register_counts(ps) -> tuple[int, int]:
    """(input registers, output registers) the fused kernel's lane buffers hold for ``ps`` (at least 1 each)."""
    def count(p):
        # _max_reg walks the declarations too: every dcl_input_ps v# names its register there (the other
        # declared inputs — vCoverage, vPrim, ... — have no register number)
        return max(reference._max_reg(p, OT.INPUT), 1), max(reference._max_reg(p, OT.OUTPUT), 1)
    return memo(ps, "fused_register_counts", count)


#: pieces up to which a draw's geometry entry is kept for the next draw (the vertex front end's reuse,
#: pipeline/front_memo.py, hands an identical ``prep`` to draws of at most that many vertices)
GEOMETRY_MEMO_PIECES = 1 << 14
#: pieces per row range of a plane table filled on the pool (below twice this, on the calling thread)
PLANE_CHUNK = 8192
_GEOMETRY: dict = {}
_geometry_lock = threading.Lock()


class _Geometry:
    """What a draw's tiles read that depends only on its primitives, its pixel shader's inputs and the target
    rectangle: the pixel rectangles and tile lists (binning.bin_pieces), the edge equations, the attribute
    planes and the flat/face/primitive-ID words. Read-only once built, so a later draw of the same primitives
    (the same ``prep`` object, which front_memo hands back unchanged) points its kernel at the same arrays."""

    __slots__ = ("refs", "tile_list", "tiles_x", "n_tiles", "area", "addresses", "inputs", "interp", "_arrays",
                 "_tables", "_prep", "_primitive_id")

    def __init__(self, refs: tuple, state, prep, rows3, outputs, primitive_id, ps, tile: int, W: int, H: int,
                 samples: tuple = (), clip: tuple = ()):
        self.refs = refs  # the objects named by id in the key: their ids stay theirs while the entry lives
        self._prep, self._primitive_id = prep, primitive_id
        setup = prep.pieces.setup
        verts = setup.verts
        if samples:
            # a pixel holds a coverable sample iff min <= x * ONE + HALF + o <= max for one of the offsets o:
            # bin the hull's bounding box moved by the offsets' extremes (only its min and max are read)
            o = np.asarray(samples, np.int64)
            lo = verts.min(axis=1) - o.max(axis=0)
            hi = verts.max(axis=1) - o.min(axis=0)
            verts = np.stack([lo, hi, lo], axis=1)
        # Conservative pixel rectangle of each piece (a covered sample lies inside the vertices' hull; pixels
        # past the targets are never covered: pixel_bounds clips to the first target, all are one size) and the
        # pieces of each tile in submission order, natively (binning.py; binning.bin_numpy is the same in numpy).
        # one viewport for every piece: one bounds row (bin_pieces' shared bounds). Each piece's row is the
        # viewport its vp_idx selects (setup.viewport_arrays), so all-zero indices mean one row repeated, whether
        # setup shares it (a zero-stride view) or gathered it per piece
        one = prep.vp.shape[0] > 1 and not prep.vp_idx.any()
        bounds = pixel_bounds(state, prep.vp[:1], prep.vp_idx[:1]) if one else \
            pixel_bounds(state, prep.vp, prep.vp_idx)
        rect, tile_off, self.tile_list, self.tiles_x, self.n_tiles, self.area = bin_pieces(
            verts, bounds, W, H, tile)
        A, B = np.ascontiguousarray(setup.A, np.int64), np.ascontiguousarray(setup.B, np.int64)
        # the rasterizer reads one 64-byte record per piece (piece_records.py; A and B of guard-band-sized pieces
        # from the int64 tables); the top-left flags follow from A and B (§3.4.2.1)
        self._arrays = {"tile_list": self.tile_list, "tile_off": tile_off, "A": A, "B": B,
                        "rec": piece_records(A, B, setup.C, rect)}
        self.addresses = tuple((n, a.ctypes.data) for n, a in self._arrays.items())
        self._tables: dict = {}
        self.interp = self.inputs = None
        if self.tile_list.size:
            self.interp = Interpolator(prep.pieces, rows3, outputs)
            self.inputs = _inputs_spec(state, ps, self.interp, prep, primitive_id, clip)

    def plane_table(self, n_planes: int, i_invw: int, i_z: int) -> np.ndarray:
        """(P, n_planes, 3) float64: one piece's planes contiguous (fused_gen.plane_layout), rows
        fused_gen.plane_stride doubles apart."""
        k = (n_planes, i_invw, i_z)
        table = self._tables.get(k)
        if table is None:
            P = self._arrays["rec"].shape[0]
            # rows of fused_gen.plane_stride doubles (whole 64-byte lines where padded) from a line boundary
            stride = fg.plane_stride(n_planes)
            raw = np.empty(P * stride + 8, np.float64)
            off = (-raw.ctypes.data % 64) // 8
            table = np.lib.stride_tricks.as_strided(raw[off:], (P, n_planes, 3), (8 * stride, 24, 8))
            # a pass of many pieces fills its table in row ranges, native calls on the crew (shader/native/rows.py);
            # each range of each column is written by one call, so the table is the same for any split
            parts = max(1, min(threads(), P // PLANE_CHUNK))
            step = -(-P // parts)
            if P:
                calls, keep = self._plane_rows(table, i_invw, i_z, [(a, min(P, a + step)) for a in range(0, P, step)])
                rows.run_rows(calls)
                del keep
            self._tables[k] = table
        return table

    def plane_table_address(self, n_planes: int, i_invw: int, i_z: int) -> int:
        """The address of :meth:`plane_table`'s array (kept with it: a reused entry's draws all ask)."""
        k = ("address", n_planes, i_invw, i_z)
        got = self._tables.get(k)
        if got is None:
            got = self._tables[k] = self.plane_table(n_planes, i_invw, i_z).ctypes.data
        return got

    def _plane_rows(self, table: np.ndarray, i_invw: int, i_z: int, ranges: list) -> tuple[np.ndarray, list]:
        """The native calls (shader/native/rows.py) that fill rows ``ranges`` of the plane table, and the arrays
        they read (alive until the calls ran). With the native
        front end each register's attribute planes are computed straight into their columns
        (frontend.PlaneSource: the values Interpolator's _attr_plane gives, without the coefficient-major array
        and its copy); other registers' planes and 1/w and z (from triangle setup, or Interpolator) are copied."""
        interp = self.interp
        tables, keep = [], []
        groups: dict = {}
        for i, (r, persp, c) in enumerate(self.inputs[1] or ()):
            groups.setdefault((r, persp), []).append((c, i))
        for (r, persp), members in groups.items():
            if interp._native is not None and ("plane", r, persp) not in interp._cache:
                from . import frontend

                cols = np.full(4, -1, np.int64)
                for c, i in members:
                    cols[c] = 3 * i
                src = frontend.PlaneSource(interp._native, interp.bp, interp.attr[r], interp._rows,
                                           interp.p.weights, interp.p.inv_w, persp)
                keep.extend((src, cols))
                tables.append(src.fill_rows(table, cols, ranges))
            else:
                coef = interp._attr_plane(r, persp)  # (P, 4, 3): the values interpolate.py evaluates
                keep.append(coef)
                tables.extend(rows.grid_rows(table[:, i], coef[:, c, :], ranges) for c, i in members)
        for i, name, planes in ((i_invw, "invw", interp._inv_w_plane), (i_z, "z", interp._z_plane)):
            if i < 0:
                continue
            split = interp._cache.get(("split", name))  # (3, P) from the native triangle setup: same values
            pl = split.T if split is not None else planes()
            keep.append(pl)
            tables.append(rows.grid_rows(table[:, i], pl, ranges))
        return rows.stack(tables), keep

    def primitive_ids(self) -> np.ndarray:
        got = self._tables.get("primid")
        if got is None:
            got = self._tables["primid"] = np.ascontiguousarray(
                self._primitive_id[self._prep.pieces.source], np.uint32)
        return got

    def front_words(self) -> np.ndarray:
        got = self._tables.get("front")
        if got is None:
            got = self._tables["front"] = np.where(self._prep.pieces.front, 0xFFFFFFFF, 0).astype(np.uint32)
        return got


def _geometry(state, prep, rows3, outputs, primitive_id, ps, tile: int, W: int, H: int,
              samples: tuple = (), clip: tuple = ()) -> _Geometry:
    """The draw's geometry entry: the previous draw's when it had the same primitives (by identity), pixel
    shader, tile size, target size and scissor rectangles (setup.pixel_bounds reads those besides ``prep``),
    else a new one."""
    rs = state.rasterizer
    scissors = tuple(tuple(int(x) for x in r) for r in (state.scissors or ())) if rs.ScissorEnable else None
    key = (id(prep), id(rows3), id(outputs), id(primitive_id), id(ps), tile, W, H, scissors, samples, clip)
    with _geometry_lock:
        got = _GEOMETRY.get(key)
    if got is not None:
        stats.geometry_reuses += 1
        return got
    refs = (prep, rows3, outputs, primitive_id, ps)
    got = _Geometry(refs, state, prep, rows3, outputs, primitive_id, ps, tile, W, H, samples, clip)
    if 0 < prep.pieces.setup.verts.shape[0] <= GEOMETRY_MEMO_PIECES and front_memo.keeps_setup(prep):
        # only primitives the front end's memo keeps can come back (and they are alive anyway: a kept
        # reference to other primitives would stop the front end reusing their arena)
        with _geometry_lock:
            _GEOMETRY.clear()
            _GEOMETRY[key] = got
    return got


def clear_geometry() -> None:
    """Forget the kept geometry entries (tests)."""
    with _geometry_lock:
        _GEOMETRY.clear()


_F32: dict = {}  # the bits of some float64 values -> the same rounded to float32 (as Python floats)


def _f32_values(values) -> list:
    """``[float(np.float32(v)) for v in values]``, memoised by the values' bits (the blend factor of every draw;
    by bits, not by ==, so -0.0 and 0.0 stay apart)."""
    bits = struct.pack(f"{len(values)}d", *values)
    got = _F32.get(bits)
    if got is None:
        got = [float(np.float32(v)) for v in values]
        if len(_F32) > 256:
            _F32.clear()
        _F32[bits] = got
    return got


_VARIANTS: dict = {}  # _variant's inputs by identity -> (the objects named by id, FusedKey, face, plane layout)


def _variant(spec: tuple, kernel, okey, ps, tile: int, batch: int, samples: tuple, sample_freq: bool,
             line_alpha: bool, dyn: bool, clip_idx: tuple, forced: bool) -> tuple:
    """(FusedKey, om_needs_face, plane_layout) of a draw, memoised (issue 12: per-draw Python): the pixel-shader
    inputs ``spec`` (the geometry entry's, shared by draws of the same primitives), the kernel, the merger key
    (_om_key's memoised object) and the program are compared by identity and kept alive by the entry; the rest
    by value. A new key is built only when one of them changes."""
    memo_key = (id(spec), id(kernel), id(okey), id(ps), tile, batch, samples, sample_freq, line_alpha, dyn, clip_idx,
                forced)
    got = _VARIANTS.get(memo_key)
    if got is not None and got[0][0] is spec and got[0][1] is kernel and got[0][2] is okey and got[0][3] is ps:
        return got[1:]
    need_z = okey.ds is not None and okey.ds.depth_enable
    face = om_gen.om_needs_face(okey)
    c_in = c_out = 0
    if ps is not None:
        c_in, c_out = _register_counts(ps)
    om_regs = om_gen.om_registers(okey)
    if dyn:
        c_out = max(c_out, om_regs)
    key = fg.FusedKey(tile, batch, spec, c_in, c_out, ps is not None,
                      kernel.layout.slots["n"] if kernel is not None else 0, need_z, okey,
                      om_regs, face, _sv_kinds(kernel), kernel.layout.slots["ng"] if dyn else None, samples,
                      sample_freq, line_alpha, clip_idx, _so_slots(kernel), kernel is not None and kernel.lw.quiet,
                      forced, *_kernel_fills(kernel, c_out))
    got = ((spec, kernel, okey, ps), key, face, fg.plane_layout(key))
    if len(_VARIANTS) > 64:
        _VARIANTS.clear()
    _VARIANTS[memo_key] = got
    return got[1:]


def _kernel_fills(kernel, o_regs: int) -> tuple[bool, bool]:
    """(FusedKey.o_written, FusedKey.no_discard) of a pixel-shader kernel (None: no shader, neither)."""
    if kernel is None:
        return False, False
    lw = kernel.lw
    written = unconditional_outputs(lw)
    o_written = all((r, c) in written for r in range(o_regs) for c in range(4))
    return o_written, not lw.has_discard and not lw.quiet


def _srgb_tables():
    from ...formats import numerics as nx

    t = nx._SRGB_THRESHOLDS.get(8)
    if t is None:
        nx.float_to_srgb(np.zeros(1, np.float32))
        t = nx._SRGB_THRESHOLDS[8]
    lut = nx.srgb_to_float(np.arange(256))
    return np.ascontiguousarray(t, np.float32), np.ascontiguousarray(lut, np.float32)


def _run(state, prep, rows3, outputs, primitive_id, stats_out, declared_targets, ps, kernel,  # noqa: C901
         plan=None, line_alpha=None, clip: tuple = ()) -> bool:
    """The draw on the fused lane; False (nothing written) when its variant does not compile."""

    om = state.om
    setup = prep.pieces.setup
    P = setup.verts.shape[0]
    if P == 0:
        return True
    W, H = _target_size(state, prep)
    tile, batch = _sizes(kernel is not None and nrt.needs_host(kernel.lw, plan))
    forced = _forced(state)
    samples = sample_pattern(state) if not forced else \
        tuple((int(a), int(b)) for a, b in sample_offsets(forced)) if forced > 1 else ()
    sample_freq = ps is not None and uses_sample_frequency(ps)
    if sample_freq and not samples:
        samples = ((0, 0),)  # one sample at the centre (rasterizer.STANDARD_PATTERNS[1])
    geo = _geometry(state, prep, rows3, outputs, primitive_id, ps, tile, W, H, samples, clip)
    if geo.tile_list.size == 0:
        return True

    spec, planes, flats, front, primid, clip_idx = geo.inputs
    okey = _om_key(state, declared_targets)
    # Without host callbacks the PS writes its outputs straight in the merger's layout (a per-batch stride).
    dyn = kernel is not None and not nrt.needs_host(kernel.lw, plan)
    key, face, plane_layout = _variant(spec, kernel, okey, ps, tile, batch, samples, sample_freq,
                                       line_alpha is not None and ps is not None, dyn, clip_idx, forced > 1)
    comp = get_compiled(key, geo.area)
    if isinstance(comp, str):
        _fallback(comp)  # nothing was written yet: the reference pipeline draws
        return False

    sl = fg.slots()
    D = np.zeros(len(sl.d), np.int64)
    # the arrays D points at (the geometry entry holds them), and the compiled code and draw state the tiles
    # use: a queued draw (queue_pending) outlives its call, and a cache may drop its kernel meanwhile
    keep: list = [geo, comp, kernel, plan, state]

    def dptr(name: str, arr: np.ndarray) -> None:
        assert arr.flags.c_contiguous
        keep.append(arr)
        D[sl.d[name]] = nrt.address(arr)

    D[sl.d["tiles_x"]] = geo.tiles_x
    for name, addr in geo.addresses:
        D[sl.d[name]] = addr
    D[sl.d["P"]] = P
    n_attr, i_invw, i_z, n_planes = plane_layout
    if n_planes:
        D[sl.d["planes"]] = geo.plane_table_address(n_planes, i_invw, i_z)
    if flats is not None:
        dptr("flat", flats)
    if key.line_alpha:
        dptr("lalpha", line_alpha)
    if front is not None:
        dptr("front", front)
    if primid is None and "prim" in key.sv:
        primid = geo.primitive_ids()
    if primid is not None:
        dptr("primid", primid)
    ctx = om_gen.OMContext()
    # the target storages (kept alive while the tiles may run: a queued draw outlives its call) and those written
    targets = [om.rtvs[i].storage for i, rk in enumerate(okey.rts) if rk is not None]
    touched = list(targets)
    if okey.ds is not None:
        targets.append(om.dsv.storage)
        if okey.ds.depth_write or okey.ds.stencil_write:
            touched.append(om.dsv.storage)
    keep.append(targets)
    _set_om_context(ctx, om, np.asarray(prep.vp[0, 4:6], np.float32).tolist())
    keep.append(ctx)
    D[sl.d["om_ctx"]] = ctypes.addressof(ctx)
    if face and front is None:
        dptr("front", geo.front_words())
    after: list = []
    if kernel is not None:
        D[sl.d["ps_fn"]] = ctypes.cast(kernel.fn, ctypes.c_void_p).value
        state.ps.bindings.sample_count = state.sample_count
        state.ps.bindings.sample_quality = state.sample_quality
    D[sl.d["flush_fn"]] = comp.flush
    D[sl.d["om_fn"]] = comp.om
    dptr("next", np.zeros(1, np.int64))
    D[sl.d["n_tiles"]] = geo.n_tiles

    n_tiles, area = geo.n_tiles, geo.area
    # the lanes this draw may run, counted towards the O2 rebuild of quick first builds (runtime.TIER)
    comp.note_use(area)
    if kernel is not None:
        kernel.module.note_use(area)
    # UAV writes (fused_uav.py): finished within the draw call; atomics (read-modify-write lane loops, not
    # atomic across threads) on one worker; pixel-addressed typed stores write only their own texel's bytes
    # (uav_gen._store), which one tile holds, so their tiles may run on several workers
    uav = key.uav_helpers
    if (SCENES and QUEUE_DRAWS and getattr(_deferral, "scene", False) and _quiet(kernel, plan)
            and getattr(_deferral, "pending", None) is None and not uav):
        reads = _ps_reads(state)
        kept = state.plan is not None
        # (copied before the scene's tiles can change it; one word more: a replayed draw's tile counter)
        template = np.append(D, np.int64(0)) if kept else None
        args: list = [None]
        if not _scene_draw(state, key, comp, kernel, plan, D, keep, ctx, okey, targets, touched, geo, W, H,
                           stats_out, ps is not None, reads, args if kept else None):
            return False
        if kept:
            # what the pipeline half of the draw plan keeps for the next draw of this snapshot (fused_replay.py)
            _deferral.scene_draw = SceneDraw(key, comp, kernel, plan, template, okey, targets, touched, reads, geo,
                                             W, H, ps is not None, (ctx.vp_min, ctx.vp_max), prep, args,
                                             (ctx.rows_w, ctx.rows_h), _buffer_key(key))
        return True
    if (not uav and ONE_TILE_PASS and getattr(_capture, "launches", None) is not None and _quiet(kernel, plan)):
        # a chunk of the parallel front end whose tiles join the draw's one tile pass (chunk_tiles.py)
        from .chunk_tiles import ChunkDraw

        _capture.launches.append(ChunkDraw(key, comp, kernel, plan, D, keep, ctx, okey, targets, touched,
                                           _ps_reads(state), geo, (key.tile, W, H), state, stats_out,
                                           ps is not None))
        return True
    # A worker costs its buffers and a thread handoff: small draws (by the pieces' rectangle area) use fewer.
    workers = 1 if uav and kernel.lw.uav_atomic else max(1, min(threads(), n_tiles, 1 + area // WORK_PER_WORKER))
    scratch = [_thread_args(key, kernel, state, after, plan) for _ in range(workers)]
    if ps is not None and uses_pull_model(ps):
        for s in scratch:  # eval_* call back (host ops): the batch's lanes evaluated as the reference does
            s[3].hooks = fused_pull.FusedPullHooks(state, key, geo.interp, s[4], s[3])
    if uav:
        for s in scratch:  # UAV writes by callback (runtime._Host): helper and discarded lanes' dropped too
            if s[3] is not None:
                s[3].quiet = (s[4]["disc"], s[4]["helpers"])

    def work(w: int, _keep=keep) -> None:  # the arrays D points at live as long as a worker may run this
        comp.fn(D.ctypes.data, scratch[w][0].ctypes.data)
        host = scratch[w][3]
        if host is not None and host.error is not None:
            return

    def finish() -> None:
        job.finish()
        for s in scratch:
            host = s[3]
            if host is not None and host.error is not None:
                raise host.error
        for s in scratch:
            for g in s[2]:
                if isinstance(g, nrt._Interrupted):
                    g.raise_if_stopped()  # a pixel shader stopped by the watchdog (shader/watchdog.py)
        for fn in after:
            fn()
        live = sum(int(s[1][0]) for s in scratch)
        _give_back(key, scratch)
        passed = int(ctx.samples_passed)
        if ps is not None:
            stats_out.ps_invocations += live
        stats_out.samples_passed += passed

    job = None

    def launch() -> None:
        nonlocal job
        join()  # the previous pass's or draw's tiles are merged before this one's (per-pixel primitive order, §3.4)
        # the targets' addresses are taken after the join: reading a storage's bytes finishes queued work writing it
        for i, rk in enumerate(okey.rts):
            if rk is not None:
                ctx.rt[i], ctx.rt_pitch[i], ctx.rt_sample_pitch[i] = _target_memory(om.rtvs[i])
        if okey.ds is not None:
            ctx.ds, ctx.ds_pitch, ctx.ds_sample_pitch = _target_memory(om.dsv)
        _set_row_bounds(ctx, om, okey, key.tile)
        # versions move before the writes finish: a cache keyed by a version that then reads the bytes goes
        # through ResourceStorage.data, which finishes queued work on these storages first
        for st in touched:
            st.touch()
        job = pool.start(workers, work, workers)
        if getattr(_deferral, "on", False) and not uav:
            # the caller (pipeline.draw) sets up its next pass, or the next draw, while the workers rasterize this
            # one; join() finishes it (see defer_passes). Only work that cannot fail is left running past its draw.
            _deferral.pending = finish
            _deferral.pending_targets = targets
            _deferral.pending_quiet = all(s[3] is None and not any(isinstance(g, nrt._Interrupted) for g in s[2])
                                          for s in scratch)
            return
        finish()

    captured = getattr(_capture, "launches", None)
    if captured is not None:
        # a chunk of the parallel front end (pipeline/front_chunks.py): the calling thread launches the chunks'
        # tiles one after the other in submission order
        def launch_counted() -> None:
            launch()
            stats.fused_draws += 1

        captured.append(launch_counted)
        return True
    launch()
    return True


# The parallel front end (pipeline/front_chunks.py): a worker thread running one chunk's front end collects the
# launch of its tiles here instead of starting them (``launches``: a list while capturing, else absent).
_capture = threading.local()


class NotCaptured(Exception):
    """A captured chunk's primitives do not take the fused lane (nothing was written): the calling thread draws
    that chunk, and every later one, itself."""


def capturing() -> bool:
    """Whether this thread runs a chunk of the parallel front end (its tiles' launch is collected)."""
    return getattr(_capture, "launches", None) is not None


def capture(launches: list | None) -> None:
    """Collect this thread's fused draws' launches into ``launches`` (None: stop collecting)."""
    _capture.launches = launches


# A pass's tile work left running while the draw's next pass is set up (its vertex shader, clipping, setup and
# binning do not read the targets the tiles write): llvmpipe's scene queue for the passes of one draw.
_deferral = threading.local()


def defer_passes(on: bool, queue: bool = False, scene: bool = False) -> bool:
    """Let draw passes return before their tiles are done (``on``), or stop; returns the previous setting.
    Stopping joins what runs, unless ``queue``: then the last pass's tiles stay queued past the draw call
    (see queue_pending). Only pipeline.draw turns it on, for passes whose front end reads nothing the draw's
    pixel stage writes. ``scene``: the pass may join a scene (scene.py; a single-pass draw of the api's queue:
    the passes of a large draw keep starting at once, so their tiles overlap the next pass's front end)."""
    prev = getattr(_deferral, "on", False)
    _deferral.on = on  # first: the join below may raise (a pixel shader stopped by the watchdog)
    _deferral.scene = on and scene
    if not on and not (queue and QUEUE_DRAWS and queue_pending()):
        join()
    return prev


#: the parallel front end's chunks of one draw share one tile pass (chunk_tiles.py); ``PYD3D11_ONE_TILE_PASS=0``:
#: each chunk's tiles are a job launched after the previous chunk's merge (session 18's way; A/B)
ONE_TILE_PASS = os.environ.get("PYD3D11_ONE_TILE_PASS", "1") != "0"
#: set False (or ``PYD3D11_QUEUE_DRAWS=0``) to finish every draw's tiles before the draw call returns
QUEUE_DRAWS = os.environ.get("PYD3D11_QUEUE_DRAWS", "1") != "0"
#: scene binning across draws (scene.py): set False (or ``PYD3D11_SCENES=0``) to queue each draw on its own
SCENES = os.environ.get("PYD3D11_SCENES", "1") != "0"
#: draws per scene: a full scene starts on the workers while the next one collects (the caller's per-draw
#: set-up then overlaps the tiles, as with the one-draw queue)
SCENE_DRAWS = max(1, int(os.environ.get("PYD3D11_SCENE_DRAWS", "8")))
#: a full scene started on the workers keeps running while this thread sets up the next draws and collects the
#: next scene (queue_pending, _beside_launched); ``PYD3D11_SCENE_OVERLAP=0``: the draw that fills a scene waits
#: for its tiles (A/B)
SCENE_OVERLAP = os.environ.get("PYD3D11_SCENE_OVERLAP", "1") != "0"
#: a scene launched while the one before still runs starts at once, each of its tiles after the same tile of that
#: one (scene.py's done flags), instead of after all of it; ``PYD3D11_SCENE_CHAIN=0``: the barrier between (A/B)
SCENE_CHAIN = os.environ.get("PYD3D11_SCENE_CHAIN", "1") != "0"
#: whole-view clears join the scene as tile fills (scene_clear); ``PYD3D11_SCENE_CLEARS=0``: clears fill at once
SCENE_CLEARS = os.environ.get("PYD3D11_SCENE_CLEARS", "1") != "0"
# The work that runs past its draw call (llvmpipe's scene queue): ``_queued`` is started work, (finish,
# targets, callbacks after it) — one draw's tiles or a launched scene — and ``_open`` the scene still collecting
# draws, which runs after it. A draw that cannot join the open scene sets itself up meanwhile and joins both
# before its own tiles start; anything else that could see or change what the tiles touch joins first: every
# api call but draws, state setters and whole-view clears (api/cargs.py; a clear joins the scene as a tile fill,
# scene_clear, or fills through the storage's bytes), and any read or replacement of a target's bytes
# (storage.ResourceStorage.data).
_queued: list | None = None
_queued_by = 0  # the thread that launched ``_queued`` when it is a scene (queue_pending)
_open: Scene | None = None
_queue_lock = threading.RLock()


def queue_pending() -> bool:
    """Move this thread's deferred pass into the draw queue (False, nothing moved, when there is none or its
    finish may raise: a shader with host callbacks or watchdog polls joins within its own call). True also when
    the draw went into this thread's open scene (nothing to move)."""
    global _queued, _queued_by
    pending = getattr(_deferral, "pending", None)
    if pending is None:
        sc = _open
        if sc is None:
            # the draw filled this thread's scene, which started on the workers (_launch_open): it runs while
            # the caller sets up its next draws, like a one-draw queue (joining it here would leave the workers
            # idle during that set-up)
            return SCENE_OVERLAP and _queued is not None and _queued_by == threading.get_ident()
        return sc.owner == threading.get_ident()
    if not getattr(_deferral, "pending_quiet", False):
        return False
    _deferral.pending = None
    with _queue_lock:
        if _queued is not None or _open is not None:
            # another thread's draw (this thread's draw joined the queue before its tiles started)
            join_queued()
        _queued = [pending, _deferral.pending_targets, []]
        _queued_by = 0
        storage.pending_writes(_queued[1], join_queued)
    return True


def _beside_launched(me: int, reads: list) -> bool:
    """Whether a scene may open while this thread's launched scene (``_queued``) still runs: the new scene's
    tiles start only after it (_launch_open and join_queued finish the started work first), so only what the
    draw reads while it is set up matters — its pixel shader's views must not be the launched scene's targets
    (binding reads their bytes). Then the workers run that scene while this thread collects the next one."""
    q = _queued
    return (SCENE_OVERLAP and q is not None and _queued_by == me
            and (not reads or {id(t) for t in q[1]}.isdisjoint(map(id, reads))))


def queued() -> bool:
    """Whether a draw's tiles are queued (started or in the open scene)."""
    return _queued is not None or _open is not None


def after_queued(fn) -> None:
    """Call ``fn`` once the queued draws' tiles are joined (at once when none is queued)."""
    with _queue_lock:
        if _open is not None:
            _open.afters.append(fn)
            return
        if _queued is not None:
            _queued[2].append(fn)
            return
    fn()


def join_queued() -> None:
    """Finish the queued draws' tiles: the started work, then the open scene (and run what waits for them)."""
    global _queued, _open
    with _queue_lock:
        q, sc = _queued, _open
        if q is None and sc is None:
            return
        _queued = _open = None
        storage.clear_pending_writes()
        prev = q[3] if q is not None and len(q) > 3 else None
        if sc is not None and _chain(sc, prev):
            # the open scene started now, chained as _launch_open chains a full one, instead of after the whole
            # started scene: the workers that finish its last tiles go on with this scene's while this thread
            # waits. The started scene's finish and callbacks then run in this one's (Scene.finish_prev)
            stats.chained_at_join += 1
            q = None
        if q is not None:
            q[0]()
            for fn in q[2]:
                fn()
        if sc is not None:
            sc.finish()
            for fn in sc.afters:
                fn()


def join() -> None:
    """Finish the tile work a deferred pass or the queued draws left running (errors are raised here)."""
    pending = getattr(_deferral, "pending", None)
    if pending is not None:
        _deferral.pending = None
        pending()
    if _queued is not None or _open is not None:
        join_queued()


def _launch_open(which: Scene) -> None:
    """Start the full open scene on the workers and make it the started work; the next draw opens a new scene.
    The started work before it is finished first, unless it is a scene the new one may chain after
    (Scene.chains_after: then the new scene's tiles each wait for the same tile of it, not for all of it — no
    barrier between the scenes; at most two scenes run, so the one before that is finished first)."""
    global _queued, _open, _queued_by
    with _queue_lock:
        q, sc = _queued, _open
        if sc is None or sc is not which:  # (finished meanwhile by a join on another thread)
            return
        prev = q[3] if q is not None and len(q) > 3 else None
        if not _chain(sc, prev):
            prev = None
            if q is not None:
                _queued = None
                storage.clear_pending_writes()
                q[0]()
                for fn in q[2]:
                    fn()
            sc.launch()
        _open = None
        # the chained scene's finish finishes the one before it first (Scene.finish_prev); the storages of both
        # stay registered as pending writes
        _queued = [sc.finish, sc.targets if prev is None else prev.targets + sc.targets, sc.afters, sc]
        # (a scene on one worker has no worker thread: its tiles run when it is joined, so leaving it queued
        # would only keep two scenes' buffers alive)
        _queued_by = sc.owner if sc.workers > 1 else 0
        storage.pending_writes(_queued[1], join_queued)


def _chain(sc: Scene, prev: Scene | None) -> bool:
    """Launch ``sc`` chained after the started scene ``prev`` (each tile after the same tile there, not after all
    of it) when SCENE_CHAIN and Scene.chains_after allow; the scene before ``prev`` is finished first (two run at
    most). False: nothing launched (the caller finishes ``prev``'s work first)."""
    if prev is None or not SCENE_CHAIN:
        return False
    prev.finish_prev()
    if not sc.chains_after(prev):
        return False
    sc.launch(prev)
    stats.chained_scenes += 1
    return True


def _quiet(kernel, plan) -> bool:
    """Whether a draw's tile work can neither fail nor call back into Python (no host callbacks, no watchdog
    polls): only such work may run after its draw call, in a scene."""
    return kernel is None or (not nrt.needs_host(kernel.lw, plan) and "poll" not in kernel.layout.slots)


def _ps_reads(state) -> list:
    """The storages the draw's pixel shader reads through views (its tiles read them when the scene runs)."""
    if state.ps is None:
        return []
    # (filter: the bound slots of the 128 at C speed; views are objects, empty slots None)
    return [v.storage for v in filter(None, state.ps.bindings.srvs) if getattr(v, "storage", None) is not None]


def _scene_draw(state, key, comp, kernel, plan, D, keep, ctx, okey, targets, touched, geo, W, H, stats_out,
                has_ps: bool, reads: list, template: list | None = None, rows: tuple | None = None,
                bk: tuple | None = None, d_addr: int | None = None) -> bool:
    """Add the draw to this thread's open scene (scene.py), opening one — after joining everything queued —
    when there is none or the draw cannot join it: another thread's scene, another tile grid or thread count,
    or a hazard between this draw and the scene's draws (it writes what they read through views, or reads what
    they write; the scene's tiles run the draws tile by tile, so only pixel-local order is kept)."""
    global _open
    grid = (key.tile, W, H)
    # every worker runs every draw of its scene (each draw binds its arguments once per worker): a scene of small
    # draws (by the pieces' rectangle area, as _run sizes a lone draw) runs on one worker; a small draw joins a
    # scene of any worker count, a large one needs a scene on all of them
    # (the worker count is read only where it decides: reading it costs a system call)
    def full() -> int:
        return max(1, min(threads(), geo.n_tiles))

    workers = 1 if geo.area < WORK_PER_WORKER else full()
    me = threading.get_ident()
    # One hold of the queue lock from the check to the add: another thread's draw can neither finish this
    # scene while the draw binds its arguments (its lane buffer sets would go back to the free list and into
    # that thread's scene while this draw writes them) nor open its own scene between this draw's join and
    # its opening of a new one (that scene, and the draws already in it, would be dropped unrun). A re-entrant
    # lock: the join below and a view's bytes read while binding take it again on this thread.
    with _queue_lock:
        sc = _scene_for(me, grid, geo.n_tiles, workers, full, touched, reads)
        # the targets' addresses: their storages may be pending writes of this scene (read without joining it)
        for i in compress(_numbers(), okey.rts):  # (the bound targets' slots: their keys are objects, the rest None)
            ctx.rt[i], ctx.rt_pitch[i], ctx.rt_sample_pitch[i] = _target_memory(state.om.rtvs[i], raw=True)
        if okey.ds is not None:
            ctx.ds, ctx.ds_pitch, ctx.ds_sample_pitch = _target_memory(state.om.dsv, raw=True)
        if rows is None:
            _set_row_bounds(ctx, state.om, okey, key.tile)
        else:  # (a replayed draw: the same views as the recorded one's, so the same bounds)
            ctx.rows_w, ctx.rows_h = rows
        for st in touched:
            st.touch()
        after: list = []
        if bk is None:
            bk = _buffer_key(key)
        Ts, t_addrs, live_lanes = worker_rows.bind_workers(sc, key, kernel, state, plan, bk, template, after, keep)
        passed_before = int(ctx.samples_passed)

        def finish() -> None:
            for fn in after:
                fn()
            if has_ps:
                stats_out.ps_invocations += live_lanes()  # (the workers' live-lane counters)
            stats_out.samples_passed += int(ctx.samples_passed) - passed_before

        keep.append(targets)
        if _open is not sc:
            # binding read a storage this scene writes (the checks above exclude it) and so finished the scene:
            # nothing of this draw was written; the reference pipeline draws it
            _fallback("scene finished while the draw was set up")
            return False
        _add_to_scene(sc, Entry(comp.tile, D, Ts, keep, finish, d_addr, t_addrs), touched, reads)
        stats.scene_draws += 1
    if len(sc) >= SCENE_DRAWS:
        _launch_open(sc)
    return True


def _scene_for(me: int, grid: tuple, n_tiles: int, workers: int, full, touched: list, reads: list) -> Scene:
    """(Under _queue_lock.) This thread's open scene when work on ``grid`` that writes ``touched`` and reads
    ``reads`` through views may join it (the same grid and worker count — ``full()``: every worker, which any
    work may join —, and no hazard with the scene's draws or, for the reads, with the started scene); else a new
    open scene, after joining everything queued unless it may collect beside a launched one (_beside_launched)."""
    global _open
    sc = _open
    ok = (sc is not None and sc.owner == me and sc.grid == grid and (sc.workers == workers or sc.workers == full())
          and sc.read_ids.isdisjoint(map(id, touched)) and sc.target_ids.isdisjoint(map(id, reads)))
    if ok and _queued is not None and reads:
        ok = {id(t) for t in _queued[1]}.isdisjoint(map(id, reads))
    if not ok:
        if not (sc is None and _beside_launched(me, reads)):
            join()
        sc = Scene(grid, n_tiles, workers)
        stats.scenes += 1
        # (the scene's own dict, not the scene: a closure over the scene would make it a reference cycle, and
        # every draw it holds — snapshots, bindings, closures — would wait for the cyclic garbage collector)
        sc.release = functools.partial(_give_back_sets, sc.buffers)
        _open = sc
    return sc


def _add_to_scene(sc: Scene, entry: Entry, touched: list, reads: list) -> None:
    """(Under _queue_lock.) Add ``entry`` to the open scene ``sc`` and register what the queued work writes (any
    access to those storages' bytes joins it: storage.pending_writes)."""
    n_targets = len(sc.targets)
    sc.add(entry, touched, reads)
    if n_targets != len(sc.targets) or storage.pending_finish is not join_queued:
        # (else the registered storages are these already: the scene's targets grew by none, and the
        # started work's, read below, are registered with them until join_queued clears them all)
        started = list(_queued[1]) if _queued is not None else []
        storage.pending_writes(started + sc.targets, join_queued)


def _nothing() -> None:
    pass


_FILL_WORDS: dict = {}  # (address, pitch, element bytes, width, height, tile) -> scene_fill words (scene_clear)


def scene_clear(view, element, mask) -> bool:
    """Put a clear of the whole of ``view`` (a single-sample 2D render-target or depth-stencil subresource) to the
    encoded ``element`` (bytes; ``mask``: the element bytes written, None for all) into this thread's scene as a
    tile fill (scene_fill.py), so that the tiles clear their own rectangles before the scene's draws. False
    (nothing done: the caller clears at once) where it does not apply: scenes off, a deferred pass pending,
    another layout, an element size the fill's pattern does not repeat, or only some of its bytes."""
    if not (ENABLED and SCENES and SCENE_CLEARS) or getattr(_deferral, "pending", None) is not None:
        return False
    if mask is not None and not np.all(mask):
        return False
    st = view.storage
    e = element.reshape(-1) if type(element) is np.ndarray and element.dtype == np.uint8 else \
        np.asarray(element, np.uint8).reshape(-1)
    if (view.kind not in (storage.ViewKind.RTV, storage.ViewKind.DSV) or st.dimension != storage.StorageDimension.TEXTURE2D
            or st.sample_count != 1 or max(1, view.slice_count) != 1 or e.size not in scene_fill.SIZES):
        return False
    W, H = _size(view)
    grid = (TILE, W, H)
    n_tiles = scene_fill.tiles(TILE, W, H)
    fn = scene_fill.fill_tile_address()

    def full() -> int:
        return max(1, min(threads(), n_tiles))

    with _queue_lock:
        sc = _scene_for(threading.get_ident(), grid, n_tiles, full(), full, [st], [])
        address, pitch, _ = _target_memory(view, raw=True)
        # (the same view cleared to the same element every frame: its words are kept, read-only, while its
        # address holds)
        wkey = (address, pitch, e.tobytes(), W, H, TILE)
        D = _FILL_WORDS.get(wkey)
        if D is None:
            D = scene_fill.words(address, pitch, e, TILE, W, H)
            D.flags.writeable = False
            if len(_FILL_WORDS) >= 16:
                _FILL_WORDS.clear()
            _FILL_WORDS[wkey] = D
        st.touch()
        n = sc.workers
        _add_to_scene(sc, Entry(fn, D, [None] * n, [D], _nothing, None, [0] * n), [st], [])
        stats.scene_clears += 1
    if len(sc) >= SCENE_DRAWS:
        _launch_open(sc)
    return True


@dataclass(slots=True, eq=False)
class SceneDraw:
    """What :func:`_run` derived for a draw whose tiles went into a scene (the pipeline half of the draw plan,
    fused_replay.py, keeps it for the next draw of the same snapshot): the variant, its modules, the kernel and
    texture plan, the D array (its per-draw slots are written again by :func:`replay_scene_draw`), the merger
    key, the target / written / read storages, the geometry entry, the target size, whether a pixel shader runs,
    the viewport depth range and the primitives drawn."""

    key: Any
    comp: Any
    kernel: Any
    plan: Any
    D: np.ndarray
    okey: Any
    targets: list
    touched: list
    reads: list
    geo: Any
    W: int
    H: int
    has_ps: bool
    vp: tuple
    prep: Any
    args: list  # _thread_args' template: up to two (buffer set, pixel-shader argument words), or [None]
    rows: tuple  # the merger context's (rows_w, rows_h) for the recorded views (_set_row_bounds)
    buffer_key: tuple  # _buffer_key(key)


def _set_om_context(ctx, om, vp: tuple) -> None:
    """The merger context's per-draw values: the blend factor, the stencil reference (low bits used) and the
    viewport's depth range ``vp`` (min, max) — read at every draw, kept by no cache."""
    ctx.blend_factor[:] = _f32_values(om.blend_factor)
    ctx.stencil_ref = int(om.stencil_ref) & 0xFFFFFFFF
    ctx.vp_min, ctx.vp_max = vp


def replay_scene_draw(state, f: SceneDraw, plan, stats_out) -> bool:
    """Add a draw of the snapshot ``f`` was derived from to the open scene, as :func:`_run` would (fused_replay.py
    checked that everything ``f`` holds is still what _run would derive): the recorded D array with this draw's
    own merger context (blend factor, stencil reference), tile counter and the compiled code's current addresses,
    its pixel-shader arguments bound again (constant buffers, views, the texture ``plan`` built for this draw).
    False when the draw could not join (nothing written; the caller takes the full path)."""
    if getattr(_deferral, "pending", None) is not None:
        return False
    kernel, comp, geo = f.kernel, f.comp, f.geo
    om = state.om
    d = fg.slots().d
    D = f.D.copy()  # the recorded words and a spare last one, 0: this draw's tile counter
    d_addr = nrt.address(D)
    ctx = om_gen.OMContext()
    _set_om_context(ctx, om, f.vp)
    D[d["om_ctx"]] = ctypes.addressof(ctx)
    D[d["next"]] = d_addr + 8 * (D.shape[0] - 1)
    if kernel is not None:
        D[d["ps_fn"]] = kernel.module.addr("kernel")
        state.ps.bindings.sample_count = state.sample_count
        state.ps.bindings.sample_quality = state.sample_quality
    D[d["flush_fn"]] = comp.flush
    D[d["om_fn"]] = comp.om
    keep: list = [geo, comp, kernel, plan, state, ctx, f.targets]
    comp.note_use(geo.area)
    if kernel is not None:
        kernel.module.note_use(geo.area)
    if not _scene_draw(state, f.key, comp, kernel, plan, D, keep, ctx, f.okey, f.targets, f.touched, geo, f.W, f.H,
                       stats_out, f.has_ps, f.reads, f.args, f.rows, f.buffer_key, d_addr):
        return False
    stats.fused_draws += 1
    stats.geometry_reuses += 1
    return True


_SV_KIND = {int(OT.INPUT_COVERAGE_MASK): "cov", int(OT.INPUT_PRIMITIVEID): "prim"}


def _sv_kinds(kernel) -> tuple:
    return tuple(sorted(_SV_KIND[t] for t in kernel.lw.sv_types)) if kernel is not None else ()


#: id(view) -> (view, its storage's byte array, _target_memory's result for them): the last few targets (the
#: entries keep them alive, as the draw records and scenes do)
_TARGETS: dict = {}


def _set_row_bounds(ctx, om, okey, tile: int) -> None:
    """OMContext.rows_w/rows_h: the least width and height of the views the merger writes. The tiles' edges are
    even (FusedKey.tile) and each tile runs on one thread, so a 2x2 quad's pixels are all the caller's; with the
    bounds, the merger may read and write a quad row whole where its every pixel exists (om_gen.ROW_RMW)."""
    w = h = 1 << 30
    views = [om.rtvs[i] for i, rk in enumerate(okey.rts) if rk is not None]
    if okey.ds is not None:
        views.append(om.dsv)
    for view in views:
        st = view.storage
        L = st.layout(st.subresource_index(view.first_mip, view.first_slice))
        w, h = min(w, L.width), min(h, L.height)
    ctx.rows_w, ctx.rows_h = (w, h) if views and tile % 2 == 0 else (0, 0)


def _target_memory(view, raw: bool = False) -> tuple[int, int, int]:
    """(address of sample 0 of the view's pixel (0, 0), row pitch, sample pitch: the subresource's samples are
    planes). ``raw``: without finishing queued work that writes the storage (the caller's draw goes into the
    same scene, after that work). Kept per view while its storage keeps the same byte array (the layout and
    the view never change; a storage's bytes may be replaced)."""
    st = view.storage
    data = st.queued_data if raw else st.data
    got = _TARGETS.get(id(view))
    if got is not None and got[0] is view and got[1] is data:
        return got[2]
    L = st.layout(st.subresource_index(view.first_mip, view.first_slice))
    out = nrt.address(data[L.offset:L.offset + L.size]), L.row_pitch, L.size // max(1, st.sample_count)
    if len(_TARGETS) >= 8:
        _TARGETS.clear()
    _TARGETS[id(view)] = (view, data, out)
    return out


_FREE: dict = {}  # buffer-set key -> lane buffer sets of finished draws, reused by the next ones
_free_lock = threading.Lock()


def _buffer_key(key: fg.FusedKey) -> tuple:
    return key.batch, key.v_regs, key.o_regs, key.om_regs, key.sv, len(key.samples), key.so


def _take_buffers(key: fg.FusedKey) -> dict:
    """A worker's lane buffers: a set a finished draw gave back, else new ones. Every buffer is written
    before it is read within a batch (the flush clears the outputs and discard flags itself, except those the
    kernel overwrites in every lane or never reads: FusedKey.o_written / no_discard), except the
    counters, zeroed here, and the unused components of the system-value arrays, which stay zero."""
    bk = _buffer_key(key)
    with _free_lock:
        sets = _FREE.get(bk)
        bufs = sets.pop() if sets else None
    if bufs is None:
        B = key.batch
        bufs = {n: nrt.own_lines(B + 8, np.int32) for n in ("lx", "ly", "lp", "lc", "disc", "ls")}
        bufs["depth"] = nrt.own_lines(max(1, len(key.samples)) * B + 8, np.float32)  # [S][n8] multisampled
        bufs["v"] = nrt.own_lines((key.v_regs, 4, B), np.uint32)
        bufs["o"] = nrt.own_lines((key.o_regs, 4, B), np.uint32)
        bufs["count"] = nrt.own_lines(2, np.int64)
        bufs["alive"] = nrt.own_lines(B + 8, np.int8)
        bufs["cov"] = nrt.own_lines(B + 8, np.uint32)
        bufs["col"] = nrt.own_lines(max(1, key.om_regs) * 4 * B + 8, np.uint32)
        bufs["active"] = nrt.own_lines(B, np.int32)
        bufs["active"][:] = -1
        bufs["helpers"] = nrt.own_lines(B + 8, np.int32)  # UAV-writing shaders: -1 on helper lanes (fused_gen)
        bufs["lrc"] = nrt.own_lines(B + 8, np.int32)  # sample frequency: the lanes' pixel raster coverage
        for kind in key.sv:
            bufs["sv" + kind] = nrt.own_lines((4, B), np.uint32)
        for kind, _t in key.so:  # the lanes' oDepth / oMask words and, after them, the "stored" flag
            bufs["so" + kind] = nrt.own_lines(B + 8, np.uint32)
        # the worker's T array: the buffers' addresses never change, so they are written once
        sl = fg.slots()
        T = nrt.own_lines(len(sl.t), np.int64)
        for name, arr in bufs.items():
            if name in sl.t:
                T[sl.t[name]] = arr.ctypes.data
        bufs["T"] = T
    else:
        bufs["count"][:] = 0
    return bufs


def _take_scene_sets(key: fg.FusedKey, n: int) -> list:
    """``n`` lane buffer sets for the other workers of a scene (worker_rows.bind_workers): those a finished draw
    gave back, in the order :func:`_take_buffers` would pop them, under one hold of the lock; new ones for the
    rest. Their counter words are not cleared: a scene's draws count in their own T arrays' words
    (_t_with_counts, worker_rows.Rows), and a set taken later by _take_buffers is cleared there."""
    bk = _buffer_key(key)
    with _free_lock:
        free = _FREE.get(bk)
        k = min(n, len(free)) if free else 0
        got = free[len(free) - k:][::-1] if k else []
        if k:
            del free[len(free) - k:]
    while len(got) < n:
        got.append(_take_buffers(key))
    return got


def _give_back(key: fg.FusedKey, scratch: list) -> None:
    with _free_lock:
        sets = _FREE.setdefault(_buffer_key(key), [])
        for s in scratch:
            if len(sets) < 64:  # bounded: a few per worker of each layout
                sets.append(s[4])



def _t_with_counts(src: np.ndarray, sl, addrs: list | None) -> tuple:
    """A scene draw's own copy of the worker's T words ``src`` with its two counter words after them (one
    allocation and one address a draw, not three; the address goes to ``addrs`` for Scene.launch): (T, the
    counters' view)."""
    n = src.shape[0]
    T = nrt.own_lines(n + 2, np.int64)  # (the words, then the counters at 0, in lines of their own)
    T[:n] = src
    addr = nrt.address(T)
    T[sl.t["count"]] = addr + 8 * n
    if addrs is not None:
        addrs.append(addr)
    return T, T[n:]


def _give_back_sets(sets: dict) -> None:
    """Give a scene's lane buffer sets ((buffer key, worker) -> set) back for later draws."""
    with _free_lock:
        for (bk, _w), bufs in sets.items():
            free = _FREE.setdefault(bk, [])
            if len(free) < 64:
                free.append(bufs)


def _template_words(template: list, bufs: dict):
    """(the pixel-shader argument words, the texture plan bound into them) ``template`` holds for the buffer set
    ``bufs`` (None: none)."""
    for t in template:
        if t is not None and t[0] is bufs:
            return t[1], t[2]
    return None


def _thread_args(key: fg.FusedKey, kernel, state, after: list, plan=None, shared: dict | None = None,
                 template: list | None = None, t_addrs: list | None = None):
    """One worker's T array (lane buffers, pixel-shader arguments, counters), its counter array, the objects
    to keep alive, its host-callback state and its buffer set (given back after the draw).

    ``template`` (a scene draw of a quiet kernel, ``shared`` given): a list of up to two (buffer set, the
    pixel-shader arguments an earlier draw of the same variant and kernel bound for that set), or [None]. When it
    holds this draw's set, the arguments are that copy with the draw's own resources bound again
    (runtime.bind_resources, the texture plan); else they are built and the list holds them for the next draw."""
    sl = fg.slots()
    B = key.batch
    keep: list = []
    if shared is None:
        bufs = _take_buffers(key)
        T = bufs["T"]  # lane buffer addresses filled in; the pixel-shader arguments are set below
        cnt = bufs["count"]
    else:
        # a scene's worker set, shared by the scene's draws of this layout (they run one after the other on
        # the worker): this draw's own T array and counters
        bufs = shared
        T, cnt = _t_with_counts(bufs["T"], sl, t_addrs)
        keep.append(T)
    T[sl.t["ps_args"]] = 0
    v, o = bufs["v"], bufs["o"]
    host = None
    kept = _template_words(template, bufs) if kernel is not None and template is not None else None
    if kept is not None:
        words, bound = kept
        copied = nrt.own_lines(words.shape, np.int64)
        copied[:] = words
        A = nrt._Args(kernel.layout, copied)
        A.keep.append(bufs)  # the scratch and lane buffers the copied words point at
        after.extend(nrt.bind_resources(A, kernel, state.ps.bindings))
        if plan is not None and plan is not bound:
            # (a plan kept by the replay record, fused_replay._reusable, writes the same words each time: the
            # template holds them already)
            plan.bind(A)
        keep.append(A)
        T[sl.t["ps_args"]] = nrt.address(A.a)
        return T, cnt, keep, host, bufs
    if kernel is not None:
        A = nrt._Args(kernel.layout)
        # (the buffer set is this worker's alone while the draw, or the scene's draws one after the other, run)
        after.extend(nrt._bind_common(A, kernel, state.ps.bindings, bufs.setdefault("scratch", {})))
        A.ptr("v", v)
        A.set("nv", v.shape[0])
        A.ptr("o", o)
        A.ptr("active", bufs["active"])
        A.set("ng", B)
        A.set("n", 0)
        A.ptr("discarded", bufs["disc"])
        A.ptr("helpers", bufs["helpers"])  # (a slot only in kernels that write memory: lower.py ``quiet``)
        for t, kind in _SV_KIND.items():
            if kind in key.sv:
                arr = bufs["sv" + kind]  # component 0 per lane, the others 0 (runtime._try_native)
                A.ptr(f"sv{t}", arr)
        for kind, t in key.so:
            A.ptr(f"so{t}", bufs["so" + kind])
        if A.wants("poll"):
            # the pixel shader's loops poll every 2^16 back-edges: go on unless the draw's time budget is
            # spent (shader/watchdog.py); one guard per worker, since the flag is written and read back
            guard = nrt._Interrupted()
            keep.append(guard)
            A.set("poll", ctypes.cast(guard.cfunc, ctypes.c_void_p).value)
            A.ptr("pollflag", guard.flag)
        if plan is not None:
            plan.bind(A)  # the native sampler's texture data, sizes and states for this draw
        if nrt.needs_host(kernel.lw, plan):
            # the instructions the kernel does not compile run the reference's closures on views of this
            # worker's batch buffers (shader/native/runtime._Host); the callback takes the GIL
            host = nrt._Host(state.ps.program, kernel, A, v, o, state.ps.bindings, None, state.sampling_hooks, B)
            A.set("host", ctypes.cast(host.cfunc, ctypes.c_void_p).value)
        elif template is not None and shared is not None and not A.wants("poll"):
            # (two kept: a launched scene may still hold one buffer set while the next scene takes another)
            template.insert(0, (bufs, A.a.copy(), plan))
            del template[2:]
        keep.append(A)
        T[sl.t["ps_args"]] = nrt.address(A.a)
    return T, cnt, keep, host, bufs


from . import worker_rows  # noqa: E402 (it builds on this module's buffer sets and argument binding)
