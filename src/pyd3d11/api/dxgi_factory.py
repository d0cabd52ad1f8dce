"""DXGI factory, adapter and output (dxgi.h / dxgi1_2.h): CreateDXGIFactory(1/2), IDXGIFactory(1/2),
IDXGIAdapter(1/2), IDXGIOutput(1).

pyd3d11 has one adapter, the software rasterizer, described like Microsoft's Basic Render Driver / WARP
(VendorId 0x1414, DeviceId 0x8C, DXGI_ADAPTER_FLAG_SOFTWARE). It has one headless output,
``\\\\.\\DISPLAY1`` (1920x1080 desktop at 60 Hz), that can never be taken full screen: swap chains are
always windowed (see dxgi_swapchain.py). EnumAdapters/EnumOutputs past the end give
DXGI_ERROR_NOT_FOUND as on Windows.

Python calling convention: out-parameters are return values; a failing HRESULT raises its exception.
"""

from __future__ import annotations

import uuid
from typing import Any

from pyd3d11.errors import (
    DXGI_ERROR_INVALID_CALL,
    DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
    DXGI_ERROR_NOT_FOUND,
    DXGI_ERROR_UNSUPPORTED,
    E_INVALIDARG,
    D3D11Error,
    NotSupportedError,
    error_for,
)
from pyd3d11.headers.dxgi_types import (
    DXGI_ADAPTER_DESC,
    DXGI_ADAPTER_DESC1,
    DXGI_ADAPTER_DESC2,
    DXGI_FORMAT_R8G8B8A8_UNORM,
    DXGI_FORMAT_UNKNOWN,
    DXGI_MODE_DESC,
    DXGI_MODE_DESC1,
    DXGI_OUTPUT_DESC,
    LUID,
    RECT,
)

from .com import IID_IDXGIObject, IUnknown, _guid, iid
from .device_structs import F

IID_IDXGIFactory = iid("IDXGIFactory", "7b7166ec-21c7-44ae-b21a-c9ae321ae369")
IID_IDXGIFactory1 = iid("IDXGIFactory1", "770aae78-f26f-4dba-a829-253c83d1b387")
IID_IDXGIFactory2 = iid("IDXGIFactory2", "50c83a1c-e072-4c48-87b0-3630fa36a6d0")
IID_IDXGIAdapter = iid("IDXGIAdapter", "2411e7e1-12ac-4ccf-bd14-9798e8534dc0")
IID_IDXGIAdapter1 = iid("IDXGIAdapter1", "29038f61-3839-4626-91fd-086879011a05")
IID_IDXGIAdapter2 = iid("IDXGIAdapter2", "0aa1ae0a-fa0e-4b84-8644-e05ff8e5acb5")
IID_IDXGIOutput = iid("IDXGIOutput", "ae02eedb-c735-4690-8d52-5a8dc20213aa")
IID_IDXGIOutput1 = iid("IDXGIOutput1", "00cddea8-939b-4b83-a340-a685226666cc")

DXGI_CREATE_FACTORY_DEBUG = 0x1
DXGI_MWA_VALID = 0x7
DXGI_ADAPTER_FLAG_SOFTWARE = 0x2

ADAPTER_DESCRIPTION = "pyd3d11 software adapter"
ADAPTER_VENDOR_ID = 0x1414  # Microsoft (Basic Render Driver / WARP)
ADAPTER_DEVICE_ID = 0x8C
ADAPTER_LUID = (0x00001414, 0)  # fixed: every factory enumerates the same physical adapter
SHARED_SYSTEM_MEMORY = 4 << 30  # what the adapter reports as shared system memory (bytes)

OUTPUT_NAME = "\\\\.\\DISPLAY1"
OUTPUT_SIZE = (1920, 1080)
REFRESH = (60, 1)
# Display modes of the headless output, smallest first (DXGI lists modes in increasing size).
_MODE_SIZES = ((640, 480), (800, 600), (1024, 768), (1280, 720), (1280, 1024), (1600, 900), (1920, 1080))
# Formats the output scans out (the CheckFormatSupport DISPLAY set).
DISPLAY_FORMATS = frozenset({10, 24, 28, 29, 87, 91, 89})
_SCANLINE_PROGRESSIVE = 1
_ROTATION_IDENTITY = 1


def _fail(hr: int, text: str, method: str) -> D3D11Error:
    return error_for(hr, text, method)


class IDXGIObject(IUnknown):
    """IDXGIObject: private data (inherited) and GetParent."""

    _iid = IID_IDXGIObject
    _parent: Any = None

    def GetParent(self, riid: Any) -> Any:  # noqa: N802
        if self._parent is None:
            raise _fail(E_INVALIDARG, f"{type(self).__name__} has no parent", "GetParent")
        return self._parent.QueryInterface(riid)


# ------------------------------------------------------------------------------------------------
# Output
# ------------------------------------------------------------------------------------------------


class IDXGIOutput1(IDXGIObject):
    """The adapter's headless output (also answers IDXGIOutput)."""

    _iid = IID_IDXGIOutput1

    def __init__(self, adapter: Any) -> None:
        super().__init__()
        self._parent = adapter

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        out = super()._interfaces()
        out[IID_IDXGIOutput] = self
        return out

    def GetDesc(self) -> DXGI_OUTPUT_DESC:  # noqa: N802
        w, h = OUTPUT_SIZE
        return DXGI_OUTPUT_DESC(DeviceName=OUTPUT_NAME, DesktopCoordinates=RECT(0, 0, w, h), AttachedToDesktop=1,
                                Rotation=_ROTATION_IDENTITY, Monitor=None)

    def GetDisplayModeList(self, EnumFormat: int, Flags: int = 0) -> list[DXGI_MODE_DESC]:  # noqa: N802,N803
        """Modes in ``EnumFormat``; formats the output cannot scan out have none (an empty list)."""
        fmt = int(EnumFormat)
        if fmt not in DISPLAY_FORMATS:
            return []
        return [DXGI_MODE_DESC(Width=w, Height=h, RefreshRate=_rational(*REFRESH), Format=fmt,
                               ScanlineOrdering=_SCANLINE_PROGRESSIVE, Scaling=0) for w, h in _MODE_SIZES]

    def GetDisplayModeList1(self, EnumFormat: int, Flags: int = 0) -> list[DXGI_MODE_DESC1]:  # noqa: N802,N803
        return [DXGI_MODE_DESC1(Width=m.Width, Height=m.Height, RefreshRate=m.RefreshRate, Format=m.Format,
                                ScanlineOrdering=m.ScanlineOrdering, Scaling=m.Scaling, Stereo=0)
                for m in self.GetDisplayModeList(EnumFormat, Flags)]

    def FindClosestMatchingMode(self, pModeToMatch: Any, pConcernedDevice: Any = None) -> DXGI_MODE_DESC:  # noqa: N802,N803
        """Closest mode by area; Format UNKNOWN needs pConcernedDevice (then R8G8B8A8_UNORM), else
        DXGI_ERROR_INVALID_CALL (IDXGIOutput::FindClosestMatchingMode docs)."""
        fmt = int(F(pModeToMatch, "Format", DXGI_FORMAT_UNKNOWN))
        if fmt == DXGI_FORMAT_UNKNOWN:
            if pConcernedDevice is None:
                raise _fail(DXGI_ERROR_INVALID_CALL, "Format UNKNOWN needs pConcernedDevice", "FindClosestMatchingMode")
            fmt = DXGI_FORMAT_R8G8B8A8_UNORM
        modes = self.GetDisplayModeList(fmt)
        if not modes:
            raise _fail(DXGI_ERROR_NOT_FOUND, f"no display mode in format {fmt}", "FindClosestMatchingMode")
        w, h = int(F(pModeToMatch, "Width", 0)), int(F(pModeToMatch, "Height", 0))
        if w == 0 and h == 0:
            return modes[-1]  # unspecified size: the desktop mode
        return min(modes, key=lambda m: (abs(m.Width - w) + abs(m.Height - h), m.Width * m.Height))

    FindClosestMatchingMode1 = FindClosestMatchingMode

    def WaitForVBlank(self) -> None:  # noqa: N802
        """Headless: there is no vertical blank to wait for."""

    def TakeOwnership(self, pDevice: Any, Exclusive: bool) -> None:  # noqa: N802,N803
        raise NotSupportedError("IDXGIOutput.TakeOwnership (full-screen outputs)", "TakeOwnership")

    def ReleaseOwnership(self) -> None:  # noqa: N802
        """Nothing is owned."""

    def _fullscreen_only(self, method: str) -> None:
        raise _fail(DXGI_ERROR_NOT_CURRENTLY_AVAILABLE, "gamma and frame statistics need a full-screen swap chain, "
                    "which the headless output never has", method)

    def GetGammaControlCapabilities(self) -> Any:  # noqa: N802
        self._fullscreen_only("GetGammaControlCapabilities")

    def SetGammaControl(self, pArray: Any) -> None:  # noqa: N802,N803
        self._fullscreen_only("SetGammaControl")

    def GetGammaControl(self) -> Any:  # noqa: N802
        self._fullscreen_only("GetGammaControl")

    def GetFrameStatistics(self) -> Any:  # noqa: N802
        self._fullscreen_only("GetFrameStatistics")

    def SetDisplaySurface(self, pScanoutSurface: Any) -> None:  # noqa: N802,N803
        raise NotSupportedError("IDXGIOutput.SetDisplaySurface", "SetDisplaySurface")

    def GetDisplaySurfaceData(self, pDestination: Any) -> None:  # noqa: N802,N803
        raise NotSupportedError("IDXGIOutput.GetDisplaySurfaceData", "GetDisplaySurfaceData")

    def DuplicateOutput(self, pDevice: Any) -> Any:  # noqa: N802,N803
        raise NotSupportedError("IDXGIOutput1.DuplicateOutput (desktop duplication)", "DuplicateOutput")


IDXGIOutput = IDXGIOutput1


def _rational(n: int, d: int) -> Any:
    from pyd3d11.headers.dxgi_types import DXGI_RATIONAL

    return DXGI_RATIONAL(Numerator=n, Denominator=d)


# ------------------------------------------------------------------------------------------------
# Adapter
# ------------------------------------------------------------------------------------------------


class IDXGIAdapter2(IDXGIObject):
    """The software adapter (answers IDXGIAdapter, IDXGIAdapter1 and IDXGIAdapter2)."""

    _iid = IID_IDXGIAdapter2

    def __init__(self, factory: Any) -> None:
        super().__init__()
        self._parent = factory
        self._outputs = [IDXGIOutput1(self)]

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        out = super()._interfaces()
        out[IID_IDXGIAdapter] = out[IID_IDXGIAdapter1] = self
        return out

    def _desc_fields(self) -> dict[str, Any]:
        return dict(Description=ADAPTER_DESCRIPTION, VendorId=ADAPTER_VENDOR_ID, DeviceId=ADAPTER_DEVICE_ID,
                    SubSysId=0, Revision=0, DedicatedVideoMemory=0, DedicatedSystemMemory=0,
                    SharedSystemMemory=SHARED_SYSTEM_MEMORY, AdapterLuid=LUID(*ADAPTER_LUID))

    def GetDesc(self) -> DXGI_ADAPTER_DESC:  # noqa: N802
        return DXGI_ADAPTER_DESC(**self._desc_fields())

    def GetDesc1(self) -> DXGI_ADAPTER_DESC1:  # noqa: N802
        return DXGI_ADAPTER_DESC1(**self._desc_fields(), Flags=DXGI_ADAPTER_FLAG_SOFTWARE)

    def GetDesc2(self) -> DXGI_ADAPTER_DESC2:  # noqa: N802
        # Preemption granularities: DMA buffer (0) for graphics and compute (no finer preemption).
        return DXGI_ADAPTER_DESC2(**self._desc_fields(), Flags=DXGI_ADAPTER_FLAG_SOFTWARE,
                                  GraphicsPreemptionGranularity=0, ComputePreemptionGranularity=0)

    def EnumOutputs(self, Output: int) -> IDXGIOutput1:  # noqa: N802,N803
        i = int(Output)
        if not 0 <= i < len(self._outputs):
            raise _fail(DXGI_ERROR_NOT_FOUND, f"the adapter has {len(self._outputs)} output(s)", "EnumOutputs")
        out = self._outputs[i]
        out.AddRef()
        return out

    def CheckInterfaceSupport(self, InterfaceName: Any) -> int:  # noqa: N802,N803
        """Only answers for Direct3D 10 device interfaces, which pyd3d11 does not implement:
        DXGI_ERROR_UNSUPPORTED (also what Windows gives for ID3D11Device)."""
        raise _fail(DXGI_ERROR_UNSUPPORTED, f"{{{_guid(InterfaceName)}}} is not a supported Direct3D 10 interface",
                    "CheckInterfaceSupport")


IDXGIAdapter = IDXGIAdapter1 = IDXGIAdapter2


# ------------------------------------------------------------------------------------------------
# Factory
# ------------------------------------------------------------------------------------------------


class IDXGIFactory2(IDXGIObject):
    """The factory (answers IDXGIFactory, IDXGIFactory1 and IDXGIFactory2). It has no parent."""

    _iid = IID_IDXGIFactory2

    def __init__(self, flags: int = 0) -> None:
        super().__init__()
        self._flags = int(flags)
        self._adapters = [IDXGIAdapter2(self)]
        self._window: Any = None
        self._window_flags = 0

    def _interfaces(self) -> dict[uuid.UUID, Any]:
        out = super()._interfaces()
        out[IID_IDXGIFactory] = out[IID_IDXGIFactory1] = self
        return out

    def EnumAdapters(self, Adapter: int) -> IDXGIAdapter2:  # noqa: N802,N803
        i = int(Adapter)
        if not 0 <= i < len(self._adapters):
            raise _fail(DXGI_ERROR_NOT_FOUND, f"the factory has {len(self._adapters)} adapter(s)", "EnumAdapters")
        a = self._adapters[i]
        a.AddRef()
        return a

    EnumAdapters1 = EnumAdapters

    def IsCurrent(self) -> bool:  # noqa: N802
        """The adapter list never changes."""
        return True

    def MakeWindowAssociation(self, WindowHandle: Any, Flags: int = 0) -> None:  # noqa: N802,N803
        if int(Flags) & ~DXGI_MWA_VALID:
            raise _fail(DXGI_ERROR_INVALID_CALL, f"Flags 0x{int(Flags):X} has unknown DXGI_MWA bits",
                        "MakeWindowAssociation")
        self._window, self._window_flags = WindowHandle, int(Flags)

    def GetWindowAssociation(self) -> Any:  # noqa: N802
        return self._window

    def CreateSoftwareAdapter(self, Module: Any) -> Any:  # noqa: N802,N803
        raise NotSupportedError("IDXGIFactory.CreateSoftwareAdapter (third-party rasterizer DLLs)",
                                "CreateSoftwareAdapter")

    # -- swap chains (dxgi_swapchain.py) -------------------------------------------------------------
    def CreateSwapChain(self, pDevice: Any, pDesc: Any) -> Any:  # noqa: N802,N803
        """IDXGIFactory::CreateSwapChain(pDevice, DXGI_SWAP_CHAIN_DESC) -> IDXGISwapChain1."""
        from .dxgi_swapchain import create_swap_chain

        return create_swap_chain(self, pDevice, pDesc)

    def CreateSwapChainForHwnd(self, pDevice: Any, hWnd: Any, pDesc: Any, pFullscreenDesc: Any = None,  # noqa: N802,N803
                               pRestrictToOutput: Any = None) -> Any:  # noqa: N803
        """IDXGIFactory2::CreateSwapChainForHwnd(pDevice, hWnd, DXGI_SWAP_CHAIN_DESC1, ...)."""
        from .dxgi_swapchain import create_swap_chain1

        return create_swap_chain1(self, pDevice, hWnd, pDesc, pFullscreenDesc)

    def CreateSwapChainForComposition(self, pDevice: Any, pDesc: Any, pRestrictToOutput: Any = None) -> Any:  # noqa: N802,N803
        """Headless composition swap chain: flip model, explicit size (no window to size from)."""
        from .dxgi_swapchain import create_swap_chain1

        return create_swap_chain1(self, pDevice, None, pDesc, None, composition=True)

    def CreateSwapChainForCoreWindow(self, *args: Any, **kw: Any) -> Any:  # noqa: N802
        raise NotSupportedError("IDXGIFactory2.CreateSwapChainForCoreWindow (UWP windows)",
                                "CreateSwapChainForCoreWindow")

    def IsWindowedStereoEnabled(self) -> bool:  # noqa: N802
        return False

    def GetSharedResourceAdapterLuid(self, hResource: Any) -> Any:  # noqa: N802,N803
        raise NotSupportedError("IDXGIFactory2.GetSharedResourceAdapterLuid (shared resources)",
                                "GetSharedResourceAdapterLuid")

    def _no_status(self, method: str) -> Any:
        raise NotSupportedError(f"IDXGIFactory2.{method} (stereo/occlusion notifications)", method)

    def RegisterStereoStatusWindow(self, *a: Any) -> Any:  # noqa: N802
        return self._no_status("RegisterStereoStatusWindow")

    def RegisterStereoStatusEvent(self, *a: Any) -> Any:  # noqa: N802
        return self._no_status("RegisterStereoStatusEvent")

    def RegisterOcclusionStatusWindow(self, *a: Any) -> Any:  # noqa: N802
        return self._no_status("RegisterOcclusionStatusWindow")

    def RegisterOcclusionStatusEvent(self, *a: Any) -> Any:  # noqa: N802
        return self._no_status("RegisterOcclusionStatusEvent")

    def UnregisterStereoStatus(self, dwCookie: int) -> None:  # noqa: N802,N803
        """Nothing is registered."""

    UnregisterOcclusionStatus = UnregisterStereoStatus


IDXGIFactory = IDXGIFactory1 = IDXGIFactory2


def _create(flags: int, riid: Any, method: str) -> Any:
    factory = IDXGIFactory2(flags)
    try:
        return factory.QueryInterface(riid)  # E_NOINTERFACE for anything that is not a factory
    finally:
        factory.Release()


def CreateDXGIFactory(riid: Any = IID_IDXGIFactory) -> Any:  # noqa: N802
    """CreateDXGIFactory(riid) -> the factory (IDXGIFactory2 object answering every factory IID)."""
    return _create(0, riid, "CreateDXGIFactory")


def CreateDXGIFactory1(riid: Any = IID_IDXGIFactory1) -> Any:  # noqa: N802
    return _create(0, riid, "CreateDXGIFactory1")


def CreateDXGIFactory2(Flags: int = 0, riid: Any = IID_IDXGIFactory2) -> Any:  # noqa: N802,N803
    """Flags: 0 or DXGI_CREATE_FACTORY_DEBUG; other bits are E_INVALIDARG."""
    if int(Flags) & ~DXGI_CREATE_FACTORY_DEBUG:
        raise _fail(E_INVALIDARG, f"Flags 0x{int(Flags):X} has unknown bits", "CreateDXGIFactory2")
    return _create(int(Flags), riid, "CreateDXGIFactory2")


def adapter_of(device: Any) -> Any:
    """The IDXGIAdapter a D3D11 device was created on (not AddRef'd)."""
    from .com import IDXGIDevice, facet

    return facet(device, IDXGIDevice)._adapter()
