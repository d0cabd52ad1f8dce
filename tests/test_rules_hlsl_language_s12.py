"""Language rules found through DXC's non-Sema corpus retargeted to SM 5.0 (issue 15, session 12): valid
fxc SM 5.0 language our compiler rejected. Compile-time rules only (one run, backend-independent).

Sources per rule:
* ``vector<…>``/``matrix<…>`` element normalisation: DXC SemaHLSL typemods-syntax.hlsl, fxc's verdicts per
  line (``matrix<snorm float, 2, 3>`` accepted; a second snorm/unorm or a majority inside the brackets, or
  snorm outside ``matrix<…>``, X3000 at that token); the float-family rule of ``snorm``/``unorm`` (X3085) is
  the scalar one (DXC scalar-assignments: ``snorm bool`` X3085).
* elaborated type specifiers ``class C c;`` / ``interface I i[N];``: dxilconv's interface1.hlsl, built with
  ``fxc /T ps_5_0`` (its ``FXC command line``), declares ``interface IFace I[253];``; ``class`` and ``struct``
  are one kind of tag (C++), ``interface`` names only an interface.
* texture and sampler members of a class read in its methods: the same interface1.hlsl (``tex.Sample(samp,
  …)`` in ``First::foo``).
* truncating casts as l-values: DXC SemaHLSL more-operators.hlsl keeps ``((int3)i4).x = 1;`` (no fxc error)
  beside ``((float4)i4).x = 1;`` noted as fxc's X4555, and ``into_out_i3((int3)i4);`` passing an int4
  through a truncating cast to an out int3; derived-to-base.hlsl writes ``(Base)da1 = (Base)da2;``. The cast
  names the operand's leading components when its component types are a prefix of the operand's (a struct
  only as a struct); a converting cast stays X4555 (assignment) / X3025 (out argument).
* static data members named unqualified inside their type's methods (C++ class scope; DXC CodeGenSPIRV
  static_member_var.hlsl), a parameter or local of the same name shadowing them; and through an instance,
  ``t.M`` (C++: an instance may name a static member; DXC oo.struct.static.member.hlsl).
* in-class initialisers of static const members (``struct Test { static const uint N = 6; };``, reported
  as accepted by fxc in glslang issue 864; C++'s in-class initialiser of a const static member): the
  definition of ``S::N``, its bare name a constant for the rest of the type; a non-const one stays X3000.
* type modifiers inside a cast: DXC typemods-syntax passes ``((row_major unorm float4x4)foo)[0]`` in fxc;
  snorm/unorm keep their declaration rules there (non-float X3085, both X3000).
* local class definitions, as local struct ones (DXC CodeGenSPIRV type.class.hlsl: ``class R { float2 rVal;
  } r0;`` in a function body).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_specific  # compile-time rules: no shader runs

MAIN = "\nfloat4 main() : SV_Target { return 0; }\n"


def _compile(src: str, entry: str = "main", profile: str = "ps_5_0") -> str | None:
    """None when it compiles, else the error text."""
    try:
        D3DCompile(src, None, "t.hlsl", None, None, entry, profile)
    except ShaderCompileError as e:
        return e.errors
    return None


def _check(src: str, code: str | None, at: str | None = None) -> None:
    err = _compile(src)
    if code is None:
        assert err is None, (src, err)
    else:
        assert err is not None and f"error {code}" in err, (src, err)
        if at is not None:
            assert at in err, (src, err)


#: (declaration, fxc error code or None, text the message must contain)
TEMPLATE_NORM = [
    ("matrix<snorm float, 2, 3> g;", None, None), ("matrix<unorm float, 2, 3> g;", None, None),
    ("vector<snorm float, 2> g;", None, None), ("vector<unorm float, 4> g;", None, None),
    # a global of a half vector is X3650 below SM 6 (d3dcompiler_47 10.1, session 35)
    ("vector<unorm half, 3> g;", "X3650", "'half' type"), ("vector<snorm min16float, 2> g;", None, None),
    ("vector<snorm double, 2> g;", None, None),
    ("row_major matrix<snorm float, 2, 3> g;", None, None), ("column_major matrix<unorm float, 2, 3> g;", None, None),
    ("static const matrix<unorm float, 2, 2> g = 1;", None, None),
    ("matrix<snorm unorm float, 2, 3> g;", "X3000", "unexpected token 'unorm'"),
    ("matrix<unorm unorm float, 2, 3> g;", "X3000", "unexpected token 'unorm'"),
    ("matrix<row_major float, 2, 3> g;", "X3000", "unexpected token 'row_major'"),
    ("matrix<column_major snorm float, 2, 3> g;", "X3000", "unexpected token 'column_major'"),
    ("matrix<snorm row_major float, 2, 3> g;", "X3000", "unexpected token 'row_major'"),
    ("snorm matrix<snorm float, 2, 3> g;", "X3000", "unexpected token 'matrix'"),
    ("unorm matrix<snorm float, 2, 3> g;", "X3000", "unexpected token 'matrix'"),
    ("vector<snorm int, 2> g;", "X3085", "snorm can not be used with type"),
    ("vector<unorm uint, 2> g;", "X3085", "unorm can not be used with type"),
    ("vector<unorm bool, 2> g;", "X3085", "unorm can not be used with type"),
]


def test_template_element_normalisation():
    for decl, code, at in TEMPLATE_NORM:
        _check(decl + MAIN, code, at)


def test_template_normalised_matrix_is_usable():
    # the modifier leaves the value a float matrix: arithmetic and indexing as usual
    src = ("matrix<snorm float, 2, 2> m = {0.5, -0.5, 1, 0};\n"
           "float4 main() : SV_Target { vector<unorm float, 2> v = m[0]; return float4(v, m[1]); }\n")
    assert _compile(src) is None


TYPES = ("struct S { float a; };\nclass C { float a; float get() { return a; } };\n"
         "interface I { float f(); };\nclass K : I { float k; float f() { return k; } };\n")
#: (declaration after TYPES, fxc error code or None, text the message must contain)
ELABORATED = [
    ("struct S g;", None, None), ("class S g;", None, None), ("class C g;", None, None),
    ("class C g2[2];", None, None), ("struct C g;", None, None), ("static class C sc;", None, None),
    ("interface I g;", None, None), ("interface I g[3];", None, None), ("typedef interface I TI; TI g;", None, None),
    ("typedef class C TC; TC g;", None, None), ("float f(class C c) { return c.a; }", None, None),
    ("float f(interface I i) { return i.f(); }", None, None),
    ("class I g;", "X3000", "unexpected token 'I'"), ("interface C g;", "X3000", "unexpected token 'C'"),
    ("interface S g;", "X3000", "unexpected token 'S'"), ("class Undeclared g;", "X3000", "'Undeclared'"),
    ("interface Undeclared g;", "X3000", "'Undeclared'"),
]


def test_elaborated_class_and_interface_specifiers():
    for decl, code, at in ELABORATED:
        _check(TYPES + decl + MAIN, code, at)


def test_elaborated_specifiers_in_a_function():
    src = TYPES + ("float4 main() : SV_Target { class C lc; lc.a = 1; struct S ls; ls.a = 2; class S l2; l2.a = 3;\n"
                   "  return lc.get() + ls.a + l2.a; }\n")
    assert _compile(src) is None


def test_interface_array_through_elaborated_specifier_is_bound():
    # interface1.hlsl's shape: the array declared with the elaborated form is an interface array
    src = TYPES + "interface I arr[4];\nuint n;\nfloat4 main() : SV_Target { return arr[n].f(); }\n"
    assert _compile(src) is None


def test_class_object_members_in_methods():
    from pyd3d11.d3dcompiler import D3DCompile as compile_blob
    from pyd3d11.d3dcompiler import D3DDisassemble

    src = ("class First { float f; SamplerState samp; Texture2D<float4> tex;\n"
           "  float foo() { float4 r = tex.Sample(samp, float2(0.25, 0.75)); return r.x * f; } };\n"
           "First g;\nfloat main() : SV_Target { return g.foo(); }\n")
    blob = compile_blob(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    blob = blob[0] if isinstance(blob, tuple) else blob
    text = bytes(D3DDisassemble(blob, len(blob), 0, None)).decode()
    # the member texture and sampler are the instance's resources (the only ones declared)
    assert "dcl_resource_texture2d (float,float,float,float) t0" in text and "dcl_sampler s0" in text
    assert "t0.xyzw, s0" in text


TRUNC_DECLS = """
struct Base { int i; };
struct Derived : Base { int j; };
struct Pair { float a; float b; };
struct Triple { float a; float b; float c; };
void set3(out int3 v) { v = int3(7, 8, 9); }
uint vec_trunc() { int4 i4 = 1; ((int3)i4).z = 5; return i4.z * 100 + i4.w; }
uint vec_trunc_out() { int4 i4 = 1; set3((int3)i4); return i4.x * 1000 + i4.y * 100 + i4.z * 10 + i4.w; }
uint scalar_of_vec() { float2 v = 3; (float)v = 4; return (uint)(v.x * 10 + v.y); }
uint array_trunc() { float a[4] = {1, 2, 3, 4}; float b[2] = {8, 9}; (float[2])a = b;
                     return (uint)(a[0] * 1000 + a[1] * 100 + a[2] * 10 + a[3]); }
uint derived_as_base() { Derived d; d.i = 1; d.j = 2; Base b; b.i = 7; (Base)d = b; return d.i * 10 + d.j; }
uint struct_prefix() { Triple t = {1, 2, 3}; Pair p = {5, 6}; (Pair)t = p; return (uint)(t.a * 100 + t.b * 10 + t.c); }
"""


def test_truncating_casts_are_lvalues_of_the_leading_components():
    from test_rules_hlsl_types import run_words

    got = [int(w) for w in run_words(["vec_trunc()", "vec_trunc_out()", "scalar_of_vec()", "array_trunc()",
                                      "derived_as_base()", "struct_prefix()"], TRUNC_DECLS)]
    # only the leading components change; the rest keep their values
    assert got == [501, 7891, 43, 8934, 72, 563]


#: (statement in a function body, fxc error code)
NOT_LVALUE_CASTS = [
    ("int4 i4 = 1; ((float3)i4).x = 1;", "X4555"),    # converts int -> float
    ("float4 f4 = 1; ((int2)f4).x = 1;", "X4555"),
    ("int2 i2 = 1; ((int3)i2).x = 1;", "X3017"),      # widening is no cast at all
    ("struct P2 { float a; float b; }; float4 v = 0; ((P2)v).a = 1;", "X4555"),  # vector as struct: a value
    ("struct P2 { float a; int b; }; struct P3 { float a; float b; float c; }; P3 t = (P3)0; ((P2)t).a = 1;",
     "X4555"),                                          # not a component-type prefix
]


def test_non_prefix_casts_are_not_lvalues():
    for body, code in NOT_LVALUE_CASTS:
        _check(f"float4 main() : SV_Target {{ {body} return 0; }}", code)


def _run_ps(src: str) -> float:
    import numpy as np

    from pyd3d11.shader.dxbc.container import parse_container
    from pyd3d11.shader.dxbc.decoder import decode_program
    from pyd3d11.shader.exec import run_program
    from pyd3d11.shader.exec.bindings import Bindings

    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))
    chunk = next(c for c in parse_container(blob).chunks if c.fourcc in ("SHDR", "SHEX"))
    out = run_program(decode_program(chunk.data), 1, bindings=Bindings()).outputs[0]
    return float(out.view(np.float32)[0][0])


#: (declarations, entry body, expected red) — values computed by hand from C++'s scope rule
STATIC_IN_METHODS = [
    ("struct S { static const float k; float f() { return k * 2; } }; static const float S::k = 3;",
     "S s; return s.f();", 6.0),
    ("struct S { static float k; float f() { k = k + 1; return k; } }; float S::k = 4;",
     "S s; float a = s.f(); return a + S::k;", 10.0),                     # the method writes the global
    ("struct S { static const float k; float f(float k) { return k; } }; static const float S::k = 3;",
     "S s; return s.f(7);", 7.0),                                         # a parameter shadows
    ("struct S { static const float k; float f() { float k = 5; return k; } }; static const float S::k = 3;",
     "S s; return s.f();", 5.0),                                          # a local shadows
    ("class B { static const float k; float g() { return k; } }; static const float B::k = 2;\n"
     "class D : B { float h() { return k + 1; } };", "D d; return d.h();", 3.0),  # inherited static
]


def test_static_members_named_in_methods():
    for decls, body, want in STATIC_IN_METHODS:
        got = _run_ps(decls + "\nfloat4 main() : SV_Target { " + body + " }\n")
        assert got == want, (decls, got)


STATIC_VIA_INSTANCE = [
    ("struct T { static float4 M; int v; }; float4 T::M = float4(1, 2, 3, 4);", "T t; return t.M.y;", 2.0),
    ("struct T { static float4 M; int v; }; float4 T::M = 0;", "T t; t.M = float4(5, 6, 7, 8); return T::M.z;", 7.0),
    ("struct S { float a; float4 b; }; struct T { static S N; }; S T::N = {5, 1, 2, 3, 4};",
     "T t; t.N.b.x += 10; return T::N.b.x + t.N.a;", 16.0),
    ("struct T { static const float U; }; static const float T::U = 2.5;", "T t; return t.U * 2;", 5.0),
    ("class B { static float k; float g() { return 0; } }; float B::k = 3;\nclass D : B { float h() { return 1; } };",
     "D d; d.k = d.k + 1; return B::k;", 4.0),
]


def test_static_members_through_an_instance():
    for decls, body, want in STATIC_VIA_INSTANCE:
        got = _run_ps(decls + "\nfloat4 main() : SV_Target { " + body + " }\n")
        assert got == want, (decls, body, got)


def test_unknown_member_through_an_instance_stays_x3018():
    err = _compile("struct T { static float M; int v; }; float T::M = 1;\n"
                   "float4 main() : SV_Target { T t; return t.Q; }\n")
    assert err is not None and "X3018" in err


LOCAL_CLASSES = [
    ("class R { float2 v; } r0; r0.v = float2(1, 2); return r0.v.x + r0.v.y;", 3.0),
    ("class R { float2 v; }; R r1; r1.v = 4; return r1.v.y;", 4.0),
    ("class R { float2 v; } a, b; a.v = 1; b.v = a.v * 5; return b.v.x + a.v.y;", 6.0),
    ("class R { float k; float twice() { return k * 2; } } r; r.k = 1.5; return r.twice();", 3.0),
    ("class N {}; N n; return 7;", 7.0),
]


def test_local_class_definitions():
    for body, want in LOCAL_CLASSES:
        got = _run_ps("float4 main() : SV_Target { " + body + " }\n")
        assert got == want, (body, got)


IN_CLASS_INIT = [
    ("struct S { static const int FIVE = 5; static const int SIX; }; const int S::SIX = 6;",
     "return S::FIVE + S::SIX;", 11.0),
    ("class T { static const int FIVE = 5; float f() { return FIVE * 2; } };", "T t; return t.f() + T::FIVE;", 15.0),
    ("struct B { static const uint N = 4; float4 c[N]; };", "B b; return b.c.Length;", 4.0),
    ("struct B { static const uint N = 3; float4 c[N]; }; struct D : B { float4 a; };",
     "D d; return d.c.Length + B::N;", 6.0),
    ("struct P { static const float HALF = 0.5, TWO = 2; };", "return P::HALF * P::TWO + P::TWO;", 3.0),
    ("static const int N = 9; struct S { static const int N = 2; float a[N]; };",
     "S s; return N * 10 + s.a.Length;", 92.0),                           # the bare name is the type's only inside it
]


def test_in_class_initialised_static_const_members():
    for decls, body, want in IN_CLASS_INIT:
        got = _run_ps(decls + "\nfloat4 main() : SV_Target { " + body + " }\n")
        assert got == want, (decls, body, got)


@pytest.mark.parametrize("decls,body,code", [
    ("struct S { static int K = 3; };", "return 0;", "X3009"),  # only a const member takes one (fxc 10.1: X3009)
    ("struct S { static const int K = 3; }; const int S::K = 4;", "return 0;", "X3003"),  # defined twice
    ("struct S { static const int K = 3; };", "return K;", "X3004"),          # no bare name outside the type
])
def test_in_class_initialiser_rejections(decls, body, code):
    _check(decls + "\nfloat4 main() : SV_Target { " + body + " }\n", code)


CAST_MODS = [
    ("((row_major unorm float4x4)foo)[0].y", 2.0), ("((column_major snorm float4x4)foo)[1].x", 5.0),
    ("((snorm float4)v).z", 3.0), ("((unorm float)v.w)", 4.0), ("((const float2)v).y", 2.0),
    ("((snorm int4)v).x", "X3085"), ("((unorm uint)v.x)", "X3085"), ("((snorm unorm float4)v).x", "X3000"),
]


def test_type_modifiers_in_casts():
    decls = "static const row_major float4x4 foo = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};\n"
    for e, want in CAST_MODS:
        src = decls + "float4 main() : SV_Target { float4 v = float4(1, 2, 3, 4); return " + e + "; }\n"
        if isinstance(want, str):
            _check(src, want)
        else:
            got = _run_ps(src)
            assert got == want, (e, got)


DERIVED_STRUCTS = [
    ("struct A { float4 a; void Init(A o) { a = o.a; } };\nstruct B : A { float4 b; };",
     "B b; b.b = 1; A x; x.a = float4(2, 3, 4, 5); b.Init(x); return b.a.y + b.b.x;", 4.0),
    ("struct A { float k; float get() { return k; } };\nstruct B : A { float m; };\nstruct C : B { float n; };",
     "C c; c.k = 6; c.m = 1; c.n = 2; return c.get() + c.m + c.n;", 9.0),
    ("struct A { float k; float get() { return k; } };\nstruct B : A { float k2; float get() { return k2; } };",
     "B b; b.k = 1; b.k2 = 7; return b.get();", 7.0),                   # the derived method hides the base one
]


def test_struct_deriving_from_a_struct_with_methods():
    for decls, body, want in DERIVED_STRUCTS:
        got = _run_ps(decls + "\nfloat4 main() : SV_Target { " + body + " }\n")
        assert got == want, (decls, got)


STATIC_METHODS = [
    ("struct Helper { static float GetValue() { return 1.5; } };", "return Helper::GetValue();", 1.5),
    ("struct P { float a; static P Make(float v) { P p; p.a = v * 2; return p; } };",
     "P p = P::Make(3); return p.a;", 6.0),
    ("class K { float k; static float Twice(float x) { return x * 2; } float Get() { return Twice(k); } };",
     "K o; o.k = 4; return o.Get() + K::Twice(1);", 10.0),             # also called unqualified from a method
    ("struct S { static const float F; static float GetF() { return F; } }; static const float S::F = 7;",
     "return S::GetF();", 7.0),                                        # a static method reading a static member
]


def test_static_member_functions():
    for decls, body, want in STATIC_METHODS:
        got = _run_ps(decls + "\nfloat4 main() : SV_Target { " + body + " }\n")
        assert got == want, (decls, got)


def test_non_static_method_through_the_type_is_rejected():
    err = _compile("struct S { float a; float Get() { return a; } };\n"
                   "float4 main() : SV_Target { return S::Get(); }\n")
    assert err is not None and "X3000" in err


def test_msvc_infinity_literal():
    from test_rules_hlsl_types import run_words

    got = [int(w) for w in run_words(["asuint(1.#INF)", "asuint(-1.#INF)", "asuint(1.#INF.xxx).z",
                                      "asuint((half)1.#INF)"])]
    assert got == [0x7F800000, 0xFF800000, 0x7F800000, 0x7F800000]
    for bad, at in [("1.#", "#"), ("1.#IN", "#"), ("0.#INF", "#"), ("1#INF", "#"), ("1.#INFI", "'I'")]:
        _check("float4 main() : SV_Target { float f = " + bad + "; return f; }\n", "X3000", at)


def test_aggregate_casts_into_column_matrices_need_every_component():
    # the Windows-verified shader test cast-componentwise-compatible: (float4x1) of a 5-element array or
    # struct fails below SM 6, (int1x4) of one truncates (kept after a session-12 attempt to relax it)
    decl = "struct apple { float3 aa; float2 bb; };\nfloat4 main() : SV_Target { float arr[5] = {1, 2, 3, 4, 5}; " \
           "struct apple a = {1, 2, 3, 4, 5}; "
    # d3dcompiler_47 10.1 (session 40, helper MUT): the numberless "internal error: invalid sequence/cast expression"
    for cast in ("(float4x1)arr", "(float4x1)a"):
        err = _compile(decl + f"float4x1 m = {cast}; return 0; }}\n")
        assert err is not None and "internal error: invalid sequence/cast expression" in err, err
    _check(decl + "int1x4 m = (int1x4)arr; return float4(m); }\n", None)
