"""``#pragma warning`` from where it stands (issue 15).

Source: MicrosoftDocs direct3dhlsl "warning pragma Directive" (dx-graphics-hlsl-appendix-pre-pragma-warning):
the syntax ``#pragma warning( specifier : number-list [; specifier : number-list ...] )``; the specifiers
``once`` / ``default`` / ``1``-``4`` / ``disable`` / ``error``; "The compiler will add 4000 to any warning
number that is between 0 and 999"; "For warning numbers greater than 4699 ... the warning pragma has effect
only when placed outside function definitions. The pragma is ignored if it specifies a number greater than
4699 and is used inside a function"; "does not support the push and pop functionality"; the page's example and
its three-pragma equivalent. A pragma is a directive: it acts on what follows it (the C preprocessor's model of
directives; the page's "once" and "default" describe a state that changes along the file). Rows marked
*inferred* are not on the page: unknown specifiers and push/pop change nothing, levels 1-4 act as default.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_WARNINGS_ARE_ERRORS
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.hlsl.diagnostics import Pos
from pyd3d11.shader.hlsl.lexer import lex
from pyd3d11.shader.hlsl.warnpragma import WarningPolicy, parse_warning_pragma

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

#: a function whose body raises X3206 (implicit truncation) once per call line
TRUNC = "float2 t{n}(float4 v) {{ return v; }}\n"
MAIN = "float4 main(float4 v : V) : SV_Target { return t1(v).xyxy + t2(v).xyxy; }\n"


def _compile(src: str, flags: int = 0) -> list[str]:
    """The warning lines of a successful compile (X numbers and lines)."""
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags, 0, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    return [ln for ln in text.splitlines() if "warning X" in ln]


def _error(src: str, flags: int = 0) -> str:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", flags)
    return info.value.errors


def _x3206_lines(src: str) -> list[int]:
    return [int(w.split("(")[1].split(",")[0]) for w in _compile(src) if "X3206" in w]


# --- parsing: the page's syntax -------------------------------------------------------------------------
@pytest.mark.parametrize("text,changes", [
    # the page's example and its equivalent
    ("( disable : 4507 34; once : 4385; error : 164 )",
     [("disable", [4507, 4034]), ("once", [4385]), ("error", [4164])]),
    ("( disable : 4507 34 )", [("disable", [4507, 4034])]),
    ("( once : 4385 )", [("once", [4385])]),
    ("( error : 164 )", [("error", [4164])]),
    # every specifier of the table
    ("(default: 3206)", [("default", [3206])]),
    ("(1: 3206)", [("1", [3206])]), ("(2: 3206)", [("2", [3206])]),
    ("(3: 3206)", [("3", [3206])]), ("(4: 3206)", [("4", [3206])]),
    # 0..999 -> 4000 + n; 1000 and up kept
    ("(disable: 0 999 1000 3206)", [("disable", [4000, 4999, 1000, 3206])]),
    # white-space separated list; specifier case
    ("(DISABLE :\t3206   3205 )", [("disable", [3206, 3205])]),
    # inferred: no push/pop (page), unknown specifiers: nothing
    ("(push)", []), ("(pop)", []), ("(push, 3)", []), ("(bogus: 3206)", []),
    ("(push; disable: 3206)", [("disable", [3206])]),
])
def test_parse(text, changes):
    assert parse_warning_pragma(text) == changes


# --- position: a pragma acts on warnings after it -------------------------------------------------------
def test_without_pragma_both_warn():
    src = TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [1, 2]


@pytest.mark.parametrize("spec", ["disable", "DISABLE"])
def test_disable_applies_after_its_line_only(spec):
    src = TRUNC.format(n=1) + f"#pragma warning({spec}: 3206)\n" + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [1]


def test_disable_then_default_turns_it_back_on():
    src = ("#pragma warning(disable: 3206)\n" + TRUNC.format(n=1) + "#pragma warning(default: 3206)\n"
           + TRUNC.format(n=2) + MAIN)
    assert _x3206_lines(src) == [4]


@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_level_turns_it_back_on(level):
    src = ("#pragma warning(disable: 3206)\n" + TRUNC.format(n=1) + f"#pragma warning({level}: 3206)\n"
           + TRUNC.format(n=2) + MAIN)
    assert _x3206_lines(src) == [4]


def test_disable_at_the_end_changes_nothing_before():
    src = TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN + "#pragma warning(disable: 3206)\n"
    assert _x3206_lines(src) == [1, 2]


def test_error_only_after_its_line():
    # before the pragma: a warning; after it: the compile fails on the second function's line
    src = TRUNC.format(n=1) + "#pragma warning(error: 3206)\n" + TRUNC.format(n=2) + MAIN
    err = _error(src)
    assert "t.hlsl(3," in err and "error X3206" in err
    src = TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN + "#pragma warning(error: 3206)\n"
    assert _x3206_lines(src) == [1, 2]


def test_once_shows_the_first_after_the_pragma():
    src = "#pragma warning(once: 3206)\n" + TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [2]


def test_semicolon_parts_act_in_order():
    # the page: several changes in one pragma act as the pragmas one after another
    src = "#pragma warning(disable: 3206; default: 3206)\n" + TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [2, 3]
    src = "#pragma warning(default: 3206; disable: 3206)\n" + TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == []


def test_other_numbers_untouched():
    src = "#pragma warning(disable: 3205 4008 206)\n" + TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [2, 3]  # 206 is 4206, not 3206


def test_below_1000_is_4000_plus():
    src = ("#pragma warning(disable: 8)\nfloat4 main(float f : F) : SV_Target { return f / 0.0; }")
    assert _compile(src) == []
    assert any("X4008" in w for w in _compile("float4 main(float f : F) : SV_Target { return f / 0.0; }"))


def test_pragma_inside_a_function_acts_from_its_line_below_4700():
    # X4008 is below 4700: a pragma inside the function body acts from its line
    src = ("float4 main(float f : F) : SV_Target {\n float a = f / 0.0;\n#pragma warning(disable: 4008)\n"
           " float b = f / 0.0;\n return a + b; }\n")
    lines = [w for w in _compile(src) if "X4008" in w]
    assert len(lines) == 1 and lines[0].startswith("t.hlsl(2,")


def test_push_pop_change_nothing():
    src = ("#pragma warning(push)\n#pragma warning(disable: 3206)\n" + TRUNC.format(n=1) + "#pragma warning(pop)\n"
           + TRUNC.format(n=2) + MAIN)
    assert _x3206_lines(src) == []  # pop does not restore (inferred: the page says push/pop are unsupported)


def test_macro_named_numbers_are_not_replaced():
    # fxc replaces no macro in #pragma: disable: N changes nothing and both truncations warn (d3dcompiler_47 10.1,
    # session 36: X3206 at lines 2 and 4)
    src = "#define N 3206\n" + TRUNC.format(n=1) + "#pragma warning(disable: N)\n" + TRUNC.format(n=2) + MAIN
    assert _x3206_lines(src) == [2, 4]


# --- preprocessor warnings by position -----------------------------------------------------------------
def test_unknown_pragma_warning_disabled_after_only():
    src = "#pragma foo\n#pragma warning(disable: 3568)\n#pragma bar\n" + "float4 main() : SV_Target { return 0; }"
    w = [x for x in _compile(src) if "X3568" in x]
    assert len(w) == 1 and "'foo'" in w[0]


def test_macro_redefinition_disabled_by_position():
    src = ("#define A 1\n#define A 2\n#pragma warning(disable: 1519)\n#define A 3\n"
           "float4 main() : SV_Target { return A; }")
    w = [x for x in _compile(src) if "X1519" in x]
    assert len(w) == 1 and w[0].startswith("t.hlsl(2,")


# --- D3DCOMPILE_WARNINGS_ARE_ERRORS ----------------------------------------------------------------------
def test_warnings_are_errors_makes_the_first_issued_warning_an_error():
    src = TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    err = _error(src, D3DCOMPILE_WARNINGS_ARE_ERRORS)
    assert "t.hlsl(1," in err and "error X3206" in err


def test_warnings_are_errors_skips_disabled_warnings():
    src = "#pragma warning(disable: 3206)\n" + TRUNC.format(n=1) + TRUNC.format(n=2) + MAIN
    assert _compile(src, D3DCOMPILE_WARNINGS_ARE_ERRORS) == []
    src = TRUNC.format(n=1) + "#pragma warning(disable: 3206)\n" + TRUNC.format(n=2) + MAIN
    assert "t.hlsl(1," in _error(src, D3DCOMPILE_WARNINGS_ARE_ERRORS)


# --- the policy itself: code-generation numbers (above 4699) and functions --------------------------------
SRC = """float g;
#pragma warning(disable: 4700 3206)
float f(float x) {
#pragma warning(default: 4700 3206)
  return x;
}
float h(float y) { return y; }
"""


def _policy() -> tuple[WarningPolicy, list]:
    from pyd3d11.shader.hlsl.parser import Parser

    toks = lex(SRC, "s.hlsl")
    prog = Parser(toks, "ps_5_0").parse_program()
    return WarningPolicy(toks, prog.func_bodies), toks


@pytest.mark.parametrize("line,code,issued", [
    (1, 4700, True), (1, 3206, True),  # before any pragma
    (5, 3206, True),  # below 4700: the pragma inside f acts
    (5, 4700, False),  # above 4699: the pragma inside f is ignored, the outer disable holds
    (7, 3206, True), (7, 4700, False),
    (5, 4699, True),  # 4699 itself is not a code-generation number (nothing disabled it either)
])
def test_codegen_numbers_ignore_pragmas_inside_functions(line, code, issued):
    policy, _ = _policy()
    out = policy.apply([(Pos("s.hlsl", line, 3), code, "m")])
    assert bool(out) == issued


def test_codegen_number_pragma_outside_functions_acts():
    toks = lex("#pragma warning(disable: 4714)\nfloat a;\n#pragma warning(error: 4714)\nfloat b;\n", "s.hlsl")
    policy = WarningPolicy(toks)
    assert policy.apply([(Pos("s.hlsl", 2, 1), 4714, "m")]) == []
    assert policy.apply([(Pos("s.hlsl", 4, 1), 4714, "m")])[0][3] is True


def test_position_in_another_file_sees_the_whole_file():
    toks = lex("#pragma warning(disable: 3206)\nfloat a;\n", "s.hlsl")
    assert WarningPolicy(toks).apply([(Pos("other.hlsl", 1, 1), 3206, "m")]) == []


def test_d3dpreprocess_warnings_by_position():
    from pyd3d11.shader.compile_api import D3DPreprocess

    msgs: list = []
    out = D3DPreprocess("#pragma foo\n#pragma warning(disable: 3568)\n#pragma bar\nfloat x;\n", None, "p.hlsl", None,
                        None, msgs)
    text = "".join(bytes(m).decode() for m in msgs)
    assert text.count("X3568") == 1 and "'foo'" in text
    assert "#pragma warning" in bytes(out).decode()  # kept in the text, as the compiler reads it
