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
