"""Multisample texel access on the native backend (issue 12, session 19): ``ld_ms`` (ld2dms), ``sample_info`` and
``sample_pos`` compiled into compute, vertex and pixel kernels (pipeline/native/texel_ms.py), with no dispatch
fallback and no texture callback, bit-identical to the reference executor and equal to values computed here from
the definitions:

- ld2dms (D3D11.3 §22.4, the ld2dms asm page): texel (x, y) of array slice z, sample ``sampleIndex``; immediate
  offsets add to the address first; a coordinate, slice or sample index outside the view returns 0 in every
  component (a negative sample index too); an unbound t# returns 0. A multisample subresource stores its samples
  as consecutive planes of rows (storage.py), so sample s of (x, y) is the format's element at
  ``offset + s * depth_pitch + y * row_pitch + x * bytes_per_element``, decoded by the format's codec.
- sampleinfo (asm page): (sample count, 0, 0, 0) of the resource, or of the rasterizer, float unless _uint,
  swizzled by the resource operand; 0 when nothing is bound.
- samplepos (asm page): (x, y, 0, 0) of sample ``sampleIndex`` in the standard pattern (spec-facts §1.6, the
  spec's figures; positions in 1/16 pixel from the centre); a zero vector for an index out of bounds and for an
  unbound resource.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.formats import codecs
from pyd3d11.formats.table import bytes_per_element
from pyd3d11.pipeline import compute
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.native import runtime
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

U32 = np.uint32
W, H, SLICES = 5, 3, 3  # the texture; t1 views slices 1..2 of it
#: standard sample patterns, transcribed from spec-facts §1.6 (the spec's figures), in 1/16 pixel
STD = {1: [(0, 0)], 2: [(4, 4), (-4, -4)], 4: [(-2, -6), (6, -2), (-6, 2), (2, 6)],
       8: [(1, -3), (-1, 3), (5, 1), (-3, -5), (-5, 5), (-7, -1), (3, 7), (7, -7)],
       16: [(1, 1), (-1, -3), (-3, 2), (4, -1), (-5, -2), (2, 5), (5, 3), (3, -5), (-2, 6), (0, -7), (-4, -6),
            (-6, 4), (-8, 0), (7, -4), (6, 7), (-7, -8)]}
#: R32G32B32A32_FLOAT, R16G16B16A16_FLOAT, R10G10B10A2_UNORM, R11G11B10_FLOAT, R8G8B8A8_UNORM, R8G8B8A8_UNORM_SRGB,
#: R8G8B8A8_UINT, R16G16_SNORM, R32_FLOAT, R32_SINT, B8G8R8A8_UNORM, R8_UNORM
FORMATS = [2, 10, 24, 26, 28, 29, 30, 37, 41, 43, 87, 61]

# per thread (tid.x, tid.y, tid.z) of an 8x5x4 group: address (x-1, y-1, z-1), sample ((7x + 3y + z) mod 18) - 1;
# records of 16 bytes: ld_ms t0, ld_ms t1 (2DMS array, swizzled), ld_ms t0 with offsets, the queries
CS = """cs_5_0
dcl_resource_texture2dms({S}) (float,float,float,float) t0
dcl_resource_texture2dmsarray({S}) (float,float,float,float) t1
dcl_uav_raw u0
dcl_input vThreadIDInGroup.xyz
dcl_input vThreadIDInGroupFlattened
dcl_temps 5
dcl_thread_group 8, 5, 4
iadd r0.xyzw, vThreadIDInGroup.xyzz, l(-1, -1, -1, -2)
imad r1.x, vThreadIDInGroup.x, l(7), vThreadIDInGroup.z
imad r1.x, vThreadIDInGroup.y, l(3), r1.x
udiv null, r1.x, r1.x, l(18)
iadd r1.x, r1.x, l(-1)
ishl r3.x, vThreadIDInGroupFlattened.x, l(6)
ldms r2.xyzw, r0.xyzw, t0.xyzw, r1.x
store_raw u0.xyzw, r3.x, r2.xyzw
ldms r2.xyzw, r0.xyzw, t1.wzyx, r1.xxxx
iadd r3.y, r3.x, l(16)
store_raw u0.xyzw, r3.y, r2.xyzw
ldms_aoffimmi(1,-1,0) r2.xyzw, r0.xyzw, t0.xyzw, r1.x
iadd r3.y, r3.x, l(32)
store_raw u0.xyzw, r3.y, r2.xyzw
sampleinfo_uint r4.x, t0.x
sampleinfo r4.y, t1.yxxx
samplepos r4.zw, t0.xxxy, r1.x
iadd r3.y, r3.x, l(48)
store_raw u0.xyzw, r3.y, r4.xyzw
ret
"""
THREADS = [(x, y, z) for z in range(4) for y in range(5) for x in range(8)]


def _texture(fmt: int, samples: int, seed: int) -> ResourceStorage:
    st = ResourceStorage.create(3, fmt, W, H, 1, 1, SLICES, samples, bytes_per_block=bytes_per_element(fmt))
    st.data[:] = np.random.default_rng(seed).integers(0, 256, st.data.size, dtype=np.uint8)
    if fmt in (2, 10, 26, 41):  # a few NaN / Inf / denormal patterns in float formats stay in the bytes
        st.data[:4] = [0, 0, 0xC0, 0x7F]
    return st


def _views(st: ResourceStorage, fmt: int) -> tuple[ViewDescriptor, ViewDescriptor]:
    return (ViewDescriptor(ViewKind.SRV, st, fmt, 6, slice_count=1),
            ViewDescriptor(ViewKind.SRV, st, fmt, 7, first_slice=1, slice_count=2))


def _dispatch(prog, srvs: list, backend: str) -> np.ndarray:
    buf = ResourceStorage.create(1, 0, len(THREADS) * 64)
    uav = ViewDescriptor(ViewKind.UAV, buf, 39, 1, num_elements=len(THREADS) * 16, element_size=4, raw=True)
    native.set_backend(backend)
    try:
        compute.dispatch(prog, Bindings.of(srvs=srvs, uavs=[uav]), 1, 1, 1, hooks=TextureSampler(False))
    finally:
        native.set_backend(None)
    return buf.data.view(U32).reshape(len(THREADS), 4, 4).copy()


def _texel(st: ResourceStorage, fmt: int, sl: int, s: int, x: int, y: int) -> np.ndarray:
    """Sample ``s`` of texel (x, y) of array slice ``sl`` from the storage's planes (module docstring), decoded by
    the format's codec to register bits (float formats as float32 bits)."""
    L = st.layout(sl)
    bpe = bytes_per_element(fmt)
    off = L.offset + s * L.depth_pitch + y * L.row_pitch + x * bpe
    v = np.asarray(codecs.decode(fmt, st.data[off:off + bpe].reshape(1, bpe)))[0]
    return v.astype(np.float32).view(U32) if v.dtype.kind == "f" else v.astype(np.int64).astype(U32)


def _expected(st: ResourceStorage | None, fmt: int, S: int) -> np.ndarray:
    out = np.zeros((len(THREADS), 4, 4), U32)
    for i, (tx, ty, tz) in enumerate(THREADS):
        x, y, z, s = tx - 1, ty - 1, tz - 1, (7 * tx + 3 * ty + tz) % 18 - 1
        inside = st is not None and 0 <= y < H and 0 <= s < S
        if inside and 0 <= x < W:
            out[i, 0] = _texel(st, fmt, 0, s, x, y)
            if 0 <= z < 2:
                out[i, 1] = _texel(st, fmt, 1 + z, s, x, y)[[3, 2, 1, 0]]
        if st is not None and 0 <= x + 1 < W and 0 <= y - 1 < H and 0 <= s < S:
            out[i, 2] = _texel(st, fmt, 0, s, x + 1, y - 1)
        n = S if st is not None else 0
        pos = STD.get(n, [])
        px, py = pos[s] if 0 <= s < len(pos) else (0, 0)
        out[i, 3] = [n, np.float32(n).view(U32), np.float32(px / 16).view(U32), np.float32(py / 16).view(U32)]
    return out


@pytest.fixture(scope="module")
def programs() -> dict:
    return {S: assemble_program(CS.format(S=S)) for S in (1, 2, 4, 8, 16)}


def _native_counted(prog, srvs) -> np.ndarray:
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks, runtime.stats.texture_native)
    got = _dispatch(prog, srvs, "native")
    assert runtime.stats.fallbacks == before[0], runtime.stats.reasons  # the dispatch ran natively
    assert runtime.stats.texture_callbacks == before[1]  # no texture op called back into the reference
    assert runtime.stats.texture_native >= before[2] + 5  # the three ld_ms and two queries compiled
    return got


@pytest.mark.parametrize("S", [1, 2, 4, 8, 16])
def test_ld_ms_and_queries_every_sample_count_in_compute(programs, S):
    st = _texture(28, S, 100 + S)
    srvs = list(_views(st, 28))
    got = _native_counted(programs[S], srvs)
    np.testing.assert_array_equal(got, _expected(st, 28, S))
    np.testing.assert_array_equal(got, _dispatch(programs[S], srvs, "reference"))


@pytest.mark.parametrize("fmt", FORMATS)
def test_ld_ms_formats_in_compute(programs, fmt):
    st = _texture(fmt, 4, fmt)
    srvs = list(_views(st, fmt))
    got = _native_counted(programs[4], srvs)
    np.testing.assert_array_equal(got, _dispatch(programs[4], srvs, "reference"))
    np.testing.assert_array_equal(got, _expected(st, fmt, 4))


def test_unbound_resources_read_zero(programs):
    got = _native_counted(programs[4], [])
    np.testing.assert_array_equal(got, _expected(None, 28, 4))
    np.testing.assert_array_equal(got, _dispatch(programs[4], [], "reference"))


def test_texel_cache_follows_writes(programs):
    st = _texture(41, 4, 7)
    srvs = list(_views(st, 41))
    first = _native_counted(programs[4], srvs)
    st.data[:] = np.random.default_rng(8).integers(0, 256, st.data.size, dtype=np.uint8)
    st.touch()  # every write path bumps the version (storage.touch): the decoded planes are made again
    second = _native_counted(programs[4], srvs)
    assert not np.array_equal(first[:, :3], second[:, :3])
    np.testing.assert_array_equal(second, _expected(st, 41, 4))


def test_ld_ms_on_a_single_sample_view_matches_the_reference(programs):
    # a Texture2D bound where the shader declares Texture2DMS (D3D leaves it undefined): the reference's rule (ld
    # with the mip from .w, sample 0 only) is the oracle; it stays native
    fmt = 28
    st = ResourceStorage.create(3, fmt, W, H, 1, 2, SLICES, 1, bytes_per_block=4)
    st.data[:] = np.random.default_rng(3).integers(0, 256, st.data.size, dtype=np.uint8)
    srvs = [ViewDescriptor(ViewKind.SRV, st, fmt, 4, mip_count=2),
            ViewDescriptor(ViewKind.SRV, st, fmt, 5, mip_count=2, first_slice=1, slice_count=2)]
    got = _native_counted(programs[4], srvs)
    np.testing.assert_array_equal(got, _dispatch(programs[4], srvs, "reference"))
    assert got[:, :2].any()


@pytest.mark.parametrize("count", [0, 1, 2, 4, 8, 16, 3])
@pytest.mark.parametrize("uint", [False, True])
def test_query_tables_from_the_definition(count, uint):
    """The per-run words the kernels read (texel_ms.sampleinfo_word / samplepos_table), against the asm pages'
    rules and the transcribed patterns: a count with no standard pattern (3) has no positions."""
    from pyd3d11.pipeline.native.texel_ms import sampleinfo_word, samplepos_table

    w = sampleinfo_word(count, uint)
    assert w.tolist() == ([count, 0, 0, 0] if uint else [np.float32(count).view(U32), 0, 0, 0])
    tab = samplepos_table(count).view(np.float32)
    pos = STD.get(count, [])
    assert tab.shape == (len(pos) + 1, 4)
    for i, (x, y) in enumerate(pos):
        assert tab[i].tolist() == [x / 16, y / 16, 0.0, 0.0]
    assert tab[-1].tolist() == [0.0, 0.0, 0.0, 0.0]


# ---- vertex and pixel shaders -------------------------------------------------------------------------------
VS = """vs_5_0
dcl_resource_texture2dmsarray(8) (uint,uint,uint,uint) t3
dcl_input v0.xyzw
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
ldms_aoffimmi(-1,0,0) o0.xyzw, v0.xyzw, t3.zyxw, v0.w
sampleinfo_uint o1.xyzw, rasterizer.xxyx
samplepos o2.xyzw, t3.xyxx, v0.w
ret
"""


def test_vertex_shader_ld_ms_and_queries():
    fmt = 30  # R8G8B8A8_UINT
    st = ResourceStorage.create(3, fmt, W, H, 1, 1, SLICES, 8, bytes_per_block=4)
    st.data[:] = np.random.default_rng(5).integers(0, 256, st.data.size, dtype=np.uint8)
    b = Bindings.of(srvs=[None, None, None, ViewDescriptor(ViewKind.SRV, st, fmt, 7, slice_count=SLICES)])
    rng = np.random.default_rng(6)
    n = 64
    v = np.stack([rng.integers(0, W + 2, n), rng.integers(-1, H + 1, n), rng.integers(-1, SLICES + 1, n),
                  rng.integers(-1, 10, n)], 1).astype(np.int64).astype(U32)
    inputs = v[None]  # (regs, N, 4)
    prog = assemble_program(VS)
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks)
    native.set_backend("native")
    try:
        a = runtime.run_program(prog, n, inputs=inputs, bindings=b, hooks=TextureSampler(False))
    finally:
        native.set_backend(None)
    assert (runtime.stats.fallbacks, runtime.stats.texture_callbacks) == before
    r = reference.run_program(prog, n, inputs=inputs, bindings=b, hooks=TextureSampler(False))
    np.testing.assert_array_equal(a.outputs, r.outputs)
    out = np.asarray(a.outputs)  # (regs, N, 4)
    for i in range(n):
        x, y, z, s = (int(q) for q in v[i].view(np.int32))
        x -= 1
        want = np.zeros(4, U32)
        if 0 <= x < W and 0 <= y < H and 0 <= z < SLICES and 0 <= s < 8:
            want = _texel(st, fmt, z, s, x, y)[[2, 1, 0, 3]]
        assert out[0, i].tolist() == want.tolist()
        assert out[1, i].tolist() == [1, 1, 0, 1]  # the VS's rasterizer count: the bindings' (1), swizzled
        px, py = STD[8][s] if 0 <= s < 8 else (0, 0)
        assert out[2, i].view(np.float32).tolist() == [px / 16, py / 16, px / 16, px / 16]


PS = """ps_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_temps 2
ftou r0.xy, v0.xyxx
iadd r0.z, r0.x, r0.y
and r0.z, r0.z, l(7)
iadd r0.z, r0.z, l(-2)
ldms o0.xyzw, r0.xyww, t0.xyzw, r0.z
sampleinfo_uint r1.x, rasterizer.x
samplepos r1.yz, rasterizer.xxyx, r0.z
sampleinfo r1.w, t0.x
mov o1.xyzw, r1.xyzw
ret
"""


def _draw_ps(st: ResourceStorage, backend: str) -> tuple[np.ndarray, np.ndarray]:
    from gfx_util import VS_POS_ATTR, rtv, texture2d, vertex_buffer

    from pyd3d11.pipeline.draw import (
        DrawArgs,
        GraphicsState,
        InputElement,
        OMState,
        RasterizerState,
        StageState,
        VertexBufferBinding,
        Viewport,
        draw,
    )

    rts = [texture2d(2, 8, 6, samples=4), texture2d(2, 8, 6, samples=4)]
    verts = np.array([[-1, -1, 0.5, 1, 0, 0, 0, 0], [-1, 3, 0.5, 1, 0, 0, 0, 0], [3, -1, 0.5, 1, 0, 0, 0, 0]],
                     np.float32)
    om = OMState()
    om.rtvs = [rtv(t) for t in rts] + [None] * 6
    state = GraphicsState(
        topology=4, vertex_buffers=[VertexBufferBinding(vertex_buffer(verts), 32, 0)],
        elements=[InputElement(0, 0xF, 2, 0, 0), InputElement(1, 0xF, 2, 0, 16)],
        vs=StageState(assemble_program(VS_POS_ATTR)),
        ps=StageState(assemble_program(PS), Bindings.of(srvs=[ViewDescriptor(ViewKind.SRV, st, 2, 6)])),
        rasterizer=RasterizerState(CullMode=1), viewports=[Viewport(0, 0, 8, 6, 0, 1)], om=om, sample_count=4,
        sampling_hooks=TextureSampler())
    native.set_backend(backend)
    try:
        draw(state, DrawArgs(3))
    finally:
        native.set_backend(None)
    return tuple(t.data.view(U32).reshape(4, 6, 8, 4).copy() for t in rts)


def test_pixel_shader_ld_ms_and_rasterizer_queries():
    """A pixel-frequency PS on a 4x target (the fused lane): every pixel reads sample ((x + y) & 7) - 2 of its own
    texel of a 4x texture, the rasterizer's count (4) and that sample's standard position; the outputs are
    replicated to the pixel's 4 samples."""
    from pyd3d11.pipeline.native import fused

    st = ResourceStorage.create(3, 2, W, H, 1, 1, 1, 4, bytes_per_block=16)  # small integers as float32
    st.data.view(np.float32)[:] = np.random.default_rng(9).integers(-50, 50, st.data.size // 4)
    drawn = fused.stats.fused_draws
    before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks)
    got = _draw_ps(st, "native")
    assert fused.stats.fused_draws == drawn + 1
    assert (runtime.stats.fallbacks, runtime.stats.texture_callbacks) == before, runtime.stats.texture_reasons
    ref = _draw_ps(st, "reference")
    for g, r in zip(got, ref):
        np.testing.assert_array_equal(g, r)
    for y in range(6):
        for x in range(8):
            s = ((x + y) & 7) - 2
            want0 = _texel(st, 2, 0, s, x, y) if 0 <= s < 4 and x < W and y < H else np.zeros(4, U32)
            px, py = STD[4][s] if 0 <= s < 4 else (0, 0)
            want1 = [4, np.float32(px / 16).view(U32), np.float32(py / 16).view(U32), np.float32(4).view(U32)]
            for k in range(4):
                assert got[0][k, y, x].tolist() == want0.tolist()
                assert got[1][k, y, x].tolist() == want1


# ---- immediate offsets and the array axis (ld and ld2dms) ---------------------------------------------------
CS_OFFSETS = """cs_5_0
dcl_resource_texture1darray (uint,uint,uint,uint) t0
dcl_resource_texture2darray (uint,uint,uint,uint) t1
dcl_resource_texture3d (uint,uint,uint,uint) t2
dcl_resource_texture2dmsarray(2) (uint,uint,uint,uint) t3
dcl_uav_raw u0
dcl_input vThreadIDInGroup.x
dcl_temps 3
dcl_thread_group 4, 1, 1
mov r0.x, vThreadIDInGroup.x
mov r0.yzw, l(0, 1, 1, 0)
ishl r2.x, vThreadIDInGroup.x, l(6)
ld_aoffimmi(1,1,1) r1.xyzw, r0.xzww, t0.xyzw
store_raw u0.x, r2.x, r1.x
ld_aoffimmi(1,1,1) r1.xyzw, r0.xzzw, t1.xyzw
iadd r2.y, r2.x, l(16)
store_raw u0.x, r2.y, r1.x
ld_aoffimmi(1,1,1) r1.xyzw, r0.xzzw, t2.xyzw
iadd r2.y, r2.x, l(32)
store_raw u0.x, r2.y, r1.x
ldms_aoffimmi(1,1,1) r1.xyzw, r0.xzzz, t3.xyzw, l(1)
iadd r2.y, r2.x, l(48)
store_raw u0.x, r2.y, r1.x
ret
"""


def test_immediate_offsets_never_move_the_array_axis():
    """The ld / ld2dms asm pages: "Address offsets are not applied along the array axis of Texture1D/2D Arrays";
    _aoffimmi v, w are ignored for Texture1Ds and w for Texture2Ds (and ld2dms ignores address .w: here 1, a mip
    that does not exist, for the 2DMS array). Every texel holds slice·100 + z·100 + y·10 + x (R32_UINT), lane x
    reads address (x, 1, 1) with offsets (1, 1, 1): 1D array → slice 1, x + 1; 2D array → slice 1, (x + 1, 2);
    3D → (x + 1, 2, 2); 2DMS array sample 1 → slice 1, (x + 1, 2); x + 1 = 4 is outside (0)."""
    fmt = 42  # R32_UINT
    specs = {"t0": (2, 4, 1, 1, 3, 1), "t1": (3, 4, 4, 1, 3, 1), "t2": (4, 4, 4, 4, 1, 1), "t3": (3, 4, 4, 1, 3, 2)}
    srvs = []
    for name, (dim, w, h, d, arr, S) in specs.items():
        st = ResourceStorage.create(dim, fmt, w, h, d, 1, arr, S, bytes_per_block=4)
        for sl in range(arr):
            L = st.layout(sl)
            z, y, x = np.meshgrid(np.arange(d), np.arange(h), np.arange(w), indexing="ij")
            vals = (sl * 100 + z * 100 + y * 10 + x).astype(U32)
            for s in range(S):
                st.data[L.offset + s * L.depth_pitch * L.depth:][:vals.nbytes] = vals.view(np.uint8).ravel()
        view_dim = {"t0": 3, "t1": 5, "t2": 8, "t3": 7}[name]
        srvs.append(ViewDescriptor(ViewKind.SRV, st, fmt, view_dim, slice_count=arr if dim != 4 else 1))
    prog = assemble_program(CS_OFFSETS)
    out = {}
    for backend in ("native", "reference"):
        buf = ResourceStorage.create(1, 0, 4 * 64)
        uav = ViewDescriptor(ViewKind.UAV, buf, 39, 1, num_elements=64, element_size=4, raw=True)
        before = (runtime.stats.fallbacks, runtime.stats.texture_callbacks)
        native.set_backend(backend)
        try:
            compute.dispatch(prog, Bindings.of(srvs=srvs, uavs=[uav]), 1, 1, 1, hooks=TextureSampler(False))
        finally:
            native.set_backend(None)
        if backend == "native":
            assert (runtime.stats.fallbacks, runtime.stats.texture_callbacks) == before
        out[backend] = buf.data.view(U32).reshape(4, 4, 4)[:, :, 0]
    want = np.array([[100 + x + 1, 120 + x + 1, 220 + x + 1, 120 + x + 1] if x + 1 < 4 else [0, 0, 0, 0]
                     for x in range(4)], U32)
    np.testing.assert_array_equal(out["native"], want)
    np.testing.assert_array_equal(out["reference"], want)
