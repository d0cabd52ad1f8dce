"""Writing a uniform global object: fxc's X3025 "global variables are implicitly constant, enable compatibility
mode to allow modification" -- unless the caller passes D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY (/Gec), as the
message says. Verdicts recorded from d3dcompiler_47 10.1 under Wine (session 36; vkd3d's hard-copy-prop
shader test compiles the same program under its ``backcompat`` option)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError
from pyd3d11.headers.d3dcompiler_types import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY

SRC = """sampler s;
Texture2D t1, t2;
float4 main() : sv_target
{
    Texture2D t = t1;
    t1 = t2;
    t2 = t;
    return t1.Sample(s, float2(0, 0)) + t2.Sample(s, float2(0, 0));
}
"""


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_without_gec_x3025(target):
    with pytest.raises(ShaderCompileError, match="X3025: global variables are implicitly constant"):
        D3DCompile(SRC.encode(), len(SRC), "t.hlsl", None, None, "main", target, 0, 0, None)


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0"])
def test_with_gec_compiles(target):
    blob = D3DCompile(SRC.encode(), len(SRC), "t.hlsl", None, None, "main", target,
                      D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY, 0, None)
    assert blob.GetBufferSize() > 0
