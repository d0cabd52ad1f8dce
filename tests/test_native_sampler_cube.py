"""Native cube-map sampling (pipeline/native/sampler_gen_cube.CubeEmitter) against the reference sampler
(sampler_cube.py, sampler._level_cube), bit for bit.

Directions: random, axis-aligned, on face edges and corners (ties between major axes: Z > Y > X), near
edges (taps rolled onto the neighbouring face, the corner's missing tap), the zero vector, NaN / INF / huge
components. Cube maps and cube arrays (slice index rounding and clamping), every point/linear filter
combination, explicit LOD, bias and gradients, lod, comparison filtering; float textures with INF / NaN
texels (weighted sum clamped to the live taps, canonical NaN) and UNORM ones.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import RGBA8, RGBA32F, SamplerDesc, srv

from pyd3d11.formats.codecs import encode_region
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


F32 = np.float32
SRV_CUBE, SRV_CUBEARRAY = 9, 10
R16_UNORM, R32F = 56, 41
BPE = {RGBA32F: 16, RGBA8: 4, R16_UNORM: 2, R32F: 4}


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _cube(fmt: int, n: int, cubes: int, rng, specials: bool) -> ResourceStorage:
    mips = n.bit_length()
    st = ResourceStorage.create(3, fmt, n, n, 1, mips, 6 * cubes, 1, BPE[fmt], 1)
    for s in range(6 * cubes):
        for m in range(mips):
            sub = st.subresource_index(m, s)
            L = st.layout(sub)
            lv = rng.uniform(-0.2, 1.2, (1, L.height, L.width, 4)).astype(F32)
            if specials:
                flat = lv.reshape(-1)
                k = rng.integers(0, flat.size, max(1, flat.size // 10))
                flat[k] = rng.choice(np.array([np.inf, -np.inf, np.nan, 1e-41], F32), k.size)
            st.subresource_bytes(sub)[:] = encode_region(fmt, lv)
    st.touch()
    return st


def _directions(q: int, rng) -> np.ndarray:
    """(q, 3) quad-centre directions of every sort."""
    d = rng.normal(size=(q, 3)).astype(F32)
    k = q // 6
    axis = np.zeros((k, 3), F32)
    axis[np.arange(k), rng.integers(0, 3, k)] = rng.choice([-1.0, 1.0, 2.5], k)
    d[:k] = axis
    e = np.ones((k, 3), F32) * rng.choice([-1.0, 1.0], (k, 3)).astype(F32)  # corners / edges (ties)
    e[: k // 2, rng.integers(0, 3)] *= F32(0.97)
    d[k:2 * k] = e
    near = rng.normal(size=(k, 3)).astype(F32)
    i = np.argmax(np.abs(near), axis=1)
    near[np.arange(k), (i + 1) % 3] = near[np.arange(k), i] * F32(0.999)  # just inside a face edge
    d[2 * k:3 * k] = near
    return d


def _inputs(n: int, rng, special: bool = True) -> np.ndarray:
    q = n // 4
    c = _directions(q, rng)
    dx = (rng.normal(size=(q, 3)) * F32(2.0) ** rng.uniform(-9, -1, (q, 1))).astype(F32)
    dy = (rng.normal(size=(q, 3)) * F32(2.0) ** rng.uniform(-9, -1, (q, 1))).astype(F32)
    v = np.zeros((3, n, 4), F32)
    v[0, :, :3] = np.stack([c, c + dx, c + dy, c + dx + dy], 1).reshape(n, 3)
    v[0, :, 3] = rng.uniform(-1.5, 3.5, n)  # slice of a cube array / lod / bias / reference
    v[1] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 0, (n, 1))).astype(F32)
    v[2] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 0, (n, 1))).astype(F32)
    if special:
        m = rng.random((n, 4)) < 0.03
        v[0][m] = rng.choice(np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e30, 1e-40], F32), int(m.sum()))
        v[0, :8, :3] = 0.0  # the zero vector
    return v


def _diff(text: str, b: Bindings, regs: np.ndarray, expect_native: int):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))


def _shader(dim: str, arrayed: bool) -> str:
    t = f"({dim})(float,float,float,float)"
    c = "xyzw" if arrayed else "xyzx"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            "dcl_output o4.xyzw\n"
            f"sample_indexable{t} o0.xyzw, v0.{c}, t0.xyzw, s0\n"
            f"sample_l_indexable{t} o1.xyzw, v0.{c}, t0.xyzw, s0, v1.w\n"
            f"sample_b_indexable{t} o2.xyzw, v0.{c}, t0.wzyx, s0, v2.w\n"
            f"sample_d_indexable{t} o3.xyzw, v0.{c}, t0.xyzw, s0, v1.xyzx, v2.xyzx\n"
            f"lod o4.xyzw, v0.{c}, t0.xyzw, s0\nret\n")


CASES = [(f, fmt, arrayed, i) for i, (f, fmt, arrayed) in enumerate(
    [(f, fmt, arr) for f in (0x00, 0x01, 0x04, 0x10, 0x14, 0x15) for fmt, arr in ((RGBA32F, False), (RGBA8, True))])]


@pytest.mark.parametrize("filt,fmt,arrayed,seed", CASES)
def test_cube_filters(filt, fmt, arrayed, seed):
    rng = np.random.default_rng(seed)
    st = _cube(fmt, [8, 5][seed % 2], 2 if arrayed else 1, rng, specials=fmt == RGBA32F)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_CUBEARRAY if arrayed else SRV_CUBE)
    b.samplers[0] = SamplerDesc(Filter=filt, MipLODBias=[0.0, 0.8, -1.4][seed % 3],
                                MaxLOD=[3.4e38, 1.5][seed % 2], MinLOD=[-3.4e38, 0.25][(seed // 2) % 2])
    _diff(_shader("texturecubearray" if arrayed else "texturecube", arrayed), b, _inputs(512, rng), 5)


@pytest.mark.parametrize("fmt", [R32F, R16_UNORM])
@pytest.mark.parametrize("func", [2, 4, 5, 6])
def test_cube_comparison(fmt, func):
    rng = np.random.default_rng(fmt * 10 + func)
    st = _cube(fmt, 8, 1, rng, specials=fmt == R32F)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_CUBE)
    b.samplers[0] = SamplerDesc(Filter=0x95 if func % 2 else 0x80, ComparisonFunc=func)
    t = "(texturecube)(float,float,float,float)"
    text = ("ps_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_texturecube (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"sample_c_indexable{t} o0.xyzw, v0.xyzx, t0.xyzw, s0, v0.w\n"
            f"sample_c_lz_indexable{t} o1.xyzw, v0.xyzx, t0.xxxx, s0, v1.x\nret\n")
    regs = _inputs(256, rng)
    regs[0, :, 3] = rng.uniform(-0.2, 1.2, 256)
    _diff(text, b, regs, 2)


@pytest.mark.parametrize("mutation", ["corner", "seam"])
def test_mutations_fail(monkeypatch, mutation):
    """The corner rule (missing tap's weight shared) or the edge roll-over removed must be caught."""
    from pyd3d11.pipeline.native import sampler_gen_cube as sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    orig = sampler_gen.CubeEmitter.seam

    def seam(self, g, x, y, n, nf):
        f, xx, yy, ok = orig(self, g, x, y, n, nf)
        if mutation == "corner":
            return f, xx, yy, "splat (i1 true)"
        top = g.v(f"sub <8 x i32> {n}, splat (i32 1)")
        return self.face, self._imin(g, self._imax(g, x, "zeroinitializer"), top), \
            self._imin(g, self._imax(g, y, "zeroinitializer"), top), ok

    monkeypatch.setattr(sampler_gen.CubeEmitter, "seam", seam)
    rng = np.random.default_rng(77)
    st = _cube(RGBA32F, 4, 1, rng, specials=False)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, SRV_CUBE)
    b.samplers[0] = SamplerDesc(Filter=0x15)
    with pytest.raises(AssertionError, match="not equal"):
        _diff(_shader("texturecube", False), b, _inputs(512, rng), 5)


@pytest.mark.parametrize("arrayed", [False, True])
@pytest.mark.parametrize("sel", ["x", "w"])
def test_cube_gather(arrayed, sel):
    """gather4 / gather4_c on cube maps: taps rolled over face edges, a corner's missing tap is the average
    of the other three."""
    rng = np.random.default_rng(40 + arrayed * 2 + (sel == "w"))
    st = _cube(RGBA32F, 4, 2 if arrayed else 1, rng, specials=not arrayed)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, SRV_CUBEARRAY if arrayed else SRV_CUBE)
    b.samplers[0] = SamplerDesc(Filter=0x15, ComparisonFunc=[2, 7][arrayed])
    dim = "texturecubearray" if arrayed else "texturecube"
    t = f"({dim})(float,float,float,float)"
    c = "xyzw" if arrayed else "xyzx"
    text = (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"gather4_indexable{t} o0.xyzw, v0.{c}, t0.xyzw, s0.{sel}\n"
            f"gather4_c_indexable{t} o1.wzyx, v0.{c}, t0.xyzw, s0.x, v1.x\nret\n")
    _diff(text, b, _inputs(512, rng), 2)


@pytest.mark.parametrize("reduction", [0x100, 0x180])
@pytest.mark.parametrize("filt", [0x10, 0x15])
def test_cube_min_max(reduction, filt):
    """Minimum / maximum reduction on cube maps: live taps (weight > 0, corner weights shared) reduced in tap
    order by sampler.reduce_pick's rule."""
    rng = np.random.default_rng(reduction + filt)
    st = _cube(RGBA32F, 4, 1, rng, specials=True)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, SRV_CUBE)
    b.samplers[0] = SamplerDesc(Filter=reduction | filt)
    _diff(_shader("texturecube", False), b, _inputs(512, rng), 5)
