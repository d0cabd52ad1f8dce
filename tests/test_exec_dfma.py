"""dfma is fused: one rounding of the exact a * b + c (D3D11.3 §22.14.7, 0.5 ULP for the whole
operation). Expectations from exact rational arithmetic."""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from pyd3d11.shader.ops.alu_double import dfma


def _exact(a: float, b: float, c: float) -> float:
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def test_dfma_rounds_once_where_separate_rounding_differs():
    rng = np.random.default_rng(3)
    n = 3000
    a = rng.normal(size=n) * np.exp2(rng.integers(-40, 40, n))
    b = rng.normal(size=n) * np.exp2(rng.integers(-40, 40, n))
    c = -(a * b) * (1 + rng.normal(size=n) * 1e-9)  # heavy cancellation: the product's low bits matter
    c[::4] = rng.normal(size=len(c[::4]))
    got = dfma(a, b, c)
    expect = np.array([_exact(x, y, z) for x, y, z in zip(a, b, c, strict=True)])
    np.testing.assert_array_equal(got, expect)
    assert (a * b + c != expect).sum() > n // 4  # the unfused formula would be wrong here


def test_dfma_special_values():
    inf, nan = np.inf, np.nan
    a = np.array([inf, 0.0, 2.0, nan, 1e300, -0.0])
    b = np.array([2.0, inf, 3.0, 1.0, 1e300, 5.0])
    c = np.array([1.0, 1.0, -inf, 0.0, 1.0, 0.0])
    got = dfma(a, b, c)
    assert got[0] == inf and np.isnan(got[1]) and got[2] == -inf and np.isnan(got[3]) and got[4] == inf
    assert got[5] == 0.0


def test_dfma_finite_factors_whose_rounded_product_overflows():
    """The exact product of finite factors is finite: an infinite c is the result (IEEE 754 fusedMultiplyAdd:
    no invalid inf - inf), and a finite c of the other sign can bring the exact sum back into range."""
    big = 2.0 ** 512 * 1.0000001  # big * big is just over 2^1024 > DBL_MAX: the rounded product is inf
    a = np.array([1e200, 1e200, big, big, -big, big])
    b = np.array([1e200, 1e200, big, big, big, big])
    c = np.array([-np.inf, np.inf, -1.7e308, 1.0, 1.7e308, -np.inf])
    got = dfma(a, b, c)
    expect = [-np.inf, np.inf, _exact(big, big, -1.7e308), np.inf, _exact(-big, big, 1.7e308), -np.inf]
    assert np.isfinite(expect[2]) and np.isfinite(expect[4])
    np.testing.assert_array_equal(got, expect)
