# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""ParticlesGS — a port of ParticlesGS.cpp from walbourn/directx-sdk-legacy-samples (Direct3D10/ParticlesGS;
Copyright (c) Microsoft Corporation, MIT License, see LICENSE-directx-sdk-legacy-samples.txt): a fireworks particle
system that lives in vertex buffers and is advanced by a geometry shader with stream output — each frame the
AdvanceParticles technique draws last frame's particles (DrawAuto) through GSAdvanceParticlesMain, whose
ConstructGSWithSO streams the surviving and newly emitted particles into the other buffer (ping-pong); the
RenderParticles technique then expands each particle into a camera-facing quad in another geometry shader and adds
it to the frame. ParticlesGS.fx is the sample's effect (fx_4_0), unchanged.

The sample is Direct3D 10 with D3DX10 effects; the port is Direct3D 11 with Effects 11, call for call: device draw
and state calls go to the immediate context, ``D3DX10CreateEffectFromFile(..., "fx_4_0", ...)`` becomes
DXUTCompileFromFile for fx_4_0 + D3DX11CreateEffectFromMemory, ``Apply(0)`` takes the context. DXUT is
examples/samples/dxut.py (no font, sprite, HUD or dialogs). ``srand(timeGetTime())`` and ``rand`` are the Microsoft C
runtime's (``--seed`` fixes the seed). Misc\\Particle.dds comes from the SDK media (``--media DIR`` or
$PYD3D11_SDK_SAMPLES/Media), else a generated radial-falloff texture stands in (``particle_texels``).
``python examples/samples/particles_gs.py [--frames N] [--size W H] [--out frame.png] [--window] [--seed S]``.
"""

from __future__ import annotations

import argparse
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
from pyd3d11.effects import *  # noqa: E402

HERE = Path(__file__).resolve().parent

# Global variables
g_Camera = CModelViewerCamera()  # A model viewing camera
g_bFirst = True
g_pEffect10 = None
g_pParticleVertexLayout = None
g_pParticleStart = None
g_pParticleStreamTo = None
g_pParticleDrawFrom = None
g_pParticleTexRV = None
g_pRandomTexture = None
g_pRandomTexRV = None
g_pRenderParticles = None
g_pAdvanceParticles = None
g_pmWorldViewProj = None
g_pmInvView = None
g_pfGlobalTime = None
g_pfElapsedTime = None
g_pDiffuseTex = None
g_pRandomTex = None
g_pSecondsPerFirework = None
g_pNumEmber1s = None
g_pMaxEmber2s = None
g_pvFrameGravity = None
g_seed = None
g_texturePath = None

# struct PARTICLE_VERTEX { D3DXVECTOR3 pos; D3DXVECTOR3 vel; float Timer; UINT Type; };
PARTICLE_VERTEX = np.dtype([("pos", np.float32, 3), ("vel", np.float32, 3), ("Timer", np.float32),
                            ("Type", np.uint32)])

MAX_PARTICLES = 30000


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


def timeGetTime() -> int:
    from winshim import GetTickCount64

    return GetTickCount64() & 0xFFFFFFFF


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    """Entry point to the program. Initializes everything and goes into a message processing loop."""
    global g_seed, g_texturePath
    args = parse_args(argv)
    g_seed = args.seed
    g_texturePath = args.texture

    # Set DXUT callbacks
    DXUTSetCallbackDeviceChanging(ModifyDeviceSettings)
    DXUTSetCallbackFrameMove(OnFrameMove)
    DXUTSetCallbackD3D11DeviceCreated(OnD3D10CreateDevice)
    DXUTSetCallbackD3D11SwapChainResized(OnD3D10SwapChainResized)
    DXUTSetCallbackD3D11SwapChainReleasing(OnD3D10SwapChainReleasing)
    DXUTSetCallbackD3D11DeviceDestroyed(OnD3D10DestroyDevice)
    DXUTSetCallbackD3D11FrameRender(OnD3D10FrameRender)

    InitApp()
    DXUTInit(True, True, None)  # Parse the command line, show msgboxes on error, no extra command line params
    DXUTSetMediaSearchPath(HERE, *([args.media] if args.media else []))
    DXUTSetCursorSettings(True, True)  # Show the cursor and clip it when in full screen
    DXUTCreateWindow("ParticlesGS")
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
    p.add_argument("--seed", type=int, default=None, help="srand() seed (default: timeGetTime, as the sample)")
    p.add_argument("--texture", default=None, help="the particle DDS file to load instead of Misc\\Particle.dds")
    return p.parse_args(argv)


def InitApp() -> None:
    """Initialize the app (the sample's is empty)."""


def ModifyDeviceSettings(pDeviceSettings, pUserContext) -> bool:
    """Called right before creating a device, allowing the app to modify the device settings as needed"""
    return True


def OnFrameMove(fTime: float, fElapsedTime: float, pUserContext) -> None:
    """Handle updates to the scene."""
    # Update the camera's position based on user input
    g_Camera.FrameMove(fElapsedTime)


def OnD3D10CreateDevice(pd3dDevice, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that aren't dependant on the back buffer"""
    global g_pEffect10, g_pRenderParticles, g_pAdvanceParticles, g_pmWorldViewProj, g_pmInvView
    global g_pfGlobalTime, g_pfElapsedTime, g_pDiffuseTex, g_pRandomTex, g_pSecondsPerFirework, g_pNumEmber1s
    global g_pMaxEmber2s, g_pvFrameGravity, g_pParticleVertexLayout, g_pParticleTexRV
    # D3DX10CreateFont / D3DX10CreateSprite: the text is not ported

    # Read the D3DX effect file
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    # D3DX10CreateEffectFromFile(str, NULL, NULL, "fx_4_0", ...): compile for fx_4_0, then load with Effects 11
    pEffectBuffer = DXUTCompileFromFile("ParticlesGS.fx", None, "none", "fx_4_0", dwShaderFlags, 0)
    g_pEffect10 = D3DX11CreateEffectFromMemory(pEffectBuffer.GetBufferPointer(), pEffectBuffer.GetBufferSize(), 0,
                                               pd3dDevice)

    # Obtain the technique handles
    g_pRenderParticles = g_pEffect10.GetTechniqueByName("RenderParticles")
    g_pAdvanceParticles = g_pEffect10.GetTechniqueByName("AdvanceParticles")

    # Obtain the parameter handles
    g_pmWorldViewProj = g_pEffect10.GetVariableByName("g_mWorldViewProj").AsMatrix()
    g_pmInvView = g_pEffect10.GetVariableByName("g_mInvView").AsMatrix()
    g_pfGlobalTime = g_pEffect10.GetVariableByName("g_fGlobalTime").AsScalar()
    g_pfElapsedTime = g_pEffect10.GetVariableByName("g_fElapsedTime").AsScalar()
    g_pDiffuseTex = g_pEffect10.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pRandomTex = g_pEffect10.GetVariableByName("g_txRandom").AsShaderResource()
    g_pSecondsPerFirework = g_pEffect10.GetVariableByName("g_fSecondsPerFirework").AsScalar()
    g_pNumEmber1s = g_pEffect10.GetVariableByName("g_iNumEmber1s").AsScalar()
    g_pMaxEmber2s = g_pEffect10.GetVariableByName("g_fMaxEmber2s").AsScalar()
    g_pvFrameGravity = g_pEffect10.GetVariableByName("g_vFrameGravity").AsVector()

    # Create our vertex input layout
    layout = [
        D3D11_INPUT_ELEMENT_DESC("POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 12, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TIMER", 0, DXGI_FORMAT_R32_FLOAT, 0, 24, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TYPE", 0, DXGI_FORMAT_R32_UINT, 0, 28, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ]
    PassDesc = g_pAdvanceParticles.GetPassByIndex(0).GetDesc()
    g_pParticleVertexLayout = pd3dDevice.CreateInputLayout(layout, len(layout), PassDesc.pIAInputSignature,
                                                           PassDesc.IAInputSignatureSize)

    # Create the seeding particle
    CreateParticleBuffer(pd3dDevice)

    # Load the Particle Texture
    str_ = _particle_texture(pd3dDevice)
    g_pParticleTexRV = CreateDDSTextureFromFile(pd3dDevice, str_, texture=False)[1]

    # Create the random texture that fuels our random vector generator in the effect
    CreateRandomTexture(pd3dDevice)

    # Setup the camera's view parameters
    vecEye = XMVectorSet(0.0, 0.0, -170.0, 0.0)
    vecAt = XMVectorSet(0.0, 70.0, 0.0, 0.0)
    g_Camera.SetViewParams(vecEye, vecAt)
    g_Camera.SetRadius(170.0, 170.0, 170.0)


def OnD3D10SwapChainResized(pd3dDevice, pSwapChain, pBackBufferSurfaceDesc, pUserContext) -> None:
    """Create any resources that depend on the back buffer"""
    global g_bFirst
    # Setup the camera's projection parameters
    fAspectRatio = pBackBufferSurfaceDesc.Width / float(pBackBufferSurfaceDesc.Height)
    g_Camera.SetProjParams(XM_PI / 4, fAspectRatio, 0.1, 5000.0)
    g_Camera.SetWindow(pBackBufferSurfaceDesc.Width, pBackBufferSurfaceDesc.Height)
    g_Camera.SetButtonMasks(MOUSE_LEFT_BUTTON, MOUSE_WHEEL, MOUSE_MIDDLE_BUTTON)
    g_bFirst = True


def AdvanceParticles(pd3dDevice, fGlobalTime: float, fElapsedTime: float, vGravity) -> bool:
    global g_pParticleDrawFrom, g_pParticleStreamTo, g_bFirst
    ctx = DXUTGetD3D11DeviceContext()  # the D3D10 device's draw calls are the immediate context's in D3D11
    # Set IA parameters
    pBuffers = [g_pParticleStart if g_bFirst else g_pParticleDrawFrom]
    stride = [PARTICLE_VERTEX.itemsize]
    offset = [0]
    ctx.IASetVertexBuffers(0, 1, pBuffers, stride, offset)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)

    # Point to the correct output buffer
    pBuffers = [g_pParticleStreamTo]
    ctx.SOSetTargets(1, pBuffers, offset)

    # Set Effects Parameters
    g_pfGlobalTime.SetFloat(fGlobalTime)
    g_pfElapsedTime.SetFloat(fElapsedTime)
    vGravity = vGravity * np.float32(fElapsedTime)
    g_pvFrameGravity.SetFloatVector(vGravity)
    g_pRandomTex.SetResource(g_pRandomTexRV)
    g_pSecondsPerFirework.SetFloat(0.4)
    g_pNumEmber1s.SetInt(100)
    g_pMaxEmber2s.SetFloat(15.0)

    # Draw
    techDesc = g_pAdvanceParticles.GetDesc()
    for p in range(techDesc.Passes):
        g_pAdvanceParticles.GetPassByIndex(p).Apply(0, ctx)
        if g_bFirst:
            ctx.Draw(1, 0)
        else:
            ctx.DrawAuto()

    # Get back to normal
    pBuffers = [None]
    ctx.SOSetTargets(1, pBuffers, offset)

    # Swap particle buffers
    pTemp = g_pParticleDrawFrom
    g_pParticleDrawFrom = g_pParticleStreamTo
    g_pParticleStreamTo = pTemp

    g_bFirst = False
    return True


def RenderParticles(pd3dDevice, mView, mProj) -> bool:
    ctx = DXUTGetD3D11DeviceContext()
    # Set IA parameters
    pBuffers = [g_pParticleDrawFrom]
    stride = [PARTICLE_VERTEX.itemsize]
    offset = [0]
    ctx.IASetVertexBuffers(0, 1, pBuffers, stride, offset)
    ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)

    # Set Effects Parameters
    mWorldViewProj = XMMatrixMultiply(mView, mProj)  # D3DXMatrixMultiply(&mWorldViewProj, &mView, &mProj)
    g_pmWorldViewProj.SetMatrix(mWorldViewProj)
    g_pDiffuseTex.SetResource(g_pParticleTexRV)
    mInvView = XMMatrixInverse(None, mView)
    g_pmInvView.SetMatrix(mInvView)

    # Draw
    techDesc = g_pRenderParticles.GetDesc()
    for p in range(techDesc.Passes):
        g_pRenderParticles.GetPassByIndex(p).Apply(0, ctx)
        ctx.DrawAuto()
    return True


def OnD3D10FrameRender(pd3dDevice, pd3dImmediateContext, fTime: float, fElapsedTime: float, pUserContext) -> None:
    ClearColor = [0.0, 0.0, 0.0, 0.0]
    pRTV = DXUTGetD3D11RenderTargetView()
    pd3dImmediateContext.ClearRenderTargetView(pRTV, ClearColor)
    pDSV = DXUTGetD3D11DepthStencilView()
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    # Set the Vertex Layout
    pd3dImmediateContext.IASetInputLayout(g_pParticleVertexLayout)

    # Advance the Particles
    vGravity = XMVectorSet(0, -9.8, 0, 0)
    AdvanceParticles(pd3dDevice, float(fTime), fElapsedTime, vGravity)

    # Get the projection & view matrix from the camera class
    mProj = g_Camera.GetProjMatrix()
    mView = g_Camera.GetViewMatrix()

    # Render the particles
    RenderParticles(pd3dDevice, mView, mProj)
    # RenderText(): not ported


def OnD3D10SwapChainReleasing(pUserContext) -> None:
    pass


def OnD3D10DestroyDevice(pUserContext) -> None:
    for obj in (g_pParticleVertexLayout, g_pParticleStart, g_pParticleStreamTo, g_pParticleDrawFrom, g_pParticleTexRV,
                g_pRandomTexture, g_pRandomTexRV):
        if obj is not None:
            obj.Release()  # SAFE_RELEASE


def CreateParticleBuffer(pd3dDevice) -> None:
    """This helper function creates 3 vertex buffers. The first is used to seed the particle system. The second
    two are used as output and input buffers alternatively for the GS particle system. Since a buffer cannot be
    both an input to the GS and an output of the GS, we must ping-pong between the two."""
    global g_pParticleStart, g_pParticleDrawFrom, g_pParticleStreamTo
    vbdesc = D3D11_BUFFER_DESC(ByteWidth=1 * PARTICLE_VERTEX.itemsize, Usage=D3D11_USAGE_DEFAULT,
                               BindFlags=D3D11_BIND_VERTEX_BUFFER, CPUAccessFlags=0, MiscFlags=0)
    vertStart = np.array([((0, 0, 0), (0, 40, 0), 0.0, 0)], PARTICLE_VERTEX)
    vbInitData = D3D11_SUBRESOURCE_DATA(pSysMem=vertStart, SysMemPitch=PARTICLE_VERTEX.itemsize)
    g_pParticleStart = pd3dDevice.CreateBuffer(vbdesc, vbInitData)
    vbdesc.ByteWidth = MAX_PARTICLES * PARTICLE_VERTEX.itemsize
    vbdesc.BindFlags |= D3D11_BIND_STREAM_OUTPUT
    g_pParticleDrawFrom = pd3dDevice.CreateBuffer(vbdesc, None)
    g_pParticleStreamTo = pd3dDevice.CreateBuffer(vbdesc, None)


def CreateRandomTexture(pd3dDevice) -> None:
    """This helper function creates a 1D texture full of random vectors. The shader uses the current time value
    to index into this texture to get a random vector."""
    global g_pRandomTexture, g_pRandomTexRV
    iNumRandValues = 1024
    srand(timeGetTime() if g_seed is None else g_seed)
    # create the data
    data = np.array([float((rand() % 10000) - 5000) for _ in range(iNumRandValues * 4)], np.float32)
    InitData = D3D11_SUBRESOURCE_DATA(pSysMem=data, SysMemPitch=iNumRandValues * 4 * 4,
                                      SysMemSlicePitch=iNumRandValues * 4 * 4)
    # Create the texture
    dstex = D3D11_TEXTURE1D_DESC(Width=iNumRandValues, MipLevels=1, Format=DXGI_FORMAT_R32G32B32A32_FLOAT,
                                 Usage=D3D11_USAGE_DEFAULT, BindFlags=D3D11_BIND_SHADER_RESOURCE, CPUAccessFlags=0,
                                 MiscFlags=0, ArraySize=1)
    g_pRandomTexture = pd3dDevice.CreateTexture1D(dstex, InitData)
    # Create the resource view
    SRVDesc = D3D11_SHADER_RESOURCE_VIEW_DESC()
    SRVDesc.Format = dstex.Format
    SRVDesc.ViewDimension = D3D11_SRV_DIMENSION_TEXTURE1D
    SRVDesc.Texture1D.MipLevels = dstex.MipLevels
    g_pRandomTexRV = pd3dDevice.CreateShaderResourceView(g_pRandomTexture, SRVDesc)


def particle_texels(size: int = 32) -> np.ndarray:
    """The stand-in for Particle.dds: RGBA8 white with alpha (1 - r)^2 of the distance r from the centre."""
    c = (np.arange(size) + 0.5) / size * 2 - 1
    r = np.minimum(np.hypot(*np.meshgrid(c, c)), 1.0)
    out = np.full((size, size, 4), 255, np.uint8)
    out[..., 3] = np.round((1 - r) ** 2 * 255).astype(np.uint8)
    return out


def _particle_texture(pd3dDevice) -> str:
    """DXUTFindDXSDKMediaFileCch(L"misc\\Particle.dds"), else (no SDK media) the generated stand-in."""
    if g_texturePath:
        return g_texturePath
    for name in ("misc\\Particle.dds", "Misc\\Particle.dds"):
        try:
            return DXUTFindDXSDKMediaFileCch(name)
        except D3D11Error:
            pass
    context = DXUTGetD3D11DeviceContext()
    texels = particle_texels()
    tex = pd3dDevice.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=32, Height=32, MipLevels=1, ArraySize=1,
                                                          Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                                                          SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                          BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                     D3D11_SUBRESOURCE_DATA(pSysMem=texels, SysMemPitch=32 * 4))
    out = str(Path(tempfile.gettempdir()) / "pyd3d11_particlesgs_particle.dds")
    SaveDDSTextureToFile(context, tex, out)
    return out


if __name__ == "__main__":
    sys.exit(wWinMain())
