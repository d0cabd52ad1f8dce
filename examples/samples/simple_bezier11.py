# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""SimpleBezier11 — a line-by-line port of SimpleBezier11.cpp from walbourn/directx-sdk-samples (Copyright (c)
Microsoft Corporation, MIT License): a Mobius strip of four bicubic Bezier patches (16 control points each)
drawn through the DirectX 11 tessellator — VS passes control points, HS sets the tessellation factors
(integer / fractional_even / fractional_odd partitioning, chosen by a #define), DS evaluates the Bernstein
basis, PS shades |N.L| in red. SimpleBezier11.hlsl is the sample's HLSL, unchanged.

DXUT is examples/samples/dxut.py; the HUD, the settings dialog and the text helper are not ported (their calls
stay as comments). The sample's UI controls become options:
``python examples/samples/simple_bezier11.py [--frames N] [--size W H] [--out frame.png] [--window]
[--subdivs 8] [--partition integer|fractional_even|fractional_odd] [--wires]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from dxut import *  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402

MIN_DIVS = 4
MAX_DIVS = 16  # Min and Max divisions of the patch per side for the slider control

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera

# Resources
g_pPatchLayout = None
g_pVertexShader = None
g_pHullShaderInteger = None
g_pHullShaderFracEven = None
g_pHullShaderFracOdd = None
g_pDomainShader = None
g_pPixelShader = None
g_pSolidColorPS = None

g_pControlPointVB = None  # Control points for mesh

# struct CB_PER_FRAME_CONSTANTS { XMFLOAT4X4 mViewProjection; XMFLOAT3 vCameraPosWorld; float fTessellationFactor; };
CB_PER_FRAME_CONSTANTS = np.dtype([("mViewProjection", np.float32, (4, 4)), ("vCameraPosWorld", np.float32, 3),
                                   ("fTessellationFactor", np.float32)])

g_pcbPerFrame = None
g_iBindPerFrame = 0

g_pRasterizerStateSolid = None
g_pRasterizerStateWireframe = None

# Control variables
g_fSubdivs = 8.0  # Startup subdivisions per side
g_bDrawWires = False  # Draw the mesh with wireframe overlay

PARTITION_INTEGER, PARTITION_FRACTIONAL_EVEN, PARTITION_FRACTIONAL_ODD = 0, 1, 2
g_iPartitionMode = PARTITION_INTEGER

# MobiusStrip.h: struct BEZIER_CONTROL_POINT { float m_vPosition[3]; }; 4 patches with 16 control points each
BEZIER_CONTROL_POINT = np.dtype([("m_vPosition", np.float32, 3)])
g_MobiusStrip = np.array([
    ((1.0, -0.5, 0.0),),
    ((1.0, -0.5, 0.5),),
    ((0.5, -0.3536, 1.354),),
    ((0.0, -0.3536, 1.354),),
    ((1.0, -0.1667, 0.0),),
    ((1.0, -0.1667, 0.5),),
    ((0.5, -0.1179, 1.118),),
    ((0.0, -0.1179, 1.118),),
    ((1.0, 0.1667, 0.0),),
    ((1.0, 0.1667, 0.5),),
    ((0.5, 0.1179, 0.8821),),
    ((0.0, 0.1179, 0.8821),),
    ((1.0, 0.5, 0.0),),
    ((1.0, 0.5, 0.5),),
    ((0.5, 0.3536, 0.6464),),
    ((0.0, 0.3536, 0.6464),),
    ((0.0, -0.3536, 1.354),),
    ((-0.5, -0.3536, 1.354),),
    ((-1.5, 0.0, 0.5),),
    ((-1.5, 0.0, 0.0),),
    ((0.0, -0.1179, 1.118),),
    ((-0.5, -0.1179, 1.118),),
    ((-1.167, 0.0, 0.5),),
    ((-1.167, 0.0, 0.0),),
    ((0.0, 0.1179, 0.8821),),
    ((-0.5, 0.1179, 0.8821),),
    ((-0.8333, 0.0, 0.5),),
    ((-0.8333, 0.0, 0.0),),
    ((0.0, 0.3536, 0.6464),),
    ((-0.5, 0.3536, 0.6464),),
    ((-0.5, 0.0, 0.5),),
    ((-0.5, 0.0, 0.0),),
    ((-1.5, 0.0, 0.0),),
    ((-1.5, 0.0, -0.5),),
    ((-0.5, 0.3536, -1.354),),
    ((0.0, 0.3536, -1.354),),
    ((-1.167, 0.0, 0.0),),
    ((-1.167, 0.0, -0.5),),
    ((-0.5, 0.1179, -1.118),),
    ((0.0, 0.1179, -1.118),),
    ((-0.8333, 0.0, 0.0),),
    ((-0.8333, 0.0, -0.5),),
    ((-0.5, -0.1179, -0.8821),),
    ((0.0, -0.1179, -0.8821),),
    ((-0.5, 0.0, 0.0),),
    ((-0.5, 0.0, -0.5),),
    ((-0.5, -0.3536, -0.6464),),
    ((0.0, -0.3536, -0.6464),),
    ((0.0, 0.3536, -1.354),),
    ((0.5, 0.3536, -1.354),),
    ((1.0, 0.5, -0.5),),
    ((1.0, 0.5, 0.0),),
    ((0.0, 0.1179, -1.118),),
    ((0.5, 0.1179, -1.118),),
    ((1.0, 0.1667, -0.5),),
    ((1.0, 0.1667, 0.0),),
    ((0.0, -0.1179, -0.8821),),
    ((0.5, -0.1179, -0.8821),),
    ((1.0, -0.1667, -0.5),),
    ((1.0, -0.1667, 0.0),),
    ((0.0, -0.3536, -0.6464),),
    ((0.5, -0.3536, -0.6464),),
    ((1.0, -0.5, -0.5),),
    ((1.0, -0.5, 0.0),),
], BEZIER_CONTROL_POINT)


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    global g_fSubdivs, g_bDrawWires, g_iPartitionMode
    args = parse_args(argv)
    # the sample UI's slider, check box and radio buttons
    g_fSubdivs = min(max(args.subdivs, MIN_DIVS), MAX_DIVS)
    g_bDrawWires = args.wires
    g_iPartitionMode = {"integer": PARTITION_INTEGER, "fractional_even": PARTITION_FRACTIONAL_EVEN,
                        "fractional_odd": PARTITION_FRACTIONAL_ODD}[args.partition]

    # DXUT will create and use the best device
    # that is available on the system depending on which D3D callbacks are set below

    # Set DXUT callbacks
    DXUTSetCallbackDeviceChanging(ModifyDeviceSettings)
    DXUTSetCallbackFrameMove(OnFrameMove)
    DXUTSetCallbackD3D11DeviceCreated(OnD3D11CreateDevice)
    DXUTSetCallbackD3D11SwapChainResized(OnD3D11ResizedSwapChain)
    DXUTSetCallbackD3D11FrameRender(OnD3D11FrameRender)
    DXUTSetCallbackD3D11SwapChainReleasing(OnD3D11ReleasingSwapChain)
    DXUTSetCallbackD3D11DeviceDestroyed(OnD3D11DestroyDevice)

    InitApp()
    DXUTInit(True, True)  # Parse the command line, show msgboxes on error
    DXUTSetMediaSearchPath(Path(__file__).resolve().parent)
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("SimpleBezier11")
    DXUTCreateDevice(D3D_FEATURE_LEVEL_11_0, True, *args.size)
    return run_sample(args, args.frames, sink)  # DXUTMainLoop(): Enter into the DXUT render loop


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=1)
    p.add_argument("--size", type=int, nargs=2, default=[800, 600], metavar=("W", "H"))
    p.add_argument("--out", default=None, help="write the last frame as PNG")
    p.add_argument("--video", default=None, help="write every frame to an animation/video (imageio)")
    p.add_argument("--window", action="store_true", help="show the frames in a window (pyd3d11[window])")
    p.add_argument("--subdivs", type=float, default=8.0, help="patch divisions per side (4..16)")
    p.add_argument("--partition", default="integer", choices=("integer", "fractional_even", "fractional_odd"))
    p.add_argument("--wires", action="store_true", help="draw the wireframe instead (SolidColorPS)")
    p.add_argument("--debug", action="store_true", help="the C++ _DEBUG build: shaders get D3DCOMPILE_DEBUG")
    args = p.parse_args(argv)
    DXUTSetDebugBuild(args.debug)
    return args


def InitApp() -> None:
    """Initialize the app (the dialogs are not ported)."""
    # Setup the camera's view parameters
    s_vecEye = XMVectorSet(1.0, 1.5, -3.5, 0.0)
    s_vecAt = XMVectorSet(0.0, 0.0, 0.0, 0.0)
    g_Camera.SetViewParams(s_vecEye, s_vecAt)


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a D3D device, allowing the app to modify the device settings as needed."""
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene."""
    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that aren't dependant on the back buffer (a failing HRESULT raises)."""
    global g_pVertexShader, g_pHullShaderInteger, g_pHullShaderFracEven, g_pHullShaderFracOdd, g_pDomainShader
    global g_pPixelShader, g_pSolidColorPS, g_pPatchLayout, g_pcbPerFrame, g_pRasterizerStateSolid
    global g_pRasterizerStateWireframe, g_pControlPointVB

    # Compile shaders
    # This macro is used to compile the hull shader with different partition modes
    # Please see the partitioning mode attribute for the hull shader for more information
    integerPartitioning = [("BEZIER_HS_PARTITION", '"integer"')]
    fracEvenPartitioning = [("BEZIER_HS_PARTITION", '"fractional_even"')]
    fracOddPartitioning = [("BEZIER_HS_PARTITION", '"fractional_odd"')]

    pBlobVS = DXUTCompileFromFile("SimpleBezier11.hlsl", None, "BezierVS", "vs_5_0", D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobHSInt = DXUTCompileFromFile("SimpleBezier11.hlsl", integerPartitioning, "BezierHS", "hs_5_0",
                                     D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobHSFracEven = DXUTCompileFromFile("SimpleBezier11.hlsl", fracEvenPartitioning, "BezierHS", "hs_5_0",
                                          D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobHSFracOdd = DXUTCompileFromFile("SimpleBezier11.hlsl", fracOddPartitioning, "BezierHS", "hs_5_0",
                                         D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobDS = DXUTCompileFromFile("SimpleBezier11.hlsl", None, "BezierDS", "ds_5_0", D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobPS = DXUTCompileFromFile("SimpleBezier11.hlsl", None, "BezierPS", "ps_5_0", D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobPSSolid = DXUTCompileFromFile("SimpleBezier11.hlsl", None, "SolidColorPS", "ps_5_0",
                                       D3DCOMPILE_ENABLE_STRICTNESS, 0)

    # Create shaders
    g_pVertexShader = pd3dDevice.CreateVertexShader(pBlobVS.GetBufferPointer(), pBlobVS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pVertexShader, "BezierVS")

    g_pHullShaderInteger = pd3dDevice.CreateHullShader(pBlobHSInt.GetBufferPointer(), pBlobHSInt.GetBufferSize(),
                                                       None)
    DXUT_SetDebugName(g_pHullShaderInteger, "BezierHS int")

    g_pHullShaderFracEven = pd3dDevice.CreateHullShader(pBlobHSFracEven.GetBufferPointer(),
                                                        pBlobHSFracEven.GetBufferSize(), None)
    DXUT_SetDebugName(g_pHullShaderFracEven, "BezierHS frac even")

    g_pHullShaderFracOdd = pd3dDevice.CreateHullShader(pBlobHSFracOdd.GetBufferPointer(),
                                                       pBlobHSFracOdd.GetBufferSize(), None)
    DXUT_SetDebugName(g_pHullShaderFracOdd, "BezierHS frac odd")

    g_pDomainShader = pd3dDevice.CreateDomainShader(pBlobDS.GetBufferPointer(), pBlobDS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pDomainShader, "BezierDS")

    g_pPixelShader = pd3dDevice.CreatePixelShader(pBlobPS.GetBufferPointer(), pBlobPS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pPixelShader, "BezierPS")

    g_pSolidColorPS = pd3dDevice.CreatePixelShader(pBlobPSSolid.GetBufferPointer(), pBlobPSSolid.GetBufferSize(),
                                                   None)
    DXUT_SetDebugName(g_pSolidColorPS, "SolidColorPS")

    # Create our vertex input layout - this matches the BEZIER_CONTROL_POINT structure
    patchlayout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    g_pPatchLayout = pd3dDevice.CreateInputLayout(patchlayout, len(patchlayout), pBlobVS.GetBufferPointer(),
                                                  pBlobVS.GetBufferSize())
    DXUT_SetDebugName(g_pPatchLayout, "Primary")

    for blob in (pBlobVS, pBlobHSInt, pBlobHSFracEven, pBlobHSFracOdd, pBlobDS, pBlobPS, pBlobPSSolid):
        blob.Release()

    # Create constant buffers
    Desc = D3D11_BUFFER_DESC()
    Desc.Usage = D3D11_USAGE_DYNAMIC
    Desc.BindFlags = D3D11_BIND_CONSTANT_BUFFER
    Desc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE
    Desc.MiscFlags = 0

    Desc.ByteWidth = CB_PER_FRAME_CONSTANTS.itemsize
    g_pcbPerFrame = pd3dDevice.CreateBuffer(Desc, None)
    DXUT_SetDebugName(g_pcbPerFrame, "CB_PER_FRAME_CONSTANTS")

    # Create solid and wireframe rasterizer state objects
    RasterDesc = D3D11_RASTERIZER_DESC()
    RasterDesc.FillMode = D3D11_FILL_SOLID
    RasterDesc.CullMode = D3D11_CULL_NONE
    RasterDesc.DepthClipEnable = TRUE
    g_pRasterizerStateSolid = pd3dDevice.CreateRasterizerState(RasterDesc)
    DXUT_SetDebugName(g_pRasterizerStateSolid, "Solid")

    RasterDesc.FillMode = D3D11_FILL_WIREFRAME
    g_pRasterizerStateWireframe = pd3dDevice.CreateRasterizerState(RasterDesc)
    DXUT_SetDebugName(g_pRasterizerStateWireframe, "Wireframe")

    vbDesc = D3D11_BUFFER_DESC()
    vbDesc.ByteWidth = BEZIER_CONTROL_POINT.itemsize * len(g_MobiusStrip)
    vbDesc.Usage = D3D11_USAGE_DEFAULT
    vbDesc.BindFlags = D3D11_BIND_VERTEX_BUFFER

    vbInitData = D3D11_SUBRESOURCE_DATA()
    vbInitData.pSysMem = g_MobiusStrip

    g_pControlPointVB = pd3dDevice.CreateBuffer(vbDesc, vbInitData)
    DXUT_SetDebugName(g_pControlPointVB, "Control Points")


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that depend on the back buffer."""
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 0.1, 20.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(MOUSE_MIDDLE_BUTTON, MOUSE_WHEEL, MOUSE_LEFT_BUTTON)


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Render the scene using the D3D11 device."""
    # WVP
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    mViewProjection = XMMatrixMultiply(mView, mProj)

    # Update per-frame variables
    MappedResource = pd3dImmediateContext.Map(g_pcbPerFrame, 0, D3D11_MAP_WRITE_DISCARD, 0)
    pData = MappedResource.as_array(CB_PER_FRAME_CONSTANTS)[0]
    pData["mViewProjection"] = XMMatrixTranspose(mViewProjection)  # XMStoreFloat4x4
    pData["vCameraPosWorld"] = g_Camera.GetEyePt()[:3]  # XMStoreFloat3
    pData["fTessellationFactor"] = float(g_fSubdivs)
    pd3dImmediateContext.Unmap(g_pcbPerFrame, 0)

    # Clear the render target and depth stencil
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.Black)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    # Set state for solid rendering
    pd3dImmediateContext.RSSetState(g_pRasterizerStateSolid)

    # Render the meshes
    # Bind all of the CBs
    pd3dImmediateContext.VSSetConstantBuffers(g_iBindPerFrame, 1, [g_pcbPerFrame])
    pd3dImmediateContext.HSSetConstantBuffers(g_iBindPerFrame, 1, [g_pcbPerFrame])
    pd3dImmediateContext.DSSetConstantBuffers(g_iBindPerFrame, 1, [g_pcbPerFrame])
    pd3dImmediateContext.PSSetConstantBuffers(g_iBindPerFrame, 1, [g_pcbPerFrame])

    # Set the shaders
    pd3dImmediateContext.VSSetShader(g_pVertexShader, None, 0)

    # For this sample, choose either the "integer", "fractional_even",
    # or "fractional_odd" hull shader
    if g_iPartitionMode == PARTITION_INTEGER:
        pd3dImmediateContext.HSSetShader(g_pHullShaderInteger, None, 0)
    elif g_iPartitionMode == PARTITION_FRACTIONAL_EVEN:
        pd3dImmediateContext.HSSetShader(g_pHullShaderFracEven, None, 0)
    elif g_iPartitionMode == PARTITION_FRACTIONAL_ODD:
        pd3dImmediateContext.HSSetShader(g_pHullShaderFracOdd, None, 0)

    pd3dImmediateContext.DSSetShader(g_pDomainShader, None, 0)
    pd3dImmediateContext.GSSetShader(None, None, 0)
    pd3dImmediateContext.PSSetShader(g_pPixelShader, None, 0)

    # Optionally draw the wireframe
    if g_bDrawWires:
        pd3dImmediateContext.PSSetShader(g_pSolidColorPS, None, 0)
        pd3dImmediateContext.RSSetState(g_pRasterizerStateWireframe)

    # Set the input assembler
    # This sample uses patches with 16 control points each
    # Although the Mobius strip only needs to use a vertex buffer,
    # you can use an index buffer as well by calling IASetIndexBuffer().
    pd3dImmediateContext.IASetInputLayout(g_pPatchLayout)
    Stride = BEZIER_CONTROL_POINT.itemsize
    Offset = 0
    pd3dImmediateContext.IASetVertexBuffers(0, 1, [g_pControlPointVB], [Stride], [Offset])
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_16_CONTROL_POINT_PATCHLIST)

    # Draw the mesh
    pd3dImmediateContext.Draw(len(g_MobiusStrip), 0)

    pd3dImmediateContext.RSSetState(g_pRasterizerStateSolid)

    # Render the HUD (not ported: g_HUD.OnRender, g_SampleUI.OnRender, RenderText)


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    """Release D3D11 resources created in OnD3D11ResizedSwapChain (nothing outside the dialogs)."""


def OnD3D11DestroyDevice(pUserContext) -> None:
    """Release D3D11 resources created in OnD3D11CreateDevice."""
    for obj in (g_pPatchLayout, g_pcbPerFrame, g_pVertexShader, g_pHullShaderInteger, g_pHullShaderFracEven,
                g_pHullShaderFracOdd, g_pDomainShader, g_pPixelShader, g_pSolidColorPS, g_pRasterizerStateSolid,
                g_pRasterizerStateWireframe, g_pControlPointVB):
        if obj is not None:
            obj.Release()  # SAFE_RELEASE


if __name__ == "__main__":
    sys.exit(wWinMain())
