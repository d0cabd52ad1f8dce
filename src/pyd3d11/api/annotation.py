"""ID3DUserDefinedAnnotation: named events and markers in a context's command stream (d3d11_1.h;
MicrosoftDocs "ID3DUserDefinedAnnotation").

Queried from a device context. ``BeginEvent`` / ``EndEvent`` / ``SetMarker`` become commands of the
context, so a deferred context records them into its command list and the capture/replay debugger sees
them in order with the draws; executing them appends to the executing context's ``_annotation_log`` as
(kind, name, depth). pyd3d11 always keeps them (its debugger is the profiling tool the page speaks of), so
``GetStatus`` is TRUE and ``BeginEvent`` returns the nesting depth before the call, never -1.
"""

from __future__ import annotations

from typing import Any

from . import commands as cmds
from .com import IUnknown, iid

IID_ID3DUserDefinedAnnotation = iid("ID3DUserDefinedAnnotation", "b2daad8b-03d4-4dbf-95eb-32ab4b63d0ab")


class AnnotationCmd(cmds.Command):
    """One BeginEvent / EndEvent / SetMarker, replayed into the executing context's log."""

    __slots__ = ("kind", "name", "depth")

    def __init__(self, kind: str, name: str, depth: int) -> None:
        self.kind, self.name, self.depth = kind, name, depth

    def execute(self, runtime: Any) -> None:
        log = runtime.__dict__.setdefault("_annotation_log", [])
        log.append((self.kind, self.name, self.depth))


class ID3DUserDefinedAnnotation(IUnknown):
    """The annotation facet of a device context (reference counts are the context's)."""

    _iid = IID_ID3DUserDefinedAnnotation

    def __init__(self, context: Any) -> None:
        super().__init__()
        self._context = context
        self._depth = 0

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        from .com import _guid

        if _guid(riid) == IID_ID3DUserDefinedAnnotation:
            self.AddRef()
            return self
        return self._context.QueryInterface(riid)

    def AddRef(self) -> int:  # noqa: N802
        return self._context.AddRef()

    def Release(self) -> int:  # noqa: N802
        return self._context.Release()

    def _emit(self, kind: str, name: Any, depth: int) -> None:
        self._context._submit(AnnotationCmd(kind, "" if name is None else str(name), depth), predicated=False)

    def BeginEvent(self, Name: str) -> int:  # noqa: N802,N803
        """Open a named event; returns how many events were open before it."""
        depth = self._depth
        self._emit("BeginEvent", Name, depth)
        self._depth += 1
        return depth

    def EndEvent(self) -> int:  # noqa: N802
        """Close the innermost event; returns how many stay open (-1, and nothing recorded, when none was)."""
        if self._depth == 0:
            return -1
        self._depth -= 1
        self._emit("EndEvent", None, self._depth)
        return self._depth

    def SetMarker(self, Name: str) -> None:  # noqa: N802,N803
        self._emit("SetMarker", Name, self._depth)

    def GetStatus(self) -> bool:  # noqa: N802
        return True


def annotation_of(context: Any) -> ID3DUserDefinedAnnotation:
    ann = context.__dict__.get("_annotation")
    if ann is None:
        ann = context.__dict__["_annotation"] = ID3DUserDefinedAnnotation(context)
    return ann
