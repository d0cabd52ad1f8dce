"""Prefetch hints of the native sampler's row-pair footprints (Session 24, helper S3; issue 12, scene S3).

A pixel shader's 2D bilinear footprint read from the row-pair copy (sampler_gen.SampleEmitter._fetch_quads)
also asks the CPU to bring in the words of the footprint four pixel rows below the top-left and bottom-right
lanes of each quad. Hints only: ``llvm.prefetch`` changes no value, so the results are the same bits with or
without them (tests/test_native_sampler_prefetch.py)."""

from __future__ import annotations

import os

#: ``PYD3D11_NATIVE_TEX_PREFETCH=0``: no hints (A/B)
TEX_PREFETCH = os.environ.get("PYD3D11_NATIVE_TEX_PREFETCH", "1") != "0"
#: pixel rows below a lane whose footprint is prefetched: a footprint the fused lane samples a step or more later
#: (measured on S3: four rows ahead gained most, two and eight less)
ROWS_AHEAD = 4.0
#: the lanes of each quad (TL, TR, BL, BR) that prefetch: a quad's two rows and both ends of its columns
QUAD_LANES = (0, 3)


def prefetch_below(g, pairs: str, idx: str, scs: list[str], w: str) -> None:
    """Prefetch the row-pair words (base ``pairs``, i64 words) of the footprint ROWS_AHEAD pixel rows below the
    QUAD_LANES of each quad of the step: the lane's own footprint index ``idx`` (texels from the view's first)
    moved by ROWS_AHEAD times each quad's BL - TL texel coordinates ``scs`` (x, y: the quad's coarse
    derivative along y, one pixel row, §7.18.6), truncated, the y move times the mip's row length ``w``. A NaN or huge
    coordinate gives some index (fptosi's poison is frozen), a wrong or wrapped guess only wastes the hint:
    x86's and AArch64's prefetches do not fault.

    Why: S3's 1024^2 RGBA8 chain (11 MB as row pairs) does not stay in the 2 MB L2 cache between frames; its
    misses were ~25 % of the frame (every index masked into 1 MB: 37 -> 28 ns per pixel, one thread). Tried
    (docs/features.md "Session 24 (S3)"): two or eight rows ahead, every lane, one lane per quad, the L2-only
    hint — each gained less."""
    W = g.W

    def quad_lane(x: str, k: int) -> str:
        sel = ", ".join(f"i32 {4 * (i // 4) + k}" for i in range(W))
        return g.v(f"shufflevector {g.VF} {x}, {g.VF} poison, <{W} x i32> <{sel}>")

    scale = f"splat (float {ROWS_AHEAD:e})"
    moves = []
    for sc in scs:
        d = g.v(f"fmul {g.VF} {g.v(f'fsub {g.VF} {quad_lane(sc, 2)}, {quad_lane(sc, 0)}')}, {scale}")
        moves.append(g.v(f"freeze {g.VI} {g.v(f'fptosi {g.VF} {d} to {g.VI}')}"))
    at = g.v(f"add {g.VI} {idx}, {moves[0]}")
    at = g.v(f"add {g.VI} {at}, {g.v(f'mul {g.VI} {moves[1]}, {w}')}")
    g.intr("declare void @llvm.prefetch.p0(ptr, i32 immarg, i32 immarg, i32 immarg)")
    for q in range(0, W, 4):
        for k in QUAD_LANES:
            e = g.v(f"zext i32 {g.v(f'extractelement {g.VI} {at}, i64 {q + k}')} to i64")
            ptr = g.v(f"getelementptr i64, ptr {pairs}, i64 {e}")  # word 2 * index: the footprint's 16 bytes
            g.e(f"call void @llvm.prefetch.p0(ptr {ptr}, i32 0, i32 3, i32 1)")
