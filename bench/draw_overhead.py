#!/usr/bin/env python3
"""Per-draw CPU of the API draw path (issue 12, per-draw serial work): S5's state (blended quad, PSBlend) drawn
``--draws`` times into an 8x8 viewport, so the draws' pixel work is negligible and what is timed is the Python
and native set-up each draw costs: validation, state snapshot, variant lookup, geometry, worker arguments.

Prints process CPU ms per draw, and the main thread's CPU outside pool items (the serial part) per draw, for
``--viewport`` (default 8; 1024 gives S5's full-screen draws).

Usage: PYTHONPATH=src python bench/draw_overhead.py [--draws 1000] [--viewport 8] [--repeats 3]
"""

from __future__ import annotations

import argparse
import json
import time

import bench_graphics as bg
from serial_fraction import count_pool_items_on_main

from pyd3d11.d3d11 import D3D11_VIEWPORT
from pyd3d11.shader.native import pool


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--draws", type=int, default=1000)
    ap.add_argument("--viewport", type=int, default=8)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args()
    inside = count_pool_items_on_main()
    sc = bg.Scene(bg.load_peer())
    frame, _, _ = bg.SCENES["S5"](sc)
    sc.vp = D3D11_VIEWPORT(0, 0, a.viewport, a.viewport, 0, 1)
    frame()  # warm: compiles, caches
    rows = []
    for _ in range(a.repeats):
        inside[0] = 0.0
        p0, m0 = time.process_time(), time.thread_time()
        for _ in range(a.draws):
            sc.ctx.Draw(6, 0)
        sc.image()  # the last draw's tiles are done
        p, m = time.process_time() - p0, time.thread_time() - m0
        rows.append((p / a.draws * 1e3, (m - inside[0]) / a.draws * 1e3))
    best = min(rows)
    print(json.dumps({"draws": a.draws, "viewport": a.viewport, "threads": pool.threads(),
                      "process_ms_per_draw": round(best[0], 4), "serial_ms_per_draw": round(best[1], 4)}))


if __name__ == "__main__":
    main()
