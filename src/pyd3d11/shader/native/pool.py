"""Worker threads for native kernels (issue 12: all cores).

Native kernels are called through ctypes, which releases the GIL for the duration of the call, so plain
Python threads run them in parallel. Work is split into independent items (screen tiles, thread-group
ranges, vertex batches) whose results do not depend on which thread runs them or in what order, so the
output is the same for every thread count.

Thread count: ``PYD3D11_THREADS`` (>= 1), else :func:`set_threads`, else the CPUs this process may use.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .. import watchdog

_override: int | None = None
_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_lock = threading.Lock()
# A kernel running on a worker must not submit to the pool and wait (it would deadlock when every
# worker waits); nested calls run inline instead.
_local = threading.local()


def cpu_count() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - platform dependent
        return max(1, os.cpu_count() or 1)


def threads() -> int:
    """Worker threads native work is spread over."""
    if _override is not None:
        return _override
    env = os.environ.get("PYD3D11_THREADS", "")
    if env.strip():
        try:
            return max(1, int(env))
        except ValueError:
            pass
    return cpu_count()


def set_threads(n: int | None) -> None:
    """Use ``n`` worker threads (None: back to ``PYD3D11_THREADS`` / the CPU count)."""
    global _override
    if n is not None and int(n) < 1:
        raise ValueError("thread count must be >= 1")
    _override = None if n is None else int(n)


#: ranges per worker thread of a loop over rows split on the pool (:func:`range_count`; pipeline/native/frontend.py's
#: row loops, binning.py's piece ranges): more than one, so a thread that starts late (woken late, or busy with an
#: earlier job's tiles) leaves its share to the others instead of the caller waiting for it at the end. S2 on the
#: loaded 2-core host, least / median wall ms of 30 frames, 1 -> 4 a thread (front-end loops), 3 alternating
#: rounds: 228 / 268 -> 178 / 234, 196 / 252 -> 212 / 246, 223 / 249 -> 227 / 244; process CPU unchanged (Session 25)
RANGES_PER_THREAD = int(os.environ.get("PYD3D11_RANGES_PER_THREAD", "4"))


def range_count() -> int:
    """Ranges a row loop is split into at most (callers also bound it by a least range size): RANGES_PER_THREAD
    per thread, one with one thread (no worker to balance against)."""
    n = threads()
    return n * RANGES_PER_THREAD if n > 1 else 1


#: the interpreter's thread switch interval (seconds) while worker items submitted to the pool may still be waiting
#: to start: a worker needs the GIL for the few Python steps before its native call, and at Python's default
#: (5 ms) a drawing thread busy in Python (setting up the next draws while a launched scene runs) kept the workers
#: from starting for milliseconds (a 16-thread device timeline: a scene's items began 2-3 ms after its launch).
#: The interval returns to its previous value when the last such job is finished; ``PYD3D11_SWITCH_INTERVAL=0``
#: leaves it alone (A/B)
SWITCH_INTERVAL = float(os.environ.get("PYD3D11_SWITCH_INTERVAL", "0.0002") or 0)
#: threads a job must run on for SWITCH_INTERVAL to apply: with one worker its start is one GIL hand-over, and on
#: the 2-core host the shorter interval only added switches (S1z frames a few per cent slower, session 32)
SWITCH_MIN_THREADS = int(os.environ.get("PYD3D11_SWITCH_MIN_THREADS", "4") or 4)
_switch_jobs = 0  # jobs with worker items not yet finished (Job.finish), under _lock
_switch_saved = 0.0


def _quick_switch(on: bool) -> None:
    """Count a job with worker items in (``on``) or out; the first in sets SWITCH_INTERVAL, the last out restores
    the interval it found."""
    global _switch_jobs, _switch_saved
    with _lock:
        if on:
            _switch_jobs += 1
            if _switch_jobs == 1:
                _switch_saved = sys.getswitchinterval()
                sys.setswitchinterval(min(SWITCH_INTERVAL, _switch_saved))
        else:
            _switch_jobs -= 1
            if _switch_jobs == 0:
                sys.setswitchinterval(_switch_saved)


def _executor(n: int) -> ThreadPoolExecutor:
    global _pool, _pool_size
    with _lock:
        if _pool is None or _pool_size < n:  # grows only: fewer items may always be submitted
            if _pool is not None:
                _pool.shutdown(wait=False)
            _pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix="pyd3d11-native")
            _pool_size = n
        return _pool


def _drain(fn: Callable[[int], None], take: Callable[[], int], count: int, watch=None) -> None:
    outer = getattr(_local, "inside", False)  # Job.finish called from inside an item keeps its flag
    _local.inside = True
    try:
        with watchdog.adopt(watch):  # the submitting thread's draw/dispatch budget (shader/watchdog.py)
            while (i := take()) < count:
                fn(i)
    finally:
        _local.inside = outer


class Job:
    """Items of :func:`start` running on the worker threads; :meth:`finish` takes the items no worker has
    taken yet on the calling thread, then waits for the workers."""

    __slots__ = ("_fn", "_take", "_count", "_watch", "_futures", "_done", "_switch")

    def __init__(self, fn, take, count, watch, futures):
        self._fn, self._take, self._count, self._watch, self._futures = fn, take, count, watch, futures
        self._done = False
        # (decided once: finish undoes exactly what this did)
        self._switch = len(futures) + 1 >= SWITCH_MIN_THREADS and SWITCH_INTERVAL > 0
        if self._switch:
            _quick_switch(True)

    def run_one(self) -> bool:
        """Run the next item no thread has taken on the calling thread (as a worker item: nested pool calls run
        inline); False when none was left. An item's exception propagates (the caller still calls finish)."""
        i = self._take()
        if i >= self._count:
            return False
        once = [i]
        # through _drain, as a worker runs items (bench/serial_fraction.py counts the calling thread's share)
        _drain(self._fn, lambda: once.pop() if once else self._count, self._count, self._watch)
        return True

    def has_workers(self) -> bool:
        """Whether worker threads take items of this job (else they run only in :meth:`finish`)."""
        return bool(self._futures)

    def finish(self) -> None:
        """Run the remaining items here and wait for the rest; the first exception an item raised is
        re-raised. A second call does nothing."""
        if self._done:
            return
        self._done = True
        if self._switch:
            _quick_switch(False)
        error: BaseException | None = None
        try:
            _drain(self._fn, self._take, self._count, self._watch)
        except BaseException as exc:  # noqa: BLE001 - re-raised after the workers are done
            error = exc
        for f in self._futures:
            # when this thread's share ended with the counter exhausted, a worker's share that has not started
            # would find no item left: drop it instead of waiting for a thread that may be busy with other work
            # (an earlier started job). After an error here the workers still take the items left.
            if error is None and f.cancel():
                continue
            try:
                f.result()
            except BaseException as exc:  # noqa: BLE001
                error = error or exc
        if error is not None:
            raise error


def start(count: int, fn: Callable[[int], None], workers: int | None = None) -> Job:
    """Start ``fn(i)`` for ``i`` in ``range(count)`` on ``min(threads, count) - 1`` worker threads and return at
    once; the caller must call :meth:`Job.finish` (which takes its share of the items then). With one thread, or
    on a worker thread, every item runs in ``finish``."""
    n = min(workers or threads(), count)
    counter = itertools.count()
    take_lock = threading.Lock()

    def take() -> int:
        with take_lock:
            return next(counter)

    w = watchdog.current()
    futures = []
    if n > 1 and not getattr(_local, "inside", False):
        # one executor sized for the configured thread count: a call that uses fewer workers submits fewer
        # items to it (re-creating it per size would start new threads, and abandon a started job's)
        pool = _executor(max(n, threads()) - 1)
        futures = [pool.submit(_drain, fn, take, count, w) for _ in range(n - 1)]
    return Job(fn, take, count, w, futures)


def parallel_for(count: int, fn: Callable[[int], None], workers: int | None = None) -> None:
    """Call ``fn(i)`` for ``i`` in ``range(count)``, spread over the worker threads.

    ``min(threads, count)`` threads (the caller's among them) take the next item from a shared counter
    until none is left (so uneven items balance). Returns when every item has run; the first exception raised by an item is re-raised.
    ``fn`` must be safe to run concurrently for different items.
    """
    n = min(workers or threads(), count)
    if n <= 1 or getattr(_local, "inside", False):
        for i in range(count):
            fn(i)
        return
    start(count, fn, n).finish()


#: bytes from which :func:`zeros` clears its array in ranges on the workers
ZEROS_PARALLEL_BYTES = 1 << 20


def zeros(shape, dtype) -> np.ndarray:
    """``numpy.zeros(shape, dtype)``; a large array is cleared in byte ranges on the workers, so the clearing of a
    pass's big register files is not serial work on the calling thread."""
    a = np.empty(shape, dtype)
    flat = a.reshape(-1).view(np.uint8)
    n = flat.shape[0]
    parts = min(threads(), n // ZEROS_PARALLEL_BYTES)
    if parts <= 1:
        flat.fill(0)
        return a
    from . import rows

    rows.zero_bytes(flat, ZEROS_PARALLEL_BYTES)  # byte ranges cleared natively on the crew (no Python between the ranges)
    return a

