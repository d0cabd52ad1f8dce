"""Native sampling from 8-bit UNORM texels read in their stored form (TexData.unorm8, SampleEmitter._unorm8).

Formats whose every present channel is an 8-bit UNORM are handed to the kernel as one uint32 of codes per
texel (4 bytes instead of 16) and decoded in the kernel. The decode must equal the reference's: D3D11.3
§3.2.3.5 (UNORM -> float is ``c / (2^n - 1)`` as a float32 division, codecs.decode), with the missing
components' defaults (0, 0, 0, 1). Tests:

* the in-kernel formula, c * HI + c * LO in float32 (1/255 split in two), equals numpy's float32 division for
  all 256 codes (exhaustive), and the plain float32 multiply by 1/255 does not (so the choice matters);
* which formats take the packed path (table) and the codes recovered from the decoded texels;
* differential runs, native against the reference bit for bit, for every such format over 1D / 1D array /
  2D / 2D array / 3D / cube / cube array views, every point/linear filter, anisotropic, min/max reduction,
  comparison, every address mode, border colours, mip chains, view mip and slice ranges;
* mutations of the decode (float32 reciprocal multiply, channels swapped)
  must fail the differential.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import BORDER, CLAMP, FLT_MAX, MIRROR, MIRROR_ONCE, WRAP, SamplerDesc, srv

from pyd3d11.formats.codecs import decode
from pyd3d11.pipeline import texture_cache
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
# DXGI_FORMAT values (dxgiformat.h) and bytes per element
R8G8B8A8_UNORM, R8G8B8A8_UNORM_SRGB, R8G8_UNORM, R8_UNORM, A8_UNORM = 28, 29, 49, 61, 65
B8G8R8A8_UNORM, B8G8R8X8_UNORM, R16_UNORM, R8_SNORM, R32G32B32A32_FLOAT = 87, 88, 56, 63, 2
R10G10B10A2_UNORM, B5G6R5_UNORM, R16G16B16A16_UNORM = 24, 85, 11
PACKED = {R8G8B8A8_UNORM: 4, B8G8R8A8_UNORM: 4, B8G8R8X8_UNORM: 4, R8G8_UNORM: 2, R8_UNORM: 1, A8_UNORM: 1}
NOT_PACKED = {R8G8B8A8_UNORM_SRGB: 4, R16_UNORM: 2, R8_SNORM: 1, R32G32B32A32_FLOAT: 16, R10G10B10A2_UNORM: 4,
              B5G6R5_UNORM: 2, R16G16B16A16_UNORM: 8}
MODES = [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE]
SRV_1D, SRV_1DARRAY, SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE, SRV_CUBEARRAY = 2, 3, 4, 5, 8, 9, 10
SPECIAL = np.array([np.nan, np.inf, -np.inf, 1e30, -0.0, 0.0, 1e-40, 1.0, -1.0, 0.5, 0.99999994], F32)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


# ---- the decode formula ------------------------------------------------------------------------------

def test_split_product_equals_float32_quotient_for_every_code():
    from pyd3d11.pipeline.native.sampler_gen import UNORM8_HI, UNORM8_LO

    c = np.arange(256).astype(F32)
    quotient = c / F32(255)  # IEEE float32 division, correctly rounded (§3.2.3.5)
    assert float(UNORM8_HI) + float(UNORM8_LO) == pytest.approx(1 / 255, rel=1e-12)
    hi = c * UNORM8_HI
    assert np.array_equal(hi.astype(np.float64), c.astype(np.float64) * float(UNORM8_HI))  # exact products
    assert np.array_equal((hi + c * UNORM8_LO).view(np.uint32), quotient.view(np.uint32))
    # the float32 reciprocal multiply is not exact: the kernel must not use it
    assert not np.array_equal((c * (F32(1) / F32(255))).view(np.uint32), quotient.view(np.uint32))


def _round_f32(x) -> np.float32:
    """The float32 nearest the exact rational ``x`` (ties to even)."""
    from fractions import Fraction

    f = F32(float(x))
    cands = [np.nextafter(f, F32(-np.inf)), f, np.nextafter(f, F32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - x), int(np.asarray(v).view(np.uint32)) & 1))


def test_fused_split_product_equals_float32_quotient_for_every_code():
    """The kernel's decode, fma(c, HI, c * LO): c * HI exact, plus the float32-rounded c * LO, rounded once
    (IEEE fusedMultiplyAdd), computed here in exact rational arithmetic, is c / 255 correctly rounded for
    all 256 codes; a fused form with the plain float32 1/255 as the high part is not."""
    from fractions import Fraction

    from pyd3d11.pipeline.native.sampler_gen import UNORM8_HI, UNORM8_LO

    def fused(c: int, hi, lo) -> np.float32:
        return _round_f32(Fraction(c) * Fraction(float(hi)) + Fraction(float(F32(c) * lo)))

    quotient = [F32(c) / F32(255) for c in range(256)]
    assert all(fused(c, UNORM8_HI, UNORM8_LO) == quotient[c] for c in range(256))
    inv = F32(1) / F32(255)
    assert not all(fused(c, inv, F32(0)) == quotient[c] for c in range(256))


# ---- which formats are packed ----------------------------------------------------------------------------

def _storage(sdim: int, fmt: int, size: tuple, layers: int, rng, mips: int | None = None) -> ResourceStorage:
    w, h, d = size
    if mips is None:
        mips = max(w, h, d).bit_length()
    bpe = {**PACKED, **NOT_PACKED}[fmt]
    st = ResourceStorage.create(sdim, fmt, w, h, d, mips, layers, 1, bpe, 1)
    for s in range(layers):
        for m in range(mips):
            sub = st.subresource_index(m, s)
            L = st.layout(sub)
            raw = rng.integers(0, 256, L.depth_pitch * L.depth, dtype=np.uint8)
            st.subresource_bytes(sub)[:] = raw  # every byte pattern, so every code appears
    st.touch()
    return st


@pytest.mark.parametrize("fmt", sorted(PACKED))
def test_packed_formats_give_their_codes(fmt):
    rng = np.random.default_rng(fmt)
    st = _storage(3, fmt, (9, 7, 1), 2, rng)
    tex = texture_cache.texture_data(srv(st, fmt, SRV_2DARRAY))
    codes = tex.unorm8()
    assert codes is not None and codes.dtype == np.uint32 and codes.shape == (tex.data.shape[1],)
    b = codes.view(np.uint8).reshape(-1, 4)
    # byte c is component c; decoding the codes as R8G8B8A8_UNORM gives the reference's texels
    assert np.array_equal(decode(R8G8B8A8_UNORM, b).view(np.uint32), tex.data.T.view(np.uint32))
    # the format's stored bytes come back in component order
    raw0 = st.subresource_bytes(st.subresource_index(0, 0)).reshape(7, 9, PACKED[fmt])
    order = {R8G8B8A8_UNORM: (0, 1, 2, 3), B8G8R8A8_UNORM: (2, 1, 0, 3), B8G8R8X8_UNORM: (2, 1, 0),
             R8G8_UNORM: (0, 1), R8_UNORM: (0,), A8_UNORM: (3,)}[fmt]
    for byte, comp in enumerate(order):
        assert np.array_equal(b[:63, comp], raw0[..., byte].reshape(-1))


@pytest.mark.parametrize("fmt", sorted(NOT_PACKED))
def test_other_formats_keep_the_float_path(fmt):
    st = _storage(3, fmt, (4, 4, 1), 1, np.random.default_rng(1))
    assert texture_cache.texture_data(srv(st, fmt, SRV_2D)).unorm8() is None


# ---- differential: native against the reference ------------------------------------------------------

KINDS = {  # name: (storage dim, srv dim, size, layers, shader dim, coordinate swizzle, gradient swizzle)
    "1d": (2, SRV_1D, (13, 1, 1), 1, "texture1d", "xxxx", "xxxx"),
    "1darray": (2, SRV_1DARRAY, (16, 1, 1), 3, "texture1darray", "xyxx", "xxxx"),
    "2d": (3, SRV_2D, (16, 16, 1), 1, "texture2d", "xyxx", "xyxx"),
    "2dodd": (3, SRV_2D, (13, 7, 1), 1, "texture2d", "xyxx", "xyxx"),
    "2darray": (3, SRV_2DARRAY, (8, 4, 1), 4, "texture2darray", "xyzx", "xyxx"),
    "3d": (4, SRV_3D, (8, 5, 6), 1, "texture3d", "xyzx", "xyzx"),
    "cube": (3, SRV_CUBE, (8, 8, 1), 6, "texturecube", "xyzx", "xyzx"),
    "cubearray": (3, SRV_CUBEARRAY, (4, 4, 1), 12, "texturecubearray", "xyzw", "xyzx"),
}


def _shader(dim: str, coords: str, deriv: str) -> str:
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            f"sample_indexable{t} o0.xyzw, v0.{coords}, t0.xyzw, s0\n"
            f"sample_l_indexable{t} o1.xyzw, v0.{coords}, t0.wzyx, s0, v1.w\n"
            f"sample_b_indexable{t} o2.xyzw, v0.{coords}, t0.yxwz, s0, v2.w\n"
            f"sample_d_indexable{t} o3.xyzw, v0.{coords}, t0.xyzw, s0, v1.{deriv}, v2.{deriv}\nret\n")


def _inputs(n: int, rng, cube: bool) -> np.ndarray:
    q = n // 4
    c = rng.uniform(-1.5, 2.5, (q, 4)).astype(F32)
    if cube:
        c[:, :3] = rng.normal(size=(q, 3)).astype(F32)
    dx = (rng.normal(size=(q, 4)) * F32(2.0) ** rng.uniform(-8, 0, (q, 1))).astype(F32)
    dy = (rng.normal(size=(q, 4)) * F32(2.0) ** rng.uniform(-8, 0, (q, 1))).astype(F32)
    v = np.zeros((3, n, 4), F32)
    v[0] = np.stack([c, c + dx, c + dy, c + dx + dy], 1).reshape(n, 4)
    v[0, :, 3] = rng.uniform(-1.5, 4.5, n)  # array slice
    v[1] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 1, (n, 1))).astype(F32)
    v[2] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 1, (n, 1))).astype(F32)
    v[1, :, 3] = rng.uniform(-2, 6, n)  # explicit LOD
    v[2, :, 3] = rng.uniform(-3, 3, n)  # bias
    # texel centres / edges and special values
    k = n // 5
    v[0, :k, :2] = (rng.integers(-8, 24, (k, 2)) + rng.choice([0.0, 0.5], (k, 2))) / F32(8)
    m = rng.random((n, 4)) < 0.04
    v[0][m] = rng.choice(SPECIAL, size=int(m.sum()))
    return v


def _run(text: str, b: Bindings, regs: np.ndarray, expect_native: int = 4):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    return np.asarray(ref.outputs), np.asarray(nat.outputs)


def _case(kind: str, fmt: int, desc: SamplerDesc, seed: int, first_mip: int = 0, first_slice: int = 0):
    sdim, vdim, size, layers, sh, coords, deriv = KINDS[kind]
    rng = np.random.default_rng(seed)
    st = _storage(sdim, fmt, size, layers, rng)
    slice_count = None
    if first_slice:  # a sub-range of the slices (one cube of a cube array)
        slice_count = 6 if kind == "cubearray" else layers - first_slice - 1
    view = srv(st, fmt, vdim, first_mip=first_mip, first_slice=first_slice, slice_count=slice_count)
    assert texture_cache.texture_data(view).unorm8() is not None  # the packed path applies
    b = Bindings()
    b.srvs[0] = view
    b.samplers[0] = desc
    return _run(_shader(sh, coords, deriv), b, _inputs(256, rng, kind.startswith("cube")))


FILTERS = [0x00, 0x01, 0x04, 0x05, 0x10, 0x11, 0x14, 0x15]
CASES = [(kind, fmt, f, i) for i, (kind, fmt, f) in enumerate(
    (kind, fmt, f) for kind in KINDS for fmt, f in zip(sorted(PACKED) * 2, FILTERS + [0x55, 0x15, 0x00, 0x14]))]


@pytest.mark.parametrize("kind,fmt,filt,seed", CASES, ids=[f"{k}-{fm}-{f:#x}" for k, fm, f, _ in CASES])
def test_filters_address_modes_formats(kind, fmt, filt, seed):
    """Every packed format on every view kind, each point/linear filter (and anisotropic), address modes
    rotated over u, v, w, bias / LOD clamps and border colours varied."""
    desc = SamplerDesc(Filter=filt, AddressU=MODES[seed % 5], AddressV=MODES[(seed + 2) % 5],
                       AddressW=MODES[(seed + 4) % 5], MaxAnisotropy=[2, 4, 16][seed % 3],
                       MipLODBias=[0.0, 0.6, -1.2][seed % 3], MinLOD=[-FLT_MAX, 0.5][seed % 2],
                       MaxLOD=[FLT_MAX, 2.5, 1.0][seed % 3],
                       BorderColor=[(0.3, -1.0, 2.0, 0.75), (1.0, 0.5, 0.0, np.nan)][seed % 2])
    ref, nat = _case(kind, fmt, desc, seed)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("kind", ["2d", "2darray", "3d", "cube"])
@pytest.mark.parametrize("reduction", [0x100, 0x180])  # MINIMUM_*, MAXIMUM_*
def test_min_max_reduction(kind, reduction):
    desc = SamplerDesc(Filter=reduction | 0x15, AddressU=WRAP, AddressV=MIRROR, AddressW=CLAMP)
    ref, nat = _case(kind, R8G8B8A8_UNORM, desc, reduction + len(kind))
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("kind,first_mip,first_slice", [("2d", 1, 0), ("2darray", 2, 1), ("1darray", 1, 1),
                                                        ("3d", 1, 0), ("cubearray", 1, 6)])
def test_view_mip_and_slice_ranges(kind, first_mip, first_slice):
    desc = SamplerDesc(Filter=0x15, AddressU=CLAMP, AddressV=WRAP, AddressW=MIRROR)
    ref, nat = _case(kind, B8G8R8A8_UNORM, desc, 40 + first_mip, first_mip, first_slice)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("fmt", [R8G8B8A8_UNORM, R8_UNORM])
@pytest.mark.parametrize("func", range(1, 9))
def test_comparison_sampling(fmt, func):
    """sample_c / sample_c_lz on packed texels (the red channel against the reference value)."""
    rng = np.random.default_rng(func)
    st = _storage(3, fmt, (8, 8, 1), 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x95, ComparisonFunc=func, AddressU=BORDER, AddressV=WRAP,
                                BorderColor=(0.5, 0, 0, 0))
    t = "(texture2d)(float,float,float,float)"
    text = ("ps_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"sample_c_indexable{t} o0.xyzw, v0.xyxx, t0.xxxx, s0, v1.x\n"
            f"sample_c_lz_indexable{t} o1.xyzw, v0.xyxx, t0.xxxx, s0, v1.x\nret\n")
    regs = _inputs(256, rng, False)
    regs[1, :, 0] = rng.integers(0, 256, 256) / F32(255)  # references equal to texel values (ties)
    regs[1, ::3, 0] = rng.uniform(-0.2, 1.2, 256)[::3]
    ref, nat = _run(text, b, regs, expect_native=2)
    np.testing.assert_array_equal(nat, ref)


def _interior(fmt: int, seed: int):
    """Bilinear / trilinear footprints well inside a 64x64 texture: the x taps of a row are neighbours in every
    lane, so the paired 8-byte loads (SampleEmitter._fetch_words' fast path) are taken."""
    rng = np.random.default_rng(seed)
    st = _storage(3, fmt, (64, 64, 1), 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=CLAMP, AddressV=WRAP)
    n = 512
    q = n // 4
    c = rng.uniform(0.1, 0.8, (q, 2)).astype(F32)
    d = rng.uniform(0.5, 2.5, (q, 1)).astype(F32) / F32(64)  # a footprint of about 1-2 texels: mips 0-1
    regs = np.zeros((3, n, 4), F32)
    regs[0, :, :2] = np.stack([c, c + d * [1, 0], c + d * [0, 1], c + d], 1).reshape(n, 2)
    regs[1, :, :2] = d.repeat(4, 0) * F32(0.7)
    regs[2, :, :2] = d.repeat(4, 0) * F32(1.3)
    regs[1, :, 3] = rng.uniform(0, 2, n)
    regs[2, :, 3] = rng.uniform(-1, 1, n)
    return _run(_shader("texture2d", "xyxx", "xyxx"), b, regs)


@pytest.mark.parametrize("fmt", sorted(PACKED))
def test_neighbouring_taps_paired_loads(fmt):
    ref, nat = _interior(fmt, fmt)
    np.testing.assert_array_equal(nat, ref)


# ---- mutations: the decode changed must be caught ----------------------------------------------------

def _mutated_differs(monkeypatch, patch, kind="2d", fmt=R8G8B8A8_UNORM) -> bool:
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(sampler_gen, "UNORM8_SCALED", False)  # these mutate the fma decode (_unorm8)
    patch(monkeypatch, sampler_gen)
    ref, nat = _case(kind, fmt, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP, AddressW=WRAP), 7)
    return not np.array_equal(ref, nat)


def _f32_reciprocal(mp, sg):
    def dec(g, word, ch):
        b = g.v(f"lshr {g.VI} {word}, {sg._is(8 * ch)}") if ch else word
        b = g.v(f"and {g.VI} {b}, {sg._is(255)}")
        f = g.v(f"uitofp {g.VI} {b} to {g.VF}")
        return g.v(f"fmul {g.VF} {f}, {sg._fs(float(F32(1) / F32(255)))}")
    mp.setattr(sg.SampleEmitter, "_unorm8", staticmethod(dec))


def test_mutation_float32_reciprocal_fails(monkeypatch):
    assert _mutated_differs(monkeypatch, _f32_reciprocal)


@pytest.mark.parametrize("kind", ["2d", "cube"])
def test_mutation_channels_swapped_fails(monkeypatch, kind):
    def patch(mp, sg):
        orig = sg.SampleEmitter._unorm8
        mp.setattr(sg.SampleEmitter, "_unorm8", staticmethod(lambda g, w, ch: orig(g, w, ch ^ 1)))
    assert _mutated_differs(monkeypatch, patch, kind)



def test_mutation_paired_load_halves_swapped_fails(monkeypatch):
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(sampler_gen, "ROW_PAIRS", False)  # the row loads (2D footprints: else _fetch_quads)
    orig = sampler_gen.SampleEmitter._split_pair
    monkeypatch.setattr(sampler_gen.SampleEmitter, "_split_pair", staticmethod(lambda g, q: orig(g, q)[::-1]))
    ref, nat = _interior(R8G8B8A8_UNORM, 3)
    assert not np.array_equal(ref, nat)
