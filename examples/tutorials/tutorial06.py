# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""Direct3D 11 Tutorial 6: Lighting — a line-by-line port of Tutorial06.cpp from
walbourn/directx-sdk-samples (Direct3D11Tutorials; Copyright (c) Microsoft Corporation, MIT License).

A cube with per-face normals lit by two directional lights (N.L in the pixel shader, one light orbiting),
and the lights drawn as small solid cubes (PSSolid); Tutorial06.fxh, the sample's HLSL, unchanged.
Run ``python examples/tutorials/tutorial06.py [--frames N] [--out frame.png] [--window]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from winshim import (  # noqa: E402
    CreateWindow,
    GetClientRect,
    GetTickCount64,
    finish,
    is_debug_build,
    message_loop,
    parse_args,
    present_sinks,
)

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402
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
g_pDepthStencil = None
g_pDepthStencilView = None
g_pVertexShader = None
g_pPixelShader = None
g_pPixelShaderSolid = None
g_pVertexLayout = None
g_pVertexBuffer = None
g_pIndexBuffer = None
g_pConstantBuffer = None
g_World = None
g_View = None
g_Projection = None

HERE = Path(__file__).resolve().parent

# struct SimpleVertex { XMFLOAT3 Pos; XMFLOAT3 Normal; };
SimpleVertex = np.dtype([("Pos", np.float32, 3), ("Normal", np.float32, 3)])

# struct ConstantBuffer { XMMATRIX mWorld, mView, mProjection; XMFLOAT4 vLightDir[2], vLightColor[2], vOutputColor; };
ConstantBuffer = np.dtype([("mWorld", np.float32, (4, 4)), ("mView", np.float32, (4, 4)),
                           ("mProjection", np.float32, (4, 4)), ("vLightDir", np.float32, (2, 4)),
                           ("vLightColor", np.float32, (2, 4)), ("vOutputColor", np.float32, 4)])


def InitWindow(width: int, height: int) -> None:
    global g_hWnd
    g_hWnd = CreateWindow("Direct3D 11 Tutorial 6", width, height)


def CompileShaderFromFile(szFileName: str, szEntryPoint: str, szShaderModel: str) -> ID3DBlob:
    """Helper for compiling shaders with D3DCompile (ShaderCompileError carries fxc-format messages)."""
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    if is_debug_build():  # #ifdef _DEBUG
        # Set the D3DCOMPILE_DEBUG flag to embed debug information in the shaders.
        dwShaderFlags |= D3DCOMPILE_DEBUG
        # Disable optimizations to further improve shader debugging
        dwShaderFlags |= D3DCOMPILE_SKIP_OPTIMIZATION
    return D3DCompileFromFile(str(HERE / szFileName), None, None, szEntryPoint, szShaderModel, dwShaderFlags, 0)


def InitDevice() -> None:
    """Create Direct3D device and swap chain (a failing HRESULT raises D3D11Error)."""
    global g_driverType, g_featureLevel, g_pd3dDevice, g_pd3dDevice1, g_pImmediateContext
    global g_pImmediateContext1, g_pSwapChain, g_pSwapChain1, g_pRenderTargetView
    global g_pVertexShader, g_pPixelShader, g_pVertexLayout, g_pVertexBuffer, g_pIndexBuffer, g_pConstantBuffer
    global g_World, g_View, g_Projection, g_pDepthStencil, g_pDepthStencilView, g_pPixelShaderSolid
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

    # Create depth stencil texture
    descDepth = D3D11_TEXTURE2D_DESC()
    descDepth.Width = width
    descDepth.Height = height
    descDepth.MipLevels = 1
    descDepth.ArraySize = 1
    descDepth.Format = DXGI_FORMAT_D24_UNORM_S8_UINT
    descDepth.SampleDesc.Count = 1
    descDepth.SampleDesc.Quality = 0
    descDepth.Usage = D3D11_USAGE_DEFAULT
    descDepth.BindFlags = D3D11_BIND_DEPTH_STENCIL
    descDepth.CPUAccessFlags = 0
    descDepth.MiscFlags = 0
    g_pDepthStencil = g_pd3dDevice.CreateTexture2D(descDepth, None)

    # Create the depth stencil view
    descDSV = D3D11_DEPTH_STENCIL_VIEW_DESC()
    descDSV.Format = descDepth.Format
    descDSV.ViewDimension = D3D11_DSV_DIMENSION_TEXTURE2D
    descDSV.Texture2D.MipSlice = 0
    g_pDepthStencilView = g_pd3dDevice.CreateDepthStencilView(g_pDepthStencil, descDSV)

    g_pImmediateContext.OMSetRenderTargets(1, [g_pRenderTargetView], g_pDepthStencilView)

    # Setup the viewport
    vp = D3D11_VIEWPORT()
    vp.Width = float(width)
    vp.Height = float(height)
    vp.MinDepth = 0.0
    vp.MaxDepth = 1.0
    vp.TopLeftX = 0
    vp.TopLeftY = 0
    g_pImmediateContext.RSSetViewports(1, [vp])

    # Compile the vertex shader
    pVSBlob = CompileShaderFromFile("Tutorial06.fxh", "VS", "vs_4_0")

    # Create the vertex shader
    g_pVertexShader = g_pd3dDevice.CreateVertexShader(pVSBlob.GetBufferPointer(), pVSBlob.GetBufferSize(), None)

    # Define the input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    numElements = len(layout)

    # Create the input layout
    g_pVertexLayout = g_pd3dDevice.CreateInputLayout(layout, numElements, pVSBlob.GetBufferPointer(),
                                                     pVSBlob.GetBufferSize())
    pVSBlob.Release()

    # Set the input layout
    g_pImmediateContext.IASetInputLayout(g_pVertexLayout)

    # Compile the pixel shader
    pPSBlob = CompileShaderFromFile("Tutorial06.fxh", "PS", "ps_4_0")

    # Create the pixel shader
    g_pPixelShader = g_pd3dDevice.CreatePixelShader(pPSBlob.GetBufferPointer(), pPSBlob.GetBufferSize(), None)
    pPSBlob.Release()

    # Compile the pixel shader
    pPSBlob = CompileShaderFromFile("Tutorial06.fxh", "PSSolid", "ps_4_0")

    # Create the pixel shader
    g_pPixelShaderSolid = g_pd3dDevice.CreatePixelShader(pPSBlob.GetBufferPointer(), pPSBlob.GetBufferSize(), None)
    pPSBlob.Release()

    # Create vertex buffer
    vertices = np.array([
        (XMFLOAT3(-1.0, 1.0, -1.0), XMFLOAT3(0.0, 1.0, 0.0)),
        (XMFLOAT3(1.0, 1.0, -1.0), XMFLOAT3(0.0, 1.0, 0.0)),
        (XMFLOAT3(1.0, 1.0, 1.0), XMFLOAT3(0.0, 1.0, 0.0)),
        (XMFLOAT3(-1.0, 1.0, 1.0), XMFLOAT3(0.0, 1.0, 0.0)),

        (XMFLOAT3(-1.0, -1.0, -1.0), XMFLOAT3(0.0, -1.0, 0.0)),
        (XMFLOAT3(1.0, -1.0, -1.0), XMFLOAT3(0.0, -1.0, 0.0)),
        (XMFLOAT3(1.0, -1.0, 1.0), XMFLOAT3(0.0, -1.0, 0.0)),
        (XMFLOAT3(-1.0, -1.0, 1.0), XMFLOAT3(0.0, -1.0, 0.0)),

        (XMFLOAT3(-1.0, -1.0, 1.0), XMFLOAT3(-1.0, 0.0, 0.0)),
        (XMFLOAT3(-1.0, -1.0, -1.0), XMFLOAT3(-1.0, 0.0, 0.0)),
        (XMFLOAT3(-1.0, 1.0, -1.0), XMFLOAT3(-1.0, 0.0, 0.0)),
        (XMFLOAT3(-1.0, 1.0, 1.0), XMFLOAT3(-1.0, 0.0, 0.0)),

        (XMFLOAT3(1.0, -1.0, 1.0), XMFLOAT3(1.0, 0.0, 0.0)),
        (XMFLOAT3(1.0, -1.0, -1.0), XMFLOAT3(1.0, 0.0, 0.0)),
        (XMFLOAT3(1.0, 1.0, -1.0), XMFLOAT3(1.0, 0.0, 0.0)),
        (XMFLOAT3(1.0, 1.0, 1.0), XMFLOAT3(1.0, 0.0, 0.0)),

        (XMFLOAT3(-1.0, -1.0, -1.0), XMFLOAT3(0.0, 0.0, -1.0)),
        (XMFLOAT3(1.0, -1.0, -1.0), XMFLOAT3(0.0, 0.0, -1.0)),
        (XMFLOAT3(1.0, 1.0, -1.0), XMFLOAT3(0.0, 0.0, -1.0)),
        (XMFLOAT3(-1.0, 1.0, -1.0), XMFLOAT3(0.0, 0.0, -1.0)),

        (XMFLOAT3(-1.0, -1.0, 1.0), XMFLOAT3(0.0, 0.0, 1.0)),
        (XMFLOAT3(1.0, -1.0, 1.0), XMFLOAT3(0.0, 0.0, 1.0)),
        (XMFLOAT3(1.0, 1.0, 1.0), XMFLOAT3(0.0, 0.0, 1.0)),
        (XMFLOAT3(-1.0, 1.0, 1.0), XMFLOAT3(0.0, 0.0, 1.0)),
    ], SimpleVertex)

    bd = D3D11_BUFFER_DESC()
    bd.Usage = D3D11_USAGE_DEFAULT
    bd.ByteWidth = SimpleVertex.itemsize * 24
    bd.BindFlags = D3D11_BIND_VERTEX_BUFFER
    bd.CPUAccessFlags = 0
    InitData = D3D11_SUBRESOURCE_DATA()
    InitData.pSysMem = vertices
    g_pVertexBuffer = g_pd3dDevice.CreateBuffer(bd, InitData)

    # Set vertex buffer
    stride = SimpleVertex.itemsize
    offset = 0
    g_pImmediateContext.IASetVertexBuffers(0, 1, [g_pVertexBuffer], [stride], [offset])

    # Create index buffer
    indices = np.array([
        3, 1, 0,
        2, 1, 3,

        6, 4, 5,
        7, 4, 6,

        11, 9, 8,
        10, 9, 11,

        14, 12, 13,
        15, 12, 14,

        19, 17, 16,
        18, 17, 19,

        22, 20, 21,
        23, 20, 22
    ], np.uint16)  # WORD
    bd.Usage = D3D11_USAGE_DEFAULT
    bd.ByteWidth = indices.itemsize * 36  # 36 vertices needed for 12 triangles in a triangle list
    bd.BindFlags = D3D11_BIND_INDEX_BUFFER
    bd.CPUAccessFlags = 0
    InitData.pSysMem = indices
    g_pIndexBuffer = g_pd3dDevice.CreateBuffer(bd, InitData)

    # Set index buffer
    g_pImmediateContext.IASetIndexBuffer(g_pIndexBuffer, DXGI_FORMAT_R16_UINT, 0)

    # Set primitive topology
    g_pImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)

    # Create the constant buffer
    bd.Usage = D3D11_USAGE_DEFAULT
    bd.ByteWidth = ConstantBuffer.itemsize
    bd.BindFlags = D3D11_BIND_CONSTANT_BUFFER
    bd.CPUAccessFlags = 0
    g_pConstantBuffer = g_pd3dDevice.CreateBuffer(bd, None)

    # Initialize the world matrices
    g_World = XMMatrixIdentity()

    # Initialize the view matrix
    Eye = XMVectorSet(0.0, 4.0, -10.0, 0.0)
    At = XMVectorSet(0.0, 1.0, 0.0, 0.0)
    Up = XMVectorSet(0.0, 1.0, 0.0, 0.0)
    g_View = XMMatrixLookAtLH(Eye, At, Up)

    # Initialize the projection matrix
    g_Projection = XMMatrixPerspectiveFovLH(XM_PIDIV4, width / float(height), 0.01, 100.0)


_t = 0.0
_timeStart = 0


def Render() -> None:
    global _t, _timeStart, g_World
    # Update our time
    if g_driverType == D3D_DRIVER_TYPE_REFERENCE:
        _t += float(XM_PI) * 0.0125
    else:
        timeCur = GetTickCount64()
        if _timeStart == 0:
            _timeStart = timeCur
        _t = (timeCur - _timeStart) / 1000.0
    t = _t

    # Rotate cube around the origin
    g_World = XMMatrixRotationY(t)

    # Setup our lighting parameters
    vLightDirs = [
        XMFLOAT4(-0.577, 0.577, -0.577, 1.0),
        XMFLOAT4(0.0, 0.0, -1.0, 1.0),
    ]
    vLightColors = [
        XMFLOAT4(0.5, 0.5, 0.5, 1.0),
        XMFLOAT4(0.5, 0.0, 0.0, 1.0),
    ]

    # Rotate the second light around the origin
    mRotate = XMMatrixRotationY(-2.0 * t)
    vLightDir = XMLoadFloat4(vLightDirs[1])
    vLightDir = XMVector3Transform(vLightDir, mRotate)
    XMStoreFloat4(vLightDirs[1], vLightDir)

    #
    # Clear the back buffer
    #
    g_pImmediateContext.ClearRenderTargetView(g_pRenderTargetView, Colors.MidnightBlue)

    #
    # Clear the depth buffer to 1.0 (max depth)
    #
    g_pImmediateContext.ClearDepthStencilView(g_pDepthStencilView, D3D11_CLEAR_DEPTH, 1.0, 0)

    #
    # Update matrix variables and lighting variables
    #
    cb1 = np.zeros((), ConstantBuffer)
    cb1["mWorld"] = XMMatrixTranspose(g_World)
    cb1["mView"] = XMMatrixTranspose(g_View)
    cb1["mProjection"] = XMMatrixTranspose(g_Projection)
    cb1["vLightDir"][0] = vLightDirs[0]
    cb1["vLightDir"][1] = vLightDirs[1]
    cb1["vLightColor"][0] = vLightColors[0]
    cb1["vLightColor"][1] = vLightColors[1]
    cb1["vOutputColor"] = XMFLOAT4(0, 0, 0, 0)
    g_pImmediateContext.UpdateSubresource(g_pConstantBuffer, 0, None, cb1, 0, 0)

    #
    # Render the cube
    #
    g_pImmediateContext.VSSetShader(g_pVertexShader, None, 0)
    g_pImmediateContext.VSSetConstantBuffers(0, 1, [g_pConstantBuffer])
    g_pImmediateContext.PSSetShader(g_pPixelShader, None, 0)
    g_pImmediateContext.PSSetConstantBuffers(0, 1, [g_pConstantBuffer])
    g_pImmediateContext.DrawIndexed(36, 0, 0)

    #
    # Render each light
    #
    for m in range(2):
        mLight = XMMatrixTranslationFromVector(5.0 * XMLoadFloat4(vLightDirs[m]))
        mLightScale = XMMatrixScaling(0.2, 0.2, 0.2)
        mLight = mLightScale @ mLight

        # Update the world variable to reflect the current light
        cb1["mWorld"] = XMMatrixTranspose(mLight)
        cb1["vOutputColor"] = vLightColors[m]
        g_pImmediateContext.UpdateSubresource(g_pConstantBuffer, 0, None, cb1, 0, 0)

        g_pImmediateContext.PSSetShader(g_pPixelShaderSolid, None, 0)
        g_pImmediateContext.DrawIndexed(36, 0, 0)

    #
    # Present our back buffer to our front buffer
    #
    g_pSwapChain.Present(0, 0)


def CleanupDevice() -> None:
    if g_pImmediateContext:
        g_pImmediateContext.ClearState()
    for obj in (g_pPixelShaderSolid, g_pDepthStencil, g_pDepthStencilView, g_pConstantBuffer, g_pIndexBuffer, g_pVertexBuffer, g_pVertexLayout, g_pVertexShader, g_pPixelShader, g_pRenderTargetView, g_pSwapChain1, g_pSwapChain, g_pImmediateContext1, g_pImmediateContext,
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
