"""The fixed-function tessellator (D3D11.3 §11.7; spec-facts §1.14).

Given a patch's final TessFactors it produces domain points and their connectivity. The behaviour
follows Microsoft's hardware reference tessellator (``CHWTessellator``, which defines what hardware
produces): factors are clamped and rounded in float32, converted to unsigned 15.16 fixed point, and all
placement is done in fixed point with a reciprocal table, so mirrored points are "clean"
(``u' == 1 - u`` exactly). Points are generated ring by ring from the outside in ("picture frame"); the
outer ring is stitched to the first inner ring along the ruler-function split order, inner rings with
regular stitches.

Public entry points (factor order = SV_TessFactor components, then SV_InsideTessFactor components):

* quad: ``[Ueq0, Veq0, Ueq1, Veq1, InsideU, InsideV]``
* tri: ``[Ueq0, Veq0, Weq0, Inside]``
* isoline: ``[LineDensity, LineDetail]``

``tessellate`` handles one patch; ``tessellate_patches`` a whole draw (patches with equal processed
factors share one cached result, the per-patch work is vectorised).

Domain/partitioning/primitive values are the D3D11_TESSELLATOR_* (= bytecode D3D11_SB_*) numbers; the
lower-case names ``"tri"``, ``"fractional_odd"``, ``"triangle_cw"``, … are accepted too.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import E_INVALIDARG, InvalidArgError

# --------------------------------------------------------------------------------------------------
# Enumerations (D3D11_TESSELLATOR_DOMAIN / _PARTITIONING / _OUTPUT_PRIMITIVE values)
# --------------------------------------------------------------------------------------------------

DOMAIN_ISOLINE, DOMAIN_TRI, DOMAIN_QUAD = 1, 2, 3
PART_INTEGER, PART_POW2, PART_FRACTIONAL_ODD, PART_FRACTIONAL_EVEN = 1, 2, 3, 4
OUTPUT_POINT, OUTPUT_LINE, OUTPUT_TRIANGLE_CW, OUTPUT_TRIANGLE_CCW = 1, 2, 3, 4

_DOMAIN_NAMES = {"isoline": 1, "tri": 2, "quad": 3}
_PART_NAMES = {"integer": 1, "pow2": 2, "fractional_odd": 3, "fractional_even": 4}
_PRIM_NAMES = {"point": 1, "line": 2, "triangle_cw": 3, "triangle_ccw": 4}

#: Number of TessFactor values per domain (edges + inside).
FACTOR_COUNT = {DOMAIN_ISOLINE: 2, DOMAIN_TRI: 4, DOMAIN_QUAD: 6}
#: Leading factors that are edge factors (patch culling looks at these).
EDGE_COUNT = {DOMAIN_ISOLINE: 2, DOMAIN_TRI: 3, DOMAIN_QUAD: 4}

# Factor bounds (spec §11.7.12; D3D11_TESSELLATOR_{MIN,MAX}_{ODD,EVEN}_TESSELLATION_FACTOR).
_MIN_ODD, _MAX_ODD, _MIN_EVEN, _MAX_EVEN = 1.0, 63.0, 2.0, 64.0
_ISOLINE_DENSITY_MIN, _ISOLINE_DENSITY_MAX = 1.0, 64.0

# --------------------------------------------------------------------------------------------------
# 15.16 fixed point
# --------------------------------------------------------------------------------------------------

_FRAC_BITS = 16
ONE = 1 << _FRAC_BITS
HALF = 0x8000
ONE_THIRD = 0x5555
TWO_THIRDS = 0xAAAA
_INT_MASK = 0x7FFF0000
_FRAC_MASK = 0xFFFF
_U32 = 0xFFFFFFFF

#: round(65536 / n) for n segments, n = 1..64 (index 0 unused) — the hardware reciprocal table.
_RECIPROCAL = (0xFFFFFFFF,
               0x10000, 0x8000, 0x5555, 0x4000, 0x3333, 0x2AAB, 0x2492, 0x2000,
               0x1C72, 0x199A, 0x1746, 0x1555, 0x13B1, 0x1249, 0x1111, 0x1000,
               0xF0F, 0xE39, 0xD79, 0xCCD, 0xC31, 0xBA3, 0xB21, 0xAAB,
               0xA3D, 0x9D9, 0x97B, 0x925, 0x8D4, 0x889, 0x842, 0x800,
               0x7C2, 0x788, 0x750, 0x71C, 0x6EB, 0x6BD, 0x690, 0x666,
               0x63E, 0x618, 0x5F4, 0x5D1, 0x5B0, 0x591, 0x572, 0x555,
               0x539, 0x51F, 0x505, 0x4EC, 0x4D5, 0x4BE, 0x4A8, 0x492,
               0x47E, 0x46A, 0x457, 0x444, 0x432, 0x421, 0x410, 0x400)

# Ruler-function split order used when stitching the outer ring to the first inner ring: entry i is
# where the i-th introduced point ends up on a half edge at the maximum factor. Entries 1..32 are a
# permutation of 1..32, so walking all of them and acting where the entry is below a half edge's point
# count visits exactly that edge's points; the reference's per-count loop bounds only skip entries that
# act on neither edge, and are not kept.
_SPLIT_ORDER = (0, 32, 16, 8, 17, 4, 18, 9, 19, 2, 20, 10, 21, 5, 22, 11, 23,
                1, 24, 12, 25, 6, 26, 13, 27, 3, 28, 14, 29, 7, 30, 15, 31)


def _fxp_ceil(x: int) -> int:
    return (x & _INT_MASK) + ONE if x & _FRAC_MASK else x


def _fxp_floor(x: int) -> int:
    return x & _INT_MASK


def _drop_top_bit(v: int) -> int:
    return v & ~(1 << (v.bit_length() - 1)) if v > 0 else 0


def fixed_to_float(x: np.ndarray) -> np.ndarray:
    """15.16 fixed point → float32 the way the reference converts (integer part + fraction / 2^16)."""
    x = np.asarray(x, np.int64) & _U32
    return (x >> _FRAC_BITS).astype(np.float32) + (x & _FRAC_MASK).astype(np.float32) / np.float32(65536)


def float_to_fixed(x: np.ndarray) -> np.ndarray:
    """float32 in [0, 64] → unsigned 15.16, round to nearest even (spec-facts §1.14)."""
    return np.rint(np.asarray(x, np.float32).astype(np.float64) * 65536.0).astype(np.int64)


# --------------------------------------------------------------------------------------------------
# 1-D point placement along one TessFactor
# --------------------------------------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class _Factor:
    """Per-TessFactor constants for placing points along an edge (one parity)."""

    odd: bool
    inv_floor: int  # reciprocal of the segment count of floor(half factor) * 2
    inv_ceil: int
    half_frac: int  # fraction of the half factor
    n_half: int  # points on a half edge (for even: not counting the midpoint)
    split: int  # point index after which the floor-factor position lags by one
    n_points: int  # points on the whole edge


def _factor(fxp: int, odd: bool) -> _Factor:
    half = (fxp + 1) >> 1
    if odd or half == HALF:  # a factor of 1 is treated as even 2 halves of 0.5 → promote
        half += HALF
    fl, ce = _fxp_floor(half), _fxp_ceil(half)
    n_half = ce >> _FRAC_BITS
    if ce == fl:
        split = n_half + 1  # never reached
    elif odd:
        split = 0 if fl == ONE else (_drop_top_bit((fl >> _FRAC_BITS) - 1) << 1) + 1
    else:
        split = (_drop_top_bit(fl >> _FRAC_BITS) << 1) + 1
    seg_floor = (fl * 2) >> _FRAC_BITS
    seg_ceil = (ce * 2) >> _FRAC_BITS
    if odd:
        seg_floor -= 1
        seg_ceil -= 1
    if odd:
        n_points = (_fxp_ceil(HALF + ((fxp + 1) >> 1)) * 2) >> _FRAC_BITS
    else:
        n_points = ((_fxp_ceil((fxp + 1) >> 1) * 2) >> _FRAC_BITS) + 1
    return _Factor(odd, _RECIPROCAL[seg_floor], _RECIPROCAL[seg_ceil], half - fl, n_half, split, n_points)


def _place_indices(f, p: np.ndarray) -> np.ndarray:
    """Fixed-point location in [0, 1] of point indices ``p`` along an edge with factor ``f``; ``f``'s fields
    are scalars (one factor, ``_Factor``) or columns that broadcast against ``p`` (a group of patches).

    Only half an edge is computed; the other half mirrors it as ``1 - x`` (which keeps it clean)."""
    flip = p >= f.n_half
    p = np.where(flip, 2 * f.n_half - p - (1 if f.odd else 0), p)
    middle = p == f.n_half
    on_floor = p - (p > f.split)
    loc = (on_floor * f.inv_floor * (ONE - f.half_frac) + p * f.inv_ceil * f.half_frac) & _U32
    loc = ((loc + HALF) & _U32) >> _FRAC_BITS
    loc = np.where(flip, ONE - loc, loc)
    return np.where(middle, HALF, loc) & _U32


# --------------------------------------------------------------------------------------------------
# Connectivity builder: writes clockwise triangles at explicit index-buffer positions, with the
# reference's two index-remapping schemes (used where a ring wraps around or a middle row reverses).
# --------------------------------------------------------------------------------------------------

INSIDE_TO_OUTSIDE, INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE, MIRRORED = 0, 1, 2


class _Triangles:
    def __init__(self, capacity: int) -> None:
        self.buf = np.zeros(capacity + 64, np.int64)
        self.count = 0  # indices "owned" so far (advanced by the callers, as in the reference)
        self.remap: tuple | None = None

    def ring_wrap(self, in_delta: int, in_bad: int, in_repl: int, out_base: int, out_delta: int, out_bad: int,
                  out_repl: int) -> None:
        self.remap = ("wrap", in_delta, in_bad, in_repl, out_base, out_delta, out_bad, out_repl)

    def reverse(self, base: int, end: int, bad: int, repl: int) -> None:
        self.remap = ("rev", base, end, bad, repl)

    def plain(self) -> None:
        self.remap = None

    def _fix(self, idx: np.ndarray) -> np.ndarray:
        r = self.remap
        if r is None:
            return idx
        if r[0] == "wrap":
            _, in_delta, in_bad, in_repl, out_base, out_delta, out_bad, out_repl = r
            outer = idx >= out_base
            return np.where(outer, np.where(idx == out_bad, out_repl, idx + out_delta),
                            np.where(idx == in_bad, in_repl, idx + in_delta))
        _, base, end, bad, repl = r
        return np.where(idx == bad, repl, np.where(idx >= base, end - idx, idx))

    def write(self, pos: int, tris: list[tuple[int, int, int]] | np.ndarray) -> int:
        """Store clockwise triangles at index position ``pos``; returns the position after them."""
        a = np.asarray(tris, np.int64).reshape(-1)
        if a.size == 0:
            return pos
        if pos + a.size > self.buf.size:
            self.buf = np.concatenate([self.buf, np.zeros(pos + a.size - self.buf.size + 64, np.int64)])
        self.buf[pos:pos + a.size] = self._fix(a)
        return pos + a.size


def _strip(ip: int, op: int, steps: int, pattern: tuple) -> np.ndarray:
    """``steps`` repetitions of a triangle pattern advancing inside and outside by one point each step.

    ``pattern`` is a tuple of triangles whose corners are ('i'|'o', offset)."""
    if steps <= 0:
        return np.zeros((0, 3), np.int64)
    s = np.arange(steps, dtype=np.int64)[:, None, None]
    base = np.array([[ip if k == "i" else op for k, _ in tri] for tri in pattern], np.int64)
    off = np.array([[o for _, o in tri] for tri in pattern], np.int64)
    return (base[None] + off[None] + s).reshape(-1, 3)


_OUT_STEP = (("o", 0), ("o", 1), ("i", 0))
_IN_STEP = (("i", 0), ("o", 0), ("i", 1))


def _stitch_regular(t: _Triangles, pos: int, trapezoid: bool, diagonals: int, n_inside: int, ip: int,
                    op: int) -> None:
    """Stitch two rows whose point counts differ by 0 (or 2 with the trapezoid end triangles)."""
    parts: list[np.ndarray] = []
    if trapezoid:
        parts.append(np.array([[op, op + 1, ip]]))
        op += 1
    if diagonals == INSIDE_TO_OUTSIDE:
        k = n_inside - 1
        parts.append(_strip(ip, op, k, ((("i", 0), ("o", 0), ("o", 1)), (("i", 0), ("o", 1), ("i", 1)))))
        ip, op = ip + max(k, 0), op + max(k, 0)
    elif diagonals == INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE:
        quad = ((("o", 0), ("o", 1), ("i", 0)), (("i", 0), ("o", 1), ("i", 1)))
        k = n_inside // 2 - 1
        parts.append(_strip(ip, op, k, quad))
        p = max(k, 0)
        ip, op = ip + p, op + p
        parts.append(np.array([[op, ip + 1, ip], [op, op + 1, ip + 1]]))
        ip, op, p = ip + 1, op + 1, p + 2
        k2 = n_inside - p
        parts.append(_strip(ip, op, k2, quad))
        ip, op = ip + max(k2, 0), op + max(k2, 0)
    else:  # mirrored diagonals about the middle of the row
        k = n_inside // 2
        parts.append(_strip(ip, op, k, ((("o", 0), ("i", 1), ("i", 0)), (("o", 0), ("o", 1), ("i", 1)))))
        ip, op = ip + max(k, 0), op + max(k, 0)
        k2 = n_inside - 1 - max(k, 0)
        parts.append(_strip(ip, op, k2, ((("i", 0), ("o", 0), ("o", 1)), (("i", 0), ("o", 1), ("i", 1)))))
        ip, op = ip + max(k2, 0), op + max(k2, 0)
    if trapezoid:
        parts.append(np.array([[op, op + 1, ip]]))
    t.write(pos, np.concatenate(parts) if parts else np.zeros((0, 3), np.int64))


def _stitch_transition(t: _Triangles, pos: int, ip: int, in_half: int, in_odd: bool, op: int, out_half: int,
                       out_odd: bool) -> None:
    """Stitch the outer ring edge to the first inner ring edge (arbitrary, unequal factors)."""
    if in_odd:
        in_half -= 1
    if out_odd:
        out_half -= 1
    tris: list[tuple[int, int, int]] = []
    if _SPLIT_ORDER[0] < out_half:
        tris.append((op, op + 1, ip))
        op += 1
    for s in _SPLIT_ORDER[1:]:
        if s < in_half:
            tris.append((ip, op, ip + 1))
            ip += 1
        if s < out_half:
            tris.append((op, op + 1, ip))
            op += 1
    if in_odd != out_odd or in_odd:
        if in_odd == out_odd:  # a quad in the middle
            tris += [(ip, op, ip + 1), (ip + 1, op, op + 1)]
            ip += 1
            op += 1
        elif not in_odd:  # triangle pointing inside
            tris.append((ip, op, op + 1))
            op += 1
        else:  # triangle pointing outside
            tris.append((ip, op, ip + 1))
            ip += 1
    for s in reversed(_SPLIT_ORDER[1:]):
        if s < out_half:
            tris.append((op, op + 1, ip))
            op += 1
        if s < in_half:
            tris.append((ip, op, ip + 1))
            ip += 1
    if _SPLIT_ORDER[0] < out_half:
        tris.append((op, op + 1, ip))
    t.write(pos, tris)


# --------------------------------------------------------------------------------------------------
# Factor processing (vectorised over patches)
# --------------------------------------------------------------------------------------------------

def _clamp(x: np.ndarray, lo: Any, hi: float) -> np.ndarray:
    """D3D min/max clamp: NaN goes to ``lo``."""
    lo = np.asarray(lo, np.float32)
    y = np.where(np.isnan(x), lo, np.maximum(x, lo))
    return np.minimum(y, np.float32(hi)).astype(np.float32)


def _bounds(partitioning: int) -> tuple[float, float]:
    if partitioning == PART_FRACTIONAL_EVEN:
        return _MIN_EVEN, _MAX_EVEN
    if partitioning == PART_FRACTIONAL_ODD:
        return _MIN_ODD, _MAX_ODD
    return _MIN_ODD, _MAX_EVEN  # integer / pow2 (hardware treats pow2 as integer)


def process_factors(domain: int, partitioning: int, factors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Cull, clamp, round and convert TessFactors (spec §11.7.12–11.7.14).

    ``factors`` (P, k) float32 → (culled (P,) bool, fixed (P, k) int64 15.16 values)."""
    f = np.asarray(factors, np.float32).reshape(-1, FACTOR_COUNT[domain])
    n_edge = EDGE_COUNT[domain]
    culled = ~np.all(f[:, :n_edge] > 0, axis=1)  # NaN or <= 0 on any edge
    lo, hi = _bounds(partitioning)
    integer = partitioning in (PART_INTEGER, PART_POW2)
    out = np.empty(f.shape, np.float32)
    if domain == DOMAIN_ISOLINE:
        out[:, 0] = np.ceil(_clamp(f[:, 0], _ISOLINE_DENSITY_MIN, _ISOLINE_DENSITY_MAX))
        detail = _clamp(f[:, 1], lo, hi)
        out[:, 1] = np.ceil(detail) if integer else detail
        return culled, float_to_fixed(out)
    edges = _clamp(f[:, :n_edge], lo, hi)
    if integer:
        edges = np.ceil(edges)
    inside_lo = np.full(f.shape[0], lo, np.float32)
    if partitioning == PART_FRACTIONAL_ODD:
        # Any factor that stays above 1 after fixed-point conversion forces the inside factor above 1
        # so there is a picture frame (tri checks only its edges, quad also its raw inside factors).
        thr = np.float32(1.0 + 2.0 ** -17)
        big = np.any(edges > thr, axis=1)
        if domain == DOMAIN_QUAD:
            big |= np.any(f[:, n_edge:] > thr, axis=1)
        inside_lo = np.where(big, np.float32(1.0 + 2.0 ** -16), inside_lo)
    inside = _clamp(f[:, n_edge:], inside_lo[:, None], hi)
    if integer:
        inside = np.ceil(inside)
    out[:, :n_edge] = edges
    out[:, n_edge:] = inside
    return culled, float_to_fixed(out)


# --------------------------------------------------------------------------------------------------
# One patch from processed (fixed-point) factors — cached, since draws repeat factors
# --------------------------------------------------------------------------------------------------

def _edge_odd(partitioning: int, fxp: int, inside: bool) -> bool:
    if partitioning in (PART_INTEGER, PART_POW2):
        if inside and fxp == ONE:
            return False  # an inside factor of 1 is treated as even
        return bool((fxp >> _FRAC_BITS) & 1)
    return partitioning == PART_FRACTIONAL_ODD


def _simple_indices(n_points: int, prim: int) -> np.ndarray:
    if prim == OUTPUT_POINT:
        return np.arange(n_points, dtype=np.int64)[:, None]
    p = np.arange(1, n_points, dtype=np.int64)
    return np.stack([p - 1, p], axis=1)


def _orient(tris: np.ndarray, prim: int) -> np.ndarray:
    tris = tris.reshape(-1, 3)
    if prim == OUTPUT_TRIANGLE_CCW:
        return tris[:, [0, 2, 1]]
    return tris


def _minimum_quad(prim: int) -> tuple[np.ndarray, np.ndarray]:
    pts = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    if prim in (OUTPUT_POINT, OUTPUT_LINE):
        return pts, _simple_indices(4, prim)
    return pts, _orient(np.array([[0, 1, 3], [1, 2, 3]], np.int64), prim)


def _minimum_tri(prim: int) -> tuple[np.ndarray, np.ndarray]:
    pts = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], np.float32)
    if prim in (OUTPUT_POINT, OUTPUT_LINE):
        return pts, _simple_indices(3, prim)
    return pts, _orient(np.array([[0, 1, 2]], np.int64), prim)


@functools.lru_cache(maxsize=4096)
def _tessellate_fixed(domain: int, partitioning: int, prim: int, fxp: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    if domain == DOMAIN_QUAD:
        res = _quad(partitioning, prim, fxp)
    elif domain == DOMAIN_TRI:
        res = _tri(partitioning, prim, fxp)
    else:
        res = _isoline(partitioning, prim, fxp)
    for a in res:
        a.setflags(write=False)
    return res


def _isoline(partitioning: int, prim: int, fxp: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    density_fxp, detail_fxp = fxp
    detail = _factor(detail_fxp, _edge_odd(partitioning, detail_fxp, False))
    density = _factor(density_fxp, bool((density_fxp >> _FRAC_BITS) & 1))  # density is always integer
    n_lines = density.n_points - 1  # no line at v == 1
    per_line = detail.n_points
    pts = _isoline_points([density, detail], 1)[0]
    if prim == OUTPUT_POINT:
        return pts, np.arange(len(pts), dtype=np.int64)[:, None]
    start = (np.arange(n_lines, dtype=np.int64) * per_line)[:, None] + np.arange(per_line - 1, dtype=np.int64)
    a = start.reshape(-1)
    return pts, np.stack([a, a + 1], axis=1)


def _tri(partitioning: int, prim: int, fxp: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    integer = partitioning in (PART_INTEGER, PART_POW2)
    if (integer or partitioning == PART_FRACTIONAL_ODD) and all(x == ONE for x in fxp):
        return _minimum_tri(prim)
    out = [_factor(fxp[e], _edge_odd(partitioning, fxp[e], False)) for e in range(3)]
    ins = _factor(fxp[3], _edge_odd(partitioning, fxp[3], True))
    n_in = max(4 if ins.odd else 3, ins.n_points)

    # Points: outer ring (edges U==0, V==0, W==0), then inner rings spiralling in, then the centre
    # (_tri_points, shared with the batched path).
    pts = _tri_points(out + [ins], 1)[0]
    inner_base = sum(f.n_points - 1 for f in out)
    if prim in (OUTPUT_POINT, OUTPUT_LINE):
        return pts, _simple_indices(len(pts), prim)

    # Connectivity, ring by ring.
    t = _Triangles(len(pts) * 6)
    n_out = [f.n_points for f in out]
    half_out = [f.n_half for f in out]
    odd_out = [f.odd for f in out]
    in_off, out_off = inner_base, 0
    for ring in range(1, (n_in + 1) >> 1):
        n_edge_in = n_in - 2 * ring
        first_in, first_out = in_off, out_off
        for e in range(3):
            n_tri = n_edge_in + n_out[e] - 2
            if e == 2:  # last edge wraps to the ring's first points
                out_base = n_edge_in
                t.ring_wrap(in_off, n_edge_in - 1, first_in, out_base, out_off - out_base,
                            out_base + n_out[e] - 1, first_out)
                ib, ob = 0, out_base
            else:
                ib, ob = in_off, out_off
            if ring == 1:
                _stitch_transition(t, t.count, ib, ins.n_half, ins.odd, ob, half_out[e], odd_out[e])
            else:
                _stitch_regular(t, t.count, True, MIRRORED, n_edge_in, ib, ob)
            t.plain()
            t.count += n_tri * 3
            out_off += n_out[e] - 1
            in_off += n_edge_in - 1
            n_out[e] = n_edge_in
        if ring == 1:
            half_out = [ins.n_half] * 3
            odd_out = [ins.odd] * 3
    if ins.odd:  # a single triangle in the centre
        t.write(t.count, [(out_off, out_off + 1, out_off + 2)])
        t.count += 3
    return pts, _orient(t.buf[:t.count].copy(), prim)


def _quad(partitioning: int, prim: int, fxp: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    integer = partitioning in (PART_INTEGER, PART_POW2)
    if (integer or partitioning == PART_FRACTIONAL_ODD) and all(x == ONE for x in fxp):
        return _minimum_quad(prim)
    out = [_factor(fxp[e], _edge_odd(partitioning, fxp[e], False)) for e in range(4)]
    ins = [_factor(fxp[4 + a], _edge_odd(partitioning, fxp[4 + a], True)) for a in range(2)]
    n_in = [max(4 if f.odd else 3, f.n_points) for f in ins]

    # Points: outer ring clockwise, inner rings spiralling in, then (even) the degenerate middle row
    # (_quad_points, shared with the batched path).
    pts = _quad_points(out + ins, 1)[0]
    inner_base = sum(f.n_points - 1 for f in out)
    if prim in (OUTPUT_POINT, OUTPUT_LINE):
        return pts, _simple_indices(len(pts), prim)

    # Connectivity.
    t = _Triangles(len(pts) * 6)
    rows = ((n_in[0] + 1) >> 1, (n_in[1] + 1) >> 1)
    # Even inside factors leave a degenerate row of points; the ring where it sits needs remapping.
    degenerate = (rows[1] - 1 if not ins[1].odd else -1, rows[0] - 1 if not ins[0].odd else -1)
    n_out = [f.n_points for f in out]
    half_out = [f.n_half for f in out]
    odd_out = [f.odd for f in out]
    in_off, out_off = inner_base, 0
    for ring in range(1, min(rows)):
        n_edge_in = (n_in[0] - 2 * ring, n_in[1] - 2 * ring)
        first_in, first_out = in_off, out_off
        for e in range(4):
            a = (e + 1) & 1
            n_tri = n_edge_in[a] + n_out[e] - 2
            ib, ob = in_off, out_off
            if e == 3:
                if ring == degenerate[a]:
                    base = in_off + 1
                    t.reverse(base, (base << 1) - 1, out_off + n_out[e] - 1, first_out)
                    ib = base
                else:
                    out_base = n_edge_in[a]
                    t.ring_wrap(in_off, n_edge_in[a] - 1, first_in, out_base, out_off - out_base,
                                out_base + n_out[e] - 1, first_out)
                    ib, ob = 0, out_base
            elif e == 2 and ring == degenerate[a]:
                t.reverse(in_off, in_off << 1, -1, -1)
            if ring == 1:
                _stitch_transition(t, t.count, ib, ins[a].n_half, ins[a].odd, ob, half_out[e], odd_out[e])
            else:
                _stitch_regular(t, t.count, True, MIRRORED, n_edge_in[a], ib, ob)
            t.plain()
            t.count += n_tri * 3
            out_off += n_out[e] - 1
            if e == 2 and ring == degenerate[a]:
                in_off -= n_edge_in[a] - 1
            else:
                in_off += n_edge_in[a] - 1
            n_out[e] = n_edge_in[a]
        if ring == 1:
            half_out = [ins[e & 1].n_half for e in range(4)]
            odd_out = [ins[e & 1].odd for e in range(4)]
    # The centre: a strip of quads when the shorter inside axis is odd.
    if n_in[0] > n_in[1] and ins[1].odd:
        quads = (((n_in[0] >> 1) - (n_in[1] >> 1)) << 1) + (1 if ins[0].odd else 2)
        base = out_off + quads + 2
        t.reverse(base, base + base + quads, base, out_off)
        _stitch_regular(t, t.count, False, INSIDE_TO_OUTSIDE, quads + 1, base, out_off + 1)
        t.plain()
        t.count += quads * 6
    elif n_in[1] >= n_in[0] and ins[0].odd:
        quads = (((n_in[1] >> 1) - (n_in[0] >> 1)) << 1) + (1 if ins[1].odd else 2)
        base = out_off + quads + 1
        t.reverse(base, base + base + quads, -1, -1)
        diag = INSIDE_TO_OUTSIDE if not ins[1].odd else INSIDE_TO_OUTSIDE_EXCEPT_MIDDLE
        _stitch_regular(t, t.count, False, diag, quads + 1, base, out_off)
        t.plain()
        t.count += quads * 6
    return pts, _orient(t.buf[:t.count].copy(), prim)


# --------------------------------------------------------------------------------------------------
# The batched path: the same placement for many patches at once.
#
# The connectivity and the point count of a patch depend only on each factor's parity and half-factor
# point count (n_half) -- its "topology" -- while the fixed-point fractions move points but never add or
# remove one. So the patches of a draw are grouped by topology: the indices come once per topology from
# the per-patch definition above (``_TOPOLOGY``), and the points of every patch of a group come from the
# point functions below as (patches, points) integer arrays with the per-patch factor constants as
# columns. The per-patch definition uses the same point functions with one patch, so there is one
# definition of the placement (its digests: tests/test_tessellator.py; per-patch vs batched:
# tests/test_tessellator_batch.py).
# --------------------------------------------------------------------------------------------------

@dataclass(slots=True, frozen=True)
class _Factors:
    """``_Factor`` for a group of patches: parity and point counts shared, the rest (G, 1) columns."""

    odd: bool
    n_half: int
    n_points: int
    inv_floor: np.ndarray
    inv_ceil: np.ndarray
    half_frac: np.ndarray
    split: np.ndarray


_RECIPROCAL_ARRAY = np.array(_RECIPROCAL, np.int64)
#: _drop_top_bit for 0..64 (the integer parts of half factors that reach the split computation).
_DROP_TOP_BIT = np.array([_drop_top_bit(v) for v in range(65)], np.int64)


def _factor_columns(fxp: np.ndarray, odd: np.ndarray) -> dict[str, np.ndarray]:
    """``_factor`` element-wise over arrays of 15.16 factors and their parities (same shape)."""
    fxp = np.asarray(fxp, np.int64)
    odd = np.asarray(odd, bool)
    half = (fxp + 1) >> 1
    half = np.where(odd | (half == HALF), half + HALF, half)
    fl = half & _INT_MASK
    ce = np.where(half & _FRAC_MASK, fl + ONE, half)
    n_half = ce >> _FRAC_BITS
    fl_int = fl >> _FRAC_BITS
    split_odd = np.where(fl == ONE, 0, (_DROP_TOP_BIT[np.clip(fl_int - 1, 0, 64)] << 1) + 1)
    split_even = (_DROP_TOP_BIT[np.clip(fl_int, 0, 64)] << 1) + 1
    split = np.where(ce == fl, n_half + 1, np.where(odd, split_odd, split_even))
    seg_floor = ((fl * 2) >> _FRAC_BITS) - odd
    seg_ceil = ((ce * 2) >> _FRAC_BITS) - odd
    h = (fxp + 1) >> 1
    c_odd = HALF + h
    c_odd = np.where(c_odd & _FRAC_MASK, (c_odd & _INT_MASK) + ONE, c_odd)
    c_even = np.where(h & _FRAC_MASK, (h & _INT_MASK) + ONE, h)
    n_points = np.where(odd, (c_odd * 2) >> _FRAC_BITS, ((c_even * 2) >> _FRAC_BITS) + 1)
    return {"odd": odd, "n_half": n_half, "n_points": n_points, "inv_floor": _RECIPROCAL_ARRAY[seg_floor],
            "inv_ceil": _RECIPROCAL_ARRAY[seg_ceil], "half_frac": half - fl, "split": split}


def _edge_odd_columns(partitioning: int, fxp: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """``_edge_odd`` element-wise (``inside`` broadcast against ``fxp``)."""
    if partitioning in (PART_INTEGER, PART_POW2):
        return (((fxp >> _FRAC_BITS) & 1) == 1) & ~(inside & (fxp == ONE))
    return np.full(fxp.shape, partitioning == PART_FRACTIONAL_ODD)


def _group_factor(cols: dict[str, np.ndarray], rows: np.ndarray, j: int) -> _Factors:
    r = rows[0]
    return _Factors(bool(cols["odd"][r, j]), int(cols["n_half"][r, j]), int(cols["n_points"][r, j]),
                    cols["inv_floor"][rows, j][:, None], cols["inv_ceil"][rows, j][:, None],
                    cols["half_frac"][rows, j][:, None], cols["split"][rows, j][:, None])


def _place_columns(f: _Factors, points: np.ndarray | int) -> np.ndarray:
    """(G, len(points)) fixed-point locations of point indices ``points`` (``_place_indices``); G is 1 for
    one patch."""
    return _place_indices(f, np.atleast_1d(np.asarray(points, np.int64))[None, :])


def _full(shape_of: np.ndarray, value: np.ndarray | int) -> np.ndarray:
    return np.broadcast_to(np.asarray(value, np.int64), shape_of.shape)


def _finish_columns(us: list[np.ndarray], vs: list[np.ndarray], domain: int, g: int) -> np.ndarray:
    """Domain points (G, M, 2|3) float32 from fixed-point u/v parts; w = 1 - u - v is exact (multiples
    of 2^-16 in [0, 1])."""
    u = fixed_to_float(np.concatenate([np.broadcast_to(a, (g, a.shape[-1])) for a in us], axis=1))
    v = fixed_to_float(np.concatenate([np.broadcast_to(a, (g, a.shape[-1])) for a in vs], axis=1))
    if domain == DOMAIN_TRI:
        w = (np.float32(1) - u) - v
        return np.stack([u, v, w], axis=2).astype(np.float32)
    return np.stack([u, v], axis=2).astype(np.float32)


def _isoline_points(fs: list[_Factors], g: int) -> np.ndarray:
    density, detail = fs
    n_lines = density.n_points - 1
    per_line = detail.n_points
    v = np.repeat(_place_columns(density, np.arange(n_lines)), per_line, axis=1)
    u = np.tile(_place_columns(detail, np.arange(per_line)), (1, n_lines))
    return _finish_columns([u], [v], DOMAIN_ISOLINE, g)


def _tri_points(fs: list[_Factors], g: int) -> np.ndarray:
    out, ins = fs[:3], fs[3]
    n_in = max(4 if ins.odd else 3, ins.n_points)
    us: list[np.ndarray] = []
    vs: list[np.ndarray] = []
    for e in range(3):
        end = out[e].n_points - 1
        p = np.arange(end)
        t = _place_columns(out[e], p if e & 1 else end - p)
        if e == 0:
            us.append(np.zeros((1, end), np.int64))
            vs.append(t)
        else:
            us.append(t)
            vs.append(ONE - t if e == 2 else np.zeros((1, end), np.int64))
    for ring in range(1, n_in >> 1):
        start, end = ring, n_in - 1 - ring
        perp = _place_columns(ins, start)  # (G, 1)
        perp = (perp * TWO_THIRDS + HALF) >> _FRAC_BITS
        shift = (perp + 1) >> 1
        p = np.arange(start, end)
        for e in range(3):
            t = _place_columns(ins, p if e & 1 else end - (p - start))
            along = (t - shift) & _U32
            if e == 0:
                us.append(_full(t, perp))
                vs.append(along)
            elif e == 1:
                us.append(along)
                vs.append(_full(t, perp))
            else:
                us.append(along)
                vs.append((ONE - along - perp) & _U32)
    if not ins.odd:
        us.append(np.full((1, 1), ONE_THIRD, np.int64))
        vs.append(np.full((1, 1), ONE_THIRD, np.int64))
    return _finish_columns(us, vs, DOMAIN_TRI, g)


def _quad_points(fs: list[_Factors], g: int) -> np.ndarray:
    out, ins = fs[:4], fs[4:]
    n_in = [max(4 if f.odd else 3, f.n_points) for f in ins]
    us: list[np.ndarray] = []
    vs: list[np.ndarray] = []
    for e in range(4):
        end = out[e].n_points - 1
        p = np.arange(end)
        t = _place_columns(out[e], p if e in (1, 2) else end - p)
        const = np.full((1, end), ONE if e in (2, 3) else 0, np.int64)
        if e & 1:
            us.append(t)
            vs.append(const)
        else:
            us.append(const)
            vs.append(t)
    n_rings = min(n_in) >> 1
    for ring in range(1, n_rings):
        start = ring
        end = (n_in[0] - 1 - ring, n_in[1] - 1 - ring)
        for e in range(4):
            a0, a1 = e & 1, (e + 1) & 1
            perp = _place_columns(ins[a0], start if e < 2 else end[a0])
            p = np.arange(start, end[a1])
            t = _place_columns(ins[a1], p if e in (1, 2) else end[a1] - (p - start))
            if a1:
                us.append(_full(t, perp))
                vs.append(t)
            else:
                us.append(t)
                vs.append(_full(t, perp))
    if n_in[0] > n_in[1] and not ins[1].odd:
        t = _place_columns(ins[0], np.arange(n_rings, n_in[0] - n_rings))
        us.append(t)
        vs.append(np.full((1, t.shape[1]), HALF, np.int64))
    elif n_in[1] >= n_in[0] and not ins[0].odd:
        t = _place_columns(ins[1], np.arange(n_in[1] - 1 - n_rings, n_rings - 1, -1))
        us.append(np.full((1, t.shape[1]), HALF, np.int64))
        vs.append(t)
    return _finish_columns(us, vs, DOMAIN_QUAD, g)


_POINTS = {DOMAIN_ISOLINE: _isoline_points, DOMAIN_TRI: _tri_points, DOMAIN_QUAD: _quad_points}


#: (domain, partitioning, primitive, topology key) → (point count, indices); bounded, cleared when full.
_TOPOLOGY: dict[tuple, tuple[int, np.ndarray]] = {}
_TOPOLOGY_LIMIT = 4096


def _topology(domain: int, partitioning: int, prim: int, key: tuple[int, ...],
              fxp: tuple[int, ...]) -> tuple[int, np.ndarray]:
    """(point count, indices) of every patch of topology ``key``, from the per-patch definition run on one
    of them (``fxp``, its processed factors)."""
    k = (domain, partitioning, prim, key)
    got = _TOPOLOGY.get(k)
    if got is None:
        if len(_TOPOLOGY) >= _TOPOLOGY_LIMIT:
            _TOPOLOGY.clear()
        pts, idx = _tessellate_fixed(domain, partitioning, prim, fxp)
        got = _TOPOLOGY[k] = (len(pts), idx)
    return got


def _tessellate_groups(d: int, part: int, prim: int, keys: np.ndarray) -> tuple[np.ndarray, ...]:
    """Points and indices of the unique processed factor rows ``keys`` (U, k): returns the flat point
    pool, the flat index pool, and per key its point count/start and index count/start in the pools."""
    k = keys.shape[1]
    n_edge = EDGE_COUNT[d]
    if d == DOMAIN_ISOLINE:  # density is always integer, its parity from the value (see _isoline)
        odd = np.stack([((keys[:, 0] >> _FRAC_BITS) & 1) == 1,
                        _edge_odd_columns(part, keys[:, 1], np.zeros(len(keys), bool))], axis=1)
    else:
        odd = _edge_odd_columns(part, keys, (np.arange(k) >= n_edge)[None, :])
    cols = _factor_columns(keys, odd)
    minimum = np.zeros(len(keys), bool)
    if d != DOMAIN_ISOLINE and part != PART_FRACTIONAL_EVEN:
        minimum = np.all(keys == ONE, axis=1)
    topo = np.concatenate([minimum[:, None], odd, cols["n_half"]], axis=1).astype(np.int64)
    _, group = np.unique(topo, axis=0, return_inverse=True)
    group = group.reshape(-1)
    order = np.argsort(group, kind="stable")
    bounds = np.flatnonzero(np.diff(group[order])) + 1
    dims = 3 if d == DOMAIN_TRI else 2
    pt_counts = np.zeros(len(keys), np.int64)
    ix_counts = np.zeros(len(keys), np.int64)
    pt_start = np.zeros(len(keys), np.int64)
    ix_start = np.zeros(len(keys), np.int64)
    pts_parts: list[np.ndarray] = []
    ix_parts: list[np.ndarray] = []
    pt_off = ix_off = 0
    for rows in np.split(order, bounds):
        rep = tuple(int(x) for x in keys[rows[0]])
        n_pts, idx = _topology(d, part, prim, tuple(int(x) for x in topo[rows[0]]), rep)
        g = len(rows)
        if minimum[rows[0]]:
            pts = np.broadcast_to(_tessellate_fixed(d, part, prim, rep)[0], (g, n_pts, dims))
        else:
            pts = _POINTS[d]([_group_factor(cols, rows, j) for j in range(k)], g)
        pts_parts.append(pts.reshape(-1, dims))
        ix_parts.append(idx)
        pt_counts[rows] = n_pts
        pt_start[rows] = pt_off + np.arange(g, dtype=np.int64) * n_pts
        ix_counts[rows] = len(idx)
        ix_start[rows] = ix_off
        pt_off += g * n_pts
        ix_off += len(idx)
    return np.concatenate(pts_parts), np.concatenate(ix_parts), pt_counts, pt_start, ix_counts, ix_start


# --------------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------------

def _enum(value: Any, names: dict[str, int], what: str) -> int:
    if isinstance(value, str):
        key = value.lower().removeprefix("domain_").removeprefix("partitioning_").removeprefix("output_")
        if key not in names:
            raise InvalidArgError(E_INVALIDARG, f"unknown tessellator {what} {value!r}")
        return names[key]
    v = int(value)
    if v not in names.values():
        raise InvalidArgError(E_INVALIDARG, f"invalid tessellator {what} {value!r}")
    return v


@dataclass(slots=True)
class Tessellation:
    """Tessellator output for a batch of patches, in patch order.

    ``points`` (M, 2|3) float32 domain coordinates (tri: u, v, w); ``indices`` (K, 1|2|3) int64 into
    ``points``; ``point_patch`` (M,) and ``prim_patch`` (K,) the patch each point / primitive belongs to;
    ``vertices_per_prim`` 1, 2 or 3."""

    points: np.ndarray
    indices: np.ndarray
    point_patch: np.ndarray
    prim_patch: np.ndarray
    vertices_per_prim: int


def tessellate(domain: Any, partitioning: Any, output_primitive: Any,
               tess_factors: Any) -> tuple[np.ndarray, np.ndarray]:
    """One patch: ``(domain_points (M, 2|3) float32, indices (K, 1|2|3) int64)``; empty when culled."""
    t = tessellate_patches(domain, partitioning, output_primitive, np.asarray(tess_factors, np.float32)[None])
    return t.points, t.indices


def tessellate_patches(domain: Any, partitioning: Any, output_primitive: Any, tess_factors: Any) -> Tessellation:
    """Tessellate P patches at once; ``tess_factors`` (P, k) float32 in the documented per-domain order."""
    d = _enum(domain, _DOMAIN_NAMES, "domain")
    part = _enum(partitioning, _PART_NAMES, "partitioning")
    prim = _enum(output_primitive, _PRIM_NAMES, "output primitive")
    if d == DOMAIN_ISOLINE and prim in (OUTPUT_TRIANGLE_CW, OUTPUT_TRIANGLE_CCW):
        prim = OUTPUT_LINE  # the reference emits line lists for isolines whatever the primitive says
    nv = {OUTPUT_POINT: 1, OUTPUT_LINE: 2}.get(prim, 3)
    dims = 3 if d == DOMAIN_TRI else 2
    f = np.asarray(tess_factors, np.float32).reshape(-1, FACTOR_COUNT[d])
    culled, fxp = process_factors(d, part, f)
    live = np.nonzero(~culled)[0]
    empty = Tessellation(np.zeros((0, dims), np.float32), np.zeros((0, nv), np.int64), np.zeros(0, np.int64),
                         np.zeros(0, np.int64), nv)
    if live.size == 0:
        return empty
    keys, inverse = np.unique(fxp[live], axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    pool_pts, pool_ix, pt_counts, pt_start, ix_counts, ix_start = _tessellate_groups(d, part, prim, keys)

    # Gather each live patch's copy of its shared result (vectorised ragged concatenation).
    per_pts = pt_counts[inverse]
    per_ix = ix_counts[inverse]
    out_pt_start = np.concatenate([[0], np.cumsum(per_pts)[:-1]])
    pidx = _ragged(pt_start[inverse], per_pts)
    iidx = _ragged(ix_start[inverse], per_ix)
    points = pool_pts[pidx]
    indices = pool_ix[iidx] + np.repeat(out_pt_start, per_ix)[:, None]
    return Tessellation(points, indices, np.repeat(live, per_pts), np.repeat(live, per_ix), nv)


def _ragged(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Concatenation of ``arange(s, s + c)`` for each (s, c), without a Python loop."""
    total = int(counts.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
    return np.arange(total, dtype=np.int64) - np.repeat(offsets - starts, counts)
