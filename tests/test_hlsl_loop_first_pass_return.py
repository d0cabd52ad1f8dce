"""A loop whose first pass surely returns, with statements before its return (unroll._first_pass_return).

Such a loop ends the function for the return-path check (X3507, session 36), but that mark was set before the
loop body was generated, so inside the body the entry point counted as ended after the first statement and the
rest of the body -- the return among it -- was left out as dead code: ``while (true) { v *= 2; return v; }`` became
an empty endless loop (and, since session 39's X3696 check, a refusal). d3dcompiler_47 10.1 under Wine compiles
every program below (verdicts recorded session 39); the values are the HLSL's, computed here with numpy.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_compile import run_ps

from pyd3d11.d3dcompiler import D3DCOMPILE_SKIP_OPTIMIZATION, D3DCompile

#: (loop, what main returns for input p) -- fxc 10.1 compiles each at ps_5_0, default flags and /Od
ROWS = [
    ("while (true) { v *= 2; return v; }", lambda p: p * 2),
    ("while (true) { v = v * 2; return v; }", lambda p: p * 2),
    ("while (true) { float4 w = v * 2; return w; }", lambda p: p * 2),
    ("while (true) { v.x += 1; return v; }", lambda p: p + np.float32([1, 0, 0, 0])),
    ("for (;;) { v.y -= 3; v.z *= v.w; return v; }",
     lambda p: np.stack([p[:, 0], p[:, 1] - 3, p[:, 2] * p[:, 3], p[:, 3]], 1)),
    ("for (int i = 0; i < 2; ++i) { v += i + 1; return v; }", lambda p: p + 1),
    ("do { v *= 3; return v; } while (true);", lambda p: p * 3),
]


@pytest.mark.parametrize("loop, want", ROWS)
def test_the_statements_before_the_return_run(loop, want):
    src = f"float4 main(float4 p : TEXCOORD0) : SV_Target {{ float4 v = p; {loop} }}"
    p = np.random.default_rng(3).uniform(-4, 4, (8, 4)).astype(np.float32)
    got = run_ps(src, {0: p}, 8)[0].view(np.float32)
    assert np.array_equal(got, np.asarray(want(p), np.float32))


@pytest.mark.parametrize("loop, _want", ROWS)
def test_fxc_compiles_them(loop, _want):
    src = f"float4 main(float4 p : TEXCOORD0) : SV_Target {{ float4 v = p; {loop} }}".encode()
    for flags in (0, D3DCOMPILE_SKIP_OPTIMIZATION):
        assert D3DCompile(src, len(src), None, None, None, "main", "ps_5_0", flags, 0, []) is not None


def test_a_geometry_loop_of_appends_after_the_exit_value_trial():
    """exitvalues.trial runs a literal-count loop's copies and rolls them back; a copy's Append records went with
    them only once unroll's snapshot kept their count: before, ``V o = vin[0]; ...; s.Append(o)`` in such a loop was
    refused X4000 at the real loop's Append (d3dcompiler_47 10.1 compiles it at gs_4_0 and gs_5_0)."""
    src = """struct V { float4 pos : SV_Position; float t : TEXCOORD0; };
    [maxvertexcount(6)]
    void main(point V vin[1], inout TriangleStream<V> s, uint id : SV_PrimitiveID) {
        for (int i = 0; i < 3; i++) { V o = vin[0]; o.pos.x += i; o.t = id * 10 + i; s.Append(o); }
        s.RestartStrip();
    }"""
    for target in ("gs_4_0", "gs_5_0"):
        D3DCompile(src.encode(), len(src), None, None, None, "main", target, 0, 0)
