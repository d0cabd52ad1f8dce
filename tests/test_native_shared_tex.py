"""Sampling functions compiled once as modules of their own and shared by kernels (runtime.shared_function).

A sampling function's module is named by a hash of its IR, so: two different shaders sampling with one
texture / sampler configuration compile it once (the second kernel only declares and calls it); a different
configuration gets its own module; either way every result equals the reference sampler bit for bit, and with
``SHARED_TEX`` off the function is compiled into each kernel (no shared module) with the same results.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import CLAMP, MIRROR, RGBA8, WRAP, SamplerDesc, make_storage, srv

from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific

F32 = np.float32
SRV_2D = 4
T = "(texture2d)(float,float,float,float)"
HEAD = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
        "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_temps 2\n")
# two different programs with the same sample instruction (same variant)
PS_A = HEAD + f"sample_indexable{T} r0.xyzw, v0.xyxx, t0.xyzw, s0\nmul o0.xyzw, r0.xyzw, l(2.0, 2.0, 2.0, 2.0)\nret\n"
PS_B = HEAD + (f"add r1.xy, v0.xyxx, l(0.125, -0.25, 0, 0)\nsample_indexable{T} r0.xyzw, r1.xyxx, t0.xyzw, s0\n"
               "add o0.xyzw, r0.wzyx, l(1.0, 0.5, 0.25, 0.0)\nret\n")


@pytest.fixture
def fresh(monkeypatch):
    # an earlier test's queued O2 rebuilds finish first: they would build target machines and register
    # symbols on the background thread while this test patches and counts them
    runtime.wait_upgrades()
    monkeypatch.setattr(runtime, "STRICT", True)
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(runtime, "_SHARED", {})


def _bindings(filt: int, mode: int) -> Bindings:
    rng = np.random.default_rng(filt + mode)
    levels = [np.clip(rng.random((s, s, 4)), 0, 1).astype(F32) for s in (16, 8, 4, 2, 1)]
    b = Bindings()
    b.srvs[0] = srv(make_storage(3, RGBA8, [levels], 4), RGBA8, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=filt, AddressU=mode, AddressV=mode)
    return b


def _check(text: str, b: Bindings) -> None:
    prog = assemble_program(text)
    rng = np.random.default_rng(len(text))
    n = 256
    regs = np.zeros((1, n, 4), F32)
    regs[0, :, :2] = rng.uniform(-1, 2, (n, 2))
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == 1, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))


def test_one_module_for_two_shaders_of_one_configuration(fresh):
    b = _bindings(0x15, WRAP)
    built, hits = runtime.stats.shared_built, runtime.stats.shared_hits
    _check(PS_A, b)
    assert runtime.stats.shared_built - built == 1
    _check(PS_B, b)
    assert runtime.stats.shared_built - built == 1  # the second kernel calls the first one's module
    assert runtime.stats.shared_hits - hits >= 1
    assert len(runtime._SHARED) == 1
    (name,) = runtime._SHARED
    assert all("declare" in k.ir_text and name in k.ir_text for k in runtime._KERNELS.values())
    assert all("define internal" not in k.ir_text for k in runtime._KERNELS.values())


@pytest.mark.parametrize("filt,mode", [(0x00, WRAP), (0x15, CLAMP), (0x14, MIRROR)])
def test_each_configuration_its_own_module(fresh, filt, mode):
    _check(PS_A, _bindings(0x15, WRAP))
    _check(PS_A, _bindings(filt, mode))
    assert len(runtime._SHARED) == (1 if (filt, mode) == (0x15, WRAP) else 2)


def test_shared_off_compiles_into_each_kernel(fresh, monkeypatch):
    monkeypatch.setattr(runtime, "SHARED_TEX", False)
    b = _bindings(0x15, WRAP)
    _check(PS_A, b)
    _check(PS_B, b)
    assert runtime._SHARED == {}
    assert all("define internal" in k.ir_text for k in runtime._KERNELS.values())


def test_quick_build_samples_narrow_and_its_o2_rebuild_wide(fresh, monkeypatch, tmp_path):
    """TIER ``auto``: a kernel's quick first build calls a QUICK_TEX_WIDTH-lane shared sampling function (cheap to
    compile); its O2 rebuild is compiled from ``upgrade_text`` — the kernel at TEX_WIDTH with the sampling
    function inside — and stored in the disk cache under the quick build's text, so the next process starts on
    it. The results equal the reference's before and after the rebuild."""
    prog = assemble_program(PS_A)
    b = _bindings(0x15, WRAP)
    lw = runtime.lowered(prog)
    plan = runtime.texture_plan(lw, b, TextureSampler())
    tile = runtime._graphics_tile(lw, 256, plan)
    if runtime.vector_width(lw, tile) <= runtime.QUICK_TEX_WIDTH or runtime.TEX_WIDTH <= runtime.QUICK_TEX_WIDTH:
        pytest.skip("kernels are not wider than the quick texture width on this host")
    monkeypatch.setattr(runtime, "TIER", "auto")
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "1")
    monkeypatch.setenv("PYD3D11_CACHE_DIR", str(tmp_path))
    k = runtime.get_kernel(prog, tile, plan, quick=True)
    m = k.module
    assert not m.full and m.upgrade_text is not None
    assert "declare" in k.ir_text and "define internal" not in k.ir_text  # calls the shared function
    assert "define internal" in m.upgrade_text and "pyd3d11_tex_" not in m.upgrade_text
    _check(PS_A, b)  # the quick build (the same cache key as run_program's)
    # the quick shared sampling function's own O2 rebuild runs in the background (session 11): let it finish
    # first, so only this upgrade's compile is counted
    runtime.wait_upgrades()
    compiled: list[str] = []
    real = runtime._optimise
    monkeypatch.setattr(runtime, "_optimise", lambda llvm, mod, tm=None: (compiled.append(str(mod)), real(llvm, mod, tm)))
    before = dict(m.addrs)
    runtime.upgrade(m)
    assert m.full and m.upgrade_text is None and m.addrs != before
    assert len(compiled) == 1 and "define internal" in compiled[0]  # the wide text was compiled
    _check(PS_A, b)  # the rebuild
    assert runtime._disk_path(k.ir_text).exists()
    monkeypatch.setattr(runtime, "_KERNELS", {})
    again = runtime.get_kernel(prog, tile, plan, quick=True)
    assert again.module.from_disk and again.module.full
    _check(PS_A, b)


def _probe(value: int) -> tuple[str, str]:
    """A minimal shared module (text, name): one function returning ``value``, named by its text like the
    sampler's."""
    import hashlib

    body = f"define i32 @F() {{\n  ret i32 {value}\n}}\n"
    name = "pyd3d11_tex_" + hashlib.sha256(body.encode()).hexdigest()[:24]
    return body.replace("@F(", f"@{name}("), name


def _call_symbol(name: str) -> int:
    import ctypes

    import llvmlite.binding as llvm

    return ctypes.CFUNCTYPE(ctypes.c_int32)(llvm.address_of_symbol(name))()


def test_quick_caller_gets_a_quick_build_rebuilt_at_o2_in_the_background(fresh, monkeypatch):
    """A quick first build's sampling function is built quickly too, its O2 rebuild queued at once; when it is
    swapped in, the process symbol now names the O2 code (kernels linked later call it)."""
    monkeypatch.setattr(runtime, "TIER", "auto")
    text, name = _probe(41)
    built: list[bool] = []
    real = runtime.build_module
    monkeypatch.setattr(runtime, "build_module",
                        lambda *a, **kw: (lambda m: (built.append(m.full), m)[1])(real(*a, **kw)))
    runtime.shared_function(text, name, quick=True)
    assert built == [False]  # the quick build
    m = runtime._SHARED[name]
    runtime.wait_upgrades()
    assert m.full and m.retired
    import llvmlite.binding as llvm

    assert llvm.address_of_symbol(name) == m.addr(name)  # re-registered: the O2 build
    assert _call_symbol(name) == 41
    runtime.shared_function(text, name, quick=False)  # an O2 caller now finds it
    assert built == [False] and runtime._SHARED[name] is m


def test_o2_caller_rebuilds_a_quick_only_function(fresh, monkeypatch):
    """A caller that is not quick (an O2 kernel linking the function for good) never links the quick build:
    it is rebuilt at O2 now and the symbol re-registered; a quick caller takes whichever exists."""
    monkeypatch.setattr(runtime, "TIER", "auto")
    text, name = _probe(42)
    llvm = runtime._init_llvm()
    quick = runtime.build_module(llvm, text, (name,), counted=True)  # a quick build not (yet) rebuilt
    assert not quick.full
    runtime._SHARED_ALL.append(quick)
    runtime._SHARED[name] = quick
    llvm.add_symbol(name, quick.addr(name))
    runtime.shared_function(text, name, quick=True)
    assert runtime._SHARED[name] is quick
    runtime.shared_function(text, name, quick=False)
    m = runtime._SHARED[name]
    assert m is not quick and m.full
    assert llvm.address_of_symbol(name) == m.addr(name)
    assert _call_symbol(name) == 42


@pytest.mark.parametrize("counted,tier,level", [(True, "auto", "quick"), (False, "auto", 3), (True, "full", 3),
                                                (True, "quick", "quick")])
def test_quick_builds_take_the_quick_code_generation_level(fresh, monkeypatch, counted, tier, level):
    """Quick builds (TIER) generate machine code at QUICK_CODEGEN, O2 builds at level 3."""
    monkeypatch.setattr(runtime, "TIER", tier)
    monkeypatch.setattr(runtime, "QUICK_CODEGEN", 1)
    llvm = runtime._init_llvm()  # (its first call builds the optimiser's target machine: not a module build)
    levels: list[int] = []
    real = runtime._target_machine
    monkeypatch.setattr(runtime, "_target_machine", lambda llvm, opt=3: (levels.append(opt), real(llvm, opt))[1])
    text, name = _probe(43)
    runtime.build_module(llvm, text, (name,), counted=counted)
    assert levels == [1 if level == "quick" else 3]


def test_a_quick_kernel_and_its_quick_sampling_function_equal_the_reference(fresh, monkeypatch):
    """The fused lane's path (get_kernel quick=True, TIER auto): the kernel and its sampling function are quick
    builds; results equal the reference before and after both O2 rebuilds."""
    monkeypatch.setattr(runtime, "TIER", "auto")
    prog = assemble_program(PS_A)
    b = _bindings(0x15, CLAMP)
    lw = runtime.lowered(prog)
    plan = runtime.texture_plan(lw, b, TextureSampler())
    tile = runtime._graphics_tile(lw, 256, plan)
    k = runtime.get_kernel(prog, tile, plan, quick=True)
    assert not k.module.full and len(runtime._SHARED) == 1
    _check(PS_A, b)
    k.module.note_use(runtime.TIER_UP_LANES)
    runtime.wait_upgrades()
    assert k.module.full and all(m.full for m in runtime._SHARED.values())
    _check(PS_A, b)
