"""The float32 exp/log/sincos/rsq sequences pinned by an independent statement (docs/transcendentals.md).

Both backends share the sequences' constants (shader/ops/transcendental.py), so a differential test cannot
see a changed coefficient bit and the error-bound tests only see a large one. Here each constant is
recomputed from its documented derivation in exact rational arithmetic (``fractions``: ln 2 and pi from
their series, the Chebyshev truncation of each reduced function's power series, round to nearest float32,
ties to even), and each sequence is evaluated in pure Python, one float32 rounding per documented
operation (a float64 result of one +, -, *, / or sqrt rounded once to float32 equals the correctly rounded
float32 operation: 53 >= 2*24 + 2), then compared bit for bit with the reference executor and the native
backend. Nothing below reads the module's constants except to compare them.
"""

from __future__ import annotations

import math
from fractions import Fraction as Fr
from math import comb, factorial

import numpy as np
import pytest

from pyd3d11.shader.ops import transcendental as T
from pyd3d11.shader.ops.alu_float import FLOAT_OPS

pytestmark = pytest.mark.backend_specific  # the sequences themselves; the native comparison selects its backend

U32, F32 = np.uint32, np.float32


# ---------------------------------------------------------------- the derivation, in exact rationals

def _ln2() -> Fr:
    # ln 2 = 2 atanh(1/3) = 2 * sum 1 / ((2k+1) 3^(2k+1)); 80 terms leave < 3^-160
    return 2 * sum(Fr(1, (2 * k + 1) * 3 ** (2 * k + 1)) for k in range(80))


def _atan_inv(n: int) -> Fr:
    return sum(Fr((-1) ** k, (2 * k + 1) * n ** (2 * k + 1)) for k in range(120))


PI = 16 * _atan_inv(5) - 4 * _atan_inv(239)  # Machin's formula; error far below 2^-200
LN2 = _ln2()


def f32_bits(q: Fr) -> int:
    """Bits of the float32 nearest to a nonzero rational in the normal range (ties to even)."""
    sign = 0
    if q < 0:
        sign, q = 1, -q
    e = q.numerator.bit_length() - q.denominator.bit_length()
    while Fr(2) ** e > q:
        e -= 1
    while Fr(2) ** (e + 1) <= q:
        e += 1
    m = q / Fr(2) ** e * (1 << 23)  # in [2^23, 2^24)
    n, r = divmod(m.numerator, m.denominator)
    if 2 * r > m.denominator or (2 * r == m.denominator and n & 1):
        n += 1
    if n == 1 << 24:
        n, e = n >> 1, e + 1
    assert -126 <= e <= 127
    return (sign << 31) | ((e + 127) << 23) | (n - (1 << 23))


def bits_value(b: int) -> Fr:
    return Fr(float(np.uint32(b).view(F32)))


def chebyshev_truncation(a: list[Fr], lo: Fr, hi: Fr, n: int) -> list[Fr]:
    """Monomial coefficients (in v) of the degree-n Chebyshev truncation on [lo, hi] of sum a[j] v^j.

    v = m + h u maps [-1, 1] onto [lo, hi]; u^i = 2^(1-i) sum_k C(i, k) T_(i-2k)(u) (the T_0 term halved);
    the T_0..T_n part is expanded back into powers of u, then of v.
    """
    m, h = (lo + hi) / 2, (hi - lo) / 2
    b = [Fr(0)] * len(a)
    for j, aj in enumerate(a):
        for i in range(j + 1):
            b[i] += aj * comb(j, i) * m ** (j - i) * h ** i
    t = [Fr(0)] * len(b)
    for i, bi in enumerate(b):
        for k in range(i // 2 + 1):
            d = i - 2 * k
            t[d] += bi * Fr(comb(i, k), 2 ** i) * (1 if d == 0 else 2)
    cheb = [[Fr(1)], [Fr(0), Fr(1)]]
    while len(cheb) <= n:
        nxt = [Fr(0)] + [2 * c for c in cheb[-1]]
        for i, c in enumerate(cheb[-2]):
            nxt[i] -= c
        cheb.append(nxt)
    pu = [Fr(0)] * (n + 1)
    for d in range(n + 1):
        for i, c in enumerate(cheb[d]):
            pu[i] += t[d] * c
    pv = [Fr(0)] * (n + 1)
    for i, c in enumerate(pu):
        for k in range(i + 1):
            pv[k] += c * comb(i, k) / h ** i * (-m) ** (i - k)
    return pv


_TERMS = 40  # power-series terms kept: the first dropped one is below 2^-100 on every interval
#: name -> (power series of the reduced function in v, interval of v, degree): docs/transcendentals.md
DEFINITIONS = {
    # (2^f - 1) / f = sum ln2^(j+1) f^j / (j+1)!,  f in [-1/2, 1/2]
    "exp2": ([LN2 ** (j + 1) / factorial(j + 1) for j in range(_TERMS)], Fr(-1, 2), Fr(1, 2), 5),
    # log2((1+t)/(1-t)) / t = (2/ln2) sum s^k / (2k+1),  s = t^2 in [0, 3/100]
    "log2": ([2 / (LN2 * (2 * k + 1)) for k in range(_TERMS)], Fr(0), Fr(3, 100), 4),
    # (sin r - r) / r^3 = sum (-1)^(k+1) s^k / (2k+3)!,  s = r^2 in [0, 5/2] (|r| <= 1.581 > pi/2)
    "sin": ([Fr((-1) ** (k + 1), factorial(2 * k + 3)) for k in range(_TERMS)], Fr(0), Fr(5, 2), 3),
}


def derived_coefficients(name: str) -> tuple[int, ...]:
    a, lo, hi, n = DEFINITIONS[name]
    return tuple(f32_bits(c) for c in chebyshev_truncation(a, lo, hi, n))


DERIVED = {name: derived_coefficients(name) for name in DEFINITIONS}
P1 = f32_bits(PI) & ~0xFFFF  # the low 16 of the 23 fraction bits cleared: 8 significant bits
P2 = f32_bits(PI - bits_value(P1))
INV_PI = f32_bits(1 / PI)
MAGIC = f32_bits(Fr(3 * 2 ** 22))  # 1.5 * 2^23
SQRT2 = f32_bits(Fr(14142135623730950488, 10 ** 19))  # sqrt 2 to 19 digits: float32 spacing there is 1.2e-7


@pytest.mark.parametrize("name", list(DEFINITIONS))
def test_coefficients_are_their_derivation(name):
    got, want = T.COEFFS[name], DERIVED[name]
    assert got == want, f"{name}: {[hex(c) for c in got]} != derived {[hex(c) for c in want]}"


def test_derivation_leading_terms_are_the_series_leading_terms():
    # a check of the derivation itself: the truncation moves the leading coefficients by far less than a
    # float32 ulp, so they round like ln 2 and 2/ln 2; sin's, fitted over the wider [0, 5/2], lies one ulp
    # above -1/6 (BE2AAAAB)
    assert DERIVED["exp2"][0] == f32_bits(LN2) == 0x3F317218
    assert DERIVED["log2"][0] == f32_bits(2 / LN2) == 0x4038AA3B
    assert DERIVED["sin"][0] == f32_bits(Fr(-1, 6)) - 1 == 0xBE2AAAAA


def test_reduction_constants_are_their_derivation():
    assert T.PI_PARTS == (P1, P2) == (0x40490000, 0x3A7DAA22)
    assert T.INV_PI == INV_PI == 0x3EA2F983
    assert T.ROUND_MAGIC == MAGIC == 0x4B400000
    assert T.SQRT2 == SQRT2 == 0x3FB504F3
    # sqrt 2 lies between SQRT2 and the next float32, nearer SQRT2: SQRT2^2 < 2 < ((SQRT2 + next) / 2)^2
    lo, hi = bits_value(SQRT2), bits_value(SQRT2 + 1)
    assert lo * lo < 2 < ((lo + hi) / 2) ** 2
    # P1 has 8 significant bits, so k*P1 is exact for integral |k| < 2^16 (8 + 16 bits fit in 24) and h*P1
    # for half-integral |h| < 2^15; pi - P1 - P2 is below 2^-37, so 2^16*(that) stays below 2^-21
    frac = (P1 & 0x7FFFFF) | 0x800000
    assert frac % (1 << 16) == 0 and frac % (1 << 17) != 0
    assert abs(PI - bits_value(P1) - bits_value(P2)) < Fr(1, 2 ** 37)
    assert (T.ONE, T.HALF, T.DEFAULT_NAN, T.POS_INF, T.NEG_INF) == (
        0x3F800000, 0x3F000000, 0xFFC00000, 0x7F800000, 0xFF800000)


# ---------------------------------------------------------------- the sequences, one rounding per operation

def r32(v: float) -> float:
    """Round a float64 to float32 (the one rounding of a float32 operation)."""
    with np.errstate(all="ignore"):
        return float(F32(v))


def bits_of(v: float) -> int:
    return int(F32(v).view(U32))


def val(b: int) -> float:
    return float(np.uint32(b).view(F32))


def flush(b: int) -> int:
    """Denormal -> zero of the same sign (3.1.3.2), on bits."""
    return b & 0x80000000 if (b & 0x7F800000) == 0 else b


def horner(x: float, coeffs: tuple[int, ...]) -> float:
    acc = val(coeffs[-1])
    for c in reversed(coeffs[:-1]):
        acc = r32(val(c) + r32(x * acc))
    return acc


def py_exp2(x: float) -> float:
    xc = min(max(x, -151.0), 129.0)
    n = float(round(xc))  # round half to even
    f = r32(xc - n)
    p = r32(1.0 + r32(f * horner(f, DERIVED["exp2"])))
    n1 = float(math.floor(r32(n * 0.5)))
    n2 = r32(n - n1)
    return r32(r32(p * 2.0 ** n1) * 2.0 ** n2)


def py_log2(x: float) -> float | int:
    if x == 0:
        return -math.inf
    if x < 0:
        return T.DEFAULT_NAN
    if x == math.inf:
        return math.inf
    b = bits_of(x)
    e = ((b >> 23) & 0xFF) - 127
    mb = (b & 0x7FFFFF) | 0x3F800000
    if mb > SQRT2:  # m in [sqrt(1/2), sqrt 2): halve m
        mb -= 0x800000
        e += 1
    m = val(mb)
    t = r32(r32(m - 1.0) / r32(m + 1.0))
    t2 = r32(t * t)
    return r32(float(e) + r32(t * horner(t2, DERIVED["log2"])))


def py_sin_reduced(x: float, t: float, r: float) -> float | int:
    """(-1)^k * r*(1 + s*S(s)), s = r*r, k's parity t's lowest significand bit, clamped to [-1, 1]."""
    s = r32(r * r)
    p = r32(r * r32(1.0 + r32(s * horner(s, DERIVED["sin"]))))
    if bits_of(t) & 1:  # the sign bit flipped (NaN lanes never get here)
        p = -p
    return min(max(p, -1.0), 1.0)


def py_sin(x: float) -> float | int:
    if math.isinf(x):
        return T.DEFAULT_NAN
    magic = val(MAGIC)
    t = r32(r32(x * val(INV_PI)) + magic)
    k = r32(t - magic)  # an integral float, +0 where x*(1/pi) rounds to 0 (adding 1.5*2^23 loses -0's sign)
    r = r32(r32(x - r32(k * val(P1))) - r32(k * val(P2)))
    return py_sin_reduced(x, t, r)


def py_cos(x: float) -> float | int:
    if math.isinf(x):
        return T.DEFAULT_NAN
    magic = val(MAGIC)
    t = r32(r32(r32(x * val(INV_PI)) - 0.5) + magic)
    h = r32(r32(t - magic) + 0.5)
    r = r32(r32(r32(h * val(P1)) - x) + r32(h * val(P2)))
    return py_sin_reduced(x, t, r)


def py_rsq(x: float) -> float | int:
    if x < 0:
        return T.DEFAULT_NAN
    d = r32(math.sqrt(x)) if x != math.inf else math.inf
    return math.copysign(math.inf, d) if d == 0 else r32(1.0 / d)


_PY = {"exp": py_exp2, "log": py_log2, "sin": py_sin, "cos": py_cos, "rsq": py_rsq}


def py_instruction(name: str, b: int) -> int:
    """The instruction on one input's bits: flushed input, NaN returned unchanged, the sequence, flushed output."""
    b = flush(b)
    x = val(b)
    if math.isnan(x):
        return b
    r = _PY[name](x)
    return r if isinstance(r, int) else flush(bits_of(r))


def _inputs(name: str) -> np.ndarray:
    rng = np.random.default_rng({"exp": 11, "log": 12, "sin": 13, "cos": 14, "rsq": 15}[name])
    sweep = {"exp": np.linspace(-160, 160, 3001), "log": np.concatenate([np.linspace(0.5, 2, 1501),
             np.geomspace(1e-38, 3e38, 1501)]), "rsq": np.geomspace(1e-38, 3e38, 3001)}
    parts = [rng.integers(0, 1 << 32, 3000, dtype=np.uint64).astype(U32),
             np.asarray(sweep.get(name, np.linspace(-400, 400, 3001)), F32).view(U32),
             np.array([0, 0x80000000, 1, 0x807FFFFF, 0x7F800000, 0xFF800000, 0x7FC12345, 0x3F800000, 0x3FB504F3,
                       0x3FB504F4, 0x3F3504F3, 0x3F3504F4, 0x43000000, 0xC2FC0000, 0xC3170000, 0x4B000000], U32)]
    if name in ("sin", "cos"):  # quadrant boundaries: multiples of pi/4 and far arguments
        quarter = np.arange(-2000, 2001) * (np.pi / 4)
        parts += [np.asarray(quarter, F32).view(U32), np.asarray(np.geomspace(400, 3e38, 500), F32).view(U32)]
    return np.concatenate(parts)


@pytest.mark.parametrize("name", list(_PY))
def test_reference_equals_the_documented_sequence(name):
    x = _inputs(name)
    want = np.array([py_instruction(name, int(b)) for b in x], U32)
    with np.errstate(all="ignore"):
        got = FLOAT_OPS[name][1](x)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, [(hex(x[i]), hex(got[i]), hex(want[i])) for i in bad[:5]]


def test_native_equals_the_documented_sequence():
    from pyd3d11.shader import native

    if not native.available():
        pytest.skip("llvmlite not installed (the fast extra)")
    from pyd3d11.shader.dxbc.asm import assemble_program
    from pyd3d11.shader.native import runtime

    prog = assemble_program("ps_5_0\ndcl_input_ps linear v0.xyzw\ndcl_output o0.xyzw\ndcl_output o1.xyzw\n"
                            "exp o0.x, v0.x\nlog o0.y, v0.y\nrsq o0.z, v0.z\nsincos o1.x, o1.y, v0.w\nret\n")
    cols = {name: _inputs(name) for name in ("exp", "log", "rsq", "sin", "cos")}
    n = max(len(v) for v in cols.values())
    lanes = {k: np.resize(v, n) for k, v in cols.items()}
    inputs = np.stack([lanes["exp"], lanes["log"], lanes["rsq"], lanes["sin"]], axis=1)[None]  # (reg, lane, comp)
    before = runtime.stats.native_runs
    res = runtime.run_program(prog, n, inputs=np.ascontiguousarray(inputs))
    assert runtime.stats.native_runs == before + 1, runtime.stats.reasons
    out = {"exp": res.outputs[0, :, 0], "log": res.outputs[0, :, 1], "rsq": res.outputs[0, :, 2],
           "sin": res.outputs[1, :, 0], "cos": res.outputs[1, :, 1]}
    src = {"exp": lanes["exp"], "log": lanes["log"], "rsq": lanes["rsq"], "sin": lanes["sin"], "cos": lanes["sin"]}
    for name, got in out.items():
        want = np.array([py_instruction(name, int(b)) for b in src[name]], U32)
        bad = np.flatnonzero(np.asarray(got, U32) != want)
        assert bad.size == 0, (name, [(hex(src[name][i]), hex(got[i]), hex(want[i])) for i in bad[:5]])
