"""Pixel history beyond one 2D single-slice target (issue 18 item 3): fragments removed by SV_ClipDistance
and SV_CullDistance, Texture3D W slices, texture-array slices, and block-compressed / packed formats written
by copies and updates; UAV writes to array and 3D texels.

Expected values come from the D3D11.3 rules, computed by hand: a clip distance is interpolated and a sample
with a negative value is removed; a primitive is culled when every vertex has a negative value in one cull
distance (§15.4); BC1 (§19.5.x): two RGB565 endpoints, 2-bit indices, index 0 is the first endpoint; the
2x1 R8G8_B8G8 element holds R, G(even texel), B, G(odd texel) (§19.4).
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.debug import Capture, capture
from pyd3d11.debug.pixel_history import pixel_history
from pyd3d11.dxgi import DXGI_SAMPLE_DESC

W = H = 8
RGBA32F = 2
BIND_VB, BIND_SRV, BIND_RT, BIND_UAV = 0x1, 0x8, 0x20, 0x80

HLSL = r"""
struct V { float4 pos : POSITION; float4 col : COLOR; float clip : CLIP; float cull : CULL; };
struct P { float4 pos : SV_Position; float4 col : COLOR; float clip : SV_ClipDistance0; float cull : SV_CullDistance0; };
P VS(V v) { P p; p.pos = v.pos; p.col = v.col; p.clip = v.clip; p.cull = v.cull; return p; }
float4 PS(P p) : SV_Target { return p.col; }
struct Q { float4 pos : SV_Position; float4 col : COLOR; };
Q VS2(V v) { Q q; q.pos = v.pos; q.col = v.col; return q; }
float4 PS2(Q q) : SV_Target { return q.col; }
"""


def tri(col, clip=(1, 1, 1), cull=(1, 1, 1), z=0.5):
    """The whole-target triangle (NDC (-1,-1), (-1,3), (3,-1)) with per-vertex clip and cull distances."""
    pts = [(-1, -1), (-1, 3), (3, -1)]
    return [(x, y, z, 1, *col, c, k) for (x, y), c, k in zip(pts, clip, cull)]


class Rig:
    def __init__(self, tex, rtv, distances=True):
        self.dev, self.ctx = DEV[0], DEV[1]
        dev, ctx = self.dev, self.ctx
        self.tex, self.rtv = tex, rtv
        vs_name, ps_name = ("VS", "PS") if distances else ("VS2", "PS2")
        vs = D3DCompile(HLSL, len(HLSL), "h.hlsl", None, None, vs_name, "vs_5_0", 0, 0)
        ps = D3DCompile(HLSL, len(HLSL), "h.hlsl", None, None, ps_name, "ps_5_0", 0, 0)
        ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
        ctx.PSSetShader(dev.CreatePixelShader(ps, len(ps), None), None, 0)
        ctx.IASetInputLayout(dev.CreateInputLayout([
            D3D11_INPUT_ELEMENT_DESC("POSITION", 0, RGBA32F, 0, 0, 0, 0),  # noqa: F405
            D3D11_INPUT_ELEMENT_DESC("COLOR", 0, RGBA32F, 0, 16, 0, 0),  # noqa: F405
            D3D11_INPUT_ELEMENT_DESC("CLIP", 0, 41, 0, 32, 0, 0),  # noqa: F405 - R32_FLOAT
            D3D11_INPUT_ELEMENT_DESC("CULL", 0, 41, 0, 36, 0, 0)], 4, vs, len(vs)))  # noqa: F405
        ctx.IASetPrimitiveTopology(4)
        ctx.OMSetRenderTargets(1, [rtv], None)
        ctx.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])  # noqa: F405
        ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                       DepthClipEnable=True)))

    def draw(self, verts):
        data = np.array(verts, np.float32)
        vb = self.dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=BIND_VB),  # noqa: F405
                                   D3D11_SUBRESOURCE_DATA(pSysMem=data))  # noqa: F405
        self.ctx.IASetVertexBuffers(0, 1, [vb], [40], [0])
        self.ctx.Draw(len(verts), 0)


DEV: list = []


@pytest.fixture(autouse=True)
def device():
    DEV[:] = list(D3D11CreateDevice(None, 1, None, 0, None, 0, 7))[::2]  # noqa: F405 - (device, context)
    yield
    DEV.clear()


def _tex2d(fmt=RGBA32F, bind=BIND_RT, array=1, width=W, height=H, data=None):
    desc = D3D11_TEXTURE2D_DESC(Width=width, Height=height, MipLevels=1, ArraySize=array, Format=fmt,  # noqa: F405
                                SampleDesc=DXGI_SAMPLE_DESC(Count=1), BindFlags=bind)
    init = None if data is None else [D3D11_SUBRESOURCE_DATA(pSysMem=d, SysMemPitch=p) for d, p in data]  # noqa: F405
    return DEV[0].CreateTexture2D(desc, init)


def _history(tmp_path, body, kind: str, x: int, y: int, **kw):
    path = tmp_path / "h.pyd3dcap"
    with capture(DEV[1], path):
        body()
    cap = Capture.open(path)
    res = [e.created for e in cap.events if e.method == kind]
    return pixel_history(cap, res[kw.pop("which", 0)], x, y, **kw)


def _fates(h):
    return [(e.method, [f.fate for f in e.fragments]) for e in h.events]


# ------------------------------------------------------------------------------------- clip / cull distances
def test_clip_distance_removes_the_fragment(tmp_path):
    tex = _tex2d()
    rig = Rig(tex, DEV[0].CreateRenderTargetView(tex, None))

    def body():
        rig.draw(tri((1, 0, 0, 1), clip=(-1, -1, -1)))  # negative everywhere: every sample removed
        rig.draw(tri((0, 1, 0, 1), clip=(1, 1, 1)))
    h = _history(tmp_path, body, "CreateTexture2D", 2, 2)
    assert _fates(h) == [("Draw", ["clip_distance"]), ("Draw", ["written"])]
    assert not h.events[0].changed and h.events[1].after == (0.0, 1.0, 0.0, 1.0)


@pytest.mark.parametrize("x, fate", [(2, "clip_distance"), (3, "clip_distance"), (4, "written"), (6, "written")])
def test_clip_distance_is_interpolated(tmp_path, x, fate):
    """clip = NDC x at each vertex (-1, -1, 3): interpolated, it is the pixel centre's NDC x = (x + 0.5)/4 - 1,
    negative for x <= 3."""
    tex = _tex2d()
    rig = Rig(tex, DEV[0].CreateRenderTargetView(tex, None))
    h = _history(tmp_path, lambda: rig.draw(tri((1, 1, 1, 1), clip=(-1, -1, 3))), "CreateTexture2D", x, 5)
    assert _fates(h) == [("Draw", [fate])]
    assert ((x + 0.5) / 4 - 1 < 0) == (fate == "clip_distance")


@pytest.mark.parametrize("cull, fate", [((-1, -1, -1), "cull_distance"), ((-1, -1, 0.25), "written"),
                                        ((0, -2, -3), "written")])
def test_cull_distance_culls_the_primitive_only_when_every_vertex_is_negative(tmp_path, cull, fate):
    tex = _tex2d()
    rig = Rig(tex, DEV[0].CreateRenderTargetView(tex, None))
    h = _history(tmp_path, lambda: rig.draw(tri((1, 1, 1, 1), cull=cull)), "CreateTexture2D", 2, 2)
    assert _fates(h) == [("Draw", [fate])]


def test_cull_distance_and_face_culling_are_told_apart(tmp_path):
    tex = _tex2d()
    rig = Rig(tex, DEV[0].CreateRenderTargetView(tex, None))

    def body():
        a, b, c = tri((1, 0, 0, 1))
        rig.ctx.RSSetState(rig.dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=3,  # noqa: F405
                                                                               DepthClipEnable=True)))
        rig.draw([a, c, b])  # back-facing, culled by the rasterizer state
        rig.draw(tri((0, 1, 0, 1), cull=(-1, -1, -1)))  # front-facing, culled by its cull distance
        rig.draw(tri((0, 0, 1, 1), z=1.5))  # beyond the far plane: depth clipping
    h = _history(tmp_path, body, "CreateTexture2D", 5, 1)
    assert _fates(h) == [("Draw", ["culled"]), ("Draw", ["cull_distance"]), ("Draw", ["clipped"])]


# ------------------------------------------------------------------------------------- slices
def test_texture3d_w_slice_of_a_render_target_view(tmp_path):
    tex = DEV[0].CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=W, Height=H, Depth=4, MipLevels=1,  # noqa: F405
                                                      Format=RGBA32F, BindFlags=BIND_RT))
    one = DEV[0].CreateRenderTargetView(tex, D3D11_RENDER_TARGET_VIEW_DESC(  # noqa: F405
        Format=RGBA32F, ViewDimension=8, Texture3D=D3D11_TEX3D_RTV(MipSlice=0, FirstWSlice=2, WSize=1)))  # noqa: F405
    every = DEV[0].CreateRenderTargetView(tex, None)
    rig = Rig(tex, one, distances=False)

    def body():
        rig.ctx.ClearRenderTargetView(every, (0.25, 0.25, 0.25, 0.25))
        rig.draw(tri((0, 0.5, 1, 1)))
    for z, want in ((2, [("ClearRenderTargetView", []), ("Draw", ["written"])]), (1, [("ClearRenderTargetView", [])]),
                    (3, [("ClearRenderTargetView", [])])):
        h = _history(tmp_path, body, "CreateTexture3D", 3, 4, z=z)
        assert _fates(h) == want and h.z == z
        assert h.events[-1].after == ((0.0, 0.5, 1.0, 1.0) if z == 2 else (0.25,) * 4)
    with pytest.raises(IndexError):
        _history(tmp_path, body, "CreateTexture3D", 3, 4, z=4)


def test_texture_array_slice_of_a_render_target_view(tmp_path):
    tex = _tex2d(array=3)
    slice1 = DEV[0].CreateRenderTargetView(tex, D3D11_RENDER_TARGET_VIEW_DESC(  # noqa: F405
        Format=RGBA32F, ViewDimension=5, Texture2DArray=D3D11_TEX2D_ARRAY_RTV(MipSlice=0, FirstArraySlice=1,  # noqa: F405
                                                                                ArraySize=1)))
    rig = Rig(tex, slice1, distances=False)
    h1 = _history(tmp_path, lambda: rig.draw(tri((1, 0.5, 0, 1))), "CreateTexture2D", 6, 6, subresource=1)
    assert _fates(h1) == [("Draw", ["written"])] and h1.events[0].after == (1.0, 0.5, 0.0, 1.0)
    for sub in (0, 2):
        assert _history(tmp_path, lambda: rig.draw(tri((1, 0.5, 0, 1))), "CreateTexture2D", 6, 6,
                        subresource=sub).events == []


def test_uav_writes_to_an_array_slice_and_a_3d_texel(tmp_path):
    dev, ctx = DEV
    arr = _tex2d(bind=BIND_UAV, array=2)
    vol = dev.CreateTexture3D(D3D11_TEXTURE3D_DESC(Width=W, Height=H, Depth=3, MipLevels=1, Format=RGBA32F,  # noqa: F405
                                                   BindFlags=BIND_UAV))
    src = ("RWTexture2DArray<float4> a : register(u0);\nRWTexture3D<float4> v : register(u1);\n"
           "[numthreads(1, 1, 1)] void CS() { a[uint3(2, 5, 1)] = float4(1, 2, 3, 4);"
           " v[uint3(4, 1, 2)] = float4(5, 6, 7, 8); }")
    cs = D3DCompile(src, len(src), "cs.hlsl", None, None, "CS", "cs_5_0", 0, 0)

    def body():
        ctx.CSSetShader(dev.CreateComputeShader(cs, len(cs), None), None, 0)
        ctx.CSSetUnorderedAccessViews(0, 2, [dev.CreateUnorderedAccessView(arr, None),
                                             dev.CreateUnorderedAccessView(vol, None)], None)
        ctx.Dispatch(1, 1, 1)
    h = _history(tmp_path, body, "CreateTexture2D", 2, 5, subresource=1)
    assert [(e.method, e.after) for e in h.events] == [("Dispatch", (1.0, 2.0, 3.0, 4.0))]
    assert _history(tmp_path, body, "CreateTexture2D", 2, 5, subresource=0).events == []
    h = _history(tmp_path, body, "CreateTexture3D", 4, 1, z=2)
    assert [(e.method, e.after) for e in h.events] == [("Dispatch", (5.0, 6.0, 7.0, 8.0))]
    assert _history(tmp_path, body, "CreateTexture3D", 4, 1, z=1).events == []


# ------------------------------------------------------------------------------------- compressed / packed
BC1 = 71  # DXGI_FORMAT_BC1_UNORM


def _bc1(c0: int, c1: int = 0, idx: int = 0) -> bytes:
    return np.array([c0, c1], "<u2").tobytes() + np.uint32(idx).tobytes()


def test_bc1_texel_through_update_and_copy(tmp_path):
    dev, ctx = DEV
    black = _bc1(0) * 4  # 8x8: 2x2 blocks of 8 bytes, row pitch 16
    tex = _tex2d(fmt=BC1, bind=BIND_SRV, data=[(black, 16)])
    blue = _tex2d(fmt=BC1, bind=BIND_SRV, data=[(_bc1(0x001F) * 4, 16)])
    red = _bc1(0xF800)  # one block, every index 0: the first endpoint, pure red

    def body():
        ctx.UpdateSubresource(tex, 0, D3D11_BOX(4, 4, 0, 8, 8, 1), red, 8, 0)  # noqa: F405 - the block at (4, 4)
        ctx.CopyResource(tex, blue)
    h = _history(tmp_path, body, "CreateTexture2D", 5, 6)
    assert h.initial == (0.0, 0.0, 0.0, 1.0)
    assert [(e.method, e.before, e.after) for e in h.events] == [
        ("UpdateSubresource", (0.0, 0.0, 0.0, 1.0), (1.0, 0.0, 0.0, 1.0)),
        ("CopyResource", (1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0))]
    # (1, 1) is in another block: the update never touches it, the copy does
    h = _history(tmp_path, body, "CreateTexture2D", 1, 1)
    assert [e.method for e in h.events] == ["CopyResource"] and h.events[0].after == (0.0, 0.0, 1.0, 1.0)


def test_bc1_block_rewritten_with_the_same_value_is_still_reported(tmp_path):
    dev, ctx = DEV
    tex = _tex2d(fmt=BC1, bind=BIND_SRV, data=[(_bc1(0) * 4, 16)])
    h = _history(tmp_path, lambda: ctx.UpdateSubresource(tex, 0, D3D11_BOX(0, 0, 0, 4, 4, 1), _bc1(0), 8, 0),  # noqa: F405
                 "CreateTexture2D", 2, 3)
    assert [(e.method, e.changed) for e in h.events] == [("UpdateSubresource", False)]


@pytest.mark.parametrize("x, want", [(2, (10, 20, 30)), (3, (10, 40, 30)), (0, (0, 0, 0))])
def test_packed_r8g8_b8g8_texel(tmp_path, x, want):
    dev, ctx = DEV
    tex = _tex2d(fmt=68, bind=BIND_SRV, width=4, height=2, data=[(bytes(8) * 2, 8)])  # R8G8_B8G8_UNORM

    def body():
        ctx.UpdateSubresource(tex, 0, D3D11_BOX(2, 1, 0, 4, 2, 1), bytes([10, 20, 30, 40]), 4, 0)  # noqa: F405
    h = _history(tmp_path, body, "CreateTexture2D", x, 1)
    if x < 2:
        assert h.events == []
        return
    r, g, b = (v / np.float32(255) for v in want)
    assert [(e.method, e.after) for e in h.events] == [("UpdateSubresource", (float(np.float32(r)), float(np.float32(g)),
                                                                              float(np.float32(b)), 1.0))]


def test_update_and_copy_address_packed_elements_by_texel_coordinates():
    """The box / destination of UpdateSubresource and CopySubresourceRegion are in texels; a 2x1 packed element
    (4 bytes) covers texels 2k and 2k+1, so a box from x = 2 to 4 is one element (found through the pixel
    history above: the update used to ask for 8 bytes per 2-texel row)."""
    dev, ctx = DEV
    tex = _tex2d(fmt=68, bind=BIND_SRV, width=4, height=2, data=[(bytes(16), 8)])
    ctx.UpdateSubresource(tex, 0, D3D11_BOX(2, 1, 0, 4, 2, 1), bytes([1, 2, 3, 4]), 4, 0)  # noqa: F405
    assert list(tex._storage.data) == [0] * 12 + [1, 2, 3, 4]
    dst = _tex2d(fmt=68, bind=BIND_SRV, width=4, height=2, data=[(bytes(16), 8)])
    ctx.CopySubresourceRegion(dst, 0, 0, 0, 0, tex, 0, D3D11_BOX(2, 1, 0, 4, 2, 1))  # noqa: F405
    assert list(dst._storage.data) == [1, 2, 3, 4] + [0] * 12
    ctx.UpdateSubresource(tex, 0, D3D11_BOX(1, 0, 0, 3, 1, 1), bytes([9] * 8), 8, 0)  # noqa: F405 - not on an element
    assert list(tex._storage.data) == [0] * 12 + [1, 2, 3, 4]  # dropped: the box must be element aligned


@pytest.mark.parametrize("sample, fate", [(0, "clip_distance"), (1, "written"), (2, "clip_distance"), (3, "written")])
def test_clip_distance_at_subsample_resolution(tmp_path, sample, fate):
    """§15.4.1: with multisampling the clip distances are tested per sample. clip = NDC x + 0.125 is 0 at pixel
    x 3.5 (NDC -0.125 on 8 pixels), the centre of pixel 3; the standard 4x pattern's x offsets are -2, 6, -6, 2
    sixteenths, so samples 0 and 2 lie left of the plane and samples 1 and 3 right of it."""
    dev = DEV[0]
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=W, Height=H, MipLevels=1, ArraySize=1,  # noqa: F405
                                                   Format=RGBA32F, SampleDesc=DXGI_SAMPLE_DESC(Count=4),
                                                   BindFlags=BIND_RT))
    rig = Rig(tex, dev.CreateRenderTargetView(tex, None))
    rig.ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                       DepthClipEnable=True, MultisampleEnable=True)))
    h = _history(tmp_path, lambda: rig.draw(tri((1, 1, 1, 1), clip=(-0.875, -0.875, 3.125))), "CreateTexture2D", 3, 5,
                 sample=sample)
    assert _fates(h) == [("Draw", [fate])]


def test_nan_clip_distance_discards_the_primitive(tmp_path):
    """§15.4.1: a vertex with a NaN clip distance discards the primitives containing it."""
    tex = _tex2d()
    rig = Rig(tex, DEV[0].CreateRenderTargetView(tex, None))
    h = _history(tmp_path, lambda: rig.draw(tri((1, 1, 1, 1), clip=(1, float("nan"), 1))), "CreateTexture2D", 2, 2)
    assert _fates(h) == [("Draw", ["clip_distance"])] and not h.events[0].changed
