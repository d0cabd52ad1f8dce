"""Session 19 (HL23): the preprocessor rebuilt from its definition, as tables of input -> expected tokens.

Every expected value below is computed by hand from the text it cites, never from the code under test:

* ISO C99 §6.10 — §6.10.1 conditional inclusion (32-bit ``long``/``unsigned long`` arithmetic: the HLSL "#if"
  page treats values as signed long; C99 §6.10.1p4's usual arithmetic conversions), §6.10.2 source file
  inclusion, §6.10.3 macro replacement with §6.10.3.1-§6.10.3.4 (argument substitution, ``#``, ``##``,
  rescanning and the painted-blue rule), §6.10.3.5's EXAMPLES 3, 4, 5 and 7 verbatim, §6.10.4 ``#line``,
  §6.10.8 ``__FILE__``/``__LINE__``; translation phases 1-3 (§5.1.1.2: line splicing, comments as one space);
* fxc's own records where it departs from C99 (each row says which): DXC issue 3315 (an empty argument is
  X1516), FidelityFX-SDK issue 68 (``#define F()`` is X1500), Microsoft's preprocessor family for too many
  arguments (C4002 / RC4002: a warning, the extra ignored), vkd3d's record of fxc (``##`` and ``#`` in
  object-like macros, misplaced conditionals warn).

The strict C99 mode (``strict_c99=True``) is checked where fxc's record differs, so both readings stay tested.
"""

from __future__ import annotations

import pytest
from preproc_kit import MemoryInclude, fxc_errors, main_file, numbered_lines, run, toks

from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def strict(src: str) -> list[str]:
    """The strict C99 reading's tokens (line markers dropped)."""
    text = preprocess(src, "t.hlsl", strict_c99=True).text
    return toks(" ".join(ln for ln in text.splitlines() if not ln.startswith("#line")))


def fails(src: str) -> str:
    return fxc_errors(src)


def if_true(expr: str) -> bool:
    out, _ = run(f"#if {expr}\nyes\n#else\nno\n#endif\n")
    assert out in (["yes"], ["no"]), out
    return out == ["yes"]


# --- §6.10.3.5: the standard's examples, verbatim ---------------------------------------------------------------
EXAMPLE_3 = """#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
"""
EXAMPLE_3_RESULT = """f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };"""

EXAMPLE_4 = r"""#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
"""
EXAMPLE_4_RESULT = r"""printf("x" "1" "= %d, x" "2" "= %s", x1, x2);
fputs("strncmp(\"abc\\0d\", \"abc\", '\\4') == 0" ": @\n", s);
"vers2.h"
"hello";
"hello" ", world"
"""

EXAMPLE_5 = """#define t(x,y,z) x ## y ## z
int j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),
 t(10,,), t(,11,), t(,,12), t(,,) };
"""
EXAMPLE_5_RESULT = "int j[] = { 123, 45, 67, 89,\n 10, 11, 12, };"

EXAMPLE_7 = r"""#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test):\
 printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
"""
EXAMPLE_7_RESULT = r"""fprintf(stderr, "Flag" );
fprintf(stderr, "X = %d\n", x );
puts( "The first, second, and third items." );
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));
"""


def test_example_3_verbatim_in_c99_mode():
    assert strict(EXAMPLE_3) == toks(EXAMPLE_3_RESULT)


def test_example_3_and_5_empty_arguments_are_x1516_in_fxc():
    """fxc counts an empty argument as a missing one (DXC issue 3315 quotes its X1516 for A(,), A(a,), A(,b))."""
    assert "error X1516: not enough actual parameters for macro" in fails(EXAMPLE_5)
    assert "error X1516" in fails("#define r(x,y) x ## y\nr(4,)")


def test_example_4_verbatim_in_c99_mode():
    assert strict(EXAMPLE_4) == toks(EXAMPLE_4_RESULT)


def test_example_4_in_fxc_mode_expands_paste_operands_first():
    """fxc macro-expands both operands of ## before pasting (DXC's -flegacy-macro-expansion: "fxc behavior"). The
    whole example as d3dcompiler_47 10.1 gives it (session 36): LOW's expansion ``LOW ", world"`` meets LOW again,
    which fxc gives up (LOW stays LOW), so both glues paste HIGHLOW, "hello" alone; # of a character constant
    doubles no backslash ('\\4' stays); # of a replaced argument spells each replacement between spaces
    (INCFILE(2).h is "vers2 .h")."""
    want = EXAMPLE_4_RESULT.replace("'\\\\4'", "'\\4'").replace('"vers2.h"', '"vers2 .h"')
    want = want.replace('"hello" ", world"', '"hello"')
    assert run(EXAMPLE_4)[0] == toks(want)


def test_example_5_verbatim_in_c99_mode():
    assert strict(EXAMPLE_5) == toks(EXAMPLE_5_RESULT)


def test_example_7_verbatim_in_c99_mode():
    assert strict(EXAMPLE_7) == toks(EXAMPLE_7_RESULT)


def test_example_7_in_fxc_mode():
    # fxc has no variadic macros: the three definitions are X1500 and the text stays (d3dcompiler_47 10.1, session 36)
    out, msgs = run(EXAMPLE_7)
    assert out[:4] == ["debug", "(", '"Flag"', ")"] and "error X1500" in msgs and "fprintf" not in out


# --- §6.10.1: #if arithmetic ---------------------------------------------------------------------------------
# (expression, value) in fxc's mode: every value unsigned 32-bit (issue 15: "#if arithmetic in unsigned 32-bit"),
# so negative operands wrap and division and comparison are unsigned; the strict C99 mode's signed long rows are
# in test_hlsl_lang_preprocessor.py (IF_STRICT_SIGNED)
IF_TABLE = [
    ("1", True), ("0", False), ("-1", True), ("!1", False), ("!0", True), ("+1 == 1", True),
    ("1 + 2 * 3 == 7", True), ("(1 + 2) * 3 == 9", True), ("10 / 3 == 3", True), ("-7 / 2 == -3", False),
    ("7 / -2 == 0", True), ("1 < 2", True), ("2 <= 2", True), ("3 > 4", False), ("3 >= 4", False), ("1 == 1 == 1", True),
    ("3 > 2 > 1", False), ("1 != 2", True), ("6 & 3", True), ("6 & 1", False), ("4 | 1 == 5", True),
    ("(4 | 1) == 5", True), ("(6 ^ 3) == 5", True), ("0 || 2", True), ("0 && 1", False),
    ("(2 || 3) == 1", True), ("1 ? 0 : 1", False), ("0 ? 0 : 1", True), ("1 ? 2 ? 0 : 1 : 1", False),
    # unsigned arithmetic (C99 §6.3.1.8)
    ("-1 < 0", False), ("-1 < 0u", False), ("-1 > 0U", True), ("1 - 2u > 0", True),
    ("0xFFFFFFFF == -1", True), ("0xFFFFFFFF > 0", True), ("4294967295 > 0", True),
    ("2147483647 + 1 < 0", False), ("2147483648 > 0", True), ("-2147483648 > 0", True),
    ("(0 ? 1u : -1) > 0", True), ("0x7FFFFFFF + 0x7FFFFFFF == -2", True), ("4294967296 == 0", True),
    ("0xFFFFFFFF / 2 == 0x7FFFFFFF", True), ("-2 / 2u == 0x7FFFFFFF", True), ("-1 * -1 == 1", True),
    # integer constant forms (§6.4.4.1): octal, hexadecimal, suffixes in any case and order
    ("010 == 8", True), ("0x1F == 31", True), ("0X1f == 31", True), ("0 == 00", True), ("10u == 10", True),
    ("10U == 10", True), ("10l == 10", True), ("10L == 10", True), ("10ul == 10", True), ("10LU == 10", True),
    # character constants (§6.4.4.4): escapes, char signed, several characters Microsoft's way
    ("'a' == 97", True), ("'0' == 48", True), ("'\\n' == 10", True), ("'\\\\' == 92", True),
    ("'\\'' == 39", True), ("'\\x41' == 65", True), ("'\\101' == 65", True), ("'\\0' == 0", True),
    ("'\\377' == -1", True), ("'\\xff' < 0", False), ("'ab' == 0x6162", True), ("'abcd' == 0x61626364", True),
    ("'abcde' == 0x62636465", True),
    # identifiers that are no macros are 0 (§6.10.1p4), keywords included
    ("UNDEFINED", False), ("UNDEFINED == 0", True), ("true", False), ("float", False),
    # unevaluated operands may divide by zero (§6.5.13-15 short circuits)
    ("0 && 1 / 0", False), ("1 || 1 / 0", True), ("1 ? 1 : 1 / 0", True), ("0 ? 1 / 0 : 0", False),
]


#: the same expressions as d3dcompiler_47.dll 10.1 answered them (under Wine, session 35): the group chosen, or the
#: first error's number. They overturn IF_TABLE's C readings for fxc's mode where they differ: a ?: inside a ?:'s
#: middle operand needs parentheses, 0X is no hexadecimal prefix, a constant past 32 bits, an escape sequence or
#: several characters in a character constant are X1500, division by zero is X1503 even where unevaluated
FXC_IF_TABLE = [
    ('1', True),
    ('0', False),
    ('-1', True),
    ('!1', False),
    ('!0', True),
    ('+1 == 1', True),
    ('1 + 2 * 3 == 7', True),
    ('(1 + 2) * 3 == 9', True),
    ('10 / 3 == 3', True),
    ('-7 / 2 == -3', False),
    ('7 / -2 == 0', True),
    ('1 < 2', True),
    ('2 <= 2', True),
    ('3 > 4', False),
    ('3 >= 4', False),
    ('1 == 1 == 1', True),
    ('3 > 2 > 1', False),
    ('1 != 2', True),
    ('6 & 3', True),
    ('6 & 1', False),
    ('4 | 1 == 5', True),
    ('(4 | 1) == 5', True),
    ('(6 ^ 3) == 5', True),
    ('0 || 2', True),
    ('0 && 1', False),
    ('(2 || 3) == 1', True),
    ('1 ? 0 : 1', False),
    ('0 ? 0 : 1', True),
    ('1 ? 2 ? 0 : 1 : 1', 'X1500'),
    ('-1 < 0', False),
    ('-1 < 0u', False),
    ('-1 > 0U', True),
    ('1 - 2u > 0', True),
    ('0xFFFFFFFF == -1', True),
    ('0xFFFFFFFF > 0', True),
    ('4294967295 > 0', True),
    ('2147483647 + 1 < 0', False),
    ('2147483648 > 0', True),
    ('-2147483648 > 0', True),
    ('(0 ? 1u : -1) > 0', True),
    ('0x7FFFFFFF + 0x7FFFFFFF == -2', True),
    ('4294967296 == 0', 'X1500'),
    ('0xFFFFFFFF / 2 == 0x7FFFFFFF', True),
    ('-2 / 2u == 0x7FFFFFFF', True),
    ('-1 * -1 == 1', True),
    ('010 == 8', True),
    ('0x1F == 31', True),
    ('0X1f == 31', 'X1500'),
    ('0 == 00', True),
    ('10u == 10', True),
    ('10U == 10', True),
    ('10l == 10', True),
    ('10L == 10', True),
    ('10ul == 10', True),
    ('10LU == 10', True),
    ("'a' == 97", True),
    ("'0' == 48", True),
    ("'\\n' == 10", 'X1500'),
    ("'\\\\' == 92", 'X1500'),
    ("'\\'' == 39", 'X1500'),
    ("'\\x41' == 65", 'X1500'),
    ("'\\101' == 65", 'X1500'),
    ("'\\0' == 0", 'X1500'),
    ("'\\377' == -1", 'X1500'),
    ("'\\xff' < 0", 'X1500'),
    ("'ab' == 0x6162", 'X1500'),
    ("'abcd' == 0x61626364", 'X1500'),
    ("'abcde' == 0x62636465", 'X1500'),
    ('UNDEFINED', False),
    ('UNDEFINED == 0', True),
    ('true', False),
    ('float', False),
    ('0 && 1 / 0', 'X1503'),
    ('1 || 1 / 0', 'X1503'),
    ('1 ? 1 : 1 / 0', 'X1503'),
    ('0 ? 1 / 0 : 0', 'X1503'),
]


@pytest.mark.parametrize(("expr", "value"), FXC_IF_TABLE)
def test_if_arithmetic(expr, value):
    if isinstance(value, bool):
        assert if_true(expr) is value
    else:
        assert f"error {value}" in fails(f"#if {expr}\nyes\n#else\nno\n#endif\n")


#: C99's remaining operators: fxc's #if has no %, ~, << or >> (vkd3d's record of fxc lexes them as text; a 2007
#: fxc10 test found bit operations rejected), so these are C99's values in the strict mode and X1518 in fxc's
C_ONLY_IF_TABLE = [
    ("~0 == -1", True), ("~0u == 0xFFFFFFFF", True), ("-7 % 2 == -1", True), ("7 % -2 == 1", True),
    ("1 << 4 == 16", True), ("-16 >> 2 == -4", True), ("-1 >> 31 == -1", True), ("0xFFFFFFFF >> 31 == 1", True),
    ("1 << 31 < 0", True), ("1u << 31 > 0", True), ("1 << 30 == 0x40000000", True), ("0 && 1 % 0", False),
]


@pytest.mark.parametrize(("expr", "value"), C_ONLY_IF_TABLE)
def test_c_only_operators(expr, value):
    out = strict(f"#if {expr}\nyes\n#else\nno\n#endif\n")
    assert out == (["yes"] if value else ["no"])
    # d3dcompiler_47 10.1 (session 35): "syntax error : unexpected token" X1500 for each
    assert "error X1500: syntax error : unexpected token" in fails(f"#if {expr}\n#endif\n")


@pytest.mark.parametrize("expr", ["", "1 +", "(1", "1)", "1 2", "1.0", "1e3", "2.5f", "\"s\"", "defined",
                                  "defined(", "defined(X", "defined 3", "(1, 2)", "1 ? 2", "#", "=", "1 = 1"])
def test_if_syntax_errors_are_x1500(expr):
    """§6.10.1p1: an integer constant expression; d3dcompiler_47 10.1 (under Wine, session 35) answers X1500 for
    every one of these (floating constants included)."""
    assert "error X1500" in fails(f"#if {expr}\n#endif\n")


def test_division_by_zero_is_an_error():
    """d3dcompiler_47 10.1 (under Wine, session 35): X1503 "division by zero in preprocessor expression", an error
    after which the directive opens no group (its lines are written, its #endif is X1510); C99 §6.6p4 makes it a
    constraint violation, and the strict mode raises X1503 too."""
    out, msgs = run("#if 5 / 0 == 5 && 0 / 0 == 0\nyes\n#endif\n")
    assert out == ["yes"] and "error X1503: division by zero in preprocessor expression" in msgs
    assert "error X1510: unexpected #endif" in msgs
    with pytest.raises(HlslError):
        preprocess("#if 1 / 0\n#endif\n", strict_c99=True)


# --- defined (§6.10.1p1), also when a macro produces it -----------------------------------------------------------
DEFINED = [
    ("#define K\n#if defined K\nyes\n#endif", "yes"),
    ("#define K\n#if defined(K)\nyes\n#endif", "yes"),
    ("#define K\n#if defined ( K )\nyes\n#endif", "yes"),
    ("#if defined K\nno\n#else\nyes\n#endif", "yes"),
    ("#define K 0\n#if defined(K) && !K\nyes\n#endif", "yes"),            # defined even if it expands to 0
    ("#define F(x) x\n#if defined F\nyes\n#endif", "yes"),               # a function-like name, not invoked
    ("#define K L\n#if defined(K) && !defined(L)\nyes\n#endif", "yes"),   # the operand is not expanded
    ("#define D defined(K)\n#define K\n#if D\nyes\n#endif", "yes"),        # produced by expansion (GCC's rule)
    ("#define D defined K\n#if D\nno\n#else\nyes\n#endif", "yes"),
    ("#define K\n#undef K\n#if defined K\nno\n#else\nyes\n#endif", "yes"),
    # §6.10.8 makes them macro names ("yes"); fxc does not count them defined (d3dcompiler_47 10.1, session 37)
    ("#if defined __LINE__ && defined(__FILE__)\nyes\n#endif", ""),
]


@pytest.mark.parametrize(("src", "expected"), DEFINED)
def test_defined(src, expected):
    assert run(src)[0] == toks(expected)


# --- conditional groups (§6.10.1p5-6) -------------------------------------------------------------------------------
GROUPS = [
    ("#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b"),
    # fxc evaluates the #elif right after the taken group: X1503 drops it and the taken group goes on (d3dcompiler_47 10.1, session 36)
    ("#if 1\na\n#elif 1 / 0\nb\n#endif", "a b"),
    ("#if 0\n#if 1\na\n#else\nb\n#endif\n#else\nc\n#endif", "c"),     # nested in a skipped group
    ("#if 0\n#bogus\n#if 1 + + +\n#endif\n#error x\n#endif\nok", "ok"),  # skipped groups: only nesting is read
    ("#ifdef U\na\n#elif defined U\nb\n#else\nc\n#endif", "c"),
    ("#ifndef U\na\n#endif", "a"),
    ("#define K\n#ifndef K\na\n#else\nb\n#endif", "b"),
    ("#if 0\n#else\n#if 0\n#else\nin\n#endif\n#endif", "in"),
]


@pytest.mark.parametrize(("src", "expected"), GROUPS)
def test_conditional_groups(src, expected):
    assert run(src)[0] == toks(expected)


@pytest.mark.parametrize(("src", "expected", "code"), [
    ("#if 1\na\n#else\nb\n#elif 1\nc\n#endif", "a", 1513),   # #elif after #else
    ("#if 0\na\n#else\nb\n#else\nc\n#endif", "b c", 1514),   # #else after #else: ignored, b's group goes on
    ("#endif\nok", "ok", 1510),
    ("#else\nok", "ok", 1509),
    ("#elif 1\nok", "ok", 1508),
    ("#if 1\nok", "ok", 1502),                                # open at the end of the file
])
def test_misplaced_conditionals_are_errors_in_both_modes(src, expected, code):
    """vkd3d's record of fxc had warnings; d3dcompiler_47 10.1 (sessions 35-36) reports errors and goes on (the
    text as given here); C99 §6.10.1 requires a diagnostic (the strict mode's error, the same number)."""
    out, msgs = run(src)
    assert out == toks(expected) and f"error X{code}" in msgs
    with pytest.raises(HlslError) as ei:
        preprocess(src, strict_c99=True)
    assert ei.value.code == code


# --- §6.10.3: macro replacement ------------------------------------------------------------------------------------
MACROS = [
    # object-like; rescanning (§6.10.3.4p1)
    ("#define A B\n#define B ok\nA", "ok"),
    ("#define A A\nA", "A"),                                        # painted blue
    ("#define A B\n#define B A\nA B", "A B"),                       # mutual recursion stops at each name
    ("#define A a A\nA", "A"),        # fxc gives the invocation up (C99: a A; d3dcompiler_47 10.1, session 36)
    # function-like
    ("#define F(x) [x]\nF(1)", "[1]"),
    ("#define F(x) [x]\nF (1)", "[1]"),                            # white space before '('
    ("#define F(x) [x]\nF", "F"),                                   # no '(': not invoked
    ("#define F(x) [x]\nF\n(1)", "F (1)"),                          # fxc: no '(' on the next line (session 35)
    ("#define F(x) [x]\nF(\n1\n)", "[1]"),                          # arguments across lines
    ("#define F(x, y) [x|y]\nF((a, b), c)", "[(a, b)|c]"),          # parentheses keep the comma
    ("#define F(x) [x]\n#define G F\nG(1)", "[1]"),                 # the name produced by an expansion
    ("#define F(x) [x]\n#define G(y) y(2)\nG(F)", "[2]"),            # ... by an argument
    ("#define F(x) [x]\n#define E\nF E (1)", "F (1)"),              # an empty macro between: not invoked
    ("#define F(x) [x]\n#define L (\nF L 1)", "F ( 1)"),            # a '(' from a macro: not invoked
    ("#define F(x) x F(x)\nF(1)", "F(1)"),                         # fxc: given up, written as it was (C99: 1 F(1))
    ("#define F(x) G(x)\n#define G(x) F(x)\nF(1)", "F(1)"),
    ("#define F(a) a*G\n#define G(a) F(a)\nF(2)(9)", "F(2)(9)"),     # §6.10.3.4p4's example: fxc (C99: 2*9*G)
    ("#define F(x) x\n#define G(x) F(x)\nG(G(ok))", "ok"),          # arguments expanded first (§6.10.3.1p1)
    ("#define F(x) x\nF(F(F(ok)))", "ok"),
    ("#define E\n#define F(x) [x]\nF(E)", "F"),                     # fxc: an empty argument is missing (X1516)
    ("#define F(x, y) y x\nF(a\n, b)", "b a"),
    ("#define F(x) x\nF(/* , */ ok)", "ok"),                        # a comment is one space (phase 3)
    ("#define F(x) x\nF(ok // , \n)", "ok"),
    ("#define F(x, y) x\nF([1, 2], 3)", "[1, 2]"),                   # fxc: [] keep a comma (vkd3d's record)
    ("#define F(x, y) x\nF({1, 2}, 3)", "{1, 2}"),                   # fxc: {} too
    # directives among the arguments take effect where they stand (GCC and fxc; C99 leaves it undefined)
    ("#define F(x) [x]\nF(\n#if 1\nyes\n#else\nno\n#endif\n)", "[yes]"),
    ("#define F(x) [x]\n#define V 1\nF(\n#undef V\n#define V 2\nV)", "[2]"),
    # __VA_ARGS__ (§6.10.3p12, §6.10.3.1p2): fxc has no variadic macros (X1500, the definition ignored; d3dcompiler_47 10.1, session 36)
    ("#define F(...) <__VA_ARGS__>\nF(a, (b, c), d)", "F(a, (b, c), d)"),
    ("#define F(x, ...) [x|__VA_ARGS__]\nF(1, 2, 3)", "F(1, 2, 3)"),
    ("#define F(...) #__VA_ARGS__\nF( a ,  b )", "F( a ,  b )"),
    ("#define F(x, ...) [x|__VA_ARGS__]\nF(1)", "F(1)"),
    # line splicing (phase 2) inside tokens and directives
    ("#def\\\nine A o\\\nk\nA", "A"),         # fxc: a splice ends a token, 'def' is no directive (X1504)
    ("#define A \\\n ok\nA", "ok"),
    ("o\\\nk", "o k"),                            # fxc (d3dcompiler_47 10.1, session 36; C99: ok)
    ('"a\\\nb"', '"ab"'),
    # comments in directives (phase 3 precedes phase 4)
    ("#define A /* c */ ok // d\nA", "ok"),
    ("# /* c */ define A ok\nA", "ok"),
    ("#define A /* c\n d */ ok\nA", "ok"),                           # a comment spanning lines ends the same line
    ("#if 1 /* 0\n */\nok\n#endif", "ok"),
]


@pytest.mark.parametrize(("src", "expected"), MACROS)
def test_macro_replacement(src, expected):
    assert run(src)[0] == toks(expected)


# --- # and ## (§6.10.3.2, §6.10.3.3) -------------------------------------------------------------------------------
OPERATORS = [
    ("#define S(x) #x\nS(a)", '"a"'),
    ("#define S(x) #x\nS(  a   b  )", '"a b"'),                     # white space runs become one space
    ("#define S(x) #x\nS(a\n b)", '"a b"'),
    ("#define S(x) #x\nS(a/**/b)", '"a b"'),                        # a comment is white space
    ('#define S(x) #x\nS("a\\"b")', '"\\"a\\\\\\"b\\""'),           # \ and " escaped inside a string literal
    ("#define S(x) #x\nS('\"')", "\"'\\\"'\""),                      # ... and inside a character constant
    ('#define S(x) #x\nS("\\n")', '"\\"\\\\n\\""'),
    ("#define S(x) #x\nS(@\\n)", '"@\\n"'),                          # outside literals a \ stays single
    ("#define S(x) #x\n#define E ok\nS(E)", '"ok"'),                 # fxc replaces the argument first (session 35)
    ("#define S(x) #x\n#define X(x) S(x)\n#define E ok\nX(E)", '"ok"'),
    ("#define S(x, y) #x #y\nS(a ,b)", '"a" "b"'),
    ("#define C(x, y) x ## y\nC(a, b)", "ab"),
    ("#define C(x, y) x ## y\nC(1, 2)", "12"),
    ("#define C(x, y) x ## y\nC(+, =)", "+="),
    ("#define C(x, y) x ## y\nC(<, <=)", "<<="),
    ("#define C(x, y, z) x ## y ## z\nC(a, b, c)", "abc"),
    ("#define C(x) x ## _suffix\nC(name)", "name_suffix"),
    ("#define ab ok\n#define C(x, y) x ## y\nC(a, b)", "ok"),         # the result is rescanned
    ("#define C(x) # x ## x\nC(a)", '"a"a'),
    # fxc: ## is an ordinary token in an object-like macro, # stringizes any identifier (vkd3d's record)
    ("#define O a ## b\nO", "a ## b"),
    ("#define F(x) #y\nF(1)", '"y"'),
    # fxc: both operands of ## macro-expanded first (DXC -flegacy-macro-expansion, issues 1005 and 2158)
    ("#define N 4\n#define C(x, y) x ## y\nC(float, N)", "float4"),
]


@pytest.mark.parametrize(("src", "expected"), OPERATORS)
def test_stringize_and_paste(src, expected):
    assert run(src)[0] == toks(expected)


def test_paste_operands_are_not_expanded_in_c99_mode():
    assert strict("#define N 4\n#define C(x, y) x ## y\nC(float, N)") == ["floatN"]


def test_hash_hash_example_of_6_10_3_3():
    src = ("#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n"
           "#define join(c, d) in_between(c hash_hash d)\nchar p[] = join(x, y);")
    assert strict(src) == toks('char p[] = "x ## y";')


# --- fxc's departures found in session 19 -----------------------------------------------------------------------------
def test_empty_parameter_list_is_x1500():
    """fxc, quoted in FidelityFX-SDK issue 68: ``#define FFX_GROUP_MEMORY_BARRIER() ...`` is "error X1500: syntax
    error : unexpected token ')'"; C99 §6.10.3 allows ``()`` (strict mode)."""
    assert "error X1500: syntax error : unexpected token ')'" in fails("#define P() int\nP()")
    assert strict("#define P() int\nP() i;") == toks("int i;")


@pytest.mark.parametrize(("src", "expected"), [
    ("#define F(x) [x]\nF(1, 2)", "F"),
    ("#define F(x, y) [x|y]\nF(1, 2, (3, 4), 5)", "F"),
])
def test_too_many_arguments_are_x1516(src, expected):
    # fxc 10.1 (sessions 35-36): an error worded "not enough", the macro's name written alone
    out, msgs = run(src)
    assert out == toks(expected) and "error X1516: not enough actual parameters for macro 'F'" in msgs
    with pytest.raises(HlslError):
        preprocess(src, strict_c99=True)


def test_a_lone_hash_is_x1500():
    """fxc has no null directive (a 2007 test of fxc10: a line holding only '#' is an error): d3dcompiler_47 10.1
    reports X1500 "unexpected end of line" and drops the line; C99 §6.10.7's null directive in the strict mode."""
    out, msgs = run("#\nok")
    assert out == ["ok"] and "error X1500" in msgs
    assert strict("#\nok") == ["ok"]
    assert run("#if 0\n#\n#endif\nok")[0] == ["ok"]


# --- __FILE__ and __LINE__ (§6.10.8), #line (§6.10.4), includes (§6.10.2) --------------------------------------------
def test_line_and_file_in_includes_and_after_line():
    files = {"a.h": "x\n__LINE__ __FILE__\n", "b.h": '#line 50 "z.h"\n__LINE__ __FILE__\n'}
    out, _ = run('__LINE__\n#include "a.h"\n__LINE__ __FILE__\n#include "b.h"\n__LINE__', files)
    # (the main file's __FILE__: its full path, fxc's; d3dcompiler_47 10.1, session 38)
    assert out == toks('1 x 2 "a.h" 3 ' + main_file() + ' 50 "z.h" 5')


@pytest.mark.parametrize(("src", "expected"), [
    ("#line 10\n__LINE__", "10"),
    ('#line 10 "f.hlsl"\n__LINE__ __FILE__', '10 "f.hlsl"'),
    ("#define N 20\n#line N\n__LINE__", "3"),                      # fxc replaces no macro in #line (X1500)
    ("#line 7\n\n\n__LINE__", "9"),
    ("#define F(x) x\nF(\n__LINE__)", "3"),                         # the line of its own token
    ("a \\\n__LINE__", "a 2"),                                      # the physical line of its token (GCC's rule)
])
def test_line_numbers(src, expected):
    assert run(src)[0] == toks(expected)


def test_include_open_and_close_order_and_parent_data():
    """ID3DInclude: Open for each #include (D3D_INCLUDE_LOCAL for "", D3D_INCLUDE_SYSTEM for <>), pParentData is
    the data Open returned for the including file (NULL for the source itself), Close after the file is read."""
    log: list[tuple] = []

    class Inc(MemoryInclude):
        def Open(self, kind, name, parent):  # noqa: N802
            log.append(("open", kind, name, parent))
            return self.files[name]

        def Close(self, data):  # noqa: N802
            log.append(("close", data))

    inc = Inc({"a.h": '#include <b.h>\na', "b.h": "b"})
    msgs: list = []
    out = bytes(D3DPreprocess('#include "a.h"\nm', None, "t.hlsl", None, inc, msgs)).decode()
    assert toks(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line"))) == ["b", "a", "m"]
    assert log == [("open", 0, "a.h", None), ("open", 1, "b.h", '#include <b.h>\na'), ("close", "b"),
                   ("close", '#include <b.h>\na')]


# --- D3DPreprocess's text: one output line per input line, markers after includes ---------------------------------------
def test_output_lines_keep_their_numbers():
    src = "#define A ok\n\nA\n#if 1\nx\n#endif\ny"
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, None, msgs)).decode()
    lines = [(line, text.strip()) for _, line, text in numbered_lines(out) if text.strip()]
    assert lines == [(3, "ok"), (5, "x"), (7, "y")]


@pytest.mark.parametrize(("src", "expected"), [
    # fxc's D3DPreprocess writes an empty line for a pragma other than pack_matrix (d3dcompiler_47 10.1, session 36)
    ("#pragma foo bar\nok", "ok"),
    ("#define K fail\n#pragma K\nok", "ok"),
    ("#pragma message(\"m\")\nok", "ok"),
    ("#if 0\n#pragma foo\n#endif\nok", "ok"),
])
def test_pragma_lines_reach_the_compiler(src, expected):
    """fxc's pragmas are the compiler's (an unknown one is its X3568; vkd3d's record of D3DPreprocess prints a
    pragma's tokens verbatim): the line stays in the preprocessed text, and the parser skips what it does not use."""
    assert run(src)[0] == toks(expected)


@pytest.mark.parametrize(("defines", "src", "expected"), [
    ([("A", "ok")], "A", "ok"),
    ([("A", None)], "A", "1"),                                 # no definition: 1 (fxc's /D NAME)
    ([("A", "")], "[A]", "[]"),                                # an empty one: an empty replacement list
    ([("A", "1"), (None, None), ("B", "2")], "A B", "1 B"),    # the array ends at the NULL name
    ([("A", "B"), ("B", "ok")], "A", "ok"),                     # rescanned like any replacement
    ([("A", "x")], "#undef A\nA", "A"),
    ([("A", "x")], "#ifdef A\nok\n#endif", "ok"),
    ([("A", "2")], "#if A * 3 == 6\nok\n#endif", "ok"),
])
def test_d3d_shader_macro_definitions(defines, src, expected):
    """D3DCompile / D3DPreprocess's pDefines: a NULL-terminated array of D3D_SHADER_MACRO (Name, Definition), each
    an object-like macro defined before the source's first line."""
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", defines, None, msgs)).decode()
    assert toks(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line"))) == toks(expected)
