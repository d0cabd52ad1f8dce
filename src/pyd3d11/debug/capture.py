"""Frame capture: record a span of immediate-context work into one ``.pyd3dcap`` file (issue 18 item 1).

``with pyd3d11.debug.capture(context, "frame.pyd3dcap"): ...`` records every API call made on the
context (and on deferred contexts created during the span), every device ``Create*`` call, and — the
first time the span uses an object that existed before — a synthetic creation of that object with its
current contents (resources), bytecode (shaders), desc (views, states, queries) and debug name. The
context's bound state at the start becomes synthetic ``*Set*`` calls, so the span replays on a fresh
device exactly as it ran. Creating an object from its state at first use is equivalent to a snapshot
of everything at the start: every change to an object goes through a recorded call that names it (or a
view of it), and that call materialises it first.

Environment: with ``PYD3D11_CAPTURE_FRAME=N`` (and ``PYD3D11_CAPTURE_FILE``, default
``frame<N>.pyd3dcap``), a swap chain captures frame N — the work between Present N-1 (for N = 1: the
creation of the swap chain) and Present N — of an unmodified program.

Recording wraps the objects' methods with instance attributes, so a context without a capture runs the
classes' methods untouched (no cost off the capture). Format: :mod:`.capture_format`.
"""

from __future__ import annotations

import atexit
import json
import os
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from ..errors import NotSupportedError
from .capture_format import FORMAT, VERSION, Unencodable, array_to_npy, blob_name, chunk_name, encode

_CHUNK = 256  # events per chunk member
MAP_READ = 1

# Methods that read state or answer questions: not recorded (replay does not need them).
_SKIP_PREFIXES = ("Get", "Check", "QueryInterface", "AddRef", "Release", "SetPrivateData", "GetPrivateData")


def _recorded(name: str) -> bool:
    return name[:1].isupper() and not name.startswith(_SKIP_PREFIXES)


def _debug_name(obj: Any) -> str | None:
    from pyd3d11.api.com import WKPDID_D3DDebugObjectName

    raw = getattr(obj, "_private", {}).get(WKPDID_D3DDebugObjectName)
    return bytes(raw).decode("ascii", "replace") if isinstance(raw, (bytes, bytearray)) else None


class Recorder:
    """Records one span. Use :func:`capture` (or :func:`start_capture`/``Recorder.stop``)."""

    def __init__(self, context: Any, path: str | os.PathLike) -> None:
        if getattr(context, "_deferred", False):
            raise NotSupportedError("frame capture on a deferred context (capture the immediate context: its "
                                    "command lists are recorded when they are built in the span)")
        self.path = os.fspath(path)
        self.context = context
        self.device = context.GetDevice()
        self.device.Release()  # GetDevice AddRefs; the recorder must not change the program's counts
        self._zip = zipfile.ZipFile(self.path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6)
        self._ids: dict[int, int] = {}
        self._keep: list[Any] = []  # keeps ids unique: recorded objects stay alive for the span
        self._events: list[dict] = []
        self._chunks = 0
        self._count = 0
        self._blobs = 0
        self._depth = 0
        self._maps: dict[tuple[int, int], int] = {}
        self._wrapped: list[tuple[Any, list[str]]] = []
        self.unsupported: list[str] = []
        self._register(self.device)
        self._register(context)
        self._wrap(self.device, lambda n: n.startswith("Create") or n == "OpenSharedResource")
        self._wrap(context, _recorded)
        self._wrap_annotation(context)
        # Deferred contexts made before the span: their calls in the span are recorded too (the context
        # itself is recreated, with its bound state, the first time one is made on it).
        for child in getattr(self.device, "_live_children", list)():
            if getattr(child, "_deferred", False) and child is not context:
                self._wrap(child, _recorded)
                self._wrap_annotation(child)
        self.stopped = False
        self._initial_state(context)

    # -- ids, blobs, events ---------------------------------------------------------------------------
    def _register(self, obj: Any) -> int:
        n = len(self._keep)
        self._ids[id(obj)] = n
        self._keep.append(obj)
        return n

    def _ref(self, obj: Any) -> int:
        n = self._ids.get(id(obj))
        if n is None:
            n = self._materialise(obj)
        return n

    def _blob(self, a: np.ndarray) -> int:
        n = self._blobs
        self._blobs += 1
        self._zip.writestr(blob_name(n), array_to_npy(np.asarray(a)))
        return n

    def _enc(self, v: Any) -> Any:
        return encode(v, self._ref, self._blob)

    def _emit(self, event: dict) -> None:
        event["i"] = self._count
        self._count += 1
        self._events.append(event)
        if len(self._events) >= _CHUNK:
            self._flush_chunk()

    def _flush_chunk(self) -> None:
        if self._events:
            self._zip.writestr(chunk_name(self._chunks), json.dumps(self._events))
            self._chunks += 1
            self._events = []

    def _call_event(self, target: Any, method: str, args: tuple, kwargs: dict, synthetic: bool = False) -> dict:
        ev = {"obj": self._ref(target), "method": method,
              "args": [self._enc(a) for a in args], "kwargs": {k: self._enc(v) for k, v in kwargs.items()},
              "ret": None}
        if synthetic:
            ev["synthetic"] = True
        return ev

    # -- wrapping -----------------------------------------------------------------------------------
    def _wrap_annotation(self, ctx: Any) -> None:
        """The context's ID3DUserDefinedAnnotation (one object per context): its events and markers."""
        from pyd3d11.api.annotation import ID3DUserDefinedAnnotation
        from pyd3d11.api.com import facet

        self._wrap(facet(ctx, ID3DUserDefinedAnnotation), lambda n: n in ("BeginEvent", "EndEvent", "SetMarker"))
    def _wrap(self, obj: Any, which: Any) -> None:
        names = [n for n in dir(type(obj)) if which(n) and callable(getattr(type(obj), n, None))]
        for name in names:
            setattr(obj, name, self._wrapper(obj, name, getattr(obj, name)))
        self._wrapped.append((obj, names))

    def _wrapper(self, obj: Any, name: str, original: Any) -> Any:
        rec = self

        def call(*args: Any, **kwargs: Any) -> Any:
            if rec.stopped or rec._depth:
                return original(*args, **kwargs)
            try:
                ev = rec._call_event(obj, name, args, kwargs)
            except Unencodable as e:
                rec.unsupported.append(f"{name}: {e}")
                ev = None
            if ev is not None and name == "Unmap":
                rec._before_unmap(obj, args, kwargs, ev)
            rec._depth += 1
            try:
                result = original(*args, **kwargs)
            finally:
                rec._depth -= 1
            if ev is not None:
                rec._after(obj, name, args, kwargs, ev, result)
                rec._emit(ev)
            return result

        call.__name__ = name
        call.__wrapped__ = original
        return call

    def _before_unmap(self, obj: Any, args: tuple, kwargs: dict, ev: dict) -> None:
        """The bytes the program wrote through a write map: replay writes them into its own mapping."""
        res, sub = (list(args) + [kwargs.get("pResource"), kwargs.get("Subresource", 0)])[:2]
        mapped = self._maps.pop((id(obj), id(res), int(sub or 0)), None)
        if mapped is not None:
            ev["unmap_data"] = self._blob(np.frombuffer(bytes(mapped.pData), np.uint8))

    def _after(self, obj: Any, name: str, args: tuple, kwargs: dict, ev: dict, result: Any) -> None:
        from pyd3d11.api.com import IUnknown

        if name == "Map" and result is not None:
            res, sub = (list(args) + [kwargs.get("pResource"), kwargs.get("Subresource", 0)])[:2]
            mt = args[2] if len(args) > 2 else kwargs.get("MapType", 0)
            if int(mt) != MAP_READ:
                self._maps[(id(obj), id(res), int(sub or 0))] = result
        if isinstance(result, IUnknown):
            if id(result) in self._ids:  # the device hands back an existing state object for an equal desc
                ev["ret_existing"] = self._ids[id(result)]
            else:
                ev["ret"] = self._register(result)
                if getattr(result, "_deferred", False):
                    self._wrap(result, _recorded)
                    self._wrap_annotation(result)

    # -- objects that existed before the span ------------------------------------------------------
    def _materialise(self, obj: Any) -> int:
        ev = self._creation(obj)
        n = self._register(obj)
        if ev is None:
            self.unsupported.append(f"{type(obj).__name__} created before the capture")
            return n
        ev["ret"] = n
        ev["synthetic"] = True
        self._emit(ev)
        if getattr(obj, "_deferred", False):
            self._initial_state(obj)
        name = _debug_name(obj)
        if name is not None:
            from pyd3d11.api.com import WKPDID_D3DDebugObjectName

            self._emit({"obj": n, "method": "SetPrivateData", "synthetic": True, "ret": None, "kwargs": {},
                        "args": [self._enc(WKPDID_D3DDebugObjectName), len(name), name]})
        return n

    def _creation(self, obj: Any) -> dict | None:
        """A synthetic device call that recreates ``obj`` (None: no way to)."""
        from pyd3d11.headers import D3D11_SUBRESOURCE_DATA

        cls = type(obj).__name__
        dev = self.device

        def ev(method: str, *args: Any, on: Any = None) -> dict:
            """A call of ``method`` on ``on`` (the device by default), recreated first if need be."""
            target = self._ids[id(dev)] if on is None else self._ref(on)
            return {"obj": target, "method": method, "args": [self._enc(a) for a in args], "kwargs": {}, "ret": None}

        if cls in ("ID3D11Buffer", "ID3D11Texture1D", "ID3D11Texture2D", "ID3D11Texture3D"):
            desc = obj.GetDesc()
            st = obj._storage
            init = None
            if int(getattr(desc, "Usage", 0)) == 1:  # IMMUTABLE: creation needs the data
                init = []
                for s in range(st.mip_levels * st.array_size if cls != "ID3D11Buffer" else 1):
                    L = st.layout(s)
                    init.append(D3D11_SUBRESOURCE_DATA(pSysMem=st.subresource_bytes(s).copy(),
                                                       SysMemPitch=L.row_pitch, SysMemSlicePitch=L.depth_pitch))
                init = init[0] if cls == "ID3D11Buffer" else init
            method = "CreateBuffer" if cls == "ID3D11Buffer" else "Create" + cls[len("ID3D11"):]
            e = ev(method, desc, init)
            e["fill"] = self._blob(st.data.copy())
            filled = self.context._so_filled.get(id(st), 0)
            if filled:  # the hidden BufferFilledSize stream output left (DrawAuto / append offset -1 read it)
                e["so_filled"] = int(filled)
            return e
        if cls.endswith("View") or cls.endswith("View1"):
            counter = getattr(getattr(obj, "_view", None), "counter", [0])
            if "UnorderedAccess" in cls and counter and counter[0] != 0:
                # the hidden append/consume counter is not part of the view's desc
                self.unsupported.append("an append/consume UAV with a non-zero hidden counter made before the capture")
                return None
            kind = cls[len("ID3D11"):]
            one = cls.endswith("1")
            desc = obj.GetDesc1() if one else obj.GetDesc()
            res = obj.GetResource()
            res.Release()
            return ev("Create" + kind, res, desc)
        if cls in ("ID3D11VertexShader", "ID3D11PixelShader", "ID3D11HullShader", "ID3D11DomainShader",
                   "ID3D11ComputeShader", "ID3D11GeometryShader"):
            linkage = obj._class_linkage  # recreated first (its id is encoded before this event is emitted)
            blob = np.frombuffer(bytes(obj._bytecode), np.uint8)
            so = getattr(obj, "_stream_output", None)
            if so is not None:  # (validated entries, strides, rasterized stream)
                entries, strides, rs = so
                return ev("CreateGeometryShaderWithStreamOutput", blob, len(blob), list(entries), len(entries),
                          list(strides), len(strides), int(rs), linkage)
            return ev("Create" + cls[len("ID3D11"):], blob, len(blob), linkage)
        if cls == "ID3D11ClassLinkage":
            return ev("CreateClassLinkage")
        if cls == "ID3D11ClassInstance":
            linkage = obj._linkage
            if obj._instance_name:
                # GetClassInstance reads the instance from the linkage's shaders: recreate them first
                for sh in list(linkage._shaders):
                    self._ref(sh)
                return ev("GetClassInstance", obj._instance_name, int(obj._desc_values["InstanceIndex"]), on=linkage)
            d = obj._desc_values
            return ev("CreateClassInstance", obj._type_name, int(d["ConstantBuffer"]), int(d["BaseConstantBufferOffset"]),
                      int(d["BaseTexture"]), int(d["BaseSampler"]), on=linkage)
        if cls == "ID3D11InputLayout":
            sig = getattr(obj, "_creation_bytecode", None)
            if sig is None:
                return None
            blob = np.frombuffer(bytes(sig), np.uint8)
            return ev("CreateInputLayout", list(obj._elements), len(obj._elements), blob, len(blob))
        for state, getters in (("BlendState", ("GetDesc1", "GetDesc")), ("DepthStencilState", ("GetDesc",)),
                               ("RasterizerState", ("GetDesc2", "GetDesc1", "GetDesc")),
                               ("SamplerState", ("GetDesc",))):
            if cls.startswith("ID3D11" + state):
                for g in getters:
                    if hasattr(obj, g):
                        suffix = g[len("GetDesc"):]
                        return ev("Create" + state + suffix, getattr(obj, g)())
        if cls in ("ID3D11Query", "ID3D11Predicate"):
            return ev("CreatePredicate" if cls == "ID3D11Predicate" else "CreateQuery", obj.GetDesc())
        if cls == "ID3DUserDefinedAnnotation":
            from pyd3d11.api.annotation import ID3DUserDefinedAnnotation

            return ev("QueryInterface", ID3DUserDefinedAnnotation._iid, on=obj._owner)
        if cls == "ID3D11DeviceContext1" and obj._deferred and not obj._recording:
            if not any(obj is o for o, _ in self._wrapped):
                self._wrap(obj, _recorded)
            return ev("CreateDeferredContext", 0)
        return None

    def _initial_state(self, ctx: Any) -> None:
        """Synthetic Set* calls reproducing a context's bound state (at the start, or when a deferred
        context made before the span is first used)."""
        s = ctx._state

        def emit(method: str, *args: Any) -> None:
            try:
                self._emit(self._call_event(ctx, method, args, {}, synthetic=True))
            except Unencodable as e:
                self.unsupported.append(f"initial {method}: {e}")

        def upto(lst: list) -> int:
            nz = [i for i, v in enumerate(lst) if v is not None]
            return nz[-1] + 1 if nz else 0

        for stage, st in s.stages.items():
            if st.shader is not None or st.class_instances:
                emit(f"{stage}SetShader", st.shader, list(st.class_instances), len(st.class_instances))
            n = upto(st.cbs)
            if n:
                emit(f"{stage}SetConstantBuffers1", 0, n, st.cbs[:n], st.cb_first[:n], st.cb_num[:n])
            n = upto(st.srvs)
            if n:
                emit(f"{stage}SetShaderResources", 0, n, st.srvs[:n])
            n = upto(st.samplers)
            if n:
                emit(f"{stage}SetSamplers", 0, n, st.samplers[:n])
        if s.ia_layout is not None:
            emit("IASetInputLayout", s.ia_layout)
        n = upto(s.ia_vbs)
        if n:
            emit("IASetVertexBuffers", 0, n, s.ia_vbs[:n], s.ia_strides[:n], s.ia_offsets[:n])
        if s.ia_ib is not None:
            emit("IASetIndexBuffer", s.ia_ib, s.ia_ib_format, s.ia_ib_offset)
        if s.ia_topology:
            emit("IASetPrimitiveTopology", s.ia_topology)
        n = upto(s.so_targets)
        if n:  # offset -1 appends at each buffer's filled size, which the buffer's creation event restores
            emit("SOSetTargets", n, s.so_targets[:n], [0xFFFFFFFF] * n)
        if s.rs_state is not None:
            emit("RSSetState", s.rs_state)
        if s.rs_viewports:
            emit("RSSetViewports", len(s.rs_viewports), s.rs_viewports)
        if s.rs_scissors:
            emit("RSSetScissorRects", len(s.rs_scissors), s.rs_scissors)
        if s.om_blend is not None or s.om_blend_factor != [1.0, 1.0, 1.0, 1.0] or s.om_sample_mask != 0xFFFFFFFF:
            emit("OMSetBlendState", s.om_blend, list(s.om_blend_factor), s.om_sample_mask)
        if s.om_ds is not None or s.om_stencil_ref:
            emit("OMSetDepthStencilState", s.om_ds, s.om_stencil_ref)
        nr, nu = upto(s.om_rtvs), upto(s.om_uavs)
        if nu:
            emit("OMSetRenderTargetsAndUnorderedAccessViews", nr, s.om_rtvs[:nr], s.om_dsv, 0, nu,
                 s.om_uavs[:nu], [0xFFFFFFFF] * nu)
        elif nr or s.om_dsv is not None:
            emit("OMSetRenderTargets", nr, s.om_rtvs[:nr], s.om_dsv)
        n = upto(s.cs_uavs)
        if n:
            emit("CSSetUnorderedAccessViews", 0, n, s.cs_uavs[:n], [0xFFFFFFFF] * n)
        if s.predicate is not None:
            emit("SetPredication", s.predicate, s.predicate_value)

    # -- end ----------------------------------------------------------------------------------------
    def stop(self) -> str:
        """Finish the file; returns its path. The program's objects are left exactly as they were."""
        if self.stopped:
            return self.path
        self.stopped = True
        for obj, names in self._wrapped:
            for name in names:
                obj.__dict__.pop(name, None) if hasattr(obj, "__dict__") else None
        self._flush_chunk()
        names = {}
        for n, obj in enumerate(self._keep):
            nm = _debug_name(obj)
            if nm is not None:
                names[str(n)] = nm
        manifest = {"format": FORMAT, "version": VERSION, "feature_level": int(self.device.GetFeatureLevel()),
                    "creation_flags": int(self.device.GetCreationFlags()), "event_count": self._count,
                    "chunks": self._chunks, "names": names, "unsupported": self.unsupported,
                    "annotations": "ID3DUserDefinedAnnotation BeginEvent/EndEvent/SetMarker are events"}
        self._zip.writestr("manifest.json", json.dumps(manifest, indent=1))
        self._zip.close()
        if getattr(self.context, "_capture_recorder", None) is self:
            self.context._capture_recorder = None
        self._keep = []
        return self.path


def start_capture(context: Any, path: str | os.PathLike) -> Recorder:
    """Start recording ``context`` into ``path``; call ``.stop()`` on the result to finish the file."""
    if getattr(context, "_capture_recorder", None) is not None:
        raise NotSupportedError("a second frame capture on a context that is already being captured")
    rec = Recorder(context, path)
    context._capture_recorder = rec
    return rec


@contextmanager
def capture(context: Any, path: str | os.PathLike) -> Iterator[Recorder]:
    """``with capture(ctx, "frame.pyd3dcap"): ...`` records the calls made inside the block."""
    rec = start_capture(context, path)
    try:
        yield rec
    finally:
        rec.stop()


# -- PYD3D11_CAPTURE_FRAME --------------------------------------------------------------------------------

def _env_frame() -> int | None:
    raw = os.environ.get("PYD3D11_CAPTURE_FRAME")
    if not raw:
        return None
    try:
        n = int(raw)
    except ValueError:
        return None
    return n if n >= 1 else None


def _env_path(frame: int) -> str:
    return os.environ.get("PYD3D11_CAPTURE_FILE") or f"frame{frame}.pyd3dcap"


def on_swap_chain_created(chain: Any) -> None:
    """Called by a new swap chain: with PYD3D11_CAPTURE_FRAME=1 the capture starts now."""
    if _env_frame() == 1:
        _start_for_chain(chain)


def on_present(chain: Any, count: int) -> None:
    """Called after Present number ``count`` of a swap chain (1-based)."""
    frame = _env_frame()
    if frame is None:
        return
    rec = getattr(chain, "_capture_recorder", None)
    if rec is not None and count == frame:
        rec.stop()
        chain._capture_recorder = None
    elif count == frame - 1:
        _start_for_chain(chain)


def _start_for_chain(chain: Any) -> None:
    device = chain._device
    ctx = getattr(device, "_immediate", None) or device.GetImmediateContext()
    if getattr(device, "_immediate", None) is not ctx:
        ctx.Release()
    frame = _env_frame() or 1
    rec = start_capture(ctx, _env_path(frame))
    chain._capture_recorder = rec
    # A program that exits before Present N still leaves a complete (shorter) file.
    atexit.register(rec.stop)
