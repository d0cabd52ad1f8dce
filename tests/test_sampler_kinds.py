"""Sampling every SRV kind (1D/2D arrays, 3D, cube, cube array), gather4*, lod, texel offsets,
integer and BC formats, unbound resources (D3D11.3 §7.18.7, §7.18.12, §22.4.2–22.4.5, §22.5.6)."""

from __future__ import annotations

import numpy as np
import pytest
from test_sampler_helpers import (
    BORDER,
    CLAMP,
    R8G8_SINT,
    R32F,
    RGBA32F,
    RGBA32U,
    SRV_1D,
    SRV_1DARRAY,
    SRV_2D,
    SRV_2DARRAY,
    SRV_3D,
    SRV_CUBE,
    SRV_CUBEARRAY,
    WRAP,
    SamplerDesc,
    f32,
    make_storage,
    quad_lanes,
    run_ps,
    srv,
)

from pyd3d11.storage import ResourceStorage

RNG = np.random.default_rng(99)


def decl(kind: str, cmp: bool = False) -> str:
    mode = "mode_comparison" if cmp else "mode_default"
    return f"dcl_sampler s0, {mode}\ndcl_resource_{kind} (float,float,float,float) t0\n"


def sl(kind: str, addr: str = "v0.xyzw") -> str:
    return f"sample_l_indexable({kind})(float,float,float,float) o0.xyzw, {addr}, t0.xyzw, s0, l(0.0)"


# ---- arrays, 1D, 3D ------------------------------------------------------------------------------

def test_texture2darray_index_rounding_and_clamp():
    slices = [[np.full((2, 2, 4), float(s), np.float32)] for s in range(4)]
    st = make_storage(3, RGBA32F, slices, 16)
    idx = [0.5, 1.5, 2.5, -3.0, 9.0, 1.49, np.nan]
    inp = np.array([[0.5, 0.5, i, 0] for i in idx], np.float32)
    out = f32(run_ps(sl("texture2darray"), inp, srv(st, RGBA32F, SRV_2DARRAY), SamplerDesc(), decl("texture2darray")))
    np.testing.assert_array_equal(out[:, 0], [0, 2, 2, 0, 3, 1, 0])
    # view starting at slice 1 with 2 slices: index is view-relative and clamps to the view
    view = srv(st, RGBA32F, SRV_2DARRAY, first_slice=1, slice_count=2)
    out = f32(run_ps(sl("texture2darray"), inp[:5], view, SamplerDesc(), decl("texture2darray")))
    np.testing.assert_array_equal(out[:, 0], [1, 2, 2, 1, 2])


def test_texture1d_and_array_point():
    row = np.arange(8, dtype=np.float32)
    lv = np.stack([row] * 4, -1)[None]  # (1, 8, 4)
    st = make_storage(2, RGBA32F, [[lv], [lv + 100]], 16)
    inp = np.array([[0.0, 1, 0, 0], [0.99, 0, 0, 0], [0.5, 1, 0, 0], [1.3, 0, 0, 0]], np.float32)
    desc = SamplerDesc(Filter=0, AddressU=WRAP)
    out = f32(run_ps(sl("texture1darray"), inp, srv(st, RGBA32F, SRV_1DARRAY), desc, decl("texture1darray")))
    np.testing.assert_array_equal(out[:, 0], [100, 7, 104, 2])
    out1 = f32(run_ps(sl("texture1d"), inp, srv(st, RGBA32F, SRV_1D, slice_count=1), desc, decl("texture1d")))
    np.testing.assert_array_equal(out1[:, 0], [0, 7, 4, 2])


def test_texture3d_trilinear_reproduces_linear_function():
    z, y, x = np.meshgrid(np.arange(4), np.arange(4), np.arange(4), indexing="ij")
    val = (x + 10 * y + 100 * z).astype(np.float32)
    st = make_storage(4, RGBA32F, [[np.stack([val] * 4, -1)]], 16)
    pts = RNG.uniform(0.125, 0.875, (20, 3)).astype(np.float32)  # interior: no clamping
    inp = np.zeros((20, 4), np.float32)
    inp[:, :3] = pts
    out = f32(run_ps(sl("texture3d"), inp, srv(st, RGBA32F, SRV_3D), SamplerDesc(), decl("texture3d")))
    fx = np.round((pts * 4 - 0.5) * 256) / 256  # 8-bit fixed point positions
    np.testing.assert_allclose(out[:, 0], fx[:, 0] + 10 * fx[:, 1] + 100 * fx[:, 2], atol=1e-4)


def test_texel_offsets_point_2d():
    tex = np.zeros((4, 4, 4), np.float32)
    tex[..., 0] = np.arange(4)[None, :]
    tex[..., 1] = np.arange(4)[:, None]
    st = make_storage(3, RGBA32F, [[tex]], 16)
    body = ("sample_l_aoffimmi_indexable(1,-2,0)(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, "
            "s0, l(0.0)")
    inp = np.array([[0.375, 0.875, 0, 0], [0.875, 0.125, 0, 0]], np.float32)  # texels (1,3), (3,0)
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0, AddressU=WRAP, AddressV=CLAMP),
                     decl("texture2d")))
    np.testing.assert_array_equal(out[:, :2], [[2, 1], [0, 0]])


# ---- cubes -----------------------------------------------------------------------------------------

FACE_VALUES = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]


def cube_storage(n=4, cubes=1, fill=None):
    slices = []
    for c in range(cubes):
        for f in range(6):
            lv = np.full((n, n, 4), FACE_VALUES[f] + 100 * c, np.float32) if fill is None else fill(f, n)
            slices.append([lv])
    return make_storage(3, RGBA32F, slices, 16)


@pytest.mark.parametrize("direction,face", [
    ((1, 0, 0), 0), ((-1, 0.2, 0.1), 1), ((0, 1, 0), 2), ((0.1, -1, 0), 3), ((0, 0, 1), 4), ((0, 0, -1), 5),
    ((1, 1, 0), 2), ((1, -1, 0), 3), ((1, 1, 1), 4), ((-1, 0, -1), 5), ((0, 1, -1), 5),  # ties: Z > Y > X
])
def test_cube_face_selection(direction, face):
    st = cube_storage()
    inp = np.array([list(direction) + [0]], np.float32)
    out = f32(run_ps(sl("texturecube"), inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(Filter=0), decl("texturecube")))
    assert out[0, 0] == FACE_VALUES[face]


def test_cube_face_projection_point():
    def fill(f, n):
        t = np.zeros((n, n, 4), np.float32)
        t[..., 0] = np.arange(n)[None, :]
        t[..., 1] = np.arange(n)[:, None]
        t[..., 2] = f
        return t
    st = cube_storage(fill=fill)
    # +X: s = -z/x, t = -y/x ; +Y: s = x/y, t = z/y ; -Z: s = -x/|z|, t = -y/|z|
    dirs = [(1, -0.5, -0.5), (1, 0.75, 0.25), (0.25, 1, -0.75), (0.6, -0.2, -1)]
    expect = [(3, 3, 0), (1, 0, 0), (2, 0, 2), (0, 2, 5)]
    inp = np.array([list(d) + [0] for d in dirs], np.float32)
    out = f32(run_ps(sl("texturecube"), inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(Filter=0), decl("texturecube")))
    np.testing.assert_array_equal(out[:, :3], expect)


def test_cube_edge_and_corner_filtering():
    st = cube_storage(n=4)
    # on the +Z face, s = 1 exactly: half of the footprint spills onto +X
    # (1,1,1): corner of +Z/+X/+Y: missing texel's weight split over the three present ones
    inp = np.array([[1, 0, 1, 0], [1, 1, 1, 0]], np.float32)
    out = f32(run_ps(sl("texturecube"), inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(), decl("texturecube")))
    assert out[0, 0] == pytest.approx(0.5 * 16 + 0.5 * 1)
    assert out[1, 0] == pytest.approx((16 + 1 + 4) / 3)


def test_cube_seamless_filter_matches_smooth_function():
    n = 16
    axis = np.array([0.3, 0.5, 0.8])

    def fill(f, n):
        from pyd3d11.pipeline.sampler_cube import FACE_N, FACE_S, FACE_T
        c = (np.arange(n) + 0.5) / n * 2 - 1
        sc, tc = np.meshgrid(c, c)  # rows = t
        d = FACE_N[f] + sc[..., None] * FACE_S[f] + tc[..., None] * FACE_T[f]
        d /= np.linalg.norm(d, axis=-1, keepdims=True)
        v = (d @ axis).astype(np.float32)
        return np.stack([v] * 4, -1)
    st = cube_storage(n=n, fill=fill)
    dirs = RNG.standard_normal((200, 3)).astype(np.float32)
    inp = np.zeros((200, 4), np.float32)
    inp[:, :3] = dirs
    out = f32(run_ps(sl("texturecube"), inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(), decl("texturecube")))
    true = (dirs / np.linalg.norm(dirs, axis=1, keepdims=True)) @ axis
    assert np.max(np.abs(out[:, 0] - true)) < 0.03


def test_cube_array_index():
    st = cube_storage(cubes=2)
    inp = np.array([[0, 0, 1, 0], [0, 0, 1, 1], [0, 0, 1, 0.5], [0, 0, 1, 1.5], [0, 0, -1, 7]], np.float32)
    out = f32(run_ps(sl("texturecubearray"), inp, srv(st, RGBA32F, SRV_CUBEARRAY), SamplerDesc(Filter=0),
                     decl("texturecubearray")))
    np.testing.assert_array_equal(out[:, 0], [16, 116, 16, 116, 132])


def test_cube_lod_from_derivatives():
    def fill(f, n):
        return np.full((n, n, 4), float(n), np.float32)
    slices = []
    for f in range(6):
        slices.append([fill(f, 16 >> m) for m in range(5)])
    st = make_storage(3, RGBA32F, slices, 16)
    # on +Z at the centre: d(s)/dx = dx/z * 0.5 per unit; 0.5 * 16 * dx = 2^lod texels -> dx = 2^lod / 8
    dx = np.float32(2.0 ** 1.0 / 8)
    inp = np.zeros((4, 4), np.float32)
    inp[:, :3] = quad_lanes(np.float32([[0, 0, 1]]), np.float32([dx, 0, 0]), np.float32([0, 0, 0]))
    body = "sample_indexable(texturecube)(float,float,float,float) o0.xyzw, v0.xyzx, t0.xyzw, s0"
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(Filter=0x14), decl("texturecube")))
    np.testing.assert_array_equal(out[:, 0], 8.0)  # LOD 1 -> mip of size 8


# ---- gather4 -----------------------------------------------------------------------------------------

def gather_tex():
    tex = np.zeros((4, 4, 4), np.float32)
    y, x = np.mgrid[0:4, 0:4]
    tex[..., 0] = x + 10 * y
    tex[..., 1] = 100 + x + 10 * y
    tex[..., 2] = 200 + x + 10 * y
    tex[..., 3] = 300 + x + 10 * y
    return make_storage(3, RGBA32F, [[tex]], 16)


def test_gather4_order_and_component_select():
    st = gather_tex()
    inp = np.array([[0.5, 0.5, 0, 0]], np.float32)  # between texels (1,1), (2,1), (1,2), (2,2)
    for comp, sel in enumerate("xyzw"):
        body = f"gather4_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0.{sel}"
        out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(Filter=0), decl("texture2d")))
        np.testing.assert_array_equal(out[0], np.float32([21, 22, 12, 11]) + 100 * comp)


def test_gather4_offsets_and_address_mode():
    st = gather_tex()
    inp = np.array([[0.5, 0.5, 0, 0]], np.float32)
    body = "gather4_aoffimmi_indexable(1,-2,0)(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0.x"
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(AddressU=WRAP, AddressV=WRAP),
                     decl("texture2d")))
    # x0 = 2, x1 = 3, y0 = -1 -> 3 (wrap), y1 = 0
    np.testing.assert_array_equal(out[0], [2, 3, 33, 32])
    # programmable offsets: low 6 bits signed (67 -> 3, -33 -> 31)
    po = np.array([[0.5, 0.5, 0, 0, 0, 0, 0, 0]], np.float32)
    po[0, 4:6] = np.array([67, -33], np.int32).view(np.float32)
    body = "gather4_po_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, v1.xyxx, t0.xyzw, s0.x"
    out = f32(run_ps(body, po, srv(st, RGBA32F, SRV_2D), SamplerDesc(AddressU=CLAMP, AddressV=WRAP),
                     decl("texture2d")))
    # x0 = 1+3 -> clamp 3, x1 -> 3; y0 = 1+31 = 32 -> 0 (wrap), y1 = 33 -> 1
    np.testing.assert_array_equal(out[0], [13, 13, 3, 3])


def test_gather4_returns_bits_unaltered_and_border():
    tex = np.zeros((2, 2, 4), np.float32)
    bits = np.array([[0x00000001, 0x80000000], [0x7F800000, 0x00400000]], np.uint32)
    tex[..., 0] = bits.view(np.float32)
    st = make_storage(3, RGBA32F, [[tex]], 16)
    inp = np.array([[0.5, 0.5, 0, 0], [1.0, 0.5, 0, 0]], np.float32)
    body = "gather4_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0.x"
    out = run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(AddressU=BORDER, AddressV=CLAMP,
                                                                  BorderColor=(7, 0, 0, 0)), decl("texture2d"))
    np.testing.assert_array_equal(out[0], [bits[1, 0], bits[1, 1], bits[0, 1], bits[0, 0]])
    b7 = np.float32(7).view(np.uint32)
    np.testing.assert_array_equal(out[1], [bits[1, 1], b7, b7, bits[0, 1]])


def test_gather4_c_compares_each_texel():
    tex = np.zeros((2, 2, 4), np.float32)
    tex[..., 0] = [[0.1, 0.2], [0.3, 0.4]]
    st = make_storage(3, R32F, [[tex]], 4)
    inp = np.array([[0.5, 0.5, 0.25, 0]], np.float32)
    body = "gather4_c_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0.x, v0.z"
    out = f32(run_ps(body, inp, srv(st, R32F, SRV_2D), SamplerDesc(Filter=0x80, ComparisonFunc=2),
                     decl("texture2d", True)))
    np.testing.assert_array_equal(out[0], [1.0, 1.0, 0.0, 0.0])  # 0.25 < (0.3, 0.4, 0.2, 0.1)


def test_gather4_cube_corner_synthesised():
    st = cube_storage(n=4)
    inp = np.array([[1, 1, 1, 0]], np.float32)
    body = "gather4_indexable(texturecube)(float,float,float,float) o0.xyzw, v0.xyzx, t0.xyzw, s0.x"
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_CUBE), SamplerDesc(), decl("texturecube")))
    # +Z face, x0 = 3, x1 = 4 (-> +X), y0 = -1 (-> +Y), y1 = 0: (x0,y1)=+Z, (x1,y1)=+X, (x1,y0)=corner, (x0,y0)=+Y
    np.testing.assert_allclose(out[0], [16, 1, (16 + 1 + 4) / 3, 4], rtol=1e-6)


# ---- lod instruction ------------------------------------------------------------------------------

def test_lod_instruction():
    levels = [np.zeros((32 >> m, 32 >> m, 4), np.float32) for m in range(6)]
    st = make_storage(3, RGBA32F, [levels], 16)
    inp = np.zeros((8, 4), np.float32)
    inp[:4, :2] = quad_lanes(np.float32([[0.2, 0.2]]), np.float32([2.0 ** 2.5 / 32, 0]), np.float32([0, 0]))
    inp[4:, :2] = quad_lanes(np.float32([[0.2, 0.2]]), np.float32([2.0 ** -1 / 32, 0]), np.float32([0, 0]))
    body = "lod r0.xyzw, v0.xyxx, t0.xyzw, s0\nmov o0.xyzw, r0.xyzw"
    out = f32(run_ps(body, inp, srv(st, RGBA32F, SRV_2D), SamplerDesc(MipLODBias=0.5, MaxLOD=2.0),
                     decl("texture2d")))
    np.testing.assert_allclose(out[:4], [[2.0, 3.0, 0, 0]] * 4, atol=1e-5)
    np.testing.assert_allclose(out[4:], [[0.0, -0.5, 0, 0]] * 4, atol=1e-5)
    assert np.all(f32(run_ps(body, inp, None, SamplerDesc(), decl("texture2d"))) == 0)


# ---- formats, unbound ----------------------------------------------------------------------------

def test_integer_format_point_sampling_raw_bits():
    tex = np.zeros((2, 2, 4), np.uint32)
    tex[..., 0] = [[0xFFFFFFF0, 1], [2, 3]]
    tex[..., 3] = 0x80000000
    st = make_storage(3, RGBA32U, [[tex]], 16)
    inp = np.array([[0.25, 0.25, 0, 0], [0.5, 0.5, 0, 0]], np.float32)
    body = "sample_l_indexable(texture2d)(uint,uint,uint,uint) o0.xyzw, v0.xyxx, t0.xyzw, s0, l(0.0)"
    dcl = "dcl_sampler s0, mode_default\ndcl_resource_texture2d (uint,uint,uint,uint) t0\n"
    out = run_ps(body, inp, srv(st, RGBA32U, SRV_2D), SamplerDesc(Filter=0x15), dcl)  # linear -> point
    np.testing.assert_array_equal(out[:, 0], [0xFFFFFFF0, 3])
    np.testing.assert_array_equal(out[:, 3], [0x80000000] * 2)
    tex2 = np.zeros((1, 1, 4), np.int32)
    tex2[..., :2] = [-5, 7]
    st2 = make_storage(3, R8G8_SINT, [[tex2]], 2)
    out2 = run_ps(body, inp[:1], srv(st2, R8G8_SINT, SRV_2D), SamplerDesc(Filter=0), dcl).view(np.int32)
    np.testing.assert_array_equal(out2[0], [-5, 7, 0, 1])  # missing B = 0, A = integer 1


def test_bc1_texture_sampled_via_decoder():
    # one BC1 block: colour0 = pure red 565 (0xF800) > colour1 = blue (0x001F); indices: row 0 -> 1 (c1),
    # others 0 (c0)
    block = np.array([0x00, 0xF8, 0x1F, 0x00, 0x55, 0x00, 0x00, 0x00], np.uint8)
    st = ResourceStorage.create(3, 71, 4, 4, 1, 1, 1, 1, 8, 4)
    st.subresource_bytes(0)[:] = block
    st.touch()
    inp = np.array([[0.1, 0.1, 0, 0], [0.6, 0.9, 0, 0]], np.float32)
    out = f32(run_ps(sl("texture2d", "v0.xyxx"), inp, srv(st, 71, SRV_2D), SamplerDesc(Filter=0), decl("texture2d")))
    np.testing.assert_array_equal(out, [[0, 0, 1, 1], [1, 0, 0, 1]])


def test_unbound_srv_returns_zero_and_inactive_lanes_do_not_raise():
    inp = np.array([[0.5, 0.5, 0, 0]] * 4, np.float32)
    out = run_ps(sl("texture2d", "v0.xyxx"), inp, None, SamplerDesc(), decl("texture2d"))
    np.testing.assert_array_equal(out, 0)
    st = gather_tex()
    bad = np.array([[np.nan, np.inf, 0, 0], [1e30, -1e30, 0, 0], [0.5, 0.5, 0, 0], [np.nan, 0, 0, 0]], np.float32)
    body = "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0"
    out = f32(run_ps(body, bad, srv(st, RGBA32F, SRV_2D), SamplerDesc(AddressU=WRAP), decl("texture2d"),
                     active=np.array([False, False, True, False])))
    assert np.all(np.isfinite(out[2]))
