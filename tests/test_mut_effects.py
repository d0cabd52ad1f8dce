"""Effect-file rules of effects/fxparse.py that the session-25 mutation round found unpinned (all 18 points of the
module; guards test_effects_compile / _header_rules / _variables / _states). Expected values from the effect
format, not from the code under test:

- A technique's and a pass's name is optional ("Effect Format": ``technique11 [name] [<annotations>] { ... }``):
  an unnamed technique has no name (FX11's TechniqueDesc.Name is NULL: the binary's name offset 0), at the top
  level and inside an fxgroup, with or without annotations. An fxgroup holds technique10 / technique11 blocks
  only; anything else there is a syntax error (X3000).
- FX11's loader (EffectLoad.cpp, Binary/EffectBinaryFormat.h) refuses with E_FAIL: a numeric type whose
  packed TypeInfo (layout bits 0-2, scalar type 3-7, rows 8-10, columns 11-13) has any of rows, columns outside
  1-4, a layout outside ENL_Scalar..ENL_Matrix (1-3) or a scalar type outside EST_Float..EST_Bool (1-4) -- each
  field on its own; a header with more inline shaders than shaders (cInlineShaders > cTotalShaders).
- A numeric state value written as a signed integer literal (``SlopeScaledDepthBias = -2;``, ``DepthBias = +3;``)
  is that number, converted to the state's type (FX11 ExecuteConstantAssignment): -2 -> -2.0 for a float state.
"""

from __future__ import annotations

import struct

import pytest

from pyd3d11 import quick_device
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects import D3DX11CompileEffectFromMemory, D3DX11CreateEffectFromMemory
from pyd3d11.errors import E_FAIL, D3D11Error, ShaderCompileError

pytestmark = pytest.mark.backend_independent  # compiles and reads effects; runs no shader


@pytest.fixture(scope="module")
def device():
    return quick_device()[0]


VS = "float4 vs(float4 p : POSITION) : SV_Position { return p; }\n"


def _effect(device, src: str):
    return D3DX11CompileEffectFromMemory(src, len(src), "t.fx", None, None, 0, 0, device)


@pytest.mark.parametrize(("body", "techniques"), [
    ("technique11 { pass P0 { SetVertexShader(CompileShader(vs_5_0, vs())); } }", [(None, 1, 0)]),
    ("technique11 <string a = \"x\";> { pass { } }", [(None, 1, 1)]),
    ("technique10 { pass { } pass Q { } }", [(None, 2, 0)]),
    ("technique11 T1 { pass { } } technique11 { pass { } }", [("T1", 1, 0), (None, 1, 0)]),
    ("fxgroup G { technique11 { pass { } } technique11 T2 { pass { } } }", [(None, 1, 0), ("T2", 1, 0)]),
    ("fxgroup G { technique11 <int k = 3; float f = 1;> { pass { } } }", [(None, 1, 2)]),
    ("fxgroup G <int k = 3;> { technique10 { pass { } } }", [(None, 1, 0)]),
])
def test_unnamed_techniques(device, body: str, techniques):
    eff = _effect(device, VS + body)
    got = []
    for i in range(eff.GetDesc().Techniques):
        d = eff.GetTechniqueByIndex(i).GetDesc()
        got.append((d.Name, d.Passes, d.Annotations))
    assert got == techniques


@pytest.mark.parametrize("body", [
    "fxgroup G { pass P { } }",
    "fxgroup G { technique T { pass P { } } }",
    "fxgroup G { float x; }",
])
def test_an_fxgroup_holds_technique10_and_technique11_only(device, body: str):
    with pytest.raises(ShaderCompileError, match="X3000"):
        _effect(device, VS + body)


@pytest.mark.parametrize(("kind", "body", "field", "want"), [
    ("RasterizerState", "SlopeScaledDepthBias = -2;", "SlopeScaledDepthBias", -2.0),
    ("RasterizerState", "SlopeScaledDepthBias = +2;", "SlopeScaledDepthBias", 2.0),
    ("RasterizerState", "DepthBiasClamp = -1;", "DepthBiasClamp", -1.0),
    ("RasterizerState", "DepthBias = -7;", "DepthBias", -7),
    ("RasterizerState", "DepthBias = +3;", "DepthBias", 3),
    ("SamplerState", "MipLODBias = -3;", "MipLODBias", -3.0),
    ("SamplerState", "MinLOD = -1;", "MinLOD", -1.0),
])
def test_signed_integer_literals_on_numeric_states(device, kind: str, body: str, field: str, want):
    src = f"{kind} s {{ {body} }};\n"
    var = _effect(device, src).GetVariableByName("s")
    iface = var.AsRasterizer() if kind == "RasterizerState" else var.AsSampler()
    assert getattr(iface.GetBackingStore(0), field) == want


ONE_VECTOR = "cbuffer C { float4 v; };\n" + VS + "technique11 T { pass P { SetVertexShader(CompileShader(vs_5_0, vs())); } }"


def _blob() -> bytearray:
    return bytearray(bytes(D3DCompile(ONE_VECTOR, len(ONE_VECTOR), "t.fx", None, None, "", "fx_5_0", 0, 0)))


def _type_bits_offset(blob: bytes) -> int:
    # SBinaryType of float4: oName, EVT_Numeric 1, Elements 0, TotalSize 16, Stride 16, PackedSize 16, TypeInfo
    at = blob.find(struct.pack("<5I", 1, 0, 16, 16, 16))
    assert at > 0 and blob.find(struct.pack("<5I", 1, 0, 16, 16, 16), at + 1) < 0
    return at + 20


def _bits(layout: int, scalar: int, rows: int, cols: int) -> int:
    return layout | scalar << 3 | rows << 8 | cols << 11


@pytest.mark.parametrize(("layout", "scalar", "rows", "cols", "ok"), [
    (2, 1, 1, 4, True),  # the float4 as written
    (2, 4, 1, 4, True),  # a bool4: still a valid type
    (2, 1, 0, 4, False), (2, 1, 5, 4, False), (2, 1, 1, 0, False), (2, 1, 1, 5, False),
    (0, 1, 1, 4, False), (4, 1, 1, 4, False), (2, 0, 1, 4, False), (2, 5, 1, 4, False),
])
def test_loader_checks_each_numeric_type_field(device, layout: int, scalar: int, rows: int, cols: int, ok: bool):
    blob = _blob()
    at = _type_bits_offset(blob)
    assert struct.unpack_from("<I", blob, at)[0] & 0x3FFF == _bits(2, 1, 1, 4)
    struct.pack_into("<I", blob, at, _bits(layout, scalar, rows, cols))
    if ok:
        assert D3DX11CreateEffectFromMemory(bytes(blob), len(blob), 0, device).IsValid()
        return
    with pytest.raises(D3D11Error) as e:
        D3DX11CreateEffectFromMemory(bytes(blob), len(blob), 0, device)
    assert e.value.hresult == E_FAIL


@pytest.mark.parametrize(("total", "inline", "ok"), [(1, 1, True), (1, 0, True), (1, 2, False), (0, 1, False)])
def test_loader_refuses_more_inline_shaders_than_shaders(device, total: int, inline: int, ok: bool):
    blob = _blob()
    assert struct.unpack_from("<2I", blob, 17 * 4) == (1, 1)  # cTotalShaders, cInlineShaders of the one VS
    struct.pack_into("<2I", blob, 17 * 4, total, inline)
    if ok:
        D3DX11CreateEffectFromMemory(bytes(blob), len(blob), 0, device)
        return
    with pytest.raises(D3D11Error) as e:
        D3DX11CreateEffectFromMemory(bytes(blob), len(blob), 0, device)
    assert e.value.hresult == E_FAIL


# effects/fxcompile.py (seed 27, 20 of 388 points). Every object type of "Effect Format" / HLSL objects has its
# D3D_SHADER_VARIABLE_TYPE (d3dcommon.h; the values from pyd3d11's header module, not the effect tables)
OBJECT_TYPES = {
    "Texture1D": "TEXTURE1D", "Texture1DArray": "TEXTURE1DARRAY", "Texture2D": "TEXTURE2D",
    "Texture2DArray": "TEXTURE2DARRAY", "Texture2DMS<float4>": "TEXTURE2DMS",
    "Texture2DMSArray<float4>": "TEXTURE2DMSARRAY", "Texture3D": "TEXTURE3D", "TextureCube": "TEXTURECUBE",
    "TextureCubeArray": "TEXTURECUBEARRAY", "Buffer<float4>": "BUFFER", "ByteAddressBuffer": "BYTEADDRESS_BUFFER",
    "StructuredBuffer<float4>": "STRUCTURED_BUFFER", "RWTexture1D<float4>": "RWTEXTURE1D",
    "RWTexture1DArray<float4>": "RWTEXTURE1DARRAY", "RWTexture2D<float4>": "RWTEXTURE2D",
    "RWTexture2DArray<float4>": "RWTEXTURE2DARRAY", "RWTexture3D<float4>": "RWTEXTURE3D",
    "RWBuffer<float4>": "RWBUFFER", "RWByteAddressBuffer": "RWBYTEADDRESS_BUFFER",
    "RWStructuredBuffer<float4>": "RWSTRUCTURED_BUFFER", "AppendStructuredBuffer<float4>": "APPEND_STRUCTURED_BUFFER",
    "ConsumeStructuredBuffer<float4>": "CONSUME_STRUCTURED_BUFFER",
}


def test_every_object_type_has_its_shader_variable_type(device):
    import pyd3d11.d3d11 as d3d

    src = "".join(f"{t} v{i};\n" for i, t in enumerate(OBJECT_TYPES))
    eff = _effect(device, src)
    got = {t: eff.GetVariableByName(f"v{i}").GetType().GetDesc() for i, t in enumerate(OBJECT_TYPES)}
    # fxc's fx_5_0 objects name an object type without its template arguments (`Buffer<float4>` is "Buffer":
    # docs/conformance.md "Session 25, helper GEN", rule 6)
    assert {t: (d.TypeName, d.Type) for t, d in got.items()} == {
        t: (t.split("<")[0], getattr(d3d, "D3D_SVT_" + svt)) for t, svt in OBJECT_TYPES.items()}


# HLSL constant packing ("Packing Rules for Constant Variables"): a member that would cross a 16-byte boundary
# starts the next register; an array's elements and a struct start a register; the member after an array
# packs into the array's last register
@pytest.mark.parametrize(("members", "offsets"), [
    ("float3 a; float2 b; float c; float d[2]; float e;", [0, 16, 24, 32, 52]),
    ("float a; float3 b; float2 c; float2 d;", [0, 4, 16, 24]),
    ("float2 a; float3 b; float4 c; float d;", [0, 16, 32, 48]),
    ("float a; float2 b[2]; float c; float2 d;", [0, 16, 40, 48]),
    ("float a; float4x2 m; float b;", [0, 16, 48]),  # column-major: two registers of four rows
    ("float a; row_major float4x2 m; float b;", [0, 16, 72]),  # four registers of two, the last one short
])
def test_struct_member_offsets(device, members: str, offsets: list[int]):
    src = f"struct S {{ {members} }};\ncbuffer C {{ float x; S s; }}\n"
    v = _effect(device, src).GetVariableByName("s")
    assert v.GetDesc().BufferOffset == 16  # a struct starts a register
    assert [v.GetMemberByIndex(k).GetDesc().BufferOffset - 16 for k in range(len(offsets))] == offsets


@pytest.mark.parametrize("decl", ["SamplerState s[3];", "BlendState s[3];", "RasterizerState s[3];",
                                  "DepthStencilState s[3];"])
def test_state_object_arrays_without_blocks_take_the_defaults(device, decl: str):
    assert _effect(device, decl + "\n").GetVariableByName("s").GetType().GetDesc().Elements == 3


@pytest.mark.parametrize(("target", "decl"), [
    ("fx_5_0", "struct S { float3 a; float b; float c; }; cbuffer X { S v; }"),
    ("fx_5_0", "class S { float3 a; float b; float c; }; cbuffer X { S v; }"),
    ("fx_4_0", "struct S { float3 a; float b; float c; }; cbuffer X { S v; }"),
    ("fx_4_0", "class S { float3 a; float b; float c; }; cbuffer X { S v; }"),  # fx_4_x: a class is a plain struct
])
def test_struct_and_class_type_descs(device, target: str, decl: str):
    """D3DX11_EFFECT_TYPE_DESC of a 20-byte aggregate: its name, 3 members, sizes 20 and a 16-byte-rounded stride."""
    blob = bytes(D3DCompile(decl, len(decl), "t.fx", None, None, "", target, 0, 0))
    d = D3DX11CreateEffectFromMemory(blob, len(blob), 0, device).GetVariableByName("v").GetType().GetDesc()
    assert (d.TypeName, d.Members, d.PackedSize, d.UnpackedSize, d.Stride) == ("S", 3, 20, 20, 32)


def test_om_set_render_targets_in_a_pass(device):
    """OMSetRenderTargets(rtv0[, ...], dsv): RenderTargetView[i] and DepthStencilView[0] (Effect Format)."""
    src = ("RenderTargetView rtv; RenderTargetView rtv2; DepthStencilView dsv;\n"
           "technique11 T { pass P { OMSetRenderTargets(rtv, dsv); } pass Q { OMSetRenderTargets(rtv, rtv2, dsv); } }")
    t = _effect(device, src).GetTechniqueByIndex(0)
    assert [t.GetPassByIndex(k).GetDesc().Name for k in range(2)] == ["P", "Q"]


# effects/fx2preshader.py (seed 27, 20 of 78 points): a `<param[k]>` reference's FXLC program moves each register of
# element k -- constant-table component offset 4 * (k * registers + r) -- to result offset 4 * r, one mov per
# register (the module's documented layout: opcode 0x10000000 | components, 1 input, (0, table 2, offset), the
# output (0, table 4, offset)); the rows of a float4x4 are its four registers
def _fxlc(program: bytes) -> list[int]:
    words = list(struct.unpack(f"<{len(program) // 4}I", program))
    i = 1
    while i < len(words):
        if words[i] & 0xFFFF == 0xFFFE:
            n = words[i] >> 16
            if words[i + 1] == int.from_bytes(b"FXLC", "little"):
                return words[i + 2: i + 1 + n]
            i += n + 1
        else:
            i += 1
    raise AssertionError("no FXLC comment")


@pytest.mark.parametrize(("decl", "state", "element", "regs", "comps"), [
    ("float4 p[4];", "LightPosition[0]", 2, 1, 4),
    ("float4 p[4];", "LightPosition[0]", 0, 1, 4),
    ("row_major float4x4 p[3];", "WorldTransform[0]", 1, 4, 4),
    ("row_major float4x4 p[3];", "WorldTransform[0]", 2, 4, 4),
])
def test_fx2_reference_programs_move_each_register_of_the_element(decl: str, state: str, element: int, regs: int,
                                                                  comps: int):
    from pyd3d11.effects.fx2binary import read_fx2

    src = f"{decl}\ntechnique {{ pass {{ {state} = <p[{element}]>; }} }}"
    eff = read_fx2(bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_2_0", 0, 0)))
    (res,) = eff.resources
    code = [w for r in range(regs) for w in (0x10000000 | comps, 1, 0, 2, 4 * (element * regs + r), 0, 4, 4 * r)]
    assert _fxlc(res.data) == [regs, *code, 0xF0F0F0F0, 0x0F0F0F0F]
