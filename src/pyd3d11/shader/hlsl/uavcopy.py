"""Writes of uniform globals that hold a writable-index UAV: the shader's own copy of the global.

A global outside ``static`` is a shader constant: writing it is X3025 "global variables are implicitly constant"
(compatwrite.py gives the /Gec way out). fxc 10.1 makes one exception (session 47-49 probes in d3dcompiler_47 under
Wine, listings compared): a global that is, or holds at any depth, a UAV with a writable operator[] -- RWBuffer,
RWTexture*, RWStructuredBuffer (:data:`assign._WRITABLE_UNIFORM_KINDS`), alone, in an array or in a struct, in a
cbuffer too -- may be written as a whole: ``u = q`` (the later ``u[0] = 1`` stores into ``q``'s register),
``u[1] = q`` of an array, ``bar = bar2``, ``bar.u = q``, ``bar.a = 1`` (a later ``bar.a`` reads 1), ``u++``
(compiles to nothing), an ``out`` argument. The write goes to a copy the shader starts with: the numbers read
from the constant buffer, the object members bound as the global's. So each such global the program writes gets
that copy here, as a static local would (scopes[0]: objects.new_local's binding table and temps), and its name
designates the copy everywhere; a store through the UAV's own operator[] (``bar.u[0] = 1``) writes no part of the
global (assign._object_member_store_base) and asks for no copy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .types import ArrayType, ObjectType, StructType, Type

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def holds_writable_uav(t: Type) -> bool:
    """``t`` is, or holds at any depth (arrays, struct members), a UAV fxc lets code rebind."""
    from .assign import _WRITABLE_UNIFORM_KINDS

    if isinstance(t, ObjectType):
        return t.kind in _WRITABLE_UNIFORM_KINDS
    if isinstance(t, ArrayType):
        return holds_writable_uav(t.elem)
    if isinstance(t, StructType):
        return any(holds_writable_uav(f[1]) for f in t.fields)
    return False


def _writes_global(t: Type, target: A.Node) -> bool:
    """Whether writing ``target`` (a chain of members and indices down to a name of type ``t``) writes part of the
    variable -- not a store through an object's own operator[] (``bar.u[0] = v``, ``u[1][0] = v``)."""
    chain = []
    while isinstance(target, (A.Member, A.Index)):
        chain.append(target)
        target = target.a
    for node in reversed(chain):
        if isinstance(t, ObjectType):
            return False  # a subscript or method of the object: the resource is written, not the variable
        if isinstance(node, A.Index) and isinstance(t, ArrayType):
            t = t.elem
        elif isinstance(node, A.Member) and isinstance(t, StructType):
            t = next((f[1] for f in t.fields if f[0] == node.name), None)
            if t is None:
                return False  # no such member: the expression's own error
        else:
            return True  # a component, a swizzle or a row of numbers
    return True


def _write_targets(prog: A.Program) -> list[A.Node]:
    """Every expression the program's functions write: assignment targets, ``++`` / ``--`` operands, arguments a
    user function takes ``out`` / ``inout`` in some overload, and the arguments of the out-parameter intrinsics."""
    from .codegen import walk
    from .constprop import _OUT_INTRINSICS

    outs: dict[str, set[int]] = {}
    for f in prog.decls:
        if isinstance(f, A.FuncDef):
            outs.setdefault(f.name, set()).update(i for i, p in enumerate(f.params) if p.mods & {"out", "inout"})
    found: list[A.Node] = []
    for f in prog.decls:
        if not isinstance(f, A.FuncDef) or f.body is None:
            continue
        for n in walk(f.body):
            if isinstance(n, A.Assign):
                found.append(n.target)
            elif isinstance(n, (A.Unary, A.Postfix)) and n.op in ("++", "--"):
                found.append(n.a)
            elif isinstance(n, (A.Call, A.MethodCall)) and n.name in _OUT_INTRINSICS:
                found.extend(n.args)
            elif isinstance(n, A.Call) and outs.get(n.name):
                found.extend(a for i, a in enumerate(n.args) if i in outs[n.name])
    return found


def written_uav_holders(cg: CodegenContext) -> list[A.VarDecl]:
    """The uniform globals holding a writable UAV (:func:`holds_writable_uav`) that some write of the program
    (:func:`_write_targets`) writes as a variable, in declaration order."""
    from .constprop import root_name
    from .layout import global_var_decls

    decls = {d.name: d for d in global_var_decls(cg.prog)
             if not d.mods & {"static", "const"} and holds_writable_uav(d.type)}
    if not decls:
        return []
    names = {r for t in _write_targets(cg.prog) if (r := root_name(t)) in decls and _writes_global(decls[r].type, t)}
    return [d for d in decls.values() if d.name in names]


def shadow_uav_holders(cg: CodegenContext) -> None:
    """Give each global of :func:`written_uav_holders` the shader's copy: object-bearing storage in scopes[0]
    (where the static globals live), filled from the global's value when the shader starts."""
    from . import objects

    for d in written_uav_holders(cg):
        value = cg.lookup(d.name, d.pos)
        copy = objects.new_local(cg, d.type)
        objects.store(cg, copy, value, d.pos)
        cg.scopes[0][d.name] = copy

