"""Resources fxc would not bind: referenced by name in reachable code, yet read by no instruction of the final
program (the reference was in dead code: an unused local, the untaken side of a constant ``?:``, an object
copied into a struct and never read back).

fxc allocates t#/s#/u# after optimisation, so such a resource takes no register and is neither declared nor
reflected. Registers are assigned here before code generation (by name), so the compiler generates once,
finds the resources the finished listing never touches, and generates again with those left out."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cgstate import CodegenContext

_OPERAND = re.compile(r"(?<![\w$.])([tsu])(\d+)\b")
#: an element of a one-dimensional object array declared at global scope (``tex[3]``), not a struct's leaf
_ARRAY_ELEMENT = re.compile(r"\$?\w+\[\d+\]")  # ``$t[1]``: a uniform entry parameter's (objects.py)


def referenced_registers(listing: str) -> set[tuple[str, int]]:
    """(file, index) of every t#/s#/u# operand of the listing's instructions (declarations excluded)."""
    out: set[tuple[str, int]] = set()
    for line in listing.splitlines():
        if line.startswith(("dcl_", "vs_", "ps_", "gs_", "hs_", "ds_", "cs_")):
            continue
        out.update((f, int(n)) for f, n in _OPERAND.findall(line.split("//", 1)[0]))
    return out


def _group(name: str) -> str:
    """Elements of one resource array (``tex[1]``) and leaves of one struct share an allocation block."""
    return name.split("[", 1)[0]


def dead_resources(cg: CodegenContext, listing: str) -> frozenset[str]:
    """Names of the resources that were allocated as used but that no instruction of ``listing`` reads.
    An array counts as read when any of its elements is (it is one contiguous allocation); of a sampler
    array only the elements up to the last one read count."""
    from .codegen import Resource

    refs = referenced_registers(listing)
    # a class instance's objects are read through this[] (t[r.x + k]): no listing names their registers
    pinned = cg.linkage.instance_objects if cg.linkage is not None else set()
    # nor do the arrays a 5.1 program indexes at run time (t[r.x + k]): all their elements stay
    dynamic = cg.dynamic_resarrays
    res = [r for r in cg.resources if isinstance(r, Resource) and r.legacy_sampler is None and
           r.name not in pinned and _group(r.name) not in dynamic]
    live_groups = {_group(r.name) for r in res if (r.file, r.reg) in refs}
    dead = {r.name for r in res if r.used and r.reg >= 0 and (r.file, r.reg) not in refs and
            _group(r.name) not in live_groups}
    # an object array keeps only the elements read: fxc 10.1 declares and binds no other element (``t[2]`` of
    # ``Texture2D t[4]`` alone is declared, t2, and reflected as ``t[2]`` at shader model 5.0; below 5.0 the one
    # binding ``t`` counts the elements up to the last one read: reflect.py). A sampler array reserves s#
    # registers only up to its last element read; a texture or UAV array's whole range stays reserved
    # (objects.allocate_registers). Recorded under Wine, session 35: tests/test_rules_hlsl_fxc_layout_bindings.py
    # (below shader model 5.1, where each element is a binding of its own; a 5.1 range keeps its declared count)
    # At 5.1 a declared sampler array is one range of its whole length, as a texture array is (fxc 10.1 under Wine,
    # session 40: ``sampler s[3]`` read at s[1] binds s0-s2, count 3); a struct member's keeps the 5.0 rule
    # (sm51._check_array_tails judges its tail)
    per_element = (cg.major, cg.minor) < (5, 1)
    for r in res:
        plain = _ARRAY_ELEMENT.fullmatch(r.name) is not None
        if (r.file == "s" and "[" in r.name and (per_element or not plain) or per_element and plain) and r.used and \
                r.reg >= 0 and (r.file, r.reg) not in refs:
            dead.add(r.name)
    return frozenset(dead | late_arrays(cg, refs) | dead_buffers(cg, refs))


#: the mark, among the dead names, of a constant or texture buffer no instruction reads (no resource is named so)
BUFFER = "\0cb:"


def dead_buffers(cg: CodegenContext, refs: set[tuple[str, int]]) -> set[str]:
    """``BUFFER`` + the name of each bound constant buffer (a ``cbuffer``, $Globals, $Params, a
    ``ConstantBuffer<S>``) none of whose bytes the final code reads, and of each ``tbuffer`` whose t# no
    instruction loads: fxc binds buffers after dead-code removal too, so such a buffer is neither declared nor
    reflected and takes no register (d3dcompiler_47 10.1 under Wine, session 42: ``float q = k.x; return 0;``
    binds nothing, a value read only in a loop body or a branch arm and dropped likewise, at every 4.0+ target,
    /Od included; a later automatic buffer moves down into the freed b#). An explicit register(b#) below 5.1
    stays reserved (cg_resources.assign_bindings). An array of ConstantBuffer<S> is dead only when no element is
    read (its range is reserved whole). Not judged where class instances reach buffers through ``this``, nor at
    the Direct3D 9 targets (their constant table is another model)."""
    from .layout import cb_reads, has_class_instance

    if cg.d3d9 is not None:
        return set()
    reads = cb_reads(cg)
    if reads.through_this:
        return set()
    live: dict[str, bool] = {}
    for cb in cg.cbufs:
        if not cb.used or cb.slot < 0:
            continue
        read = ("t", cb.slot) in refs if cb.kind == "tbuffer" else cb.slot in reads.words or \
            any(has_class_instance(v.decl.type) for v in cb.vars)
        group = getattr(cb, "array_name", None) or cb.name
        live[group] = live.get(group, False) or read
    return {BUFFER + cb.name for cb in cg.cbufs if cb.used and cb.slot >= 0 and
            not live.get(getattr(cb, "array_name", None) or cb.name, True)}


#: the mark, among the dead names, of a 5.1 array first read past its element 0 (no resource is named so)
LATE = "\0late:"


def late_arrays(cg: CodegenContext, refs: set[tuple[str, int]]) -> set[str]:
    """At shader model 5.1, ``LATE`` + the name of each declared object array whose lowest element read by the
    program is not its first: fxc places such an array after the others of its register set
    (objects.allocate_registers). A run-time index reads from element 0 on (fxc's own bound of the index, as in
    ``a[min(i, 2) + 1]``, is not modelled). The marks travel with the dead names from the first generation's
    listing to the next (compiler.py generates again when either is found)."""
    if (cg.major, cg.minor) < (5, 1) or cg.d3d9 is not None:
        return set()
    out = set()
    for name, g in cg.globals.items():
        if not (isinstance(g, tuple) and g[:1] == ("resarray",) and g[3:] == ()) or name in cg.dynamic_resarrays:
            continue
        read = [i for i, r in enumerate(g[1]) if r.reg >= 0 and (r.file, r.reg) in refs]
        if read and read[0] > 0:
            out.add(LATE + name)
    return out


def drop_dead(cg: CodegenContext) -> None:
    """Before allocation: resources found dead by a previous generation take no register."""
    dead = cg.dead_resources
    for r in cg.resources:
        if r.name in dead:
            r.used = False
    for cb in cg.cbufs:
        if BUFFER + cb.name in dead:
            cb.used = False
