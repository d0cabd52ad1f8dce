# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""DynamicShaderLinkageFX11 — a line-by-line port of DynamicShaderLinkageFX11.cpp from walbourn/directx-sdk-samples
(Copyright (c) Microsoft Corporation, MIT License, see LICENSE-directx-sdk-samples.txt): the squid lit through
HLSL interfaces and classes driven by Effects 11 — interface variables set to class instances at feature level
11 (dynamic shader linkage), statically specialised ps_4_x techniques below it. DynamicShaderLinkageFX11.fx and
its includes are the sample's files, unchanged.

DXUT is examples/samples/dxut.py; ``g_Mesh11`` is a CDXUTSDKMesh. The HUD, the settings dialog, the text helper
and the light widget's arrow are not ported; the sample UI's controls become options: ``--material`` (plastic,
plastic-textured, rough, rough-textured), ``--hemi-ambient``, ``--direct-lighting``, ``--lighting-only``,
``--wireframe``, and ``--bind-interfaces`` for the C++ ``#define USE_BIND_INTERFACES 1``. DXUT's
``-forcefeaturelevel:`` is ``--forcefeaturelevel 11_0`` (the shim otherwise creates the requested minimum,
10_0, where real DXUT takes the adapter's best). The media (Squid\\squid.sdkmesh with its textures and
Light Probes\\uffizi_cross.dds) come from the SDK's Media folder: ``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/dynamic_shader_linkage_fx11.py [--frames N] [--size W H] [--out frame.png] [--window]``.
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
from pyd3d11.dxtk.sdkmesh import INVALID_SAMPLER_SLOT, CDXUTSDKMesh  # noqa: E402
from pyd3d11.effects import *  # noqa: E402

HERE = Path(__file__).resolve().parent

# We show two ways of handling dynamic linkage binding.
# This selects between a single technique where bindings are done via effect variables and multiple
# techniques where the bindings are done with BindInterfaces in the techniques (--bind-interfaces).
USE_BIND_INTERFACES = 0

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera
g_LightControl = CDXUTDirectionWidget()
g_mCenterMesh = None
g_bShowHelp = False  # If true, it renders the UI control text

# Lighting Settings
g_bHemiAmbientLighting = False
g_bDirectLighting = False
g_bLightingOnly = False
g_bWireFrame = False

# Resources
g_Mesh11 = CDXUTSDKMesh()
g_pVertexLayout11 = None
g_pEffect = None
g_pTechnique = None
g_pWorldViewProjection = None
g_pWorld = None
g_pFillMode = None
g_pEnvironmentMapSRV = None
g_pEnvironmentMapVar = None

# Shader Linkage Interface and Class variables
g_pAmbientLightIface = None
g_pDirectionalLightIface = None
g_pEnvironmentLightIface = None
g_pMaterialIface = None

g_pAmbientLightClass = None
g_pAmbientLightColor = None
g_pAmbientLightEnable = None
g_pHemiAmbientLightClass = None
g_pHemiAmbientLightColor = None
g_pHemiAmbientLightEnable = None
g_pHemiAmbientLightGroundColor = None
g_pHemiAmbientLightDirUp = None
g_pDirectionalLightClass = None
g_pDirectionalLightColor = None
g_pDirectionalLightEnable = None
g_pDirectionalLightDir = None
g_pEnvironmentLightClass = None
g_pEnvironmentLightColor = None
g_pEnvironmentLightEnable = None

g_pEyeDir = None

# Material Dynamic Permutation
(MATERIAL_PLASTIC, MATERIAL_PLASTIC_TEXTURED, MATERIAL_PLASTIC_LIGHTING_ONLY, MATERIAL_ROUGH,
 MATERIAL_ROUGH_TEXTURED, MATERIAL_ROUGH_LIGHTING_ONLY, MATERIAL_TYPE_COUNT) = range(7)
g_pMaterialClassNames = [
    "g_plasticMaterial",              # cPlasticMaterial
    "g_plasticTexturedMaterial",      # cPlasticTexturedMaterial
    "g_plasticLightingOnlyMaterial",  # cPlasticLightingOnlyMaterial
    "g_roughMaterial",                # cRoughMaterial
    "g_roughTexturedMaterial",        # cRoughTexturedMaterial
    "g_roughLightingOnlyMaterial",    # cRoughLightingOnlyMaterial
]
g_iMaterial = MATERIAL_PLASTIC_TEXTURED


class MaterialVars:
    def __init__(self) -> None:
        self.pTechnique = None
        self.pClass = None
        self.pColor = None
        self.pSpecPower = None


g_MaterialClasses = [MaterialVars() for _ in range(MATERIAL_TYPE_COUNT)]

MATERIAL_OPTIONS = {"plastic": MATERIAL_PLASTIC, "plastic-textured": MATERIAL_PLASTIC_TEXTURED,
                    "rough": MATERIAL_ROUGH, "rough-textured": MATERIAL_ROUGH_TEXTURED}
FEATURE_LEVELS = {"10_0": D3D_FEATURE_LEVEL_10_0, "10_1": D3D_FEATURE_LEVEL_10_1, "11_0": D3D_FEATURE_LEVEL_11_0,
                  "11_1": D3D_FEATURE_LEVEL_11_1}


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Entry point to the program. Initializes everything and goes into a message processing loop."""
    global g_iMaterial, g_bHemiAmbientLighting, g_bDirectLighting, g_bLightingOnly, g_bWireFrame
    global USE_BIND_INTERFACES
    args = parse_args(argv)

    # DXUT will create and use the best device feature level available
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
    # the sample UI's radio buttons and check boxes (OnGUIEvent)
    g_iMaterial = MATERIAL_OPTIONS[args.material]
    g_bHemiAmbientLighting = args.hemi_ambient
    g_bDirectLighting = args.direct_lighting
    g_bLightingOnly = args.lighting_only
    g_bWireFrame = args.wireframe
    USE_BIND_INTERFACES = int(args.bind_interfaces)
    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetOverrideForceFeatureLevel(FEATURE_LEVELS[args.forcefeaturelevel] if args.forcefeaturelevel else 0)
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("DynamicShaderLinkageFX11")
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
    p.add_argument("--material", choices=sorted(MATERIAL_OPTIONS), default="plastic-textured")
    p.add_argument("--hemi-ambient", action="store_true", help="Hemi Ambient (else Constant Ambient)")
    p.add_argument("--direct-lighting", action="store_true", help="the Direct Lighting check box")
    p.add_argument("--lighting-only", action="store_true", help="the Lighting Only check box")
    p.add_argument("--wireframe", action="store_true", help="Toggle Wires (F4)")
    p.add_argument("--bind-interfaces", action="store_true", help="#define USE_BIND_INTERFACES 1")
    p.add_argument("--forcefeaturelevel", choices=sorted(FEATURE_LEVELS), default=None,
                   help="DXUT's -forcefeaturelevel:D3D_FEATURE_LEVEL_x")
    return p.parse_args(argv)


def InitApp() -> None:
    """Initialize the app"""
    s_vLightDir = XMVectorSet(-1.0, 1.0, -1.0, 0.0)
    vLightDir = XMVector3Normalize(s_vLightDir)
    g_LightControl.SetLightDirection(vLightDir)
    # Initialize dialogs: the HUD, the settings dialog and the sample UI are not ported (their defaults are
    # Plastic Textured, Constant Ambient, no direct lighting, not lighting-only)


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a D3D device, allowing the app to modify the device settings as needed"""
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene.  This is called regardless of which D3D API is used"""
    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any D3D devices that aren't acceptable by returning false"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D resources that aren't dependant on the back buffer"""
    global g_mCenterMesh, g_pEffect, g_pAmbientLightClass, g_pAmbientLightColor, g_pAmbientLightEnable
    global g_pHemiAmbientLightClass, g_pHemiAmbientLightColor, g_pHemiAmbientLightEnable
    global g_pHemiAmbientLightGroundColor, g_pHemiAmbientLightDirUp, g_pDirectionalLightClass
    global g_pDirectionalLightColor, g_pDirectionalLightEnable, g_pDirectionalLightDir, g_pEnvironmentLightClass
    global g_pEnvironmentLightColor, g_pEnvironmentLightEnable, g_pEyeDir, g_pAmbientLightIface
    global g_pDirectionalLightIface, g_pEnvironmentLightIface, g_pMaterialIface, g_pTechnique, g_pVertexLayout11
    global g_pWorldViewProjection, g_pWorld, g_pEnvironmentMapSRV, g_pEnvironmentMapVar, g_pFillMode

    vCenter = XMFLOAT3(0.25767413, -28.503521, 111.00689)
    fObjectRadius = 378.15607

    g_mCenterMesh = XMMatrixTranslation(-vCenter.x, -vCenter.y, -vCenter.z)
    m = XMMatrixRotationY(XM_PI)
    g_mCenterMesh = XMMatrixMultiply(g_mCenterMesh, m)
    m = XMMatrixRotationX(XM_PI / 2.0)
    g_mCenterMesh = XMMatrixMultiply(g_mCenterMesh, m)

    # Init the UI widget for directional lighting
    g_LightControl.SetRadius(fObjectRadius)

    # Compile and create the effect.
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    # (#ifdef _DEBUG: D3DCOMPILE_DEBUG | D3DCOMPILE_SKIP_OPTIMIZATION — not this build)
    # D3D_COMPILER_VERSION >= 46
    szPath = DXUTFindDXSDKMediaFileCch("DynamicShaderLinkageFX11.fx")
    pErrorBlob: list = []
    g_pEffect = D3DX11CompileEffectFromFile(szPath, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags,
                                            D3DCOMPILE_EFFECT_ALLOW_SLOW_OPS, pd3dDevice, pErrorBlob)

    # Get the light Class Interfaces for setting values
    # and as potential binding sources.
    g_pAmbientLightClass = g_pEffect.GetVariableByName("g_ambientLight").AsClassInstance()
    g_pAmbientLightColor = g_pAmbientLightClass.GetMemberByName("m_vLightColor").AsVector()
    g_pAmbientLightEnable = g_pAmbientLightClass.GetMemberByName("m_bEnable").AsScalar()

    g_pHemiAmbientLightClass = g_pEffect.GetVariableByName("g_hemiAmbientLight").AsClassInstance()
    g_pHemiAmbientLightColor = g_pHemiAmbientLightClass.GetMemberByName("m_vLightColor").AsVector()
    g_pHemiAmbientLightEnable = g_pHemiAmbientLightClass.GetMemberByName("m_bEnable").AsScalar()
    g_pHemiAmbientLightGroundColor = g_pHemiAmbientLightClass.GetMemberByName("m_vGroundColor").AsVector()
    g_pHemiAmbientLightDirUp = g_pHemiAmbientLightClass.GetMemberByName("m_vDirUp").AsVector()

    g_pDirectionalLightClass = g_pEffect.GetVariableByName("g_directionalLight").AsClassInstance()
    g_pDirectionalLightColor = g_pDirectionalLightClass.GetMemberByName("m_vLightColor").AsVector()
    g_pDirectionalLightEnable = g_pDirectionalLightClass.GetMemberByName("m_bEnable").AsScalar()
    g_pDirectionalLightDir = g_pDirectionalLightClass.GetMemberByName("m_vLightDir").AsVector()

    g_pEnvironmentLightClass = g_pEffect.GetVariableByName("g_environmentLight").AsClassInstance()
    g_pEnvironmentLightColor = g_pEnvironmentLightClass.GetMemberByName("m_vLightColor").AsVector()
    g_pEnvironmentLightEnable = g_pEnvironmentLightClass.GetMemberByName("m_bEnable").AsScalar()

    g_pEyeDir = g_pEffect.GetVariableByName("g_vEyeDir").AsVector()

    # Acquire the material Class Instances for all possible material settings
    for i in range(MATERIAL_TYPE_COUNT):
        pTechName = f"FeatureLevel11_{g_pMaterialClassNames[i]}"  # sprintf_s
        g_MaterialClasses[i].pTechnique = g_pEffect.GetTechniqueByName(pTechName)
        g_MaterialClasses[i].pClass = g_pEffect.GetVariableByName(g_pMaterialClassNames[i]).AsClassInstance()
        g_MaterialClasses[i].pColor = g_MaterialClasses[i].pClass.GetMemberByName("m_vColor").AsVector()
        g_MaterialClasses[i].pSpecPower = g_MaterialClasses[i].pClass.GetMemberByName("m_iSpecPower").AsScalar()

    # Select which technique to use based on the feature level we acquired
    supportedFeatureLevel = DXUTGetD3D11DeviceFeatureLevel()
    if supportedFeatureLevel >= D3D_FEATURE_LEVEL_11_0:
        # We are going to use Dynamic shader linkage with SM5 so we need to look up interface and class instance
        # variables. Get the abstract class interfaces so we can dynamically permute and assign linkages
        g_pAmbientLightIface = g_pEffect.GetVariableByName("g_abstractAmbientLighting").AsInterface()
        g_pDirectionalLightIface = g_pEffect.GetVariableByName("g_abstractDirectLighting").AsInterface()
        g_pEnvironmentLightIface = g_pEffect.GetVariableByName("g_abstractEnvironmentLighting").AsInterface()
        g_pMaterialIface = g_pEffect.GetVariableByName("g_abstractMaterial").AsInterface()
        g_pTechnique = g_pEffect.GetTechniqueByName("FeatureLevel11")
    else:  # Lower feature levels than 11 have no support for Dynamic Shader Linkage - need to use a statically
        # specialized shaders
        g_pAmbientLightIface = None
        g_pDirectionalLightIface = None
        g_pEnvironmentLightIface = None
        g_pMaterialIface = None
        if supportedFeatureLevel == D3D_FEATURE_LEVEL_10_1:
            pTechniqueName = "FeatureLevel10_1"
        elif supportedFeatureLevel == D3D_FEATURE_LEVEL_10_0:
            pTechniqueName = "FeatureLevel10"
        else:
            raise D3D11Error(E_FAIL, "feature level below 10_0", "OnD3D11CreateDevice")
        g_pTechnique = g_pEffect.GetTechniqueByName(pTechniqueName)

    # Create our vertex input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R10G10B10A2_UNORM, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R16G16_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TANGENT", 0, DXGI_FORMAT_R10G10B10A2_UNORM, 0, 20, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("BINORMAL", 0, DXGI_FORMAT_R10G10B10A2_UNORM, 0, 24, D3D11_INPUT_PER_VERTEX_DATA,
                                 0),
    ]

    VsPassDesc = g_pTechnique.GetPassByIndex(0).GetVertexShaderDesc()
    VsDesc = VsPassDesc.pShaderVariable.GetShaderDesc(VsPassDesc.ShaderIndex)
    g_pVertexLayout11 = pd3dDevice.CreateInputLayout(layout, len(layout), VsDesc.pBytecode, VsDesc.BytecodeLength)
    DXUT_SetDebugName(g_pVertexLayout11, "Primary")

    # Load the mesh
    g_Mesh11.Create(pd3dDevice, "Squid\\squid.sdkmesh", False)

    g_pWorldViewProjection = g_pEffect.GetVariableByName("g_mWorldViewProjection").AsMatrix()
    g_pWorld = g_pEffect.GetVariableByName("g_mWorld").AsMatrix()

    # Load a HDR Environment for reflections
    g_pEnvironmentMapSRV = DXUTCreateShaderResourceViewFromFile(pd3dDevice, "Light Probes\\uffizi_cross.dds")
    g_pEnvironmentMapVar = g_pEffect.GetVariableByName("g_txEnvironmentMap").AsShaderResource()
    g_pEnvironmentMapVar.SetResource(g_pEnvironmentMapSRV)

    # Setup the camera's view parameters
    s_vecEye = XMVectorSet(0.0, 0.0, -50.0, 0.0)
    g_Camera.SetViewParams(s_vecEye, g_XMZero)
    g_Camera.SetRadius(fObjectRadius, fObjectRadius, fObjectRadius)

    # Find Rasterizer State Object index for WireFrame / Solid rendering
    g_pFillMode = g_pEffect.GetVariableByName("g_fillMode").AsScalar()


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
    mWorld = g_Camera.GetWorldMatrix()
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    # Get the light direction
    vLightDir = g_LightControl.GetLightDirection()

    # Render the light arrow so the user can visually see the light dir
    g_LightControl.OnRender(Colors.Yellow, mView, mProj, g_Camera.GetEyePt())

    # Ambient Light
    s_vLightColorA = XMVectorSet(0.1, 0.1, 0.1, 1.0)
    g_pAmbientLightColor.SetFloatVector(s_vLightColorA)
    g_pAmbientLightEnable.SetBool(True)

    # Hemi Ambient Light
    s_vLightColorH1 = XMVectorSet(0.3, 0.3, 0.4, 1.0)
    g_pHemiAmbientLightColor.SetFloatVector(s_vLightColorH1)
    g_pHemiAmbientLightEnable.SetBool(True)

    vLightGrndClr = XMFLOAT4(0.05, 0.05, 0.05, 1.0)
    g_pHemiAmbientLightGroundColor.SetFloatVector(vLightGrndClr)

    vVec = XMFLOAT4(0.0, 1.0, 0.0, 1.0)
    g_pHemiAmbientLightDirUp.SetFloatVector(vVec)

    # Directional Light
    g_pDirectionalLightColor.SetFloatVector(Colors.White)
    g_pDirectionalLightEnable.SetBool(True)

    tmp = XMFLOAT4(*[float(v) for v in vLightDir[:3]], 1.0)  # XMStoreFloat4, tmp.w = 1
    g_pDirectionalLightDir.SetFloatVector(tmp)

    # Environment Light - color comes from the texture
    g_pEnvironmentLightColor.SetFloatVector(Colors.Black)
    g_pEnvironmentLightEnable.SetBool(True)

    # Setup the Eye based on the DXUT camera
    vEyePt = g_Camera.GetEyePt()
    vDir = XMVectorSubtract(g_Camera.GetLookAtPt(), vEyePt)
    tmp = XMFLOAT4(*[float(v) for v in vDir[:3]], 1.0)
    g_pEyeDir.SetFloatVector(tmp)

    # Get the mesh
    # IA setup
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout11)
    pVB = [g_Mesh11.GetVB11(0, 0)]
    Strides = [g_Mesh11.GetVertexStride(0, 0)]
    Offsets = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_Mesh11.GetIB11(0), g_Mesh11.GetIBFormat11(0), 0)

    # Set the per object constant data
    mWorldViewProjection = XMMatrixMultiply(XMMatrixMultiply(mWorld, mView), mProj)

    # VS Per object
    g_pWorldViewProjection.SetMatrix(mWorldViewProjection)
    g_pWorld.SetMatrix(mWorld)

    # Setup the Shader Linkage based on the user settings for Lighting
    # Ambient Lighting First - Constant or Hemi?
    if g_bHemiAmbientLighting:
        pLightClassVar = g_pHemiAmbientLightClass
    else:
        pLightClassVar = g_pAmbientLightClass
    if g_pAmbientLightIface:
        g_pAmbientLightIface.SetClassInstance(pLightClassVar)

    # Direct Light - None or Directional
    if g_bDirectLighting:
        pLightClassVar = g_pDirectionalLightClass
    else:
        # Disable ALL Direct Lighting
        pLightClassVar = g_pAmbientLightClass
    if g_pDirectionalLightIface:
        g_pDirectionalLightIface.SetClassInstance(pLightClassVar)

    # Setup the selected material class instance
    iMaterialTech = g_iMaterial
    if g_iMaterial in (MATERIAL_PLASTIC, MATERIAL_PLASTIC_TEXTURED):
        # Bind the Environment light for reflections
        pLightClassVar = g_pEnvironmentLightClass
        if g_bLightingOnly:
            iMaterialTech = MATERIAL_PLASTIC_LIGHTING_ONLY
    elif g_iMaterial in (MATERIAL_ROUGH, MATERIAL_ROUGH_TEXTURED):
        # UnBind the Environment light
        pLightClassVar = g_pAmbientLightClass
        if g_bLightingOnly:
            iMaterialTech = MATERIAL_ROUGH_LIGHTING_ONLY
    if g_pEnvironmentLightIface:
        g_pEnvironmentLightIface.SetClassInstance(pLightClassVar)

    pTechnique = g_pTechnique
    if g_pMaterialIface:
        if USE_BIND_INTERFACES:
            # We're using the techniques with pre-bound materials,
            # so select the appropriate technique.
            pTechnique = g_MaterialClasses[iMaterialTech].pTechnique
        else:
            # We're using a single technique and need to explicitly
            # bind a concrete material instance.
            g_pMaterialIface.SetClassInstance(g_MaterialClasses[iMaterialTech].pClass)

    # PS Per Prim

    # Shiny Plastic
    clr1 = XMFLOAT3(1, 0, 0.5)
    g_MaterialClasses[MATERIAL_PLASTIC].pColor.SetFloatVector(clr1)
    g_MaterialClasses[MATERIAL_PLASTIC].pSpecPower.SetInt(255)

    # Shiny Plastic with Textures
    clr2 = XMFLOAT3(1, 0, 0.5)
    g_MaterialClasses[MATERIAL_PLASTIC_TEXTURED].pColor.SetFloatVector(clr2)
    g_MaterialClasses[MATERIAL_PLASTIC_TEXTURED].pSpecPower.SetInt(128)

    # Lighting Only Plastic
    clr3 = XMFLOAT3(1, 1, 1)
    g_MaterialClasses[MATERIAL_PLASTIC_LIGHTING_ONLY].pColor.SetFloatVector(clr3)
    g_MaterialClasses[MATERIAL_PLASTIC_LIGHTING_ONLY].pSpecPower.SetInt(128)

    # Rough Material
    clr4 = XMFLOAT3(0, 0.5, 1)
    g_MaterialClasses[MATERIAL_ROUGH].pColor.SetFloatVector(clr4)
    g_MaterialClasses[MATERIAL_ROUGH].pSpecPower.SetInt(6)

    # Rough Material with Textures
    clr5 = XMFLOAT3(0, 0.5, 1)
    g_MaterialClasses[MATERIAL_ROUGH_TEXTURED].pColor.SetFloatVector(clr5)
    g_MaterialClasses[MATERIAL_ROUGH_TEXTURED].pSpecPower.SetInt(6)

    # Lighting Only Rough
    clr6 = XMFLOAT3(1, 1, 1)
    g_MaterialClasses[MATERIAL_ROUGH_LIGHTING_ONLY].pColor.SetFloatVector(clr6)
    g_MaterialClasses[MATERIAL_ROUGH_LIGHTING_ONLY].pSpecPower.SetInt(6)

    if g_bWireFrame:
        g_pFillMode.SetInt(1)
    else:
        g_pFillMode.SetInt(0)

    # Apply the technique to update state.
    pTechnique.GetPassByIndex(0).Apply(0, pd3dImmediateContext)

    # Render
    g_Mesh11.Render(pd3dImmediateContext, 0, 1, INVALID_SAMPLER_SLOT)
    # g_HUD / g_SampleUI / RenderText: not ported


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pEffect, g_pVertexLayout11, g_pEnvironmentMapSRV
    g_Mesh11.Destroy()
    g_pEffect = g_pVertexLayout11 = g_pEnvironmentMapSRV = None  # SAFE_RELEASE


if __name__ == "__main__":
    sys.exit(wWinMain())
