"""Marks on the tokens of macro expansion (C99 §6.10.3.4 and fxc's own rules), split from preprocessor.py (session
37, past its size): each replaced token carries its hide set (``hs``: the macro names it may not be replaced by
again), and fxc's mode tells apart an argument's token (:class:`_ArgTok`), the lookahead copy that stands for a
function-like name (:class:`_Lookahead`) and a failed invocation's name (:class:`_FailedName`); with them, how
``#`` / ``#@`` spell an argument, ``_Pragma``'s destringizing and ``#line``'s number. The rules each helper follows
are cited where it is defined; :class:`pyd3d11.shader.hlsl.preprocessor.Preprocessor` uses them.
"""

from __future__ import annotations

from .diagnostics import HlslError
from .ppfxc import _DEAD_NAME
from .pplex import _Tok


class _Unterminated(HlslError):
    """An invocation whose argument list the text given does not close (the source may go on). ``partial``: the
    outermost expansion's result up to and including the open invocation's macro name."""

    partial: list[str] | None = None


#: the parameter of a variadic macro (C99 §6.10.3p12: "..." in the parameter list)
_VA_ARGS = "__VA_ARGS__"

#: the ## operator of a replacement list (a ## that reaches the text through an argument is a token)
_PASTE = "\x01##"


class _PragmaOp(str):
    """A ``_Pragma`` operator found by macro expansion: spelled as written (where it ends up as text, in another
    directive's operands); ``pragma`` is the destringized token string the output step runs as ``#pragma``."""

    pragma: str

    def __new__(cls, literal: str) -> _PragmaOp:
        tok = super().__new__(cls, f"_Pragma({literal})")
        tok.pragma = destringize(literal)
        return tok


def destringize(literal: str) -> str:
    """C99 §6.10.9p1: the string literal with its ``L`` prefix and both double-quotes deleted, each ``\\"``
    replaced by ``"`` and each ``\\\\`` by one ``\\`` (other escapes stay as written)."""
    body = literal[1:] if literal.startswith("L") else literal
    body = body[1:-1]
    out: list[str] = []
    i = 0
    while i < len(body):
        if body[i] == "\\" and i + 1 < len(body) and body[i + 1] in '"\\':
            out.append(body[i + 1])
            i += 2
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


class _ArgTok(_Tok):
    """A token an argument brought into a replacement list (fxc's mode): ``_add_hide`` leaves it as it is (its hide
    set is its own), and a spelled argument list puts no space between two of them (``RecursionContext``)."""

    @staticmethod
    def of(t: str) -> _ArgTok:
        tok = _ArgTok(t)
        tok.hs = _hs(t)
        tok.line = getattr(t, "line", 0)
        return tok


class _Lookahead(_Tok):
    """The copy of a token that stands for the function-like macro name before it (fxc's mode). While fxc replaces the
    macros of an argument list (``Preprocessor._expand_run``), a function-like name that no ``(`` follows is
    replaced by a copy of the token after it when that token came from a replacement (a macro's list or an argument
    substituted into one) rather than from the file: d3dcompiler_47 10.1, session 37, with ``#define F(x) [x]``,
    ``S(x) #x``, ``XS(x) S(x)``, ``G(x) x``: ``XS(F a)`` is ``"a a"``, ``XS(F +)`` ``"+ +"``, ``XS(F)`` leaves
    ``S ) )`` (S's argument gone: X1516), ``G(O)`` of ``#define O F a`` is ``a a`` and of ``#define O F A`` (``A``
    an object-like ``a``) ``a a`` too: the copy is read again, but a copied function-like name stays as it is
    (``XS(F F a)`` is ``"F a a"``). A name whose next token is the file's stays (``G(F a)``, ``G(G(F) a)``,
    ``G(Q A)`` of ``#define Q F`` are ``F a``), and outside an argument list nothing changes (``O`` is ``F a``).
    C99 §6.10.3.4 leaves the name as it is; the #define page is silent."""

    @staticmethod
    def of(t: str) -> _Lookahead:
        tok = _Lookahead(t)
        tok.hs = _hs(t)
        return tok


class _FailedName(_Tok):
    """The name a failed invocation leaves (X1516, fxc's mode): fxc looks no further for its ``(``, so a line that
    ends with it keeps its line end in fxc's text (d3dcompiler_47 10.1, session 37: ``F(1, 2)`` of a one-parameter F
    at the end of the file is ``F`` and a new-line; see ``Preprocessor._fxc_line``). Otherwise the name itself."""


def _failed_name(t: str) -> str:
    tok = _FailedName(t)
    if "hs" in getattr(t, "__dict__", {}):
        tok.hs = t.hs
    tok.line = getattr(t, "line", 0)
    return tok


def _from_replacement(t: str) -> bool:
    """The token came from a replacement (a macro's list or an argument substituted into one), not from the file:
    ``_add_hide`` gave it a hide set (in fxc's mode every token of a list it marks)."""
    return isinstance(t, _Tok) and (t.__class__ is _ArgTok or "hs" in t.__dict__)


def _line_number(tok: str) -> int | None:
    """The number of a ``#line`` as fxc reads it: an integer constant in any of C's forms (decimal, octal, hexadecimal,
    ``u`` / ``l`` suffixes) that fits 32 bits, else None (its X1500). d3dcompiler_47 10.1, session 37: ``#line 0x10``
    is 16, ``010`` 8, ``1u`` and ``1L`` 1, ``4294967295`` itself; ``08``, ``4294967296``, ``1.5`` are X1500. C99
    §6.10.4p3 wants a digit sequence read as decimal."""
    body = tok.rstrip("uUlL")
    try:
        if body[:2].lower() == "0x":
            v = int(body[2:], 16)
        elif body.startswith("0") and len(body) > 1:
            v = int(body, 8)
        else:
            v = int(body) if body.isdigit() else -1
    except ValueError:
        return None
    return v if 0 <= v <= 0xFFFFFFFF else None


def _dead(toks: list[str]) -> list[str]:
    """``toks`` never to be replaced again: the tokens of an invocation fxc gave up (``RecursionContext``)."""
    out: list[str] = []
    for t in toks:
        if t[:1].isalpha() or t[:1] == "_":
            tok = _Tok(t)
            tok.hs = _hs(t) | _DEAD
            t = tok
        out.append(t)
    return out


_NO_HIDE: frozenset[str] = frozenset()
#: the hide set of the tokens an invocation fxc gave up left (RecursionContext): never replaced again
_DEAD = frozenset({_DEAD_NAME})


def _hs(t: str) -> frozenset[str]:
    return getattr(t, "hs", _NO_HIDE)


def _add_hide(toks: list[str], hide: frozenset[str], mark_all: bool = False) -> list[str]:
    """``toks`` (a replacement) with ``hide`` added to each identifier's and ``)``'s hide set; ``mark_all`` (fxc's
    mode): every other token but a blank is marked as a replacement's too, with an empty hide set
    (``_from_replacement``)."""
    out: list[str] = []
    for t in toks:
        if t == " " or not (t[0].isalpha() or t[0] == "_" or t == ")"):
            # identifiers can name a macro; ")" ends an invocation (its hide set counts)
            if mark_all and t != " " and not isinstance(t, _Tok):
                t = _Tok(t)
                t.hs = _NO_HIDE
            out.append(t)
            continue
        if t.__class__ is _ArgTok:
            out.append(t)  # an argument's token in fxc's mode: not painted (Preprocessor._unpainted)
            continue
        tok = _Tok(t)
        tok.hs = _hs(t) | hide
        if t.__class__ is _Tok and t.line:
            tok.line = t.line
        if getattr(t, "pasted", False):
            tok.pasted = True  # (see mark_pasted)
        out.append(tok)
    return out


def mark_pasted(t: str) -> str:
    """A name a ``##`` gave (fxc's mode): it begins an invocation of its own. fxc gives up only that invocation
    when its expansion meets a macro again, not the one whose list pasted it (d3dcompiler_47 10.1, session 45:
    ``C(A,B)`` of ``#define C(a,b) a##b`` and ``#define AB AB x`` is ``AB``, ``C(A,B)(1)`` of ``#define AB(q) AB q``
    ``AB ( 1 )``, C99 example 3's ``r(f,(1))`` ``f ( 1 )``; ``C ( A , B )`` before). Other tokens stay as given."""
    if not (t[:1].isalpha() or t[:1] == "_"):
        return t
    tok = _ArgTok.of(t) if t.__class__ is _ArgTok else _Tok(t)
    if tok.__class__ is _Tok:
        if "hs" in getattr(t, "__dict__", {}):
            tok.hs = t.hs
        tok.line = getattr(t, "line", 0)
    tok.pasted = True
    return tok


def pasted_invocation(t: str, params: list[str] | None, pending: list[str]) -> list[str] | None:
    """The tokens of the invocation a pasted macro name ``t`` begins (``mark_pasted``), taken off the stack
    ``pending`` (the next token last): the name, unmarked, and for a function-like macro (``params``) its argument
    list when the stack holds all of it. None (nothing taken) where the name is not invoked or its list runs past
    the stack: it is read as any other name."""
    name = _Tok(t)
    name.__dict__.update({k: v for k, v in getattr(t, "__dict__", {}).items() if k != "pasted"})
    if params is None:
        return [name]
    k = len(pending) - 1
    while k >= 0 and pending[k] == " ":
        k -= 1
    if k < 0 or pending[k] != "(":
        return None
    depth = 0
    for j in range(k, -1, -1):
        depth += (pending[j] == "(") - (pending[j] == ")")
        if depth == 0:
            taken = pending[j:][::-1]
            del pending[j:]
            return [name, *taken]
    return None


def _spelling(arg: list[str], quote: str, fxc: bool = False) -> str:
    """The text ``#`` (or ``#@``) makes of an argument (C99 §6.10.3.2p2): each white-space run between its
    tokens becomes one space, and a ``\\`` or ``"`` inside a string literal or character constant gets a
    ``\\`` before it (only there: ``#`` of ``@\\n`` keeps its one backslash). ``quote``: the quotation mark
    of the result, which is escaped too in the charizing form."""
    out: list[str] = []
    for k, a in enumerate(arg):
        if a == " " and k and arg[k - 1] == " ":
            continue
        if a[:1] == "'" and fxc:
            # fxc escapes only the double quote of a character constant: # of '\n' is "'\n'" (d3dcompiler_47 10.1,
            # session 36; C99 §6.10.3.2p2 escapes its backslash too)
            a = a.replace('"', '\\"')
        elif a[:1] and a[:1] in "\"'":
            a = a.replace("\\", "\\\\").replace('"', '\\"')
        if quote == "'":
            a = a.replace("'", "\\'")
        out.append(a)
    return "".join(out)
