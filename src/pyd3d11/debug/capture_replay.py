"""Replay of a ``.pyd3dcap`` capture on a fresh device, to any event (issue 18 item 2).

``cap = Capture.open("frame.pyd3dcap")``; ``cap.replay_to(n)`` runs events ``0..n`` (inclusive) on a new
device made with the captured feature level and flags — in this process or any other, since the file
holds everything — and then ``cap.pipeline_state()`` describes what is bound at that point and
``cap.resource_bytes(id)`` / ``cap.texture(id)`` give any resource's contents just after event ``n``.
Moving forwards continues the current replay; moving backwards starts a fresh device.
"""

from __future__ import annotations

import json
import os
import zipfile
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from .capture_format import FORMAT, VERSION, blob_name, chunk_name, decode, npy_to_array

#: Context methods that run work on the GPU (what a frame debugger lists as draws/dispatches/clears/copies)
WORK_METHODS = frozenset({
    "Draw", "DrawIndexed", "DrawInstanced", "DrawIndexedInstanced", "DrawAuto", "DrawInstancedIndirect",
    "DrawIndexedInstancedIndirect", "Dispatch", "DispatchIndirect", "ClearRenderTargetView",
    "ClearDepthStencilView", "ClearUnorderedAccessViewUint", "ClearUnorderedAccessViewFloat", "ClearView",
    "CopyResource", "CopySubresourceRegion", "CopySubresourceRegion1", "UpdateSubresource", "UpdateSubresource1",
    "ResolveSubresource", "GenerateMips", "CopyStructureCount", "Unmap", "ExecuteCommandList"})
DRAW_METHODS = frozenset(m for m in WORK_METHODS if m.startswith("Draw"))


@dataclass(frozen=True, slots=True)
class Event:
    """One recorded call: ``index`` in the capture, the target object's id, the C method name, the decoded
    call is made only during replay. ``synthetic``: made up by the recorder (objects and state that
    existed before the span)."""

    index: int
    obj: int
    method: str
    raw: dict

    @property
    def synthetic(self) -> bool:
        return bool(self.raw.get("synthetic"))

    @property
    def created(self) -> int | None:
        """The id of the object this event created (None when it created none)."""
        return self.raw.get("ret")

    def __repr__(self) -> str:
        return f"<Event {self.index} obj{self.obj}.{self.method}{' (synthetic)' if self.synthetic else ''}>"


def _name_arg(e: Event) -> str:
    return str(e.raw["args"][0] if e.raw["args"] else e.raw["kwargs"].get("Name"))


class Capture:
    """An opened capture file. Construct with :meth:`open`."""

    def __init__(self, path: str, manifest: dict, events: list[Event]) -> None:
        self.path = path
        self.manifest = manifest
        self.events = events
        self.names: dict[int, str] = {int(k): v for k, v in manifest.get("names", {}).items()}
        self._zip = zipfile.ZipFile(path)
        self._blobs: dict[int, np.ndarray] = {}
        self.position = -1  # last event replayed; -1: nothing yet
        self.device: Any = None
        self.context: Any = None
        self._objs: dict[int, Any] = {}
        self._maps: dict[tuple[int, int, int], Any] = {}

    # -- opening ------------------------------------------------------------------------------------
    @classmethod
    def open(cls, path: str | os.PathLike) -> Capture:
        path = os.fspath(path)
        with zipfile.ZipFile(path) as z:
            manifest = json.loads(z.read("manifest.json"))
            if manifest.get("format") != FORMAT:
                raise ValueError(f"{path}: not a pyd3d11 capture")
            if int(manifest.get("version", 0)) > VERSION:
                raise NotSupportedError(f"capture format version {manifest['version']} (this pyd3d11 reads {VERSION})")
            raw: list[dict] = []
            for n in range(int(manifest["chunks"])):
                raw += json.loads(z.read(chunk_name(n)))
        events = [Event(int(e["i"]), int(e["obj"]), e["method"], e) for e in raw]
        return cls(path, manifest, events)

    def close(self) -> None:
        self._zip.close()

    def __enter__(self) -> Capture:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- listing ------------------------------------------------------------------------------------
    @property
    def unsupported(self) -> list[str]:
        """What the recorder could not capture (replay refuses such a capture)."""
        return list(self.manifest.get("unsupported", []))

    def draws(self) -> list[Event]:
        """The draw calls, in order."""
        return [e for e in self.events if e.method in DRAW_METHODS]

    def work(self) -> list[Event]:
        """Every event that changes resource contents (draws, dispatches, clears, copies, updates)."""
        return [e for e in self.events if e.method in WORK_METHODS]

    def groups(self, index: int) -> list[str]:
        """The annotation groups (ID3DUserDefinedAnnotation BeginEvent names, outermost first) that are
        open at event ``index`` on the context that made it."""
        owner = self._annotation_owner()
        stacks: dict[int, list[str]] = {}
        for e in self.events[:index]:
            ctx = owner.get(e.obj)
            if ctx is None:
                continue
            if e.method == "BeginEvent":
                stacks.setdefault(ctx, []).append(_name_arg(e))
            elif e.method == "EndEvent" and stacks.get(ctx):
                stacks[ctx].pop()
        target = self.events[index].obj
        return list(stacks.get(owner.get(target, target), []))

    def markers(self) -> list[tuple[int, str]]:
        """(event index, name) of every SetMarker."""
        return [(e.index, _name_arg(e)) for e in self.events if e.method == "SetMarker"]

    def _annotation_owner(self) -> dict[int, int]:
        """annotation object id -> the context id it belongs to."""
        return {e.created: e.obj for e in self.events if e.method == "QueryInterface" and e.created is not None}

    def resources(self) -> list[int]:
        """Ids of every resource the capture creates (synthetic or recorded)."""
        return [e.created for e in self.events if e.created is not None and
                e.method in ("CreateBuffer", "CreateTexture1D", "CreateTexture2D", "CreateTexture3D")]

    # -- replay -------------------------------------------------------------------------------------
    def _blob(self, n: int) -> np.ndarray:
        a = self._blobs.get(n)
        if a is None:
            a = npy_to_array(self._zip.read(blob_name(n)))
            self._blobs[n] = a
        return a.copy()  # the replayed program may write into what it is given

    def _obj(self, n: int) -> Any:
        try:
            return self._objs[n]
        except KeyError:
            raise ValueError(f"capture file: event refers to object {n} before it is created") from None

    def reset(self) -> None:
        """Start again on a new device (nothing replayed)."""
        from pyd3d11.api.create_device import D3D11CreateDevice

        if self.unsupported:
            raise NotSupportedError("replay of a capture holding work the recorder could not capture: "
                                    + "; ".join(self.unsupported))
        level = int(self.manifest["feature_level"])
        flags = int(self.manifest["creation_flags"])
        self.device, _, self.context = D3D11CreateDevice(None, 1, None, flags, [level], 1, 7)
        self._objs = {0: self.device, 1: self.context}
        self._maps = {}
        self.position = -1

    def replay_to(self, index: int) -> Capture:
        """Replay events ``0..index`` (negative: from the end). Returns self for chaining."""
        n = len(self.events)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError(f"event {index} outside 0..{n - 1}")
        if self.device is None or index < self.position:
            self.reset()
        for ev in self.events[self.position + 1:index + 1]:
            self._run(ev)
            self.position = ev.index
        return self

    def replay_all(self) -> Capture:
        return self.replay_to(len(self.events) - 1) if self.events else self

    def _run(self, ev: Event) -> None:
        raw = ev.raw
        target = self._obj(ev.obj)
        args = decode(raw["args"], self._obj, self._blob)
        kwargs = {k: decode(v, self._obj, self._blob) for k, v in raw.get("kwargs", {}).items()}
        key = None
        if ev.method in ("Map", "Unmap"):
            res = args[0] if args else kwargs.get("pResource")
            sub = args[1] if len(args) > 1 else kwargs.get("Subresource", 0)
            key = (ev.obj, id(res), int(sub or 0))
        if ev.method == "Unmap" and "unmap_data" in raw:
            mapped = self._maps.pop(key)
            data = self._blob(raw["unmap_data"])
            np.frombuffer(mapped.pData, np.uint8)[...] = data
        result = getattr(target, ev.method)(*args, **kwargs)
        if ev.method == "Map":
            self._maps[key] = result
        if raw.get("ret") is not None:
            self._objs[int(raw["ret"])] = result
        if "fill" in raw:
            st = result._storage
            st.data[...] = self._blob(raw["fill"]).reshape(st.data.shape)
            st.touch()
        if "so_filled" in raw:
            self.context._so_filled[id(result._storage)] = int(raw["so_filled"])

    # -- reading the replayed state -------------------------------------------------------------------
    def object(self, n: int) -> Any:
        """The live replayed object with capture id ``n`` (after some replay)."""
        self._need()
        return self._obj(n)

    def _need(self) -> None:
        if self.device is None:
            raise LookupError("nothing replayed yet: call replay_to(event) first")

    def id_of(self, obj: Any) -> int | None:
        for k, v in self._objs.items():
            if v is obj:
                return k
        return None

    def resource_bytes(self, n: int) -> np.ndarray:
        """A copy of resource ``n``'s storage (D3D subresource layout, pyd3d11.storage) after the current event."""
        self._need()
        return self._obj(n)._storage.data.copy()

    def texture(self, n: int, subresource: int = 0) -> np.ndarray:
        """Resource ``n``'s texels decoded (as :func:`pyd3d11.texture_to_numpy`) after the current event."""
        import pyd3d11

        self._need()
        return pyd3d11.texture_to_numpy(self.context, self._obj(n), subresource)

    def pixel_history(self, resource: int, x: int, y: int, sample: int = 0, subresource: int = 0,
                      z: int = 0) -> Any:
        """:func:`pyd3d11.debug.pixel_history.pixel_history` over this capture (replays it from the start);
        ``z`` is the W slice of a Texture3D."""
        from .pixel_history import pixel_history

        return pixel_history(self, resource, x, y, sample, subresource, z=z)

    def _traced(self, event: int, what: str) -> Any:
        """Replay ``event`` with the shader debugger's capture hook on; returns the context holding it."""
        from .replay import disable_capture, enable_capture

        ev = self.events[event]
        if ev.obj != 1 or ev.method not in WORK_METHODS:
            raise ValueError(f"event {event} ({ev.method}) is not {what} on the immediate context")
        if event > 0:
            self.replay_to(event - 1)
        else:
            self.reset()
        enable_capture(self.context, depth=1 << 16)
        try:
            self.replay_to(event)
            return self.context._capture_hook
        finally:
            disable_capture(self.context)

    def debug_pixel(self, event: int, x: int, y: int, draw: int = -1, helpers: bool = False) -> list:
        """Traces (:class:`pyd3d11.debug.ShaderTrace`) of every pixel-shader invocation that covered pixel
        (``x``, ``y``) in the draw of ``event`` (for an ExecuteCommandList: its ``draw``-th draw); with
        ``helpers`` also the helper lanes there."""
        from .replay import debug_pixel_all

        return debug_pixel_all(self._debug_ctx(event, "a draw"), x, y, draw, helpers)

    def debug_vertex(self, event: int, vertex_id: int, instance: int = 0, draw: int = -1) -> Any:
        """Trace of one vertex-shader invocation of the draw of ``event``."""
        from .replay import debug_vertex

        return debug_vertex(self._debug_ctx(event, "a draw"), vertex_id, draw, instance)

    def vertex_table(self, event: int, limit: int = 64, draw: int = -1) -> list[dict]:
        """The vertex shader's inputs and outputs of the first ``limit`` vertices of the draw of ``event``
        (:func:`pyd3d11.debug.replay.vertex_table`)."""
        from .replay import vertex_table

        return vertex_table(self._debug_ctx(event, "a draw"), draw, limit)

    def debug_thread(self, event: int, thread_id: Any, dispatch: int = -1) -> Any:
        """Trace of one compute thread of the dispatch of ``event``."""
        from .replay import debug_thread

        return debug_thread(self._debug_ctx(event, "a dispatch"), thread_id, dispatch)

    def stage_invocations(self, event: int, stage: str, limit: int | None = None, draw: int = -1) -> list[dict]:
        """The GS/HS/DS (``stage`` 'gs', 'hs', 'ds') invocations the draw of ``event`` ran, as identities
        (:func:`pyd3d11.debug.replay.stage_invocations`)."""
        from .replay import stage_invocations

        return stage_invocations(self._debug_ctx(event, "a draw"), stage, draw, limit)

    def debug_stage(self, event: int, stage: str, draw: int = -1, **select: Any) -> Any:
        """Trace of the GS/HS/DS invocation of the draw of ``event`` picked by its identity, e.g.
        ``cap.debug_stage(ev, 'hs', primitive_id=0, phase='control_point', control_point=2)``
        (:func:`pyd3d11.debug.replay.debug_invocation`); None when the draw ran no such invocation."""
        from .replay import debug_invocation

        return debug_invocation(self._debug_ctx(event, "a draw"), stage, draw, **select)

    def _debug_ctx(self, event: int, what: str) -> Any:
        hook = self._traced(event, what)

        class _Holder:  # what pyd3d11.debug.replay reads: the context's capture hook
            _capture_hook = hook
        return _Holder()

    def pipeline_state(self) -> dict:
        """Everything bound on the immediate context after the current event, objects named by capture id."""
        from .capture_state import describe_state

        self._need()
        return describe_state(self.context._state, self.id_of, self.names)
