"""The row-pair footprint fetch of a wide step, one register-wide group of lanes after the other
(sampler_gen.SampleEmitter._fetch_quad_groups; Session 25 helper PERF2, issue 12, scene S3).

Definition: a packed 2D bilinear footprint (x0, y0) .. (x0 + 1, y0 + 1) is read from the row-pair copy with one
16-byte load where its columns and rows are neighbours (no wrap, clamp, mirror or border edge inside it), else by
the general taps; both give each lane the texels of its own footprint (tests/test_native_sampler_row_pairs.py
states the copy). A step wider than a vector register decides that per group of a register's lanes (8 or 16), so
one lane at a texture's edge sends only its group to the general taps. The words, and so the filtered results,
are the same bits whichever path each group takes. Tests: native against the reference bit for bit where the
footprint anchors change every 4 or 8 lanes (groups of one step take different paths), at kernel widths 32 and
64, for every address mode, arrays, an offset and the anisotropic filter; the grouped fetch is emitted there;
``PYD3D11_NATIVE_QUAD_GROUP=0`` (the A/B switch) gives the same bits.
"""

from __future__ import annotations

import numpy as np
import pytest
import test_native_sampler_row_pairs as rp
from test_sampler_helpers import BORDER, CLAMP, MIRROR, MIRROR_ONCE, WRAP, SamplerDesc

from pyd3d11.shader import native

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_gen  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

CASES = [  # (size, layers, format, filter, mode u, mode v, offset)
    ((16, 16), 1, rp.R8G8B8A8_UNORM, 0x15, WRAP, WRAP, False),
    ((13, 7), 1, rp.R8G8B8A8_UNORM, 0x15, CLAMP, MIRROR, False),
    ((13, 7), 1, rp.B8G8R8A8_UNORM, 0x14, BORDER, BORDER, False),
    ((9, 12), 1, rp.R8G8_UNORM, 0x15, MIRROR_ONCE, WRAP, False),
    ((10, 6), 3, rp.R8G8B8A8_UNORM, 0x15, WRAP, WRAP, False),
    ((16, 16), 1, rp.R8G8B8A8_UNORM, 0x15, CLAMP, WRAP, True),
    ((16, 16), 1, rp.R8G8B8A8_UNORM, 0x55, WRAP, MIRROR, False),
]


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")


def _counted(monkeypatch) -> list:
    calls = []
    orig = sampler_gen.SampleEmitter._fetch_quad_groups

    def counted(self, g, *a):
        calls.append(g.W)
        return orig(self, g, *a)

    monkeypatch.setattr(sampler_gen.SampleEmitter, "_fetch_quad_groups", counted)
    return calls


@pytest.mark.parametrize("width", ["32", "64"])
@pytest.mark.parametrize("step", [4, 8])
@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{c[0][0]}x{c[0][1]}x{c[1]}-{c[3]:#x}-{c[4]}{c[5]}"
                                                          f"{'o' if c[6] else ''}" for c in CASES])
def test_groups_of_one_step_take_their_own_paths(monkeypatch, width, step, case):
    """Footprint anchors (interior, edge, outside: rp._anchors) every ``step`` lanes: the groups of a step mix
    row-pair loads and general taps; every lane's result is the reference's."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    monkeypatch.setattr(rp, "STEP", step)
    calls = _counted(monkeypatch)
    size, layers, fmt, filt, mu, mv, offset = CASES[case]
    desc = SamplerDesc(Filter=filt, AddressU=mu, AddressV=mv, MaxAnisotropy=4, BorderColor=(0.25, 1.0, 0.0, 0.5))
    ref, nat = rp._run(size, layers, fmt, desc, seed=case * 13 + step + int(width), offset=offset)
    np.testing.assert_array_equal(nat, ref)
    if int(width) > runtime.register_lanes():
        assert calls and all(w > runtime.register_lanes() for w in calls)  # the grouped fetch was emitted


def test_switch_off_same_bits(monkeypatch):
    """``PYD3D11_NATIVE_QUAD_GROUP=0``: the whole step decides at once (no grouped fetch), the same bits."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", "64")
    monkeypatch.setattr(rp, "STEP", 8)
    outs = []
    for on in (True, False):
        monkeypatch.setattr(sampler_gen, "QUAD_GROUPS", on)
        monkeypatch.setattr(runtime, "_KERNELS", {})
        calls = _counted(monkeypatch)
        ref, nat = rp._run((13, 7), 1, rp.R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=CLAMP),
                           seed=5)
        np.testing.assert_array_equal(nat, ref)
        assert bool(calls) == (on and 64 > runtime.register_lanes())
        outs.append(nat)
    np.testing.assert_array_equal(outs[0], outs[1])
