"""Native comparison sampling (sample_c, sample_c_lz) and gather (gather4, gather4_c, gather4_po,
gather4_po_c) against the reference sampler, bit for bit (pipeline/native/sampler_gen.py).

Comparison: every D3D11_COMPARISON_FUNC × point/linear filters × address modes × formats (R32_FLOAT with
denormal / NaN / INF texels: flushed before comparing; R16_UNORM and R8_UNORM: the reference value quantised
to the format like a depth write) × reference values with NaN / INF / out-of-range / denormals, border red
as the compared texel. Gather: the sampler operand's component select, immediate and programmable offsets
(6-bit signed, wrapping), every address mode, 2D arrays, float / unorm / uint / sint formats.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import BORDER, CLAMP, MIRROR, MIRROR_ONCE, RGBA8, RGBA32F, WRAP, SamplerDesc, srv

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
SRV_2D, SRV_2DARRAY = 4, 5
R32F, R16_UNORM, R8_UNORM, R16_FLOAT, RGBA32U, R8G8_SINT = 41, 56, 61, 54, 3, 52
BPE = {R32F: 4, R16_UNORM: 2, R8_UNORM: 1, R16_FLOAT: 2, RGBA32F: 16, RGBA8: 4, RGBA32U: 16, R8G8_SINT: 2}
MODES = [WRAP, MIRROR, CLAMP, BORDER, MIRROR_ONCE]
SPECIAL = np.array([np.nan, np.inf, -np.inf, 1e30, -1e30, -0.0, 1e-40, -1e-40, 1.0, 0.0, 0.5, 2.0, -2.5], F32)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _storage(fmt: int, w: int, h: int, layers: int, rng) -> ResourceStorage:
    mips = 1
    while max(w, h) >> mips:
        mips += 1
    st = ResourceStorage.create(3, fmt, w, h, 1, mips, layers, 1, BPE[fmt], 1)
    for s in range(layers):
        for m in range(mips):
            sub = st.subresource_index(m, s)
            L = st.layout(sub)
            shape = (1, L.height, L.width, 4)
            if fmt == RGBA32U:
                lv = rng.integers(0, 2 ** 32, shape, dtype=np.uint64).astype(np.uint32)
            elif fmt == R8G8_SINT:
                lv = rng.integers(-128, 128, shape).astype(np.int32)
            else:
                lv = rng.uniform(-0.2, 1.2, shape).astype(F32)
                if fmt in (R32F, RGBA32F):
                    flat = lv.reshape(-1)
                    k = rng.integers(0, flat.size, max(1, flat.size // 6))
                    flat[k] = rng.choice(np.array([np.nan, np.inf, -np.inf, 1e-41, -1e-41, 0.0, -0.0], F32), k.size)
            st.subresource_bytes(sub)[:] = encode_region(fmt, lv)
    st.touch()
    return st


def _inputs(n: int, rng) -> np.ndarray:
    q = n // 4
    c = rng.uniform(-1.5, 2.5, (q, 2)).astype(F32)
    dx = (rng.normal(size=(q, 2)) * F32(2.0) ** rng.uniform(-7, 0, (q, 1))).astype(F32)
    dy = (rng.normal(size=(q, 2)) * F32(2.0) ** rng.uniform(-7, 0, (q, 1))).astype(F32)
    v = np.zeros((3, n, 4), F32)
    v[0, :, :2] = np.stack([c, c + dx, c + dy, c + dx + dy], 1).reshape(n, 2)
    v[0, :, 2] = rng.uniform(-1, 4, n)  # slice / reference
    v[0, :, 3] = rng.uniform(-0.3, 1.3, n)  # reference
    v[1] = rng.integers(-80, 80, (n, 4)).astype(np.int32).view(F32)  # programmable offsets (as int bits)
    m = rng.random((n, 4)) < 0.08
    v[0][m] = rng.choice(SPECIAL, size=int(m.sum()))
    return v


def _diff(text: str, b: Bindings, regs: np.ndarray, expect_native: int):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    np.testing.assert_array_equal(np.asarray(nat.outputs), np.asarray(ref.outputs))


def _compare_shader(dim: str, coords: str) -> str:
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_sampler s0, mode_comparison\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            f"sample_c_indexable{t} o0.xyzw, v0.{coords}, t0.xyzw, s0, v0.w\n"
            f"sample_c_lz_indexable{t} o1.xz, v0.{coords}, t0.xxxx, s0, -v0.w\n"
            f"gather4_c_indexable{t} o2.xyzw, v0.{coords}, t0.xyzw, s0.x, v0.w\n"
            f"gather4_po_c_indexable{t} o3.wzyx, v0.{coords}, v1.xyxx, t0.xyzw, s0.x, |v0.w|\nret\n")


CMP_CASES = [(func, filt, fmt, i) for i, (func, filt, fmt) in enumerate(
    [(f, [0x80, 0x95, 0x91, 0x84][f % 4], [R32F, R16_UNORM, R8_UNORM][f % 3]) for f in range(1, 9)]
    + [(f, [0x95, 0x80][f % 2], [R16_UNORM, R32F, R8_UNORM][f % 3]) for f in range(1, 9)])]


@pytest.mark.parametrize("func,filt,fmt,seed", CMP_CASES)
def test_comparison_functions_filters_formats(func, filt, fmt, seed):
    rng = np.random.default_rng(seed)
    arrayed = seed % 3 == 1
    st = _storage(fmt, [16, 13][seed % 2], [8, 5][seed % 2], 3 if arrayed else 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2DARRAY if arrayed else SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=filt, ComparisonFunc=func, AddressU=MODES[seed % 5],
                                AddressV=MODES[(seed + 3) % 5], BorderColor=[(0.5, 0, 0, 0), (np.nan, 1, 1, 1),
                                                                             (2.0, 0, 0, 0)][seed % 3],
                                MipLODBias=[0.0, 1.3][seed % 2])
    text = _compare_shader("texture2darray" if arrayed else "texture2d", "xyzx" if arrayed else "xyxx")
    _diff(text, b, _inputs(256, rng), expect_native=4)


def _gather_shader(dim: str, coords: str, sel: str) -> str:
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps linear v1.xyzw\ndcl_input_ps linear v2.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\n"
            f"gather4_indexable{t} o0.xyzw, v0.{coords}, t0.xyzw, s0.{sel}\n"
            f"gather4_aoffimmi_indexable(-4,3,0){t} o1.yzw, v0.{coords}, t0.wzyx, s0.{sel}\n"
            f"gather4_po_indexable{t} o2.xyzw, v0.{coords}, v1.xyxx, t0.xyzw, s0.{sel}\nret\n")


@pytest.mark.parametrize("fmt", [RGBA32F, RGBA8, RGBA32U, R8G8_SINT])
@pytest.mark.parametrize("sel", ["x", "y", "z", "w"])
def test_gather_components_offsets_formats(fmt, sel):
    seed = fmt * 7 + "xyzw".index(sel)
    rng = np.random.default_rng(seed)
    arrayed = seed % 2 == 1
    st = _storage(fmt, [16, 11][seed % 2], [4, 7][seed % 2], 2 if arrayed else 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2DARRAY if arrayed else SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x15, AddressU=MODES[seed % 5], AddressV=MODES[(seed + 1) % 5],
                                BorderColor=(0.25, 300.0, -7.5, 1.0))
    text = _gather_shader("texture2darray" if arrayed else "texture2d", "xyzx" if arrayed else "xyxx", sel)
    _diff(text, b, _inputs(256, rng), expect_native=3)


@pytest.mark.parametrize("func", [2, 3, 7])
def test_float16_comparison(func):
    """Against a 16-bit float texture the reference value goes through float16 (round toward zero, too
    large → max finite, NaN / INF / denormals; numerics.f32_to_f16)."""
    rng = np.random.default_rng(2 + func)
    st = _storage(R16_FLOAT, 8, 8, 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, R16_FLOAT, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x95, ComparisonFunc=func)
    regs = _inputs(256, rng)
    regs[0, :64, 3] = rng.choice(np.array([65504.0, 65520.0, 1e5, 6e-5, 5.96e-8, 1e-8, -0.0, 3e-5], F32), 64)
    # references a little above a texel's float16 value: equal to it only after the float16 rounding
    texels = np.frombuffer(bytes(st.subresource_bytes(0)), np.float16).astype(F32)
    regs[0, 64:, 3] = rng.choice(texels, 192) * F32(1.0 + 2.0 ** -13)
    regs[0, 64:, :2] = (rng.integers(0, 8, (192, 2)) + F32(0.5)) / F32(8)  # texel centres
    _diff(_compare_shader("texture2d", "xyxx"), b, regs, expect_native=4)


def test_mutation_comparison_predicate_fails(monkeypatch):
    """LESS compiled as LESS_EQUAL must be caught (texels equal to the quantised reference)."""
    from pyd3d11.pipeline import comparison

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setitem(comparison.LLVM_FCMP, 2, "ole")  # the native form only: the reference keeps np.less
    rng = np.random.default_rng(9)
    st = _storage(R8_UNORM, 8, 8, 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, R8_UNORM, SRV_2D)
    b.samplers[0] = SamplerDesc(Filter=0x80, ComparisonFunc=2)
    regs = _inputs(256, rng)
    texels = np.frombuffer(bytes(st.subresource_bytes(0)), np.uint8).astype(F32) / F32(255)
    regs[0, :, 3] = rng.choice(texels, 256)  # references equal to texels
    with pytest.raises(AssertionError, match="not equal"):
        _diff(_compare_shader("texture2d", "xyxx"), b, regs, expect_native=4)
