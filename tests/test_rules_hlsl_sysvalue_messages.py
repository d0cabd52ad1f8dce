"""X4502 for a system value of too many components names the signature the element is in (input or output) and
the system value (shader/hlsl/sysvalues.py component_count_error). The limits are those of
tests/test_rules_hlsl_stage_sysvalues.py (D3D11.3 §23 / §24, the semantics page); the direction is where the
parameter stands: an ``in`` parameter is an input, the return value and ``out`` parameters are outputs."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

CASES = [
    # (a pixel shader's too-wide SV_Depth is X4555 in d3dcompiler_47 10.1, session 41: tests/test_rules_hlsl_sv_stages)
    ("float4 main(uint2 c : SV_PrimitiveID) : SV_Target { return c.x; }", "ps_5_0", "input", "SV_PrimitiveID"),
    ("float4 main(uint2 v : SV_VertexID) : SV_Position { return v.x; }", "vs_5_0", "input", "SV_VertexID"),
    ("float4 main(float4 p : P, out uint2 r : SV_ViewportArrayIndex) : SV_Position { r = 0; return p; }",
     "vs_5_0", "output", "SV_ViewportArrayIndex"),
]


@pytest.mark.parametrize(("src", "target", "word", "name"), CASES, ids=[c[3] for c in CASES])
def test_component_count_error_names_the_direction(src: str, target: str, word: str, name: str):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    assert f"error X4502: invalid {target} {word} semantic '{name}'" in info.value.errors
