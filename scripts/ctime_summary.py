#!/usr/bin/env python3
"""Summaries of scripts/llvm_time_plugin.py's files: test files by summed wall time (with their LLVM seconds), and,
given a build log, module builds by (kind, flags, caller) and the seconds spent building a text built before.

    python scripts/ctime_summary.py CTIME.tsv [--builds BUILDLOG.tsv] [--top 40]
"""

from __future__ import annotations

import argparse
import collections


def files(path: str, top: int) -> None:
    per: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0, 0])
    for line in open(path):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 3:
            continue
        row = per[parts[0].split("::")[0]]
        row[0] += float(parts[1])
        row[1] += float(parts[2])
        row[2] += 1
    print(f"{len(per)} files: wall {sum(r[0] for r in per.values()):.0f} s, LLVM {sum(r[1] for r in per.values()):.0f} s")
    for name, (wall, llvm, n) in sorted(per.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{wall:9.1f} {llvm:9.1f} {n:6d}  {name}")


def builds(path: str, top: int) -> None:
    rows = [line.rstrip("\n").split("\t") for line in open(path)]
    rows = [r for r in rows if len(r) >= 8]
    print(f"{len(rows)} builds, {sum(float(r[4]) for r in rows):.0f} s")
    per: dict[tuple, list[float]] = collections.defaultdict(lambda: [0.0, 0])
    for r in rows:
        key = (r[1], r[2].split(" disk")[0], r[5])
        per[key][0] += float(r[4])
        per[key][1] += 1
    for key, (sec, n) in sorted(per.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"{sec:9.1f} {n:6d}  {key}")
    seen: set[str] = set()
    again = 0.0
    for r in rows:
        if r[6] in seen:
            again += float(r[4])
        seen.add(r[6])
    print(f"seconds building a text built before: {again:.0f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ctime")
    ap.add_argument("--builds")
    ap.add_argument("--top", type=int, default=40)
    a = ap.parse_args()
    files(a.ctime, a.top)
    if a.builds:
        builds(a.builds, a.top)


if __name__ == "__main__":
    main()
