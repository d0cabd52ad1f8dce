#!/usr/bin/env python3
"""Back-to-back throughput comparison of source trees on the bench scenes (best of N, alternating).

Each round runs every bench once per source tree (PYTHONPATH=<tree>), alternating trees so that load
from other processes on a shared machine hits both alike; the table keeps each scene's best throughput.

Usage: python bench/compare.py [--rounds 3] [--scenes S4a,S4b,S3,S1z,S2,S5] [--label A=/path/src ...]
       [--cpu-time]
Without --label it measures only this checkout's src/.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GRAPHICS = ("S1", "S1z", "S2", "S3", "S5")


def _run(script: str, args: list[str], src: str) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run([sys.executable, str(HERE / script), *args], env=env, capture_output=True, text=True,
                         check=False)
    rows = []
    for line in out.stdout.splitlines():
        line = line.strip()
        if line.startswith("{"):
            rows.append(json.loads(line))
    if out.returncode:
        print(out.stderr[-2000:], file=sys.stderr)
    return rows


def _throughput(row: dict) -> tuple[float, str, str]:
    """(throughput, unit, the bench's own output check as text: equal texts = same rendered result)."""
    check = json.dumps(row.get("check_mean_rgba") or row.get("check_rgba") or row.get("check"), sort_keys=True)
    if "throughput" in row:
        return float(row["throughput"]), row.get("unit", ""), check
    return float(row["mpixels_per_s"]), "Mpixels/s", check


def measure(src: str, scenes: list[str], extra: list[str]) -> dict[str, tuple[float, str, str]]:
    got: dict[str, tuple[float, str, str]] = {}
    if {"S4a", "S4b"} & set(scenes):
        for r in _run("bench_compute.py", ["--runs", "1", *extra], src):
            got[r["scene"]] = _throughput(r)
    gfx = [s for s in scenes if s in GRAPHICS]
    if gfx:
        for r in _run("bench_graphics.py", ["--scenes", ",".join(gfx), "--runs", "1", "--warmup", "0", *extra], src):
            got[r["scene"]] = _throughput(r)
    if "S3-sampler" in scenes:
        for r in _run("bench_sampler.py", ["--runs", "1", *extra], src):
            got["S3-sampler"] = _throughput(r)
    return got


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--scenes", default="S4a,S4b,S3-sampler,S3,S1z,S2,S5")
    ap.add_argument("--label", action="append", default=[], help="NAME=/path/to/src (repeatable)")
    ap.add_argument("--cpu-time", action="store_true", help="benches time frames in process CPU time")
    args = ap.parse_args()
    extra = ["--cpu-time"] if args.cpu_time else []
    trees = [tuple(x.split("=", 1)) for x in args.label] or [("this", str(HERE.parent / "src"))]
    scenes = args.scenes.split(",")
    best: dict[str, dict[str, tuple[float, str, str]]] = {name: {} for name, _ in trees}
    for k in range(args.rounds):
        for name, src in trees:
            for scene, row in measure(src, scenes, extra).items():
                if scene not in best[name] or row[0] > best[name][scene][0]:
                    best[name][scene] = row
            print(f"round {k + 1} {name}: " + ", ".join(f"{s} {r[0]:g}" for s, r in best[name].items()),
                  file=sys.stderr)
    names = [n for n, _ in trees]
    print("| scene | unit | " + " | ".join(names) + (" | ratio | same check |" if len(names) == 2 else " |"))
    print("|---" * (2 + len(names) + 2 * (len(names) == 2)) + "|")
    for s in scenes:
        vals = [best[n].get(s) for n in names]
        unit = next((v[1] for v in vals if v), "")
        cells = [f"{v[0]:g}" if v else "-" for v in vals]
        ratio = ""
        if len(names) == 2 and all(vals) and vals[0][0] > 0:
            ratio = f" | {vals[1][0] / vals[0][0]:.2f}x | {'yes' if vals[0][2] == vals[1][2] else 'NO'}"
        print(f"| {s} | {unit} | " + " | ".join(cells) + ratio + " |")


if __name__ == "__main__":
    main()
