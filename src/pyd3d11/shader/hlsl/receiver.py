"""The object a struct method is called on (``s.incr()``, ``arr[1].incr()``, ``buf[i].incr()``, ``gs.incr()``).

A method reaches its instance's members as ``this``: what it writes changes the instance, wherever the instance
lives. Three kinds of receiver need care beyond an ordinary value:

- an element read with a literal index from an array whose elements are known constants (a zero-initialised
  ``static S arr[4]``, ``S f[2] = {1, 2}``): a read of such an element folds to immediates (constprop's
  ``known_elements``), which a method could not write (it raised X3025). The receiver is the element's storage,
  not the folded value;
- an element of a UAV (``RWStructuredBuffer<S>``) or groupshared memory: the method works on a private copy of
  the element, which is stored back when the method wrote it (it was lost before: a silent wrong answer);
- anything else (a local, a static, a cbuffer member, a function result) is the value itself, as before; a
  uniform one stays read-only (X3025 on a write).

DXC's CodeGenSPIRV fn.param.isomorphism.hlsl calls ``incr()`` on each kind (RW structured buffer element,
groupshared struct and array element, static struct and array element, local struct and array element)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ast as A
from .types import ObjectType

if TYPE_CHECKING:
    from .cgstate import CodegenContext
    from .codegen import Val


def receiver_raw(cg: CodegenContext, e: A.Node) -> Val:
    """``e`` evaluated as a method receiver: like ``exprs.expr_raw`` except that an element picked with a
    literal index keeps its storage (no known-constant substitution) and memory is not loaded yet."""
    from .exprs import expr_raw, index, member, static_member_key

    if isinstance(e, A.Index):
        return index(cg, receiver_raw(cg, e.a), e.index, e.pos)
    if isinstance(e, A.Member):
        base = receiver_raw(cg, e.a)
        key = static_member_key(cg, base.type, e.name)
        if key is not None:
            return expr_raw(cg, A.Ident(e.pos, key))
        return member(cg, base, e.name, e.pos)
    return expr_raw(cg, e)


def in_memory(v: Val) -> bool:
    """Whether ``v`` designates UAV/SRV or groupshared memory (not yet loaded)."""
    return isinstance(v.obj, tuple) and bool(v.obj) and v.obj[0] in ("mem", "tgsm") and \
        not isinstance(v.type, ObjectType)


def call_on_memory(cg: CodegenContext, raw: Val, name: str, args: list[A.Node], pos) -> Val:
    """``buf[i].Method(args)`` on a struct in memory: the method runs on a private copy of the element, and
    the copy is stored back when the method wrote any of its components."""
    from .classes import call_on_class
    from .codegen import Val
    from .memaccess import mem_load, mem_store

    loaded = mem_load(cg, raw)
    this = Val(loaded.type, cg.materialize_force(list(loaded.slots)))
    mark = len(cg.code)
    result = call_on_class(cg, this, name, args, pos)
    if _writes_any(cg.code[mark:], this.slots):
        mem_store(cg, raw, this, pos)
    return result


def _writes_any(code: list, slots: list) -> bool:
    """Whether an instruction of ``code`` writes (as a destination) one of the temp components ``slots``."""
    from .optimize import _shape, _writes_of

    want = {(s[1][0], s[3]) for s in slots if s[0] == "r"}
    return any(w in want for ins in code for w in _writes_of(ins, _shape(ins)))
