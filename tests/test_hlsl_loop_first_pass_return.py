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
