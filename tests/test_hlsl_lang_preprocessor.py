"""The HLSL preprocessor from its definitions: C99 §6.10.3 macro replacement (the standard's own
EXAMPLEs 3, 4, 5 and the ``hash_hash`` example of §6.10.3.3, whose expected text the standard gives),
rescanning with the rest of the source and hide sets ("painted blue"), #if arithmetic as fxc evaluates it
(every value an unsigned 32-bit integer: issue 15's statement of the rule; the strict C99 mode keeps the HLSL #if
page's "treated as signed long values ... evaluated using the same rules as expressions in C++"), directives
among macro arguments, and ID3DInclude (pParentData, Close after use, fxc's include search order)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from preproc_kit import TokenText, fxc_errors

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.shader.hlsl.diagnostics import HlslError
from pyd3d11.shader.hlsl.preprocessor import preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def pp(src: str, inc=None) -> str:
    """The preprocessed text (line markers dropped), compared token by token (preproc_kit.TokenText)."""
    out = bytes(D3DPreprocess(src, None, "t.hlsl", None, inc)).decode()
    return TokenText(" ".join(" ".join(ln for ln in out.splitlines() if not ln.startswith("#line")).split()))


# --- C99 §6.10.3.5 -------------------------------------------------------------------------------------
EXAMPLE3 = r"""
#define x 3
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
"""

C99_CASES = [
    # EXAMPLE 3, line by line as the standard prints the result
    (EXAMPLE3 + "f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);",
     "f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);"),
    (EXAMPLE3 + "g(x+(3,4)-w) | h 5) & m\n(f)^m(m);",
     "f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);"),
    (EXAMPLE3 + "p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };", "int i[] = { 1, 23, 4, 5, };"),
    (EXAMPLE3 + "char c[2][6] = { str(hello), str() };", 'char c[2][6] = { "hello", "" };'),
    # EXAMPLE 4
    ('#define str(s) # s\n#define xstr(s) str(s)\n#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \\\n'
     "x ## s, x ## t)\ndebug(1, 2);",
     'printf("x" "1" "= %d, x" "2" "= %s", x1, x2);'),
    ("#define str(s) # s\n#define xstr(s) str(s)\n#define INCFILE(n) vers ## n\nxstr(INCFILE(2).h)", '"vers2.h"'),
    ('#define glue(a, b) a ## b\n#define xglue(a, b) glue(a, b)\n#define HIGHLOW "hello"\n#define LOW LOW ", world"\n'
     "glue(HIGH, LOW);\nxglue(HIGH, LOW)", '"hello"; "hello" ", world"'),
    # EXAMPLE 5 (placemarkers)
    ("#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\nt(10,,), t(,11,), t(,,12), t(,,) };",
     "int j[] = { 123, 45, 67, 89, 10, 11, 12, };"),
    # §6.10.3.3 EXAMPLE: ## produced by a macro is an ordinary token afterwards
    ("#define hash_hash # ## #\n#define mkstr(a) # a\n#define in_between(a) mkstr(a)\n"
     "#define join(c, d) in_between(c hash_hash d)\nchar p[] = join(x, y);", 'char p[] = "x ## y";'),
]


def pp_c99(src: str) -> str:
    """The preprocessed text with C99's ``##`` (operands pasted as written) instead of fxc's."""
    text = preprocess(src, "t.hlsl", strict_c99=True).text
    return TokenText(" ".join(" ".join(ln for ln in text.splitlines() if not ln.startswith("#line")).split()))


@pytest.mark.parametrize(("src", "expected"), C99_CASES, ids=[f"c99-{i}" for i in range(len(C99_CASES))])
def test_c99_macro_replacement_examples(src, expected):
    assert pp_c99(src) == expected


#: fxc differs from C99 in one place: the operands of ## are macro-expanded before pasting (DXC's option
#: -flegacy-macro-expansion: "Expand the operands before performing token-pasting operation (fxc behavior)";
#: DXC issues #1005, #2158, #2338 give the programs fxc accepts). Everything else of the C99 examples holds.
FXC_PASTE = [
    # §6.10.3.5 EXAMPLE 3's glue: LOW is expanded before it is pasted; its expansion meets LOW again, which fxc
    # gives up (LOW stays LOW), so HIGHLOW is "hello" alone (d3dcompiler_47 10.1, session 36)
    ('#define glue(a, b) a ## b\n#define xglue(a, b) glue(a, b)\n#define HIGHLOW "hello"\n#define LOW LOW ", world"\n'
     "glue(HIGH, LOW);\nxglue(HIGH, LOW)", '"hello"; "hello"'),
    # DXC issue #2338: register(b##index) with index an object-like macro
    ("#define SBI 5\n#define BUF(name, index) cbuffer name : register(b##index)\nBUF(V, SBI)", "cbuffer V : register(b5)"),
    # DXC issue #1005 / CompilerTest PreprocessWhenExpandTokenPastingOperandThenAccept: nested macro operands
    ("#define SET_INDEX0 10\n#define BINDING_INDEX0 5\n#define SET(INDEX) SET_INDEX##INDEX\n"
     "#define BINDING(INDEX) BINDING_INDEX##INDEX\n#define SET_BIND(NAME,SET,BIND) resource_set_##SET##_bind_##BIND##_##NAME\n"
     "#define RESOURCE(NAME,INDEX) SET_BIND(NAME, SET(INDEX), BINDING(INDEX))\nRESOURCE(tex, 0)", "resource_set_10_bind_5_tex"),
    # DXC issue #2158: a name of the replacement list that is an object-like macro is expanded too
    ("#define C 4\n#define A4 float4\n#define TYPE A##C\n#define FUNC(ty) ty main()\nFUNC(TYPE)", "float4 main()"),
    # ... through the argument: TYPE's own ## is no operator (object-like), the argument's ## is (vkd3d's record)
    ("#define C 4\n#define A4 float4\n#define TYPE A##C\nTYPE", "A##4"),
    # an operand that expands to nothing is a placemarker; a function-like name without arguments stays
    ("#define E\n#define f(a) x ## a ## y\nf(E)", "f"),  # fxc: an argument replaced to nothing is missing (X1516)
    ("#define g(a) a\n#define f(a) a ## 1\nf(g)", "g1"),
    # a macro's own name in its replacement list: fxc gives the invocation up before pasting (C99: X1; d3dcompiler_47
    # 10.1, session 36)
    ("#define X(a) X ## a\nX(1)", "X(1)"),
    # fxc's # spells the replaced argument too (d3dcompiler_47 10.1, session 35)
    ("#define ONE 1\n#define s(a) #a\ns(ONE)", '"1"'),
]


@pytest.mark.parametrize(("src", "expected"), FXC_PASTE)
def test_fxc_expands_paste_operands(src, expected):
    assert pp(src) == expected


RESCAN = [
    # a function-like name produced by an expansion takes its arguments from the text after it
    ("#define g f\n#define f(a) [a]\ng(1)", "[1]"),
    # an invocation begun inside a replacement list ends in the source
    ("#define f(x) x+1\n#define g f(\ng 2)", "2+1"),
    # a macro is not re-expanded inside its own expansion (painted blue), even via another macro
    ("#define AA BB\n#define BB AA\nAA BB", "AA BB"),
    ("#define foo foo\nfoo", "foo"),
    ("#define f(x) g(x)\n#define g(x) f(x)\nf(1)", "f(1)"),
    # arguments are expanded on their own, before substitution, without the macro's own hide set
    ("#define f(a) (a)\nf(f(1))", "((1))"),
    # ... but not next to # (next to ##, fxc expands it as well: see FXC_PASTE; C99 would give ONE2)
    ("#define ONE 1\n#define s(a) #a\n#define c(a) a ## 2\ns(ONE) c(ONE)", '"1" 12'),  # fxc (session 35)
    # an invocation spanning lines, and a name whose ( is on the next line
    ("#define f(a, b) a-b\nf(1,\n2)", "1-2"),
    ("#define f(a) <a>\nf\n(3)", "f (3)"),             # fxc: no '(' from the next line (session 35)
    ("#define f(a) <a>\nf\n+3", "f +3"),
    # a function-like macro name without ( is left alone
    ("#define f(a) <a>\nint f;", "int f;"),
    # an empty argument, an object-like macro that expands to nothing
    ("#define EMPTY\n#define f(x) [x]\nf(EMPTY) f(EMPTY)", "f f"),  # fxc: missing arguments, X1516
]


@pytest.mark.parametrize(("src", "expected"), RESCAN)
def test_rescanning_and_hide_sets(src, expected):
    assert pp(src) == expected


# --- #if arithmetic: fxc's unsigned 32 bits ---------------------------------------------------------------
IF_CASES = [
    ("-1 > 0u", True),                  # usual arithmetic conversions: -1 becomes 0xFFFFFFFF
    ("-1 > 0", True),                   # fxc: every #if value is unsigned 32-bit
    ("0xFFFFFFFF + 1 == 0", True),      # 0xFFFFFFFF only fits unsigned long: wraps at 32 bits
    ("0x7FFFFFFF + 1 < 0", False),      # 0x80000000 is no negative number
    ("0x7FFFFFFF + 1 == 0x80000000", True),
    ("2147483648 > 0", True),           # a decimal constant too big for long is unsigned long
    ("-2147483647 - 1 < 0", False),
    ("0xFFFFFFFF == -1", True),
    ("(0u - 1) / 2 == 0x7FFFFFFF", True),
    ("-7 / 2 == -3", False),            # unsigned division: 0xFFFFFFF9 / 2
    ("-7 / 2 == 0x7FFFFFFC", True),
    ("!0 == 1 && !5 == 0", True),
    ("(1 ? -1 : 0u) > 0", True),        # ?: takes the common type of its branches
    ("'a' == 97", True),                # character constants
    ("defined(UNDEFINED) || UNDEFINED_NAME == 0", True),  # an unknown identifier is 0
    ("3 > 2 > 1", False),
    ("(1, 2)" if False else "1 + 2 * 3 == 7", True),
]


@pytest.mark.parametrize(("expr", "truth"), IF_CASES)
def test_if_expression_arithmetic(expr, truth):
    src = f"#if {expr}\nyes\n#else\nno\n#endif"
    assert pp(src) == ("yes" if truth else "no")


# Expressions C99 evaluates (strict mode: its truth) and fxc refuses: %, ~, << and >> are no operators of its #if (a
# binary one after a complete expression is a trailing token, X1500, the value so far kept: "-7 % 2 == -1" keeps
# -7), a division by zero is X1503 evaluated or not, a character constant takes no escape (X1500); a refused #if
# opens no group, so "yes no" follows. (expression, C99 truth, fxc's words, fxc's first error), the last two
# columns recorded from d3dcompiler_47 10.1 under Wine (session 36).
IF_FXC_REFUSES = [
    ("-7 % 2 == -1", True, "yes", "X1500"),
    ("-1 >> 1 == -1", True, "yes", "X1500"),
    ("0xFFFFFFFF >> 31 == 1", True, "yes", "X1500"),
    ("1 << 31 < 0", True, "yes", "X1500"),
    ("~0u == 0xFFFFFFFF", True, "yes no", "X1500"),
    ("(2 || 1 / 0)", True, "yes no", "X1503"),
    ("(0 && 1 / 0) == 0", True, "yes no", "X1503"),
    ("1 ? 2 : 1 / 0", True, "yes no", "X1503"),
    ("0 ? 1 / 0 : 3", True, "yes no", "X1503"),
    ("'\\n' == 10", True, "yes no", "X1500"),
    ("'\\xff' < 0", True, "yes no", "X1500"),
]


@pytest.mark.parametrize(("expr", "c99", "words", "error"), IF_FXC_REFUSES)
def test_if_expressions_fxc_refuses(expr, c99, words, error):
    src = f"#if {expr}\nyes\n#else\nno\n#endif"
    msgs: list = []
    D3DPreprocess(src, None, "t.hlsl", None, None, msgs)
    assert pp(src) == words and re.findall(r"error (X\d+)", "".join(bytes(m).decode() for m in msgs))[0] == error
    assert ("yes" if c99 else "no") in preprocess(src, "t.hlsl", strict_c99=True).text.split()


# The same expressions where fxc's unsigned 32 bits and C's 32-bit long part: (expression, fxc truth, strict C99
# truth). Signed values follow from two's complement at 32 bits, division truncating toward zero (C99 §6.5.5p6).
IF_STRICT_SIGNED = [
    ("-1 < 0", False, True),
    ("-1 > 0", True, False),
    ("0x7FFFFFFF + 1 < 0", False, True),   # strict: 2147483647 + 1 wraps to LONG_MIN
    ("-7 / 2 == -3", False, True),
    ("-7 / 2 == 0x7FFFFFFC", True, False),
    ("7 / -2 == 0", True, False),          # unsigned: 7 / 0xFFFFFFFE
    ("-(1 < 2) < 0", False, True),         # a comparison's 1 is unsigned too in fxc's mode
    ("-!0 < !0", False, True),
    ("(0 || 0) - 1 > 0", True, False),
]


@pytest.mark.parametrize(("expr", "fxc", "c99"), IF_STRICT_SIGNED)
def test_if_unsigned_in_fxc_signed_in_strict_c99(expr, fxc, c99):
    src = f"#if {expr}\nyes\n#else\nno\n#endif"
    assert pp(src) == ("yes" if fxc else "no")
    assert ("yes" if c99 else "no") in preprocess(src, "t.hlsl", strict_c99=True).text.split()


@pytest.mark.parametrize(("expr", "truth"), [("1 / 0", True), ("5 % 0", False), ("0 / 0", False), ("7 / 0 == 7", True)])
def test_if_division_by_zero_warns(expr, truth):
    """C99 §6.6p4 (a constant expression's value is representable): strict mode errors; fxc warns and divides
    by 1 (vkd3d's record: "Division by zero", the divisor replaced by 1)."""
    with pytest.raises(HlslError):
        preprocess(f"#if {expr}\n#endif", "t.hlsl", strict_c99=True)
    if "%" in expr:
        return  # fxc's #if has no % (session 19)
    msgs: list = []
    out = bytes(D3DPreprocess(f"#if {expr}\nyes\n#else\nno\n#endif", None, "t.hlsl", None, None, msgs)).decode()
    assert ("yes" if truth else "no") in out.split()
    assert "division by zero" in "".join(bytes(m).decode() for m in msgs)


@pytest.mark.parametrize("expr", ["1 +", "(1", "1 2", ""])
def test_if_expression_errors(expr):
    fxc_errors(f"#if {expr}\n#endif")


def test_nested_conditionals_skip_whole_groups():
    src = "#if 0\n#if 1\nA\n#else\nB\n#endif\n#elif 1\nC\n#if 0\nD\n#elif 1\nE\n#endif\n#else\nF\n#endif"
    assert pp(src) == "C E"


def test_inactive_groups_do_not_check_directive_names():
    assert pp("#if 0\n#garbage\n#else\nok\n#endif") == "ok"


# --- directives among macro arguments ------------------------------------------------------------------
def test_define_among_macro_arguments_takes_effect_before_the_expansion():
    assert pp("#define f(a) a\nf(\n#define X 1\nX)") == "1"


def test_conditional_among_macro_arguments_selects_the_tokens():
    src = "#define f(a, b) a b\nf(1,\n#ifdef NOPE\n2\n#else\n3\n#endif\n)\nafter"
    assert pp(src) == "1 3 after"


def test_lines_after_a_multi_line_invocation_keep_their_numbers():
    src = "#define f(a, b) a+b\nfloat x = f(1,\n2);\nfloat4 main() : SV_Target { return y; }"
    with pytest.raises(ShaderCompileError) as e:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")
    assert "t.hlsl(4," in e.value.errors


# --- ID3DInclude -------------------------------------------------------------------------------------------
class Recorder:
    """An ID3DInclude that records (name, pParentData) for each Open and the order of Close."""

    def __init__(self, files: dict[str, str]):
        self.files = files
        self.opened: list[tuple[str, object]] = []
        self.closed: list[object] = []

    def Open(self, kind, name, parent):  # noqa: N802
        self.opened.append((name, parent))
        return self.files[name].encode()

    def Close(self, data):  # noqa: N802
        self.closed.append(data)


def test_parent_data_is_null_for_the_source_and_the_parents_data_for_nested_includes():
    inc = Recorder({"a.h": '#include "b.h"\nA', "b.h": "B"})
    assert pp('#include "a.h"\nMAIN', inc) == "B A MAIN"
    (n1, p1), (n2, p2) = inc.opened
    assert (n1, p1) == ("a.h", None)
    assert n2 == "b.h" and p2 == inc.files["a.h"].encode()


def test_close_follows_the_included_file_innermost_first():
    inc = Recorder({"a.h": '#include "b.h"\nA', "b.h": "B"})
    pp('#include "a.h"\n#include "b.h"\n', inc)
    assert inc.closed == [b"B", inc.files["a.h"].encode(), b"B"]


def test_a_failing_open_is_x1507():
    class Missing:
        def Open(self, kind, name, parent):  # noqa: N802
            raise FileNotFoundError(name)

        def Close(self, data):  # noqa: N802
            pass

    with pytest.raises(ShaderCompileError) as e:
        pp('#include "nope.h"\n', Missing())
    assert "X1507" in e.value.errors


def test_fxc_searches_the_including_files_folder_before_the_include_dirs(tmp_path: Path):
    """fxc resolves ``#include "x"`` in the folder of the file holding the directive first, then the /I
    folders: sub/a.h's ``#include "b.h"`` finds sub/b.h although /I names a folder with another b.h."""
    from pyd3d11.tools.fxc import compile_file, parse_args

    (tmp_path / "sub").mkdir()
    (tmp_path / "inc").mkdir()
    (tmp_path / "sub" / "a.h").write_text('#include "b.h"\n')
    (tmp_path / "sub" / "b.h").write_text("#define V 2\n")
    (tmp_path / "inc" / "b.h").write_text("#define V 7\n")
    (tmp_path / "inc" / "c.h").write_text("#define W 5\n")
    main = tmp_path / "main.hlsl"
    main.write_text('#include "sub/a.h"\n#include "c.h"\nfloat4 main() : SV_Target { return V * 10 + W; }\n')
    opts = parse_args(["/T", "ps_5_0", "/I", str(tmp_path / "inc"), str(main)])
    code, errors = compile_file(opts)
    assert code is not None, errors
    from pyd3d11.shader.dxbc.disasm import disassemble

    listing = disassemble(code)
    assert "l(25.000000" in listing or "25.0" in listing
