"""Direct3D 9 targets on programs the HLSL mutation fuzz found (session 24, the lead's device run of the fuzz
retargeted to vs/ps_2_0, 3_0, 2_b and level 9; its sync IndexError is tested in test_sm2_retarget.py): each must
end in an HRESULT, never a translation that runs for minutes."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compile-only


@pytest.mark.parametrize("target", ("ps_2_0", "ps_4_0_level_9_1"))
@pytest.mark.parametrize("bound", ["int k : register(i0);", "int k;", "float k;"])
def test_loop_on_a_uniform_bound_stops_at_the_unrollers_iteration_limit(target: str, bound: str):
    """ps_2_0 and ps_4_0_level_9_1 have no flow control, so a loop left on a constant's value must be unrolled;
    without a compile-time exit fxc's unroller gives up after 1024 copies (X3511, the text hlsl/unroll.py
    gives for SM4 [unroll] loops) — the translation used to run on to 65,536 instructions (~40 s)."""
    src = bound + """
float4 main() : sv_target
{
    float f = 0;
    for (int i = 0; i < k; ++i)
        f += i;
    return f;
}"""
    with pytest.raises(ShaderCompileError, match=r"X3511.*\(1024 iterations\)"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
