"""The vertex fetch gathers (input_assembler._gather_rows): the strided-copy and word-gather fast paths
give the same bytes as a per-vertex slice."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.input_assembler import _gather_rows


def _reference(data: np.ndarray, addr: np.ndarray, ok: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros((len(addr), size), np.uint8)
    for v, (a, good) in enumerate(zip(addr, ok, strict=True)):
        if good:
            out[v] = data[a:a + size]
    return out


@pytest.mark.parametrize(("kind", "size", "stride"), [
    ("consecutive", 12, 24), ("consecutive", 5, 7), ("indexed", 12, 24), ("indexed", 8, 12),
    ("unaligned", 12, 13), ("indexed", 3, 9),
])
def test_gather_rows_matches_per_vertex_slices(kind: str, size: int, stride: int):
    rng = np.random.default_rng(len(kind) * 100 + size)
    data = rng.integers(0, 256, 4096, dtype=np.uint8)
    n = (len(data) - size) // stride
    if kind == "consecutive":
        addr = 3 * stride + stride * np.arange(n - 3, dtype=np.int64)
    else:
        addr = stride * rng.integers(0, n, 500).astype(np.int64) + (1 if kind == "unaligned" else 0)
    ok = addr + size <= len(data)
    np.testing.assert_array_equal(_gather_rows(data, addr, ok, size, stride), _reference(data, addr, ok, size))
    ok2 = ok.copy()
    ok2[::3] = False  # some rows out of bounds: zero bytes
    np.testing.assert_array_equal(_gather_rows(data, addr, ok2, size, stride), _reference(data, addr, ok2, size))
