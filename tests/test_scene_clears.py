"""Whole-view clears as scene tile fills (pipeline/native/scene_fill.py, fused.py ``scene_clear``; issue 12).

ClearRenderTargetView / ClearDepthStencilView of a whole single-sample 2D subresource join the drawing thread's
scene: each tile fills its own rectangle with the encoded element before it runs the later draws of the scene.
What must hold (D3D11.3 §17.12 "ClearRenderTargetView": every element of the view gets the colour encoded
through the view's format; §3.4: each pixel sees the commands in submission order): the bytes are exactly the
immediate clear's, also for targets that are not a whole number of tiles, other mips and array slices, every
element size, between draws of one scene, and where a clear's target is read by a draw of the scene.

Oracles: the fill kernel against numpy's fill of the same rectangle (independent: numpy writes the element into a
padded array; the padding must stay); the api sequences against the reference backend (bytes of every target,
pipeline statistics). Every native run must have put clears into scenes (``stats.scene_clears``), and the last
tests show the cases see a fill that starts the pattern on the wrong byte or skips the last tile.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_draw_queue import _Scene
from test_scene_binning import _big_triangles, _far_ps, _no_cull

from pyd3d11.api.convenience import texture_to_numpy
from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline import copy as pcopy
from pyd3d11.pipeline.native import fused, scene, scene_fill
from pyd3d11.shader import native
from pyd3d11.shader.native import pool

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

W, H = 150, 130  # test_draw_queue's target: 3 x 3 tiles of 64 pixels, the last row and column partial


@pytest.fixture(autouse=True)
def _small_clears_too(monkeypatch):
    """The scene path takes clears of resources of any size here (by default only those of 1 MiB or more)."""
    monkeypatch.setattr(pcopy, "SCENE_FILL_BYTES", 0)


# --- the fill kernel -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("size", scene_fill.SIZES)
@pytest.mark.parametrize("shape", [(150, 130), (64, 64), (1, 1), (65, 3), (7, 200), (129, 66)])
def test_every_tile_fills_its_rectangle(size, shape):
    """All tiles of a padded subresource: every element gets the element's bytes, the row padding and the bytes
    before and after the subresource keep theirs."""
    w, h = shape
    rng = np.random.default_rng(size * 1000 + w)
    pad = 24  # bytes after each row's elements
    pitch = w * size + pad
    mem = rng.integers(0, 256, 64 + h * pitch + 64, dtype=np.uint8)
    before = mem.copy()
    element = rng.integers(0, 256, size, dtype=np.uint8)
    D = scene_fill.words(mem.ctypes.data + 64, pitch, element, 64, w, h)
    for t in range(scene_fill.tiles(64, w, h)):
        scene_fill.run_tile(D, t)
    want = before.copy()
    rows = want[64:64 + h * pitch].reshape(h, pitch)
    rows[:, :w * size] = np.tile(element, w)
    assert np.array_equal(mem, want)


@pytest.mark.parametrize("size", scene_fill.SIZES)
@pytest.mark.parametrize("shape", [(150, 130), (65, 3), (7, 200), (129, 66), (64, 64)])
def test_a_quarter_fills_only_its_quarter(size, shape):
    """The tile argument with a quarter q (1-4) in bits 32..: columns 64 (t mod tx) + 32 ((q - 1) mod 2) and rows
    64 (t div tx) + 32 ((q - 1) div 2), 32 of each, clipped to the subresource (a quarter wholly outside it
    writes nothing); the four quarters of a tile are the tile."""
    w, h = shape
    tx = -(-w // 64)
    element = np.arange(1, size + 1, dtype=np.uint8)
    for t in range(scene_fill.tiles(64, w, h)):
        whole = np.zeros(h * w * size, np.uint8)
        for q in (1, 2, 3, 4):
            mem = np.zeros(h * w * size, np.uint8)
            scene_fill.run_tile(scene_fill.words(mem.ctypes.data, w * size, element, 64, w, h), t | (q << 32))
            scene_fill.run_tile(scene_fill.words(whole.ctypes.data, w * size, element, 64, w, h), t | (q << 32))
            x0, y0 = 64 * (t % tx) + 32 * ((q - 1) % 2), 64 * (t // tx) + 32 * ((q - 1) // 2)
            want = np.zeros((h, w, size), np.uint8)
            want[y0:y0 + 32, x0:x0 + 32] = element
            assert np.array_equal(mem.reshape(h, w, size), want), (t, q)
        one = np.zeros(h * w * size, np.uint8)
        scene_fill.run_tile(scene_fill.words(one.ctypes.data, w * size, element, 64, w, h), t)
        assert np.array_equal(whole, one), t


@pytest.mark.parametrize("tile", [0, 2, 4, 8])
def test_one_tile_fills_only_its_own_rectangle(tile):
    """Tile t of a 150 x 130 grid of 64-element tiles is columns 64 (t mod 3) .. and rows 64 (t div 3) .., clipped."""
    w, h, size = W, H, 4
    mem = np.zeros(h * w * size, np.uint8)
    element = np.array([1, 2, 3, 4], np.uint8)
    scene_fill.run_tile(scene_fill.words(mem.ctypes.data, w * size, element, 64, w, h), tile)
    img = mem.reshape(h, w, size)
    x0, y0 = 64 * (tile % 3), 64 * (tile // 3)
    want = np.zeros_like(img)
    want[y0:y0 + 64, x0:x0 + 64] = element
    assert np.array_equal(img, want)


# --- api sequences against the reference backend ---------------------------------------------------------------

FORMATS = [  # (render-target format, element bytes)
    (DXGI_FORMAT_R8G8B8A8_UNORM, 4), (DXGI_FORMAT_R8_UNORM, 1), (DXGI_FORMAT_R16_FLOAT, 2),
    (DXGI_FORMAT_R16G16B16A16_FLOAT, 8), (DXGI_FORMAT_R32G32B32A32_FLOAT, 16), (DXGI_FORMAT_R32G32B32_FLOAT, 12),
    (DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, 4),
]


def _texture(dev, fmt, w=W, h=H, mips=1, array=1, bind=D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=mips, ArraySize=array, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=bind))


def _formats(sc: _Scene, out: list) -> None:
    """Each format: clear, draw into it, clear again between two draws, draw; the last clear stays."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    for i, (fmt, _size) in enumerate(FORMATS):
        tex = _texture(dev, fmt)
        rtv = dev.CreateRenderTargetView(tex, None)
        c.OMSetRenderTargets(1, [rtv], None)
        c.ClearRenderTargetView(rtv, [0.25 + 0.05 * i, -0.5, 0.75, 0.125])
        c.Draw(3, 3 * i)
        c.ClearRenderTargetView(rtv, [1.5, 0.5 / 3, 0.0, 1.0])
        c.Draw(3, 3 * i + 3)
        out.append(tex)


def _depth(sc: _Scene, out: list) -> None:
    """Depth clears between depth-tested draws: D32 (whole element), D24S8 depth only (a byte mask: at once),
    D24S8 depth and stencil, D16."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    for i, (fmt, flags) in enumerate([(DXGI_FORMAT_D32_FLOAT, D3D11_CLEAR_DEPTH),
                                      (DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_CLEAR_DEPTH),
                                      (DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL),
                                      (DXGI_FORMAT_D16_UNORM, D3D11_CLEAR_DEPTH)]):
        ds = _texture(dev, fmt, bind=D3D11_BIND_DEPTH_STENCIL)
        dsv = dev.CreateDepthStencilView(ds, None)
        c.OMSetRenderTargets(1, [sc.rtv], dsv)
        c.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0x5A)
        c.Draw(3, 3 * i)
        c.ClearDepthStencilView(dsv, flags, 0.3 + 0.1 * i, 0x11 * (i + 1))
        c.Draw(3, 3 * i + 3)
        c.Draw(3, 3 * i + 6)
        out.append(ds)


def _subresources(sc: _Scene, out: list) -> None:
    """A clear of mip 1 (75 x 65: a partial tile in each direction) and of slice 1 of an array between draws
    into them; mip 0 and slice 0 keep their own clears."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    mipped = _texture(dev, DXGI_FORMAT_R8G8B8A8_UNORM, mips=2)
    arr = _texture(dev, DXGI_FORMAT_R16G16B16A16_FLOAT, array=3)
    views = []
    for m in range(2):
        views.append(dev.CreateRenderTargetView(mipped, D3D11_RENDER_TARGET_VIEW_DESC(
            Format=DXGI_FORMAT_R8G8B8A8_UNORM, ViewDimension=D3D11_RTV_DIMENSION_TEXTURE2D, Texture2D=D3D11_TEX2D_RTV(MipSlice=m))))
    for a in range(3):
        views.append(dev.CreateRenderTargetView(arr, D3D11_RENDER_TARGET_VIEW_DESC(
            Format=DXGI_FORMAT_R16G16B16A16_FLOAT, ViewDimension=D3D11_RTV_DIMENSION_TEXTURE2DARRAY,
            Texture2DArray=D3D11_TEX2D_ARRAY_RTV(MipSlice=0, FirstArraySlice=a, ArraySize=1))))
    for i, v in enumerate(views):
        c.ClearRenderTargetView(v, [0.1 * i, 0.2, 0.3, 0.4])
    for i, v in enumerate(views[1:], 1):
        c.OMSetRenderTargets(1, [v], None)
        vp = D3D11_VIEWPORT(0, 0, 75, 65, 0, 1) if i == 1 else D3D11_VIEWPORT(0, 0, W, H, 0, 1)
        c.RSSetViewports(1, [vp])
        c.Draw(3, 3 * i)
        c.ClearRenderTargetView(v, [0.9, 0.1 * i, 0.5, 1.0])
        c.Draw(3, 3 * i + 3)
    c.RSSetViewports(1, [D3D11_VIEWPORT(0, 0, W, H, 0, 1)])
    out.extend([mipped, arr])


def _clear_what_the_scene_reads(sc: _Scene, out: list) -> None:
    """Draws into rt2 read rt's pixels of other tiles; then rt is cleared (the scene reads it: the clear may not
    join that scene) and drawn; then a third target is cleared and read, at other tiles' pixels, by a draw into
    rt (the scene writes what that draw reads). (A clear wrongly joining the first scene is not seen here: the
    draws' texel reads come from the texture plan's copy, taken when each draw is bound.)"""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    c.OMSetRenderTargets(1, [sc.rtv2], None)
    c.PSSetShaderResources(0, 1, [sc.srv])
    c.PSSetShader(_far_ps(sc), None, 0)
    for i in range(3):
        c.Draw(3, 3 * i)
    c.PSSetShaderResources(0, 1, [None])
    c.PSSetShader(sc.ps["plain"], None, 0)
    c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
    c.ClearRenderTargetView(sc.rtv, [0.6, 0.6, 0.2, 1.0])
    c.Draw(3, 9)
    rt3 = _texture(dev, DXGI_FORMAT_R8G8B8A8_UNORM)
    c.OMSetRenderTargets(1, [dev.CreateRenderTargetView(rt3, None)], None)
    c.Draw(3, 12)
    c.ClearRenderTargetView(dev.CreateRenderTargetView(rt3, None), [0.0, 0.3, 0.9, 0.5])
    c.OMSetRenderTargets(1, [sc.rtv], None)
    c.PSSetShaderResources(0, 1, [dev.CreateShaderResourceView(rt3, None)])
    c.PSSetShader(_far_ps(sc), None, 0)
    c.Draw(3, 15)
    c.PSSetShaderResources(0, 1, [None])
    c.PSSetShader(sc.ps["plain"], None, 0)
    out.append(rt3)


def _reads_between(sc: _Scene, out: list) -> None:
    """A clear read back at once (CopyResource, UpdateSubresource, Map of a staging copy) before any draw, and
    after draws: the reads see the clear."""
    c, dev = sc.ctx, sc.dev
    _no_cull(sc)
    staging = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=W, Height=H, MipLevels=1, ArraySize=1, Format=DXGI_FORMAT_R8G8B8A8_UNORM,
        SampleDesc=DXGI_SAMPLE_DESC(Count=1), Usage=D3D11_USAGE_STAGING, CPUAccessFlags=D3D11_CPU_ACCESS_READ))
    c.OMSetRenderTargets(1, [sc.rtv], sc.dsv)
    c.ClearRenderTargetView(sc.rtv, [0.2, 0.4, 0.6, 0.8])
    c.CopyResource(staging, sc.rt)
    m = c.Map(staging, 0, D3D11_MAP_READ, 0)
    first = bytes(m.as_array(np.uint8)[:W * 4])
    c.Unmap(staging, 0)
    out.append(first)
    c.Draw(3, 0)
    c.ClearRenderTargetView(sc.rtv, [0.7, 0.1, 0.0, 1.0])
    c.UpdateSubresource(sc.rt, 0, D3D11_BOX(60, 60, 0, 76, 76, 1), np.full((16, 16, 4), 99, np.uint8), 64, 0)
    c.Draw(3, 3)
    c.CopyResource(sc.rt2, sc.rt)
    c.ClearRenderTargetView(sc.rtv, [0.0, 0.0, 0.0, 0.0])
    c.Draw(3, 6)


CASES = {"formats": _formats, "depth": _depth, "subresources": _subresources,
         "clear what the scene reads": _clear_what_the_scene_reads, "reads between": _reads_between}
N = 24


def _run(backend: str, threads: int, case, verts: np.ndarray):
    native.set_backend(backend)
    pool.set_threads(threads)
    try:
        sc = _Scene(verts)
        q = sc.dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
        sc.ctx.Begin(q)
        out: list = []
        case(sc, out)
        sc.ctx.End(q)
        st = sc.ctx.GetData(q)
        parts = [sc.result(), (st.PSInvocations, st.CInvocations)]
        for t in out:
            if isinstance(t, bytes):
                parts.append(t)
                continue
            desc = t.GetDesc()
            for sub in range(desc.MipLevels * desc.ArraySize):
                parts.append(texture_to_numpy(sc.ctx, t, sub).tobytes())
        return parts
    finally:
        pool.set_threads(None)
        native.set_backend(None)


@pytest.mark.parametrize("name", list(CASES))
def test_clears_in_scenes_match_the_reference(name, monkeypatch):
    verts = _big_triangles(97 + len(name), N)
    want = _run("reference", 1, CASES[name], verts)
    for threads, draws in ((1, 64), (2, 3), (3, 64)):
        monkeypatch.setattr(fused, "SCENE_DRAWS", draws)
        fused.stats.reset()
        got = _run("native", threads, CASES[name], verts)
        assert fused.stats.scene_clears > 0, "the case must put clears into scenes"
        assert len(got) == len(want)
        for i, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g == w, f"{threads} threads, scenes of {draws}: part {i}"


@pytest.mark.parametrize("name", list(CASES))
def test_clears_in_quarter_tiles_match_the_reference(name, monkeypatch):
    """As above with every tile of every scene split into quarters (scene.py's split forced past its default)."""
    verts = _big_triangles(97 + len(name), N)
    want = _run("reference", 1, CASES[name], verts)
    monkeypatch.setattr(scene.Scene, "split_tiles", lambda self: self.n_tiles if self.workers > 1 else 0)
    for threads, draws in ((2, 3), (3, 64)):
        monkeypatch.setattr(fused, "SCENE_DRAWS", draws)
        got = _run("native", threads, CASES[name], verts)
        assert got == want, f"{threads} threads, scenes of {draws}"


def test_a_clear_joins_the_draws_scene():
    """A frame's clear and its draws make one scene (the clear is not a pass of its own), and the clear's fill
    runs before the draws in each tile (the draws' pixels are the result where they cover)."""
    verts = _big_triangles(5, N)

    def frame(sc: _Scene, out: list) -> None:
        _no_cull(sc)
        sc.ctx.OMSetRenderTargets(1, [sc.rtv], None)
        sc.ctx.ClearRenderTargetView(sc.rtv, [1.0, 0.0, 1.0, 1.0])
        for i in range(4):
            sc.ctx.Draw(3, 3 * i)

    want = _run("reference", 1, frame, verts)
    fused.stats.reset()
    got = _run("native", 2, frame, verts)
    assert got == want
    assert fused.stats.scene_clears == 4  # (three in _Scene's setup)
    # the setup's clears (joined by CreateQuery), then the frame's clear with its four draws
    assert fused.stats.scenes == 2


def test_a_clear_to_minus_zero_is_not_the_clear_to_zero():
    """The encoded colour is kept per float32 bits: -0 and +0 clear a float target to different bytes (sign bit)."""
    verts = _big_triangles(3, N)

    def clears(sc: _Scene, out: list) -> None:
        tex = _texture(sc.dev, DXGI_FORMAT_R32G32B32A32_FLOAT)
        rtv = sc.dev.CreateRenderTargetView(tex, None)
        for colour in ([0.0, 0.0, 0.0, 0.0], [-0.0, 0.0, -0.0, 0.0]):
            sc.ctx.ClearRenderTargetView(rtv, colour)
            out.append(bytes(texture_to_numpy(sc.ctx, tex, 0)[:1, :1].tobytes()))

    got = _run("native", 2, clears, verts)
    assert got[-2] == bytes(16)
    assert got[-1] == np.array([-0.0, 0.0, -0.0, 0.0], np.float32).tobytes()


def test_clears_can_be_turned_off(monkeypatch):
    verts = _big_triangles(11, N)
    on = _run("native", 2, _formats, verts)
    monkeypatch.setattr(fused, "SCENE_CLEARS", False)
    fused.stats.reset()
    off = _run("native", 2, _formats, verts)
    assert fused.stats.scene_clears == 0
    assert on == off


# --- the cases see what they guard ---------------------------------------------------------------------------

def test_a_fill_that_starts_the_pattern_a_byte_late_is_seen(monkeypatch):
    verts = _big_triangles(97 + len("formats"), N)
    want = _run("reference", 1, _formats, verts)
    real = scene_fill.words

    def rotated(address, pitch, element, edge, width, height):
        return real(address, pitch, np.roll(np.asarray(element, np.uint8).reshape(-1), 1), edge, width, height)

    monkeypatch.setattr(scene_fill, "words", rotated)
    monkeypatch.setattr(fused, "_FILL_WORDS", {})  # (words kept from earlier runs would hide the mutant)
    assert _run("native", 2, _formats, verts) != want


def test_a_fill_that_skips_the_last_tile_is_seen(monkeypatch):
    verts = _big_triangles(97 + len("subresources"), N)
    want = _run("reference", 1, _subresources, verts)
    real = scene_fill.words

    def fewer(address, pitch, element, edge, width, height):
        D = real(address, pitch, element, edge, width, height)
        D[6] = max(0, height - 1)  # the last row of elements is left as it was
        return D

    monkeypatch.setattr(scene_fill, "words", fewer)
    monkeypatch.setattr(fused, "_FILL_WORDS", {})
    assert _run("native", 2, _subresources, verts) != want

