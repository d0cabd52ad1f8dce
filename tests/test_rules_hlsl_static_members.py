"""Static data members of structs and classes.

Sources: fxc's records in DXC's varmods-syntax.hlsl (a static member that is only declared is X3103
"'S::name': variable declared but not defined", reported at the member); the C++ rule HLSL's struct grammar
follows (a static data member takes no room in an instance and is defined once outside the type, ``T S::x =
init;``, and named ``S::x``). The value is checked through a draw.
"""

from __future__ import annotations

import numpy as np
import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.reflection import D3DReflect


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))


def _run(src: str, cb: np.ndarray | None = None) -> np.ndarray:
    chunk = next(c for c in parse_container(_compile(src)).chunks if c.fourcc in ("SHDR", "SHEX"))
    b = Bindings()
    if cb is not None:
        b.set_cbuffer(0, np.ascontiguousarray(cb, dtype=np.float32))
    return run_program(decode_program(chunk.data), 1, bindings=b).outputs[0].view(np.float32)[0]


@pytest.mark.parametrize("decl,expr,want", [
    ("struct S { static float x; }; float S::x = 2.5;", "S::x", 2.5),
    ("struct S { static const float x; }; static const float S::x = 4;", "S::x", 4.0),
    ("struct S { static float x[3]; }; float S::x[3] = {1, 2, 3};", "S::x[2]", 3.0),
    ("struct S { static float2 x; }; float2 S::x = float2(6, 7);", "S::x.y", 7.0),
    ("class C { static float k; float f() { return 1; } }; float C::k = 9;", "C::k", 9.0),
    ("struct S { static int n; }; int S::n = 3;", "S::n * 2", 6.0),
    ("struct S { static float x; static float y; }; float S::y = 1; float S::x = S::y + 1;", "S::x", 2.0),
])
def test_static_member_definition_gives_its_value(decl, expr, want):
    assert _run(decl + f"\nfloat4 main() : SV_Target {{ return {expr}; }}")[0] == want


def test_static_member_is_writable_like_a_static_global():
    src = ("struct S { static float x; }; float S::x = 1;\n"
           "float4 main() : SV_Target { S::x += 2; return S::x; }")
    assert _run(src)[0] == 3.0


def test_static_member_takes_no_room_in_an_instance():
    """The buffer holds the instance fields only: S is one float4 (16 bytes), and a float after it packs in
    the next register."""
    src = ("struct S { float4 a; static float k; }; float S::k = 2;\n"
           "cbuffer cb { S s; float b; }\nfloat4 main() : SV_Target { return s.a * S::k + b; }")
    r = D3DReflect(_compile(src)).GetConstantBufferByName("cb")
    sizes = {r.GetVariableByIndex(i).GetDesc().Name: (r.GetVariableByIndex(i).GetDesc().StartOffset,
                                                    r.GetVariableByIndex(i).GetDesc().Size) for i in range(2)}
    assert sizes == {"s": (0, 16), "b": (16, 4)}
    got = _run(src, np.float32([1, 2, 3, 4, 10, 0, 0, 0]))
    np.testing.assert_array_equal(got, np.float32([12, 14, 16, 18]))


@pytest.mark.parametrize("src,code,text", [
    ("struct S { static float x; };", "X3103", "'S::x': variable declared but not defined"),
    ("struct S { float a; static const float2 x; };", "X3103", "'S::x': variable declared but not defined"),
    ("class C { static float x; };", "X3103", "'C::x': variable declared but not defined"),
    ("struct S { static float x; }; float S::x = 1; float S::x = 2;", "X3003", "redefinition of 'S::x'"),
    ("struct S { static float x; }; float S::y = 1;", "X3000", "'S::y': not a static member of 'S'"),
    ("struct S { static float x; }; int S::x = 1;", "X3003", "'S::x': redefinition with a different type"),
    ("struct S { static const float x; }; static const float S::x = 1; float4 f() { S::x = 2; return 0; }",
     "X3025", "l-value specifies const object"),
])
def test_static_member_errors(src, code, text):
    with pytest.raises(ShaderCompileError) as info:
        _compile(src + "\nfloat4 main() : SV_Target { return 0; }")
    assert f"error {code}: {text}" in info.value.errors, info.value.errors


def test_undefined_member_is_reported_at_its_declaration():
    with pytest.raises(ShaderCompileError) as info:
        _compile("struct S {\n  float a;\n  static float x;\n};\nfloat4 main() : SV_Target { return 0; }")
    assert info.value.errors.startswith("t.hlsl(3,") and "error X3103" in info.value.errors, info.value.errors
