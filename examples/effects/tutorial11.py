# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""Direct3D 11 Tutorial 11: Vertex Shaders (Effects 11) — a port of Tutorial11.cpp from
walbourn/directx-sdk-samples (Direct3D11TutorialsFX11; Copyright (c) Microsoft Corporation, MIT License).

The effect calls are the sample's, line by line: D3DX11CompileEffectFromFile on Tutorial11.fx (the sample's
effect, unchanged), GetTechniqueByName / GetVariableByName(...)->AsMatrix() / AsScalar() /
AsShaderResource(), the input layout from the pass's D3DX11_PASS_DESC, SetMatrix / SetFloat /
SetResource each frame and GetPassByIndex(p)->Apply(0, context) before each draw. What DXUT gives the
sample is written out here: the device, swap chain and depth buffer (as Tutorial07 creates them), the
CModelViewerCamera's initial view and projection, and — standing in for Tiny\\tiny.sdkmesh and its diffuse
texture, which need DXUT's SDKMesh loader — a 400-unit cube with normals and texture coordinates and a
solid-colour 2x2 texture. The UI (HUD, settings dialog, text) is left out.
Run ``python examples/effects/tutorial11.py [--frames N] [--out frame.png] [--window]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tutorials"))

import numpy as np  # noqa: E402
from winshim import CreateWindow, GetClientRect, GetTickCount64, finish, message_loop, parse_args, present_sinks  # noqa: E402

from pyd3d11.d3d11 import *  # noqa: E402
from pyd3d11.d3dcompiler import *  # noqa: E402
from pyd3d11.directxmath import *  # noqa: E402
from pyd3d11.dxgi import *  # noqa: E402
from pyd3d11.effects import *  # noqa: E402

HERE = Path(__file__).resolve().parent

g_hWnd = None
g_pd3dDevice = None
g_pImmediateContext = None
g_pSwapChain = None
g_pRenderTargetView = None
g_pDepthStencil = None
g_pDepthStencilView = None

g_pEffect = None
g_pVertexLayout = None
g_pTechnique = None
g_ptxDiffuseVariable = None
g_pWorldVariable = None
g_pViewVariable = None
g_pProjectionVariable = None
g_pWavinessVariable = None
g_pTimeVariable = None
g_World = None
g_View = None
g_Projection = None
g_fModelWaviness = 0.0
g_bSpinning = True

# the stand-in mesh: struct { XMFLOAT3 Pos; XMFLOAT3 Norm; XMFLOAT2 Tex; } (the layout Tutorial11.cpp declares)
MeshVertex = np.dtype([("Pos", np.float32, 3), ("Norm", np.float32, 3), ("Tex", np.float32, 2)])
MESH_HALF_EXTENT = 200.0
#: the material colour of the stand-in diffuse texture (RGBA8)
DIFFUSE_TEXEL = (200, 160, 100, 255)
g_pMeshVB = None
g_pMeshIB = None
g_pDiffuseRV = None
g_MeshIndexCount = 0


def cube_mesh(half: float) -> tuple[np.ndarray, np.ndarray]:
    """24 vertices (4 per face, each with the face normal) and 36 indices, clockwise seen from outside
    (Direct3D's default front faces)."""
    verts, idx = [], []
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = np.zeros(3)
            n[axis] = sign
            u = np.zeros(3)
            u[(axis + 1) % 3] = 1.0
            v = np.cross(n, u)
            corners = [n - u - v, n + u - v, n + u + v, n - u + v]
            base = len(verts)
            for k, c in enumerate(corners):
                verts.append((c * half, n, ((k in (1, 2)) * 1.0, (k in (2, 3)) * 1.0)))
            tri = [(0, 1, 2), (0, 2, 3)]
            a, b, c = (corners[i] for i in tri[0])
            if np.dot(np.cross(b - a, c - a), n) < 0:  # make the winding clockwise from outside
                tri = [(0, 2, 1), (0, 3, 2)]
            for t in tri:
                idx += [base + i for i in t]
    return np.array(verts, MeshVertex), np.array(idx, np.uint16)


def InitDevice(width: int, height: int) -> None:
    """What DXUT sets up: device, swap chain, back-buffer RTV, D24S8 depth buffer, viewport."""
    global g_pd3dDevice, g_pImmediateContext, g_pSwapChain, g_pRenderTargetView, g_pDepthStencil
    global g_pDepthStencilView
    g_pd3dDevice, _, g_pImmediateContext = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None,
                                                             D3D11_CREATE_DEVICE_DEBUG, None, 0, D3D11_SDK_VERSION)
    sd = DXGI_SWAP_CHAIN_DESC()
    sd.BufferCount = 1
    sd.BufferDesc.Width = width
    sd.BufferDesc.Height = height
    sd.BufferDesc.Format = DXGI_FORMAT_R8G8B8A8_UNORM
    sd.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT
    sd.OutputWindow = g_hWnd
    sd.SampleDesc.Count = 1
    sd.Windowed = 1
    dxgiFactory = g_pd3dDevice.QueryInterface(IDXGIDevice).GetAdapter().GetParent(IDXGIFactory1)
    g_pSwapChain = dxgiFactory.CreateSwapChain(g_pd3dDevice, sd)
    pBackBuffer = g_pSwapChain.GetBuffer(0, ID3D11Texture2D)
    g_pRenderTargetView = g_pd3dDevice.CreateRenderTargetView(pBackBuffer, None)
    pBackBuffer.Release()
    descDepth = D3D11_TEXTURE2D_DESC(Width=width, Height=height, MipLevels=1, ArraySize=1,
                                     Format=DXGI_FORMAT_D24_UNORM_S8_UINT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                     Usage=D3D11_USAGE_DEFAULT, BindFlags=D3D11_BIND_DEPTH_STENCIL)
    g_pDepthStencil = g_pd3dDevice.CreateTexture2D(descDepth, None)
    g_pDepthStencilView = g_pd3dDevice.CreateDepthStencilView(g_pDepthStencil, None)
    g_pImmediateContext.OMSetRenderTargets(1, [g_pRenderTargetView], g_pDepthStencilView)
    vp = D3D11_VIEWPORT(0.0, 0.0, float(width), float(height), 0.0, 1.0)
    g_pImmediateContext.RSSetViewports(1, [vp])


def OnD3D11CreateDevice(pd3dDevice, pd3dImmediateContext) -> None:
    """Tutorial11.cpp OnD3D11CreateDevice (effect part line by line)."""
    global g_pEffect, g_pTechnique, g_ptxDiffuseVariable, g_pWorldVariable, g_pViewVariable
    global g_pProjectionVariable, g_pWavinessVariable, g_pTimeVariable, g_pVertexLayout, g_World
    global g_pMeshVB, g_pMeshIB, g_pDiffuseRV, g_MeshIndexCount
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS

    # Read the D3DX effect file
    str_ = str(HERE / "Tutorial11.fx")
    g_pEffect = D3DX11CompileEffectFromFile(str_, None, D3D_COMPILE_STANDARD_FILE_INCLUDE, dwShaderFlags, 0,
                                            pd3dDevice)

    # Obtain the technique
    g_pTechnique = g_pEffect.GetTechniqueByName("Render")

    # Obtain the variables
    g_ptxDiffuseVariable = g_pEffect.GetVariableByName("g_txDiffuse").AsShaderResource()
    g_pWorldVariable = g_pEffect.GetVariableByName("World").AsMatrix()
    g_pViewVariable = g_pEffect.GetVariableByName("View").AsMatrix()
    g_pProjectionVariable = g_pEffect.GetVariableByName("Projection").AsMatrix()
    g_pWavinessVariable = g_pEffect.GetVariableByName("Waviness").AsScalar()
    g_pTimeVariable = g_pEffect.GetVariableByName("Time").AsScalar()

    # Set Waviness
    g_pWavinessVariable.SetFloat(g_fModelWaviness)

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

    # Load the mesh (stand-in: see the module docstring)
    vertices, indices = cube_mesh(MESH_HALF_EXTENT)
    g_pMeshVB = pd3dDevice.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=vertices.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                                        D3D11_SUBRESOURCE_DATA(vertices))
    g_pMeshIB = pd3dDevice.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=indices.nbytes, BindFlags=D3D11_BIND_INDEX_BUFFER),
                                        D3D11_SUBRESOURCE_DATA(indices))
    g_MeshIndexCount = len(indices)
    texels = np.array([DIFFUSE_TEXEL] * 4, np.uint8).reshape(2, 2, 4)
    tex = pd3dDevice.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,
                                                          Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                                                          SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                          BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                     D3D11_SUBRESOURCE_DATA(texels, 8, 16))
    g_pDiffuseRV = pd3dDevice.CreateShaderResourceView(tex, None)

    # Initialize the world matrices
    g_World = XMMatrixIdentity()


def OnD3D11ResizedSwapChain(width: int, height: int) -> None:
    """The CModelViewerCamera's view (eye (0, 3, -800) looking at (0, 1, 0)) and projection."""
    global g_View, g_Projection
    s_Eye = XMVectorSet(0.0, 3.0, -800.0, 0.0)
    s_At = XMVectorSet(0.0, 1.0, 0.0, 0.0)
    g_View = XMMatrixLookAtLH(s_Eye, s_At, XMVectorSet(0.0, 1.0, 0.0, 0.0))
    fAspectRatio = width / float(height)
    g_Projection = XMMatrixPerspectiveFovLH(XM_PI / 4, fAspectRatio, 0.1, 5000.0)


def OnFrameMove(fTime: float) -> None:
    global g_World
    if g_bSpinning:
        g_World = XMMatrixRotationY(60.0 * XMConvertToRadians(float(fTime)))
    else:
        g_World = XMMatrixRotationY(XMConvertToRadians(180.0))
    mRot = XMMatrixRotationX(XMConvertToRadians(-90.0))
    g_World = XMMatrixMultiply(mRot, g_World)


def OnD3D11FrameRender(pd3dImmediateContext, fTime: float) -> None:
    # Clear the back buffer
    pRTV = g_pRenderTargetView
    pd3dImmediateContext.ClearRenderTargetView(pRTV, Colors.MidnightBlue)

    # Clear the depth stencil
    pDSV = g_pDepthStencilView
    pd3dImmediateContext.ClearDepthStencilView(pDSV, D3D11_CLEAR_DEPTH, 1.0, 0)

    mView = g_View
    mProj = g_Projection

    # Update variables that change once per frame
    g_pProjectionVariable.SetMatrix(mProj)
    g_pViewVariable.SetMatrix(mView)
    g_pWorldVariable.SetMatrix(g_World)
    g_pTimeVariable.SetFloat(float(fTime))

    # Set the Vertex Layout
    pd3dImmediateContext.IASetInputLayout(g_pVertexLayout)

    # Render the mesh
    pd3dImmediateContext.IASetVertexBuffers(0, 1, [g_pMeshVB], [MeshVertex.itemsize], [0])
    pd3dImmediateContext.IASetIndexBuffer(g_pMeshIB, DXGI_FORMAT_R16_UINT, 0)

    techDesc = g_pTechnique.GetDesc()
    for p in range(techDesc.Passes):
        for _subset in range(1):  # the stand-in mesh has one subset
            pd3dImmediateContext.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
            g_ptxDiffuseVariable.SetResource(g_pDiffuseRV)
            g_pTechnique.GetPassByIndex(p).Apply(0, pd3dImmediateContext)
            pd3dImmediateContext.DrawIndexed(g_MeshIndexCount, 0, 0)


_timeStart = 0


def Render() -> None:
    global _timeStart
    timeCur = GetTickCount64()
    if _timeStart == 0:
        _timeStart = timeCur
    fTime = (timeCur - _timeStart) / 1000.0
    OnFrameMove(fTime)
    OnD3D11FrameRender(g_pImmediateContext, fTime)
    g_pSwapChain.Present(0, 0)


def wWinMain(argv: list[str] | None = None, sink: object = None) -> int:
    global g_hWnd
    args = parse_args(argv)
    g_hWnd = CreateWindow("Tutorial11 (Effects 11)", *args.size)
    rc = GetClientRect(g_hWnd)
    width, height = rc.right - rc.left, rc.bottom - rc.top
    InitDevice(width, height)
    OnD3D11CreateDevice(g_pd3dDevice, g_pImmediateContext)
    OnD3D11ResizedSwapChain(width, height)
    fan_out, sinks = present_sinks(args, sink)
    g_pSwapChain.set_present_sink(fan_out)
    message_loop(Render, args.frames, sinks)
    finish(args, sinks)
    return 0


if __name__ == "__main__":
    sys.exit(wWinMain())

