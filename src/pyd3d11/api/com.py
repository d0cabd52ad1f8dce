"""COM basics: IUnknown, ID3D11DeviceChild, private data, minimal DXGI object interfaces (DESIGN §1).

COM reference counts are kept for fidelity (AddRef/Release return the new count and the debug layer
reports them), but Python's GC owns memory: an object whose count reaches 0 stays usable; counts are
bookkeeping only and nothing is freed by Release.

Two counts, as the Windows runtime keeps them: the public count (AddRef/Release, what callers see) and
the internal count (``_intref``: references the runtime itself holds, e.g. a context binding). Binding an
object does not change its public count (wine d3d11 test_state_refcounting). A device child holds a
public reference on its device while its own public count is above 0: creating it raises the device's
count, its final Release lowers it, and a getter that hands it out again raises it again.
QueryInterface accepts an interface class or an IID (uuid.UUID, GUID-like object or string).
"""

from __future__ import annotations

import threading
import uuid
from typing import Any

from pyd3d11.errors import (
    DXGI_ERROR_MORE_DATA,
    DXGI_ERROR_NOT_FOUND,
    E_INVALIDARG,
    E_NOINTERFACE,
    D3D11Error,
    InvalidArgError,
    NoInterfaceError,
)
from pyd3d11.headers import DXGI_SURFACE_DESC

from .device_structs import F, header

_REF_LOCK = threading.Lock()  # guards _refcount/_intref updates (see IUnknown.AddRef)
_POINTER_SIZE = 8  # sizeof(IUnknown *) on the 64-bit ABI this runtime models


def _guid(value: Any) -> uuid.UUID:
    """Normalise an IID/GUID given as a class, uuid.UUID, string, bytes or a GUID struct."""
    if isinstance(value, uuid.UUID):
        return value
    if isinstance(value, type):
        iid = getattr(value, "_iid", None)
        if iid is None:
            raise InvalidArgError(E_INVALIDARG, f"{value.__name__} has no IID", "QueryInterface")
        return iid
    if isinstance(value, str):
        return uuid.UUID(value.strip("{}"))
    if isinstance(value, (bytes, bytearray)) and len(value) == 16:
        return uuid.UUID(bytes_le=bytes(value))
    d1 = F(value, "Data1", None)
    if d1 is not None:  # a GUID struct with Data1..Data4
        d4 = bytes(F(value, "Data4", b"\0" * 8))
        return uuid.UUID(fields=(d1, F(value, "Data2"), F(value, "Data3"), d4[0], d4[1],
                                 int.from_bytes(d4[2:], "big")))
    for attr in ("uuid", "guid", "value"):
        inner = getattr(value, attr, None)
        if isinstance(inner, uuid.UUID):
            return inner
    try:
        return uuid.UUID(str(value).strip("{}"))
    except ValueError:
        raise InvalidArgError(E_INVALIDARG, f"not a GUID: {value!r}", "QueryInterface") from None


def _header_guid(name: str, text: str) -> uuid.UUID:
    v = header(name, None)
    if v is not None:
        try:
            return _guid(v)
        except Exception:  # pragma: no cover - header not a GUID we understand
            pass
    return uuid.UUID(text)


IID_IUnknown = _header_guid("IID_IUnknown", "00000000-0000-0000-c000-000000000046")
WKPDID_D3DDebugObjectName = _header_guid("WKPDID_D3DDebugObjectName", "429b8c22-9188-4b0c-8742-acb0bf85c200")
WKPDID_D3DDebugObjectNameW = _header_guid("WKPDID_D3DDebugObjectNameW", "4cca5fd8-921f-42c8-8566-70caf2a9b741")


def iid(name: str, text: str) -> uuid.UUID:
    """The IID of interface ``name`` (from pyd3d11.headers when it has ``IID_<name>``)."""
    return _header_guid("IID_" + name, text)


class IUnknown:
    """Base of every interface object."""

    _iid = IID_IUnknown

    def __init__(self) -> None:
        self._refcount = 1
        self._intref = 0  # references held by the runtime (bindings); not visible through AddRef/Release
        self._private: dict[uuid.UUID, Any] = {}

    # -- IUnknown -----------------------------------------------------------------------------
    def _interfaces(self) -> dict[uuid.UUID, Any]:
        """IID -> object answering it (self for every IID in the class hierarchy)."""
        out: dict[uuid.UUID, Any] = {}
        for cls in type(self).__mro__:
            i = cls.__dict__.get("_iid")
            if i is not None:
                out[i] = self
        return out

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        """Return the object implementing ``riid`` (AddRef'd); E_NOINTERFACE when unsupported."""
        key = _guid(riid)
        target = self._interfaces().get(key)
        if target is None:
            target = self._extra_interface(key)
        if target is None:
            name = riid.__name__ if isinstance(riid, type) else str(key)
            raise NoInterfaceError(E_NOINTERFACE, f"{type(self).__name__} does not implement {name}",
                                   "QueryInterface")
        target.AddRef()
        return target

    def _extra_interface(self, key: uuid.UUID) -> Any:
        return None

    # Counts change under _REF_LOCK (a leaf lock: several threads share objects and ``+=`` is a
    # read-modify-write); the hooks run after it is released, so they may take other locks.
    def AddRef(self) -> int:  # noqa: N802
        with _REF_LOCK:
            self._refcount += 1
            count = self._refcount
        if count == 1:
            self._public_revived()
        return count

    def Release(self) -> int:  # noqa: N802
        with _REF_LOCK:
            if self._refcount == 0:
                return 0
            self._refcount -= 1
            count = self._refcount
            final = count == 0 and self._intref == 0
        if count == 0:
            self._public_released()
            if final:
                self._destroy()
        return count

    def _public_revived(self) -> None:
        """Hook: the public count went 0 -> 1 (a getter or Create* handed the object out again)."""

    def _public_released(self) -> None:
        """Hook: the public count reached 0 (the object may live on through internal references)."""

    def _destroy(self) -> None:
        """Where C destroys the object: the class hook runs, then the interfaces stored with
        SetPrivateDataInterface are released (ID3D11DeviceChild::SetPrivateDataInterface remarks: the
        interface is released when the object is destroyed or the data is replaced)."""
        self._final_release()
        held = [k for k, v in self._private.items() if isinstance(v, IUnknown)]
        for k in held:
            self._private.pop(k).Release()

    def _final_release(self) -> None:
        """Hook: no public and no internal reference is left (where C would destroy the object). An object
        holding internal references on others (a view on its resource) drops them here. Memory stays
        Python's."""

    # -- internal references (runtime-held: bindings, context state objects) ---------------------
    def _add_int_ref(self) -> int:
        with _REF_LOCK:
            self._intref += 1
            return self._intref

    def _release_int_ref(self) -> int:
        with _REF_LOCK:
            if self._intref == 0:
                return 0
            self._intref -= 1
            count = self._intref
            final = count == 0 and self._refcount == 0
        if final:
            self._destroy()
        return count

    def _alive(self) -> bool:
        """Whether any reference (public or internal) is left: what keeps a state object cached and
        what ReportLiveDeviceObjects lists."""
        return self._refcount > 0 or self._intref > 0

    # -- private data (ID3D11DeviceChild / ID3D11Device / IDXGIObject share these) -------------
    def SetPrivateData(self, guid: Any, DataSize: int = None, pData: Any = None) -> None:  # noqa: N802,N803
        """Store ``pData`` (any bytes-like) under ``guid``; pData None removes the entry."""
        key = _guid(guid)
        old = self._private.pop(key, None)
        if isinstance(old, IUnknown):
            old.Release()
        if pData is None:
            return
        raw = pData.encode("ascii") if isinstance(pData, str) else bytes(memoryview(pData).cast("B"))
        if DataSize is not None:
            if DataSize > len(raw):
                raise InvalidArgError(E_INVALIDARG, f"DataSize {DataSize} exceeds the {len(raw)} bytes given",
                                      "SetPrivateData")
            raw = raw[:DataSize]
        self._private[key] = raw

    def SetPrivateDataInterface(self, guid: Any, pData: Any) -> None:  # noqa: N802,N803
        """Store an interface under ``guid`` (AddRef'd; released when replaced)."""
        key = _guid(guid)
        old = self._private.pop(key, None)
        if isinstance(old, IUnknown):
            old.Release()
        if pData is not None:
            if hasattr(pData, "AddRef"):
                pData.AddRef()
            self._private[key] = pData

    def GetPrivateData(self, guid: Any, pDataSize: int | None = None) -> Any:  # noqa: N802,N803
        """The stored bytes (or interface). With ``pDataSize`` smaller than the data: DXGI_ERROR_MORE_DATA."""
        key = _guid(guid)
        if key not in self._private:
            raise D3D11Error(DXGI_ERROR_NOT_FOUND, f"no private data for {{{key}}}", "GetPrivateData")
        value = self._private[key]
        if isinstance(value, bytes):
            if pDataSize is not None and pDataSize < len(value):
                raise D3D11Error(DXGI_ERROR_MORE_DATA, f"data is {len(value)} bytes, {pDataSize} given",
                                 "GetPrivateData")
            return value
        # An interface is stored as a pointer: a size below sizeof(void *) is MORE_DATA too, and nothing is
        # AddRef'd then (wine test_private_data).
        if pDataSize is not None and pDataSize < _POINTER_SIZE:
            raise D3D11Error(DXGI_ERROR_MORE_DATA, f"an interface pointer needs {_POINTER_SIZE} bytes, {pDataSize} "
                             "given", "GetPrivateData")
        if hasattr(value, "AddRef"):
            value.AddRef()
        return value

    # -- helpers -------------------------------------------------------------------------------
    def _debug_name(self) -> str:
        v = self._private.get(WKPDID_D3DDebugObjectName)
        if isinstance(v, bytes):
            return v.split(b"\0", 1)[0].decode("latin-1")
        v = self._private.get(WKPDID_D3DDebugObjectNameW)
        if isinstance(v, bytes):
            return v.decode("utf-16-le", "replace").split("\0", 1)[0]
        return ""

    def __repr__(self) -> str:
        name = self._debug_name()
        return (f"<{type(self).__name__}{' ' + repr(name) if name else ''} refs={self._refcount}"
                f"{f' intref={self._intref}' if self._intref else ''}>")


class ID3D11DeviceChild(IUnknown):
    """An object created by a device; registers itself for ReportLiveDeviceObjects."""

    _iid = iid("ID3D11DeviceChild", "1841e5c8-16b0-489b-bcc8-44cfb0d5deae")

    def __init__(self, device: Any) -> None:
        super().__init__()
        self._device = device
        register = getattr(device, "_register_child", None)
        if register is not None:
            register(self)
        # A new child holds a reference on its device (wine test_create_*: the device's refcount goes up by
        # one per created object and back down when the object is released).
        self._device_ref(+1)

    def _device_ref(self, delta: int) -> None:
        dev = self._device
        if dev is None or not hasattr(dev, "AddRef"):
            return
        if delta > 0:
            dev.AddRef()
        else:
            dev.Release()

    def _public_revived(self) -> None:
        self._device_ref(+1)

    def _public_released(self) -> None:
        self._device_ref(-1)

    def GetDevice(self) -> Any:  # noqa: N802
        self._device.AddRef()
        return self._device


# ------------------------------------------------------------------------------------------------
# Minimal DXGI object interfaces (textures answer IDXGIResource / IDXGISurface as on Windows).
# ------------------------------------------------------------------------------------------------

IID_IDXGIObject = iid("IDXGIObject", "aec22fb8-76f3-4639-9be0-28eb43a67a2e")
IID_IDXGIDeviceSubObject = iid("IDXGIDeviceSubObject", "3d3e0379-f9de-4d58-bb6c-18d62992f1a6")
IID_IDXGIResource = iid("IDXGIResource", "035f3ab4-482e-4e50-b41f-8a7f8bd8960b")
IID_IDXGISurface = iid("IDXGISurface", "cafcb56c-6ac3-4889-bf47-9e23bbd260ec")
IID_IDXGISurface1 = iid("IDXGISurface1", "4ae63092-6327-4c1b-80ae-bfe12ea32b86")
IID_IDXGIDevice = iid("IDXGIDevice", "54ec77fa-1377-44e6-8c32-88fd5f44c84c")


class _Facet(IUnknown):
    """Another interface of an object (its owner): the interfaces ``_interfaces`` lists answer with the facet,
    every other QueryInterface (IUnknown included, for COM identity) and the reference count go to the owner;
    one private-data store per object, as on Windows."""

    def __init__(self, owner: IUnknown) -> None:
        super().__init__()
        self._owner = owner
        self._private = owner._private

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        if _guid(riid) in self._interfaces():
            self.AddRef()
            return self
        return self._owner.QueryInterface(riid)

    def AddRef(self) -> int:  # noqa: N802
        return self._owner.AddRef()

    def Release(self) -> int:  # noqa: N802
        return self._owner.Release()


class _DXGIFacet(_Facet):
    """A DXGI interface of a D3D object: QueryInterface goes back to the owner.

    One facet object per (owner, facet class) — see :func:`facet` — so that two QueryInterface calls
    for the same DXGI interface give the same object, as COM identity rules expect.
    """

    def GetParent(self, riid: Any) -> Any:  # noqa: N802
        """IDXGIObject::GetParent: a swap chain's back buffer answers the swap chain, other resources
        their device (the object that created them)."""
        parent = getattr(self._owner, "_dxgi_parent", None)
        if parent is not None:
            return parent.QueryInterface(riid)
        return self._owner._device.QueryInterface(riid)

    def GetDevice(self, riid: Any) -> Any:  # noqa: N802
        """IDXGIDeviceSubObject::GetDevice."""
        return self._owner._device.QueryInterface(riid)


_FACET_LOCK = threading.Lock()  # two threads' first QueryInterface must still get one facet (COM identity)


def facet(owner: Any, cls: type) -> Any:
    """The (cached) ``cls`` facet of ``owner``: the same object for every QueryInterface."""
    with _FACET_LOCK:
        cache = owner.__dict__.setdefault("_dxgi_facets", {})
        obj = cache.get(cls)
        if obj is None:
            obj = cache[cls] = cls(owner)
        return obj


# DXGI_USAGE bits derived from D3D11 bind flags (DXGI_USAGE docs; the CPU-access field is the low nibble).
_BIND_TO_DXGI_USAGE = ((0x8, 0x10), (0x20, 0x20), (0x80, 0x400))  # SHADER_RESOURCE, RENDER_TARGET, UAV
_USAGE_TO_CPU_ACCESS = {2: 1, 3: 3}  # DYNAMIC -> DXGI_CPU_ACCESS_DYNAMIC, STAGING -> DXGI_CPU_ACCESS_SCRATCH


class IDXGIResource(_DXGIFacet):
    """IDXGIResource: usage, eviction priority and the legacy shared handle."""

    _iid = IID_IDXGIResource

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        return {IID_IDXGIResource: self, IID_IDXGIDeviceSubObject: self, IID_IDXGIObject: self}

    def GetEvictionPriority(self) -> int:  # noqa: N802
        return self._owner.GetEvictionPriority()

    def SetEvictionPriority(self, EvictionPriority: int) -> None:  # noqa: N802,N803
        self._owner.SetEvictionPriority(EvictionPriority)

    def GetUsage(self) -> int:  # noqa: N802
        """DXGI_USAGE: swap-chain buffers report their BufferUsage | DXGI_USAGE_BACK_BUFFER; other
        resources the DXGI bits of their bind flags plus the CPU-access field of their D3D11_USAGE."""
        back = getattr(self._owner, "_dxgi_usage", None)
        if back is not None:
            return int(back)
        d = self._owner._desc
        bind, usage = int(F(d, "BindFlags", 0)), int(F(d, "Usage", 0))
        out = _USAGE_TO_CPU_ACCESS.get(usage, 0)
        for b, u in _BIND_TO_DXGI_USAGE:
            if bind & b:
                out |= u
        return out

    def GetSharedHandle(self) -> Any:  # noqa: N802
        """The legacy shared handle of a SHARED / SHARED_KEYEDMUTEX resource (api/sharing.py)."""
        from .sharing import get_shared_handle

        return get_shared_handle(self._owner)


_DXGI_MAP_READ, _DXGI_MAP_WRITE, _DXGI_MAP_DISCARD = 0x1, 0x2, 0x4


class IDXGISurface1(_DXGIFacet):
    """IDXGISurface/IDXGISurface1 of a single-subresource 2D texture: GetDesc, Map/Unmap (CPU-accessible
    textures, through the immediate context); GetDC is not supported (no GDI)."""

    _iid = IID_IDXGISurface1

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        return {IID_IDXGISurface1: self, IID_IDXGISurface: self, IID_IDXGIDeviceSubObject: self,
                IID_IDXGIObject: self}

    def GetDesc(self) -> Any:  # noqa: N802
        d = self._owner._desc
        return DXGI_SURFACE_DESC(Width=d.Width, Height=d.Height, Format=d.Format, SampleDesc=d.SampleDesc)

    def Map(self, MapFlags: int = _DXGI_MAP_READ) -> Any:  # noqa: N802,N803
        """IDXGISurface::Map: DXGI_MAP_READ/WRITE/DISCARD onto D3D11_MAP; returns DXGI_MAPPED_RECT with
        ``pBits`` the writable numpy bytes of subresource 0. Needs CPU access (else E_INVALIDARG)."""
        flags = int(MapFlags)
        if not flags & (_DXGI_MAP_READ | _DXGI_MAP_WRITE) or flags & ~0x7:
            raise InvalidArgError(E_INVALIDARG, f"MapFlags 0x{flags:X} is not a DXGI_MAP combination", "Map")
        if flags & _DXGI_MAP_DISCARD:
            map_type = 4  # D3D11_MAP_WRITE_DISCARD
        else:
            map_type = {_DXGI_MAP_READ: 1, _DXGI_MAP_WRITE: 2}.get(flags & 3, 3)
        ctx = self._owner._device.GetImmediateContext()
        try:
            mapped = ctx.Map(self._owner, 0, map_type, 0)
        finally:
            ctx.Release()
        cls = header("DXGI_MAPPED_RECT", None)
        pitch, bits = F(mapped, "RowPitch", 0), F(mapped, "pData", None)
        return cls(Pitch=pitch, pBits=bits) if cls is not None else (pitch, bits)

    def Unmap(self) -> None:  # noqa: N802
        ctx = self._owner._device.GetImmediateContext()
        try:
            ctx.Unmap(self._owner, 0)
        finally:
            ctx.Release()

    def GetDC(self, Discard: bool = False) -> Any:  # noqa: N802,N803
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("IDXGISurface1.GetDC (GDI interop)", "GetDC")

    def ReleaseDC(self, pDirtyRect: Any = None) -> None:  # noqa: N802,N803
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("IDXGISurface1.ReleaseDC (GDI interop)", "ReleaseDC")


IDXGISurface = IDXGISurface1

IID_IDXGIDevice1 = iid("IDXGIDevice1", "77db970f-6276-48ba-ba28-070143b4392c")
IID_IDXGIAdapter = iid("IDXGIAdapter", "2411e7e1-12ac-4ccf-bd14-9798e8534dc0")

DEFAULT_FRAME_LATENCY = 3  # IDXGIDevice1::SetMaximumFrameLatency: 0 restores the default of 3
MAX_FRAME_LATENCY = 16  # DXGI_FRAME_LATENCY_MAX (larger values: E_INVALIDARG)
_DXGI_RESIDENCY_FULLY_RESIDENT = 1


class IDXGIDevice1(_DXGIFacet):
    """IDXGIDevice/IDXGIDevice1 of a D3D11 device (device.QueryInterface(IDXGIDevice)).

    GetAdapter gives the adapter the device was created on: the ``pAdapter`` of D3D11CreateDevice, or
    adapter 0 of an implicit IDXGIFactory1 (what D3D11CreateDevice(NULL, ...) does on Windows).
    GetParent(riid) is the adapter too (device -> IDXGIDevice -> adapter -> factory).
    """

    _iid = IID_IDXGIDevice1

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        return {IID_IDXGIDevice1: self, IID_IDXGIDevice: self, IID_IDXGIObject: self}

    def _adapter(self) -> Any:
        dev = self._owner
        adapter = getattr(dev, "_dxgi_adapter", None)
        if adapter is None:
            from .dxgi_factory import CreateDXGIFactory1

            factory = CreateDXGIFactory1()
            adapter = dev._dxgi_adapter = factory.EnumAdapters1(0)
        return adapter

    def GetAdapter(self) -> Any:  # noqa: N802
        adapter = self._adapter()
        adapter.AddRef()
        return adapter

    def GetParent(self, riid: Any) -> Any:  # noqa: N802
        return self._adapter().QueryInterface(riid)

    def CreateSurface(self, *args: Any, **kw: Any) -> Any:  # noqa: N802
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("IDXGIDevice.CreateSurface (use ID3D11Device.CreateTexture2D)", "CreateSurface")

    def QueryResourceResidency(self, ppResources: Any, NumResources: int | None = None) -> list[int]:  # noqa: N802,N803
        """Everything lives in system memory: DXGI_RESIDENCY_FULLY_RESIDENT for each resource."""
        items = list(ppResources or [])
        n = len(items) if NumResources is None else int(NumResources)
        return [_DXGI_RESIDENCY_FULLY_RESIDENT] * n

    def SetGPUThreadPriority(self, Priority: int) -> None:  # noqa: N802,N803
        if not -7 <= int(Priority) <= 7:
            raise InvalidArgError(E_INVALIDARG, f"Priority {Priority} outside [-7, 7]", "SetGPUThreadPriority")
        self._owner._gpu_priority = int(Priority)

    def GetGPUThreadPriority(self) -> int:  # noqa: N802
        return getattr(self._owner, "_gpu_priority", 0)

    def SetMaximumFrameLatency(self, MaxLatency: int) -> None:  # noqa: N802,N803
        """0 restores the default (3); more than DXGI_FRAME_LATENCY_MAX (16) is E_INVALIDARG."""
        n = int(MaxLatency)
        if n > MAX_FRAME_LATENCY or n < 0:
            raise InvalidArgError(E_INVALIDARG, f"MaxLatency {n} exceeds {MAX_FRAME_LATENCY}", "SetMaximumFrameLatency")
        self._owner._max_frame_latency = n or DEFAULT_FRAME_LATENCY

    def GetMaximumFrameLatency(self) -> int:  # noqa: N802
        return getattr(self._owner, "_max_frame_latency", DEFAULT_FRAME_LATENCY)


IDXGIDevice = IDXGIDevice1
