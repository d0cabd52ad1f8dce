# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""Direct3D 11 Tutorial 12: Advanced Pixel Shader (Effects 11) — a line-by-line port of Tutorial12.cpp from
walbourn/directx-sdk-samples (Direct3D11TutorialsFX11; Copyright (c) Microsoft Corporation, MIT License, see
LICENSE-directx-sdk-samples.txt). Tutorial12.fx is the sample's effect, unchanged: diffuse lighting plus a
cube environment map sampled along the view-space reflection vector.

DXUT is examples/samples/dxut.py; ``g_Mesh`` is a CDXUTSDKMesh (pyd3d11.dxtk.sdkmesh). The HUD, the settings
dialog and the text helper are not ported (their calls stay as comments); the sample UI's check box becomes
``--no-spin``. The media (Tiny\\tiny.sdkmesh with its texture, Lobby\\LobbyCube.dds) come from the SDK's Media
folder: ``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/tutorial12.py [--frames N] [--size W H] [--out frame.png] [--window] [--media DIR]``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "samples"))

from dxut import *  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402
from pyd3d11.dxtk.sdkmesh import SDKMESH_PRIMITIVE_TYPE, CDXUTSDKMesh  # noqa: E402
from pyd3d11.effects import *  # noqa: E402

HERE = Path(__file__).resolve().parent

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera

g_World = None
g_bSpinning = True
g_pEffect = None
g_pVertexLayout = None
g_pTechnique = None
g_Mesh = CDXUTSDKMesh()
g_pEnvMapSRV = None
g_ptxDiffuseVariable = None
g_pWorldVariable = None
g_pViewVariable = None
g_pProjectionVariable = None
g_pEnvMapVariable = None


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any D3D11 devices that aren't acceptable by returning false"""
    return True


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a D3D device, allowing the app to modify the device settings as needed"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that aren't dependant on the back buffer"""
    global g_pEffect, g_pTechnique, g_ptxDiffuseVariable, g_pWorldVariable, g_pViewVariable
    global g_pProjectionVariable, g_pEnvMapVariable, g_pVertexLayout, g_World, g_pEnvMapSRV
    pd3dImmediateContext = DXUTGetD3D11DeviceContext()
    # g_DialogResourceManager / g_SettingsDlg / g_pTxtHelper: not ported

    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS

    # Read the D3DX effect file
    str_ = DXUTFindDXSDKMediaFileCch("Tutorial12.fx")
    g_pEffect = D3DX11CompileEffectFromFile(str_, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain the technique
    g_pTechnique = g_pEffect.GetTechniqueByName("Render")

    # Obtain the variables
    g_ptxDiffuseVariable = g_pEffect.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pWorldVariable = g_pEffect.GetVariableByName("World").AsMatrix()
    g_pViewVariable = g_pEffect.GetVariableByName("View").AsMatrix()
    g_pProjectionVariable = g_pEffect.GetVariableByName("Projection").AsMatrix()
    g_pEnvMapVariable = g_pEffect.GetVariableByName("g_txEnvMap").AsShaderResource()

    # Define the input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    numElements = len(layout)

    # Create the input layout
    PassDesc = g_pTechnique.GetPassByIndex(0).GetDesc()
    g_pVertexLayout = pd3dDevice.CreateInputLayout(layout, numElements, PassDesc.pIAInputSignature,
                                                   PassDesc.IAInputSignatureSize)

    # Set the input layout
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)

    # Load the mesh
    g_Mesh.Create(pd3dDevice, "Tiny\\tiny.sdkmesh")

    # Initialize the world matrices
    g_World = XMMatrixIdentity()

    # Load the Environment Map
    g_pEnvMapSRV = DXUTCreateShaderResourceViewFromFile(pd3dDevice, "Lobby\\LobbyCube.dds")

    # Set the Environment Map
    g_pEnvMapVariable.SetResource(g_pEnvMapSRV)

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
    # g_HUD / g_SampleUI locations: not ported


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
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    mView = g_Camera.GetViewMatrix()
    mProj = g_Camera.GetProjMatrix()
    mWorldViewProjection = XMMatrixMultiply(XMMatrixMultiply(g_World, mView), mProj)  # noqa: F841 (unused, as in C++)

    # Update variables that change once per frame
    g_pProjectionVariable.SetMatrix(mProj)
    g_pViewVariable.SetMatrix(mView)
    g_pWorldVariable.SetMatrix(g_World)

    # Set the Vertex Layout
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)

    # Render the mesh
    pVB = [g_Mesh.GetVB11(0, 0)]
    Strides = [g_Mesh.GetVertexStride(0, 0)]
    Offsets = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_Mesh.GetIB11(0), g_Mesh.GetIBFormat11(0), 0)

    techDesc = g_pTechnique.GetDesc()

    for p in range(techDesc.Passes):
        for subset in range(g_Mesh.GetNumSubsets(0)):
            pSubset = g_Mesh.GetSubset(0, subset)

            PrimType = g_Mesh.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pDiffuseRV = g_Mesh.GetMaterial(int(pSubset["MaterialID"])).pDiffuseRV11
            g_ptxDiffuseVariable.SetResource(pDiffuseRV)

            g_pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(int(pSubset["IndexCount"]), 0, int(pSubset["VertexStart"]))

    # Render the UI: g_HUD / g_SampleUI / RenderText not ported


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass  # g_DialogResourceManager.OnD3D11ReleasingSwapChain()


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pVertexLayout, g_pEffect, g_pEnvMapSRV
    g_Mesh.Destroy()
    g_pVertexLayout = g_pEffect = g_pEnvMapSRV = None  # SAFE_RELEASE


def OnDeviceRemoved(pUserContext) -> bool:
    return True


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Initialize everything and go into a render loop"""
    global g_bSpinning
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

    # InitApp(): the sample UI's "Toggle Spinning" check box
    g_bSpinning = not args.no_spin
    DXUTCreateWindow("Tutorial12")

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
    return p.parse_args(argv)


if __name__ == "__main__":
    sys.exit(wWinMain())
