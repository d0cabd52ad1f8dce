"""Issue 15: the RW texture and RW typed-buffer objects run through the API on both backends (MicrosoftDocs
direct3dhlsl RWTexture1D/1DArray/2D/2DArray/3D and RWBuffer pages: operator[] writes and reads (typed UAV loads of
single 32-bit formats on feature level 11_0), Load, GetDimensions (uint and float outputs) of the view's mip slice;
D3D11.3 §5.3.9: writes outside the view are dropped, reads outside return 0; a store through a UNORM/SNORM/float16
format converts (§3.2.3 FLOAT -> UNORM: saturate, x * 255, round to nearest))."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_objects_kit import device, read_buffer, run_threads

import pyd3d11.d3d11 as d
from pyd3d11.api.convenience import texture_to_numpy

#: kind -> (object, address width, (w, h, depth/array))
RW = {
    "1d": ("RWTexture1D", 1, (8, 1, 1)),
    "1darray": ("RWTexture1DArray", 2, (8, 1, 3)),
    "2d": ("RWTexture2D", 2, (8, 4, 1)),
    "2darray": ("RWTexture2DArray", 3, (8, 4, 3)),
    "3d": ("RWTexture3D", 3, (8, 4, 3)),
}


def _make(dev, kind: str, fmt: int):
    w, h, n = RW[kind][2]
    bind = d.D3D11_BIND_UNORDERED_ACCESS
    if kind.startswith("1d"):
        res = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=w, MipLevels=1, ArraySize=n, Format=fmt, BindFlags=bind))
    elif kind == "3d":
        res = dev.CreateTexture3D(d.D3D11_TEXTURE3D_DESC(Width=w, Height=h, Depth=n, MipLevels=1, Format=fmt,
                                                         BindFlags=bind))
    else:
        res = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=n, Format=fmt,
                                                         SampleDesc=d.DXGI_SAMPLE_DESC(Count=1), BindFlags=bind))
    return res, dev.CreateUnorderedAccessView(res, None)


def _read_all(ctx, res, kind: str) -> np.ndarray:
    """(slices or depth, h, w, channels) of the resource."""
    w, h, n = RW[kind][2]
    if kind == "3d":
        return np.asarray(texture_to_numpy(ctx, res, 0)).reshape(n, h, w, -1)
    return np.stack([np.asarray(texture_to_numpy(ctx, res, s)).reshape(h, w, -1) for s in range(n)])


def _addr(kind: str) -> str:
    k = RW[kind][1]
    return {1: "q.x", 2: "q.xy", 3: "q.xyz"}[k]


@pytest.mark.parametrize("kind", list(RW))
def test_write_then_read_back_every_rw_texture(kind: str):
    """Each thread writes its value at its address (R32_UINT), then (after a device barrier) reads another thread's
    texel back; out-of-range writes are dropped and out-of-range reads give 0."""
    dev, ctx = device()
    obj, k, (w, h, n) = RW[kind]
    res, uav = _make(dev, kind, d.DXGI_FORMAT_R32_UINT)
    coords = []
    for i in range(12):
        x, y, z = (i * 3) % w, (i * 5) % max(h, 1), (i * 7) % n
        coords.append([x, y if k >= 2 and not kind == "1darray" else (z if kind == "1darray" else 0), z, 0])
    coords += [[w, 0, 0, 0], [0, 9, 9, 0]]
    params = np.array(coords, np.int32)
    params[:, 3] = np.arange(len(params)) + 100
    body = (f"  t[{_addr(kind)}] = (uint)q.w;\n  DeviceMemoryBarrierWithGroupSync();\n"
            f"  r = uint4(t[{_addr(kind)}], t.Load({_addr(kind)}), 0, 0);")
    got = run_threads(dev, ctx, f"{obj}<uint> t : register(u0);", body, params, uavs=[uav])
    img = _read_all(ctx, res, kind)[..., 0]
    exp = np.zeros_like(img)
    for x, y, z, v in params.tolist():
        if kind == "1darray":
            s, yy = y, 0
        elif kind in ("2darray", "3d"):
            s, yy = z, y
        else:
            s, yy = 0, y
        if kind == "1d":
            yy, s = 0, 0
        if x < w and yy < h and s < n:
            exp[s, yy, x] = v
    np.testing.assert_array_equal(img, exp)
    for (x, y, z, _v), row in zip(params.tolist(), got.tolist()):
        inside = x < w and (y < (n if kind == "1darray" else h) or k == 1) and (z < n or k < 3)
        # the last writer of a texel wins; the value read back is the texel's final value
        assert row[0] == row[1]
        assert (row[0] != 0) == inside, (x, y, z, row)


@pytest.mark.parametrize("kind", list(RW))
@pytest.mark.parametrize("out", ["uint", "float"])
def test_rw_get_dimensions(kind: str, out: str):
    dev, ctx = device()
    obj, k, (w, h, n) = RW[kind]
    _, uav = _make(dev, kind, d.DXGI_FORMAT_R32_FLOAT)
    names = {"1d": "a", "1darray": "a, b", "2d": "a, b", "2darray": "a, b, c", "3d": "a, b, c"}[kind]
    conv = "uint4(a, b, c, 0)" if out == "uint" else "asuint(float4(a, b, c, 0))"
    got = run_threads(dev, ctx, f"{obj}<float> t : register(u0);",
                      f"  {out} a = 0, b = 0, c = 0; t.GetDimensions({names});\n  r = {conv};",
                      np.zeros((1, 4), np.int32), uavs=[uav])
    if out == "float":
        got = got.view(np.float32)
    exp = {"1d": [w, 0, 0], "1darray": [w, n, 0], "2d": [w, h, 0], "2darray": [w, h, n], "3d": [w, h, n]}[kind]
    assert got[0, :3].tolist() == exp


@pytest.mark.parametrize("fmt,t,vals,decode", [
    (d.DXGI_FORMAT_R8G8B8A8_UNORM, "float4", [0.0, 0.5, 1.5, -1.0],
     lambda v: np.round(np.clip(v, 0, 1) * 255).astype(np.uint8)),
    (d.DXGI_FORMAT_R16G16B16A16_FLOAT, "float4", [0.5, -2.0, 65504.0, 1.0 / 3],
     lambda v: v.astype(np.float16)),
    (d.DXGI_FORMAT_R8G8B8A8_SNORM, "float4", [-1.0, 0.5, 1.0, -0.25],
     lambda v: np.round(np.clip(v, -1, 1) * 127).astype(np.int8)),
    (d.DXGI_FORMAT_R16G16B16A16_UINT, "uint4", [1, 65535, 70000, 7],
     lambda v: np.minimum(np.asarray(v, np.int64), 0xFFFF).astype(np.uint16)),
])
def test_typed_stores_convert_through_the_format(fmt, t, vals, decode):
    """RWBuffer<T> and RWTexture2D<T> stores are converted by the view's format: UNORM/SNORM saturate, scale and
    round to nearest; float16 rounds; a UINT channel clamps to its range (§3.2.3.13: to fewer bits, "simply
    clamped to the range of the target format")."""
    dev, ctx = device()
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS))
    bview = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=fmt, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER, Buffer=d.D3D11_BUFFER_UAV(FirstElement=0,
                                                                                           NumElements=2)))
    lit = ", ".join(repr(float(v)) if t.startswith("float") else f"{int(v)}u" for v in vals)
    run_threads(dev, ctx, f"RWBuffer<{t}> b : register(u0);", f"  b[1] = {t}({lit});", np.zeros((1, 4), np.int32),
                uavs=[bview])
    exp = decode(np.asarray(vals, np.float64 if t.startswith("float") else np.int64))
    size = exp.nbytes
    got = read_buffer(dev, ctx, buf, 64).view(np.uint8)[size:2 * size].view(exp.dtype)
    if exp.dtype == np.float16:
        np.testing.assert_array_equal(got, np.asarray(vals, np.float32).astype(np.float16))
    else:
        np.testing.assert_array_equal(got, exp)


def test_typed_atomics_on_3d_and_array_textures():
    """The global Interlocked* functions on RWTexture3D / RWTexture2DArray / RWTexture1DArray texels (R32_UINT):
    the address's last component is the depth or the array slice; each returns the texel's prior value."""
    dev, ctx = device()
    t3 = dev.CreateTexture3D(d.D3D11_TEXTURE3D_DESC(Width=4, Height=2, Depth=3, MipLevels=1,
                                                    Format=d.DXGI_FORMAT_R32_UINT,
                                                    BindFlags=d.D3D11_BIND_UNORDERED_ACCESS))
    ta = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=2, MipLevels=1, ArraySize=3,
                                                    Format=d.DXGI_FORMAT_R32_UINT,
                                                    SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                    BindFlags=d.D3D11_BIND_UNORDERED_ACCESS))
    t1 = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=4, MipLevels=1, ArraySize=3, Format=d.DXGI_FORMAT_R32_UINT,
                                                    BindFlags=d.D3D11_BIND_UNORDERED_ACCESS))
    uavs = [dev.CreateUnorderedAccessView(x, None) for x in (t3, ta, t1)]
    params = np.array([[x, y, z, 0] for x in range(4) for y in range(2) for z in range(3)], np.int32)
    got = run_threads(dev, ctx, "RWTexture3D<uint> a : register(u0); RWTexture2DArray<uint> b : register(u1);\n"
                      "RWTexture1DArray<uint> c : register(u2);",
                      "  uint o1, o2, o3;\n  InterlockedAdd(a[q.xyz], q.x + 10 * q.y + 100 * q.z + 1, o1);\n"
                      "  InterlockedOr(b[q.xyz], 1u << q.x, o2);\n  InterlockedMax(c[q.xz], q.y + 5, o3);\n"
                      "  r = uint4(o1, o2, o3, 0);", params, uavs=uavs)
    a = np.asarray(texture_to_numpy(ctx, t3, 0)).reshape(3, 2, 4)
    b = np.stack([np.asarray(texture_to_numpy(ctx, ta, s)).reshape(2, 4) for s in range(3)])
    c = np.stack([np.asarray(texture_to_numpy(ctx, t1, s)).reshape(4) for s in range(3)])
    for x, y, z, _ in params.tolist():
        assert a[z, y, x] == x + 10 * y + 100 * z + 1 and b[z, y, x] == 1 << x and c[z, x] == 6
    assert (got[:, 0] == 0).all() and (got[:, 1] == 0).all()
    # two threads (y = 0, 1) share each c texel: one saw 0, the other the first one's value (5 or 6)
    for x in range(4):
        for z in range(3):
            pair = sorted(got[(params[:, 0] == x) & (params[:, 2] == z), 2].tolist())
            assert pair in ([0, 5], [0, 6]), (x, z, pair)
