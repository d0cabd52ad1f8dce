# ruff: noqa: F403, F405, N802, N803, N806, N816  (a line-by-line port keeps the C++ names)
"""BasicCompute11 — a line-by-line port of BasicCompute11.cpp from walbourn/directx-sdk-samples
(Copyright (c) Microsoft Corporation, MIT License): a compute shader adds two arrays of
``struct BufType { int i; float f; }`` (BasicCompute11.hlsl, the sample's HLSL, unchanged) through
structured buffers (or raw buffers with ``--raw``, the sample's ``USE_STRUCTURED_BUFFERS`` switch), and the
CPU verifies the result. Run ``python examples/tutorials/basic_compute11.py [--raw]``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import *
from pyd3d11.dxgi import *

HERE = Path(__file__).resolve().parent
USE_STRUCTURED_BUFFERS = True
NUM_ELEMENTS = 1024

g_pDevice = None
g_pContext = None
g_pCS = None
g_pBuf0 = None
g_pBuf1 = None
g_pBufResult = None
g_pBuf0SRV = None
g_pBuf1SRV = None
g_pBufResultUAV = None

# struct BufType { int i; float f; };
BufType = np.dtype([("i", np.int32), ("f", np.float32)])

g_vBuf0 = np.zeros(NUM_ELEMENTS, BufType)
g_vBuf1 = np.zeros(NUM_ELEMENTS, BufType)


def main(argv: list[str] | None = None) -> int:
    global g_pDevice, g_pContext, g_pCS, g_pBuf0, g_pBuf1, g_pBufResult, g_pBuf0SRV, g_pBuf1SRV, g_pBufResultUAV
    global USE_STRUCTURED_BUFFERS
    USE_STRUCTURED_BUFFERS = "--raw" not in (argv or sys.argv[1:])

    print("Creating device...", end="")
    g_pDevice, g_pContext = CreateComputeDevice(False)
    print("done")

    print("Creating Compute Shader...", end="")
    g_pCS = CreateComputeShader("BasicCompute11.hlsl", "CSMain", g_pDevice)
    print("done")

    print("Creating buffers and filling them with initial data...", end="")
    for i in range(NUM_ELEMENTS):
        g_vBuf0[i]["i"] = i
        g_vBuf0[i]["f"] = float(i)
        g_vBuf1[i]["i"] = i
        g_vBuf1[i]["f"] = float(i)

    if USE_STRUCTURED_BUFFERS:
        g_pBuf0 = CreateStructuredBuffer(g_pDevice, BufType.itemsize, NUM_ELEMENTS, g_vBuf0)
        g_pBuf1 = CreateStructuredBuffer(g_pDevice, BufType.itemsize, NUM_ELEMENTS, g_vBuf1)
        g_pBufResult = CreateStructuredBuffer(g_pDevice, BufType.itemsize, NUM_ELEMENTS, None)
    else:
        g_pBuf0 = CreateRawBuffer(g_pDevice, NUM_ELEMENTS * BufType.itemsize, g_vBuf0)
        g_pBuf1 = CreateRawBuffer(g_pDevice, NUM_ELEMENTS * BufType.itemsize, g_vBuf1)
        g_pBufResult = CreateRawBuffer(g_pDevice, NUM_ELEMENTS * BufType.itemsize, None)

    g_pBuf0.SetPrivateData(WKPDID_D3DDebugObjectName, len("Buffer0"), b"Buffer0")
    g_pBuf1.SetPrivateData(WKPDID_D3DDebugObjectName, len("Buffer1"), b"Buffer1")
    g_pBufResult.SetPrivateData(WKPDID_D3DDebugObjectName, len("Result"), b"Result")
    print("done")

    print("Creating buffer views...", end="")
    g_pBuf0SRV = CreateBufferSRV(g_pDevice, g_pBuf0)
    g_pBuf1SRV = CreateBufferSRV(g_pDevice, g_pBuf1)
    g_pBufResultUAV = CreateBufferUAV(g_pDevice, g_pBufResult)
    print("done")

    print("Running Compute Shader...", end="")
    aRViews = [g_pBuf0SRV, g_pBuf1SRV]
    RunComputeShader(g_pContext, g_pCS, 2, aRViews, None, None, 0, g_pBufResultUAV, NUM_ELEMENTS, 1, 1)
    print("done")

    # Read back the result from GPU, verify its correctness against result computed by CPU
    debugbuf = CreateAndCopyToDebugBuf(g_pDevice, g_pContext, g_pBufResult)
    MappedResource = g_pContext.Map(debugbuf, 0, D3D11_MAP_READ, 0)

    # "p, 1024" in a watch window becomes a numpy view of the mapped bytes
    p = MappedResource.as_array(BufType)

    # Verify that if Compute Shader has done right
    print("Verifying against CPU result...", end="")
    bSuccess = True
    for i in range(NUM_ELEMENTS):
        if (p[i]["i"] != g_vBuf0[i]["i"] + g_vBuf1[i]["i"]) or (p[i]["f"] != g_vBuf0[i]["f"] + g_vBuf1[i]["f"]):
            print("failure")
            bSuccess = False
            break
    if bSuccess:
        print("succeeded")
    global g_result
    g_result = p.copy()  # Python convenience for the test: what the GPU wrote

    g_pContext.Unmap(debugbuf, 0)
    debugbuf.Release()

    print("Cleaning up...")
    for obj in (g_pBuf0SRV, g_pBuf1SRV, g_pBufResultUAV, g_pBuf0, g_pBuf1, g_pBufResult, g_pCS, g_pContext,
                g_pDevice):
        obj.Release()
    return 0 if bSuccess else 1


g_result = None


def CreateComputeDevice(bForceRef: bool):
    """Create the device, preferring hardware; a level below 11_0 needs CS 4.x support (else REFERENCE)."""
    uCreationFlags = D3D11_CREATE_DEVICE_SINGLETHREADED | D3D11_CREATE_DEVICE_DEBUG
    flvl = [D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_10_1, D3D_FEATURE_LEVEL_10_0]
    bNeedRefDevice = False
    ppDeviceOut = ppContextOut = None
    failed = False
    if not bForceRef:
        try:
            ppDeviceOut, flOut, ppContextOut = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, uCreationFlags,
                                                                 flvl, len(flvl), D3D11_SDK_VERSION)
            # If we have a device >= D3D_FEATURE_LEVEL_11_0 created, full CS5.0 support is guaranteed
            if flOut < D3D_FEATURE_LEVEL_11_0:
                hwopts = D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS()
                hwopts = ppDeviceOut.CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, hwopts)
                if not hwopts.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x:
                    bNeedRefDevice = True
                    print("No hardware Compute Shader capable device found, trying to create ref device.")
        except D3D11Error:
            failed = True
    if bForceRef or failed or bNeedRefDevice:
        ppDeviceOut, flOut, ppContextOut = D3D11CreateDevice(None, D3D_DRIVER_TYPE_REFERENCE, None, uCreationFlags,
                                                             flvl, len(flvl), D3D11_SDK_VERSION)
    return ppDeviceOut, ppContextOut


def CreateComputeShader(pSrcFile: str, pFunctionName: str, pDevice):
    dwShaderFlags = D3DCOMPILE_ENABLE_STRICTNESS
    defines = [("USE_STRUCTURED_BUFFERS", "1")] if USE_STRUCTURED_BUFFERS else []
    defines.append((None, None))

    # We generally prefer to use the higher CS shader profile when possible
    pProfile = "cs_5_0" if pDevice.GetFeatureLevel() >= D3D_FEATURE_LEVEL_11_0 else "cs_4_0"
    pBlob = D3DCompileFromFile(str(HERE / pSrcFile), defines, D3D_COMPILE_STANDARD_FILE_INCLUDE, pFunctionName,
                               pProfile, dwShaderFlags, 0)
    ppShaderOut = pDevice.CreateComputeShader(pBlob.GetBufferPointer(), pBlob.GetBufferSize(), None)
    pBlob.Release()
    ppShaderOut.SetPrivateData(WKPDID_D3DDebugObjectName, len(pFunctionName), pFunctionName.encode())
    return ppShaderOut


def CreateStructuredBuffer(pDevice, uElementSize: int, uCount: int, pInitData):
    desc = D3D11_BUFFER_DESC()
    desc.BindFlags = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE
    desc.ByteWidth = uElementSize * uCount
    desc.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED
    desc.StructureByteStride = uElementSize
    if pInitData is not None:
        InitData = D3D11_SUBRESOURCE_DATA()
        InitData.pSysMem = pInitData
        return pDevice.CreateBuffer(desc, InitData)
    return pDevice.CreateBuffer(desc, None)


def CreateRawBuffer(pDevice, uSize: int, pInitData):
    desc = D3D11_BUFFER_DESC()
    desc.BindFlags = (D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_INDEX_BUFFER
                      | D3D11_BIND_VERTEX_BUFFER)
    desc.ByteWidth = uSize
    desc.MiscFlags = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS
    if pInitData is not None:
        InitData = D3D11_SUBRESOURCE_DATA()
        InitData.pSysMem = pInitData
        return pDevice.CreateBuffer(desc, InitData)
    return pDevice.CreateBuffer(desc, None)


def CreateBufferSRV(pDevice, pBuffer):
    descBuf = pBuffer.GetDesc()
    desc = D3D11_SHADER_RESOURCE_VIEW_DESC()
    desc.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX
    desc.BufferEx.FirstElement = 0
    if descBuf.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS:
        # This is a Raw Buffer
        desc.Format = DXGI_FORMAT_R32_TYPELESS
        desc.BufferEx.Flags = D3D11_BUFFEREX_SRV_FLAG_RAW
        desc.BufferEx.NumElements = descBuf.ByteWidth // 4
    elif descBuf.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED:
        # This is a Structured Buffer
        desc.Format = DXGI_FORMAT_UNKNOWN
        desc.BufferEx.NumElements = descBuf.ByteWidth // descBuf.StructureByteStride
    else:
        raise InvalidArgError(E_INVALIDARG, "neither a raw nor a structured buffer", "CreateBufferSRV")
    return pDevice.CreateShaderResourceView(pBuffer, desc)


def CreateBufferUAV(pDevice, pBuffer):
    descBuf = pBuffer.GetDesc()
    desc = D3D11_UNORDERED_ACCESS_VIEW_DESC()
    desc.ViewDimension = D3D11_UAV_DIMENSION_BUFFER
    desc.Buffer.FirstElement = 0
    if descBuf.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS:
        # This is a Raw Buffer
        desc.Format = DXGI_FORMAT_R32_TYPELESS  # must be R32_TYPELESS for a raw UAV
        desc.Buffer.Flags = D3D11_BUFFER_UAV_FLAG_RAW
        desc.Buffer.NumElements = descBuf.ByteWidth // 4
    elif descBuf.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED:
        # This is a Structured Buffer
        desc.Format = DXGI_FORMAT_UNKNOWN  # must be UNKNOWN for a view of a structured buffer
        desc.Buffer.NumElements = descBuf.ByteWidth // descBuf.StructureByteStride
    else:
        raise InvalidArgError(E_INVALIDARG, "neither a raw nor a structured buffer", "CreateBufferUAV")
    return pDevice.CreateUnorderedAccessView(pBuffer, desc)


def CreateAndCopyToDebugBuf(pDevice, pd3dImmediateContext, pBuffer):
    desc = pBuffer.GetDesc()
    desc.CPUAccessFlags = D3D11_CPU_ACCESS_READ
    desc.Usage = D3D11_USAGE_STAGING
    desc.BindFlags = 0
    desc.MiscFlags = 0
    debugbuf = pDevice.CreateBuffer(desc, None)
    debugbuf.SetPrivateData(WKPDID_D3DDebugObjectName, len("Debug"), b"Debug")
    pd3dImmediateContext.CopyResource(debugbuf, pBuffer)
    return debugbuf


def RunComputeShader(pd3dImmediateContext, pComputeShader, nNumViews: int, pShaderResourceViews, pCBCS, pCSData,
                     dwNumDataBytes: int, pUnorderedAccessView, X: int, Y: int, Z: int) -> None:
    pd3dImmediateContext.CSSetShader(pComputeShader, None, 0)
    pd3dImmediateContext.CSSetShaderResources(0, nNumViews, pShaderResourceViews)
    pd3dImmediateContext.CSSetUnorderedAccessViews(0, 1, [pUnorderedAccessView], None)
    if pCBCS and pCSData is not None:
        MappedResource = pd3dImmediateContext.Map(pCBCS, 0, D3D11_MAP_WRITE_DISCARD, 0)
        MappedResource.write(pCSData)  # memcpy(MappedResource.pData, pCSData, dwNumDataBytes)
        pd3dImmediateContext.Unmap(pCBCS, 0)
        ppCB = [pCBCS]
        pd3dImmediateContext.CSSetConstantBuffers(0, 1, ppCB)

    pd3dImmediateContext.Dispatch(X, Y, Z)

    pd3dImmediateContext.CSSetShader(None, None, 0)

    ppUAViewnullptr = [None]
    pd3dImmediateContext.CSSetUnorderedAccessViews(0, 1, ppUAViewnullptr, None)

    ppSRVnullptr = [None, None]
    pd3dImmediateContext.CSSetShaderResources(0, 2, ppSRVnullptr)

    ppCBnullptr = [None]
    pd3dImmediateContext.CSSetConstantBuffers(0, 1, ppCBnullptr)


if __name__ == "__main__":
    sys.exit(main())
