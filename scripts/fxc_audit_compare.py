"""Compile the compiles scripts/fxc_audit_plugin.py recorded with the real fxc and list the disagreements.

    PYD3D11_D3DCOMPILER_DLL=.../d3dcompiler_47.dll python scripts/fxc_audit_compare.py RECORD_DIR OUT.json

Unique (source, target, entry, flags, defines) calls are compiled once with d3dcompiler_47.dll under Wine
(``pyd3d11.tools.wine_d3dcompiler``; answers cached in OUT.json's folder as fxc_cache.json); effect compiles,
nested calls and sources that #include a file are left out. Each row is classed ``agree``, ``verdict:we-accept``
(fxc fails what this compiler compiled), ``verdict:we-reject``, ``number`` (both fail, this compiler's number is
not among fxc's errors) or ``ours-exc`` (this compiler raised something other than a compile error); OUT.json holds
every row with the test that made it and fxc's messages. Session 35 (helper AUDIT, docs/conformance.md).
"""

from __future__ import annotations

import collections
import glob
import hashlib
import json
import os
import re
import sys

from pyd3d11.tools.wine_d3dcompiler import WineD3DCompiler


def _key(r: dict) -> str:
    return hashlib.sha1(json.dumps([r["src"], r["target"], r["entry"], r["flags"],
                                    sorted(r["defines"].items())]).encode()).hexdigest()


def _records(folder: str) -> dict[str, dict]:
    unique: dict[str, dict] = {}
    for path in glob.glob(os.path.join(folder, "*.jsonl")):
        with open(path) as fh:
            for line in fh:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if r["depth"] != 1 or r["hook"] or r["ft"] or r["pre"] or (r["inc"] and "#include" in r["src"]):
                    continue
                unique.setdefault(_key(r), {**r, "nodes": []})["nodes"].append(r["node"] or "")
    return unique


def _category(r: dict, hr: int, messages: str) -> str:
    fxc_ok = hr < 0x80000000
    if r["ok"] is None:
        return "ours-exc"
    if r["ok"] != fxc_ok:
        return "verdict:we-reject" if fxc_ok else "verdict:we-accept"
    if not fxc_ok and str(r["code"]) not in re.findall(r"error X(\d+)", messages):
        return "number"
    return "agree"


def main(folder: str, out: str) -> None:
    cache_path = os.path.join(os.path.dirname(os.path.abspath(out)), "fxc_cache.json")
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    unique = _records(folder)
    real = None
    for k, r in unique.items():
        if k in cache:
            continue
        real = real or WineD3DCompiler()
        res = real.compile(r["src"], r["target"], r["entry"], flags1=r["flags"], defines=r["defines"] or None,
                           name=r["file"] or None)
        cache[k] = {"hr": res.hr, "msg": res.messages}
    with open(cache_path, "w") as fh:
        json.dump(cache, fh)
    rows = [{"cat": _category(r, cache[k]["hr"], cache[k]["msg"]), "nodes": sorted(set(r["nodes"])), "src": r["src"],
             "target": r["target"], "entry": r["entry"], "flags": r["flags"], "defines": r["defines"],
             "ours": r.get("code") if r["ok"] is False else ("ok" if r["ok"] else r.get("exc")),
             "fxc_hr": cache[k]["hr"], "fxc": cache[k]["msg"][:600]} for k, r in unique.items()]
    with open(out, "w") as fh:
        json.dump(rows, fh, indent=1)
    print(dict(collections.Counter(x["cat"] for x in rows)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
