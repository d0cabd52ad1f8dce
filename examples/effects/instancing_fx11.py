# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""InstancingFX11 — a line-by-line port of Instancing.cpp from walbourn/directx-sdk-samples (Copyright (c) Microsoft
Corporation, MIT License, see LICENSE-directx-sdk-samples.txt): islands and trees drawn with DrawIndexedInstanced
from a per-instance matrix stream and lit per vertex, leaves as instanced quads whose per-instance data steps once
per g_iNumTreesToDraw instances (InstanceDataStepRate) with a geometry shader and alpha-to-coverage, grass blades
grown by a geometry shader from a coverage map and a random texture, texture arrays built from DDS files through
staging copies. Instancing.fx is the sample's effect file, unchanged.

DXUT is examples/samples/dxut.py; the meshes are CDXUTSDKMesh. The HUD, the settings dialog and the text helper are
not ported; the HUD's sliders become ``--trees N`` (0..20), ``--grass-coverage N`` (0..50) and
``--grass-messiness F``. The media (CloudBox\\skysphere.sdkmesh, IslandScene\\island.sdkmesh,
IslandScene\\islandtop_opt.sdkmesh, trees\\tree.sdkmesh, data\\leaves5.mtx and the leaf and grass DDS textures) come
from the SDK's Media folder: ``--media DIR`` or $PYD3D11_SDK_SAMPLES/Media.
``python examples/effects/instancing_fx11.py [--frames N] [--size W H] [--out frame.png] [--window]``.
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
from pyd3d11.dxtk import DDS_LOADER_FORCE_SRGB, CreateDDSTextureFromFileEx  # noqa: E402
from pyd3d11.dxtk.sdkmesh import SDKMESH_PRIMITIVE_TYPE, CDXUTSDKMesh  # noqa: E402
from pyd3d11.effects import *  # noqa: E402

HERE = Path(__file__).resolve().parent

#: struct QUAD_VERTEX { XMFLOAT3 pos; XMFLOAT2 tex; }
QUAD_VERTEX = np.dtype([("pos", "<f4", 3), ("tex", "<f4", 2)])
#: #pragma pack(push, 1) struct INSTANCEDATA { XMFLOAT4X4 mMatWorld; float fOcc; }  (68 bytes)
INSTANCEDATA = np.dtype([("mMatWorld", "<f4", (4, 4)), ("fOcc", "<f4")])
XMMATRIX_SIZE = 64  # sizeof(XMMATRIX)


class QUAD_MESH:
    def __init__(self) -> None:
        self.pVB = None
        self.pIB = None
        self.dwNumVerts = 0
        self.dwNumIndices = 0
        self.uStride = 0


# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera

# Textures for various texture arrays
g_szLeafTextureNames = [
    "trees\\leaf_v3_green_tex.dds",
    "trees\\leaf_v3_olive_tex.dds",
    "trees\\leaf_v3_dark_tex.dds",
]
g_szTreeLeafInstanceNames = [
    "data\\leaves5.mtx",
]
g_szGrassTextureNames = [
    "IslandScene\\grass_v1_basic_tex.dds",
    "IslandScene\\grass_v2_light_tex.dds",
    "IslandScene\\grass_v3_dark_tex.dds",
    "IslandScene\\dry_flowers_v1_tex.dds",
    "IslandScene\\grass_guide_v3_tex.dds",
]

# List of tree matrices for instancing.  Trees and islands will be placed randomly throughout the scene.
MAX_TREE_INSTANCES = 50
g_treeInstanceMatrices = np.zeros((MAX_TREE_INSTANCES, 4, 4), np.float32)
g_treeInstanceMatrices[0] = np.eye(4, dtype=np.float32)  # center the very first tree

# Direct3D 11 resources
g_pEffect = None
g_pRasterState = None
g_pInstVertexLayout = None
g_pSkyVertexLayout = None
g_pLeafVertexLayout = None
g_MeshSkybox = CDXUTSDKMesh()
g_MeshIsland = CDXUTSDKMesh()
g_MeshIslandTop = CDXUTSDKMesh()
g_MeshTree = CDXUTSDKMesh()
g_pLeafInstanceData = None
g_dwNumLeaves = 0
g_MeshLeaf = QUAD_MESH()
g_pGrassTexture = None
g_pGrassTexRV = None
g_pRandomTexture = None
g_pRandomTexRV = None
g_pLeafTexture = None
g_pLeafTexRV = None
g_pTreeInstanceData = None
g_pTreeInstanceList = None
g_iNumTreeInstances = 0
g_iNumTreesToDraw = 15  # MAX_TREE_INSTANCES
g_iGrassCoverage = 15
g_fGrassMessiness = 30.0
g_bAnimateCamera = False  # Whether the camera movement is on

# Effect handles
g_pmWorldViewProj = g_pmWorldView = None
g_pDiffuseTex = g_pRandomTex = g_pTextureArray = None
g_pmTreeMatrices = g_piNumTrees = None
g_pGrassWidth = g_pGrassHeight = g_piGrassCoverage = g_pGrassMessiness = None
g_pRenderInstancedVertLighting = g_pRenderSkybox = g_pRenderQuad = g_pRenderGrass = None


class _MSVCRand:
    """The Microsoft C runtime's srand/rand (LCG 214013, 2531011; bits 16..30): the sample seeds it so that its
    output can be verified, and the ported numbers are the C++ build's."""

    state = 1

    @classmethod
    def srand(cls, seed: int) -> None:
        cls.state = seed & 0xFFFFFFFF

    @classmethod
    def rand(cls) -> int:
        cls.state = (cls.state * 214013 + 2531011) & 0xFFFFFFFF
        return (cls.state >> 16) & 0x7FFF


srand, rand = _MSVCRand.srand, _MSVCRand.rand


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Entry point to the program. Initializes everything and goes into a message processing loop."""
    global g_iNumTreesToDraw, g_iGrassCoverage, g_fGrassMessiness
    args = parse_args(argv)

    # DXUT will create and use the best device
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
    # the HUD's sliders (OnGUIEvent): Trees 0..20, Grass Coverage 0..50, Grass Messiness 0..80
    g_iNumTreesToDraw = min(max(args.trees, 0), 20)
    g_iGrassCoverage = min(max(args.grass_coverage, 0), 50)
    g_fGrassMessiness = float(args.grass_messiness)
    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("Instancing")
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
    p.add_argument("--trees", type=int, default=15, help="the Trees slider (0..20)")
    p.add_argument("--grass-coverage", type=int, default=15, help="the Grass Coverage slider (0..50)")
    p.add_argument("--grass-messiness", type=float, default=30.0, help="the Grass Messiness slider")
    return p.parse_args(argv)


def InitApp() -> None:
    """Initialize the app"""
    # the settings dialog, the HUD's buttons and sliders: not ported (the sliders are options)


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a device, allowing the app to modify the device settings as needed"""
    pDeviceSettings.d3d11.CreateFlags |= D3D11_CREATE_DEVICE_BGRA_SUPPORT
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene"""
    g_Camera.FrameMove(fElapsedTime)


def IsD3D11DeviceAcceptable(*_) -> bool:
    """Reject any devices that aren't acceptable by returning false"""
    return True


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that aren't dependant on the back buffer"""
    global g_pRasterState, g_pEffect, g_pRenderInstancedVertLighting, g_pRenderSkybox, g_pRenderQuad
    global g_pRenderGrass, g_pmWorldViewProj, g_pmWorldView, g_pDiffuseTex, g_pTextureArray, g_pRandomTex
    global g_pmTreeMatrices, g_piNumTrees, g_pGrassWidth, g_pGrassHeight, g_piGrassCoverage, g_pGrassMessiness
    global g_pInstVertexLayout, g_iNumTreeInstances, g_pTreeInstanceList, g_pSkyVertexLayout
    global g_pLeafInstanceData, g_dwNumLeaves, g_pTreeInstanceData, g_pLeafTexture, g_pLeafTexRV
    global g_pGrassTexture, g_pGrassTexRV
    pd3dImmediateContext = DXUTGetD3D11DeviceContext()

    CurrentRasterizerState = D3D11_RASTERIZER_DESC()
    CurrentRasterizerState.FillMode = D3D11_FILL_SOLID
    CurrentRasterizerState.CullMode = D3D11_CULL_FRONT
    CurrentRasterizerState.FrontCounterClockwise = True
    CurrentRasterizerState.DepthBias = False
    CurrentRasterizerState.DepthBiasClamp = 0
    CurrentRasterizerState.SlopeScaledDepthBias = 0
    CurrentRasterizerState.DepthClipEnable = True
    CurrentRasterizerState.ScissorEnable = False
    CurrentRasterizerState.MultisampleEnable = True
    CurrentRasterizerState.AntialiasedLineEnable = False
    g_pRasterState = pd3dDevice.CreateRasterizerState(CurrentRasterizerState)
    pd3dImmediateContext.RSSetState(g_pRasterState)

    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    # (#ifdef _DEBUG: D3DCOMPILE_DEBUG | D3DCOMPILE_SKIP_OPTIMIZATION — not this build)

    # D3D_COMPILER_VERSION >= 46
    szPath = DXUTFindDXSDKMediaFileCch("Instancing.fx")
    g_pEffect = D3DX11CompileEffectFromFile(szPath, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain the technique handles
    g_pRenderInstancedVertLighting = g_pEffect.GetTechniqueByName("RenderInstancedVertLighting")
    g_pRenderSkybox = g_pEffect.GetTechniqueByName("RenderSkybox")
    g_pRenderQuad = g_pEffect.GetTechniqueByName("RenderQuad")
    g_pRenderGrass = g_pEffect.GetTechniqueByName("RenderGrass")

    # Obtain the parameter handles
    g_pmWorldViewProj = g_pEffect.GetVariableByName("g_mWorldViewProj").AsMatrix()
    g_pmWorldView = g_pEffect.GetVariableByName("g_mWorldView").AsMatrix()
    g_pDiffuseTex = g_pEffect.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pTextureArray = g_pEffect.GetVariableByName("g_tx2dArray").AsShaderResource()
    g_pRandomTex = g_pEffect.GetVariableByName("g_txRandom").AsShaderResource()
    g_pmTreeMatrices = g_pEffect.GetVariableByName("g_mTreeMatrices").AsMatrix()
    g_piNumTrees = g_pEffect.GetVariableByName("g_iNumTrees").AsScalar()
    g_pGrassWidth = g_pEffect.GetVariableByName("g_GrassWidth").AsScalar()
    g_pGrassHeight = g_pEffect.GetVariableByName("g_GrassHeight").AsScalar()
    g_piGrassCoverage = g_pEffect.GetVariableByName("g_iGrassCoverage").AsScalar()
    g_pGrassMessiness = g_pEffect.GetVariableByName("g_GrassMessiness").AsScalar()

    g_pGrassMessiness.SetFloat(g_fGrassMessiness)

    # Define our instanced vertex data layout
    instlayout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXTURE", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA,
                                 1),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 16,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 1),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 2, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 32,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 1),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 3, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 48,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 1),
    ]
    iNumElements = len(instlayout)
    pPass = g_pRenderInstancedVertLighting.GetPassByIndex(0)
    PassDesc = pPass.GetDesc()
    g_pInstVertexLayout = pd3dDevice.CreateInputLayout(instlayout, iNumElements, PassDesc.pIAInputSignature,
                                                       PassDesc.IAInputSignatureSize)

    # Setup the tree instance list
    g_iNumTreeInstances = MAX_TREE_INSTANCES
    g_pTreeInstanceList = g_treeInstanceMatrices

    # Create the leaf vertex layout
    UpdateLeafVertexLayout(pd3dDevice)

    # Define our scene vertex data layout
    scenelayout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXTURE", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    iNumElements = len(scenelayout)
    pPass = g_pRenderSkybox.GetPassByIndex(0)
    PassDesc = pPass.GetDesc()
    g_pSkyVertexLayout = pd3dDevice.CreateInputLayout(scenelayout, iNumElements, PassDesc.pIAInputSignature,
                                                      PassDesc.IAInputSignatureSize)

    # Load meshes
    g_MeshSkybox.Create(pd3dDevice, "CloudBox\\skysphere.sdkmesh")
    g_MeshIsland.Create(pd3dDevice, "IslandScene\\island.sdkmesh")
    g_MeshIslandTop.Create(pd3dDevice, "IslandScene\\islandtop_opt.sdkmesh")
    g_MeshTree.Create(pd3dDevice, "trees\\tree.sdkmesh")

    # Create some random tree matrices
    CreateRandomTreeMatrices()

    # Load instance data
    g_pLeafInstanceData, g_dwNumLeaves = LoadInstanceData(pd3dDevice, g_szTreeLeafInstanceNames[0])
    g_pTreeInstanceData = LoadTreeInstanceData(pd3dDevice, g_iNumTreeInstances)

    # Create a leaf mesh consisting of 4 verts to make up a quad
    CreateQuadMesh(pd3dDevice, g_MeshLeaf, 80.0, 80.0)

    # Load textures
    g_pLeafTexture, g_pLeafTexRV = LoadTextureArray(pd3dDevice, g_szLeafTextureNames, len(g_szLeafTextureNames))
    g_pGrassTexture, g_pGrassTexRV = LoadTextureArray(pd3dDevice, g_szGrassTextureNames,
                                                      len(g_szGrassTextureNames))

    # Create the random texture that fuels our random vector generator in the effect
    CreateRandomTexture(pd3dDevice)

    # Setup the camera's view parameters
    s_vEyeStart = XMVectorSet(100.0, 400.0, 2000.0, 0.0)
    s_vAtStart = XMVectorSet(0.0, 0.0, -2000.0, 0.0)
    g_Camera.SetViewParams(s_vEyeStart, s_vAtStart)


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that depend on the back buffer"""
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(53.4 * (XM_PI / 180.0), fAspectRatio, 20.0, 30000.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(0, MOUSE_WHEEL, MOUSE_RIGHT_BUTTON | MOUSE_LEFT_BUTTON)
    # (the HUD and sample UI locations: not ported)


def RenderSceneGeometry(pd3dImmediateContext, mView, mProj) -> None:
    """Render the skybox, then the instanced islands and trees"""
    # Render the skybox
    pd3dImmediateContext.IASetInputLayout(g_pSkyVertexLayout)

    # the skybox follows the camera: XMVectorSelect keeps only w of the view's translation row
    mViewSkybox = np.array(mView, np.float32)
    ctrl = np.array([XM_SELECT_0, XM_SELECT_0, XM_SELECT_0, XM_SELECT_1], np.uint32)
    mViewSkybox[3] = XMVectorSelect(g_XMZero, mViewSkybox[3], ctrl)
    mWorldViewProj = XMMatrixMultiply(mViewSkybox, mProj)

    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pmWorldView.SetMatrix(mViewSkybox)

    pd3dImmediateContext.IASetInputLayout(g_pSkyVertexLayout)

    pVB = [g_MeshSkybox.GetVB11(0, 0), None]
    Strides = [g_MeshSkybox.GetVertexStride(0, 0), 0]
    Offsets = [0, 0]
    pd3dImmediateContext.IASetVertexBuffers(0, 2, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_MeshSkybox.GetIB11(0), g_MeshSkybox.GetIBFormat11(0), 0)

    techDesc = g_pRenderSkybox.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_MeshSkybox.GetNumSubsets(0)):
            pSubset = g_MeshSkybox.GetSubset(0, subset)

            PrimType = CDXUTSDKMesh.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pDiffuseRV = g_MeshSkybox.GetMaterial(int(pSubset["MaterialID"])).pDiffuseRV11
            g_pDiffuseTex.SetResource(pDiffuseRV)

            g_pRenderSkybox.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(int(pSubset["IndexCount"]), 0, int(pSubset["VertexStart"]))

    # Render the islands and trees: set the instanced layout
    pd3dImmediateContext.IASetInputLayout(g_pInstVertexLayout)

    mWorldViewProj = XMMatrixMultiply(mView, mProj)
    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pmWorldView.SetMatrix(mView)

    pTechnique = g_pRenderInstancedVertLighting

    # Render the islands
    pVB = [g_MeshIsland.GetVB11(0, 0), g_pTreeInstanceData]
    Strides = [g_MeshIsland.GetVertexStride(0, 0), XMMATRIX_SIZE]
    pd3dImmediateContext.IASetVertexBuffers(0, 2, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_MeshIsland.GetIB11(0), g_MeshIsland.GetIBFormat11(0), 0)

    techDesc = pTechnique.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_MeshIsland.GetNumSubsets(0)):
            pSubset = g_MeshIsland.GetSubset(0, subset)

            PrimType = g_MeshIsland.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pMat = g_MeshIsland.GetMaterial(int(pSubset["MaterialID"]))
            if pMat:
                g_pDiffuseTex.SetResource(pMat.pDiffuseRV11)

            pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexedInstanced(int(pSubset["IndexCount"]), g_iNumTreesToDraw, 0,
                                                      int(pSubset["VertexStart"]), 0)

    # Render the trees
    pVB = [g_MeshTree.GetVB11(0, 0), g_pTreeInstanceData]
    Strides = [g_MeshTree.GetVertexStride(0, 0), XMMATRIX_SIZE]
    pd3dImmediateContext.IASetVertexBuffers(0, 2, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_MeshTree.GetIB11(0), g_MeshTree.GetIBFormat11(0), 0)

    techDesc = pTechnique.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_MeshTree.GetNumSubsets(0)):
            pSubset = g_MeshTree.GetSubset(0, subset)

            PrimType = g_MeshTree.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pMat = g_MeshTree.GetMaterial(int(pSubset["MaterialID"]))
            if pMat:
                g_pDiffuseTex.SetResource(pMat.pDiffuseRV11)

            pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexedInstanced(int(pSubset["IndexCount"]), g_iNumTreesToDraw, 0,
                                                      int(pSubset["VertexStart"]), 0)


def RenderInstancedQuads(pd3dImmediateContext, mView, mProj) -> None:
    """Render the leaves: g_dwNumLeaves * g_iNumTreesToDraw instances, the leaf data stepping per tree count"""
    strides = [g_MeshLeaf.uStride, INSTANCEDATA.itemsize]
    offsets = [0, 0]
    pd3dImmediateContext.IASetInputLayout(g_pLeafVertexLayout)
    g_pmTreeMatrices.SetMatrixArray(g_pTreeInstanceList, 0, g_iNumTreesToDraw)
    g_piNumTrees.SetInt(g_iNumTreesToDraw)

    mWorldViewProj = XMMatrixMultiply(mView, mProj)
    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pmWorldView.SetMatrix(mView)

    pBuffers = [g_MeshLeaf.pVB, g_pLeafInstanceData]
    pd3dImmediateContext.IASetVertexBuffers(0, 2, pBuffers, strides, offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_MeshLeaf.pIB, DXGI_FORMAT_R16_UINT, 0)
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)

    techDesc = g_pRenderQuad.GetDesc()
    g_pTextureArray.SetResource(g_pLeafTexRV)

    for iPass in range(techDesc.Passes):
        g_pRenderQuad.GetPassByIndex(iPass).Apply(0, pd3dImmediateContext)
        pd3dImmediateContext.DrawIndexedInstanced(g_MeshLeaf.dwNumIndices, g_dwNumLeaves * g_iNumTreesToDraw, 0, 0,
                                                  0)


def RenderGrass(pd3dImmediateContext, mView, mProj) -> None:
    """Render the grass on the island tops"""
    mWorldViewProj = XMMatrixMultiply(mView, mProj)
    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pmWorldView.SetMatrix(mView)
    g_pRandomTex.SetResource(g_pRandomTexRV)

    iGrassCoverage = g_iGrassCoverage
    g_pGrassWidth.SetFloat(50.0)
    g_pGrassHeight.SetFloat(50.0)
    g_pTextureArray.SetResource(g_pGrassTexRV)
    g_piGrassCoverage.SetInt(iGrassCoverage)

    pd3dImmediateContext.IASetInputLayout(g_pInstVertexLayout)
    mWorldViewProj = XMMatrixMultiply(mView, mProj)
    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pmWorldView.SetMatrix(mView)

    pTechnique = g_pRenderGrass
    pVB = [g_MeshIslandTop.GetVB11(0, 0), g_pTreeInstanceData]
    Strides = [g_MeshIslandTop.GetVertexStride(0, 0), XMMATRIX_SIZE]
    Offsets = [0, 0]
    pd3dImmediateContext.IASetVertexBuffers(0, 2, pVB, Strides, Offsets)
    pd3dImmediateContext.IASetIndexBuffer(g_MeshIslandTop.GetIB11(0), g_MeshIslandTop.GetIBFormat11(0), 0)

    techDesc = pTechnique.GetDesc()
    for p in range(techDesc.Passes):
        for subset in range(g_MeshIslandTop.GetNumSubsets(0)):
            pSubset = g_MeshIslandTop.GetSubset(0, subset)

            PrimType = g_MeshIslandTop.GetPrimitiveType11(SDKMESH_PRIMITIVE_TYPE(pSubset["PrimitiveType"]))
            pd3dImmediateContext.IASetPrimitiveTopology(PrimType)

            pMat = g_MeshIslandTop.GetMaterial(int(pSubset["MaterialID"]))
            if pMat:
                g_pDiffuseTex.SetResource(pMat.pDiffuseRV11)

            pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexedInstanced(int(pSubset["IndexCount"]), g_iNumTreesToDraw, 0,
                                                      int(pSubset["VertexStart"]), 0)


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Render the scene using the device"""
    # (the settings dialog is not ported)

    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.Black)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    RenderSceneGeometry(pd3dImmediateContext, mView, mProj)  # Render the scene with texture
    RenderInstancedQuads(pd3dImmediateContext, mView, mProj)  # Render the instanced leaves for each tree
    RenderGrass(pd3dImmediateContext, mView, mProj)  # Render grass
    # RenderText is empty in the sample


def UpdateLeafVertexLayout(pd3dDevice) -> None:
    """The leaf layout: its per-instance elements step once per g_iNumTreesToDraw instances"""
    global g_pLeafVertexLayout
    g_pLeafVertexLayout = None  # SAFE_RELEASE

    s_leaflayout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXTURE", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 0, D3D11_INPUT_PER_INSTANCE_DATA,
                                 0),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 1, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 16,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 2, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 32,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("mTransform", 3, DXGI_FORMAT_R32G32B32A32_FLOAT, 1, 48,
                                 D3D11_INPUT_PER_INSTANCE_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("fOcc", 0, DXGI_FORMAT_R32_FLOAT, 1, 64, D3D11_INPUT_PER_INSTANCE_DATA, 0),
    ]
    layout = list(s_leaflayout)  # memcpy_s
    for i in (2, 3, 4, 5, 6):
        layout[i].InstanceDataStepRate = g_iNumTreesToDraw

    PassDesc = g_pRenderQuad.GetPassByIndex(0).GetDesc()
    g_pLeafVertexLayout = pd3dDevice.CreateInputLayout(layout, len(s_leaflayout), PassDesc.pIAInputSignature,
                                                       PassDesc.IAInputSignatureSize)


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass


def OnD3D11DestroyDevice(pUserContext) -> None:
    global g_pEffect, g_pInstVertexLayout, g_pSkyVertexLayout, g_pLeafVertexLayout, g_pLeafInstanceData
    global g_pLeafTexture, g_pLeafTexRV, g_pTreeInstanceData, g_pGrassTexture, g_pGrassTexRV, g_pRandomTexture
    global g_pRandomTexRV, g_pRasterState
    g_pEffect = g_pInstVertexLayout = g_pSkyVertexLayout = g_pLeafVertexLayout = g_pLeafInstanceData = None
    g_pLeafTexture = g_pLeafTexRV = g_pTreeInstanceData = g_pGrassTexture = g_pGrassTexRV = None
    g_pRandomTexture = g_pRandomTexRV = None
    g_MeshLeaf.pVB = g_MeshLeaf.pIB = None
    g_MeshSkybox.Destroy()
    g_MeshIsland.Destroy()
    g_MeshIslandTop.Destroy()
    g_MeshTree.Destroy()
    g_pRasterState = None  # SAFE_RELEASE


def CreateQuadMesh(pd3dDevice, pMesh: QUAD_MESH, fWidth: float, fHeight: float) -> None:
    """Creates a quad mesh: leaves are quads anchored on the branch (A, B at the bottom, C, D at the top)"""
    pMesh.dwNumVerts = 4
    pMesh.dwNumIndices = 12
    pMesh.uStride = QUAD_VERTEX.itemsize

    fWidth /= 2.0
    quadVertices = np.array([
        ((-fWidth, 0.0, 0.0), (0, 1)),
        ((fWidth, 0.0, 0.0), (1, 1)),
        ((fWidth, fHeight, 0.0), (1, 0)),
        ((-fWidth, fHeight, 0.0), (0, 0)),
    ], QUAD_VERTEX)

    bufferDesc = D3D11_BUFFER_DESC(pMesh.dwNumVerts * QUAD_VERTEX.itemsize, D3D11_USAGE_DEFAULT,
                                   D3D11_BIND_VERTEX_BUFFER, 0, 0)
    vbInitData = D3D11_SUBRESOURCE_DATA(quadVertices)
    pMesh.pVB = pd3dDevice.CreateBuffer(bufferDesc, vbInitData)

    bufferDesc.ByteWidth = pMesh.dwNumIndices * 2  # sizeof(WORD)
    bufferDesc.Usage = D3D11_USAGE_DEFAULT
    bufferDesc.BindFlags = D3D11_BIND_INDEX_BUFFER
    bufferDesc.CPUAccessFlags = 0

    wIndices = np.array([
        0, 1, 2,
        0, 2, 3,
        0, 2, 1,
        0, 3, 2,
    ], np.uint16)
    ibInitData = D3D11_SUBRESOURCE_DATA(wIndices)
    pMesh.pIB = pd3dDevice.CreateBuffer(bufferDesc, ibInitData)


def LoadInstanceData(pd3dDevice, szFileName: str) -> tuple:
    """Load the leaf instance data: a DWORD count, then that many INSTANCEDATA (packed, 68 bytes); returns the
    dynamic instance buffer and the count (the C++ out-parameters)"""
    path = DXUTFindDXSDKMediaFileCch(szFileName)
    data = Path(path).read_bytes()  # CreateFile / ReadFile
    if len(data) < 4:
        raise D3D11Error(E_FAIL, "cannot read the leaf count", "LoadInstanceData")
    pdwNumLeaves = int(np.frombuffer(data, "<u4", 1)[0])
    if pdwNumLeaves == 0:
        raise D3D11Error(E_FAIL, "no leaves", "LoadInstanceData")

    bufferDesc = D3D11_BUFFER_DESC(pdwNumLeaves * INSTANCEDATA.itemsize, D3D11_USAGE_DYNAMIC,
                                   D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0)
    ppInstanceData = pd3dDevice.CreateBuffer(bufferDesc, None)

    pd3dImmediateContext = DXUTGetD3D11DeviceContext()
    mr = pd3dImmediateContext.Map(ppInstanceData, 0, D3D11_MAP_WRITE_DISCARD, 0)
    pInstances = data[4:4 + INSTANCEDATA.itemsize * pdwNumLeaves]
    if len(pInstances) < INSTANCEDATA.itemsize * pdwNumLeaves:
        pd3dImmediateContext.Unmap(ppInstanceData, 0)
        raise D3D11Error(E_FAIL, "the leaf file is short", "LoadInstanceData")
    mr.write(pInstances)
    pd3dImmediateContext.Unmap(ppInstanceData, 0)
    return ppInstanceData, pdwNumLeaves


def LoadTreeInstanceData(pd3dDevice, dwNumTrees: int):
    """Load the tree instance data: the tree matrices into a dynamic vertex buffer"""
    bufferDesc = D3D11_BUFFER_DESC(dwNumTrees * XMMATRIX_SIZE, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER,
                                   D3D11_CPU_ACCESS_WRITE, 0)
    ppInstanceData = pd3dDevice.CreateBuffer(bufferDesc, None)

    pd3dImmediateContext = DXUTGetD3D11DeviceContext()
    mr = pd3dImmediateContext.Map(ppInstanceData, 0, D3D11_MAP_WRITE_DISCARD, 0)
    mr.write(np.ascontiguousarray(g_pTreeInstanceList[:dwNumTrees], np.float32))  # memcpy
    pd3dImmediateContext.Unmap(ppInstanceData, 0)
    return ppInstanceData


#: DXUT's MAKE_SRGB: the sRGB form of a UNORM format (the format itself otherwise)
_SRGB_OF = {DXGI_FORMAT_R8G8B8A8_UNORM: DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8A8_UNORM:
            DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, DXGI_FORMAT_B8G8R8X8_UNORM: DXGI_FORMAT_B8G8R8X8_UNORM_SRGB,
            DXGI_FORMAT_BC1_UNORM: DXGI_FORMAT_BC1_UNORM_SRGB, DXGI_FORMAT_BC2_UNORM: DXGI_FORMAT_BC2_UNORM_SRGB,
            DXGI_FORMAT_BC3_UNORM: DXGI_FORMAT_BC3_UNORM_SRGB, DXGI_FORMAT_BC7_UNORM: DXGI_FORMAT_BC7_UNORM_SRGB}


def MAKE_SRGB(format: int) -> int:
    return _SRGB_OF.get(format, format)


def LoadTextureArray(pd3dDevice, szTextureNames: list[str], iNumTextures: int) -> tuple:
    """Build a texture array from DDS files: each loaded as a STAGING texture (forced sRGB), its mips (all but the
    4 smallest when there are more than 4) copied with Map/UpdateSubresource into the array's slice; returns the
    array and its sRGB view (the C++ out-parameters)"""
    ppTex2D = None
    desc = None

    for i in range(iNumTextures):
        path = DXUTFindDXSDKMediaFileCch(szTextureNames[i])
        pRes, _ = CreateDDSTextureFromFileEx(pd3dDevice, path, 0, D3D11_USAGE_STAGING, 0,
                                             D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ, 0,
                                             DDS_LOADER_FORCE_SRGB, textureView=False)
        if pRes:
            pTemp = pRes.QueryInterface(ID3D11Texture2D)
            desc = pTemp.GetDesc()

            if desc.MipLevels > 4:
                desc.MipLevels -= 4
            if not ppTex2D:
                desc.Usage = D3D11_USAGE_DEFAULT
                desc.BindFlags = D3D11_BIND_SHADER_RESOURCE
                desc.CPUAccessFlags = 0
                desc.ArraySize = iNumTextures
                ppTex2D = pd3dDevice.CreateTexture2D(desc, None)

            pd3dImmediateContext = DXUTGetD3D11DeviceContext()
            for iMip in range(desc.MipLevels):
                mr = pd3dImmediateContext.Map(pTemp, iMip, D3D11_MAP_READ, 0)
                if mr.pData is not None:
                    pd3dImmediateContext.UpdateSubresource(ppTex2D, D3D11CalcSubresource(iMip, i, desc.MipLevels),
                                                           None, mr.pData, mr.RowPitch, 0)
                pd3dImmediateContext.Unmap(pTemp, iMip)
        else:
            raise D3D11Error(E_FAIL, f"{szTextureNames[i]} did not load", "LoadTextureArray")

    SRVDesc = D3D11_SHADER_RESOURCE_VIEW_DESC()
    SRVDesc.Format = MAKE_SRGB(desc.Format)
    SRVDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE2DARRAY
    SRVDesc.Texture2DArray.MipLevels = desc.MipLevels
    SRVDesc.Texture2DArray.ArraySize = iNumTextures
    ppSRV = pd3dDevice.CreateShaderResourceView(ppTex2D, SRVDesc)
    return ppTex2D, ppSRV


def CreateRandomTexture(pd3dDevice) -> None:
    """A 1D texture full of random vectors; the shader indexes it by a position-based offset"""
    global g_pRandomTexture, g_pRandomTexRV
    iNumRandValues = 1024
    srand(0)
    # create the data
    pSysMem = np.zeros(iNumRandValues * 4, np.float32)
    for i in range(iNumRandValues * 4):
        pSysMem[i] = float((rand() % 10000) - 5000)
    InitData = D3D11_SUBRESOURCE_DATA(pSysMem, iNumRandValues * 4 * 4, iNumRandValues * 4 * 4)

    # Create the texture
    dstex = D3D11_TEXTURE1D_DESC()
    dstex.Width = iNumRandValues
    dstex.MipLevels = 1
    dstex.Format = DXGI_FORMAT_R32G32B32A32_FLOAT
    dstex.Usage = D3D11_USAGE_DEFAULT
    dstex.BindFlags = D3D11_BIND_SHADER_RESOURCE
    dstex.CPUAccessFlags = 0
    dstex.MiscFlags = 0
    dstex.ArraySize = 1
    g_pRandomTexture = pd3dDevice.CreateTexture1D(dstex, InitData)

    # Create the resource view
    SRVDesc = D3D11_SHADER_RESOURCE_VIEW_DESC()
    SRVDesc.Format = dstex.Format
    SRVDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1D
    SRVDesc.Texture1D.MipLevels = dstex.MipLevels
    g_pRandomTexRV = pd3dDevice.CreateShaderResourceView(g_pRandomTexture, SRVDesc)


def RPercent() -> float:
    ret = float(np.float32((rand() % 20000) - 10000))
    return float(np.float32(ret) / np.float32(10000.0))


def CreateRandomTreeMatrices() -> None:
    """Random tree matrices to show off instancing the same tree and island multiple times"""
    srand(100)  # use the same random seed every time so we can verify output
    fScale = np.float32(100.0)

    for i in range(1, MAX_TREE_INSTANCES):
        # find a random position
        x = np.float32(RPercent()) * np.float32(140.0)
        y = np.float32(RPercent()) * np.float32(20.0) - np.float32(10.0)
        z = np.float32(15.0) + np.float32(abs(RPercent())) * np.float32(200.0)

        x *= -1
        z *= -1

        x *= fScale
        y *= fScale
        z *= fScale
        fRot = RPercent() * XM_PI

        mRot = XMMatrixRotationY(fRot)
        mTrans = XMMatrixTranslation(x, y, z)
        g_treeInstanceMatrices[i] = XMMatrixMultiply(mRot, mTrans)


if __name__ == "__main__":
    sys.exit(wWinMain())
