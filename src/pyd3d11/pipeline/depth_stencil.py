"""Depth/stencil buffer planes and the depth/stencil test (D3D11.3 §17.8–17.13; spec-facts §1.5, §1.10).

Depth is held in the buffer's own domain: integer codes for UNORM formats (compared after converting
the clamped z with round-to-nearest, +0.5 then truncate, §17.11) and float32 for float formats.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import NotSupportedError
from ..formats.numerics import float_to_unorm
from ..headers.dxgi_types import DXGI_FORMAT
from ..storage import ViewDescriptor
from .comparison import comparison_passes
from .target_planes import TargetPlanes

D32_FLOAT_S8X24_UINT = DXGI_FORMAT.DXGI_FORMAT_D32_FLOAT_S8X24_UINT
D32_FLOAT = DXGI_FORMAT.DXGI_FORMAT_D32_FLOAT
D24_UNORM_S8_UINT = DXGI_FORMAT.DXGI_FORMAT_D24_UNORM_S8_UINT
D16_UNORM = DXGI_FORMAT.DXGI_FORMAT_D16_UNORM

# format -> (bytes per element, unorm depth bits or 0 for float, has stencil)
DEPTH_FORMATS: dict[int, tuple[int, int, bool]] = {
    D32_FLOAT_S8X24_UINT: (8, 0, True),
    D32_FLOAT: (4, 0, False),
    D24_UNORM_S8_UINT: (4, 24, True),
    D16_UNORM: (2, 16, False),
}

KEEP, ZERO, REPLACE, INCR_SAT, DECR_SAT, INVERT, INCR, DECR = range(1, 9)


#: ``a func b`` for the depth and stencil tests: the one definition shared with the sampler
compare = comparison_passes


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
    """A DSV's subresources as the numpy merger sees them: texels (slices, samples, H, W) read and written
    in place in the resource's bytes, addressed by linear index ((slice * S + sample) * H + y) * W + x.

    Nothing is copied up front (a 16384² D32 buffer is 1 GiB), so memory follows the fragments tested."""

    view: ViewDescriptor
    format: int
    texels: TargetPlanes
    has_stencil: bool
    unorm_bits: int  # UNORM depth bits, 0 for float depth

    @classmethod
    def load(cls, view: ViewDescriptor) -> DepthStencilTarget:
        fmt = view.format
        if fmt not in DEPTH_FORMATS:
            raise NotSupportedError(f"depth-stencil format {fmt}")
        size, bits, has_stencil = DEPTH_FORMATS[fmt]
        st = view.storage
        planes = []
        for sub in _subresources(view):
            L = st.layout(sub)
            planes.append(st.subresource_bytes(sub).reshape(st.sample_count * L.height * L.width, size))
        L = st.layout(view.first_mip)
        return cls(view, fmt, TargetPlanes(planes, (len(planes), st.sample_count, L.height, L.width)), has_stencil,
                   bits)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        return self.texels.shape

    def linear(self, sl, s, y, x):
        """Linear texel index of (slice, sample, y, x) (broadcasting)."""
        return self.texels.linear(sl, s, y, x)

    def read_depth(self, lin: np.ndarray) -> np.ndarray:
        """Depth at ``lin`` (any shape) in the buffer's domain: uint32 codes (UNORM) or float32."""
        c = self.texels.codes(lin)
        fmt = self.format
        if fmt == D16_UNORM:
            d = c.view(np.uint16)[:, 0].astype(np.uint32)
        elif fmt == D24_UNORM_S8_UINT:
            d = c.view(np.uint32)[:, 0] & np.uint32(0xFFFFFF)
        else:  # D32_FLOAT, D32_FLOAT_S8X24_UINT: float32 in bytes 0..3
            d = np.ascontiguousarray(c[:, 0:4]).view(np.float32)[:, 0]
        return d.reshape(lin.shape)

    def read_stencil(self, lin: np.ndarray) -> np.ndarray:
        """Stencil (uint8) at ``lin`` (formats with stencil)."""
        c = self.texels.codes(lin)
        s = c[:, 3] if self.format == D24_UNORM_S8_UINT else c[:, 4]  # D24S8: the top byte of the word
        return s.copy().reshape(lin.shape)

    def write_depth(self, lin: np.ndarray, depth: np.ndarray) -> None:
        """Store depth values (the buffer's domain) at distinct ``lin``, keeping the stencil bits."""
        fmt = self.format
        d = np.ravel(depth)
        if fmt == D16_UNORM:
            codes = d.astype(np.uint16)[:, None].view(np.uint8)
        elif fmt == D32_FLOAT:
            codes = d.astype(np.float32)[:, None].view(np.uint8)
        else:
            codes = self.texels.codes(lin)
            if fmt == D24_UNORM_S8_UINT:
                word = codes.view(np.uint32)[:, 0]
                word = (word & np.uint32(0xFF000000)) | (d.astype(np.uint32) & np.uint32(0xFFFFFF))
                codes = word[:, None].view(np.uint8)
            else:
                codes[:, 0:4] = d.astype(np.float32)[:, None].view(np.uint8)
        self.texels.store(lin, codes)

    def write_stencil(self, lin: np.ndarray, stencil: np.ndarray) -> None:
        """Store stencil values at distinct ``lin``, keeping the depth bits."""
        codes = self.texels.codes(lin)
        codes[:, 3 if self.format == D24_UNORM_S8_UINT else 4] = np.asarray(stencil, np.uint8).reshape(-1)
        self.texels.store(lin, codes)

    def quantize(self, z: np.ndarray) -> np.ndarray:
        """Clamped float32 z -> the buffer's domain (§17.11: UNORM by +0.5 then truncate)."""
        if self.unorm_bits:
            return float_to_unorm(z, self.unorm_bits)
        zf = z.astype(np.float32)
        # Float depth: denormals flush to zero (float32 rules) and every zero is stored as +0.
        return np.where(np.abs(zf) < np.float32(1.17549435e-38), np.float32(0), zf).astype(np.float32)

    def store(self) -> None:
        """Writes went to memory already: record them (caches of the resource are refreshed)."""
        self.view.storage.touch()


def _subresources(view: ViewDescriptor) -> list[int]:
    st = view.storage
    return [st.subresource_index(view.first_mip, view.first_slice + i) for i in range(view.slice_count)]
