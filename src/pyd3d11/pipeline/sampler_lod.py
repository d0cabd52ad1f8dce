"""Level-of-detail computation and mip selection (D3D11.3 §7.18.10, §7.18.11, §5.8).

Implicit derivatives come from 2x2 quads of lanes (TL, TR, BL, BR) the way the executor's
``deriv_rt{x,y}_coarse`` computes them: one dX = TR - TL and dY = BL - TL per quad, shared by its 4 lanes
(§22.4.15 allows one LOD per 2x2 stamp). The Heckbert orthogonalisation (optional in the spec) is not
applied.

The LOD's log2 is a defined float64 operation sequence rounded once to float32 (:func:`log2_f32`): numpy's
float32 log2 is CPU-dependent (a vector library on AVX-512 hosts, off by one ulp in ~0.5% of inputs) and a
libm's float64 log2 differs between libraries in the last bit, so neither can be reproduced by compiled code.
The sequence (exponent split, atanh series, IEEE double operations only, no fused multiply-add) is what the
native sampler (pipeline/native/sampler_gen.py) computes too; its float64 error (~1e-16 relative) makes the
float32 result the correctly rounded log2 except for inputs within ~2^-28 ulp of a rounding tie — far inside
§7.18.11's tolerance.
"""

from __future__ import annotations

import numpy as np

F32 = np.float32
_LOD_LIMIT = F32(128.0)  # beyond any mip chain (2^17 texels) plus biases; keeps 8.8 fixed exact


def quad_derivatives(c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Coarse screen derivatives of (k, N) float32 values over quads of 4 lanes -> (dX, dY), each (k, N)."""
    k, n = c.shape
    q = c.reshape(k, n // 4, 4)
    out = np.empty((2, k, n // 4, 4), c.dtype)
    # each quad's TR - TL / BL - TL written to its 4 lanes by a broadcast (cheaper than np.repeat)
    np.subtract(q[:, :, 1:2], q[:, :, 0:1], out=out[0])
    np.subtract(q[:, :, 2:3], q[:, :, 0:1], out=out[1])
    return out[0].reshape(k, n), out[1].reshape(k, n)


#: ln(m) = 2 s (1 + z/3 + z^2/5 + ...), s = (m - 1) / (m + 1), z = s^2, |s| <= 0.1716: 12 terms reach 1e-17
LOG2_TERMS = tuple(1.0 / (2 * k + 1) for k in range(12))
INV_LN2 = 1.4426950408889634  # 1 / ln 2, the double nearest
SQRT2 = 1.4142135623730951


def log2_f32(x: np.ndarray) -> np.ndarray:
    """The defined LOD log2 of float32 values (module docstring): x = m * 2^e with m in [sqrt(1/2), sqrt(2)),
    log2 x = e + ln(m) / ln 2 in float64 (the atanh series of ``LOG2_TERMS`` by Horner's rule), rounded once
    to float32; 0 → -INF, +INF → +INF, NaN and negatives → NaN."""
    d = np.asarray(x, F32).astype(np.float64)
    with np.errstate(all="ignore"):
        bits = d.view(np.uint64)
        e = ((bits >> np.uint64(52)) & np.uint64(0x7FF)).astype(np.int64) - 1023
        m = ((bits & np.uint64(0x000FFFFFFFFFFFFF)) | np.uint64(0x3FF0000000000000)).view(np.float64)
        big = m > SQRT2
        m = np.where(big, m * 0.5, m)
        ef = (e + big).astype(np.float64)
        s = (m - 1.0) / (m + 1.0)
        z = s * s
        p = np.full(d.shape, LOG2_TERMS[-1])
        for c in LOG2_TERMS[-2::-1]:
            p = p * z + c
        r = ((s * p) * 2.0) * INV_LN2 + ef
        r = np.where(d == 0.0, -np.inf, r)
        r = np.where(d == np.inf, np.inf, r)
        r = np.where((d < 0.0) | np.isnan(d), np.nan, r)
    return r.astype(F32)


def isotropic_lod(dx: np.ndarray, dy: np.ndarray) -> np.ndarray:
    """§7.18.11 isotropic LOD from texel-space derivative vectors (k, N): log2(max(|dX|, |dY|))."""
    lx = np.sqrt(np.sum(dx * dx, axis=0, dtype=F32))
    ly = np.sqrt(np.sum(dy * dy, axis=0, dtype=F32))
    return log2_f32(np.fmax(lx, ly))


def anisotropic_lod(dx: np.ndarray, dy: np.ndarray, max_aniso: float
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """§7.18.11 ComputeAnisotropicLOD for 2-D texel-space derivatives (2, N).

    Returns (LOD, ratioOfAnisotropy, line direction u, line direction v, lengthMajor)."""
    with np.errstate(all="ignore"):
        sx = dx[0] * dx[0] + dx[1] * dx[1]
        sy = dy[0] * dy[0] + dy[1] * dy[1]
        det = np.abs(dx[0] * dy[1] - dx[1] * dy[0])
        major_x = sx > sy
        smaj = np.where(major_x, sx, sy)
        lmaj = np.sqrt(smaj)
        norm = F32(1.0) / lmaj
        du = np.where(major_x, dx[0], dy[0]) * norm
        dv = np.where(major_x, dx[1], dy[1]) * norm
        ratio = smaj / det
        clamped = ratio > F32(max_aniso)
        ratio = np.where(clamped, F32(max_aniso), ratio)
        lmin = np.where(clamped, lmaj / ratio, det / lmaj)
        small = lmin < F32(1.0)
        ratio = np.where(small, np.fmax(F32(1.0), ratio * lmin), ratio)
        # degenerate footprints (zero/parallel derivatives, non-finite) fall back to isotropic
        bad = ~np.isfinite(ratio) | ~np.isfinite(lmin) | (det == 0)
        iso = np.fmax(np.sqrt(sx), np.sqrt(sy))
        lmin = np.where(bad, iso, lmin)
        ratio = np.where(bad, F32(1.0), ratio)
        du = np.where(bad, F32(0.0), du)
        dv = np.where(bad, F32(0.0), dv)
        lod = log2_f32(lmin)
    return lod, ratio.astype(F32), du.astype(F32), dv.astype(F32), np.nan_to_num(lmaj).astype(F32)


def clamp_lod(lod: np.ndarray, bias, min_lod: float, max_lod: float, resource_min: float) -> np.ndarray:
    """biasedLOD = LOD + MipLODBias (+ sample_b bias); clampedLOD = max(MinLOD, min(MaxLOD, biased)) with
    NaN-suppressing min/max (§3.1), then the per-resource min-LOD clamp (§5.8, view mip space)."""
    b = lod + np.asarray(bias, F32)
    c = np.fmax(F32(min_lod), np.fmin(F32(max_lod), b))
    if resource_min > 0:
        c = np.fmax(c, F32(resource_min))
    c = np.nan_to_num(c, nan=0.0)
    return np.clip(c, -_LOD_LIMIT, _LOD_LIMIT).astype(F32)


def _fixed_lod(lod: np.ndarray) -> np.ndarray:
    """LOD to 8.8 fixed point (round to nearest even)."""
    return np.rint(np.clip(lod, -_LOD_LIMIT, _LOD_LIMIT) * F32(256.0)).astype(np.int64)


def mip_point(lod: np.ndarray, mips: int) -> np.ndarray:
    """§7.18.10 mip POINT: 8.8 fixed, +0.5, integer part; clamped to the view's mips."""
    q = _fixed_lod(lod)
    return np.clip((q + 128) >> 8, 0, mips - 1)


def mip_linear(lod: np.ndarray, mips: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """§7.18.10 mip LINEAR: (mipFloor, mipCeil, wMipCeil) with levels clamped to the view's mips."""
    q = _fixed_lod(lod)
    lo = q >> 8
    w = ((q & 255).astype(F32) * F32(1.0 / 256.0)).astype(F32)
    a = np.clip(lo, 0, mips - 1)
    b = np.clip(lo + 1, 0, mips - 1)
    w = np.where(a == b, F32(0.0), w)
    return a, b, w
