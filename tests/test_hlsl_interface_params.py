"""Interface-typed parameters (HLSL "Interfaces and Classes"; the FX samples' PSMainWorker/PSMainNonUniform):

* a function parameter of interface type binds by reference to the argument — a global interface pointer (calls
  through it are ``fcall``s of that pointer's slot), a constant element of a pointer array, another interface
  parameter, or a class instance (calls inline that class's method: no interface slot at all, so it works in
  shader model 4 too);
* an argument must be the same interface or a class implementing it (else X3013, no matching function);
* an entry point's interface parameters are interface slots of the shader, listed in ``$ThisPointer`` with
  D3D_SVF_INTERFACE_PARAMETER (0x8) besides D3D_SVF_USED | D3D_SVF_INTERFACE_POINTER (d3dcommon.h) — the flag the
  Effects 11 loader reads to pair them with BindInterfaces arguments (microsoft/FX11 EffectLoad.cpp).

Expected pixels are the class methods worked out by hand from the sources below."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

F32 = np.float32

SRC = """
interface iLight { float3 Get(float3 n); };
class cScale : iLight { float3 c; float3 Get(float3 n) { return c * n.x; } };
class cAdd : iLight { float4 d; float3 Get(float3 n) { return d.xyz + n; } };
class cNot { float3 Get(float3 n) { return n; } };
cbuffer cb0 { cScale g_scale; cAdd g_add; float4 g_n; };
iLight g_light;
iLight g_lights[2];
float3 W(iLight l, float3 n) { return l.Get(n); }
float3 W2(iLight a, iLight b, float3 n) { return W(a, n) + W(b, n) * 10; }
float4 PSGlobal() : SV_Target { return float4(W(g_light, g_n.xyz), 1); }
float4 PSElement() : SV_Target { return float4(W(g_lights[1], g_n.xyz), 1); }
float4 PSInst() : SV_Target { return float4(W(g_add, g_n.xyz), 1); }
float4 PSTwo() : SV_Target { return float4(W2(g_scale, g_light, g_n.xyz), 1); }
float4 PSParam(iLight first, float k : K, iLight second) : SV_Target {
    return float4(W2(first, second, g_n.xyz) * k, 1); }
"""
# g_scale.c = (1, 2, 3); g_add.d = (10, 20, 30, 0); g_n = (2, 0.5, 0.25, 0)
CB = np.array([1, 2, 3, 0, 10, 20, 30, 0, 2, 0.5, 0.25, 0], F32)
N = np.array([2, 0.5, 0.25], F32)
SCALE = np.array([1, 2, 3], F32) * N[0]  # cScale::Get(g_n)
ADD = np.array([10, 20, 30], F32) + N  # cAdd::Get(g_n)


def compile_ps(entry: str, target: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(SRC, None, "t.hlsl", None, None, entry, target))


def this_pointer_vars(blob: bytes) -> list[tuple[str, int, int, int]]:
    """(name, first slot, slot count, flags) of the $ThisPointer variables."""
    r = D3DReflect(blob)
    for i in range(r.GetDesc().ConstantBuffers):
        cb = r.GetConstantBufferByIndex(i)
        d = cb.GetDesc()
        if d.Type == 2:  # D3D_CT_INTERFACE_POINTERS
            out = []
            for k in range(d.Variables):
                v = cb.GetVariableByIndex(k).GetDesc()
                out.append((v.Name, v.StartOffset, v.Size, v.uFlags))
            return out
    return []


def draw(blob: bytes, instances: list[str], k_input: float | None = None) -> np.ndarray:
    """Full-target triangle through the pixel shader with the named class instances in slot order."""
    import pyd3d11.d3d11 as cd

    dev, _lvl, ctx = cd.D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    # K first: the pixel shader's input signature (K in v0) must match the vertex shader's output registers
    k = "" if k_input is None else "out float k : K, "
    kset = "" if k_input is None else f" k = {k_input};"
    vs_src = f"""void main(uint id : SV_VertexID, {k}out float4 pos : SV_Position) {{
        pos = float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1);{kset} }}"""
    vs = dev.CreateVertexShader(bytes(D3DCompile(vs_src, None, "v.hlsl", None, None, "main", "vs_5_0")), None, None)
    link = dev.CreateClassLinkage()
    ps = dev.CreatePixelShader(blob, None, link)
    cb = dev.CreateBuffer(dict(ByteWidth=CB.nbytes, BindFlags=4), dict(pSysMem=CB.tobytes()))
    tex = dev.CreateTexture2D(dict(Width=2, Height=2, MipLevels=1, ArraySize=1, Format=2,
                                   SampleDesc=dict(Count=1, Quality=0), BindFlags=0x20))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(tex, None)], None)
    ctx.RSSetViewports(1, [dict(TopLeftX=0, TopLeftY=0, Width=2, Height=2, MinDepth=0, MaxDepth=1)])
    ctx.IASetPrimitiveTopology(4)
    ctx.VSSetShader(vs, None, 0)
    ctx.PSSetConstantBuffers(0, 1, [cb])
    insts = [link.GetClassInstance(n, 0) for n in instances]
    ctx.PSSetShader(ps, insts, len(insts))
    ctx.Draw(3, 0)
    px = texture_to_numpy(ctx, tex)
    assert (px == px[0, 0]).all()
    return px[0, 0]


@pytest.mark.parametrize("instance,want", [("g_scale", SCALE), ("g_add", ADD)])
def test_global_pointer_passed_to_a_function(instance, want):
    blob = compile_ps("PSGlobal")
    assert this_pointer_vars(blob) == [("g_light", 0, 1, 0x6)]
    np.testing.assert_array_equal(draw(blob, [instance])[:3], want)


def test_constant_element_of_a_pointer_array_passed_to_a_function():
    blob = compile_ps("PSElement")
    assert D3DReflect(blob).GetNumInterfaceSlots() == 2
    np.testing.assert_array_equal(draw(blob, ["g_scale", "g_add"])[:3], ADD)
    np.testing.assert_array_equal(draw(blob, ["g_add", "g_scale"])[:3], SCALE)


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_class_instance_passed_as_an_interface_inlines_its_method(target):
    blob = compile_ps("PSInst", target)
    assert D3DReflect(blob).GetNumInterfaceSlots() == 0 if target == "ps_5_0" else True
    assert this_pointer_vars(blob) == []
    np.testing.assert_array_equal(draw(blob, [])[:3], ADD)


def test_interface_parameters_pass_on_to_another_function():
    blob = compile_ps("PSTwo")
    np.testing.assert_array_equal(draw(blob, ["g_add"])[:3], SCALE + ADD * F32(10))


def test_entry_point_interface_parameters_are_flagged_slots():
    blob = compile_ps("PSParam")
    assert this_pointer_vars(blob) == [("first", 0, 1, 0xE), ("second", 1, 1, 0xE)]
    assert D3DReflect(blob).GetNumInterfaceSlots() == 2
    # the signature holds only K: interface parameters are not inputs
    r = D3DReflect(blob)
    assert [r.GetInputParameterDesc(i).SemanticName for i in range(r.GetDesc().InputParameters)] == ["K"]
    got = draw(blob, ["g_scale", "g_add"], k_input=0.5)
    np.testing.assert_allclose(got[:3], (SCALE + ADD * F32(10)) * F32(0.5), rtol=1e-6)
    got = draw(blob, ["g_add", "g_scale"], k_input=2.0)
    np.testing.assert_allclose(got[:3], (ADD + SCALE * F32(10)) * F32(2.0), rtol=1e-6)


COMPUTED = SRC + """
float4 PSComputed() : SV_Target {
    uint i = (uint)g_n.y + 1; iLight l = g_lights[i]; i = 0;   // g_n.y = 0.5: element 1, kept after i changes
    return float4(W2(l, g_lights[INDEX], g_n.xyz), 1); }
"""


# the second element's index is uniform (constant-buffer data): a varying one (a pixel-shader input) is X4603,
# test_rules_hlsl_varying_interface_index.py; g_n = (2, 0.5, 0.25, 0)
@pytest.mark.parametrize(("index", "slots", "want"), [
    ("(uint)g_n.w", ["g_scale", "g_add"], ADD + SCALE * F32(10)),
    ("(uint)(g_n.z * 4)", ["g_scale", "g_add"], ADD + ADD * F32(10)),
    ("(uint)(g_n.z * 4)", ["g_add", "g_scale"], SCALE + SCALE * F32(10)),
])
def test_elements_chosen_by_a_run_time_index_are_passed_and_kept(index, slots, want):
    """An interface-array element with a computed index, given to a local or passed to a function, names the
    element the index selected when it was taken (calls are dynamically indexed fcalls)."""
    blob = bytes(D3DCompile(COMPUTED.replace("INDEX", index), None, "t.hlsl", None, None, "PSComputed", "ps_5_0"))
    np.testing.assert_array_equal(draw(blob, slots)[:3], want)


@pytest.mark.parametrize("body,code", [
    # (d3dcompiler_47 10.1: X3017 "cannot implicitly convert from 'const class cNot' to 'interface iLight*'")
    ("return float4(W(g_not, g_n.xyz), 1);", "X3017"),  # cNot does not implement iLight
    ("return float4(W(g_n.xyz, g_n.xyz), 1);", "X3017"),  # a vector is no interface
])
def test_arguments_that_are_not_the_interface_are_rejected(body, code):
    src = SRC + f"cNot g_not;\nfloat4 Bad() : SV_Target {{ {body} }}"
    with pytest.raises(D3D11Error) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "Bad", "ps_5_0")
    assert code in str(e.value)


def test_out_interface_parameter_is_an_error():
    src = SRC + "void O(out iLight l) { l = g_light; }\nfloat4 Bad() : SV_Target { iLight x; O(x); return 0; }"
    with pytest.raises(D3D11Error):
        D3DCompile(src, None, "t.hlsl", None, None, "Bad", "ps_5_0")
