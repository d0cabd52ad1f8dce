"""D3D9 targets on programs written for later models (issue 15, session 24 helper SM3G; tools/retarget.py).

Each case is a rule read from its definition, never from the compiler under test:

* instructions that write no register (the SM4 ``sync`` of the memory-barrier intrinsics, ``emit`` / ``cut``:
  the D3D11.3 functional spec gives them no operand at all) are not destinations to the
  level-9 / D3D9 translation's analyses; a barrier there is a feature the translation does not build
  (NotSupportedError), never a crash.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import NotSupportedError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def compile_(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0))


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0", "ps_4_0_level_9_1"])
def test_memory_barrier_is_not_built_below_sm4(target: str):
    """DeviceMemoryBarrier (its page: pixel and compute shaders, minimum shader model 5) compiles to the
    operand-less ``sync``: below shader model 4 it is an unbuilt feature, named."""
    src = "float4 main() : SV_Target { DeviceMemoryBarrier(); return 0; }"
    if target.startswith("ps_2") or target.startswith("ps_3"):
        src = src.replace("SV_Target", "COLOR")
    with pytest.raises(NotSupportedError, match="sync"):
        compile_(src, target)
