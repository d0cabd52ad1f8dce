"""Quick first builds and their O2 rebuilds (shader/native/runtime.TIER): the fused lane's rasterizer, batch
and merger modules are first compiled with LLVM's IR passes off and rebuilt at O2 in a background thread
once they have run TIER_UP_LANES lanes. Both builds must give the reference's bytes (the oracle is the whole
reference backend), before and after the swap, and the swap must really replace the code."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_native_fused_diff import _both, _diff, _random_scene  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def fresh(monkeypatch):
    """No disk objects (they are O2 builds) and no compiled modules: every module is built in the test."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    runtime.wait_upgrades()
    saved = dict(fused._CACHE), dict(fused._MODULES)
    fused._CACHE.clear()
    fused._MODULES.clear()
    yield monkeypatch
    runtime.wait_upgrades()
    fused._CACHE.clear()
    fused._MODULES.clear()
    fused._CACHE.update(saved[0])
    fused._MODULES.update(saved[1])


@pytest.mark.parametrize("tier", ["quick", "full"])
@pytest.mark.parametrize("seed", [0, 5, 11, 23])
def test_each_build_equals_the_reference(fresh, tier, seed):
    fresh.setattr(runtime, "TIER", tier)
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)
    mods = list(fused._MODULES.values())
    assert mods and all(m.full == (tier == "full") for m in mods)


@pytest.mark.parametrize("seed", [3, 11])
def test_quick_builds_at_code_generation_level_0_equal_the_reference(fresh, seed):
    """runtime.QUICK_CODEGEN = 0 (fast instruction selection; PYD3D11_NATIVE_QUICK_CODEGEN): other machine code,
    the same IEEE operations, so the same bytes."""
    fresh.setattr(runtime, "TIER", "quick")
    fresh.setattr(runtime, "QUICK_CODEGEN", 0)
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)
    assert all(not m.full for m in fused._MODULES.values())


def test_quick_builds_are_rebuilt_at_o2_and_swapped_in(fresh):
    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)  # first: no rebuild
    scene = _random_scene(7)
    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)
    mods = list(fused._MODULES.values())
    assert mods and not any(m.full or m.upgrading for m in mods)
    before = {id(m): dict(m.addrs) for m in mods}
    done = runtime.stats.upgraded
    cpu0 = runtime.upgrader_cpu_seconds()
    fresh.setattr(runtime, "TIER_UP_LANES", 1)  # the next draw queues every module's rebuild
    _both(scene)
    runtime.wait_upgrades()
    assert all(m.full for m in mods)
    # the rebuilds ran on the background thread, whose CPU clock the latency bench subtracts
    assert runtime.upgrader_cpu_seconds() > cpu0
    assert runtime.stats.upgraded >= done + len(mods)
    assert all(m.addrs != before[id(m)] for m in mods)  # new code, the old engine kept alive
    assert all(m.retired for m in mods)
    ref2, got2 = _both(scene)
    assert ref2 == ref and got2 == ref, _diff(ref, got2)


def test_lanes_below_the_threshold_queue_nothing(fresh):
    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)
    _both(_random_scene(2))
    for m in fused._MODULES.values():
        used = m.used
        m.note_use(5)
        assert m.used == used + 5 and not m.upgrading


def test_full_and_quick_tiers_never_queue(fresh):
    for tier in ("full", "quick"):
        fresh.setattr(runtime, "TIER", tier)
        fresh.setattr(runtime, "TIER_UP_LANES", 1)
        fused._CACHE.clear()
        fused._MODULES.clear()
        _both(_random_scene(3))
        assert not any(m.upgrading for m in fused._MODULES.values())


def test_avx2_pixel_kernels_build_one_register_wide_first_then_wide(fresh):
    """On AVX2 hosts (runtime.register_lanes() == 8; forced here, the code runs on AVX-512 too) a pixel kernel's
    quick first build steps QUICK_WIDTH_AVX2 lanes and its O2 rebuild PIXEL_WIDTH_AVX2; the callers size rows for
    the wider one from the start (Kernel.layout.width), and both give the reference's bytes."""
    from pyd3d11.shader import ir

    fresh.setattr(runtime, "_AVX512", False)
    fresh.setattr(runtime, "TIER", "auto")
    fresh.setattr(runtime, "TIER_UP_LANES", 1 << 40)
    fresh.setattr(runtime, "SMALL_FIRST_LANES", 0)  # the draw counts as large (a small first build is not narrowed)
    for key, k in list(runtime._KERNELS.items()):
        if not isinstance(k, str) and k.lw.program_type == ir.ProgramType.PIXEL:
            fresh.delitem(runtime._KERNELS, key)
    scene = _random_scene(7)
    ref, got = _both(scene)
    assert ref == got, _diff(ref, got)
    ks = [k for k in runtime._KERNELS.values() if not isinstance(k, str)
          and k.lw.program_type == ir.ProgramType.PIXEL and not k.module.full]
    assert ks
    for k in ks:
        assert k.layout.width == runtime.PIXEL_WIDTH_AVX2 == 32 and runtime.QUICK_WIDTH_AVX2 == 8
        assert "<32 x" not in k.ir_text and "<8 x i32>" in k.ir_text
        assert k.module.upgrade_text is not None and "<32 x i32>" in k.module.upgrade_text
        # the O2 object goes to the disk cache under the quick text: that text names the rebuild's
        assert f"; O2 rebuild: {hashlib.sha256(k.module.upgrade_text.encode()).hexdigest()}" in k.ir_text
    fresh.setattr(runtime, "TIER_UP_LANES", 1)
    _both(scene)
    runtime.wait_upgrades()
    assert all(k.module.full and k.module.upgrade_text is None for k in ks)
    ref2, got2 = _both(scene)
    assert ref2 == ref and got2 == ref, _diff(ref, got2)


def test_a_rebuild_numbers_its_arguments_as_the_quick_build():
    """llvm_gen.generate(slots=...): the O2 rebuild of another width takes the quick build's argument numbering
    (texture emitters register their slots in an order that depends on the width), so one argument array
    serves the module before and after the swap."""
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.native import llvm_gen

    lw = runtime.lowered(assemble_program("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\n"
                                          "add o0.xyzw, v0.xyzw, l(1.0, 1.0, 1.0, 1.0)\nret\n"))
    _, quick = llvm_gen.generate(lw, 64, None, 8, reg_lanes=8)
    seeded = {n: len(quick.slots) - 1 - i for n, i in quick.slots.items()}  # another numbering of the same names
    _, wide = llvm_gen.generate(lw, 64, None, 32, reg_lanes=8, slots=seeded)
    assert wide.slots == seeded
