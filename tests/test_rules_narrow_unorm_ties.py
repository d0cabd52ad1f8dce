"""FLOAT -> UNORM at the narrow channels of packed render-target formats (D3D11.3 §3.2.3.6: NaN -> 0; clamp to
[0, 1]; x (2^n - 1); + 0.5; truncate), including the one exact tie a float32 can hold: 0.5 gives
(2^n - 1) / 2 = 2^(n-1) - 0.5, which "+ 0.5, truncate" takes up (2^(n-1)) and round-half-to-even takes to the even
neighbour — the same code for n >= 2, but for the 1-bit alpha of B5G5R5A1 it is 1 against 0 (issue 19 item 1:
"a rounding tie of narrow UNORM channels"). Every channel of each format gets the same value, so one draw checks
the 1-, 2-, 4-, 5-, 6- and 10-bit fields at once; the expected codes are computed here in exact binary64."""

from __future__ import annotations

import numpy as np
import pytest
from test_rules_output_merger import _device, _draw_full, _rt_pixels, _tex2d

from pyd3d11.d3d11 import *  # noqa: F403

F32 = np.float32

#: format, bytes per texel, its channels as (first bit, width) — DXGI names channels from the least significant bit
FORMATS = [
    ("B5G5R5A1_UNORM", 2, [(0, 5), (5, 5), (10, 5), (15, 1)]),
    ("B5G6R5_UNORM", 2, [(0, 5), (5, 6), (11, 5)]),
    ("B4G4R4A4_UNORM", 2, [(0, 4), (4, 4), (8, 4), (12, 4)]),
    ("R10G10B10A2_UNORM", 4, [(0, 10), (10, 10), (20, 10), (30, 2)]),
]


def _unorm(x: float, n: int) -> int:
    """§3.2.3.6 in exact binary64 (x is a float32 value; x * (2^n - 1) + 0.5 is exact for n <= 24)."""
    if x != x:
        return 0
    return int(min(max(x, 0.0), 1.0) * ((1 << n) - 1) + 0.5)


def _values() -> list[float]:
    """0.5 (the exact tie) and its float32 neighbours, the nearest float32 to each k + 0.5 step of every width
    used (and their neighbours), the ends, and out-of-range and non-finite values."""
    out = {0.5, float(np.nextafter(F32(0.5), F32(0))), float(np.nextafter(F32(0.5), F32(1)))}
    for n in (1, 2, 4, 5, 6, 10):
        scale = (1 << n) - 1
        for k in range(min(scale, 6)):
            t = F32((k + 0.5) / scale)
            out |= {float(t), float(np.nextafter(t, F32(0))), float(np.nextafter(t, F32(2)))}
    return sorted(out) + [0.0, 1.0, -0.25, 1.5, float("inf"), float("-inf"), float("nan")]


@pytest.mark.parametrize("name,size,channels", FORMATS, ids=[f[0] for f in FORMATS])
def test_narrow_channels_round_half_up(name, size, channels):
    fmt = globals()[f"DXGI_FORMAT_{name}"]
    vals = _values()
    w = len(vals)
    dev, ctx = _device()
    tex = dev.CreateTexture2D(D3D11_TEXTURE2D_DESC(  # noqa: F405
        Width=w, Height=1, MipLevels=1, ArraySize=1, Format=fmt, SampleDesc=DXGI_SAMPLE_DESC(Count=1),  # noqa: F405
        BindFlags=D3D11_BIND_RENDER_TARGET), None)  # noqa: F405
    rtv = dev.CreateRenderTargetView(tex, None)
    srv = dev.CreateShaderResourceView(_tex2d(dev, DXGI_FORMAT_R32_FLOAT, np.array([vals], F32)), None)  # noqa: F405
    ps = """Texture2D<float> t : register(t0);
    float4 main(float4 p : SV_Position) : SV_Target { return t.Load(int3(p.xy, 0)).xxxx; }"""
    _draw_full(dev, ctx, rtv, w, 1, ps, srvs=[srv])
    words = _rt_pixels(dev, ctx, tex, w, 1, dtype=np.uint16 if size == 2 else np.uint32, bpp=size)[0, :, 0]
    got = [[int(word) >> lo & ((1 << n) - 1) for lo, n in channels] for word in words]
    want = [[_unorm(float(F32(v)), n) for _, n in channels] for v in vals]
    assert got == want
    if name == "B5G5R5A1_UNORM":  # the tie the spec takes up, where round-half-to-even would give 0
        assert got[vals.index(0.5)][3] == 1
