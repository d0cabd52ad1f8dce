"""cs_4_x groupshared memory (D3D11.3 §18.7.2.9): no raw g#; every g# is structured with one structure per thread
-- ``numStructures`` exactly x*y*z, the stride the per-thread element's bytes -- addressed by (structure index,
literal or register byte offset). fxc's own object shows the form: DirectXTex's BC7Encode.hlsl
(``groupshared BufferShared shared_temp[64]``, a 100-byte struct, cs_4_0) compiles to
``dcl_tgsm_structured g0, 100, 64`` with ``store_structured g0.xyzw, vThreadIDInGroupFlattened.x, l(0), …``.
The values a dispatch leaves are computed here from the HLSL source's meaning (numpy), on both backends."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.shader.dxbc.disasm import disassemble

#: struct S is 9 words (a: 0, b[0]: 4, b[1]: 12, c: 20 bytes): stride 36
SRC = """
struct S { float a; float2 b[2]; uint4 c; };
RWStructuredBuffer<float4> o : register(u0);
groupshared S g[64];
[numthreads(64, 1, 1)] void main(uint gi : SV_GroupIndex) {
    g[gi].a = gi; g[gi].b[1] = float2(1, gi); g[gi].b[0] = float2(gi + 5, 7); g[gi].c = uint4(gi, 2, 3, 4);
    GroupMemoryBarrierWithGroupSync();
    uint j = (gi * 7) & 63;
    o[gi] = float4(g[j].a, g[j].b[gi & 1].y + g[j].b[0].x, g[63 - gi].c.x, g[j].c[gi & 3]);
}
"""


def _expected() -> np.ndarray:
    gi = np.arange(64)
    j = (gi * 7) & 63
    a = j.astype(np.float32)
    b_y = np.where((gi & 1) == 1, j, 7).astype(np.float32)  # b[1].y = j, b[0].y = 7
    c = np.stack([j, np.full(64, 2), np.full(64, 3), np.full(64, 4)], 1)[gi, gi & 3].astype(np.float32)
    return np.stack([a, b_y + (j + 5), (63 - gi).astype(np.float32), c], 1).astype(np.float32)


def _dispatch(blob: bytes) -> np.ndarray:
    from pyd3d11.pipeline.compute import dispatch
    from pyd3d11.shader.exec.bindings import Bindings
    from pyd3d11.storage import ResourceStorage, ViewDescriptor, ViewKind

    st = ResourceStorage.create(1, 0, 64 * 16)
    b = Bindings()
    b.uavs[0] = ViewDescriptor(ViewKind.UAV, st, 0, 1, num_elements=64, element_size=16, structured=True)
    dispatch(blob_program(blob), b, 1)
    return st.data.view(np.float32).reshape(64, 4)


@pytest.mark.usefixtures("both_backends")
@pytest.mark.parametrize("target", ["cs_4_0", "cs_4_1", "cs_5_0"])
def test_struct_array_per_thread_values(target):
    blob = bytes(D3DCompile(SRC, None, "t.hlsl", None, None, "main", target))
    np.testing.assert_array_equal(_dispatch(blob), _expected())


@pytest.mark.backend_independent
@pytest.mark.parametrize("target", ["cs_4_0", "cs_4_1"])
def test_cs4_declares_one_structure_per_thread(target):
    listing = disassemble(bytes(D3DCompile(SRC, None, "t.hlsl", None, None, "main", target)))
    assert [ln for ln in listing.splitlines() if ln.startswith("dcl_tgsm")] == ["dcl_tgsm_structured g0, 36, 64"]
    ops = {ln.split()[0] for ln in listing.splitlines() if ln and not ln.startswith(("//", "dcl"))}
    assert not ops & {"ld_raw", "store_raw"}
    # the thread's own element: structure index SV_GroupIndex, literal byte offsets of the members
    stores = [ln for ln in listing.splitlines() if ln.startswith("store_structured g0")]
    assert sorted(ln.split(",")[2].strip() for ln in stores) == ["l(0)", "l(12)", "l(20)", "l(4)"]


#: (declaration, numthreads, body, expected declarations): count = x*y*z whatever the array's length; the stride
#: is the element's (the whole variable for a non-array one)
DECLS = [
    ("groupshared float g[64];", (64, 1, 1), "g[gi] = gi; o[gi] = g[63 - gi];", ["dcl_tgsm_structured g0, 4, 64"]),
    ("groupshared float4 g[32];", (8, 4, 1), "g[gi] = gi; o[gi] = g[0].y;", ["dcl_tgsm_structured g0, 16, 32"]),
    ("groupshared float g;", (1, 1, 1), "g = 1; o[gi] = g;", ["dcl_tgsm_structured g0, 4, 1"]),
    ("groupshared float3 g[16]; groupshared uint h[16];", (4, 4, 1), "g[gi] = gi; h[gi] = 2; o[gi] = g[1].z + h[3];",
     ["dcl_tgsm_structured g0, 12, 16", "dcl_tgsm_structured g1, 4, 16"]),
]


@pytest.mark.backend_independent
@pytest.mark.parametrize(("decl", "n", "body", "want"), DECLS)
def test_cs4_declarations(decl, n, body, want):
    src = (f"RWStructuredBuffer<float> o : register(u0);\n{decl}\n[numthreads({n[0]}, {n[1]}, {n[2]})] "
           f"void main(uint gi : SV_GroupIndex) {{ {body} }}")
    listing = disassemble(bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_4_0")))
    assert [ln for ln in listing.splitlines() if ln.startswith("dcl_tgsm")] == want
