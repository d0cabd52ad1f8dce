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
