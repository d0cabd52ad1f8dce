"""ExecutionTest.cpp's non-table compute tests that SM 5.0 expresses, run on both shader backends (issue 15).

The shaders are the C++ string literals of DirectXShaderCompiler's ExecutionTest.cpp, read at test time from a
checkout (``PYD3D11_DXC_REPO``; skipped without one) and compiled as cs_5_0; the inputs and the expected values
restate the C++ test around each (SetupComputeValuePattern, the VERIFY lines):

- BasicComputeTest: 64 threads each add 1 to their word of a RWByteAddressBuffer holding 0..63 (the C++ checks
  word 0; every word is checked here, by the same rule).
- SignTest: sign() of -3, -2, -1, 0, 1, 2, 3, 4 stored as uint.
- ATOWriteMSAATest, its SM < 6.7 branch (fxc defines no ``__SHADER_TARGET_MAJOR``, so ``#if`` takes ``#else``:
  a RWTexture2DArray<float> of 4 slices): a 32x32 group writes x*y*(i+1) to slice i, a second dispatch copies
  the slices to a RWStructuredBuffer<float>; the C++ expects out[i*1024 + y*32 + x] == x*y*(i+1). Its
  ``[NumThreads(...)]`` is respelled ``[numthreads(...)]`` (fxc's spelling; ``fxc_spelling``).

- AtomicsTest's compute pass at 32 bits, LifetimeIntrinsicTest's compute entry, BasicShaderModel61/63's float and
  double template, SignatureResourcesTest (each test's docstring).

Not run: Int64Test (uint64_t, SM 6.0 int64), the wave/quad/derivative-in-CS/16-bit/raw Load<T> tests (SM 6.x);
the graphics ones are tests/test_dxc_exec_draws.py (docs/conformance.md lists what is not run)."""

from __future__ import annotations

import re

import dxc_exec_tables as T
import numpy as np
import pytest
from api_compute_kit import read_buffer_bytes
from hlsl_docs_objects_kit import raw_buffer, structured_buffer

import pyd3d11.d3d11 as d
from pyd3d11.d3dcompiler import D3DCompile

if not T.available():
    pytest.skip(f"no DirectXShaderCompiler checkout at {T.REPO} (set PYD3D11_DXC_REPO)", allow_module_level=True)

CPP = T.read_exec_cpp()


def _device(levels=None):
    n = len(levels) if levels else 0
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, levels, n, d.D3D11_SDK_VERSION)
    return dev, ctx


def fxc_spelling(text: str) -> str:
    """DXC matches attribute names in any case; fxc's ``numthreads`` only in lower case (vkd3d's
    numthreads.shader_test records ``[NumThreads(1, 1, 1)]`` failing below SM 6). ATOWriteMSAATest writes
    ``[NumThreads(32, 32, 1)]``: respelled for cs_5_0 (test_numthreads_spelling pins fxc's refusal)."""
    return text.replace("[NumThreads(", "[numthreads(")


def _cs(dev, text: str, name: str):
    blob = D3DCompile(fxc_spelling(text), None, f"{name}.hlsl", None, None, "main", "cs_5_0")
    return dev.CreateComputeShader(blob, len(blob), None)


def _run_rw_byte_buffer(test: str, values: list[int]) -> np.ndarray:
    """RunRWByteBufferComputeTest: the words at u0 (RWByteAddressBuffer), one Dispatch(1, 1, 1)."""
    dev, ctx = _device()
    buf, uav = raw_buffer(dev, np.array(values, np.uint32))
    ctx.CSSetShader(_cs(dev, T.cpp_shader(CPP, test, "pShader"), test), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    return read_buffer_bytes(dev, ctx, buf, 4 * len(values)).view(np.uint32)


@pytest.mark.backend_independent
def test_cpp_literals_decode():
    """Adjacent C literals join and \\r\\n decode (the shaders are whole programs once joined)."""
    src = T.cpp_shader(CPP, "SignTest", "pShader")
    assert src.startswith("RWByteAddressBuffer g_bab : register(u0);\r\n[numthreads(8,1,1)]\r\n")
    assert "sign(val)" in src and src.rstrip().endswith("}")
    assert "\\" not in T.cpp_shader(CPP, "ATOWriteMSAATest", "pWriteShader")


@pytest.mark.backend_independent
def test_numthreads_spelling():
    """ATOWriteMSAATest as written is refused for cs_5_0, as fxc refuses it (X3084: no [numthreads]; d3dcompiler_47 10.1)."""
    from pyd3d11.errors import ShaderCompileError

    src = T.cpp_shader(CPP, "ATOWriteMSAATest", "pWriteShader")
    assert "[NumThreads(32, 32, 1)]" in src
    with pytest.raises(ShaderCompileError, match="X3084"):
        D3DCompile(src, None, "w.hlsl", None, None, "main", "cs_5_0")
    assert D3DCompile(fxc_spelling(src), None, "w.hlsl", None, None, "main", "cs_5_0")


def test_basic_compute():
    out = _run_rw_byte_buffer("BasicComputeTest", list(range(64)))
    assert out.tolist() == list(range(1, 65))


def test_sign():
    ins = [-3, -2, -1, 0, 1, 2, 3, 4]
    out = _run_rw_byte_buffer("SignTest", [v & 0xFFFFFFFF for v in ins])
    assert out.view(np.int32).tolist() == [-1, -1, -1, 0, 1, 1, 1, 1]


def test_write_msaa_fallback_branch():
    dev, ctx = _device()
    n = 4 * 32 * 32
    # the C++ fills the output with ix + 5 first, so a missed store would show
    obuf, ouav = structured_buffer(dev, (np.arange(n, dtype=np.float32) + 6), 4, uav=True)
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=32, Height=32, MipLevels=1, ArraySize=4,
                                                     Format=d.DXGI_FORMAT_R32_FLOAT,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_UNORDERED_ACCESS))
    tuav = dev.CreateUnorderedAccessView(tex, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=d.DXGI_FORMAT_R32_FLOAT, ViewDimension=d.D3D11_UAV_DIMENSION_TEXTURE2DARRAY,
        Texture2DArray=d.D3D11_TEX2D_ARRAY_UAV(MipSlice=0, FirstArraySlice=0, ArraySize=4)))
    ctx.CSSetUnorderedAccessViews(0, 2, [ouav, tuav], None)
    for var in ("pWriteShader", "pCopyShader"):
        ctx.CSSetShader(_cs(dev, T.cpp_shader(CPP, "ATOWriteMSAATest", var), var), None, 0)
        ctx.Dispatch(1, 1, 1)
    out = read_buffer_bytes(dev, ctx, obuf, 4 * n).view(np.float32).reshape(4, 32, 32)
    i, y, x = np.meshgrid(np.arange(4), np.arange(32), np.arange(32), indexing="ij")
    assert np.array_equal(out, (x * y * (i + 1)).astype(np.float32))


# --- AtomicsTest (compute part, 32-bit) ---------------------------------------------------------------------------

# AtomicsHeap's initial contents (ShaderOpArith.xml): the "0I, 0I, 99999999I, ..." list of U2/U6/U7/U9/U10,
# and U0's AtomicStuff elements 1 and 3 (uintEl[2..3] and sintEl[2..3] = 99999999 and -1).
_SEED16 = [0, 0, 99999999, 99999999, 0, 0, -1, -1, 0, 0, 0, 0, 42, 42, 42, 42]
_STUFF_WORDS = 18  # float2 prepad[3], uint uintEl[4], int4 sintEl, uint3 postpad, float last


def _stuff_seed() -> np.ndarray:
    a = np.zeros((8, _STUFF_WORDS), np.int64)
    for el, v in ((1, 99999999), (3, -1)):
        a[el, 8:10] = v    # uintEl[2], uintEl[3]
        a[el, 12:14] = v   # sintEl.z, sintEl.w
    return (a & 0xFFFFFFFF).astype(np.uint32)


def _shift(val: int, bits: int) -> int:
    """ExecutionTest.cpp's SHIFT: the value in the low half and again above it."""
    return ((val & ((1 << bits) - 1)) | (val << bits)) & 0xFFFFFFFFFFFFFFFF


def verify_atomic_results(u: np.ndarray, s: np.ndarray, x: np.ndarray, max_idx: int, bits: int = 32) -> list:
    """VerifyAtomicResults for 32-bit values: ``u`` the 6 unsigned results (add, umin, umax, and, or, xor),
    ``s`` the 2 signed ones (smin, smax), ``x`` the 64 exchange locations read as 64-bit words (the C++ reads 8
    bytes per location; the upper word is the next, untouched, zero word). Returns the failures."""
    sh, mask = bits // 2, (1 << bits) - 1
    fails = []

    def check(what, got, gold):
        if int(got) != gold & mask:
            fails.append(f"{what}: {int(got):#x} != {gold & mask:#x}")

    check("add", u[0], max_idx * (max_idx - 1) // 2)
    check("umin", u[1], _shift(1, sh))
    check("umax", u[2], (1 << 64) - 1)
    check("smin", s[0], _shift(-(max_idx - 1), sh))
    check("smax", s[1], _shift(max_idx - 1, sh))
    pot = 1 << (bits - 1)
    while pot and not ((max_idx - 1) & pot):
        pot >>= 1
    pot <<= 1
    check("and", u[3], ~_shift(pot - 1, sh))
    check("or", u[4], _shift(pot - 1, sh))
    xor = (1 << (max_idx % (bits - 1))) - 1
    if (max_idx // (bits - 1)) & 1:
        xor = (xor ^ ((1 << 64) - 1)) & ((1 << (bits - 1)) - 1)
    check("xor", u[5], xor)
    for i in range(64):
        v = int(x[i])
        if v & ((1 << sh) - 1) != i or ((v >> sh) // 3) % 64 != i:
            fails.append(f"xchg[{i}] = {v:#x}")
    return fails


def _typed_buffer(dev, n: int, fmt, seed=None):
    init = None if seed is None else d.D3D11_SUBRESOURCE_DATA(pSysMem=(np.array(seed, np.int64) & 0xFFFFFFFF)
                                                              .astype(np.uint32).tobytes())
    buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=4 * n, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS), init)
    uav = dev.CreateUnorderedAccessView(buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=fmt, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER,
        Buffer=d.D3D11_BUFFER_UAV(FirstElement=0, NumElements=n)))
    return buf, uav


def _texture1d(dev, n: int, fmt, seed=None):
    words = np.zeros(n, np.uint32) if seed is None else (np.array(seed, np.int64) & 0xFFFFFFFF).astype(np.uint32)
    tex = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=n, MipLevels=1, ArraySize=1, Format=fmt,
                                                     BindFlags=d.D3D11_BIND_UNORDERED_ACCESS),
                              [d.D3D11_SUBRESOURCE_DATA(pSysMem=words.tobytes())])
    uav = dev.CreateUnorderedAccessView(tex, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=fmt, ViewDimension=d.D3D11_UAV_DIMENSION_TEXTURE1D, Texture1D=d.D3D11_TEX1D_UAV(MipSlice=0)))
    return tex, uav


def _read_texture1d(dev, ctx, tex, n: int) -> np.ndarray:
    st = dev.CreateTexture1D(d.D3D11_TEXTURE1D_DESC(Width=n, MipLevels=1, ArraySize=1,
                                                    Format=d.DXGI_FORMAT_R32_UINT, Usage=d.D3D11_USAGE_STAGING,
                                                    CPUAccessFlags=d.D3D11_CPU_ACCESS_READ))
    ctx.CopyResource(st, tex)
    m = ctx.Map(st, 0, d.D3D11_MAP_READ, 0)
    out = np.frombuffer(m.pData, np.uint32)[:n].copy()
    ctx.Unmap(st, 0)
    return out


@pytest.mark.backend_independent
def test_atomics_sm5_reduction():
    """The reduced AtomicsHeap program keeps the 32-bit parts verbatim and nothing of the 64-bit/mesh parts."""
    src = T.atomics_sm5_text()
    for kept in ("void AtomicTest(uint ix, uint bitSize)", "void InitSharedMem(uint ix)",
                 "void AtomicGroupSharedTest(uint ix)", "void CSMain32(uint ix : SV_GroupIndex)",
                 "RWTexture1D<int> g_xtexBuf : register(u11);", "#define XCHG_TEST(call3, call4, uav)"):
        assert kept in src
    for dropped in ("int64_t", "Atomic64Stuff", "Payload", "DispatchMesh", "PSMain32", "ASMain32"):
        assert dropped not in src


def test_atomics_compute_32bit():
    """AtomicsTest's compute pass: one 32x32 group (maxIdx 1024) on structured, raw, typed-buffer, typed-texture
    UAVs and groupshared memory, verified by VerifyAtomicResults. D3D11 views take the format of the declared
    type (R32_SINT under RWBuffer<int>/RWTexture1D<int>; the D3D12 test gives some of them R32_UINT views); its
    twelve UAVs (u0-u11) need feature level 11_1's 64 UAV slots."""
    dev, ctx = _device([d.D3D_FEATURE_LEVEL_11_1])
    u32, s32 = d.DXGI_FORMAT_R32_UINT, d.DXGI_FORMAT_R32_SINT
    res = {}
    res[0] = structured_buffer(dev, _stuff_seed(), 72, uav=True)
    res[1] = structured_buffer(dev, np.zeros((128, _STUFF_WORDS), np.uint32), 72, uav=True)
    res[2] = raw_buffer(dev, (np.array(_SEED16, np.int64) & 0xFFFFFFFF).astype(np.uint32))
    res[3] = raw_buffer(dev, np.zeros(128, np.uint32))
    res[4] = structured_buffer(dev, np.zeros((8, 2), np.uint32), 8, uav=True)
    res[5] = structured_buffer(dev, np.zeros((64, 2), np.uint32), 8, uav=True)
    res[6] = _typed_buffer(dev, 16, u32, _SEED16)
    res[7] = _typed_buffer(dev, 16, s32, _SEED16)
    res[8] = _typed_buffer(dev, 128, s32, [0] * 128)
    res[9] = _texture1d(dev, 16, u32, _SEED16)
    res[10] = _texture1d(dev, 16, s32, _SEED16)
    res[11] = _texture1d(dev, 128, s32)
    blob = D3DCompile(fxc_spelling(T.atomics_sm5_text()), None, "atomics.hlsl", None, None, "CSMain32", "cs_5_0")
    ctx.CSSetShader(dev.CreateComputeShader(blob, len(blob), None), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 12, [res[k][1] for k in range(12)], None)
    ctx.Dispatch(1, 1, 1)
    ctx.CSSetUnorderedAccessViews(0, 12, [None] * 12, None)

    def words(k, n):
        r = res[k][0]
        if k >= 9:
            return _read_texture1d(dev, ctx, r, n)
        return read_buffer_bytes(dev, ctx, r, 4 * n).view(np.uint32)

    def as64(w, pairs):  # little-endian 64-bit reads of word pairs (lo, hi)
        return [int(lo) | (int(hi) << 32) for lo, hi in pairs(w)]

    fails = {}
    st = words(0, 8 * _STUFF_WORDS).reshape(8, _STUFF_WORDS)
    sx = words(1, 128 * _STUFF_WORDS).reshape(128, _STUFF_WORDS)
    fails["structured"] = verify_atomic_results(st[:6, 8], st[1:3, 12],
                                                as64(sx, lambda w: w[:64, 8:10]), 1024)
    raw, rx = words(2, 16), words(3, 128).reshape(64, 2)
    fails["raw"] = verify_atomic_results(raw[0:12:2], raw[12:16:2], as64(rx, lambda w: w), 1024)
    for name, (ku, ks, kx) in {"typed buffer": (6, 7, 8), "texture": (9, 10, 11)}.items():
        tu, ts, tx = words(ku, 16), words(ks, 16), words(kx, 128).reshape(64, 2)
        fails[name] = verify_atomic_results(tu[0:12:2], ts[2:6:2], as64(tx, lambda w: w), 1024)
    sh, shx = words(4, 16).reshape(8, 2), words(5, 128).reshape(64, 2)
    fails["groupshared"] = verify_atomic_results(sh[:6, 0], sh[6:8, 0], as64(shx, lambda w: w), 1024)
    assert not any(fails.values()), fails


# --- LifetimeIntrinsicTest and BasicShaderModel61/63 -----------------------------------------------------------

def test_lifetime_intrinsic_compute():
    """LifetimeIntrinsicTest's compute entry: a 200-int local array written and read at run-time indices inside a
    branch no thread takes (every value loaded is >= 0), so each word of the RWByteAddressBuffer comes back as it
    was (the C++ checks word 1 after each run). The literal's other entry point, a DXR ray-generation shader
    (``DispatchRaysIndex``, SM 6.3 libraries), is dropped: as written the text is X3004 for cs_5_0, as for fxc."""
    src = T.cpp_shader(CPP, "LifetimeIntrinsicTest", "pShader")
    reduced = "".join(i for i in T.top_level_items(src) if "raygeneration" not in i)
    assert "DispatchRaysIndex" not in reduced and "int arr[200];" in reduced
    dev, ctx = _device()
    buf, uav = raw_buffer(dev, np.arange(64, dtype=np.uint32))
    ctx.CSSetShader(_cs(dev, reduced, "lifetime"), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    assert read_buffer_bytes(dev, ctx, buf, 256).view(np.uint32).tolist() == list(range(64))


_BASIC_SM_ANCHOR = "void ExecutionTest::RunBasicShaderModelTest(D3D_SHADER_MODEL shaderModel)"
# RunBasicShaderModelTest's input pairs (C++ literals; ``1 / 3`` is the integer division, 0)
_BASIC_SM_DATA = {"float": (np.float32, [1.5, -2.8, 3.23e-5, 6.0, 181.621, 14.978]),
                  "double": (np.float64, [1.5891020, -2.8, 3.23e-5, 0.0, 181.91621, 14.654978])}


@pytest.mark.parametrize("ty", ["float", "double"])
def test_basic_shader_model(ty):
    """BasicShaderModel61/63 (RunBasicShaderModelTest): its shader template with ``float`` and ``double``, one
    [numthreads(8,8,1)] group over a RWStructuredBuffer of {input1, input2, output}; the C++ expects output ==
    input1 + input2 computed in the type (VERIFY_ARE_EQUAL: exact). The int64_t run is SM 6.0 int64 (not run)."""
    dt, vals = _BASIC_SM_DATA[ty]
    pairs = np.array(vals, dt).reshape(-1, 2)
    src = T.cpp_shader(CPP, "", "shaderTemplate", anchor=_BASIC_SM_ANCHOR) % (ty, ty, ty)
    dev, ctx = _device()
    data = np.zeros((len(pairs), 3), dt)
    data[:, :2] = pairs
    buf, uav = structured_buffer(dev, data, 3 * data.itemsize, uav=True)
    ctx.CSSetShader(_cs(dev, src, f"basic_{ty}"), None, 0)
    ctx.CSSetUnorderedAccessViews(0, 1, [uav], None)
    ctx.Dispatch(1, 1, 1)
    out = read_buffer_bytes(dev, ctx, buf, data.nbytes).view(dt).reshape(-1, 3)
    assert out[:, 2].tobytes() == (pairs[:, 0] + pairs[:, 1]).astype(dt).tobytes()


# --- SignatureResourcesTest -----------------------------------------------------------------------------------------

def test_signature_resources():
    """SignatureResourcesTest (RunResourceTest, bound resources): one thread reads a raw buffer (10s), a structured
    buffer (11s), a 4x4 R32_FLOAT texture (12s), a raw UAV (20s), a structured UAV (21s) and a Texture1D UAV (22s),
    samples the texture at u = v = -0.5 with a linear BORDER sampler whose border is 30 (both taps outside) and
    compares 31 against a comparison sampler's border 31 (EQUAL: 1), storing the eight results in a RWBuffer<float>
    (23s before). The C++ expects 10, 11, 12, 20, 21, 22, 30, 1. SM 5 adaptations: ``Load<float>(0)`` on the byte
    address buffers (a DXC template, SM 6.2) becomes ``asfloat(Load(0))``, ``[NumThreads`` is respelled, cs_6_6
    becomes cs_5_0."""
    src = T.cpp_shader(CPP, "SignatureResourcesTest", "pShader")
    assert src.count(".Load<float>(0)") == 2
    src = src.replace(".Load<float>(0)", ".Load(0)").replace("= g_rawBuf.Load(0)", "= asfloat(g_rawBuf.Load(0))") \
        .replace("= g_rwRawBuf.Load(0)", "= asfloat(g_rwRawBuf.Load(0))")
    # SM 6.6's descriptor heaps become plain globals, bound in declaration order (fxc: a static object initialised
    # from the undeclared ResourceDescriptorHeap is X3004)
    src, heaps = re.subn(r"static (\w[^=\n]*?)\s*=\s*(?:Resource|Sampler)DescriptorHeap\[\d+\];", r"\1;", src)
    assert heaps == 9
    dev, ctx = _device()
    f32 = d.DXGI_FORMAT_R32_FLOAT

    def fill(v, n=16):
        return np.full(n, v, np.float32)

    raw_srv = raw_buffer(dev, fill(10).view(np.uint32), uav=False)[1]
    struct_srv = structured_buffer(dev, fill(11), 4)[1]
    tex = dev.CreateTexture2D(d.D3D11_TEXTURE2D_DESC(Width=4, Height=4, MipLevels=1, ArraySize=1, Format=f32,
                                                     SampleDesc=d.DXGI_SAMPLE_DESC(Count=1),
                                                     BindFlags=d.D3D11_BIND_SHADER_RESOURCE),
                              d.D3D11_SUBRESOURCE_DATA(pSysMem=fill(12).tobytes(), SysMemPitch=16))
    raw_uav = raw_buffer(dev, fill(20).view(np.uint32))[1]
    struct_uav = structured_buffer(dev, fill(21), 4, uav=True)[1]
    res_buf = dev.CreateBuffer(d.D3D11_BUFFER_DESC(ByteWidth=64, BindFlags=d.D3D11_BIND_UNORDERED_ACCESS),
                               d.D3D11_SUBRESOURCE_DATA(pSysMem=fill(23).tobytes()))
    res_uav = dev.CreateUnorderedAccessView(res_buf, d.D3D11_UNORDERED_ACCESS_VIEW_DESC(
        Format=f32, ViewDimension=d.D3D11_UAV_DIMENSION_BUFFER, Buffer=d.D3D11_BUFFER_UAV(FirstElement=0,
                                                                                          NumElements=16)))
    _, tex_uav = _texture1d(dev, 16, f32, fill(22).view(np.uint32).astype(np.int64))

    def sampler(filt, border):
        return dev.CreateSamplerState(d.D3D11_SAMPLER_DESC(
            Filter=filt, AddressU=d.D3D11_TEXTURE_ADDRESS_BORDER, AddressV=d.D3D11_TEXTURE_ADDRESS_BORDER,
            AddressW=d.D3D11_TEXTURE_ADDRESS_BORDER, MipLODBias=0, MaxAnisotropy=1,
            ComparisonFunc=d.D3D11_COMPARISON_EQUAL, BorderColor=[border] * 4, MinLOD=0, MaxLOD=0))

    ctx.CSSetShader(_cs(dev, src, "sigres"), None, 0)
    ctx.CSSetShaderResources(0, 3, [raw_srv, struct_srv, dev.CreateShaderResourceView(tex, None)])
    ctx.CSSetUnorderedAccessViews(0, 4, [raw_uav, struct_uav, res_uav, tex_uav], None)
    ctx.CSSetSamplers(0, 2, [sampler(d.D3D11_FILTER_MIN_MAG_LINEAR_MIP_POINT, 30.0),
                             sampler(d.D3D11_FILTER_COMPARISON_MIN_MAG_LINEAR_MIP_POINT, 31.0)])
    ctx.Dispatch(1, 1, 1)
    out = read_buffer_bytes(dev, ctx, res_buf, 64).view(np.float32)
    assert out[:8].tolist() == [10, 11, 12, 20, 21, 22, 30, 1]
