"""Interlocked operations on members of structured groupshared and UAV elements (D3D11.3 §7.14 atomic
operations on structured memory: the address is (element, byte offset) and the element stride of the declaration;
HLSL's InterlockedAdd on ``g[i].b`` / ``rw[i].a``). Runs on every backend; the expected values are the sums the
threads add, computed here."""

from __future__ import annotations

import numpy as np
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.d3dcompiler import D3DCompile

SRC = """
struct S { uint a; uint b; };
RWStructuredBuffer<S> rw : register(u0);
groupshared S g[4];
[numthreads(8, 1, 1)] void main(uint i : SV_GroupIndex) {
  if (i < 4) { g[i].a = 0; g[i].b = 0; }
  GroupMemoryBarrierWithGroupSync();
  InterlockedAdd(g[i & 3].b, i + 1);
  InterlockedAdd(rw[i & 3].a, 10 * (i + 1));
  uint before;
  InterlockedAdd(g[i & 3].a, 1, before);
  GroupMemoryBarrierWithGroupSync();
  if (i < 4) rw[i].b = g[i].b + 1000 * g[i].a;
}
"""


def test_interlocked_add_on_members_of_structured_groupshared_and_uav_elements():
    cs = D3DCompile(SRC, None, "t.hlsl", None, None, "main", "cs_5_0")
    got = dispatch_on_structured_uav(cs, 8, 4).view(np.uint32).reshape(4, 2).tolist()
    # threads i and i + 4 meet at element i: a gets 10(i+1) + 10(i+5); b gets (i+1) + (i+5), plus 1000 x the two
    # increments of g[i].a (the immediate form, whose returned value is unused)
    want = [[10 * (j + 1) + 10 * (j + 5), (j + 1) + (j + 5) + 2000] for j in range(4)]
    assert got == want
