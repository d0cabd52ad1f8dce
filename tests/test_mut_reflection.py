"""shader/reflection.py rules the session-25 mutation round (seed 27, 20 of its points, guards
test_rules_d3dcompiler_reflection_s13.py and test_reflection.py) found unpinned; expected values from the
d3d11shader.h definitions:

- ID3D11ShaderReflection::GetThreadGroupSize: "the total number of threads in the group", the three sizes written
  out; a shader with no dcl_thread_group (every stage but compute) has none: 0 and 0, 0, 0.
- D3D11_SHADER_TYPE_DESC.Offset: "offset, in bytes, between the start of the parent structure and this variable";
  a variable's own type has no parent structure: 0.
"""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile, D3DReflect

pytestmark = pytest.mark.backend_independent  # compile and reflect only


def _reflect(src: str, target: str):
    return D3DReflect(bytes(D3DCompile(src, len(src), "t.hlsl", None, None, "main", target, 0, 0)))


@pytest.mark.parametrize(("src", "target", "want"), [
    ("float4 main(float4 p : POSITION) : SV_Position { return p; }", "vs_5_0", (0, 0, 0, 0)),
    ("float4 main() : SV_Target { return 1; }", "ps_4_0", (0, 0, 0, 0)),
    ("RWBuffer<uint> u; [numthreads(4, 2, 3)] void main(uint i : SV_GroupIndex) { u[i] = i; }", "cs_5_0",
     (24, 4, 2, 3)),
    ("RWByteAddressBuffer u; [numthreads(64, 1, 1)] void main(uint i : SV_GroupIndex) { u.Store(i * 4, i); }", "cs_4_0",
     (64, 64, 1, 1)),
])
def test_thread_group_size(src: str, target: str, want):
    assert tuple(_reflect(src, target).GetThreadGroupSize()) == want


def test_a_variables_type_has_offset_0():
    src = ("struct S { float a; float4 b; }; cbuffer C { float x; S s; float4 v; }\n"
           "float4 main() : SV_Target { return x + s.a + s.b + v; }")
    cb = _reflect(src, "ps_5_0").GetConstantBufferByIndex(0)
    assert [cb.GetVariableByIndex(k).GetType().GetDesc().Offset for k in range(3)] == [0, 0, 0]
    member = cb.GetVariableByName("s").GetType().GetMemberTypeByIndex(1).GetDesc()
    assert member.Offset == 16  # b: past a, on the next register
