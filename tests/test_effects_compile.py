"""fx_4_0 / fx_4_1 / fx_5_0 compile targets: the binary layout of microsoft/FX11 Binary/EffectBinaryFormat.h
(read here with an independent parser of the header and the first structures), the effect grammar
(techniques, fxgroup, shader variables, ConstructGSWithSO, strings, annotations), errors, and the SDK
samples' effect files."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from pyd3d11 import quick_device
from pyd3d11.d3dcompiler import D3D_COMPILE_STANDARD_FILE_INCLUDE, D3DCompile
from pyd3d11.effects import D3DX11CompileEffectFromFile, D3DX11CompileEffectFromMemory, D3DX11CreateEffectFromMemory
from pyd3d11.errors import E_FAIL, D3D11Error, ShaderCompileError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

SDK = Path(__file__).resolve().parents[1] / "examples" / "effects"  # the SDK effect files, unchanged (MIT)

SIMPLE = r"""
cbuffer cb { float4 c; };
float4 VS(float4 p : POSITION) : SV_Position { return p + c; }
float4 PS() : SV_Target { return c; }
technique10 T0 { pass P { SetVertexShader(CompileShader(vs_4_0, VS())); SetPixelShader(CompileShader(ps_4_0, PS())); } }
"""

HEADER_FIELDS = ("Tag", "cCBs", "cNumericVariables", "cObjectVariables", "PoolCBs", "PoolNumeric", "PoolObjects",
                 "cTechniques", "cbUnstructured", "cStrings", "cShaderResources", "cDepthStencilBlocks",
                 "cBlendStateBlocks", "cRasterizerStateBlocks", "cSamplers", "cRenderTargetViews",
                 "cDepthStencilViews", "cTotalShaders", "cInlineShaders", "cGroups", "cUnorderedAccessViews",
                 "cInterfaceVariables", "cInterfaceVariableElements", "cClassInstanceElements")


def compile_fx(src: str, target: str = "fx_5_0") -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, "", target, 0, 0).GetBufferPointer())


def header(blob: bytes) -> dict:
    return dict(zip(HEADER_FIELDS, struct.unpack_from("<24I", blob), strict=False))


@pytest.mark.parametrize("target,tag", [("fx_4_0", 0xFEFF1001), ("fx_4_1", 0xFEFF1011), ("fx_5_0", 0xFEFF2001)])
def test_header_tag_and_counts(target, tag):
    blob = compile_fx(SIMPLE, target)
    h = header(blob)
    assert h["Tag"] == tag
    assert (h["cCBs"], h["cNumericVariables"], h["cObjectVariables"], h["cTechniques"]) == (1, 1, 0, 1)
    assert (h["cTotalShaders"], h["cInlineShaders"], h["cGroups"]) == (2, 2, 1)
    assert h["PoolCBs"] == h["PoolNumeric"] == h["PoolObjects"] == 0


def test_structured_block_layout():
    """Header (SBinaryHeader5, 24 uint32 = 96 bytes), unstructured data, then SBinaryConstantBuffer {oName, Size, Flags,
    cVariables, ExplicitBindPoint}, its annotation count, SBinaryNumericVariable {oName, oType, oSemantic,
    Offset, oDefaultValue, Flags}; names are offsets into the unstructured block."""
    blob = compile_fx("cbuffer cbA : register(b2) { float4 v : MYSEM; float s = 2.0; };\n"
                      "technique11 T { pass P { } }")
    h = header(blob)
    un = blob[96:96 + h["cbUnstructured"]]

    def string(off):
        return un[off:un.index(b"\0", off)].decode()

    pos = 96 + h["cbUnstructured"]
    o_name, size, flags, nvars, bind = struct.unpack_from("<5I", blob, pos)
    assert (string(o_name), size, flags, nvars, bind) == ("cbA", 32, 0, 2, 2)
    pos += 20
    assert struct.unpack_from("<I", blob, pos)[0] == 0  # no annotations on the buffer
    pos += 4
    name, otype, osem, offset, odef, vflags = struct.unpack_from("<6I", blob, pos)
    assert (string(name), string(osem), offset, odef, vflags) == ("v", "MYSEM", 0, 0, 0)
    # SBinaryType of float4: {oTypeName, VarType=Numeric(1), Elements 0, TotalSize 16, Stride 16, PackedSize 16}
    tname, vt, elems, total, stride, packed, numeric = struct.unpack_from("<7I", un, otype)
    assert (string(tname), vt, elems, total, stride, packed) == ("float4", 1, 0, 16, 16, 16)
    # SBinaryNumericType bits: layout 3 (vector) | scalar 1 (float) << 3 | rows 1 << 8 | columns 4 << 11
    assert numeric == 2 | 1 << 3 | 1 << 8 | 4 << 11
    pos += 24 + 4
    name, otype, osem, offset, odef, vflags = struct.unpack_from("<6I", blob, pos)
    assert (string(name), osem, offset) == ("s", 0, 16)
    assert struct.unpack_from("<f", un, odef)[0] == 2.0


def test_round_trip_through_the_reader():
    from pyd3d11.effects.binary import read_effect, write_effect

    blob = compile_fx((SDK / "Tutorial14.fx").read_text())
    assert write_effect(read_effect(blob)) == blob


@pytest.mark.parametrize("mutate", ["truncate", "tag", "pool", "unstructured"])
def test_malformed_binaries_fail(mutate):
    """FX11 LoadEffect: GetEffectVersion, the pool check, VBD/VHD and CMemoryStream::Read/Seek all give E_FAIL
    (inc/d3dxGlobal.h VBA sets hr = E_FAIL); E_INVALIDARG is only for null data/device (EffectAPI.cpp)."""
    dev, _ = quick_device()
    blob = bytearray(compile_fx(SIMPLE))
    if mutate == "truncate":
        blob = blob[:len(blob) // 2]
    elif mutate == "tag":
        blob[0:4] = struct.pack("<I", 0xFEFF0901)
    elif mutate == "pool":
        blob[16:20] = struct.pack("<I", 1)
    else:
        blob[32:36] = struct.pack("<I", len(blob) * 2)
    with pytest.raises(D3D11Error) as e:
        D3DX11CreateEffectFromMemory(bytes(blob), len(blob), 0, dev)
    assert e.value.hresult == E_FAIL


def test_groups_and_qualified_technique_names():
    src = SIMPLE.replace("technique10 T0", "technique11 Loose") + """
fxgroup G < string Purpose = "test"; >
{
    technique11 A { pass { SetPixelShader(NULL); } }
    technique11 B { pass One { SetPixelShader(NULL); } pass Two { SetPixelShader(NULL); } }
}"""
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "g.fx", None, None, 0, 0, dev)
    assert (eff.GetDesc().Groups, eff.GetDesc().Techniques) == (2, 3)
    g = eff.GetGroupByName("G")
    assert g.IsValid() and g.GetDesc().Techniques == 2
    assert g.GetAnnotationByName("Purpose").AsString().GetString() == "test"
    assert g.GetTechniqueByName("B").GetPassByName("Two").IsValid()
    assert eff.GetTechniqueByName("G|B").GetDesc().Passes == 2
    assert eff.GetGroupByIndex(0).GetDesc().Name is None  # techniques outside fxgroups: the unnamed group
    assert not eff.GetGroupByName("H").IsValid()


def test_shader_variables_and_indexed_assignments():
    src = r"""
uint g_which = 0;
float4 VS(float4 p : POSITION) : SV_Position { return p; }
float4 PS(uniform float4 col) : SV_Target { return col; }
VertexShader g_vs = CompileShader(vs_5_0, VS());
PixelShader g_ps[2] = { CompileShader(ps_5_0, PS(float4(1, 0, 0, 1))), CompileShader(ps_5_0, PS(float4(0, 1, 0, 1))) };
technique11 T
{
    pass Fixed { SetVertexShader(g_vs); SetPixelShader(g_ps[1]); }
    pass Chosen { SetVertexShader(g_vs); SetPixelShader(g_ps[g_which]); }
}"""
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "s.fx", None, None, 0, 0, dev)
    ps = eff.GetVariableByName("g_ps").AsShader()
    assert ps.IsValid() and ps.GetType().GetDesc().Elements == 2
    p0, p1 = ps.GetPixelShader(0), ps.GetPixelShader(1)
    assert p0 is not None and p1 is not None and p0 is not p1
    t = eff.GetTechniqueByIndex(0)
    t.GetPassByName("Fixed").Apply(0, ctx)
    assert ctx.PSGetShader()[0] is p1 and ctx.VSGetShader()[0] is eff.GetVariableByName("g_vs").AsShader(
    ).GetVertexShader(0)
    t.GetPassByName("Chosen").Apply(0, ctx)
    assert ctx.PSGetShader()[0] is p0
    eff.GetVariableByName("g_which").AsScalar().SetInt(1)
    t.GetPassByName("Chosen").Apply(0, ctx)
    assert ctx.PSGetShader()[0] is p1
    desc = t.GetPassByName("Chosen").GetPixelShaderDesc()
    assert desc.pShaderVariable.GetDesc().Name == "g_ps" and desc.ShaderIndex == 1
    with pytest.raises(D3D11Error):
        ps.GetVertexShader(0)  # a pixel-shader variable


def test_uniform_parameter_defaults_and_compile_keyword():
    src = r"""
float4 PS(uniform float k = 0.25) : SV_Target { return k; }
technique10 T { pass { PixelShader = compile ps_4_0 PS(); } }"""
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "u.fx", None, None, 0, 0, dev)
    desc = eff.GetTechniqueByIndex(0).GetPassByIndex(0).GetPixelShaderDesc()
    sd = desc.pShaderVariable.GetShaderDesc(0)
    assert sd.IsInline and sd.BytecodeLength == len(sd.pBytecode) and sd.pBytecode[:4] == b"DXBC"


_MIXED = r"""
float4 fun(uniform float4 a, float4 b : FOO{default}) : SV_Target {{ return 10 * a + b; }}
technique10 T {{ pass {{ {call}; }} }}"""


@pytest.mark.parametrize(("call", "default", "ok"), [
    ("PixelShader = compile ps_4_0 fun(4)", "", True),
    ("SetPixelShader(CompileShader(ps_4_0, fun(4)))", "", True),
    ("PixelShader = compile ps_4_0 fun(4, 5)", "", False),  # b is a shader input, not a uniform
    ("SetPixelShader(CompileShader(ps_4_0, fun(4, 5)))", "", False),
    ("PixelShader = compile ps_4_0 fun()", "", False),  # a has no default
])
def test_compile_arguments_bind_uniform_parameters_only(call: str, default: str, ok: bool):
    """The arguments of ``compile profile f(args)`` bind f's uniform parameters in order; its other parameters
    are the shader's inputs ("Effect Format", CompileShader; vkd3d effect-compile.shader_test: ``fun(4)`` of
    ``fun(uniform float4 a, float4 b : FOO)`` compiles, ``fun(4, 5)`` fails). The state-block check counts the
    arguments against the declared uniforms while the effect compiles the shader with them bound."""
    src = _MIXED.format(call=call, default=default)
    if ok:
        assert compile_fx(src, "fx_4_0")[:4] != b"DXBC"
    else:
        with pytest.raises(ShaderCompileError):
            compile_fx(src, "fx_4_0")


def test_strings_and_stream_output():
    src = r"""
string g_name = "hello effects";
string g_names[2] = { "a", "b" };
struct GSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
GSOut VS(float4 p : POSITION) { GSOut o; o.pos = p; o.uv = p.xy; return o; }
GeometryShader g_so = ConstructGSWithSO(CompileShader(vs_5_0, VS()), "SV_Position.xyzw; TEXCOORD0.xy", NULL, NULL,
                                        NULL, -1);
technique11 T { pass { SetVertexShader(CompileShader(vs_5_0, VS())); SetGeometryShader(g_so); } }"""
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "so.fx", None, None, 0, 0, dev)
    assert eff.GetVariableByName("g_name").AsString().GetString() == "hello effects"
    assert eff.GetVariableByName("g_names").AsString().GetStringArray(0, 2) == ["a", "b"]
    gs = eff.GetVariableByName("g_so").AsShader()
    d = gs.GetShaderDesc(0)
    assert d.SODecls[0] == "SV_Position.xyzw; TEXCOORD0.xy" and gs.GetGeometryShader(0) is not None


def test_so_declaration_parsing():
    from pyd3d11.effects.runtime import parse_so_decl

    entries, strides = parse_so_decl("SV_Position.xyzw; $SKIP.xy; 1:TEXCOORD3.zw; COLOR", 0)
    got = [(e.SemanticName, e.SemanticIndex, e.StartComponent, e.ComponentCount, e.OutputSlot) for e in entries]
    assert got == [("SV_Position", 0, 0, 4, 0), (None, 0, 0, 2, 0), ("TEXCOORD", 3, 2, 2, 1), ("COLOR", 0, 0, 4, 0)]
    assert strides == [40, 8, 0, 0]


COMPILE_ERRORS = [
    # fxc 10.1's text (session 39; "need the fx_5_0" before, inferred)
    ("technique10 T { pass { SetPixelShader(CompileShader(ps_5_0, PS())); } }", "fx_4_0",
     "Shader model ps_5_0 is not allowed in D3D10 techniques"),
    # (a vertex shader that compiles: fxc compiles the inline shader before it judges the kind -- PS() as vs_5_0 is
    # X4502 "invalid vs_5_0 output semantic 'SV_Target'" first; d3dcompiler_47 10.1, session 49 EFX)
    ("float4 VS(float4 p : POSITION) : SV_Position { return p; }\n"
     "technique11 T { pass { SetPixelShader(CompileShader(vs_5_0, VS())); } }", "fx_5_0", "incompatible inline shader"),
    ("technique11 T { pass { SetBlendState(Missing, float4(0, 0, 0, 0), 0xFFFFFFFF); } }", "fx_5_0", "undeclared"),
    ("technique11 T { pass { SetPixelShader(g_c); } }", "fx_5_0", "undeclared"),
    ("technique11 T { pass { SetBlendState(g_bs, float4(0, 0, 0, 0)); } }", "fx_5_0", "parameter count mismatch"),
    ("technique11 T { pass { FillMode = SOLID; } }", "fx_5_0", "not valid in this block"),
    ("technique11 T { pass { SetPixelShader(CompileShader(ps_9_9, PS())); } }", "fx_5_0", "unsupported compiler target"),
    ("technique11 T { pass { } } technique11 T { pass { } }", "fx_5_0", "redefinition of 'T'"),  # 10.1's text (s38)
    ("technique10 T { pass { SetComputeShader(NULL); } }", "fx_4_1", "needs the fx_5_0 target"),
    # d3dcompiler_47 10.1 (session 38, EFX): "cannot implicitly convert from 'const int' to 'const string'" (X3017)
    ("float g < string a = 1; >; technique11 T { pass { } }", "fx_5_0", "cannot implicitly convert"),
]


@pytest.mark.parametrize("body,target,msg", COMPILE_ERRORS)
def test_effect_compile_errors(body, target, msg):
    src = "float4 g_c; BlendState g_bs { };\nfloat4 PS() : SV_Target { return g_c; }\n" + body
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, len(src), "e.fx", None, None, "", target, 0, 0)
    assert msg in str(e.value)


def test_fx_2_0_is_built_and_interfaces_compile():
    # fx_2_0 is built since session 23 (tests/test_effects_fx2.py): the D3D9 effect tag opens the blob
    blob = bytes(D3DCompile("technique T { pass { } }", None, "x.fx", None, None, "", "fx_2_0", 0, 0)
                 .GetBufferPointer())
    assert blob[:4] == bytes.fromhex("0109FFFE")
    # interface variables are built since session 6 (tests/test_effects_interfaces.py)
    src = "interface I { float f(); }; I g_i; technique11 T { pass { } }"
    h = header(bytes(D3DCompile(src, len(src), "i.fx", None, None, "", "fx_5_0", 0, 0).GetBufferPointer()))
    assert (h["cInterfaceVariables"], h["cInterfaceVariableElements"]) == (1, 1)
    with pytest.raises(ShaderCompileError):  # interface variables are shader model 5: fx_4_x refuses them
        D3DCompile(src.replace("technique11", "technique10"), None, "i.fx", None, None, "", "fx_4_0", 0, 0)


# --- the SDK samples' effect files ---------------------------------------------------------------------------
SDK_EXPECTED = {  # techniques, constant buffers, global variables
    "Tutorial11.fx": (1, 3, 10), "Tutorial12.fx": (1, 3, 12), "Tutorial13.fx": (1, 3, 12),
    "Tutorial14.fx": (7, 2, 12), "FixedFuncEMU.fx": (5, 5, 28), "Instancing.fx": (4, 6, 23),
    # 4 technique11 blocks; $Globals holds the 10 numeric globals; + g_MeshTexture and MeshTextureSampler
    # (its passes compile vs/ps_4_0_level_9_1 shaders: the level-9 targets with their Aon9 chunk)
    "BasicHLSLFX11.fx": (4, 1, 12),
}


@pytest.mark.parametrize("name", sorted(SDK_EXPECTED))
def test_sdk_effect_files_compile_and_load(name):
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromFile(str(SDK / name), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, 0, 0, dev)
    d = eff.GetDesc()
    assert (d.Techniques, d.ConstantBuffers, d.GlobalVariables) == SDK_EXPECTED[name]
    for t in range(d.Techniques):
        tech = eff.GetTechniqueByIndex(t)
        for p in range(tech.GetDesc().Passes):
            assert tech.GetPassByIndex(p).GetDesc().pIAInputSignature is not None


def test_sdk_dynamic_shader_linkage_effect_compiles_and_loads():
    """DynamicShaderLinkageFX11.fx (built since session 6): 9 techniques (FeatureLevel10, 10_1, 11 and six
    FeatureLevel11_<material>), 4 buffers (cbPerObject, cbPerFrame, cbPerPrimitive, $Globals), 4 interface
    variables and 10 class instances (4 lights, 6 materials); FX11 counts in InterfaceVariables the 4
    interface elements plus one background interface per class instance bound by BindInterfaces (6)."""
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromFile(str(SDK / "DynamicShaderLinkageFX11.fx"), None,
                                      D3D_COMPILE_STANDARD_FILE_INCLUDE, 0, 0, dev)
    d = eff.GetDesc()
    assert (d.Techniques, d.ConstantBuffers, d.InterfaceVariables) == (9, 4, 10)
    instances = [eff.GetVariableByIndex(i) for i in range(d.GlobalVariables)]
    assert sum(v.AsClassInstance().IsValid() for v in instances) == 10
    assert sum(v.AsInterface().IsValid() for v in instances) == 4
    for t in range(d.Techniques):
        tech = eff.GetTechniqueByIndex(t)
        assert tech.GetPassByIndex(0).GetDesc().pIAInputSignature is not None


def test_shared_variables_are_ordinary_in_effects_11():
    """``shared`` marks effect-pool variables; Effects 11 has no pools (FX11 refuses pooled binaries), so
    shared buffers and objects are ordinary ones and the header's pool counts stay 0 (a shared numeric variable is
    no effect at all: d3dcompiler_47 10.1 "Numeric variables ('g_f') can't be shared", session 35)."""
    src = r"""
shared cbuffer cbShared { float4 g_c; };
shared Texture2D g_t;
float g_f = 2;
float4 PS() : SV_Target { return g_c * g_f; }
technique11 T { pass { SetPixelShader(CompileShader(ps_5_0, PS())); } }"""
    h = header(compile_fx(src))
    assert (h["cCBs"], h["cNumericVariables"], h["cObjectVariables"]) == (2, 2, 1)
    assert h["PoolCBs"] == h["PoolNumeric"] == h["PoolObjects"] == 0
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "s.fx", None, None, 0, 0, dev)
    assert eff.GetConstantBufferByName("cbShared").IsValid()
    assert eff.GetVariableByName("g_f").AsScalar().GetFloat() == 2.0


def test_errors_reach_the_error_list():
    dev, _ = quick_device()
    errors: list = []
    src = "technique11 T { pass { Bogus = 1; } }"
    with pytest.raises(ShaderCompileError):
        D3DX11CompileEffectFromMemory(src, len(src), "bad.fx", None, None, 0, 0, dev, errors)
    assert errors and b"bad.fx(1," in bytes(errors[0].GetBufferPointer()) and b"X3004" in bytes(
        errors[0].GetBufferPointer())


def test_constant_buffer_annotations():
    src = 'cbuffer cbA < string Group = "lights"; > { float4 v < float UIMin = 0.5; >; };\ntechnique11 T { pass { } }'
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "a.fx", None, None, 0, 0, dev)
    cb = eff.GetConstantBufferByName("cbA")
    assert cb.GetAnnotationByName("Group").AsString().GetString() == "lights"
    assert cb.GetDesc().Annotations == 1
    assert eff.GetVariableByName("v").GetAnnotationByName("UIMin").AsScalar().GetFloat() == 0.5
