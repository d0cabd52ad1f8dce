#!/usr/bin/env python3
"""Serial fraction of graphics frames (issue 12, thread scaling): how much of a frame's process CPU time the
main thread spends outside the worker pool's items (Python, and native calls made directly on it).

For each scene of bench_graphics.py, after a warm frame, times ``--runs`` frames and prints per frame: process
CPU ms, main-thread CPU ms, main-thread CPU inside pool items (pool._drain), the serial part (main thread
outside the items) and serial / process CPU. By Amdahl the serial fraction s bounds the speed-up on n threads
at 1 / (s + (1 - s) / n). The thread count is ``PYD3D11_THREADS`` (or all CPUs).

Usage: PYTHONPATH=src python bench/serial_fraction.py [--scenes S2,S5] [--runs 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time

import bench_graphics as bg

from pyd3d11.shader.native import pool

try:
    from pyd3d11.shader.native import crew
except ImportError:  # a tree before session 34 (the crew in pipeline/native) or 32 (no crew)
    try:
        from pyd3d11.pipeline.native import crew
    except ImportError:
        crew = None

try:
    from pyd3d11.pipeline import front_chunks
except ImportError:  # a tree before session 18 (A/B runs against a baseline)
    class front_chunks:  # noqa: N801
        launched_chunks = 0


def count_pool_items_on_main() -> list[float]:
    """Wrap the pool's item runner (and the native crew's job finish, where the main thread runs a scene's or a
    row job's row 0 and waits for the crew) so the main thread's CPU inside pool items and crew jobs is summed into
    the returned one-element list (reset it to 0.0 before a measurement); other threads run items unwrapped."""
    main_thread = threading.main_thread()
    inside = [0.0]

    def wrap(orig):
        def run(*args, **kw):
            if threading.current_thread() is not main_thread:
                return orig(*args, **kw)
            t0 = time.thread_time()
            try:
                return orig(*args, **kw)
            finally:
                inside[0] += time.thread_time() - t0
        return run

    pool._drain = wrap(pool._drain)
    if crew is not None:  # (a tree before session 32 has no crew)
        crew.CrewJob.finish = wrap(crew.CrewJob.finish)
    return inside


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenes", default="S2,S5")
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    inside = count_pool_items_on_main()
    peer = bg.load_peer()
    for name in a.scenes.split(","):
        sc = bg.Scene(peer)
        frame, _, _ = bg.SCENES[name](sc)
        frame()
        rows = []
        chunks0 = front_chunks.launched_chunks
        one0 = getattr(front_chunks, "one_pass_chunks", 0)
        for _ in range(a.runs):
            inside[0] = 0.0
            p0, m0 = time.process_time(), time.thread_time()
            frame()
            p, m = time.process_time() - p0, time.thread_time() - m0
            rows.append((p, m, inside[0], m - inside[0]))
        p, m, i, s = (statistics.median(r[k] for r in rows) for k in range(4))
        print(json.dumps({"scene": name, "threads": pool.threads(), "process_ms": round(p * 1e3, 1),
                          "main_ms": round(m * 1e3, 1), "main_in_pool_ms": round(i * 1e3, 1),
                          "serial_ms": round(s * 1e3, 1), "serial_fraction": round(s / p, 3),
                          # chunks of the parallel front end per frame (pipeline/front_chunks.py)
                          "front_chunks": (front_chunks.launched_chunks - chunks0) / a.runs,
                          # of those, chunks whose tiles ran in their draw's one tile pass (native/chunk_tiles.py)
                          "one_pass_chunks": (getattr(front_chunks, "one_pass_chunks", 0) - one0) / a.runs}))


if __name__ == "__main__":
    main()
