"""Input-assembler rules of pipeline/input_assembler.py through the API (session 12 mutation round).

- D3D11.3 functional spec §8.4 / DXGI_FORMAT_R32_UINT: a 32-bit index is the four bytes of the index buffer,
  little-endian; §8.16: an indexed draw's VertexID is the index value, and the vertex fetched is
  index + BaseVertexLocation (a signed 32-bit sum, so a negative base vertex reaches back from large indices).
- §8.18: each instance of an indexed draw fetches the same per-vertex elements; only per-instance elements
  move. Every vertex a draw names is fetched from its own address, whatever the order or spacing of the
  indices (one case: two instances of indices {0, 3}, whose fetched vertices sit at 0, 0, 3, 3).

The pipeline (points at column COL of row ROW, a per-instance element; the pixel holds VertexID, InstanceID,
PrimitiveID) and the expected images are test_windows_rules_pipeline's, written from the same rules."""

from __future__ import annotations

import numpy as np
import pytest
from test_windows_rules_pipeline import BIND_IB, R32_UINT, _buffer, _device, _expected_indexed, _ids_pipeline

from pyd3d11.api.convenience import texture_to_numpy


@pytest.mark.parametrize("hi", [0x01020000, 0xFF7F0000, 0x00010000])
def test_32_bit_indices_use_all_four_bytes(hi):
    """Indices hi + column with a negative BaseVertexLocation of -hi: the fetch lands on the column only when
    every byte of the index was read in its place (bytes 2 and 3 of hi differ)."""
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    cols = [5, 2, 7, 0]
    indices = [hi + c for c in cols]
    ctx.IASetIndexBuffer(_buffer(dev, np.array(indices, np.uint32), BIND_IB), R32_UINT, 0)
    base = -hi if hi < 2**31 else 2**32 - hi  # index + base = column modulo 2^32 (a signed INT argument)
    ctx.DrawIndexed(4, 0, base)
    want = np.zeros_like(_expected_indexed(cols, 1, 0, 0))
    for n, (idx, c) in enumerate(zip(indices, cols)):
        want[0, c] = (idx, 0, n, 1)  # VertexID = the index value
    assert np.array_equal(texture_to_numpy(ctx, rt), want)


@pytest.mark.parametrize("indices", [[0, 3], [3, 0], [1, 6, 2]])
def test_instanced_indexed_draw_fetches_each_named_vertex(indices):
    dev, ctx = _device()
    rt, _ = _ids_pipeline(dev, ctx)
    ctx.IASetIndexBuffer(_buffer(dev, np.array(indices, np.uint32), BIND_IB), R32_UINT, 0)
    ctx.DrawIndexedInstanced(len(indices), 2, 0, 0, 0)
    assert np.array_equal(texture_to_numpy(ctx, rt), _expected_indexed(indices, 2, 0, 0))
