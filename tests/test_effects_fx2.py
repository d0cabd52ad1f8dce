"""fx_2_0 (Direct3D 9 effect) compilation: the binary layout, parameter type classes and values,
annotations, techniques and passes, and the errors fxc gives.

Expected values come from the format (d3dx9shader.h's D3DXPARAMETER_CLASS/TYPE numbering, the 0xFEFF0901
tag, four-byte values) and MicrosoftDocs' effect/annotation syntax, written here independently."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import (
    D3DXPC_MATRIX_ROWS,
    D3DXPC_OBJECT,
    D3DXPC_SCALAR,
    D3DXPC_STRUCT,
    D3DXPC_VECTOR,
    Fx2Effect,
    Fx2Param,
    Fx2Pass,
    Fx2Resource,
    Fx2State,
    Fx2Technique,
    Fx2Type,
    read_fx2,
    write_fx2,
)
from pyd3d11.errors import E_FAIL, NotSupportedError, ShaderCompileError

# D3DXPARAMETER_TYPE numbers (d3dx9shader.h)
PT_BOOL, PT_INT, PT_FLOAT, PT_STRING, PT_TEXTURE = 1, 2, 3, 4, 5
PT_TEXTURE2D, PT_SAMPLER, PT_SAMPLER2D, PT_PIXELSHADER, PT_VERTEXSHADER = 7, 10, 12, 15, 16


def fx2(src: str) -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0").GetBufferPointer())


def effect(src: str) -> Fx2Effect:
    return read_fx2(fx2(src))


def test_header_tag_and_data_size():
    blob = fx2("float a; technique t { pass p {} }")
    tag, size = struct.unpack_from("<II", blob)
    assert tag == 0xFEFF0901
    # the structured part starts right after the data block: 1 parameter, 1 technique
    nparams, ntechs = struct.unpack_from("<II", blob, 8 + size)
    assert (nparams, ntechs) == (1, 1)


def test_round_trip_writer_reader():
    t = Fx2Type(PT_FLOAT, D3DXPC_VECTOR, "v", "POSITION", 0, 1, 4)
    ann = Fx2Param(Fx2Type(PT_INT, D3DXPC_SCALAR, "n", "", 0, 1, 1), struct.pack("<i", 7))
    st = Fx2Type(0, D3DXPC_STRUCT, "s", "", 2, members=[Fx2Type(PT_FLOAT, D3DXPC_SCALAR, "x", "", 0, 1, 1)])
    eff = Fx2Effect(
        parameters=[Fx2Param(t, struct.pack("<4f", 1, 2, 3, 4), 1, [ann]),
                    Fx2Param(st, struct.pack("<2f", 5, 6))],
        techniques=[Fx2Technique("tech", [ann], [Fx2Pass("p0", [], [Fx2State(3, 0, ann)]), Fx2Pass(None)])],
        strings={1: "hello"}, object_count=2,
        resources=[Fx2Resource(0, 0, 0xFFFFFFFF, 0, 1, b"name\0")])
    sampler = Fx2Type(PT_SAMPLER, D3DXPC_OBJECT, "s", "", 0)
    eff.parameters.append(Fx2Param(sampler, b"", sampler_states=[[Fx2State(0xA5, 0, ann)]]))
    back = read_fx2(write_fx2(eff))
    assert back == eff


# --- parameter type classes: (declaration, type, class, rows, cols, elements) ----------------------------------
# matrices of either majority are D3DXPC_MATRIX_ROWS with C rows of R: fxc writes every default (column-major)
# float4x4 of the SDK's effects with class 2 (DXDecompiler ShadersDX9 objects); d3dcompiler_47 10.1 writes a row_major
# one alike (session 38 EFX), which is not built (row_major stays R rows of C)
TYPE_ROWS = [
    ("float a;", PT_FLOAT, D3DXPC_SCALAR, 1, 1, 0),
    ("half a;", PT_FLOAT, D3DXPC_SCALAR, 1, 1, 0),
    ("int a;", PT_INT, D3DXPC_SCALAR, 1, 1, 0),
    ("bool a;", PT_BOOL, D3DXPC_SCALAR, 1, 1, 0),
    ("float3 a;", PT_FLOAT, D3DXPC_VECTOR, 1, 3, 0),
    ("int2 a;", PT_INT, D3DXPC_VECTOR, 1, 2, 0),
    ("float2x4 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 4, 2, 0),  # column-major: 4 columns of 2 (register layout)
    ("float4x3 a[26];", PT_FLOAT, D3DXPC_MATRIX_ROWS, 3, 4, 26),  # MultiAnimation's amPalette in fxc's object
    ("row_major float4x3 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 4, 3, 0),  # (10.1 writes 3, 4: not built, s38)
    ("float4x4 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 4, 4, 0),
    ("column_major float3x2 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 2, 3, 0),
    ("row_major float3x2 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 3, 2, 0),  # (10.1 writes 2, 3: not built, s38)
    ("float4 a[5];", PT_FLOAT, D3DXPC_VECTOR, 1, 4, 5),
    ("texture a;", PT_TEXTURE, D3DXPC_OBJECT, 0, 0, 0),
    ("Texture2D a;", PT_TEXTURE2D, D3DXPC_OBJECT, 0, 0, 0),
    ("sampler a;", PT_SAMPLER, D3DXPC_OBJECT, 0, 0, 0),
    ("sampler2D a;", PT_SAMPLER2D, D3DXPC_OBJECT, 0, 0, 0),
    ("string a;", PT_STRING, D3DXPC_OBJECT, 0, 0, 0),
    ("vertexshader a;", PT_VERTEXSHADER, D3DXPC_OBJECT, 0, 0, 0),
    ("PixelShader a;", PT_PIXELSHADER, D3DXPC_OBJECT, 0, 0, 0),
]


@pytest.mark.parametrize("decl,ptype,pclass,rows,cols,elements", TYPE_ROWS)
def test_parameter_type_classes(decl, ptype, pclass, rows, cols, elements):
    p = effect(decl + " technique {}").parameters[0]
    assert (p.type.name, p.type.ptype, p.type.pclass, p.type.rows, p.type.cols, p.type.elements) == \
        ("a", ptype, pclass, rows, cols, elements)


def test_struct_parameter_members_and_semantic():
    p = effect("struct S { float4 f; int i; }; S s : MYSEM; technique {}").parameters[0]
    assert (p.type.pclass, p.type.semantic) == (D3DXPC_STRUCT, "MYSEM")
    assert [(m.name, m.ptype, m.pclass, m.cols) for m in p.type.members] == \
        [("f", PT_FLOAT, D3DXPC_VECTOR, 4), ("i", PT_INT, D3DXPC_SCALAR, 1)]


VALUE_ROWS = [
    ("float a = 0.5;", struct.pack("<f", 0.5)),
    ("float2 a = {0.25, 3};", struct.pack("<2f", 0.25, 3)),
    ("int a = -2;", struct.pack("<i", -2)),
    ("bool a = true;", struct.pack("<I", 1)),
    ("float3 a = 2;", struct.pack("<3f", 2, 2, 2)),  # a scalar initialiser fills every component
    ("row_major float2x2 a = {1, 2, 3, 4};", struct.pack("<4f", 1, 2, 3, 4)),
    # a matrix of either majority is described as C rows of R, its value in source order (d3dcompiler_47 10.1,
    # session 38 EFX: the rows said a column-major value was written by columns)
    ("float2x3 a = {1, 2, 3, 4, 5, 6};", struct.pack("<6f", 1, 2, 3, 4, 5, 6)),  # 10.1: source order (s38)
    ("row_major float2x3 a = {1, 2, 3, 4, 5, 6};", struct.pack("<6f", 1, 2, 3, 4, 5, 6)),
    ("struct S { float x; float2x2 m; }; S a = {9, 1, 2, 3, 4};", struct.pack("<5f", 9, 1, 2, 3, 4)),  # 10.1 (s38)
    ("float a[2] = {7, 8};", struct.pack("<2f", 7, 8)),
    ("float a;", b"\0" * 4),
]


@pytest.mark.parametrize("decl,raw", VALUE_ROWS)
def test_initial_values(decl, raw):
    assert effect(decl + " technique {}").parameters[0].value == raw


def test_shared_flag_and_static_not_a_parameter():
    eff = effect("shared float a; static float b = 1; float c; technique {}")
    assert [(p.type.name, p.flags) for p in eff.parameters] == [("a", 1), ("c", 0)]


def test_string_parameters_use_the_string_table():
    eff = effect('string s = "abc"; technique {}')
    (oid,) = struct.unpack("<I", eff.parameters[0].value)
    assert eff.strings[oid] == "abc"


def test_annotations_everywhere():
    eff = effect('float4 v : SEM < int a = 1, b = 2; string n = "x"; > = 0;\n'
                 'technique t < float f = 1.5; > { pass p < bool k = true; > {} pass {} }')
    ann = eff.parameters[0].annotations
    assert [a.type.name for a in ann] == ["a", "b", "n"]
    assert ann[1].value == struct.pack("<i", 2)
    assert eff.strings[struct.unpack("<I", ann[2].value)[0]] == "x"
    t = eff.techniques[0]
    assert (t.name, t.annotations[0].value) == ("t", struct.pack("<f", 1.5))
    assert [p.name for p in t.passes] == ["p", None]
    assert t.passes[0].annotations[0].value == struct.pack("<I", 1)


def test_annotation_constant_expressions_and_majority():
    eff = effect("static const int b = 123;\n"
                 "technique < int a = 1 + 2; int c = b; row_major float2x2 m = {1, 2, 3, 4}; > {}")
    a, c, m = eff.techniques[0].annotations
    assert (a.value, c.value) == (struct.pack("<i", 3), struct.pack("<i", 123))
    assert (m.type.pclass, m.value) == (D3DXPC_MATRIX_ROWS, struct.pack("<4f", 1, 2, 3, 4))


def test_caseless_texture_word():
    eff = effect("teXture t; technique {}")
    assert eff.parameters[0].type.ptype == PT_TEXTURE


ERROR_ROWS = [
    ("technique < int a = 0; float a = 1.0; > {}", "X3003"),
    ("technique { pass < int a = 0; int a = 1; > {} }", "X3003"),
    ("technique < int a; > {}", "X3012"),  # 10.1: "'a': missing value" (the row said X3000; session 38 EFX)
    # d3dcompiler_47 10.1 (session 38, EFX): "'b': value must be a literal expression" (X3011), "'a': annotation
    # members cannot be declared 'static'" (X3007) and "'v': local variables cannot have annotations" (X3040); the
    # rows said X3000
    ("technique < int a = 1, b = a; > {}", "X3011"),
    ("technique < static int a = 5; > {}", "X3007"),
    ("float4 main() : sv_target { float v < int a = 1; > = 0; return v; } technique {}", "X3040"),
    ("struct s { texture t; float4 f; }; s v; technique {}", "X3000"),
    ("technique t {} technique t {}", "X3003"),
    ("technique10 t {}", "X3000"),
]


@pytest.mark.parametrize("src,code", ERROR_ROWS)
def test_errors(src, code):
    errs: list = []
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0, 0, errs)
    assert ei.value.hresult == E_FAIL
    assert code in bytes(errs[0].GetBufferPointer()).decode()


# --- pass states: (assignment, operation, index, D3DXPARAMETER_TYPE, class, value) -----------------------------
# operations from the D3DX9 runtime's table order; values from d3d9types.h's enumerations. Value types as fxc
# writes them in the DirectX SDK's effect objects (DXDecompiler ShadersDX9, read with tools/d3d9_effects): class
# D3DXPC_MATRIX_ROWS, INT for bool/dword/enumeration states (ConfigSystem: `NormalizeNormals = true` and `Lighting =
# True` INT 1), FLOAT for float/float4/matrix states, the value's shape (`Ambient = float4(0, 0, 0, 0)`: INT 1x4).
R = D3DXPC_MATRIX_ROWS
PASS_STATE_ROWS = [
    ("ZEnable = false;", 0x00, 0, PT_INT, 1, 1, struct.pack("<I", 0)),
    ("ZWriteEnable = true;", 0x03, 0, PT_INT, 1, 1, struct.pack("<I", 1)),
    ("ZWriteEnable = TRUE;", 0x03, 0, PT_INT, 1, 1, struct.pack("<I", 1)),
    ("Lighting = False;", 0x30, 0, PT_INT, 1, 1, struct.pack("<I", 0)),
    ("ZEnable = TRUE;", 0x00, 0, PT_INT, 1, 1, struct.pack("<I", 1)),
    ("ZFunc = LessEqual;", 0x09, 0, PT_INT, 1, 1, struct.pack("<I", 4)),
    ("zfunc = GREATER;", 0x09, 0, PT_INT, 1, 1, struct.pack("<I", 5)),
    ("CullMode = None;", 0x08, 0, PT_INT, 1, 1, struct.pack("<I", 1)),
    ("SrcBlend = InvSrcAlpha;", 0x06, 0, PT_INT, 1, 1, struct.pack("<I", 6)),
    ("AlphaRef = 0x80;", 0x0A, 0, PT_INT, 1, 1, struct.pack("<I", 0x80)),
    ("FogStart = 0.25;", 0x12, 0, PT_FLOAT, 1, 1, struct.pack("<f", 0.25)),
    ("FogEnd = 2;", 0x13, 0, PT_FLOAT, 1, 1, struct.pack("<f", 2)),
    ("ColorOp[1] = Modulate;", 0x67, 1, PT_INT, 1, 1, struct.pack("<I", 4)),
    ("MinFilter[2] = Anisotropic;", 0xAA, 2, PT_INT, 1, 1, struct.pack("<I", 3)),
    ("LightDiffuse[3] = float4(1, 0.5, 0, 1);", 0x85, 3, PT_FLOAT, 1, 4, struct.pack("<4f", 1, 0.5, 0, 1)),
    ("Ambient = float4(0, 0, 0, 0);", 0x31, 0, PT_INT, 1, 4, struct.pack("<4I", 0, 0, 0, 0)),
    ("ViewTransform = {1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16};", 0x7C, 0, PT_FLOAT, 4, 4,
     struct.pack("<16f", *range(1, 17))),
    # NULL on a shader state: INT 0, no object (ConfigSystem, PostProcess: `VertexShader = null;`)
    ("VertexShader = NULL;", 0x92, 0, PT_INT, 1, 1, struct.pack("<I", 0)),
    ("PixelShader = null;", 0x93, 0, PT_INT, 1, 1, struct.pack("<I", 0)),
]


@pytest.mark.parametrize("assign,op,index,ptype,rows,cols,raw", PASS_STATE_ROWS)
def test_pass_state_values(assign, op, index, ptype, rows, cols, raw):
    eff = effect("technique { pass { " + assign + " } }")
    (st,) = eff.techniques[0].passes[0].states
    t = st.value.type
    assert (st.operation, st.index, t.ptype, t.pclass, t.rows, t.cols, st.value.value) == \
        (op, index, ptype, R, rows, cols, raw)
    assert eff.resources == []


SHADER_FX = """
float4x4 wvp;
float4 vsmain(float4 p : POSITION) : POSITION { return mul(p, wvp); }
float4 psmain() : COLOR { return float4(1, 0, 0, 1); }
technique t { pass p { VertexShader = compile vs_2_0 vsmain(); PixelShader = compile ps_3_0 psmain(); } }
"""


def test_compiled_shaders_become_resources():
    eff = effect(SHADER_FX)
    vs, ps = eff.techniques[0].passes[0].states
    assert (vs.operation, vs.value.type.ptype, ps.operation, ps.value.type.ptype) == \
        (0x92, PT_VERTEXSHADER, 0x93, PT_PIXELSHADER)
    res = {(r.technique, r.index, r.state): r for r in eff.resources}
    # Direct3D 9 bytecode: the version token (0xFFFE0200 vs_2_0, 0xFFFF0300 ps_3_0) opens it, the end token closes it
    assert struct.unpack_from("<I", res[(0, 0, 0)].data)[0] == 0xFFFE0200
    assert struct.unpack_from("<I", res[(0, 0, 1)].data)[0] == 0xFFFF0300
    assert all(r.usage == 0 and r.data[-4:] == b"\xff\xff\x00\x00" for r in res.values())


def test_shader_parameters_hold_their_bytecode_in_the_object_section():
    eff = effect("float4 f() : COLOR { return 1; }\nfloat4 g(float4 p : POSITION) : POSITION { return p; }\n"
                 "PixelShader ps = compile ps_2_0 f(); VertexShader vs[2] = { compile vs_3_0 g(), NULL };\n"
                 "technique { pass { PixelShader = (ps); } }")
    (ps_id,) = struct.unpack("<I", eff.parameters[0].value)
    vs_ids = struct.unpack("<2I", eff.parameters[1].value)
    assert struct.unpack_from("<I", eff.blobs[ps_id])[0] == 0xFFFF0200  # ps_2_0's version token
    assert struct.unpack_from("<I", eff.blobs[vs_ids[0]])[0] == 0xFFFE0300  # vs_3_0's
    assert vs_ids[1] not in eff.blobs  # NULL: an object without data
    assert [(r.usage, r.data) for r in eff.resources] == [(1, b"ps\0")]


def test_parameter_references_and_sampler_state_blocks():
    # fxc's objects (DXDecompiler ShadersDX9 Effect_SamplerArray, SimpleSample): sampler_state states carry index
    # 256; their resources name the parameter and its element (0 for a sampler that is no array); a Sampler state
    # names its parameter with object id 0; texture parameters list their objects with no data
    eff = effect("texture tex;\n"
                 "sampler2D s = sampler_state { Texture = <tex>; AddressU = Clamp; MagFilter = Point; };\n"
                 "sampler a[2] = { sampler_state { MipFilter = Linear; }, sampler_state { MaxAnisotropy = 8; } };\n"
                 "technique { pass { Texture[0] = <tex>; Sampler[1] = (s); } }")
    s = eff.parameters[1]
    (block,) = s.sampler_states
    assert [(x.operation, x.index, x.value.value) for x in block[1:]] == [(0xA5, 256, struct.pack("<I", 3)),
                                                                          (0xA9, 256, struct.pack("<I", 1))]
    assert block[0].operation == 0xA4 and block[0].index == 256 and block[0].value.type.ptype == PT_TEXTURE
    assert [[(x.operation, x.index, x.value.value) for x in b] for b in eff.parameters[2].sampler_states] == \
        [[(0xAB, 256, struct.pack("<I", 2))], [(0xAE, 256, struct.pack("<I", 8))]]
    refs = sorted((r.technique, r.index, r.element, r.state, r.usage, r.data) for r in eff.resources)
    assert refs == [(0, 0, 0xFFFFFFFF, 0, 1, b"tex\0"), (0, 0, 0xFFFFFFFF, 1, 1, b"s\0"),
                    (0xFFFFFFFF, 1, 0, 0, 1, b"tex\0")]
    tex_state, sampler_state = eff.techniques[0].passes[0].states
    (tex_id,) = struct.unpack("<I", eff.parameters[0].value)
    assert struct.unpack("<I", sampler_state.value.value) == (0,)
    assert struct.unpack("<I", tex_state.value.value)[0] not in (0, tex_id)
    assert eff.blobs == {tex_id: b""} and eff.strings == {}


STATE_ERROR_ROWS = [
    "technique { pass { NoSuchState = 1; } }",
    "technique { pass { ZFunc = Sideways; } }",
    "technique { pass { ZEnable[1] = true; } }",
    "technique { pass { ColorOp[8] = Modulate; } }",
    "sampler s = sampler_state { ZEnable = true; }; technique {}",
    "float4 f() : COLOR { return 0; } technique { pass { VertexShader = compile ps_2_0 f(); } }",
    "float a; technique { pass { Texture[0] = <a>; } }",
    "float a = 1; technique { pass { SetBlendState(a, a, a); } }",
]


@pytest.mark.parametrize("src", STATE_ERROR_ROWS)
def test_state_errors(src):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0")
    assert ei.value.hresult == E_FAIL


def test_a_shader_model_4_pass_shader_is_x3506_invalid_call():
    """``compile ps_4_0`` in an fx_2_0 pass: d3dcompiler_47 10.1 under Wine (session 39) fails it with X3506 "Only 3_x
    and earlier targets are supported on this compiler." and D3DERR_INVALIDCALL (this row expected E_FAIL, inferred;
    tests/test_rules_fx_fxc_verdicts_s39.py PROFILE_ROWS hold the rule's extent)."""
    src = "float4 f() : COLOR { return 0; } technique { pass { PixelShader = compile ps_4_0 f(); } }"
    with pytest.raises(ShaderCompileError, match="X3506") as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0")
    assert ei.value.hresult == 0x8876086C  # D3DERR_INVALIDCALL, the DLL's HRESULT


@pytest.mark.parametrize("src", [
    "int a; technique { pass { FogStart = a & 2; } }",  # an operator fx2expr does not build
    "float4 g; technique { pass { VertexShaderConstantF[0] = g * 2; } }",  # a shader constant from a parameter
])
def test_not_built_raises(src):
    with pytest.raises((NotSupportedError, ShaderCompileError)) as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0")
    assert "fx_2_0" in str(ei.value)


@pytest.mark.parametrize("literal,text", [
    (r'"misc\\teapot.x"', "misc\\teapot.x"),  # SDK specular.fx: fxc stores one backslash
    (r'"a\tb\n"', "a\tb\n"),
    (r'"\x41\102\"\?"', 'AB"?'),
])
def test_string_escapes(literal, text):
    eff = effect(f"string s = {literal}; technique {{}}")
    (oid,) = struct.unpack("<I", eff.parameters[0].value)
    assert eff.strings[oid] == text


def test_semantic_spelling_kept_beside_caseless_texture_word():
    eff = effect("texture t : Texture; TEXTURE u : TEXTURE; technique {}")
    assert [(p.type.name, p.type.semantic, p.type.ptype) for p in eff.parameters] == \
        [("t", "Texture", PT_TEXTURE), ("u", "TEXTURE", PT_TEXTURE)]


def test_reference_values_have_the_parameters_type():
    # LDPRT.fx: `Texture = <a textureCUBE>` is written with type TEXTURECUBE (9); D3DTA_TEXTURE is 2 (d3d9types.h)
    eff = effect("textureCUBE c; sampler2D s = sampler_state { Texture = <c>; };\n"
                 "technique { pass { Texture[0] = <c>; Sampler[0] = <s>; ColorArg1[0] = Texture; } }")
    (block,) = eff.parameters[1].sampler_states
    tex, smp, arg = eff.techniques[0].passes[0].states
    assert (block[0].value.type.ptype, tex.value.type.ptype, smp.value.type.ptype) == (9, 9, PT_SAMPLER2D)
    assert (arg.operation, arg.value.value) == (0x69, struct.pack("<I", 2))


# intrinsics of constant arguments in initial values are folded (SDK CompiledEffect.fx's `normalize(float3(1, 1,
# -1))`, stored by fxc as 0x3F13CD3A); expected values computed by hand from the functions' definitions
FOLD_ROWS = [
    ("float3 a = normalize(float3(1.0f, 1.0f, -1.0f));", [3 ** -0.5, 3 ** -0.5, -(3 ** -0.5)]),
    ("float a = length(float2(3, 4));", [5]),
    ("float a = dot(float3(1, 2, 3), float3(4, 5, 6));", [32]),
    ("float3 a = cross(float3(1, 0, 0), float3(0, 1, 0));", [0, 0, 1]),
    ("float2 a = saturate(float2(1.5, -2));", [1, 0]),
    ("float a = lerp(2, 4, 0.25) + clamp(5, 0, 3) + pow(2, 3);", [2.5 + 3 + 8]),
    ("float4 a = float4(normalize(float3(0, 3, 4)), max(1, 2));", [0, 0.6, 0.8, 2]),
    ("float a = sqrt(16) * abs(-0.5) + floor(2.7) + frac(1.25);", [4 * 0.5 + 2 + 0.25]),
]


@pytest.mark.parametrize("decl,vals", FOLD_ROWS)
def test_intrinsics_fold_in_initial_values(decl, vals):
    value = effect(decl + " technique {}").parameters[0].value
    assert value == struct.pack(f"<{len(vals)}f", *vals)


def test_intrinsic_of_a_parameter_is_no_literal_initializer():
    with pytest.raises(ShaderCompileError) as ei:
        fx2("float3 d; float3 a = normalize(d); technique {}")
    assert "literal" in str(ei.value)


# --- variable references and array selectors: expression resources. Expected bytes: fxc's own programs in its
# objects of the SDK's ConfigSystem (`int g_MinFilter = 2; ... MinFilter[0] = <g_MinFilter>;`, `LightPosition[0] =
# <g_vLightPos[0]>` of a float4[4]; compiled with /Gec) and SkinnedMesh (`VertexShader = (vsArray[CurNumBones]);`)
_TAIL = ("7478004d6963726f736f66742028522920484c534c2053686164657220436f6d70696c65722031302e3100abfeff0200434c4954"
         "00000000feff0c0046584c4301000000")
FXC_MIN_FILTER = bytes.fromhex(
    "00025846feff2300435441421c0000005f00000000025846010000001c000000001100205c0000003000000002000000010000003c00"
    "00004c000000675f4d696e46696c746572000000020001000100010000000000000000000040000000000000000000000000" + _TAIL
    + "0100001001000000000000000200000000000000000000000400000000000000f0f0f0f00f0f0f0fffff0000")
FXC_LIGHT_POS = bytes.fromhex(
    "00025846feff2f00435441421c0000008f00000000025846010000001c000000001100208c0000003000000002000000010000003c00"
    "00004c000000675f764c69676874506f730001000300010004000400000000000000000060400000803f0000b0400000803f000060c0"
    "0000803f0000b0c00000803f000060400000803f0000b0c00000803f000060c00000803f0000b0400000803f" + _TAIL
    + "0400001001000000000000000200000000000000000000000400000000000000f0f0f0f00f0f0f0fffff0000")
FXC_SELECTOR = bytes.fromhex(
    "08000000767341727261790000025846feff2300435441421c0000005f00000000025846010000001c000000000100005c0000003000"
    "000002000000010000003c0000004c0000004375724e756d426f6e657300000002000100010001000000000000000000004000000000"
    "0000000000000000"
    + _TAIL + "0100001001000000000000000200000000000000000000000400000000000000f0f0f0f00f0f0f0fffff0000")
BACKCOMPAT = 0x1000


def test_variable_references_are_fxcs_expression_programs():
    src = ("int g_MinFilter = 2;\n"
           "float4 g_vLightPos[4] = { float4(3.5f, 1.0f, 5.5f, 1.0f), float4(-3.5f, 1.0f, -5.5f, 1.0f),\n"
           "    float4(3.5f, 1.0f, -5.5f, 1.0f), float4(-3.5f, 1.0f, 5.5f, 1.0f) };\n"
           "technique { pass { MinFilter[0] = <g_MinFilter>; LightPosition[0] = <g_vLightPos[0]>; } }")
    eff = read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", BACKCOMPAT, 0)
                         .GetBufferPointer()))
    a, b = eff.techniques[0].passes[0].states
    # the state's value: the parameter's type and shape, class MATRIX_ROWS, zero-filled (fxc's objects)
    assert (a.value.type.ptype, a.value.type.pclass, a.value.type.rows, a.value.type.cols, a.value.value) == \
        (PT_INT, D3DXPC_MATRIX_ROWS, 1, 1, bytes(4))
    assert (b.value.type.ptype, b.value.type.rows, b.value.type.cols, b.value.value) == (PT_FLOAT, 1, 4, bytes(16))
    assert [(r.state, r.usage, r.data) for r in eff.resources] == [(0, 0, FXC_MIN_FILTER), (1, 0, FXC_LIGHT_POS)]


def test_array_selector_is_fxcs_selector_resource():
    eff = effect("int CurNumBones = 2;\nfloat4 f(uniform int n) : POSITION { return n; }\n"
                 "VertexShader vsArray[2] = { compile vs_2_0 f(1), compile vs_2_0 f(2) };\n"
                 "technique { pass { VertexShader = (vsArray[CurNumBones]); } }")
    (st,) = eff.techniques[0].passes[0].states
    assert st.value.type.ptype == PT_VERTEXSHADER
    assert struct.unpack("<I", st.value.value)[0] not in struct.unpack("<2I", eff.parameters[1].value)
    ((usage, data),) = [(r.usage, r.data) for r in eff.resources]
    assert (usage, data) == (2, FXC_SELECTOR)
    # the name's byte count includes its padding (fxc's Effect_ShaderArray: "vsArray20" -> 12)
    from pyd3d11.effects.fx2preshader import selector_resource
    assert selector_resource("vsArray20", b"") == struct.pack("<I", 12) + b"vsArray20\0\0\0"


@pytest.mark.parametrize("src", [  # what effects/fx2expr.py does not build (tests/test_fx2_expressions.py: the rest)
    "float4x4 m; technique { pass { WorldTransform[0] = m * 2; } }",
    "int i; float4 f() : POSITION { return 0; } VertexShader v[2] = { compile vs_2_0 f(), NULL };"
    " technique { pass { VertexShader = (v[i ^ 1]); } }",
])
def test_computed_expressions_are_not_built(src):
    with pytest.raises((NotSupportedError, ShaderCompileError)) as ei:
        fx2(src)
    assert "fx_2_0" in str(ei.value)


# MicrosoftDocs direct3d9 "Expressions": assembly blocks and effect state blocks (not built: E_NOTIMPL naming them)
@pytest.mark.parametrize("src,what", [
    # asm blocks are built (tests/test_fx2_asm.py; shader model 1 since session 44) but ps_1_0 and the ps_1_X
    # texture-addressing instructions
    ("PixelShader p = asm { ps_1_0\n mov r0, c0\n }; technique {}", "asm"),
    ("technique { pass { PixelShader = asm { ps_1_1\n tex t0\n texbem t1, t0\n mov r0, t1\n }; } }", "asm"),
    ("stateblock s; technique {}", "stateblock"),  # built with an initializer: tests/test_fx2_stateblocks.py
])
def test_asm_and_state_blocks_are_not_built(src, what):
    with pytest.raises(NotSupportedError, match=what):
        fx2(src)


# --- uniform shader arguments (MicrosoftDocs direct3d9 "Shader States" / "Writing an Effect": ``compile vs_2_0
# RenderSceneVS(1, true, true)``): the arguments bind the function's uniform parameters, in order, as constants of
# that shader. Expected bytecode: the same function with the values written into its body, compiled on its own.
def _shader(src: str, entry: str, profile: str) -> bytes:
    return bytes(D3DCompile(src, len(src), "t.fx", None, None, entry, profile).GetBufferPointer())


def _effect_op(src: str) -> Fx2Effect:
    """The effect compiled with D3DXSHADER_NO_PRESHADER (/Op): its shaders then hold all their code, as a
    stand-alone compile does (with preshaders, a body of uniform values only moves to the preshader: session 32)."""
    return read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0x100).GetBufferPointer()))


UNIFORM_ROWS = [
    # (uniform parameters, arguments, body using them, the same body with the values written in, profile)
    ("uniform float k", "0.25", "return k;", "return 0.25;", "ps_2_0"),
    ("uniform bool b, uniform float k", "true, 3", "return b ? k : g;", "return 3;", "ps_2_0"),
    ("uniform bool b, uniform float k", "false, 3", "return b ? k : g;", "return g;", "ps_2_0"),
    ("uniform int n", "2", "float4 s = 0; for (int i = 0; i < n; i++) s += g * i; return s;",
     "float4 s = 0; for (int i = 0; i < 2; i++) s += g * i; return s;", "ps_2_0"),
    ("uniform float4 c", "float4(1, 2, 3, 4)", "return c * g;", "return float4(1, 2, 3, 4) * g;", "ps_3_0"),
    ("float4 p : POSITION, uniform float k", "0.5", "return p * k;", "return p * 0.5;", "vs_2_0"),
    ("uniform float k, uniform float m = 4", "2", "return k * m * g;", "return 2 * 4 * g;", "ps_2_0"),
    ("uniform float k", "g", "return k * 2;", "return g * 2;", "ps_2_0"),
]


@pytest.mark.parametrize("params,args,body,written,profile", UNIFORM_ROWS)
def test_uniform_arguments_bind_constants(params, args, body, written, profile):
    sem = "POSITION" if profile.startswith("vs") else "COLOR"
    state = "VertexShader" if profile.startswith("vs") else "PixelShader"
    eff = _effect_op(f"float g; float4 f({params}) : {sem} {{ {body} }}\n"
                 f"technique {{ pass {{ {state} = compile {profile} f({args}); }} }}")
    (res,) = eff.resources
    plain = [p for p in params.split(", ") if not p.startswith("uniform")]
    expect = _shader(f"float g; float4 f({', '.join(plain)}) : {sem} {{ {written} }}", "f", profile)
    assert res.data == expect


def test_each_argument_list_is_its_own_shader_object():
    eff = _effect_op("float4 f(uniform float k) : COLOR { return k; }\n"
                 "technique { pass a { PixelShader = compile ps_2_0 f(1); } pass b { PixelShader = compile ps_2_0 f(2); }"
                 " pass c { PixelShader = compile ps_2_0 f(1); } }")
    data = {r.index: r.data for r in eff.resources}
    ids = [struct.unpack("<I", p.states[0].value.value)[0] for p in eff.techniques[0].passes]
    assert len(set(ids)) == 3  # every state assignment creates an object
    assert data[0] == data[2] == _shader("float4 f() : COLOR { return 1; }", "f", "ps_2_0")
    assert data[1] == _shader("float4 f() : COLOR { return 2; }", "f", "ps_2_0")


def test_uniform_arguments_of_shader_parameters():
    eff = _effect_op("float4 f(uniform float k) : COLOR { return k; }\n"
                 "PixelShader ps[2] = { compile ps_2_0 f(1), compile ps_2_0 f(2) }; technique { pass { } }")
    ids = struct.unpack("<2I", eff.parameters[0].value)
    assert [eff.blobs[i] for i in ids] == [_shader(f"float4 f() : COLOR {{ return {k}; }}", "f", "ps_2_0")
                                            for k in (1, 2)]


def test_more_arguments_than_uniform_parameters_is_an_error():
    src = "float4 f(uniform float k) : COLOR { return k; } technique { pass { PixelShader = compile ps_2_0 f(1, 2); } }"
    with pytest.raises(ShaderCompileError) as ei:
        fx2(src)
    assert "X3013" in str(ei.value)


# --- the state table: operation numbers at the D3DX9 runtime's 16-state marks (0x10, 0x20, …) ------------------
STATE_OPS = [("ZEnable", 0x00), ("FogColor", 0x10), ("Wrap1", 0x20), ("Lighting", 0x30), ("PointScaleEnable", 0x40),
             ("AntialiasedLineEnable", 0x50), ("BlendFactor", 0x60), ("BlendOpAlpha", 0x66), ("ColorOp", 0x67),
             ("BumpEnvMat00", 0x70), ("MaterialAmbient", 0x80), ("LightPhi", 0x90), ("VertexShader", 0x92),
             ("PixelShader", 0x93), ("PixelShaderConstant1", 0xA0), ("Texture", 0xA4), ("ElementIndex", 0xB0),
             ("Sampler", 0xB2)]


@pytest.mark.parametrize("name,op", STATE_OPS)
def test_state_operation_numbers(name, op):
    from pyd3d11.effects.fx2states import lookup_state

    assert lookup_state(name)[0] == op
    assert lookup_state(name.upper())[0] == op  # fxc matches state names in any case


def test_state_table_size_and_enums():
    from pyd3d11.effects.fx2states import STATES, enum_value, lookup_state

    assert len(STATES) == 0xB3
    assert lookup_state("NoSuchState") is None
    # D3DCMPFUNC, D3DBLEND, D3DCULL, D3DTEXTUREFILTERTYPE values (d3d9types.h)
    assert [enum_value("CMP", "LessEqual"), enum_value("BLEND", "InvSrcAlpha"), enum_value("CULL", "None"),
            enum_value("TEXF", "Anisotropic"), enum_value("TOP", "Modulate")] == [4, 6, 1, 3, 4]


@pytest.mark.parametrize("word", ["Texture", "TEXTURE", "texture"])
def test_texture_stage_argument_named_texture(word):
    """``ColorArg1[0] = Texture;``: D3DTA_TEXTURE (2), the value name of the texture-stage arguments ("Texture Stage
    States": D3DTA without its prefix), although ``texture`` is also a type word."""
    (st,) = effect("technique { pass { ColorArg1[0] = " + word + "; AlphaArg2[3] = Diffuse; } }") \
        .techniques[0].passes[0].states[:1]
    assert (st.operation, st.index, st.value.value) == (0x69, 0, struct.pack("<I", 2))
