"""Shared resources between devices of one process: creation flags, handles, opening, keyed mutexes.

Sources (MicrosoftDocs): D3D11_RESOURCE_MISC_FLAG (SHARED, SHARED_KEYEDMUTEX, SHARED_NTHANDLE,
GDI_COMPATIBLE), ID3D11Device::OpenSharedResource, ID3D11Device1::OpenSharedResource1 /
OpenSharedResourceByName, IDXGIResource::GetSharedHandle, IDXGIResource1::CreateSharedHandle,
IDXGIKeyedMutex::AcquireSync / ReleaseSync, and the 10Level9 ID3D11Device page (OpenSharedResource row).

A shared resource is one ``ResourceStorage``: the creating device's object and every object opened from a
handle on another device hold the same storage, so all of them see the same bytes. Handles are process-wide
integers: "legacy" handles (GetSharedHandle, resources created with SHARED or SHARED_KEYEDMUTEX without
SHARED_NTHANDLE) open with OpenSharedResource; NT handles (CreateSharedHandle, SHARED_NTHANDLE resources)
open with OpenSharedResource1, and by name with OpenSharedResourceByName when created with a name.

Which resources may be shared: this device reports ExtendedResourceSharing = 0 (D3D11_FEATURE_DATA_D3D11_
OPTIONS), so, as the flag page says, the only shareable resources are 2D non-mipmapped textures, of
DEFAULT usage, without CPU access, of a format whose D3D11_FORMAT_SUPPORT2_SHAREABLE bit is set at the
device's level; at 9_x DXGI_FORMAT_R8G8B8A8_UNORM(_SRGB) is never shareable (10Level9 OpenSharedResource
row; message CREATERESOURCE_DXGI_FORMAT_R8G8B8A8_CANNOT_BE_SHARED).

Inferred where the pages are silent: a name already used by another resource is
DXGI_ERROR_NAME_ALREADY_EXISTS (the DXGI_ERROR page says so for CreateSharedHandle); opening an unknown
handle or name, or a handle of the other kind, is E_INVALIDARG; asking OpenSharedResourceByName for more
access than the handle was created with is E_ACCESSDENIED.
"""

from __future__ import annotations

import itertools
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

from pyd3d11.errors import (
    DXGI_ERROR_NAME_ALREADY_EXISTS,
    E_ACCESSDENIED,
    E_FAIL,
    E_INVALIDARG,
    error_for,
)

from . import device_consts as C
from .com import IID_IDXGIResource, IUnknown, _DXGIFacet, _guid, iid
from .device_structs import reject

IID_IDXGIResource1 = iid("IDXGIResource1", "30961379-4609-4a41-998e-54fe567ee0c1")
IID_IDXGIKeyedMutex = iid("IDXGIKeyedMutex", "9d8e1289-d7b3-465f-8126-250e349af85d")

SHARED_FLAGS = C.MISC_SHARED | C.MISC_SHARED_KEYEDMUTEX | C.MISC_SHARED_NTHANDLE
DXGI_SHARED_RESOURCE_READ, DXGI_SHARED_RESOURCE_WRITE = 0x80000000, 0x1
INFINITE = 0xFFFFFFFF
WAIT_ABANDONED, WAIT_TIMEOUT = 0x80, 0x102  # AcquireSync's success codes besides S_OK
R8G8B8A8_UNORM, R8G8B8A8_UNORM_SRGB = 28, 29
FORMAT_SUPPORT2_SHAREABLE = 0x400


# -------------------------------------------------------------------------------------------------
# creation rules
# -------------------------------------------------------------------------------------------------

def validate_shared(caps: Any, ndim: int, desc: Any, prefix: str) -> None:
    """The sharing rules of a Create* call (``ndim`` 0 for buffers). Raises Reject (E_INVALIDARG)."""
    misc = int(desc.MiscFlags)
    if not misc & SHARED_FLAGS:
        return
    if misc & C.MISC_SHARED and misc & C.MISC_SHARED_KEYEDMUTEX:
        raise reject("D3D11_RESOURCE_MISC_SHARED and D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX are mutually exclusive",
                     prefix + "INVALIDMISCFLAGS")
    if misc & C.MISC_SHARED_NTHANDLE and not misc & (C.MISC_SHARED | C.MISC_SHARED_KEYEDMUTEX):
        raise reject("D3D11_RESOURCE_MISC_SHARED_NTHANDLE needs D3D11_RESOURCE_MISC_SHARED or "
                     "D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX", prefix + "INVALIDMISCFLAGS")
    if not misc & (C.MISC_SHARED | C.MISC_SHARED_KEYEDMUTEX):
        return
    if misc & C.MISC_SHARED_KEYEDMUTEX and misc & C.MISC_GDI_COMPATIBLE:
        raise reject("D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX and D3D11_RESOURCE_MISC_GDI_COMPATIBLE are mutually "
                     "exclusive", prefix + "INVALIDMISCFLAGS")
    if ndim != 2:
        raise reject("only 2D textures can be shared on this device (ExtendedResourceSharing is FALSE)",
                     prefix + "INVALIDMISCFLAGS")
    if int(desc.MipLevels) != 1 or int(desc.ArraySize) != 1:
        raise reject("shared textures must have MipLevels 1 and ArraySize 1 (2D non-mipmapped textures)",
                     prefix + "INVALIDMISCFLAGS")
    if int(desc.Usage) != C.USAGE_DEFAULT or int(desc.CPUAccessFlags):
        raise reject("shared resources must be D3D11_USAGE_DEFAULT without CPU access", prefix + "INVALIDMISCFLAGS")
    fmt = int(desc.Format)
    if caps.level < C.FL_10_0 and fmt in (R8G8B8A8_UNORM, R8G8B8A8_UNORM_SRGB):
        raise reject("DXGI_FORMAT_R8G8B8A8_UNORM(_SRGB) can never be shared at feature level 9_x",
                     "CREATERESOURCE_DXGI_FORMAT_R8G8B8A8_CANNOT_BE_SHARED")
    from .device_formats import format_support2

    if not format_support2(fmt, caps.level) & FORMAT_SUPPORT2_SHAREABLE:
        raise reject(f"format {fmt} is not shareable at feature level {caps.name} "
                     "(D3D11_FORMAT_SUPPORT2_SHAREABLE)", prefix + "INVALIDMISCFLAGS")


# -------------------------------------------------------------------------------------------------
# the process-wide registry
# -------------------------------------------------------------------------------------------------

@dataclass(eq=False)
class KeyedMutexState:
    """One keyed mutex per shared resource: released with ``key`` (0 at creation), or held by ``owner``."""

    key: int = 0
    owner: Any = None  # the IDXGIKeyedMutex facet (one per opened object) holding it
    cond: threading.Condition = field(default_factory=threading.Condition)


@dataclass(eq=False)
class SharedEntry:
    storage: Any
    desc: Any
    cls: type
    mutex: KeyedMutexState | None
    legacy_handle: int = 0
    nt_handles: dict[int, int] = field(default_factory=dict)  # NT handle -> access
    name: str | None = None


_LOCK = threading.Lock()
_LEGACY: dict[int, SharedEntry] = {}
_NT: dict[int, SharedEntry] = {}
_NAMES: dict[str, tuple[SharedEntry, int]] = {}
_NEXT = itertools.count(0x40000002, 0x40)  # opaque, non-zero, DWORD-aligned handle values


def on_created(resource: Any) -> None:
    """Register a resource created with sharing flags (called by the device after creation)."""
    misc = int(resource._desc.MiscFlags)
    if not misc & (C.MISC_SHARED | C.MISC_SHARED_KEYEDMUTEX):
        return
    entry = SharedEntry(resource._storage, resource._desc, type(resource),
                        KeyedMutexState() if misc & C.MISC_SHARED_KEYEDMUTEX else None)
    if not misc & C.MISC_SHARED_NTHANDLE:
        with _LOCK:
            entry.legacy_handle = next(_NEXT)
            _LEGACY[entry.legacy_handle] = entry
        # a legacy handle lives as long as the resource that made it (NT handles until CloseHandle)
        weakref.finalize(resource, _LEGACY.pop, entry.legacy_handle, None)
    resource._shared = entry


def _entry(resource: Any) -> SharedEntry | None:
    return getattr(resource, "_shared", None)


def get_shared_handle(resource: Any) -> int:
    """IDXGIResource::GetSharedHandle: the legacy handle (E_INVALIDARG for unshared or NT-handle resources)."""
    e = _entry(resource)
    if e is None or not e.legacy_handle:
        raise error_for(E_INVALIDARG, "the resource was not created with D3D11_RESOURCE_MISC_SHARED or "
                        "SHARED_KEYEDMUTEX (without SHARED_NTHANDLE)", "GetSharedHandle")
    return e.legacy_handle


def create_shared_handle(resource: Any, pAttributes: Any, dwAccess: int, lpName: str | None) -> int:  # noqa: N803
    """IDXGIResource1::CreateSharedHandle: a new NT handle (optionally named) of a SHARED_NTHANDLE resource."""
    e = _entry(resource)
    if e is None or not int(resource._desc.MiscFlags) & C.MISC_SHARED_NTHANDLE:
        raise error_for(E_INVALIDARG, "the resource was not created with D3D11_RESOURCE_MISC_SHARED_NTHANDLE",
                        "CreateSharedHandle")
    access = int(dwAccess) & 0xFFFFFFFF
    if access & ~(DXGI_SHARED_RESOURCE_READ | DXGI_SHARED_RESOURCE_WRITE) or not access:
        raise error_for(E_INVALIDARG, f"dwAccess 0x{access:X} is not a combination of DXGI_SHARED_RESOURCE_READ "
                        "and DXGI_SHARED_RESOURCE_WRITE", "CreateSharedHandle")
    with _LOCK:
        if lpName is not None:
            other = _NAMES.get(str(lpName))
            if other is not None and other[0] is not e:
                raise error_for(DXGI_ERROR_NAME_ALREADY_EXISTS, f"the name {lpName!r} belongs to another resource",
                                "CreateSharedHandle")
        h = next(_NEXT)
        e.nt_handles[h] = access
        _NT[h] = e
        if lpName is not None:
            _NAMES[str(lpName)] = (e, access)
            e.name = str(lpName)
    return h


def close_handle(handle: int) -> None:
    """CloseHandle of an NT handle (a legacy handle lives as long as the resource, and is not closed)."""
    with _LOCK:
        e = _NT.pop(int(handle), None)
        if e is not None:
            e.nt_handles.pop(int(handle), None)
            if not e.nt_handles and e.name is not None:
                _NAMES.pop(e.name, None)


def _open(device: Any, entry: SharedEntry | None, riid: Any, method: str) -> Any:
    if entry is None:
        raise error_for(E_INVALIDARG, "not a handle of a shared resource of this process", method)
    fmt = int(entry.desc.Format)
    if device._caps.level < C.FL_10_0 and fmt in (R8G8B8A8_UNORM, R8G8B8A8_UNORM_SRGB):
        raise error_for(E_INVALIDARG, "DXGI_FORMAT_R8G8B8A8_UNORM(_SRGB) is never shareable at feature level 9_x",
                        method)
    from .device_formats import format_support2

    if not format_support2(fmt, device._caps.level) & FORMAT_SUPPORT2_SHAREABLE:
        raise error_for(E_INVALIDARG, f"format {fmt} is not shareable at this device's feature level", method)
    import copy

    obj = entry.cls(device, copy.copy(entry.desc), entry.storage)
    obj._shared = entry
    try:
        out = obj.QueryInterface(riid)
    finally:
        obj.Release()  # the QueryInterface reference is the one handed out
    return out


def open_shared_resource(device: Any, hResource: Any, ReturnedInterface: Any) -> Any:  # noqa: N803
    return _open(device, _LEGACY.get(int(hResource or 0)), ReturnedInterface, "OpenSharedResource")


def open_shared_resource1(device: Any, hResource: Any, returnedInterface: Any) -> Any:  # noqa: N803
    return _open(device, _NT.get(int(hResource or 0)), returnedInterface, "OpenSharedResource1")


def open_shared_resource_by_name(device: Any, lpName: str, dwDesiredAccess: int, returnedInterface: Any) -> Any:  # noqa: N803
    found = _NAMES.get(str(lpName))
    if found is None:
        raise error_for(E_INVALIDARG, f"no shared resource is named {lpName!r}", "OpenSharedResourceByName")
    entry, access = found
    want = int(dwDesiredAccess) & 0xFFFFFFFF
    if want & ~access:
        raise error_for(E_ACCESSDENIED, f"access 0x{want:X} exceeds the 0x{access:X} the handle was created with",
                        "OpenSharedResourceByName")
    return _open(device, entry, returnedInterface, "OpenSharedResourceByName")


# -------------------------------------------------------------------------------------------------
# IDXGIResource1 and IDXGIKeyedMutex facets
# -------------------------------------------------------------------------------------------------

def _facet_cls() -> type:
    from .com import IDXGIResource

    return IDXGIResource


class IDXGIKeyedMutex(_DXGIFacet):
    """The keyed mutex of a SHARED_KEYEDMUTEX resource object (each opened object has its own facet; the
    mutex itself is shared)."""

    _iid = IID_IDXGIKeyedMutex

    def _interfaces(self) -> dict[Any, Any]:
        from .com import IID_IDXGIDeviceSubObject, IID_IDXGIObject

        return {IID_IDXGIKeyedMutex: self, IID_IDXGIDeviceSubObject: self, IID_IDXGIObject: self}

    def AcquireSync(self, Key: int, dwMilliseconds: int) -> int:  # noqa: N802,N803
        """Wait until the mutex is released with ``Key``, then own it. Returns S_OK (0), WAIT_TIMEOUT (0x102), or
        WAIT_ABANDONED (0x80, owning it) when its owner was destroyed while holding it; E_FAIL when this object
        already owns it."""
        m: KeyedMutexState = self._owner._shared.mutex
        key, ms = int(Key) & 0xFFFFFFFFFFFFFFFF, int(dwMilliseconds) & 0xFFFFFFFF
        deadline = None if ms == INFINITE else time.monotonic() + ms / 1000.0
        with m.cond:
            if m.owner is self:
                raise error_for(E_FAIL, "this device already owns the keyed mutex", "AcquireSync")
            if m.owner is not None and not m.owner._owner._alive():
                # the owner was destroyed while holding the mutex: the surface is in an unknown state
                m.owner = self
                return WAIT_ABANDONED
            while m.owner is not None or m.key != key:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return WAIT_TIMEOUT
                m.cond.wait(left)
            m.owner = self
        return 0

    def ReleaseSync(self, Key: int) -> None:  # noqa: N802,N803
        """Release the mutex with ``Key`` (E_FAIL when this object does not own it)."""
        m: KeyedMutexState = self._owner._shared.mutex
        with m.cond:
            if m.owner is not self:
                raise error_for(E_FAIL, "the keyed mutex is not owned by this device", "ReleaseSync")
            m.owner = None
            m.key = int(Key) & 0xFFFFFFFFFFFFFFFF
            m.cond.notify_all()


def extra_interface(resource: Any, key: Any) -> Any:
    """IDXGIResource1 of any resource, IDXGIKeyedMutex of SHARED_KEYEDMUTEX resources (None otherwise)."""
    from .com import facet

    if key in (IID_IDXGIResource1, IID_IDXGIResource):  # one facet answers both (COM identity)
        return facet(resource, IDXGIResource1)
    e = _entry(resource)
    if key == IID_IDXGIKeyedMutex and e is not None and e.mutex is not None:
        return facet(resource, IDXGIKeyedMutex)
    return None


def _make_resource1() -> type:
    base = _facet_cls()

    class IDXGIResource1(base):  # type: ignore[valid-type, misc]
        """IDXGIResource1: CreateSharedHandle (and everything of IDXGIResource)."""

        _iid = IID_IDXGIResource1

        def _interfaces(self) -> dict[Any, Any]:
            out = dict(super()._interfaces())
            out[IID_IDXGIResource1] = self
            return out

        def CreateSharedHandle(self, pAttributes: Any = None, dwAccess: int = DXGI_SHARED_RESOURCE_READ  # noqa: N802,N803
                               | DXGI_SHARED_RESOURCE_WRITE, lpName: str | None = None) -> int:  # noqa: N803
            return create_shared_handle(self._owner, pAttributes, dwAccess, lpName)

        def CreateSubresourceSurface(self, index: int) -> Any:  # noqa: N802
            from pyd3d11.errors import NotSupportedError

            raise NotSupportedError("IDXGIResource1.CreateSubresourceSurface", "CreateSubresourceSurface")

    return IDXGIResource1


IDXGIResource1 = _make_resource1()

__all__ = ["IDXGIKeyedMutex", "IDXGIResource1", "IUnknown", "_guid"]
