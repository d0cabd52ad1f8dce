"""Type rules of the HLSL compiler that no other table pinned (found as survivors of types.py's mutation run,
scripts/mutate.py): bool against an untyped integer literal, uint against an untyped float literal, struct names
in diagnostics, multisample counts of texture objects, objects inside constant-buffer structs.

Sources, per table: MicrosoftDocs direct3dhlsl "Scalar Types" (bool < int < uint < half < float < double) and
"Per-Component Math Operations" (a binary operator converts both operands to the higher type: a bool compared
with, or combined bitwise with, an int is converted to int 0/1 first; a uint with a float literal is computed in
float); fxc's recorded wording of X3017 (DXC SemaHLSL conversions: "'to_i': cannot convert from 'struct S1' to
'int'"); MicrosoftDocs "D3D11_SHADER_INPUT_BIND_DESC" (NumSamples: the sample count of a multisampled texture,
0xFFFFFFFF for a texture that is not multisampled) and "Texture2DMS" (the sample count is an optional template
argument; without it the declaration carries 0); "Packing Rules for Constant Variables" (only numeric data
occupies constant-buffer storage: an object member of a struct takes none)."""

from __future__ import annotations

import re
import struct

import pytest
from test_rules_hlsl_types import VALS, run_words

from pyd3d11.errors import ShaderCompileError
from pyd3d11.shader.compile_api import D3DCompile
from pyd3d11.shader.reflection import D3DReflect


def _s32(x: int) -> int:
    return x & 0xFFFFFFFF


def _f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


B0 = int(VALS["B0"])  # true -> 1 once converted to int
U0 = VALS["U0"]

#: (expression, expected stored word): bool with an int literal is computed in int (true -> 1), never by
#: converting the literal to bool (2 -> true)
BOOL_WITH_INT_LITERAL = [
    ("B0 == 2", int(B0 == 2)),
    ("B0 != 2", int(B0 != 2)),
    ("B0 < 2", int(B0 < 2)),
    ("B0 >= 2", int(B0 >= 2)),
    ("B0 == 1", int(B0 == 1)),
    ("B0 & 2", B0 & 2),
    ("B0 | 2", B0 | 2),
    ("B0 ^ 3", B0 ^ 3),
    ("B0 + 2", B0 + 2),
    ("tag(B0 & 2)", 21),   # the result type is int (tag code 10 * 2 + 1)
    ("tag(B0 + 2)", 21),
    ("tag(B0 == 2)", 11),  # a comparison's result is bool
]

#: uint with a float literal: float arithmetic (U0 = 3)
UINT_WITH_FLOAT_LITERAL = [
    ("asuint(U0 + 1.5)", _f32_bits(U0 + 1.5)),
    ("asuint(U0 * 0.5)", _f32_bits(U0 * 0.5)),
    ("asuint(1.5 - U0)", _f32_bits(1.5 - U0)),
    ("tag(U0 + 1.5)", 41),
    ("tag(U0 * 0.5)", 41),
    ("U0 < 3.5", int(U0 < 3.5)),   # compared in float: 3 < 3.5 (in uint 3.5 would be 3: false)
    ("U0 == 3.25", int(U0 == 3.25)),
]


def test_bool_with_integer_literal_promotes_to_int():
    out = run_words([e for e, _ in BOOL_WITH_INT_LITERAL])
    assert [int(w) for w in out] == [_s32(v) for _, v in BOOL_WITH_INT_LITERAL]


def test_uint_with_float_literal_promotes_to_float():
    out = run_words([e for e, _ in UINT_WITH_FLOAT_LITERAL])
    assert [int(w) for w in out] == [v for _, v in UINT_WITH_FLOAT_LITERAL]


# --- struct names in diagnostics ---------------------------------------------------------------------------------
STRUCT_MESSAGES = [
    ("struct S1 { float a; }; int to_i(int x) { return x; }", "S1 s1; s1.a = 1; return to_i(s1);",
     "'to_i': cannot convert from 'struct S1' to 'int'"),
    ("struct Light { float4 c; }; int to_i(int x) { return x; }", "Light l; l.c = 1; return to_i(l);",
     "'to_i': cannot convert from 'struct Light' to 'int'"),
    # too few components for the return type: the message names the struct (fxc spells it 'struct Small')
    ("struct Small { float a; };", "Small s; s.a = 1; return s;", re.compile(r"from '(struct )?Small' to 'float4'")),
]


@pytest.mark.parametrize("decls,body,text", STRUCT_MESSAGES)
def test_struct_conversion_errors_name_the_struct(decls, body, text):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(decls + f"\nfloat4 main() : SV_Target {{ {body} }}", None, "t.hlsl", None, None, "main", "ps_5_0")
    err = ei.value.errors
    assert "X3017" in err and (text.search(err) if isinstance(text, re.Pattern) else text in err)


# --- multisample counts ------------------------------------------------------------------------------------------
MS_DECLS = [
    ("Texture2DMS<float4>", "t.Load(int2(0, 0), 0)", 0),
    ("Texture2DMS<float4, 4>", "t.Load(int2(0, 0), 0)", 4),
    ("Texture2DMSArray<float4>", "t.Load(int3(0, 0, 0), 0)", 0),
    ("Texture2DMSArray<float4, 8>", "t.Load(int3(0, 0, 0), 0)", 8),
    ("Texture2D<float4>", "t.Load(int3(0, 0, 0))", 0xFFFFFFFF),
    ("Buffer<float4>", "t.Load(0)", 0xFFFFFFFF),
]


@pytest.mark.parametrize("decl,use,samples", MS_DECLS)
def test_reflected_sample_count(decl, use, samples):
    blob = D3DCompile(f"{decl} t;\nfloat4 main() : SV_Target {{ return {use}; }}", None, "t.hlsl", None, None, "main",
                      "ps_5_0")
    assert D3DReflect(blob).GetResourceBindingDescByName("t").NumSamples & 0xFFFFFFFF == samples


# --- objects in constant-buffer structs take no storage -------------------------------------------------------------
OBJECT_MEMBERS = [
    # (declarations, expected [(variable, offset, size)])
    ("struct S { float a; Texture2D t; float b; }; cbuffer C { S s; float c; };", "s.b + c",
     [("s", 0, 8), ("c", 8, 4)]),
    ("struct S { float a; SamplerState p; Texture2D t; float2 b; }; cbuffer C { S s; float c; };", "s.b.y + c",
     [("s", 0, 12), ("c", 12, 4)]),
]


@pytest.mark.parametrize("decls,use,layout", OBJECT_MEMBERS)
def test_object_members_take_no_constant_buffer_storage(decls, use, layout):
    blob = D3DCompile(decls + f"\nfloat4 main() : SV_Target {{ return {use}; }}", None, "t.hlsl", None, None, "main",
                      "ps_5_0")
    cb = D3DReflect(blob).GetConstantBufferByName("C")
    got = []
    for i in range(cb.GetDesc().Variables):
        d = cb.GetVariableByIndex(i).GetDesc()
        got.append((d.Name, d.StartOffset, d.Size))
    assert got == layout


# --- the DirectX 8 typedefs of the object types, seen through an effect ------------------------------------------
#: MicrosoftDocs "User-Defined Type": typedef string STRING; typedef texture TEXTURE; typedef pixelshader
#: PIXELSHADER; typedef vertexshader VERTEXSHADER. Expected D3D_SHADER_VARIABLE_TYPE values (d3dcommon.h):
#: D3D_SVT_STRING 4, D3D_SVT_TEXTURE 5, D3D_SVT_PIXELSHADER 15, D3D_SVT_VERTEXSHADER 16
DX8_OBJECTS = [("STRING", 'g_v = "dx8"', 4), ("TEXTURE", "g_v", 5), ("PIXELSHADER", "g_v", 15),
               ("VERTEXSHADER", "g_v", 16)]


@pytest.mark.parametrize("name,decl,svt", DX8_OBJECTS)
def test_dx8_object_typedefs_are_the_documented_types(name, decl, svt):
    from pyd3d11 import quick_device
    from pyd3d11.effects import D3DX11CompileEffectFromMemory

    src = f"""{name} {decl};
float4 PS() : SV_Target {{ return 0; }}
technique11 T {{ pass {{ SetPixelShader(CompileShader(ps_5_0, PS())); }} }}"""
    dev, _ = quick_device()
    eff = D3DX11CompileEffectFromMemory(src, len(src), "x.fx", None, None, 0, 0, dev)
    var = eff.GetVariableByName("g_v")
    assert var.GetType().GetDesc().Type == svt
    if name == "STRING":
        assert var.AsString().GetString() == "dx8"
