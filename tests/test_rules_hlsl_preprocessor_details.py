"""Preprocessor rules that session 10's mutation run (scripts/mutate.py, seed 6) found unpinned.

Sources: C99 §6.4.4.1 (an integer constant with a leading 0 is octal; §6.10.1p4 evaluates ``#if`` constants by
those rules), C99 §5.1.1.2 phase 3 (a comment is replaced by one space before directives are read; a file
ending inside a comment is undefined behaviour, so either outcome below is allowed but a raw Python exception is
not), the D3DCompile page (pInclude NULL: "a compile error occurs" when the shader has a #include) with fxc's
wording of that error recorded in DXC SemaHLSL bad-include.hlsl (``X1507: failed to open source file: '...'``)."""

from __future__ import annotations

import pytest
from preproc_kit import TokenText

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def pp(src: str) -> str:
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, None)).decode()
    return TokenText(" ".join(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line")).split()))


# --- §6.4.4.1: octal constants in #if ----------------------------------------------------------------------
@pytest.mark.parametrize(("expr", "value"), [
    ("010", 8), ("017", 15), ("0777", 511), ("00", 0), ("0", 0), ("07", 7), ("0100", 64),
    ("010u", 8), ("010L", 8), ("0x10", 16), ("10", 10),
])
def test_if_reads_leading_zero_constants_as_octal(expr, value):
    assert pp(f"#if {expr} == {value}\nyes\n#else\nno\n#endif") == "yes"
    assert pp(f"#if {expr} == {value + 1}\nyes\n#else\nno\n#endif") == "no"


# --- D3DCompile: no include handler ------------------------------------------------------------------------
@pytest.mark.parametrize("directive", ['#include "inc.h"', "#include <inc.h>"])
def test_include_without_a_handler_is_x1507(directive):
    for run in (lambda s: D3DPreprocess(s, None, "t.hlsl", None, None),
                lambda s: D3DCompile(s + "\nfloat4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None,
                                     "main", "ps_5_0")):
        with pytest.raises(ShaderCompileError) as ei:
            run(directive)
        assert "X1507" in ei.value.errors and "failed to open source file" in ei.value.errors
        assert "inc.h" in ei.value.errors


# --- §5.1.1.2: a directive line whose block comment never closes ----------------------------------------------
@pytest.mark.parametrize("src", [
    "#define X 1 /* never closed",
    "#define X 1 /* never closed\nX\n",
    "#define X 1 /* never\nclosed\nX",
    "#if 1 /* open\n",
])
def test_directive_with_a_comment_open_at_end_of_file(src):
    # everything after "/*" is comment: no token of the later lines may appear; a diagnostic is allowed
    try:
        text = pp(src)
    except ShaderCompileError:
        return
    assert "X" not in text and "1" not in text and "closed" not in text


# --- the output text keeps tokens apart that would run together (C99 §6.4p4: the longest token is taken) ---------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define L <\nL<=", "< <="),          # not <<=
    ("#define M -\nM>", "- >"),            # not ->
    ("#define P +\nP+", "+ +"),            # not ++
    ("#define D .\nD...", ". ..."),        # not .... (... then .)
    ("#define S /\nS*x*/", "/ *x*/"),      # not a comment
    ("#define S /\nS/", "/ /"),
    ("#define A &\nA&&", "& &&"),
    ("#define E =\nE==", "= =="),
    ("#define H #\nH#", "# #"),            # not ##
    ("#define C (\nC(", "(("),             # parentheses never merge
    ("#define Q ;\nQ;", ";;"),
])
def test_touching_punctuators_are_kept_apart(src, expected):
    assert pp(src) == expected


def test_merge_table_agrees_with_retokenising():
    # the table of merging punctuator pairs is the tokenizer's own verdict on each concatenation
    from pyd3d11.shader.hlsl import preprocessor as p

    singles = [chr(c) for c in range(33, 127) if not chr(c).isalnum() and chr(c) not in "_\"'"]
    toks = sorted(p._PUNCTS | set(singles))
    for a in toks:
        for b in toks:
            want = (a[-1] == "/" and b[0] in "/*") or p.tokenize_line(a + b) != [a, b]
            assert p._would_merge(a, b) == want, (a, b)


# --- seed-8 mutation round (preprocessor.py survivors #144, #617) ---------------------------------------------
# C99 §6.4.4.4p3 and its table of simple escape sequences: \' \" \? \\ \a \b \f \n \r \t \v, with the values of
# the execution character set (ASCII here, as fxc's host); an #if evaluates a character constant as an int
# (§6.10.1p4)
# d3dcompiler_47 10.1 (sessions 35-36) reads none of them: "syntax error : unexpected token" (X1500) drops the
# #if, so no group opens and both lines stay; the backslash-quote constant is one character (92), a quote follows,
# whose X1500 keeps the value
@pytest.mark.parametrize(("escape", "value"), [
    ('\\"', 34), ("\\?", 63), ("\\\\", 92), ("\\a", 7), ("\\b", 8), ("\\f", 12), ("\\n", 10),
    ("\\r", 13), ("\\t", 9), ("\\v", 11), ("\\0", 0),
])
def test_if_reads_no_escape_sequence_in_fxc(escape, value):
    assert pp(f"#if '{escape}' == {value}\nyes\n#else\nno\n#endif") == "yes no"


def test_if_backslash_quote_is_92_then_a_quote():
    assert pp("#if '\\'' == 39\nyes\n#else\nno\n#endif") == "yes"


# a directive among a macro's arguments takes effect where it stands (test_rules_hlsl_preprocessor_fxc), on its
# own line: __LINE__ in it is that line (§6.10.8: the presumed line number of the current source line) and a
# message it raises names that line (fxc's "file(line,col): error X1003: #error ...")
def test_line_inside_a_directive_among_arguments_is_the_directives_line():
    src = "#define F(a) a\nint x = F(1\n#if __LINE__ == 3\n+ 2\n#endif\n);\nint y = __LINE__;"
    assert pp(src) == "int x = 1 + 2; int y = 7;"


def test_error_among_arguments_names_its_own_line():
    with pytest.raises(ShaderCompileError) as ei:
        D3DPreprocess("#define F(a) a\nint x = F(1\n#error here\n);\n", None, "t.hlsl", None, None)
    # fxc's words, then X1515 for the invocation left open (d3dcompiler_47 10.1, session 42: "t.hlsl(3,2-6): error:
    # here" then "(2,9): error X1515"; the column of the X1515 is not this project's)
    assert "t.hlsl(3,2-6): error: here" in ei.value.errors, ei.value.errors
    assert "t.hlsl(2,1): error X1515" in ei.value.errors, ei.value.errors


# §6.10.4p3: "#line N" makes the following source line N. Among a macro's arguments the directive takes effect
# where it stands (GCC's "Directives Within Macro Arguments": as if the invocation were not there): the line
# after it is N, and the numbering goes on from there; no later directive applies it again
def test_line_directive_among_arguments_numbers_the_following_lines():
    src = ("#define F(a) a\nint x = F(1\n#line 50\n+ __LINE__\n);\nint y = __LINE__;\n#define G 1\n"
           "int z = __LINE__;")
    assert pp(src) == "int x = 1 + 50; int y = 52; int z = 54;"
