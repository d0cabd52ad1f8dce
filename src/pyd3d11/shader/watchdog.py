"""The shader watchdog: a time budget per draw or dispatch, like Windows' timeout detection and recovery.

Windows resets the GPU when one packet of work runs longer than the TDR delay (2 s by default) and the
application's device is removed: ``GetDeviceRemovedReason`` returns ``DXGI_ERROR_DEVICE_HUNG`` and later
calls fail with ``DXGI_ERROR_DEVICE_REMOVED``. A device created with
``D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT`` is exempt ("the operating system allows the work to finish").

Here the budget is wall-clock seconds from the start of one draw/dispatch command (the api layer opens a
:func:`watch` around each command it executes). It is checked where a valid shader can run without
bound — at loop back-edges: every ``endloop`` of the reference executor and, in native kernels, the host
poll they already make every 2^16 back-edges (a kernel whose poll is refused stops at once). Straight-line
code is bounded by the validated program's length, so nothing else needs a check (and work that finishes
is never failed after the fact, whatever it took). The default is
:data:`DEFAULT_SECONDS` rather than Windows' 2 s because a software GPU is far slower than hardware: a
budget of 2 s would stop work a GPU finishes in milliseconds. ``PYD3D11_TDR_DELAY`` (seconds; 0 or
``off`` disables it) changes it; so does :func:`set_delay`.

The watch is per thread; work a thread hands to the worker pool carries it along (:func:`current` /
:func:`adopt`), so one device's timeout never stops another device's concurrent draw.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Iterator

#: budget in seconds of one draw/dispatch when neither the environment nor :func:`set_delay` says otherwise
DEFAULT_SECONDS = 60.0


class ShaderTimeout(Exception):
    """A draw or dispatch ran past its budget (the device is then removed with DXGI_ERROR_DEVICE_HUNG)."""


def _from_env() -> float | None:
    raw = os.environ.get("PYD3D11_TDR_DELAY", "").strip().lower()
    if not raw:
        return DEFAULT_SECONDS
    if raw in ("0", "off", "none"):
        return None
    try:
        v = float(raw)
    except ValueError:
        return DEFAULT_SECONDS
    return v if v > 0 else None


_delay: float | None = _from_env()
_local = threading.local()


def delay() -> float | None:
    """The budget in seconds of one draw/dispatch (None: no watchdog)."""
    return _delay


def set_delay(seconds: float | None) -> None:
    """Change the budget of later draws/dispatches (None or <= 0: no watchdog)."""
    global _delay
    _delay = float(seconds) if seconds is not None and seconds > 0 else None


class Watch:
    """One draw/dispatch's deadline (``time.monotonic`` seconds)."""

    __slots__ = ("deadline", "fired")

    def __init__(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds
        self.fired = False

    def expired(self) -> bool:
        if not self.fired and time.monotonic() > self.deadline:
            self.fired = True
        return self.fired


def current() -> Watch | None:
    """The watch of the calling thread's current command, or None."""
    return getattr(_local, "watch", None)


class _Watching:
    """:func:`watch`'s context (a class, not a generator: every draw command opens one)."""

    __slots__ = ("w", "prev")

    def __init__(self, seconds: float | None) -> None:
        self.w = Watch(seconds) if seconds is not None else None

    def __enter__(self) -> Watch | None:
        self.prev = current()
        _local.watch = self.w
        return self.w

    def __exit__(self, *exc: object) -> None:
        _local.watch = self.prev


def watch(seconds: float | None) -> _Watching:
    """Run the body under a budget of ``seconds`` (None: unwatched): ``with watch(s) as w``."""
    return _Watching(seconds)


@contextlib.contextmanager
def adopt(w: Watch | None) -> Iterator[None]:
    """Run the body (a worker's share of a command) under another thread's watch."""
    prev = current()
    _local.watch = w
    try:
        yield
    finally:
        _local.watch = prev


def expired() -> bool:
    """Whether the calling thread's command ran past its budget."""
    w = current()
    return w is not None and w.expired()


def check() -> None:
    """Raise :class:`ShaderTimeout` when the calling thread's command ran past its budget."""
    w = current()
    if w is not None and w.expired():
        raise ShaderTimeout("a shader ran past the draw/dispatch time budget (an endless loop?)")
