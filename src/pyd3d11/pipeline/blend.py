"""Blend factors, blend ops and logic ops (D3D11.3 §17.1–17.7; spec-facts §1.10).

All math in float32; NaN and signed zeros propagate even through zero weights (§17.5), so factors
are multiplied in, never skipped.
"""

from __future__ import annotations

import numpy as np

from ..errors import NotSupportedError

ZERO, ONE, SRC_COLOR, INV_SRC_COLOR, SRC_ALPHA, INV_SRC_ALPHA = 1, 2, 3, 4, 5, 6
DEST_ALPHA, INV_DEST_ALPHA, DEST_COLOR, INV_DEST_COLOR, SRC_ALPHA_SAT = 7, 8, 9, 10, 11
BLEND_FACTOR, INV_BLEND_FACTOR = 14, 15
SRC1_COLOR, INV_SRC1_COLOR, SRC1_ALPHA, INV_SRC1_ALPHA = 16, 17, 18, 19
DUAL_SOURCE_FACTORS = frozenset({SRC1_COLOR, INV_SRC1_COLOR, SRC1_ALPHA, INV_SRC1_ALPHA})

OP_ADD, OP_SUBTRACT, OP_REV_SUBTRACT, OP_MIN, OP_MAX = 1, 2, 3, 4, 5

_ONE = np.float32(1.0)


def _wide(v, n: int) -> np.ndarray:
    """``v`` (a scalar or (n, 1) column) as an (n, 4) read-only broadcast view (no copy)."""
    return np.broadcast_to(np.asarray(v, np.float32), (n, 4))


def factor(kind: int, src: np.ndarray, src1: np.ndarray, dst: np.ndarray, blend_factor: np.ndarray,
           alpha: bool) -> np.ndarray:
    """The (n, 3) colour or (n, 1) alpha factor for blend ``kind``.

    ``src``/``src1``/``dst`` are (n, 4) float32; ``blend_factor`` is (4,) or (n, 4) float32.
    """
    return factor4(kind, src, src1, dst, blend_factor)[:, 3:] if alpha else \
        factor4(kind, src, src1, dst, blend_factor)[:, 0:3]


def factor4(kind: int, src: np.ndarray, src1: np.ndarray, dst: np.ndarray, blend_factor: np.ndarray) -> np.ndarray:
    """Blend factor ``kind`` for all four channels, (n, 4) float32 (a read-only broadcast view where
    it can be): columns 0-2 are the colour factor, column 3 the same kind's alpha factor (§17.5)."""
    n = src.shape[0]
    if kind == ZERO:
        f = _wide(np.float32(0), n)
    elif kind == ONE:
        f = _wide(_ONE, n)
    elif kind == SRC_COLOR:
        f = src
    elif kind == INV_SRC_COLOR:
        f = _ONE - src
    elif kind == SRC_ALPHA:
        f = _wide(src[:, 3:4], n)
    elif kind == INV_SRC_ALPHA:
        f = _wide(_ONE - src[:, 3:4], n)
    elif kind == DEST_ALPHA:
        f = _wide(dst[:, 3:4], n)
    elif kind == INV_DEST_ALPHA:
        f = _wide(_ONE - dst[:, 3:4], n)
    elif kind == DEST_COLOR:
        f = dst
    elif kind == INV_DEST_COLOR:
        f = _ONE - dst
    elif kind == SRC_ALPHA_SAT:
        m = _min_nan(src[:, 3:4], _ONE - dst[:, 3:4])
        f = np.concatenate([np.repeat(m, 3, 1), np.ones((n, 1), np.float32)], 1)
    elif kind == BLEND_FACTOR:
        f = np.broadcast_to(blend_factor, (n, 4))
    elif kind == INV_BLEND_FACTOR:
        f = _ONE - np.broadcast_to(blend_factor, (n, 4))
    elif kind == SRC1_COLOR:
        f = src1
    elif kind == INV_SRC1_COLOR:
        f = _ONE - src1
    elif kind == SRC1_ALPHA:
        f = _wide(src1[:, 3:4], n)
    elif kind == INV_SRC1_ALPHA:
        f = _wide(_ONE - src1[:, 3:4], n)
    else:
        raise NotSupportedError(f"blend factor {kind}")
    return np.asarray(f, np.float32)


def _zero_tie(a: np.ndarray, b: np.ndarray, r: np.ndarray, is_min: bool) -> np.ndarray:
    """``r`` where a == b replaced by a | b bits (min) or a & b bits (max): equal non-zero values are the
    same bits, and of +0 and -0 min gives -0 and max +0 (spec-facts §min/max: "min(-0, +0) = -0
    recommended"). numpy's fmin/fmax/minimum return either zero depending on the array length."""
    eq = a == b
    if not eq.any():
        return r
    ai, bi = np.ascontiguousarray(a, np.float32).view(np.uint32), np.ascontiguousarray(b, np.float32).view(np.uint32)
    tie = (ai | bi) if is_min else (ai & bi)
    return np.where(eq, tie.view(np.float32), r)


def _min_max(a: np.ndarray, b: np.ndarray, is_min: bool) -> np.ndarray:
    """min/max with the shader instruction's NaN rule: a NaN operand yields the other one (§22.10.10); two
    NaNs give ``a``; min(-0, +0) = -0, max = +0. Every case is decided here explicitly, because numpy's
    fmin/fmax pick among equal zeros, among two NaNs and for signalling NaNs differently by array length
    and code path, which made results depend on the batch size."""
    a = np.asarray(a, np.float32)
    b = np.asarray(b, np.float32)
    r = np.where(a < b, a, b) if is_min else np.where(a > b, a, b)
    r = _zero_tie(a, b, r, is_min)
    na, nb = np.isnan(a), np.isnan(b)
    if (na | nb).any():
        r = np.where(nb, a, np.where(na, b, r))
    return np.asarray(r, np.float32)


def _min_nan(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """np.minimum (a NaN operand is the result; ``a``'s when both are NaN) with min(-0, +0) = -0, decided
    explicitly for the same reason as :func:`_min_max` (SRC_ALPHA_SAT's min(As, 1 - Ad), §17.5)."""
    r = _zero_tie(a, b, np.where(a < b, a, b), True)
    na, nb = np.isnan(a), np.isnan(b)
    if (na | nb).any():
        r = np.where(na, a, np.where(nb, b, r))
    return np.asarray(r, np.float32)


def apply_op(op: int, s: np.ndarray, sf: np.ndarray, d: np.ndarray, df: np.ndarray) -> np.ndarray:
    if op == OP_MIN:
        return _min_max(s, d, True)
    if op == OP_MAX:
        return _min_max(s, d, False)
    # float32 operands give float32 results; astype only converts (never copies) otherwise.
    a = (s * sf).astype(np.float32, copy=False)
    b = (d * df).astype(np.float32, copy=False)
    if op == OP_ADD:
        return (a + b).astype(np.float32, copy=False)
    if op == OP_SUBTRACT:
        return (a - b).astype(np.float32, copy=False)
    if op == OP_REV_SUBTRACT:
        return (b - a).astype(np.float32, copy=False)
    raise NotSupportedError(f"blend op {op}")


# The alpha-channel value of each factor kind (§17.5): a colour factor evaluated on all four channels
# gives, in its fourth column, exactly the alpha factor of this kind (SRC_ALPHA_SAT's fourth is 1).
_ALPHA_OF = {ZERO: ZERO, ONE: ONE, SRC_COLOR: SRC_ALPHA, INV_SRC_COLOR: INV_SRC_ALPHA, SRC_ALPHA: SRC_ALPHA,
             INV_SRC_ALPHA: INV_SRC_ALPHA, DEST_ALPHA: DEST_ALPHA, INV_DEST_ALPHA: INV_DEST_ALPHA,
             DEST_COLOR: DEST_ALPHA, INV_DEST_COLOR: INV_DEST_ALPHA, SRC_ALPHA_SAT: ONE, BLEND_FACTOR: BLEND_FACTOR,
             INV_BLEND_FACTOR: INV_BLEND_FACTOR, SRC1_COLOR: SRC1_ALPHA, INV_SRC1_COLOR: INV_SRC1_ALPHA,
             SRC1_ALPHA: SRC1_ALPHA, INV_SRC1_ALPHA: INV_SRC1_ALPHA}


def four_wide(rt_desc) -> bool:
    """Whether the colour equation applied to all four channels equals colour + alpha equations:
    same op, and each colour factor's alpha column is the alpha factor (then one (n, 4) pass)."""
    a_src, a_dst = _ALPHA_OF.get(rt_desc.SrcBlend), _ALPHA_OF.get(rt_desc.DestBlend)
    return (rt_desc.BlendOp == rt_desc.BlendOpAlpha and a_src is not None and a_dst is not None
            and a_src == _ALPHA_OF.get(rt_desc.SrcBlendAlpha) and a_dst == _ALPHA_OF.get(rt_desc.DestBlendAlpha))


#: the NaN every blended NaN is stored as (positive quiet NaN)
CANONICAL_NAN = np.uint32(0x7FC00000)


def canonical_nan(v: np.ndarray) -> np.ndarray:
    """``v`` with every NaN replaced by :data:`CANONICAL_NAN`. Which NaN an arithmetic operation on two NaN
    operands returns is not defined (IEEE 754; spec-facts §1: "NaN bit pattern need not survive except raw
    mov"), and x86 returns the first operand's, so the result depended on the order the operands were
    written in (and a compiler may commute them): blending defines it once, for both backends."""
    nan = np.isnan(v)
    if nan.any():
        v = np.where(nan, CANONICAL_NAN.view(np.float32), v)
    return v


def blend(rt_desc, src: np.ndarray, src1: np.ndarray, dst: np.ndarray, blend_factor: np.ndarray) -> np.ndarray:
    """Blend (n, 4) float32 colours with one D3D11_RENDER_TARGET_BLEND_DESC(1); NaN results are
    :data:`CANONICAL_NAN`."""
    return canonical_nan(_blend(rt_desc, src, src1, dst, blend_factor))


def _blend(rt_desc, src: np.ndarray, src1: np.ndarray, dst: np.ndarray, blend_factor: np.ndarray) -> np.ndarray:
    if four_wide(rt_desc):
        # One pass over whole pixels: per channel the same operations on the same values as below.
        sf = factor4(rt_desc.SrcBlend, src, src1, dst, blend_factor)
        df = factor4(rt_desc.DestBlend, src, src1, dst, blend_factor)
        return apply_op(rt_desc.BlendOp, src, sf, dst, df)
    out = np.empty_like(src)
    sf = factor(rt_desc.SrcBlend, src, src1, dst, blend_factor, False)
    df = factor(rt_desc.DestBlend, src, src1, dst, blend_factor, False)
    out[:, :3] = apply_op(rt_desc.BlendOp, src[:, :3], sf, dst[:, :3], df)
    sa = factor(rt_desc.SrcBlendAlpha, src, src1, dst, blend_factor, True)
    da = factor(rt_desc.DestBlendAlpha, src, src1, dst, blend_factor, True)
    out[:, 3:] = apply_op(rt_desc.BlendOpAlpha, src[:, 3:], sa, dst[:, 3:], da)
    return out


# D3D11_LOGIC_OP 0..15 as functions of (s, d) on uint32 (§17.7).
LOGIC_OPS = (
    lambda s, d: np.zeros_like(s),
    lambda s, d: np.full_like(s, 0xFFFFFFFF),
    lambda s, d: s,
    lambda s, d: ~s,
    lambda s, d: d,
    lambda s, d: ~d,
    lambda s, d: s & d,
    lambda s, d: ~(s & d),
    lambda s, d: s | d,
    lambda s, d: ~(s | d),
    lambda s, d: s ^ d,
    lambda s, d: ~(s ^ d),
    lambda s, d: s & ~d,
    lambda s, d: ~s & d,
    lambda s, d: s | ~d,
    lambda s, d: ~s | d,
)


def logic_op(op: int, s: np.ndarray, d: np.ndarray) -> np.ndarray:
    if not 0 <= op < 16:
        raise NotSupportedError(f"logic op {op}")
    return LOGIC_OPS[op](s.astype(np.uint32), d.astype(np.uint32)).astype(np.uint32)
