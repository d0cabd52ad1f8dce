"""Interface and class instance variables in effects (fx_5_0), against microsoft/FX11's binary
(Binary/EffectBinaryFormat.h) and behaviour (EffectLoad.cpp, EffectVariable.inl, EffectRuntime.cpp):

* SBinaryHeader5 is 24 uint32 (96 bytes; FX11's static_assert) ending cInterfaceVariables,
  cInterfaceVariableElements, cClassInstanceElements;
* a class type is a struct whose members start at offset 0 (base members first) followed by
  SBinaryTypeInheritance {oBaseClass, cInterfaces, oInterface[]}; a class implementing an interface (itself or
  through its base) is a class instance type: D3D_SVC_INTERFACE_CLASS, ``AsClassInstance`` valid for global
  variables only; an interface variable's type is EVT_Interface (D3D_SVC_INTERFACE_POINTER);
* ``SetClassInstance``/``GetClassInstance`` hold the class instance variable; at ``Apply`` each interface slot of
  the pass's shader gets the ID3D11ClassInstance of what its interface variable holds, or of the class instance
  ``BindInterfaces`` names; ``CompileShader(profile, f(iface))`` with a uniform interface parameter calls
  through the global interface variable, and with a class instance argument inlines that class (works in
  ps_4_0).

Pixel values are the classes' methods worked out by hand from the effect below."""

from __future__ import annotations

import os
import struct
from pathlib import Path

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import D3D11_SDK_VERSION, D3D_DRIVER_TYPE_HARDWARE, D3D11CreateDevice
from pyd3d11.d3dcompiler import D3D_COMPILE_STANDARD_FILE_INCLUDE, D3DCompile, D3DCompileFromFile
from pyd3d11.effects import D3DX11CreateEffectFromMemory

F32 = np.float32

FX = r"""
interface iColour { float3 Colour(float3 base); };
class cTint : iColour { float3 m_tint; float m_gain; float3 Colour(float3 base) { return base * m_tint * m_gain; } };
class cAdd : cTint { float4 m_add; float3 Colour(float3 base) { return base + m_add.xyz; } };
class cFlat : iColour { float3 Colour(float3 base) { return float3(0.25, 0.5, 0.75); } };
struct Plain { float4 p; };

cbuffer cbClasses { cTint g_tint; cAdd g_add; float4 g_base; Plain g_plain; };
cFlat g_flat;
iColour g_iface;
iColour g_ifaceInit = g_add;

float4 VS(uint id : SV_VertexID) : SV_Position { return float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }
float4 PSWorker(iColour c) { return float4(c.Colour(g_base.xyz), 1); }
float4 PSUniform(uniform iColour c) : SV_Target { return PSWorker(c); }
float4 PSNonUniform(iColour c) : SV_Target { return PSWorker(c); }

VertexShader g_vs = CompileShader(vs_5_0, VS());
PixelShader g_psNonUni = CompileShader(ps_5_0, PSNonUniform());

technique11 Dynamic { pass { SetVertexShader(g_vs); SetPixelShader(CompileShader(ps_5_0, PSUniform(g_iface))); } }
technique11 Static4 { pass { SetVertexShader(g_vs); SetPixelShader(CompileShader(ps_4_0, PSUniform(g_tint))); } }
technique11 BoundAdd { pass { SetVertexShader(g_vs); SetPixelShader(BindInterfaces(g_psNonUni, g_add)); } }
technique11 BoundIface { pass { SetVertexShader(g_vs); SetPixelShader(BindInterfaces(g_psNonUni, g_ifaceInit)); } }
"""
BASE = np.array([0.5, 0.25, 1.0], F32)
TINT, GAIN = np.array([1.0, 2.0, 0.5], F32), F32(0.5)
ADD = np.array([0.125, 0.25, -0.5], F32)
HEADER = ("Tag", "cCBs", "cNumericVariables", "cObjectVariables", "PoolCBs", "PoolNumeric", "PoolObjects",
          "cTechniques", "cbUnstructured", "cStrings", "cShaderResources", "cDepthStencilBlocks",
          "cBlendStateBlocks", "cRasterizerStateBlocks", "cSamplers", "cRenderTargetViews", "cDepthStencilViews",
          "cTotalShaders", "cInlineShaders", "cGroups", "cUnorderedAccessViews", "cInterfaceVariables",
          "cInterfaceVariableElements", "cClassInstanceElements")


def compile_fx(src: str = FX) -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_5_0", 0, 0).GetBufferPointer())


@pytest.fixture
def setup():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    blob = compile_fx()
    eff = D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    eff.GetVariableByName("g_base").AsVector().SetFloatVector([*BASE, 0])
    tint = eff.GetVariableByName("g_tint").AsClassInstance()
    tint.GetMemberByName("m_tint").AsVector().SetFloatVector([*TINT, 0])
    tint.GetMemberByName("m_gain").AsScalar().SetFloat(float(GAIN))
    add = eff.GetVariableByName("g_add").AsClassInstance()
    add.GetMemberByName("m_add").AsVector().SetFloatVector([*ADD, 0])
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.IASetInputLayout(None)
    return dev, ctx, eff, tex


def draw(ctx, eff, tex, technique: str) -> np.ndarray:
    eff.GetTechniqueByName(technique).GetPassByIndex(0).Apply(0, ctx)
    ctx.Draw(3, 0)
    px = texture_to_numpy(ctx, tex)
    assert (px == px[0, 0]).all()
    return px[0, 0, :3]


def test_header_counts_interface_and_class_instance_elements():
    blob = compile_fx()
    h = dict(zip(HEADER, struct.unpack_from("<24I", blob), strict=True))
    assert (h["cInterfaceVariables"], h["cInterfaceVariableElements"]) == (2, 2)
    assert h["cClassInstanceElements"] == 3  # g_tint, g_add and the data-less g_flat
    assert h["cTechniques"] == 4


def test_variable_kinds_and_type_descs(setup):
    _, _, eff, _ = setup
    tint = eff.GetVariableByName("g_tint")
    assert tint.AsClassInstance().IsValid()
    assert tint.GetType().GetDesc().Class == 6  # D3D_SVC_INTERFACE_CLASS
    assert not eff.GetVariableByName("g_plain").AsClassInstance().IsValid()  # a plain struct
    assert not eff.GetVariableByName("g_base").AsClassInstance().IsValid()
    iface = eff.GetVariableByName("g_iface")
    assert iface.AsInterface().IsValid() and not tint.AsInterface().IsValid()
    d = iface.GetType().GetDesc()
    assert (d.Class, d.Type) == (7, 37)  # D3D_SVC_INTERFACE_POINTER, D3D_SVT_INTERFACE_POINTER
    # a derived class: the base's members first (from offset 0), then its own
    add_t = eff.GetVariableByName("g_add").GetType()
    assert [add_t.GetMemberName(i) for i in range(add_t.GetDesc().Members)] == ["m_tint", "m_gain", "m_add"]
    # members of a class instance are not class instance variables themselves
    assert eff.GetVariableByName("g_add").GetMemberByName("m_add").IsValid()
    # FX11's m_InterfaceCount: 2 interface elements + 1 background interface for the class instance that
    # BindInterfaces(g_psNonUni, g_add) binds (BoundIface binds an interface variable: none)
    assert eff.GetDesc().InterfaceVariables == 3


def test_interface_initializer_and_set_get_class_instance(setup):
    _, _, eff, _ = setup
    init = eff.GetVariableByName("g_ifaceInit").AsInterface()
    assert init.GetClassInstance()._name == "g_add"
    iface = eff.GetVariableByName("g_iface").AsInterface()
    assert iface.GetClassInstance() is None
    tint = eff.GetVariableByName("g_tint").AsClassInstance()
    iface.SetClassInstance(tint)
    assert iface.GetClassInstance() is tint
    assert tint.GetClassInstance().GetInstanceName() == "g_tint"


def test_dynamic_technique_follows_set_class_instance(setup):
    _, ctx, eff, tex = setup
    iface = eff.GetVariableByName("g_iface").AsInterface()
    iface.SetClassInstance(eff.GetVariableByName("g_tint").AsClassInstance())
    np.testing.assert_allclose(draw(ctx, eff, tex, "Dynamic"), BASE * TINT * GAIN, rtol=1e-6)
    iface.SetClassInstance(eff.GetVariableByName("g_add").AsClassInstance())
    np.testing.assert_allclose(draw(ctx, eff, tex, "Dynamic"), BASE + ADD, rtol=1e-6)
    iface.SetClassInstance(eff.GetVariableByName("g_flat").AsClassInstance())  # no data: created by type name
    np.testing.assert_allclose(draw(ctx, eff, tex, "Dynamic"), [0.25, 0.5, 0.75], rtol=1e-6)


def test_static_sm4_technique_inlines_the_class(setup):
    _, ctx, eff, tex = setup
    np.testing.assert_allclose(draw(ctx, eff, tex, "Static4"), BASE * TINT * GAIN, rtol=1e-6)
    eff.GetVariableByName("g_tint").GetMemberByName("m_gain").AsScalar().SetFloat(2.0)
    np.testing.assert_allclose(draw(ctx, eff, tex, "Static4"), BASE * TINT * 2, rtol=1e-6)


def test_bind_interfaces_to_a_class_instance_or_an_interface_variable(setup):
    _, ctx, eff, tex = setup
    np.testing.assert_allclose(draw(ctx, eff, tex, "BoundAdd"), BASE + ADD, rtol=1e-6)
    # bound to g_ifaceInit: follows what that interface variable holds (initially g_add)
    np.testing.assert_allclose(draw(ctx, eff, tex, "BoundIface"), BASE + ADD, rtol=1e-6)
    eff.GetVariableByName("g_ifaceInit").AsInterface().SetClassInstance(
        eff.GetVariableByName("g_tint").AsClassInstance())
    np.testing.assert_allclose(draw(ctx, eff, tex, "BoundIface"), BASE * TINT * GAIN, rtol=1e-6)


def test_binary_round_trips_interface_records():
    from pyd3d11.effects.binary import read_effect, write_effect

    blob = compile_fx()
    model = read_effect(blob)
    assert [(i.name, i.defaults) for i in model.interfaces] == [("g_iface", None),
                                                                ("g_ifaceInit", [("g_add", 0xFFFFFFFF)])]
    add_t = next(v.type for cb in model.cbuffers for v in cb.variables if v.name == "g_add")
    assert add_t.base is not None and add_t.base.name == "cTint" and not add_t.interfaces
    assert [i.name for i in add_t.base.interfaces] == ["iColour"]
    bound = [a.value.interface_bindings for g in model.groups for t in g.techniques for p in t.passes
             for a in p.assignments if getattr(a.value, "interface_bindings", None)]
    assert bound == [[("g_add", 0xFFFFFFFF)], [("g_ifaceInit", 0xFFFFFFFF)]]
    assert write_effect(model) == blob


@pytest.mark.parametrize("src,msg", [
    (FX + "technique11 B { pass { SetPixelShader(BindInterfaces(g_psNonUni, g_base)); } }", "not an interface"),
    (FX + "iColour g_bad = g_base;", "not a class instance"),
])
def test_bad_bindings_are_compile_errors(src, msg):
    with pytest.raises(Exception) as e:
        compile_fx(src)
    assert msg in str(e.value)


SDK = os.environ.get("PYD3D11_SDK_SAMPLES")
DSL = Path(SDK or "", "DynamicShaderLinkageFX11", "DynamicShaderLinkageFX11.fx")


@pytest.mark.skipif(not SDK or not DSL.is_file(), reason="set PYD3D11_SDK_SAMPLES to a checkout of the SDK samples")
def test_sdk_dynamic_shader_linkage_fx11_effect_loads_and_applies():
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    blob = D3DCompileFromFile(str(DSL), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, None, "fx_5_0", 0, 0)
    eff = D3DX11CreateEffectFromMemory(blob.GetBufferPointer(), blob.GetBufferSize(), 0, dev)
    for name in ("g_abstractAmbientLighting", "g_abstractDirectLighting", "g_abstractEnvironmentLighting",
                 "g_abstractMaterial"):
        assert eff.GetVariableByName(name).AsInterface().IsValid()
    hemi = eff.GetVariableByName("g_hemiAmbientLight").AsClassInstance()
    assert hemi.GetMemberByName("m_vLightColor").AsVector().IsValid()  # inherited from cAmbientLight
    assert hemi.GetMemberByName("m_vGroundColor").AsVector().IsValid()
    for t in ("FeatureLevel10", "FeatureLevel11", "FeatureLevel11_g_plasticMaterial",
              "FeatureLevel11_g_roughLightingOnlyMaterial"):
        tech = eff.GetTechniqueByName(t)
        assert tech.IsValid()
        tech.GetPassByIndex(0).Apply(0, ctx)


# --- the SDK's DynamicShaderLinkageFX11.fx (in-repo copy, examples/effects) renders ---------------------------
DSL_LOCAL = Path(__file__).resolve().parents[1] / "examples" / "effects" / "DynamicShaderLinkageFX11.fx"
N_SURF = np.array([0.0, 0.0, -1.0])  # the quad faces the viewer
L_DIR = np.array([0.0, 0.6, -0.8])
EYE = np.array([0.0, 0.0, 1.0])
C_AMB, C_DIR = np.array([0.1, 0.2, 0.3]), np.array([0.5, 0.5, 0.5])
MAT = np.array([0.5, 0.25, 1.0])
SPEC = 8


def dsl_expected(material_lit_only: bool, ambient_on: bool, direct: bool, spec_power: int) -> np.ndarray:
    """PSMainWorker for a quad with normal N_SURF (DynamicShaderLinkageFX11_PS.hlsl, LightPSH.h, MaterialPSH.h):
    saturate(mat.Ambient * amb.IlluminateAmbient + mat.Diffuse * dir.IlluminateDiffuse
    + dir.IlluminateSpecular + env.IlluminateSpecular), the environment bound to cAmbientLight (0)."""
    mat = np.ones(3) if material_lit_only else MAT
    ambient = C_AMB if ambient_on else np.zeros(3)
    diffuse = max(0.0, min(1.0, N_SURF @ L_DIR)) * C_DIR if direct else np.zeros(3)
    h = -EYE / np.linalg.norm(EYE) + L_DIR
    h /= np.linalg.norm(h)
    spec = max(0.0, h @ (N_SURF / np.linalg.norm(N_SURF))) ** spec_power * C_DIR if direct else np.zeros(3)
    return np.clip(mat * ambient + mat * diffuse + spec, 0, 1)


@pytest.fixture
def dsl():
    from pyd3d11.d3d11 import D3D11_INPUT_ELEMENT_DESC, D3D11_SUBRESOURCE_DATA
    from pyd3d11.effects import D3DX11CompileEffectFromFile

    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    eff = D3DX11CompileEffectFromFile(str(DSL_LOCAL), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, 0, 0, dev)
    eye4 = np.eye(4, dtype=F32)
    eff.GetVariableByName("g_mWorldViewProjection").AsMatrix().SetMatrix(eye4)
    eff.GetVariableByName("g_mWorld").AsMatrix().SetMatrix(eye4)
    amb = eff.GetVariableByName("g_ambientLight").AsClassInstance()
    amb.GetMemberByName("m_vLightColor").AsVector().SetFloatVector([*C_AMB, 0])
    amb.GetMemberByName("m_bEnable").AsScalar().SetBool(True)
    d = eff.GetVariableByName("g_directionalLight").AsClassInstance()
    d.GetMemberByName("m_vLightColor").AsVector().SetFloatVector([*C_DIR, 0])
    d.GetMemberByName("m_bEnable").AsScalar().SetBool(True)
    d.GetMemberByName("m_vLightDir").AsVector().SetFloatVector([*L_DIR, 0])
    eff.GetVariableByName("g_vEyeDir").AsVector().SetFloatVector([*EYE, 0])
    for name in ("g_plasticMaterial", "g_roughLightingOnlyMaterial", "g_plasticTexturedMaterial"):
        m = eff.GetVariableByName(name).AsClassInstance()
        m.GetMemberByName("m_vColor").AsVector().SetFloatVector([*MAT, 0])
        m.GetMemberByName("m_iSpecPower").AsScalar().SetInt(SPEC)
    # a quad over the target: POSITION float4 (clip space), NORMAL as the sample's R10G10B10A2 encoding
    # (n / 2, negative components + 2: the VS decodes v * 2, minus 2 from 1 up), TEXCOORD
    enc = np.where(N_SURF < 0, (N_SURF + 2) / 2, N_SURF / 2)
    quad = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    vb = np.array([[x, y, 0.5, 1, *enc, 0, 0] for x, y in quad], F32)
    layout = [D3D11_INPUT_ELEMENT_DESC("POSITION", 0, 2, 0, 0, 0, 0),
              D3D11_INPUT_ELEMENT_DESC("NORMAL", 0, 6, 0, 16, 0, 0),
              D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, 16, 0, 28, 0, 0)]
    pd = eff.GetTechniqueByName("FeatureLevel11").GetPassByIndex(0).GetDesc()
    ctx.IASetInputLayout(dev.CreateInputLayout(layout, 3, pd.pIAInputSignature, pd.IAInputSignatureSize))
    buf = dev.CreateBuffer(dict(ByteWidth=vb.nbytes, BindFlags=1), D3D11_SUBRESOURCE_DATA(vb))
    ctx.IASetVertexBuffers(0, 1, [buf], [36], [0])
    ctx.IASetPrimitiveTopology(5)  # triangle strip
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    return eff, ctx, tex


def dsl_draw(eff, ctx, tex, technique: str) -> np.ndarray:
    eff.GetTechniqueByName(technique).GetPassByIndex(0).Apply(0, ctx)
    ctx.Draw(4, 0)
    px = texture_to_numpy(ctx, tex)
    assert (px == px[0, 0]).all()
    return px[0, 0, :3]


def test_dynamic_shader_linkage_fx11_renders_through_interface_variables(dsl):
    """FeatureLevel11: CompileShader(ps_5_0, PSMainUniform(<the four interface variables>)); the sample's
    SetClassInstance choices pick the classes."""
    eff, ctx, tex = dsl
    ci = {n: eff.GetVariableByName(n).AsClassInstance() for n in ("g_ambientLight", "g_directionalLight",
                                                                   "g_plasticMaterial", "g_roughLightingOnlyMaterial")}
    eff.GetVariableByName("g_abstractAmbientLighting").AsInterface().SetClassInstance(ci["g_ambientLight"])
    eff.GetVariableByName("g_abstractDirectLighting").AsInterface().SetClassInstance(ci["g_directionalLight"])
    eff.GetVariableByName("g_abstractEnvironmentLighting").AsInterface().SetClassInstance(ci["g_ambientLight"])
    material = eff.GetVariableByName("g_abstractMaterial").AsInterface()
    material.SetClassInstance(ci["g_plasticMaterial"])
    np.testing.assert_allclose(dsl_draw(eff, ctx, tex, "FeatureLevel11"), dsl_expected(False, True, True, SPEC),
                               atol=1e-5)
    material.SetClassInstance(ci["g_roughLightingOnlyMaterial"])
    np.testing.assert_allclose(dsl_draw(eff, ctx, tex, "FeatureLevel11"), dsl_expected(True, True, True, SPEC),
                               atol=1e-5)
    # "Direct Light: none" binds the ambient light (whose diffuse/specular are 0) to the direct slot
    eff.GetVariableByName("g_abstractDirectLighting").AsInterface().SetClassInstance(ci["g_ambientLight"])
    np.testing.assert_allclose(dsl_draw(eff, ctx, tex, "FeatureLevel11"), dsl_expected(True, True, False, SPEC),
                               atol=1e-5)


def test_dynamic_shader_linkage_fx11_bind_interfaces_technique(dsl):
    """FeatureLevel11_g_roughLightingOnlyMaterial: BindInterfaces(g_NonUniPS, the three light interfaces,
    g_roughLightingOnlyMaterial) — the material comes from the technique, the lights from the variables."""
    eff, ctx, tex = dsl
    amb = eff.GetVariableByName("g_ambientLight").AsClassInstance()
    for n in ("g_abstractAmbientLighting", "g_abstractEnvironmentLighting"):
        eff.GetVariableByName(n).AsInterface().SetClassInstance(amb)
    eff.GetVariableByName("g_abstractDirectLighting").AsInterface().SetClassInstance(
        eff.GetVariableByName("g_directionalLight").AsClassInstance())
    got = dsl_draw(eff, ctx, tex, "FeatureLevel11_g_roughLightingOnlyMaterial")
    np.testing.assert_allclose(got, dsl_expected(True, True, True, SPEC), atol=1e-5)


def test_dynamic_shader_linkage_fx11_static_feature_level_10_technique(dsl):
    """FeatureLevel10: ps_4_0 with the static classes (g_ambientLight, g_directionalLight, g_environmentLight,
    g_plasticTexturedMaterial) inlined. With no textures bound the textured material's colours and the
    environment light sample 0 (an unbound SRV reads 0), leaving ambient * 0 + diffuse * 0 + the directional
    specular."""
    eff, ctx, tex = dsl
    want = dsl_expected(False, False, True, SPEC) - MAT * dsl_expected(False, False, True, SPEC) * 0  # spec only
    h = -EYE + L_DIR
    h /= np.linalg.norm(h)
    want = np.clip((h @ N_SURF) ** SPEC * C_DIR, 0, 1)
    np.testing.assert_allclose(dsl_draw(eff, ctx, tex, "FeatureLevel10"), want, atol=1e-5)


def test_fx_4_0_classes_are_plain_structs():
    """fx_4_x has no dynamic linkage: a class variable's data is an ordinary struct (no class instance)."""
    src = r"""interface I { float3 f(); }; class C : I { float3 a; float3 f() { return a; } };
cbuffer cb { C g_c; };
float4 PS() : SV_Target { return float4(g_c.f(), 1); }
technique10 T { pass { SetPixelShader(CompileShader(ps_4_0, PS())); } }"""
    blob = bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_4_0", 0, 0).GetBufferPointer())
    h = dict(zip(HEADER, struct.unpack_from("<24I", blob), strict=True))
    assert (h["cInterfaceVariables"], h["cClassInstanceElements"]) == (0, 0)
    dev, _, _ = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    eff = D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    v = eff.GetVariableByName("g_c")
    assert v.IsValid() and not v.AsClassInstance().IsValid()
    assert v.GetType().GetDesc().Class == 5  # D3D_SVC_STRUCT
