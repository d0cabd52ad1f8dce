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

Not run: Int64Test (uint64_t, SM 6.0 int64), the wave/quad/derivative-in-CS/16-bit/raw Load<T> tests (SM 6.x),
and the graphics ones (tests/test_dxc_exec_tables.py's docstring and docs/conformance.md list them)."""

from __future__ import annotations

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


def _device():
    dev, _, ctx = d.D3D11CreateDevice(None, d.D3D_DRIVER_TYPE_HARDWARE, None, 0, None, d.D3D11_SDK_VERSION)
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
    """ATOWriteMSAATest as written is refused for cs_5_0, as fxc refuses it (X3656: no [numthreads])."""
    from pyd3d11.errors import ShaderCompileError

    src = T.cpp_shader(CPP, "ATOWriteMSAATest", "pWriteShader")
    assert "[NumThreads(32, 32, 1)]" in src
    with pytest.raises(ShaderCompileError, match="X3656"):
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
