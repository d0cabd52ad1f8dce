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
  group; fxc 10.1 counts neither defined, session 37: the strict C99 mode keeps C99's answer); "None of these macro names, nor the identifier defined, shall be the subject of a #define or a #undef".
  d3dcompiler_47 10.1 (under Wine, session 36) takes ``#define``/``#undef`` of __FILE__ and __LINE__ without a word
  and refuses ``defined`` (X1500): the tables below hold its answers.
* C99 §6.10.9: ``_Pragma ( string-literal )`` — the literal is destringized (the quotes removed, ``\\"`` → ``"``,
  ``\\\\`` → ``\\``), the characters are tokenized and "executed as if they were the pp-tokens in a pragma
  directive"; the operator may come from a macro's replacement (the standard's EXAMPLE:
  ``#define LISTING(x) PRAGMA(listing on #x)`` / ``#define PRAGMA(x) _Pragma(#x)``). Anything but a parenthesized
  string literal after ``_Pragma`` is an error (the operator's syntax). fxc has no such operator: d3dcompiler_47
  10.1 (session 36) writes it as text and its compiler refuses the name (X3000); the fxc-mode tests hold those
  answers, the strict C99 mode keeps the operator.
"""

from __future__ import annotations

import pytest
from preproc_kit import main_file, numbered_lines, run, toks

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
    # the #line page: "Macro replacement can be performed"; fxc replaces none (X1500 "unexpected token 'N'", the
    # directive dropped: d3dcompiler_47 10.1, session 36)
    ("#define N 50\n#line N\n__LINE__", ["3"]),
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
    # (the main file's __FILE__ is its full path: d3dcompiler_47 10.1, session 38)
    assert lines_of(src) == [e.replace('"t.hlsl"', main_file()) for e in expect]


def test_file_and_line_inside_an_include():
    toks, _ = run('#include "inc.h"\n__FILE__ __LINE__', {"inc.h": "\n__FILE__ __LINE__\n"})
    assert toks == ['"inc.h"', "2", main_file(), "2"]  # (the main file by its full path: session 38, the DLL)


def test_line_directive_in_include_leaves_the_includer_alone():
    toks, _ = run('#include "inc.h"\n__FILE__ __LINE__', {"inc.h": '#line 90 "z.h"\n__FILE__ __LINE__\n'})
    assert toks == ['"z.h"', "90", main_file(), "2"]


#: C99 §6.10.8 makes them defined (each row's "yes" before session 37); d3dcompiler_47 10.1 under Wine (session 37)
#: takes the other group: fxc replaces __FILE__ / __LINE__ but does not count them defined
DEFINED = [
    ("#if defined(__LINE__)\nyes\n#else\nno\n#endif", ["no"]),
    ("#if defined __FILE__ && defined(__LINE__)\nyes\n#else\nno\n#endif", ["no"]),
    ("#ifdef __LINE__\nyes\n#else\nno\n#endif", ["no"]),
    ("#ifdef __FILE__\nyes\n#else\nno\n#endif", ["no"]),
    ("#ifndef __FILE__\nno\n#else\nyes\n#endif", ["no"]),
    ("#define __LINE__ 3\n#ifdef __LINE__\nyes\n#else\nno\n#endif", ["yes"]),
]


@pytest.mark.parametrize("src,expect", DEFINED)
def test_predefined_names_are_not_defined_to_fxc(src, expect):
    assert lines_of(src) == expect


def test_the_strict_mode_keeps_c99s_predefined_names():
    from pyd3d11.shader.hlsl.preprocessor import preprocess
    assert "yes" in preprocess("#ifdef __LINE__\nyes\n#else\nno\n#endif\n", "t.hlsl", strict_c99=True).text


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


#: (directive, the tokens of ``__FILE__ __LINE__`` on the next line, the first error or None): C99 §6.10.8p4 forbids
#: these directives; d3dcompiler_47 10.1 (session 36) defines and undefines __FILE__ / __LINE__ without a word and
#: refuses only ``defined`` and the empty parameter list (fxc writes __FILE__ as the full path of the name given,
#: and so does this project since session 38: "t.hlsl" below stands for it)
PREDEFINED_REDEFINITIONS = [
    ("#define __LINE__ 7", '"t.hlsl" 7', None),
    ("#undef __LINE__", '"t.hlsl" 2', None),
    ('#define __FILE__ "x"', '"x" 2', None),
    ("#undef __FILE__", '"t.hlsl" 2', None),
    ("#define __LINE__() 7", '"t.hlsl" 2', "X1500"),
    ("#define defined 1", '"t.hlsl" 2', "X1500"),
    ("#undef defined", '"t.hlsl" 2', "X1500"),
    ("#define defined(x) 1", '"t.hlsl" 2', "X1500"),
]


@pytest.mark.parametrize(("directive", "tokens", "error"), PREDEFINED_REDEFINITIONS)
def test_define_or_undef_of_a_predefined_name_as_fxc(directive, tokens, error):
    msgs: list = []
    text = bytes(D3DPreprocess(directive + "\n__FILE__ __LINE__", None, "t.hlsl", None, None, msgs)).decode()
    body = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#line")]
    assert body == [tokens.replace('"t.hlsl"', main_file())]
    report = "".join(bytes(m).decode() for m in msgs)
    assert ("error " + error in report) if error else report == ""


def test_defined_stays_the_operator_after_an_ignored_define():
    assert lines_of("#define defined 0\n#define X\n#if defined(X)\nyes\n#else\nno\n#endif") == ["yes"]


def test_undef_of_a_predefined_name_is_silent_under_d3dcompile_too():
    # d3dcompiler_47 10.1 (session 36) compiles it without a message (__LINE__ is then an undefined name... that
    # #undef leaves predefined: it still gives the line)
    msgs: list = []
    D3DCompile("#undef __LINE__\nfloat4 main() : SV_Target { return __LINE__; }", None, "t.hlsl", None, None,
               "main", "ps_4_0", 0, 0, msgs)
    assert msgs == []


# --- the _Pragma operator ------------------------------------------------------------------------------------
def _pragma_lines(src: str) -> list[str]:
    return [ln for ln in lines_of(src) if ln.startswith("#pragma")]


# fxc has no _Pragma operator (C99 §6.10.9): d3dcompiler_47 10.1 (session 36) writes ``_Pragma ( "..." )`` as text,
# runs no pragma, reports nothing, and the compiler then refuses the name (X3000 "unrecognized identifier
# '_Pragma'"). Each row: the source and its tokens as fxc writes them.
PRAGMA_OP = [
    ('_Pragma("pack_matrix(row_major)")', '_Pragma ( "pack_matrix(row_major)" )'),
    ('_Pragma ( "pack_matrix(column_major)" )', '_Pragma ( "pack_matrix(column_major)" )'),
    ('_Pragma("warning(disable : 3206)")', '_Pragma ( "warning(disable : 3206)" )'),
    ('#define PRAGMA(x) _Pragma(#x)\nPRAGMA(pack_matrix(row_major))', '_Pragma ( "pack_matrix(row_major)" )'),
    ('#define PRAGMA(x) _Pragma(#x)\n#define NOWARN(n) PRAGMA(warning(disable : n))\nNOWARN(3206)',
     '_Pragma ( "warning(disable : 3206)" )'),
    ('#define M row_major\n_Pragma("pack_matrix(M)")', '_Pragma ( "pack_matrix(M)" )'),
    ('#define P _Pragma("pack_matrix(row_major)")\nP', '_Pragma ( "pack_matrix(row_major)" )'),
]


@pytest.mark.parametrize("src,expect", PRAGMA_OP)
def test_pragma_operator_is_text_in_fxc(src, expect):
    msgs: list = []
    text = bytes(D3DPreprocess(src, None, "t.hlsl", None, None, msgs)).decode()
    assert run(src)[0] == toks(expect)
    assert "#pragma" not in text and msgs == []


def test_pragma_operator_keeps_its_place_and_line():
    # the tokens around it stay in order on their own line; the next line keeps its number
    got = [(n, t.split()) for _f, n, t in numbered_lines(out('a _Pragma("pack_matrix(row_major)") b\nc __LINE__'))
           if t.strip()]
    # (fxc's text writes each token followed by a space: d3dcompiler_47 10.1, session 37)
    assert got == [(1, ["a", "_Pragma", "(", '"pack_matrix(row_major)"', ")", "b"]), (2, ["c", "2"])]


@pytest.mark.parametrize("src", ['a _Pragma(\n"pack_matrix(row_major)") b\nc __LINE__',
                                 'a _Pragma\n("pack_matrix(row_major)") b\nc __LINE__',
                                 'a _Pragma(\n\n"pack_matrix(row_major)"\n) b\nc __LINE__'])
def test_operator_across_lines_is_text(src):
    last = src.count("\n") + 1
    assert run(src)[0] == ["a", "_Pragma", "(", '"pack_matrix(row_major)"', ")", "b", "c", str(last)]


def test_unknown_pragma_through_the_operator_is_no_pragma():
    # the directive warns X3568; the operator is text and reports nothing (fxc 10.1, session 36)
    msgs_d: list = []
    msgs_o: list = []
    D3DPreprocess('#pragma frobnicate\n', None, "t.hlsl", None, None, msgs_d)
    D3DPreprocess('_Pragma("frobnicate")\n', None, "t.hlsl", None, None, msgs_o)
    assert b"X3568" in bytes(msgs_d[0]) and msgs_o == []


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


def test_pragma_once_through_the_operator_is_text():
    files = {"inc.h": '_Pragma("once")\nx\n'}
    toks, _ = run('#include "inc.h"\n#include "inc.h"\n', files)
    assert toks == ['_Pragma', '(', '"once"', ')', 'x'] * 2


def test_pragma_operator_is_not_run_in_a_skipped_group():
    assert _pragma_lines('#if 0\n_Pragma("pack_matrix(row_major)")\n#endif\n') == []


def test_stringized_argument_keeps_the_operator_as_text():
    # # applies to the argument as written (§6.10.3.2): the operator in it is not executed
    assert lines_of('#define S(x) #x\nS(_Pragma("once"))') == ['"_Pragma(\\"once\\")"']


@pytest.mark.parametrize("src", ['_Pragma', '_Pragma(once)', '_Pragma("once"', '_Pragma()', "_Pragma(1)",
                                 '_Pragma("a" "b")'])
def test_malformed_operator_is_text_too(src):
    # no operator, so no operand to check: D3DPreprocess writes the tokens and reports nothing (fxc 10.1, session 36)
    msgs: list = []
    D3DPreprocess(src + "\n", None, "t.hlsl", None, None, msgs)
    assert run(src)[0][0] == "_Pragma" and msgs == []


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


def _refused(src: str) -> str:
    with pytest.raises(ShaderCompileError) as ei:
        _blob(src)
    return ei.value.errors


@pytest.mark.parametrize("order", ["row_major", "column_major"])
def test_pack_matrix_operator_is_refused_by_the_compiler(order):
    # fxc 10.1 (session 36): X3000 "unrecognized identifier '_Pragma'" at line 1
    assert "t.hlsl(1,1): error X3000" in _refused(f'_Pragma("pack_matrix({order})")\n' + _MAT)


def test_warning_operator_is_refused_by_the_compiler():
    assert "X3206" in _warnings(_TRUNC)
    assert "X3206" not in _warnings("#pragma warning(disable : 3206)\n" + _TRUNC)
    assert "t.hlsl(1,1): error X3000" in _refused('_Pragma("warning(disable : 3206)")\n' + _TRUNC)
    assert "t.hlsl(2,1): error X3000" in _refused('#define OFF(n) _Pragma(#n)\nOFF(warning(disable : 3206))\n' + _TRUNC)
