"""Whole-view clears as scene tiles (issue 12: a frame's clear off the drawing thread and out of memory bandwidth).

A ClearRenderTargetView / ClearDepthStencilView of a whole single-sample 2D subresource, issued while the native
scene path is on, becomes one entry of the drawing thread's scene (fused.scene_clear): each tile worker fills
its tile's rectangle with the encoded element before it runs the tile through the later draws of the scene. The
clear then costs the drawing thread no crew job and no wait, and its bytes are written while the tile is in the
worker's caches, where the draws that follow read and overwrite them, instead of one extra pass over the whole
target (at 16 threads the clear's crew job was ~0.15 ms of S3's ~3.4 ms frame, all of it with the workers idle).

The bytes are those of the immediate clear (pipeline/copy.py ``fill_view``): every element of the subresource
gets the element's bytes, written once by the one tile that holds it; the element is repeated to 16 bytes, and
since a tile's first pixel starts a row part at an element boundary, the pattern's phase is the element's at
every 16-byte step and at the tail.
"""

from __future__ import annotations

import ctypes
import threading

import numpy as np

#: D words of ``@fill_tile``: the subresource's address, its row pitch, bytes per element, tiles per row, the tile
#: edge, the width and height in elements, the element repeated to 16 bytes (two i64 words), and the address of
#: shader/native/rows.py's ``fill16`` (the 16-byte groups of each row part)
_WORDS = ("base", "pitch", "bpb", "tiles_x", "edge", "width", "height", "lo", "hi", "fill16")

_IR = """
; %t: the tile's index, and in bits 32.. a quarter (1-4, row-major) or 0 for the whole tile (scene.py)
define void @fill_tile(ptr noalias %D, ptr noalias %T, i64 %t) {
entry:
  %base = load i64, ptr %D, align 8
  %pp = getelementptr i64, ptr %D, i64 1
  %pitch = load i64, ptr %pp, align 8
  %pb = getelementptr i64, ptr %D, i64 2
  %bpb = load i64, ptr %pb, align 8
  %px = getelementptr i64, ptr %D, i64 3
  %tx = load i64, ptr %px, align 8
  %pe = getelementptr i64, ptr %D, i64 4
  %edge = load i64, ptr %pe, align 8
  %pw = getelementptr i64, ptr %D, i64 5
  %w = load i64, ptr %pw, align 8
  %ph = getelementptr i64, ptr %D, i64 6
  %h = load i64, ptr %ph, align 8
  %pl = getelementptr i64, ptr %D, i64 7
  %lo = load i64, ptr %pl, align 8
  %pi = getelementptr i64, ptr %D, i64 8
  %hi = load i64, ptr %pi, align 8
  %pf = getelementptr i64, ptr %D, i64 9
  %fill16 = load ptr, ptr %pf, align 8
  %tid = and i64 %t, 4294967295
  %q = lshr i64 %t, 32
  %whole = icmp eq i64 %q, 0
  %qm = sub i64 %q, 1
  %half = lshr i64 %edge, 1
  %qx = and i64 %qm, 1
  %qy = lshr i64 %qm, 1
  %dx = mul i64 %qx, %half
  %dy = mul i64 %qy, %half
  %ext = select i1 %whole, i64 %edge, i64 %half
  %col = urem i64 %tid, %tx
  %row = udiv i64 %tid, %tx
  %xt = mul i64 %col, %edge
  %yt = mul i64 %row, %edge
  %xq = add i64 %xt, %dx
  %yq = add i64 %yt, %dy
  %x0 = select i1 %whole, i64 %xt, i64 %xq
  %y0 = select i1 %whole, i64 %yt, i64 %yq
  %xe = add i64 %x0, %ext
  %ye = add i64 %y0, %ext
  %x1 = call i64 @llvm.umin.i64(i64 %xe, i64 %w)
  %y1 = call i64 @llvm.umin.i64(i64 %ye, i64 %h)
  %span = sub i64 %x1, %x0
  %n = mul i64 %span, %bpb
  %body = and i64 %n, -16
  %xb = mul i64 %x0, %bpb
  %start = add i64 %base, %xb
  %anyy = icmp ult i64 %y0, %y1
  %anyx = icmp ult i64 %x0, %x1
  %any = and i1 %anyy, %anyx
  br i1 %any, label %rows, label %done
rows:
  %y = phi i64 [ %y0, %entry ], [ %y2, %next ]
  %yo = mul i64 %y, %pitch
  %ra = add i64 %start, %yo
  %r = inttoptr i64 %ra to ptr
  call void %fill16(ptr %r, i64 %lo, i64 %hi, i64 0, i64 %body)
  br label %tail
tail:
  %j = phi i64 [ %body, %rows ], [ %j1, %byte ]
  %more = icmp ult i64 %j, %n
  br i1 %more, label %byte, label %next
byte:
  %k = sub i64 %j, %body
  %inlo = icmp ult i64 %k, 8
  %word = select i1 %inlo, i64 %lo, i64 %hi
  %k8 = and i64 %k, 7
  %sh = shl i64 %k8, 3
  %v64 = lshr i64 %word, %sh
  %v = trunc i64 %v64 to i8
  %pj = getelementptr i8, ptr %r, i64 %j
  store i8 %v, ptr %pj, align 1
  %j1 = add i64 %j, 1
  br label %tail
next:
  %y2 = add i64 %y, 1
  %again = icmp ult i64 %y2, %y1
  br i1 %again, label %rows, label %done
done:
  ret void
}

declare i64 @llvm.umin.i64(i64, i64)
"""

_lock = threading.Lock()
_fn: tuple | None = None


def fill_tile_address() -> int:
    """The address of ``void @fill_tile(ptr D, ptr T, i64 tile)`` (a scene entry's tile function: scene.py calls it
    as it calls a draw's ``@fused``; T is not read), compiled once a process."""
    global _fn
    if _fn is None:
        with _lock:
            if _fn is None:
                from ...shader.native import runtime as rt

                engine, _ = rt.o2_engine(rt._init_llvm(), _IR)
                _fn = (engine.get_function_address("fill_tile"), engine)
    return _fn[0]


#: element sizes a 16-byte pattern repeats (a 12-byte element, R32G32B32, takes the immediate clear)
SIZES = (1, 2, 4, 8, 16)


def words(address: int, pitch: int, element: np.ndarray, edge: int, width: int, height: int) -> np.ndarray:
    """The D array of ``@fill_tile`` for a subresource at ``address`` (``pitch`` bytes a row, ``width`` x
    ``height`` elements) cut into ``edge``-element tiles, filled with ``element`` (its size one of SIZES)."""
    e = np.ascontiguousarray(element, np.uint8).reshape(-1)
    assert e.size in SIZES
    from ...shader.native import rows

    lo, hi = (int(x) for x in np.tile(e, 16 // e.size).view(np.int64))
    D = np.array([address, pitch, e.size, -(-width // edge), edge, width, height, lo, hi,
                  rows.byte_kernel("fill16")], np.int64)
    assert D.size == len(_WORDS)
    return D


def tiles(edge: int, width: int, height: int) -> int:
    """Tiles of the grid (the draws' count: binning.bin_pieces)."""
    return -(-width // edge) * -(-height // edge)


def run_tile(D: np.ndarray, tile: int) -> None:
    """Fill one tile on the calling thread (tests)."""
    fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)(fill_tile_address())
    fn(D.ctypes.data, 0, tile)
