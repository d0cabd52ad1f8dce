# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""Direct3D 11 Tutorial 1: Direct3D 11 Basics — a line-by-line port of Tutorial01.cpp from
walbourn/directx-sdk-samples (Direct3D11Tutorials; Copyright (c) Microsoft Corporation, MIT License).

Creates a device and a swap chain for a window and clears the back buffer to MidnightBlue every frame.
Run ``python examples/tutorials/tutorial01.py [--frames N] [--out frame.png] [--window]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from winshim import CreateWindow, GetClientRect, finish, message_loop, parse_args, present_sinks  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.directxmath import Colors  # noqa: E402
from pyd3d11.dxgi import *  # noqa: E402

g_hWnd = None
g_driverType = D3D_DRIVER_TYPE_NULL
g_featureLevel = D3D_FEATURE_LEVEL_11_0
g_pd3dDevice = None
g_pd3dDevice1 = None
g_pImmediateContext = None
g_pImmediateContext1 = None
g_pSwapChain = None
g_pSwapChain1 = None
g_pRenderTargetView = None


def InitWindow(width: int, height: int) -> None:
    global g_hWnd
    g_hWnd = CreateWindow("Direct3D 11 Tutorial 1: Direct3D 11 Basics", width, height)


def InitDevice() -> None:
    """Create Direct3D device and swap chain (a failing HRESULT raises D3D11Error)."""
    global g_driverType, g_featureLevel, g_pd3dDevice, g_pd3dDevice1, g_pImmediateContext
    global g_pImmediateContext1, g_pSwapChain, g_pSwapChain1, g_pRenderTargetView
    rc = GetClientRect(g_hWnd)
    width = rc.right - rc.left
    height = rc.bottom - rc.top

    createDeviceFlags = D3D11_CREATE_DEVICE_DEBUG

    driverTypes = [D3D_DRIVER_TYPE_HARDWARE, D3D_DRIVER_TYPE_WARP, D3D_DRIVER_TYPE_REFERENCE]
    featureLevels = [D3D_FEATURE_LEVEL_11_1, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0]
    error = None
    for g_driverType in driverTypes:
        try:
            g_pd3dDevice, g_featureLevel, g_pImmediateContext = D3D11CreateDevice(
                None, g_driverType, None, createDeviceFlags, featureLevels, len(featureLevels), D3D11_SDK_VERSION)
        except InvalidArgError:
            # DirectX 11.0 platforms will not recognize D3D_FEATURE_LEVEL_11_1 so we need to retry without it
            g_pd3dDevice, g_featureLevel, g_pImmediateContext = D3D11CreateDevice(
                None, g_driverType, None, createDeviceFlags, featureLevels[1:], len(featureLevels) - 1,
                D3D11_SDK_VERSION)
        except D3D11Error as e:
            error = e
            continue
        break
    else:
        raise error

    # Obtain DXGI factory from device (since we used None for pAdapter above)
    dxgiDevice = g_pd3dDevice.QueryInterface(IDXGIDevice)
    adapter = dxgiDevice.GetAdapter()
    dxgiFactory = adapter.GetParent(IDXGIFactory1)
    adapter.Release()
    dxgiDevice.Release()

    # Create swap chain
    dxgiFactory2 = dxgiFactory.QueryInterface(IDXGIFactory2)
    if dxgiFactory2:
        # DirectX 11.1 or later
        g_pd3dDevice1 = g_pd3dDevice.QueryInterface(ID3D11Device1)
        g_pImmediateContext1 = g_pImmediateContext.QueryInterface(ID3D11DeviceContext1)

        sd = DXGI_SWAP_CHAIN_DESC1()
        sd.Width = width
        sd.Height = height
        sd.Format = DXGI_FORMAT_R8G8B8A8_UNORM
        sd.SampleDesc.Count = 1
        sd.SampleDesc.Quality = 0
        sd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT
        sd.BufferCount = 1

        g_pSwapChain1 = dxgiFactory2.CreateSwapChainForHwnd(g_pd3dDevice, g_hWnd, sd, None, None)
        g_pSwapChain = g_pSwapChain1.QueryInterface(IDXGISwapChain)
        dxgiFactory2.Release()
    else:
        # DirectX 11.0 systems
        sd = DXGI_SWAP_CHAIN_DESC()
        sd.BufferCount = 1
        sd.BufferDesc.Width = width
        sd.BufferDesc.Height = height
        sd.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM
        sd.BufferDesc.RefreshRate.Numerator = 60
        sd.BufferDesc.RefreshRate.Denominator = 1
        sd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT
        sd.OutputWindow = g_hWnd
        sd.SampleDesc.Count = 1
        sd.SampleDesc.Quality = 0
        sd.Windowed = TRUE
        g_pSwapChain = dxgiFactory.CreateSwapChain(g_pd3dDevice, sd)

    # Note this tutorial doesn't handle full-screen swapchains so we block the ALT+ENTER shortcut
    dxgiFactory.MakeWindowAssociation(g_hWnd, DXGI_MWA_NO_ALT_ENTER)
    dxgiFactory.Release()

    # Create a render target view
    pBackBuffer = g_pSwapChain.GetBuffer(0, ID3D11Texture2D)
    g_pRenderTargetView = g_pd3dDevice.CreateRenderTargetView(pBackBuffer, None)
    pBackBuffer.Release()

    g_pImmediateContext.OMSetRenderTargets(1, [g_pRenderTargetView], None)

    # Setup the viewport
    vp = D3D11_VIEWPORT()
    vp.Width = float(width)
    vp.Height = float(height)
    vp.MinDepth = 0.0
    vp.MaxDepth = 1.0
    vp.TopLeftX = 0
    vp.TopLeftY = 0
    g_pImmediateContext.RSSetViewports(1, [vp])


def Render() -> None:
    # Just clear the backbuffer
    g_pImmediateContext.ClearRenderTargetView(g_pRenderTargetView, Colors.MidnightBlue)
    g_pSwapChain.Present(0, 0)


def CleanupDevice() -> None:
    if g_pImmediateContext:
        g_pImmediateContext.ClearState()
    for obj in (g_pRenderTargetView, g_pSwapChain1, g_pSwapChain, g_pImmediateContext1, g_pImmediateContext,
                g_pd3dDevice1, g_pd3dDevice):
        if obj:
            obj.Release()


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    args = parse_args(argv)
    InitWindow(*args.size)
    InitDevice()
    fan_out, sinks = present_sinks(args, sink)
    g_pSwapChain.set_present_sink(fan_out)  # Python convenience: where presented frames go
    message_loop(Render, args.frames, sinks)
    finish(args, sinks)
    CleanupDevice()
    return 0


if __name__ == "__main__":
    sys.exit(wWinMain())
