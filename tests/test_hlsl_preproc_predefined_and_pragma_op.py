"""Predefined macro names (C99 §6.10.8, the HLSL "#line Directive" page) and the ``_Pragma`` operator (C99 §6.10.9).

Sources, read for each expectation (never the code under test):

* The HLSL "#line Directive" page names the predefined macros ``__FILE__`` and ``__LINE__``: "The translator uses the
  line number and filename to determine the values of the predefined macros __FILE__ and __LINE__"; "The __FILE__
  macro expands to a string whose contents are the filename, surrounded by double quotation marks"; after ``#line``
  "the compiler ignores the previous values and continues processing with the new values". No other predefined
  macro is documented for fxc. ``__HLSL_VERSION``, ``__SHADER_TARGET_MAJOR``/``MINOR``/``STAGE`` and the
  ``__DXC_VERSION_*`` names are DXC's (its tests HLSLFileCheck/hlsl/preprocessor/version_defines run dxc only;
  shader code tests ``defined(__HLSL_VERSION)`` to tell DXC from fxc), so under fxc they are plain identifiers.
  C99's ``__STDC__``, ``__STDC_VERSION__``, ``__DATE__``, ``__TIME__`` and the common extension ``__COUNTER__``
  are not on any HLSL page: fxc is no C implementation, so they are not defined (the decision, recorded in
  docs/conformance.md).
* C99 §6.10.8p1/p4: the predefined names are macro names (``defined __LINE__`` is 1; ``#ifdef __FILE__`` takes its
  group); "None of these macro names, nor the identifier defined, shall be the subject of a #define or a #undef".
  fxc's reaction to that is unrecorded; Microsoft's C preprocessor, whose numbers and ``#@`` fxc's follows, warns
  (C4117 "macro name is reserved") and ignores the directive: so does this one (a warning, the meaning kept).
* C99 §6.10.9: ``_Pragma ( string-literal )`` — the literal is destringized (the quotes removed, ``\\"`` → ``"``,
  ``\\\\`` → ``\\``), the characters are tokenized and "executed as if they were the pp-tokens in a pragma
  directive"; the operator may come from a macro's replacement (the standard's EXAMPLE:
  ``#define LISTING(x) PRAGMA(listing on #x)`` / ``#define PRAGMA(x) _Pragma(#x)``). Anything but a parenthesized
  string literal after ``_Pragma`` is an error (the operator's syntax).
"""

from __future__ import annotations

import pytest
from preproc_kit import numbered_lines, run

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile, D3DPreprocess
from pyd3d11.shader.hlsl.preprocessor import destringize, preprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def out(src: str) -> str:
    """D3DPreprocess's text of ``src`` named t.hlsl."""
    return bytes(D3DPreprocess(src, None, "t.hlsl", None, None)).decode()


def lines_of(src: str) -> list[str]:
    """The output lines that are no ``#line`` marker, stripped, empty ones dropped."""
    return [ln.strip() for ln in out(src).splitlines() if ln.strip() and not ln.startswith("#line")]


# --- __FILE__ and __LINE__ ------------------------------------------------------------------------------------
LINE_FILE = [
    ("__LINE__", ["1"]),
    ("\n\n__LINE__", ["3"]),
    ("a\nb __LINE__", ["a", "b 2"]),
    ("__FILE__", ['"t.hlsl"']),
    # #line N: the next line is N, and each line after it one more (the page: "incremented after each line")
    ("#line 100\n__LINE__\n__LINE__\n\n__LINE__", ["100", "101", "103"]),
    ('#line 7 "g.hlsl"\n__FILE__ __LINE__', ['"g.hlsl" 7']),
    # the file name kept when #line gives none (the page: "the previous filename remains unchanged")
    ('#line 7 "g.hlsl"\n#line 20\n__FILE__ __LINE__', ['"g.hlsl" 20']),
    # macro replacement of #line's operands (the page: "Macro replacement can be performed")
    ("#define N 50\n#line N\n__LINE__", ["50"]),
    # inside a macro's replacement: the line of the invocation
    ("#define L __LINE__\n\nL", ["3"]),
    ("#define F(x) x __LINE__\nF(a)", ["a 2"]),
    ('#define S(x) #x\n#define T(x) S(x)\nT(__LINE__)', ['"3"']),
    # in #if (a macro name like any other)
    ("#if __LINE__ == 1\nyes\n#else\nno\n#endif", ["yes"]),
    ("#line 40\n#if __LINE__ == 40\nyes\n#endif", ["yes"]),
]


@pytest.mark.parametrize("src,expect", LINE_FILE)
def test_line_and_file_values(src, expect):
    assert lines_of(src) == expect


def test_file_and_line_inside_an_include():
    toks, _ = run('#include "inc.h"\n__FILE__ __LINE__', {"inc.h": "\n__FILE__ __LINE__\n"})
    assert toks == ['"inc.h"', "2", '"t.hlsl"', "2"]


def test_line_directive_in_include_leaves_the_includer_alone():
    toks, _ = run('#include "inc.h"\n__FILE__ __LINE__', {"inc.h": '#line 90 "z.h"\n__FILE__ __LINE__\n'})
    assert toks == ['"z.h"', "90", '"t.hlsl"', "2"]


DEFINED = [
    ("#if defined(__LINE__)\nyes\n#else\nno\n#endif", ["yes"]),
    ("#if defined __FILE__ && defined(__LINE__)\nyes\n#else\nno\n#endif", ["yes"]),
    ("#ifdef __LINE__\nyes\n#else\nno\n#endif", ["yes"]),
    ("#ifdef __FILE__\nyes\n#else\nno\n#endif", ["yes"]),
    ("#ifndef __FILE__\nno\n#else\nyes\n#endif", ["yes"]),
]


@pytest.mark.parametrize("src,expect", DEFINED)
def test_predefined_names_are_defined(src, expect):
    assert lines_of(src) == expect


#: names fxc does not define: DXC's version macros, C99's other predefined names, __COUNTER__
NOT_PREDEFINED = ["__HLSL_VERSION", "__SHADER_TARGET_MAJOR", "__SHADER_TARGET_MINOR", "__SHADER_TARGET_STAGE",
                  "__SHADER_STAGE_PIXEL", "__DXC_VERSION_MAJOR", "__DXC_VERSION_MINOR", "__STDC__",
                  "__STDC_VERSION__", "__STDC_HOSTED__", "__DATE__", "__TIME__", "__COUNTER__", "__cplusplus",
                  "__FUNCTION__"]


@pytest.mark.parametrize("name", NOT_PREDEFINED)
def test_other_names_are_not_predefined(name):
    assert lines_of(f"#ifdef {name}\nyes\n#else\nno\n#endif") == ["no"]
    assert lines_of(f"#if defined({name})\nyes\n#else\nno\n#endif") == ["no"]
    assert lines_of(name) == [name]  # an identifier left as it is
    assert lines_of(f"#if {name} == 0\nzero\n#endif") == ["zero"]  # an identifier in #if is 0


@pytest.mark.parametrize("directive", ["#define __LINE__ 7", "#undef __LINE__", "#define __FILE__ \"x\"",
                                       "#undef __FILE__", "#define __LINE__() 7", "#define defined 1",
                                       "#undef defined", "#define defined(x) 1"])
def test_define_or_undef_of_a_predefined_name_is_ignored_with_a_warning(directive):
    msgs: list = []
    text = bytes(D3DPreprocess(directive + "\n__FILE__ __LINE__", None, "t.hlsl", None, None, msgs)).decode()
    body = [ln for ln in text.splitlines() if ln.strip() and not ln.startswith("#line")]
    assert body == ['"t.hlsl" 2']
    report = "".join(bytes(m).decode() for m in msgs)
    assert "t.hlsl(1,1): warning" in report and "reserved" in report


def test_defined_stays_the_operator_after_an_ignored_define():
    assert lines_of("#define defined 0\n#define X\n#if defined(X)\nyes\n#else\nno\n#endif") == ["yes"]


def test_define_of_a_predefined_name_warns_under_d3dcompile_too():
    msgs: list = []
    D3DCompile("#undef __LINE__\nfloat4 main() : SV_Target { return __LINE__; }", None, "t.hlsl", None, None,
               "main", "ps_4_0", 0, 0, msgs)
    assert "reserved" in "".join(bytes(m).decode() for m in msgs)


# --- the _Pragma operator ------------------------------------------------------------------------------------
def _pragma_lines(src: str) -> list[str]:
    return [ln for ln in lines_of(src) if ln.startswith("#pragma")]


PRAGMA_OP = [
    # destringizing: the quotes go, \" becomes " and \\ becomes \ (§6.10.9p1)
    ('_Pragma("pack_matrix(row_major)")', "#pragma pack_matrix(row_major)"),
    ('_Pragma ( "pack_matrix(column_major)" )', "#pragma pack_matrix(column_major)"),
    ('_Pragma("warning(disable : 3206)")', "#pragma warning ( disable : 3206 )"),
    # through a macro: the standard's EXAMPLE form, #x giving the string
    ('#define PRAGMA(x) _Pragma(#x)\nPRAGMA(pack_matrix(row_major))', "#pragma pack_matrix(row_major)"),
    ('#define PRAGMA(x) _Pragma(#x)\n#define NOWARN(n) PRAGMA(warning(disable : n))\nNOWARN(3206)',
     "#pragma warning ( disable : 3206 )"),
    # the pragma's tokens are macro-expanded as a #pragma's are (the #pragma page: "subject to macro expansion")
    ('#define M row_major\n_Pragma("pack_matrix(M)")', "#pragma pack_matrix(row_major)"),
    # an object-like macro that is the whole operator
    ('#define P _Pragma("pack_matrix(row_major)")\nP', "#pragma pack_matrix(row_major)"),
]


@pytest.mark.parametrize("src,expect", PRAGMA_OP)
def test_pragma_operator_writes_the_pragma(src, expect):
    assert _pragma_lines(src) == [expect]


def test_pragma_operator_is_no_text():
    # the operator and its operand leave nothing on the line; the tokens around it stay, in order
    body = lines_of('a _Pragma("pack_matrix(row_major)") b')
    assert body == ["a", "#pragma pack_matrix(row_major)", "b"]


def test_tokens_after_the_operator_keep_their_line():
    # the page's markers number every output line: the text after the pragma is still line 1, the next line 2
    got = [(f, n, t.strip()) for f, n, t in numbered_lines(out('a _Pragma("pack_matrix(row_major)") b\nc __LINE__'))
           if t.strip()]
    assert got[0] == ("t.hlsl", 1, "a")
    assert got[1][2] == "#pragma pack_matrix(row_major)"
    assert got[2:] == [("t.hlsl", 1, "b"), ("t.hlsl", 2, "c 2")]


@pytest.mark.parametrize("src", ['a _Pragma(\n"pack_matrix(row_major)") b\nc __LINE__',
                                 'a _Pragma\n("pack_matrix(row_major)") b\nc __LINE__',
                                 'a _Pragma(\n\n"pack_matrix(row_major)"\n) b\nc __LINE__'])
def test_operator_operand_may_continue_on_later_lines(src):
    # the operand is pp-tokens, as an invocation's arguments are: new-lines between them are white space (GCC reads
    # it so); the joined text belongs to the operator's first line and the line after it keeps its own number
    got = [(n, t.strip()) for _f, n, t in numbered_lines(out(src)) if t.strip()]
    last = src.count("\n") + 1
    assert got == [(1, "a"), (2, "#pragma pack_matrix(row_major)"), (1, "b"), (last, f"c {last}")]


def test_operator_alone_on_its_line_keeps_the_next_lines_numbers():
    got = [(n, t.strip()) for _f, n, t in numbered_lines(out('_Pragma("pack_matrix(row_major)")\nx\ny __LINE__'))
           if t.strip() and not t.startswith("#pragma")]
    assert got == [(2, "x"), (3, "y 3")]


def test_unknown_pragma_through_the_operator_warns_like_the_directive():
    msgs_d: list = []
    msgs_o: list = []
    D3DPreprocess('#pragma frobnicate\n', None, "t.hlsl", None, None, msgs_d)
    D3DPreprocess('_Pragma("frobnicate")\n', None, "t.hlsl", None, None, msgs_o)
    assert bytes(msgs_d[0]) == bytes(msgs_o[0])
    assert b"X3568" in bytes(msgs_o[0])
    msgs: list = []
    D3DPreprocess('a\n\nb _Pragma("frobnicate")\n', None, "t.hlsl", None, None, msgs)
    assert bytes(msgs[0]).startswith(b"t.hlsl(3,")  # the operator's line


@pytest.mark.parametrize("literal,chars", [
    ('"once"', "once"),
    ('"message(\\"hi\\")"', 'message("hi")'),      # \" -> "
    ('"a\\\\b"', "a\\b"),                             # \\ -> \
    ('"a\\nb"', "a\\nb"),                               # any other escape stays as written
    ('"\\\\\\""', '\\"'),                           # \\ then \" : one backslash, one quote
    ('L"once"', "once"),                                # the L prefix is deleted
])
def test_destringizing(literal, chars):
    assert destringize(literal) == chars


def test_destringized_quotes_reach_the_pragma():
    # a message pragma whose string came through \" is recognised (no X3568) and leaves no error
    msgs: list = []
    D3DPreprocess('_Pragma("message(\\"hi\\")")\n', None, "t.hlsl", None, None, msgs)
    assert msgs == []


def test_pragma_once_through_the_operator():
    files = {"inc.h": '_Pragma("once")\nx\n'}
    toks, _ = run('#include "inc.h"\n#include "inc.h"\n', files)
    assert toks == ["x"]


def test_pragma_operator_is_not_run_in_a_skipped_group():
    assert _pragma_lines('#if 0\n_Pragma("pack_matrix(row_major)")\n#endif\n') == []


def test_stringized_argument_keeps_the_operator_as_text():
    # # applies to the argument as written (§6.10.3.2): the operator in it is not executed
    assert lines_of('#define S(x) #x\nS(_Pragma("once"))') == ['"_Pragma(\\"once\\")"']


@pytest.mark.parametrize("src", ['_Pragma', '_Pragma(once)', '_Pragma("once"', '_Pragma()', "_Pragma(1)",
                                 '_Pragma("a" "b")'])
def test_malformed_operator_is_an_error(src):
    with pytest.raises(ShaderCompileError) as ei:
        D3DPreprocess(src + "\n", None, "t.hlsl", None, None)
    assert "t.hlsl(1," in ei.value.errors and "_Pragma" in ei.value.errors


def test_strict_mode_has_the_operator_too():
    assert "#pragma pack_matrix(row_major)" in preprocess('_Pragma("pack_matrix(row_major)")', "t.hlsl",
                                                          strict_c99=True).text


# --- effect identical to the directive (compiles) --------------------------------------------------------------
_MAT = "float4x4 m;\nfloat4 main(float4 v : V) : SV_Target { return mul(v, m); }\n"
_TRUNC = "float2 t(float4 v) { return v; }\nfloat4 main(float4 v : V) : SV_Target { return t(v).xyxy; }\n"


def _blob(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0))


def _warnings(src: str) -> str:
    msgs: list = []
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0, msgs)
    return "".join(bytes(m).decode() for m in msgs)


@pytest.mark.parametrize("order", ["row_major", "column_major"])
def test_pack_matrix_operator_compiles_like_the_directive(order):
    directive = _blob(f"#pragma pack_matrix({order})\n" + _MAT)
    operator = _blob(f'_Pragma("pack_matrix({order})")\n' + _MAT)
    assert directive == operator


def test_pack_matrix_operator_changes_the_code():
    assert _blob('_Pragma("pack_matrix(row_major)")\n' + _MAT) != _blob(_MAT)


def test_warning_operator_disables_like_the_directive():
    assert "X3206" in _warnings(_TRUNC)
    assert "X3206" not in _warnings("#pragma warning(disable : 3206)\n" + _TRUNC)
    assert "X3206" not in _warnings('_Pragma("warning(disable : 3206)")\n' + _TRUNC)
    assert "X3206" not in _warnings('#define OFF(n) _Pragma(#n)\nOFF(warning(disable : 3206))\n' + _TRUNC)


def test_warning_operator_acts_from_its_position():
    # a pragma acts on what follows it: put after the function, the truncation above it still warns
    src = _TRUNC.replace("float4 main", '_Pragma("warning(disable : 3206)")\nfloat4 main')
    assert "X3206" in _warnings(src)

