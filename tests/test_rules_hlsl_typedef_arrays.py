"""Typedef'd array types and array spellings in fxc's messages.

Sources: MicrosoftDocs direct3dhlsl "User-Defined Type" (a typedef names any type, arrays included:
``typedef float F3[3];``) and "Variable Syntax" (``Type Name[Index]`` — an array of a typedef'd array is
an array of arrays, the declared dimension outermost), and fxc's texts recorded in DXC's SemaHLSL tests:
conversions-between-type-shapes.hlsl (a typedef'd array is spelled ``typedef int[1]``), more-operators.hlsl
(``int[2][3]`` for ``int a[2][3]``: dimensions in declaration order; the assignment wordings) and
object-operators.hlsl (the assignment wordings with objects in the structs).

The assignment wording rule, inferred from every aggregate X3017 assignment record of those two files:
"cannot implicitly convert" when the destination has more components than the source, "cannot convert"
otherwise, and always "cannot convert" for a lone scalar assigned to a struct or array of numbers."""

from __future__ import annotations

import numpy as np
import pytest
from test_hlsl_features import f32, run_ps

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile

_TYPEDEFS = "typedef int A1[1]; typedef int A2[2]; typedef int A4[4]; typedef int A5[5];\n"


def _error(src: str, target: str = "ps_5_0") -> str:
    try:
        D3DCompile(src, None, "t.hlsl", None, None, "main", target, 0, 0)
    except ShaderCompileError as e:
        return e.errors
    pytest.fail("compiled")


# --- spelling of typedef'd arrays (conversions-between-type-shapes.hlsl) ---------------------------------
_LOCALS = ("int i = 0; int1 v1 = 0; int2 v2 = 0; int2x2 m2x2 = 0; A1 a1 = (A1)0; A2 a2 = (A2)0; "
           "A4 a4 = (A4)0; A5 a5 = (A5)0;")
_FUNCS = ("struct S4 { int a, b, c, d; }; struct S5 { int a, b, c, d, e; };\n"
          "void to_i(int x) {} void to_v2(int2 x) {} void to_a1(A1 x) {} void to_a2(A2 x) {} void to_a4(A4 x) {}\n"
          "void to_m2x2(int2x2 x) {} void to_m1x2(int1x2 x) {} void to_s4(S4 x) {}\n")

TYPEDEF_SPELLINGS = [  # (statement, fxc's recorded text)
    ("to_i(a1);", "X3017: 'to_i': cannot convert from 'typedef int[1]' to 'int'"),
    ("to_a1(i);", "X3017: 'to_a1': cannot convert from 'int' to 'typedef int[1]'"),
    ("to_a1(v2);", "X3017: 'to_a1': cannot convert from 'int2' to 'typedef int[1]'"),
    ("to_a1(m2x2);", "X3017: 'to_a1': cannot implicitly convert from 'int2x2' to 'typedef int[1]'"),
    ("to_a1(a2);", "X3017: 'to_a1': cannot convert from 'typedef int[2]' to 'typedef int[1]'"),
    ("to_v2(a2);", "X3017: 'to_v2': cannot convert from 'typedef int[2]' to 'int2'"),
    ("to_v2(a4);", "X3017: 'to_v2': cannot convert from 'typedef int[4]' to 'int2'"),
    ("to_a2(i);", "X3017: 'to_a2': cannot convert from 'int' to 'typedef int[2]'"),
    ("to_m2x2(a5);", "X3017: 'to_m2x2': cannot implicitly convert from 'typedef int[5]' to 'int2x2'"),
    ("to_a4(m2x2);", "X3017: 'to_a4': cannot convert from 'int2x2' to 'typedef int[4]'"),
    ("to_m2x2(a4);", "X3017: 'to_m2x2': cannot convert from 'typedef int[4]' to 'int2x2'"),
    ("to_m1x2(a4);", "X3017: 'to_m1x2': cannot convert from 'typedef int[4]' to 'int2'"),
    ("to_s4(m2x2);", "X3017: 'to_s4': cannot convert from 'int2x2' to 'struct S4'"),
    ("S5 s5 = (S5)0; to_m2x2(s5);", "X3017: 'to_m2x2': cannot implicitly convert from 'struct S5' to 'int2x2'"),
    ("(int2)a1;", "X3017: cannot convert from 'typedef int[1]' to 'int2'"),
    ("(int2x2)a5;", "X3017: cannot convert from 'typedef int[5]' to 'int2x2'"),
]


@pytest.mark.parametrize("stmt,text", TYPEDEF_SPELLINGS)
def test_typedef_array_is_spelled_with_typedef(stmt, text):
    src = _TYPEDEFS + _FUNCS + "float4 main() : SV_Target { " + _LOCALS + " " + stmt + " return 0; }"
    assert text in _error(src)


def test_array_without_typedef_keeps_the_plain_spelling():
    src = "float4 main() : SV_Target { int a[1] = {1}; int2 v = (int2)a; return 0; }"
    err = _error(src)
    assert "cannot convert from 'int[1]' to 'int2'" in err and "typedef" not in err


# --- assignment wordings (more-operators.hlsl, object-operators.hlsl) -----------------------------------
_MO_LOCALS = ("int ints = 0; float floats = 0; bool bools = false; int2 i2 = 0; int1x2 i12 = 0; int2x1 i21 = 0; "
              "int2x2 i22 = 0; int ari1[1] = {0}; int ari2[2] = {0, 0}; int arr23[2][3] = (int[2][3])0; "
              "float farr23[2][3] = (float[2][3])0; f3_s f3_ss = (f3_s)0; mixed_s mixed_ss = (mixed_s)0;")
_MO_STRUCTS = "struct f3_s { float3 f3; }; struct mixed_s { float3 f3; uint s; };\n"

ASSIGNMENTS = [  # (statement, fxc's recorded text)
    ("ints = ari1;", "X3017: cannot convert from 'int[1]' to 'int'"),
    ("i2 = ari1;", "X3017: cannot implicitly convert from 'int[1]' to 'int2'"),
    ("ari1 = ints;", "X3017: cannot convert from 'int' to 'int[1]'"),
    ("ari2 = ari1;", "X3017: cannot implicitly convert from 'int[1]' to 'int[2]'"),
    ("ari1 = ari2;", "X3017: cannot convert from 'int[2]' to 'int[1]'"),
    ("i12 = ari1;", "X3017: cannot implicitly convert from 'int[1]' to 'int2'"),
    ("i21 = ari1;", "X3017: cannot implicitly convert from 'int[1]' to 'int2x1'"),
    ("i22 = ari1;", "X3017: cannot implicitly convert from 'int[1]' to 'int2x2'"),
    ("floats = ari1;", "X3017: cannot convert from 'int[1]' to 'float'"),
    ("farr23 = arr23;", "X3017: cannot convert from 'int[2][3]' to 'float[2][3]'"),
    ("f3_ss = mixed_ss;", "X3017: cannot convert from 'struct mixed_s' to 'struct f3_s'"),
    ("mixed_ss = f3_ss;", "X3017: cannot implicitly convert from 'struct f3_s' to 'struct mixed_s'"),
    ("bools = f3_ss;", "X3017: cannot convert from 'struct f3_s' to 'bool'"),
    ("ints = f3_ss;", "X3017: cannot convert from 'struct f3_s' to 'int'"),
    ("f3_ss = bools;", "X3017: cannot convert from 'bool' to 'struct f3_s'"),
    ("f3_ss = floats;", "X3017: cannot convert from 'float' to 'struct f3_s'"),
]


@pytest.mark.parametrize("stmt,text", ASSIGNMENTS)
def test_aggregate_assignment_wording(stmt, text):
    src = _MO_STRUCTS + "float4 main() : SV_Target { " + _MO_LOCALS + " " + stmt + " return 0; }"
    assert text in _error(src)


_OBJ_STRUCTS = "struct f3_s { float3 f3; }; struct mixed_s { float3 f3; SamplerState s; }; SamplerState g_s;\n"
_OBJ_LOCALS = "bool bools = false; f3_s f3_ss = (f3_s)0; mixed_s mixed_ss; mixed_ss.f3 = 0; mixed_ss.s = g_s;"
OBJECT_ASSIGNMENTS = [  # object-operators.hlsl
    ("bools = mixed_ss;", "X3017: cannot convert from 'struct mixed_s' to 'bool'"),
    ("f3_ss = mixed_ss;", "X3017: cannot convert from 'struct mixed_s' to 'struct f3_s'"),
    ("mixed_ss = f3_ss;", "X3017: cannot implicitly convert from 'struct f3_s' to 'struct mixed_s'"),
]


@pytest.mark.parametrize("stmt,text", OBJECT_ASSIGNMENTS)
def test_aggregate_assignment_wording_with_objects(stmt, text):
    src = _OBJ_STRUCTS + "float4 main() : SV_Target { " + _OBJ_LOCALS + " " + stmt + " return 0; }"
    assert text in _error(src)


# --- semantics: an array of a typedef'd array ------------------------------------------------------------
def test_array_of_typedef_array_is_an_array_of_rows():
    """``typedef float F3[3]; F3 a[2];`` is ``float a[2][3]``: ``a[i]`` is an F3 and ``a[i][j]`` the j-th
    of row i, six values in row order (Variable Syntax: the declarator's dimension is outermost)."""
    src = """
    typedef float F3[3];
    float4 main(float4 v : A) : SV_Target {
        F3 a[2];
        [unroll] for (int i = 0; i < 2; i++)
            [unroll] for (int j = 0; j < 3; j++)
                a[i][j] = 10 * i + j + v.x;
        F3 row = a[1];
        float b[2][3] = a;
        return float4(a[0][2], row[1], b[1][2], a[1][0]);
    }"""
    out = run_ps(src, {0: f32([[0.5, 0, 0, 0]])}, 1)[0].view(np.float32)
    np.testing.assert_array_equal(out[0], f32([2.5, 11.5, 12.5, 10.5]))


def test_typedef_array_row_in_a_constant_buffer():
    """A global ``F3 g[2]`` packs as ``float g[2][3]``: six elements each starting a register (the
    packing rules: array elements start on a 16-byte boundary), size (6 - 1) * 16 + 4 = 84 bytes."""
    from pyd3d11.shader.reflection import D3DReflect

    src = "typedef float F3[3]; F3 g[2]; float4 main() : SV_Target { return g[1][2] + g[0][1]; }"
    blob = D3DCompile(src, None, "t.hlsl", None, None, "main", "ps_5_0", 0, 0)
    refl = D3DReflect(blob)
    var = refl.GetConstantBufferByIndex(0).GetVariableByName("g")
    desc = var.GetDesc()
    assert (desc.StartOffset, desc.Size) == (0, 84)
