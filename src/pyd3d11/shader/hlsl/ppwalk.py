"""fxc's static walks over the macro table: what a macro's replacement list leads to through the names of the lists
it reaches, before anything is replaced (recorded from d3dcompiler_47 10.1 under Wine, session 38; no Microsoft page
describes them: the #define page says only that a macro is replaced by its token string, the #ifdef page that a name
is defined "by a #define directive").

fxc reads a replacement list as names first: a name that leads back to a name of the walk (a cycle) or to a macro
the invocation is inside gives the invocation up (``list_cycle``); a macro that leads back to itself is not
defined to ``#ifdef`` / ``defined`` (``leads_back``); an ``#if`` line that ends in a replacement that ends in
nothing stops with X1518 (``ends_empty``). ``macros`` maps a name to an object with ``params`` (None: object-like)
and ``body`` (its tokens, blanks as ``" "``), as ``preprocessor.Macro``.
"""

from __future__ import annotations

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
