"""The native crew (shader/native/crew.py): threads that wait for jobs in native code. Every posted job's
rows run exactly once (row 0 on the finishing thread, rows 1..size on the crew, rows past a job's count on
nobody), jobs past the ring's size wait for their slot, a stopped crew's threads exit, a forked child forgets the
parent's crew, and scenes give the reference's bytes through the crew and through the worker pool."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import time

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.native import crew
from pyd3d11.shader.native import runtime as rt

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

_BUMP = """
define void @bump(ptr %p) {
entry:
  %old = atomicrmw add ptr %p, i64 1 seq_cst
  ret void
}
"""


@pytest.fixture(scope="module")
def bump():
    if crew._platform() is None:
        pytest.skip("no native crew on this platform (Linux x86-64 / AArch64 only)")
    engine, _ = rt.o2_engine(rt._init_llvm(), _BUMP)
    addr = engine.get_function_address("bump")
    return addr, ctypes.CFUNCTYPE(None, ctypes.c_void_p)(addr), engine


@pytest.mark.parametrize("size", [1, 3])
@pytest.mark.parametrize("rows", [1, 2, 4, 6])
def test_every_row_of_every_job_runs_once(bump, size, rows):
    addr, fn, _ = bump
    c = crew.Crew(size)
    try:
        words = np.zeros((40, 8), np.int64)  # 40 jobs (past the ring's 16), 8 rows of one word each
        jobs = []
        for j in range(40):
            base = words[j].ctypes.data
            jobs.append(c.post(addr, base, 8, rows, lambda base=base: fn(base)))
        for job in jobs:
            job.finish()
            job.finish()  # a second finish does nothing
        want = np.zeros(8, np.int64)
        want[:min(rows, size + 1)] = 1  # row 0 here, rows 1..size on the crew; none past the job's rows
        assert (words == want).all()
    finally:
        c.stop()
    assert not any(t.is_alive() for t in c.threads)


def test_nudges_run_no_row_and_lose_no_job(bump):
    """Crew.nudge wakes the threads without a job (Scene.launch's early wake): between and among posted jobs, any
    number of nudges -- also while the threads sleep, spin or run rows -- adds no row run and drops none."""
    addr, fn, _ = bump
    c = crew.Crew(3)
    try:
        words = np.zeros((24, 4), np.int64)
        jobs = []
        for j in range(24):
            for _ in range(j % 3):
                c.nudge()
            base = words[j].ctypes.data
            jobs.append(c.post(addr, base, 8, 4, lambda base=base: fn(base)))
            if j % 5 == 0:
                time.sleep(0.002)  # (long enough for the threads to sleep in the kernel again)
                c.nudge()
        for job in jobs:
            job.finish()
        assert (words == 1).all()
    finally:
        c.stop()
    assert not any(t.is_alive() for t in c.threads)


def test_a_job_finished_late_still_sees_its_rows(bump):
    """The crew runs a job's rows without waiting for its finish; finishing later (after the slot was reused
    by a later job) returns once that job is counted too."""
    addr, fn, _ = bump
    c = crew.Crew(2)
    try:
        words = np.zeros((crew.RING + 3, 4), np.int64)
        first = c.post(addr, words[0].ctypes.data, 8, 3, lambda: fn(words[0].ctypes.data))
        later = [c.post(addr, words[j].ctypes.data, 8, 3, lambda j=j: fn(words[j].ctypes.data))
                 for j in range(1, crew.RING + 3)]
        first.finish()
        for job in later:
            job.finish()
        assert (words[:, :3] == 1).all() and (words[:, 3] == 0).all()
    finally:
        c.stop()


def test_a_forked_child_forgets_the_crew(monkeypatch):
    # (both stand-ins: a real crew dropped here would be freed under its running threads)
    monkeypatch.setattr(crew, "_crew", object())
    monkeypatch.setattr(crew, "_rows_crew", object())
    crew._forget_in_child()
    assert crew._crew is None and crew._rows_crew is None


def test_off_or_unbuildable_means_no_crew(monkeypatch):
    monkeypatch.setattr(crew, "_crew", None)
    monkeypatch.setattr(crew, "_rows_crew", None)
    monkeypatch.setattr(crew, "ENABLED", False)
    assert crew.get() is None and crew.get_rows() is None
    monkeypatch.setattr(crew, "ENABLED", True)
    monkeypatch.setattr(crew, "_platform", lambda: None)
    monkeypatch.setattr(crew, "_failed", False)
    assert crew.get() is None and crew._failed
    monkeypatch.setattr(crew, "_failed", False)
    assert crew.get_rows() is None and crew._failed


def test_row_jobs_share_the_scenes_crew_unless_own(monkeypatch):
    """crew.ROWS_OWN: row jobs on the scenes' crew by default; on, on a second crew made once."""
    if crew._platform() is None:
        pytest.skip("no native crew on this platform")
    assert not crew.ROWS_OWN  # the default
    scenes_crew = crew.get()
    assert scenes_crew is not None and crew.get_rows() is scenes_crew
    monkeypatch.setattr(crew, "ROWS_OWN", True)
    monkeypatch.setattr(crew, "_rows_crew", None)
    rows_crew = crew.get_rows()
    try:
        assert rows_crew is not None and rows_crew is not scenes_crew
        assert crew.get_rows() is rows_crew  # made once
    finally:
        rows_crew.stop()


def test_spin_count_comes_from_the_environment():
    """``PYD3D11_CREW_SPIN`` (a measuring switch, docs/features.md "All cores — session 37") sets the spin rounds
    before a waiting crew thread sleeps; the module text carries the count (default 4096)."""
    code = ("from pyd3d11.shader.native import crew; t = crew._text('pause'); "
            "print(crew.SPIN, 'icmp ult i32 %k1, ' + str(crew.SPIN) in t)")
    for env, want in (({}, "4096 True"), ({"PYD3D11_CREW_SPIN": "77"}, "77 True"), ({"PYD3D11_CREW_SPIN": "0"}, "1 True")):
        e = {k: v for k, v in os.environ.items() if k != "PYD3D11_CREW_SPIN"}
        e.update(env)
        out = subprocess.run([sys.executable, "-c", code], env=e, capture_output=True, text=True, check=True)
        assert out.stdout.split() == want.split()


def test_caller_rows_off_leaves_row_zero_to_nobody(bump, monkeypatch):
    """``PYD3D11_CALLER_ROWS=0`` (crew.CALLER_ROWS, a measuring switch): finish only waits; rows 1..size still run
    once on the crew and row 0 nowhere (a scene's rows share one tile counter, so the crew does its work)."""
    addr, fn, _ = bump
    monkeypatch.setattr(crew, "CALLER_ROWS", False)
    c = crew.Crew(3)
    try:
        words = np.zeros((20, 8), np.int64)
        jobs = [c.post(addr, words[j].ctypes.data, 8, 4, lambda base=words[j].ctypes.data: fn(base)) for j in range(20)]
        for job in jobs:
            job.finish()
        assert (words == np.array([0, 1, 1, 1, 0, 0, 0, 0])).all()
    finally:
        c.stop()
