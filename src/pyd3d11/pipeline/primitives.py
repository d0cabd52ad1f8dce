"""Primitive assembly: topology + vertex stream -> primitives (D3D11.3 §8.13–8.14, §8.17; spec-facts §1.11).

The input is the stream of vertices the IA emits for one draw (all instances concatenated) with a
flag marking where a strip restarts (strip-cut index, or the start of an instance). Output is an array
of primitives, each a row of stream positions, in submission order, with the PrimitiveID each gets
(counting complete primitives per instance from 0, adjacency vertices not counted as primitives).

Vertex order inside each primitive follows D3D: strips flip the winding of odd triangles by swapping
the last two vertices, so the leading (provoking) vertex stays first (§8.14).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import NotSupportedError

POINTLIST = 1
LINELIST = 2
LINESTRIP = 3
TRIANGLELIST = 4
TRIANGLESTRIP = 5
LINELIST_ADJ = 10
LINESTRIP_ADJ = 11
TRIANGLELIST_ADJ = 12
TRIANGLESTRIP_ADJ = 13
PATCHLIST_1 = 33
PATCHLIST_32 = 64

# Rasterizable class of each topology: 0 point, 1 line, 2 triangle, 3 patch.
POINT, LINE, TRIANGLE, PATCH = 0, 1, 2, 3


def primitive_class(topology: int) -> int:
    if topology == POINTLIST:
        return POINT
    if topology in (LINELIST, LINESTRIP, LINELIST_ADJ, LINESTRIP_ADJ):
        return LINE
    if topology in (TRIANGLELIST, TRIANGLESTRIP, TRIANGLELIST_ADJ, TRIANGLESTRIP_ADJ):
        return TRIANGLE
    if PATCHLIST_1 <= topology <= PATCHLIST_32:
        return PATCH
    raise NotSupportedError(f"primitive topology {topology}")


def vertices_per_primitive(topology: int) -> int:
    """Vertices in one assembled primitive (adjacency included)."""
    return {POINTLIST: 1, LINELIST: 2, LINESTRIP: 2, TRIANGLELIST: 3, TRIANGLESTRIP: 3,
            LINELIST_ADJ: 4, LINESTRIP_ADJ: 4, TRIANGLELIST_ADJ: 6, TRIANGLESTRIP_ADJ: 6}.get(
        topology, topology - PATCHLIST_1 + 1 if PATCHLIST_1 <= topology <= PATCHLIST_32 else 0)


def is_list(topology: int) -> bool:
    """List topologies (point/line/triangle lists with or without adjacency, patch lists): primitives
    never share vertices, so a draw can be split at any multiple of the primitive's vertex count."""
    return topology in (POINTLIST, LINELIST, TRIANGLELIST, LINELIST_ADJ, TRIANGLELIST_ADJ) or \
        PATCHLIST_1 <= topology <= PATCHLIST_32


def is_adjacency(topology: int) -> bool:
    return topology in (LINELIST_ADJ, LINESTRIP_ADJ, TRIANGLELIST_ADJ, TRIANGLESTRIP_ADJ)


@dataclass(slots=True)
class Primitives:
    verts: np.ndarray  # (P, k) int64 stream positions
    primitive_id: np.ndarray  # (P,) uint32
    instance: np.ndarray  # (P,) int64 instance number of the primitive


def _segments(restart: np.ndarray, keep: np.ndarray):
    """Segment id and position-within-segment of every kept stream position (a non-empty stream).

    ``restart[i]`` marks a segment start at i; ``keep[i]`` is False for cut indices (they are not vertices).
    """
    seg = np.cumsum(restart) - 1
    # Position inside the segment counting kept vertices only.
    kept_before = np.cumsum(keep) - keep
    seg_first = np.zeros(int(seg[-1]) + 1, np.int64)
    starts = np.nonzero(restart)[0]
    seg_first[seg[starts]] = kept_before[starts]
    pos = kept_before - seg_first[seg]
    seg_len = np.bincount(seg[keep], minlength=len(seg_first))
    return seg, pos, seg_len


_LISTS = frozenset((POINTLIST, LINELIST, TRIANGLELIST, LINELIST_ADJ, TRIANGLELIST_ADJ, *range(PATCHLIST_1, PATCHLIST_32 + 1)))


def assemble(topology: int, instance: np.ndarray, restart: np.ndarray, cut: np.ndarray) -> Primitives:
    """Assemble primitives from a stream of ``len(instance)`` IA vertices.

    ``restart`` marks stream positions that begin a new strip (the first vertex of each instance);
    ``cut`` marks strip-cut indices, which end the current strip and are not vertices themselves.
    Incomplete primitives are dropped silently (§8.13).
    """
    n = int(instance.shape[0])
    k = vertices_per_primitive(topology)
    empty = Primitives(np.zeros((0, max(k, 1)), np.int64), np.zeros(0, np.uint32), np.zeros(0, np.int64))
    if n == 0 or k == 0:
        return empty
    if topology in _LISTS and _fast() and not cut.any():
        return _assemble_list(k, instance, restart)
    keep = ~cut
    restart = restart | np.concatenate([[True], cut[:-1]])  # a cut starts a new segment after it
    seg, pos, seg_len = _segments(restart, keep)  # n > 0 here
    kept = np.nonzero(keep)[0]  # stream position of every kept vertex, in order
    kseg = seg[kept]
    kpos = pos[kept]
    klen = seg_len[kseg]
    # Index into ``kept`` of each segment's first vertex.
    order_in_kept = np.arange(kept.shape[0], dtype=np.int64)
    first_of_kept = order_in_kept - kpos

    if topology in (POINTLIST, LINELIST, TRIANGLELIST, LINELIST_ADJ, TRIANGLELIST_ADJ) or \
            PATCHLIST_1 <= topology <= PATCHLIST_32:
        lead = (kpos % k == 0) & (kpos + k <= klen)
        base = order_in_kept[lead]
        idx = base[:, None] + np.arange(k)
        verts = kept[idx]
    elif topology == LINESTRIP:
        lead = kpos + 1 < klen
        base = order_in_kept[lead]
        verts = kept[base[:, None] + np.arange(2)]
    elif topology == TRIANGLESTRIP:
        lead = kpos + 2 < klen
        base = order_in_kept[lead]
        odd = (kpos[lead] % 2 == 1)
        off = np.where(odd[:, None], np.array([0, 2, 1]), np.array([0, 1, 2]))
        verts = kept[base[:, None] + off]
    elif topology == LINESTRIP_ADJ:
        lead = kpos + 3 < klen
        base = order_in_kept[lead]
        verts = kept[base[:, None] + np.arange(4)]
    elif topology == TRIANGLESTRIP_ADJ:
        verts, lead_rows = _tristrip_adj(kpos, klen, order_in_kept, first_of_kept)
        verts = kept[verts]
        lead = np.zeros(kept.shape[0], bool)
        lead[lead_rows] = True
    else:
        raise NotSupportedError(f"primitive topology {topology}")

    if verts.shape[0] == 0:
        return empty
    inst = instance[verts[:, 0]]
    # PrimitiveID counts complete primitives per instance from 0.
    change = np.concatenate([[True], inst[1:] != inst[:-1]])
    start_of_run = np.maximum.accumulate(np.where(change, np.arange(len(inst)), 0))
    prim_id = (np.arange(len(inst)) - start_of_run).astype(np.uint32)
    return Primitives(verts.astype(np.int64), prim_id, inst.astype(np.int64))


def trimmed(prims: Primitives, head: int, tail: int) -> Primitives:
    """``prims`` without its first ``head`` and last ``tail`` primitives (all of one instance), the kept
    ones numbered from 0 (a pass of a strip drawn in passes; the caller adds the primitives before it)."""
    end = max(prims.verts.shape[0] - tail, head)
    return Primitives(prims.verts[head:end], (prims.primitive_id[head:end] - np.uint32(head)).astype(np.uint32),
                      prims.instance[head:end])


def _fast() -> bool:
    from .native import frontend

    return frontend.active()


def _assemble_list(k: int, instance: np.ndarray, restart: np.ndarray) -> Primitives:
    """List topologies without strip cuts: every run of ``restart``-delimited vertices (an instance) holds
    ``len // k`` whole primitives; the incomplete tail of each run is dropped (§8.13). Same result as the
    general assembly, without its per-vertex segment bookkeeping."""
    n = instance.shape[0]
    starts = np.nonzero(restart)[0]
    if starts.size == 0 or starts[0] != 0:
        starts = np.concatenate([[0], starts])
    lens = np.diff(np.append(starts, n))
    per = lens // k
    if starts.size == 1:
        # one run (one instance: ``restart`` marks each instance's first vertex): primitive p is vertices
        # p*k .. p*k + k - 1, all of the first vertex's instance
        T = int(per[0])
        if T == 0:
            return Primitives(np.zeros((0, k), np.int64), np.zeros(0, np.uint32), np.zeros(0, np.int64))
        return Primitives(np.arange(T * k, dtype=np.int64).reshape(T, k), np.arange(T, dtype=np.uint32),
                          np.full(T, instance[0], np.int64))
    else:
        total = int(per.sum())
        run = np.repeat(np.arange(starts.size), per)
        first_prim = np.cumsum(per) - per
        prim_id = (np.arange(total, dtype=np.int64) - first_prim[run]).astype(np.uint32)
        lead = starts[run] + prim_id.astype(np.int64) * k
    if lead.shape[0] == 0:
        return Primitives(np.zeros((0, k), np.int64), np.zeros(0, np.uint32), np.zeros(0, np.int64))
    verts = lead[:, None] + np.arange(k, dtype=np.int64)
    return Primitives(verts, prim_id, instance[lead].astype(np.int64))


def _tristrip_adj(kpos, klen, order_in_kept, first_of_kept):
    """Triangle strip with adjacency (§8.13 figure; the same triangles and neighbours as OpenGL's table).

    A strip of n vertices holds (n - 4) // 2 triangles; triangle j uses vertices 2j, 2j+2, 2j+4. Its
    edge (2j, 2j+2) borders the previous triangle (adjacent vertex 2j-2, or 2j+1 for the first), edge
    (2j+2, 2j+4) the next one (2j+6, or 2j+5 for the last), edge (2j+4, 2j) has 2j+3. Odd triangles
    reverse the winding with the leading vertex 2j kept first. Rows are (v0, adj01, v1, adj12, v2,
    adj20) like a TRIANGLELIST_ADJ primitive.
    """
    ntri_all = np.maximum((klen - 4) // 2, 0)
    lead = (kpos % 2 == 0) & (kpos // 2 < ntri_all)
    rows = order_in_kept[lead]
    j = kpos[lead] // 2
    ntri = ntri_all[lead]
    prev = np.where(j == 0, 2 * j + 1, 2 * j - 2)
    nxt = np.where(j == ntri - 1, 2 * j + 5, 2 * j + 6)
    even_rows = np.stack([2 * j, prev, 2 * j + 2, nxt, 2 * j + 4, 2 * j + 3], 1)
    odd_rows = np.stack([2 * j, 2 * j + 3, 2 * j + 4, nxt, 2 * j + 2, prev], 1)
    local = np.where((j % 2 == 1)[:, None], odd_rows, even_rows)
    return first_of_kept[lead][:, None] + local, rows
