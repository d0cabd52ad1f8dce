"""Native texel address processing paths (sampler_gen.SampleEmitter.periodic_taps, snap) against the reference
sampler, bit for bit (D3D11.3 §7.18.9 address modes, §7.18.16.1 16.8 fixed point; sampler_address.py).

The emitter picks, per view, between two exact forms of WRAP (floor modulo) and MIRROR (mirror every period):
bit operations where every mip's sizes are powers of two (``SampleKey.pow2``: ``t & (n - 1)``, and the period
parity as bit log2(n) of the folded texel), else conditional adds for texels within a period of the texture
with the division for the rest, one check per axis for both bilinear taps. Tests:

* the ``pow2`` fact from the view's mip sizes (table);
* differential runs (reference numpy sampler vs native) for WRAP / MIRROR on power-of-two and other sizes,
  point and bilinear, float and packed UNORM8 texels, explicit LODs over every mip (1-texel mips included),
  immediate offsets -8 and 7 (texels far outside small mips: the division), huge and special coordinates;
* the 16.8 snap's fraction and floor on coordinates at and around texel edges, negative and huge.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_native_sampler_2d import _bindings, _texture
from test_sampler_helpers import CLAMP, MIRROR, RGBA8, RGBA32F, WRAP, SamplerDesc, srv

from pyd3d11.pipeline import texture_cache
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.pipeline.native import sampler_plan  # noqa: E402
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself

F32 = np.float32
SRV_2D = 4


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


class _Tex:
    """The mip sizes of a decoded view (texture_cache.TexData's fields the fact reads)."""

    def __init__(self, w, h, d, mips):
        self.w, self.h, self.d = (np.asarray(v, np.int64) for v in (w, h, d))
        self.mips = mips


@pytest.mark.parametrize("w,h,d,dims,want", [
    ([16, 8, 4, 2, 1], [8, 4, 2, 1, 1], [1] * 5, 2, True),
    ([13, 6, 3, 1], [7, 3, 1, 1], [1] * 4, 2, False),
    ([1, 1, 1, 1], [9, 4, 2, 1], [1] * 4, 2, False),
    ([1, 1, 1, 1], [9, 4, 2, 1], [1] * 4, 1, True),  # 1D: only the width counts
    ([32, 16], [4, 2], [6, 3], 2, True),  # depth not sampled in 2D
    ([32, 16], [4, 2], [6, 3], 3, False),
    ([64], [64], [64], 3, True),
    ([12, 6, 3, 1], [12, 6, 3, 1], [1] * 4, 2, False),
])
def test_pow2_fact_from_the_view_mips(w, h, d, dims, want):
    assert sampler_plan._pow2_mips(_Tex(w, h, d, len(w)), dims) is want


_SHADER = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
           "dcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
           "sample_l_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0, v0.w\n"
           "sample_l_aoffimmi_indexable(-8,7,0)(texture2d)(float,float,float,float) o1.xyzw, v0.xyxx, t0.xyzw, "
           "s0, v0.w\n"
           "sample_l_aoffimmi_indexable(7,-8,0)(texture2d)(float,float,float,float) o2.xyzw, v0.xyxx, t0.xyzw, "
           "s0, v0.w\nret\n")


def _coords(n: int, rng, size) -> np.ndarray:
    """(1, n, 4): u, v, -, lod. Texel edges and centres of every mip, ±a few periods out, huge, specials."""
    w, h = size
    v = np.zeros((1, n, 4), F32)
    k = n // 2
    mip = rng.integers(0, 6, k)
    for ax, s in ((0, w), (1, h)):
        sm = np.maximum(1, s >> mip)
        t = rng.integers(-3 * sm - 9, 3 * sm + 9)
        v[0, :k, ax] = ((t + rng.choice([0.0, 0.5, 1 / 256, -1 / 512, 255 / 256], k)) / sm).astype(F32)
        v[0, k:, ax] = rng.uniform(-40, 40, n - k) * (10.0 ** rng.integers(0, 4, n - k))
    v[0, :, 3] = rng.uniform(-1, 7, n).astype(F32)
    v[0, :k, 3] = mip.astype(F32)
    m = rng.random((n, 2)) < 0.05
    v[0, :, :2][m] = rng.choice(np.array([np.nan, np.inf, -np.inf, -0.0, 1e-40, 3e38, -3e38], F32), int(m.sum()))
    return v


def _run(fmt, size, filt, mode_u, mode_v, seed):
    rng = np.random.default_rng(seed)
    st = _texture(fmt, size[0], size[1], 1, rng, specials=fmt == RGBA32F)
    view = srv(st, fmt, SRV_2D)
    b = _bindings(view, SamplerDesc(Filter=filt, AddressU=mode_u, AddressV=mode_v))
    prog = assemble_program(_SHADER)
    regs = _coords(1024, rng, size)
    ref = reference.run_program(prog, 1024, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, 1024, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == 3, runtime.stats.texture_reasons
    return view, np.asarray(ref.outputs), np.asarray(nat.outputs)


SIZES = [(16, 8), (32, 32), (1, 4), (12, 6), (7, 5), (3, 16)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("filt", [0x00, 0x15, 0x14])
@pytest.mark.parametrize("modes", [(WRAP, WRAP), (MIRROR, MIRROR), (WRAP, MIRROR), (MIRROR, CLAMP)])
@pytest.mark.parametrize("fmt", [RGBA8, RGBA32F])
def test_periodic_modes_on_each_size_class(size, filt, modes, fmt):
    seed = size[0] * 1000 + size[1] * 100 + filt + 7 * modes[0] + 3 * modes[1] + fmt
    view, ref, nat = _run(fmt, size, filt, modes[0], modes[1], seed)
    tex = texture_cache.texture_data(view)
    pow2 = all(s & (s - 1) == 0 for s in size)
    assert sampler_plan._pow2_mips(tex, 2) is pow2  # both forms are exercised by this table
    np.testing.assert_array_equal(nat.view(np.uint32), ref.view(np.uint32))


@pytest.mark.parametrize("size", [(16, 8), (12, 6)])
def test_snap_at_texel_edges(size):
    """Coordinates a 1/512 texel either side of every 1/256 step over a few texels, point and bilinear: the
    fixed-point rounding (to nearest even) decides the texel and weight."""
    rng = np.random.default_rng(3)
    st = _texture(RGBA32F, size[0], size[1], 1, rng, specials=False)
    view = srv(st, RGBA32F, SRV_2D)
    prog = assemble_program(_SHADER)
    n = 2048
    steps = np.arange(n // 2) - n // 4
    u = np.concatenate([(steps + 0.5) / 256.0, (steps - 0.5) / 256.0]) / size[0]
    regs = np.zeros((1, n, 4), F32)
    regs[0, :, 0] = u.astype(F32)
    regs[0, :, 1] = (u[::-1] * size[0] / size[1]).astype(F32)
    for filt in (0x00, 0x15):
        b = _bindings(view, SamplerDesc(Filter=filt, AddressU=WRAP, AddressV=MIRROR))
        ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
        nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
        np.testing.assert_array_equal(np.asarray(nat.outputs).view(np.uint32),
                                      np.asarray(ref.outputs).view(np.uint32))
