"""D3D11CreateDevice / D3D11CreateDeviceAndSwapChain (d3d11.h), with Windows' argument checks.

Every driver type except NULL gives the software device; NULL gives a device whose objects can be
created but which cannot render (``device._null_device``; the context refuses to draw or Map).
Feature-level negotiation: the first level of ``pFeatureLevels`` the device supports wins; with
None the default list 11_0, 10_1, 10_0, 9_3, 9_2, 9_1 is used (11_1 only when asked explicitly).
"""

from __future__ import annotations

from typing import Any

from pyd3d11.errors import E_INVALIDARG, error_for

from . import device_consts as C
from .caps import CAPS

DEFAULT_FEATURE_LEVELS = (C.FL_11_0, C.FL_10_1, C.FL_10_0, C.FL_9_3, C.FL_9_2, C.FL_9_1)
_DRIVER_TYPES = (C.DRIVER_UNKNOWN, C.DRIVER_HARDWARE, C.DRIVER_REFERENCE, C.DRIVER_NULL, C.DRIVER_SOFTWARE,
                 C.DRIVER_WARP)


_UNSET = None
_FOLLOW = object()  # ppImmediateContext not given: requested exactly when ppDevice is


def _fail(text: str) -> Exception:
    return error_for(E_INVALIDARG, text, "D3D11CreateDevice")


def _negotiate(pFeatureLevels: Any, FeatureLevels: Any) -> int:  # noqa: N803
    if pFeatureLevels is None:
        if FeatureLevels not in (None, 0):
            raise _fail(f"FeatureLevels is {FeatureLevels} but pFeatureLevels is NULL")
        return DEFAULT_FEATURE_LEVELS[0]
    levels = [int(x) for x in pFeatureLevels]
    if FeatureLevels is not None:
        if int(FeatureLevels) == 0 or int(FeatureLevels) > len(levels):
            raise _fail(f"FeatureLevels {FeatureLevels} does not match pFeatureLevels ({len(levels)} entries)")
        levels = levels[:int(FeatureLevels)]
    if not levels:
        raise _fail("pFeatureLevels is empty")
    for lv in levels:
        if lv not in CAPS and lv not in (0xC000, 0xC100, 0xC200):
            raise _fail(f"pFeatureLevels contains an unknown D3D_FEATURE_LEVEL 0x{lv:X}")
    for lv in levels:
        if lv in CAPS:
            return lv
    raise _fail("none of the requested feature levels is supported (highest is D3D_FEATURE_LEVEL_11_1)")


def D3D11CreateDevice(pAdapter: Any = None, DriverType: int = C.DRIVER_HARDWARE, Software: Any = None,  # noqa: N802,N803
                      Flags: int = 0, pFeatureLevels: Any = None, FeatureLevels: Any = None,  # noqa: N803
                      SDKVersion: Any = None, ppDevice: Any = True,  # noqa: N803
                      pFeatureLevel: Any = True, ppImmediateContext: Any = _FOLLOW) -> Any:  # noqa: N803
    """Create the device. Returns ``(device, feature_level, immediate_context)``.

    ppImmediateContext left out follows ppDevice; passed explicitly with ``ppDevice=None`` it creates
    the device and returns only its context (S_OK in C).

    SDKVersion may be omitted; the DESIGN §1 six-argument call with pFeatureLevels None and
    D3D11_SDK_VERSION in the FeatureLevels position is accepted as the same call.

    With ``ppDevice=None`` only the feature level is negotiated (S_FALSE in C): returns
    ``(None, feature_level, None)``.
    """
    DriverType, Flags = int(DriverType), int(Flags)
    if SDKVersion is _UNSET:
        # DESIGN §1's six-argument form (no FeatureLevels count when pFeatureLevels is NULL):
        # D3D11CreateDevice(None, HARDWARE, None, flags, None, D3D11_SDK_VERSION)
        if pFeatureLevels is None and FeatureLevels is not None and int(FeatureLevels) == C.D3D11_SDK_VERSION:
            FeatureLevels = None
        SDKVersion = C.D3D11_SDK_VERSION
    if int(SDKVersion) != C.D3D11_SDK_VERSION:
        raise _fail(f"SDKVersion {SDKVersion} is not D3D11_SDK_VERSION ({C.D3D11_SDK_VERSION})")
    if DriverType not in _DRIVER_TYPES:
        raise _fail(f"DriverType {DriverType} is not a D3D_DRIVER_TYPE")
    if pAdapter is not None and DriverType != C.DRIVER_UNKNOWN:
        raise _fail("pAdapter given: DriverType must be D3D_DRIVER_TYPE_UNKNOWN")
    if pAdapter is not None and not hasattr(pAdapter, "EnumOutputs"):
        raise _fail(f"pAdapter ({type(pAdapter).__name__}) is not an IDXGIAdapter")
    if pAdapter is None and DriverType == C.DRIVER_UNKNOWN:
        raise _fail("D3D_DRIVER_TYPE_UNKNOWN needs pAdapter")
    if DriverType == C.DRIVER_SOFTWARE and Software is None:
        raise _fail("D3D_DRIVER_TYPE_SOFTWARE needs the Software module handle")
    if DriverType != C.DRIVER_SOFTWARE and Software is not None:
        raise _fail("Software must be NULL unless DriverType is D3D_DRIVER_TYPE_SOFTWARE")
    if Flags & ~C.CREATE_VALID_FLAGS:
        raise _fail(f"Flags 0x{Flags:X} contains unknown or unsupported D3D11_CREATE_DEVICE_FLAG bits")
    level = _negotiate(pFeatureLevels, FeatureLevels)
    if ppImmediateContext is _FOLLOW:
        ppImmediateContext = bool(ppDevice)
    if not ppDevice and not ppImmediateContext:
        return None, level, None
    from .device import ID3D11Device1

    device = ID3D11Device1(level, Flags, DriverType)
    if pAdapter is not None:
        device._dxgi_adapter = pAdapter  # IDXGIDevice.GetAdapter answers the adapter it was created on
    context = device.GetImmediateContext() if ppImmediateContext else None
    if not ppDevice:
        # Only the context was asked for (wine test_create_device: S_OK, the context's refcount is 1 and
        # it holds the only reference to its device).
        device.Release()
        return None, device.GetFeatureLevel(), context
    return device, device.GetFeatureLevel(), context


def D3D11CreateDeviceAndSwapChain(pAdapter: Any = None, DriverType: int = C.DRIVER_HARDWARE,  # noqa: N802,N803
                                  Software: Any = None, Flags: int = 0, pFeatureLevels: Any = None,  # noqa: N803
                                  FeatureLevels: Any = None, SDKVersion: Any = None,  # noqa: N803
                                  pSwapChainDesc: Any = None, ppSwapChain: Any = True, ppDevice: Any = True,  # noqa: N803
                                  pFeatureLevel: Any = True, ppImmediateContext: Any = _FOLLOW) -> Any:  # noqa: N803
    """Returns ``(swap_chain, device, feature_level, immediate_context)``.

    The swap chain is made by the factory of the device's adapter (api/dxgi_swapchain.py rules).
    """
    if pSwapChainDesc is None and ppSwapChain:
        raise _fail("pSwapChainDesc is NULL but ppSwapChain was requested")
    # The swap chain needs a device even when the caller did not ask for one (wine test_create_device:
    # a desc and ppSwapChain with ppDevice NULL succeeds).
    want_device = bool(ppDevice) or bool(ppSwapChain)
    if ppImmediateContext is _FOLLOW:
        ppImmediateContext = bool(ppDevice)
    device, level, ctx = D3D11CreateDevice(pAdapter, DriverType, Software, Flags, pFeatureLevels, FeatureLevels,
                                           SDKVersion, want_device, pFeatureLevel, ppImmediateContext)
    if not ppSwapChain:
        return None, device, level, ctx
    from .dxgi_swapchain import create_swap_chain_for_device

    swap_chain = create_swap_chain_for_device(device, pSwapChainDesc)
    if not ppDevice:
        device.Release()  # the swap chain (and context) keep their own references
        device = None
    return swap_chain, device, level, ctx
