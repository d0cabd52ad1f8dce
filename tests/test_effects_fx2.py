"""fx_2_0 (Direct3D 9 effect) compilation: the binary layout, parameter type classes and values,
annotations, techniques and passes, and the errors fxc gives.

Expected values come from the format (d3dx9shader.h's D3DXPARAMETER_CLASS/TYPE numbering, the 0xFEFF0901
tag, four-byte values) and MicrosoftDocs' effect/annotation syntax, written here independently."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import (
    D3DXPC_MATRIX_COLUMNS,
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
TYPE_ROWS = [
    ("float a;", PT_FLOAT, D3DXPC_SCALAR, 1, 1, 0),
    ("half a;", PT_FLOAT, D3DXPC_SCALAR, 1, 1, 0),
    ("int a;", PT_INT, D3DXPC_SCALAR, 1, 1, 0),
    ("bool a;", PT_BOOL, D3DXPC_SCALAR, 1, 1, 0),
    ("float3 a;", PT_FLOAT, D3DXPC_VECTOR, 1, 3, 0),
    ("int2 a;", PT_INT, D3DXPC_VECTOR, 1, 2, 0),
    ("float2x4 a;", PT_FLOAT, D3DXPC_MATRIX_COLUMNS, 2, 4, 0),
    ("column_major float3x2 a;", PT_FLOAT, D3DXPC_MATRIX_COLUMNS, 3, 2, 0),
    ("row_major float3x2 a;", PT_FLOAT, D3DXPC_MATRIX_ROWS, 3, 2, 0),
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
    # the runtime reads element (i, k) of either class at i * columns + k: row order in the binary too
    ("float2x3 a = {1, 2, 3, 4, 5, 6};", struct.pack("<6f", 1, 2, 3, 4, 5, 6)),
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
    ("technique < int a; > {}", "X3000"),
    ("technique < int a = 1, b = a; > {}", "X3000"),
    ("technique < static int a = 5; > {}", "X3000"),
    ("float4 main() : sv_target { float v < int a = 1; > = 0; return v; } technique {}", "X3000"),
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
# operations from the D3DX9 runtime's table order; values from d3d9types.h's enumerations
PASS_STATE_ROWS = [
    ("ZEnable = false;", 0x00, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 0)),
    ("ZWriteEnable = true;", 0x03, 0, PT_BOOL, D3DXPC_SCALAR, struct.pack("<I", 1)),
    ("ZFunc = LessEqual;", 0x09, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 4)),
    ("zfunc = GREATER;", 0x09, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 5)),
    ("CullMode = None;", 0x08, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 1)),
    ("SrcBlend = InvSrcAlpha;", 0x06, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 6)),
    ("AlphaRef = 0x80;", 0x0A, 0, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 0x80)),
    ("FogStart = 0.25;", 0x12, 0, PT_FLOAT, D3DXPC_SCALAR, struct.pack("<f", 0.25)),
    ("ColorOp[1] = Modulate;", 0x67, 1, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 4)),
    ("MinFilter[2] = Anisotropic;", 0xAA, 2, PT_INT, D3DXPC_SCALAR, struct.pack("<I", 3)),
    ("LightDiffuse[3] = float4(1, 0.5, 0, 1);", 0x85, 3, PT_FLOAT, D3DXPC_VECTOR, struct.pack("<4f", 1, 0.5, 0, 1)),
    ("ViewTransform = {1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16};", 0x7C, 0, PT_FLOAT, D3DXPC_MATRIX_ROWS,
     struct.pack("<16f", *range(1, 17))),
]


@pytest.mark.parametrize("assign,op,index,ptype,pclass,raw", PASS_STATE_ROWS)
def test_pass_state_values(assign, op, index, ptype, pclass, raw):
    (st,) = effect("technique { pass { " + assign + " } }").techniques[0].passes[0].states
    assert (st.operation, st.index, st.value.type.ptype, st.value.type.pclass, st.value.value) == \
        (op, index, ptype, pclass, raw)


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
    eff = effect("texture tex;\n"
                 "sampler2D s = sampler_state { Texture = <tex>; AddressU = Clamp; MagFilter = Point; };\n"
                 "sampler a[2] = { sampler_state { MipFilter = Linear; }, sampler_state { MaxAnisotropy = 8; } };\n"
                 "technique { pass { Texture[0] = <tex>; Sampler[1] = (s); } }")
    s = eff.parameters[1]
    (block,) = s.sampler_states
    assert [(x.operation, x.value.value) for x in block[1:]] == [(0xA5, struct.pack("<I", 3)),
                                                                 (0xA9, struct.pack("<I", 1))]
    assert block[0].operation == 0xA4 and block[0].value.type.ptype == PT_TEXTURE
    assert [[(x.operation, x.value.value) for x in b] for b in eff.parameters[2].sampler_states] == \
        [[(0xAB, struct.pack("<I", 2))], [(0xAE, struct.pack("<I", 8))]]
    refs = sorted((r.technique, r.index, r.element, r.state, r.usage, r.data) for r in eff.resources)
    assert refs == [(0, 0, 0xFFFFFFFF, 0, 1, b"tex\0"), (0, 0, 0xFFFFFFFF, 1, 1, b"s\0"),
                    (0xFFFFFFFF, 1, 0xFFFFFFFF, 0, 1, b"tex\0")]


STATE_ERROR_ROWS = [
    "technique { pass { NoSuchState = 1; } }",
    "technique { pass { ZFunc = Sideways; } }",
    "technique { pass { ZEnable[1] = true; } }",
    "technique { pass { ColorOp[8] = Modulate; } }",
    "sampler s = sampler_state { ZEnable = true; }; technique {}",
    "float4 f() : COLOR { return 0; } technique { pass { VertexShader = compile ps_2_0 f(); } }",
    "float4 f() : COLOR { return 0; } technique { pass { PixelShader = compile ps_4_0 f(); } }",
    "float a; technique { pass { Texture[0] = <a>; } }",
    "float a = 1; technique { pass { SetBlendState(a, a, a); } }",
]


@pytest.mark.parametrize("src", STATE_ERROR_ROWS)
def test_state_errors(src):
    with pytest.raises(ShaderCompileError) as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0")
    assert ei.value.hresult == E_FAIL


@pytest.mark.parametrize("src", [
    "float a; technique { pass { FogStart = a; } }",  # a preshader
    "technique { pass { VertexShaderConstantF[0] = float4(1, 2, 3, 4); } }",
    "float4 f(uniform float k) : POSITION { return k; } technique { pass { VertexShader = compile vs_2_0 f(1); } }",
])
def test_not_built_raises(src):
    with pytest.raises((NotSupportedError, ShaderCompileError)) as ei:
        D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0")
    assert "fx_2_0" in str(ei.value)


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
