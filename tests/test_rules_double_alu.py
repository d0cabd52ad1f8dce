"""Double-precision instructions against their definitions (D3D11.3 §22.14–22.17, IEEE 754-2008).

Expected values are computed here from the definitions, not from the executor:
- the comparisons deq / dne / dlt / dge (§22.14.3–22.14.6) write 0xFFFFFFFF or 0 per double result, to the
  masked components in order; NaN compares unordered (only dne is true);
- dfma (§22.14.7) is one rounding of the exact a * b + c; when that exact value is zero its sign is the one
  IEEE 754-2008 §6.3 gives the sum of the zero product and c (-0 only when both are -0), and a non-zero exact
  value that rounds to zero keeps its sign (§6.3: "the sign of a rounded result is the sign of the exact
  result"); double denormals are never flushed (§3.1.4, spec-facts §1.1);
- dtof (§22.17.1) rounds to nearest even; a float32 denormal result may be honoured or flushed (the spec allows
  both; pyd3d11 flushes), but nothing else: never a value that is neither.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pyd3d11.shader import native
from pyd3d11.shader.dxbc.asm import assemble_program
from pyd3d11.shader.exec import reference
from pyd3d11.shader.native import runtime
from pyd3d11.shader.ops.alu_double import dfma, dtof

U32, U64, F64 = np.uint32, np.uint64, np.float64


def _run(line: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``line`` over v0 = (a, a) and v1 = (b, b) as double pairs; o0's four words per lane."""
    src = ("vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_output o0.xyzw\n"
           "mov o0.xyzw, l(7, 7, 7, 7)\n" + line + "\nret\n")
    n = a.shape[0]
    inp = np.zeros((2, n, 4), U32)
    for r, x in ((0, a), (1, b)):
        w = np.repeat(np.asarray(x, F64)[:, None], 2, 1).view(U32)  # (n, 4): lo, hi, lo, hi
        inp[r] = w
    out = reference.run_program(assemble_program(src), n, inputs=inp)
    return np.asarray(out.outputs[0], U32).reshape(n, 4)


_NAN = float("nan")
_A = np.array([1.0, 1.0, 2.0, -0.0, _NAN, -np.inf, 3.5, 1e-310])
_B = np.array([1.0, 2.0, 1.0, 0.0, 1.0, -np.inf, _NAN, 2e-310])

_COMPARE = {
    "deq": lambda x, y: x == y,
    "dne": lambda x, y: not x == y,  # unordered: true
    "dlt": lambda x, y: x < y,
    "dge": lambda x, y: x >= y,
}


@pytest.mark.parametrize("op", sorted(_COMPARE))
def test_double_comparisons_write_all_ones_or_zero_to_the_masked_components(op):
    got = _run(f"{op} o0.xz, v0.xyzw, v1.xyzw", _A, _B)
    want = np.array([0xFFFFFFFF if _COMPARE[op](float(x), float(y)) else 0 for x, y in zip(_A, _B)], U32)
    assert np.array_equal(got[:, 0], want), op
    assert np.array_equal(got[:, 2], want), op
    assert np.array_equal(got[:, [1, 3]], np.full((len(_A), 2), 7, U32))  # unmasked: untouched


def _fma_exact_sign(a: float, b: float, c: float) -> float:
    """IEEE 754-2008 fusedMultiplyAdd(a, b, c) for finite a, b, c, rounding to nearest even (via Fraction: the
    exact value, then Python's correctly rounded float conversion); signed zeros by §6.3."""
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        prod_neg = (np.signbit(a) != np.signbit(b))
        if a == 0 or b == 0:  # the product is an exact ±0: the sum of two zeros
            return -0.0 if prod_neg and np.signbit(c) else 0.0
        return 0.0  # x*y = -z exactly, non-zero: an exact zero sum of opposite signs is +0
    r = float(exact)
    return r if r != 0 else (-0.0 if exact < 0 else 0.0)


_ZERO_CASES = [
    (-0.0, 1.0, -0.0), (0.0, -1.0, -0.0), (-0.0, -1.0, -0.0), (-0.0, 1.0, 0.0), (0.0, 1.0, -0.0),
    (3.0, -0.0, -0.0), (3.0, 0.0, -0.0), (-3.0, 0.0, -0.0), (2.0, 3.0, -6.0), (-2.0, 3.0, 6.0),
    # exact products below the smallest double denormal: the result rounds to a zero of the product's sign
    (1e-200, -1e-200, 0.0), (1e-200, -1e-200, -0.0), (-1e-200, -1e-200, -0.0),
    # products in the denormal range: no flush (§3.1.4), the product rounded once
    (1e-160, 3e-160, 0.0), (-1e-160, 3e-160, -0.0), (2.0 ** -1000, 2.0 ** -70, 0.0),
]


@pytest.mark.parametrize(("a", "b", "c"), _ZERO_CASES)
def test_dfma_signed_zero_and_underflow_follow_ieee(a, b, c):
    want = _fma_exact_sign(a, b, c)
    got = float(dfma(np.array([a]), np.array([b]), np.array([c]))[0])
    assert got == want and np.signbit(got) == np.signbit(want), (a, b, c, got, want)


@pytest.mark.parametrize("executor", ["reference", "native"])
def test_dfma_instruction_signed_zero(executor):
    # the same rule through the instruction, on each executor
    if executor == "native" and not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    src = ("vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input v2.xyzw\ndcl_output o0.xyzw\n"
           "dfma o0.xyzw, v0.xyzw, v1.xyzw, v2.xyzw\nret\n")
    a = np.array([-0.0, 0.0, 1e-200, 5.0])
    b = np.array([1.0, -1.0, -1e-200, -0.0])
    c = np.array([-0.0, -0.0, 0.0, -0.0])
    inp = np.stack([np.repeat(x[:, None], 2, 1).view(U32) for x in (a, b, c)])
    run = reference.run_program if executor == "reference" else runtime.run_program
    before = runtime.stats.native_runs
    out = run(assemble_program(src), 4, inputs=inp)
    if executor == "native":
        assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    got = np.ascontiguousarray(np.asarray(out.outputs[0], U32).reshape(4, 4)).view(F64)
    want = [_fma_exact_sign(*t) for t in zip(a, b, c)]
    for i in range(4):
        for j in range(2):
            assert got[i, j] == want[i] and np.signbit(got[i, j]) == np.signbit(want[i]), (i, got[i], want[i])


def test_dtof_denormal_results_are_flushed_or_honoured_never_truncated():
    # float32 denormals k * 2**-149 for odd and even k, both signs; and the largest denormal
    ks = np.array([1, 2, 3, 5, 0x7FFFFF, 0x400001], np.int64)
    vals = np.concatenate([ks * 2.0 ** -149, -(ks * 2.0 ** -149)])
    got = dtof(vals).astype(U32)
    for v, g in zip(vals, got):
        honoured = np.float32(v).view(U32)  # exactly representable: the honoured result
        flushed = U32(0x80000000) if v < 0 else U32(0)
        assert g in (honoured, flushed), (v, hex(int(g)))
    # pyd3d11's choice is the flush, with the sign kept
    assert np.array_equal(got, np.where(vals < 0, 0x80000000, 0).astype(U32))
    # a double just above the smallest normal float32 rounds to it, not flushed
    assert dtof(np.array([2.0 ** -126 * (1 + 2.0 ** -30)]))[0] == 0x00800000


def _large_cases():
    # (1 + 2^-52) * (1 + 2^-51) = 1 + 3 * 2^-52 + 2^-103 exactly; minus 1 leaves 3 * 2^-52 + 2^-103, which a double
    # holds exactly, while a * b + c rounded twice loses the 2^-103: scaled by 2^(2s), and with the scale moved
    # onto one factor (operands up to 2^1020, partners down to the denormal range)
    out = []
    for s in (0, 240, 480, 485, 490, 497, 511):
        a, b = (1 + 2.0 ** -52) * 2.0 ** s, (1 + 2.0 ** -51) * 2.0 ** s
        out.append((a, b, -(2.0 ** (2 * s))))
        out.append((-a, b, 2.0 ** (2 * s)))
    for ea, eb in ((995, -30), (1000, -1000), (1020, 2), (-1040, 1023), (1010, -1064)):
        a, b = (1 + 2.0 ** -52) * 2.0 ** ea, (1 + 2.0 ** -51) * 2.0 ** eb
        out.append((a, b, -(2.0 ** (ea + eb))))
        out.append((b, -a, 2.0 ** (ea + eb)))
    return out


@pytest.mark.parametrize("executor", ["reference", "native"])
def test_dfma_rounds_once_at_large_magnitudes(executor):
    if executor == "native" and not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    cases = _large_cases()
    a, b, c = (np.array(x) for x in zip(*cases))
    want = np.array([float(Fraction(x) * Fraction(y) + Fraction(z)) for x, y, z in cases])
    assert not np.array_equal(a * b + c, want)  # the unfused formula differs here
    if executor == "reference":
        got = dfma(a, b, c)
    else:
        src = ("vs_5_0\ndcl_input v0.xyzw\ndcl_input v1.xyzw\ndcl_input v2.xyzw\ndcl_output o0.xyzw\n"
               "dfma o0.xyzw, v0.xyzw, v1.xyzw, v2.xyzw\nret\n")
        n = len(cases)
        inp = np.stack([np.repeat(x[:, None], 2, 1).view(U32) for x in (a, b, c)])
        before = runtime.stats.native_runs
        out = runtime.run_program(assemble_program(src), n, inputs=inp)
        assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
        got = np.ascontiguousarray(np.asarray(out.outputs[0], U32).reshape(n, 4)).view(F64)[:, 0]
    assert np.array_equal(got, want), (got - want)
