"""Columns on a line where macros were replaced (issue 15, the diagnostics' location).

fxc's ``file(line,col)`` counts the characters of the physical line (session 14, test_rules_hlsl_diagnostic_columns.py).
On a line with a macro replacement the compiler reads the preprocessed text, so the rule here is where each token of
that text stands: the compiler's text (``preprocess(...).text``). D3DPreprocess's own text is fxc's layout since
session 37 (each token followed by one space, pptext.FxcText), which keeps no columns. From the definition of a position — a token written in the file is where it is written; a
replacement has no place of its own in the file, so it stands where its macro was used (the use site, as MSVC and
Clang report an expansion) — every token keeps its source column when the text allows it:

* the tokens before the first replaced name keep their columns (the text up to there is copied);
* the replacement starts at the column of the macro name (or of a function-like macro's name);
* the tokens after the last replacement keep their columns when the replacements are not longer than what they
  replaced (padding with spaces); a longer replacement pushes them right, one space after it (text cannot overlap).

Expected columns are counted in the source line written in each case; the token sequence of the line must stay the
expansion's (C99 §6.10.3: only white space differs). fxc's own choice is unrecorded; this is the rule chosen from the
definition above, recorded in docs/conformance.md.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.hlsl.preprocessor import preprocess, tokenize_line

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _last_line(src: str) -> str:
    text = preprocess(src, "t.hlsl").text  # the text the compiler reads
    return [ln for ln in text.splitlines() if not ln.startswith("#line")][-1]


def _col(line: str, token: str) -> int:
    """1-based column of ``token`` as a whole word in ``line``."""
    for k in range(len(line)):
        if line.startswith(token, k) and (k == 0 or not (line[k - 1].isalnum() or line[k - 1] == "_")):
            end = k + len(token)
            if end == len(line) or not (line[end].isalnum() or line[end] == "_"):
                return k + 1
    raise AssertionError(f"{token!r} not in {line!r}")


#: (definitions, the used line, token, where the token must stand: "src" = its own column in the used line, or an int)
CASES = [
    ("#define E", "x   E   yy", "yy", "src"),                         # an empty replacement: yy stays
    ("#define E", "x   E   yy", "x", "src"),
    ("#define ONE 1", "float  a =  ONE  +  qq;", "qq", "src"),       # shorter replacement: padding
    ("#define ONE 1", "float  a =  ONE  +  qq;", "a", "src"),        # before it: copied
    ("#define ONE 1", "float  a =  ONE  +  qq;", "1", 13),           # the replacement at the use site (ONE's column)
    ("#define F(x) x", "  F(  aa  )   qq", "qq", "src"),
    ("#define F(x) x", "  F(  aa  )   qq", "aa", 3),                 # F's column
    ("#define A 1\n#define B 2", "A   +   B    qq", "qq", "src"),  # after the last of two replacements
    ("#define A 1\n#define B 2", "A   +   B    qq", "1", 1),
    ("#define LONGER 123456789", "LONGER qq", "qq", 11),             # longer: pushed right, one space after it
    ("#define LONGER 123456789", "  w LONGER qq", "w", "src"),
    ("#define N(x) x", "a N(b) N(c)   qq", "qq", "src"),
    ("#define N(x) x", "\tq\tN(b)\tzz", "zz", "src"),                 # a tab counts one column like any character
]


@pytest.mark.parametrize("defs,used,token,where", CASES)
def test_token_column(defs, used, token, where):
    line = _last_line(defs + "\n" + used)
    want = _col(used, token) if where == "src" else where
    assert _col(line, token) == want, (used, line)


TOKEN_CASES = [
    ("#define P +", "a P+ b"),               # + + must not read back as ++
    ("#define P +", "a P +b"),
    ("#define M -", "x M-1"),
    ("#define D .", "1 D5"),
    ("#define S /", "a S* b"),               # / * must not open a comment
    ("#define I ident", "I_x Iy I 2"),
    ("#define E", "a E b"),
    ("#define F(x) x##1", "F(a)   F(b)c"),
    ("#define G(x) #x", 'G(a)    "s"'),
    ("#define H(x) x", "H(H)(1)  z"),
]


@pytest.mark.parametrize("defs,used", TOKEN_CASES)
def test_tokens_are_the_expansion(defs, used):
    line = _last_line(defs + "\n" + used)
    # the expansion's tokens, from the same preprocessor fed the line with single spaces (its layout is not at stake)
    ref = preprocess(defs + "\n" + " ".join(t for t in tokenize_line(used) if t != " "), "t.hlsl").text
    ref_line = [ln for ln in ref.splitlines() if not ln.startswith("#line")][-1]
    assert [t for t in tokenize_line(line) if t != " "] == [t for t in tokenize_line(ref_line) if t != " "]


def _error_col(src: str) -> int:
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_4_0", 0, 0)
    first = ei.value.errors.splitlines()[0]
    # ``(line,col)`` or, since session 19 (HL22), fxc's ``(line,col-end)``: the start column is the rule here
    return int(first.split("(")[1].split(")")[0].split(",")[1].split("-")[0])


@pytest.mark.parametrize("defs,body,name", [
    ("#define BAD undeclared_q", "{   return    BAD; }", "BAD"),                  # the use site
    ("#define ONE 1", "{   return  ONE + undeclared_q; }", "undeclared_q"),       # after a shorter replacement
    ("#define F(x) x", "{  return   F(undeclared_q); }", "F"),                    # a function-like use site
    ("#define Z 0", "{ return Z  ;  undeclared_q = 1; }", "undeclared_q"),
])
def test_compile_error_column(defs, body, name):
    line = "float4 main() : SV_Target " + body
    assert _error_col(defs + "\n" + line) == _col(line, name)
