"""HLSL keywords as names, from their definitions (session 21, issue 15 sweep C).

MicrosoftDocs win32 direct3dhlsl "Keywords" (dx-graphics-hlsl-appendix-keywords): "Keywords are predefined
reserved identifiers that have special meanings. You can't use them as identifiers", and its Remarks expand
the numeric types bool/int/uint/float, min10float/min16float, min12int/min16int, min16uint (the page's list
also names dword, half, double) to their vector (``float1``..``float4``) and matrix (``float1x1``..``float4x4``)
keywords. fxc stops at such a word where a declaration names something: X3000 "syntax error: unexpected
token '<word>'" (DXC's SemaHLSL effects-syntax.hlsl records this for ``int PixelShader = 1;``, varmods-syntax
for ``point``). The rule holds in every position a name is declared: a global, a local, a parameter, a struct
member, a function, a typedef, a struct, a cbuffer.

Microsoft's compiler parts from the page for the numeric type keywords (d3dcompiler_47 10.1 under Wine,
session 35; its verdict wins): a local, a parameter, a struct member and a cbuffer may take such a name
(``float half = 0.5;``, ``struct S { int float; }``, ``cbuffer float { … }``); a global, a function, a
typedef and a struct may not -- there fxc reads the word as a name declared again, X3003 (session 40, every word
and position below re-checked with the DLL; the X3000 expected before was inferred from the page). The tests
below follow fxc's verdicts, recorded for every word and position.

The exceptions are DXC's record of fxc's behaviour (tools/clang/lib/Parse/ParseDecl.cpp: "'precise',
'globallycoherent', 'center' and 'sample' are keywords when used as modifiers, but in FXC they can also be
used as identifiers"): those four name variables wherever no type or modifier follows them, and keep
their modifier meaning before a type. The expected verdicts and values below come from those texts and
from arithmetic on the shader's inputs, not from this compiler.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

#: compile-only tests run once (tests/conftest.py checks that they never consult the shader backend)
compile_only = pytest.mark.backend_independent

MAIN = "\nfloat4 main(float4 v : A) : SV_Target { return v; }"

#: the positions where a declaration introduces a name
FORMS = {
    "global": "static float {w} = 1;",
    "local": "float f(float x) {{ float {w} = x; return {w}; }}",
    "parameter": "float f(float {w}) {{ return {w}; }}",
    "member": "struct S {{ float {w}; }};",
    "function": "float {w}(float x) {{ return x; }}",
    "typedef": "typedef int {w};",
    "struct": "struct {w} {{ float x; }};",
    "cbuffer": "cbuffer {w} {{ float x; }}",
}

# --- the page's type keywords ----------------------------------------------------------------------------
#: the Remarks' numeric types (plus half and double, listed on the page with their scalar link)
NUMERIC = ["bool", "int", "uint", "half", "float", "double", "min10float", "min16float", "min12int", "min16int",
           "min16uint"]
#: one scalar, one vector and one matrix keyword of each, and ``dword`` (listed bare: a scalar only)
NUMERIC_WORDS = [n + s for n in NUMERIC for s in ("", "3", "2x4")] + ["dword"]
#: every expansion of one type: 1 scalar + 4 vectors + 16 matrices (the Remarks' float example)
FLOAT_EXPANSIONS = ["float"] + [f"float{n}" for n in range(1, 5)] + \
    [f"float{r}x{c}" for r in range(1, 5) for c in range(1, 5)]
#: the object and other type keywords the page lists
OBJECT_WORDS = ("AppendStructuredBuffer BlendState Buffer ByteAddressBuffer ComputeShader ConsumeStructuredBuffer "
                "DepthStencilState DepthStencilView DomainShader GeometryShader HullShader InputPatch LineStream "
                "OutputPatch PixelShader PointStream RasterizerState RenderTargetView RWBuffer RWByteAddressBuffer "
                "RWStructuredBuffer RWTexture1D RWTexture1DArray RWTexture2D RWTexture2DArray RWTexture3D sampler "
                "SamplerState SamplerComparisonState StructuredBuffer texture Texture1D Texture1DArray Texture2D "
                "Texture2DArray Texture2DMS Texture2DMSArray Texture3D TextureCube TextureCubeArray TriangleStream "
                "VertexShader matrix string vector void").split()
#: where fxc 10.1 lets a numeric type keyword name a declaration (its verdicts, session 35)
NUMERIC_NAME_FORMS = ("local", "parameter", "member", "cbuffer")
#: keywords the grammar reads in one place only (class declarations, binding clauses, namespaces)
CLAUSE_WORDS = ["class", "interface", "namespace", "register", "packoffset"]


def _error(src: str) -> str:
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    return e.value.errors


def _unexpected(word: str, src: str) -> None:
    err = _error(src)
    assert f"error X3000: syntax error: unexpected token '{word}'" in err, err


def _redefined(word: str, src: str, form: str) -> None:
    """fxc 10.1 (session 40) reads a numeric type keyword naming a global, typedef or struct as a name declared
    again: X3003 "redefinition of 'half'"; a function's name: X3003 "'half' already defined as a type" once its
    header is read, or, where a parameter has the type of that name (``float float(float x)``), X3000
    "unrecognized identifier" at the parameter (the name is the function's by then)."""
    err = _error(src)
    if form != "function":
        want = f"error X3003: redefinition of '{word}'"
    elif "(" + word + " " in src.split("\n")[0]:
        want = f"error X3000: unrecognized identifier '{word}'"
    else:
        want = f"error X3003: '{word}' already defined as a type"
    assert want in err, err


@compile_only
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("word", NUMERIC_WORDS + CLAUSE_WORDS)
def test_numeric_type_and_clause_keywords_name_nothing(word, form):
    src = FORMS[form].format(w=word) + MAIN
    if word in NUMERIC_WORDS and form in NUMERIC_NAME_FORMS:  # fxc 10.1 compiles these (module docstring)
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    elif word in NUMERIC_WORDS:
        _redefined(word, src, form)
    else:
        _unexpected(word, src)


@compile_only
@pytest.mark.parametrize("word", FLOAT_EXPANSIONS)
def test_every_expansion_of_a_numeric_type_may_name_a_member(word):
    # fxc 10.1 compiles all 21 (session 35); a function of the name is X3003 (session 40)
    D3DCompile("struct S { int " + word + "; };" + MAIN, None, "t.hlsl", None, None, "main", "ps_5_0")
    _redefined(word, "int " + word + "() { return 1; }" + MAIN, "function")


@compile_only
@pytest.mark.parametrize("word", OBJECT_WORDS)
@pytest.mark.parametrize("form", ["member", "function", "global"])
def test_object_type_keywords_name_nothing(word, form):
    _unexpected(word, FORMS[form].format(w=word) + MAIN)


# --- fxc's contextual modifiers ---------------------------------------------------------------------------
CONTEXTUAL = ["precise", "globallycoherent", "sample", "center"]


@compile_only
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("word", CONTEXTUAL)
def test_contextual_modifiers_are_names_where_no_type_follows(word, form):
    D3DCompile(FORMS[form].format(w=word) + MAIN, None, "t.hlsl", None, None, "main", "ps_5_0")


@pytest.mark.parametrize("word", CONTEXTUAL)
def test_a_contextual_modifier_named_variable_holds_its_value(word):
    """v = (2, 5, 0, 0): the local w = v.x * 3 = 6, the member s.w = w + v.y = 11, the parameter's g(11) = 12."""
    src = (f"struct S {{ float {word}; }};\nfloat g(float {word}) {{ return {word} + 1; }}\n"
           f"float4 main(float4 v : A) : SV_Target {{ float {word} = v.x * 3; S s; s.{word} = {word} + v.y;\n"
           f"  return float4({word}, s.{word}, g(s.{word}), 0); }}")
    out = run_ps(src, {0: f32([[2, 5, 0, 0]])}, 1)[0].view(np.float32)
    assert list(out[0, :3]) == [6, 11, 12]


@compile_only
@pytest.mark.parametrize("src,target", [
    ("precise float4 main(float4 v : A) : SV_Target { precise float x = v.x * v.y; return x; }", "ps_5_0"),
    ("static precise float k = 2; float4 main(float4 v : A) : SV_Target { return v * k; }", "ps_5_0"),
    ("typedef float F; precise F g(F a) { return a; }\n"
     "float4 main(float4 v : A) : SV_Target { return g(v.x); }", "ps_5_0"),
    ("globallycoherent RWStructuredBuffer<uint> u; [numthreads(1, 1, 1)] void main() { u[0] = 1; }", "cs_5_0"),
    ("struct V { sample float4 c : C; }; float4 main(V v) : SV_Target { return v.c; }", "ps_5_0"),
])
def test_contextual_modifiers_still_modify_before_a_type(src, target):
    D3DCompile(src, None, "t.hlsl", None, None, "main", target)


@compile_only
@pytest.mark.parametrize("decl,store,line", [
    ("RWBuffer<uint> u", "u[0] = 1", "dcl_uav_typed_buffer_glc (uint,uint,uint,uint) u0"),
    ("RWTexture2D<float> u", "u[uint2(0, 0)] = 1", "dcl_uav_typed_texture2d_glc (float,float,float,float) u0"),
    ("RWStructuredBuffer<uint> u", "u[0] = 1", "dcl_uav_structured_glc u0, 4"),
    ("RWByteAddressBuffer u", "u.Store(0, 1)", "dcl_uav_raw_glc u0"),
])
def test_globallycoherent_marks_the_uav_declaration(decl, store, line):
    """The modifier sets the UAV declaration's D3D11_SB_GLOBALLY_COHERENT_ACCESS bit (listed ``_glc``); the
    runtime accepts the program. Without the modifier the bit stays clear."""
    from pyd3d11.api import D3D11CreateDevice
    from pyd3d11.d3dcompiler import D3DDisassemble
    from pyd3d11.shader.blob import blob_bytes

    for coherent in (True, False):
        src = ("globallycoherent " if coherent else "") + decl + \
            f"; [numthreads(1, 1, 1)] void main() {{ {store}; }}"
        code = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
        lines = blob_bytes(D3DDisassemble(code)).decode().splitlines()
        assert (line in lines) == coherent and (line.replace("_glc", "") in lines) != coherent, lines
        D3D11CreateDevice(None, 1, None, 0, [0xB000], 1, 7)[0].CreateComputeShader(blob_bytes(code))


# --- parameters and the function body's scope ---------------------------------------------------------------
# MicrosoftDocs "HLSL errors and warnings": ERR_REDEFINITION_FORMAL_PARAMETER 3036, "redefinition of the
# specified formal parameter" -- a local of the body's outermost block named like a parameter (the parameters
# and that block are one scope, as in C/C++); a nested block may hide a parameter like any outer name.
@compile_only
@pytest.mark.parametrize("body,code", [
    ("float a = 1; return a;", "X3036"),
    ("int a = 1; return a;", "X3036"),
    ("float b = 1, a = 2; return a + b;", "X3036"),
    ("float c = a; float a = c; return a;", "X3036"),
    ("{ float a = 1; } return a;", None),
    ("if (a > 0) { float a = 2; return a; } return a;", None),
    ("for (int i = 0; i < 2; i++) { float a = i; } return a;", None),
    ("while (a > 9) { float a = 1; return a; } return a;", None),
])
def test_a_local_of_the_outermost_block_cannot_redefine_a_parameter(body, code):
    src = "float f(float a, int k) { " + body + " }" + MAIN
    if code is None:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    else:
        assert f"error {code}:" in _error(src)


def test_a_nested_block_hides_a_parameter():
    """g(2): r = 2, then r = 2 * 100 + 10 inside the block (its own a = 10), then r * 100 + the parameter 2."""
    src = ("float g(float a) { float r = a; { float a = 10; r = r * 100 + a; } return r * 100 + a; }\n"
           "float4 main(float4 v : A) : SV_Target { return g(v.x); }")
    out = run_ps(src, {0: f32([[2, 0, 0, 0]])}, 1)[0].view(np.float32)
    assert out[0, 0] == 21002


# MicrosoftDocs "HLSL errors and warnings": ERR_COMP_GLC_INVALID 3679, "The storage class globallycoherent can only
# be used with Unordered Access View (UAV) buffers and can't be used with append/consume buffers".
@compile_only
@pytest.mark.parametrize("decl,ok", [
    ("RWBuffer<uint> u", True), ("RWBuffer<uint> u[2]", True), ("RWByteAddressBuffer u", True),
    ("RWStructuredBuffer<uint> u", True), ("RWTexture2D<float> u", True), ("RWTexture3D<float4> u", True),
    ("AppendStructuredBuffer<uint> u", False), ("ConsumeStructuredBuffer<uint> u", False),
    ("Texture2D u", False), ("Buffer<uint> u", False), ("StructuredBuffer<uint> u", False),
    ("ByteAddressBuffer u", False), ("SamplerState u", False), ("float u", False), ("uint4 u[2]", False),
])
def test_globallycoherent_only_on_uavs(decl, ok):
    src = f"globallycoherent {decl}; [numthreads(1, 1, 1)] void main() {{}}"
    if ok:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0")
    else:
        assert "error X3679:" in _error_at(src, "cs_5_0")


def _error_at(src: str, target: str) -> str:
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    return e.value.errors
