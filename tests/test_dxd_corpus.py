"""Reflection rules found with fxc 10.1 as the oracle (tools/dxd_corpus.py over DXDecompiler's SM4/5 corpus,
docs/conformance.md "Session 24, helper REF"), each tested from its definition with values computed by hand,
plus a representative subset of the corpus itself when its git mirror is present (a development resource: the
tests skip without it).

Provenance of each rule is given on its test; "inferred from N fxc objects" marks a rule no documentation states.
"""

from __future__ import annotations

import pytest

from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


def _reflect(src: str, target: str = "ps_5_0", entry: str = "main", flags: int = 0):
    return D3DReflect(D3DCompile(src, None, "t.hlsl", None, None, entry, target, flags))


def _members(t) -> list[tuple[str, int]]:
    d = t.GetDesc()
    return [(t.GetMemberTypeName(i), t.GetMemberTypeByIndex(i).GetDesc().Offset) for i in range(d.Members)]


# -- structured buffer element layout --------------------------------------------------------------------------
# A structured buffer's element is stored with no 16-byte register rule: each member follows the previous one
# (the buffer's stride is the sum of its 4-byte components). The $Element type of the RDEF bind-info buffer
# reports those offsets (fxc 10.1: 3Dmigoto structured_buffers_4 / _5 / _extra_5, ``float oopsie; float4 m4;``
# puts m4 at 52; the constant-buffer rules would give 64). Offsets below are hand sums of 4-byte components.
_STRUCTURED = [
    # (struct body, [(member, offset)])
    ("float a; float4 b;", [("a", 0), ("b", 4)]),
    ("float3 a; float2 b; float c;", [("a", 0), ("b", 12), ("c", 20)]),
    ("float a; float4x4 m; uint u;", [("a", 0), ("m", 4), ("u", 68)]),
    ("float a[3]; float2 b;", [("a", 0), ("b", 12)]),
    ("int2 a; double d; float f;", [("a", 0), ("d", 8), ("f", 16)]),
    ("float foo; uint bar; snorm float baz; int buz; float4 f4; float4 g4; float oopsie; float4 m4; float4 n4;",
     [("foo", 0), ("bar", 4), ("baz", 8), ("buz", 12), ("f4", 16), ("g4", 32), ("oopsie", 48), ("m4", 52),
      ("n4", 68)]),
]


@pytest.mark.parametrize(("body", "expected"), _STRUCTURED)
def test_structured_element_member_offsets_are_packed(body: str, expected: list[tuple[str, int]]):
    src = f"struct S {{ {body} }};\nStructuredBuffer<S> sb : register(t0);\nRWBuffer<float> o : register(u0);\n" \
          "[numthreads(1,1,1)] void main() { o[0] = (float)sb[0]." + expected[-1][0] + "; }"
    r = _reflect(src, "cs_5_0")
    elem = r.GetConstantBufferByName("sb").GetVariableByIndex(0).GetType()
    assert _members(elem) == expected


def test_structured_nested_struct_offsets_are_relative_and_packed():
    """A member struct's own members are offsets inside that struct, packed as well (fxc: struct_buf_2's
    inner_struct_2.inner_struct_3.m4 at 52 inside its struct foo)."""
    src = """struct In { float x; float4 y; };
struct S { float a; In i; float2 b; };
StructuredBuffer<S> sb : register(t0);
RWBuffer<float> o : register(u0);
[numthreads(1,1,1)] void main() { o[0] = sb[0].b.y; }"""
    elem = _reflect(src, "cs_5_0").GetConstantBufferByName("sb").GetVariableByIndex(0).GetType()
    assert _members(elem) == [("a", 0), ("i", 4), ("b", 24)]
    assert _members(elem.GetMemberTypeByName("i")) == [("x", 0), ("y", 4)]


def test_cbuffer_struct_offsets_keep_the_register_rules():
    """The same struct in a constant buffer keeps the packing rules (a float4 after a float starts a register)."""
    src = "struct S { float a; float4 b; };\ncbuffer c : register(b0) { S s; }\n" \
          "float4 main() : SV_Target { return s.b; }"
    t = _reflect(src).GetConstantBufferByName("c").GetVariableByName("s").GetType()
    assert _members(t) == [("a", 0), ("b", 16)]
