"""Effect state tables: the left-hand sides a state block or pass may assign and the named values their
right-hand sides may use (microsoft/FX11 Binary/EffectStates11.h `g_lvGeneral`, the Effects 11 binary
format's assignment index space; MicrosoftDocs "Effect State Groups" lists the same names).

Tables are data: each row is (name, block, value type, columns, indices, value table, D3D11 desc field).
The row order *is* the binary format's ``SBinaryAssignment.iState`` numbering and must not change."""

from __future__ import annotations

from dataclasses import dataclass

# --- EBlockType ---------------------------------------------------------------------------------------------
EBT_DepthStencil, EBT_Blend, EBT_Rasterizer, EBT_Sampler, EBT_Pass = 1, 2, 3, 4, 5

# --- the value types of a left-hand side (D3D_SHADER_VARIABLE_TYPE) -----------------------------------------
SVT_BOOL, SVT_INT, SVT_FLOAT, SVT_UINT, SVT_UINT8 = 1, 2, 3, 19, 20
SVT_TEXTURE, SVT_PIXELSHADER, SVT_VERTEXSHADER = 5, 15, 16
SVT_RASTERIZER, SVT_DEPTHSTENCIL, SVT_BLEND = 23, 24, 25
SVT_GEOMETRYSHADER, SVT_RENDERTARGETVIEW, SVT_DEPTHSTENCILVIEW = 21, 30, 31
SVT_HULLSHADER, SVT_DOMAINSHADER, SVT_COMPUTESHADER = 35, 36, 38

_BOOL = {"false": 0, "true": 1}
_NULL = {"null": 0}
_DEPTH_WRITE_MASK = {"ZERO": 0, "ALL": 1}
_FILL = {"WIREFRAME": 2, "SOLID": 3}
_CULL = {"NONE": 1, "FRONT": 2, "BACK": 3}
_CMP = {"NEVER": 1, "LESS": 2, "EQUAL": 3, "LESS_EQUAL": 4, "GREATER": 5, "NOT_EQUAL": 6, "GREATER_EQUAL": 7,
        "ALWAYS": 8}
_STENCILOP = {"KEEP": 1, "ZERO": 2, "REPLACE": 3, "INCR_SAT": 4, "DECR_SAT": 5, "INVERT": 6, "INCR": 7, "DECR": 8}
_BLEND = {"ZERO": 1, "ONE": 2, "SRC_COLOR": 3, "INV_SRC_COLOR": 4, "SRC_ALPHA": 5, "INV_SRC_ALPHA": 6,
          "DEST_ALPHA": 7, "INV_DEST_ALPHA": 8, "DEST_COLOR": 9, "INV_DEST_COLOR": 10, "SRC_ALPHA_SAT": 11,
          "BLEND_FACTOR": 14, "INV_BLEND_FACTOR": 15, "SRC1_COLOR": 16, "INV_SRC1_COLOR": 17, "SRC1_ALPHA": 18,
          "INV_SRC1_ALPHA": 19}
_BLENDOP = {"ADD": 1, "SUBTRACT": 2, "REV_SUBTRACT": 3, "MIN": 4, "MAX": 5}
_TADDRESS = {"WRAP": 1, "MIRROR": 2, "CLAMP": 3, "BORDER": 4, "MIRROR_ONCE": 5}
_FILTER = {"MIN_MAG_MIP_POINT": 0x0, "MIN_MAG_POINT_MIP_LINEAR": 0x1, "MIN_POINT_MAG_LINEAR_MIP_POINT": 0x4,
           "MIN_POINT_MAG_MIP_LINEAR": 0x5, "MIN_LINEAR_MAG_MIP_POINT": 0x10,
           "MIN_LINEAR_MAG_POINT_MIP_LINEAR": 0x11, "MIN_MAG_LINEAR_MIP_POINT": 0x14, "MIN_MAG_MIP_LINEAR": 0x15,
           "ANISOTROPIC": 0x55, "COMPARISON_MIN_MAG_MIP_POINT": 0x80, "COMPARISON_MIN_MAG_POINT_MIP_LINEAR": 0x81,
           "COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT": 0x84, "COMPARISON_MIN_POINT_MAG_MIP_LINEAR": 0x85,
           "COMPARISON_MIN_LINEAR_MAG_MIP_POINT": 0x90, "COMPARISON_MIN_LINEAR_MAG_POINT_MIP_LINEAR": 0x91,
           "COMPARISON_MIN_MAG_LINEAR_MIP_POINT": 0x94, "COMPARISON_MIN_MAG_MIP_LINEAR": 0x95,
           "COMPARISON_ANISOTROPIC": 0xD5}


@dataclass(frozen=True)
class LValue:
    """One assignable state: ``name`` as written in the effect source, the block kind it belongs to, its
    value type and component count, how many indices it takes (``BlendEnable[0..7]``), the names its value
    may be written as (None: numbers only), the D3D11 description field it sets (None for pass
    objects), and FX11's ``m_VectorScalar``: an assignment without an index sets every element (the six
    per-target blend factors and operations; fxc writes the eight indexed assignments at fx_4_1 and fx_5_0 —
    its listings of DXDecompiler's AdvancedEffect — and one for target 0 at fx_4_0, whose Direct3D 10
    ``D3D10_BLEND_DESC`` has a single SrcBlend/DestBlend/BlendOp/SrcBlendAlpha/DestBlendAlpha/BlendOpAlpha)."""

    name: str
    block: int
    type: int
    cols: int
    indices: int
    values: dict | None
    field: str | None
    vector_scalar: bool = False


#: g_lvGeneral, in the binary format's order (SBinaryAssignment.iState indexes this list)
LVALUES: tuple[LValue, ...] = (
    LValue("RasterizerState", EBT_Pass, SVT_RASTERIZER, 1, 1, None, None),
    LValue("DepthStencilState", EBT_Pass, SVT_DEPTHSTENCIL, 1, 1, None, None),
    LValue("BlendState", EBT_Pass, SVT_BLEND, 1, 1, None, None),
    LValue("RenderTargetView", EBT_Pass, SVT_RENDERTARGETVIEW, 1, 8, None, None),
    LValue("DepthStencilView", EBT_Pass, SVT_DEPTHSTENCILVIEW, 1, 8, None, None),
    LValue("GenerateMips", EBT_Pass, SVT_TEXTURE, 1, 1, None, None),
    LValue("VertexShader", EBT_Pass, SVT_VERTEXSHADER, 1, 1, _NULL, None),
    LValue("PixelShader", EBT_Pass, SVT_PIXELSHADER, 1, 1, _NULL, None),
    LValue("GeometryShader", EBT_Pass, SVT_GEOMETRYSHADER, 1, 1, _NULL, None),
    LValue("DS_StencilRef", EBT_Pass, SVT_UINT, 1, 1, None, None),
    LValue("AB_BlendFactor", EBT_Pass, SVT_FLOAT, 4, 1, None, None),
    LValue("AB_SampleMask", EBT_Pass, SVT_UINT, 1, 1, None, None),
    LValue("FillMode", EBT_Rasterizer, SVT_UINT, 1, 1, _FILL, "FillMode"),
    LValue("CullMode", EBT_Rasterizer, SVT_UINT, 1, 1, _CULL, "CullMode"),
    LValue("FrontCounterClockwise", EBT_Rasterizer, SVT_BOOL, 1, 1, _BOOL, "FrontCounterClockwise"),
    LValue("DepthBias", EBT_Rasterizer, SVT_UINT, 1, 1, None, "DepthBias"),
    LValue("DepthBiasClamp", EBT_Rasterizer, SVT_FLOAT, 1, 1, None, "DepthBiasClamp"),
    LValue("SlopeScaledDepthBias", EBT_Rasterizer, SVT_FLOAT, 1, 1, None, "SlopeScaledDepthBias"),
    LValue("DepthClipEnable", EBT_Rasterizer, SVT_BOOL, 1, 1, _BOOL, "DepthClipEnable"),
    LValue("ScissorEnable", EBT_Rasterizer, SVT_BOOL, 1, 1, _BOOL, "ScissorEnable"),
    LValue("MultisampleEnable", EBT_Rasterizer, SVT_BOOL, 1, 1, _BOOL, "MultisampleEnable"),
    LValue("AntialiasedLineEnable", EBT_Rasterizer, SVT_BOOL, 1, 1, _BOOL, "AntialiasedLineEnable"),
    LValue("DepthEnable", EBT_DepthStencil, SVT_BOOL, 1, 1, _BOOL, "DepthEnable"),
    LValue("DepthWriteMask", EBT_DepthStencil, SVT_UINT, 1, 1, _DEPTH_WRITE_MASK, "DepthWriteMask"),
    LValue("DepthFunc", EBT_DepthStencil, SVT_UINT, 1, 1, _CMP, "DepthFunc"),
    LValue("StencilEnable", EBT_DepthStencil, SVT_BOOL, 1, 1, _BOOL, "StencilEnable"),
    LValue("StencilReadMask", EBT_DepthStencil, SVT_UINT8, 1, 1, None, "StencilReadMask"),
    LValue("StencilWriteMask", EBT_DepthStencil, SVT_UINT8, 1, 1, None, "StencilWriteMask"),
    LValue("FrontFaceStencilFail", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "FrontFace.StencilFailOp"),
    LValue("FrontFaceStencilDepthFail", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "FrontFace.StencilDepthFailOp"),
    LValue("FrontFaceStencilPass", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "FrontFace.StencilPassOp"),
    LValue("FrontFaceStencilFunc", EBT_DepthStencil, SVT_UINT, 1, 1, _CMP, "FrontFace.StencilFunc"),
    LValue("BackFaceStencilFail", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "BackFace.StencilFailOp"),
    LValue("BackFaceStencilDepthFail", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "BackFace.StencilDepthFailOp"),
    LValue("BackFaceStencilPass", EBT_DepthStencil, SVT_UINT, 1, 1, _STENCILOP, "BackFace.StencilPassOp"),
    LValue("BackFaceStencilFunc", EBT_DepthStencil, SVT_UINT, 1, 1, _CMP, "BackFace.StencilFunc"),
    LValue("AlphaToCoverageEnable", EBT_Blend, SVT_BOOL, 1, 1, _BOOL, "AlphaToCoverageEnable"),
    LValue("BlendEnable", EBT_Blend, SVT_BOOL, 1, 8, _BOOL, "BlendEnable"),
    LValue("SrcBlend", EBT_Blend, SVT_UINT, 1, 8, _BLEND, "SrcBlend", True),
    LValue("DestBlend", EBT_Blend, SVT_UINT, 1, 8, _BLEND, "DestBlend", True),
    LValue("BlendOp", EBT_Blend, SVT_UINT, 1, 8, _BLENDOP, "BlendOp", True),
    LValue("SrcBlendAlpha", EBT_Blend, SVT_UINT, 1, 8, _BLEND, "SrcBlendAlpha", True),
    LValue("DestBlendAlpha", EBT_Blend, SVT_UINT, 1, 8, _BLEND, "DestBlendAlpha", True),
    LValue("BlendOpAlpha", EBT_Blend, SVT_UINT, 1, 8, _BLENDOP, "BlendOpAlpha", True),
    LValue("RenderTargetWriteMask", EBT_Blend, SVT_UINT8, 1, 8, None, "RenderTargetWriteMask"),
    LValue("Filter", EBT_Sampler, SVT_UINT, 1, 1, _FILTER, "Filter"),
    LValue("AddressU", EBT_Sampler, SVT_UINT, 1, 1, _TADDRESS, "AddressU"),
    LValue("AddressV", EBT_Sampler, SVT_UINT, 1, 1, _TADDRESS, "AddressV"),
    LValue("AddressW", EBT_Sampler, SVT_UINT, 1, 1, _TADDRESS, "AddressW"),
    LValue("MipLODBias", EBT_Sampler, SVT_FLOAT, 1, 1, None, "MipLODBias"),
    LValue("MaxAnisotropy", EBT_Sampler, SVT_UINT, 1, 1, None, "MaxAnisotropy"),
    LValue("ComparisonFunc", EBT_Sampler, SVT_UINT, 1, 1, _CMP, "ComparisonFunc"),
    LValue("BorderColor", EBT_Sampler, SVT_FLOAT, 4, 1, None, "BorderColor"),
    LValue("MinLOD", EBT_Sampler, SVT_FLOAT, 1, 1, None, "MinLOD"),
    LValue("MaxLOD", EBT_Sampler, SVT_FLOAT, 1, 1, None, "MaxLOD"),
    LValue("Texture", EBT_Sampler, SVT_TEXTURE, 1, 1, _NULL, None),
    LValue("HullShader", EBT_Pass, SVT_HULLSHADER, 1, 1, _NULL, None),
    LValue("DomainShader", EBT_Pass, SVT_DOMAINSHADER, 1, 1, _NULL, None),
    LValue("ComputeShader", EBT_Pass, SVT_COMPUTESHADER, 1, 1, _NULL, None),
)

#: lower-cased state name -> (iState, row); effect source matches state names without regard to case
LVALUE_BY_NAME: dict[str, tuple[int, LValue]] = {lv.name.lower(): (i, lv) for i, lv in enumerate(LVALUES)}

#: the pass's shader slots: state name -> D3D11 stage prefix
SHADER_STATES = {"VertexShader": "VS", "PixelShader": "PS", "GeometryShader": "GS", "HullShader": "HS",
                 "DomainShader": "DS", "ComputeShader": "CS"}

#: pass functions (fx_4_1 / fx_5_0 syntax) -> the states they assign, one per argument
STATE_FUNCTIONS = {
    "SetBlendState": ("BlendState", "AB_BlendFactor", "AB_SampleMask"),
    "SetDepthStencilState": ("DepthStencilState", "DS_StencilRef"),
    "SetRasterizerState": ("RasterizerState",),
    "SetVertexShader": ("VertexShader",), "SetPixelShader": ("PixelShader",),
    "SetGeometryShader": ("GeometryShader",), "SetHullShader": ("HullShader",),
    "SetDomainShader": ("DomainShader",), "SetComputeShader": ("ComputeShader",),
}

#: defaults of each state block (D3D11 docs: the CD3D11_*_DESC(D3D11_DEFAULT) values; FX11 starts every
#: block from these before applying its assignments)
DEFAULT_RASTERIZER = {"FillMode": 3, "CullMode": 3, "FrontCounterClockwise": 0, "DepthBias": 0,
                      "DepthBiasClamp": 0.0, "SlopeScaledDepthBias": 0.0, "DepthClipEnable": 1, "ScissorEnable": 0,
                      "MultisampleEnable": 0, "AntialiasedLineEnable": 0}
DEFAULT_DEPTH_STENCIL = {"DepthEnable": 1, "DepthWriteMask": 1, "DepthFunc": 2, "StencilEnable": 0,
                         "StencilReadMask": 0xFF, "StencilWriteMask": 0xFF,
                         "FrontFace.StencilFailOp": 1, "FrontFace.StencilDepthFailOp": 1,
                         "FrontFace.StencilPassOp": 1, "FrontFace.StencilFunc": 8,
                         "BackFace.StencilFailOp": 1, "BackFace.StencilDepthFailOp": 1,
                         "BackFace.StencilPassOp": 1, "BackFace.StencilFunc": 8}
DEFAULT_BLEND_TARGET = {"BlendEnable": 0, "SrcBlend": 2, "DestBlend": 1, "BlendOp": 1, "SrcBlendAlpha": 2,
                        "DestBlendAlpha": 1, "BlendOpAlpha": 1, "RenderTargetWriteMask": 0xF}
DEFAULT_SAMPLER = {"Filter": 0x15, "AddressU": 3, "AddressV": 3, "AddressW": 3, "MipLODBias": 0.0,
                   "MaxAnisotropy": 16, "ComparisonFunc": 1, "BorderColor": (0.0, 0.0, 0.0, 0.0),
                   "MinLOD": -3.402823466e38, "MaxLOD": 3.402823466e38}
