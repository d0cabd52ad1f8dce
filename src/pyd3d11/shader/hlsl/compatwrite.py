"""Writes to uniform globals under D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (fxc ``/Gec``).

A global variable outside ``static`` is a shader constant and read-only: writing it is fxc's X3025 "global
variables are implicitly constant, enable compatibility mode to allow modification" — the message names the
way out. In compatibility mode the shader may modify it: the write goes to the shader's own copy of the value,
initialised from the constant buffer when the shader starts (the D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
flag "directs the compiler to enable older shaders to compile to 5_0 targets"; shader model 3 and earlier had
writable uniform registers). The constant buffer keeps the variable (reflection unchanged); only the copy
changes. DXC keeps the rule (its ``/Gec`` global-var-write tests).

Only globals the program assigns, increments or decrements are copied (found in every function body before
code generation); a global passed to an ``out`` parameter stays X3025 (not detected here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .types import ArrayType, ObjectType

if TYPE_CHECKING:
    from .cgstate import CodegenContext


def _root_name(e: A.Node) -> str | None:
    while isinstance(e, (A.Index, A.Member)):
        e = e.a
    return e.name if isinstance(e, A.Ident) else None


def written_names(prog: A.Program) -> set[str]:
    """Names that an assignment, ``++`` or ``--`` in any function body writes (through members and indices)."""
    from .codegen import walk

    out: set[str] = set()
    for f in prog.decls:
        if not isinstance(f, A.FuncDef) or f.body is None:
            continue
        for node in walk(f):
            target = None
            if isinstance(node, A.Assign):
                target = node.target
            elif isinstance(node, (A.Unary, A.Postfix)) and node.op in ("++", "--"):
                target = node.a
            name = _root_name(target) if target is not None else None
            if name is not None:
                out.add(name)
    return out


def shadow_written_uniforms(cg: CodegenContext) -> None:
    """Give every uniform global the shader writes a writable copy (a static initialised from the constant
    buffer at the start of the shader); its name then designates the copy."""
    from .codegen import CbVar, Val, holds_objects, indexable_slots

    for name in sorted(written_names(cg.prog)):
        g = cg.globals.get(name)
        if not isinstance(g, CbVar) or holds_objects(g.decl.type) or isinstance(g.decl.type, ObjectType):
            continue
        t = g.decl.type
        value = cg.lookup(name, g.decl.pos)  # the constant buffer's value (bools as ~0/0)
        # storage as a static's: arrays in an indexable temp (run-time indices), the rest in temps
        slots = indexable_slots(cg, t) if isinstance(t, ArrayType) else cg.alloc_slots(t.slots, var=True)
        cg.store(slots, list(value.slots))
        cg.globals[name] = ("staticval", Val(t, slots))
