"""Issue 15: texture-object methods run through the API on both backends, against a numpy model of the texture
(tests/hlsl_docs_objects_kit.py: every texel's value encodes its x, y, z/slice and mip).

Definitions (MicrosoftDocs direct3dhlsl: each object's Load, operator[], mips, SampleLevel, Gather* and
GetDimensions page; D3D11.3 spec §22.4.6 ld: an address outside the mip level, array or mip chain reads 0, the
offset is added to the texel address; §7.18.7 point sampling picks texel floor(u * size) of the level, the wrap
address mode takes it modulo the size; the array index is the coordinate rounded to nearest even and clamped to the
array; §7.18.4 cube faces; gather returns the 2x2 footprint's channel in the order (i0, j1), (i1, j1), (i1, j0),
(i0, j0) where i0 = floor(u * w - 0.5); with four offsets texel k is taken at offset k)."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_objects_kit import device, make_texture, run_threads, sampler

W, H, N, MIPS = 8, 4, 3, 3

#: kind -> (HLSL object, Load address width (coordinates + array + mip), offset width, coordinate dims)
KINDS = {
    "1d": ("Texture1D", 2, 1, 1),
    "1darray": ("Texture1DArray", 3, 1, 1),
    "2d": ("Texture2D", 3, 2, 2),
    "2darray": ("Texture2DArray", 4, 2, 2),
    "3d": ("Texture3D", 4, 3, 3),
}


def _dims(kind: str) -> tuple[int, int, int]:
    return (W, 1 if kind.startswith("1d") else H, N)


def _texel(model, kind, x, y, zs, mip):
    """The model's value at (x, y, z or slice) of ``mip``, or zeros outside (ld's out-of-bounds rule)."""
    if not 0 <= mip < len(model):
        return np.zeros(4, np.float32)
    m = model[mip]
    s, dz, h, w, _ = m.shape
    if kind == "3d":
        ok = 0 <= x < w and 0 <= y < h and 0 <= zs < dz
        return m[0, zs, y, x] if ok else np.zeros(4, np.float32)
    ok = 0 <= x < w and 0 <= y < h and 0 <= zs < s
    return m[zs, 0, y, x] if ok else np.zeros(4, np.float32)


def _addr(kind: str, x: str, y: str, z: str, mip: str | None) -> str:
    parts = {"1d": [x], "1darray": [x, z], "2d": [x, y], "2darray": [x, y, z], "3d": [x, y, z]}[kind]
    if mip is not None:
        parts.append(mip)
    return f"int{len(parts)}({', '.join(parts)})" if len(parts) > 1 else f"int({parts[0]})"


CASES = np.array([[0, 0, 0, 0], [3, 1, 1, 0], [7, 3, 2, 0], [1, 0, 2, 1], [3, 1, 0, 1], [0, 0, 1, 2], [1, 0, 0, 2],
                  [8, 0, 0, 0], [-1, 0, 0, 0], [0, 4, 0, 0], [0, 0, 3, 0], [4, 0, 0, 1], [0, 0, 0, 3], [2, 2, 1, 1],
                  [5, 2, 1, 0], [2, 1, 2, 1]], np.int32)

OFFSETS = {1: ["0", "1", "-2", "7"], 2: ["int2(0, 0)", "int2(1, -1)", "int2(-3, 2)", "int2(7, -8)"],
           3: ["int3(0, 0, 0)", "int3(1, 1, 1)", "int3(-1, 0, 2)", "int3(-8, 7, -1)"]}


def _offset_value(text: str) -> tuple[int, int, int]:
    nums = [int(t) for t in text.replace("int2", "").replace("int3", "").strip("()").split(",")]
    return tuple(nums + [0] * (3 - len(nums)))


def _expect_load(kind, model, cases, off=(0, 0, 0)):
    out = []
    for x, y, z, mip in cases:
        if kind.startswith("1d"):
            y = 0
        zs = z if kind != "2d" else 0
        if kind == "1d":
            zs = 0
        out.append(_texel(model, kind, x + off[0], y + off[1], zs + (off[2] if kind == "3d" else 0), mip))
    return np.array(out, np.float32)


@pytest.fixture(scope="module")
def textures():
    dev, ctx = device()
    return dev, ctx, {k: make_texture(dev, k, W, 1 if k.startswith("1d") else H, N, MIPS) for k in KINDS}


@pytest.mark.parametrize("kind", list(KINDS))
def test_load_every_texture_kind_with_each_offset(textures, kind: str):
    """Load(address [, offset]) on each object: the level's texel at address + offset; outside the level, the array
    or the mip chain, zeros. (The status overloads compile to the residency instructions, which need tiled
    resources: the device rejects them, so they are not run here.)"""
    dev, ctx, tex = textures
    obj, _, ow, _ = KINDS[kind]
    _, srv, model = tex[kind]
    addr = _addr(kind, "q.x", "q.y", "q.z", "q.w")
    for off in OFFSETS[ow]:
        got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0);",
                          f"  r = asuint(t.Load({addr}, {off}));", CASES, [srv])
        np.testing.assert_array_equal(got.view(np.float32), _expect_load(kind, model, CASES, _offset_value(off)),
                                      err_msg=f"{obj}.Load(..., {off})")


@pytest.mark.parametrize("kind", list(KINDS))
def test_operator_index_and_mips_subscript(textures, kind: str):
    """t[address] reads mip 0 (no mip in the address); t.mips[m][address] reads level m."""
    dev, ctx, tex = textures
    obj = KINDS[kind][0]
    _, srv, model = tex[kind]
    addr = _addr(kind, "q.x", "q.y", "q.z", None).replace("int(q.x)", "q.x")
    got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0);", f"  r = asuint(t[{addr}]);", CASES, [srv])
    zero_mip = CASES.copy()
    zero_mip[:, 3] = 0
    np.testing.assert_array_equal(got.view(np.float32), _expect_load(kind, model, zero_mip), err_msg=f"{obj}[]")
    got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0);", f"  r = asuint(t.mips[q.w][{addr}]);",
                      CASES, [srv])
    np.testing.assert_array_equal(got.view(np.float32), _expect_load(kind, model, CASES), err_msg=f"{obj}.mips")


def test_mips_subscript_with_a_literal_level_and_a_component():
    dev, ctx = device()
    _, srv, model = make_texture(dev, "2d", W, H, 1, MIPS)
    got = run_threads(dev, ctx, "Texture2D<float4> t : register(t0);",
                      "  r = uint4(asuint(t.mips[1][q.xy].y), asuint(t.mips[2][uint2(1, 0)].w), 0, 0);",
                      np.array([[3, 1, 0, 0], [0, 0, 0, 0]], np.int32), [srv])
    assert got[:, 0].view(np.float32).tolist() == [model[1][0, 0, 1, 3, 1], model[1][0, 0, 0, 0, 1]]
    assert got[:, 1].view(np.float32).tolist() == [model[2][0, 0, 0, 1, 3]] * 2


# ------------------------------------------------------------------------------------------- point sampling

def _wrap(i, n):
    return int(i) % n


@pytest.mark.parametrize("kind", list(KINDS))
def test_sample_level_point_wrap_with_offsets(textures, kind: str):
    """SampleLevel(s, location, lod [, offset]) with point filtering and wrap addressing: texel floor(u * w) +
    offset of level lod, modulo the level's size; the array coordinate rounded (to nearest even) and clamped."""
    dev, ctx, tex = textures
    obj, _, ow, nd = KINDS[kind]
    _, srv, model = tex[kind]
    smp = sampler(dev)
    cases = CASES.copy()
    cases[:, 3] = np.clip(cases[:, 3], 0, MIPS - 1)
    loc_parts = ["(q.x + 0.5) / w", "(q.y + 0.5) / h", "(q.z + 0.5) / dd"][:nd]
    if kind.endswith("array"):
        loc_parts.append("q.z + 0.5 * (q.x & 1) - 0.25 * (q.y & 1)")
    loc = f"float{len(loc_parts)}({', '.join(loc_parts)})" if len(loc_parts) > 1 else loc_parts[0]
    pre = "  float w = max(1, 8 >> q.w), h = max(1, 4 >> q.w), dd = max(1, 3 >> q.w);\n"
    for off in OFFSETS[ow][:3]:
        o = _offset_value(off)
        got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0); SamplerState s : register(s0);",
                          pre + f"  r = asuint(t.SampleLevel(s, {loc}, q.w, {off}));", cases, [srv], samplers=[smp])
        exp = []
        for x, y, z, mip in cases:
            m = model[mip]
            sl, dz, h, w, _ = m.shape
            xi = _wrap(x + o[0], w)
            yi = _wrap(y + o[1], h) if nd > 1 else 0
            if kind == "3d":
                exp.append(m[0, _wrap(z + o[2], dz), yi, xi])
            elif kind.endswith("array"):
                a = np.float32(z) + np.float32(0.5) * (x & 1) - np.float32(0.25) * (y & 1)
                exp.append(m[int(np.clip(np.rint(a), 0, sl - 1)), 0, yi, xi])
            else:
                exp.append(m[0, 0, yi, xi])
        np.testing.assert_array_equal(got.view(np.float32), np.array(exp), err_msg=f"{obj}.SampleLevel(..., {off})")


def _cube_dir(face: int, u: float, v: float) -> tuple[float, float, float]:
    """A direction whose face is ``face`` and face coordinates (u, v) in [0, 1] (D3D11.3 §7.18.4's table)."""
    sc, tc = 2 * u - 1, 2 * v - 1
    return [(1, -tc, -sc), (-1, -tc, sc), (sc, 1, tc), (sc, -1, -tc), (sc, -tc, 1), (-sc, -tc, -1)][face]


@pytest.mark.parametrize("arrayed", [False, True])
def test_cube_sample_level_picks_the_face_and_texel(arrayed: bool):
    dev, ctx = device()
    kind = "cubearray" if arrayed else "cube"
    _, srv, model = make_texture(dev, kind, 4, 4, 2, 2)
    cases, exp = [], []
    for face in range(6):
        for (x, y, mip, cube) in [(0, 0, 0, 0), (3, 1, 0, 1), (1, 2, 1, 1), (2, 3, 0, 0)]:
            size = 4 >> mip
            if x >= size or y >= size:
                x, y = x % size, y % size
            dx, dy, dz = _cube_dir(face, (x + 0.5) / size, (y + 0.5) / size)
            cube = cube if arrayed else 0
            cases.append([int(dx * 1024), int(dy * 1024), int(dz * 1024), mip | (cube << 4)])
            exp.append(model[mip][face + 6 * cube, 0, y, x])
    obj = "TextureCubeArray" if arrayed else "TextureCube"
    loc = "float4(q.xyz / 1024.0, q.w >> 4)" if arrayed else "q.xyz / 1024.0"
    got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0); SamplerState s : register(s0);",
                      f"  r = asuint(t.SampleLevel(s, {loc}, q.w & 15));", np.array(cases), [srv],
                      samplers=[sampler(dev)])
    np.testing.assert_array_equal(got.view(np.float32), np.array(exp))


# ------------------------------------------------------------------------------------------------- gather

def _footprint(m2d: np.ndarray, u: float, v: float, offs) -> list[float]:
    """Per result component k: the channel's texel k of the 2x2 footprint at offset offs[k] (wrap)."""
    h, w = m2d.shape[:2]
    i0, j0 = int(np.floor(u * w - 0.5)), int(np.floor(v * h - 0.5))
    order = [(0, 1), (1, 1), (1, 0), (0, 0)]
    return [(i0 + order[k][0] + offs[k][0], j0 + order[k][1] + offs[k][1]) for k in range(4)]


GATHER_CHANNEL = {"Gather": 0, "GatherRed": 0, "GatherGreen": 1, "GatherBlue": 2, "GatherAlpha": 3}


@pytest.mark.parametrize("method", list(GATHER_CHANNEL))
@pytest.mark.parametrize("arrayed", [False, True])
def test_gather_channels_with_one_and_four_offsets(method: str, arrayed: bool):
    dev, ctx = device()
    kind = "2darray" if arrayed else "2d"
    _, srv, model = make_texture(dev, kind, W, H, N, 1)
    smp = sampler(dev)
    cases = np.array([[1, 1, 0, 0], [4, 2, 1, 0], [0, 0, 2, 0], [7, 3, 1, 0], [3, 0, 0, 0], [6, 1, 2, 0]],
                     np.int32)
    obj = "Texture2DArray" if arrayed else "Texture2D"
    # a location on a texel corner (between four texel centers): (x / w, y / h)
    loc = "float3(q.x / 8.0, q.y / 4.0, q.z)" if arrayed else "float2(q.x / 8.0, q.y / 4.0)"
    forms = [("", [(0, 0)] * 4), (", int2(1, -1)", [(1, -1)] * 4)]
    if method != "Gather":
        forms.append((", int2(0, 0), int2(1, 0), int2(-2, 1), int2(3, 3)", [(0, 0), (1, 0), (-2, 1), (3, 3)]))
    ch = GATHER_CHANNEL[method]
    for args, offs in forms:
        got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0); SamplerState s : register(s0);",
                          f"  r = asuint(t.{method}(s, {loc}{args}));", cases, [srv], samplers=[smp])
        exp = []
        for x, y, z, _ in cases:
            sl = z if arrayed else 0
            m = model[0][sl, 0]
            texels = _footprint(m, x / 8.0, y / 4.0, offs)
            exp.append([m[j % H, i % W, ch] for i, j in texels])
        np.testing.assert_array_equal(got.view(np.float32), np.array(exp, np.float32),
                                      err_msg=f"{obj}.{method}(s, loc{args})")


# ------------------------------------------------------------------------------------------ GetDimensions

@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("out", ["uint", "float"])
def test_get_dimensions_every_level(textures, kind: str, out: str):
    """GetDimensions(mip, width[, height][, elements or depth], levels): the level's sizes (max(1, size >> mip))
    and the level count; the float overload returns the same numbers as floats."""
    dev, ctx, tex = textures
    obj = KINDS[kind][0]
    _, srv, _ = tex[kind]
    n_out = {"1d": 1, "1darray": 2, "2d": 2, "2darray": 3, "3d": 3}[kind]
    names = "abc"[:n_out]
    decl = f"  {out} a = 0, b = 0, c = 0, l = 0;\n"
    call = f"  t.GetDimensions(q.x, {', '.join(names)}, l);\n"
    body = decl + call + ("  r = uint4(a, b, c, l);" if out == "uint" else "  r = asuint(float4(a, b, c, l));")
    cases = np.array([[m, 0, 0, 0] for m in range(MIPS)], np.int32)
    got = run_threads(dev, ctx, f"{obj}<float4> t : register(t0);", body, cases, [srv])
    if out == "float":
        got = got.view(np.float32)
    w, h, n = _dims(kind)
    for m in range(MIPS):
        sizes = {"1d": [w >> m], "1darray": [max(1, w >> m), n], "2d": [max(1, w >> m), max(1, h >> m)],
                 "2darray": [max(1, w >> m), max(1, h >> m), n],
                 "3d": [max(1, w >> m), max(1, h >> m), max(1, n >> m)]}[kind]
        sizes = sizes + [0] * (3 - len(sizes)) + [MIPS]
        assert got[m].tolist() == sizes, (kind, out, m)


def test_gather_with_run_time_offsets_honours_six_signed_bits():
    """A run-time Gather offset compiles to gather4_po (§22.4.4): the 6 least significant bits of each offset as a
    signed value, [-32, 31]; here on a UINT texture (gather returns the integers unconverted)."""
    import pyd3d11.d3d11 as d

    dev, ctx = device()
    data = np.arange(64, dtype=np.uint32).reshape(8, 8) * 1000003
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=8, Height=8, MipLevels=1, ArraySize=1,
                                                     Format=d.DXGI_FORMAT_R32_UINT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=data.tobytes(), SysMemPitch=32)])
    params = np.array([[2, 2, 1, 0], [2, 2, -3, 2], [2, 2, 31, 0], [2, 2, 32, 0], [2, 2, 40, -33], [5, 1, 7, 7]],
                      np.int32)
    got = run_threads(dev, ctx, "Texture2D<uint> t : register(t0); SamplerState s : register(s0);",
                      "  r = t.GatherRed(s, float2(q.x, q.y) / 8.0, q.zw);", params,
                      [dev.CreateShaderResourceView(tex, None)], samplers=[sampler(dev)])

    def six(v: int) -> int:
        v &= 63
        return v - 64 if v >= 32 else v

    for (x, y, ox, oy), row in zip(params.tolist(), got.tolist()):
        i0, j0 = x - 1 + six(ox), y - 1 + six(oy)
        exp = [data[(j0 + 1) % 8, i0 % 8], data[(j0 + 1) % 8, (i0 + 1) % 8], data[j0 % 8, (i0 + 1) % 8],
               data[j0 % 8, i0 % 8]]
        assert row == [int(e) for e in exp], (x, y, ox, oy)
