"""The object Map returns: a D3D11_MAPPED_SUBRESOURCE with Python conveniences (DESIGN §1).

``pData`` is a writable ``memoryview`` over a tight copy of the subresource (rows of blocks
``RowPitch`` bytes apart, depth slices ``DepthPitch`` apart, as D3D reports them for this layout);
``Unmap`` writes it back for write maps, bumps the storage version and releases the view.
``as_array(dtype, shape)`` views the bytes as numpy; ``with ctx.Map(...) as m:`` unmaps on exit.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from pyd3d11.headers import D3D11_MAPPED_SUBRESOURCE


class MappedSubresource(D3D11_MAPPED_SUBRESOURCE):
    """D3D11_MAPPED_SUBRESOURCE plus ``as_array`` and context-manager unmapping."""

    def __init__(self, buffer: np.ndarray, row_pitch: int, depth_pitch: int, context: Any, resource: Any,
                 subresource: int) -> None:
        super().__init__()
        self.pData = memoryview(buffer)
        self.RowPitch = row_pitch
        self.DepthPitch = depth_pitch
        self._buffer = buffer
        self._context = context
        self._resource = resource
        self._subresource = subresource

    def as_array(self, dtype: Any = np.uint8, shape: Any = None) -> np.ndarray:
        """The mapped bytes as a writable numpy array of ``dtype`` (reshaped to ``shape`` if given)."""
        a = self._buffer.view(np.dtype(dtype))
        return a.reshape(shape) if shape is not None else a

    def __enter__(self) -> MappedSubresource:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._context is not None:
            self._context.Unmap(self._resource, self._subresource)

    def __repr__(self) -> str:
        return f"<D3D11_MAPPED_SUBRESOURCE {len(self._buffer)} bytes RowPitch={self.RowPitch} DepthPitch={self.DepthPitch}>"
