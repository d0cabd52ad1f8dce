"""Float32 ALU rules on uint32 register lanes (spec-facts §1.1, §1.2, §1.15; D3D11.3 spec 3.1, ch. 22).

Every function takes and returns ``uint32`` arrays (bit patterns). Arithmetic flushes denormal inputs and
outputs to sign-preserving zero (3.1.3); data movement never goes through here. Results are computed in
numpy float32 (correctly rounded add/mul/div/sqrt); the inexact instructions exp/log/sincos/rsq are the
float32 operation sequences of :mod:`.transcendental`, which the native backend emits identically.
"""

from __future__ import annotations

import numpy as np

from ...formats.numerics import f16_to_f32, f32_to_f16
from .transcendental import evaluate

SIGN = np.uint32(0x80000000)
ALL = np.uint32(0xFFFFFFFF)
F32 = np.float32
U32 = np.uint32


_ABS = np.uint32(0x7FFFFFFF)


_DENORM_LIMIT = np.uint32(0xFFFFFF)  # (b << 1) - 1 below this: denormal


def ftz(b: np.ndarray) -> np.ndarray:
    """Flush float32 denormals (exponent field 0) to a zero of the same sign.

    Fast path: (b << 1) - 1 (uint32 wrap-around) drops the sign and maps zeros to 0xFFFFFFFF, so it is
    < 0xFFFFFF exactly for denormals; one min-reduction tells whether any exist, and arrays without any are
    returned unchanged (no copy)."""
    if b.size == 0:
        return b
    a = np.left_shift(b, U32(1))
    a -= U32(1)
    if a.min() >= _DENORM_LIMIT:
        return b
    return np.where(a < _DENORM_LIMIT, b & SIGN, b)


def as_f(b: np.ndarray) -> np.ndarray:
    return b.view(F32)


def as_u(x: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(x, F32).view(U32)


def boolmask(c: np.ndarray) -> np.ndarray:
    """True → 0xFFFFFFFF, False → 0 (the comparison result encoding)."""
    return c.astype(U32) * ALL


_ONE_BITS = 0x3F800000
_INF_BITS = 0x7F800000


def saturate(b: np.ndarray) -> np.ndarray:
    """Clamp to [0, 1]; NaN → 0 (22.x _sat).

    On the bit patterns as int32: positive floats order like their bits and everything with the sign bit
    set is negative, so clip(bits, 0, bits(1.0)) is the float clamp (-0 → +0); only positive NaNs (bits
    above +INF) would wrongly land on 1.0 and are set to 0 afterwards."""
    bi = np.asarray(b).view(np.int32)
    r = np.clip(bi, 0, _ONE_BITS)
    r[bi > _INF_BITS] = 0
    return r.view(U32)


def _f(fn, flush_out: bool = True):
    """Wrap a float32 → float32 function with input and output denormal flushing. ``flush_out=False`` for
    functions that cannot produce a denormal from flushed inputs (min/max return an input, rounding gives
    integers, frc/sqrt/log/rsq results are 0 or at least 2^-64 in magnitude)."""

    if not flush_out:
        def op_in(*srcs: np.ndarray) -> np.ndarray:
            return as_u(fn(*[as_f(ftz(s)) for s in srcs]))

        return op_in

    def op(*srcs: np.ndarray) -> np.ndarray:
        xs = [as_f(ftz(s)) for s in srcs]
        return ftz(as_u(fn(*xs)))

    return op


def _cmp(fn):
    def op(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return boolmask(fn(as_f(ftz(a)), as_f(ftz(b))))

    return op


def _seq(name: str):
    def fn(x: np.ndarray) -> np.ndarray:
        return evaluate(name, x)

    return fn


def _frc(x: np.ndarray) -> np.ndarray:
    return x - np.floor(x)  # float32 throughout


def _minmax(is_min: bool):
    """min/max on flushed bit patterns, one fixed rule (D3D11.3 22.10.11 / spec-facts §1.1 leave the NaN
    bits and the sign of min(-0, +0) open; numpy's fmin answers differently in its SIMD and scalar loops,
    so the rule is explicit here and in the native backend): a NaN source yields the other source (both
    NaN: the first); unequal numbers compare; equal ones (±0) give -0 for min and +0 for max."""

    def op(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        a, b = ftz(a), ftz(b)
        fa, fb = as_f(a), as_f(b)
        a, b = np.broadcast_arrays(a, b)
        first = (fa < fb) if is_min else (fa > fb)
        second = (fb < fa) if is_min else (fb > fa)
        same = (a | b) if is_min else (a & b)
        r = np.where(first, a, np.where(second, b, same))
        r = np.where(np.isnan(fa), b, r)
        return np.where(np.isnan(fb), a, r).astype(U32)

    return op


_QUIET = np.uint32(0x00400000)


def nan_first(x: np.ndarray, r: np.ndarray) -> np.ndarray:
    """``r``, except where the first operand ``x`` is a NaN: ``x`` with its quiet bit set.

    The NaN rule of add and mul (and of the steps of mad and dp2–dp4). The spec leaves arithmetic NaN
    bits open (spec-facts §1.1), but when both operands are NaNs the answer depends on operand order and
    both numpy (its SIMD loops for 17+ lanes commute add/mul) and LLVM (which may commute fadd/fmul) swap
    operands; a payload then reaches integer ops through asuint and the backends disagree. x86 returns the
    first NaN operand quieted, which this fixes for both backends (shader/native/llvm_gen.py emits it)."""
    nan = np.isnan(x)
    if not nan.any():
        return r
    return np.where(nan, (np.asarray(x, F32).view(U32) | _QUIET).view(F32), r)


def _mad(a, b, c):
    t = nan_first(a, a * b)  # float32 throughout: one rounding per operation
    return nan_first(t, t + c)


def dot(srcs_a: list[np.ndarray], srcs_b: list[np.ndarray]) -> np.ndarray:
    """dp2/dp3/dp4: per-component products summed left to right in float32, flushed (22.10.4)."""
    acc = None
    for a, b in zip(srcs_a, srcs_b):
        x = as_f(ftz(a))
        p = nan_first(x, x * as_f(ftz(b)))
        p = as_f(ftz(as_u(p)))
        acc = p if acc is None else as_f(ftz(as_u(nan_first(acc, acc + p))))
    return ftz(as_u(acc))


def ftoi(b: np.ndarray) -> np.ndarray:
    """Round toward zero, saturate to int32, NaN → 0 (22.13.3)."""
    x = as_f(ftz(b)).astype(np.float64)
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, -2147483648.0, 2147483647.0)))
    return x.astype(np.int64).astype(np.uint32)


def ftou(b: np.ndarray) -> np.ndarray:
    x = as_f(ftz(b)).astype(np.float64)
    x = np.where(np.isnan(x), 0.0, np.trunc(np.clip(x, 0.0, 4294967295.0)))
    return x.astype(np.uint64).astype(np.uint32)


def itof(b: np.ndarray) -> np.ndarray:
    return b.view(np.int32).astype(F32).view(U32)


def utof(b: np.ndarray) -> np.ndarray:
    return b.astype(F32).view(U32)


def f32tof16(b: np.ndarray) -> np.ndarray:
    """float32 → float16 bits in the low 16 bits, upper bits 0 (22.13.2: "follows D3D rules for floating point
    conversion", i.e. 3.2.2: round toward zero, a finite value beyond the range becomes the largest finite half,
    INF stays INF, NaN stays NaN; float32 denormals flush to a zero of their sign). The one definition is the
    format conversion's, :func:`pyd3d11.formats.numerics.f32_to_f16`, which R16_FLOAT writes use too."""
    return f32_to_f16(b.view(F32)).astype(U32)


def f16tof32(b: np.ndarray) -> np.ndarray:
    """Low 16 bits as float16 → float32 (exact; float16 denormals become normal float32 values; a NaN keeps its
    payload, signalling ones too). In integers (formats.numerics): numpy's float16 cast is the CPU's on some
    hosts (AArch64's FCVT quiets a signalling NaN; x86 numpy's software cast keeps it)."""
    return f16_to_f32(b).view(U32)


#: name → (source count, function on uint32 arrays)
FLOAT_OPS = {
    "add": (2, _f(lambda a, b: nan_first(a, a + b))),
    "mul": (2, _f(lambda a, b: nan_first(a, a * b))),
    "div": (2, _f(lambda a, b: a / b)),
    "mad": (3, _f(_mad)),
    "min": (2, _minmax(True)),
    "max": (2, _minmax(False)),
    "exp": (1, _f(_seq("exp"))),
    "log": (1, _f(_seq("log"), False)),
    "sqrt": (1, _f(np.sqrt, False)),
    "rsq": (1, _f(_seq("rsq"), False)),
    "rcp": (1, _f(lambda a: F32(1.0) / a)),
    "frc": (1, _f(_frc, False)),
    "round_ne": (1, _f(np.rint, False)),
    "round_ni": (1, _f(np.floor, False)),
    "round_pi": (1, _f(np.ceil, False)),
    "round_z": (1, _f(np.trunc, False)),
    "eq": (2, _cmp(np.equal)),
    "ne": (2, _cmp(np.not_equal)),
    "lt": (2, _cmp(np.less)),
    "ge": (2, _cmp(np.greater_equal)),
    "ftoi": (1, ftoi),
    "ftou": (1, ftou),
    "itof": (1, itof),
    "utof": (1, utof),
    "f32tof16": (1, f32tof16),
    "f16tof32": (1, f16tof32),
    "sin": (1, _f(_seq("sin"))),
    "cos": (1, _f(_seq("cos"))),
}
