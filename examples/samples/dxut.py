# ruff: noqa: N802, N803, N806  (DXUT's names, kept so that sample code ports line by line)
"""The part of DXUT (the DirectX SDK samples' framework, walbourn/directx-sdk-samples/DXUT) the ported samples
call, over pyd3d11: callbacks, one device with a swap chain and a depth buffer, the main loop, shader
compilation from the sample's folder, debug names, and ``CModelViewerCamera`` without mouse input.

Not ported (a headless port has no use for them): the dialogs and HUD (CDXUTDialog, CD3DSettingsDlg), the
text helper, full-screen toggling, the REF device switch. Samples keep their calls to those as comments.

Command line (``parse_args``): ``--frames N --size W H --out frame.png --window --video FILE`` as the
tutorials take them (examples/tutorials/winshim.py), plus what each sample adds.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorials"))

from winshim import CreateWindow, finish, present_sinks  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402, F403
from pyd3d11.d3dcompiler import *  # noqa: E402, F403
from pyd3d11.directxmath import (  # noqa: E402
    XMMatrixLookAtLH,
    XMMatrixPerspectiveFovLH,
    XMVector3Length,
    XMVector3Normalize,
    XMVectorSet,
    XMVectorSubtract,
)
from pyd3d11.dxgi import *  # noqa: E402, F403
from pyd3d11.dxtk import CreateDDSTextureFromFile, CreateWICTextureFromFile  # noqa: E402
from pyd3d11.dxtk.sdkmesh import DXUTERR_MEDIANOTFOUND, find_file, set_media_search_path  # noqa: E402
from pyd3d11.errors import D3D11Error  # noqa: E402

WKPDID_D3DDebugObjectName = "429b8c22-9188-4b0c-8742-acb0bf85c200"


class _State:
    callbacks: dict[str, Any] = {}
    title = "DXUT"
    device: Any = None
    context: Any = None
    swap_chain: Any = None
    rtv: Any = None
    dsv: Any = None
    width = 800
    height = 600
    folder: Path = Path(".")
    settings: Any = None  # the DXUTDeviceSettings the device was created with
    force_feature_level = 0  # DXUT's -forcefeaturelevel: override (0: none)
    debug = False  # the _DEBUG build (--debug): DXUTCompileFromFile adds D3DCOMPILE_DEBUG
    start = 0.0
    last = 0.0
    #: the clock DXUTMainLoop reads (seconds); tests set a fixed sequence
    clock: Any = time.perf_counter


S = _State()


def _setter(name: str):
    def set_callback(fn: Any) -> None:
        S.callbacks[name] = fn
    return set_callback


DXUTSetCallbackDeviceChanging = _setter("device_changing")
DXUTSetCallbackMsgProc = _setter("msg_proc")
DXUTSetCallbackKeyboard = _setter("keyboard")
DXUTSetCallbackDeviceRemoved = _setter("device_removed")
DXUTSetCallbackFrameMove = _setter("frame_move")
DXUTSetCallbackD3D11DeviceAcceptable = _setter("device_acceptable")
DXUTSetCallbackD3D11DeviceCreated = _setter("device_created")
DXUTSetCallbackD3D11SwapChainResized = _setter("swap_chain_resized")
DXUTSetCallbackD3D11FrameRender = _setter("frame_render")
DXUTSetCallbackD3D11SwapChainReleasing = _setter("swap_chain_releasing")
DXUTSetCallbackD3D11DeviceDestroyed = _setter("device_destroyed")


def DXUTInit(bParseCommandLine: bool = True, bShowMsgBoxOnError: bool = True, *_: Any) -> None:
    # DXUT reads its overrides from this process's command line here; a port run twice in one process (tests)
    # must not inherit the previous run's -forcefeaturelevel:, which the port sets after this call
    S.force_feature_level = 0
    S.callbacks.setdefault("frame_move", None)


def DXUTSetCursorSettings(*_: Any) -> None:
    pass


def DXUTCreateWindow(strWindowTitle: str = "DXUT") -> None:
    S.title = strWindowTitle


def DXUTSetMediaSearchPath(folder: str | Path, *media: str | Path) -> None:
    """Where DXUTCompileFromFile and DXUTFindDXSDKMediaFileCch look: the sample's folder, then ``media`` (the
    SDK's Media folder in the C++ build; here ``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media). CDXUTSDKMesh
    searches the same folders."""
    S.folder = Path(folder)
    S.media = [Path(m) for m in media]
    set_media_search_path(S.folder, *S.media)


def DXUTFindDXSDKMediaFileCch(strFilename: str) -> str:
    """The path of a media file (the sample's folder first, then the media folders; '\\' separators
    accepted). A missing file raises D3D11Error(DXUTERR_MEDIANOTFOUND), as the C++ function returns it."""
    rel = Path(strFilename.replace("\\", "/"))
    for folder in [S.folder, *getattr(S, "media", [])]:
        found = find_file(folder, rel)  # without regard to case, as Windows finds it
        if found is not None:
            return str(found)
    if rel.is_file():
        return str(rel)
    raise D3D11Error(DXUTERR_MEDIANOTFOUND, f"{strFilename} not found in the media search path",  # noqa: F405
                     "DXUTFindDXSDKMediaFileCch")


def DXUTCreateShaderResourceViewFromFile(d3dDevice: Any, szFileName: str) -> Any:
    """SDKmisc.cpp: find the media file, then CreateDDSTextureFromFile for .dds, else CreateWICTextureFromFile;
    returns the view."""
    path = DXUTFindDXSDKMediaFileCch(szFileName)
    if path.lower().endswith(".dds"):
        return CreateDDSTextureFromFile(d3dDevice, path, texture=False)[1]
    return CreateWICTextureFromFile(d3dDevice, path, texture=False)[1]


def default_media_folder() -> Path | None:
    """$PYD3D11_SDK_SAMPLES/Media when that checkout exists (where the SDK samples' meshes and textures are)."""
    root = os.environ.get("PYD3D11_SDK_SAMPLES")
    return Path(root, "Media") if root and Path(root, "Media").is_dir() else None


class DXGI_SURFACE_DESC:
    def __init__(self, Width: int, Height: int, Format: int) -> None:
        self.Width, self.Height, self.Format = Width, Height, Format
        self.SampleDesc = DXGI_SAMPLE_DESC(Count=1, Quality=0)  # noqa: F405


class DXUTD3D11DeviceSettings:
    """DXUT.h's DXUTD3D11DeviceSettings (the fields a port can change in its ModifyDeviceSettings callback)."""

    def __init__(self) -> None:
        self.AdapterOrdinal = 0
        self.DriverType = 0
        self.Output = 0
        self.sd = DXGI_SWAP_CHAIN_DESC()  # noqa: F405
        self.CreateFlags = 0
        self.SyncInterval = 0
        self.PresentFlags = 0
        self.AutoCreateDepthStencil = False
        self.AutoDepthStencilFormat = 0
        self.DeviceFeatureLevel = 0


class DXUTDeviceSettings:
    """DXUT.h's DXUTDeviceSettings: the minimum feature level and the Direct3D 11 settings."""

    def __init__(self) -> None:
        self.MinimumFeatureLevel = 0
        self.d3d11 = DXUTD3D11DeviceSettings()


def DXUTApplyDefaultDeviceSettings(modifySettings: DXUTDeviceSettings) -> None:
    """DXUT.cpp's defaults: an 800x600 windowed R8G8B8A8_UNORM_SRGB back buffer (DXUT's preferred mode: the
    samples render in linear space and the back buffer encodes sRGB for the screen), two buffers, DISCARD,
    a D24_UNORM_S8_UINT depth-stencil buffer, the hardware driver, SyncInterval 0."""
    d = modifySettings.d3d11
    d.AdapterOrdinal = 0
    d.AutoCreateDepthStencil = True
    d.AutoDepthStencilFormat = DXGI_FORMAT_D24_UNORM_S8_UINT  # noqa: F405
    d.CreateFlags = D3D11_CREATE_DEVICE_DEBUG if S.debug else 0  # noqa: F405  (DXUT: #if defined(_DEBUG))
    d.DriverType = D3D_DRIVER_TYPE_HARDWARE  # noqa: F405
    d.Output = 0
    d.PresentFlags = 0
    d.sd.BufferCount = 2
    d.sd.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM_SRGB  # noqa: F405
    d.sd.BufferDesc.Width, d.sd.BufferDesc.Height = 800, 600
    d.sd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT  # noqa: F405  (DXUT writes 32)
    d.sd.SampleDesc.Count, d.sd.SampleDesc.Quality = 1, 0
    d.sd.SwapEffect = DXGI_SWAP_EFFECT_DISCARD  # noqa: F405
    d.sd.Windowed = True
    d.SyncInterval = 0


def DXUTCreateDevice(MinFeatureLevel: int, bWindowed: bool = True, nSuggestedWidth: int = 0,
                     nSuggestedHeight: int = 0) -> None:
    """DXUT's device creation at ``MinFeatureLevel`` — or the ``-forcefeaturelevel:`` override
    (DXUTSetOverrideForceFeatureLevel); real DXUT enumerates the adapter and takes its best level, which a port
    asks for with the override — from the default settings (DXUTApplyDefaultDeviceSettings — an R8G8B8A8_UNORM_SRGB
    back buffer), the suggested size, then the app's ModifyDeviceSettings callback (returning False cancels, as
    DXUT aborts the change); then the device, the swap chain, the render target view of the back buffer (its
    own sRGB format), the depth-stencil buffer and view, a full viewport, and the device-created and
    swap-chain-resized callbacks."""
    settings = DXUTDeviceSettings()
    DXUTApplyDefaultDeviceSettings(settings)
    settings.MinimumFeatureLevel = MinFeatureLevel
    sd = settings.d3d11.sd
    sd.BufferDesc.Width = nSuggestedWidth or sd.BufferDesc.Width
    sd.BufferDesc.Height = nSuggestedHeight or sd.BufferDesc.Height
    sd.Windowed = bool(bWindowed)
    if S.force_feature_level:  # DXUTUpdateDeviceSettingsWithOverrides: -forcefeaturelevel:
        settings.d3d11.DeviceFeatureLevel = S.force_feature_level
    if S.callbacks.get("device_changing") and not S.callbacks["device_changing"](settings, None):
        return
    S.settings = settings
    S.width, S.height = sd.BufferDesc.Width, sd.BufferDesc.Height
    sd.OutputWindow = CreateWindow(S.title, S.width, S.height)
    S.swap_chain, S.device, level, S.context = D3D11CreateDeviceAndSwapChain(  # noqa: F405
        None, settings.d3d11.DriverType, None, settings.d3d11.CreateFlags,
        [settings.d3d11.DeviceFeatureLevel or settings.MinimumFeatureLevel], 1,
        D3D11_SDK_VERSION, sd)  # noqa: F405
    back = S.swap_chain.GetBuffer(0, ID3D11Texture2D)  # noqa: F405
    S.rtv = S.device.CreateRenderTargetView(back, None)
    back.Release()
    S.dsv = None
    if settings.d3d11.AutoCreateDepthStencil:
        ds = S.device.CreateTexture2D(D3D11_TEXTURE2D_DESC(  # noqa: F405
            Width=S.width, Height=S.height, MipLevels=1, ArraySize=1, Format=settings.d3d11.AutoDepthStencilFormat,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1, Quality=0), Usage=D3D11_USAGE_DEFAULT,  # noqa: F405
            BindFlags=D3D11_BIND_DEPTH_STENCIL))  # noqa: F405
        S.dsv = S.device.CreateDepthStencilView(ds, None)
    S.context.OMSetRenderTargets(1, [S.rtv], S.dsv)
    S.context.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, float(S.width), float(S.height), 0.0, 1.0)])  # noqa: F405
    desc = DXGI_SURFACE_DESC(S.width, S.height, sd.BufferDesc.Format)
    if S.callbacks.get("device_created"):
        S.callbacks["device_created"](S.device, desc, None)
    if S.callbacks.get("swap_chain_resized"):
        S.callbacks["swap_chain_resized"](S.device, S.swap_chain, desc, None)


def DXUTGetDeviceSettings() -> DXUTDeviceSettings:
    return S.settings


def DXUTSetOverrideForceFeatureLevel(level: int) -> None:
    """DXUT's ``-forcefeaturelevel:D3D_FEATURE_LEVEL_x`` command-line override (GetDXUTState()
    .SetOverrideForceFeatureLevel): the device is created at that level (0: no override)."""
    S.force_feature_level = int(level)


def DXUTGetD3D11DeviceFeatureLevel() -> int:
    return S.device.GetFeatureLevel()


def DXUTIsInGammaCorrectMode() -> bool:
    """DXUT's gamma-correct mode (on by default): textures loaded through DXUT are read as sRGB."""
    return True


def DXUTGetD3D11Device() -> Any:
    return S.device


def DXUTGetD3D11DeviceContext() -> Any:
    return S.context


def DXUTGetD3D11RenderTargetView() -> Any:
    return S.rtv


def DXUTGetD3D11DepthStencilView() -> Any:
    return S.dsv


def DXUTMainLoop(frames: int = 1, clock: Any = None) -> None:
    """``frames`` iterations of frame-move, frame-render and Present (the Win32 message loop of DXUT without
    messages). ``clock`` (default ``S.clock``) gives the time in seconds (tests pass a fixed sequence)."""
    clock = clock or S.clock
    S.start = S.last = clock()
    for _ in range(frames):
        now = clock()
        t, dt = now - S.start, now - S.last
        S.last = now
        if S.callbacks.get("frame_move"):
            S.callbacks["frame_move"](t, dt, None)
        if S.callbacks.get("frame_render"):
            S.callbacks["frame_render"](S.device, S.context, t, dt, None)
        S.swap_chain.Present(0, 0)


def DXUTShutdown() -> None:
    if S.callbacks.get("swap_chain_releasing"):
        S.callbacks["swap_chain_releasing"](None)
    if S.callbacks.get("device_destroyed"):
        S.callbacks["device_destroyed"](None)


def DXUTGetExitCode() -> int:
    return 0


def DXUTCompileFromFile(szFileName: str, pDefines: Any, szEntryPoint: str, szShaderModel: str, flags1: int = 0,
                        flags2: int = 0) -> Any:
    """D3DCompileFromFile on a file of the sample's folder (DXUT searches the media path); in a _DEBUG build
    (``--debug``) with D3DCOMPILE_DEBUG added, as DXUT does, so the shaders step at the HLSL level."""
    if S.debug:
        flags1 |= D3DCOMPILE_DEBUG  # noqa: F405
    macros = None if pDefines is None else [D3D_SHADER_MACRO(n, d) for n, d in pDefines]  # noqa: F405
    return D3DCompileFromFile(str(S.folder / szFileName), macros, D3D_COMPILE_STANDARD_FILE_INCLUDE,  # noqa: F405
                              szEntryPoint, szShaderModel, flags1, flags2)


def DXUTSetDebugBuild(debug: bool) -> None:
    """``#ifdef _DEBUG`` of the C++ sample: the command line's ``--debug``."""
    S.debug = bool(debug)


def DXUT_SetDebugName(obj: Any, name: str) -> None:
    obj.SetPrivateData(WKPDID_D3DDebugObjectName, len(name), name)


MOUSE_LEFT_BUTTON, MOUSE_MIDDLE_BUTTON, MOUSE_RIGHT_BUTTON, MOUSE_WHEEL = 0x01, 0x02, 0x04, 0x08


class CModelViewerCamera:
    """DXUT's model-viewer camera without input: an eye orbiting a look-at point at a fixed radius.

    ``SetViewParams`` records the eye and look-at point and the view rotation; ``FrameMove`` rebuilds the eye
    as ``lookAt - ahead * radius`` and the view as ``XMMatrixLookAtLH(eye, lookAt, up)`` with ``ahead``/``up``
    the view rotation's z and y axes (DXUTcamera.cpp's FrameMove with no arcball drag, no wheel and no keys:
    the radius clamps to [1, FLT_MAX])."""

    def __init__(self) -> None:
        self.eye = XMVectorSet(0, 0, 0, 0)
        self.at = XMVectorSet(0, 0, 1, 0)
        self.view = np.eye(4, dtype=np.float32)
        self.proj = np.eye(4, dtype=np.float32)
        self.radius = 5.0
        self.min_radius, self.max_radius = 1.0, float(np.finfo(np.float32).max)

    def SetViewParams(self, vEyePt: Any, vLookatPt: Any) -> None:
        self.eye, self.at = np.asarray(vEyePt, np.float32), np.asarray(vLookatPt, np.float32)
        self.view = XMMatrixLookAtLH(self.eye, self.at, XMVectorSet(0, 1, 0, 0))
        self.radius = float(XMVector3Length(XMVectorSubtract(self.at, self.eye))[0])

    def SetRadius(self, fDefaultRadius: float = 5.0, fMinRadius: float = 1.0,
                  fMaxRadius: float = float(np.finfo(np.float32).max)) -> None:
        """The orbit radius and its clamp (DXUTcamera.cpp: the current radius becomes the default)."""
        self.radius = float(fDefaultRadius)
        self.min_radius, self.max_radius = float(fMinRadius), float(fMaxRadius)

    def SetProjParams(self, fFOV: float, fAspect: float, fNearPlane: float, fFarPlane: float) -> None:
        self.proj = XMMatrixPerspectiveFovLH(fFOV, fAspect, fNearPlane, fFarPlane)

    def SetWindow(self, nWidth: int, nHeight: int, fArcballRadius: float = 0.9) -> None:
        pass

    def SetButtonMasks(self, nRotateModelButtonMask: int = MOUSE_LEFT_BUTTON, nZoomButtonMask: int = MOUSE_WHEEL,
                       nRotateCameraButtonMask: int = MOUSE_RIGHT_BUTTON) -> None:
        pass

    def HandleMessages(self, *_: Any) -> bool:
        return False

    def FrameMove(self, fElapsedTime: float) -> None:
        self.radius = min(self.max_radius, max(self.min_radius, self.radius))
        ahead = XMVector3Normalize(np.array([self.view[0, 2], self.view[1, 2], self.view[2, 2], 0], np.float32))
        up = np.array([self.view[0, 1], self.view[1, 1], self.view[2, 1], 0], np.float32)
        self.eye = (self.at - ahead * np.float32(self.radius)).astype(np.float32)
        self.view = XMMatrixLookAtLH(self.eye, self.at, up)

    def GetViewMatrix(self) -> np.ndarray:
        return self.view

    def GetProjMatrix(self) -> np.ndarray:
        return self.proj

    def GetEyePt(self) -> np.ndarray:
        return self.eye

    def GetLookAtPt(self) -> np.ndarray:
        return self.at

    def GetWorldMatrix(self) -> np.ndarray:
        return np.eye(4, dtype=np.float32)


class CDXUTDirectionWidget:
    """DXUT's light-direction arrow: a direction set by the application (mouse dragging is not ported) and a
    radius. ``OnRender`` draws nothing — it is a TODO in DXUTcamera.cpp itself."""

    def __init__(self) -> None:
        self.m_fRadius = 1.0
        self.m_vDefaultDir = self.m_vCurrentDir = XMVectorSet(0, 1, 0, 0)

    def SetLightDirection(self, vDir: Any) -> None:
        v = np.asarray(vDir, np.float32).reshape(-1)
        self.m_vDefaultDir = self.m_vCurrentDir = XMVectorSet(float(v[0]), float(v[1]), float(v[2]), 0)

    def GetLightDirection(self) -> np.ndarray:
        return self.m_vCurrentDir

    def SetRadius(self, fRadius: float) -> None:
        self.m_fRadius = float(fRadius)

    def GetRadius(self) -> float:
        return self.m_fRadius

    def SetButtonMask(self, nRotate: int = MOUSE_RIGHT_BUTTON) -> None:
        pass

    def HandleMessages(self, *_: Any) -> bool:
        return False

    def OnRender(self, color: Any, mView: Any, mProj: Any, vEyePt: Any) -> None:
        pass


def run_sample(args: Any, frames: int, sink: Any = None) -> int:
    """The main loop with the tutorials' present sinks (--out/--window/--video), then shutdown."""
    present, sinks = present_sinks(args, sink)
    S.swap_chain.set_present_sink(present)  # Python convenience: where presented frames go
    DXUTMainLoop(frames)
    DXUTShutdown()
    finish(args, sinks)
    return DXUTGetExitCode()


__all__ = [n for n in dir() if n.startswith(("DXUT", "CModel", "CDXUTDirection", "MOUSE_", "run_sample", "DXGI_SURFACE",
                                            "default_media"))]
