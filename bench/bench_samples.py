#!/usr/bin/env python3
"""The ported SDK samples as workloads (issue 12: "the SDK-sample workloads measured again").

Each sample runs in a fresh process per backend (``PYD3D11_BACKEND``) for ``--frames`` frames through its own
``wWinMain`` with a present sink that notes the process CPU time and the wall time at every Present. Reported per
sample and backend: the first frame (device creation, shader compiles and the first draw) and the median of the
following frame-to-frame intervals, in CPU seconds and wall seconds, and the speed-up of the native backend over
the reference.

    PYTHONPATH=src python bench/bench_samples.py                  # every sample, both backends
    PYTHONPATH=src python bench/bench_samples.py --samples nbody --frames 4
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

#: name -> (example file, extra arguments); the workloads the issue names: a textured cube frame and one n-body step
#: over 10,000 bodies (the sample's MAX_PARTICLES), plus the tessellation sample.
SAMPLES = {
    "cube": ("examples/tutorials/tutorial07.py", []),
    "nbody": ("examples/samples/nbody_gravity_cs11.py", ["--particles", "10000", "--seed", "1"]),
    "bezier": ("examples/samples/simple_bezier11.py", []),
}


def _child(path: str, extra: list[str], frames: int) -> None:
    """Run one sample in this process and print its per-Present timestamps as JSON."""
    import importlib.util

    start_cpu, start_wall = time.process_time(), time.perf_counter()
    stamps: list[tuple[float, float]] = []

    def sink(_image: object) -> None:
        stamps.append((time.process_time() - start_cpu, time.perf_counter() - start_wall))

    spec = importlib.util.spec_from_file_location("sample", REPO / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.wWinMain(["--frames", str(frames), *extra], sink=sink)
    print("STAMPS " + json.dumps(stamps))


def _measure(name: str, backend: str, frames: int) -> dict:
    path, extra = SAMPLES[name]
    env = dict(os.environ, PYD3D11_BACKEND=backend, PYTHONPATH=str(REPO / "src"))
    out = subprocess.run([sys.executable, __file__, "--child", path, "--frames", str(frames), "--", *extra],
                         env=env, capture_output=True, text=True, check=True).stdout
    stamps = json.loads(next(line for line in out.splitlines() if line.startswith("STAMPS "))[7:])
    cpu = [b[0] - a[0] for a, b in zip(stamps, stamps[1:])]
    wall = [b[1] - a[1] for a, b in zip(stamps, stamps[1:])]
    return {"first_cpu": stamps[0][0], "first_wall": stamps[0][1],
            "frame_cpu": statistics.median(cpu) if cpu else float("nan"),
            "frame_wall": statistics.median(wall) if wall else float("nan")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samples", default=",".join(SAMPLES))
    ap.add_argument("--backends", default="reference,native")
    ap.add_argument("--frames", type=int, default=4, help="frames per run (>= 2: the first includes compiles)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("rest", nargs="*", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        _child(args.child, args.rest, args.frames)
        return 0
    backends = args.backends.split(",")
    print(f"{'sample':8} {'backend':10} {'first frame cpu/wall s':>24} {'next frames cpu/wall s':>24}")
    results: dict = {}
    for name in args.samples.split(","):
        for backend in backends:
            r = results[name, backend] = _measure(name, backend, args.frames)
            print(f"{name:8} {backend:10} {r['first_cpu']:11.3f} /{r['first_wall']:9.3f}  "
                  f"{r['frame_cpu']:11.4f} /{r['frame_wall']:9.4f}", flush=True)
        if {"reference", "native"} <= set(backends):
            ref, nat = results[name, "reference"], results[name, "native"]
            print(f"{name:8} speed-up per frame: cpu {ref['frame_cpu'] / nat['frame_cpu']:.1f}x, "
                  f"wall {ref['frame_wall'] / nat['frame_wall']:.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
