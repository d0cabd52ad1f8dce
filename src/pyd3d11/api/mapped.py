"""The object Map returns: a D3D11_MAPPED_SUBRESOURCE with Python conveniences (DESIGN §1).

``pData`` is a writable ``memoryview`` over a tight copy of the subresource (rows of blocks
``RowPitch`` bytes apart, depth slices ``DepthPitch`` apart, as D3D reports them for this layout);
``Unmap`` writes it back for write maps, bumps the storage version and releases the view.
``as_array(dtype, shape)`` views the bytes as numpy; ``with ctx.Map(...) as m:`` unmaps on exit.
``write(data, offset=0)`` copies numpy arrays, bytes, memoryviews or ctypes structures in (the C idiom
``memcpy(mapped.pData, &data, sizeof(data))``), refusing what cannot be that memory (api/memory_in.py) with
E_INVALIDARG.
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

    def write(self, data: Any, offset: int = 0) -> int:
        """Copy ``data``'s bytes into the mapped memory at ``offset``; returns the byte count. Python lists
        and element types the resource cannot hold raise InvalidArgError (E_INVALIDARG) naming the mismatch;
        more bytes than the mapping holds raise E_INVALIDARG too (a C memcpy would overrun)."""
        from pyd3d11.errors import E_INVALIDARG, InvalidArgError

        from .memory_in import check_source, source_bytes

        res = self._resource
        desc = getattr(res, "_desc", None)
        st = getattr(res, "_storage", None)
        is_buffer = st is None or int(st.dimension) == 1
        fmt = None if is_buffer or desc is None else int(getattr(desc, "Format", 0)) or None
        bind = int(getattr(desc, "BindFlags", 0) or 0) if is_buffer and desc is not None else 0
        problem = check_source(data, "data", fmt, bind)
        if problem:
            raise InvalidArgError(E_INVALIDARG, problem, "D3D11_MAPPED_SUBRESOURCE.write")
        src = source_bytes(data, "data")
        offset = int(offset)
        if offset < 0 or offset + src.size > self._buffer.size:
            raise InvalidArgError(E_INVALIDARG, f"{src.size} bytes at offset {offset} do not fit the "
                                  f"{self._buffer.size} mapped bytes", "D3D11_MAPPED_SUBRESOURCE.write")
        self._buffer[offset:offset + src.size] = src
        return int(src.size)

    def __enter__(self) -> MappedSubresource:
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._context is not None:
            self._context.Unmap(self._resource, self._subresource)

    def __repr__(self) -> str:
        return f"<D3D11_MAPPED_SUBRESOURCE {len(self._buffer)} bytes RowPitch={self.RowPitch} DepthPitch={self.DepthPitch}>"
