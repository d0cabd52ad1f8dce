"""Pixel history (issue 18 item 3): every fate constructed on purpose, values checked against an
independent computation (float32 arithmetic of the D3D11.3 blend equation §17.4, UNORM conversion
§3.2.3.6 / depth quantisation §17.11, the standard 4x sample pattern §3.5.1.1)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import (
    D3D11_BIND_DEPTH_STENCIL,
    D3D11_BIND_RENDER_TARGET,
    D3D11_BIND_VERTEX_BUFFER,
    D3D11_BLEND_DESC,
    D3D11_BUFFER_DESC,
    D3D11_DEPTH_STENCIL_DESC,
    D3D11_INPUT_ELEMENT_DESC,
    D3D11_RASTERIZER_DESC,
    D3D11_RECT,
    D3D11_SUBRESOURCE_DATA,
    D3D11_TEXTURE2D_DESC,
    D3D11_VIEWPORT,
    D3D11CreateDevice,
)
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.debug import Capture, capture
from pyd3d11.debug.pixel_history import pixel_history
from pyd3d11.dxgi import DXGI_SAMPLE_DESC
from pyd3d11.errors import NotSupportedError

W = H = 8
PX, PY = 2, 2  # the pixel every test looks at
RGBA32F, RGBA8, D24S8 = 2, 28, 45
LESS, EQUAL, ALWAYS = 2, 3, 8
CULL_NONE, CULL_BACK = 1, 3
SRC_ALPHA, INV_SRC_ALPHA, ONE, ZERO, DEST_COLOR = 5, 6, 2, 1, 9
ADD = 1

HLSL = r"""
struct V { float4 pos : POSITION; float4 col : COLOR; };
struct P { float4 pos : SV_Position; float4 col : COLOR; };
P VS(V v) { P p; p.pos = v.pos; p.col = v.col; return p; }
float4 PS(P p) : SV_Target { if (p.col.a < 0) discard; return p.col; }
"""

f32 = np.float32


def front(z, rgba):
    """A triangle covering the whole target, clockwise on screen (front-facing by default)."""
    return [(-1, -1, z, *rgba), (-1, 3, z, *rgba), (3, -1, z, *rgba)]


def back(z, rgba):
    a, b, c = front(z, rgba)
    return [a, c, b]


class Rig:
    def __init__(self, fmt=RGBA32F, samples=1, depth=False):
        self.dev, _, self.ctx = D3D11CreateDevice(None, 1, None, 0, [0xB100], 1, 7)  # 11_1: ClearView
        dev, ctx = self.dev, self.ctx
        self.rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
            Width=W, Height=H, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=samples),
            BindFlags=D3D11_BIND_RENDER_TARGET))
        self.rtv = dev.CreateRenderTargetView(self.rt, None)
        self.dsv = None
        if depth:
            self.ds = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
                Width=W, Height=H, MipLevels=1, ArraySize=1, Format=D24S8, SampleDesc=DXGI_SAMPLE_DESC(Count=samples),
                BindFlags=D3D11_BIND_DEPTH_STENCIL))
            self.dsv = dev.CreateDepthStencilView(self.ds, None)
        vs = D3DCompile(HLSL, len(HLSL), "h.hlsl", None, None, "VS", "vs_4_0", 0, 0)
        ps = D3DCompile(HLSL, len(HLSL), "h.hlsl", None, None, "PS", "ps_4_0", 0, 0)
        ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
        ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
        ctx.IASetInputLayout(dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("POSITION", 0, 6, 0, 0, 0, 0),  # DXGI_FORMAT_R32G32B32_FLOAT
            D3D11_INPUT_ELEMENT_DESC("COLOR", 0, RGBA32F, 0, 12, 0, 0)], 2, vs, len(vs)))
        ctx.IASetPrimitiveTopology(4)
        ctx.OMSetRenderTargets(1, [self.rtv], self.dsv)
        ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
        self.raster(CULL_NONE)

    def raster(self, cull=CULL_NONE, scissor=False, depth_clip=True, msaa=False):
        self.ctx.RSSetState(self.dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
            FillMode=3, CullMode=cull, DepthClipEnable=depth_clip, ScissorEnable=scissor, MultisampleEnable=msaa)))

    def blend(self, src, dst, src_a=ONE, dst_a=ZERO, mask=0xF, enable=True, sample_mask=0xFFFFFFFF):
        bd = D3D11_BLEND_DESC()
        r = bd.RenderTarget[0]
        r.BlendEnable, r.SrcBlend, r.DestBlend, r.BlendOp = enable, src, dst, ADD
        r.SrcBlendAlpha, r.DestBlendAlpha, r.BlendOpAlpha, r.RenderTargetWriteMask = src_a, dst_a, ADD, mask
        self.ctx.OMSetBlendState(self.dev.CreateBlendState(bd), None, sample_mask)

    def draw(self, verts):
        data = np.array(verts, np.float32)
        vb = self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=D3D11_BIND_VERTEX_BUFFER),
                                   D3D11_SUBRESOURCE_DATA(pSysMem=data))
        self.ctx.IASetVertexBuffers(0, 1, [vb], [28], [0])
        self.ctx.Draw(len(verts), 0)

    def history(self, tmp_path, body, sample=0, x=PX, y=PY):
        path = tmp_path / "h.pyd3dcap"
        with capture(self.ctx, path):
            body(self)
        cap = Capture.open(path)
        rt = next(e.created for e in cap.events if e.method == "CreateTexture2D"
                  and e.raw["args"][0]["fields"]["BindFlags"] == D3D11_BIND_RENDER_TARGET)
        return pixel_history(cap, rt, x, y, sample=sample), self.rt._storage


def frags(h):
    return [f for e in h.events for f in e.fragments]


def test_written_with_shader_output_and_unorm_result(tmp_path):
    rig = Rig(fmt=RGBA8)
    col = (0.3, 0.6, 0.9, 1.0)

    def body(r):
        r.ctx.ClearRenderTargetView(r.rtv, (0, 0, 0, 0))
        r.draw(front(0.5, col))
    h, _ = rig.history(tmp_path, body)
    assert [e.method for e in h.events] == ["ClearRenderTargetView", "Draw"]
    (f,) = h.events[1].fragments
    assert f.fate == "written" and f.blend is None
    assert f.shader_output == tuple(float(f32(c)) for c in col)
    want = tuple(np.floor(np.float64(f32(c)) * 255 + 0.5) / 255 for c in col)  # UNORM8 round to nearest
    assert np.allclose(f.after, want, atol=0, rtol=1e-6) and h.events[1].after == f.after
    assert f.before == (0.0, 0.0, 0.0, 0.0)


def test_culled_scissored_clipped(tmp_path):
    rig = Rig()

    def body(r):
        r.raster(cull=CULL_BACK)
        r.draw(back(0.5, (1, 0, 0, 1)))  # back-facing: culled
        r.ctx.RSSetScissorRects(1, [D3D11_RECT(4, 4, 8, 8)])  # excludes (2, 2)
        r.raster(cull=CULL_BACK, scissor=True)
        r.draw(front(0.5, (0, 1, 0, 1)))
        r.raster(cull=CULL_BACK)
        r.draw(front(1.5, (0, 0, 1, 1)))  # z/w = 1.5 > 1: removed by depth clipping
        r.draw(front(0.5, (1, 1, 1, 1)))  # the only one written
    h, st = rig.history(tmp_path, body)
    fates = [[f.fate for f in e.fragments] for e in h.events]
    assert fates == [["culled"], ["scissored"], ["clipped"], ["written"]]
    assert [e.changed for e in h.events] == [False, False, False, True]
    assert h.events[-1].after == (1.0, 1.0, 1.0, 1.0)


def test_discarded(tmp_path):
    rig = Rig()

    def body(r):
        r.draw(front(0.5, (1, 0, 0, -1)))  # the shader discards negative alpha
    h, _ = rig.history(tmp_path, body)
    (e,) = h.events
    assert [f.fate for f in e.fragments] == ["discarded"] and not e.changed


def test_failed_depth_with_the_values_compared(tmp_path):
    rig = Rig(depth=True)

    def body(r):
        r.ctx.OMSetDepthStencilState(r.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=1, DepthFunc=LESS)), 0)
        r.ctx.ClearDepthStencilView(r.dsv, 1, 0.25, 0)
        r.draw(front(0.5, (1, 0, 0, 1)))  # 0.5 < 0.25 fails
        r.draw(front(0.125, (0, 1, 0, 1)))  # passes
    h, _ = rig.history(tmp_path, body)
    a, b = [e.fragments[0] for e in h.events if e.fragments]
    unorm24 = (1 << 24) - 1

    def q(z):  # §17.11: float -> 24-bit UNORM, round to nearest
        return int(np.floor(np.float64(f32(z)) * unorm24 + 0.5))
    assert a.fate == "failed_depth" and a.depth.func == LESS and not a.depth.passed
    assert (a.depth.fragment, a.depth.stored) == (q(0.5), q(0.25))
    assert b.fate == "written" and b.depth.passed and (b.depth.fragment, b.depth.stored) == (q(0.125), q(0.25))


def test_failed_stencil_with_the_values_compared(tmp_path):
    rig = Rig(depth=True)

    def body(r):
        d = D3D11_DEPTH_STENCIL_DESC(DepthEnable=False, StencilEnable=True, StencilReadMask=0xFF,
                                     StencilWriteMask=0xFF)
        for face in (d.FrontFace, d.BackFace):
            face.StencilFunc, face.StencilFailOp, face.StencilDepthFailOp, face.StencilPassOp = EQUAL, 1, 1, 1
        r.ctx.OMSetDepthStencilState(r.dev.CreateDepthStencilState(d), 5)
        r.ctx.ClearDepthStencilView(r.dsv, 2, 1.0, 3)
        r.draw(front(0.5, (1, 0, 0, 1)))
    h, _ = rig.history(tmp_path, body)
    (f,) = [f for f in frags(h)]
    assert f.fate == "failed_stencil"
    assert (f.stencil.func, f.stencil.ref, f.stencil.stored, f.stencil.passed, f.stencil.front_face) == \
        (EQUAL, 5, 3, False, True)


def test_blending_across_several_draws(tmp_path):
    rig = Rig()
    clear = (0.25, 0.5, 0.75, 1.0)
    c1, c2 = (1.0, 0.0, 0.5, 0.75), (0.0, 1.0, 0.25, 0.375)

    def body(r):
        r.ctx.ClearRenderTargetView(r.rtv, clear)
        r.blend(SRC_ALPHA, INV_SRC_ALPHA, ONE, ZERO)
        r.draw(front(0.5, c1))
        r.blend(DEST_COLOR, ONE, ZERO, ONE)
        r.draw(front(0.5, c2))
    h, _ = rig.history(tmp_path, body)
    d1, d2 = [e for e in h.events if e.fragments]
    f1, f2 = d1.fragments[0], d2.fragments[0]
    # independent float32 blend equation: rgb = src*sf + dst*df, alpha likewise (§17.4)
    s, d = np.array(c1, f32), np.array(clear, f32)
    a = s[3]
    rgb1 = (s[:3] * a).astype(f32) + (d[:3] * (f32(1) - a)).astype(f32)
    want1 = (*rgb1.astype(f32), s[3] * f32(1) + d[3] * f32(0))
    assert f1.fate == "written" and f1.blend.src_factor == (float(a),) * 3
    assert f1.blend.dst_factor == (float(f32(1) - a),) * 3 and f1.blend.destination == tuple(map(float, d))
    assert np.array_equal(np.array(f1.after, f32), np.array(want1, f32))
    s2, dd = np.array(c2, f32), np.array(want1, f32)
    want2 = (*((s2[:3] * dd[:3]).astype(f32) + dd[:3]).astype(f32), dd[3])
    assert f2.before == f1.after and f2.blend.destination == f1.after
    assert f2.blend.src_factor == tuple(map(float, dd[:3])) and f2.blend.dst_factor == (1.0, 1.0, 1.0)
    assert np.array_equal(np.array(f2.after, f32), np.array(want2, f32))
    assert d2.after == f2.after and d1.before == tuple(map(float, np.array(clear, f32)))


def test_written_masked_keeps_the_other_channels(tmp_path):
    rig = Rig()

    def body(r):
        r.ctx.ClearRenderTargetView(r.rtv, (0.5, 0.5, 0.5, 0.5))
        r.blend(ONE, ZERO, mask=0x1 | 0x8, enable=False)  # red and alpha only
        r.draw(front(0.5, (1, 1, 1, 1)))
        r.blend(ONE, ZERO, mask=0, enable=False)
        r.draw(front(0.5, (0, 0, 0, 0)))
    h, _ = rig.history(tmp_path, body)
    f1, f2 = frags(h)
    assert (f1.fate, f1.write_mask, f1.after) == ("written_masked", 0x9, (1.0, 0.5, 0.5, 1.0))
    assert (f2.fate, f2.after) == ("write_masked", (1.0, 0.5, 0.5, 1.0))


# Standard 4x pattern (§3.5.1.1, D3D11_STANDARD_MULTISAMPLE_QUALITY_PATTERN), in 1/16 pixel from the centre:
PATTERN_4X = [(-2, -6), (6, -2), (-6, 2), (2, 6)]


def _edge_triangle():
    """A triangle whose right edge is the vertical screen line x = PX + 0.5 (the pixel's centre)."""
    xn = (PX + 0.5) / W * 2 - 1
    return [(xn, -3, 0.5, 1, 0, 0, 1), (xn, 3, 0.5, 1, 0, 0, 1), (-3, 0, 0.5, 1, 0, 0, 1)]


@pytest.mark.parametrize("sample", range(4))
def test_msaa_samples_by_the_standard_pattern(tmp_path, sample):
    rig = Rig(samples=4)
    covered = PATTERN_4X[sample][0] < 0  # left of the centre line

    def body(r):
        r.raster(msaa=True)
        r.draw(_edge_triangle())
    h, _ = rig.history(tmp_path, body, sample=sample)
    fs = frags(h)
    if covered:
        assert [f.fate for f in fs] == ["written"] and fs[0].after == (1.0, 0.0, 0.0, 1.0)
        assert fs[0].coverage == sum(1 << s for s, (dx, _) in enumerate(PATTERN_4X) if dx < 0)
    else:
        assert fs == [] and h.events == []


def test_msaa_sample_mask_reports_the_masked_sample(tmp_path):
    rig = Rig(samples=4)

    def body(r):
        r.raster(msaa=True)
        r.blend(ONE, ZERO, enable=False, sample_mask=0b1110)  # sample 0 masked
        r.draw(front(0.5, (0, 1, 0, 1)))
    h0, _ = rig.history(tmp_path, body, sample=0)
    assert [f.fate for f in frags(h0)] == ["sample_masked"]
    rig = Rig(samples=4)
    h1, _ = rig.history(tmp_path, body, sample=1)
    assert [f.fate for f in frags(h1)] == ["written"]


def test_pixel_outside_the_texture_is_an_error(tmp_path):
    rig = Rig()
    with pytest.raises(IndexError):
        rig.history(tmp_path, lambda r: r.draw(front(0.5, (1, 1, 1, 1))), x=W)


def test_buffer_history_is_refused(tmp_path):
    rig = Rig()
    path = tmp_path / "b.pyd3dcap"
    with capture(rig.ctx, path):
        rig.draw(front(0.5, (1, 1, 1, 1)))
    cap = Capture.open(path)
    vb = next(e.created for e in cap.events if e.method == "CreateBuffer")
    with pytest.raises(NotSupportedError):
        pixel_history(cap, vb, 0, 0)


def test_clear_view_rectangles_touch_only_their_texels(tmp_path):
    rig = Rig()

    def body(r):
        r.ctx.ClearView(r.rtv, (0, 0, 0, 0), [D3D11_RECT(0, 0, 2, 2)], 1)  # excludes (2, 2): right/bottom exclusive
        r.ctx.ClearView(r.rtv, (0, 0, 0, 0), [D3D11_RECT(2, 2, 3, 3)], 1)  # exactly (2, 2), same value as before
    h, _ = rig.history(tmp_path, body)
    assert [(e.method, e.changed) for e in h.events] == [("ClearView", False)]  # touched, though unchanged
    assert h.events[0].event == max(e.event for e in h.events)


def test_uav_texel_written_by_a_dispatch(tmp_path):
    from pyd3d11.d3d11 import D3D11_BIND_UNORDERED_ACCESS

    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1, Format=RGBA32F,
                                                   SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                   BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    uav = dev.CreateUnorderedAccessView(tex, None)
    src = ("RWTexture2D<float4> t : register(u0);\n"
           "[numthreads(8, 8, 1)] void CS(uint3 id : SV_DispatchThreadID)"
           " { if (id.x == 2) t[id.xy] = float4(id.y, 0.5, 0, 1); }")
    cs = D3DCompile(src, len(src), "cs.hlsl", None, None, "CS", "cs_5_0", 0, 0)
    path = tmp_path / "u.pyd3dcap"
    with capture(ctx, path):
        ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
        ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
        ctx.Dispatch(1, 1, 1)
    cap = Capture.open(path)
    res = next(e.created for e in cap.events if e.method == "CreateTexture2D")
    h = pixel_history(cap, res, 2, 5)
    assert [(e.method, e.before, e.after) for e in h.events] == [("Dispatch", (0.0,) * 4, (5.0, 0.5, 0.0, 1.0))]
    assert pixel_history(cap, res, 3, 5).events == []


def test_scene_history_through_a_command_list(tmp_path):
    """tests/capture_scene.py: at (9, 5) the second draw (blended) and the command list's draw (blended)
    land; the first draw's triangle does not cover it. Expected: float32 blend then UNORM8 (§17.4, §3.2.3.6)."""
    import capture_scene as S

    o = S.build()
    path = tmp_path / "s.pyd3dcap"
    with capture(o["ctx"], path):
        S.frame(o)
    cap = Capture.open(path)
    rt = next(i for i in cap.resources() if cap.names.get(i) == "backbuf")
    h = pixel_history(cap, rt, 9, 5)
    assert [e.method for e in h.events] == ["Draw", "ExecuteCommandList"]

    def unorm8(v):
        return np.floor(np.asarray(v, np.float64) * 255 + 0.5) / 255

    dst = unorm8(np.array([0.1, 0.2, 0.3, 1.0], f32).astype(np.float64)).astype(f32)
    assert np.allclose(h.initial, dst, rtol=1e-6, atol=0)
    for e, col in zip(h.events, [(0, 1, 0, 0.5), (0, 0, 1, 0.25)]):
        src = (np.array(col, f32) * np.array([1, 0.5, 1, 1], f32)).astype(f32)  # tint of the second Map
        (f,) = e.fragments
        assert f.shader_output == tuple(map(float, src))
        rgb = (src[:3] * src[3]).astype(f32) + (dst[:3] * (f32(1) - src[3])).astype(f32)
        blended = np.array([*rgb, src[3]], f32)
        assert np.array_equal(np.array(f.blend.result, f32), blended)
        want = unorm8(blended).astype(f32)
        assert np.allclose(e.after, want, rtol=1e-6, atol=0) and f.after == e.after
        dst = np.array(e.after, f32)


def _blend_alpha(src, dst):
    """SRC_ALPHA / INV_SRC_ALPHA colour, ONE / ZERO alpha, in float32 (§17.4)."""
    s, d = np.array(src, f32), np.array(dst, f32)
    rgb = (s[:3] * s[3]).astype(f32) + (d[:3] * (f32(1) - s[3])).astype(f32)
    return np.array([*rgb, s[3]], f32)


@pytest.mark.parametrize("sample", [0, 1])
def test_msaa_blending_across_draws_per_sample(tmp_path, sample):
    rig = Rig(samples=4)
    clear, c1, c2 = (0.0, 0.0, 0.0, 1.0), (1.0, 0.0, 0.0, 0.5), (0.0, 1.0, 0.0, 0.25)

    def body(r):
        r.raster(msaa=True)
        r.ctx.ClearRenderTargetView(r.rtv, clear)
        r.blend(SRC_ALPHA, INV_SRC_ALPHA, ONE, ZERO)
        r.draw([(x, y, z, *c1) for x, y, z, *_ in _edge_triangle()])  # covers samples 0 and 2 only
        r.draw(front(0.5, c2))
    h, _ = rig.history(tmp_path, body, sample=sample)
    fs = frags(h)
    covered_by_first = PATTERN_4X[sample][0] < 0
    want = np.array(clear, f32)
    if covered_by_first:
        want = _blend_alpha(c1, want)
    want = _blend_alpha(c2, want)
    assert len(fs) == (2 if covered_by_first else 1)
    assert all(f.fate == "written" and f.blend is not None for f in fs)
    assert fs[0].blend.destination == tuple(map(float, np.array(clear, f32)))
    assert np.array_equal(np.array(fs[-1].after, f32), want) and h.events[-1].after == fs[-1].after


def test_demo_cube_centre_has_one_front_fragment_written_and_one_back_fragment_culled(tmp_path):
    """The demo's cube is a closed convex solid in front of the camera: the ray through an interior pixel
    enters it through exactly one front face and leaves through exactly one back face, and the top-left
    rule gives each sample to exactly one triangle of a face."""
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    sys.path.insert(0, str(root / "examples"))
    try:
        import demo
    finally:
        sys.path.remove(str(root / "examples"))
    from pyd3d11.debug import start_capture

    path = tmp_path / "demo.pyd3dcap"
    real, holder = demo.D3D11CreateDevice, {}

    def create(*a, **k):
        dev, level, ctx = real(*a, **k)
        holder["rec"] = start_capture(ctx, path)
        return dev, level, ctx

    demo.D3D11CreateDevice = create
    try:
        _, ctx, back_buffer = demo.render(64, 48)
    finally:
        demo.D3D11CreateDevice = real
    holder["rec"].stop()
    cap = Capture.open(path)
    rt = cap.events[0].created
    h = pixel_history(cap, rt, 32, 24)
    draws = [e for e in h.events if e.method == "DrawIndexed"]
    assert len(draws) == 1
    assert sorted(f.fate for f in draws[0].fragments) == ["culled", "written"]
    written = next(f for f in draws[0].fragments if f.fate == "written")
    assert written.depth is not None and written.depth.passed and written.depth.stored == (1 << 24) - 1  # cleared to 1.0
    import pyd3d11

    assert np.allclose(pyd3d11.texture_to_numpy(ctx, back_buffer)[24, 32], written.after)


EARLY_HLSL = r"""
struct P { float4 pos : SV_Position; float4 col : COLOR; };
[earlydepthstencil] float4 PS(P p) : SV_Target { return p.col; }
"""


def test_early_depth_stencil_fates_come_from_the_test_before_the_shader(tmp_path):
    rig = Rig(depth=True)
    ps = D3DCompile(EARLY_HLSL, len(EARLY_HLSL), "e.hlsl", None, None, "PS", "ps_5_0", 0, 0)
    rig.ctx.PSSetShader(rig.dev.CreatePixelShader(ps, len(ps), None), None, 0)

    def body(r):
        r.ctx.OMSetDepthStencilState(r.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=1, DepthFunc=LESS)), 0)
        r.ctx.ClearDepthStencilView(r.dsv, 1, 0.5, 0)
        r.draw(front(0.25, (1, 0, 0, 1)))  # passes, writes depth 0.25
        r.draw(front(0.375, (0, 1, 0, 1)))  # 0.375 < 0.25 fails before shading
    h, _ = rig.history(tmp_path, body)
    a, b = frags(h)
    unorm24 = (1 << 24) - 1

    def q(z):
        return int(np.floor(np.float64(f32(z)) * unorm24 + 0.5))
    assert (a.fate, a.depth.fragment, a.depth.stored, a.depth.passed) == ("written", q(0.25), q(0.5), True)
    assert a.after == (1.0, 0.0, 0.0, 1.0)
    assert (b.fate, b.depth.fragment, b.depth.stored, b.shader_output) == ("failed_depth", q(0.375), q(0.25), None)
    assert h.events[-1].after == (1.0, 0.0, 0.0, 1.0)


UAV_PS = r"""
struct P { float4 pos : SV_Position; float4 col : COLOR; };
RWTexture2D<float4> u : register(u1);
float4 PS(P p) : SV_Target { u[uint2(p.pos.xy)] = float4(p.pos.xy, 7, 1); return p.col; }
"""


def test_uav_texel_written_by_a_pixel_shader(tmp_path):
    """A draw that does not render to the resource but writes it through a PS UAV is found by the
    sentinel runs; the value is SV_Position.xy of the pixel centre (x + 0.5, y + 0.5)."""
    from pyd3d11.d3d11 import D3D11_BIND_UNORDERED_ACCESS

    rig = Rig()
    tex = rig.dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1, Format=RGBA32F,
                                                       SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                       BindFlags=D3D11_BIND_UNORDERED_ACCESS))
    uav = rig.dev.CreateUnorderedAccessView(tex, None)
    ps = D3DCompile(UAV_PS, len(UAV_PS), "u.hlsl", None, None, "PS", "ps_5_0", 0, 0)
    rig.ctx.PSSetShader(rig.dev.CreatePixelShader(ps, len(ps), None), None, 0)
    path = tmp_path / "u.pyd3dcap"
    with capture(rig.ctx, path):
        rig.ctx.OMSetRenderTargetsAndUnorderedAccessViews(1, [rig.rtv], None, 1, 1, [uav], None)
        rig.draw(front(0.5, (1, 1, 1, 1)))
    cap = Capture.open(path)
    res = next(e.created for e in cap.events if e.method == "CreateTexture2D"
               and e.raw["args"][0]["fields"]["BindFlags"] == D3D11_BIND_UNORDERED_ACCESS)
    h = pixel_history(cap, res, 3, 6)
    assert [(e.method, e.after, e.fragments) for e in h.events] == [("Draw", (3.5, 6.5, 7.0, 1.0), [])]


def test_fragments_of_one_draw_are_listed_in_primitive_order(tmp_path):
    rig = Rig()

    def body(r):
        r.raster(cull=CULL_BACK)
        r.draw(back(0.5, (1, 0, 0, 1)) + front(0.5, (0, 1, 0, 1)) + back(0.5, (0, 0, 1, 1))
               + front(0.5, (1, 0, 0, -1)))  # culled, written, culled, discarded
    h, _ = rig.history(tmp_path, body)
    (e,) = h.events
    assert [f.fate for f in e.fragments] == ["culled", "written", "culled", "discarded"]
    assert [f.order for f in e.fragments] == [0, 1, 2, 3]
    assert e.after == (0.0, 1.0, 0.0, 1.0)


def test_depth_target_history_of_a_depth_only_pass(tmp_path):
    rig = Rig(depth=True)
    unorm24 = (1 << 24) - 1

    def q(z):
        return int(np.floor(np.float64(f32(z)) * unorm24 + 0.5))

    def body(r):
        r.ctx.PSSetShader(None, None, 0)
        r.ctx.OMSetDepthStencilState(r.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=1, DepthFunc=LESS)), 0)
        r.ctx.ClearDepthStencilView(r.dsv, 1 | 2, 1.0, 0)
        r.draw(front(0.5, (0, 0, 0, 1)))
        r.draw(front(0.75, (0, 0, 0, 1)))  # behind: fails
        r.draw(front(0.25, (0, 0, 0, 1)))
    path = tmp_path / "d.pyd3dcap"
    with capture(rig.ctx, path):
        body(rig)
    cap = Capture.open(path)
    ds = next(e.created for e in cap.events if e.method == "CreateTexture2D"
              and e.raw["args"][0]["fields"]["BindFlags"] == D3D11_BIND_DEPTH_STENCIL)
    h = pixel_history(cap, ds, PX, PY)
    assert [e.method for e in h.events] == ["ClearDepthStencilView", "Draw", "Draw", "Draw"]
    fs = frags(h)
    assert [f.fate for f in fs] == ["written", "failed_depth", "written"]
    assert [(f.before[0], f.after[0]) for f in fs] == [(unorm24, q(0.5)), (q(0.5), q(0.5)), (q(0.5), q(0.25))]
    assert (fs[1].depth.fragment, fs[1].depth.stored) == (q(0.75), q(0.5))


def test_history_as_text(tmp_path):
    rig = Rig(depth=True)

    def body(r):
        r.ctx.OMSetDepthStencilState(r.dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(
            DepthEnable=True, DepthWriteMask=1, DepthFunc=LESS)), 0)
        r.ctx.ClearDepthStencilView(r.dsv, 1, 0.25, 0)
        r.draw(front(0.5, (1, 0, 0, 1)))
    h, _ = rig.history(tmp_path, body)
    text = h.format().splitlines()
    assert text[0].startswith(f"texel ({PX}, {PY}) sample 0")
    assert text[1].startswith("event ") and text[1].endswith("(unchanged)") and " Draw: " in text[1]
    assert text[2].startswith("  fragment 0: failed_depth: ps (1, 0, 0, 1); depth ")
    assert " fail" in text[2]


HLSL_PER_SAMPLE = r"""
struct P { float4 pos : SV_Position; float4 col : COLOR; };
float4 PS(P p, uint s : SV_SampleIndex) : SV_Target { return p.col + float4(0, 0, s * 0.25, 0); }
"""


@pytest.mark.parametrize("sample", range(4))
def test_msaa_sample_mask_at_sample_frequency(tmp_path, sample):
    """A pixel shader reading SV_SampleIndex runs once per covered sample (§16.3.2). A sample the blend state's
    sample mask removes is reported ``sample_masked`` also there (no invocation ran for it); the others are
    written with their own invocation's output (blue = sample index / 4)."""
    rig = Rig(samples=4)
    ps = D3DCompile(HLSL_PER_SAMPLE, len(HLSL_PER_SAMPLE), "s.hlsl", None, None, "PS", "ps_5_0", 0, 0)
    rig.ctx.PSSetShader(rig.dev.CreatePixelShader(ps, len(ps), None), None, 0)

    def body(r):
        r.raster(msaa=True)
        r.blend(ONE, ZERO, enable=False, sample_mask=0b1010)  # samples 0 and 2 masked
        r.draw(front(0.5, (0, 1, 0, 1)))
    h, _ = rig.history(tmp_path, body, sample=sample)
    fs = frags(h)
    if sample in (0, 2):
        assert [f.fate for f in fs] == ["sample_masked"]
    else:
        assert [f.fate for f in fs] == ["written"] and fs[0].after == (0.0, 1.0, sample * 0.25, 1.0)
