"""Per-worker buffers in cache lines of their own (shader/native/runtime.py ``own_lines``; issue 12): tile workers
write their lane buffers, scratch and argument rows every batch, so none of them may share a cache-line pair
(runtime.LINE_PAIR bytes) with another allocation. The property is checked from the addresses themselves."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.native import runtime as nrt

P = nrt.LINE_PAIR


def _owner(a: np.ndarray) -> np.ndarray:
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a


@pytest.mark.parametrize("shape", [1, 2, 15, 16, 17, 127, 128, 129, 520, (3, 4, 512), (2, 20), (1,)])
@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.uint32, np.float32, np.int64])
def test_own_lines_starts_a_pair_and_owns_its_last_one(shape, dtype):
    a = nrt.own_lines(shape, dtype)
    want = shape if isinstance(shape, tuple) else (shape,)
    assert a.shape == want and a.dtype == np.dtype(dtype) and a.flags.c_contiguous and a.flags.writeable
    assert not a.any()
    start = nrt.address(a)
    assert start % P == 0
    raw = _owner(a)
    lo, hi = nrt.address(raw), nrt.address(raw) + raw.nbytes
    end = start + a.nbytes
    # the whole line pair holding the last byte lies inside the one allocation: nothing else shares it
    assert lo <= start and -(-end // P) * P <= hi


def test_a_workers_lane_buffers_own_their_lines():
    from pyd3d11.pipeline.native import fused
    from pyd3d11.pipeline.native import fused_gen as fg

    key = fg.FusedKey.__new__(fg.FusedKey)
    for name, value in (("batch", 64), ("v_regs", 2), ("o_regs", 1), ("om_regs", 1), ("sv", ()), ("samples", ()),
                        ("so", ())):
        object.__setattr__(key, name, value)
    bufs = fused._take_buffers(key)
    for name, arr in bufs.items():
        if isinstance(arr, np.ndarray):
            assert nrt.address(arr) % P == 0, name
    assert (bufs["active"] == -1).all()


def test_padded_rows_are_whole_line_pairs():
    from pyd3d11.pipeline.native import worker_rows

    for words in range(1, 70):
        got = worker_rows._padded(words)
        assert got >= words and got * 8 % P == 0 and got - words < P // 8
