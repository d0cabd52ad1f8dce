"""The column of every compiler diagnostic ``file(line,col)`` (issue 15).

Rule: the column is the 1-based index, in the physical source line, of the character where the diagnosed
token starts; every character before it counts one — leading blanks, tabs, runs of spaces between tokens and
the characters of a block comment alike. Source: fxc's record in DXC issue 5040 (``    return b.Load(X);``,
indented by four spaces, diagnosed at ``(7,12-20)``: ``b`` is the 12th character of the line). *Inferred*: a tab
counts one character as a space does (no fxc record with a tab; the same rule as clang's, and fxc's range
columns count characters). On a line where a macro is replaced the indentation is kept and the tokens after
the first replacement are single-spaced (fxc's column inside an expansion is unrecorded).

Before this rule the preprocessor re-spaced every line, so columns counted from the first token and ran
together whitespace: ``\\ta.x  +=  y`` reported ``y`` at column 8, not 11."""

from __future__ import annotations

import re

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

_HEAD = "float4 main(float4 a : A) : SV_Target\n{\n"
_POS = re.compile(r"^t\.hlsl\((\d+),(\d+)(?:-\d+)?\): error X(\d+)")  # fxc may add ",col-end" (diagnostics.py)


def _first_error(src: str, target: str = "ps_5_0") -> tuple[int, int, int]:
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
    m = _POS.match(info.value.errors)
    assert m, info.value.errors
    return int(m.group(1)), int(m.group(2)), int(m.group(3))


_INDENTS = ["", "    ", "\t", "\t\t", "  \t  ", " " * 12]

# (statement, the token the diagnostic points at, its code)
_CASES = [
    ("a.x += y;", "y", 3004),  # undeclared identifier: the name
    ("a.x  +=   yy ;", "yy", 3004),  # runs of spaces between tokens count
    ("a.x /* note */ += zz;", "zz", 3004),  # a block comment's characters count
    ("a.x += 1 $ 2;", "$", 3000),  # the lexer: the character it cannot read
    ("float u; a.x += u;", "a.x", 4000),  # X4000: the statement of the first read
    ("return undefined_fn(a);", "undefined_fn", 3004),
]


@pytest.mark.parametrize("indent", _INDENTS, ids=repr)
@pytest.mark.parametrize("stmt,token,code", _CASES)
def test_the_column_counts_every_character_of_the_line(indent: str, stmt: str, token: str, code: int):
    line = indent + stmt
    src = _HEAD + line + "\n    return a;\n}\n"
    assert _first_error(src) == (3, line.index(token) + 1, code)


def test_dxc_issue_5040_line_shape():
    # the recorded line: four spaces, then `return b.Load(X);` with `b` at column 12 — here `b` is undeclared
    src = "float main(uint a : A) : SV_Target\n{\n    return b.Load(a);\n}\n"
    assert _first_error(src)[:2] == (3, 12)


def test_a_line_with_a_macro_keeps_its_indentation():
    src = "#define Q qq\n" + _HEAD + "\t    a.x += Q;\n    return a;\n}\n"
    assert _first_error(src) == (4, len("\t    a.x += ") + 1, 3004)


def test_lines_after_a_multi_line_comment_and_an_include_free_directive_keep_numbering():
    src = "/* one\n   two */\n#define K 1\n" + _HEAD + "      a.x += vv;\n    return a;\n}\n"
    assert _first_error(src) == (6, len("      a.x += ") + 1, 3004)
