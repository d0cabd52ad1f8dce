"""HLSL ``double`` (SM5 double precision): compiled by our HLSL compiler, run by the reference executor,
and compared bit-exactly with numpy float64 (D3D11 doubles are IEEE binary64; denormals are kept).

Values travel as raw bits: each lane's uint4 input holds two doubles as (lo, hi) words, the shader
builds them with ``asdouble`` and returns results through ``asuint(double, out lo, out hi)``."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import conformance_path
from gfx_util import blob_program

from pyd3d11.d3d11 import (
    D3D11_BIND_SHADER_RESOURCE,
    D3D11_BIND_UNORDERED_ACCESS,
    D3D11_BUFFER_DESC,
    D3D11_BUFFER_UAV_FLAG_RAW,
    D3D11_BUFFEREX_SRV_FLAG_RAW,
    D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS,
    D3D11_RESOURCE_MISC_BUFFER_STRUCTURED,
    D3D11_SDK_VERSION,
    D3D11_SHADER_RESOURCE_VIEW_DESC,
    D3D11_SRV_DIMENSION_BUFFEREX,
    D3D11_SUBRESOURCE_DATA,
    D3D11_UAV_DIMENSION_BUFFER,
    D3D11_UNORDERED_ACCESS_VIEW_DESC,
    D3D_DRIVER_TYPE_HARDWARE,
    DXGI_FORMAT_R32_TYPELESS,
    DXGI_FORMAT_UNKNOWN,
    D3D11CreateDevice,
)
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings

SFI0_DOUBLES, SFI0_11_1_DOUBLE_EXTENSIONS = 0x1, 0x20


def _compile(src: str, profile: str = "ps_5_0", entry: str = "main", defines=None) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", defines, None, entry, profile))


def _program(blob: bytes):
    return blob_program(blob)


def _sfi0(blob: bytes) -> int:
    for c in parse_container(blob).chunks:
        if c.fourcc == "SFI0":
            return int(np.frombuffer(bytes(c.data)[:4], np.uint32)[0])
    return 0


def _run(src: str, words: np.ndarray, cb: np.ndarray | None = None) -> np.ndarray:
    """Run a ps_5_0 ``main(uint4 k : K)`` over one lane per row of ``words`` (uint32, shape (N, 4))."""
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, cb)
    res = run_program(_program(_compile(src)), len(words), inputs={0: np.ascontiguousarray(words, np.uint32)},
                      bindings=b)
    return res.outputs[0]


def _bits(d: np.ndarray) -> np.ndarray:
    """(N, 2) float64 -> (N, 4) uint32 words (lo, hi, lo, hi)."""
    return np.ascontiguousarray(d, np.float64).view(np.uint32).reshape(len(d), 4)


def _doubles(w: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(w, np.uint32).view(np.float64).reshape(len(w), -1)


def _operands(n: int = 64, seed: int = 7) -> np.ndarray:
    """Pairs of interesting doubles: ordinary, huge/tiny, denormal, ±0, ±inf, and values a float32
    path would round."""
    rng = np.random.default_rng(seed)
    special = np.array([0.0, -0.0, 1.0, -1.5, 1e300, -1e-300, 5e-324, -2.5e-310, np.inf, -np.inf,
                        1.0000000000000002, 0.1, 3.0, 1e-20, 123456789.123456789, -7.0], np.float64)
    vals = np.concatenate([special, rng.normal(0, 1e3, n) * 10.0 ** rng.integers(-30, 30, n)])
    a = rng.choice(vals, n)
    b = rng.choice(vals, n)
    return np.stack([a, b], 1)


_BIN = """
float4 main(uint4 k : K) : SV_Target {{
    double a = asdouble(k.x, k.y), b = asdouble(k.z, k.w);
    double r = {expr};
    uint lo, hi;
    asuint(r, lo, hi);
    return float4(asfloat(lo), asfloat(hi), 0, 0);
}}"""


@pytest.mark.parametrize(("expr", "ref"), [
    ("a + b", lambda a, b: a + b),
    ("a - b", lambda a, b: a - b),
    ("a * b", lambda a, b: a * b),
    ("a / b", lambda a, b: a / b),
    ("-a", lambda a, b: -a),
    ("min(a, b)", np.fmin),
    ("max(a, b)", np.fmax),
    ("abs(b)", lambda a, b: np.abs(b)),
    ("a < b ? a : b", lambda a, b: np.where(a < b, a, b)),
    ("a * 2.5L - 1", lambda a, b: a * 2.5 - 1.0),
])
def test_double_arithmetic_is_ieee_binary64(expr, ref):
    ab = _operands()
    out = _run(_BIN.format(expr=expr), _bits(ab)).view(np.uint32)
    got = _doubles(out[:, :2])[:, 0]
    with np.errstate(all="ignore"):
        want = ref(ab[:, 0], ab[:, 1])
    # NaNs compare by class (their payload is not specified); everything else bit for bit
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan].view(np.uint64), want[~nan].view(np.uint64))


def test_saturate_on_doubles_clamps_to_the_unit_interval():
    ab = _operands()
    out = _run(_BIN.format(expr="saturate(a)"), _bits(ab)).view(np.uint32)
    a = ab[:, 0]
    want = np.where(a > 0, np.minimum(a, 1.0), 0.0)
    np.testing.assert_array_equal(_doubles(out[:, :2])[:, 0], want)


_CMP = """
uint4 main(uint4 k : K) : SV_Target {
    double a = asdouble(k.x, k.y), b = asdouble(k.z, k.w);
    return uint4(a == b, a != b, a < b, a >= b) | (uint4(a > b, a <= b, 0, 0) << 1);
}"""


def test_double_comparisons():
    ab = _operands(80, seed=3)
    ab[:8, 1] = ab[:8, 0]  # some equal pairs
    ab[8, :] = (0.0, -0.0)
    ab[9, :] = (np.nan, 1.0)
    a, b = ab[:, 0], ab[:, 1]
    out = _run(_CMP, _bits(ab)).view(np.uint32)
    want = np.stack([a == b, a != b, a < b, a >= b], 1).astype(np.uint32)
    want |= np.stack([a > b, a <= b, a < a, a < a], 1).astype(np.uint32) << 1
    np.testing.assert_array_equal(out, want)


_CONV = """
uint4 main(uint4 k : K) : SV_Target {
    double a = asdouble(k.x, k.y);
    return uint4(asuint((float)a), (uint)(int)a, (uint)a, (uint)(bool)a);
}"""


def test_double_to_float_int_uint_bool():
    vals = np.array([0.0, -0.0, 1.5, -1.5, 2.5, -2.9, 1e10, -1e10, 3e38, 4e38, 1e-40, 5e-324, 4294967295.7,
                     2147483647.9, -2147483648.9, np.inf, -np.inf, 0.1], np.float64)
    ab = np.stack([vals, vals], 1)
    out = _run(_CONV, _bits(ab)).view(np.uint32)
    with np.errstate(all="ignore"):
        f = vals.astype(np.float32).view(np.uint32)
    f = np.where((f & 0x7F800000) == 0, f & 0x80000000, f)  # float32 results flush denormals
    t = np.trunc(vals)
    i = np.clip(t, -2**31, 2**31 - 1).astype(np.int64).astype(np.uint32)
    u = np.clip(t, 0, 2**32 - 1).astype(np.int64).astype(np.uint32)
    b = np.where(vals != 0, 1, 0).astype(np.uint32)
    np.testing.assert_array_equal(out, np.stack([f, i, u, b], 1))


_TO_D = """
uint4 main(uint4 k : K) : SV_Target {
    double2 d = double2(asfloat(k.x), (double)(int)k.y);
    double2 e = double2(k.z, (bool)k.w);
    uint4 r;
    asuint(d.x, r.x, r.y);
    asuint(d.y + e.x + e.y * 0.5, r.z, r.w);
    return r;
}"""


def test_conversions_to_double_are_exact():
    rng = np.random.default_rng(11)
    f = np.concatenate([np.float32([0, -0.0, 1.5, 3.4e38, 1e-40, -1e-45, 0.1]),
                        rng.normal(0, 1e6, 25).astype(np.float32)])
    n = len(f)
    i = rng.integers(-2**31, 2**31, n).astype(np.int32)
    u = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    w = rng.integers(0, 2, n).astype(np.uint32)
    words = np.stack([f.view(np.uint32), i.view(np.uint32), u, w], 1)
    out = _run(_TO_D, words).view(np.uint32)
    fd = np.where(np.abs(f) < np.float32(1.1754944e-38), np.float32(0) * np.sign(f), f).astype(np.float64)
    fd = np.copysign(fd, f.astype(np.float64))  # a flushed denormal keeps its sign
    np.testing.assert_array_equal(_doubles(out[:, :2])[:, 0].view(np.uint64), fd.view(np.uint64))
    want = i.astype(np.float64) + u.astype(np.float64) + w.astype(np.float64) * 0.5
    np.testing.assert_array_equal(_doubles(out[:, 2:])[:, 0], want)


_CB = """
cbuffer C { double2 d; float f; double e; };
uint4 main() : SV_Target {
    uint4 r;
    asuint(d.y * f, r.x, r.y);
    asuint(d.x - e, r.z, r.w);
    return r;
}"""


def test_doubles_in_a_constant_buffer_use_sm5_packing():
    # d: c0.xyzw, f: c1.x, e: c1.zw (a double does not straddle its 8-byte slot)
    cb = np.zeros(8, np.uint32)
    cb[0:4] = np.float64([1e-3, 3.0000000000000004]).view(np.uint32)
    cb[4] = np.float32(0.1).view(np.uint32)
    cb[6:8] = np.float64([2.0 ** -60]).view(np.uint32)
    out = _run(_CB, np.zeros((1, 4), np.uint32), cb).view(np.uint32)
    got = _doubles(out)[0]
    assert got[0] == 3.0000000000000004 * np.float64(np.float32(0.1))
    assert got[1] == 1e-3 - 2.0 ** -60
    from pyd3d11.shader.reflection import D3DReflect

    r = D3DReflect(_compile(_CB))
    cbuf = r.GetConstantBufferByIndex(0)
    offs = [(cbuf.GetVariableByIndex(i).GetDesc().StartOffset, cbuf.GetVariableByIndex(i).GetDesc().Size,
             cbuf.GetVariableByIndex(i).GetType().GetDesc().Type) for i in range(3)]
    assert offs == [(0, 16, 39), (16, 4, 3), (24, 8, 39)]  # D3D_SVT_DOUBLE = 39
    assert cbuf.GetDesc().Size == 32


def test_double_flags_in_sfi0_and_global_flags():
    plain = _compile(_BIN.format(expr="a + b"))
    ext = _compile(_BIN.format(expr="a / b"))
    none = _compile("float4 main() : SV_Target { return 1; }")
    assert _sfi0(plain) & (SFI0_DOUBLES | SFI0_11_1_DOUBLE_EXTENSIONS) == SFI0_DOUBLES
    assert _sfi0(ext) & (SFI0_DOUBLES | SFI0_11_1_DOUBLE_EXTENSIONS) == SFI0_DOUBLES | SFI0_11_1_DOUBLE_EXTENSIONS
    assert _sfi0(none) & SFI0_DOUBLES == 0
    from pyd3d11.shader.dxbc.disasm import disassemble

    text = disassemble(ext)
    assert "enableDoublePrecisionFloatOps" in text and "enable11_1DoubleExtensions" in text


def test_constant_double_expressions_fold_at_full_precision():
    src = """uint4 main() : SV_Target { uint4 r; asuint(0.1L + 0.2L, r.x, r.y);
                                      asuint((double)3 / 7.0L, r.z, r.w); return r; }"""
    blob = _compile(src)
    assert _sfi0(blob) & SFI0_DOUBLES == 0  # folded: no double instruction left
    out = run_program(_program(blob), 1, bindings=Bindings()).outputs[0].view(np.uint32)
    np.testing.assert_array_equal(_doubles(out)[0], [0.1 + 0.2, 3.0 / 7.0])


@pytest.mark.parametrize("profile", ["ps_4_0", "ps_4_1"])
def test_double_arithmetic_below_shader_model_5_is_an_error(profile):
    with pytest.raises(D3D11Error, match="X3651"):  # d3dcompiler_47 10.1: "ps_4_0 does not support doubles"
        _compile(_BIN.format(expr="a + b"), profile)


@pytest.mark.parametrize("src", [
    "float4 main() : SV_Target { double d = 1; return asfloat(d); }",
    "float4 main() : SV_Target { double d = 1; return (float)(d & 1); }",
])
def test_invalid_double_operations_are_rejected(src):
    with pytest.raises(D3D11Error):
        _compile(src)


_VEC = """
uint4 main(uint4 k : K) : SV_Target {
    double a = asdouble(k.x, k.y), b = asdouble(k.z, k.w);
    double4 v = double4(a, b, a * b, a - b);
    double3 w = v.wzy + 1.0L;
    double e[4] = { v.x, v.y, v.z, v.w };  // d3dcompiler_47 10.1 refuses v[k.x & 3] of the vector (X3512), not
    double s = w.x + w.y + w[2] + e[k.x & 3];  // an array of doubles (session 39 GEN; test_hlsl_fxc_gen_s39.py)
    uint4 r;
    asuint(s, r.x, r.y);
    asuint(v.w, r.z, r.w);
    return r;
}"""


def test_double_vectors_swizzles_and_indexing_span_register_pairs():
    ab = _operands(40, seed=9)
    words = _bits(ab)
    out = _run(_VEC, words).view(np.uint32)
    a, b = ab[:, 0], ab[:, 1]
    with np.errstate(all="ignore"):
        v = np.stack([a, b, a * b, a - b], 1)
        w = v[:, [3, 2, 1]] + 1.0
        s = (w[:, 0] + w[:, 1]) + w[:, 2]
        s = s + v[np.arange(len(a)), words[:, 0] & 3]
    got = _doubles(out)
    for col, want in ((0, s), (1, v[:, 3])):
        nan = np.isnan(want)
        assert np.array_equal(np.isnan(got[:, col]), nan)
        np.testing.assert_array_equal(got[~nan, col].view(np.uint64), want[~nan].view(np.uint64))


@pytest.mark.parametrize("structured", [False, True], ids=["raw", "structured"])
def test_basic_compute11_double_sample_adds_ints_floats_and_doubles(structured: bool):
    """The SDK BasicCompute11 sample (TEST_DOUBLE; raw or structured buffers) through the public API:
    the double member is added in float64, bit for bit."""
    src = conformance_path("dxbc-corpus", "slimshader", "Sdk", "Direct3D11", "BasicCompute11",
                           "BasicCompute11.hlsl").read_text()
    defines = [("TEST_DOUBLE", "1")] + ([("USE_STRUCTURED_BUFFERS", "1")] if structured else [])
    blob = D3DCompile(src, None, "BasicCompute11.hlsl", defines, None, "CSMain", "cs_5_0")
    assert _sfi0(bytes(blob)) & SFI0_DOUBLES
    dev, _lvl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, D3D11_SDK_VERSION)
    n = 16
    rng = np.random.default_rng(5)
    rec = np.dtype([("i", "<i4"), ("f", "<f4"), ("d", "<f8")])
    ins = []
    for _ in range(2):
        a = np.zeros(n, rec)
        a["i"] = rng.integers(-1000, 1000, n)
        a["f"] = rng.normal(0, 100, n).astype(np.float32)
        a["d"] = rng.normal(0, 1, n) * 10.0 ** rng.integers(-200, 200, n)
        ins.append(a)
    misc = D3D11_RESOURCE_MISC_BUFFER_STRUCTURED if structured else D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS
    fmt = DXGI_FORMAT_UNKNOWN if structured else DXGI_FORMAT_R32_TYPELESS
    count = n if structured else n * 4

    def buf(data: np.ndarray, bind: int):
        return dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=data.nbytes, BindFlags=bind, MiscFlags=misc,
                                                  StructureByteStride=16 if structured else 0),
                                D3D11_SUBRESOURCE_DATA(pSysMem=data))

    srvs = []
    for a in ins:
        d = D3D11_SHADER_RESOURCE_VIEW_DESC(Format=fmt, ViewDimension=D3D11_SRV_DIMENSION_BUFFEREX)
        d.BufferEx.NumElements = count
        d.BufferEx.Flags = 0 if structured else D3D11_BUFFEREX_SRV_FLAG_RAW
        srvs.append(dev.CreateShaderResourceView(buf(a, D3D11_BIND_SHADER_RESOURCE), d))
    out = buf(np.zeros(n, rec), D3D11_BIND_UNORDERED_ACCESS)
    ud = D3D11_UNORDERED_ACCESS_VIEW_DESC(Format=fmt, ViewDimension=D3D11_UAV_DIMENSION_BUFFER)
    ud.Buffer.NumElements = count
    ud.Buffer.Flags = 0 if structured else D3D11_BUFFER_UAV_FLAG_RAW
    ctx.CSSetShader(dev.CreateComputeShader(blob, None))
    ctx.CSSetShaderResources(0, 2, srvs)
    ctx.CSSetUnorderedAccessViews(0, 1, [dev.CreateUnorderedAccessView(out, ud)], None)
    ctx.Dispatch(n, 1, 1)
    got = out._storage.data.view(rec)
    np.testing.assert_array_equal(got["i"], ins[0]["i"] + ins[1]["i"])
    np.testing.assert_array_equal(got["f"], ins[0]["f"] + ins[1]["f"])
    np.testing.assert_array_equal(got["d"].view(np.uint64), (ins[0]["d"] + ins[1]["d"]).view(np.uint64))
