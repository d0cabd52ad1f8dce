"""Classes and interfaces (SM5 "Interfaces and Classes"): a declaration may name a declared interface or class with
its keyword (``interface IFace I[253];``: DXC dxbc2dxil interface1.hlsl, built by ``fxc /T ps_5_0``); a method of a
concrete class instance reads the instance's object members through their own bindings. Struct members holding
objects of instances reached through an interface are not built (single objects and object arrays are:
test_hlsl_interface_objects.py)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.dxbc.disasm import disassemble

pytestmark = pytest.mark.backend_independent  # compiles only

_IFACE = """interface IFace { float foo(); };
class A : IFace { float f; float foo() { return f; } };
class B : IFace { float g; float foo() { return g * 2; } };
"""


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


@pytest.mark.parametrize("decl", ["interface IFace I[2];", "IFace I[2];"])
def test_an_interface_array_declared_with_or_without_the_keyword(decl: str):
    text = disassemble(_compile(_IFACE + decl + "\nuint i;\nfloat main() : SV_Target { return I[i].foo(); }"))
    assert "fcall fp0[r0.x + 0][0]" in text and "dcl_interface_dynamicindexed fp0[2][1]" in text


def test_a_class_instance_declared_with_the_class_keyword():
    text = disassemble(_compile(_IFACE + "class B b;\nfloat main() : SV_Target { return b.foo(); }"))
    assert "mul" in text and "fcall" not in text


@pytest.mark.parametrize(("decl", "code"), [
    ("interface A I;", "X3000"),      # A is a class
    ("class IFace c;", "X3000"),      # IFace is an interface
    ("interface Nope n;", "X3000"),   # nothing of that name
])
def test_the_keyword_must_match_a_declared_type(decl: str, code: str):
    with pytest.raises(D3D11Error, match=code):
        _compile(_IFACE + decl + "\nfloat main() : SV_Target { return 0; }")


def test_a_concrete_class_method_samples_its_own_objects():
    src = """class First {
  float f; SamplerState samp; Texture2D<float4> tex;
  float foo() { return tex.Sample(samp, float2(0.25, 0.75)).x * f; }
};
First a;
float main() : SV_Target { return a.foo(); }"""
    text = disassemble(_compile(src))
    assert "sample r0.xyzw, l(0.250000, 0.750000, 0.750000, 0.750000), t0.xyzw, s0" in text


def test_buffer_objects_in_instances_called_through_an_interface_take_the_indexable_form():
    # a structured buffer reached through this[] (no declaration names it): the instruction carries its
    # dimension and stride, as fxc's SM5 extended resource tokens do (runs: test_hlsl_interface_struct_objects.py)
    from pyd3d11.shader.dxbc.disasm import disassemble

    src = """interface I { float foo(); };
struct P { StructuredBuffer<float> b; float x; };
class C : I { P p; float foo() { return p.b[0] * p.x; } };
I i;
float main() : SV_Target { return i.foo(); }"""
    text = disassemble(_compile(src))
    assert "ld_structured_indexable(structured_buffer, stride=4)(mixed,mixed,mixed,mixed)" in text
