"""HLSL compiler: preprocessor, parser diagnostics, and compile-then-execute checks against numpy."""

from __future__ import annotations

import numpy as np
import pytest
from preproc_kit import TokenText

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.hlsl.compiler import compile_hlsl


def pp(text: str, **defs: str) -> list[str]:
    out = bytes(D3DPreprocess(text, None, "t.hlsl", defs or None, None)).decode()
    return [TokenText(ln.strip()) for ln in out.splitlines() if ln.strip() and not ln.startswith("#line")]


def test_preprocessor_macros_and_conditionals():
    src = "#define CAT(a,b) a##b\n#define STR(x) #x\n#define N 3\n#if N*2 == 6 && defined(CAT)\nint CAT(fo,o) = N;\n" \
          "#elif 1\nbad\n#else\nbad\n#endif\nSTR(hi there)\n#undef N\n#ifndef N\nok\n#endif\n"
    assert pp(src) == ["int foo = 3;", '"hi there"', "ok"]


def test_preprocessor_function_macro_precedence_and_defines():
    assert pp("#define F(a) (a*2)\nF(1+2)") == ["(1+2*2)"]
    assert pp("#if X > 4\nbig\n#else\nsmall\n#endif", X="5") == ["big"]


def test_preprocessor_error_directive_reports_position():
    with pytest.raises(ShaderCompileError) as ei:
        D3DPreprocess("\n\n#error stop here\n", None, "f.hlsl", None, None)
    # fxc's words: no number, the columns of "error" (d3dcompiler_47 10.1, session 38; X1003 before)
    assert ei.value.errors.startswith("f.hlsl(3,2-6): error: stop here")


def test_include_handler():
    class Inc:
        def __init__(self):
            self.closed = 0

        def Open(self, kind, name, parent):  # noqa: N802
            return "#define FROM_INC 7\n"

        def Close(self, data):  # noqa: N802
            self.closed += 1

    inc = Inc()
    out = bytes(D3DPreprocess('#include "x.h"\nFROM_INC', None, "t.hlsl", None, inc)).decode()
    assert "7" in out.split() and inc.closed == 1


def test_standard_include_finds_files_as_windows_does(tmp_path):
    """D3D_COMPILE_STANDARD_FILE_INCLUDE resolves ``#include`` relative to the including file with
    Windows' rules: ``\\`` separates folders and the case of names does not matter (DetailTessellation11's
    Particle.hlsl includes "Shader_include.hlsl" for shader_include.hlsl)."""
    from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE

    (tmp_path / "Common").mkdir()
    (tmp_path / "Common" / "shader_include.hlsl").write_text("#define K 3\n")
    main = tmp_path / "main.hlsl"
    main.write_text('#include "common\\Shader_Include.hlsl"\nfloat4 main() : SV_Target { return K; }\n')
    out = bytes(D3DPreprocess(main.read_bytes(), None, str(main), None, D3D_COMPILE_STANDARD_FILE_INCLUDE)).decode()
    assert "return 3" in " ".join(out.split())
    main.write_text('#include "missing.hlsl"\n')
    with pytest.raises(ShaderCompileError) as ei:
        D3DPreprocess(main.read_bytes(), None, str(main), None, D3D_COMPILE_STANDARD_FILE_INCLUDE)
    assert "X1507" in ei.value.errors


@pytest.mark.parametrize("src,needle", [
    ("float4 main() : SV_Target { return 1 }", "error X3000: syntax error"),
    ("float4 main() : SV_Target { return undefined_thing; }", "error X3004: undeclared identifier"),
    ("float4 main() : SV_Target { float2 v = 0; return v.xyzq; }", "error X3018"),
    ("int f(int x) { return f(x); }\nfloat4 main() : SV_Target { return f(1); }", "recursive"),
])
def test_compile_errors_fxc_format(src, needle):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "e.hlsl", None, None, "main", "ps_5_0")
    assert needle in ei.value.errors
    assert ei.value.errors.startswith("e.hlsl(")


def run_ps(src: str, inputs: dict, n: int, cb: bytes | None = None, target: str = "ps_5_0") -> np.ndarray:
    res = compile_hlsl(src, "t.hlsl", "main", target)
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, cb)
    out = run_program(res.program, n, inputs=inputs, bindings=b)
    return out.outputs


def f32(a) -> np.ndarray:
    return np.asarray(a, np.float32)


def test_blob_has_chunks_and_signatures():
    blob = D3DCompile("float4 main(float4 c : COLOR0) : SV_Target { return c; }", None, "t", None, None, "main",
                      "ps_4_0")
    names = [c.fourcc for c in parse_container(bytes(blob)).chunks]
    assert {"RDEF", "ISGN", "OSGN", "SHDR", "STAT"} <= set(names)


def test_arithmetic_cbuffer_and_loop():
    src = """
    cbuffer C : register(b0) { float4 scale; float bias; };
    float4 main(float4 p : TEXCOORD0) : SV_Target {
        float4 acc = p * scale + bias;
        for (int i = 0; i < 3; ++i) { acc.x += i; }
        if (acc.y > 1.0) acc.y = -acc.y; else acc.z = acc.z * 2;
        return acc;
    }"""
    rng = np.random.default_rng(1)
    p = f32(rng.uniform(-2, 2, (8, 4)))
    scale, bias = f32([1.5, 2.0, -1.0, 0.5]), np.float32(0.25)
    cb = np.concatenate([scale, f32([bias, 0, 0, 0])]).tobytes()
    out = run_ps(src, {0: p}, 8, cb)[0].view(np.float32)
    exp = p * scale + bias
    exp[:, 0] += np.float32(3)
    flip = exp[:, 1] > 1
    exp[flip, 1] = -exp[flip, 1]
    exp[~flip, 2] = exp[~flip, 2] * np.float32(2)
    np.testing.assert_array_equal(out, exp)


def test_function_inlining_out_params_and_early_return():
    src = """
    void split(float v, out float lo, out float hi) { lo = min(v, 0.5); hi = max(v, 0.5); }
    float pick(float x) { if (x < 0) return -1; for (int i = 0; i < 4; i++) { if (x < i) return i; } return 9; }
    float4 main(float4 p : TEXCOORD0) : SV_Target {
        float a, b; split(p.x, a, b);
        return float4(a, b, pick(p.y), dot(p.xyz, p.xyz));
    }"""
    x = f32([[0.1, -0.5, 0, 0], [0.9, 2.5, 1, 1], [0.5, 7.0, 2, 0], [0.2, 0.0, 0, 3]])
    out = run_ps(src, {0: x}, 4)[0].view(np.float32)
    np.testing.assert_array_equal(out[:, 0], np.minimum(x[:, 0], 0.5))
    np.testing.assert_array_equal(out[:, 1], np.maximum(x[:, 0], 0.5))
    exp_pick = [-1, 3, 9, 1]
    np.testing.assert_array_equal(out[:, 2], f32(exp_pick))
    np.testing.assert_allclose(out[:, 3], (x[:, :3] ** 2).sum(1), rtol=1e-6)


def test_integer_ops_and_conversions():
    src = """
    uint4 main(int4 a : A, uint4 b : B) : SV_Target {
        int q = a.x / a.y; int r = a.x % a.y; uint s = b.x >> 3; int t = (int)(float(a.z) * 1.5);
        return uint4(q, r, s ^ b.y, t);
    }"""
    a = np.array([[-7, 2, 5, 0], [7, -2, -3, 0], [100, 7, 1, 0]], np.int32)
    b = np.array([[0xFFFF, 5, 0, 0], [8, 1, 0, 0], [1, 1, 0, 0]], np.uint32)
    out = run_ps(src, {0: a.view(np.uint32), 1: b}, 3)[0].view(np.int32)
    q = np.trunc(a[:, 0] / a[:, 1]).astype(np.int32)
    np.testing.assert_array_equal(out[:, 0], q)
    np.testing.assert_array_equal(out[:, 1], a[:, 0] - q * a[:, 1])
    np.testing.assert_array_equal(out[:, 2].view(np.uint32), (b[:, 0] >> 3) ^ b[:, 1])
    np.testing.assert_array_equal(out[:, 3], np.trunc(a[:, 2].astype(np.float32) * np.float32(1.5)).astype(np.int32))


def test_matrix_mul_column_major_cbuffer():
    src = """
    float4x4 M;
    float4 main(float4 v : POS) : SV_Target { return mul(v, M) + mul(M, v).wzyx; }"""
    rng = np.random.default_rng(3)
    m = f32(rng.integers(-4, 4, (4, 4)))
    v = f32(rng.integers(-3, 3, (5, 4)))
    cb = m.T.copy().tobytes()  # column-major packing: register c holds column c
    out = run_ps(src, {0: v}, 5, cb)[0].view(np.float32)
    exp = v @ m + (m @ v.T).T[:, ::-1]
    np.testing.assert_array_equal(out, exp)


def test_switch_ternary_and_intrinsics():
    src = """
    float4 main(float4 p : T) : SV_Target {
        int k = (int)p.x; float r = 0;
        switch (k) { case 0: r = 10; break; case 1: case 2: r = 20; break; default: r = 30; break; }
        return float4(r, p.y > 0 ? saturate(p.y) : abs(p.y), clamp(p.z, -1, 1), lerp(1.0, 3.0, p.w));
    }"""
    x = f32([[0, 0.5, 5, 0.5], [1, 2, -5, 0], [2, -3, 0.5, 1], [7, 0, 0, 0.25]])
    out = run_ps(src, {0: x}, 4)[0].view(np.float32)
    np.testing.assert_array_equal(out[:, 0], f32([10, 20, 20, 30]))
    np.testing.assert_array_equal(out[:, 1], np.where(x[:, 1] > 0, np.clip(x[:, 1], 0, 1), np.abs(x[:, 1])))
    np.testing.assert_array_equal(out[:, 2], np.clip(x[:, 2], -1, 1))
    np.testing.assert_array_equal(out[:, 3], f32(1 + 2 * x[:, 3]))


def test_local_array_dynamic_index_and_struct():
    src = """
    struct S { float a; float3 b; };
    float4 main(float4 p : T) : SV_Target {
        float arr[4] = {1, 2, 4, 8};
        S s; s.a = p.x; s.b = p.yzw;
        int i = (int)p.x;
        arr[i] += 100;
        return float4(arr[i], arr[(i + 1) % 4], s.b.zy);
    }"""
    x = f32([[0, 1, 2, 3], [3, 5, 6, 7], [2, 0, 0, 1]])
    out = run_ps(src, {0: x}, 3)[0].view(np.float32)
    base = f32([1, 2, 4, 8])
    i = x[:, 0].astype(int)
    np.testing.assert_array_equal(out[:, 0], base[i] + 100)
    np.testing.assert_array_equal(out[:, 1], base[(i + 1) % 4])
    np.testing.assert_array_equal(out[:, 2:], x[:, [3, 2]])


def test_profiles_and_bad_target():
    src = "float4 main(uint id : SV_VertexID) : SV_Position { return float4(id, 0, 0, 1); }"
    for t in ("vs_4_0", "vs_4_1", "vs_5_0"):
        assert len(D3DCompile(src, None, "t", None, None, "main", t)) > 100
    with pytest.raises(ShaderCompileError):
        D3DCompile(src, None, "t", None, None, "main", "xs_9_9")
    with pytest.raises(ShaderCompileError):
        D3DCompile(src, None, "t", None, None, "nomain", "vs_5_0")
