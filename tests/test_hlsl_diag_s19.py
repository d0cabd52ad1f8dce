"""fxc's diagnostics: ranges, X4575 after the "potentially uninitialized" warning, the order of an assignment's
sides (issue 15, session 19, helper HL22).

Rules and their sources:

* **Ranges** (diagnostics.py): fxc prints ``file(line,col-end)`` for a construct longer than one character, the
  end column inclusive — DXC issue 5040 ``    return b.Load(X);`` at ``(7,12-20)`` (``b`` … ``)``); 10x issue
  2034 ``(8,16-21): error X3004: undeclared identifier 'vertex'``; RPCS3 issue 1388 ``(81,9-50): error X3004:
  undeclared identifier 'textureLod'`` for a call (the whole call), with Kode/krafix issue 44 the wording of a
  call's X3004 (``undeclared identifier 'tex2DLod'``). A one-character construct prints its column alone, as do
  syntax errors (HL18's record ``(8,19): error X3000: syntax error: unexpected token 'Texture'``).
* **X4575** (uninit.py): DXC issue 5040 records fxc on ``uint X; return b.Load(X);``:
  ``warning X4000: use of potentially uninitialized variable (X)`` then ``error X4575: reading uninitialized
  value``, both at the load's range. d3dcompiler_47 10.1 under Wine (session 45) answers so at shader model 5.1
  only, for any operation on the undefined value (an address, a stored or added value alike); at ps_4_0 / ps_5_0 /
  cs_5_0 / vs_5_0 every one of these is the error X4000 of DXC issue 2419. With /WX (or ``#pragma warning(error:
  4000)``) the warning is the error that ends the compile; ``#pragma warning(disable: 4000)`` leaves X4575 alone.
* **Assignment order**: the right side is evaluated first, then the target's indices (C++17 [expr.ass], for
  ``=`` and ``op=``; HLSL leaves it unspecified, hlsl-specs issue 79; clang/DXC emit the right side first). Before,
  ``a[i++] = i`` indexed first but ``b[j] = j++`` read the right side first.
"""

from __future__ import annotations

import pytest
from hlsl_rules_s18_kit import check_rows, cs_rows

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.hlsl.diagnostics import HlslError, Pos, place


def _errors(src: str, target: str = "ps_5_0", flags: int = 0) -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0)
    except ShaderCompileError as exc:
        return exc.errors
    return ""


# --- the range format ------------------------------------------------------------------------------------------
@pytest.mark.backend_independent
@pytest.mark.parametrize("line,col,end,text", [
    (7, 12, 20, "7,12-20"), (8, 16, 21, "8,16-21"), (62, 34, 0, "62,34"), (3, 5, 5, "3,5"), (3, 5, 4, "3,5"),
])
def test_place_prints_a_range_only_past_the_start(line: int, col: int, end: int, text: str):
    assert place(line, col, end) == text
    assert HlslError("f", line, col, 3004, "m", end=end).text() == f"f({text}): error X3004: m"
    assert Pos("f", line, col, end).error("m", 3004).text() == f"f({text}): error X3004: m"


_HEAD = "float4 main(float4 a : A) : SV_Target\n{\n"

#: (statement on line 3, the diagnostic's expected start) — the range is the construct's text, last column inclusive
_RANGES = [
    ("    return a + vertex;", "(3,16-21): error X3004: undeclared identifier 'vertex'"),  # 10x issue 2034's width
    ("\treturn a * q;", "(3,13): error X3004: undeclared identifier 'q'"),  # one character: no range
    ("    return undefined_fn(a, 1);", "(3,12-29): error X3004: undeclared identifier 'undefined_fn'"),
    ("    return textureLod(a, 1) * 2;", "(3,12-27): error X3004: undeclared identifier 'textureLod'"),
    ("    return g(a.x).xxxx;", "(3,12-17): error X3004: undeclared identifier 'g'"),  # the call, not the swizzle
    ("    float x; a.x += x;", "(3,14-21): error X4000: variable 'x' used without having been completely "
                               "initialized"),
    ("    float u; return a + u * 2;", "(3,25-29): error X4000: variable 'u' used without having been "
                                       "completely initialized"),
    ("    float u; return a + u * 22.5;", "(3,25-32): error X4000: variable 'u' used without having been "
                                          "completely initialized"),  # ends at the last character of `22.5`
    ("    float u; return a + u * a.xyzw;", "(3,25-34): error X4000: variable 'u' used without having been "
                                            "completely initialized"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("stmt,expected", _RANGES)
def test_the_range_of_the_diagnosed_construct(stmt: str, expected: str):
    assert _errors(_HEAD + stmt + "\n    return a;\n}\n").startswith("t.hlsl" + expected)


@pytest.mark.backend_independent
def test_a_user_function_call_x3004_spans_the_call():
    src = "float f(float x);\nfloat4 main(float4 a : A) : SV_Target\n{\n    return f2(a.x, 3);\n}\n"
    assert _errors(src).startswith("t.hlsl(4,12-21): error X3004: undeclared identifier 'f2'")


@pytest.mark.backend_independent
def test_syntax_errors_keep_the_start_column_alone():
    assert _errors(_HEAD + "    return a +* vertex;\n}\n").startswith("t.hlsl(3,15): error X3000:")


@pytest.mark.backend_independent
def test_a_range_across_lines_prints_its_start():
    # the construct ends on a later line: no one-line range to print (inferred: fxc's multi-line form unrecorded)
    assert _errors(_HEAD + "    float u; return a + u *\n        2;\n}\n").startswith("t.hlsl(3,25): error X4000:")


# --- X4575: an undefined memory address -------------------------------------------------------------------------
_WARN = "warning X4000: use of potentially uninitialized variable ({})"
_X4575 = "error X4575: reading uninitialized value"

#: (declarations, statements of `main` (line 4 is the first), target, the local, its expected range on line 4)
_ADDRESS = [
    ("ByteAddressBuffer b;", "float main() : SV_Target {\n    uint X;\n    return b.Load(X);\n}", "ps_5_0", "X",
     "12-20"),  # DXC issue 5040's shader and fxc's range
    ("ByteAddressBuffer b;", "uint2 main() : SV_Target {\n    uint o;\n    return b.Load2(o);\n}", "ps_5_0", "o",
     "12-21"),
    ("Buffer<float> b;", "float main() : SV_Target {\n    int i;\n    return b.Load(i);\n}", "ps_5_0", "i", "12-20"),
    ("Buffer<float> b;", "float main() : SV_Target {\n    int i;\n    return b[i];\n}", "ps_5_0", "i", "12-15"),
    ("StructuredBuffer<float> sb;", "float main() : OUT {\n    int j;\n    return sb[j];\n}", "vs_5_0", "j", "12-16"),
    ("Texture2D t;", "float4 main() : SV_Target {\n    int3 c;\n    return t.Load(c);\n}", "ps_5_0", "c", "12-20"),
    ("RWBuffer<uint> b;", "[numthreads(1,1,1)] void main() {\n    uint x;\n    b[x] = 1;\n}", "cs_5_0", "x", "5-12"),
    ("RWByteAddressBuffer b;", "[numthreads(1,1,1)] void main() {\n    uint a;\n    b.Store(a, 7);\n}", "cs_5_0",
     "a", "5-17"),
    ("RWByteAddressBuffer b;", "[numthreads(1,1,1)] void main() {\n    uint a;\n    b.InterlockedAdd(a, 1);\n}",
     "cs_5_0", "a", "5-26"),
    ("RWByteAddressBuffer b;", "[numthreads(1,1,1)] void main() {\n    uint a; uint o;\n    b.InterlockedAdd(a, 1, o);"
     "\n    b.Store(0, o);\n}", "cs_5_0", "a", "5-29"),  # imm_atomic_iadd: the address is its third operand
    ("RWBuffer<uint> b;", "[numthreads(1,1,1)] void main() {\n    uint a; uint o;\n    InterlockedMax(b[a], 5, o);"
     "\n    b[1] = o;\n}", "cs_5_0", "a", "5-30"),
    ("RWStructuredBuffer<uint> s;", "[numthreads(1,1,1)] void main() {\n    uint e;\n    s[e] = 3;\n}", "cs_5_0",
     "e", "5-12"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decls,body,target,name,span", _ADDRESS)
def test_an_undefined_address_is_warning_x4000_then_x4575_at_5_1(decls: str, body: str, target: str, name: str,
                                                                    span: str):
    src = f"{decls}\n{body}\n"
    assert _errors(src, target[:3] + "5_1") == \
        (f"t.hlsl(4,{span}): {_WARN.format(name)}\nt.hlsl(4,{span}): {_X4575}\n")


@pytest.mark.backend_independent
@pytest.mark.parametrize("decls,body,target,name,span", _ADDRESS)
def test_an_undefined_address_is_x4000_below_5_1(decls: str, body: str, target: str, name: str, span: str):
    text = _errors(f"{decls}\n{body}\n", target)
    assert f"t.hlsl(4,{span}): error X4000: variable '{name}' used without having been completely initialized\n" \
        in text
    assert "X4575" not in text and "potentially" not in text


#: an undefined value that is no address: the error X4000 (DXC issue 2419), no X4575
_NOT_ADDRESS = [
    ("RWBuffer<uint> b;", "[numthreads(1,1,1)] void main() {\n    uint x;\n    b[0] = x;\n}", "cs_5_0", "x"),
    ("RWByteAddressBuffer b;", "[numthreads(1,1,1)] void main() {\n    uint v;\n    b.Store(0, v + 1);\n}",
     "cs_5_0", "v"),
    ("ByteAddressBuffer b;", "uint main() : SV_Target {\n    uint k;\n    return b.Load(4) + k;\n}", "ps_5_0", "k"),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decls,body,target,name", _NOT_ADDRESS)
def test_an_undefined_value_stored_or_added_stays_x4000(decls: str, body: str, target: str, name: str):
    text = _errors(f"{decls}\n{body}\n", target)
    assert f"error X4000: variable '{name}' used without having been completely initialized" in text
    assert "X4575" not in text and "potentially" not in text
    assert _errors(f"{decls}\n{body}\n", target[:3] + "5_1").endswith(f"{_X4575}\n")  # 5.1: X4575 as well


@pytest.mark.backend_independent
def test_defined_on_some_path_is_no_address_error():
    src = ("ByteAddressBuffer b;\nuint main(uint c : C) : SV_Target {\n    uint X;\n    if (c) X = 8;\n"
           "    return b.Load(X);\n}\n")
    assert _errors(src) == ""


_ISSUE_5040 = "ByteAddressBuffer b;\nfloat main(uint a : A) : SV_Target\n{\n    uint X;\n    return b.Load(X);\n}\n"


@pytest.mark.backend_independent
def test_warnings_are_errors_make_the_warning_the_error():
    assert _errors(_ISSUE_5040, "ps_5_1", flags=D3DCOMPILE_WARNINGS_ARE_ERRORS) == \
        "t.hlsl(5,12-20): error X4000: use of potentially uninitialized variable (X)\n"


@pytest.mark.backend_independent
def test_pragma_error_and_disable_act_on_the_warning():
    assert _errors("#pragma warning(error: 4000)\n" + _ISSUE_5040, "ps_5_1") == \
        "t.hlsl(6,12-20): error X4000: use of potentially uninitialized variable (X)\n"
    assert _errors("#pragma warning(disable: 4000)\n" + _ISSUE_5040, "ps_5_1") == f"t.hlsl(6,12-20): {_X4575}\n"


# --- the order of an assignment's two sides -----------------------------------------------------------------------
_ORDER_DECLS = "static int cnt = 0;\nint inc() { cnt += 1; return cnt; }\n"
_ORDER_PRE = r"""    int a[4] = {0, 0, 0, 0};
    int i = I1;
    a[i++] = i * 10;
    int b[4] = {0, 0, 0, 0};
    int j = I1;
    b[j] = j++;
    int c[4] = {0, 0, 0, 0};
    int k = I1;
    c[k++] += k * 10;
    int d[4] = {0, 0, 0, 0};
    int m = I1;
    d[m] = (m = 3);
    int e[4] = {0, 0, 0, 0};
    e[cnt] = inc() * 5;
    int f[4] = {0, 0, 0, 0};
    int n = I1;
    f[n] += n++;
    int g[2] = {0, 0};
    int p = IZ;
    g[p] = ++p + 6;
    int h[4] = {0, 0, 0, 0};
    int q = I1;
    h[q++] = q;
    int r[4] = {0, 0, 0, 0};
    int w = I1;
    r[w++] += w;
"""
#: values from "right side first, then the target's indices"
_ORDER_ROWS = [
    ("a[1]", "u", 10), ("a[2]", "u", 0), ("i", "u", 2),  # rhs 1*10; index i++ (1); i = 2
    ("b[2]", "u", 1), ("b[1]", "u", 0), ("j", "u", 2),  # rhs j++ (1, j = 2); index j = 2
    ("c[1]", "u", 10), ("c[2]", "u", 0), ("k", "u", 2),  # rhs 10; index k++ (1)
    ("d[3]", "u", 3), ("d[1]", "u", 0), ("m", "u", 3),  # rhs sets m = 3; index 3
    ("e[1]", "u", 5), ("e[0]", "u", 0), ("cnt", "u", 1),  # rhs inc() (cnt = 1); index cnt = 1
    ("f[2]", "u", 1), ("f[1]", "u", 0), ("n", "u", 2),  # rhs n++ (1, n = 2); f[2] += 1
    ("g[1]", "u", 7), ("g[0]", "u", 0), ("p", "u", 1),  # rhs ++p + 6 (7, p = 1); index p = 1
    ("h[1]", "u", 1), ("h[2]", "u", 0), ("q", "u", 2),  # rhs q read (1) before the index steps q
    ("r[1]", "u", 1), ("r[2]", "u", 0), ("w", "u", 2),
]


@pytest.mark.parametrize("profile", ["cs_5_0", "cs_4_0"])
def test_the_right_side_is_evaluated_before_the_targets_indices(profile: str):
    assert check_rows(_ORDER_ROWS, cs_rows(_ORDER_ROWS, _ORDER_DECLS, _ORDER_PRE, profile=profile)) == []


# --- warnings DXC's tests record from fxc that were not emitted before: X3207, X3205 ------------------------------
def _warnings(src: str, target: str = "ps_5_0") -> str:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0, msgs)
    return "".join(bytes(m).decode() for m in msgs)


_X3207 = ("warning X3207: Initializer used on a global 'const' variable. This requires setting an external "
          "constant. If a literal is desired, use 'static const' instead.")

#: (global declaration, warns) — DXC SemaHLSL varmods-syntax.hlsl's fxc records (line 169 on)
_CONST_GLOBALS = [
    ("const float g = 1.0f;", True), ("uniform const float g = 1.0f;", True), ("precise const float g = 1.0f;", True),
    ("precise uniform const float g = 1.0f;", True), ("extern const float g = 1.0f;", True),
    ("extern precise uniform const float g = 1.0f;", True), ("extern uniform const float g = 1.0f;", True),
    ("static const float g = 1.0f;", False), ("precise static const float g = 1.0f;", False),
    ("groupshared const float g = 1.0f;", False), ("groupshared precise const float g = 1.0f;", False),
    ("uniform float g = 1.0f;", False), ("extern float g = 1.0f;", False), ("float g = 1.0f;", False),
    ("const float g;", False), ("static float g = 1.0f;", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl,warns", _CONST_GLOBALS)
def test_x3207_an_initialiser_on_a_global_const(decl: str, warns: bool):
    src = f"{decl}\n[numthreads(1,1,1)] void main() {{ }}\n"
    text = _warnings(src, "cs_5_0")
    assert (f"t.hlsl(1,{decl.index(' g') + 2}): {_X3207}" in text) is warns, text
    assert text.count("X3207") == int(warns)


_X3205 = "warning X3205: conversion from larger type to smaller, possible loss of data"

#: (declarations and statements of a function body, warns) — DXC scalar-assignments.hlsl / literals.hlsl /
#: implicit-casts.hlsl: a double implicitly converted to a smaller type warns, to bool or by a cast it does not
_DOUBLE_CONVERSIONS = [
    ("float l; double r = v; l = r;", True), ("int l; double r = v; l = r;", True),
    ("uint l; double r = v; l = r;", True), ("dword l; double r = v; l = r;", True),
    ("half l; double r = v; l = r;", True), ("min16float l; double r = v; l = r;", True),
    ("min16int l; double r = v; l = r;", True), ("min16uint l; double r = v; l = r;", True),
    ("float l = 1.6l;", True),  # literals.hlsl: VERIFY_TYPE_CONVERSION(float, 1.6l)
    ("float4 l = v * 0.5L;", True),  # a double product stored into floats
    ("bool l; double r = v; l = r;", False),  # scalar-assignments line 41: fxc passes
    ("double l; double r = v; l = r;", False), ("double l; float r = v; l = r;", False),
    ("float l; double r = v; l = (float)r;", False), ("float l; int r = v; l = r;", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,warns", _DOUBLE_CONVERSIONS)
def test_x3205_a_double_converted_to_a_smaller_type(body: str, warns: bool):
    src = f"float4 main(float v : V) : SV_Target\n{{\n    {body}\n    return 1;\n}}\n"
    text = _warnings(src)
    assert (_X3205 in text) is warns, text


# --- refusals that said X3000 now carry the number Microsoft's table gives them -----------------------------------
_NUMBERED = [
    # ERR_MAX_GROUP_SHARED_MEMORY_EXCEEDED 4586: 32 KiB at cs_5_0 (D3D11.3 §18.7.2.7), of the variables the finished
    # code touches (d3dcompiler_47 10.1 compiles a store nothing reads: session 47)
    ("groupshared float g[8193];\nRWBuffer<float> o;\n[numthreads(64,1,1)] void main(uint i : SV_GroupIndex) { "
     "g[o[i]] = 1; GroupMemoryBarrierWithGroupSync(); o[i] = g[o[i + 1]]; }", "cs_5_0", 4586),
    # ERR_MULTI_SO_NOT_POINT 4592
    ("struct V { float4 p : SV_Position; };\n[maxvertexcount(2)] void main(point V i[1], inout LineStream<V> a, "
     "inout LineStream<V> b) { a.Append(i[0]); b.Append(i[0]); }", "gs_5_0", 4592),
    # maxvertexcount x output components over 1024 (D3D11.3 §13.2): not ERR_MAX_OUTPUT_EXCEEDED 4571 but the
    # bytecode validator's X8000 in d3dcompiler_47 10.1 (Wine, session 42)
    ("struct V { float4 p : SV_Position; };\n[maxvertexcount(257)] void main(point V i[1], inout PointStream<V> a) "
     "{ a.Append(i[0]); }", "gs_5_0", 8000),
    # ERR_CONTROL_POINT_COUNT_EXCEEDED 4589: more than 32 output control points
    ("struct C { float4 p : P; };\nstruct K { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };\n"
     "K pc(InputPatch<C, 3> p) { K k; k.e[0] = k.e[1] = k.e[2] = 1; k.i = 1; return k; }\n"
     "[domain(\"tri\")] [partitioning(\"integer\")] [outputtopology(\"triangle_cw\")] [outputcontrolpoints(33)] "
     "[patchconstantfunc(\"pc\")]\nC main(InputPatch<C, 3> p, uint i : SV_OutputControlPointID) { return p[0]; }",
     "hs_5_0", 4589),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("src,target,code", _NUMBERED)
def test_documented_numbers_of_former_x3000_refusals(src: str, target: str, code: int):
    assert f"error X{code}:" in _errors(src, target)


# --- positions in included files and after #line ------------------------------------------------------------------
@pytest.mark.backend_independent
def test_a_range_in_an_included_file_names_that_file():
    from preproc_kit import MemoryInclude

    files = {"inc.h": "float helper(float x)\n{\n    return x + missing_name;\n}\n"}
    src = '#include "inc.h"\nfloat4 main(float4 a : A) : SV_Target\n{\n    return helper(a.x);\n}\n'
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, MemoryInclude(files), "main", "ps_5_0", 0, 0)
    assert info.value.errors.startswith("inc.h(3,16-27): error X3004: undeclared identifier 'missing_name'")


@pytest.mark.backend_independent
def test_a_range_after_line_directive_uses_its_numbering():
    src = '#line 100 "other.hlsl"\nfloat4 main(float4 a : A) : SV_Target\n{\n    return a + vertex;\n}\n'
    assert _errors(src).startswith("other.hlsl(102,16-21): error X3004: undeclared identifier 'vertex'")


_X3081 = "warning X3081: comma expression used where a vector constructor may have been intended"

#: (statements of `main`, warns) — DXC matrix-assignments.hlsl / more-operators.hlsl record the parenthesised
#: comma expression; commas of a for header, arguments, constructors, initialiser lists and a bare comma statement
#: are no comma expression in parentheses
_COMMAS = [
    ("float2x2 m = (float2x2)(0.1f, 0.2f, 0.3f, 0.4f); r = m[0].xyxy;", True),
    ("r.x += (a.x, a.y);", True),
    ("r.x = ((a.x, a.y), a.z);", True),
    ("for (int i = 0, j = 1; i < 2; i++, j++) r.x += j;", False),
    ("r = float4(a.x, a.y, a.z, a.w);", False),
    ("float2 v = {a.x, a.y}; r.xy = v;", False),
    ("r.x = max(a.x, a.y);", False),
    ("r.x = 1, r.y = 2;", False),
    ("r.x = (a.x + a.y);", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("body,warns", _COMMAS)
def test_x3081_a_parenthesised_comma_expression(body: str, warns: bool):
    src = f"float4 main(float4 a : A) : SV_Target\n{{\n    float4 r = 0;\n    {body}\n    return r;\n}}\n"
    assert (_X3081 in _warnings(src)) is warns


@pytest.mark.backend_independent
def test_x3081_beside_more_operators_x3025():
    src = ("float4 main(float4 a : A) : SV_Target\n{\n    float floats = 1; int ints = 2;\n    (floats, ints) = 1;\n"
           "    return floats;\n}\n")
    assert _errors(src) == (f"t.hlsl(4,5): {_X3081}\nt.hlsl(4,6): error X3025: l-value specifies const object\n")


#: (declaration, column of the `[` fxc's X3073 names — inferred: the first empty bracket after the first dimension)
_SECONDARY_DIMENSIONS = [
    ("Buffer<float4> Buf[3][] : register(t0);", True),  # DXC invalid-unbounded-resource-arrays.hlsl rows
    ("Buffer<float4> Buf[3][2][] : register(t0);", True),
    ("Buffer<float4> Buf[3][][2] : register(t0);", True),
    ("Texture2D<float4> Tex2D[3][] : register(t0);", True),
    ("RWByteAddressBuffer RWBABuf[3][] : register(u0);", True),
    ("static const float a[2][] = {1, 2, 3, 4};", True),  # ERR_ARRAY_IMPLICIT_ORDER applies to every array
    ("static const float a[][] = {1, 2, 3, 4};", True),
    ("static const float a[][2] = {1, 2, 3, 4};", False),  # the first dimension may be implicit
    ("Buffer<float4> Buf[3][2] : register(t0);", False),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl,fails", _SECONDARY_DIMENSIONS)
def test_x3073_secondary_array_dimensions_must_be_explicit(decl: str, fails: bool):
    text = _errors(f"{decl}\nfloat4 main() : SV_Target {{ return 0; }}\n")
    msg = "error X3073: secondary array dimensions must be explicit"
    if fails:
        col = decl.index("]") + 2 if decl.index("[") == decl.index("[]") else decl.index("[]", decl.index("]")) + 1
        assert text.startswith(f"t.hlsl(1,{col}): {msg}"), text
    else:
        assert "X3073" not in text
