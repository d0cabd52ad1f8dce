"""Swap chains (api/dxgi_swapchain.py): creation rules, buffers, Present and its sinks, ResizeBuffers,
full-screen state, D3D11CreateDeviceAndSwapChain.

HRESULTs from wine's dxgi tests, which run against Windows (dlls/dxgi/tests/dxgi.c test_create_swapchain:
NULL device/desc -> DXGI_ERROR_INVALID_CALL, DXGI_FORMAT_UNKNOWN -> E_INVALIDARG, empty client area ->
8x8 buffers, swap chain parent = factory, GetDesc1 Scaling STRETCH / AlphaMode IGNORE) and the DXGI docs.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3d11 import D3D11CreateDevice, D3D11CreateDeviceAndSwapChain, ID3D11Texture2D
from pyd3d11.dxgi import (
    CreateDXGIFactory2,
    IDXGIDevice,
    IDXGIFactory,
    IDXGIResource,
    IDXGISurface,
    IDXGISwapChain,
    IDXGISwapChain1,
    MemorySink,
    PngSink,
    image_to_rgba8,
)
from pyd3d11.errors import (
    DXGI_ERROR_INVALID_CALL,
    DXGI_ERROR_NOT_CURRENTLY_AVAILABLE,
    DXGI_STATUS_OCCLUDED,
    E_INVALIDARG,
    D3D11Error,
)
from pyd3d11.headers import DXGI_MODE_DESC, DXGI_SAMPLE_DESC, DXGI_SWAP_CHAIN_DESC, DXGI_SWAP_CHAIN_DESC1

RGBA8, RGBA8_SRGB, BGRA8, RGBA16F, RGB10A2, RGBA32F = 28, 29, 87, 10, 24, 2
DISCARD, SEQUENTIAL, FLIP_SEQUENTIAL, FLIP_DISCARD = 0, 1, 3, 4
RT_OUTPUT = 0x20


def hr_of(fn, *a, **kw):
    with pytest.raises(D3D11Error) as e:
        fn(*a, **kw)
    return e.value.hresult


def desc(w=4, h=2, fmt=RGBA8, count=1, effect=DISCARD, samples=1, window="window", windowed=1, usage=RT_OUTPUT,
         flags=0):
    return DXGI_SWAP_CHAIN_DESC(BufferDesc=DXGI_MODE_DESC(Width=w, Height=h, Format=fmt),
                                SampleDesc=DXGI_SAMPLE_DESC(Count=samples), BufferUsage=usage, BufferCount=count,
                                OutputWindow=window, Windowed=windowed, SwapEffect=effect, Flags=flags)


def setup():
    dev, _, ctx = D3D11CreateDevice(None, 1, None, 0, None, 0, 7)
    factory = dev.QueryInterface(IDXGIDevice).GetAdapter().GetParent(IDXGIFactory)
    return dev, ctx, factory


def clear(dev, ctx, tex, rgba):
    rtv = dev.CreateRenderTargetView(tex)
    ctx.ClearRenderTargetView(rtv, rgba)
    rtv.Release()


# -- creation ------------------------------------------------------------------------------------

def test_null_device_or_desc_is_invalid_call():
    dev, _, f = setup()
    assert hr_of(f.CreateSwapChain, None, desc()) == DXGI_ERROR_INVALID_CALL
    assert hr_of(f.CreateSwapChain, dev, None) == DXGI_ERROR_INVALID_CALL


@pytest.mark.parametrize("fmt", [0, RGBA32F, 45])  # UNKNOWN, a non-display format, a depth format
def test_non_back_buffer_formats_are_invalidarg(fmt):
    dev, _, f = setup()
    assert hr_of(f.CreateSwapChain, dev, desc(fmt=fmt)) == E_INVALIDARG


@pytest.mark.parametrize("fmt", [RGBA8, RGBA8_SRGB, BGRA8, RGBA16F, RGB10A2])
def test_back_buffer_formats(fmt):
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc(fmt=fmt))
    bb = sc.GetBuffer(0, ID3D11Texture2D)
    d = bb.GetDesc()
    assert (d.Width, d.Height, d.Format, d.MipLevels, d.ArraySize) == (4, 2, fmt, 1, 1)
    assert d.BindFlags & 0x20  # D3D11_BIND_RENDER_TARGET


def test_buffer_count_and_swap_effect_rules():
    dev, _, f = setup()
    assert hr_of(f.CreateSwapChain, dev, desc(count=0)) == DXGI_ERROR_INVALID_CALL
    assert hr_of(f.CreateSwapChain, dev, desc(count=17)) == DXGI_ERROR_INVALID_CALL
    assert hr_of(f.CreateSwapChain, dev, desc(effect=2)) == DXGI_ERROR_INVALID_CALL  # no such effect
    assert hr_of(f.CreateSwapChain, dev, desc(effect=FLIP_DISCARD, count=1)) == DXGI_ERROR_INVALID_CALL
    assert hr_of(f.CreateSwapChain, dev, desc(effect=FLIP_DISCARD, count=2, samples=4)) == DXGI_ERROR_INVALID_CALL
    assert hr_of(f.CreateSwapChain, dev, desc(effect=FLIP_DISCARD, count=2, fmt=RGBA8_SRGB)) == E_INVALIDARG
    assert hr_of(f.CreateSwapChain, dev, desc(flags=0x40)) == DXGI_ERROR_INVALID_CALL  # waitable needs flip
    assert hr_of(f.CreateSwapChain, dev, desc(flags=0x4000)) == DXGI_ERROR_INVALID_CALL  # unknown bit
    assert hr_of(f.CreateSwapChain, dev, desc(usage=0x1000)) == DXGI_ERROR_INVALID_CALL
    assert f.CreateSwapChain(dev, desc(effect=FLIP_SEQUENTIAL, count=16)).GetDesc().BufferCount == 16


def test_zero_size_comes_from_the_window_or_is_8x8():
    dev, _, f = setup()

    class Window:
        width, height = 33, 17

    assert f.CreateSwapChain(dev, desc(w=0, h=0, window=Window())).GetDesc().BufferDesc.Width == 33
    d = f.CreateSwapChain(dev, desc(w=0, h=0, window=None)).GetDesc().BufferDesc
    assert (d.Width, d.Height) == (8, 8)  # empty client area: 8x8 (wine test_create_swapchain)


def test_descs_parent_and_interfaces():
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc(fmt=BGRA8, count=2, effect=SEQUENTIAL, usage=RT_OUTPUT | 0x10))
    assert sc.GetParent(IDXGIFactory) is f
    assert sc.QueryInterface(IDXGISwapChain) is sc and sc.QueryInterface(IDXGISwapChain1) is sc
    d = sc.GetDesc()
    assert (d.BufferDesc.Format, d.BufferCount, d.SwapEffect, d.Windowed, d.OutputWindow) == (BGRA8, 2, 1, 1,
                                                                                               "window")
    d1 = sc.GetDesc1()
    assert (d1.Scaling, d1.AlphaMode, d1.Stereo) == (0, 3, 0)  # STRETCH, IGNORE
    assert sc.GetHwnd() == "window" and sc.GetFullscreenDesc().Windowed == 1
    bb = sc.GetBuffer(0, ID3D11Texture2D)
    assert bb.GetDesc().BindFlags == 0x28  # RENDER_TARGET | SHADER_RESOURCE (DXGI_USAGE_SHADER_INPUT)
    assert bb.QueryInterface(IDXGIResource).GetUsage() == 0x20 | 0x10 | 0x40  # ... | BACK_BUFFER
    assert bb.QueryInterface(IDXGISurface).GetParent(IDXGISwapChain) is sc
    assert sc.GetDevice(type(dev)) is dev


def test_fullscreen_is_not_available_headless():
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc(windowed=0))
    assert sc.creation_status == DXGI_STATUS_OCCLUDED  # asked for full screen: created windowed
    assert sc.GetFullscreenState() == (False, None)
    assert hr_of(sc.SetFullscreenState, True, None) == DXGI_ERROR_NOT_CURRENTLY_AVAILABLE
    sc.SetFullscreenState(False, None)
    assert f.CreateSwapChain(dev, desc()).creation_status == 0


# -- buffers and Present -------------------------------------------------------------------------

def test_discard_exposes_only_buffer_0():
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc(count=2, effect=DISCARD))
    assert hr_of(sc.GetBuffer, 1, ID3D11Texture2D) == DXGI_ERROR_INVALID_CALL
    assert sc.GetBuffer(0, ID3D11Texture2D) is sc.GetBuffer(0, ID3D11Texture2D)


def test_present_hands_the_back_buffer_to_the_sink():
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc(fmt=BGRA8))
    sink = MemorySink(keep=None)
    sc.set_present_sink(sink)
    clear(dev, ctx, sc.GetBuffer(0, ID3D11Texture2D), [1.0, 0.0, 0.2, 1.0])
    assert sc.Present(0, 0) == 0
    img = sc.last_frame()
    assert img.shape == (2, 4, 4) and img.dtype == np.uint8
    assert (img == [255, 0, 51, 255]).all()  # RGBA order although the buffer is BGRA; 0.2*255 = 51
    assert sink.count == 1 and sink.last is img
    assert sc.Present(0, 0x1) == 0 and sink.count == 1  # DXGI_PRESENT_TEST presents nothing
    assert sc.GetLastPresentCount() == 1


def test_present_argument_rules():
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc())
    assert hr_of(sc.Present, 5, 0) == DXGI_ERROR_INVALID_CALL
    assert hr_of(sc.Present, 0, 0x200) == DXGI_ERROR_INVALID_CALL  # tearing needs the chain flag
    assert hr_of(sc.Present, 0, 0x10000) == DXGI_ERROR_INVALID_CALL


def test_flip_model_rotates_buffers():
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc(count=2, effect=FLIP_DISCARD))
    first = sc.GetBuffer(0, ID3D11Texture2D)
    clear(dev, ctx, first, [1, 0, 0, 1])
    sc.Present(1, 0)
    second = sc.GetBuffer(0, ID3D11Texture2D)
    assert second is not first and sc.GetBuffer(1, ID3D11Texture2D) is first
    clear(dev, ctx, second, [0, 1, 0, 1])
    sc.Present(1, 0)
    assert (sc.last_frame()[0, 0] == [0, 255, 0, 255]).all()
    assert sc.GetBuffer(0, ID3D11Texture2D) is first


def test_sequential_keeps_previous_frames_in_later_buffers():
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc(count=2, effect=SEQUENTIAL))
    b0 = sc.GetBuffer(0, ID3D11Texture2D)
    clear(dev, ctx, b0, [0, 0, 1, 1])
    sc.Present(0, 0)
    assert sc.GetBuffer(0, ID3D11Texture2D) is b0  # bit-block transfer: buffer 0 stays the back buffer
    prev = sc.GetBuffer(1, ID3D11Texture2D)._storage.data.reshape(-1, 4)
    assert (prev == [0, 0, 255, 255]).all()


def test_msaa_back_buffer_is_resolved_for_present():
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc(samples=4))
    clear(dev, ctx, sc.GetBuffer(0, ID3D11Texture2D), [0.0, 1.0, 0.0, 1.0])
    sc.Present(0, 0)
    assert sc.last_frame().shape == (2, 4, 4) and (sc.last_frame() == [0, 255, 0, 255]).all()


def test_float_and_10bit_images():
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc(fmt=RGBA16F))
    clear(dev, ctx, sc.GetBuffer(0, ID3D11Texture2D), [0.5, 2.0, 0.25, 1.0])
    sc.Present(0, 0)
    img = sc.last_frame()
    assert img.dtype == np.float32 and (img == np.float32([0.5, 2.0, 0.25, 1.0])).all()
    # linear 0.5 -> sRGB 1.055 * 0.5 ** (1 / 2.4) - 0.055 = 0.7353569 -> 187.5 -> 188; 2.0 clamps to 255
    assert list(image_to_rgba8(img)[0, 0]) == [188, 255, 137, 255]
    sc2 = f.CreateSwapChain(dev, desc(fmt=RGB10A2))
    clear(dev, ctx, sc2.GetBuffer(0, ID3D11Texture2D), [1.0, 0.0, 0.5, 1.0])
    sc2.Present(0, 0)
    # UNORM encode rounds to nearest: 0.5 * 1023 = 511.5 -> 512
    assert list(sc2.last_frame()[0, 0]) == [1023, 0, 512, 3]


def test_png_sink_writes_numbered_files(tmp_path):
    Image = pytest.importorskip("PIL.Image")
    dev, ctx, f = setup()
    sc = f.CreateSwapChain(dev, desc())
    sink = PngSink(tmp_path, start=3)
    sc.set_present_sink(sink)
    clear(dev, ctx, sc.GetBuffer(0, ID3D11Texture2D), [0, 0, 1, 1])
    sc.Present(0, 0)
    sc.Present(0, 0)
    assert [p.rsplit("/", 1)[-1] for p in sink.paths] == ["frame_00003.png", "frame_00004.png"]
    with Image.open(sink.paths[0]) as im:
        assert im.size == (4, 2) and im.getpixel((0, 0)) == (0, 0, 255)  # RGB: an opaque window ignores alpha


# -- ResizeBuffers -------------------------------------------------------------------------------

def test_resize_buffers_needs_released_references():
    dev, _, f = setup()
    sc = f.CreateSwapChain(dev, desc(count=2, effect=FLIP_DISCARD))
    bb = sc.GetBuffer(0, ID3D11Texture2D)
    assert hr_of(sc.ResizeBuffers, 0, 16, 8, 0, 0) == DXGI_ERROR_INVALID_CALL
    bb.Release()
    sc.ResizeBuffers(0, 16, 8, 0, 0)  # 0 count / UNKNOWN format keep the current ones
    d = sc.GetDesc()
    assert (d.BufferDesc.Width, d.BufferDesc.Height, d.BufferCount, d.BufferDesc.Format) == (16, 8, 2, RGBA8)
    bb = sc.GetBuffer(0, ID3D11Texture2D)
    assert bb.GetDesc().Width == 16
    bb.Release()
    assert hr_of(sc.ResizeBuffers, 1, 0, 0, 0, 0) == DXGI_ERROR_INVALID_CALL  # flip needs 2+
    assert hr_of(sc.ResizeBuffers, 0, 0, 0, RGBA32F, 0) == E_INVALIDARG
    sc.ResizeBuffers(3, 0, 0, BGRA8, 0)  # headless, no window size: keeps 16x8
    d = sc.GetDesc()
    assert (d.BufferDesc.Width, d.BufferDesc.Height, d.BufferCount, d.BufferDesc.Format) == (16, 8, 3, BGRA8)


# -- DESC1 / composition / D3D11CreateDeviceAndSwapChain -------------------------------------------

def test_create_swap_chain_for_hwnd_and_composition():
    dev, _, _ = setup()
    f = CreateDXGIFactory2(0)
    d1 = DXGI_SWAP_CHAIN_DESC1(Width=8, Height=4, Format=RGBA16F, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                               BufferUsage=RT_OUTPUT, BufferCount=2, SwapEffect=FLIP_SEQUENTIAL, AlphaMode=1)
    sc = f.CreateSwapChainForHwnd(dev, None, d1)
    assert sc.GetDesc1().AlphaMode == 1 and sc.GetBuffer(0, ID3D11Texture2D).GetDesc().Format == RGBA16F
    comp = f.CreateSwapChainForComposition(dev, d1)
    assert hr_of(comp.GetHwnd) == DXGI_ERROR_INVALID_CALL
    d1.SwapEffect, d1.BufferCount = DISCARD, 1
    assert hr_of(f.CreateSwapChainForComposition, dev, d1) == DXGI_ERROR_INVALID_CALL


def test_d3d11_create_device_and_swap_chain():
    sc, dev, level, ctx = D3D11CreateDeviceAndSwapChain(None, 1, None, 0, None, 0, 7, desc())
    assert level == 0xB000 and ctx is not None
    assert sc.GetDevice(type(dev)) is dev
    factory = dev.QueryInterface(IDXGIDevice).GetAdapter().GetParent(IDXGIFactory)
    assert sc.GetParent(IDXGIFactory) is factory  # made by the factory of the device's adapter
    bb = sc.GetBuffer(0, ID3D11Texture2D)
    clear(dev, ctx, bb, [0, 0, 0, 1])
    sc.Present(0, 0)
    assert (sc.last_frame() == [0, 0, 0, 255]).all()
    with pytest.raises(D3D11Error) as e:
        D3D11CreateDeviceAndSwapChain(None, 1, None, 0, None, 0, 7, desc(fmt=0))
    assert e.value.hresult == E_INVALIDARG
