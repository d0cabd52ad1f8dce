"""Accept/reject rules found by judging DXC's test corpora with Microsoft's own compiler, round 11 (session 47,
helper ACC; issue 15): the clusters of the round's new source -- the HLSL programs DXC's C++ unit tests hold
(``tools/clang/unittests/HLSL*``: string literals of CompilerTest, ValidationTest, ExtensionTest, PixTest,
DXIsenseTest, ExecutionTest ..., the programs Objects.cpp and FunctionTest.cpp generate, FunctionTest's root
signature strings) -- and the open items of round 10.

Every expected verdict (``ok`` or fxc's first error number; ``-`` for fxc's numberless internal error) in
tests/data/fxc10_verdicts_acc47.json was recorded from d3dcompiler_47 10.1 under Wine
(``pyd3d11.tools.wine_d3dcompiler``) for the programs the generators below build; the rows cover each rule's
extent, not only the lines that showed it:

* a root signature clause reads a register token only of the classes it can name: b for RootConstants, b / t / u
  for a root CBV / SRV / UAV, all four in a descriptor table's range, s for a static sampler; another letter is an
  unexpected token (X4612), a read class of the wrong kind X4617, a second register the parameter given twice
  (X4612); a float parameter (mipLODBias, minLOD, maxLOD) that is no number is fxc's numberless internal error
  (rootsig.py).
* a sampler of any kind has no methods: ``samp.Foo()`` is X3087 "SamplerState object does not have methods" after
  its arguments' errors (objmethods.has_no_methods; DXC ExtensionTest's ``samp.MySamplerOp(...)``).
* an entry point's missing or invalid count attribute (numthreads X3084 / X3655, maxvertexcount X3514) is judged
  after the type rules of the whole file -- the body's, a dead branch's, a function nothing calls -- and before the
  later phases (entryattrs.after_type_rules; DXC FunctionTest's ``void caller() { ps(1.0f); }`` as a compute entry).
* a comma expression in an array dimension or a template count folds when every operand does, to its last
  operand (``float c[(1, 2)]`` holds 2; ``(k, 2)`` of a static k is X3058; constexpr._eval; DXC DXIsenseTest).
* the groupshared limit (X4586) is judged on the variables the finished code still touches, without a position,
  after X4000 / X4575 and the attribute and type rules (memaccess.check_groupshared_total; DXC ExecutionTest).
* a method nothing calls of a class holding textures, buffers, UAVs or samplers, or implementing interfaces, is
  type-checked as one of a plain class, its object members stand-in resources (uncalled._this_value).
* a copy-out's type rule (X3025 of a literal given to an ``out`` parameter) comes before the body's X3508 of an
  output it never writes (inlining; DXC FunctionTest's ``ps(1.0f)`` of ``out float o``).
* a plain ``[unroll]`` loop bounded by a local copied from a run-time value and then updated (``m++``, ``m += k``,
  ``m = m + 1``) is X3511 as one bounded by the value; a plain constant assignment folds first (unroll._self_updates).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fxc_record_helpers import mutant_verdict, named_params

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

DATA = Path(__file__).parent / "data" / "fxc10_verdicts_acc47.json"


# --- root signature register tokens -----------------------------------------------------------------------------------
def root_signature_rows() -> list[tuple[str, str, str]]:
    sigs = {
        "cbv_s": "CBV(s2)", "srv_s": "SRV(s2)", "uav_s_space": "UAV(space=1, s2)", "cbv_s_unclosed": "CBV(s2",
        "cbv_t": "CBV(t2)", "uav_b": "UAV(b2)",
        "const_s": "RootConstants(num32BitConstants=1, s2)", "const_t": "RootConstants(num32BitConstants=1, t2)",
        "const_b_t": "RootConstants(num32BitConstants=1, b2, t3)", "const_b_b": "RootConstants(b1, num32BitConstants=1, b2)",
        "cbv_b_s": "CBV(b2, s3)", "cbv_b_t": "CBV(b2, t3)", "srv_t_u": "SRV(t2, u3)", "cbv_b_b": "CBV(b2, b3)",
        "table_cbv_s": "DescriptorTable(CBV(s2))", "table_sampler_b": "DescriptorTable(Sampler(b2))",
        "table_cbv_b_s": "DescriptorTable(CBV(b1, s2))", "sampler_t": "StaticSampler(t2)",
        "sampler_s_s": "StaticSampler(s0, s2)", "sampler_s_t": "StaticSampler(s1, t2)",
        "sampler_upper": "StaticSampler(S2)", "sampler_dup_compare": "StaticSampler(s2, ComparisonFunc = "
                                                                     "COMPARISON_NEVER, comparisonfunc = COMPARISON_LESS)",
        "bias_empty": "StaticSampler(s2, mipLODBias=)", "bias_name": "StaticSampler(s2, mipLODBias=abc)",
        "minlod_name": "StaticSampler(s2, minLOD=x)", "maxlod_comma": "StaticSampler(s2, maxLOD=, s2)",
        "bias_sign": "StaticSampler(s2, mipLODBias=-)", "bias_ok": "StaticSampler(s2, mipLODBias=-1.5)",
    }
    rows = [(f"rootsig_{k}", "ps_5_0", f'[RootSignature("{v}")]\nfloat4 main() : SV_Target {{ return 0; }}')
            for k, v in sigs.items()]
    rows += [(f"rootsig_target_{k}", "rootsig_1_1", f'#define main "{sigs[k]}"\n')
             for k in ("cbv_s", "const_t", "sampler_s_s", "bias_name")]
    return rows


# --- a sampler has no methods -----------------------------------------------------------------------------------------
def sampler_method_rows() -> list[tuple[str, str, str]]:
    main = "float4 main() : SV_Target { return %s; }"
    cases = {
        "state": ("SamplerState samp;", "samp.Foo(1)"),
        "cmp_sample": ("SamplerComparisonState samp;", "samp.Sample(1)"),
        "untyped": ("sampler samp;", "samp.GetDimensions()"),
        "sampler2d": ("sampler2D samp;", "samp.Foo()"),
        "arg_first": ("SamplerState samp;", "samp.Foo(undeclared)"),
        "array": ("SamplerState samp[2];", "samp[1].Foo()"),
        "member": ("struct S { SamplerState s; };\nS g;", "g.s.Foo()"),
        "no_call": ("SamplerState samp;", "samp.Foo"),
    }
    rows = [(f"sampler_method_{k}", "ps_5_0", f"{d}\n" + main % e) for k, (d, e) in cases.items()]
    rows += [
        ("sampler_method_uncalled", "ps_5_0", "SamplerState samp;\nvoid f() { samp.Foo(); }\n"
                                              "float4 main() : SV_Target { return 0; }"),
        ("sampler_method_ps30", "ps_3_0", "sampler1D samp;\nfloat4 main() : COLOR { samp.Foo(); return 0; }"),
        ("sampler_method_vs40", "vs_4_0", "SamplerState samp;\nfloat4 main() : SV_Position { samp.Load(0); "
                                          "return 0; }"),
    ]
    return rows


# --- a count attribute's refusal after the file's type rules ------------------------------------------------------------
def count_attribute_rows() -> list[tuple[str, str, str]]:
    v = "struct V { float4 p : SV_Position; };\n"
    gs = "void main(point V i[1], inout PointStream<V> s) "
    return [
        ("attr_nt_missing_undecl", "cs_5_0", "void main() { float a = undeclared; }"),
        ("attr_nt_missing_const", "cs_5_0", "static const float k = 1;\nvoid main() { k = 2; }"),
        ("attr_nt_missing_out_arg", "cs_5_0", "float ps(out float o) { o = 1; return o; }\nvoid main() { ps(1.0f); }"),
        ("attr_nt_missing_x3017", "cs_5_0", "void main() { float2 a = 0; float4x4 m = a; }"),
        ("attr_nt_missing_void_value", "cs_5_0", "void main() { return 1; }"),
        ("attr_nt_missing_dead", "cs_5_0", "void main() { if (false) { float a = undeclared; } }"),
        ("attr_nt_missing_uncalled", "cs_5_0", "void main() { }\nvoid g() { float a = undeclared; }"),
        ("attr_nt_missing_cs40", "cs_4_0", "void main() { float a = undeclared; }"),
        ("attr_nt_missing_x3511", "cs_5_0", "cbuffer c { int n; };\nRWBuffer<float> b;\n"
                                            "void main() { [unroll] for (int i = 0; i < n; i++) b[i] = 0; }"),
        ("attr_nt_missing_semantic", "cs_5_0", "float4 main(float4 p) { return p; }"),
        ("attr_nt_missing_x4000", "cs_5_0", "RWBuffer<float> b;\nvoid main() { float a; b[0] = a; }"),
        ("attr_nt_missing_syntax", "cs_5_0", "void main() { float a = ; }"),
        ("attr_nt_zero_undecl", "cs_5_0", "[numthreads(0,1,1)] void main() { float a = undeclared; }"),
        ("attr_nt_big_undecl", "cs_5_0", "[numthreads(64,64,1)] void main() { float a = undeclared; }"),
        ("attr_nt_z_undecl", "cs_5_0", "[numthreads(1,1,65)] void main() { float a = undeclared; }"),
        ("attr_nt_two_args_undecl", "cs_5_0", "[numthreads(1,1)] void main() { float a = undeclared; }"),
        ("attr_nt_float_undecl", "cs_5_0", "[numthreads(1.5,1,1)] void main() { float a = undeclared; }"),
        ("attr_nt_zero_x3511", "cs_5_0", "cbuffer c { int n; };\nRWBuffer<float> b;\n[numthreads(0,1,1)] "
                                         "void main() { [unroll] for (int i = 0; i < n; i++) b[i] = 0; }"),
        ("attr_gs_missing_uncalled", "gs_5_0", v + "void g() { float a = undeclared; }\n" + gs + "{ s.Append(i[0]); }"),
        ("attr_gs_zero_undecl", "gs_5_0", v + "[maxvertexcount(0)] " + gs + "{ float a = undeclared; }"),
        ("attr_gs_missing_gs40", "gs_4_0", v + gs + "{ float a = undeclared; }"),
        ("attr_gs_missing_x3502", "gs_5_0", "struct V { float4 p; };\n" + gs + "{ s.Append(i[0]); }"),
        ("attr_gs_missing_ok", "gs_5_0", v + gs + "{ s.Append(i[0]); s.Append(i[0]); }"),
        ("attr_nt_missing_rootsig40", "cs_4_0", '[RootSignature("")] void main() { float a = undeclared; }'),
        ("attr_nt_missing_rootsig40_ok", "cs_4_0", '[RootSignature("")] void main() { }'),
    ]


# --- the comma operator in a dimension or a count ----------------------------------------------------------------------
def comma_dimension_rows() -> list[tuple[str, str, str]]:
    main = "float4 main() : SV_Target {{ return {r}; }}"
    glob = {
        "global": ("float c[(1, 2)];", "c[1]"), "oob": ("float c[(1, 2)];", "c[2]"),
        "expr": ("float c[(2, 1 + 2)];", "c[2]"), "float_first": ("float c[(1.5, 2)];", "c[1]"),
        "float_last": ("float c[(1, 2.5)];", "c[1]"), "undecl": ("float c[(undeclared, 2)];", "c[1]"),
        "static_const": ("static const int k = 3;\nfloat c[(k, 2)];", "c[1]"),
        "static_var": ("static int k = 1;\nfloat c[(k, 2)];", "c[1]"),
        "zero": ("float c[(2, 0)];", "0"), "negative": ("float c[(1, -2)];", "0"),
        "vector_count": ("vector<float, (1, 2)> v;", "v.y"), "ternary": ("float c[(1 ? 2 : 3)];", "c[1]"),
        "cbuffer": ("cbuffer cb { float c[(1, 4)]; };", "c[3]"), "struct": ("struct S { float c[(1, 2)]; };\nS s;", "s.c[1]"),
        "call": ("float c[(sin(0), 2)];", "c[1]"), "assign": ("float c[(3 = 3, 2)];", "c[1]"),
        "three": ("float c[(1, 2, 3)];", "c[2]"), "no_paren": ("float c[1, 2];", "c[1]"),
    }
    rows = [(f"comma_dim_{k}", "ps_5_0", d + "\n" + main.format(r=r)) for k, (d, r) in glob.items()]
    rows += [
        ("comma_dim_local", "ps_5_0", "float4 main() : SV_Target { float c[(1, 3)] = {1, 2, 3}; return c[2]; }"),
        ("comma_dim_param", "ps_5_0", "void f(float c[(1, 2)]) {}\nfloat4 main() : SV_Target { return 0; }"),
        ("comma_dim_ps40", "ps_4_0", "float c[(1, 2)];\nfloat4 main() : SV_Target { return c[1]; }"),
    ]
    return rows


# --- groupshared memory judged on the finished code ---------------------------------------------------------------------
def groupshared_rows() -> list[tuple[str, str, str]]:
    o = "RWBuffer<uint> o;\n"
    nt = "[numthreads(64,1,1)] void main(uint i : SV_GroupIndex) "
    rw = "{ a[o[i]] = i; GroupMemoryBarrierWithGroupSync(); o[i] = a[o[i + 1]]; }"
    return [
        ("tgsm_unused", "cs_5_0", "groupshared uint a[9216];\n[numthreads(1,1,1)] void main() { }"),
        ("tgsm_used", "cs_5_0", "groupshared uint a[9216];\n" + o + nt + rw),
        ("tgsm_exact", "cs_5_0", "groupshared uint a[8192];\n" + o + nt + rw),
        ("tgsm_two_one_used", "cs_5_0", "groupshared uint a[5000];\ngroupshared uint b[5000];\n" + o + nt + rw),
        ("tgsm_two_used", "cs_5_0", "groupshared uint b[5000];\ngroupshared uint a[5000];\n" + o + nt +
         "{ a[o[i]] = i; b[o[i]] = i; GroupMemoryBarrierWithGroupSync(); o[i] = a[o[i + 1]] + b[o[i + 2]]; }"),
        ("tgsm_write_only", "cs_5_0", "groupshared uint a[9216];\n" + o + nt + "{ a[o[i]] = i; }"),
        ("tgsm_read_unused", "cs_5_0", "groupshared uint a[9216];\n" + o + nt + "{ uint x = a[o[i]]; }"),
        ("tgsm_dead_branch", "cs_5_0", "groupshared uint a[9216];\n" + o + nt + "{ if (false) a[o[i]] = 1; }"),
        ("tgsm_interlocked", "cs_5_0", "groupshared uint a[9216];\n" + o + nt + "{ InterlockedAdd(a[o[i]], 1); }"),
        ("tgsm_uncalled", "cs_5_0", "groupshared uint a[9216];\n" + o + "void f(uint i) { o[0] = a[i]; }\n"
                                    "[numthreads(1,1,1)] void main() { }"),
        ("tgsm_struct", "cs_5_0", "struct S { float4 v[1200]; };\ngroupshared S s;\ngroupshared float4 t[1000];\n"
                                  "RWBuffer<float4> o;\n" + nt + "{ s.v[o[i].x] = i; t[o[i].x] = 1; "
                                  "o[i] = s.v[o[i].y] + t[o[i].z]; }"),
        ("tgsm_used_undecl", "cs_5_0", "groupshared uint a[9216];\n" + o + nt +
         "{ a[o[i]] = i; o[i] = a[o[i + 1]] + undeclared; }"),
        ("tgsm_used_x4000", "cs_5_0", "groupshared uint a[9216];\n" + o + nt +
         "{ uint u; a[o[i]] = i; o[i] = a[o[i + 1]] + u; }"),
        ("tgsm_used_no_numthreads", "cs_5_0", "groupshared uint a[9216];\n" + o +
         "void main(uint i : SV_GroupIndex) " + rw),
        ("tgsm_cs40_unused", "cs_4_0", "groupshared uint a[4097];\n[numthreads(1,1,1)] void main() { }"),
    ]


# --- methods nothing calls of classes holding objects or implementing interfaces ------------------------------------------
def uncalled_object_method_rows() -> list[tuple[str, str, str]]:
    main = "\nfloat4 main() : SV_Target { return 0; }"
    # (``struct C { Texture2D t; float4 fn() { return undeclared; } };``: the s46 table's texture_member row)
    cases = {
        "tex_bad_method": "struct C { Texture2D t; float4 fn() { return t.Foo(); } };",
        "tex_sample_ok": "struct C { Texture2D t; SamplerState s; float4 fn(float2 uv) { return t.Sample(s, uv); } };",
        "tex_sample_args": "struct C { Texture2D t; SamplerState s; float4 fn() { return t.Sample(s); } };",
        "tex_x3017": "struct C { Texture2D t; float4 fn() { float2 a = t.Load(int3(0, 0, 0)); float4x4 m = a; "
                     "return 0; } };",
        "tex_array": "struct C { Texture2D t[2]; float4 fn() { return t[0].Load(int3(0, 0, 0)) + undeclared; } };",
        "tex_array_dyn_ok": "struct C { Texture2D t[2]; SamplerState s; float4 fn(float2 uv, int i) { "
                            "return t[i].Sample(s, uv); } };",
        "buffer_undecl": "struct C { Buffer<float4> b; float4 fn() { return b[0] + undeclared; } };",
        "sampler_undecl": "struct C { SamplerState s; float4 fn() { return undeclared; } };",
        "this_ok": "struct C { Texture2D t; SamplerState s; float4 fn(float2 uv) { return this.t.Sample(this.s, uv); } };",
        "pass_ok": "float4 g(Texture2D t, SamplerState s) { return t.Sample(s, 0); }\n"
                   "struct C { Texture2D t; SamplerState s; float4 fn() { return g(t, s); } };",
        "assign_ok": "Texture2D g;\nstruct C { Texture2D t; void fn() { t = g; } };",
        "getdims_ok": "struct C { Texture2D t; float4 fn() { uint w, h; t.GetDimensions(w, h); return w; } };",
        "iface_undecl": "interface I { float4 fn(); };\nclass C : I { float4 fn() { return undeclared; } };",
        "iface_ok": "interface I { float4 fn(); };\nclass C : I { float a; float4 g() { return a; } "
                    "float4 fn() { return g() * 2; } };",
        "iface_objects": "interface I { float4 fn(float2 uv); };\nclass C : I { Texture2D t; SamplerState s; "
                         "float4 fn(float2 uv) { return t.Sample(s, uv) + undeclared; } };",
    }
    rows = [(f"method_uncalled_{k}", "ps_5_0", v + main) for k, v in cases.items()]
    rows += [
        ("method_uncalled_rw_ok", "cs_5_0", "struct C { RWTexture2D<float4> u; void fn(uint2 p) { u[p] = 1; } };\n"
                                            "[numthreads(1,1,1)] void main() { }"),
        ("method_uncalled_beside_called", "ps_5_0", "struct C { Texture2D t; SamplerState s; float4 fn(float2 uv) { "
                                                    "return t.Sample(s, uv); } float4 gn() { return undeclared; } };\n"
                                                    "C c;\nfloat4 main(float2 uv : UV) : SV_Target { return c.fn(uv); }"),
    ]
    return rows


# --- a copy-out's type rule before the body's X3508 ------------------------------------------------------------------------
def copy_out_rows() -> list[tuple[str, str, str]]:
    f = "float ps(out float o) { return o; }\n"
    return [
        ("copyout_literal_unwritten", "ps_5_0", f + "float4 main() : SV_Target { return ps(1.0f); }"),
        ("copyout_literal_stmt", "ps_5_0", f + "float4 main() : SV_Target { ps(1.0f); return 0; }"),
        ("copyout_literal_cs", "cs_5_0", f + "[numthreads(1,1,1)] void main() { float f; ps(1.0f); }"),
        ("copyout_variable_unwritten", "ps_5_0", f + "float4 main() : SV_Target { float f; return ps(f); }"),
        ("copyout_shape_unwritten", "ps_5_0", "float ps(out float4 o) { return 1; }\n"
                                              "float4 main() : SV_Target { float2 v; return ps(v); }"),
        ("copyout_int_literal_partial", "ps_5_0", "float ps(out float2 o) { o.x = 1; return o.x; }\n"
                                                  "float4 main() : SV_Target { return ps(2); }"),
    ]


# --- an [unroll] bound copied from a run-time value and updated ---------------------------------------------------------
def unroll_update_rows() -> list[tuple[str, str, str]]:
    loop = "float r = 0; [unroll] for (int i = 0; i < m; i++) r += 1; return r; }"
    return [
        ("unroll_copy_increment", "ps_5_0", "cbuffer cb { int n; };\nfloat4 main() : SV_Target { int m = n; m++; " + loop),
        ("unroll_copy_predecrement", "ps_5_0", "float4 main(int n : N) : SV_Target { int m = n; --m; " + loop),
        ("unroll_copy_add_input", "ps_5_0", "float4 main(int n : N, int k : K) : SV_Target { int m = n; m += k; " + loop),
        ("unroll_copy_self_plus", "ps_5_0", "float4 main(int n : N) : SV_Target { int m = n; m = m + 1; " + loop),
        ("unroll_copy_set_then_add", "ps_5_0", "float4 main(int n : N) : SV_Target { int m = n; m = 2; m += 1; " + loop),
    ]


def all_rows() -> list[tuple[str, str, str]]:
    rows = root_signature_rows() + sampler_method_rows() + count_attribute_rows() + \
        comma_dimension_rows() + groupshared_rows() + uncalled_object_method_rows() + copy_out_rows() + \
        unroll_update_rows()
    assert len({r[0] for r in rows}) == len(rows), "row names are the recorded table's keys"
    return rows


#: rows where this compiler still differs from fxc (strict xfails)
KNOWN_DIFFERENCES: frozenset[str] = frozenset()


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text())


def _params():
    return named_params(all_rows(), _recorded(), KNOWN_DIFFERENCES)


@pytest.mark.parametrize("src, target, flags, expected", _params())
def test_verdict_matches_fxc(src, target, flags, expected):
    assert mutant_verdict(src, target, flags) == expected


#: fxc's own words for a root signature parameter given twice (d3dcompiler_47 10.1, session 47 probes): the register
#: is named by its clause's kind, a named parameter in fxc's spelling whatever the source's case
ROOT_SIGNATURE_WORDS = [
    ("CBV(b2, t3)", "Parameter 'shader register' can be specified only once"),
    ("StaticSampler(s2, mipLODBias=1, s2)", "Parameter 'sampler register s#' can be specified only once"),
    ("RootConstants(b10, num32BitConstants=3, b2)", "Parameter 'cbuffer register b#' can be specified only once"),
    ("StaticSampler(ComparisonFunc = COMPARISON_NOT_EQUAL, s2, ComparisonFunc = COMPARISON_ALWAYS)",
     "Parameter 'comparisonFunc' can be specified only once"),
    ("DescriptorTable(Sampler(b2))", "Incorrect register type 'b2' in Sampler/StaticSampler (expected s#)"),
]


@pytest.mark.parametrize("sig, words", ROOT_SIGNATURE_WORDS)
def test_root_signature_error_words(sig, words):
    from pyd3d11 import d3dcompiler as dc
    from pyd3d11.errors import D3D11Error

    src = f'[RootSignature("{sig}")]\nfloat4 main() : SV_Target {{ return 0; }}'
    with pytest.raises(D3D11Error) as ei:
        dc.D3DCompile(src.encode(), len(src), None, None, None, "main", "ps_5_0", 0, 0)
    assert words in str(ei.value)


#: the groupshared limit at /Od (D3DCOMPILE_SKIP_OPTIMIZATION): a variable only written still counts for nothing, one
#: read counts (d3dcompiler_47 10.1, session 47: compiled / X4586 -- without optimisation its read of unwritten memory
#: is no X4575)
OD_GROUPSHARED = [
    ("{ a[o[i]] = i; }", "ok"),
    ("{ o[i] = a[o[i]]; }", "X4586"),
]


@pytest.mark.parametrize("body, expected", OD_GROUPSHARED)
def test_groupshared_limit_at_od(body, expected):
    src = "groupshared uint a[9216];\nRWBuffer<uint> o;\n[numthreads(64,1,1)] void main(uint i : SV_GroupIndex) " + body
    assert mutant_verdict(src, "cs_5_0", 4) == expected  # 4: D3DCOMPILE_SKIP_OPTIMIZATION


def test_every_row_has_a_recorded_verdict():
    assert {r[0] for r in all_rows()} == set(_recorded())
