"""A fused variant is three separately compiled modules (pipeline/native/fused_gen.generate_modules): the
rasterizer, the batch function (interpolation, pixel-shader call, merger prologue) and the output merger,
linked through the draw's D slots. Variants of different shaders under one pipeline state share the merger
module (and the rasterizer where their plane tables have one size); each still gives the reference's bytes."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bitid_scenes as bs  # noqa: E402
import test_native_fused_diff as fd  # noqa: E402
from gfx_util import dsv, rtv, texture2d  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.pipeline.native import fused_gen as fg  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

SHADERS = ("float", "pos", "partial", "discard", "sysv", "deriv")


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setattr(fused, "_CACHE", {})
    monkeypatch.setattr(fused, "_MODULES", {})
    yield
    native.set_backend(None)


def _scene(ps_name: str, seed: int, blend: str, depth: bool):
    rng = np.random.default_rng(seed)
    W, H = 70, 45
    verts = fd._pixel_vertices(rng, W, H, 12)

    def scene() -> bytes:
        t = texture2d(28, W, H)
        bs._fill(t, seed)
        om = OMState()
        om.blend = bs._blend_desc([bs._rt_desc(**bs.BLENDS[blend])])
        d = None
        if depth:
            d = texture2d(45, W, H)
            bs._clear_depth(d, 0.6)
            om.depth_stencil = bs._ds_desc(func=2, write=1)
        bs._draw(verts, [rtv(t)], fd.PIXEL_SHADERS[ps_name], om=om, depth=dsv(d) if d is not None else None,
                 size=(W, H))
        return bs._bytes(t, *([d] if d is not None else []))
    return scene


@pytest.mark.parametrize("blend,depth", [("alpha", False), ("add", True)])
def test_shaders_under_one_state_share_the_merger(blend, depth):
    for name in SHADERS:
        ref, got = fd._both(_scene(name, 3, blend, depth))
        assert ref == got, name
    variants = [c for c in fused._CACHE.values() if not isinstance(c, str)]
    assert len(variants) >= 3
    # one output-merger state: one merger module, one engine, for every variant
    assert len({id(c.engines[2]) for c in variants}) == 1
    assert len({c.om for c in variants}) == 1
    # every compiled module is distinct IR text, and fewer than three per variant were compiled
    assert len(fused._MODULES) < 3 * len(variants)
    texts = [fg.generate_modules(k) for k, c in fused._CACHE.items() if not isinstance(c, str)]
    assert len({t[0] for t in texts} | {t[1] for t in texts} | {t[2][0] for t in texts}) == len(fused._MODULES)


def test_variants_of_two_states_keep_their_own_mergers():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        for blend, depth in (("alpha", False), ("add", True)):
            ref, got = fd._both(_scene("float", 8, blend, depth))
            assert ref == got
    variants = [c for c in fused._CACHE.values() if not isinstance(c, str)]
    assert len(variants) == 2
    assert variants[0].om != variants[1].om


def test_whole_module_text_is_the_three_parts():
    """fused_gen.generate (the variant in one text, for inspection) is the three modules' texts joined."""
    ref, got = fd._both(_scene("float", 1, "alpha", False))
    assert ref == got
    key = next(k for k, c in fused._CACHE.items() if not isinstance(c, str))
    raster, flush, (om, name) = fg.generate_modules(key)
    assert fg.generate(key) == "\n".join((raster, flush, om))
    assert f"@{fg.RUN_FN}(" in raster and f"@{fg.FLUSH_FN}(" in flush and f"@{name}(" in om
