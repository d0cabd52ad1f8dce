"""A quick first build's lean sampling function (sampler_gen.SampleEmitter.lean, Session 24 helper S3, issue 12).

Definition: under TIER ``auto`` a kernel's quick first build (not a small one) calls a sampling function compiled
quickly, which runs only until the kernel's O2 rebuild; that function leaves out two shortcuts whose general form
computes the same words and values: (1) the row-pair fetch's fallback (a footprint that is not neighbours in every
lane) gathers its four taps instead of first trying the paired-row loads; (2) the linear mip filter runs the
two-level path in every step — where no lane weights the second level, its per-lane select keeps the first
level's result — instead of branching to a one-level path. ``PYD3D11_NATIVE_LEAN_QUICK_TEX=0`` keeps both.
Tests: the quick function's IR lacks exactly those paths and the O2 rebuild's has them; the quick build against
the reference bit for bit on steps that take each path (magnified and minified quads, interior and edge
footprints, CLAMP / WRAP / MIRROR), before and after the O2 rebuild.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_native_sampler_row_pairs import R8G8B8A8_UNORM, SRV_2D, _storage
from test_sampler_helpers import CLAMP, MIRROR, WRAP, SamplerDesc, srv

from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_gen  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific

F32 = np.float32
PS = """ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0
ret
"""
SIZE = 32


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    runtime.wait_upgrades()
    monkeypatch.setattr(runtime, "STRICT", True)
    monkeypatch.setattr(runtime, "TIER", "auto")
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(runtime, "_SHARED", {})


def _inputs(seed: int) -> np.ndarray:
    """Groups of four quads (a 16-lane step) of one kind each: magnified (a quad 1/64 texel across: LOD < 0, no
    lane weights a second level) or minified (2.6 texels per pixel), interior footprints or ones on the texture's
    edge (coordinates near 0 and 1: clamped, wrapped or mirrored taps, no row pair), and mixed steps."""
    rng = np.random.default_rng(seed)
    kinds = [(s, e) for s in (1 / 64, 2.6) for e in (False, True)] * 4 + [(None, None)] * 4
    quads = []
    for scale, edge in kinds:
        for _ in range(4):
            s, edge_q = (rng.choice([1 / 64, 0.7, 2.6, 5.0]), rng.random() < 0.5) if scale is None else (scale, edge)
            c = rng.choice([0.0, 1.0], 2) + rng.uniform(-0.5, 0.5, 2) / SIZE if edge_q else rng.uniform(0.2, 0.8, 2)
            d = s / SIZE
            quads.append([c, c + [d, 0], c + [0, d], c + [d, d]])
    v = np.zeros((1, len(quads) * 4, 4), F32)
    v[0, :, :2] = np.asarray(quads, F32).reshape(-1, 2)
    return v


def _kernel(mode: int, first_lanes: int | None = None):
    st = _storage(3, R8G8B8A8_UNORM, (SIZE, SIZE, 1), 1, mode + 3)
    b = Bindings()
    b.srvs[0] = srv(st, R8G8B8A8_UNORM, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=mode, AddressV=mode)
    prog = assemble_program(PS)
    lw = runtime.lowered(prog)
    plan = runtime.texture_plan(lw, b, TextureSampler())
    tile = runtime._graphics_tile(lw, 256, plan)
    if runtime.vector_width(lw, tile) <= runtime.QUICK_TEX_WIDTH or runtime.TEX_WIDTH <= runtime.QUICK_TEX_WIDTH:
        pytest.skip("kernels are not wider than the quick texture width on this host")
    k = runtime.get_kernel(prog, tile, plan, quick=True, first_lanes=first_lanes)
    return prog, b, k


def _same_as_reference(prog, b, regs) -> None:
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == 1, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))


def _labels(text: str, base: str) -> int:
    return len(re.findall(rf"^{base}\d+:", text, re.M))


def _quads(text: str) -> int:
    """Row-pair fetches (fqf: each one's fast path): one per mip level (two), or per register-wide group of lanes
    and level in a step wider than a register (SampleEmitter._fetch_quad_groups)."""
    n = _labels(text, "fqf")
    assert n >= 2 and n % 2 == 0
    return n


def _every_path(text: str) -> bool:
    """Each row-pair fetch has its fallback's paired-row loads and the one-level filter is there."""
    return _labels(text, "fwf") == _quads(text) and _labels(text, "smp1") == 1


@pytest.mark.parametrize("lean", [True, False])
def test_quick_function_leaves_out_the_shortcuts(monkeypatch, lean):
    monkeypatch.setattr(sampler_gen, "LEAN_QUICK", lean)
    prog, b, k = _kernel(WRAP)
    assert not k.module.full and k.module.upgrade_text is not None
    (fn,) = [m.text for m in runtime._SHARED.values()]
    # fwf: the paired-row loads of a row-pair fallback; smp1: the one-level filter
    assert (_labels(fn, "fwf"), _labels(fn, "smp1")) == ((0, 0) if lean else (_quads(fn), 1))
    assert _every_path(k.module.upgrade_text)
    _same_as_reference(prog, b, _inputs(1))


@pytest.mark.parametrize("mode", [WRAP, CLAMP, MIRROR])
def test_lean_quick_build_matches_reference(mode):
    prog, b, k = _kernel(mode)
    assert not k.module.full
    for seed in range(3):
        _same_as_reference(prog, b, _inputs(seed))
    runtime.upgrade(k.module)  # the O2 rebuild: every path again
    assert k.module.full
    _same_as_reference(prog, b, _inputs(7))


def test_small_first_build_keeps_every_path():
    """A small first build's (SMALL_FIRST_LANES) sampling keeps the O2 build's shortcuts: it is the O2 build's own
    text where one register is the full width, else that text one register wide (AVX2: 8 lanes, AVX-512: 16)."""
    prog, b, k = _kernel(CLAMP, first_lanes=256)
    assert (k.module.upgrade_text is None) == (k.layout.width <= runtime.register_lanes())
    (fn,) = [m.text for m in runtime._SHARED.values()]
    assert _every_path(fn)
    _same_as_reference(prog, b, _inputs(2))
