"""Native binning of a draw's triangle pieces into screen tiles (issue 12, point 2: setup and binning compiled).

One fixed LLVM module, compiled once per process: ``bin_count`` computes each piece's pixel rectangle (the one
fused.py's rasterizer walks: the pixels whose sample point lies in the bounding box of the vertices' 16.8
fixed-point hull — no covered sample lies outside it, D3D11.3 §3.4 — inside the piece's viewport/scissor bounds
and the target), the summed rectangle area (the
work estimate that sizes the thread count) and how many pieces each tile receives; ``bin_fill`` then lists the
pieces per tile in submission order (a counting sort: stable, so every tile keeps primitive order, D3D11.3
§3.4's per-pixel ordering). The CSR layout and the rectangles are the same as the numpy formulation
(:func:`bin_numpy`, kept as the definition the tests compare with).
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

from ...shader.native import rows as row_jobs
from ..rasterizer import SUBPIXEL_BITS, SUBPIXEL_ONE

#: the per-piece loop over the tiles its rectangle [r0, r2) x [r1, r3) touches, row by row: both functions run it
#: (count, then fill); each inserts its own work on tile ``%t`` between the head and the tail
_TILE_LOOP_HEAD = """tiles:
  %tx0 = sdiv i64 %r0, %TILE
  %ty0 = sdiv i64 %r1, %TILE
  %r2m = sub i64 %r2, 1
  %r3m = sub i64 %r3, 1
  %tx1 = sdiv i64 %r2m, %TILE
  %ty1 = sdiv i64 %r3m, %TILE
  br label %ty_head
ty_head:
  %ty = phi i64 [ %ty0, %tiles ], [ %tyn, %ty_next ]
  %tyc = icmp sle i64 %ty, %ty1
  br i1 %tyc, label %tx_pre, label %next
tx_pre:
  %rowbase = mul i64 %ty, %txn
  br label %tx_head
tx_head:
  %tx = phi i64 [ %tx0, %tx_pre ], [ %txn2, %tx_body ]
  %txc = icmp sle i64 %tx, %tx1
  br i1 %txc, label %tx_body, label %ty_next
tx_body:
  %t = add i64 %rowbase, %tx
"""
_TILE_LOOP_TAIL = """  %txn2 = add i64 %tx, 1
  br label %tx_head
ty_next:
  %tyn = add i64 %ty, 1
  br label %ty_head
next:
  %pn = add i64 %p, 1
  br label %head
"""

_IR = """
declare i64 @llvm.smax.i64(i64, i64)
declare i64 @llvm.smin.i64(i64, i64)

define void @bin_count(i64 %P, ptr noalias %verts, ptr noalias %bounds, i64 %bstride, i64 %W, i64 %H, i64 %TILE,
                       i64 %txn, ptr noalias %rect, ptr noalias %off, ptr noalias %area) {
entry:
  br label %head
head:
  %p = phi i64 [ 0, %entry ], [ %pn, %next ]
  %acc = phi i64 [ 0, %entry ], [ %acc2, %next ]
  %more = icmp slt i64 %p, %P
  br i1 %more, label %body, label %done
body:
  %vb = mul i64 %p, 6
  %x0p = getelementptr i64, ptr %verts, i64 %vb
  %x0 = load i64, ptr %x0p, align 8
  %y0p = getelementptr i64, ptr %x0p, i64 1
  %y0 = load i64, ptr %y0p, align 8
  %x1p = getelementptr i64, ptr %x0p, i64 2
  %x1 = load i64, ptr %x1p, align 8
  %y1p = getelementptr i64, ptr %x0p, i64 3
  %y1 = load i64, ptr %y1p, align 8
  %x2p = getelementptr i64, ptr %x0p, i64 4
  %x2 = load i64, ptr %x2p, align 8
  %y2p = getelementptr i64, ptr %x0p, i64 5
  %y2 = load i64, ptr %y2p, align 8
  %mnx0 = call i64 @llvm.smin.i64(i64 %x0, i64 %x1)
  %mnx = call i64 @llvm.smin.i64(i64 %mnx0, i64 %x2)
  %mny0 = call i64 @llvm.smin.i64(i64 %y0, i64 %y1)
  %mny = call i64 @llvm.smin.i64(i64 %mny0, i64 %y2)
  %mxx0 = call i64 @llvm.smax.i64(i64 %x0, i64 %x1)
  %mxx = call i64 @llvm.smax.i64(i64 %mxx0, i64 %x2)
  %mxy0 = call i64 @llvm.smax.i64(i64 %y0, i64 %y1)
  %mxy = call i64 @llvm.smax.i64(i64 %mxy0, i64 %y2)
  ; pixels whose sample (x * ONE + HALF) lies in [min, max]: ceil((min - HALF) / ONE) .. floor((max - HALF) / ONE)
  ; (an arithmetic shift floors, as numpy's // does)
  %mnxh = add i64 %mnx, CEILADD
  %mnyh = add i64 %mny, CEILADD
  %mxxh = add i64 %mxx, -HALF
  %mxyh = add i64 %mxy, -HALF
  %ex0 = ashr i64 %mnxh, SHIFT
  %ey0 = ashr i64 %mnyh, SHIFT
  %fx1 = ashr i64 %mxxh, SHIFT
  %fy1 = ashr i64 %mxyh, SHIFT
  %bo = mul i64 %p, %bstride
  %b0p = getelementptr i64, ptr %bounds, i64 %bo
  %b0 = load i64, ptr %b0p, align 8
  %b1p = getelementptr i64, ptr %b0p, i64 1
  %b1 = load i64, ptr %b1p, align 8
  %b2p = getelementptr i64, ptr %b0p, i64 2
  %b2 = load i64, ptr %b2p, align 8
  %b3p = getelementptr i64, ptr %b0p, i64 3
  %b3 = load i64, ptr %b3p, align 8
  %ex1 = add i64 %fx1, 1
  %ey1 = add i64 %fy1, 1
  %r0 = call i64 @llvm.smax.i64(i64 %b0, i64 %ex0)
  %r1 = call i64 @llvm.smax.i64(i64 %b1, i64 %ey0)
  %r2a = call i64 @llvm.smin.i64(i64 %b2, i64 %ex1)
  %r3a = call i64 @llvm.smin.i64(i64 %b3, i64 %ey1)
  %r2 = call i64 @llvm.smin.i64(i64 %r2a, i64 %W)
  %r3 = call i64 @llvm.smin.i64(i64 %r3a, i64 %H)
  %ro = mul i64 %p, 4
  %rp0 = getelementptr i32, ptr %rect, i64 %ro
  %t0 = trunc i64 %r0 to i32
  store i32 %t0, ptr %rp0, align 4
  %rp1 = getelementptr i32, ptr %rp0, i64 1
  %t1 = trunc i64 %r1 to i32
  store i32 %t1, ptr %rp1, align 4
  %rp2 = getelementptr i32, ptr %rp0, i64 2
  %t2 = trunc i64 %r2 to i32
  store i32 %t2, ptr %rp2, align 4
  %rp3 = getelementptr i32, ptr %rp0, i64 3
  %t3 = trunc i64 %r3 to i32
  store i32 %t3, ptr %rp3, align 4
  %w = sub i64 %r2, %r0
  %h = sub i64 %r3, %r1
  %wc = call i64 @llvm.smax.i64(i64 %w, i64 0)
  %hc = call i64 @llvm.smax.i64(i64 %h, i64 0)
  %a = mul i64 %wc, %hc
  %acc2 = add i64 %acc, %a
  %okw = icmp sgt i64 %w, 0
  %okh = icmp sgt i64 %h, 0
  %ok = and i1 %okw, %okh
  br i1 %ok, label %tiles, label %next
TILE_LOOP_HEAD
  %t1i = add i64 %t, 1
  %cp = getelementptr i64, ptr %off, i64 %t1i
  %c = load i64, ptr %cp, align 8
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cp, align 8
TILE_LOOP_TAIL
done:
  store i64 %acc, ptr %area, align 8
  ret void
}

define void @bin_fill(i64 %P, ptr noalias %rect, i64 %TILE, i64 %txn, ptr noalias %cursor, ptr noalias %list,
                      i64 %base) {
entry:
  br label %head
head:
  %p = phi i64 [ 0, %entry ], [ %pn, %next ]
  %more = icmp slt i64 %p, %P
  br i1 %more, label %body, label %done
body:
  %ro = mul i64 %p, 4
  %rp0 = getelementptr i32, ptr %rect, i64 %ro
  %q0 = load i32, ptr %rp0, align 4
  %rp1 = getelementptr i32, ptr %rp0, i64 1
  %q1 = load i32, ptr %rp1, align 4
  %rp2 = getelementptr i32, ptr %rp0, i64 2
  %q2 = load i32, ptr %rp2, align 4
  %rp3 = getelementptr i32, ptr %rp0, i64 3
  %q3 = load i32, ptr %rp3, align 4
  %r0 = sext i32 %q0 to i64
  %r1 = sext i32 %q1 to i64
  %r2 = sext i32 %q2 to i64
  %r3 = sext i32 %q3 to i64
  %okw = icmp sgt i64 %r2, %r0
  %okh = icmp sgt i64 %r3, %r1
  %ok = and i1 %okw, %okh
  br i1 %ok, label %tiles, label %next
TILE_LOOP_HEAD
  %pg = add i64 %p, %base
  %p32 = trunc i64 %pg to i32
  %cp = getelementptr i64, ptr %cursor, i64 %t
  %c = load i64, ptr %cp, align 8
  %lp = getelementptr i32, ptr %list, i64 %c
  store i32 %p32, ptr %lp, align 4
  %c1 = add i64 %c, 1
  store i64 %c1, ptr %cp, align 8
TILE_LOOP_TAIL
done:
  ret void
}
""".replace("TILE_LOOP_HEAD", _TILE_LOOP_HEAD).replace("TILE_LOOP_TAIL", _TILE_LOOP_TAIL).replace(
    "SHIFT", str(SUBPIXEL_BITS)).replace("CEILADD", str(SUBPIXEL_ONE // 2 - 1)).replace(
    "HALF", str(SUBPIXEL_ONE // 2))

_COUNT = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64,
                          ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p,
                          ctypes.c_void_p)
_FILL = ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p,
                         ctypes.c_void_p, ctypes.c_int64)
_lock = threading.Lock()
_fns: dict = {}


def _ir_for_tile(tile: int) -> str:
    """The module with the tile edge a constant: ``sdiv`` by a constant compiles to shifts with the sign fix-up
    (the same quotients; a divide by the run-time argument is a 64-bit IDIV, four per piece in each function).
    The argument stays in the signatures (the ctypes prototypes), unused."""
    return _IR.replace("i64 %TILE,", "i64 %tile_arg,").replace("%TILE", str(int(tile)))


def _functions(tile: int) -> tuple:
    got = _fns.get(tile)
    if got is None:
        with _lock:
            got = _fns.get(tile)
            if got is None:
                from ...shader.native import runtime as rt

                engine, _ = rt.o2_engine(rt._init_llvm(), _ir_for_tile(tile))
                got = _fns[tile] = (_COUNT(engine.get_function_address("bin_count")),
                                    _FILL(engine.get_function_address("bin_fill")), engine)
    return got


#: pieces per binning chunk on the worker pool (below twice this a draw is binned on the calling thread)
BIN_CHUNK = 8192


def _chunks(P: int, parts: int | None) -> list[tuple[int, int]]:
    if parts is None:
        from ...shader.native import pool

        parts = min(pool.range_count(), P // BIN_CHUNK)
    parts = max(1, min(parts, P))
    step = -(-P // parts) if P else 1
    return [(i, min(i + step, P)) for i in range(0, P, step)] or [(0, 0)]


def bin_pieces(verts: np.ndarray, bounds: np.ndarray, W: int, H: int, tile: int, parts: int | None = None):
    """(rect (P, 4) int32, tile_off (n_tiles + 1,) int64, list (m,) int32, tiles_x, n_tiles, area) of pieces with
    16.8 fixed-point vertices ``verts`` (P, 3, 2) int64 inside pixel ``bounds`` ((P, 4) or (1, 4) int64) on a
    W x H target cut into ``tile``-pixel tiles.

    A draw of many pieces is binned in ``parts`` consecutive piece ranges on the worker pool (default:
    pool.range_count(), ranges of at least BIN_CHUNK): each range counts its pieces per tile, the counts give every range
    its own start in each tile's list (after all earlier ranges' pieces of that tile), and each range fills
    its slots — the same lists as one pass in submission order, for any number of ranges."""
    count, fill, _ = _functions(tile)
    P = verts.shape[0]
    v = np.ascontiguousarray(verts, np.int64)
    b = np.ascontiguousarray(bounds, np.int64).reshape(-1, 4)
    bstride = 0 if b.shape[0] == 1 else 4
    assert b.shape[0] in (1, P)
    tx_n = -(-W // tile)
    n_tiles = tx_n * -(-H // tile)
    rect = np.empty((P, 4), np.int32)
    ranges = _chunks(P, parts)
    C = len(ranges)
    counts = np.zeros((C, n_tiles + 1), np.int64)
    area = np.zeros(C, np.int64)
    pv, pb, pr, pc, pa = v.ctypes.data, b.ctypes.data, rect.ctypes.data, counts.ctypes.data, area.ctypes.data

    p0 = np.array([r[0] for r in ranges], np.int64)
    p1 = np.array([r[1] for r in ranges], np.int64)
    if C == 1:
        count(P, pv, pb, bstride, W, H, tile, tx_n, pr, pc, pa)
    else:
        # each range on the crew (shader/native/rows.py): its pieces' rectangles, counts and area
        t = np.empty((C, 12), np.int64)
        t[:, 0] = row_jobs.function_address(count)
        t[:, 1], t[:, 2], t[:, 3] = p1 - p0, pv + 48 * p0, pb + 8 * bstride * p0
        t[:, 4:9] = (bstride, W, H, tile, tx_n)
        t[:, 9], t[:, 10], t[:, 11] = pr + 16 * p0, pc + 8 * (n_tiles + 1) * np.arange(C), pa + 8 * np.arange(C)
        row_jobs.run_rows(t)
    if C == 1:
        off = counts[0]
        np.cumsum(off, out=off)
        cursor = off[None, :-1].copy()
    else:
        # range i's slots in tile t start after every piece of earlier tiles and of earlier ranges in tile t
        per = counts[:, 1:]
        off = np.zeros(n_tiles + 1, np.int64)
        np.cumsum(per.sum(0), out=off[1:])
        cursor = np.cumsum(per, 0) - per + off[:-1]
    lst = np.empty(int(off[-1]), np.int32)
    if lst.size:
        pl, pcur = lst.ctypes.data, cursor.ctypes.data

        if C == 1:
            fill(P, pr, tile, tx_n, pcur, pl, 0)
        else:
            t = np.empty((C, 8), np.int64)
            t[:, 0] = row_jobs.function_address(fill)
            t[:, 1], t[:, 2], t[:, 3], t[:, 4] = p1 - p0, pr + 16 * p0, tile, tx_n
            t[:, 5], t[:, 6], t[:, 7] = pcur + 8 * n_tiles * np.arange(C), pl, p0
            row_jobs.run_rows(t)
    return rect, off, lst, tx_n, n_tiles, int(area.sum())





def bin_numpy(verts: np.ndarray, bounds: np.ndarray, W: int, H: int, tile: int):
    """The same result in numpy (the definition; the native version is tested against it)."""
    P = verts.shape[0]
    bounds = np.broadcast_to(np.asarray(bounds, np.int64).reshape(-1, 4), (P, 4))
    vx, vy = verts[:, :, 0], verts[:, :, 1]
    rect = np.empty((P, 4), np.int64)
    half, one = SUBPIXEL_ONE // 2, SUBPIXEL_ONE
    # pixel x holds a coverable sample iff min <= x * ONE + HALF <= max (the covered set of a triangle lies in
    # its vertices' closed hull): x in [ceil((min - HALF) / ONE), floor((max - HALF) / ONE)]
    rect[:, 0] = np.maximum(bounds[:, 0], -((half - np.minimum(np.minimum(vx[:, 0], vx[:, 1]), vx[:, 2])) // one))
    rect[:, 1] = np.maximum(bounds[:, 1], -((half - np.minimum(np.minimum(vy[:, 0], vy[:, 1]), vy[:, 2])) // one))
    rect[:, 2] = np.minimum(bounds[:, 2], (np.maximum(np.maximum(vx[:, 0], vx[:, 1]), vx[:, 2]) - half) // one + 1)
    rect[:, 3] = np.minimum(bounds[:, 3], (np.maximum(np.maximum(vy[:, 0], vy[:, 1]), vy[:, 2]) - half) // one + 1)
    rect[:, 2] = np.minimum(rect[:, 2], W)
    rect[:, 3] = np.minimum(rect[:, 3], H)
    area = int(np.maximum(rect[:, 2] - rect[:, 0], 0) @ np.maximum(rect[:, 3] - rect[:, 1], 0))
    tx_n = -(-W // tile)
    ty_n = -(-H // tile)
    ok = (rect[:, 2] > rect[:, 0]) & (rect[:, 3] > rect[:, 1])
    idx = np.nonzero(ok)[0]
    r = rect[idx]
    tx0, ty0 = r[:, 0] // tile, r[:, 1] // tile
    tx1, ty1 = (r[:, 2] - 1) // tile, (r[:, 3] - 1) // tile
    nx_, ny_ = tx1 - tx0 + 1, ty1 - ty0 + 1
    cnt = nx_ * ny_
    total = int(cnt.sum())
    piece = np.repeat(idx, cnt)
    first = np.repeat(np.cumsum(cnt) - cnt, cnt)
    k = np.arange(total, dtype=np.int64) - first
    w = np.repeat(nx_, cnt)
    t = (np.repeat(ty0, cnt) + k // w) * tx_n + np.repeat(tx0, cnt) + k % w
    order = np.argsort(t, kind="stable")
    lst = np.ascontiguousarray(piece[order], np.int32)
    counts = np.bincount(t, minlength=tx_n * ty_n)
    off = np.zeros(tx_n * ty_n + 1, np.int64)
    np.cumsum(counts, out=off[1:])
    return rect.astype(np.int32), off, lst, tx_n, tx_n * ty_n, area
