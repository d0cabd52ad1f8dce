"""``fxc /T fx_5_0 /Fc``: the effect listing (pyd3d11.effects.listing).

The expected text of Tutorial12.fx is fxc 10.1's listing of the same file as published (the DirectX SDK
effect listings kept as test data by public decompiler projects) — every line outside the two shader ``asm``
blocks, whose contents are our own disassembly of the pass shaders (the state functions' assignments come in
fxc's order: values before the object)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyd3d11.d3dcompiler import (
    D3D_COMPILE_STANDARD_FILE_INCLUDE,
    D3DCompile,
    D3DCompileFromFile,
)
from pyd3d11.effects.binary import read_effect
from pyd3d11.effects.listing import effect_listing
from pyd3d11.shader.dxbc.disasm import disassemble
from pyd3d11.shader.dxbc.listing_dialect import FXC_9_30
from pyd3d11.tools import fxc

pytestmark = pytest.mark.backend_independent  # runs no shader (checked by tests/conftest.py)

DATA = Path(__file__).resolve().parents[1] / "examples" / "effects"  # the SDK effect files, unchanged (MIT)

TUTORIAL12_HEAD = """\
//
// FX Version: fx_5_0
//
// 3 local buffer(s)
//
cbuffer cbConstant
{
    float3  vLightDir = { -0.577000022, 0.577000022, -0.577000022 };// Offset:    0, size:   12
}

cbuffer cbChangesEveryFrame
{
    float4x4 World;                     // Offset:    0, size:   64
    float4x4 View;                      // Offset:   64, size:   64
    float4x4 Projection;                // Offset:  128, size:   64
    float   Time;                       // Offset:  192, size:    4
}

cbuffer cbUserChanges
{
    float   Waviness;                   // Offset:    0, size:    4
}

//
// 6 local object(s)
//
Texture2D g_txDiffuse;
SamplerState samLinear
{
    Filter   = uint(MIN_MAG_MIP_LINEAR /* 21 */);
    AddressU = uint(WRAP /* 1 */);
    AddressV = uint(WRAP /* 1 */);
};
TextureCube g_txEnvMap;
SamplerState samLinearClamp
{
    Filter   = uint(MIN_MAG_MIP_LINEAR /* 21 */);
    AddressU = uint(CLAMP /* 3 */);
    AddressV = uint(CLAMP /* 3 */);
};
DepthStencilState EnableDepth
{
    DepthEnable = bool(TRUE /* 1 */);
    DepthWriteMask = uint(ALL /* 1 */);
    DepthFunc = uint(LESS_EQUAL /* 4 */);
};
BlendState NoBlending
{
    AlphaToCoverageEnable = bool(FALSE /* 0 */);
    BlendEnable[0] = bool(FALSE /* 0 */);
};

//
// 1 groups(s)
//
fxgroup
{
    //
    // 1 technique(s)
    //
    technique11 Render
    {
        pass P0
        {
            VertexShader = asm {
"""

TUTORIAL12_TAIL = """\
            };
            DS_StencilRef = uint(0);
            DepthStencilState = EnableDepth;
            AB_BlendFactor = float4(0, 0, 0, 0);
            AB_SampleMask = uint(0xffffffff);
            BlendState = NoBlending;
        }

    }

}

"""


def compile_fx(path: Path) -> bytes:
    return bytes(D3DCompileFromFile(str(path), None, D3D_COMPILE_STANDARD_FILE_INCLUDE, None, "fx_5_0", 0, 0).GetBufferPointer())


def test_tutorial12_listing_matches_fxc_outside_the_shaders():
    text = effect_listing(compile_fx(DATA / "Tutorial12.fx"))
    assert text.startswith(TUTORIAL12_HEAD)
    assert text.endswith(TUTORIAL12_TAIL)
    assert "            GeometryShader = NULL;\n            PixelShader = asm {\n" in text


def test_pass_shaders_are_their_disassembly_indented():
    blob = compile_fx(DATA / "Tutorial12.fx")
    text = effect_listing(blob)
    eff = read_effect(blob)
    shaders = [a.value for a in eff.groups[0].techniques[0].passes[0].assignments
               if hasattr(a.value, "bytecode") and a.value.bytecode]
    assert len(shaders) == 2
    for sh in shaders:
        # fxc's /Fc listings print constants' default values; the effect listing follows the fxc 9.30 text of
        # Tutorial12's recorded listing, while D3DDisassemble writes d3dcompiler_47 10.1's (session 37,
        # shader/dxbc/listing_dialect.py), so the shaders are compared with the 9.30 dialect's disassembly
        dis = disassemble(sh.bytecode, default_values=True, dialect=FXC_9_30)
        body = "\n".join(("                " + ln).rstrip() if ln.strip() else "                "
                         for ln in dis.rstrip("\n").split("\n"))
        assert body + "\n" + " " * 28 + "\n            };" in text


def test_fx_4_0_lists_techniques_without_groups():
    src = ("cbuffer cb { float4 c; };\nfloat4 VS(float4 p : POSITION) : SV_Position { return p + c; }\n"
           "technique10 T0 { pass P { SetVertexShader(CompileShader(vs_4_0, VS())); SetPixelShader(NULL); } }")
    blob = bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_4_0", 0, 0).GetBufferPointer())
    text = effect_listing(blob)
    assert text.startswith("//\n// FX Version: fx_4_0\n//\n// 1 local buffer(s)\n")
    assert "fxgroup" not in text and "groups(s)" not in text
    assert "//\n// 1 technique(s)\n//\ntechnique10 T0\n{\n    pass P\n    {\n        VertexShader = asm {\n" in text
    assert "        PixelShader = NULL;\n" in text


def test_interfaces_and_bind_interfaces_are_listed():
    src = r"""
interface iC { float3 C(); };
class cA : iC { float3 a; float3 C() { return a; } };
cbuffer cb { cA g_a; };
iC g_i = g_a;
float4 PS(iC c) : SV_Target { return float4(c.C(), 1); }
PixelShader g_ps = CompileShader(ps_5_0, PS());
technique11 T { pass { SetPixelShader(BindInterfaces(g_ps, g_a)); } }"""
    blob = bytes(D3DCompile(src, len(src), "t.fx", None, None, "", "fx_5_0", 0, 0).GetBufferPointer())
    text = effect_listing(blob)
    assert "//\n// 1 local interface(s)\n//\niC g_i = g_a;\n" in text
    assert "    cA      g_a;" in text
    assert "PixelShader g_ps = asm {" in text
    assert "PixelShader = BindInterfaces(asm {" in text and "}, g_a);" in text


def test_fxc_cli_writes_the_effect_listing(tmp_path, capsys):
    out = tmp_path / "t12.txt"
    head = tmp_path / "t12.h"
    assert fxc.main(["/T", "fx_5_0", "/Fc", str(out), "/Fh", str(head), "/Vn", "g_fx",
                     str(DATA / "Tutorial12.fx")]) == 0
    assert out.read_text().startswith(TUTORIAL12_HEAD)
    h = head.read_text()
    assert h.startswith("#if 0\n//\n// FX Version: fx_5_0\n") and "const BYTE g_fx[] =" in h


@pytest.mark.parametrize("name", ["Tutorial11.fx", "Tutorial13.fx", "Tutorial14.fx", "FixedFuncEMU.fx",
                                  "Instancing.fx", "BasicHLSLFX11.fx", "DynamicShaderLinkageFX11.fx"])
def test_every_sdk_effect_lists(name):
    blob = compile_fx(DATA / name)
    text = effect_listing(blob)
    eff = read_effect(blob)
    assert f"// {len(eff.cbuffers)} local buffer(s)" in text
    assert f"// {len(eff.objects)} local object(s)" in text
    n_tech = sum(len(g.techniques) for g in eff.groups)
    assert sum(text.count(f"technique11 {t.name}\n") for g in eff.groups for t in g.techniques) == n_tech
