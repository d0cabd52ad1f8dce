"""Native texture sampling (pipeline/native/sampler_gen.py) against the reference sampler, bit for bit.

Differential: the same pixel shader runs on the reference executor (numpy sampler) and on the native backend
(texture instructions compiled into the kernel); every output bit must agree, and the native run must really
have compiled the texture instructions (``stats.texture_native``), not called back. Tables cover every
point/linear combination of the min/mag/mip filter × every pair of address modes × formats (float with
INF/NaN texels, unorm, snorm, half) × LOD bias / MinLOD / MaxLOD / view and resource min-LOD × border
colours, over coordinates with NaN, ±INF, huge, negative, -0, denormal, texel-centre and texel-edge values,
random quad derivatives, explicit LODs / biases / gradients with the same specials, 2D arrays with
out-of-range and NaN slice indices, immediate texel offsets and resource swizzles. A mutation of one
rule in the emitter (wrap computed as clamp, mirror as mirror_once, the 8.8 LOD rounding) must fail.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import (
    BORDER,
    CLAMP,
    FLT_MAX,
    MIRROR,
    MIRROR_ONCE,
    R8_SNORM,
    RGBA8,
    RGBA32F,
    WRAP,
    SamplerDesc,
    make_storage,
    srv,
)

from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


SRV_2D, SRV_2DARRAY = 4, 5
RGBA16F = 10
F32 = np.float32
MODES = [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE]
FILTERS = [0x00, 0x01, 0x04, 0x05, 0x10, 0x11, 0x14, 0x15]  # min/mag/mip point-linear combinations
SPECIAL = np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, -0.0, 0.0, 1e-40, -1e-40, 1.0, -1.0, 0.5, 2.0, -2.5,
                    3.999999, 1.0000001, 0.99999994], F32)


def _shader(kind: str) -> str:
    dim = "texture2darray" if kind == "array" else "texture2d"
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            "dcl_output o4.xyzw\ndcl_temps 2\n"
            f"sample_indexable{t} o0.xyzw, v0.xyzx, t0.xyzw, s0\n"
            f"sample_l_indexable{t} o1.xyzw, v0.xyzx, t0.xyzw, s0, v0.w\n"
            f"sample_b_indexable{t} o2.xyzw, v0.xyzx, t0.xyzw, s0, v0.w\n"
            f"sample_d_indexable{t} o3.xyzw, v0.xyzx, t0.xyzw, s0, v1.xyxx, v1.zwzz\n"
            f"sample_aoffimmi_indexable(-3,2,0){t} r0.xzw, v2.xyzx, t0.wzyx, s0\n"
            "mov o4.xyzw, r0.xyzw\nret\n")


def _texture(fmt: int, w: int, h: int, layers: int, rng, specials: bool):
    levels_per_slice = []
    for _ in range(layers):
        lv, s = [], (w, h)
        while True:
            a = rng.random((s[1], s[0], 4)).astype(F32) * F32(2.0) - F32(0.5)
            if fmt == RGBA8:
                a = np.clip(a, 0, 1)
            elif fmt == R8_SNORM:
                a = np.clip(a, -1, 1)
            if specials and fmt == RGBA32F:  # INF / NaN / denormal texels (the lerp's INF rule)
                flat = a.reshape(-1)
                k = rng.integers(0, flat.size, size=max(1, flat.size // 8))
                flat[k] = rng.choice(np.array([np.inf, -np.inf, np.nan, 1e-41, 3e38], F32), size=k.size)
            lv.append(a)
            if s == (1, 1):
                break
            s = (max(1, s[0] // 2), max(1, s[1] // 2))
        levels_per_slice.append(lv)
    bpe = {RGBA32F: 16, RGBA8: 4, R8_SNORM: 1, RGBA16F: 8}[fmt]
    return make_storage(3, fmt, levels_per_slice, bpe)


def _inputs(n: int, rng, size: tuple[int, int]) -> np.ndarray:
    """(3, n, 4) float32 inputs: v0 = (u, v, slice, lod/bias), v1 = gradients, v2 = coordinates of the
    offset sample. Quads (4 consecutive lanes) get coordinates with random screen steps."""
    q = n // 4
    w, h = size
    centre = rng.uniform(-2.5, 2.5, (q, 2)).astype(F32)
    # a fifth of the quads sit on texel centres / edges
    k = q // 5
    centre[:k, 0] = (rng.integers(-w, 2 * w, k) + rng.choice([0.0, 0.5], k)) / w
    centre[:k, 1] = (rng.integers(-h, 2 * h, k) + rng.choice([0.0, 0.5], k)) / h
    step = (F32(2.0) ** rng.uniform(-9, 2, (q, 2, 1)).astype(F32)) * rng.choice([-1, 1], (q, 2, 1)).astype(F32)
    dirs = rng.normal(size=(q, 2, 2)).astype(F32)
    dirs /= np.linalg.norm(dirs, axis=2, keepdims=True).astype(F32)
    d = (dirs * step).astype(F32)  # d[:, 0] screen-x step, d[:, 1] screen-y step
    uv = np.stack([centre, centre + d[:, 0], centre + d[:, 1], centre + d[:, 0] + d[:, 1]], 1).reshape(n, 2)
    v = np.zeros((3, n, 4), F32)
    v[0, :, :2] = uv
    v[0, :, 2] = rng.uniform(-1.5, 4.5, n)
    v[0, :, 3] = rng.uniform(-3, 8, n)
    v[1] = (rng.normal(size=(n, 4)) * (F32(2.0) ** rng.uniform(-10, 1, (n, 1)))).astype(F32)
    v[2, :, :2] = rng.uniform(-1.5, 2.5, (n, 2))
    v[2, :, 2] = rng.uniform(-1, 4, n)
    # special values in random lanes and components (whole quads keep their own derivatives)
    for plane in range(3):
        m = rng.random((n, 4)) < 0.06
        v[plane][m] = rng.choice(SPECIAL, size=int(m.sum()))
    return v


def _bindings(view, desc) -> Bindings:
    b = Bindings()
    b.srvs[0] = view
    b.samplers[0] = desc
    return b


def _diff(text: str, b: Bindings, regs: np.ndarray, hooks=None, expect_native: int = 5):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=hooks or TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=hooks or TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    return np.asarray(ref.outputs), np.asarray(nat.outputs)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)  # a generator error must fail, not fall back


CASES = [(f, MODES[i % 5], MODES[(i * 3 + 1) % 5], i) for i, f in enumerate(FILTERS * 5)]


@pytest.mark.parametrize("filt,mode_u,mode_v,seed", CASES)
def test_filters_address_modes(filt, mode_u, mode_v, seed):
    """Every point/linear filter combination with every address mode on u and v (40 combinations), each
    with its own format, texture size, bias and clamps."""
    rng = np.random.default_rng(seed)
    fmt = [RGBA32F, RGBA8, R8_SNORM, RGBA16F][seed % 4]
    size = [(16, 16), (13, 7), (1, 9), (32, 4), (5, 5)][seed % 5]
    arrayed = seed % 3 == 0
    st = _texture(fmt, size[0], size[1], 3 if arrayed else 1, rng, specials=seed % 2 == 0)
    view = srv(st, fmt, SRV_2DARRAY if arrayed else SRV_2D)
    desc = SamplerDesc(Filter=filt, AddressU=mode_u, AddressV=mode_v,
                       MipLODBias=float([0.0, 0.7, -2.3, 1.5][seed % 4]),
                       MinLOD=float([-FLT_MAX, 0.5, 1.0, -2.0][(seed // 2) % 4]),
                       MaxLOD=float([FLT_MAX, 2.25, 0.0, 3.0][(seed // 3) % 4]),
                       BorderColor=[(0.25, -2.0, 7.0, np.nan), (1.0, 0.5, 0.0, 1.0)][seed % 2])
    ref, nat = _diff(_shader("array" if arrayed else "2d"), _bindings(view, desc), _inputs(512, rng, size))
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("reduction", [0x100, 0x180])  # MINIMUM_*, MAXIMUM_*
@pytest.mark.parametrize("filt", [0x01, 0x04, 0x10, 0x14, 0x15])
def test_min_max_reduction(reduction, filt):
    """Minimum / maximum reduction filters: taps with zero weight ignored, NaN texels give the canonical
    NaN, ties keep the earlier tap (sampler.reduce_pick)."""
    seed = reduction // 0x80 * 16 + filt
    rng = np.random.default_rng(seed)
    st = _texture(RGBA32F, 11, 8, 1, rng, specials=True)
    desc = SamplerDesc(Filter=reduction | filt, AddressU=MODES[seed % 5], AddressV=MODES[(seed + 2) % 5],
                       BorderColor=(0.5, -1.0, 2.0, 0.0))
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, RGBA32F, SRV_2D), desc), _inputs(512, rng, (11, 8)))
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("view_min,res_min,first_mip", [(0.0, 0.0, 1), (1.5, 0.0, 0), (0.0, 2.0, 0),
                                                         (2.25, 1.0, 1), (0.0, 0.0, 2)])
def test_resource_and_view_min_lod(view_min, res_min, first_mip):
    rng = np.random.default_rng(99)
    st = _texture(RGBA32F, 32, 16, 1, rng, specials=False)
    st.min_lod = res_min
    view = srv(st, RGBA32F, SRV_2D, first_mip=first_mip, min_lod=view_min)
    desc = SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=MIRROR)
    ref, nat = _diff(_shader("2d"), _bindings(view, desc), _inputs(256, rng, (32, 16)))
    np.testing.assert_array_equal(nat, ref)


def test_default_sampler_and_odd_lane_counts():
    """No sampler bound (D3D11 default state); lane counts that are not whole quads (LOD 0 for every lane,
    the reference's rule) and that end in a partial tile."""
    rng = np.random.default_rng(5)
    st = _texture(RGBA32F, 16, 16, 1, rng, specials=True)
    b = _bindings(srv(st, RGBA32F, SRV_2D), None)
    for n in (1030, 1028, 6, 3):
        regs = _inputs(max(4, n // 4 * 4 + 4), rng, (16, 16))[:, :n]
        regs = np.ascontiguousarray(regs)
        ref, nat = _diff(_shader("2d"), b, regs)
        np.testing.assert_array_equal(nat, ref)


def test_execution_mask_and_flow_control():
    """Texture ops under if/else: only active lanes are written, quads still see their helper lanes."""
    rng = np.random.default_rng(8)
    st = _texture(RGBA8, 16, 16, 1, rng, specials=False)
    b = _bindings(srv(st, RGBA8, SRV_2D), SamplerDesc(Filter=0x14, AddressU=WRAP, AddressV=BORDER,
                                                        BorderColor=(0.1, 0.2, 0.3, 0.4)))
    text = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_temps 2\n"
            "lt r0.x, v0.w, l(2.0)\nif_nz r0.x\n"
            "sample_indexable(texture2d)(float,float,float,float) r1.xyzw, v0.xyxx, t0.xyzw, s0\n"
            "else\nsample_l_indexable(texture2d)(float,float,float,float) r1.xyzw, v0.yxxx, t0.yxwz, s0, v0.w\n"
            "endif\nadd o0.xyzw, r1.xyzw, v0.zzzz\nret\n")
    ref, nat = _diff(text, b, _inputs(1024, rng, (16, 16)), expect_native=2)
    np.testing.assert_array_equal(nat, ref)


def test_integer_cube_gather_compiled_beside_samples():
    """A gather on an integer cube map (a callback until session 18, now compiled: texel_gen
    GatherEmitter._int_average) beside a compiled sample and a compiled minimum-reduction cube sample: all three
    native, no callback, the reference's bits. (The counted callback of what stays uncompiled: typed UAV formats
    without a codec, tests/test_native_typed_uav.py; ld on MS views, tests/test_native_ld_block.py.)"""
    rng = np.random.default_rng(3)
    st = _texture(RGBA32F, 8, 8, 1, rng, specials=False)
    cube = make_storage(3, RGBA32F, [[rng.random((4, 4, 4)).astype(F32)]] * 6, 16)
    icube = make_storage(3, 3, [[rng.integers(0, 99, (4, 4, 4)).astype(np.uint32)]] * 6, 16)  # RGBA32_UINT
    b = _bindings(srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x15))
    b.srvs[1] = srv(cube, RGBA32F, 9)
    b.srvs[2] = srv(icube, 3, 9)
    b.samplers[1] = SamplerDesc(Filter=0x155)  # MINIMUM_MIN_MAG_MIP_LINEAR
    text = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_sampler s1, mode_default\n"
            "dcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_resource_texturecube (float,float,float,float) t1\n"
            "dcl_resource_texturecube (uint,uint,uint,uint) t2\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0\n"

            "gather4_indexable(texturecube)(uint,uint,uint,uint) o1.xyzw, v0.xyzx, t2.xyzw, s0.x\n"
            "sample_indexable(texturecube)(float,float,float,float) o2.xyzw, v0.xyzx, t1.xyzw, s1\nret\n")
    cb = runtime.stats.texture_callbacks
    reasons = dict(runtime.stats.texture_reasons)
    ref, nat = _diff(text, b, _inputs(64, rng, (8, 8)), expect_native=3)
    np.testing.assert_array_equal(nat, ref)
    assert runtime.stats.texture_callbacks - cb == 0
    assert not any("integer cube" in r for r in runtime.stats.texture_reasons if
                   runtime.stats.texture_reasons[r] != reasons.get(r, 0))


@pytest.mark.parametrize("max_aniso", [2, 4, 16])
@pytest.mark.parametrize("reduction", [0x00, 0x100, 0x180])
def test_anisotropic(max_aniso, reduction):
    """§7.18.11 anisotropic footprint: ratio, line of anisotropy, LOD from the minor axis, ceil(ratio)
    trilinear taps along the major axis averaged (min/max reduced); degenerate footprints isotropic."""
    seed = max_aniso * 3 + reduction // 0x80
    rng = np.random.default_rng(seed)
    st = _texture(RGBA32F, 32, 16, 1, rng, specials=seed % 2 == 0)
    desc = SamplerDesc(Filter=reduction | 0x55, MaxAnisotropy=max_aniso, AddressU=MODES[seed % 5],
                       AddressV=MODES[(seed + 1) % 5], MipLODBias=[0.0, 0.5][seed % 2])
    regs = _inputs(512, rng, (32, 16))
    q = regs[0, :, :2].reshape(-1, 4, 2)
    q[::3, 1] = q[::3, 0] + np.float32([0.2, 0.0])  # strongly anisotropic quads
    q[::3, 2] = q[::3, 0] + np.float32([0.0, 0.01])
    q[::3, 3] = q[::3, 1] + np.float32([0.0, 0.01])
    regs[0, :, :2] = q.reshape(-1, 2)
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, RGBA32F, SRV_2D), desc), regs)
    np.testing.assert_array_equal(nat, ref)


def test_disabled_native_sampler_uses_callbacks():
    rng = np.random.default_rng(6)
    st = _texture(RGBA32F, 8, 8, 1, rng, specials=False)
    hooks = TextureSampler()
    hooks.native = False
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, RGBA32F, SRV_2D), SamplerDesc()), _inputs(64, rng, (8, 8)),
                     hooks=hooks, expect_native=0)
    np.testing.assert_array_equal(nat, ref)


# ---- mutations: one rule changed in the emitter must be caught ---------------------------------------

def _mutated_differs(monkeypatch, patch, desc, fmt=RGBA32F) -> bool:
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    patch(monkeypatch, sampler_gen.SampleEmitter)
    rng = np.random.default_rng(11)
    st = _texture(fmt, 16, 8, 1, rng, specials=False)
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, fmt, SRV_2D), desc), _inputs(512, rng, (16, 8)))
    return not np.array_equal(ref, nat)


def test_mutation_wrap_as_clamp_fails(monkeypatch):
    def patch(mp, cls):
        orig = cls.address_taps
        mp.setattr(cls, "address_taps",
                   lambda self, g, ts, n, mode: orig(self, g, ts, n, CLAMP if mode == WRAP else mode))

    assert _mutated_differs(monkeypatch, patch, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=WRAP))


def test_mutation_mirror_as_mirror_once_fails(monkeypatch):
    def patch(mp, cls):
        orig = cls.address_taps
        mp.setattr(cls, "address_taps",
                   lambda self, g, ts, n, mode: orig(self, g, ts, n, MIRROR_ONCE if mode == MIRROR else mode))

    assert _mutated_differs(monkeypatch, patch, SamplerDesc(Filter=0x00, AddressU=MIRROR, AddressV=MIRROR))


def test_mutation_lerp_order_fails(monkeypatch):
    """Weights applied to the wrong tap ((a - b) * f + b) instead of the reference's (b - a) * f + a."""
    def patch(mp, cls):
        orig = cls.lerp
        mp.setattr(cls, "lerp", lambda self, g, a, b, f: orig(self, g, b, a, f))

    assert _mutated_differs(monkeypatch, patch, SamplerDesc(Filter=0x15, AddressU=WRAP, AddressV=CLAMP))


def test_mutation_border_ignored_fails(monkeypatch):
    def patch(mp, cls):
        orig = cls.address_taps
        mp.setattr(cls, "address_taps", lambda self, g, ts, n, mode: [(a, None) for a, _ in orig(self, g, ts, n, mode)])

    assert _mutated_differs(monkeypatch, patch, SamplerDesc(Filter=0x15, AddressU=BORDER, AddressV=BORDER,
                                                            BorderColor=(9.0, 9.0, 9.0, 9.0)))


def test_mutation_anisotropic_single_tap_fails(monkeypatch):
    """The anisotropic footprint replaced by its first tap must be caught."""
    from pyd3d11.pipeline.native import sampler_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    orig = sampler_gen.SampleEmitter.filter_aniso

    def first_only(self, g, a, c0, layer, cl, lin):
        orig(self, g, a, c0, layer, cl, lin)
        return self.filter_at(g, c0, layer, cl, lin)

    monkeypatch.setattr(sampler_gen.SampleEmitter, "filter_aniso", first_only)
    rng = np.random.default_rng(31)
    st = _texture(RGBA32F, 32, 16, 1, rng, specials=False)
    regs = _inputs(256, rng, (32, 16))
    q = regs[0, :, :2].reshape(-1, 4, 2)
    q[:, 1] = q[:, 0] + np.float32([0.2, 0.0])
    q[:, 2] = q[:, 0] + np.float32([0.0, 0.01])
    q[:, 3] = q[:, 1] + np.float32([0.0, 0.01])
    regs[0, :, :2] = q.reshape(-1, 2)
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0x55, MaxAnisotropy=8)),
                     regs)
    assert not np.array_equal(ref, nat)


@pytest.mark.parametrize("width", ["8", "16", "32", "64", "64/16"])
@pytest.mark.parametrize("fmt", [RGBA32F, RGBA16F])
def test_neighbouring_float_taps_at_each_width(monkeypatch, fmt, width):
    """Footprints well inside a 64x64 float texture (CLAMP / WRAP never reached): the x taps of every row are
    neighbours in every lane, so the fetch takes the paired 32-byte row loads and their 8x8 transposes
    (SampleEmitter.fetch's fast path), joined per 8 lanes at kernels of 16, 32 and 64 lanes."""
    width, _, tex = width.partition("/")  # "64/16": a 64-lane kernel calling the sampler per 16-lane part
    monkeypatch.setenv("PYD3D11_NATIVE_WIDTH", width)
    monkeypatch.setattr(runtime, "TEX_WIDTH", int(tex or 64))
    monkeypatch.setattr(runtime, "_KERNELS", {})
    rng = np.random.default_rng(int(width) + fmt)
    st = _texture(fmt, 64, 64, 1, rng, specials=True)
    desc = SamplerDesc(Filter=0x15, AddressU=CLAMP, AddressV=WRAP)
    n = 512
    q = n // 4
    c = rng.uniform(0.15, 0.75, (q, 2)).astype(F32)
    d = rng.uniform(0.5, 2.5, (q, 1)).astype(F32) / F32(64)  # a footprint of about 1-2 texels: mips 0-1
    regs = np.zeros((3, n, 4), F32)
    regs[0, :, :2] = np.stack([c, c + d * [1, 0], c + d * [0, 1], c + d], 1).reshape(n, 2)
    regs[0, :, 3] = rng.uniform(-0.5, 1.5, n)  # sample_l's LOD, sample_b's bias
    regs[1] = np.repeat(d, 4, 0) * rng.uniform(0.5, 1.5, (n, 4)).astype(F32)  # sample_d's gradients
    regs[2, :, :2] = regs[0, :, :2]
    ref, nat = _diff(_shader("2d"), _bindings(srv(st, fmt, SRV_2D), desc), regs)
    np.testing.assert_array_equal(nat, ref)
