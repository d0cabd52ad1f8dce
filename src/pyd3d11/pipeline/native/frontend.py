"""Native geometry front end (issue 12): the kernels of :mod:`.frontend_ir` compiled once per process and
called through ctypes (which releases the GIL, so plane setup spreads over the worker pool).

Used by :func:`pyd3d11.pipeline.setup.prepare_triangles` and :class:`pyd3d11.pipeline.interpolate.Interpolator`
when the native backend is selected (``pyd3d11.shader.native.use_native()``); with
``PYD3D11_BACKEND=reference`` the numpy stages run unchanged. Every result is bit-identical to theirs
(tests/test_native_frontend_*.py compare them).
"""

from __future__ import annotations

import ctypes
import math
import sys
import threading
from dataclasses import dataclass

import numpy as np

from ...shader import native
from ...shader.native import pool
from ...shader.native import rows as row_jobs

_lock = threading.Lock()
_kernels: dict | None = None
_failed: str | None = None
#: set False to force the numpy front end (tests compare both)
ENABLED = True

# Pieces per plane-setup chunk at least: fewer run on the calling thread (a pool hand-off costs more than it
# saves); a draw pass of 20k triangles is split (issue 12: per-triangle work off the main thread).
_PARALLEL_MIN = 1 << 12
#: rows per range at least of the row copies and gathers (copy_rows, take_rows). Session 33 raised it to 32k: each
#: range was a pool item whose Python steps need the GIL (S2 at 16 threads: 288 items a frame in 5.9 ms). Since
#: session 34 the ranges are native row jobs (shader/native/rows.py), with no Python per range, so ranges are
#: cheap and only the numpy fallback (layouts the row kernels refuse) still runs a range per pool item
_COPY_MIN = 1 << 12


# tri_setup flags (frontend_ir's; llvmlite is imported only when the kernels are compiled)
FLAG_DEPTH_CLIP = 1
FLAG_FRONT_CCW = 2
CULL_SHIFT = 2
FLAG_SCREEN = 16


def _ctype(t):
    from llvmlite import ir

    if isinstance(t, ir.PointerType):
        return ctypes.c_void_p
    return ctypes.c_int64


def _compile() -> dict:
    from ...shader.native import runtime
    from . import frontend_ir as fir

    assert (fir.FLAG_DEPTH_CLIP, fir.FLAG_FRONT_CCW, fir.CULL_SHIFT, fir.FLAG_SCREEN) == \
        (FLAG_DEPTH_CLIP, FLAG_FRONT_CCW, CULL_SHIFT, FLAG_SCREEN)
    llvm = runtime._init_llvm()
    text = fir.build_module()
    engine, _ = runtime.o2_engine(llvm, text)
    out = {"engine": engine}
    for name, args in (("tri_setup", fir.TRI_SETUP_ARGS), ("tri_setup_scalar", fir.TRI_SETUP_ARGS),
                       ("plane_einsum", fir.PLANE_ARGS),
                       ("attr_plane", fir.ATTR_ARGS)):
        proto = ctypes.CFUNCTYPE(None, *[_ctype(t) for _, t in args])
        out[name] = proto(engine.get_function_address(name))
    return out


def active() -> bool:
    """Whether the fast front end is selected (native backend, not disabled): the lean numpy paths of the
    input assembler and primitive assembly follow it, so the reference backend keeps the original code."""
    if not ENABLED:
        return False
    return native.use_native()


def kernels() -> dict | None:
    """The compiled kernels, or None when llvmlite is missing or the native backend is not selected."""
    global _kernels, _failed
    if not ENABLED:
        return None
    if not native.use_native():
        return None
    if _kernels is None and _failed is None:
        with _lock:
            if _kernels is None and _failed is None:
                try:
                    _kernels = _compile()
                except Exception as e:  # pragma: no cover - depends on the install
                    if native.runtime.STRICT:
                        raise
                    _failed = f"{type(e).__name__}: {e}"
    return _kernels


def _ptr(a: np.ndarray) -> int:
    return a.ctypes.data


_arena = threading.local()


def _arena_arrays(layout, addresses: dict | None = None) -> dict:
    """Arrays (name, shape, dtype) carved from this thread's reusable buffer. A draw pass's setup outputs are
    a few MB; fresh allocations of that size come back from the OS page by page (page faults cost about as
    much as the kernel). The buffer is reused only when no array carved from it is still alive (every
    view holds a reference to it), so results never alias; otherwise a new buffer takes its place."""
    # math.prod: numpy's prod costs microseconds per call on a tuple, and a pass carves ~17 arrays
    sizes = [(name, shape, np.dtype(dt), -(-math.prod(shape) * np.dtype(dt).itemsize // 64) * 64)
             for name, shape, dt in layout]
    total = sum(sz for *_, sz in sizes)
    # Two buffers per thread: a draw pass whose tiles still run (fused.defer_passes) keeps its arrays alive
    # while the next pass carves its own.
    bufs = getattr(_arena, "bufs", None)
    if bufs is None:
        bufs = _arena.bufs = [None, None]
    last = getattr(_arena, "last", 0)
    for i in (last, 1 - last):  # the buffer used last first (warm in the cache)
        # references: the list entry, the loop's ``b`` and getrefcount's argument; any more are views
        b = bufs[i]
        if b is None or sys.getrefcount(b) <= 3:
            slot = i
            break
    else:
        slot = 1 - last
    _arena.last = slot
    b = None
    buf = bufs[slot]
    if buf is None or buf.nbytes < total or sys.getrefcount(buf) > 3:
        buf = np.empty(max(total, 1 << 20), np.uint8)
        bufs[slot] = buf
    base = buf.ctypes.data
    out, off = {}, 0
    for name, shape, dt, sz in sizes:
        n = math.prod(shape) * dt.itemsize
        out[name] = buf[off:off + n].view(dt).reshape(shape)
        if addresses is not None:
            # the array's address by arithmetic: ndarray.ctypes costs microseconds per call
            addresses[name] = base + off
        off += sz
    return out


@dataclass(slots=True)
class SetupResult:
    """Visible triangles of :func:`triangle_setup` in source order (arrays of length ``count``) and the
    source triangles left to the numpy path (``fallback``)."""

    source: np.ndarray  # (K,) int64
    verts: np.ndarray  # (K, 3, 2) int64 oriented clockwise
    A: np.ndarray  # (K, 3) int64
    B: np.ndarray
    C: np.ndarray
    topleft: np.ndarray  # (K, 3) bool
    area2: np.ndarray  # (K,) int64
    inv_w: np.ndarray  # (K, 3) float64, oriented
    z: np.ndarray  # (K, 3) float32, oriented, no depth bias
    front: np.ndarray  # (K,) bool
    weights: np.ndarray  # (K, 3, 3) float64
    bary_planes: np.ndarray  # (K, 3, 3) float64
    screen: np.ndarray  # (K, 3, 2) float32, source vertex order
    sz: np.ndarray  # (K, 3) float32, source vertex order
    cw: np.ndarray  # (K,) bool
    fallback: np.ndarray  # (F,) int64 source triangles for the exact clipper / numpy setup
    z_plane: np.ndarray  # (3, K) float64 depth plane (no depth bias), coefficient-major
    inv_w_plane: np.ndarray  # (3, K) float64 1/w plane


def triangle_setup(k: dict, pos: np.ndarray, rows: np.ndarray, vp: np.ndarray, depth_clip: bool,
                   front_ccw: bool, cull_mode: int, screen: bool = True) -> SetupResult:
    """Run ``tri_setup`` over triangles ``rows`` (T, 3) of clip positions ``pos`` (V, 4) float32 with viewport
    rows ``vp`` ((6,) for all, or (T, 6)) float32; ``screen``: also return the unoriented screen positions
    and depths (empty arrays otherwise)."""
    pos, pos_rs, pos_cs = _f32_strided(pos)
    rows = np.ascontiguousarray(rows, np.int64)
    vp = np.ascontiguousarray(vp, np.float32)
    T = rows.shape[0]
    vp_stride = 6 if vp.ndim == 2 else 0
    flags = (FLAG_DEPTH_CLIP if depth_clip else 0) | (FLAG_FRONT_CCW if front_ccw else 0) \
        | (int(cull_mode) & 3) << CULL_SHIFT | (FLAG_SCREEN if screen else 0)
    S = T if screen else 0
    addr: dict = {}
    o = _arena_arrays((
        ("source", (T,), np.int64), ("verts", (T, 3, 2), np.int64), ("A", (T, 3), np.int64),
        ("B", (T, 3), np.int64), ("C", (T, 3), np.int64), ("topleft", (T, 3), np.bool_), ("area2", (T,), np.int64),
        ("inv_w", (T, 3), np.float64), ("z", (T, 3), np.float32), ("front", (T,), np.bool_),
        ("weights", (T, 3, 3), np.float64), ("bary_planes", (T, 3, 3), np.float64), ("screen", (S, 3, 2), np.float32),
        ("sz", (S, 3), np.float32), ("cw", (T,), np.bool_), ("fallback", (T,), np.int64),
        ("planes", (2, 3, T), np.float64)), addr)
    planes = o.pop("planes")
    ranges = _setup_ranges(T)
    counts = np.zeros((len(ranges), 2), np.int64)
    names = ("source", "verts", "A", "B", "C", "topleft", "area2", "inv_w", "z", "front", "weights", "bary_planes",
             "screen", "sz", "cw", "fallback")

    # row t0 of each output: its address plus t0 rows (an empty array: its address)
    row_bytes = [(addr[n], o[n].strides[0] if o[n].shape[0] else 0) for n in names]
    p_pos, p_rows, p_vp, p_counts, p_planes = _ptr(pos), _ptr(rows), _ptr(vp), _ptr(counts), addr["planes"]

    if len(ranges) > 1:
        # one native call a chunk, all on the crew (shader/native/rows.py); chunk i writes its visible triangles
        # (and fallback list) from row t0 of every output
        t0 = np.array([r[0] for r in ranges], np.int64)
        table = np.empty((len(ranges), 1 + 9 + len(row_bytes) + 4), np.int64)
        table[:, :10] = (row_jobs.function_address(k[SETUP_KERNEL]), p_pos, pos_rs, pos_cs, p_rows, 0, 0, p_vp,
                         vp_stride, flags)
        table[:, 5:7] = ranges
        table[:, 10:10 + len(row_bytes)] = np.array([a for a, _ in row_bytes], np.int64) \
            + t0[:, None] * np.array([rb for _, rb in row_bytes], np.int64)
        table[:, -4] = p_counts + 16 * np.arange(len(ranges))
        table[:, -3] = p_planes + 8 * t0
        table[:, -2] = p_planes + 8 * (3 * T + t0)
        table[:, -1] = T
        row_jobs.run_rows(table)
    elif T:
        k[SETUP_KERNEL](p_pos, pos_rs, pos_cs, p_rows, 0, T, p_vp, vp_stride, flags, *(a for a, _ in row_bytes),
                       p_counts, p_planes, p_planes + 8 * 3 * T, T)
    # chunks in order, each compacted down onto the end of the previous one: source order, any thread count.
    # Chunk i's destination may overlap chunk i-1's source rows, so one array's moves run in chunk order; the
    # arrays are independent of each other and move in parallel (numpy copies release the GIL).
    starts, n, nf = [], 0, 0
    for i, (t0, _) in enumerate(ranges):
        c, cf = int(counts[i, 0]), int(counts[i, 1])
        starts.append((t0, n, c, nf, cf))
        n += c
        nf += cf
    # a chunk whose rows already start where the compacted list puts them (no triangle of an earlier chunk culled or
    # sent to the fallback list) stays where it is: copying rows onto themselves changes nothing, and with every
    # triangle visible (S2) that was a copy of every output array a draw (~400 bytes a triangle)
    row_moves = [(t0, dst, c) for t0, dst, c, _, _ in starts[1:] if dst != t0 and c]
    fb_moves = [(t0, dst, cf) for t0, _, _, dst, cf in starts[1:] if dst != t0 and cf]
    if row_moves or fb_moves:
        movers = [o[name] for name in names[:-1] if o[name].shape[0]] + [planes.reshape(6, T)]

        def compact(j: int) -> None:
            if j == len(movers):
                fb = o["fallback"]
                for t0, dst, cf in fb_moves:
                    fb[dst:dst + cf] = fb[t0:t0 + cf]
                return
            a = movers[j]
            for t0, dst, c in row_moves:
                if j == len(movers) - 1:
                    a[:, dst:dst + c] = a[:, t0:t0 + c]
                else:
                    a[dst:dst + c] = a[t0:t0 + c]

        pool.parallel_for(len(movers) + 1, compact)
    out = {name: (a[:nf] if name == "fallback" else a[:n] if a.shape[0] else a) for name, a in o.items()}
    return SetupResult(**out, z_plane=planes[0, :, :n], inv_w_plane=planes[1, :, :n])


#: the setup kernel triangle_setup calls: ``tri_setup`` (eight triangles per vector step, frontend_vec) or
#: ``tri_setup_scalar`` (one per step; tests compare the two)
SETUP_KERNEL = "tri_setup"
#: triangles per setup chunk on the worker pool (below twice this a draw is set up on the calling thread)
SETUP_CHUNK = 8192


def _setup_ranges(T: int) -> list[tuple[int, int]]:
    parts = min(pool.threads(), T // SETUP_CHUNK)
    if parts <= 1:
        return [(0, T)]
    step = -(-T // parts)
    return [(i, min(i + step, T)) for i in range(0, T, step)]


def _ranges(count: int, least: int | None = None):
    return row_jobs.split(count, least or _PARALLEL_MIN)


def _run_parallel(fn, count: int, *args: int, least: int | None = None) -> None:
    """Native ``fn(*args, a, b)`` over row ranges of ``count`` rows, on the crew (shader/native/rows.py)."""
    ranges = _ranges(count, least)
    if len(ranges) <= 1:
        if count:
            fn(*args, 0, count)
        return
    row_jobs.run_rows(row_jobs.ranges_table(row_jobs.function_address(fn), ranges, *args))


def _run_numpy(fn, count: int, least: int) -> None:
    """Python ``fn(a, b)`` over row ranges on the worker pool (numpy's copies release the GIL)."""
    ranges = _ranges(count, least)
    if len(ranges) <= 1:
        if count:
            fn(0, count)
        return
    pool.parallel_for(len(ranges), lambda i: fn(*ranges[i]))


def take_rows(table: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``table[index]`` for a 2-D ``table`` and a 1-D integer ``index`` (the same array), gathered in index
    ranges (each range writes its own rows, so the result does not depend on the split): by the native gather
    on the crew (row_jobs.take_rows), else by numpy on the worker pool (numpy's take releases the GIL)."""
    index = np.asarray(index)
    out = np.empty((index.shape[0],) + table.shape[1:], table.dtype)
    if not row_jobs.take_rows(out, table, index, _COPY_MIN):
        _run_numpy(lambda a, b: np.take(table, index[a:b], axis=0, out=out[a:b]), index.shape[0], _COPY_MIN)
    return out


def copy_rows(dst: np.ndarray, src: np.ndarray) -> None:
    """``dst[...] = src`` for arrays of one shape: contiguous ones as byte ranges on the crew (row_jobs.copy_rows),
    others in row ranges (axis 0) on the worker pool (numpy's copy releases the GIL; the ranges are disjoint)."""
    def copy(a: int, b: int) -> None:
        dst[a:b] = src[a:b]

    if not dst.shape[0]:
        dst[...] = src
    elif not row_jobs.copy_rows(dst, src, _COPY_MIN):
        _run_numpy(copy, dst.shape[0], _COPY_MIN)


def plane_einsum(k: dict, bp: np.ndarray, q: np.ndarray) -> np.ndarray:
    """``np.einsum("pvc,pv->pc", bp, q)`` bit for bit: (P, 3) planes of per-vertex scalars ``q`` (P, 3)."""
    bp = np.ascontiguousarray(bp, np.float64)
    q = np.ascontiguousarray(q, np.float64)
    out = np.empty((bp.shape[0], 3), np.float64)
    _run_parallel(k["plane_einsum"], bp.shape[0], _ptr(bp), _ptr(q), _ptr(out))
    return out


def _f32_strided(a: np.ndarray) -> tuple[np.ndarray, int, int]:
    """``a`` (V, 4) float32 (or uint32 bits) with its row and component strides in elements: a view when the
    strides are whole elements (the VS outputs are often a transposed register file), else a copy."""
    if a.dtype != np.float32:
        a = a.view(np.float32) if a.dtype.itemsize == 4 else a.astype(np.float32)
    rs, cs = a.strides
    if rs % 4 or cs % 4 or rs < 0 or cs < 0:
        a = np.ascontiguousarray(a)
        rs, cs = a.strides
    return a, rs // 4, cs // 4


def attr_plane(k: dict, bp: np.ndarray, attr: np.ndarray, rows: np.ndarray, weights: np.ndarray,
               inv_w: np.ndarray, perspective: bool) -> np.ndarray:
    """Coefficient-major planes (4, 3, P) of one register's attributes ``attr`` (V, 4) (float32 bits): the
    values Interpolator._attr_plane computes, in its ``_split`` layout."""
    bp = np.ascontiguousarray(bp, np.float64)
    attr, rs, cs = _f32_strided(attr)
    rows = np.ascontiguousarray(rows, np.int64)
    weights = np.ascontiguousarray(weights, np.float64)
    inv_w = np.ascontiguousarray(inv_w, np.float64)
    P = bp.shape[0]
    out = np.empty((4, 3, P), np.float64)
    cols = np.array([0, 3 * P, 6 * P, 9 * P], np.int64)  # component c's coefficient kk at (3c + kk) * P + p
    _run_parallel(k["attr_plane"], P, _ptr(bp), _ptr(attr), rs, cs, _ptr(rows), _ptr(weights), _ptr(inv_w),
                  _ptr(out), 1, P, _ptr(cols), int(perspective))
    return out


class PlaneSource:
    """One register's attribute planes as :func:`attr_plane` computes them, bound to a draw's pieces, for
    writing straight into a per-piece plane table (:meth:`fill`) instead of a coefficient-major array that is
    then copied. The arrays are converted once; :meth:`fill` runs on any thread over any row range."""

    __slots__ = ("k", "arrays", "args", "perspective")

    def __init__(self, k: dict, bp: np.ndarray, attr: np.ndarray, rows: np.ndarray, weights: np.ndarray,
                 inv_w: np.ndarray, perspective: bool):
        bp = np.ascontiguousarray(bp, np.float64)
        attr, rs, cs = _f32_strided(attr)
        rows = np.ascontiguousarray(rows, np.int64)
        weights = np.ascontiguousarray(weights, np.float64)
        inv_w = np.ascontiguousarray(inv_w, np.float64)
        self.k, self.perspective = k, bool(perspective)
        self.arrays = (bp, attr, rows, weights, inv_w)  # alive while the addresses below are used
        self.args = (_ptr(bp), _ptr(attr), rs, cs, _ptr(rows), _ptr(weights), _ptr(inv_w))

    def fill_rows(self, table: np.ndarray, cols: np.ndarray, ranges) -> np.ndarray:
        """:meth:`fill`'s calls for piece ranges ``ranges`` as rows of a native row job (shader/native/rows.py)."""
        assert table.dtype == np.float64 and table.strides[1:] == (24, 8) and table.strides[0] % 8 == 0
        assert cols.dtype == np.int64
        return row_jobs.ranges_table(row_jobs.function_address(self.k["attr_plane"]), ranges, *self.args,
                                     _ptr(table), table.strides[0] // 8, 1, _ptr(cols), int(self.perspective))

    def fill(self, table: np.ndarray, cols: np.ndarray, p0: int, p1: int) -> None:
        """Pieces [p0, p1) of ``table`` (P, planes, 3) float64, each row's planes contiguous (rows may be padded:
        fused_gen.plane_stride): component c's plane into column ``cols[c]`` ((4,) int64; -1: not stored). The
        same bits as :func:`attr_plane`."""
        assert table.dtype == np.float64 and table.strides[1:] == (24, 8) and table.strides[0] % 8 == 0
        assert cols.dtype == np.int64
        self.k["attr_plane"](*self.args, _ptr(table), table.strides[0] // 8, 1, _ptr(cols), int(self.perspective),
                             p0, p1)
