"""C99 §6.10.3 clause by clause where earlier tables left gaps, each table from the clause's own text:

* §6.10.3p4, p5, p12 and §6.10.3.1p2: variadic macros (``...``, ``__VA_ARGS__``) and §6.10.3.5 EXAMPLE 7, which
  fxc does not have (X1500; the fxc-mode rows hold d3dcompiler_47 10.1's answers, session 36);
* §6.10.3.2p2: ``#`` escapes ``"`` and ``\\`` only inside string literals and character constants (EXAMPLE 4's
  ``str(: @\\n)`` keeps its one backslash), white space between tokens becomes one space;
* the charizing operator ``#@`` (HLSL "#define directive (macro)" page: "stringizing (#), charizing (#@), or
  token-pasting (##) operator");
* §6.10.3p2 and EXAMPLE 6: which redefinitions are identical (fxc warns X1519 for the others);
* §6.10.3.4: rescanning and painted-blue names (the standard's ``f(2)(9)`` example);
* §6.10.5 and the HLSL "#error Directive" page: the token string "is subject to macro expansion".
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import fxc_errors, main_file

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess, tokenize_line

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def run(src: str) -> tuple[str, str]:
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, None, msgs)).decode()
    text = " ".join(ln for ln in out.splitlines() if not ln.startswith("#line"))
    return text, "".join(bytes(m).decode() for m in msgs)


def toks(src: str) -> list[str]:
    """The result as tokens (C99 leaves the white space between them to the implementation)."""
    return [t for t in tokenize_line(run(src)[0]) if t != " "]


def expect(text: str) -> list[str]:
    return [t for t in tokenize_line(text) if t != " "]


def fails(src: str) -> str:
    return fxc_errors(src)


# --- §6.10.3p12, §6.10.3.1p2: variadic macros ----------------------------------------------------------------
# fxc has none: d3dcompiler_47 10.1 (under Wine, sessions 35-36) refuses "..." in a parameter list with X1500
# "unexpected token '...'" and ignores the definition, so each invocation below stays as written (the strict C99
# mode keeps variadic macros: test_variadic_macros_in_strict_c99_mode). Each row: the source and fxc's tokens.
VARIADIC = [
    ("#define F(...) <__VA_ARGS__>\nF(a, b, c)", "F ( a , b , c )"),
    ("#define F(...) <__VA_ARGS__>\nF()", "F ( )"),
    ("#define F(...) <__VA_ARGS__>\nF(,)", "F ( , )"),
    ("#define F(...) <__VA_ARGS__>\nF((a, b), c)", "F ( ( a , b ) , c )"),
    ("#define F(x, ...) [x|__VA_ARGS__]\nF(1, 2, 3)", "F ( 1 , 2 , 3 )"),
    ("#define F(x, y, ...) [x|y|__VA_ARGS__]\nF(1, 2, 3, 4)", "F ( 1 , 2 , 3 , 4 )"),
    ("#define F(x, ...) [x|__VA_ARGS__]\nF(1,)", "F ( 1 , )"),
    ("#define F(x, ...) [x|__VA_ARGS__]\nF(1)", "F ( 1 )"),
    ("#define ONE 1\n#define F(...) (__VA_ARGS__)\nF(ONE, ONE)", "F ( 1 , 1 )"),
    ("#define SECOND(a, b) b\n#define F(...) SECOND(__VA_ARGS__)\nF(x, y)", "F ( x , y )"),
    ("#define F(...) __VA_ARGS__\n#define G(a, b) a + b\nG(F(1), 2)", "F ( 1 ) + 2"),
    ("#define S(...) #__VA_ARGS__\nS(a,  b ,c)", "S ( a , b , c )"),
    ("#define S(x, ...) #__VA_ARGS__\nS(7, Pass, 8)", "S ( 7 , Pass , 8 )"),
    ("#define S(...) #__VA_ARGS__\nS()", "S ( )"),
    ("#define P(...) x ## __VA_ARGS__\nP(1, 2)", "P ( 1 , 2 )"),
    ("#define P(...) x ## __VA_ARGS__\nP()", "P ( )"),
    ("#define F(...) [__VA_ARGS__]\nF + 1", "F + 1"),
]


@pytest.mark.parametrize(("src", "expected"), VARIADIC)
def test_variadic_definitions_are_refused(src, expected):
    assert toks(src) == expect(expected)
    assert "X1500" in fails(src).split("\n")[0]


def test_c99_example_7_as_fxc():
    """§6.10.3.5 EXAMPLE 7 through fxc: its three variadic definitions are refused (X1500), the text stays."""
    src = ('#define debug(...) fprintf(stderr, __VA_ARGS__)\n#define showlist(...) puts(#__VA_ARGS__)\n'
           '#define report(test, ...) ((test)?puts(#test):\\\n printf(__VA_ARGS__))\n'
           'debug("Flag");\ndebug("X = %d\\n", x);\nshowlist(The first, second, and third items.);\n'
           'report(x>y, "x is %d but y is %d", x, y);')
    assert toks(src) == expect('debug ( "Flag" ) ; debug ( "X = %d\\n" , x ) ; '
                               'showlist ( The first , second , and third items . ) ; '
                               'report ( x > y , "x is %d but y is %d" , x , y ) ;')
    assert "X1500" in fails(src)


def test_variable_arguments_inside_another_invocation_as_fxc():
    # F is not defined (X1500), so G's one argument F(1, 2) is written as it is
    assert toks("#define F(...) __VA_ARGS__\n#define G(a) a\nG(F(1, 2))") == expect("F(1, 2)")


@pytest.mark.parametrize("src", [
    "#define F(x, y, ...) x\nF(1)",           # fewer arguments than named parameters
    "#define F(..., x) x",                    # p12: "..." ends the parameter list
    "#define F(x, ..., y) x",
    "#define F(x, x, ...) x",                # p6 still holds for the named ones
    "#define F(x...) x",                     # GCC's named variable arguments are no C99 (nor MSVC) form
])
# (C99 p5's "#define F(__VA_ARGS__) 1" is no error in fxc, which takes __VA_ARGS__ as an ordinary parameter name:
# d3dcompiler_47 10.1, session 45 -- test_rules_preproc_s45.py)
def test_variadic_constraints(src):
    fails(src)


@pytest.mark.parametrize("src", ["#define F(x) __VA_ARGS__\nF(1)", "#define O __VA_ARGS__\nO"])
def test_va_args_is_an_ordinary_identifier_in_fxc(src):
    # C99 p5 allows __VA_ARGS__ only in a variadic macro's list; fxc has no variadic macros and takes it as a name
    # (d3dcompiler_47 10.1, session 36: no message)
    assert run(src)[1] == "" and toks(src) == ["__VA_ARGS__"]


def test_a_non_variadic_macro_still_counts_its_arguments():
    # too many and too few are both fxc's X1516 "not enough actual parameters", the name written alone (session 36)
    out, msgs = run("#define F(x) [x]\nF(1, 2)")
    assert toks(out.replace("#line", "")) == expect("F") and "error X1516" in msgs
    assert "X1516" in fails("#define F(x, y) x\nF(1)")


# --- §6.10.3.2p2: # --------------------------------------------------------------------------------------------
STRINGIZE = [
    # EXAMPLE 4: a \ or " gets a \ before it inside a string literal or character constant only; fxc doubles no
    # backslash of a character constant ('\4' stays; d3dcompiler_47 10.1, session 36)
    ('#define str(s) # s\nfputs(str(strncmp("abc\\0d", "abc", \'\\4\') // this goes away\n == 0) str(: @\\n), s);',
     '''fputs("strncmp(\\"abc\\\\0d\\", \\"abc\\", '\\4') == 0" ": @\\n", s);'''),
    ("#define s(a) #a\ns(a\\b)", '"a\\b"'),             # a backslash outside a literal is kept as it is
    ('#define s(a) #a\ns("a\\"b")', '"\\"a\\\\\\"b\\""'),
    ("#define s(a) #a\ns('\"')", "\"'\\\"'\""),
    ("#define s(a) #a\ns(  a   +\t b  )", '"a + b"'),  # leading and trailing white space deleted, runs are one
    ("#define s(a) #a\ns(a/**/b)", '"a b"'),            # a comment is white space
]


@pytest.mark.parametrize(("src", "expected"), STRINGIZE)
def test_stringizing(src, expected):
    assert toks(src) == expect(expected)


# --- #@ (the HLSL #define page) ------------------------------------------------------------------------------
CHARIZE = [
    ("#define c(a) #@a\nc(x)", "'x'"),
    ("#define c(a) #@ a\nc( y )", "'y'"),
    ("#define c(a, b) #@b #@a\nc(p, q)", "'q' 'p'"),
    ("#define ONE 1\n#define c(a) #@a\nc(ONE)", "'1'"),  # fxc replaces the argument first (as #; session 36)
    ("#define c(a) #@a\nc(')", "\'\'\'"),  # fxc: one character as written (d3dcompiler_47 10.1, session 36)
]


@pytest.mark.parametrize(("src", "expected"), CHARIZE)
def test_charizing(src, expected):
    assert toks(src) == expect(expected)


def test_charizing_takes_any_token():
    # fxc 10.1 (sessions 35-36): #@ before a name that is no parameter charizes it; at the end it gives nothing
    assert toks("#define c(a) #@b\nc(1)") == ["'b'"] and run("#define c(a) #@b\nc(1)")[1] == ""
    assert toks("#define c(a) #@\nc(1) x") == ["x"]


# --- §6.10.3p2, EXAMPLE 6: identical redefinitions ------------------------------------------------------------
@pytest.mark.parametrize("second", [
    "#define OBJ_LIKE /* white space */ (1-1) /* other */",
    "#define OBJ_LIKE (1-1)",
])
def test_identical_redefinitions_are_silent(second):
    text, msgs = run(f"#define OBJ_LIKE (1-1)\n{second}\nOBJ_LIKE")
    assert "X1519" not in msgs and expect(text) == ["(", "1", "-", "1", ")"]  # (fxc's text spaces its tokens)


def test_example_6_function_like_redefinition_is_identical():
    src = ("#define FUNC_LIKE(a) ( a )\n#define FUNC_LIKE( a )( /* note the white space */ \\\n"
           "a /* other stuff on this line\n */ )\nFUNC_LIKE(1)")
    text, msgs = run(src)
    assert "X1519" not in msgs and expect(text) == ["(", "1", ")"]


@pytest.mark.parametrize(("first", "second"), [
    ("#define OBJ_LIKE (1-1)", "#define OBJ_LIKE (0)"),                   # a different token sequence
    ("#define FUNC_LIKE(a) ( a )", "#define FUNC_LIKE(b) ( a )"),         # different parameter usage
])
def test_example_6_invalid_redefinitions_warn_x1519(first, second):
    _, msgs = run(f"{first}\n{second}\n")
    assert "X1519" in msgs


@pytest.mark.parametrize(("first", "second"), [
    ("#define OBJ_LIKE (1-1)", "#define OBJ_LIKE (1 - 1)"),               # different white space
    ("#define FUNC_LIKE(a) ( a )", "#define FUNC_LIKE(b) ( b )"),         # different parameter spelling
    ("#define F(a, ...) a", "#define F(a) a"),                            # the first refused (X1500)
])
def test_example_6_redefinitions_fxc_takes_as_identical(first, second):
    # EXAMPLE 6 calls these invalid; d3dcompiler_47 10.1 (session 36) gives no X1519 (white space ignored,
    # parameters compared by position; a refused variadic definition defines nothing)
    _, msgs = run(f"{first}\n{second}\n")
    assert "X1519" not in msgs


# --- §6.10.3.4: rescanning, painted-blue names ----------------------------------------------------------------
RESCAN = [
    # §6.10.3.4p4 EXAMPLE: either "2*9*g" or "2*f(9)" is allowed (GCC, MSVC: 2*9*g); fxc gives the invocation
    # up when its expansion meets f again and writes it as it was (d3dcompiler_47 10.1, session 36)
    ("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "f(2)(9)"),
    ("#define foo foo\nfoo", "foo"),                                    # p2: a macro's own name is not replaced
    ("#define a b\n#define b a\na b", "a b"),                           # nor through another macro
    ("#define f(x) x\n#define g f(g)\ng", "g"),                         # painted g stays painted in f's argument
    ("#define f(x) x f\nf(1)(2)", "f(1)(2)"),                          # fxc: f met again, the invocation given up
    ("#define obj(x) x\n#define id obj\nid(5)", "5"),                   # the name comes from a replacement
    ("#define lparen (\n#define f(x) [x]\nf lparen 1)", "f ( 1)"),      # p3-ish: "(" must follow f in the source
]


@pytest.mark.parametrize(("src", "expected"), RESCAN)
def test_rescanning(src, expected):
    assert toks(src) == expect(expected)


def test_a_directive_produced_by_an_expansion_is_not_a_directive():
    """§6.10.3.4p3: a result that looks like a directive is not processed as one."""
    assert toks("#define D # define X 1\nD\nX") == ["#", "define", "X", "1", "X"]


# --- §6.10.5 #error: the HLSL #error page says its token string is macro-expanded; d3dcompiler_47 10.1 (session 38)
# reports the text as written after the word, unreplaced, as "error:" without a number (X1003 and the replaced text
# before); the strict C99 mode keeps the replacement
@pytest.mark.parametrize(("src", "message"), [
    ("#define WHY missing feature\n#error WHY here", "(2,2-6): error: WHY here"),
    ("#error plain words", "(1,2-6): error: plain words"),
    ("#define F(x) got x\n#error F(1)", "(2,2-6): error: F(1)"),
    ("#define F(x) got x\n#error F(1", "(2,2-6): error: F(1"),
])
def test_error_reports_its_token_string_as_written(src, message):
    errors = fails(src)
    assert message in errors and "X1003" not in errors


def test_error_expands_its_token_string_in_the_strict_mode():
    with pytest.raises(HlslError) as ei:
        preprocess("#define F(x) got x\n#error F(1)", "t.hlsl", strict_c99=True)
    assert ei.value.code == 1003 and "#error got 1" in ei.value.text()


def test_error_in_an_inactive_group_is_not_expanded_or_raised():
    assert run("#if 0\n#error F(\n#endif\nok")[0].split() == ["ok"]


# --- strict C99 pasting reaches the same variadic results --------------------------------------------------
def test_variadic_macros_in_strict_c99_mode():
    res = preprocess("#define F(x, ...) x(__VA_ARGS__)\nF(f, 1, 2)", "t.hlsl", strict_c99=True)
    assert [t for t in tokenize_line(res.text.splitlines()[-1]) if t != " "] == ["f", "(", "1", ",", "2", ")"]


# --- numbers are HLSL literals, not pp-numbers (the #define page's MERGE example) -----------------------------
HLSL_NUMBERS = [
    # "the pasted tokens must be valid tokens on their own": MERGE(float, 4x4) is "float4 x4", not "float4x4"
    ("#define MERGE(a, b) a##b\nMERGE(float, 4x4) test;", ["float4", "x4", "test", ";"]),
    ("#define MERGE(a, b) a##b\nMERGE(MERGE(float, 4), x4) test;", ["float4x4", "test", ";"]),  # the workaround
    # a name after digits is its own token, so it is replaced (C99's pp-number 4__FILE__ would hide it)
    ("#define X 7\n4X", ["4", "7"]),
    ("4__FILE__", ["4", '"t.hlsl"']),
    # the literals HLSL has stay one token each
    ("1.0f 2.5e-3 .5h 10u 0x1Fu 1e+5 7L 3.", ["1.0f", "2.5e-3", ".5h", "10u", "0x1Fu", "1e+5", "7L", "3."]),
    ("#define F(x) x\nF(1.5e+2f)", ["1.5e+2f"]),
    ("1.0.xxxx", ["1.0", ".", "xxxx"]),  # a swizzle of a literal
]


@pytest.mark.parametrize(("src", "expected"), HLSL_NUMBERS)
def test_numbers_are_hlsl_literals(src, expected):
    # (the main file's __FILE__ is its full path: d3dcompiler_47 10.1, session 38)
    assert [t for t in tokenize_line(run(src)[0]) if t != " "] == [main_file() if e == '"t.hlsl"' else e for e in expected]


def test_the_merge_example_reaches_the_compiler():
    """The page's point: the first form declares ``float4 x4`` followed by a stray ``test`` (an error), the
    workaround a float4x4."""
    from pyd3d11.shader.compile_api import D3DCompile
    body = "\nfloat4 main() : SV_Target { return test[0]; }"
    D3DCompile("#define MERGE(a, b) a##b\nMERGE(MERGE(float, 4), x4) test;" + body, None, "t.hlsl", None, None,
               "main", "ps_5_0")
    with pytest.raises(ShaderCompileError):
        D3DCompile("#define MERGE(a, b) a##b\nMERGE(float, 4x4) test;" + body, None, "t.hlsl", None, None,
                   "main", "ps_5_0")


def test_strict_c99_mode_keeps_pp_numbers():
    """C99 §6.4.8: a pp-number takes letters, digits, '.', and e+ / e-; the differential test against cpp runs
    in this mode."""
    res = preprocess("#define X 7\n4X 4__FILE__ 1e+x", "t.hlsl", strict_c99=True)
    assert [t for t in tokenize_line(res.text.splitlines()[-1], pp_numbers=True) if t != " "] == \
        ["4X", "4__FILE__", "1e+x"]


# --- D3DPreprocess: "outputs #line directives and preserves line numbering of source input" -------------------
def _placed(text: str) -> dict[str, tuple[str, int]]:
    """Every word of the output with the (file, line) the output's #line markers give its line."""
    where: dict[str, tuple[str, int]] = {}
    file, line = "", 1
    for ln in text.split("\n"):
        if ln.startswith("#line "):
            num, _, name = ln[6:].partition(" ")
            file, line = name.strip('"').replace("\\\\", "\\") or file, int(num)
            continue
        for w in re.findall(r"L[a-z]_\d+", ln):
            where[w] = (file, line)
        line += 1
    return where


class _Files:
    def __init__(self, files):
        self.files = files

    def Open(self, kind, name, parent):  # noqa: N802
        return self.files[name].encode()

    def Close(self, data):  # noqa: N802
        pass


LINE_MAPS = [
    # (files, moved): each word Lm_n stands on line n of file m in the source and must be on that line after
    # preprocessing, except the words ``moved`` names: an argument on a later line of a multi-line invocation is
    # replaced into the invocation's one output line (the line of its name)
    ({"m": "Lm_1\n\nLm_3\n#define X 1\nLm_5 X\n#if 0\nno\n#else\nLm_9\n#endif\nLm_11"}, {}),
    ({"m": "Lm_1\n/* a comment\nover lines */ Lm_3\n// note\nLm_5"}, {}),
    ({"m": '#include "a.h"\nLm_2\n#include "a.h"\nLm_4', "a.h": "La_1\n\nLa_3"}, {}),
    ({"m": '#include "a.h"\nLm_2', "a.h": '#include "b.h"\nLa_2', "b.h": "\nLb_2"}, {}),
    ({"m": "#define F(x) x\nF(Lm_2\n)\nLm_4\nF(\nLm_6)\nLm_7"}, {"Lm_6": ("m", 5)}),
    ({"m": "#line 100\nLm_100\n\nLm_102"}, {}),
    ({"m": '#include "a.h"\nLm_2\n#include "a.h"\nLm_4', "a.h": "#pragma once\nLa_2"}, {}),
]


@pytest.mark.parametrize(("files", "moved"), LINE_MAPS)
def test_output_lines_map_back_to_source_lines(files, moved):
    """The D3DPreprocess page: the output's line numbering, read through its #line directives, relates each line
    to the input source line it came from."""
    # (fxc's text names the main file by its full path, an include as its #include wrote it: d3dcompiler_47 10.1,
    # session 37; so the main file is given one)
    text = bytes(D3DPreprocess(files["m"], None, "C:\\m", None, _Files(files))).decode()
    placed = _placed(text)
    for name, src in files.items():
        for w in re.findall(r"L[a-z]_\d+", src):
            want = moved.get(w, (name, int(w.split("_")[1])))
            want = ("C:\\m" if want[0] == "m" else want[0], want[1])
            assert placed.get(w) == want, (w, placed.get(w), text)


# --- the #if page: "Conditional-compilation directives contained in include files must satisfy the same
# conditions" (each #if matched by an #endif within its own file; C99 §6.10.1 groups are per source file) -----
@pytest.mark.parametrize(("main", "inc"), [
    ('#include "a.h"\nx', "#if 1\ny"),                       # an #if the included file leaves open
    ('#include "a.h"\nx', "#ifdef Q\ny\n#else"),
    ('#if 1\n#include "a.h"\n', "#endif"),                   # an #endif closing the includer's #if
    ('#if 1\n#include "a.h"\n#endif', "#else\ny"),
    ('#if 0\n#else\n#include "a.h"\n#endif', "#elif 1"),
])
def test_conditionals_balance_within_each_file(main, inc):
    """Each file's groups are its own: an #endif in the included file does not close the includer's #if (the
    includer's stays open), an #if it leaves open ends with it. fxc warns (vkd3d's record keeps one #if stack
    per file and warns "Unterminated #if block", "Ignoring #endif without prior #if")."""
    msgs: list = []
    D3DPreprocess(main, None, "m", None, _Files({"a.h": inc}), msgs)
    assert "a.h(" in "".join(bytes(m).decode() for m in msgs)  # the warning names the included file


def test_balanced_conditionals_across_an_include_are_fine():
    out = bytes(D3DPreprocess('#if 1\n#include "a.h"\n#endif\nz', None, "m", None,
                              _Files({"a.h": "#if 0\nno\n#else\nyes\n#endif"}))).decode()
    assert [w for ln in out.splitlines() if not ln.startswith("#line") for w in ln.split()] == ["yes", "z"]


def test_a_variadic_macro_fails_the_compile():
    """A variadic definition is fxc's X1500, which fails D3DCompile (d3dcompiler_47 10.1, session 36)."""
    from pyd3d11.shader.compile_api import D3DCompile
    src = ("#define MAKE(T, ...) T(__VA_ARGS__)\n#define OUT(...) return MAKE(float4, __VA_ARGS__);\n"
           "float4 main() : SV_Target { OUT(0.25, 0.5, 0.75, 1) }")
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "X1500" in ei.value.errors
