"""Resource storage and view descriptors: the plain data the pipeline sees (DESIGN §2, §3).

Every resource owns one ``numpy.uint8`` array laid out like D3D's subresources:
subresource index = mip + array_slice * mip_levels; each subresource is stored tightly (row pitch =
blocks per row * bytes per block; depth pitch = rows of blocks * row pitch). Multisampled textures
store each subresource as ``sample_count`` consecutive planes of width*height elements
(sample-major: plane s holds sample s of every pixel), so a resolve is a mean over the plane axis.

The api layer creates these; the pipeline, the executors and the copy/clear code read and write them.
Neither side holds COM objects here. Writers call :meth:`ResourceStorage.touch` so decoded caches,
keyed by ``version``, stay valid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

import numpy as np


class StorageDimension(IntEnum):
    """Same values as D3D11_RESOURCE_DIMENSION."""

    BUFFER = 1
    TEXTURE1D = 2
    TEXTURE2D = 3
    TEXTURE3D = 4


@dataclass(slots=True, frozen=True)
class SubresourceLayout:
    offset: int  # byte offset of the subresource in ``ResourceStorage.data``
    width: int  # size in texels (virtual size for block-compressed mips)
    height: int
    depth: int
    row_pitch: int  # bytes per row of blocks
    depth_pitch: int  # bytes per depth slice
    size: int  # bytes of the whole subresource (all samples)
    mip: int
    array_slice: int


@dataclass(slots=True, eq=False, weakref_slot=True)
class ResourceStorage:
    """The bytes of one resource and their layout."""

    dimension: StorageDimension
    format: int  # DXGI_FORMAT of the resource (may be TYPELESS); 0 for buffers
    width: int  # buffers: ByteWidth
    height: int = 1
    depth: int = 1
    mip_levels: int = 1
    array_size: int = 1
    sample_count: int = 1
    structure_stride: int = 0  # buffers only
    bytes_per_block: int = 1
    block_size: int = 1  # 4 for BC formats, else 1 (square blocks; see block_width/block_height)
    block_width: int = 1  # texels per block horizontally (4 BC, 2 for R8G8_B8G8/G8R8_G8B8, 8 for R1_UNORM)
    block_height: int = 1
    subresources: list[SubresourceLayout] = field(default_factory=list)
    # the bytes, read and written through ``data`` (a property: see pending_writes)
    _data: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    version: int = 0
    min_lod: float = 0.0  # SetResourceMinLOD: clamps every sample from this resource (§5.8)
    # DXGI_SAMPLE_DESC.Quality of a multisample texture, recorded by the API at creation: samplepos on a view of
    # it reports D3D11_CENTER_MULTISAMPLE_PATTERN's positions (shader/exec/memory.sample_positions)
    sample_quality: int = 0
    # Hidden append/consume counter of a UAV lives on the view, not here.

    @classmethod
    def create(
        cls,
        dimension: int,
        format: int,
        width: int,
        height: int = 1,
        depth: int = 1,
        mip_levels: int = 1,
        array_size: int = 1,
        sample_count: int = 1,
        bytes_per_block: int = 1,
        block_size: int = 1,
        structure_stride: int = 0,
        block_width: int | None = None,
        block_height: int | None = None,
    ) -> ResourceStorage:
        """Allocate zeroed storage (D3D gives zero-initialised memory) with the tight D3D layout.

        ``block_size`` gives square blocks (BC: 4); ``block_width``/``block_height`` override it for
        non-square elements (2x1 sub-sampled formats, R1_UNORM's 8x1).
        """
        bw_, bh_ = block_width or block_size, block_height or block_size
        st = cls(StorageDimension(dimension), format, width, height, depth, mip_levels, array_size, sample_count,
                 structure_stride, bytes_per_block, block_size, bw_, bh_)
        offset = 0
        if st.dimension == StorageDimension.BUFFER:
            st.subresources.append(SubresourceLayout(0, width, 1, 1, width, width, width, 0, 0))
            offset = width
        else:
            for a in range(array_size):
                for m in range(mip_levels):
                    w = max(1, width >> m)
                    h = max(1, height >> m) if st.dimension != StorageDimension.TEXTURE1D else 1
                    d = max(1, depth >> m) if st.dimension == StorageDimension.TEXTURE3D else 1
                    bw = -(-w // bw_)
                    bh = -(-h // bh_)
                    row = bw * bytes_per_block
                    slice_ = row * bh
                    size = slice_ * d * sample_count
                    st.subresources.append(SubresourceLayout(offset, w, h, d, row, slice_, size, m, a))
                    offset += size
        st.data = np.zeros(offset, np.uint8)
        return st

    @property
    def data(self) -> np.ndarray:
        """The resource's bytes. While queued draw work still writes this storage (pending_writes), it is
        finished first, so whoever looks sees every earlier draw's result."""
        if _pending_ids and id(self) in _pending_ids:
            finish_pending_writes()
        return self._data

    @property
    def queued_data(self) -> np.ndarray:
        """The bytes as they are, without finishing queued draw work: for a draw that joins the same queue after
        that work (pipeline/native/fused.py's scenes), which must not wait for it."""
        return self._data

    @data.setter
    def data(self, value: np.ndarray) -> None:
        if _pending_ids:
            finish_pending_writes()  # queued work may hold this array's address
        self._data = value

    def subresource_index(self, mip: int, array_slice: int) -> int:
        return mip + array_slice * self.mip_levels

    def layout(self, subresource: int) -> SubresourceLayout:
        return self.subresources[subresource]

    def subresource_bytes(self, subresource: int) -> np.ndarray:
        """A writable view of one subresource's bytes."""
        L = self.subresources[subresource]
        return self.data[L.offset:L.offset + L.size]

    def subresource_blocks(self, subresource: int) -> np.ndarray:
        """View of one subresource as (samples, depth, rows of blocks, blocks per row, bytes per block)."""
        L = self.subresources[subresource]
        raw = self.data[L.offset:L.offset + L.size]
        bh = L.depth_pitch // L.row_pitch if L.row_pitch else 0
        return raw.reshape(self.sample_count, L.depth, bh, L.row_pitch // self.bytes_per_block, self.bytes_per_block)

    def touch(self) -> None:
        """Record a write: bumps ``version`` so decoded caches are refreshed."""
        self.version += 1

    @property
    def root(self) -> ResourceStorage:
        """The storage that owns the bytes (itself; a :class:`PlaneStorage` answers its resource's)."""
        return self


class PlaneStorage(ResourceStorage):
    """One plane of a video resource seen as an ordinary texture (D3D11.1 video views; formats/video.py).

    It owns no bytes: ``data`` is its resource's array and each layout's ``offset`` points at the plane inside
    that array, so the executors read and write the plane as any texture of the view's format. ``version``,
    ``touch`` and ``min_lod`` are the resource's, so a write through either side refreshes caches of both.
    """

    __slots__ = ("parent",)

    def __init__(self, parent: ResourceStorage, format: int, width: int, height: int, bytes_per_block: int,
                 block_width: int, subresources: list[SubresourceLayout]) -> None:
        # The dataclass __init__ is not used: it would write ``version`` (the parent's) and ``_data``.
        self.parent = parent
        self.dimension = parent.dimension
        self.format = format
        self.width, self.height, self.depth = width, height, 1
        self.mip_levels, self.array_size, self.sample_count = parent.mip_levels, parent.array_size, 1
        self.sample_quality = 0
        self.structure_stride = 0
        self.bytes_per_block, self.block_size = bytes_per_block, 1
        self.block_width, self.block_height = block_width, 1
        self.subresources = subresources

    @property
    def data(self) -> np.ndarray:  # type: ignore[override]
        return self.parent.data

    @data.setter
    def data(self, value: np.ndarray) -> None:
        raise TypeError("a video plane's bytes belong to its resource")

    @property
    def queued_data(self) -> np.ndarray:  # type: ignore[override]
        return self.parent.queued_data

    @property
    def version(self) -> int:  # type: ignore[override]
        return self.parent.version

    @version.setter
    def version(self, value: int) -> None:
        self.parent.version = value

    @property
    def min_lod(self) -> float:  # type: ignore[override]
        return self.parent.min_lod

    @min_lod.setter
    def min_lod(self, value: float) -> None:
        self.parent.min_lod = value

    @property
    def root(self) -> ResourceStorage:
        return self.parent


# Storages that queued draw work (pipeline/native/fused.py: draws whose tiles still run after the draw call
# returned) writes, by id, and the function that finishes that work. Anything reading or replacing those bytes
# through ``data`` finishes it first; the api layer finishes it at every call other than draws and state setters.
_pending_ids: frozenset = frozenset()
pending_finish = None  # read by the api wrapper (api/cargs.py) as a cheap "is anything queued" test; set only here


def pending_writes(storages, finish) -> None:
    """Register queued work writing ``storages`` (kept by the caller) and the function that finishes it
    (``finish`` must call :func:`clear_pending_writes` before it waits). An empty ``storages`` clears."""
    global _pending_ids, pending_finish
    pending_finish = finish if storages else None
    # a video plane's writes land in its resource's bytes: register the owner too
    _pending_ids = frozenset(i for s in storages for i in (id(s), id(s.root))) if storages else frozenset()


def clear_pending_writes() -> None:
    global _pending_ids, pending_finish
    _pending_ids, pending_finish = frozenset(), None


def finish_pending_writes() -> None:
    fn = pending_finish
    if fn is not None:
        fn()


class ViewKind(IntEnum):
    SRV = 0
    RTV = 1
    DSV = 2
    UAV = 3


@dataclass(slots=True, eq=False)
class ViewDescriptor:
    """A view as plain data: which storage, how it is read, and which subresources.

    ``dimension`` uses the D3D11 *_DIMENSION value of the view kind (SRV: D3D11_SRV_DIMENSION, RTV:
    D3D11_RTV_DIMENSION, DSV: D3D11_DSV_DIMENSION, UAV: D3D11_UAV_DIMENSION). For buffers,
    ``first_element``/``num_elements`` count elements of ``element_size`` bytes (format size, the
    structure stride, or 4 for raw views). For 3D RTV/UAVs, ``first_slice``/``slice_count`` are W slices.
    """

    kind: ViewKind
    storage: ResourceStorage
    format: int
    dimension: int
    first_mip: int = 0
    mip_count: int = 1
    first_slice: int = 0
    slice_count: int = 1
    first_element: int = 0
    num_elements: int = 0
    element_size: int = 0
    flags: int = 0  # BUFFEREX/UAV flags (RAW, APPEND, COUNTER) or DSV read-only flags
    structured: bool = False
    raw: bool = False
    counter: list[int] = field(default_factory=lambda: [0])  # hidden append/consume counter (UAV)
    min_lod: float = 0.0  # the view's own min-LOD clamp (ResourceMinLODClamp); the resource's is storage.min_lod
