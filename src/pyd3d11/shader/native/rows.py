"""Row jobs (issue 12: the front end on all cores): native calls, one per row of an integer table — row ``r`` is
``fn, a1, ..., aN`` for the call ``fn(a1, ..., aN)`` — run by several threads at once, with no Python between
the rows.

Why: the front end's row loops (triangle setup, plane tables, binning, piece records, vertex-shader batches, the
input assembler's copies and gathers, register-file clears) ran as worker-pool items, and a pool item's Python
steps need the GIL, so on many cores the items started one after another: S2 on the 16-core device spent ~17 of
its 28 ms a frame in such jobs (session 33's per-frame pool probe). Here every participating thread runs a
native *drain* that takes the next row from a shared counter until none is left (uneven rows balance), and the
threads are the native crew's (crew.py: they wait in native code and are all woken by one futex call), so a job
costs the drawing thread one ctypes call whatever the thread count. Below the crew's thread minimum the drains
run as pool items (one per thread, not one per row); on one thread, or inside a pool item, on the calling
thread. Which thread runs which row never matters: callers give rows that write disjoint memory.

Every argument is passed as a 64-bit integer (pointers and integers are both INTEGER-class on the x86-64 System V
and AArch64 calling conventions, so a callee declaring ``ptr`` or ``i64`` parameters reads them unchanged);
functions taking floating-point or narrower arguments must not be run here. Rows of functions with fewer
arguments than the table's width are padded with zeros (:func:`stack`): under both conventions the caller owns
the argument area, and a callee never reads past its own parameters.

The module also holds row kernels of its own, for numpy operations the front end ran on the pool:
:func:`copy_rows` (a copy in byte, row or element ranges), :func:`take_rows` (a row gather by an int64 / int32 /
uint32 index) and :func:`zero_bytes` (a clear in byte ranges). (A clear to an element's bytes stays numpy's: its
fill through a 4-byte view runs at memory speed, 13 times the row kernel's element loop — session 34.)
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from . import crew, pool

_DRAIN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_lock = threading.Lock()
_drains: dict[int, tuple] = {}
_kernels: dict | None = None


def _drain_ir(n: int) -> str:
    """``void @drain(ptr H)`` for rows of a function and ``n`` arguments; H: the shared row counter, the row count,
    the table's address."""
    loads = "\n".join(f"  %q{i} = getelementptr i64, ptr %row, i64 {i}\n  %a{i} = load i64, ptr %q{i}, align 8"
                      for i in range(n))
    args = ", ".join(f"i64 %a{i}" for i in range(n))
    return f"""
define void @drain(ptr %H) {{
entry:
  %p1 = getelementptr i64, ptr %H, i64 1
  %R = load i64, ptr %p1, align 8
  %p2 = getelementptr i64, ptr %H, i64 2
  %T = load ptr, ptr %p2, align 8
  br label %head
head:
  %r = atomicrmw add ptr %H, i64 1 monotonic
  %more = icmp ult i64 %r, %R
  br i1 %more, label %body, label %done
body:
  %o = mul i64 %r, {n + 1}
  %fp = getelementptr i64, ptr %T, i64 %o
  %f = load ptr, ptr %fp, align 8
  %row = getelementptr i64, ptr %fp, i64 1
{loads}
  call void %f({args})
  br label %head
done:
  ret void
}}
"""


def _drain(n: int) -> tuple:
    """(ctypes function, address, engine) of the drain for ``n``-argument functions, compiled once a process."""
    d = _drains.get(n)
    if d is None:
        with _lock:
            d = _drains.get(n)
            if d is None:
                from . import runtime as rt

                engine, _ = rt.o2_engine(rt._init_llvm(), _drain_ir(n))
                addr = engine.get_function_address("drain")
                d = _drains[n] = (_DRAIN(addr), addr, engine)
    return d


def function_address(cfunc) -> int:
    """The native address of a ctypes function object (a row's first word in :func:`run_rows`)."""
    return ctypes.cast(cfunc, ctypes.c_void_p).value


def run_rows(table: np.ndarray, workers: int | None = None) -> None:
    """Make the call of every row of ``table`` ((R, 1 + N) int64, C-contiguous: a native function's address and
    its N arguments) on ``min(workers or pool.threads(), R)`` threads: the native crew's (crew.get_rows) when
    ``workers or pool.threads()`` is at least crew.MIN_WORKERS, else worker-pool items; returns when every row has
    run."""
    if table.dtype != np.int64 or table.ndim != 2 or not table.flags.c_contiguous or table.shape[1] < 1:
        raise ValueError("run_rows takes a C-contiguous (rows, function + arguments) int64 table")
    R, N = table.shape[0], table.shape[1] - 1
    if R == 0:
        return
    drain, drain_addr, _ = _drain(N)
    head = np.array([0, R, table.ctypes.data], np.int64)
    h = head.ctypes.data
    threads = workers or pool.threads()
    n = min(threads, R)
    if n <= 1 or getattr(pool._local, "inside", False):
        drain(h)
        return
    # (the crew from the configured thread count, whatever the rows: a job of 2 rows on the pool is a GIL hand-over)
    c = crew.get_rows() if threads >= crew.MIN_WORKERS else None
    if c is not None:
        # every participating crew thread gets the same header (stride 0); this thread drains as row 0
        c.post(drain_addr, h, 0, n, lambda: drain(h)).finish()
        return
    pool.parallel_for(n, lambda _: drain(h), n)


def ranges_table(fn: int, ranges, *before: int, after: tuple = ()) -> np.ndarray:
    """The table of calls ``fn(*before, a, b, *after)`` for each range ``(a, b)``."""
    t = np.empty((len(ranges), 3 + len(before) + len(after)), np.int64)
    nb = 1 + len(before)
    t[:, 0] = fn
    t[:, 1:nb] = before
    t[:, nb:nb + 2] = ranges
    if after:
        t[:, nb + 2:] = after
    return t


def stack(tables: list[np.ndarray]) -> np.ndarray:
    """One table of the rows of ``tables`` (in order), the narrower ones padded with zero arguments."""
    width = max((t.shape[1] for t in tables), default=1)
    out = np.zeros((sum(t.shape[0] for t in tables), width), np.int64)
    r = 0
    for t in tables:
        out[r:r + t.shape[0], :t.shape[1]] = t
        r += t.shape[0]
    return out


# ---------------------------------------------------------------------------------------------------------------
# byte-range kernels: copies, gathers and clears the front end ran as numpy calls in pool items

# dst[r, k] = src[r, k] for rows r in [a, b) and k < cols, elements of 4 or 8 bytes, strides in bytes: copy_gridB
# walks each row's columns, copy_gridB_t each column's rows (for a destination whose rows are closer together
# than its columns — a transposed register file —, so that consecutive stores are neighbours)
_GRID_IR = """
define void @copy_grid{B}(ptr noalias %dst, i64 %drs, i64 %dcs, ptr noalias %src, i64 %srs, i64 %scs, i64 %cols,
                        i64 %a, i64 %b) {{
entry:
  br label %outer
outer:
  %r = phi i64 [ %a, %entry ], [ %r1, %next ]
  %more = icmp ult i64 %r, %b
  br i1 %more, label %body, label %done
body:
  %so = mul i64 %r, %srs
  %ps = getelementptr i8, ptr %src, i64 %so
  %do = mul i64 %r, %drs
  %pd = getelementptr i8, ptr %dst, i64 %do
  br label %inner
inner:
  %k = phi i64 [ 0, %body ], [ %k1, %inner ]
  %sk = mul i64 %k, %scs
  %s = getelementptr i8, ptr %ps, i64 %sk
  %v = load {T}, ptr %s, align 1
  %dk = mul i64 %k, %dcs
  %d = getelementptr i8, ptr %pd, i64 %dk
  store {T} %v, ptr %d, align 1
  %k1 = add i64 %k, 1
  %w = icmp ult i64 %k1, %cols
  br i1 %w, label %inner, label %next
next:
  %r1 = add i64 %r, 1
  br label %outer
done:
  ret void
}}

define void @copy_grid{B}_t(ptr noalias %dst, i64 %drs, i64 %dcs, ptr noalias %src, i64 %srs, i64 %scs, i64 %cols,
                          i64 %a, i64 %b) {{
entry:
  %empty = icmp uge i64 %a, %b
  br i1 %empty, label %done, label %outer
outer:
  %k = phi i64 [ 0, %entry ], [ %k1, %next ]
  %sk = mul i64 %k, %scs
  %ps = getelementptr i8, ptr %src, i64 %sk
  %dk = mul i64 %k, %dcs
  %pd = getelementptr i8, ptr %dst, i64 %dk
  br label %inner
inner:
  %r = phi i64 [ %a, %outer ], [ %r1, %inner ]
  %so = mul i64 %r, %srs
  %s = getelementptr i8, ptr %ps, i64 %so
  %v = load {T}, ptr %s, align 1
  %do = mul i64 %r, %drs
  %d = getelementptr i8, ptr %pd, i64 %do
  store {T} %v, ptr %d, align 1
  %r1 = add i64 %r, 1
  %w = icmp ult i64 %r1, %b
  br i1 %w, label %inner, label %next
next:
  %k1 = add i64 %k, 1
  %more = icmp ult i64 %k1, %cols
  br i1 %more, label %outer, label %done
done:
  ret void
}}
"""

_BYTES_IR = """
declare void @llvm.memcpy.p0.p0.i64(ptr noalias, ptr noalias, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @copy_bytes(ptr %dst, ptr %src, i64 %a, i64 %b) {
entry:
  %d = getelementptr i8, ptr %dst, i64 %a
  %s = getelementptr i8, ptr %src, i64 %a
  %n = sub i64 %b, %a
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  ret void
}

define void @copy_items(ptr noalias %dst, i64 %ds, ptr noalias %src, i64 %ss, i64 %words, i64 %a, i64 %b) {
entry:
  br label %row
row:
  %r = phi i64 [ %a, %entry ], [ %r1, %next ]
  %more = icmp ult i64 %r, %b
  br i1 %more, label %body, label %done
body:
  %so = mul i64 %r, %ss
  %ps = getelementptr i8, ptr %src, i64 %so
  %do = mul i64 %r, %ds
  %pd = getelementptr i8, ptr %dst, i64 %do
  br label %word
word:
  %k = phi i64 [ 0, %body ], [ %k1, %word ]
  %s = getelementptr i32, ptr %ps, i64 %k
  %v = load i32, ptr %s, align 1
  %d = getelementptr i32, ptr %pd, i64 %k
  store i32 %v, ptr %d, align 1
  %k1 = add i64 %k, 1
  %w = icmp ult i64 %k1, %words
  br i1 %w, label %word, label %next
next:
  %r1 = add i64 %r, 1
  br label %row
done:
  ret void
}

define void @zero_bytes(ptr %dst, i64 %a, i64 %b) {
entry:
  %d = getelementptr i8, ptr %dst, i64 %a
  %n = sub i64 %b, %a
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 %n, i1 false)
  ret void
}

; the 16-byte pattern (lo, hi) at every whole 16 bytes of [a, b) (a a multiple of 16; the caller writes a tail)
define void @fill16(ptr %dst, i64 %lo, i64 %hi, i64 %a, i64 %b) {
entry:
  br label %loop
loop:
  %i = phi i64 [ %a, %entry ], [ %i16, %body ]
  %i16 = add i64 %i, 16
  %fits = icmp ule i64 %i16, %b
  br i1 %fits, label %body, label %done
body:
  %p = getelementptr i8, ptr %dst, i64 %i
  store i64 %lo, ptr %p, align 1
  %p8 = getelementptr i8, ptr %p, i64 8
  store i64 %hi, ptr %p8, align 1
  br label %loop
done:
  ret void
}
"""

def _gather_ir(name: str, itype: str, ext: str | None) -> str:
    """``gather_NAME(out, table, index, words, rows, bad, a, b)``: ``out[r] = table[index[r]]`` for r in [a, b), rows
    of ``words`` 4-byte words, ``index`` of ``itype`` (``ext``: how it widens to i64, None for i64); an index not
    below ``rows`` (as unsigned) copies nothing and sets the word at ``bad``."""
    widen = f"  %i = {ext} {itype} %i0 to i64" if ext else "  %i = add i64 %i0, 0"
    return f"""
define void @gather_{name}(ptr noalias %out, ptr noalias %table, ptr noalias %index, i64 %words, i64 %rows,
                           ptr noalias %bad, i64 %a, i64 %b) {{
entry:
  br label %row
row:
  %r = phi i64 [ %a, %entry ], [ %r1, %next ]
  %more = icmp ult i64 %r, %b
  br i1 %more, label %body, label %done
body:
  %pi = getelementptr {itype}, ptr %index, i64 %r
  %i0 = load {itype}, ptr %pi, align 4
{widen}
  %inside = icmp ult i64 %i, %rows
  br i1 %inside, label %copy, label %outside
outside:
  store atomic i32 1, ptr %bad monotonic, align 4
  br label %next
copy:
  %so = mul i64 %i, %words
  %src = getelementptr i32, ptr %table, i64 %so
  %do = mul i64 %r, %words
  %dst = getelementptr i32, ptr %out, i64 %do
  br label %word
word:
  %k = phi i64 [ 0, %copy ], [ %k1, %word ]
  %ps = getelementptr i32, ptr %src, i64 %k
  %v = load i32, ptr %ps, align 4
  %pd = getelementptr i32, ptr %dst, i64 %k
  store i32 %v, ptr %pd, align 4
  %k1 = add i64 %k, 1
  %w = icmp ult i64 %k1, %words
  br i1 %w, label %word, label %next
next:
  %r1 = add i64 %r, 1
  br label %row
done:
  ret void
}}
"""


def byte_kernel(name: str) -> int:
    """The native address of the byte kernel ``name`` (``fill16``, ``zero_bytes``, ``copy_bytes``, ...), for
    generated code that calls it (pipeline/native/scene_fill.py); compiled once a process."""
    return _byte_kernels()[name]


def _byte_kernels() -> dict:
    global _kernels
    if _kernels is None:
        with _lock:
            if _kernels is None:
                from . import runtime as rt

                text = _BYTES_IR + _GRID_IR.format(B=4, T="i32") + _GRID_IR.format(B=8, T="i64") + "".join(_gather_ir(*g) for g in (("i64", "i64", None), ("i32", "i32", "sext"),
                                                                     ("u32", "i32", "zext")))
                engine, _ = rt.o2_engine(rt._init_llvm(), text)
                names = ("copy_bytes", "copy_items", "copy_grid4", "copy_grid8", "copy_grid4_t", "copy_grid8_t",
                         "zero_bytes", "fill16", "gather_i64", "gather_i32", "gather_u32")
                k = {n: engine.get_function_address(n) for n in names}
                k["engine"] = engine
                _kernels = k
    return _kernels


def split(n: int, least: int, align: int = 1) -> list[tuple[int, int]]:
    """``[0, n)`` in ``max(1, min(pool.range_count(), n // least))`` ranges of equal length (the last shorter),
    each length rounded up to a multiple of ``align``; none for ``n`` = 0. The one rule of every row loop's split
    (pipeline/native/frontend.py's too)."""
    parts = max(1, min(pool.range_count(), n // max(least, 1)))
    step = -(-n // parts)
    step = -(-step // align) * align
    return [(a, min(a + step, n)) for a in range(0, n, step)]


def byte_ranges(n: int, least: int) -> list[tuple[int, int]]:
    """``n`` bytes in :func:`split`'s ranges of at least ``least`` bytes, each starting on a 64-byte boundary."""
    return split(n, least, 64)


#: bytes per range at least of the byte kernels (a copy moves ~10 GB/s a core: 256 KiB is ~25 us, several times a
#: crew job's start)
BYTES_LEAST = 1 << 18


def zero_bytes(a: np.ndarray, least: int = BYTES_LEAST) -> None:
    """Clear C-contiguous ``a`` in byte ranges of at least ``least`` bytes on the crew (:func:`run_rows`)."""
    n = a.nbytes
    if n:
        run_rows(ranges_table(_byte_kernels()["zero_bytes"], byte_ranges(n, least), a.ctypes.data))


def fill_elements(a: np.ndarray, element: np.ndarray, least: int | None = None) -> bool:
    """Write the bytes ``element`` (1, 2, 4, 8 or 16 of them) into every element of C-contiguous uint8 ``a`` (its
    size a multiple of the element's) in byte ranges of at least ``least`` bytes on the crew: the element repeated
    to 16 bytes at every 16 bytes of each range, the last range's tail (under 16 bytes) by numpy (``least``:
    BYTES_LEAST when None). False (nothing done) for any other element size or layout."""
    e = np.ascontiguousarray(element, np.uint8).reshape(-1)
    if e.size not in (1, 2, 4, 8, 16) or a.dtype != np.uint8 or not a.flags.c_contiguous or not a.flags.writeable \
            or a.size % e.size:
        return False
    n = a.size
    if not n:
        return True
    pattern = np.tile(e, 16 // e.size)  # the element repeated to 16 bytes
    lo, hi = (int(w) for w in pattern.view(np.int64))
    flat = a.reshape(-1)
    body = n - n % 16
    if body:
        # (byte_ranges start every range on a multiple of 64 bytes and end it on the next one's start: whole
        # 16-byte groups but the last range's end, which is body itself)
        run_rows(ranges_table(_byte_kernels()["fill16"], byte_ranges(body, least or BYTES_LEAST), flat.ctypes.data,
                              lo, hi))
    if body < n:
        flat[body:] = pattern[:n - body]
    return True


def _row_bytes(a: np.ndarray) -> int | None:
    """Bytes of one row (axis 0) of ``a`` when each row is C-contiguous and its stride is not negative, else None."""
    if a.ndim == 0 or a.strides[0] < 0:
        return None
    inner = a.itemsize
    for n, st in zip(reversed(a.shape[1:]), reversed(a.strides[1:]), strict=True):
        if st != inner and n > 1:
            return None
        inner *= n
    return inner


def copy_rows(dst: np.ndarray, src: np.ndarray, least: int) -> bool:
    """``dst[...] = src`` for arrays of one dtype and shape on the crew: C-contiguous ones as byte ranges; others
    whose rows (axis 0) are each contiguous, of whole 4-byte words, row by row; one- or two-dimensional ones of
    4- or 8-byte elements with any strides element by element — in ranges of at least ``least`` rows. False
    (nothing done) for any other layout."""
    if dst.dtype != src.dtype or dst.shape != src.shape or not dst.flags.writeable:
        return False
    k = _byte_kernels()
    n = dst.nbytes
    if dst.flags.c_contiguous and src.flags.c_contiguous:
        if n:
            run_rows(ranges_table(k["copy_bytes"], byte_ranges(n, BYTES_LEAST), dst.ctypes.data, src.ctypes.data))
        return True
    # (numpy flags every empty or 0-d array C-contiguous: those were copied above)
    ranges = split(dst.shape[0], least)
    row = _row_bytes(dst)
    if row is not None and row == _row_bytes(src) and not row % 4:
        run_rows(ranges_table(k["copy_items"], ranges, dst.ctypes.data, dst.strides[0], src.ctypes.data,
                              src.strides[0], row // 4))
        return True
    if dst.ndim <= 2 and dst.itemsize in (4, 8) and dst.dtype.kind != "V":
        d2, s2 = (dst, src) if dst.ndim == 2 else (dst[:, None], src[:, None])
        run_rows(grid_rows(d2, s2, ranges))
        return True
    return False


def grid_rows(dst: np.ndarray, src: np.ndarray, ranges) -> np.ndarray:
    """Table rows copying rows ``ranges`` of ``src`` into ``dst``, both (R, C) arrays of one 4- or 8-byte element
    type with any strides (``copy_grid4`` / ``copy_grid8``, ``_t`` where the destination's rows are closer
    together than its columns), for :func:`run_rows` (with :func:`stack`, beside
    other calls)."""
    if (dst.shape != src.shape or dst.ndim != 2 or dst.itemsize != src.itemsize or dst.itemsize not in (4, 8)
            or not dst.shape[1]):
        raise ValueError("grid_rows copies (rows, columns) arrays of one 4- or 8-byte element type")
    by_columns = abs(dst.strides[0]) < abs(dst.strides[1])
    return ranges_table(_byte_kernels()[f"copy_grid{dst.itemsize}{'_t' if by_columns else ''}"], ranges,
                        dst.ctypes.data, dst.strides[0], dst.strides[1], src.ctypes.data, src.strides[0],
                        src.strides[1], dst.shape[1])


_GATHERS = {np.dtype(np.int64): "gather_i64", np.dtype(np.int32): "gather_i32", np.dtype(np.uint32): "gather_u32"}


def take_rows(out: np.ndarray, table: np.ndarray, index: np.ndarray, least: int) -> bool:
    """``out[...] = table[index]`` (rows of axis 0) in index ranges of at least ``least`` rows on the crew, when
    ``table`` and ``out`` are C-contiguous of one dtype with rows of whole 4-byte words and ``index`` is a
    contiguous int64/int32/uint32 vector; False when it cannot, or when an index was not a row of ``table`` (the
    kernel copies no row for it: the caller's numpy gather then gives numpy's answer — negative indices from the
    end, an IndexError past it)."""
    kernel = _GATHERS.get(index.dtype)
    rows = table.shape[0] if table.ndim else 0
    row_bytes = table.itemsize * (table.size // rows) if rows else 0
    if (kernel is None or index.ndim != 1 or not index.flags.c_contiguous or out.dtype != table.dtype
            or not table.flags.c_contiguous or not out.flags.c_contiguous or not rows or row_bytes % 4
            or out.shape != index.shape + table.shape[1:]):
        return False
    n = index.shape[0]
    if n == 0:
        return True
    if row_bytes == 0:
        return False  # (rows of no bytes: numpy's gather, which still checks the indices)
    bad = np.zeros(1, np.int32)
    run_rows(ranges_table(_byte_kernels()[kernel], split(n, least), out.ctypes.data, table.ctypes.data, index.ctypes.data,
                          row_bytes // 4, rows, bad.ctypes.data))
    return not bad[0]
