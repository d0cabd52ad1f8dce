"""BC6H decoder (D3D11.3 functional spec 19.5.10; MicrosoftDocs "BC6H Format"; Khronos Data
Format "BPTC" / BC6H), bit-exact, vectorised over blocks.

Output: the 16-bit half-float bit pattern of each channel converted exactly to float32; alpha 1.0.
Reserved mode numbers (0b10011, 0b10111, 0b11011, 0b11111) decode to (0, 0, 0, 1).
"""

from __future__ import annotations

import numpy as np

from .bc7 import PARTITION2, WEIGHTS, anchor_mask, bits, bits_var, index_offsets, interpolate, split_u128
from .numerics import f16_to_f32

__all__ = ["decode_bc6h", "decode_bc6h_half"]

# Block layouts, read from bit 0 upwards. Each item "x:a-b" takes the next |a - b| + 1 bits of the
# block, LSB first; the first goes to bit b of x, the following ones step towards bit a (so "a-b"
# with a > b is a plain little-endian field, a < b is bit-reversed). "x:a" is one bit.
# Fields: m = mode bits, p = partition, r0..b3 = channel of endpoint w/x/y/z (0..3).
# Mode value -> (transformed endpoints, subsets, endpoint bits, delta bits (r, g, b), layout)
_MODES: dict[int, tuple[bool, int, int, tuple[int, int, int], str]] = {
    0: (True, 2, 10, (5, 5, 5),
        "m:1-0 g2:4 b2:4 b3:4 r0:9-0 g0:9-0 b0:9-0 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 g3:3-0 b1:4-0 b3:1 "
        "b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 p:4-0"),
    1: (True, 2, 7, (6, 6, 6),
        "m:1-0 g2:5 g3:4 g3:5 r0:6-0 b3:0 b3:1 b2:4 g0:6-0 b2:5 b3:2 g2:4 b0:6-0 b3:3 b3:5 b3:4 r1:5-0 "
        "g2:3-0 g1:5-0 g3:3-0 b1:5-0 b2:3-0 r2:5-0 r3:5-0 p:4-0"),
    2: (True, 2, 11, (5, 4, 4),
        "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:4-0 r0:10 g2:3-0 g1:3-0 g0:10 b3:0 g3:3-0 b1:3-0 b0:10 b3:1 "
        "b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 p:4-0"),
    6: (True, 2, 11, (4, 5, 4),
        "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10 g3:4 g2:3-0 g1:4-0 g0:10 g3:3-0 b1:3-0 b0:10 b3:1 "
        "b2:3-0 r2:3-0 b3:0 b3:2 r3:3-0 g2:4 b3:3 p:4-0"),
    10: (True, 2, 11, (4, 4, 5),
         "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10 b2:4 g2:3-0 g1:3-0 g0:10 b3:0 g3:3-0 b1:4-0 b0:10 "
         "b2:3-0 r2:3-0 b3:1 b3:2 r3:3-0 b3:4 b3:3 p:4-0"),
    14: (True, 2, 9, (5, 5, 5),
         "m:4-0 r0:8-0 b2:4 g0:8-0 g2:4 b0:8-0 b3:4 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 g3:3-0 b1:4-0 b3:1 "
         "b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 p:4-0"),
    18: (True, 2, 8, (6, 5, 5),
         "m:4-0 r0:7-0 g3:4 b2:4 g0:7-0 b3:2 g2:4 b0:7-0 b3:3 b3:4 r1:5-0 g2:3-0 g1:4-0 b3:0 g3:3-0 "
         "b1:4-0 b3:1 b2:3-0 r2:5-0 r3:5-0 p:4-0"),
    22: (True, 2, 8, (5, 6, 5),
         "m:4-0 r0:7-0 b3:0 b2:4 g0:7-0 g2:5 g2:4 b0:7-0 g3:5 b3:4 r1:4-0 g3:4 g2:3-0 g1:5-0 g3:3-0 "
         "b1:4-0 b3:1 b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 p:4-0"),
    26: (True, 2, 8, (5, 5, 6),
         "m:4-0 r0:7-0 b3:1 b2:4 g0:7-0 b2:5 g2:4 b0:7-0 b3:5 b3:4 r1:4-0 g3:4 g2:3-0 g1:4-0 b3:0 "
         "g3:3-0 b1:5-0 b2:3-0 r2:4-0 b3:2 r3:4-0 b3:3 p:4-0"),
    30: (False, 2, 6, (6, 6, 6),
         "m:4-0 r0:5-0 g3:4 b3:0 b3:1 b2:4 g0:5-0 g2:5 b2:5 b3:2 g2:4 b0:5-0 g3:5 b3:3 b3:5 b3:4 r1:5-0 "
         "g2:3-0 g1:5-0 g3:3-0 b1:5-0 b2:3-0 r2:5-0 r3:5-0 p:4-0"),
    3: (False, 1, 10, (10, 10, 10), "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:9-0 g1:9-0 b1:9-0"),
    7: (True, 1, 11, (9, 9, 9), "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:8-0 r0:10 g1:8-0 g0:10 b1:8-0 b0:10"),
    11: (True, 1, 12, (8, 8, 8), "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:7-0 r0:10-11 g1:7-0 g0:10-11 b1:7-0 b0:10-11"),
    15: (True, 1, 16, (4, 4, 4), "m:4-0 r0:9-0 g0:9-0 b0:9-0 r1:3-0 r0:10-15 g1:3-0 g0:10-15 b1:3-0 b0:10-15"),
}
_RESERVED = (19, 23, 27, 31)
_HEADER_BITS = {1: 65, 2: 82}
_INDEX_BITS = {1: 4, 2: 3}


def _compile(layout: str) -> list[tuple[str, int, int, int]]:
    """Layout -> runs (field, block bit, width, destination low bit); reversed items become 1-bit runs."""
    runs = []
    pos = 0
    for item in layout.split():
        name, rng = item.split(":")
        a, b = (int(v) for v in rng.split("-")) if "-" in rng else (int(rng), int(rng))
        if a >= b:
            runs.append((name, pos, a - b + 1, b))
            pos += a - b + 1
        else:
            for v in range(b, a - 1, -1):
                runs.append((name, pos, 1, v))
                pos += 1
    return runs


_RUNS = {m: _compile(spec[4]) for m, spec in _MODES.items()}
_FIELD = {f"{c}{k}": (k, i) for k in range(4) for i, c in enumerate("rgb")}


def _sign_extend(v: np.ndarray, n: np.ndarray | int) -> np.ndarray:
    half = np.int64(1) << (np.asarray(n, dtype=np.int64) - 1)
    return ((v & ((half << 1) - 1)) ^ half) - half


def _unquantize(x: np.ndarray, epb: int, signed: bool) -> np.ndarray:
    """Endpoint -> 16-bit interpolation domain (Khronos BPTC "unquantize")."""
    if signed:
        if epb >= 16:
            return x
        s = x < 0
        a = np.abs(x)
        q = ((a << 15) + 0x4000) >> (epb - 1)
        q = np.where(a == 0, 0, np.where(a >= (1 << (epb - 1)) - 1, 0x7FFF, q))
        return np.where(s, -q, q)
    if epb >= 15:
        return x
    q = ((x << 16) + 0x8000) >> epb
    return np.where(x == 0, 0, np.where(x == (1 << epb) - 1, 0xFFFF, q))


def _finish(i: np.ndarray, signed: bool) -> np.ndarray:
    """Interpolated value -> half-float bit pattern (UF16: x31/64; SF16: |x|*31/32 with sign).

    SF16 follows the D3D reference (MicrosoftDocs finish_unquantize): the magnitude is scaled first
    and the sign bit set only if it is still negative, so -1 gives +0.0 (0x0000), not -0.0."""
    if signed:
        mag = (np.abs(i) * 31) >> 5
        return np.where((i < 0) & (mag > 0), mag | 0x8000, mag)
    return (i * 31) >> 6


def _decode_mode(mode: int, lo: np.ndarray, hi: np.ndarray, signed: bool) -> np.ndarray:
    transformed, ns, epb, delta, _ = _MODES[mode]
    n = lo.shape[0]
    e = np.zeros((n, 4, 3), dtype=np.int64)  # [block, endpoint w/x/y/z, channel]
    part = np.zeros(n, dtype=np.int64)
    for name, pos, width, dst in _RUNS[mode]:
        if name == "m":
            continue
        v = bits(lo, hi, pos, width) << dst
        if name == "p":
            part |= v
        else:
            k, c = _FIELD[name]
            e[:, k, c] |= v
    ne = 2 * ns
    e = e[:, :ne]
    if signed:
        e[:, 0] = _sign_extend(e[:, 0], epb)
    if transformed or signed:
        widths = np.array(delta if transformed else (epb,) * 3, dtype=np.int64)
        e[:, 1:] = _sign_extend(e[:, 1:], widths)
    if transformed:
        e[:, 1:] = (e[:, :1] + e[:, 1:]) & ((1 << epb) - 1)
        if signed:
            e[:, 1:] = _sign_extend(e[:, 1:], epb)
    u = _unquantize(e, epb, signed).astype(np.int32)  # |u| <= 0xFFFF: lerp fits in int32

    ib = _INDEX_BITS[ns]
    widths = ib - anchor_mask(ns, part).astype(np.int64)
    idx = bits_var(lo[:, None], hi[:, None], index_offsets(_HEADER_BITS[ns], widths), widths)
    w = WEIGHTS[ib][idx][..., None]  # (n, 16, 1)
    subset = PARTITION2[part] if ns == 2 else np.zeros((n, 16), dtype=np.int64)
    rows = np.arange(n)[:, None]
    e0 = u[rows, 2 * subset]  # (n, 16, 3)
    e1 = u[rows, 2 * subset + 1]
    return _finish(interpolate(e0, e1, w), signed)


def decode_bc6h_half(blocks: np.ndarray, signed: bool) -> np.ndarray:
    """(N, 16) uint8 BC6H blocks -> (N, 16, 3) uint16 half-float bit patterns (reserved -> 0)."""
    lo, hi = split_u128(blocks)
    b0 = blocks[:, 0].astype(np.int64)
    mode = np.where((b0 & 3) < 2, b0 & 3, b0 & 0x1F)
    out = np.zeros((blocks.shape[0], 16, 3), dtype=np.uint16)
    for m in _MODES:
        sel = np.nonzero(mode == m)[0]
        if sel.size:
            out[sel] = _decode_mode(m, lo[sel], hi[sel], signed).astype(np.uint16)
    return out


def decode_bc6h(blocks: np.ndarray, signed: bool) -> np.ndarray:
    """(N, 16) uint8 BC6H blocks -> (N, 16, 4) float32 RGBA; alpha 1 (spec 19.5.10)."""
    half = decode_bc6h_half(blocks, signed)
    out = np.ones((blocks.shape[0], 16, 4), dtype=np.float32)
    out[:, :, :3] = f16_to_f32(half)  # (in integers: numpy's float16 cast is the CPU's on some hosts)
    return out

