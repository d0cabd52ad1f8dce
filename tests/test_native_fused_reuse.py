"""The fused lane reuses its per-worker lane buffers between draws (pipeline/native/fused.py ``_take_buffers``):
every buffer it claims is written before it is read must be, or a draw would see the previous draw's lanes.
Poison every reusable buffer with random bytes between draws; the bytes must still be the reference's."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_native_fused_diff as fd  # noqa: E402

from pyd3d11.pipeline.native import fused  # noqa: E402
from pyd3d11.shader import native  # noqa: E402
from pyd3d11.shader.native import pool  # noqa: E402

pytestmark = [pytest.mark.backend_specific,
              pytest.mark.skipif(not native.available(), reason="llvmlite (the native backend) is not installed")]

#: the buffers _take_buffers hands out without clearing (the counters are zeroed; ``active`` and the unused
#: system-value components are constant by contract and not poisoned)
WRITTEN_FIRST = ("lx", "ly", "lp", "lc", "disc", "depth", "v", "o", "alive", "cov", "col")


def _poison(rng) -> int:
    n = 0
    with fused._free_lock:
        for sets in fused._FREE.values():
            for bufs in sets:
                for name in WRITTEN_FIRST:
                    b = bufs[name].view(np.uint8)
                    b[...] = rng.integers(0, 256, b.shape, dtype=np.uint8)
                    n += 1
    return n


@pytest.fixture(autouse=True)
def _restore():
    yield
    native.set_backend(None)
    pool.set_threads(None)


@pytest.mark.parametrize("seed", [0, 5, 11, 20])
def test_poisoned_reused_buffers_change_nothing(monkeypatch, seed):
    monkeypatch.setattr(fused, "TILE", 16)
    monkeypatch.setattr(fused, "BATCH", 64)
    scene = fd._random_scene(seed)
    rng = np.random.default_rng(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        native.set_backend("reference")
        ref = scene()
        native.set_backend("native")
        scene()  # fills the free lists
        assert _poison(rng) > 0
        before = fused.stats.fused_draws
        got = scene()
    assert fused.stats.fused_draws > before
    assert ref == got, fd._diff(ref, got)


def test_counters_start_at_zero_on_reuse():
    """PS invocations of a draw on reused buffers are that draw's only (the counter array is zeroed)."""
    from pyd3d11.pipeline.native.fused import _give_back, _take_buffers

    key = fused.fg.FusedKey(64, 64, (), 1, 1, False, 0, False, None, 1, False)
    b = _take_buffers(key)
    b["count"][:] = 77
    _give_back(key, [(None, None, None, None, b)])
    again = _take_buffers(key)
    assert again is b and np.all(again["count"] == 0)
