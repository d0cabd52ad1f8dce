"""HLSL compiler: exact immediates, newer language features executed against numpy, GS/HS/DS output,
fxc-style rejections, and the compile-only agreement over the vkd3d shader-test corpus."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import E_FAIL, E_NOTIMPL, ShaderCompileError
from pyd3d11.shader import ir
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def f32(a) -> np.ndarray:
    return np.asarray(a, np.float32)


def decoded(src: str, target: str = "ps_5_0") -> ir.Program:
    """Compile through D3DCompile and decode the SHDR/SHEX chunk of the blob (the path a device takes)."""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target))
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    return decode_program(chunk.data)


def run_ps(src: str, inputs: dict, n: int, cb: bytes | None = None, target: str = "ps_5_0") -> np.ndarray:
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, cb)
    return run_program(decoded(src, target), n, inputs=inputs, bindings=b).outputs


# --- exact immediates ---------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_float_immediates_survive_compile_and_decode_bit_exact(target):
    src = """float4 main() : SV_Target { return float4(0.1f, 1.0 / 3.0, 1e-30, -0.0); }"""
    out = run_ps(src, {}, 1, target=target)[0, 0]
    # a wholly constant entry return is written with -0 as +0, as d3dcompiler_47 10.1 writes it (its objects:
    # tests/test_rules_hlsl_values_s42.py's -0 rows); the other words exactly
    exp = f32([0.1, np.float32(1) / np.float32(3), 1e-30, 0.0]).view(np.uint32)
    np.testing.assert_array_equal(out, exp)
    src2 = """float4 main() : SV_Target { return float4(3.4e38, -3.4e38, 16777217.0, 1.17549435e-38); }"""
    out2 = run_ps(src2, {}, 1, target=target)[0, 0]
    np.testing.assert_array_equal(out2, f32([3.4e38, -3.4e38, 16777217.0, 1.17549435e-38]).view(np.uint32))


def test_integer_immediates_are_exact():
    src = "uint4 main() : SV_Target { return uint4(0xFFFFFFFF, 0x80000000, 4294967295u, -1); }"
    out = run_ps(src, {}, 1)[0, 0]
    np.testing.assert_array_equal(out, np.array([0xFFFFFFFF, 0x80000000, 0xFFFFFFFF, 0xFFFFFFFF], np.uint32))


# --- language features executed ---------------------------------------------------------------------
def test_hyperbolic_inverse_trig_and_lit():
    src = """
    float4 main(float4 a : A) : SV_Target {
        return float4(sinh(a.x) + cosh(a.y), tanh(a.z), atan2(a.w, a.x), asin(0.5 * a.y) + acos(0.25 * a.z));
    }"""
    x = f32([[0.5, -0.3, 0.7, 1.5], [-1.25, 1.0, -2.0, -0.5], [2.0, 0.0, 0.0, 0.0]])
    out = run_ps(src, {0: x}, 3)[0].view(np.float32)
    xd = x.astype(np.float64)
    np.testing.assert_allclose(out[:, 0], np.sinh(xd[:, 0]) + np.cosh(xd[:, 1]), rtol=1e-5)
    np.testing.assert_allclose(out[:, 1], np.tanh(xd[:, 2]), atol=1e-6)
    np.testing.assert_allclose(out[:, 2], np.arctan2(xd[:, 3], xd[:, 0]), atol=2e-5)
    np.testing.assert_allclose(out[:, 3], np.arcsin(0.5 * xd[:, 1]) + np.arccos(0.25 * xd[:, 2]), atol=2e-4)


def test_lit_dst_modf_frexp_determinant4():
    src = """
    float4 m0, m1, m2, m3;
    float4 main(float4 a : A) : SV_Target {
        float4x4 m = float4x4(m0, m1, m2, m3);
        float ip; float fr = modf(a.x, ip);
        float e; float mant = frexp(a.y, e);
        return float4(lit(a.z, a.w, 2.0).z, fr * 10 + ip, mant * 100 + e, determinant(m));
    }"""
    rng = np.random.default_rng(7)
    m = f32(rng.integers(-3, 4, (4, 4)))
    cb = m.tobytes()  # float4 m0..m3 are the rows of the constructed matrix
    x = f32([[2.75, 8.0, 0.5, 3.0], [-1.5, 0.375, -0.5, 2.0], [0.25, -12.0, 1.0, -1.0]])
    out = run_ps(src, {0: x}, 3, cb)[0].view(np.float32)
    frac, ipart = np.modf(x[:, 0])
    np.testing.assert_array_equal(out[:, 1], f32(frac * 10 + ipart))
    mant, ex = np.frexp(x[:, 1])
    mant = np.abs(mant)  # fxc 10.1's mantissa has no sign (bfi 23, 0, x, 0.5; checked with the DLL, session 37)
    np.testing.assert_array_equal(out[:, 2], f32(mant * 100 + ex))
    spec = np.where((x[:, 2] < 0) | (x[:, 3] < 0), 0.0, x[:, 3].astype(np.float64) ** 2)
    np.testing.assert_allclose(out[:, 0], spec, rtol=1e-5)
    np.testing.assert_allclose(out[:, 3], np.linalg.det(m.astype(np.float64)), rtol=1e-5, atol=1e-4)


def test_uniform_entry_parameters_read_the_params_cbuffer():
    src = "float4 main(uniform float4 k, float4 p : P) : SV_Target { return p * k; }"
    k = f32([2, 3, 4, 5])
    p = f32([[1, 1, 1, 1], [0.5, -1, 2, 0]])
    out = run_ps(src, {0: p}, 2, k.tobytes())[0].view(np.float32)
    np.testing.assert_array_equal(out, p * k)


def test_integer_matrix_mul_and_one_by_one_matrix():
    src = """
    int4 main(int4 v : V) : SV_Target {
        int2x2 m = int2x2(1, 2, 3, 4);
        float1x1 s = float1x1(10.0);
        float4x4 y = float4x4(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
        float4 r = mul(s, y);
        return int4(mul(v.xy, m), (int)r.y, (int)r.w);
    }"""
    v = np.array([[1, 2, 0, 0], [-3, 5, 0, 0]], np.int32)
    out = run_ps(src, {0: v.view(np.uint32)}, 2)[0].view(np.int32)
    m = np.array([[1, 2], [3, 4]])
    np.testing.assert_array_equal(out[:, :2], v[:, :2] @ m)
    np.testing.assert_array_equal(out[:, 2:], np.array([[20, 40]] * 2))


def test_column_major_matrix_output_uses_one_register_per_column():
    src = "float4x1 main() : SV_Target { return float4(1.0, 2.0, 3.0, 4.0); }"
    out = run_ps(src, {}, 1)[0, 0].view(np.float32)
    np.testing.assert_array_equal(out, f32([1, 2, 3, 4]))


def test_switch_constant_if_break_terminates_case():
    src = """
    float4 main(uint4 v : V) : SV_Target {
        float4 c = 1;
        switch (v.x) {
        case 2: c += 0.5f; if (true) break; c = 9.0f;
        case 1: c += 0.25f; break;
        default: case 0: break;
        }
        return c;
    }"""
    v = np.array([[2, 0, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [7, 0, 0, 0]], np.uint32)
    out = run_ps(src, {0: v}, 4)[0].view(np.float32)
    np.testing.assert_array_equal(out[:, 0], f32([1.5, 1.25, 1, 1]))


def test_resource_array_elements_get_consecutive_registers():
    src = """
    Texture2D t[3] : register(t2);
    float4 main() : SV_Target { return t[2].Load(int3(0, 0, 0)) + t[0].Load(int3(0, 0, 0)); }"""
    prog = decoded(src)
    regs = sorted(i.operands[0].indices[0].value for i in prog.instructions if i.opcode == ir.Opcode.DCL_RESOURCE)
    # the elements keep consecutive registers from t2, and only those read are declared (fxc 10.1 under Wine,
    # session 35: dcl_resource_texture2d t2 and t4; tests/test_rules_hlsl_fxc_layout_bindings.py)
    assert regs == [2, 4]


# --- geometry / hull / domain ----------------------------------------------------------------------------
def test_geometry_shader_emits_strips():
    from pyd3d11.pipeline.geometry import run_geometry_shader

    src = """
    struct V { float4 pos : SV_Position; float t : TEXCOORD0; };
    [maxvertexcount(6)]
    void main(point V vin[1], inout TriangleStream<V> s, uint id : SV_PrimitiveID) {
        for (int i = 0; i < 3; i++) { V o = vin[0]; o.pos.x += i; o.t = id * 10 + i; s.Append(o); }
        s.RestartStrip();
    }"""
    for target in ("gs_4_0", "gs_5_0"):
        prog = decoded(src, target)
        verts = np.zeros((2, 2, 4), np.float32)  # (regs, V, 4)
        verts[0, :, :] = [[1, 2, 3, 1], [5, 6, 7, 1]]
        res = run_geometry_shader(prog, Bindings(), np.array([[0], [1]]), verts.view(np.uint32),
                                  np.array([4, 9], np.uint32))
        st = res.streams[0]
        out = st.outputs.view(np.float32)  # (regs, n, 4)
        assert out.shape[1] == 6
        np.testing.assert_array_equal(out[0, :, 0], f32([1, 2, 3, 5, 6, 7]))
        np.testing.assert_array_equal(out[1, :, 0], f32([40, 41, 42, 90, 91, 92]))
        assert st.rows.shape[0] == 2  # one triangle per strip of three


def test_hull_and_domain_shader_declarations():
    hs = """
    struct CP { float4 pos : POSITION; };
    struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
    PC pc(InputPatch<CP, 3> ip) { PC o; o.e[0] = o.e[1] = o.e[2] = ip[0].pos.x; o.i = 2; return o; }
    [domain("tri")] [partitioning("integer")] [outputtopology("triangle_cw")]
    [outputcontrolpoints(3)] [patchconstantfunc("pc")] [maxtessfactor(15.0)]
    CP main(InputPatch<CP, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }"""
    prog = decoded(hs, "hs_5_0")
    ops = [i.opcode for i in prog.instructions]
    # ``return ip[i];`` passes the control points through: no control-point phase, as in fxc's object
    # (d3dcompiler_47 10.1, session 49: hs.passes_control_points_through)
    assert ir.Opcode.HS_CONTROL_POINT_PHASE not in ops and ir.Opcode.HS_FORK_PHASE in ops
    blob = bytes(D3DCompile(hs, None, "t", None, None, "main", "hs_5_0"))
    assert "PCSG" in [c.fourcc for c in parse_container(blob).chunks]
    ds = """
    struct CP { float4 pos : POSITION; };
    struct PC { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
    [domain("tri")]
    float4 main(PC p, float3 uvw : SV_DomainLocation, OutputPatch<CP, 3> op) : SV_Position {
        return op[0].pos * uvw.x + op[1].pos * uvw.y + op[2].pos * uvw.z;
    }"""
    blob = bytes(D3DCompile(ds, None, "t", None, None, "main", "ds_5_0"))
    assert {"PCSG", "ISGN", "OSGN", "SHEX"} <= {c.fourcc for c in parse_container(blob).chunks}


def test_stat_counts_and_single_ret():
    from pyd3d11.shader.dxbc.stat import parse_stat

    src = """float4 main(float4 a : A) : SV_Target { if (a.x > 0) return a; return a * 2; }"""
    blob = bytes(D3DCompile(src, None, "t", None, None, "main", "ps_5_0"))
    chunks = {c.fourcc: c.data for c in parse_container(blob).chunks}
    prog = decode_program(chunks["SHEX"])
    ops = [i.opcode for i in prog.instructions]
    code = [o for o in ops if not ir.Opcode(o).name.startswith("DCL_")]
    assert ops[-1] == ir.Opcode.RET and ops[-2] != ir.Opcode.RET  # no duplicate closing ret
    st = parse_stat(chunks["STAT"])
    assert st.InstructionCount == len(code)
    temps = next(i.extra[0] for i in prog.instructions if i.opcode == ir.Opcode.DCL_TEMPS)
    assert st.TempRegisterCount == temps >= 1


# --- rejections with fxc's error numbers ----------------------------------------------------------------
@pytest.mark.parametrize("src,target,code", [
    # a label with no statement before '}' is fxc's syntax error (d3dcompiler_47 10.1, session 35; X3533 before)
    ("float4 main() : SV_Target { switch (1) { case 0: return 1; case 1: return 2; case 2: } return 0; }",
     "ps_4_0", "X3000"),
    ("uint4 v; float4 main() : SV_Target { float4 c = 0; switch (v.x) { case 0: c = 1; case 1: c = 2; break; }"
     " return c; }", "ps_5_0", "X3533"),
    # f(1) compiles in d3dcompiler_47 10.1 (session 35: the path without a return folds away); f(-1) is X3507
    ("float f(float x) { if (x > 0) return 1; }\nfloat4 main() : SV_Target { return f(-1); }", "ps_5_0", "X3507"),
    ("void g(out float o) { o = 1; }\nfloat4 main() : SV_Target { const float x = 0; g(x); return x; }",
     "ps_5_0", "X3025"),
    ("float4 main() : SV_Target { h(); return 0; }\nvoid h() {}", "ps_5_0", "X3004"),
    ("float f(float a = 1, float b) { return a; }\nfloat4 main() : SV_Target { return 0; }", "ps_5_0", "X3044"),
    ("[numthreads(0, 1, 1)] void main() {}", "cs_5_0", "X3655"),
    ("[numthreads(1, 1, 65)] void main() {}", "cs_5_0", "X3655"),
    ("cbuffer b { float4 c : packoffset(c0.z); } float4 main() : SV_Target { return 0; }", "ps_5_0", "X3530"),
    # the next three rows' numbers recorded from d3dcompiler_47 10.1 under Wine (session 35; X3530, X3000 before)
    ("float a : register(c0); float b : register(c0); float4 main() : SV_Target { return a + b; }",
     "ps_4_0", "X4019"),
    ("RWBuffer<float> u; float4 main() : SV_Target { u[0] = 1; return 0; }", "ps_4_0", "X4585"),
    ("float4 main(float2 a : TEXCOORD0, float3 b : TEXCOORD0) : SV_Target { return 0; }", "ps_5_0", "X3536"),
    ("struct D { float4 p : SV_Position; }; [maxvertexcount(1025)] void main(point D v[1]) {}", "gs_5_0", "X8000"),
    ("struct D { float4 p : SV_Position; }; void main(point D v[1]) {}", "gs_4_0", "X3514"),
    ("float4 main() : SV_Target { float2x2 m = 0; float3 v = (float3)m; return 0; }", "ps_5_0", "X3017"),
    # ERR_MAX_GROUP_SHARED_MEMORY_EXCEEDED's row (a dead array over the cs_4_0 limit) moved out: fxc 10.1
    # compiles it (test_dead_groupshared_array_over_the_cs_4_0_limit_compiles)
    # fxc 10.1: X3017 'void' to 'float4' before the barrier's stage rule (X3664, after the type rules: session 40)
    ("float4 main() : SV_Target { return GroupMemoryBarrierWithGroupSync(); }", "ps_5_0", "X3017"),
])
def test_rejections_use_fxc_error_numbers(src, target, code):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "e.hlsl", None, None, "main", target)
    assert f"error {code}:" in ei.value.errors
    # X3536 fails with 0x80010064, not E_FAIL (d3dcompiler_47 10.1 under Wine, session 35)
    assert ei.value.hresult == (0x80010064 if code == "X3536" else E_FAIL)


def test_dead_groupshared_array_over_the_cs_4_0_limit_compiles():
    # fxc 10.1 compiles it: the array's only store is dead, and the groupshared limit is judged on what stays
    D3DCompile("groupshared float g[5000]; [numthreads(1, 1, 1)] void main() { g[0] = 1; }", None, "e.hlsl", None,
               None, "main", "cs_4_0")


def test_recursion_is_e_notimpl_like_fxc():
    src = "void f(bool x) { if (x) f(false); }\nfloat4 main() : SV_Target { f(true); return 0; }"
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "e.hlsl", None, None, "main", "ps_5_0")
    assert ei.value.hresult == E_NOTIMPL and "X3500" in ei.value.errors


def test_state_blocks_and_techniques_parse_and_are_ignored():
    """The technique follows main: one naming main before its declaration is X3004 "undeclared identifier 'main'"
    (d3dcompiler_47 10.1 under Wine, session 36, which compiles this order at ps_4_0 and ps_5_0); an unknown name in
    a state block's value is refused (fxc: X3004 for 'bar')."""
    src = """
    sampler s { Filter = ANISOTROPIC; dogs[3] = 5; };
    DepthStencilState dss { DepthEnable = false; };
    float4 main() : SV_Target { return 1; }
    technique10 T { pass P { SetPixelShader(CompileShader(ps_4_0, main())); } }"""
    out = run_ps(src, {}, 1)[0, 0].view(np.float32)
    np.testing.assert_array_equal(out, f32([1, 1, 1, 1]))
    with pytest.raises(ShaderCompileError):
        D3DCompile("sampler s { foo = bar() ; }; float4 main() : SV_Target { return 0; }", None, "t", None, None,
                   "main", "ps_4_0")


# --- parameters and undefined outputs ------------------------------------------------------------------------
@pytest.mark.parametrize("mods", ["inout", "in out", "out in"])
def test_in_out_parameter_keeps_the_callers_value(mods):
    """``in out T x`` is ``inout T x`` (CascadedShadowMaps11's ComputeCoordinatesTransform): the callee
    sees the argument's value and the caller gets the change back."""
    src = f"""
    void f({mods} float4 a, float k) {{ a.x *= k; }}
    float4 main(float4 v : A, float4 w : B) : SV_Target {{ float4 t = v * 2; f(t, w.x); return t; }}"""
    v = f32([[1, 2, 3, 4]])
    w = f32([[5, 0, 0, 0]])
    out = run_ps(src, {0: v, 1: w}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0], f32([10, 4, 6, 8]))


def test_output_member_never_assigned_is_not_written():
    """ContactHardeningShadows11 VS_RenderSceneSM leaves ``O.f4SMC`` unassigned: fxc writes no
    instruction and no dcl_output for it, so the output signature marks all its components never
    written (ReadWriteMask 0xF); the assigned members are written as usual."""
    from pyd3d11.shader.reflection import D3DReflect

    src = """
    struct O { float4 p : SV_Position; float4 c : COLOR; float4 t : TEXCOORD1; };
    O main(float4 pos : POSITION) { O o; o.p = pos; o.c = 0; return o; }"""
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "vs_5_0"))
    r = D3DReflect(blob)
    masks = {r.GetOutputParameterDesc(i).SemanticName: r.GetOutputParameterDesc(i).ReadWriteMask
             for i in range(r.GetDesc().OutputParameters)}
    assert masks == {"SV_Position": 0, "COLOR": 0, "TEXCOORD": 0xF}
    from pyd3d11.shader.dxbc.disasm import disassemble

    assert "o2" not in disassemble(blob)  # neither declared nor written


# --- refactoring identities (refactor.py) ---------------------------------------------------------------------
def _ops(src: str, flags: int = 0) -> list[str]:
    from pyd3d11.shader.dxbc.disasm import disassemble

    text = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)))
    body = text[text.index("ps_5_0"):].splitlines()[1:]
    return [ln.split()[0] for ln in body if ln and not ln.startswith(("dcl_", "//"))]


_IDENT = "cbuffer c { float4 v; }; float4 main() : SV_Target { %s float4 x = v * 0; return x + v * 1 + 0; }"


def test_refactoring_identities_fold_like_fxc():
    """``v * 0 + v * 1 + 0`` is ``v`` when refactoring is allowed (fxc: ParticleDraw_GS drops
    ``0 * g_mInvView[2]``), so the shader is one move from the constant buffer."""
    assert _ops(_IDENT % "") == ["mov", "ret"]


def test_refactoring_identities_respect_precise_and_ieee_strictness():
    """``precise`` (§22.19.2) and D3DCOMPILE_IEEE_STRICTNESS keep the multiplies: v * 0 is NaN for v = NaN."""
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_IEEE_STRICTNESS

    assert "mul" in _ops(_IDENT % "precise")
    assert "mul" in _ops(_IDENT % "", D3DCOMPILE_IEEE_STRICTNESS)
