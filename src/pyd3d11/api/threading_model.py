"""The threading model: a free-threaded device, per-context locks and ID3D11Multithread (issue 13 item 5).

D3D11 promises (Microsoft docs, "Introduction to Multithreading in Direct3D 11"): every ID3D11Device
method may be called from any number of threads at once; a context (immediate or deferred) is used by one
thread at a time, unless the application turns on ``ID3D11Multithread`` protection for the immediate
context. This module keeps those promises with locks, taken by the wrappers ``api.cargs`` installs:

* ``device``: one re-entrant lock per device, around every ID3D11Device method (the state-object cache, the
  feature level a context-state object raises, the live-object registry);
* ``context``: one re-entrant lock per context. The immediate context's lock is also the critical section of
  ``ID3D11Multithread::Enter``/``Leave``; it is always taken (protection on or off) so a program that shares
  the immediate context without turning protection on still sees serialised, whole calls;
* ``queue``: the info queue's lock (every context and device thread reports into it);
* ``object``: a per-object lock (private data, class linkages, DXGI objects);
* ``com``: one process-wide leaf lock for the device's live-object registry and the ID3D11Multithread facet.
  Reference counts have their own leaf lock in ``com.py``, released before any AddRef/Release hook runs.

No cycles: a device or context lock is the same lock as that object's ``object`` lock; device methods never
take a context or DXGI-object lock (a swap chain may take the device's: swap chain -> device -> queue); the
queue, ``com`` and reference-count locks are leaves (nothing else is acquired while one is held).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

from .com import IUnknown, iid

_CREATE = threading.Lock()  # guards the lazy creation of per-object locks
COM_LOCK = threading.RLock()
_NO_LOCK = contextlib.nullcontext()


def _object_lock(obj: Any, attr: str = "_api_lock") -> threading.RLock:
    lock = obj.__dict__.get(attr) if hasattr(obj, "__dict__") else None
    if lock is None:
        with _CREATE:
            lock = obj.__dict__.get(attr)
            if lock is None:
                lock = threading.RLock()
                obj.__dict__[attr] = lock
    return lock


def lock_for(obj: Any, kind: str) -> Any:
    """The lock a public method of ``obj`` runs under (see the module docstring)."""
    if kind in ("device", "context", "queue", "object"):
        return _object_lock(obj)
    if kind == "com":
        return COM_LOCK
    return _NO_LOCK


class ID3D11Multithread(IUnknown):
    """ID3D11Multithread (d3d11_4.h), queried from the immediate context.

    "By default, multithread protection is turned off" (ID3D11Multithread remarks). Enter/Leave are the
    immediate context's critical section: while one thread is inside, other threads' immediate-context
    calls wait.
    """

    _iid = iid("ID3D11Multithread", "9b7e4e00-342c-4106-a19f-4f2704f689f0")

    def __init__(self, context: Any) -> None:
        super().__init__()
        self._context = context
        self._protected = False
        self._depth: dict[int, int] = {}

    def AddRef(self) -> int:  # noqa: N802 - the facet shares the context's count (COM identity rules)
        return self._context.AddRef()

    def Release(self) -> int:  # noqa: N802
        return self._context.Release()

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        return self._context.QueryInterface(riid)

    def SetMultithreadProtected(self, bMTProtect: Any) -> bool:  # noqa: N802,N803
        """Turn protection on or off; returns whether it was on before (SetMultithreadProtected)."""
        with _object_lock(self, "_flag_lock"):
            was = self._protected
            self._protected = bool(bMTProtect)
            return was

    def GetMultithreadProtected(self) -> bool:  # noqa: N802
        return self._protected

    def Enter(self) -> None:  # noqa: N802
        """Enter the immediate context's critical section (re-entrant for the owning thread)."""
        lock_for(self._context, "context").acquire()
        tid = threading.get_ident()
        self._depth[tid] = self._depth.get(tid, 0) + 1

    def Leave(self) -> None:  # noqa: N802
        """Leave the critical section; a Leave without a matching Enter on this thread does nothing."""
        tid = threading.get_ident()
        n = self._depth.get(tid, 0)
        if n <= 0:
            return
        if n == 1:
            del self._depth[tid]
        else:
            self._depth[tid] = n - 1
        lock_for(self._context, "context").release()


def multithread_of(context: Any) -> ID3D11Multithread:
    """The immediate context's one ID3D11Multithread object (COM identity: the same for every query)."""
    with COM_LOCK:
        mt = context.__dict__.get("_multithread")
        if mt is None:
            mt = context.__dict__["_multithread"] = ID3D11Multithread(context)
        return mt


def _locked(fn: Any, kind: str) -> Any:
    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        with lock_for(self, kind):
            return fn(self, *args, **kwargs)

    method.__name__ = fn.__name__
    method.__doc__ = fn.__doc__
    method.__wrapped_original__ = fn  # type: ignore[attr-defined]
    return method


def lock_private(cls: type, names: tuple[str, ...], kind: str) -> None:
    """Run internal methods of ``cls`` (info queue reporting, refcount bookkeeping) under ``kind``'s lock."""
    for n in names:
        fn = cls.__dict__.get(n)
        if fn is not None and not hasattr(fn, "__wrapped_original__"):
            setattr(cls, n, _locked(fn, kind))
