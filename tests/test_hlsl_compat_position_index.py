"""Backwards-compatible semantics (compat.py, D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY and the Direct3D 9 targets):
only POSITION0 is the rasterizer's position. The "Semantics" page lists POSITION[n] as a vertex attribute whose
index is the usage index (a Direct3D 9 vertex shader's ``dcl_position1 o1``); SV_Position has no index other than
0. So a vertex shader's POSITION1 ... POSITION3 outputs are ordinary outputs, each with its own value — found by
session 34's helper D9SZ2 on DXDecompiler's vs_matrix44_vector4_multiply.fx, whose four POSITIONn outputs all
went to the wrong registers. COLORn of a pixel shader stays render target n."""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.signature import parse_signature

SRC = """
float4x4 m;
void main(float4 p : POSITION, out float4 o0 : POSITION, out float4 o1 : POSITION1, out float4 o2 : POSITION2,
          out float4 o3 : POSITION3)
{
    o0 = mul(m, p);
    o1 = p * 2;
    o2 = p + 1;
    o3 = p.wzyx;
}
"""


def _osgn(src: str, target: str, flags: int) -> list[tuple[str, int, int]]:
    blob = bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, flags, 0))
    osgn = parse_signature(parse_container(blob).get("OSGN"), "OSGN")
    return [(e.semantic_name, e.semantic_index, e.system_value) for e in osgn]


def test_sm4_backcompat_position_index_0_only():
    sig = _osgn(SRC, "vs_4_0", D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)
    # D3D_NAME_POSITION = 1 for index 0 alone; POSITION1-3 plain (D3D_NAME_UNDEFINED = 0) with their indices
    assert sorted(sig) == [("POSITION", 1, 0), ("POSITION", 2, 0), ("POSITION", 3, 0), ("SV_Position", 0, 1)]


def test_ps_backcompat_color_n_is_render_target_n():
    src = "void main(out float4 a : COLOR0, out float4 b : COLOR1) { a = 1; b = 2; }"
    sig = _osgn(src, "ps_4_0", D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)
    assert sorted(sig) == [("SV_Target", 0, 0), ("SV_Target", 1, 0)]  # (OSGN stores 0 for SV_Target)


def test_d3d9_position_n_outputs_agree_with_the_sm4_program():
    """Each output's values at vs_3_0: the D3D9 program on the test interpreter against the SM4 program on the
    executor. (vs_2_0 has no POSITION1 output register — oPos, oD0-1, oT0-7, oFog, oPts: X4502, as before.)"""
    from test_hlsl_d3d9_targets import _run_both

    from pyd3d11.errors import ShaderCompileError

    with pytest.raises(ShaderCompileError, match="X4502"):
        D3DCompile(SRC, None, "t.hlsl", None, None, "main", "vs_2_0", 0, 0)
    target = "vs_3_0"
    for seed in (3, 4):
        got = _run_both(SRC, target, seed=seed)
        assert len(got) == 4
        for expect, value, name in got:
            np.testing.assert_allclose(value, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name} seed {seed}")
