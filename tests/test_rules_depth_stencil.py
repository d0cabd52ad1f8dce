"""Depth/stencil plane decoding and encoding of each depth format (pipeline/depth_stencil.py; DXGI_FORMAT
layouts as Microsoft documents them, D3D11.3 §17.11 for the float-depth store rule).

Each format's bytes are written by hand from its documented layout (little-endian): D16_UNORM a 16-bit
code; D24_UNORM_S8_UINT depth in bits 0-23, stencil in bits 24-31; D32_FLOAT a float32;
D32_FLOAT_S8X24_UINT a float32, then the stencil byte, then 24 unused bits."""

from __future__ import annotations

import numpy as np
import pytest
from test_audit_pipeline import _device

from pyd3d11.d3d11 import *  # noqa: F403
from pyd3d11.pipeline.depth_stencil import DEPTH_FORMATS, DepthStencilTarget

F = np.float32


def test_depth_format_table():
    """(bytes per element, UNORM depth bits or 0 for float, has stencil) per DXGI format."""
    assert DEPTH_FORMATS == {
        DXGI_FORMAT_D32_FLOAT_S8X24_UINT: (8, 0, True),
        DXGI_FORMAT_D32_FLOAT: (4, 0, False),
        DXGI_FORMAT_D24_UNORM_S8_UINT: (4, 24, True),
        DXGI_FORMAT_D16_UNORM: (2, 16, False),
    }


def _target(fmt: int, raw: bytes, width: int) -> tuple[DepthStencilTarget, object]:
    dev, _ = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=width, Height=1, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),
        BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    view = dev.CreateDepthStencilView(tex, None)._view
    st = view.storage
    st.subresource_bytes(0)[:] = np.frombuffer(raw, np.uint8)
    return DepthStencilTarget.load(view), st


_D24 = [0x12345678, 0xFF000001, 0x00FFFFFF]
_D32S8 = [(0.25, 0x5A), (-2.0, 0xFF), (1.0, 0x01)]


@pytest.mark.parametrize("fmt", ["D16", "D24S8", "D32", "D32S8X24"])
def test_load_decodes_documented_layout_and_store_round_trips(fmt):
    """Reads decode each texel from the documented layout in the resource's memory; writing the values read
    back into zeroed memory gives the original bytes (the target works in place, no copy)."""
    lin = np.arange(3)
    if fmt == "D16":
        raw = np.array([0x0102, 0xFFFF, 0x8000], np.uint16).tobytes()
        t, st = _target(DXGI_FORMAT_D16_UNORM, raw, 3)
        assert t.read_depth(lin).tolist() == [0x0102, 0xFFFF, 0x8000] and not t.has_stencil
    elif fmt == "D24S8":
        raw = np.array(_D24, np.uint32).tobytes()
        t, st = _target(DXGI_FORMAT_D24_UNORM_S8_UINT, raw, 3)
        assert t.read_depth(lin).tolist() == [0x345678, 0x000001, 0xFFFFFF]
        assert t.read_stencil(lin).tolist() == [0x12, 0xFF, 0x00]
    elif fmt == "D32":
        raw = F([0.5, -0.0, 1.0]).tobytes()
        t, st = _target(DXGI_FORMAT_D32_FLOAT, raw, 3)
        assert t.read_depth(lin).tolist() == [0.5, -0.0, 1.0] and not t.has_stencil
    else:
        raw = b"".join(F([d]).tobytes() + bytes([s, 0, 0, 0]) for d, s in _D32S8)
        t, st = _target(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, raw, 3)
        assert t.read_depth(lin).tolist() == [d for d, _ in _D32S8]
        assert t.read_stencil(lin).tolist() == [s for _, s in _D32S8]
    depth = t.read_depth(lin)
    stencil = t.read_stencil(lin) if t.has_stencil else None
    st.subresource_bytes(0)[:] = 0
    t.write_depth(lin, depth)
    if stencil is not None:
        t.write_stencil(lin, stencil)
    t.store()
    assert st.subresource_bytes(0).tobytes() == raw


@pytest.mark.parametrize("fmt", ["D24S8", "D32S8X24"])
def test_depth_and_stencil_writes_keep_each_others_bits(fmt):
    """Writing depth keeps the stencil bits of the same texel and the other way round (documented layouts)."""
    lin = np.arange(3)
    if fmt == "D24S8":
        t, st = _target(DXGI_FORMAT_D24_UNORM_S8_UINT, np.array(_D24, np.uint32).tobytes(), 3)
        t.write_depth(lin[:2], np.array([0xABCDEF, 0], np.uint32))
        t.write_stencil(lin[1:], np.array([0x77, 0x78], np.uint8))
        assert st.subresource_bytes(0).view(np.uint32).tolist() == [0x12ABCDEF, 0x77000000, 0x78FFFFFF]
    else:
        raw = b"".join(F([d]).tobytes() + bytes([s, 9, 9, 9]) for d, s in _D32S8)
        t, st = _target(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, raw, 3)
        t.write_depth(lin[:1], F([0.125]))
        t.write_stencil(lin[2:], np.array([0x44], np.uint8))
        b = st.subresource_bytes(0).reshape(3, 8)
        assert b[:, 0:4].copy().view(F).ravel().tolist() == [0.125, -2.0, 1.0]
        assert b[:, 4].tolist() == [0x5A, 0xFF, 0x44] and b[:, 5:].tolist() == [[9, 9, 9]] * 3


def test_d32s8_store_writes_the_stencil_byte_after_the_float():
    raw = b"".join(F([d]).tobytes() + bytes([s, 0, 0, 0]) for d, s in _D32S8)
    t, st = _target(DXGI_FORMAT_D32_FLOAT_S8X24_UINT, raw, 3)
    lin = np.arange(3)
    t.write_stencil(lin, np.full(3, 0x33, np.uint8))
    t.write_depth(lin, np.full(3, 0.75, F))
    t.store()
    b = st.subresource_bytes(0).reshape(3, 8)
    assert b[:, 4].tolist() == [0x33] * 3 and b[:, 5:].tolist() == [[0, 0, 0]] * 3
    assert b[:, 0:4].copy().view(F).ravel().tolist() == [0.75] * 3


def test_float_depth_quantize_flushes_denormals_only():
    """Float depth stores float32 values with denormals flushed to +0: the smallest normal float32
    (2^-126) is kept; the largest denormal and negative zero become +0."""
    t, _ = _target(DXGI_FORMAT_D32_FLOAT, F([0, 0]).tobytes(), 2)
    smallest_normal = np.array([0x00800000], np.uint32).view(F)[0]
    largest_denormal = np.array([0x007FFFFF], np.uint32).view(F)[0]
    q = t.quantize(F([smallest_normal, largest_denormal, -0.0, 0.5]))
    assert q.view(np.uint32).tolist() == [0x00800000, 0, 0, 0x3F000000]


@pytest.mark.parametrize(("samples", "height", "width", "slices"), [(4, 8, 3, 1), (2, 5, 4, 3), (8, 2, 2, 2)])
def test_multisampled_depth_texel_addressing(samples, height, width, slices):
    """(slice, sample, y, x) addresses the storage's documented layout: per slice, ``sample_count`` planes of
    width*height elements (sample-major, storage.py) — each texel reads the value written at its own place.
    Heights other than the sample count tell the sample and row axes apart."""
    dev, _ = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(
        Width=width, Height=height, MipLevels=1, ArraySize=slices, Format=DXGI_FORMAT_D32_FLOAT,
        SampleDesc=DXGI_SAMPLE_DESC(Count=samples), BindFlags=D3D11_BIND_DEPTH_STENCIL), None)
    dim = D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY if slices > 1 else D3D11_DSV_DIMENSION_TEXTURE2DMS
    desc = D3D11_DEPTH_STENCIL_VIEW_DESC(Format=DXGI_FORMAT_D32_FLOAT, ViewDimension=dim)
    if slices > 1:
        desc.Texture2DMSArray.ArraySize = slices
    view = dev.CreateDepthStencilView(tex, desc)._view
    st = view.storage
    sl, s, y, x = np.meshgrid(np.arange(slices), np.arange(samples), np.arange(height), np.arange(width),
                              indexing="ij")
    code = (((sl * 16 + s) * 16 + y) * 16 + x).astype(F)  # a distinct, exactly representable value per texel
    for i in range(slices):
        st.subresource_bytes(i)[:] = code[i].reshape(-1).view(np.uint8)  # planes s, rows y, columns x
    t = DepthStencilTarget.load(view)
    assert t.shape == (slices, samples, height, width)
    assert np.array_equal(t.read_depth(t.linear(sl, s, y, x)), code)
