"""Every blend factor evaluated on all four channels (pipeline/blend.py factor4/factor; D3D11.3 §17.5,
the D3D11_BLEND table in Microsoft's docs): expected factors written from the table by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import blend as b

F = np.float32
SRC = F([[0.25, 0.5, 0.75, 0.125], [1.0, 0.0, 0.5, 0.5]])
SRC1 = F([[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8]])
DST = F([[0.5, 0.25, 0.0, 0.75], [0.0, 1.0, 0.25, 0.25]])
BF = F([0.2, 0.4, 0.6, 0.8])


def _col(v):
    return np.repeat(np.asarray(v, F).reshape(-1, 1), 4, 1)


def _expected(kind):
    """Per the D3D11_BLEND table: (R, G, B, A) of each factor."""
    sat = np.minimum(SRC[:, 3], 1 - DST[:, 3])
    return {
        b.ZERO: np.zeros((2, 4), F), b.ONE: np.ones((2, 4), F),
        b.SRC_COLOR: SRC, b.INV_SRC_COLOR: 1 - SRC, b.SRC_ALPHA: _col(SRC[:, 3]), b.INV_SRC_ALPHA: _col(1 - SRC[:, 3]),
        b.DEST_ALPHA: _col(DST[:, 3]), b.INV_DEST_ALPHA: _col(1 - DST[:, 3]), b.DEST_COLOR: DST,
        b.INV_DEST_COLOR: 1 - DST, b.SRC_ALPHA_SAT: np.stack([sat, sat, sat, np.ones(2, F)], 1),
        b.BLEND_FACTOR: np.stack([BF, BF]), b.INV_BLEND_FACTOR: np.stack([1 - BF, 1 - BF]),
        b.SRC1_COLOR: SRC1, b.INV_SRC1_COLOR: 1 - SRC1, b.SRC1_ALPHA: _col(SRC1[:, 3]),
        b.INV_SRC1_ALPHA: _col(1 - SRC1[:, 3]),
    }[kind]


KINDS = [b.ZERO, b.ONE, b.SRC_COLOR, b.INV_SRC_COLOR, b.SRC_ALPHA, b.INV_SRC_ALPHA, b.DEST_ALPHA,
         b.INV_DEST_ALPHA, b.DEST_COLOR, b.INV_DEST_COLOR, b.SRC_ALPHA_SAT, b.BLEND_FACTOR, b.INV_BLEND_FACTOR,
         b.SRC1_COLOR, b.INV_SRC1_COLOR, b.SRC1_ALPHA, b.INV_SRC1_ALPHA]


@pytest.mark.parametrize("kind", KINDS)
def test_factor4_table(kind):
    f = b.factor4(kind, SRC, SRC1, DST, BF)
    assert f.shape == (2, 4) and f.dtype == np.float32
    np.testing.assert_array_equal(f, _expected(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_factor_colour_and_alpha_columns(kind):
    e = _expected(kind)
    np.testing.assert_array_equal(b.factor(kind, SRC, SRC1, DST, BF, False), e[:, 0:3])
    np.testing.assert_array_equal(b.factor(kind, SRC, SRC1, DST, BF, True), e[:, 3:4])
