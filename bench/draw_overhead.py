#!/usr/bin/env python3
"""Per-draw CPU of the API draw path (issue 12, per-draw serial work): S5's state (blended quad, PSBlend) drawn
``--draws`` times into an 8x8 viewport, so the draws' pixel work is negligible and what is timed is the Python
and native set-up each draw costs: validation, state snapshot, variant lookup, geometry, worker arguments.

Prints process CPU ms per draw, and the main thread's CPU outside pool items (the serial part) per draw, for
``--viewport`` (default 8; 1024 gives S5's full-screen draws).

``--bytecodes``: instead, count the Python bytecodes, Python calls and C calls the main thread executes per
redraw (sys.settrace opcode events; slow, but the same on a loaded host as on an idle one: a measure of the
per-draw Python that two trees can be compared by where CPU times are noise; C calls are counted, not timed).

Usage: PYTHONPATH=src python bench/draw_overhead.py [--draws 1000] [--viewport 8] [--repeats 3] [--bytecodes]
"""

from __future__ import annotations

import argparse
import json
import sys
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
    ap.add_argument("--bytecodes", action="store_true", help="count bytecodes and calls per draw (see above)")
    a = ap.parse_args()
    inside = count_pool_items_on_main()
    sc = bg.Scene(bg.load_peer())
    frame, _, _ = bg.SCENES["S5"](sc)
    sc.vp = D3D11_VIEWPORT(0, 0, a.viewport, a.viewport, 0, 1)
    frame()  # warm: compiles, caches
    if a.bytecodes:
        print(json.dumps(_count_bytecodes(sc, min(a.draws, 256))))
        return
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


def _count_bytecodes(sc, draws: int) -> dict:
    """Bytecodes, Python calls and C calls of the main thread per redraw (after 64 warm redraws)."""
    for _ in range(64):
        sc.ctx.Draw(6, 0)
    sc.image()
    n = {"bytecodes": 0, "python_calls": 0, "c_calls": 0}

    def trace(frame, event, arg):
        if event == "call":
            n["python_calls"] += 1
            frame.f_trace_opcodes = True
        elif event == "opcode":
            n["bytecodes"] += 1
        return trace

    def profile(frame, event, arg):
        if event == "c_call":
            n["c_calls"] += 1

    sys.setprofile(profile)
    sys.settrace(trace)
    try:
        for _ in range(draws):
            sc.ctx.Draw(6, 0)
    finally:
        sys.settrace(None)
        sys.setprofile(None)
    sc.image()
    return {k + "_per_draw": round(v / draws, 1) for k, v in n.items()}


if __name__ == "__main__":
    main()
