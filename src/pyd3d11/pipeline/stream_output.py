"""Stream output (D3D11.3 §14; spec-facts §1.12): list primitives of one stream → up to 4 SO buffers.

* The declaration (``D3D11_SO_DECLARATION_ENTRY`` list) is resolved once against the output signature
  of the last pre-rasterizer stage into :class:`SODeclaration`: per entry the buffer slot, the byte
  offset inside that slot's vertex record, and the output register/components (or a gap, which skips
  memory and leaves it untouched, §14.3). ``StartComponent`` counts from the element's first component.
* :func:`stream_out` writes whole primitives (strips already expanded to lists, adjacency dropped, see
  :func:`so_primitive_rows`): 32-bit components copied bit-exactly, vertex after vertex at the buffer's
  ``BufferFilledSize`` with the slot's stride. A primitive is written only if every buffer of its
  stream has room for all its vertices; once one does not fit nothing more of the draw is written to
  that stream, while PrimitivesStorageNeeded keeps counting (§14.5). A declared slot with no buffer
  counts as full; a bound buffer the stream does not use is ignored (§14.6).
* :class:`SOTarget` is the per-buffer state the api layer owns (storage, bind offset, filled size);
  :func:`auto_vertex_count` gives DrawAuto's vertex count (§8.9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..storage import ResourceStorage
from . import primitives as prim

U32 = np.uint32
SO_STREAM_COUNT = 4
SO_BUFFER_SLOT_COUNT = 4
D3D11_SO_NO_RASTERIZED_STREAM = 0xFFFFFFFF
#: SOSetTargets offset meaning "append at the current BufferFilledSize" (§14.4).
SO_APPEND_OFFSET = 0xFFFFFFFF


@dataclass(slots=True, frozen=True)
class SOEntry:
    """One resolved declaration entry. ``register`` is -1 for a gap."""

    stream: int
    slot: int
    byte_offset: int  # offset of the first component inside the slot's vertex record
    register: int
    component: int  # first register component (absolute, 0-3)
    count: int


@dataclass(slots=True)
class SODeclaration:
    """A resolved stream-output declaration: entries, per-slot strides and the rasterized stream."""

    entries: list[SOEntry]
    strides: list[int]  # bytes per vertex for slots 0-3 (0 = slot unused)
    rasterized_stream: int = 0

    def slots_of(self, stream: int) -> list[int]:
        """Buffer slots the stream writes (gap-only slots included: they still need room)."""
        return sorted({e.slot for e in self.entries if e.stream == stream})

    @property
    def streams(self) -> list[int]:
        return sorted({e.stream for e in self.entries})


def _field(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def compile_so_declaration(entries: Iterable[Any], output_signature: Iterable[Any], strides: Sequence[int] = (),
                           rasterized_stream: int = 0) -> SODeclaration:
    """Resolve ``D3D11_SO_DECLARATION_ENTRY`` items (structs or dicts) against output-signature elements
    (``semantic_name``, ``semantic_index``, ``register``, ``mask``, ``stream``). Raises ``ValueError`` for
    an entry the signature cannot satisfy (the api layer validates first, §14.3)."""
    sig = list(output_signature)
    out: list[SOEntry] = []
    used = [0] * SO_BUFFER_SLOT_COUNT
    for i, e in enumerate(entries):
        stream = int(_field(e, "Stream", 0) or 0)
        slot = int(_field(e, "OutputSlot", 0) or 0)
        count = int(_field(e, "ComponentCount", 0) or 0)
        start = int(_field(e, "StartComponent", 0) or 0)
        name = _field(e, "SemanticName")
        if isinstance(name, bytes):
            name = name.decode("ascii")
        # a gap (no SemanticName) may span more than 4 components (D3D11_SO_DECLARATION_ENTRY docs)
        if not 0 <= slot < SO_BUFFER_SLOT_COUNT or count < 1 or (name and count > 4):
            raise ValueError(f"SO entry {i}: OutputSlot {slot} / ComponentCount {count} out of range")
        if not name:
            out.append(SOEntry(stream, slot, used[slot], -1, 0, count))
            used[slot] += 4 * count
            continue
        index = int(_field(e, "SemanticIndex", 0) or 0)
        match = [s for s in sig if str(_field(s, "semantic_name", "")).upper() == name.upper()
                 and int(_field(s, "semantic_index", 0)) == index and int(_field(s, "stream", 0) or 0) == stream]
        if not match:
            raise ValueError(f"SO entry {i}: {name}{index} (stream {stream}) is not in the output signature")
        el = match[0]
        mask = int(_field(el, "mask", 0xF))
        first = (mask & -mask).bit_length() - 1 if mask else 0
        comp = first + start
        if comp + count > 4:
            raise ValueError(f"SO entry {i}: components {comp}..{comp + count - 1} exceed the register")
        out.append(SOEntry(stream, slot, used[slot], int(_field(el, "register", 0)), comp, count))
        used[slot] += 4 * count
    st = [int(s) for s in strides][:SO_BUFFER_SLOT_COUNT]
    st += [0] * (SO_BUFFER_SLOT_COUNT - len(st))
    # A slot without an explicit stride is packed tightly (D3D10-style single-buffer declarations).
    st = [s if s else used[b] for b, s in enumerate(st)]
    if any(s % 4 for s in st):
        raise ValueError(f"SO strides {st} must be multiples of 4")
    return SODeclaration(out, st, int(rasterized_stream) & 0xFFFFFFFF)


@dataclass(slots=True, eq=False)
class SOTarget:
    """One SO buffer binding (the api layer owns it). ``filled_size`` is BufferFilledSize: the byte
    offset the next primitive is written at; :func:`stream_out` advances it (§14.4)."""

    storage: ResourceStorage | None
    offset: int = 0  # the SOSetTargets offset (SO_APPEND_OFFSET / -1 = append)
    filled_size: int = 0

    @classmethod
    def bind(cls, storage: ResourceStorage | None, offset: int, filled_size: int = 0) -> SOTarget:
        """Binding rule of SOSetTargets: an explicit offset redefines BufferFilledSize; -1 keeps it."""
        off = int(offset) & 0xFFFFFFFF
        return cls(storage, off, int(filled_size) if off == SO_APPEND_OFFSET else off)


@dataclass(slots=True)
class SOStreamResult:
    """What one :func:`stream_out` call did to one stream (feeds SO_STATISTICS / overflow predicates)."""

    stream: int
    primitives_written: int = 0
    primitives_storage_needed: int = 0

    @property
    def overflow(self) -> bool:
        return self.primitives_written < self.primitives_storage_needed


@dataclass(slots=True)
class SOCounters:
    """Running per-stream counters for SO_STATISTICS(_STREAMn) and SO_OVERFLOW_PREDICATE(_STREAMn)."""

    written: list[int] = field(default_factory=lambda: [0] * SO_STREAM_COUNT)
    needed: list[int] = field(default_factory=lambda: [0] * SO_STREAM_COUNT)
    overflowed: list[bool] = field(default_factory=lambda: [False] * SO_STREAM_COUNT)

    def add(self, r: SOStreamResult) -> None:
        self.written[r.stream] += r.primitives_written
        self.needed[r.stream] += r.primitives_storage_needed
        self.overflowed[r.stream] |= r.overflow

    def statistics(self, stream: int | None = None) -> tuple[int, int]:
        """(NumPrimitivesWritten, PrimitivesStorageNeeded); ``None`` = D3D11_QUERY_SO_STATISTICS (stream 0)."""
        s = 0 if stream is None else stream
        return self.written[s], self.needed[s]

    def overflow_predicate(self, stream: int | None = None) -> bool:
        """``None`` = SO_OVERFLOW_PREDICATE over any stream."""
        return any(self.overflowed) if stream is None else self.overflowed[stream]


def so_primitive_rows(topology: int, rows: np.ndarray) -> np.ndarray:
    """IA primitive rows without adjacency vertices (what reaches SO without a GS, §14)."""
    if prim.is_adjacency(topology):
        return rows[:, ::2] if prim.primitive_class(topology) == prim.TRIANGLE else rows[:, 1:3]
    return rows


def stream_out(decl: SODeclaration, targets: Sequence[SOTarget | None], stream: int, outputs: np.ndarray,
               rows: np.ndarray) -> SOStreamResult:
    """Write the primitives ``rows`` (P, k) of ``stream`` (vertex data ``outputs`` (regs, V, 4) uint32)
    to the SO buffers bound in ``targets`` (indexed by slot). Returns the counts for the queries."""
    slots = decl.slots_of(stream)
    rows = np.asarray(rows, np.int64)
    P = int(rows.shape[0])
    res = SOStreamResult(stream)
    if not slots:
        return res  # this stream is not streamed out
    res.primitives_storage_needed = P
    k = rows.shape[1] if rows.ndim == 2 else 1
    n = P
    for b in slots:
        t = targets[b] if b < len(targets) else None
        if t is None or t.storage is None:
            n = 0  # §14.6: declared slot without a buffer behaves as a full buffer
            break
        room = t.storage.data.size - t.filled_size
        need = k * decl.strides[b]  # > 0: a declared slot's stride covers its entries (at least 4 bytes)
        n = min(n, max(room, 0) // need)  # (an offset at or past the end leaves no room)
    res.primitives_written = n
    if n == 0:
        return res
    verts = rows[:n].reshape(-1)
    M = verts.shape[0]
    src = np.asarray(outputs)  # uint32 register words (every executor's output file)
    for b in slots:
        t = targets[b]
        stride = decl.strides[b]  # a multiple of 4 (validated at creation)
        # the records of this draw as (M, stride/4) words: entries are column blocks of it
        region = t.storage.data[t.filled_size:t.filled_size + M * stride].view(U32).reshape(M, stride // 4)
        for e in decl.entries:
            if e.stream != stream or e.slot != b or e.register < 0:
                continue  # gaps leave memory untouched
            w = e.byte_offset // 4
            if e.register < src.shape[0]:
                region[:, w:w + e.count] = src[e.register][verts, e.component:e.component + e.count]
            else:
                region[:, w:w + e.count] = 0  # register never written by the shader
        t.filled_size += M * stride
        t.storage.touch()
    return res


def rasterized_stream(decl: SODeclaration | None) -> int | None:
    """The stream sent to the rasterizer: 0 without an SO declaration, None for NO_RASTERIZED_STREAM."""
    if decl is None:
        return 0
    rs = decl.rasterized_stream
    return None if rs == D3D11_SO_NO_RASTERIZED_STREAM else rs


def auto_vertex_count(filled_size: int, offset: int, stride: int) -> int:
    """DrawAuto: (BufferFilledSize − IA slot-0 offset) / stride vertices; 0 when nothing is left (§8.9)."""
    if stride <= 0 or filled_size <= offset:
        return 0
    return (int(filled_size) - int(offset)) // int(stride)
