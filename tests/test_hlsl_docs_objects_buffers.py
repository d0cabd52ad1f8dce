"""Issue 15: buffer-object methods run through the API on both backends against numpy models (MicrosoftDocs
direct3dhlsl: ByteAddressBuffer / RWByteAddressBuffer Load, Load2-4, Store, Store2-4, the Interlocked* methods
and their ``original`` outputs, GetDimensions; StructuredBuffer / RWStructuredBuffer loads and stores of members,
GetDimensions(count, stride), IncrementCounter / DecrementCounter; AppendStructuredBuffer.Append,
ConsumeStructuredBuffer.Consume; Buffer<T> Load and operator[] through the view's format; the global Interlocked*
functions on RWBuffer, RWTexture2D, structured members and groupshared. D3D11.3 spec §5.3.? / 22.4: raw and
structured accesses outside the view read 0 and writes outside are dropped; atomics return the value before the
operation; imin/imax compare as signed, umin/umax as unsigned."""

from __future__ import annotations

import numpy as np
import pytest
from hlsl_docs_objects_kit import device, raw_buffer, read_buffer, run_threads, structured_buffer

import pyd3d11.d3d11 as d

RAW = (np.arange(64, dtype=np.uint32) * 0x01010101 + 0x10203) & 0xFFFFFFFF


def _raw_expect(addr_bytes, count, words=RAW):
    out = []
    for a in addr_bytes:
        row = []
        for k in range(count):
            i = a // 4 + k
            row.append(int(words[i]) if 0 <= i < len(words) else 0)
        out.append(row + [0] * (4 - count))
    return np.array(out, np.uint32)


@pytest.mark.parametrize("rw", [False, True])
@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_byte_address_load_n(rw: bool, count: int):
    """Load / Load2 / Load3 / Load4(address): consecutive words from the byte address; a whole access outside the
    buffer reads 0."""
    dev, ctx = device()
    _, view = raw_buffer(dev, RAW, uav=rw)
    addrs = [0, 4, 60, 128, 252 - 4 * (count - 1), 256, 1024, 4000]
    params = np.array([[a, 0, 0, 0] for a in addrs], np.int32)
    obj = "RWByteAddressBuffer" if rw else "ByteAddressBuffer"
    reg = "u0" if rw else "t0"
    suffix = "" if count == 1 else str(count)
    pad = {1: "uint4(v, 0, 0, 0)", 2: "uint4(v, 0, 0)", 3: "uint4(v, 0)", 4: "v"}[count]
    vt = "uint" if count == 1 else f"uint{count}"
    got = run_threads(dev, ctx, f"{obj} b : register({reg});", f"  {vt} v = b.Load{suffix}(q.x);\n  r = {pad};",
                      params, srvs=[] if rw else [view], uavs=[view] if rw else [])
    np.testing.assert_array_equal(got, _raw_expect(addrs, count))


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_byte_address_store_n(count: int):
    """Store / Store2-4(address, value): the words land at the byte address; stores outside the buffer are
    dropped."""
    dev, ctx = device()
    buf, view = raw_buffer(dev, np.zeros(32, np.uint32))
    addrs = [0, 20, 64, 128 - 4 * count, 128, 2000]
    params = np.array([[a, 7 * i + 1, 0, 0] for i, a in enumerate(addrs)], np.int32)
    suffix = "" if count == 1 else str(count)
    val = "q.y" if count == 1 else f"uint{count}({', '.join(f'q.y + {k}' for k in range(count))})"
    run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);", f"  b.Store{suffix}(q.x, {val});", params,
                uavs=[view])
    exp = np.zeros(32, np.uint32)
    for i, a in enumerate(addrs):
        for k in range(count):
            j = a // 4 + k
            if j < 32:
                exp[j] = 7 * i + 1 + k
    np.testing.assert_array_equal(read_buffer(dev, ctx, buf, 128), exp)


def test_byte_address_get_dimensions():
    dev, ctx = device()
    _, view = raw_buffer(dev, RAW)
    got = run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);", "  uint n; b.GetDimensions(n); r.x = n;",
                      np.zeros((1, 4), np.int32), uavs=[view])
    assert got[0, 0] == 4 * len(RAW)


# ------------------------------------------------------------------------------------------------ atomics

ATOMIC_OPS = {
    "InterlockedAdd": lambda o, v: (o + v) & 0xFFFFFFFF,
    "InterlockedAnd": lambda o, v: o & v,
    "InterlockedOr": lambda o, v: o | v,
    "InterlockedXor": lambda o, v: o ^ v,
    "InterlockedExchange": lambda o, v: v,
}


def _s32(x):
    return int(np.array([x & 0xFFFFFFFF], np.uint32).view(np.int32)[0])


@pytest.mark.parametrize("op", list(ATOMIC_OPS))
def test_byte_address_interlocked_returns_the_original(op: str):
    """One thread per address: the method stores op(old, value) and returns old in ``original``."""
    dev, ctx = device()
    init = np.array([5, 0xF0F0F0F0, 0x80000000, 3, 0xFFFFFFFF, 12345, 0, 77], np.uint32)
    buf, view = raw_buffer(dev, init)
    vals = [3, 0x0FF00FF0, 0x80000001, 0xFFFFFFFF, 1, 54321, 9, 0]
    params = np.array([[4 * i, _s32(v), 0, 0] for i, v in enumerate(vals)], np.int32)
    got = run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);",
                      f"  uint o; b.{op}(q.x, (uint)q.y, o); r.x = o;", params, uavs=[view])
    assert got[:, 0].tolist() == init.tolist()
    assert read_buffer(dev, ctx, buf, 32).tolist() == [ATOMIC_OPS[op](int(a), v) for a, v in zip(init, vals)]


@pytest.mark.parametrize("signed", [True, False])
@pytest.mark.parametrize("op", ["InterlockedMin", "InterlockedMax"])
def test_byte_address_interlocked_min_max_signedness(op: str, signed: bool):
    """An int value selects imin/imax (signed compare), a uint value umin/umax (unsigned)."""
    dev, ctx = device()
    init = np.array([5, 0xFFFFFFFB, 0x80000000, 7], np.uint32)  # 5, -5, INT_MIN, 7
    buf, view = raw_buffer(dev, init)
    vals = [0xFFFFFFFF, 3, 1, 7]  # -1, 3, 1, 7
    params = np.array([[4 * i, _s32(v), 0, 0] for i, v in enumerate(vals)], np.int32)
    cast = "q.y" if signed else "(uint)q.y"
    ot = "int" if signed else "uint"
    got = run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);",
                      f"  {ot} o; b.{op}(q.x, {cast}, o); r.x = (uint)o;", params, uavs=[view])
    assert got[:, 0].tolist() == init.tolist()
    pick = min if op == "InterlockedMin" else max
    key = _s32 if signed else (lambda x: x)
    exp = [pick(int(a), v, key=key) for a, v in zip(init, vals)]
    assert read_buffer(dev, ctx, buf, 16).tolist() == exp


def test_byte_address_compare_exchange_and_compare_store():
    """InterlockedCompareExchange(addr, compare, value, original): stores value only where the word equals compare,
    returns the old word either way; InterlockedCompareStore does the same without a result."""
    dev, ctx = device()
    init = np.array([10, 20, 30, 40, 50, 60], np.uint32)
    buf, view = raw_buffer(dev, init)
    params = np.array([[0, 10, 1, 0], [4, 21, 2, 0], [8, 30, 3, 0], [12, 40, 4, 1], [16, 0, 5, 1], [20, 60, 6, 1]],
                      np.int32)
    got = run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);",
                      "  uint o = 99;\n  if (q.w == 0) b.InterlockedCompareExchange(q.x, q.y, q.z, o);\n"
                      "  else b.InterlockedCompareStore(q.x, q.y, q.z);\n  r.x = o;", params, uavs=[view])
    assert got[:, 0].tolist() == [10, 20, 30, 99, 99, 99]
    assert read_buffer(dev, ctx, buf, 24).tolist() == [1, 20, 3, 4, 50, 6]


def test_contended_interlocked_add_returns_a_consistent_order():
    """Every thread adds to one word: the final value is the sum and the originals, sorted, are the running sums
    of the increments in some order (each thread's original plus its increment is another thread's original)."""
    dev, ctx = device()
    buf, view = raw_buffer(dev, np.array([100, 0], np.uint32))
    n = 32
    params = np.array([[0, i + 1, 0, 0] for i in range(n)], np.int32)
    got = run_threads(dev, ctx, "RWByteAddressBuffer b : register(u0);",
                      "  uint o; b.InterlockedAdd(q.x, q.y, o); r.x = o;", params, uavs=[view])
    assert read_buffer(dev, ctx, buf, 8)[0] == 100 + n * (n + 1) // 2
    pairs = sorted(zip(got[:, 0].tolist(), range(1, n + 1), strict=True))
    assert pairs[0][0] == 100
    for (o1, inc), (o2, _) in zip(pairs, pairs[1:]):
        assert o2 == o1 + inc


@pytest.mark.parametrize("target", ["rwbuffer", "rwtexture", "structured", "groupshared"])
def test_global_interlocked_functions_on_each_destination(target: str):
    """The global InterlockedAdd/Min/Max/Or/Exchange/CompareExchange(dest, ..., original) on a typed RWBuffer
    element, an RWTexture2D texel, a structured member and a groupshared word: original is the value before."""
    dev, ctx = device()
    init = np.array([[5, 0xFFFFFFFB, 8, 1, 3, 9]], np.uint32)
    n = init.shape[1]
    views, decl, dest = [], "", ""
    if target == "rwbuffer":
        b = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS),
                             d.D3D11_SUBRESOURCE_DATA(pSysMem=init.tobytes()))
        views = [dev.CreateUnorderedAccessView(b, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
            Format=d.DXGI_FORMAT_R32_SINT, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
            Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))]
        decl, dest = "RWBuffer<int> m : register(u0);", "m[q.x]"
    elif target == "rwtexture":
        b = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=n // 2, Height=2, MipLevels=1, ArraySize=1,
                                                       Format=d.DXGI_FORMAT_R32_SINT,
                                                       SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                       BindFlags=d.D3D11_BIND_UNORDERED_ACCESS),
                                [d.D3D11_SUBRESOURCE_DATA(pSysMem=init.tobytes(), SysMemPitch=4 * (n // 2))])
        views = [dev.CreateUnorderedAccessView(b, None)]
        decl, dest = "RWTexture2D<int> m : register(u0);", f"m[uint2(q.x % {n // 2}, q.x / {n // 2})]"
    elif target == "structured":
        b, v = structured_buffer(dev, np.stack([np.zeros(n, np.uint32), init[0]], axis=1), 8, uav=True)
        views = [v]
        decl, dest = "struct S { uint pad; int v; }; RWStructuredBuffer<S> m : register(u0);", "m[q.x].v"
    else:
        decl = f"groupshared int m[{n}];"
        dest = "m[q.x]"
    ops = ["InterlockedAdd({d}, 10, o)", "InterlockedMin({d}, -7, o)", "InterlockedMax({d}, 3, o)",
           "InterlockedOr({d}, 6, o)", "InterlockedExchange({d}, 42, o)", "InterlockedCompareExchange({d}, 9, 1, o)"]
    body = f"  int o = 0;\n{'  m[q.x] = q.y; GroupMemoryBarrierWithGroupSync();' if target == 'groupshared' else ''}\n"
    body += "".join(f"  if (q.x == {k}) {op.format(d=dest)};\n" for k, op in enumerate(ops))
    body += "  r.x = (uint)o;"
    if target == "groupshared":
        body += f"\n  GroupMemoryBarrierWithGroupSync();\n  r.y = (uint){dest};"
    params = np.array([[k, _s32(int(init[0, k])), 0, 0] for k in range(n)], np.int32)
    got = run_threads(dev, ctx, decl, body, params, uavs=views)
    assert got[:, 0].tolist() == init[0].tolist()
    after = [5 + 10, -7, 8, 1 | 6, 42, 1]
    if target == "groupshared":
        assert [_s32(int(x)) for x in got[:, 1]] == after
    elif target == "structured":
        assert [_s32(int(x)) for x in read_buffer(dev, ctx, b, 8 * n).reshape(n, 2)[:, 1]] == after
    elif target == "rwbuffer":
        assert [_s32(int(x)) for x in read_buffer(dev, ctx, b, 4 * n)] == after
    else:
        st = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=n // 2, Height=2, MipLevels=1, ArraySize=1,
                                                        Format=d.DXGI_FORMAT_R32_SINT,
                                                        SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                        Usage=d.D3D11_USAGE_STAGING,
                                                        CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
        ctx.CopyResource(st, b)
        mp = ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
        rows = [np.frombuffer(mp.pData, np.int32)[i * mp.RowPitch // 4: i * mp.RowPitch // 4 + n // 2].tolist()
                for i in range(2)]
        ctx.Unmap(st, 0)
        assert rows[0] + rows[1] == after


# ---------------------------------------------------------------------------------------------- structured

STRUCT = "struct S { float3 a; uint b; float2x2 m; int2 c; };"  # 40 bytes: a 0-11, b 12, m 16-31, c 32-39


def _struct_data(n: int) -> np.ndarray:
    w = np.zeros((n, 10), np.uint32)
    for i in range(n):
        w[i, 0:3] = np.array([i + 0.5, -i, 2 * i], np.float32).view(np.uint32)
        w[i, 3] = 1000 + i
        w[i, 4:8] = np.array([i, i + 0.25, -i, 8.0], np.float32).view(np.uint32)
        w[i, 8:10] = np.array([-i, 3 * i], np.int32).view(np.uint32)
    return w


@pytest.mark.parametrize("rw", [False, True])
def test_structured_member_loads_and_out_of_range(rw: bool):
    """Members of element i (column_major float2x2 in a structure is stored... as declared; the words are read
    back through the same member) — and an element index past the view reads 0."""
    dev, ctx = device()
    data = _struct_data(5)
    _, view = structured_buffer(dev, data, 40, uav=rw)
    obj = "RWStructuredBuffer<S>" if rw else "StructuredBuffer<S>"
    reg = "u0" if rw else "t0"
    params = np.array([[i, 0, 0, 0] for i in [0, 1, 4, 2, 5, 100]], np.int32)
    body = ("  S s = b[q.x];\n  r = uint4(asuint(s.a.y), s.b, asuint(s.m[1][0]), (uint)s.c.y);\n"
            "  if (q.x == 2) r.w = asuint(b[q.x].m._12);")
    got = run_threads(dev, ctx, f"{STRUCT} {obj} b : register({reg});", body, params,
                      srvs=[] if rw else [view], uavs=[view] if rw else [])
    for row, (i, *_rest) in zip(got, params):
        if i >= 5:
            assert row.tolist() == [0, 0, 0, 0]
            continue
        w = data[i]
        # float2x2 members of a structure are column_major by default: m[1][0] (row 1, column 0) is the second
        # word of column 0, m._12 (row 0, column 1) the first word of column 1
        exp = [int(w[1]), int(w[3]), int(w[5]), int(w[9])]
        if i == 2:
            exp[3] = int(w[6])
        assert row.tolist() == exp, i


def test_structured_get_dimensions_and_member_stores():
    dev, ctx = device()
    buf, view = structured_buffer(dev, np.zeros((4, 10), np.uint32), 40, uav=True)
    body = ("  uint n, s; b.GetDimensions(n, s);\n  b[q.x].b = q.x + 7;\n  b[q.x].c = int2(q.x, -q.x);\n"
            "  b[q.x].a.z = 2.5;\n  b[q.x + 100].b = 5;\n  r = uint4(n, s, 0, 0);")
    got = run_threads(dev, ctx, f"{STRUCT} RWStructuredBuffer<S> b : register(u0);", body,
                      np.array([[i, 0, 0, 0] for i in range(4)], np.int32), uavs=[view])
    assert got[:, :2].tolist() == [[4, 40]] * 4
    words = read_buffer(dev, ctx, buf, 160).reshape(4, 10)
    for i in range(4):
        exp = np.zeros(10, np.uint32)
        exp[2] = np.float32(2.5).view(np.uint32)
        exp[3] = i + 7
        exp[8:10] = np.array([i, -i], np.int32).view(np.uint32)
        assert words[i].tolist() == exp.tolist()


def test_append_consume_and_counters():
    """Append(v) writes at the counter's old value and increments it; Consume() decrements and reads the new value's
    element; IncrementCounter returns the value before, DecrementCounter the value after (method pages)."""
    dev, ctx = device()
    src = np.arange(8, dtype=np.uint32) * 11
    _, cview = structured_buffer(dev, src, 4, uav=True, append=True)
    abuf, aview = structured_buffer(dev, np.zeros(8, np.uint32), 4, uav=True, append=True)
    cbuf, cnt_view = structured_buffer(dev, np.zeros(8, np.uint32), 4, uav=True, counter=True)
    body = "  uint v = c.Consume();\n  a.Append(v + 1);\n  r = uint4(v, k.IncrementCounter(), 0, 0);"
    got = run_threads(dev, ctx, "ConsumeStructuredBuffer<uint> c : register(u0);\n"
                      "AppendStructuredBuffer<uint> a : register(u1);\nRWStructuredBuffer<uint> k : register(u2);",
                      body, np.zeros((5, 4), np.int32), uavs=[cview, aview, cnt_view], initial_counts=[8, 0, 3])
    consumed = sorted(got[:, 0].tolist())
    assert consumed == sorted((src[3:8]).tolist())
    assert sorted(got[:, 1].tolist()) == [3, 4, 5, 6, 7]
    appended = read_buffer(dev, ctx, abuf, 32)[:5]
    assert sorted(appended.tolist()) == sorted((src[3:8] + 1).tolist())
    del cbuf
    got = run_threads(dev, ctx, "RWStructuredBuffer<uint> k : register(u0);", "  r.x = k.DecrementCounter();",
                      np.zeros((3, 4), np.int32), uavs=[cnt_view], initial_counts=[5])
    assert sorted(got[:, 0].tolist()) == [2, 3, 4]


# ------------------------------------------------------------------------------------------- typed buffers

TYPED = [
    # (format, HLSL element type, raw element bytes per element, decode to the expected uint4 words)
    (d.DXGI_FORMAT_R8G8B8A8_UNORM, "float4", np.array([[0, 128, 255, 64], [1, 2, 3, 4]], np.uint8),
     lambda e: (e.astype(np.float32) / np.float32(255)).view(np.uint32)),
    (d.DXGI_FORMAT_R16G16_SINT, "int2", np.array([[-5, 300], [32767, -32768]], np.int16),
     lambda e: e.astype(np.int32).view(np.uint32)),
    (d.DXGI_FORMAT_R32_FLOAT, "float", np.array([[1.5], [-2.25]], np.float32), lambda e: e.view(np.uint32)),
    (d.DXGI_FORMAT_R8G8_SNORM, "float2", np.array([[-128, 127], [-127, 64]], np.int8),
     lambda e: np.maximum(e.astype(np.float32) / np.float32(127), -1).view(np.uint32)),
    (d.DXGI_FORMAT_R10G10B10A2_UINT, "uint4", np.array([[1023 | (5 << 10) | (1000 << 20) | (3 << 30)],
                                                         [7 | (2 << 30)]], np.uint32),
     lambda e: np.stack([e[:, 0] & 1023, (e[:, 0] >> 10) & 1023, (e[:, 0] >> 20) & 1023, e[:, 0] >> 30], 1)),
]


@pytest.mark.parametrize("case", range(len(TYPED)), ids=[t[1] + str(i) for i, t in enumerate(TYPED)])
def test_typed_buffer_load_and_index_through_the_format(case: int):
    """Buffer<T>.Load(i) and b[i]: element i decoded by the view's format (D3D11.3 §3.2.3: UNORM c / 255, SNORM
    c / 127 with -128 -> -1); past the view: 0; GetDimensions: the element count."""
    fmt, t, elems, decode = TYPED[case]
    dev, ctx = device()
    nbytes = elems.nbytes
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=nbytes, BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                           d.D3D11_SUBRESOURCE_DATA(pSysMem=elems.tobytes()))
    n = len(elems)
    srv = dev.CreateShaderResourceView(buf, d.D3D11_SHADER_RESOURCE_VIEW_DESC(
        Format=fmt, ViewDimension=d.D3D11_SRV_DIMENSION_BUFFER, Buffer=d.D3D11_BUFFER_SRV(FirstElement=0,
                                                                                           NumElements=n)))
    k = int(t[-1]) if t[-1].isdigit() else 1
    pad = ", ".join(["asuint(v)"] + ["0"] * (4 - k)) if k < 4 else "asuint(v)"
    body = (f"  {t} v = (q.y == 0) ? b.Load(q.x) : b[q.x];\n  r = uint4({pad});\n"
            "  uint c; b.GetDimensions(c); if (q.z) r = uint4(c, 0, 0, 0);")
    params = np.array([[0, 0, 0, 0], [1, 1, 0, 0], [n, 0, 0, 0], [n + 50, 1, 0, 0], [0, 0, 1, 0]], np.int32)
    got = run_threads(dev, ctx, f"Buffer<{t}> b : register(t0);", body, params, [srv])
    dec = np.asarray(decode(elems.reshape(n, -1))).reshape(n, -1).astype(np.uint32)
    exp = np.zeros((5, 4), np.uint32)
    exp[0, :k], exp[1, :k] = dec[0], dec[1]
    exp[4, 0] = n
    np.testing.assert_array_equal(got, exp)


@pytest.mark.parametrize("pragma,major", [("", "column"), ("#pragma pack_matrix(row_major)\n", "row"),
                                          ("#pragma pack_matrix(column_major)\n", "column")])
def test_structured_matrix_elements_follow_the_majority(pragma: str, major: str):
    """StructuredBuffer<float2x3>: each element is six words, column-major by default (HLSL "Per-component math":
    matrix packing order; default column_major) or row-major under #pragma pack_matrix(row_major); m[r][c] reads
    that word; the write path (RWStructuredBuffer, run-time r and c: one component at a computed offset, as
    store_structured's register offset allows) uses the same layout."""
    dev, ctx = device()
    words = np.arange(12, dtype=np.float32) + 0.5
    _, view = structured_buffer(dev, words.view(np.uint32), 24)
    obuf, oview = structured_buffer(dev, np.zeros(12, np.uint32), 24, uav=True)
    params = np.array([[e, r, c, 0] for e in range(2) for r in range(2) for c in range(3)], np.int32)
    got = run_threads(dev, ctx, f"{pragma}StructuredBuffer<float2x3> m : register(t0);\n"
                                "RWStructuredBuffer<float2x3> w : register(u0);",
                      "  r.x = asuint(m[q.x][q.y][q.z]);\n  w[q.x][q.y][q.z] = 100 * q.x + 10 * q.y + q.z;",
                      params, [view], uavs=[oview])
    out = read_buffer(dev, ctx, obuf, 48).view(np.float32)
    for (e, r, c, _), row in zip(params.tolist(), got.tolist()):
        k = 6 * e + (c * 2 + r if major == "column" else r * 3 + c)
        assert row[0] == words.view(np.uint32)[k], (e, r, c)
        assert out[k] == 100 * e + 10 * r + c


def test_run_time_component_indices_as_destinations():
    """A run-time index into a vector or matrix held in a structured UAV or groupshared memory, as an assignment,
    compound-assignment, whole-row or atomic destination: only the addressed words change (threads writing
    different components of one element do not disturb each other)."""
    dev, ctx = device()
    vbuf, vview = structured_buffer(dev, np.zeros((2, 4), np.uint32), 16, uav=True)
    mbuf, mview = structured_buffer(dev, np.zeros((1, 9), np.uint32), 36, uav=True)
    body = """
  v[q.x & 1][q.y] = 10 * q.x + q.y;                 // each thread its own component of a uint4
  GroupMemoryBarrierWithGroupSync();
  v[q.x & 1][q.y] += 1;
  m[0][q.z] = float3(q.z, q.z + 0.5, q.z + 0.25);   // a whole row of a column_major float3x3 (threads 0-2)
  g[q.x & 1][q.y] = q.x + 100 * q.y;
  GroupMemoryBarrierWithGroupSync();
  uint o; InterlockedAdd(v[q.x & 1][q.y], 1000, o);
  r = uint4(g[q.x & 1][q.y], o, 0, 0);"""
    params = np.array([[x, x // 2, x % 3, 0] for x in range(8)], np.int32)
    got = run_threads(dev, ctx, "RWStructuredBuffer<uint4> v : register(u0);\n"
                      "RWStructuredBuffer<float3x3> m : register(u1);\ngroupshared uint4 g[2];", body, params,
                      uavs=[vview, mview])
    vexp = np.zeros((2, 4), np.int64)
    for x, y, _, _ in params.tolist():
        vexp[x & 1, y] = 10 * x + y + 1 + 1000
    assert read_buffer(dev, ctx, vbuf, 32).reshape(2, 4).tolist() == vexp.tolist()
    assert got[:, 0].tolist() == [x + 100 * (x // 2) for x in range(8)]
    assert got[:, 1].tolist() == [10 * x + x // 2 + 1 for x in range(8)]
    mat = read_buffer(dev, ctx, mbuf, 36).view(np.float32)
    for r in range(3):
        for c, val in enumerate([r, r + 0.5, r + 0.25]):
            assert mat[c * 3 + r] == val, (r, c)  # column_major: element (r, c) at word c * 3 + r


def test_run_time_component_destinations_in_groupshared_doubles_and_floats():
    """groupshared double2 / float3 components picked at run time: each thread writes its own component (a double's
    two words together) and reads it back after the barrier."""
    dev, ctx = device()
    body = ("  g[q.x & 1] = double2(0, 0); h = 0; GroupMemoryBarrierWithGroupSync();\n"
            "  g[q.x & 1][q.y] = q.x * 10 + q.y + 0.5;\n  if (q.y == 0) h[q.x % 3] = q.x;\n"
            "  GroupMemoryBarrierWithGroupSync();\n"
            "  r = uint4(asuint((float)g[q.x & 1][q.y]), asuint(h.x), asuint(h.y), asuint(h.z));")
    got = run_threads(dev, ctx, "groupshared double2 g[2]; groupshared float3 h;", body,
                      np.array([[0, 0, 0, 0], [1, 0, 0, 0], [2, 1, 0, 0], [3, 1, 0, 0]], np.int32))
    assert got[:, 0].view(np.float32).tolist() == [0.5, 10.5, 21.5, 31.5]
    assert got[0, 1:].view(np.float32).tolist() == [0.0, 1.0, 0.0]
