"""Fast paths of the draw path give exactly what the general path gives (no timing here)."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import D24_UNORM_S8_UINT, R8G8B8A8_UNORM, draw_pos_attr, dsv, read, rtv, texture2d

from pyd3d11.pipeline import output_merger as om_mod
from pyd3d11.pipeline import rasterizer as rz
from pyd3d11.pipeline.draw import RasterizerState
from pyd3d11.pipeline.output_merger import OMState


def _spans_reference(setup, tri, y, ox, oy, bx0, bx1):
    """Span of covered pixels per row by brute force: test every pixel of [bx0, bx1) with the edge
    functions and the top-left rule (independent of the closed-form solve in the rasterizer)."""
    lo = np.full(tri.shape[0], 0, np.int64)
    hi = np.full(tri.shape[0], -1, np.int64)
    for r in range(tri.shape[0]):
        xs = np.arange(bx0[r], bx1[r], dtype=np.int64)
        px = xs * rz.SUBPIXEL_ONE + rz.HALF + ox
        py = np.full_like(px, y[r] * rz.SUBPIXEL_ONE + rz.HALF + oy)
        e = setup.A[tri[r]] * px[:, None] + setup.B[tri[r]] * py[:, None] + setup.C[tri[r]]
        ok = np.all((e > 0) | ((e == 0) & setup.topleft[tri[r]]), axis=1)
        if ok.any():
            lo[r], hi[r] = xs[ok][0], xs[ok][-1]
        else:
            lo[r], hi[r] = bx0[r], bx0[r] - 1
    return lo, hi


@pytest.mark.parametrize("grid", [64, 128, 7])
def test_span_solve_matches_brute_force(grid):
    # Vertices on a coarse subpixel grid put many sample points exactly on edges (top-left rule).
    rng = np.random.default_rng(grid)
    v = rng.integers(0, 24 * 256 // grid, (60, 3, 2)) * grid
    area = rz.signed_area2(v)
    v = np.where((area < 0)[:, None, None], v[:, [0, 2, 1]], v)[rz.signed_area2(v) != 0]
    setup = rz.TriangleSetup.build(v)
    T = v.shape[0]
    tri = np.repeat(np.arange(T), 24)
    y = np.tile(np.arange(24), T)
    bx0 = np.zeros(tri.size, np.int64)
    bx1 = np.full(tri.size, 24, np.int64)
    for ox, oy in ((0, 0), (-64, 32), (96, -96)):
        lo, hi = rz._spans(setup, tri, y, ox, oy, bx0, bx1)
        rlo, rhi = _spans_reference(setup, tri, y, ox, oy, bx0, bx1)
        filled = rhi >= rlo
        assert np.array_equal(filled, hi >= lo)
        assert np.array_equal(lo[filled], rlo[filled]) and np.array_equal(hi[filled], rhi[filled])


def test_stable_argsort_and_layers():
    rng = np.random.default_rng(1)
    for hi in (5, 300, 1 << 20, 1 << 31, 1 << 40):
        key = rng.integers(0, hi, 5000).astype(np.int64)
        assert np.array_equal(om_mod._stable_argsort(key), np.argsort(key, kind="stable"))
        layers = om_mod._layers(key)
        assert sorted(np.concatenate(layers).tolist()) == list(range(key.size))
        seen: dict[int, int] = {}
        for depth, layer in enumerate(layers):
            assert np.all(np.diff(layer) > 0)  # submission order inside a layer
            assert np.unique(key[layer]).size == layer.size  # distinct pixels
            for i in layer.tolist():  # the k-th hit of a pixel sits in layer k
                assert seen.get(int(key[i]), 0) == depth
                seen[int(key[i])] = depth + 1
    assert om_mod._distinct(np.array([3, 1, 2]), 4)
    assert not om_mod._distinct(np.array([3, 1, 3]), 4)
    assert not om_mod._distinct(np.array([3, 1, 4]), 4)  # out of range -> general path


def _scene(verts, blend=False, depth=False):
    color = texture2d(R8G8B8A8_UNORM, 20, 14)
    color.data[:] = (np.arange(color.data.size) * 37 % 251).astype(np.uint8)
    before = read(color).copy()
    om = OMState()
    if blend:
        class RT:
            BlendEnable = True
            SrcBlend, DestBlend, BlendOp = 5, 6, 1
            SrcBlendAlpha, DestBlendAlpha, BlendOpAlpha = 2, 6, 1
            RenderTargetWriteMask = 0xB
            LogicOpEnable = False

        class BD:
            AlphaToCoverageEnable = False
            IndependentBlendEnable = False
            RenderTarget = [RT()] * 8
        om.blend = BD()
    ds = None
    if depth:
        class DS:
            DepthEnable, DepthWriteMask, DepthFunc = True, 1, 2  # LESS
            StencilEnable = False
        om.depth_stencil = DS()
        ds_st = texture2d(D24_UNORM_S8_UINT, 20, 14)
        ds_st.data.view(np.uint32)[:] = 0x00FFFFFF
        ds = dsv(ds_st)
    draw_pos_attr(verts, [rtv(color)], depth=ds, om=om, rasterizer=RasterizerState(CullMode=1))
    return before, read(color)


@pytest.mark.parametrize("blend,depth", [(False, False), (True, False), (True, True)])
def test_one_layer_fast_path_equals_layered_path(monkeypatch, blend, depth):
    rng = np.random.default_rng(7)
    # Two disjoint triangles (one layer) and then overlapping ones (several layers).
    for n_tri in (1, 9):
        pos = rng.uniform(-1.2, 1.2, (n_tri * 3, 4)).astype(np.float32)
        pos[:, 2] = rng.uniform(0, 1, n_tri * 3)
        pos[:, 3] = 1
        attr = rng.uniform(0, 1, (n_tri * 3, 4)).astype(np.float32)
        verts = np.concatenate([pos, attr], 1)
        before, fast = _scene(verts, blend, depth)
        monkeypatch.setattr(om_mod, "_distinct", lambda key, size: False)
        monkeypatch.setattr(om_mod, "_stable_argsort", lambda key: np.argsort(key, kind="stable"))
        _, general = _scene(verts, blend, depth)
        monkeypatch.undo()
        assert np.array_equal(fast, general)
        assert np.any(fast != before)  # something was drawn
