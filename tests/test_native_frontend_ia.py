"""Lean input assembly of the fast front end against the general numpy code (what the reference runs).

* fetch_vertices: 32-bit FLOAT / UINT / SINT formats copy their words (their decode is the identity on the
  bits, NaN payloads and denormals included) — compared with the decode path for every such format, every
  signature mask, strides, offsets, per-instance data and out-of-bounds fetches;
* primitive assembly of list topologies without strip cuts — compared with the general segment-based
  assembly for every list topology, instance count and vertex count (incomplete tails dropped, §8.13).
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pyd3d11.formats.table import bytes_per_element
from pyd3d11.headers.dxgi_types import DXGI_FORMAT
from pyd3d11.pipeline import primitives as prim
from pyd3d11.pipeline.input_assembler import (
    DrawArgs,
    InputElement,
    VertexBufferBinding,
    _word_format,
    build_stream,
    fetch_vertices,
)
from pyd3d11.pipeline.native import frontend
from pyd3d11.shader import native
from pyd3d11.storage import ResourceStorage

pytestmark = [pytest.mark.backend_specific, pytest.mark.skipif(not native.available(), reason="native backend (llvmlite) not available")]

F = DXGI_FORMAT
WORD_FORMATS = [F.DXGI_FORMAT_R32G32B32A32_FLOAT, F.DXGI_FORMAT_R32G32B32A32_UINT, F.DXGI_FORMAT_R32G32B32A32_SINT,
                F.DXGI_FORMAT_R32G32B32_FLOAT, F.DXGI_FORMAT_R32G32B32_UINT, F.DXGI_FORMAT_R32G32B32_SINT,
                F.DXGI_FORMAT_R32G32_FLOAT, F.DXGI_FORMAT_R32G32_UINT, F.DXGI_FORMAT_R32G32_SINT,
                F.DXGI_FORMAT_R32_FLOAT, F.DXGI_FORMAT_R32_UINT, F.DXGI_FORMAT_R32_SINT, F.DXGI_FORMAT_D32_FLOAT]
OTHER_FORMATS = [F.DXGI_FORMAT_R8G8B8A8_UNORM, F.DXGI_FORMAT_R16G16_FLOAT, F.DXGI_FORMAT_D24_UNORM_S8_UINT,
                 F.DXGI_FORMAT_R32G8X24_TYPELESS, F.DXGI_FORMAT_R10G10B10A2_UINT, F.DXGI_FORMAT_R32G32B32A32_TYPELESS]


def test_word_formats_are_exactly_the_32_bit_channel_formats():
    for f in WORD_FORMATS:
        assert _word_format(int(f)) is not None, f
    for f in OTHER_FORMATS:
        assert _word_format(int(f)) is None, f
    # missing components default to 0, 0, 0, 1 typed like the format (§19.1.3.3)
    assert list(_word_format(int(F.DXGI_FORMAT_R32_FLOAT))[1]) == [0, 0, 0, 0x3F800000]
    assert list(_word_format(int(F.DXGI_FORMAT_R32_UINT))[1]) == [0, 0, 0, 1]
    assert list(_word_format(int(F.DXGI_FORMAT_R32_SINT))[1]) == [0, 0, 0, 1]


def _fetch(elements, buffers, args, n_regs, fast: bool, component_major: bool = False):
    frontend.ENABLED = fast
    native.set_backend("native")
    try:
        stream = build_stream(args)
        return fetch_vertices(elements, buffers, stream, args, n_regs, component_major)
    finally:
        frontend.ENABLED = True
        native.set_backend(None)


@pytest.mark.parametrize("fmt", WORD_FORMATS)
@pytest.mark.parametrize("mask", [0x1, 0x3, 0x7, 0xF, 0xC, 0x6, 0x8])
def test_fetch_word_path_matches_decode(fmt, mask):
    rng = np.random.default_rng(int(fmt) * 16 + mask)
    size = bytes_per_element(int(fmt))
    words = rng.integers(0, 1 << 32, 4096, dtype=np.uint64).astype(np.uint32)
    # NaNs with payloads, denormals, signed zeros
    words[::7] = 0x7FA00001
    words[1::11] = 0x00000003
    words[2::13] = 0x80000000
    vb = ResourceStorage.create(1, 0, words.nbytes - 4)  # a ragged end: the last vertices read out of bounds
    vb.data[:] = words.view(np.uint8)[:-4]
    for stride, offset, el_off, start in ((size, 0, 0, 0), (24, 4, 8, 3), (32, 0, 16, 500), (size + 4, 8, 0, 1)):
        el = InputElement(register=1, mask=mask, format=int(fmt), slot=0, offset=el_off)
        inst = InputElement(register=2, mask=0xF, format=int(fmt), slot=1, offset=0, per_instance=True, step_rate=2)
        bufs = [VertexBufferBinding(vb, stride, offset), VertexBufferBinding(vb, 12, 4)]
        for args in (DrawArgs(300, start_vertex=start), DrawArgs(4096 // max(stride // 4, 1) - start + 5,
                                                                 start_vertex=start),
                     DrawArgs(50, instance_count=5, start_vertex=start, start_instance=1)):
            a = _fetch([el, inst], bufs, args, 3, True)
            b = _fetch([el, inst], bufs, args, 3, False)
            assert a.tobytes() == b.tobytes(), (stride, offset, el_off, start, args)
            # the component-major file the native front end fetches into: the same values, (regs, 4, V) layout
            c = _fetch([el, inst], bufs, args, 3, True, component_major=True)
            assert c.shape == b.shape and np.array_equal(c, b), (stride, offset, el_off, start, args)
            assert _padded_component_major(c)


def _padded_component_major(regs: np.ndarray) -> bool:
    """The file is the first V lanes of a C-contiguous (regs, 4, V') array, V' = V rounded up to
    input_assembler.COMPONENT_MAJOR_PAD (the kernel's rows of whole vector steps, run in place)."""
    from pyd3d11.pipeline.input_assembler import COMPONENT_MAJOR_PAD

    t = regs.transpose(0, 2, 1)
    full = t.base
    V = t.shape[2]
    return (isinstance(full, np.ndarray) and full.flags.c_contiguous and full.shape[:2] == t.shape[:2]
            and full.shape[2] == -(-V // COMPONENT_MAJOR_PAD) * COMPONENT_MAJOR_PAD
            and full.ctypes.data == t.ctypes.data and full.strides == t.strides)


@pytest.mark.parametrize("fmt", [F.DXGI_FORMAT_R8G8B8A8_UNORM, F.DXGI_FORMAT_R16G16_FLOAT,
                                 F.DXGI_FORMAT_R10G10B10A2_UINT, F.DXGI_FORMAT_R8G8_SNORM])
@pytest.mark.parametrize("mask", [0x1, 0x7, 0xF, 0xC])
def test_component_major_fetch_of_decoded_formats(fmt, mask):
    """Formats that decode (not word copies) land in the component-major file as in the (regs, V, 4) one."""
    rng = np.random.default_rng(int(fmt) + mask)
    data = rng.integers(0, 256, 1000, dtype=np.uint8)
    vb = ResourceStorage.create(1, 0, data.nbytes)
    vb.data[:] = data
    el = InputElement(register=0, mask=mask, format=int(fmt), slot=0, offset=2)
    for args in (DrawArgs(200, start_vertex=1), DrawArgs(300)):  # the second reads past the end (zeros)
        b = _fetch([el], [VertexBufferBinding(vb, 4, 0)], args, 2, True)
        c = _fetch([el], [VertexBufferBinding(vb, 4, 0)], args, 2, True, component_major=True)
        assert np.array_equal(c, b) and _padded_component_major(c)


LIST_TOPOLOGIES = [prim.POINTLIST, prim.LINELIST, prim.TRIANGLELIST, prim.LINELIST_ADJ, prim.TRIANGLELIST_ADJ,
                   prim.PATCHLIST_1 + 2, prim.PATCHLIST_32]


def _assemble(topology, instance, restart, cut, fast):
    frontend.ENABLED = fast
    native.set_backend("native")
    try:
        return prim.assemble(topology, instance, restart, cut)
    finally:
        frontend.ENABLED = True
        native.set_backend(None)


@pytest.mark.parametrize("topology", LIST_TOPOLOGIES)
@pytest.mark.parametrize("n,instances", list(itertools.product((0, 1, 2, 3, 5, 6, 7, 12, 13, 64, 100), (1, 2, 5))))
def test_list_assembly_matches_general(topology, n, instances):
    args = DrawArgs(n, instance_count=instances, instance_id_base=3)
    s = build_stream(args)
    a = _assemble(topology, s.instance_of_stream, s.restart, s.cut, True)
    b = _assemble(topology, s.instance_of_stream, s.restart, s.cut, False)
    for name in ("verts", "primitive_id", "instance"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name


@pytest.mark.parametrize("n,start,vid_base,inst_base", [(1, 0, 0, 0), (7, 5, 0, 2), (1000, 123, 77, 0),
                                                         (20, 0xFFFFFFF0, 0, 0), (20, 0xFFFFFFE0, 9, 4),
                                                         (20, 0, 0xFFFFFFF8, 0), (16, 0, 0xFFFFFFF0, 1)])
def test_plain_stream_matches_general(n, start, vid_base, inst_base):
    """build_stream of a non-indexed single-instance draw (the fast path; a wrapping fetch index takes the
    general one): the same arrays as the general path."""
    args = DrawArgs(n, start_vertex=start, vertex_id_base=vid_base, instance_id_base=inst_base)
    out = []
    for fast in (True, False):
        frontend.ENABLED = fast
        native.set_backend("native")
        try:
            out.append(build_stream(args))
        finally:
            frontend.ENABLED = True
            native.set_backend(None)
    a, b = out
    for name in ("instance_of_stream", "restart", "cut", "unique", "vertex_id", "instance_id", "fetch_index"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and np.array_equal(x, y), name
    if a.consecutive:  # pipeline.draw takes the primitives' rows as they are for such a stream
        assert np.array_equal(a.unique, np.arange(n))


def test_plain_stream_memo_shares_read_only_arrays_per_key(monkeypatch):
    """The plain stream's arrays are memoised by (count, instance id base, vertex id base, start vertex) and
    read-only (a consumer writing one would change every later draw's stream): the same key shares them, any
    field changed builds new ones with that field's values, and the memo keeps at most PLAIN_STREAMS keys."""
    from pyd3d11.pipeline import input_assembler as ia

    monkeypatch.setattr(ia, "_PLAIN", {})
    native.set_backend("native")
    try:
        keys = [(40, 0, 0, 0), (40, 7, 0, 0), (40, 0, 9, 0), (40, 0, 0, 11), (41, 0, 0, 0)]
        first = {}
        for n, start, vid, inst in keys + keys:  # the second round hits the memo
            s = build_stream(DrawArgs(n, start_vertex=start, vertex_id_base=vid, instance_id_base=inst))
            # the values the definition gives (§8.16.2: VertexID from vertex_id_base; fetch from start_vertex)
            assert np.array_equal(s.fetch_index, np.arange(start, start + n, dtype=np.uint32))
            assert np.array_equal(s.vertex_id, np.arange(vid, vid + n, dtype=np.uint32))
            assert np.array_equal(s.instance_id, np.full(n, inst, np.uint32))
            assert np.array_equal(s.instance_of_stream, np.full(n, inst, np.int64))
            assert s.restart[0] and not s.restart[1:].any() and not s.cut.any()
            for name in ("instance_of_stream", "restart", "cut", "unique", "vertex_id", "instance_id", "fetch_index"):
                assert not getattr(s, name).flags.writeable, name
            got = first.setdefault((n, start, vid, inst), s)
            assert got.fetch_index is s.fetch_index and got.unique is s.unique
        for i in range(ia.PLAIN_STREAMS + 3):
            build_stream(DrawArgs(50 + i))
        assert len(ia._PLAIN) == ia.PLAIN_STREAMS
    finally:
        native.set_backend(None)


@pytest.mark.parametrize("V", [1, 63, 64, 65, 300])
def test_component_major_clears_unfed_components_and_padding(monkeypatch, V):
    """The component-major file is allocated without clearing (fetch_vertices clears only what no element
    writes): with every fresh allocation full of garbage, components no element feeds still read 0 (the
    defaults of §19.1.3.3 apply only to fed registers' missing components), the padding lanes past V read 0,
    and the fed components hold the fetched values — the same file as the zero-initialised (regs, V, 4) one."""
    rng = np.random.default_rng(V)
    data = rng.integers(0, 256, 4096, dtype=np.uint8)
    vb = ResourceStorage.create(1, 0, data.nbytes)
    vb.data[:] = data
    els = [InputElement(register=0, mask=0x7, format=int(F.DXGI_FORMAT_R32G32B32_FLOAT), slot=0, offset=0),
           InputElement(register=1, mask=0x6, format=int(F.DXGI_FORMAT_R32G32_FLOAT), slot=0, offset=4),
           InputElement(register=3, mask=0xC, format=int(F.DXGI_FORMAT_R8G8B8A8_UNORM), slot=0, offset=1),
           InputElement(register=9, mask=0xF, format=int(F.DXGI_FORMAT_R32_FLOAT), slot=0, offset=0)]  # past n_regs
    bufs = [VertexBufferBinding(vb, 12, 0)]
    args = DrawArgs(V, start_vertex=2)
    ref = _fetch(els, bufs, args, 5, False)
    real_empty = np.empty

    def garbage_empty(shape, dtype=float, *a, **kw):
        out = real_empty(shape, dtype, *a, **kw)
        out.view(np.uint8).reshape(-1)[:] = 0xA5
        return out

    monkeypatch.setattr(np, "empty", garbage_empty)
    got = _fetch(els, bufs, args, 5, True, component_major=True)
    monkeypatch.undo()
    assert np.array_equal(got, ref)
    full = got.transpose(0, 2, 1).base
    assert _padded_component_major(got)
    assert not full[:, :, V:].any()
    assert not full[2].any() and not full[4].any() and not full[0, 3].any() and not full[1, 0].any()
