"""Native interpolation-plane setup (pipeline/native/frontend.py) against Interpolator's numpy planes.

The numpy Interpolator (einsum for per-vertex scalars, ``_sum3`` for attributes) is the oracle; the
native planes must be the same bits for every input: signed zeros, infinities, NaNs (with payloads),
denormals, huge and tiny values, clipped-piece weights, perspective and linear interpolation.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline.interpolate import Interpolator, PieceSet
from pyd3d11.pipeline.native import frontend

pytestmark = [pytest.mark.backend_specific, pytest.mark.skipif(frontend.kernels() is None, reason="native backend (llvmlite) not available")]


def _special(rng: np.random.Generator, shape, dtype) -> np.ndarray:
    finfo = np.finfo(dtype)
    a = (rng.standard_normal(shape) * 10.0 ** rng.integers(-8, 8, shape)).astype(dtype)
    m = rng.random(shape)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, finfo.tiny / 4, -finfo.tiny / 8, finfo.max, -finfo.max, 1.0]
    for i, v in enumerate(specials):
        sel = (m >= i * 0.02) & (m < (i + 1) * 0.02)
        a[sel] = dtype(v)
    return a


def _nan_payloads(rng, a: np.ndarray) -> np.ndarray:
    """Replace some values by NaNs with random payloads (and either sign)."""
    bits = a.view(np.uint32)
    sel = rng.random(a.shape) < 0.02
    payload = rng.integers(1, 1 << 22, a.shape).astype(np.uint32) | np.uint32(0x7F800000)
    payload |= (rng.random(a.shape) < 0.5).astype(np.uint32) << np.uint32(31)
    bits[sel] = payload[sel] | (rng.integers(0, 2, a.shape).astype(np.uint32)[sel] << np.uint32(22))
    return a


def _interpolators(rng, P: int, V: int, regs: int, transposed: bool = False):
    bp = _special(rng, (P, 3, 3), np.float64)
    weights = np.where(rng.random((P, 3, 3)) < 0.5, np.eye(3)[rng.integers(0, 3, (P, 3))],
                       rng.uniform(0, 1, (P, 3, 3)))
    inv_w = _special(rng, (P, 3), np.float64)
    z = _special(rng, (P, 3), np.float32)
    setup = type("S", (), {"verts": np.zeros((P, 3, 2), np.int64)})()
    attr = np.stack([_nan_payloads(rng, _special(rng, (V, 4), np.float32)) for _ in range(regs)]).view(np.uint32)
    if transposed:  # a component-major register file seen as (regs, V, 4), like the VS outputs
        attr = np.ascontiguousarray(attr.transpose(0, 2, 1)).transpose(0, 2, 1)
    src_rows = rng.integers(0, V, (P, 3)).astype(np.int64)

    def make():
        pieces = PieceSet(setup, np.arange(P), weights, inv_w, z, np.ones(P, bool), bp.copy())
        return Interpolator(pieces, src_rows, attr)

    return make


def _bits(a):
    return np.ascontiguousarray(a).view(np.uint8).tobytes()


@pytest.mark.parametrize("seed", range(4))
def test_planes_match_numpy(seed):
    rng = np.random.default_rng(seed)
    make = _interpolators(rng, 5000, 2000, 3, transposed=seed % 2 == 1)
    nat = make()
    assert nat._native is not None
    frontend.ENABLED = False
    try:
        ref = make()
    finally:
        frontend.ENABLED = True
    assert ref._native is None
    with np.errstate(all="ignore"):
        assert _bits(nat._z_plane()) == _bits(ref._z_plane())
        assert _bits(nat._inv_w_plane()) == _bits(ref._inv_w_plane())
        for r in range(3):
            for persp in (False, True):
                assert _bits(nat._attr_plane(r, persp)) == _bits(ref._attr_plane(r, persp)), (r, persp)
                key = ("plane", r, persp)
                assert _bits(nat._split(key, lambda: None)) == \
                    _bits(ref._split(key, lambda r=r, persp=persp: ref._attr_plane(r, persp))), (r, persp)


def test_parallel_split_is_thread_count_independent():
    from pyd3d11.shader.native import pool

    rng = np.random.default_rng(9)
    make = _interpolators(rng, 40000, 3000, 1)
    out = []
    for n in (1, 2, 3):
        pool.set_threads(n)
        try:
            with np.errstate(all="ignore"):
                it = make()
                out.append((_bits(it._attr_plane(0, True)), _bits(it._inv_w_plane())))
        finally:
            pool.set_threads(None)
    assert out[0] == out[1] == out[2]


@pytest.mark.parametrize("P", [frontend._PARALLEL_MIN * 2 - 1, frontend._PARALLEL_MIN * 3 + 5,
                               frontend._PARALLEL_MIN * 9 + 7])
def test_chunked_planes_match_numpy_at_chunk_edges(P):
    """Pass-sized draws are split into pool chunks (from _PARALLEL_MIN pieces per chunk, pool.RANGES_PER_THREAD chunks a
    thread at most): at 1, 2 and 3 threads the chunk edges fall on different pieces, and every split equals the numpy
    planes bit for bit."""
    from pyd3d11.shader.native import pool

    rng = np.random.default_rng(P)
    make = _interpolators(rng, P, 3000, 1)
    frontend.ENABLED = False
    try:
        ref = make()
    finally:
        frontend.ENABLED = True
    with np.errstate(all="ignore"):
        want = (_bits(ref._attr_plane(0, True)), _bits(ref._inv_w_plane()), _bits(ref._z_plane()))
    for n in (1, 2, 3):
        pool.set_threads(n)
        try:
            per = n * pool.RANGES_PER_THREAD if n > 1 else 1
            assert len(frontend._ranges(P)) == max(1, min(per, P // frontend._PARALLEL_MIN))
            with np.errstate(all="ignore"):
                it = make()
                assert (_bits(it._attr_plane(0, True)), _bits(it._inv_w_plane()), _bits(it._z_plane())) == want
        finally:
            pool.set_threads(None)
