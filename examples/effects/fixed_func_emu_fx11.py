# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""FixedFuncEMUFX11 — a line-by-line port of FixedFuncEMU.cpp from walbourn/directx-sdk-samples (Copyright (c)
Microsoft Corporation, MIT License, see LICENSE-directx-sdk-samples.txt): Direct3D 9's fixed-function pipeline
emulated in shaders — 8 per-vertex point lights (Gouraud), flat shading and point sprites in geometry shaders,
three user clip planes (SV_ClipDistance), linear fog, a projected-texture "cookie" light and an alpha-tested
screen-space HUD quad. FixedFuncEMU.fx is the sample's effect file, unchanged.

DXUT is examples/samples/dxut.py; the meshes are CDXUTSDKMesh. The HUD's buttons, the settings dialog and the
text helper are not ported. The media (misc\\ball.sdkmesh, BlackHoleRoom\\BlackHoleRoom.sdkmesh,
BlackHoleRoom\\BlackHole.sdkmesh, misc\\hud.dds, misc\\cookie.dds) come from the SDK's Media folder:
``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/fixed_func_emu_fx11.py [--frames N] [--size W H] [--out frame.png] [--window]``.
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

HERE = Path(__file__).resolve().parent

FOGMODE_NONE = 0
FOGMODE_LINEAR = 1
FOGMODE_EXP = 2
FOGMODE_EXP2 = 3


def DEG2RAD(a: float) -> float:
    return a * XM_PI / 180.0


MAX_BALLS = 10

#: struct SCENE_VERTEX { XMFLOAT3 pos; XMFLOAT3 norm; XMFLOAT2 tex; }
SCENE_VERTEX = np.dtype([("pos", "<f4", 3), ("norm", "<f4", 3), ("tex", "<f4", 2)])
#: struct SCENE_LIGHT { XMFLOAT4 Position, Diffuse, Specular, Ambient, Atten; }
SCENE_LIGHT = np.dtype([("Position", "<f4", 4), ("Diffuse", "<f4", 4), ("Specular", "<f4", 4),
                        ("Ambient", "<f4", 4), ("Atten", "<f4", 4)])


class BALL:
    def __init__(self) -> None:
        self.dStartTime = 0.0
        self.mWorld = XMMatrixIdentity()
        self.velStart = XMFLOAT3(0, 0, 0)


# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera
g_mBlackHole = None
g_mLightView = None
g_mLightProj = None
g_lights = np.zeros(8, SCENE_LIGHT)
g_clipplanes = np.zeros((3, 4), np.float32)
g_balls = [BALL() for _ in range(MAX_BALLS)]
g_fLaunchInterval = float(np.float32(0.3))  # double g_fLaunchInterval = 0.3f
g_fRotateSpeed = 70.0

g_pEffect = None
g_pVertexLayout = None
g_pScreenQuadVB = None
g_pScreenTexRV = None
g_pProjectedTexRV = None
g_ballMesh = CDXUTSDKMesh()
g_roomMesh = CDXUTSDKMesh()
g_holeMesh = CDXUTSDKMesh()

g_pRenderSceneGouraudTech = None
g_pRenderSceneFlatTech = None
g_pRenderScenePointTech = None
g_pRenderScreenSpaceAlphaTestTech = None
g_pmWorld = g_pmView = g_pmProj = g_pmInvProj = g_pmLightViewProj = None
g_pDiffuseTex = g_pProjectedTex = None
g_pSceneLights = None
g_pClipPlanes = None
g_pViewportHeight = g_pViewportWidth = g_pNearPlane = g_pPointSize = None
g_pEnableLighting = g_pEnableClipping = None
g_pFogMode = g_pFogStart = g_pFogEnd = g_pFogDensity = g_pFogColor = None

# static double dLastLaunch = -g_fLaunchInterval - 1; (OnFrameMove)
dLastLaunch = -g_fLaunchInterval - 1


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Entry point to the program. Initializes everything and goes into a message processing loop."""
    global dLastLaunch
    args = parse_args(argv)
    dLastLaunch = -g_fLaunchInterval - 1  # the function-level static starts afresh with each run

    # DXUT will create and use the best device (D3D11)
    # that is available on the system depending on which D3D callbacks are set below

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
    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("FixedFuncEMU")
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
    return p.parse_args(argv)


def InitApp() -> None:
    """Initialize the app"""
    # g_D3DSettingsDlg.Init(&g_DialogResourceManager): not ported


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a device, allowing the app to modify the device settings as needed"""
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene.  This is called regardless of which D3D API is used"""
    global g_mBlackHole, g_mLightView, dLastLaunch
    g_Camera.FrameMove(fElapsedTime)

    fBlackHoleRads = float(np.float32(fTime)) * DEG2RAD(g_fRotateSpeed)
    g_mBlackHole = XMMatrixRotationY(fBlackHoleRads)

    # Rotate the clip planes to align with the black holes
    g_clipplanes[0] = (0, 1.0, 0, -0.8)
    s_v3Plane1 = XMVectorSet(0.707, 0.707, 0.0, 0.0)
    s_v3Plane2 = XMVectorSet(-0.707, 0.707, 0.0, 0.0)
    g_clipplanes[1] = XMVector3TransformNormal(s_v3Plane1, g_mBlackHole)
    g_clipplanes[2] = XMVector3TransformNormal(s_v3Plane2, g_mBlackHole)

    g_clipplanes[1, 3] = 0.70
    g_clipplanes[2, 3] = 0.70
    g_pClipPlanes.SetFloatVectorArray(g_clipplanes, 0, 3)

    ballLaunch = XMFLOAT3(2.1, 8.1, 0)
    ballStart = XMFLOAT3(0, 0.45, 0)
    ballGravity = XMFLOAT3(0, -9.8, 0)
    fBall_Life = np.float32(3.05) / np.float32(ballLaunch.x)

    # Move existing balls
    for i in range(MAX_BALLS):
        T = np.float32(fTime - g_balls[i].dStartTime)
        if T < fBall_Life + np.float32(0.5):  # Live 1/2 second longer to fully show off clipping
            # Use the equation X = Xo + VoT + 1/2AT^2
            ballNow = XMFLOAT3(
                ballStart.x + g_balls[i].velStart.x * T + np.float32(0.5) * ballGravity.x * T * T,
                ballStart.y + g_balls[i].velStart.y * T + np.float32(0.5) * ballGravity.y * T * T,
                ballStart.z + g_balls[i].velStart.z * T + np.float32(0.5) * ballGravity.z * T * T)

            # Create a world matrix
            g_balls[i].mWorld = XMMatrixTranslation(ballNow.x, ballNow.y, ballNow.z)
        else:
            g_balls[i].dStartTime = -1.0

    # Launch a ball if it's time
    bFound = False
    if (fTime - dLastLaunch) > g_fLaunchInterval:
        i = 0
        while i < MAX_BALLS and not bFound:
            if g_balls[i].dStartTime < 0.0:
                # Found a free ball
                g_balls[i].dStartTime = fTime
                wLaunchMatrix = XMMatrixRotationY((i % 2) * DEG2RAD(180.0) + fBlackHoleRads +
                                                  DEG2RAD(float(fBall_Life) * g_fRotateSpeed))
                g_balls[i].velStart = XMStoreFloat3(XMVector3TransformNormal(XMLoadFloat3(ballLaunch), wLaunchMatrix))
                g_balls[i].mWorld = XMMatrixTranslation(ballStart.x, ballStart.y, ballStart.z)
                bFound = True
            i += 1
        dLastLaunch = fTime

    # Rotate the cookie matrix
    mLightRot = XMMatrixRotationY(DEG2RAD(50.0) * float(np.float32(fTime)))
    s_vLightEye = XMVectorSet(0.0, 5.65, 0.0, 0.0)
    s_vLightAt = XMVectorSet(0.0, 0.0, 0.0, 0.0)
    s_vUp = XMVectorSet(0.0, 0.0, 1.0, 0.0)
    g_mLightView = XMMatrixLookAtLH(s_vLightEye, s_vLightAt, s_vUp)

    g_mLightView = XMMatrixMultiply(mLightRot, g_mLightView)


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any devices that aren't acceptable by returning false"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that aren't dependant on the back buffer"""
    global g_pEffect, g_pRenderSceneGouraudTech, g_pRenderSceneFlatTech, g_pRenderScenePointTech
    global g_pRenderScreenSpaceAlphaTestTech, g_pmWorld, g_pmView, g_pmProj, g_pmInvProj, g_pmLightViewProj
    global g_pDiffuseTex, g_pProjectedTex, g_pSceneLights, g_pClipPlanes, g_pViewportHeight, g_pViewportWidth
    global g_pNearPlane, g_pPointSize, g_pEnableLighting, g_pEnableClipping, g_pFogMode, g_pFogStart, g_pFogEnd
    global g_pFogDensity, g_pFogColor, g_pVertexLayout, g_mBlackHole, g_mLightProj, g_pScreenQuadVB
    global g_pScreenTexRV, g_pProjectedTexRV

    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    # (#ifdef _DEBUG: D3DCOMPILE_DEBUG | D3DCOMPILE_SKIP_OPTIMIZATION — not this build)

    # D3D_COMPILER_VERSION >= 46: Read the D3DX effect file
    szPath = DXUTFindDXSDKMediaFileCch("FixedFuncEMU.fx")
    g_pEffect = D3DX11CompileEffectFromFile(szPath, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain the technique handles
    g_pRenderSceneGouraudTech = g_pEffect.GetTechniqueByName("RenderSceneGouraud")
    g_pRenderSceneFlatTech = g_pEffect.GetTechniqueByName("RenderSceneFlat")
    g_pRenderScenePointTech = g_pEffect.GetTechniqueByName("RenderScenePoint")
    g_pRenderScreenSpaceAlphaTestTech = g_pEffect.GetTechniqueByName("RenderScreenSpaceAlphaTest")

    # Obtain the parameter handles
    g_pmWorld = g_pEffect.GetVariableByName("g_mWorld").AsMatrix()
    g_pmView = g_pEffect.GetVariableByName("g_mView").AsMatrix()
    g_pmProj = g_pEffect.GetVariableByName("g_mProj").AsMatrix()
    g_pmInvProj = g_pEffect.GetVariableByName("g_mInvProj").AsMatrix()
    g_pmLightViewProj = g_pEffect.GetVariableByName("g_mLightViewProj").AsMatrix()
    g_pDiffuseTex = g_pEffect.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pProjectedTex = g_pEffect.GetVariableByName("g_txProjected").AsShaderResource()
    g_pSceneLights = g_pEffect.GetVariableByName("g_lights")
    g_pClipPlanes = g_pEffect.GetVariableByName("g_clipplanes").AsVector()
    g_pViewportHeight = g_pEffect.GetVariableByName("g_viewportHeight").AsScalar()
    g_pViewportWidth = g_pEffect.GetVariableByName("g_viewportWidth").AsScalar()
    g_pNearPlane = g_pEffect.GetVariableByName("g_nearPlane").AsScalar()
    g_pPointSize = g_pEffect.GetVariableByName("g_pointSize").AsScalar()
    g_pEnableLighting = g_pEffect.GetVariableByName("g_bEnableLighting").AsScalar()
    g_pEnableClipping = g_pEffect.GetVariableByName("g_bEnableClipping").AsScalar()
    g_pFogMode = g_pEffect.GetVariableByName("g_fogMode").AsScalar()
    g_pFogStart = g_pEffect.GetVariableByName("g_fogStart").AsScalar()
    g_pFogEnd = g_pEffect.GetVariableByName("g_fogEnd").AsScalar()
    g_pFogDensity = g_pEffect.GetVariableByName("g_fogDensity").AsScalar()
    g_pFogColor = g_pEffect.GetVariableByName("g_fogColor").AsVector()

    # set constant variables
    g_pPointSize.SetFloat(3.0)
    g_pFogMode.SetInt(FOGMODE_LINEAR)
    g_pFogStart.SetFloat(12.0)
    g_pFogEnd.SetFloat(22.0)
    g_pFogDensity.SetFloat(0.05)
    v4FogColor = XMFLOAT4(0.7, 1.0, 1.0, 1)
    g_pFogColor.SetFloatVector(v4FogColor)

    # Create our vertex input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXTURE", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]

    PassDesc = g_pRenderSceneGouraudTech.GetPassByIndex(0).GetDesc()
    g_pVertexLayout = pd3dDevice.CreateInputLayout(layout, 3, PassDesc.pIAInputSignature,
                                                   PassDesc.IAInputSignatureSize)

    # Load the meshes
    g_ballMesh.Create(pd3dDevice, "misc\\ball.sdkmesh")
    g_roomMesh.Create(pd3dDevice, "BlackHoleRoom\\BlackHoleRoom.sdkmesh")
    g_holeMesh.Create(pd3dDevice, "BlackHoleRoom\\BlackHole.sdkmesh")
    g_mBlackHole = XMMatrixIdentity()

    # Initialize the balls
    for i in range(MAX_BALLS):
        g_balls[i].dStartTime = -1.0

    # Setup the Lights
    g_lights[:] = np.zeros(8, SCENE_LIGHT)  # ZeroMemory
    iLight = 0
    for y in range(3):
        for x in range(3):
            if x != 1 or y != 1:
                g_lights[iLight]["Position"] = (3.0 * (-1.0 + x), 5.65, 5.0 * (-1.0 + y), 1)
                if 0 == iLight % 2:
                    g_lights[iLight]["Diffuse"] = (0.20, 0.20, 0.20, 1.0)
                    g_lights[iLight]["Specular"] = (0.5, 0.5, 0.5, 1.0)
                    g_lights[iLight]["Ambient"] = (0.03, 0.03, 0.03, 0.0)
                else:
                    g_lights[iLight]["Diffuse"] = (0.0, 0.15, 0.20, 1.0)
                    g_lights[iLight]["Specular"] = (0.15, 0.25, 0.3, 1.0)
                    g_lights[iLight]["Ambient"] = (0.00, 0.02, 0.03, 0.0)
                g_lights[iLight]["Atten"][0] = 1.0
                iLight += 1
    g_pSceneLights.SetRawValue(g_lights, 0, 8 * SCENE_LIGHT.itemsize)

    g_mLightProj = XMMatrixPerspectiveFovLH(DEG2RAD(90.0), 1.0, 0.1, 100.0)

    # Create the screenspace quad VB
    # This gets initialized in OnD3D11SwapChainResized
    vbdesc = D3D11_BUFFER_DESC(4 * SCENE_VERTEX.itemsize, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0)
    g_pScreenQuadVB = pd3dDevice.CreateBuffer(vbdesc, None)

    # Load the HUD and Cookie Textures
    g_pScreenTexRV = DXUTCreateShaderResourceViewFromFile(pd3dDevice, "misc\\hud.dds")
    g_pProjectedTexRV = DXUTCreateShaderResourceViewFromFile(pd3dDevice, "misc\\cookie.dds")
    g_pProjectedTex.SetResource(g_pProjectedTexRV)

    # Setup the camera's view parameters
    s_vecEye = XMVectorSet(0.0, 2.3, -8.5, 0.0)
    s_vecAt = XMVectorSet(0.0, 2.0, 0.0, 0.0)
    g_Camera.SetViewParams(s_vecEye, s_vecAt)
    g_Camera.SetRadius(9.0, 1.0, 15.0)


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that depend on the back buffer"""
    fWidth = float(pBackBufferSurfaceDesc.Width)
    fHeight = float(pBackBufferSurfaceDesc.Height)

    # Set the viewport width/height
    g_pViewportWidth.SetFloat(fWidth)
    g_pViewportHeight.SetFloat(fHeight)

    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 0.1, 100.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(MOUSE_LEFT_BUTTON, MOUSE_WHEEL, MOUSE_MIDDLE_BUTTON)

    g_pNearPlane.SetFloat(0.1)

    # Update our Screen-space quad
    aVerts = np.array([
        ((0, 0, 0.5), (0, 0, 0), (0, 0)),
        ((fWidth, 0, 0.5), (0, 0, 0), (1, 0)),
        ((0, fHeight, 0.5), (0, 0, 0), (0, 1)),
        ((fWidth, fHeight, 0.5), (0, 0, 0), (1, 1)),
    ], SCENE_VERTEX)

    pd3dImmediateContext = DXUTGetD3D11DeviceContext()
    pd3dImmediateContext.UpdateSubresource(g_pScreenQuadVB, 0, None, aVerts, 0, 0)
    # (the HUD and sample UI locations: not ported)


def RenderMesh(mesh: CDXUTSDKMesh, pd3dImmediateContext, pTechnique, ptxDiffuse) -> None:
    """Render mesh with FX"""
    # Get the mesh
    # IA setup
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)
    pVB = [mesh.GetVB11(0, 0)]
    Strides = [mesh.GetVertexStride(0, 0)]
    Offsets = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(mesh.GetIB11(0), mesh.GetIBFormat11(0), 0)

    # Render
    techDesc = pTechnique.GetDesc()

    for p in range(techDesc.Passes):
        for subset in range(mesh.GetNumSubsets(0)):
            # Get the subset
            pSubset = mesh.GetSubset(0, subset)

            PrimType = CDXUTSDKMesh.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pDiffuseRV = mesh.GetMaterial(int(pSubset["MaterialID"])).pDiffuseRV11
            ptxDiffuse.SetResource(pDiffuseRV)

            pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(int(pSubset["IndexCount"]), 0, int(pSubset["VertexStart"]))


def RenderScreenQuad(pd3dImmediateContext, pTechnique) -> None:
    """Render a screen quad"""
    uStride = SCENE_VERTEX.itemsize
    offsets = 0
    pBuffers = [g_pScreenQuadVB]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pBuffers, [uStride], [offsets])
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP)

    techDesc = pTechnique.GetDesc()
    g_pDiffuseTex.SetResource(g_pScreenTexRV)

    for p in range(techDesc.Passes):
        pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
        pd3dImmediateContext.Draw(4, 0)


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Render the scene using the device"""
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.MidnightBlue)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    # (the settings dialog is not ported)

    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)

    # Setup the view matrices
    mLightViewProj = XMMatrixMultiply(g_mLightView, g_mLightProj)
    g_pmLightViewProj.SetMatrix(mLightViewProj)

    mWorld = XMMatrixIdentity()
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    g_pmWorld.SetMatrix(mWorld)
    g_pmView.SetMatrix(mView)
    g_pmProj.SetMatrix(mProj)

    mInvProj = XMMatrixInverse(None, mProj)
    g_pmInvProj.SetMatrix(mInvProj)

    # Render the room and the blackholes
    g_pEnableClipping.SetBool(False)
    g_pEnableLighting.SetBool(False)
    RenderMesh(g_roomMesh, pd3dImmediateContext, g_pRenderSceneGouraudTech, g_pDiffuseTex)
    g_pmWorld.SetMatrix(g_mBlackHole)
    RenderMesh(g_holeMesh, pd3dImmediateContext, g_pRenderSceneGouraudTech, g_pDiffuseTex)

    # Render the balls
    g_pEnableClipping.SetBool(True)
    g_pEnableLighting.SetBool(True)
    for i in range(MAX_BALLS):
        if g_balls[i].dStartTime > -1.0:
            g_pmWorld.SetMatrix(g_balls[i].mWorld)

            if i % 3 == 0:
                RenderMesh(g_ballMesh, pd3dImmediateContext, g_pRenderSceneGouraudTech, g_pDiffuseTex)
            elif i % 3 == 1:
                RenderMesh(g_ballMesh, pd3dImmediateContext, g_pRenderSceneFlatTech, g_pDiffuseTex)
            else:
                RenderMesh(g_ballMesh, pd3dImmediateContext, g_pRenderScenePointTech, g_pDiffuseTex)

    g_pEnableClipping.SetBool(False)
    g_pEnableLighting.SetBool(False)
    RenderScreenQuad(pd3dImmediateContext, g_pRenderScreenSpaceAlphaTestTech)
    # Render the HUD: RenderText is empty in the sample


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pEffect, g_pVertexLayout, g_pScreenTexRV, g_pProjectedTexRV, g_pScreenQuadVB
    g_pEffect = g_pVertexLayout = g_pScreenTexRV = g_pProjectedTexRV = g_pScreenQuadVB = None  # SAFE_RELEASE
    g_ballMesh.Destroy()
    g_roomMesh.Destroy()
    g_holeMesh.Destroy()


if __name__ == "__main__":
    sys.exit(wWinMain())
