"""The native front end renders the same bytes as the numpy one, for every topology that makes triangles.

Each scene draws random triangles (crossing every clip plane, w <= 0, huge coordinates, degenerate, both
windings) through pipeline.draw twice on the native shader backend: once with the native front end
(input-assembler word fetch, list assembly, native triangle and plane setup) and once with it disabled
(``frontend.ENABLED = False``: the numpy stages, which the reference backend always uses). Render target,
depth buffer and every DrawStats counter must be identical.
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import numpy as np
import pytest
from gfx_util import D32_FLOAT, R32G32B32A32_FLOAT, draw_pos_attr, dsv, rtv, texture2d

from pyd3d11.pipeline import primitives as prim
from pyd3d11.pipeline.draw import DrawStats, RasterizerState
from pyd3d11.pipeline.input_assembler import R16_UINT, R32_UINT, DrawArgs, IndexBufferBinding
from pyd3d11.pipeline.native import frontend
from pyd3d11.pipeline.output_merger import OMState
from pyd3d11.shader import native
from pyd3d11.storage import ResourceStorage

pytestmark = [pytest.mark.backend_specific, pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

VS_INSTANCED = """vs_4_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_input_sgv v2.x, instance_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_temps 1
utof r0.x, v2.x
mad o0.x, r0.x, l(0.37), v0.x
mov o0.yzw, v0.yzw
mov o1.xyzw, v1.xyzw
ret
"""

PS_PERSP_Z = """ps_4_0
dcl_input_ps linear v1.xyzw
dcl_input_ps_siv linear noperspective v0.zw, position
dcl_output o0.xyzw
add o0.xyz, v1.xyzx, v0.zzwz
mov o0.w, v1.w
ret
"""


def _vertices(rng: np.random.Generator, n: int) -> np.ndarray:
    """(n, 8) float32: clip position and an attribute."""
    w = rng.uniform(0.3, 3.0, n)
    p = np.stack([rng.uniform(-1.3, 1.3, n) * w, rng.uniform(-1.3, 1.3, n) * w, rng.uniform(-0.2, 1.1, n) * w, w], 1)
    kind = rng.integers(0, 10, n)
    p[kind == 1, 3] = rng.choice([0.0, -0.5, 1e-31], (kind == 1).sum())
    p[kind == 2, 0] = rng.choice([1e4, -3e9, 1e30], (kind == 2).sum())
    p[kind == 3, 2] = -p[kind == 3, 3]
    attr = rng.uniform(-1, 2, (n, 4))
    return np.concatenate([p, attr], 1).astype(np.float32)


def _render(verts, topology, rasterizer, args, index=None, vs=None, ps=None, enabled=True):
    frontend.ENABLED = enabled
    try:
        rt = texture2d(R32G32B32A32_FLOAT, 40, 24)
        ds = texture2d(D32_FLOAT, 40, 24)
        ds.data[:] = np.full(40 * 24, 1.0, np.float32).view(np.uint8)
        face = SimpleNamespace(StencilFailOp=1, StencilDepthFailOp=1, StencilPassOp=1, StencilFunc=8)
        om = OMState(depth_stencil=SimpleNamespace(DepthEnable=True, DepthWriteMask=1, DepthFunc=2, StencilEnable=False,
                                                   StencilReadMask=0xFF, StencilWriteMask=0xFF, FrontFace=face,
                                                   BackFace=face))
        kw = {}
        if index is not None:
            kw["index_buffer"] = index
        extra = {"vs": vs} if vs else {}
        stats = draw_pos_attr(verts, [rtv(rt)], topology=topology, rasterizer=rasterizer, depth=dsv(ds), om=om,
                              args=args, ps=ps, **extra, **kw)
        return rt.data.tobytes(), ds.data.tobytes(), stats
    finally:
        frontend.ENABLED = True


def _stats_tuple(s: DrawStats):
    return tuple(getattr(s, n) for n in DrawStats.__slots__ if n != "so")


def _check(*a, **kw):
    native.set_backend("native")
    try:
        fast = _render(*a, **kw, enabled=True)
        ref = _render(*a, **kw, enabled=False)
    finally:
        native.set_backend(None)
    assert fast[0] == ref[0], "render target differs"
    assert fast[1] == ref[1], "depth buffer differs"
    assert _stats_tuple(fast[2]) == _stats_tuple(ref[2])
    return ref


TOPOLOGIES = [prim.TRIANGLELIST, prim.TRIANGLESTRIP, prim.TRIANGLELIST_ADJ, prim.TRIANGLESTRIP_ADJ]


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("cull,ccw", list(itertools.product((1, 2, 3), (False, True))))
def test_topologies_cull_and_winding(topology, cull, ccw):
    rng = np.random.default_rng(topology * 10 + cull * 2 + ccw)
    verts = _vertices(rng, 96)
    rs = RasterizerState(CullMode=cull, FrontCounterClockwise=ccw)
    ref = _check(verts, topology, rs, DrawArgs(len(verts)))
    assert ref[2].c_primitives > 0


@pytest.mark.parametrize("bias", [(0, 0.0, 0.0), (50, 0.0, 0.0), (-20, 2.0, 0.0), (1000, 8.0, 1e-3), (0, -3.0, -1e-3)])
@pytest.mark.parametrize("depth_clip", [True, False])
def test_depth_bias_clamp_and_depth_clip(bias, depth_clip):
    rng = np.random.default_rng(abs(int(bias[0])) + 7 * depth_clip)
    verts = _vertices(rng, 90)
    rs = RasterizerState(CullMode=1, DepthBias=bias[0], SlopeScaledDepthBias=bias[1], DepthBiasClamp=bias[2],
                         DepthClipEnable=depth_clip)
    _check(verts, prim.TRIANGLELIST, rs, DrawArgs(len(verts)), ps=PS_PERSP_Z)


@pytest.mark.parametrize("topology", TOPOLOGIES)
@pytest.mark.parametrize("fmt", [R16_UINT, R32_UINT])
def test_indexed_instanced_with_cuts(topology, fmt):
    rng = np.random.default_rng(topology + fmt)
    verts = _vertices(rng, 40)
    n = 75
    idx = rng.integers(0, 48, n)  # some indices past the buffer: fetch returns 0 (§8.6)
    cut = 0xFFFF if fmt == R16_UINT else 0xFFFFFFFF
    idx[rng.random(n) < 0.08] = cut
    dtype = np.uint16 if fmt == R16_UINT else np.uint32
    data = idx.astype(dtype)
    ib = ResourceStorage.create(1, 0, data.nbytes)
    ib.data[:] = data.view(np.uint8)
    args = DrawArgs(n, instance_count=3, indexed=True, base_vertex=1, start_instance=2)
    _check(verts, topology, RasterizerState(CullMode=1), args, index=IndexBufferBinding(ib, fmt, 0), vs=VS_INSTANCED)


@pytest.mark.parametrize("topology", TOPOLOGIES)
def test_instanced_non_indexed_with_partial_tail(topology):
    """Instanced plain draws whose vertex count leaves an incomplete primitive at each instance's end."""
    rng = np.random.default_rng(topology + 100)
    verts = _vertices(rng, 64)
    args = DrawArgs(61, instance_count=4, start_vertex=2, instance_id_base=0)
    _check(verts, topology, RasterizerState(CullMode=3), args, vs=VS_INSTANCED)


@pytest.mark.parametrize("topology", [prim.TRIANGLELIST, prim.TRIANGLESTRIP])
@pytest.mark.parametrize("ccw", [False, True])
def test_pixel_centre_grid_top_left_rule(topology, ccw):
    """Triangles whose edges run through pixel centres (vertices on a pixel-centre grid, w = 1): the
    top-left rule decides every shared-edge sample, so a wrong edge flag changes the image."""
    rng = np.random.default_rng(5 + ccw)
    n = 120
    px = rng.integers(0, 40, n) + 0.5
    py = rng.integers(0, 24, n) + 0.5
    x = px / 40 * 2 - 1
    y = 1 - py / 24 * 2
    verts = np.zeros((n, 8), np.float32)
    verts[:, 0], verts[:, 1], verts[:, 2], verts[:, 3] = x, y, rng.uniform(0, 1, n), 1.0
    verts[:, 4:] = rng.uniform(0, 1, (n, 4))
    rs = RasterizerState(CullMode=1, FrontCounterClockwise=ccw)
    frontend.ENABLED = True
    _check(verts, topology, rs, DrawArgs(n))
