"""The texels of a render-target or depth-stencil view, addressed in place in the resource's bytes.

The numpy output merger reads and writes only the texels a layer of fragments covers, by linear index
((slice * S + sample) * H + y) * W + x, straight in the subresources' memory: no copy of a target is made,
so memory follows the fragments (a 16384 x 16384 RGBA32F target would be 4 GiB).
"""

from __future__ import annotations

import numpy as np

from ..errors import NotSupportedError


class TargetPlanes:
    """Per view slice a writable (S * H * W, bytes per element) view of the storage; ``shape`` is
    (slices, S, H, W)."""

    __slots__ = ("planes", "shape", "item")

    def __init__(self, planes: list[np.ndarray], shape: tuple[int, int, int, int]) -> None:
        for p in planes:
            if not p.flags.c_contiguous:
                raise NotSupportedError("non-contiguous render-target or depth-stencil plane")
        self.planes = planes
        self.shape = shape
        self.item = np.dtype((np.void, planes[0].shape[1]))  # one whole element as an opaque item

    @property
    def element_bytes(self) -> int:
        return self.planes[0].shape[1]

    def linear(self, sl, s, y, x):
        """Linear index of (slice, sample, y, x) (broadcasting)."""
        _, S, H, W = self.shape
        return ((np.asarray(sl) * S + s) * H + y) * W + x

    def _split(self, lin: np.ndarray):
        """(slice, positions of ``lin`` in it or None for all, index inside the slice's plane) per slice."""
        if len(self.planes) == 1:
            return [(0, None, lin)]
        per = self.shape[1] * self.shape[2] * self.shape[3]
        sl = lin // per
        return [(int(i), np.nonzero(sl == i)[0], lin[sl == i] - int(i) * per) for i in np.unique(sl)]

    def codes(self, lin: np.ndarray) -> np.ndarray:
        """The stored elements (m, bytes) at linear indices ``lin`` (any shape, flattened)."""
        flat = np.asarray(lin).reshape(-1)
        parts = self._split(flat)
        if parts[0][1] is None:
            return np.take(self.planes[0], flat, axis=0)
        out = np.empty((flat.shape[0], self.element_bytes), np.uint8)
        for i, rows, local in parts:
            out[rows] = np.take(self.planes[i], local, axis=0)
        return out

    def store(self, lin: np.ndarray, codes: np.ndarray) -> None:
        """Store elements (m, bytes) at distinct linear indices ``lin`` (each as one opaque item)."""
        src = np.ascontiguousarray(codes).view(self.item).reshape(-1)
        for i, rows, local in self._split(np.asarray(lin).reshape(-1)):
            self.planes[i].view(self.item).reshape(-1)[local] = src if rows is None else src[rows]
