"""Debug information for D3DCOMPILE_DEBUG (fxc /Zi): the line table and variable locations of the PYDB chunk
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


def record_variable(cg: Any, decl: Any, val: Any) -> None:
    slots = list(getattr(val, "slots", []) or [])
    if not slots:
        return
    end = cg.debug.scope_ends[-1] if cg.debug.scope_ends else decl.pos.line
    cg.debug.vars.append({"name": decl.name, "type": str(decl.type), "file": decl.pos.file,
                          "first": decl.pos.line, "last": max(end, decl.pos.line), "slots": slots})


def build_table(cg: Any, ordered: list[Any], first_instruction: int, tmap: dict[int, int], alloc: dict,
                code: list[Any] | None = None, table: dict | None = None) -> dict:
    """The PYDB contents for the code as listed (``ordered``: the instructions in listing order, the first of
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
            t = s[1][0] if isinstance(s, tuple) and s and s[0] == "r" and s[1] else None
            if t is None or t not in tmap or t not in first:
                comps.append(None)
                continue
            lo, hi = position.get(first[t]), position.get(last[t])
            if lo is None or hi is None:
                comps.append(None)
                continue
            comps.append({"reg": int(tmap[t]), "comp": int(cmap.get(t, {}).get(s[3], s[3])), "live": [lo, hi]})
        entry = {k: v[k] for k in ("name", "type", "file", "first", "last")} | {"components": comps}
        # a variable belongs to the phase (hull shaders) whose temps hold it; elsewhere it shows unlocated once
        old = next((x for x in table["variables"] if x["name"] == entry["name"] and x["first"] == entry["first"]
                    and x["file"] == entry["file"]), None)
        if old is None:
            table["variables"].append(entry)
        elif any(c is not None for c in comps):
            old["components"] = comps
    return table


def debug_info(cg: Any, source: str, file: str) -> DebugInfo | None:
    t = cg.debug.table
    if t is None:
        return None
    return DebugInfo(t["files"], {file: source}, t["lines"], t["variables"])
