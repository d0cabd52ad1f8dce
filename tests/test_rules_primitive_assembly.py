"""Primitive assembly for every D3D11_PRIMITIVE_TOPOLOGY (D3D11.3 §8.13–8.14, spec-facts §1.11), against a
sequential assembler written here from the rules, over random vertex streams with strip cuts and instance
boundaries:

- lists take consecutive groups of k vertices; strips slide by one (line strip, line strip adj) or build one
  triangle per new vertex with odd triangles' last two vertices swapped, so the leading vertex stays first;
- triangle strip with adjacency: triangle j of a strip of n vertices uses 2j, 2j+2, 2j+4 with the neighbours
  of the adjacency table (first/last triangles take 2j+1 / 2j+5), odd triangles reversed;
- a strip-cut index ends the current strip (for list topologies too: it drops the incomplete primitive) and
  is no vertex; every instance starts a new strip; incomplete primitives are dropped;
- PrimitiveID counts the complete primitives of each instance from 0."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.pipeline import primitives as P

LISTS = {1: 1, 2: 2, 4: 3, 10: 4, 12: 6, **{32 + n: n for n in range(1, 33)}}
STRIPS = (3, 5, 11, 13)


def _strip_prims(topology: int, seg: list[int]) -> list[tuple[int, ...]]:
    n = len(seg)
    out = []
    if topology == 3:
        out = [(seg[i], seg[i + 1]) for i in range(n - 1)]
    elif topology == 5:
        for i in range(n - 2):
            out.append((seg[i], seg[i + 1], seg[i + 2]) if i % 2 == 0 else (seg[i], seg[i + 2], seg[i + 1]))
    elif topology == 11:
        out = [tuple(seg[i:i + 4]) for i in range(n - 3)]
    elif topology == 13:
        ntri = max((n - 4) // 2, 0)
        for j in range(ntri):
            prev = 2 * j + 1 if j == 0 else 2 * j - 2
            nxt = 2 * j + 5 if j == ntri - 1 else 2 * j + 6
            if j % 2 == 0:
                local = (2 * j, prev, 2 * j + 2, nxt, 2 * j + 4, 2 * j + 3)
            else:
                local = (2 * j, 2 * j + 3, 2 * j + 4, nxt, 2 * j + 2, prev)
            out.append(tuple(seg[v] for v in local))
    return out


def reference(topology: int, instance: list[int], cut: list[bool]):
    """Sequential assembly: segments split at cuts and instance changes, then per-topology rules."""
    prims, ids, insts = [], [], []
    segments: list[tuple[int, list[int]]] = []
    cur: list[int] = []
    cur_inst = None
    for pos, (inst, c) in enumerate(zip(instance, cut)):
        if inst != cur_inst:
            if cur:
                segments.append((cur_inst, cur))
            cur, cur_inst = [], inst
        if c:
            if cur:
                segments.append((cur_inst, cur))
            cur = []
            continue
        cur.append(pos)
    if cur:
        segments.append((cur_inst, cur))
    count: dict[int, int] = {}
    for inst, seg in segments:
        if topology in LISTS:
            k = LISTS[topology]
            found = [tuple(seg[i:i + k]) for i in range(0, len(seg) - k + 1, k)]
        else:
            found = _strip_prims(topology, seg)
        for p in found:
            prims.append(p)
            ids.append(count.get(inst, 0))
            insts.append(inst)
            count[inst] = count.get(inst, 0) + 1
    return prims, ids, insts


@pytest.mark.parametrize("topology", sorted(LISTS) + list(STRIPS))
def test_assembly_matches_the_rules(topology):
    rng = np.random.default_rng(topology)
    for _trial in range(12):
        n = int(rng.integers(0, 40))
        n_inst = int(rng.integers(1, 4))
        instance = np.sort(rng.integers(0, n_inst, n)).astype(np.int64)
        cut = rng.random(n) < 0.12
        restart = np.concatenate([[True], instance[1:] != instance[:-1]]) if n else np.zeros(0, bool)
        got = P.assemble(topology, instance, restart, cut)
        prims, ids, insts = reference(topology, instance.tolist(), cut.tolist())
        assert [tuple(r) for r in got.verts.tolist()] == prims
        assert got.primitive_id.tolist() == ids
        assert got.instance.tolist() == insts


@pytest.mark.parametrize("topology,cls,k", [
    (1, P.POINT, 1), (2, P.LINE, 2), (3, P.LINE, 2), (4, P.TRIANGLE, 3), (5, P.TRIANGLE, 3), (10, P.LINE, 4),
    (11, P.LINE, 4), (12, P.TRIANGLE, 6), (13, P.TRIANGLE, 6), (33, P.PATCH, 1), (48, P.PATCH, 16),
    (64, P.PATCH, 32)])
def test_topology_class_and_size(topology, cls, k):
    assert P.primitive_class(topology) == cls
    assert P.vertices_per_primitive(topology) == k
    assert P.is_adjacency(topology) == (topology in (10, 11, 12, 13))


@pytest.mark.parametrize("topology", [0, 6, 7, 8, 9, 14, 32, 65])
def test_undefined_topologies_are_refused(topology):
    from pyd3d11.errors import NotSupportedError

    with pytest.raises(NotSupportedError):
        P.primitive_class(topology)


# ------------------------------------------------------------------- strip-cut value per index width
@pytest.mark.parametrize("width,cut_value,other", [(16, 0xFFFF, 0xFFFE), (32, 0xFFFFFFFF, 0xFFFF)],
                         ids=["16-bit", "32-bit"])
@pytest.mark.parametrize("topology,expect", [(5, (2, 1)), (4, (1, 1))], ids=["strip", "list"])
def test_strip_cut_is_the_maximum_index_of_the_width(width, cut_value, other, topology, expect):
    """spec-facts §1.11: the maximum value of the index format cuts (lists too: it drops the incomplete
    primitive); a smaller value, even 0xFFFF in a 32-bit buffer, is an ordinary (out-of-range) vertex.
    ``expect``: IAPrimitives with the cut (first) and with ``other`` in its place minus the strip rule:
    strip 0 1 2 X 3 4 5 → 2 triangles with a cut, 5 without; list 0 1 2 X 3 4 → 1 with a cut, 2 without."""
    from pyd3d11.d3d11 import (
        D3D11_BIND_INDEX_BUFFER,
        D3D11_BUFFER_DESC,
        D3D11_QUERY_DESC,
        D3D11_QUERY_PIPELINE_STATISTICS,
        D3D11_SDK_VERSION,
        D3D11_SUBRESOURCE_DATA,
        D3D_DRIVER_TYPE_HARDWARE,
        DXGI_FORMAT_R16_UINT,
        DXGI_FORMAT_R32_UINT,
        D3D11CreateDevice,
    )
    from pyd3d11.d3dcompiler import D3DCompile

    dev, _lvl, ctx = D3D11CreateDevice(None, D3D_DRIVER_TYPE_HARDWARE, None, 0, None, 0, D3D11_SDK_VERSION)
    vs = D3DCompile("float4 main(uint v : SV_VertexID) : SV_Position { return float4(v, 0, 0, 1); }",
                    None, "t", None, None, "main", "vs_4_0")
    ctx.VSSetShader(dev.CreateVertexShader(vs, len(vs), None), None, 0)
    ctx.IASetPrimitiveTopology(topology)

    def primitives(marker: int) -> int:
        idx = [0, 1, 2, marker, 3, 4, 5] if topology == 5 else [0, 1, 2, marker, 3, 4]
        arr = np.array(idx, np.uint16 if width == 16 else np.uint32)
        ib = dev.CreateBuffer(D3D11_BUFFER_DESC(ByteWidth=arr.nbytes, BindFlags=D3D11_BIND_INDEX_BUFFER),
                              D3D11_SUBRESOURCE_DATA(pSysMem=arr))
        ctx.IASetIndexBuffer(ib, DXGI_FORMAT_R16_UINT if width == 16 else DXGI_FORMAT_R32_UINT, 0)
        q = dev.CreateQuery(D3D11_QUERY_DESC(Query=D3D11_QUERY_PIPELINE_STATISTICS))
        ctx.Begin(q)
        ctx.DrawIndexed(len(idx), 0, 0)
        ctx.End(q)
        return int(ctx.GetData(q).IAPrimitives)

    with_cut = primitives(cut_value)
    without = primitives(other)
    assert with_cut == expect[0]
    assert without == (5 if topology == 5 else 2)
