"""HLSL compiler: fxc's semantic checks and overload resolution (accepting / rejecting source pairs).

Expected overload choices and error codes follow fxc's behaviour as recorded in the vkd3d shader tests and
Microsoft's HLSL documentation; every case here is hand-written."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.hlsl.compiler import compile_hlsl


def compile_error(src: str, target: str = "ps_5_0", entry: str = "main") -> str:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "c.hlsl", None, None, entry, target)
    return ei.value.errors


def compiles(src: str, target: str = "ps_5_0", entry: str = "main") -> None:
    D3DCompile(src, None, "c.hlsl", None, None, entry, target)


def ps_value(src: str, target: str = "ps_5_0") -> np.ndarray:
    """Runs a pixel shader without inputs on one lane and returns SV_Target0 as float32."""
    res = compile_hlsl(src, "t.hlsl", "main", target)
    out = run_program(res.program, 1, inputs={}, bindings=Bindings())
    return out.outputs[0].view(np.float32)[0]


# --- overload resolution ----------------------------------------------------------------------------------
def _pick(decls: str, call: str, target: str = "ps_5_0") -> float:
    src = decls + "\nfloat4 main() : SV_Target { return " + call + "; }"
    return float(ps_value(src, target)[0])


@pytest.mark.parametrize("decls,call,expected", [
    # an exact match beats widening
    ("float f(float x) { return 1; } float f(float2 x) { return 2; }", "f(float(0))", 1.0),
    # a component-type change (float -> half) beats dropping components
    ("float f(half4 x) { return 1; } float f(float2 x) { return 2; }", "f(float4(0, 0, 0, 0))", 1.0),
    # int4 -> float4 (class change) beats int4 -> int2 (count narrowing)
    ("float f(float4 x) { return 1; } float f(int2 x) { return 2; }", "f(int4(0, 0, 0, 0))", 1.0),
    # narrowing to a 16-bit int of the same class beats a change of class
    ("float f(min16int x) { return 2; } float f(float x) { return 1; }", "f(int(0))", 2.0),
    # int <-> uint (same width) beats narrowing to a min-precision type
    ("float f(int x) { return 2; } float f(min16uint x) { return 1; }", "f(uint(0))", 2.0),
    # exact match on a min-precision type
    ("float f(min16int x) { return 1; } float f(int x) { return 2; }", "f(min16int(0))", 1.0),
    # per argument no better / one better wins, else the union of conversion kinds decides
    ("float f(float x, float y) { return 1; } float f(float3 x, float3 y) { return 2; }",
     "f(float(5), half3(1, 2, 3))", 2.0),
    ("float f(float3 a, float3 b, float3 c, float3 d) { return 1; } float f(float a, float b, float c, float d)"
     " { return 2; }", "f(1.0f, 1.0f, 1.0f, float3(1, 2, 3))", 1.0),
    # signed and unsigned overloads: typed arguments pick their own
    ("float f(int x) { return 1; } float f(uint x) { return 2; }", "f(3u)", 2.0),
    ("float f(int x) { return 1; } float f(uint x) { return 2; }", "f(int2(1, 1))", 1.0),
    # different parameter counts are different overloads (not recursion)
    ("float f(float n) { return n; } float f(float n, float lo, float hi) { return f((n - lo) / (hi - lo)); }",
     "f(3.0, 1.0, 5.0)", 0.5),
    # an array parameter does not take a vector: the vector overload is the only viable one
    ("float f(float4 x[1]) { return 1; } float f(float4 x) { return 42; }", "f(float4(0, 0, 0, 0))", 42.0),
])
def test_overload_choice(decls, call, expected):
    assert _pick(decls, call) == expected


@pytest.mark.parametrize("decls,call", [
    # float and float1 are distinct declarations but equally good
    ("float f(float x) { return 1; } float f(float1 x) { return 2; }", "f(1.0f)"),
    # ...even when one is only a prototype
    ("float f(float x); float f(float1 x) { return 2; }", "f(float1(1.0))"),
    # narrowing by one or by two components costs the same
    ("float f(float3 x) { return 1; } float f(float2 x) { return 2; }", "f(float4(0, 0, 0, 0))"),
    # widening as well
    ("float f(float3 x) { return 1; } float f(float4 x) { return 2; }", "f(0.0f)"),
    # an untyped literal is neither int nor uint
    ("float f(int x) { return 1; } float f(uint x) { return 2; }", "f(3)"),
    # bool is as far from int as from float
    ("float f(int x) { return 1; } float f(float x) { return 2; }", "f(true)"),
    # two 16-bit float types are equally narrow
    ("float f(min16float x) { return 1; } float f(min10float x) { return 2; }", "f(1.0f)"),
    # a 2x2 matrix and a 4-vector take a float4 equally well
    ("float f(float2x2 x) { return 1; } float f(float4 x) { return 2; }", "f(float4(0, 0, 0, 0))"),
])
def test_overload_ambiguous_x3067(decls, call):
    src = decls + "\nfloat4 main() : SV_Target { return " + call + "; }"
    assert "error X3067" in compile_error(src)


def test_overload_identical_signature_twice_x3003_but_half_and_float_differ():
    # fxc 10.1: X3003 "redefinition of 'f'" (session 40 ACC; X3083 was taken before)
    dup = "float f(int a) { return 0.1; }\nfloat f(int a) { return 0.1; }\nfloat4 main() : SV_Target { return 0; }"
    assert "error X3003: redefinition of 'f'" in compile_error(dup)
    compiles("float f(half a) { return 1; }\nfloat f(float a) { return 2; }\n"
             "float4 main() : SV_Target { return 0; }")


def test_overload_no_viable_x3017_and_real_recursion_still_rejected():
    # the only candidate of this arity: fxc names the argument it cannot convert (X3017; DXC SemaHLSL
    # conversions-between-type-shapes records "'to_a1': cannot convert from 'int1' to 'typedef int[1]'")
    assert "error X3017: 'f': cannot convert from 'float4' to " in compile_error(
        "float f(float4 x[1]) { return 1; }\nfloat4 main() : SV_Target { return f(float4(0, 0, 0, 0)); }")
    # a call to the same overload is recursion; a call to another overload is not
    assert "recursive" in compile_error("float f(float x) { return f(x); }\n"
                                        "float4 main() : SV_Target { return f(1.0f); }")


# --- objects in locals, struct fields and arrays --------------------------------------------------------------
def _regs(src: str, op: str, target: str = "ps_5_0") -> list[str]:
    """The resource register (t#) each ``op`` instruction of the listing reads, in order."""
    import re

    lines = compile_hlsl(src, "t.hlsl", "main", target).listing.splitlines()
    return [re.search(r"\b(t\d+)\.", ln).group(1) for ln in lines if ln.startswith(op + " ")]


def test_object_locals_bind_by_value_at_assignment():
    src = """Texture2D t_good, t_bad; sampler sam;
    float4 main() : sv_target {
        Texture2D a, b[1];
        b[0] = t_good; a = b[0]; b[0] = t_bad;
        return a.Sample(sam, float2(0, 0)) + b[0].Load(int3(0, 0, 0));
    }"""
    assert _regs(src, "sample") == ["t0"] and _regs(src, "ld") == ["t1"]


def test_object_struct_fields_arrays_and_init_lists():
    src = """Texture2D tex[3];
    struct foo { float4 p; Texture2D t; };
    struct apple { Texture2D t1; Texture2D t2; float3 aa; };
    float4 main() : sv_target {
        struct foo s[3];
        s[0].t = tex[0]; s[1].t = tex[1]; s[2].t = tex[2];
        struct apple a = {tex[2], tex[1], 1.0, 2.0, 3.0};
        return s[2].t.Load(0) + s[0].t.Load(0) + a.t2.Load(0) + a.aa.xyzx;
    }"""
    assert _regs(src, "ld") == ["t2", "t0", "t1"]


def test_object_two_dimensional_local_array_and_parameter_struct():
    src = """Texture2D tex1, tex2, tex3;
    struct holder { Texture2D t; float k; };
    float4 get(holder h) { return h.t.Load(0) * h.k; }
    float4 main() : sv_target {
        Texture2D t[3][2];
        t[0][1] = tex2; t[2][0] = tex3;
        holder h; h.t = t[0][1]; h.k = 2;
        return t[2][0].Load(0) + get(h);
    }"""
    assert _regs(src, "ld") == ["t1", "t0"]  # tex1 is never used: tex2 -> t0, tex3 -> t1


@pytest.mark.parametrize("src,code", [
    # reading an object that was never assigned (fxc X4000)
    ("sampler sam; float4 main() : sv_target { Texture2D tex; tex = tex; return tex.Sample(sam, 0); }", "X4000"),
    ("float4 main(Texture2D tex2) : sv_target { Texture2D tex1; tex2 = tex1; return tex2.Load(0); }", "X4000"),
    # a run-time index cannot pick a binding below SM5.1
    ("Texture2D tex[3]; uniform int n; struct foo { float4 p; Texture2D t; };\n"
     "float4 main() : sv_target { struct foo s[3]; s[0].t = tex[0]; s[1].t = tex[1]; s[2].t = tex[2];"
     " return s[n].t.Load(0); }", "X3512"),
    # an object assigned under a run-time condition is ambiguous after it: fxc's validator refuses the run-time
    # operand, internal error X8000 (d3dcompiler_47 10.1 under Wine, session 44; X3500 here before)
    ("Texture2D ta, tb; uniform float c;\n"
     "float4 main() : sv_target { Texture2D t = ta; if (c > 0) { t = tb; } return t.Load(0); }", "X8000"),
])
def test_object_references_that_cannot_resolve(src, code):
    assert f"error {code}" in compile_error(src)


# --- resource register allocation -----------------------------------------------------------------------------
def test_resource_arrays_take_contiguous_registers_and_reservations_count():
    used = """Texture2D partially_used[2][2]; Texture2D tex;
    float4 main() : sv_target { return tex.Load(0) + partially_used[1][0].Load(0); }"""
    assert _regs(used, "ld") == ["t4", "t2"]
    reserved = """Texture2D unused[2][2] : register(t0); Texture2D tex;
    float4 main() : sv_target { return tex.Load(0); }"""
    assert _regs(reserved, "ld") == ["t4"]
    unused = """Texture2D unused[4]; Texture2D tex; float4 main() : sv_target { return tex.Load(0); }"""
    assert _regs(unused, "ld") == ["t0"]


def test_texture_reserved_in_s_binds_as_unreserved():
    """d3dcompiler_47 10.1 (session 35): a texture's register(s#) (the Direct3D 9 pairing) binds nothing, used
    or not; the used texture takes the first free t# (this test said X3530 once used before)."""
    assert _regs("Texture2D unused : register(s0); Texture2D tex;\n"
                 "float4 main() : sv_target { return tex.Load(0); }", "ld") == ["t0"]
    assert _regs("Texture2D tex : register(s0);\n"
                 "float4 main() : sv_target { return tex.Load(0); }", "ld") == ["t0"]


def test_constant_buffer_slots_limit_x4567():
    decls = "".join(f"cbuffer b{i} : register(b{i}) {{ float v{i}; }};\n" for i in range(13))
    use = " * ".join(f"v{i}" for i in range(13))
    # 13 reserved + $Globals + $Params = 15 > 14; without the uniform parameter all 14 fit
    assert "error X4567" in compile_error(decls + "float g; float4 main(uniform float p) : sv_target "
                                                  f"{{ return g * p * {use}; }}")
    compiles(decls + f"float g; float4 main() : sv_target {{ return g * {use}; }}")


# --- statements and intrinsics --------------------------------------------------------------------------------
@pytest.mark.parametrize("stmt", ["if (f);", "while (f);", "do; while (f);", "for (; f;);"])
def test_condition_must_be_scalar(stmt):
    assert "error X3019" in compile_error("uniform float2 f; float4 main() : sv_target { " + stmt +
                                          " return 0; }")
    compiles("uniform float1 f; float4 main() : sv_target { " + stmt + " return 0; }")


def test_case_label_must_be_literal_or_const():
    body = "uint4 v; float4 main() : sv_target { %s float4 c = 0; switch (v.x) { case 1 + a: c = 1; break; " \
           "case 0: c = 2; break; } return c; }"
    assert "error X3020" in compile_error(body % "uint a = 1;")
    compiles(body % "const uint a = 1;")


@pytest.mark.parametrize("call,ok", [
    ("max(a, b)", False), ("lerp(a, a, b)", False), ("normalize(a)", False), ("asfloat(true)", False),
    ("max(b, b)", True), ("max(a, a)", True), ("normalize(b)", True), ("asfloat(1u)", True),
])
def test_intrinsic_argument_shapes(call, ok):
    src = "float4 main() : sv_target { float2x2 a = {1, 2, 3, 4}; float4 b = {4, 3, 2, 1}; " \
          f"{call}; return 0; }}"
    if ok:
        compiles(src)
    else:
        assert "error X3013" in compile_error(src)


def test_bool_with_int_literal_is_int():
    # max(true, 2) is 2 (int), not bool
    assert float(ps_value("float4 main() : sv_target { return max(true, 2); }")[0]) == 2.0


# --- tessellation patch parameters --------------------------------------------------------------------------------
_HS = """struct data { float4 val : VAL; };
struct pcd { float edges[2] : SV_TessFactor; };
pcd patch_constant(%s) { return (pcd)0; }
[domain("isoline")] [outputcontrolpoints(2)] [partitioning("integer")] [outputtopology("point")]
[patchconstantfunc("patch_constant")]
data main(%s) { return (data)0; }"""


# the error numbers are d3dcompiler_47 10.1's (recorded under Wine, session 38; X3000 here before): a mismatched patch
# is X3659, a second InputPatch X3658
@pytest.mark.parametrize("pcf,main,want", [
    ("InputPatch<data, 2> p", "InputPatch<data, 2> patch", None),
    ("InputPatch<data, 3> p", "InputPatch<data, 2> patch", "X3659"),
    ("OutputPatch<data, 2> p", "InputPatch<data, 2> patch", None),
    ("OutputPatch<data, 3> p", "InputPatch<data, 2> patch", "X3659"),
    ("", "InputPatch<data, 2> a, uint i : SV_OutputControlPointID, InputPatch<data, 2> b", "X3658"),
])
def test_hull_patch_parameters(pcf, main, want):
    src = _HS % (pcf, main)
    if want is None:
        compiles(src, "hs_5_0")
    else:
        assert f"error {want}" in compile_error(src, "hs_5_0")


def test_global_patch_object_is_a_uniform_array():
    # outside tessellation parameters a patch is an array in $Globals (any size)
    compiles("InputPatch<float, 64> patch; float4 main() : SV_TARGET { return patch[0]; }")
    res = compile_hlsl("OutputPatch<float, 2> patch; float4 main() : SV_TARGET { return patch[1]; }", "t", "main",
                       "ps_5_0")
    assert "cb0[1].x" in res.listing


@pytest.mark.parametrize("attrs,ok", [
    ("[branch]", True), ("[branch] [branch]", False), ("[branch] [flatten]", False),
])
def test_statement_attributes_duplicate_or_conflicting(attrs, ok):
    src = "float4 u; float4 main() : sv_target { float4 r = 0; " + attrs + \
          " if (u.x > 0.0) r = 1; else r = 2; return r; }"
    if ok:
        compiles(src)
    else:  # ERR_DUPLICATE_ATTRIBUTE 3524 (MicrosoftDocs "HLSL errors and warnings"; session 21, was X3000)
        assert "error X3524" in compile_error(src)
    loop = "float4 main() : sv_target { float r = 0; [loop] [unroll] for (int i = 0; i < 2; ++i) r += i; " \
           "return r; }"
    # fxc: "X3524: can't use loop and unroll attributes together" (DXC SemaHLSL attributes test, fxc-error)
    assert "error X3524: can't use loop and unroll attributes together" in compile_error(loop)


@pytest.mark.parametrize("swz,ok", [
    ("_11_22", True), ("_m00_m11", True), ("_11_m00", False), ("_11_11_11_11", True), ("_11_11_11_11_11", False),
])
def test_matrix_swizzle_style_and_length(swz, ok):
    src = "float4 main() : sv_target { float3x2 m = {1, 2, 3, 4, 5, 6}; float4 r = 0; r.x = m." + swz + \
          ".x; return r; }"
    if ok:
        compiles(src)
    else:
        assert "error X3018" in compile_error(src)


def test_transpose_and_step_shapes():
    assert "error X3013" in compile_error("float4 main() : sv_target { return transpose(float4(1, 2, 3, 4)); }")
    assert "error X3013" in compile_error("float4 main() : sv_target { float2x2 a = {1, 2, 3, 4}; float1 b = {3};"
                                          " step(a, b); return 0; }")
    compiles("float4 main() : sv_target { float2x2 a = {1, 2, 3, 4}; return transpose(a)[0].xyxy; }")


# --- type syntax: unsigned, struct tags, keywords, parameter registers ------------------------------------------
@pytest.mark.parametrize("decl,ok", [
    ("unsigned int2x2 v;", True), ("typedef int Int2; unsigned Int2 v;", True), ("unsigned int v[2];", True),
    ("unsigned uint v;", False), ("unsigned uint2 v;", False), ("typedef int Int[2]; unsigned Int v;", False),
    ("unsigned float v;", False),
])
def test_unsigned_modifies_int_types_only(decl, ok):
    src = decl + "\nfloat4 main() : sv_target { return 0; }"
    if ok:
        compiles(src)
    else:
        # a numeric type other than int: X3085 (DXC's SemaHLSL matrix-syntax.hlsl records fxc's
        # "X3085: unsigned can not be used with type" for `unsigned uint3x4` and `unsigned float2x3`), an array
        # typedef too (d3dcompiler_47 10.1, session 43; X3000 was inferred)
        assert "error X3085" in compile_error(src)


def test_unsigned_typedef_is_uint_at_run_time():
    # as uint, 0xFFFFFFFF compares greater than 5 (as int it would be -1)
    src = "typedef int Int; float4 main() : sv_target { unsigned Int a = 0xFFFFFFFF; return a > 5u ? 1 : 2; }"
    assert float(ps_value(src)[0]) == 1.0


@pytest.mark.parametrize("src,ok", [
    ("struct { float4 a; };", False),  # an anonymous struct must declare a variable
    ("struct { float4 a; } v;", True),
    # (a typedef's name after ``struct``: d3dcompiler_47 10.1's X3003 "redefinition of type with struct/class",
    # session 41 -- test_typedef_named_by_struct_is_x3003 below)
    ("struct apple { float4 f; }; typedef struct apple myapple; myapple a; struct apple b;", True),
    ("float4 VertexShader;", False), ("float4 vertexshader;", False), ("float4 Texture2D;", False),
    ("float4 geometryshader; float4 vertexshadeR;", True),
])
def test_declaration_syntax(src, ok):
    src += "\nfloat4 main() : sv_target { return 0; }"
    if ok:
        compiles(src)
    else:
        assert "error X3000" in compile_error(src)


def test_typedef_named_by_struct_is_x3003():
    # d3dcompiler_47 10.1 (recorded under Wine, session 41): c.hlsl(1,59-72): error X3003: redefinition of type with
    # struct/class (tests/test_rules_hlsl_fxc_mutants_s41.py has the other forms)
    src = "struct apple { float4 f; }; typedef struct apple myapple; struct myapple a;\n" \
          "float4 main() : sv_target { return 0; }"
    assert "error X3003: redefinition of type with struct/class" in compile_error(src)


def test_register_on_a_parameter_is_accepted_and_ignored():
    res = compile_hlsl("float4 main(uniform float a : register(c1)) : sv_target { return a; }", "t", "main",
                       "ps_5_0")
    assert "cb0[0].x" in res.listing  # the first (and only) $Params member, not c1


def test_global_half_needs_backwards_compatibility_x3650():
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as BACKCOMPAT

    src = "uniform half h;\nfloat4 main() : sv_target { return h; }"
    assert "error X3650" in compile_error(src)
    D3DCompile(src, None, "c.hlsl", None, None, "main", "ps_5_0", BACKCOMPAT)
    # a static one too (d3dcompiler_47 10.1, session 35); a local compiles
    assert "error X3650" in compile_error("static half h = 1; float4 main() : sv_target { return h; }")
    compiles("float4 main() : sv_target { half h = 1; half4 r = h + 0.5; return r; }")


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0", "vs_2_0", "ps_4_0_level_9_1", "ps_4_0", "ps_5_0"])
def test_global_half_x3650_at_every_target_below_sm6(target: str):
    """X3650 holds below shader model 6 whatever the target: a Direct3D 9 target compiles with backwards
    compatibility implied for its legacy samplers, but only the caller's flag lifts this rule (vkd3d
    half.shader_test: ``[pixel shader fail(sm<6)] uniform half h;``); the message names the caller's target."""
    from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as BACKCOMPAT

    out = "sv_position" if target.startswith("vs") else "sv_target"
    src = f"uniform half h;\nfloat4 main() : {out} {{ return h; }}"
    err = compile_error(src, target)
    assert "error X3650" in err and f"in {target}." in err
    D3DCompile(src, None, "c.hlsl", None, None, "main", target, BACKCOMPAT)


# --- signatures ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("params,ok", [
    ("in float2 a : TEXCOORD0, in float2x1 b : TEXCOORD0", True),  # a column of a column-major matrix
    ("in float2 a : TEXCOORD0, row_major float1x2 b : TEXCOORD0", False),  # a row of a row_major matrix
    ("in float4 a : TEXCOORD0, row_major float1x4 b : TEXCOORD0", False),
    ("row_major float1x2 a : TEXCOORD0, row_major float1x2 b : TEXCOORD0", True),
])
def test_shared_input_semantic_needs_the_same_layout_x3536(params, ok):
    """X3536 "Duplicated input semantics can't change type, size, or layout" (d3dcompiler_47 10.1, session 35;
    X4502 before)."""
    src = f"float4 main({params}) : sv_target {{ return 0; }}"
    if ok:
        compiles(src)
    else:
        assert "error X3536" in compile_error(src)


def test_pixel_outputs_may_not_overlap_x4502():
    body = "{ x = float2(1.0, 2.0); y = float2(5.0, 6.0); }"
    # float1x2 is two columns: SV_Target0..1 and SV_Target1..2 overlap, SV_Target2..3 does not; the overlap is
    # d3dcompiler_47 10.1's X4574 "Duplicate system value semantic definition" (recorded under Wine, session 36;
    # X4502 was this test's inferred number)
    assert "error X4574" in compile_error("void main(out float1x2 x : sv_target0, out float1x2 y : sv_target1)"
                                          + body)
    compiles("void main(out float1x2 x : sv_target0, out float1x2 y : sv_target2)" + body)


# --- texel offsets and attributes -------------------------------------------------------------------------------
@pytest.mark.parametrize("call,ok", [
    ("t.Load(int3(0, 0, 0), int2(7, -8))", True), ("t.Load(int3(0, 0, 0), int2(8, 1))", False),
    ("t.Load(int3(0, 0, 0), int2(0, -9))", False), ("t.Sample(s, float2(0, 0), int2(-8, 7))", True),
    ("t.Sample(s, float2(0, 0), int2(16, 0))", False),
])
def test_immediate_texel_offsets_in_range(call, ok):
    src = f"Texture2D t; sampler s; float4 main() : sv_target {{ return {call}; }}"
    if ok:
        compiles(src, "ps_4_0")
    else:
        assert "range -8 to 7" in compile_error(src, "ps_4_0")


@pytest.mark.parametrize("body,ok", [
    # a uniform, a shader input: never literals -> fxc's X4566 (DXC issue 2590 quotes its text)
    ("return t.Sample(s, a, o);", False),
    ("return t.Load(int3(0, 0, 0), o);", False),
    ("return t.Sample(s, a, int2(a));", False),
    # a loop counter resolves once fxc unrolls the loop; a function argument once the call is inlined
    ("float4 r = 0; for (int i = -2; i < 3; i++) r += t.Sample(s, a, int2(i, 0)); return r;", True),
    ("return f(a, int2(1, 0)) + f(a, int2(-1, 0));", True),
    # ... but not when the loop must stay a loop, or the counter leaves the range
    ("float4 r = 0; [loop] for (int i = 0; i < 3; i++) r += t.Sample(s, a, int2(i, 0)); return r;", False),
    ("float4 r = 0; for (int i = 6; i < 9; i++) r += t.Sample(s, a, int2(i, 0)); return r;", False),
])
def test_texel_offsets_must_resolve_to_literals(body, ok):
    src = ("Texture2D t; sampler s; int2 o; float4 f(float2 a, int2 k) { return t.Sample(s, a, k); }\n"
           f"float4 main(float2 a : A) : sv_target {{ {body} }}")
    if ok:
        compiles(src, "ps_5_0")
    else:
        err = compile_error(src, "ps_5_0")
        assert "error X4566: offset texture instructions must take offset which can resolve to integer literal " \
               "in the range -8 to 7" in err, err


def test_gather_offset_out_of_range_is_programmable_on_sm5_only():
    src = "Texture2D t; sampler s; float4 main() : sv_target { return t.Gather(s, float2(0, 0), int2(9, 0)); }"
    assert "gather4_po" in compile_hlsl(src, "t", "main", "ps_5_0").listing
    assert "range -8 to 7" in compile_error(src, "ps_4_1")


@pytest.mark.parametrize("attrs,ok", [
    ("[numthreads(x++, 1, 1)]", False), ("[numthreads(++x, 1, 1)]", False), ("[numthreads((x = 2), 1, 1)]", False),
    ("[bogus(++x)] [numthreads(1, 1, 1)]", True),  # an ignored attribute is not evaluated
])
def test_evaluated_attribute_arguments_have_no_side_effects(attrs, ok):
    src = f"static int x = 1;\n{attrs}\nvoid main() {{}}"
    if ok:
        compiles(src, "cs_5_0")
    else:
        assert "side effects" in compile_error(src, "cs_5_0")


def test_gs_streams_count_the_widest_use_of_each_register():
    src = """struct a { float2 x : X; float3 y : Y; float z : Z; };
    struct b { float2 x : X; float4 y : Y; };
    [maxvertexcount(%d)]
    void main(point a vin[1], inout PointStream<a> s1, inout PointStream<b> s2)
    { s1.Append(vin[0]); s2.Append((b)0); }"""
    # o0: xyz (a) vs xy (b) -> 3, o1: xyz vs xyzw -> 4: 7 components; 146 * 7 <= 1024 < 147 * 7
    compiles(src % 146, "gs_5_0")
    # d3dcompiler_47 10.1 compiles it and its bytecode validator refuses it: X8000 "Validation Error: Declared output
    # vertex count (147) multiplied by the total number of declared scalar components of output data (7) ..." (Wine,
    # session 42; X4571, MicrosoftDocs' ERR_MAX_OUTPUT_EXCEEDED, was inferred)
    assert "error X8000" in compile_error(src % 147, "gs_5_0")


# --- objects: conditional operator, casts, entry-point parameters, struct reservations ---------------------------
def test_conditional_operator_on_objects():
    two = "Texture2D t; Texture2D u; uniform float c;\n"
    assert _regs(two + "float4 main() : sv_target { Texture2D x = 0 ? t : u; return x.Load(0); }", "ld") == ["t0"]
    assert _regs(two + "float4 main() : sv_target { return (c ? u : u).Load(0); }", "ld") == ["t0"]
    # the operands' types must be identical; a run-time choice between two resources cannot resolve
    assert "error X3020" in compile_error("Texture2D t; Texture3D u; float4 main() : sv_target "
                                          "{ 0 ? t : u; return 0; }")
    # (fxc 10.1: "internal error: failed to emit instruction", no number; ``Texture2D x = c ? t : u; x.Load(0)``
    # is its X8000, the number given to both here since session 44)
    assert "error X8000" in compile_error(two + "float4 main() : sv_target { return (c ? t : u).Load(0); }")


_CAST = """Texture2D tex0, tex1;
struct apple { int2 aa; Texture2D bb; float cc; float4 dd; Texture2D ee; };
struct banana { float aa[2]; Texture2D bb; int cc; };
float4 main() : sv_target {
    struct apple a = {1, 2, tex1, 7.2, 1, 2, 3, 4, tex0};
    struct banana b;
    b = (struct banana) a;
    return b.bb.Load(0) + b.cc + b.aa[1];  // nothing bound at t0: the load reads 0
}"""


def test_componentwise_cast_of_structs_carries_objects():
    assert _regs(_CAST, "ld") == ["t0"]  # tex1 is the only resource read (through b.bb)
    assert float(ps_value(_CAST)[0]) == 9.0  # cc: 7.2 -> int 7, aa[1]: 2


def test_componentwise_cast_needs_objects_at_the_same_components_x3017():
    src = """Texture2D t; struct p { float a; Texture2D b; }; struct q { Texture2D b; float a; };
    float4 main() : sv_target { struct p x = {1, t}; struct q y = (struct q) x; return 0; }"""
    assert "error X3017" in compile_error(src)


def test_entry_point_object_parameters_are_resources_after_the_globals():
    tex = """struct apple { Texture2D unused; Texture2D tex[3]; Texture2D lone; float4 pos : sv_position; };
    Texture2D tex0; sampler sam;
    float4 main(struct apple input) : sv_target {
        return input.tex[1].Sample(sam, float2(0, 0)) + tex0.Sample(sam, float2(0, 0))
             + input.lone.Sample(sam, float2(0, 0));
    }"""
    assert _regs(tex, "sample") == ["t3", "t0", "t5"]
    res = compile_hlsl(tex, "t", "main", "ps_5_0").listing
    assert "dcl_resource_texture2d (float,float,float,float) t1" not in res  # reserved, not declared
    samp = """Texture2D tex;
    struct apple { sampler unused0; sampler sam[3]; sampler unused1; };
    float4 main(struct apple input, sampler samp) : sv_target {
        return tex.Sample(samp, float2(0.3, 0.3)) + tex.Sample(input.sam[1], float2(0.5, 0.5));
    }"""
    # the struct reserves s0..s2 (up to its last used leaf), the lone sampler parameter takes s3
    lines = [ln for ln in compile_hlsl(samp, "t", "main", "ps_5_0").listing.splitlines() if ln.startswith("sample ")]
    assert [ln.rsplit(", ", 1)[1] for ln in lines] == ["s3", "s2"]


def test_entry_point_struct_parameter_objects_can_be_reassigned():
    src = """struct apple { Texture2D tex; };
    float4 main(struct apple input) : sv_target { input.tex = input.tex; return input.tex.Load(int3(0, 0, 0)); }"""
    assert _regs(src, "ld") == ["t0"]


def test_struct_reserving_one_register_set_must_reserve_every_used_one_x4509():
    body = "float4 main() : sv_target { return foo.tex.Sample(foo.sam, float2(0.4, 0)); }"
    one = "struct { Texture2D tex; sampler sam; } foo : register(t1);\n"
    # the used sampler member has no s# (d3dcompiler_47 10.1, session 35: X4509; X3530 before)
    assert "error X4509" in compile_error(one + body)
    res = compile_hlsl("struct { Texture2D tex; sampler sam; } foo : register(t1) : register(s1);\n" + body, "t",
                       "main", "ps_5_0").listing
    assert "dcl_sampler s1" in res and "t1.xyzw, s1" in res
    assert _regs(one + "float4 main() : sv_target { return foo.tex.Load(int3(0, 0, 0)); }", "ld") == ["t1"]


# --- effect state blocks and `compile` --------------------------------------------------------------------------
@pytest.mark.parametrize("value,ok,code", [
    ("foobar.x", True, ""), ("foobar.y", False, "X3018"),  # an unknown name is a scalar const int
    ("foobar[2]", False, "X3121"), ("arr[90]", True, ""),  # indexes are not range-checked
    ("vec.z", True, ""), ("vec.w", False, "X3018"), ("fun(foo)", False, "X3013"), ("fun(1, 2)", True, ""),
    # arrfun: d3dcompiler_47 10.1 X3017 (session 40); cat(): X3004 "undeclared identifier 'cat'" (10.1, session 41:
    # a call of no declared function in a state value, statecalls.py; X3000 was inferred)
    ("arrfun(foo)", False, "X3017"), ("cat()", False, "X3004"),
])
def test_state_block_values_are_type_checked(value, ok, code):
    src = """float4 arr[3]; float3 vec;
    float4 fun(float a, float b) { return 0; }
    float4 arrfun(float p[2]) { return 0; }
    float4 main() : sv_target { return 0; }
    DepthStencilState dss { RandomField = VALUE; };""".replace("VALUE", value)
    if ok:
        compiles(src)
    else:
        assert f"error {code}" in compile_error(src)


@pytest.mark.parametrize("call,ok", [("fun(1)", True), ("fun(1, 2)", True), ("fun()", False), ("fun(1, 2, 3)", False)])
def test_compile_in_state_block_counts_uniform_arguments(call, ok):
    # two uniform parameters, the second with a default; the varying one takes no argument
    src = """float4 fun(uniform float4 a, float4 b : B, uniform float4 c = 1) : sv_target { return a + b + c; }
    technique10 T { pass P { PixelShader = compile ps_4_0 CALL; } }
    float4 main() : sv_target { return 0; }""".replace("CALL", call)
    if ok:
        compiles(src)
    else:
        assert "error X3013" in compile_error(src)


def test_compile_expression_in_an_initializer_list():
    compiles("float4 fun() : sv_target { return 0; }\nfloat4 f = {1, 2, compile ps_2_0 fun(), 4};\n"
             "float4 main() : sv_target { return f; }")
    assert "error" in compile_error("float4 fun() : sv_target { return 0; }\nfloat4 main() : sv_target "
                                    "{ PixelShader p = compile ps_2_0 fun(); return 0; }")


def test_sampler_arrays_reserve_up_to_the_last_used_element():
    src = """Texture2D t; sampler sams[4]; sampler after;
    float4 main() : sv_target { return t.Sample(sams[1], float2(0, 0)) + t.Sample(after, float2(0, 0)); }"""
    lines = [ln for ln in compile_hlsl(src, "t", "main", "ps_5_0").listing.splitlines() if ln.startswith("sample ")]
    # sams takes s0..s1 (not s0..s3), so `after` is s2; a texture array would keep all its registers
    assert [ln.rsplit(", ", 1)[1] for ln in lines] == ["s1", "s2"]


def test_resources_only_named_in_dead_code_take_no_register():
    src = """Texture2D unused_in_the_end; Texture2D tex;
    float4 main() : sv_target { Texture2D never_read = unused_in_the_end; return tex.Load(0); }"""
    res = compile_hlsl(src, "t", "main", "ps_5_0").listing
    assert _regs(src, "ld") == ["t0"] and "t1" not in res


@pytest.mark.parametrize("dims", ["[0]", "[1e38]", "[65537]", "[4096][4096]", "[-2]"])
def test_array_dimensions_out_of_range_are_clean_errors(dims: str):
    from pyd3d11.d3dcompiler import D3DCompile
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X3059"):
        D3DCompile(f"static float a{dims}; float4 main() : SV_Target {{ return 0; }}", None, "t.hlsl", None, None,
                   "main", "ps_4_0")


@pytest.mark.parametrize("call", ["t.Load()", "t.Sample(s)", "t.SampleLevel(s, c)", "t.SampleGrad(s, c, c)",
                                  "t.Gather(s)", "t.SampleCmp(s, c)", "t.CalculateLevelOfDetail(s)"])
def test_texture_methods_with_too_few_arguments_are_x3013(call: str):
    from pyd3d11.d3dcompiler import D3DCompile
    from pyd3d11.errors import ShaderCompileError

    src = f"Texture2D t; SamplerState s; float4 main(float2 c : C) : SV_Target {{ return {call}; }}"
    with pytest.raises(ShaderCompileError, match="X3013"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


@pytest.mark.parametrize(("src", "code"), [
    ("float4x2 d; float4 main() : SV_Target { return d[0x7fffffff].x; }", "X3504"),  # constant row out of range
    ("sampler2D s; float4 main(float2 t : T) : SV_Target { return tex2D(s, ); }", "X3000"),  # a trailing comma: fxc 10.1 (session 45 EFX)
    ("sampler2D s; float4 main(float2 t : T) : SV_Target { return tex2Dlod(s, t.xyxy, t); }", "X3013"),
    # session 3 (OverflowError, struct.error): a matrix of 10^22 rows; an unsized struct member array
    # (the literal does not fit 64 bits: d3dcompiler_47 10.1 under Wine reports "X1004: decimal value truncated to
    # 64 bits" first, then X3000 at the token after it -- session 39, helper PPF's lexer rule; this case expected
    # X3000 before, and X3053 before that)
    ("float4 main() : SV_Target { matrix<uint, 9999999999999999999999, 2> h = 0; return h[0].xyxy; }", "X1004"),
    ("float4 main() : SV_Target { vector<float, 5> v = 0; return v.x; }", "X3052"),
    ("struct { float dyn[]; float b; } a; float i; float4 main() : SV_Target { return a.dyn[i]; }", "X3072"),
])
def test_fuzz_found_shapes_are_clean_errors(src: str, code: str):
    from pyd3d11.d3dcompiler import D3DCompile
    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match=code):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0")


@pytest.mark.parametrize("expr", ["- t.GetDimensions(r.x, r.y)", "r.x = sincos(r.y, r.z, r.w) + 1", "r = clip(r) * 2"])
def test_void_intrinsics_in_expressions_are_x3022(expr: str):
    """A void call's value as an arithmetic operand: d3dcompiler_47 10.1's X3022 "scalar, vector, or matrix expected"
    (session 43, voidvals.py; X3020 was inferred)."""
    from pyd3d11.d3dcompiler import D3DCompile
    from pyd3d11.errors import ShaderCompileError

    src = f"Texture2D t; float4 main(float4 a : A) : SV_Target {{ float4 r = a; {expr}; return r; }}"
    with pytest.raises(ShaderCompileError, match="X3022"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0")
