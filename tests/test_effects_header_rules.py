"""FX11's header rules for every effect target (microsoft/FX11 EffectLoad.cpp CEffectLoader::LoadEffect,
Binary/EffectBinaryFormat.h): the tag is one of g_EffectVersions' (fx_4_0 0xFEFF1001, fx_4_1 0xFEFF1011, fx_5_0
0xFEFF2001) and whatever it is the loader reads sizeof(SBinaryHeader5) = 96 bytes (24 uint32), takes the
unstructured block from offset 96, seeks the structured block at 96 + cbUnstructured, reads cGroups group records
and requires their techniques to add up to cTechniques; pool counts must be 0 and cInlineShaders <= cTotalShaders.
Every failure is E_FAIL (VBA sets hr = E_FAIL; CMemoryStream::Read/Seek return E_FAIL).

Direct3D 10's layout (the 76-byte SBinaryHeader, techniques without groups — what fxc writes for fx_4_x for
d3d10's effect runtime) is not one FX11 reads: such a blob, built here by hand, fails."""

from __future__ import annotations

import struct

import pytest

from pyd3d11 import quick_device
from pyd3d11.d3dcompiler import D3DCompile
from pyd3d11.effects import D3DX11CreateEffectFromMemory
from pyd3d11.errors import E_FAIL, D3D11Error

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

TAGS = {"fx_4_0": 0xFEFF1001, "fx_4_1": 0xFEFF1011, "fx_5_0": 0xFEFF2001}

SOURCES = {
    "empty pass": "technique10 T { pass P { } }",
    "shaders and states": r"""
cbuffer cb { float4 c; float s; };
Texture2D tx; SamplerState sm { Filter = MIN_MAG_MIP_POINT; AddressU = Wrap; };
BlendState bs { BlendEnable[0] = TRUE; SrcBlend = SRC_ALPHA; };  // fx_4_0 takes no SrcBlend index (fxc 10.1)
RasterizerState rs { CullMode = NONE; };
DepthStencilState ds { DepthEnable = FALSE; };
float4 VS(float4 p : POSITION) : SV_Position { return p * s; }
float4 PS(float4 p : SV_Position) : SV_Target { return tx.Sample(sm, p.xy) + c; }
VertexShader vsObj = CompileShader(vs_4_0, VS());
technique10 A { pass P0 { SetVertexShader(vsObj); SetPixelShader(CompileShader(ps_4_0, PS()));
    SetBlendState(bs, float4(0, 0, 0, 0), 0xFFFFFFFF); SetRasterizerState(rs); SetDepthStencilState(ds, 0); } }
technique10 B { pass P0 { SetVertexShader(vsObj); SetPixelShader(NULL); } pass P1 { } }
""",
    "strings and annotations": r"""
string Name = "x";
float4 v < string UIName = "V"; > = { 1, 2, 3, 4 };
technique10 T < int Order = 3; > { pass P < float Weight = 0.5; > { } }
""",
}


def compile_fx(src: str, target: str) -> bytes:
    return bytes(D3DCompile(src, len(src), "h.fx", None, None, "", target, 0, 0).GetBufferPointer())


def words(blob: bytes, start: int, n: int) -> tuple[int, ...]:
    return struct.unpack_from(f"<{n}I", blob, start)


def cstring(blob: bytes, un_start: int, off: int) -> str:
    end = blob.index(b"\0", un_start + off)
    return blob[un_start + off:end].decode()


@pytest.mark.parametrize("target", sorted(TAGS))
@pytest.mark.parametrize("name", sorted(SOURCES))
def test_header_rules_hold(target, name):
    blob = compile_fx(SOURCES[name], target)
    h = words(blob, 0, 24)
    assert h[0] == TAGS[target]
    assert h[4:7] == (0, 0, 0)  # RequiresPool() false: Effects 11 has no pools
    assert h[18] <= h[17]  # cInlineShaders <= cTotalShaders
    assert h[19] >= 1  # techniques live in groups (a null group for technique10/11 outside fxgroup)
    assert 96 + h[8] <= len(blob)  # the structured block starts at sizeof(SBinaryHeader5) + cbUnstructured
    dev, _ = quick_device()
    eff = D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    assert eff.GetDesc().Techniques == h[7]


@pytest.mark.parametrize("target", sorted(TAGS))
def test_structured_block_starts_at_96_for_every_tag(target):
    """One technique with one empty pass: the structured block is exactly the null group {oName 0, cTechniques 1},
    0 annotations, the technique {oName, cPasses 1}, 0 annotations, the pass {oName, cAssignments 0}, 0
    annotations — 9 uint32 right after 96 + cbUnstructured, ending the blob."""
    blob = compile_fx(SOURCES["empty pass"], target)
    h = words(blob, 0, 24)
    start = 96 + h[8]
    assert len(blob) == start + 36
    g_name, n_tech, g_ann, t_name, n_pass, t_ann, p_name, n_assign, p_ann = words(blob, start, 9)
    assert (g_name, n_tech, g_ann, n_pass, t_ann, n_assign, p_ann) == (0, 1, 0, 1, 0, 0, 0)
    assert cstring(blob, 96, t_name) == "T" and cstring(blob, 96, p_name) == "P"
    assert (h[7], h[19]) == (1, 1)


def hand_blob(tag: int, d3d10_layout: bool = False) -> bytes:
    """An effect with technique "T" and pass "P" written here from EffectBinaryFormat.h: the unstructured block is
    b"\\0\\0\\0\\0T\\0P\\0" (offset 0 = no name), then the group/technique/pass records."""
    un = b"\0\0\0\0T\0P\0"
    tech = struct.pack("<6I", 4, 1, 0, 6, 0, 0)  # technique {oName, cPasses}, 0 annotations, pass {oName, 0}, 0
    counts = [tag, 0, 0, 0, 0, 0, 0, 1, len(un)] + [0] * 10  # the 19 words of SBinaryHeader
    if d3d10_layout:
        return struct.pack("<19I", *counts) + un + tech
    counts += [1, 0, 0, 0, 0]  # SBinaryHeader5: cGroups 1, no UAVs, interfaces or class instances
    return struct.pack("<24I", *counts) + un + struct.pack("<3I", 0, 1, 0) + tech


@pytest.mark.parametrize("target", sorted(TAGS))
def test_hand_built_fx11_blob_loads_for_every_tag(target):
    dev, _ = quick_device()
    blob = hand_blob(TAGS[target])
    eff = D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    assert eff.GetDesc().Techniques == 1
    t = eff.GetTechniqueByIndex(0)
    assert t.GetDesc().Name == "T" and t.GetPassByIndex(0).GetDesc().Name == "P"


@pytest.mark.parametrize("target", ["fx_4_0", "fx_4_1"])
def test_d3d10_layout_is_not_loaded(target):
    """The 76-byte header: FX11 reads 20 bytes of the unstructured block as cGroups..cClassInstanceElements (0 here),
    so no group holds the technique and 'technique count mismatch' fails the load with E_FAIL."""
    dev, _ = quick_device()
    blob = hand_blob(TAGS[target], d3d10_layout=True)
    with pytest.raises(D3D11Error) as e:
        D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    assert e.value.hresult == E_FAIL


@pytest.mark.parametrize("tag", [0xFEFF0901, 0xFEFF1000, 0xFEFF2002, 0])
def test_unknown_tags_fail(tag):
    dev, _ = quick_device()
    blob = hand_blob(tag)
    with pytest.raises(D3D11Error) as e:
        D3DX11CreateEffectFromMemory(blob, len(blob), 0, dev)
    assert e.value.hresult == E_FAIL
