"""Redeclaration rules of HLSL scopes (HLSL reference, "Variable Syntax"/"Scope"; fxc's X3003 "redefinition
of 'name'"): a name may be declared once per scope. The global scope holds the global variables and the
members of every cbuffer/tbuffer (those are referenced without a prefix, so they share it); each ``{ }``
block and each statement body of ``if``/``for``/``while``/``do`` opens a scope of its own, where a name of an
enclosing scope may be declared again (it shadows the outer one); a ``switch`` body does not (its cases declare
in the enclosing scope: d3dcompiler_47 10.1 under Wine, session 36).

Left out on purpose: the variables a ``for`` initialiser declares — fxc puts them in the enclosing scope
but only warns (X3078) when one is declared again, a rule codegen already implements; a ``static`` local
repeated by macro-generated code is still a redefinition for fxc and is reported here as well."""

from __future__ import annotations

from . import ast as A
from .diagnostics import HlslError


def _redefinition(d: A.VarDecl) -> HlslError:
    return HlslError(d.pos.file, d.pos.line, d.pos.col, 3003, f"redefinition of '{d.name}'")


def _declare(scope: set[str], d: A.VarDecl) -> None:
    if d.name in scope or _FOR + d.name in scope:
        raise _redefinition(d)
    scope.add(d.name)


#: how a scope remembers a name a ``for`` initialiser declared in it: a later plain declaration of the name in that
#: scope is X3003 (d3dcompiler_47 10.1, session 35: ``for (int i = 0; …) …; float i = 5;``, also the second name of
#: ``for (int i = 0, j = 1; …)``), while another ``for`` declaring it again only warns (codegen's X3078)
_FOR = "for:"


def _stmt(s: A.Node | None, scope: set[str]) -> None:
    if s is None:
        return
    if isinstance(s, A.DeclStmt):
        for d in s.decls:
            _declare(scope, d)
    elif isinstance(s, A.Block):
        _body(s.stmts)
    elif isinstance(s, A.If):
        _part(s.then, scope)
        _part(s.other, scope)
    elif isinstance(s, A.For):
        if isinstance(s.init, A.DeclStmt):  # the initialiser's variables: see _FOR and the module docstring
            scope.update(_FOR + d.name for d in s.init.decls)
        _part(s.body, scope)
    elif isinstance(s, (A.While, A.DoWhile)):
        _part(s.body, scope)
    elif isinstance(s, A.Switch):
        for _labels, stmts in s.cases:  # no scope of its own: the cases declare in the enclosing one (fxc 10.1)
            for x in stmts:
                _stmt(x, scope)


def _part(s: A.Node | None, scope: set[str]) -> None:
    """A branch's or loop's body: an unbraced declaration there declares in the enclosing scope (fxc 10.1, session
    38: ``if (c) float a = 1; float a = 2;`` and ``if (c) float a = 1; else float a = 1;`` are X3003; read
    after the statement it is unbound but for a do loop fxc unrolls: unroll._hoist_do_declaration, _unbind)."""
    if isinstance(s, A.DeclStmt):
        _stmt(s, scope)
    else:
        _nested(s)


def _nested(s: A.Node | None) -> None:
    if s is not None:
        _stmt(s, set())


def _body(stmts: list[A.Node]) -> None:
    scope: set[str] = set()
    for s in stmts:
        _stmt(s, scope)


def check_declarations(prog: A.Program) -> None:
    """Raise X3003 on the first name declared twice in one scope (globals, cbuffer members, a function's
    parameters, locals)."""
    scope: set[str] = set()
    local: dict[int, list[A.TypeDecl]] = {}  # the classes declared in each function body (by its outermost function)
    for td in prog.local_types:
        outer = getattr(td, "enclosing", None)
        if outer:
            local.setdefault(id(outer[-1]), []).append(td)
    for d in prog.decls:
        if isinstance(d, A.VarDecl):
            _declare(scope, d)
        elif isinstance(d, A.CBufferDecl):
            for m in d.members:
                _declare(scope, m)
        elif isinstance(d, A.FuncDef) and d.body is not None:
            _parameters(d)
            _function_body(d)
            for td in local.get(id(d), ()):
                _methods(td)
        elif isinstance(d, A.TypeDecl):
            _methods(d)
    _prototype_returns(prog)


def _methods(td: A.TypeDecl) -> None:
    """A class's methods take a function's rules, called or not, the class global or declared in a function body:
    ``struct K { void m() { int d = 1; int d = 2; } };`` is X3003, a local named like a parameter X3036, a parameter
    named twice X3003 (d3dcompiler_47 10.1, session 48)."""
    methods = getattr(td.type, "methods", None) or {}
    for f in sorted((f for fs in methods.values() for f in fs if f.body is not None),
                    key=lambda f: (f.pos.line, f.pos.col)):
        _parameters(f)
        _function_body(f)


def _prototype_returns(prog: A.Program) -> None:
    """A function declared again with the same parameters must return the same type, as spelled: d3dcompiler_47
    10.1 (session 35) fails ``float f(float a);`` then ``int f(float a) { … }`` -- and ``half``, or a typedef ``F``
    of float, after ``float`` -- with X3068 "'f': function return value differs from prototype" (two bodies are
    the redefinition rule's, not this one); ``precise`` on one of them only is that error too, and ``static`` on
    one of them only is X3068 "'static' mismatch between declaration and definition". Declarations after the
    definition are not compared (session 36)."""
    from .overload import signature

    first: dict[tuple, A.FuncDef] = {}
    defined: set[tuple] = set()
    for d in prog.decls:
        if not isinstance(d, A.FuncDef):
            continue
        key = (d.name, signature(d))
        seen = first.setdefault(key, d)
        if key in defined:
            # declarations after the definition are not compared (``float f() { … }`` then ``int f();`` or
            # ``static float f();`` compiles: d3dcompiler_47 10.1 under Wine, session 36); two bodies are the
            # redefinition rule's
            continue
        if d.body is not None:
            defined.add(key)
        if seen is d:
            continue
        if _spelled(seen.ret) != _spelled(d.ret) or ("precise" in seen.mods) != ("precise" in d.mods):
            raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3068,
                            f"'{d.name}': function return value differs from prototype")
        if ("static" in seen.mods) != ("static" in d.mods):
            raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3068,
                            f"'{d.name}': 'static' mismatch between declaration and definition")


def _spelled(t: object) -> tuple:
    return str(t), getattr(t, "alias", None), getattr(t, "prec", None)


def _parameters(f: A.FuncDef) -> None:
    """Two parameters of one function with one name (``void main(in float4 a : A, out float4 a : B)``): the
    parameter list is a scope of its own, so the second is a redefinition (X3003; C's rule, which HLSL
    follows, and DXC's "redefinition of 'a'")."""
    seen: set[str] = set()
    for p in f.params:
        if p.name in seen:
            pos = p.name_pos or p.pos
            raise HlslError(pos.file, pos.line, pos.col, 3003, f"redefinition of '{p.name}'")
        seen.add(p.name)


def _function_body(f: A.FuncDef) -> None:
    """A function's outermost block: a local named like a parameter is fxc's X3036
    ERR_REDEFINITION_FORMAL_PARAMETER (MicrosoftDocs "HLSL errors and warnings": "redefinition of the
    specified formal parameter"; C and C++ put the parameters in the body's outermost scope alike), while a
    nested block may hide a parameter as it hides any outer name."""
    assert f.body is not None
    params = {p.name for p in f.params}
    scope: set[str] = set()
    for s in f.body.stmts:
        if isinstance(s, A.DeclStmt):
            for d in s.decls:
                if d.name in params:
                    raise HlslError(d.pos.file, d.pos.line, d.pos.col, 3036,
                                    f"'{d.name}': redefinition of formal parameter")
        _stmt(s, scope)
