"""D3DPreprocess's output text relates each line to its input line (MicrosoftDocs "D3DPreprocess function", Remarks:
"D3DPreprocess outputs #line directives and preserves line numbering of source input so that output line numbering
can be properly related to the input source").

The check, from that sentence alone: read the output the way a consumer of ``#line`` reads it (C99 §6.10.4: a
``#line N "f"`` makes the next line line N of f; every other line is one more than the one before), then every
token of the input must sit on an output line numbered with its own input line and file. The sources below spell
that expectation into the tokens: ``tN`` is written on line N of its file (``iN`` in the include ``inc.h``), so the
expected number is read off the token, never off the code under test. A token a macro invocation carries from a
later line (its arguments) belongs to the invocation's first line, where its replacement stands (the ``at`` map of
a case). Comments are removed (the page's "preprocessed code": C99 5.1.1.2 phase 3 makes each a space) and a
directive line leaves no text.
"""

from __future__ import annotations

import re

import pytest
from preproc_kit import MemoryInclude, numbered_lines

from pyd3d11.shader.compile_api import D3DPreprocess

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

INC = {"inc.h": "i1\n#define IM(x) x\ni3 IM(i3b)\n\ni5\n", "once.h": "#pragma once\no2\n"}

#: (source, {token: line it must be on when not its own number})
CASES = [
    ("t1\nt2\nt3", {}),
    ("t1\n\n\nt4", {}),
    ("#define A q\nt2 A\n#undef A\nt4", {}),
    ("#if 0\nx\n#else\nt4\n#endif\nt6", {}),
    ("#ifdef Q\nx\ny\n#elif 1\nt5\n#endif\nt7", {}),
    # comments: one line, spanning lines, a // comment ending a line
    ("t1 /* c */ t1b\n/* a\nb\n*/ t4\nt5 // c\nt6", {}),
    ("/*\n\n*/t3\nt4", {}),
    # line splices: the logical line is the first physical line's
    ("t1 \\\nt1b\nt3", {"t1b": 2}),  # fxc writes t1b on its own physical line (session 37; was the logical line's, 1)
    ("#define LONG q \\\n  more\nLONG t3\nt4", {}),
    # a multi-line invocation: its arguments go where it starts
    ("#define F(a, b) a b\nF(t2,\nt2b)\nt4", {"t2b": 2}),
    ("#define F(a) a\nF(\n\nt2b\n)\nt6", {"t2b": 2}),
    ("#define F(a) a\nt2 F\n(t2b)\nt4", {"t2b": 3}),  # fxc: no '(' from the next line, (t2b) stays on line 3
    # includes: their own numbering, the includer's resumes after them
    ('t1\n#include "inc.h"\nt3', {}),
    ('#include "inc.h"\n#include "inc.h"\nt3', {}),
    ('#include "once.h"\n#include "once.h"\nt3', {}),
    # #line: the numbering it gives is the numbering of what follows
    ("t1\n#line 40\nt40\nt41", {}),
    ('t1\n#line 40 "g.hlsl"\nt40', {}),
    ('#line 40\n#include "inc.h"\nt41', {}),
    ('#line 40\n#define F(a) a\nF(t41\n)\nt43', {}),
    # directives inside an invocation's arguments
    ("#define F(a) a\nF(t2\n#define Z 1\nt2b)\nt5", {"t2b": 2}),
    # pragmas (kept for the compiler) and _Pragma
    # fxc writes the pack_matrix line just before t3 and does not count it: read through the markers t3 is on line 4
    # (d3dcompiler_47 10.1, session 37)
    ("t1\n#pragma pack_matrix(row_major)\nt3", {"t3": 4}),
    ('t1 _Pragma("pack_matrix(row_major)") t1b\nt2', {"t1b": 1}),
    ('#define P _Pragma("pack_matrix(row_major)")\nt2 P t2b\nt3', {"t2b": 2}),
    ('t1 _Pragma("pack_matrix(row_major)")\nt2', {}),
    ('_Pragma("pack_matrix(row_major)")\nt2\nt3', {}),
    # unknown pragma and unknown-directive-free warnings do not move lines
    ("#pragma frobnicate\nt2", {}),
    ("\tt1\n    t2", {}),
]

_TOKEN = re.compile(r"\b([ti])(\d+)[a-z]?\b")


#: the main file's name: fxc's text names it by its full path (d3dcompiler_47 10.1, session 37), so it is given one
MAIN = "C:\\s\\t.hlsl"


def _placed(src: str) -> list[tuple[str, int, str]]:
    text = bytes(D3DPreprocess(src, None, MAIN, None, MemoryInclude(INC))).decode()
    return numbered_lines(text)


@pytest.mark.parametrize("src,at", CASES)
def test_every_token_is_on_its_own_line(src, at):
    placed = _placed(src)
    seen: list[str] = []
    for file, line, text in placed:
        if text.startswith("#pragma"):
            continue
        for m in _TOKEN.finditer(text):
            tok = m.group(0)
            want = at.get(tok, int(m.group(2)))
            if tok.startswith("i"):
                assert file == "inc.h" and line == want, (tok, file, line, text)
            else:
                assert file in (MAIN, "g.hlsl") and line == want, (tok, file, line, text)
            seen.append(tok)
    written = [m.group(0) for m in _TOKEN.finditer(_strip_directives_and_comments(src))]
    expect = sorted(written + _include_tokens(src))
    assert sorted(seen) == expect


def _strip_directives_and_comments(src: str) -> str:
    """The tokens the source itself writes outside directives, comments and skipped groups (the cases keep skipped
    text free of t/i tokens)."""
    src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
    src = re.sub(r"//[^\n]*", "", src)
    src = src.replace("\\\n", " ")
    lines = [ln for ln in src.split("\n") if not ln.strip().startswith("#")]
    return "\n".join(lines)


def _include_tokens(src: str) -> list[str]:
    n = src.count('#include "inc.h"')
    return ["i1", "i3", "i3b", "i5"] * n


def test_a_pragma_once_file_is_read_at_each_include():
    # fxc has no #pragma once (X3568, d3dcompiler_47 10.1, session 35): the file's tokens come twice
    placed = _placed('#include "once.h"\n#include "once.h"\nt3')
    assert [t.strip() for _f, _n, t in placed if t.strip() == "o2"] == ["o2", "o2"]


@pytest.mark.parametrize("src", [c for c, _ in CASES])
def test_no_comment_survives(src):
    text = bytes(D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude(INC))).decode()
    assert "/*" not in text and "*/" not in text and "//" not in text


@pytest.mark.parametrize("src", [c for c, _ in CASES])
def test_directive_lines_leave_no_text(src):
    text = bytes(D3DPreprocess(src, None, "t.hlsl", None, MemoryInclude(INC))).decode()
    for ln in text.splitlines():
        s = ln.strip()
        if s.startswith("#"):
            assert s.startswith(("#line ", "#pragma ")), ln  # only markers and the compiler's pragmas


def test_output_starts_with_a_marker_for_the_source_name():
    # fxc names the file by its full path, its backslashes doubled (d3dcompiler_47 10.1, session 37)
    text = bytes(D3DPreprocess("t1", None, "C:\\dir\\name.hlsl", None, None)).decode()
    assert text.splitlines()[0] == '#line 1 "C:\\\\dir\\\\name.hlsl"'
