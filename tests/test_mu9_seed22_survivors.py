"""Session 19 (helper MU9): the seed-22 mutation survivors session 18 left undecided, each pinned from its rule.

Each table states the rule's definition; the expected values come from that definition, not from the code. Each
group names the mutant (``scripts/mutate.py --module M --index N``) that fails it (checked by running this file
against the mutant).

- preprocessor #633 (the column of X1515): an invocation left open inside a directive line (``#if F(``,
  ``#pragma F(``, ``#line F(``, ``#include F(``) is error X1515 "unexpected end of file in macro expansion" at
  column 1 of the directive's line. fxc's preprocessor places a directive's error at the line's column 1 (its
  recorded ``#error``: ``f.hlsl(3,1): error X1003``); only lexical string errors carry the quote's column.
- preprocessor #739 (``destringize`` of a wide literal): C99 §6.10.9p1 deletes the ``L`` prefix and both
  double-quotes, then replaces each ``\\"`` by ``"`` and each ``\\\\`` by ``\\``.
- parser #126 (a struct with methods): ``struct S { ... }`` declares a class when its body, at its top level,
  declares a function — whatever parenthesised or braced text comes before that function (an array dimension
  ``a[(2)]``); only the body's closing brace ends the search.
- check #102 (the uniform-argument count of a shader variable's ``CompileShader``): the call's arguments bind the
  function's ``uniform`` parameters in order, so their count lies between the uniform parameters without a
  default and all uniform parameters, both ends included (effects: ``CompileShader(profile, f(args))``; the same
  count the state-block form checks, DXC's state-block-syntax tests). ``f()`` with no uniform parameter is valid.
- uninit #112 (X4000's position): the position is the start of the expression whose operation first reads the
  undefined value, else its statement (``uninit.check_uninitialized``). A flow-control statement reading the
  local directly (``if (u)``, ``while (u)``, ``switch (u)``, ``for (; u; )``, ``do … while (u)``) has no reading
  expression of its own: the statement's position, never the declaration's.
- constexpr #102 (a swizzle's type in a constant expression): a swizzle of one component is a scalar, of n > 1
  components an n-vector (HLSL's swizzle), so a two-component swizzle can be indexed: ``float a[v.zw[1]]`` is
  an array of v.w elements.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.shader.hlsl.constexpr import ConstValue, _member
from pyd3d11.shader.hlsl.preprocessor import destringize
from pyd3d11.shader.hlsl.types import NumType
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _errors(src: str, target: str = "ps_5_0") -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
    return info.value.errors


def _compile(src: str, target: str = "ps_5_0"):
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)


def _preprocessed(src: str) -> str:
    return bytes(D3DPreprocess(src, None, "t.hlsl", None, None)).decode()


# --- preprocessor #633: X1515 inside a directive line is at column 1 ---------------------------------------------
@pytest.mark.parametrize("directive", ["#if F(\n#endif", "   #  if F(\n#endif"])
def test_open_invocation_in_a_directive_is_x1515_at_column_1(directive: str):
    src = "#define F(x) x\n" + directive + "\n"
    with pytest.raises(ShaderCompileError) as info:
        D3DPreprocess(src, None, "t.hlsl", None, None)
    # (d3dcompiler_47 10.1, session 39: the open list reads on through the file, so the #endif after it is X1510
    # first, then X1515 and X1518 at the #if's line -- rewritten from "X1515 first")
    assert info.value.errors.splitlines()[1] == "t.hlsl(2,1): error X1515: unexpected end of file in macro expansion", \
        info.value.errors


# --- preprocessor #739: destringize deletes the L prefix and the two quotes ---------------------------------------
@pytest.mark.parametrize("literal,text", [
    ('"abc"', "abc"), ('L"abc"', "abc"), ('L""', ""), ('L"x"', "x"),
    ('L"a\\"b"', 'a"b'), ('L"\\\\"', "\\"), ('L"\\n"', "\\n"),  # other escapes stay as written
    ('L"pack_matrix(row_major)"', "pack_matrix(row_major)"),
])
def test_destringize_deletes_prefix_and_quotes(literal: str, text: str):
    assert destringize(literal) == text


# #pragma, #line and #include replace no macro in fxc, so an open invocation there is no X1515: the unknown pragma
# 'F' (X3568, a warning), nothing for #pragma message, X1500 "unexpected token 'F'" for #line and #include
# (d3dcompiler_47 10.1, session 36)
@pytest.mark.parametrize(("directive", "report"), [("#pragma F(", "warning X3568: 'F' : unknown pragma ignored"),
                                                   ("#pragma message F(", ""),
                                                   ("#line F(", "error X1500: syntax error : unexpected token 'F'"),
                                                   ("#include F(", "error X1500: syntax error : unexpected token 'F'")])
def test_open_invocation_in_an_unreplaced_directive(directive: str, report: str):
    msgs: list = []
    D3DPreprocess("#define F(x) x\n" + directive + "\n", None, "t.hlsl", None, None, msgs)
    got = "".join(bytes(m).decode() for m in msgs)
    assert (report in got and got.startswith("t.hlsl(2,1): ")) if report else got == ""


def test_pragma_operator_with_a_wide_literal_is_text_in_fxc():
    # fxc has no _Pragma operator (d3dcompiler_47 10.1, session 35): the tokens stay, no pragma runs
    out = _preprocessed('_Pragma(L"pack_matrix(row_major)")\nfloat4x4 m;\n')
    assert "#pragma" not in out and '_Pragma' in out, out


# --- parser #126: a method after a parenthesised member dimension still makes a class -----------------------------
_USE = "float4 main() : SV_Target { S s; s.a[0] = 1; s.a[1] = 2; return s.get(); }\n"


@pytest.mark.parametrize("member", ["float a[(2)];", "float a[(1 + 1)];", "float a[((2))];", "float a[2 * (1)];",
                                    "float a[2];"])
def test_struct_method_after_parenthesised_dimension(member: str):
    _compile("struct S { " + member + " float get() { return a[0] + a[1]; } };\n" + _USE)


# --- check #102: CompileShader's arguments bind the uniform parameters, both ends of the count included -----------
@pytest.mark.parametrize("params,args,ok", [
    ("", "", True),                                        # no uniform parameter, no argument: 0 <= 0 <= 0
    ("float4 p : P", "", True),                            # a varying parameter takes no argument
    ("uniform float k", "1", True),                        # exactly the uniform parameters
    ("uniform float k = 2", "", True),                     # the default fills the one left out
    ("uniform float k = 2", "3", True),
    ("uniform float j, uniform float k = 2", "1", True),   # the lower end: the uniforms without a default
    ("uniform float j, uniform float k = 2", "1, 2", True),  # the upper end: every uniform
    ("uniform float k", "", False),                        # fewer than the uniforms without a default
    ("uniform float k", "1, 2", False),                    # more than the uniforms
    ("", "1", False),
])
def test_shader_variable_compile_shader_counts_uniform_arguments(params: str, args: str, ok: bool):
    src = (f"float4 f({params}) : SV_Target {{ return 0; }}\nPixelShader ps = CompileShader(ps_4_0, f({args}));\n"
           "float4 main() : SV_Target { return 1; }\n")
    if ok:
        _compile(src)
    else:
        # d3dcompiler_47 10.1 (session 41, recorded under Wine): the count is checked as the call's, X3013 at the
        # call, before the variable's "literal CompileShader" X3000 (tests/test_rules_hlsl_fxc_mutants_s41.py)
        n = len([a for a in args.split(",") if a.strip()])
        assert f"t.hlsl(2,18): error X3013: 'f': no matching {n} parameter function" in _errors(src)


# --- uninit #112: X4000 of a flow-control read is at its statement -----------------------------------------------
_HEAD = "float4 main(float4 a : A) : SV_Target\n{\n"


@pytest.mark.parametrize("decl,stmt", [
    ("float u;", "if (u) a.x = 2;"),
    ("bool u;", "if (u) a.x = 2;"),
    ("int u;", "[branch] if (u) a.x = 2;"),
    ("float u;", "while (u) { a.x += 1; }"),
    ("int u;", "switch (u) { case 1: a.x = 2; break; }"),
    ("float u;", "for (; u; ) { a.x += 1; break; }"),
])
@pytest.mark.parametrize("indent", ["    ", "\t", "      "])
def test_x4000_of_a_flow_control_read_is_at_the_statement(decl: str, stmt: str, indent: str):
    src = _HEAD + f"    {decl}\n{indent}{stmt}\n    return a;\n}}\n"
    col = len(indent) + 1  # the statement's first character (an attribute's "[" starts it)
    assert _errors(src).startswith(f"t.hlsl(4,{col}): error X4000: variable 'u' used without having been "
                                   "completely initialized"), _errors(src)


def test_x4000_of_a_do_while_condition_is_at_the_do_statement():
    src = _HEAD + "    float u;\n    do { a.x += 1; } while (u);\n    return a;\n}\n"
    assert _errors(src).startswith("t.hlsl(4,5): error X4000: variable 'u'"), _errors(src)


# --- constexpr #102: a swizzle of n > 1 components is an n-vector -------------------------------------------------
_V4 = ConstValue(NumType("float", 1, 4, "v"), [1.0, 2.0, 3.0, 4.0])


@pytest.mark.parametrize("name,vals", [
    ("x", [1.0]), ("w", [4.0]), ("a", [4.0]),
    ("xy", [1.0, 2.0]), ("zw", [3.0, 4.0]), ("wx", [4.0, 1.0]), ("rg", [1.0, 2.0]), ("xx", [1.0, 1.0]),
    ("xyz", [1.0, 2.0, 3.0]), ("wzyx", [4.0, 3.0, 2.0, 1.0]), ("xxxx", [1.0] * 4),
])
def test_constant_swizzle_type_and_values(name: str, vals: list):
    got = _member(_V4, name)
    assert got.vals == vals
    want = NumType("float") if len(name) == 1 else NumType("float", 1, len(name), "v")
    assert got.type == want and got.type.shape == want.shape


@pytest.mark.parametrize("dim,count", [("v.zw[1]", 4), ("v.xy[1]", 2), ("v.yx[0]", 2), ("v.wz[1] + 1", 4),
                                       ("v.xyz[2]", 3), ("v.zw.y", 4)])
def test_array_dimension_from_an_indexed_swizzle(dim: str, count: int):
    src = ("static const int4 v = {1, 2, 3, 4};\nfloat a[" + dim + "];\n"
           "float4 main() : SV_Target { return a[0]; }\n")
    refl = D3DReflect(_compile(src))
    assert refl.GetVariableByName("a").GetType().GetDesc().Elements == count
