"""A pytest plugin that writes each test's wall time and the time spent inside LLVM during it (IR parsing, the O2
passes, machine-code generation; background O2 rebuilds included) to a tab-separated file: what a cold object cache
costs the suite (a fresh CI machine has none: session 27 found half the suite's time there).

    CTIME_OUT=/tmp/ctime.tsv PYD3D11_CACHE_DIR=$(mktemp -d) PYTHONPATH=src:tests:scripts \\
        python -m pytest -n 2 -p llvm_time_plugin tests/...

Columns: node id, wall seconds, LLVM seconds. A measuring aid only; nothing in the suite uses it."""

from __future__ import annotations

import os
import time

import pytest

_spent = [0.0]


def _timed(owner, name: str) -> None:
    real = getattr(owner, name)

    def wrapper(*a, **k):
        t0 = time.perf_counter()
        try:
            return real(*a, **k)
        finally:
            _spent[0] += time.perf_counter() - t0

    setattr(owner, name, wrapper)


def pytest_configure(config) -> None:
    try:
        import llvmlite.binding as llvm
        from llvmlite.binding import executionengine

        from pyd3d11.shader.native import runtime
    except ImportError:  # no native backend: only wall times
        return
    _timed(runtime, "_optimise")
    _timed(executionengine.ExecutionEngine, "finalize_object")
    _timed(llvm, "parse_assembly")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    spent0, t0 = _spent[0], time.perf_counter()
    yield
    with open(os.environ.get("CTIME_OUT", "ctime.tsv"), "a") as f:
        f.write(f"{item.nodeid}\t{time.perf_counter() - t0:.3f}\t{_spent[0] - spent0:.3f}\n")
