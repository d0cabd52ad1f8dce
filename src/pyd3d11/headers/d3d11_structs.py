"""D3D11 structs (d3d11.h, d3d11_1.h … d3d11_4.h, d3d11sdklayers.h, d3d11shader.h).

Field names and order from the mingw-w64 IDL files and d3d11shader.h, checked against the
MicrosoftDocs struct pages (D3D11_SHADER_DESC has InstructionCount once, as in the SDK). Every struct
is a slotted dataclass with zero defaults; anonymous unions of scalars are aliases (FirstElement /
ElementOffset), unions of view sub-structs are separate attributes (Buffer, Texture2D, …). Video and
content-protection structs are left out. The CD3D11_* helpers live in d3d11_helpers."""

from __future__ import annotations

from typing import Any

from pyd3d11.headers._struct import array, nested, struct
from pyd3d11.headers.dxgi_types import DXGI_SAMPLE_DESC, RECT


@struct
class D3D11_BOX:
    left: int = 0
    top: int = 0
    front: int = 0
    right: int = 0
    bottom: int = 0
    back: int = 0


@struct(aliases={"ElementOffset": "FirstElement", "ElementWidth": "NumElements"})
class D3D11_BUFFER_RTV:
    FirstElement: int = 0
    NumElements: int = 0


@struct(aliases={"ElementOffset": "FirstElement", "ElementWidth": "NumElements"})
class D3D11_BUFFER_SRV:
    FirstElement: int = 0
    NumElements: int = 0


@struct
class D3D11_BUFFER_UAV:
    FirstElement: int = 0
    NumElements: int = 0
    Flags: int = 0


@struct
class D3D11_BUFFEREX_SRV:
    FirstElement: int = 0
    NumElements: int = 0
    Flags: int = 0


@struct
class D3D11_CLASS_INSTANCE_DESC:
    InstanceId: int = 0
    InstanceIndex: int = 0
    TypeId: int = 0
    ConstantBuffer: int = 0
    BaseConstantBufferOffset: int = 0
    BaseTexture: int = 0
    BaseSampler: int = 0
    Created: int = 0


@struct
class D3D11_COUNTER_DESC:
    Counter: int = 0
    MiscFlags: int = 0


@struct
class D3D11_COUNTER_INFO:
    LastDeviceDependentCounter: int = 0
    NumSimultaneousCounters: int = 0
    NumDetectableParallelUnits: int = 0


@struct
class D3D11_FEATURE_DATA_THREADING:
    DriverConcurrentCreates: int = 0
    DriverCommandLists: int = 0


@struct
class D3D11_FEATURE_DATA_DOUBLES:
    DoublePrecisionFloatShaderOps: int = 0


@struct
class D3D11_FEATURE_DATA_FORMAT_SUPPORT:
    InFormat: int = 0
    OutFormatSupport: int = 0


@struct
class D3D11_FEATURE_DATA_FORMAT_SUPPORT2:
    InFormat: int = 0
    OutFormatSupport2: int = 0


@struct
class D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS:
    ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS:
    OutputMergerLogicOp: int = 0
    UAVOnlyRenderingForcedSampleCount: int = 0
    DiscardAPIsSeenByDriver: int = 0
    FlagsForUpdateAndCopySeenByDriver: int = 0
    ClearView: int = 0
    CopyWithOverlap: int = 0
    ConstantBufferPartialUpdate: int = 0
    ConstantBufferOffsetting: int = 0
    MapNoOverwriteOnDynamicConstantBuffer: int = 0
    MapNoOverwriteOnDynamicBufferSRV: int = 0
    MultisampleRTVWithForcedSampleCountOne: int = 0
    SAD4ShaderInstructions: int = 0
    ExtendedDoublesShaderInstructions: int = 0
    ExtendedResourceSharing: int = 0


@struct
class D3D11_FEATURE_DATA_ARCHITECTURE_INFO:
    TileBasedDeferredRenderer: int = 0


@struct
class D3D11_FEATURE_DATA_D3D9_OPTIONS:
    FullNonPow2TextureSupport: int = 0


@struct
class D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT:
    SupportsDepthAsTextureWithLessEqualComparisonFilter: int = 0


@struct
class D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT:
    PixelShaderMinPrecision: int = 0
    AllOtherShaderStagesMinPrecision: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS1:
    TiledResourcesTier: int = 0
    MinMaxFiltering: int = 0
    ClearViewAlsoSupportsDepthOnlyFormats: int = 0
    MapOnDefaultBuffers: int = 0


@struct
class D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT:
    SimpleInstancingSupported: int = 0


@struct
class D3D11_FEATURE_DATA_MARKER_SUPPORT:
    Profile: int = 0


@struct
class D3D11_FEATURE_DATA_D3D9_OPTIONS1:
    FullNonPow2TextureSupported: int = 0
    DepthAsTextureWithLessEqualComparisonFilterSupported: int = 0
    SimpleInstancingSupported: int = 0
    TextureCubeFaceRenderTargetWithNonCubeDepthStencilSupported: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS2:
    PSSpecifiedStencilRefSupported: int = 0
    TypedUAVLoadAdditionalFormats: int = 0
    ROVsSupported: int = 0
    ConservativeRasterizationTier: int = 0
    TiledResourcesTier: int = 0
    MapOnDefaultTextures: int = 0
    StandardSwizzle: int = 0
    UnifiedMemoryArchitecture: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS3:
    VPAndRTArrayIndexFromAnyShaderFeedingRasterizer: int = 0


@struct
class D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT:
    MaxGPUVirtualAddressBitsPerResource: int = 0
    MaxGPUVirtualAddressBitsPerProcess: int = 0


@struct
class D3D11_FEATURE_DATA_SHADER_CACHE:
    SupportFlags: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS5:
    SharedResourceTier: int = 0


@struct
class D3D11_INPUT_ELEMENT_DESC:
    SemanticName: Any = None
    SemanticIndex: int = 0
    Format: int = 0
    InputSlot: int = 0
    AlignedByteOffset: int = 0
    InputSlotClass: int = 0
    InstanceDataStepRate: int = 0


@struct
class D3D11_QUERY_DATA_SO_STATISTICS:
    NumPrimitivesWritten: int = 0
    PrimitivesStorageNeeded: int = 0


@struct
class D3D11_MAPPED_SUBRESOURCE:
    pData: Any = None
    RowPitch: int = 0
    DepthPitch: int = 0


@struct
class D3D11_QUERY_DESC:
    Query: int = 0
    MiscFlags: int = 0


@struct
class D3D11_RASTERIZER_DESC:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0


@struct
class D3D11_SO_DECLARATION_ENTRY:
    Stream: int = 0
    SemanticName: Any = None
    SemanticIndex: int = 0
    StartComponent: int = 0
    ComponentCount: int = 0
    OutputSlot: int = 0


@struct
class D3D11_SUBRESOURCE_DATA:
    pSysMem: Any = None
    SysMemPitch: int = 0
    SysMemSlicePitch: int = 0


@struct
class D3D11_TEX1D_ARRAY_DSV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX1D_ARRAY_RTV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX1D_ARRAY_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX1D_ARRAY_UAV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX1D_DSV:
    MipSlice: int = 0


@struct
class D3D11_TEX1D_RTV:
    MipSlice: int = 0


@struct
class D3D11_TEX1D_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0


@struct
class D3D11_TEX1D_UAV:
    MipSlice: int = 0


@struct
class D3D11_TEX2D_ARRAY_DSV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2D_ARRAY_RTV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2D_ARRAY_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2D_ARRAY_UAV:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2D_DSV:
    MipSlice: int = 0


@struct
class D3D11_TEX2D_RTV:
    MipSlice: int = 0


@struct
class D3D11_TEX2D_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0


@struct
class D3D11_TEX2D_UAV:
    MipSlice: int = 0


@struct
class D3D11_TEX2DMS_ARRAY_DSV:
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2DMS_ARRAY_RTV:
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2DMS_ARRAY_SRV:
    FirstArraySlice: int = 0
    ArraySize: int = 0


@struct
class D3D11_TEX2DMS_DSV:
    UnusedField_NothingToDefine: int = 0


@struct
class D3D11_TEX2DMS_RTV:
    UnusedField_NothingToDefine: int = 0


@struct
class D3D11_TEX2DMS_SRV:
    UnusedField_NothingToDefine: int = 0


@struct
class D3D11_TEX3D_RTV:
    MipSlice: int = 0
    FirstWSlice: int = 0
    WSize: int = 0


@struct
class D3D11_TEX3D_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0


@struct
class D3D11_TEX3D_UAV:
    MipSlice: int = 0
    FirstWSlice: int = 0
    WSize: int = 0


@struct
class D3D11_TEXCUBE_ARRAY_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0
    First2DArrayFace: int = 0
    NumCubes: int = 0


@struct
class D3D11_TEXCUBE_SRV:
    MostDetailedMip: int = 0
    MipLevels: int = 0


@struct
class D3D11_UNORDERED_ACCESS_VIEW_DESC:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_UAV = nested(D3D11_BUFFER_UAV)
    Texture1D: D3D11_TEX1D_UAV = nested(D3D11_TEX1D_UAV)
    Texture1DArray: D3D11_TEX1D_ARRAY_UAV = nested(D3D11_TEX1D_ARRAY_UAV)
    Texture2D: D3D11_TEX2D_UAV = nested(D3D11_TEX2D_UAV)
    Texture2DArray: D3D11_TEX2D_ARRAY_UAV = nested(D3D11_TEX2D_ARRAY_UAV)
    Texture3D: D3D11_TEX3D_UAV = nested(D3D11_TEX3D_UAV)


@struct
class D3D11_VIEWPORT:
    TopLeftX: float = 0.0
    TopLeftY: float = 0.0
    Width: float = 0.0
    Height: float = 0.0
    MinDepth: float = 0.0
    MaxDepth: float = 0.0


@struct
class D3D11_RENDER_TARGET_BLEND_DESC:
    BlendEnable: int = 0
    SrcBlend: int = 0
    DestBlend: int = 0
    BlendOp: int = 0
    SrcBlendAlpha: int = 0
    DestBlendAlpha: int = 0
    BlendOpAlpha: int = 0
    RenderTargetWriteMask: int = 0


@struct
class D3D11_BLEND_DESC:
    AlphaToCoverageEnable: int = 0
    IndependentBlendEnable: int = 0
    RenderTarget: list[D3D11_RENDER_TARGET_BLEND_DESC] = array(D3D11_RENDER_TARGET_BLEND_DESC, 8)


@struct
class D3D11_BUFFER_DESC:
    ByteWidth: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0
    StructureByteStride: int = 0


@struct
class D3D11_DEPTH_STENCIL_VIEW_DESC:
    Format: int = 0
    ViewDimension: int = 0
    Flags: int = 0
    Texture1D: D3D11_TEX1D_DSV = nested(D3D11_TEX1D_DSV)
    Texture1DArray: D3D11_TEX1D_ARRAY_DSV = nested(D3D11_TEX1D_ARRAY_DSV)
    Texture2D: D3D11_TEX2D_DSV = nested(D3D11_TEX2D_DSV)
    Texture2DArray: D3D11_TEX2D_ARRAY_DSV = nested(D3D11_TEX2D_ARRAY_DSV)
    Texture2DMS: D3D11_TEX2DMS_DSV = nested(D3D11_TEX2DMS_DSV)
    Texture2DMSArray: D3D11_TEX2DMS_ARRAY_DSV = nested(D3D11_TEX2DMS_ARRAY_DSV)


@struct
class D3D11_DEPTH_STENCILOP_DESC:
    StencilFailOp: int = 0
    StencilDepthFailOp: int = 0
    StencilPassOp: int = 0
    StencilFunc: int = 0


@struct
class D3D11_DEPTH_STENCIL_DESC:
    DepthEnable: int = 0
    DepthWriteMask: int = 0
    DepthFunc: int = 0
    StencilEnable: int = 0
    StencilReadMask: int = 0
    StencilWriteMask: int = 0
    FrontFace: D3D11_DEPTH_STENCILOP_DESC = nested(D3D11_DEPTH_STENCILOP_DESC)
    BackFace: D3D11_DEPTH_STENCILOP_DESC = nested(D3D11_DEPTH_STENCILOP_DESC)


@struct
class D3D11_RENDER_TARGET_VIEW_DESC:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_RTV = nested(D3D11_BUFFER_RTV)
    Texture1D: D3D11_TEX1D_RTV = nested(D3D11_TEX1D_RTV)
    Texture1DArray: D3D11_TEX1D_ARRAY_RTV = nested(D3D11_TEX1D_ARRAY_RTV)
    Texture2D: D3D11_TEX2D_RTV = nested(D3D11_TEX2D_RTV)
    Texture2DArray: D3D11_TEX2D_ARRAY_RTV = nested(D3D11_TEX2D_ARRAY_RTV)
    Texture2DMS: D3D11_TEX2DMS_RTV = nested(D3D11_TEX2DMS_RTV)
    Texture2DMSArray: D3D11_TEX2DMS_ARRAY_RTV = nested(D3D11_TEX2DMS_ARRAY_RTV)
    Texture3D: D3D11_TEX3D_RTV = nested(D3D11_TEX3D_RTV)


@struct
class D3D11_SAMPLER_DESC:
    Filter: int = 0
    AddressU: int = 0
    AddressV: int = 0
    AddressW: int = 0
    MipLODBias: float = 0.0
    MaxAnisotropy: int = 0
    ComparisonFunc: int = 0
    BorderColor: list[float] = array(0.0, 4)
    MinLOD: float = 0.0
    MaxLOD: float = 0.0


@struct
class D3D11_SHADER_RESOURCE_VIEW_DESC:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_SRV = nested(D3D11_BUFFER_SRV)
    Texture1D: D3D11_TEX1D_SRV = nested(D3D11_TEX1D_SRV)
    Texture1DArray: D3D11_TEX1D_ARRAY_SRV = nested(D3D11_TEX1D_ARRAY_SRV)
    Texture2D: D3D11_TEX2D_SRV = nested(D3D11_TEX2D_SRV)
    Texture2DArray: D3D11_TEX2D_ARRAY_SRV = nested(D3D11_TEX2D_ARRAY_SRV)
    Texture2DMS: D3D11_TEX2DMS_SRV = nested(D3D11_TEX2DMS_SRV)
    Texture2DMSArray: D3D11_TEX2DMS_ARRAY_SRV = nested(D3D11_TEX2DMS_ARRAY_SRV)
    Texture3D: D3D11_TEX3D_SRV = nested(D3D11_TEX3D_SRV)
    TextureCube: D3D11_TEXCUBE_SRV = nested(D3D11_TEXCUBE_SRV)
    TextureCubeArray: D3D11_TEXCUBE_ARRAY_SRV = nested(D3D11_TEXCUBE_ARRAY_SRV)
    BufferEx: D3D11_BUFFEREX_SRV = nested(D3D11_BUFFEREX_SRV)


@struct
class D3D11_TEXTURE1D_DESC:
    Width: int = 0
    MipLevels: int = 0
    ArraySize: int = 0
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@struct
class D3D11_TEXTURE2D_DESC:
    Width: int = 0
    Height: int = 0
    MipLevels: int = 0
    ArraySize: int = 0
    Format: int = 0
    SampleDesc: DXGI_SAMPLE_DESC = nested(DXGI_SAMPLE_DESC)
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@struct
class D3D11_TEXTURE3D_DESC:
    Width: int = 0
    Height: int = 0
    Depth: int = 0
    MipLevels: int = 0
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0


@struct
class D3D11_QUERY_DATA_TIMESTAMP_DISJOINT:
    Frequency: int = 0
    Disjoint: int = 0


@struct
class D3D11_QUERY_DATA_PIPELINE_STATISTICS:
    IAVertices: int = 0
    IAPrimitives: int = 0
    VSInvocations: int = 0
    GSInvocations: int = 0
    GSPrimitives: int = 0
    CInvocations: int = 0
    CPrimitives: int = 0
    PSInvocations: int = 0
    HSInvocations: int = 0
    DSInvocations: int = 0
    CSInvocations: int = 0


@struct
class D3D11_DRAW_INSTANCED_INDIRECT_ARGS:
    VertexCountPerInstance: int = 0
    InstanceCount: int = 0
    StartVertexLocation: int = 0
    StartInstanceLocation: int = 0


@struct
class D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS:
    IndexCountPerInstance: int = 0
    InstanceCount: int = 0
    StartIndexLocation: int = 0
    BaseVertexLocation: int = 0
    StartInstanceLocation: int = 0


@struct
class D3D11_RENDER_TARGET_BLEND_DESC1:
    BlendEnable: int = 0
    LogicOpEnable: int = 0
    SrcBlend: int = 0
    DestBlend: int = 0
    BlendOp: int = 0
    SrcBlendAlpha: int = 0
    DestBlendAlpha: int = 0
    BlendOpAlpha: int = 0
    LogicOp: int = 0
    RenderTargetWriteMask: int = 0


@struct
class D3D11_BLEND_DESC1:
    AlphaToCoverageEnable: int = 0
    IndependentBlendEnable: int = 0
    RenderTarget: list[D3D11_RENDER_TARGET_BLEND_DESC1] = array(D3D11_RENDER_TARGET_BLEND_DESC1, 8)


@struct
class D3D11_RASTERIZER_DESC1:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0
    ForcedSampleCount: int = 0


@struct
class D3D11_TILED_RESOURCE_COORDINATE:
    X: int = 0
    Y: int = 0
    Z: int = 0
    Subresource: int = 0


@struct
class D3D11_TILE_REGION_SIZE:
    NumTiles: int = 0
    bUseBox: int = 0
    Width: int = 0
    Height: int = 0
    Depth: int = 0


@struct
class D3D11_SUBRESOURCE_TILING:
    WidthInTiles: int = 0
    HeightInTiles: int = 0
    DepthInTiles: int = 0
    StartTileIndexInOverallResource: int = 0


@struct
class D3D11_TILE_SHAPE:
    WidthInTexels: int = 0
    HeightInTexels: int = 0
    DepthInTexels: int = 0


@struct
class D3D11_PACKED_MIP_DESC:
    NumStandardMips: int = 0
    NumPackedMips: int = 0
    NumTilesForPackedMips: int = 0
    StartTileIndexInOverallResource: int = 0


@struct
class D3D11_TEXTURE2D_DESC1:
    Width: int = 0
    Height: int = 0
    MipLevels: int = 0
    ArraySize: int = 0
    Format: int = 0
    SampleDesc: DXGI_SAMPLE_DESC = nested(DXGI_SAMPLE_DESC)
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0
    TextureLayout: int = 0


@struct
class D3D11_TEXTURE3D_DESC1:
    Width: int = 0
    Height: int = 0
    Depth: int = 0
    MipLevels: int = 0
    Format: int = 0
    Usage: int = 0
    BindFlags: int = 0
    CPUAccessFlags: int = 0
    MiscFlags: int = 0
    TextureLayout: int = 0


@struct
class D3D11_RASTERIZER_DESC2:
    FillMode: int = 0
    CullMode: int = 0
    FrontCounterClockwise: int = 0
    DepthBias: int = 0
    DepthBiasClamp: float = 0.0
    SlopeScaledDepthBias: float = 0.0
    DepthClipEnable: int = 0
    ScissorEnable: int = 0
    MultisampleEnable: int = 0
    AntialiasedLineEnable: int = 0
    ForcedSampleCount: int = 0
    ConservativeRaster: int = 0


@struct
class D3D11_TEX2D_SRV1:
    MostDetailedMip: int = 0
    MipLevels: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_TEX2D_ARRAY_SRV1:
    MostDetailedMip: int = 0
    MipLevels: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_SHADER_RESOURCE_VIEW_DESC1:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_SRV = nested(D3D11_BUFFER_SRV)
    Texture1D: D3D11_TEX1D_SRV = nested(D3D11_TEX1D_SRV)
    Texture1DArray: D3D11_TEX1D_ARRAY_SRV = nested(D3D11_TEX1D_ARRAY_SRV)
    Texture2D: D3D11_TEX2D_SRV1 = nested(D3D11_TEX2D_SRV1)
    Texture2DArray: D3D11_TEX2D_ARRAY_SRV1 = nested(D3D11_TEX2D_ARRAY_SRV1)
    Texture2DMS: D3D11_TEX2DMS_SRV = nested(D3D11_TEX2DMS_SRV)
    Texture2DMSArray: D3D11_TEX2DMS_ARRAY_SRV = nested(D3D11_TEX2DMS_ARRAY_SRV)
    Texture3D: D3D11_TEX3D_SRV = nested(D3D11_TEX3D_SRV)
    TextureCube: D3D11_TEXCUBE_SRV = nested(D3D11_TEXCUBE_SRV)
    TextureCubeArray: D3D11_TEXCUBE_ARRAY_SRV = nested(D3D11_TEXCUBE_ARRAY_SRV)
    BufferEx: D3D11_BUFFEREX_SRV = nested(D3D11_BUFFEREX_SRV)


@struct
class D3D11_TEX2D_RTV1:
    MipSlice: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_TEX2D_ARRAY_RTV1:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_RENDER_TARGET_VIEW_DESC1:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_RTV = nested(D3D11_BUFFER_RTV)
    Texture1D: D3D11_TEX1D_RTV = nested(D3D11_TEX1D_RTV)
    Texture1DArray: D3D11_TEX1D_ARRAY_RTV = nested(D3D11_TEX1D_ARRAY_RTV)
    Texture2D: D3D11_TEX2D_RTV1 = nested(D3D11_TEX2D_RTV1)
    Texture2DArray: D3D11_TEX2D_ARRAY_RTV1 = nested(D3D11_TEX2D_ARRAY_RTV1)
    Texture2DMS: D3D11_TEX2DMS_RTV = nested(D3D11_TEX2DMS_RTV)
    Texture2DMSArray: D3D11_TEX2DMS_ARRAY_RTV = nested(D3D11_TEX2DMS_ARRAY_RTV)
    Texture3D: D3D11_TEX3D_RTV = nested(D3D11_TEX3D_RTV)


@struct
class D3D11_TEX2D_UAV1:
    MipSlice: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_TEX2D_ARRAY_UAV1:
    MipSlice: int = 0
    FirstArraySlice: int = 0
    ArraySize: int = 0
    PlaneSlice: int = 0


@struct
class D3D11_UNORDERED_ACCESS_VIEW_DESC1:
    Format: int = 0
    ViewDimension: int = 0
    Buffer: D3D11_BUFFER_UAV = nested(D3D11_BUFFER_UAV)
    Texture1D: D3D11_TEX1D_UAV = nested(D3D11_TEX1D_UAV)
    Texture1DArray: D3D11_TEX1D_ARRAY_UAV = nested(D3D11_TEX1D_ARRAY_UAV)
    Texture2D: D3D11_TEX2D_UAV1 = nested(D3D11_TEX2D_UAV1)
    Texture2DArray: D3D11_TEX2D_ARRAY_UAV1 = nested(D3D11_TEX2D_ARRAY_UAV1)
    Texture3D: D3D11_TEX3D_UAV = nested(D3D11_TEX3D_UAV)


@struct
class D3D11_QUERY_DESC1:
    Query: int = 0
    MiscFlags: int = 0
    ContextType: int = 0


@struct
class D3D11_FEATURE_DATA_D3D11_OPTIONS4:
    ExtendedNV12SharedTextureSupported: int = 0


@struct
class D3D11_MESSAGE:
    Category: int = 0
    Severity: int = 0
    ID: int = 0
    pDescription: Any = None
    DescriptionByteLength: int = 0


@struct
class D3D11_INFO_QUEUE_FILTER_DESC:
    NumCategories: int = 0
    pCategoryList: Any = None
    NumSeverities: int = 0
    pSeverityList: Any = None
    NumIDs: int = 0
    pIDList: Any = None


@struct
class D3D11_INFO_QUEUE_FILTER:
    AllowList: D3D11_INFO_QUEUE_FILTER_DESC = nested(D3D11_INFO_QUEUE_FILTER_DESC)
    DenyList: D3D11_INFO_QUEUE_FILTER_DESC = nested(D3D11_INFO_QUEUE_FILTER_DESC)


@struct
class D3D11_SHADER_DESC:
    Version: int = 0
    Creator: Any = None
    Flags: int = 0
    ConstantBuffers: int = 0
    BoundResources: int = 0
    InputParameters: int = 0
    OutputParameters: int = 0
    InstructionCount: int = 0
    TempRegisterCount: int = 0
    TempArrayCount: int = 0
    DefCount: int = 0
    DclCount: int = 0
    TextureNormalInstructions: int = 0
    TextureLoadInstructions: int = 0
    TextureCompInstructions: int = 0
    TextureBiasInstructions: int = 0
    TextureGradientInstructions: int = 0
    FloatInstructionCount: int = 0
    IntInstructionCount: int = 0
    UintInstructionCount: int = 0
    StaticFlowControlCount: int = 0
    DynamicFlowControlCount: int = 0
    MacroInstructionCount: int = 0
    ArrayInstructionCount: int = 0
    CutInstructionCount: int = 0
    EmitInstructionCount: int = 0
    GSOutputTopology: int = 0
    GSMaxOutputVertexCount: int = 0
    InputPrimitive: int = 0
    PatchConstantParameters: int = 0
    cGSInstanceCount: int = 0
    cControlPoints: int = 0
    HSOutputPrimitive: int = 0
    HSPartitioning: int = 0
    TessellatorDomain: int = 0
    cBarrierInstructions: int = 0
    cInterlockedInstructions: int = 0
    cTextureStoreInstructions: int = 0


@struct
class D3D11_SHADER_VARIABLE_DESC:
    Name: Any = None
    StartOffset: int = 0
    Size: int = 0
    uFlags: int = 0
    DefaultValue: Any = None
    StartTexture: int = 0
    TextureSize: int = 0
    StartSampler: int = 0
    SamplerSize: int = 0


@struct
class D3D11_SHADER_TYPE_DESC:
    Class: int = 0
    Type: int = 0
    Rows: int = 0
    Columns: int = 0
    Elements: int = 0
    Members: int = 0
    Offset: int = 0
    Name: Any = None


@struct
class D3D11_SHADER_BUFFER_DESC:
    Name: Any = None
    Type: int = 0
    Variables: int = 0
    Size: int = 0
    uFlags: int = 0


@struct
class D3D11_SHADER_INPUT_BIND_DESC:
    Name: Any = None
    Type: int = 0
    BindPoint: int = 0
    BindCount: int = 0
    uFlags: int = 0
    ReturnType: int = 0
    Dimension: int = 0
    NumSamples: int = 0


@struct
class D3D12_SHADER_INPUT_BIND_DESC(D3D11_SHADER_INPUT_BIND_DESC):
    """d3d12shader.h: D3D11_SHADER_INPUT_BIND_DESC plus the register space and the resource's ID, which
    ID3D12ShaderReflection (from d3dcompiler_47's D3DReflect) returns."""

    Space: int = 0
    uID: int = 0


@struct
class D3D11_SIGNATURE_PARAMETER_DESC:
    SemanticName: Any = None
    SemanticIndex: int = 0
    Register: int = 0
    SystemValueType: int = 0
    ComponentType: int = 0
    Mask: int = 0
    ReadWriteMask: int = 0
    Stream: int = 0
    MinPrecision: int = 0


@struct
class D3D11_PARAMETER_DESC:
    Name: Any = None
    SemanticName: Any = None
    Type: int = 0
    Class: int = 0
    Rows: int = 0
    Columns: int = 0
    InterpolationMode: int = 0
    Flags: int = 0
    FirstInRegister: int = 0
    FirstInComponent: int = 0
    FirstOutRegister: int = 0
    FirstOutComponent: int = 0


@struct
class D3D11_LIBRARY_DESC:
    Creator: Any = None
    Flags: int = 0
    FunctionCount: int = 0


@struct
class D3D11_FUNCTION_DESC:
    Version: int = 0
    Creator: Any = None
    Flags: int = 0
    ConstantBuffers: int = 0
    BoundResources: int = 0
    InstructionCount: int = 0
    TempRegisterCount: int = 0
    TempArrayCount: int = 0
    DefCount: int = 0
    DclCount: int = 0
    TextureNormalInstructions: int = 0
    TextureLoadInstructions: int = 0
    TextureCompInstructions: int = 0
    TextureBiasInstructions: int = 0
    TextureGradientInstructions: int = 0
    FloatInstructionCount: int = 0
    IntInstructionCount: int = 0
    UintInstructionCount: int = 0
    StaticFlowControlCount: int = 0
    DynamicFlowControlCount: int = 0
    MacroInstructionCount: int = 0
    ArrayInstructionCount: int = 0
    MovInstructionCount: int = 0
    MovcInstructionCount: int = 0
    ConversionInstructionCount: int = 0
    BitwiseInstructionCount: int = 0
    MinFeatureLevel: int = 0
    RequiredFeatureFlags: int = 0
    Name: Any = None
    FunctionParameterCount: int = 0
    HasReturn: bool = False
    Has10Level9VertexShader: bool = False
    Has10Level9PixelShader: bool = False


@struct
class D3D11_FEATURE_DATA_DISPLAYABLE:
    DisplayableTexture: int = 0
    SharedResourceTier: int = 0


# typedef RECT D3D11_RECT
D3D11_RECT = RECT

__all__ = [
    "D3D11_BOX",
    "D3D11_BUFFER_RTV",
    "D3D11_BUFFER_SRV",
    "D3D11_BUFFER_UAV",
    "D3D11_BUFFEREX_SRV",
    "D3D11_CLASS_INSTANCE_DESC",
    "D3D11_COUNTER_DESC",
    "D3D11_COUNTER_INFO",
    "D3D11_FEATURE_DATA_THREADING",
    "D3D11_FEATURE_DATA_DOUBLES",
    "D3D11_FEATURE_DATA_FORMAT_SUPPORT",
    "D3D11_FEATURE_DATA_FORMAT_SUPPORT2",
    "D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS",
    "D3D11_FEATURE_DATA_ARCHITECTURE_INFO",
    "D3D11_FEATURE_DATA_D3D9_OPTIONS",
    "D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT",
    "D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS1",
    "D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT",
    "D3D11_FEATURE_DATA_MARKER_SUPPORT",
    "D3D11_FEATURE_DATA_D3D9_OPTIONS1",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS2",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS3",
    "D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT",
    "D3D11_FEATURE_DATA_SHADER_CACHE",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS5",
    "D3D11_INPUT_ELEMENT_DESC",
    "D3D11_QUERY_DATA_SO_STATISTICS",
    "D3D11_MAPPED_SUBRESOURCE",
    "D3D11_QUERY_DESC",
    "D3D11_RASTERIZER_DESC",
    "D3D11_SO_DECLARATION_ENTRY",
    "D3D11_SUBRESOURCE_DATA",
    "D3D11_TEX1D_ARRAY_DSV",
    "D3D11_TEX1D_ARRAY_RTV",
    "D3D11_TEX1D_ARRAY_SRV",
    "D3D11_TEX1D_ARRAY_UAV",
    "D3D11_TEX1D_DSV",
    "D3D11_TEX1D_RTV",
    "D3D11_TEX1D_SRV",
    "D3D11_TEX1D_UAV",
    "D3D11_TEX2D_ARRAY_DSV",
    "D3D11_TEX2D_ARRAY_RTV",
    "D3D11_TEX2D_ARRAY_SRV",
    "D3D11_TEX2D_ARRAY_UAV",
    "D3D11_TEX2D_DSV",
    "D3D11_TEX2D_RTV",
    "D3D11_TEX2D_SRV",
    "D3D11_TEX2D_UAV",
    "D3D11_TEX2DMS_ARRAY_DSV",
    "D3D11_TEX2DMS_ARRAY_RTV",
    "D3D11_TEX2DMS_ARRAY_SRV",
    "D3D11_TEX2DMS_DSV",
    "D3D11_TEX2DMS_RTV",
    "D3D11_TEX2DMS_SRV",
    "D3D11_TEX3D_RTV",
    "D3D11_TEX3D_SRV",
    "D3D11_TEX3D_UAV",
    "D3D11_TEXCUBE_ARRAY_SRV",
    "D3D11_TEXCUBE_SRV",
    "D3D11_UNORDERED_ACCESS_VIEW_DESC",
    "D3D11_VIEWPORT",
    "D3D11_RENDER_TARGET_BLEND_DESC",
    "D3D11_BLEND_DESC",
    "D3D11_BUFFER_DESC",
    "D3D11_DEPTH_STENCIL_VIEW_DESC",
    "D3D11_DEPTH_STENCILOP_DESC",
    "D3D11_DEPTH_STENCIL_DESC",
    "D3D11_RENDER_TARGET_VIEW_DESC",
    "D3D11_SAMPLER_DESC",
    "D3D11_SHADER_RESOURCE_VIEW_DESC",
    "D3D11_TEXTURE1D_DESC",
    "D3D11_TEXTURE2D_DESC",
    "D3D11_TEXTURE3D_DESC",
    "D3D11_QUERY_DATA_TIMESTAMP_DISJOINT",
    "D3D11_QUERY_DATA_PIPELINE_STATISTICS",
    "D3D11_DRAW_INSTANCED_INDIRECT_ARGS",
    "D3D11_DRAW_INDEXED_INSTANCED_INDIRECT_ARGS",
    "D3D11_RENDER_TARGET_BLEND_DESC1",
    "D3D11_BLEND_DESC1",
    "D3D11_RASTERIZER_DESC1",
    "D3D11_TILED_RESOURCE_COORDINATE",
    "D3D11_TILE_REGION_SIZE",
    "D3D11_SUBRESOURCE_TILING",
    "D3D11_TILE_SHAPE",
    "D3D11_PACKED_MIP_DESC",
    "D3D11_TEXTURE2D_DESC1",
    "D3D11_TEXTURE3D_DESC1",
    "D3D11_RASTERIZER_DESC2",
    "D3D11_TEX2D_SRV1",
    "D3D11_TEX2D_ARRAY_SRV1",
    "D3D11_SHADER_RESOURCE_VIEW_DESC1",
    "D3D11_TEX2D_RTV1",
    "D3D11_TEX2D_ARRAY_RTV1",
    "D3D11_RENDER_TARGET_VIEW_DESC1",
    "D3D11_TEX2D_UAV1",
    "D3D11_TEX2D_ARRAY_UAV1",
    "D3D11_UNORDERED_ACCESS_VIEW_DESC1",
    "D3D11_QUERY_DESC1",
    "D3D11_FEATURE_DATA_D3D11_OPTIONS4",
    "D3D11_MESSAGE",
    "D3D11_INFO_QUEUE_FILTER_DESC",
    "D3D11_INFO_QUEUE_FILTER",
    "D3D11_SHADER_DESC",
    "D3D11_SHADER_VARIABLE_DESC",
    "D3D11_SHADER_TYPE_DESC",
    "D3D11_SHADER_BUFFER_DESC",
    "D3D11_SHADER_INPUT_BIND_DESC",
    "D3D12_SHADER_INPUT_BIND_DESC",
    "D3D11_SIGNATURE_PARAMETER_DESC",
    "D3D11_PARAMETER_DESC",
    "D3D11_LIBRARY_DESC",
    "D3D11_FUNCTION_DESC",
    "D3D11_FEATURE_DATA_DISPLAYABLE",
    "D3D11_RECT",
]
