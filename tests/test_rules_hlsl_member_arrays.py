"""Array members of structs and classes need explicit dimensions: no initialiser can size a member.

Source: fxc's records in DXC's incomp_array_err.hlsl: X3072 "'foo2::a': array dimensions of struct/class members
must be explicit" for ``int a[];`` in a struct and in a class, "array dimensions of type must be explicit" for
a typedef.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)


@pytest.mark.parametrize("decl,text", [
    ("struct foo2 { float4 member; int a[]; };", "'foo2::a': array dimensions of struct/class members must be explicit"),
    ("class foo4 { float4 member; int a[]; };", "'foo4::a': array dimensions of struct/class members must be explicit"),
    ("class foo5 { int a[2][]; };", "'foo5::a': array dimensions of struct/class members must be explicit"),
    ("struct foo6 { float b; float4 a[][3]; };",
     "'foo6::a': array dimensions of struct/class members must be explicit"),
    ("typedef const int inta[];", "array dimensions of type must be explicit"),
])
def test_member_array_without_dimension(decl, text):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(decl + "\nfloat4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None, "main", "ps_5_0")
    assert f"error X3072: {text}" in info.value.errors, info.value.errors


@pytest.mark.parametrize("decl", ["struct S { int a[2]; };", "class C { float4 a[1][2]; };",
                                  "static const int N = 3; struct T { float a[N]; };"])
def test_member_array_with_dimension(decl):
    D3DCompile(decl + "\nfloat4 main() : SV_Target { return 0; }", None, "t.hlsl", None, None, "main", "ps_5_0")
