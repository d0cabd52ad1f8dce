"""A pytest plugin that writes each test's wall time and the time spent inside LLVM during it (IR parsing, the O2
passes, machine-code generation; background O2 rebuilds included) to a tab-separated file: what a cold object cache
costs the suite (a fresh CI machine has none: session 27 found half the suite's time there).

    CTIME_OUT=/tmp/ctime.tsv PYD3D11_CACHE_DIR=$(mktemp -d) PYTHONPATH=src:tests:scripts \\
        python -m pytest -n 2 -p llvm_time_plugin tests/...

Columns: node id, wall seconds, LLVM seconds. With ``BUILDLOG=FILE`` it also writes one line per module build
(runtime.build_module, runtime.o2_engine outside it, runtime.upgrade): test, kind, build flags, IR lines,
seconds, the caller outside the runtime, a hash of the IR text (repeated texts show repeated builds), process id.
A measuring aid only; nothing in the suite uses it."""

from __future__ import annotations

import hashlib
import os
import time
import traceback

import pytest

_spent = [0.0]
_test = ["-"]


def _timed(owner, name: str) -> None:
    real = getattr(owner, name)

    def wrapper(*a, **k):
        t0 = time.perf_counter()
        try:
            return real(*a, **k)
        finally:
            _spent[0] += time.perf_counter() - t0

    setattr(owner, name, wrapper)


def _log_builds(runtime, out: str) -> None:
    real_build, real_o2, real_upgrade = runtime.build_module, runtime.o2_engine, runtime.upgrade
    inside = [0]

    def log(kind: str, text: str, seconds: float, flags: str) -> None:
        stack = traceback.extract_stack(limit=10)[:-2]
        caller = next((f"{os.path.basename(f.filename)}:{f.name}" for f in reversed(stack)
                       if not f.filename.endswith(("runtime.py", "llvm_time_plugin.py"))), "?")
        digest = hashlib.sha1(text.encode()).hexdigest()[:12]
        with open(out, "a") as f:
            f.write(f"{_test[0]}\t{kind}\t{flags}\t{text.count(chr(10))}\t{seconds:.3f}\t{caller}\t{digest}\t"
                    f"{os.getpid()}\n")

    def build_module(llvm, text, names, counted=False, codegen=None):
        t0 = time.perf_counter()
        inside[0] += 1
        try:
            m = real_build(llvm, text, names, counted, codegen)
        finally:
            inside[0] -= 1
        log("build", text, time.perf_counter() - t0, f"counted={counted} codegen={codegen} full={m.full} "
                                                     f"disk={m.from_disk}")
        return m

    def o2_engine(llvm, text):
        t0 = time.perf_counter()
        got = real_o2(llvm, text)
        if not inside[0]:
            log("o2", text, time.perf_counter() - t0, f"disk={got[1]}")
        return got

    def upgrade(m):
        text, t0 = m.text, time.perf_counter()
        real_upgrade(m)
        log("upgrade", text, time.perf_counter() - t0, "")

    runtime.build_module, runtime.o2_engine, runtime.upgrade = build_module, o2_engine, upgrade


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
    if os.environ.get("BUILDLOG"):
        _log_builds(runtime, os.environ["BUILDLOG"])


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    spent0, t0 = _spent[0], time.perf_counter()
    _test[0] = item.nodeid
    yield
    with open(os.environ.get("CTIME_OUT", "ctime.tsv"), "a") as f:
        f.write(f"{item.nodeid}\t{time.perf_counter() - t0:.3f}\t{_spent[0] - spent0:.3f}\n")
