"""One 64-byte record per triangle piece for the fused rasterizer (issue 12, S2: the per-triangle cost).

The rasterizer (fused_gen._tile_fn) visits a tile's pieces in submission order; a tile's pieces lie scattered
over the draw's tables, so every piece begins with cache misses. Read from the setup's own tables that was the
piece's rectangle (binning.py), its three edge equations' A, B and C (three int64 tables) and its top-left flags
— five tables, five or more cache lines on five pages a piece, more misses than a core keeps in flight (profile
of S2, 200k triangles of 10-20 pixels: about half of the rasterizer's time stalled on them). This module packs
what the rasterizer reads into one aligned 64-byte line per piece:

    bytes  0..23  C0, C1, C2     int64 (the edge functions' constants: 16.8 products, up to ~2^62)
    bytes 24..35  A0, A1, A2     int32 (D3D11.3 §3.4.2 edge equations E_i = A_i x + B_i y + C_i)
    bytes 36..47  B0, B1, B2     int32
    bytes 48..63  x0, y0, x1, y1 int32 (the piece's pixel rectangle, bin_pieces)

A and B are differences of 16.8 fixed-point vertex coordinates, so only guard-band-sized pieces (|A| or |B| of
2^31 or more: coordinates up to 512 viewports wide, clip.GUARD) do not fit 32 bits; their record carries A0 =
``WIDE`` (-2^31, which no fitting value takes) and the rasterizer reads their A and B from the int64 tables.

The top-left flags are not stored: they are a function of A and B (§3.4.2.1, rasterizer.TriangleSetup.build:
A = -dy, B = dx, top-left = dy < 0 or (dy = 0 and dx > 0), i.e. A > 0 or (A = 0 and B > 0)), which the
rasterizer evaluates per piece; :func:`topleft_of` is that rule and tests hold every setup's flags to it.
"""

from __future__ import annotations

import ctypes
import sys
import threading

import numpy as np

#: int32 words per record (64 bytes)
WORDS = 16
#: A0's word when the piece's A or B does not fit int32 (the rasterizer then reads the int64 tables)
WIDE = -(1 << 31)
#: word offsets inside a record (int32 words): C as three int64 at words 0..5
W_A, W_B, W_RECT = 6, 9, 12
#: pieces per packing chunk on the worker pool (below twice this a draw is packed on the calling thread)
PACK_CHUNK = 16384

_IR = """
define void @pack_pieces(i64 %p0, i64 %p1, ptr noalias %A, ptr noalias %B, ptr noalias %C, ptr noalias %rect,
                         ptr noalias %out) {
entry:
  br label %head
head:
  %p = phi i64 [ %p0, %entry ], [ %pn, %body ]
  %more = icmp slt i64 %p, %p1
  br i1 %more, label %body, label %done
body:
  %p3 = mul i64 %p, 3
  %o32 = mul i64 %p, 16
  %o64 = mul i64 %p, 8
BODY
  %pn = add i64 %p, 1
  br label %head
done:
  ret void
}
"""


def _body() -> str:
    lines = []
    fits = None
    for i in range(3):
        lines += [f"  %ix{i} = add i64 %p3, {i}",
                  f"  %a{i}p = getelementptr i64, ptr %A, i64 %ix{i}", f"  %a{i} = load i64, ptr %a{i}p, align 8",
                  f"  %b{i}p = getelementptr i64, ptr %B, i64 %ix{i}", f"  %b{i} = load i64, ptr %b{i}p, align 8",
                  f"  %c{i}p = getelementptr i64, ptr %C, i64 %ix{i}", f"  %c{i} = load i64, ptr %c{i}p, align 8",
                  f"  %oc{i} = add i64 %o64, {i}", f"  %cq{i} = getelementptr i64, ptr %out, i64 %oc{i}",
                  f"  store i64 %c{i}, ptr %cq{i}, align 8"]
        for v in ("a", "b"):
            # -2^31 < v < 2^31  <=>  v + (2^31 - 1) in [0, 2^32 - 2] (one unsigned compare)
            lines += [f"  %{v}{i}s = add i64 %{v}{i}, 2147483647",
                      f"  %{v}{i}f = icmp ult i64 %{v}{i}s, 4294967295"]
            f = f"%{v}{i}f"
            if fits is None:
                fits = f
            else:
                lines.append(f"  %fits_{v}{i} = and i1 {fits}, {f}")
                fits = f"%fits_{v}{i}"
    for i in range(3):
        for v, base in (("a", W_A), ("b", W_B)):
            lines += [f"  %{v}{i}t = trunc i64 %{v}{i} to i32", f"  %o{v}{i} = add i64 %o32, {base + i}",
                      f"  %{v}{i}q = getelementptr i32, ptr %out, i64 %o{v}{i}"]
            val = f"%{v}{i}t"
            if v == "a" and i == 0:
                lines.append(f"  %a0w = select i1 {fits}, i32 %a0t, i32 {WIDE}")
                val = "%a0w"
            lines.append(f"  store i32 {val}, ptr %{v}{i}q, align 4")
    lines += ["  %r4 = mul i64 %p, 4"]
    for j in range(4):
        lines += [f"  %ri{j} = add i64 %r4, {j}", f"  %rp{j} = getelementptr i32, ptr %rect, i64 %ri{j}",
                  f"  %r{j} = load i32, ptr %rp{j}, align 4", f"  %ro{j} = add i64 %o32, {W_RECT + j}",
                  f"  %rq{j} = getelementptr i32, ptr %out, i64 %ro{j}", f"  store i32 %r{j}, ptr %rq{j}, align 4"]
    return "\n".join(lines)


_lock = threading.Lock()
_fn: list = []


def _function():
    if not _fn:
        with _lock:
            if not _fn:
                from ...shader.native import runtime as rt

                engine, _ = rt.o2_engine(rt._init_llvm(), _IR.replace("BODY", _body()))
                proto = ctypes.CFUNCTYPE(None, *([ctypes.c_int64] * 2 + [ctypes.c_void_p] * 5))
                _fn.append((proto(engine.get_function_address("pack_pieces")), engine))
    return _fn[0][0]


_pool_bufs = threading.local()
def _alloc(nbytes: int) -> np.ndarray:
    """A uint8 array of ``nbytes`` that is a view of its owner array (``.base``: what every view of it keeps
    alive, so _buffer tests the owner's references). (Session 18 tried private mappings advised MADV_HUGEPAGE for
    the large ones: no difference measured on S2 at 1 or 2 threads, so plain numpy buffers.)"""
    return np.empty(nbytes, np.uint8)[:]


def _free(buf: np.ndarray) -> bool:
    # references to the owner: ``buf``'s base and getrefcount's argument; any more are live views
    return sys.getrefcount(buf.base) <= 2


def _buffer(P: int) -> np.ndarray:
    """(P, 16) int32 records, 64-byte aligned, from this thread's two reusable buffers (the arena rule of
    frontend._arena_arrays: a buffer is reused only when no array carved from it is alive, so a pass whose tiles
    still run keeps its records while the next pass packs its own; fresh multi-MB allocations fault page by page)."""
    need = P * 64 + 64
    bufs = getattr(_pool_bufs, "bufs", None)
    if bufs is None:
        bufs = _pool_bufs.bufs = [None, None]
    slot = next((i for i in (0, 1) if bufs[i] is None or _free(bufs[i])), None)
    if slot is None:  # both in use (a third pass in flight): a fresh buffer, not kept
        buf = _alloc(need)
    else:
        buf = bufs[slot]
        if buf is None or buf.nbytes < need:
            buf = bufs[slot] = _alloc(max(need, 1 << 16))
    off = -buf.ctypes.data % 64
    return buf[off:off + P * 64].view(np.int32).reshape(P, WORDS)


def piece_records(A: np.ndarray, B: np.ndarray, C: np.ndarray, rect: np.ndarray) -> np.ndarray:
    """(P, 16) int32, 64-byte aligned: the records of pieces with edge coefficients ``A``, ``B``, ``C`` ((P, 3)
    int64, C-contiguous) and pixel rectangles ``rect`` ((P, 4) int32), natively (:func:`piece_records_numpy` is
    the definition the tests compare with)."""
    P = int(A.shape[0])
    out = _buffer(P)
    if P == 0:
        return out
    fn = _function()
    a, b, c, r = (np.ascontiguousarray(x, t) for x, t in ((A, np.int64), (B, np.int64), (C, np.int64),
                                                          (rect, np.int32)))
    pa, pb, pc, pr, po = a.ctypes.data, b.ctypes.data, c.ctypes.data, r.ctypes.data, out.ctypes.data
    from ...shader.native import pool, rows

    parts = min(pool.threads(), P // PACK_CHUNK)
    if parts > 1:
        step = -(-P // parts)
        # the ranges on the crew (shader/native/rows.py)
        rows.run_rows(rows.ranges_table(rows.function_address(fn), [(a, min(P, a + step)) for a in range(0, P, step)],
                                        after=(pa, pb, pc, pr, po)))
    else:
        fn(0, P, pa, pb, pc, pr, po)
    return out


def piece_records_numpy(A: np.ndarray, B: np.ndarray, C: np.ndarray, rect: np.ndarray) -> np.ndarray:
    """The records by their definition (module docstring), in numpy."""
    A, B, C = (np.asarray(x, np.int64).reshape(-1, 3) for x in (A, B, C))
    P = A.shape[0]
    out = np.zeros((P, WORDS), np.int32)
    out[:, 0:6] = C.view(np.int32).reshape(P, 6)
    lim = 1 << 31
    fits = ((np.abs(A) < lim) & (np.abs(B) < lim) & (A > -lim) & (B > -lim)).all(axis=1)
    out[:, W_A:W_A + 3] = A.astype(np.int32)  # (wraps where it does not fit: the value is then not read)
    out[:, W_B:W_B + 3] = B.astype(np.int32)
    out[~fits, W_A] = WIDE
    out[:, W_RECT:W_RECT + 4] = np.asarray(rect, np.int32).reshape(P, 4)
    return out


def topleft_of(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Top-left flags of edges with coefficients A = -dy, B = dx (§3.4.2.1: a left edge goes up, dy < 0; a top
    edge is horizontal and goes right, dy = 0 and dx > 0)."""
    A, B = np.asarray(A, np.int64), np.asarray(B, np.int64)
    return (A > 0) | ((A == 0) & (B > 0))
