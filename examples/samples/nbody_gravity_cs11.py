# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""NBodyGravityCS11 — a line-by-line port of NBodyGravityCS11.cpp from walbourn/directx-sdk-samples (Copyright
(c) Microsoft Corporation, MIT License): an n-body gravity simulation in a compute shader (groupshared tiles of
128 bodies, two structured buffers swapped every frame) drawn as additive point sprites that a geometry shader
expands into camera-facing quads. NBodyGravityCS11.hlsl and ParticleDraw.hlsl are the sample's HLSL, unchanged.

DXUT is examples/samples/dxut.py (no HUD, dialogs or text). ``rand``/``srand`` are the Microsoft C runtime's
(the sample seeds them with GetTickCount64; ``--seed`` fixes the seed). The sample's Misc\\Particle.dds is not
shipped here: put it beside this file or pass ``--texture file.dds``; otherwise a generated 32x32 radial
falloff texture is used. ``--particles N`` changes MAX_PARTICLES (10,000 in the sample).
``python examples/samples/nbody_gravity_cs11.py [--frames N] [--size W H] [--out frame.png] [--window]``.
"""

from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np  # noqa: E402
from dxut import *  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402
from pyd3d11.dxtk import CreateDDSTextureFromFile, SaveDDSTextureToFile  # noqa: E402

HERE = Path(__file__).resolve().parent

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera

g_pRenderParticlesVS = None
g_pRenderParticlesGS = None
g_pRenderParticlesPS = None
g_pSampleStateLinear = None
g_pBlendingStateParticle = None
g_pDepthStencilState = None

g_pCalcCS = None
g_pcbCS = None

g_pParticlePosVelo0 = None
g_pParticlePosVelo1 = None
g_pParticlePosVeloRV0 = None
g_pParticlePosVeloRV1 = None
g_pParticlePosVeloUAV0 = None
g_pParticlePosVeloUAV1 = None
g_pParticleBuffer = None
g_pParticleVertexLayout = None

g_pcbGS = None

g_pParticleTexRV = None

g_fSpread = 400.0

PARTICLE_VERTEX = np.dtype([("Color", np.float32, 4)])  # struct PARTICLE_VERTEX { XMFLOAT4 Color; };

MAX_PARTICLES = 10000  # the number of particles in the n-body simulation

CB_GS = np.dtype([("m_WorldViewProj", np.float32, (4, 4)), ("m_InvView", np.float32, (4, 4))])
CB_CS = np.dtype([("param", np.uint32, 4), ("paramf", np.float32, 4)])
PARTICLE = np.dtype([("pos", np.float32, 4), ("velo", np.float32, 4)])

g_texturePath = None


# -- the Microsoft C runtime's rand() -------------------------------------------------------------------------
_holdrand = 1


def srand(seed: int) -> None:
    global _holdrand
    _holdrand = int(seed) & 0xFFFFFFFF


def rand() -> int:
    """MSVC's linear congruential generator: 15 random bits per call."""
    global _holdrand
    _holdrand = (_holdrand * 214013 + 2531011) & 0xFFFFFFFF
    return (_holdrand >> 16) & 0x7FFF


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    global MAX_PARTICLES, g_texturePath, g_seed
    args = parse_args(argv)
    MAX_PARTICLES = args.particles
    g_texturePath = _find_texture(args.texture)
    g_seed = args.seed

    DXUTSetCallbackDeviceChanging(ModifyDeviceSettings)
    DXUTSetCallbackFrameMove(OnFrameMove)
    DXUTSetCallbackD3D11DeviceCreated(OnD3D11CreateDevice)
    DXUTSetCallbackD3D11SwapChainResized(OnD3D11ResizedSwapChain)
    DXUTSetCallbackD3D11FrameRender(OnD3D11FrameRender)
    DXUTSetCallbackD3D11SwapChainReleasing(OnD3D11ReleasingSwapChain)
    DXUTSetCallbackD3D11DeviceDestroyed(OnD3D11DestroyDevice)

    InitApp()

    DXUTInit(True, True)  # Use this line instead to try to create a hardware device
    DXUTSetMediaSearchPath(HERE)
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("NBodyGravityCS11")
    DXUTCreateDevice(D3D_FEATURE_LEVEL_10_0, True, *args.size)
    return run_sample(args, args.frames, sink)  # DXUTMainLoop(): Enter into the DXUT render loop


g_seed = None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    p.add_argument("--frames", type=int, default=1)
    p.add_argument("--size", type=int, nargs=2, default=[800, 600], metavar=("W", "H"))
    p.add_argument("--out", default=None, help="write the last frame as PNG")
    p.add_argument("--video", default=None, help="write every frame to an animation/video (imageio)")
    p.add_argument("--window", action="store_true", help="show the frames in a window (pyd3d11[window])")
    p.add_argument("--particles", type=int, default=10000, help="MAX_PARTICLES")
    p.add_argument("--seed", type=int, default=None, help="srand() seed (default: GetTickCount64, as the sample)")
    p.add_argument("--texture", default=None, help="the particle DDS file to load instead of Particle.dds")
    p.add_argument("--debug", action="store_true", help="the C++ _DEBUG build: shaders get D3DCOMPILE_DEBUG")
    args = p.parse_args(argv)
    DXUTSetDebugBuild(args.debug)
    return args


def InitApp() -> None:
    """Initialize the app (the dialogs are not ported)."""


def CreateParticleBuffer(pd3dDevice) -> None:
    global g_pParticleBuffer
    vbdesc = D3D11_BUFFER_DESC(MAX_PARTICLES * PARTICLE_VERTEX.itemsize, D3D11_USAGE_DEFAULT,
                               D3D11_BIND_VERTEX_BUFFER, 0, 0)
    vbInitData = D3D11_SUBRESOURCE_DATA()

    pVertices = np.zeros(MAX_PARTICLES, PARTICLE_VERTEX)
    for i in range(MAX_PARTICLES):
        pVertices[i]["Color"] = XMFLOAT4(1, 1, 0.2, 1)

    vbInitData.pSysMem = pVertices
    g_pParticleBuffer = pd3dDevice.CreateBuffer(vbdesc, vbInitData)
    DXUT_SetDebugName(g_pParticleBuffer, "Particles")


def RPercent() -> float:
    ret = float(np.float32((rand() % 10000) - 5000))
    return float(np.float32(ret) / np.float32(5000.0))


def LoadParticles(pParticles: np.ndarray, Center, Velocity, Spread: float, NumParticles: int) -> None:
    """This helper function loads a group of particles."""
    vCenter = XMLoadFloat3(Center)
    for i in range(NumParticles):
        vDelta = XMVectorReplicate(Spread)
        while XMVectorGetX(XMVector3LengthSq(vDelta)) > Spread * Spread:
            vDelta = XMVectorSet(RPercent() * Spread, RPercent() * Spread, RPercent() * Spread, 0.0)
        vPos = XMVectorAdd(vCenter, vDelta)
        pParticles[i]["pos"][:3] = vPos[:3]  # XMStoreFloat3(&pParticles[i].pos, vPos)
        pParticles[i]["pos"][3] = 10000.0 * 10000.0
        pParticles[i]["velo"] = Velocity


def CreateParticlePosVeloBuffers(pd3dDevice) -> None:
    global g_pParticlePosVelo0, g_pParticlePosVelo1, g_pParticlePosVeloRV0, g_pParticlePosVeloRV1
    global g_pParticlePosVeloUAV0, g_pParticlePosVeloUAV1
    desc = D3D11_BUFFER_DESC()
    desc.BindFlags = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE
    desc.ByteWidth = MAX_PARTICLES * PARTICLE.itemsize
    desc.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED
    desc.StructureByteStride = PARTICLE.itemsize
    desc.Usage = D3D11_USAGE_DEFAULT

    # Initialize the data in the buffers
    pData1 = np.zeros(MAX_PARTICLES, PARTICLE)

    srand(GetTickCount64() if g_seed is None else g_seed)

    # Disk Galaxy Formation
    fCenterSpread = g_fSpread * 0.50
    LoadParticles(pData1, XMFLOAT3(fCenterSpread, 0, 0), XMFLOAT4(0, 0, -20, 1 / 10000.0 / 10000.0),
                  g_fSpread, MAX_PARTICLES // 2)
    LoadParticles(pData1[MAX_PARTICLES // 2:], XMFLOAT3(-fCenterSpread, 0, 0),
                  XMFLOAT4(0, 0, 20, 1 / 10000.0 / 10000.0), g_fSpread, MAX_PARTICLES // 2)

    InitData = D3D11_SUBRESOURCE_DATA()
    InitData.pSysMem = pData1
    g_pParticlePosVelo0 = pd3dDevice.CreateBuffer(desc, InitData)
    g_pParticlePosVelo1 = pd3dDevice.CreateBuffer(desc, InitData)
    DXUT_SetDebugName(g_pParticlePosVelo0, "PosVelo0")
    DXUT_SetDebugName(g_pParticlePosVelo1, "PosVelo1")

    DescRV = D3D11_SHADER_RESOURCE_VIEW_DESC()
    DescRV.Format = DXGI_FORMAT_UNKNOWN
    DescRV.ViewDimension = D3D11_SRV_DIMENSION_BUFFER
    DescRV.Buffer.FirstElement = 0
    DescRV.Buffer.NumElements = desc.ByteWidth // desc.StructureByteStride
    g_pParticlePosVeloRV0 = pd3dDevice.CreateShaderResourceView(g_pParticlePosVelo0, DescRV)
    g_pParticlePosVeloRV1 = pd3dDevice.CreateShaderResourceView(g_pParticlePosVelo1, DescRV)
    DXUT_SetDebugName(g_pParticlePosVeloRV0, "PosVelo0 SRV")
    DXUT_SetDebugName(g_pParticlePosVeloRV1, "PosVelo1 SRV")

    DescUAV = D3D11_UNORDERED_ACCESS_VIEW_DESC()
    DescUAV.Format = DXGI_FORMAT_UNKNOWN
    DescUAV.ViewDimension = D3D11_UAV_DIMENSION_BUFFER
    DescUAV.Buffer.FirstElement = 0
    DescUAV.Buffer.NumElements = desc.ByteWidth // desc.StructureByteStride
    g_pParticlePosVeloUAV0 = pd3dDevice.CreateUnorderedAccessView(g_pParticlePosVelo0, DescUAV)
    g_pParticlePosVeloUAV1 = pd3dDevice.CreateUnorderedAccessView(g_pParticlePosVelo1, DescUAV)
    DXUT_SetDebugName(g_pParticlePosVeloUAV0, "PosVelo0 UAV")
    DXUT_SetDebugName(g_pParticlePosVeloUAV1, "PosVelo1 UAV")


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Once at the beginning of every frame: one step of the simulation, then the camera."""
    global g_pParticlePosVelo0, g_pParticlePosVelo1, g_pParticlePosVeloRV0, g_pParticlePosVeloRV1
    global g_pParticlePosVeloUAV0, g_pParticlePosVeloUAV1
    pd3dImmediateContext = DXUTGetD3D11DeviceContext()

    dimx = int(math.ceil(MAX_PARTICLES / 128.0))

    pd3dImmediateContext.CSSetShader(g_pCalcCS, None, 0)

    # For CS input
    aRViews = [g_pParticlePosVeloRV0]
    pd3dImmediateContext.CSSetShaderResources(0, 1, aRViews)

    # For CS output
    aUAViews = [g_pParticlePosVeloUAV1]
    pd3dImmediateContext.CSSetUnorderedAccessViews(0, 1, aUAViews, None)

    # For CS constant buffer
    MappedResource = pd3dImmediateContext.Map(g_pcbCS, 0, D3D11_MAP_WRITE_DISCARD, 0)
    pcbCS = MappedResource.as_array(CB_CS)[0]
    pcbCS["param"][0] = MAX_PARTICLES
    pcbCS["param"][1] = dimx
    pcbCS["paramf"][0] = 0.1
    pcbCS["paramf"][1] = 1
    pd3dImmediateContext.Unmap(g_pcbCS, 0)
    ppCB = [g_pcbCS]
    pd3dImmediateContext.CSSetConstantBuffers(0, 1, ppCB)

    # Run the CS
    pd3dImmediateContext.Dispatch(dimx, 1, 1)

    # Unbind resources for CS
    ppUAViewNULL = [None]
    pd3dImmediateContext.CSSetUnorderedAccessViews(0, 1, ppUAViewNULL, None)
    ppSRVNULL = [None]
    pd3dImmediateContext.CSSetShaderResources(0, 1, ppSRVNULL)

    g_pParticlePosVelo0, g_pParticlePosVelo1 = g_pParticlePosVelo1, g_pParticlePosVelo0
    g_pParticlePosVeloRV0, g_pParticlePosVeloRV1 = g_pParticlePosVeloRV1, g_pParticlePosVeloRV0
    g_pParticlePosVeloUAV0, g_pParticlePosVeloUAV1 = g_pParticlePosVeloUAV1, g_pParticlePosVeloUAV0

    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)


def OnD3D11CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any D3D11 resources that aren't dependant on the back buffer (a failing HRESULT raises)."""
    global g_pRenderParticlesVS, g_pRenderParticlesGS, g_pRenderParticlesPS, g_pCalcCS, g_pParticleVertexLayout
    global g_pcbGS, g_pcbCS, g_pParticleTexRV, g_pSampleStateLinear, g_pBlendingStateParticle, g_pDepthStencilState

    pd3dDevice.CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS)

    # Create the shaders
    pBlobRenderParticlesVS = DXUTCompileFromFile("ParticleDraw.hlsl", None, "VSParticleDraw", "vs_4_0",
                                                 D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobRenderParticlesGS = DXUTCompileFromFile("ParticleDraw.hlsl", None, "GSParticleDraw", "gs_4_0",
                                                 D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobRenderParticlesPS = DXUTCompileFromFile("ParticleDraw.hlsl", None, "PSParticleDraw", "ps_4_0",
                                                 D3DCOMPILE_ENABLE_STRICTNESS, 0)
    pBlobCalcCS = DXUTCompileFromFile("NBodyGravityCS11.hlsl", None, "CSMain", "cs_4_0",
                                      D3DCOMPILE_ENABLE_STRICTNESS, 0)

    g_pRenderParticlesVS = pd3dDevice.CreateVertexShader(pBlobRenderParticlesVS.GetBufferPointer(),
                                                         pBlobRenderParticlesVS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pRenderParticlesVS, "VSParticleDraw")

    g_pRenderParticlesGS = pd3dDevice.CreateGeometryShader(pBlobRenderParticlesGS.GetBufferPointer(),
                                                           pBlobRenderParticlesGS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pRenderParticlesGS, "GSParticleDraw")

    g_pRenderParticlesPS = pd3dDevice.CreatePixelShader(pBlobRenderParticlesPS.GetBufferPointer(),
                                                        pBlobRenderParticlesPS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pRenderParticlesPS, "PSParticleDraw")

    g_pCalcCS = pd3dDevice.CreateComputeShader(pBlobCalcCS.GetBufferPointer(), pBlobCalcCS.GetBufferSize(), None)
    DXUT_SetDebugName(g_pCalcCS, "CSMain")

    # Create our vertex input layout
    layout = [D3D11_INPUT_ELEMENT_DESC("COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0)]

    g_pParticleVertexLayout = pd3dDevice.CreateInputLayout(layout, len(layout),
                                                           pBlobRenderParticlesVS.GetBufferPointer(),
                                                           pBlobRenderParticlesVS.GetBufferSize())
    DXUT_SetDebugName(g_pParticleVertexLayout, "Particles")

    for blob in (pBlobRenderParticlesVS, pBlobRenderParticlesGS, pBlobRenderParticlesPS, pBlobCalcCS):
        blob.Release()

    CreateParticleBuffer(pd3dDevice)
    CreateParticlePosVeloBuffers(pd3dDevice)

    # Setup constant buffer
    Desc = D3D11_BUFFER_DESC()
    Desc.Usage = D3D11_USAGE_DYNAMIC
    Desc.BindFlags = D3D11_BIND_CONSTANT_BUFFER
    Desc.CPUAccessFlags = D3D11_CPU_ACCESS_WRITE
    Desc.MiscFlags = 0
    Desc.ByteWidth = CB_GS.itemsize
    g_pcbGS = pd3dDevice.CreateBuffer(Desc, None)
    DXUT_SetDebugName(g_pcbGS, "CB_GS")

    Desc.ByteWidth = CB_CS.itemsize
    g_pcbCS = pd3dDevice.CreateBuffer(Desc, None)
    DXUT_SetDebugName(g_pcbCS, "CB_CS")

    # Load the Particle Texture (DXUTCreateShaderResourceViewFromFile(L"misc\\Particle.dds"))
    _, g_pParticleTexRV = CreateDDSTextureFromFile(pd3dDevice, g_texturePath)

    SamplerDesc = D3D11_SAMPLER_DESC()
    SamplerDesc.AddressU = D3D11_TEXTURE_ADDRESS_CLAMP
    SamplerDesc.AddressV = D3D11_TEXTURE_ADDRESS_CLAMP
    SamplerDesc.AddressW = D3D11_TEXTURE_ADDRESS_CLAMP
    SamplerDesc.Filter = D3D11_FILTER_MIN_MAG_MIP_LINEAR
    g_pSampleStateLinear = pd3dDevice.CreateSamplerState(SamplerDesc)
    DXUT_SetDebugName(g_pSampleStateLinear, "Linear")

    BlendStateDesc = D3D11_BLEND_DESC()
    BlendStateDesc.RenderTarget[0].BlendEnable = TRUE
    BlendStateDesc.RenderTarget[0].BlendOp = D3D11_BLEND_OP_ADD
    BlendStateDesc.RenderTarget[0].SrcBlend = D3D11_BLEND_SRC_ALPHA
    BlendStateDesc.RenderTarget[0].DestBlend = D3D11_BLEND_ONE
    BlendStateDesc.RenderTarget[0].BlendOpAlpha = D3D11_BLEND_OP_ADD
    BlendStateDesc.RenderTarget[0].SrcBlendAlpha = D3D11_BLEND_ZERO
    BlendStateDesc.RenderTarget[0].DestBlendAlpha = D3D11_BLEND_ZERO
    BlendStateDesc.RenderTarget[0].RenderTargetWriteMask = 0x0F
    g_pBlendingStateParticle = pd3dDevice.CreateBlendState(BlendStateDesc)
    DXUT_SetDebugName(g_pBlendingStateParticle, "Blending")

    DepthStencilDesc = D3D11_DEPTH_STENCIL_DESC()
    DepthStencilDesc.DepthEnable = FALSE
    DepthStencilDesc.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO
    g_pDepthStencilState = pd3dDevice.CreateDepthStencilState(DepthStencilDesc)
    DXUT_SetDebugName(g_pDepthStencilState, "DepthOff")

    # Setup the camera's view parameters
    vecEye = XMVectorSet(-g_fSpread * 2, g_fSpread * 4, -g_fSpread * 3, 0.0)
    g_Camera.SetViewParams(vecEye, g_XMZero)


def OnD3D11ResizedSwapChain(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 10.0, 500000.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(0, MOUSE_WHEEL, MOUSE_LEFT_BUTTON | MOUSE_MIDDLE_BUTTON | MOUSE_RIGHT_BUTTON)


def OnD3D11ReleasingSwapChain(pUserContext) -> None:
    pass


def RenderParticles(pd3dImmediateContext, mView, mProj) -> bool:
    pBlendState0, BlendFactor0, SampleMask0 = pd3dImmediateContext.OMGetBlendState()
    pDepthStencilState0, StencilRef0 = pd3dImmediateContext.OMGetDepthStencilState()

    pd3dImmediateContext.VSSetShader(g_pRenderParticlesVS, None, 0)
    pd3dImmediateContext.GSSetShader(g_pRenderParticlesGS, None, 0)
    pd3dImmediateContext.PSSetShader(g_pRenderParticlesPS, None, 0)

    pd3dImmediateContext.IASetInputLayout(g_pParticleVertexLayout)

    # Set IA parameters
    pBuffers = [g_pParticleBuffer]
    stride = [PARTICLE_VERTEX.itemsize]
    offset = [0]
    pd3dImmediateContext.IASetVertexBuffers(0, 1, pBuffers, stride, offset)
    pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)

    aRViews = [g_pParticlePosVeloRV0]
    pd3dImmediateContext.VSSetShaderResources(0, 1, aRViews)

    MappedResource = pd3dImmediateContext.Map(g_pcbGS, 0, D3D11_MAP_WRITE_DISCARD, 0)
    pCBGS = MappedResource.as_array(CB_GS)[0]
    pCBGS["m_WorldViewProj"] = XMMatrixMultiply(mView, mProj)  # XMStoreFloat4x4
    pCBGS["m_InvView"] = XMMatrixInverse(None, mView)
    pd3dImmediateContext.Unmap(g_pcbGS, 0)
    pd3dImmediateContext.GSSetConstantBuffers(0, 1, [g_pcbGS])

    pd3dImmediateContext.PSSetShaderResources(0, 1, [g_pParticleTexRV])
    pd3dImmediateContext.PSSetSamplers(0, 1, [g_pSampleStateLinear])

    bf = [0.0, 0.0, 0.0, 0.0]
    pd3dImmediateContext.OMSetBlendState(g_pBlendingStateParticle, bf, 0xFFFFFFFF)
    pd3dImmediateContext.OMSetDepthStencilState(g_pDepthStencilState, 0)

    pd3dImmediateContext.Draw(MAX_PARTICLES, 0)

    ppSRVNULL = [None]
    pd3dImmediateContext.VSSetShaderResources(0, 1, ppSRVNULL)
    pd3dImmediateContext.PSSetShaderResources(0, 1, ppSRVNULL)

    pd3dImmediateContext.GSSetShader(None, None, 0)
    pd3dImmediateContext.OMSetBlendState(pBlendState0, BlendFactor0, SampleMask0)
    if pBlendState0 is not None:
        pBlendState0.Release()
    pd3dImmediateContext.OMSetDepthStencilState(pDepthStencilState0, StencilRef0)
    if pDepthStencilState0 is not None:
        pDepthStencilState0.Release()
    return True


def OnD3D11FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.Black)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    # Get the projection & view matrix from the camera class
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    # Render the particles
    RenderParticles(pd3dImmediateContext, mView, mProj)

    # the HUD, the sample UI and the stats text are not ported


def OnD3D11DestroyDevice(pUserContext) -> None:
    for obj in (g_pParticleBuffer, g_pParticleVertexLayout, g_pParticlePosVelo0, g_pParticlePosVelo1,
                g_pParticlePosVeloRV0, g_pParticlePosVeloRV1, g_pParticlePosVeloUAV0, g_pParticlePosVeloUAV1, g_pcbGS,
                g_pcbCS, g_pParticleTexRV, g_pRenderParticlesVS, g_pRenderParticlesGS, g_pRenderParticlesPS, g_pCalcCS,
                g_pSampleStateLinear, g_pBlendingStateParticle, g_pDepthStencilState):
        if obj is not None:
            obj.Release()  # SAFE_RELEASE


def particle_texels(size: int = 32) -> np.ndarray:
    """The stand-in for Particle.dds: RGBA8 white with alpha (1 - r)^2 of the distance r from the centre
    (1 at the centre, 0 at the edge), so sprites fade out like the sample's."""
    c = (np.arange(size) + 0.5) / size * 2 - 1
    r = np.minimum(np.hypot(*np.meshgrid(c, c)), 1.0)
    a = np.round((1 - r) ** 2 * 255).astype(np.uint8)
    out = np.full((size, size, 4), 255, np.uint8)
    out[..., 3] = a
    return out


def _find_texture(path: str | None) -> str:
    if path:
        return path
    for name in ("Particle.dds", "particle.dds"):
        if (HERE / name).exists():
            return str(HERE / name)
    device, _, context = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    texels = particle_texels()
    tex = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=32, Height=32, MipLevels=1, ArraySize=1,
                                                      Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                                                      SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                      BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                 D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=32 * 4))
    out = str(Path(tempfile.gettempdir()) / "pyd3d11_nbody_particle.dds")
    SaveDDSTextureToFile(context, tex, out)
    return out


def GetTickCount64() -> int:
    from winshim import GetTickCount64 as ticks

    return ticks()


if __name__ == "__main__":
    sys.exit(wWinMain())
