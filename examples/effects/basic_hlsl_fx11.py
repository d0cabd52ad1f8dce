# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""BasicHLSLFX11 — a line-by-line port of BasicHLSLFX11.cpp from walbourn/directx-sdk-samples (Copyright (c)
Microsoft Corporation, MIT License, see LICENSE-directx-sdk-samples.txt): tiny.sdkmesh lit per vertex by up to
three directional lights and pulsing along its normals, on a feature level 9_2 device — BasicHLSLFX11.fx (the
sample's effect, unchanged) compiles its passes for vs/ps_4_0_level_9_1.

DXUT is examples/samples/dxut.py (CDXUTDirectionWidget without mouse dragging; its OnRender is a TODO in DXUT
itself); ``g_Mesh11`` is a CDXUTSDKMesh. The HUD, the settings dialog and the text helper are not ported; the
sample UI's "# Lights" slider becomes ``--lights N`` (1..3) and "Light scale" ``--light-scale S``. The media
(tiny\\tiny.sdkmesh and its texture) come from the SDK's Media folder: ``--media DIR`` or
$PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/basic_hlsl_fx11.py [--frames N] [--size W H] [--out frame.png] [--window] [--media DIR]``.
"""

from __future__ import annotations

import argparse
import math
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

HERE = Path(__file__).resolve().parent
MAX_LIGHTS = 3

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera
g_LightControl = [CDXUTDirectionWidget() for _ in range(MAX_LIGHTS)]
g_mCenterMesh = None
g_fLightScale = 1.0
g_nNumActiveLights = 1
g_nActiveLight = 0
g_bShowHelp = False  # If true, it renders the UI control text

# Direct3D11 resources
g_Mesh11 = CDXUTSDKMesh()
g_pVertexLayout = None
g_pEffect = None
g_pTechRenderSceneWithTexture1Light = None
g_pTechRenderSceneWithTexture2Light = None
g_pTechRenderSceneWithTexture3Light = None
g_ptxDiffuse = None
g_pLightDir = None
g_pLightDiffuse = None
g_pmWorldViewProjection = None
g_pmWorld = None
g_pfTime = None
g_pMaterialDiffuseColor = None
g_pMaterialAmbientColor = None
g_pnNumLights = None


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Entry point to the program. Initializes everything and goes into a message processing loop."""
    global g_nNumActiveLights, g_fLightScale
    args = parse_args(argv)

    # Set DXUT callbacks
    DXUTSetCallbackDeviceChanging(ModifyDeviceSettings)
    DXUTSetCallbackFrameMove(OnFrameMove)
    DXUTSetCallbackD3D11DeviceAcceptable(IsD3D11DeviceAcceptable)
    DXUTSetCallbackD3D11DeviceCreated(OnD3D11CreateDevice)
    DXUTSetCallbackD3D11SwapChainResized(OnD3D11ResizedSwapChain)
    DXUTSetCallbackD3D11FrameRender(OnD3D11FrameRender)
    DXUTSetCallbackD3D11SwapChainReleasing(OnD3D11ReleasingSwapChain)
    DXUTSetCallbackD3D11DeviceDestroyed(OnD3D11DestroyDevice)

    InitApp()
    # the sample UI's "# Lights" and "Light scale" sliders
    g_nNumActiveLights = min(max(args.lights, 1), MAX_LIGHTS)
    g_fLightScale = float(args.light_scale)
    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("BasicHLSLFX11")
    DXUTCreateDevice(D3D_FEATURE_LEVEL_9_2, True, *args.size)
    return run_sample(args, args.frames, sink)  # DXUTMainLoop(): Enter into the DXUT render loop


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=1)
    p.add_argument("--size", type=int, nargs=2, default=[800, 600], metavar=("W", "H"))
    p.add_argument("--out", default=None, help="write the last frame as PNG")
    p.add_argument("--video", default=None, help="write every frame to an animation/video (imageio)")
    p.add_argument("--window", action="store_true", help="show the frames in a window (pyd3d11[window])")
    p.add_argument("--media", default=default_media_folder(), help="the SDK's Media folder")
    p.add_argument("--lights", type=int, default=1, help="the # Lights slider (1..3)")
    p.add_argument("--light-scale", type=float, default=1.0, help="the Light scale slider")
    return p.parse_args(argv)


def InitApp() -> None:
    """Initialize the app"""
    global g_nActiveLight, g_nNumActiveLights, g_fLightScale
    for i in range(MAX_LIGHTS):
        g_LightControl[i].SetLightDirection(XMFLOAT3(math.sin(XM_PI * 2 * i / MAX_LIGHTS - XM_PI / 6), 0,
                                                     -math.cos(XM_PI * 2 * i / MAX_LIGHTS - XM_PI / 6)))
    g_nActiveLight = 0
    g_nNumActiveLights = 1
    g_fLightScale = 1.0
    # Initialize dialogs: the HUD and sample UI are not ported


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a D3D device, allowing the app to modify the device settings as needed"""
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene."""
    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any D3D11 devices that aren't acceptable by returning false"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that aren't dependant on the back buffer"""
    global g_mCenterMesh, g_pEffect, g_pTechRenderSceneWithTexture1Light, g_pTechRenderSceneWithTexture2Light
    global g_pTechRenderSceneWithTexture3Light, g_ptxDiffuse, g_pLightDir, g_pLightDiffuse, g_pmWorldViewProjection
    global g_pmWorld, g_pfTime, g_pMaterialAmbientColor, g_pMaterialDiffuseColor, g_pnNumLights, g_pVertexLayout
    vCenter = XMFLOAT3(0.25767413, -28.503521, 111.00689)
    fObjectRadius = 378.15607

    g_mCenterMesh = XMMatrixTranslation(-vCenter.x, -vCenter.y, -vCenter.z)
    m = XMMatrixRotationY(XM_PI)
    g_mCenterMesh = XMMatrixMultiply(g_mCenterMesh, m)
    m = XMMatrixRotationX(XM_PI / 2.0)
    g_mCenterMesh = XMMatrixMultiply(g_mCenterMesh, m)

    for i in range(MAX_LIGHTS):
        g_LightControl[i].SetRadius(fObjectRadius)

    # Compile and create the effect.
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    szShaderPath = DXUTFindDXSDKMediaFileCch("BasicHLSLFX11.fx")
    g_pEffect = D3DX11CompileEffectFromFile(szShaderPath, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain technique objects
    g_pTechRenderSceneWithTexture1Light = g_pEffect.GetTechniqueByName("RenderSceneWithTexture1Light")
    g_pTechRenderSceneWithTexture2Light = g_pEffect.GetTechniqueByName("RenderSceneWithTexture2Light")
    g_pTechRenderSceneWithTexture3Light = g_pEffect.GetTechniqueByName("RenderSceneWithTexture3Light")

    # Obtain variables
    g_ptxDiffuse = g_pEffect.GetVariableByName("g_MeshTexture").AsShaderResource()
    g_pLightDir = g_pEffect.GetVariableByName("g_LightDir").AsVector()
    g_pLightDiffuse = g_pEffect.GetVariableByName("g_LightDiffuse").AsVector()
    g_pmWorldViewProjection = g_pEffect.GetVariableByName("g_mWorldViewProjection").AsMatrix()
    g_pmWorld = g_pEffect.GetVariableByName("g_mWorld").AsMatrix()
    g_pfTime = g_pEffect.GetVariableByName("g_fTime").AsScalar()
    g_pMaterialAmbientColor = g_pEffect.GetVariableByName("g_MaterialAmbientColor").AsVector()
    g_pMaterialDiffuseColor = g_pEffect.GetVariableByName("g_MaterialDiffuseColor").AsVector()
    g_pnNumLights = g_pEffect.GetVariableByName("g_nNumLights").AsScalar()

    # Create our vertex input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    PassDesc = g_pTechRenderSceneWithTexture1Light.GetPassByIndex(0).GetDesc()
    g_pVertexLayout = pd3dDevice.CreateInputLayout(layout, 3, PassDesc.pIAInputSignature,
                                                   PassDesc.IAInputSignatureSize)

    # Load the mesh
    g_Mesh11.Create(pd3dDevice, "tiny\\tiny.sdkmesh")

    # Set effect variables as needed
    colorMtrlDiffuse = XMFLOAT4(1.0, 1.0, 1.0, 1.0)
    colorMtrlAmbient = XMFLOAT4(0.35, 0.35, 0.35, 0)
    g_pMaterialAmbientColor.SetFloatVector(colorMtrlAmbient)
    g_pMaterialDiffuseColor.SetFloatVector(colorMtrlDiffuse)

    # Setup the camera's view parameters
    s_vecEye = XMVectorSet(0.0, 0.0, -15.0, 0.0)
    g_Camera.SetViewParams(s_vecEye, g_XMZero)
    g_Camera.SetRadius(fObjectRadius * 3.0, fObjectRadius * 0.5, fObjectRadius * 10.0)


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that depend on the back buffer"""
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 2.0, 4000.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(MOUSE_LEFT_BUTTON, MOUSE_WHEEL, MOUSE_MIDDLE_BUTTON)
    # g_HUD / g_SampleUI locations: not ported


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Render the scene using the D3D11 device"""
    # (the settings dialog is not ported)

    # Clear the render target and depth stencil
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.MidnightBlue)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    # Get the projection & view matrix from the camera class
    mWorld = XMMatrixMultiply(g_mCenterMesh, g_Camera.GetWorldMatrix())
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()
    mWorldViewProjection = XMMatrixMultiply(XMMatrixMultiply(mWorld, mView), mProj)

    # Render the light arrow so the user can visually see the light dir
    vLightDir = np.zeros((MAX_LIGHTS, 3), np.float32)  # XMFLOAT3 vLightDir[MAX_LIGHTS]
    vLightDiffuse = np.zeros((MAX_LIGHTS, 4), np.float32)  # XMFLOAT4 vLightDiffuse[MAX_LIGHTS]
    for i in range(g_nNumActiveLights):
        arrowColor = Colors.Yellow if i == g_nActiveLight else Colors.White
        g_LightControl[i].OnRender(arrowColor, mView, mProj, g_Camera.GetEyePt())
        vLightDir[i] = g_LightControl[i].GetLightDirection()[:3]  # XMStoreFloat3
        vLightDiffuse[i] = g_fLightScale

    # the C++ copies the packed XMFLOAT3s as raw bytes (only light 0 lands where g_LightDir[0] is read)
    g_pLightDir.SetRawValue(vLightDir, 0, vLightDir.nbytes)
    g_pLightDiffuse.SetFloatVectorArray(vLightDiffuse, 0, MAX_LIGHTS)

    g_pmWorldViewProjection.SetMatrix(mWorldViewProjection)
    g_pmWorld.SetMatrix(mWorld)
    g_pfTime.SetFloat(float(fTime))
    g_pnNumLights.SetInt(g_nNumActiveLights)

    # Render the scene with this technique as defined in the .fx file
    pRenderTechnique = {1: g_pTechRenderSceneWithTexture1Light, 2: g_pTechRenderSceneWithTexture2Light,
                        3: g_pTechRenderSceneWithTexture3Light}.get(g_nNumActiveLights,
                                                                     g_pTechRenderSceneWithTexture1Light)

    # IA setup
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)
    pVB = [g_Mesh11.GetVB11(0, 0)]
    Strides = [g_Mesh11.GetVertexStride(0, 0)]
    Offsets = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_Mesh11.GetIB11(0), g_Mesh11.GetIBFormat11(0), 0)

    # Render
    techDesc = pRenderTechnique.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_Mesh11.GetNumSubsets(0)):
            # Get the subset
            pSubset = g_Mesh11.GetSubset(0, subset)
            PrimType = CDXUTSDKMesh.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pDiffuseRV = g_Mesh11.GetMaterial(int(pSubset["MaterialID"])).pDiffuseRV11
            g_ptxDiffuse.SetResource(pDiffuseRV)

            pRenderTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(int(pSubset["IndexCount"]), 0, int(pSubset["VertexStart"]))
    # g_HUD / g_SampleUI / RenderText: not ported


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pVertexLayout, g_pEffect
    g_Mesh11.Destroy()
    g_pVertexLayout = g_pEffect = None  # SAFE_RELEASE


if __name__ == "__main__":
    sys.exit(wWinMain())
