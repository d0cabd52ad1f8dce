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
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

native = pytest.importorskip("pyd3d11.shader.native")
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
