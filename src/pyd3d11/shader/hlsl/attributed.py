"""What may follow an attribute list (``[Foo(1)]``, ``[]``) outside a function body: only a function or method
declaration (d3dcompiler_47 10.1 under Wine, session 43, helper ACC; round 6 of DXC's SemaHLSL corpora left a
method's attribute open).

fxc's grammar takes attribute lists before a function, a method of a class, struct or interface, an out-of-class
method definition, and (empty) before a statement: ``class C { [Foo(2)] [Bar] float f() {...} };`` and
``[] float4 main() ...`` compile, the attributes ignored; an argument naming nothing declared is still X3004 and
an attribute written twice X3524 (as for a function). Anything else after the list is a syntax error, X3000, at
the first token a function declaration cannot have there: ``cbuffer`` / ``tbuffer`` / ``typedef`` themselves; the
name after ``struct`` / ``class`` / ``interface``; after a type and a name the token that is not ``(`` --
``[Foo] float x;`` at ``;``, ``= 1`` at ``=``, ``x[2]`` at ``[``, ``x, y`` at ``,``, ``x : A`` at ``:``.
"""

from __future__ import annotations

from typing import Any

#: keywords that begin a global declaration no attribute may stand before (the error is at the keyword)
_AT_KEYWORD = frozenset({"cbuffer", "tbuffer", "typedef"})
#: keywords of a type definition (the error is at the name that follows)
_AT_NAME = frozenset({"struct", "class", "interface"})


def check_attributed_declaration(p: Any) -> None:
    """After a global attribute list: fxc's X3000 where the declaration cannot be a function's (module doc). The
    variable case is judged where the declarator is read (:func:`not_a_function`)."""
    if p.tok.kind == "id" and p.tok.text in _AT_KEYWORD:
        raise p.error(None, p.tok)
    k = 0
    while p.peek(k).kind == "id" and p.peek(k).text in _modifier_words():
        k += 1
    if p.peek(k).kind == "id" and p.peek(k).text in _AT_NAME:
        raise p.error(None, p.peek(k + 1))


def not_a_function(p: Any) -> Exception:
    """The syntax error of an attributed declaration whose declarator is no function's: at the token after the
    name (``;``, ``=``, ``[``, ``,``, ``:``), or at the token standing where the name should be. For ``raise``."""
    return p.error(None, p.peek() if p.tok.kind == "id" else p.tok)


def _modifier_words() -> frozenset[str]:
    from .modifiers import MODIFIER_WORDS

    return frozenset(MODIFIER_WORDS)
