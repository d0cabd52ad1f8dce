"""Regression tests for causes found through the vkd3d shader tests' wrong probe values.

Each expectation is derived by hand from HLSL semantics (as fxc implements them) or the D3D11.3
functional spec, never from the code under test."""

from __future__ import annotations

import numpy as np
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile, D3DReflect
from pyd3d11.pipeline.compute import dispatch
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

R32_UINT, R32_SINT = 42, 43  # DXGI_FORMAT values
UAV_DIMENSION_BUFFER = 1


def _blob(src: str, target: str, flags: int = 0) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags))


def _program(src: str, target: str):
    return blob_program(_blob(src, target))


def _typed_uav(words, fmt: int):
    w = np.asarray(words, np.int64).astype(np.uint32)
    st = ResourceStorage.create(1, 0, w.nbytes)
    st.data.view(np.uint32)[:] = w
    view = ViewDescriptor(ViewKind.UAV, st, fmt, UAV_DIMENSION_BUFFER, num_elements=len(w), element_size=4)
    return st, view


# --- firstbithigh: HLSL gives the bit index counted from bit 0 -------------------------------------------
def _hi_unsigned(x: int) -> int:
    return x.bit_length() - 1 if x else 0xFFFFFFFF


def _hi_signed(x: int) -> int:
    """Highest bit that differs from the sign bit; -1 (0xFFFFFFFF) for 0 and -1."""
    s = x - (1 << 32) if x & 0x80000000 else x
    m = ~s if s < 0 else s
    return m.bit_length() - 1 if m else 0xFFFFFFFF


def test_firstbithigh_returns_the_bit_index_from_bit_0():
    src = """
    uint4 main(nointerpolation uint2 v : V) : SV_Target
    {
        return uint4(firstbithigh(v.x), firstbithigh(asint(v.y)), firstbithigh(v.x >> 1), 0);
    }"""
    vals = [0, 1, 2, 0x80, 0x12345, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF, 0xCCCCCCCC, 0x40000000]
    v = np.zeros((len(vals), 4), np.uint32)
    v[:, 0] = vals
    v[:, 1] = vals
    for target in ("ps_4_0", "ps_5_0"):
        out = run_program(_program(src, target), len(vals), inputs={0: v}, bindings=Bindings()).outputs[0]
        assert [int(x) for x in out[:, 0]] == [_hi_unsigned(x) for x in vals]
        assert [int(x) for x in out[:, 1]] == [_hi_signed(x) for x in vals]
        assert [int(x) for x in out[:, 2]] == [_hi_unsigned(x >> 1) for x in vals]


def test_firstbithigh_of_a_literal():
    src = "uint4 main() : SV_Target { return uint4(firstbithigh(8u), firstbithigh(0u), firstbithigh(-2), 0); }"
    out = run_program(_program(src, "ps_5_0"), 1, bindings=Bindings()).outputs[0][0]
    assert [int(x) for x in out[:3]] == [3, 0xFFFFFFFF, 0]


# --- Interlocked*: value conversions -----------------------------------------------------------------
ATOMICS = """
RWBuffer<uint> u : register(u1);
RWBuffer<int> s : register(u2);
uniform uint i;
uniform float a;
[numthreads(3, 1, 1)]
void main()
{
    InterlockedMax(u[0], a);
    InterlockedMin(u[1], a);
    InterlockedAdd(u[2], a);
    InterlockedMax(s[0], a);
    InterlockedMin(s[1], a);
    InterlockedAdd(s[2], a);
}"""


def _run_atomics(a: float, u0, s0):
    ust, uview = _typed_uav(u0, R32_UINT)
    sst, sview = _typed_uav(s0, R32_SINT)
    b = Bindings()
    b.uavs[1], b.uavs[2] = uview, sview
    b.set_cbuffer(0, np.array([0, np.float32(a).view(np.uint32), 0, 0], np.uint32).tobytes())
    dispatch(_program(ATOMICS, "cs_5_0"), b, 1)
    return [int(x) for x in ust.data.view(np.uint32)], [int(x) for x in sst.data.view(np.int32)]


def test_interlocked_min_max_convert_a_float_through_int():
    # Min/Max: a float value converts with ftoi (saturating to 0x7FFFFFFF / 0x80000000) even for a
    # uint destination; Add takes uint (ftou: 2^31 fits, negatives saturate to 0). 3 threads run.
    u, s = _run_atomics(2147483648.0, [1, 1, 1], [1, 1, 1])
    assert u == [0x7FFFFFFF, 1, (1 + 3 * 0x80000000) & 0xFFFFFFFF]
    assert s[:2] == [0x7FFFFFFF, 1]
    u, s = _run_atomics(-2.5, [5, 5, 5], [5, 5, 5])
    # ftoi(-2.5) = -2 = 0xFFFFFFFE: umax picks it, umin keeps 5; imax keeps 5, imin takes -2
    assert u == [0xFFFFFFFE, 5, 5]
    assert s == [5, -2, 5]


# --- row_major / column_major on an entry point's return type ------------------------------------------
def _outputs(src: str):
    r = D3DReflect(_blob(src, "ps_5_0"))
    return [(d.SemanticIndex, d.Register, d.Mask) for d in
            (r.GetOutputParameterDesc(k) for k in range(r.GetDesc().OutputParameters))]


def test_return_type_majority_decides_the_registers():
    body = " main() : SV_Target { return float4(1.0, 2.0, 3.0, 4.0); }"
    # one register per row when row_major, per column when column_major (the default)
    assert _outputs("row_major float1x4" + body) == [(0, 0, 0xF)]
    assert _outputs("row_major float4x1" + body) == [(k, k, 0x1) for k in range(4)]
    assert _outputs("column_major float1x4" + body) == [(k, k, 0x1) for k in range(4)]
    assert _outputs("float4x1" + body) == [(0, 0, 0xF)]
    out = run_program(_program("row_major float4x1" + body, "ps_5_0"), 1, bindings=Bindings()).outputs
    assert [float(out[k][0][0].view(np.float32)) for k in range(4)] == [1.0, 2.0, 3.0, 4.0]


# --- arrays of matrices with a semantic ----------------------------------------------------------------
def test_array_of_matrices_takes_successive_indexes_per_register():
    src = """
    struct apple { float4x2 tp[2] : TEXCOORD0; };
    float4 main(in apple a) : SV_Target
    {
        return float4(a.tp[0][0].x, a.tp[0][1].x, a.tp[1][0].x, a.tp[1][1].x);
    }"""
    r = D3DReflect(_blob(src, "ps_5_0"))
    ins = [r.GetInputParameterDesc(k) for k in range(r.GetDesc().InputParameters)]
    # column-major float4x2: 2 registers (columns) per element, so 4 registers TEXCOORD0..3
    assert [(d.SemanticIndex, d.Register) for d in ins] == [(k, k) for k in range(4)]
    regs = {k: np.array([[10 * (k + 1) + c for c in range(4)]], np.float32).view(np.uint32) for k in range(4)}
    out = run_program(_program(src, "ps_5_0"), 1, inputs=regs, bindings=Bindings()).outputs[0][0]
    # tp[e][row].x is column 0 of element e, component `row`: registers 0 and 2
    np.testing.assert_array_equal(out.view(np.float32), np.float32([10, 11, 30, 31]))


# --- D3D9-style samplers in SM4: their textures' t# -------------------------------------------------------
def test_legacy_sampler_textures_take_registers_in_order_of_first_use():
    import re

    from pyd3d11.d3dcompiler import D3DDisassemble

    src = """
    sampler samA;
    sampler samB[2];
    sampler samC[3];
    Texture2D other : register(t0);
    SamplerState ss : register(s7);
    float4 main() : SV_Target
    {
        return 100 * tex2D(samC[2], float2(0, 0)) + 10 * tex2D(samB[0], float2(0, 0))
             + tex2D(samA, float2(0, 0)) + other.Sample(ss, float2(0, 0));
    }"""
    blob = _blob(src, "ps_4_0", 0x1000)  # DX9-style intrinsics need backwards compatibility (fxc 10.1 X3523)
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode("ascii", "replace")
    used = [int(m) for m in re.findall(r"\bsample r\d+\.xyzw, .*?, t(\d+)\.xyzw", text)]
    # t0 is reserved; samC (used first, up to element 2) takes t1..t3, then samB[0] t4, samA t5;
    # `other` is sampled last
    assert used == [3, 4, 5, 0]
    assert sorted(int(m) for m in re.findall(r"dcl_resource_texture2d \([a-z,]+\) t(\d+)", text)) == [0, 3, 4, 5]
