"""magnitude.py's input-flush and product rules, from their written statements (D3D11.3 §3.1.3.2; the proofs in
shader/native/magnitude.py's docstrings), case by case. Seed-18 mutation survivors: magnitude.py:40 #18
(flushed_input's zero flag) and magnitude.py:47 #22 (mul of an operand with no finite nonzero value)."""

from __future__ import annotations

import math

import pytest

from pyd3d11.shader.native import magnitude as mg

NO = mg.NO_VALUE

# flushed_input: a lane below 2^-126 is a denormal and flushes to ±0, so the flag "may be zero" turns on exactly
# when the bound reaches below 2^-126; what stays nonzero is a normal, at least 2^-126.
_FLUSHED_INPUT = [
    ((-149, False), (-126, True)),   # any denormal may become 0
    ((-130, False), (-126, True)),
    ((-127, False), (-126, True)),   # 2^-127 is a denormal too
    ((-126, False), (-126, False)),  # the least normal stays
    ((-100, False), (-100, False)),
    ((-100, True), (-100, True)),    # a zero stays a zero
    ((-130, True), (-126, True)),
    ((NO, False), (NO, False)),      # ±INF / NaN: never flushed
    ((NO, True), (NO, True)),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("bound, expected", _FLUSHED_INPUT)
def test_flushed_input(bound, expected):
    assert mg.flushed_input(bound) == expected


# mul: a NaN, infinite or zero operand on EITHER side gives NaN, INF or 0 (no finite nonzero value: NO_VALUE, with
# the zero flag); otherwise 2^(la+lb), floored at 2^-149 where the product may round to 0.
_MUL = [
    ((-5, False), mg.constant(0.0), (NO, True)),
    (mg.constant(0.0), (-5, False), (NO, True)),
    ((3, False), mg.constant(math.inf), (NO, True)),
    (mg.constant(-math.inf), (3, False), (NO, True)),
    ((-149, True), mg.constant(math.nan), (NO, True)),
    (mg.constant(0.0), mg.constant(math.inf), (NO, True)),
    (mg.constant(2.0), (2, False), (3, False)),
    ((-70, False), (-70, False), (-140, False)),
    ((-70, False), (-79, False), (-149, False)),  # 2^-149 exactly: representable, a nonzero result
    ((-100, False), (-100, False), (-149, True)),  # below 2^-149: may round to 0
    ((-3, True), (4, False), (1, True)),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize("a, b, expected", _MUL)
def test_mul(a, b, expected):
    assert mg.mul(a, b) == expected
