"""Storage-class and interpolation modifiers on globals, locals, struct members, functions, parameters and
typedefs: accept/reject with fxc's error numbers.

Sources: MicrosoftDocs direct3dhlsl "Variable Syntax" / "Function Parameters" / "Function Syntax" for which
modifiers exist where; fxc's verdict and error number per combination as DXC's SemaHLSL varmods-syntax test
records them (``fxc-error {{X####: …}}`` / ``fxc-pass``); the Windows-verified vkd3d cf-cond-types test for a
static const global without initialiser (accepted). Which of several errors comes first is d3dcompiler_47 10.1's
answer (session 44: DXC's notes list them by number; 6 rows rewritten to the DLL's first error).
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

MAIN = "\nfloat4 main() : SV_Target { return 0; }\n"


def _compile(src: str) -> str | None:
    """None when it compiles, else the error text."""
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    except ShaderCompileError as e:
        return e.errors
    return None


def _check(src: str, code: str | None) -> None:
    err = _compile(src)
    if code is None:
        assert err is None, err
    else:
        assert err is not None and f"error {code}" in err, (src, err)


#: global declarations (``<mods> float2 g;`` / ``= 1``) -> fxc error number, None: accepted
GLOBALS = [
    ("groupshared extern float2 g;", "X3010"), ("extern static float2 g;", "X3007"),
    ("static uniform float2 g;", "X3007"), ("static extern float g;", "X3007"),
    ("groupshared uniform float2 g;", "X3010"), ("groupshared precise uniform const float2 g;", "X3010"),
    ("volatile float2 g;", "X3008"), ("precise static volatile float2 g;", "X3008"),
    ("uniform volatile const float2 g;", "X3008"), ("extern volatile float g = 1;", "X3008"),
    ("groupshared const float2 g;", "X3012"), ("groupshared precise static const float2 g;", "X3012"),
    ("groupshared float2 g;", None), ("groupshared static float2 g;", None), ("groupshared precise float2 g;", None),
    ("static const float2 g;", None), ("static const float1x1 g;", None), ("precise static const float g = 1;", None),
    ("extern float g;", None), ("extern uniform float g = 1;", None), ("uniform const float g;", None),
    ("const float g = 1;", None), ("precise float g;", None), ("static float g = 1;", None),
    ("shared float g;", None), ("extern precise uniform float g = 1;", None),
    ("nointerpolation float2 g;", None), ("linear sample noperspective centroid center float2 g;", None),
    ("nointerpolation sample float2 g;", None), ("nointerpolation center float2 g;", None),
    ("nointerpolation linear float2 g;", "X3048"), ("nointerpolation noperspective float2 g;", "X3048"),
    ("nointerpolation centroid float2 g;", "X3048"),
    ("in float g;", "X3000"), ("out float g;", "X3000"), ("inout float g;", "X3000"), ("in out float g;", "X3000"),
]


@pytest.mark.parametrize("decl,code", GLOBALS)
def test_global_modifiers(decl, code):
    _check(decl + MAIN, code)


#: local declarations inside main
LOCALS = [
    ("groupshared extern float l;", "X3006"), ("extern static float l;", "X3006"), ("static uniform float l;", "X3047"),
    ("groupshared float l;", "X3010"), ("groupshared static const float l = 0;", "X3010"),
    ("groupshared uniform float l;", "X3047"), ("extern precise uniform float l;", "X3047"),
    ("extern float l;", "X3006"), ("extern const float l = 0;", "X3006"), ("uniform float l;", "X3047"),
    ("uniform const float l = 0;", "X3047"), ("const float l;", "X3012"), ("precise const float l;", "X3012"),
    ("volatile const float l;", "X3012"), ("nointerpolation precise shared groupshared float3 l;", "X3010"),
    ("static precise shared groupshared nointerpolation float l = 0.1;", "X3010"),
    ("static const float l;", None), ("precise static const float l;", None), ("const float l = 0;", None),
    ("precise float l;", None), ("static float l;", None), ("volatile float l;", None),
    ("nointerpolation float3 l;", None), ("linear sample noperspective centroid center float3 l;", None),
    ("nointerpolation linear float3 l;", "X3048"), ("nointerpolation centroid float3 l;", "X3048"),
    ("in float l;", "X3000"), ("out float l;", "X3000"), ("inout float l;", "X3000"),
]


@pytest.mark.parametrize("decl,code", LOCALS)
def test_local_modifiers(decl, code):
    _check(f"float4 main() : SV_Target {{ {decl} return 0; }}", code)


#: struct members
FIELDS = [
    ("groupshared extern float2 f;", "X3006"), ("extern static float2 f;", "X3006"),
    ("static uniform float2 f;", "X3047"), ("groupshared float2 f;", "X3010"),
    ("groupshared precise uniform const float2 f;", "X3035"), ("groupshared precise volatile float2 f;", "X3010"),
    ("groupshared volatile const float2 f;", "X3035"), ("groupshared const float2 f;", "X3035"),
    ("groupshared static const float2 f;", "X3010"), ("extern float2 f;", "X3006"),
    ("extern precise volatile float2 f;", "X3006"), ("extern volatile const float2 f;", "X3035"),
    ("extern const float2 f;", "X3035"), ("uniform float2 f;", "X3047"), ("volatile float2 f;", "X3008"),
    ("const float2 f;", "X3035"), ("precise float2 f;", None),
    ("nointerpolation float2 f;", None), ("nointerpolation sample float2 f;", None),
    ("linear sample noperspective centroid center float2 f;", None),
    ("nointerpolation linear float2 f;", "X3048"), ("nointerpolation noperspective float2 f;", "X3048"),
    ("in float2 f;", "X3000"), ("out float2 f;", "X3000"), ("inout float2 f;", "X3000"),
]


@pytest.mark.parametrize("decl,code", FIELDS)
def test_struct_member_modifiers(decl, code):
    _check(f"struct S {{ {decl} float pad; }};" + MAIN, code)


#: function declarations (``<mods> float fn() { return 1; }``)
FUNCTIONS = [
    ("groupshared extern", "X3006"), ("extern static", "X3006"), ("static uniform", "X3047"),
    ("groupshared precise uniform", "X3047"), ("extern precise uniform const", "X3047"), ("extern", "X3006"),
    ("uniform", "X3047"), ("groupshared precise const", "X3025"), ("precise static const", "X3025"),
    ("precise const", "X3025"), ("groupshared", None), ("groupshared static const", None), ("static", None),
    ("precise", None), ("volatile const", None), ("const", None), ("precise static volatile", None),
    ("nointerpolation", None), ("nointerpolation sample", None), ("linear sample noperspective centroid center", None),
    ("nointerpolation linear", "X3048"), ("nointerpolation centroid", "X3048"),
    ("in", "X3000"), ("out", "X3000"), ("inout", "X3000"),
]


@pytest.mark.parametrize("mods,code", FUNCTIONS)
def test_function_modifiers(mods, code):
    _check(f"{mods} float fn() {{ return 1.0f; }}" + MAIN, code)


#: parameter modifiers (``float4 foo(<mods> float4 val) { return val; }`` called from main)
PARAMS = [
    ("groupshared", "X3000"), ("extern", "X3000"), ("static", "X3000"), ("precise static", "X3000"),
    ("groupshared precise", "X3000"), ("extern uniform", "X3000"),
    ("precise", None), ("uniform", None), ("const", None), ("volatile", None), ("precise uniform volatile const", None),
    ("in", None), ("inout", None), ("in out", None),
    ("nointerpolation", None), ("nointerpolation sample", None), ("nointerpolation center", None),
    ("linear sample noperspective centroid center", None),
    ("nointerpolation linear", "X3048"), ("nointerpolation noperspective", "X3048"),
    ("nointerpolation centroid", "X3048"),
]


@pytest.mark.parametrize("mods,code", PARAMS)
def test_parameter_modifiers(mods, code):
    src = f"float4 foo({mods} float4 val) {{ return val; }}\nfloat4 main() : SV_Target {{ float4 v = 1; return foo(v); }}"
    _check(src, code)


def test_parameter_syntax_error_names_the_modifier():
    err = _compile("float4 foo(precise static float4 val) { return val; }" + MAIN)
    assert "t.hlsl(1,20): error X3000: syntax error: unexpected token 'static'" in err, err


#: typedefs: only type modifiers (const, precise, volatile, majority) and sample/center parse
TYPEDEFS = [
    ("groupshared", "groupshared"), ("extern", "extern"), ("static", "static"), ("precise static", "static"),
    ("uniform", "uniform"), ("precise uniform", "uniform"), ("nointerpolation", "nointerpolation"),
    ("linear", "linear"), ("noperspective", "noperspective"), ("centroid", "centroid"),
    ("sample noperspective", "noperspective"), ("sample centroid", "centroid"), ("in", "in"), ("out", "out"),
    ("inout", "inout"), ("precise", None), ("const", None), ("precise const", None), ("volatile", None),
    ("sample", None), ("center", None), ("sample center", None), ("snorm", None), ("unorm", None),
]


@pytest.mark.parametrize("mods,bad", TYPEDEFS)
def test_typedef_modifiers(mods, bad):
    err = _compile(f"typedef {mods} float2 T;" + MAIN)
    if bad is None:
        assert err is None, err
    else:
        assert err is not None and f"error X3000: syntax error: unexpected token '{bad}'" in err, err


def test_messages_name_the_declaration():
    assert "error X3047: 'l_uni': local variables cannot be declared 'uniform'" in \
        _compile("float4 main() : SV_Target { uniform float l_uni; return 0; }")
    assert "error X3035: 'f_con': struct/class members cannot be declared 'const'" in \
        _compile("struct S { const float f_con; };" + MAIN)
    assert "error X3007: 'g': extern global variables cannot be declared 'static'" in \
        _compile("extern static float g;" + MAIN)


#: type modifiers (row_major/column_major, snorm/unorm) on global declarations: fxc's verdicts from DXC's
#: typemods-syntax test; None: accepted
TYPE_MODS = [
    ("row_major float2x3 g;", None), ("column_major snorm float2x3 g;", None), ("unorm float2x3 g;", None),
    ("snorm float4 g;", None), ("unorm float g;", None), ("row_major unorm float2x3 g[2];", None),
    ("row_major column_major float2x3 g;", "X3048"), ("row_major column_major snorm float2x3 g;", "X3048"),
    ("row_major float2 g;", "X3077"), ("column_major unorm float2 g;", "X3077"), ("row_major float g;", "X3077"),
    ("row_major column_major float2 g;", "X3077"), ("column_major snorm float g;", "X3077"),
    ("snorm unorm float2x3 g;", "X3000"), ("unorm snorm float g;", "X3000"), ("snorm row_major float2x3 g;", "X3000"),
    ("snorm int g;", "X3085"), ("unorm uint2 g;", "X3085"), ("snorm bool g;", "X3085"),
    ("unorm matrix<float, 2, 3> g;", "X3000"), ("row_major matrix<float, 2, 3> g;", None),
    ("float2x3 column_major g;", "X3000"), ("float2x3 snorm g;", "X3000"),
    ("static row_major column_major float2x3 g = 1;", "X3048"),
]


@pytest.mark.parametrize("decl,code", TYPE_MODS)
def test_type_modifiers_on_globals(decl, code):
    _check(decl + MAIN, code)


@pytest.mark.parametrize("where", ["local", "cbuffer", "field", "param", "typedef"])
def test_type_modifier_rules_hold_in_every_declaration(where):
    """The same rules on locals, cbuffer members, struct members, parameters and typedefs."""
    def wrap(decl: str) -> str:
        return {"local": f"float4 main() : SV_Target {{ {decl} return 0; }}",
                "cbuffer": f"cbuffer C {{ {decl} }}" + MAIN,
                "field": f"struct S {{ {decl} }};" + MAIN,
                "param": f"float f({decl[:-1]}) {{ return 0; }}" + MAIN,
                "typedef": f"typedef {decl}" + MAIN}[where]
    _check(wrap("row_major float2x3 g;"), None)
    _check(wrap("row_major column_major float2x3 g;"), "X3048")
    _check(wrap("column_major float3 g;"), "X3077")
    _check(wrap("snorm unorm float g;"), "X3000")


TYPEDEF_MAJORITY = [
    ("typedef row_major float2x3 TR; typedef row_major TR T2;", None),
    ("typedef column_major float2x3 TC; typedef row_major TC T2;", "X3048"),
    ("typedef row_major float2x3 TR; typedef column_major TR T2;", "X3048"),
    ("typedef row_major float2x3 TR; typedef snorm TR T2;", "X3085"),
    ("typedef snorm float2x3 TS; typedef unorm TS T2;", "X3085"),
    ("typedef float2x3 TP; row_major TP g;", None),
]


@pytest.mark.parametrize("decls,code", TYPEDEF_MAJORITY)
def test_modifiers_on_typedef_names(decls, code):
    """A typedef keeps its majority (the other one conflicts, X3048); snorm/unorm cannot apply to a typedef
    name (X3085)."""
    _check(decls + MAIN, code)
