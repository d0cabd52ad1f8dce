"""Debug information for D3DCOMPILE_DEBUG (fxc /Zi): the line table and variable locations of the SPDB chunk
(shader/dxbc/pydb.py has the format).

Every instruction the code generator emits carries the (file, line) of the statement being compiled
(Codegen.stmt); passes that rebuild instructions may drop it, and the table then carries the previous
instruction's line forward. Local variables are recorded when declared, with the lines they are in scope for;
after register allocation each scalar component is located (r#, component) with the live interval of its virtual
temp — outside that interval the register may hold something else, and the debugger says "not available".
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..dxbc.pydb import DebugInfo
from . import ast as A
from .types import ArrayType, ObjectType, StructType


def last_line(nodes: list[Any]) -> int:
    """The last source line any node of ``nodes`` (recursively) is on: the end of a block's scope."""
    best = 0
    stack = list(nodes)
    while stack:
        n = stack.pop()
        if isinstance(n, A.Node):
            best = max(best, n.pos.line)
            for f in dataclasses.fields(n):
                v = getattr(n, f.name)
                if isinstance(v, (A.Node, list, tuple)):
                    stack.append(v)
        elif isinstance(n, (list, tuple)):
            stack.extend(n)
    return best


def members(t: Any, prefix: str = "") -> list[dict]:
    """The struct members of type ``t`` flattened to dotted names (arrays of structs as ``a[1].b``), each with
    its first scalar component (``offset``) and component count, in slot order; [] for non-struct types."""
    out: list[dict] = []
    if isinstance(t, StructType):
        off = 0
        for fname, ftype, _sem, _mods in t.fields:
            name = f"{prefix}.{fname}" if prefix else fname
            out.append({"name": name, "offset": off, "count": int(ftype.slots)})
            out += [{**m, "offset": m["offset"] + off} for m in members(ftype, name)]
            off += ftype.slots
    elif (isinstance(t, ArrayType) and isinstance(t.elem, (StructType, ArrayType))) or \
            (isinstance(t, ObjectType) and t.kind in ("InputPatch", "OutputPatch") and t.elem is not None):
        elem, count = (t.elem, t.count) if isinstance(t, ArrayType) else (t.elem, t.samples)
        size = elem.slots
        for i in range(count):
            name = f"{prefix}[{i}]"
            if not isinstance(elem, StructType):
                out.append({"name": name, "offset": i * size, "count": int(size)})
            out += [{**m, "offset": m["offset"] + i * size} for m in members(elem, name)]
    return out


def record_variable(cg: Any, decl: Any, val: Any, first: int | None = None, last: int | None = None) -> None:
    """Record a local variable (or, with ``first``/``last`` given, an entry-point parameter: in scope over
    the whole function) and the slots holding its components."""
    slots = list(getattr(val, "slots", []) or [])
    if not slots:
        return
    start = decl.pos.line if first is None else first
    end = last if last is not None else (cg.debug.scope_ends[-1] if cg.debug.scope_ends else decl.pos.line)
    entry = {"name": decl.name, "type": str(decl.type), "file": decl.pos.file, "first": start,
             "last": max(end, start), "slots": slots}
    parts = members(decl.type)
    if parts:
        entry["members"] = parts
    if first is not None:
        entry["parameter"] = True
    cg.debug.vars.append(entry)


def record_parameters(cg: Any, func: Any, scope: dict) -> None:
    """Record an entry function's parameters as variables in scope over its whole body (issue 18: entry-point
    parameters and their struct members are watchable); called once its parameters are bound."""
    if not cg.wants_debug_info or func.body is None:
        return
    end = last_line(func.body.stmts)
    for p in func.params:
        v = scope.get(p.name)
        if v is not None and getattr(v, "slots", None):
            record_variable(cg, p, v, func.pos.line, end)


#: input-register slot kinds the debugger reads from the invocation's input file (GS inputs, patches)
_INPUT_SLOTS = {"v", "vicp", "vocp"}


def build_table(cg: Any, ordered: list[Any], first_instruction: int, tmap: dict[int, int], alloc: dict,
                code: list[Any] | None = None, table: dict | None = None) -> dict:
    """The SPDB contents for the code as listed (``ordered``: the instructions in listing order, the first of
    them at program instruction ``first_instruction``; ``code``: the list the allocator's positions refer to,
    ``cg.code`` by default). Hull shaders call it once per phase, extending ``table``."""
    code = cg.code if code is None else code
    table = {"files": [], "lines": [], "variables": []} if table is None else table
    files: list[str] = table["files"]
    lines: list = table["lines"]
    lines.extend([None] * (first_instruction - len(lines)))
    prev = None
    for ins in ordered:
        loc = ins.loc or prev
        prev = loc
        if loc is None:
            lines.append(None)
            continue
        if loc[0] not in files:
            files.append(loc[0])
        lines.append((files.index(loc[0]), int(loc[1])))
    at = {id(ins): first_instruction + k for k, ins in enumerate(ordered)}
    position = {p: at.get(id(ins)) for p, ins in enumerate(code)}
    first, last, cmap = alloc.get("first", {}), alloc.get("last", {}), alloc.get("cmap", {})
    for v in cg.debug.vars:
        comps = []
        for s in v["slots"]:
            if isinstance(s, tuple) and len(s) == 4 and s[0] in _INPUT_SLOTS and s[1] and s[2] is None:
                # read-only input register: valid over the whole program, read from the invocation's inputs
                loc = {"input": [int(i) for i in s[1]], "comp": int(s[3])}
                if s[0] == "vocp":
                    loc["patch"] = "output"  # a patch-constant phase's output control point (vocp[k][r])
                comps.append(loc)
                continue
            t = s[1][0] if isinstance(s, tuple) and s and s[0] == "r" and s[1] else None
            if t is None or t not in tmap or t not in first:
                comps.append(None)
                continue
            lo, hi = position.get(first[t]), position.get(last[t])
            if lo is None or hi is None:
                comps.append(None)
                continue
            comps.append({"reg": int(tmap[t]), "comp": int(cmap.get(t, {}).get(s[3], s[3])), "live": [lo, hi]})
        entry = {k: v[k] for k in ("name", "type", "file", "first", "last", "members", "parameter") if k in v} | \
            {"components": comps}
        # a variable belongs to the phase (hull shaders) whose temps hold it; elsewhere it shows unlocated once
        old = next((x for x in table["variables"] if x["name"] == entry["name"] and x["first"] == entry["first"]
                    and x["file"] == entry["file"]), None)
        if old is None:
            table["variables"].append(entry)
        elif any(c is not None for c in comps):
            old["components"] = comps
    return table


def debug_info(cg: Any, source: str, file: str, sources: dict[str, str] | None = None) -> DebugInfo | None:
    """The SPDB contents: ``sources`` holds every file of the compile by the name the line table uses (the main
    file and each ``#include``d one, from the preprocessor)."""
    t = cg.debug.table
    if t is None:
        return None
    texts = {file: source, **(sources or {})}
    files = list(t["files"])
    for name in texts:  # every file of the compile, also those no instruction comes from
        if name not in files:
            files.append(name)
    return DebugInfo(files, texts, t["lines"], t["variables"])
