"""Scene binning across draws (issue 12, llvmpipe's scene): consecutive fused-lane draws are collected into a
scene instead of each running over the whole target; when the scene is run, every tile worker takes one screen
tile and runs it through every draw of the scene in submission order, so the tile's colour and depth stay in
the core's caches across the draws instead of streaming the whole target once per draw.

Per-pixel order (D3D11.3 §3.4: a pixel sees the primitives in submission order) holds because a tile runs its
draws one after the other, each draw's pieces in its own order (binning.py), and tiles are disjoint pixel sets
of one grid shared by every draw of the scene; so the result does not depend on the thread count or on which
worker runs which tile.

pipeline/native/fused.py decides what may join a scene (draws whose tile work cannot fail or call back into
Python, on one tile grid, none writing what an earlier draw of the scene reads) and when a scene is run (any
join: fused.join / join_queued, which the api layer and ResourceStorage.data reach; a full scene starts on the
workers at once while the next one collects). This module holds the scene and its native driver.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

import numpy as np

from ...shader.native import pool

#: ``void @scene_run(ptr S)``; S (int64 words): draws, tiles, address of the shared tile counter, then per
#: draw (tile function, D array, this worker's T array). Each call takes tiles from the counter until none is
#: left and runs each tile through the draws in order (fused_gen's ``@fused(D, T, tile)``).
_IR = """
define void @scene_run(ptr noalias %S) {
entry:
  %nd = load i64, ptr %S, align 8
  %p1 = getelementptr i64, ptr %S, i64 1
  %nt = load i64, ptr %p1, align 8
  %p2 = getelementptr i64, ptr %S, i64 2
  %ctr = load ptr, ptr %p2, align 8
  br label %head
head:
  %t = atomicrmw add ptr %ctr, i64 1 monotonic
  %more = icmp ult i64 %t, %nt
  br i1 %more, label %draws, label %done
draws:
  %i = phi i64 [ 0, %head ], [ %in, %body ]
  %c = icmp ult i64 %i, %nd
  br i1 %c, label %body, label %head
body:
  %b0 = mul i64 %i, 3
  %b = add i64 %b0, 3
  %fp = getelementptr i64, ptr %S, i64 %b
  %f = load ptr, ptr %fp, align 8
  %dp = getelementptr i64, ptr %fp, i64 1
  %d = load ptr, ptr %dp, align 8
  %tp = getelementptr i64, ptr %fp, i64 2
  %tt = load ptr, ptr %tp, align 8
  call void %f(ptr %d, ptr %tt, i64 %t)
  %in = add i64 %i, 1
  br label %draws
done:
  ret void
}
"""

_RUN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_lock = threading.Lock()
_fn: tuple | None = None


def _driver():
    global _fn
    if _fn is None:
        with _lock:
            if _fn is None:
                from ...shader.native import runtime as rt

                engine, _ = rt.o2_engine(rt._init_llvm(), _IR)
                _fn = (_RUN(engine.get_function_address("scene_run")), engine)
    return _fn[0]


class Entry:
    """One draw of a scene: its tile function, D array, one T array per worker, what it keeps alive and the
    function that completes it (pixel counts, callbacks) after the scene ran."""

    __slots__ = ("fn", "D", "T", "keep", "finish", "d_addr", "t_addrs")

    def __init__(self, fn: int, D: np.ndarray, T: list, keep: list, finish, d_addr: int | None = None,
                 t_addrs: list | None = None) -> None:
        self.fn, self.D, self.T, self.keep, self.finish = fn, D, T, keep, finish
        # the arrays' addresses when the caller took them already (else launch takes them)
        self.d_addr = d_addr
        self.t_addrs = t_addrs if t_addrs and len(t_addrs) == len(T) else None


class Scene:
    """Draws collected on one tile grid by one thread; :meth:`launch` starts them on the workers, :meth:`finish`
    waits and completes each draw in order."""

    def __init__(self, grid: tuple, n_tiles: int, workers: int) -> None:
        self.owner = threading.get_ident()
        self.grid = grid  # (tile edge, target width, target height): every draw's tile index means one rectangle
        self.n_tiles = n_tiles
        self.workers = workers
        self.entries: list[Entry] = []
        self.targets: list = []  # storages the draws write (kept alive; registered as pending writes)
        self.target_ids: set = set()
        self.read_ids: set = set()  # storages the draws' pixel shaders read (SRVs)
        self.reads: list = []  # (kept alive: their ids stay theirs)
        self.afters: list = []  # callables run once the scene is finished (fused.after_queued)
        self.release = None  # called after the scene finished: gives the lane buffer sets back
        self.buffers: dict = {}  # (lane buffer key, worker) -> lane buffer set shared by the draws of that key
        self.rows: dict = {}  # (lane buffer key, kernel) -> worker_rows.Rows: the other workers' fixed words
        self.job: Any = None
        self._S: list = []
        self._counter = np.zeros(1, np.int64)

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, entry: Entry, writes: list, reads: list) -> None:
        self.entries.append(entry)
        for st in writes:
            if id(st) not in self.target_ids:
                self.target_ids.add(id(st))
                self.targets.append(st)
        for st in reads:
            if id(st) not in self.read_ids:
                self.read_ids.add(id(st))
                self.reads.append(st)

    def launch(self) -> None:
        """Start the tiles on the worker threads (the caller's thread takes its share in :meth:`finish`)."""
        if self.job is not None:
            return
        from ...shader.native.runtime import address

        run = _driver()
        nd, nw = len(self.entries), self.workers
        # one (workers, 3 + 3 draws) matrix, filled by column (a loop over workers x draws costs ~0.1 ms a scene
        # at 16 threads on the drawing thread)
        S = np.empty((nw, 3 + 3 * nd), np.int64)
        S[:, 0], S[:, 1], S[:, 2] = nd, self.n_tiles, address(self._counter)
        body = S[:, 3:].reshape(nw, nd, 3)
        body[:, :, 0] = [e.fn for e in self.entries]
        body[:, :, 1] = [address(e.D) if e.d_addr is None else e.d_addr for e in self.entries]
        body[:, :, 2] = np.array([e.t_addrs if e.t_addrs is not None else [address(t) for t in e.T]
                                  for e in self.entries], np.int64).T
        self._S.append(S)
        base = address(S)
        S = [base + 8 * S.shape[1] * w for w in range(nw)]
        self.job = pool.start(self.workers, lambda w: run(S[w]), self.workers)

    def finish(self) -> None:
        """Run (or wait for) the tiles, then complete every draw in submission order."""
        self.launch()
        self.job.finish()
        try:
            for e in self.entries:
                e.finish()
        finally:
            if self.release is not None:
                self.release()
