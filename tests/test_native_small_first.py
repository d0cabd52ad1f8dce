"""Small first runs (shader/native/runtime.SMALL_FIRST_LANES): a kernel first built for a run of at most that many
lanes — a vertex batch, a small dispatch, a standalone program run — is a quick build at LLVM code generation level
0 (fast instruction selection), counted like every quick build and rebuilt at O2 past TIER_UP_LANES lanes. The
builds differ only in machine code; the IR carries no fast-math flags, so each must give the reference's bits
(the oracle: the reference executor on the same random inputs, tools/backend_diff). Also checked: which level
each run asks for, that a larger first run keeps QUICK_CODEGEN, that the tier-up really swaps in an O2 build,
and that TIER ``full`` still builds at O2 directly."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.native import runtime
from pyd3d11.tools.backend_diff import diff_program, random_program

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]


@pytest.fixture
def fresh(monkeypatch):
    """No disk objects (they are O2 builds), no kernels compiled before; the code generation levels asked for are
    recorded (runtime._target_machine's ``opt``)."""
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    runtime.wait_upgrades()
    saved = dict(runtime._KERNELS)
    runtime._KERNELS.clear()
    levels: list[int] = []
    real = runtime._target_machine

    def recording(llvm, opt: int = 3):
        levels.append(opt)
        return real(llvm, opt)

    monkeypatch.setattr(runtime, "_target_machine", recording)
    yield monkeypatch, levels
    runtime.wait_upgrades()
    runtime._KERNELS.clear()
    runtime._KERNELS.update(saved)


def _run(stage: str, seed: int, lanes: int = 16):
    text = random_program(np.random.default_rng([4242, seed]), stage, 22)
    status, detail = diff_program(assemble_program(text), lanes=lanes, seed=seed)
    assert status in ("same", "nanbits"), f"{status} {detail}\n{text}"
    built = [k for k in runtime._KERNELS.values() if not isinstance(k, str)]
    assert len(built) == 1, "one program, one kernel"
    return built[0]


@pytest.mark.parametrize("stage", ["ps", "vs", "cs"])
@pytest.mark.parametrize("seed", range(3))
def test_a_small_first_run_is_built_at_level_0_and_equals_the_reference(fresh, stage, seed):
    mp, levels = fresh
    mp.setattr(runtime, "TIER", "auto")
    k = _run(stage, seed)
    assert not k.module.full, "a quick build, upgraded by its lane count"
    assert k.module.used > 0, "the run's lanes are counted"
    assert levels[-1] == 0


@pytest.mark.parametrize("stage", ["ps", "cs"])
def test_a_first_run_above_the_limit_keeps_the_quick_code_generation_level(fresh, stage):
    mp, levels = fresh
    mp.setattr(runtime, "TIER", "auto")
    mp.setattr(runtime, "SMALL_FIRST_LANES", 8)  # the 16-lane / 2-group run is now "large"
    k = _run(stage, 1)
    assert not k.module.full
    assert levels[-1] == runtime.QUICK_CODEGEN


@pytest.mark.parametrize("stage", ["ps", "vs", "cs"])
def test_the_tier_up_swaps_in_an_o2_build_with_the_same_bits(fresh, stage):
    mp, _levels = fresh
    mp.setattr(runtime, "TIER", "auto")
    mp.setattr(runtime, "TIER_UP_LANES", 1)  # the first run's lanes already pass it: the O2 rebuild is queued
    k = _run(stage, 2)
    runtime.wait_upgrades()
    assert k.module.full and k.module.retired, "the level-0 engine was replaced by the O2 one"
    # the same program again, now on the O2 build (the kernel cache returns the upgraded kernel)
    assert _run(stage, 2) is k


@pytest.mark.parametrize("stage", ["ps", "cs"])
def test_tier_full_builds_at_o2_directly(fresh, stage):
    mp, levels = fresh
    mp.setattr(runtime, "TIER", "full")
    k = _run(stage, 0)
    assert k.module.full
    assert 0 not in levels


def _sampling_run(seed: int):
    """A 2-D sampling pixel shader (tests/test_native_sampler_2d.py's harness) on both executors: its shared
    sampling functions are modules of their own (runtime.shared_function)."""
    from test_native_sampler_2d import RGBA32F, SRV_2D, SamplerDesc, _bindings, _diff, _inputs, _shader, _texture, srv

    rng = np.random.default_rng(seed)
    st = _texture(RGBA32F, 13, 7, 1, rng, specials=True)
    desc = SamplerDesc(Filter=0x15, AddressU=3, AddressV=1, MipLODBias=0.7)
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, RGBA32F, SRV_2D), desc), _inputs(256, rng, (13, 7)))
    np.testing.assert_array_equal(nat, ref)


def _new_shared(before: set):
    return [runtime._SHARED[n] for n in set(runtime._SHARED) - before]


def test_a_small_builds_sampling_functions_are_level_0_and_wait_for_its_rebuild(fresh):
    """The shared sampling functions of a small first build are level-0 builds with no O2 rebuild queued. On an
    AVX2 host a small build steps one register (8 lanes) and its O2 rebuild is the full-width text with the
    sampling compiled in (nothing shared to wait for), as on an AVX-512 host (16 lanes); where the small build is
    already the O2 build's own text (one register is the full width) its tier-up queues the shared functions'
    rebuilds first. Either way, after the rebuilds the kernel is O2 and the bits are the same."""
    mp, _levels = fresh
    mp.setattr(runtime, "TIER", "auto")
    mp.setattr(runtime, "STRICT", True)
    mp.setattr(runtime, "TIER_UP_LANES", 10 ** 9)
    before = set(runtime._SHARED)
    saved = dict(runtime._SHARED)
    try:
        _sampling_run(3)
        shared = _new_shared(before)
        assert shared and all(not m.full and not m.upgrading for m in shared)
        (k,) = [k for k in runtime._KERNELS.values() if not isinstance(k, str)]
        assert set(runtime._SHARED_DECL.findall(k.module.text)) == {m.names[0] for m in shared}
        narrowed = k.layout.width > runtime.register_lanes()
        if narrowed:
            assert k.module.upgrade_text is not None and f"<{k.layout.width} x float>" in k.module.upgrade_text
            assert f"<{k.layout.width} x float>" not in k.module.text, "the small build steps one register"
            assert not runtime._SHARED_DECL.findall(k.module.upgrade_text), "the rebuild samples by itself"
        else:
            assert k.module.upgrade_text is None, "the small build is the O2 build's own text"
        mp.setattr(runtime, "TIER_UP_LANES", 1)
        k.module.note_use(1)
        runtime.wait_upgrades()
        assert k.module.full and (narrowed or all(m.full for m in shared))
        _sampling_run(3)  # the O2 kernel linking the O2 sampling functions
    finally:
        runtime.wait_upgrades()
        runtime._SHARED.clear()
        runtime._SHARED.update(saved)


def test_a_quick_caller_queues_a_small_builds_sampling_function(fresh):
    """A quick (not small) first build that links a sampling function a small build made queues its O2 rebuild,
    as it would have for a function it built itself."""
    mp, _levels = fresh
    mp.setattr(runtime, "TIER", "auto")
    mp.setattr(runtime, "STRICT", True)
    before = set(runtime._SHARED)
    saved = dict(runtime._SHARED)
    try:
        _sampling_run(4)
        shared = _new_shared(before)
        assert shared and not any(m.upgrading for m in shared)
        for m in shared:
            runtime.shared_function(m.text, m.names[0], quick=True)
        runtime.wait_upgrades()
        assert all(m.full for m in shared)
    finally:
        runtime.wait_upgrades()
        runtime._SHARED.clear()
        runtime._SHARED.update(saved)


@pytest.fixture
def fresh_fused(fresh):
    """``fresh`` with the fused lane's variant and module caches empty too (tests/test_native_tiers.py's pattern)."""
    from pyd3d11.pipeline.native import fused

    mp, _levels = fresh
    # the level of each module built for a draw (fixed per-process modules — the front end's, the piece packer's
    # — are O2 builds of their own, outside runtime.build_module)
    levels: list[int] = []
    real = runtime.build_module

    def recording(llvm, text, names, counted=False, codegen=None):
        m = real(llvm, text, names, counted, codegen)
        if not m.full:
            levels.append(runtime.QUICK_CODEGEN if codegen is None else codegen)
        return m

    mp.setattr(runtime, "build_module", recording)
    saved = dict(fused._CACHE), dict(fused._MODULES)
    fused._CACHE.clear()
    fused._MODULES.clear()
    yield mp, levels, fused
    runtime.wait_upgrades()
    fused._CACHE.clear()
    fused._MODULES.clear()
    fused._CACHE.update(saved[0])
    fused._MODULES.update(saved[1])


@pytest.mark.parametrize("limit,level", [(None, 0), (0, "quick")])
@pytest.mark.parametrize("seed", [2, 7])
def test_a_fused_variant_first_drawn_small_is_built_at_level_0(fresh_fused, limit, level, seed):
    """The fused lane's modules (rasterizer, batch function, merger) and its pixel-shader kernel: a draw on a small
    target (tests/test_native_fused_diff.py's random scenes: at most 150 x 120 pixels) builds them at level 0; with
    the limit below the draw's area, at QUICK_CODEGEN. The bytes equal the reference's either way."""
    from test_native_fused_diff import _both, _diff, _random_scene

    mp, levels, fused = fresh_fused
    mp.setattr(runtime, "TIER", "auto")
    if limit is not None:
        mp.setattr(runtime, "SMALL_FIRST_LANES", limit)
    want = runtime.QUICK_CODEGEN if level == "quick" else level
    ref, got = _both(_random_scene(seed))
    assert ref == got, _diff(ref, got)
    mods = list(fused._MODULES.values())
    assert mods and all(not m.full for m in mods)
    assert levels and set(levels) == {want}, "every module and kernel of the draw at the one level"
