"""HLSL tokens from preprocessed text (``#line`` markers keep positions; ``#pragma`` lines pass through)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .diagnostics import EMPTY_NAME, HlslError, Pos

#: (fxc reads the preprocessor's tokens, pplex._TOKEN: only a lower-case ``0x`` is hexadecimal, ``return 0X10;`` is
#: X3000 at ``X10``; a character constant is one character, a quote too -- ``return ''';`` compiles -- or an escape:
#: d3dcompiler_47 10.1, session 39; hex / octal escapes and ASCII only: session 45, _char_value)
_TOKEN = re.compile(
    r"""(?P<ws>[ \t\f\v\r]+)|
    (?P<float>1\.\#(?:INF|IND|QNAN|SNAN)[fFhH]?|(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFhHlL]?|[0-9]+[eE][+-]?[0-9]+[fFhHlL]?)|
    (?P<int>(?:0x[0-9a-fA-F]+|[0-9]+)(?:[uU][lL]?|[lL][uU]?)?)|
    (?P<id>[A-Za-z_][A-Za-z0-9_]*)|
    (?P<str>"(?:\\.|[^"\\])*")|
    (?P<char>'(?:\\x[0-9a-fA-F]+|\\[0-7]{1,3}|\\.|[\x00-\x09\x0b-\x5b\x5d-\x7f])')|
    (?P<op><<=|>>=|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|::|[-+*/%&|^!~=<>?:;,.(){}\[\]])""",
    re.X,
)


@dataclass(slots=True)
class Token:
    kind: str  # 'id', 'int', 'float', 'str', 'op', 'pragma', 'eof'
    text: str
    pos: Pos


_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "a": 7, "b": 8, "f": 12, "v": 11}


def _char_value(body: str) -> int:
    """A character constant's value (d3dcompiler_47 10.1, session 45 ACC; DXC cpp-errors calls ``'\\xFF'`` fine):
    ``\\x`` takes every hex digit that follows, unbounded (``'\\x141'`` is 321, ``'\\xFFFF'`` 65535), ``\\`` one to
    three octal digits (``'\\400'`` is 256; a fourth digit makes two characters, X3000), both unsigned (``'\\xFF'``
    is 255); a character past 0x7F is none of a constant (X3000, as fxc reads such a byte as a token of its own)."""
    if body.startswith("\\x") and len(body) > 2:
        return int(body[2:], 16)
    if body.startswith("\\") and body[1] in "01234567":
        return int(body[1:], 8)
    if body.startswith("\\"):
        return _ESCAPES.get(body[1], ord(body[1]))
    return ord(body)


def _dropped_literal(text: str) -> bool:
    """Whether fxc's lexer drops this integer literal: one without a suffix whose value needs more than 32 bits
    (and at most 64: a larger decimal is the preprocessor's X1004) yields no token at all (d3dcompiler_47 10.1,
    session 45 EFX, LEXER_ROWS): ``return 4294967296;`` is ``return ;`` (X3080 "function must return a value"
    in a float4 function, compiled in a void one), ``return 4294967296 + 1;`` compiles (``return +1``), ``return
    2 4294967296;`` and ``4294967296 float4 main() ...`` compile, ``float x = 0x100000000;`` is X3000 at the ``;``;
    hexadecimal and octal alike (``077777777777``; an octal spelling with an 8 or 9 stays the parser's X3000). A
    suffixed one (``4294967297u``, ``4294967296L``) is a literal of its low 32 bits (parse_exprs)."""
    low = text.lower()
    if low.rstrip("ul") != low:
        return False
    try:
        v = int(low, 16) if low.startswith("0x") else int(low, 8) if len(low) > 1 and low[0] == "0" else int(low)
    except ValueError:
        return False
    return 0xFFFFFFFF < v <= 0xFFFFFFFFFFFFFFFF


def lex(text: str, file: str = "", open_end: bool = False) -> list[Token]:
    """The tokens of preprocessed ``text``, the last one ``eof`` where fxc places the end of the file: on the line
    after the source's last new-line, or -- ``open_end``: the main file's last line has none -- at the end of that
    line (d3dcompiler_47 10.1, session 48: ``... float4 q`` then a new-line is X3000 "unexpected end of file" on the
    next line, without it on the same line, ``#line 0`` / ``... float4 q`` at line 1)."""
    # fxc's lexer ends the input at a NUL, which its preprocessor passes on as a token (d3dcompiler_47 10.1, session
    # 43: "pass\0fail" compiles as pass, "float4 main()\0:..." is X3000, a source beginning with NUL has no entry)
    text = text.split("\0", 1)[0]
    toks: list[Token] = []
    line_no = 1
    cur_file = file
    ends = []  # (line, length) of each text line (not a marker): where the end of the file is
    for raw in text.split("\n"):
        s = raw.strip()
        if s.startswith("#"):
            # (the preprocessor writes its markers and pragmas as "#line" / "#pragma", with no blank after the
            # '#': a text line a macro began with '#' has one, pplex.text_line)
            m = re.match(r'#line\s+(\d+)(?:\s+"([^"]*)")?', s)
            if m:
                line_no = int(m.group(1))
                if m.group(2) is not None:
                    cur_file = m.group(2) or EMPTY_NAME  # (#line N "": diagnostics.EMPTY_NAME)
                continue
            if s.startswith("#pragma"):
                toks.append(Token("pragma", s, Pos(cur_file, line_no, 1)))
            else:
                # the preprocessor writes only #line and #pragma lines; any other '#' line is text it kept (an
                # unknown directive fxc warns about, a lone '#' (fxc has no null directive), or a '#' a macro
                # produced): '#' is no HLSL token
                raise HlslError(cur_file, line_no, raw.index("#") + 1, 3000, "syntax error: unexpected token '#'")
            line_no += 1
            continue
        col = 0
        n = len(raw)
        ends.append((line_no, n))
        while col < n:
            m = _TOKEN.match(raw, col)
            if not m:
                raise HlslError(cur_file, line_no, col + 1, 3000, f"syntax error: unexpected character '{raw[col]}'")
            kind = m.lastgroup
            if kind == "char":  # a character constant is its code, an int (C; DXC's string.hlsl: fxc lexes 'A')
                toks.append(Token("int", str(_char_value(m.group()[1:-1])), Pos(cur_file, line_no, col + 1)))
            elif kind == "int" and _dropped_literal(m.group()):
                pass
            elif kind != "ws":
                toks.append(Token(kind, m.group(), Pos(cur_file, line_no, col + 1)))
            col = m.end()
        line_no += 1
    if text.endswith("\n") and ends:
        # (the preprocessor's text ends in a new-line whether or not the source does: its last line is the empty
        # one after it, or, with ``open_end``, the source's last line)
        line, n = ends[-2] if open_end and len(ends) > 1 else (ends[-1][0], 0)
        toks.append(Token("eof", "", Pos(cur_file, line, n + 1)))
    else:
        toks.append(Token("eof", "", Pos(cur_file, line_no, 1)))
    return toks
