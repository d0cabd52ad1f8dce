"""fx_2_0 uniform shader arguments given as expressions (MicrosoftDocs direct3d9 "Shader States": ``compile
ps_2_0 f(args)`` binds f's uniform parameters, in order, to the arguments; an argument is a literal expression --
literals, static constants and operations on them -- evaluated at compile time). Expected bytecode: the same
function with the argument's value (computed by hand) written into its body, compiled on its own; a function
specialised the same way in several passes gives the same bytecode (fxc compiles one shader per distinct
argument list)."""

from __future__ import annotations

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import read_fx2

CONSTS = "static const float K = 3; static const float4 V = float4(4, 5, 6, 7); static const int N = 7;\n"


def _effect(src: str):
    # D3DXSHADER_NO_PRESHADER (/Op): the shaders keep all their code, as the stand-alone compiles do (with
    # preshaders a body of uniform values only moves into the preshader: docs/conformance.md session 32)
    return read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0x100, 0).GetBufferPointer()))


def _shader(src: str) -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, "f", "ps_2_0", 0, 0).GetBufferPointer())


@pytest.mark.parametrize("args,value", [
    ("K * 2", "6"), ("-K + 0.5", "-2.5"), ("(int)2.7", "2"), ("float2(K, 1).x", "3"), ("K > 2", "1"),
    ("V.y", "5"), ("max(K, 4)", "4"), ("N", "7"), ("N / 2", "3"), ("V.w - V.x", "3"),
])
def test_argument_expressions_of_literals_and_static_constants(args, value):
    eff = _effect(CONSTS + "float4 f(uniform float k) : COLOR { return k; }\n"
                  f"technique {{ pass {{ PixelShader = compile ps_2_0 f({args}); }} }}")
    (res,) = eff.resources
    assert res.data == _shader(f"float4 f() : COLOR {{ return {value}; }}")


def test_vector_and_bool_arguments_together():
    eff = _effect(CONSTS + "float4 g;\nfloat4 f(uniform float4 c, uniform bool b) : COLOR { return b ? c * g : g; }\n"
                  "technique { pass p0 { PixelShader = compile ps_2_0 f(V * 2, K > 1); }"
                  " pass p1 { PixelShader = compile ps_2_0 f(V * 2, K > 1); } }")
    a, b = (r.data for r in eff.resources)
    assert a == b == _shader("float4 g; float4 f() : COLOR { return float4(8, 10, 12, 14) * g; }")


def test_second_argument_binds_the_second_uniform_and_lists_differ_by_value():
    eff = _effect(CONSTS + "float4 g;\nfloat4 f(uniform float4 c, uniform bool b) : COLOR { return b ? c * g : g; }\n"
                  "technique { pass p0 { PixelShader = compile ps_2_0 f(V * 2, K < 1); }"
                  " pass p1 { PixelShader = compile ps_2_0 f(V, true); } }")
    a, b = (r.data for r in eff.resources)
    assert a == _shader("float4 g; float4 f() : COLOR { return g; }")
    assert b == _shader("float4 g; float4 f() : COLOR { return float4(4, 5, 6, 7) * g; }")
