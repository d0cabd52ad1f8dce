"""fxc's preprocessor where it departs from C99: input C99 requires a diagnostic for that fxc accepts with a warning,
and its own rules for ``##`` and argument commas. The record of fxc's behaviour is vkd3d-shader's preprocessor
(libs/vkd3d-shader/preproc.y and preproc.l), written against [preproc] tests verified on Windows' d3dcompiler_47:

* "Ignoring #else after #else", "Ignoring #elif after #else", "Ignoring #else/#elif/#endif without prior #if",
  "Unterminated #if block" (one #if stack per file): warnings, the directive ignored;
* "Division by zero" in #if: a warning, the divisor taken as 1;
* "Ignoring unknown directive": a warning, the line kept as text;
* "Unterminated macro invocation": a warning, the macro's name written alone;
* "Concatenation is not done for object-like macros, but is done for both function-like macro bodies and their
  arguments" (consistent with DXC issue #2158, where fxc pastes ``A##C`` from an object-like TYPE used as FUNC's
  argument);
* an argument's commas inside ``[]`` and ``{}`` as inside ``()`` (its argument reader nests all three).

Each expectation below was the text those rules give; d3dcompiler_47 10.1 (under Wine, sessions 35-36) overturned
the warnings: misplaced conditionals, #if division by zero, unknown directives and extra directive tokens are
errors fxc reports and goes on after (D3DPreprocess returns its text, D3DCompile fails). The tests that vkd3d's
record got wrong now hold the DLL's answers; the strict C99 mode keeps the standard's errors
(test_hlsl_preproc_c99_rules.py).
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import run, toks

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


PS = "\nfloat4 main() : SV_Target { return 0; }"


def compiles(src: str) -> bool:
    try:
        D3DCompile(src + PS, None, None, None, None, "main", "ps_4_0", 0, 0)
    except ShaderCompileError:
        return False
    return True


def first_error(msgs: str) -> str | None:
    m = re.search(r"error (X\d+)", msgs)
    return m.group(1) if m else None


# --- conditionals: a misplaced directive is an error fxc goes on after ------------------------------------
# (source, output, the first error): recorded from d3dcompiler_47 10.1 under Wine (sessions 35-36), where vkd3d's
# record had warnings; D3DPreprocess still returns its text, D3DCompile fails on the error
CONDITIONALS = [
    ("#if 0\n#else\npass\n#else\nfail\n#endif", "pass fail", "X1514"),   # the second #else ignored
    ("#if 1\npass\n#else\nfail\n#else\nfail\n#endif", "pass", "X1514"),
    ("#if 1\npass\n#else\nfail\n#elif 1\nfail\n#endif", "pass", "X1513"),
    ("#if 0\n#else\npass\n#elif 1\npass2\n#endif", "pass pass2", "X1513"),
    ("#endif\npass", "pass", "X1510"),
    ("#else\npass", "pass", "X1509"),
    ("#elif 0\npass", "pass", "X1508"),
    ("#elif 1 / 0\npass", "pass", "X1503"),   # a stray #elif's expression is read first (session 36)
    ("#if 1\npass", "pass", "X1502"),
    ("#if 0\nfail", "", "X1502"),
    ("#ifdef X\nfail\n#else\npass", "pass", "X1502"),
    ("#if 1\n#if 0\nfail\n#endif\npass", "pass", "X1502"),
]


@pytest.mark.parametrize(("src", "expected", "error"), CONDITIONALS)
def test_misplaced_conditionals_are_errors_fxc_goes_on_after(src, expected, error):
    out, msgs = run(src)
    assert out == toks(expected)
    assert first_error(msgs) == error


def test_an_included_files_groups_go_on_in_the_includer():
    """An #endif in an included file does not close the includer's #if (X1510); an #if it leaves open is X1502 at
    its end and goes on in the includer: its lines are skipped until the includer ends a group of its own that was
    open before the #include (d3dcompiler_47 10.1, session 36)."""
    out, msgs = run('#if 1\n#include "a.h"\npass\n#endif', {"a.h": "#endif"})
    assert out == ["pass"] and "a.h(1,1): error X1510" in msgs
    out, msgs = run('#include "a.h"\npass\n#endif\nafter', {"a.h": "#if 0\nfail"})
    assert out == [] and re.findall(r"error (X\d+)", msgs) == ["X1502", "X1510"] and "a.h(" in msgs
    assert run('#if 1\n#include "a.h"\n#endif\npass', {"a.h": "#if 0\nfail"})[0] == ["pass"]
    assert run('#include "a.h"\npass', {"a.h": "#if 1\nin"})[0] == ["in", "pass"]


def test_well_formed_conditionals_do_not_warn():
    assert run("#if 1 // c\npass\n#else /* c */\nfail\n#endif // c")[1] == ""


# --- #if division by zero -----------------------------------------------------------------------------------
@pytest.mark.parametrize("expr", ["1 / 0", "0 / 0", "8 / 0 == 8", "8 / 0 / 0 == 8", "-3 / 0 == -3",
                                  "(1 / 0) + (2 / 0) == 3"])
def test_if_division_by_zero_is_x1503_and_drops_the_directive(expr):
    # fxc 10.1 (session 35-36): X1503 "division by zero in preprocessor expression", the #if dropped, so no group
    # opens and the #else and #endif are stray (X1509, X1510)
    out, msgs = run(f"#if {expr}\npass\n#else\nfail\n#endif")
    assert out == ["pass", "fail"]
    assert re.findall(r"error (X\d+)", msgs) == ["X1503", "X1509", "X1510"]


# --- unknown directives -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "error"), [
    ("#foo\npass", "X1504"),
    ("#define X bar\n#foo X\npass", "X1504"),
    ("# 1 x\npass", "X1500"),                  # a # before no name: "unexpected integer '1l'" (session 36)
    ("#if 1\n#bogus\n#endif\npass", "X1504"),
])
def test_unknown_directives_are_errors_and_the_line_goes(src, error):
    # fxc 10.1: X1504 "invalid preprocessor command 'foo'", the line dropped (vkd3d's record kept it as text)
    out, msgs = run(src)
    assert out == ["pass"] and first_error(msgs) == error


def test_unknown_directive_in_a_skipped_group_is_silent():
    assert run("#if 0\n#foo\n#endif\npass") == (["pass"], "")


def test_a_kept_directive_line_fails_compilation():
    """'#' is no HLSL token: the compiler rejects the line the preprocessor kept (and any '#' a macro puts first
    on a line), rather than skipping it as a line marker."""
    assert not compiles("#foo")
    assert not compiles("#define H #\nH pragma message")
    assert not compiles("#")  # fxc has no null directive (session 19): the lone '#' stays as text


# --- tokens after a directive's operands -----------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected", "error"), [
    ("#if 1\npass\n#else junk\nfail\n#endif", "pass", "X1500"),
    ("#if 0\nfail\n#endif junk\npass", "pass", None),        # an #endif of a skipped group is not read (session 36)
    ("#ifdef X junk\nfail\n#else\npass\n#endif", "pass", "X1500"),
    ("#ifndef X junk\npass\n#endif", "pass", "X1500"),
    ("#define X fail\n#undef X junk\nX", "X", "X1500"),
    ('#include "a.h" junk', "pass", "X1500"),
])
def test_extra_tokens_after_a_directive_are_x1500(src, expected, error):
    # fxc 10.1: "syntax error : unexpected token 'junk'", the directive still in effect
    out, msgs = run(src, {"a.h": "pass"})
    assert out == toks(expected) and first_error(msgs) == error


# --- ## ----------------------------------------------------------------------------------------------------
PASTES = [
    ("#define X pa ## ss\nX", "pa ## ss"),                          # no operator in an object-like macro
    ("#define X ## a\nX", "## a"),                                  # so it may begin or end the list
    ("#define X a ##\nX", "a ##"),
    ("#define F(x) x\nF(pa ## ss)", "pass"),                        # an argument's ## pastes
    ("#define F(x) [x]\nF(a ## b ## c)", "[abc]"),
    ("#define F(x) #x\nF(a ## b)", '"a ## b"'),                     # # takes the argument as written
    ("#define F(x) pa ## x\nF(ss)", "pass"),                        # a function-like body pastes (C99 too)
    ("#define C 4\n#define A4 float4\n#define TYPE A##C\n#define FUNC(ty) ty main()\nFUNC(TYPE)",
     "float4 main()"),                                              # DXC issue #2158's program
    ("pa ## ss", "pa ## ss"),                                       # outside any macro: a token
]


@pytest.mark.parametrize(("src", "expected"), PASTES)
def test_paste_rules(src, expected):
    assert run(src)[0] == toks(expected)


# --- # in a function-like macro ------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define F(x) #y\nF(1)", '"y"'),                   # an identifier that is no parameter: its own spelling
    ("#define F(x) #x #fail\nF(pass)", '"pass" "fail"'),
    ("#define F(x) # x\nF(a   b)", '"a b"'),
    # fxc stringizes any token after # and a # at the end gives nothing (d3dcompiler_47 10.1, session 36)
    ("#define F(x) x #\nF(1)", "1"),
    ("#define F(x) # 1 x\nF(2)", '"1" 2'),
    ("#define F x #y\nF", "x # y"),                     # object-like: # is no operator (C99 too)
])
def test_hash_in_function_like_macros(src, expected):
    assert run(src)[0] == toks(expected)


def test_charizing_takes_any_token():
    # fxc 10.1 (session 35-36): #@ charizes whatever token follows, a parameter or not
    assert run("#define F(x) #@y\nF(1)") == (["'y'"], "")


# --- argument commas ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define F(x) [x]\nF({1, 2})", "[{1, 2}]"),
    ("#define F(x) [x]\nF(a[1, 2])", "[a[1, 2]]"),
    ("#define F(x, y) [x|y]\nF({1, (2, 3)}, [4, 5])", "[{1, (2, 3)}|[4, 5]]"),
    # an unmatched ] or } ends the list as ) does (fxc: F(a], b) has one argument, X1516, and F stays; d3dcompiler_47
    # 10.1, session 36)
    ("#define F(x, y) [x|y]\nF(a], b)", "F , b )"),
    ("#define F(x) [x]\nF((1, 2))", "[(1, 2)]"),
])
def test_brackets_and_braces_group_argument_commas(src, expected):
    assert run(src)[0] == toks(expected)


def test_a_braced_initializer_through_a_macro_compiles():
    assert compiles("#define INIT(v) static const float2 k = v;\nINIT({1, 2})")


# --- an invocation open at the end of the file ------------------------------------------------------------
@pytest.mark.parametrize(("src", "files", "expected"), [
    ("#define F(x) x\nF(fail", {}, "F"),
    ("#define F(x) x\npass F(fail\nfail", {}, "pass F"),
    ("#define F(x) x\n#define G F(\na G fail", {}, "a F"),                    # opened by a replacement list
    # (an invocation an included file leaves open reads on in the includer: "pass" is an argument, the main file's
    # end the invocation's; d3dcompiler_47 10.1, session 46 -- was "F pass", the included file's end taken as it)
    ('#include "a.h"\npass', {"a.h": "#define F(x) x\nF(fail"}, "F"),
])
def test_unterminated_invocation_writes_the_name(src, files, expected):
    out, msgs = run(src, files)
    assert out == toks(expected) and "end of file" in msgs


# --- D3DPreprocess's text -------------------------------------------------------------------------------------
def test_output_keeps_one_line_per_source_line():
    """The D3DPreprocess page: it "outputs #line directives and preserves line numbering of source input". The text
    is fxc's, recorded from d3dcompiler_47 10.1 under Wine (session 37; was one output line per source line, this
    project's layout): each token followed by a space, a directive's empty line, ``#line 6`` where the skipped
    group's lines are left out, no new-line after a last line that has none."""
    out = bytes(D3DPreprocess("a\n#define X b\nX\n#if 0\nno\n#endif\nc", None, "C:\\s\\t.hlsl", None, None)).decode()
    assert out == '#line 1 "C:\\\\s\\\\t.hlsl"\na \n\nb \n\n#line 6\n\nc '


def test_errors_use_fxc_message_format():
    msgs: list = []
    D3DPreprocess("a\n#endif", None, "t.hlsl", None, None, msgs)
    assert bytes(msgs[0]).decode().startswith("t.hlsl(2,1): error X1510: unexpected #endif")


@pytest.mark.parametrize(("definition", "expected"), [(None, "[1]"), ("", "[]"), ("2 + 3", "[2 + 3]"), (" 7 ", "[7]")])
def test_d3d_shader_macro_definitions(definition, expected):
    """D3D_SHADER_MACRO: Definition is the replacement text (an empty one is an empty replacement list); a NULL
    one defines the name as 1 (as fxc's /D NAME does)."""
    out = bytes(D3DPreprocess("[X]", None, "t.hlsl", [("X", definition)], None)).decode()
    assert toks(out.split("\n", 1)[1]) == toks(expected)
