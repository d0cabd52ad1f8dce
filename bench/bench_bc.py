"""Decode throughput of every BC format on a 1024x1024 texture of random blocks (Mtexels/s)."""

from __future__ import annotations

import time

import numpy as np

from pyd3d11.formats.bc import BC_FORMATS, decode_bc

SIZE = 1024
FORMATS = (71, 72, 74, 77, 80, 81, 83, 84, 95, 96, 98, 99)


def bench(fmt: int, repeats: int = 3) -> float:
    name, nbytes, _, _ = BC_FORMATS[fmt]
    rng = np.random.default_rng(fmt)
    blocks = rng.integers(0, 256, (SIZE // 4, SIZE // 4, nbytes), dtype=np.uint8)
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        decode_bc(fmt, blocks)
        best = min(best, time.perf_counter() - t0)
    return SIZE * SIZE / best / 1e6


def main() -> None:
    decode_bc(98, np.zeros((1, 1, 16), np.uint8))  # build lazy tables outside the timing
    decode_bc(95, np.zeros((1, 1, 16), np.uint8))
    for fmt in FORMATS:
        print(f"{BC_FORMATS[fmt][0]:<16} {bench(fmt):8.1f} Mtexels/s")


if __name__ == "__main__":
    main()
