"""COM basics: IUnknown, ID3D11DeviceChild, private data, minimal DXGI object interfaces (DESIGN §1).

COM reference counts are kept for fidelity (AddRef/Release return the new count and the debug layer
reports them), but Python's GC owns memory: an object whose count reaches 0 stays usable.
QueryInterface accepts an interface class or an IID (uuid.UUID, GUID-like object or string).
"""

from __future__ import annotations

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

from .device_structs import F, header


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

    def AddRef(self) -> int:  # noqa: N802
        self._refcount += 1
        return self._refcount

    def Release(self) -> int:  # noqa: N802
        if self._refcount > 0:
            self._refcount -= 1
        return self._refcount

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
        return f"<{type(self).__name__}{' ' + repr(name) if name else ''} refs={self._refcount}>"


class ID3D11DeviceChild(IUnknown):
    """An object created by a device; registers itself for ReportLiveDeviceObjects."""

    _iid = iid("ID3D11DeviceChild", "1841e5c8-16b0-489b-bcc8-44cfb0d5deae")

    def __init__(self, device: Any) -> None:
        super().__init__()
        self._device = device
        register = getattr(device, "_register_child", None)
        if register is not None:
            register(self)

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


class DXGI_SURFACE_DESC:  # noqa: N801 - C name
    """Fallback DXGI_SURFACE_DESC (Width, Height, Format, SampleDesc). # TODO(integration)"""

    __slots__ = ("Width", "Height", "Format", "SampleDesc")

    def __init__(self, Width: int = 0, Height: int = 0, Format: int = 0, SampleDesc: Any = None):  # noqa: N803
        self.Width, self.Height, self.Format, self.SampleDesc = Width, Height, Format, SampleDesc

    def __repr__(self) -> str:
        return f"DXGI_SURFACE_DESC(Width={self.Width}, Height={self.Height}, Format={self.Format})"


class _DXGIFacet(IUnknown):
    """A DXGI interface of a D3D object: QueryInterface goes back to the owner."""

    def __init__(self, owner: IUnknown) -> None:
        super().__init__()
        self._owner = owner
        self._private = owner._private  # one private-data store per object, as on Windows

    def QueryInterface(self, riid: Any) -> Any:  # noqa: N802
        key = _guid(riid)
        if key in self._interfaces():
            self.AddRef()
            return self
        return self._owner.QueryInterface(riid)

    def AddRef(self) -> int:  # noqa: N802
        return self._owner.AddRef()

    def Release(self) -> int:  # noqa: N802
        return self._owner.Release()

    def GetParent(self, riid: Any) -> Any:  # noqa: N802
        return self._owner._device.QueryInterface(riid)

    def GetDevice(self, riid: Any) -> Any:  # noqa: N802
        return self._owner._device.QueryInterface(riid)


class IDXGIResource(_DXGIFacet):
    """Minimal IDXGIResource: usage and eviction priority; shared handles are not supported."""

    _iid = IID_IDXGIResource

    def GetEvictionPriority(self) -> int:  # noqa: N802
        return self._owner.GetEvictionPriority()

    def SetEvictionPriority(self, EvictionPriority: int) -> None:  # noqa: N802,N803
        self._owner.SetEvictionPriority(EvictionPriority)

    def GetUsage(self) -> int:  # noqa: N802
        return 0

    def GetSharedHandle(self) -> Any:  # noqa: N802
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("IDXGIResource.GetSharedHandle (shared resources)", "GetSharedHandle")


class IDXGISurface1(_DXGIFacet):
    """Minimal IDXGISurface/IDXGISurface1 of a single-subresource 2D texture: GetDesc only."""

    _iid = IID_IDXGISurface1

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        return {IID_IDXGISurface1: self, IID_IDXGISurface: self, IID_IDXGIDeviceSubObject: self,
                IID_IDXGIObject: self}

    def GetDesc(self) -> Any:  # noqa: N802
        d = self._owner._desc
        cls = header("DXGI_SURFACE_DESC", DXGI_SURFACE_DESC)
        return cls(Width=d.Width, Height=d.Height, Format=d.Format, SampleDesc=d.SampleDesc)

    def Map(self, MapFlags: int = 0) -> Any:  # noqa: N802,N803
        from pyd3d11.errors import NotSupportedError

        raise NotSupportedError("IDXGISurface.Map", "Map")


IDXGISurface = IDXGISurface1
