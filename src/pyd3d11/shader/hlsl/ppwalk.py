"""fxc's static walks over the macro table: what a macro's replacement list leads to through the names of the lists
it reaches, before anything is replaced (recorded from d3dcompiler_47 10.1 under Wine, session 38; no Microsoft page
describes them: the #define page says only that a macro is replaced by its token string, the #ifdef page that a name
is defined "by a #define directive").

fxc reads a replacement list as names first: a name that leads back to a name of the walk (a cycle) or to a macro
the invocation is inside gives the invocation up (``list_cycle``); a macro that leads back to itself is not
defined to ``#ifdef`` / ``defined`` (``leads_back``); an ``#if`` line that ends in a replacement that ends in
nothing stops with X1518 (``ends_empty``); a line whose ``#`` only empty names (``after_empty_names``) or
invocations' ``(`` (``hash_after_invocation``) come before is read as a directive. ``macros`` maps a name to an object with ``params`` (None: object-like)
and ``body`` (its tokens, blanks as ``" "``), as ``preprocessor.Macro``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def leads_back(macros: Mapping[str, Any], name: str, inner: frozenset[str], path: list[str], safe: set[str]) -> bool:
    """Whether the macro ``name`` leads, through the names of its replacement list (every one: a function-like name
    without ``(`` too), to a macro of ``path`` (the names walked to it) or of ``inner``. ``safe``: names already
    found to lead nowhere (whatever the path: a name of the path that one of them reached would have closed a cycle
    through it)."""
    if name in inner or name in path:
        return True
    if name in safe:
        return False
    path.append(name)
    try:
        if any(leads_back(macros, t, inner, path, safe) for t in dict.fromkeys(macros[name].body) if t in macros):
            return True
    finally:
        path.pop()
    safe.add(name)
    return False


def list_cycle(macros: Mapping[str, Any], body: list[str], inner: frozenset[str]) -> bool:
    """Whether fxc gives up an invocation whose replacement list is ``body`` (``inner``: the macros it is inside,
    itself among them): a name of the list -- a parameter's name as well, whatever the argument -- leads back to a
    name of the walk or into ``inner`` (session 38: ``O0`` of ``#define O0 G1`` / ``#define G1(a) O0`` stays
    ``O0``, ``[G1]`` and ``G1 x`` with ``G1(a) y G1`` too; with ``#define x x``, ``XS(u)`` of ``#define XS(x) [x]``
    stays ``XS ( u )``, also for ``#x`` and ``x ## 1``; ``O2`` of ``F3(0, F1(2))`` with ``F1(a) F1`` and an empty
    ``F3`` stays ``O2``; ``x(q) q`` and ``G1(a) x`` lead nowhere)."""
    safe: set[str] = set()
    return any(tok in macros and leads_back(macros, tok, inner, [], safe) for tok in dict.fromkeys(body))


def ends_empty(macros: Mapping[str, Any], name: str, seen: frozenset[str] = frozenset()) -> bool:
    """Whether the object-like macro ``name``'s replacement ends in nothing: its list is empty or ends in the name
    of such a macro (``seen``: the names on the way, which stop a cycle)."""
    m = macros.get(name)
    if m is None or m.params is not None or name in seen:
        return False
    body = [t for t in m.body if t != " "]
    return not body or ends_empty(macros, body[-1], seen | {name})


_IDENT = re.compile(r"[A-Za-z_]\w*")


def after_empty_names(macros: Mapping[str, Any], s: str) -> str:
    """``s`` (a line's text) from its ``#`` on when only names of object-like macros whose lists are empty come
    before it, else ``s``: fxc reads such a line as a directive (d3dcompiler_47 10.1, session 37: with ``#define
    EMPTY``, ``EMPTY # define X 1`` and ``EMPTY EMPTY #define X 1`` define X; ``EMPTY # foo`` is X1504; a name
    whose list holds only another empty name, a function-like macro's invocation, an ``a`` before the ``#``
    leave the line text). C99 §6.10p2 wants the ``#`` first on its line."""
    k = 0
    while True:
        m = _IDENT.match(s, k)
        if m is None:
            return s[k:] if s.startswith("#", k) and k else s
        mac = macros.get(m.group())
        if mac is None or mac.params is not None or any(t != " " for t in mac.body):
            return s
        k = m.end()
        while k < len(s) and s[k] in " \t":
            k += 1


def hash_after_invocation(macros: Mapping[str, Any], code: str) -> int:
    """The offset of a ``#`` (not ``##``) that follows, on the line ``code``, only names of object-like macros with
    empty lists and function-like macro names each with its ``(`` -- one at least -- or 0: fxc reads that ``#`` as
    a directive's, among the invocation's arguments (d3dcompiler_47 10.1, session 42: ``X(#a) pass`` is X1504 then
    X1515, ``X ( #a)``, ``E X(#a)``, ``X(X(#a))`` too; ``pass X(#a)``, ``X(1,#a)``, ``(X(#a))``, ``X(##)`` are
    text; preprocessor.process reads the line as two)."""
    k, opened = 0, False
    while True:
        while k < len(code) and code[k] in " \t":
            k += 1
        if code.startswith("#", k):
            return k if opened and not code.startswith("##", k) else 0
        m = _IDENT.match(code, k)
        mac = macros.get(m.group()) if m else None
        if mac is None:
            return 0
        k = m.end()
        if mac.params is None:
            if any(t != " " for t in mac.body):
                return 0
            continue
        while k < len(code) and code[k] in " \t":
            k += 1
        if not code.startswith("(", k):
            return 0
        k, opened = k + 1, True


def paren_follows(lines: list[str], i: int) -> bool:
    """The main file's first physical line from ``i`` on (``lines``) that is not blank opens with "(": fxc's look for
    the "(" of a function-like name that ends line ``i - 1`` reads the blank lines' ends and finds one; the name is
    not invoked and those line ends are lost (d3dcompiler_47 10.1, session 45: "F" / "" / "(pass)" writes "F " then
    "#line 4" and "( pass )"; a comment -- after the name too -- or another token before it keeps them)."""
    if not i or "//" in lines[i - 1] or "/*" in lines[i - 1]:
        return False
    return next((ln.lstrip().startswith("(") for ln in lines[i:] if ln.strip()), False)
