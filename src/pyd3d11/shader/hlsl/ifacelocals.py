"""Local variables of interface type (MicrosoftDocs direct3dhlsl "Interfaces and Classes": an interface
instance refers to a class instance chosen by the application at run time; SM5 dynamic linkage).

A local interface variable is a compile-time name for what it was last given: a global interface pointer
(or a constant element of a pointer array) -- calls through it then go through that pointer's function
tables (``fcall``, linkage.py) -- or a class instance, whose methods are then inlined. Nothing is stored
at run time: D3D11's interface slots belong to the global pointers, so a local can only stand for one of
them. A local given a pointer under run-time control flow (inside a non-constant ``if``, a ``[loop]``) would
need the pointer chosen at run time: not built (NotSupportedError names it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


def _records(cg: CodegenContext) -> dict:
    from . import linkage

    return linkage.state(cg).locals


def bind_value(cg: CodegenContext, node: A.Node, iface, pos) -> Val:
    """What an interface-typed variable takes from ``node``: a pointer of the same interface or a class
    instance implementing it; anything else cannot convert (X3017, fxc's conversion error; the exact
    wording for interfaces is inferred)."""
    from .classes import ClassType, InterfaceType, interface_arg

    v = interface_arg(cg, node)
    t = v.type
    if isinstance(t, InterfaceType) and t is iface or isinstance(t, ClassType) and t.implements(iface):
        return v
    raise cg.err(pos, f"cannot convert from '{t}' to '{iface}'", 3017)


def declare(cg: CodegenContext, d: A.VarDecl, scope: dict) -> Val:
    """``I l = g_i;`` / ``I l = g_classInstance;`` / ``I l;`` (unbound until assigned)."""
    from .codegen import Val
    from .objects import _depth

    v = bind_value(cg, d.init, d.type, d.pos) if d.init is not None else Val(d.type, [], None)
    scope[d.name] = v
    _records(cg)[(id(scope), d.name)] = (d.type, _depth(cg))
    return v


def assign(cg: CodegenContext, target: A.Node, value: A.Node, pos) -> Val | None:
    """``l = x`` for an interface local ``l``: it names ``x`` from here on. None when ``target`` is not an
    interface local."""
    from pyd3d11.errors import NotSupportedError

    from .objects import _depth

    if not isinstance(target, A.Ident):
        return None
    for sc in reversed(cg.scopes[1:]):
        if target.name in sc:
            rec = _records(cg).get((id(sc), target.name))
            if rec is None:
                return None
            iface, depth = rec
            if _depth(cg) != depth:
                raise NotSupportedError(f"interface local '{target.name}' assigned under run-time control flow "
                                        "(the pointer would be chosen at run time)")
            v = bind_value(cg, value, iface, pos)
            sc[target.name] = v
            return v
    return None


def check_bound(cg: CodegenContext, name: str, v: Val, pos) -> None:
    """A call through an interface local that was never given an instance: fxc's X4000 for a variable
    used before it is assigned (as for object locals, objects.py)."""
    from .classes import InterfaceType

    if isinstance(v.type, InterfaceType) and v.obj is None:
        raise cg.err(pos, f"'{name}': variable used without having been completely initialized", 4000)


def bind_return(cg: CodegenContext, ctx: dict, value: A.Node, pos) -> None:
    """``return x;`` in a function returning an interface: the call names ``x`` (a pointer or a class
    instance), as an interface local does. A return under run-time control flow (an ``if`` on a shader value,
    a loop, an early return's once-loop) would choose the pointer at run time: not built."""
    from pyd3d11.errors import NotSupportedError

    from .objects import _depth

    rec = ctx["result_iface"]
    if _depth(cg) != rec["depth"]:
        raise NotSupportedError("an interface returned under run-time control flow (the pointer would be chosen "
                                "at run time)")
    rec["val"] = bind_value(cg, value, ctx["ret"], pos)
