"""What fxc's type check reaches: functions nothing calls (with object parameters too), method calls on
unassigned objects, template element types, const locals under compound assignment, swizzle naming sets,
primitive modifiers, effect objects in functions, and object-returning functions with early returns.

Sources: MicrosoftDocs direct3dhlsl "Per-Component Math Operations" (a swizzle uses one naming set, xyzw or
rgba, reading or writing), "Shader Type" / effects (shader variables); fxc's verdicts recorded in DXC's
SemaHLSL tests (InputPatch-const: X3025 writing a patch element in a function nothing calls; template-checks:
X3122/X3123/X3124/X3037 and X3013 for ``asb.Append()`` on an unassigned local; vector-assignments: X3014/X3017
in an uncalled function; array-index-out-of-bounds-HV-2016: a literal index out of bounds passes there; const-assign: ``c += 3.0``
on a const local passes, ``c = c + 3.0`` is X3025; vector-syntax-mix: X3018 'xgba'; varmods-syntax: X3000
``point struct``; effects-syntax: ``RenderTargetView rtv { state=foo; };`` in a function and
``PixelShadeR ps = ps1;`` from a static const shader pass; more-operators: X3004 inside a Sample call of an
uncalled function taking ``Texture2D tex[12]``), and vkd3d's Windows-verified effect-compile (a shader
variable initialised from a uniform one fails).
"""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

PS_MAIN = "\nfloat4 main() : SV_Target { return 0; }\n"


def _compile(src: str, target: str = "ps_5_0", entry: str = "main") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, entry, target, 0, 0)


def _code(src: str, target: str = "ps_5_0", entry: str = "main") -> str | None:
    """The first error number (``X3025``) of compiling ``src``, or None when it compiles."""
    try:
        _compile(src, target, entry)
    except ShaderCompileError as e:
        m = re.search(r"error (X\d+)", e.errors)
        return m.group(1) if m else e.errors
    return None


# --- functions nothing calls, object parameters included --------------------------------------------------
#: (uncalled function, fxc's error number or None)
UNCALLED = [
    ("struct V { float4 p : SV_Position; float3 n[2] : N; };\n"
     "[maxvertexcount(3)] void g(InputPatch<V, 2> pts, inout PointStream<V> s) { pts[0].n[0] = 1; }", "X3025"),
    ("struct V { float4 p : P; };\nvoid g(OutputPatch<V, 3> pts) { pts[1].p = 0; }", "X3025"),
    ("struct V { float4 p : P; };\nfloat4 g(InputPatch<V, 3> pts) { return pts[2].p; }", None),
    ("float4 g(Texture2D t) { return t.Load(); }", "X3013"),
    ("float4 g(Texture2D t) { return t.Load(int3(0, 0, 0), int2(0, 0), 1, 2); }", "X3013"),
    ("float4 g(Texture2D t) { return t.Consume(); }", "X3088"),  # fxc 10.1's number (session 35)
    ("float4 g(Texture2D t) { return t.Load(int3(0, 0, 0)); }", None),
    ("float4 g(Texture2D t, SamplerState s) { return t.Sample(s, undeclared); }", "X3004"),
    ("float4 g(Texture2D tex[12], SamplerState s, float2 c) { return tex[3].Sample(s, -dot(c, -foo)); }", "X3004"),
    ("float4 g(Texture2D tex[12], SamplerState s, float2 c) { return tex[3].Sample(s, c); }", None),
    ("void g(RWBuffer<float> u) { u[0] = float2(1, 2) + float3(1, 2, 3); }", None),  # truncation: a warning
    ("void g(AppendStructuredBuffer<float4> a) { a.Append(); }", "X3013"),
    ("struct V { float4 p : SV_Position; };\n[maxvertexcount(1)] void g(inout PointStream<V> s) { s.Append(); }",
     "X3013"),  # d3dcompiler_47 10.1: no matching 0 parameter intrinsic method
    ("void g() { float2 v = float2(0.1f); }", "X3014"),
    ("void g() { float3 a = 0; float4 b = a; }", "X3017"),
    # a declaration that fails for another reason is passed over, and the check goes on after it
    ("void g() { Texture2D t; float4 e = t.Load(int3(0, 0, 0)); float2 f = float2(); }", "X3014"),
    # a literal index past an array's bound is no type-check error here: DXC's array-index-out-of-bounds-HV-2016
    # records fxc passing it in ``void dead()``; array-index-out-of-bounds's X3504 for the same lines was typed by
    # hand for ``main`` as the entry point (tools/dxc_sema.HAND_ARGS), so the two records agree
    ("void g() { int a[2]; a[-1] = 0; a[2] = 0; }", None),
    ("void g() { int a[2]; a[1] = 0; }", None),
]


@pytest.mark.parametrize("func,code", UNCALLED)
def test_uncalled_function_is_type_checked(func, code):
    assert _code(func + PS_MAIN) == code


def test_unassigned_object_method_type_error_comes_first():
    """fxc's type check (X3013) precedes its flow analysis (X4000): DXC template-checks."""
    for body, code in [("AppendStructuredBuffer<float4> asb; asb.Append();", "X3013"),
                       ("AppendStructuredBuffer<float4> asb; asb.Append(1, 2);", "X3013"),
                       ("Texture2D t; t.Nope(0);", "X3088"),
                       ("Texture2D t; float4 x = t.Load(int3(0, 0, 0));", "X4000")]:
        assert _code("float4 main() : SV_Target { " + body + " return 0; }") == code, body


#: (global declaration, fxc's error number): the element type of a vector, matrix or typed resource
TEMPLATE_ELEMENTS = [
    ("vector<SamplerState, 2> v;", "X3122"),
    ("matrix<SamplerState, 1, 2> m;", "X3123"),
    ("matrix<float2, 2, 2> m;", "X3123"),
    ("Texture2D<SamplerState> t;", "X3124"),
    ("Texture2D<Texture2D<float4> > t;", "X3124"),
    ("Buffer<Texture2D> b;", "X3124"),
    ("RWBuffer<double3> b;", "X3037"),
    ("Buffer<float4x2> b;", "X3037"),
    ("Texture2D<double2> t;", None),
    ("Buffer<float4> b;", None),
    ("matrix<bool, 1, 2> m;", None),
    ("vector<int, 3> v;", None),
]


@pytest.mark.parametrize("decl,code", TEMPLATE_ELEMENTS)
def test_template_element_types(decl, code):
    assert _code(decl + PS_MAIN) == code


# --- const locals ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("op,expected", [("+=", 2.0), ("-=", 2.0), ("*=", 2.0), ("/=", 2.0)])
def test_compound_assignment_on_const_local_passes(op, expected):
    """A compound assignment of constants to a const local compiles (DXC const-assign) and stores nothing: fxc
    folds it away, the local keeps 2.0 (d3dcompiler_47 10.1's listings under Wine, session 37, for each operator;
    this test expected the new value, 5.0 for ``+=``)."""
    import struct

    from pyd3d11.d3dcompiler import D3DDisassemble

    blob = _compile(f"float4 main() : SV_Target {{ const float c = 2.0; c {op} 3.0; return (float4)c; }}")
    text = bytes(D3DDisassemble(blob).GetBufferPointer()).decode(errors="replace")
    got = float(re.search(r"mov o0\.xyzw, l\(([-0-9.e]+),", text).group(1))
    assert abs(got - struct.unpack("f", struct.pack("f", expected))[0]) < 1e-6


@pytest.mark.parametrize("stmt", ["c = c + 3.0;", "c = 1;", "c.x = 1;"])
def test_plain_assignment_to_const_local_fails(stmt):
    assert _code(f"float4 main() : SV_Target {{ const float c = 2.0; {stmt} return c; }}") == "X3025"


@pytest.mark.parametrize("stmt", ["g += 1;", "g = g + 1;"])
def test_assignment_to_uniform_global_fails(stmt):
    assert _code(f"float g;\nfloat4 main() : SV_Target {{ {stmt} return g; }}") == "X3025"


# --- swizzle naming sets --------------------------------------------------------------------------------
MIXED = ["xg", "rx", "xgba", "rgbx", "xyza", "abz", "wr", "bgry"]
PURE = ["xy", "rg", "wzyx", "abgr", "x", "a", "xxxx", "rrrr"]


@pytest.mark.parametrize("swz", MIXED)
def test_mixed_swizzle_sets_fail(swz):
    read = f"float4 main() : SV_Target {{ float4 v = 1; float4 r = 0; r = v.{swz}.x; return r; }}"
    assert _code(read) == "X3018"
    uniq = "".join(dict.fromkeys(swz))
    write = f"float4 main() : SV_Target {{ float4 v = 0; v.{uniq} = 1; return v; }}"
    assert _code(write) == "X3018"


@pytest.mark.parametrize("swz", PURE)
def test_one_swizzle_set_passes(swz):
    assert _code(f"float4 main() : SV_Target {{ float4 v = 1; float4 r = 0; r = v.{swz}.x; return r; }}") is None


# --- modifiers and effect objects ------------------------------------------------------------------------
@pytest.mark.parametrize("mod", ["point", "line", "triangle", "lineadj", "triangleadj"])
def test_primitive_modifier_before_struct_definition(mod):
    """Geometry primitive types only qualify parameters (DXC varmods-syntax: ``point struct S {`` X3000)."""
    assert _code(f"{mod} struct S {{ float4 a; }};" + PS_MAIN) == "X3000"
    assert _code(f"{mod} struct S {{ float4 a; }} s;" + PS_MAIN) == "X3000"


@pytest.mark.parametrize("decl", ["RenderTargetView rtv { state=foo; };", "BlendState bs;",
                                  "DepthStencilState dss { DepthEnable = false; };", "RasterizerState rs;"])
def test_effect_object_in_function_is_ignored(decl):
    assert _code("float4 main() : SV_Target { " + decl + " return 1; }") is None


def test_shader_variable_from_static_const_shader():
    ok = ("static const PixelShader ps1 { state=foo; };\nPixelShader ps2 = ps1;" + PS_MAIN)
    assert _code(ok) is None
    bad = ("float4 f() : SV_Target { return 0; }\nPixelShader ps1 = CompileShader(ps_4_0, f());\n"
           "PixelShader ps2 = ps1;" + PS_MAIN)
    assert _code(bad) == "X3011"  # d3dcompiler_47 10.1: 'ps2': initial value must be a literal expression


# --- early returns of objects ----------------------------------------------------------------------------
PICK = ("Texture2D a : register(t3); Texture2D b : register(t5); float c;\n"
        "Texture2D pick(bool k) {{ {body} }}\n"
        "float4 main() : SV_Target {{ return pick({arg}).Load(int3(0, 0, 0)); }}\n")
BODIES = ["if (k) return a; return b;", "if (k) return a; else return b;", "if (!k) return b; return a;",
          "if (k) { return a; } { return b; }", "if (k) { if (true) return a; } return b;",
          "float x = 1; if (k) { float x = 2; if (x > 1) return a; } return b;",
          "if (k) { Texture2D t = a; return t; } Texture2D t = b; return t;"]


@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize("arg,reg", [("true", 3), ("false", 5)])
def test_object_returned_under_a_constant_condition_resolves(body, arg, reg):
    refl = D3DReflect(_compile(PICK.format(body=body, arg=arg)))
    names = [refl.GetResourceBindingDesc(i).Name for i in range(refl.GetDesc().BoundResources)]
    assert names == ["a" if reg == 3 else "b"]
    assert refl.GetResourceBindingDescByName(names[0]).BindPoint == reg


@pytest.mark.parametrize("body", BODIES[:3])
def test_object_returned_under_a_run_time_condition_fails(body):
    # d3dcompiler_47 10.1 (ps_4_0 / ps_5_0, session 44): its own bytecode validator's X8000 "Invalid operand type"
    # -- the object chosen at run time is not representable; the X3500 this row expected was inferred
    assert _code(PICK.format(body=body, arg="c > 0")) == "X8000"


# --- code-generation errors come after the type check of the arguments -----------------------------------
def test_sample_arguments_are_checked_before_the_stage_rule():
    head = "Texture2D t; SamplerState s;\nfloat4 main() : SV_Position { return t.Sample(s, %s); }"
    assert _code(head % "undeclared", "vs_5_0") == "X3004"
    assert _code(head % "float2(0, 0)", "vs_5_0") == "X4532"


# --- a missing semantic, in fxc's words -------------------------------------------------------------------
#: (entry point source, fxc's error line): fxc names the function and the parameter, whichever member of a
#: struct lacks the semantic (X3502 "'f': input parameter 'inputs' missing semantics", X3503 "'main':
#: function return value missing semantics", both from fxc's own output; an output parameter's is X3503 too,
#: "'main': output parameter 'o' missing semantics" -- d3dcompiler_47 10.1 at vs_4_0 and ps_5_0, session 44)
MISSING_SEMANTICS = [
    ("float4 main(float4 p) : SV_Target { return p; }", "X3502: 'main': input parameter 'p' missing semantics"),
    ("struct S { float4 a : A; float4 b; };\nfloat4 main(S s) : SV_Target { return s.a + s.b; }",
     "X3502: 'main': input parameter 's' missing semantics"),
    ("float4 main(inout float4 p) : SV_Target { return p; }", "X3502: 'main': input parameter 'p' missing semantics"),
    ("float4 main(float4 p : P) { return p; }", "X3503: 'main': function return value missing semantics"),
    ("struct O { float4 a : SV_Target; float4 b; };\nO main(float4 p : P) { O o; o.a = p; o.b = p; return o; }",
     "X3503: 'main': function return value missing semantics"),
    ("void main(float4 p : P, out float4 o) { o = p; }", "X3503: 'main': output parameter 'o' missing semantics"),
]


@pytest.mark.parametrize("src,text", MISSING_SEMANTICS)
def test_missing_semantic_wording(src, text):
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    assert f"error {text}" in info.value.errors, info.value.errors


# --- ?: takes numeric values only ------------------------------------------------------------------------
@pytest.mark.parametrize("decls,stmt", [
    ("struct U { float a; float3 c; }; U x, y;", "r.x = (b ? x : y).a;"),
    ("struct U { float a; float3 c; }; U x; float4 y;", "r += (float4)(b ? x : y).a;"),
    ("float4 x[2], y[2];", "r += (b ? x : y)[0];"),
    ("float4 x[2]; float4 y[8];", "r += (b ? x : y)[0];"),
    ("float x[8]; float4 y[2];", "r += (b ? x : y)[0];"),
])
def test_conditional_of_structs_and_arrays(decls, stmt):
    """DXC vector-conditional records fxc's X3020 "type mismatch between conditional values" for UDT and
    array operands, the same type on both sides included."""
    src = decls + "\nbool b;\nfloat4 main() : SV_Target { float4 r = 0; " + stmt + " return r; }"
    with pytest.raises(ShaderCompileError) as info:
        _compile(src)
    assert "error X3020: type mismatch between conditional values" in info.value.errors, info.value.errors
