"""Session 24 (helper MUT): a comparison mask across a static branch (sm2/static_branch.py's endif merge), run
against the SM4 program of the same HLSL on pyd3d11's executor (tests/test_hlsl_d3d9_targets._run_both)."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_d3d9_targets import BOOL_SET, _run_both, compile_
from test_sm2_mut24 import _bool_ifs

from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_SKIP_OPTIMIZATION


@pytest.mark.parametrize("on", [0, 1])
def test_a_comparison_made_before_a_static_branch_selects_after_it(on: int):
    """Under /Od every bool branch is ``if b#`` (fxc's boolconst vs_2_0 listing): a comparison result made before the
    branch and used as a condition after it keeps the branch static; the values are the SM4 program's."""
    src = """bool b; float4 main(float4 x : TEXCOORD0) : COLOR {
      bool t = x.x > 0; float4 r = x; if (b) r = r * 2; return t ? r : -r; }"""
    ops, sets = _bool_ifs(compile_(src, "ps_3_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))
    assert ops == ["if"] and sets["b"] == BOOL_SET
    for expect, got, name in _run_both(src, "ps_3_0", seed=4, flags=D3DCOMPILE_SKIP_OPTIMIZATION, bools={"b": on}):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("cond", ["b == true", "b != false", "(int)b == 1", "b == false"])
@pytest.mark.parametrize("on", [0, 1])
def test_bool_compared_with_true_or_false(cond: str, on: int):
    """``b == true`` is ``ieq t, (b != 0), l(-1)`` in SM4 (true is 0xFFFFFFFF): a test against a value other than 0
    is no plain bool test; whatever form the branch takes, it runs its part when the condition holds."""
    src = "bool b; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x; if (" + cond + ") r = r * 2; return r; }"
    for expect, got, name in _run_both(src, "ps_3_0", seed=5, flags=D3DCOMPILE_SKIP_OPTIMIZATION, bools={"b": on}):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{name} {cond} {on}")
