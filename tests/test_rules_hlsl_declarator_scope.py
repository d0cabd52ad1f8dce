"""A local's scope begins at its declarator, before its initialiser (C's rule, which fxc keeps): the initialiser
may name the variable being declared and then reads it, still undefined. DXC issue 2419 (scenario 3, fxc's
recorded behaviour): ``uint sum = sum; return sum;`` compiles under fxc with only warning X3578 "Output value
'main' is not completely initialized" (DXC's UndefStore.hlsl, shader.debug.line.composite.hlsl and
spirv.debug.opline.composite.hlsl rely on the same rule; they were X3004 "undeclared identifier").

The rule has two observable halves, each tested: the name resolves (no X3004), and it names the new variable,
not an outer one of the same name (an assignment inside the initialiser changes the new variable only)."""

from __future__ import annotations

import numpy as np
import pytest
from gfx_util import blob_program

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.errors import D3D11Error
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings


def _compile(src: str, profile: str = "ps_5_0") -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", profile))


#: initialisers that name the variable they initialise (the function body around them is fixed)
SELF_NAMED = [
    "uint v = v;",                                            # DXC issue 2419 scenario 3
    "uint v = v + 1;",
    "float2 v = float2(a.x, v.x);",
    "float2x2 v = float2x2(a.x, v._m00, 2 + a.y, v._m11 / 2);",  # shader.debug.line.composite
    "uint v = add(v, (uint)a.x);",                            # UndefStore: passed to a function
    "int v[2] = { v[1], 3 };",
    "S v = { v.b, 2 };",
    "const float v = v * 2;",
    "float4 v = v.wzyx;",
]

_BODY = """struct S {{ float a; int b; }};
uint add(uint x, uint y) {{ return x + y; }}
float4 main(float4 a : A) : SV_Target {{
  {decl}
  return 1;
}}"""


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", SELF_NAMED)
def test_an_initialiser_may_name_the_variable_it_initialises(decl: str):
    _compile(_BODY.format(decl=decl))


@pytest.mark.backend_independent
@pytest.mark.parametrize("decl", [
    "int v = w; int w = 1;",          # a later declaration is not in scope yet
    "int v = 1; int w = v + u;",      # nor is one never declared
])
def test_names_declared_later_are_still_undeclared(decl: str):
    with pytest.raises(D3D11Error, match="X3004"):
        _compile(_BODY.format(decl=decl))


def _run(body: str, a: tuple[float, float, float, float]) -> list[float]:
    src = "float4 main(float4 a : A) : SV_Target {\n" + body + "\n}"
    prog = blob_program(_compile(src))
    res = run_program(prog, 1, inputs={0: np.array([a], np.float32).view(np.uint32)}, bindings=Bindings())
    return res.outputs[0][0].view(np.float32).tolist()


@pytest.mark.parametrize(("body", "expect"), [
    # the inner x is the one being declared: the assignment in its initialiser leaves the outer x alone
    ("float x = 2; { float x = (x = 5) * 0 + 1; } return x;", [2, 2, 2, 2]),
    ("float x = 2; { float x = (x = 5) + 1; return x; }", [6, 6, 6, 6]),
    # the components the initialiser defines before it reads them are the values it gives
    ("float y = (y = a.x) + 1; return y;", [4, 4, 4, 4]),
    ("float2 v = float2(a.y, (v.x = a.z) * 0 + 7); return float4(v, 0, 0);", [-2, 7, 0, 0]),
])
def test_values_follow_the_declarator_scope(body: str, expect: list[float]):
    assert _run(body, (3.0, -2.0, 5.0, 0.5)) == expect
