#!/usr/bin/env python3
"""pyd3d11's fast path at 1, 2, 4, … worker threads on the bench scenes, beside llvmpipe's figures (issue 12).

Each thread count runs bench_graphics.py / bench_compute.py in a fresh process with ``PYD3D11_THREADS=N`` (the
native worker pool, src/pyd3d11/shader/native/pool.py) and keeps the best of ``--rounds`` rounds. llvmpipe's
throughput at the same thread counts on the 16-core host of the H200 machine is in
../shared/bench/peer-results.md ("llvmpipe thread scaling on the 16-core GPU host"); the table prints it beside
pyd3d11's and the ratio when ``--peer-table host16`` (the default on a machine with at least 16 CPUs). On this
2-core machine, bench/vs_llvmpipe.py measures llvmpipe itself in the same run (``--lp-threads``).

``--variant NAME:KEY=VALUE,...`` (repeatable) measures several settings of environment switches alternately in
every round (a row per scene and variant; ``--variant base:`` sets nothing), e.g. the parallel front end of a large
draw with its one tile pass, and with session 18's chunk-by-chunk launches:
``--variant off: --variant one-pass:PYD3D11_PARALLEL_FRONT_END=1
--variant by-chunk:PYD3D11_PARALLEL_FRONT_END=1,PYD3D11_ONE_TILE_PASS=0``.

Usage: python bench/thread_scaling.py [--threads 1,2,4,8,16] [--scenes S1z,S2,S3,S5,S4a,S4b] [--rounds 1]
    [--variant NAME:KEY=VALUE,...]...
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from vs_llvmpipe import run_pyd3d11  # noqa: E402  (the same per-scene runner, one process per bench script)

#: llvmpipe on the 16-core host (peer-results.md, 2026-12-01): scene -> {threads: throughput}
LLVMPIPE_HOST16 = {
    "S1z": {1: 104, 2: 179, 4: 343, 8: 645, 16: 1261},
    "S2": {1: 1.09, 2: 1.79, 4: 2.85, 8: 3.92, 16: 5.99},
    "S3": {1: 19.3, 2: 34.2, 4: 71.9, 8: 128, 16: 250},
    "S4a": {1: 1.81, 2: 3.09, 4: 4.46, 8: 8.14, 16: 12.6},
    "S4b": {1: 0.254, 2: 0.344, 4: 0.651, 8: 1.19, 16: 2.07},
    "S5": {1: 208, 2: 368, 4: 791, 8: 1368, 16: 2788},
}


def measure(threads: int, scenes: list[str], runs: int, src: str, env: dict | None = None) -> dict[str, dict]:
    """One round of vs_llvmpipe's pyd3d11 runner with ``PYD3D11_THREADS=threads`` and the variables ``env``."""
    settings = {"PYD3D11_THREADS": str(threads), **(env or {})}
    old = {k: os.environ.get(k) for k in settings}
    os.environ.update(settings)
    try:
        return run_pyd3d11(src, scenes, runs, 2)  # peer_bench.py's protocol: 2 warm-up frames, median of 5
    finally:
        for k, v in old.items():
            if v is None:
                del os.environ[k]
            else:
                os.environ[k] = v


def parse_variant(text: str) -> tuple[str, dict]:
    """``NAME:KEY=VALUE,KEY=VALUE`` -> (NAME, {KEY: VALUE}); ``NAME:`` sets nothing."""
    name, _, rest = text.partition(":")
    env = {}
    for item in filter(None, rest.split(",")):
        k, eq, v = item.partition("=")
        if not eq:
            raise SystemExit(f"--variant {text!r}: {item!r} is not KEY=VALUE")
        env[k.strip()] = v.strip()
    return name, env


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--threads", default="1,2,4,8,16")
    ap.add_argument("--scenes", default="S1z,S2,S3,S5,S4a,S4b")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--pyd3d11-src", default=str(HERE.parent / "src"))
    ap.add_argument("--peer-table", choices=("host16", "none"),
                    default="host16" if (os.cpu_count() or 1) >= 16 else "none")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME:KEY=VALUE,... environment settings measured alternately (repeatable)")
    a = ap.parse_args()
    counts = [int(t) for t in a.threads.split(",")]
    variants = [parse_variant(v) for v in a.variant] or [("", {})]
    # (a row per scene and variant: the table's scene column names both)
    scenes = [s if not name else f"{s} [{name}]" for s in a.scenes.split(",") for name, _ in variants]
    best: dict[int, dict[str, dict]] = {t: {} for t in counts}
    for _ in range(a.rounds):
        for t in counts:
            for name, env in variants:
                for s, r in measure(t, a.scenes.split(","), a.runs, a.pyd3d11_src, env).items():
                    row = s if not name else f"{s} [{name}]"
                    if row not in best[t] or r["throughput"] > best[t][row]["throughput"]:
                        best[t][row] = r
            print(f"{t} threads: " + ", ".join(f"{s} {best[t][s]['throughput']:g}" for s in scenes if s in best[t]),
                  file=sys.stderr, flush=True)
    peer = LLVMPIPE_HOST16 if a.peer_table == "host16" else {}
    head = "| scene | unit | " + " | ".join(f"{t} thr" for t in counts) + f" | {counts[-1]}/{counts[0]} |"
    if peer:
        head += " " + " | ".join(f"llvmpipe {t}" for t in counts) + " | " + " | ".join(f"ratio {t}" for t in counts) + " |"
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for s in scenes:
        vals = [best[t].get(s, {}).get("throughput") for t in counts]
        unit = next((best[t][s]["unit"] for t in counts if s in best[t]), "")
        up = f"{vals[-1] / vals[0]:.2f}x" if vals[0] and vals[-1] else "-"
        line = f"| {s} | {unit} | " + " | ".join("-" if v is None else f"{v:g}" for v in vals) + f" | {up} |"
        if peer:
            lp = [peer.get(s.split(" [")[0], {}).get(t) for t in counts]
            line += " " + " | ".join("-" if v is None else f"{v:g}" for v in lp) + " | "
            line += " | ".join(f"{v / p:.3f}x" if v and p else "-" for v, p in zip(vals, lp)) + " |"
        print(line)
    if a.json:
        for t in counts:
            for row, r in best[t].items():
                print(json.dumps({"threads": t, "row": row, **r}))


if __name__ == "__main__":
    main()
