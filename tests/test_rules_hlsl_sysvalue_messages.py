"""X4502 for a system value out of its place names the signature the element is in (input or output) and the
system value (shader/hlsl/sysvalues.py): an ``in`` parameter is an input, the return value and ``out`` parameters
are outputs. (A too-wide one-uint value at a place that takes it is fxc's X4576 "type must be a scalar uint" before
the component count, d3dcompiler_47 10.1, session 49: tests/test_rules_hlsl_sv_type_first_s49.py; these rows were
the component-count cases before. The three below are the DLL's X4502 with these words, checked under Wine.)"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import ShaderCompileError

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

CASES = [
    ("float4 main(uint c : SV_DispatchThreadID) : SV_Target { return c; }", "ps_5_0", "input", "SV_DispatchThreadID"),
    ("float4 main(uint v : SV_IsFrontFace) : SV_Position { return v; }", "vs_5_0", "input", "SV_IsFrontFace"),
    ("float4 main(float4 p : P, out uint2 r : SV_VertexID) : SV_Position { r = 0; return p; }",
     "vs_5_0", "output", "SV_VertexID"),
]


@pytest.mark.parametrize(("src", "target", "word", "name"), CASES, ids=[c[3] for c in CASES])
def test_component_count_error_names_the_direction(src: str, target: str, word: str, name: str):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target)
    assert f"error X4502: invalid {target} {word} semantic '{name}'" in info.value.errors
