"""The standalone native merger's builds (pipeline/native/om_runtime.module; issue 12, first-draw latency): a
merger function is first built quickly (LLVM's IR passes off, machine code at level 0) and rebuilt at O2 in the
background once it has applied runtime.TIER_UP_LANES fragments, as the fused pixel kernels are; under TIER
``full`` it is built at O2 at once. Every build gives the numpy merger's bytes (D3D11.3 §17: the merger's result
per pixel and sample, in fragment order): no build may change a bit, since the IR carries no fast-math flags."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from native_om_util import assert_same, blend_desc, fragments, rt_blend, run_both, target  # noqa: E402

from pyd3d11.pipeline import blend as bl  # noqa: E402
from pyd3d11.pipeline.native import om_runtime  # noqa: E402
from pyd3d11.pipeline.output_merger import OMState  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def cold(monkeypatch):
    """No O2 objects from the disk cache and no merger built before: every module is built in the test."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    runtime.wait_upgrades()
    monkeypatch.setattr(om_runtime, "_COMPILED", {})
    yield monkeypatch
    runtime.wait_upgrades()


def _state() -> OMState:
    # a non-commutative blend over two formats: a wrong order or rounding anywhere changes bytes
    rts = [rt_blend(True, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.ONE, bl.INV_SRC_ALPHA, bl.OP_SUBTRACT),
           rt_blend(True, bl.DEST_COLOR, bl.BLEND_FACTOR, bl.OP_REV_SUBTRACT, bl.ONE, bl.ONE, bl.OP_MAX, mask=0b1011)]
    return OMState(blend=blend_desc(rts), blend_factor=(0.25, 1.5, -0.5, 0.75))


def _run(seed: int):
    rng = np.random.default_rng(seed)
    stores = [target(28, rng), target(2, rng)]
    return run_both(_state(), stores, None, [fragments(rng, 150, 2), fragments(rng, 150, 2, distinct=True)])


def _modules() -> list:
    return list(om_runtime._COMPILED.values())


@pytest.mark.parametrize("seed", [1, 2])
def test_the_quick_build_then_its_o2_rebuild_give_the_reference_bytes(cold, seed):
    cold.setattr(runtime, "TIER", "auto")
    cold.setattr(runtime, "TIER_UP_LANES", 1 << 40)  # no rebuild during the first run
    first = _run(seed)
    assert_same(first)
    mods = _modules()
    assert mods and not any(m.full for m in mods)  # a quick build applied the fragments
    cold.setattr(runtime, "TIER_UP_LANES", 1)
    _run(seed)  # its fragments queue the O2 rebuild
    runtime.wait_upgrades()
    assert all(m.full for m in mods)
    again = _run(seed)
    assert_same(again)
    for a, b in zip(first[1][0], again[1][0]):  # and the O2 build wrote what the quick build wrote
        assert np.array_equal(a, b)


@pytest.mark.parametrize(("tier", "full"), [("full", True), ("quick", False)])
def test_other_tiers_build_once_at_their_level(cold, tier, full):
    cold.setattr(runtime, "TIER", tier)
    cold.setattr(runtime, "TIER_UP_LANES", 1)
    assert_same(_run(3))
    runtime.wait_upgrades()
    mods = _modules()
    assert mods and all(m.full == full for m in mods)  # only TIER auto rebuilds
