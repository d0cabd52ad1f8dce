"""Declaration rules of SM5 interfaces and classes, each from its definition, with a compiling control.

Sources: MicrosoftDocs direct3dhlsl "Interfaces and Classes" (interfaces declare methods that classes implement;
a class derives from at most one class and any number of interfaces) and "HLSL errors and warnings" (the codes
and their descriptions: X3104 interfaces can't contain data, X3105 interface methods can't be static, X3106
ERR_NO_INTERFACE_METHOD_BODIES, X3107 interfaces can't inherit from other types, X3108 the class doesn't
implement the specified method, X3109 the return type doesn't match the overridden method, X3111 types can't
contain members of their own type, X3126 the specified method didn't match any prototype in the class, X3545 no
classes implement the specified method, X4584 the maximum number of interface pointers was exceeded); fxc's
X3094 "base type is not a struct, class or interface" (DXC SemaHLSL builtin-types-no-inheritance.hlsl's fxc
record) and X3095 multiple concrete base types (DXC HLSL cpp-errors.hlsl, which also accepts a struct deriving
from an interface); D3D11.3
§22.3.51 restriction (1): at most 253 interface slots (object sites) in a shader. fxc's exact wordings are not
recorded: the tests pin the codes only."""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

pytestmark = pytest.mark.backend_independent  # compile-time rules: nothing runs (checked by tests/conftest.py)

MAIN = "float4 main() : SV_Target { return g.f(); }"

# (rule, rejected source, code, compiling control)
CASES = [
    ("data member in an interface",
     "interface I { float4 f(); float x; }; class C : I { float4 f() { return 1; } }; I g;" + MAIN, 3104,
     "interface I { float4 f(); }; class C : I { float x; float4 f() { return x; } }; I g;" + MAIN),
    ("static interface method",
     "interface I { static float4 f(); }; class C : I { float4 f() { return 1; } }; I g;" + MAIN, 3105,
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g;" + MAIN),
    ("interface method with a body",
     "interface I { float4 f() { return 1; } }; I g;" + MAIN, 3106,
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g;" + MAIN),
    ("interface method defined outside the interface",
     "interface I { float4 f(); }; float4 I::f() { return 1; } class C : I { float4 f() { return 1; } }; I g;"
     + MAIN, 3106,
     "interface I { float4 f(); }; class C : I { float4 f(); }; float4 C::f() { return 1; } I g;" + MAIN),
    ("interface deriving from an interface",
     "interface J { float4 f(); }; interface I : J { float4 f(); }; class C : I { float4 f() { return 1; } }; I g;"
     + MAIN, 3107,
     "interface J { float4 h(); }; interface I { float4 f(); }; class C : I, J { float4 f() { return 1; } "
     "float4 h() { return 2; } }; I g;" + MAIN),
    ("class missing an interface method",
     "interface I { float4 f(); float4 h(); }; class C : I { float4 f() { return 1; } }; I g;" + MAIN, 3108,
     "interface I { float4 f(); float4 h(); }; class C : I { float4 f() { return 1; } float4 h() { return 2; } }; "
     "I g;" + MAIN),
    ("class missing an overload (other parameter types)",
     "interface I { float4 f(); float4 f(int k); }; class C : I { float4 f() { return 1; } "
     "float4 f(float k) { return k; } }; I g;" + MAIN, 3108,
     "interface I { float4 f(); float4 f(int k); }; class C : I { float4 f() { return 1; } "
     "float4 f(int k) { return k; } }; I g;" + MAIN),
    ("method inherited from the base class implements it",
     "interface I { float4 f(); float4 h(); }; class B { float4 f() { return 1; } }; class C : B, I { }; I g;"
     + MAIN, 3108,
     "interface I { float4 f(); }; class B { float4 k; float4 f() { return k; } }; class C : B, I { }; I g;"
     + MAIN),
    ("implementation with another return type",
     "interface I { float4 f(); }; class C : I { float3 f() { return 1; } }; I g;" + MAIN, 3109,
     "interface I { float3 f(); }; class C : I { float3 f() { return 1; } }; I g;"
     "float4 main() : SV_Target { return float4(g.f(), 1); }"),
    ("struct containing itself",
     "struct S { float a; S s; }; float4 main() : SV_Target { return 1; }", 3111,
     "struct T { float a; }; struct S { float a; T t; }; float4 main() : SV_Target { S s = (S)0; return s.a; }"),
    ("class containing an array of itself",
     "class C { float a; C c[2]; }; float4 main() : SV_Target { return 1; }", 3111,
     "class D { float a; }; class C { float a; D d[2]; }; float4 main() : SV_Target { return 1; }"),
    ("out-of-class definition without a prototype",
     "class C { float4 f(); }; float4 C::f() { return 1; } float4 C::g() { return 2; }"
     "float4 main() : SV_Target { C c; return c.f(); }", 3126,
     "class C { float4 f(); float4 g(); }; float4 C::f() { return 1; } float4 C::g() { return 2; }"
     "float4 main() : SV_Target { C c; return c.f() + c.g(); }"),
    ("out-of-class definition with other parameters",
     "class C { float4 f(float x); }; float4 C::f(int x) { return x; }"
     "float4 main() : SV_Target { C c; return c.f(1.5); }", 3126,
     "class C { float4 f(float x); }; float4 C::f(float y) { return y; }"
     "float4 main() : SV_Target { C c; return c.f(1.5); }"),
    ("class with two concrete bases",
     "struct S1 { float a; }; class C1 { float b; }; class D : S1, C1 { }; float4 main() : SV_Target { return 1; }",
     3095,
     "struct S1 { float a; }; interface J { }; class D : S1, J { }; float4 main() : SV_Target { return 1; }"),
    ("struct with two concrete bases beside an interface",
     "struct my_struct { }; class my_class { }; interface my_interface { };"
     "struct my_struct_6 : my_class, my_interface, my_struct { }; float4 main() : SV_Target { return 1; }", 3095,
     "struct my_struct { }; class my_class { }; interface my_interface { };"
     "struct my_struct_5 : my_class, my_interface { }; struct my_struct_4 : my_interface { };"
     "float4 main() : SV_Target { return 1; }"),
    ("struct deriving from a vector",
     "struct F2 : float2 { }; float4 main() : SV_Target { return 1; }", 3094,
     "struct F0 { float2 v; }; struct F2 : F0 { }; float4 main() : SV_Target { return 1; }"),
    ("class deriving from a matrix",
     "class F4 : float4x4 { }; float4 main() : SV_Target { return 1; }", 3094,
     "class F3 { float4x4 m; }; class F4 : F3 { }; float4 main() : SV_Target { return 1; }"),
    ("call through an interface no class implements",
     "interface I { float4 f(); }; I g;" + MAIN, 3545,
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g;" + MAIN),
    ("more than 253 interface slots",
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g[254]; uint i;"
     "float4 main() : SV_Target { return g[i].f(); }", 4584,
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g[253]; uint i;"
     "float4 main() : SV_Target { return g[i].f(); }"),
    ("253 slots counted over several pointers",
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g[250]; I h[4]; uint i;"
     "float4 main() : SV_Target { return g[i].f() + h[i].f(); }", 4584,
     "interface I { float4 f(); }; class C : I { float4 f() { return 1; } }; I g[250]; I h[3]; uint i;"
     "float4 main() : SV_Target { return g[i].f() + h[i].f(); }"),
]


def _compile(src: str) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0"))


@pytest.mark.parametrize(("rule", "bad", "code", "good"), CASES, ids=[c[0] for c in CASES])
def test_rule_rejects_with_its_code(rule, bad, code, good):
    with pytest.raises(ShaderCompileError, match=f"X{code}"):
        _compile(bad)


@pytest.mark.parametrize(("rule", "bad", "code", "good"), CASES, ids=[c[0] for c in CASES])
def test_control_compiles(rule, bad, code, good):
    assert _compile(good)


def test_slot_limit_control_uses_every_slot():
    good = CASES[-1][3]
    assert D3DReflect(_compile(good)).GetNumInterfaceSlots() == 253
