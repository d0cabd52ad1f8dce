"""Every blend factor evaluated on all four channels (pipeline/blend.py factor4/factor; D3D11.3 §17.5,
the D3D11_BLEND table in Microsoft's docs): expected factors written from the table by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import blend as b

F = np.float32
# The third row has a source alpha above 1 - destination alpha, so SRC_ALPHA_SAT takes its second operand there.
SRC = F([[0.25, 0.5, 0.75, 0.125], [1.0, 0.0, 0.5, 0.5], [0.3, 0.6, 0.9, 0.875]])
SRC1 = F([[0.1, 0.2, 0.3, 0.4], [0.5, 0.6, 0.7, 0.8], [0.9, 0.7, 0.5, 0.3]])
DST = F([[0.5, 0.25, 0.0, 0.75], [0.0, 1.0, 0.25, 0.25], [0.2, 0.4, 0.6, 0.5]])
N = len(SRC)
BF = F([0.2, 0.4, 0.6, 0.8])


def _col(v):
    return np.repeat(np.asarray(v, F).reshape(-1, 1), 4, 1)


def _expected(kind):
    """Per the D3D11_BLEND table: (R, G, B, A) of each factor."""
    sat = np.minimum(SRC[:, 3], 1 - DST[:, 3])
    return {
        b.ZERO: np.zeros((N, 4), F), b.ONE: np.ones((N, 4), F),
        b.SRC_COLOR: SRC, b.INV_SRC_COLOR: 1 - SRC, b.SRC_ALPHA: _col(SRC[:, 3]), b.INV_SRC_ALPHA: _col(1 - SRC[:, 3]),
        b.DEST_ALPHA: _col(DST[:, 3]), b.INV_DEST_ALPHA: _col(1 - DST[:, 3]), b.DEST_COLOR: DST,
        b.INV_DEST_COLOR: 1 - DST, b.SRC_ALPHA_SAT: np.stack([sat, sat, sat, np.ones(N, F)], 1),
        b.BLEND_FACTOR: np.stack([BF] * N), b.INV_BLEND_FACTOR: np.stack([1 - BF] * N),
        b.SRC1_COLOR: SRC1, b.INV_SRC1_COLOR: 1 - SRC1, b.SRC1_ALPHA: _col(SRC1[:, 3]),
        b.INV_SRC1_ALPHA: _col(1 - SRC1[:, 3]),
    }[kind]


KINDS = [b.ZERO, b.ONE, b.SRC_COLOR, b.INV_SRC_COLOR, b.SRC_ALPHA, b.INV_SRC_ALPHA, b.DEST_ALPHA,
         b.INV_DEST_ALPHA, b.DEST_COLOR, b.INV_DEST_COLOR, b.SRC_ALPHA_SAT, b.BLEND_FACTOR, b.INV_BLEND_FACTOR,
         b.SRC1_COLOR, b.INV_SRC1_COLOR, b.SRC1_ALPHA, b.INV_SRC1_ALPHA]


@pytest.mark.parametrize("kind", KINDS)
def test_factor4_table(kind):
    f = b.factor4(kind, SRC, SRC1, DST, BF)
    assert f.shape == (N, 4) and f.dtype == np.float32
    np.testing.assert_array_equal(f, _expected(kind))


@pytest.mark.parametrize("kind", KINDS)
def test_factor_colour_and_alpha_columns(kind):
    e = _expected(kind)
    np.testing.assert_array_equal(b.factor(kind, SRC, SRC1, DST, BF, False), e[:, 0:3])
    np.testing.assert_array_equal(b.factor(kind, SRC, SRC1, DST, BF, True), e[:, 3:4])


#: the factors allowed for the alpha equation (D3D11_RENDER_TARGET_BLEND_DESC: no *_COLOR factors)
ALPHA_KINDS = [k for k in KINDS if k not in (b.SRC_COLOR, b.INV_SRC_COLOR, b.DEST_COLOR, b.INV_DEST_COLOR,
                                             b.SRC1_COLOR, b.INV_SRC1_COLOR)]


class _Desc:
    def __init__(self, src, dst, src_a, dst_a, op=1, op_a=1):
        self.SrcBlend, self.DestBlend, self.SrcBlendAlpha, self.DestBlendAlpha = src, dst, src_a, dst_a
        self.BlendOp, self.BlendOpAlpha = op, op_a


@pytest.mark.parametrize("src_a", ALPHA_KINDS)
@pytest.mark.parametrize("src", KINDS)
def test_colour_and_alpha_equations_are_separate(src, src_a):
    """§17.5: RGB = Cs*SrcBlend + Cd*DestBlend and A = As*SrcBlendAlpha + Ad*DestBlendAlpha, for every pair of
    colour and alpha source factors (destination factors ONE): whatever shortcut the blender takes when the two
    equations coincide, the alpha channel must use the alpha factor and the colour channels the colour one."""
    out = b.blend(_Desc(src, b.ONE, src_a, b.ONE), SRC, SRC1, DST, BF)
    exp_rgb = SRC[:, :3] * _expected(src)[:, :3] + DST[:, :3]
    exp_a = SRC[:, 3] * _expected(src_a)[:, 3] + DST[:, 3]
    np.testing.assert_array_equal(out[:, :3], exp_rgb)
    np.testing.assert_array_equal(out[:, 3], exp_a)


@pytest.mark.parametrize("dst_a", ALPHA_KINDS)
@pytest.mark.parametrize("dst", KINDS)
def test_destination_colour_and_alpha_factors_are_separate(dst, dst_a):
    out = b.blend(_Desc(b.ONE, dst, b.ONE, dst_a), SRC, SRC1, DST, BF)
    np.testing.assert_array_equal(out[:, :3], SRC[:, :3] + DST[:, :3] * _expected(dst)[:, :3])
    np.testing.assert_array_equal(out[:, 3], SRC[:, 3] + DST[:, 3] * _expected(dst_a)[:, 3])


def test_nan_results_are_stored_as_the_positive_quiet_nan():
    """A NaN produced by blending is stored as 0x7FC00000 whichever operand carried which NaN payload (the
    project's one rule for both backends, pipeline/blend.py)."""
    src = np.array([[0x7FC00123, 0, 0, 0], [0xFFC00005, 0, 0, 0]], np.uint32).view(F)
    dst = np.array([[0x7FA00000, 0, 0, 0], [0, 0, 0, 0]], np.uint32).view(F)
    out = b.blend(_Desc(b.ONE, b.ONE, b.ONE, b.ONE), src, src, dst, BF)
    assert out.view(np.uint32)[:, 0].tolist() == [0x7FC00000, 0x7FC00000]


_MINMAX_VALUES = [0.0, -0.0, 1.5, -2.0, np.inf, -np.inf, np.nan, 3e-39]


def _minmax_want(s: float, d: float, is_min: bool) -> float:
    """D3D11.3 §17.5 BLEND_OP_MIN / MAX take no factors and follow the shader min/max rules (§22.10.10 and
    spec-facts): a NaN operand yields the other operand; of +0 and -0, min is -0 and max is +0."""
    if np.isnan(s):
        return d
    if np.isnan(d):
        return s
    if s == 0 and d == 0:
        neg = np.signbit(s) or np.signbit(d) if is_min else np.signbit(s) and np.signbit(d)
        return -0.0 if neg else 0.0
    return min(s, d) if is_min else max(s, d)


@pytest.mark.parametrize("op", [b.OP_MIN, b.OP_MAX])
def test_min_max_ops_over_every_operand_pair(op):
    """Every ordered pair of a value table holding both zeros, infinities, a denormal and NaN, on either side."""
    pairs = [(s, d) for s in _MINMAX_VALUES for d in _MINMAX_VALUES if not (np.isnan(s) and np.isnan(d))]
    s = np.array([[p[0]] * 4 for p in pairs], F)
    d = np.array([[p[1]] * 4 for p in pairs], F)
    ones = np.ones_like(s)
    got = b.apply_op(op, s, ones, d, ones)
    want = np.array([[_minmax_want(F(p[0]), F(p[1]), op == b.OP_MIN)] * 4 for p in pairs], F)
    np.testing.assert_array_equal(got.view(np.uint32), want.view(np.uint32))


@pytest.mark.parametrize("op", [-1, 16, 17])
def test_logic_op_outside_the_enum_is_not_supported(op):
    """D3D11_LOGIC_OP has 16 values (0 .. 15); the pipeline refuses any other by name, never indexing past its
    table (the API rejects such a desc first, E_INVALIDARG)."""
    from pyd3d11.errors import NotSupportedError

    with pytest.raises(NotSupportedError, match="logic op"):
        b.logic_op(op, np.zeros(4, np.uint32), np.zeros(4, np.uint32))
