"""A local array read in its own initialiser (``float u[2] = { a.x, u[0] };``), as d3dcompiler_47 10.1 compiles it.

As in C, a local's scope begins at its declarator, so the initialiser reads the array itself. fxc reads the
initialiser whole before it stores an element (session 46, helper REFL, ~80 probe programs at ps_3_0 / ps_4_0 /
ps_4_0_level_9_1 / ps_5_0 / ps_5_1 / vs_5_0 / cs_5_0): what it reads of the array is undefined. An operation on such
an element is X4000 as for any undefined local (``{ 1, u[0] * 2 }; return u[1];``); an element the initialiser
copies from one is left unwritten, so that a later read of it is X4000 (``return u[1];``, ``u[(int)a.y]``, ``float
w[2] = u; return w[1];``) while the others read as written (``return u[0];`` compiles). At /Od fxc judges none of
it at shader model 4 and later (``{ 1, u[0] * 2 }`` compiles there).

The undefined elements are temps never written, listed in ``cg.uninit_locals`` under the array's own name and
position (uninit.check_uninitialized_reads judges operations on them; uninit.check_local_arrays finds the array by
that pair and judges reads of its unwritten elements)."""

from __future__ import annotations

from typing import Any

from . import ast as A
from .icb import indexable_slots
from .types import ArrayType
from .values import Val


def declare_self_initialised_array(cg: Any, d: A.VarDecl, t: ArrayType, scope: dict[str, Val]) -> Val:
    """Declare ``d`` (an array whose initialiser names it) in ``scope`` and store its initialiser, leaving the
    elements copied from its own undefined elements unwritten."""
    from ...headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION

    v = Val(t, indexable_slots(cg, t))
    undefined = Val(t, cg.alloc_slots(t.slots, var=True))
    if not cg.compile_flags & D3DCOMPILE_SKIP_OPTIMIZATION or cg.d3d9 or cg.level9:
        cg.uninit_locals.append((d.name, d.pos, list(undefined.slots)))
        cg.uninit_local_arrays.append((d.name, d.pos, sorted({s[1][0] for s in v.slots if s[0] == "x"})))
    scope[d.name] = undefined
    init = cg.init_value(d.init, t, d.pos)
    scope[d.name] = v
    own = set(undefined.slots)
    kept = [(dst, src) for dst, src in zip(v.slots, init.slots) if src not in own]
    if kept:
        cg.store([dst for dst, _ in kept], [src for _, src in kept])
    if "const" in d.mods:
        v.readonly = True
    return v
