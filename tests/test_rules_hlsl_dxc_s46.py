"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 10 (session 46,
helper ACC; issue 15): the open items of round 9 and the clusters their probes opened, and the one cluster of the
round's new source (DXC's ``tools/clang/test/HLSL/rewriter/*_noerr.hlsl``: older copies of the SemaHLSL tests with
every error line commented out under an ``// fxc error`` remark, each restored alone).

Every expected verdict (``ok`` or fxc's first error number) in tests/data/fxc10_verdicts_acc46.json was recorded
from d3dcompiler_47 10.1 under Wine (``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below
build; the rows cover each rule's extent, not only the lines that showed it:

* ``return value;`` in a void function is X3079 after the value's own type rules and those of the statements
  before it (``return undeclared;`` X3004, ``return s.q;`` X3018, ``return sin(1, 2);`` X3013), in a called
  function, one nothing calls, a method, dead code (check.check_function, compiler.py).
* a sampler argument that names no one sampler (never assigned, NULL, a struct's member never assigned, a static
  never assigned, a run-time choice, a sampler parameter given one of them) is X3538 for the D3D9-style tex*
  intrinsics at every target too, once the overload is chosen (a sampler of another dimension, a missing argument:
  X3013); X3538 belongs to the phase after the type rules (a later type error comes first; the first met of X3538
  and X3523 is reported; an unrolling failure or X4000 after) -- for the sampling methods too (samplerarg.py).
* an if statement's condition that is no scalar (X3019) or no boolean-castable value (X3020) is judged after the
  type rules of its arms (``if (v) { float y = undeclared; }`` is X3004); a loop's condition before its body
  (cgstmts.cond_slot).
* a syntax error inside a class or struct with methods (``int operator+(int);``, a method's own syntax error)
  leaves its methods' type rules unchecked: fxc checks them once the class is reduced (parse_stmts.py), so a
  ``this`` or an undeclared name in a method before it is no error of its own (DXC cpp-errors' ``CInternal``).
* a string literal and a string variable (not ``const``) as the two arms of ``?:`` are X3020 "type mismatch between
  conditional values", in a global's initialiser and in a function body (stringarms.py).
* a method nothing calls is type-checked as a function nothing calls (uncalled._methods: ``struct C { int fn() {
  return j; } };`` is X3004).
* a plain ``[unroll]`` loop bounded by a local copied once from an input or constant-buffer value (``int m = n;``,
  ``m = n + 1``) is X3511 as one bounded by the value itself (unroll._copied_bound).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, named_params

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc46.json"

_MAIN = "float4 main() : SV_Target { f(); return 0; }"


# --- return value; in a void function ---------------------------------------------------------------------------------
def void_return_rows() -> list[tuple[str, str, str]]:
    called = {
        "undeclared": "void f() { return undeclared; }",
        "member": "struct S { float a; };\nvoid f() { S s = (S)0; return s.q; }",
        "before_stmt": "void f() { float x = undeclared2; return 1; }",
        "after_stmt": "void f() { return 2; float y = undeclared3; }",
        "bad_call": "void f() { return sin(1, 2); }",
        "bad_conv": "struct S { float a; };\nvoid f() { S s = (S)0; return (float4x4)s; }",
        "struct_value": "struct S { float a; };\nvoid f() { S s = (S)0; return s; }",
        "texture_value": "Texture2D t;\nvoid f() { return t; }",
        "bad_method": "Texture2D t;\nvoid f() { return t.Foo(); }",
        "struct_plus": "struct S { float a; };\nvoid f() { S s = (S)0; return s + 1; }",
        "div0": "void f() { return 1 / 0; }",
        "assign_value": "void f() { float a = 0; return a = 1; }",
        "void_plus": "void g() {}\nvoid f() { return undeclared + g(); }",
        "dead_if": "void f() { if (false) return 3; }",
        "dead_after_return": "void f() { return; return 4; }",
        "dead_after_undecl": "void f() { return; return undeclared; }",
        "dead_if_then_undecl": "void f() { if (false) return 5; float y = undeclared; }",
        "dead_if_undecl": "void f() { if (false) return undeclared; }",
        "loop": "void f() { for (int i = 0; i < 2; i++) return 6; }",
        "in_loop_undecl": "void f() { for (int i = 0; i < 2; i++) return q; }",
        "nested_value": "void f() { return float2(1, undeclared).x; }",
        "bool_cond": "void f() { float2 v = 0; if (v) return 1; }",
    }
    rows = [(f"void_{k}", "ps_5_0", v + "\n" + _MAIN) for k, v in called.items()]
    rows += [(f"void_uncalled_{k}", "ps_5_0", v + "\nfloat4 main() : SV_Target { return 0; }")
             for k, v in called.items() if k in ("undeclared", "member", "bad_call", "dead_if_undecl", "after_stmt")]
    rows += [
        ("void_uncalled_after_main", "ps_5_0", "float4 main() : SV_Target { return 0; }\nvoid f() { return undeclared; }"),
        ("void_uncalled_two", "ps_5_0", "void f() { return 7; }\nvoid g() { return undeclared; }\n"
                                        "float4 main() : SV_Target { return 0; }"),
        ("void_method", "ps_5_0", "struct S { void m() { return undeclared; } };\n"
                                  "float4 main() : SV_Target { S s; s.m(); return 0; }"),
        ("void_method_ok_value", "ps_5_0", "struct S { void m() { return 8; } };\n"
                                           "float4 main() : SV_Target { S s; s.m(); return 0; }"),
        ("void_entry_undecl", "ps_5_0", "void main() { return undeclared; }"),
        ("void_entry_value_cs", "cs_5_0", "[numthreads(1, 1, 1)] void main() { return 9; }"),
        ("void_entry_undecl_cs", "cs_5_0", "[numthreads(1, 1, 1)] void main() { return undeclared; }"),
        ("void_ps40_member", "ps_4_0", "struct S { float a; };\nvoid f() { S s = (S)0; return s.q; }\n" + _MAIN),
        ("void_ps30_undecl", "ps_3_0", "void f() { return undeclared; }\n"
                                       "float4 main() : COLOR { f(); return 0; }"),
        ("void_x4000_value", "ps_5_0", "void f() { float q; return q; }\n" + _MAIN),
        ("void_then_later_undecl_main", "ps_5_0", "void f() { if (false) return 1; }\n"
                                                  "float4 main() : SV_Target { f(); return undeclared; }"),
    ]
    return rows


# --- a sampler that names no one sampler ------------------------------------------------------------------------------
_TEX = "float4 main(float2 uv : TEXCOORD) : {sem} {{ {b} }}"


def _t(target: str, body: str, pre: str = "") -> tuple[str, str]:
    sem = "COLOR" if target[3] in "23" else "SV_Target"
    if target.startswith("vs"):
        sem = "POSITION" if target[3] in "23" else "SV_Position"
    return target, (pre + "\n" if pre else "") + _TEX.format(sem=sem, b=body)


def sampler_rows() -> list[tuple[str, str, str]]:
    t = {
        "tex_ps20": _t("ps_2_0", "sampler l; return tex2D(l, uv);"),
        "tex_ps30": _t("ps_3_0", "sampler2D l; return tex2D(l, uv);"),
        "tex_l91": _t("ps_4_0_level_9_1", "sampler2D l; return tex2D(l, uv);"),
        "tex_lod_vs30": ("vs_3_0", "float4 main(float4 uv : TEXCOORD) : POSITION { sampler2D l; return tex2Dlod(l, uv); }"),
        "tex_ps40": _t("ps_4_0", "sampler2D l; return tex2D(l, uv);"),
        "tex_dead_ps50": _t("ps_5_0", "sampler2D l; float4 r = tex2D(l, uv); return 0;"),
        "tex_null": _t("ps_3_0", "return tex2D(NULL, uv);"),
        "tex_null_local": _t("ps_3_0", "sampler2D l = NULL; return tex2D(l, uv);"),
        "tex_choice": ("ps_3_0", "sampler2D a; sampler2D b;\nfloat4 main(float2 uv : TEXCOORD, float c : C) : COLOR "
                                 "{ return tex2D(c > 0 ? a : b, uv); }"),
        "tex_one_path": ("ps_3_0", "sampler2D a;\nfloat4 main(float2 uv : TEXCOORD, float c : C) : COLOR "
                                   "{ sampler2D l; if (c > 0) l = a; return tex2D(l, uv); }"),
        "tex_struct_member": _t("ps_3_0", "S x; return tex2D(x.s, uv);", "struct S { sampler2D s; };"),
        "tex_one_arg": _t("ps_3_0", "sampler2D l; return tex2D(l);"),
        "tex_one_arg_ps50": _t("ps_5_0", "sampler2D l; return tex2D(l);"),
        "tex_samplerstate_ps50": _t("ps_5_0", "SamplerState l; return tex2D(l, uv);"),
        "tex_cube_sampler": _t("ps_3_0", "samplerCUBE l; return tex2D(l, uv);"),
        "tex_generic_cube": _t("ps_3_0", "sampler l; return texCUBE(l, float3(uv, 1));"),
        "tex_undecl_after": _t("ps_3_0", "sampler2D l; float4 r = tex2D(l, uv); return r + undeclared;"),
        "tex_param": _t("ps_3_0", "sampler2D l; return f(l, uv);",
                        "float4 f(sampler2D p, float2 uv) { return tex2D(p, uv); }"),
        "tex_param_null": _t("ps_3_0", "return f(NULL, uv);", "float4 f(sampler2D p, float2 uv) { return tex2D(p, uv); }"),
        "tex_param_unused": _t("ps_3_0", "sampler2D l; return f(l, uv);", "float4 f(sampler2D p, float2 uv) { return 1; }"),
        "tex3d_scalar": ("ps_3_0", "float4 main(float uv : TEXCOORD) : COLOR { sampler3D l; return tex3D(l, uv); }"),
        "tex3d_float2": _t("ps_3_0", "sampler3D l; return tex3D(l, uv);"),
        "tex_grad_3args": _t("ps_3_0", "sampler2D l; return tex2Dgrad(l, uv, uv);"),
        "tex_x4000_after": _t("ps_3_0", "sampler2D l; float4 r = tex2D(l, uv); float q; return r + q;"),
        "tex_x3523_first": _t("ps_5_0", "sampler2D l; float4 r = tex2D(s, uv); return r + tex2D(l, uv);", "sampler2D s;"),
        "tex_x3538_first": _t("ps_5_0", "sampler2D l; float4 r = tex2D(l, uv); return r + tex2D(s, uv);", "sampler2D s;"),
        "tex_x3017_after": _t("ps_3_0", "sampler2D l; float4 r = tex2D(l, uv); S s = (S)0; return s;",
                              "struct S { float a; };"),
        "tex_uncalled": _t("ps_3_0", "return 0;", "float4 f(float2 uv) { sampler2D l; return tex2D(l, uv); }"),
        "tex_static": _t("ps_3_0", "return tex2D(l, uv);", "static sampler2D l;"),
        "method_undecl_after": _t("ps_5_0", "SamplerState l; float4 r = t.Sample(l, uv); return r + undeclared;",
                                  "Texture2D t;"),
        "method_x4000_after": _t("ps_5_0", "SamplerState l; float4 r = t.Sample(l, uv); float q; return r + q;",
                                 "Texture2D t;"),
        "method_x3017_after": _t("ps_5_0", "SamplerState l; float4 r = t.Sample(l, uv); S s = (S)0; return s;",
                                 "Texture2D t;\nstruct S { float a; };"),
        "method_param": _t("ps_5_0", "SamplerState l; return f(l, uv);",
                           "Texture2D t;\nfloat4 f(SamplerState p, float2 uv) { return t.Sample(p, uv); }"),
        "method_param_unused": _t("ps_5_0", "SamplerState l; return f(l, uv);",
                                  "float4 f(SamplerState p, float2 uv) { return 1; }"),
        "method_texture_param": _t("ps_5_0", "Texture2D l; return f(l);",
                                   "float4 f(Texture2D p) { return p.Load(int3(0, 0, 0)); }"),
        "method_x3523_after": _t("ps_5_0", "SamplerState l; float4 r = t.Sample(l, uv); return r + tex2D(s, uv);",
                                 "Texture2D t; sampler2D s;"),
        "method_x3523_before": _t("ps_5_0", "SamplerState l; float4 r = tex2D(s, uv); return r + t.Sample(l, uv);",
                                  "Texture2D t; sampler2D s;"),
        "method_cmp_null": _t("ps_5_0", "return t.SampleCmp(NULL, uv, 0.5);", "Texture2D t;"),
        "method_cmp_wrong_kind": _t("ps_5_0", "SamplerState l; return t.SampleCmp(l, uv, 0.5);", "Texture2D t;"),
        "method_lod_vs": _t("vs_5_0", "SamplerState l; return t.SampleLevel(l, uv, 0);", "Texture2D t;"),
        "method_gather_undecl_arg": _t("ps_5_0", "SamplerState l; return t.Gather(l, undeclared);", "Texture2D t;"),
    }
    return [(f"sampler_{k}", tgt, src) for k, (tgt, src) in t.items()]


# --- an if statement's condition shape after its arms ------------------------------------------------------------------
def if_condition_rows() -> list[tuple[str, str, str]]:
    bodies = {
        "body_undecl": "float2 v = 0; if (v) { float y = undeclared; }",
        "else_undecl": "float2 v = 0; if (v) { } else { float y = undeclared; }",
        "body_member": "float2 v = 0; if (v) { float y = v.q; }",
        "struct_body_undecl": "S s = (S)0; if (s) { float y = undeclared; }",
        "struct2_body_undecl": "S2 s = (S2)0; if (s) { float y = undeclared; }",
        "body_ok": "float2 v = 0; if (v) { float y = 1; }",
        "body_x3013": "float2 v = 0; if (v) { float y = sin(1, 2); }",
        "body_x3017": "float2 v = 0; if (v) { S s = (S)0; float4 y = s; }",
        "nested_if": "float2 v = 0; float w = 1; if (v) { if (w) { float y = undeclared; } }",
        "nested_bad_inner": "float2 v = 0; if (w) { if (v) { float y = undeclared; } }",
        "else_if": "float2 v = 0; float w = 1; if (w) { } else if (v) { } else { float y = undeclared; }",
        "after_if_undecl": "float2 v = 0; if (v) { } float y = undeclared;",
        "while_body_undecl": "float2 v = 0; while (v) { float y = undeclared; }",
        "for_body_undecl": "float2 v = 0; for (; v; ) { float y = undeclared; }",
        "do_body_undecl": "float2 v = 0; do { float y = undeclared; } while (v);",
        "cond_undecl_body": "if (undeclared) { float y = undeclared2; }",
        "ternary": "float2 v = 0; float y = v ? 1 : undeclared;",
        "body_x4000": "float2 v = 0; if (v) { float q; float y = q + 1; }",
        "flatten_body_undecl": "float2 v = 0; [flatten] if (v) { float y = undeclared; }",
        "matrix_cond": "float2x2 m = 0; if (m) { float y = undeclared; }",
        "array_cond": "float a[2] = { 1, 2 }; if (a) { float y = undeclared; }",
        "array1_cond": "float a[1] = { 1 }; if (a) { float y = undeclared; }",
    }
    pre = "struct S { float a; };\nstruct S2 { float a; float b; };\nstatic float w = 1;"
    rows = [(f"if_{k}", "ps_5_0", pre + "\nfloat4 main() : SV_Target { " + b + " return 0; }") for k, b in bodies.items()]
    rows += [
        ("if_uncalled_body_undecl", "ps_5_0", "void f() { float2 v = 0; if (v) { float y = undeclared; } }\n"
                                              "float4 main() : SV_Target { return 0; }"),
        ("if_ps40_body_undecl", "ps_4_0", "float4 main() : SV_Target { float2 v = 0; if (v) { float y = undeclared; } "
                                          "return 0; }"),
        ("if_ps30_body_undecl", "ps_3_0", "float4 main() : COLOR { float2 v = 0; if (v) { float y = undeclared; } "
                                          "return 0; }"),
        ("if_cs_body_undecl", "cs_5_0", "[numthreads(1, 1, 1)] void main() { float2 v = 0; if (v) { float y = "
                                        "undeclared; } }"),
    ]
    return rows


# --- a syntax error inside a class leaves its methods unchecked ---------------------------------------------------------
def class_syntax_rows() -> list[tuple[str, str, str]]:
    local = {
        "op_after_this": "struct CInternal { int i; int fn() { return this.i; } CInternal getSelf() { return this; } "
                         "int operator+(int); };",
        "op_after_undecl": "struct C { int i; int fn() { return undeclared; } int operator+(int); };",
        "op_after_this_member": "struct C { int i; int fn() { return this.q; } int operator+(int); };",
        "op_after_member": "struct C { int i; int fn() { return i; } int operator+(int); };",
        "op_after_bad_call": "struct C { int i; int fn() { return sin(1, 2); } int operator+(int); };",
        "syntax_in_method": "struct C { int i; int fn() { return this.i +; } };",
        "syntax_after_method": "struct C { int i; int fn() { return undeclared; } float 2x; };",
        "stmt_undecl_before": "float a = undeclared; struct C { int i; int fn() { return this.i; } "
                              "int operator+(int); };",
        "class_op_after_this": "class K { int i; int fn() { return this.i; } int operator+(int); };",
    }
    rows = [(f"class_local_{k}", "ps_5_0", "float4 main() : SV_Target { " + b + " return 0; }")
            for k, b in local.items()]
    rows += [
        ("class_global_op_after_undecl", "ps_5_0", "struct C { int i; int fn() { return undeclared; } "
                                                   "int operator+(int); };\nfloat4 main() : SV_Target { return 0; }"),
        ("class_global_syntax_in_method", "ps_5_0", "struct C { int i; int fn() { return this.i +; } };\n"
                                                    "float4 main() : SV_Target { return 0; }"),
    ]
    return rows


# --- a string literal and a string variable as the two arms of ?: -------------------------------------------------------
def string_arm_rows() -> list[tuple[str, str, str]]:
    ps = "float4 main() : SV_Target { return 0; }"
    glob = {
        "lit_uni": ("string s1;", 'string s4 = true ? "b" : s1;'),
        "uni_lit": ("string s1;", 'string s4 = true ? s1 : "b";'),
        "static_init": ("string s1;", 'static string s4 = true ? "b" : s1;'),
        "static_const_arm": ('static const string s1 = "x";', 'string s4 = true ? "b" : s1;'),
        "uniform_cond": ("string s1; bool f;", 'string s4 = f ? "b" : s1;'),
        "undeclared_arm": ("", 'string s4 = true ? "b" : undeclared;'),
        "two_literals": ("", 'string s4 = false ? "a" : "b";'),
        "two_uniforms": ("string s1; string s2;", "string s4 = true ? s1 : s2;"),
        "cast_arm": ("string s1;", 'string s4 = true ? "b" : (string)s1;'),
        "nested": ("string s1;", 'string s4 = true ? (true ? "a" : s1) : "b";'),
        "nested_same": ("string s1;", "string s4 = true ? (true ? s1 : s1) : s1;"),
        "static_var_arm": ('static string s1 = "q";', 'string s4 = true ? "b" : s1;'),
        "const_uniform_arm": ('const string s1 = "q";', 'string s4 = true ? "b" : s1;'),
    }
    rows = [(f"str_global_{k}", "ps_5_0", (pre + "\n" if pre else "") + d + "\n" + ps) for k, (pre, d) in glob.items()]
    body = {
        "local_lit_uni": ("string s1;", 'string s4 = true ? "b" : s1;'),
        "local_uni_uni": ("string s1;", "string s4 = true ? s1 : s1;"),
        "local_var": ("", 'string s = "a"; string s4 = true ? "b" : s;'),
        "local_static_const": ('static const string k = "x";', 'string s4 = true ? "b" : k;'),
        "local_const": ("", 'const string s = "a"; string s4 = true ? "b" : s;'),
        "statement": ("string s1;", 'true ? "b" : s1;'),
        "const_uniform_global": ('const string cu = "q";', 'string s4 = true ? cu : "b";'),
        "two_literals": ("", 'string s4 = true ? "a" : "b";'),
        "shadowing_local": ('static const string k = "x";', 'string k = "y"; string s4 = true ? "b" : k;'),
    }
    rows += [(f"str_body_{k}", "ps_5_0", (pre + "\n" if pre else "") + "float4 main() : SV_Target { " + b +
              " return 0; }") for k, (pre, b) in body.items()]
    rows.append(("str_body_param", "ps_5_0", 'float4 f(string p) { string s4 = true ? "b" : p; return 0; }\n'
                                             'float4 main() : SV_Target { return f("x"); }'))
    return rows


# --- the methods nothing calls are type-checked ---------------------------------------------------------------------------
def uncalled_method_rows() -> list[tuple[str, str, str]]:
    ps = "\nfloat4 main() : SV_Target { return 0; }"
    m = {
        "undeclared": "struct C { int fn() { return j; } };" + ps,
        "member_subscript": "struct C { float a; int fn() { return a.q; } };" + ps,
        "ok": "struct C { float a; int fn() { return a; } };" + ps,
        "this_member": "struct C { float a; float fn() { return this.a; } };" + ps,
        "this_bad_member": "struct C { float a; float fn() { return this.q; } };" + ps,
        "other_called": "struct C { float a; float fn() { return a; } float g() { return undeclared; } };\n"
                        "float4 main() : SV_Target { C c = (C)0; return c.fn(); }",
        "class_call": "class K { float a; float fn() { return sin(1, 2); } };" + ps,
        "void_value": "struct C { void fn() { return 1; } };" + ps,
        "void_value_undecl": "struct C { void fn() { return undeclared; } };" + ps,
        "param_subscript": "struct C { float a; float fn(float2 x) { return x.q; } };" + ps,
        "defined_outside": "struct C { float a; float fn(); };\nfloat C::fn() { return undeclared; }" + ps,
        "static_method": "struct C { static float fn() { return undeclared; } };" + ps,
        "stage_only": "struct C { float fn(float x) { return ddx(x); } };\n[numthreads(1, 1, 1)] void main() { }",
        "missing_return": "struct C { float fn() { } };" + ps,
        "bare_return": "struct C { float fn() { return; } };" + ps,
        "x3017": "struct S { float a; };\nstruct C { float4 fn() { S s = (S)0; return s; } };" + ps,
        "bad_method_call": "struct C { float a; float fn() { return a.Foo(); } };" + ps,
        "texture_member": "struct C { Texture2D t; float4 fn() { return undeclared; } };" + ps,
        "local_struct": "float4 main() : SV_Target { struct C { int fn() { return j; } }; return 0; }",
    }
    return [(f"method_uncalled_{k}", "ps_5_0", v) for k, v in m.items()]


# --- [unroll] bounded by a local copied from a run-time value --------------------------------------------------------------
def unroll_copy_rows() -> list[tuple[str, str, str]]:
    loop = "float r = 0; [unroll] for (int i = 0; i < {b}; i++) r += 1; return r;"
    ps = {
        "copy_plus": ("int n", "int m = n + 1;", "m"),
        "copy_min": ("int n", "int m = min(n, 4);", "m"),
        "copy_capped": ("int n", "int m = n;", "m && i < 4"),
        "copy_reassigned": ("int n", "int m = n; m = 3;", "m"),
        "copy_literal": ("int n", "int m = 4;", "m"),
        "copy_and": ("int n", "int m = n & 3;", "m"),
    }
    rows = [(f"unroll_{k}", "ps_5_0", f"float4 main({p} : N) : SV_Target {{ {d} " + loop.format(b=b) + " }")
            for k, (p, d, b) in ps.items()]
    rows += [
        ("unroll_cbuffer_copy", "ps_5_0", "cbuffer B { int k; };\nfloat4 main() : SV_Target { int m = k; "
                                          + loop.format(b="m") + " }"),
        ("unroll_count_copy", "ps_5_0", "float4 main(int n : N) : SV_Target { int m = n; float r = 0; [unroll(4)] "
                                        "for (int i = 0; i < m; i++) r += 1; return r; }"),
        ("unroll_copy_no_attribute", "ps_5_0", "float4 main(int n : N) : SV_Target { int m = n; float r = 0; "
                                               "for (int i = 0; i < m; i++) r += 1; return r; }"),
    ]
    return rows


def all_rows() -> list[tuple[str, str, str]]:
    rows = void_return_rows() + sampler_rows() + if_condition_rows() + class_syntax_rows() + string_arm_rows() + \
        uncalled_method_rows() + unroll_copy_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails). Left out for CI time (each X3511 row unrolls 1,024
#: copies, ~3 s): a function called after a failing [unroll] loop is X3079 first in fxc (and here since session 48:
#: typepass.py); a copied bound
#: assigned again (``int m = n; m++;``) is X3511 in fxc (compiled here); more copy forms (``2 * n``, ``n.x``,
#: ``(int)n``, a float copy, a chain of copies, a while loop, cs_5_0, ps_4_0, a plain ``m = n``), all X3511 in fxc and
#: here; a tex2D of no sampler before such a loop (X3538 first in fxc and here).
KNOWN_DIFFERENCES: frozenset[str] = frozenset()  # (session 48: the local class's methods are probed, row met)


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    return named_params(all_rows(), _recorded(), KNOWN_DIFFERENCES)


@pytest.mark.parametrize("src, target, flags, expected", _params())
def test_verdict_matches_fxc(src, target, flags, expected):
    assert mutant_verdict(src, target, flags) == expected


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())
