"""The native worker pool (shader/native/pool.py): every item runs exactly once, errors propagate,
nested calls do not deadlock, and the thread count follows PYD3D11_THREADS / set_threads."""

import threading

import pytest

from pyd3d11.shader.native import pool

pytestmark = pytest.mark.backend_specific  # the worker pool runs no shaders


@pytest.mark.parametrize("workers", [1, 2, 3, 8])
@pytest.mark.parametrize("count", [0, 1, 7, 100])
def test_every_item_once(workers, count):
    seen = []
    lock = threading.Lock()

    def fn(i):
        with lock:
            seen.append(i)

    pool.parallel_for(count, fn, workers=workers)
    assert sorted(seen) == list(range(count))


def test_uses_several_threads():
    names = set()
    barrier = threading.Barrier(2, timeout=5)

    def fn(i):
        names.add(threading.current_thread().name)
        if i < 2:
            barrier.wait()  # two items must be in flight at once, or this times out

    pool.parallel_for(4, fn, workers=2)
    assert len(names) == 2


def test_error_propagates_after_all_items():
    done = []

    def fn(i):
        if i == 3:
            raise ZeroDivisionError("item 3")
        done.append(i)

    with pytest.raises(ZeroDivisionError, match="item 3"):
        pool.parallel_for(10, fn, workers=3)
    assert sorted(done) == [i for i in range(10) if i != 3]


def test_nested_call_runs_inline():
    out = []

    def inner(i):
        out.append(i)

    pool.parallel_for(4, lambda i: pool.parallel_for(3, inner, workers=2), workers=2)
    assert sorted(out) == sorted(list(range(3)) * 4)


def test_thread_count_sources(monkeypatch):
    monkeypatch.setenv("PYD3D11_THREADS", "3")
    pool.set_threads(None)
    assert pool.threads() == 3
    pool.set_threads(5)
    try:
        assert pool.threads() == 5
    finally:
        pool.set_threads(None)
    monkeypatch.setenv("PYD3D11_THREADS", "")
    assert pool.threads() == pool.cpu_count()
    with pytest.raises(ValueError):
        pool.set_threads(0)


def test_started_job_runs_while_the_caller_works_and_finish_waits():
    """pool.start returns at once with the items running on the workers; finish() runs the rest on the
    caller and returns when every item has run (any thread count, any order)."""
    import threading

    for n in (1, 2, 3):
        pool.set_threads(n)
        try:
            gate = threading.Event()
            done = []

            def item(i, gate=gate, done=done):
                if threading.current_thread() is not threading.main_thread():
                    gate.wait(5)  # a worker's item waits until the caller has done its own work
                done.append(i)

            job = pool.start(6, item)
            gate.set()
            job.finish()
            assert sorted(done) == list(range(6))
            job.finish()  # a second call does nothing
            assert sorted(done) == list(range(6))
        finally:
            pool.set_threads(None)


def test_finish_does_not_wait_for_a_worker_busy_with_another_job():
    """With one worker busy (an earlier job's item), a parallel_for whose items the caller has all taken
    returns without waiting for that worker (its unstarted share is dropped)."""
    import threading

    pool.set_threads(2)
    pool._pool, pool._pool_size = None, 0  # a fresh executor of one worker (earlier tests may have grown it)
    try:
        release = threading.Event()
        busy = pool.start(2, lambda i: release.wait(10) if threading.current_thread() is not threading.main_thread()
                          else None)
        out = []
        import time

        t0 = time.monotonic()
        pool.parallel_for(4, out.append)  # the worker is blocked in ``busy``: the caller runs all 4
        assert time.monotonic() - t0 < 5, "waited for the busy worker"
        assert sorted(out) == [0, 1, 2, 3]
        release.set()
        busy.finish()
    finally:
        pool.set_threads(None)


def test_started_job_inside_an_item_runs_inline_and_keeps_the_flag():
    """A job started from inside an item runs on that worker (no nested submission), and afterwards a nested
    parallel_for in the same item still runs inline."""
    seen = []

    def outer(i):
        pool.start(3, lambda j: seen.append((i, j))).finish()
        assert getattr(pool._local, "inside", False)
        pool.parallel_for(2, lambda j: seen.append((i, 10 + j)))

    pool.parallel_for(4, outer, workers=2)
    assert sorted(seen) == sorted((i, j) for i in range(4) for j in (0, 1, 2, 10, 11))


@pytest.mark.parametrize("threads", [1, 2, 3])
@pytest.mark.parametrize("shape,dtype", [((0,), "u4"), ((5,), "u1"), ((3, 4, 1001), "u4"), ((7, 333), "f8")])
def test_zeros_clears_every_byte_in_ranges(monkeypatch, threads, shape, dtype):
    """pool.zeros is numpy.zeros: every byte cleared, whatever the split (the memory numpy.empty hands back is
    made all 0xAB here, so a byte range no item cleared shows)."""
    import types

    import numpy as np

    monkeypatch.setattr(pool, "ZEROS_PARALLEL_BYTES", 64)
    def garbage(s, d):
        d = np.dtype(d)
        return np.full(int(np.prod(s)) * d.itemsize, 0xAB, np.uint8).view(d).reshape(s)

    fake = types.SimpleNamespace(empty=garbage, uint8=np.uint8)
    monkeypatch.setattr(pool, "np", fake)
    calls = []
    real = pool.parallel_for
    monkeypatch.setattr(pool, "parallel_for", lambda n, fn, workers=None: (calls.append(n), real(n, fn, workers)))
    pool.set_threads(threads)
    try:
        a = pool.zeros(shape, np.dtype(dtype))
    finally:
        pool.set_threads(None)
    assert a.shape == shape and a.dtype == np.dtype(dtype)
    assert not a.view(np.uint8).any()
    nbytes = int(np.prod(shape)) * np.dtype(dtype).itemsize
    assert bool(calls) == (threads > 1 and nbytes >= 128)


# --- rules pinned after the seed-8 mutation round (pool.py survivors #1, #6, #10) -----------------------------
@pytest.mark.parametrize("cpus", [{0}, {3}, {0, 1, 2}])
def test_cpu_count_is_the_cpus_this_process_may_use(monkeypatch, cpus):
    # the module's rule: without PYD3D11_THREADS / set_threads, one thread per CPU of the affinity mask (one
    # CPU: one thread, the caller's, so nothing is handed to workers)
    monkeypatch.setattr(pool.os, "sched_getaffinity", lambda pid: set(cpus), raising=False)
    monkeypatch.setenv("PYD3D11_THREADS", "")
    pool.set_threads(None)
    assert pool.cpu_count() == len(cpus)
    assert pool.threads() == len(cpus)


@pytest.mark.parametrize("env,want", [("1", 1), ("2", 2), ("7", 7)])
def test_threads_env_value_is_taken_as_given(monkeypatch, env, want):
    # PYD3D11_THREADS=1 is the documented way to run every native item on the calling thread
    monkeypatch.setenv("PYD3D11_THREADS", env)
    pool.set_threads(None)
    assert pool.threads() == want


def test_pool_grows_when_more_workers_are_asked(monkeypatch):
    # parallel_for's rule: min(threads, count) threads take items at once; an executor made for fewer threads
    # must grow, or the later call runs fewer items concurrently than it was given threads for
    monkeypatch.setattr(pool, "_pool", None)
    monkeypatch.setattr(pool, "_pool_size", 0)
    try:
        pool.set_threads(2)
        pool.parallel_for(2, lambda i: None)  # an executor of one worker (the caller is the second thread)
        pool.set_threads(4)
        barrier = threading.Barrier(4, timeout=5)
        pool.parallel_for(4, lambda i: barrier.wait())  # four items in flight at once, or this times out
    finally:
        pool.set_threads(None)


def test_switch_interval_is_short_while_worker_items_wait_and_restored_after(monkeypatch):
    """pool.SWITCH_INTERVAL: the interpreter's switch interval is lowered from a job's start (on at least
    SWITCH_MIN_THREADS threads) until the last such job is finished, then it is the value found before; a job on
    fewer threads (one thread: no worker items) leaves it alone, and so does SWITCH_INTERVAL = 0."""
    import sys

    monkeypatch.setattr(pool, "SWITCH_INTERVAL", 0.0003)
    monkeypatch.setattr(pool, "SWITCH_MIN_THREADS", 2)
    before = sys.getswitchinterval()
    seen = []
    try:
        pool.set_threads(2)
        a = pool.start(2, lambda i: seen.append(sys.getswitchinterval()), 2)
        assert sys.getswitchinterval() == pytest.approx(0.0003)
        b = pool.start(2, lambda i: None, 2)  # a second job: the interval stays until both are finished
        a.finish()
        assert sys.getswitchinterval() == pytest.approx(0.0003)
        b.finish()
        assert sys.getswitchinterval() == before
        assert seen and all(v == pytest.approx(0.0003) for v in seen)
        b.finish()  # a second finish changes nothing
        assert sys.getswitchinterval() == before
        pool.set_threads(1)
        c = pool.start(2, lambda i: None)
        assert sys.getswitchinterval() == before
        c.finish()
        pool.set_threads(2)
        monkeypatch.setattr(pool, "SWITCH_INTERVAL", 0.0)
        d = pool.start(2, lambda i: None, 2)
        assert sys.getswitchinterval() == before
        d.finish()
        # a job on fewer threads than SWITCH_MIN_THREADS leaves it too (and its finish restores nothing)
        monkeypatch.setattr(pool, "SWITCH_INTERVAL", 0.0003)
        monkeypatch.setattr(pool, "SWITCH_MIN_THREADS", 3)
        e = pool.start(2, lambda i: None, 2)
        assert sys.getswitchinterval() == before
        pool.set_threads(3)
        f = pool.start(3, lambda i: None, 3)
        assert sys.getswitchinterval() == pytest.approx(0.0003)
        e.finish()
        assert sys.getswitchinterval() == pytest.approx(0.0003)
        f.finish()
        assert sys.getswitchinterval() == before
    finally:
        pool.set_threads(None)
        sys.setswitchinterval(before)


def test_an_error_raised_only_on_a_worker_reaches_finish():
    """Job.finish re-raises an item's exception also when every item the caller ran succeeded (the error came
    from a worker thread's item)."""
    started = threading.Event()

    def item(i):
        if threading.current_thread() is threading.main_thread():
            started.wait(5)  # the caller's items wait until a worker has taken one (and failed)
            return
        started.set()
        raise ValueError(f"item {i}")

    pool.set_threads(2)
    try:
        job = pool.start(4, item)
        with pytest.raises(ValueError):
            job.finish()
        assert started.is_set()
    finally:
        pool.set_threads(None)
