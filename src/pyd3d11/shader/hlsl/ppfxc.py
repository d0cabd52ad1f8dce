"""fxc's departures from C99 in the preprocessor that are properties of tokens and definitions (preprocessor.py
applies them in fxc's mode): the gap that keeps a macro name uninvoked, the argument list split after replacement,
the identical redefinition, the name an #if identifier keeps, the parameter list's grammar. Each was recorded from d3dcompiler_47.dll 10.1 under
Wine (session 35; tests/test_rules_hlsl_fxc_preprocess*.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Protocol


class _Definition(Protocol):
    params: list[str] | None
    body: list[str]


class Gap(str):
    """White space that held a comment or a new-line: fxc invokes a function-like macro only when its ``(`` follows
    the name on the same line with nothing but blanks between (d3dcompiler_47 10.1, session 35: ``F /**/ (1)``,
    ``F`` then ``(1)`` on the next line, even through a line splice, leave ``F`` as it is; inside a macro's
    arguments ``F/**/(1)`` is still invoked). It equals ``" "`` everywhere else."""


GAP = Gap(" ")
#: what fxc's mode writes for a comment before tokenizing (a blank that remembers it was a comment)
COMMENT_MARK = "\x01"
#: what fxc's mode writes for a line splice (backslash new-line): fxc joins the lines but the splice still ends a
#: token (d3dcompiler_47 10.1, session 36: ``pa\`` then ``ss`` is ``pa ss``, ``#def\`` then ``ine`` is the unknown
#: directive 'def', ``*\`` then ``/`` closes no comment, ``/\`` then ``/`` opens none, ``'a\`` then ``'`` is
#: ``' a '``); a string literal goes on across it (``"a\`` then ``b"`` is one literal) and a ``//`` comment too.
#: C99 5.1.1.2 phase 2 deletes the splice before tokens are formed. It is a blank (a ``Gap``) elsewhere.
SPLICE_MARK = "\x02"
#: the new-line a string left open inside a macro's argument list holds: fxc's string token takes the line's
#: new-line and its reader goes on with the next line as this one's text (d3dcompiler_47 10.1, session 48: ``F("a``
#: / ``) pass`` writes ``"a\n pass``; the next line is never a directive and is counted as this one). The two
#: physical lines are read as one with this character between them (preprocessor.Preprocessor._hold_string_line);
#: the text writes it as the new-line it stands for.
STRING_NL = "\x04"


class IdentifierZero(str):
    """The 0 an identifier left in an #if expression stands for (C99 §6.10.1p4); ``ident`` keeps its name, which
    fxc's syntax errors name ("unexpected token 'x'", d3dcompiler_47 10.1)."""

    ident: str


def identifier_zero(name: str) -> str:
    zero = IdentifierZero("0")
    zero.ident = str(name)
    return zero


def same_definition(old: _Definition, params: list[str] | None, body: list[str]) -> bool:
    """fxc's identical redefinition (no X1519): the same kind and parameter count, and the same replacement tokens
    with white space ignored and parameters compared by position (d3dcompiler_47 10.1, session 35: ``1 + 2`` then
    ``1+2``, ``F(x) x`` then ``F(y) y`` are silent; C99 §6.10.3p2 wants the white space and the names too)."""
    if (old.params is None) != (params is None) or len(old.params or ()) != len(params or ()):
        return False

    def shape(ps: list[str] | None, toks: list[str]) -> list[object]:
        return [(ps.index(t),) if ps and t in ps else t for t in toks if t != " "]
    return shape(old.params, old.body) == shape(params, body)


def split_args(toks: list[str]) -> list[list[str]]:
    """An argument list's tokens split at the commas no parenthesis, bracket or brace holds (fxc's reading, see
    ``preprocessor.Preprocessor._collect_args``), each argument trimmed of white space."""
    args: list[list[str]] = [[]]
    depth = 0
    for t in toks:
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}") and depth:
            depth -= 1
        elif t == "," and depth == 0:
            args.append([])
            continue
        args[-1].append(t)
    return [_trim(a) for a in args]


def closing_at(toks: list[str]) -> int | None:
    """The index of the first ``)``, ``]`` or ``}`` among ``toks`` that no bracket of theirs opened, or None: where an
    argument list whose macros were replaced ends (fxc ends one at an unmatched ``]`` or ``}`` too, see
    ``preprocessor.Preprocessor._collect_args``)."""
    depth = 0
    for k, t in enumerate(toks):
        if t in ("(", "[", "{"):
            depth += 1
        elif t in (")", "]", "}"):
            if depth == 0:
                return k
            depth -= 1
    return None


#: the name in the hide set of the tokens of an invocation fxc gave up (no macro can have it)
_DEAD_NAME = "\x00dead"


class MacroRecursion(Exception):  # noqa: N818 (a signal that unwinds expansion, not an error)
    """A macro name met again inside its own expansion (a token whose hide set holds its name), in fxc's mode;
    ``name``: that macro. The ``RecursionContext`` that started the macro gives its invocation up."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = str(name)


def _from_argument(t: str) -> bool:
    """The token came from an argument (preprocessor.py's ``_ArgTok``)."""
    return t.__class__.__name__ == "_ArgTok"


class RecursionContext:
    """One ``Preprocessor.expand`` call in fxc's mode: where its current top-level invocation began, and the
    macros that invocation started.

    C99 §6.10.3.4p2 leaves a macro name met inside its own replacement as it is ("painted blue") and goes on.
    fxc gives the whole invocation up instead: the source tokens it took (the name, its argument list, any
    tokens a rescan took after it) are written as they were and are never replaced again (d3dcompiler_47 10.1,
    session 36: ``#define X a X b`` makes ``X`` of ``X``, ``#define G(x) x X`` makes ``G ( 1 )`` of ``G(1)``,
    ``f(2)(9)`` of C99's example 3 (``f(a) a*g``, ``g(a) f(a)``) stays ``f ( 2 ) ( 9 )``). The invocation given up
    is the outermost one of the expansion that started the macro met again: an argument is expanded on its own,
    so ``F(X X)`` of ``#define F(x) x`` is ``X X``; a name a replacement list put into an argument belongs to the
    enclosing expansion (``h`` of ``#define g f(g)``, ``#define h g`` stays ``h``)."""

    __slots__ = ("orig", "source_left", "top_out", "top_src", "started", "spaced", "_open")

    def __init__(self, orig: list[str], source_left: int, top_out: int) -> None:
        self.orig = orig  # the tokens given, as the reversed stack ``expand`` starts with
        self.source_left = source_left  # orig[:source_left] are not read yet
        self.top_out = top_out  # the output's length when the current top-level invocation began
        self.top_src = source_left  # orig's index of that invocation's name (begin() sets it before any use)
        self.started: set[str] = set()
        #: an argument list's expansion (``#`` spells it): fxc writes each top-level replacement between
        #: spaces, so ``#`` of ``x A y`` with ``#define A a+b`` is "x a + b y" and of ``.F(1).`` with ``F(x) x+x``
        #: ". 1 + 1 ." (d3dcompiler_47 10.1, session 36); the source's own spacing stays
        self.spaced = False
        self._open = False

    def open_space(self, out: list[str], body: list[str]) -> list[str]:
        """A replacement ``body`` is pushed: the first of a top-level invocation opens with a space, and every
        replacement's tokens are spelled one space apart (``#`` of ``A`` with ``#define A a+b`` is "a + b") when
        ``spaced``. Returns the body to push."""
        if not self.spaced:
            return body
        if not self._open:  # (only the top-level name's own replacement finds it closed: begin() came just before)
            out.append(" ")
            self._open = True
        spread: list[str] = []
        for t in body:
            # (an argument's own tokens keep their spacing: ``[x]`` of ``a+b`` is "[ a+b ]")
            if t != " " and spread and spread[-1] != " " and not (_from_argument(t) and _from_argument(spread[-1])):
                spread.append(" ")
            spread.append(t)
        return spread

    def close_space(self, out: list[str]) -> None:
        """The top-level invocation is done: its replacement closes with a space (``spaced``)."""
        if self._open:
            out.append(" ")
            self._open = False

    def begin(self, src: int, out_len: int) -> None:
        """A token of the source (``orig[src]``) is read: a new top-level invocation may begin there."""
        self.top_src, self.top_out = src, out_len
        self.started.clear()

    def abandoned(self) -> list[str]:
        """The source tokens the invocation given up took, in order."""
        return self.orig[self.source_left:self.top_src + 1][::-1]


#: a character constant as fxc's lexer reads it (pplex's token pattern is built with it): one character or one
#: backslash and the character after it, or C's ``\x`` and octal escapes (d3dcompiler_47 10.1, session 39)
CHAR_CONSTANT = r"'(?:\\x[0-9A-Fa-f]+|\\[0-7]{1,3}|\\[^\x02\n]|[^\\\x02\n])'"
_CHAR_TOKEN = re.compile(CHAR_CONSTANT)


def fxc_charize(spelling: str) -> str:
    """The token fxc's ``#@`` makes of an operand spelled ``spelling`` (as ``#`` spells it): the text in single
    quotes read again by the lexer, of which the first token is kept -- a character constant where the text begins
    with one (``CHAR_CONSTANT``), else a lone single quote, the rest lost. d3dcompiler_47 10.1: session 36, ``ab``,
    ``12``, ``+=``, ``"s"``, ``'a'``, ``a b`` and a backslash give one quote; session 47, ``\\n`` gives ``'\\n'``,
    ``\\x41`` ``'\\x41'``, ``\\12`` ``'\\12'``, ``\\q`` ``'\\q'``, ``\\1234`` and ``\\nn`` a quote; session 48, ``''``
    and ``'' ''`` give ``'''``, ``x''`` ``'x'``, ``"'"`` ``'\\"'`` (its spelling's escaped double quote), ``'ab'`` a
    quote. The #define page calls ``#@`` the charizing operator and says no more."""
    found = _CHAR_TOKEN.match("'" + spelling + "'")
    return found.group() if found else "'"


def gap_between(toks: list[str], a: int, b: int) -> bool:
    """A ``Gap`` among ``toks[a + 1:b]``."""
    return any(t.__class__ is Gap for t in toks[a + 1:b])


def _trim(a: list[str]) -> list[str]:
    while a and a[0] == " ":
        a = a[1:]
    while a and a[-1] == " ":
        a = a[:-1]
    return a


def fxc_paste(left: str, right: str, tokens: Callable[[str], list[str]], read: Callable[[str], None]) -> list[str]:
    """fxc's ``##`` of two tokens (d3dcompiler_47 10.1, session 36). A side that is empty leaves the other token as
    it was (its hide set kept). Text that reads as one token is that token; text that does not leaves both tokens
    as they were (``2 ## X`` of an ``X`` given up stays ``2 X``, not replaced again; C99 §6.10.3.3p3 leaves an
    invalid result undefined); text that reads as other tokens is those tokens (session 39). Text that opens a
    comment is read as one: ``//`` gives nothing, ``/*`` nothing and X1001 (the comment runs to the end of the
    pasted text). ``read(text)`` is told of the text fxc's lexer reads again (its numbers are checked,
    pplex.integer_overflow)."""
    a, b = ("" if left == "\x00" else left), ("" if right == "\x00" else right)
    if not a or not b:
        return [a or b] if a or b else []
    text = a + b
    if b == "::" and re.fullmatch(r"(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*", a):
        return [text]  # a name takes a pasted scope operator: "a::" one token (d3dcompiler_47 10.1, session 45)
    if a == "::" and re.fullmatch(r"[A-Za-z_]\w*", b):
        return [a, b]  # (the operator does not take a name after it: ``:: b``, though the file's ``::b`` is one)
    if text.startswith("//"):
        return []
    if text.startswith("/*"):
        read(text)
        return []
    toks = [t for t in tokens(text) if t != " "]
    if toks == [a, b]:
        if STRING_NL in text:
            read(text)  # (a held string read again: its X1005 once more, see Expansion._pasted)
        return [a, b]  # (the tokens as they were: their hide sets kept)
    # the text read again, whatever it makes (session 39: ``0 ## 0x1`` is ``00`` ``x1``, ``1x ## 2`` of a
    # replacement list's glued ``1x`` is ``1`` ``x2``)
    read(text)
    return toks


def fxc_parameter_list(toks: list[str], name_re: str) -> tuple[str | None, str | None] | None:
    """fxc's grammar of a ``#define``'s parameter list, ``( name [, name]... )``, over the tokens ``toks`` that
    begin with its ``(``: None where it reads well, else (the first token against it -- None for the line's end
    --, the token after that one or None). fxc reports both (X1500): its parser, recovering, names the next token
    too (d3dcompiler_47 10.1, session 42: ``F() x`` is ')' then 'x', ``X(1) a`` '1l' then ')', ``X(a b)`` 'b' then
    ')', ``F(x...)`` '...' then ')', ``F(a,) x`` ')' then 'x'; ``F(a`` the line's end alone)."""
    toks = [t for t in toks if t != " " and t.__class__ is not Gap]
    k, want_name = 1, True
    while k < len(toks):
        t = toks[k]
        if want_name and not re.fullmatch(name_re, t):
            break
        if not want_name and t not in (",", ")"):
            break
        if not want_name and t == ")":
            return None
        want_name = not want_name
        k += 1
    return (toks[k] if k < len(toks) else None), (toks[k + 1] if k + 1 < len(toks) else None)
