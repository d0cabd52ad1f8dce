"""Memory in (issue 17 item 5): what D3D11_SUBRESOURCE_DATA, UpdateSubresource and mapped writes accept, the
E_INVALIDARG refusals naming the mismatch, and cbuffer_dtype checked end to end by a compute shader reading
the buffer it laid out."""

import array
import ctypes

import numpy as np
import pytest

import pyd3d11
from pyd3d11.d3d11 import *
from pyd3d11.d3dcompiler import *
from pyd3d11.dxgi import *
from pyd3d11.errors import D3D11Error, InvalidArgError


@pytest.fixture
def dev():
    device, _, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, D3D11_CREATE_DEVICE_DEBUG, None,
                                       D3D11_SDK_VERSION)
    return device, ctx


def buf(device, data, bind=D3D11_BIND_VERTEX_BUFFER, size=16):
    return device.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=size, BindFlags=bind), D3D11_SUBRESOURCE_DATA(pSysMem=data))


def refused(fn, *args, **kw):
    with pytest.raises(InvalidArgError) as e:
        fn(*args, **kw)
    assert e.value.hresult == 0x80070057
    return str(e.value)


class Vec4(ctypes.Structure):
    _fields_ = [("x", ctypes.c_float), ("y", ctypes.c_float), ("z", ctypes.c_float), ("w", ctypes.c_float)]


FLOATS = np.float32([1.5, -2.0, 3.25, 4.0])


@pytest.mark.parametrize("source", [
    FLOATS, FLOATS.tobytes(), bytearray(FLOATS.tobytes()), memoryview(FLOATS.tobytes()),
    Vec4(1.5, -2.0, 3.25, 4.0), (ctypes.c_float * 4)(1.5, -2.0, 3.25, 4.0), array.array("f", FLOATS.tolist()),
    FLOATS.view(np.uint8), FLOATS.reshape(2, 2)[:, ::-1][:, ::-1],
])
def test_accepted_sources_give_the_same_bytes(dev, source):
    device, _ = dev
    b = buf(device, source)
    assert bytes(b._storage.data) == FLOATS.tobytes()


@pytest.mark.parametrize("source, words", [
    ([1.0, 2.0, 3.0, 4.0], "Python list"), ((1, 2, 3, 4), "Python tuple"), ("abcdabcdabcdabcd", "Python str"),
    (np.array([1.0, 2.0]), "float64 data for a vertex buffer"),
    (np.zeros(4, np.int64), "int64 data for a vertex buffer"),
    (np.zeros(4, bool), "bool data"),
    (np.array([object()] * 4), "numpy object array"),
    (np.zeros(1, [("pos", "<f4", 3), ("weight", "<f8")]), "field 'weight' (float64)"),
    (array.array("d", [1.0, 2.0]), "float64 data for a vertex buffer"),
    ((ctypes.c_double * 2)(1.0, 2.0), "float64 data for a vertex buffer"),
])
def test_vertex_buffer_refusals_name_the_mismatch(dev, source, words):
    device, _ = dev
    text = refused(buf, device, source)
    assert words in text and "pSysMem" in text
    refused(device.CreateBuffer, D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_VERTEX_BUFFER),
            D3D11_SUBRESOURCE_DATA(pSysMem=source), None)  # the validate-only call refuses it too


def test_index_buffers_take_16_and_32_bit_integers(dev):
    device, _ = dev
    for dt in (np.uint16, np.uint32, np.int32):
        assert buf(device, np.arange(8, dtype=dt), D3D11_BIND_INDEX_BUFFER, 8) is not None
    assert "R16_UINT or R32_UINT" in refused(buf, device, FLOATS, D3D11_BIND_INDEX_BUFFER)
    assert "int64" in refused(buf, device, np.arange(2), D3D11_BIND_INDEX_BUFFER)  # numpy's default int


def test_other_buffers_may_hold_doubles(dev):
    device, _ = dev
    b = buf(device, np.array([1.0, 2.0]), D3D11_BIND_CONSTANT_BUFFER)
    assert np.array_equal(b._storage.data.view(np.float64), [1.0, 2.0])
    refused(buf, device, [1.0, 2.0], D3D11_BIND_CONSTANT_BUFFER)


def tex(device, fmt, data, w=2, h=2, pitch=None):
    return device.CreateTexture2D(D3D11_TEXTURE2D_DESC(Width=w, Height=h, MipLevels=1, ArraySize=1, Format=fmt,
                                                       SampleDesc=DXGI_SAMPLE_DESC(Count=1),
                                                       BindFlags=D3D11_BIND_SHADER_RESOURCE),
                                  D3D11_SUBRESOURCE_DATA(pSysMem=data, SysMemPitch=pitch or np.asarray(
                                      memoryview(data).cast("B")).size // h))


@pytest.mark.parametrize("fmt, dtype", [
    (DXGI_FORMAT_R8G8B8A8_UNORM, np.uint8), (DXGI_FORMAT_R8G8B8A8_SNORM, np.int8),
    (DXGI_FORMAT_R32G32B32A32_FLOAT, np.float32), (DXGI_FORMAT_R32G32B32A32_TYPELESS, np.float32),
    (DXGI_FORMAT_R16G16B16A16_FLOAT, np.float16), (DXGI_FORMAT_R16G16B16A16_UNORM, np.uint16),
    (DXGI_FORMAT_R32G32B32A32_UINT, np.uint32), (DXGI_FORMAT_R10G10B10A2_UNORM, np.uint32),
    (DXGI_FORMAT_R8G8B8A8_UNORM, np.uint32),  # one 32-bit word per element
    (DXGI_FORMAT_R32_FLOAT, np.float32), (DXGI_FORMAT_R32G8X24_TYPELESS, np.uint32),
])
def test_texture_accepts_matching_dtypes(dev, fmt, dtype):
    from pyd3d11.formats.table import bytes_per_element

    device, _ = dev
    n = 4 * bytes_per_element(fmt) // np.dtype(dtype).itemsize
    data = (np.arange(n) % 100).astype(dtype)
    t = tex(device, fmt, data)
    assert bytes(t._storage.data) == data.tobytes()


@pytest.mark.parametrize("fmt, dtype, words", [
    (DXGI_FORMAT_R8G8B8A8_UNORM, np.float32, "float32 data for DXGI_FORMAT_R8G8B8A8_UNORM (8-bit UNORM"),
    (DXGI_FORMAT_R8G8B8A8_UNORM, np.uint16, "16-bit integers match neither"),
    (DXGI_FORMAT_R32_FLOAT, np.float16, "float16 data for DXGI_FORMAT_R32_FLOAT"),
    (DXGI_FORMAT_R32G32_FLOAT, np.float64, "no 64-bit channels"),
    (DXGI_FORMAT_R16G16B16A16_UNORM, np.float32, "float32 data"),
    (DXGI_FORMAT_R11G11B10_FLOAT, np.float32, "float32 data"),
    (DXGI_FORMAT_BC1_UNORM, np.float32, "block-compressed"),
    (DXGI_FORMAT_R8G8B8A8_UNORM, bool, "bool data"),
])
def test_texture_refuses_mismatched_dtypes(dev, fmt, dtype, words):
    device, _ = dev
    data = np.zeros(64, dtype)
    assert words in refused(tex, device, fmt, data, pitch=32)


def test_bc_takes_integer_words(dev):
    device, _ = dev
    blocks = np.arange(2, dtype=np.uint64)
    t = tex(device, DXGI_FORMAT_BC1_UNORM, blocks, w=8, h=4, pitch=16)
    assert bytes(t._storage.data) == blocks.tobytes()


def test_update_subresource_drops_bad_sources_with_a_message(dev):
    device, ctx = dev
    b = device.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_VERTEX_BUFFER))
    q = device.QueryInterface(ID3D11InfoQueue)
    before = q.GetNumStoredMessages()
    ctx.UpdateSubresource(b, 0, None, [1.0, 2.0, 3.0, 4.0], 0, 0)
    ctx.UpdateSubresource(b, 0, None, np.array([1.0, 2.0]), 0, 0)
    assert bytes(b._storage.data) == bytes(16)  # state untouched
    texts = [q.GetMessage(i).pDescription for i in range(before, q.GetNumStoredMessages())]
    assert any("list is not memory" in t or "Python list" in t for t in texts) and any("float64 data for a vertex buffer" in t for t in texts)
    ctx.UpdateSubresource(b, 0, None, Vec4(1, 2, 3, 4), 0, 0)
    assert np.array_equal(b._storage.data.view(np.float32), [1, 2, 3, 4])
    t = tex(device, DXGI_FORMAT_R8G8B8A8_UNORM, np.zeros(16, np.uint8))
    ctx.UpdateSubresource(t, 0, None, np.ones((2, 2, 4), np.float32), 8, 0)
    assert bytes(t._storage.data) == bytes(16)


def test_mapped_write_and_memcpy(dev):
    device, ctx = dev
    b = device.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=16, BindFlags=D3D11_BIND_VERTEX_BUFFER,
                                              Usage=D3D11_USAGE_DYNAMIC, CPUAccessFlags=D3D11_CPU_ACCESS_WRITE))
    with ctx.Map(b, 0, D3D11_MAP_WRITE_DISCARD, 0) as m:
        assert m.write(FLOATS) == 16
        with pytest.raises(InvalidArgError, match="Python list"):
            m.write([1.0, 2.0])
        with pytest.raises(InvalidArgError, match="float64 data for a vertex buffer"):
            m.write(np.array([1.0]))
        with pytest.raises(InvalidArgError, match="do not fit"):
            m.write(FLOATS, offset=4)
    assert bytes(b._storage.data) == FLOATS.tobytes()
    with ctx.Map(b, 0, D3D11_MAP_WRITE_DISCARD, 0) as m:
        pyd3d11.memcpy(m, Vec4(9, 8, 7, 6), ctypes.sizeof(Vec4))
    assert np.array_equal(b._storage.data.view(np.float32), [9, 8, 7, 6])
    with ctx.Map(b, 0, D3D11_MAP_WRITE_DISCARD, 0) as m:
        pyd3d11.memcpy(m.pData, np.float32([5, 5]).tobytes())
        pyd3d11.memcpy(m.pData[8:], np.float32([1, 2]))
    assert np.array_equal(b._storage.data.view(np.float32), [5, 5, 1, 2])


CB_HLSL = """
struct Pair { float a; float3 b; };
cbuffer Params : register(b0)
{
    float4x4 World;
    row_major float2x3 R;
    float s;
    float2 arr[3];
    int3 iv;
    Pair st[2];
    bool flag;
};
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main()
{
    Out[0] = mul(float4(1, 2, 3, 4), World);
    Out[1] = float4(R[0], R[1].x);
    Out[2] = float4(R[1].yz, s, 0);
    Out[3] = float4(arr[0], arr[1]);
    Out[4] = float4(arr[2], (float)iv.x, (float)iv.z);
    Out[5] = float4(st[0].a, st[0].b);
    Out[6] = float4(st[1].a, st[1].b);
    Out[7] = float4(flag ? 1 : 0, (float)iv.y, 0, 0);
}
"""


def test_cbuffer_dtype_layout_read_back_by_a_shader(dev):
    device, ctx = dev
    code = D3DCompile(CB_HLSL, len(CB_HLSL), "cb", None, None, "main", "cs_5_0", 0, 0)
    refl = D3DReflect(code)
    dt = pyd3d11.cbuffer_dtype(refl, "Params")
    assert dt.itemsize % 16 == 0 and dt["World"].shape == (4, 4) and dt["R"].shape == (2, 4)
    assert dt["arr"].shape == (3, 4) and dt["st"].shape == (2,) and dt["iv"].shape == (3,)
    cb = np.zeros(1, dt)
    world = np.arange(16, dtype=np.float32).reshape(4, 4) / 7
    cb["World"] = world.T  # column_major: one register per column, as XMMatrixTranspose does in C++
    R = np.float32([[1, 2, 3], [4, 5, 6]])
    cb["R"][0, :, :3] = R
    cb["s"] = 7.5
    cb["arr"][0, :, :2] = [[10, 11], [12, 13], [14, 15]]
    cb["iv"] = (21, 22, 23)
    cb["st"][0, 0]["a"], cb["st"][0, 0]["b"] = 31, (32, 33, 34)
    cb["st"][0, 1]["a"], cb["st"][0, 1]["b"] = 41, (42, 43, 44)
    cb["flag"] = 1
    cbuf = device.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=dt.itemsize, BindFlags=D3D11_BIND_CONSTANT_BUFFER),
                               D3D11_SUBRESOURCE_DATA(pSysMem=cb))
    out = device.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=8 * 16, BindFlags=D3D11_BIND_UNORDERED_ACCESS,
                                                MiscFlags=D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
                                                StructureByteStride=16))
    ud = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=DXGI_FORMAT_UNKNOWN, ViewDimension=D3D11_UAV_DIMENSION_BUFFER)
    ud.Buffer.NumElements = 8
    uav = device.CreateUnorderedAccessView(out, ud)
    ctx.CSSetShader(device.CreateComputeShader(code), None, 0)
    ctx.CSSetConstantBuffers(0, 1, [cbuf])
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    got = pyd3d11.texture_to_numpy(ctx, out).view(np.float32).reshape(8, 4)
    assert np.allclose(got[0], np.float32([1, 2, 3, 4]) @ world, rtol=1e-6)
    assert got[1].tolist() == [1, 2, 3, 4] and got[2].tolist() == [5, 6, 7.5, 0]
    assert got[3].tolist() == [10, 11, 12, 13] and got[4].tolist() == [14, 15, 21, 23]
    assert got[5].tolist() == [31, 32, 33, 34] and got[6].tolist() == [41, 42, 43, 44]
    assert got[7].tolist() == [1, 22, 0, 0]
    with pytest.raises(D3D11Error):
        pyd3d11.cbuffer_dtype(refl, "Missing")
