"""degrees/radians, refract, D3DCOLORtoUBYTE4, msad4 and EvaluateAttribute*: compiled from HLSL and run,
expectations computed here with numpy from the HLSL reference definitions."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import R32G32B32A32_FLOAT, blob_program, draw_pos_attr, read, rtv, texture2d

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def _program(src: str, profile: str = "ps_5_0"):
    return blob_program(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


def _run(src: str, inputs: np.ndarray, profile: str = "ps_5_0") -> np.ndarray:
    res = run_program(_program(src, profile), len(inputs), inputs={0: np.ascontiguousarray(inputs).view(np.uint32)},
                      bindings=Bindings())
    return res.outputs[0]


def test_degrees_and_radians():
    x = np.float32([[0, 1, -2.5, 3.14159274], [180, 90, -45, 1e-3]])
    out = _run("float4 main(float4 x : X) : SV_Target { return float4(degrees(x.xy), radians(x.zw)); }", x)
    out = out.view(np.float32)
    np.testing.assert_allclose(out[:, :2], x[:, :2] * np.float32(180 / np.pi), rtol=1e-6)
    np.testing.assert_allclose(out[:, 2:], x[:, 2:] * np.float32(np.pi / 180), rtol=1e-6)


def test_refract_matches_the_reference_formula_including_total_internal_reflection():
    rng = np.random.default_rng(5)
    i = rng.normal(size=(16, 3))
    n = rng.normal(size=(16, 3))
    i /= np.linalg.norm(i, axis=1, keepdims=True)
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    eta = np.linspace(0.3, 2.5, 16)
    d = np.sum(i * n, axis=1)
    k = 1 - eta * eta * (1 - d * d)
    expect = np.where((k >= 0)[:, None], eta[:, None] * i - (eta * d + np.sqrt(np.maximum(k, 0)))[:, None] * n, 0)
    assert (k < 0).any() and (k >= 0).any()
    data = np.zeros((16, 2, 4), np.float32)
    data[:, 0, :3], data[:, 0, 3], data[:, 1, :3] = i, eta, n
    src = """float4 main(float4 a : A, float3 n : N) : SV_Target { return float4(refract(a.xyz, n, a.w), 7); }"""
    res = run_program(_program(src), 16, inputs={0: data[:, 0].view(np.uint32), 1: data[:, 1].view(np.uint32)},
                      bindings=Bindings())
    out = res.outputs[0].view(np.float32)
    np.testing.assert_allclose(out[:, :3], expect, atol=2e-5)
    assert (out[:, 3] == 7).all()


def test_d3dcolortoubyte4_swizzles_bgra_and_scales_to_255():
    c = np.float32([[1, 0.5, 0, 1], [0.2, 0.4, 0.6, 0.8], [0.999, 0.001, 1, 0]])
    out = _run("int4 main(float4 c : C) : SV_Target { return D3DCOLORtoUBYTE4(c); }", c).view(np.int32)
    expect = np.trunc(c[:, [2, 1, 0, 3]].astype(np.float64) * 255.001953125).astype(np.int32)
    np.testing.assert_array_equal(out, expect)
    assert out[0].tolist() == [0, 127, 255, 255]


def _msad(ref: int, src: int, accum: int) -> int:
    for b in range(4):
        r = (ref >> (8 * b)) & 0xFF
        if r:
            accum += abs(r - ((src >> (8 * b)) & 0xFF))
    return min(accum, 0xFFFFFFFF)


def test_msad4_compares_the_reference_with_each_byte_offset_of_the_source_pair():
    rng = np.random.default_rng(9)
    data = rng.integers(0, 2**32, size=(12, 4), dtype=np.uint64).astype(np.uint32)
    data[:, 0] &= 0xFF00FFFF  # a zero reference byte is skipped
    acc = rng.integers(0, 1000, size=(12, 4), dtype=np.uint32)
    src = "uint4 main(uint4 a : A, uint4 acc : B) : SV_Target { return msad4(a.x, a.yz, acc); }"
    res = run_program(_program(src), 12, inputs={0: data, 1: acc}, bindings=Bindings())
    out = res.outputs[0]
    for lane in range(12):
        pair = int(data[lane, 1]) | (int(data[lane, 2]) << 32)
        for i in range(4):
            assert out[lane, i] == _msad(int(data[lane, 0]), (pair >> (8 * i)) & 0xFFFFFFFF, int(acc[lane, i]))


def test_msad4_needs_shader_model_5():
    with pytest.raises(D3D11Error, match="msad4"):
        D3DCompile("uint4 main(uint4 a : A) : SV_Target { return msad4(a.x, a.yz, a); }", None, "t", None, None,
                   "main", "ps_4_1")


SIZE = 8
PATTERN4 = np.array([(-2, -6), (6, -2), (-6, 2), (2, 6)]) / 16.0  # standard 4x pattern (spec §19.2.4)


def test_evaluate_attribute_functions_interpolate_at_the_requested_locations():
    src = """
    float4 main(float4 pos : SV_Position, float4 a : ATTR) : SV_Target {
        return float4(EvaluateAttributeSnapped(a.x, int2(4, -8)), EvaluateAttributeAtSample(a, 1).x,
                      EvaluateAttributeAtCentroid(a).y, a.x);
    }"""
    ps = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)

    def attr_at(x: float, y: float) -> tuple[float, float]:
        return 2 * x / SIZE, y / SIZE

    verts = []
    for cx, cy in [(-1, 1), (-1, -3), (3, 1)]:
        px, py = (cx + 1) * SIZE / 2, (1 - cy) * SIZE / 2
        verts.append([cx, cy, 0.5, 1.0, *attr_at(px, py), 0, 0])
    draw_pos_attr(np.array(verts, np.float32), [rtv(rt)], ps=ps, sample_count=4)
    img = read(rt)
    for py, px in [(0, 0), (3, 5), (7, 7)]:
        got = img[0, py, px]
        cx, cy = px + 0.5, py + 0.5
        np.testing.assert_allclose(got[0], attr_at(cx + 4 / 16, cy - 8 / 16)[0], rtol=1e-5)
        np.testing.assert_allclose(got[1], attr_at(cx + PATTERN4[1][0], cy + PATTERN4[1][1])[0], rtol=1e-5)
        np.testing.assert_allclose(got[2], attr_at(cx, cy)[1], rtol=1e-5)
        np.testing.assert_allclose(got[3], attr_at(cx, cy)[0], rtol=1e-5)


@pytest.mark.parametrize(("src", "profile"), [
    ("float4 main(float4 a : A) : SV_Target { float4 b = a * 2; return EvaluateAttributeAtCentroid(b * 0); }",
     "ps_5_0"),
    ("float4 main(float4 a : A) : SV_Target { return EvaluateAttributeAtCentroid(a); }", "ps_4_1"),
    ("float4 main(float4 a : A) : SV_Position { return EvaluateAttributeAtCentroid(a); }", "vs_5_0"),
])
def test_evaluate_attribute_rejects_non_inputs_and_other_stages(src: str, profile: str):
    # outside ps_5_x fxc 10.1's X3672 "ps_4_1 does not support pull-model attribute evaluation" (session 39)
    with pytest.raises(D3D11Error, match="EvaluateAttributeAtCentroid|does not support pull-model attribute"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", profile)


def test_tessellation_factor_helpers_outside_a_hull_shader_are_rejected():
    # built now (tests/test_hlsl_tess_factor_helpers.py); the pages' stage table lists Hull only
    src = """float4 main(float4 a : A) : SV_Target { float3 e; float i, u;
             ProcessTriTessFactorsAvg(a.xyz, 1, e, i, u); return float4(e, i); }"""
    with pytest.raises(D3D11Error, match="X4532"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


def test_fma_on_doubles_is_fused():
    from fractions import Fraction

    rng = np.random.default_rng(11)
    x = rng.normal(size=8)
    y = rng.normal(size=8)
    z = -(x * y) * (1 + rng.normal(size=8) * 1e-10)
    words = np.stack([x, y, z, np.zeros(8)], axis=1).view(np.uint32)  # (8, 8) uint32
    src = """uint4 main(uint4 a : A, uint4 b : B) : SV_Target {
        double r = fma(asdouble(a.x, a.y), asdouble(a.z, a.w), asdouble(b.x, b.y));
        uint lo, hi; asuint(r, lo, hi); return uint4(lo, hi, 0, 0); }"""
    res = run_program(_program(src), 8, inputs={0: np.ascontiguousarray(words[:, :4]),
                                                 1: np.ascontiguousarray(words[:, 4:])}, bindings=Bindings())
    got = np.ascontiguousarray(res.outputs[0][:, :2]).view(np.float64).ravel()
    expect = [float(Fraction(a) * Fraction(b) + Fraction(c)) for a, b, c in zip(x, y, z, strict=True)]
    assert got.tolist() == expect


def test_fma_needs_a_double_argument():
    with pytest.raises(D3D11Error, match="fma"):
        D3DCompile("float4 main(float4 a : A) : SV_Target { return fma(a.x, a.y, a.z); }", None, "t", None, None,
                   "main", "ps_5_0")


def test_struct_member_functions():
    src = """
    struct Light {
        float3 dir;
        float k;
        float shade(float3 n) { return saturate(dot(n, dir)) * k; }
        void scale(float s) { k *= s; }
    };
    float4 main(float3 n : N, float4 d : D) : SV_Target {
        Light l;
        l.dir = d.xyz;
        l.k = d.w;
        l.scale(2);
        return float4(l.shade(n), l.k, 0, 1);
    }"""
    rng = np.random.default_rng(2)
    n = rng.normal(size=(8, 4)).astype(np.float32)
    d = rng.normal(size=(8, 4)).astype(np.float32)
    res = run_program(_program(src), 8, inputs={0: n.view(np.uint32), 1: d.view(np.uint32)}, bindings=Bindings())
    out = res.outputs[0].view(np.float32)
    dot = (n[:, :3] * d[:, :3]).sum(axis=1, dtype=np.float32)
    k = d[:, 3] * np.float32(2)
    np.testing.assert_allclose(out[:, 0], np.clip(dot, 0, 1) * k, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(out[:, 1], k)


def test_lerp_promotes_integer_arguments_and_broadcasts_to_the_widest_operand():
    src = """float4 main() : SV_Target {
        return float4(lerp(2, 4, 0.25), lerp(0, 1, float2(0.5, 0.75)), mad(2, 3, 1)); }"""
    out = run_program(_program(src), 1, inputs={}, bindings=Bindings()).outputs[0].view(np.float32)
    assert out[0].tolist() == [2.5, 0.5, 0.75, 7.0]


def test_static_locals_keep_their_value_across_calls_and_are_initialised_once():
    src = """
    float g(float x) { static float acc = 10; acc += x; return acc; }
    float count() { static int n; return ++n; }
    float4 main(float4 v : V) : SV_Target {
        float a = g(v.x);
        float b = 0;
        if (v.y > 0) b = g(v.y);
        float c = g(1);
        for (int i = 0; i < 3; i++) count();
        return float4(a, b, c, count());
    }"""
    v = np.float32([[1, 2, 0, 0], [5, -1, 0, 0], [0.5, 0.25, 0, 0]])
    out = run_program(_program(src), 3, inputs={0: v.view(np.uint32)}, bindings=Bindings()).outputs[0].view(np.float32)
    for lane, (x, y, _, _) in enumerate(v):
        a = 10 + x
        b = a + y if y > 0 else 0
        c = (b if y > 0 else a) + 1
        assert out[lane].tolist() == [a, b, c, 4]


def test_evaluate_attribute_of_an_input_array_element_picked_at_run_time():
    """dxilconv's eval.hlsl (built by ``fxc /T ps_5_0``) evaluates ``c[b.y].zzxy`` of an input array: the
    element a run-time index names is re-interpolated (D3D11.3 §16.5), swizzles and all."""
    vs_src = """
    void main(float4 p : P, float4 a : A, out float4 pos : SV_Position, out float4 c[3] : C) {
        pos = p;
        c[0] = a; c[1] = a * 2 + 1; c[2] = a * 3 + 2;
    }"""
    ps_src = """
    float4 main(float4 pos : SV_Position, float4 c[3] : C) : SV_Target {
        uint k = (uint)pos.x % 3;
        return float4(EvaluateAttributeAtSample(c[k].yx, 1), EvaluateAttributeSnapped(c[k], int2(4, -8)).x,
                      EvaluateAttributeCentroid(c[k].y));
    }"""
    vs = disassemble(bytes(D3DCompile(vs_src, None, "t.hlsl", None, None, "main", "vs_5_0")))
    ps = disassemble(bytes(D3DCompile(ps_src, None, "t.hlsl", None, None, "main", "ps_5_0")))
    rt = texture2d(R32G32B32A32_FLOAT, SIZE, SIZE, samples=4)

    def attr_at(x: float, y: float) -> tuple[float, float]:
        return 2 * x / SIZE, y / SIZE

    verts = []
    for cx, cy in [(-1, 1), (-1, -3), (3, 1)]:
        px, py = (cx + 1) * SIZE / 2, (1 - cy) * SIZE / 2
        verts.append([cx, cy, 0.5, 1.0, *attr_at(px, py), 0, 0])
    draw_pos_attr(np.array(verts, np.float32), [rtv(rt)], ps=ps, vs=vs, sample_count=4)
    img = read(rt)
    for py, px in [(0, 0), (3, 5), (7, 7), (2, 1), (6, 2)]:
        got = img[0, py, px]
        cx, cy = px + 0.5, py + 0.5
        k = px % 3
        ax, ay = attr_at(cx + PATTERN4[1][0], cy + PATTERN4[1][1])
        np.testing.assert_allclose(got[:2], [ay * (k + 1) + k, ax * (k + 1) + k], rtol=1e-5)
        np.testing.assert_allclose(got[2], attr_at(cx + 4 / 16, cy - 8 / 16)[0] * (k + 1) + k, rtol=1e-5)
        np.testing.assert_allclose(got[3], attr_at(cx, cy)[1] * (k + 1) + k, rtol=1e-5)


def test_evaluate_attribute_of_a_computed_array_element_is_rejected():
    # a local copy of an input array is no longer input data (fxc X3503, DXC "attribute evaluation can only
    # be done on values taken directly from inputs")
    src = """float4 main(float4 c[3] : C, uint k : K) : SV_Target {
        float4 d[3] = c; d[1] *= 2; return EvaluateAttributeCentroid(d[k]); }"""
    with pytest.raises(D3D11Error, match="X3503"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
