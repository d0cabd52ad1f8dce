"""ID3DUserDefinedAnnotation: event groups and markers a profiling tool shows (d3d11_1.h).

The interface is reached by QueryInterface on a device context; one object per context (COM identity),
whose AddRef/Release/QueryInterface go to the context. Microsoft's documentation: BeginEvent and EndEvent
return "the number of previous calls to BeginEvent that have not yet been finalized by calls to
EndEvent", and -1 when the application is not running under a Direct3D profiling tool; GetStatus says
whether it is. pyd3d11's profiling tool is the frame recorder (pyd3d11.debug.capture): while it records
the context, GetStatus is TRUE and the calls are counted (and recorded as events); otherwise they do
nothing and return -1.
"""

from __future__ import annotations

from typing import Any

from .com import _Facet, iid


class ID3DUserDefinedAnnotation(_Facet):
    _iid = iid("ID3DUserDefinedAnnotation", "b2daad8b-03d4-4dbf-95eb-32ab4b63d0ab")

    def __init__(self, owner: Any) -> None:
        super().__init__(owner)
        self._open = 0  # BeginEvent calls not yet finalized by EndEvent (while profiled)

    def _interfaces(self) -> dict:
        return {self._iid: self}

    def _profiled(self) -> bool:
        ctx = self._owner
        if getattr(ctx, "_deferred", False):
            ctx = getattr(ctx._device, "_immediate", None)
        return getattr(ctx, "_capture_recorder", None) is not None

    def BeginEvent(self, Name: str) -> int:  # noqa: N802,N803
        """Open an event group; returns the groups open before it (-1 when not profiled)."""
        if not self._profiled():
            return -1
        n = self._open
        self._open += 1
        return n

    def EndEvent(self) -> int:  # noqa: N802
        """Close the innermost group; returns the groups still open (-1 when not profiled)."""
        if not self._profiled():
            return -1
        self._open = max(0, self._open - 1)
        return self._open

    def SetMarker(self, Name: str) -> None:  # noqa: N802,N803
        """A named point in the work stream (recorded while profiled)."""

    def GetStatus(self) -> bool:  # noqa: N802
        """TRUE while a profiling tool (the frame recorder) captures this context."""
        return self._profiled()
