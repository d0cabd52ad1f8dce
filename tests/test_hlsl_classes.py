"""HLSL interfaces and classes through our compiler (dynamic shader linkage, issue 7 / H5).

Compiled shaders are checked three ways: their reflection (D3DReflect: $ThisPointer, interface slots),
their IFCE chunk (against fxc's for the DynamicShaderLinkage11 sample), and their behaviour with class
instances bound (the executor's link_program, and the API: ID3D11ClassLinkage + PSSetShader + Draw).
Expected colours are worked out by hand from the shader sources (values chosen exact in float32)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path

from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.ifce import NO_SLOT, parse_ifce
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.exec.interfaces import ClassBinding, run_linked
from pyd3d11.shader.reflection import D3DReflect

F32 = np.float32
TRUE = np.uint32(0xFFFFFFFF).view(F32)


def _compile(src: str, target: str = "ps_5_0", entry: str = "main") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target))


def _program(blob: bytes):
    c = parse_container(blob, verify_checksum=False)
    return decode_program(c.get("SHEX") or c.get("SHDR"))


def _ifce(blob: bytes):
    return parse_ifce(parse_container(blob, verify_checksum=False).get("IFCE"))


# --- a shader of my own: data-less classes, two interfaces, an interface array ------------------------
COLOURS = """
interface IScale { float3 Apply(float3 c); };
interface IAlpha { float Alpha(); };
class Twice : IScale { float3 Apply(float3 c) { return c * 2; } };
class Quarter : IScale { float3 Apply(float3 c) { return c * 0.25; } };
class Same : IScale { float3 Apply(float3 c) { return c; } };
class Opaque : IAlpha { float Alpha() { return 1; } };
class Half : IAlpha { float Alpha() { return 0.5; } };
IAlpha g_alpha;
IScale g_first;
IScale g_steps[2];
float4 main(float3 c : COLOR) : SV_Target
{
    float3 v = g_first.Apply(c);
    v = g_steps[1].Apply(v);
    return float4(v, g_alpha.Alpha());
}
"""
# slots by first call: g_first 0, g_steps 1-2, g_alpha 3; class IDs per slot, last declared first:
# IScale: Same 0, Quarter 1, Twice 2; IAlpha: Half 3, Opaque 4. Tables: g_first ft0-2, g_steps ft3-5,
# g_alpha ft6-7 (in class-ID order).
SAME0, QUARTER0, TWICE0, SAME1, QUARTER1, TWICE1, HALF, OPAQUE = range(8)
FACTOR = {SAME0: 1.0, QUARTER0: 0.25, TWICE0: 2.0, SAME1: 1.0, QUARTER1: 0.25, TWICE1: 2.0}


def test_interface_reflection_and_ifce():
    blob = _compile(COLOURS)
    r = D3DReflect(blob)
    assert r.GetNumInterfaceSlots() == 4
    cb = r.GetConstantBufferByName("$ThisPointer")
    d = cb.GetDesc()
    assert (d.Type, d.Variables, d.Size) == (2, 3, 16)  # D3D_CT_INTERFACE_POINTERS
    got = {}
    for k in range(d.Variables):
        v = cb.GetVariableByIndex(k)
        vd, td = v.GetDesc(), v.GetType().GetDesc()
        got[vd.Name] = (vd.StartOffset, vd.Size, td.Class, td.Type, td.Elements)
    # D3D_SVC_INTERFACE_POINTER 7, D3D_SVT_INTERFACE_POINTER 37; offset = first slot, size = slot count
    assert got == {"g_alpha": (3, 1, 7, 37, 0), "g_first": (0, 1, 7, 37, 0), "g_steps": (1, 2, 7, 37, 2)}
    assert [v.GetDesc().Name for v in (cb.GetVariableByIndex(i) for i in range(3))] == ["g_alpha", "g_first",
                                                                                         "g_steps"]
    ifce = _ifce(blob)
    assert [t.name for t in ifce.class_types] == ["Same", "Quarter", "Twice", "Half", "Opaque"]
    assert all(t.cb_stride == 0 for t in ifce.class_types) and ifce.class_instances == []
    assert [(s.span, s.type_ids, s.table_ids) for s in ifce.slots] == [
        (1, [0, 1, 2], [0, 1, 2]), (2, [0, 1, 2], [3, 4, 5]), (1, [3, 4], [6, 7])]


@pytest.mark.parametrize("first,step,alpha,alpha_value", [
    (SAME0, SAME1, OPAQUE, 1.0), (TWICE0, QUARTER1, HALF, 0.5), (QUARTER0, QUARTER1, OPAQUE, 1.0),
    (TWICE0, TWICE1, HALF, 0.5)])
def test_interface_calls_select_bound_classes(first, step, alpha, alpha_value):
    prog = _program(_compile(COLOURS))
    colour = np.array([[0.5, 1.0, 3.0, 0.0], [2.0, -4.0, 0.25, 0.0]], F32)
    # g_steps[1] is slot 2; slot 1 gets a class that would change the result if it were called
    slots = [ClassBinding(first), ClassBinding(TWICE1 if step != TWICE1 else QUARTER1), ClassBinding(step),
             ClassBinding(alpha)]
    out = run_linked(prog, slots, 2, inputs=colour[None]).outputs[0].view(F32)
    want = colour[:, :3] * F32(FACTOR[first]) * F32(FACTOR[step])
    assert np.array_equal(out[:, :3], want)
    assert np.array_equal(out[:, 3], np.full(2, F32(alpha_value)))


@pytest.mark.backend_independent  # compile-time rule: nothing runs (checked by tests/conftest.py)
def test_dynamically_indexed_interface_array_with_a_varying_index_is_x4603():
    """A per-lane input as the index: D3D11.3 §22.7.19 restriction (1), lanes in lockstep with different
    indices are undefined and the compiler disallows it (X4603, test_rules_hlsl_varying_interface_index.py).
    Uniform dynamic indices run in test_hlsl_interface_objects.py / test_hlsl_interface_struct_objects.py."""
    src = COLOURS.replace("g_steps[1].Apply(v)", "g_steps[k].Apply(v)").replace(
        "float3 c : COLOR)", "float3 c : COLOR, nointerpolation int k : K)")
    with pytest.raises(D3D11Error, match="X4603"):
        _compile(src)


def _listing_of(src: str, target: str = "ps_5_0") -> str:
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    return compile_hlsl(src, "t.hlsl", "main", target).listing


# --- classes with data: inheritance, this, methods calling methods, concrete calls ------------------------
SHADES = """
interface IShade { float4 Shade(float4 p); };
class Flat : IShade
{
    float4 colour;
    float4 Shade(float4 p) { return colour; }
};
class Scaled : Flat
{
    float scale;
    float Gain() { return scale * 2; }
    float4 Shade(float4 p);
};
float4 Scaled::Shade(float4 p) { return this.colour * Gain() + p.w; }
class Offset : IShade
{
    float4 off;
    bool neg;
    float4 Shade(float4 p) { if (neg) return -off; return off; }
};
cbuffer Instances : register(b2) { Flat g_flat; Scaled g_scaled; Offset g_off; };
IShade g_shade;
float4 main(float4 p : P) : SV_Target { return g_shade.Shade(p); }
float4 concrete(float4 p : P) : SV_Target { return g_scaled.Shade(p) + g_flat.Shade(p); }
"""
# layout: g_flat.colour c0; g_scaled = {$super {colour c1}, scale c2.x}; g_off = {off c3, neg c4.x}
# class IDs (slot 0's interface, last declared first): Offset 0, Scaled 1, Flat 2


def _shades_cb(neg: bool) -> np.ndarray:
    cb = np.zeros((5, 4), F32)
    cb[0] = (0.25, 0.5, 0.75, 1.0)
    cb[1] = (1.0, 2.0, 3.0, 4.0)
    cb[2, 0] = 0.25
    cb[3] = (0.5, -1.5, 2.0, 8.0)
    cb[4, 0] = TRUE if neg else 0
    return cb


def test_class_instances_reflection():
    blob = _compile(SHADES)
    ifce = _ifce(blob)
    assert [t.name for t in ifce.class_types] == ["Offset", "Scaled", "Flat"]
    assert [t.cb_stride for t in ifce.class_types] == [2, 2, 1]
    assert [(i.name, i.type_id, i.constant_buffer, i.cb_offset, i.texture, i.sampler)
            for i in ifce.class_instances] == [("g_flat", 2, 2, 0, NO_SLOT, NO_SLOT),
                                               ("g_scaled", 1, 2, 1, NO_SLOT, NO_SLOT),
                                               ("g_off", 0, 2, 3, NO_SLOT, NO_SLOT)]
    r = D3DReflect(blob)
    v = r.GetConstantBufferByName("Instances").GetVariableByName("g_scaled")
    vd, t = v.GetDesc(), v.GetType()
    assert (vd.StartOffset, vd.Size) == (16, 20)
    assert t.GetDesc().Name == "Scaled" and t.GetMemberTypeName(0) == "$super" and t.GetMemberTypeName(1) == "scale"
    assert t.GetBaseClass().GetDesc().Name == "Flat"
    flat = r.GetConstantBufferByName("Instances").GetVariableByName("g_flat").GetType()
    assert flat.GetNumInterfaces() == 1 and flat.GetInterfaceByIndex(0).GetDesc().Class == 6  # INTERFACE_CLASS


@pytest.mark.parametrize("table,this,neg,want", [
    (2, (2, 0), False, (0.25, 0.5, 0.75, 1.0)),  # Flat at g_flat
    (2, (2, 1), False, (1.0, 2.0, 3.0, 4.0)),  # Flat reading g_scaled's data (its $super comes first)
    (1, (2, 1), False, (1.5, 2.0, 2.5, 3.0)),  # Scaled: colour * (0.25 * 2) + p.w (= 1)
    (0, (2, 3), False, (0.5, -1.5, 2.0, 8.0)),  # Offset, neg false
    (0, (2, 3), True, (-0.5, 1.5, -2.0, -8.0)),  # Offset, neg true (early return)
])
def test_methods_read_instance_data_through_this(table, this, neg, want):
    prog = _program(_compile(SHADES))
    b = Bindings()
    b.set_cbuffer(2, _shades_cb(neg))
    p = np.array([[0.0, 0.0, 0.0, 1.0]], F32)
    out = run_linked(prog, [ClassBinding(table, this + (NO_SLOT, NO_SLOT))], 1, inputs=p[None], bindings=b)
    assert np.array_equal(out.outputs[0].view(F32)[0], np.array(want, F32))


def test_concrete_method_calls_are_inlined():
    blob = _compile(SHADES, entry="concrete")
    assert "IFCE" not in [c.fourcc for c in parse_container(blob, verify_checksum=False).chunks]
    b = Bindings()
    b.set_cbuffer(2, _shades_cb(False))
    p = np.array([[0.0, 0.0, 0.0, 0.5]], F32)
    out = run_program(_program(blob), 1, inputs=p[None], bindings=b).outputs[0].view(F32)
    # g_scaled: (1, 2, 3, 4) * 0.5 + 0.5; g_flat: (0.25, 0.5, 0.75, 1)
    assert np.array_equal(out[0], np.array([1.25, 2.0, 2.75, 3.5], F32))


def test_methods_update_a_local_instance():
    """Classes without interfaces work at SM4 too: methods assign members of a local instance."""
    src = """
    class Acc { float4 total; float n; void Add(float4 v) { total += v; n += 1; }
                float4 Mean() { return total / n; } };
    float4 main(float4 a : A, float4 b : B) : SV_Target
    { Acc acc; acc.total = 0; acc.n = 0; acc.Add(a); acc.Add(b); acc.Add(b); return acc.Mean(); }"""
    ab = np.array([[[1, 2, 3, 4]], [[4, 7, 0.25, 1]]], F32)
    out = run_program(_program(_compile(src, "ps_4_0")), 1, inputs=ab, bindings=Bindings()).outputs[0]
    # n is the literal 3 once the calls are inlined, and fxc divides by a constant as a multiply by its float32
    # reciprocal (its VarianceShadows11 object: `dep /= 3.0` is `mul r, l(0.333333)`; tests/test_fxc_oracle.py)
    assert np.array_equal(out.view(F32)[0], (ab[0, 0] + ab[1, 0] + ab[1, 0]) * (F32(1) / F32(3)))


def test_draw_with_class_instances_through_the_api():
    from pyd3d11.api import create_device as cd
    from pyd3d11.api.convenience import texture_to_numpy

    dev, _lvl, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    vs_src = """void main(uint id : SV_VertexID, out float4 p : P, out float4 pos : SV_Position) {
        pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); p = float4(0, 0, 0, 0.5); }"""
    vs = dev.CreateVertexShader(_compile(vs_src, "vs_5_0"), None, None)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(_compile(SHADES), None, link)
    cb = dev.CreateBuffer(dict(ByteWidth=80, BindFlags=4), dict(pSysMem=_shades_cb(True).tobytes()))
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetConstantBuffers(2, 1, [cb])
    cases = [(link.GetClassInstance("g_scaled", 0), (1.0, 1.5, 2.0, 2.5)),  # colour * 0.5 + 0.5
             (link.GetClassInstance("g_off", 0), (-0.5, 1.5, -2.0, -8.0)),
             (link.CreateClassInstance("Flat", 2, 3, 0, 0), (0.5, -1.5, 2.0, 8.0))]  # Flat over g_off's data
    for inst, want in cases:
        ctx.PSSetShader(ps, [inst], 1)
        ctx.Draw(3, 0)
        px = texture_to_numpy(ctx, tex)
        assert np.array_equal(px, np.broadcast_to(np.array(want, F32), (2, 2, 4))), inst.GetTypeName()


# --- fxc's DynamicShaderLinkage11 sample --------------------------------------------------------------
def _dsl():
    folder = conformance_path("dxbc-corpus", "slimshader", "Sdk", "Direct3D11", "DynamicShaderLinkage11")
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    def include(_kind, name, _parent):
        return (folder / name).read_text(), name

    src = (folder / "DynamicShaderLinkage11_PS.hlsl").read_text()
    return compile_hlsl(src, "DynamicShaderLinkage11_PS.hlsl", "PSMain", "ps_5_0", None, include).blob, \
        (folder / "DynamicShaderLinkage11_PS.o").read_bytes()


def test_dynamic_shader_linkage_sample_ifce_matches_fxc():
    ours, fxc = _dsl()
    assert _ifce(ours) == _ifce(fxc)
    assert D3DReflect(ours).GetNumInterfaceSlots() == D3DReflect(fxc).GetNumInterfaceSlots() == 4


class _BlackTextures:
    def sample(self, st, inst, srcs):
        return np.zeros((4, st.n), np.uint32)


@pytest.mark.parametrize("material,ambient,want", [
    # rough material (cb1[3]) colour C, constant ambient A, directional light Ld (lambert 1, specular 1):
    # saturate(C*A + C*Ld + Ld)
    ((2, 3), (12, 0), (0.625, 0.75, 0.40625)),
    # hemispheric ambient: lerp(ground, sky, (dot(N, up) + 1) / 2) with dot = 0 -> (0.625, 0.375, 0.25)
    ((2, 3), (11, 1), (0.6875, 0.71875, 0.40625)),
    # textured plastic with a black texture: ambient and diffuse colours 0, specular Ld stays
    ((4, 1), (12, 0), (0.25, 0.5, 0.125)),
])
def test_dynamic_shader_linkage_sample_runs(material, ambient, want):
    ours, _ = _dsl()
    cb0 = np.zeros((8, 4), F32)
    cb0[0] = (0.5, 0.5, 0.25, TRUE)  # g_ambientLight
    cb0[1], cb0[2], cb0[3] = (1, 0.5, 0.25, TRUE), (0.25, 0.25, 0.25, 0), (0, 1, 0, 0)  # g_hemiAmbientLight
    cb0[4], cb0[5] = (0.25, 0.5, 0.125, TRUE), (0, 0, 1, 0)  # g_directionalLight
    cb0[6] = (1, 1, 1, 0)  # g_environmentLight, disabled
    cb0[7] = (0, 0, -1, 0)  # g_vEyeDir
    cb1 = np.zeros((6, 4), F32)
    cb1[1] = cb1[3] = (0.5, 0.25, 0.75, np.int32(8).view(F32))
    b = Bindings()
    b.set_cbuffer(0, cb0)
    b.set_cbuffer(1, cb1)
    inputs = np.zeros((4, 2, 4), F32)
    inputs[1, :, :3] = (0, 0, 1)  # normal
    # tables from fxc's listing: material type t -> ft t; ambient type t -> ft t; directional (type 10) in
    # slot 2 -> ft16; environment (type 7) in slot 3 -> ft19
    slots = [ClassBinding(material[0], (1, material[1], NO_SLOT, NO_SLOT)),
             ClassBinding(ambient[0], (0, ambient[1], NO_SLOT, NO_SLOT)),
             ClassBinding(16, (0, 4, NO_SLOT, NO_SLOT)), ClassBinding(19, (0, 6, NO_SLOT, NO_SLOT))]
    out = run_linked(_program(ours), slots, 2, inputs=inputs, bindings=b, hooks=_BlackTextures())
    rgba = out.outputs[0].view(F32)
    assert np.array_equal(rgba, np.tile(np.array(want + (1.0,), F32), (2, 1)))


# --- errors ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("src,target", [
    (COLOURS, "ps_4_0"),  # interfaces need SM5
    (COLOURS.replace("class Half : IAlpha { float Alpha() { return 0.5; } };",
                     "class Half : IAlpha { float Other() { return 0.5; } };"), "ps_5_0"),  # not implemented
    ("class A { float4 v; }; class B { float4 w; }; class C : A, B { }; float4 main() : SV_Target { return 0; }",
     "ps_5_0"),  # two base classes
    ("interface I { float F(); }; I g; float4 main() : SV_Target { return g.G(); }", "ps_5_0"),  # no such method
])
def test_invalid_class_use_fails_to_compile(src, target):
    with pytest.raises(D3D11Error):
        _compile(src, target)
