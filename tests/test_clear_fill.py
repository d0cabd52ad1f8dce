"""Clears write whole words (pipeline/copy.py ``_fill``): ClearRenderTargetView / ClearDepthStencilView /
ClearUnorderedAccessView* fill every element a view covers with one encoded element (D3D11.3 §17.16 and the
Clear* method pages), optionally only inside rectangles and only in the planes a depth-stencil clear names.
Every element size (1 to 16 bytes, 12 included), sub-rectangles (strided regions), byte masks (depth-only and
stencil-only clears of D24_UNORM_S8_UINT and D32_FLOAT_S8X24_UINT) against an element-by-element loop."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.dxgi import *  # noqa: F403
from pyd3d11.pipeline import copy as cp


def _loop_fill(region: np.ndarray, element: np.ndarray, mask) -> np.ndarray:
    """The definition: each element's bytes replaced where the mask is set (all bytes without one)."""
    out = region.copy()
    flat = out.reshape(-1, element.size)
    for i in range(flat.shape[0]):
        for b in range(element.size):
            if mask is None or mask[b]:
                flat[i, b] = element[b]
    return out


@pytest.mark.parametrize("bpb", [1, 2, 3, 4, 6, 8, 12, 16])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("rect", [None, (1, 2, 6, 5)])
def test_fill_matches_the_element_loop(bpb, masked, rect):
    rng = np.random.default_rng(bpb * 4 + masked * 2 + (rect is not None))
    blocks = rng.integers(0, 256, (1, 2, 7, 9, bpb), dtype=np.uint8)  # (samples, depth, rows, cols, bpb)
    element = rng.integers(0, 256, bpb, dtype=np.uint8)
    _check_fill(blocks, element, (rng.random(bpb) < 0.5) if masked else None, rect)


def _check_fill(blocks: np.ndarray, element: np.ndarray, mask, rect) -> None:
    """copy._fill of ``blocks`` (or its ``rect`` sub-rectangle) against the element loop, the rest unchanged."""
    region = blocks if rect is None else blocks[:, :, rect[1]:rect[3], rect[0]:rect[2]]
    expect_blocks = blocks.copy()
    if rect is None:
        expect_blocks = _loop_fill(blocks, element, mask)
    else:
        expect_blocks[:, :, rect[1]:rect[3], rect[0]:rect[2]] = _loop_fill(region, element, mask)
    cp._fill(region, element, mask)
    assert np.array_equal(blocks, expect_blocks)


@pytest.mark.parametrize("threads", [2, 3])
@pytest.mark.parametrize("shape,rect", [((1, 2, 7, 9), None), ((1, 1, 7, 9), None), ((1, 1, 7, 9), (1, 2, 6, 7)),
                                        ((2, 1, 5, 3), None)])
@pytest.mark.parametrize("masked", [False, True])
def test_large_fill_split_over_workers_matches_the_element_loop(monkeypatch, threads, shape, rect, masked):
    """A region of at least PARALLEL_FILL_BYTES is filled in ranges of its first axis longer than 1 on the
    worker threads (native backend), a contiguous one without a byte mask (a whole target's clear) in byte ranges
    on the native crew (shader/native/rows.fill_elements): the same bytes as the element loop, and the split
    really happens on the path the region takes."""
    from pyd3d11.pipeline.native import frontend
    from pyd3d11.shader.native import pool
    from pyd3d11.shader.native import rows as row_jobs

    if frontend.kernels() is None:
        pytest.skip("native backend not available")
    monkeypatch.setattr(cp, "PARALLEL_FILL_BYTES", 16)
    pool.set_threads(threads)
    calls = []
    real = pool.parallel_for
    monkeypatch.setattr(pool, "parallel_for", lambda n, fn, *a: (calls.append(n), real(n, fn, *a)))
    native = []
    real_rows = row_jobs.run_rows
    monkeypatch.setattr(row_jobs, "run_rows", lambda t, *a: (native.append(t.shape[0]), real_rows(t, *a)))
    try:
        rng = np.random.default_rng(len(calls) + threads + masked)
        blocks = rng.integers(0, 256, shape + (4,), dtype=np.uint8)
        element = rng.integers(0, 256, 4, dtype=np.uint8)
        monkeypatch.setattr(row_jobs, "BYTES_LEAST", 16)
        _check_fill(blocks, element, np.array([True, False, True, True]) if masked else None, rect)
        if rect is None and not masked:
            assert native and native[0] > 1  # (run_rows below the crew size runs its rows as pool items)
        else:
            assert calls and calls[0] > 1 and not native
    finally:
        pool.set_threads(None)


def _device():
    # ClearView is 11.1 (a NULL feature-level list stops at 11_0)
    dev, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, [D3D_FEATURE_LEVEL_11_1], 1,
                                    D3D11_SDK_VERSION)
    return dev, ctx


def _tex(dev, fmt, bind, w=33, h=17):
    return dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        Usage=D3D11_USAGE_DEFAULT, BindFlags=bind), None)


def _bytes(ctx, dev, tex, fmt, w=33, h=17, bpb=4):
    """The texture's stored pixels (rows, cols, bytes per pixel) after the context has run its commands."""
    ctx.Flush()
    blocks = tex._storage.subresource_blocks(0)
    assert blocks.shape == (1, 1, h, w, bpb)
    return blocks[0, 0].copy()


# (format, bytes per pixel, clear colour, expected bytes of one pixel) — encodings from §3.2.3 (UNORM: c*(2^n-1)
# rounded; float: IEEE bits), written out by hand
RTV_CASES = [
    (DXGI_FORMAT_R8G8B8A8_UNORM, 4, (1.0, 0.5, 0.0, 0.25), [255, 128, 0, 64]),
    (DXGI_FORMAT_R8_UNORM, 1, (0.2, 0, 0, 0), [51]),
    (DXGI_FORMAT_R16G16_UNORM, 4, (1.0, 0.0, 0, 0), [255, 255, 0, 0]),
    (DXGI_FORMAT_R32G32B32A32_FLOAT, 16, (1.0, -2.0, 0.5, 0.0),
     list(np.array([1.0, -2.0, 0.5, 0.0], np.float32).view(np.uint8))),
    (DXGI_FORMAT_R32G32_FLOAT, 8, (3.0, 0.25, 0, 0), list(np.array([3.0, 0.25], np.float32).view(np.uint8))),
]


@pytest.mark.parametrize("fmt,bpb,colour,pixel", RTV_CASES)
def test_clear_render_target_view_every_pixel(fmt, bpb, colour, pixel):
    dev, ctx = _device()
    tex = _tex(dev, fmt, D3D11_BIND_RENDER_TARGET)
    rtv = dev.CreateRenderTargetView(tex, None)
    ctx.ClearRenderTargetView(rtv, list(colour))
    got = _bytes(ctx, dev, tex, fmt, bpb=bpb)
    assert np.array_equal(got, np.broadcast_to(np.array(pixel, np.uint8), got.shape))


@pytest.mark.parametrize("flags", [D3D11_CLEAR_DEPTH, D3D11_CLEAR_STENCIL, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL])
def test_clear_depth_stencil_planes_d24s8(flags):
    """D24_UNORM_S8_UINT: depth in the low 24 bits (0.5 -> round(0.5 * 0xFFFFFF) = 0x800000), stencil in the
    top byte; a clear of one plane keeps the other plane's bytes."""
    dev, ctx = _device()
    tex = _tex(dev, DXGI_FORMAT_D24_UNORM_S8_UINT, D3D11_BIND_DEPTH_STENCIL)
    dsv = dev.CreateDepthStencilView(tex, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 1.0, 0x11)  # 0x11FFFFFF everywhere
    ctx.ClearDepthStencilView(dsv, flags, 0.5, 0xA7)
    words = _bytes(ctx, dev, tex, DXGI_FORMAT_D24_UNORM_S8_UINT).view(np.uint32)[..., 0]
    depth = 0x800000 if flags & D3D11_CLEAR_DEPTH else 0xFFFFFF
    stencil = 0xA7 if flags & D3D11_CLEAR_STENCIL else 0x11
    assert np.all(words == (stencil << 24 | depth))


@pytest.mark.parametrize("flags", [D3D11_CLEAR_DEPTH, D3D11_CLEAR_STENCIL])
def test_clear_depth_stencil_planes_d32s8x24(flags):
    """D32_FLOAT_S8X24_UINT: float depth in bytes 0-3, stencil byte 4, 24 unused bits; one plane cleared."""
    dev, ctx = _device()
    tex = _tex(dev, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, D3D11_BIND_DEPTH_STENCIL)
    dsv = dev.CreateDepthStencilView(tex, None)
    ctx.ClearDepthStencilView(dsv, D3D11_CLEAR_DEPTH | D3D11_CLEAR_STENCIL, 0.75, 0x33)
    ctx.ClearDepthStencilView(dsv, flags, 0.25, 0xC4)
    px = _bytes(ctx, dev, tex, DXGI_FORMAT_D32_FLOAT_S8X24_UINT, bpb=8)
    depth = np.float32(0.25 if flags & D3D11_CLEAR_DEPTH else 0.75)
    assert np.all(px[..., :4].copy().view(np.float32)[..., 0] == depth)
    assert np.all(px[..., 4] == (0xC4 if flags & D3D11_CLEAR_STENCIL else 0x33))


def test_clear_view_rects_touch_only_the_rects():
    """ID3D11DeviceContext1::ClearView with rectangles: pixels outside every rectangle keep their value."""
    dev, ctx = _device()
    tex = _tex(dev, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET)
    rtv = dev.CreateRenderTargetView(tex, None)
    ctx.ClearRenderTargetView(rtv, [0.0, 0.0, 0.0, 0.0])
    ctx.ClearView(rtv, [1.0, 1.0, 1.0, 1.0], [D3D11_RECT(3, 2, 10, 9), D3D11_RECT(20, 5, 40, 6)], 2)
    got = _bytes(ctx, dev, tex, DXGI_FORMAT_R8G8B8A8_UNORM)
    expect = np.zeros((17, 33, 4), np.uint8)
    expect[2:9, 3:10] = 255
    expect[5:6, 20:33] = 255  # clipped to the view
    assert np.array_equal(got, expect)
