"""The two arms of ``c ? a : b`` when they are strings: a literal and a string variable are different types to
fxc (issue 15, session 46, helper ACC).

d3dcompiler_47 10.1 (under Wine) answers ``string s4 = true ? "b" : s1;`` of a uniform ``string s1`` with X3020
"type mismatch between conditional values", both arm orders, in a global's initialiser (static or not, whatever the
condition) and in a function body (a local's initialiser, a bare statement), for a non-const local, a parameter, a
static global or a uniform one; a ``const`` string (a local, a static const global, a uniform const global) is of
the literal's kind (``true ? "b" : k`` compiles, ``string s4 = true ? "b" : cu;`` of a uniform const global is
X3011 as a uniform initialiser), and so is a cast (``(string)s1``). A nested ``?:`` has its arms' kind; two
variables or two literals are one type (``true ? s1 : s2`` is X3011 in a global's initialiser, compiles in a body).
The MicrosoftDocs pages on strings say nothing of it; the DLL's answers are the rule
(tests/test_rules_hlsl_dxc_s46.py).
"""

from __future__ import annotations

from collections.abc import Callable

from . import ast as A

LITERAL, VARIABLE, MISMATCH = "literal", "variable", "mismatch"


def string_kind(node: A.Node, ident_kind: Callable[[str], str | None]) -> str | None:
    """:data:`LITERAL` / :data:`VARIABLE` for a string arm, :data:`MISMATCH` for a ``?:`` whose arms are one of
    each (nested ones included), None where nothing is known (a number, a call, a cast). ``ident_kind(name)``:
    the kind of a named string, None for a name that is no string."""
    if isinstance(node, A.Literal) and node.base == "string":
        return LITERAL
    if isinstance(node, A.Ident):
        return ident_kind(node.name)
    if isinstance(node, A.Ternary):
        ka, kb = string_kind(node.a, ident_kind), string_kind(node.b, ident_kind)
        if MISMATCH in (ka, kb) or {ka, kb} == {LITERAL, VARIABLE}:
            return MISMATCH
        return ka if ka == kb else None
    return None


def declared_kind(mods: set[str] | frozenset[str] | list[str]) -> str:
    """A string variable's kind by its declaration's modifiers: a ``const`` one is of the literal's kind."""
    return LITERAL if "const" in mods else VARIABLE
