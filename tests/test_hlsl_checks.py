"""HLSL compiler: fxc's semantic checks and overload resolution (accepting / rejecting source pairs).

Expected overload choices and error codes follow fxc's behaviour as recorded in the vkd3d shader tests and
Microsoft's HLSL documentation; every case here is hand-written."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.pipeline.bindings import Bindings
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.exec import run_program
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


def test_overload_identical_signature_twice_x3083_but_half_and_float_differ():
    dup = "float f(int a) { return 0.1; }\nfloat f(int a) { return 0.1; }\nfloat4 main() : SV_Target { return 0; }"
    assert "error X3083" in compile_error(dup)
    compiles("float f(half a) { return 1; }\nfloat f(float a) { return 2; }\n"
             "float4 main() : SV_Target { return 0; }")


def test_overload_no_viable_x3013_and_real_recursion_still_rejected():
    assert "error X3013" in compile_error("float f(float4 x[1]) { return 1; }\n"
                                          "float4 main() : SV_Target { return f(float4(0, 0, 0, 0)); }")
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
    # an object assigned under a run-time condition is ambiguous after it
    ("Texture2D ta, tb; uniform float c;\n"
     "float4 main() : sv_target { Texture2D t = ta; if (c > 0) { t = tb; } return t.Load(0); }", "X3500"),
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


def test_reservation_in_wrong_register_set_ignored_unless_used():
    assert _regs("Texture2D unused : register(s0); Texture2D tex;\n"
                 "float4 main() : sv_target { return tex.Load(0); }", "ld") == ["t0"]
    assert "error X3530" in compile_error("Texture2D tex : register(s0);\n"
                                          "float4 main() : sv_target { return tex.Load(0); }")


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


@pytest.mark.parametrize("pcf,main,ok", [
    ("InputPatch<data, 2> p", "InputPatch<data, 2> patch", True),
    ("InputPatch<data, 3> p", "InputPatch<data, 2> patch", False),
    ("OutputPatch<data, 2> p", "InputPatch<data, 2> patch", True),
    ("OutputPatch<data, 3> p", "InputPatch<data, 2> patch", False),
    ("", "InputPatch<data, 2> a, uint i : SV_OutputControlPointID, InputPatch<data, 2> b", False),
])
def test_hull_patch_parameters(pcf, main, ok):
    src = _HS % (pcf, main)
    if ok:
        compiles(src, "hs_5_0")
    else:
        assert "error X3000" in compile_error(src, "hs_5_0")


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
    else:
        assert "error X3000" in compile_error(src)
    loop = "float4 main() : sv_target { float r = 0; [loop] [unroll] for (int i = 0; i < 2; ++i) r += i; " \
           "return r; }"
    assert "conflicting attribute" in compile_error(loop)


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
