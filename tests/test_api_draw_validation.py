"""Debug-layer draw/dispatch-time validation (api/draw_validation.py) through the public API.

Each test sets up the state with HLSL shaders (D3DCompile), draws or dispatches on a debug device and checks
that the info queue holds exactly the expected D3D11_MESSAGE_ID / severity / category (ids from d3d11sdklayers.h:
DEVICE_DRAW_* 341-361, 390, 421, DEVICE_UNORDEREDACCESSVIEW_* 0x2000dc.., RENDERTARGETVIEW_NOT_SET 0x300161).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api import ID3D11Debug, ID3D11InfoQueue
from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

RGBA32F, R32_UINT, RGBA8, R32_FLOAT, R16_UINT = 2, 42, 28, 41, 57
BIND_VB, BIND_IB, BIND_CB, BIND_SRV, BIND_RT, BIND_UAV = 0x1, 0x2, 0x4, 0x8, 0x20, 0x80
POINTLIST, TRIANGLELIST, PATCHLIST_3 = 1, 4, 35
ERROR, WARNING, INFO = 1, 2, 3
EXECUTION = 9
CLEAR = (0.0, 0.0, 0.0, 0.0)
COLOR = (0.25, 0.5, 0.75, 1.0)

VS = """
struct VOut { float4 pos : SV_Position; float4 col : COLOR0; };
VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.col = col; return o; }
"""
PS = "float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return col; }"
LAYOUT = [("POSITION", 0, 0), ("COLOR", 0, 16)]


def compile_(src, target, entry="main"):
    return D3DCompile(src, None, None, None, None, entry, target, 0, 0)


class Scene:
    """A 4x4 RGBA32F target, the VS/PS above and a full-screen triangle; debug device unless told."""

    def __init__(self, debug=True, vs=VS, ps=PS, layout=LAYOUT, stride=32):
        self.dev, _, self.ctx = D3D11CreateDevice(None, 1, None, 0x2 if debug else 0, [0xB100], 1, 7)  # noqa: F405
        vsb = compile_(vs, "vs_5_0")
        self.vs = self.dev.CreateVertexShader(vsb, None)
        self.ctx.VSSetShader(self.vs)
        if ps is not None:
            self.ctx.PSSetShader(self.dev.CreatePixelShader(compile_(ps, "ps_5_0"), None))
        if layout:
            els = [D3D11_INPUT_ELEMENT_DESC(SemanticName=n, SemanticIndex=0, Format=RGBA32F, InputSlot=0,  # noqa: F405
                                            AlignedByteOffset=o, InputSlotClass=0, InstanceDataStepRate=0)
                   for n, _, o in layout]
            self.layout = self.dev.CreateInputLayout(els, len(els), vsb)
            self.ctx.IASetInputLayout(self.layout)
        self.rt = self.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(  # noqa: F405
            Width=4, Height=4, MipLevels=1, ArraySize=1, Format=RGBA32F, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
            BindFlags=BIND_RT))
        self.rtv = self.dev.CreateRenderTargetView(self.rt)
        self.ctx.OMSetRenderTargets(1, [self.rtv], None)
        self.ctx.ClearRenderTargetView(self.rtv, CLEAR)
        self.ctx.RSSetViewports(1, [D3D11_VIEWPORT(Width=4, Height=4, MinDepth=0, MaxDepth=1)])  # noqa: F405
        tri = np.array([[-1, -1, 0.5, 1, *COLOR], [-1, 3, 0.5, 1, *COLOR], [3, -1, 0.5, 1, *COLOR]], np.float32)
        self.vb = self.buffer(tri, BIND_VB)
        self.ctx.IASetVertexBuffers(0, 1, [self.vb], [stride], [0])
        self.ctx.IASetPrimitiveTopology(TRIANGLELIST)
        self.queue = self.dev.QueryInterface(ID3D11InfoQueue) if debug else None
        self.clear()

    def buffer(self, data, bind, **kw):
        data = np.ascontiguousarray(data)
        return self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, **kw),  # noqa: F405
                                     D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405

    def clear(self):
        if self.queue is not None:
            self.queue.ClearStoredMessages()

    def messages(self):
        """Stored messages, less pyd3d11's own INFO notes that a shader runs on the reference executor
        instead of the native backend (Windows has no such message; these tests compare with Windows')."""
        q = self.queue
        msgs = [q.GetMessage(i) for i in range(q.GetNumStoredMessages())]
        return [m for m in msgs if "native shader backend" not in m.pDescription]

    def ids(self):
        return [(int(m.ID), int(m.Severity), int(m.Category)) for m in self.messages()]

    def image(self):
        return texture_to_numpy(self.ctx, self.rt)

    def rendered(self):
        return bool(np.all(self.image() == np.float32(COLOR)))

    def untouched(self):
        return bool(np.all(self.image() == np.float32(CLEAR)))


def mid(name):
    return int(getattr(D3D11_MESSAGE_ID, "D3D11_MESSAGE_ID_" + name))  # noqa: F405


def only(name, severity):
    return [(mid(name), severity, EXECUTION)]


# -- a correct setup and the debug-off device ---------------------------------------------------------

def test_correct_setup_reports_nothing_and_renders():
    s = Scene()
    s.ctx.Draw(3, 0)
    assert s.ids() == []
    assert s.rendered()


def test_debug_off_device_validates_nothing(monkeypatch):
    import pyd3d11.api.draw_validation as dv

    def boom(*a, **k):
        raise AssertionError("validation ran on a non-debug device")
    monkeypatch.setattr(dv, "validate_draw", boom)
    monkeypatch.setattr(dv, "validate_dispatch", boom)
    s = Scene(debug=False)
    s.ctx.Draw(4, 0)  # a too-small vertex buffer: would warn on a debug device
    assert s.rendered()


# -- input assembler ----------------------------------------------------------------------------------

def test_vertex_shader_not_set():
    s = Scene()
    s.ctx.VSSetShader(None)
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_VERTEX_SHADER_NOT_SET", ERROR)
    assert s.untouched()


def test_input_layout_not_set():
    s = Scene()
    s.ctx.IASetInputLayout(None)
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_INPUTLAYOUT_NOT_SET", ERROR)


def test_input_layout_not_needed_for_system_generated_inputs():
    vs = "float4 main(uint id : SV_VertexID) : SV_Position { return float4(id == 2 ? 3 : -1, id == 1 ? 3 : -1, 0.5, 1); }"
    ps = "float4 main() : SV_Target { return float4(0.25, 0.5, 0.75, 1); }"
    s = Scene(vs=vs, ps=ps, layout=None)
    s.ctx.IASetVertexBuffers(0, 1, [None], [0], [0])
    s.ctx.Draw(3, 0)
    assert s.ids() == []
    assert s.rendered()


def test_vertex_buffer_not_set():
    s = Scene()
    s.ctx.IASetVertexBuffers(0, 1, [None], [0], [0])
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_VERTEX_BUFFER_NOT_SET", WARNING)


def test_vertex_buffer_stride_too_small():
    s = Scene(stride=16)  # the layout spans 32 bytes
    s.ctx.Draw(1, 0)
    msgs = s.messages()
    assert s.ids() == only("DEVICE_DRAW_VERTEX_BUFFER_STRIDE_TOO_SMALL", WARNING)
    assert "slot 0 has stride 16" in msgs[0].pDescription and "(32 bytes)" in msgs[0].pDescription


def test_vertex_buffer_too_small_warns_but_still_renders():
    s = Scene()
    s.ctx.Draw(4, 0)  # 3 vertices in the buffer; vertex 3 reads zeros (a point on w=0, no extra triangle)
    assert s.ids() == only("DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL", WARNING)
    assert s.messages()[0].pDescription.startswith("ID3D11DeviceContext::Draw: Vertex Buffer at the input vertex "
                                                   "slot 0 is not big enough")
    assert s.rendered()
    s.clear()
    s.ctx.Draw(2, 1)  # vertices 1..2: inside the buffer
    assert s.ids() == []


def test_instance_data_vertex_buffer_size_uses_step_rate():
    s = Scene(layout=None)
    vsb = compile_(VS, "vs_5_0")
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName="POSITION", Format=RGBA32F, InputSlot=0),  # noqa: F405
           D3D11_INPUT_ELEMENT_DESC(SemanticName="COLOR", Format=RGBA32F, InputSlot=1, InputSlotClass=1,  # noqa: F405
                                    InstanceDataStepRate=2)]
    s.ctx.IASetInputLayout(s.dev.CreateInputLayout(els, 2, vsb))
    colors = s.buffer(np.array([COLOR, COLOR], np.float32), BIND_VB)  # two instance elements
    s.ctx.IASetVertexBuffers(0, 2, [s.vb, colors], [32, 16], [0, 0])
    s.ctx.DrawInstanced(3, 4, 0, 0)  # instances 0..3 at step rate 2 read elements 0 and 1
    assert s.ids() == []
    s.ctx.DrawInstanced(3, 5, 0, 0)  # instance 4 reads element 2
    assert s.ids() == only("DEVICE_DRAW_VERTEX_BUFFER_TOO_SMALL", WARNING)


def test_index_buffer_not_set_and_too_small():
    s = Scene()
    s.ctx.DrawIndexed(3, 0, 0)
    assert s.ids() == only("DEVICE_DRAW_INDEX_BUFFER_NOT_SET", WARNING)
    s.clear()
    s.ctx.IASetIndexBuffer(s.buffer(np.array([0, 1, 2], np.uint16), BIND_IB), R16_UINT, 0)
    s.ctx.DrawIndexed(3, 0, 0)
    assert s.ids() == []
    s.ctx.DrawIndexed(3, 1, 0)  # indices 1..3 of a 3-index buffer
    assert s.ids() == only("DEVICE_DRAW_INDEX_BUFFER_TOO_SMALL", WARNING)


def test_undefined_topology_is_dropped_with_its_id():
    s = Scene()
    s.ctx.IASetPrimitiveTopology(0)
    s.clear()
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY", ERROR)
    assert s.untouched()


def test_patch_list_without_tessellation():
    s = Scene()
    s.ctx.IASetPrimitiveTopology(PATCHLIST_3)
    s.clear()
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_RASTERIZING_CONTROL_POINTS", ERROR)
    assert s.untouched()


GS_TRI = """
struct V { float4 pos : SV_Position; float4 col : COLOR0; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<V> s) { s.Append(v[0]); s.Append(v[1]); s.Append(v[2]); }
"""


def test_gs_input_primitive_mismatch_drops_the_draw():
    s = Scene()
    s.ctx.GSSetShader(s.dev.CreateGeometryShader(compile_(GS_TRI, "gs_5_0"), None))
    s.ctx.Draw(3, 0)
    assert s.ids() == [] and s.rendered()  # triangles into a triangle GS
    s.ctx.ClearRenderTargetView(s.rtv, CLEAR)
    s.ctx.IASetPrimitiveTopology(POINTLIST)
    s.clear()
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_GS_INPUT_PRIMITIVE_MISMATCH", ERROR)
    assert s.untouched()


# -- constant buffers, resources, samplers ------------------------------------------------------------

PS_CB = """
cbuffer C : register(b0) { float4 a; float4 b; };
float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return col * a + b; }
"""


def test_constant_buffer_not_set_and_too_small():
    s = Scene(ps=PS_CB)
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET", WARNING)
    assert "Pixel Shader unit expects a Constant Buffer to be set at Slot 0" in s.messages()[0].pDescription
    s.clear()
    s.ctx.PSSetConstantBuffers(0, 1, [s.buffer(np.ones(4, np.float32), BIND_CB)])
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_CONSTANT_BUFFER_TOO_SMALL", WARNING)
    assert ("The size of the Constant Buffer at slot 0 of the Pixel Shader unit is too small (16 bytes provided, "
            "32 bytes, at least, expected)") in s.messages()[0].pDescription
    s.clear()
    s.ctx.PSSetConstantBuffers(0, 1, [s.buffer(np.ones(8, np.float32), BIND_CB)])
    s.ctx.Draw(3, 0)
    assert s.ids() == []


VS_CB20 = """
cbuffer C : register(b1) { float4 data[20]; };
struct VOut { float4 pos : SV_Position; float4 col : COLOR0; };
VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.col = col + data[19]; return o; }
"""


def test_constant_buffer_window_of_set_constant_buffers1():
    s = Scene(vs=VS_CB20)  # the VS declares cb1[20]: 320 bytes
    big = s.buffer(np.zeros(32 * 4, np.float32), BIND_CB)  # 512 bytes
    s.ctx.VSSetConstantBuffers1(1, 1, [big], [0], [32])
    s.ctx.Draw(3, 0)
    assert s.ids() == []
    s.ctx.VSSetConstantBuffers1(1, 1, [big], [16], [16])  # a 256-byte window of the 512-byte buffer
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_CONSTANT_BUFFER_TOO_SMALL", WARNING)
    assert "slot 1 of the Vertex Shader unit is too small (256 bytes provided, 320 bytes" in s.messages()[0].pDescription


PS_TEX = """
Texture2D<float4> t : register(t0);
SamplerState ss : register(s0);
float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return t.Sample(ss, col.xy); }
"""


def texture(s, fmt=RGBA32F, array=1):
    data = np.zeros((4, 4, 4), np.float32) if fmt == RGBA32F else np.zeros((4, 4), np.uint32)
    return s.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(  # noqa: F405
        Width=4, Height=4, MipLevels=1, ArraySize=array, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
        BindFlags=BIND_SRV), [D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes(), SysMemPitch=data.nbytes // 4)] * array)  # noqa: F405


def sampler(s, filt=0x15):
    return s.dev.CreateSamplerState(D3D11_SAMPLER_DESC(Filter=filt, AddressU=1, AddressV=1, AddressW=1,  # noqa: F405
                                                        ComparisonFunc=2, MaxLOD=3.4e38))


def test_srv_and_sampler_not_set():
    s = Scene(ps=PS_TEX)
    s.ctx.Draw(3, 0)
    assert sorted(s.ids()) == sorted(only("DEVICE_DRAW_SAMPLER_NOT_SET", WARNING)
                                     + only("DEVICE_DRAW_SHADERRESOURCEVIEW_NOT_SET", INFO))
    s.clear()
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s))])
    s.ctx.PSSetSamplers(0, 1, [sampler(s)])
    s.ctx.Draw(3, 0)
    assert s.ids() == []


def test_view_dimension_mismatch():
    s = Scene(ps=PS_TEX)
    s.ctx.PSSetSamplers(0, 1, [sampler(s)])
    srv = s.dev.CreateShaderResourceView(texture(s, array=2))  # a Texture2DArray view
    s.ctx.PSSetShaderResources(0, 1, [srv])
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_VIEW_DIMENSION_MISMATCH", ERROR)
    assert ("dimension declared in the shader code (TEXTURE2D) does not match the view type bound to slot 0 of the "
            "Pixel Shader unit (TEXTURE2DARRAY)") in s.messages()[0].pDescription


PS_UTEX = """
Texture2D<uint> t : register(t0);
float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return t.Load(int3(0, 0, 0)); }
"""


def test_resource_return_type_mismatch():
    s = Scene(ps=PS_TEX)
    s.ctx.PSSetSamplers(0, 1, [sampler(s)])
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s, R32_UINT))])  # float <- uint
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_RESOURCE_RETURN_TYPE_MISMATCH", ERROR)
    assert "component 0 declared in the shader code (FLOAT)" in s.messages()[0].pDescription
    s = Scene(ps=PS_UTEX)
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s, R32_UINT))])
    s.ctx.Draw(3, 0)
    assert s.ids() == []
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s, RGBA32F))])  # uint <- float
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_RESOURCE_RETURN_TYPE_MISMATCH", ERROR)


PS_CMP = """
Texture2D<float> t : register(t0);
SamplerComparisonState sc : register(s0);
float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { return t.SampleCmpLevelZero(sc, col.xy, 0.5); }
"""


def test_sampler_comparison_mode_mismatch():
    s = Scene(ps=PS_TEX)
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s))])
    s.ctx.PSSetSamplers(0, 1, [sampler(s, 0x95)])  # COMPARISON_MIN_MAG_MIP_LINEAR on a default sampler slot
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_SAMPLER_MISMATCH", ERROR)
    assert "configured for default filtering to be set at Slot 0" in s.messages()[0].pDescription
    s = Scene(ps=PS_CMP)
    s.ctx.PSSetShaderResources(0, 1, [s.dev.CreateShaderResourceView(texture(s))])
    s.ctx.PSSetSamplers(0, 1, [sampler(s, 0x95)])
    s.ctx.Draw(3, 0)
    assert s.ids() == []
    s.ctx.PSSetSamplers(0, 1, [sampler(s, 0x15)])
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_SAMPLER_MISMATCH", ERROR)
    assert "configured for comparison filtering to be set at Slot 0" in s.messages()[0].pDescription


# -- pixel shader outputs -----------------------------------------------------------------------------

PS_MRT = """
struct O { float4 a : SV_Target0; float4 b : SV_Target1; };
O main(float4 pos : SV_Position, float4 col : COLOR0) { O o; o.a = col; o.b = col; return o; }
"""


def test_render_target_view_not_set():
    s = Scene(ps=PS_MRT)
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_RENDERTARGETVIEW_NOT_SET", WARNING)
    assert "expects a Render Target View bound to slot 1" in s.messages()[0].pDescription
    assert s.rendered()  # target 0 still written


# -- stage linkage ------------------------------------------------------------------------------------

VS_TEX_FIRST = """
struct VOut { float2 uv : TEXCOORD0; float4 pos : SV_Position; };
VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.uv = col.xy; o.pos = pos; return o; }
"""
PS_POS_FIRST = "float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target { return uv.xyxy; }"


@pytest.mark.parametrize("vs, ps, name", [
    (VS_TEX_FIRST, PS_POS_FIRST, "DEVICE_SHADER_LINKAGE_REGISTERINDEX"),
    (VS, "float4 main(float4 pos : SV_Position, float4 t : TEXCOORD1) : SV_Target { return t; }",
     "DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND"),
    ("""struct VOut { float4 pos : SV_Position; float2 c : COLOR0; };
        VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.c = col.xy; return o; }""",
     PS, "DEVICE_SHADER_LINKAGE_REGISTERMASK"),
    ("""struct VOut { float4 pos : SV_Position; nointerpolation uint4 c : COLOR0; };
        VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.c = (uint4)col; return o; }""",
     PS, "DEVICE_SHADER_LINKAGE_COMPONENTTYPE"),
    ("""struct VOut { float4 pos : SV_Position; float4 c : COLOR0; };
        VOut main(float4 pos : POSITION, float4 col : COLOR) { VOut o; o.pos = pos; o.c.xy = col.xy; return o; }""",
     PS, "DEVICE_SHADER_LINKAGE_NEVERWRITTEN_ALWAYSREADS"),  # COLOR0.zw declared, never written, read by the PS
])
def test_vs_ps_linkage_errors(vs, ps, name):
    s = Scene(vs=vs, ps=ps)
    s.ctx.Draw(3, 0)
    msgs = s.messages()
    assert s.ids() == only(name, ERROR)
    assert "Vertex Shader - Pixel Shader linkage error" in msgs[0].pDescription


def test_linkage_ignores_system_generated_inputs_and_unread_outputs():
    ps = "float4 main(float4 pos : SV_Position, uint id : SV_PrimitiveID, bool ff : SV_IsFrontFace) : SV_Target " \
         "{ return id + ff; }"
    s = Scene(ps=ps)  # COLOR0 is output but not read; SV_PrimitiveID / SV_IsFrontFace come from the hardware
    s.ctx.Draw(3, 0)
    assert s.ids() == []


def test_gs_to_ps_linkage_is_checked_instead_of_vs_to_ps():
    gs = GS_TRI.replace("float4 col : COLOR0", "float4 col : COLOR1")
    s = Scene()
    s.ctx.GSSetShader(s.dev.CreateGeometryShader(compile_(gs, "gs_5_0"), None))
    s.ctx.Draw(3, 0)
    got = s.ids()
    # VS->GS: the GS reads COLOR1 that the VS does not write; GS->PS: the PS reads COLOR0 that the GS lacks
    assert got == only("DEVICE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND", ERROR) * 2
    texts = [m.pDescription for m in s.messages()]
    assert "Vertex Shader - Geometry Shader" in texts[0] and "Geometry Shader - Pixel Shader" in texts[1]


# -- compute ------------------------------------------------------------------------------------------

CS_TYPED = """
RWBuffer<float> u : register(u0);
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { u[id.x] = 1.0; }
"""
CS_TEX = """
RWTexture2D<float4> u : register(u0);
[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { u[id.xy] = 1.0; }
"""


def cs_scene(src):
    s = Scene()
    s.ctx.CSSetShader(s.dev.CreateComputeShader(compile_(src, "cs_5_0"), None))
    return s


def uav_buffer(s, fmt=R32_FLOAT, structured=False):
    misc = 0x40 if structured else 0
    buf = s.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=BIND_UAV, MiscFlags=misc,  # noqa: F405
                                               StructureByteStride=4 if structured else 0))
    return s.dev.CreateUnorderedAccessView(buf, D3D11_UNORDERED_ACCESS_VIEW_DESC(  # noqa: F405
        Format=0 if structured else fmt, ViewDimension=1, Buffer=D3D11_BUFFER_UAV(FirstElement=0, NumElements=16)))  # noqa: F405


def test_dispatch_uav_not_set_and_correct():
    s = cs_scene(CS_TYPED)
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_NOT_SET", WARNING)
    assert s.messages()[0].pDescription.startswith("ID3D11DeviceContext::Dispatch: The Compute Shader unit")
    s.clear()
    s.ctx.CSSetUnorderedAccessViews(0, 1, [uav_buffer(s)], None)
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == []


def test_dispatch_uav_buffer_type_and_return_type_mismatch():
    s = cs_scene(CS_TYPED)
    s.ctx.CSSetUnorderedAccessViews(0, 1, [uav_buffer(s, structured=True)], None)
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_BUFFER_TYPE_MISMATCH", ERROR)
    assert "is a Structured Buffer while the shader expects a typed Buffer" in s.messages()[0].pDescription
    s.clear()
    s.ctx.CSSetUnorderedAccessViews(0, 1, [uav_buffer(s, R32_UINT)], None)
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_RETURN_TYPE_MISMATCH", ERROR)


def test_dispatch_typed_uav_unorm_needs_unorm_declaration():
    s = cs_scene(CS_TEX)
    t = s.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=RGBA8,  # noqa: F405
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=BIND_UAV))  # noqa: F405
    s.ctx.CSSetUnorderedAccessViews(0, 1, [s.dev.CreateUnorderedAccessView(t)], None)
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_RETURN_TYPE_MISMATCH", ERROR)
    text = s.messages()[0].pDescription
    assert "component 0 declared in the shader code (FLOAT)" in text and "(UNORM)" in text
    s.clear()
    s.ctx.CSSetUnorderedAccessViews(0, 1, [uav_buffer(s)], None)  # a buffer where a Texture2D is declared
    s.ctx.Dispatch(1, 1, 1)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_DIMENSION_MISMATCH", ERROR)


# -- ID3D11Debug::ValidateContext* ---------------------------------------------------------------------

def test_validate_context_runs_the_draw_checks_without_drawing():
    s = Scene(ps=PS_CB)
    dbg = s.dev.QueryInterface(ID3D11Debug)
    dbg.ValidateContext(s.ctx)
    assert s.ids() == only("DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET", WARNING)
    assert s.messages()[0].pDescription.startswith("ID3D11Debug::ValidateContext:")
    assert s.untouched()
    s.clear()
    s.ctx.PSSetConstantBuffers(0, 1, [s.buffer(np.ones(8, np.float32), BIND_CB)])
    dbg.ValidateContext(s.ctx)
    assert s.ids() == []


def test_validate_context_for_dispatch():
    s = cs_scene(CS_TYPED)
    dbg = s.dev.QueryInterface(ID3D11Debug)
    dbg.ValidateContextForDispatch(s.ctx)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_NOT_SET", WARNING)


# -- tessellation topology ------------------------------------------------------------------------------

HS = """
struct CP { float4 pos : SV_Position; float4 col : COLOR0; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PC pc(InputPatch<CP, 3> p) { PC o; o.e[0] = 1; o.e[1] = 1; o.e[2] = 1; o.i = 1; return o; }
[domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")] [outputcontrolpoints(3)]
[patchconstantfunc("pc")]
CP main(InputPatch<CP, 3> p, uint i : SV_OutputControlPointID) { return p[i]; }
"""
DS = """
struct CP { float4 pos : SV_Position; float4 col : COLOR0; };
struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
[domain("tri")]
CP main(PC pc, float3 uvw : SV_DomainLocation, const OutputPatch<CP, 3> p) {
  CP o; o.pos = p[0].pos * uvw.x + p[1].pos * uvw.y + p[2].pos * uvw.z; o.col = p[0].col; return o; }
"""


def test_hull_shader_topology_checks():
    s = Scene()
    s.ctx.HSSetShader(s.dev.CreateHullShader(compile_(HS, "hs_5_0"), None))
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_HS_XOR_DS_MISMATCH", ERROR)
    s.clear()
    s.ctx.DSSetShader(s.dev.CreateDomainShader(compile_(DS, "ds_5_0"), None))
    s.ctx.Draw(3, 0)  # a triangle list into a 3-control-point hull shader
    assert s.ids() == only("DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH", ERROR)
    assert "expects 3_CONTROL_POINT_PATCHLIST, but the Input Assembler topology is TRIANGLELIST" in \
        s.messages()[0].pDescription
    assert s.untouched()
    s.ctx.IASetPrimitiveTopology(PATCHLIST_3 + 1)  # 4 control points
    s.clear()
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH", ERROR)
    s.ctx.IASetPrimitiveTopology(PATCHLIST_3)
    s.clear()
    s.ctx.Draw(3, 0)  # VS->HS, HS->DS (control points and patch constants), DS->PS all link
    assert s.ids() == []
    assert s.rendered()


PS_UAV = """
RWBuffer<float> u : register(u1);
float4 main(float4 pos : SV_Position, float4 col : COLOR0) : SV_Target { u[0] = col.x; return col; }
"""


def test_pixel_shader_uav_slots_are_the_om_slots():
    s = Scene(ps=PS_UAV)
    s.ctx.Draw(3, 0)
    assert s.ids() == only("DEVICE_UNORDEREDACCESSVIEW_NOT_SET", WARNING)
    assert "The Pixel Shader unit expects an Unordered Access View at Slot 1" in s.messages()[0].pDescription
    assert s.rendered()
    s.clear()
    s.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [s.rtv], None, 1, 1, [uav_buffer(s)], None)
    s.ctx.Draw(3, 0)
    assert s.ids() == []


def test_deferred_context_validates_when_the_draw_is_recorded():
    s = Scene(ps=PS_CB)
    deferred = s.dev.CreateDeferredContext(0)
    deferred.VSSetShader(s.vs)
    deferred.PSSetShader(s.dev.CreatePixelShader(compile_(PS_CB, "ps_5_0"), None))
    deferred.IASetInputLayout(s.layout)
    deferred.IASetVertexBuffers(0, 1, [s.vb], [32], [0])
    deferred.IASetPrimitiveTopology(TRIANGLELIST)
    deferred.OMSetRenderTargets(1, [s.rtv], None)
    s.clear()
    deferred.Draw(3, 0)
    assert s.ids() == only("DEVICE_DRAW_CONSTANT_BUFFER_NOT_SET", WARNING)
