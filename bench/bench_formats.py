"""Format codec throughput: decode a 4096x4096 R8G8B8A8_UNORM texture to float32 (and a few others).

Run: ``python bench/bench_formats.py``. Prints milliseconds and Mtexels/s (best of 5 runs)."""

from __future__ import annotations

import time

import numpy as np

from pyd3d11.formats import codecs

SIZE = 4096
CASES = [("R8G8B8A8_UNORM", 28, 4), ("R8G8B8A8_UNORM_SRGB", 29, 4), ("B8G8R8A8_UNORM", 87, 4),
         ("R16G16B16A16_FLOAT", 10, 8), ("R11G11B10_FLOAT", 26, 4)]


def bench_decode(fmt: int, bpe: int, size: int = SIZE, runs: int = 5) -> float:
    raw = np.random.default_rng(0).integers(0, 256, (size, size, bpe), dtype=np.uint8)
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        codecs.decode(fmt, raw)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    texels = SIZE * SIZE
    for name, fmt, bpe in CASES:
        s = bench_decode(fmt, bpe)
        print(f"decode {name:22s} {SIZE}x{SIZE}: {s * 1e3:8.1f} ms  {texels / s / 1e6:8.1f} Mtexels/s")
    raw = np.random.default_rng(0).integers(0, 256, (SIZE, SIZE, 4), dtype=np.uint8)
    vals = codecs.decode(28, raw)
    t0 = time.perf_counter()
    codecs.encode(28, vals)
    s = time.perf_counter() - t0
    print(f"encode {'R8G8B8A8_UNORM':22s} {SIZE}x{SIZE}: {s * 1e3:8.1f} ms  {texels / s / 1e6:8.1f} Mtexels/s")


if __name__ == "__main__":
    main()
