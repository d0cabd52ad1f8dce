"""The preprocessor's lexical layer: the preprocessing tokens (fxc's HLSL numbers, or C99's pp-numbers in the
strict mode), the logical lines of phases 1-3 of C99 5.1.1.2 (line splices, comments) as fxc reads them, and the
text a token list is written as (the layout of D3DPreprocess's output lines). Split from preprocessor.py (session
36); the rules each helper follows are cited where it is defined.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from .ppfxc import CHAR_CONSTANT, COMMENT_MARK, GAP, SPLICE_MARK, _trim

#: preprocessing tokens as fxc reads them: a number is an HLSL literal (the #define page: pasted "tokens must be
#: valid tokens on their own", so ``4x4`` is ``4`` ``x4``), not C's pp-number. Its suffix is one of its kind's
#: (d3dcompiler_47 10.1, session 37, D3DPreprocess's text): an integer's ``u`` and ``l`` once each (``1uu`` is ``1u``
#: ``u``, ``1ull`` ``1ul`` ``l``, ``1F`` ``1`` ``F``, ``1h`` ``1`` ``h``), a float's one of ``f h l`` (``1.5fh`` is
#: ``1.5f`` ``h``, ``1.5u`` ``1.5`` ``u``, ``1e5u`` ``1e5`` ``u``). An integer that begins with 0 is octal and ends
#: before an 8 or a 9, which begins another number (session 38: ``019`` is ``01`` ``9``, ``08u`` ``0`` ``8u``; a float
#: keeps them: ``08.5``, ``08e1``). Only a lower-case ``0x`` begins a hexadecimal number (session 39: ``0X10`` is ``0``
#: ``X10``, in the text, ``#if`` and a compile alike). A character constant holds one character or one backslash and
#: the character after it, or C's ``\x`` and octal escapes (a quote too, not a lone backslash); anything else is a lone ``'`` and what follows it
#: (session 39: ``'ab'`` is ``'`` ``ab`` ``'``, ``''`` two quotes, ``'''``, ``'\n'`` and ``'\''`` one token each,
#: ``'\'`` three, ``'ab' 'c'`` is ``'`` ``ab`` ``' '`` ``c`` ``'``)
_TOKEN = re.compile(
    r"""(?P<ws>[ \t\f\v\r\x01\x02]+)|(?P<id>(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)|(?P<num>1\.\#(?:INF|IND|QNAN|SNAN)[fFhHlL]?|0x[0-9A-Fa-f]+(?:[uU]?[iI]64|[uU][lL]?|[lL][uU]?)?|
    (?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[fFhHlL]?|[0-9]+[eE][+-]?[0-9]+[fFhHlL]?|(?:0[0-7]*|[1-9][0-9]*)(?:[uU]?[iI]64|[uU][lL]?|[lL][uU]?)?)|
    (?P<str>"(?:\\[^\x04]|[^"\\\x04])*"|"(?:\\[^\x04]|[^"\\\x04])*\x04)|(?P<chr>""" + CHAR_CONSTANT + r""")|
    (?P<punct>\#\#|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||::|[-+*/%&|^!=<>]=|[^\sA-Za-z0-9_])""",
    re.X | re.ASCII,  # (a byte of 0x80 on -- \xa0, \x85 too -- is a token of its own, never a blank or a letter;
    # d3dcompiler_47 10.1, session 44: "a\xa0b" is "a \xa0 b", "#define A\xe9 x" defines A as "\xe9 x")
)
# (MSVC's spellings of the non-finite floats are one token when written ``1.`` then ``#INF`` / ``#IND`` / ``#QNAN`` /
# ``#SNAN`` -- upper case, a float suffix allowed: ``1.#INFf``; ``12.#INF``, ``0.#INF``, ``1.#inf``, ``1.0#INF`` are
# ``12.`` ``#`` ``INF``, and ``1.#INFINITY`` is ``1.#INF`` ``INITY``; d3dcompiler_47 10.1, session 44)
# (an integer's suffix may be MSVC's 64-bit ``i64`` / ``ui64``: ``1i64`` is one token; d3dcompiler_47 10.1, session 42)
# (fxc's lexer reads a scoped name as one token, never replaced -- ``a::b``, ``::a``, ``a::b::c`` -- and ``::`` as
# one punctuator: ``a:::b`` is ``a`` ``::`` ``:`` ``b``, ``a::::b`` ``a`` ``::`` ``::b``; d3dcompiler_47 10.1,
# session 42)
#: a name as fxc's lexer reads it (a scoped one too; a macro may be named so: ``#define a::b 1``)
FXC_NAME = r"(?:::)?[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*"  # (ASCII: fxc reads bytes, see _TOKEN)
#: the same with C99's pp-number (§6.4.8: ``4x4``, ``1e+`` and ``4__FILE__`` are one token): the strict C99 mode
_TOKEN_C99 = re.compile(
    r"""(?P<ws>[ \t\f\v\r]+)|(?P<id>[A-Za-z_][A-Za-z0-9_]*)|(?P<num>\.?[0-9](?:[eE][+-]|[A-Za-z0-9_.])*)|
    (?P<str>"(?:\\.|[^"\\])*")|(?P<chr>'(?:\\.|[^'\\])*')|
    (?P<punct>\#\#|<<=|>>=|\.\.\.|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|[^\sA-Za-z0-9_])""",
    re.X,
)


def directive_text(marked: str | None, name: str, rest: str) -> str:
    """An ``#if`` / ``#elif`` expression's text taken from its directive's line with the comments still marked
    (``marked``; None where the line held none: ``rest``, the text read so far): a comment between a function-like
    macro's name and its ``(`` leaves the name uninvoked there too (d3dcompiler_47 10.1, session 38: ``#if F /**/
    (1)`` stops with X1518 at ``F``, see Preprocessor.eval_expr and ppfxc.Gap)."""
    if marked is None:
        return rest
    m = re.match(r"[ \t\x01\x02]*#[ \t\x01\x02]*" + name + r"(?![\w])(.*)$", marked, re.S)
    return m.group(1).strip(" \t\x01\x02") if m else rest


def error_directive_text(raw: str) -> tuple[int, str] | None:
    """``#error``'s word and text in its logical line ``raw`` as fxc reports them: (the 1-based column of ``error``,
    the text after it and its blanks, comments and trailing blanks kept, a line splice dropped; d3dcompiler_47 10.1,
    session 38: ``#error a /* c */ b`` says ``a /* c */ b``, ``#error F(1)`` ``F(1)`` unreplaced); None if it is no
    such line."""
    line = raw.replace(SPLICE_MARK, "")
    m = re.match(r"[ \t]*#[ \t]*(error)(?![\w])[ \t]*", line)
    return (m.start(1) + 1, line[m.end():]) if m else None


def glue_number_suffixes(toks: list[str]) -> list[str]:
    """A ``#define``'s replacement list as fxc reads it: a number takes the identifier characters that follow it
    with no blank between as part of its own token (d3dcompiler_47 10.1, session 38: ``#define A 1x`` writes
    ``1x``, which ``#define x 5`` leaves alone, ``1uu``, ``1.5fh``, ``1.x``, ``.5x``, ``09x``, ``0x1g``, ``1e+x`` as
    ``1e`` ``+`` ``x``; the digits an octal number stops before too: ``019``); a token so glued reads on through a ``.``
    and what follows it (session 39: ``0x.5``, ``1x.y``, ``0x..5``, ``1e.5`` one token; ``0x1.5`` and ``1.5.5`` two);
    the file's own text keeps HLSL's numbers (``1x`` there is ``1`` ``x``, see ``_TOKEN``)."""
    out: list[str] = []
    glued = False  # the last token took identifier characters: it reads on through "." too (session 39)
    for t in toks:
        prev = out[-1] if out else ""
        if (prev[:1].isdigit() or prev[1:2].isdigit() and prev[0] == ".") and (
                t[:1].isalnum() or t[:1] == "_" or glued and t[:1] == "."):
            out[-1] = prev + t
            glued = True
        else:
            out.append(t)
            glued = False
    return out


#: fxc's lexer reports an integer constant whose value needs more than 64 bits by its base and goes on with the value
#: truncated to 64 bits (d3dcompiler_47 10.1, session 39: ``0x10000000000000000`` X1002 "hex value truncated to 64
#: bits", ``02000000000000000000000`` X1003 "octal ...", ``18446744073709551616`` X1004 "decimal ...";
#: ``0xFFFFFFFFFFFFFFFF`` is silent, ``0x00000000000000000001`` is not, a float never). The #if, #line and #include pages are silent.
_INT_OVERFLOW = ((16, 1002, "hex"), (8, 1003, "octal"), (10, 1004, "decimal"))
_INTEGER = re.compile(r"(0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9][0-9]*)(?:[uU][lL]?|[lL][uU]?)?")


def integer_overflow(tok: str) -> tuple[int, str] | None:
    """(fxc's error number, its message) for an integer token whose value passes 64 bits, else None."""
    m = _INTEGER.fullmatch(tok)
    if not m:
        return None
    body = m.group(1)
    base = 16 if body[1:2] in ("x", "X") else 8 if body[:1] == "0" else 10
    # (a hexadecimal constant by its digits: more than 16, leading zeros counted -- ``0x0000000000000000F`` --; an
    # octal or decimal one by its value)
    if (len(body) - 2 <= 16) if base == 16 else int(body, base) >> 64 == 0:
        return None
    code, word = next((c, w) for b, c, w in _INT_OVERFLOW if b == base)
    return code, f"{word} value truncated to 64 bits"


def integer_overflows(code: str) -> list[tuple[int, str]]:
    """``integer_overflow`` of each token of a line's text (comments removed) as fxc's lexer reads it, in order."""
    found = [integer_overflow(t) for t in tokenize_line(code) if t[:1].isdigit()]
    return [f for f in found if f is not None]


class _Tok(str):
    """A preprocessing token with its hide set: the macros whose expansion produced it."""

    hs: frozenset[str]
    line: int = 0  # the physical line of a token on a continuation line (see _tokenize_lines); 0: not set


def tokenize_line(line: str, pp_numbers: bool = False) -> list[str]:
    """Split one logical line into preprocessing tokens (whitespace kept as single ' ' tokens); ``pp_numbers``:
    C99's pp-numbers instead of HLSL's numbers."""
    # (the cache keys on an exact str: a subclass's own __eq__ may tokenize again)
    return list(_line_tokens(line if type(line) is str else str.__str__(line), pp_numbers))


@functools.lru_cache(maxsize=1 << 15)
def _line_tokens(line: str, pp_numbers: bool) -> tuple[str, ...]:
    """tokenize_line's tokens, remembered by the line's text: a file compiled once per entry point (and its
    includes, once per file that includes them) reads the same lines again."""
    out: list[str] = []
    for m in (_TOKEN_C99 if pp_numbers else _TOKEN).finditer(line):
        if m.lastgroup == "ws":
            if out and out[-1] != " ":
                out.append(GAP if "\x01" in m.group() or SPLICE_MARK in m.group() else " ")
        else:
            out.append(m.group())
    return tuple(out)


def _strip_comments(text: str, state: list[bool], mark: str = " ") -> str:
    """Remove comments from ``text`` (one line); ``state[0]`` carries 'inside /* */' across lines. Each comment
    character becomes ``mark`` (fxc's mode: ``COMMENT_MARK``, see ``Gap``)."""
    if not state[0] and "/" not in text:
        return text  # no comment can start here (the walk below would copy it character by character)
    res = []
    i, n = 0, len(text)
    while i < n:
        if state[0]:
            j = text.find("*/", i)
            if j < 0:
                res.append(mark)  # the comment goes on past the line: a gap
                return "".join(res)
            state[0] = False
            res.append(mark * (j + 2 - i))  # one space (phase 3); the length keeps later offsets valid
            i = j + 2
            continue
        c = text[i]
        if c in "\"'":  # a string literal or character constant: no comment starts inside it
            j = i + 1
            while j < n and text[j] != c and text[j] != "\x04":  # (STRING_NL ends an open string)
                j += 2 if text[j] == "\\" else 1
            res.append(text[i:j + 1])
            i = j + 1
        elif text.startswith("//", i):
            break
        elif text.startswith("/*", i):
            state[0] = True
            res.append(mark * 2)
            i += 2
        else:
            res.append(c)
            i += 1
    return "".join(res)


def _open_comment_at(lines: list[str]) -> tuple[int, int]:
    """(physical line index, 0-based column) of the ``/*`` whose comment the end of ``lines`` leaves open: the same
    reading as ``_strip_comments`` (no comment starts inside a string literal or character constant, ``//`` ends
    the line), done only once that error is known."""
    at = (0, 0)
    in_block = False
    for li, text in enumerate(lines):
        i, n = 0, len(text)
        while i < n:
            if in_block:
                j = text.find("*/", i)
                if j < 0:
                    break
                in_block, i = False, j + 2
                continue
            c = text[i]
            if c in "\"'":
                j = i + 1
                while j < n and text[j] != c:
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            elif text.startswith("//", i):
                break
            elif text.startswith("/*", i):
                in_block, at, i = True, (li, i), i + 2
            else:
                i += 1
    return at


def _lone_quote(code: str) -> int | None:
    """The offset of a ``"`` that opens no complete string literal on the line (C99 6.4.5: a literal ends on its
    line; 6.4p3: a lone ``"`` is undefined), or None."""
    if '"' not in code:
        return None
    for m in _TOKEN.finditer(code):
        if m.group() == '"':
            return m.start()
    return None


def _logical_line(lines: list[str], i: int, sep: str = "") -> tuple[str, int, list[tuple[int, int]]]:
    """The logical line starting at physical line ``i`` (line splices removed, C99 5.1.1.2 phase 2): (text, the
    next physical line, [(offset in the text, physical line index)] for each physical line after the first).
    ``sep`` replaces each splice (fxc's mode: ``SPLICE_MARK``)."""
    raw = lines[i]
    breaks: list[tuple[int, int]] = []
    while raw.endswith("\\") and i + 1 < len(lines):
        i += 1
        raw = raw[:-1] + sep
        breaks.append((len(raw), i))
        raw += lines[i]
    return raw, i + 1, breaks


@dataclass(slots=True)
class _NextLine:
    """The logical line after a macro invocation that may continue onto it (the fold of multi-line invocations),
    read with its comments removed; ``unread`` restores the block-comment state when it is not taken."""

    text: str
    next_i: int  # the physical line after it
    breaks: list[tuple[int, int]]  # as _logical_line gives them
    in_comment: bool  # it starts inside a block comment
    marked: str  # the text with each comment character COMMENT_MARK (fxc's mode), else the text

    @staticmethod
    def read(lines: list[str], i: int, incomment: list[bool], mark: str = " ") -> _NextLine:
        in_comment = incomment[0]
        raw, next_i, breaks = _logical_line(lines, i, SPLICE_MARK if mark != " " else "")
        marked = _strip_comments(raw, incomment, mark)
        text = marked.replace(COMMENT_MARK, " ") if mark != " " else marked
        return _NextLine(text, next_i, breaks, in_comment, marked)

    @property
    def is_directive(self) -> bool:
        return self.text.strip().startswith("#") and not self.in_comment

    def unread(self, incomment: list[bool]) -> None:
        incomment[0] = self.in_comment


def _tokenize_lines(code: str, breaks: list[tuple[int, int]], delta: int, pp_numbers: bool = False) -> list[str]:
    """``tokenize_line`` where the text spans physical lines: each identifier (fxc's mode: each token) that starts
    on a later physical line carries that line's number (``__LINE__`` is the line of its token, a macro's expansion the line of
    its name: GCC's rule; C99 §6.10.8 leaves an invocation spanning lines unspecified)."""
    if not breaks:
        return tokenize_line(code, pp_numbers)
    out: list[str] = []
    gap_at = set() if pp_numbers else {off for off, _phys in breaks}  # fxc's mode: a splice is a gap
    for m in (_TOKEN_C99 if pp_numbers else _TOKEN).finditer(code):
        if m.lastgroup == "ws":
            if out and out[-1] != " ":
                gap = "\x01" in m.group() or any(m.start() <= off <= m.end() for off in gap_at)
                out.append(GAP if gap else " ")
            elif out and gap_at and any(m.start() <= off <= m.end() for off in gap_at):
                out[-1] = GAP
            continue
        if out and out[-1] != " " and m.start() in gap_at:
            out.append(GAP)  # a splice right between two tokens
        t = m.group()
        if m.lastgroup == "id" or not pp_numbers:
            # (fxc's mode: every token, whose line fxc's D3DPreprocess text writes it at; pptext.FxcText)
            line = None
            for off, phys in breaks:
                if m.start() >= off:
                    line = phys + 1 + delta
            if line is not None:
                t = _Tok(t)
                t.line = line
        out.append(t)
    return out


_WORD = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _same_tokens(a: list[str], b: list[str]) -> bool:
    """The two token lists hold the same tokens (whitespace aside)."""
    return [t for t in a if t != " "] == [t for t in b if t != " "]


def text_line(text: str) -> str:
    """A text line of the compile's text whose first token is a ``#`` a macro made (``#define P #pragma once`` /
    ``P``): fxc's compiler reads the preprocessor's tokens, where that ``#`` is a token like any other -- X3000
    "unexpected token '#'" at it, never a directive, whether ``pragma``, ``line`` or anything follows it
    (d3dcompiler_47 10.1, session 49: ``#pragma once``, ``#pragma pack_matrix(row_major)``, ``#line 5``, ``#line
    5 "q.h"``, ``#pragma`` / ``once`` after it, ``#pragmaX``, a leading blank, a line after it). The lexer reads
    only ``#line`` / ``#pragma`` written whole as the preprocessor's own lines (lexer.lex), so a blank between the
    ``#`` and a name after it keeps such a line text; the ``#`` keeps its column."""
    body = text.lstrip()
    if body[:1] == "#" and (body[1:2].isalpha() or body[1:2] == "_"):
        at = len(text) - len(body) + 1
        return text[:at] + " " + text[at:]
    return text


def _join(toks: list[str]) -> str:
    """The text of a token list. Two tokens that touch and would read back as other tokens (an expansion's
    ``a`` before the source's ``2``, ``+`` before ``+``, ``9`` before ``.5``) are kept apart by a space: the
    preprocessor's result is tokens (C99 5.1.1.2 phase 7 converts them), the text only carries them."""
    out: list[str] = []
    prev = ""
    for t in toks:
        if t == " " or not t:
            out.append(t)
            prev = ""
            continue
        if prev and _would_merge(prev, t):
            out.append(" ")
        out.append(t)
        prev = t
    return "".join(out)


def _placed_text(code: str, toks: list[str], expanded: list[str], pp_numbers: bool = False) -> str:
    """The text of one physical line ``code`` (tokens ``toks``) whose expansion is ``expanded``: the source text up
    to the first token the expansion changed is copied, the changed part starts there (a replacement stands at its
    macro's use site), and the unchanged tokens after the last change keep their source column when the text before
    them is not longer (spaces pad), else follow one space after it. Only white space differs from ``_join``'s text:
    the tokens are the expansion's."""
    src = [m for m in (_TOKEN_C99 if pp_numbers else _TOKEN).finditer(code) if m.lastgroup != "ws"]
    a = [t for t in toks if t != " "]
    if [m.group() for m in src] != a:
        return code[:len(code) - len(code.lstrip())] + _join(expanded).lstrip()
    b_at = [j for j, t in enumerate(expanded) if t != " "]
    b = [expanded[j] for j in b_at]
    k = 0
    while k < len(a) and k < len(b) and a[k] == b[k]:
        k += 1
    n = 0  # unchanged tokens at the end
    while n < len(a) - k and n < len(b) - k and a[-1 - n] == b[-1 - n]:
        n += 1
    out = code[:src[k].start()] if k < len(src) else code.rstrip()
    if len(b) - n > k:
        out = _glue(out, _join(_trim(expanded[b_at[k]:b_at[len(b) - n - 1] + 1])))
    if n:
        at = src[len(a) - n].start()
        tail = code[at:].rstrip()
        out = out + " " * (at - len(out)) + tail if len(out) < at else _glue(out, tail)
    return out.rstrip()


def _glue(left: str, right: str) -> str:
    """``left`` then ``right`` with a space between where their touching tokens would read back as others."""
    if not left or not right or left[-1] in " \t" or right[0] in " \t":
        return left + right
    last = tokenize_line(left)[-1]
    first = tokenize_line(right)[0]
    return left + (" " if _would_merge(last, first) else "") + right


def _would_merge(prev: str, t: str) -> bool:
    a, b = prev[-1], t[0]
    if a in _WORD:
        if b in _WORD:
            return True  # identifiers and numbers run together (a space between them never hurts)
        # a number may take a '.', an exponent's sign ("1e" "+5" is not one)
        return prev[0] in _DIGITS and b in ".+-" and tokenize_line(prev + t) != [prev, t]
    if b in _WORD:
        return a == "." and b in _DIGITS
    if a in "\"'" or b in "\"'":
        return False
    if a == "/" and b in "/*":
        return True  # a comment would start
    if prev in _PUNCTS and t in _PUNCTS:
        return (prev, t) in _MERGING
    if (len(prev) == 1 or prev in _PUNCTS) and (len(t) == 1 or t in _PUNCTS):
        return False  # a one-character punctuator that is part of no longer one never merges
    return tokenize_line(prev + t) != [prev, t]  # a token pasted by ## that is not one punctuator


_DIGITS = frozenset("0123456789.")
#: the punctuators of more than one character (the _TOKEN pattern's alternatives) and the characters they are made
#: of: only these can run into a neighbour and read back as another token
_LONG_PUNCTS = ("##", "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "::",
                *(c + "=" for c in "-+*/%&|^!=<>"))
_PUNCTS = frozenset(_LONG_PUNCTS) | frozenset("".join(_LONG_PUNCTS))
#: the pairs of those punctuators that touch and re-tokenise as something else (``<`` ``<=`` -> ``<<=``,
#: ``-`` ``>`` -> ``->``, ``.`` ``...`` -> ``...`` ``.``): computed once from the tokenizer itself
_MERGING = frozenset((p, q) for p in _PUNCTS for q in _PUNCTS if tokenize_line(p + q) != [p, q])
