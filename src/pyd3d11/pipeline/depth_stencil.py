"""Depth/stencil buffer planes and the depth/stencil test (D3D11.3 §17.8–17.13; spec-facts §1.5, §1.10).

Depth is held in the buffer's own domain: integer codes for UNORM formats (compared after converting
the clamped z with round-to-nearest, +0.5 then truncate, §17.11) and float32 for float formats.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import NotSupportedError
from ..formats.numerics import float_to_unorm
from ..storage import ViewDescriptor

D32_FLOAT_S8X24_UINT = 20
D32_FLOAT = 40
D24_UNORM_S8_UINT = 45
D16_UNORM = 55

# format -> (bytes per element, unorm depth bits or 0 for float, has stencil)
DEPTH_FORMATS: dict[int, tuple[int, int, bool]] = {
    D32_FLOAT_S8X24_UINT: (8, 0, True),
    D32_FLOAT: (4, 0, False),
    D24_UNORM_S8_UINT: (4, 24, True),
    D16_UNORM: (2, 16, False),
}

NEVER, LESS, EQUAL, LESS_EQUAL, GREATER, NOT_EQUAL, GREATER_EQUAL, ALWAYS = range(1, 9)
KEEP, ZERO, REPLACE, INCR_SAT, DECR_SAT, INVERT, INCR, DECR = range(1, 9)


def compare(func: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``a func b`` with the D3D float rules (NaN compares false except NOT_EQUAL)."""
    if func == NEVER:
        return np.zeros(np.broadcast(a, b).shape, bool)
    if func == ALWAYS:
        return np.ones(np.broadcast(a, b).shape, bool)
    op = {LESS: np.less, EQUAL: np.equal, LESS_EQUAL: np.less_equal, GREATER: np.greater,
          NOT_EQUAL: np.not_equal, GREATER_EQUAL: np.greater_equal}[func]
    return op(a, b)


def stencil_op(op: int, value: np.ndarray, ref: int) -> np.ndarray:
    """Apply a D3D11_STENCIL_OP to uint8 stencil values (INCR/DECR wrap, *_SAT clamp)."""
    v = value.astype(np.int32)
    if op == KEEP:
        r = v
    elif op == ZERO:
        r = np.zeros_like(v)
    elif op == REPLACE:
        r = np.full_like(v, ref & 0xFF)
    elif op == INCR_SAT:
        r = np.minimum(v + 1, 255)
    elif op == DECR_SAT:
        r = np.maximum(v - 1, 0)
    elif op == INVERT:
        r = ~v & 0xFF
    elif op == INCR:
        r = (v + 1) & 0xFF
    elif op == DECR:
        r = (v - 1) & 0xFF
    else:
        raise NotSupportedError(f"stencil op {op}")
    return r.astype(np.uint8)


@dataclass(slots=True, eq=False)
class DepthStencilTarget:
    """Decoded depth and stencil planes of a DSV's subresources: (slices, samples, H, W)."""

    view: ViewDescriptor
    format: int
    depth: np.ndarray  # uint32 codes (UNORM) or float32
    stencil: np.ndarray | None  # uint8
    unorm_bits: int

    @classmethod
    def load(cls, view: ViewDescriptor) -> DepthStencilTarget:
        fmt = view.format
        if fmt not in DEPTH_FORMATS:
            raise NotSupportedError(f"depth-stencil format {fmt}")
        size, bits, has_stencil = DEPTH_FORMATS[fmt]
        raw = _planes_bytes(view)  # (slices, S, H, W, size) uint8 copy
        if fmt == D16_UNORM:
            depth = raw.view(np.uint16)[..., 0].astype(np.uint32)
            stencil = None
        elif fmt == D24_UNORM_S8_UINT:
            word = raw.view(np.uint32)[..., 0]
            depth = word & 0xFFFFFF
            stencil = (word >> 24).astype(np.uint8)
        elif fmt == D32_FLOAT:
            depth = raw.view(np.float32)[..., 0].copy()
            stencil = None
        else:
            depth = raw[..., 0:4].copy().view(np.float32)[..., 0]
            stencil = raw[..., 4].copy()
        # Contiguous planes: the output merger addresses them through flat views.
        if stencil is not None:
            stencil = np.ascontiguousarray(stencil)
        return cls(view, fmt, np.ascontiguousarray(depth), stencil, bits)

    def quantize(self, z: np.ndarray) -> np.ndarray:
        """Clamped float32 z -> the buffer's domain (§17.11: UNORM by +0.5 then truncate)."""
        if self.unorm_bits:
            # The UNORM conversion of §3.2.3.6 (NaN -> 0, clamp, scale, +0.5, truncate), in place.
            return float_to_unorm(z, self.unorm_bits)
        zf = z.astype(np.float32)
        # Float depth: denormals flush to zero (float32 rules); -0 stays a valid zero.
        return np.where(np.abs(zf) < np.float32(1.17549435e-38), np.float32(0), zf).astype(np.float32)

    def store(self) -> None:
        """Encode the planes back into the resource's bytes."""
        fmt = self.format
        if fmt == D16_UNORM:
            raw = self.depth.astype(np.uint16)[..., None].view(np.uint8)
        elif fmt == D24_UNORM_S8_UINT:
            word = (self.depth & 0xFFFFFF) | (self.stencil.astype(np.uint32) << 24)
            raw = word.astype(np.uint32)[..., None].view(np.uint8)
        elif fmt == D32_FLOAT:
            raw = self.depth.astype(np.float32)[..., None].view(np.uint8)
        else:
            old = _planes_bytes(self.view)
            old[..., 0:4] = self.depth.astype(np.float32)[..., None].view(np.uint8)
            old[..., 4] = self.stencil
            raw = old
        _write_planes(self.view, raw)


def _subresources(view: ViewDescriptor) -> list[int]:
    st = view.storage
    return [st.subresource_index(view.first_mip, view.first_slice + i) for i in range(view.slice_count)]


def _planes_bytes(view: ViewDescriptor) -> np.ndarray:
    st = view.storage
    parts = []
    for sub in _subresources(view):
        L = st.layout(sub)
        b = st.subresource_bytes(sub).reshape(st.sample_count, L.height, L.width, st.bytes_per_block)
        parts.append(b.copy())
    return np.stack(parts)


def _write_planes(view: ViewDescriptor, raw: np.ndarray) -> None:
    st = view.storage
    for i, sub in enumerate(_subresources(view)):
        st.subresource_bytes(sub)[:] = np.ascontiguousarray(raw[i]).reshape(-1)
    st.touch()
