"""The numbers of the preprocessor's diagnostics, from Microsoft's table of fxc's codes (MicrosoftDocs win32
desktop-src/direct3dhlsl/hlsl-errors-and-warnings.md, CompErrors.h): ERR_PP_SYNTAX 1500 "An invalid preprocessor
syntax", ERR_UNEXPECTEDTOKENS 1501 "There were unexpected tokens following the preprocessor directive",
ERR_UNEXPECTEDEOF 1502 "The end of file was reached unexpectedly", ERR_DIVZERO 1503 "A division by zero in the
preprocessor expression occurred", ERR_INVALIDCOMMAND 1504 "An invalid preprocessor command", ERR_TOOMANYINCLUDES
1506 "There are too many nested #includes", ERR_FILE_OPEN 1507, ERR_ELIF 1508 / ERR_ELSE 1509 / ERR_ENDIF 1510 "An
unexpected #elif / #else / #endif directive occurred", ERR_DUPLICATEPARAMATER 1511 "A duplicate parameter was
supplied to the specified macro", ERR_ELIF_ELSE 1513 "An unexpected #elif directive followed a #else directive",
ERR_ELSE_ELSE 1514 (the same for #else), ERR_UNEXPECTEDEOF_MACRO 1515 "An unexpected end of file occurred in a macro
expansion", ERR_PARAMETERS_MACRO 1516 "Not enough actual parameters were supplied to the specified macro",
ERR_INVALID_INT_EXPR 1518 "An integer constant expression is invalid or unsupported", ERR_MACRO_REDEFINITION 1519.

Where fxc only warns (its tolerance, test_hlsl_preproc_fxc_tolerance.py) the warning carries the same number; the
strict C99 mode raises it as an error. Inferred (no row says): too many arguments is ERR_PARAMETERS_MACRO too (the
table's one argument-count code; its text names the other case), and every malformed ``#define`` / ``#undef`` /
``#ifdef`` / ``#line`` / ``#include`` operand is ERR_PP_SYNTAX.
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import MemoryInclude, fxc_errors

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def error_code(src: str, files: dict[str, str] | None = None) -> str:
    return fxc_errors(src, files)


def warnings_of(src: str) -> str:
    msgs: list = []
    D3DPreprocess(src, None, "t.hlsl", None, None, msgs)
    return "".join(bytes(m).decode() for m in msgs)


def strict_code(src: str) -> int:
    with pytest.raises(HlslError) as ei:
        preprocess(src, "t.hlsl", strict_c99=True)
    return ei.value.code


#: (source, number): errors in both modes
ERRORS = [
    # ERR_PP_SYNTAX 1500: malformed directive operands
    ("#define\n", 1500),
    ("#define 3 x\n", 1500),
    ("#define F(a x\n", 1500),
    ("#define F(a, 1) a\n", 1500),
    ("#define F(..., a) a\n", 1500),
    ("#define G __VA_ARGS__\n", 1500),
    ("#define F(a) ## a\n", 1500),
    ("#define F(a) #@ b\n", 1500),
    ("#undef\n", 1500),
    ("#undef 3\n", 1500),
    ("#ifdef\n#endif\n", 1500),
    ("#ifndef 3\n#endif\n", 1500),
    ("#line\n", 1500),
    ("#line x\n", 1500),
    ("#include\n", 1500),
    ("#include x\n", 1500),
    ('_Pragma(x)\n', 1500),
    # ERR_DUPLICATEPARAMATER 1511
    ("#define F(a, a) a\n", 1511),
    ("#define F(a, b, a) a\n", 1511),
    # ERR_PARAMETERS_MACRO 1516 (too few; too many only warns since session 19)
    ("#define F(a, b) a\nF(1)\n", 1516),
    # ERR_INVALID_INT_EXPR 1518: #if expressions
    ("#if\n#endif\n", 1518),
    ("#if 1 +\n#endif\n", 1518),
    ("#if (1\n#endif\n", 1518),
    ("#if 1 2\n#endif\n", 1518),
    ("#if 1 ? 2\n#endif\n", 1518),
    ("#if 1.5\n#endif\n", 1518),
    ('#if "s"\n#endif\n', 1518),
    ("#if defined(\n#endif\n", 1518),
    ("#if defined 3\n#endif\n", 1518),
    ("#if (1, 2)\n#endif\n", 1518),
    ("#if 0\n#elif 1 +\n#endif\n", 1518),
    # ERR_FILE_OPEN 1507 (kept), ERR_TOOMANYINCLUDES 1506
    ('#include "missing.h"\n', 1507),
]


@pytest.mark.parametrize("src,code", [row for row in ERRORS if "include" in row[0]])
def test_error_number(src, code):
    assert f"error X{code}:" in error_code(src, {"self.h": '#include "self.h"\n'})


#: fxc's answers for the sources of ERRORS, TOLERATED and WARNINGS (the include rows aside), recorded from
#: d3dcompiler_47.dll 10.1 under Wine, session 35: (source, D3DPreprocess returned S_OK, the first error's number or
#: None, the warnings' numbers). They overturn the numbers inferred above for fxc's mode: every #if error is X1500
#: (X1518 is left to an #if that replacement empties), the "tolerated" inputs are errors fxc goes on after (S_OK, the
#: compile fails), tokens after a directive's operands are X1500, __VA_ARGS__ / ## at an end / _Pragma are plain
#: text, #undef of a predefined name is silent; the strict C99 mode keeps the table's numbers (the _strict tests).
FXC_ANSWERS = [
    ('#define\n', True, 'X1500', []),
    ('#define 3 x\n', True, 'X1500', []),
    ('#define F(a x\n', True, 'X1500', []),
    ('#define F(a, 1) a\n', True, 'X1500', []),
    ('#define F(..., a) a\n', True, 'X1500', []),
    ('#define G __VA_ARGS__\n', True, None, []),
    ('#define F(a) ## a\n', True, None, []),
    ('#define F(a) #@ b\n', True, None, []),
    ('#undef\n', True, 'X1500', []),
    ('#undef 3\n', True, 'X1500', []),
    ('#ifdef\n#endif\n', True, 'X1500', []),
    ('#ifndef 3\n#endif\n', True, 'X1500', []),
    ('#line\n', True, 'X1500', []),
    ('#line x\n', True, 'X1500', []),
    ('_Pragma(x)\n', True, None, []),
    ('#define F(a, a) a\n', True, 'X1511', []),
    ('#define F(a, b, a) a\n', True, 'X1511', []),
    ('#define F(a, b) a\nF(1)\n', True, 'X1516', []),
    ('#if\n#endif\n', True, 'X1500', []),
    ('#if 1 +\n#endif\n', True, 'X1500', []),
    ('#if (1\n#endif\n', True, 'X1500', []),
    ('#if 1 2\n#endif\n', True, 'X1500', []),
    ('#if 1 ? 2\n#endif\n', True, 'X1500', []),
    ('#if 1.5\n#endif\n', True, 'X1500', []),
    ('#if "s"\n#endif\n', True, 'X1500', []),
    ('#if defined(\n#endif\n', True, 'X1500', []),
    ('#if defined 3\n#endif\n', True, 'X1500', []),
    ('#if (1, 2)\n#endif\n', True, 'X1500', []),
    ('#if 0\n#elif 1 +\n#endif\n', True, 'X1500', []),
    ('#elif 1\n', True, 'X1508', []),
    ('#else\n', True, 'X1509', []),
    ('#endif\n', True, 'X1510', []),
    ('#if 1\n#else\n#elif 1\n#endif\n', True, 'X1513', []),
    ('#if 1\n#else\n#else\n#endif\n', True, 'X1514', []),
    ('#if 1\n', True, 'X1502', []),
    ('#ifdef X\n', True, 'X1502', []),
    ('#if 1 / 0\n#endif\n', True, 'X1503', []),
    ('#if 3 / 0 == 3\n#endif\n', True, 'X1503', []),
    ('#define F(a) a\nF(1\n', True, 'X1515', []),
    ('#foo\n', True, 'X1504', []),
    ('#ifdef X junk\n#endif\n', True, 'X1500', []),
    ('#if 1\n#else junk\n#endif\n', True, 'X1500', []),
    ('#if 1\n#endif junk\n', True, 'X1500', []),
    ('#undef X junk\n', True, 'X1500', []),
    ('#line 5 "a" junk\n', True, 'X1500', []),
    ('#define X 1\n#define X 2\n', True, None, ['X1519']),
    ('#undef __LINE__\n', True, None, []),
    ('#pragma frobnicate\n', True, None, ['X3568']),
    ('#define F() 1\nF(2)\n', True, 'X1500', []),
]


@pytest.mark.parametrize(("src", "hr_ok", "error", "warnings"), FXC_ANSWERS)
def test_fxc_answer(src, hr_ok, error, warnings):
    msgs: list = []
    try:
        D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude({}), msgs)
        ok, text = True, "".join(bytes(m).decode() for m in msgs)
    except ShaderCompileError as exc:
        ok, text = False, exc.errors
    assert ok == hr_ok
    first = re.search(r": error (X\d+)", text)
    assert (first.group(1) if first else None) == error
    assert sorted(set(re.findall(r": warning (X\d+)", text))) == warnings


@pytest.mark.parametrize("src,code", ERRORS)
def test_error_number_strict(src, code):
    assert strict_code(src) == code


def test_empty_parameter_list_and_too_many_arguments():
    """fxc takes no empty parameter list (FidelityFX-SDK issue 68 quotes its X1500); too many arguments warn X1516
    (session 19); the strict C99 mode accepts the list and raises X1516 for the count."""
    assert "error X1500:" in error_code("#define F() 1\nF(2)\n", {})
    assert strict_code("#define F() 1\nF(2)\n") == 1516
    assert strict_code("#define F(a) a\nF(1, 2)\n") == 1516


def test_too_many_nested_includes():
    assert "error X1506:" in error_code('#include "self.h"\n', {"self.h": '#include "self.h"\n'})


#: (source, number): fxc warns and goes on; the strict C99 mode raises the same number
TOLERATED = [
    ("#elif 1\n", 1508),
    ("#else\n", 1509),
    ("#endif\n", 1510),
    ("#if 1\n#else\n#elif 1\n#endif\n", 1513),
    ("#if 1\n#else\n#else\n#endif\n", 1514),
    ("#if 1\n", 1502),                        # an #if open at the end of the file
    ("#ifdef X\n", 1502),
    ("#if 1 / 0\n#endif\n", 1503),
    ("#if 3 / 0 == 3\n#endif\n", 1503),
    ("#define F(a) a\nF(1\n", 1515),          # the end of the file inside an invocation
    ("#foo\n", 1504),                         # an unknown directive
]


@pytest.mark.parametrize("src,code", TOLERATED)
def test_tolerated_strict_error_number(src, code):
    assert strict_code(src) == code


#: (source, number): warnings in both modes
WARNINGS = [
    ("#ifdef X junk\n#endif\n", 1501),        # tokens after a directive's operands
    ("#if 1\n#else junk\n#endif\n", 1501),
    ("#if 1\n#endif junk\n", 1501),
    ("#undef X junk\n", 1501),
    ("#line 5 \"a\" junk\n", 1501),
    ("#define X 1\n#define X 2\n", 1519),     # a redefinition that is not identical
    ("#undef __LINE__\n", 1519),              # a predefined name
    ("#pragma frobnicate\n", 3568),           # WAR_UNKNOWN_PRAGMA (unchanged)
]


@pytest.mark.parametrize("src,code", [row for row in WARNINGS if row[1] in (1519, 3568) and "__LINE__" not in row[0]])
def test_warning_number(src, code):
    assert f"warning X{code}:" in warnings_of(src)


# --- lexical errors of the table: ERR_COMMENTEOF 1001, ERR_STRINGEOL 1005, ERR_STRINGEOF 1006 ---------------------
# "A comment continues past the end of file" (C99 5.1.1.2p1 phase 3: "A source file shall not end ... in a partial
# comment"); "A string continues past the end of line" / "... past the end of file" (C99 6.4.5: a string literal is
# one line; 6.4p3: a lone " is undefined). Positions (inferred, no record): where the comment or string opens.
LEXICAL = [
    ("/* open", 1001, (1, 1)),
    ("x\n  /* open\nmore\n", 1001, (2, 3)),
    ("a /* closed */ b /* open", 1001, (1, 18)),
    ("#if 0\n/* open\n#endif\n", 1001, (2, 1)),                  # phase 3 comes before skipping (phase 4)
    ("#define X 1 /* open\nX\n", 1001, (1, 13)),
    ("// a line comment /* is no block comment\n\"/* nor is this\"\n/* open", 1001, (3, 1)),
    ('"a\\" /* b" x /* open', 1001, (1, 14)),                  # an escaped quote keeps the literal open
    ('"abc\nx\n', 1005, (1, 1)),
    ('#define F(a, b) a\nF(x,\n "abc\n)\n', 1005, (3, 2)),      # a line an invocation's arguments take
    ('x = "abc\n', 1005, (1, 5)),
    ('#define S "abc\nS\n', 1005, (1, 11)),
    ('"abc', 1006, (1, 1)),                                     # the last line, no new-line: the end of the file
    ('a\nb "abc', 1006, (2, 3)),
]


@pytest.mark.parametrize("src,code,at", LEXICAL)
def test_lexical_error(src, code, at):
    errors = error_code(src)
    assert f"t.hlsl({at[0]},{at[1]}): error X{code}:" in errors, errors


@pytest.mark.parametrize("src,code,at", LEXICAL)
def test_lexical_error_strict(src, code, at):
    assert strict_code(src) == code


def test_unterminated_comment_in_an_include_is_its_own():
    errors = error_code('#include "c.h"\nx\n', {"c.h": "y /* open\n"})
    assert "c.h(1,3): error X1001:" in errors, errors


@pytest.mark.parametrize("src,inc,expect", [
    ('#include "s.h"\n', 'x "abc', "s.h(1,3): error X1006:"),      # the include's own end of file
    ('#include "s.h"\n', 'x "abc\n', "s.h(1,3): error X1005:"),
    ('#include "s.h"\n"abc', "x\n", "t.hlsl(2,1): error X1006:"),  # the includer's last line, after the include
    ('#include "s.h"\n"abc\n', "x", "t.hlsl(2,1): error X1005:"),
])
def test_string_end_is_judged_per_file(src, inc, expect):
    errors = error_code(src, {"s.h": inc})
    assert expect in errors, errors


LEXICAL_OK = [
    "/* closed */",
    "/* a\nb */ x",
    '"a /* b" x',
    '"a \\" b" x',                  # an escaped quote does not end the literal
    '"a \\\\" x',                   # an escaped backslash then the closing quote
    "'\"' x",                       # a quote inside a character constant
    '#if 0\n"abc\n#endif\n',        # a skipped group's text is not read as tokens (inferred, GCC warns only)
    "// \" a quote in a comment",
    "x // /* a // comment hides the opener",
    '#define S(x) #x\nS("a")',
]


@pytest.mark.parametrize("src", LEXICAL_OK)
def test_no_lexical_error(src):
    D3DPreprocess(src, None, "t.hlsl", None, None)
