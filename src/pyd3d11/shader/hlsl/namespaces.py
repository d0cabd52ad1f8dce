"""C++-style namespaces, which d3dcompiler_47 10.1 compiles (session 41; DXC SemaHLSL's spec.hlsl,
global-overload-disallowed.hlsl and two more files declare them in programs fxc compiles). MicrosoftDocs says
nothing of them, so the DLL's answers are the rule:

* ``namespace N { ... }`` holds global declarations (functions, variables, cbuffers, objects, structs,
  typedefs, nested namespaces; a namespace may be opened again). Its declarations are named ``N::x`` (fxc's
  messages say ``'N::f': function must return a value``); a declaration elsewhere may define one by that
  name (``float N::f() { ... }`` after ``namespace N { float f(); }``).
* A name used inside a namespace is looked up from the innermost namespace outwards, then globally, among the
  names declared before it (``float f() { return g(); }`` before ``g`` is X3004); a local or parameter of the
  name hides them. ``::x`` is the global ``x``; outside a namespace only the qualified name finds its members
  (``f()`` for ``N::f`` is X3004, ``N.c`` X3005). A qualified name naming nothing (``dx::foo(v)``,
  ``HitObject::MakeNop()``) is X3004 "undeclared identifier 'dx::foo'".
* ``using namespace``, an unnamed namespace and a namespace inside a function are syntax errors (X3000); a
  namespace after a global of its name compiles, a global after a namespace of its name is X3003; an entry
  point declared in a namespace is no entry point (X3501 for ``main``).

How: the token stream's qualified names whose head names a namespace (``N :: M :: f``) become one identifier
``N::M::f`` before parsing (:func:`merge_qualified`), so declarations and uses carry the whole name; inside a
namespace the parser names its global declarations with the prefix (:func:`qualify`) and rewrites each plain
name it reads to the declaration it finds (:func:`resolve`); types are visible unqualified inside their
namespace through the parser's type table, restored when the namespace closes (:func:`parse_namespace`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .lexer import Token

if TYPE_CHECKING:
    from .parser import Parser


#: words an operand may follow (``return ::x;``): a ``::`` after them is the global scope's, not a member's
_BEFORE_OPERAND = frozenset({"return", "case", "else", "do"})


def merge_qualified(tokens: list[Token]) -> list[Token]:
    """``N :: f`` -> ``N::f`` where ``N`` (or a longer prefix) is a namespace the file declares, and a leading
    ``:: x`` -> ``::x`` (the global scope's ``x``). Other ``::`` (a struct's static members, ``Base::Method``)
    are left to the parser."""
    if not any(t.text == "namespace" or t.text == "::" for t in tokens):
        return tokens
    paths: set[str] = set()  # every namespace, by each suffix of its full name (``N::M``, ``M``)
    stack: list[tuple[str, int]] = []
    depth = 0
    for k, t in enumerate(tokens):
        if t.text == "{":
            depth += 1
            if k >= 2 and tokens[k - 2].text == "namespace" and tokens[k - 1].kind == "id":
                full = "::".join([s for s, _ in stack] + [tokens[k - 1].text])
                parts = full.split("::")
                paths.update("::".join(parts[i:]) for i in range(len(parts)))
                stack.append((tokens[k - 1].text, depth))
        elif t.text == "}":
            if stack and stack[-1][1] == depth:
                stack.pop()
            depth -= 1
    out: list[Token] = []
    types = _global_types(tokens)
    k = 0
    while k < len(tokens):
        t = tokens[k]
        lead = t.text == "::" and t.kind == "op" and k + 1 < len(tokens) and tokens[k + 1].kind == "id" and \
            not (out and (out[-1].kind == "id" and out[-1].text not in _BEFORE_OPERAND or
                          out[-1].text in (")", "]", ">")))
        if lead and tokens[k + 1].text in types and not (k + 2 < len(tokens) and tokens[k + 2].text == "::"):
            k += 1  # ``::T`` of a type is ``T`` (fxc 10.1, session 45: ``Texture2D<::c_outer_td>``, ``::S s;``)
            continue
        if lead or t.kind == "id" and t.text in paths:
            name, k = ("::" + tokens[k + 1].text, k + 2) if lead else (t.text, k + 1)
            while name.lstrip(":") in paths and k + 1 < len(tokens) and tokens[k].text == "::" and \
                    tokens[k + 1].kind == "id":
                name, k = f"{name}::{tokens[k + 1].text}", k + 2
            out.append(Token("id", name, t.pos))
            continue
        out.append(t)
        k += 1
    return out


def _global_types(tokens: list[Token]) -> set[str]:
    """The type names a leading ``::`` may qualify: the built-in types (``::float``) and the structs, classes,
    interfaces and typedefs the file declares outside any namespace (d3dcompiler_47 10.1, session 45 ACC: DXC
    cpp-errors' ``Texture2D<::c_outer_td>`` of a global typedef compiles, ``::foo v;`` of nothing is X3000)."""
    from .types import OBJECT_KINDS, numeric_from_name

    out: set[str] = set()
    depth, in_ns = 0, []
    for k, t in enumerate(tokens):
        if t.text == "{":
            depth += 1
            in_ns.append(k >= 2 and tokens[k - 2].text == "namespace")
        elif t.text == "}" and in_ns:
            depth -= 1
            in_ns.pop()
        if any(in_ns) or t.kind != "id":
            continue
        if t.text in ("struct", "class", "interface") and k + 1 < len(tokens) and tokens[k + 1].kind == "id":
            out.add(tokens[k + 1].text)
        elif t.text == "typedef":
            j = k + 1
            while j < len(tokens) and tokens[j].text not in (";", "["):
                j += 1
            if tokens[j - 1].kind == "id":
                out.add(tokens[j - 1].text)
        elif numeric_from_name(t.text) is not None or t.text in OBJECT_KINDS:
            out.add(t.text)
    return out


def qualify(p: Parser, tok: Token) -> Token:
    """A global declaration's name inside a namespace: ``f`` in ``namespace N`` is ``N::f``."""
    if not p.ns_path or "::" in tok.text:
        return tok
    return Token(tok.kind, "::".join(p.ns_path) + "::" + tok.text, tok.pos)


def resolve(p: Parser, name: str) -> str:
    """The declaration a name used here means: ``::x`` is the global ``x``; inside namespace ``N::M`` a plain
    (or partly qualified) ``x`` is ``N::M::x``, ``N::x`` or ``x``, the first declared so far, unless a local or
    parameter of the function being read is named ``x``."""
    if name.startswith("::"):
        return name[2:]
    if not p.ns_path or name in p.ns_locals:
        return name
    for k in range(len(p.ns_path), 0, -1):
        cand = "::".join(p.ns_path[:k]) + "::" + name
        if cand in p.global_kinds:
            return cand
    return name


def resolved(p: Parser, node: A.Ident | A.Call, written: str) -> A.Ident | A.Call:
    """``node``, noted where resolve() named it by a namespace's member (see members_first)."""
    if node.name != written:
        p.ns_resolved.append((node, written))
    return node


def members_first(p: Parser, ct: object, mark: int) -> None:
    """In a class's methods a member hides a namespace's name, also one declared after the method (d3dcompiler_47
    10.1: ``struct S { float get() { return a; } float a; }`` in a namespace with an ``a`` reads the member):
    the uses noted since ``mark`` that name a member or method of the class keep their written name."""
    for node, written in p.ns_resolved[mark:]:
        c = ct
        while c is not None:
            if any(f[0] == written for f in c.fields) or c.find_methods(written) is not None:
                node.name = written
                break
            c = getattr(c, "base", None)
    del p.ns_resolved[mark:]


def parse_namespace(p: Parser) -> list[A.Node]:
    """``namespace N { declarations }`` at the global scope (or in another namespace): its declarations, named
    ``N::x``. The type names it declares are also visible unqualified until it closes."""
    p.expect("namespace")
    name_tok = p.tok
    if name_tok.kind != "id" or "::" in name_tok.text:
        raise p.error()  # ``namespace { }`` (fxc's X3000 at the brace), ``using namespace N``: syntax errors
    p.next()
    full = "::".join([*p.ns_path, name_tok.text])
    # a namespace after a global of its name compiles (d3dcompiler_47 10.1); a later global of its name is X3003
    # (declare_global)
    p.global_kinds.setdefault(full, "namespace")
    p.expect("{")
    outer_types = dict(p.types)
    p.ns_path.append(name_tok.text)
    decls: list[A.Node] = []
    try:
        _alias_types(p, full)  # a namespace opened again sees the types declared in it before
        while not p.accept("}"):
            if p.tok.kind == "eof":
                raise p.error()
            if p.accept(";"):
                continue
            p.ns_locals = set()
            got = p.parse_toplevel()
            decls.extend(p.pending_globals)
            p.pending_globals.clear()
            decls.extend(got)
            _alias_types(p, full)
    finally:
        p.ns_path.pop()
        inner = p.types
        p.types = outer_types
        for key, t in inner.items():
            if key.startswith(full + "::"):
                p.types[key] = t  # the qualified name stays (an outer namespace's loop adds ``M::S``)
    return decls


def _alias_types(p: Parser, full: str) -> None:
    """Inside namespace ``full`` its types are named relative to it too (``S`` and ``M::S`` for ``N::M::S``
    in ``N``), hiding outer types of those names."""
    prefix = full + "::"
    for key, t in list(p.types.items()):
        if key.startswith(prefix):
            p.types[key[len(prefix):]] = t
