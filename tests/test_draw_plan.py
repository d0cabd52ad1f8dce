"""The draw plan (api/draw_plan.py, issue 12): a draw's snapshot of the bound objects is kept for the next draw
while the same objects stay bound.

Oracle: the same sequence of api calls with the plan off (``draw_plan.ENABLED = False``: every draw builds its
snapshot afresh, as before the plan existed) on the reference backend; with the plan on, on the native backend,
every draw's targets must be identical. The sequence draws, then for
each case of the tables changes one thing and draws again: every binding the fingerprint covers changed alone
(``BINDING_CASES``: the next draw must build a new plan), and the inputs read at every draw — the blend factor,
sample mask and stencil reference, resource contents written by UpdateSubresource, Map, CopyResource and a draw —
changed with the bindings unchanged (``REUSE_CASES``: the plan is reused, the draw still shows the change). In the
plan-off run each change must show in the image, so a stale plan would be visible. Each draw clears the targets
first, so the image is the one draw's.
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np
import pytest

from pyd3d11.api import draw_plan
from pyd3d11.api.context_state import BoundState, StageState
from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.shader import native

# the table tests choose their backends; the others test the api layer alone (run once, on the default backend)
pytestmark = pytest.mark.backend_specific

W = H = 16

VS = """vs_4_0
dcl_constantbuffer cb0[2], immediateIndexed
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
add o0.xy, v0.xyxx, cb0[0].xyxx
mov o0.z, cb0[1].x
mov o0.w, l(1.0)
mov o1.xy, v1.xyxx
ret
"""
# colour = texel of t0 (sampler s0) * cb0[0]
PS = """ps_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 1
sample r0.xyzw, v1.xyxx, t0.xyzw, s0
mul o0.xyzw, r0.xyzw, cb0[0].xyzw
ret
"""
PS2 = PS.replace("mul o0.xyzw, r0.xyzw", "mul o0.xyzw, r0.zyxw")  # red and blue exchanged
GS = """gs_4_0
dcl_input v[3][0].xyzw
dcl_input v[3][1].xy
dcl_temps 1
dcl_inputprimitive triangle
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_maxout 3
mov r0.x, l(0)
loop
  ige r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xy, v[r0.x + 0][1].yxyy
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
"""
# a quad as two triangles (list), each vertex: position, texture coordinate, then 4 floats of padding
QUAD = np.array([[-0.9, -0.8, 0.0, 1.0], [-0.7, 0.9, 0.0, 0.0], [0.8, 0.7, 1.0, 0.0],
                 [-0.9, -0.8, 0.0, 1.0], [0.8, 0.7, 1.0, 0.0], [0.9, -0.9, 1.0, 1.0]], np.float32)
VERTS = np.concatenate([QUAD, QUAD[:, ::-1] * np.float32(0.6)], axis=1)  # (6, 8): a second layout at byte 16
TEXELS = np.arange(64, dtype=np.uint8).reshape(4, 4, 4) * 4 + 3


class _Scene:
    def __init__(self):
        self.dev, _, self.ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
        dev, c = self.dev, self.ctx
        self.rt, self.rtv = self.target()
        self.rt2, self.rtv2 = self.target()
        self.dsvs = {}
        for clear in (1.0, 0.25):
            tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D24_UNORM_S8_UINT,
                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL))
            self.dsvs[clear] = dev.CreateDepthStencilView(tex, None)
        self.vb = self.buffer(VERTS, D3D11_BIND_VERTEX_BUFFER)
        self.vb2 = self.buffer(VERTS * np.float32(0.5), D3D11_BIND_VERTEX_BUFFER)
        self.ib = self.buffer(np.array([0, 1, 2, 3, 4, 5, 5, 4], np.uint16), D3D11_BIND_INDEX_BUFFER)
        self.ib2 = self.buffer(np.array([0, 1, 2, 0, 1, 2, 0, 0], np.uint16), D3D11_BIND_INDEX_BUFFER)
        # 32 constants: c0 = the position offset, c1.x = the depth; c16, c17 the same for a window at 16
        vs_cb = np.zeros((32, 4), np.float32)
        vs_cb[1, 0] = 0.5
        vs_cb[16, :2] = (0.25, 0.125)
        vs_cb[17, 0] = 0.5
        self.vs_cb = self.buffer(vs_cb, D3D11_BIND_CONSTANT_BUFFER)
        self.ps_cb = self.buffer(np.array([1, 1, 1, 1], np.float32), D3D11_BIND_CONSTANT_BUFFER)
        self.ps_cb2 = self.buffer(np.array([0.5, 1, 0.25, 1], np.float32), D3D11_BIND_CONSTANT_BUFFER)
        self.dyn_cb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, Usage=D3D11_USAGE_DYNAMIC,
                                                         BindFlags=D3D11_BIND_CONSTANT_BUFFER,
                                                         CPUAccessFlags=D3D11_CPU_ACCESS_WRITE),
                                       D3D11_SUBRESOURCE_DATA(pSysMem=np.ones(4, np.float32)))
        self.tex, self.srv = self.texture(TEXELS)
        self.tex2, self.srv2 = self.texture(TEXELS[::-1, :, ::-1].copy())
        self.rt_srv = dev.CreateShaderResourceView(self.rt2, None)
        # two mips: 4x4 as TEXELS, 2x2 of one colour (what SetResourceMinLOD 1 shows)
        self.tex_mips = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=4, Height=4, MipLevels=2, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
            [D3D11_SUBRESOURCE_DATA(pSysMem=TEXELS, SysMemPitch=16),
             D3D11_SUBRESOURCE_DATA(pSysMem=np.full((2, 2, 4), 200, np.uint8), SysMemPitch=8)])
        self.srv_mips = dev.CreateShaderResourceView(self.tex_mips, None)
        self.point = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
            Filter=D3D11_FILTER_MIN_MAG_MIP_POINT, AddressU=D3D11_TEXTURE_ADDRESS_CLAMP,
            AddressV=D3D11_TEXTURE_ADDRESS_CLAMP, AddressW=D3D11_TEXTURE_ADDRESS_CLAMP, MaxLOD=1000.0))
        self.linear = dev.CreateSamplerState(D3D11_SAMPLER_DESC(
            Filter=D3D11_FILTER_MIN_MAG_MIP_LINEAR, AddressU=D3D11_TEXTURE_ADDRESS_WRAP,
            AddressV=D3D11_TEXTURE_ADDRESS_WRAP, AddressW=D3D11_TEXTURE_ADDRESS_WRAP, MaxLOD=1000.0))
        self.vs_bytes = assemble_shader(VS)
        self.vs = dev.CreateVertexShader(self.vs_bytes, len(self.vs_bytes), None)
        vs2 = assemble_shader(VS.replace("mov o1.xy, v1.xyxx", "mov o1.xy, v1.yxyy"))
        self.vs2 = dev.CreateVertexShader(vs2, len(vs2), None)
        self.ps = self.pixel_shader(PS)
        self.ps2 = self.pixel_shader(PS2)
        self.il = self.layout(0, 8)
        self.raster = dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ScissorEnable=True))
        rtb = D3D11_RENDER_TARGET_BLEND_DESC(
            BlendEnable=True, SrcBlend=D3D11_BLEND_BLEND_FACTOR, DestBlend=D3D11_BLEND_ZERO,
            BlendOp=D3D11_BLEND_OP_ADD, SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_ZERO,
            BlendOpAlpha=D3D11_BLEND_OP_ADD, RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)
        self.blend = dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[rtb] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7))
        self.ds_state = self.depth_stencil(D3D11_COMPARISON_LESS)
        self.rt3, self.rtv3 = self.target()
        self.rt3_srv = dev.CreateShaderResourceView(self.rt3, None)
        self.stencil_state = self.depth_stencil(D3D11_COMPARISON_LESS, stencil=True)
        self.bind(c, self.rtv, self.dsvs[1.0])

    def reset(self):
        """The scene's bindings and resource contents as created (between cases)."""
        c = self.ctx
        c.ClearState()
        c.UpdateSubresource(self.vb, 0, None, VERTS, 0, 0)
        c.UpdateSubresource(self.ps_cb, 0, None, np.ones(4, np.float32), 0, 0)
        c.UpdateSubresource(self.tex, 0, None, TEXELS, 16, 0)
        c.SetResourceMinLOD(self.tex_mips, 0.0)
        m = c.Map(self.dyn_cb, 0, D3D11_MAP_WRITE_DISCARD, 0)
        np.frombuffer(m.pData, np.float32, 4)[:] = 1.0
        c.Unmap(self.dyn_cb, 0)
        self.bind(c, self.rtv, self.dsvs[1.0])

    def bind(self, c, rtv, dsv):
        """The scene's bindings on context ``c``."""
        c.IASetInputLayout(self.il)
        c.IASetVertexBuffers(0, 1, [self.vb], [32], [0])
        c.IASetIndexBuffer(self.ib, DXGI_FORMAT_R16_UINT, 0)
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        c.VSSetShader(self.vs, None, 0)
        c.VSSetConstantBuffers(0, 1, [self.vs_cb])
        c.PSSetShader(self.ps, None, 0)
        c.PSSetConstantBuffers(0, 1, [self.ps_cb])
        c.PSSetShaderResources(0, 1, [self.srv])
        c.PSSetSamplers(0, 1, [self.point])
        c.RSSetState(self.raster)
        c.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        c.RSSetScissorRects(1, [D3D11_RECT(0, 0, 12, 14)])
        c.OMSetBlendState(self.blend, [1.0, 0.5, 0.25, 1.0], 0xFFFFFFFF)
        c.OMSetDepthStencilState(self.ds_state, 0)
        c.OMSetRenderTargets(1, [rtv], dsv)

    def buffer(self, data, bind):
        data = np.ascontiguousarray(data)
        return self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind),
                                     D3D11_SUBRESOURCE_DATA(pSysMem=data))

    def target(self):
        tex = self.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
        return tex, self.dev.CreateRenderTargetView(tex, None)

    def texture(self, texels):
        tex = self.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=4, Height=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE),
            D3D11_SUBRESOURCE_DATA(pSysMem=np.ascontiguousarray(texels), SysMemPitch=16))
        return tex, self.dev.CreateShaderResourceView(tex, None)

    def pixel_shader(self, text):
        b = assemble_shader(text)
        return self.dev.CreatePixelShader(b, len(b), None)

    def layout(self, pos, uv):
        return self.dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, pos, D3D11_INPUT_PER_VERTEX_DATA, 0),
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, uv, D3D11_INPUT_PER_VERTEX_DATA, 0),
        ], 2, self.vs_bytes, len(self.vs_bytes))

    def depth_stencil(self, func, stencil=False):
        op = D3D11_DEPTH_STENCILOP_DESC(StencilFailOp=D3D11_STENCIL_OP_KEEP, StencilDepthFailOp=D3D11_STENCIL_OP_KEEP,
                                        StencilPassOp=D3D11_STENCIL_OP_KEEP, StencilFunc=D3D11_COMPARISON_EQUAL)
        return self.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=func, StencilEnable=stencil,
            StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=op, BackFace=op))

    def draw(self) -> bytes:
        """Clear the targets (depth to each DSV's own value, stencil to 0), draw, return every target's bytes."""
        c = self.ctx
        for v in (self.rtv, self.rtv2):
            c.ClearRenderTargetView(v, [0.0, 0.0, 0.0, 0.0])
        for value, v in self.dsvs.items():
            c.ClearDepthStencilView(v, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, value, 0)
        c.DrawIndexed(6, 0, 0)
        return texture_to_numpy(c, self.rt, 0).tobytes() + texture_to_numpy(c, self.rt2, 0).tobytes()


def _geometry_shader(sc):
    b = assemble_shader(GS)
    sc.ctx.GSSetShader(sc.dev.CreateGeometryShader(b, len(b), None), None, 0)


def _cb_window(sc):
    # VSSetConstantBuffers1: the window starts at constant 16 (multiples of 16, D3D11.1), another offset there
    sc.ctx.VSSetConstantBuffers1(0, 1, [sc.vs_cb], [16], [16])


#: (name, change): each changes one binding of the fingerprint (the draw after it builds a new plan)
BINDING_CASES = [
    ("input layout", lambda sc: sc.ctx.IASetInputLayout(sc.layout(16, 24))),
    ("vertex buffer", lambda sc: sc.ctx.IASetVertexBuffers(0, 1, [sc.vb2], [32], [0])),
    ("vertex stride", lambda sc: sc.ctx.IASetVertexBuffers(0, 1, [sc.vb], [16], [0])),
    ("vertex offset", lambda sc: sc.ctx.IASetVertexBuffers(0, 1, [sc.vb], [32], [32])),
    ("index buffer", lambda sc: sc.ctx.IASetIndexBuffer(sc.ib2, DXGI_FORMAT_R16_UINT, 0)),
    ("index format", lambda sc: sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R32_UINT, 0)),
    ("index offset", lambda sc: sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R16_UINT, 4)),
    ("topology", lambda sc: sc.ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_LINELIST)),
    ("vertex shader", lambda sc: sc.ctx.VSSetShader(sc.vs2, None, 0)),
    ("geometry shader", _geometry_shader),
    ("pixel shader", lambda sc: sc.ctx.PSSetShader(sc.ps2, None, 0)),
    ("constant buffer", lambda sc: sc.ctx.PSSetConstantBuffers(0, 1, [sc.ps_cb2])),
    ("constant buffer first constant", _cb_window),
    ("shader resource view", lambda sc: sc.ctx.PSSetShaderResources(0, 1, [sc.srv2])),
    ("sampler", lambda sc: sc.ctx.PSSetSamplers(0, 1, [sc.linear])),
    ("rasterizer state", lambda sc: sc.ctx.RSSetState(None)),  # the default: no scissor test
    ("viewport", lambda sc: sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(2, 3, 9, 11, 0, 1)])),
    ("scissor rectangle", lambda sc: sc.ctx.RSSetScissorRects(1, [D3D11_RECT(3, 1, 12, 9)])),
    ("render target", lambda sc: sc.ctx.OMSetRenderTargets(1, [sc.rtv2], sc.dsvs[1.0])),
    ("depth-stencil view", lambda sc: sc.ctx.OMSetRenderTargets(1, [sc.rtv], sc.dsvs[0.25])),
    ("blend state", lambda sc: sc.ctx.OMSetBlendState(None, [1.0, 0.5, 0.25, 1.0], 0xFFFFFFFF)),
    ("depth-stencil state", lambda sc: sc.ctx.OMSetDepthStencilState(sc.depth_stencil(D3D11_COMPARISON_GREATER), 0)),
]


def _clear_rt3(color):
    return lambda sc: sc.ctx.ClearRenderTargetView(sc.rtv3, color)


def _sample_rt3(sc):
    sc.ctx.PSSetShaderResources(0, 1, [sc.rt3_srv])
    sc.ctx.ClearRenderTargetView(sc.rtv3, [0.5, 0.25, 1.0, 1.0])


def _deferred_draw_into_rt3(sc):
    """A command list's draw writes the texture the immediate context samples; ExecuteCommandList restores the
    immediate context's bindings (RestoreContextState TRUE), so its next draw has the same ones."""
    dc = sc.dev.CreateDeferredContext(0)
    sc.bind(dc, sc.rtv3, None)
    dc.PSSetShaderResources(0, 1, [sc.srv2])
    dc.DrawIndexed(6, 0, 0)
    sc.ctx.ExecuteCommandList(dc.FinishCommandList(False), True)


def _map_cb(sc):
    m = sc.ctx.Map(sc.dyn_cb, 0, D3D11_MAP_WRITE_DISCARD, 0)
    np.frombuffer(m.pData, np.float32, 4)[:] = [0.25, 0.5, 1.0, 1.0]
    sc.ctx.Unmap(sc.dyn_cb, 0)


def _none(sc):
    pass


#: (name, prepare, change): each changes what a draw reads while the bindings stay the same objects (the plan
#: made by the draw after ``prepare`` is reused by the draw after ``change``)
REUSE_CASES = [
    ("blend factor", _none, lambda sc: sc.ctx.OMSetBlendState(sc.blend, [0.25, 1.0, 0.5, 1.0], 0xFFFFFFFF)),
    ("sample mask", _none, lambda sc: sc.ctx.OMSetBlendState(sc.blend, [1.0, 0.5, 0.25, 1.0], 0)),
    ("stencil reference", lambda sc: sc.ctx.OMSetDepthStencilState(sc.stencil_state, 0),
     # the same state object: stencil EQUAL 1 against the cleared 0 fails everywhere
     lambda sc: sc.ctx.OMSetDepthStencilState(sc.stencil_state, 1)),
    ("constant buffer contents (UpdateSubresource)", _none,
     lambda sc: sc.ctx.UpdateSubresource(sc.ps_cb, 0, None, np.array([1, 0.25, 0.5, 1], np.float32), 0, 0)),
    ("vertex buffer contents (UpdateSubresource)", _none,
     lambda sc: sc.ctx.UpdateSubresource(sc.vb, 0, None, VERTS * np.float32(0.75), 0, 0)),
    ("constant buffer contents (Map WRITE_DISCARD)", lambda sc: sc.ctx.PSSetConstantBuffers(0, 1, [sc.dyn_cb]),
     _map_cb),
    ("resource min LOD (SetResourceMinLOD)", lambda sc: sc.ctx.PSSetShaderResources(0, 1, [sc.srv_mips]),
     lambda sc: sc.ctx.SetResourceMinLOD(sc.tex_mips, 1.0)),
    ("texture contents (CopyResource)", _none, lambda sc: sc.ctx.CopyResource(sc.tex, sc.tex2)),
    ("texture contents (ClearRenderTargetView)", _sample_rt3, _clear_rt3([0.0, 1.0, 0.25, 1.0])),
    ("texture contents (a deferred context's draw)", _sample_rt3, _deferred_draw_into_rt3),
]
BINDING_CASES = [(name, _none, change) for name, change in BINDING_CASES]


def _sequence(cases, enabled: bool, backend: str, scene: type | None = None):
    """Per case, on the scene reset (``scene``: a subclass of _Scene, default _Scene): (image before, image after
    the change, the plan reused by the draw after it)."""
    draw_plan.ENABLED = enabled
    native.set_backend(backend)
    try:
        out = []
        sc = (scene or _Scene)()
        for name, prepare, change in cases:
            sc.reset()
            prepare(sc)
            before = sc.draw()
            change(sc)
            plans = sc.ctx._draw_plans
            hits = plans.hits
            after = sc.draw()
            out.append((name, before, after, plans.hits > hits))
        return out
    finally:
        draw_plan.ENABLED = True
        native.set_backend(None)


@pytest.mark.parametrize("table,reused", [(BINDING_CASES, False), (REUSE_CASES, True)], ids=["binding", "reuse"])
def test_each_input_changed_alone(table, reused):
    # the plan on the native backend (where available) against no plan on the reference backend: a stale plan,
    # and a pipeline cache that misses a change, differ from the reference's image
    on = _sequence(table, True, "native" if native.available() else "reference")
    off = _sequence(table, False, "reference")
    for (name, before, after, hit), (_, before_off, after_off, _) in zip(on, off):
        assert (before, after) == (before_off, after_off), f"{name}: the plan changed the image"
        assert before_off != after_off, f"{name}: the change must show in the image (else this case tests nothing)"
        assert hit is reused, f"{name}: the draw after the change {'built' if reused else 'reused'} a plan"


def test_an_unchanged_draw_reuses_the_plan_and_a_reset_builds_one():
    sc = _Scene()
    first = sc.draw()
    plans = sc.ctx._draw_plans
    hits, misses = plans.hits, plans.misses
    assert sc.draw() == first
    assert (plans.hits, plans.misses) == (hits + 1, misses)
    # the same objects bound again by the setters: still the same plan
    sc.ctx.PSSetShaderResources(0, 1, [sc.srv])
    sc.ctx.OMSetRenderTargets(1, [sc.rtv], sc.dsvs[1.0])
    assert sc.draw() == first
    assert plans.hits == hits + 2
    sc.ctx.ClearState()
    assert plans.plan is None  # ClearState lets go of the objects the plan named
    sc.ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    sc.ctx.DrawIndexed(6, 0, 0)  # nothing bound: a new plan
    assert plans.misses == misses + 1


def test_the_fingerprint_names_every_bound_state_field():
    """A field added to BoundState / StageState later must be added to the fingerprint (or be read per draw)."""
    names = {f.name for f in fields(BoundState)}
    assert names == draw_plan.FINGERPRINT_FIELDS | draw_plan.PER_DRAW_FIELDS | draw_plan.NOT_DRAW_FIELDS
    assert {f.name for f in fields(StageState)} == set(draw_plan.STAGE_FIELDS)


def test_two_devices_drawing_on_two_threads():
    """Each context keeps its own plan: two devices on two threads run the reuse table (one forwards, one
    backwards, so their states differ draw by draw) with two pool workers, and give the reference's images."""
    from test_draw_queue import run_on_threads

    from pyd3d11.shader.native import pool

    cases = [REUSE_CASES, REUSE_CASES[::-1]]
    want = [_sequence(c, False, "reference") for c in cases]
    native.set_backend("native" if native.available() else "reference")
    pool.set_threads(2)
    try:
        got: list = [None, None]

        def work(i: int) -> None:
            sc = _Scene()
            out = []
            for name, prepare, change in cases[i]:
                sc.reset()
                prepare(sc)
                before = sc.draw()
                change(sc)
                out.append((name, before, sc.draw()))
            got[i] = out

        errors = run_on_threads(work)
    finally:
        pool.set_threads(None)
        native.set_backend(None)
    assert not errors, errors
    for i in range(2):
        assert got[i] == [w[:3] for w in want[i]], f"thread {i}"


def test_bindings_of_a_stage_without_a_shader_keep_the_plan():
    """A stage without a shader reads none of its bindings (the snapshot holds none for it), so binding a constant
    buffer, view or sampler there keeps the plan, and the image; binding its shader then builds a new plan."""
    sc = _Scene()
    first = sc.draw()
    plans = sc.ctx._draw_plans
    for change in (lambda c: c.GSSetConstantBuffers(0, 1, [sc.ps_cb2]), lambda c: c.HSSetShaderResources(0, 1, [sc.srv2]),
                   lambda c: c.DSSetSamplers(0, 1, [sc.linear])):
        change(sc.ctx)
        hits, misses = plans.hits, plans.misses
        assert sc.draw() == first
        assert (plans.hits, plans.misses) == (hits + 1, misses)
    _geometry_shader(sc)  # the GS now reads its slots: a new plan
    misses = plans.misses
    sc.draw()
    assert plans.misses == misses + 1
