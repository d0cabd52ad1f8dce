"""The preprocessor against C99 §6.10 paragraph by paragraph (and the translation phases 1-3 of 5.1.1.2 that come
before it), each expected text taken from the standard's wording or its EXAMPLEs, never from the code under test.

Where HLSL's documented rules differ (numbers are HLSL literals, #if arithmetic is 32-bit ``long`` per the HLSL #if
page) the HLSL page's rule is the expectation; where fxc's tolerance differs (see test_hlsl_preproc_fxc_tolerance.py)
the C99 rule is checked in the strict mode the GCC differential uses.
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import MemoryInclude, fxc_errors, main_file, run, toks

from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def fails(src: str, files: dict[str, str] | None = None) -> str:
    return fxc_errors(src, files)


def strict(src: str) -> list[str]:
    text = preprocess(src, "t.hlsl", strict_c99=True).text
    return toks(" ".join(ln for ln in text.splitlines() if not ln.startswith("#line")))


# --- 5.1.1.2 phases 1-3: line splices everywhere, comments are one space -------------------------------------
PHASES = [
    # phase 2 deletes a splice before tokens form; fxc joins the lines but the splice still ends a token (the
    # rows marked fxc are its answers, d3dcompiler_47 10.1, session 36)
    ("pa\\\nss", "pa ss"),                                      # fxc: a splice inside an identifier splits it
    ("pa\\\r\nss", "pa ss"),                                    # ... after a CR LF line end (phase 1)
    ("12\\\n34", "12 34"),                                      # ... inside a number (fxc)
    ('"pa\\\nss"', '"pass"'),                                   # ... inside a string literal
    ("// c \\\nfail\npass", "pass"),                            # ... continuing a // comment (phase 2 before 3)
    ("/\\\n* c *\\\n/pass", "/ * c * / pass"),                  # fxc: no comment opens across it
    ("/\\\n/ c\npass", "/ / c pass"),                           # ... nor a // comment
    ("#def\\\nine X pass\nX", "X"),                             # fxc: the unknown directive 'def' (X1504)
    ("#define X p\\\nass\nX", "p ass"),                         # fxc: inside a replacement list
    ("#define F(a, b) a #\\\n# b\nF(pa, ss)", 'pa "#" ss'),     # fxc: # # and # then stringizes the # token
    ("#if 1 \\\n && 1\npass\n#endif", "pass"),                  # ... inside an #if expression
    ("p/**/ass", "p ass"),                                      # phase 3: a comment is one space
    ("a/*\n*/b", "a b"),                                        # ... also one spanning lines
    ("#/**/define X pass\nX", "pass"),                          # ... between # and the directive name
    ("#if/**/1\npass\n#endif", "pass"),
    ("#define F(a) a/**/b\nF(x)", "x b"),
    ("#define X pass // fail\nX", "pass"),                      # a // comment ends a directive's tokens
    ("#define X pass /* fail */\nX", "pass"),
    ('#define X "/* not a comment */"\nX', '"/* not a comment */"'),  # no comment inside a string literal
    ("'/' '*' x '*' '/'", "'/' '*' x '*' '/'"),
    ("", ""),                                                   # an empty source file
    ("#define X pass\nX", "pass"),                              # no new-line at the end of the file
    ("#if 1\npass\n#endif", "pass"),                            # a directive as the last line, no new-line
    ("#", ""),                                                  # fxc has no null directive: X1500, the line goes
]


@pytest.mark.parametrize(("src", "expected"), PHASES)
def test_translation_phases(src, expected):
    assert run(src)[0] == toks(expected)


# --- §6.10.1 conditional inclusion ------------------------------------------------------------------------
IF_TRUTH = [
    ("UNDEFINED", False),                     # p3: identifiers left after replacement are 0
    ("UNDEFINED == 0", True),
    ("UNDEFINED_F(1) + 1" if False else "!UNDEFINED", True),
    ("defined X", False), ("defined(X)", False), ("defined ( X )", False), ("!defined X", True),
    ("defined D", True), ("defined(D)", True), ("defined D && D == 2", True),
    ("-1 < 0u", False),                       # p4: usual arithmetic conversions, -1 becomes UINT_MAX
    ("-1 > 0u", True),
    ("1u - 2 > 0", True),
    ("0xFFFFFFFF == -1", True),               # the HLSL #if page: 32-bit long/unsigned long (C99's intmax_t differs)
    ("2147483648 < 0", False),                # unsigned: does not fit long
    ("-2147483647 - 1 < 0", False),           # fxc: unsigned 32-bit values (issue 15)
    ("-1 / 2 == 0x7FFFFFFF", True),
    ("-7 % 3 == -1", True),
    ("'a' == 97", True),                      # character constants
    ("010 == 8 && 0x10 == 16 && 10u == 10 && 1L == 1", True),
    ("1 << 31 < 0", True), ("~0u == 0xFFFFFFFF", True),
]


@pytest.mark.parametrize(("expr", "truth"), IF_TRUTH)
def test_if_expression_values(expr, truth):
    src = f"#define D 2\n#if {expr}\npass\n#else\nfail\n#endif"
    if any(op in expr for op in ("%", "~", "<<", ">>")):
        # fxc's #if lacks these (session 19): C99's value in the strict mode
        assert ("pass" if truth else "fail") in preprocess(src, "t.hlsl", strict_c99=True).text.split()
        return
    assert run(src)[0] == (["pass"] if truth else ["fail"])


@pytest.mark.parametrize("expr", [
    "", "1 +", "(1", "1 2", "1 = 1", "x++",   # not a constant expression
    "1, 2",                                   # §6.6p3: no comma operator where evaluated
    "1.0", "2e3", "1.5f",                     # §6.10.1p1: an integer constant expression (no floating constants)
    '"str"',
    "UNDEFINED_F(1)",                         # 0 (1) after p3's replacement
    "defined", "defined(", "defined(X", "defined 1",
])
def test_if_expression_errors(expr):
    fails(f"#if {expr}\n#endif")


def test_if_elif_else_choose_one_group():
    src = "#if {a}\nA\n#elif {b}\nB\n#elif {c}\nC\n#else\nE\n#endif"
    for a, b, c, want in [(1, 1, 1, "A"), (0, 1, 1, "B"), (0, 0, 1, "C"), (0, 0, 0, "E")]:
        assert run(src.format(a=a, b=b, c=c))[0] == [want]


# C99 evaluates none of these operands (or allows the escape); fxc refuses them, drops the #if and goes on, so the
# #else and #endif are stray: (expression, fxc's first error) (d3dcompiler_47 10.1, session 36)
IF_FXC_REFUSES = [
    ("'\\0' == 0", "X1500"),                   # no escape sequence in an #if character constant
    ("1 ? 2 : (1 / 0)", "X1503"),                # a division by zero evaluated or not
    ("(2 || 1 / 0) && (0 || 3)", "X1503"),
    ("(0 && 1 / 0) == 0", "X1503"),
    ("0 ? (1, 2) : 3", "X1500"),                 # no comma operator at all
]


@pytest.mark.parametrize(("expr", "error"), IF_FXC_REFUSES)
def test_if_expressions_fxc_refuses(expr, error):
    out, msgs = run(f"#define D 2\n#if {expr}\npass\n#else\nfail\n#endif")
    assert out == ["pass", "fail"] and re.findall(r"error (X\d+)", msgs)[:1] == [error]


def test_elif_after_a_taken_group_is_evaluated_by_fxc():
    """p6: the later #elif is skipped, its expression not read; fxc reads the #elif right after the taken group
    (X1500 for this malformed one) and the taken group goes on (d3dcompiler_47 10.1, session 36)."""
    out, msgs = run("#if 1\npass\n#elif garbage (\nfail\n#endif")
    assert out == ["pass"] and "error X1500: syntax error : unexpected token '('" in msgs


def test_skipped_groups_read_directives_only_through_their_names():
    """p6: in a skipped group directives are processed only through the name that determines the directive, to
    keep track of nested conditionals; the rest of their tokens and all other tokens are ignored."""
    src = ("#if 0\n#if garbage (\n#elif also garbage\n#else junk\n#endif junk\n#error no\n#foo bar\n"
           '#include <nonexistent>\n#line x y\n#define\n#undef\n#ifdef\n#endif\n#pragma bogus\n'
           "#endif\npass")
    assert run(src) == (["pass"], "")
    # fxc's string left open runs onto the next line, a skipped group's too: X1005, and that line is no directive
    # (d3dcompiler_47 10.1, session 42: the #endif after "unterminated is not read, X1502 at the end; with a blank
    # line between, pass is written)
    assert "X1005" in fails('#if 0\n"unterminated\n#endif\npass') and "X1502" in fails('#if 0\n"unterminated\n#endif\npass')
    assert run('#if 0\n"unterminated\n\n#endif\npass')[0] == ["pass"]


def test_a_directive_inside_a_skipped_nested_group_does_not_end_the_outer_one():
    assert run("#if 0\n#ifdef X\n#else\nfail\n#endif\nfail\n#else\npass\n#endif")[0] == ["pass"]


@pytest.mark.parametrize("name", ["ifdef", "ifndef"])
def test_ifdef_needs_an_identifier(name):
    fails(f"#{name}\n#endif")
    fails(f"#{name} 1\n#endif")


# --- §6.10.2 source file inclusion ------------------------------------------------------------------------
INCLUDES = [
    ('#include "a.h"\nz', {"a.h": "pass"}, "pass z"),
    ("#include <a.h>\nz", {"a.h": "pass"}, "pass z"),
    # p4 replaces macros in any other form; fxc does not: X1500 naming the token, nothing included (session 35)
    ('#define H "a.h"\n#include H', {"a.h": "pass"}, ""),
    ("#define H <a.h>\n#include H", {"a.h": "pass"}, ""),
    ('#define N a.h\n#define S(x) #x\n#define XS(x) S(x)\n#include XS(N)', {"a.h": "pass"}, ""),
    # __FILE__: the presumed name, the main file's full path (fxc's; d3dcompiler_47 10.1, session 38)
    ('#include "a.h"\n__FILE__', {"a.h": "__FILE__ __LINE__"}, '"a.h" 1 "t.hlsl"'),
    ('#include "a.h"\n__LINE__', {"a.h": "\n\n\n"}, "2"),                              # lines count per file
    ('#include "a.h"\n#if X\npass\n#endif', {"a.h": "#define X 1"}, "pass"),          # macros persist
    ('#include "a.h"', {"a.h": '#include "b.h"\nA'}, "B A"),                           # nested (p6)
    ("#if 0\n#include <missing.h>\n#endif\npass", {}, "pass"),                          # skipped: not opened
]


@pytest.mark.parametrize(("src", "files", "expected"), INCLUDES)
def test_include(src, files, expected):
    files = dict(files, **({"b.h": "B"} if "b.h" in str(files) else {}))
    assert run(src, files)[0] == toks(expected.replace('"t.hlsl"', main_file()))


def test_include_errors():
    fails("#include a.h")                     # neither form after replacement
    fails("#include")
    fails('#include "missing.h"')             # the handler cannot open it
    fails('#include "a.h"', {"a.h": "#error inside"})


def test_include_takes_the_header_name_as_written():
    """6.4.7: a header name's characters are not escape sequences (``\\`` separates folders on Windows)."""
    for src in ('#include "dir\\a b.h"', "#include <dir\\a b.h>", "#include <a+b.h>"):
        name = src.split(None, 1)[1][1:-1]
        inc = MemoryInclude({name: "pass"})
        out = bytes(D3DPreprocess(src, None, "t.hlsl", None, inc)).decode()
        assert inc.opened == [name] and "pass" in out


def test_tokens_after_the_header_name_are_x1500():
    # fxc: "syntax error : unexpected token 'junk'", the file still included (session 35)
    assert run('#include "a.h" junk', {"a.h": "pass"})[0] == ["pass"]
    assert "error X1500" in run('#include "a.h" junk', {"a.h": "pass"})[1]


# --- §6.10.3 macro replacement: the EXAMPLEs of §6.10.3.4 and §6.10.3.5 not tabled elsewhere ----------------
MACROS = [
    ("#define TABSIZE 100\nint table[TABSIZE];", "int table[100];"),                           # 6.10.3.5 EXAMPLE 1
    ("#define max(a, b) ((a) > (b) ? (a) : (b))\nmax(1, 2)", "((1) > (2) ? (1) : (2))"),         # EXAMPLE 2
    # 6.10.3.4 EXAMPLE ("2*9*g" in C99); fxc gives up an invocation that meets its own name again and writes it
    # as it was (d3dcompiler_47 10.1, session 36; preprocessor.py's RecursionContext)
    ("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "f(2)(9)"),
    ("#define A(x) B(x)\n#define B(x) A(x)\nA(1)", "A(1)"),                                     # p2: no recursion
    ("#define A A B\n#define B A\nA", "A"),                    # fxc (C99: A A)
    ("#define str(a) #a\nstr(  p  a   s  s  )", '"p a s s"'),                                    # 6.10.3.2p2
    ('#define str(a) #a\nstr( a   "b  c"  d )', '"a \\"b  c\\" d"'),                             # string kept
    ("#define str(a) #a\nstr(/* */ a /* */ b /* */)", '"a b"'),
    ("#define str(a) #a\nstr(a\n   b)", '"a b"'),                                              # new-lines too
    ("#define str(a) #a\nstr(a /* multi\nline */ b)", '"a b"'),
    ("#define F(x) x\nF\n(pass)", "F (pass)"),          # p10 lets a new-line come before "("; fxc does not
    ("#define F(x) x\nF (pass)", "pass"),
    ("#define F(x) x\npass F", "pass F"),                                                       # not invoked
    # 6.10.3.4p3 keeps the line text ("# define X fail X"); fxc reads it as a directive (d3dcompiler_47 10.1,
    # session 37: names of empty object-like macros before a line's "#")
    ("#define EMPTY\nEMPTY # define X fail\nX", "fail"),
]


@pytest.mark.parametrize(("src", "expected"), MACROS)
def test_macro_replacement(src, expected):
    assert run(src)[0] == toks(expected)


def test_c99_paste_of_tokens_that_form_no_token_is_left_to_the_implementation():
    """§6.10.3.3p3: ``+`` ## ``-`` is no valid token (undefined behaviour; fxc's is unrecorded). The text is
    read back as the two tokens, as MSVC does."""
    assert run("#define F(a, b) a##b\nF(+, -)")[0] == ["+", "-"]


# --- §6.10.4 line control ---------------------------------------------------------------------------------
LINES = [
    ("#line 5\n__LINE__", "5"),
    # p3 reads the digit sequence as decimal (10); fxc reads C's octal: 8 (d3dcompiler_47 10.1, session 37)
    ("#line 010\n__LINE__", "8"),
    ('#line 5 "x.h"\n__FILE__ __LINE__', '"x.h" 5'),
    ('#line 5 "x.h"\n#line 7\n__FILE__ __LINE__', '"x.h" 7'),   # the presumed name stays
    ("#define L 42\n#line L\n__LINE__", "3"),          # p5 replaces macros; fxc does not (X1500, dropped)
    ('#define L 42 "y.h"\n#line L\n__FILE__', '"t.hlsl"'),
    ("#line 100\n\n\n__LINE__", "102"),
    ('#line 5 "C:\\dir\\f.h"\n__FILE__', '"C:\\\\dir\\\\f.h"'),  # the name as written (no escapes), __FILE__ a literal of it
    ("a\n#if 0\n\n#endif\n__LINE__", "a 5"),           # skipped lines still count
]


@pytest.mark.parametrize(("src", "expected"), LINES)
def test_line(src, expected):
    # (the main file's __FILE__ is its full path: d3dcompiler_47 10.1, session 38)
    assert run(src)[0] == toks(expected.replace('"t.hlsl"', main_file()))


def test_line_file_name_is_taken_as_written():
    """The HLSL "Preprocessor Directives" page: "escape sequences are not supported" in preprocessor statements
    (C99 §6.10.4p4 would read the literal's escapes): a Windows path names itself."""
    err = fails('#line 9 "C:\\dir\\x.h"\n#error here')
    assert "C:\\dir\\x.h(9," in err


@pytest.mark.parametrize(("src", "line"), [("#line 5 x\n__LINE__", "4"), ('#line 5 "f.h" x\n__LINE__', "5")])
def test_line_with_extra_tokens_is_x1500(src, line):
    # fxc: X1500 naming the token; a token other than a file name after the number makes the directive's own line
    # line 5, so the next is 4 (d3dcompiler_47 10.1, session 36)
    out, msgs = run(src)
    assert out == [line] and "error X1500: syntax error : unexpected token 'x'" in msgs


def test_line_in_an_include_names_diagnostics():
    err = fails('#include "a.h"', {"a.h": '#line 40 "gen.hlsl"\n#error here'})
    assert "gen.hlsl(40," in err


# --- §6.10.8 predefined macro names -----------------------------------------------------------------------
def test_predefined_line_and_file():
    # (__FILE__: the main file's full path, fxc's; d3dcompiler_47 10.1, session 38)
    assert run("__LINE__\n\n__LINE__ __FILE__")[0] == ["1", "3", main_file()]


def test_line_in_a_multi_line_invocation_is_its_own_line():
    """§6.10.8: __LINE__ is the presumed line of the current source line; a token on a later line of an
    invocation keeps its line (GCC's choice; C99 leaves it unspecified)."""
    assert run("#define F(a, b) a b\nF(__LINE__,\n__LINE__)")[0] == ["2", "3"]


# --- strict mode: the C99 diagnostics fxc relaxes -----------------------------------------------------------
@pytest.mark.parametrize("src", [
    "#endif", "#else", "#elif 1", "#if 1\n#else\n#else\n#endif", "#if 1\n#else\n#elif 1\n#endif", "#if 1",
    "#if 1 / 0\n#endif", "#if 1 % 0\n#endif", "#foo", "#define F(x) x\nF(1",
])
def test_strict_c99_diagnoses(src):
    with pytest.raises(HlslError):
        preprocess(src, "t.hlsl", strict_c99=True)


def test_strict_c99_pastes_in_object_like_macros_and_groups_only_parentheses():
    assert strict("#define X pa ## ss\nX") == ["pass"]
    assert strict("#define h # ## #\nh") == ["##"]                 # §6.10.3.3 EXAMPLE
    assert strict("#define str(a) #a\nstr()") == ['""']             # §6.10.3p4: an empty argument (fxc: X1516)
    assert strict("#define F(a, b) [a|b]\nF({1, 2})") == ["[", "{", "1", "|", "2", "}", "]"]


# --- §6.10.6 pragma (the HLSL #pragma page: unknown pragmas are warned about and ignored) -------------------
@pytest.mark.parametrize(("src", "expected", "warned"), [
    # X3568, compilation goes on; the line stays in the text for the compiler (session 19)
    # (fxc's D3DPreprocess writes an empty line for any pragma but pack_matrix, session 35)
    ("#pragma bogus_thing 1 2\npass", "pass", True),
    ("#pragma STDC FP_CONTRACT ON\npass", "pass", True),  # C99's STDC pragmas: not HLSL's
    ("#if 0\n#pragma bogus\n#endif\npass", "pass", False),         # a skipped group's pragma is not read
    ("#pragma\npass", "pass", False),                    # an empty pragma
])
def test_pragma(src, expected, warned):
    out, msgs = run(src)
    assert out == toks(expected)
    assert ("X3568" in msgs) == warned
