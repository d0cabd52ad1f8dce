"""SM4 -> shader model 2 translation rules of shader/sm2/translate.py (session 12 mutation round), run on the
test-side SM2 interpreter (tests/sm2_interp.py) from the level-9 targets' Aon9 programs.

- dp4 reads all four components of its sources and dp3 three, whatever the destination mask (one here) (D3D9 asm
  reference, dp4 / dp3); ps_2_0 allows only the swizzles .xyzw .yzxw .zxyw .wzyx and replicates, so any other
  swizzle of a dp source is copied component by component first (the components the instruction reads).
- Dynamic indexing of a local array (an SM4 indexable temp) reads element i for an index i in range (HLSL
  arrays; D3D9 has no r# indexing, so the translation selects among the elements).
Expected values are computed here with numpy."""

from __future__ import annotations

import numpy as np
import pytest
from test_level9_kinds import PS_TARGETS, VS_TARGETS, _run_expr

F = np.float32
X = np.array([[1, 2, 3, 4], [-0.5, 8, 0.25, -16]], F)
Y = np.array([[10, 100, 1000, 10000], [3, -2, 5, 7]], F)

pytestmark = pytest.mark.backend_specific  # the SM2 interpreter runs them: no shader backend involved


@pytest.mark.parametrize("target", PS_TARGETS + VS_TARGETS)
@pytest.mark.parametrize(("expr", "ref"), [
    ("dot(x.yxzw, y)", lambda x, y: (x[:, [1, 0, 2, 3]] * y).sum(1)),
    ("dot(x.wxzy, y)", lambda x, y: (x[:, [3, 0, 2, 1]] * y).sum(1)),
    ("dot(x.yxz, y.xyz)", lambda x, y: (x[:, [1, 0, 2]] * y[:, :3]).sum(1)),
    ("dot(x.zzx, y.wyx)", lambda x, y: (x[:, [2, 2, 0]] * y[:, [3, 1, 0]]).sum(1)),
    ("dot(x, float4(1, 2, 3, 4))", lambda x, y: x @ [1, 2, 3, 4]),
    ("dot(x.xyz, float3(5, 6, 7))", lambda x, y: x[:, :3] @ [5, 6, 7]),
])
def test_dot_products_read_every_component_of_swizzled_sources(expr, ref, target):
    # the product alone in .x: the dp's destination mask is one component
    got = _run_expr(f"float4({expr}, x.w, y.z, 1)", target, X, Y)
    want = np.stack([ref(X.astype(np.float64), Y.astype(np.float64)).astype(F), X[:, 3], Y[:, 2], np.ones(2, F)], 1)
    np.testing.assert_array_equal(got, want)
