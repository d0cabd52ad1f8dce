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
import os
import threading
from typing import Any

import numpy as np

from ...shader.native import crew, pool

#: ``void @scene_run(ptr S)``; S (int64 words): draws, tiles, address of the shared work counter, address of this
#: scene's tile-done counts (int32 a tile), address of the previous scene's counts or 0, address of a yield function
#: or 0, how many of the last tiles are split into quarters, then per draw (tile function, D array, this worker's T
#: array). Each call takes work items from the counter until none is left: the whole tiles first, then four
#: quarters of each split tile (the tile functions take the tile's index with the quarter, 1-4, in bits 32..: a
#: quarter is the tile's pixels in that quarter, every draw's pieces clipped to it). An item first waits until the
#: previous scene (a chained one, :meth:`Scene.launch`) has finished the whole tile, runs the item through the
#: draws in order (fused_gen's ``@fused(D, T, tile)``) and then adds its share to the tile's count, 4 for a whole
#: tile, 1 for a quarter (release: its pixels' writes are seen by whoever sees the count at 4).
_HEAD = 7
_IR = """
define void @scene_run(ptr noalias %S) {
entry:
  %nd = load i64, ptr %S, align 8
  %p1 = getelementptr i64, ptr %S, i64 1
  %nt = load i64, ptr %p1, align 8
  %p2 = getelementptr i64, ptr %S, i64 2
  %ctr = load ptr, ptr %p2, align 8
  %p3 = getelementptr i64, ptr %S, i64 3
  %mine = load ptr, ptr %p3, align 8
  %p4 = getelementptr i64, ptr %S, i64 4
  %prev = load ptr, ptr %p4, align 8
  %p5 = getelementptr i64, ptr %S, i64 5
  %yield = load ptr, ptr %p5, align 8
  %p6 = getelementptr i64, ptr %S, i64 6
  %ns = load i64, ptr %p6, align 8
  %whole_n = sub i64 %nt, %ns
  %ns3 = mul i64 %ns, 3
  %items = add i64 %nt, %ns3
  %chained = icmp ne ptr %prev, null
  %can_yield = icmp ne ptr %yield, null
  br label %head
head:
  %i = atomicrmw add ptr %ctr, i64 1 monotonic
  %more = icmp ult i64 %i, %items
  br i1 %more, label %decode, label %done
decode:
  %whole = icmp ult i64 %i, %whole_n
  %j = sub i64 %i, %whole_n
  %jq = lshr i64 %j, 2
  %jt = add i64 %whole_n, %jq
  %j3 = and i64 %j, 3
  %q1 = add i64 %j3, 1
  %qs = shl i64 %q1, 32
  %qarg = or i64 %jt, %qs
  %t = select i1 %whole, i64 %i, i64 %jt
  %arg = select i1 %whole, i64 %i, i64 %qarg
  %share = select i1 %whole, i32 4, i32 1
  br i1 %chained, label %poll, label %start
poll:
  %pf = getelementptr i32, ptr %prev, i64 %t
  %flag = load atomic i32, ptr %pf acquire, align 4
  %ready = icmp uge i32 %flag, 4
  br i1 %ready, label %start, label %idle
idle:
  br i1 %can_yield, label %give, label %poll
give:
  %yr = call i32 %yield()
  br label %poll
start:
  br label %draws
draws:
  %k = phi i64 [ 0, %start ], [ %kn, %body ]
  %c = icmp ult i64 %k, %nd
  br i1 %c, label %body, label %mark
body:
  %b0 = mul i64 %k, 3
  %b = add i64 %b0, 7
  %fp = getelementptr i64, ptr %S, i64 %b
  %f = load ptr, ptr %fp, align 8
  %dp = getelementptr i64, ptr %fp, i64 1
  %d = load ptr, ptr %dp, align 8
  %tp = getelementptr i64, ptr %fp, i64 2
  %tt = load ptr, ptr %tp, align 8
  call void %f(ptr %d, ptr %tt, i64 %arg)
  %kn = add i64 %k, 1
  br label %draws
mark:
  %mf = getelementptr i32, ptr %mine, i64 %t
  %old = atomicrmw add ptr %mf, i32 %share release
  br label %head
done:
  ret void
}
"""


def _yield_address() -> int:
    """sched_yield's address (a chained scene's worker waiting for a tile gives its core to the thread finishing
    it: on a loaded host that thread may have none), or 0 where there is none (the wait then only spins)."""
    try:
        return ctypes.cast(ctypes.CDLL(None).sched_yield, ctypes.c_void_p).value or 0
    except (OSError, AttributeError, TypeError):  # pragma: no cover - platform dependent
        return 0


#: split a scene's last tiles into quarters (Scene.split_tiles; ``PYD3D11_SPLIT_TILES=0``: whole tiles only)
SPLIT = os.environ.get("PYD3D11_SPLIT_TILES", "1") != "0"
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
                _fn = (_RUN(engine.get_function_address("scene_run")), engine, _yield_address())
    return _fn


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
        self.done = np.zeros(max(1, n_tiles), np.int32)  # a count a tile: 4 once its draws are done (a quarter adds 1)
        self.prev: Scene | None = None  # the started scene this one's tiles wait for tile by tile (chain)
        self._prev_done: np.ndarray | None = None
        self.finished = False

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

    def chains_after(self, prev: Scene) -> bool:
        """Whether this scene may start while ``prev`` (started, not finished) still runs, each tile waiting for
        the same tile of ``prev`` instead of every tile for all of it: the same tile grid (tile t is the same
        pixels in both), workers on both (a scene without worker threads runs only when it is finished, so a
        wait for its tiles would last until then), nothing this scene writes read by ``prev``'s pixel shaders
        (they read other tiles' pixels) and nothing ``prev`` writes read by this scene's (the caller's checks
        when the draws joined)."""
        return (self.grid == prev.grid and self.n_tiles == prev.n_tiles and self.workers > 1
                and prev.job is not None and bool(prev.job.has_workers()) and not prev.finished
                and prev.read_ids.isdisjoint(self.target_ids) and self.read_ids.isdisjoint(prev.target_ids))

    def launch(self, prev: Scene | None = None) -> None:
        """Start the tiles on the worker threads (the caller's thread takes its share in :meth:`finish`); with
        ``prev`` (:meth:`chains_after` holds), each tile starts once ``prev`` finished the same tile."""
        if self.job is not None:
            return
        from ...shader.native.runtime import address

        nd, nw = len(self.entries), self.workers
        c = crew.get() if nw >= crew.MIN_WORKERS else None
        if c is not None:
            c.nudge()  # (the crew wakes while this thread builds the rows below: the post then finds it spinning)
        if prev is not None:
            self.prev, self._prev_done = prev, prev.done
        run, _engine, yield_fn = _driver()
        # one (workers, 3 + 3 draws) matrix, filled by column (a loop over workers x draws costs ~0.1 ms a scene
        # at 16 threads on the drawing thread)
        S = np.empty((nw, _HEAD + 3 * nd), np.int64)
        S[:, 0], S[:, 1], S[:, 2], S[:, 3] = nd, self.n_tiles, address(self._counter), address(self.done)
        S[:, 4] = 0 if self._prev_done is None else address(self._prev_done)
        S[:, 5] = yield_fn
        S[:, 6] = self.split_tiles()
        body = S[:, _HEAD:].reshape(nw, nd, 3)
        body[:, :, 0] = [e.fn for e in self.entries]
        body[:, :, 1] = [address(e.D) if e.d_addr is None else e.d_addr for e in self.entries]
        body[:, :, 2] = np.array([e.t_addrs if e.t_addrs is not None else [address(t) for t in e.T]
                                  for e in self.entries], np.int64).T
        self._S.append(S)
        base = address(S)
        stride = 8 * S.shape[1]
        if c is not None:
            # native crew threads take rows 1.. at once (crew.py); this thread runs row 0 in finish
            self.job = c.post(ctypes.cast(run, ctypes.c_void_p).value, base, stride, nw, lambda: run(base))
            return
        S = [base + stride * w for w in range(nw)]
        self.job = pool.start(self.workers, lambda w: run(S[w]), self.workers)

    def split_tiles(self) -> int:
        """How many of the last tiles run as four quarters each: one a worker (with one worker, none), where the
        tile edge halves into whole quads (a quarter's pixels must hold every 2x2 quad they touch) and the scene
        has at least four tiles a worker. (``PYD3D11_SPLIT_TILES=0``: none, for A/B.)"""
        nw, nt = self.workers, self.n_tiles
        if not SPLIT or nw < 2 or self.grid[0] % 4 or nt < 4 * nw:
            return 0
        return nw

    def finish_prev(self) -> None:
        """Finish the scene this one is chained after, with what waits for it (its ``afters``)."""
        prev, self.prev = self.prev, None
        if prev is not None:
            prev.finish()
            for fn in prev.afters:
                fn()

    def finish(self) -> None:
        """Run (or wait for) the tiles, then complete every draw in submission order (a chained scene's
        previous one first)."""
        if self.finished:
            return
        self.finish_prev()
        self.finished = True
        self.launch()
        self.job.finish()
        try:
            for e in self.entries:
                e.finish()
        finally:
            if self.release is not None:
                self.release()
