"""Issue 14, pipeline rules as Windows applies them, through the public API.

- §16.9.1: a render target whose o# the pixel shader does not declare is not modified, whatever the
  blend state; without a pixel shader no render target is written (§4.x: "No Pixel Shader means no
  updates to RenderTargets other than Depth/Stencil").
- §8.16 VertexID: Draw/DrawInstanced (and the indirect/auto forms) count from 0 — StartVertexLocation only
  moves the fetch; indexed draws give the index value (BaseVertexLocation not added). §8.18 InstanceID
  counts from 0 (StartInstanceLocation only moves per-instance fetches). §8.17 PrimitiveID counts the
  primitives of each instance from 0.

Expected values are written from those rules in the tests, one case per draw type.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.d3dcompiler import D3DCompile

R32G32B32A32_UINT, R32G32B32A32_FLOAT, R32_FLOAT, R16_UINT, R32_UINT = 3, 2, 41, 57, 42
R8G8B8A8_UNORM, D32_FLOAT, R32_TYPELESS = 28, 40, 39
BIND_VB, BIND_IB, BIND_SO, BIND_SRV, BIND_RT, BIND_DS = 0x1, 0x2, 0x10, 0x8, 0x20, 0x40
MISC_DRAWINDIRECT_ARGS = 0x10
POINTLIST, TRIANGLELIST, TRIANGLESTRIP = 1, 4, 5
W, H = 16, 4


def _compile(src: str, target: str, entry: str = "main") -> bytes:
    return D3DCompile(src, None, None, None, None, entry, target, 0, 0)


def _device():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)  # noqa: F405
    return dev, ctx


def _buffer(dev, data: np.ndarray, bind: int, misc: int = 0):
    data = np.ascontiguousarray(data)
    d = D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, MiscFlags=misc)  # noqa: F405
    return dev.CreateBuffer(d, D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes()))  # noqa: F405


def _tex2d(dev, w: int, h: int, fmt: int, bind: int):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1,  # noqa: F405
                                                    Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                    BindFlags=bind))


def _viewport(ctx, w: int, h: int) -> None:
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=w, Height=h, MinDepth=0, MaxDepth=1)])  # noqa: F405


# --- system-generated values per draw type (§8.16-§8.18) ------------------------------------------------------

# Each point lands on pixel (COL, ROW): COL is fetched per vertex from slot 0 (value k at element k), ROW per
# instance from slot 1 (value j at element j). The pixel records (SV_VertexID, SV_InstanceID, SV_PrimitiveID, 1).
IDS_VS = """
struct O { float4 p : SV_Position; nointerpolation uint2 ids : IDS; };
O main(float col : COL, float row : ROW, uint vid : SV_VertexID, uint iid : SV_InstanceID) {
    O o;
    o.p = float4((col + 0.5) / 8 - 1, 1 - (row + 0.5) / 2, 0, 1);
    o.ids = uint2(vid, iid);
    return o;
}
"""
IDS_PS = """
uint4 main(float4 p : SV_Position, nointerpolation uint2 ids : IDS, uint pid : SV_PrimitiveID) : SV_Target {
    return uint4(ids, pid, 1);
}
"""


def _ids_pipeline(dev, ctx):
    vs = _compile(IDS_VS, "vs_4_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(_compile(IDS_PS, "ps_4_0"), None))
    els = [D3D11_INPUT_ELEMENT_DESC(SemanticName="COL", SemanticIndex=0, Format=R32_FLOAT, InputSlot=0,  # noqa: F405
                                    AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0),
           D3D11_INPUT_ELEMENT_DESC(SemanticName="ROW", SemanticIndex=0, Format=R32_FLOAT, InputSlot=1,  # noqa: F405
                                    AlignedByteOffset=0, InputSlotClass=1, InstanceDataStepRate=1)]
    ctx.IASetInputLayout(dev.CreateInputLayout(els, 2, vs))
    cols = _buffer(dev, np.arange(W, dtype=np.float32), BIND_VB | BIND_SO)
    rows = _buffer(dev, np.arange(H, dtype=np.float32), BIND_VB)
    ctx.IASetVertexBuffers(0, 2, [cols, rows], [4, 4], [0, 0])
    ctx.IASetPrimitiveTopology(POINTLIST)
    rt = _tex2d(dev, W, H, R32G32B32A32_UINT, BIND_RT)
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    _viewport(ctx, W, H)
    return rt, cols


def _expected_non_indexed(count: int, instances: int, start_vertex: int, start_instance: int) -> np.ndarray:
    out = np.zeros((H, W, 4), np.uint32)
    for i in range(instances):
        for n in range(count):
            # VertexID n (from 0), InstanceID i (from 0), PrimitiveID n (points restart per instance)
            out[start_instance + i, start_vertex + n] = (n, i, n, 1)
    return out


def _expected_indexed(indices: list[int], instances: int, base_vertex: int, start_instance: int) -> np.ndarray:
    out = np.zeros((H, W, 4), np.uint32)
    for i in range(instances):
        for n, idx in enumerate(indices):
            out[start_instance + i, idx + base_vertex] = (idx, i, n, 1)  # VertexID = the index value
    return out


@pytest.mark.parametrize("count, start", [(3, 0), (3, 5), (4, 12)])
def test_draw_vertex_id_counts_from_zero(count, start):
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.Draw(count, start)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_non_indexed(count, 1, start, 0))


@pytest.mark.parametrize("count, inst, sv, si", [(3, 1, 3, 1), (3, 2, 0, 2), (2, 3, 9, 1), (5, 4, 1, 0)])
def test_draw_instanced_ids_exclude_start_locations(count, inst, sv, si):
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.DrawInstanced(count, inst, sv, si)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_non_indexed(count, inst, sv, si))


def test_draw_instanced_3_1_3_16_gives_vertex_ids_0_1_2():
    # The case the issue names: StartInstanceLocation 16 reads past the 4-entry instance buffer (ROW = 0).
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.DrawInstanced(3, 1, 3, 16)
    img = texture_to_numpy(ctx, rt)
    assert [tuple(img[0, c, :2]) for c in (3, 4, 5)] == [(0, 0), (1, 0), (2, 0)]


INDICES = [5, 2, 7, 0]


@pytest.mark.parametrize("fmt", [R16_UINT, R32_UINT])
@pytest.mark.parametrize("start_index, count, base", [(0, 4, 0), (1, 3, 3), (2, 2, 8)])
def test_draw_indexed_vertex_id_is_the_index_value(fmt, start_index, count, base):
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ib = _buffer(dev, np.array(INDICES, np.uint16 if fmt == R16_UINT else np.uint32), BIND_IB)
    ctx.IASetIndexBuffer(ib, fmt, 0)
    ctx.DrawIndexed(count, start_index, base)
    want = _expected_indexed(INDICES[start_index:start_index + count], 1, base, 0)
    assert np.array_equal(texture_to_numpy(ctx, rt), want)


@pytest.mark.parametrize("inst, base, si", [(2, 0, 0), (3, 4, 1), (2, 1, 2)])
def test_draw_indexed_instanced_ids(inst, base, si):
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.IASetIndexBuffer(_buffer(dev, np.array(INDICES, np.uint32), BIND_IB), R32_UINT, 0)
    ctx.DrawIndexedInstanced(3, inst, 1, base, si)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_indexed(INDICES[1:4], inst, base, si))


def test_draw_instanced_indirect_ids():
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    args = _buffer(dev, np.array([0, 0, 3, 2, 4, 1], np.uint32), 0, MISC_DRAWINDIRECT_ARGS)
    ctx.DrawInstancedIndirect(args, 8)  # (VertexCountPerInstance 3, InstanceCount 2, StartVertex 4, StartInstance 1)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_non_indexed(3, 2, 4, 1))


def test_draw_indexed_instanced_indirect_ids():
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.IASetIndexBuffer(_buffer(dev, np.array(INDICES, np.uint16), BIND_IB), R16_UINT, 0)
    # (IndexCountPerInstance 2, InstanceCount 3, StartIndex 0, BaseVertex 6, StartInstance 1)
    args = _buffer(dev, np.array([2, 3, 0, 6, 1], np.uint32), 0, MISC_DRAWINDIRECT_ARGS)
    ctx.DrawIndexedInstancedIndirect(args, 0)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_indexed(INDICES[:2], 3, 6, 1))


@pytest.mark.parametrize("filled, offset", [(12, 0), (24, 8)])
def test_draw_auto_ids_count_from_zero(filled, offset):
    dev, ctx = _device()
    rt, cols = _ids_pipeline(dev, ctx)
    ctx.SOSetTargets(1, [cols], [filled])  # an explicit SO offset sets BufferFilledSize
    ctx.SOSetTargets(0, None, None)
    ctx.IASetVertexBuffers(0, 1, [cols], [4], [offset])
    ctx.DrawAuto()
    n = (filled - offset) // 4
    # the vertices start at the slot-0 offset (offset // 4 elements in), their IDs at 0
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_non_indexed(n, 1, offset // 4, 0))


def test_primitive_id_counts_triangles_per_instance_and_strip():
    """§8.17: PrimitiveID counts the primitives of each instance from 0 (lists and strips alike)."""
    dev, ctx = _device()
    vs = _compile("""
        struct O { float4 p : SV_Position; };
        O main(float2 p : POS, uint iid : SV_InstanceID) { O o; o.p = float4(p.x, p.y - iid, 0, 1); return o; }
    """, "vs_4_0")
    ps = _compile("uint4 main(float4 p : SV_Position, uint pid : SV_PrimitiveID) : SV_Target { return pid + 1; }",
                  "ps_4_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    ctx.PSSetShader(dev.CreatePixelShader(ps, None))
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POS", SemanticIndex=0, Format=16, InputSlot=0,  # noqa: F405
                                  AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    # a strip of 4 triangles covering x in [-1, 1] of the top half, each a quarter wide
    xs = np.linspace(-1, 1, 5)
    strip = np.array([[xs[k // 2], 1.0 if k % 2 == 0 else 0.0] for k in range(10)], np.float32)
    ctx.IASetVertexBuffers(0, 1, [_buffer(dev, strip, BIND_VB)], [8], [0])
    ctx.IASetPrimitiveTopology(TRIANGLESTRIP)
    rt = _tex2d(dev, 8, 2, R32G32B32A32_UINT, BIND_RT)
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    _viewport(ctx, 8, 2)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(FillMode=3, CullMode=1,  # noqa: F405
                                                                   DepthClipEnable=True)))
    ctx.DrawInstanced(10, 2, 0, 0)  # 8 triangles; instance 1 is moved down one unit (the bottom row)
    img = texture_to_numpy(ctx, rt)[:, :, 0]
    # every pixel is covered by a triangle of its instance; the IDs in each row are those of instance 0
    assert img.min() >= 1 and np.array_equal(img[0], img[1])
    assert sorted(set(img[0].tolist())) == list(range(1, 9))


# --- render targets the draw does not write (§16.9.1) ----------------------------------------------------------

FULL_VS = """
float4 main(uint vid : SV_VertexID) : SV_Position {
    return float4(vid == 1 ? 3 : -1, vid == 2 ? -3 : 1, 0.5, 1);
}
"""
CLEAR = (0.25, 0.5, 0.75, 1.0)


def _two_targets(dev, ctx, ps_src: str | None, with_depth: bool = False, blend=None):
    ctx.VSSetShader(dev.CreateVertexShader(_compile(FULL_VS, "vs_4_0"), None))
    ctx.PSSetShader(dev.CreatePixelShader(_compile(ps_src, "ps_4_0"), None) if ps_src else None)
    ctx.IASetPrimitiveTopology(TRIANGLELIST)
    rts = [_tex2d(dev, 4, 4, R32G32B32A32_FLOAT, BIND_RT) for _ in range(3)]
    views = [dev.CreateRenderTargetView(t) for t in rts]
    for v in views:
        ctx.ClearRenderTargetView(v, CLEAR)
    dsv = None
    if with_depth:
        ds = _tex2d(dev, 4, 4, D32_FLOAT, BIND_DS)
        dsv = dev.CreateDepthStencilView(ds)
        ctx.ClearDepthStencilView(dsv, 1, 1.0, 0)
        ctx.OMSetDepthStencilState(dev.CreateDepthStencilState(D3D11_DEPTH_STENCIL_DESC(  # noqa: F405
            DepthEnable=True, DepthWriteMask=1, DepthFunc=D3D11_COMPARISON_LESS)), 0)  # noqa: F405
    if blend is not None:
        ctx.OMSetBlendState(dev.CreateBlendState(blend), None, 0xFFFFFFFF)
    ctx.OMSetRenderTargets(3, views, dsv)
    _viewport(ctx, 4, 4)
    ctx.Draw(3, 0)
    return rts, dsv


def test_no_pixel_shader_with_depth_writes_depth_only():
    dev, ctx = _device()
    rts, dsv = _two_targets(dev, ctx, None, with_depth=True)
    for rt in rts:
        assert np.all(texture_to_numpy(ctx, rt) == np.float32(CLEAR))
    depth = texture_to_numpy(ctx, dsv.GetResource())
    assert np.all(depth[..., 0] == np.float32(0.5))


@pytest.mark.parametrize("ps, written", [
    ("float4 main() : SV_Target0 { return 1; }", {0}),
    ("float4 main() : SV_Target1 { return 1; }", {1}),
    ("struct O { float4 a : SV_Target0; float4 c : SV_Target2; }; O main() { O o; o.a = 1; o.c = 1; return o; }",
     {0, 2}),
    ("float main() : SV_Depth { return 0.25; }", set()),
])
def test_only_declared_targets_are_written(ps, written):
    dev, ctx = _device()
    rts, _ = _two_targets(dev, ctx, ps, with_depth=True)
    for i, rt in enumerate(rts):
        want = np.float32(1.0) if i in written else np.float32(CLEAR)
        assert np.all(texture_to_numpy(ctx, rt) == want), i


def test_undeclared_target_is_kept_even_with_blending_enabled():
    # ONE/ONE additive blending would change the target if it were written with zeros... or anything.
    dev, ctx = _device()
    rt_desc = D3D11_RENDER_TARGET_BLEND_DESC(BlendEnable=True, SrcBlend=2, DestBlend=2, BlendOp=1,  # noqa: F405
                                             SrcBlendAlpha=2, DestBlendAlpha=2, BlendOpAlpha=1,
                                             RenderTargetWriteMask=0xF)
    blend = D3D11_BLEND_DESC(AlphaToCoverageEnable=False, IndependentBlendEnable=False,  # noqa: F405
                             RenderTarget=[rt_desc] * 8)
    rts, _ = _two_targets(dev, ctx, "float4 main() : SV_Target1 { return 0.5; }", blend=blend)
    assert np.all(texture_to_numpy(ctx, rts[0]) == np.float32(CLEAR))
    assert np.allclose(texture_to_numpy(ctx, rts[1]), np.float32(CLEAR) + np.float32(0.5))
    assert np.all(texture_to_numpy(ctx, rts[2]) == np.float32(CLEAR))


def test_declared_target_honours_the_write_mask():
    dev, ctx = _device()
    rt_desc = D3D11_RENDER_TARGET_BLEND_DESC(BlendEnable=False, SrcBlend=2, DestBlend=1, BlendOp=1,  # noqa: F405
                                             SrcBlendAlpha=2, DestBlendAlpha=1, BlendOpAlpha=1,
                                             RenderTargetWriteMask=0x5)  # R and B
    blend = D3D11_BLEND_DESC(AlphaToCoverageEnable=False, IndependentBlendEnable=False,  # noqa: F405
                             RenderTarget=[rt_desc] * 8)
    rts, _ = _two_targets(dev, ctx, "float4 main() : SV_Target0 { return 1; }", blend=blend)
    assert np.all(texture_to_numpy(ctx, rts[0]) == np.float32([1.0, 0.5, 1.0, 1.0]))


# --- viewport and render-target array indices out of range (§15.8.1, §15.15) ----------------------------------

INDEX_GS = """
struct V { float4 p : SV_Position; };
struct G { float4 p : SV_Position; uint i : {semantic}; };
[maxvertexcount(3)]
void main(triangle V v[3], inout TriangleStream<G> s) {
    for (int k = 0; k < 3; k++) { G g; g.p = v[k].p; g.i = {value}; s.Append(g); }
}
"""
INDEX_PS = "uint4 main(float4 p : SV_Position, uint i : {semantic}) : SV_Target {{ return uint4(i + 1, 0, 0, 1); }}"


def _index_draw(dev, ctx, semantic: str, value: int, rt_slices: int = 1, viewports=None):
    ctx.VSSetShader(dev.CreateVertexShader(_compile(FULL_VS, "vs_4_0"), None))
    gs = INDEX_GS.replace("{semantic}", semantic).replace("{value}", str(value))
    ctx.GSSetShader(dev.CreateGeometryShader(_compile(gs, "gs_4_0"), None))
    ctx.PSSetShader(dev.CreatePixelShader(_compile(INDEX_PS.format(semantic=semantic), "ps_4_0"), None))
    ctx.IASetPrimitiveTopology(TRIANGLELIST)
    rt = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=rt_slices,  # noqa: F405
                                                  Format=R32G32B32A32_UINT, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
                                                  BindFlags=BIND_RT))
    ctx.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt)], None)
    vps = viewports or [(0, 0, 4, 4)]
    ctx.RSSetViewports(len(vps), [D3D11_VIEWPORT(TopLeftX=x, TopLeftY=y, Width=w, Height=h,  # noqa: F405
                                                 MinDepth=0, MaxDepth=1) for x, y, w, h in vps])
    ctx.Draw(3, 0)
    return [texture_to_numpy(ctx, rt, s)[..., 0] for s in range(rt_slices)]


# two viewports: 0 the left half, 1 the right half of the 4x4 target
HALVES = [(0, 0, 2, 4), (2, 0, 2, 4)]


@pytest.mark.parametrize("index", [0, 1, 2, 5, 15, 16, 1000])
def test_viewport_index_beyond_those_bound_uses_viewport_0_and_reads_0(index):
    dev, ctx = _device()
    (img,) = _index_draw(dev, ctx, "SV_ViewportArrayIndex", index, viewports=HALVES)
    used = index if index < len(HALVES) else 0
    want = np.zeros((4, 4), np.uint32)
    x0 = HALVES[used][0]
    want[:, x0:x0 + 2] = used + 1  # the shader reads the index of the viewport used
    assert np.array_equal(img, want)


@pytest.mark.parametrize("index", [0, 1, 2, 7, 0xFFFFFFFF])
def test_render_target_array_index_out_of_range_renders_to_slice_0_with_the_raw_value(index):
    dev, ctx = _device()
    slices = _index_draw(dev, ctx, "SV_RenderTargetArrayIndex", index, rt_slices=2)
    used = index if index < 2 else 0
    for s, img in enumerate(slices):
        # §15.15: the value reaches the pixel shader unmodified (uint wraps: 0xFFFFFFFF + 1 = 0)
        want = np.full((4, 4), (index + 1) & 0xFFFFFFFF if s == used else 0, np.uint32)
        assert np.array_equal(img, want), s


# (feature level, accepted TopLeftX/Y lower bound, accepted right/bottom upper bound) — D3D11_VIEWPORT remarks
VIEWPORT_BOUNDS = [(0xB100, -32768, 32767), (0xB000, -32768, 32767), (0xA100, -16384, 16383),
                   (0xA000, -16384, 16383), (0x9300, 0, 16383), (0x9100, 0, 16383)]


@pytest.mark.parametrize("level, lo, hi", VIEWPORT_BOUNDS)
def test_viewport_bounds_per_feature_level(level, lo, hi):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405

    def accepted(x, y, w, h):
        ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=1, TopLeftY=1, Width=1, Height=1, MinDepth=0, MaxDepth=1)])  # noqa: F405
        ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=x, TopLeftY=y, Width=w, Height=h, MinDepth=0, MaxDepth=1)])  # noqa: F405
        return ctx.RSGetViewports(1)[0].TopLeftX == x and ctx.RSGetViewports(1)[0].TopLeftY == y

    assert accepted(lo, lo, 10, 10)
    assert not accepted(lo - 1, 0, 10, 10)
    assert not accepted(0, lo - 1, 10, 10)
    assert accepted(hi - 10, 0, 10, 10)
    assert not accepted(hi - 10, 0, 11, 10)
    assert not accepted(0, hi - 10, 10, 11)
    assert accepted(-0.5, -0.5, 4, 4) == (lo < 0)


# --- SV_PrimitiveID through a geometry shader: adjacency, strips with cuts, instances (§8.17) -----------------

PID_VS = "float4 main(float4 p : POSITION) : SV_Position { return p; }"
PID_GS = """
struct V { float4 p : SV_Position; };
struct O { uint pid : PID; uint iid : IID; };
[maxvertexcount(1)]
void main(PRIM V v[COUNT], uint pid : SV_PrimitiveID, inout PointStream<O> s) {
    O o; o.pid = pid; o.iid = 0; s.Append(o);
}
"""


def _primitive_ids(topology: int, prim: str, n: int, count: int, instances: int = 1, indices=None):
    dev, ctx = _device()
    vs = _compile(PID_VS, "vs_4_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, None))
    decl = [D3D11_SO_DECLARATION_ENTRY(Stream=0, SemanticName="PID", SemanticIndex=0, StartComponent=0,  # noqa: F405
                                       ComponentCount=1, OutputSlot=0)]
    gs = _compile(PID_GS.replace("PRIM", prim).replace("COUNT", str(n)), "gs_4_0")
    ctx.GSSetShader(dev.CreateGeometryShaderWithStreamOutput(gs, None, decl, 1, [4], 1, 0, None))
    ctx.PSSetShader(None)
    el = D3D11_INPUT_ELEMENT_DESC(SemanticName="POSITION", SemanticIndex=0, Format=R32G32B32A32_FLOAT,  # noqa: F405
                                  InputSlot=0, AlignedByteOffset=0, InputSlotClass=0, InstanceDataStepRate=0)
    ctx.IASetInputLayout(dev.CreateInputLayout([el], 1, vs))
    verts = np.zeros((16, 4), np.float32)
    verts[:, 3] = 1
    ctx.IASetVertexBuffers(0, 1, [_buffer(dev, verts, BIND_VB)], [16], [0])
    ctx.IASetPrimitiveTopology(topology)
    so = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=256, BindFlags=BIND_SO))  # noqa: F405
    ctx.SOSetTargets(1, [so], [0])
    if indices is None:
        ctx.DrawInstanced(count, instances, 0, 0)
    else:
        ctx.IASetIndexBuffer(_buffer(dev, np.array(indices, np.uint16), BIND_IB), R16_UINT, 0)
        ctx.DrawIndexedInstanced(count, instances, 0, 0, 0)
    ctx.SOSetTargets(0, None, None)
    q = so._storage.data.view(np.uint32)
    return q


@pytest.mark.parametrize("topology, prim, n, count, prims", [
    (4, "triangle", 3, 9, 3),  # TRIANGLELIST
    (5, "triangle", 3, 6, 4),  # TRIANGLESTRIP: n - 2
    (12, "triangleadj", 6, 12, 2),  # TRIANGLELIST_ADJ: adjacent vertices do not make primitives
    (13, "triangleadj", 6, 10, 3),  # TRIANGLESTRIP_ADJ: (n - 4) / 2
    (2, "line", 2, 8, 4),  # LINELIST
    (10, "lineadj", 4, 8, 2),  # LINELIST_ADJ
    (11, "lineadj", 4, 8, 5),  # LINESTRIP_ADJ: n - 3
    (3, "line", 2, 5, 4),  # LINESTRIP: n - 1
    (1, "point", 1, 5, 5),  # POINTLIST
])
@pytest.mark.parametrize("instances", [1, 2])
def test_primitive_id_per_topology_and_instance(topology, prim, n, count, prims, instances):
    ids = _primitive_ids(topology, prim, n, count, instances)
    assert ids[:prims * instances].tolist() == list(range(prims)) * instances


def test_primitive_id_continues_across_a_strip_cut():
    # indexed strip 0 1 2 3 | cut | 4 5 6: two triangles, then one; the cut does not restart the count
    ids = _primitive_ids(5, "triangle", 3, 8, 1, [0, 1, 2, 3, 0xFFFF, 4, 5, 6])
    assert ids[:3].tolist() == [0, 1, 2]


@pytest.mark.parametrize("level, want", [
    (0x9100, (0.0, 1.0, 3.0, 2.0)), (0x9300, (0.0, 1.0, 3.0, 2.0)),  # 9_x: unsigned integers
    (0xA000, (0.5, 1.25, 3.75, 2.5)), (0xB000, (0.5, 1.25, 3.75, 2.5)),  # 10_0 and up: floats as given
])
def test_fractional_viewports_per_feature_level(level, want):
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, [level], 1, 7)  # noqa: F405
    ctx.RSSetViewports(1, [D3D11_VIEWPORT(TopLeftX=0.5, TopLeftY=1.25, Width=3.75, Height=2.5,  # noqa: F405
                                          MinDepth=0.25, MaxDepth=0.75)])
    v = ctx.RSGetViewports(1)[0]
    assert (v.TopLeftX, v.TopLeftY, v.Width, v.Height, v.MinDepth, v.MaxDepth) == (*want, 0.25, 0.75)
