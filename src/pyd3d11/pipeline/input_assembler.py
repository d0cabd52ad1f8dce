"""Input assembler: index fetch, vertex stream generation and vertex attribute fetch (D3D11.3 §8).

All address math is uint32 with wrap-around (§8.4.1, §8.6.1 pseudocode): per-vertex elements read at
``offset + stride * (StartVertexLocation + n)`` (indexed: ``stride * (index + BaseVertexLocation)``),
per-instance elements at ``offset + stride * (StartInstanceLocation + instance // step_rate)`` (step
rate 0: never advances). A fetch that reaches past the end of the bound buffer, or from an unbound
slot, returns 0 in the format's components plus the missing-component defaults (§8.7, §19.1.3.3).

The VS runs once per distinct (fetch index, instance) pair: indexed draws reuse vertices (§8.11).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from ..formats import codecs
from ..formats.table import bytes_per_element
from ..headers.dxgi_types import DXGI_FORMAT
from ..storage import ResourceStorage

R16_UINT = DXGI_FORMAT.DXGI_FORMAT_R16_UINT
R32_UINT = DXGI_FORMAT.DXGI_FORMAT_R32_UINT
_MASK32 = 0xFFFFFFFF


@dataclass(slots=True)
class VertexBufferBinding:
    storage: ResourceStorage | None
    stride: int = 0
    offset: int = 0


@dataclass(slots=True)
class IndexBufferBinding:
    storage: ResourceStorage | None
    format: int = R16_UINT
    offset: int = 0


@dataclass(slots=True)
class InputElement:
    """One input-layout element resolved against the VS input signature."""

    register: int  # v# register
    mask: int  # components of the register this semantic occupies (input signature mask)
    format: int
    slot: int
    offset: int  # resolved AlignedByteOffset
    per_instance: bool = False
    step_rate: int = 0


@dataclass(slots=True)
class DrawArgs:
    vertex_count: int  # vertices or indices per instance
    instance_count: int = 1
    start_vertex: int = 0  # StartVertexLocation (non-indexed)
    start_index: int = 0  # StartIndexLocation (indexed)
    base_vertex: int = 0  # BaseVertexLocation (indexed, signed)
    start_instance: int = 0
    indexed: bool = False
    #: a draw split into bounded passes (pipeline.draw): SV_InstanceID of the pass's first instance and
    #: SV_PrimitiveID of its first primitive
    instance_id_base: int = 0
    vertex_id_base: int = 0  # SV_VertexID of the pass's first vertex (non-indexed draws split into passes)
    primitive_id_base: int = 0


@dataclass(slots=True)
class VertexStream:
    """The vertices the IA emits, in order, and the distinct vertices the VS must shade.

    ``unique`` maps each stream position to a row of the shaded vertex arrays. ``vertex_id``/``instance``
    and ``fetch_index`` are per shaded vertex.
    """

    instance_of_stream: np.ndarray  # (n,) instance number of each stream position
    restart: np.ndarray  # (n,) bool: first vertex of an instance
    cut: np.ndarray  # (n,) bool: strip-cut index (not a vertex)
    unique: np.ndarray  # (n,) int64 row into the shaded vertices
    vertex_id: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint32))
    instance_id: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint32))
    fetch_index: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint32))
    #: fetch_index is fetch_index[0] + 0, 1, 2, ... without wrapping and ``unique`` is 0, 1, 2, ... (a plain
    #: non-indexed draw: every stream position its own shaded vertex)
    consecutive: bool = False


def read_indices(ib: IndexBufferBinding, start: int, count: int) -> np.ndarray:
    """Index values (uint32); indices beyond the buffer read as 0 (§8.6)."""
    if ib.storage is None or count == 0:
        return np.zeros(count, np.uint32)
    size = 2 if ib.format == R16_UINT else 4
    data = ib.storage.data
    base = ib.offset + start * size
    pos = base + np.arange(count, dtype=np.int64) * size
    ok = pos + size <= data.shape[0]
    out = np.zeros(count, np.uint32)
    p = pos[ok]
    if size == 2:
        out[ok] = data[p].astype(np.uint32) | (data[p + 1].astype(np.uint32) << 8)
    else:
        out[ok] = (data[p].astype(np.uint32) | (data[p + 1].astype(np.uint32) << 8)
                   | (data[p + 2].astype(np.uint32) << 16) | (data[p + 3].astype(np.uint32) << 24))
    return out


def strip_cut_value(ib: IndexBufferBinding) -> int:
    """The strip-cut index of an index buffer's format: all ones (§8.13)."""
    return 0xFFFF if ib.format == R16_UINT else _MASK32


def build_stream(args: DrawArgs, ib: IndexBufferBinding | None = None) -> VertexStream:
    """Generate the IA vertex stream of one draw with strip cuts and vertex reuse."""
    n = args.vertex_count
    inst = args.instance_count
    if not args.indexed and inst == 1 and n > 0 and args.start_vertex + n - 1 <= _MASK32 and _fast():
        return _plain_stream(args)
    if args.indexed:
        assert ib is not None
        idx = read_indices(ib, args.start_index, n)
        cut1 = idx == strip_cut_value(ib)
        vid1 = idx
        fetch1 = (idx.astype(np.int64) + args.base_vertex) & _MASK32
    else:
        cut1 = np.zeros(n, bool)
        # §8.16.2: a non-indexed draw's VertexID counts from 0; StartVertexLocation moves only the fetch (a draw
        # split into passes continues the count through vertex_id_base).
        vid1 = ((args.vertex_id_base + np.arange(n, dtype=np.int64)) & _MASK32).astype(np.uint32)
        fetch1 = (args.start_vertex + np.arange(n, dtype=np.int64)) & _MASK32
    instance = np.repeat(np.arange(args.instance_id_base, args.instance_id_base + inst, dtype=np.int64), n)
    restart = np.zeros(n * inst, bool)
    restart[::max(n, 1)] = True
    cut = np.tile(cut1, inst)
    # Distinct (fetch index, vertex id, instance) triples are shaded once.
    key = (np.tile(fetch1, inst) << 32 | np.tile(vid1.astype(np.int64), inst)) if args.indexed \
        else np.tile(fetch1, inst)
    if inst > 1:
        key_full = np.stack([key, instance], 1)
        uniq, inverse = np.unique(key_full, axis=0, return_inverse=True)
        ukey, uinst = uniq[:, 0], uniq[:, 1]
    elif key.shape[0] > 0 and bool(np.all(key[1:] > key[:-1])):
        # Already strictly increasing (a plain Draw): np.unique would return it unchanged.
        ukey, inverse = key, np.arange(key.shape[0], dtype=np.int64)
        uinst = np.full(ukey.shape[0], args.instance_id_base, np.int64)
    else:
        ukey, inverse = np.unique(key, return_inverse=True)
        uinst = np.full(ukey.shape[0], args.instance_id_base, np.int64)
    inverse = inverse.reshape(-1)
    if args.indexed:
        ufetch = (ukey >> 32) & _MASK32
        uvid = ukey & _MASK32
    else:
        ufetch = ukey
        # §8.16.2: the draw's n-th vertex has VertexID n; a later pass of a split draw starts at vertex_id_base
        uvid = (ukey - args.start_vertex + args.vertex_id_base) & _MASK32
    return VertexStream(instance, restart, cut, inverse.astype(np.int64), uvid.astype(np.uint32),
                        uinst.astype(np.uint32), ufetch.astype(np.uint32))


def _fast() -> bool:
    from .native import frontend

    return frontend.active()


#: read-only arrays of recent plain streams (:func:`_plain_stream`), by (vertex count, instance id base, vertex id
#: base, start vertex): a draw repeated every frame, and each pass of a split draw (draw.py: equal pass lengths),
#: reuses them instead of writing ~30 bytes per vertex of fresh memory (page faults included) on the drawing thread
#: (S2's serial part, Session 25)
_PLAIN: dict = {}
_plain_lock = threading.Lock()  # (the parallel front end builds streams on worker threads: front_chunks.py)
#: the memo keeps at most this many streams and drops the oldest past it
PLAIN_STREAMS = 8


def _plain_stream(args: DrawArgs) -> VertexStream:
    """build_stream of a non-indexed single-instance draw whose fetch indices do not wrap: every vertex is
    distinct and in order, so the general path's unique/sort reduces to identities (same arrays). The arrays are
    read-only and shared by draws with the same counts and bases (consumers only read a stream)."""
    n = args.vertex_count
    key = (n, args.instance_id_base, args.vertex_id_base, args.start_vertex)
    got = _PLAIN.get(key)
    if got is None:
        ramp = np.arange(n, dtype=np.int64)
        restart = np.zeros(n, bool)
        restart[0] = True
        vid0 = args.vertex_id_base & _MASK32
        # VertexID counts from vertex_id_base modulo 2^32 (a wrap only past 2^32 - 1)
        vid = np.arange(vid0, vid0 + n, dtype=np.uint32) if vid0 + n <= _MASK32 + 1 else \
            ((args.vertex_id_base + ramp) & _MASK32).astype(np.uint32)
        got = (np.full(n, args.instance_id_base, np.int64), restart, np.zeros(n, bool), ramp, vid,
               np.full(n, args.instance_id_base, np.uint32),
               np.arange(args.start_vertex, args.start_vertex + n, dtype=np.uint32))
        for a in got:
            a.flags.writeable = False
        with _plain_lock:
            while len(_PLAIN) >= PLAIN_STREAMS:
                _PLAIN.pop(next(iter(_PLAIN)))
            _PLAIN[key] = got
    return VertexStream(*got, consecutive=True)


def _gather_rows(data: np.ndarray, addr: np.ndarray, ok: np.ndarray, size: int, stride: int) -> np.ndarray:
    """(V, size) bytes: row v = data[addr[v]:addr[v] + size], zero where not ``ok`` (out of bounds)."""
    V = addr.shape[0]
    if V and ok.all():
        a0 = int(addr[0])
        if stride > 0 and int(addr[-1]) == a0 + stride * (V - 1) and np.all(np.diff(addr) == stride):
            # consecutive vertices (a plain Draw): one strided copy, no gather
            return np.lib.stride_tricks.as_strided(data[a0:], shape=(V, size), strides=(stride, 1)).copy()
        if size % 4 == 0 and not (addr & 3).any() and data.shape[0] % 4 == 0:
            # 4-byte aligned elements: gather words, a quarter of the byte gather
            words = data.view(np.uint32)
            idx = (addr >> 2)[:, None] + np.arange(size // 4, dtype=np.int64)
            return np.ascontiguousarray(words[idx]).view(np.uint8).reshape(V, size)
    # Row r of the window view is data[r:r + size]: one contiguous copy per vertex.
    windows = np.lib.stride_tricks.sliding_window_view(data, size)
    raw = np.zeros((V, size), np.uint8)
    raw[ok] = np.take(windows, addr[ok], axis=0)
    return raw


def _word_format(fmt: int) -> tuple[int, np.ndarray] | None:
    """(channels, missing-component default bits (4,) uint32) of a format whose channels are all 32-bit
    FLOAT / UINT / SINT in component order (R32…_FLOAT/UINT/SINT): their decode is the identity on the bits
    (§19.1: no conversion), so the fetch can copy words; None for any other format."""
    hit = _WORD_FORMATS.get(fmt)
    if hit is None and fmt not in _WORD_FORMATS:
        from ..formats.numerics import missing_defaults
        from ..formats.table import FormatKind, format_info

        hit = None
        try:
            info = format_info(fmt)
        except Exception:  # unknown formats take the general path (which reports them)
            info = None
        if info is not None and not info.compressed and info.channels:
            ch = info.channels
            if all(c.bits == 32 and c.offset == 32 * i and c.component == i
                   and c.kind in (FormatKind.FLOAT, FormatKind.UINT, FormatKind.SINT) for i, c in enumerate(ch)) \
                    and len({c.kind for c in ch}) == 1 and info.bytes_per_block == 4 * len(ch):
                cls = codecs.number_class(fmt)
                hit = (len(ch), np.ascontiguousarray(missing_defaults(cls)).view(np.uint32).copy())
        _WORD_FORMATS[fmt] = hit
    return hit


_WORD_FORMATS: dict[int, tuple[int, np.ndarray] | None] = {}


def _word_columns(data: np.ndarray, addr: np.ndarray, ok: np.ndarray, words: int, stride: int) -> np.ndarray | None:
    """(V, words) uint32 view of consecutive in-bounds 4-byte-aligned elements (a plain Draw), else None."""
    V = addr.shape[0]
    if V == 0 or stride <= 0 or stride % 4 or data.shape[0] % 4 or not ok.all():
        return None
    a0 = int(addr[0])
    if a0 % 4 or int(addr[-1]) != a0 + stride * (V - 1) or not np.all(np.diff(addr) == stride):
        return None
    w = data.view(np.uint32)[a0 // 4:]
    return np.lib.stride_tricks.as_strided(w, shape=(V, words), strides=(stride, 4), writeable=False)


def _word_series(data: np.ndarray, a0: int, V: int, words: int, stride: int) -> np.ndarray | None:
    """(V, words) uint32 view of elements at a0, a0 + stride, ... (in bounds), when 4-byte aligned."""
    if stride <= 0 or stride % 4 or a0 % 4 or data.shape[0] % 4:
        return None
    return np.lib.stride_tricks.as_strided(data.view(np.uint32)[a0 // 4:], shape=(V, words), strides=(stride, 4),
                                           writeable=False)


def _put_words(regs: np.ndarray, el: InputElement, first: int, word: tuple, cols: np.ndarray) -> None:
    """Element words into its register: element component k feeds component first + k of the signature
    mask; components past the format's take the missing-component defaults (§19.1.3.3)."""
    ks = [k for k in range(4 - first) if el.mask >> (first + k) & 1]
    run = [k for k in ks if k < word[0]]
    if run and run == list(range(run[0], run[-1] + 1)):
        m = len(run)
        dst = regs[el.register, :, first + run[0]:first + run[0] + m]
        src = cols[:, run[0]:run[0] + m]
        if m > 1 and dst.strides[-1] == 4:
            # each vertex's run of words as one opaque item: a copy per vertex instead of per word (same bytes)
            dst, src = dst.view(f"V{4 * m}")[:, 0], src.view(f"V{4 * m}")[:, 0]
        if _fast():
            from .native import frontend

            frontend.copy_rows(dst, src)  # vertex ranges on the worker pool (issue 12: off the main thread)
        else:
            dst[...] = src
        run = []
    for k in ks:
        if k >= word[0] or k in run:
            regs[el.register, :, first + k] = cols[:, k] if k < word[0] else word[1][k]


def _fed_components(elements: list[InputElement], num_registers: int) -> set[tuple[int, int]]:
    """(register, component) pairs fetch_vertices writes for every vertex: each element's signature-mask
    components from its first one on (element component k feeds component first + k, §19.1.3.3)."""
    fed = set()
    for el in elements:
        if el.register >= num_registers or not el.mask:
            continue
        first = (el.mask & -el.mask).bit_length() - 1
        fed.update((el.register, first + k) for k in range(4 - first) if el.mask >> (first + k) & 1)
    return fed


#: lanes the component-major register file's rows are padded to: a multiple of every native kernel's vector
#: width (shader/native/llvm_gen: 8 to 64), so the kernel runs on the file in place (runtime._regs_internal)
COMPONENT_MAJOR_PAD = 64


def fetch_vertices(
    elements: list[InputElement],
    buffers: list[VertexBufferBinding],
    stream: VertexStream,
    args: DrawArgs,
    num_registers: int,
    component_major: bool = False,
) -> np.ndarray:
    """Fetch every element for the shaded vertices into a (num_registers, V, 4) uint32 register file.
    ``component_major``: the file is a transposed view of the first V lanes of a C-contiguous
    (num_registers, 4, V') array, V' = V rounded up to COMPONENT_MAJOR_PAD lanes (the layout the shader
    executors run on, whole vector steps per row; ``regs.transpose(0, 2, 1)`` gives it back without a copy,
    and its ``base`` is the padded array)."""
    fast = _fast()
    V = stream.fetch_index.shape[0]
    if component_major:
        pad = -(-V // COMPONENT_MAJOR_PAD) * COMPONENT_MAJOR_PAD
        if fast:
            # components no element feeds read 0, and so do the padding lanes past V (the kernels run whole
            # vector steps); every fed component's first V lanes are written below (each path writes the
            # element's mask components for every vertex), so only the rest is cleared
            full = np.empty((num_registers, 4, pad), np.uint32)
            fed = _fed_components(elements, num_registers)
            for r in range(num_registers):
                for c in range(4):
                    full[r, c, V if (r, c) in fed else 0:].fill(0)
        else:
            full = np.zeros((num_registers, 4, pad), np.uint32)
        regs = full[:, :, :V].transpose(0, 2, 1)
    else:
        regs = np.zeros((num_registers, V, 4), np.uint32)
    for el in elements:
        if el.register >= num_registers:
            # The VS input signature may list elements the program never declares (fxc keeps them, e.g. a
            # packed clip distance): their data reaches no register the shader reads.
            continue
        size = bytes_per_element(el.format)
        vb = buffers[el.slot] if el.slot < len(buffers) else VertexBufferBinding(None)
        word = _word_format(el.format) if fast else None
        first = (el.mask & -el.mask).bit_length() - 1 if el.mask else 0
        if word is not None and not el.per_instance and stream.consecutive and vb.storage is not None:
            # a plain draw: fetch indices fetch0, fetch0 + 1, ... (no wrap), so the addresses are an arithmetic
            # series; all in bounds -> the words straight from the buffer, without per-vertex address arrays
            a0 = vb.offset + vb.stride * int(stream.fetch_index[0]) + el.offset if V else 0
            last = a0 + vb.stride * (V - 1)
            if V and last + size <= min(vb.storage.data.shape[0], _MASK32 + 1):
                cols = _word_series(vb.storage.data, a0, V, word[0], vb.stride)
                if cols is not None:
                    _put_words(regs, el, first, word, cols)
                    continue
        if el.per_instance:
            step = stream.instance_id.astype(np.int64) // el.step_rate if el.step_rate else np.zeros(V, np.int64)
            n = args.start_instance + step
        else:
            n = stream.fetch_index.astype(np.int64)  # StartVertexLocation + i, or index + BaseVertexLocation
        addr = (vb.offset + vb.stride * n + el.offset) & _MASK32
        if vb.storage is None:
            ok = np.zeros(V, bool)
            data = np.zeros(0, np.uint8)
        else:
            data = vb.storage.data
            ok = addr + size <= data.shape[0]
        cols = _word_columns(data, addr, ok, word[0], vb.stride) if word is not None else None
        if cols is not None:
            _put_words(regs, el, first, word, cols)
            continue
        raw = np.zeros((V, size), np.uint8)
        if ok.any() and data.shape[0] >= size:
            raw = _gather_rows(data, addr, ok, size, vb.stride)
        # Out-of-bounds rows stay zero bytes, which decode to 0 plus the missing-component defaults.
        values = codecs.decode(el.format, raw)
        bits = np.ascontiguousarray(values).view(np.uint32).reshape(V, 4)
        # Element component k feeds the k-th component from the first one of the signature mask.
        for k in range(4 - first):
            target = first + k
            if el.mask >> target & 1:
                regs[el.register, :, target] = bits[:, k]
    return regs
