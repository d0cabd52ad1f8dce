"""The fused lane's geometry entry (pipeline/native/fused.py ``_geometry``), kept for the next draw.

A draw whose primitives are the previous draw's (the vertex front end and triangle setup reused by
pipeline/front_memo.py hand back the same ``prep`` object) reuses the pixel rectangles and tile lists, the edge
equations and the attribute planes built for it, as long as what binning reads besides the primitives repeats:
the target size (pixels past the targets are never covered) and the scissor rectangles (D3D11.3 §15.6/§15.7:
the pixel rectangle is viewport ∩ scissor ∩ target). The plane table follows the variant's plane layout (depth
test on or off adds the z plane).

Oracle: the same API calls on the reference backend (which keeps nothing). Each case draws identical primitives
twice with one thing changed in between, checks both targets against the reference bit for bit, that the change
is visible (the second image differs from what the first state gives), and whether the entry was reused.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import assemble_shader
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline.native import fused
from pyd3d11.shader import native

pytestmark = pytest.mark.backend_specific

VS = """vs_4_0
dcl_input v0.xy
dcl_input v1.xy
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
mov o0.xy, v0.xyxx
mov o0.z, v1.x
mov o0.w, l(1.0)
mov o1.xy, v1.xyxx
ret
"""
PS = """ps_4_0
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
mov o0.xy, v1.xyxx
mov o0.zw, l(0,0,0.25,0.5)
ret
"""
# two overlapping triangles with an attribute ramp, one reaching past a 32x32 target's right and bottom edges
# under the 48x40 viewport
TRI = np.array([[-0.8, -0.7, 0.0, 0.0], [0.6, 0.9, 1.0, 0.0], [0.5, -0.9, 0.0, 1.0],
                [-0.9, 0.9, 0.3, 0.3], [0.95, 0.8, 0.6, 0.9], [0.9, -0.95, 0.9, 0.1]], np.float32)
VP = (0, 0, 48, 40)


class _Scene:
    def __init__(self):
        self.dev, _, self.ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
        dev, c = self.dev, self.ctx
        self.rts = {}
        for size in ((32, 32), (48, 40)):
            tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=size[0], Height=size[1], MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_RENDER_TARGET))
            self.rts[size] = (tex, dev.CreateRenderTargetView(tex, None))
        self.rt = self.rts[(32, 32)]
        dtex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=32, Height=32, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_D32_FLOAT,
            SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=D3D11_BIND_DEPTH_STENCIL))
        self.dsv = dev.CreateDepthStencilView(dtex, None)
        data = np.ascontiguousarray(TRI)
        vb = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                              D3D11_SUBRESOURCE_DATA(pSysMem=data))
        vs = assemble_shader(VS)
        ps = assemble_shader(PS)
        c.IASetInputLayout(dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0),
            D3D11_INPUT_ELEMENT_DESC("TEXCOORD", 1, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D11_INPUT_PER_VERTEX_DATA, 0),
        ], 2, vs, len(vs)))
        c.IASetVertexBuffers(0, 1, [vb], [16], [0])
        c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
        c.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
        c.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
        c.RSSetViewports(1, [D3D11_VIEWPORT(*VP, 0, 1)])
        self.rasterizer(False)
        self.targets(self.rt, False)

    def rasterizer(self, scissor: bool):
        self.ctx.RSSetState(self.dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ScissorEnable=scissor)))

    def targets(self, rt, depth: bool):
        self.rt = rt
        self.ctx.OMSetRenderTargets(1, [rt[1]], self.dsv if depth else None)

    def depth_test(self, on: bool):
        self.ctx.OMSetDepthStencilState(self.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=on, DepthWriteMask=D3D11_DEPTH_WRITE_MASK_ALL, DepthFunc=D3D11_COMPARISON_LESS)), 0)

    def draw(self) -> bytes:
        c = self.ctx
        c.ClearRenderTargetView(self.rt[1], [0.0, 0.0, 0.0, 0.0])
        # the depth (o0.z = the first attribute, 0..1) passes the LESS test against 0.75 on part of each triangle
        c.ClearDepthStencilView(self.dsv, D3D11_CLEAR_DEPTH, 0.75, 0)
        c.Draw(6, 0)
        return texture_to_numpy(c, self.rt[0], 0).tobytes()


def _scissor(sc, rect):
    sc.ctx.RSSetScissorRects(1, [D3D11_RECT(*rect)])


CASES = {
    # name: (set up the first draw, change before the second, the entry is reused)
    "identical": (lambda sc: None, lambda sc: None, True),
    "scissor rectangle": (lambda sc: (sc.rasterizer(True), _scissor(sc, (0, 0, 32, 32))),
                          lambda sc: _scissor(sc, (5, 3, 20, 25)), False),
    "scissor rectangle, same pixels": (lambda sc: (sc.rasterizer(True), _scissor(sc, (5, 3, 20, 25))),
                                       lambda sc: _scissor(sc, (5, 3, 20, 25)), True),
    "scissor enable": (lambda sc: _scissor(sc, (5, 3, 20, 25)), lambda sc: sc.rasterizer(True), False),
    "larger target": (lambda sc: None, lambda sc: sc.targets(sc.rts[(48, 40)], False), False),
    "smaller target": (lambda sc: sc.targets(sc.rts[(48, 40)], False),
                       lambda sc: sc.targets(sc.rts[(32, 32)], False), False),
    # a depth-stencil view adds the depth format to the setup key (a new prep); the depth test then only changes
    # the plane layout (the z plane) of the same primitives
    "depth test on": (lambda sc: (sc.targets(sc.rt, True), sc.depth_test(False)),
                      lambda sc: sc.depth_test(True), True),
    "depth test off": (lambda sc: (sc.targets(sc.rt, True), sc.depth_test(True)),
                       lambda sc: sc.depth_test(False), True),
    "blend state": (lambda sc: None, lambda sc: sc.ctx.OMSetBlendState(sc.dev.CreateBlendState(D3D11_BLEND_DESC(
        RenderTarget=[D3D11_RENDER_TARGET_BLEND_DESC(
            BlendEnable=True, SrcBlend=D3D11_BLEND_ONE, DestBlend=D3D11_BLEND_ONE, BlendOp=D3D11_BLEND_OP_ADD,
            SrcBlendAlpha=D3D11_BLEND_ONE, DestBlendAlpha=D3D11_BLEND_ZERO, BlendOpAlpha=D3D11_BLEND_OP_ADD,
            RenderTargetWriteMask=D3D11_COLOR_WRITE_ENABLE_ALL)] + [D3D11_RENDER_TARGET_BLEND_DESC()] * 7)),
        [1.0, 1.0, 1.0, 1.0], 0xFFFFFFFF), True),
}


def _run(backend: str, first, change):
    native.set_backend(backend)
    try:
        fused.clear_geometry()
        sc = _Scene()
        first(sc)
        a = sc.draw()
        before = fused.stats.geometry_reuses
        change(sc)
        b = sc.draw()
        reused = fused.stats.geometry_reuses > before
        return a, b, reused
    finally:
        native.set_backend(None)


@pytest.mark.skipif(not native.available(), reason="the native backend needs llvmlite")
@pytest.mark.parametrize("name", list(CASES))
def test_change_between_identical_draws(name):
    first, change, reuse = CASES[name]
    a, b, reused = _run("native", first, change)
    ra, rb, _ = _run("reference", first, change)
    assert a == ra and b == rb
    assert reused == reuse
    if name != "identical" and not name.endswith("same pixels"):
        assert b != a or len(b) != len(a), "the change must be visible for the case to guard anything"


@pytest.mark.skipif(not native.available(), reason="the native backend needs llvmlite")
def test_only_the_front_memo_kept_primitives_are_held(monkeypatch):
    """The fused lane keeps no primitives the vertex front end's memo does not keep: their arrays come from the
    front end's reusable arena (pipeline/native/frontend.py), which a kept reference stops reusing (each pass
    would allocate, and page-fault, fresh buffers)."""
    import gc
    import importlib

    from pyd3d11.pipeline import front_memo, setup

    made: list = []  # (id, type) of every draw's primitives (holding them here would keep them alive)
    real = setup.prepare_triangles

    def spy(*a, **kw):
        prep = real(*a, **kw)
        if prep is not None:
            made.append((id(prep), type(prep)))
        return prep

    draw_mod = importlib.import_module("pyd3d11.pipeline.draw")
    monkeypatch.setattr(draw_mod, "prepare_triangles", spy)
    monkeypatch.setattr(front_memo, "MAX_VERTICES", 0)  # nothing is kept by the front end
    native.set_backend("native")
    try:
        fused.clear_geometry()
        sc = _Scene()
        for _ in range(3):
            sc.draw()
        gc.collect()
        assert len(made) == 3
        alive = {id(o) for o in gc.get_objects() if isinstance(o, made[0][1])}
        assert not alive & {i for i, _ in made}, "a draw's primitives outlived it"
        monkeypatch.setattr(front_memo, "MAX_VERTICES", 1 << 14)
        made.clear()
        sc.draw()
        before = fused.stats.geometry_reuses
        sc.draw()
        assert fused.stats.geometry_reuses == before + 1  # kept by the front end: reused
    finally:
        native.set_backend(None)


@pytest.mark.skipif(not native.available(), reason="the native backend needs llvmlite")
@pytest.mark.parametrize("threads", [2, 3])
def test_plane_table_filled_in_row_ranges(monkeypatch, threads):
    """A pass of many pieces fills its plane table in row ranges on the pool (fused.PLANE_CHUNK, patched to 1 so
    two triangles make two ranges): attribute, 1/w and z planes, bit for bit the reference's image."""
    from pyd3d11.shader.native import pool

    monkeypatch.setattr(fused, "PLANE_CHUNK", 1)

    def first(sc):
        sc.targets(sc.rt, True)
        sc.depth_test(True)

    pool.set_threads(threads)
    try:
        got = _run("native", first, lambda sc: None)
    finally:
        pool.set_threads(None)
    want = _run("reference", first, lambda sc: None)
    assert got[:2] == want[:2]
