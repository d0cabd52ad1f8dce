"""Native ld (textures and typed buffers) and resinfo (pipeline/native/texel_gen.py) against the reference
executor, bit for bit.

ld: integer texel addresses inside, on and outside every edge (x, y, slice, mip, negative, huge), immediate
offsets, resource swizzles and partial write masks, float / unorm / snorm / half / uint / sint formats, 2D
and 2D-array views with a mip / slice sub-range. resinfo: every return type (float, rcpfloat, uint) over mips
inside and past the view (unsigned compare), unbound views, 2D / 2D array / cube / 3D views. Expected bits
are the reference's (memory.py _ld / _resinfo), the native run must have compiled the ops.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import R8_SNORM, RGBA8, RGBA32F, make_storage, srv

from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings

if not native.available():  # pragma: no cover
    pytest.skip("llvmlite not installed", allow_module_level=True)
from pyd3d11.shader.native import runtime  # noqa: E402

pytestmark = pytest.mark.backend_specific  # compares the native path with the reference itself


SRV_2D, SRV_2DARRAY, SRV_3D, SRV_CUBE = 4, 5, 8, 9
RGBA16F, RGBA32U, R8G8_SINT, R16U = 10, 3, 52, 57  # R16U: R16_UINT
BPE = {RGBA32F: 16, RGBA8: 4, R8_SNORM: 1, RGBA16F: 8, RGBA32U: 16, R8G8_SINT: 2, R16U: 2}


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    monkeypatch.setattr(runtime, "STRICT", True)


def _texels(fmt: int, shape, rng) -> np.ndarray:
    if fmt in (RGBA32U, R16U):
        return rng.integers(0, 2 ** 16, shape).astype(np.uint32)
    if fmt == R8G8_SINT:
        return rng.integers(-128, 128, shape).astype(np.int32)
    a = rng.uniform(-1.5, 1.5, shape).astype(np.float32)
    if fmt == RGBA32F:
        a.reshape(-1)[::37] = np.inf
        a.reshape(-1)[5::41] = np.nan
    return a


def _texture(fmt: int, w: int, h: int, layers: int, rng):
    slices = []
    for _ in range(layers):
        lv, s = [], (w, h)
        while True:
            lv.append(_texels(fmt, (s[1], s[0], 4), rng))
            if s == (1, 1):
                break
            s = (max(1, s[0] // 2), max(1, s[1] // 2))
        slices.append(lv)
    return make_storage(3, fmt, slices, BPE[fmt])


def _run(text: str, b: Bindings, regs: np.ndarray, expect_native: int):
    prog = assemble_program(text)
    n = regs.shape[1]
    ref = reference.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    before = runtime.stats.texture_native
    nat = runtime.run_program(prog, n, inputs=regs, bindings=b, hooks=TextureSampler())
    assert runtime.stats.texture_native - before == expect_native, runtime.stats.texture_reasons
    return np.asarray(ref.outputs), np.asarray(nat.outputs)


def _ld_shader(dim: str) -> str:
    t = f"({dim})(float,float,float,float)"
    return (f"ps_5_0\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            "dcl_output o4.xyzw\n"
            f"ld_indexable{t} o0.xyzw, v0.xyzw, t0.xyzw\n"
            f"ld_aoffimmi_indexable(-2,3,1){t} o1.yw, v0.xyzw, t0.zxyw\n"
            f"resinfo_indexable{t} o2.xyzw, v1.x, t0.xyzw\n"
            f"resinfo_indexable{t}_rcpfloat o3.xyzw, v1.y, t0.wzyx\n"
            f"resinfo_indexable{t}_uint o4.xzw, v1.z, t0.xyzw\nret\n")


def _coords(n: int, w: int, h: int, layers: int, mips: int, rng) -> np.ndarray:
    v = np.zeros((2, n, 4), np.int32)
    v[0, :, 0] = rng.integers(-3, w + 3, n)
    v[0, :, 1] = rng.integers(-3, h + 3, n)
    v[0, :, 2] = rng.integers(-2, layers + 2, n)
    v[0, :, 3] = rng.integers(-1, mips + 2, n)
    k = rng.random((n, 4)) < 0.04
    v[0][k] = rng.choice(np.array([-2 ** 31, 2 ** 31 - 1, 2 ** 31 - 3, -1, 1 << 20], np.int64), int(k.sum()))
    v[1, :, :3] = rng.integers(-1, mips + 2, (n, 3))
    v[1, :, :3][rng.random((n, 3)) < 0.1] = -1  # 0xFFFFFFFF: past every mip (unsigned)
    return v.view(np.float32)


@pytest.mark.parametrize("fmt", [RGBA32F, RGBA8, R8_SNORM, RGBA16F, RGBA32U, R8G8_SINT, R16U])
@pytest.mark.parametrize("arrayed", [False, True])
def test_ld_resinfo_formats(fmt, arrayed):
    rng = np.random.default_rng(fmt * 2 + arrayed)
    w, h, layers = (13, 6, 3) if arrayed else (16, 9, 1)
    st = _texture(fmt, w, h, layers, rng)
    view = srv(st, fmt, SRV_2DARRAY if arrayed else SRV_2D)
    b = Bindings()
    b.srvs[0] = view
    ref, nat = _run(_ld_shader("texture2darray" if arrayed else "texture2d"), b,
                    _coords(333, w, h, layers, st.mip_levels, rng), expect_native=5)
    np.testing.assert_array_equal(nat, ref)


def test_ld_view_sub_range():
    """A view of mips 1..2 and slices 1..2: ld's mip and slice are view-relative."""
    rng = np.random.default_rng(12)
    st = _texture(RGBA32F, 16, 8, 4, rng)
    view = srv(st, RGBA32F, SRV_2DARRAY, first_mip=1, mip_count=2, first_slice=1, slice_count=2)
    b = Bindings()
    b.srvs[0] = view
    ref, nat = _run(_ld_shader("texture2darray"), b, _coords(256, 8, 4, 2, 2, rng), expect_native=5)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("dim,srv_dim", [("texture3d", SRV_3D), ("texturecube", SRV_CUBE), ("texture2d", None)])
def test_resinfo_other_dimensions_and_unbound(dim, srv_dim):
    """resinfo compiles for every SRV dimension and for an unbound slot (zeros; rcpfloat 1/0 = INF);
    ld on these calls back (counted)."""
    rng = np.random.default_rng(3)
    b = Bindings()
    if srv_dim == SRV_3D:
        from pyd3d11.storage import ResourceStorage

        st = ResourceStorage.create(4, RGBA8, 8, 4, 2, 3, 1, 1, 4, 1)
        b.srvs[0] = srv(st, RGBA8, SRV_3D)
    elif srv_dim == SRV_CUBE:
        st = make_storage(3, RGBA8, [[np.zeros((4, 4, 4), np.float32), np.zeros((2, 2, 4), np.float32)]] * 6, 4)
        b.srvs[0] = srv(st, RGBA8, SRV_CUBE)
    text = (f"ps_5_0\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
            "dcl_output o2.xyzw\ndcl_output o3.xyzw\ndcl_output o4.xyzw\n"
            f"resinfo_indexable({dim})(float,float,float,float) o2.xyzw, v1.x, t0.xyzw\n"
            f"resinfo_indexable({dim})(float,float,float,float)_rcpfloat o3.xyzw, v1.y, t0.wzyx\n"
            f"resinfo_indexable({dim})(float,float,float,float)_uint o4.xyzw, v1.z, t0.xyzw\nret\n")
    ref, nat = _run(text, b, _coords(64, 4, 4, 1, 3, rng), expect_native=3)
    np.testing.assert_array_equal(nat, ref)


def test_mutation_ld_bounds_fails(monkeypatch):
    """ld's out-of-range rule removed (every lane reads the clamped texel) must be caught."""
    from pyd3d11.pipeline.native import texel_gen

    monkeypatch.setenv("PYD3D11_NATIVE_DISK_CACHE", "0")
    monkeypatch.setattr(runtime, "_KERNELS", {})
    monkeypatch.setattr(texel_gen, "_igather", lambda g, base, idx, ok: g.gather(base, idx, "splat (i1 true)"))
    rng = np.random.default_rng(4)
    st = _texture(RGBA32F, 8, 8, 1, rng)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, SRV_2D)
    v = np.zeros((2, 64, 4), np.int32)
    v[0, :, 0] = np.arange(64) % 8
    v[0, :, 1] = 8  # one row past the bottom: the reference returns 0
    v[0, :, 3] = 0
    ref, nat = _run(_ld_shader("texture2d"), b, v.view(np.float32), expect_native=5)
    assert not np.array_equal(ref, nat)


@pytest.mark.parametrize("dim,sdim,vdim,size,layers", [("texture1d", 2, 2, (13, 1, 1), 1),
                                                        ("texture1darray", 2, 3, (16, 1, 1), 3),
                                                        ("texture3d", 4, 8, (8, 5, 6), 1)])
def test_ld_1d_3d(dim, sdim, vdim, size, layers):
    """ld on 1D, 1D-array and 3D views: the address components mean (x, slice) / (x, y, z); the immediate
    offsets are added to components 0..2 whatever they mean (memory.py _ld)."""
    from pyd3d11.formats.codecs import encode_region
    from pyd3d11.storage import ResourceStorage

    rng = np.random.default_rng(sdim * 10 + vdim)
    w, h, d = size
    mips = max(w, h, d).bit_length()
    st = ResourceStorage.create(sdim, RGBA32F, w, h, d, mips, layers, 1, 16, 1)
    for s in range(layers):
        for m in range(mips):
            sub = st.subresource_index(m, s)
            L = st.layout(sub)
            st.subresource_bytes(sub)[:] = encode_region(RGBA32F, _texels(RGBA32F, (L.depth, L.height, L.width, 4), rng))
    st.touch()
    b = Bindings()
    b.srvs[0] = srv(st, RGBA32F, vdim)
    t = f"({dim})(float,float,float,float)"
    text = (f"ps_5_0\ndcl_resource_{dim} (float,float,float,float) t0\n"
            "dcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            f"ld_indexable{t} o0.xyzw, v0.xyzw, t0.xyzw\n"
            f"ld_aoffimmi_indexable(-2,1,1){t} o1.xzw, v0.xyzw, t0.wzyx\nret\n")
    v = np.zeros((2, 300, 4), np.int32)
    v[0, :, 0] = rng.integers(-3, w + 3, 300)
    v[0, :, 1] = rng.integers(-2, max(h, layers) + 2, 300)
    v[0, :, 2] = rng.integers(-2, d + 2, 300)
    v[0, :, 3] = rng.integers(-1, mips + 1, 300)
    ref, nat = _run(text, b, v.view(np.float32), expect_native=2)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("fmt,first,count", [(RGBA32F, 3, 20), (RGBA8, 0, 33), (R8G8_SINT, 5, 17),
                                             (RGBA16F, 1, 9), (RGBA32U, 0, 0)])
def test_ld_typed_buffer(fmt, first, count):
    """ld from a typed buffer SRV (Buffer<T>.Load): element x of the view's range, 0 outside (negative,
    past the end, an empty view), any format; the elements are decoded once per storage version."""
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    rng = np.random.default_rng(fmt + first)
    bpe = BPE[fmt]
    total = first + count + 4
    st = ResourceStorage.create(1, 0, total * bpe)
    st.data[:] = rng.integers(0, 256, total * bpe, dtype=np.uint8)
    if fmt == RGBA32F:
        st.data.view(np.float32)[::7] = np.nan
    st.touch()
    b = Bindings()
    b.srvs[0] = ViewDescriptor(ViewKind.SRV, st, fmt, 1, first_element=first, num_elements=count)
    text = ("ps_5_0\ndcl_resource_buffer (float,float,float,float) t0\n"
            "dcl_input_ps constant v0.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
            "ld_indexable(buffer)(float,float,float,float) o0.xyzw, v0.xyzw, t0.xyzw\n"
            "ld_indexable(buffer)(float,float,float,float) o1.yw, v0.yxzw, t0.wzyx\nret\n")
    v = np.zeros((1, 200, 4), np.int32)
    v[0, :, :2] = rng.integers(-3, count + 4, (200, 2))
    v[0, :5, 0] = [-2 ** 31, 2 ** 31 - 1, -1, count, count - 1]
    ref, nat = _run(text, b, v.view(np.float32), expect_native=2)
    np.testing.assert_array_equal(nat, ref)
    st.data[:] = 0  # a new version: decoded again
    st.touch()
    ref, nat = _run(text, b, v.view(np.float32), expect_native=2)
    np.testing.assert_array_equal(nat, ref)


@pytest.mark.parametrize("dim,sdim,vdim,size,mips,layers,samples", [
    ("texture1d", 2, 2, (16, 1, 1), 5, 1, 1),
    ("texture1darray", 2, 3, (13, 1, 1), 4, 3, 1),
    ("texture2dms", 3, 6, (8, 5, 1), 1, 1, 4),
    ("texture2dmsarray", 3, 7, (8, 5, 1), 1, 3, 4),
    ("texturecubearray", 3, 10, (8, 8, 1), 4, 12, 1),
])
def test_resinfo_remaining_dimensions(dim, sdim, vdim, size, mips, layers, samples):
    """resinfo on 1D, 1D-array, 2DMS, 2DMS-array and cube-array views (the other dimensions above): each
    dimension's (width, height or array size, depth or array size) differs from its neighbours' in the
    table, so a row taken from the wrong dimension shows."""
    from pyd3d11.storage import ResourceStorage

    rng = np.random.default_rng(vdim)
    w, h, d = size
    st = ResourceStorage.create(sdim, RGBA8, w, h, d, mips, layers, samples, 4, 1)
    b = Bindings()
    b.srvs[0] = srv(st, RGBA8, vdim)
    t = f"({dim})(float,float,float,float)"
    decl = f"dcl_resource_{dim}({samples})" if samples > 1 else f"dcl_resource_{dim}"
    text = (f"ps_5_0\n{decl} (float,float,float,float) t0\n"
            "dcl_input_ps constant v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
            "dcl_output o2.xyzw\ndcl_output o3.xyzw\ndcl_output o4.xyzw\n"
            f"resinfo_indexable{t} o2.xyzw, v1.x, t0.xyzw\n"
            f"resinfo_indexable{t}_rcpfloat o3.xyzw, v1.y, t0.wzyx\n"
            f"resinfo_indexable{t}_uint o4.xyzw, v1.z, t0.xyzw\nret\n")
    ref, nat = _run(text, b, _coords(64, 4, 4, 1, mips, rng), expect_native=3)
    np.testing.assert_array_equal(nat, ref)
    assert np.any(ref[2] != 0)  # some in-range mips were asked


def test_texture_ops_without_bindings():
    """No bindings at all (a program run without resources): every texture op reads as unbound — zeros
    (resinfo: 0 levels) — as on the reference, with no exception on the way; resinfo still compiles."""
    t = "(texture2d)(float,float,float,float)"
    text = ("ps_5_0\ndcl_sampler s0, mode_default\ndcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_input_ps linear v0.xyzw\ndcl_input_ps constant v1.xyzw\n"
            "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\n"
            f"resinfo_indexable{t}_uint o0.xyzw, v1.x, t0.xyzw\n"
            f"resinfo_indexable{t} o1.xyzw, v1.y, t0.xyzw\n"
            f"gather4_indexable{t} o2.xyzw, v0.xyxx, t0.xyzw, s0.x\n"
            f"ld_indexable{t} o3.xyzw, v1.xyzw, t0.xyzw\nret\n")
    prog = assemble_program(text)
    regs = np.full((2, 8, 4), 0.5, np.float32)
    regs[1] = 0.0
    ref = np.asarray(reference.run_program(prog, 8, inputs=regs, bindings=None, hooks=TextureSampler()).outputs)
    before = runtime.stats.texture_native
    nat = np.asarray(runtime.run_program(prog, 8, inputs=regs, bindings=None, hooks=TextureSampler()).outputs)
    assert runtime.stats.texture_native - before == 2
    np.testing.assert_array_equal(nat, ref)
    assert not ref.any()


@pytest.mark.parametrize("fmt", [68, 69])  # R8G8_B8G8_UNORM, G8R8_G8B8_UNORM: 2x1 texel blocks
def test_ld_from_subsampled_formats(fmt):
    """ld on the 4:2:2 packed formats (two texels share one 32-bit block, §19.1): the native run agrees with
    the reference's decoding of every texel (each texel its own R/B and the block's shared G pair); both ``ld``s
    and the three ``resinfo``s compile natively (the ``ld``s since session 18, K18: decoded-texel cache)."""
    from pyd3d11.storage import ResourceStorage

    rng = np.random.default_rng(fmt)
    st = ResourceStorage.create(3, fmt, 8, 4, 1, 1, 1, 1, 4, 1, block_width=2, block_height=1)
    st.subresource_bytes(0)[:] = rng.integers(0, 256, st.subresource_bytes(0).size, dtype=np.uint8)
    st.touch()
    b = Bindings()
    b.srvs[0] = srv(st, fmt, SRV_2D)
    ref, nat = _run(_ld_shader("texture2d"), b, _coords(128, 8, 4, 1, 1, rng), expect_native=5)
    np.testing.assert_array_equal(nat, ref)
