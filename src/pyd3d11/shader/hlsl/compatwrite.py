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
    from .values import Val


def written_names(prog: A.Program) -> set[str]:
    """Names that an assignment, ``++`` or ``--`` in any function body writes (through members and indices)."""
    out: set[str] = set()
    for f in prog.decls:
        if isinstance(f, A.FuncDef) and f.body is not None:
            out |= _written_in(f)
    return out


def _written_in(node: A.Node, out_calls: frozenset[str] = frozenset()) -> set[str]:
    """Names ``node`` writes: assignment targets, ``++``/``--`` operands and, for a call of a function named in
    ``out_calls``, the names its arguments root in (one of its parameters is ``out``/``inout``)."""
    from .constprop import written_roots

    return written_roots(node, lambda n: list(n.args) if isinstance(n, A.Call) and n.name in out_calls else [])


def written_uniform_params(prog: A.Program, f: A.FuncDef) -> set[str]:
    """The entry point's ``uniform`` parameters its body writes (or passes to a function with an ``out``/``inout``
    parameter): fxc lets the body modify them, on its own copy of the "$Params" value (``float4 main(uniform
    float4 u) : POSITION { u.x = 2; return u; }`` compiles at vs_2_0 and vs_4_0, d3dcompiler_47 10.1 under Wine,
    session 36), unlike a uniform global (X3025 without /Gec)."""
    if f.body is None:
        return set()
    out_calls = frozenset(d.name for d in prog.decls if isinstance(d, A.FuncDef)
                          and any("out" in p.mods or "inout" in p.mods for p in d.params))
    uniform = {p.name for p in f.params if "uniform" in p.mods}
    return _written_in(f.body, out_calls) & uniform


def writable_copy(cg: CodegenContext, value: Val) -> Val:
    """A copy of ``value`` in storage the shader may write (an indexable temp for an array, temps otherwise)."""
    from .codegen import Val, indexable_slots

    t = value.type
    slots = indexable_slots(cg, t) if isinstance(t, ArrayType) else cg.alloc_slots(t.slots, var=True)
    cg.store(slots, list(value.slots))
    return Val(t, slots)


def shadow_written_uniforms(cg: CodegenContext) -> None:
    """Give every uniform global the shader writes a writable copy (a static initialised from the constant
    buffer at the start of the shader); its name then designates the copy."""
    from .codegen import CbVar, holds_objects

    for name in sorted(written_names(cg.prog)):
        g = cg.globals.get(name)
        if not isinstance(g, CbVar) or holds_objects(g.decl.type) or isinstance(g.decl.type, ObjectType):
            continue
        value = cg.lookup(name, g.decl.pos)  # the constant buffer's value (bools as ~0/0)
        # storage as a static's: arrays in an indexable temp (run-time indices), the rest in temps
        cg.globals[name] = ("staticval", writable_copy(cg, value))
