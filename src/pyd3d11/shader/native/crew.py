"""Native worker threads (issue 12: all cores): each crew thread waits for jobs in native code, with the GIL
released, instead of starting each job's share through the Python worker pool. A job is a native function and
rows of arguments: the scenes' tile driver (pipeline/native/scene.py) and the row loops of :mod:`.rows` (the
front end's setup, planes, binning, vertex-shader batches, copies).

Why: a scene is run by every worker thread at once (scene.py: each takes tiles from one shared counter). Through
shader/native/pool.py each worker must take the GIL to start its share — a Python thread wakes, runs a few
Python steps, then calls the native scene driver — so 16 workers started one after another: a 16-thread device
timeline showed a scene's shares beginning 0.94 ... 3.03 ms after its launch, one every 0.13 ms, in a 5 ms frame.
A crew thread calls :func:`crew_loop` once and stays in it: it waits on the posted-job counter (a short spin,
then a futex wait), runs its row of each posted job (the job's function on row ``me`` of its words, as the
pool's item ``me`` did), and counts the job done; posting a job wakes every crew thread with one futex call and no
Python on their side. The drawing thread runs row 0 in :meth:`CrewJob.finish`, then waits for the crew's count.

Jobs are processed by every crew thread in posting order (a ring of RING slots; a slot is reused once every
crew thread counted its job), so a chained scene (scene.py) is always taken after the scene it waits for, and
a crew thread whose index is past a scene's rows only counts it. The results do not depend on which thread runs
which row: tiles come from the scene's shared counter, each row's lane buffers are used by one thread at a time.

Only Linux on x86-64 / AArch64 (the futex system call's number); elsewhere, or with ``PYD3D11_NATIVE_CREW=0``,
jobs run on the worker pool as before. The crew is stopped and joined at interpreter exit, and forgotten in
a forked child (its threads do not exist there).
"""

from __future__ import annotations

import atexit
import ctypes
import os
import platform
import sys
import threading

import numpy as np

#: scene runs through the crew (``PYD3D11_NATIVE_CREW=0``: through the worker pool, as before — A/B)
ENABLED = os.environ.get("PYD3D11_NATIVE_CREW", "1") != "0"
#: scenes on fewer workers start on the worker pool (``PYD3D11_NATIVE_CREW_MIN``): the crew's gain is the start
#: of many workers at once; on the 2-core host, two workers through the crew ran S1z / S3 frames 8-15 % slower than
#: through the pool (alternating A/B, session 32), an extra thread beside the pool's competing for two cores
MIN_WORKERS = max(2, int(os.environ.get("PYD3D11_NATIVE_CREW_MIN", "4") or 4))
#: whether the finishing (drawing) thread runs row 0 of a job (``PYD3D11_CALLER_ROWS=0``: it only waits, for
#: measurements -- a scene's rows take their work from one shared counter, so the crew threads do a skipped row's
#: share; with PYD3D11_THREADS one above the cores the crew then fills every core while the drawing thread's caches
#: keep its Python)
CALLER_ROWS = os.environ.get("PYD3D11_CALLER_ROWS", "1") != "0"
#: wake the crew when a scene starts building its launch (Crew.nudge; ``PYD3D11_CREW_NUDGE=0`` off, for A/B)
NUDGE = os.environ.get("PYD3D11_CREW_NUDGE", "1") != "0"
#: jobs in flight at most (a slot is reused once the crew counted its job)
RING = 16
#: spin iterations before a waiting thread sleeps in the kernel (each one pause / yield instruction;
#: ``PYD3D11_CREW_SPIN`` sets it, for measurements)
SPIN = max(1, int(os.environ.get("PYD3D11_CREW_SPIN", "4096") or 4096))
_FUTEX = {"x86_64": 202, "amd64": 202, "aarch64": 98, "arm64": 98}
_PAUSE = {"x86_64": "pause", "amd64": "pause", "aarch64": "yield", "arm64": "yield"}
FUTEX_WAIT_PRIVATE, FUTEX_WAKE_PRIVATE = 128, 129

#: words of the control array (int32): posted jobs, stop flag, crew size, then RING done counts from DONE
POSTED, STOP, SIZE, DONE = 0, 1, 2, 8

_IR = """
define void @crew_loop(ptr %w, ptr %ring, i64 %me, ptr %sys, i64 %nr) {
entry:
  %pstop = getelementptr i32, ptr %w, i64 1
  %psize = getelementptr i32, ptr %w, i64 2
  br label %wait
wait:
  %next = phi i32 [ 0, %entry ], [ %next1, %counted ], [ %next, %sleep ]
  br label %spin
spin:
  %k = phi i32 [ 0, %wait ], [ %k1, %again ]
  %posted = load atomic i32, ptr %w acquire, align 4
  %have = icmp ne i32 %posted, %next
  br i1 %have, label %work, label %check
check:
  %stop = load atomic i32, ptr %pstop acquire, align 4
  %halt = icmp ne i32 %stop, 0
  br i1 %halt, label %exit, label %count
BACKOFF(%w, %next, wait)
work:
  %slot = and i32 %next, RING_MASK
  %s64 = zext i32 %slot to i64
  %ri = mul i64 %s64, 4
  %pb = getelementptr i64, ptr %ring, i64 %ri
  %base = load i64, ptr %pb, align 8
  %ps = getelementptr i64, ptr %pb, i64 1
  %stride = load i64, ptr %ps, align 8
  %pr = getelementptr i64, ptr %pb, i64 2
  %rows = load i64, ptr %pr, align 8
  %pf = getelementptr i64, ptr %pb, i64 3
  %run = load ptr, ptr %pf, align 8
  %mine = icmp ult i64 %me, %rows
  br i1 %mine, label %run_row, label %mark
run_row:
  %off = mul i64 %me, %stride
  %sa = add i64 %base, %off
  %sp = inttoptr i64 %sa to ptr
  call void %run(ptr %sp)
  br label %mark
mark:
  %di = add i64 %s64, 8
  %pd = getelementptr i32, ptr %w, i64 %di
  %old = atomicrmw add ptr %pd, i32 1 release
  %new = add i32 %old, 1
  %size = load i32, ptr %psize, align 4
  %last = icmp eq i32 %new, %size
  br i1 %last, label %wake, label %counted
wake:
  %rw = call i64 (i64, ...) %sys(i64 %nr, ptr %pd, i64 FUTEX_WAKE, i64 2147483647)
  br label %counted
counted:
  %next1 = add i32 %next, 1
  br label %wait
exit:
  ret void
}

define void @crew_wait(ptr %w, i64 %idx, i32 %target, ptr %sys, i64 %nr) {
entry:
  %p = getelementptr i32, ptr %w, i64 %idx
  br label %outer
outer:
  br label %spin
spin:
  %k = phi i32 [ 0, %outer ], [ %k1, %again ]
  %v = load atomic i32, ptr %p acquire, align 4
  %ok = icmp eq i32 %v, %target
  br i1 %ok, label %exit, label %count
BACKOFF(%p, %v, outer)
exit:
  ret void
}

define i64 @crew_post(ptr %w, ptr %ring, i64 %base, i64 %stride, i64 %rows, i64 %fn, ptr %sys, i64 %nr) {
entry:
  %posted = load atomic i32, ptr %w monotonic, align 4
  %slot = and i32 %posted, RING_MASK
  %s64 = zext i32 %slot to i64
  %ri = mul i64 %s64, 4
  %pb = getelementptr i64, ptr %ring, i64 %ri
  store i64 %base, ptr %pb, align 8
  %ps = getelementptr i64, ptr %pb, i64 1
  store i64 %stride, ptr %ps, align 8
  %pr = getelementptr i64, ptr %pb, i64 2
  store i64 %rows, ptr %pr, align 8
  %pf = getelementptr i64, ptr %pb, i64 3
  store i64 %fn, ptr %pf, align 8
  %di = add i64 %s64, 8
  %pd = getelementptr i32, ptr %w, i64 %di
  store atomic i32 0, ptr %pd monotonic, align 4
  %p1 = add i32 %posted, 1
  store atomic i32 %p1, ptr %w release, align 4
  %r = call i64 (i64, ...) %sys(i64 %nr, ptr %w, i64 FUTEX_WAKE, i64 2147483647)
  ret i64 %s64
}

define void @crew_nudge(ptr %w, ptr %sys, i64 %nr) {
entry:
  %r = call i64 (i64, ...) %sys(i64 %nr, ptr %w, i64 FUTEX_WAKE, i64 2147483647)
  ret void
}

define void @crew_stop(ptr %w, ptr %sys, i64 %nr) {
entry:
  %pstop = getelementptr i32, ptr %w, i64 1
  store atomic i32 1, ptr %pstop release, align 4
  %r = call i64 (i64, ...) %sys(i64 %nr, ptr %w, i64 FUTEX_WAKE, i64 2147483647)
  ret void
}
"""

#: the blocks after a failed check of a spin loop (both functions above): count the round and pause, back to
#: ``spin``; after SPIN rounds sleep in the kernel while the word at PTR still holds VALUE, then go to AFTER
_BACKOFF = """count:
  %k1 = add i32 %k, 1
  %more = icmp ult i32 %k1, SPIN_COUNT
  br i1 %more, label %again, label %sleep
again:
  call void asm sideeffect "PAUSE_INSN", ""()
  br label %spin
sleep:
  %sv = zext i32 VALUE to i64
  %r = call i64 (i64, ...) %sys(i64 %nr, ptr PTR, i64 FUTEX_WAIT, i64 %sv, ptr null)
  br label %AFTER"""


def _text(pause: str) -> str:
    """The crew's module for a host whose spin-wait instruction is ``pause``."""
    text = _IR
    for ptr, value, after in (("%w", "%next", "wait"), ("%p", "%v", "outer")):
        text = text.replace(f"BACKOFF({ptr}, {value}, {after})",
                            _BACKOFF.replace("PTR", ptr).replace("VALUE", value).replace("AFTER", after))
    for name, value in (("SPIN_COUNT", SPIN), ("RING_MASK", RING - 1), ("PAUSE_INSN", pause),
                        ("FUTEX_WAIT", FUTEX_WAIT_PRIVATE), ("FUTEX_WAKE", FUTEX_WAKE_PRIVATE)):
        text = text.replace(name, str(value))
    return text


_LOOP = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64)
_WAIT = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int32, ctypes.c_void_p, ctypes.c_int64)
_POST = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64,
                         ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64)
_STOP = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)


def _platform() -> tuple[int, str] | None:
    """(futex system call number, spin-wait instruction) of this host, or None where the crew is not built."""
    if not sys.platform.startswith("linux"):
        return None
    m = platform.machine().lower()
    if m not in _FUTEX:
        return None
    return _FUTEX[m], _PAUSE[m]


def _syscall_address() -> int:
    try:
        return ctypes.cast(ctypes.CDLL(None).syscall, ctypes.c_void_p).value or 0
    except (OSError, AttributeError, TypeError):  # pragma: no cover - platform dependent
        return 0


class CrewJob:
    """One job posted to the crew (the interface of pool.start's Job that Scene keeps: finish, has_workers)."""

    __slots__ = ("_crew", "_slot", "_row0", "_done")

    def __init__(self, crew: Crew, slot: int, row0) -> None:
        self._crew, self._slot, self._row0, self._done = crew, slot, row0, False

    def has_workers(self) -> bool:
        return True

    def finish(self) -> None:
        """Run row 0 on the calling thread, then wait until every crew thread counted the job (GIL released in
        both calls). A second call does nothing."""
        if self._done:
            return
        self._done = True
        if CALLER_ROWS:
            self._row0()
        self._crew.wait(self._slot)


class Crew:
    """``size`` threads in :func:`crew_loop`, row ``1 .. size`` of every posted job each."""

    def __init__(self, size: int) -> None:
        plat = _platform()
        sysc = _syscall_address()
        if plat is None or not sysc:
            raise OSError("no native crew on this platform")
        self.nr, pause = plat
        self.sys = sysc
        from . import runtime as rt

        self._engine, _ = rt.o2_engine(rt._init_llvm(), _text(pause))
        addr = self._engine.get_function_address
        self._loop, self._wait = _LOOP(addr("crew_loop")), _WAIT(addr("crew_wait"))
        self._post, self._stop = _POST(addr("crew_post")), _STOP(addr("crew_stop"))
        self._nudge = _STOP(addr("crew_nudge"))
        self.size = size
        self.w = np.zeros(DONE + RING, np.int32)
        self.w[SIZE] = size
        self.ring = np.zeros(RING * 4, np.int64)
        self.pw, self.pring = self.w.ctypes.data, self.ring.ctypes.data
        self.lock = threading.Lock()
        self.posted = 0
        self.threads = [threading.Thread(target=self._loop, args=(self.pw, self.pring, i + 1, self.sys,
                                                                  self.nr),
                                         name=f"pyd3d11-crew-{i + 1}", daemon=True) for i in range(size)]
        for t in self.threads:
            t.start()

    def post(self, fn: int, base: int, stride: int, rows: int, row0) -> CrewJob:
        """Post a job — native ``void fn(ptr)`` called on row ``me`` of ``rows`` rows, ``base + me * stride`` — and
        return it; ``row0`` runs row 0 on the finishing thread. A slot is reused only once the crew counted the
        job RING posts before it (waited for here)."""
        with self.lock:
            if self.posted >= RING:
                self._wait(self.pw, DONE + self.posted % RING, self.size, self.sys, self.nr)
            slot = self._post(self.pw, self.pring, base, stride, rows, fn, self.sys, self.nr)
            self.posted += 1
        return CrewJob(self, int(slot), row0)

    def nudge(self) -> None:
        """Wake the sleeping crew threads without a job: they spin (SPIN rounds) before sleeping again, so a job
        posted within that time starts at once instead of after the kernel's wake-up (~55 us for 15 threads on
        the 16-core device). Scene.launch nudges before it builds the job's argument rows."""
        if NUDGE:
            self._nudge(self.pw, self.sys, self.nr)

    def wait(self, slot: int) -> None:
        self._wait(self.pw, DONE + slot, self.size, self.sys, self.nr)

    def stop(self) -> None:
        self._stop(self.pw, self.sys, self.nr)
        for t in self.threads:
            t.join(5)


_crew: Crew | None = None  # the scenes' crew
_rows_crew: Crew | None = None  # the row jobs' crew (rows.py), when they have their own (ROWS_OWN)
_crew_lock = threading.Lock()
_failed = False

#: row jobs (rows.py) on a crew of their own (``PYD3D11_ROWS_CREW=own``; default ``shared``: on the scenes' crew).
#: On one crew the next pass's row jobs wait until every crew thread has left a launched scene (jobs are taken in
#: posting order), so a pass's front end no longer overlaps the previous pass's tiles; a second crew restores the
#: overlap but oversubscribes the cores while both are busy, and its threads spin after each job (SPIN rounds)
#: beside the tiles. Measured on the 16-core device only shared (S2 31-35 -> 24-28 ms a frame against the
#: session-start tree); ``own`` is kept for the A/B the device did not allow this session
ROWS_OWN = os.environ.get("PYD3D11_ROWS_CREW", "shared") == "own"


def _make() -> Crew | None:
    global _failed
    from . import pool

    size = max(pool.cpu_count(), pool.threads()) - 1
    if size < 1:
        return None
    try:
        return Crew(size)
    except OSError:
        _failed = True
        return None


def _held(name: str) -> Crew | None:
    """The crew in module global ``name``, made on first use; None where it cannot be built or ``ENABLED`` is off."""
    if not ENABLED or _failed:
        return None
    c = globals()[name]
    if c is None:
        with _crew_lock:
            if globals()[name] is None and not _failed:
                globals()[name] = _make()
            c = globals()[name]
    return c


def get() -> Crew | None:
    """The process's crew for scenes (made on first use: one thread fewer than the CPUs, at least the configured
    worker count less one), or None where it cannot be built or ``ENABLED`` is off."""
    return _held("_crew")


def get_rows() -> Crew | None:
    """The crew row jobs run on: a second crew of the same size (ROWS_OWN), else the scenes' (:func:`get`)."""
    return _held("_rows_crew") if ROWS_OWN else get()


def _shutdown() -> None:
    global _crew, _rows_crew
    crews, _crew, _rows_crew = (_crew, _rows_crew), None, None
    for c in crews:
        if c is not None:
            c.stop()


def _forget_in_child() -> None:
    global _crew, _rows_crew
    _crew = _rows_crew = None  # (the parent's crew threads do not exist in a forked child: made again on use)


atexit.register(_shutdown)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_in_child)

