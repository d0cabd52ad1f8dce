"""HLSL names, declarations and constant expressions from their definitions: the reserved words of the HLSL
reference ("Reserved Words" page), redeclaration in one scope (X3003) and shadowing in nested ones,
``unsigned``/``dword`` type spellings, typedefs, overloads that differ in parameter usage, ``string``
variables, array-dimension expressions and duplicate-component l-values. Expected verdicts come from the
reference pages and from fxc's verdicts recorded in DXC's SemaHLSL tests (``fxc-error``/``fxc-pass``
annotations: matrix-syntax.hlsl, typemods-syntax.hlsl, functions.hlsl, const-expr.hlsl, string.hlsl,
vector-syntax.hlsl), never from this compiler."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

MAIN = "\nfloat4 main(float4 v : A) : SV_Target { return v; }"


def compile_src(src: str, target: str = "ps_5_0") -> None:
    D3DCompile(src, None, "t.hlsl", None, None, "main", target)


def error_of(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as e:
        compile_src(src, target)
    return e.value.errors


# --- reserved words ---------------------------------------------------------------------------------------
# The "Reserved Words" page's list, less case/default/unsigned/class which the grammar itself uses and less
# char/long/short, which Microsoft's compiler takes as names (d3dcompiler_47 10.1 under Wine, session 35:
# tests/test_rules_hlsl_fxc_verdicts_area_names.py records its verdicts; fxc's verdict wins over the page).
DOC_RESERVED = ("auto catch const_cast delete dynamic_cast enum explicit friend goto mutable new "
                "operator private protected public reinterpret_cast signed sizeof static_cast template "
                "throw try typename union using virtual").split()


@pytest.mark.parametrize("word", DOC_RESERVED)
@pytest.mark.parametrize("form", [
    "static float {w} = 1;",                                # a global
    "float f(float x) {{ float {w} = x; return {w}; }}",   # a local
    "float {w}(float x) {{ return x; }}",                   # a function
    "float f(float {w}) {{ return 1; }}",                   # a parameter
    "struct S {{ float {w}; }};",                           # a member
])
def test_reserved_words_cannot_name_anything(word, form):
    assert "X3000" in error_of(form.format(w=word) + MAIN)


@pytest.mark.parametrize("word", ["sample", "center", "Length", "string1", "autos", "newValue"])
def test_words_that_are_not_reserved_stay_identifiers(word):
    compile_src(f"float f(float x) {{ float {word} = x; return {word}; }}" + MAIN)


# --- redeclaration (X3003) and scopes -----------------------------------------------------------------------
REDEFINED = [
    "float x; float x;",
    "float x; int x;",
    "static float x = 1; float x;",
    "float x; cbuffer C { float x; }",                 # cbuffer members share the global scope
    "cbuffer A { float x; } cbuffer B { float x; }",
    "cbuffer A { float x; float x; }",
    "Texture2D t; Texture2D t;",
    "float f() { float x = 1; float x = 2; return x; }",
    "float f() { float x = 1, x = 2; return x; }",
    "float f() { { float x = 1; int x = 2; } return 0; }",
    "float f(int i) { if (i) { float y = 1; float y = 2; } return 0; }",
    "float f(int i) { while (i) { float y = 1; float y = 2; } return 0; }",
    "float f(int i) { switch (i) { case 0: float y = 1; break; default: float y = 2; break; } return 0; }",
    "struct S { float a; }; struct S { float b; };",
    "typedef float F; typedef float F;",                # even the same type (typemods-syntax.hlsl)
    "typedef float F; typedef int F;",
    "struct S { float a; }; typedef float S;",
]


@pytest.mark.parametrize("decls", REDEFINED)
def test_a_name_declared_twice_in_one_scope_is_a_redefinition(decls):
    assert "X3003" in error_of(decls + MAIN)


SHADOWING = [
    "float x; float f() { float x = 2; return x; }",              # a local hides a global
    "float f() { float x = 1; { float x = 2; } return x; }",      # an inner block hides an outer local
    "float f(int i) { float x = 1; if (i) { float x = 2; } return x; }",
    "float f(int i) { if (i) { float y = 1; } else { float y = 2; } return 0; }",  # sibling scopes
    "float f() { float y = 1; return y; } float g() { float y = 2; return y; }",
    "float f() { for (int i = 0; i < 2; i++) {} for (int j = 0; j < 2; j++) { float i = 3; } return 0; }",
    "struct S { float x; }; float x;",                             # members are not in the global scope
    "float f(float x) { return x; } float g(float x) { return x; }",
]


@pytest.mark.parametrize("decls", SHADOWING)
def test_names_in_nested_or_separate_scopes_are_new_declarations(decls):
    compile_src(decls + MAIN)


def test_the_innermost_declaration_is_the_one_read():
    src = ("static float x = 1;\nfloat4 main(float4 v : A) : SV_Target {\n"
           "  float x = 2; float r = x;\n  { float x = 3; r = r * 10 + x; }\n  return r * 10 + x; }")
    out = run_ps(src, {0: f32([[0, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 232


# --- type names -----------------------------------------------------------------------------------------------
# matrix-syntax.hlsl / vector-syntax.hlsl: `unsigned` on anything but the 32-bit int types is fxc's X3085
@pytest.mark.parametrize("decl", [
    "unsigned min16int4x3 m;", "unsigned uint3x4 m;", "unsigned min16uint4x1 m;", "unsigned float2x3 m;",
    "unsigned bool3x4 m;", "unsigned half4x1 m;", "unsigned min12int2x3 m;", "unsigned min16float3x4 m;",
    "unsigned min16int4 v;", "unsigned min12int2 v;", "unsigned float f;", "unsigned dword d;",
    "unsigned double1x2 m;",  # a double matrix is not built, but the rule comes first
])
def test_unsigned_only_modifies_int(decl):
    assert "X3085" in error_of(decl + MAIN)


@pytest.mark.parametrize("decl", ["unsigned x;", "typedef unsigned U;", "static unsigned s = 1;"])
def test_bare_unsigned_is_no_type(decl):
    # d3dcompiler_47 10.1 (session 35): X3000 at the name after a bare ``unsigned``
    assert "X3000" in error_of(decl + MAIN)


@pytest.mark.parametrize("decl", ["unsigned int x;", "unsigned int3 x;", "unsigned int2x2 x;",
                                  "dword d;", "DWORD_LIKE_NAME_IS_NOT_A_TYPE;"])
def test_int_spellings(decl):
    if decl.startswith("DWORD"):
        assert "X3000" in error_of(decl + MAIN)
    else:
        compile_src(decl + MAIN)


@pytest.mark.parametrize("name", ["dword2", "dword4", "dword3x2", "dword1x1"])
def test_dword_has_no_vector_or_matrix_forms(name):
    # matrix-syntax.hlsl: `unsigned dword3x2` is "X3000: syntax error: unexpected token 'dword3x2'"
    assert "X3000" in error_of(f"{name} d;" + MAIN)


def test_dword_is_uint():
    src = "float4 main(float4 v : A) : SV_Target { dword d = 0xFFFFFFFF; return d > 0 ? 1 : 0; }"
    out = run_ps(src, {0: f32([[0, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 1  # as an int the value would be -1


@pytest.mark.parametrize("decl", ["typedef int A[];", "typedef const int A[];", "typedef float A[2][];"])
def test_typedef_of_an_unsized_array_is_rejected(decl):
    # incomp_array_err.hlsl: "X3072: array dimensions of type must be explicit"
    assert "X3072" in error_of(decl + MAIN)


def test_typedef_of_a_sized_array_and_of_a_typedef():
    compile_src("typedef float A[2]; typedef A B; typedef float4 F4; typedef F4 G4;\n"
                "float4 main(float4 v : A) : SV_Target { B b = {1, 2}; G4 g = v; return g * b[1]; }")


# --- overloads on parameter usage -------------------------------------------------------------------------
def test_usage_makes_distinct_overloads():
    # functions.hlsl: fxc passes (uint) beside (out uint), and three usages of one type
    compile_src("void g(uint u) { } void g(out uint u) { u = 1; }\n"
                "void h(uint u) { } void h(inout uint u) { } void h(out uint u) { u = 0; }" + MAIN)


def test_same_usage_twice_is_a_second_body():
    # fxc 10.1: X3003 "redefinition of 'g'" (session 40 ACC)
    assert "X3003" in error_of("void g(out uint u) { u = 1; } void g(out uint u) { u = 2; }" + MAIN)


def test_exact_argument_over_usage_overloads_is_ambiguous():
    # functions.hlsl: `fn_uint_oload(u)` with a uint variable is fxc's X3067
    src = ("void g(uint u) { } void g(out uint u) { u = 1; }\n"
           "float4 main(float4 v : A) : SV_Target { uint u = 2; g(u); return u; }")
    assert "X3067" in error_of(src)


def test_converted_argument_prefers_the_in_overload():
    src = ("float g(uint u) { return 5; } float g(out uint u) { u = 1; return 7; }\n"
           "float4 main(float4 v : A) : SV_Target { float f = v.x; return g(f); }")
    out = run_ps(src, {0: f32([[3, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 5


OVERLOAD1 = ("float o(float f) { return 1; } double o(double f) { return 2; } int o(int i) { return 3; }\n"
             "uint o(uint i) { return 4; } min12int o(min12int i) { return 5; }\n")


@pytest.mark.parametrize("arg", ["1.5", "2", "123", "2 * 3", "-1.5"])
def test_untyped_literals_are_ambiguous_between_sibling_types(arg):
    # const-expr.hlsl: fxc's X3067 for each of these calls of overload1 (it also records `1.5 * 2`, a literal
    # float times a literal int, which this compiler types as float: not reached)
    assert "X3067" in error_of(OVERLOAD1 + f"float4 main(float4 v : A) : SV_Target {{ return o({arg}); }}")


@pytest.mark.parametrize(("arg", "expected"), [("1.5f", 1), ("1.5L", 2), ("2u", 4), ("v.x", 1)])
def test_typed_arguments_pick_their_own_overload(arg, expected):
    src = OVERLOAD1 + f"float4 main(float4 v : A) : SV_Target {{ return (float)o({arg}); }}"
    out = run_ps(src, {0: f32([[3, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == expected


# --- strings ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("init", ["true", "b2", "10", "i2", "3.14", "f2", "{ 1, 2, 3 }", "{ 'A', 'B' }"])
def test_a_string_takes_no_number(init):
    # string.hlsl: X3017 for bool/int/float literals, variables and brace lists of numbers
    src = ("static const bool b2 = false; static const int i2 = 10; static const float f2 = 3.15;\n"
           f"static const string s = {init};" + MAIN)
    assert "X3017" in error_of(src)


def test_string_variables_fxc_accepts():
    src = ('static const string s1 = "one"; string s2 = "two"; string s3 = s1;\n'
           'string s4 = "my string " "with "\n "broken up" " parts";\nstatic const string s5 = { "ABC" };\n'
           "string arr[5]; struct T { string field; };\n"
           "void hello(string message, float f) { }\n"
           "float4 main(float4 v : A) : SV_Target { string str; str = s2; string sa[5]; hello(\"a\", 1);"
           " return v; }")
    compile_src(src)


def test_a_function_cannot_return_a_string():
    assert "X3038" in error_of('string get_message() { return "foo"; }' + MAIN)


@pytest.mark.parametrize("use", ["float x = s;", "float x = \"abc\";", "int i = s;"])
def test_a_string_converts_to_no_number(use):
    assert "X3017" in error_of(f'static const string s = "a";\nfloat4 main(float4 v : A) : SV_Target {{ {use} '
                               "return v; }")


# --- array dimensions -------------------------------------------------------------------------------------
# const-expr.hlsl, fn_ice and fn_const_eval: what fxc folds in an array dimension
DIMS_OK = ["+u", "-i_neg_4", "u + 2", "u - 2", "u * 2", "u / 2", "u % 2 + 1", "u << 1", "u >> 1", "u & 0x1",
           "u | 0x1", "u ^ 0x1", "sc_One", "sc_Two", "vc_One.x", "(2 + 1) * 2"]
DIMS_BAD = ["u > 1 ? 3 : 4", "u < 1 ? 3 : 4", "u <= 1 ? 3 : 4", "u >= 1 ? 3 : 4", "u == 1 ? 3 : 4",
            "u != 1 ? 3 : 4", "u && true ? 3 : 4", "u || false ? 3 : 4", "u_var = 3", "s_One", "s_Two",
            "v_One", "vc_One", "vc_Two", "u_var"]
DIMS_DECLS = ("const uint u = 3; const int i_neg_4 = -4; uint u_var = 10;\n"
              "static uint s_One = 1; static uint s_Two = uint(s_One) + 1;\n"
              "static const uint sc_One = 1; static const uint sc_Two = uint(sc_One) + 1;\n"
              "static uint1 v_One = 1; static const uint1 vc_One = 1; static const uint1 vc_Two = uint1(vc_One) + 1;\n")


@pytest.mark.parametrize("dim", DIMS_OK)
def test_array_dimensions_fxc_folds(dim):
    compile_src(f"float4 main(float4 v : A) : SV_Target {{ {DIMS_DECLS} float a[{dim}]; a[0] = v.x; "
                "return a[0]; }")


@pytest.mark.parametrize("dim", DIMS_BAD)
def test_array_dimensions_fxc_rejects(dim):
    assert "X3058" in error_of(f"float4 main(float4 v : A) : SV_Target {{ {DIMS_DECLS} float a[{dim}]; "
                               "return v; }")


def test_an_array_dimension_has_the_folded_size():
    src = ("float4 main(float4 v : A) : SV_Target { const uint u = 3; float a[(u << 1) ^ 1]; "
           "return a.Length; }")
    out = run_ps(src, {0: f32([[0, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 7


# --- duplicate components on the left of an assignment --------------------------------------------------
@pytest.mark.parametrize("stmt", ["f.xx = 2;", "f4.xyx = 1;", "m._m00_m11_m00_m11 = m._m10_m21_m10_m21;",
                                  "m._11_11 = 1;"])
def test_duplicate_components_are_not_an_lvalue(stmt):
    # vector-syntax.hlsl / matrix-syntax.hlsl: fxc's "X3025: l-value specifies const object"
    src = f"float4 main(float4 v : A) : SV_Target {{ float f = 1; float4 f4 = v; float4x4 m = 0; {stmt} return f4; }}"
    assert "X3025" in error_of(src)


def test_character_constants_are_ints():
    # string.hlsl: fxc reads `{ 'A', 'B', 'C' }` as numbers (X3017 for a string); C gives their codes
    src = "float4 main(float4 v : A) : SV_Target { return 'A' + '\\n' + '\\\\'; }"
    out = run_ps(src, {0: f32([[0, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 65 + 10 + 92


# --- #pragma ------------------------------------------------------------------------------------------------
def _warnings(src: str) -> list[str]:
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    return compile_hlsl(src, "t.hlsl", "main", "ps_5_0").warnings


@pytest.mark.parametrize("pragma", ["foo bar", "optimize(off)", "pack(4)", "onc", "once"])
def test_an_unknown_pragma_is_a_warning_and_compilation_goes_on(pragma):
    # "#pragma Directive": a pragma the compiler does not recognise gets a warning; compilation continues. fxc knows
    # no ``#pragma once``: "warning X3568: 'once' : unknown pragma ignored" (d3dcompiler_47 10.1 under Wine, session 36)
    w = _warnings(f"#pragma {pragma}" + MAIN)
    assert len(w) == 1 and "warning X3568" in w[0] and w[0].startswith("t.hlsl(1,")


@pytest.mark.parametrize("pragma", ["pack_matrix(row_major)", "warning(disable: 3206)",
                                    "warning(once: 4000; error: 3209)"])
def test_the_documented_pragmas_are_recognised(pragma):
    assert _warnings(f"#pragma {pragma}" + MAIN) == []


def test_pragma_message_prints_its_text_and_no_warning():
    """``#pragma message`` is recognised (no X3568) and prints its text as a message line, as d3dcompiler_47 10.1
    does (session 49, PRE: ppmessage.py; tests/test_rules_preproc_s49.py)."""
    assert _warnings('#pragma message("hello")' + MAIN) == ["hello"]


def test_pragma_def_is_x3589_at_ps_5_0_unless_backwards_compatible():
    # d3dcompiler_47 10.1 under Wine (session 38): "error X3589: '#pragma def' is no longer supported on DX10+ and
    # 10level9 targets.  Use compatibility mode to allow compilation for now." -- this test said it was recognised
    # silently at ps_5_0; with D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY it is (test_rules_hlsl_fxc_preprocess_s38)
    from pyd3d11.shader.hlsl.compiler import compile_hlsl

    src = "#pragma def(vs, c0, 1, 2, 3, 4)" + MAIN
    assert "X3589" in error_of(src)
    assert compile_hlsl(src, "t.hlsl", "main", "ps_5_0", flags=0x1000).warnings == []


TRUNCATE = "\nfloat4 main(float4 v : A) : SV_Target { float3 x = v; return x.xyzz; }"


def test_pragma_warning_disable_and_error():
    # "warning pragma Directive": disable drops the warning, error reports it as an error
    assert any("X3206" in w for w in _warnings(TRUNCATE))
    assert _warnings("#pragma warning(disable: 3206)" + TRUNCATE) == []
    assert _warnings("#pragma warning(disable: 3568)\n#pragma once" + MAIN) == []
    assert "error X3206" in error_of("#pragma warning(error: 3206)" + TRUNCATE)
    assert "error X3206" in error_of("#pragma warning(disable: 1; error: 3206)" + TRUNCATE)


def test_warning_numbers_below_1000_mean_4000_plus():
    from pyd3d11.shader.hlsl.preprocessor import preprocess

    specs = preprocess("#pragma warning( disable : 4507 34; once : 4385; error : 164 )\n").warning_specs
    assert specs == {4507: "disable", 4034: "disable", 4385: "once", 4164: "error"}


# --- GetDimensions overloads per resource type --------------------------------------------------------------
# the reference's GetDimensions page of each object: (declaration, accepted argument counts)
GETDIMS = [
    ("Buffer<float4> r;", {1}), ("RWBuffer<float4> r;", {1}), ("ByteAddressBuffer r;", {1}),
    ("RWByteAddressBuffer r;", {1}), ("StructuredBuffer<float4> r;", {2}), ("RWStructuredBuffer<float4> r;", {2}),
    ("Texture1D r;", {1, 3}), ("Texture1DArray r;", {2, 4}), ("Texture2D r;", {2, 4}),
    ("Texture2DArray r;", {3, 5}), ("Texture3D r;", {3, 5}), ("TextureCube r;", {2, 4}),
    ("TextureCubeArray r;", {3, 5}), ("Texture2DMS<float4> r;", {3}), ("Texture2DMSArray<float4> r;", {4}),
    ("RWTexture1D<float4> r;", {1}), ("RWTexture1DArray<float4> r;", {2}), ("RWTexture2D<float4> r;", {2}),
    ("RWTexture2DArray<float4> r;", {3}), ("RWTexture3D<float4> r;", {3}),
]


# the buffers' forms are uint only: float out-arguments are tried on textures alone
GETDIMS_CASES = [(decl, counts, out_type) for decl, counts in GETDIMS for out_type in ("uint", "float")
                 if out_type == "uint" or not ("Buffer" in decl and "Texture" not in decl)]


@pytest.mark.parametrize(("decl", "counts", "out_type"), GETDIMS_CASES)
@pytest.mark.parametrize("n", range(7))
def test_get_dimensions_overloads(decl, counts, n, out_type):
    # a first argument of an overload with a mip level is the (in) level; the rest are out parameters
    args = ", ".join(["0"] + [f"o{i}" for i in range(1, n)]) if n and n in counts and n > min(counts) else \
        ", ".join(f"o{i}" for i in range(n))
    src = (f"{decl}\nfloat4 main(float4 v : A) : SV_Target {{ {out_type} o0 = 0, o1 = 0, o2 = 0, o3 = 0, o4 = 0, "
           f"o5 = 0; r.GetDimensions({args}); return o0 + o1; }}")
    if n in counts:
        compile_src(src)
    else:
        assert "X3013" in error_of(src)


# --- Load with a status argument (tiled-resource residency, D3D11.2): the residency form of each load
STATUS_LOADS = [
    ("Texture2D r;", "r.Load(int3(0, 0, 0), int2(1, 0), s)", "ld_s_aoffimmi(1,0,0)"),
    ("Texture2DMS<float4> r;", "r.Load(int2(0, 0), 1, int2(1, 0), s)", "ldms_s_aoffimmi(1,0,0)"),
    ("Buffer<float4> r;", "r.Load(0, s)", "ld_s"),
    ("RWTexture2D<float> r;", "r.Load(int2(0, 0), s)", "ld_uav_typed_s"),  # typed UAV loads: one 32-bit component
    ("StructuredBuffer<float4> r;", "r.Load(0, s)", "ld_structured_s"),
    ("ByteAddressBuffer r;", "(float4)r.Load(0, s)", "ld_raw_s"),
]


@pytest.mark.parametrize(("decl", "call", "op"), STATUS_LOADS)
def test_load_with_status_compiles_to_the_residency_form(decl, call, op):
    """The docs' Load(…, out uint status) overloads: the access's D3D11.2 ``*_s`` form writes the status (a second
    destination) and the program requires tiled resources (SFI0 D3D_SHADER_REQUIRES_TILED_RESOURCES, 0x100)."""
    from pyd3d11.d3dcompiler import D3DDisassemble
    from pyd3d11.shader.dxbc.container import parse_container

    src = f"{decl}\nfloat4 main(float4 v : A) : SV_Target {{ uint s; float4 x = {call}; return x + s; }}"
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    listing = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    assert any(ln.strip().startswith(op + " ") for ln in listing.splitlines()), listing
    assert parse_container(bytes(blob)).feature_flags & 0x100
    # the same loads without the status: the plain instruction, no tiled-resource requirement
    # (s initialised there: read while never assigned it would be X4000, test_rules_hlsl_uninitialized_locals.py)
    plain_src = src.replace(", s)", ")").replace("uint s;", "uint s = 0;")
    plain = D3DCompile(plain_src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert not parse_container(bytes(plain)).feature_flags & 0x100
