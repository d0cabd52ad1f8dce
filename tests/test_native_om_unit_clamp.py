"""The UNORM encode without the clamp to 1 where the merger's value is proven NaN or in [-0, 1] (issue 12, S5).

The rule (D3D11.3 §17.5 / formats.numerics.float_to_unorm): the blended value is clamped to [0, 1] (NaN -> 0) and
encoded. ``om_gen.unit_output`` proves for some states that the value is already a NaN or in [-0, 1] (blend inputs
clamped to [0, 1] on UNORM targets; no blend; MIN / MAX; ADD with a ZERO factor or a lerp pair (X, INV_X)), and
``LaneIR.unorm_magic_bits`` then emits only the clamp's maxps. Tests: the classification against a table; the
bound itself by brute force with the reference's own blend arithmetic (blend.apply_op / factor4 in float32) over
dense and extreme operand values for every state classified bounded; and the native merger against the numpy one
for every source factor x destination factor x op on UNORM targets (widths 2-16, so the magic encode runs), with
source colours including NaN, +-inf, values > 1 and < 0.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from native_om_util import assert_same, blend_desc, fragments, rt_blend, run_both, target

from pyd3d11.pipeline import blend as bl
from pyd3d11.pipeline.native import om_gen
from pyd3d11.pipeline.output_merger import OMState

FACTORS = [bl.ZERO, bl.ONE, bl.SRC_COLOR, bl.INV_SRC_COLOR, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.DEST_ALPHA,
           bl.INV_DEST_ALPHA, bl.DEST_COLOR, bl.INV_DEST_COLOR, bl.SRC_ALPHA_SAT, bl.BLEND_FACTOR,
           bl.INV_BLEND_FACTOR, bl.SRC1_COLOR, bl.INV_SRC1_COLOR, bl.SRC1_ALPHA, bl.INV_SRC1_ALPHA]
OPS = [bl.OP_ADD, bl.OP_SUBTRACT, bl.OP_REV_SUBTRACT, bl.OP_MIN, bl.OP_MAX]
ALPHA = {bl.SRC_COLOR: bl.SRC_ALPHA, bl.INV_SRC_COLOR: bl.INV_SRC_ALPHA, bl.DEST_COLOR: bl.DEST_ALPHA,
         bl.INV_DEST_COLOR: bl.INV_DEST_ALPHA, bl.SRC1_COLOR: bl.SRC1_ALPHA, bl.INV_SRC1_COLOR: bl.INV_SRC1_ALPHA}
# UNORM layouts: R8G8B8A8, B8G8R8A8, R10G10B10A2, B5G6R5, R16G16B16A16, R8, B4G4R4A4, A8
UNORM_FORMATS = [28, 87, 24, 85, 11, 61, 115, 65]


def _rt(fmt: int, blend: tuple | None):
    key = om_gen.om_key(OMState(blend=blend_desc([rt_blend(blend is not None, *(blend or ()))])), [fmt], None, 1)
    return key.rts[0]


@pytest.mark.backend_independent
@pytest.mark.parametrize("blend,fmt,want", [
    (None, 28, True),  # the clamped source
    ((bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD), 28, True),  # S5
    ((bl.INV_DEST_COLOR, bl.DEST_COLOR, bl.OP_ADD, bl.INV_DEST_ALPHA, bl.DEST_ALPHA, bl.OP_ADD), 24, True),
    ((bl.ONE, bl.ZERO, bl.OP_ADD, bl.ONE, bl.ZERO, bl.OP_ADD), 85, True),
    ((bl.ONE, bl.ONE, bl.OP_ADD, bl.ONE, bl.ONE, bl.OP_ADD), 28, False),  # additive: up to 2
    ((bl.SRC_ALPHA, bl.INV_DEST_ALPHA, bl.OP_ADD, bl.ONE, bl.ZERO, bl.OP_ADD), 28, False),  # not a pair
    ((bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_SUBTRACT, bl.ONE, bl.ZERO, bl.OP_ADD), 28, False),
    ((bl.ONE, bl.ONE, bl.OP_MAX, bl.ONE, bl.ONE, bl.OP_MIN), 11, True),
    ((bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD), 29, False),  # sRGB
    ((bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD), 31, False),  # SNORM
    ((bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD, bl.SRC_ALPHA, bl.INV_SRC_ALPHA, bl.OP_ADD), 2, False),  # float
])
def test_classification(blend, fmt, want):
    rt = _rt(fmt, blend)
    assert all(om_gen.unit_output(rt, c) is want for c in range(3))


def _operands() -> np.ndarray:
    """float32 values in [0, 1]: dense near 0, 1/2 and 1, every exponent's extremes, random ones, and NaN."""
    one = np.float32(1)
    below1 = np.nextafter(one, np.float32(0)) - np.arange(0, 64, dtype=np.float32) * np.float32(2 ** -24)
    halves = np.float32(0.5) + np.arange(-32, 33, dtype=np.float32) * np.float32(2 ** -24)
    pows = np.float32(2.0) ** -np.arange(0, 150, dtype=np.float32)
    rnd = np.random.default_rng(5).random(400, dtype=np.float32)
    v = np.concatenate([[0, 1, np.nan], below1, halves, pows, pows * np.float32(3) / 4, rnd,
                        np.arange(256, dtype=np.float32) / 255]).astype(np.float32)
    return v[(v >= 0) & (v <= 1) | np.isnan(v)]


@pytest.mark.backend_independent
def test_bound_by_brute_force():
    """For every (factor, factor, op) the classification calls bounded, the reference's float32 blend of operands
    in [0, 1] (and NaN) is a NaN or in [-0, 1]; and a state classified unbounded does exceed 1 somewhere (the
    classification is not vacuous for ONE + ONE)."""
    v = _operands()
    rng = np.random.default_rng(9)
    n = 20000
    s, s1, d, bf = (v[rng.integers(0, v.size, (n, 4))] for _ in range(4))
    with np.errstate(all="ignore"):
        for fs, fd, op in itertools.product(FACTORS, FACTORS, OPS):
            rt = _rt(28, (fs, fd, op, ALPHA.get(fs, fs), ALPHA.get(fd, fd), op))
            sf = bl.factor4(fs, s, s1, d, bf)
            df = bl.factor4(fd, s, s1, d, bf)
            out = bl.apply_op(op, s, sf, d, df)[:, :3]
            if om_gen.unit_output(rt, 0):
                ok = np.isnan(out) | ((out >= 0) & (out <= 1))
                assert ok.all(), (fs, fd, op, out[~ok][:4])
        out = bl.apply_op(bl.OP_ADD, s, np.ones_like(s), d, np.ones_like(d))
        assert (out > 1).any()


def _pairs(op: int) -> list:
    """The (source, destination) factor pairs of ``op`` the encode's shortcut applies to (classified bounded),
    plus ONE + ONE (unbounded: the full clamp) as a control."""
    out = [(fs, fd) for fs, fd in itertools.product(FACTORS, FACTORS)
           if om_gen.unit_output(_rt(28, (fs, fd, op, ALPHA.get(fs, fs), ALPHA.get(fd, fd), op)), 0)]
    if op in (bl.OP_MIN, bl.OP_MAX):  # the factors do not enter MIN / MAX: a sample of them
        out = out[::37]
    return out + [(bl.ONE, bl.ONE)]


STATES = [(op, j) for op in OPS for j in range(0, len(_pairs(op)), 8)]


@pytest.mark.backend_specific
@pytest.mark.parametrize("op,j", STATES)
def test_native_equals_reference_bounded_pairs(op, j):
    """Eight of ``op``'s bounded factor pairs a state (colour and alpha), one per UNORM format: identical target
    bytes to the numpy merger, source colours with NaN, +-inf, values > 1 and < 0, repeated pixels."""
    rng = np.random.default_rng(7000 + 100 * op + j)
    pairs = (_pairs(op)[j:j + 8] + _pairs(op))[:8]
    rts = [rt_blend(True, fs, fd, op, ALPHA.get(fs, fs), ALPHA.get(fd, fd), op) for fs, fd in pairs]
    stores = [target(f, rng) for f in UNORM_FORMATS]
    om = OMState(blend=blend_desc(rts), blend_factor=tuple(np.array([0.25, 1.5, -0.5, 0.75], np.float32)))
    assert_same(run_both(om, stores, None, [fragments(rng, 200, 8), fragments(rng, 120, 8, distinct=True)]))


@pytest.mark.backend_specific
def test_no_blend_unorm_targets():
    rng = np.random.default_rng(77)
    stores = [target(f, rng) for f in UNORM_FORMATS]
    om = OMState(blend=blend_desc([rt_blend(False, mask=m) for m in (15, 7, 15, 9, 15, 1, 15, 8)]))
    assert_same(run_both(om, stores, None, [fragments(rng, 200, 8), fragments(rng, 128, 8, distinct=True)]))
