"""Instruction-set arithmetic tables (shader/ops/alu_float.py, alu_int.py) pinned case by case.

Operand counts come from Microsoft's Shader Model 5 assembly reference (each instruction's syntax line:
``add dest, src0, src1`` ...); values from the D3D11.3 functional spec §22 definitions, computed by hand."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.shader.ops.alu_float import FLOAT_OPS, ftz
from pyd3d11.shader.ops.alu_int import INT_OPS

U = np.uint32

#: instruction -> number of source operands (SM5 asm reference syntax)
_FLOAT_SOURCES = {
    "add": 2, "mul": 2, "div": 2, "mad": 3, "min": 2, "max": 2, "exp": 1, "log": 1, "sqrt": 1, "rsq": 1,
    "rcp": 1, "frc": 1, "round_ne": 1, "round_ni": 1, "round_pi": 1, "round_z": 1, "eq": 2, "ne": 2, "lt": 2,
    "ge": 2, "ftoi": 1, "ftou": 1, "itof": 1, "utof": 1, "f32tof16": 1, "f16tof32": 1, "sin": 1, "cos": 1,
}
#: instruction -> (source operands, destination operands); imul/umul: destHI, destLO; udiv: destQUOT,
#: destREM; uaddc/usubb: dest, carry/borrow
_INT_OPERANDS = {
    "iadd": (2, 1), "imad": (3, 1), "umad": (3, 1), "ineg": (1, 1), "and": (2, 1), "or": (2, 1), "xor": (2, 1),
    "not": (1, 1), "ishl": (2, 1), "ishr": (2, 1), "ushr": (2, 1), "ieq": (2, 1), "ine": (2, 1), "ilt": (2, 1),
    "ige": (2, 1), "ult": (2, 1), "uge": (2, 1), "imin": (2, 1), "imax": (2, 1), "umin": (2, 1), "umax": (2, 1),
    "imul": (2, 2), "umul": (2, 2), "udiv": (2, 2), "uaddc": (2, 2), "usubb": (2, 2), "ubfe": (3, 1),
    "ibfe": (3, 1), "bfi": (4, 1), "bfrev": (1, 1), "countbits": (1, 1), "firstbit_hi": (1, 1),
    "firstbit_lo": (1, 1), "firstbit_shi": (1, 1), "msad": (3, 1),
}


@pytest.mark.parametrize("name", sorted(_FLOAT_SOURCES))
def test_float_op_source_count(name):
    assert FLOAT_OPS[name][0] == _FLOAT_SOURCES[name]


@pytest.mark.parametrize("name", sorted(_INT_OPERANDS))
def test_int_op_operand_counts(name):
    assert INT_OPS[name][:2] == _INT_OPERANDS[name]


def _i(*v: int) -> np.ndarray:
    return np.array([x & 0xFFFFFFFF for x in v], U)


def test_or_and_imax_values():
    """§22.13: or is bitwise inclusive or; imax compares as signed 32-bit integers."""
    assert INT_OPS["or"][2](_i(0b1100), _i(0b1010)).tolist() == [0b1110]
    assert INT_OPS["imax"][2](_i(-1, -5, 3), _i(1, -7, 3)).tolist() == [1, (-5) & 0xFFFFFFFF, 3]


def test_udiv_by_zero_both_results_all_ones():
    """§22.13 udiv: a zero divisor gives 0xFFFFFFFF for quotient and remainder; other lanes divide."""
    q, r = INT_OPS["udiv"][2](_i(7, 7, 0), _i(0, 2, 0))
    assert q.tolist() == [0xFFFFFFFF, 3, 0xFFFFFFFF]
    assert r.tolist() == [0xFFFFFFFF, 1, 0xFFFFFFFF]


@pytest.mark.parametrize(("width", "offset", "src", "expected"), [
    (1, 30, 0x40000000, 0xFFFFFFFF),   # the field's top bit lands on bit 31 after the left shift: sign 1
    (2, 29, 0x20000000, 0x00000001),   # field 0b01: positive
    (2, 29, 0x60000000, 0xFFFFFFFF),   # field 0b11: -1
    (4, 4, 0x00000080, 0xFFFFFFF8),    # field 0b1000: -8
])
def test_ibfe_sign_extends_the_field(width, offset, src, expected):
    """§22.13 ibfe: extract ``width`` bits at ``offset`` and sign-extend from the field's top bit."""
    assert INT_OPS["ibfe"][2](_i(width), _i(offset), _i(src)).tolist() == [expected]


def test_ftz_keeps_the_smallest_normal_and_flushes_denormals():
    """§3.1.3: denormals (exponent field 0) flush to a zero of the same sign; 0x00800000, the smallest
    normal float32, is not a denormal and must be kept (with and without its sign)."""
    b = _i(0x00800000, 0x80800000, 0x00000001, 0x807FFFFF, 0x3F800000)
    assert ftz(b).tolist() == [0x00800000, 0x80800000, 0x00000000, 0x80000000, 0x3F800000]


def _fbits(*v: float) -> np.ndarray:
    return np.array(v, np.float32).view(U)


def test_mad_multiplies_then_adds_with_two_roundings():
    """§22.10 mad: dest = src0 * src1 + src2. The spec allows a fused or a serial result; the project defines it
    as serial (one rounding after the multiply, one after the add) in both backends (issue 12: no contraction).
    (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46 rounds to 1.0, so adding -1 gives exactly 0 (a fused result: -2^-46)."""
    e = 2.0 ** -23
    r = FLOAT_OPS["mad"][1](_fbits(2.0, 1 + e, -3.0), _fbits(3.0, 1 - e, 0.5), _fbits(1.0, -1.0, 0.25))
    assert r.view(np.float32).tolist() == [7.0, 0.0, -1.25]


def test_mad_flushes_a_denormal_product_and_result():
    """§3.1.3 denormal flushing applies to mad's inputs and its result: 2^-100 * 2^-40 + 0 is a denormal → +0."""
    r = FLOAT_OPS["mad"][1](_fbits(2.0 ** -100), _fbits(2.0 ** -40), _fbits(0.0))
    assert r.tolist() == [0]


@pytest.mark.parametrize("name", ["add", "mul", "mad"])
def test_nan_operand_result_is_the_first_nan_quieted(name):
    """The project's one NaN rule for add, mul and mad's steps (alu_float.nan_first; the spec leaves the bits
    open, spec-facts §1.1, x86 returns the first NaN operand quieted): the first NaN operand with its quiet bit
    (bit 22) set and its payload kept — signalling and quiet payloads, either sign, also when both are NaNs."""
    first = U([0x7F800002, 0xFF800004, 0x7FC00010, 0x3F800000, 0x7FA00000])
    second = U([0x3F800000, 0x7F800008, 0x7F800001, 0xFF800006, 0x40000000])
    want = [0x7FC00002, 0xFFC00004, 0x7FC00010, 0xFFC00006, 0x7FE00000]
    srcs = [first, second] + ([U([0x3F800000] * 5)] if name == "mad" else [])
    assert np.asarray(FLOAT_OPS[name][1](*srcs), U).tolist() == want
