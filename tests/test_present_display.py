"""What a screen shows: save_png / PngSink / VideoSink / _repr_png_ (issue 17 items 2 and 4).

Expected codes are computed here from the sRGB curve of the D3D11.3 spec (§3.2.3.8, written out by hand
below), not taken from the code under test: a display shows the bytes of the back buffer as sRGB codes,
so an _SRGB target shows its stored codes and a UNORM target its UNORM8 values; an opaque window ignores
alpha.
"""

import io
import math

import pytest

from pyd3d11.d3d11 import *
from pyd3d11.dxgi import *

Image = pytest.importorskip("PIL.Image")
import pyd3d11  # noqa: E402

MIDNIGHT = [0.098, 0.098, 0.439, 0.25]


def srgb_code(x):
    """Independent FLOAT -> SRGB8: curve in double, x255, +0.5, truncate."""
    e = 12.92 * x if x <= 0.0031308 else 1.055 * math.pow(x, 1 / 2.4) - 0.055
    return int(math.floor(e * 255 + 0.5))


def unorm_code(x):
    return int(math.floor(x * 255 + 0.5))


def make_target(fmt, w=3, h=2, colour=MIDNIGHT):
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    tex = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                                      SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                      BindFlags=D3D11_BIND_RENDER_TARGET))
    ctx.ClearRenderTargetView(device.CreateRenderTargetView(tex), colour)
    return device, ctx, tex


def test_hand_computed_midnight_blue_codes():
    # the figures the issue quotes, from the formula alone
    assert [srgb_code(c) for c in MIDNIGHT[:3]] == [88, 88, 177]
    assert [unorm_code(c) for c in MIDNIGHT[:3]] == [25, 25, 112]


@pytest.mark.parametrize("fmt, expected", [
    (DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, (88, 88, 177)),
    (DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, (88, 88, 177)),
    (DXGI_FORMAT_R8G8B8A8_UNORM, (25, 25, 112)),
    (DXGI_FORMAT_B8G8R8A8_UNORM, (25, 25, 112)),
    (DXGI_FORMAT_R16G16B16A16_FLOAT, (25, 25, 112)),
])
def test_save_png_writes_what_a_screen_shows(tmp_path, fmt, expected):
    _, ctx, tex = make_target(fmt)
    pyd3d11.save_png(tmp_path / "a.png", ctx, tex)
    with Image.open(tmp_path / "a.png") as im:
        assert im.mode == "RGB"  # an opaque window ignores alpha
        assert im.getpixel((2, 1)) == expected


def test_save_png_alpha_option_keeps_unorm_alpha(tmp_path):
    _, ctx, tex = make_target(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB)
    pyd3d11.save_png(tmp_path / "a.png", ctx, tex, alpha=True)
    with Image.open(tmp_path / "a.png") as im:
        # alpha is never sRGB-encoded: 0.25 * 255 + 0.5 = 64.25 -> 64
        assert im.mode == "RGBA" and im.getpixel((0, 0)) == (88, 88, 177, unorm_code(0.25))


def test_save_png_of_bc_srgb_texture_writes_stored_endpoints(tmp_path):
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    # BC1 block: colour0 = colour1 = 565 (16, 32, 16) -> (132, 130, 132) by bit replication, indices 0
    c = (16 << 11) | (32 << 5) | 16
    block = bytes([c & 0xFF, c >> 8, c & 0xFF, c >> 8, 0, 0, 0, 0])
    tex = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1,
                                                      Format=DXGI_FORMAT_BC1_UNORM_SRGB,
                                                      SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                      BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                 D3D11_SUBRESOURCE_DATA(pSysMem=block, SysMemPitch=8))
    pyd3d11.save_png(tmp_path / "b.png", ctx, tex)
    with Image.open(tmp_path / "b.png") as im:
        r = (16 << 3) | (16 >> 2)
        g = (32 << 2) | (32 >> 4)
        assert im.getpixel((3, 3)) == (r, g, r)


def test_texture_repr_png():
    _, _, tex = make_target(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB)
    data = tex._repr_png_()
    with Image.open(io.BytesIO(data)) as im:
        assert im.size == (3, 2) and im.mode == "RGB" and im.getpixel((1, 1)) == (88, 88, 177)


def test_texture_repr_png_none_for_what_cannot_be_shown():
    device, _, _ = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    ms = device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=2, Height=2, MipLevels=1, ArraySize=1,
                                                     Format=DXGI_FORMAT_R8G8B8A8_UNORM,
                                                     SampleDesc=DXGI_SAMPLE_DESC(Count=4),
                                                     BindFlags=D3D11_BIND_RENDER_TARGET))
    assert ms._repr_png_() is None


def _swap_chain(fmt, w=4, h=2):
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    factory = device.QueryInterface(IDXGIDevice).GetAdapter().GetParent(IDXGIFactory)
    sc = factory.CreateSwapChain(device, DXGI_SWAP_CHAIN_DESC(
        BufferDesc=DXGI_MODE_DESC(Width=w, Height=h, Format=fmt), SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BufferUsage=DXGI_USAGE_RENDER_TARGET_OUTPUT, BufferCount=1, OutputWindow="w", Windowed=1))
    return device, ctx, sc


def _clear_back_buffer(device, ctx, sc, colour):
    ctx.ClearRenderTargetView(device.CreateRenderTargetView(sc.GetBuffer(0, ID3D11Texture2D)), colour)


def test_png_sink_srgb_back_buffer_and_opaque_alpha(tmp_path):
    device, ctx, sc = _swap_chain(DXGI_FORMAT_B8G8R8A8_UNORM_SRGB)
    sink = PngSink(tmp_path)
    sc.set_present_sink(sink)
    _clear_back_buffer(device, ctx, sc, MIDNIGHT)
    sc.Present(0, 0)
    with Image.open(sink.paths[0]) as im:
        assert im.mode == "RGB" and im.getpixel((3, 1)) == (88, 88, 177)
    sink_a = PngSink(tmp_path / "a", alpha=True)
    sc.set_present_sink(sink_a)
    sc.Present(0, 0)
    with Image.open(sink_a.paths[0]) as im:
        assert im.getpixel((0, 0)) == (88, 88, 177, 64)


def test_swap_chain_repr_png_shows_last_frame():
    device, ctx, sc = _swap_chain(DXGI_FORMAT_R8G8B8A8_UNORM)
    _clear_back_buffer(device, ctx, sc, [1.0, 0.5, 0.0, 0.0])
    with Image.open(io.BytesIO(sc._repr_png_())) as im:  # before Present: the back buffer
        assert im.mode == "RGB" and im.getpixel((0, 0)) == (255, 128, 0)
    sc.Present(0, 0)
    _clear_back_buffer(device, ctx, sc, [0.0, 0.0, 1.0, 1.0])  # after Present: the presented frame
    with Image.open(io.BytesIO(sc._repr_png_())) as im:
        assert im.getpixel((0, 0)) == (255, 128, 0)


def test_video_sink_writes_an_animation(tmp_path):
    iio = pytest.importorskip("imageio.v3")
    device, ctx, sc = _swap_chain(DXGI_FORMAT_R8G8B8A8_UNORM, 6, 4)
    path = tmp_path / "clip.gif"
    colours = [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 1]]
    with VideoSink(path, fps=10) as sink:
        sc.set_present_sink(sink)
        for c in colours:
            _clear_back_buffer(device, ctx, sc, c)
            sc.Present(0, 0)
    assert sink.frames == 3
    frames = iio.imread(path, index=None)
    assert frames.shape[0] == 3 and frames.shape[1:3] == (4, 6)
    for f, c in zip(frames, colours):
        assert tuple(f[2, 5, :3]) == tuple(255 * v for v in c[:3])
