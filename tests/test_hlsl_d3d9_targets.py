"""D3DCompile for the Direct3D 9 targets vs_2_0, vs_2_a, ps_2_0, ps_2_a, ps_2_b (issue 15, brief HL3).

Sources: the D3DXSHADER_CONSTANTTABLE / _CONSTANTINFO / _TYPEINFO / _STRUCTMEMBERINFO and D3DXREGISTER_SET pages
(MicrosoftDocs win32 desktop-src/direct3d9) for the CTAB layout, parsed here by this file's own reader; the
D3D9 token pages ("Version Token", "Comment Token"); "Vertex Shader Differences" / "Pixel Shader Differences"
and the ps_2_0 instruction-slot rules for the limits; the register rules (registers of the ps_2_0 / vs_2_0
pages: v# colour and t# texture-coordinate inputs, oD# / oT# / oPos outputs); fxc's assignment of constant
registers as its listings of the DirectX SDK samples show it (DXDecompiler's ShadersDX9 corpus, e.g.
BasicHLSL vs_2_0: largest constants first, declaration order among equals, only constants read, a matrix read
through a float3x3 cast counted as 3 registers, uniform parameters as ``$name`` after the globals, ``def``
constants after the last uniform). Each compiled program is run by the test-side SM2 interpreter
(tests/sm2_interp.py) against pyd3d11's SM4 executor running the same HLSL compiled for vs_4_0 / ps_4_0 on
random inputs and constants (the constants placed by name through each side's own reflection).
"""

from __future__ import annotations

import struct

import numpy as np
import pytest
from sm2_interp import Sm2Machine, validate

from pyd3d11.d3dcompiler import D3DCompile, D3DDisassemble, D3DGetBlobPart, D3DReflect
from pyd3d11.errors import D3D11Error, NotSupportedError
from pyd3d11.headers.d3dcompiler_types import (
    D3D_DISASM_INSTRUCTION_ONLY,
    D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY,
    D3DCOMPILE_SKIP_OPTIMIZATION,
)
from pyd3d11.shader.dxbc.container import parse_container
from pyd3d11.shader.dxbc.decoder import decode_program as decode_sm4
from pyd3d11.shader.dxbc.rdef import parse_rdef
from pyd3d11.shader.dxbc.signature import parse_signature
from pyd3d11.shader.exec import run_program
from pyd3d11.shader.exec.bindings import Bindings
from pyd3d11.shader.sm2.program import decode_program
from pyd3d11.shader.sm2.tokens import TEXTURE, Reg

F = np.float32
#: target -> version token ("Version Token": 0xFFFE vertex / 0xFFFF pixel, major, minor; 2_a / 2_b are 2.x = 2.1)
VERSIONS = {"vs_2_0": 0xFFFE0200, "vs_2_a": 0xFFFE0201, "ps_2_0": 0xFFFF0200, "ps_2_a": 0xFFFF0201,
            "ps_2_b": 0xFFFF0201, "vs_3_0": 0xFFFE0300, "ps_3_0": 0xFFFF0300}
VS2_TARGETS = ["vs_2_0", "vs_2_a"]
PS2_TARGETS = ["ps_2_0", "ps_2_a", "ps_2_b"]
VS_TARGETS = [*VS2_TARGETS, "vs_3_0"]
PS_TARGETS = [*PS2_TARGETS, "ps_3_0"]


def compile_(src: str, target: str, entry: str = "main", flags: int = 0) -> bytes:
    return bytes(D3DCompile(src, None, "t.hlsl", None, None, entry, target, flags, 0))


# --- an independent CTAB reader (the d3dx9shader structure pages) -----------------------------------------
def read_ctab(blob: bytes) -> dict:
    words = struct.unpack(f"<{len(blob) // 4}I", blob)
    assert words[1] & 0xFFFF == 0xFFFE, "the CTAB comment block comes right after the version token"
    n = words[1] >> 16 & 0x7FFF
    block = blob[8: 8 + 4 * n]
    assert block[:4] == b"CTAB"
    t = block[4:]

    def cstr(off: int) -> str:
        return t[off: t.index(b"\0", off)].decode()

    def typeinfo(off: int) -> dict:
        cls, typ, rows, cols, elems, nmem, moff = struct.unpack_from("<6HI", t, off)
        members = []
        for k in range(nmem):
            name_off, type_off = struct.unpack_from("<2I", t, moff + 8 * k)
            members.append((cstr(name_off), typeinfo(type_off)))
        return {"class": cls, "type": typ, "rows": rows, "cols": cols, "elements": elems, "members": members}

    size, creator, version, count, info, flags, target = struct.unpack_from("<7I", t, 0)
    consts = []
    for k in range(count):
        name, rset, rindex, rcount, _res, toff, _dv = struct.unpack_from("<I4H2I", t, info + 20 * k)
        consts.append({"name": cstr(name), "set": rset, "index": rindex, "count": rcount, "type": typeinfo(toff)})
    return {"size": size, "creator": cstr(creator), "version": version, "flags": flags, "target": cstr(target),
            "constants": consts}


BOOL_SET, INT_SET, FLOAT_SET, SAMPLER_SET = 0, 1, 2, 3  # D3DXREGISTER_SET


def registers(blob: bytes) -> dict[str, tuple[int, int, int]]:
    return {c["name"]: (c["set"], c["index"], c["count"]) for c in read_ctab(blob)["constants"]}


@pytest.mark.parametrize("target", sorted(VERSIONS))
def test_bytecode_is_the_version_token_then_the_ctab_block(target: str):
    stage = target[:2]
    src = ("float4 k; float4 main(float4 p : POSITION) : POSITION { return p * k; }" if stage == "vs" else
           "float4 k; float4 main(float4 c : COLOR0) : COLOR { return c * k; }")
    blob = compile_(src, target)
    assert struct.unpack_from("<I", blob, 0)[0] == VERSIONS[target]
    assert struct.unpack_from("<I", blob, len(blob) - 4)[0] == 0x0000FFFF  # "End Token"
    ct = read_ctab(blob)
    assert ct["size"] == 28 and ct["version"] == VERSIONS[target] and ct["target"] == target
    assert ct["creator"] == "Microsoft (R) HLSL Shader Compiler 10.1"
    assert ct["flags"] & 0x100  # D3DCOMPILE_NO_PRESHADER, as every fxc object of the corpus records it
    assert [c["name"] for c in ct["constants"]] == ["k"]


def test_ctab_flags_record_the_compile_flags():
    src = "float4 k; float4 main(float4 c : COLOR0) : COLOR { return c * k; }"
    assert read_ctab(compile_(src, "ps_2_0"))["flags"] == 0x100
    assert read_ctab(compile_(src, "ps_2_0", flags=D3DCOMPILE_SKIP_OPTIMIZATION))["flags"] == 0x104


BASIC = """
float4 g_MaterialAmbientColor; float4 g_MaterialDiffuseColor; int g_nNumLights;
float3 g_LightDir[3]; float4 g_LightDiffuse[3]; float4 g_LightAmbient; float g_fTime;
float4x4 g_mWorld; float4x4 g_mWorldViewProjection;
struct O { float4 p : POSITION; float4 d : COLOR0; };
O main(float4 pos : POSITION, float3 n : NORMAL, uniform float s) {
  O o; o.p = mul(pos, g_mWorldViewProjection) * g_fTime;
  float3 w = normalize(mul(n, (float3x3)g_mWorld)); float3 t = 0;
  [unroll] for (int i = 0; i < 3; i++) t += g_LightDiffuse[i].xyz * max(0, dot(w, g_LightDir[i]));
  o.d.xyz = g_MaterialDiffuseColor.xyz * t + g_MaterialAmbientColor.xyz * g_LightAmbient.xyz; o.d.w = s; return o; }
"""

# (source, target, expected {name: (register set, index, count)}) -- fxc's rules, module docstring
ASSIGNMENTS = [
    # BasicHLSL's shape: 4 first, then the 3-register ones in declaration order, then the ones; the unread
    # g_nNumLights is left out; g_mWorld read through a float3x3 cast spans 3 registers; the uniform
    # parameter $s comes after the globals
    (BASIC, "vs_2_0", {"g_mWorldViewProjection": (FLOAT_SET, 0, 4), "g_LightDir": (FLOAT_SET, 4, 3),
                       "g_LightDiffuse": (FLOAT_SET, 7, 3), "g_mWorld": (FLOAT_SET, 10, 3),
                       "g_MaterialAmbientColor": (FLOAT_SET, 13, 1), "g_MaterialDiffuseColor": (FLOAT_SET, 14, 1),
                       "g_LightAmbient": (FLOAT_SET, 15, 1), "g_fTime": (FLOAT_SET, 16, 1), "$s": (FLOAT_SET, 17, 1)}),
    # an array read up to element 7 of 16 spans 8 registers (HDRLighting's g_avSampleWeights)
    ("float4 w[16]; float4 main(float2 t : TEXCOORD0) : COLOR { float4 r = 0;\n"
     "[unroll] for (int i = 0; i < 8; i++) r += w[i] * t.x; return r; }", "ps_2_0", {"w": (FLOAT_SET, 0, 8)}),
    # register(c#) is kept; the others fill the free registers around it, largest first
    ("float4 a; float4 b : register(c1); float4x4 m;\n"
     "float4 main(float4 c : COLOR0) : COLOR { return a + b + mul(c, m); }", "ps_2_0",
     {"b": (FLOAT_SET, 1, 1), "m": (FLOAT_SET, 2, 4), "a": (FLOAT_SET, 0, 1)}),
    # each scalar and vector its own register (no SM4 packing of a float after a float3)
    ("float3 a; float b; float2 c; float4 main(float4 x : COLOR0) : COLOR { return float4(a, b) + c.xyxy * x; }",
     "ps_2_0", {"a": (FLOAT_SET, 0, 1), "b": (FLOAT_SET, 1, 1), "c": (FLOAT_SET, 2, 1)}),
    # bool and int constants read as values live in float registers (BasicHLSL's $bTexture, $nNumLights)
    ("bool f; int n; float4 main(float4 x : COLOR0) : COLOR { return f ? x * n : x; }", "ps_2_0",
     {"f": (FLOAT_SET, 0, 1), "n": (FLOAT_SET, 1, 1)}),
    # samplers at their register; s3 explicit, the other at s0
    ("sampler2D a; samplerCUBE b : register(s3);\n"
     "float4 main(float2 t : TEXCOORD0, float3 u : TEXCOORD1) : COLOR { return tex2D(a, t) + texCUBE(b, u); }",
     "ps_2_0", {"a": (SAMPLER_SET, 0, 1), "b": (SAMPLER_SET, 3, 1)}),
    # a struct is one constant spanning its members' registers
    ("struct L { float3 dir; float4 col; }; L light;\n"
     "float4 main(float4 n : COLOR0) : COLOR { return light.col * dot(n.xyz, light.dir); }", "ps_2_a",
     {"light": (FLOAT_SET, 0, 2)}),
    # an array indexed by a computed value (a0-relative in a vertex shader) spans all its registers
    ("float4 a[10]; float4 k; float4 main(float4 p : POSITION) : POSITION { return a[(int)p.x] * k; }", "vs_2_0",
     {"a": (FLOAT_SET, 0, 10), "k": (FLOAT_SET, 10, 1)}),
    # vs_2_a assigns the same way
    ("float4 a; float4x3 m; float4 main(float4 p : POSITION) : POSITION { return float4(mul(p, m), 1) + a; }",
     "vs_2_a", {"m": (FLOAT_SET, 0, 3), "a": (FLOAT_SET, 3, 1)}),
]


@pytest.mark.parametrize(("src", "target", "expected"), ASSIGNMENTS)
def test_constant_register_assignment(src: str, target: str, expected: dict):
    assert registers(compile_(src, target)) == expected


def test_constants_are_listed_by_name_and_defs_follow_the_uniforms():
    blob = compile_(BASIC, "vs_2_0")
    names = [c["name"] for c in read_ctab(blob)["constants"]]
    assert names == sorted(names, key=str.encode)  # byte order: "$s" < "g_L..." < "g_M..." < "g_f..." < "g_m..."
    prog = decode_program(blob)
    defs = [i.dst.num for i in prog.instructions if i.op == "def"]
    assert defs and min(defs) == 18  # after c0-c17


# (HLSL declaration, a read of it, expected D3DXSHADER_TYPEINFO (class, type, rows, columns, elements)):
# D3DXPARAMETER_CLASS SCALAR 0 / VECTOR 1 / MATRIX_ROWS 2 / MATRIX_COLUMNS 3; D3DXPARAMETER_TYPE BOOL 1 / INT 2 /
# FLOAT 3; Elements 1 for a non-array
TYPES = [
    ("float v", "v", (0, 3, 1, 1, 1)), ("float3 v", "v.y", (1, 3, 1, 3, 1)),
    ("float4x4 v", "v._m33", (3, 3, 4, 4, 1)), ("row_major float4x4 v", "v._m33", (2, 3, 4, 4, 1)),
    ("float2x3 v", "v._m12", (3, 3, 2, 3, 1)), ("bool v", "v", (0, 1, 1, 1, 1)), ("int2 v", "v.y", (1, 2, 1, 2, 1)),
    ("float4 v[3]", "v[2].x", (1, 3, 1, 4, 3)),
]


@pytest.mark.parametrize(("decl", "use", "expected"), TYPES)
def test_ctab_type_info(decl: str, use: str, expected: tuple):
    src = f"{decl}; float4 main(float4 c : COLOR0) : COLOR {{ return c * (float){use}; }}"
    (c,) = read_ctab(compile_(src, "ps_2_0"))["constants"]
    t = c["type"]
    assert (t["class"], t["type"], t["rows"], t["cols"], t["elements"]) == expected


def test_ctab_struct_members_and_sampler_types():
    src = ("struct L { float3 dir; float4 col; }; L light; sampler2D a; samplerCUBE b; sampler3D c;\n"
           "float4 main(float3 t : TEXCOORD0) : COLOR {\n"
           "  return light.col * dot(t, light.dir) + tex2D(a, t.xy) + texCUBE(b, t) + tex3D(c, t); }")
    by = {c["name"]: c["type"] for c in read_ctab(compile_(src, "ps_2_0"))["constants"]}
    assert by["light"]["class"] == 5 and [m[0] for m in by["light"]["members"]] == ["dir", "col"]
    dir_t, col_t = by["light"]["members"][0][1], by["light"]["members"][1][1]
    assert (dir_t["class"], dir_t["type"], dir_t["cols"]) == (1, 3, 3) and col_t["cols"] == 4
    # D3DXPARAMETER_TYPE: SAMPLER2D 12, SAMPLER3D 13, SAMPLERCUBE 14; class D3DXPC_OBJECT 4
    assert {n: (by[n]["class"], by[n]["type"]) for n in "abc"} == {"a": (4, 12), "b": (4, 14), "c": (4, 13)}


def _raw_infos(blob: bytes) -> list[tuple[str, int, int, bytes | None]]:
    """(name, type offset, default offset, default bytes of RegisterCount registers) per constant."""
    n = struct.unpack_from("<I", blob, 4)[0] >> 16
    t = blob[12: 8 + 4 * n]
    _size, _creator, _version, count, info, _flags, _target = struct.unpack_from("<7I", t, 0)
    out = []
    for k in range(count):
        name, _set, _index, rcount, _res, toff, dv = struct.unpack_from("<I4H2I", t, info + 20 * k)
        out.append((t[name: t.index(b"\0", name)].decode(), toff, dv, t[dv: dv + 16 * rcount] if dv else None))
    return out


def test_ctab_default_values_and_shared_types():
    """Default values are RegisterCount float4 registers (a float3 padded with 0, a scalar in .x; ints and bools as
    the floats a D3D9 float register holds); equal types and equal defaults are stored once (fxc's DepthOfField
    object: LightAmbient / LightDiffuse share their float4 type and their default); types are 4-byte aligned."""
    src = ("float4 A = {1, 2, 3, 4}; float4 B = {1, 2, 3, 4}; float3 D = {0.5, 0.25, -0.5}; float s = 0.75;\n"
           "int n = -3; bool b = true; float4 u; float4x4 m;\n"
           "float4 main(float4 c : COLOR0) : COLOR { return c * A * B * D.xyzx * s * n * b + u + mul(c, m); }")
    infos = {name: (toff, dv, data) for name, toff, dv, data in _raw_infos(compile_(src, "ps_2_0"))}
    f4 = lambda *v: struct.pack("<4f", *v)  # noqa: E731
    assert infos["A"][2] == infos["B"][2] == f4(1, 2, 3, 4) and infos["A"][1] == infos["B"][1]
    assert infos["A"][0] == infos["B"][0] == infos["u"][0]  # one float4 type
    assert infos["D"][2] == f4(0.5, 0.25, -0.5, 0) and infos["s"][2] == f4(0.75, 0, 0, 0)
    assert infos["n"][2] == f4(-3, 0, 0, 0) and infos["b"][2] == f4(1, 0, 0, 0)
    assert infos["u"][1] == 0 and infos["m"][1] == 0  # no initialiser: no default
    assert all(toff % 4 == 0 and dv % 4 == 0 for toff, dv, _ in infos.values())


# --- registers of the inputs and outputs ------------------------------------------------------------------
def _dcls(blob: bytes) -> list[tuple[int, int, int]]:
    """(register type, number, usage | index << 16) of every dcl."""
    return [(i.dst.reg, i.dst.num, i.decl or 0) for i in decode_program(blob).instructions if i.op == "dcl"]


def _written(blob: bytes) -> set[tuple[int, int]]:
    return {(i.dst.reg, i.dst.num) for i in decode_program(blob).instructions
            if i.dst is not None and i.op not in ("dcl", "def", "defi")}


@pytest.mark.parametrize("target", VS2_TARGETS)
def test_vertex_shader_semantics_map_to_d3d9_registers(target: str):
    src = ("struct O { float4 p : POSITION; float4 d0 : COLOR0; float4 d1 : COLOR1; float2 t : TEXCOORD3; };\n"
           "O main(float4 p : POSITION, float3 n : NORMAL, float2 t : TEXCOORD2, float4 c : COLOR1) {\n"
           "  O o; o.p = p; o.d0 = float4(n, 1); o.d1 = c; o.t = t; return o; }")
    blob = compile_(src, target)
    usage = {num: decl for reg, num, decl in _dcls(blob) if reg == Reg.INPUT}
    # D3DDECLUSAGE: POSITION 0, NORMAL 3, TEXCOORD 5, COLOR 10; the usage index in bits 16-19
    assert sorted(usage.values()) == sorted([0, 3, 5 | 2 << 16, 10 | 1 << 16])
    assert _written(blob) >= {(Reg.RASTOUT, 0), (Reg.ATTROUT, 0), (Reg.ATTROUT, 1), (Reg.TEXCRDOUT, 3)}
    prog = decode_program(blob)
    defined = {i.dst.num for i in prog.instructions if i.op == "def"}
    read = {s.num for i in prog.instructions for s in i.srcs if s.reg == Reg.CONST}
    assert read <= defined and read_ctab(blob)["constants"] == [], "no position-offset constant: D3D9 applies none"


@pytest.mark.parametrize("target", PS2_TARGETS)
def test_pixel_shader_inputs_are_colours_and_texture_coordinates(target: str):
    src = ("float4 main(float4 c : COLOR1, float2 t : TEXCOORD5, float4 d : COLOR0) : COLOR0 {\n"
           "  return c * t.x + d; }")
    dcls = {(reg, num) for reg, num, _ in _dcls(compile_(src, target))}
    assert dcls == {(Reg.INPUT, 1), (TEXTURE, 5), (Reg.INPUT, 0)}


def test_shader_model_3_declares_every_input_and_output_with_its_semantic():
    """vs_3_0 outputs are o# registers declared with their usage ("dcl_usage output (sm3 - vs asm)"), the
    position among them; ps_3_0 inputs are v# declared with their usage ("dcl_usage input (sm3 - ps asm)")."""
    vs = ("struct O { float4 p : POSITION; float4 d : COLOR0; float2 t : TEXCOORD3; float3 n : NORMAL; };\n"
          "O main(float4 p : POSITION, float3 n : NORMAL) { O o; o.p = p; o.d = p.x; o.t = n.xy; o.n = n;"
          " return o; }")
    dcls = _dcls(compile_(vs, "vs_3_0"))
    outs = {decl: (reg, num) for reg, num, decl in dcls if reg == Reg.TEXCRDOUT}
    assert set(outs) == {0, 10, 5 | 3 << 16, 3} and {n for _r, n in outs.values()} == {0, 1, 2, 3}
    assert {(Reg.RASTOUT, 0), (Reg.ATTROUT, 0)}.isdisjoint(_written(compile_(vs, "vs_3_0")))
    ps = "float4 main(float4 c : COLOR1, float2 t : TEXCOORD5, float3 n : NORMAL0) : COLOR0 { return c * t.x + n.y; }"
    ins = {decl for reg, num, decl in _dcls(compile_(ps, "ps_3_0")) if reg == Reg.INPUT}
    assert ins == {10 | 1 << 16, 5 | 5 << 16, 3}
    # NORMAL is no ps_2_x input (only COLOR v# and TEXCOORD t#): see BAD_SEMANTICS


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_centroid_semantic_suffix(target: str):
    """``TEXCOORD0_centroid`` (the DirectX SDK's AntiAlias sample): texture coordinate 0 declared with the centroid
    modifier ("dcl_centroid t0.xy" in fxc's listing of it)."""
    src = "sampler2D s; float4 main(float2 t : TEXCOORD0_centroid) : COLOR0 { return tex2D(s, t); }"
    blob = compile_(src, target)
    (dcl,) = [i for i in decode_program(blob).instructions if i.op == "dcl" and i.dst.reg != Reg.SAMPLER]
    assert dcl.dst.num == 0 and dcl.dst.mod & 4  # D3DSPDM_MSAMPCENTROID
    assert dcl.dst.reg == (TEXTURE if target == "ps_2_0" else Reg.INPUT)
    if target == "ps_3_0":
        assert dcl.decl == 5  # D3DDECLUSAGE_TEXCOORD, index 0
    text = bytes(D3DDisassemble(blob, None, 0, None)).decode()
    assert ("dcl_centroid t0.xy" if target == "ps_2_0" else "dcl_texcoord_centroid v0.xy") in text


def test_uniform_sampler_parameter_is_named_with_a_dollar():
    """fxc names an entry point's uniform sampler parameter $name, like its uniform values (the
    uniformFuncParam listing of the DXDecompiler corpus: $diffuseMaterialColor c0, $diffuseMap s0)."""
    src = ("float4 main(float2 t : TEXCOORD0, uniform float4 diffuseMaterialColor, uniform sampler2D diffuseMap)"
           " : COLOR { return tex2D(diffuseMap, t) * diffuseMaterialColor; }")
    assert registers(compile_(src, "ps_2_0")) == {"$diffuseMaterialColor": (FLOAT_SET, 0, 1),
                                                 "$diffuseMap": (SAMPLER_SET, 0, 1)}


# (source, target, error number) -- semantics the D3D9 registers do not have
BAD_SEMANTICS = [
    ("float4 main(float4 n : NORMAL) : COLOR { return n; }", "ps_2_0", "X4502"),
    ("struct O { float4 p : POSITION; float4 n : NORMAL; }; O main(float4 p : POSITION) { O o; o.p = p; o.n = p;"
     " return o; }", "vs_2_0", "X4502"),
    ("float4 main(float4 p : POSITION, float4 q : MYDATA) : POSITION { return p + q; }", "vs_2_a", "X4502"),
]


@pytest.mark.parametrize(("src", "target", "code"), BAD_SEMANTICS)
def test_semantics_without_a_d3d9_register_fail(src: str, target: str, code: str):
    with pytest.raises(D3D11Error) as info:
        compile_(src, target)
    assert code in str(info.value) and info.value.name == "E_FAIL"


# --- profile limits ----------------------------------------------------------------------------------------
LONG_PS = "float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x;\n" + "".join(
    f"r = r * x.{'xyzw'[i % 4]} + k;\n" for i in range(70)) + "return r; }"
VERY_LONG_PS = "float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x;\n" + "".join(
    f"r = sin(r * x.{'xyzw'[i % 4]} + k);\n" for i in range(70)) + "return r; }"
MANY_CONSTS = ("float4 w[40]; float4 main(float2 t : TEXCOORD0) : COLOR { float4 r = 0;\n"
               "[unroll] for (int i = 0; i < 40; i++) r += w[i]; return r * t.x; }")
GRADIENTS = "float4 main(float4 x : TEXCOORD0) : COLOR { return ddx(x) + ddy(x); }"
DEPENDENT5 = ("sampler2D s; float4 main(float2 t : TEXCOORD0) : COLOR {\n"
              "  return tex2D(s, tex2D(s, tex2D(s, tex2D(s, tex2D(s, t).xy).xy).xy).xy); }")
#: 16 values alive at once plus their sums: 18 temporaries (ps_2_0 / vs_2_0 have 12, vs_2_a 13, ps_2_a 22,
#: ps_2_b / vs_3_0 / ps_3_0 32; X4509 is this project's number -- fxc's is not documented)
TEMPS_PS = ("float4 c[16]; float4 main(float4 x : TEXCOORD0, float4 y : TEXCOORD1) : COLOR {\n"
            + "".join(f"float4 a{i} = x * c[{i}] + y;\n" for i in range(16))
            + "return " + " * ".join(f"(a{i} + a{(i + 1) % 16})" for i in range(16)) + "; }")
TEMPS_VS = TEMPS_PS.replace("TEXCOORD0", "POSITION").replace("TEXCOORD1", "TEXCOORD0").replace("COLOR", "POSITION")
LONG_VS = "float4 k; float4 main(float4 x : POSITION) : POSITION { float4 r = x;\n" + "".join(
    f"r = sin(r * x.{'xyzw'[i % 4]} + k);\n" for i in range(9)) + "return r; }"

# (source, target, error or None when it compiles) -- ps_2_0: 64 arithmetic slots (X5608), 32 constants;
# ps_2_a / ps_2_b: 512 slots; gradient instructions only where D3DPS20CAPS_GRADIENTINSTRUCTIONS (ps_2_a)
LIMITS = [
    (LONG_PS, "ps_2_0", "X5608"), (LONG_PS, "ps_2_a", None), (LONG_PS, "ps_2_b", None),
    (VERY_LONG_PS, "ps_2_a", "X5609"), (VERY_LONG_PS, "ps_2_b", "X5609"),
    # ps_2_x: fxc allocates 8192 constant slots and its validator refuses a read of c32 on (X5200 "(Second source
    # param) Invalid register number: 32. Max allowed for this type is 31."; d3dcompiler_47 10.1, session 40)
    (MANY_CONSTS, "ps_2_0", "X5200"), (MANY_CONSTS, "ps_2_b", "X5200"),
    (MANY_CONSTS.replace("COLOR", "POSITION").replace("TEXCOORD0", "POSITION"), "vs_2_0", None),
    (GRADIENTS, "ps_2_0", "X4532"), (GRADIENTS, "ps_2_b", "X4532"), (GRADIENTS, "ps_2_a", None),
    # dependent texture reads: 4 levels at ps_2_0 and ps_2_b, no limit at ps_2_a / ps_3_0 (X4121: inferred number)
    (DEPENDENT5, "ps_2_0", "X4121"), (DEPENDENT5, "ps_2_b", "X4121"), (DEPENDENT5, "ps_2_a", None),
    (DEPENDENT5, "ps_3_0", None),
    # vertex shaders: 256 slots at vs_2_0 / vs_2_a, 512 at vs_3_0
    (LONG_VS, "vs_2_0", "X5609"), (LONG_VS, "vs_2_a", "X5609"), (LONG_VS, "vs_3_0", None),
    (GRADIENTS, "ps_3_0", None),
    (TEMPS_PS, "ps_2_0", "X4509"), (TEMPS_PS, "ps_2_a", None), (TEMPS_PS, "ps_2_b", None), (TEMPS_PS, "ps_3_0", None),
    (TEMPS_VS, "vs_2_0", "X4509"), (TEMPS_VS, "vs_2_a", "X4509"), (TEMPS_VS, "vs_3_0", None), (VERY_LONG_PS, "ps_3_0", "X5609"), (LONG_PS, "ps_3_0", None),
    # ps_3_0: 224 float constants; vs_3_0: 256
    (MANY_CONSTS.replace("40", "230"), "ps_3_0", "X4507"), (MANY_CONSTS.replace("40", "220"), "ps_3_0", None),
]


@pytest.mark.parametrize(("src", "target", "code"), LIMITS)
def test_profile_limits(src: str, target: str, code: str | None):
    if code is None:
        blob = compile_(src, target)
        if "ddx" in src:
            assert {"dsx", "dsy"} <= {i.op for i in decode_program(blob).instructions}
        return
    with pytest.raises(D3D11Error) as info:
        compile_(src, target)
    assert code in str(info.value)


# --- blob functions on D3D9 bytecode -----------------------------------------------------------------------
def test_disassembly_is_fxcs_d3d9_listing():
    src = ("bool bT; sampler2D MeshTextureSampler;\n"
           "float4 main(float4 c : COLOR0, float2 uv : TEXCOORD0) : COLOR0 {\n"
           "  return bT ? tex2D(MeshTextureSampler, uv) * c : c; }")
    text = bytes(D3DDisassemble(compile_(src, "ps_2_0"), None, 0, None)).decode().rstrip("\0")
    lines = text.splitlines()
    assert lines[:5] == ["//", "// Generated by Microsoft (R) HLSL Shader Compiler 10.1", "//", "// Parameters:", "//"]
    assert "//   sampler2D MeshTextureSampler;" in lines and "//   bool bT;" in lines
    assert "//   bT                 c0       1" in lines and "//   MeshTextureSampler s0       1" in lines
    assert "    ps_2_0" in lines and "    dcl t0.xy" in lines and "    dcl_2d s0" in lines
    assert lines[-1].startswith("// approximately ") and lines[-1].endswith(" arithmetic)")
    # a short name: the column is 12 wide at least, as in fxc's listings ("//   Texture0     s0       1")
    short = bytes(D3DDisassemble(compile_("float4 k; float4 main(float4 c : COLOR0) : COLOR { return c * k; }",
                                          "ps_2_0"), None, 0, None)).decode()
    assert "//   Name         Reg   Size\n//   ------------ ----- ----\n//   k            c0       1\n" in short
    only = bytes(D3DDisassemble(compile_(src, "ps_2_0"), None, D3D_DISASM_INSTRUCTION_ONLY, None)).decode().rstrip("\0")
    assert only.splitlines()[0] == "    ps_2_0" and "Parameters" not in only


def test_reflection_and_blob_parts_refuse_d3d9_bytecode():
    blob = compile_("float4 main(float4 c : COLOR0) : COLOR { return c; }", "ps_2_0")
    with pytest.raises(D3D11Error) as info:
        D3DReflect(blob)
    assert info.value.name == "D3DERR_INVALIDCALL"  # not the DXBC container D3DReflect parses
    with pytest.raises(D3D11Error) as info:
        D3DGetBlobPart(blob, None, 0, 0)
    # d3dcompiler_47 10.1 under Wine: data without the DXBC tag is D3DERR_INVALIDCALL for every blob function
    # (session 37, tests/test_rules_d3dcompiler_api_s37.py "Direct3D 9 tokens"; this said E_FAIL)
    assert info.value.name == "D3DERR_INVALIDCALL"


@pytest.mark.parametrize("target", ["tx_1_0"])  # vs_1_1: built (test_sm2_vs11.py)
def test_unbuilt_d3d9_targets_say_so(target: str):
    with pytest.raises(NotSupportedError, match=target):
        compile_("float4 main(float4 c : COLOR0) : COLOR { return c; }", target)


# shader-model-3 features the translation did not build: a VFACE read as a bool (session 25:
# test_hlsl_d3d9_sm3.py, INTEGER_FACES), VPOS .z / .w (X5631 now,
# "Registers - ps_3_0": vPos has x and y; test_sm2_d3d9_rules.py)

# tex*lod -> texldl (shader model 3, pixel and vertex shaders): (source, target, sampler type name)
TEXLDL = [
    ("sampler2D s; float4 main(float2 t : TEXCOORD0, float l : TEXCOORD1) : COLOR {\n"
     "  return tex2Dlod(s, float4(t, 0, l)); }", "ps_3_0", 2),
    ("samplerCUBE s : register(s2); float4 main(float3 t : TEXCOORD0, float l : TEXCOORD1) : COLOR {\n"
     "  return texCUBElod(s, float4(t, l)); }", "ps_3_0", 3),
    ("sampler2D s : register(s1); struct O { float4 p : POSITION; float4 c : COLOR0; };\n"
     "O main(float4 p : POSITION, float2 t : TEXCOORD0, float l : TEXCOORD1) {\n"
     "  O o; o.p = p; o.c = tex2Dlod(s, float4(t, 0, l)); return o; }", "vs_3_0", 2),
]


@pytest.mark.parametrize(("src", "target", "dims"), TEXLDL)
def test_lod_sampling_is_texldl_with_the_lod_in_w(src: str, target: str, dims: int):
    """Run with a stand-in texture that returns its coordinates: the result must be (coord..., lod in w) read
    through the sampler register the CTAB names."""
    blob = compile_(src, target)
    prog = decode_program(blob)
    assert "texldl" in {i.op for i in prog.instructions} and validate(prog) == []
    (smp,) = [c for c in read_ctab(blob)["constants"] if c["set"] == SAMPLER_SET]
    rng = np.random.default_rng(5)
    n = 16
    coord, lod = rng.uniform(-1, 1, (n, 4)).astype(F), rng.uniform(0, 4, (n, 4)).astype(F)
    regs = {}
    for i in prog.instructions:
        if i.op == "dcl" and i.dst.reg == Reg.INPUT:
            usage, index = i.decl & 0xF, i.decl >> 16 & 0xF
            regs[(Reg.INPUT, i.dst.num)] = {(5, 0): coord, (5, 1): lod}.get((usage, index), coord)
    seen = []

    def sample(sampler: int, c: np.ndarray, how) -> np.ndarray:
        assert how == "texldl"
        seen.append(sampler)
        return c

    m = Sm2Machine(prog, n, regs, np.zeros((256, 4), F), sample).run()
    out = m.out(Reg.COLOROUT, 0) if target[:2] == "ps" else next(
        m.out(Reg.TEXCRDOUT, i.dst.num) for i in prog.instructions if i.op == "dcl" and i.dst.reg == Reg.TEXCRDOUT
        and i.decl & 0xF == 10)
    np.testing.assert_array_equal(out[:, :dims], coord[:, :dims])
    np.testing.assert_array_equal(out[:, 3], lod[:, 0])
    assert seen == [smp["index"]]




# --- the programs compute what the HLSL means -------------------------------------------------------------
VS_PROGRAMS = [
    # an immediate table read a0-relative (its def rows must stay consecutive) after a dynamic loop
    """float4 k; struct O { float4 p : POSITION; float4 a : TEXCOORD0; };
    O main(float4 x : POSITION, float4 y : TEXCOORD0) { O o; float4 r = y;
    for (int i2 = 0; i2 < (int)abs(x.w * 2) + 1; i2++) r.yz += 0.5;
    { static const int tb[3] = { 4, -1, 9 }; r.z += tb[clamp((int)y.w + 1, 0, 2)] * 0.5; }
    o.p = x * k; o.a = r; return o; }""",
    """float4 w; struct O { float4 p : POSITION; float2 a : TEXCOORD0; float2 b : TEXCOORD1; float c : FOG; };
    O main(float4 p : POSITION, float2 t : TEXCOORD0) { O o; o.p = p; o.a = t * w.xy; o.b = p.zw + w.zw;
    o.c = dot(p, w); return o; }""",
    """float4 w; struct O { float4 p : POSITION; float4 t : TEXCOORD0; };
    O main(float4 p : POSITION) { O o; o.p = p * w; o.t = float4(sin(p.x), cos(p.y), sin(p.z * 3), 1); return o; }""",
    """float4x4 wvp; float4 tint; float s;
    struct O { float4 p : POSITION; float4 d : COLOR0; float2 t : TEXCOORD0; float3 n : TEXCOORD1; };
    O main(float4 p : POSITION, float3 n : NORMAL, float2 t : TEXCOORD0) {
      O o; o.p = mul(p, wvp); o.d = float4(normalize(n), 1) * tint; o.t = t * s; o.n = cross(n, tint.xyz); return o; }""",
    """float4 a; float3 b; float4x3 m;
    struct O { float4 p : POSITION; float4 d : COLOR1; float4 t : TEXCOORD2; };
    O main(float4 p : POSITION, float4 c : COLOR0) {
      O o; o.p = float4(mul(p, m), 1) + a; o.d = c.x > b.y ? c * a : c - a; o.t = max(p, -c) * b.z; return o; }""",
]
PS_PROGRAMS = [
    """float4 k; float3 l; float g;
    float4 main(float4 c : COLOR0, float2 t : TEXCOORD0, float3 n : TEXCOORD1) : COLOR {
      return c * k + float4(t, dot(n, l), g) * (n.x > 0 ? 2 : 0.5); }""",
    # ps_3_0 only: vPos (the position read from the misc register, x and y)
    """float4 k; float4 main(float2 p : VPOS, float4 c : COLOR0, float2 t : TEXCOORD0) : COLOR {
      return float4(p * k.xy, t) * c; }""",
    """float4 k[3]; float4 main(float4 d : COLOR1, float4 t : TEXCOORD3, uniform float4 u) : COLOR0 {
      float4 r = d * k[0] + t * k[2]; return abs(r) + min(t, u) + lerp(d, t, k[1].x); }""",
]


def _rand(rng, n: int) -> np.ndarray:
    return rng.uniform(-3, 3, (n, 4)).astype(F)


def _semantic_key(name: str, index: int) -> tuple[str, int]:
    name = name.upper()
    return ("POSITION", index) if name == "SV_POSITION" else ("COLOR", index) if name == "SV_TARGET" else (name, index)


def _run_both(src: str, target: str, seed: int, flags: int = 0,
              bools: dict[str, int] | None = None) -> list[tuple[np.ndarray, np.ndarray, str]]:
    """(SM4 result, D3D9 result, element) per output element: the SM4 program (vs_4_0 / ps_4_0, D3D9 semantics
    through D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY) on pyd3d11's executor, the D3D9 program on the test's
    interpreter; inputs matched by semantic, constants by name, each side through its own reflection. ``flags``:
    the D3D9 compile's; ``bools``: bool constants' values by CTAB name (random otherwise); a bool in the BOOL
    register set is loaded into its b# (SetVertexShaderConstantB)."""
    rng = np.random.default_rng(seed)
    n = 48
    kind = target[:2]
    d3d9_blob = compile_(src, target, flags=flags)
    d3d9 = decode_program(d3d9_blob)
    errs = validate(d3d9, frozenset(c["index"] for c in read_ctab(d3d9_blob)["constants"] if c["set"] == INT_SET))
    if target in ("vs_2_a", "vs_3_0"):  # vs_2_x / vs_3_0 have dynamic flow control ("vs_2_x Instructions":
        # break, break_comp); the validator's vs_2_x is the level-9 one, which has not
        errs = [e for e in errs if "break" not in e]
    assert errs == [], errs
    if target == "ps_2_b":  # 2.x without D3DPS20CAPS_ARBITRARYSWIZZLE / GRADIENTINSTRUCTIONS / PREDICATION
        ps20 = {(0, 1, 2, 3), (1, 2, 0, 3), (2, 0, 1, 3), (3, 2, 1, 0)}
        for i in d3d9.instructions:
            assert i.op not in ("dsx", "dsy", "texldd", "setp") and not i.predicated
            assert all(len(set(x.swizzle)) == 1 or tuple(x.swizzle) in ps20 for x in i.srcs if x.reg != Reg.SAMPLER)
    sm4_blob = compile_(src, f"{kind}_4_0", flags=D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY)
    c = parse_container(sm4_blob)
    rdef = parse_rdef(c.get("RDEF"))
    isgn, osgn = parse_signature(c.get("ISGN"), "ISGN"), parse_signature(c.get("OSGN"), "OSGN")
    sm4 = decode_sm4(c.program)
    # constants: random values per variable register, written at the SM4 offsets and the CTAB registers
    b = Bindings()
    consts = np.zeros((256, 4), F)
    ctab = {cst["name"]: cst for cst in read_ctab(d3d9_blob)["constants"]}
    slots = {x.name: x.bind_point for x in rdef.bindings if x.input_type == 0}
    iconsts, bconsts = {}, {}
    for cb in rdef.constant_buffers:
        data = np.zeros(max(cb.size, 16) // 4, np.uint32)
        for v in cb.variables:
            name = ("$" if cb.name == "$Params" else "") + v.name
            if v.type.var_type in (2, 19):  # int / uint: small counts; D3D9 holds the float of the value (or i#.x)
                nums = rng.integers(0, 7, v.size // 4).astype(F)
                words = nums.astype(np.int32).view(np.uint32)
            elif v.type.var_type == 1:  # bool: D3D9 holds 1.0 / 0.0 (D3DX SetBool), SM4 any non-zero dword
                nums = rng.integers(0, 2, v.size // 4).astype(F)
                if bools is not None and name in bools:
                    nums[:] = bools[name]
                words = nums.astype(np.uint32) * np.uint32(0xFFFFFFFF)
            else:
                nums = rng.uniform(-2, 2, v.size // 4).astype(F)
                words = nums.view(np.uint32)
            data[v.start_offset // 4: v.start_offset // 4 + len(words)] = words
            if name in ctab:  # register k of the D3D9 constant = the variable's bytes [16k, 16k + 16)
                cst = ctab[name]
                for k in range(cst["count"]):
                    part = nums[4 * k: 4 * k + 4]
                    if cst["set"] == INT_SET:
                        iconsts[cst["index"] + k] = np.array([int(part[0]), 0, 0, 0], np.int32)
                    elif cst["set"] == BOOL_SET:
                        bconsts[cst["index"] + k] = bool(part[0])
                    else:
                        consts[cst["index"] + k, : len(part)] = part
        b.set_cbuffer(slots[cb.name], data)
    # inputs by semantic
    values = {_semantic_key(e.semantic_name, e.semantic_index): _rand(rng, n) for e in isgn.elements}
    top = max(e.register for e in isgn.elements) + 1
    sm4_in = np.zeros((top, n, 4), np.uint32)
    for e in isgn.elements:  # an element packed at .zw takes its value's x, y there
        lanes = [k for k in range(4) if e.mask >> k & 1]
        v = values[_semantic_key(e.semantic_name, e.semantic_index)].view(np.uint32)
        sm4_in[e.register][:, lanes] = v[:, : len(lanes)]
    regs = {}
    names = {0: "POSITION", 3: "NORMAL", 5: "TEXCOORD", 10: "COLOR", 11: "FOG"}  # D3DDECLUSAGE
    sm3_out = {}  # vs_3_0: (semantic, index) -> o#
    if kind == "vs" or d3d9.major == 3:
        for i in d3d9.instructions:
            if i.op == "dcl" and i.dst.reg == Reg.INPUT:
                regs[(Reg.INPUT, i.dst.num)] = values[(names[i.decl & 0xF], i.decl >> 16 & 0xF)]
            elif i.op == "dcl" and i.dst.reg == Reg.TEXCRDOUT:
                sm3_out[(names[i.decl & 0xF], i.decl >> 16 & 0xF)] = (Reg.TEXCRDOUT, i.dst.num)
            elif i.op == "dcl" and i.dst.reg == Reg.MISCTYPE and i.dst.num == 0:  # vPos: the pixel's x, y
                # the vs_4_0 reference reads VPOS as a plain input carrying the same values
                (pos,) = [e for e in isgn.elements if e.system_value == 1 or e.semantic_name.upper() == "VPOS"]
                regs[(Reg.MISCTYPE, 0)] = values[_semantic_key(pos.semantic_name, pos.semantic_index)]
    else:
        for (name, idx), v in values.items():
            regs[(Reg.INPUT if name == "COLOR" else TEXTURE, idx)] = v
    res = run_program(sm4, n, inputs=sm4_in, bindings=b)
    m = Sm2Machine(d3d9, n, regs, consts, iconsts=iconsts, bconsts=bconsts).run()
    out = []
    for e in osgn.elements:
        name, idx = _semantic_key(e.semantic_name, e.semantic_index)
        reg = sm3_out[(name, idx)] if sm3_out else {
            ("vs", "POSITION"): (Reg.RASTOUT, 0), ("vs", "COLOR"): (Reg.ATTROUT, idx),
            ("vs", "TEXCOORD"): (Reg.TEXCRDOUT, idx), ("vs", "FOG"): (Reg.RASTOUT, 1),
            ("ps", "COLOR"): (Reg.COLOROUT, idx)}[(kind, name)]
        lanes = [k for k in range(4) if e.mask >> k & 1]
        # a D3D9 register holds its element from x on (no packing); the SM4 one may sit at .zw
        out.append((res.outputs[e.register].view(F)[:, lanes], m.out(*reg)[:, : len(lanes)], f"{name}{idx}"))
    return out


# loops: a count from an int constant (rep i#, the constant in the INT4 set) and a loop left on a computed value
# (rep + break_comp: dynamic flow control); (source, targets that run it, targets that refuse it with X3511)
LOOPS = [
    ("""int n; float4 k; struct O { float4 p : POSITION; };
     O main(float4 p : POSITION) { O o; float4 r = p; for (int i = 0; i < n; i++) r = r * 0.75 + k; o.p = r;
     return o; }""", VS_TARGETS, []),
    ("""float4 k; struct O { float4 p : POSITION; };
     O main(float4 p : POSITION) { O o; float4 r = abs(p) + 0.1; int i = 0;
     while (r.x < 10 && i < 60) { r = r * 1.5 + abs(k); i++; } o.p = r; return o; }""", ["vs_2_a", "vs_3_0"],
     ["vs_2_0"]),
    ("""int n; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x;
     for (int i = 0; i < n; i++) r = r * 0.75 + k; return r; }""", ["ps_3_0"], PS2_TARGETS),
    # (60 predicated copies: 424 slots at ps_2_a / 2_b since session 34's smaller selects, within their 512)
    ("""float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = abs(x) + 0.1; int i = 0;
     while (r.x < 10 && i < 60) { r = r * 1.5 + abs(k); i++; } return r; }""", ["ps_3_0", "ps_2_a", "ps_2_b"],
     ["ps_2_0"]),
    # bools carried around a rep loop, starting false and or-ed with comparisons (fxaa's doneN / doneP), read by
    # ``!done`` (an integer test of the mask against 0) and combined by ``&&``
    ("""float4 k; float4 main(float4 x : TEXCOORD0) : COLOR {
     float4 r = abs(x) + 0.1; bool doneA = false; bool doneB = false;
     for (int i = 0; i < 16; i++) {
       if (!doneA) r.x = r.x * 1.5 + abs(k.x);
       if (!doneB) r.y = r.y * 1.25 + abs(k.y);
       doneA = doneA || r.x > 5; doneB = doneB || r.y > 3;
       if (doneA && doneB) break;
       if (!doneA) r.z += 1; }
     return r; }""", ["ps_3_0", "ps_2_a", "ps_2_b"], ["ps_2_0"]),  # 2_x: 16 predicated copies fit 512 slots
    # since temps no skipping lane reads again are written unpredicated (session 25, sm2/liveness.py)
]


@pytest.mark.parametrize(("src", "good", "bad"), LOOPS)
def test_loops_compute_what_the_sm4_program_computes(src: str, good: list, bad: list):
    for target in good:
        for expect, got, name in _run_both(src, target, seed=3):
            np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=f"{target} {name}")
    for target in bad:
        with pytest.raises(D3D11Error) as info:
            compile_(src, target)
        # a literal bound (i < 16) ends the unrolling, its break predicated: then too many slots; so does one
        # and-ed with a run-time test (i < 60 here: fxc's MultiAnimation_SkinningVS listing, DXDecompiler's
        # ShadersDX9, unrolls `(iBone < 3) && (iBone < iNumBones - 1)` three times; session 24 SM3G)
        assert "X3511" in str(info.value) or (("i < 16" in src or "i < 60" in src) and (
            "X5608" in str(info.value) or "X5609" in str(info.value)))
    if "int n" in src:  # the count lives in the INT4 register set (D3DXRS_INT4 = 1)
        assert registers(compile_(src, good[-1]))["n"][0] == INT_SET


BOTH_USES = """int n; float4 k; float4 main(float4 x : TEXCOORD0) : COLOR { float4 r = x;
     for (int i = 0; i < n; i++) r = r * 0.75 + k; return r / (n + 1); }"""


@pytest.mark.parametrize("target", ["ps_3_0", "vs_2_a", "vs_3_0", "vs_2_0"])
def test_an_int_that_is_loop_count_and_value(target: str):
    """``n`` bounds a loop and is divided by: a rep count lives in i#, a value in c#; where the target has
    dynamic flow control the loop is left by its own test against n's float register (rep + break_comp) and n
    is one float constant; vs_2_0 (no dynamic flow control) names what it lacks."""
    src = BOTH_USES if target[:2] == "ps" else BOTH_USES.replace("TEXCOORD0) : COLOR", "POSITION) : POSITION")
    if target == "vs_2_0":
        with pytest.raises(NotSupportedError, match="loop count and as a value"):
            compile_(src, target)
        return
    assert registers(compile_(src, target))["n"][0] == FLOAT_SET
    for expect, got, name in _run_both(src, target, seed=4):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("target", VS_TARGETS)
@pytest.mark.parametrize("idx", range(len(VS_PROGRAMS)))
def test_vertex_programs_compute_what_the_sm4_program_computes(idx: int, target: str):
    if "i2 <" in VS_PROGRAMS[idx] and target == "vs_2_0":  # a loop left on a computed value: dynamic flow
        with pytest.raises(D3D11Error, match="X3511"):
            compile_(VS_PROGRAMS[idx], target)
        return
    for expect, got, name in _run_both(VS_PROGRAMS[idx], target, seed=idx):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)


@pytest.mark.parametrize("target", PS_TARGETS)
@pytest.mark.parametrize("idx", range(len(PS_PROGRAMS)))
def test_pixel_programs_compute_what_the_sm4_program_computes(idx: int, target: str):
    if "VPOS" in PS_PROGRAMS[idx] and target != "ps_3_0":
        with pytest.raises(D3D11Error, match="X4502"):  # no position register before ps_3_0
            compile_(PS_PROGRAMS[idx], target)
        return
    for expect, got, name in _run_both(PS_PROGRAMS[idx], target, seed=10 + idx):
        np.testing.assert_allclose(got, expect, rtol=2e-5, atol=2e-5, err_msg=name)


# the reference's legacy sampling intrinsics ("Intrinsic Functions": tex1Dbias ... texCUBEproj) that were missing:
# (call, the SM4 instruction it samples with)
LEGACY_SAMPLING = [
    ("tex1Dbias(s1, float4(t.x, 0, 0, 1))", "sample_b"), ("tex1Dproj(s1, float4(t.x, 0, 0, 2))", "sample"),
    ("tex3Dbias(s3, float4(t, 1))", "sample_b"), ("tex3Dproj(s3, float4(t, 2))", "sample"),
    ("texCUBEbias(sc, float4(t, 1))", "sample_b"), ("texCUBEproj(sc, float4(t, 2))", "sample"),
    ("texCUBElod(sc, float4(t, 1))", "sample_l"), ("texCUBEgrad(sc, t, t, t)", "sample_d"),
]


@pytest.mark.parametrize(("call", "op"), LEGACY_SAMPLING)
def test_legacy_sampling_intrinsics(call: str, op: str):
    from pyd3d11.d3dcompiler import D3DCOMPILE_ENABLE_BACKWARDS_COMPATIBILITY as COMPAT

    src = ("sampler1D s1; sampler3D s3; samplerCUBE sc;\n"
           f"float4 main(float3 t : TEXCOORD0) : COLOR {{ return {call}; }}")
    text = bytes(D3DDisassemble(compile_(src, "ps_4_0", flags=COMPAT), None, 0, None)).decode()
    assert any(line.split()[0] == op for line in text.splitlines() if line and not line.startswith("//"))
    if op in ("sample", "sample_b"):
        assert decode_program(compile_(src, "ps_2_0")).kind == "ps"  # texld / texldb at ps_2_0


TWO_CBUFFERS_ONE_NAME = """cbuffer cb : register(b1) { float4 m1; };
cbuffer cb { float4 m2; float4 m3; };
float4 main(float4 x : TEXCOORD0) : COLOR { return m1 + m2 * x + m3; }"""


@pytest.mark.parametrize("target", ["ps_2_0", "ps_3_0"])
def test_two_cbuffers_of_one_name_keep_their_own_constants(target: str):
    """Two cbuffers may share a name (vkd3d cbuffer.shader_test compiles such a pair below SM 6): each one's
    constants are found through its own buffer, not through the first binding of that name (E_NOTIMPL before:
    "a constant-buffer register outside every variable"). The D3D9 program runs on the test's interpreter with
    each constant loaded at its CTAB register; the expected colour is m1 + m2 * x + m3 computed here."""
    blob = compile_(TWO_CBUFFERS_ONE_NAME, target)
    ctab = {c["name"]: c for c in read_ctab(blob)["constants"]}
    assert sorted(ctab) == ["m1", "m2", "m3"] and all(c["count"] == 1 for c in ctab.values())
    rng = np.random.default_rng(5)
    vals = {k: rng.uniform(-2, 2, 4).astype(F) for k in ctab}
    consts = np.zeros((256, 4), F)
    for k, c in ctab.items():
        consts[c["index"]] = vals[k]
    x = rng.uniform(-1, 1, (16, 4)).astype(F)
    reg = TEXTURE if target == "ps_2_0" else Reg.INPUT  # TEXCOORD0: t0 at ps_2_0, v0 at ps_3_0
    m = Sm2Machine(decode_program(blob), len(x), {(reg, 0): x}, consts).run()
    want = (vals["m1"] + vals["m2"] * x) + vals["m3"]
    np.testing.assert_allclose(m.out(Reg.COLOROUT, 0), want, rtol=1e-6, atol=1e-6)
