"""Preprocessor rules found by the differential test against cpp (tests/test_hlsl_pp_differential.py) and fxc's
own preprocessor behaviour, case by case:

* the result is tokens (C99 5.1.1.2 phases 4 and 7): where an expansion puts two tokens side by side, the text
  must read back as the same two tokens (``+`` ``+`` is not ``++``; ``/`` ``/`` is not a comment);
* ``__LINE__`` (C99 §6.10.8: "the presumed line number ... of the current source line"): a token on a later
  line of a multi-line invocation is on that line; in a replacement list it is the line of the invocation's ``)``
  (d3dcompiler_47 10.1, session 42; C99 leaves multi-line invocations open, GCC takes the macro name's line);
* a directive among a macro's arguments takes effect where it stands: the text before the invocation was
  replaced already, the arguments are replaced after it;
* C99 §6.6p3: a comma operator only in an operand that is not evaluated (inside parentheses);
* C99 §6.10.3.2p2: ``#`` turns each white-space run between the argument's tokens into one space and keeps
  string literals as written;
* fxc's numbers: X1516 "not enough actual parameters for macro" (recorded in DXC's SemaHLSL tests,
  literals.hlsl), X1519 "macro redefinition" for a redefinition that is not identical (C99 §6.10.3p2 allows
  only identical ones; fxc warns and the new definition holds);
* ``#pragma``'s token-string is macro-expanded; ``#pragma once`` in an included file keeps a later ``#include``
  of the same file from adding anything (fxc honours it, as MSVC does; no X3568);
* D3D_COMPILE_STANDARD_FILE_INCLUDE finds files from the current directory and the initial source's folder.
"""

from __future__ import annotations

import pytest
from preproc_kit import fxc_errors

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DPreprocess
from pyd3d11.shader.hlsl.preprocessor import preprocess, tokenize_line

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def run(src: str, inc=None, defines=None) -> tuple[str, str]:
    msgs: list = []
    out = bytes(D3DPreprocess(src, None, "t.hlsl", defines, inc, msgs)).decode()
    text = "\n".join(ln for ln in out.splitlines() if not ln.startswith("#line"))
    return text, "".join(bytes(m).decode() for m in msgs)


def toks(src: str) -> list[str]:
    return [t for t in tokenize_line(run(src)[0].replace("\n", " ")) if t != " "]


def fails(src: str) -> str:
    return fxc_errors(src)


# --- tokens stay tokens ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define P +\nP+", ["+", "+"]),
    ("#define P +\n+P", ["+", "+"]),
    ("#define M -\n-M 1", ["-", "-", "1"]),
    ("#define F(x) x\nF(a)2", ["a", "2"]),
    ("#define F(x) x\nF(a)b", ["a", "b"]),
    ("#define F(x) x\nF(1).5", ["1", ".5"]),
    ("#define F(x) x\nF(.)5", [".", "5"]),
    ("#define D /\nD/ x", ["/", "/", "x"]),
    ("#define D /\nD* x", ["/", "*", "x"]),
    ("#define E 1e\nE+5", ["1", "e", "+", "5"]),  # an HLSL number (no pp-number "1e"): never the float 1e+5
    ("#define L <\nL<=", ["<", "<="]),
    ("#define L <\nL<", ["<", "<"]),
    ("#define A &\nA&", ["&", "&"]),
    ("#define A x\n#define B y\nA/**/B", ["x", "y"]),
    ("#define A x\n#define B y\nA B", ["x", "y"]),
    # tokens that do not run together stay as they are
    ("#define F(x) x\nF(a)(b)", ["a", "(", "b", ")"]),
    ('#define S "s"\nS"t"', ['"s"', '"t"']),
    ("#define F(x) x\nF(1)+F(2)", ["1", "+", "2"]),
])
def test_expansion_keeps_token_boundaries(src, expected):
    assert toks(src) == expected


def test_token_boundary_reaches_the_compiler():
    """``1 - NEG 1`` with NEG = ``-`` is 1 - (-1) = 2, not the decrement operator."""
    from pyd3d11.shader.compile_api import D3DCompile
    src = "#define NEG -\nfloat4 main() : SV_Target { return 1 -NEG 1; }"
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")


# --- __LINE__ ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("a\n__LINE__", ["a", "2"]),
    # in a replacement list the line of the invocation's ")" (d3dcompiler_47 10.1, session 42; was GCC's line of
    # the macro's name)
    ("#define F(x) x __LINE__\nF(a\n)", ["a", "3"]),
    ("#define F(x) x\nF(\n__LINE__)", ["3"]),                     # an argument's own line
    ("#define F(x) x\nF(a,\n)", None),                            # (not enough parameters: see below)
    ("x __LI\\\nNE__ __LINE__", ["x", "__LI", "NE__", "2"]),       # fxc: a splice ends a token (session 36)
    ("#line 10\n__LINE__", ["10"]),
    ("#define F(x) x\nF(1\n)\n__LINE__", ["1", "4"]),              # numbering goes on after the invocation
    ("#define L __LINE__\n#define F(x) x L\nF(\n\n1) L", ["1", "5", "5"]),
])
def test_line_macro(src, expected):
    if expected is None:
        fails(src)
    else:
        assert toks(src) == expected


# --- directives among arguments ------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    # A before the invocation was replaced before the #undef; A in the argument after it
    ("#define A 1\n#define F(x) [x]\nA F(A\n#undef A\n)", ["1", "[", "A", "]"]),
    ("#define F(x) [x]\nF(\n#define B 2\nB)", ["[", "2", "]"]),
    ("#define F(x) [x]\nF(a\n#if 0\nb\n#endif\n)", ["[", "a", "]"]),
    ("#define F(x) [x]\nF(a\n#ifdef F\nc\n#else\nb\n#endif\n)", ["[", "a", "c", "]"]),
])
def test_directive_among_arguments(src, expected):
    assert toks(src) == expected


# --- comma operator in #if (C99 §6.6p3) -----------------------------------------------------------------
@pytest.mark.parametrize("src", [
    "#if 0 ? (1, 2) : 3\npass\n#endif",
    "#if 1 || (1, 0)\npass\n#endif",
    "#if 0 && (1, 0)\n#else\npass\n#endif",
    "#define P (0, 1)\n#if 1 ? 1 : P\npass\n#endif",
])
def test_comma_in_unevaluated_operand(src):
    assert run(src)[0].split() == ["pass"]


@pytest.mark.parametrize("src", ["#if (1, 2)\n#endif", "#if 1, 2\n#endif", "#if 1 && (0, 1)\n#endif",
                                 "#define P (0, 1)\n#if P\n#endif"])
def test_comma_in_evaluated_operand_fails(src):
    fails(src)


# --- # and white space (C99 §6.10.3.2p2) ------------------------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define S(x) #x\nS( a   b )", '"a b"'),
    ("#define S(x) #x\nS(a /* c */ b)", '"a b"'),
    ('#define S(x) #x\nS("a  b")', r'"\"a  b\""'),
    ("#define S(x) #x\nS(a\n   b)", '"a b"'),
    ("#define S(x) #x\nS(a\n\n b)", '"a b"'),
    # fxc doubles no backslash of a character constant (C99 §6.10.3.2p2 does; d3dcompiler_47 10.1, session 36)
    ("#define S(x) #x\nS('\\n')", "\"'\\n'\""),
])
def test_stringify_white_space(src, expected):
    assert run(src)[0].split("\n")[-1].strip() == expected


# --- argument counts: X1516 --------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "enough"), [
    ("#define F(a, b) a\nF(1)", False),
    ("#define F(a, b) a\nF()", False),           # one (empty) argument for two parameters
    ("#define F(a, b, c) a\nF(1, 2)", False),
    ("#define F(a, b) a\nF((1, 2))", False),     # the comma inside parentheses separates nothing
    # fxc counts an empty argument as missing: DXC issue 3315 quotes fxc's X1516 for these three
    ("#define F(x, y) x##y\nF(,)", False),
    ("#define F(x, y) x##y\nF(a,)", False),
    ("#define F(x, y) x##y\nF(,b)", False),
    ("#define F(a) [a]\nF()", False),           # the same rule for one parameter (inferred)
    ("#define F(a) #a\nF( )", False),
])
def test_argument_count_mismatch(src, enough):
    err = fails(src)
    assert not enough and "error X1516: not enough actual parameters for macro 'F'" in err


@pytest.mark.parametrize("src", ["#define F(a) [a]\nF(1, 2)", "#define F(a, b) [a|b]\nF(1, 2, 3, 4)",
                                 "#define F(a) #a\nF(x y, (1, 2))"])
def test_too_many_arguments_are_x1516(src):
    """fxc's table has no error for too many arguments; d3dcompiler_47 10.1 (sessions 35-36) reports X1516 "not
    enough actual parameters" and writes the macro's name alone (MSVC and vkd3d's record warn)."""
    out, msgs = run(src)
    assert out.split("\n")[-1].strip() == "F"
    assert "error X1516: not enough actual parameters for macro 'F'" in msgs


@pytest.mark.parametrize("src", ["#define F() x\nF()", "#define F( ) x", "#define F(\t) x\nx"])
def test_an_empty_parameter_list_is_a_syntax_error(src):
    """fxc quoted in FidelityFX-SDK issue 68: "#define FFX_GROUP_MEMORY_BARRIER() ..." is "error X1500: syntax
    error : unexpected token ')'" (a 2007 test of fxc10 found the same); C99 §6.10.3 allows it (strict mode)."""
    assert "error X1500: syntax error : unexpected token ')'" in fails(src)
    assert preprocess(src, strict_c99=True).text


@pytest.mark.parametrize(("src", "expected"), [
    ("#define EMPTY\n#define F(a, b) [a|b]\nF(EMPTY, EMPTY)", "F"),    # fxc: expanding to nothing is missing (X1516)
    ("#define F(a, b) [a|b]\nF((1, 2), 3)", "[ ( 1 , 2 ) | 3 ]"),  # (fxc's text spaces its tokens, session 37)
])
def test_argument_count_matches(src, expected):
    assert run(src)[0].split("\n")[-1].strip() == expected


# --- redefinition: X1519 --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("src", "warns", "value"), [
    ("#define A 1\n#define A 2\nA", True, "2"),          # the new definition holds
    ("#define A 1\n#define A 1\nA", False, "1"),         # identical (§6.10.3p2)
    ("#define A 1 + 2\n#define A  1  +  2 \nA", False, "1 + 2"),   # white space separating the same tokens
    # C99 calls these two different; fxc ignores white space and compares parameters by position (session 35)
    ("#define A 1+2\n#define A 1 + 2\nA", False, "1 + 2"),
    ("#define F(a) a\n#define F(b) b\nF(3)", False, "3"),
    ("#define F(a) a\n#define F a\nF", True, "a"),        # object-like vs function-like
    ("#define A 1\n#undef A\n#define A 2\nA", False, "2"),
])
def test_redefinition(src, warns, value):
    text, msgs = run(src)
    assert text.split("\n")[-1].strip() == value
    assert ("warning X1519:" in msgs and "macro redefinition" in msgs) == warns


def test_redefinition_of_a_shader_macro_warns():
    text, msgs = run("#define A 2\nA", defines=[("A", "1")])
    assert text.split("\n")[-1].strip() == "2" and "X1519" in msgs
    _, msgs = run("#define A 1\nA", defines=[("A", "1")])
    assert "X1519" not in msgs


# --- #pragma once ---------------------------------------------------------------------------------------------
class _Inc:
    def __init__(self, files):
        self.files, self.opened, self.closed = files, [], []

    def Open(self, kind, name, parent):  # noqa: N802
        self.opened.append(name)
        return self.files[name].encode()

    def Close(self, data):  # noqa: N802
        self.closed.append(data)


def test_pragma_once_is_no_pragma_in_fxc():
    """The #pragma page lists def, message, pack_matrix and warning; d3dcompiler_47 10.1 (session 35) warns X3568
    for ``once`` and reads the file at each #include. Every Open still has its Close."""
    inc = _Inc({"a.h": "#pragma once\nonce_body"})
    text, msgs = run('#include "a.h"\n#include "a.h"\nmain_body', inc)
    assert text.split() == ["once_body", "once_body", "main_body"]
    assert "X3568" in msgs
    assert len(inc.closed) == len(inc.opened) == 2


def _strict(src: str, files: dict[str, str]) -> list[str]:
    """The strict C99 mode's words of ``src`` (it honours ``#pragma once``, as MSVC does)."""
    res = preprocess(src, "t.hlsl", include_open=lambda kind, name, parent: (files[name], name), strict_c99=True)
    return [w for ln in res.text.splitlines() if not ln.startswith("#") for w in ln.split()]


@pytest.mark.parametrize("second", ["A.H", "sub/../a.h", "sub\\..\\a.h", "./a.h"])
def test_pragma_once_names_a_file_as_windows_does_in_strict_mode(second):
    """The same file under another spelling: Windows names ignore case, and ``\\`` and ``/`` both separate."""
    files = {"a.h": "#pragma once\nonce_body", second: "#pragma once\nonce_body"}
    assert _strict(f'#include "a.h"\n#include "{second}"\nmain_body', files) == ["once_body", "main_body"]


def test_pragma_once_nested_include_and_other_files_unaffected_in_strict_mode():
    files = {"a.h": "#pragma once\nA", "b.h": '#include "a.h"\nB', "c.h": "C"}
    src = '#include "a.h"\n#include "b.h"\n#include "c.h"\n#include "c.h"\n#include "a.h"'
    assert _strict(src, files) == ["A", "B", "C", "C"]
    assert run(src, _Inc(files))[0].split() == ["A", "A", "B", "C", "C", "A"]  # fxc: no once


def test_pragma_once_after_the_body_still_marks_the_file_in_strict_mode():
    assert _strict('#include "a.h"\n#include "a.h"', {"a.h": "A\n#pragma once"}) == ["A"]


def test_pragma_once_in_a_skipped_group_does_nothing():
    inc = _Inc({"a.h": "#if 0\n#pragma once\n#endif\nA"})
    text, _ = run('#include "a.h"\n#include "a.h"', inc)
    assert text.split() == ["A", "A"]


def test_without_pragma_once_a_file_is_read_each_time():
    inc = _Inc({"a.h": "twice_body"})
    text, _ = run('#include "a.h"\n#include "a.h"', inc)
    assert text.split() == ["twice_body", "twice_body"]


def test_pragma_once_in_the_main_file_is_harmless():
    assert run("#pragma once\nx")[0].split() == ["x"]


# --- rescanning with the lines that follow (C99 §6.10.3.4p1) ------------------------------------------------
@pytest.mark.parametrize(("src", "expected"), [
    ("#define LP FA (\n#define FA(x) [x]\nLP\n1)", ["[", "1", "]"]),      # an expansion opens the invocation
    # an expansion that ends in the macro's name takes no "(" from the next line in fxc (session 35)
    ("#define G FA\n#define FA(x) [x]\nG\n(2)", ["FA", "(", "2", ")"]),
    ("#define F(x) x\n#define FA(y) [y]\nF(FA)\n(3)", ["FA", "(", "3", ")"]),
    ("#define G FA\n#define FA(x) [x]\nG\n+", ["FA", "+"]),               # no "(": the name stays
    ("#define FA(x) [x]\n#define G(y) FA\nG(1)\n#define Z 1\n(2)", ["FA", "(", "2", ")"]),  # a directive ends it
    ("#define FA(x) FA\nFA(1)\n(2)", ["FA", "(", "1", ")", "(", "2", ")"]),  # fxc: FA met again, given up
])
def test_rescan_continues_on_the_next_line(src, expected):
    assert toks(src) == expected


# --- literals hide comment delimiters (C99 §6.4.9p1: not within a character constant or string literal) ------
@pytest.mark.parametrize(("src", "expected"), [
    ("'\"' /* c */ x", ["'\"'", "x"]),
    ("'\"' \"s/*x*/\"", ["'\"'", '"s/*x*/"']),
    ("\"//\" x", ['"//"', "x"]),
    ("'/' /* c */ '*'", ["'/'", "'*'"]),
    ("#define S(p) #p\nS('\"' /* c */ a)", ['"\'\\"\' a"']),
])
def test_comment_delimiters_inside_literals(src, expected):
    assert toks(src) == expected


# --- D3D_COMPILE_STANDARD_FILE_INCLUDE's search (the D3DCompile page) --------------------------------------
def test_standard_include_searches_the_source_folder_then_the_current_directory(tmp_path, monkeypatch):
    """"This default include handler includes files that are relative to the current directory and files that
    are relative to the directory of the initial source file" (D3DCompile, pInclude); d3dcompiler_47 10.1 (session
    35) looks in those two places for a nested include too, never in the including file's folder."""
    from pyd3d11.headers.d3dcompiler_types import D3D_COMPILE_STANDARD_FILE_INCLUDE
    src_dir, sub, cwd = tmp_path / "src", tmp_path / "src" / "sub", tmp_path / "cwd"
    sub.mkdir(parents=True)
    cwd.mkdir()
    (sub / "nested.h").write_text('#include "in_cwd.h"\n#include "in_src.h"\nnested')
    (sub / "sibling.h").write_text("sibling")
    (sub / "with_sibling.h").write_text('#include "sibling.h"\n')
    (cwd / "in_cwd.h").write_text("in_cwd")
    (src_dir / "in_src.h").write_text("in_src")
    monkeypatch.chdir(cwd)
    main = str(src_dir / "main.hlsl")
    out = bytes(D3DPreprocess('#include "sub/nested.h"\n#include <in_cwd.h>\nmain', None, main, None,
                              D3D_COMPILE_STANDARD_FILE_INCLUDE)).decode()
    words = [w for ln in out.splitlines() if not ln.startswith("#line") for w in ln.split()]
    assert words == ["in_cwd", "in_src", "nested", "in_cwd", "main"]
    with pytest.raises(ShaderCompileError) as ei:
        D3DPreprocess('#include "nowhere.h"', None, main, None, D3D_COMPILE_STANDARD_FILE_INCLUDE)
    assert "X1507" in ei.value.errors and "nowhere.h" in ei.value.errors
    with pytest.raises(ShaderCompileError) as ei:  # the includer's own folder is not searched
        D3DPreprocess('#include "sub/with_sibling.h"', None, main, None, D3D_COMPILE_STANDARD_FILE_INCLUDE)
    assert "X1507" in ei.value.errors and "sibling.h" in ei.value.errors


# --- #pragma: "This parameter is subject to macro expansion" (#pragma Directive page) ------------------------
def test_pragma_token_string_is_not_macro_expanded_in_fxc():
    """The #pragma page: the token string "is subject to macro expansion"; d3dcompiler_47 10.1 (sessions 35-36)
    replaces no macro there: pack_matrix(MAJ) is ignored, #pragma P is the unknown pragma 'P'."""
    from pyd3d11.shader.hlsl.preprocessor import preprocess
    res = preprocess("#define MAJ row_major\n#pragma pack_matrix(MAJ)\nx", "t.hlsl")
    assert res.pack_matrix_row_major is None and not res.warnings
    res = preprocess("#define P pack_matrix(column_major)\n#pragma P\nx", "t.hlsl")
    assert res.pack_matrix_row_major is None and [w[2] for w in res.warnings] == [3568] and "'P'" in res.warnings[0][3]
    res = preprocess("#define U whatever\n#pragma U\nx", "t.hlsl")
    assert [w[2] for w in res.warnings] == [3568] and "'U'" in res.warnings[0][3]
