#!/usr/bin/env python3
"""Least process CPU time per frame over many short frames of one bench_graphics.py scene (issue 12: per-pixel
cost on a shared, loaded machine).

A frame of the full scene (20 or 50 draws) takes hundreds of milliseconds, and its CPU time on a loaded machine
moves by 10-30 % with what the other processes do to the caches; the least of many frames of a few draws each is
much steadier, and is what two source trees are compared by (run it alternately with each tree on PYTHONPATH).
A frame here is the scene's frame with ``--draws`` draws (S1/S1z/S5; the others have one): the clear and the
per-draw Python are inside it, as in the full frame. One worker thread unless PYD3D11_THREADS says otherwise.

Usage: PYTHONPATH=src python bench/min_frame.py --scene S5 [--draws 5] [--frames 40]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scene", default="S5")
    ap.add_argument("--draws", type=int, default=5)
    ap.add_argument("--frames", type=int, default=40)
    args = ap.parse_args()
    os.environ.setdefault("PYD3D11_THREADS", "1")
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_graphics as bg

    peer = bg.load_peer()
    peer.S1_DRAWS = peer.S5_DRAWS = args.draws
    sc = bg.Scene(peer)
    frame, work, unit = bg.SCENES[args.scene](sc)
    for _ in range(3):
        frame()
    bg._wait_upgrades()  # O2 builds in place (runtime.TIER)
    times = []
    for _ in range(args.frames):
        t0 = time.process_time()
        frame()
        times.append(time.process_time() - t0)
    times.sort()
    per = "triangle" if args.scene == "S2" else "pixel"
    print(f"{args.scene} ({args.draws} draws): least {times[0] * 1e3:.2f} ms, quartile {times[len(times) // 4] * 1e3:.2f}"
          f" ms per frame; {times[0] * 1e9 / (work * 1e6):.2f} ns per {per} (least)")


if __name__ == "__main__":
    main()
