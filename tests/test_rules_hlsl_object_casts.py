"""A number or numeric aggregate cast to an object type, or to an aggregate holding objects, is X3017.

Source: fxc's records in DXC's conversions-non-numeric-aggregates.hlsl: ``(Buffer[1])0`` X3017 "cannot convert
from 'int' to 'Buffer<float4>[1]'", ``(ObjStruct)0`` X3017 "cannot convert from 'int' to 'struct ObjStruct'",

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)
``(ObjStruct)(NumStruct)0`` and ``(Buffer[1])(int[1])0`` likewise; a cast is checked even in a statement whose
value is unused.
"""

from __future__ import annotations

import pytest

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

DECLS = ("struct ObjStruct { Buffer a; };\nstruct NumStruct { int a; };\n"
         "struct Mixed { int a; RWStructuredBuffer<float> b; };\nstruct Nested { int a; Mixed b; };\n")


@pytest.mark.parametrize("stmt,frm,to", [
    ("(Buffer[1])0;", "int", "Buffer"),
    ("(ObjStruct)0;", "int", "struct ObjStruct"),
    ("(Mixed)0;", "int", "struct Mixed"),
    ("(Nested)0;", "int", "struct Nested"),
    ("(ObjStruct)(NumStruct)0;", "struct NumStruct", "struct ObjStruct"),
    ("(Buffer[1])(int[1])0;", "int[1]", "Buffer"),
    ("(Texture2D)1.5;", "float", "Texture2D"),
    ("(SamplerState)0;", "int", "SamplerState"),
])
def test_number_to_object_cast(stmt, frm, to):
    with pytest.raises(ShaderCompileError) as info:
        D3DCompile(DECLS + f"float4 main() : SV_Target {{ {stmt} return 0; }}", None, "t.hlsl", None, None, "main",
                   "ps_5_0")
    err = info.value.errors
    assert "error X3017: cannot convert from" in err and f"'{frm}'" in err and to in err, err


@pytest.mark.parametrize("stmt", ["NumStruct n = (NumStruct)0; return n.a;", "return (float4)(int4)1;",
                                  "Buffer c = (Buffer)g; return c.Load(0);"])
def test_casts_that_stay_legal(stmt):
    D3DCompile("Buffer g;\n" + DECLS + f"float4 main() : SV_Target {{ {stmt} }}", None, "t.hlsl", None, None, "main",
               "ps_5_0")
