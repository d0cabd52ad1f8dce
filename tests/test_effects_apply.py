"""ID3DX11EffectPass::Apply binds exactly what the pass says (FX11 ApplyPassBlock / ApplyShaderBlock): the
pass's states with its blend factor, sample mask and stencil reference, each assigned shader (NULL unbinds),
and before each shader the constant buffers, shader resources and samplers its reflection names at the slots
it names; states and stages the pass does not mention stay as they were. Ends with a draw whose pixel is
computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

import pyd3d11.d3d11 as d3d
from pyd3d11 import quick_device, texture_to_numpy
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects import D3DX11CompileEffectFromMemory, D3DX11CreateEffectFromMemory
from pyd3d11.errors import E_FAIL, E_INVALIDARG, D3D11Error

SRC = r"""
Texture2D g_unused;
Texture2D g_tex : register(t3);
SamplerState g_samp : register(s2) { Filter = MIN_MAG_MIP_POINT; AddressU = CLAMP; AddressV = CLAMP; };
cbuffer cbColor : register(b1) { float4 g_color = float4(0.25, 0.5, 0.75, 1.0); };
float g_scale = 1.0;
uint g_ref = 9;
BlendState Additive { BlendEnable[0] = TRUE; SrcBlend[0] = ONE; DestBlend[0] = ONE; };
DepthStencilState NoDepth { DepthEnable = FALSE; StencilEnable = TRUE; };
RasterizerState NoCull { CullMode = NONE; };
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
VSOut VS(float3 pos : POSITION)
{
    VSOut o;
    o.pos = float4(pos * g_scale, 1);
    o.uv = pos.xy * 0.5 + 0.5;
    return o;
}
float4 PS(VSOut i, uniform bool useTex) : SV_Target
{
    return useTex ? g_tex.Sample(g_samp, i.uv) * g_color : g_color;
}
technique11 Full
{
    pass P0 < int Order = 0; >
    {
        SetVertexShader(CompileShader(vs_5_0, VS()));
        SetGeometryShader(NULL);
        SetHullShader(NULL);
        SetDomainShader(NULL);
        SetPixelShader(CompileShader(ps_5_0, PS(true)));
        SetBlendState(Additive, float4(0.1, 0.2, 0.3, 0.4), 0x0000000F);
        SetDepthStencilState(NoDepth, g_ref);
        SetRasterizerState(NoCull);
    }
    pass OnlyPS
    {
        SetPixelShader(CompileShader(ps_5_0, PS(false)));
    }
}
technique11 Nulls { pass { SetPixelShader(NULL); SetBlendState(NULL, float4(1, 1, 1, 1), 0xFFFFFFFF); } }
"""


@pytest.fixture
def setup():
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(SRC, len(SRC), "apply.fx", None, None, 0, 0, dev)
    return dev, ctx, eff


def shader(ctx, stage: str):
    return getattr(ctx, f"{stage}GetShader")()[0]  # (shader, class instances)


def pixels(ctx, tex) -> list:
    got = np.asarray(texture_to_numpy(ctx, tex))
    if got.dtype != np.uint8:
        got = np.round(got * 255)
    return got.reshape(-1, 4).astype(int).tolist()


def make_srv(dev, rgba):
    td = d3d.D3D11_TEXTURE2D_DESC(Width=1, Height=1, MipLevels=1, ArraySize=1,
                                  Format=d3d.DXGI_FORMAT_R8G8B8A8_UNORM, BindFlags=d3d.D3D11_BIND_SHADER_RESOURCE)
    td.SampleDesc.Count = 1
    data = np.array([rgba], np.uint8)
    tex = dev.CreateTexture2D(td, d3d.D3D11_SUBRESOURCE_DATA(data, 4, 4))
    return dev.CreateShaderResourceView(tex, None)


def test_apply_binds_states_shaders_and_resources(setup):
    dev, ctx, eff = setup
    srv = make_srv(dev, [255, 255, 255, 255])
    eff.GetVariableByName("g_tex").AsShaderResource().SetResource(srv)
    p = eff.GetTechniqueByName("Full").GetPassByName("P0")
    p.Apply(0, ctx)
    bs, factor, mask = ctx.OMGetBlendState()
    assert bs is eff.GetVariableByName("Additive").AsBlend().GetBlendState(0)
    assert list(factor) == pytest.approx([0.1, 0.2, 0.3, 0.4]) and mask == 0xF
    ds, ref = ctx.OMGetDepthStencilState()
    assert ds.GetDesc().DepthEnable == 0 and ref == 9  # StencilRef read from g_ref
    assert ctx.RSGetState().GetDesc().CullMode == d3d.D3D11_CULL_NONE
    vs_desc = p.GetVertexShaderDesc()
    assert vs_desc.pShaderVariable.IsValid() and vs_desc.pShaderVariable.GetDesc().Name == "$Anonymous"
    assert shader(ctx, "VS") is vs_desc.pShaderVariable.GetVertexShader(0)
    assert shader(ctx, "PS") is p.GetPixelShaderDesc().pShaderVariable.GetPixelShader(0)
    assert shader(ctx, "GS") is None and shader(ctx, "HS") is None and shader(ctx, "DS") is None
    # resources at the registers the shaders were compiled with
    assert ctx.PSGetShaderResources(3, 1)[0] is srv
    assert ctx.PSGetShaderResources(0, 1)[0] is None  # g_unused is not used by the shader
    assert ctx.PSGetSamplers(2, 1)[0] is eff.GetVariableByName("g_samp").AsSampler().GetSampler(0)
    assert ctx.PSGetConstantBuffers(1, 1)[0] is eff.GetConstantBufferByName("cbColor").GetConstantBuffer()
    assert ctx.VSGetConstantBuffers(0, 1)[0] is eff.GetConstantBufferByName("$Globals").GetConstantBuffer()


def test_unmentioned_state_is_left_alone(setup):
    dev, ctx, eff = setup
    rs = dev.CreateRasterizerState(d3d.D3D11_RASTERIZER_DESC(FillMode=d3d.D3D11_FILL_WIREFRAME,
                                                             CullMode=d3d.D3D11_CULL_FRONT, DepthClipEnable=1))
    ctx.RSSetState(rs)
    vs_before = shader(ctx, "VS")
    eff.GetTechniqueByName("Full").GetPassByName("OnlyPS").Apply(0, ctx)
    assert ctx.RSGetState() is rs
    assert shader(ctx, "VS") is vs_before
    assert shader(ctx, "PS") is not None
    assert ctx.OMGetBlendState()[0] is None


def test_null_assignments_unbind(setup):
    dev, ctx, eff = setup
    eff.GetTechniqueByName("Full").GetPassByIndex(0).Apply(0, ctx)
    eff.GetTechniqueByName("Nulls").GetPassByIndex(0).Apply(0, ctx)
    assert shader(ctx, "PS") is None
    bs, factor, mask = ctx.OMGetBlendState()
    assert bs is None and list(factor) == [1.0, 1.0, 1.0, 1.0] and mask == 0xFFFFFFFF
    assert shader(ctx, "VS") is not None  # untouched by the second pass


def test_pass_desc(setup):
    _, _, eff = setup
    d = eff.GetTechniqueByName("Full").GetPassByIndex(0).GetDesc()
    assert (d.Name, d.Annotations, d.StencilRef, d.SampleMask) == ("P0", 1, 9, 0xF)
    assert d.BlendFactor == pytest.approx([0.1, 0.2, 0.3, 0.4])
    assert d.pIAInputSignature[:4] == b"DXBC" and d.IAInputSignatureSize == len(d.pIAInputSignature)
    assert eff.GetTechniqueByName("Full").GetPassByIndex(0).GetAnnotationByName("Order").AsScalar().GetInt() == 0
    nd = eff.GetTechniqueByName("Nulls").GetPassByIndex(0).GetDesc()
    assert nd.pIAInputSignature is None and nd.Name is None
    assert not eff.GetTechniqueByName("Nulls").GetPassByIndex(0).GetVertexShaderDesc().pShaderVariable.IsValid()


def test_invalid_objects_and_bad_arguments(setup):
    _, ctx, eff = setup
    bad_tech = eff.GetTechniqueByName("Nope")
    assert not bad_tech.IsValid() and not bad_tech.GetPassByIndex(0).IsValid()
    with pytest.raises(D3D11Error) as e:
        bad_tech.GetPassByIndex(0).Apply(0, ctx)
    assert e.value.hresult == E_FAIL
    with pytest.raises(D3D11Error) as e:
        bad_tech.GetDesc()
    assert e.value.hresult == E_FAIL
    assert not eff.GetTechniqueByName("Full").GetPassByIndex(2).IsValid()
    assert not eff.GetTechniqueByIndex(2).IsValid()
    with pytest.raises(D3D11Error) as e:
        eff.GetTechniqueByIndex(0).GetPassByIndex(0).Apply(0, None)
    assert e.value.hresult == E_INVALIDARG


def test_draw_through_the_effect(setup):
    """Full-screen triangle: PS(true) = texel * g_color with Additive blending onto a cleared target:
    the cleared target holds 0.5 as UNORM8 128 (128 / 255 read back), so red is round((128 / 255 + 0.25) * 255) =
    192, green round(0.5 * 255) = 128, blue round(0.75 * 255) = 191, alpha 255."""
    dev, ctx, eff = setup
    eff.GetVariableByName("g_tex").AsShaderResource().SetResource(make_srv(dev, [255, 255, 255, 255]))
    p = eff.GetTechniqueByName("Full").GetPassByIndex(0)
    d = p.GetDesc()
    layout = [d3d.D3D11_INPUT_ELEMENT_DESC("POSITION", 0, d3d.DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                           d3d.D3D11_INPUT_PER_VERTEX_DATA, 0)]
    ctx.IASetInputLayout(dev.CreateInputLayout(layout, 1, d.pIAInputSignature, d.IAInputSignatureSize))
    verts = np.array([[-1, -1, 0], [-1, 3, 0], [3, -1, 0]], np.float32)
    vb = dev.CreateBuffer(d3d.D3D11_BUFFER_DESC(ByteWidth=verts.nbytes, BindFlags=d3d.D3D11_BIND_VERTEX_BUFFER),
                          d3d.D3D11_SUBRESOURCE_DATA(verts))
    ctx.IASetVertexBuffers(0, 1, [vb], [12], [0])
    ctx.IASetPrimitiveTopology(d3d.D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    td = d3d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                  Format=d3d.DXGI_FORMAT_R8G8B8A8_UNORM, BindFlags=d3d.D3D11_BIND_RENDER_TARGET)
    td.SampleDesc.Count = 1
    rt = dev.CreateTexture2D(td, None)
    rtv = dev.CreateRenderTargetView(rt, None)
    ctx.OMSetRenderTargets(1, [rtv], None)
    ctx.RSSetViewports(1, [d3d.D3D11_VIEWPORT(0, 0, 4, 4, 0, 1)])
    ctx.ClearRenderTargetView(rtv, [0.5, 0.0, 0.0, 0.0])
    p.Apply(0, ctx)
    ctx.Draw(3, 0)
    assert pixels(ctx, rt) == [[192, 128, 191, 255]] * 16
    # a changed variable is uploaded at the next Apply
    eff.GetVariableByName("g_color").AsVector().SetFloatVector([0, 0, 0, 0])
    ctx.ClearRenderTargetView(rtv, [0.5, 0.0, 0.0, 0.0])
    p.Apply(0, ctx)
    ctx.Draw(3, 0)
    assert pixels(ctx, rt) == [[128, 0, 0, 0]] * 16


def test_user_state_overrides(setup):
    dev, ctx, eff = setup
    mine = dev.CreateBlendState(d3d.D3D11_BLEND_DESC())
    b = eff.GetVariableByName("Additive").AsBlend()
    b.SetBlendState(0, mine)
    eff.GetTechniqueByName("Full").GetPassByIndex(0).Apply(0, ctx)
    assert ctx.OMGetBlendState()[0] is mine
    b.UndoSetBlendState(0)
    eff.GetTechniqueByName("Full").GetPassByIndex(0).Apply(0, ctx)
    assert ctx.OMGetBlendState()[0] is not mine


def test_create_from_compiled_blob_and_errors():
    dev, _ = quick_device()
    blob = D3DCompile(SRC, len(SRC), "apply.fx", None, None, "", "fx_5_0", 0, 0)
    eff = D3DX11CreateEffectFromMemory(blob.GetBufferPointer(), blob.GetBufferSize(), 0, dev)
    assert eff.GetDesc().Techniques == 2
    for data, size, device in ((None, 0, dev), (blob.GetBufferPointer(), 0, dev), (blob.GetBufferPointer(), None,
                                                                                       None)):
        with pytest.raises(D3D11Error) as e:
            D3DX11CreateEffectFromMemory(data, size, 0, device)
        assert e.value.hresult == E_INVALIDARG


CS_SRC = r"""
RWStructuredBuffer<uint> g_out : register(u1);
cbuffer cbMul { uint g_mul; };
cbuffer cbAdd { uint g_add = 5; };
tbuffer tbExtra { uint g_extra; };
[numthreads(4, 1, 1)]
void CS(uint3 id : SV_DispatchThreadID) { g_out[id.x] = id.x * g_mul + g_add; }
[numthreads(1, 1, 1)]
void CSTB(uint3 id : SV_DispatchThreadID) { g_out[id.x] = g_extra; }
technique11 Compute { pass { SetComputeShader(CompileShader(cs_5_0, CS())); } }
technique11 ComputeTB { pass { SetComputeShader(CompileShader(cs_5_0, CSTB())); } }
"""


def test_compute_pass_binds_uavs():
    """SetComputeShader: Apply binds the RWStructuredBuffer at u1 (CSSetUnorderedAccessViews) and the
    constant buffers; the dispatch writes id * g_mul + g_add."""
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(CS_SRC, len(CS_SRC), "cs.fx", None, None, 0, 0, dev)
    buf = dev.CreateBuffer(d3d.D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=d3d.D3D11_BIND_UNORDERED_ACCESS,
                                                 MiscFlags=d3d.D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                                 StructureByteStride=4), None)
    uav_desc = d3d.D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=d3d.DXGI_FORMAT_UNKNOWN,
                                                    ViewDimension=d3d.D3D11_UAV_DIMENSION_BUFFER)
    uav_desc.Buffer.NumElements = 4
    uav = dev.CreateUnorderedAccessView(buf, uav_desc)
    eff.GetVariableByName("g_out").AsUnorderedAccessView().SetUnorderedAccessView(uav)
    eff.GetVariableByName("g_mul").AsScalar().SetInt(3)
    eff.GetTechniqueByName("Compute").GetPassByIndex(0).Apply(0, ctx)
    assert ctx.CSGetUnorderedAccessViews(1, 1)[0] is uav
    assert ctx.CSGetShader()[0] is not None
    ctx.Dispatch(1, 1, 1)
    assert np.asarray(texture_to_numpy(ctx, buf)).view(np.uint32).tolist() == [5, 8, 11, 14]


def test_tbuffers_bind_as_shader_resources():
    """A tbuffer is a buffer shader resource at the t# its reflection names (FX11 binds the tbuffer's SRV);
    it has no constant buffer (E_FAIL)."""
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(CS_SRC, len(CS_SRC), "cs.fx", None, None, 0, 0, dev)
    eff.GetTechniqueByName("ComputeTB").GetPassByIndex(0).Apply(0, ctx)
    tb = eff.GetConstantBufferByName("tbExtra")
    srv = tb.GetTextureBuffer()
    assert srv is not None and ctx.CSGetShaderResources(0, 1)[0] is srv
    with pytest.raises(D3D11Error) as e:
        tb.GetConstantBuffer()
    assert e.value.hresult == E_FAIL


def test_clone_keeps_values_and_is_independent():
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(SRC, len(SRC), "apply.fx", None, None, 0, 0, dev)
    eff.GetVariableByName("g_scale").AsScalar().SetFloat(3.0)
    clone = eff.CloneEffect(0)
    assert clone.GetVariableByName("g_scale").AsScalar().GetFloat() == 3.0
    clone.GetVariableByName("g_scale").AsScalar().SetFloat(4.0)
    assert eff.GetVariableByName("g_scale").AsScalar().GetFloat() == 3.0


def test_create_from_compiled_file(tmp_path):
    dev, _ = quick_device()
    blob = D3DCompile(SRC, len(SRC), "apply.fx", None, None, "", "fx_5_0", 0, 0)
    path = tmp_path / "apply.fxo"
    path.write_bytes(bytes(blob.GetBufferPointer()))
    from pyd3d11.effects import D3DX11CreateEffectFromFile

    eff = D3DX11CreateEffectFromFile(str(path), 0, dev)
    assert eff.GetTechniqueByName("Full").IsValid()


def test_shaders_the_device_refuses_make_their_passes_invalid():
    """FX11 BindToDevice: a pass whose shader cannot be created at the device's feature level (vs_5_0 at
    10_0) is not valid, nor its technique; the others are."""
    src = r"""
float4 VS(float4 p : POSITION) : SV_Position { return p; }
technique11 SM5 { pass { SetVertexShader(CompileShader(vs_5_0, VS())); } }
technique11 SM4 { pass { SetVertexShader(CompileShader(vs_4_0, VS())); } }"""
    dev, _ = quick_device(0xA000)
    eff = D3DX11CompileEffectFromMemory(src, len(src), "fl.fx", None, None, 0, 0, dev)
    assert not eff.GetTechniqueByName("SM5").IsValid()
    assert not eff.GetTechniqueByName("SM5").GetPassByIndex(0).IsValid()
    assert eff.GetTechniqueByName("SM4").IsValid()
    assert not eff.GetGroupByIndex(0).IsValid()


def test_optimize_discards_name_lookups():
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(SRC, len(SRC), "apply.fx", None, None, 0, 0, dev)
    scale = eff.GetVariableByName("g_scale").AsScalar()
    tech = eff.GetTechniqueByName("Full")
    eff.Optimize()
    assert eff.IsOptimized()
    assert not eff.GetVariableByName("g_scale").IsValid() and not eff.GetTechniqueByName("Full").IsValid()
    assert not eff.GetConstantBufferByName("cbColor").IsValid()
    scale.SetFloat(2.0)  # interfaces obtained before keep working
    assert scale.GetFloat() == 2.0 and tech.IsValid() and eff.GetTechniqueByIndex(0).IsValid()


def test_render_targets_and_indexed_state_arrays():
    """``OMSetRenderTargets(rtv, dsv)`` in a pass binds the views its variables hold; ``g_rs[g_mode]`` picks
    the state block the index variable names when the pass is applied."""
    src = r"""
RenderTargetView g_rtv;
DepthStencilView g_dsv;
uint g_mode = 0;
RasterizerState g_rs[2] { { CullMode = NONE; }, { CullMode = FRONT; } };
technique11 T { pass { OMSetRenderTargets(g_rtv, g_dsv); SetRasterizerState(g_rs[g_mode]); } }"""
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "rt.fx", None, None, 0, 0, dev)
    td = d3d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                  Format=d3d.DXGI_FORMAT_R8G8B8A8_UNORM, BindFlags=d3d.D3D11_BIND_RENDER_TARGET)
    td.SampleDesc.Count = 1
    rtv = dev.CreateRenderTargetView(dev.CreateTexture2D(td, None), None)
    dd = d3d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                  Format=d3d.DXGI_FORMAT_D32_FLOAT, BindFlags=d3d.D3D11_BIND_DEPTH_STENCIL)
    dd.SampleDesc.Count = 1
    dsv = dev.CreateDepthStencilView(dev.CreateTexture2D(dd, None), None)
    eff.GetVariableByName("g_rtv").AsRenderTargetView().SetRenderTarget(rtv)
    eff.GetVariableByName("g_dsv").AsDepthStencilView().SetDepthStencil(dsv)
    p = eff.GetTechniqueByIndex(0).GetPassByIndex(0)
    p.Apply(0, ctx)
    rtvs, got_dsv = ctx.OMGetRenderTargets(1)
    assert rtvs[0] is rtv and got_dsv is dsv
    assert ctx.RSGetState().GetDesc().CullMode == d3d.D3D11_CULL_NONE
    eff.GetVariableByName("g_mode").AsScalar().SetInt(1)
    p.Apply(0, ctx)
    assert ctx.RSGetState().GetDesc().CullMode == d3d.D3D11_CULL_FRONT


def test_generate_mips_assignment_is_compiled_and_not_run():
    """FX11 lists GenerateMips in its state table but its Apply never calls GenerateMips: the pass compiles,
    applies, and leaves the texture's lower mips alone."""
    src = "Texture2D g_tex; technique11 T { pass { GenerateMips = g_tex; } }"
    dev, ctx = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "gm.fx", None, None, 0, 0, dev)
    td = d3d.D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=2, ArraySize=1, Format=d3d.DXGI_FORMAT_R8G8B8A8_UNORM,
                                  BindFlags=d3d.D3D11_BIND_SHADER_RESOURCE | d3d.D3D11_BIND_RENDER_TARGET,
                                  MiscFlags=d3d.D3D11_RESOURCE_MISC_GENERATE_MIPS)
    td.SampleDesc.Count = 1
    tex = dev.CreateTexture2D(td, None)
    ctx.UpdateSubresource(tex, 0, None, np.full((2, 2, 4), 200, np.uint8), 8, 16)
    eff.GetVariableByName("g_tex").AsShaderResource().SetResource(dev.CreateShaderResourceView(tex, None))
    eff.GetTechniqueByIndex(0).GetPassByIndex(0).Apply(0, ctx)
    assert pixels(ctx, tex) == [[200, 200, 200, 200]] * 4
    assert not np.asarray(texture_to_numpy(ctx, tex, 1)).any()
