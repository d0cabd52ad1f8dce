"""The ``fx_2_0`` state-assignment table: every state a D3D9 effect pass or ``sampler_state`` block can set.

A state's *operation* number (what the binary stores) is its position in this table; the order is the
one the D3DX9 effect runtime indexes (the render states in D3DRENDERSTATETYPE order, texture-stage states,
NPatchMode, FVF, transforms, material, light, shaders, shader constants, Texture, the sampler states, Sampler;
learned from Wine's d3dx9 effect parser). The HLSL names are the D3D9 enumerations' names without their
prefix (``D3DRS_ZENABLE`` -> ``ZEnable``), matched case-insensitively as fxc does. Value kinds:

* ``bool``/``dword``/``float``: a literal of that kind (D3DRENDERSTATETYPE's documented value types);
* ``float4``/``matrix``: a numeric vector (colours of D3DMATERIAL9/D3DLIGHT9) or a 4x4 matrix (transforms);
* an enumeration name of :data:`ENUMS`: one of its value names (D3DCMPFUNC, D3DBLEND, …) or a number;
* ``vertexshader``/``pixelshader``/``texture``/``sampler``: an object (a compiled shader or a parameter).
"""

from __future__ import annotations

from dataclasses import dataclass

#: D3D9 enumerations by the value names effects spell (MicrosoftDocs, Direct3D 9 "Enumerations")
ENUMS: dict[str, dict[str, int]] = {
    "ZB": {"false": 0, "true": 1, "usew": 2},  # D3DZBUFFERTYPE
    "FILL": {"point": 1, "wireframe": 2, "solid": 3},  # D3DFILLMODE
    "SHADE": {"flat": 1, "gouraud": 2, "phong": 3},  # D3DSHADEMODE
    "BLEND": {"zero": 1, "one": 2, "srccolor": 3, "invsrccolor": 4, "srcalpha": 5, "invsrcalpha": 6,
              "destalpha": 7, "invdestalpha": 8, "destcolor": 9, "invdestcolor": 10, "srcalphasat": 11,
              "bothsrcalpha": 12, "bothinvsrcalpha": 13, "blendfactor": 14, "invblendfactor": 15},  # D3DBLEND
    "CULL": {"none": 1, "cw": 2, "ccw": 3},  # D3DCULL
    "CMP": {"never": 1, "less": 2, "equal": 3, "lessequal": 4, "greater": 5, "notequal": 6, "greaterequal": 7,
            "always": 8},  # D3DCMPFUNC
    "FOG": {"none": 0, "exp": 1, "exp2": 2, "linear": 3},  # D3DFOGMODE
    "STENCILOP": {"keep": 1, "zero": 2, "replace": 3, "incrsat": 4, "decrsat": 5, "invert": 6, "incr": 7,
                  "decr": 8},  # D3DSTENCILOP
    "MCS": {"material": 0, "color1": 1, "color2": 2},  # D3DMATERIALCOLORSOURCE
    "VBF": {"disable": 0, "1weights": 1, "2weights": 2, "3weights": 3, "tweening": 255,
            "0weights": 256},  # D3DVERTEXBLENDFLAGS
    "PATCHEDGE": {"discrete": 0, "continuous": 1},  # D3DPATCHEDGESTYLE
    "DEGREE": {"linear": 1, "quadratic": 2, "cubic": 3, "quintic": 5},  # D3DDEGREETYPE
    "BLENDOP": {"add": 1, "subtract": 2, "revsubtract": 3, "min": 4, "max": 5},  # D3DBLENDOP
    "TOP": {"disable": 1, "selectarg1": 2, "selectarg2": 3, "modulate": 4, "modulate2x": 5, "modulate4x": 6,
            "add": 7, "addsigned": 8, "addsigned2x": 9, "subtract": 10, "addsmooth": 11, "blenddiffusealpha": 12,
            "blendtexturealpha": 13, "blendfactoralpha": 14, "blendtexturealphapm": 15, "blendcurrentalpha": 16,
            "premodulate": 17, "modulatealpha_addcolor": 18, "modulatecolor_addalpha": 19,
            "modulateinvalpha_addcolor": 20, "modulateinvcolor_addalpha": 21, "bumpenvmap": 22,
            "bumpenvmapluminance": 23, "dotproduct3": 24, "multiplyadd": 25, "lerp": 26},  # D3DTEXTUREOP
    "TA": {"diffuse": 0, "current": 1, "texture": 2, "tfactor": 3, "specular": 4, "temp": 5, "constant": 6},
    "TTFF": {"disable": 0, "count1": 1, "count2": 2, "count3": 3, "count4": 4, "projected": 256},
    "TADDRESS": {"wrap": 1, "mirror": 2, "clamp": 3, "border": 4, "mirroronce": 5},  # D3DTEXTUREADDRESS
    "TEXF": {"none": 0, "point": 1, "linear": 2, "anisotropic": 3, "pyramidalquad": 6,
             "gaussianquad": 7},  # D3DTEXTUREFILTERTYPE
    "LIGHT": {"point": 1, "spot": 2, "directional": 3},  # D3DLIGHTTYPE
    "COLORWRITE": {"red": 1, "green": 2, "blue": 4, "alpha": 8},  # D3DCOLORWRITEENABLE flags
    "WRAP": {"u": 1, "v": 2, "w": 4, "coord0": 1, "coord1": 2, "coord2": 4, "coord3": 8},  # D3DWRAP flags
}


@dataclass(frozen=True)
class Fx2StateInfo:
    """One row: the HLSL name, the value kind, and how many indices ``name[i]`` may take (0: no index)."""

    name: str
    kind: str
    indices: int = 0


#: a light state's index is any DWORD (IDirect3DDevice9::SetLight / LightEnable take a DWORD light index, and
#: d3dcompiler_47 10.1 compiles ``LightEnable[100000] = true;`` at fx_2_0: session 39)
LIGHT_INDICES = 1 << 32
#: the sampler indices of a pass's sampler states: 0-15 (D3DSAMPLER 0..15) and 256-260 (D3DDMAPSAMPLER,
#: D3DVERTEXTEXTURESAMPLER0..3); fxc 10.1 refuses the indices between ("Invalid sampler index 16")
SAMPLER_INDICES = (range(16), range(256, 261))


def _rs(name: str, kind: str, indices: int = 0) -> Fx2StateInfo:
    return Fx2StateInfo(name, kind, indices)


_RENDER = [
    ("ZEnable", "ZB"), ("FillMode", "FILL"), ("ShadeMode", "SHADE"), ("ZWriteEnable", "bool"),
    ("AlphaTestEnable", "bool"), ("LastPixel", "bool"), ("SrcBlend", "BLEND"), ("DestBlend", "BLEND"),
    ("CullMode", "CULL"), ("ZFunc", "CMP"), ("AlphaRef", "dword"), ("AlphaFunc", "CMP"), ("DitherEnable", "bool"),
    ("AlphaBlendEnable", "bool"), ("FogEnable", "bool"), ("SpecularEnable", "bool"), ("FogColor", "dword"),
    ("FogTableMode", "FOG"), ("FogStart", "float"), ("FogEnd", "float"), ("FogDensity", "float"),
    ("RangeFogEnable", "bool"), ("StencilEnable", "bool"), ("StencilFail", "STENCILOP"),
    ("StencilZFail", "STENCILOP"), ("StencilPass", "STENCILOP"), ("StencilFunc", "CMP"), ("StencilRef", "dword"),
    ("StencilMask", "dword"), ("StencilWriteMask", "dword"), ("TextureFactor", "dword"),
    *((f"Wrap{i}", "WRAP") for i in range(16)),
    ("Clipping", "bool"), ("Lighting", "bool"), ("Ambient", "dword"), ("FogVertexMode", "FOG"),
    ("ColorVertex", "bool"), ("LocalViewer", "bool"), ("NormalizeNormals", "bool"),
    ("DiffuseMaterialSource", "MCS"), ("SpecularMaterialSource", "MCS"), ("AmbientMaterialSource", "MCS"),
    ("EmissiveMaterialSource", "MCS"), ("VertexBlend", "VBF"), ("ClipPlaneEnable", "dword"),
    ("PointSize", "float"), ("PointSize_Min", "float"), ("PointSize_Max", "float"), ("PointSpriteEnable", "bool"),
    ("PointScaleEnable", "bool"), ("PointScale_A", "float"), ("PointScale_B", "float"), ("PointScale_C", "float"),
    ("MultiSampleAntialias", "bool"), ("MultiSampleMask", "dword"), ("PatchEdgeStyle", "PATCHEDGE"),
    ("DebugMonitorToken", "dword"), ("IndexedVertexBlendEnable", "bool"), ("ColorWriteEnable", "COLORWRITE"),
    ("TweenFactor", "float"), ("BlendOp", "BLENDOP"), ("PositionDegree", "DEGREE"), ("NormalDegree", "DEGREE"),
    ("ScissorTestEnable", "bool"), ("SlopeScaleDepthBias", "float"), ("AntialiasedLineEnable", "bool"),
    ("MinTessellationLevel", "float"), ("MaxTessellationLevel", "float"), ("AdaptiveTess_X", "float"),
    ("AdaptiveTess_Y", "float"), ("AdaptiveTess_Z", "float"), ("AdaptiveTess_W", "float"),
    ("EnableAdaptiveTessellation", "bool"), ("TwoSidedStencilMode", "bool"), ("CCW_StencilFail", "STENCILOP"),
    ("CCW_StencilZFail", "STENCILOP"), ("CCW_StencilPass", "STENCILOP"), ("CCW_StencilFunc", "CMP"),
    ("ColorWriteEnable1", "COLORWRITE"), ("ColorWriteEnable2", "COLORWRITE"), ("ColorWriteEnable3", "COLORWRITE"),
    ("BlendFactor", "dword"), ("SRGBWriteEnable", "bool"), ("DepthBias", "float"),
    ("SeparateAlphaBlendEnable", "bool"), ("SrcBlendAlpha", "BLEND"), ("DestBlendAlpha", "BLEND"),
    ("BlendOpAlpha", "BLENDOP"),
]
#: texture-stage states: indexed by the stage (eight fixed-function stages)
_STAGE = [
    ("ColorOp", "TOP"), ("ColorArg0", "TA"), ("ColorArg1", "TA"), ("ColorArg2", "TA"), ("AlphaOp", "TOP"),
    ("AlphaArg0", "TA"), ("AlphaArg1", "TA"), ("AlphaArg2", "TA"), ("ResultArg", "TA"),
    ("BumpEnvMat00", "float"), ("BumpEnvMat01", "float"), ("BumpEnvMat10", "float"), ("BumpEnvMat11", "float"),
    ("TexCoordIndex", "dword"), ("BumpEnvLScale", "float"), ("BumpEnvLOffset", "float"),
    ("TextureTransformFlags", "TTFF"), ("Constant", "dword"),
]
_OTHER = [
    _rs("NPatchMode", "float"), _rs("FVF", "dword"),
    _rs("ProjectionTransform", "matrix"), _rs("ViewTransform", "matrix"), _rs("WorldTransform", "matrix", 256),
    _rs("TextureTransform", "matrix", 8),
    _rs("MaterialDiffuse", "float4"), _rs("MaterialAmbient", "float4"), _rs("MaterialSpecular", "float4"),
    _rs("MaterialEmissive", "float4"), _rs("MaterialPower", "float"),
    *(_rs(n, k, LIGHT_INDICES) for n, k in (
        ("LightType", "LIGHT"), ("LightDiffuse", "float4"), ("LightSpecular", "float4"), ("LightAmbient", "float4"),
        ("LightPosition", "float4"), ("LightDirection", "float4"), ("LightRange", "float"), ("LightFallOff", "float"),
        ("LightAttenuation0", "float"), ("LightAttenuation1", "float"), ("LightAttenuation2", "float"),
        ("LightTheta", "float"), ("LightPhi", "float"), ("LightEnable", "bool"))),
    _rs("VertexShader", "vertexshader"), _rs("PixelShader", "pixelshader"),
    _rs("VertexShaderConstantF", "constants", 256), _rs("VertexShaderConstantB", "constants", 16),
    _rs("VertexShaderConstantI", "constants", 16), _rs("VertexShaderConstant", "constants", 256),
    _rs("VertexShaderConstant1", "constants", 256), _rs("VertexShaderConstant2", "constants", 256),
    _rs("VertexShaderConstant3", "constants", 256), _rs("VertexShaderConstant4", "constants", 256),
    _rs("PixelShaderConstantF", "constants", 224), _rs("PixelShaderConstantB", "constants", 16),
    _rs("PixelShaderConstantI", "constants", 16), _rs("PixelShaderConstant", "constants", 224),
    _rs("PixelShaderConstant1", "constants", 224), _rs("PixelShaderConstant2", "constants", 224),
    _rs("PixelShaderConstant3", "constants", 224), _rs("PixelShaderConstant4", "constants", 224),
    _rs("Texture", "texture", 261),
]
#: sampler states (D3DSAMPLERSTATETYPE order): inside sampler_state blocks, or indexed by the sampler in a pass
_SAMPLER = [
    ("AddressU", "TADDRESS"), ("AddressV", "TADDRESS"), ("AddressW", "TADDRESS"), ("BorderColor", "dword"),
    ("MagFilter", "TEXF"), ("MinFilter", "TEXF"), ("MipFilter", "TEXF"), ("MipMapLodBias", "float"),
    ("MaxMipLevel", "dword"), ("MaxAnisotropy", "dword"), ("SRGBTexture", "bool"), ("ElementIndex", "dword"),
    ("DMAPOffset", "dword"),
]

#: every state, the operation number being the index
STATES: list[Fx2StateInfo] = (
    [_rs(n, k) for n, k in _RENDER] + [_rs(n, k, 8) for n, k in _STAGE] + _OTHER
    + [_rs(n, k, 261) for n, k in _SAMPLER] + [_rs("Sampler", "sampler", 261)]
)
_BY_NAME = {s.name.lower(): (op, s) for op, s in enumerate(STATES)}
#: the states a sampler_state block may set (the sampler states and the sampler's Texture)
SAMPLER_BLOCK_STATES = frozenset({"texture"} | {n.lower() for n, _k in _SAMPLER})


def lookup_state(name: str) -> tuple[int, Fx2StateInfo] | None:
    """(operation, row) of a state name (case-insensitive), or None for a name no D3D9 effect state has."""
    return _BY_NAME.get(name.lower())


def enum_value(kind: str, word: str) -> int | None:
    """The number of an enumeration value name (``LessEqual`` -> 4 for D3DCMPFUNC), or None."""
    table = ENUMS.get(kind)
    if table is None:
        return None
    return table.get(word.lower())
