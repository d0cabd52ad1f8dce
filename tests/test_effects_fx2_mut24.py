"""Session 24 (helper MUT): the fx_2_0 state table and enumerations, every entry (effects/fx2states.py).

Expected values, written here independently of the module:

* the operation numbers: the D3DX9 effect runtime's state table order (the order Wine's d3dx9 effect parser
  documents for the binary's operation field: render states, texture-stage states, NPatchMode, FVF, the
  transforms, material, light, LightEnable, the two shaders, the shader constants, Texture, the sampler states,
  Sampler), with the HLSL names of MicrosoftDocs "Effect States (Direct3D 9)" (the D3D9 enumeration names
  without their prefix);
* the value names: d3d9types.h's enumerations as MicrosoftDocs lists them (D3DZBUFFERTYPE, D3DFILLMODE,
  D3DSHADEMODE, D3DBLEND, D3DCULL, D3DCMPFUNC, D3DFOGMODE, D3DSTENCILOP, D3DMATERIALCOLORSOURCE,
  D3DVERTEXBLENDFLAGS, D3DPATCHEDGESTYLE, D3DDEGREETYPE, D3DBLENDOP, D3DTEXTUREOP, D3DTA, D3DTEXTURETRANSFORMFLAGS,
  D3DTEXTUREADDRESS, D3DTEXTUREFILTERTYPE, D3DLIGHTTYPE, D3DCOLORWRITEENABLE, D3DWRAP / D3DWRAPCOORD);
* the index ranges: eight texture stages ("Texture Stage States": ``ColorOp[8]`` …, ``TextureTransform[8]``),
  256 world matrices (D3DTS_WORLDMATRIX(0..255)), the shader-model-3 register files for the constant states
  (vs_3_0: 256 c#, 16 i#, 16 b#; ps_3_0: 224 c#, 16 i#, 16 b#).
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import read_fx2
from pyd3d11.effects.fx2states import ENUMS, STATES, enum_value, lookup_state
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent

_RENDER = (
    "ZEnable FillMode ShadeMode ZWriteEnable AlphaTestEnable LastPixel SrcBlend DestBlend CullMode ZFunc AlphaRef "
    "AlphaFunc DitherEnable AlphaBlendEnable FogEnable SpecularEnable FogColor FogTableMode FogStart FogEnd "
    "FogDensity RangeFogEnable StencilEnable StencilFail StencilZFail StencilPass StencilFunc StencilRef StencilMask "
    "StencilWriteMask TextureFactor " + " ".join(f"Wrap{i}" for i in range(16)) + " Clipping Lighting Ambient "
    "FogVertexMode ColorVertex LocalViewer NormalizeNormals DiffuseMaterialSource SpecularMaterialSource "
    "AmbientMaterialSource EmissiveMaterialSource VertexBlend ClipPlaneEnable PointSize PointSize_Min PointSize_Max "
    "PointSpriteEnable PointScaleEnable PointScale_A PointScale_B PointScale_C MultiSampleAntialias MultiSampleMask "
    "PatchEdgeStyle DebugMonitorToken IndexedVertexBlendEnable ColorWriteEnable TweenFactor BlendOp PositionDegree "
    "NormalDegree ScissorTestEnable SlopeScaleDepthBias AntialiasedLineEnable MinTessellationLevel "
    "MaxTessellationLevel AdaptiveTess_X AdaptiveTess_Y AdaptiveTess_Z AdaptiveTess_W EnableAdaptiveTessellation "
    "TwoSidedStencilMode CCW_StencilFail CCW_StencilZFail CCW_StencilPass CCW_StencilFunc ColorWriteEnable1 "
    "ColorWriteEnable2 ColorWriteEnable3 BlendFactor SRGBWriteEnable DepthBias SeparateAlphaBlendEnable "
    "SrcBlendAlpha DestBlendAlpha BlendOpAlpha").split()
_STAGE = ("ColorOp ColorArg0 ColorArg1 ColorArg2 AlphaOp AlphaArg0 AlphaArg1 AlphaArg2 ResultArg BumpEnvMat00 "
          "BumpEnvMat01 BumpEnvMat10 BumpEnvMat11 TexCoordIndex BumpEnvLScale BumpEnvLOffset TextureTransformFlags "
          "Constant").split()
_OTHER = ("NPatchMode FVF ProjectionTransform ViewTransform WorldTransform TextureTransform MaterialDiffuse "
          "MaterialAmbient MaterialSpecular MaterialEmissive MaterialPower LightType LightDiffuse LightSpecular "
          "LightAmbient LightPosition LightDirection LightRange LightFallOff LightAttenuation0 LightAttenuation1 "
          "LightAttenuation2 LightTheta LightPhi LightEnable VertexShader PixelShader VertexShaderConstantF "
          "VertexShaderConstantB VertexShaderConstantI VertexShaderConstant VertexShaderConstant1 "
          "VertexShaderConstant2 VertexShaderConstant3 VertexShaderConstant4 PixelShaderConstantF "
          "PixelShaderConstantB PixelShaderConstantI PixelShaderConstant PixelShaderConstant1 PixelShaderConstant2 "
          "PixelShaderConstant3 PixelShaderConstant4 Texture").split()
_SAMPLER = ("AddressU AddressV AddressW BorderColor MagFilter MinFilter MipFilter MipMapLodBias MaxMipLevel "
            "MaxAnisotropy SRGBTexture ElementIndex DMAPOffset").split()
ORDER = _RENDER + _STAGE + _OTHER + _SAMPLER + ["Sampler"]


def test_every_state_has_its_runtime_operation_number():
    assert len(ORDER) == len(STATES) == 0xB3
    assert [lookup_state(n)[0] for n in ORDER] == list(range(len(ORDER)))
    assert [lookup_state(n.lower())[0] for n in ORDER] == list(range(len(ORDER)))  # any letter case


# (table, D3D9 enumeration: value name -> number), every value of each
DOC_ENUMS = {
    "ZB": {"FALSE": 0, "TRUE": 1, "USEW": 2},
    "FILL": {"POINT": 1, "WIREFRAME": 2, "SOLID": 3},
    "SHADE": {"FLAT": 1, "GOURAUD": 2, "PHONG": 3},
    "BLEND": {"ZERO": 1, "ONE": 2, "SRCCOLOR": 3, "INVSRCCOLOR": 4, "SRCALPHA": 5, "INVSRCALPHA": 6, "DESTALPHA": 7,
              "INVDESTALPHA": 8, "DESTCOLOR": 9, "INVDESTCOLOR": 10, "SRCALPHASAT": 11, "BOTHSRCALPHA": 12,
              "BOTHINVSRCALPHA": 13, "BLENDFACTOR": 14, "INVBLENDFACTOR": 15},
    "CULL": {"NONE": 1, "CW": 2, "CCW": 3},
    "CMP": {"NEVER": 1, "LESS": 2, "EQUAL": 3, "LESSEQUAL": 4, "GREATER": 5, "NOTEQUAL": 6, "GREATEREQUAL": 7,
            "ALWAYS": 8},
    "FOG": {"NONE": 0, "EXP": 1, "EXP2": 2, "LINEAR": 3},
    "STENCILOP": {"KEEP": 1, "ZERO": 2, "REPLACE": 3, "INCRSAT": 4, "DECRSAT": 5, "INVERT": 6, "INCR": 7, "DECR": 8},
    "MCS": {"MATERIAL": 0, "COLOR1": 1, "COLOR2": 2},
    "VBF": {"DISABLE": 0, "1WEIGHTS": 1, "2WEIGHTS": 2, "3WEIGHTS": 3, "TWEENING": 255, "0WEIGHTS": 256},
    "PATCHEDGE": {"DISCRETE": 0, "CONTINUOUS": 1},
    "DEGREE": {"LINEAR": 1, "QUADRATIC": 2, "CUBIC": 3, "QUINTIC": 5},
    "BLENDOP": {"ADD": 1, "SUBTRACT": 2, "REVSUBTRACT": 3, "MIN": 4, "MAX": 5},
    "TOP": {"DISABLE": 1, "SELECTARG1": 2, "SELECTARG2": 3, "MODULATE": 4, "MODULATE2X": 5, "MODULATE4X": 6,
            "ADD": 7, "ADDSIGNED": 8, "ADDSIGNED2X": 9, "SUBTRACT": 10, "ADDSMOOTH": 11, "BLENDDIFFUSEALPHA": 12,
            "BLENDTEXTUREALPHA": 13, "BLENDFACTORALPHA": 14, "BLENDTEXTUREALPHAPM": 15, "BLENDCURRENTALPHA": 16,
            "PREMODULATE": 17, "MODULATEALPHA_ADDCOLOR": 18, "MODULATECOLOR_ADDALPHA": 19,
            "MODULATEINVALPHA_ADDCOLOR": 20, "MODULATEINVCOLOR_ADDALPHA": 21, "BUMPENVMAP": 22,
            "BUMPENVMAPLUMINANCE": 23, "DOTPRODUCT3": 24, "MULTIPLYADD": 25, "LERP": 26},
    "TA": {"DIFFUSE": 0, "CURRENT": 1, "TEXTURE": 2, "TFACTOR": 3, "SPECULAR": 4, "TEMP": 5, "CONSTANT": 6},
    "TTFF": {"DISABLE": 0, "COUNT1": 1, "COUNT2": 2, "COUNT3": 3, "COUNT4": 4, "PROJECTED": 256},
    "TADDRESS": {"WRAP": 1, "MIRROR": 2, "CLAMP": 3, "BORDER": 4, "MIRRORONCE": 5},
    # D3DTEXF_CONVOLUTIONMONO (8) left out: not a value the module lists (not known to be one fxc accepts)
    "TEXF": {"NONE": 0, "POINT": 1, "LINEAR": 2, "ANISOTROPIC": 3, "PYRAMIDALQUAD": 6, "GAUSSIANQUAD": 7},
    "LIGHT": {"POINT": 1, "SPOT": 2, "DIRECTIONAL": 3},
    "COLORWRITE": {"RED": 1, "GREEN": 2, "BLUE": 4, "ALPHA": 8},
    "WRAP": {"U": 1, "V": 2, "W": 4, "COORD0": 1, "COORD1": 2, "COORD2": 4, "COORD3": 8},
}


@pytest.mark.parametrize("kind", sorted(DOC_ENUMS))
def test_every_enumeration_value(kind: str):
    want = DOC_ENUMS[kind]
    assert {k: enum_value(kind, k) for k in want} == want
    assert {k: enum_value(kind, k.lower()) for k in want} == want
    assert {k.upper() for k in ENUMS[kind]} == set(want)  # no other names


def test_enumeration_values_reach_the_binary():
    """Each enumeration reaches the pass's state value as its number (one state per table)."""
    users = {"ZB": "ZEnable", "FILL": "FillMode", "SHADE": "ShadeMode", "BLEND": "SrcBlend", "CULL": "CullMode",
             "CMP": "ZFunc", "FOG": "FogTableMode", "STENCILOP": "StencilFail", "MCS": "DiffuseMaterialSource",
             "VBF": "VertexBlend", "PATCHEDGE": "PatchEdgeStyle", "DEGREE": "PositionDegree", "BLENDOP": "BlendOp",
             "TOP": "ColorOp[0]", "TA": "ColorArg1[0]", "TTFF": "TextureTransformFlags[0]", "TADDRESS": "AddressU[0]",
             "TEXF": "MinFilter[0]", "LIGHT": "LightType[0]", "COLORWRITE": "ColorWriteEnable", "WRAP": "Wrap0"}
    for kind, state in users.items():
        for name, num in DOC_ENUMS[kind].items():
            if kind == "VBF" and name[0].isdigit():
                continue  # not an HLSL identifier (1WEIGHTS): the number is written instead
            src = f"technique {{ pass {{ {state} = {name}; }} }}"
            (st,) = read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0"))).techniques[0] \
                .passes[0].states
            assert st.value.value == struct.pack("<I", num), (state, name)


# --- index ranges ------------------------------------------------------------------------------------------------
_VALUE = {"dword": "1", "float": "1.0", "bool": "true", "TOP": "Modulate", "TA": "Texture", "TTFF": "Count2",
          "matrix": "{1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1}"}
RANGES = [("ColorOp", 8), ("ColorArg1", 8), ("BumpEnvMat00", 8), ("TexCoordIndex", 8), ("TextureTransformFlags", 8),
          ("Constant", 8), ("TextureTransform", 8), ("WorldTransform", 256)]
CONSTANT_RANGES = [("VertexShaderConstantF", 256), ("VertexShaderConstantB", 16), ("VertexShaderConstantI", 16),
                   ("VertexShaderConstant", 256), ("VertexShaderConstant4", 256), ("PixelShaderConstantF", 224),
                   ("PixelShaderConstantB", 16), ("PixelShaderConstantI", 16), ("PixelShaderConstant", 224),
                   ("PixelShaderConstant1", 224)]


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0"))


@pytest.mark.parametrize(("name", "count"), RANGES)
def test_state_index_ranges(name: str, count: int):
    value = _VALUE[lookup_state(name)[1].kind]
    (st,) = read_fx2(_compile(f"technique {{ pass {{ {name}[{count - 1}] = {value}; }} }}")).techniques[0] \
        .passes[0].states
    assert (st.operation, st.index) == (lookup_state(name)[0], count - 1)
    with pytest.raises(ShaderCompileError):
        _compile(f"technique {{ pass {{ {name}[{count}] = {value}; }} }}")


@pytest.mark.parametrize(("name", "count"), CONSTANT_RANGES)
def test_shader_constant_state_index_ranges(name: str, count: int):
    """The last register of the file passes the index check (and compiles: session 45 EFX); one more is an error."""
    _compile(f"technique {{ pass {{ {name}[{count - 1}] = float4(1, 2, 3, 4); }} }}")
    with pytest.raises(ShaderCompileError):
        _compile(f"technique {{ pass {{ {name}[{count}] = float4(1, 2, 3, 4); }} }}")


# --- fx2binary.py: the type numbers and the four-byte padding of the object and resource data --------------------
from pyd3d11.effects.fx2binary import D3DXPT, Fx2Effect, Fx2Resource, write_fx2  # noqa: E402


def test_parameter_type_numbers():
    """D3DXPARAMETER_TYPE (d3dx9shader.h), every value."""
    want = ["VOID", "BOOL", "INT", "FLOAT", "STRING", "TEXTURE", "TEXTURE1D", "TEXTURE2D", "TEXTURE3D", "TEXTURECUBE",
            "SAMPLER", "SAMPLER1D", "SAMPLER2D", "SAMPLER3D", "SAMPLERCUBE", "PIXELSHADER", "VERTEXSHADER",
            "PIXELFRAGMENT", "VERTEXFRAGMENT", "UNSUPPORTED"]
    assert D3DXPT == {n: i for i, n in enumerate(want)}
    eff = read_fx2(_compile("Texture3D a; TextureCube b; Texture1D c; technique {}"))
    assert [p.type.ptype for p in eff.parameters] == [8, 9, 6]


def test_resource_data_is_padded_to_four_bytes():
    """Each resource's data is its byte length, the bytes, then zeros to a multiple of four: two references whose
    names (with the NUL) are 3 and 5 bytes long, then one of 4, are read back intact."""
    src = ("texture ab; texture abcd; texture abc; technique { pass { Texture[0] = <ab>; Texture[1] = <abcd>; "
           "Texture[2] = <abc>; } }")
    blob = _compile(src)
    assert len(blob) % 4 == 0
    # the resource records close the binary: (technique, pass, element, state, usage, length) + padded bytes
    tail = b"".join(struct.pack("<6I", 0, 0, 0xFFFFFFFF, k, 1, len(n)) + n + b"\0" * (-len(n) % 4)
                    for k, n in enumerate([b"ab\0", b"abcd\0", b"abc\0"]))
    assert blob.endswith(tail)
    assert [r.data for r in read_fx2(blob).resources] == [b"ab\0", b"abcd\0", b"abc\0"]


def test_reader_skips_each_resources_padding():
    eff = Fx2Effect(resources=[Fx2Resource(0, 0, 0xFFFFFFFF, k, 1, d) for k, d in
                               enumerate([b"x\0", b"yyyyy\0", b"zz\0"])])
    assert [(r.state, r.data) for r in read_fx2(write_fx2(eff)).resources] == \
        [(0, b"x\0"), (1, b"yyyyy\0"), (2, b"zz\0")]


# --- fx2compile.py ------------------------------------------------------------------------------------------------

# d3dcompiler_47 10.1 (session 38, EFX) compiles ``string s[2] = {"a", 2};`` (a brace list is counted, its items
# not type-checked); the row said it failed, and is now the two-item list of three strings it refuses (X3017)
@pytest.mark.parametrize("init", ["5", "1.5", "true", "{\"a\", 2, 3}"])
def test_a_string_parameter_needs_string_literals(init: str):
    with pytest.raises(ShaderCompileError):
        _compile(f"string s{'[2]' if init.startswith('{') else ''} = {init}; technique {{}}")


def test_resources_name_their_technique_and_pass():
    """A resource names the technique and the pass (their indices, in that order) of the state it belongs to."""
    src = ("texture t; technique a { pass { Texture[0] = <t>; } pass { ZEnable = true; Texture[1] = <t>; } }"
           "technique b { pass { Texture[2] = <t>; } pass { } pass { Texture[3] = <t>; } }")
    refs = [(r.technique, r.index, r.element, r.state) for r in read_fx2(_compile(src)).resources]
    assert refs == [(0, 0, 0xFFFFFFFF, 0), (0, 1, 0xFFFFFFFF, 1), (1, 0, 0xFFFFFFFF, 0), (1, 2, 0xFFFFFFFF, 0)]


@pytest.mark.parametrize("state", ["ZEnable[0] = true;", "FogStart[0] = 1.0;", "VertexShader[0] = NULL;"])
def test_a_state_without_index_takes_no_index_at_all(state: str):
    """"Effect States": an index selects one of an array of states; a state that is no array takes none, 0 too."""
    with pytest.raises(ShaderCompileError):
        _compile("technique { pass { " + state + " } }")


def test_vector_and_matrix_state_value_shapes():
    """"Effect States": the transforms are float4x4 (rows 4, columns 4), the light and material colours float4."""
    eff = read_fx2(_compile("technique { pass { ViewTransform = {1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1}; "
                            "MaterialDiffuse = float4(1, 0.5, 0.25, 1); } }"))
    view, diffuse = eff.techniques[0].passes[0].states
    assert (view.value.type.rows, view.value.type.cols) == (4, 4)
    assert (diffuse.value.type.rows, diffuse.value.type.cols) == (1, 4)


def test_uninitialised_numeric_parameters_are_stored_as_zeros():
    """A parameter without initialiser holds zeros: the binary equals the one with ``= 0`` written out (4 bytes per
    scalar, unpadded)."""
    assert _compile("float4 a; float b[3]; int2x2 m; technique {}") == \
        _compile("float4 a = 0; float b[3] = {0, 0, 0}; int2x2 m = 0; technique {}")


def test_string_escapes():
    """C's simple escape sequences in a string parameter (\\n \\t \\r \\a \\b \\f \\v)."""
    eff = read_fx2(_compile('string s = "1\\n2\\t3\\r4\\a5\\b6\\f7\\v8"; technique {}'))
    assert list(eff.strings.values()) == ["1\n2\t3\r4\a5\b6\f7\v8"]
