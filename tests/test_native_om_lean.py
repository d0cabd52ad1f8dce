"""Lean quick first builds of a cold fused variant (issue 12, first-draw latency).

The lean merger (pipeline/native/om_gen.py ``om_function(lean=True)``): a cold fused variant's quick first build
of its output-merger module (issue 12, first-draw latency) keeps the general bodies — eight distinct pixels
through masked gathers/scatters, a group with a repeated pixel and the tail lane by lane — and the wide
full-coverage rows, and leaves out the quad-pair, fully covered pair and two-quad row paths. Those paths are
chosen by the lanes' positions and masks; the general body computes the same for the same lanes (D3D11.3 §17:
the merger's result per pixel and sample, in lane order), so the lean function must give the reference
merger's bytes for every pattern the row paths would take (the row-path tests' fragments, here through the
lean text), and the fused lane's quick build must be the lean text with the full one as its O2 rebuild.

The lean rasterizer (fused_gen.raster_lean): the rasterizer module without its 8x8 block path, whose quads, lanes
and order are the general walk's (D3D11.3 §3.4, §17.1; tests/test_native_fused_small_block.py holds the block
path to that); small triangles drawn on the lean quick build and after its rebuild give the reference's bytes."""

from __future__ import annotations

import functools
import hashlib
import re
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from native_om_util import assert_same, ds_desc, face, run_both, target  # noqa: E402
from test_native_fused_diff import _both, _diff, _random_scene  # noqa: E402
from test_native_om_quads import (  # noqa: E402
    COLOR_FORMATS,
    DS_FORMATS,
    INT_FORMATS,
    QH,
    QW,
    _blend_state,
    quad_fragments,
)
from test_native_tiers import fresh  # noqa: E402,F401 (fixture)

from pyd3d11.pipeline.native import fused, om_gen, om_runtime  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def lean(monkeypatch):
    """The standalone native merger (om_runtime) compiled from the lean text."""
    monkeypatch.setattr(om_gen, "om_function", functools.partial(om_gen.om_function, lean=True))
    monkeypatch.setattr(om_runtime, "_COMPILED", {})


def _defined(text: str) -> set[str]:
    return {m.rsplit("_", 1)[1] for m in re.findall(r"define internal i64 @(\w+)\(", text)}


def test_the_lean_text_has_the_general_bodies_only():
    rng = np.random.default_rng(1)
    om = _blend_state(True)
    # any merger key: take the one the standalone merger builds for a blended RGBA8 target
    seen: list = []
    real = om_runtime.module

    def spy(k):
        seen.append(k)
        return real(k)

    om_runtime.module = spy
    try:
        run_both(om, [target(28, rng, QW, QH)], None, [quad_fragments(rng, 4, 1)])
    finally:
        om_runtime.module = real
    assert seen
    full_text, name = om_gen.om_function(seen[0])
    lean_text, lean_name = om_gen.om_function(seen[0], lean=True)
    full_bodies, lean_bodies = _defined(full_text), _defined(lean_text)
    assert name == lean_name
    assert {"v", "q", "d", "s"} <= full_bodies
    want = {"v", "s"} | ({"F"} if "F" in full_bodies else set())
    assert lean_bodies == want
    assert len(lean_text) < len(full_text)


@pytest.mark.parametrize("fmt", COLOR_FORMATS)
def test_colour_formats(lean, fmt):
    rng = np.random.default_rng(fmt)
    for enable, mask in ((True, 0xF), (False, 0b1010)):
        frags = [quad_fragments(rng, 40, 1), quad_fragments(rng, 24, 1, cover=1.0)]
        assert_same(run_both(_blend_state(enable, mask), [target(fmt, rng, QW, QH)], None, frags))


@pytest.mark.parametrize("fmt", INT_FORMATS[:4])
def test_integer_formats_with_a_logic_op(lean, fmt):
    from native_om_util import blend_desc, rt_blend

    rng = np.random.default_rng(fmt)
    rt = rt_blend(False, mask=0b1011)
    rt.LogicOpEnable, rt.LogicOp = True, 10  # XOR: reads the destination
    assert_same(run_both(OMState(blend=blend_desc([rt])), [target(fmt, rng, QW, QH)], None,
                         [quad_fragments(rng, 40, 1)]))


@pytest.mark.parametrize("fmt", DS_FORMATS)
def test_depth_stencil(lean, fmt):
    rng = np.random.default_rng(fmt)
    st = face(fail=4, zfail=5, pss=7, func=4)
    om = OMState(depth_stencil=ds_desc(func=4, stencil=fmt in (20, 45), front=st, back=st), stencil_ref=0x5A)
    frags = [quad_fragments(rng, 40, 1), quad_fragments(rng, 24, 1, cover=1.0)]
    assert_same(run_both(om, [target(28, rng, QW, QH)], target(fmt, rng, QW, QH), frags))


def test_msaa(lean):
    rng = np.random.default_rng(9)
    frags = [quad_fragments(rng, 40, 1, samples=4)]
    assert_same(run_both(_blend_state(True), [target(28, rng, QW, QH, 4)], None, frags))


@pytest.mark.parametrize("seed", [5, 11])
def test_the_quick_build_of_a_variant_is_lean_and_its_rebuild_full(fresh, seed):  # noqa: F811
    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)  # no rebuild during the first pass
    scene = _random_scene(seed)
    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)
    oms = [(text, m) for text, m in fused._MODULES.items() if m.names and m.names[0].startswith("om_")]
    assert oms
    for text, m in oms:
        assert not m.full and m.upgrade_text == text
        assert _defined(m.text) < _defined(text) or _defined(m.text) == _defined(text) == {"v", "s"}
        # the O2 object goes to the disk cache under the lean text, which names the full one
        assert f"; O2 rebuild: {hashlib.sha256(text.encode()).hexdigest()}" in m.text
    fresh.setattr(runtime, "TIER_UP_LANES", 1)
    _both(scene)
    runtime.wait_upgrades()
    assert all(m.full and m.upgrade_text is None for _, m in oms)
    ref2, got2 = _both(scene)
    assert ref2 == ref and got2 == ref, _diff(ref, got2)


def test_other_tiers_build_the_full_text(fresh):  # noqa: F811
    for tier in ("quick", "full"):
        fresh.setattr(runtime, "TIER", tier)
        fused._CACHE.clear()
        fused._MODULES.clear()
        _both(_random_scene(3))
        for text, m in fused._MODULES.items():
            assert m.text == text and m.upgrade_text is None


def test_the_lean_rasterizer_has_no_block_path(fresh):  # noqa: F811
    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)
    _both(_random_scene(5))
    rasters = [(text, m) for text, m in fused._MODULES.items() if "fused_run" in m.names]
    assert rasters
    for text, m in rasters:
        assert "tri_small" in text and "tri_small" not in m.text and m.upgrade_text == text


@pytest.mark.parametrize("seed", [1, 2])
def test_small_triangles_on_the_lean_rasterizer_then_its_rebuild(fresh, seed):  # noqa: F811
    from test_native_fused_small_block import _scene

    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)
    fresh.setattr(fused, "TILE", 16)
    rng = np.random.default_rng(seed)
    W, H = 48, 40
    xy = []
    for _ in range(300):  # triangles of a few pixels: pieces that fit the 8x8 block
        xy += list(rng.uniform(0, [W, H]) + rng.uniform(-3, 3, (3, 2)))
    scene = _scene(xy, W, H, seed, depth=True)
    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)
    rasters = [m for m in fused._MODULES.values() if "fused_run" in m.names]
    assert rasters and not any(m.full for m in rasters)
    fresh.setattr(runtime, "TIER_UP_LANES", 1)
    _both(scene)
    runtime.wait_upgrades()
    assert all(m.full and m.upgrade_text is None for m in rasters)
    ref2, got2 = _both(scene)
    assert ref2 == ref and got2 == ref, _diff(ref, got2)


# --- the lean batch function (fused_gen.flush_lean) -------------------------------------------------------------

def _exact32_quad_scene():
    import test_native_fused_exact32 as ex

    W, H = 64, 32
    return ex._scene(ex._quad_verts(W, H, False), ex.PS_UV, 28, W, H, 3, om=ex._blend_om())


def test_the_lean_batch_text_drops_the_float32_path_only():
    """flush_lean: the float32 path's blocks gone, the same function and the float64 path kept; None for a key
    whose batch function has no float32 path (an SV_Position input: exact32 does not apply)."""
    import dataclasses

    from pyd3d11.pipeline.native import fused_gen as fg

    key = _flush_key()
    persp = dataclasses.replace(key, inputs=(("persp", 1, 0, 0), ("persp", 1, 1, 1)))
    pos = dataclasses.replace(key, inputs=(("persp", 1, 0, 0), ("posx", 0, 0, 0)))
    full = fg._Gen(persp).build_flush()
    lean = fg.flush_lean(persp)
    assert lean is not None and fg.flush_lean(persp, full) == lean
    assert "q32" in full and "q8_body" in full
    assert "q32" not in lean and "q8_body" not in lean and "ex_chk" not in lean
    assert f"define void @{fg.FLUSH_FN}(" in lean and "q64" not in lean  # (the float64 path is the only one)
    assert len(lean) < len(full)
    assert fg.flush_lean(pos) is None


def _flush_key():
    """A FusedKey of the full-screen quad (test_native_fused_exact32's), the variant table left as it was."""
    import test_native_fused_exact32 as ex

    saved = dict(fused._CACHE)
    try:
        return ex._any_key()
    finally:
        fused._CACHE.clear()
        fused._CACHE.update(saved)
        native.set_backend(None)


def test_the_quick_batch_function_is_lean_and_its_rebuild_full(fresh):  # noqa: F811
    """A cold variant's quick first build compiles the lean batch text (the float32 path's S5-like quad drawn on
    the float64 path alone) and names the full text for its O2 rebuild; before and after the rebuild the bytes
    are the reference's."""
    from pyd3d11.pipeline.native import fused_gen as fg

    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)  # no rebuild during the first pass
    scene = _exact32_quad_scene()
    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)
    flushes = [(text, m) for text, m in fused._MODULES.items() if m.names and m.names[0] == fg.FLUSH_FN]
    assert flushes
    for text, m in flushes:
        assert "q32" in text, "the scene's variant has the float32 path in its full text"
        assert not m.full and m.upgrade_text == text
        assert "q32" not in m.text
        assert f"; O2 rebuild: {hashlib.sha256(text.encode()).hexdigest()}" in m.text
    fresh.setattr(runtime, "TIER_UP_LANES", 1)
    _both(scene)
    runtime.wait_upgrades()
    assert all(m.full and m.upgrade_text is None for _, m in flushes)
    ref2, got2 = _both(scene)
    assert ref2 == ref and got2 == ref, _diff(ref, got2)
