"""The header declarations of every public method and function, as data (parsed by ``api/cargs.py``).

One line per method in the shape of ``d3d11.h`` / ``d3d11_1.h`` / ``d3d11sdklayers.h`` / ``d3d11_4.h`` /
``dxgi1_2.h`` / ``d3dcompiler.h``: ``RETURN Name(TYPE Param, ...)``. Parameter syntax:
``TYPE[*][?][[COUNT]][?] Name`` — ``*?`` on an interface or struct pointer: NULL allowed; ``?`` after
``[COUNT]``: the array pointer may be NULL; ``?`` on a scalar: the Python convenience None (omitted) is
accepted. ``OUT`` is an out-pointer (the Python flag ``ppX=True/None``), ``DATA`` memory (a buffer-protocol
object), ``ANY`` a value the method interprets itself (bytecode, initial data, OS handles).
"""

from __future__ import annotations

_STAGES = ("VS", "HS", "DS", "GS", "PS", "CS")
_SHADER_IFACE = {"VS": "ID3D11VertexShader", "HS": "ID3D11HullShader", "DS": "ID3D11DomainShader",
                 "GS": "ID3D11GeometryShader", "PS": "ID3D11PixelShader", "CS": "ID3D11ComputeShader"}


def _stage_declarations() -> str:
    lines = []
    for s in _STAGES:
        lines += [
            f"void {s}SetConstantBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer*?[NumBuffers]? ppConstantBuffers)",
            f"void {s}GetConstantBuffers(UINT StartSlot, UINT NumBuffers)",
            f"void {s}SetConstantBuffers1(UINT StartSlot, UINT NumBuffers, ID3D11Buffer*?[NumBuffers]? ppConstantBuffers, "
            "UINT[NumBuffers]? pFirstConstant, UINT[NumBuffers]? pNumConstants)",
            f"void {s}GetConstantBuffers1(UINT StartSlot, UINT NumBuffers)",
            f"void {s}SetShaderResources(UINT StartSlot, UINT NumViews, "
            "ID3D11ShaderResourceView*?[NumViews]? ppShaderResourceViews)",
            f"void {s}GetShaderResources(UINT StartSlot, UINT NumViews)",
            f"void {s}SetSamplers(UINT StartSlot, UINT NumSamplers, ID3D11SamplerState*?[NumSamplers]? ppSamplers)",
            f"void {s}GetSamplers(UINT StartSlot, UINT NumSamplers)",
            f"void {s}SetShader({_SHADER_IFACE[s]}*? p{_SHADER_IFACE[s][6:]}, "
            "ID3D11ClassInstance*?[NumClassInstances]? ppClassInstances, UINT NumClassInstances)",
            f"void {s}GetShader(UINT? pNumClassInstances)",
        ]
    return "\n".join(lines)


CONTEXT = _stage_declarations() + """
void IASetInputLayout(ID3D11InputLayout*? pInputLayout)
void IASetVertexBuffers(UINT StartSlot, UINT NumBuffers, ID3D11Buffer*?[NumBuffers]? ppVertexBuffers, UINT[NumBuffers]? pStrides, UINT[NumBuffers]? pOffsets)
void IAGetVertexBuffers(UINT StartSlot, UINT NumBuffers)
void IASetIndexBuffer(ID3D11Buffer*? pIndexBuffer, DXGI_FORMAT Format, UINT Offset)
void IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY Topology)
void SOSetTargets(UINT NumBuffers, ID3D11Buffer*?[NumBuffers]? ppSOTargets, UINT[NumBuffers]? pOffsets)
void SOGetTargets(UINT NumBuffers)
void RSSetState(ID3D11RasterizerState*? pRasterizerState)
void RSSetViewports(UINT NumViewports, D3D11_VIEWPORT[NumViewports]? pViewports)
void RSGetViewports(UINT? pNumViewports)
void RSSetScissorRects(UINT NumRects, D3D11_RECT[NumRects]? pRects)
void RSGetScissorRects(UINT? pNumRects)
void OMSetBlendState(ID3D11BlendState*? pBlendState, FLOAT[4]? BlendFactor, UINT SampleMask)
void OMSetDepthStencilState(ID3D11DepthStencilState*? pDepthStencilState, UINT StencilRef)
void OMSetRenderTargets(UINT NumViews, ID3D11RenderTargetView*?[NumViews]? ppRenderTargetViews, ID3D11DepthStencilView*? pDepthStencilView)
void OMSetRenderTargetsAndUnorderedAccessViews(UINT NumRTVs, ID3D11RenderTargetView*?[NumRTVs]? ppRenderTargetViews, ID3D11DepthStencilView*? pDepthStencilView, UINT UAVStartSlot, UINT NumUAVs, ID3D11UnorderedAccessView*?[NumUAVs]? ppUnorderedAccessViews, UINT[NumUAVs]? pUAVInitialCounts)
void OMGetRenderTargets(UINT NumViews)
void OMGetRenderTargetsAndUnorderedAccessViews(UINT NumRTVs, UINT UAVStartSlot, UINT NumUAVs)
void CSSetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs, ID3D11UnorderedAccessView*?[NumUAVs]? ppUnorderedAccessViews, UINT[NumUAVs]? pUAVInitialCounts)
void CSGetUnorderedAccessViews(UINT StartSlot, UINT NumUAVs)
void SetPredication(ID3D11Predicate*? pPredicate, BOOL PredicateValue)
HRESULT Map(ID3D11Resource* pResource, UINT Subresource, D3D11_MAP MapType, UINT MapFlags)
void Unmap(ID3D11Resource* pResource, UINT Subresource)
void UpdateSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, D3D11_BOX*? pDstBox, DATA pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch)
void UpdateSubresource1(ID3D11Resource* pDstResource, UINT DstSubresource, D3D11_BOX*? pDstBox, DATA pSrcData, UINT SrcRowPitch, UINT SrcDepthPitch, UINT CopyFlags)
void CopyResource(ID3D11Resource* pDstResource, ID3D11Resource* pSrcResource)
void CopySubresourceRegion(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource, UINT SrcSubresource, D3D11_BOX*? pSrcBox)
void CopySubresourceRegion1(ID3D11Resource* pDstResource, UINT DstSubresource, UINT DstX, UINT DstY, UINT DstZ, ID3D11Resource* pSrcResource, UINT SrcSubresource, D3D11_BOX*? pSrcBox, UINT CopyFlags)
void ResolveSubresource(ID3D11Resource* pDstResource, UINT DstSubresource, ID3D11Resource* pSrcResource, UINT SrcSubresource, DXGI_FORMAT Format)
void ClearRenderTargetView(ID3D11RenderTargetView* pRenderTargetView, FLOAT[4] ColorRGBA)
void ClearDepthStencilView(ID3D11DepthStencilView* pDepthStencilView, UINT ClearFlags, FLOAT Depth, UINT8 Stencil)
void ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView* pUnorderedAccessView, UINT[4] Values)
void ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView* pUnorderedAccessView, FLOAT[4] Values)
void ClearView(ID3D11View* pView, FLOAT[4] Color, D3D11_RECT[NumRects]? pRect, UINT NumRects)
void SetResourceMinLOD(ID3D11Resource* pResource, FLOAT MinLOD)
FLOAT GetResourceMinLOD(ID3D11Resource* pResource)
void DiscardResource(ID3D11Resource* pResource)
void DiscardView(ID3D11View* pResourceView)
void DiscardView1(ID3D11View* pResourceView, D3D11_RECT[NumRects]? pRects, UINT NumRects)
void GenerateMips(ID3D11ShaderResourceView* pShaderResourceView)
void CopyStructureCount(ID3D11Buffer* pDstBuffer, UINT DstAlignedByteOffset, ID3D11UnorderedAccessView* pSrcView)
void Draw(UINT VertexCount, UINT StartVertexLocation)
void DrawIndexed(UINT IndexCount, UINT StartIndexLocation, INT BaseVertexLocation)
void DrawInstanced(UINT VertexCountPerInstance, UINT InstanceCount, UINT StartVertexLocation, UINT StartInstanceLocation)
void DrawIndexedInstanced(UINT IndexCountPerInstance, UINT InstanceCount, UINT StartIndexLocation, INT BaseVertexLocation, UINT StartInstanceLocation)
void DrawInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs)
void DrawIndexedInstancedIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs)
void Dispatch(UINT ThreadGroupCountX, UINT ThreadGroupCountY, UINT ThreadGroupCountZ)
void DispatchIndirect(ID3D11Buffer* pBufferForArgs, UINT AlignedByteOffsetForArgs)
void Begin(ID3D11Asynchronous* pAsync)
void End(ID3D11Asynchronous* pAsync)
HRESULT GetData(ID3D11Asynchronous* pAsync, UINT? DataSize, UINT GetDataFlags)
HRESULT FinishCommandList(BOOL RestoreDeferredContextState)
void ExecuteCommandList(ID3D11CommandList* pCommandList, BOOL RestoreContextState)
void SwapDeviceContextState(ID3DDeviceContextState* pState, OUT ppPreviousState)
void Flush1(D3D11_CONTEXT_TYPE ContextType, ANY hEvent)
"""

DEVICE = """
HRESULT CreateBuffer(D3D11_BUFFER_DESC* pDesc, ANY pInitialData, OUT ppBuffer)
HRESULT CreateTexture1D(D3D11_TEXTURE1D_DESC* pDesc, ANY pInitialData, OUT ppTexture1D)
HRESULT CreateTexture2D(D3D11_TEXTURE2D_DESC* pDesc, ANY pInitialData, OUT ppTexture2D)
HRESULT CreateTexture3D(D3D11_TEXTURE3D_DESC* pDesc, ANY pInitialData, OUT ppTexture3D)
HRESULT CreateShaderResourceView(ID3D11Resource* pResource, D3D11_SHADER_RESOURCE_VIEW_DESC*? pDesc, OUT ppSRView)
HRESULT CreateShaderResourceView1(ID3D11Resource* pResource, D3D11_SHADER_RESOURCE_VIEW_DESC1*? pDesc1, OUT ppSRView1)
HRESULT CreateRenderTargetView(ID3D11Resource* pResource, D3D11_RENDER_TARGET_VIEW_DESC*? pDesc, OUT ppRTView)
HRESULT CreateRenderTargetView1(ID3D11Resource* pResource, D3D11_RENDER_TARGET_VIEW_DESC1*? pDesc1, OUT ppRTView1)
HRESULT CreateDepthStencilView(ID3D11Resource* pResource, D3D11_DEPTH_STENCIL_VIEW_DESC*? pDesc, OUT ppDepthStencilView)
HRESULT CreateUnorderedAccessView(ID3D11Resource* pResource, D3D11_UNORDERED_ACCESS_VIEW_DESC*? pDesc, OUT ppUAView)
HRESULT CreateUnorderedAccessView1(ID3D11Resource* pResource, D3D11_UNORDERED_ACCESS_VIEW_DESC1*? pDesc1, OUT ppUAView1)
HRESULT CreateBlendState(D3D11_BLEND_DESC* pBlendStateDesc, OUT ppBlendState)
HRESULT CreateBlendState1(D3D11_BLEND_DESC1* pBlendStateDesc, OUT ppBlendState)
HRESULT CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC* pDepthStencilDesc, OUT ppDepthStencilState)
HRESULT CreateRasterizerState(D3D11_RASTERIZER_DESC* pRasterizerDesc, OUT ppRasterizerState)
HRESULT CreateRasterizerState1(D3D11_RASTERIZER_DESC1* pRasterizerDesc, OUT ppRasterizerState)
HRESULT CreateRasterizerState2(D3D11_RASTERIZER_DESC2* pRasterizerDesc, OUT ppRasterizerState)
HRESULT CreateSamplerState(D3D11_SAMPLER_DESC* pSamplerDesc, OUT ppSamplerState)
HRESULT CreateVertexShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppVertexShader)
HRESULT CreatePixelShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppPixelShader)
HRESULT CreateGeometryShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppGeometryShader)
HRESULT CreateHullShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppHullShader)
HRESULT CreateDomainShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppDomainShader)
HRESULT CreateComputeShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, ID3D11ClassLinkage*? pClassLinkage, OUT ppComputeShader)
HRESULT CreateGeometryShaderWithStreamOutput(ANY pShaderBytecode, SIZE_T? BytecodeLength, D3D11_SO_DECLARATION_ENTRY[NumEntries]? pSODeclaration, UINT? NumEntries, UINT[NumStrides]? pBufferStrides, UINT? NumStrides, UINT RasterizedStream, ID3D11ClassLinkage*? pClassLinkage, OUT ppGeometryShader)
HRESULT CreateInputLayout(D3D11_INPUT_ELEMENT_DESC[NumElements] pInputElementDescs, UINT? NumElements, ANY pShaderBytecodeWithInputSignature, SIZE_T? BytecodeLength, OUT ppInputLayout)
HRESULT CreateClassLinkage(OUT ppLinkage)
HRESULT CheckFormatSupport(DXGI_FORMAT Format)
HRESULT CheckMultisampleQualityLevels(DXGI_FORMAT Format, UINT SampleCount)
HRESULT CheckMultisampleQualityLevels1(DXGI_FORMAT Format, UINT SampleCount, UINT Flags)
HRESULT CheckFeatureSupport(D3D11_FEATURE Feature, ANY pFeatureSupportData, UINT? FeatureSupportDataSize)
HRESULT OpenSharedResource(ANY hResource, REFIID ReturnedInterface)
HRESULT OpenSharedResource1(ANY hResource, REFIID returnedInterface)
HRESULT OpenSharedResourceByName(ANY lpName, DWORD dwDesiredAccess, REFIID returnedInterface)
HRESULT CheckCounter(D3D11_COUNTER_DESC* pDesc)
HRESULT CreateCounter(D3D11_COUNTER_DESC* pCounterDesc, OUT ppCounter)
HRESULT CreateQuery(D3D11_QUERY_DESC* pQueryDesc, OUT ppQuery)
HRESULT CreateQuery1(D3D11_QUERY_DESC1* pQueryDesc, OUT ppQuery)
HRESULT CreatePredicate(D3D11_QUERY_DESC* pPredicateDesc, OUT ppPredicate)
HRESULT SetExceptionMode(UINT RaiseFlags)
HRESULT CreateDeferredContext(UINT ContextFlags, OUT ppDeferredContext)
HRESULT CreateDeferredContext1(UINT ContextFlags, OUT ppDeferredContext)
HRESULT CreateDeviceContextState(UINT Flags, D3D_FEATURE_LEVEL[FeatureLevels]? pFeatureLevels, UINT FeatureLevels, UINT SDKVersion, REFIID EmulatedInterface, OUT ppContextState)
"""

UNKNOWN = """
HRESULT QueryInterface(REFIID riid)
HRESULT SetPrivateData(REFGUID guid, UINT? DataSize, ANY pData)
HRESULT SetPrivateDataInterface(REFGUID guid, IUnknown*? pData)
HRESULT GetPrivateData(REFGUID guid, UINT? pDataSize)
"""

RESOURCE = """
void SetEvictionPriority(UINT EvictionPriority)
"""

CLASS_LINKAGE = """
HRESULT CreateClassInstance(LPCSTR pClassTypeName, UINT ConstantBufferOffset, UINT ConstantVectorOffset, UINT TextureOffset, UINT SamplerOffset, OUT ppInstance)
HRESULT GetClassInstance(LPCSTR pClassInstanceName, UINT InstanceIndex)
"""

DEBUG = """
HRESULT SetFeatureMask(UINT Mask)
HRESULT SetPresentPerRenderOpDelay(UINT Milliseconds)
HRESULT SetSwapChain(IDXGISwapChain*? pSwapChain)
HRESULT ValidateContext(ID3D11DeviceContext* pContext)
HRESULT ValidateContextForDispatch(ID3D11DeviceContext* pContext)
HRESULT ReportLiveDeviceObjects(UINT Flags)
"""

INFO_QUEUE = """
HRESULT SetMessageCountLimit(UINT64 MessageCountLimit)
HRESULT GetMessage(UINT64 MessageIndex)
HRESULT AddStorageFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter)
HRESULT AddRetrievalFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter)
HRESULT PushStorageFilter(D3D11_INFO_QUEUE_FILTER* pFilter)
HRESULT PushRetrievalFilter(D3D11_INFO_QUEUE_FILTER* pFilter)
HRESULT AddMessage(D3D11_MESSAGE_CATEGORY Category, D3D11_MESSAGE_SEVERITY Severity, D3D11_MESSAGE_ID ID, LPCSTR pDescription)
HRESULT AddApplicationMessage(D3D11_MESSAGE_SEVERITY Severity, LPCSTR pDescription)
HRESULT SetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category, BOOL bEnable)
HRESULT SetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity, BOOL bEnable)
HRESULT SetBreakOnID(D3D11_MESSAGE_ID ID, BOOL bEnable)
BOOL GetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category)
BOOL GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity)
BOOL GetBreakOnID(D3D11_MESSAGE_ID ID)
void SetMuteDebugOutput(BOOL bMute)
"""

MULTITHREAD = """
BOOL SetMultithreadProtected(BOOL bMTProtect)
"""

DXGI_FACTORY = """
HRESULT EnumAdapters(UINT Adapter)
HRESULT EnumAdapters1(UINT Adapter)
HRESULT MakeWindowAssociation(ANY WindowHandle, UINT Flags)
HRESULT CreateSwapChain(IUnknown* pDevice, DXGI_SWAP_CHAIN_DESC* pDesc)
HRESULT CreateSwapChainForHwnd(IUnknown* pDevice, ANY hWnd, DXGI_SWAP_CHAIN_DESC1* pDesc, DXGI_SWAP_CHAIN_FULLSCREEN_DESC*? pFullscreenDesc, IDXGIOutput*? pRestrictToOutput)
HRESULT CreateSwapChainForComposition(IUnknown* pDevice, DXGI_SWAP_CHAIN_DESC1* pDesc, IDXGIOutput*? pRestrictToOutput)
void UnregisterStereoStatus(DWORD dwCookie)
void UnregisterOcclusionStatus(DWORD dwCookie)
"""

DXGI_ADAPTER = """
HRESULT EnumOutputs(UINT Output)
HRESULT CheckInterfaceSupport(REFGUID InterfaceName)
"""

DXGI_OUTPUT = """
HRESULT GetDisplayModeList(DXGI_FORMAT EnumFormat, UINT Flags)
HRESULT GetDisplayModeList1(DXGI_FORMAT EnumFormat, UINT Flags)
HRESULT FindClosestMatchingMode(DXGI_MODE_DESC* pModeToMatch, IUnknown*? pConcernedDevice)
HRESULT FindClosestMatchingMode1(DXGI_MODE_DESC1* pModeToMatch, IUnknown*? pConcernedDevice)
HRESULT TakeOwnership(IUnknown* pDevice, BOOL Exclusive)
HRESULT SetGammaControl(DXGI_GAMMA_CONTROL* pArray)
HRESULT DuplicateOutput(IUnknown* pDevice)
"""

DXGI_SWAP_CHAIN = """
HRESULT GetBuffer(UINT Buffer, REFIID? riid)
HRESULT Present(UINT SyncInterval, UINT Flags)
HRESULT Present1(UINT SyncInterval, UINT PresentFlags, DXGI_PRESENT_PARAMETERS*? pPresentParameters)
HRESULT ResizeBuffers(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT NewFormat, UINT SwapChainFlags)
HRESULT ResizeTarget(DXGI_MODE_DESC* pNewTargetParameters)
HRESULT SetFullscreenState(BOOL Fullscreen, IDXGIOutput*? pTarget)
HRESULT GetDevice(REFIID riid)
HRESULT SetBackgroundColor(DXGI_RGBA* pColor)
HRESULT SetRotation(DXGI_MODE_ROTATION Rotation)
"""

DXGI_OBJECT = """
HRESULT GetParent(REFIID riid)
"""

DXGI_DEVICE = """
HRESULT QueryResourceResidency(IUnknown*[NumResources] ppResources, UINT? NumResources)
HRESULT SetGPUThreadPriority(INT Priority)
HRESULT SetMaximumFrameLatency(UINT MaxLatency)
"""

DXGI_RESOURCE = """
HRESULT SetEvictionPriority(UINT EvictionPriority)
"""

# Free functions of the three headers (d3dcompiler.h, d3d11.h, dxgi.h); ``ppErrorMsgs`` is the Python
# convenience list that receives the error blob.
FUNCTIONS = """
HRESULT D3DCompile(ANY pSrcData, SIZE_T? SrcDataSize, LPCSTR? pSourceName, ANY pDefines, ANY pInclude, LPCSTR? pEntrypoint, LPCSTR pTarget, UINT Flags1, UINT Flags2, ANY ppErrorMsgs)
HRESULT D3DCompile2(ANY pSrcData, SIZE_T? SrcDataSize, LPCSTR? pSourceName, ANY pDefines, ANY pInclude, LPCSTR? pEntrypoint, LPCSTR pTarget, UINT Flags1, UINT Flags2, UINT SecondaryDataFlags, ANY pSecondaryData, SIZE_T SecondaryDataSize, ANY ppErrorMsgs)
HRESULT D3DCompileFromFile(LPCSTR pFileName, ANY pDefines, ANY pInclude, LPCSTR? pEntrypoint, LPCSTR pTarget, UINT Flags1, UINT Flags2, ANY ppErrorMsgs)
HRESULT D3DPreprocess(ANY pSrcData, SIZE_T? SrcDataSize, LPCSTR? pSourceName, ANY pDefines, ANY pInclude, ANY ppErrorMsgs)
HRESULT D3DCreateBlob(SIZE_T Size)
HRESULT D3DDisassemble(ANY pSrcData, SIZE_T? SrcDataSize, UINT Flags, LPCSTR? szComments)
HRESULT D3DGetBlobPart(ANY pSrcData, SIZE_T? SrcDataSize, D3D_BLOB_PART? Part, UINT Flags)
HRESULT D3DGetDebugInfo(ANY pSrcData, SIZE_T? SrcDataSize)
HRESULT D3DGetInputSignatureBlob(ANY pSrcData, SIZE_T? SrcDataSize)
HRESULT D3DGetOutputSignatureBlob(ANY pSrcData, SIZE_T? SrcDataSize)
HRESULT D3DGetInputAndOutputSignatureBlob(ANY pSrcData, SIZE_T? SrcDataSize)
HRESULT D3DReflect(ANY pSrcData, SIZE_T? SrcDataSize, REFIID pInterface)
HRESULT D3DStripShader(ANY pShaderBytecode, SIZE_T? BytecodeLength, UINT? uStripFlags)
HRESULT D3D11CreateDevice(IDXGIAdapter*? pAdapter, D3D_DRIVER_TYPE DriverType, ANY Software, UINT Flags, D3D_FEATURE_LEVEL[FeatureLevels]? pFeatureLevels, UINT? FeatureLevels, UINT? SDKVersion, OUT ppDevice, OUT pFeatureLevel, OUT ppImmediateContext)
HRESULT D3D11CreateDeviceAndSwapChain(IDXGIAdapter*? pAdapter, D3D_DRIVER_TYPE DriverType, ANY Software, UINT Flags, D3D_FEATURE_LEVEL[FeatureLevels]? pFeatureLevels, UINT? FeatureLevels, UINT? SDKVersion, DXGI_SWAP_CHAIN_DESC*? pSwapChainDesc, OUT ppSwapChain, OUT ppDevice, OUT pFeatureLevel, OUT ppImmediateContext)
HRESULT CreateDXGIFactory(REFIID riid)
HRESULT CreateDXGIFactory1(REFIID riid)
HRESULT CreateDXGIFactory2(UINT Flags, REFIID riid)
"""
