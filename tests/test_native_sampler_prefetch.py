"""Prefetch hints of the native sampler's row-pair footprints (pipeline/native/sampler_prefetch.py, Session 24
helper S3, issue 12).

Definition: a pixel shader's 2D bilinear footprint read from the row-pair copy (SampleEmitter._fetch_quads) also
issues ``llvm.prefetch`` for the footprint ROWS_AHEAD pixel rows below the QUAD_LANES of each quad; the hints
change no value (LLVM LangRef: "Prefetches have no effect on the behavior of the program"), so every result is
the reference sampler's bit for bit with and without them. Only quad programs carry them (lanes that are not
quads have no BL - TL derivative) and ``PYD3D11_NATIVE_TEX_PREFETCH=0`` (sampler_prefetch.TEX_PREFETCH) turns them off.
Tests: the hints in the sampling function's IR exactly where the definition puts them; differentials against the
reference with them on at 16 / 32 / 64 lanes, including quads whose BL lane is NaN or far away (the prefetch
position from a NaN derivative: a frozen index); the same with them off.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_native_sampler_row_pairs import R8G8B8A8_UNORM, SRV_2D, _anchors, _run, _storage
from test_sampler_helpers import CLAMP, MIRROR, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_prefetch  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

F32 = np.float32


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    """Strict native runs, new kernels and sampling functions (their text is what the IR tests read)."""
    monkeypatch.setattr(runtime, "STRICT", True)
    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(runtime, "_SHARED", {})


def _sampling_texts() -> list[str]:
    return [m.text for name, m in runtime._SHARED.items() if name.startswith("pyd3d11_tex_")]


@pytest.mark.parametrize("on", [True, False])
def test_hints_in_pixel_sampling_function(monkeypatch, on):
    monkeypatch.setattr(sampler_prefetch, "TEX_PREFETCH", on)
    ref, nat = _run((64, 64), 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP), seed=3)
    np.testing.assert_array_equal(nat, ref)
    texts = _sampling_texts()
    assert texts
    # at the default 32-lane pixel width: 8 quads x 2 lanes per footprint read from the row pairs
    assert all(("call void @llvm.prefetch.p0(" in t) == on for t in texts)


VS = """vs_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input v0.xyzw
dcl_output o0.xyzw
sample_l_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v0.w
ret
"""


def test_no_hints_without_quads():
    """Lanes that are not quads (the hook's ``quad_derivatives=False``, as compute dispatches sample): their
    row-pair footprints carry no hints (and match the reference)."""
    st = _storage(3, R8G8B8A8_UNORM, (32, 32, 1), 1, 5)
    b = Bindings()
    b.srvs[0] = srv(st, R8G8B8A8_UNORM, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP)
    assert texture_cache.texture_data(b.srvs[0]).row_pairs() is not None
    prog = assemble_program(VS)
    rng = np.random.default_rng(5)
    n = 64
    regs = np.zeros((1, n, 4), F32)
    regs[0, :, :2] = (np.arange(n)[:, None] % 30 + 0.5 + rng.uniform(0, 0.9, (n, 2))) / 32
    regs[0, :, 3] = rng.uniform(0, 3, n)
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler(quad_derivatives=False))
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler(quad_derivatives=False))
    assert runtime.stats.texture_native - before == 1, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))
    texts = _sampling_texts()
    assert texts and not any("@llvm.prefetch" in t for t in texts)


@pytest.mark.parametrize("width", ["16", "32", "64"])
@pytest.mark.parametrize("mode", [WRAP, CLAMP, MIRROR])
def test_matches_reference_with_hints(monkeypatch, width, mode):
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    ref, nat = _run((64, 64), 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=mode, AddressV=mode),
                    seed=int(width) + mode)
    np.testing.assert_array_equal(nat, ref)


def _wild_bl(monkeypatch, value: float) -> None:
    """The anchored inputs with every other quad's BL lane moved to ``value`` (NaN: the snap's 0, a footprint
    of neighbours; a huge coordinate: a clamped or wrapped one) — the hint's position from a wild derivative."""
    import test_native_sampler_row_pairs as rp

    orig = rp._anchored

    def anchored(*a, **k):
        v = orig(*a, **k)
        q = v[0].reshape(-1, 4, 4)
        q[::2, 2, 1] = F32(value)
        q[1::4, 2, 0] = F32(value)
        return v
    monkeypatch.setattr(rp, "_anchored", anchored)


@pytest.mark.parametrize("value", [float("nan"), 3e38, -1e9, float("inf")])
@pytest.mark.parametrize("mode", [WRAP, CLAMP])
def test_wild_derivatives_match_reference(monkeypatch, value, mode):
    _wild_bl(monkeypatch, value)
    ref, nat = _run((64, 64), 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=mode, AddressV=mode), seed=9)
    np.testing.assert_array_equal(nat, ref)


def test_hints_off_matches_reference(monkeypatch):
    monkeypatch.setattr(sampler_prefetch, "TEX_PREFETCH", False)
    ref, nat = _run((64, 64), 1, R8G8B8A8_UNORM, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=CLAMP), seed=13)
    np.testing.assert_array_equal(nat, ref)


def test_anchors_cover_the_fast_path():
    """The differentials' anchors include interior footprints (where the row-pair path and its hints run)."""
    assert any(0 < x < 62 and 0 < y < 62 for x, y, _ in _anchors((64, 64), 7))


PS_GRID = """ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_input_ps linear v0.xy
dcl_output o0.xyzw
sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0
ret
"""


@pytest.mark.parametrize("width", ["16", "64"])
@pytest.mark.parametrize("scale,offset", [(1.25, (0.0, 0.0)), (1.75, (0.13, 0.29)), (3.5, (0.71, 0.05)),
                                          (0.6, (0.4, 0.9))])
def test_screen_grid_matches_reference(monkeypatch, width, scale, offset):
    """S3's sampling on a 64 x 64 pixel grid in quads (row-major quads; TL, TR, BL, BR), trilinear WRAP over a
    64^2 chain: quads a texel or more apart, so the hints' positions move by whole rows (the anchored cases'
    quads are a hundredth of a texel apart)."""
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    st = _storage(3, R8G8B8A8_UNORM, (64, 64, 1), 1, 17)
    b = Bindings()
    b.srvs[0] = srv(st, R8G8B8A8_UNORM, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP)
    G = 64
    qy, qx, k = np.meshgrid(np.arange(G // 2), np.arange(G // 2), np.arange(4), indexing="ij")
    px, py = 2 * qx + (k & 1), 2 * qy + (k >> 1)
    regs = np.zeros((1, G * G, 4), F32)
    regs[0, :, 0] = (((px.ravel() + 0.5) / G) * scale + offset[0]).astype(F32)
    regs[0, :, 1] = (((py.ravel() + 0.5) / G) * scale + offset[1]).astype(F32)
    prog = assemble_program(PS_GRID)
    ref = reference.run_program(prog, G * G, inputs=regs, bindings=b, hooks=TextureSampler())
    nat = runtime.run_program(prog, G * G, inputs=regs, bindings=b, hooks=TextureSampler())
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))
