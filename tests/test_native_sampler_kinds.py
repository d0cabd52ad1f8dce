"""Native sampling of 1D, 1D-array and 3D textures, integer formats and the lod instruction
(pipeline/native/sampler_gen.py) against the reference sampler, bit for bit.

Tables: texture kind × filter (point/linear combinations, anisotropic — isotropic on these kinds) × address
modes per axis × LOD source (quad derivatives, explicit LOD, bias, gradients), coordinates with NaN / INF /
huge / negative values and texel centres; integer formats (uint, sint) point-sampled with border colours
saturated to the integer range; lod with every clamp (MinLOD, MaxLOD, bias, view min-LOD).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import BORDER, CLAMP, FLT_MAX, MIRROR, MIRROR_ONCE, RGBA8, RGBA32F, WRAP, SamplerDesc, srv

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
SRV_1D, SRV_1DARRAY, SRV_2D, SRV_3D = 2, 3, 4, 8
RGBA32U, R8G8_SINT, R16U = 3, 52, 57  # R16U: R16_UINT
BPE = {RGBA32F: 16, RGBA8: 4, RGBA32U: 16, R8G8_SINT: 2, R16U: 2}
MODES = [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE]
SPECIAL = np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, -0.0, 1e-40, 1.0, -1.0, 0.5, 2.0, -2.5], F32)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _texels(fmt, shape, rng):
    if fmt in (RGBA32U, R16U):
        return rng.integers(0, 2 ** 16, shape).astype(np.uint32)
    if fmt == R8G8_SINT:
        return rng.integers(-128, 128, shape).astype(np.int32)
    a = rng.uniform(-0.5, 1.5, shape).astype(F32)
    if fmt == RGBA8:
        a = np.clip(a, 0, 1)
    return a


def _storage(dim: int, fmt: int, w: int, h: int, d: int, layers: int, rng) -> ResourceStorage:
    """dim 2 (1D), 3 (2D), 4 (3D) storage with a full mip chain of random texels."""
    mips = 1
    while max(w, h, d) >> mips:
        mips += 1
    st = ResourceStorage.create(dim, fmt, w, h, d, mips, layers, 1, BPE[fmt], 1)
    for s in range(layers):
        for m in range(mips):
            L = st.layout(st.subresource_index(m, s))
            lv = _texels(fmt, (L.depth, L.height, L.width, 4), rng)
            st.subresource_bytes(st.subresource_index(m, s))[:] = encode_region(fmt, lv)
    st.touch()
    return st


def _shader(dim: str, coords: str, deriv: str) -> str:
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            "dcl_output o4.xyzw\n"
            f"sample_indexable{t} o0.xyzw, v0.{coords}, t0.xyzw, s0\n"
            f"sample_l_indexable{t} o1.xyzw, v0.{coords}, t0.xyzw, s0, v0.w\n"
            f"sample_b_indexable{t} o2.xyzw, v0.{coords}, t0.xyzw, s0, v0.w\n"
            f"sample_d_indexable{t} o3.xyzw, v0.{coords}, t0.xyzw, s0, v1.{deriv}, v2.{deriv}\n"
            f"lod o4.xyzw, v0.{coords}, t0.xyzw, s0\nret\n")


def _inputs(n: int, rng) -> np.ndarray:
    q = n // 4
    c = rng.uniform(-2, 3, (q, 3)).astype(F32)
    dx = (rng.normal(size=(q, 3)) * F32(2.0) ** rng.uniform(-8, 1, (q, 1))).astype(F32)
    dy = (rng.normal(size=(q, 3)) * F32(2.0) ** rng.uniform(-8, 1, (q, 1))).astype(F32)
    pts = np.stack([c, c + dx, c + dy, c + dx + dy], 1).reshape(n, 3)
    v = np.zeros((3, n, 4), F32)
    v[0, :, :3] = pts
    v[0, :, 3] = rng.uniform(-3, 6, n)
    v[1] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 1, (n, 1))).astype(F32)
    v[2] = (rng.normal(size=(n, 4)) * F32(2.0) ** rng.uniform(-9, 1, (n, 1))).astype(F32)
    for plane in range(3):
        m = rng.random((n, 4)) < 0.05
        v[plane][m] = rng.choice(SPECIAL, size=int(m.sum()))
    return v


def _diff(text: str, b: Bindings, regs: np.ndarray, expect_native: int):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))


KINDS = [  # (name, storage dim, srv dim, size (w, h, d), layers, shader dim, coordinate swizzle, gradient swizzle)
    ("1d", 2, SRV_1D, (13, 1, 1), 1, "texture1d", "xxxx", "xxxx"),
    ("1darray", 2, SRV_1DARRAY, (16, 1, 1), 3, "texture1darray", "xyxx", "xxxx"),
    ("3d", 4, SRV_3D, (8, 5, 6), 1, "texture3d", "xyzx", "xyzx"),
    ("3dpow2", 4, SRV_3D, (8, 8, 4), 1, "texture3d", "xyzx", "xyzx"),
]
CASES = [(kind, f, i) for i, (kind, f) in enumerate(
    [(k, f) for k in KINDS for f in (0x00, 0x05, 0x10, 0x14, 0x15, 0x55)])]


@pytest.mark.parametrize("kind,filt,seed", CASES, ids=[f"{k[0]}-{f:#x}" for k, f, _ in CASES])
def test_kinds_filters(kind, filt, seed):
    name, sdim, vdim, (w, h, d), layers, sh, coords, deriv = kind
    rng = np.random.default_rng(seed)
    fmt = RGBA32F if seed % 2 else RGBA8
    st = _storage(sdim, fmt, w, h, d, layers, rng)
    desc = SamplerDesc(Filter=filt, AddressU=MODES[seed % 5], AddressV=MODES[(seed + 2) % 5],
                       AddressW=MODES[(seed + 4) % 5], MaxAnisotropy=4, MipLODBias=[0.0, 0.6, -1.2][seed % 3],
                       MinLOD=[-FLT_MAX, 0.5][seed % 2], MaxLOD=[FLT_MAX, 2.5, 1.0][seed % 3],
                       BorderColor=(0.3, -1.0, 2.0, 0.75))
    b = Bindings()
    b.srvs[0] = srv(st, fmt, vdim)
    b.samplers[0] = desc
    _diff(_shader(sh, coords, deriv), b, _inputs(256, rng), expect_native=5)


@pytest.mark.parametrize("fmt", [RGBA32U, R8G8_SINT, R16U])
@pytest.mark.parametrize("filt", [0x00, 0x15])
def test_integer_formats_point_sampled(fmt, filt):
    """Integer textures are point sampled whatever the filter; border colours are truncated and saturated
    to the format's integer range (sampler.border_values)."""
    rng = np.random.default_rng(fmt + filt)
    st = _storage(3, fmt, 11, 6, 1, 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=filt, AddressU=BORDER, AddressV=WRAP, BorderColor=(300.7, -5.2, 1e10, 7.0))
    _diff(_shader("texture2d", "xyxx", "xyxx"), b, _inputs(128, rng), expect_native=5)


@pytest.mark.parametrize("view_min,min_lod,max_lod,bias", [(0.0, -FLT_MAX, FLT_MAX, 0.0), (1.25, 0.0, 3.0, 0.5),
                                                         (0.0, 2.0, 1.0, -3.0), (2.5, -1.0, 9.0, 1.75)])
def test_lod_instruction_clamps(view_min, min_lod, max_lod, bias):
    rng = np.random.default_rng(21)
    st = _storage(3, RGBA32F, 32, 16, 1, 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, SRV_2D, min_lod=view_min)
    b.samplers[0] = SamplerDesc(Filter=0x15, MinLOD=min_lod, MaxLOD=max_lod, MipLODBias=bias)
    _diff(_shader("texture2d", "xyxx", "xyxx"), b, _inputs(256, rng), expect_native=5)
