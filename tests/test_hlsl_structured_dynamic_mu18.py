"""Loads of a structure member picked by a run-time index, from a structured UAV and from groupshared memory
(seed-18 survivors at intrinsics.py's struct-memory load: the word offset of each further 4-component piece).

Rule (HLSL arrays and structures as laid out in a structured buffer, D3D11.3 functional spec §5.3.5 / ld_structured:
an element is the packed structure; member ``v[k]`` of ``struct {float a; float4 v[4];}`` lies at byte
4 + 16 k; a ``float2x4`` member is 8 consecutive floats, column-major by default). A load wider than one
instruction reads piece after piece, each 16 bytes (4 bytes for word-addressed groupshared) further on. The
expected values are the array elements written first, chosen by hand below.
"""

from __future__ import annotations

import numpy as np
from api_compute_kit import dispatch_on_structured_uav

from pyd3d11.shader.compile_api import D3DCompile

_UAV_SRC = """
struct S { float a; float4 v[4]; float2x4 m[2]; };   // 4 + 64 + 64 = 132 bytes
RWStructuredBuffer<S> o : register(u0);
[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint i = gi + 1;                   // 1, known only at run time
    o[0].a = 5;
    for (uint k = 0; k < 4; k++) o[0].v[k] = float4(10 * k, 10 * k + 1, 10 * k + 2, 10 * k + 3);
    o[0].m[0] = float2x4(1, 2, 3, 4, 5, 6, 7, 8);
    o[0].m[1] = float2x4(11, 12, 13, 14, 15, 16, 17, 18);
    o[1].a = 0;
    o[1].v[0] = o[0].v[i];             // (10, 11, 12, 13)
    o[1].v[1] = o[0].v[i + 2];         // (30, 31, 32, 33)
    float2x4 t = o[0].m[i];            // the second matrix: 8 words, two pieces
    o[1].v[2] = t[0];                  // row 0: (11, 12, 13, 14)
    o[1].v[3] = t[1];                  // row 1: (15, 16, 17, 18)
    o[1].m[0] = o[0].m[i - 1];
    o[1].m[1] = o[0].m[i];
}
"""

_GSM_SRC = """
struct S { float a; float4 v[3]; };
groupshared S g[2];
RWStructuredBuffer<float4> o : register(u0);
[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint i = gi + 1;
    for (uint e = 0; e < 2; e++) {
        g[e].a = 100 * e;
        for (uint k = 0; k < 3; k++) g[e].v[k] = float4(100 * e + 10 * k, 100 * e + 10 * k + 1,
                                                         100 * e + 10 * k + 2, 100 * e + 10 * k + 3);
    }
    GroupMemoryBarrierWithGroupSync();
    o[0] = g[i].v[i];                  // (110, 111, 112, 113)
    o[1] = g[i - 1].v[i + 1];          // (20, 21, 22, 23)
    float4 w[3] = g[i].v;              // all three rows of element 1
    o[2] = w[0];
    o[3] = w[2];
    o[4] = float4(g[i].a, g[i - 1].a, 0, 0);
}
"""


def _run(src: str, stride: int, count: int) -> np.ndarray:
    cs = D3DCompile(src, None, "t.hlsl", None, None, "main", "cs_5_0", 0, 0)
    return dispatch_on_structured_uav(cs, stride, count).view(np.float32).reshape(count, stride // 4)


def test_structured_uav_member_at_run_time_index() -> None:
    out = _run(_UAV_SRC, 132, 2)
    row = out[1]
    assert row[1:5].tolist() == [10, 11, 12, 13]
    assert row[5:9].tolist() == [30, 31, 32, 33]
    assert row[9:13].tolist() == [11, 12, 13, 14]
    assert row[13:17].tolist() == [15, 16, 17, 18]
    # the copied matrices are word for word those stored in element 0 (memory order does not matter here)
    assert row[17:25].tolist() == out[0][17:25].tolist()
    assert row[25:33].tolist() == out[0][25:33].tolist()
    assert sorted(row[17:25].tolist()) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert sorted(row[25:33].tolist()) == [11, 12, 13, 14, 15, 16, 17, 18]


def test_groupshared_member_at_run_time_index() -> None:
    out = _run(_GSM_SRC, 16, 5)
    assert out[0].tolist() == [110, 111, 112, 113]
    assert out[1].tolist() == [20, 21, 22, 23]
    assert out[2].tolist() == [100, 101, 102, 103]
    assert out[3].tolist() == [120, 121, 122, 123]
    assert out[4].tolist() == [100, 0, 0, 0]


# Stores to a matrix row picked at run time in memory (exprs' "memdyn" assignment; seed-18 survivor exprs#626).
# Rule (Microsoft Docs, "Per-component math" / matrix ordering: ``m[i]`` is row i; matrices are column_major by
# default, so element (r, c) of a ``float RxC`` lies at word c * R + r of the matrix, D3D11.3 §5.3.5 for the
# structured element around it).
_ROW_SRC = """
struct S { float a; float2x3 m; float4x4 q; };    // words: a = 0, m = 1..6, q = 7..22
RWStructuredBuffer<S> o : register(u0);
[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint i = gi + 1;                              // 1 at run time
    o[0].m[i] = float3(1, 2, 3);                  // row 1 of the 2x3
    o[0].q[i + 1] = float4(4, 5, 6, 7);           // row 2 of the 4x4
    o[0].q[i - 1] = float4(8, 9, 10, 11);         // row 0
}
"""


def _col_major_word(first: int, rows: int, r: int, c: int) -> int:
    return first + c * rows + r


def test_store_to_matrix_row_at_run_time_index() -> None:
    out = _run(_ROW_SRC, 92, 1)[0]
    want = np.zeros(23, np.float32)
    for c, v in enumerate((1, 2, 3)):
        want[_col_major_word(1, 2, 1, c)] = v
    for c, v in enumerate((4, 5, 6, 7)):
        want[_col_major_word(7, 4, 2, c)] = v
    for c, v in enumerate((8, 9, 10, 11)):
        want[_col_major_word(7, 4, 0, c)] = v
    assert out.tolist() == want.tolist()
