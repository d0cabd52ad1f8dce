# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""Direct3D 11 Tutorial 14: State Management (Effects 11) — a line-by-line port of Tutorial14.cpp from
walbourn/directx-sdk-samples (Direct3D11TutorialsFX11; Copyright (c) Microsoft Corporation, MIT License, see
LICENSE-directx-sdk-samples.txt). Tutorial14.fx is the sample's effect, unchanged: the mesh is drawn with depth-stencil
and rasterizer states set by the application (non-FX state management), a textured quad with one of five blend
techniques from the effect, and a full-screen quad with a second texture where the stencil buffer is not 0 (the
RenderWithStencil technique's FX state).

DXUT is examples/samples/dxut.py; ``g_Mesh`` is a CDXUTSDKMesh. The HUD, the settings dialog and the text helper
are not ported; the sample UI's combo boxes become ``--quad N`` (0..4), ``--depth-stencil N`` (0..8) and
``--rasterizer N`` (0..5), its check box ``--no-spin``. The media (Tiny\\tiny.sdkmesh, Misc\\MarbleClouds.dds,
Misc\\NormTest.dds) come from the SDK's Media folder: ``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/tutorial14.py [--frames N] [--size W H] [--out frame.png] [--window] [--media DIR]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "samples"))

import numpy as np  # noqa: E402
from dxut import *  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402
from pyd3d11.dxtk.sdkmesh import SDKMESH_PRIMITIVE_TYPE, CDXUTSDKMesh  # noqa: E402
from pyd3d11.effects import *  # noqa: E402
from pyd3d11.errors import D3D11Error  # noqa: E402

HERE = Path(__file__).resolve().parent

g_szQuadTechniques = [
    "RenderQuadSolid",
    "RenderQuadSrcAlphaAdd",
    "RenderQuadSrcAlphaSub",
    "RenderQuadSrcColorAdd",
    "RenderQuadSrcColorSub",
]
MAX_QUAD_TECHNIQUES = 5

g_szDepthStencilModes = [
    "DepthOff/StencilOff",
    "DepthLess/StencilOff",
    "DepthGreater/StencilOff",
    "DepthOff/StencilIncOnFail",
    "DepthLess/StencilIncOnFail",
    "DepthGreater/StencilIncOnFail",
    "DepthOff/StencilIncOnPass",
    "DepthLess/StencilIncOnPass",
    "DepthGreater/StencilIncOnPass",
]
MAX_DEPTH_STENCIL_MODES = 9

g_szRasterizerModes = [
    "CullOff/FillSolid",
    "CullFront/FillSolid",
    "CullBack/FillSolid",
    "CullOff/FillWire",
    "CullFront/FillWire",
    "CullBack/FillWire",
]
MAX_RASTERIZER_MODES = 6

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera
g_World = None
g_fModelPuffiness = 0.0
g_bSpinning = True
g_pEffect = None
g_pSceneLayout = None
g_pQuadLayout = None
g_pScreenQuadVB = None
g_Mesh = CDXUTSDKMesh()
g_pScreenRV = [None, None]
g_eSceneDepthStencilMode = 0
g_pDepthStencilStates = [None] * MAX_DEPTH_STENCIL_MODES  # Depth Stencil states for non-FX state management
g_eSceneRasterizerMode = 0
g_pRasterStates = [None] * MAX_RASTERIZER_MODES  # Rasterizer states for non-FX state management
g_eQuadRenderMode = 0
g_pTechniqueQuad = [None] * MAX_QUAD_TECHNIQUES  # Quad Techniques from the FX file for FX based alpha blending
g_pTechniqueScene = None  # FX technique for rendering the scene
g_pTechniqueRenderWithStencil = None  # FX technique for rendering using FX based depth stencil states
g_ptxDiffuseVariable = None
g_pWorldVariable = None
g_pViewVariable = None
g_pProjectionVariable = None
g_pPuffiness = None

# struct SCREEN_VERTEX { XMFLOAT4 pos; XMFLOAT2 tex; };
SCREEN_VERTEX = np.dtype([("pos", np.float32, 4), ("tex", np.float32, 2)])


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any D3D11 devices that aren't acceptable by returning false"""
    return True


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a D3D device, allowing the app to modify the device settings as needed"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that aren't dependant on the back buffer"""
    global g_pEffect, g_pTechniqueScene, g_pTechniqueRenderWithStencil, g_ptxDiffuseVariable, g_pWorldVariable
    global g_pViewVariable, g_pProjectionVariable, g_pPuffiness, g_pSceneLayout, g_World, g_pQuadLayout
    global g_pScreenQuadVB
    # g_DialogResourceManager / g_SettingsDlg / g_pTxtHelper: not ported

    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS

    # Read the D3DX effect file
    str_ = DXUTFindDXSDKMediaFileCch("Tutorial14.fx")
    g_pEffect = D3DX11CompileEffectFromFile(str_, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain the technique handles
    g_pTechniqueScene = g_pEffect.GetTechniqueByName("RenderScene")
    g_pTechniqueRenderWithStencil = g_pEffect.GetTechniqueByName("RenderWithStencil")
    LoadQuadTechniques()
    LoadDepthStencilStates(pd3dDevice)
    LoadRasterizerStates(pd3dDevice)

    # Obtain the variables
    g_ptxDiffuseVariable = g_pEffect.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pWorldVariable = g_pEffect.GetVariableByName("World").AsMatrix()
    g_pViewVariable = g_pEffect.GetVariableByName("View").AsMatrix()
    g_pProjectionVariable = g_pEffect.GetVariableByName("Projection").AsMatrix()
    g_pPuffiness = g_pEffect.GetVariableByName("Puffiness").AsScalar()

    # Set Puffiness (Tutorial14.fx has no Puffiness: the invalid variable's E_FAIL, which the C++ ignores)
    try:
        g_pPuffiness.SetFloat(g_fModelPuffiness)
    except D3D11Error:
        pass

    # Define the input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    numElements = len(layout)

    # Create the input layout
    PassDesc = g_pTechniqueScene.GetPassByIndex(0).GetDesc()
    g_pSceneLayout = pd3dDevice.CreateInputLayout(layout, numElements, PassDesc.pIAInputSignature,
                                                  PassDesc.IAInputSignatureSize)

    # Load the mesh
    g_Mesh.Create(pd3dDevice, "Tiny\\tiny.sdkmesh")

    # Initialize the world matrices
    g_World = XMMatrixIdentity()

    # Create a screen quad
    quadlayout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    PassDesc = g_pTechniqueQuad[0].GetPassByIndex(0).GetDesc()
    g_pQuadLayout = pd3dDevice.CreateInputLayout(quadlayout, 2, PassDesc.pIAInputSignature,
                                                 PassDesc.IAInputSignatureSize)

    svQuad = np.zeros(4, SCREEN_VERTEX)
    fSize = 1.0
    svQuad[0] = ((-fSize, fSize, 0.0, 1.0), (0.0, 0.0))
    svQuad[1] = ((fSize, fSize, 0.0, 1.0), (1.0, 0.0))
    svQuad[2] = ((-fSize, -fSize, 0.0, 1.0), (0.0, 1.0))
    svQuad[3] = ((fSize, -fSize, 0.0, 1.0), (1.0, 1.0))
    vbdesc = D3D11_BUFFER_DESC(ByteWidth=4 * SCREEN_VERTEX.itemsize, Usage=D3D11_USAGE_DEFAULT,
                               BindFlags=D3D11_BIND_VERTEX_BUFFER, CPUAccessFlags=0, MiscFlags=0)
    InitData = D3D11_SUBRESOURCE_DATA(pSysMem=svQuad, SysMemPitch=0, SysMemSlicePitch=0)
    g_pScreenQuadVB = pd3dDevice.CreateBuffer(vbdesc, InitData)

    # Load the texture for the screen quad
    szScreenTextures = ["misc\\MarbleClouds.dds", "misc\\NormTest.dds"]
    for i in range(2):
        g_pScreenRV[i] = DXUTCreateShaderResourceViewFromFile(pd3dDevice, szScreenTextures[i])

    # Setup the camera's view parameters
    s_Eye = XMVectorSet(0.0, 3.0, -800.0, 0.0)
    s_At = XMVectorSet(0.0, 1.0, 0.0, 0.0)
    g_Camera.SetViewParams(s_Eye, s_At)


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that depend on the back buffer"""
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 0.1, 5000.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(MOUSE_LEFT_BUTTON, MOUSE_WHEEL, MOUSE_MIDDLE_BUTTON)


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene."""
    global g_World
    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)

    if g_bSpinning:
        g_World = XMMatrixRotationY(60.0 * XMConvertToRadians(float(fTime)))
    else:
        g_World = XMMatrixRotationY(XMConvertToRadians(180.0))

    mRot = XMMatrixRotationX(XMConvertToRadians(-90.0))
    g_World = XMMatrixMultiply(mRot, g_World)


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Render the scene using the D3D11 device"""
    # (the settings dialog is not ported)

    # Clear the back buffer
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.MidnightBlue)

    # Clear the depth stencil
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0)

    mView = g_Camera.GetViewMatrix()
    mProj = g_Camera.GetProjMatrix()
    mWorldViewProjection = XMMatrixMultiply(XMMatrixMultiply(g_World, mView), mProj)  # noqa: F841 (unused, as in C++)

    # Update variables that change once per frame
    g_pProjectionVariable.SetMatrix(mProj)
    g_pViewVariable.SetMatrix(mView)
    g_pWorldVariable.SetMatrix(g_World)

    # Update the Cull Mode (non-FX method)
    pd3dImmediateContext.RSSetState(g_pRasterStates[g_eSceneRasterizerMode])

    # Update the Depth Stencil States (non-FX method)
    pd3dImmediateContext.OMSetDepthStencilState(g_pDepthStencilStates[g_eSceneDepthStencilMode], 0)

    # Render the mesh
    pd3dImmediateContext.IASetInputLayout(g_pSceneLayout)
    pVB = [g_Mesh.GetVB11(0, 0)]
    Strides = [g_Mesh.GetVertexStride(0, 0)]
    Offsets = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_Mesh.GetIB11(0), g_Mesh.GetIBFormat11(0), 0)

    techDesc = g_pTechniqueScene.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_Mesh.GetNumSubsets(0)):
            pSubset = g_Mesh.GetSubset(0, subset)

            PrimType = g_Mesh.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pDiffuseRV = g_Mesh.GetMaterial(int(pSubset["MaterialID"])).pDiffuseRV11
            g_ptxDiffuseVariable.SetResource(pDiffuseRV)

            g_pTechniqueScene.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(int(pSubset["IndexCount"]), 0, int(pSubset["VertexStart"]))

    # Reset the world transform
    mWorld = XMMatrixScaling(150.0, 150.0, 1.0)
    g_pWorldVariable.SetMatrix(mWorld)

    # Render the screen space quad
    pTech = g_pTechniqueQuad[g_eQuadRenderMode]
    g_ptxDiffuseVariable.SetResource(g_pScreenRV[0])
    strides = [SCREEN_VERTEX.itemsize]
    offsets = [0]
    pBuffers = [g_pScreenQuadVB]
    pd3dImmediateContext.IASetInputLayout(g_pQuadLayout)
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pBuffers, strides, offsets)
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)

    techDesc = pTech.GetDesc()
    for uiPass in range(techDesc.Passes):
        pTech.GetPassByIndex(uiPass).Apply(0, pd3dImmediateContext)
        pd3dImmediateContext.Draw(4, 0)

    # Render the screen space quad again, but this time with a different texture
    #  and only render where the stencil buffer is != 0
    #  Look at the FX file for the state settings
    pTech = g_pTechniqueRenderWithStencil
    g_ptxDiffuseVariable.SetResource(g_pScreenRV[1])
    pd3dImmediateContext.IASetInputLayout(g_pQuadLayout)
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pBuffers, strides, offsets)
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)
    techDesc = pTech.GetDesc()
    for uiPass in range(techDesc.Passes):
        pTech.GetPassByIndex(uiPass).Apply(0, pd3dImmediateContext)
        pd3dImmediateContext.Draw(4, 0)

    # Reset our Cull Mode (non-FX method)
    pd3dImmediateContext.RSSetState(g_pRasterStates[0])

    # Reset the Depth Stencil State
    pd3dImmediateContext.OMSetDepthStencilState(g_pDepthStencilStates[1], 0)

    # Render the UI: g_HUD / g_SampleUI / RenderText not ported


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass  # g_DialogResourceManager.OnD3D11ReleasingSwapChain()


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pSceneLayout, g_pQuadLayout, g_pEffect, g_pScreenQuadVB
    g_Mesh.Destroy()
    g_pSceneLayout = g_pQuadLayout = g_pEffect = g_pScreenQuadVB = None  # SAFE_RELEASE
    for i in range(MAX_DEPTH_STENCIL_MODES):
        g_pDepthStencilStates[i] = None
    for i in range(MAX_RASTERIZER_MODES):
        g_pRasterStates[i] = None
    g_pScreenRV[0] = g_pScreenRV[1] = None


def OnDeviceRemoved(pUserContext) -> bool:
    return True


def LoadQuadTechniques() -> None:
    """Load the techniques for rendering the quad from the FX file. The techniques in the FX file contain the
    alpha blending state setup."""
    for i in range(MAX_QUAD_TECHNIQUES):
        g_pTechniqueQuad[i] = g_pEffect.GetTechniqueByName(g_szQuadTechniques[i])
        # g_SampleUI.GetComboBox(IDC_QUADRENDER_MODE)->AddItem(...): the --quad option


def LoadDepthStencilStates(pd3dDevice) -> None:
    """Create a set of depth stencil states for non-FX state management. These states will later be set using
    OMSetDepthStencilState in OnD3D11FrameRender."""
    bDepthEnable = [FALSE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE]
    bStencilEnable = [FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE]
    compFunc = [D3D11_COMPARISON_LESS, D3D11_COMPARISON_LESS, D3D11_COMPARISON_GREATER,
                D3D11_COMPARISON_LESS, D3D11_COMPARISON_LESS, D3D11_COMPARISON_GREATER,
                D3D11_COMPARISON_LESS, D3D11_COMPARISON_LESS, D3D11_COMPARISON_GREATER]
    FailOp = [D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
              D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_INCR,
              D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP]
    PassOp = [D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
              D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
              D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_INCR, D3D11_STENCIL_OP_INCR]
    for i in range(MAX_DEPTH_STENCIL_MODES):
        dsDesc = D3D11_DEPTH_STENCIL_DESC()
        dsDesc.DepthEnable = bDepthEnable[i]
        dsDesc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ALL
        dsDesc.DepthFunc = compFunc[i]

        # Stencil test parameters
        dsDesc.StencilEnable = bStencilEnable[i]
        dsDesc.StencilReadMask = 0xFF
        dsDesc.StencilWriteMask = 0xFF

        # Stencil operations if pixel is front-facing
        dsDesc.FrontFace.StencilFailOp = D3D11_STENCIL_OP_KEEP
        dsDesc.FrontFace.StencilDepthFailOp = FailOp[i]
        dsDesc.FrontFace.StencilPassOp = PassOp[i]
        dsDesc.FrontFace.StencilFunc = D3D11_COMPARISON_ALWAYS

        # Stencil operations if pixel is back-facing
        dsDesc.BackFace.StencilFailOp = D3D11_STENCIL_OP_KEEP
        dsDesc.BackFace.StencilDepthFailOp = FailOp[i]
        dsDesc.BackFace.StencilPassOp = PassOp[i]
        dsDesc.BackFace.StencilFunc = D3D11_COMPARISON_ALWAYS

        # Create depth stencil state
        g_pDepthStencilStates[i] = pd3dDevice.CreateDepthStencilState(dsDesc)
        # g_SampleUI.GetComboBox(IDC_SCENEDEPTHSTENCIL_MODE)->AddItem(...): the --depth-stencil option


def LoadRasterizerStates(pd3dDevice) -> None:
    """Create a set of rasterizer states for non-FX state management. These states will later be set using
    RSSetState in OnD3D11FrameRender."""
    fill = [D3D11_FILL_SOLID, D3D11_FILL_SOLID, D3D11_FILL_SOLID, D3D11_FILL_WIREFRAME, D3D11_FILL_WIREFRAME,
            D3D11_FILL_WIREFRAME]
    cull = [D3D11_CULL_NONE, D3D11_CULL_FRONT, D3D11_CULL_BACK, D3D11_CULL_NONE, D3D11_CULL_FRONT, D3D11_CULL_BACK]
    for i in range(MAX_RASTERIZER_MODES):
        rasterizerState = D3D11_RASTERIZER_DESC()
        rasterizerState.FillMode = fill[i]
        rasterizerState.CullMode = cull[i]
        rasterizerState.FrontCounterClockwise = False
        rasterizerState.DepthBias = False
        rasterizerState.DepthBiasClamp = 0
        rasterizerState.SlopeScaledDepthBias = 0
        rasterizerState.DepthClipEnable = True
        rasterizerState.ScissorEnable = False
        rasterizerState.MultisampleEnable = False
        rasterizerState.AntialiasedLineEnable = False
        g_pRasterStates[i] = pd3dDevice.CreateRasterizerState(rasterizerState)
        # g_SampleUI.GetComboBox(IDC_SCENERASTERIZER_MODE)->AddItem(...): the --rasterizer option


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Initialize everything and go into a render loop"""
    global g_bSpinning, g_eQuadRenderMode, g_eSceneDepthStencilMode, g_eSceneRasterizerMode
    args = parse_args(argv)

    # Set general DXUT callbacks
    DXUTSetCallbackFrameMove(OnFrameMove)
    DXUTSetCallbackDeviceChanging(ModifyDeviceSettings)
    DXUTSetCallbackDeviceRemoved(OnDeviceRemoved)

    # Set the D3D11 DXUT callbacks. Remove these sets if the app doesn't need to support D3D11
    DXUTSetCallbackD3D11DeviceAcceptable(IsD3D11DeviceAcceptable)
    DXUTSetCallbackD3D11DeviceCreated(OnD3D11CreateDevice)
    DXUTSetCallbackD3D11SwapChainResized(OnD3D11ResizedSwapChain)
    DXUTSetCallbackD3D11FrameRender(OnD3D11FrameRender)
    DXUTSetCallbackD3D11SwapChainReleasing(OnD3D11ReleasingSwapChain)
    DXUTSetCallbackD3D11DeviceDestroyed(OnD3D11DestroyDevice)

    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen

    # InitApp(): the sample UI's check box and combo boxes
    g_bSpinning = not args.no_spin
    g_eQuadRenderMode = min(max(args.quad, 0), MAX_QUAD_TECHNIQUES - 1)
    g_eSceneDepthStencilMode = min(max(args.depth_stencil, 0), MAX_DEPTH_STENCIL_MODES - 1)
    g_eSceneRasterizerMode = min(max(args.rasterizer, 0), MAX_RASTERIZER_MODES - 1)
    DXUTCreateWindow("Tutorial14")

    # Only require 10-level hardware or later
    DXUTCreateDevice(D3D_FEATURE_LEVEL_10_0, True, *args.size)
    return run_sample(args, args.frames, sink)  # DXUTMainLoop(): Enter into the DXUT render loop


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=1)
    p.add_argument("--size", type=int, nargs=2, default=[800, 600], metavar=("W", "H"))
    p.add_argument("--out", default=None, help="write the last frame as PNG")
    p.add_argument("--video", default=None, help="write every frame to an animation/video (imageio)")
    p.add_argument("--window", action="store_true", help="show the frames in a window (pyd3d11[window])")
    p.add_argument("--media", default=default_media_folder(), help="the SDK's Media folder")
    p.add_argument("--no-spin", action="store_true", help="the sample UI's Toggle Spinning check box, off")
    p.add_argument("--quad", type=int, default=0, help="quad render mode: " + ", ".join(
        f"{i} {n}" for i, n in enumerate(g_szQuadTechniques)))
    p.add_argument("--depth-stencil", type=int, default=0, help="scene depth/stencil mode: " + ", ".join(
        f"{i} {n}" for i, n in enumerate(g_szDepthStencilModes)))
    p.add_argument("--rasterizer", type=int, default=0, help="scene rasterizer mode: " + ", ".join(
        f"{i} {n}" for i, n in enumerate(g_szRasterizerModes)))
    return p.parse_args(argv)


if __name__ == "__main__":
    sys.exit(wWinMain())
