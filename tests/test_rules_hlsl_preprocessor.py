"""Preprocessor rules case by case from C99 §6.10 (the constraints each directive's grammar imposes, #line per
§6.10.4, the ``defined`` operator of §6.10.1) and the HLSL "Preprocessor Directives" pages of MicrosoftDocs.

The expected outputs are the standard's: a constraint violation is diagnosed (compilation fails), a well-formed
directive has the effect its paragraph describes."""

from __future__ import annotations

import pytest
from preproc_kit import fxc_errors, main_file

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def pp(src: str, inc=None) -> str:
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, inc)).decode()
    return " ".join(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line")).split())


def fails(src: str) -> str:
    return fxc_errors(src)


def fails_c99(src: str) -> None:
    """C99's strict mode (the GCC differential's) diagnoses ``src`` as an error."""
    with pytest.raises(HlslError):
        preprocess(src, "t.hlsl", strict_c99=True)


def warns(src: str) -> tuple[str, str]:
    """fxc accepts ``src`` with a warning: (text, the ppErrorMsgs text)."""
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, None, msgs)).decode()
    text = " ".join(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line")).split())
    warning = "".join(bytes(m).decode() for m in msgs)
    assert "warning" in warning, (src, warning)
    return text, warning


# --- §6.10.3 constraints on #define ----------------------------------------------------------------------
@pytest.mark.parametrize("src", [
    "#define f(x, x) x",        # p6: parameter identifiers are unique
    "#define f(x, y, x) x",
    "#define f(1) x",           # p6: an identifier-list
    "#define f(a b) a",
    "#define f(a,) a",
    "#define f(,a) a",
    "#define",                  # "# define identifier ..."
    "#define 1x 2",
    "#define \"s\" 2",
])
def test_define_constraints_are_diagnosed(src):
    fails(src)


@pytest.mark.parametrize(("src", "expected"), [("#define f(a) ## a\nf(1) x", "## 1 x"), ("#define f(a) a ##\nf(1) x", "1 ## x")])
def test_hash_hash_at_either_end(src, expected):
    """§6.10.3.3p1: ## neither begins nor ends a replacement list (strict mode: an error); fxc writes such a ## as
    the token ## (d3dcompiler_47 10.1, session 36)."""
    fails_c99(src)
    assert pp(src) == expected


@pytest.mark.parametrize(("src", "expected"), [("#define f(a) #b\nf(1)", '"b"'), ("#define f(a) a #\nf(1)", "1")])
def test_hash_not_before_a_parameter(src, expected):
    """§6.10.3.2p1: in a function-like macro each # is followed by a parameter (strict mode: an error). fxc
    stringizes any identifier after # and keeps any other # as a token (vkd3d's record: "we need to
    stringify even if it's not" an argument)."""
    fails_c99(src)
    assert pp(src) == expected


@pytest.mark.parametrize("src", ["#define x ## y", "#define x y ##"])
def test_object_like_paste_constraint(src):
    """§6.10.3.3p1 binds ## in every replacement list (strict mode); fxc's ## is no operator in an object-like
    macro (vkd3d's record), so the definition stands and the ## stays a token."""
    fails_c99(src)
    assert "##" in pp(src + "\nx")


@pytest.mark.parametrize(("src", "expected"), [
    ("#define x # y\nx", "# y"),             # '#' is an ordinary token in an object-like macro
    ("#define f(a) # a #a\nf(1)", '"1" "1"'),
    ("#define f(a,b) a ## b\nf(x,y)", "xy"),
])
def test_well_formed_definitions(src, expected):
    assert pp(src) == expected


def test_hash_hash_between_two_hashes():
    """§6.10.3.3 EXAMPLE: ``# ## #`` pastes to ``##`` (C99); in fxc's object-like macro it stays three tokens."""
    text = preprocess("#define h # ## #\nh", "t.hlsl", strict_c99=True).text
    assert [ln for ln in text.splitlines() if ln and not ln.startswith("#line")] == ["##"]
    assert pp("#define h # ## #\nh") == "# ## #"


# --- #ifdef / #ifndef / #undef take an identifier ---------------------------------------------------------
@pytest.mark.parametrize("src", ["#ifdef 1\n#endif", "#ifndef 1\n#endif", "#ifdef\n#endif", "#ifndef\n#endif",
                                 "#undef", "#undef 1", '#undef "x"'])
def test_identifier_directives_need_an_identifier(src):
    fails(src)


def test_ifdef_in_a_skipped_group_is_not_checked():
    assert pp("#if 0\n#ifdef 1\n#endif\n#undef\n#endif\nok") == "ok"


# --- §6.10.1 defined ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("cond", "truth"), [
    ("defined A", True), ("defined(A)", True), ("defined ( A )", True), ("defined B", False), ("!defined(B)", True),
    ("defined A && defined(C)", False), ("defined(A) + defined(A) == 2", True),
])
def test_defined_operator(cond, truth):
    assert pp(f"#define A\n#if {cond}\nyes\n#else\nno\n#endif") == ("yes" if truth else "no")


@pytest.mark.parametrize("cond", ["defined", "defined(", "defined(A", "defined()", "defined(1)", "defined 1"])
def test_malformed_defined_is_an_error(cond):
    fails(f"#if {cond}\n#endif")


def test_defined_produced_by_a_macro_is_evaluated():
    """Undefined in C99 (§6.10.1p4); GCC, Clang and MSVC evaluate it as if written in the directive."""
    src = "#define A\n#define DA defined(A)\n#define DB defined B\n#if DA && !DB\nyes\n#else\nno\n#endif"
    assert pp(src) == "yes"
    # the operand is not expanded (A expands to nothing); an argument is expanded before substitution, though
    assert pp("#define HAS(x) defined(x)\n#if HAS(B)\nyes\n#else\nno\n#endif") == "no"


# --- §6.10.4 #line ---------------------------------------------------------------------------------------
def test_line_renumbers_the_following_lines():
    assert pp("#line 10\n__LINE__\n__LINE__") == "10 11"


def test_line_with_a_file_name_sets_file():
    assert pp('a __FILE__ __LINE__\n#line 40 "other.hlsl"\n__FILE__ __LINE__\n\n__LINE__') == \
        'a ' + main_file() + ' 1 "other.hlsl" 40 42'  # (the main file by its full path: session 38, the DLL)


def test_line_operands_come_from_no_macro_in_fxc():
    """§6.10.4p5: the tokens after 'line' are macro-replaced first (strict mode); fxc replaces none: X1500 "unexpected
    token 'N'" and the directive dropped (d3dcompiler_47 10.1, session 35)."""
    src = '#define N 7\n#define F "m.hlsl"\n#line N F\n__LINE__ __FILE__'
    assert pp(src) == "4 " + main_file() and "X1500" in fails(src)
    assert preprocess(src, "t.hlsl", strict_c99=True).text.split()[-2:] == ["7", '"m.hlsl"']


def test_line_counts_through_multi_line_constructs():
    src = "#line 100\n/* two\nlines */ __LINE__\n#define f(a) a\nf(\n1)\n__LINE__"
    assert pp(src) == "101 1 105"


def test_compile_errors_are_reported_at_the_renumbered_line():
    src = '#line 50 "x.hlsl"\nfloat4 main() : SV_Target {\n  return y; }'
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "x.hlsl(51," in ei.value.errors, ei.value.errors


def test_line_in_an_include_is_local_to_that_file():
    class Inc:
        def Open(self, kind, name, parent):  # noqa: N802
            return b"#line 500\ninner __LINE__\n"

        def Close(self, data):  # noqa: N802
            pass

    assert pp('#include "i.h"\nouter __LINE__', Inc()) == "inner 500 outer 2"


@pytest.mark.parametrize("src", ["#line", "#line x", '#line "f.hlsl"'])
def test_line_needs_a_digit_sequence(src):
    fails(src)


# --- conditionals: §6.10.1 grouping ----------------------------------------------------------------------
@pytest.mark.parametrize("src", [
    "#endif", "#else", "#elif 1", "#if 1\n#else\n#else\n#endif", "#if 1\n#else\n#elif 1\n#endif", "#if 1",
    "#ifdef A", "#if 1\n#if 1\n#endif",
])
def test_unbalanced_conditionals_are_errors_in_both_modes(src):
    # fxc 10.1 (sessions 35-36) reports X1502-X1514 and goes on; vkd3d's record had warnings
    fails_c99(src)
    fails(src)


def test_elif_right_after_the_taken_group_is_evaluated_in_fxc():
    # C99 §6.10.1p6 evaluates no later #elif; fxc reads the one right after the taken group: X1503 drops it and the
    # taken group goes on (d3dcompiler_47 10.1, session 36)
    assert pp("#if 1\nA\n#elif 1/0\nB\n#endif") == "A B" and "X1503" in fails("#if 1\nA\n#elif 1/0\nB\n#endif")
    assert preprocess("#if 1\nA\n#elif 1/0\nB\n#endif", "t.hlsl", strict_c99=True).text.split()[-1] == "A"


def test_elif_is_evaluated_when_no_group_was_taken():
    fails_c99("#if 0\n#elif 1/0\n#endif")
    # fxc: X1503, the #elif dropped, so A stays in the #if 0 group (d3dcompiler_47 10.1, session 36)
    assert pp("#if 0\n#elif 1/0\nA\n#endif") == "" and "X1503" in fails("#if 0\n#elif 1/0\nA\n#endif")


@pytest.mark.parametrize("src", ["#error", "#error message text", "#if 1\n#error inside\n#endif"])
def test_error_directive_fails(src):
    fails(src)


def test_error_in_a_skipped_group_is_ignored():
    assert pp("#if 0\n#error no\n#elif 0\n#error no\n#else\nok\n#endif") == "ok"


def test_null_directive_does_nothing_in_c99_only():
    """C99 §6.10.7: "# new-line" has no effect (strict mode); fxc has no null directive: X1500 "unexpected end of
    line", the line dropped (d3dcompiler_47 10.1, sessions 35-36)."""
    assert "".join(preprocess("#\n# \nok", strict_c99=True).text.split()).endswith("ok")
    assert "#" not in preprocess("#\n# \nok", strict_c99=True).text.replace("#line", "")
    assert pp("#\n# \nok").split() == ["ok"] and "X1500" in fails("#\n# \nok")


@pytest.mark.parametrize("src", ["#foo", "#if 1\n#bogus x\n#endif", "#1"])
def test_unknown_directive_in_an_active_group(src):
    """C99 §6.10p1 non-directive (undefined); strict mode errors; fxc reports X1504 (X1500 for "#1") and drops the
    line, and the compile fails on that error (d3dcompiler_47 10.1, sessions 35-36)."""
    fails_c99(src)
    assert ("X1500" if src == "#1" else "X1504") in fails(src) and pp(src) == ""
    with pytest.raises(ShaderCompileError):
        D3DCompile(src + "\nfloat4 main() : SV_Target { return 0; }", None, None, None, None, "main", "ps_4_0", 0, 0)


# --- translation phases: comments and line splices before directives (C99 5.1.1.2) -------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define X 1 /* comment\ncontinues */ 2\nX", "1 2"),     # phase 3: the comment is one space
    ("#define X 1 /* a\nb\nc */\nX __LINE__", "1 4"),          # the lines the comment spans still count
    ("#if 0 /* open\n*/\nno\n#endif\nyes", "yes"),
    ("#def\\\nine X 7\nX", "X"),                              # fxc: a splice ends a token (X1504 'def'; session 36)
    ("#define X 1 \\\n + 2\nX", "1 + 2"),
    ("/*\n#define Z 1\n*/\nZ", "Z"),                           # a directive inside a comment is no directive
    ("x /* #define Y 1 */ Y", "x Y"),
    # C99: '#' must be a line's first token ("# define X 1 X"); fxc 10.1 skips empty object-like names before it
    # (session 37)
    ("#define EMPTY\nEMPTY # define X 1\nX", "1"),
])
def test_comments_and_splices_come_before_directives(src, expected):
    assert pp(src) == expected


@pytest.mark.parametrize("src", ["#define f(a) [a]\nf({1,2})", "#define f(a) [a]\nf([1,2])"])
def test_brackets_and_braces_protect_commas_in_fxc_only(src):
    """§6.10.3p11: arguments are separated by commas not inside matching inner parentheses; braces and
    brackets do not group (strict mode: too many arguments). fxc groups them too (vkd3d's record)."""
    fails_c99(src)
    # (fxc's text writes each token followed by a space: d3dcompiler_47 10.1, session 37)
    assert pp(src) == " ".join("[" + src.split("\n")[1][2:-1] + "]")


def test_parenthesised_commas_stay_in_one_argument():
    assert pp("#define f(a) [a]\nf((1,2))") == "[ ( 1 , 2 ) ]"  # (fxc's spacing, session 37)


def test_a_space_before_the_parenthesis_makes_an_object_like_macro():
    assert pp("#define f (x) x\nf") == "( x ) x"  # (fxc's spacing, session 37)
