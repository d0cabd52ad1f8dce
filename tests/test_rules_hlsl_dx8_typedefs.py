"""Upper-case type spellings (issue 15 area: type names and keywords).

Source: MicrosoftDocs direct3dhlsl "User-Defined Type": "For compatibility with DirectX 8 effects, the following
types are automatically defined at super-global scope: typedef int DWORD; typedef float FLOAT; typedef
vector <float, 4> VECTOR; typedef matrix <float, 4, 4> MATRIX; typedef string STRING; typedef texture TEXTURE;
typedef pixelshader PIXELSHADER; typedef vertexshader VERTEXSHADER;". They are typedefs, not keywords (the
"Keywords" page lists only the lower-case `dword`, `float`, `vector`, `matrix`, `string`, `texture`): a
program may declare a variable or its own typedef of the same name. No other upper-case spelling is
defined (INT, UINT, BOOL, HALF, DOUBLE, FLOAT4, DWORD3 are unknown names).

Microsoft's compiler parts from the page twice (d3dcompiler_47 10.1 and 6.3.9600 under Wine, session 35; fxc's
verdict wins): DWORD is uint (reflected as uint; ``DWORD x = -1`` compares above 5), and each name is found
in any letter case but all-lower-case, which is the keyword (``Float``, ``Dword``, ``Vector``, ``tEXTURE``).
"""

from __future__ import annotations

import pytest
from test_hlsl_features import run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect

#: D3D_SHADER_VARIABLE_CLASS / _TYPE values (d3dcommon.h)
SCALAR, VECTOR, MATRIX_COLUMNS = 0, 1, 3
T_INT, T_FLOAT, T_UINT = 2, 3, 19

NUMERIC = [("DWORD", SCALAR, T_UINT, 1, 1), ("Dword", SCALAR, T_UINT, 1, 1), ("fLOAT", SCALAR, T_FLOAT, 1, 1),
           ("Vector", VECTOR, T_FLOAT, 1, 4), ("FLOAT", SCALAR, T_FLOAT, 1, 1), ("VECTOR", VECTOR, T_FLOAT, 1, 4),
           ("MATRIX", MATRIX_COLUMNS, T_FLOAT, 4, 4)]


def _compile(src: str, target: str = "ps_5_0") -> bytes:
    return D3DCompile(src, None, "t.hlsl", None, None, "main", target)


@pytest.mark.parametrize("name,cls,typ,rows,cols", NUMERIC)
def test_numeric_typedef_is_the_documented_type(name, cls, typ, rows, cols):
    src = f"cbuffer cb {{ {name} v; }}\nfloat4 main() : SV_Target {{ return (float4)v{'[0]' if rows > 1 else ''}; }}"
    desc = D3DReflect(_compile(src)).GetConstantBufferByName("cb").GetVariableByName("v").GetType().GetDesc()
    assert (desc.Class, desc.Type, desc.Rows, desc.Columns) == (cls, typ, rows, cols)


@pytest.mark.parametrize("use", [
    "{t} x = 1; return (float4)x{i};",  # local
    "return (float4)(({t})1){i};",  # cast
    "static {t} s = 1; return (float4)s{i};",  # local static
])
@pytest.mark.parametrize("name", ["DWORD", "FLOAT", "VECTOR", "MATRIX"])
def test_numeric_typedefs_in_every_declaration_position(name, use):
    i = "[0]" if name == "MATRIX" else ""
    _compile("float4 main() : SV_Target { " + use.format(t=name, i=i) + " }")


def test_parameter_member_and_constructor():
    out = run_ps("""struct S { VECTOR v; FLOAT f; };
    float4 g(VECTOR a, MATRIX m) { return mul(a, m); }
    float4 main() : SV_Target { S s; s.v = VECTOR(1, 2, 3, 4); s.f = FLOAT(0.5);
        return g(s.v, (MATRIX)s.f) + s.f; }""", {}, 1)
    # mul(v, 0.5 * all-ones 4x4) = 0.5 * (1 + 2 + 3 + 4) = 5 in every component, plus 0.5
    assert [float(x) for x in out[0, 0].view("float32")] == [5.5] * 4


def test_dword_is_unsigned_int():
    # d3dcompiler_47 10.1: DWORD is uint. -7 wraps to 4294967289: / 2 and >> 1 are unsigned (2147483644, taken to
    # float as 2147483648), and it is not below 0
    out = run_ps("float4 main() : SV_Target { DWORD d = -7; return float4(d / 2, d >> 1, d < 0, 0); }", {}, 1)
    assert [float(x) for x in out[0, 0].view("float32")][:3] == [2147483648.0, 2147483648.0, 0.0]


@pytest.mark.parametrize("decl", ["STRING s = \"text\";", "TEXTURE t;", "PIXELSHADER p;", "VERTEXSHADER v;"])
def test_object_typedefs(decl):
    _compile(decl + "\nfloat4 main() : SV_Target { return 0; }")


@pytest.mark.parametrize("name", ["DWORD", "FLOAT", "VECTOR", "MATRIX"])
def test_the_names_may_name_variables(name):
    out = run_ps(f"float4 main() : SV_Target {{ float {name} = 2; return {name} * 3; }}", {}, 1)
    assert float(out[0, 0].view("float32")[0]) == 6.0


def test_a_program_typedef_overrides_the_super_global_one():
    out = run_ps("typedef float3 DWORD;\nfloat4 main() : SV_Target { DWORD x = 1.5; return x.xyzz; }", {}, 1)
    assert [float(x) for x in out[0, 0].view("float32")] == [1.5] * 4


@pytest.mark.parametrize("name", ["INT", "UINT", "BOOL", "HALF", "DOUBLE", "FLOAT4", "DWORD3", "Float4", "Int",
                                  "SAMPLER", "TEXTURE2D", "Sampler2D", "Half"])
def test_other_spellings_are_unknown(name):
    with pytest.raises(ShaderCompileError) as info:
        _compile(f"{name} x;\nfloat4 main() : SV_Target {{ return 0; }}")
    assert "error X3000" in info.value.errors and f"'{name}'" in info.value.errors
