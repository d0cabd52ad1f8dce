"""Texture-coordinate range reduction and texel addressing (D3D11.3 §7.18.6, §7.18.9), pinned at the
boundaries. Expected values are computed by hand from the definitions (wrap = fraction in [0, 1), mirror
has period 2, mirror of texel t is t for t >= 0 and -t-1 for t < 0)."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.sampler_address import BORDER, CLAMP, MIRROR, MIRROR_ONCE, WRAP, address, reduce_range

F = np.float32


def test_wrap_of_a_tiny_negative_is_in_zero_one():
    """u - floor(u) of -1e-10 rounds to 1.0 in float32; WRAP must give a value in [0, 1): 0."""
    r = reduce_range(F([-1e-10, -0.25, 1.0, 2.75]), WRAP)
    assert r.tolist() == [0.0, 0.75, 0.0, 0.75]


@pytest.mark.parametrize(("u", "expected"), [(2.5, 0.5), (3.0, 1.0), (4.25, 0.25), (0.75, 0.75)])
def test_mirror_reduces_with_period_two(u, expected):
    assert float(reduce_range(F([u]), MIRROR)[0]) == expected


@pytest.mark.parametrize("mode", [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE])
def test_empty_lane_set(mode):
    """No lanes (an empty draw or fully masked quad set) is not an error: an empty result."""
    assert reduce_range(np.zeros(0, F), mode).shape == (0,)


@pytest.mark.parametrize("n", [4, 5])
def test_texel_addressing_table(n):
    t = np.arange(-2 * n, 2 * n, dtype=np.int32)
    wrap = [x % n for x in t.tolist()]
    mirror = []
    for x in t.tolist():
        a = -x - 1 if x < 0 else x
        mirror.append(a % n if (a // n) % 2 == 0 else n - 1 - a % n)
    once = [min(-x - 1 if x < 0 else x, n - 1) for x in t.tolist()]
    clamp = [min(max(x, 0), n - 1) for x in t.tolist()]
    assert address(t, n, WRAP)[0].tolist() == wrap
    assert address(t, n, MIRROR)[0].tolist() == mirror
    assert address(t, n, MIRROR_ONCE)[0].tolist() == once
    assert address(t, n, CLAMP)[0].tolist() == clamp
    r, out = address(t, n, BORDER)
    assert r.tolist() == clamp and out.tolist() == [x < 0 or x >= n for x in t.tolist()]
