"""Reusing the previous draw's vertex front end (pipeline/front_memo.py, issue 12 point 3).

A draw whose vertex front end has exactly the previous draw's inputs reuses its results. The oracle is the same
sequence of API calls with the memo off (``front_memo.ENABLED = False``): every draw's render target and the
pipeline statistics (D3D11_QUERY_PIPELINE_STATISTICS counts every IA vertex, VS invocation and primitive of
every draw, reused or not) must be identical. Each case changes one input of the vertex front end between two
otherwise identical draws — constant-buffer contents, vertex-buffer contents (UpdateSubresource, Map), the bound
vertex buffer, its offset, the draw arguments, the pixel shader that consumes the outputs — and checks that the
second draw shows the change (so a stale reuse would be visible) and that the memo was or was not used as the
module's rules say.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline import front_memo

W = H = 32

VS = """vs_4_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
add o0.xy, v0.xyxx, cb0[0].xyxx
mov o0.zw, l(0,0,0,1.0)
mov o1.xy, v1.xyxx
ret
"""
PS_A = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, l(0,0,0.25,0.5)
ret
"""
PS_B = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.yxyy
mov o0.zw, l(0,0,0.75,0.5)
ret
"""
# a triangle covering part of the target, with an attribute ramp
TRI = np.array([[-0.8, -0.7, 0.0, 0.0], [0.6, 0.9, 1.0, 0.0], [0.5, -0.9, 0.0, 1.0],
                [-0.9, 0.9, 0.3, 0.3], [0.9, 0.8, 0.6, 0.9], [0.2, -0.2, 0.9, 0.1]], np.float32)


class _Scene:
    def __init__(self):
        self.dev, _, self.ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
        dev, c = self.dev, self.ctx
        self.rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET))
        self.rtv = dev.CreateRenderTargetView(self.rt, None)
        self.ds = {}
        for fmt in (DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_D16_UNORM):
            tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=W, Height=H, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                BindFlags=D3D11_BIND_DEPTH_STENCIL))
            self.ds[fmt] = (tex, dev.CreateDepthStencilView(tex, None))
        self.dsv = None
        self.vb = self.buffer(TRI, D3D11_BIND_VERTEX_BUFFER)
        self.vb2 = self.buffer(TRI[::-1].copy() * np.float32(0.5), D3D11_BIND_VERTEX_BUFFER)
        self.cb = self.buffer(np.zeros(4, np.float32), D3D11_BIND_CONSTANT_BUFFER)
        vs = assemble_shader(VS)
        self.vs = dev.CreateVertexShader(vs, len(vs), None)
        self.il = dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0),
        ], 2, vs, len(vs))
        self.ps = {name: self._ps(text) for name, text in (("A", PS_A), ("B", PS_B))}
        c.OMSetRenderTargets(1, [self.rtv], None)
        c.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        c.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
        c.IASetInputLayout(self.il)
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        self.bind_vb(self.vb)
        c.VSSetShader(self.vs, None, 0)
        c.VSSetConstantBuffers(0, 1, [self.cb])
        c.PSSetShader(self.ps["A"], None, 0)
        self.query = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
        c.Begin(self.query)

    def buffer(self, data, bind, usage=D3D11_USAGE_DEFAULT, cpu=0):
        data = np.ascontiguousarray(data)
        return self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, Usage=usage, BindFlags=bind,
                                                       CPUAccessFlags=cpu),
                                     D3D11_SUBRESOURCE_DATA(pSysMem=data))

    def _ps(self, text):
        b = assemble_shader(text)
        return self.dev.CreatePixelShader(b, len(b), None)

    def bind_vb(self, vb, offset=0):
        self.ctx.IASetVertexBuffers(0, 1, [vb], [16], [offset])

    def draw(self, count=3, start=0):
        """Clear, draw, and return the target's bytes (and the bound depth buffer's)."""
        self.ctx.ClearRenderTargetView(self.rtv, [0.0, 0.0, 0.0, 0.0])
        if self.dsv is not None:
            self.ctx.ClearDepthStencilView(self.dsv[1], D3D11_CLEAR_DEPTH, 1.0, 0)
        self.ctx.Draw(count, start)
        from pyd3d11.api.convenience import texture_to_numpy

        out = texture_to_numpy(self.ctx, self.rt, 0).tobytes()
        if self.dsv is not None:
            out += bytes(self.dsv[0]._storage.data)
        return out

    def use_depth(self, fmt):
        self.dsv = self.ds[fmt]
        self.ctx.OMSetRenderTargets(1, [self.rtv], self.dsv[1])
        self.ctx.OMSetDepthStencilState(self.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS)), 0)

    def rasterizer(self, **kw):
        desc = dict(FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)
        desc.update(kw)
        self.ctx.RSSetState(self.dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(**desc)))

    def stats(self):
        self.ctx.End(self.query)
        s = self.ctx.GetData(self.query)
        return tuple(int(getattr(s, f)) for f in ("IAVertices", "IAPrimitives", "VSInvocations", "CInvocations",
                                                  "CPrimitives", "PSInvocations"))


def _map_write(sc, buf, data):
    m = sc.ctx.Map(buf, 0, D3D11_MAP_WRITE_DISCARD, 0)
    np.frombuffer(m.pData, np.uint8)[:data.nbytes] = np.ascontiguousarray(data).view(np.uint8).ravel()
    sc.ctx.Unmap(buf, 0)


# each case: (name, change between the two draws, whether the second draw may reuse the first's front end)
def _cb_update(sc):
    sc.ctx.UpdateSubresource(sc.cb, 0, None, np.array([0.25, -0.125, 0, 0], np.float32), 16, 16)


def _cb_same_contents(sc):
    sc.ctx.UpdateSubresource(sc.cb, 0, None, np.zeros(4, np.float32), 16, 16)  # a write, same words


def _vb_update(sc):
    sc.ctx.UpdateSubresource(sc.vb, 0, None, TRI * np.float32(0.75), 0, 0)


def _vb_map_setup(sc):
    sc.dyn = sc.buffer(TRI, D3D11_BIND_VERTEX_BUFFER, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE)
    sc.bind_vb(sc.dyn)


def _vb_map(sc):
    _map_write(sc, sc.dyn, TRI[[1, 2, 0, 4, 5, 3]] * np.float32(0.5))


def _vb_other(sc):
    sc.bind_vb(sc.vb2)


def _vb_offset(sc):
    sc.bind_vb(sc.vb, 16)


def _ps_other(sc):
    sc.ctx.PSSetShader(sc.ps["B"], None, 0)


def _nothing(sc):
    pass


def _blend_other(sc):
    bs = sc.dev.CreateBlendState(D3D11_BLEND_DESC(RenderTarget=[D3D11_RENDER_TARGET_BLEND_DESC(
        BlendEnable=True, SrcBlend=D3D11_BLEND_ONE, DestBlend=D3D11_BLEND_ONE, BlendOp=D3D11_BLEND_OP_ADD,
        SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_ONE, BlendOpAlpha=D3D11_BLEND_OP_ADD,
        RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7))
    sc.ctx.OMSetBlendState(bs, [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF)


CASES = [
    ("cb contents", _cb_update, False, True),
    ("cb rewritten with the same words", _cb_same_contents, True, False),
    ("vb UpdateSubresource", _vb_update, False, True),
    ("vb Map WRITE_DISCARD", _vb_map, False, True),
    ("another vb", _vb_other, False, True),
    ("vb offset", _vb_offset, False, True),
    ("pixel shader", _ps_other, False, True),
    ("nothing", _nothing, True, False),
    ("blend state only", _blend_other, True, False),
]


def _sequence(change, enabled, second_args=(3, 0)):
    front_memo.ENABLED = enabled
    front_memo.clear()
    try:
        sc = _Scene()
        if change is _vb_map:
            _vb_map_setup(sc)  # both draws read the dynamic buffer
        if change in _WITH_DEPTH:
            sc.use_depth(DXGI_FORMAT_D32_FLOAT)
        first = sc.draw()
        change(sc)
        before, before_setup = front_memo.hits, front_memo.setup_hits
        second = sc.draw(*second_args)
        reused = front_memo.hits > before
        setup_reused = front_memo.setup_hits > before_setup
        return first, second, sc.stats(), reused, setup_reused
    finally:
        front_memo.ENABLED = True
        front_memo.clear()


@pytest.mark.parametrize("name,change,reuse,visible", CASES, ids=[c[0] for c in CASES])
def test_change_between_identical_draws(name, change, reuse, visible):
    on = _sequence(change, True)
    off = _sequence(change, False)
    assert on[0] == off[0] and on[1] == off[1], "a reused front end changed the image"
    assert on[2] == off[2], "pipeline statistics differ"
    assert on[2][2] == 6  # VSInvocations: 3 per draw, reused or not
    assert on[3] is reuse
    assert on[4] is reuse  # nothing here changes the setup's own inputs: it is reused with the front end
    if visible:
        assert off[0] != off[1], "the change must show in the image (else this case tests nothing)"


# changes of what triangle setup reads (rasterizer state, viewport, depth-stencil format): the front end is
# reused, the setup is not
def _cull_front(sc):
    sc.rasterizer(CullMode=D3D11_CULL_FRONT)


def _front_ccw(sc):
    sc.rasterizer(CullMode=D3D11_CULL_BACK, FrontCounterClockwise=True)


def _depth_bias(sc):
    sc.rasterizer(DepthBias=20000)


def _depth_format(sc):
    sc.rasterizer(DepthBias=3000)
    sc.draw()  # the first of the pair already biased
    sc.use_depth(DXGI_FORMAT_D16_UNORM)  # the bias unit is the format's (§15.10)


def _viewport(sc):
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(3, 1, W - 5, H - 2, 0, 1)])


def _viewport_depth(sc):
    sc.ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0.25, 0.5)])


# (the vertex shader writes z = 0: depth clipping and slope-scaled bias would change nothing visible here)
_WITH_DEPTH = {_depth_bias, _depth_format, _viewport_depth}

SETUP_CASES = [
    ("cull front", _cull_front), ("front counter-clockwise", _front_ccw),
    ("depth bias", _depth_bias), ("depth format under bias", _depth_format),
    ("viewport", _viewport), ("viewport depth range", _viewport_depth),
]
@pytest.mark.parametrize("name,change", SETUP_CASES, ids=[c[0] for c in SETUP_CASES])
def test_setup_state_change_between_identical_draws(name, change):
    on = _sequence(change, True)
    off = _sequence(change, False)
    assert on[0] == off[0] and on[1] == off[1], "a reused setup changed the image"
    assert on[2] == off[2], "pipeline statistics differ"
    assert on[3] is True and on[4] is False
    if change is not _depth_format:
        assert off[0] != off[1], "the change must show in the image (else this case tests nothing)"


@pytest.mark.parametrize("args", [(3, 3), (6, 0)])
def test_other_draw_arguments(args):
    on = _sequence(_nothing, True, args)
    off = _sequence(_nothing, False, args)
    assert on[:3] == off[:3]
    assert on[3] is False and on[4] is False
    assert off[0] != off[1]


def test_vertex_shader_with_a_view_bound_is_not_reused():
    """An SRV bound to the vertex shader's slots: the memo does not track texture contents, so it stays off."""
    front_memo.clear()
    sc = _Scene()
    tex = sc.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=4, Height=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE))
    sc.ctx.VSSetShaderResources(0, 1, [sc.dev.CreateShaderResourceView(tex, None)])
    sc.draw()
    before = front_memo.hits, front_memo.setup_hits
    sc.draw()
    assert (front_memo.hits, front_memo.setup_hits) == before


def test_a_draw_not_kept_never_takes_the_kept_setup():
    """A draw that is not kept (a view bound to the vertex shader) after one that is, with other primitives and
    the same rasterizer state: its triangle setup is its own (the kept one belongs to the kept primitives)."""
    images = []
    for enabled in (True, False):
        front_memo.ENABLED = enabled
        front_memo.clear()
        try:
            sc = _Scene()
            first = sc.draw()
            tex = sc.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=4, Height=4, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_SHADER_RESOURCE))
            sc.ctx.VSSetShaderResources(0, 1, [sc.dev.CreateShaderResourceView(tex, None)])
            sc.bind_vb(sc.vb2)
            images.append((first, sc.draw()))
        finally:
            front_memo.ENABLED = True
            front_memo.clear()
    assert images[0] == images[1]
    assert images[1][0] != images[1][1]


def test_many_identical_draws_accumulate_statistics():
    """50 identical blended draws (scene S5's pattern): every draw after the first reuses the front end, and
    IAVertices / VSInvocations still count all 50 draws' vertices (§20.4.7's counters count every draw)."""
    results = []
    for enabled in (True, False):
        front_memo.ENABLED = enabled
        front_memo.clear()
        try:
            sc = _Scene()
            _blend_other(sc)
            sc.ctx.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
            before = front_memo.hits
            for _ in range(50):
                sc.ctx.Draw(6, 0)
            hits = front_memo.hits - before
            from pyd3d11.api.convenience import texture_to_numpy

            results.append((texture_to_numpy(sc.ctx, sc.rt, 0).tobytes(), sc.stats(), hits))
        finally:
            front_memo.ENABLED = True
            front_memo.clear()
    assert results[0][:2] == results[1][:2]
    assert results[0][1][0] == 300 and results[0][1][2] == 300
    assert results[0][2] == 49 and results[1][2] == 0


def test_large_passes_are_not_kept(monkeypatch):
    """Passes above MAX_VERTICES vertices are not kept (the entry would hold their vertex shader outputs)."""
    monkeypatch.setattr(front_memo, "MAX_VERTICES", 5)
    front_memo.clear()
    sc = _Scene()
    sc.draw(6, 0)
    before = front_memo.hits
    sc.draw(6, 0)
    assert front_memo.hits == before
    sc.draw(3, 0)
    sc.draw(3, 0)
    assert front_memo.hits == before + 1


# ---------------------------------------------------------------------------------------------------------------
# Every field of the two keys changed alone between two otherwise identical draws (mutation testing found key
# fields no test changed): the vertex shader, the topology, the vertex-buffer stride, the input layout, the index
# buffer (contents, format, offset), a geometry shader, the instance count; rasterizer fields of the setup key.

VS2 = VS.replace("mov o1.xy, v1.xyxx", "mov o1.xy, v1.yxyy")  # the same front end but for one swizzle

GS_SWAP = """gs_4_0
dcl_constantbuffer cb0[1], immediateIndexed
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
  add o0.xyzw, v[r0.x + 0][0].xyzw, cb0[0].xyzw
  mov o1.xy, v[r0.x + 0][1].yxyy
  emit
  iadd r0.x, r0.x, l(1)
endloop
cut
ret
"""


def _vs_other(sc):
    b = assemble_shader(VS2)
    sc.ctx.VSSetShader(sc.dev.CreateVertexShader(b, len(b), None), None, 0)


def _topology(sc):
    sc.ctx.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)


def _stride(sc):
    sc.ctx.IASetVertexBuffers(0, 1, [sc.vb], [8], [0])


def _input_layout(sc):
    vs = assemble_shader(VS)
    sc.ctx.IASetInputLayout(sc.dev.CreateInputLayout([  # the two elements' offsets exchanged
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0),
        D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
    ], 2, vs, len(vs)))


def _geometry_shader(sc):
    b = assemble_shader(GS_SWAP)
    sc.ctx.GSSetShader(sc.dev.CreateGeometryShader(b, len(b), None), None, 0)
    sc.gs_cb = sc.buffer(np.zeros(4, np.float32), D3D11_BIND_CONSTANT_BUFFER)
    sc.ctx.GSSetConstantBuffers(0, 1, [sc.gs_cb])


def _gs_cb_update(sc):
    sc.ctx.UpdateSubresource(sc.gs_cb, 0, None, np.array([0.25, -0.125, 0, 0], np.float32), 16, 16)


def test_front_end_with_a_geometry_shader_is_not_kept():
    """The kept front end ends after the pre-raster stages; with a geometry shader that includes the geometry
    shader's outputs, which read what the key does not name (its constant buffers): such draws are not kept.
    Two draws with one geometry shader and a change of its constant buffer only: the second shows it."""
    images = []
    for enabled in (True, False):
        front_memo.ENABLED = enabled
        front_memo.clear()
        try:
            sc = _Scene()
            _geometry_shader(sc)
            first = sc.draw()
            _gs_cb_update(sc)
            before = front_memo.hits
            images.append((first, sc.draw(), sc.stats(), front_memo.hits > before))
        finally:
            front_memo.ENABLED = True
            front_memo.clear()
    assert images[0][:3] == images[1][:3]
    assert images[0][3] is False
    assert images[1][0] != images[1][1]


KEY_CASES = [
    ("vertex shader", _vs_other), ("topology", _topology), ("vertex buffer stride", _stride),
    ("input layout", _input_layout), ("geometry shader", _geometry_shader),
]


@pytest.mark.parametrize("name,change", KEY_CASES, ids=[c[0] for c in KEY_CASES])
def test_front_end_key_fields(name, change):
    on = _sequence(change, True)
    off = _sequence(change, False)
    assert on[0] == off[0] and on[1] == off[1], "a reused front end changed the image"
    assert on[2] == off[2], "pipeline statistics differ"
    assert on[3] is False and on[4] is False
    assert off[0] != off[1], "the change must show in the image (else this case tests nothing)"


# index buffer: 16-bit indices 0, 1, 2, 3, 4, 5 (as 32-bit words: 0x10000, 0x30002, 0x50004)
IDX16 = np.array([0, 1, 2, 3, 4, 5, 0, 0], np.uint16)


def _indexed_sequence(change, enabled):
    front_memo.ENABLED = enabled
    front_memo.clear()
    try:
        sc = _Scene()
        sc.ib = sc.buffer(IDX16, D3D11_BIND_INDEX_BUFFER)
        sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R16_UINT, 0)
        images = []
        for step in range(2):
            if step:
                change(sc)
            before = front_memo.hits
            sc.ctx.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
            sc.ctx.DrawIndexed(3, 0, 0)
            from pyd3d11.api.convenience import texture_to_numpy

            images.append(texture_to_numpy(sc.ctx, sc.rt, 0).tobytes())
        return images, sc.stats(), front_memo.hits > before
    finally:
        front_memo.ENABLED = True
        front_memo.clear()


def _ib_contents(sc):
    sc.ctx.UpdateSubresource(sc.ib, 0, None, np.array([3, 4, 5, 0, 1, 2, 0, 0], np.uint16), 0, 0)


def _ib_format(sc):
    sc.ctx.UpdateSubresource(sc.ib, 0, None, np.array([3, 0, 4, 0, 5, 0, 0, 0], np.uint16), 0, 0)
    sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R16_UINT, 0)  # same words for this draw, then read as 32-bit
    sc.ctx.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
    sc.ctx.DrawIndexed(3, 0, 0)
    sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R32_UINT, 0)


def _ib_offset(sc):
    sc.ctx.IASetIndexBuffer(sc.ib, DXGI_FORMAT_R16_UINT, 6)


IB_CASES = [("index buffer contents", _ib_contents), ("index format", _ib_format), ("index offset", _ib_offset)]


@pytest.mark.parametrize("name,change", IB_CASES, ids=[c[0] for c in IB_CASES])
def test_index_buffer_key_fields(name, change):
    on = _indexed_sequence(change, True)
    off = _indexed_sequence(change, False)
    assert on[:2] == off[:2]
    assert on[2] is False
    assert off[0][0] != off[0][1], "the change must show in the image (else this case tests nothing)"


def _fill_wireframe(sc):
    sc.rasterizer(FillMode=D3D11_FILL_WIREFRAME)


def _scissor(sc):
    sc.rasterizer(ScissorEnable=True)
    sc.ctx.RSSetScissorRects(1, [D3D11_RECT(0, 0, W // 2, H)])


def _bias_clamp(sc):
    sc.rasterizer(DepthBias=20000)
    sc.draw()  # the first of the pair already biased
    sc.rasterizer(DepthBias=20000, DepthBiasClamp=0.0001)


def _slope_bias(sc):
    sc.rasterizer(SlopeScaledDepthBias=2.0)


def _depth_clip_off(sc):
    sc.rasterizer(DepthClipEnable=False)


def _multisample(sc):
    sc.rasterizer(MultisampleEnable=True)


def _aa_lines(sc):
    sc.rasterizer(AntialiasedLineEnable=True)


_WITH_DEPTH |= {_bias_clamp, _slope_bias}
# (z is constant and inside [0, 1] and the target has one sample: these change no pixel, only the key)
_INVISIBLE = {_slope_bias, _depth_clip_off, _multisample, _aa_lines}

SETUP_KEY_CASES = [
    ("fill wireframe", _fill_wireframe), ("scissor enable", _scissor), ("depth bias clamp", _bias_clamp),
    ("slope-scaled depth bias", _slope_bias), ("depth clip off", _depth_clip_off), ("multisample enable", _multisample),
    ("antialiased line enable", _aa_lines),
]


@pytest.mark.parametrize("name,change", SETUP_KEY_CASES, ids=[c[0] for c in SETUP_KEY_CASES])
def test_setup_key_fields(name, change):
    on = _sequence(change, True)
    off = _sequence(change, False)
    assert on[0] == off[0] and on[1] == off[1], "a reused setup changed the image"
    assert on[2] == off[2], "pipeline statistics differ"
    assert on[3] is True and on[4] is False
    if change not in _INVISIBLE:
        assert off[0] != off[1], "the change must show in the image (else this case tests nothing)"


def test_instanced_passes_count_every_instance(monkeypatch):
    """A pass's size is vertices x instances: 3 vertices x 2 instances exceed a limit of 5."""
    monkeypatch.setattr(front_memo, "MAX_VERTICES", 5)
    front_memo.clear()
    sc = _Scene()
    sc.ctx.DrawInstanced(3, 2, 0, 0)
    before = front_memo.hits
    sc.ctx.DrawInstanced(3, 2, 0, 0)
    assert front_memo.hits == before
    sc.ctx.DrawInstanced(3, 1, 0, 0)
    sc.ctx.DrawInstanced(3, 1, 0, 0)
    assert front_memo.hits == before + 1


def test_setup_of_a_replaced_entry_is_not_attached_to_its_successor():
    # The triangle setup is kept with the front-end entry its key names (setup_key takes the entry's identity):
    # a setup computed for an entry that a later draw has since replaced must not be attached to the new entry
    # (which would then claim primitives it never produced).
    front_memo.clear()
    try:
        front_memo.store((("first",), (), ()), ("front end 1",))
        first = front_memo._last
        front_memo.store((("second",), (), ()), ("front end 2",))
        prep = object()
        front_memo.store_setup((id(first), "setup key"), (prep, 0, 0))
        assert front_memo._last.setup is None
        assert not front_memo.keeps_setup(prep)
        assert front_memo.lookup_setup((id(front_memo._last), "setup key")) is None
        # the current entry's own setup is kept
        front_memo.store_setup((id(front_memo._last), "setup key"), (prep, 0, 0))
        assert front_memo.keeps_setup(prep)
        assert front_memo.lookup_setup((id(front_memo._last), "setup key")) == (prep, 0, 0)
        del first
    finally:
        front_memo.clear()
