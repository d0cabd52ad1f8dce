"""Direct3D 9 targets on programs the HLSL mutation fuzz found (session 24, the lead's device run of the fuzz
retargeted to vs/ps_2_0, 3_0, 2_b and level 9): each must end in an HRESULT, never a raw exception or a
translation that runs for minutes."""

from __future__ import annotations

import pytest

from pyd3d11.errors import NotSupportedError, ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # compile-only

D3D9_PIXEL = ("ps_2_0", "ps_2_b", "ps_3_0", "ps_4_0_level_9_1")


@pytest.mark.parametrize("target", D3D9_PIXEL)
@pytest.mark.parametrize("calls", [1, 2])
def test_device_memory_barrier_is_named_not_supported(target: str, calls: int):
    """``sync_uglobal`` has no destination operand; the SM2 index-residue scan read one (IndexError). The
    barrier has no Direct3D 9 form, so the translation names it (E_NOTIMPL)."""
    src = "float4 main() : sv_target {" + " DeviceMemoryBarrier();" * calls + " return 0; }"
    D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0")  # valid SM4/5 source
    with pytest.raises(NotSupportedError, match="sync"):
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)


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
