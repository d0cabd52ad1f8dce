"""ID3D11Device / ID3D11Device1: one object answering both interfaces (DESIGN §1).

Creation methods live in mixins (device_resources.py, device_states.py, device_shaders.py); this
module holds the device core: feature level, flags, immediate context, private data, exception mode,
the info-queue bridge (:meth:`_report`) and the live-object registry for ID3D11Debug.

Failing Create* calls report an ERROR message through the info queue (STATE_CREATION category, with
the D3D11_MESSAGE_ID of the rule and the matching *_INVALIDARG_RETURN) and raise the HRESULT's
exception; the device is unchanged. ``ppX=None`` (or False) validates only and returns None (S_FALSE).
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Iterator
from typing import Any

from pyd3d11.errors import (
    DXGI_ERROR_DEVICE_HUNG,
    DXGI_ERROR_DEVICE_REMOVED,
    DXGI_ERROR_INVALID_CALL,
    E_INVALIDARG,
    error_for,
)

from ..shader import watchdog
from . import device_consts as C
from . import level_rules_device
from .caps import FeatureLevelCaps, caps_for
from .com import IDXGIDevice, IID_IDXGIDevice, IID_IDXGIDevice1, IUnknown, facet, iid
from .debug import CATEGORY_STATE_CREATION, SEVERITY_ERROR, ID3D11Debug, ID3D11InfoQueue
from .debug_messages import message_id
from .device_caps import DeviceCapsMixin
from .device_resources import DeviceResourcesMixin
from .device_shaders import DeviceShadersMixin
from .device_states import DeviceStatesMixin
from .device_structs import Reject

_CONTEXT_STATE_SINGLETHREADED = 0x1  # D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED

# IDXGIDevice/IDXGIDevice1 live in com.py with the other DXGI facets (GetAdapter -> dxgi_factory).


class ID3D11Device(DeviceResourcesMixin, DeviceStatesMixin, DeviceShadersMixin, DeviceCapsMixin, IUnknown):
    _iid = iid("ID3D11Device", "db6f6ddb-ac77-4e88-8253-819df9bbf140")

    def __init__(self, feature_level: int, flags: int = 0, driver_type: int = C.DRIVER_HARDWARE) -> None:
        super().__init__()
        self._feature_level = int(feature_level)
        #: The level the device was created at: the immediate context's level until a context state object
        #: is swapped in (CreateDeviceContextState may raise ``_feature_level`` later).
        self._created_level = int(feature_level)
        self._caps: FeatureLevelCaps = caps_for(feature_level)
        self._flags = int(flags)
        self._driver_type = int(driver_type)
        #: NULL driver: objects can be created but nothing renders (context checks this flag).
        self._null_device = driver_type == C.DRIVER_NULL
        self._exception_mode = 0
        self._removed_reason = 0
        self._gpu_priority = 0
        self._children: weakref.WeakSet[Any] = weakref.WeakSet()
        self._info_queue = ID3D11InfoQueue(self, enabled=bool(flags & C.CREATE_DEBUG))
        self._debug = ID3D11Debug(self) if flags & C.CREATE_DEBUG else None
        self._init_states()
        self._immediate: Any = None

    # -- live objects / debug layer ------------------------------------------------------------
    def _register_child(self, child: Any) -> None:
        self._children.add(child)

    def _live_children(self) -> list[Any]:
        return list(self._children)

    def _report(self, severity: int, category: int, message_id: int, text: str) -> None:
        """Report a message through the info queue (the context calls this for dropped calls)."""
        self._info_queue._report(severity, category, message_id, text)

    def _extra_interface(self, key: Any) -> Any:
        if key == ID3D11InfoQueue._iid and self._flags & C.CREATE_DEBUG:
            return self._info_queue
        if key == ID3D11Debug._iid and self._debug is not None:
            return self._debug
        if key in (IID_IDXGIDevice, IID_IDXGIDevice1):  # one cached facet (COM identity)
            return facet(self, IDXGIDevice)
        return None

    @contextlib.contextmanager
    def _creating(self, method: str, return_id: str = "") -> Iterator[None]:
        """Turn a validator's :class:`Reject` into a debug-layer report plus the HRESULT's exception."""
        try:
            yield
        except Reject as r:
            text = f"ID3D11Device::{method}: {r.text}"
            if r.message_name:
                from .message_map import resolve

                self._report(SEVERITY_ERROR, CATEGORY_STATE_CREATION, resolve(r.message_name, method + ":"), text)
            if return_id:
                self._report(SEVERITY_ERROR, CATEGORY_STATE_CREATION, message_id(return_id),
                             f"ID3D11Device::{method}: Returning E_INVALIDARG, meaning invalid parameters were "
                             "passed.")
            raise error_for(r.hresult, r.text, method) from None

    # -- ID3D11Device core ---------------------------------------------------------------------
    def GetFeatureLevel(self) -> int:
        try:
            from pyd3d11.headers import D3D_FEATURE_LEVEL  # type: ignore[attr-defined]

            return D3D_FEATURE_LEVEL(self._feature_level)
        except Exception:
            return self._feature_level

    def GetCreationFlags(self) -> int:
        return self._flags

    def GetDeviceRemovedReason(self) -> int:
        return self._removed_reason

    # -- device removal (shader/watchdog.py: Windows' timeout detection and recovery) -------------------
    def _shader_budget(self) -> float | None:
        """Seconds one draw/dispatch may run (None: unwatched, D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT)."""
        if self._flags & C.CREATE_DISABLE_GPU_TIMEOUT:
            return None
        return watchdog.delay()

    def _remove(self, reason: int = DXGI_ERROR_DEVICE_HUNG) -> None:
        """Put the device into the removed state: GetDeviceRemovedReason returns ``reason``; Create* and
        Present fail with DXGI_ERROR_DEVICE_REMOVED, reading Maps and GetData too; context work is dropped."""
        if self._removed_reason:
            return
        self._removed_reason = int(reason)
        from .debug import CATEGORY_EXECUTION

        self._report(SEVERITY_ERROR, CATEGORY_EXECUTION, message_id("DEVICE_REMOVAL_PROCESS_AT_FAULT"),
                     "ID3D11Device: Device removed (DXGI_ERROR_DEVICE_HUNG): a draw or dispatch ran past the "
                     "GPU timeout (shader watchdog; an endless loop in a shader?). Every later Create* "
                     "and Present fails with DXGI_ERROR_DEVICE_REMOVED and context work is dropped.")

    def _check_not_removed(self, method: str) -> None:
        if self._removed_reason:
            raise error_for(DXGI_ERROR_DEVICE_REMOVED, "the device was removed "
                            f"(GetDeviceRemovedReason 0x{self._removed_reason & 0xFFFFFFFF:08X})", method)

    def SetExceptionMode(self, RaiseFlags: int) -> None:  # noqa: N803
        if int(RaiseFlags) & ~0x1:  # D3D11_RAISE_FLAG_DRIVER_INTERNAL_ERROR
            raise error_for(E_INVALIDARG, f"RaiseFlags 0x{int(RaiseFlags):X} has unknown bits", "SetExceptionMode")
        self._exception_mode = int(RaiseFlags)

    def GetExceptionMode(self) -> int:
        return self._exception_mode

    def _make_context(self, deferred: bool) -> Any:
        from .context import ID3D11DeviceContext1  # imported late: the context module imports device-side modules

        return ID3D11DeviceContext1(self, deferred=True) if deferred else ID3D11DeviceContext1(self)

    def GetImmediateContext(self) -> Any:
        if self._immediate is None:
            self._immediate = self._make_context(False)
        else:
            self._immediate.AddRef()
        return self._immediate

    GetImmediateContext1 = GetImmediateContext

    def CreateDeferredContext(self, ContextFlags: int = 0, ppDeferredContext: Any = True) -> Any:  # noqa: N803
        """ID3D11Device::CreateDeferredContext (MicrosoftDocs): a device created with
        D3D11_CREATE_DEVICE_SINGLETHREADED cannot have deferred contexts (DXGI_ERROR_INVALID_CALL);
        ContextFlags other than 0: E_INVALIDARG."""
        if self._flags & C.CREATE_SINGLETHREADED:
            raise error_for(DXGI_ERROR_INVALID_CALL, "the device was created with D3D11_CREATE_DEVICE_SINGLETHREADED",
                            "CreateDeferredContext")
        if int(ContextFlags) != 0:
            raise error_for(E_INVALIDARG, "ContextFlags must be 0", "CreateDeferredContext")
        if self._flags & C.CREATE_SINGLETHREADED:
            # CreateDeferredContext remarks: a SINGLETHREADED device has no deferred contexts.
            self._report(SEVERITY_ERROR, CATEGORY_STATE_CREATION, message_id("CREATEDEFERREDCONTEXT_SINGLETHREADED"),
                         "ID3D11Device::CreateDeferredContext: the device was created with "
                         "D3D11_CREATE_DEVICE_SINGLETHREADED; deferred contexts are not available.")
            raise error_for(DXGI_ERROR_INVALID_CALL, "the device was created SINGLETHREADED", "CreateDeferredContext")
        if not ppDeferredContext:
            return None
        return self._make_context(True)

    CreateDeferredContext1 = CreateDeferredContext

    # -- ID3D11Device1 extras answered here ------------------------------------------------------
    def CreateDeviceContextState(self, Flags: int, pFeatureLevels: Any, FeatureLevels: int,  # noqa: N803
                                 SDKVersion: int, EmulatedInterface: Any,  # noqa: N803
                                 ppContextState: Any = True) -> tuple[int, Any]:  # noqa: N803
        """ID3D11Device1::CreateDeviceContextState -> ``(chosen feature level, ID3DDeviceContextState)``.

        Rules (MicrosoftDocs ID3D11Device1::CreateDeviceContextState): Flags only
        D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED, and required when the device was created
        SINGLETHREADED; pFeatureLevels non-NULL with FeatureLevels > 0 (no default list); SDKVersion
        D3D11_SDK_VERSION; EmulatedInterface one of ID3D10Device, ID3D10Device1, ID3D11Device, ID3D11Device1.
        The chosen level is the first listed level this runtime supports (levels above 10_1 are skipped for
        the D3D10 interfaces, which cannot express them); none: E_INVALIDARG. The new object holds the cleared
        pipeline state. The device's feature level becomes the maximum of its own and every created state
        object's (remarks: "the device's feature level can increase dynamically"). ``ppContextState`` None
        validates only: ``(level, None)``.
        """
        from .com import _guid
        from .context_state import D3D10_INTERFACES, EMULATED_INTERFACES, ID3DDeviceContextState
        from .device_structs import reject

        m = "CreateDeviceContextState"
        with self._creating(m):
            flags = int(Flags)
            if flags & ~_CONTEXT_STATE_SINGLETHREADED:
                raise reject(f"Flags 0x{flags:X} has bits other than D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED")
            if self._flags & C.CREATE_SINGLETHREADED and not flags & _CONTEXT_STATE_SINGLETHREADED:
                raise reject("the device was created SINGLETHREADED: Flags must include "
                             "D3D11_1_CREATE_DEVICE_CONTEXT_STATE_SINGLETHREADED")
            if pFeatureLevels is None or not FeatureLevels:
                raise reject("pFeatureLevels must be non-NULL and FeatureLevels > 0 (there is no default list)")
            levels = [int(x) for x in list(pFeatureLevels)]
            if int(FeatureLevels) > len(levels):
                raise reject(f"FeatureLevels {FeatureLevels} exceeds the {len(levels)} entries of pFeatureLevels")
            levels = levels[:int(FeatureLevels)]
            if int(SDKVersion) != C.D3D11_SDK_VERSION:
                raise reject(f"SDKVersion {SDKVersion} is not D3D11_SDK_VERSION ({C.D3D11_SDK_VERSION})")
            try:
                emulated = _guid(EmulatedInterface)
            except Exception:
                emulated = None
            if emulated not in EMULATED_INTERFACES:
                raise reject("EmulatedInterface is not ID3D10Device, ID3D10Device1, ID3D11Device or ID3D11Device1")
            limit = C.FL_10_1 if emulated in D3D10_INTERFACES else C.FL_11_1
            for lv in levels:
                if lv not in C.ALL_FEATURE_LEVELS:
                    raise reject(f"pFeatureLevels contains an unknown D3D_FEATURE_LEVEL 0x{lv:X}")
            chosen = next((lv for lv in levels if lv <= limit), None)
            if chosen is None:
                raise reject("none of pFeatureLevels is supported for the emulated interface")
        if not ppContextState:
            return chosen, None
        state = ID3DDeviceContextState(self, chosen, emulated, flags)
        if chosen > self._feature_level:
            self._feature_level = chosen
            self._caps = caps_for(chosen)
        return chosen, state

    def OpenSharedResource(self, hResource: Any, ReturnedInterface: Any) -> Any:  # noqa: N802,N803
        """Open a legacy shared handle (IDXGIResource::GetSharedHandle) on this device (api/sharing.py)."""
        from .sharing import open_shared_resource

        return open_shared_resource(self, hResource, ReturnedInterface)

    def OpenSharedResource1(self, hResource: Any, returnedInterface: Any) -> Any:  # noqa: N802,N803
        """Open an NT handle (IDXGIResource1::CreateSharedHandle) on this device."""
        from .sharing import open_shared_resource1

        return open_shared_resource1(self, hResource, returnedInterface)

    def OpenSharedResourceByName(self, lpName: str, dwDesiredAccess: int, returnedInterface: Any) -> Any:  # noqa: N802,N803
        """Open the resource a named NT handle was created for, with at most the access it grants."""
        from .sharing import open_shared_resource_by_name

        return open_shared_resource_by_name(self, lpName, dwDesiredAccess, returnedInterface)


class ID3D11Device1(ID3D11Device):
    _iid = iid("ID3D11Device1", "a04bfb29-08ef-43d6-a49c-a9bdbdcbe686")


# The 10Level9 ID3D11Device table gates the Create* methods it names, from one place.
level_rules_device.install(ID3D11Device)


def _fails_when_removed(fn: Any, name: str) -> Any:
    import functools

    @functools.wraps(fn)
    def wrapper(self: Any, *args: Any, **kw: Any) -> Any:
        self._check_not_removed(name)
        return fn(self, *args, **kw)

    wrapper._removed_guard = True  # type: ignore[attr-defined]
    return wrapper


def install_removed_guard(cls: type) -> None:
    """A removed device's Create* / OpenSharedResource* methods fail with DXGI_ERROR_DEVICE_REMOVED (the device
    and every object must be recreated: "Handle device removed scenarios in Direct3D 11")."""
    for name in dir(cls):
        if name.startswith(("Create", "OpenSharedResource")):
            fn = getattr(cls, name)
            if callable(fn) and not getattr(fn, "_removed_guard", False):
                setattr(cls, name, _fails_when_removed(fn, name))


install_removed_guard(ID3D11Device)
