"""HLSL compiler: constant propagation through locals, fxc-style loop unrolling (dynamic-index writes,
texel offsets from loop counters), GetSamplePosition / ldms offsets and the four-offset Gather, each
executed through the reference executor with expectations computed independently here."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import D3D11Error
from pyd3d11.pipeline.sampler import TextureSampler
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.dxbc.opcodes import Opcode
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

R32_FLOAT = 41  # DXGI_FORMAT_R32_FLOAT
SRV_TEXTURE2D, SRV_TEXTURE2DMS = 4, 6  # D3D11_SRV_DIMENSION_*


def program(src: str, profile: str = "ps_5_0"):
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return decode_program(chunk.data)


def opcode_names(prog) -> list[str]:
    return [Opcode(i.opcode).name.lower() for i in prog.instructions]


def run(src: str, k: np.ndarray, bindings: Bindings | None = None, profile: str = "ps_5_0",
        hooks=None) -> np.ndarray:
    prog = program(src, profile)
    res = run_program(prog, len(k), inputs={0: np.asarray(k, np.int32).view(np.uint32)},
                      bindings=bindings or Bindings(), hooks=hooks)
    return res.outputs[0]


def tex2d(values: np.ndarray) -> ViewDescriptor:
    """An R32_FLOAT Texture2D SRV holding ``values`` (rows x cols)."""
    h, w = values.shape
    st = ResourceStorage.create(3, R32_FLOAT, w, h, bytes_per_block=4)
    st.subresource_bytes(0)[:] = np.ascontiguousarray(values, np.float32).view(np.uint8).ravel()
    return ViewDescriptor(ViewKind.SRV, st, R32_FLOAT, SRV_TEXTURE2D)


K = np.array([[0, 1, 2, 3], [5, -2, 7, 1], [9, 4, -3, 0]], np.int32)


# --- unrolling -------------------------------------------------------------------------------------
def test_matrix_row_write_in_a_constant_loop_is_unrolled():
    """BC7Encode's ``endPoint[j].rgb = ...`` (a uint2x4 row picked by the loop counter): fxc unrolls."""
    src = """
    int4 main(int4 k : K) : SV_Target {
        int2x4 e = int2x4(k, k.wzyx);
        for (uint j = 0; j < 2; j++)
            e[j].rgb = e[j].rgb * 3 + (int)j;
        return e[0] + e[1] * 100;
    }"""
    names = opcode_names(program(src))
    assert "loop" not in names and "movc" not in names
    e0, e1 = K.copy(), K[:, ::-1].copy()
    e0[:, :3] = e0[:, :3] * 3
    e1[:, :3] = e1[:, :3] * 3 + 1
    np.testing.assert_array_equal(run(src, K).view(np.int32), e0 + e1 * 100)


def test_unroll_attribute_gives_texel_offsets_from_the_counter():
    """VarianceShadows11 PSBlurX: ``[unroll] for (x = -1; x < 2; ++x) t.Load(c, int2(x, 0))``."""
    src = """
    static const int BEGIN = 3 / -2;
    Texture2D<float> t;
    float4 main(int4 k : K) : SV_Target {
        float acc = 0;
        [unroll] for (int x = BEGIN; x < 2; ++x)
            acc += t.Load(int3(k.x, k.y, 0), int2(x, 0)) * (x + 2);
        return acc;
    }"""
    img = np.arange(48, dtype=np.float32).reshape(6, 8) * 0.5
    b = Bindings()
    b.srvs[0] = tex2d(img)
    k = np.array([[1, 0, 0, 0], [4, 5, 0, 0], [6, 2, 0, 0]], np.int32)
    out = run(src, k, b).view(np.float32)[:, 0]
    expect = [sum(img[y, x + d] * (d + 2) for d in (-1, 0, 1)) for x, y in k[:, :2]]
    np.testing.assert_array_equal(out, np.float32(expect))


def test_loop_unrolled_when_a_vector_offset_needs_its_counter_with_break():
    """A plain (unattributed) loop is unrolled because of the offset; its break leaves a once-loop."""
    src = """
    Texture2D<float> t;
    float4 main(int4 k : K) : SV_Target {
        float acc = 0;
        for (int i = 0; i < 4; i++) {
            if (i == k.z) break;
            acc += t.Load(int3(0, 0, 0), int2(i, 1));
        }
        return acc;
    }"""
    img = np.float32(np.arange(1, 9).reshape(2, 4) ** 2)
    b = Bindings()
    b.srvs[0] = tex2d(img)
    k = np.array([[0, 0, 0, 0], [0, 0, 2, 0], [0, 0, 9, 0]], np.int32)
    out = run(src, k, b).view(np.float32)[:, 0]
    expect = [img[1, :min(stop, 4)].sum() for stop in k[:, 2]]
    np.testing.assert_array_equal(out, np.float32(expect))


def test_constant_arguments_index_an_inout_array_parameter():
    """SubD11's ComputeTanPatch: ``vOut[2*cX + 0*cY] = ...`` with cX, cY literal arguments."""
    src = """
    void put(inout float3 v[16], in const uint cX, in const uint cY, float3 a) {
        v[1*cX + 0*cY] = a;
        v[2*cX + 3*cY] = a * 2;
    }
    float4 main(int4 k : K) : SV_Target {
        float3 v[16];
        for (int i = 0; i < 16; i++) v[i] = 0;
        put(v, 1, 4, float3(k.xyz));
        put(v, 4, 1, float3(k.yzw));
        return float4(v[1].x, v[14].y, v[4].z, v[11].x);
    }"""
    kf = K.astype(np.float32)
    v = np.zeros((len(K), 16, 3), np.float32)
    v[:, 1], v[:, 2 + 12] = kf[:, :3], kf[:, :3] * 2
    v[:, 4], v[:, 8 + 3] = kf[:, 1:], kf[:, 1:] * 2
    expect = np.stack([v[:, 1, 0], v[:, 14, 1], v[:, 4, 2], v[:, 11, 0]], 1)
    np.testing.assert_array_equal(run(src, K).view(np.float32), expect)


def test_dynamic_index_write_outside_a_loop_stays_x3500():
    with pytest.raises(D3D11Error, match="X3500"):
        D3DCompile("int i; float4 main() : SV_Target { float2x2 m = 0; m[i].x = 1; return m[0].xyxy; }",
                   None, "t.hlsl", None, None, "main", "ps_5_0")


def test_loop_attribute_forbids_the_unroll_x3531():
    """d3dcompiler_47 10.1 (session 35): X3531 "can't unroll loops marked with loop attribute"."""
    with pytest.raises(D3D11Error, match="X3531"):
        D3DCompile("float4 main() : SV_Target { float2x2 m = 0; [loop] for (int j = 0; j < 2; j++) m[j].x = j;"
                   " return m[0].xyxy; }", None, "t.hlsl", None, None, "main", "ps_5_0")


# --- constant propagation soundness -----------------------------------------------------------------
def test_swizzled_constant_components_are_literal_offsets():
    """swizzle-constant-prop.shader_test: ``int4 a = {1, 2, i, i}; t.Load(c, a.xy)``."""
    src = """
    Texture2D<float> t;
    float4 main(int4 k : K) : SV_Target {
        int4 a = {1, 2, k.x, k.x};
        int3 c = a.wyx;
        return 100 * a.z + t.Load(int3(0, 0, 0), c.zy);
    }"""
    img = np.float32(np.arange(16).reshape(4, 4))
    b = Bindings()
    b.srvs[0] = tex2d(img)
    out = run(src, K, b).view(np.float32)[:, 0]
    np.testing.assert_array_equal(out, np.float32(100 * K[:, 0] + img[2, 1]))


def test_values_written_in_branches_loops_and_early_returns_are_not_constants():
    src = """
    static int g = 3;
    void f(int c) { if (c > 2) return; g = 7; }
    int4 main(int4 k : K) : SV_Target {
        int a = 1;
        if (k.x > 4) a = 2; else a = 2;   // both branches agree: still a constant
        int b = 10;
        if (k.y > 1) b = 20;
        int s = 0;
        for (int i = 0; i < k.z; i++) s += 5;
        f(k.x);
        return int4(a * 1000 + b, s, g, 0);
    }"""
    expect = np.stack([2000 + np.where(K[:, 1] > 1, 20, 10), 5 * np.maximum(K[:, 2], 0),
                       np.where(K[:, 0] > 2, 3, 7), np.zeros(len(K), np.int32)], 1)
    np.testing.assert_array_equal(run(src, K).view(np.int32), expect)


def test_vector_index_of_one_component_is_rejected():
    """vector-indexing.shader_test: ``vec[idx]`` with an int1 index fails below SM6."""
    with pytest.raises(D3D11Error, match="X3120"):
        D3DCompile("float4 main() : SV_Target { float4 v = {0, 1, 2, 3}; int1 i = {3}; return v[i]; }",
                   None, "t.hlsl", None, None, "main", "ps_4_0")


# --- multisample textures and gathers ---------------------------------------------------------------
# D3D11.3 spec 19.2.4 standard 4x pattern, in 1/16 pixel units
_STD4 = np.float32([(-2, -6), (6, -2), (-6, 2), (2, 6)]) / 16


@pytest.mark.parametrize("kind", ["Texture2DMS<float, 4>", "Texture2DMSArray<float, 4>"])
def test_get_sample_position(kind: str):
    src = f"""
    {kind} t;
    float4 main(int4 k : K) : SV_Target {{ return float4(t.GetSamplePosition(k.x), t.GetSamplePosition(k.y)); }}"""
    st = ResourceStorage.create(3, R32_FLOAT, 2, 2, sample_count=4, bytes_per_block=4)
    b = Bindings()
    b.srvs[0] = ViewDescriptor(ViewKind.SRV, st, R32_FLOAT, SRV_TEXTURE2DMS if "Array" not in kind else 7)
    k = np.array([[0, 3, 0, 0], [2, 1, 0, 0], [5, -1, 0, 0]], np.int32)

    def pos(i):
        return _STD4[i] if 0 <= i < 4 else np.zeros(2, np.float32)
    expect = np.array([np.concatenate([pos(a), pos(c)]) for a, c, _, _ in k], np.float32)
    np.testing.assert_array_equal(run(src, k, b).view(np.float32), expect)


def test_ms_load_with_sample_index_and_offset():
    src = """
    Texture2DMS<float, 2> t;
    float4 main(int4 k : K) : SV_Target { return t.Load(k.xy, k.z, int2(1, 0)); }"""
    st = ResourceStorage.create(3, R32_FLOAT, 4, 2, sample_count=2, bytes_per_block=4)
    # sample-major per texel: texel (x, y) sample s at value 100*s + 10*y + x
    vals = np.array([[[100 * s + 10 * y + x for s in range(2)] for x in range(4)] for y in range(2)], np.float32)
    layout = st.layout(0)
    raw = st.subresource_bytes(0).view(np.float32)
    assert raw.size == 16 and layout.row_pitch == 16
    # the storage keeps each sample's plane after the other (D3D: samples are planes of the subresource)
    raw[:] = np.concatenate([vals[:, :, s].ravel() for s in range(2)])
    b = Bindings()
    b.srvs[0] = ViewDescriptor(ViewKind.SRV, st, R32_FLOAT, SRV_TEXTURE2DMS)
    k = np.array([[0, 0, 0, 0], [2, 1, 1, 0], [1, 1, 0, 0]], np.int32)
    out = run(src, k, b).view(np.float32)[:, 0]
    np.testing.assert_array_equal(out, np.float32([vals[y, x + 1, s] for x, y, s, _ in k]))


def test_gather_with_four_offsets_takes_texel_i_from_offset_i():
    src = """
    SamplerState s; Texture2D<float> t;
    float4 main(int4 k : K) : SV_Target {
        float2 uv = float2(0.5, 0.5) / float2(8, 4) + float2(k.xy) / float2(8, 4);
        return t.GatherRed(s, uv, int2(1, 0), int2(0, 1), int2(k.z, 0), int2(0, 0));
    }"""
    from types import SimpleNamespace

    img = np.float32(np.arange(32).reshape(4, 8))
    b = Bindings()
    b.srvs[0] = tex2d(img)
    b.samplers[0] = SimpleNamespace(Filter=0x15, AddressU=3, AddressV=3, AddressW=3, MipLODBias=0.0,
                                    MaxAnisotropy=1, ComparisonFunc=1, BorderColor=[0.0] * 4, MinLOD=0.0,
                                    MaxLOD=3.4e38)
    # texel centre (x+0.5, y+0.5) gathers the 2x2 footprint at (x, y)..(x+1, y+1) with no ambiguity:
    # component order x=(u0,v1) y=(u1,v1) z=(u1,v0) w=(u0,v0) (D3D11.3 spec 7.18.9 gather4)
    k = np.array([[1, 1, 2, 0], [3, 0, -1, 0], [5, 2, 0, 0]], np.int32)
    assert "gather4_po" in opcode_names(program(src))

    def g(x, y, dx, dy):
        x0, y0 = x + dx, y + dy
        c = lambda xx, yy: img[np.clip(yy, 0, 3), np.clip(xx, 0, 7)]  # noqa: E731 - clamp addressing
        return [c(x0, y0 + 1), c(x0 + 1, y0 + 1), c(x0 + 1, y0), c(x0, y0)]
    expect = np.array([[g(x, y, 1, 0)[0], g(x, y, 0, 1)[1], g(x, y, z, 0)[2], g(x, y, 0, 0)[3]]
                       for x, y, z, _ in k], np.float32)
    out = run(src, k, b, hooks=TextureSampler()).view(np.float32)
    np.testing.assert_array_equal(out, expect)


def test_a_static_written_by_a_function_called_in_a_loop_is_not_a_constant_at_its_top():
    """The loop-assigned names miss ``g`` (written inside ``bump``): the loop is regenerated without it."""
    src = """
    static int g = 0;
    void bump(int by) { g = g * 2 + by; }
    int4 main(int4 k : K) : SV_Target {
        for (int i = 0; i < k.x; i++) bump(1);
        int h = g;
        [unroll] for (int j = 0; j < 3; j++) bump(j);
        return int4(h, g, 0, 0);
    }"""
    h = 2 ** np.maximum(K[:, 0], 0) - 1
    g = ((h * 2 + 0) * 2 + 1) * 2 + 2
    expect = np.stack([h, g, 0 * h, 0 * h], 1)
    np.testing.assert_array_equal(run(src, K).view(np.int32), expect)


def test_unroll_count_emits_exactly_that_many_iterations_and_the_limit_is_x3511():
    """unroll.shader_test: ``[unroll(4)] for (i = 0; i < 8; ++i);`` leaves i == 4 (fxc drops the rest);
    a forced unroll of 1024 iterations is refused; a constant break ends the copies."""
    src = """
    int4 main(int4 k : K) : SV_Target {
        int i, j = 0;
        [unroll(4)] for (i = 0; i < 8; ++i) j += k.x;
        float f = 0;
        [unroll] for (;;) { if (((float4)1).w == 1) break; ++f; }
        return int4(i, j, f, 0);
    }"""
    expect = np.stack([np.full(len(K), 4), 4 * K[:, 0], np.zeros(len(K)), np.zeros(len(K))], 1)
    np.testing.assert_array_equal(run(src, K).view(np.int32), expect)
    with pytest.raises(D3D11Error, match="X3511"):
        D3DCompile("float4 main() : SV_Target { int i; [unroll] for (i = 0; i < 1024; ++i); return i; }",
                   None, "t.hlsl", None, None, "main", "ps_5_0")
