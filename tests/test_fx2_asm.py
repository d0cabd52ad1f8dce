"""fx_2_0 ``asm { ... }`` shaders (MicrosoftDocs direct3d9 "Effect Format": ``PixelShader ps = asm { ... };``,
a pass's ``PixelShader = asm { ... };``), assembled by effects/fx2asm.py. Expected values: fxc's object of
DXDecompiler's Internal/Effect_EmbedAssembly.fx (ShadersDX9 at 7b48f44^, fxc 10.1) and token words computed by hand
from MicrosoftDocs "Shader Code Format" and its token pages (instruction token: opcode | controls << 16 | length
<< 24; destination: 0x80000000 | type bits [30:28] and [12:11] | number | mask << 16 | modifier << 20; source:
the same with swizzle << 16, modifier << 24 and bit 13 for relative addressing; D3DSHADER_PARAM_REGISTER_TYPE
temp 0, input 1, const 2, addr/texture 3, colorout 8, sampler 10, constbool 14)."""

from __future__ import annotations

import struct

import pytest

from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects.fx2binary import D3DXPT, read_fx2
from pyd3d11.errors import NotSupportedError, ShaderCompileError


def fx2(src: str):
    blob = D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0, 0)
    return read_fx2(bytes(blob.GetBufferPointer()))


EMBED_ASSEMBLY_FX = """PixelShader baz = asm {
    ps_2_0
    dcl v0
    dcl t0.xy
    dcl_2d s0
    texld r0, t0, s0
    mul r0, r0, v0
    cmp r0, -c0.x, v0, r0
    mov oC0, r0
};

technique Technique1 {
    pass {
        PixelShader = baz;
    }
};
"""
#: fxc's object: the parameter's object 1 holds these words (no comment, no constant table)
FXC_BAZ = [0xFFFF0200, 0x0200001F, 0x80000000, 0x900F0000, 0x0200001F, 0x80000000, 0xB0030000, 0x0200001F,
           0x90000000, 0xA00F0800, 0x03000042, 0x800F0000, 0xB0E40000, 0xA0E40800, 0x03000005, 0x800F0000,
           0x80E40000, 0x90E40000, 0x04000058, 0x800F0000, 0xA1000000, 0x90E40000, 0x80E40000, 0x02000001,
           0x800F0800, 0x80E40000, 0x0000FFFF]


def _words(data: bytes) -> list[int]:
    return list(struct.unpack(f"<{len(data) // 4}I", data))


def test_asm_variable_is_fxcs_object():
    eff = fx2(EMBED_ASSEMBLY_FX)
    (p,) = eff.parameters
    assert (p.type.name, p.type.ptype, struct.unpack("<I", p.value)[0]) == ("baz", D3DXPT["PIXELSHADER"], 1)
    assert _words(eff.blobs[1]) == FXC_BAZ
    # the pass names the variable (a resource of usage 1), as for a compiled shader variable
    assert [(r.usage, r.data) for r in eff.resources] == [(1, b"baz\0")]


def _asm(body: str, version: str = "vs_2_0") -> list[int]:
    kind = "Vertex" if version.startswith("vs") else "Pixel"
    eff = fx2(f"technique {{ pass {{ {kind}Shader = asm {{\n{version}\n{body}\n}}; }} }}")
    ((usage, data),) = [(r.usage, r.data) for r in eff.resources]
    assert usage == 0
    return _words(data)[1:-1]


@pytest.mark.parametrize("version,body,words", [
    ("vs_2_0", "mov r0, c0", [0x02000001, 0x800F0000, 0xA0E40000]),
    # (the programs pass the runtime validator's rules, fx2asmcheck.py: vs_2_x declares an input whole, reads it
    # declared; ps_2_0 writes oC0, reads temporaries written and t# / s# declared)
    ("vs_3_0", "dcl_texcoord1 v2.xy", [0x0200001F, 0x80010005, 0x90030002]),
    ("vs_2_0", "dcl_position v0\nmov oPos, v0", [0x0200001F, 0x80000000, 0x900F0000, 0x02000001, 0xC00F0000,
                                                  0x90E40000]),
    # relative addressing: c[a0.x + 5] is c5 with bit 13, then the address register's token (swizzle xxxx)
    ("vs_2_0", "mov r1.xy, c[a0.x + 5]", [0x03000001, 0x80030001, 0xA0E42005, 0xB0000000]),
    ("vs_2_0", "mov r1, c5[a0.x]", [0x03000001, 0x800F0001, 0xA0E42005, 0xB0000000]),
    # -r1_abs.x: ABSNEG (12) << 24, swizzle xxxx; _sat result modifier 1 << 20
    ("vs_2_0", "add_sat r0.w, -r1_abs.x, c2.yzwx", [0x03000002, 0x80180000, 0x8C000001, 0xA0390002]),
    ("vs_2_0", "def c3, 1, -0.5, 0, 2", [0x05000051, 0xA00F0003, 0x3F800000, 0xBF000000, 0, 0x40000000]),
    ("vs_2_0", "defb b0, true", [0x0200002F, 0xE00F0800, 1]),
    ("vs_2_0", "defi i1, 3, 0, 1, -1", [0x05000030, 0xF00F0001, 3, 0, 1, 0xFFFFFFFF]),
    # comparisons in the controls field: gt 1, le 6
    ("vs_2_x", "if_gt r0.x, c0.y", [0x02010029, 0x80000000, 0xA0550000]),
    ("vs_2_x", "break_le r0.x, c0.x", [0x0206002D, 0x80000000, 0xA0000000]),
    ("ps_2_0", "dcl t1\ndcl_2d s2\ntexldp_pp r0, t1, s2\nmov oC0, r0",
     [0x0200001F, 0x80000000, 0xB00F0001, 0x0200001F, 0x90000000, 0xA00F0802,
      0x03010042, 0x802F0000, 0xB0E40001, 0xA0E40802, 0x02000001, 0x800F0800, 0x80E40000]),
    ("ps_2_0", "dcl_cube s1\nmov oC0, c0", [0x0200001F, 0x98000000, 0xA00F0801, 0x02000001, 0x800F0800, 0xA0E40000]),
    ("ps_2_0", "mov r0, c0\nmov oC0, r0.rgba", [0x02000001, 0x800F0000, 0xA0E40000, 0x02000001, 0x800F0800,
                                               0x80E40000]),
    ("ps_2_0", "mov r1, c0\ntexkill r1\nmov oC0, c0", [0x02000001, 0x800F0001, 0xA0E40000, 0x01000041, 0x800F0001,
                                                      0x02000001, 0x800F0800, 0xA0E40000]),
    ("ps_3_0", "dcl_texcoord2_centroid v1.xy", [0x0200001F, 0x80020005, 0x90430001]),
    ("vs_3_0", "dcl_color1 o4", [0x0200001F, 0x8001000A, 0xE00F0004]),
])
def test_instruction_words(version, body, words):
    assert _asm(body, version) == words


def test_version_tokens():
    for version, token in [("vs_2_0", 0xFFFE0200), ("vs_2_x", 0xFFFE0201), ("ps_3_0", 0xFFFF0300),
                           ("ps_2_sw", 0xFFFF02FF)]:
        kind = "Vertex" if version.startswith("vs") else "Pixel"
        eff = fx2(f"{kind}Shader s = asm {{ {version}\n}}; technique {{}}")
        assert _words(eff.blobs[1]) == [token, 0xFFFF]


@pytest.mark.parametrize("src", [
    "PixelShader p = asm { ps_2_0\n frobnicate r0, r1\n }; technique {}",
    "PixelShader p = asm { ps_2_0\n mov r0, c0.xq\n }; technique {}",
    "PixelShader p = asm { ps_2_0\n mov r0.yx, c0\n }; technique {}",
    "PixelShader p = asm { ps_2_0\n mov a0, c0\n }; technique {}",  # a0 is a vertex shader register
    "PixelShader p = asm { vs_2_0\n mov oPos, c0\n }; technique {}",  # a vertex shader for a pixel shader
    "PixelShader p = asm { mov oC0, c0\n }; technique {}",
    "technique { pass { VertexShader = asm { vs_2_0\n texld r0, t0, s0\n }; } }",  # texld: no vs_2_0 instruction
    "PixelShader p = asm { ps_2_0\n mov r0\n }; technique {}",  # a source missing
    "PixelShader p = asm { ps_2_0\n texld r0, t0\n }; technique {}",
    "PixelShader p = asm { ps_2_0\n add r0, r1, r2, r3\n }; technique {}",  # one too many
    "PixelShader p = asm { ps_2_0\n mov r2048, c0\n }; technique {}",  # past the 11-bit register number
    "PixelShader p = asm { ps_3_0\n dcl_texcoord16 v0\n }; technique {}",  # past the 4-bit usage index
    "VertexShader v = asm { vs_2_0\n defi i0, 1.5, 0, 0, 0\n }; technique {}",  # defi takes integers
])
def test_asm_errors(src):
    with pytest.raises(ShaderCompileError):
        fx2(src)


def test_shader_model_1_words():
    # session 44: shader model 1 is assembled (no instruction length: "Instruction Token"); fxc 10.1's words
    assert _words(fx2("PixelShader p = asm { ps_1_1\n tex t0\n mov r0, t0\n }; technique {}").blobs[1]) == [
        0xFFFF0101, 0x00000042, 0xB00F0000, 0x00000001, 0x800F0000, 0xB0E40000, 0x0000FFFF]


@pytest.mark.parametrize("body", ["ps_1_0\n mov r0, c0", "ps_1_1\n tex t0\n texbem t1, t0\n mov r0, t1"])
def test_shader_model_1_parts_not_built(body):
    with pytest.raises(NotSupportedError):
        fx2(f"PixelShader p = asm {{ {body}\n }}; technique {{}}")


def test_shader_targets_accept_an_asm_variable():
    src = (EMBED_ASSEMBLY_FX + "float4 main() : COLOR { return 1; }").encode()
    blob = D3DCompile(src, len(src), "t.fx", None, None, "main", "ps_2_0", 0, 0)
    assert bytes(blob.GetBufferPointer())[:4] == struct.pack("<I", 0xFFFF0200)


@pytest.mark.parametrize("target", ["ps_4_0", "ps_5_0", "ps_4_0_level_9_1"])
def test_shader_model_4_targets_take_an_asm_variable(target):
    # d3dcompiler_47 10.1 (session 43) compiles it at every one of these targets: the block is assembled (its
    # errors are the assembler's, X2005 for ``c9999``) and nothing of it is kept (was: refused with X3000)
    src = (EMBED_ASSEMBLY_FX.replace("technique Technique1", "technique10 Technique1")
           .replace("PixelShader = baz;", "") + "float4 main() : SV_Target { return 1; }").encode()
    D3DCompile(src, len(src), "t.fx", None, None, "main", target, 0, 0)
    with pytest.raises(ShaderCompileError, match="X2005"):
        bad = src.replace(b"mov oC0, r0", b"mov oC0, c9999")
        D3DCompile(bad, len(bad), "t.fx", None, None, "main", target, 0, 0)
