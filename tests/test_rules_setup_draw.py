"""Primitive setup rules observed through draws (pipeline/setup.py; D3D11.3 §3.4.5 points, §15.13
wireframe, §15.14 lines, §15.5 perspective-correct attributes). Expected values are computed
independently: covered pixel centres by hand, attributes by the perspective-correct formula
a(s) = ((1-s) a0/w0 + s a1/w1) / ((1-s)/w0 + s/w1) at the pixel centre's screen parameter s."""

from __future__ import annotations

import numpy as np
import pytest
from test_audit_pipeline import _device, _rt, _rt_pixels, _setup_draw

from pyd3d11.d3d11 import *  # noqa: F403

_VS = """
static const float4 P[3] = { %s };
static const float A[3] = { 0.0, 1.0, 0.0 };
struct O { float4 pos : SV_Position; float a : A; };
O main(uint vid : SV_VertexID) { O o; o.pos = P[vid]; o.a = A[vid]; return o; }"""
_PS = "float4 main(float4 p : SV_Position, float a : A) : SV_Target { return float4(a, 1, 0, 1); }"


def _draw(points: str, topology, n: int, w: int, h: int, **raster):
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, w, h)
    _setup_draw(dev, ctx, [rtv], w, h, _VS % points, _PS, topology=topology)
    desc = dict(FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)
    desc.update(raster)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(**desc)))
    ctx.Draw(n, 0)
    return _rt_pixels(dev, ctx, tex, w, h)


def test_point_covers_the_pixel_centre_in_its_lower_right_half():
    """A point is a 1x1 square around its screen position (§3.4.5). At screen (1.2, 0.2) the square spans
    x 0.7..1.7, y -0.3..0.7: only pixel (1, 0)'s centre (1.5, 0.5) is inside — in the half of the square
    right of and below its anti-diagonal."""
    # screen (1.2, 0.2) on a 4x2 target: ndc x = 1.2/4*2-1 = -0.4, y = 1 - 0.2/2*2 = 0.8
    px = _draw("float4(-0.4, 0.8, 0.5, 1), float4(0,0,0,1), float4(0,0,0,1)", D3D11_PRIMITIVE_TOPOLOGY_POINTLIST,
               1, 4, 2)
    lit = (px[..., 3] > 0).astype(int)
    assert lit.tolist() == [[0, 1, 0, 0], [0, 0, 0, 0]]


def _perspective(s: np.ndarray, w0: float, w1: float) -> np.ndarray:
    return (s / w1) / ((1 - s) / w0 + s / w1)


# v0 at screen (0, 0.5) with w = 1, v1 at screen (8, 0.5) with w = 4 on an 8x1 target
_LINE = "float4(-1, 0, 0.5, 1), float4(4, 0, 2, 4), float4(0, -19, 0.5, 1)"


def test_line_attributes_are_perspective_correct():
    px = _draw(_LINE, D3D11_PRIMITIVE_TOPOLOGY_LINELIST, 2, 8, 1)
    s = (np.arange(1, 7) + 0.5) / 8.0
    np.testing.assert_allclose(px[0, 1:7, 0], _perspective(s, 1.0, 4.0), rtol=0, atol=2e-5)


def test_wireframe_edge_attributes_are_perspective_correct():
    """§15.13: wireframe draws the triangle's edges as lines with the triangle's attributes; on edge v0-v1
    (row 0; the other two edges leave the target at its first and last pixels) the value is the
    perspective-correct blend of v0 and v1."""
    px = _draw(_LINE, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 3, 8, 1, FillMode=D3D11_FILL_WIREFRAME)
    s = (np.arange(1, 7) + 0.5) / 8.0
    np.testing.assert_allclose(px[0, 1:7, 0], _perspective(s, 1.0, 4.0), rtol=0, atol=2e-5)


def test_alpha_antialiased_line_lights_its_row():
    """AntialiasedLineEnable without MultisampleEnable (§15.14.1): a horizontal line through the centres of
    row 1 gives that row coverage (alpha) and leaves rows far from it untouched."""
    # 8x4 target, line at screen y = 1.5: ndc y = 1 - 1.5/4*2 = 0.25
    px = _draw("float4(-1, 0.25, 0.5, 1), float4(1, 0.25, 0.5, 1), float4(0,0,0,1)",
               D3D11_PRIMITIVE_TOPOLOGY_LINELIST, 2, 8, 4, AntialiasedLineEnable=True)
    assert (px[1, 1:7, 3] > 0.5).all()
    assert (px[3, :, 3] == 0).all()


_VS_NOP = "float4 main(uint vid : SV_VertexID) : SV_Position { return float4(0, 0, 0, 1); }"
_GS_VPAI = """
struct G { float4 pos : SV_Position; uint vp : SV_ViewportArrayIndex; };
[maxvertexcount(3)]
void main(point float4 p[1] : SV_Position, inout %s<G> s) {
    G g;
    %s
}"""
_TRI = """g.pos = float4(-1, -3, 0.5, 1); g.vp = 1; s.Append(g);
    g.pos = float4(-1, 1, 0.5, 1); g.vp = 0; s.Append(g);
    g.pos = float4(3, 1, 0.5, 1); g.vp = 0; s.Append(g);"""
_LIN = """g.pos = float4(-1, 0, 0.5, 1); g.vp = 1; s.Append(g);
    g.pos = float4(1, 0, 0.5, 1); g.vp = 0; s.Append(g);"""


@pytest.mark.parametrize("scissor", [False, True])
@pytest.mark.parametrize("kind", ["triangle", "line"])
def test_viewport_index_comes_from_the_leading_vertex(kind, scissor):
    """SV_ViewportArrayIndex is a per-primitive value taken from the primitive's leading (first) vertex
    (§15.8.1). Viewport 0 is the left half of a 4x1 target, viewport 1 the right half: a primitive covering
    its whole viewport whose first vertex says 1 lights only pixels 2 and 3. The index also selects the
    scissor rectangle (§15.7): with scissor i = viewport i's rectangle the result is the same."""
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 4, 1)
    gs = _GS_VPAI % (("TriangleStream", _TRI) if kind == "triangle" else ("LineStream", _LIN))
    _setup_draw(dev, ctx, [rtv], 4, 1, _VS_NOP, _PS.replace("float a : A", "").replace("float4(a, 1", "float4(1, 1"),
                gs=gs, topology=D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
    ctx.RSSetViewports(2, [D3D11_VIEWPORT(0, 0, 2, 1, 0, 1), D3D11_VIEWPORT(2, 0, 2, 1, 0, 1)])
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True, ScissorEnable=scissor)))
    ctx.RSSetScissorRects(2, [D3D11_RECT(0, 0, 2, 1), D3D11_RECT(2, 0, 4, 1)])
    ctx.Draw(1, 0)
    px = _rt_pixels(dev, ctx, tex, 4, 1)
    assert (px[0, :, 3] > 0).astype(int).tolist() == [0, 0, 1, 1]


# A triangle with its corners at pixel centres (1.5, 1.5), (6.5, 1.5), (1.5, 6.5) of an 8x8 target.
_CORNERS = ("float4(-0.625, 0.625, 0.5, 1)", "float4(0.625, 0.625, 0.5, 1)", "float4(-0.625, -0.625, 0.5, 1)")


def test_wireframe_draws_all_three_edges_as_lines():
    """§15.13: FillMode WIREFRAME rasterizes each of the triangle's three edges as a line (and nothing of its
    interior). The oracle is the same three edges drawn as a line list; the interior pixel (3, 3) stays empty
    and each edge contributes pixels of its own (row 1, column 1 and the diagonal)."""
    wire = _draw(", ".join(_CORNERS), D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 3, 8, 8,
                 FillMode=D3D11_FILL_WIREFRAME)[..., 3] > 0
    c0, c1, c2 = _CORNERS
    edges = ", ".join((c0, c1, c1, c2, c2, c0))
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 8)
    vs = _VS.replace("P[3]", "P[6]").replace("A[3] = { 0.0, 1.0, 0.0 }", "A[6] = { 0, 0, 0, 0, 0, 0 }") % edges
    _setup_draw(dev, ctx, [rtv], 8, 8, vs, _PS, topology=D3D11_PRIMITIVE_TOPOLOGY_LINELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    ctx.Draw(6, 0)
    lines = _rt_pixels(dev, ctx, tex, 8, 8)[..., 3] > 0
    assert wire.tolist() == lines.tolist()
    assert not wire[3, 3] and wire[1, 3] and wire[3, 1] and wire[4, 3]


def test_points_count_one_clipper_invocation_each():
    """§20.4.6 (D3D11_QUERY_DATA_PIPELINE_STATISTICS): CInvocations counts the primitives sent to the
    rasterizer stage — one per point of a point list, kept or not."""
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 8)
    pts = ", ".join(["float4(0, 0, 0.5, 1)", "float4(0.5, 0.5, 0.5, 1)", "float4(9, 9, 0.5, 1)"])
    _setup_draw(dev, ctx, [rtv], 8, 8, _VS % pts, _PS, topology=D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
    ctx.Begin(q)
    ctx.Draw(3, 0)
    ctx.End(q)
    stats = ctx.GetData(q)
    assert (int(stats.IAPrimitives), int(stats.CInvocations)) == (3, 3)


def _draw_n(points: list[str], topology, w: int, h: int, dsv=None, viewport=None, ps=_PS, **raster):
    """Draw len(points) vertices at the given clip-space positions; returns (pixels, context, device)."""
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, w, h)
    n = len(points)
    vs = _VS.replace("P[3]", f"P[{n}]").replace("A[3] = { 0.0, 1.0, 0.0 }", f"A[{n}] = {{ {', '.join(['1'] * n)} }}")
    _setup_draw(dev, ctx, [rtv], w, h, vs % ", ".join(points), ps, topology=topology, dsv=dsv(dev, ctx) if dsv else None)
    if viewport is not None:
        ctx.RSSetViewports(1, [viewport])
    desc = dict(FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)
    desc.update(raster)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(**desc)))
    q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
    ctx.Begin(q)
    ctx.Draw(n, 0)
    ctx.End(q)
    return _rt_pixels(dev, ctx, tex, w, h), ctx.GetData(q)


@pytest.mark.parametrize(("topology", "per_prim"), [(D3D11_PRIMITIVE_TOPOLOGY_LINELIST, 2),
                                                    (D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 3)])
def test_clipper_invocations_count_primitives(topology, per_prim):
    """§20.4.6: CInvocations = primitives sent to the rasterizer stage, here 4 of each kind (some off screen)."""
    pts = [f"float4({x}, {y}, 0.5, 1)" for x, y in [(-0.5, 0), (0.5, 0.5), (0, -0.5), (3, 3), (4, 3), (3, 4),
                                                       (0.25, 0.25), (-0.25, 0.25), (0.1, -0.9), (0.9, 0.9),
                                                       (-0.9, 0.9), (0.5, -0.5)][:4 * per_prim]]
    _, stats = _draw_n(pts, topology, 8, 8)
    assert (int(stats.IAPrimitives), int(stats.CInvocations)) == (4, 4)


@pytest.mark.parametrize(("z", "clip", "drawn"), [(0.5, True, True), (1.5, True, False), (-0.5, True, False),
                                                   (1.5, False, True), (-0.5, False, True)])
def test_point_depth_clipping(z, clip, drawn):
    """§15.4 / §3.4.5: with DepthClipEnable a point is clipped when z lies outside [0, w]; without it the point is
    drawn (its depth clamped to the viewport range). Point at pixel (4, 4) of an 8x8 target."""
    px, _ = _draw_n([f"float4(0.125, -0.125, {z}, 1)"], D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, 8, 8,
                    DepthClipEnable=clip)
    assert bool(px[4, 4, 3] > 0) is drawn


def test_wireframe_does_not_draw_the_edges_clipping_made():
    """§15.13 with §15.4: a wireframe triangle crossing the near plane z = 0 draws the visible parts of its own
    edges; the edge the clipper made along z = 0 (screen (4.5, 1.5) to (1.5, 4.5)) is not an edge of the
    triangle: pixels (3, 2) and (2, 3), on that edge only, stay empty while the original edges are drawn."""
    pts = ["float4(-0.625, 0.625, -0.5, 1)", "float4(0.875, 0.625, 0.5, 1)", "float4(-0.625, -0.875, 0.5, 1)"]
    px, _ = _draw_n(pts, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 8, 8, FillMode=D3D11_FILL_WIREFRAME)
    lit = px[..., 3] > 0
    assert not lit[2, 3] and not lit[3, 2]
    assert lit[1, 6] and lit[6, 1] and lit[4, 4]  # top edge (row 1), left edge (column 1), the diagonal


@pytest.mark.parametrize("topology", [D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, D3D11_PRIMITIVE_TOPOLOGY_LINELIST])
def test_viewport_depth_range_maps_points_and_lines(topology):
    """§15.6 viewport transform: z_screen = MinDepth + z_ndc * (MaxDepth - MinDepth). With MinDepth 0.25 and MaxDepth
    0.75, z_ndc = 0.5 reaches the pixel shader's SV_Position.z as 0.5 (read back as the red channel)."""
    ps = "float4 main(float4 p : SV_Position, float a : A) : SV_Target { return float4(p.z, 1, 0, 1); }"
    pts = ["float4(0.125, -0.125, 0.5, 1)"] if topology == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST else \
        ["float4(-1, -0.125, 0.5, 1)", "float4(1, -0.125, 0.5, 1)"]
    vp = D3D11_VIEWPORT(TopLeftX=0, TopLeftY=0, Width=8, Height=8, MinDepth=0.25, MaxDepth=0.75)
    px, _ = _draw_n(pts, topology, 8, 8, viewport=vp, ps=ps)
    assert px[4, 4, 3] > 0 and abs(float(px[4, 4, 0]) - 0.5) < 1e-6


# A triangle over an 8x1 target: screen (0, -1) w 1, (8, 1) w 4, (0, 1) w 1; pixel centres x = 0.5 .. 5.5 of
# row 0 lie inside (the edge from the first to the second vertex crosses y = 0.5 at x = 6).
_TRI_W = "float4(-1, 3, 0.5, 1), float4(4, -4, 2, 4), float4(-1, -1, 0.5, 1)"
_VS_MODES = """
static const float4 P[3] = { TRI };
static const float A[3] = { 0.25, 1.0, 0.0 };
struct O { float4 pos : SV_Position; float a : A; };
O main(uint vid : SV_VertexID) { O o; o.pos = P[vid]; o.a = A[vid]; return o; }""".replace("TRI", _TRI_W)


def _screen_barycentrics(x: np.ndarray, y: float) -> np.ndarray:
    v = np.array([(0.0, -1.0), (8.0, 1.0), (0.0, 1.0)])
    m = np.array([[v[0, 0] - v[2, 0], v[1, 0] - v[2, 0]], [v[0, 1] - v[2, 1], v[1, 1] - v[2, 1]]])
    b01 = np.linalg.solve(m, np.stack([x - v[2, 0], np.full_like(x, y) - v[2, 1]]))
    return np.stack([b01[0], b01[1], 1 - b01[0] - b01[1]], 1)


@pytest.mark.parametrize("modifier", ["nointerpolation", "linear", "centroid", "linear centroid", "sample",
                                      "noperspective", "noperspective centroid", "noperspective sample"])
def test_every_interpolation_mode(modifier):
    """D3D_INTERPOLATION_MODE (D3D11.3 §16.3.2 / §15.5): constant takes the provoking (first) vertex's value;
    linear is perspective-correct, a = sum(b_i a_i / w_i) / sum(b_i / w_i) with b the screen barycentrics;
    noperspective is sum(b_i a_i). With one sample per pixel and the pixel covered, centroid and sample
    locations are the pixel centre."""
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 1)
    ps = f"float4 main(float4 p : SV_Position, {modifier} float a : A) : SV_Target {{ return float4(a, 1, 0, 1); }}"
    _setup_draw(dev, ctx, [rtv], 8, 1, _VS_MODES, ps, topology=D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    ctx.Draw(3, 0)
    px = _rt_pixels(dev, ctx, tex, 8, 1)
    b = _screen_barycentrics(np.arange(6) + 0.5, 0.5)
    a, w = np.array([0.25, 1.0, 0.0]), np.array([1.0, 4.0, 1.0])
    if modifier == "nointerpolation":
        want = np.full(6, 0.25)
    elif "noperspective" in modifier:
        want = b @ a
    else:
        want = (b @ (a / w)) / (b @ (1 / w))
    np.testing.assert_allclose(px[0, :6, 0], want, rtol=0, atol=2e-6)
    assert (px[0, 6:, 3] == 0).all()  # centres x = 6.5, 7.5 are outside


def test_wireframe_draws_a_lone_surviving_edge():
    """§15.13 with §15.4: of a triangle whose vertices all lie outside the clip volume, only the middle third of
    edge v0-v1 (crossing the slab 0 <= z <= w at t in [1/3, 2/3]) is inside: v2 lies beyond the guard band x <= G w
    (G = 512) and in front of z = 0, so edges v1-v2 and v2-v0 never enter the volume. Wireframe draws exactly that
    one segment: screen x from 8/3 to 16/3 on row 4 (y = 4.5), and nothing else."""
    pts = ["float4(-1, -0.125, -1, 1)", "float4(1, -0.125, 2, 1)", "float4(5120, 5, -1, 1)"]
    px, _ = _draw_n(pts, D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST, 8, 8, FillMode=D3D11_FILL_WIREFRAME)
    lit = px[..., 3] > 0
    assert lit[4, 3] and lit[4, 4]
    assert int(lit.sum()) == int(lit[4, 2:6].sum())


_VS_CULL = """
static const float4 P[6] = { float4(-1, 0.625, 0.5, 1), float4(1, 0.625, 0.5, 1),
                             float4(-1, 0.125, -0.5, 1), float4(1, 0.125, -0.25, 1),
                             float4(-1, -0.375, 0.5, 1), float4(1, -0.375, 0.5, 1) };
static const float C[6] = { -1, -2, 1, 1, -1, 1 };
struct O { float4 pos : SV_Position; float a : A; float c : SV_CullDistance; };
O main(uint vid : SV_VertexID) { O o; o.pos = P[vid]; o.a = 1; o.c = C[vid]; return o; }"""


def test_lines_are_culled_by_cull_distance_and_clipped():
    """§15.4 on lines: a line whose vertices all have a negative SV_CullDistance is culled (row 1), a line with
    one non-negative distance is kept (row 5), and a line that is entirely in front of z = 0 is clipped away
    whatever its cull distances (row 3). Both tests apply: drawn only when neither removes the line."""
    dev, ctx = _device()
    tex, rtv = _rt(dev, ctx, 8, 8)
    _setup_draw(dev, ctx, [rtv], 8, 8, _VS_CULL, _PS, topology=D3D11_PRIMITIVE_TOPOLOGY_LINELIST)
    ctx.RSSetState(dev.CreateRasterizerState(D3D11_RASTERIZER_DESC(
        FillMode=D3D11_FILL_SOLID, CullMode=D3D11_CULL_NONE, DepthClipEnable=True)))
    ctx.Draw(6, 0)
    lit = _rt_pixels(dev, ctx, tex, 8, 8)[..., 3] > 0
    assert lit[5, 1:7].all()
    assert int(lit.sum()) == int(lit[5].sum())


@pytest.mark.parametrize(("bias", "slope"), [(0, 1.0), (0, 0.5), (1, 0.0), (0, 0.0)])
def test_depth_bias_reaches_the_depth_buffer(bias, slope):
    """§15.10 through a draw (both the native and the numpy triangle set-up): Bias = DepthBias * r +
    SlopeScaledDepthBias * max(|dz/dx|, |dz/dy|) is added to every depth of the triangle. Screen vertices (0, 4),
    (0, -4), (8, 4) with z 0.2, 0.4, 0.6 on a 4x4 D32_FLOAT buffer: dz/dx = 0.05, dz/dy = -0.025 (plane fit below);
    r = 2^(e - 23) for the largest depth 0.6 (e = -1)."""
    from types import SimpleNamespace

    from gfx_util import D32_FLOAT, R32G32B32A32_FLOAT, draw_pos_attr, dsv, rtv, texture2d

    from pyd3d11.pipeline.draw import RasterizerState
    from pyd3d11.pipeline.output_merger import OMState

    face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
    desc = SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=8, StencilEnable=False,
                           StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face, BackFace=face)
    tri = np.array([[-1, -1, 0.2, 1, 0, 0, 0, 0], [-1, 3, 0.4, 1, 0, 0, 0, 0], [3, -1, 0.6, 1, 0, 0, 0, 0]])

    def depth(b, s):
        rt, ds = texture2d(R32G32B32A32_FLOAT, 4, 4), texture2d(D32_FLOAT, 4, 4)
        draw_pos_attr(tri, [rtv(rt)], depth=dsv(ds), om=OMState(depth_stencil=desc),
                      rasterizer=RasterizerState(CullMode=1, DepthBias=b, SlopeScaledDepthBias=s))
        return ds.data.view(np.float32).reshape(4, 4).astype(np.float64)

    plane = np.linalg.solve(np.array([[0, 4, 1], [0, -4, 1], [8, 4, 1]], np.float64), [0.2, 0.4, 0.6])
    want = bias * 2.0 ** -24 + slope * max(abs(plane[0]), abs(plane[1]))
    got = depth(bias, slope) - depth(0, 0.0)
    covered = depth(0, 0.0) != 0  # the cleared buffer holds 0; the triangle covers the upper-left half
    assert covered.sum() >= 6
    np.testing.assert_allclose(got[covered], want, rtol=0, atol=2e-7)
